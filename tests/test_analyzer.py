"""analyze(): the fields the CLI and API print, for every variant and method."""

from __future__ import annotations

import json

import pytest
from conftest import IMPARTIAL_NAMES, positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analyzer import analyze
from endnim.errors import BudgetError, EndNimError, PositionError, VariantError
from endnim.moves import Move
from endnim.search import ImpartialValue
from endnim.variants import get_variant

IMPARTIAL = IMPARTIAL_NAMES


def solver_winning_moves(variant: str, piles: tuple[int, ...]) -> set[str]:
    rules = get_variant(variant)
    result = set()
    if rules.impartial:
        for move, child in rules.options(piles):
            value = solver(variant).value(child)
            assert isinstance(value, ImpartialValue)
            if value.grundy == 0:
                result.add(str(move))
        return result
    for player in ("L", "R"):
        for move, child in rules.options(piles, player):  # type: ignore[arg-type]
            value = solver(variant).value(child)
            if (value.right_wins_first if player == "L" else value.left_wins_first) is False:  # type: ignore[union-attr]
                result.add(str(move))
    return result


@pytest.mark.parametrize("variant", [*IMPARTIAL, "partizan"])
def test_every_method_agrees_on_small_positions(variant: str) -> None:
    for piles in positions(4, 4):
        search = analyze(piles, variant, "search").to_dict()
        for method in ("auto", "engine"):
            other = analyze(piles, variant, method).to_dict()
            for key in ("outcome", "grundy", "remoteness", "winning_moves", "position", "variant"):
                assert other[key] == search[key], (variant, method, piles, key)
            if variant == "partizan":
                for key in ("L_star", "R_star", "L_threshold", "R_threshold"):
                    assert other[key] == search[key], (piles, method, key)
        assert set(search["winning_moves"]) == solver_winning_moves(variant, piles)


def test_json_fields() -> None:
    data = json.loads(analyze("3 3 3 2").to_json())
    assert data["position"] == [3, 3, 3, 2]
    assert data["variant"] == "endnim"
    assert data["outcome"] in ("P", "N")
    assert isinstance(data["grundy"], int)
    assert isinstance(data["winning_moves"], list)
    assert isinstance(data["remoteness"], int)
    assert data["method"] == "theory"
    partizan = analyze("3 5 4 5 1", "partizan").to_dict()
    assert partizan["outcome"] == "L" and partizan["grundy"] is None
    assert (partizan["L_threshold"], partizan["R_threshold"]) == (1, 3)  # A–N §3: 35451
    other = analyze("3 5 5 5 1", "partizan").to_dict()
    assert other["outcome"] == "N" and (other["L_threshold"], other["R_threshold"]) == (14, 18)


def test_auto_uses_the_engine_when_no_theorem_fixes_the_value() -> None:
    data = analyze("200 17 33 70 180", "endnim").to_dict()
    assert data["sources"]["grundy"] == "engine" and data["remoteness"] is None
    assert data["grundy"] == analyze("200 17 33 70 180", "endnim", "engine").grundy


def test_engine_progress_reports_cells() -> None:
    seen: list[tuple[int, int]] = []
    analyze("800 3 900", "endnim", "engine", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] > 0


def test_theory_only_leaves_unknowns_null() -> None:
    data = analyze("5 3 7 2", "endnim", "theory").to_dict()
    assert data["remoteness"] is None
    assert data["method"] == "theory"


def test_huge_piles_answer_by_theory_and_say_what_is_missing() -> None:
    big = 10**100
    result = analyze([big, 7, big + 1, 3, big], "endnim")
    assert result.outcome in ("P", "N")
    assert result.remoteness is None and result.notes
    assert "states" in result.notes[0]
    with pytest.raises(BudgetError, match="memory"):
        analyze([big, 7, big], "endnim", "search")


