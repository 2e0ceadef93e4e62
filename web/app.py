"""The Starlette application: the page, its assets, and one endpoint per question.

Safe by default: every request's Host header must name this server (no DNS rebinding); when the
server listens beyond this machine every request must carry the token of its address (query
``token``, header ``X-Verify-Token`` or the cookie the page sets); a request from another
origin (scheme, host and port compared exactly) is refused and no CORS header is ever sent; a
question's body must be declared ``application/json`` (so that no other site's page can post one
without a preflight); a request body is at most ``max_body`` bytes and must arrive within
``body_timeout`` seconds; each question runs in a process of its own for at most its time limit,
and at most ``max_solves`` solves at once (503 with ``Retry-After`` beyond), while quick questions
run beside them or wait briefly in a queue. A client that hangs up mid-request is one log line.
No request names a file on the server: the page's assets are a fixed list of package data, and
nothing is fetched from elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import math
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from model.common.errors import InputError
from web.answers import PageQuestion, error_json, page_questions, sources, to_worker
from web.jobs import GRACE, Busy, Job, Jobs

#: The server's log (uvicorn's): a client that hung up is one line here.
LOG = logging.getLogger("uvicorn.error")

#: The page's assets: name -> media type. Nothing else is served from the package.
ASSETS = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
#: The most bytes a request body may hold (the CLI's own limit on an input file).
MAX_BODY = 1024 * 1024
TOKEN_COOKIE = "verify_token"
#: Every response: nothing from elsewhere, no framing, no referrer (a token is in the address).
SECURITY_HEADERS = {
    "content-security-policy": ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                "img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; "
                                "frame-ancestors 'none'; base-uri 'none'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


@dataclass(frozen=True)
class Settings:
    """How the server is bounded and whom it answers."""

    #: Host header values answered (``host`` or ``host:port``, lower case).
    allowed_hosts: frozenset[str] = frozenset({"127.0.0.1", "localhost", "[::1]"})
    #: The exact origins answered (``http://host:port``, as a browser sends them); None: ``http://``
    #: and each allowed host (a host without a port is port 80's origin).
    origins: frozenset[str] | None = None
    #: The token every request must carry (None: no token, the server listens on loopback only).
    token: str | None = None
    #: The most seconds one solve may take (a request may ask for less).
    time_limit: float = 30.0
    #: The most solves (questions that take a time limit) running at once.
    max_solves: int = 2
    #: The most quick questions running at once (None: one per core, at least 2) and waiting.
    max_quick: int | None = None
    max_queued: int = 256
    #: How much lower a solve's priority is than the server's (quick questions come first).
    solve_niceness: int = 10
    max_body: int = MAX_BODY
    #: The most seconds a request body may take to arrive, whole.
    body_timeout: float = 10.0
    #: The catalogues the page offers (game -> document): the sample's, or ``--catalogue``'s.
    catalogues: dict[str, Any] = field(default_factory=dict)
    #: Seconds a solve may run past its time limit before its process is ended.
    grace: float = GRACE
    #: How worker processes start: a server of forks with the library imported once.
    start_method: str = "forkserver"


def _error(status: int, line: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": line, **extra}, status_code=status)


def allowed_origins(settings: Settings) -> frozenset[str]:
    """The origins answered, each ``scheme://host[:port]`` compared exactly."""
    if settings.origins is not None:
        return settings.origins
    return frozenset(f"http://{host}" for host in settings.allowed_hosts)


class SlowBody(Exception):
    """A request body did not arrive whole within the body timeout."""


def _bounded_receive(receive: Receive, seconds: float) -> Receive:
    """``receive``, which raises SlowBody once the body has taken more than ``seconds`` to arrive
    (after the whole body, it waits as long as it takes: for the client to hang up)."""
    deadline = time.monotonic() + seconds
    whole = False

    async def bounded() -> Message:
        nonlocal whole
        if whole:
            return await receive()
        try:
            message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise SlowBody() from None
        whole = message["type"] != "http.request" or not message.get("more_body", False)
        return message

    return bounded


async def _slow_body(request: Request, error: Exception) -> Response:
    response = _error(408, f"verify: the request body did not arrive within "
                           f"{request.app.state.body_timeout:g} s")
    response.headers["connection"] = "close"
    return response


async def _hung_up(request: Request, error: Exception) -> Response:
    LOG.warning("verify: a client hung up before its request was read (%s %s); nothing was answered",
                request.method, request.url.path)
    return Response(status_code=499)


