"""The wire between a supervisor and its worker: length-prefixed JSON frames of plain data.

A frame is a 4-byte big-endian length and that many bytes of JSON (written and read by
``orjson``). Nothing in a frame can execute or allocate by instruction (unlike pickle's
``REDUCE``): the reader refuses a frame longer than :data:`MAX_FRAME` before reading it, and
opens it into plain data only, at most :data:`MAX_DEPTH` deep. JSON's own values stand for
themselves (a JSON object is a ``dict`` with ``str`` keys); the other plain types travel as
arrays whose first element says what they are:

``["l", ...]`` list, ``["t", ...]`` tuple, ``["s", ...]`` set, ``["f", ...]`` frozenset,
``["b", "<base64>"]`` bytes, ``["d", k1, v1, k2, v2, ...]`` a dict with other keys,
``["i", "<digits>"]`` an integer beyond 64 bits (at most :data:`MAX_DIGITS` digits),
``["x", "inf" | "-inf" | "nan"]`` a float JSON has no text for.

>>> decode(encode(("ok", {"a": [1, 2.5, None, b"x"]}, {1: {2}}, 10**30)))
('ok', {'a': [1, 2.5, None, b'x']}, {1: {2}}, 1000000000000000000000000000000)
>>> decode(b'["q", 1]')
Traceback (most recent call last):
...
endnim.supervise.frames.FrameError: an array tagged 'q' is no plain data
"""

from __future__ import annotations

import base64
import binascii
import math
import select
import socket
import struct
import time
from typing import Any

import orjson

MAX_FRAME = 64 * 2**20
"""The longest frame either side reads (a longer one is the sender's fault)."""
MAX_DEPTH = 200
"""How deep a frame's data may nest."""
MAX_DIGITS = 4300
"""The most digits of an integer beyond 64 bits (Python's own limit for ``int(str)``)."""
_HEAD = struct.Struct(">I")
_SMALL = 2**63


class FrameError(ValueError):
    """A frame that is not plain data within the limits (its text says why)."""


def _pack(value: Any, depth: int) -> Any:
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        return value if -_SMALL <= value < _SMALL else ["i", str(value)]
    if kind is float:
        return value if math.isfinite(value) else ["x", repr(value)]
    if depth >= MAX_DEPTH:
        raise FrameError(f"data nested more than {MAX_DEPTH} deep")
    if kind is bytes or kind is bytearray:
        return ["b", base64.b64encode(value).decode("ascii")]
    if kind is list or kind is tuple or kind is set or kind is frozenset:
        tag = "l" if kind is list else "t" if kind is tuple else "s" if kind is set else "f"
        return [tag, *(_pack(item, depth + 1) for item in value)]
    if kind is dict:
        if all(type(key) is str for key in value):
            return {key: _pack(item, depth + 1) for key, item in value.items()}
        flat: list[Any] = ["d"]
        for key, item in value.items():
            flat.append(_pack(key, depth + 1))
            flat.append(_pack(item, depth + 1))
        return flat
    raise FrameError(f"a {kind.__module__}.{kind.__qualname__} is no plain data")


def encode(value: Any) -> bytes:
    """``value`` (plain data: ``None``, ``bool``, ``int``, ``float``, ``str``, ``bytes``, and
    lists, tuples, sets and dicts of them) as one frame's JSON; anything else is a
    :class:`FrameError` naming its type.

    >>> encode([1, (2, b"\\x00")])
    b'["l",1,["t",2,["b","AA=="]]]'
    """
    data = orjson.dumps(_pack(value, 0))
    if len(data) > MAX_FRAME:
        raise FrameError(f"a frame of {len(data):,} bytes (at most {MAX_FRAME:,})")
    return data


def _hashable(value: Any) -> Any:
    if isinstance(value, list | dict | set):
        raise FrameError("a set element or dict key that is a list, set or dict")
    return value


