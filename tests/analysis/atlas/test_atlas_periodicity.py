"""The periodicity atlas: the fast detection equals the reference rule, the rows equal the
reference search's, interruption and resume give the same file, and the shipped CSV is what
the code computes."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from conftest import IMPARTIAL_NAMES, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analysis.atlas.periodicity import (
    COLUMNS,
    AtlasError,
    AtlasSpec,
    impartial_row_variants,
    middle_text,
    middles,
    read_atlas,
    row_periodicity,
    run_atlas,
    summarise,
    table_rows,
)
from endnim.analysis.periodicity import find_periodicity
from endnim.engine import engine_table
from endnim.variants import Variant, get_variant

SHIPPED = Path(__file__).resolve().parents[3] / "data" / "atlas" / "periodicity.csv"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-30, 30), max_size=20),
    st.lists(st.integers(-30, 30), min_size=1, max_size=12),
    st.integers(-5, 5),
    st.integers(1, 9),
    st.integers(2, 5),
)
def test_fast_rule_equals_reference_rule(
    noise: list[int], base: list[int], saltus: int, repeats: int, min_periods: int
) -> None:
    values = noise + [b + saltus * k for k in range(repeats) for b in base]
    assert row_periodicity(values, min_periods=min_periods) == find_periodicity(
        values, min_periods=min_periods
    )


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-3, 3), max_size=40),
    st.lists(st.integers(-3, 3), min_size=1, max_size=6),
    st.integers(-2, 2),
    st.integers(3, 60),
    st.integers(2, 5),
)
def test_the_deep_filter_keeps_every_period_that_passes(
    noise: list[int], base: list[int], saltus: int, repeats: int, min_periods: int
) -> None:
    """With the second filter (each period's last (n - 1)·p steps, up to 4096) on for every
    row, not only past 16 candidates, the rule is still the reference one."""
    from endnim.analysis import periodicity

    values = noise + [b + saltus * k for k in range(repeats) for b in base]
    saved = periodicity.FULL_TESTS
    periodicity.FULL_TESTS = 0
    try:
        found = row_periodicity(values, min_periods=min_periods)
    finally:
        periodicity.FULL_TESTS = saved
    assert found == find_periodicity(values, min_periods=min_periods)


def test_fast_rule_on_engine_rows_and_noise() -> None:
    """Every row of a sample of atlas tables (1024 columns), and random sequences."""
    rng = random.Random(14)
    tables = AtlasSpec.default(cols=1024).tables()
    for variant, middle in rng.sample(tables, 12):
        table = engine_table(variant, list(middle), 32, 1024)
        for a in range(1, 33):
            row = table[a, 1:]
            assert row_periodicity(row) == find_periodicity(row.tolist()), (variant, middle, a)
    for _ in range(200):
        values = [rng.randrange(6) for _ in range(rng.randrange(1, 80))]
        assert row_periodicity(values) == find_periodicity(values)


@pytest.mark.parametrize("variant", IMPARTIAL_NAMES)
@pytest.mark.parametrize("middle", [(), (2,), (4,), (1, 3), (2, 1, 2)])
def test_rows_against_the_search(variant: str, middle: tuple[int, ...]) -> None:
    """The atlas line of rows a <= 5, b <= 72 from the engine = the rule on the search's values."""
    lines = table_rows(variant, middle, 5, 72)
    reference = solver(variant)
    for line in lines:
        a = int(str(line["a"]))
        values = [reference.value((a, *middle, b)).grundy for b in range(1, 73)]  # type: ignore[union-attr]
        found = find_periodicity(values)
        assert line["periodic"] == (found is not None)
        if found is not None:
            got = tuple(line[k] for k in ("preperiod", "period", "saltus", "periods_seen"))
            assert got == (found.preperiod, found.period, found.saltus, found.periods_seen)


def test_the_spec_reads_the_registry() -> None:
    names = impartial_row_variants()
    registry_rows = [
        name
        for name in names
        if isinstance(get_variant(name), Variant) and get_variant(name).impartial
    ]
    assert list(names) == registry_rows and set(IMPARTIAL_NAMES) <= set(names)
    assert "partizan" not in names
    found = middles(8, 4)
    assert len(found) == 1 + 8 + 64 + 64 and found[0] == () and len(set(found)) == len(found)
    assert max(len(w) for w in found) == 3 and max(max(w, default=0) for w in found[73:]) == 4


def small_spec() -> AtlasSpec:
    return AtlasSpec.default(
        variants=["endnim", "misere"], rows=4, cols=64, short_piles=2, long_piles=1
    )


class Stop(Exception):
    pass


def test_interrupt_and_resume_give_the_same_file(tmp_path: Path) -> None:
    spec = small_spec()
    whole = tmp_path / "whole.csv"
    assert run_atlas(whole, spec) == len(spec.tables()) == 16
    expected = whole.read_bytes()
    assert expected.decode().splitlines()[0] == ",".join(COLUMNS)
    assert len(expected.decode().splitlines()) == 1 + 16 * 4

    cut = tmp_path / "cut.csv"

    def stop_after_five(done: int, total: int, name: str) -> None:
        if done == 5:
            raise Stop

    with pytest.raises(Stop):
        run_atlas(cut, spec, progress=stop_after_five)
    assert len(cut.read_text().splitlines()) == 1 + 5 * 4
    with cut.open("a") as handle:  # a kill in the middle of a line
        handle.write("endnim,[2],1,3,64,3,Tr")
    seen: list[int] = []
    assert run_atlas(cut, spec, progress=lambda d, t, n: seen.append(d)) == 11
    assert seen == list(range(6, 17))
    assert cut.read_bytes() == expected
    assert run_atlas(cut, spec) == 0 and cut.read_bytes() == expected


def test_an_empty_file_is_started_afresh(tmp_path: Path) -> None:
    spec = small_spec()
    whole, empty = tmp_path / "whole.csv", tmp_path / "empty.csv"
    run_atlas(whole, spec)
    empty.write_text("")
    assert run_atlas(empty, spec) == 16
    assert empty.read_bytes() == whole.read_bytes()


def test_a_table_cut_short_is_recomputed(tmp_path: Path) -> None:
    spec = small_spec()
    path = tmp_path / "atlas.csv"
    run_atlas(path, spec)
    expected = path.read_bytes()
    lines = expected.decode().splitlines(keepends=True)
    path.write_text("".join(lines[:-2]))  # the last table lost two of its rows
    assert run_atlas(path, spec) == 1
    assert path.read_bytes() == expected


def test_other_parameters_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "atlas.csv"
    run_atlas(path, small_spec())
    other = AtlasSpec.default(variants=["endnim"], rows=4, cols=128, short_piles=2, long_piles=1)
    with pytest.raises(AtlasError, match="b_max=64"):
        run_atlas(path, other)
    stranger = tmp_path / "other.csv"
    stranger.write_text("x,y\n1,2\n")
    with pytest.raises(AtlasError, match="not a periodicity atlas"):
        run_atlas(stranger, small_spec())
    with pytest.raises(AtlasError, match="not a periodicity atlas"):
        read_atlas(stranger)
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(AtlasError, match="not UTF-8"):
        read_atlas(binary)


def test_the_shipped_atlas_is_what_the_code_computes() -> None:
    """Every table of the shipped CSV is there once, and a sample recomputes identically."""
    lines = list(read_atlas(SHIPPED))
    spec = AtlasSpec.default()
    assert len(lines) == len(spec.tables()) * spec.rows
    keys = [(line["variant"], line["middle"]) for line in lines[:: spec.rows]]
    assert keys == [(v, middle_text(w)) for v, w in spec.tables()]
    rng = random.Random(4096)
    for variant, middle in rng.sample(spec.tables(), 4) + [("endnim", (4,))]:
        index = spec.tables().index((variant, middle)) * spec.rows
        shipped = lines[index : index + spec.rows]
        fresh = table_rows(variant, middle, spec.rows, spec.cols)
        assert [{k: str(v) for k, v in line.items()} for line in fresh] == shipped
    summary = summarise(lines)
    assert summary["endnim"] == summary["misere-conway"]  # proved: docs/atlas.md §3
    fields = ("periodic", "preperiod", "period", "saltus")
    by_game = {
        game: {
            (ln["middle"], ln["a"]): [ln[k] for k in fields]
            for ln in lines
            if ln["variant"] == game
        }
        for game in ("endnim", "misere-conway")
    }
    differ = {k for k, v in by_game["endnim"].items() if v != by_game["misere-conway"][k]}
    assert differ == {(middle_text((1,) * k), "1") for k in range(4)}  # rows 1·1ᵏ·b only
    assert summary["muller"]["saltus_zero"] == spec.rows * len(spec.middles)


def test_albert_nowakowski_a4b_rows_in_the_atlas() -> None:
    """Row 5 of a·4·b has period 12 (docs/errata.md), and row 1 settles from b = 6."""
    rows = {int(str(line["a"])): line for line in table_rows("endnim", (4,), 8, 4096)}
    assert (rows[5]["preperiod"], rows[5]["period"], rows[5]["saltus"]) == (8, 12, 12)
    assert (rows[1]["preperiod"], rows[1]["period"]) == (6, 1)
    assert np.all([rows[a]["periodic"] for a in rows])


def test_a_partizan_rule_set_is_refused(tmp_path: Path) -> None:
    spec = AtlasSpec.default(variants=["partizan"], rows=2, cols=8, short_piles=1, long_piles=0)
    with pytest.raises(AtlasError, match="partizan"):
        run_atlas(tmp_path / "p.csv", spec)
    assert not (tmp_path / "p.csv").exists()


def test_the_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = tmp_path / "atlas.csv"
    args = [sys.executable, "-m", "endnim.cli", "atlas", "periodicity", str(out)]
    small = ["--variant", "loop", "--rows", "3", "--cols", "40", "--short-piles", "1"]
    done = subprocess.run([*args, *small, "--long-piles", "1"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "4 tables (12 rows), 4 computed now" in done.stdout  # [], [1], [1, 1], [1, 1, 1]
    again = subprocess.run([*args, *small, "--long-piles", "1"], capture_output=True, text=True)
    assert "0 computed now" in again.stdout
    wrong = subprocess.run([*args, "--variant", "partizan"], capture_output=True, text=True)
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1
    assert "partizan" in wrong.stderr


def test_summary_command_errors_are_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    damaged = tmp_path / "damaged.csv"
    good = SHIPPED.read_text(encoding="utf-8").splitlines(keepends=True)[:40]
    damaged.write_text("".join(good).replace(",True,", ",True,x", 1).replace(",1,", ",one,", 3))
    stranger = tmp_path / "stranger.csv"
    stranger.write_text("x,y\n1,2\n")
    for path in (damaged, stranger):
        done = subprocess.run(
            [sys.executable, "-m", "endnim.cli", "atlas", "summary", str(path)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith("endnim: error: ")
