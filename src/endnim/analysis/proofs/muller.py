"""Muller End-Nim's rows x·w·y are eventually constant: the proof and its certificates.

In Muller End-Nim (Horrocks, *Playing End-Nim with a Muller Twist*, INTEGERS 17 (2017) #G5,
§1) the mover plays on the first pile x, then may reverse the row, so for a row x·w·y

    G(x·w·y) = mex({G(x′·w·y) : 0 ≤ x′ < x} ∪ {G(y·wᵀ·x′) : 0 ≤ x′ < x})

(x′ = 0: the rows w·y and y·wᵀ; tests/analysis/proofs/test_muller_proofs.py checks it against
the exact search and the engine). Not End-Nim's recurrence: the row's own earlier values are
no options. The argument (docs/atlas.md, "Muller End-Nim"):

* Horrocks' Proposition 3 (by Lemma 1: every option of (a − 1)·ω is an option of a·ω) says a
  row's value is at least its first pile less one, so G(y·wᵀ·x′) ≥ y − 1 (and G(y) = y);
* so for y ≥ x + 2 those options lie above x, while the x values G(x′·w·y) have a mex ≤ x:
  G(x·w·y) = mex{G(x′·w·y) : x′ < x}, the x′ = 0 term dropped when w is empty (G(y) = y > x);
* if the rows x′ < x (and w·y, row w[0] of the table of w[1:]) are constant from column B on,
  so is row x, from max(x + 2, B) on.

By induction on x and on the length of w **every row x·w·y is constant for y ≥ max(x, w) + 2**
(max(x, w): the largest pile of x·w). A certificate states per row its constant, its least
onset b₀ and a column B ≥ x + 2 from which its inputs are constant; the checker recomputes the
row to B with the exact search.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path, proofs = certify_muller((), 4, folder)
>>> [(p.a, p.law.preperiod, p.law.period, p.law.saltus) for p in proofs if p.law]
[(1, 1, 1, 0), (2, 2, 1, 0), (3, 3, 1, 0), (4, 4, 1, 0)]
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from endnim.analysis.proofs.certificate import (
    MULLER_KIND,
    Law,
    RowProof,
    read_certificate,
    table_file,
    write_certificate,
)

VARIANT = "muller"


def muller_rows(middle: Sequence[int], rows: int, cols: int) -> list[list[int]]:
    """G(x·middle·y) for x = 0..rows (x = 0: the row middle·y) and y = 0..cols, by the engine.

    >>> muller_rows((), 2, 4)[2]   # Horrocks Thm 3: G(2·y) = 1 for y ≥ 2, 2 for y = 1
    [2, 2, 1, 1, 1]
    """
    from endnim.engine import engine_table

    table = engine_table(VARIANT, list(middle), rows, cols)
    return [[int(v) for v in line] for line in table]


def prove_muller_table(
    middle: Sequence[int], rows: int, inner: tuple[Law, int] | None
) -> list[dict[str, Any]]:
    """The proofs of rows 1..rows of x·middle·y (``inner``: the law and constant of the row
    middle·y, ``None`` for an empty middle): per row its law (b₀, 1, 0), constant and B.

    >>> [(p["a"], p["value"], p["law"]["preperiod"]) for p in prove_muller_table((), 3, None)]
    [(1, 0, 1), (2, 1, 2), (3, 2, 3)]
    """
    top = max([rows, *middle]) + 2
    values = muller_rows(middle, rows, top + 1)
    onsets = [inner[0].preperiod] if inner is not None else []
    proofs = []
    for x in range(1, rows + 1):
        column = max([x + 2, *onsets])  # B: the argument holds from here on
        value = values[x][column]
        onset = column
        while onset > 1 and values[x][onset - 1] == value:
            onset -= 1
        proofs.append({"a": x, "law": asdict(Law(onset, 1, 0)), "value": value, "from": column})
        onsets.append(onset)
    return proofs


def certify_muller(
    middle: Sequence[int], rows: int, folder: str | os.PathLike[str], *, reuse: bool = True
) -> tuple[Path, list[RowProof]]:
    """Prove rows 1..rows of x·middle·y of Muller End-Nim and write the table's certificate
    under ``folder`` (the table of middle[1:] first, by induction). Returns the file and one
    :class:`RowProof` per row (only its law is set); the module's example calls it."""
    middle = tuple(int(pile) for pile in middle)
    path = table_file(folder, VARIANT, middle)
    data = _readable(path) if reuse else None
    if data is None or int(data["rows"]) < rows:
        inner: tuple[Law, int] | None = None
        base: dict[str, Any] = {"kind": "first-pile"}
        if middle:
            inner_path, _ = certify_muller(middle[1:], max(rows, middle[0]), folder, reuse=reuse)
            row = read_certificate(inner_path)["proofs"][middle[0] - 1]
            inner = (Law(**row["law"]), int(row["value"]))
            base = {"kind": "row", "law": row["law"], "value": row["value"]}
        data = {
            "kind": MULLER_KIND,
            "variant": VARIANT,
            "middle": list(middle),
            "rows": rows,
            "recurrence": "G(x·w·y) = mex({G(x′·w·y)} ∪ {G(y·wᵀ·x′)} : 0 ≤ x′ < x)",
            "base": base,
            "proofs": prove_muller_table(middle, rows, inner),
        }
        write_certificate(path, data)
    proofs = [RowProof(int(p["a"]), Law(**p["law"])) for p in data["proofs"][:rows]]
    return path, proofs


def _readable(path: Path) -> dict[str, Any] | None:
    from endnim.analysis.proofs.certificate import CertificateError

    if not path.exists():
        return None
    try:
        data = read_certificate(path)
    except CertificateError:
        return None
    return data if data.get("kind") == MULLER_KIND else None


__all__ = ["certify_muller", "muller_rows", "prove_muller_table"]
