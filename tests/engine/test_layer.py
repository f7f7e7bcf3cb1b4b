"""The engine over whole layers equals the reference search and the papers' closed forms."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from conftest import solver

from endnim.engine import CODE_TO_OUTCOME, EngineError, solve_layer
from endnim.search import ImpartialValue
from endnim.theory import cairns_ho as ch
from endnim.theory import horrocks, partizan
from endnim.variants import all_variants, get_variant

VARIANTS = [v.name for v in all_variants() if v.family == "row"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_up_to_length_6_piles_6_equals_the_search(variant: str) -> None:
    rules = get_variant(variant)
    reference = solver(variant)
    checked = 0
    for length in range(1, 7):
        values = solve_layer(rules, length, 6)
        assert values.shape == (6,) * length
        for piles in itertools.product(range(1, 7), repeat=length):
            got = int(values[tuple(p - 1 for p in piles)])
            value = reference.value(piles)
            if isinstance(value, ImpartialValue):
                assert got == value.grundy, piles
            else:
                assert CODE_TO_OUTCOME[got] == value.outcome, piles
            checked += 1
    assert checked == 55_986


def test_two_piles_are_nim_and_loop_is_prop_4_1() -> None:
    endnim = solve_layer(get_variant("endnim"), 2, 200)
    loop = solve_layer(get_variant("loop"), 2, 200)
    a = np.arange(1, 201)[:, None]
    b = np.arange(1, 201)[None, :]
    assert np.array_equal(endnim, a ^ b)
    assert np.array_equal(loop, ((a - 1) ^ (b - 1)) + 1)  # Cairns–Ho Prop 4.1


def test_misere_two_piles_prop_4_2() -> None:
    values = solve_layer(get_variant("misere"), 2, 150)
    for a in range(1, 151):
        for b in range(a, 151):
            assert (values[a - 1, b - 1] == 0) == (a == b != 1)  # Thm 2.2
            assert (values[a - 1, b - 1] == 1) == ch.misere_two_pile_is_one(a, b), (a, b)


def test_three_pile_value_one_and_two_theorems() -> None:
    h = 48
    endnim = solve_layer(get_variant("endnim"), 3, h)
    misere = solve_layer(get_variant("misere"), 3, h)
    loop = solve_layer(get_variant("loop"), 3, h)
    for a1, a2, a3 in itertools.product(range(1, h + 1), repeat=3):
        if a1 > a3:
            continue
        i = (a1 - 1, a2 - 1, a3 - 1)
        assert (endnim[i] == 1) == ch.endnim_three_is_one(a1, a2, a3), i  # Thm 5.1
        assert (endnim[i] == 2) == ch.endnim_three_is_two(a1, a2, a3), i  # Thm 5.4
        assert (misere[i] == 1) == ch.misere_three_is_one(a1, a2, a3), i  # Thm 5.2
        assert (loop[i] == 1) == ch.loop_three_is_one(a1, a2, a3), i  # Thm 5.3


def test_muller_two_and_three_heaps_horrocks_theorems_3_to_5() -> None:
    h = 40
    two = solve_layer(get_variant("muller"), 2, 120)
    for a, b in itertools.product(range(1, 121), repeat=2):
        assert two[a - 1, b - 1] == horrocks.grundy_two_heaps(a, b)[0]
    three = solve_layer(get_variant("muller"), 3, h)
    for m, a, b in itertools.product(range(1, h + 1), repeat=3):
        assert three[m - 1, a - 1, b - 1] == horrocks.grundy_three_heaps(m, a, b)[0], (m, a, b)


def test_muller_rows_ending_in_one_lemma_2() -> None:
    values = solve_layer(get_variant("muller"), 6, 7)
    for piles in itertools.product(range(1, 8), repeat=5):
        row = (*piles, 1)
        assert values[tuple(p - 1 for p in row)] == horrocks.grundy_ending_in_one(row)[0], row


def test_partizan_outcomes_equal_proposition_8() -> None:
    for length, h in ((2, 60), (3, 30), (4, 12)):
        codes = solve_layer(get_variant("partizan"), length, h)
        for piles in itertools.product(range(1, h + 1), repeat=length):
            assert CODE_TO_OUTCOME[codes[tuple(p - 1 for p in piles)]] == partizan.outcome(piles)


def test_thread_counts_agree() -> None:
    for variant in ("endnim", "muller", "partizan"):
        one = solve_layer(get_variant(variant), 5, 7, threads=1)
        two = solve_layer(get_variant(variant), 5, 7, threads=2)
        assert np.array_equal(one, two)


def test_small_lengths_and_budget() -> None:
    rules = get_variant("endnim")
    assert int(solve_layer(rules, 0, 3)) == 0
    assert solve_layer(rules, 1, 4).tolist() == [1, 2, 3, 4]
    with pytest.raises(EngineError, match="budget"):
        solve_layer(rules, 12, 30)


def test_a_small_layer_takes_one_thread_without_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    """threads=None below a million cells: one thread, /proc/loadavg never read."""
    from endnim.engine import _kernels, interval, layer

    def refuse() -> int:
        raise AssertionError("default_threads() asked for a small layer")

    calls: list[int] = []
    batch = _kernels.batch

    def recording(*args: object) -> None:
        calls.append(int(str(args[-1])))
        batch(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(interval, "default_threads", refuse)
    monkeypatch.setattr(layer._kernels, "batch", recording)
    rules = get_variant("endnim")
    assert np.array_equal(solve_layer(rules, 4, 6), solve_layer(rules, 4, 6, threads=2))
    assert calls[: len(calls) // 2] == [1] * (len(calls) // 2)
