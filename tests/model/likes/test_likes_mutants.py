"""Rules of Likes and Lies at their edges: a Content card of an earlier round, a player who plays
nothing, an Event card drawn without landing, the Start floor on the round's net movement, the
winners under the Viral options, the Intent deck reshuffled, and what the step lines record.
Each case is the small legal round of ``test_likes_every_rule`` with one change."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from likes_cases import BASE, CATALOGUE
from likes_cases import resolve as _resolve

from model.likes.engine import IllegalInput, replay_game
from model.likes.io import game_file_from
from model.likes.rules import max_streak


def _base() -> dict[str, Any]:
    return copy.deepcopy(BASE)


def _refused(doc: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(IllegalInput) as caught:
        _resolve(doc)
    return caught.value.rule, caught.value.path


def _game_round(suffix: str = "", intents: dict[str, str] | None = None) -> dict[str, Any]:
    """The base round from Start (nobody reports, nobody lands on an Event)."""
    rnd = copy.deepcopy(BASE["round"])
    rnd["caption"] += suffix
    rnd["reports"] = [{"by": "Ana", "target": None}]
    rnd["events"] = []
    for play in rnd["plays"]:
        play["content"] += suffix
        play["intent"] = (intents or {}).get(play["player"], play["intent"])
    for vote in rnd["votes"]:
        vote["card"] += suffix
    return rnd


def _replay(game: dict[str, Any]):
    rules, players, rounds = game_file_from("case", game, CATALOGUE)
    return replay_game(CATALOGUE, players, rounds, rules)


# --- refusals ----------------------------------------------------------------------------------

def test_a_content_card_of_an_earlier_round_is_not_played_again() -> None:
    second = _game_round("b")
    second["plays"][0]["content"] = "C1"
    second["votes"] = [v if v["card"] != "C1b" else {**v, "card": "C1"} for v in second["votes"]]
    for play, intent in zip(second["plays"], ("M4", "T2", "M5", "M6"), strict=True):
        play["intent"] = intent
    result = _replay({"players": [{"name": p["name"]} for p in BASE["players"]],
                      "rounds": [_game_round(), second]})
    assert result.status == "illegal"
    assert (result.violation.rule, result.violation.path) == ("content_once", "rounds[1].plays[0]")


def test_every_player_plays_a_content_and_an_intent_card() -> None:
    doc = _base()
    doc["round"]["plays"].pop()  # Dee plays nothing (Ana's Like goes to Cy's card)
    doc["round"]["votes"][3]["card"] = "C3"
    assert _refused(doc) == ("one_play", "round.plays")


def test_an_event_card_is_drawn_only_on_landing_on_an_event_space() -> None:
    doc = _base()
    doc["round"]["events"].append({"player": "Ben", "card": "E01"})  # Ben goes 0 -> 1
    assert _refused(doc) == ("event", "round.events[2]")


def test_a_round_after_the_end_of_the_game_makes_the_game_illegal() -> None:
    players = [{"name": p["name"], "intent_deck": [pl["intent"]]}
               for p, pl in zip(BASE["players"], BASE["round"]["plays"], strict=True)]
    result = _replay({"players": players, "rounds": [_game_round(), _game_round("b")]})
    assert result.status == "illegal"
    assert result.violation.rule == "game_over"
    assert (len(result.rounds), result.decided_in) == (1, 2)


# --- the Intent deck reshuffled ----------------------------------------------------------------

def _reshuffle_game(decks: dict[str, list[str]], second: dict[str, str]) -> Any:
    players = [{"name": p["name"], "intent_deck": decks[p["name"]]} for p in BASE["players"]]
    return _replay({"players": players, "rules": {"spent_intents": "reshuffle"},
                    "rounds": [_game_round(), _game_round("b", second)]})


ONE_CARD = {"Ana": ["M3"], "Ben": ["T1"], "Cy": ["M1"], "Dee": ["M2"]}


def test_a_reshuffled_deck_is_the_players_own_deck_again() -> None:
    # Ana's deck was M3 alone: reshuffled it is M3 again, never another card of the box.
    result = _reshuffle_game(ONE_CARD, {"Ana": "M4"})
    assert result.status == "illegal"
    assert (result.violation.rule, result.violation.path) == ("intent_from_deck", "rounds[1].plays[0]")


def test_a_deck_is_reshuffled_only_once_it_is_spent() -> None:
    decks = {name: [*cards, "M6" if name != "Dee" else "M5"] for name, cards in ONE_CARD.items()}
    result = _reshuffle_game(decks, {})  # every player plays his first card a second time
    assert result.status == "illegal"
    assert (result.violation.rule, result.violation.path) == ("intent_from_deck", "rounds[1].plays[0]")


def test_the_streak_a_player_may_carry_in_depends_on_the_streak_option() -> None:
    assert max_streak("restart") == 2
    assert max_streak("penalty_again") is None
    assert max_streak("third_only") is None


# --- the Start floor on the round's net movement -------------------------------------------------

def test_the_start_floor_on_the_net_movement_holds_the_pawn_at_start_once() -> None:
    # Third time Influencer from space 2: -3, then -2 for reporting True Information: -3 net.
    doc = _base()
    doc["players"][0]["streak"] = 2
    doc["round"]["events"] = [{"player": "Dee", "card": "E12"}]
    doc["rules"] = {"start_floor": "round_net"}
    result = _resolve(doc)
    ana = [(s.rule, s.move, s.start, s.end) for s in result.steps if s.player == "Ana"]
    assert ana[-1] == ("start", 0, -3, 0)
    held = result.steps[-1]
    assert (held.player, held.card, held.likes) == ("Ana", None, None)
    assert [(s.rule, s.end) for s in result.steps if s.player == "Ana" and s.move] == [
        ("influencer_third", -1), ("true_information", -3)]
    assert result.players[0].position == 0


# --- what the steps record -----------------------------------------------------------------------

def test_the_likes_exchange_line_records_the_likes_left_on_the_counter() -> None:
    doc = _base()
    doc["players"][0]["likes"] = 8
    doc["round"]["events"][0]["at"] = None
    steps = [s for s in _resolve(doc).steps if s.rule == "likes_exchange"]
    assert [(s.player, s.move, s.likes) for s in steps] == [("Ana", 1, 1)]


def test_the_influencers_penalty_line_names_the_true_information_card() -> None:
    steps = [s for s in _resolve(_base()).steps if s.rule == "true_information"]
    assert [(s.player, s.move, s.card) for s in steps] == [("Ben", 1, "T1"), ("Ana", -2, "T1")]


# --- the winners ---------------------------------------------------------------------------------

def test_a_pawn_standing_on_viral_wins_when_it_must_stand() -> None:
    doc = _base()
    doc["players"][2]["position"] = 23
    doc["rules"] = {"viral_fall_back": "must_stand"}
    result = _resolve(doc)
    assert (result.reached_viral, result.winners) == (("Cy",), ("Cy",))


def test_several_winners_are_named_in_seat_order() -> None:
    doc = _base()
    doc["players"] = [doc["players"][3], doc["players"][2], doc["players"][0], doc["players"][1]]
    doc["players"][0]["position"] = 23  # Dee, +2 by Misinformation
    doc["players"][1]["position"] = 23  # Cy, +2 by Misinformation
    doc["round"]["events"] = [{"player": "Ana", "card": "E09", "at": 1}]
    doc["rules"] = {"several_reach_viral": "all_win"}
    result = _resolve(doc)
    assert result.winners == ("Dee", "Cy")


def test_a_reshuffled_deck_has_no_known_order_so_any_of_its_cards_may_be_played() -> None:
    # Decks of two, intent_source=draw_top: rounds 1 and 2 play the top cards; round 3, after the
    # reshuffle, plays each player's second card again, which is legal: nobody knows the order.
    decks = {"Ana": ["M3", "M4"], "Ben": ["T1", "T2"], "Cy": ["M1", "M5"], "Dee": ["M2", "M6"]}
    second = {name: deck[1] for name, deck in decks.items()}
    third = _game_round("c", second)
    third["events"] = [{"player": "Ana", "card": "E09"}, {"player": "Ben", "card": "E12"}]  # on 7 and 3
    game = {"players": [{"name": name, "intent_deck": deck} for name, deck in decks.items()],
            "rules": {"spent_intents": "reshuffle", "intent_source": "draw_top"},
            "rounds": [_game_round("", {name: deck[0] for name, deck in decks.items()}),
                       _game_round("b", second), third]}
    result = _replay(game)
    assert (result.status, result.violation, len(result.rounds)) == ("unfinished", None, 3)
