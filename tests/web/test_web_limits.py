"""The page is safe by default: the Host header and the token are checked, no other origin is
answered, and every limit holds (body size, time per solve, solves at once); a long solve shows
its progress, can be cancelled (its process ends) and a new solve then finishes in its own time."""

from __future__ import annotations

import json
import time
import warnings

import pytest
from web_extra import require_web_extra

require_web_extra()
with warnings.catch_warnings():  # Starlette 1.x would have httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from web_support import hard_network  # noqa: E402

from web.app import Settings, create_app  # noqa: E402

SEVEN = {"supporters": [11, 12, 13], "events": [{"id": "Leak", "supporters": [11, 12, 13, 40]},
                                                {"id": "Summit", "supporters": [11, 13, 52]},
                                                {"id": "Hearing", "supporters": [12, 13]}]}
HOSTS = frozenset({"testserver", "127.0.0.1:8765"})


@pytest.fixture(scope="module")
def guarded():
    app = create_app(Settings(allowed_hosts=HOSTS, token="s3cret-token", max_body=4096, time_limit=10.0,
                              max_solves=1, grace=3.0))
    with TestClient(app) as client:
        yield client, app


def test_every_request_without_the_token_is_refused(guarded):
    client, _ = guarded
    for method, path in (("GET", "/"), ("GET", "/static/app.js"), ("GET", "/api/info"), ("POST", "/api/tricks")):
        reply = client.request(method, path)
        assert reply.status_code == 403, path
        assert reply.json()["error"].startswith("verify: this page needs the token")
    assert client.get("/?token=wrong").status_code == 403
    assert client.get("/api/info", headers={"X-Verify-Token": "s3cret-tokeN"}).status_code == 403


def test_the_token_in_the_address_sets_a_cookie_that_opens_the_rest(guarded):
    client, _ = guarded
    page = client.get("/?token=s3cret-token")
    assert page.status_code == 200
    cookie = page.headers["set-cookie"]
    assert "verify_token=s3cret-token" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert client.get("/api/info", headers={"Cookie": "verify_token=s3cret-token"}).status_code == 200
    assert client.get("/api/info", headers={"X-Verify-Token": "s3cret-token"}).status_code == 200
    client.cookies.clear()


def test_a_host_header_that_names_another_server_is_refused(guarded):
    client, _ = guarded
    for host in ("evil.example", "evil.example:8765", "127.0.0.1:9999", ""):
        reply = client.get("/?token=s3cret-token", headers={"Host": host})
        assert reply.status_code == 421, host
        assert reply.json()["error"].startswith("verify: this server does not answer for host")
    assert client.get("/?token=s3cret-token", headers={"Host": "127.0.0.1:8765"}).status_code == 200
    client.cookies.clear()


def test_another_origin_is_refused_and_no_cors_header_is_sent(guarded):
    client, _ = guarded
    token = {"X-Verify-Token": "s3cret-token"}
    reply = client.post("/api/tricks", json=SEVEN, headers={**token, "Origin": "http://evil.example"})
    assert reply.status_code == 403 and "cross-origin" in reply.json()["error"]
    preflight = client.options("/api/tricks", headers={**token, "Origin": "http://evil.example",
                                                       "Access-Control-Request-Method": "POST"})
    assert not any(h.startswith("access-control-") for h in preflight.headers)
    same = client.post("/api/tricks", json=SEVEN, headers={**token, "Origin": "http://testserver"})
    assert same.status_code == 200 and same.json()["answer"]["tricks"] == 7
    assert not any(h.startswith("access-control-") for h in same.headers)


def test_a_body_beyond_the_limit_is_413_whether_declared_or_streamed(guarded):
    client, _ = guarded
    token = {"X-Verify-Token": "s3cret-token"}
    big = json.dumps({**SEVEN, "note": "x" * 5000})
    reply = client.post("/api/tricks", content=big, headers=token)
    assert reply.status_code == 413 and reply.json()["error"] == "verify: request body is larger than the 4 KiB limit"

    def chunks():
        for _ in range(10):
            yield b" " * 1000

    streamed = client.post("/api/tricks", content=chunks(), headers={**token, "Content-Type": "application/json"})
    assert streamed.status_code == 413


def test_a_time_limit_beyond_the_servers_is_refused(guarded):
    client, _ = guarded
    token = {"X-Verify-Token": "s3cret-token"}
    for value in ("11", "0", "-1", "nan", "inf", "soon"):
        reply = client.post(f"/api/tricks?time_limit={value}", json=SEVEN, headers=token)
        assert reply.status_code == 400, value
        assert reply.json()["error"].startswith(f"verify: time_limit: '{value}' is not a number of seconds")


def _wait(client, job_id, token, state="running", seconds=15.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        view = client.get(f"/api/jobs/tricks/{job_id}", headers=token).json()
        if view["state"] != "running" or (state == "progress" and view["progress"]):
            return view
        time.sleep(0.1)
    raise AssertionError(f"the solve is still {view['state']} after {seconds} s")


def test_a_long_solve_shows_progress_is_cancelled_and_a_new_solve_then_finishes(guarded):
    client, app = guarded
    token = {"X-Verify-Token": "s3cret-token"}
    started = client.post("/api/jobs/tricks", json=hard_network(), headers=token)
    assert started.status_code == 202
    job_id = started.json()["id"]
    view = _wait(client, job_id, token, "progress")
    assert view["state"] == "running" and view["progress"]["bound"] >= (view["progress"]["best"] or 0)
    # One solve at a time on this server: a second one is refused while the first runs.
    busy = client.post("/api/tricks", json=SEVEN, headers=token)
    assert busy.status_code == 503 and busy.json()["error"].startswith("verify: busy: 1 solves are running")
    process = app.jobs.jobs[job_id].process
    cancelled = client.delete(f"/api/jobs/tricks/{job_id}", headers=token).json()
    assert cancelled["state"] == "cancelled"
    assert not process.is_alive(), "the solve's process is ended, not left running"
    began = time.monotonic()
    reply = client.post("/api/tricks?time_limit=5", json=SEVEN, headers=token)
    assert reply.status_code == 200 and reply.json()["answer"]["tricks"] == 7
    assert time.monotonic() - began < 5 + 3.0


def test_a_solve_that_outlives_its_time_limit_is_ended(guarded):
    client, app = guarded
    token = {"X-Verify-Token": "s3cret-token"}
    # The solver stops itself at its limit; a grace below zero ends its process before then.
    jobs = app.jobs
    jobs.grace = -1.5
    try:
        job = jobs.start("tricks", {"network": hard_network()}, 2.0)
        view = _wait(client, job.id, token, seconds=10)
    finally:
        jobs.grace = 3.0
    assert view["state"] == "timeout"
    assert view["result"] == {"exit": 3, "undecided": "undecided: no answer within the time limit of 2 s"}
    assert not job.process.is_alive()
    assert view["seconds"] < 1.5


def test_an_unproven_solve_within_its_limit_is_undecided_with_the_best_found(guarded):
    client, _ = guarded
    token = {"X-Verify-Token": "s3cret-token"}
    reply = client.post("/api/tricks?time_limit=1", json=hard_network(), headers=token)
    assert reply.status_code == 200
    body = reply.json()
    assert body["exit"] == 3 and body["answer"]["status"] == "unproven"
    assert body["answer"]["tricks"] <= body["answer"]["bound"]
