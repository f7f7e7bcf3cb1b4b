"""End-Wythoff: End-Nim plus Wythoff's diagonal move on the two end piles (a user's rule set).

A move either reduces or removes the first or the last pile, or, with two or more piles,
removes the same number t >= 1 from the first and the last pile at once (t at most the smaller
of the two; piles reaching 0 are removed). Normal play. On two piles this is Wythoff's game,
whose P-positions are (1, 2), (3, 5), (4, 7), (6, 10), ...

One file, no edit to endnim::

    endnim analyze --rules examples/variants/end_wythoff.py:EndWythoff "3 5"

The diagonal move is not a row move of the papers' kind, so this rule set adds a move type of
its own (written ``B2``: take 2 from both ends) and the hooks that list and play it. It has no
closed-form theory, and the compiled engine does not know the diagonal move: answers come from
the exact search (tables and sweeps from the indexed search, which calls ``children_batch``
once per batch of positions; ``children``, its reference, serves the memoised search).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from endnim import Variant
from endnim.errors import MoveError
from endnim.moves import End, Move
from endnim.position import Position


@dataclass(frozen=True, slots=True)
class BothEnds:
    """Take ``take`` coins from the first and from the last pile at once."""

    take: int

    def __str__(self) -> str:
        return f"B{self.take}"


_BOTH = re.compile(r"^\s*[bB]\s*(\d+)\s*$")


class EndWythoff(Variant):
    """End-Nim with Wythoff's move on the two end piles."""

    name = "end-wythoff"
    title = "End-Wythoff"
    summary = (
        "reduce the first or the last pile, or take the same number from both end piles; "
        "normal play"
    )
    source = "endnim tutorial (docs/your-own-variant.md); Wythoff (1907) on two piles"
    move_notation = "L3 / R0 as in End-Nim, or B2: take 2 coins from both end piles"

    def ends(self, piles: tuple[int, ...], player: End | None = None) -> tuple[End, ...]:
        return ("L", "R")

    # ------------------------------------------------------------------ the diagonal move
    def _diagonal(self, piles: tuple[int, ...]) -> list[tuple[BothEnds, Position]]:
        if len(piles) < 2:
            return []
        first, last = piles[0], piles[-1]
        result = []
        for take in range(1, min(first, last) + 1):
            middle = list(piles[1:-1])
            row = ([first - take] if first > take else []) + middle
            row += [last - take] if last > take else []
            result.append((BothEnds(take), Position(row)))
        return result

    def options(  # type: ignore[override]
        self, position: Sequence[int], player: End | None = None
    ) -> list[tuple[Move | BothEnds, Position]]:
        piles = tuple(position)
        single: list[tuple[Move | BothEnds, Position]] = list(super().options(piles, player))
        seen = {child for _, child in single}
        return single + [(m, c) for m, c in self._diagonal(piles) if c not in seen]

    def children(self, position: Position, player: End | None = None) -> list[Position]:
        # The solvers' hot path (called once per position they meet): the rows of ``options``
        # as plain tuples, each built once, without a move object per option. The ends are
        # read from ``ends``; every reduction is allowed (this rule set keeps ``allows`` and
        # ``allows_take`` as inherited). tests/examples checks it against ``options``.
        piles = tuple(position)
        if not piles:
            return []
        first, last = piles[0], piles[-1]
        rows: dict[tuple[int, ...], None] = {}
        for end in self.ends(piles, player):
            if end == "L":
                rest = piles[1:]
                rows.update(dict.fromkeys([(s,) + rest if s else rest for s in range(first)]))
            else:
                rest = piles[:-1]
                rows.update(dict.fromkeys([rest + (s,) if s else rest for s in range(last)]))
        if len(piles) >= 2:
            middle = piles[1:-1]
            rows.update(
                dict.fromkeys(
                    [
                        ((first - t,) if first > t else ())
                        + middle
                        + ((last - t,) if last > t else ())
                        for t in range(1, min(first, last) + 1)
                    ]
                )
            )
        return list(rows)  # type: ignore[arg-type]

    def children_batch(self, positions: list[tuple[int, ...]]) -> list[list[tuple[int, ...]]]:
        # The indexed search's hook (one call per batch of positions instead of ``children``
        # once per position): the same children as ``children`` (tests/examples checks every
        # row), built as slices of lists shared within the call. The left moves of (f, *rest)
        # are rest and the first f - 1 rows of [(s, *rest) for s = 1, 2, ...]; the right moves
        # likewise; the diagonal moves leaving both end piles, the first min(f, l) - 1 rows of
        # the diagonal through (f, l) from its lowest point. Both ends are played (as ``ends``
        # says); the few rows one pile shorter may coincide, so only they are deduplicated.
        lefts: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        rights: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        diagonals: dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]] = {}
        result: list[list[tuple[int, ...]]] = []
        for position in positions:
            piles = tuple(position)
            if not piles:
                result.append([])
                continue
            first, last = piles[0], piles[-1]
            rest = piles[1:]
            left = lefts.setdefault(rest, [])
            if len(left) < first - 1:  # grown, never rebuilt: rows come in any order
                left += [(s,) + rest for s in range(len(left) + 1, first)]
            if len(piles) == 1:
                result.append([rest, *left[: first - 1]])
                continue
            front, middle = piles[:-1], piles[1:-1]
            right = rights.setdefault(front, [])
            if len(right) < last - 1:
                right += [front + (s,) for s in range(len(right) + 1, last)]
            low = min(first, last)
            shift = first - last
            diagonal = diagonals.setdefault((middle, shift), [])
            if len(diagonal) < low - 1:
                base_first, base_last = first - low, last - low
                diagonal += [
                    (base_first + k,) + middle + (base_last + k,)
                    for k in range(len(diagonal) + 1, low)
                ]
            emptied = (
                ((first - low,) if first > low else ())
                + middle
                + ((last - low,) if last > low else ())
            )
            shorter = list(dict.fromkeys((rest, front, emptied)))
            result.append(shorter + left[: first - 1] + right[: last - 1] + diagonal[: low - 1])
        return result

    def parse_move(self, text: str) -> Move | BothEnds:  # type: ignore[override]
        match = _BOTH.match(text)
        return BothEnds(int(match.group(1))) if match else Move.parse(text)

    def play(  # type: ignore[override]
        self, position: Sequence[int], move: Move | BothEnds | str, player: End | None = None
    ) -> Position:
        if isinstance(move, str):
            move = self.parse_move(move)
        if isinstance(move, Move):
            return super().play(position, move, player)
        piles = tuple(position)
        if len(piles) < 2 or not 1 <= move.take <= min(piles[0], piles[-1]):
            raise MoveError(
                f"move {move} is not legal in {' '.join(map(str, piles))}: it needs two piles "
                "with at least that many coins at each end"
            )
        first, last = piles[0] - move.take, piles[-1] - move.take
        return Position(([first] if first else []) + list(piles[1:-1]) + ([last] if last else []))
