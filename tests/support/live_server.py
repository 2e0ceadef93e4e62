"""A real server for the page's tests: `verify serve` as a process (what a user runs), or the
application under uvicorn in a thread (when a test needs settings the command does not offer);
raw HTTP to it, and the processes it started."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

from web_support import VERIFY


def start_serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    """`verify serve --port 0 ARGS` started; (the process, the address it printed)."""
    process = subprocess.Popen([VERIFY, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline() if process.stdout else ""
    match = re.search(r"http://\S+/(\?token=[\w-]+)?", line)
    assert match, (line, process.stderr.read() if process.poll() is not None and process.stderr else "")
    return process, match.group(0)


def interrupt(process: subprocess.Popen[str]) -> tuple[int, str]:
    """Ctrl-C; (the exit status, standard error)."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, process.stderr.read() if process.stderr else ""


def request(method: str, url: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request: (status, headers in lower case, body)."""
    sent = urllib.request.Request(url, body, headers or {}, method=method)
    try:
        with urllib.request.urlopen(sent, timeout=60) as reply:
            return reply.status, {k.lower(): v for k, v in reply.headers.items()}, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


@contextlib.contextmanager
def threaded(settings: Any) -> Iterator[tuple[int, Any]]:
    """The application with ``settings`` (its hosts and origins made for the port it gets) served
    by uvicorn in a thread on 127.0.0.1; yields (port, the application)."""
    import uvicorn

    from web.app import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    settings = dataclasses.replace(settings, allowed_hosts=frozenset({f"127.0.0.1:{port}"}),
                                   origins=frozenset({f"http://127.0.0.1:{port}"}))
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", log_config=None))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started and time.monotonic() < end:
        time.sleep(0.01)
    try:
        yield port, app
    finally:
        server.should_exit = True
        thread.join(20)
        sock.close()


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them, and so on (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="latin-1") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, ended but not yet reaped, is not running)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="latin-1") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
