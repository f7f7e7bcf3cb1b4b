"""The engine's budget is honest about time: large tables are refused before any work, with
the cells, the memory and the time in the message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import hang_guard
import pytest

from endnim.engine import EngineError, engine_thresholds, interval, solve_row
from endnim.engine.families import family_of
from endnim.engine.interval import DEFAULT_CELLS, plan_row, slowdown
from endnim.variants import get_variant

ENDNIM = str(Path(sys.executable).parent / "endnim")
IMPARTIAL_ENGINE_VARIANTS = ["endnim", "misere", "misere-conway", "loop", "muller"]


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any table the engine starts fails the test (a refusal must come first)."""

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the engine started work it should have refused")

    monkeypatch.setattr(interval, "run_table", started)
    monkeypatch.setattr(interval, "_small_row", started)


@pytest.mark.parametrize("name", IMPARTIAL_ENGINE_VARIANTS)
def test_two_huge_piles_are_refused_before_work_with_the_time(name: str, no_work: None) -> None:
    with pytest.raises(EngineError) as caught:
        solve_row(get_variant(name), (50_000, 50_000, 2))
    message = str(caught.value)
    assert "\n" not in message
    assert "2,500,200,000 cells" in message and "GiB of memory" in message
    assert "take about" in message and "minutes" in message
    assert "about a minute" in message and "ENDNIM_ENGINE_CELLS" in message


def test_partizan_thresholds_are_checked_together_before_work(no_work: None) -> None:
    with pytest.raises(EngineError, match="take about"):
        engine_thresholds((50_000, 50_000, 2))


def test_the_default_budget_is_about_a_minute() -> None:
    assert 3 * 10**9 <= DEFAULT_CELLS <= 10**10
    end = family_of(get_variant("endnim"))
    assert plan_row(end, (20_000, 20_000)).refusal() == ""  # a few seconds
    assert plan_row(end, (40_000, 40_000)).refusal() != ""  # measured 106 s on 2 cores


def test_tables_beyond_the_caches_are_weighed_slower() -> None:
    end = family_of(get_variant("endnim"))
    assert slowdown(end, 10_000, 10_000) == 1.0
    assert slowdown(end, 40_000, 40_000) > slowdown(end, 30_000, 30_000) > 1.0
    many = (30_000,) * 400  # more pairs than are weighed one by one: an upper bound
    assert plan_row(end, many).effort >= plan_row(end, many).cells
    huge = plan_row(end, (10**400, 10**400))
    assert "years" in huge.refusal()


def test_the_environment_raises_the_default_budget() -> None:
    code = (
        "from endnim.engine.interval import plan_row; from endnim.engine.families import "
        "family_of; from endnim.variants import get_variant; "
        "print(repr(plan_row(family_of(get_variant('endnim')), (40000, 40000)).refusal()))"
    )
    env = {**os.environ, "ENDNIM_ENGINE_CELLS": str(10**11)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "''", out.stderr


@pytest.mark.parametrize("name", ["endnim", "muller"])
def test_the_command_line_refuses_in_one_line(name: str) -> None:
    out = hang_guard.run(
        [ENDNIM, "analyze", "-v", name, "-m", "engine", "50000 50000 2"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "take about" in out.stderr
