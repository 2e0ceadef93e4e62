"""Rule invariants proven with Z3, rule clarifications, and rulings (cases with expected outcomes)."""
