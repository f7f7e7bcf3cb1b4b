"""Conjectures over every position: counts and extremal cases against the reference search,
custom predicates, and interrupt / resume from a saved state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import positions, solver

from endnim.analysis.conjecture import (
    BUILTIN,
    builtin_conjecture,
    check_conjecture,
    custom_conjecture,
    state_path,
)
from endnim.errors import EndNimError
from endnim.search import ImpartialValue
from endnim.theory import horrocks


def muller(piles: tuple[int, ...]) -> int:
    value = solver("muller").value(piles)
    assert isinstance(value, ImpartialValue)
    return value.grundy


def brute(name: str, max_length: int, max_pile: int) -> dict[str, Any]:
    """The report's numbers, computed position by position with the reference search."""
    c = BUILTIN[name]
    rows = list(positions(max_length, max_pile))
    applies = [p for p in rows if c.applies is None or c.applies(p, muller(p))]
    tight = [p for p in applies if c.tight is not None and c.tight(p, muller(p))]
    failing = [p for p in applies if not c.holds(p, muller(p))]
    return {
        "positions": len(rows),
        "applicable": len(applies),
        "counterexamples": len(failing),
        "tight": len(tight),
        "by_heaps": min(tight, key=lambda p: (len(p), sum(p), p), default=None),
        "by_beans": min(tight, key=lambda p: (sum(p), len(p), p), default=None),
    }


@pytest.mark.parametrize("name", ["horrocks-1", "horrocks-2", "horrocks-3"])
def test_builtin_conjectures_against_search(name: str) -> None:
    report = check_conjecture(builtin_conjecture(name), max_length=6, max_pile=5)
    expected = brute(name, 6, 5)
    assert report.positions == expected["positions"] == sum(5**k for k in range(1, 7))
    assert report.applicable == expected["applicable"]
    assert report.counterexamples == expected["counterexamples"] == 0 and report.holds
    assert report.tight_count == expected["tight"]
    assert report.smallest_tight_by_heaps == expected["by_heaps"]
    assert report.smallest_tight_by_beans == expected["by_beans"]
    assert report.complete


def test_horrocks_examples_are_the_extremal_cases() -> None:
    first = check_conjecture(builtin_conjecture("horrocks-1"), max_length=5, max_pile=9)
    assert first.smallest_tight_by_heaps == first.smallest_tight_by_beans == (3, 4, 1, 2, 2)
    second = check_conjecture(builtin_conjecture("horrocks-2"), max_length=6, max_pile=6)
    assert second.smallest_tight_by_heaps == (5, 4, 2, 4)
    assert second.smallest_tight_by_beans == (3, 2, 2, 1, 2, 2)  # ERRATA: fewer beans
    assert muller((3, 2, 2, 1, 2, 2)) == 2


def test_custom_predicate_finds_counterexamples() -> None:
    # "every End-Nim position of two or more piles has value below the total" is false
    c = custom_conjecture("endnim", "g < beans", where="n >= 2", tight="g == beans - 1")
    report = check_conjecture(c, max_length=4, max_pile=4)
    failing = [
        p for p in positions(4, 4, min_length=2) if solver("endnim").value(p).grundy >= sum(p)
    ]  # type: ignore[union-attr]
    assert report.counterexamples == len(failing) > 0 and not report.holds
    assert report.smallest_counterexample_by_heaps == min(
        failing, key=lambda p: (len(p), sum(p), p)
    )
    assert report.examples == failing[: len(report.examples)]
    assert report.applicable == sum(4**k for k in range(2, 5))


def test_custom_partizan_corollary_6() -> None:
    c = custom_conjecture("partizan", "g != 'N'", where="n % 2 == 0")
    report = check_conjecture(c, max_length=6, max_pile=4)
    assert report.holds and report.applicable == 4**2 + 4**4 + 4**6
    odd = check_conjecture(custom_conjecture("partizan", "g != 'N'"), max_length=3, max_pile=3)
    assert odd.smallest_counterexample_by_heaps == (1,)  # a lone pile is N


class Stop(Exception):
    pass


