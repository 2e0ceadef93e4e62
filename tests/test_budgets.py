"""The example budget lives in the Hypothesis profiles (tests/conftest.py): a test asks for a
fraction of it with ``budget.examples``, and no test pins ``max_examples`` (an explicit setting
beats the profile, so ``--hypothesis-profile deep`` would run it no deeper)."""

import ast
from pathlib import Path

import pytest
from budget import examples, profile_budget
from hypothesis import settings

TESTS = Path(__file__).resolve().parent
# The only files that may name max_examples: the profiles, and the function that scales them.
ALLOWED = {TESTS / "conftest.py", TESTS / "support" / "budget.py"}

# Taken when this module is imported, as the @examples(...) decorators of every test module are.
AT_IMPORT = examples(1.0)


def pinned(source: str, filename: str = "<source>") -> list[int]:
    """The lines of the calls in ``source`` that pass ``max_examples=`` by keyword."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source, filename))
        if isinstance(node, ast.Call) and any(k.arg == "max_examples" for k in node.keywords)
    )


def test_no_test_pins_max_examples() -> None:
    files = sorted(p for p in TESTS.rglob("*.py") if p not in ALLOWED)
    assert files
    found = [
        f"{path.relative_to(TESTS)}:{line}"
        for path in files
        for line in pinned(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not found, (
        "max_examples pinned (the profile's budget no longer applies; use budget.examples(fraction)): "
        + ", ".join(found)
    )


def test_the_check_sees_every_spelling_of_a_pinned_budget() -> None:
    source = (
        "@settings(max_examples=3)\n"
        "def f(): ...\n"
        "M.TestCase.settings = hypothesis.settings(deadline=None, max_examples=5)\n"
        "s = examples(0.5, max_examples=9)\n"
        "ok = examples(0.5, stateful_step_count=10)\n"
    )
    assert pinned(source) == [1, 3, 4]


def test_a_whole_budget_is_the_active_profiles_budget() -> None:
    profile = settings.get_profile(settings.get_current_profile_name())
    # Outside a @given test the default settings are the active profile's.
    default = settings.default
    assert default is not None
    assert default.max_examples == profile.max_examples == profile_budget()
    assert examples(1.0).max_examples == profile.max_examples
    # What the decorators got when the test modules were imported.
    assert AT_IMPORT.max_examples == profile.max_examples


def test_the_fractions_in_the_tests_were_taken_of_the_ci_budget() -> None:
    # Every former max_examples=N became examples(N / 40); ci must keep running N examples.
    assert settings.get_profile("ci").max_examples == 40


def test_a_fraction_is_rounded_to_at_least_one_example() -> None:
    budget = profile_budget()
    assert examples(0.5).max_examples == max(1, round(0.5 * budget))
    assert examples(2.5).max_examples == round(2.5 * budget)
    assert examples(1e-9).max_examples == 1


def test_other_settings_pass_through_and_the_budget_cannot_be_pinned() -> None:
    machine = examples(0.375, stateful_step_count=40, deadline=None)
    assert (machine.stateful_step_count, machine.deadline) == (40, None)
    with pytest.raises(TypeError):
        examples(1.0, **{"max_examples": 10})
    for fraction in (0, -1.0):
        with pytest.raises(ValueError):
            examples(fraction)
