"""Reading the ranges of pile sizes the explorer commands take: ``1..16``, ``5``, ``1,2,8..10``.

>>> parse_range("1..4"), parse_range("3"), parse_range("1,3,6..7")
((1, 2, 3, 4), (3,), (1, 3, 6, 7))
>>> parse_range("4..1")
Traceback (most recent call last):
...
endnim.errors.EndNimError: range '4..1' is empty: write LOW..HIGH with LOW <= HIGH
"""

from __future__ import annotations

import re

from endnim.errors import EndNimError

MAX_RANGE = 1_000_000
"""The most values one range may hold (a table of more rows would be unreadable anyway)."""

_PART = re.compile(r"^\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?$")


def parse_range(text: str, what: str = "range", *, minimum: int = 1) -> tuple[int, ...]:
    """The values of a range such as ``1..16`` (inclusive), ``7`` or ``1,2,5..9``, in order.

    Values must be at least ``minimum``; ``what`` names the option in error messages.

    >>> parse_range("2..2", "cols")
    (2,)
    >>> parse_range("0..3", "rows")
    Traceback (most recent call last):
    ...
    endnim.errors.EndNimError: rows '0..3' starts below 1: pile sizes are positive integers
    """
    if not isinstance(text, str) or not text.strip():
        raise EndNimError(f"{what} is empty: write e.g. 1..16")
    values: list[int] = []
    seen: set[int] = set()
    for part in text.split(","):
        match = _PART.match(part)
        if match is None:
            raise EndNimError(
                f"cannot read {what} {text.strip()!r}: write LOW..HIGH (e.g. 1..16), a number, "
                "or a comma-separated list of these"
            )
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) is not None else low
        if high < low:
            raise EndNimError(f"{what} {part.strip()!r} is empty: write LOW..HIGH with LOW <= HIGH")
        if low < minimum:
            raise EndNimError(
                f"{what} {text.strip()!r} starts below {minimum}: pile sizes are positive integers"
                if minimum == 1
                else f"{what} {text.strip()!r} starts below {minimum}"
            )
        if high - low + 1 + len(values) > MAX_RANGE:
            raise EndNimError(f"{what} {text.strip()!r} holds more than {MAX_RANGE:,} values")
        for value in range(low, high + 1):
            if value not in seen:
                seen.add(value)
                values.append(value)
    return tuple(values)


def format_range(values: tuple[int, ...]) -> str:
    """The shortest text :func:`parse_range` reads back as ``values``.

    >>> format_range((1, 2, 3, 4)), format_range((1, 3, 4, 5, 9))
    ('1..4', '1,3..5,9')
    """
    parts: list[str] = []
    index = 0
    while index < len(values):
        start = index
        while index + 1 < len(values) and values[index + 1] == values[index] + 1:
            index += 1
        low, high = values[start], values[index]
        parts.append(str(low) if low == high else f"{low}..{high}")
        index += 1
    return ",".join(parts)
