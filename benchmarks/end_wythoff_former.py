"""End-Wythoff as examples/variants/end_wythoff.py was before the indexed search (issue 22):
its ``children`` derived from ``options``, one move object per option. The baseline of
``benchmarks/generic_bench.py`` ("the current search"); the moves are the example's own."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "variants"))
from end_wythoff import EndWythoff  # type: ignore[import-not-found]


class EndWythoffFormer(EndWythoff):  # type: ignore[misc]
    """End-Wythoff with the example's former ``children``."""

    name = "end-wythoff-former"
    title = "End-Wythoff (children from options)"

    def children(self, position: Any, player: Any = None) -> list[Any]:
        return [child for _, child in self.options(position, player)]
