"""Hypothesis profiles: ``ci`` (fast and deterministic, loaded when CI=true), ``dev`` (the
default), and ``deep`` for long runs (``pytest --hypothesis-profile deep``)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "deep", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
