"""``verify whitehouse play`` and ``verify whitehouse replay``: exit codes, output, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli
from model.whitehouse.cards import catalogue_schema
from model.whitehouse.io import log_schema

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "whitehouse" / "games"


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("logs") / "game.json"
    result = CliRunner().invoke(cli, ["whitehouse", "play", "--seed", "3", "--players", "3", "--out", str(path)])
    return result, path


def test_play_writes_a_log_that_replays(played):
    result, path = played
    assert result.exit_code == 0, result.output
    log = json.loads(path.read_text())
    assert log["seed"] == 3 and log["players"] == 3 and log["moves"]
    replayed = run("whitehouse", "replay", str(path), "--json")
    assert replayed.exit_code == 0, replayed.output
    answer = json.loads(replayed.output)
    assert answer["status"] == "finished" and answer["illegal"] is None
    assert answer["moves_applied"] == len(log["moves"])
    assert answer["state"]["winners"], "a random game ends with a winner well before the turn limit"
    winner = answer["state"]["winners"][0]
    assert answer["state"]["players"][winner]["tricks"] >= 7


def test_play_is_deterministic(played):
    _, path = played
    again = run("whitehouse", "play", "--seed", "3", "--players", "3")
    assert again.exit_code == 0
    assert json.loads(again.output) == json.loads(path.read_text())


def test_replay_text_names_the_winner(played):
    _, path = played
    result = run("whitehouse", "replay", str(path))
    assert result.exit_code == 0
    # Seed 3: the lock that won added two Tricks at once; the first line says so once.
    assert result.output.startswith("player 2 reached 7 Tricks (8 proven) and won on turn ")
    assert "not 7" not in result.output and "note:" not in result.output


def test_an_illegal_move_is_a_verdict(played, tmp_path):
    _, path = played
    log = json.loads(path.read_text())
    first = log["moves"][0]
    log["moves"][0] = {**first, "slot": "middle", "discards": []} if first["move"] == "take" else first
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    result = run("whitehouse", "replay", str(bad), "--json")
    assert result.exit_code == 1
    answer = json.loads(result.output)
    assert answer["status"] == "illegal"
    assert answer["illegal"]["index"] == 0 and answer["illegal"]["rule"] == "take-cost"
    text = run("whitehouse", "replay", str(bad))
    assert text.exit_code == 1 and "rule take-cost" in text.output and "discard cost" in text.output


def test_a_move_by_the_wrong_player_is_a_verdict(played, tmp_path):
    _, path = played
    log = json.loads(path.read_text())
    log["moves"][0]["player"] = (log["moves"][0]["player"] + 1) % 3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    result = run("whitehouse", "replay", str(bad), "--json")
    assert result.exit_code == 1 and json.loads(result.output)["illegal"]["rule"] == "turn-order"


@pytest.mark.parametrize(
    "change,path",
    [
        (lambda log: log["moves"][0].update(discards=[999]), "moves[0].discards[0]"),
        (lambda log: log["moves"][1].update(move="dance"), "moves[1]"),
        (lambda log: log.update(players=1), "players"),
        (lambda log: log.update(extra=1), "extra"),
        (lambda log: log.update(rules={"lock_count": "some"}), "rules.lock_count"),
        (lambda log: log["moves"][0].update(player=7), "moves[0].player"),
    ],
    ids=["unknown-card", "unknown-move", "one-player", "unknown-key", "bad-option", "no-such-seat"],
)
def test_bad_input_names_the_path(played, tmp_path, change, path):
    _, source = played
    log = json.loads(source.read_text())
    change(log)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    result = run("whitehouse", "replay", str(bad))
    assert result.exit_code == 2, result.output
    line = result.output.strip().splitlines()
    assert len(line) == 1 and line[0].startswith(f"verify: {bad}: {path}")


def test_bad_catalogue_inline_names_the_path(tmp_path):
    catalogue = json.loads((ROOT / "model" / "whitehouse" / "data" / "whitehouse-sample-catalogue.json").read_text())
    catalogue["events"][2]["supporters"] = [1, 1]
    log = {"game": "whitehouse", "catalogue": catalogue, "players": 2, "seed": 1, "moves": []}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    result = run("whitehouse", "replay", str(bad))
    assert result.exit_code == 2
    assert "catalogue.events[2].supporters" in result.output


def test_catalogue_whose_redeal_never_stops_is_refused(tmp_path):
    catalogue = {
        "supporters": [{"number": n} for n in range(1, 7)],
        "events": [{"id": f"E{n}", "supporters": sorted({1, n})} for n in range(1, 7)],
        "distractions": [{"id": f"D{n}", "quote": "q", "action": {"type": "reverse"}} for n in range(1, 4)],
    }
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(catalogue))
    out = tmp_path / "log.json"
    result = run("whitehouse", "play", "--seed", "1", "--players", "2", "--catalogue", str(path), "--out", str(out))
    assert result.exit_code == 2
    assert "redeal can never stop" in result.output and "Supporter 1" in result.output
    assert not out.exists(), "nothing half-written"


def test_too_many_players_for_the_catalogue(tmp_path):
    catalogue = {
        "supporters": [{"number": n} for n in range(1, 7)],
        "events": [{"id": f"E{n}", "supporters": [n]} for n in range(1, 7)],
        "distractions": [{"id": f"D{n}", "quote": "q", "action": {"type": "reverse"}} for n in range(1, 4)],
    }
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(catalogue))
    result = run("whitehouse", "play", "--seed", "1", "--players", "4", "--catalogue", str(path),
                 "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "at most 3 players" in result.output
    assert not (tmp_path / "x.json").exists()


def test_rule_flag_reaches_the_log():
    result = run("whitehouse", "play", "--seed", "2", "--players", "2", "--rule", "turn_limit=200",
                 "--rule", "lock_count=all")
    assert result.exit_code == 0
    log = json.loads(result.output)
    assert log["rules"]["turn_limit"] == 200 and log["rules"]["lock_count"] == "all"


def test_unknown_rule_flag_is_bad_input():
    result = run("whitehouse", "play", "--seed", "2", "--rule", "lock_count=several")
    assert result.exit_code == 2 and "lock_count" in result.output


def test_replay_from_stdin(played):
    _, path = played
    result = run("whitehouse", "replay", "-", "--json", input=path.read_text())
    assert result.exit_code == 0 and json.loads(result.output)["status"] == "finished"


def test_shipped_examples_replay():
    found = sorted(EXAMPLES.glob("*.json"))
    assert found
    for example in found:
        result = run("whitehouse", "replay", str(example), "--json")
        answer = json.loads(result.output)
        expected_exit = 1 if answer["status"] == "illegal" else 0
        assert result.exit_code == expected_exit, example.name
        assert ("illegal" in example.name) == (answer["status"] == "illegal"), example.name


@pytest.mark.parametrize(
    "name,schema",
    [("whitehouse-catalogue.schema.json", catalogue_schema), ("whitehouse-log.schema.json", log_schema)],
)
def test_schema_files_match_the_models(name, schema):
    shipped = json.loads((ROOT / "model" / "whitehouse" / "data" / name).read_text())
    assert shipped == schema()


def test_log_schema_states_its_conventions():
    """Seat 0 is dealt first, decks are listed top first, the first card drawn for a row goes to the
    closest slot, rows are listed closest first (the deal itself is tested in the model's tests)."""
    schema = log_schema()
    decks = schema["$defs"]["DecksIn"]
    text = " ".join(decks["description"].split())
    assert "listed top card first" in text and "seat 0 is dealt first" in text
    assert "the first card drawn for each row goes to the slot closest to its deck" in text
    assert all(p["description"].startswith("Top card first") for p in decks["properties"].values())
    assert "seat 0 is dealt first" in schema["properties"]["players"]["description"]
    assert "top card first" in schema["properties"]["decks"]["description"]
    row = schema["$defs"]["RowsIn"]["properties"]["supporter"]
    assert row["description"].startswith("The row's slots, closest to its deck first")


def test_sample_catalogue_is_labelled_illustrative_and_has_every_action():
    from model.whitehouse.cards import ACTION_TYPES, sample_catalogue, sample_catalogue_data

    assert "illustrative" in sample_catalogue_data()["note"].lower()
    catalogue = sample_catalogue()
    assert {d.action.type for d in catalogue.distractions} == set(ACTION_TYPES)
    assert catalogue.max_players() >= 5