class Guard:
    """The checks every request passes before it reaches a route: Host, token, Origin, the
    body's declared size. Security headers go on every response."""

    def __init__(self, app: ASGIApp, settings: Settings, jobs: Jobs) -> None:
        self.app = app
        self.settings = settings
        #: The application's solves (the server ends them when it stops).
        self.jobs = jobs

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope, headers)

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                present = {k.lower() for k, _ in message["headers"]}
                for name, value in SECURITY_HEADERS.items():
                    if name.encode() not in present:
                        message["headers"].append((name.encode(), value.encode()))
            await send(message)

        if refusal is not None:
            await refusal(scope, receive, send_secured)
            return
        await self.app(scope, _bounded_receive(receive, self.settings.body_timeout), send_secured)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> Response | None:
        host = headers.get("host", "").strip().lower()
        if host not in self.settings.allowed_hosts:
            return _error(421, f"verify: this server does not answer for host {host!r}")
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in allowed_origins(self.settings):
            return _error(403, f"verify: requests from {origin!r} are refused (no cross-origin use)")
        token = self.settings.token
        if token is not None:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            given = [*query.get("token", []), headers.get("x-verify-token", ""), _cookie(headers, TOKEN_COOKIE)]
            if not any(g and hmac.compare_digest(g.encode(), token.encode()) for g in given):
                return _error(403, "verify: this page needs the token of its address (the ?token=... "
                                   "that verify serve printed)")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.settings.max_body):
            return _too_large(self.settings.max_body)
        # A form of another site may post text/plain, or nothing declared, without asking first:
        # a question is JSON and says so.
        media = headers.get("content-type", "").partition(";")[0].strip().lower()
        if scope["method"] == "POST" and media != "application/json":
            return _error(415, "verify: a question's body is JSON, sent as Content-Type: application/json "
                               f"(not {media or 'no Content-Type'})")
        return None


def _cookie(headers: dict[str, str], name: str) -> str:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""


def _too_large(limit: int) -> JSONResponse:
    return _error(413, f"verify: request body is larger than the {limit // 1024} KiB limit")


class _TooLarge(Exception):
    pass


async def _body(request: Request, limit: int) -> str:
    """The request body as text, read at most ``limit`` bytes far."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _TooLarge()
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError("request", "", f"not UTF-8 text (byte {error.start})") from None


def _time_limit(request: Request, settings: Settings) -> float:
    raw = request.query_params.get("time_limit")
    if raw is None:
        return settings.time_limit
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds <= 0 or seconds > settings.time_limit:
        raise InputError("time_limit", "", f"{raw!r} is not a number of seconds above 0 and at most "
                                           f"{settings.time_limit:g} (this server's limit)")
    return seconds


def _options(request: Request, page: PageQuestion) -> dict[str, Any]:
    """The question's options from the query (``?at=3``, ``?list_all=true``), typed as declared."""
    found: dict[str, Any] = {}
    for option in page.question.options:
        raw = request.query_params.get(option.name)
        if raw is None or option.name in page.fixed:
            continue
        if option.kind == "flag":
            if raw not in ("true", "false"):
                raise InputError(option.name, "", f"{raw!r} is not true or false")
            found[option.name] = raw == "true"
            continue
        try:
            found[option.name] = int(raw)
        except ValueError:
            raise InputError(option.name, "", f"{raw!r} is not a whole number") from None
        if option.minimum is not None and found[option.name] < option.minimum:
            raise InputError(option.name, "", f"{raw} is below {option.minimum}")
    return found


async def _documents(request: Request, page: PageQuestion, settings: Settings) -> dict[str, Any]:
    """The documents of a request: the body is the one input file, or for several inputs an
    object of them by name (``{"position": ..., "move": ...}``)."""
    from model.common.jsonio import parse_json

    text = await _body(request, settings.max_body)
    names = tuple(d.name for d in page.documents)
    if len(names) == 1:
        return {names[0]: parse_json(page.documents[0].file_name, text)}
    data = parse_json("request", text)
    if not isinstance(data, dict) or set(data) != set(names):
        raise InputError("request", "", f"the body is an object with the keys {', '.join(names)}")
    return dict(data)


def _job_response(job: Job) -> JSONResponse:
    """A finished job's reply: 200 answered (or undecided), 400 refused, 500 the tool's bug."""
    result = job.result or {}
    if job.state == "refused":
        return JSONResponse(result, status_code=400)
    if job.state == "failed":
        return JSONResponse(result, status_code=500)
    if job.state == "cancelled":
        return _error(409, "verify: the solve was cancelled")
    return JSONResponse(result)


