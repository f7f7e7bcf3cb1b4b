"""Rule sets that restrict their takes (``allows_take``), in the engine, against the search."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import endnim
from endnim.engine import EngineError, _kernels, engine_table, plan_layer, solve_layer, solve_row
from endnim.engine.families import family_of, single_pile_codes, single_pile_values
from endnim.engine.interval import option_visits, plan_row, rules_plan
from endnim.engine.takes import hook_cost, takes_of
from endnim.errors import EndNimError, RuleSetError
from endnim.search import ImpartialValue, Solver
from endnim.theory import Theory
from endnim.variants import (
    EndNim,
    MisereEndNim,
    MullerEndNim,
    PartizanEndNim,
    Variant,
    unregister_variant,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


def _with_takes(base: type[Variant], rule: Any, name: str) -> Variant:
    """A rule set of ``base``'s moves whose takes ``rule(pile, size)`` allows (no theory)."""

    class Restricted(base):  # type: ignore[misc, valid-type]
        def allows_take(self, pile: int, size: int) -> bool:
            return bool(rule(pile, size))

        def theory(self) -> Theory | None:
            return None

    Restricted.name = name
    Restricted.title = name
    Restricted.aliases = ()
    return Restricted()


def subtraction(takes: set[int]) -> Any:
    return lambda pile, size: pile - size in takes


def from_table(bits: list[bool], largest: int) -> Any:
    """A predicate read from a random table of (pile, size) pairs (piles beyond: anything)."""
    table = {}
    it = iter(bits * (largest * largest))
    for pile in range(1, largest + 1):
        for size in range(pile):
            table[pile, size] = next(it)
    return lambda pile, size: table.get((pile, size), True)


def reference(rules: Variant, solver: Solver, piles: tuple[int, ...]) -> int:
    value = solver.value(piles)
    if isinstance(value, ImpartialValue):
        return value.grundy
    return int(value.left_wins_first) | (int(value.right_wins_first) << 1)


def check_against_search(rules: Variant, max_pile: int = 5, max_length: int = 4) -> None:
    """Every row of up to ``max_length`` piles of up to ``max_pile`` coins, and every option."""
    solver = Solver(rules, budget=10**9)
    players = (None,) if rules.impartial else ("L", "R")
    for length in range(1, max_length + 1):
        for piles in itertools.product(range(1, max_pile + 1), repeat=length):
            result = solve_row(rules, piles, threads=1)
            assert result.value == reference(rules, solver, piles), piles
            for player in players:
                for move, child in rules.options(piles, player):  # type: ignore[arg-type]
                    assert result.option_value(move) == reference(rules, solver, child), (
                        piles,
                        str(move),
                    )


FAMILIES = [EndNim, MisereEndNim, MullerEndNim, PartizanEndNim]
RULES = {
    "cap3": lambda pile, size: pile - size <= 3,
    "sub124": subtraction({1, 2, 4}),
    "half": lambda pile, size: 2 * (pile - size) <= pile,
    "even": lambda pile, size: (pile - size) % 2 == 0,
    "no-removal": lambda pile, size: size > 0,
    "only-removal": lambda pile, size: size == 0,
    "sub2": subtraction({2}),  # piles of 1 coin have no move at all
    "odd-piles": lambda pile, size: pile % 2 == 1,  # even piles are stuck
}


@pytest.mark.parametrize("base", FAMILIES, ids=lambda b: b.name)
@pytest.mark.parametrize("rule", sorted(RULES))
def test_restricted_takes_against_the_search(base: type[Variant], rule: str) -> None:
    rules = _with_takes(base, RULES[rule], f"t-{base.name}-{rule}")
    assert family_of(rules).name == family_of(base()).name
    check_against_search(rules, max_pile=5, max_length=4 if base is not MullerEndNim else 3)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(FAMILIES),
    st.sets(st.integers(1, 7), min_size=1, max_size=4),
    st.lists(st.integers(1, 9), min_size=2, max_size=6),
)
def test_random_subtraction_sets_on_random_rows(
    base: type[Variant], takes: set[int], piles: list[int]
) -> None:
    rules = _with_takes(base, subtraction(takes), f"r-{base.name}-{sorted(takes)}")
    solver = Solver(rules, budget=10**9)
    assert solve_row(rules, tuple(piles)).value == reference(rules, solver, tuple(piles))


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(FAMILIES),
    st.lists(st.booleans(), min_size=1, max_size=45),
    st.lists(st.integers(1, 8), min_size=1, max_size=5),
)
def test_random_boolean_tables_on_random_rows(
    base: type[Variant], bits: list[bool], piles: list[int]
) -> None:
    rules = _with_takes(base, from_table(bits, 9), f"b-{base.name}")
    solver = Solver(rules, budget=10**9)
    result = solve_row(rules, tuple(piles))
    assert result.value == reference(rules, solver, tuple(piles))


