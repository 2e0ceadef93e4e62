"""Formal models of the four games: immutable cards and states, legal moves, engines, scoring,
and independent checkers. Nothing here imports a solver."""
