"""Which user hook a worker is running, and since when: a record the supervisor reads.

A worker that runs a user's rule set shares one small file-backed page with its supervisor.
Around every call into the user's code (a hook, the import of the user's file) the worker
writes the depth, the start time (``time.monotonic``, one clock for every process of the
machine) and a tag naming the rule set and the hook. The supervisor reads the page while it
waits for an answer, and a hook that runs past its deadline gets its worker killed from
outside: no signal is ever raised into running code, and the message names the hook.

Outside a worker (endnim used as a library) the record is a private buffer nobody watches.

>>> record = HookRecord(bytearray(RECORD_BYTES))
>>> tag = encode_tag("rule set 'x' (x.py:X)", "ends")
>>> saved = record.enter(tag)
>>> record.read()[0], record.read()[2]
(1, "rule set 'x' (x.py:X): ends")
>>> record.leave(saved)
>>> record.read()[0]
0
"""

from __future__ import annotations

import struct
import time
from typing import Any

TAG_BYTES = 240
RECORD_BYTES = 16 + TAG_BYTES
_HEAD = struct.Struct("<qd")


def encode_tag(label: str, hook: str) -> bytes:
    """The tag of ``label``'s ``hook``, padded to :data:`TAG_BYTES`. A label too long for it
    is cut (on a character, marked ``...``), never the hook: the supervisor splits the tag on
    its last ``": "``, so a cut hook, or a label cut after a ``": "`` of its own (a name or
    title with a colon), named another hook or a piece of the label in its messages.

    >>> tag = encode_tag("rule set 'a: b' (" + "x" * 300 + ".py:C)", "ends")
    >>> len(tag), tag.rstrip(b"\\0")[-14:]
    (240, b'xxxxx...: ends')
    """
    tail = f": {hook}".encode(errors="replace")[: TAG_BYTES // 2]
    head = label.encode(errors="replace")
    room = TAG_BYTES - len(tail)
    if len(head) > room:
        head = head[: room - 3].decode(errors="ignore").encode() + b"..."
    return (head + tail).ljust(TAG_BYTES, b"\0")


class HookRecord:
    """The record on ``buffer`` (a shared ``mmap`` in a worker, a ``bytearray`` elsewhere)."""

    def __init__(self, buffer: Any) -> None:
        self.buffer = buffer
        self.view = memoryview(buffer).cast("B")
        self.depth = 0
        self.tag = b"\0" * TAG_BYTES

    def enter(self, tag: bytes) -> bytes:
        """A call into user code starts; returns what :meth:`leave` restores."""
        saved = self.tag
        self.depth += 1
        self.tag = tag
        self.view[16:RECORD_BYTES] = tag
        if self.depth == 1:
            _HEAD.pack_into(self.buffer, 0, 1, time.monotonic())
        else:
            _HEAD.pack_into(self.buffer, 0, self.depth, _HEAD.unpack_from(self.buffer, 0)[1])
        return saved

    def leave(self, saved: bytes) -> None:
        """The call into user code that :meth:`enter` began has returned (or raised)."""
        self.depth -= 1
        self.tag = saved
        if self.depth <= 0:
            self.depth = 0
            _HEAD.pack_into(self.buffer, 0, 0, 0.0)
        else:
            self.view[16:RECORD_BYTES] = saved
            _HEAD.pack_into(self.buffer, 0, self.depth, _HEAD.unpack_from(self.buffer, 0)[1])

    def release(self) -> None:
        """Let go of the buffer (before its ``mmap`` is closed)."""
        self.view.release()

    def read(self) -> tuple[int, float, str]:
        """``(depth, since, "label: hook")`` as last written."""
        depth, since = _HEAD.unpack_from(self.buffer, 0)
        raw = bytes(self.view[16:RECORD_BYTES]).split(b"\0", 1)[0]
        tag = "".join(c for c in raw.decode(errors="replace") if c.isprintable())
        return int(depth), float(since), tag


_RECORD = HookRecord(bytearray(RECORD_BYTES))


def current() -> HookRecord:
    """This process's record (the shared one in a worker, see :func:`attach`)."""
    return _RECORD


def attach(buffer: Any) -> HookRecord:
    """Make ``buffer`` (the page the supervisor shares) this process's record."""
    global _RECORD
    _RECORD = HookRecord(buffer)
    return _RECORD
