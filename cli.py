"""The ``verify`` command: a thin click layer over the library.

Each command parses its input, calls one library function and formats the answer. Exit status
means the same for every command: 0 the question is answered yes (or the work is done), 1 it is
answered no, 2 bad input or usage, 3 undecided because a time limit came first, 70 the tool's
own bug, 130 interrupted. Every error is one line on standard error, ``verify: ...``: the
error boundary is ``VerifyGroup.main`` (``cli_boundary``), around every command. The commands of
the games' questions are built from their declarations (``cli_questions``).

Solvers and pydantic are imported inside the commands that use them, never at start-up, so that
``verify --help`` answers at once.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import click

from cli_boundary import BadInput, CommandGroup, NoSuchCommand, VerifyGroup, catch_interrupts
from cli_output import write_output, write_whole_file
from cli_questions import (
    SEED_RANGE,
    add_questions,
    json_param,
    option,
    output_param,
    print_answer,
    rule_param,
    svg_param,
    time_limit_param,
)
from model import GAME_PACKAGES
from model.common.question import NO, UNDECIDED, YES, all_questions
from model.whitehouse.questions import TRICK_TIME_LIMIT

EXAMPLES = """\b
Examples:
  verify tricks examples/whitehouse/seven-tricks.json
  verify tricks hand.json --claim 7 --json
  verify socks examples/socks/score.json
  verify whitehouse replay examples/whitehouse/games/reversal.json
  verify compare --rule final_tie=shared --rule final_tie=no_winner
  verify serve
  verify COMMAND --help
"""


@click.group(cls=VerifyGroup, epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tabletop-verify", prog_name="verify")
def cli() -> None:
    """Settle rules disputes in four tabletop games with a proof, not an opinion.

    Exit status: 0 yes / done, 1 no (a claim refuted, an illegal move found, an invariant
    violated), 2 bad input or usage, 3 undecided (a time limit came first), 70 the tool's own
    bug, 130 interrupted.
    """


# --- options every command spells the same way (the shared ones: cli_questions) ---


def _options(params: list[click.Option]) -> Callable[[Any], Any]:
    """Several options as one decorator, listed in this order."""

    def decorate(command: Any) -> Any:
        for param in reversed(params):
            command = option(param)(command)
        return command

    return decorate


def _game_param(what: str) -> click.Option:
    """``--game NAME``: only this game's ``what``."""
    return click.Option(["--game"], type=click.Choice(GAME_PACKAGES), help=what)


def _game_option(what: str) -> Callable[[Any], Any]:
    """``--game NAME`` as a decorator."""
    return option(_game_param(what))


def _seed_param(help: str, default: int | None = None) -> click.Option:
    """``--seed N``: a random game's seed (required unless it has a default)."""
    # click counts an explicit default of None as given: a required seed has no default at all
    given: dict[str, Any] = {"required": True} if default is None else {"default": default, "show_default": True}
    return click.Option(["--seed"], type=SEED_RANGE, help=help, **given)


def _workers_param(most: int, help: str, metavar: str | None = "N") -> click.Option:
    """``--workers N``: processes running at once."""
    return click.Option(["--workers"], type=click.IntRange(1, most), default=1, show_default=True, metavar=metavar,
                        help=help)


def _catalogue_param(help: str, metavar: str = "FILE", multiple: bool = False) -> click.Option:
    """``--catalogue``: a card catalogue file (``serve``: one per game, ``GAME=FILE``)."""
    name = "catalogues" if multiple else "catalogue_file"
    return click.Option(["--catalogue", name], metavar=metavar, multiple=multiple, help=help)


def _players_param(players: click.IntRange, default: int | None, help: str | None = None) -> click.Option:
    """``--players N``: players at the table."""
    return click.Option(["--players"], type=players, default=default, show_default=default is not None, help=help)


def _games_param(least: int, help: str) -> click.Option:
    """``--games N``: random games (from seed S on)."""
    return click.Option(["--games"], type=click.IntRange(least, 1_000_000), default=200, show_default=True, help=help)


def _ray_param() -> click.Option:
    """``--ray ADDRESS``: random games on a Ray cluster."""
    return click.Option(["--ray", "ray_address"], metavar="ADDRESS",
                        help="Run the random games on this Ray cluster ('local' starts one here).")


def _all_options_param(help: str) -> click.Option:
    """``--all-options``: every value of every option."""
    return click.Option(["--all-options"], is_flag=True, help=help)


