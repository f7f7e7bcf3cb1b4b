"""Rows and their periods on the page: ``/api/periodicity`` and ``/api/atlas``.

A row of a·w·b (a and w fixed, b growing) is ultimately arithmetico-periodic when
v(b + period) = v(b) + saltus from the preperiod on. Where the shipped atlas proves the row
(data/atlas/proofs-*.json, the certificates under data/atlas/certificates: docs/atlas.md), the
answer is its law and certificate, exactly the line ``endnim periodicity --prove --json`` prints;
elsewhere the law is observed on the first :data:`OBSERVED_COLUMNS` columns (never called
proved) and ``why_not`` says why it is not proved. ``values`` are G(a·w·b) for b = 0, 1, ...

>>> row = row_periodicity_task("endnim", (4,), 1)
>>> row["preperiod"], row["period"], row["saltus"], row["proved"], row["values"][:8]
(6, 1, 1, True, [5, 0, 1, 2, 3, 4, 6, 7])
>>> atlas_summary("endnim")["proved"]
4299
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import Any

from endnim.errors import EndNimError
from endnim.web.budgets import WEB_TABLE_CELLS, OverBudget

ATLAS = Path(__file__).resolve().parents[3] / "data" / "atlas"
"""The shipped atlas (the repository's data/atlas: the server runs from a checkout)."""
ATLAS_VARIANTS = ("endnim", "misere", "misere-conway", "loop", "muller")
"""The rule sets whose rows the shipped atlas proves (data/atlas/proofs-<name>.json)."""
VALUE_COLUMNS = 64
"""The least number of columns b = 0.. shown; more when the law needs them to show a period."""
MAX_VALUE_COLUMNS = 1024
"""The most columns ``values`` holds."""
OBSERVED_COLUMNS = 2048
"""Columns a row not in the atlas is observed on (three periods of up to 682 columns)."""
MAX_ROW = 1000
"""The largest row a (and pile of w) the workbench computes."""


@functools.cache
def shipped_rows(variant: str) -> dict[tuple[int, tuple[int, ...]], dict[str, Any]]:
    """The shipped atlas's lines of ``variant``, by (a, w); empty if it has none.

    >>> shipped_rows("endnim")[1, (4,)]["preperiod"]
    6
    """
    if variant not in ATLAS_VARIANTS:
        return {}
    from endnim.sealed import read_sealed

    data = read_sealed(ATLAS / f"proofs-{variant}.json", "proved atlas", "reinstall endnim")
    if data is None:
        return {}
    return {(int(line["a"]), tuple(line["word"])): line for line in data}


def row_values(variant: str, middle: tuple[int, ...], a: int, cols: int) -> list[int]:
    """G(a·w·b) for b = 0..cols - 1 (b = 0: the row a·w), by the table's own path.

    >>> row_values("endnim", (), 3, 8)
    [3, 2, 1, 0, 7, 6, 5, 4]
    """
    from endnim.analysis.tables import grid_table
    from endnim.variants import get_row_variant

    rules = get_row_variant(variant, "a row's periods")
    cells = (a + 1 + sum(middle)) * cols
    if cells > WEB_TABLE_CELLS:
        raise OverBudget(
            f"the row needs about {cells:,} table cells: the workbench computes at most "
            f"{WEB_TABLE_CELLS:,} (the command line: endnim periodicity)"
        )
    table = grid_table(rules, middle, a, cols - 1, cells_budget=WEB_TABLE_CELLS)
    return [int(v) for v in table[a]]


def _columns_for(preperiod: int | None, period: int | None) -> int:
    if preperiod is None or period is None:
        return VALUE_COLUMNS
    return max(VALUE_COLUMNS, min(MAX_VALUE_COLUMNS, preperiod + 2 * period + 1))


def check_row(variant: str, middle: tuple[int, ...], a: int) -> None:
    """Refuse, in one line, a row the workbench does not take (partizan, too large).

    >>> check_row("partizan", (), 1)
    Traceback (most recent call last):
    ...
    endnim.errors.EndNimError: partizan End-Nim has outcome classes, not Grundy values: ...
    """
    from endnim.variants import get_row_variant

    rules = get_row_variant(variant, "a row's periods")
    if not rules.impartial:
        raise EndNimError(
            f"{rules.title} has outcome classes, not Grundy values: its rows have no periods "
            "(try its phase diagram)"
        )
    if a < 1:
        raise EndNimError(f"a = {a}: the row a·w·b needs a >= 1")
    if a > MAX_ROW or any(pile > MAX_ROW for pile in middle):
        raise OverBudget(
            f"the workbench computes rows with a and the piles of w up to {MAX_ROW:,} "
            "(the command line: endnim periodicity)"
        )


def row_periodicity_task(variant: str, middle: tuple[int, ...], a: int) -> dict[str, Any]:
    """The row a of a·w·b: ``{a, word, preperiod, period, saltus, proved, certificate,
    why_not, values}`` (a proved row's law and certificate as ``periodicity --prove --json``
    gives them; otherwise the law observed, ``proved`` false and ``why_not`` saying so).

    >>> row_periodicity_task("endnim", (), 40, )["proved"]   # the atlas stops at a = 32
    False
    """
    from endnim.analysis.periodicity import row_periodicity
    from endnim.variants import get_row_variant

    name = get_row_variant(variant, "a row's periods").name
    check_row(name, middle, a)
    line = shipped_rows(name).get((a, middle))
    if line is not None and line["proved"]:
        values = row_values(name, middle, a, _columns_for(line["preperiod"], line["period"]))
        return {
            "a": a,
            "word": list(middle),
            "preperiod": line["preperiod"],
            "period": line["period"],
            "saltus": line["saltus"],
            "proved": True,
            "certificate": line["certificate"],
            "why_not": None,
            "values": values,
        }
    seen = row_values(name, middle, a, OBSERVED_COLUMNS)
    found = row_periodicity(seen[1:], 1)  # from b = 1, as the prover's laws
    where = f"observed on b = 0..{OBSERVED_COLUMNS - 1}"
    if line is not None:
        why = f"{where}; the atlas's proof fails: {line['why_not']}"
    elif name in ATLAS_VARIANTS:
        why = (
            f"{where}; not in the proved atlas (rows a ≤ 32 of its middles w): "
            "try endnim periodicity --prove"
        )
    else:
        why = f"{where}; the prover knows End-Nim's recurrence and Muller End-Nim only"
    if found is None:
        why = f"no period seen on b = 0..{OBSERVED_COLUMNS - 1} (three full periods needed)" + (
            f"; the atlas's proof fails: {line['why_not']}" if line is not None else ""
        )
    preperiod = found.preperiod if found else None
    period = found.period if found else None
    return {
        "a": a,
        "word": list(middle),
        "preperiod": preperiod,
        "period": period,
        "saltus": found.saltus if found else None,
        "proved": False,
        "certificate": None,
        "why_not": why,
        "values": seen[: _columns_for(preperiod, period)],
    }


def _reason(why_not: str) -> str:
    """A why_not without its numbers, to count the reasons."""
    import re

    text = re.sub(r"\(b ≤ [^)]*\)", "", why_not)
    return " ".join(re.sub(r"\d[\d,]*", "N", text).split())


def atlas_summary(variant: str) -> dict[str, Any]:
    """The shipped atlas of ``variant``: each table a·w·b with how many of its rows are proved
    and open (and why), and the totals.

    >>> summary = atlas_summary("loop")
    >>> summary["rows"], summary["proved"], len(summary["tables"])
    (4384, 4240, 137)
    """
    from endnim.variants import get_row_variant

    name = get_row_variant(variant, "the atlas").name
    rows = shipped_rows(name)
    if not rows and name in ATLAS_VARIANTS:
        raise EndNimError(f"the shipped atlas ({ATLAS}) is not installed here: run from a checkout")
    if not rows:
        raise EndNimError(
            f"the shipped atlas proves the rows of {', '.join(ATLAS_VARIANTS)}; not of {name}"
        )
    tables: dict[tuple[int, ...], list[dict[str, Any]]] = {}
    for (_, word), line in sorted(rows.items(), key=lambda item: (len(item[0][1]), item[0][1])):
        tables.setdefault(word, []).append(line)
    out = []
    reasons: Counter[str] = Counter()
    for word, lines in tables.items():
        open_lines = sorted((line for line in lines if not line["proved"]), key=lambda x: x["a"])
        why = Counter(_reason(line["why_not"] or "") for line in open_lines)
        reasons.update(why)
        proved = [line for line in lines if line["proved"]]
        out.append(
            {
                "word": list(word),
                "rows": len(lines),
                "proved": len(proved),
                "open": len(open_lines),
                "open_rows": [line["a"] for line in open_lines],
                "why_not": dict(why.most_common()),
                "largest_period": max((line["period"] for line in proved), default=None),
                "certificate": proved[0]["certificate"] if proved else None,
            }
        )
    return {
        "variant": name,
        "rows": len(rows),
        "proved": sum(table["proved"] for table in out),
        "open": sum(table["open"] for table in out),
        "why_not": dict(reasons.most_common()),
        "tables": out,
    }


def certificate_file(path: str) -> Path:
    """The shipped certificate ``path`` (as the atlas names it: data/atlas/certificates/...),
    refused unless it is one.

    >>> certificate_file("data/atlas/certificates/endnim/awb-4.json").name
    'awb-4.json'
    """
    root = (ATLAS / "certificates").resolve()
    prefix = "data/atlas/certificates/"
    if not path.startswith(prefix) or not path.endswith(".json"):
        raise EndNimError(f"{path!r} is not a certificate of the shipped atlas")
    found = (root / path[len(prefix) :]).resolve()
    if not found.is_relative_to(root) or not found.is_file():
        raise EndNimError(f"{path!r} is not a certificate of the shipped atlas")
    return found
