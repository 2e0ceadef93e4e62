"""Social Network: its invariants (on the referee's own functions: single-source with Z3, and
exhaustive over the states reachable from small positions), its designer questions, and its
rulings (data files in ``data/``)."""

#: The modules of its invariants, in the order they run and are listed.
INVARIANT_MODULES = ("checks.social.invariants",)
