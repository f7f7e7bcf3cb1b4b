"""Printing in Unicode and CGSuite ASCII, and reading both back."""

from __future__ import annotations

import pytest
from conftest import positions
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.cgt import (
    GameSyntaxError,
    ValueTooLongError,
    nimber,
    nus,
    parse,
    position_value,
    printed_length,
    to_ascii,
    to_unicode,
)
from endnim.errors import EndNimError

CASES = [
    # (game, Unicode, ASCII)
    ("0", "0", "0"),
    ("*", "*", "*"),
    ("*2", "*2", "*2"),
    ("^", "↑", "^"),
    ("v", "↓", "v"),
    ("^^", "⇑", "^^"),
    ("vv", "⇓", "vv"),
    ("^*", "↑*", "^*"),
    ("v*", "↓*", "v*"),
    ("^^*", "⇑*", "^^*"),
    ("^3", "↑3", "^3"),
    ("v4*3", "↓4*3", "v4*3"),
    ("+-1", "±1", "+-1"),
    ("{^,*|v,*}", "±(*,↑)", "+-(*,^)"),
    ("{2,{3|1}|-2,{-1|-3}}", "±(2,{3|1})", "+-(2,{3|1})"),
    ("{0|^*2,^^*3}", "{0|↑*2,⇑*3}", "{0|^*2,^^*3}"),
    ("{{*3,v*2|0}|0}", "{{*3,↓*2|0}|0}", "{{*3,v*2|0}|0}"),
    ("{*2,^*3|0}", "↑*", "^*"),
    ("1/2", "1/2", "1/2"),
    ("-3/4", "-3/4", "-3/4"),
    ("1^*", "1↑*", "1^*"),
    ("-2*3", "-2*3", "-2*3"),
    ("{0|{0|-2}}", "Tiny(2)", "Tiny(2)"),
    ("{{3|0}|0}", "Miny(3)", "Miny(3)"),
    ("{1|{1|-1}}", "1+Tiny(2)", "1+Tiny(2)"),
    ("{2|0}", "{2|0}", "{2|0}"),
]


@pytest.mark.parametrize(("text", "unicode", "ascii"), CASES)
def test_printing(text: str, unicode: str, ascii: str) -> None:
    g = parse(text)
    assert (to_unicode(g), to_ascii(g), str(g)) == (unicode, ascii, unicode)
    assert parse(unicode) is g and parse(ascii) is g


def test_up_star_values_print_by_their_parts() -> None:
    for ups in range(-5, 6):
        for star in range(6):
            g = nus(0, ups, star)
            assert parse(to_ascii(g)) is g and parse(to_unicode(g)) is g
    assert to_unicode(nimber(12)) == "*12"


def test_every_small_end_nim_value_round_trips() -> None:
    for piles in positions(4, 4):
        g = position_value(piles)
        assert parse(to_ascii(g)) is g and parse(to_unicode(g)) is g
        assert printed_length(g) == len(to_unicode(g))
        assert printed_length(g, ascii=True) == len(to_ascii(g))


def test_printed_length_of_every_shape() -> None:
    for text, unicode, ascii in CASES:
        g = parse(text)
        assert (printed_length(g), printed_length(g, ascii=True)) == (len(unicode), len(ascii))


def test_long_forms_are_refused_before_they_are_built() -> None:
    g = position_value((3, 1, 4, 1, 5, 2, 6, 5, 3, 5))
    length = printed_length(g)
    assert length > 1000
    with pytest.raises(ValueTooLongError) as caught:
        to_unicode(g, limit=1000)
    assert caught.value.length == length and "\n" not in str(caught.value)
    assert len(to_ascii(g, limit=10**9)) == printed_length(g, ascii=True)


def test_sums_and_differences_parse() -> None:
    assert parse("^ + ^ + *") is nus(0, 2, 1)
    assert parse("^ - ^") is parse("0") and parse("*2 + *3") is parse("*")
    assert parse("(^ + *) - v") is nus(0, 2, 1)
    assert parse("+-1 + +-1") is parse("0")
    assert parse(" { 0 , * | 0 } ") is nus(0, 1, 1)


@pytest.mark.parametrize(
    "text", ["", "{0|", "{0|1", "1/3", "^v", "x", "{0|*}}", "1 +", "(1", "*5000", "99999", "^3000"]
)
def test_bad_expressions_are_one_line_errors(text: str) -> None:
    with pytest.raises(GameSyntaxError) as caught:
        parse(text)
    assert isinstance(caught.value, EndNimError) and "\n" not in str(caught.value)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="{}|,*^v0123/+-() ±↑↓", max_size=12))
def test_parse_never_crashes_otherwise(text: str) -> None:
    try:
        parse(text)
    except GameSyntaxError as error:
        assert "\n" not in str(error)


def test_negative_numbers_with_ups_read_back_as_printed() -> None:
    """``-1^*`` is -1 + ^* (CGSuite's reading, and how to_ascii prints it), not -(1^*)."""
    from fractions import Fraction

    from endnim.cgt import nus, to_ascii, to_unicode

    for x in (Fraction(-1), Fraction(-3, 2), Fraction(-5), Fraction(1, 2)):
        for ups in range(-3, 4):
            for star in range(3):
                g = nus(x, ups, star)
                assert parse(to_ascii(g)) is g and parse(to_unicode(g)) is g
                assert parse("{" + to_ascii(g) + "|}") is parse("{" + to_unicode(g) + "|}")