def create_app(settings: Settings | None = None) -> Guard:
    """The application, with its own pool of solves."""
    settings = settings or Settings()
    jobs = Jobs(settings.max_solves, settings.start_method, settings.grace, max_quick=settings.max_quick,
                max_queued=settings.max_queued, niceness=settings.solve_niceness)

    async def start(request: Request, kind: str) -> Job | JSONResponse:
        page = page_questions()[kind]
        try:
            limit = _time_limit(request, settings)
            options = _options(request, page)
            documents = to_worker(await _documents(request, page, settings), options)
        except _TooLarge:
            return _too_large(settings.max_body)
        except InputError as error:
            return JSONResponse(error_json(error), status_code=400)
        try:
            return jobs.start(kind, documents, limit, long=runs_long(kind))
        except Busy as busy:
            return _busy(busy)

    def asked(kind: str) -> Any:
        async def endpoint(request: Request) -> Response:
            job = await start(request, kind)
            if isinstance(job, Response):
                return job
            found = await jobs.outcome(job, lambda: _hung_up_after_body(request))
            if found is None:
                return _error(499, "verify: the page went away; the solve was ended")
            return _job_response(found)

        return endpoint

    async def start_job(request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in page_questions():
            return _error(404, f"verify: no question {kind!r}")
        job = await start(request, kind)
        if isinstance(job, Response):
            return job
        return JSONResponse(job.view(), status_code=202)

    async def poll_job(request: Request) -> Response:
        job = jobs.get(request.path_params["id"])
        if job is None:
            return _error(404, "verify: no such solve (finished solves are kept two minutes)")
        return JSONResponse(job.view(), status_code=200)

    async def cancel_job(request: Request) -> Response:
        job = jobs.cancel(request.path_params["id"])
        if job is None:
            return _error(404, "verify: no such solve (finished solves are kept two minutes)")
        return JSONResponse(job.view())

    async def page(request: Request) -> Response:
        response = Response(_asset("index.html"), media_type="text/html; charset=utf-8")
        if settings.token is not None:
            response.set_cookie(TOKEN_COOKIE, settings.token, httponly=True, samesite="strict")
        return response

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return _error(404, f"verify: no asset {name!r}")
        return Response(_asset(name), media_type=ASSETS[name])

    async def info(request: Request) -> Response:
        return JSONResponse(page_info(settings))

    async def options(request: Request) -> Response:
        return JSONResponse(options_json())

    async def health(request: Request) -> Response:
        return JSONResponse({**jobs.counts(), "max_solves": settings.max_solves, "max_quick": jobs.max_quick})

    routes = [
        Route("/", page),
        Route("/static/{name}", asset),
        Route("/api/info", info),
        Route("/api/options", options),
        Route("/api/health", health),
        *(Route(route, asked(kind), methods=["POST"]) for route, kind in _routes().items()),
        Route("/api/jobs/{kind}", start_job, methods=["POST"]),
        Route("/api/jobs/{kind}/{id}", poll_job, methods=["GET"]),
        Route("/api/jobs/{kind}/{id}", cancel_job, methods=["DELETE"]),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        jobs.close()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={ClientDisconnect: _hung_up, SlowBody: _slow_body})
    app.state.body_timeout = settings.body_timeout
    return Guard(app, settings, jobs)


def _busy(busy: Busy) -> JSONResponse:
    """503, with the seconds to wait in ``Retry-After`` (and in the body, for the page)."""
    response = _error(503, busy.line, retry_after=busy.retry_after)
    response.headers["retry-after"] = str(busy.retry_after)
    return response


@cache
def runs_long(kind: str) -> bool:
    """True when a question can run long, so that it takes one of the solve slots: a question
    declared with a time limit (a search). A question not on the page counts as one (the safe side)."""
    page = page_questions().get(kind)
    return page is None or page.question.shared("time_limit") is not None


def _routes() -> dict[str, str]:
    """Each question's route, and the question it asks (an alias's route, or the question's own)."""
    found: dict[str, str] = {}
    for kind, page in page_questions().items():
        found.setdefault(page.route, kind)
    return found


async def _hung_up_after_body(request: Request) -> bool:
    """Wait for the next message of a request whose body is read: True when the client hung up."""
    message = await request.receive()
    return bool(message["type"] == "http.disconnect")


@cache
def _asset(name: str) -> bytes:
    return (files("web") / "static" / name).read_bytes()


@cache
def options_json() -> dict[str, Any]:
    """What ``verify options --json`` prints."""
    from checks import registry
    from model.common.options import rules_as_dict

    return {"options": [registry.option_json(o) for o in registry.options(None)],
            "rules": {g: rules_as_dict(registry.rules(g)) for g in registry.game_names()}}


def _form_options() -> dict[str, list[str]]:
    """The rule options each form's file takes (its ``rules`` key)."""
    from model.likes.rules import LIKES_OPTIONS
    from model.social.rules import SOCIAL_OPTIONS
    from model.socks.rules import SCORING_OPTIONS
    from model.whitehouse.network.arrangement import TRICKS_OPTIONS
    from model.whitehouse.rules import WHITEHOUSE_OPTIONS

    return {
        "tricks": [o.name for o in TRICKS_OPTIONS],
        "socks": [o.name for o in SCORING_OPTIONS],
        "like": [o.name for o in SOCIAL_OPTIONS],
        "round": [o.name for o in LIKES_OPTIONS],
        "position": [o.name for o in WHITEHOUSE_OPTIONS + TRICKS_OPTIONS],
    }


@cache
def shipped_examples() -> dict[str, dict[str, Any]]:
    """The shipped examples each form reads, by form and file name (those its reader accepts)."""
    from model.likes.io import round_file_from, sample_catalogue
    from model.social.io import parse_like
    from model.socks.io import parse_scoring
    from model.whitehouse.network.io import parse_question

    def accepted(read: Any, data: Any) -> bool:
        try:
            read(data)
        except (InputError, ValueError, KeyError, TypeError):
            return False
        return True

    likes = sample_catalogue()
    readers: dict[str, tuple[str, Any]] = {
        "tricks": ("whitehouse", lambda d: parse_question(d, "x")),
        "socks": ("socks", lambda d: parse_scoring("x", d)),
        "like": ("social", lambda d: parse_like("x", d, {})),
        "round": ("likes", lambda d: round_file_from("x", d, likes, None)),
        "position": ("whitehouse/positions", lambda d: d["position"]),
        "move": ("whitehouse/positions/moves", lambda d: d["move"]),
    }
    return {form: {name: doc for name, doc in _example_files(folder, "*.json").items() if accepted(read, doc)}
            for form, (folder, read) in readers.items()}


def _example_files(folder: str, glob: str) -> dict[str, Any]:
    """The shipped examples in ``folder`` of ``model/examples`` (``whitehouse/positions``) whose
    names match ``glob``, by file name."""
    from fnmatch import fnmatch

    node = files("model") / "examples"
    for part in folder.split("/"):
        node = node / part
    return {child.name: json.loads(child.read_text(encoding="utf-8"))
            for child in sorted(node.iterdir(), key=lambda c: c.name) if child.is_file() and fnmatch(child.name, glob)}


def sample_catalogues() -> dict[str, Any]:
    """The sample catalogues the page offers when ``--catalogue`` gives none."""
    return {
        "whitehouse": json.loads((files("model.whitehouse") / "data" / "whitehouse-sample-catalogue.json")
                                 .read_text(encoding="utf-8")),
        "socks": json.loads((files("model.socks") / "data" / "socks-sample-catalogue.json")
                            .read_text(encoding="utf-8")),
        "likes": {kind: json.loads((files("model.likes") / "data" / f"likes-sample-{kind}.json")
                                   .read_text(encoding="utf-8"))["cards"] for kind in ("intents", "events")},
    }


def page_info(settings: Settings) -> dict[str, Any]:
    """What the page needs to draw its forms."""
    return {
        "examples": shipped_examples(),
        "catalogues": {**sample_catalogues(), **settings.catalogues},
        "options": options_json()["options"],
        "form_options": _form_options(),
        "sources": sources(),
        "questions": questions_json(),
        "limits": {"time_limit": settings.time_limit, "max_solves": settings.max_solves,
                   "max_body": settings.max_body},
    }


def _examples(document: Any) -> dict[str, Any]:
    """The shipped examples of a document, by file name."""
    found: dict[str, Any] = {}
    for pattern in document.examples:
        folder, _, glob = pattern.rpartition("/")
        found |= _example_files(folder, glob)
    return found


@cache
def questions_json() -> list[dict[str, Any]]:
    """Every question as the page draws its form: what it asks, the documents it sends (with
    their shipped examples), its options, whether it draws and takes a time limit."""
    out = []
    for kind, page in page_questions().items():
        question = page.question
        if kind != question.name:
            continue
        out.append({
            "name": kind, "game": question.game, "command": " ".join(question.words), "route": page.route,
            "title": " ".join(question.help.strip().split("\n\n")[0].split()),
            "documents": [{"name": d.name, "file": d.file_name, "examples": _examples(d)} for d in page.documents],
            "options": [{"name": o.name, "flag": o.flags[0], "kind": o.kind, "help": o.help,
                         "minimum": o.minimum} for o in question.options],
            "draws": question.draws,
            "time_limit": question.shared("time_limit") is not None,
        })
    return out
