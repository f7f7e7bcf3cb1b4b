"""Positions: rows of positive integers, with parsing and formatting.

A position is a tuple of piles, first pile first. It parses the papers' notations::

    3 3 3 2    3,3,3,2    [3, 3, 3, 2]    3^3 2 3 4 3^2    (3)(3)(3)(2)

>>> p = Position.parse("3^3 2 3 4 3^2")
>>> p
Position(3, 3, 3, 2, 3, 4, 3, 3)
>>> str(p), p.exponent_form()
('3 3 3 2 3 4 3 3', '3^3 2 3 4 3^2')
>>> Position.parse(p.exponent_form()) == p
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from itertools import groupby
from typing import SupportsIndex, overload

from endnim.errors import PositionError, pile_error

_TOKEN = re.compile(r"^([+-]?[0-9]+)(?:\^([+-]?[0-9]+))?$")
_SEPARATORS = re.compile(r"[\s,;()\[\]]+")
MAX_PILES = 1_000_000
"""The longest row endnim reads (about a second of linear-time theory; refused beyond, before
the row is built)."""
MAX_REPEAT = MAX_PILES
MAX_PILE_DIGITS = 100_000
"""The most decimal digits a pile may have (refused beyond, before any conversion)."""
_MAX_PILE_BITS = int(MAX_PILE_DIGITS * 3.3219280948873626) + 1

if 0 < sys.get_int_max_str_digits() < 10 * MAX_PILE_DIGITS:
    # Python refuses int <-> str beyond 4,300 digits by default (a guard against quadratic
    # conversions of untrusted text); endnim reads piles of up to MAX_PILE_DIGITS digits, checked
    # before converting, and writes values derived from them, so it lifts the guard that far.
    sys.set_int_max_str_digits(10 * MAX_PILE_DIGITS)


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Position(tuple[int, ...]):
    """An immutable row of positive integer piles (arbitrary size).

    >>> Position([3, 1, 5]).reversed()
    Position(5, 1, 3)
    >>> Position([1, 0])
    Traceback (most recent call last):
    ...
    endnim.errors.PositionError: pile 2 is 0: piles must be positive whole numbers
    """

    __slots__ = ()

    def __new__(cls, piles: Iterable[object] = ()) -> Position:
        checked: list[int] = []
        for index, pile in enumerate(piles, start=1):
            if isinstance(pile, bool) or not isinstance(pile, int):
                if isinstance(pile, float) and pile.is_integer() and pile > 0:
                    pile = int(pile)
                else:
                    raise pile_error(index, _describe(pile))
            if pile <= 0:
                raise pile_error(index, pile)
            if pile.bit_length() > _MAX_PILE_BITS:
                raise PositionError(
                    f"pile {index} has more than {MAX_PILE_DIGITS:,} digits: endnim reads piles "
                    f"of up to {MAX_PILE_DIGITS:,} digits"
                )
            if index > MAX_PILES:
                raise PositionError(
                    f"a row longer than {MAX_PILES:,} piles is more than endnim reads"
                )
            checked.append(int(pile))
        return super().__new__(cls, checked)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Parse a position from text; the empty string gives the empty position.

        >>> Position.parse("[3, 3, 3, 2]")
        Position(3, 3, 3, 2)
        >>> Position.parse("1^3")
        Position(1, 1, 1)
        """
        return parse_position(text, allow_empty=True)

    def __repr__(self) -> str:
        return f"Position({', '.join(map(str, self))})"

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def exponent_form(self) -> str:
        """Runs of equal piles written as ``pile^count`` (the papers' notation).

        >>> Position([1, 1, 1, 2]).exponent_form()
        '1^3 2'
        """
        parts = []
        for pile, run in groupby(self):
            count = sum(1 for _ in run)
            parts.append(f"{pile}^{count}" if count > 1 else str(pile))
        return " ".join(parts)

    def reversed(self) -> Position:
        """The row read from the other end."""
        return tuple.__new__(Position, self[::-1])

    @overload
    def __getitem__(self, index: SupportsIndex) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> int | tuple[int, ...]:
        return tuple.__getitem__(self, index)

    def _repr_svg_(self) -> str:
        """Notebook display: the row as a bar chart."""
        from endnim.svg import position_svg

        return position_svg(self)

    @property
    def coins(self) -> int:
        """The total number of coins."""
        return sum(self)


def trusted_position(piles: tuple[int, ...]) -> Position:
    """Wrap piles already known to be positive ints, unchecked: the fast path of the rule
    sets' option generators (anything else calls :func:`as_position`, which checks).

    >>> trusted_position((3, 1, 4))
    Position(3, 1, 4)
    """
    return tuple.__new__(Position, piles)


_PLAIN = re.compile(r"[1-9][0-9]{0,59}(?: [1-9][0-9]{0,59})*")
"""Plain rows that need none of the checks of :func:`parse_position` (MAX_PILE_DIGITS >= 60)."""


