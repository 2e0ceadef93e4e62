"""Hypothesis profiles: ``ci`` (fast and deterministic; the README's test command and CI select
it with ``--hypothesis-profile ci``), ``dev`` (the default), and ``deep`` for long runs
(``--hypothesis-profile deep``).

``ci`` does not shrink: a failing example is reported as found, within seconds, with the blob to
reproduce it (``@reproduce_failure``); shrink it locally under ``dev``. A whole-game property
could otherwise shrink for minutes before CI said anything.
"""

import os

from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "ci",
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "deep", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
