"""The page's tests need the web extra (Starlette, uvicorn, httpx). Without it they are skipped on
a developer's machine, and fail in CI (``CI`` set, as `.ci/run` sets it), where a skipped test of
the page would hide that the page went untested."""

from __future__ import annotations

import os

import pytest


def require_web_extra() -> None:
    """Skip the calling test module when the web extra is missing; in CI, fail it instead."""
    try:
        import httpx  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        why = f"the web extra is not installed ({error.name} is missing: pip install '.[web]')"
        if os.environ.get("CI"):
            pytest.fail(f"the page's tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(why, allow_module_level=True)
