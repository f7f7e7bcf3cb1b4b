"""Brute forces of row games written from their rules as stated, independent of endnim.

A partizan row game is given by ``takes(row, player) -> [(end, new size), ...]``: the moves of
``player`` ("L" or "R") in ``row``; the brute force plays them, normal play (no move: you lose).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

Row = tuple[int, ...]
Takes = Callable[[Row, str], list[tuple[str, int]]]

CLASSES = {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}
THRESHOLD_SIDES = {
    "L_star": ("L", "LN"),
    "R_star": ("R", "RN"),
    "L_threshold": ("L", "L"),
    "R_threshold": ("R", "R"),
}


def child(row: Row, end: str, size: int) -> Row:
    """The row after the pile at ``end`` becomes ``size`` (0: removed)."""
    rest = list(row[1:]) if end == "L" else list(row[:-1])
    if size:
        rest = [size, *rest] if end == "L" else [*rest, size]
    return tuple(rest)


class PartizanBrute:
    """Who wins a partizan row game, its winning moves and its thresholds, by brute force."""

    def __init__(self, takes: Takes) -> None:
        self.takes = takes
        self.wins = cache(self._wins)

    def moves(self, row: Row, player: str) -> list[tuple[str, int, Row]]:
        return [(end, size, child(row, end, size)) for end, size in self.takes(row, player)]

    def _wins(self, row: Row, player: str) -> bool:
        other = "R" if player == "L" else "L"
        return any(not self.wins(after, other) for _, _, after in self.moves(row, player))

    def outcome(self, row: Row) -> str:
        return CLASSES[(self.wins(row, "L"), self.wins(row, "R"))]

    def winning_moves(self, row: Row) -> set[str]:
        """Winning moves as ``player:move`` (``L:R0``: Left's move at the last pile)."""
        found = set()
        for player in ("L", "R"):
            other = "R" if player == "L" else "L"
            for end, size, after in self.moves(row, player):
                if not self.wins(after, other):
                    found.add(f"{player}:{end}{size}")
        return found

    def thresholds(self, row: Row, scan: int) -> dict[str, int | None]:
        """The least x <= ``scan`` with x·row (L*, L) or row·x (R*, R) in the classes; None if
        there is none."""
        found: dict[str, int | None] = {}
        for key, (side, classes) in THRESHOLD_SIDES.items():
            found[key] = next(
                (
                    x
                    for x in range(1, scan + 1)
                    if self.outcome((x, *row) if side == "L" else (*row, x)) in classes
                ),
                None,
            )
        return found


def plain_partizan(row: Row, player: str) -> list[tuple[str, int]]:
    """Partizan End-Nim: Left reduces the first pile, Right the last, any amount."""
    if not row:
        return []
    pile = row[0] if player == "L" else row[-1]
    return [(player, size) for size in range(pile)]


def right_capped(row: Row, player: str) -> list[tuple[str, int]]:
    """examples/variants/left_clears.py:RightCappedPartizan: Right takes at most 2 coins."""
    return [(e, s) for e, s in plain_partizan(row, player) if player == "L" or row[-1] - s <= 2]


def left_clears(row: Row, player: str) -> list[tuple[str, int]]:
    """examples/variants/left_clears.py:LeftClearsPartizan: only Left may remove a pile."""
    return [(e, s) for e, s in plain_partizan(row, player) if player == "L" or s > 0]


def left_either(row: Row, player: str) -> list[tuple[str, int]]:
    """A user's relative: Left may reduce either end pile, Right the last."""
    if not row:
        return []
    ends = "LR" if player == "L" else "R"
    found: dict[Row, tuple[str, int]] = {}
    for end in ends:
        pile = row[0] if end == "L" else row[-1]
        for size in range(pile):
            found.setdefault(child(row, end, size), (end, size))
    return list(found.values())


def with_player(moves: list[str]) -> set[str]:
    """endnim's winning moves as ``player:move``: a row move without a player is the player's
    whose end it is (``R0`` is Right's)."""
    return {m if ":" in m else f"{m[0]}:{m}" for m in moves}


def odd_lone_left(row: Row, player: str) -> list[tuple[str, int]]:
    """A user's relative: partizan End-Nim, but a lone pile of odd size is Left's alone."""
    if len(row) == 1 and row[0] % 2 == 1 and player == "R":
        return []
    return plain_partizan(row, player)


@cache
def grundy(row: Row, takes: Callable[[int, int], bool], ends: str = "LR") -> int:
    """Grundy value of an impartial End-Nim relative whose pile of p may become s when
    ``takes(p, s)``, played at the ``ends`` given (normal play)."""
    options = set()
    for end in ends if row else "":
        pile = row[0] if end == "L" else row[-1]
        for size in range(pile):
            if takes(pile, size):
                options.add(grundy(child(row, end, size), takes, ends))
    return next(g for g in range(len(options) + 1) if g not in options)


# ------------------------------------------------------------------ generic models
Options = Callable[[tuple[int, ...], str | None], list[tuple[str, tuple[int, ...]]]]
"""A game's options: ``(row or heaps, player) -> [(move text, child), ...]``."""


def end_moves(
    row: Row, player: str | None, ends: str, takes: Callable[[int, int], bool]
) -> list[tuple[str, Row]]:
    """Reductions of the pile at each of ``ends`` to the sizes ``takes(pile, size)`` allows,
    one per distinct child (the first end wins a tie, as on a lone pile)."""
    found: dict[Row, str] = {}
    for end in ends if row else "":
        pile = row[0] if end == "L" else row[-1]
        for size in range(pile):
            if takes(pile, size):
                found.setdefault(child(row, end, size), f"{end}{size}")
    return [(text, after) for after, text in found.items()]


class Model:
    """A game from its options: Grundy values (impartial), who wins (partizan), misère
    outcomes of sums (impartial)."""

    def __init__(self, options: Options, impartial: bool) -> None:
        self.options = options
        self.impartial = impartial
        self.grundy = cache(self._grundy)
        self.wins = cache(self._wins)
        self.misere_wins = cache(self._misere_wins)

    def _grundy(self, row: Row) -> int:
        values = {self.grundy(after) for _, after in self.options(row, None)}
        return next(g for g in range(len(values) + 1) if g not in values)

    def _wins(self, row: Row, player: str) -> bool:
        other = "R" if player == "L" else "L"
        return any(not self.wins(after, other) for _, after in self.options(row, player))

    def outcome(self, row: Row) -> str:
        if self.impartial:
            return "N" if self.grundy(row) else "P"
        return CLASSES[(self.wins(row, "L"), self.wins(row, "R"))]

    def winning_moves(self, row: Row) -> set[str]:
        if self.impartial:
            return {text for text, after in self.options(row, None) if self.grundy(after) == 0}
        found = set()
        for player in ("L", "R"):
            other = "R" if player == "L" else "L"
            for text, after in self.options(row, player):
                if not self.wins(after, other):
                    found.add(text if text[:1] in "LR" else f"{player}:{text}")
        return found

    def _misere_wins(self, parts: tuple[Row, ...]) -> bool:
        """Whether the player to move wins the misère sum of ``parts`` (no move: you win)."""
        moved = False
        for index, part in enumerate(parts):
            for _, after in self.options(part, None):
                moved = True
                rest = parts[:index] + ((after,) if after else ()) + parts[index + 1 :]
                if not self.misere_wins(tuple(sorted(rest))):
                    return True
        return not moved

    def all_small(self, rows: list[Row]) -> bool:
        """Whether, in every position reachable from ``rows``, Left may move exactly where
        Right may (partizan)."""
        seen: set[Row] = set()
        todo = list(rows)
        while todo:
            row = todo.pop()
            if row in seen:
                continue
            seen.add(row)
            left, right = self.options(row, "L"), self.options(row, "R")
            if bool(left) != bool(right):
                return False
            todo.extend(after for _, after in left + right)
        return True


def octal_options(code: str) -> Options:
    """Options of the octal game ``code`` on a sum of heaps (sorted tuples)."""
    digits = [int(d) for d in code.split(".")[1]]

    def options(heaps: Row, player: str | None = None) -> list[tuple[str, Row]]:
        """One move per heap and resulting position (equal heaps are different heaps)."""
        moves: list[tuple[str, Row]] = []
        for index, heap in enumerate(heaps):
            found: dict[Row, str] = {}
            rest = heaps[:index] + heaps[index + 1 :]
            for take, digit in enumerate(digits, start=1):
                if take > heap:
                    break
                left = heap - take
                leaves: list[tuple[int, ...]] = []
                if digit & 1 and left == 0:
                    leaves.append(())
                if digit & 2 and left > 0:
                    leaves.append((left,))
                if digit & 4:
                    leaves.extend((a, left - a) for a in range(1, left) if a <= left - a)
                for leave in leaves:
                    after = tuple(sorted(rest + leave))
                    found.setdefault(after, f"{index}:{heap}-{take}>{after}")
            moves.extend((text, after) for after, text in found.items())
        return moves

    return options