def test_interrupt_and_resume(tmp_path: Path) -> None:
    conjecture = builtin_conjecture("horrocks-2")
    whole = check_conjecture(conjecture, max_length=5, max_pile=6)
    calls = {"n": 0}

    def interrupt(done: int, total: int) -> None:
        calls["n"] += 1
        if calls["n"] == 9:  # after 9 chunks: inside the layer of length 2
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_conjecture(
            conjecture, max_length=5, max_pile=6, state_dir=tmp_path, progress=interrupt
        )
    saved = json.loads(state_path(tmp_path, conjecture, 6, 1).read_text())["data"]["report"]
    assert (saved["done_length"], saved["done_first"]) == (1, 3)
    assert saved["positions"] == 6 + 3 * 6
    resumed = check_conjecture(conjecture, max_length=5, max_pile=6, state_dir=tmp_path)
    assert resumed.resumed
    assert resumed.to_dict() | {"resumed": False} == whole.to_dict()
    # a rerun with a larger length only adds the new layer
    longer = check_conjecture(conjecture, max_length=6, max_pile=6, state_dir=tmp_path)
    assert longer.positions == whole.positions + 6**6
    assert (
        longer.to_dict() | {"resumed": False}
        == check_conjecture(conjecture, max_length=6, max_pile=6).to_dict()
    )


def test_states_are_kept_apart_and_bad_states_are_clean_errors(tmp_path: Path) -> None:
    one, two = builtin_conjecture("horrocks-1"), builtin_conjecture("horrocks-2")
    assert state_path(tmp_path, one, 5, 1) != state_path(tmp_path, two, 5, 1)
    assert state_path(tmp_path, one, 5, 1) != state_path(tmp_path, one, 6, 1)
    path = state_path(tmp_path, one, 5, 1)
    path.write_text("{not json")
    with pytest.raises(EndNimError, match="cannot read the saved state"):
        check_conjecture(one, max_length=3, max_pile=5, state_dir=tmp_path)


def test_bad_arguments() -> None:
    with pytest.raises(EndNimError, match="unknown conjecture"):
        builtin_conjecture("goldbach")
    with pytest.raises(EndNimError, match="lengths"):
        check_conjecture(builtin_conjecture("horrocks-1"), max_length=2, max_pile=3, min_length=3)
    with pytest.raises(EndNimError, match="unknown name"):
        custom_conjecture("endnim", "h > 1")
    failing = custom_conjecture("endnim", "g // (first - 1) >= 0")
    with pytest.raises(EndNimError, match="ZeroDivisionError"):
        check_conjecture(failing, max_length=2, max_pile=2)
    assert all(
        horrocks.conjecture_3((m,) * n, muller((m,) * n)) for m in (1, 2, 3) for n in (1, 2, 3)
    )


def test_counterexamples_and_extremal_cases_come_with_their_values() -> None:
    """Issue 13: a counterexample is shown with the value that breaks the statement."""
    from click.testing import CliRunner

    from endnim.commands.conjecture import conjecture as command

    c = custom_conjecture("endnim", "g < beans", where="n >= 2", tight="g == beans - 1")
    report = check_conjecture(c, max_length=4, max_pile=4)
    grundy = {p: solver("endnim").value(p).grundy for p in positions(4, 4)}  # type: ignore[union-attr]
    assert report.example_values == [grundy[p] for p in report.examples]
    data = report.to_dict()
    for name in (
        "smallest_counterexample_by_heaps",
        "smallest_counterexample_by_beans",
        "smallest_tight_by_heaps",
        "smallest_tight_by_beans",
    ):
        assert data[f"{name}_value"] == grundy[tuple(data[name])]
    partizan = check_conjecture(custom_conjecture("partizan", "g != 'N'"), max_length=2, max_pile=2)
    assert partizan.to_dict()["smallest_counterexample_by_heaps_value"] == "N"
    # a saved state from before values were kept still loads (values unknown)
    state = data | {"resumed": False}
    for key in [k for k in state if k.endswith("_value") or k == "example_values"]:
        del state[key]
    report.restore(state)
    assert report.example_values == [None] * len(report.examples)
    assert report.value_of("smallest_counterexample_by_heaps") is None
    # the command prints each counterexample with its value
    result = CliRunner().invoke(command, ["-v", "endnim", "--holds", "g < beans", "-L", "2"])
    assert result.exit_code == 1
    assert "1 2 (g = 3)" in result.output and "2 1 (g = 3)" in result.output
