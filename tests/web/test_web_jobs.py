"""Quick questions never wait behind solves: only a question that takes a time limit holds one of
the ``--solves`` slots; a quick one runs beside the solves, or waits briefly in a bounded queue;
a refusal is 503 with ``Retry-After``. And nothing lingers: the workers end with the server even
when it is killed, a client that hangs up mid-body is one log line, a body that trickles in is
refused after the body timeout."""

from __future__ import annotations

import json
import re
import signal
import socket
import time
import warnings

import pytest
from web_extra import require_web_extra

require_web_extra()
with warnings.catch_warnings():  # Starlette 1.x would have httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from live_server import alive, descendants, interrupt, request, start_serve, threaded  # noqa: E402
from web_support import hard_network  # noqa: E402

from model.common.question import all_questions  # noqa: E402
from web.app import Settings, create_app, runs_long  # noqa: E402
from web.jobs import Busy, Jobs  # noqa: E402

SOCKS = {"players": [{"name": "Ana", "sets": {"3": [1]}}, {"name": "Bo", "sets": {"4": [1]}}]}
LIKE = {"players": ["Ana", "Bo"], "galleries": [], "player": "Ana", "gallery": "g"}


def test_a_question_runs_long_when_it_is_declared_with_a_time_limit():
    for question in all_questions():
        assert runs_long(question.name) == (question.shared("time_limit") is not None), question.name
    assert [kind for kind in ("tricks", "socks", "like", "round", "moves", "move") if runs_long(kind)] == [
        "tricks", "moves", "move"]
    assert runs_long("a-question-nobody-declared"), "what is not declared counts as a solve"


@pytest.fixture(scope="module")
def one_solve():
    with TestClient(create_app(Settings(allowed_hosts=frozenset({"testserver"}), max_solves=1, time_limit=20.0,
                                        grace=2.0))) as client:
        yield client


def test_quick_questions_are_answered_while_every_solve_slot_is_taken(one_solve):
    started = one_solve.post("/api/jobs/tricks?time_limit=20", json=hard_network())
    assert started.status_code == 202
    job = started.json()["id"]
    try:
        for _ in range(3):
            began = time.monotonic()
            reply = one_solve.post("/api/socks", json=SOCKS)
            assert reply.status_code == 200, reply.text
            assert time.monotonic() - began < 10
        assert one_solve.post("/api/social/like", json=LIKE).status_code in (200, 400)
        health = one_solve.get("/api/health").json()
        assert health["running"] == 1 and health["max_solves"] == 1
    finally:
        one_solve.delete(f"/api/jobs/tricks/{job}")


def test_a_solve_beyond_the_slots_is_503_with_retry_after(one_solve):
    started = one_solve.post("/api/jobs/tricks?time_limit=3", json=hard_network())
    assert started.status_code == 202
    try:
        for path in ("/api/tricks", "/api/jobs/tricks"):
            busy = one_solve.post(path, json=hard_network())
            assert busy.status_code == 503
            wait = busy.headers["retry-after"]
            assert re.fullmatch(r"[1-5]", wait), wait
            assert busy.json()["retry_after"] == int(wait)
            assert busy.json()["error"].startswith("verify: busy: 1 solves are running")
    finally:
        one_solve.delete(f"/api/jobs/tricks/{started.json()['id']}")


def test_quick_questions_beyond_their_slots_wait_in_a_bounded_queue():
    jobs = Jobs(max_solves=1, max_quick=1, max_queued=2, grace=2.0)
    try:
        first = [jobs.start("socks", {"socks": SOCKS}, 20.0, long=False) for _ in range(3)]
        assert [job.state for job in first] == ["running", "queued", "queued"]
        assert first[1].view()["state"] == "running" and first[1].view()["queued"] is True
        with pytest.raises(Busy) as refused:
            jobs.start("socks", {"socks": SOCKS}, 20.0, long=False)
        assert refused.value.retry_after == 1
        for job in first:
            assert job.finished.wait(30), job.state
            assert job.state == "done" and job.result and job.result["exit"] == 0
        assert jobs.counts() == {"running": 0, "quick": 0, "queued": 0}
        # A queued question cancelled never starts.
        waiting = [jobs.start("socks", {"socks": SOCKS}, 20.0, long=False) for _ in range(3)]
        assert jobs.cancel(waiting[2].id).state == "cancelled" and waiting[2].process is None
        assert waiting[1].finished.wait(30) and waiting[1].state == "done"
    finally:
        jobs.close()


def test_a_solve_runs_at_a_lower_priority_than_the_server():
    jobs = Jobs(max_solves=1, grace=2.0, niceness=7)
    try:
        job = jobs.start("tricks", {"network": hard_network()}, 20.0)
        end = time.monotonic() + 20
        while jobs.get(job.id).progress is None and time.monotonic() < end:
            time.sleep(0.05)
        with open(f"/proc/{job.process.pid}/stat", encoding="latin-1") as stat:
            nice = int(stat.read().rsplit(")", 1)[1].split()[16])
        with open("/proc/self/stat", encoding="latin-1") as stat:
            ours = int(stat.read().rsplit(")", 1)[1].split()[16])
        assert nice == min(19, ours + 7)
    finally:
        jobs.close()


