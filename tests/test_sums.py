"""Sums ``A + B + ...`` in ``endnim analyze`` (issue 21 §1), held to an independent exhaustive
search of the sum as one game: positions are tuples of summands, a move is a move of one
summand by ``rules.options``; normal play (no move: the mover loses) or misère (wins)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache
from itertools import combinations_with_replacement, product
from pathlib import Path
from typing import Any

import pytest

from endnim.analyzer import analyze
from endnim.errors import EndNimError
from endnim.ruleset import RuleSet
from endnim.variants import get_variant

ENDNIM = str(Path(sys.executable).with_name("endnim"))
IMPARTIAL = ("endnim", "misere", "misere-conway", "loop", "muller")


def rows(max_length: int, max_pile: int) -> list[tuple[int, ...]]:
    return [
        row
        for length in range(1, max_length + 1)
        for row in product(range(1, max_pile + 1), repeat=length)
    ]


def summand_moves(name: str) -> Any:
    """A summand's moves in a sum: misère Cairns–Ho's lone pile still has its last move."""
    return get_variant("misere-conway" if name == "misere" else name)


def mover_wins(name: str, total: tuple[tuple[int, ...], ...]) -> bool:
    moves = summand_moves(name)
    misere = name.startswith("misere")

    @cache
    def wins(state: tuple[tuple[int, ...], ...]) -> bool:
        children = [
            state[:k] + (child,) + state[k + 1 :]
            for k, part in enumerate(state)
            if part and not moves.is_terminal(part)
            for _, child in moves.options(part)
        ]
        if not children:
            return misere
        return any(not wins(child) for child in children)

    return wins(total)


def sums_of(max_length: int, max_pile: int, count: int) -> list[tuple[tuple[int, ...], ...]]:
    singles = rows(max_length, max_pile)
    return [tuple(pair) for pair in combinations_with_replacement(singles, count)]


def text(total: tuple[tuple[int, ...], ...]) -> str:
    return " + ".join(" ".join(map(str, row)) for row in total)


@pytest.mark.parametrize("name", IMPARTIAL)
def test_two_and_three_rows_against_the_search_of_the_sum(name: str) -> None:
    moves = summand_moves(name)
    cases = sums_of(3, 3, 2)[::3] + sums_of(2, 2, 3)
    for total in cases:
        analysis = analyze(text(total), name)
        truth = mover_wins(name, total)
        assert analysis.outcome == ("N" if truth else "P"), (name, total)
        # every winning move is legal and leads to a position the search says is lost ...
        winning = set(analysis.winning_moves)
        for k, part in enumerate(total):
            if moves.is_terminal(part):
                continue
            for move, child in moves.options(part):
                after = total[:k] + (child,) + total[k + 1 :]
                label = f"{k + 1}:{moves.format_move(move)}"
                # ... and every move to a lost position is listed
                assert (label in winning) == (not mover_wins(name, after)), (name, total, label)
        if not name.startswith("misere"):
            assert analysis.grundy == _xor([analyze(list(r), name).grundy for r in total])


def _xor(values: list[int | None]) -> int:
    result = 0
    for value in values:
        assert value is not None
        result ^= value
    return result


@pytest.mark.parametrize("name", IMPARTIAL)
def test_winning_moves_round_trip_through_play(name: str) -> None:
    analysis = analyze("3 1 4 + 2 2 + 1 3", name)
    game = analysis.ruleset
    for move in analysis.winning_moves:
        after = game.play(analysis.position, move)
        assert game.format_move(game.parse_move(move)) == move
        assert analyze(game.format_position(after), name).outcome == "P"


def test_remoteness_and_components() -> None:
    analysis = analyze("3 1 + 2", "endnim")
    assert analysis.remoteness is not None
    data = analysis.to_dict()
    assert data["position"] == "3 1 + 2"
    assert [c["position"] for c in data["components"]] == [[3, 1], [2]]
    assert data["components"][0] == analyze("3 1").to_dict()
    assert data["method"] == "sum" and data["sources"]["grundy"] == "xor"


def test_misere_sum_names_the_theorem() -> None:
    data = analyze("3 1 4 + 2 2", "misere").to_dict()
    assert "docs/misere.md" in data["reason"][0]["theorem"]
    assert data["grundy"] == 7  # the corollary of docs/misere.md §2 (was None: issue 42)


def test_partizan_sum_by_search() -> None:
    analysis = analyze("3 1 4 + 2 2", "partizan")
    assert analysis.outcome == "R"
    assert "1:R3" in analysis.winning_moves


def test_graph_sums() -> None:
    assert analyze("2 0 1 + 1 1", "depot").grundy == (
        analyze("2 0 1", "depot").grundy ^ analyze("1 1", "depot").grundy  # type: ignore[operator]
    )
    assert analyze("3(1 2) + 3(1 2)", "tree").outcome == "P"


def test_python_sequence_with_a_plus() -> None:
    assert analyze(["3 1", "+", "2"]).to_dict()["position"] == "3 1 + 2"


@pytest.mark.parametrize(
    ("position", "words"),
    [("3 1 4 + ", "summand 2"), ("+", "summand 1"), ("3 + 0", "summand 2 of '3 + 0'")],
)
def test_bad_sums_are_one_line_errors(position: str, words: str) -> None:
    with pytest.raises(EndNimError, match=re.escape(words)):
        analyze(position)
    run = subprocess.run([ENDNIM, "analyze", position], capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and words in run.stderr


def test_batch_lines_and_json() -> None:
    run = subprocess.run(
        [ENDNIM, "analyze", "-v", "misere", "--batch", "-", "--json"],
        input="3 1 + 2\n1 + 1 + 1\n2 2\n+\n",
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line.get("outcome") for line in lines] == ["P", "P", "P", None]
    assert lines[1]["winning_moves"] == [] and len(lines[1]["components"]) == 3
    assert run.returncode == 2


class MisereSubtraction(RuleSet[int, int]):
    """Take 1 or 2 from a heap; the player who cannot move wins (a user's misère rule set)."""

    name = "test-misere-sub12"
    title = "misère subtraction {1, 2}"
    convention = "conway"

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: int) -> str:
        return str(position)

    def parse_move(self, text: str) -> int:
        return int(text)

    def options(self, position: int, player: Any = None) -> list[tuple[int, int]]:
        return [(take, position - take) for take in (1, 2) if take <= position]

    def terminal_value(self, position: int) -> int:
        return 1

    def estimate_states(self, position: int) -> int:
        return position + 1


