"""Likes and Lies: its invariants (Z3) and its rulings (data files in ``data/``)."""

#: The modules of its invariants, in the order they run and are listed.
INVARIANT_MODULES = ("checks.likes.invariants",)
