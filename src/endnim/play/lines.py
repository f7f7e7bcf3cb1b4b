"""Lines typed (or piped) into an interactive command, read with a bound on their length.

A line longer than the bound is not kept whole in memory nor parsed: the rest of it is read
and dropped in blocks, and the caller answers it with one line.

>>> import io
>>> stream = io.StringIO("L3\\n" + "x" * 100 + "\\nq\\n")
>>> for _ in range(4):
...     print(read_bounded_line(stream, 10))
('L3\\n', None)
('', 'a line of 100 characters is longer than 10: ignored')
('q\\n', None)
(None, None)
"""

from __future__ import annotations

from typing import TextIO

MAX_LINE = 64 * 1024
"""The longest line an interactive command reads (a move or a command is a few characters)."""

_BLOCK = 1 << 20


def read_bounded_line(stream: TextIO, limit: int = MAX_LINE) -> tuple[str | None, str | None]:
    """``(line, None)``; ``(None, None)`` at the end of the input; ``("", problem)`` for a
    line longer than ``limit`` characters (the rest of it read and dropped, never parsed)."""
    line = stream.readline(limit + 1)
    if not line:
        return None, None
    if len(line) <= limit or line.endswith("\n"):
        return line, None
    length = len(line)
    while not line.endswith("\n"):
        line = stream.readline(_BLOCK)
        if not line:
            break
        length += len(line)
    length -= line.endswith("\n")  # its text, without the newline
    return "", f"a line of {length:,} characters is longer than {limit:,}: ignored"


__all__ = ["MAX_LINE", "read_bounded_line"]
