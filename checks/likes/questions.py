"""Likes and Lies designer questions, answered through the engine (``resolve_round``,
``replay_game``)."""

from __future__ import annotations

from dataclasses import replace

from checks.likes import explore
from checks.questions import Asked, No, NoneFound, Question, Witness, Yes
from model.likes import engine as likes_engine
from model.likes.cards import Catalogue
from model.likes.engine import Draw, History, IllegalInput, Play, RoundInput, Vote
from model.likes.io import sample_catalogue
from model.likes.rules import RULEBOOK, LikesRules
from model.likes.state import PlayerState

GAME = "likes"
NAMES = ("Ana", "Ben", "Cy")
#: How many rounds the search for a repeating state plays.
ROUNDS = 200


def _state(players: tuple[PlayerState, ...], history: History, rules: LikesRules) -> object:
    """What the rest of the game depends on (the Caption and Content cards are always new ones;
    the Event cards drawn matter only when they are discarded)."""
    return players, history.events if rules.event_cards_discarded else frozenset()


def _tie_round(catalogue: Catalogue, players: tuple[PlayerState, ...], rules: LikesRules,
               history: History, number: int) -> tuple[RoundInput, likes_engine.RoundResult] | None:
    """A round of the policy: everyone plays the top card of his deck, gives his Like token to
    the next player's card (so all tie for first: no Influencer, no report), and whoever lands
    on an Event space draws the card that sends him furthest back (not one already drawn when
    they are discarded). None when the engine refuses it."""
    names = [p.name for p in players]
    plays = tuple(Play(p.name, f"Q{number}-{p.name}", p.intent_deck[0]) for p in players)
    votes = tuple(Vote(n, f"Q{number}-{names[(i + 1) % len(names)]}") for i, n in enumerate(names))
    by_effect = sorted(catalogue.events, key=lambda c: (c.effect != "to_start", c.amount if c.effect == "move" else 99))
    draws: tuple[Draw, ...] = ()
    while True:
        rnd = RoundInput(f"K{number}", plays, votes, (), draws)
        try:
            return rnd, likes_engine.resolve_round(catalogue, players, rnd, rules, history)
        except IllegalInput as error:
            if error.missing_draw is None:
                return None
            used = ({d.card for d in draws} | history.events) if rules.event_cards_discarded else set()
            left = [c.id for c in by_effect if c.id not in used]
            if not left:
                return None
            draws += (Draw(error.missing_draw, left[0]),)


def _spent_proof(asked: Asked) -> No | NoneFound:
    rules = asked.rules
    catalogue = sample_catalogue()
    # The engine's part of the argument, checked: (1) a round with an empty deck is refused.
    empty = tuple(PlayerState(n) for n in NAMES)
    rnd = RoundInput("K1", tuple(Play(n, f"C-{n}", "T1") for n in NAMES),
                     tuple(Vote(n, f"C-{NAMES[(i + 1) % 3]}") for i, n in enumerate(NAMES)))
    try:
        likes_engine.resolve_round(catalogue, empty, rnd, rules)
        return NoneFound("the engine accepted a round with empty Intent decks: no bound on rounds "
                         "follows from the decks")
    except IllegalInput as error:
        if error.rule != "intents_spent":
            return NoneFound(f"the engine refused a round with empty decks for {error.rule}, not intents_spent")
    # (2) every round the engine accepts takes exactly the played card out of each deck.
    for t in explore.explored(rules, asked.left):
        played = {p.player: p.intent for p in t.rnd.plays}
        for before, after in zip(t.before, t.result.players, strict=True):
            if len(after.intent_deck) != len(before.intent_deck) - 1 or played[before.name] in after.intent_deck:
                return NoneFound(f"a round left {before.name}'s deck at {list(after.intent_deck)} after "
                                 f"{list(before.intent_deck)}: the decks are no measure")
    # (3) a game whose decks are spent takes no further round.
    # One Influencer each round (two votes on the second player's content), so that no pawn moves
    # by an Intent in a tie onto an Event space, whatever intent_in_tie says: only the second
    # round may be refused, and only for game_over.
    start = tuple(PlayerState(n, intent_deck=("T1",)) for n in NAMES)
    rounds = tuple(RoundInput(f"K{k}", tuple(Play(n, f"C{k}-{n}", "T1") for n in NAMES),
                              (Vote(NAMES[0], f"C{k}-{NAMES[1]}"), Vote(NAMES[1], f"C{k}-{NAMES[0]}"),
                               Vote(NAMES[2], f"C{k}-{NAMES[1]}")),
                              path=f"rounds[{k - 1}]") for k in (1, 2))
    game = likes_engine.replay_game(catalogue, start, rounds, rules)
    if game.status != "illegal" or game.violation is None or game.violation.rule != "game_over":
        return NoneFound(f"the engine played a round after the Intent decks were spent ({game.status}: "
                         f"{game.violation})")
    return No(
        "a measure that strictly falls every round: the Intent cards left in the decks. Each player "
        "has 15 (\u201c15 Intent cards ... as a deck in front of each player\u201d); every round takes "
        "one from each deck and none comes back (spent_intents="
        f"{rules.spent_intents}), and a round with an empty deck is refused, so no game lasts more than 15 "
        "rounds. The engine's part was checked: resolve_round refuses a round with empty decks "
        "(intents_spent); every round of the LL-7 domain takes exactly the played card out of each "
        "deck; replay_game refuses a round after the decks are spent (game_over)."
    )


