"""Broken rule sets, one class per fault: what a user's ``--rules FILE.py:Class`` may do wrong.

Every class is a small End-Nim (take from either end pile) with one hook broken. The tests
(tests/variants/test_guarded.py, tests/commands/test_broken_rules.py) and the fuzz run
(benchmarks/fuzz_run.py) load each with ``--rules broken.py:CLASS`` and check that endnim says,
in one line, which rule set and which hook is at fault, and never hangs or dies.
"""

from __future__ import annotations

import os
import random
import time

from endnim import Move, RuleSet, Variant


class Fine(Variant):
    """Not broken: the control (normal-play End-Nim under another name)."""

    name = "gallery-fine"
    title = "gallery: fine"

    def ends(self, piles, player=None):
        return ("L", "R")


class _Base(Variant):
    name = "gallery-base"
    title = "gallery base"

    def ends(self, piles, player=None):
        return ("L", "R")


class RaisingEnds(_Base):
    name = "raising-ends"
    title = "gallery: ends() raises"

    def ends(self, piles, player=None):
        return {"L": 1}["X"]  # KeyError


class GarbageEnds(_Base):
    name = "garbage-ends"
    title = "gallery: ends() returns 42"

    def ends(self, piles, player=None):
        return 42


class BadEndNames(_Base):
    name = "bad-end-names"
    title = "gallery: ends() returns ('X', None)"

    def ends(self, piles, player=None):
        return ("X", None)


class RecursiveEnds(_Base):
    name = "recursive-ends"
    title = "gallery: ends() recurses for ever"

    def ends(self, piles, player=None):
        return self.ends(piles, player)


class MaybeTerminal(_Base):
    name = "maybe-terminal"
    title = "gallery: is_terminal() returns 'maybe'"

    def is_terminal(self, piles):
        return "maybe"


class GarbageTerminalValue(_Base):
    name = "garbage-terminal-value"
    title = "gallery: terminal_value() returns 'zero'"

    def terminal_value(self, piles):
        return "zero"


class GarbageAllows(_Base):
    name = "garbage-allows"
    title = "gallery: allows() returns None"

    def allows(self, child):
        return None


class GarbageOptions(_Base):
    name = "garbage-options"
    title = "gallery: options() returns a number"

    def options(self, position, player=None):
        return 7

    def children(self, position, player=None):
        return [c for _, c in self.options(position, player)]


class OptionsNotPositions(_Base):
    name = "options-not-positions"
    title = "gallery: options() lead to things that are not rows"

    def options(self, position, player=None):
        return [("L0", "not a row")] if position else []

    def children(self, position, player=None):
        return [c for _, c in self.options(position, player)]


class TerminalWithOptions(_Base):
    name = "terminal-with-options"
    title = "gallery: a terminal position that has options"

    def is_terminal(self, piles):
        return len(piles) <= 1

    def raw_options(self, piles, player=None):
        return [("L", size, False, (size,)) for size in range(1, piles[0])] if piles else []


class LoopingEnds(_Base):
    name = "looping-ends"
    title = "gallery: ends() never returns"

    def ends(self, piles, player=None):
        while True:
            pass


class SleepingEnds(_Base):
    name = "sleeping-ends"
    title = "gallery: ends() sleeps for an hour"

    def ends(self, piles, player=None):
        time.sleep(3600)
        return ("L", "R")


class GrowingPosition(_Base):
    name = "growing-position"
    title = "gallery: every move makes the row longer"

    def options(self, position, player=None):
        return [("grow", (*position, 1))]

    def children(self, position, player=None):
        return [c for _, c in self.options(position, player)]


class SelfLoop(_Base):
    name = "self-loop"
    title = "gallery: options() include a move back to the position itself"

    def options(self, position, player=None):
        stay = [(Move("L", position[0]), tuple(position))] if position else []
        return [*super().options(position, player), *stay]

    def children(self, position, player=None):
        return [c for _, c in self.options(position, player)]

    def play(self, position, move, player=None):
        return RuleSet.play(self, position, move, player)  # the move that stays is legal too


class NeverTerminal(_Base):
    name = "never-terminal"
    title = "gallery: is_terminal() never holds, not even for the empty row"

    def is_terminal(self, piles):
        return False


class ExitingEnds(_Base):
    name = "exiting-ends"
    title = "gallery: ends() ends the process"

    def ends(self, piles, player=None):
        os._exit(7)


class HugeMemory(_Base):
    name = "huge-memory"
    title = "gallery: ends() asks for 64 GB"

    def ends(self, piles, player=None):
        hoard = bytearray(64 * 2**30)
        return ("L", "R") if hoard else ()


class Nondeterministic(_Base):
    name = "nondeterministic"
    title = "gallery: ends() answers at random"

    def ends(self, piles, player=None):
        return random.choice([("L",), ("R",), ("L", "R")])


class NoRoundTrip(_Base):
    name = "no-round-trip"
    title = "gallery: format_position() is not read back"

    def format_position(self, position):
        return "row of " + str(len(position))


class NameClash(_Base):
    name = "endnim"
    title = "gallery: named like the built-in End-Nim"


class AliasClash(_Base):
    name = "alias-clash"
    title = "gallery: an alias of a built-in"
    aliases = ("misère",)


class NotARow(RuleSet[int, int]):
    """A generic rule set whose parse_position returns a list (not hashable)."""

    name = "unhashable-position"
    title = "gallery: parse_position() returns a list"

    def parse_position(self, text):
        return [int(text)]

    def format_position(self, position):
        return str(position)

    def parse_move(self, text):
        return int(text)

    def options(self, position, player=None):
        return []


FAULTS: dict[str, str] = {
    "RaisingEnds": "ends()",
    "GarbageEnds": "ends()",
    "BadEndNames": "ends()",
    "RecursiveEnds": "ends()",
    "MaybeTerminal": "is_terminal()",
    "GarbageTerminalValue": "terminal_value()",
    "GarbageAllows": "allows()",
    "GarbageOptions": "options()",
    "OptionsNotPositions": "options()",
    "TerminalWithOptions": "terminal",
    "LoopingEnds": "ends()",
    "SleepingEnds": "ends()",
    "GrowingPosition": "grow",
    "SelfLoop": "loopy",
    "NeverTerminal": "is_terminal()",
    "ExitingEnds": "ends()",
    "HugeMemory": "ends()",
    "Nondeterministic": "ends()",
    "NoRoundTrip": "format_position()",
    "NameClash": "built-in",
    "AliasClash": "built-in",
    "NotARow": "parse_position()",
}
"""Each broken class and a fragment its one-line error (or check-rules finding) contains."""