def _play_options(players: click.IntRange, default: int, seed_help: str, summary: str) -> Callable[[Any], Any]:
    """The options of ``play``: a random legal game, its log written or printed."""
    return _options([
        _seed_param(seed_help),
        _players_param(players, default),
        _catalogue_param("A catalogue (default: the sample)."),
        rule_param("A rule option; repeatable."),
        output_param("the log"),
        json_param(f"With -o: print the {summary} as one JSON object (on standard error with -o -)."),
    ])


def _needs_output(as_json: bool, output: str | None) -> None:
    """``play --json`` without ``-o``: the log itself is the output, and it is JSON already."""
    if as_json and output is None:
        raise BadInput("--json: prints the summary of a log written with -o/--output PATH; without -o the "
                       "log itself is printed, and it is JSON already")


def _write_log(log: str, output: str | None, flag: str, summary: Callable[[], str]) -> None:
    """A played game's log: printed without ``-o``; else written (``-``: printed) and its summary
    printed (on standard error when the log is standard output)."""
    if output is None:
        click.echo(log, nl=False)
        return
    write_output(output, log, flag)
    click.echo(summary(), nl=False, err=output == "-")


class _ProgressBar:
    """A progress bar on standard error while a command works, only when standard error is a
    terminal (``with`` gives None otherwise): never on standard output, never in a pipe."""

    def __init__(self, label: str, length: int | None = None) -> None:
        self.label = label
        self.length = length
        self.bar: Any = None

    def __enter__(self) -> _ProgressBar | None:
        if not sys.stderr.isatty():
            return None
        if self.length:
            self._open(self.length)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)

    def _open(self, length: int) -> None:
        self.bar = click.progressbar(length=length, label=self.label, file=sys.stderr, show_pos=True)
        self.bar.__enter__()

    def __call__(self, done: int, total: int) -> None:
        """Told (done, total)."""
        if self.bar is None and total:
            self._open(total)
        if self.bar is not None:
            self.bar.update(done - self.bar.pos)

    def step(self, count: int) -> None:
        """Told how many more are done."""
        if self.bar is not None:
            self.bar.update(count)


# --- the games' groups: their question commands are built from model.<game>.questions ---


@cli.group("likes")
def likes_group() -> None:
    """Likes and Lies: resolve a round step by step, or replay a game to its winner."""


@cli.group("social")
def social_group() -> None:
    """Social Network: judge a round's or a game's event log, or one Like."""


# --- socks ---


class _SocksGroup(CommandGroup):
    """``verify socks FILE`` scores FILE; a first word that names a subcommand runs it. A first
    word that is no file, looks like no path and is close to a subcommand's name is a misspelt
    subcommand."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        first = next((a for a in args if a == "-" or not a.startswith("-")), None)
        if first is not None and first not in self.commands:
            import difflib

            if (not any(mark in first for mark in "./" + os.sep) and not os.path.exists(first)
                    and difflib.get_close_matches(first, list(self.commands), n=1)):
                raise NoSuchCommand(first, self.list_commands(ctx), ctx)
            args = ["score", *args]
        return super().parse_args(ctx, args)


@cli.group("socks", cls=_SocksGroup)
def socks_group() -> None:
    """Oh My Socks!: score a finished game (FILE|-), play, replay and advise.

    \b
    verify socks FILE|-                  score a finished game (as `score`)
    verify socks play --seed N --players K
    verify socks replay LOG.json
    verify socks advise POSITION.json
    """


@socks_group.command("play")
@_play_options(click.IntRange(2, 10), 3, "The random seed (the same seed, the same game).", "summary")
def socks_play_command(
    seed: int, players: int, catalogue_file: str | None, rules: tuple[str, ...], output: str | None, as_json: bool
) -> None:
    """Play a random legal game and write its log.

    Without -o the log is printed; with -o PATH it is written there and a summary printed; with
    -o - the log is printed and the summary goes to standard error. --json needs -o.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.socks.io import parse_catalogue_document, parse_rules
    from model.socks.log import dump_log
    from model.socks.random_play import write_log
    from model.socks.report import render_play
    from solver.socks import score_game

    _needs_output(as_json, output)
    chosen = parse_rules("--rule", parse_rule_flags(rules))
    catalogue, document = None, None
    if catalogue_file is not None:
        document = load_json(catalogue_file)
        catalogue = parse_catalogue_document(source_name(catalogue_file), document)
    log, _ = write_log(seed, players, chosen, catalogue, document, score_game=score_game)
    summary = {"log": output, "seed": seed, "turns": len(log["turns"]), "result": log["result"],
               "rules": log["rules"]}
    shown = "standard output" if output == "-" else output
    _write_log(dump_log(log) + "\n", output, "--output",
               lambda: json.dumps(summary) + "\n" if as_json else render_play(log, shown) + "\n")


