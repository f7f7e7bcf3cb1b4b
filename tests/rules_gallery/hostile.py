"""Rule sets that fight back (issues 29 and 34): one class per way a user's code can attack
endnim, the process that runs it, or the process that supervises it.

Each is a small End-Nim (take from either end pile) whose one hook attacks. :data:`HOSTILE`
says what endnim must answer for each: ``None`` for the correct answer (the attack does not
change the game: endnim's answer equals End-Nim's), else a fragment of the one-line error that
names the rule set. The matrix (tests/commands/test_hostile_rules.py, and in full
benchmarks/fuzz_run.py) runs every class through every command and the API.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading

from endnim import RuleSet, Variant
from endnim.theory.base import Theory


class _Base(Variant):
    name = "hostile-base"
    title = "hostile base"

    def ends(self, piles, player=None):
        return ("L", "R")


class InterruptingEnds(_Base):
    name = "interrupting-ends"
    title = "gallery: ends() raises KeyboardInterrupt"

    def ends(self, piles, player=None):
        raise KeyboardInterrupt


class SystemExitEnds(_Base):
    name = "system-exit-ends"
    title = "gallery: ends() raises SystemExit"

    def ends(self, piles, player=None):
        raise SystemExit(0)


class _UnprintableError(Exception):
    def __str__(self):
        raise RuntimeError("no text for you")


class _NumberError(Exception):
    def __str__(self):
        return 42


class UnprintableError(_Base):
    name = "unprintable-error"
    title = "gallery: ends() raises an exception whose __str__ raises"

    def ends(self, piles, player=None):
        raise _UnprintableError()


class NumberError(_Base):
    name = "number-error"
    title = "gallery: ends() raises an exception whose __str__ returns 42"

    def ends(self, piles, player=None):
        raise _NumberError()


class _Move:
    def __init__(self, end, size, child):
        self.end, self.size, self.child = end, size, child


class _RaisingMove(_Move):
    def __str__(self):
        raise RuntimeError("no text for this move")

    __repr__ = __str__


class _LoopingMove(_Move):
    def __str__(self):
        while True:
            pass

    __repr__ = __str__


def _moves(cls, position):
    if not position:
        return []
    found = []
    for index in (0, len(position) - 1) if len(position) > 1 else (0,):
        pile = position[index]
        for size in range(pile):
            child = list(position)
            if size:
                child[index] = size
            else:
                del child[index]
            found.append((cls("L" if index == 0 else "R", size, tuple(child)), tuple(child)))
    return found


class RaisingMoveText(_Base):
    name = "raising-move-text"
    title = "gallery: moves whose __str__ raises"

    def options(self, position, player=None):
        return _moves(_RaisingMove, tuple(position))

    def children(self, position, player=None):
        return [child for _, child in self.options(position, player)]


class LoopingMoveText(_Base):
    name = "looping-move-text"
    title = "gallery: moves whose __str__ never returns"

    def options(self, position, player=None):
        return _moves(_LoopingMove, tuple(position))

    def children(self, position, player=None):
        return [child for _, child in self.options(position, player)]


class _EvilStr(str):
    def __eq__(self, other):
        raise RuntimeError("compare me not")

    def __hash__(self):
        raise RuntimeError("hash me not")

    def __str__(self):
        while True:
            pass


class StrSubclassEnds(_Base):
    name = "str-subclass-ends"
    title = "gallery: ends() returns str subclasses that fight back"

    def ends(self, piles, player=None):
        return (_EvilStr("L"), _EvilStr("R"))


class _RaisingTheory(Theory):
    def outcome(self, piles):
        raise RuntimeError("my theory is broken")

    def grundy(self, piles):
        raise RuntimeError("my theory is broken")

    def thresholds_of(self, piles):
        raise RuntimeError("my theory is broken")

    def winning_moves(self, piles):
        raise RuntimeError("my theory is broken")


class RaisingTheory(_Base):
    name = "raising-theory"
    title = "gallery: a Theory subclass whose methods raise"

    def theory(self):
        return _RaisingTheory()


class HugeGrundy(_Base):
    name = "huge-grundy"
    title = "gallery: terminal_value() is 10^400"

    def terminal_value(self, piles):
        return 10**400


class SpawningChildren(_Base):
    name = "spawning-children"
    title = "gallery: ends() starts processes in sessions of their own"

    def ends(self, piles, player=None):
        subprocess.Popen(
            [sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True
        )
        return ("L", "R")


class SignallingParent(_Base):
    name = "signalling-parent"
    title = "gallery: ends() stops its parent with SIGSTOP"

    def ends(self, piles, player=None):
        os.kill(os.getppid(), signal.SIGSTOP)
        return ("L", "R")


class Chatty(_Base):
    name = "chatty"
    title = "gallery: ends() writes megabytes to standard output and error"

    def ends(self, piles, player=None):
        junk = "garbage " * 1000
        print(junk)
        sys.stdout.write(junk)
        sys.stderr.write(junk)
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                os.write(fd, junk.encode() * 100)
        return ("L", "R")


FORGED = b"cos\nsystem\n(S'touch /tmp/endnim-forged-answer-ran'\ntR."
"""A pickle that runs a shell command when opened (what an escaped sandbox would write)."""


class ForgingAnswers(_Base):
    name = "forging-answers"
    title = "gallery: ends() writes forged pickles to every descriptor it has, then exits"

    def ends(self, piles, player=None):
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            if fd > 2:
                for frame in (FORGED, len(FORGED).to_bytes(4, "big") + FORGED):
                    with contextlib.suppress(OSError):
                        os.write(fd, frame)
        os._exit(0)


class _BadHash:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        raise RuntimeError("hash me not")

    def __eq__(self, other):
        raise RuntimeError("compare me not")


class BadHashPosition(RuleSet[object, int]):
    """A generic rule set whose positions are objects whose __hash__ and __eq__ raise."""

    name = "bad-hash-position"
    title = "gallery: positions whose __hash__ and __eq__ raise"

    def parse_position(self, text):
        return _BadHash(int(text))

    def format_position(self, position):
        return str(getattr(position, "n", position))

    def parse_move(self, text):
        return int(text)

    def options(self, position, player=None):
        return [(k, _BadHash(position.n - k)) for k in (1, 2) if position.n >= k]


class AllocatingThreads(_Base):
    name = "allocating-threads"
    title = "gallery: ends() starts threads that each ask for 4 GB"

    def ends(self, piles, player=None):
        def hoard():
            with contextlib.suppress(MemoryError):
                bytearray(4 * 2**30)

        threads = [threading.Thread(target=hoard) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return ("L", "R")


class HugeNotation(_Base):
    name = "huge-notation"
    title = "gallery: format_position() returns 50 MB of text"

    def format_position(self, position):
        return "3 " * (25 * 2**20)


HOSTILE: dict[str, str | None] = {
    "InterruptingEnds": "ends() raised KeyboardInterrupt",
    "SystemExitEnds": "ends() raised SystemExit",
    "UnprintableError": "ends() raised _UnprintableError",
    "NumberError": "ends() raised _NumberError",
    "RaisingMoveText": "format_move()",
    "LoopingMoveText": "format_move() did not return",
    "StrSubclassEnds": None,
    "RaisingTheory": "theory.",
    "HugeGrundy": "terminal_value()",
    "SpawningChildren": "ends() raised PermissionError",
    "SignallingParent": "ends() raised PermissionError",
    "Chatty": None,
    "ForgingAnswers": "ends()",
    "BadHashPosition": "parse_position()",
    "AllocatingThreads": None,
    "HugeNotation": "format_position()",
}
"""Each hostile class, and ``None`` (endnim answers as for End-Nim) or a fragment of the
one-line error naming the rule set."""