@pytest.mark.parametrize("base", FAMILIES, ids=lambda b: b.name)
def test_whole_tables_and_layers_against_the_search(base: type[Variant]) -> None:
    rules = _with_takes(base, subtraction({1, 3, 4}), f"w-{base.name}")
    solver = Solver(rules, budget=10**9)
    table = engine_table(rules, [2, 1], 6, 7)
    for x in range(7):
        for y in range(8):
            piles = tuple(p for p in (x, 2, 1, y) if p)
            if piles:
                assert int(table[x, y]) == reference(rules, solver, piles), piles
    layer = solve_layer(rules, 3, 5)
    for piles in itertools.product(range(1, 6), repeat=3):
        got = int(layer[tuple(p - 1 for p in piles)])
        assert got == reference(rules, solver, piles), piles


def test_large_rows_take_the_level_loop_and_agree_with_the_one_call_row() -> None:
    """Rows beyond the one-call size go table by table (progress, threads per level)."""
    rules = _with_takes(EndNim, subtraction({1, 2, 5}), "big-sub125")
    piles = (700, 3, 900, 2, 800)
    seen: list[tuple[int, int]] = []
    big = solve_row(rules, piles, threads=2, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1]
    small = solve_row(rules, (7, 3, 9, 2, 8), threads=1)
    solver = Solver(rules, budget=10**9)
    assert small.value == reference(rules, solver, (7, 3, 9, 2, 8))
    # the same values through the one-call kernel
    from endnim.engine.families import base_array

    family = family_of(rules)
    takes = takes_of(rules, 900)
    assert takes is not None
    rows = (np.empty(801, np.int32),)
    cols = (np.empty(701, np.int32),)
    _kernels.row(0, piles, base_array(rules, family, 900), rows, cols, None, takes.kernel_args(900))
    assert big.borders is not None
    assert rows[0].tolist() == big.borders[0][0].tolist()
    assert cols[0].tolist() == big.borders[1][0].tolist()


def test_unrestricted_lists_take_the_built_in_kernels() -> None:
    """A rule set whose allows_take allows everything is served by the unrestricted kernels."""
    rules = _with_takes(EndNim, lambda pile, size: True, "all-takes")
    assert takes_of(rules, 100) is None
    assert engine_table(rules, [3], 10, 12).tolist() == engine_table("endnim", [3], 10, 12).tolist()
    capped = _with_takes(EndNim, RULES["cap3"], "cap3-small")
    assert takes_of(capped, 3) is None  # piles up to 3 may take any reduction under a cap of 3
    assert takes_of(capped, 4) is not None


def test_lone_piles_follow_the_takes() -> None:
    rules = _with_takes(EndNim, subtraction({2}), "lone-sub2")
    assert single_pile_values(rules, 6) == [0, 0, 1, 1, 0, 0, 1]
    misere = _with_takes(MisereEndNim, subtraction({1, 2}), "lone-misere")
    solver = Solver(misere, budget=10**6)
    expected = [reference(misere, solver, (p,)) for p in range(1, 7)]
    assert single_pile_values(misere, 6)[1:] == expected
    partizan = _with_takes(PartizanEndNim, subtraction({2}), "lone-partizan")
    solver = Solver(partizan, budget=10**6)
    assert single_pile_codes(partizan, 6)[1:] == [
        reference(partizan, solver, (p,)) for p in range(1, 7)
    ]


