"""Move notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from endnim.errors import MoveError
from endnim.moves import Move


@given(st.sampled_from(["L", "R"]), st.integers(min_value=0, max_value=10**60), st.booleans())
def test_round_trip(end: str, size: int, reverse: bool) -> None:
    move = Move(end, size, reverse)  # type: ignore[arg-type]
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("L3", Move("L", 3)),
        ("r0", Move("R", 0)),
        ("L2r", Move("L", 2, True)),
        ("left 3", Move("L", 3)),
        ("last:0", Move("R", 0)),
        ("first -> 4 rev", Move("L", 4, True)),
    ],
)
def test_parse_forms(text: str, move: Move) -> None:
    assert Move.parse(text) == move


@pytest.mark.parametrize("text", ["", "X3", "L", "L-1", "L3x", "3"])
def test_bad_moves(text: str) -> None:
    with pytest.raises(MoveError):
        Move.parse(text)
