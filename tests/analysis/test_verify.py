"""The statements registry and ``verify``: every statement of the three papers reproduced, the
ERRATA slips confirmed with their counterexamples, and checks that can fail."""

from __future__ import annotations

import pytest
from conftest import BUILT_IN_NAMES, positions, solver

from endnim.analysis.oracle import Oracle
from endnim.analysis.statements import (
    PAPERS,
    STATEMENTS,
    Box,
    Lookup,
    by_key,
    of_paper,
    paper_name,
)
from endnim.analysis.verify import (
    MAX_POSITIONS,
    Result,
    check_statement,
    count_positions,
    effective_boxes,
    plan,
    select,
    verify,
)
from endnim.errors import EndNimError
from endnim.search import ImpartialValue, PartizanValue
from endnim.theory import partizan
from endnim.variants import get_variant

SLIPS = {
    "albert-nowakowski/thm-2-proof-printed": (3, 1, 5),
    "horrocks/prop-13-printed": (1, 1, 2),
    "horrocks/prop-14-b-m-plus-1": (2, 2, 2, 1, 2, 2, 3),
    "horrocks/conj-2-example-beans": (4, 3, 2, 2, 3),
}


def truth(variant: str, piles: tuple[int, ...]) -> int | str:
    value = solver(variant).value(piles)
    if isinstance(value, ImpartialValue):
        return value.grundy
    assert isinstance(value, PartizanValue)
    return value.outcome


def test_registry_is_well_formed() -> None:
    keys = [s.key for s in STATEMENTS]
    assert len(keys) == len(set(keys)) and len(keys) >= 70
    for s in STATEMENTS:
        assert s.paper in PAPERS and s.key.startswith(s.paper + "/")
        assert s.text and s.number and (s.boxes or s.positions), s.key
        get_variant(s.variant)
        if not s.expect:
            assert s.note, s.key  # a slip says what ERRATA records
    assert {s.key for s in STATEMENTS if not s.expect} == set(SLIPS)
    for paper in PAPERS:
        kinds = " ".join(s.number for s in of_paper(paper))
        assert "Theorem" in kinds and ("Proposition" in kinds or "Corollary" in kinds)
    assert paper_name("AN") == "albert-nowakowski"
    with pytest.raises(EndNimError, match="unknown paper"):
        paper_name("euclid")
    with pytest.raises(EndNimError, match="no statement"):
        by_key("horrocks/prop-99")


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_statement_of_the_three_papers(paper: str) -> None:
    """The whole registry on its default ranges (ERRATA's ranges): all as expected."""
    chosen = list(of_paper(paper))
    results = verify(chosen)
    assert [r.statement for r in results] == chosen
    bad = [(r.statement.key, r.status, r.counterexample) for r in results if not r.as_expected]
    assert not bad
    by_status = {r.statement.key: r for r in results}
    for key, counterexample in SLIPS.items():
        if key in by_status:
            assert by_status[key].status == "SLIP CONFIRMED"
            assert by_status[key].counterexample == counterexample
    if paper == "horrocks":
        assert by_status["horrocks/prop-14-b-m-plus-1"].counterexample_value == 3
    if paper == "albert-nowakowski":
        expected = sum(8**k for k in range(1, 7)) + 4**7 + 4**8
        assert by_status["albert-nowakowski/thm-2"].positions == expected
    assert all(r.applicable > 0 for r in results)  # no statement is vacuous on its range


def test_slips_fail_where_errata_says_and_the_corrections_hold_there() -> None:
    oracle = Oracle()
    look = Lookup(oracle, "endnim")
    printed = by_key("albert-nowakowski/thm-2-proof-printed").check
    repaired = by_key("albert-nowakowski/thm-2-proof").check
    assert printed((3, 1, 5), 6, look) is False and repaired((3, 1, 5), 6, look) is True
    assert truth("endnim", (3, 1, 4)) == 7 and truth("endnim", (3, 1, 3)) == 0
    look = Lookup(oracle, "muller")
    assert by_key("horrocks/prop-13-printed").check((2, 1, 3), 2, look) is False
    assert by_key("horrocks/prop-13").check((2, 1, 3), 2, look) is None  # a = 1 <= m
    row = (2, 2, 2, 1, 2, 2, 3)
    assert by_key("horrocks/prop-14-b-m-plus-1").check(row, truth("muller", row), look) is False
    assert by_key("horrocks/prop-14").check(row, truth("muller", row), look) is None


@pytest.mark.parametrize(
    ("key", "piles"),
    [
        ("cairns-ho/thm-2.1", (3, 1, 3)),
        ("cairns-ho/thm-5.4", (2, 2, 2)),
        ("cairns-ho/prop-4.1", (2, 3)),
        ("albert-nowakowski/thm-2", (3, 3, 3, 2, 3, 4, 3, 3)),
        ("albert-nowakowski/table-a4b", (16, 4, 11)),
        ("horrocks/thm-3", (5, 4)),
        ("horrocks/thm-5", (13, 10, 6)),
        ("horrocks/table-4ab", (4, 5, 1)),
        ("horrocks/prop-10-example", (13, 10, 6)),
        ("horrocks/lemma-2", (2, 2, 1, 1)),
        ("horrocks/conj-3", (4, 4, 4)),
    ],
)
def test_checks_can_fail(key: str, piles: tuple[int, ...]) -> None:
    """The right value passes, a wrong one is caught."""
    statement = by_key(key)
    look = Lookup(Oracle(), statement.variant)
    value = truth(statement.variant, piles)
    assert statement.check(piles, value, look) is True
    assert statement.check(piles, value + 1, look) is False  # type: ignore[operator]