def test_the_predicate_is_evaluated_once_per_pile_bound() -> None:
    calls = []

    def rule(pile: int, size: int) -> bool:
        calls.append((pile, size))
        return pile - size <= 2

    rules = _with_takes(EndNim, rule, "counted")
    engine_table(rules, [1], 20, 30)
    first = len(calls)
    assert first <= 64 * 65 // 2 + 100  # the first bound (64) and the checks, never per cell
    engine_table(rules, [2], 30, 40)
    solve_row(rules, (50, 1, 60))
    assert len(calls) == first  # kept per rule set and bound
    engine_table(rules, [1], 10, 100)
    assert len(calls) > first  # a larger bound extends the lists


def test_examples_are_served_and_agree_with_the_search() -> None:
    for spec in ("capped.py:CappedEndNim", "subtraction.py:SubtractionEndNim"):
        rules = endnim.load_rules(f"{EXAMPLES / spec}")
        try:
            assert family_of(rules).name == "end"  # type: ignore[arg-type]
            check_against_search(rules, max_pile=6, max_length=3)  # type: ignore[arg-type]
        finally:
            unregister_variant(rules.name)


def test_a_vectorised_hook_is_checked_against_allows_take() -> None:
    class Liar(EndNim):
        name = "liar"
        title = "liar"

        def allows_take(self, pile: int, size: int) -> bool:
            return pile - size <= 2

        def allows_take_table(self, largest: int) -> npt.NDArray[np.bool_]:
            return np.ones((largest + 1, largest + 1), np.bool_)

        def theory(self) -> Theory | None:
            return None

    with pytest.raises(EndNimError, match=r"allows_take_table.*opposite"):
        solve_row(Liar(), (5, 6))

    class BadShape(Liar):
        name = "bad-shape"

        def allows_take_table(self, largest: int) -> npt.NDArray[np.bool_]:
            return np.ones((3, 3), np.bool_)

    with pytest.raises(EndNimError, match="shape"):
        solve_row(BadShape(), (5, 6))


def test_a_users_broken_predicate_is_one_line_naming_the_hook(tmp_path: Path) -> None:
    source = tmp_path / "broken_takes.py"
    source.write_text(
        "from endnim import Variant\n"
        "class Broken(Variant):\n"
        "    name = 'broken-takes'\n"
        "    title = 'broken takes'\n"
        "    def ends(self, piles, player=None): return ('L', 'R')\n"
        "    def allows_take(self, pile, size): return 1 if pile < 40 else 'yes'\n"
    )
    rules = endnim.load_rules(f"{source}:Broken")
    try:
        with pytest.raises(RuleSetError, match=r"allows_take\(\) returned 1, expected True or"):
            engine_table(rules, [1], 3, 3)  # type: ignore[arg-type]
    finally:
        unregister_variant("broken-takes")


def test_the_budget_counts_the_hook_calls_and_the_options() -> None:
    half = _with_takes(EndNim, RULES["half"], "budget-half")
    cap = _with_takes(EndNim, RULES["cap3"], "budget-cap")
    piles = (2000, 3, 2000)
    assert hook_cost(half, 2000) > 0
    before = rules_plan(half, piles)
    assert before.effort > plan_row(family_of(half), piles).effort  # the calls still to make
    with pytest.raises(EngineError, match="would compute"):
        solve_row(half, (30_000, 30_000), cells_budget=10**9)  # refused before any call
    assert hook_cost(half, 30_000) > 0  # nothing was evaluated
    half_takes, cap_takes = takes_of(half, 2000), takes_of(cap, 2000)
    assert half_takes is not None and cap_takes is not None
    family = family_of(half)
    visits_half = option_visits(family, piles, half_takes)
    visits_cap = option_visits(family, piles, cap_takes)
    assert visits_cap < visits_half / 100  # a cap reads 3 options a side, half ~x/2
    assert (
        plan_row(family, piles, takes=half_takes).effort
        > plan_row(family, piles, takes=cap_takes).effort
    )
    # the option visits of a row are those of its tables, cell by cell
    small = (3, 1, 4)
    counts = cap_takes.counts()
    by_cells = sum(
        int(counts[x] + counts[y])
        for i, j in itertools.combinations(range(3), 2)
        for x in range(1, small[i] + 1)
        for y in range(1, small[j] + 1)
    )
    assert option_visits(family, small, cap_takes) == by_cells
    assert plan_layer(1, 3, 5, cap_takes).effort > plan_layer(1, 3, 5).effort


