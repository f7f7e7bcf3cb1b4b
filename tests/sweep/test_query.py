"""Reading a stored sweep: lookups, layers, blocks, predicates (checked against the search and
against Horrocks' scalar conjecture checks), and ``stored_values``."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.engine import CODE_TO_OUTCOME, solve_layer
from endnim.errors import EndNimError
from endnim.search import ImpartialValue
from endnim.sweep import SweepError, open_sweep, parse_predicate, run_query, run_sweep
from endnim.sweep.query import Conjecture
from endnim.sweep.reader import LayerBlock, stored_values
from endnim.theory import horrocks
from endnim.variants import get_variant

L, H = 4, 5


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for variant in ("endnim", "muller", "partizan"):
        path = tmp_path_factory.mktemp(variant)
        run_sweep(path, variant, L, H, workers=2, chunk_tables=5)
        out[variant] = path
    return out


def truth(variant: str, piles: tuple[int, ...]) -> int | str:
    value = solver(variant).value(piles)
    return value.grundy if isinstance(value, ImpartialValue) else value.outcome


CASES: list[tuple[str, list[str], Callable[[int | str], bool]]] = [
    ("endnim", ["p"], lambda v: v == 0),
    ("endnim", ["value", "3"], lambda v: v == 3),
    ("endnim", ["value-at-least", "6"], lambda v: isinstance(v, int) and v >= 6),
    ("endnim", ["outcome", "N"], lambda v: v != 0),
    ("muller", ["P"], lambda v: v == 0),
    ("muller", ["value", "0"], lambda v: v == 0),
    ("muller", ["value", "99"], lambda v: v == 99),
    ("partizan", ["p"], lambda v: v == "P"),
    ("partizan", ["outcome", "l"], lambda v: v == "L"),
    ("partizan", ["outcome", "N"], lambda v: v == "N"),
]


@pytest.mark.parametrize(("variant", "words", "wanted"), CASES)
def test_predicates_count_and_list_what_the_search_finds(
    stores: dict[str, Path],
    variant: str,
    words: list[str],
    wanted: Callable[[int | str], bool],
) -> None:
    expected = [p for p in positions(L, H) if wanted(truth(variant, p))]
    with open_sweep(stores[variant]) as sweep:
        rule = parse_predicate(words, sweep.impartial)
        result = run_query(sweep, rule, limit=7)
        assert result.count == len(expected)
        assert result.checked == sum(H**n for n in range(1, L + 1))
        assert result.positions == expected[:7]
        assert result.values == [truth(variant, p) for p in expected[:7]]
        only3 = run_query(sweep, rule, lengths=[3], limit=10**6)
        assert only3.positions == [p for p in expected if len(p) == 3]
        assert only3.count == len(only3.positions)
        assert run_query(sweep, rule, limit=0).positions == []


def test_conjecture_predicates_list_each_counterexample(stores: dict[str, Path]) -> None:
    with open_sweep(stores["muller"]) as sweep:
        for number in (1, 2, 3):
            assert run_query(sweep, Conjecture(number)).count == 0  # Horrocks checked heaps <= 9
        # plant counterexamples in the mapped data: G(4 2 5 3) := 13 > 4 + 3 + 1 (Conj. 1),
        # G(4 1 1 2) := 3 = 4 - 1 with 4 - 2 > 1 (Conj. 2), G(5 5 5 5) := 9 (Conj. 3 wants 4)
        planted = {(4, 2, 5, 3): 13, (5, 5, 5, 5): 9, (4, 1, 1, 2): 3}
        for piles, value in planted.items():
            level, inner = 2, (piles[1] - 1) * H + piles[2] - 1
            size = H ** (level - sweep._prefixes[level])
            key = (level, inner // size)
            array = np.array(sweep._chunk(*key))
            array[inner % size, piles[0], piles[-1]] = value
            sweep._arrays[key] = array
        found = {n: run_query(sweep, Conjecture(n)) for n in (1, 2, 3)}
    assert found[1].positions == [(4, 2, 5, 3)]
    assert found[2].positions == [(4, 1, 1, 2)]
    assert found[3].positions == [(5, 5, 5, 5)]
    assert [found[n].count for n in (1, 2, 3)] == [1, 1, 1]
    assert found[1].values == [13]


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.integers(0, 15), min_size=4**3, max_size=4**3),
    fixed=st.lists(st.integers(1, 4), min_size=0, max_size=2),
    first_free=st.booleans(),
    number=st.sampled_from([1, 2, 3]),
)
def test_conjecture_masks_equal_horrocks_checks(
    values: list[int], fixed: list[int], first_free: bool, number: int
) -> None:
    # a block of positions of length 3 + len(fixed): three free piles 1..4 around the fixed ones
    array = np.array(values, dtype=np.uint8).reshape(4, 4, 4)
    block = LayerBlock(3 + len(fixed), tuple(fixed), 1 if first_free else 0, array)
    mask = Conjecture(number).mask(block)
    check = getattr(horrocks, f"conjecture_{number}")
    for index in itertools.product(range(4), repeat=3):
        piles = block.piles_at(index)
        assert len(piles) == block.length
        assert bool(mask[index]) == (not check(piles, int(array[index]))), (piles, array[index])


def test_lone_pile_blocks_for_conjecture_3() -> None:
    block = LayerBlock(1, (), 0, np.array([1, 2, 0, 4], dtype=np.uint8))
    assert Conjecture(3).mask(block).tolist() == [False, False, True, False]
    assert not Conjecture(1).mask(block).any()


def test_lookups_layers_and_blocks(stores: dict[str, Path]) -> None:
    with open_sweep(stores["partizan"]) as sweep:
        assert sweep.value("3 1 4") == truth("partizan", (3, 1, 4))
        assert sweep.code([2, 2]) == CODE_TO_OUTCOME.index(str(truth("partizan", (2, 2))))
        assert "partizan" in repr(sweep)
    with open_sweep(stores["endnim"]) as sweep:
        assert sweep.value((5, 5, 5, 5)) == truth("endnim", (5, 5, 5, 5))
        seen: list[tuple[int, ...]] = []
        for block in sweep.blocks(4):  # store order: whole chunks
            seen.extend(p for p, _ in block.positions())
        assert sorted(seen) == list(positions(4, H, 4))
        assert np.array_equal(sweep.layer(4, 3), solve_layer(get_variant("endnim"), 4, 3))
        for bad, message in [
            ((6, 1), "piles up to 5"),
            ((1,) * 5, "length 1..4"),
            ("0 3", "pile 1 is 0"),
        ]:
            with pytest.raises(EndNimError, match=message):
                sweep.value(bad)
        with pytest.raises(SweepError, match=r"piles 1\.\.5"):
            sweep.layer(2, 6)


def test_predicate_errors_are_one_line(stores: dict[str, Path]) -> None:
    bad = [
        ([], True, "no predicate"),
        (["prime"], True, "unknown predicate"),
        (["value"], True, "one whole number"),
        (["value", "x"], True, "one whole number"),
        (["value", "3"], False, "partizan"),
        (["outcome", "L"], True, "one of P, N"),
        (["conjecture", "4"], True, "Conjectures 1, 2 and 3"),
        (["p", "2"], True, "no argument"),
    ]
    for words, impartial, message in bad:
        with pytest.raises(SweepError, match=message) as error:
            parse_predicate(words, impartial)
        assert "\n" not in str(error.value)
    with open_sweep(stores["endnim"]) as sweep, pytest.raises(SweepError, match="Muller"):
        run_query(sweep, Conjecture(1))
    with open_sweep(stores["endnim"]) as sweep, pytest.raises(SweepError, match="not 9"):
        run_query(sweep, parse_predicate(["p"], True), lengths=[9])


def test_stored_values_covers_only_what_is_stored(stores: dict[str, Path], tmp_path: Path) -> None:
    values = stored_values(stores["muller"], "muller", 3, 4)
    assert values is not None
    assert list(values) == [1, 2, 3] and len(values) == 3
    for length in (1, 2, 3):
        assert values[length].dtype == np.int32
        assert np.array_equal(values[length], solve_layer(get_variant("muller"), length, 4))
    with pytest.raises(KeyError):
        values[4]
    assert stored_values(stores["muller"], "muller", L, H) is not None
    assert stored_values(stores["muller"], "endnim", 3, 4) is None
    assert stored_values(stores["muller"], "muller", L + 1, H) is None
    assert stored_values(stores["muller"], "muller", L, H + 1) is None
    assert stored_values(tmp_path / "nothing", "muller", 2, 2) is None
    with pytest.raises(EndNimError, match="unknown variant"):
        stored_values(stores["muller"], "no-such-variant", 2, 2)


def test_opening_a_directory_without_a_sweep(tmp_path: Path) -> None:
    with pytest.raises(SweepError, match="holds no sweep"):
        open_sweep(tmp_path)
    (tmp_path / "catalogue.sqlite").write_bytes(b"this is not a database, just some bytes" * 10)
    with pytest.raises(SweepError, match="cannot read the sweep catalogue"):
        open_sweep(tmp_path)
