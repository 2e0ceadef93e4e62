"""Oh My Socks!'s questions (``verify socks score``, ``replay``, ``advise``), declared once for
the command line and the page (``model.common.question``).

The parsers, engine and drawings are imported when a question is asked, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.common.question import NO, YES, Answered, Asked, Document, Question, Shared, rules_over, typed_rule_values

#: The seam of the optimal Super Sock placement (``solver.socks.score_game``).
SOCKS_SCORE = "socks_score"
JSON = Shared("json", "Print exactly one JSON object, with the rules in force.")
SVG = Shared("svg")
#: The shipped finished games (the other Socks examples are logs and positions).
SCORE_FILES = tuple(f"socks/{name}.json" for name in ("score", "rulebook-example", "super-sock-gift", "tie"))


def _rule(example: str) -> Shared:
    return Shared("rule", f"A rule option, e.g. {example} (repeatable; wins over the file's rules).")


def _read_with_rules(asked: Asked, name: str, scoring_only: bool) -> tuple[str, Any]:
    """The document ``name`` with the ``--rule`` values (checked against the game's options, or
    the scoring options only) over its own ``rules``."""
    from model.socks.rules import SCORING_OPTIONS, SOCKS_OPTIONS, SocksRules

    typed = typed_rule_values(SocksRules, SCORING_OPTIONS if scoring_only else SOCKS_OPTIONS, asked.rules)
    source, data = asked.inputs.read(name)
    return source, rules_over(data, typed)


@dataclass(frozen=True)
class ScoreReply(Answered):
    """``verify socks score``: sets, Super Socks placed at best, winners and why."""

    #: The scored table (``ScoredTable``).
    game: Any
    #: The score document's reading (``ScoringInput``).
    scoring: Any
    #: The document and its source (the picture draws the cards it names).
    source: str
    data: Any

    @property
    def exit_status(self) -> int:
        return YES

    @property
    def warnings(self) -> tuple[str, ...]:  # type: ignore[override]
        from model.socks.report import SAMPLE_WARNING

        return (SAMPLE_WARNING,) if self.scoring.catalogue == "sample" else ()

    def to_json(self) -> dict[str, Any]:
        from model.socks.report import score_json

        return score_json(self.game, self.scoring.rules, self.scoring.catalogue)

    def to_text(self, unicode: bool) -> str:
        from model.socks.report import render_score

        return render_score(self.game, self.scoring.rules) + "\n"

    def to_svg(self) -> str:
        from model.socks.picture import score_svg, socks_of_scoring

        socks = socks_of_scoring(self.source, self.data, self.scoring.hands)
        return score_svg(self.game, self.scoring.rules, socks)


def answer_score(asked: Asked) -> ScoreReply:
    from model.socks.io import parse_scoring

    source, data = _read_with_rules(asked, "socks", scoring_only=True)
    scoring = parse_scoring(source, data)
    return ScoreReply(asked.solvers[SOCKS_SCORE](scoring.hands, scoring.rules), scoring, source, data)


SCORE = Question(
    game="socks",
    words=("socks", "score"),
    help="""Score a finished game: sets, Super Socks placed at best, winners and why.

    The placement of every open Super Sock is always decided (and proven best). Exit status:
    0 scored, 2 bad input.
    """,
    parameters=(
        Document("socks", "FILE|-", "socks.json", ("model.socks", "socks-scoring.schema.json"), examples=SCORE_FILES),
        JSON,
        _rule("tie_break_counts=scoring_sets"),
        SVG,
    ),
    answer=answer_score,
    solvers=(SOCKS_SCORE,),
)


@dataclass(frozen=True)
class ReplayReply(Answered):
    """``verify socks replay``: the first illegal step, or the final scores."""

    #: The replay (``ReplayReport``).
    report: Any
    #: The final table scored at best (None: the game is unfinished or illegal).
    game: Any
    #: The rules in force (the log's, with ``--rule`` over them).
    rules: Any
    #: ``user`` when the log carries its catalogue, else ``sample``.
    catalogue: str

    @property
    def exit_status(self) -> int:
        return YES if self.report.legal else NO

    @property
    def shown(self) -> Any:
        """The rules the report states (None where the log was refused before its first turn)."""
        return None if self.report.state is None else self.report.state.rules

    def to_json(self) -> dict[str, Any]:
        from model.common.options import rules_as_dict
        from model.socks.report import replay_json

        return {**replay_json(self.report, self.game, self.shown, self.catalogue), "rules": rules_as_dict(self.rules)}

    def to_text(self, unicode: bool) -> str:
        from model.socks.report import render_replay

        return render_replay(self.report, self.game, self.shown) + "\n"

    def to_svg(self) -> str:
        from model.socks.picture import replay_svg

        return replay_svg(self.report, self.game, self.shown)


def answer_replay(asked: Asked) -> ReplayReply:
    from model.socks.engine import final_hands
    from model.socks.log import parse_log, replay

    source, data = _read_with_rules(asked, "log", scoring_only=False)
    score_game = asked.solvers[SOCKS_SCORE]
    report = replay(source, data, score_game)
    game = None
    if report.legal and report.finished and report.state is not None:
        game = score_game(final_hands(report.state), report.state.rules)
    in_force = report.state.rules if report.state is not None else parse_log(source, data)[2]
    catalogue = "user" if isinstance(data, dict) and "catalogue" in data else "sample"
    return ReplayReply(report, game, in_force, catalogue)


REPLAY = Question(
    game="socks",
    words=("socks", "replay"),
    help="""Check a game log turn by turn: the first illegal step, or the final scores.

    Exit status: 0 every step legal, 1 an illegal step (the rule named), 2 bad input.
    """,
    parameters=(
        Document("log", "LOG.json|-", "log.json", ("model.socks", "socks-log.schema.json"),
                 examples=("socks/*.log.json",)),
        JSON,
        _rule("gift_to_self=false"),
        SVG,
    ),
    answer=answer_replay,
    solvers=(SOCKS_SCORE,),
)


@dataclass(frozen=True)
class AdviceReply(Answered):
    """``verify socks advise``: every legal choice for the two cards drawn."""

    #: The advice (``Advice``).
    advice: Any

    @property
    def exit_status(self) -> int:
        return YES

    def to_json(self) -> dict[str, Any]:
        from model.socks.report import advice_json

        return advice_json(self.advice)

    def to_text(self, unicode: bool) -> str:
        from model.socks.report import render_advice

        return render_advice(self.advice) + "\n"


def answer_advise(asked: Asked) -> AdviceReply:
    from model.socks.advise import advise, parse_position

    return AdviceReply(advise(parse_position(*_read_with_rules(asked, "position", scoring_only=False))))


ADVISE = Question(
    game="socks",
    words=("socks", "advise"),
    help="""Every legal choice for the two cards drawn, with its effect on the visible scores now.

    Exit status: 0 advised, 2 bad input.
    """,
    parameters=(
        Document("position", "POSITION.json|-", "position.json", ("model.socks", "socks-position.schema.json"),
                 examples=("socks/position.json",)),
        JSON,
        _rule("effect_timing=before_pass"),
    ),
    answer=answer_advise,
)

QUESTIONS: tuple[Question, ...] = (SCORE, REPLAY, ADVISE)