def test_the_kernel_refuses_bad_lists() -> None:
    base = np.arange(5, dtype=np.int32)
    rows, cols = (np.empty(5, np.int32),), (np.empty(4, np.int32),)
    offsets = np.array([0, 0, 1, 3, 6, 10], np.int32)
    bad_sizes = np.array([0, 0, 1, 0, 1, 2, 0, 1, 2, 4], np.int32)  # 4 is not below 4
    with pytest.raises(ValueError, match="takes"):
        _kernels.row(0, (3, 1, 4), base, rows, cols, None, (offsets, bad_sizes))
    with pytest.raises(ValueError, match="offsets"):
        _kernels.row(0, (3, 1, 4), base, rows, cols, None, (offsets[:3], bad_sizes))


def test_random_rows_of_every_family_with_random_caps() -> None:
    rng = random.Random("takes")
    for base in FAMILIES:
        for _ in range(6):
            cap = rng.randint(1, 4)
            rules = _with_takes(base, lambda p, s, c=cap: p - s <= c, f"cap{cap}-{base.name}")
            solver = Solver(rules, budget=10**9)
            for _ in range(10):
                piles = tuple(rng.randint(1, 10) for _ in range(rng.randint(1, 6)))
                assert solve_row(rules, piles).value == reference(rules, solver, piles), piles


def test_partizan_thresholds_are_not_claimed_for_changed_rules() -> None:
    """The engine's thresholds are partizan End-Nim's (A–N's bound): a partizan rule set with
    restricted takes gets its class and winning moves from the engine, and no thresholds."""
    from endnim.variants import register_variant

    rules = register_variant(_with_takes(PartizanEndNim, subtraction({1, 2}), "pz-sub12"))
    try:
        analysis = endnim.analyze("3 1 4", "pz-sub12", method="engine")
        solver = Solver(rules, budget=10**6)
        assert analysis.outcome == solver.value((3, 1, 4)).outcome  # type: ignore[union-attr]
        assert analysis.thresholds is None
        assert any("thresholds not computed" in note for note in analysis.notes)
        assert endnim.analyze("3 1 4", "partizan", method="engine").thresholds is not None
    finally:
        unregister_variant("pz-sub12")


