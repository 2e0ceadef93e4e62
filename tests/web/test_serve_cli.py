"""`verify serve`: prints its address and serves the page; 127.0.0.1 by default with no token,
0.0.0.0 with a token in the printed address; one line and exit 2 for a port in use, a missing
extra or a bad catalogue; Ctrl-C ends it with exit 130."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from web_extra import require_web_extra
from web_support import VERIFY

require_web_extra()


def start(*args: str, env: dict | None = None) -> tuple[subprocess.Popen, str]:
    """`verify serve ARGS` started; (the process, the first address it printed)."""
    process = subprocess.Popen([VERIFY, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    line = process.stdout.readline()
    match = re.search(r"http://\S+/(\?token=[\w-]+)?", line)
    assert match, (line, process.stderr.read() if process.poll() is not None else "")
    return process, match.group(0)


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def interrupt(process: subprocess.Popen) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, process.stderr.read()


def test_serve_binds_loopback_answers_the_page_and_ends_with_130_on_ctrl_c():
    process, url = start()
    try:
        assert url.startswith("http://127.0.0.1:") and "token" not in url
        status, page = get(url)
        assert status == 200 and "<title>verify" in page
        port = url.split(":")[2].rstrip("/")
        status, body = get(url + "api/info", host=f"attacker.example:{port}")
        assert status == 421 and "does not answer for host" in json.loads(body)["error"]
        status, body = get(url + "api/health")
        assert status == 200 and json.loads(body)["max_solves"] == 2
    finally:
        code, stderr = interrupt(process)
    assert code == 130
    assert stderr.strip() == "verify: interrupted"


def test_serve_on_every_address_prints_a_token_and_refuses_requests_without_it():
    process, url = start("--host", "0.0.0.0")
    try:
        assert "?token=" in url
        token = url.split("?token=")[1]
        port = re.search(r":(\d+)/", url).group(1)
        local = f"http://127.0.0.1:{port}/"
        status, body = get(local + "api/info")
        assert status == 403 and "token" in json.loads(body)["error"]
        assert get(f"{local}?token={token}")[0] == 200
        assert get(f"{local}api/info?token={token}")[0] == 200
        assert get(f"{local}api/info?token={token}", host=f"rebound.example:{port}")[0] == 421
    finally:
        interrupt(process)


def test_a_port_in_use_is_one_line_and_exit_2():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        done = subprocess.run([VERIFY, "serve", "--port", str(port)], capture_output=True, text=True, timeout=60)
    finally:
        holder.close()
    assert done.returncode == 2
    assert done.stderr == f"verify: --port: port {port} on 127.0.0.1 is in use: choose another with --port\n"
    assert done.stdout == ""


def test_without_the_web_extra_serve_names_it_in_one_line(tmp_path: Path):
    fake = tmp_path / "starlette"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'starlette'\", name='starlette')\n")
    import os

    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run([VERIFY, "serve"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2
    assert done.stderr == "verify: serve: needs the web extra: pip install 'tabletop-verify[web]'\n"


def test_a_bad_catalogue_is_one_line_and_exit_2(tmp_path: Path):
    bad = tmp_path / "cards.json"
    bad.write_text('{"cards": "none"}')
    for flag, wanted in ((f"socks={bad}", f"verify: {bad}: "), ("poker=x.json", "verify: --catalogue: no catalogue for 'poker'"),
                         ("socks", "verify: --catalogue: 'socks' is not GAME=FILE")):
        done = subprocess.run([VERIFY, "serve", "--port", "0", "--catalogue", flag], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(wanted) and done.stderr.count("\n") == 1, done.stderr


def test_a_catalogue_given_is_the_one_the_page_offers(tmp_path: Path):
    from importlib.resources import files

    cards = json.loads((files("model.socks") / "data" / "socks-sample-catalogue.json").read_text())
    cards["cards"] = cards["cards"][:20]
    path = tmp_path / "socks-cards.json"
    path.write_text(json.dumps(cards))
    process, url = start("--catalogue", f"socks={path}")
    try:
        time.sleep(0.1)
        status, body = get(url + "api/info")
        assert status == 200 and json.loads(body)["catalogues"]["socks"] == cards
    finally:
        interrupt(process)
