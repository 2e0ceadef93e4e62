"""Every question runs outside the server's process: bounded in time, bounded in number, cancellable.

A solve in OR-Tools' or Z3's C code cannot be interrupted from Python, so a question is never
answered in the server's process: it runs in a child (forked from a server of forks that has the
library imported already, so a child starts in milliseconds), which sends its progress (the
best found and the bound) and its reply through a pipe. Cancelling a job, or a job outliving its
time limit by ``GRACE`` seconds, terminates the child: the CPU is free at once for the next solve.

Two kinds of job share the machine. A *solve* (a question that takes a time limit: it can run
long) runs in a child of its own, takes one of ``max_solves`` slots, and beyond them is refused
at once (``Busy``, with the seconds to wait before asking again); it runs at a lower priority
than the server. A *quick* question (a score, a ruling: no time limit of its own) never waits for
a solve: one of ``max_quick`` workers answers it at once, or it waits its turn in a queue of at
most ``max_queued``. A worker answers one quick question after another (a fork per question
would cost more than the answer); one past its time limit, or cancelled, is ended like a solve.

Every child watches a lifeline, a pipe whose only writing end the server holds: if the server
dies, even by SIGKILL, the pipe closes and the children end at once, quietly.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, Literal

#: Seconds a child may run past its time limit before it is ended (its reply is then "undecided").
GRACE = 5.0
#: Finished jobs are kept this long for their poller, then forgotten.
KEEP = 120.0
#: Modules the server of forks imports once, so that each child starts with them loaded.
PRELOAD = ["web.answers", "solver.network.answer", "solver.network.oracle", "model.whitehouse.question",
           "model.whitehouse.picture", "model.whitehouse.network.report", "model.socks.io", "solver.socks",
           "model.socks.picture", "model.socks.report", "model.social.io", "model.social.engine",
           "model.social.report", "model.likes.io", "model.likes.engine", "model.likes.picture",
           "model.likes.report", "solver.seams", "model.whitehouse.questions", "model.socks.questions",
           "model.social.questions", "model.likes.questions"]
#: A refused solve is told to come back in at most this many seconds (a solve often ends well
#: before its time limit, and the page asks again by itself).
RETRY_AFTER_MOST = 5


def _watch_lifeline(lifeline: Connection) -> None:
    """End this process, quietly, the moment the server's end of the lifeline closes."""

    def watch() -> None:
        try:
            lifeline.poll(None)  # nothing is ever written: this returns when the server is gone
        except OSError:
            pass
        os._exit(0)

    threading.Thread(target=watch, name="verify-lifeline", daemon=True).start()


def _reply(kind: Any, documents: dict[str, Any], time_limit: float,
           progress: Callable[[Any], None] | None) -> tuple[str, Any]:
    """The question answered: ``("done", reply)``, ``("refused", error)`` for bad input, or
    ``("failed", error)`` for the library's own bug (one line, as the CLI reports it)."""
    from model.common.errors import InputError
    from model.common.question import internal_error_line
    from web.answers import answer, error_json

    try:
        return "done", answer(kind, documents, time_limit, progress)
    except InputError as error:
        return "refused", error_json(error)
    except Exception as error:
        return "failed", {"error": f"verify: {internal_error_line(error)}"}


