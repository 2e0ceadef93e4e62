"""The ``verify`` command: a thin click layer over the library.

Each command parses its input, calls one library function and formats the answer. Exit status
means the same for every command: 0 the question is answered yes (or the work is done), 1 it is
answered no, 2 bad input or usage, 3 undecided because a time limit came first.

Solvers and pydantic are imported inside the commands that use them, never at start-up, so that
``verify --help`` answers at once.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from model.errors import InputError

YES, NO, BAD_INPUT, UNDECIDED = 0, 1, 2, 3


class BadInput(click.ClickException):
    """Bad input at the command-line boundary: one line on standard error, exit 2."""

    exit_code = BAD_INPUT

    def show(self, file: Any = None) -> None:
        click.echo(f"verify: {self.format_message()}", err=True)


class VerifyGroup(click.Group):
    """A click group that turns the library's InputError into exit 2 (never a traceback)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as error:
            raise BadInput(str(error)) from None


@click.group(cls=VerifyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tabletop-verify", prog_name="verify")
def cli() -> None:
    """Settle rules disputes in four tabletop games with a proof, not an opinion.

    Exit status: 0 yes / done, 1 no (a claim refuted, an illegal move found, an invariant
    violated), 2 bad input or usage, 3 undecided (a time limit came first).
    """


def main() -> None:
    """Console entry point."""
    cli(prog_name="verify")


if __name__ == "__main__":
    sys.exit(main())