def test_a_users_misere_rule_set_by_the_search_of_the_sum() -> None:
    rules = MisereSubtraction()

    @cache
    def wins(state: tuple[int, ...]) -> bool:
        children = [
            state[:k] + (state[k] - take,) + state[k + 1 :]
            for k in range(len(state))
            for take in (1, 2)
            if take <= state[k]
        ]
        return True if not children else any(not wins(child) for child in children)

    for total in product(range(1, 6), repeat=3):
        analysis = analyze(" + ".join(map(str, total)), rules)
        assert analysis.outcome == ("N" if wins(total) else "P"), total
        assert analysis.sources["outcome"] == "search"
        for move in analysis.winning_moves:
            k, take = (int(x) for x in move.split(":"))
            assert not wins(total[: k - 1] + (total[k - 1] - take,) + total[k:])


class SilentMisereSubtraction(MisereSubtraction):
    """The same game, its terminal value 1 but no convention named: XOR would be wrong."""

    name = "test-silent-misere-sub12"
    convention = None


def test_a_terminal_value_without_a_convention_is_refused_not_xored() -> None:
    # 1 + 1: normal play's XOR says P; with terminal value 1 it is a misère game (N). Neither
    # answer may be given silently.
    with pytest.raises(EndNimError, match="names no convention"):
        analyze("1 + 1", SilentMisereSubtraction())


def test_a_summand_with_too_many_moves_is_not_listed_and_says_so() -> None:
    """``10^30 1 + 3`` listed every move of its first summand (memory without end)."""
    from endnim.strategies.sums import MAX_SUMMAND_MOVES

    huge = analyze(f"{10**30} 1 + 3")
    assert huge.outcome == "N" and huge.grundy == (10**30 + 1) ^ 3
    assert huge.winning_moves == [] and not huge.winning_moves_complete
    assert any("summand 1 (up to" in note for note in huge.notes)
    assert huge.to_dict()["winning_moves_complete"] is False
    big = MAX_SUMMAND_MOVES // 2 + 1  # a row a a has a + a moves: over the limit
    partial = analyze(f"{big} {big} + 7 + 3")  # a a is P: the sum's value is 7 ^ 3 = 4
    assert partial.grundy == 4 and partial.winning_moves == ["2:L3"]
    assert not partial.winning_moves_complete
    whole = analyze("9 9 + 7 + 3")  # the same shape, small: every summand's moves valued
    assert whole.winning_moves_complete and whole.winning_moves == ["2:L3"]


