"""Octal games (Guy–Smith codes such as 0.07 or 0.75): heaps of tokens, a move may split a heap.

A position is a sum of heaps, written ``7``, ``3 + 2`` or ``3 2``. The code ``d0.d1d2d3...`` says
what removing k tokens from one heap may leave (digit d_k, a sum of): 1 — nothing (the whole heap
is taken), 2 — one smaller heap, 4 — two non-empty heaps. Each heap is a component of the sum
(:meth:`components`), so ``endnim quotient`` computes the misère quotients of Plambeck and Siegel::

    endnim quotient --rules examples/variants/octal.py:Octal07 --positions 1..14

Pick a game by subclassing with ``CODE = "0.xyz"`` (``Octal07`` and ``Octal075`` are here) or call
:func:`octal` with a code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from endnim.errors import MoveError, PositionError, VariantError
from endnim.ruleset import Player, RuleSet

Heaps = tuple[int, ...]
_CODE = re.compile(r"^\s*([0-7])?\.([0-7]+)\s*$")


def digits(code: str) -> tuple[int, ...]:
    """The digits d0, d1, ... of an octal code: '0.07' -> (0, 0, 7)."""
    match = _CODE.match(code)
    if not match:
        raise VariantError(f"an octal code reads like 0.07 or 4.7, not {code!r}")
    return (int(match.group(1) or 0),) + tuple(int(d) for d in match.group(2))


class Octal(RuleSet[Heaps, tuple[int, int, int]]):
    """An octal game given by the class attribute ``CODE``; a move is (heap, taken, left part)."""

    CODE: ClassVar[str] = "0.7"
    name = "octal"
    title = "octal game"
    family = "heaps"
    source = "Guy & Smith, 'The G-values of various games' (1956); misère: Plambeck & Siegel (2008)"
    position_notation = "heap sizes separated by + or spaces, e.g. '7' or '3 + 2'"
    move_notation = "HEAP-TAKEN or HEAP-TAKEN:PART (the smaller heap left), e.g. '7-2:1'"

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        digits(cls.CODE)  # a bad code fails where the class is written
        if "name" not in cls.__dict__:
            cls.name = "octal-" + cls.CODE.replace(".", "_")
        if "title" not in cls.__dict__:
            cls.title = f"octal game {cls.CODE}"
        if "summary" not in cls.__dict__:
            cls.summary = f"the octal game {cls.CODE}: take tokens from one heap, maybe split it"

    def parse_position(self, text: str) -> Heaps:
        parts = [p for p in re.split(r"[+,\s]+", text.strip()) if p]
        try:
            heaps = [int(p) for p in parts]
        except ValueError:
            raise PositionError(f"cannot read heaps from {text!r}: write e.g. '3 + 2'") from None
        if any(h < 0 for h in heaps):
            raise PositionError(f"a heap has at least 0 tokens: {text!r}")
        return tuple(sorted((h for h in heaps if h), reverse=True))

    def format_position(self, position: Heaps) -> str:
        return " + ".join(map(str, position)) if position else "0"

    def parse_move(self, text: str) -> tuple[int, int, int]:
        match = re.match(r"^\s*(\d+)-(\d+)(?::(\d+))?\s*$", text)
        if not match:
            raise MoveError(f"cannot read a move from {text!r}: write HEAP-TAKEN[:PART]")
        return (int(match.group(1)), int(match.group(2)), int(match.group(3) or 0))

    def format_move(self, move: tuple[int, int, int]) -> str:
        heap, taken, part = move
        return f"{heap}-{taken}" + (f":{part}" if part else "")

    def heap_options(self, heap: int) -> list[tuple[tuple[int, int, int], Heaps]]:
        """Every move on one heap with what it leaves (a sum of at most two heaps)."""
        result: list[tuple[tuple[int, int, int], Heaps]] = []
        for taken, digit in enumerate(digits(self.CODE)):
            rest = heap - taken
            if rest < 0:
                break
            if digit & 1 and rest == 0 and taken:
                result.append(((heap, taken, 0), ()))
            if digit & 2 and rest > 0 and taken:
                result.append(((heap, taken, 0), (rest,)))
            if digit & 4:
                for part in range(1, rest // 2 + 1):
                    result.append(((heap, taken, part), (rest - part, part)))
        return result

    def options(
        self, position: Heaps, player: Player | None = None
    ) -> list[tuple[tuple[int, int, int], Heaps]]:
        seen: set[Heaps] = set()
        result = []
        for at, heap in enumerate(position):
            if heap in position[:at]:
                continue
            rest = position[:at] + position[at + 1 :]
            for move, left in self.heap_options(heap):
                child = tuple(sorted(rest + left, reverse=True))
                if child not in seen:
                    seen.add(child)
                    result.append((move, child))
        return result

    def components(self, position: Heaps) -> Sequence[Heaps]:
        return [(heap,) for heap in position] or [()]

    def estimate_states(self, position: Heaps) -> int:
        total = sum(position)
        return (total + 1) ** max(len(position), 1) * 4


def octal(code: str) -> type[Octal]:
    """The rule set of the octal game ``code`` (e.g. ``octal("0.07")``)."""
    digits(code)
    return type(f"Octal_{code.replace('.', '_')}", (Octal,), {"CODE": code})


class Octal07(Octal):
    """0.07 (Dawson's Kayles): remove two adjacent tokens, maybe splitting the row."""

    CODE = "0.07"


class Octal075(Octal):
    """0.75: remove one token (leaving 0, 1 or 2 heaps) or two (leaving 0 or 1 heap)."""

    CODE = "0.75"
