"""LN-9: the JSON answer of ``verify tricks`` states the solve as it came out. Proved as the code
is, and broken by each way of misstating it: a key renamed, a reason to stop dropped, the phases
written without --explain, a phase's seconds or work written to the second or to a tenth of a
millisecond."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from checks import registry
from checks.invariants import run_checks
from checks.result import Proved, Violated
from model.whitehouse.network.answer import PhaseRun, TricksAnswer


def ln9() -> Any:
    return run_checks({"whitehouse": registry.rules("whitehouse")}, "whitehouse",
                      only=lambda inv: inv.id == "LN-9")[0].result


def test_ln9_is_proved() -> None:
    assert isinstance(ln9(), Proved)


def _answer_json_then(change: Callable[[dict[str, Any]], None]) -> Callable[..., dict[str, Any]]:
    original = TricksAnswer.to_json

    def changed(self: TricksAnswer, explain: bool = False) -> dict[str, Any]:
        out = original(self, explain)
        change(out)
        return out

    return changed


def _rename(key: str) -> Callable[[dict[str, Any]], None]:
    def rename(out: dict[str, Any]) -> None:
        if key in out:
            out[key.upper()] = out.pop(key)
    return rename


def _add_not_stopped(out: dict[str, Any]) -> None:
    if "stopped_by" in out.get("add", {}):
        out["add"]["stopped_by"] = None


def _placement_row_renamed(out: dict[str, Any]) -> None:
    for placement in out.get("arrangement") or ():
        placement["ROW"] = placement.pop("row")


@pytest.mark.parametrize("change", [_rename("proof"), _rename("phases"), _rename("stopped_by"), _add_not_stopped,
                                    _rename("arrangement"), _placement_row_renamed],
                         ids=["proof", "phases", "stopped_by", "add.stopped_by", "arrangement", "placement row"])
def test_a_misstated_answer_breaks_ln9(monkeypatch: pytest.MonkeyPatch, change: Callable[[dict[str, Any]], None]) -> None:
    monkeypatch.setattr(TricksAnswer, "to_json", _answer_json_then(change))
    assert isinstance(ln9(), Violated)


def test_phases_without_explain_break_ln9(monkeypatch: pytest.MonkeyPatch) -> None:
    original = TricksAnswer.to_json

    def explained_by_default(self: TricksAnswer, explain: bool = True) -> dict[str, Any]:
        return original(self, explain)

    monkeypatch.setattr(TricksAnswer, "to_json", explained_by_default)
    result = ln9()
    assert isinstance(result, Violated)
    assert "phases without --explain" in result.counterexample.engine


def test_a_phase_to_the_tenth_of_a_millisecond_breaks_ln9(monkeypatch: pytest.MonkeyPatch) -> None:
    original = PhaseRun.to_json

    def finer(self: PhaseRun) -> dict[str, Any]:
        return {**original(self), "seconds": round(self.seconds, 4)}

    monkeypatch.setattr(PhaseRun, "to_json", finer)
    assert isinstance(ln9(), Violated)


@pytest.mark.parametrize("key", ["name", "seconds", "work"])
def test_a_misstated_phase_breaks_ln9(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    original = PhaseRun.to_json

    def changed(self: PhaseRun) -> dict[str, Any]:
        out = original(self)
        if key == "name":
            out["NAME"] = out.pop("name")
        else:
            out[key] = round(getattr(self, key))
        return out

    monkeypatch.setattr(PhaseRun, "to_json", changed)
    result = ln9()
    assert isinstance(result, Violated)
    assert "phase" in result.counterexample.engine
