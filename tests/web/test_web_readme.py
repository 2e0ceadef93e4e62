"""The README's test command is exactly what CI runs (`.ci/run`), and it installs what the
browser tests need on a fresh Debian machine: chromium, chromium-driver and the web extra."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _readme_test_command() -> str:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("Install and run the tests (what CI runs, `.ci/run`):")
    return next(line.strip() for line in lines[start + 1:] if line.strip())


def test_ci_runs_exactly_the_readmes_test_command():
    command = _readme_test_command()
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert run[-1] == command


def test_the_test_command_installs_the_browser_and_the_web_extra():
    command = _readme_test_command()
    assert command.startswith("(command -v chromium >/dev/null && command -v chromedriver >/dev/null || "
                              "(apt-get update -qq && apt-get install -y -qq chromium chromium-driver)) && ")
    assert "python -m pip install '.[test,ray,web]'" in command


def test_the_readme_shows_the_page_with_a_screenshot_the_browser_test_made():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## At the table: `verify serve`, a page for a phone" in text
    for name in ("serve-phone.png", "serve-laptop.png"):
        assert f"docs/pictures/{name}" in text
        assert (ROOT / "docs" / "pictures" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