# ---------------------------------------------------------------------- allowed_takes(pile)
AMOUNTS: dict[str, tuple[Any, Any]] = {  # a rule as allows_take and as allowed_takes(pile)
    "cap3": (RULES["cap3"], lambda pile: range(1, 4)),
    "sub124": (RULES["sub124"], lambda pile: [4, 2, 1, 2]),  # any order, repeats
    "half": (RULES["half"], lambda pile: range(pile // 2, 0, -1)),  # a falling range
    "even": (RULES["even"], lambda pile: range(-4, pile + 7, 2)),  # past both ends
    "no-removal": (RULES["no-removal"], lambda pile: (np.int64(t) for t in range(1, pile))),
    "sub2": (RULES["sub2"], lambda pile: {2}),
}


def _with_amounts(base: type[Variant], rule: str, calls: list[int] | None = None) -> Variant:
    """A rule set of ``base``'s moves with both hooks of ``AMOUNTS[rule]``."""
    allows, amounts = AMOUNTS[rule]

    class Listed(base):  # type: ignore[misc, valid-type]
        name = f"listed-{base.name}-{rule}"
        title = name
        aliases = ()

        def allows_take(self, pile: int, size: int) -> bool:
            return bool(allows(pile, size))

        def allowed_takes(self, pile: int) -> Any:
            if calls is not None:
                calls.append(pile)
            return amounts(pile)

        def theory(self) -> Theory | None:
            return None

    return Listed()


@pytest.mark.parametrize("rule", sorted(AMOUNTS))
def test_allowed_takes_lists_what_allows_take_allows(rule: str) -> None:
    calls: list[int] = []
    listed = _with_amounts(EndNim, rule, calls)
    plain = _with_takes(EndNim, AMOUNTS[rule][0], f"plain-{rule}")
    mine, theirs = takes_of(listed, 300), takes_of(plain, 300)
    assert mine is not None and theirs is not None
    assert sorted(calls) == list(range(1, 301))  # the lists came from allowed_takes
    assert mine.offsets.tolist() == theirs.offsets.tolist()
    assert mine.sizes.tolist() == theirs.sizes.tolist()
    check_against_search(listed, max_pile=5, max_length=3)


def test_allowed_takes_is_called_once_per_pile_and_allows_take_only_on_small_piles() -> None:
    calls: list[int] = []
    rules = _with_amounts(EndNim, "cap3", calls)
    counted: list[int] = []
    original = type(rules).allows_take

    def counting(self: Variant, pile: int, size: int) -> bool:
        counted.append(pile)
        return bool(original(self, pile, size))

    type(rules).allows_take = counting  # type: ignore[method-assign]
    engine_table(rules, [1], 3, 2000)
    assert sorted(calls) == list(range(1, len(calls) + 1)) and len(calls) >= 2000
    assert counted and max(counted) <= 16  # the check on small piles, not 2 million calls


def test_a_per_pile_hook_that_disagrees_or_returns_no_numbers_is_one_line() -> None:
    class Liar(EndNim):
        name = "liar-listed"
        title = "liar"

        def allows_take(self, pile: int, size: int) -> bool:
            return pile - size <= 2

        def allowed_takes(self, pile: int) -> Any:
            return range(1, 4)

        def theory(self) -> Theory | None:
            return None

    with pytest.raises(EndNimError, match=r"allowed_takes\(3\) allows taking \[1, 2, 3\]"):
        solve_row(Liar(), (5, 6))

    class Floats(Liar):
        name = "floats-listed"

        def allowed_takes(self, pile: int) -> Any:
            return [1.0, 2.0]

    with pytest.raises(EndNimError, match=r"allowed_takes\(1\) returned a float among the coins"):
        solve_row(Floats(), (5, 6))


def test_a_users_per_pile_hook_runs_guarded(tmp_path: Path) -> None:
    """A user's allowed_takes runs under the hook guard: its failure names it in one line."""
    source = tmp_path / "listed_takes.py"
    source.write_text(
        "from endnim import Variant\n"
        "class Listed(Variant):\n"
        "    name = 'listed-takes'\n"
        "    title = 'listed takes'\n"
        "    def ends(self, piles, player=None): return ('L', 'R')\n"
        "    def allows_take(self, pile, size): return pile - size <= 3\n"
        "    def allowed_takes(self, pile):\n"
        "        if pile > 100:\n"
        "            raise KeyError(pile)\n"
        "        return (t for t in range(1, 4))\n"
    )
    rules = endnim.load_rules(f"{source}:Listed")
    try:
        assert engine_table(rules, [1], 3, 40) is not None  # type: ignore[arg-type]
        with pytest.raises(RuleSetError, match=r"allowed_takes\(\) raised KeyError: 101"):
            engine_table(rules, [1], 3, 200)  # type: ignore[arg-type]
    finally:
        unregister_variant("listed-takes")
    floats = tmp_path / "listed_floats.py"
    floats.write_text(
        source.read_text()
        .replace("listed-takes", "listed-floats")
        .replace("(t for t in range(1, 4))", "[1, 2, 3.0]")
    )
    rules = endnim.load_rules(f"{floats}:Listed")
    try:  # named by its kind, never by the user's repr
        with pytest.raises(RuleSetError, match=r"allowed_takes\(\) raised TypeError: a float "):
            engine_table(rules, [1], 3, 40)  # type: ignore[arg-type]
    finally:
        unregister_variant("listed-floats")


def test_rules_info_names_the_per_pile_hook() -> None:
    from endnim.engine.served import compiled_path

    path = compiled_path(_with_amounts(EndNim, "cap3"))
    assert path.summary().endswith(
        "(listed once per pile bound by one allowed_takes() call per pile)"
    )
    assert path.to_json()["vectorised"] is True
    assert (
        "one allows_take() call per (pile, size)"
        in compiled_path(_with_takes(EndNim, RULES["cap3"], "plain-info")).summary()
    )


def test_check_rules_finds_a_per_pile_hook_that_disagrees(tmp_path: Path) -> None:
    """check-rules exercises allowed_takes as the tables read it: a rule set whose per-pile
    list disagrees with allows_take cannot pass it and then fail every table."""
    from endnim.variants.checker import check_rules

    source = tmp_path / "listed_liar.py"
    header = (
        "from endnim import Variant\n"
        "class Listed(Variant):\n"
        "    name = 'listed-liar'\n"
        "    title = 'listed liar'\n"
        "    def ends(self, piles, player=None): return ('L', 'R')\n"
        "    def allows_take(self, pile, size): return pile - size <= 2\n"
    )
    source.write_text(header + "    def allowed_takes(self, pile): return range(1, 4)\n")
    report = check_rules(f"{source}:Listed", max_piles=2, max_pile=3)
    assert not report.ok
    assert [(f.kind, f.hook) for f in report.findings] == [("hooks disagree", "allowed_takes()")]
    assert "allowed_takes(3) allows taking [1, 2, 3] coins" in report.findings[0].detail
    source.write_text(header + "    def allowed_takes(self, pile): return (1, 2)\n")
    assert check_rules(f"{source}:Listed", max_piles=2, max_pile=3).ok


TABLE_LIAR = """
import numpy as np
from endnim import Variant


class Capped(Variant):
    name = "table-liar"
    title = "table liar"

    def ends(self, piles, player=None):
        return ("L", "R")

    def allows_take(self, pile, size):
        return pile - size <= 2
"""

HONEST = {
    "allows_take_table": "    def allows_take_table(self, largest):\n"
    "        pile, size = np.arange(largest + 1)[:, None], np.arange(largest + 1)[None, :]\n"
    "        return (pile - size <= 2) & (size < pile)\n",
    "allows_take_lists": "    def allows_take_lists(self, largest):\n"
    "        lists = [[s for s in range(p) if p - s <= 2] for p in range(largest + 1)]\n"
    "        offsets = np.cumsum([0] + [len(sizes) for sizes in lists])\n"
    "        return offsets, [s for sizes in lists for s in sizes]\n",
}
"""The same rule as ``allows_take``, in each vectorised form."""


@pytest.mark.parametrize(
    ("hook", "body", "said"),
    [
        (
            "allows_take_table",
            "    def allows_take_table(self, largest):\n"
            "        return np.ones((largest + 1, largest + 1), np.bool_)\n",
            "allows_take_table(16) allows taking [1, 2, 3] coins from a pile of 3, "
            "allows_take() allows [1, 2] (they say the opposite of taking 3)",
        ),
        (
            "allows_take_lists",
            "    def allows_take_lists(self, largest):\n"  # every pile may lose one coin only
            "        offsets = [0, 0, *range(1, largest + 1)]\n"
            "        return offsets, [pile - 1 for pile in range(1, largest + 1)]\n",
            "allows_take_lists(16) allows taking [1] coins from a pile of 2, "
            "allows_take() allows [1, 2] (they say the opposite of taking 2)",
        ),
    ],
)
def test_check_rules_finds_a_vectorised_hook_that_disagrees(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    hook: str,
    body: str,
    said: str,
) -> None:
    """check-rules checks allows_take_table and allows_take_lists as the engine reads them
    (the engine's check, shared): one that lies is one finding, one line naming the hook, the
    pile and the take (not an error of every table later); one that agrees passes."""
    from endnim.variants.checker import check_rules
    from tests.cli_in_process import run

    source = tmp_path / "table_liar.py"
    source.write_text(TABLE_LIAR + body)
    report = check_rules(f"{source}:Capped", max_piles=2, max_pile=3)
    assert [(f.kind, f.hook, f.detail) for f in report.findings] == [
        ("hooks disagree", f"{hook}()", said)
    ]
    code, out, err = run(monkeypatch, capsys, "check-rules", f"{source}:Capped", "--max-piles", "2")
    assert code == 1, err
    assert [line for line in out.splitlines() if said in line], out
    rules = endnim.load_rules(f"{source}:Capped")
    try:  # the engine says the same of the lists it reads (of its own largest pile)
        words = re.escape(said.split(") ", 1)[1])
        with pytest.raises(EndNimError, match=rf"{hook}\(\d+\) {words}"):
            engine_table(rules, [1], 3, 20)  # type: ignore[arg-type]
    finally:
        unregister_variant("table-liar")
    source.write_text(TABLE_LIAR + HONEST[hook])
    assert check_rules(f"{source}:Capped", max_piles=2, max_pile=3).ok