def parse_position(text: str, *, allow_empty: bool = False) -> Position:
    """Parse text into a :class:`Position`, raising :class:`PositionError` on bad input.

    >>> parse_position("3,3,3,2")
    Position(3, 3, 3, 2)
    >>> parse_position("3 x 2")
    Traceback (most recent call last):
    ...
    endnim.errors.PositionError: cannot read 'x' in '3 x 2': a position is a row of positive integers such as '3 3 3 2' or '3^3 2'
    """
    if not isinstance(text, str):
        raise PositionError(f"expected text for a position, got {type(text).__name__}")
    stripped = text.strip()
    if _PLAIN.fullmatch(stripped) and stripped.count(" ") < MAX_PILES:
        # the common case (piles of at most 60 digits, no leading zero, one space apart):
        # every check below passes, so read it directly (a batch reads millions of these)
        return trusted_position(tuple(map(int, stripped.split(" "))))
    # collapse whitespace around '^' so that '3 ^ 2' reads as '3^2'
    stripped = re.sub(r"\s*\^\s*", "^", stripped)
    _check_structure(stripped, text)
    tokens = [t for t in _SEPARATORS.split(stripped) if t]
    if not tokens:
        if allow_empty:
            return trusted_position(())
        raise PositionError("empty position: give at least one pile, e.g. '3 3 3 2'")
    if len(tokens) > MAX_PILES:
        raise PositionError(
            f"a row of {len(tokens):,} piles is longer than endnim reads ({MAX_PILES:,} piles)"
        )
    piles: list[int] = []
    for token in tokens:
        match = _TOKEN.match(token)
        if match is None:
            shown = token if len(token) <= 30 else token[:27] + "..."
            if re.fullmatch(r"[+-]?\d*\.\d+(e[+-]?\d+)?|[+-]?\d+e[+-]?\d+", token, re.I):
                raise pile_error(len(piles) + 1, shown)
            hint = "a position is a row of positive integers such as '3 3 3 2' or '3^3 2'"
            raise PositionError(f"cannot read {shown!r} in {_clip(text)!r}: {hint}")
        digits = len(match.group(1).lstrip("+-"))
        if digits > MAX_PILE_DIGITS:
            raise PositionError(
                f"pile {len(piles) + 1} has more than {MAX_PILE_DIGITS:,} digits: endnim reads "
                f"piles of up to {MAX_PILE_DIGITS:,} digits"
            )
        if match.group(2) is not None and len(match.group(2).lstrip("+-")) > 9:
            raise PositionError(f"{_clip(token)!r} makes a row longer than {MAX_PILES:,} piles")
        pile = int(match.group(1))
        count = 1 if match.group(2) is None else int(match.group(2))
        if pile <= 0:
            raise pile_error(len(piles) + 1, pile)
        if count <= 0:
            raise PositionError(f"exponent in {token!r} must be a positive integer")
        if count > MAX_REPEAT or len(piles) + count > MAX_REPEAT:
            raise PositionError(f"{_clip(token)!r} makes a row longer than {MAX_PILES:,} piles")
        piles.extend([pile] * count)
    return trusted_position(tuple(piles))


def pile_count(text: str) -> int:
    """The piles ``text`` expands to, counted without building them (``3^999999`` is 999,999
    piles): what a limit on piles checks before any work. Unreadable tokens count as one pile
    each (parsing refuses them later).

    >>> pile_count("3^3 2"), pile_count("1^999999"), pile_count("1 x")
    (4, 999999, 2)
    """
    stripped = re.sub(r"\s*\^\s*", "^", text.strip())
    count = 0
    for token in _SEPARATORS.split(stripped):
        if not token:
            continue
        match = _TOKEN.match(token)
        exponent = None if match is None else match.group(2)
        if exponent is None or len(exponent.lstrip("+-")) > 18:
            count += 1 if exponent is None else 10**18
        else:
            count += max(1, int(exponent))
    return count


def _check_structure(stripped: str, text: str) -> None:
    """Refuse what the tokens alone would hide: unbalanced brackets, an empty field ('3,,2').

    Accepted: one outer ``[...]`` and parenthesised piles ``(3)(3)(2)``, never nested.
    """
    inner = stripped
    if inner[:1] == "[" or inner[-1:] == "]":
        if not (inner[:1] == "[" and inner[-1:] == "]"):
            raise PositionError(f"unbalanced brackets in {_clip(text)!r}")
        inner = inner[1:-1].strip()
    if "[" in inner or "]" in inner:
        raise PositionError(
            f"unexpected bracket in {_clip(text)!r}: write a position as '3 3 3 2', "
            "'3,3,3,2' or '[3, 3, 3, 2]'"
        )
    if ("(" in inner or ")" in inner) and not re.fullmatch(
        r"(?:\(\))*", re.sub(r"[^()]", "", inner)
    ):
        raise PositionError(f"unbalanced or nested parentheses in {_clip(text)!r}")
    if "()" in inner.replace(" ", ""):
        raise PositionError(f"empty parentheses in {_clip(text)!r}")
    fields = re.split(r"[,;]", inner)
    if fields and not fields[-1].strip():
        fields.pop()  # a trailing comma, as in Python's [3, 2,]
    if len(fields) > 1 and any(not field.strip() for field in fields):
        raise PositionError(f"empty pile between commas in {_clip(text)!r}")


def _clip(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def as_position(value: object, *, allow_empty: bool = False) -> Position:
    """Accept a Position, text or an iterable of ints and return a validated Position.

    >>> as_position([2, 3]), as_position("2 3")
    (Position(2, 3), Position(2, 3))
    """
    if isinstance(value, Position):
        position = value
    elif isinstance(value, str):
        position = parse_position(value, allow_empty=allow_empty)
    elif isinstance(value, Iterable):
        position = Position(value)
    else:
        raise PositionError(f"cannot read a position from {_describe(value)}")
    if not position and not allow_empty:
        raise PositionError("empty position: give at least one pile, e.g. '3 3 3 2'")
    return position
