"""Every question runs in a process of its own: bounded in time, bounded in number, cancellable.

A solve in OR-Tools' or Z3's C code cannot be interrupted from Python, so a question is never
answered in the server's process: it runs in a child (forked from a server of forks that has the
library imported already, so a child starts in milliseconds), which sends its progress (the
best found and the bound) and its reply through a pipe. Cancelling a job, or a job outliving its
time limit by ``GRACE`` seconds, terminates the child: the CPU is free at once for the next solve.
"""

from __future__ import annotations

import multiprocessing
import secrets
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

#: Seconds a child may run past its time limit before it is ended (its reply is then "undecided").
GRACE = 5.0
#: Finished jobs are kept this long for their poller, then forgotten.
KEEP = 120.0
#: Modules the server of forks imports once, so that each child starts with them loaded.
PRELOAD = ["web.answers", "solver.network.answer", "solver.network.oracle", "model.whitehouse.question",
           "model.socks.io", "solver.socks", "model.social.schema", "model.likes.io"]


def _work(kind: Any, documents: dict[str, Any], time_limit: float, conn: Connection) -> None:
    """The child: answer the question, sending progress and then the reply (or the refusal).
    Ctrl-C at the terminal is the server's to handle: it ends this process."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from model.common.errors import InputError
    from web.answers import answer, error_json

    def progress(snapshot: Any) -> None:
        try:
            conn.send(("progress", {"best": snapshot.best, "bound": snapshot.bound,
                                    "seconds": round(snapshot.seconds, 2)}))
        except OSError:
            pass

    try:
        conn.send(("done", answer(kind, documents, time_limit, progress)))
    except InputError as error:
        conn.send(("refused", error_json(error)))
    except Exception as error:  # the library's own bug: one line, as the CLI reports it
        message = str(error).replace("\n", " ").strip()
        detail = f"{type(error).__name__}: {message}" if message else type(error).__name__
        conn.send(("failed", {"error": f"verify: internal error: {detail} \N{EM DASH} please report it"}))
    finally:
        conn.close()


class Busy(Exception):
    """As many solves are running as the server allows (the page gets 503)."""


@dataclass
class Job:
    """One question being answered."""

    id: str
    kind: str
    time_limit: float
    process: Any
    conn: Connection
    started: float = field(default_factory=time.monotonic)
    #: ``running``, ``done`` (answered), ``refused`` (bad input), ``failed``, ``cancelled`` or
    #: ``timeout`` (ended after its time limit and the grace).
    state: str = "running"
    progress: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    ended: float | None = None

    def view(self) -> dict[str, Any]:
        """The job as the page polls it."""
        seconds = (self.ended or time.monotonic()) - self.started
        out: dict[str, Any] = {"id": self.id, "state": self.state, "seconds": round(seconds, 2),
                               "time_limit": self.time_limit, "progress": self.progress}
        if self.result is not None:
            out["result"] = self.result
        return out


class Jobs:
    """The running and recently finished jobs, at most ``max_running`` running at once."""

    def __init__(self, max_running: int = 2, method: str = "forkserver", grace: float = GRACE) -> None:
        self.max_running = max_running
        self.grace = grace
        self.context: Any = multiprocessing.get_context(method)  # a start method's context (typeshed: BaseContext)
        if method == "forkserver":
            self.context.set_forkserver_preload(PRELOAD)
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.watcher = threading.Thread(target=self._watch, name="verify-jobs", daemon=True)
        self.watcher.start()

    def running(self) -> int:
        with self.lock:
            return sum(1 for job in self.jobs.values() if job.state == "running")

    def start(self, kind: str, documents: dict[str, Any], time_limit: float) -> Job:
        """Start a job, or raise Busy when ``max_running`` are running."""
        with self.lock:
            if sum(1 for job in self.jobs.values() if job.state == "running") >= self.max_running:
                raise Busy()
            ours, theirs = self.context.Pipe(duplex=False)
            process = self.context.Process(target=_work, args=(kind, documents, time_limit, theirs),
                                           name=f"verify-{kind}", daemon=True)
            process.start()
            theirs.close()
            job = Job(secrets.token_hex(8), kind, time_limit, process, ours)
            self.jobs[job.id] = job
            return job

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            job = self.jobs.get(job_id)
            if job is not None:
                self._refresh(job)
            return job

    def cancel(self, job_id: str) -> Job | None:
        """End a running job at once (its state becomes ``cancelled``)."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is not None:
                self._refresh(job)
                if job.state == "running":
                    self._end(job, "cancelled")
            return job

    def close(self) -> None:
        """End every running job (the server is stopping)."""
        self.stopped.set()
        with self.lock:
            for job in self.jobs.values():
                if job.state == "running":
                    self._end(job, "cancelled")

    def _end(self, job: Job, state: str, result: dict[str, Any] | None = None) -> None:
        if job.process.is_alive():
            job.process.terminate()
            job.process.join(1.0)
            if job.process.is_alive():
                job.process.kill()
        job.process.join(1.0)
        job.conn.close()
        job.state, job.result, job.ended = state, result, time.monotonic()

    def _refresh(self, job: Job) -> None:
        """Read what the child sent; end it past its time limit and the grace."""
        if job.state != "running":
            return
        try:
            while job.conn.poll():
                what, value = job.conn.recv()
                if what == "progress":
                    job.progress = value
                else:
                    self._end(job, what, value)
                    return
        except (EOFError, OSError):
            self._end(job, "failed", {"error": "verify: internal error: the solve ended without an answer"})
            return
        if time.monotonic() - job.started > job.time_limit + self.grace:
            self._end(job, "timeout", {"exit": 3, "undecided": (
                f"undecided: no answer within the time limit of {job.time_limit:g} s")})

    def _watch(self) -> None:
        """Every tenth of a second: read every running job, forget old finished ones."""
        while not self.stopped.wait(0.1):
            with self.lock:
                now = time.monotonic()
                for job_id, job in list(self.jobs.items()):
                    self._refresh(job)
                    if job.ended is not None and now - job.ended > KEEP:
                        del self.jobs[job_id]
