"""The one error type for bad input: it names the file, the JSON path and what is wrong."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: a file or flag the tool refuses. The CLI turns it into one line and exit 2."""

    def __init__(self, source: str, path: str, message: str) -> None:
        #: The file name as the user gave it, ``<stdin>`` for ``-``, or ``--flag`` for an option.
        self.source = source
        #: The JSON path of the fault (``events[2].supporters[0]``); empty for the whole document.
        self.path = path
        #: What is wrong, in words.
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.source}: {self.path}" if self.path else self.source
        return f"{where}: {self.message}"


def join_path(path: str, key: str | int) -> str:
    """Extend a JSON path by one key or index: ``events`` + 2 -> ``events[2]``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)
