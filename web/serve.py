"""``verify serve``: bind the socket, print the address, run uvicorn until Ctrl-C."""

from __future__ import annotations

import errno
import ipaddress
import secrets
import socket
from collections.abc import Callable, Sequence
from typing import Any

from model.common.errors import InputError

#: Games whose catalogue the page offers, and the reader that checks a ``--catalogue`` file.
CATALOGUE_GAMES = ("whitehouse", "socks")
EXTRA_MISSING = "serve: needs the web extra: pip install 'tabletop-verify[web]'"


def check_extra() -> None:
    """Raise InputError naming the extra when Starlette or uvicorn is not installed."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise InputError("serve", "", "needs the web extra: pip install 'tabletop-verify[web]'") from None


def read_catalogues(flags: Sequence[str]) -> dict[str, Any]:
    """``--catalogue GAME=FILE`` values, each read and checked by its game's reader."""
    from model.common.jsonio import load_json, source_name

    found: dict[str, Any] = {}
    for flag in flags:
        game, sep, path = flag.partition("=")
        if not sep or not path:
            raise InputError("--catalogue", "", f"{flag!r} is not GAME=FILE")
        if game not in CATALOGUE_GAMES:
            raise InputError("--catalogue", "", f"no catalogue for {game!r} (games: {', '.join(CATALOGUE_GAMES)})")
        if game in found:
            raise InputError("--catalogue", "", f"{game} is given twice")
        data = load_json(path)
        if game == "whitehouse":
            from model.whitehouse.cards import parse_catalogue

            parse_catalogue(source_name(path), data)
        else:
            from model.socks.cards import parse_catalogue_document

            parse_catalogue_document(source_name(path), data)
        found[game] = data
    return found


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network (the one a route out would use; nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address: str = probe.getsockname()[0]
        return None if address.startswith("127.") else address
    except OSError:
        return None
    finally:
        probe.close()


def bind(host: str, port: int) -> socket.socket:
    """The listening socket; a port in use (or a host that is not this machine's) is bad input."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
        sock.listen(64)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise InputError("--port", "", f"port {port} on {host} is in use: choose another with --port") from None
        if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
            raise InputError("--host", "", f"cannot listen on {host}: {error.strerror or error}") from None
        raise InputError("--port", "", f"cannot listen on {host} port {port}: {error.strerror or error}") from None
    return sock


def _hosts(host: str, wildcard: bool, lan: str | None) -> set[str]:
    """The server's names: its loopback names, the host it listens on, and when it listens
    everywhere this machine's address and name (lower case)."""
    names = {"127.0.0.1", "localhost", "[::1]"}
    if not wildcard:
        names.add(f"[{host}]" if ":" in host and not host.startswith("[") else host)
    else:
        if lan:
            names.add(lan)
        hostname = socket.gethostname().lower()
        names |= {hostname, f"{hostname}.local"}
    return {n.lower() for n in names}


def _names(host: str, port: int, wildcard: bool, lan: str | None) -> frozenset[str]:
    """The Host header values the server answers: each of its names, with and without the port."""
    names = _hosts(host, wildcard, lan)
    return frozenset(names | {f"{n}:{port}" for n in names})


def _origins(host: str, port: int, wildcard: bool, lan: str | None) -> frozenset[str]:
    """The origins a page of this server sends: scheme, name and this port, exactly (a browser
    leaves the port out only when it is 80). A page on another port of the same machine is
    another origin."""
    names = _hosts(host, wildcard, lan)
    return frozenset(f"http://{n}" if port == 80 else f"http://{n}:{port}" for n in names)


def serve(host: str, port: int, catalogue_flags: Sequence[str], time_limit: float, solves: int,
          say: Callable[[str], None]) -> None:
    """Serve the page until interrupted; print its address first (with the token when it listens
    beyond this machine)."""
    check_extra()
    import uvicorn

    from web.app import Settings, create_app

    catalogues = read_catalogues(catalogue_flags)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    wildcard = host in ("0.0.0.0", "::", "[::]")
    lan = lan_address() if wildcard else None
    token = None if _is_loopback(host) else secrets.token_urlsafe(16)
    settings = Settings(allowed_hosts=_names(host, port, wildcard, lan),
                        origins=_origins(host, port, wildcard, lan), token=token,
                        time_limit=time_limit, max_solves=solves, catalogues=catalogues)
    app = create_app(settings)
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    query = f"?token={token}" if token else ""
    if wildcard:
        say(f"The table companion: http://{lan or socket.gethostname()}:{port}/{query} "
            f"(on this machine: http://127.0.0.1:{port}/{query}); Ctrl-C stops it")
    else:
        say(f"The table companion: http://{shown}:{port}/{query}; Ctrl-C stops it")
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        app.jobs.close()
        sock.close()
