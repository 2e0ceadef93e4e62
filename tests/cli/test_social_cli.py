"""`verify social round|game|like`: exit codes, output, bad input; schemas, rulings, decks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from social_logs import Scenario

from checks.rulings import run_one
from checks.social.rulings import load_rulings
from cli import cli
from model.social.cards import sample_decks
from model.social.engine import judge_game
from model.social.io import SCHEMAS, parse_game, schema_of
from model.social.rules import SOCIAL_OPTIONS, SocialRules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "social"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def write(tmp_path: Path, doc: object, name: str = "log.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return str(path)


def test_a_legal_round_exits_0_and_prints_scores() -> None:
    result = run("social", "round", str(EXAMPLES / "round.json"))
    assert result.exit_code == 0
    assert "Illegal events: none." in result.output
    assert "Profiles and scores:" in result.output


def test_a_disputed_round_exits_1_and_names_each_rule_and_remedy() -> None:
    result = run("social", "round", str(EXAMPLES / "round-disputed.json"), "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    found = [(v["event"], v["rule"], v["remedy"]) for v in data["illegal"]]
    assert found == [
        (2, "like_once_per_gallery", "corrected_at_scoring"),
        (4, "like_closed_gallery", "corrected_at_scoring"),
        (6, "like_own_gallery", "refused"),
        (10, "quiz_halt", "refused"),
    ]
    scores = {p["name"]: p["score"] for p in data["players"]}
    assert scores == {"Ana": -18, "Bo": -18, "Cy": -17}
    assert data["finished"] is False and data["rules"]["like_own_gallery"] == "refused"


def test_a_rule_flag_wins_over_the_file() -> None:
    result = run("social", "round", str(EXAMPLES / "round-disputed.json"), "--json",
                 "--rule", "like_own_gallery=returned_at_scoring")
    data = json.loads(result.output)
    assert [v["remedy"] for v in data["illegal"] if v["rule"] == "like_own_gallery"] == [
        "corrected_at_scoring"]


def test_a_bad_rule_flag_is_bad_input() -> None:
    result = run("social", "round", str(EXAMPLES / "round.json"), "--rule", "rounds=seven")
    assert result.exit_code == 2
    assert "rounds" in result.output and "Traceback" not in result.output


def test_a_game_names_the_winner_and_the_tie_break() -> None:
    result = run("social", "game", str(EXAMPLES / "game.json"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["winners"] == ["Ana"] and data["decided_by"] == "best_round"
    assert [t["total"] for t in data["totals"]] == [51, 51, 51]
    text = run("social", "game", str(EXAMPLES / "game-two-player.json")).output
    assert "all of them win" in text


def test_the_like_question() -> None:
    assert run("social", "like", str(EXAMPLES / "like-legal.json")).exit_code == 0
    closed = run("social", "like", str(EXAMPLES / "like-closed.json"), "--json")
    assert closed.exit_code == 1
    assert json.loads(closed.output)["rule"] == "like_closed_gallery"


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d["events"][1].update(card="red-gallery-99"), "events[1].card: unknown card"),
        (lambda d: d["events"][1].update(player="Zed"), "events[1].player: unknown player"),
        (lambda d: d["events"][1].pop("on"), "events[1].on: a Like is played on a Gallery"),
        (lambda d: d["events"][0].update(on="red-gallery-1"), "events[0].on: only a Like"),
        (lambda d: d["events"][0].update(action="dance"), "events[0]"),
        (lambda d: d["events"][0].update(extra=1), "events[0].extra: unknown key"),
        (lambda d: d["piles"]["Bo"].pop(), "piles.Bo: the pile lacks 1"),
        (lambda d: d["piles"]["Bo"].append("blue-vote-true"), "piles.Bo[23]: voting cards"),
        (lambda d: d["piles"]["Bo"].__setitem__(0, "red-like-1"), "piles.Bo[0]: red-like-1 is"),
        (lambda d: d["players"][1].update(colour="red"), "players[1].colour: colour 'red'"),
        (lambda d: d.update(rules={"nope": 1}), "rules.nope: unknown rule option"),
        (lambda d: d.update(deck={"composition": {"gallery": 1, "like": 1, "contest": 1,
                                                  "quiz": 1}}), "deck.composition"),
    ],
)
def test_broken_documents_name_file_and_path_and_exit_2(tmp_path: Path, mutate, where) -> None:
    scenario = Scenario(3)
    scenario.play("Ana", "gallery-1")
    scenario.play("Bo", "like-1", on="red-gallery-1")
    doc = scenario.log()
    mutate(doc)
    path = write(tmp_path, doc)
    result = run("social", "round", path)
    assert result.exit_code == 2
    assert result.output.startswith(f"verify: {path}: {where}"), result.output
    assert result.output.count("\n") == 1


def test_not_json_and_stdin(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert run("social", "round", str(bad)).exit_code == 2
    text = (EXAMPLES / "like-legal.json").read_text()
    assert run("social", "like", "-", stdin=text).exit_code == 0
    assert "verify: <stdin>: " in run("social", "like", "-", stdin="[]").output


def test_a_game_with_the_wrong_number_of_rounds_is_bad_input(tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "game.json").read_text())
    doc["rounds"].pop()
    result = run("social", "game", write(tmp_path, doc))
    assert result.exit_code == 2 and ": rounds: a game has 3 rounds" in result.output


def test_a_like_moment_with_two_active_galleries_of_one_owner_is_bad_input(
    tmp_path: Path,
) -> None:
    doc = json.loads((EXAMPLES / "like-legal.json").read_text())
    doc["galleries"][0]["active"] = True
    result = run("social", "like", write(tmp_path, doc))
    assert result.exit_code == 2 and "galleries[1].active" in result.output


def test_ties_on_points_and_on_the_best_round() -> None:
    doc = json.loads((EXAMPLES / "game-two-player.json").read_text())
    game, rules = parse_game("game", doc)
    result = judge_game(game, rules)
    per_round = [[p.score for p in r.players] for r in result.rounds]
    totals = [sum(column) for column in zip(*per_round, strict=False)]
    assert totals[0] == totals[1] and max(r[0] for r in per_round) == max(r[1] for r in per_round)
    assert result.winners == ("Ana", "Bo") and result.decided_by == "shared"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_shipped_schemas_equal_the_models(name: str) -> None:
    shipped = json.loads((ROOT / "model" / "social" / "data" / name).read_text())
    assert shipped == schema_of(SCHEMAS[name])


@pytest.mark.parametrize("ruling", load_rulings(), ids=lambda r: r["name"][:60])
def test_rulings(ruling: dict) -> None:
    result = run_one("social", ruling)
    assert result.passed, result.differences


def test_every_option_has_a_ruling_that_sets_it() -> None:
    set_by_rulings = {name for r in load_rulings() for name in r["rules"]}
    assert set_by_rulings == {option.name for option in SOCIAL_OPTIONS}


def test_options_defaults_match_the_rules_dataclass() -> None:
    defaults = SocialRules()
    for option in SOCIAL_OPTIONS:
        assert getattr(defaults, option.name) == option.default
        assert option.default in [value for value, _ in option.values]


def test_the_sample_decks_are_labelled_illustrative() -> None:
    data = json.loads((ROOT / "model" / "social" / "data" / "social-sample-decks.json").read_text())
    assert "llustrative" in data["note"]
    decks = sample_decks()
    assert len(decks.colours) == 6 and decks.count("like") >= 5
    assert len(decks.colour_cards("red")) == 25


def test_a_user_composition_is_loaded(tmp_path: Path) -> None:
    composition = {"gallery": 10, "like": 5, "contest": 4, "quiz": 4}
    scenario = Scenario(3, composition=composition)
    scenario.play("Ana", "gallery-10")
    scenario.piles["Ana"].remove("red-gallery-10")
    scenario.piles["Ana"].insert(0, "red-gallery-10")
    data = json.loads(run("social", "round", write(tmp_path, scenario.log()), "--json").output)
    assert data["deck"] == "custom" and data["legal"] is True