def test_the_workers_end_with_the_server_even_when_it_is_killed():
    process, url = start_serve("--solves", "2", "--time-limit", "60")
    try:
        ids = []
        for seed in (1, 2):
            status, _, body = request("POST", f"{url}api/jobs/tricks", json.dumps(hard_network(seed=seed)).encode(),
                                      {"Content-Type": "application/json"})
            assert status == 202
            ids.append(json.loads(body)["id"])
        end = time.monotonic() + 20
        while time.monotonic() < end:
            views = [json.loads(request("GET", f"{url}api/jobs/tricks/{i}")[2]) for i in ids]
            if all(v["progress"] for v in views):
                break
            time.sleep(0.1)
        workers = descendants(process.pid)
        assert len(workers) >= 3, "the server of forks and two solves"
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        end = time.monotonic() + 5
        while any(alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.05)
        assert not [pid for pid in workers if alive(pid)], "a worker outlived its server"
        stderr = process.stderr.read()  # every worker's copy of it is closed: they are gone
        assert "Traceback" not in stderr, stderr
    finally:
        if process.poll() is None:
            process.kill()


def _raw(port: int, head: str, body: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(head.encode("latin-1") + b"\r\n" + body)
    return sock


def _post_head(host: str, path: str, length: int) -> str:
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\n")


def test_a_client_hanging_up_mid_body_is_one_quiet_log_line():
    process, url = start_serve()
    host = url.split("/")[2]
    port = int(host.split(":")[1])
    sock = _raw(port, _post_head(host, "/api/socks", 1000), b'{"players": [')
    time.sleep(0.3)
    sock.close()
    time.sleep(1.0)
    status, _, _ = request("POST", f"{url}api/socks", json.dumps(SOCKS).encode(), {"Content-Type": "application/json"})
    assert status == 200, "the server answers on"
    code, stderr = interrupt(process)
    assert code == 130
    assert stderr.splitlines() == [
        "WARNING:  verify: a client hung up before its request was read (POST /api/socks); nothing was answered",
        "verify: interrupted"], stderr


def test_a_body_that_trickles_in_is_refused_after_the_body_timeout():
    with threaded(Settings(body_timeout=1.0)) as (port, _):
        sock = _raw(port, _post_head(f"127.0.0.1:{port}", "/api/socks", 200), b"{")
        began, reply = time.monotonic(), b""
        sock.settimeout(0.25)
        while time.monotonic() - began < 8 and not reply.endswith(b"}"):
            try:
                sock.sendall(b" ")  # a byte at a time, never the whole body
            except OSError:
                pass
            try:
                chunk = sock.recv(4096)
            except TimeoutError:
                continue
            if not chunk:
                break
            reply += chunk
        took = time.monotonic() - began
        sock.close()
    assert reply.startswith(b"HTTP/1.1 408 "), reply
    assert reply.split(b"\r\n\r\n", 1)[1] == b'{"error":"verify: the request body did not arrive within 1 s"}'
    assert 0.9 < took < 4


def test_a_whole_body_is_answered_however_long_the_answer_takes():
    with threaded(Settings(body_timeout=1.0, time_limit=20.0, max_solves=1)) as (port, _):
        status, _, body = request("POST", f"http://127.0.0.1:{port}/api/tricks?time_limit=2",
                                  json.dumps(hard_network()).encode(), {"Content-Type": "application/json"})
    assert status == 200 and json.loads(body)["exit"] == 3, "the answer outlasts the body timeout"


def test_a_quick_worker_answers_one_question_after_another_and_is_ended_past_a_time_limit():
    jobs = Jobs(max_solves=1, max_quick=1, grace=2.0)
    try:
        first, second = (jobs.start("socks", {"socks": SOCKS}, 20.0, long=False) for _ in range(2))
        assert first.finished.wait(30) and second.finished.wait(30)
        assert first.state == second.state == "done"
        assert first.process.pid == second.process.pid, "the same worker, no process per question"
        jobs.grace = -100.0  # the question is past its time limit from the start
        late = jobs.start("socks", {"socks": SOCKS}, 1.0, long=False)
        assert jobs.get(late.id).state == "timeout"
        assert not late.process.is_alive(), "its worker is ended with it"
        jobs.grace = 2.0
        after = jobs.start("socks", {"socks": SOCKS}, 20.0, long=False)
        assert after.finished.wait(30) and after.state == "done" and after.process.pid != late.process.pid
    finally:
        jobs.close()
    assert not after.process.is_alive(), "closing the jobs ends the idle workers"


def test_a_page_that_goes_away_mid_solve_ends_the_solve():
    process, url = start_serve()
    try:
        host = url.split("/")[2]
        body = json.dumps(hard_network()).encode()
        sock = _raw(int(host.split(":")[1]), _post_head(host, "/api/tricks?time_limit=30", len(body)), body)
        end = time.monotonic() + 20
        while json.loads(request("GET", f"{url}api/health")[2])["running"] != 1 and time.monotonic() < end:
            time.sleep(0.05)
        workers = descendants(process.pid)
        sock.close()
        end = time.monotonic() + 5
        while json.loads(request("GET", f"{url}api/health")[2])["running"] and time.monotonic() < end:
            time.sleep(0.05)
        assert json.loads(request("GET", f"{url}api/health")[2])["running"] == 0
        assert len([pid for pid in workers if alive(pid)]) < len(workers), "the solve's process is ended"
    finally:
        code, stderr = interrupt(process)
    assert code == 130 and stderr.splitlines() == ["verify: interrupted"], stderr
