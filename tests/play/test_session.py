"""Game sessions: turns, sides, the winner (checked against the search), undo and hints."""

from __future__ import annotations

import random

import pytest
from conftest import BUILT_IN_NAMES, positions, solver

from endnim.errors import EndNimError, MoveError
from endnim.moves import End, Move
from endnim.play import ComputerPlayer, GameSession, best_move
from endnim.play.session import TurnError
from endnim.play.turns import turn_options
from endnim.search import ImpartialValue, PartizanValue
from endnim.variants import get_variant

VARIANTS = BUILT_IN_NAMES


def first_player_wins(name: str, piles: tuple[int, ...], first: End | None) -> bool:
    value = solver(name).value(piles)
    if isinstance(value, ImpartialValue):
        return value.grundy != 0
    assert isinstance(value, PartizanValue)
    return value.left_wins_first if first == "L" else value.right_wins_first


@pytest.mark.parametrize("name", VARIANTS)
def test_perfect_play_ends_with_the_winner_the_search_predicts(name: str) -> None:
    """Both players perfect: the session's winner is the search's, for every terminal rule."""
    rules = get_variant(name)
    sides: tuple[End | None, ...] = (None,) if rules.impartial else ("L", "R")
    for piles in positions(4, 4):
        for human_first in (True, False):
            for side in sides:
                game = GameSession(
                    name,
                    piles,
                    human_first=human_first,
                    human_side=side,
                    computer=ComputerPlayer(100, random.Random(0)),
                )
                first = game.side_to_move
                while not game.over:
                    if game.to_move == "human":
                        game.play(best_move(game.position, name, game.side_to_move).move)
                    else:
                        game.computer_move()
                human_started = human_first
                first_won = first_player_wins(name, piles, first)
                expected = "human" if first_won == human_started else "computer"
                assert game.winner == expected, (name, piles, human_first, side)


def test_turns_and_sides_alternate() -> None:
    game = GameSession("partizan", "3 1 4", human_side="R", human_first=False)
    assert (game.to_move, game.side_to_move, game.human_side) == ("computer", "L", "R")
    with pytest.raises(TurnError, match="computer's turn"):
        game.play("R0")
    ply = game.computer_move()
    assert (ply.mover, ply.side, ply.move.end) == ("computer", "L", "L")
    assert (game.to_move, game.side_to_move) == ("human", "R")
    with pytest.raises(MoveError, match="not legal for Right"):
        game.play("L0")
    with pytest.raises(TurnError, match="your turn"):
        game.computer_move()
    game.play("R2")
    assert game.history[-1].side == "R" and game.history[-1].after[-1] == 2


def test_game_over_and_winner_in_each_terminal_rule() -> None:
    cases = [
        ("endnim", "2", "L0", "human"),  # the player left without a move loses
        ("misere", "1 1", "L0", "human"),  # leaves (1): the computer must take the last coin
        ("misere-conway", "1", "L0", "computer"),  # took the last coin: the mover at () wins
        ("loop", "4 2", "L0", "human"),  # left exactly one pile
        ("partizan", "3", "L0", "human"),
    ]
    for name, start, move, winner in cases:
        game = GameSession(name, start)
        assert not game.over and game.winner is None
        game.play(move)
        assert game.over and game.winner == winner, name
        with pytest.raises(TurnError, match="game is over"):
            game.play("L0")
        with pytest.raises(TurnError, match="game is over"):
            game.computer_move()


def test_undo_takes_back_to_the_persons_previous_turn() -> None:
    game = GameSession("endnim", "3 1 4", computer=ComputerPlayer(rng=random.Random(0)))
    with pytest.raises(TurnError, match="nothing to undo"):
        game.undo()
    game.play("L0")
    game.computer_move()
    assert game.undo() == 2 and game.position == (3, 1, 4) and game.to_move == "human"
    game = GameSession("endnim", "2")
    game.play("L0")
    assert game.over and game.undo() == 1 and not game.over
    game = GameSession("endnim", "3 1 4", human_first=False)
    game.computer_move()
    after_computer = game.position
    with pytest.raises(TurnError):
        game.undo()
    game.play(best_move(game.position).move)
    game.computer_move()
    assert game.undo() == 2 and game.position == after_computer


