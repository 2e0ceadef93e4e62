"""Example budgets as fractions of the active Hypothesis profile's ``max_examples``.

The profiles in tests/conftest.py own the budget (``ci`` 40, ``dev`` 60, ``deep`` 2000). A test
that needs fewer or more examples than that says so as a fraction of it, so that
``--hypothesis-profile deep`` runs every test deeper, and ``ci`` runs what it always ran::

    @given(...)
    @examples(0.625)  # 25 under ci
    def test_...

    Machine.TestCase.settings = examples(0.375, stateful_step_count=40)

The budget is read when ``examples`` is called, which for a decorator or a class attribute is when
the test module is imported. Under pytest that is after every profile has been loaded: the
profile named in tests/conftest.py is loaded when pytest imports that file (before any plugin is
configured), and the one from ``--hypothesis-profile NAME`` by Hypothesis's pytest plugin in
``pytest_configure``; the test modules are imported later, during collection. tests/test_budgets.py
checks this with a budget taken at its own import. As with a plain ``settings(...)``, the settings
not passed (deadline, derandomize, phases...) are those of the active profile at that moment too.

``stateful_step_count`` is the length of one run of a state machine, not a budget: it stays a
fixed number, passed through with any other setting.
"""

from typing import Any

from hypothesis import settings

__all__ = ["examples", "profile_budget"]


def profile_budget() -> int:
    """The ``max_examples`` of the active profile (the one last loaded, by name).

    Read from the registered profile rather than ``settings.default``: inside a running test
    ``settings.default`` is that test's own settings, not the profile's."""
    budget: int = settings.get_profile(settings.get_current_profile_name()).max_examples
    return budget


def examples(fraction: float, **other: Any) -> settings:
    """Settings running ``fraction`` of the active profile's budget (at least one example), with
    any ``other`` setting (``deadline``, ``stateful_step_count``...) as given."""
    if not fraction > 0:
        raise ValueError(f"fraction must be positive, got {fraction!r}")
    if "max_examples" in other:
        raise TypeError("examples() sets max_examples from the profile; pass a fraction instead")
    return settings(max_examples=max(1, round(fraction * profile_budget())), **other)
