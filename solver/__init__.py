"""Optimisation for the games' hard questions (CP-SAT and exact searches of our own).

Every answer is validated by the model's own checker before it is returned."""