@pytest.mark.parametrize(
    ("key", "piles", "wrong"),
    [
        ("albert-nowakowski/cor-6", (2, 1), "N"),
        ("albert-nowakowski/outcome-rule", (3, 5, 4, 5, 1), "N"),
        ("albert-nowakowski/example-thresholds", (3, 5, 5, 5, 1), "L"),
        ("albert-nowakowski/example-241", (2, 4, 1), "P"),
    ],
)
def test_partizan_checks_can_fail(key: str, piles: tuple[int, ...], wrong: str) -> None:
    statement = by_key(key)
    look = Lookup(Oracle(), "partizan")
    assert statement.check(piles, truth("partizan", piles), look) is True
    assert statement.check(piles, wrong, look) is not True


class WrongLookup(Lookup):
    """Answers "L" for every other position: a world where Lemma 5 and Lemma 3 fail."""

    def __call__(self, piles: tuple[int, ...]) -> str:
        return "L"


def test_partizan_lemmas_catch_a_wrong_world() -> None:
    wrong = WrongLookup(Oracle(), "partizan")
    assert by_key("albert-nowakowski/lemma-5").check((2, 2), "P", wrong) is False
    right = Lookup(Oracle(), "partizan")
    assert by_key("albert-nowakowski/lemma-5").check((2, 2), "P", right) is True
    assert by_key("albert-nowakowski/outcome-rule").check((2, 5, 1), "N", wrong) is False


def test_oracle_against_the_search() -> None:
    oracle = Oracle()
    for variant in BUILT_IN_NAMES:
        for length in range(1, 5):
            for piles, value in oracle.layer(variant, length, 4):
                assert value == truth(variant, piles), (variant, piles)
        for piles in [(7, 1, 6, 2), (9,), (2, 3, 2, 3, 2, 3)]:  # outside the layers: engine
            assert oracle.value(variant, piles) == truth(variant, piles)
    assert oracle.value("endnim", ()) == 0 and oracle.value("partizan", ()) == "P"
    for w in [(2, 4, 1), (1, 5, 3, 3, 2), (3, 3), (5, 2), (4,)]:
        assert oracle.thresholds(w) == partizan.thresholds(w)
        table = oracle.phase(w, 6)
        for x in range(0, 7):
            for y in range(0, 7):
                piles = tuple(p for p in (x, *w, y) if p)
                assert table[x][y] == truth("partizan", piles)
        assert oracle.star_thresholds(w, sum(w) + 2) == partizan.star_thresholds(w)


def test_range_overrides_plan_and_selection() -> None:
    thm1 = by_key("horrocks/thm-1")
    assert effective_boxes(thm1) == (Box(1, 6, 8), Box(7, 8, 4))
    assert effective_boxes(thm1, bound=3) == (Box(1, 8, 3),)
    assert effective_boxes(thm1, max_length=4) == (Box(1, 4, 8),)
    assert effective_boxes(thm1, bound=2, max_length=10) == (Box(1, 10, 2),)
    assert effective_boxes(by_key("horrocks/thm-3"), bound=9, max_length=5) == (Box(2, 2, 9),)
    assert count_positions([thm1], bound=2, max_length=3) == 2 + 4 + 8
    needed = plan([by_key("albert-nowakowski/lemma-5")], bound=3)
    assert needed[("partizan", 7)] == 4  # one more than the bound: Lemma 5 looks at a+1, b+1
    assert [s.key for s in select(["ch"])] == [s.key for s in of_paper("cairns-ho")]
    assert select() == list(STATEMENTS)
    with pytest.raises(EndNimError, match="no statement"):
        select(keys=["horrocks/theorem-99"])
    with pytest.raises(EndNimError, match="positions"):
        verify([thm1], bound=200, max_length=8)
    assert MAX_POSITIONS < 200**8
    with pytest.raises(EndNimError, match="bound"):
        verify([thm1], bound=0)


def test_result_json_and_small_bounds() -> None:
    results = verify(select(keys=["horrocks/prop-13", "cairns-ho/prop-4.1"]), bound=4)
    assert [r.statement.key for r in results] == [
        "cairns-ho/prop-4.1",
        "horrocks/prop-13-printed",
        "horrocks/prop-13",
    ]
    assert [r.status for r in results] == ["OK", "SLIP CONFIRMED", "OK"]
    data = results[1].to_dict()
    assert data["counterexample"] == [1, 1, 2] and data["status"] == "SLIP CONFIRMED"
    assert data["range"] == ["length 1..7, piles <= 4"]
    assert data["positions"] == sum(4**k for k in range(1, 8))
    assert isinstance(results[2], Result) and results[2].failures == 0
    assert sum(1 for _ in positions(7, 4)) == data["positions"]


def test_check_statement_counts_explicit_positions() -> None:
    result = check_statement(by_key("horrocks/conj-3"), Oracle())
    assert result.positions == result.applicable == 625 and result.status == "OK"