# ---------------------------------------------------------------- issue 34 §6: many summands
def test_a_sum_of_many_summands_is_answered_in_linear_work_or_refused() -> None:
    """100,000 summands ran for ever: the misère theorem was re-checked over the whole sum for
    every move. Up to ``MAX_SUMMANDS`` summands are answered (checked against the theorem's
    parity rule), one more is refused before anything is read."""
    from endnim.strategies.sums import MAX_SUMMANDS

    ones = analyze(" + ".join(["1"] * MAX_SUMMANDS), "misere")  # even coins: N, every move wins
    assert ones.outcome == "N" and ones.winning_move_list is not None
    assert ones.winning_move_list == [f"{k}:L0" for k in range(1, MAX_SUMMANDS + 1)]
    odd = analyze(" + ".join(["1"] * (MAX_SUMMANDS - 1)), "misere")
    assert odd.outcome == "P" and odd.winning_moves == []
    with pytest.raises(EndNimError, match=f"{MAX_SUMMANDS + 1:,} summands"):
        analyze(" + ".join(["1"] * (MAX_SUMMANDS + 1)), "misere")
    with pytest.raises(EndNimError, match="summands"):
        analyze(" + ".join(["3 1"] * (MAX_SUMMANDS + 1)), "endnim")


def test_the_moves_valued_in_a_whole_sum_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from endnim.strategies import sums

    whole = analyze("2 2 + 2 2 + 3 + 1", "endnim")
    monkeypatch.setattr(sums, "MAX_SUM_MOVES", 8)  # the first two summands' 4 + 4 moves
    cut = analyze("2 2 + 2 2 + 3 + 1", "endnim")
    assert cut.grundy == whole.grundy and not cut.winning_moves_complete
    assert set(cut.winning_moves) < set(whole.winning_moves)
    assert all(move[0] in "12" for move in cut.winning_moves)
    assert any("summand 3 (up to" in note for note in cut.notes)


def test_a_batch_line_out_of_memory_is_that_line_s_error(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    """A MemoryError on one line ended the whole batch without naming the line."""
    import endnim.analyzer
    from endnim import cli

    real = endnim.analyzer.analyzer_of

    def analyzer_of(*args: Any, **kwargs: Any) -> Any:
        each = real(*args, **kwargs)

        def hungry(text: object) -> Any:
            if text == "7 7 7":
                raise MemoryError
            return each(text)

        return hungry

    monkeypatch.setattr(endnim.analyzer, "analyzer_of", analyzer_of)
    batch = tmp_path / "batch.txt"
    batch.write_text("3 1\n7 7 7\n2 2 + 1\n")
    with pytest.raises(SystemExit) as stop:
        cli.main(["analyze", "--json", "--batch", str(batch)])
    assert stop.value.code == 2
    out, err = capsysbinary.readouterr()
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert [line.get("outcome") for line in lines] == ["N", None, "N"]
    assert lines[1]["line"] == 2 and "out of memory" in lines[1]["error"]
    assert err.decode().splitlines() == ["endnim: error: line 2: " + lines[1]["error"]]


@pytest.mark.parametrize("variant", ["misere", "misere-conway"])
def test_misere_sum_grundy_is_the_searched_one(variant: str) -> None:
    """Issue 42: a misère End-Nim sum's Grundy value was "unknown"; docs/misere.md §2's
    corollary gives it (X, or 1 ⊕ coins mod 2 for rows of ones), checked here against the
    exhaustive search of the sum as one game (the empty sum valued 1)."""
    import random

    from endnim.search import ImpartialValue, Solver
    from endnim.strategies.sums import sum_rules

    game = sum_rules(get_variant(variant))
    rows = [
        row
        for length in (1, 2, 3)
        for row in product(range(1, 4), repeat=length)
        if length < 3 or max(row) <= 2
    ]
    ones = [row for row in rows if set(row) == {1}]
    chance = random.Random(42)
    for trial in range(150):
        pool = ones if trial % 4 == 0 else rows
        parts = [chance.choice(pool) for _ in range(chance.randint(2, 3))]
        text = " + ".join(" ".join(map(str, row)) for row in parts)
        searched = Solver(game, 10**6).value(game.coerce_position(text))
        assert isinstance(searched, ImpartialValue)
        result = analyze(text, variant)
        assert result.grundy == searched.grundy, text
        assert result.sources["grundy"] == "misère sum theorem"