def _open(value: Any, depth: int) -> Any:
    kind = type(value)
    if value is None or kind is bool or kind is str or kind is int:
        if kind is int and not -_SMALL <= value < _SMALL:
            raise FrameError("an integer out of bounds")
        return value
    if kind is float:
        return value
    if depth >= MAX_DEPTH:
        raise FrameError(f"data nested more than {MAX_DEPTH} deep")
    if kind is dict:
        return {key: _open(item, depth + 1) for key, item in value.items()}
    if kind is not list or not value or type(value[0]) is not str:
        raise FrameError("an untagged array is no plain data")
    tag, items = value[0], value[1:]
    if tag in ("l", "t", "s", "f"):
        opened = [_open(item, depth + 1) for item in items]
        if tag == "l":
            return opened
        if tag == "t":
            return tuple(opened)
        hashable = [_hashable(item) for item in opened]
        return set(hashable) if tag == "s" else frozenset(hashable)
    if tag == "d":
        if len(items) % 2:
            raise FrameError("a dict with a key and no value")
        pairs = [_open(item, depth + 1) for item in items]
        return {_hashable(pairs[i]): pairs[i + 1] for i in range(0, len(pairs), 2)}
    if len(items) == 1 and type(items[0]) is str:
        text = items[0]
        if tag == "b":
            try:
                return base64.b64decode(text, validate=True)
            except (binascii.Error, ValueError):
                raise FrameError("bytes that are not base64") from None
        if tag == "i" and 0 < len(text.lstrip("-")) <= MAX_DIGITS and text.lstrip("-").isdigit():
            return int(text)
        if tag == "x" and text in ("inf", "-inf", "nan"):
            return float(text)
    raise FrameError(f"an array tagged {tag[:20]!r} is no plain data")


def decode(data: bytes) -> Any:
    """One frame's JSON ``data`` opened as plain data, within the limits (see the module's
    text); anything else is a :class:`FrameError`.

    >>> decode(encode({"x": (1, "y")}))
    {'x': (1, 'y')}
    """
    if len(data) > MAX_FRAME:
        raise FrameError(f"a frame of {len(data):,} bytes (at most {MAX_FRAME:,})")
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        raise FrameError(f"a frame that is not JSON ({str(error)[:80]})") from None
    return _open(value, 0)


def write_frame(sock: socket.socket, value: Any) -> None:
    """Send ``value`` on ``sock`` as one frame (blocking).

    >>> left, right = socket.socketpair()
    >>> write_frame(left, ("ok", 1))
    >>> FrameReader(right).read(1.0)
    ('ok', 1)
    >>> left.close(); right.close()
    """
    data = encode(value)
    sock.sendall(_HEAD.pack(len(data)) + data)


class FrameReader:
    """Reads whole frames from ``sock``, never more than :data:`MAX_FRAME` at a time.

    :meth:`read` waits at most ``timeout`` seconds (``None``: for ever) and returns the next
    frame's data, or ``None`` if no whole frame came in time; an end of the stream is an
    :class:`EOFError`, a frame over the limit or not plain data a :class:`FrameError`.
    """

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = bytearray()

    def _frame(self) -> bytes | None:
        if len(self.buffer) < _HEAD.size:
            return None
        (length,) = _HEAD.unpack_from(self.buffer)
        if length > MAX_FRAME:
            raise FrameError(f"a frame of {length:,} bytes (at most {MAX_FRAME:,})")
        if len(self.buffer) < _HEAD.size + length:
            return None
        data = bytes(self.buffer[_HEAD.size : _HEAD.size + length])
        del self.buffer[: _HEAD.size + length]
        return data

    def pending(self) -> bool:
        """Whether a whole frame, or the start of one, is already buffered."""
        return bool(self.buffer)

    def read(self, timeout: float | None) -> Any:
        """The next frame, opened (see the class's text)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            data = self._frame()
            if data is not None:
                return decode(data)
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.sock], [], [], wait)
            if not ready:
                return None
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise EOFError("the other end closed the channel")
            self.buffer += chunk
