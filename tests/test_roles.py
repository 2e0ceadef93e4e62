"""Module roles: a role has one module name in every game (``ARCHITECTURE.md``, "Module roles").

Each game's package holds exactly the role modules of the architecture's table, less the roles
it states the game lacks (each with its reason), plus the game's own modules it names; so does
each game's package of checks. What defines a role sits in that role's module: a game's state
types in ``state``, its catalogue in ``cards``, its input schemas in ``io`` (or, for the
catalogue, ``cards``), its random play in ``random_play``. ``tests/checks/`` mirrors ``checks/``.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from model import GAME_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
#: A package's own file, which is no module of a role.
PACKAGE_FILES = {"__init__"}


def _table(heading: str) -> dict[str, str]:
    """The roles of the table whose first header cell is ``heading``: role -> module name."""
    found: dict[str, str] = {}
    rows = ARCHITECTURE.split(f"| {heading} |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        found[cells[0]] = cells[1].strip("`")
    return found


MODEL_ROLES = _table("role")
CHECKS_ROLES = _table("role in `checks/<game>/`")
#: "- `social` lacks `log`: why" -> {("social", "log"): why}.
LACKS = {(game, role): why.strip()
         for game, role, why in re.findall(r"^- `(\w+)` lacks `(\w+)`:(.*)$", ARCHITECTURE, re.MULTILINE)}
#: "- `whitehouse` has `deciding` (...), ..." -> {"whitehouse": {"deciding", ...}}.
OWN = {where: set(re.findall(r"`(\w+)` \(", rest))
       for where, rest in re.findall(r"^- `([\w/]+)` has (.*)$", ARCHITECTURE, re.MULTILINE)}


def _modules(package: Path) -> set[str]:
    """The modules and subpackages of a package directory, by name."""
    names = {path.stem for path in package.glob("*.py")}
    names |= {path.name for path in package.iterdir() if (path / "__init__.py").exists()}
    return names - PACKAGE_FILES


def _definitions(package: Path) -> list[tuple[str, ast.ClassDef | ast.FunctionDef]]:
    """Every class and function a game's package defines (at any depth), with its module's name."""
    found: list[tuple[str, ast.ClassDef | ast.FunctionDef]] = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef | ast.FunctionDef):
                found.append((path.stem, node))
    return found


def _input_models(package: Path) -> list[tuple[str, str]]:
    """The pydantic models a game's package defines: (module, class), a model being a class whose
    base is ``BaseModel`` or another model of the same module."""
    found: list[tuple[str, str]] = []
    for path in sorted(package.rglob("*.py")):
        models = {"BaseModel"}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(ast.unparse(base) in models for base in node.bases):
                models.add(node.name)
                found.append((path.stem, node.name))
    return found


def test_the_tables_give_each_role_one_module_of_its_own() -> None:
    assert len(MODEL_ROLES) >= 12 and len(CHECKS_ROLES) == 4
    for roles in (MODEL_ROLES, CHECKS_ROLES):
        assert len(set(roles.values())) == len(roles), roles


def test_each_missing_role_says_why() -> None:
    assert LACKS, "the list of roles a game lacks is found"
    for (game, role), why in LACKS.items():
        assert game in GAME_PACKAGES and role in MODEL_ROLES.values(), (game, role)
        assert len(why) > 20, f"{game} lacks {role} without a reason"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_game_names_its_roles_as_the_table_does(game: str) -> None:
    lacking = {role for (where, role) in LACKS if where == game}
    wanted = (set(MODEL_ROLES.values()) - lacking) | OWN.get(game, set())
    assert _modules(ROOT / "model" / game) == wanted


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_games_checks_name_their_roles_as_the_table_does(game: str) -> None:
    wanted = set(CHECKS_ROLES.values()) | OWN.get(f"checks/{game}", set())
    assert _modules(ROOT / "checks" / game) == wanted


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_role_holds_what_defines_it(game: str) -> None:
    misplaced = []
    for module, node in _definitions(ROOT / "model" / game):
        if isinstance(node, ast.ClassDef) and node.name.endswith("State") and module != "state":
            misplaced.append(f"the state type {node.name} in {module}")
        if isinstance(node, ast.ClassDef) and node.name == "Catalogue" and module != "cards":
            misplaced.append(f"the card type {node.name} in {module}")
        if isinstance(node, ast.FunctionDef) and node.name == "random_game" and module not in ("random_play", "game"):
            misplaced.append(f"random play ({node.name}) in {module}")
    misplaced += [f"the input schema {name} in {module}" for module, name in _input_models(ROOT / "model" / game)
                  if module not in ("io", "cards")]
    assert not misplaced, misplaced


def test_tests_of_checks_mirror_checks() -> None:
    for game in GAME_PACKAGES:
        assert sorted((ROOT / "tests" / "checks" / game).glob("test_*.py")), f"tests/checks/{game}/ has tests"
    prefixes = tuple(f"test_{game}_" for game in GAME_PACKAGES) + ("test_network_",)
    outside = [path.name for path in (ROOT / "tests" / "checks").glob("test_*.py") if path.name.startswith(prefixes)]
    assert not outside, f"a game's tests of checks/ outside tests/checks/<game>/: {outside}"


def test_test_file_names_are_unique_across_tests() -> None:
    # The test directories have no __init__.py: two files of one name would clash on import.
    names = Counter(path.name for path in (ROOT / "tests").rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
