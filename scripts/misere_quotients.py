"""Regenerate data/misere/: the misère quotients of misère End-Nim rows (docs/misere.md).

For every (L, H) of the grid it runs ``endnim quotient -v misere -L L -H H --json`` (the same
code, in-process), stores that JSON as ``data/misere/quotient-L{L}-H{H}.json`` and adds a line
to ``data/misere/summary.json``: order, presentation, P-portion, tame, time, and how each row's
element relates to its genus (normal Grundy value g, Conway misère Grundy value g⁻).

    .venv/bin/python scripts/misere_quotients.py            # the grid of docs/misere.md
    .venv/bin/python scripts/misere_quotients.py 3:5 2:9     # chosen (L, H) only
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "misere"
GRID = [(1, h) for h in range(1, 17)] + [(2, h) for h in range(1, 10)]
GRID += [(3, h) for h in range(1, 6)] + [(4, h) for h in range(1, 4)]
GRID += [(5, 2), (6, 2), (7, 2), (5, 3)]


def genus_element(result: Any, g: int, g_minus: int) -> int | None:
    """The element the genus (g, g⁻) has in misère Nim, read in this quotient through its
    single piles (``None`` if a pile it needs is beyond the bound)."""

    def pile(n: int) -> int | None:
        try:
            return int(result.element_of((n,)))
        except Exception:
            return None

    product = result.monoid.product
    one, two = pile(1), pile(2)
    if (g, g_minus) == (0, 1):
        return 0
    if (g, g_minus) == (1, 0):
        return one
    if two is None or one is None:
        return None
    if (g, g_minus) == (0, 0):
        return product[two][two]
    if (g, g_minus) == (1, 1):
        return product[one][product[two][two]]
    element = 0
    for bit in range(g.bit_length()):
        if g >> bit & 1:
            heap = pile(1 << bit)
            if heap is None:
                return None
            element = product[element][heap]
    return element


def one(length: int, pile: int) -> dict[str, Any]:
    from endnim.quotient import misere_quotient
    from endnim.quotient.closure import build_closure, rows_up_to
    from endnim.search import Solver
    from endnim.variants import get_variant

    start = time.perf_counter()
    rows = rows_up_to(length, pile)
    result = misere_quotient(build_closure(get_variant("misere"), rows))
    seconds = time.perf_counter() - start
    data = {"variant": "misere", "closure": [length, pile], "seconds": round(seconds, 2)}
    data.update(result.to_dict())
    (OUT / f"quotient-L{length}-H{pile}.json").write_text(
        json.dumps(data, ensure_ascii=False) + "\n"
    )
    normal = Solver(get_variant("endnim"), budget=10**9)
    misere = Solver(get_variant("misere-conway"), budget=10**9)
    names = result.names()
    classes: dict[tuple[int, int], dict[str, Any]] = {}
    by_genus: dict[tuple[int, int], set[int]] = defaultdict(set)
    matches, unchecked = True, 0
    for row in rows:
        genus = (normal.impartial_value(row).grundy, misere.impartial_value(row).grundy)
        element = result.element_of(row)
        by_genus[genus].add(element)
        entry = classes.setdefault(genus, {"rows": 0, "example": " ".join(map(str, row))})
        entry["rows"] += 1
        expected = genus_element(result, *genus)
        if expected is None:
            unchecked += 1
        elif expected != element:
            matches = False
    summary = {
        "max_length": length,
        "max_pile": pile,
        "components": result.closure.size,
        "order": result.order,
        "presentation": result.presentation(),
        "generators": result.generator_components(),
        "p_portion": result.p_names(),
        "tame": result.tame(),
        "max_grundy": max(g for g, _ in by_genus),
        "element_is_a_function_of_genus": all(len(v) == 1 for v in by_genus.values()),
        "element_is_misere_nims_for_the_genus": matches,
        "rows_not_checked_against_nim": unchecked,
        "genus_classes": [
            {
                "g": g,
                "g_minus": gm,
                "elements": sorted(names[x] for x in by_genus[(g, gm)]),
                **classes[(g, gm)],
            }
            for g, gm in sorted(by_genus)
        ],
        "seconds": round(seconds, 2),
        "command": f"endnim quotient -v misere -L {length} -H {pile} --json",
    }
    return summary


def main(argv: list[str]) -> int:
    grid = [tuple(map(int, a.split(":"))) for a in argv] or GRID
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "summary.json"
    known = (
        {(s["max_length"], s["max_pile"]): s for s in json.loads(path.read_text())}
        if path.exists()
        else {}
    )
    for length, pile in grid:
        print(f"L {length} H {pile} ...", file=sys.stderr, flush=True)
        known[(length, pile)] = one(length, pile)
        print(
            f"  order {known[(length, pile)]['order']}, {known[(length, pile)]['seconds']} s",
            file=sys.stderr,
            flush=True,
        )
        path.write_text(
            json.dumps([known[k] for k in sorted(known)], indent=1, ensure_ascii=False) + "\n"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
