"""A legal Likes and Lies round to break one rule at a time (the tests' shared base case)."""

from __future__ import annotations

from typing import Any

from model.likes.engine import RoundResult, resolve_round
from model.likes.io import round_file_from, sample_catalogue

CATALOGUE = sample_catalogue()  # Viral is 25; Event spaces 3, 7, 11, 14, 18, 22

# Ana is Influencer (3 Likes): +5 from 2 to 7, an Event space (E09, no effect), then reports Ben's
# True Information: Ben +1 (0 -> 1), Ana -2 (7 -> 5). Cy and Dee posted Misinformation, not
# reported: Cy +2 (4 -> 6), Dee +2 (1 -> 3, an Event space: E12, no effect).
BASE: dict[str, Any] = {
    "players": [
        {"name": "Ana", "position": 2, "likes": 0},
        {"name": "Ben", "position": 0, "likes": 0},
        {"name": "Cy", "position": 4, "likes": 0},
        {"name": "Dee", "position": 1, "likes": 0},
    ],
    "round": {
        "caption": "K1",
        "plays": [
            {"player": "Ana", "content": "C1", "intent": "M3"},
            {"player": "Ben", "content": "C2", "intent": "T1"},
            {"player": "Cy", "content": "C3", "intent": "M1"},
            {"player": "Dee", "content": "C4", "intent": "M2"},
        ],
        "votes": [
            {"voter": "Ben", "card": "C1"},
            {"voter": "Cy", "card": "C1"},
            {"voter": "Dee", "card": "C1"},
            {"voter": "Ana", "card": "C4"},
        ],
        "reports": [{"by": "Ana", "target": "Ben", "at": 2}],
        "events": [{"player": "Ana", "card": "E09", "at": 1}, {"player": "Dee", "card": "E12"}],
    },
}


def resolve(doc: dict[str, Any]) -> RoundResult:
    """The engine's verdict on a round document."""
    rules, players, rnd = round_file_from("case", doc, CATALOGUE)
    return resolve_round(CATALOGUE, players, rnd, rules)
