"""Playing a sum against the computer (issue 21 §1): every computer move, every judgement and
every ending held to an independent exhaustive search of the sum as one game."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from endnim.analyzer import analyze
from endnim.errors import EndNimError, MoveError
from endnim.play import ComputerPlayer, GameSession, best_move, evaluate_moves
from endnim.play.sum_game import SumGame

ENDNIM = str(Path(sys.executable).with_name("endnim"))

Row = tuple[int, ...]
Sum = tuple[Row, ...]
ROWS: list[Row] = [(a,) for a in range(1, 4)] + [(a, b) for a in range(1, 4) for b in range(1, 3)]
SMALL_SUMS: list[Sum] = [tuple(pair) for pair in itertools.combinations_with_replacement(ROWS, 2)]
SMALL_SUMS += [
    s for i, s in enumerate(itertools.combinations_with_replacement(ROWS, 3)) if i % 7 == 0
]


def row_moves(row: Row, side: str | None = None) -> list[tuple[str, Row]]:
    """End-Nim's moves in one row, written independently of endnim: (move, row after), one
    move per distinct row after it (the first pile's first, as endnim names them)."""
    moves: list[tuple[str, Row]] = []
    ends = ("L",) if len(row) == 1 and side is None else ("L", "R") if side is None else (side,)
    for end in ends:
        pile = row[0] if end == "L" else row[-1]
        for size in range(pile):
            if end == "L":
                after = ((size,) if size else ()) + row[1:]
            else:
                after = row[:-1] + ((size,) if size else ())
            if all(after != seen for _, seen in moves):
                moves.append((f"{end}{size}", after))
    return moves


def sum_moves(total: Sum, side: str | None = None) -> list[tuple[str, Sum]]:
    return [
        (f"{k + 1}:{move}", tuple(p for p in (*total[:k], after, *total[k + 1 :]) if p))
        for k, row in enumerate(total)
        for move, after in row_moves(row, side)
    ]


@cache
def mover_wins(total: Sum, misere: bool) -> bool:
    """The exhaustive search: normal play, the player with no move loses; misère, wins."""
    options = sum_moves(total)
    if not options:
        return misere
    return any(not mover_wins(after, misere) for _, after in options)


@cache
def partizan_wins(total: Sum, side: str) -> bool:
    """Partizan End-Nim sum: Left plays first piles, Right last piles; no move loses."""
    other = "R" if side == "L" else "L"
    return any(not partizan_wins(after, other) for _, after in sum_moves(total, side))


def text(total: Sum) -> str:
    return " + ".join(" ".join(map(str, row)) for row in total)


VARIANTS = [("endnim", False), ("misere", True), ("misere-conway", True)]


@pytest.mark.parametrize(("variant", "misere"), VARIANTS)
def test_the_computer_never_misses_a_win_and_the_judge_names_the_winning_moves(
    variant: str, misere: bool
) -> None:
    for total in SMALL_SUMS:
        game = GameSession(variant, text(total), computer=ComputerPlayer(100, random.Random(0)))
        winning = {m for m, after in sum_moves(total) if not mover_wins(after, misere)}
        choice = best_move(game.position, game.variant)
        assert choice.wins == bool(winning), text(total)
        if winning:
            assert game.variant.format_move(choice.move) in winning, text(total)
        listed = evaluate_moves(game.position, game.variant)
        assert {m.text for m in listed.moves or [] if m.wins} == winning, text(total)
        for move, after in sum_moves(total):
            ply = GameSession(variant, text(total)).play(move)
            assert ply.judgement is not None
            assert ply.judgement.was_winning == bool(winning)
            assert set(ply.judgement.winning_moves) == winning, (text(total), move)
            assert ply.judgement.kept == (not mover_wins(after, misere))
            assert game.variant.format_position(ply.after) == text(after)


@pytest.mark.parametrize(("variant", "misere"), VARIANTS)
def test_whole_games_end_under_the_right_convention(variant: str, misere: bool) -> None:
    rng = random.Random(5)
    for total in SMALL_SUMS[::3]:
        game = GameSession(variant, text(total), computer=ComputerPlayer(100, random.Random(1)))
        last = None
        while not game.over:
            if game.to_move == "human":
                move, _ = rng.choice(sum_moves(game.position))
                game.play(move)
            else:
                before = game.position
                ply = game.computer_move()
                if mover_wins(before, misere):
                    assert not mover_wins(ply.after, misere), (text(total), ply.move_text)
            last = game.history[-1].mover
        assert game.position == ()
        loser = last if misere else ("computer" if last == "human" else "human")
        assert game.winner != loser and game.winner is not None


def test_partizan_sums_are_played_by_the_search_of_the_sum() -> None:
    for total in SMALL_SUMS[:30]:
        for side in ("L", "R"):
            game = GameSession("partizan", text(total), human_side=side)
            winning = {
                m
                for m, after in sum_moves(total, side)
                if not partizan_wins(after, "RL"[side == "R"])
            }
            choice = best_move(game.position, game.variant, side)
            assert choice.wins == bool(winning), (text(total), side)
            if winning:
                assert game.variant.format_move(choice.move) in winning
            move = sum_moves(total, side)[0][0]
            judgement = game.play(move).judgement
            assert judgement is not None and set(judgement.winning_moves) == winning


def test_a_lone_pile_has_one_name_and_moves_round_trip() -> None:
    game = GameSession("endnim", "3 + 2 2")
    assert isinstance(game.variant, SumGame)
    ply = game.play("1:R1")
    assert ply.move_text == "1:L1"
    for move in ("1:L1", "2:R0", "12:L3", "1:L2r"):
        assert game.variant.format_move(game.variant.parse_move(move)) == move


@pytest.mark.parametrize(
    ("start", "move", "message"),
    [
        ("3 + 2 2", "3:L0", "there is no summand 3: the sum '3 + 2 2' has 2 summands"),
        ("3 + 2 2", "0:L0", "cannot read a move of a sum from '0:L0'"),
        ("3 + 2 2", "L0", "cannot read a move of a sum from 'L0': write K:MOVE"),
        ("3 + 2 2", "2:L5", "summand 2: move L5 is not legal in 2 2"),
    ],
)
def test_bad_moves_are_one_line(start: str, move: str, message: str) -> None:
    with pytest.raises(MoveError) as error:
        GameSession("endnim", start).play(move)
    assert message in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("variant", "start", "message"),
    [
        ("endnim", "3 + 0 2", "summand 2 of '3 + 0 2': pile 1 is 0"),
        ("endnim", "3 + + 2", "summand 2 of '3 + + 2' is empty"),
        (
            "partizan",
            "5 5 5 + 6 6 6 + 7 7 7 + 5 5 5",
            "this sum is too large to play: the "
            "exact search of the sum may visit up to 121,677,504 states",
        ),
    ],
)
def test_bad_sums_are_refused_in_one_line(variant: str, start: str, message: str) -> None:
    with pytest.raises(EndNimError) as error:
        GameSession(variant, start)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_finished_summands_disappear() -> None:
    game = GameSession("loop", "3 1 + 5 + 2 2")  # a lone pile is a finished Loop summand
    assert game.variant.format_position(game.position) == "3 1 + 2 2"
    game = GameSession("endnim", "1 + 2 2", computer=ComputerPlayer(100, random.Random(0)))
    game.play("1:L0")
    assert game.variant.format_position(game.position) == "2 2"
    assert game.to_dict()["position"] == "2 2"
    assert game.computer_move().move_text.startswith("1:")