def test_hint_is_the_best_move_with_its_reason() -> None:
    for name in VARIANTS:
        rules = get_variant(name)
        side: End | None = None if rules.impartial else "L"
        for piles in positions(3, 3):
            if rules.is_terminal(piles):
                continue
            game = GameSession(name, piles, human_side=side)
            hint = game.hint()
            assert hint.wins == first_player_wins(name, piles, side), (name, piles)
            assert tuple(rules.play(piles, hint.move, side)) == tuple(hint.after)
            assert str(hint.move) in hint.explanation
            lead = f"{hint.move} wins" if hint.wins else "every move loses"
            assert hint.explanation.startswith(lead)


def test_lone_pile_moves_are_named_once() -> None:
    game = GameSession("endnim", "5")
    ply = game.play("R2")
    assert ply.move == Move("L", 2) and game.position == (2,)


def test_bad_set_ups() -> None:
    with pytest.raises(EndNimError, match="impartial"):
        GameSession("endnim", "3 1", human_side="L")
    with pytest.raises(EndNimError, match="side"):
        GameSession("partizan", "3 1", human_side="X")  # type: ignore[arg-type]
    with pytest.raises(EndNimError, match="empty position"):
        GameSession("endnim", "")
    with pytest.raises(EndNimError, match="unknown variant"):
        GameSession("chess", "3")
    assert GameSession("partizan", "3 1").human_side == "L"


def test_a_game_cannot_run_beyond_its_length_limit() -> None:
    game = GameSession("endnim", "9 9", max_plies=2, human_first=True)
    game.play("L8")
    game.computer_move()
    with pytest.raises(TurnError, match="longer than 2"):
        game.play(best_move(game.position).move)


def test_to_dict() -> None:
    game = GameSession("muller", "3 1 4", computer=ComputerPlayer(70, random.Random(1)))
    game.play("L0r")
    data = game.to_dict()
    assert data == {
        "variant": "muller",
        "start": "3 1 4",
        "position": "4 1",
        "history": [
            {
                "mover": "human",
                "side": None,
                "move": "L0r",
                "before": "3 1 4",
                "after": "4 1",
                "kind": "human",
                "judgement": {
                    "was_winning": True,
                    "kept": False,
                    "blunder": True,
                    "winning_moves": ["L0"],
                    "reason": data["history"][0]["judgement"]["reason"],
                    "text": "L0r throws the win away: the winning move was L0. "
                    + data["history"][0]["judgement"]["reason"],
                    "after": {"to_move_wins": True, "remoteness": 3},
                },
                "options": turn_options(
                    "muller", "3 1 4", None
                ).to_dict(),  # tests/play/test_turns.py
            }
        ],
        "to_move": "computer",
        "side_to_move": None,
        "human_side": None,
        "human_first": True,
        "skill": 70,
        "over": False,
        "winner": None,
        "ending": None,
        "start_value": {"to_move_wins": True, "remoteness": 3},
    }
    assert data["history"][0]["judgement"]["reason"].startswith("Horrocks Prop 1")


@pytest.mark.parametrize("variant", ["endnim", "misere", "loop", "muller", "partizan"])
def test_every_judgement_agrees_with_the_exact_search(variant: str) -> None:
    """Kept / threw away the win, and the winning moves named, match the search on every move
    of random games (both players' moves are judged)."""
    from conftest import solver

    reference = solver(variant)
    rules = get_variant(variant)
    rng = random.Random(7)
    for start in ["3 1 4 1", "2 2 3", "5 4 2 4", "1 2 3 1"]:
        game = GameSession(variant, start, computer=ComputerPlayer(0, random.Random(3)))
        while not game.over:
            side = game.side_to_move
            before = game.position
            if game.to_move == "human":
                options = rules.options(before, side)
                ply = game.play(rng.choice(options)[0])
            else:
                ply = game.computer_move()
            judgement = ply.judgement
            assert judgement is not None
            value = reference.value(tuple(before))
            after = reference.value(tuple(ply.after)) if ply.after else None
            if rules.impartial:
                assert judgement.was_winning == (value.grundy != 0)
                expected = [
                    str(m)
                    for m, c in rules.options(before)
                    if reference.value(tuple(c)).grundy == 0
                ]
                if after is not None:
                    assert judgement.kept == (after.grundy == 0)
            else:
                wins = value.left_wins_first if side == "L" else value.right_wins_first
                assert judgement.was_winning == wins
                expected = [
                    str(m)
                    for m, c in rules.options(before, side)
                    if not (
                        reference.value(tuple(c)).right_wins_first
                        if side == "L"
                        else reference.value(tuple(c)).left_wins_first
                    )
                ]
            assert sorted(judgement.winning_moves) == sorted(expected), (before, ply.move)
