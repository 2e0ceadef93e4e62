"""What a page of another site could send is refused: an Origin is compared with scheme, host and
port exactly (a page on port 80 of the same machine is another origin), and a question's body
must be declared JSON, which no form of another site can post without a preflight."""

from __future__ import annotations

import json
import socket
import warnings

import pytest
from web_extra import require_web_extra

require_web_extra()
with warnings.catch_warnings():  # Starlette 1.x would have httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from live_server import interrupt, request, start_serve  # noqa: E402

from web.app import Settings, create_app  # noqa: E402
from web.serve import _names, _origins  # noqa: E402

SOCKS = {"players": [{"name": "Ana", "sets": {"3": [1]}}, {"name": "Bo", "sets": {"4": [1]}}]}
PORT = 8765


@pytest.fixture(scope="module")
def loopback():
    """The application as `verify serve` makes it on 127.0.0.1 port 8765."""
    settings = Settings(allowed_hosts=_names("127.0.0.1", PORT, False, None),
                        origins=_origins("127.0.0.1", PORT, False, None), max_solves=1)
    with TestClient(create_app(settings), base_url=f"http://127.0.0.1:{PORT}") as client:
        yield client


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8765", "http://localhost:8765", "http://[::1]:8765"])
def test_the_servers_own_origin_is_answered(loopback, origin):
    reply = loopback.post("/api/socks", json=SOCKS, headers={"Origin": origin})
    assert reply.status_code == 200, reply.text
    assert not any(h.startswith("access-control-") for h in reply.headers)


@pytest.mark.parametrize("origin", [
    "http://localhost", "http://127.0.0.1", "http://127.0.0.1:80", "http://[::1]",  # port 80 of this machine
    "https://127.0.0.1:8765", "http://127.0.0.1:8766", "http://localhost:87650", "http://127.0.0.1:8765.evil.example",
    "http://evil.example:8765", "null", ""])
def test_every_other_origin_is_refused(loopback, origin):
    reply = loopback.post("/api/socks", json=SOCKS, headers={"Origin": origin})
    assert reply.status_code == 403, origin
    assert reply.json()["error"] == f"verify: requests from {origin!r} are refused (no cross-origin use)"


def test_on_every_address_the_origins_carry_the_port():
    hostname = socket.gethostname().lower()
    origins = _origins("0.0.0.0", PORT, True, "192.168.1.20")
    assert {"http://192.168.1.20:8765", f"http://{hostname}:8765", f"http://{hostname}.local:8765",
            "http://127.0.0.1:8765", "http://localhost:8765"} <= origins
    assert not {"http://192.168.1.20", f"http://{hostname}", "http://localhost", "http://127.0.0.1"} & origins
    assert all(origin.endswith(":8765") for origin in origins)
    assert "http://192.168.1.20" in _origins("0.0.0.0", 80, True, "192.168.1.20"), "port 80: no port in the origin"


def test_verify_serve_refuses_the_origin_of_port_80_of_its_own_host():
    process, url = start_serve()
    try:
        port = url.split(":")[2].rstrip("/")
        for origin, wanted in (("http://127.0.0.1", 403), ("http://localhost", 403), (f"http://127.0.0.1:{port}", 200)):
            status, _, _ = request("POST", f"{url}api/socks", json.dumps(SOCKS).encode(),
                                   {"Content-Type": "application/json", "Origin": origin})
            assert status == wanted, origin
    finally:
        interrupt(process)


@pytest.mark.parametrize("content_type", [None, "text/plain", "text/plain; charset=utf-8",
                                          "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                          "application/jsonx", "json"])
@pytest.mark.parametrize("path", ["/api/socks", "/api/jobs/socks", "/api/tricks"])
def test_a_question_not_declared_json_is_refused(loopback, path, content_type):
    headers = {"Origin": f"http://127.0.0.1:{PORT}"}
    if content_type is not None:
        headers["Content-Type"] = content_type
    reply = loopback.post(path, content=json.dumps(SOCKS), headers=headers)
    assert reply.status_code == 415, reply.text
    declared = content_type.partition(";")[0] if content_type else "no Content-Type"
    assert reply.json()["error"] == ("verify: a question's body is JSON, sent as Content-Type: application/json "
                                     f"(not {declared})")


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8", "Application/JSON"])
def test_a_question_declared_json_is_answered(loopback, content_type):
    reply = loopback.post("/api/socks", content=json.dumps(SOCKS), headers={"Content-Type": content_type})
    assert reply.status_code == 200, reply.text
    assert reply.json()["exit"] == 0