def can_go_on_for_ever(asked: Asked) -> Yes | No | NoneFound:
    rules: LikesRules = asked.rules
    if rules.spent_intents != "reshuffle":
        return _spent_proof(asked)
    catalogue = sample_catalogue()
    players = likes_engine.start_players(catalogue, NAMES)
    history, seen, rounds = History(), {_state(players, History(), rules): 0}, []
    for number in range(1, ROUNDS + 1):
        if number % 20 == 0:
            asked.left()
        if any(not p.intent_deck for p in players):
            # As replay_game does: the discards become the deck again.
            players = tuple(replace(p, intent_deck=catalogue.intent_ids(), deck_order_known=False)
                            if not p.intent_deck else p for p in players)
        played = _tie_round(catalogue, players, rules, history, number)
        if played is None:
            break
        rnd, result = played
        rounds.append(rnd)
        if result.winners:
            break
        players, history = result.players, history.after(rnd, result)
        key = _state(players, history, rules)
        if key in seen:
            return _cycle(catalogue, rules, tuple(rounds), seen[key], number)
        seen[key] = number
    return NoneFound(
        f"no repeating state within {ROUNDS} rounds of one line of play (3 players on the sample board, "
        "everyone ties for first every round, plays his top Intent card and draws the Event card that "
        "sends him furthest back); other lines of play were not searched"
    )


def _cycle(catalogue: Catalogue, rules: LikesRules, rounds: tuple[RoundInput, ...], first: int,
           last: int) -> Yes:
    """The game up to the second time a state is reached, and once more round the cycle,
    replayed by ``replay_game``."""
    period = last - first
    # The cycle's rounds again, with new Caption and Content cards (they are discarded).
    again = tuple(
        RoundInput(f"K{last + k + 1}", tuple(replace(p, content=f"R{last + k + 1}-{p.player}") for p in r.plays),
                   tuple(replace(v, card=f"R{last + k + 1}-{v.card.split('-', 1)[1]}") for v in r.votes),
                   r.reports, r.draws, f"rounds[{last + k}]")
        for k, r in enumerate(rounds[first:last]))
    start = likes_engine.start_players(catalogue, NAMES)
    game = likes_engine.replay_game(catalogue, start, rounds + again, rules)
    at = {k: game.rounds[k - 1].players for k in (first, last, last + period) if 0 < k <= len(game.rounds)}
    at_first = at.get(first, start)
    repeats = (game.status == "unfinished" and len(game.rounds) == last + period
               and at_first == at.get(last) == at.get(last + period))
    lines = [f"a game of 3 players on the sample board; after round {first} and again after round "
             f"{last} (and {last + period}) the state is the same:"]
    for p in at_first:
        lines.append(f"  {p.name}: space {p.position}, {p.likes} Likes, streak {p.streak}, "
                     f"{len(p.intent_deck)} Intent cards left")
    lines.append(f"the {period} rounds of the cycle (everyone ties for first; spaces after each round):")
    for k in range(first, last):
        result = game.rounds[k] if k < len(game.rounds) else None
        if result is None:
            break
        drawn = f"; Event cards {', '.join(result.events_drawn)}" if result.events_drawn else ""
        lines.append(f"  round {k + 1}: " + ", ".join(f"{p.name} {p.position}" for p in result.players) + drawn)
    return Yes(Witness(
        {"players": list(NAMES), "cycle_from_round": first, "cycle_to_round": last, "period": period,
         "state": [{"name": p.name, "position": p.position, "likes": p.likes, "streak": p.streak,
                    "intent_deck": list(p.intent_deck)} for p in at_first],
         "rounds": [{"caption": r.caption, "plays": [[p.player, p.intent] for p in r.plays],
                     "votes": [[v.voter, v.card] for v in r.votes],
                     "draws": [[d.player, d.card] for d in r.draws]} for r in rounds[first:last]]},
        "\n".join(lines),
        f"replay_game played all {len(rounds + again)} rounds ({game.status}, nobody on Viral) and the state "
        f"after rounds {first}, {last} and {last + period} is "
        + ("the same: neither Viral nor the Intent decks ever end it, the cycle can be played for "
           "ever; only the box runs out (its 75 Content and 69 Caption cards are discarded, 3 Content "
           "cards a round), and the rulebook does not say what happens then" if repeats else "not the same"),
        repeats,
    ))


QUESTIONS: tuple[Question, ...] = (
    Question(
        "LL-Q1", GAME, "Can a Likes and Lies game go on for ever, and under which options?",
        RULEBOOK["intents_spent"] + " " + RULEBOOK["content_once"] + " " + RULEBOOK["viral"],
        "spent_intents=game_ends or furthest_wins: a proof (the Intent cards left fall every round), "
        "with the engine's part of it checked; spent_intents=reshuffle: a repeating state searched "
        f"for through resolve_round up to {ROUNDS} rounds of one line of play (everyone ties for first, "
        "plays his top card, draws the Event card that sends him furthest back), then replayed by "
        "replay_game",
        can_go_on_for_ever,
    ),
)