# --- whitehouse game ---


@cli.group("whitehouse")
def whitehouse_group() -> None:
    """The White House intern game: replay a game log, play a random legal game, or ask whether a
    move is legal in a position."""


@whitehouse_group.command("play")
@_play_options(click.IntRange(2, 12), 4, "Same seed, same game.", "result")
@option(time_limit_param(TRICK_TIME_LIMIT.default or 0, TRICK_TIME_LIMIT.help))
@click.option("--out", "out", metavar="PATH|-", hidden=True, help="The former name of -o/--output.")
def whitehouse_play(seed: int, players: int, catalogue_file: str | None, rules: tuple[str, ...],
                    output: str | None, as_json: bool, time_limit: float, out: str | None) -> None:
    """Play a random legal game and write its log (which replay accepts).

    Without -o the log is printed; with -o PATH it is written there and the final table printed;
    with -o - the log is printed and the table goes to standard error. --json needs -o. Exit
    status: 0 played, 2 bad input, 3 a Trick total not proven within --time-limit.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.whitehouse.cards import parse_catalogue
    from model.whitehouse.log import Replay
    from model.whitehouse.random_play import play_log
    from model.whitehouse.report import render_replay, replay_json
    from model.whitehouse.rules import whitehouse_rules

    if output is not None and out is not None and output != out:
        raise BadInput("--out: the former name of -o/--output: give one of them")
    flag = "--output" if output is not None or out is None else "--out"
    output = output if output is not None else out
    _needs_output(as_json, output)
    chosen = whitehouse_rules(parse_rule_flags(rules), "--rule", "")
    catalogue_data = None
    if catalogue_file:
        catalogue_data = load_json(catalogue_file)
        parse_catalogue(source_name(catalogue_file), catalogue_data)
    from solver.network.oracle import trick_oracle

    oracle = trick_oracle(chosen.tricks, time_limit)
    log, state = play_log(players, seed, chosen, oracle, catalogue_data)

    def summary() -> str:
        from model.whitehouse.engine import Engine

        result = Replay(state, len(log["moves"]), None, Engine(state.catalogue, chosen, oracle))
        return json.dumps(replay_json(result)) + "\n" if as_json else render_replay(result)

    _write_log(json.dumps(log, indent=1) + "\n", output, flag, summary)


# --- the shipped examples ---


@cli.command("examples")
@click.argument("directory", metavar="[DIR]", default="examples", required=False)
def examples_command(directory: str) -> None:
    """Copy the shipped example inputs into DIR (default: ./examples): one folder per game, the
    same files the README runs.

    No file is overwritten: when one is already there, nothing is written (exit 2).
    """
    import os
    from importlib.resources import files

    shipped = files("model") / "examples"
    found: list[tuple[str, str]] = []

    def walk(node: Any, parts: tuple[str, ...]) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            if child.is_dir():
                walk(child, (*parts, child.name))
            elif child.name.endswith(".json"):
                found.append(("/".join((*parts, child.name)), child.read_text(encoding="utf-8")))

    walk(shipped, ())
    if not found:
        raise BadInput("examples: the installed package holds no examples")
    there = [name for name, _ in found if os.path.lexists(os.path.join(directory, name))]
    if there:
        raise BadInput(f"{os.path.join(directory, there[0])}: already exists; nothing written "
                       "(choose another DIR)")
    for name, text in found:
        target = os.path.join(directory, name)
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
        except OSError as error:
            raise BadInput(f"{directory}: cannot write: {error.strerror or error}") from None
        write_whole_file(target, text, directory)
    by_game: dict[str, int] = {}
    for name, _ in found:
        by_game[name.split("/")[0]] = by_game.get(name.split("/")[0], 0) + 1
    counts = ", ".join(f"{game} {count}" for game, count in by_game.items())
    click.echo(f"{len(found)} example files copied to {directory} ({counts}).")
    click.echo(f"Try: verify tricks {os.path.join(directory, 'whitehouse', 'seven-tricks.json')}")


# --- checks ---


def _matrix_options(game_help: str, every: str, seconds: float | None = None,
                    seconds_help: str = "") -> Callable[[Any], Any]:
    """The options of ``checks``, ``questions`` and ``rulings`` (the runs of ``--all-options``
    included); with ``seconds``, ``--rule`` and ``--time-limit`` too."""
    with_all = "With --all-options"
    rule = [rule_param("A rule option, e.g. final_tie=no_winner (repeatable).")] if seconds is not None else []
    params = [
        _game_param(game_help),
        *rule,
        _all_options_param(f"{every} and compare the matrix with the recorded one."),
        click.Option(["--expected", "expected_path"], type=click.Path(dir_okay=False), metavar="FILE",
                     help=f"{with_all} and --game: compare with this record instead of the shipped one."),
        click.Option(["--option", "only_options"], multiple=True, metavar="NAME",
                     help=f"{with_all}: only the rows of this option (repeatable)."),
        _workers_param(64, f"{with_all}: rows run in N processes."),
        click.Option(["--save", "save_path"], type=click.Path(dir_okay=False), metavar="FILE",
                     help=f"{with_all} and --game: write the matrix of this run as a record."),
        json_param(),
        *([time_limit_param(seconds, seconds_help)] if seconds is not None else []),
    ]
    return _options(params)


@cli.command("checks")
@_matrix_options("Only this game's invariants.", "Run every invariant under every value of every option of its game",
                 30.0, "Seconds each invariant's proof may take.")
def checks_command(**given: Any) -> None:
    """Prove the rule invariants of the games about the engines' own code, on bounded domains.

    A table of invariant x result with the time taken; each counterexample is drawn as a game
    state and replayed through the Python engine. Exit status: 0 all proved, 1 one violated,
    2 bad input, 3 one unknown (time limit).

    With --all-options: the matrix of invariant x option value; exit status 0 when every cell
    equals the record, 1 when one differs, 3 when the only differences are unknowns.
    """
    from checks.invariants import run_checks
    from checks.report import checks_json, checks_text, summary

    def status(checked: Any) -> int:
        counts = summary(checked)
        return NO if counts["violated"] else UNDECIDED if counts["unknown"] else YES

    _run_every("invariants", given, run_checks, checks_json, checks_text, status)


def _run_every(kind: str, given: dict[str, Any], run: Callable[..., Any], to_json: Callable[..., Any],
               to_text: Callable[[Any], str], status: Callable[[Any], int]) -> None:
    """``checks`` and ``questions``: run every invariant (question) of the games asked about, or
    with ``--all-options`` the matrix of them under every option value."""
    import json

    game, rules, time_limit = given["game"], given["rules"], given["time_limit"]
    if given["all_options"]:
        _matrix(kind, game, rules, given["expected_path"], given["only_options"], given["save_path"],
                given["as_json"], time_limit, given["workers"])
        return
    _only_with_all_options(given["expected_path"], given["save_path"], given["only_options"], given["workers"])
    chosen = _rules_by_game(game, rules)
    with _ProgressBar(kind) as progress:
        found = run(chosen, game, time_limit, progress=progress)
    click.echo(json.dumps(to_json(found, chosen)) if given["as_json"] else to_text(found))
    click.get_current_context().exit(status(found))


def _rules_by_game(game: str | None, rules: tuple[str, ...]) -> dict[str, Any]:
    """The rules object of each game asked about (``--game``, else every game), ``--rule`` flags
    given to the game that has the option."""
    from checks import registry
    from model.common.options import parse_rule_flags

    by_game = registry.split_flags(parse_rule_flags(rules), game)
    games = [game] if game else list(registry.game_names())
    return {g: registry.rules(g, by_game.get(g, {})) for g in games}


def _only_with_all_options(expected_path: str | None, save_path: str | None, only_options: tuple[str, ...],
                           workers: int) -> None:
    if expected_path or save_path or only_options or workers != 1:
        raise click.UsageError("--expected, --option, --save and --workers go with --all-options")


def _matrix(kind: Any, game: str | None, rules: tuple[str, ...], expected_path: str | None,
            only_options: tuple[str, ...], save_path: str | None, as_json: bool, time_limit: float,
            workers: int = 1) -> None:
    """``--all-options`` of ``checks`` and ``questions``: run, compare with the record, print."""
    import json

    from checks import matrix, registry
    from checks.report import matrix_json, matrix_text
    from model.common.errors import InputError
    from model.common.jsonio import load_json

    if rules:
        raise click.UsageError("--all-options sets every option in turn: it takes no --rule")
    if (expected_path or save_path) and game is None:
        raise click.UsageError("--expected and --save need --game")
    games = [game] if game else list(registry.game_names())
    known = {o.name for g in games for o in registry.options(g)}
    for name in only_options:
        if name not in known:
            raise BadInput(f"--option: no option {name!r} in {', '.join(games)} (see `verify options`)")
    records = {g: matrix.load_record(g, kind, expected_path) for g in games}
    with _ProgressBar("settings") as progress:
        cells = matrix.run_matrix(kind, games, time_limit, records, options=only_options or None,
                                  progress=progress, workers=workers)
    if save_path is not None:
        made = matrix.as_record(cells, kind, records)[games[0]]
        # The other kind's cells in an existing record are kept, so an unreadable record is refused
        # rather than replaced.
        kept = load_json(save_path) if os.path.lexists(save_path) else {}
        if not isinstance(kept, dict):
            raise InputError(save_path, "", "a record is a JSON object: refusing to replace this file")
        other = [k for k in matrix.KINDS if k != kind]
        document = {k: kept[k] for k in other if isinstance(kept, dict) and k in kept} | made
        write_whole_file(save_path, json.dumps(document, indent=1, sort_keys=True) + "\n", "--save")
    click.echo(json.dumps(matrix_json(cells, kind, games)) if as_json else matrix_text(cells, kind))
    counts = matrix.summary(cells)
    click.get_current_context().exit(NO if counts["differ"] else UNDECIDED if counts["undecided"] else YES)


@cli.command("questions")
@_matrix_options("Only this game's questions.", "Answer every question under every value of every option of its game",
                 60.0,
                 "Seconds each question's search may take.")
def questions_command(**given: Any) -> None:
    """Answer the designers' questions ("can this ever happen?") with a witness replayed through
    the engine, a proof that it cannot, or the bound searched without finding one.

    Exit status: 0 every question answered (yes, no, or none found up to the bound), 1 a witness
    the engine does not confirm, 2 bad input, 3 one undecided (time limit). With --all-options: as
    for ``checks --all-options``.
    """
    from checks.questions import Yes, ask
    from checks.report import questions_json, questions_summary, questions_text

    def status(answered: Any) -> int:
        refused = any(isinstance(a.answer, Yes) and not a.answer.witness.engine_agrees for a in answered)
        return NO if refused else UNDECIDED if questions_summary(answered)["undecided"] else YES

    _run_every("questions", given, ask, questions_json, questions_text, status)


def _defaults(game: str | None) -> dict[str, dict[str, Any]]:
    """Each game's rules at their defaults, by game (the ``rules`` of ``options`` and ``rulings``:
    each ruling states the options it sets over them)."""
    from checks import registry
    from model.common.options import rules_as_dict

    return {g: rules_as_dict(registry.rules(g)) for g in ([game] if game else registry.game_names())}


@cli.command("options")
@_game_option("Only this game's options.")
@option(json_param())
def options_command(game: str | None, as_json: bool) -> None:
    """Every rule clarification: name, question, rulebook sentence, default, alternatives."""
    import json

    from checks import registry
    from checks.report import options_text

    found = registry.options(game)
    if as_json:
        click.echo(json.dumps({"options": [registry.option_json(o) for o in found], "rules": _defaults(game)}))
    else:
        click.echo(options_text(found))


@cli.command("rulings")
@_matrix_options("Only this game's rulings.", "Run every ruling under every value of every option it does not state")
def rulings_command(game: str | None, all_options: bool, expected_path: str | None, only_options: tuple[str, ...],
                    workers: int, save_path: str | None, as_json: bool) -> None:
    """Run every ruling (a situation and its expected outcome under stated options).

    Exit status: 0 all pass, 1 one fails (what differs is named).

    With --all-options: every ruling under every value of every option it does not state, one
    change at a time; exit status 0 when every cell equals the record, 1 when one differs.
    """
    if all_options:
        _matrix("rulings", game, (), expected_path, only_options, save_path, as_json, 30.0, workers)
        return
    _only_with_all_options(expected_path, save_path, only_options, workers)
    import json

    from checks.report import rulings_json, rulings_text
    from checks.rulings import run_rulings

    results = run_rulings(game)
    click.echo(json.dumps({**rulings_json(results), "rules": _defaults(game)}) if as_json else rulings_text(results))
    click.get_current_context().exit(YES if all(r.passed for r in results) else NO)


@cli.command("compare")
@option(rule_param("Give it twice: --rule NAME=A --rule NAME=B.", required=True))
@_game_option("The game (needed when several have the option).")
@option(_games_param(0, "Random games per setting (0: none)."))
@option(_seed_param("The first seed; game i is played on seed + i under both settings.", 0))
@option(_workers_param(256, "Local processes for the random games (the numbers do not depend on it).", None))
@option(_ray_param())
@option(time_limit_param(30.0, "Seconds each invariant's proof may take."))
@option(json_param())
def compare_command(rules: tuple[str, ...], game: str | None, games: int, seed: int, workers: int,
                    ray_address: str | None, time_limit: float, as_json: bool) -> None:
    """What a clarification changes: rulings, invariants and random games under A and under B."""
    import json

    from checks.compare import compare
    from checks.report import compare_json, compare_text, compare_warnings

    with _ProgressBar("random games", games) as progress:
        result = compare(rules, game, games, seed, workers, ray_address, time_limit,
                         progress.step if progress is not None and games > 0 else None)
    for warning in compare_warnings(result):
        click.echo(f"verify: warning: {warning}", err=True)
    click.echo(json.dumps(compare_json(result)) if as_json else compare_text(result))


@cli.command("balance")
@click.argument("game", type=click.Choice(GAME_PACKAGES))
@option(rule_param("NAME=VALUE; give one option twice (A and B) to pair the two settings seed by seed."))
@option(_all_options_param("One table per value of every option not given."))
@option(_games_param(2, "Random games per setting and kind of player."))
@option(_players_param(click.IntRange(2, 10), None, "Players at the table (default: the game's own)."))
@option(_seed_param("The first seed; game i is played on seed + i.", 0))
@option(_workers_param(256, "Local processes for the games (the numbers do not depend on it).", None))
@option(_ray_param())
@option(json_param())
@option(svg_param())
def balance_command(game: str, rules: tuple[str, ...], all_options: bool, games: int, players: int | None,
                    seed: int, workers: int, ray_address: str | None, as_json: bool, svg_path: str | None) -> None:
    """A designer's balance report: seat win shares, game lengths and which rules fire or decide
    games, over random games (and a greedy player where the game declares one), with 95% intervals."""
    import json

    from checks.balance import balance, total_games
    from checks.balance_picture import picture
    from checks.balance_report import text, to_json

    with _ProgressBar("games", total_games(game, rules, games, all_options)) as progress:
        report = balance(game, rules, games, players, seed, workers, ray_address, all_options,
                         progress.step if progress is not None else None)
    shown = json.dumps(to_json(report)) + "\n" if as_json else text(report)
    print_answer(shown, svg_path, lambda: picture(report), write_whole_file)


# --- the page ---


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; 0.0.0.0 lets a phone on this network in (with a token).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free one).")
@option(_catalogue_param("A card catalogue the page offers (whitehouse, socks; repeatable).", "GAME=FILE", True))
@option(time_limit_param(30.0, "The most seconds one solve may take."))
@click.option("--solves", type=click.IntRange(1, 64), default=2, show_default=True,
              help="The most solves running at once (more are refused until one ends).")
def serve_command(host: str, port: int, catalogues: tuple[str, ...], time_limit: float, solves: int) -> None:
    """A web page for the table: every question of the other commands, without writing JSON.

    Needs the web extra (pip install 'tabletop-verify[web]'). Listens on 127.0.0.1 unless --host
    says otherwise; beyond this machine every request needs the token in the printed address.
    Runs until Ctrl-C (exit 130); exit 2 bad input or a port in use.
    """
    from web.serve import check_extra, serve

    check_extra()
    serve(host, port, catalogues, time_limit, solves, click.echo)
    raise KeyboardInterrupt  # the server stops only when interrupted


add_questions(cli, all_questions(), write_whole_file)


def main() -> None:
    """Console entry point."""
    catch_interrupts()
    cli(prog_name="verify")


if __name__ == "__main__":
    main()
