"""Parsing, formatting and validation of positions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from endnim.errors import PositionError
from endnim.position import Position, as_position, parse_position

piles = st.lists(st.integers(min_value=1, max_value=10**120), min_size=1, max_size=30)


@pytest.mark.parametrize(
    "text",
    ["3 3 3 2", "3,3,3,2", "[3, 3, 3, 2]", "3^3 2", " 3 ^ 3 ,2 ", "(3)(3)(3)(2)", "3;3;3;2"],
)
def test_parses_every_notation(text: str) -> None:
    assert parse_position(text) == (3, 3, 3, 2)


def test_exponent_notation_from_the_papers() -> None:
    assert parse_position("3^3 2 3 4 3^2") == (3, 3, 3, 2, 3, 4, 3, 3)
    assert parse_position("1^3") == (1, 1, 1)
    assert Position((3, 3, 3, 2, 3, 4, 3, 3)).exponent_form() == "3^3 2 3 4 3^2"


def test_huge_piles_are_valid() -> None:
    big = 10**100
    position = parse_position(f"{big} 1 {big}")
    assert position == (big, 1, big)
    assert parse_position(str(position)) == position


@given(piles)
def test_round_trip_plain_and_exponent(values: list[int]) -> None:
    position = Position(values)
    assert parse_position(str(position)) == position
    assert parse_position(position.exponent_form()) == position
    assert position.reversed().reversed() == position


@pytest.mark.parametrize(
    ("text", "expected"),
    [("[3, 2,]", (3, 2)), ("(3 2)", (3, 2)), ("3; 2", (3, 2)), ("[ 1^3 , 2 ]", (1, 1, 1, 2))],
)
def test_lenient_but_unambiguous_forms(text: str, expected: tuple[int, ...]) -> None:
    assert parse_position(text) == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("3 0 2", "pile 2 is 0"),
        ("3 -1", "pile 2 is -1"),
        ("2.5 3", "whole numbers"),
        ("3 x 2", "cannot read 'x'"),
        ("", "empty position"),
        ("   ", "empty position"),
        ("3^0", "exponent"),
        ("1^99999999999", "longer than"),
        ("3 1e5", "whole numbers"),
        ("3,,2", "empty pile between commas"),
        (",3", "empty pile between commas"),
        ("[3, 2", "unbalanced brackets"),
        ("3 2)", "unbalanced or nested parentheses"),
        ("((3) 2)", "unbalanced or nested parentheses"),
        ("(3)() 2", "empty parentheses"),
        ("[3, [2]]", "unexpected bracket"),
        ("\u0663 2", "cannot read"),
    ],
)
def test_bad_input_is_a_one_line_error(text: str, fragment: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message


@given(st.text(max_size=40))
def test_arbitrary_text_parses_or_fails_cleanly(text: str) -> None:
    try:
        position = parse_position(text)
    except PositionError as error:
        assert "\n" not in str(error)
    else:
        assert all(isinstance(p, int) and p > 0 for p in position)


@pytest.mark.parametrize("bad", [[1, 0], [1, -2], [1.5], ["3"], [True], [None]])
def test_constructor_validates(bad: list[object]) -> None:
    with pytest.raises(PositionError):
        Position(bad)


def test_as_position_accepts_text_lists_and_positions() -> None:
    assert as_position("2 3") == as_position([2, 3]) == as_position(Position([2, 3]))
    with pytest.raises(PositionError, match="empty"):
        as_position([])
    with pytest.raises(PositionError):
        as_position(42)
