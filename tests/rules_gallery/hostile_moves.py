"""Rule sets whose move objects fight back (issue 41): ``__eq__``, ``__str__`` or ``__hash__``
raise, or ``__str__`` never returns. Each is End-Nim (take from either end pile) with its own
move class; endnim reads a move's text once, inside the guard of the hook that gave it, and
compares moves by that text, so none of these methods runs outside a hook's deadline.

:data:`HOSTILE_MOVES` says what endnim answers: ``None`` when the game plays as End-Nim (the
move's equality and hash are never needed), else a fragment of the one-line error.
"""

from __future__ import annotations

from endnim import Variant


class _Move:
    def __init__(self, end, size):
        self.end, self.size = end, size

    def __eq__(self, other):
        return isinstance(other, _Move) and (self.end, self.size) == (other.end, other.size)

    def __hash__(self):
        return hash((self.end, self.size))

    def __str__(self):
        return f"{self.end}{self.size}"


class _EqRaises(_Move):
    def __eq__(self, other):
        raise ValueError("evil move __eq__")

    __hash__ = _Move.__hash__


class _StrRaises(_Move):
    def __str__(self):
        raise ValueError("evil move __str__")

    __repr__ = __str__


class _StrLoops(_Move):
    def __str__(self):
        while True:
            pass

    __repr__ = __str__


class _HashRaises(_Move):
    def __hash__(self):
        raise ValueError("evil move __hash__")


class _Base(Variant):
    name = "hostile-moves-base"
    title = "hostile moves"
    MOVE = _Move

    def ends(self, piles, player=None):
        return ("L", "R")

    def options(self, position, player=None):
        position = tuple(position)
        found = []
        if not position:
            return found
        for index in (0, len(position) - 1) if len(position) > 1 else (0,):
            for size in range(position[index]):
                child = list(position)
                if size:
                    child[index] = size
                else:
                    del child[index]
                found.append((self.MOVE("L" if index == 0 else "R", size), tuple(child)))
        return found

    def children(self, position, player=None):
        return [child for _, child in self.options(position, player)]

    def parse_move(self, text):
        text = text.strip()
        return self.MOVE(text[:1].upper(), int(text[1:]))


class EqRaises(_Base):
    name = "eq-raises"
    title = "gallery: moves whose __eq__ raises"
    MOVE = _EqRaises


class StrRaises(_Base):
    name = "str-raises"
    title = "gallery: moves whose __str__ raises"
    MOVE = _StrRaises


class StrLoops(_Base):
    name = "str-loops"
    title = "gallery: moves whose __str__ never returns"
    MOVE = _StrLoops


class HashRaises(_Base):
    name = "hash-raises"
    title = "gallery: moves whose __hash__ raises"
    MOVE = _HashRaises


HOSTILE_MOVES: dict[str, str | None] = {
    "EqRaises": None,
    "StrRaises": "format_move() raised ValueError: evil move __str__",
    "StrLoops": "format_move() did not return",
    "HashRaises": None,
}
"""Each class, and ``None`` (it plays as End-Nim) or a fragment of its one-line error."""
