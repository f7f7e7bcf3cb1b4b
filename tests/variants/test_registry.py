"""The registry: built-ins, register_variant, --rules files, entry points, capability checks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import hang_guard
import pytest

import endnim
from endnim.errors import VariantError
from endnim.variants import (
    BUILT_IN,
    all_variants,
    get_row_variant,
    get_variant,
    load_rules,
    register_variant,
    registry,
    unregister_variant,
)

SMALL_VARIANT = '''
from endnim import Variant

class Takeaway(Variant):
    """End-Nim, but only the last pile may be played."""
    name = "{name}"
    title = "last-pile End-Nim"
    summary = "reduce or remove the last pile"

    def ends(self, piles, player=None):
        return ("R",)
'''


def write_rules(folder: Path, name: str = "lastpile") -> str:
    path = folder / f"{name.replace('-', '_')}.py"
    path.write_text(SMALL_VARIANT.format(name=name))
    return f"{path}:Takeaway"


def test_built_ins_registered_in_order() -> None:
    names = [v.name for v in all_variants()][: len(BUILT_IN)]
    assert names == [cls.name for cls in BUILT_IN]
    for rules in all_variants():
        assert rules.summary and rules.title and rules.source, rules.name


def test_every_alias_and_name_finds_its_rule_set() -> None:
    for rules in all_variants():
        for key in (rules.name, *rules.aliases, rules.name.upper()):
            assert get_variant(key) is rules


def test_theory_is_offered_by_the_class() -> None:
    for rules in all_variants():
        if rules.family != "row":
            assert rules.theory() is None  # the graph games: no theory is known (docs/graphs.md)
            continue
        theory = rules.theory()
        assert theory is not None and theory.variant_name == rules.name


def test_load_rules_registers_and_is_idempotent(tmp_path: Path) -> None:
    spec = write_rules(tmp_path)
    try:
        rules = load_rules(spec)
        assert get_variant("lastpile") is rules and load_rules(spec) is rules
        assert spec in registry.loaded_rules_specs()
        assert endnim.analyze("3 1 4", "lastpile").grundy == 4
    finally:
        unregister_variant("lastpile")
    with pytest.raises(VariantError, match="unknown variant"):
        get_variant("lastpile")


@pytest.mark.parametrize(
    ("text", "spec_tail", "message"),
    [
        (None, "missing.py:X", "no file"),
        ("x = 1\n", ":Nope", "has no class 'Nope'"),
        ("class Nope:\n    pass\n", ":Nope", "not a concrete rule set"),
        ("raise RuntimeError('boom')\n", ":Nope", "failed to load: RuntimeError: boom"),
        ("def broken(:\n", ":Nope", "failed to load: SyntaxError"),
    ],
)
def test_load_rules_errors_are_one_line(
    tmp_path: Path, text: str | None, spec_tail: str, message: str
) -> None:
    path = tmp_path / "rules.py"
    if text is not None:
        path.write_text(text)
    spec = str(tmp_path / spec_tail.split(":")[0]) if text is None else str(path)
    spec += ":" + spec_tail.split(":")[1]
    with pytest.raises(VariantError, match=message) as caught:
        load_rules(spec)
    assert "\n" not in str(caught.value)


def test_spec_without_class_is_refused() -> None:
    with pytest.raises(VariantError, match=r"PATH\.py:ClassName"):
        load_rules("just_a_path.py")


def test_name_clash_is_refused(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="taken"):
        register_variant(load_rules_class(tmp_path, "endnim"))


def load_rules_class(folder: Path, name: str) -> type[Any]:
    namespace: dict[str, Any] = {}
    exec(SMALL_VARIANT.format(name=name), namespace)
    cls: type[Any] = namespace["Takeaway"]
    return cls


def test_entry_points_are_loaded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cls = load_rules_class(tmp_path, "from-a-package")

    class Point:
        name, value = "demo", "demo:Takeaway"

        def load(self) -> type[Any]:
            return cls

    class Broken(Point):
        name = "broken"

        def load(self) -> type[Any]:
            raise ImportError("no module named demo2")

    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [Point(), Broken()])
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    try:
        assert get_variant("from-a-package").title == "last-pile End-Nim"
    finally:
        unregister_variant("from-a-package")


def test_row_only_machinery_refuses_other_families() -> None:
    from endnim.ruleset import RuleSet

    class Counter(RuleSet[int, int]):
        name = "test-counter"
        title = "counter game"

        def parse_position(self, text: str) -> int:
            return int(text)

        def format_position(self, position: int) -> str:
            return str(position)

        def parse_move(self, text: str) -> int:
            return int(text)

        def options(self, position: int, player: Any = None) -> list[tuple[int, int]]:
            return [(k, position - k) for k in (1, 2) if k <= position]

        def estimate_states(self, position: int) -> int:
            return position + 1

    register_variant(Counter)
    try:
        with pytest.raises(VariantError, match="not a row game"):
            get_row_variant("test-counter", "a sweep")
        result = endnim.analyze("7", "test-counter")
        assert (result.outcome, result.grundy, result.winning_moves) == ("N", 1, ["1"])
        data = result.to_dict()
        assert data["position"] == "7" and "winning_move_ranges" not in data
        with pytest.raises(VariantError, match="no closed-form theory"):
            endnim.analyze("7", "test-counter", method="theory")
        with pytest.raises(VariantError, match="not a row game"):
            endnim.analyze("7", "test-counter", method="engine")
    finally:
        unregister_variant("test-counter")


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return hang_guard.run(
        [sys.executable, "-m", "endnim.cli", *args], capture_output=True, text=True
    )


def test_cli_accepts_every_name_the_json_emits() -> None:
    done = run_cli("analyze", "--variant", "misere-conway", "--json", "2", "3")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["grundy"] == 1
    for rules in all_variants():
        done = run_cli("analyze", "--variant", rules.name, "--json", "2", "3")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["variant"] == rules.name