def test_sums_with_many_moves_list_only_the_winning_ones() -> None:
    start = "610 1 + 3"
    game = GameSession("endnim", start, computer=ComputerPlayer(100, random.Random(0)))
    listing = evaluate_moves(game.position, game.variant)
    expected = analyze(start).winning_moves  # the same pipeline, named move by move
    assert listing.moves is None and listing.winning_moves == expected and expected
    assert listing.to_dict()["winning"] == [{"text": m, "count": 1} for m in expected]
    assert best_move(game.position, game.variant).move in [
        game.variant.parse_move(m) for m in expected
    ]
    game.play("2:L0")
    ply = game.computer_move()
    assert ply.judgement is not None and ply.judgement.was_winning and ply.judgement.kept
    weak = GameSession(
        "endnim", start, computer=ComputerPlayer(0, random.Random(2)), human_first=False
    )
    assert weak.computer_move().kind == "random"


def test_a_sum_with_too_many_moves_is_refused_with_its_count() -> None:
    with pytest.raises(EndNimError) as error:
        GameSession("endnim", f"{10**30} 1 + 3")
    assert "too large to play: it has up to 1,000,000,000,000,000,000,000,000,000,004 moves" in str(
        error.value
    )


# ---------------------------------------------------------------- issue 34 §7: huge summands
def test_a_graph_s_moves_are_counted_without_listing_them() -> None:
    """``move_count`` is ``len(options)`` for every player on every small graph of each graph
    rule set (rows of labels 0..3, up to 4 vertices, and trees with branches)."""
    from itertools import product

    from endnim.graphs.base import GraphRuleSet
    from endnim.variants import get_variant
    from endnim.variants.base import players_of

    for name in ("tree", "depot", "depot-partizan"):
        rules = get_variant(name)
        assert isinstance(rules, GraphRuleSet)
        texts = [
            " ".join(map(str, labels))
            for size in range(1, 5)
            for labels in product(range(4), repeat=size)
        ]
        if name == "tree":
            texts += ["3(1 2(4 1))", "2(2 2 2)", "1(0 3(2))"]
        for text in texts:
            try:
                graph = rules.parse_position(text)
            except EndNimError:
                continue  # a row this rule set does not play on
            for who in [None, *players_of(rules, None)]:
                if who is None and not rules.impartial:
                    continue
                assert rules.move_count(graph, who) == len(rules.options(graph, who)), text


def test_a_sum_with_a_huge_label_is_refused_before_play() -> None:
    """``endnim play -v tree -- "77777777777777777777 + 2"`` listed 7.8e19 moves to count them
    (19 GB), while ``analyze`` refused at once: the game counts them as analyze estimates."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))

    done = subprocess.run(
        [ENDNIM, "play", "-v", "tree", "--", "77777777777777777777 + 2"],
        input="quit\n",
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("endnim: error: this sum is too large to play")
    assert "77,777,777,777,777,777,779 moves" in done.stderr
