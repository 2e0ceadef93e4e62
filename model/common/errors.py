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


class RuleBroken(ValueError):
    """A move, event or state that breaks a rule of its game: the one shape of "illegal" in every
    game. The CLI reports it with exit status 1 (answered no)."""

    def __init__(self, rule: str, sentence: str, detail: str) -> None:
        #: The rule's name in its game's rule registry (``"cost"``, ``"like_own_gallery"``).
        self.rule = rule
        #: The rulebook's sentence the rule comes from, quoted exactly.
        self.sentence = sentence
        #: What this move or event did that the rule forbids, in words.
        self.detail = detail
        super().__init__(detail)


class OutOfTime(Exception):
    """A search's time or effort limit came first; what it had proven so far is all there is.

    The one time-out of the project: solvers, entry searches and proofs raise it (or a subclass
    that says which search), and callers turn it into "undecided" (exit 3), never into a yes or
    no."""
