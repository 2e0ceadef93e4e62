"""Formal models of the four games: immutable cards and states, legal moves, engines, scoring,
and independent checkers, one package per game with the same module roles in each. Nothing here
imports a solver: where an engine needs one it declares the seam and the caller wires it in."""

#: The game packages, in listing order. Each has a ``game`` module whose ``GAME`` is its
#: ``model.common.game.Game``: everything that loops over the games reads this list, and nothing
#: else names a game.
GAME_PACKAGES: tuple[str, ...] = ("whitehouse", "socks", "social", "likes")
