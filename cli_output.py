"""Writing the files a command names (``-o/--output``, ``--svg``, ``examples DIR``, ``--save``):
whole or not at all, and never putting a file in the place of what is at the path."""

from __future__ import annotations

import errno
import os
import sys
from dataclasses import dataclass
from typing import Any

import click

from model.common.errors import InputError


def write_whole_file(path: str, text: str, flag: str) -> None:
    """Write ``text`` at ``path`` as ``cp`` and ``tee`` do, never putting a file in the place of
    what is there:

    - a new path or a regular file is written whole or not at all: a temporary file beside it,
      then a rename. A new file gets the usual permissions (0666 less the umask), a file written
      over keeps its own, as an ``open()`` would;
    - a symbolic link is followed (a chain of them too) and its target written so, the link kept;
      a link to a missing file creates that file, as the shell's ``>`` does;
    - anything else there (a device, a FIFO, ``/dev/stdout``, a file of ``/proc`` or ``/sys``) is
      opened and written in place: it cannot be replaced without destroying it;
    - a directory is refused.

    A failure (a full disk, no permission) is bad input of ``flag`` (the option that named the
    file), one line; no temporary file is left behind."""
    try:
        found = _destination(path)
        if found.descriptor is not None:
            _write_descriptor(found.descriptor, text.encode("utf-8"))
        elif found.in_place:
            _write_in_place(found.path, text.encode("utf-8"))
        else:
            _write_by_rename(found.path, text.encode("utf-8"), found.mode)
    except OSError as error:
        raise InputError(flag, "", f"cannot write {path}{_link_note(path)}: {error.strerror or error}") from None


def _link_note(path: str) -> str:
    """`` (a link to TARGET)`` when ``path`` is a symbolic link to a file of ours to name."""
    if not os.path.islink(path):
        return ""
    target = os.path.realpath(path)
    if _under(os.path.dirname(target), _KERNEL_FOLDERS) or os.path.islink(target):  # /dev/stdout, a loop
        return ""
    return f" (a link to {target})"


#: Links followed before giving up, as Linux's own lookup does (ELOOP beyond 40).
_MOST_LINKS = 40
#: Pseudo file systems: what looks like a file there is the kernel's, only ever written in place.
_KERNEL_FOLDERS = ("/proc", "/sys")


@dataclass(frozen=True)
class _Destination:
    """Where and how ``write_whole_file`` writes."""

    #: The path to write: the given one with every symbolic link followed.
    path: str
    #: True to open what is there and write into it; False to write a file and rename it.
    in_place: bool = False
    #: The permissions of the regular file written over (None: a new file).
    mode: int | None = None
    #: A descriptor of this process that the path names (``/dev/stdout``: 1), written as is.
    descriptor: int | None = None


def _under(folder: str, tops: tuple[str, ...]) -> bool:
    return any(folder == top or folder.startswith(top + os.sep) for top in tops)


def _destination(path: str) -> _Destination:
    """Follow ``path``'s symbolic links to what a write there means (``OSError`` for a directory
    or a loop)."""
    import stat

    if path.endswith(os.sep):  # "out/" names a folder, never a file to create
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    current = os.path.abspath(path)
    for _ in range(_MOST_LINKS + 1):
        folder = os.path.realpath(os.path.dirname(current))
        try:
            status = os.lstat(current)
        except FileNotFoundError:
            return _Destination(current)
        if stat.S_ISLNK(status.st_mode):
            if _under(folder, _KERNEL_FOLDERS):
                # /proc/self/fd/1 (which /dev/stdout names) is the kernel's, not a path: only an
                # open() follows it. Our own descriptor is written as it is, at its own offset.
                own = (os.path.join("/proc", str(os.getpid()), "fd"), "/proc/self/fd")
                name = os.path.basename(current)
                if folder in own and name.isdigit():
                    return _Destination(current, descriptor=int(name))
                return _Destination(current, in_place=True)
            current = os.path.join(folder, os.readlink(current))
            continue
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), current)
        if stat.S_ISREG(status.st_mode) and not _under(folder, _KERNEL_FOLDERS):
            return _Destination(current, mode=stat.S_IMODE(status.st_mode))
        return _Destination(current, in_place=True)
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path)


def _write_by_rename(target: str, data: bytes, mode: int | None) -> None:
    """A temporary file beside ``target``, written and synced, then renamed over it: the file
    there is the old one or the new one whole, never a part (a full disk fails before the rename,
    and the temporary file is removed)."""
    import tempfile

    handle, temporary = tempfile.mkstemp(prefix=".verify-", suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), 0o666 & ~_umask() if mode is None else mode)
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _write_all(descriptor: int, data: bytes) -> None:
    """Write every byte (a pipe or a device may take fewer at a time)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def _write_in_place(target: str, data: bytes) -> None:
    """Open what is at ``target`` (a device, a FIFO: it waits for a reader, as ``tee`` does) and
    write into it."""
    descriptor = os.open(target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    try:
        _write_all(descriptor, data)
    finally:
        os.close(descriptor)


def _write_descriptor(descriptor: int, data: bytes) -> None:
    """Write to one of this process's descriptors, after what its stream holds."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and _fileno(stream) == descriptor:
            stream.flush()
    _write_all(descriptor, data)


def _fileno(stream: Any) -> int | None:
    try:
        number: int = stream.fileno()
        return number
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return None


def _umask() -> int:
    """The process's umask (read by setting it, then set back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_output(path: str, text: str, flag: str) -> None:
    """Write an output file option's text: ``-`` is standard output, anything else a file
    written whole or not at all."""
    if path == "-":
        click.echo(text, nl=False)
    else:
        write_whole_file(path, text, flag)
