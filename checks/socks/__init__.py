"""Oh My Socks!: its invariants (proved on the engine's own functions), its designer questions
(``questions``) and its rulings (data files in ``data/``)."""

#: The modules of its invariants, in the order they run and are listed.
INVARIANT_MODULES = ("checks.socks.invariants", "checks.socks.verdict_invariants")
