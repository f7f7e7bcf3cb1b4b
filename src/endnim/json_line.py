"""One line of compact JSON, as ``endnim analyze --json`` prints it.

orjson writes it (about seven times faster than the standard library's encoder, whose ten
microseconds a line were a sixth of a large batch's time); the standard library writes the
few objects orjson refuses (integers beyond 64 bits, e.g. 100-digit piles), with the same
separators, so both give the same text. Objects JSON has no type for (moves, fractions,
dataclasses) are written as their ``str``, as before.

>>> dumps({"position": [3, 1, 4], "why": (1, 2)})
b'{"position":[3,1,4],"why":[1,2]}'
>>> dumps({"pile": 10**30}) == b'{"pile":' + str(10**30).encode() + b'}'
True
"""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["dumps", "dumps_text", "standard_dumps"]

_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)
"""Keys that are not strings written as the standard library writes them; dataclasses and dates
passed to ``default`` (``str``), as the standard library's ``default=str`` does."""

_STANDARD = json.JSONEncoder(
    ensure_ascii=False, default=str, check_circular=False, separators=(",", ":")
)


def standard_dumps(data: Any) -> bytes:
    """:func:`dumps` by the standard library alone (the fallback, and the tests' reference).

    >>> standard_dumps({"a": [1, 2], "b": "½"}) == dumps({"a": [1, 2], "b": "½"})
    True
    """
    return _STANDARD.encode(data).encode()


def dumps(data: Any) -> bytes:
    """``data`` as one line of compact UTF-8 JSON (no newline).

    >>> dumps({"outcome": "P", "grundy": 0})
    b'{"outcome":"P","grundy":0}'
    """
    try:
        return orjson.dumps(data, default=str, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: an integer beyond 64 bits, or nesting too deep
        return standard_dumps(data)


def dumps_text(data: Any) -> str:
    """:func:`dumps` as text.

    >>> dumps_text({"theorem": "Cairns–Ho Thm 2.3"})
    '{"theorem":"Cairns–Ho Thm 2.3"}'
    """
    return dumps(data).decode()
