"""Files someone else may have written, read with limits: a regular file of bounded size, and
JSON of bounded depth whose numbers are integers of bounded length.

A certificate or a saved state may come from anyone (its seal is a plain SHA-256 that anyone
can recompute), so it is read as hostile: the file is opened without blocking (a FIFO would
block a plain open for ever), refused unless it is a regular file (a symlink to ``/dev/zero``
is a character device), refused from its size before a byte is read, and its JSON refused at
the first float, ``Infinity``/``NaN``, integer of more than ``max_digits`` digits, or nesting
deeper than ``max_depth``. Every refusal is one :class:`~endnim.errors.EndNimError` line.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "state.json"
>>> _ = path.write_text('{"done": 4, "tests": [[1, 2]]}')
>>> read_json(path, "saved state")
{'done': 4, 'tests': [[1, 2]]}
>>> _ = path.write_text('{"done": 1e400}')
>>> read_json(path, "saved state")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
endnim.bounded_json.UnreadableError: cannot read the saved state ...: it holds the number 1e400 ...
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any, NoReturn

from endnim.errors import EndNimError

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "UnreadableError",
    "loads_json",
    "read_bytes",
    "read_json",
]


class UnreadableError(EndNimError):
    """A file refused by the limits: the one-line message, and ``problem`` (what is wrong with
    it, e.g. ``it is a FIFO, not a regular file``) for a caller that words its own."""

    def __init__(self, message: str, problem: str) -> None:
        super().__init__(message)
        self.problem = problem


MAX_BYTES = 64 * 2**20
"""The largest file read (a certificate is kilobytes, a saved state a few megabytes)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects accepted (endnim writes four or five levels)."""
MAX_DIGITS = 18
"""The longest integer accepted, in decimal digits (every count endnim writes fits in 64 bits)."""


def read_bytes(path: Path, what: str, max_bytes: int = MAX_BYTES) -> bytes | None:
    """The bytes of the regular file ``path`` (``None`` if there is none); a FIFO, a device, a
    directory, a file larger than ``max_bytes`` or an unreadable one is a one-line
    :class:`EndNimError` naming ``what`` it should be. Never blocks on a FIFO: the file is
    opened with ``O_NONBLOCK`` and its type checked with ``fstat`` on what was opened (a symlink
    is followed, its target judged).

    >>> read_bytes(Path("/dev/null"), "certificate")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.bounded_json.UnreadableError: cannot read the certificate /dev/null: it is a device, ...
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as error:
        _refuse(path, what, error.strerror or str(error))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            _refuse(path, what, f"it is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > max_bytes:
            _refuse(path, what, f"it has {info.st_size:,} bytes, more than {max_bytes:,}")
        chunks, size = [], 0
        while True:  # read to the end, never past the limit (the file may grow meanwhile)
            chunk = os.read(handle, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                _refuse(path, what, f"it has more than {max_bytes:,} bytes")
        return b"".join(chunks)
    except OSError as error:
        _refuse(path, what, error.strerror or str(error))
    finally:
        os.close(handle)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _refuse(path: Path | str, what: str, problem: str) -> NoReturn:
    raise UnreadableError(f"cannot read the {what} {path}: {problem}", problem)


class _Refused(ValueError):
    """Raised from inside the JSON decoder's hooks; the text says what was found."""


def _no_float(text: str) -> Any:
    shown = text if len(text) <= 24 else text[:21] + "..."
    raise _Refused(f"it holds the number {shown} where only integers are written")


def _no_constant(text: str) -> Any:
    raise _Refused(f"it holds {text} where only integers are written")


def loads_json(
    text: str | bytes,
    what: str,
    where: Path | str,
    *,
    max_depth: int = MAX_DEPTH,
    max_digits: int = MAX_DIGITS,
) -> Any:
    """JSON whose numbers are integers of at most ``max_digits`` digits and whose nesting is at
    most ``max_depth`` deep; anything else (``1e400``, ``Infinity``, ``NaN``, ``1.5``, a
    4,000-digit number, ``[[[[...]]]]``, not JSON) is a one-line :class:`EndNimError` naming
    ``what`` is read from ``where`` (an :class:`UnreadableError`).

    >>> loads_json('[1, [2, {"a": -3}]]', "table", "t.json")
    [1, [2, {'a': -3}]]
    >>> loads_json("[" * 40 + "]" * 40, "table", "t.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.bounded_json.UnreadableError: cannot read the table t.json: it is nested more than 32 ...
    """

    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    bare = _STRINGS.sub(b'""', data)  # the text outside strings: brackets and numbers
    if _depth_exceeds(bare, max_depth):
        _refuse(where, what, f"it is nested more than {max_depth} deep")
    long = re.search(rb"[0-9]{%d,}" % (max_digits + 1), bare)
    if long is not None:  # found by one scan in C, not by a call for every integer
        digits = len(long.group())
        _refuse(where, what, f"it holds an integer of {digits:,} digits, more than {max_digits}")
    try:
        return json.loads(data, parse_float=_no_float, parse_constant=_no_constant)
    except _Refused as error:
        _refuse(where, what, str(error))
    except RecursionError:
        _refuse(where, what, f"it is nested more than {max_depth} deep")
    except (ValueError, UnicodeDecodeError) as error:
        _refuse(where, what, f"it is not JSON ({str(error)[:80]})")


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
"""A JSON string with its escapes."""


def _depth_exceeds(bare: bytes, max_depth: int) -> bool:
    """Whether the brackets of ``bare`` (JSON with its strings emptied) nest deeper than
    ``max_depth``, checked before the recursive decoder runs."""
    if bare.count(b"[") + bare.count(b"{") <= max_depth:
        return False
    depth = 0
    for char in re.findall(rb"[\[\]{}]", bare):
        depth += 1 if char in b"[{" else -1
        if depth > max_depth:
            return True
    return False


def read_json(
    path: Path,
    what: str,
    *,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    max_digits: int = MAX_DIGITS,
) -> Any:
    """:func:`loads_json` of :func:`read_bytes` (``None`` when there is no file)."""
    data = read_bytes(path, what, max_bytes)
    if data is None:
        return None
    return loads_json(data, what, path, max_depth=max_depth, max_digits=max_digits)
