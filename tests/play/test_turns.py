"""The whole value history (issue 33): every option of every turn of a game, valued, against
the exact search; redo after undo."""

from __future__ import annotations

import json
import random

import pytest
from conftest import solver

from endnim.play import ComputerPlayer, GameSession
from endnim.play.session import TurnError
from endnim.search import ImpartialValue, PartizanValue
from endnim.variants import get_variant


@pytest.mark.parametrize("variant", ["endnim", "misere", "loop", "muller", "partizan"])
def test_every_option_of_every_turn_agrees_with_the_exact_search(variant: str) -> None:
    reference = solver(variant)
    rules = get_variant(variant)
    rng = random.Random(33)
    for _ in range(4):
        start = tuple(rng.randint(1, 5) for _ in range(rng.randint(2, 4)))
        side = None if rules.impartial else rng.choice(("L", "R"))
        game = GameSession(
            rules, start, human_side=side, computer=ComputerPlayer(50, random.Random(1))
        )
        while not game.over:
            if game.to_move == "computer":
                game.computer_move()
            else:
                options = game.history[-1].options if game.history else None
                moves = [m for m, _ in rules.options(game.position, game.side_to_move)]
                game.play(rng.choice(moves))
        for ply in game.history:
            assert ply.options is not None and ply.options.listed is not None
            listed = ply.options.listed
            expected = rules.options(ply.before, ply.side)
            assert [o.move for o in listed] == [str(m) for m, _ in expected]
            assert str(ply.after) in {o.after for o in listed}  # where the move played led
            for option, (_, after) in zip(listed, expected, strict=True):
                assert option.after == str(after)
                value = reference.value(after)
                if isinstance(value, ImpartialValue):
                    assert option.wins == (value.grundy == 0)
                    assert option.value == ("P" if value.grundy == 0 else f"G {value.grundy}")
                    assert option.remoteness == value.remoteness
                else:
                    assert isinstance(value, PartizanValue)
                    left = ply.side == "L"  # after Left's move Right moves first, and back
                    opponent_first = value.right_wins_first if left else value.left_wins_first
                    assert option.wins == (not opponent_first)
                    assert option.remoteness == (
                        value.remoteness_right_first if left else value.remoteness_left_first
                    )
        del options


def test_the_record_exports_as_json_with_every_turns_options() -> None:
    game = GameSession("endnim", "3 1 4", computer=ComputerPlayer(100))
    game.play("L0")  # throws the win away: R3 was the one winning move
    game.computer_move()
    record = json.loads(json.dumps(game.to_dict()))
    first = record["history"][0]["options"]
    assert first["total"] == 7 and first["winning"] == ["R3"]
    assert {o["move"]: o["wins"] for o in first["listed"]}["L0"] is False
    assert record["history"][1]["options"]["listed"]  # the computer's turn too


def test_a_turn_with_too_many_options_keeps_the_winning_ones() -> None:
    game = GameSession("endnim", "200 7 300")
    game.play("L0")
    options = game.history[0].options
    assert options is not None and options.listed is None
    assert options.total > 64 and options.winning  # ranges, exact at any size


def test_redo_plays_the_move_undo_took_back() -> None:
    game = GameSession("endnim", "3 1 4 1 5", computer=ComputerPlayer(100))
    game.play("R4")
    game.computer_move()
    game.play("L2")
    game.computer_move()
    assert game.undo() == 2 and game.undo() == 2
    assert [str(m) for m in game.undone] == ["L2", "R4"]
    assert str(game.redo().move) == "R4"
    game.computer_move()
    assert str(game.redo().move) == "L2"
    with pytest.raises(TurnError, match="nothing to redo"):
        game.computer_move() if not game.over else None
        game.redo()
    game.undo()
    game.play("L1")  # a move of the person's own ends what redo could replay
    assert game.undone == []
