"""The White House intern game: its invariants (Z3; the Locked Network's first) and its rulings
(data files in ``data/``)."""

#: The modules of its invariants, in the order they run and are listed.
INVARIANT_MODULES = ("checks.whitehouse.network_invariants", "checks.whitehouse.invariants",
                     "checks.whitehouse.verdict_invariants")
