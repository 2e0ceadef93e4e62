"""The layers, checked on the source's syntax tree (every import, inside functions too).

- ``model/`` imports nothing from ``solver/``, ``checks/``, ``cli``, OR-Tools or Z3;
- ``solver/`` imports ``model/`` only (and OR-Tools);
- ``checks/`` imports ``model/`` and ``solver/``;
- ``web/`` (the page of ``verify serve``, an interface like ``cli.py``) imports ``model/``,
  ``solver/`` and ``checks/``, never ``cli``; ``cli.py`` may import everything (``web`` too);
- no game package imports another (``model.common`` is shared by all);
- no import cycle between modules;
- the registry and ``compare`` hold no game names: they loop over ``model.GAME_PACKAGES``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

from model import GAME_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("model", "solver", "checks", "web")
#: What each layer may import, of the project's top-level packages and the solvers' libraries.
ALLOWED = {
    "model": {"model"},
    "solver": {"model", "solver", "ortools"},
    "checks": {"model", "solver", "checks", "z3", "ortools"},
    "web": {"model", "solver", "checks", "web"},
}
WATCHED = {"model", "solver", "checks", "web", "cli", "ortools", "z3"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    found = {_module_name(p): p for layer in LAYERS for p in (ROOT / layer).rglob("*.py")}
    found["cli"] = ROOT / "cli.py"
    return found


def imports_of(path: Path, module: str) -> list[tuple[int, str]]:
    """Every module this file imports, with its line, at any depth of the syntax tree."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.append((node.lineno, base))
            # ``from model.socks import engine`` imports the module model.socks.engine.
            out += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return out


def _graph(sources: dict[str, Path]) -> nx.DiGraph:
    graph = nx.DiGraph()
    for module, path in sources.items():
        graph.add_node(module)
        for _, target in imports_of(path, module):
            if target in sources and target != module:
                graph.add_edge(module, target)
    return graph


def layer_violations(sources: dict[str, Path]) -> list[str]:
    found = []
    for module, path in sorted(sources.items()):
        layer = module.split(".")[0]
        if layer == "cli":
            continue
        for line, target in imports_of(path, module):
            top = target.split(".")[0]
            if top in WATCHED and top not in ALLOWED[layer]:
                found.append(f"{path.relative_to(ROOT)}:{line}: {layer}/ imports {target}")
            parts = module.split(".")
            tparts = target.split(".")
            if (len(parts) > 1 and len(tparts) > 1 and parts[1] in GAME_PACKAGES
                    and tparts[0] in LAYERS and tparts[1] in GAME_PACKAGES and tparts[1] != parts[1]):
                found.append(f"{path.relative_to(ROOT)}:{line}: game {parts[1]} imports game {tparts[1]} ({target})")
    return found


def test_every_import_points_down_the_layers_and_no_game_imports_another() -> None:
    assert layer_violations(_sources()) == []


def test_there_is_no_import_cycle() -> None:
    graph = _graph(_sources())
    # A package's __init__ importing its own modules is no cycle of the design.
    cycles = [c for c in nx.simple_cycles(graph) if len(c) > 1]
    assert cycles == []


def test_the_walk_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """A lazy solver import planted in a model function is found (what the walk is for)."""
    planted = tmp_path / "model" / "socks" / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text("def score():\n    from solver.socks import score_game\n    return score_game\n")
    found = imports_of(planted, "model.socks.planted")
    assert (2, "solver.socks") in found
    sources = {"model.socks.planted": planted}
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert layer_violations(sources) == ["model/socks/planted.py:2: model/ imports solver.socks",
                                             "model/socks/planted.py:2: model/ imports solver.socks.score_game"]
    finally:
        ROOT = saved


def test_the_cycle_check_sees_a_cycle() -> None:
    graph = nx.DiGraph([("a", "b"), ("b", "a")])
    assert [c for c in nx.simple_cycles(graph) if len(c) > 1]


@pytest.mark.parametrize("name", ["checks/registry.py", "checks/compare.py", "checks/rulings.py",
                                  "checks/invariants.py", "checks/report.py"])
def test_the_registry_and_compare_name_no_game(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    for game in GAME_PACKAGES:
        assert f'"{game}"' not in text and f"'{game}'" not in text and f"checks.{game}" not in text, (name, game)


def test_the_layer_rule_sees_the_interfaces(tmp_path: Path) -> None:
    """A library layer that imports the page, and the page importing the command, are both found."""
    global ROOT
    planted = {"solver.planted": tmp_path / "solver" / "planted.py", "web.planted": tmp_path / "web" / "planted.py"}
    planted["solver.planted"].parent.mkdir(parents=True)
    planted["web.planted"].parent.mkdir(parents=True)
    planted["solver.planted"].write_text("import web.app\n")
    planted["web.planted"].write_text("from cli import cli\nfrom checks import registry\n")
    saved, ROOT = ROOT, tmp_path
    try:
        assert layer_violations(planted) == ["solver/planted.py:1: solver/ imports web.app",
                                             "web/planted.py:1: web/ imports cli",
                                             "web/planted.py:1: web/ imports cli.cli"]
    finally:
        ROOT = saved


def test_every_game_package_is_listed() -> None:
    packages = {p.parent.name for p in (ROOT / "model").glob("*/game.py")} - {"common"}
    assert packages == set(GAME_PACKAGES)