def _child(lifeline: Connection, niceness: int) -> None:
    """What every child does first: leave Ctrl-C at the terminal to the server (which ends it),
    end with the server (its lifeline), and yield the CPU to the server as told."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _watch_lifeline(lifeline)
    if niceness:
        os.nice(niceness)


def _work(kind: Any, documents: dict[str, Any], time_limit: float, conn: Connection, lifeline: Connection,
          niceness: int) -> None:
    """A solve's child: answer the question, sending progress and then the reply. A reply nobody
    reads (the server is ending this job, or gone) is dropped without a word."""
    _child(lifeline, niceness)

    def progress(snapshot: Any) -> None:
        try:
            conn.send(("progress", {"best": snapshot.best, "bound": snapshot.bound,
                                    "seconds": round(snapshot.seconds, 2)}))
        except OSError:
            pass

    try:
        conn.send(_reply(kind, documents, time_limit, progress))
    except OSError:
        pass
    finally:
        conn.close()


def _serve_quick(conn: Connection, lifeline: Connection) -> None:
    """A quick worker: answer one question after another, each ``(kind, documents, time_limit)``
    received, until the server closes the pipe (or ends this process: a question past its time
    limit, or cancelled)."""
    _child(lifeline, 0)
    try:
        while True:
            kind, documents, time_limit = conn.recv()
            conn.send(_reply(kind, documents, time_limit, None))
    except (EOFError, OSError):
        pass


def _stop(process: Any) -> None:
    """End a child process: terminated, killed when it has not ended a second later, reaped."""
    if process.is_alive():
        process.terminate()
        process.join(1.0)
        if process.is_alive():
            process.kill()
    process.join(1.0)


class Busy(Exception):
    """No slot and no place in the queue: the page gets 503 with ``Retry-After``."""

    def __init__(self, line: str, retry_after: int) -> None:
        super().__init__(line)
        #: The one line the page shows.
        self.line = line
        #: Whole seconds to wait before asking again.
        self.retry_after = retry_after


State = Literal["queued", "running", "done", "refused", "failed", "cancelled", "timeout"]


@dataclass
class Job:
    """One question being answered."""

    id: str
    kind: str
    time_limit: float
    #: True for a solve (it can run long: it takes one of the solve slots).
    long: bool = True
    #: The documents, kept until the job leaves the queue.
    documents: dict[str, Any] | None = None
    #: The child process and the reading end of its pipe (None while queued): a solve's own, or
    #: the quick worker answering it.
    process: Any = None
    conn: Connection | None = None
    worker: Worker | None = None
    #: When it was asked, and when its process started.
    asked: float = field(default_factory=time.monotonic)
    started: float = field(default_factory=time.monotonic)
    #: ``queued`` (a quick question waiting for a slot), ``running``, ``done`` (answered),
    #: ``refused`` (bad input), ``failed``, ``cancelled`` or ``timeout`` (ended after its time
    #: limit and the grace).
    state: State = "running"
    progress: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    ended: float | None = None
    #: Set once the job has ended (any state but ``queued`` and ``running``).
    finished: threading.Event = field(default_factory=threading.Event)
    #: Called once, from any thread, when the job ends.
    on_end: list[Callable[[], object]] = field(default_factory=list)

    @property
    def active(self) -> bool:
        """Queued or running."""
        return self.state in ("queued", "running")

    def view(self) -> dict[str, Any]:
        """The job as the page polls it (a queued job is shown running, with ``queued``)."""
        seconds = (self.ended or time.monotonic()) - self.asked
        out: dict[str, Any] = {"id": self.id, "state": "running" if self.state == "queued" else self.state,
                               "seconds": round(seconds, 2), "time_limit": self.time_limit,
                               "progress": self.progress, "queued": self.state == "queued"}
        if self.result is not None:
            out["result"] = self.result
        return out


@dataclass
class Worker:
    """A process that answers quick questions one after another (forking one per question costs
    more than most quick answers)."""

    process: Any
    #: Both ways: questions out, replies in.
    conn: Connection


class Jobs:
    """The running and recently finished jobs: at most ``max_solves`` solves and ``max_quick``
    quick questions running at once, and at most ``max_queued`` quick questions waiting."""

    def __init__(self, max_solves: int = 2, method: str = "forkserver", grace: float = GRACE,
                 max_quick: int | None = None, max_queued: int = 256, niceness: int = 10) -> None:
        self.max_solves = max_solves
        self.max_quick = max_quick or max(2, os.cpu_count() or 2)
        self.max_queued = max_queued
        self.niceness = niceness
        self.grace = grace
        self.context: Any = multiprocessing.get_context(method)  # a start method's context (typeshed: BaseContext)
        if method == "forkserver":
            self.context.set_forkserver_preload(PRELOAD)
        # The children hold the reading end; the writing end lives in this process alone.
        self.lifeline, self._lifeline_held = self.context.Pipe(duplex=False)
        self._wake_r, self._wake_w = os.pipe()
        self.jobs: dict[str, Job] = {}
        #: Quick workers waiting for a question.
        self.idle: list[Worker] = []
        self.lock = threading.RLock()
        self.stopped = threading.Event()
        self.watcher = threading.Thread(target=self._watch, name="verify-jobs", daemon=True)
        self.watcher.start()

    def _count(self, state: str, long: bool) -> int:
        return sum(1 for job in self.jobs.values() if job.state == state and job.long == long)

    def running(self) -> int:
        """Solves running."""
        with self.lock:
            return self._count("running", True)

    def counts(self) -> dict[str, int]:
        """Solves running, quick questions running and quick questions queued."""
        with self.lock:
            return {"running": self._count("running", True), "quick": self._count("running", False),
                    "queued": self._count("queued", False)}

    def start(self, kind: str, documents: dict[str, Any], time_limit: float, long: bool = True) -> Job:
        """Start a job (a quick one may wait in the queue), or raise Busy."""
        with self.lock:
            if long and self._count("running", True) >= self.max_solves:
                raise Busy(f"verify: busy: {self.max_solves} solves are running; the page asks again "
                           "when one may have ended", self._retry_after())
            if not long and self._count("queued", False) >= self.max_queued:
                raise Busy(f"verify: busy: {self.max_queued} questions are waiting; the page asks again "
                           "in a moment", 1)
            job = Job(secrets.token_hex(8), kind, time_limit, long, documents, state="queued")
            self.jobs[job.id] = job
            if long or self._count("running", False) < self.max_quick:
                self._spawn(job)
            return job

    def _retry_after(self) -> int:
        """Seconds until the soonest running solve reaches its time limit, at most RETRY_AFTER_MOST."""
        now = time.monotonic()
        left = [job.started + job.time_limit - now for job in self.jobs.values()
                if job.long and job.state == "running"]
        return max(1, min(RETRY_AFTER_MOST, math.ceil(min(left, default=1))))

    def _spawn(self, job: Job) -> None:
        """Start a job: a solve in a child of its own, a quick question with a worker."""
        if job.long:
            ours, theirs = self.context.Pipe(duplex=False)
            process = self.context.Process(
                target=_work, args=(job.kind, job.documents, job.time_limit, theirs, self.lifeline, self.niceness),
                name=f"verify-{job.kind}", daemon=True)
            process.start()
            theirs.close()
            job.process, job.conn = process, ours
        else:
            job.worker = self._hand_to_worker(job)
            job.process, job.conn = job.worker.process, job.worker.conn
        job.documents = None
        job.state, job.started = "running", time.monotonic()
        os.write(self._wake_w, b".")

    def _hand_to_worker(self, job: Job) -> Worker:
        """Send a quick question to an idle worker (a new one when none is idle, or the idle one
        has died): the worker it was sent to."""
        while True:
            if self.idle:
                worker = self.idle.pop()
            else:
                ours, theirs = self.context.Pipe(duplex=True)
                process = self.context.Process(target=_serve_quick, args=(theirs, self.lifeline),
                                               name="verify-quick", daemon=True)
                process.start()
                theirs.close()
                worker = Worker(process, ours)
            try:
                worker.conn.send((job.kind, job.documents, job.time_limit))
                return worker
            except OSError:
                self._retire(worker)

    @staticmethod
    def _retire(worker: Worker) -> None:
        """End a worker's process (it is past a time limit, cancelled, or broken)."""
        _stop(worker.process)
        worker.conn.close()

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            job = self.jobs.get(job_id)
            if job is not None:
                self._refresh(job)
            return job

    def cancel(self, job_id: str) -> Job | None:
        """End a queued or running job at once (its state becomes ``cancelled``)."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is not None:
                self._refresh(job)
                if job.active:
                    self._end(job, "cancelled")
            return job

    async def outcome(self, job: Job, gone: Callable[[], Awaitable[bool]]) -> Job | None:
        """Wait for ``job`` to end; None (and the job cancelled) when ``gone`` first returns
        True (the page that asked went away)."""
        loop = asyncio.get_running_loop()
        ended = asyncio.Event()
        with self.lock:
            if job.active:
                job.on_end.append(lambda: loop.call_soon_threadsafe(ended.set))
            else:
                ended.set()

        async def page_left() -> None:
            while not await gone():
                pass

        waiting = [asyncio.ensure_future(ended.wait()), asyncio.ensure_future(page_left())]
        try:
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in waiting:
                task.cancel()
        if waiting[0] not in done:
            self.cancel(job.id)
            return None
        return job

    def close(self) -> None:
        """End every job and every worker (the server is stopping)."""
        self.stopped.set()
        with self.lock:
            for job in self.jobs.values():
                if job.active:
                    self._end(job, "cancelled")
            while self.idle:
                self._retire(self.idle.pop())
        os.write(self._wake_w, b".")

    def _end(self, job: Job, state: State, result: dict[str, Any] | None = None, answered: bool = False) -> None:
        """End a job in ``state``; its process ends too, unless it is a quick worker that has
        ``answered`` (it waits for the next question)."""
        was_quick_running = not job.long and job.state == "running"
        if job.worker is not None:
            if answered and not self.stopped.is_set():
                self.idle.append(job.worker)
            else:
                self._retire(job.worker)
        elif job.process is not None:
            _stop(job.process)
        if job.conn is not None and job.worker is None:
            job.conn.close()
        job.state, job.result, job.ended, job.documents = state, result, time.monotonic(), None
        job.finished.set()
        for call in job.on_end:
            call()
        job.on_end.clear()
        if was_quick_running and not self.stopped.is_set():
            self._admit()

    def _admit(self) -> None:
        """Start queued quick questions, oldest first, while a quick slot is free."""
        free = self.max_quick - self._count("running", False)
        for job in list(self.jobs.values()):
            if free <= 0:
                break
            if job.state == "queued":
                self._spawn(job)
                free -= 1

    def _refresh(self, job: Job) -> None:
        """Read what the child sent; end it past its time limit and the grace."""
        if job.state != "running" or job.conn is None:
            return
        try:
            while job.conn.poll():
                what, value = job.conn.recv()
                if what == "progress":
                    job.progress = value
                else:
                    self._end(job, what, value, answered=True)
                    return
        except (EOFError, OSError):
            self._end(job, "failed", {"error": "verify: internal error: the solve ended without an answer"})
            return
        if time.monotonic() - job.started > job.time_limit + self.grace:
            self._end(job, "timeout", {"exit": 3, "undecided": (
                f"undecided: no answer within the time limit of {job.time_limit:g} s")})

    def _watch(self) -> None:
        """Read each running job as soon as its child sends (at least every tenth of a second, for
        the time limits), and forget old finished ones."""
        while not self.stopped.is_set():
            with self.lock:
                conns = [job.conn for job in self.jobs.values() if job.state == "running" and job.conn]
            try:
                ready = wait([*conns, self._wake_r], timeout=0.1)
            except (OSError, ValueError):  # a pipe closed while waited on: read again
                ready = []
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
            with self.lock:
                now = time.monotonic()
                for job_id, job in list(self.jobs.items()):
                    self._refresh(job)
                    if job.ended is not None and now - job.ended > KEEP:
                        del self.jobs[job_id]