def test_ten_thousand_piles_of_a_hundred_digits() -> None:
    import random

    rng = random.Random(7)
    row = [rng.randrange(10**99, 10**100) for _ in range(10_000)]
    for variant in ("endnim", "misere", "loop", "muller"):
        result = analyze(row, variant, "theory")
        assert result.outcome in ("P", "N")
    row[-1] = row[0]
    assert analyze(row, "endnim", "theory").outcome in ("P", "N")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("0 1",), PositionError),
        (("",), PositionError),
        (("1 2", "chess"), VariantError),
        (("1 2", "endnim", "magic"), VariantError),
    ],
)
def test_bad_input(args: tuple[str, ...], error: type[Exception]) -> None:
    with pytest.raises(error):
        analyze(*args)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([*IMPARTIAL, "partizan"]),
    st.lists(st.integers(1, 10**30), min_size=1, max_size=12),
)
def test_winning_moves_lead_to_losing_positions(variant: str, piles: list[int]) -> None:
    result = analyze(piles, variant, "theory")
    rules = get_variant(variant)
    for move_range in result.winning_move_ranges[:4]:
        ends = {move_range.low, move_range.high}
        for move in (Move(move_range.end, size, move_range.reverse) for size in ends):
            child = rules.play(piles, move, None if rules.impartial else move.end)
            if not child:
                continue  # the empty row, a P-position under normal play
            outcome = analyze(child, variant, "theory").outcome
            if rules.impartial:
                assert outcome == "P", (piles, str(move))
            else:
                assert outcome in (("L", "P") if move.end == "L" else ("R", "P")), (piles, move)


def test_errors_are_endnim_errors() -> None:
    assert issubclass(PositionError, EndNimError) and issubclass(BudgetError, EndNimError)


def test_to_json_is_the_json_of_to_dict_in_every_variant() -> None:
    """to_json() leaves the reasons' data to its encoder instead of copying them into JSON types
    (a fifth of a batch's time) and orjson writes it; the text must be the standard library's
    compact json.dumps(to_dict()) exactly, for rows the theory answers, small rows the search
    completes, huge piles and the graph rule sets."""
    import json
    import random

    from endnim.variants import all_variants

    rng = random.Random(14)
    rows: list[list[int]] = [[1], [2, 2], [3, 1, 4], [1, 1, 1, 1], [5, 6, 5, 6, 5]]
    for _ in range(150):
        k = rng.randint(1, 7)
        top = rng.choice([3, 8, 10**6, 2**63, 10**40])
        rows.append([rng.randint(1, top) for _ in range(k)])
    for name in [v.name for v in all_variants() if v.family == "row"]:
        for row in rows:
            analysis = analyze(row, name)
            assert analysis.to_json() == json.dumps(
                analysis.to_dict(), ensure_ascii=False, separators=(",", ":")
            )
    for variant, position in (
        ("tree", "2(1 3)"),
        ("depot", "cycle: 0 2 1 3"),
        ("depot-partizan", "2 1 3"),
    ):
        analysis = analyze(position, variant)
        compact = json.dumps(analysis.to_dict(), ensure_ascii=False, separators=(",", ":"))
        assert analysis.to_json() == compact


@pytest.mark.parametrize("variant", ["endnim", "misere", "misere-conway", "muller", "loop"])
def test_a_lone_huge_pile_has_remoteness_one_where_a_move_ends_the_game(variant: str) -> None:
    """Issue 42: a lone pile of 200 digits had "remoteness not computed" (its search is out of
    reach) though a winning move takes it and ends the game: remoteness 1. Wherever the search
    is skipped and the remoteness given so, it is the searched one."""
    from itertools import product

    huge = analyze((10**200,), variant)
    if variant in ("endnim", "misere", "muller"):
        assert huge.remoteness == 1
        assert huge.sources["remoteness"] == "a winning move ends the game"
    given = 0
    for length in (1, 2, 3):
        for piles in product(range(1, 5), repeat=length):
            skipped = analyze(piles, variant, budget=1)
            if skipped.remoteness is not None:
                given += 1
                assert skipped.remoteness == analyze(piles, variant, "search").remoteness, piles
    assert given > 0 or variant in ("misere-conway", "loop")
