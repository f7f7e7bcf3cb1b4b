"""Exact values for exhaustive checks: whole engine layers, looked up by position.

An :class:`Oracle` computes every position of a length at once with the engine
(:func:`endnim.engine.solve_layer`) and answers lookups from those arrays; a position outside
the layers computed (a longer row, a larger pile) is solved on its own by the engine and
cached. It also gives partizan phase diagrams (the classes of x·w·y) and thresholds by brute
force. Values are Grundy values, or for partizan End-Nim the class letters L, R, N, P.

>>> oracle = Oracle()
>>> oracle.prepare("endnim", 3, 8)
>>> oracle.value("endnim", (3, 1, 4)), oracle.value("muller", (13, 10, 6))
(7, 19)
>>> oracle.phase((2, 4, 1), 8)[6][7], oracle.thresholds((3, 5, 5, 5, 1))
('P', (14, 18))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from endnim.errors import EndNimError
from endnim.outcome import CODE_TO_OUTCOME
from endnim.variants import get_row_variant, get_variant

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

Piles = tuple[int, ...]
Value = Any
"""A Grundy value (int) or a partizan class letter (str)."""
OUTCOMES = CODE_TO_OUTCOME


class Oracle:
    """Exact values by the engine: whole layers prepared in advance, single rows on demand."""

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads
        self._layers: dict[tuple[str, int], tuple[int, npt.NDArray[np.int32]]] = {}
        self._single: dict[tuple[str, Piles], Value] = {}
        self._phases: dict[tuple[Piles, int], list[list[str]]] = {}

    def prepare(self, variant: str, length: int, max_pile: int) -> None:
        """Compute (once) every position of ``length`` piles in 1..``max_pile``."""
        from endnim.engine import solve_layer

        name = get_variant(variant).name
        held = self._layers.get((name, length))
        if held is not None and held[0] >= max_pile:
            return
        array = solve_layer(
            get_row_variant(name, "the layer oracle"), length, max_pile, threads=self.threads
        )
        self._layers[(name, length)] = (max_pile, array)

    def _decode(self, variant: str, code: int) -> Value:
        return code if get_variant(variant).impartial else OUTCOMES[code]

    def value(self, variant: str, piles: Piles) -> Value:
        """The value of ``piles`` (the empty row too): from a prepared layer when inside one."""
        name = get_variant(variant).name
        if not piles:
            return 0 if get_variant(name).impartial else "P"
        held = self._layers.get((name, len(piles)))
        if held is not None and max(piles) <= held[0]:
            code = (
                held[1].item(*(p - 1 for p in piles))
                if len(piles) > 1
                else held[1].item(piles[0] - 1)
            )
            return self._decode(name, int(code))
        key = (name, piles)
        if key not in self._single:
            from endnim.engine import engine_value

            self._single[key] = engine_value(piles, name, threads=self.threads)
        return self._single[key]

    def layer(self, variant: str, length: int, max_pile: int) -> Iterator[tuple[Piles, Value]]:
        """Every position of ``length`` piles in 1..``max_pile`` with its value, in
        lexicographic order (fewest-heaps order within the layer)."""
        name = get_variant(variant).name
        self.prepare(name, length, max_pile)
        _, array = self._layers[(name, length)]
        if length == 1:
            codes = array[:max_pile].tolist()
        else:
            codes = array[(slice(0, max_pile),) * length].ravel().tolist()
        values = codes if get_variant(name).impartial else [OUTCOMES[c] for c in codes]
        return zip(itertools.product(range(1, max_pile + 1), repeat=length), values, strict=True)

    def phase(self, w: Piles, size: int) -> list[list[str]]:
        """Partizan classes of x·w·y for 0 <= x, y <= ``size`` (0 = that pile absent), so
        ``phase(w, s)[x][y]`` is the class of ``x w y`` and ``[0][0]`` that of w itself."""
        key = (tuple(w), size)
        if key not in self._phases:
            from endnim.engine import engine_table

            table = engine_table("partizan", tuple(w), size, size, threads=self.threads)
            self._phases[key] = [[OUTCOMES[c] for c in row] for row in table.tolist()]
        return self._phases[key]

    def thresholds(self, w: Piles) -> tuple[int, int]:
        """(L(w), R(w)) by brute force: least x with ``x w`` in L, least y with ``w y`` in R.

        Searched up to Σw + 1 (Albert–Nowakowski's bound, with the Σ restored); past it the
        bound would be false, which the caller's check reports.
        """
        size = sum(w) + 2
        table = self.phase(w, size)
        left = next((x for x in range(1, size + 1) if table[x][0] == "L"), None)
        right = next((y for y in range(1, size + 1) if table[0][y] == "R"), None)
        if left is None or right is None:
            raise EndNimError(f"no threshold of {w} below Σw + 2")
        return left, right

    def star_thresholds(self, w: Piles, size: int) -> tuple[int | None, int | None]:
        """(L*(w), R*(w)) by brute force, searched up to ``size`` (None if beyond)."""
        table = self.phase(w, size)
        left = next((x for x in range(1, size + 1) if table[x][0] in ("L", "N")), None)
        right = next((y for y in range(1, size + 1) if table[0][y] in ("R", "N")), None)
        return left, right
