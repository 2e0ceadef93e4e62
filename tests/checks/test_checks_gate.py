"""What `verify checks` decides, per game, as tests: every invariant proved under the default
options, and the option matrix (every invariant under every value of every option) equal to the
game's record; and what `verify rulings --all-options` decides (every ruling under every value of
every option it does not state, equal to the record). The mutation campaign's ``--killers
checks`` runs only the proofs and the invariant matrix, so a mutant it kills is one the proofs
catch, whatever the other tests do."""

from __future__ import annotations

import os

import pytest

from checks import matrix, registry
from checks.invariants import INVARIANTS, run_checks

GAMES = registry.game_names()
#: The option matrix's rows run in two processes, as CI has two cores (the rows are independent).
#: Under a mutation run they run in this process: the run's record of which test calls which
#: function, by which it picks the tests of a mutant, sees only this process.
MATRIX_WORKERS = 1 if "MUTANT_UNDER_TEST" in os.environ else 2


@pytest.mark.parametrize("game", GAMES)
def test_verify_checks_proves_every_invariant_of(game: str) -> None:
    checked = run_checks({game: registry.rules(game)}, game)
    assert {c.invariant.id: c.result.status for c in checked} == {
        inv.id: "proved" for inv, _ in INVARIANTS if inv.game == game}


@pytest.mark.parametrize("game", GAMES)
def test_the_option_matrix_is_as_recorded_for(game: str) -> None:
    cells = matrix.run_matrix("invariants", [game], time_limit=30.0, workers=MATRIX_WORKERS)
    wrong = [f"{c.id} under {c.row.label}: {c.status}, recorded {c.expected}" for c in cells if not c.matches]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_the_question_matrix_is_as_recorded_for(game: str) -> None:
    cells = matrix.run_matrix("questions", [game], time_limit=30.0)
    wrong = [f"{c.id} under {c.row.label}: {c.status}, recorded {c.expected}" for c in cells if not c.matches]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_the_rulings_matrix_is_as_recorded_for(game: str) -> None:
    cells = matrix.run_matrix("rulings", [game], time_limit=30.0)
    wrong = [f"{c.id} under {c.row.label}: {c.status}, recorded {c.expected}: {c.found}" for c in cells if not c.matches]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_change_is_explained_for(game: str) -> None:
    for kind in matrix.KINDS:
        record = matrix.load_record(game, kind)
        for key, (status, reason) in record.changes.items():
            assert reason.strip() and reason != "TO BE EXPLAINED", (kind, key, status)
