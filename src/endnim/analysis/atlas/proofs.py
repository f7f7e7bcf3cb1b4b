"""The atlas, proved: certificates of the periodicity of every row a ≤ 32 of the a·w·b tables.

For every rule set of End-Nim's recurrence (and Muller End-Nim, whose rows are eventually
constant: :mod:`~endnim.analysis.proofs.muller`) and every middle w of the atlas
(:class:`~endnim.analysis.atlas.periodicity.AtlasSpec`), :func:`run_proofs` proves the rows
a = 1..rows with :func:`~endnim.analysis.proofs.rows.prove_and_certify`, shorter middles
first (the input row w·b of a table is row w[0] of the table of w[1:]), writes one certificate
per table and a sealed summary: one line per row, ``{"variant", "a", "word", "preperiod",
"period", "saltus", "proved", "certificate", "why_not"}``. A table whose certificate is
already there (and matches its seal) is reused, so an interrupted run resumes.

>>> import tempfile
>>> from endnim.analysis.atlas.periodicity import AtlasSpec
>>> with tempfile.TemporaryDirectory() as folder:
...     spec = AtlasSpec(("endnim",), ((), (1,)), rows=4, cols=4096)
...     lines = run_proofs(f"{folder}/proofs.json", f"{folder}/certs", spec)
>>> sum(line["proved"] for line in lines), len(lines)
(8, 8)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from endnim.analysis.atlas.periodicity import AtlasSpec
from endnim.analysis.proofs.muller import certify_muller
from endnim.analysis.proofs.rows import DEFAULT_BUDGET, prove_and_certify, supports_proofs
from endnim.errors import EndNimError
from endnim.sealed import read_sealed, write_sealed

ProofProgress = Callable[[int, int, str], None]
"""Called after each table: (tables done, tables in all, the table's name)."""


def run_proofs(
    out: str | os.PathLike[str],
    folder: str | os.PathLike[str],
    spec: AtlasSpec,
    *,
    budget: int = DEFAULT_BUDGET,
    threads: int | None = None,
    progress: ProofProgress | None = None,
) -> list[dict[str, Any]]:
    """Prove every row of ``spec`` (rule sets of End-Nim's recurrence, and Muller), write the
    certificates under ``folder`` and the sealed summary ``out``; returns its lines."""
    for variant in spec.variants:
        if not supports_proofs(variant) and variant != "muller":
            raise EndNimError(
                f"the prover knows End-Nim's recurrence only; {variant} does not follow it "
                "(leave it out with --variant)"
            )
    tables = sorted(spec.tables(), key=lambda table: len(table[1]))
    lines: list[dict[str, Any]] = []
    for done, (variant, middle) in enumerate(tables, start=1):
        if variant == "muller":  # eventually constant rows, its own argument
            path, proofs = certify_muller(middle, spec.rows, folder)
        else:
            path, proofs = prove_and_certify(
                variant, middle, spec.rows, folder, budget=budget, threads=threads
            )
        for proof in proofs:
            law = proof.law
            lines.append(
                {
                    "variant": variant,
                    "a": proof.a,
                    "word": list(middle),
                    "preperiod": law.preperiod if law else None,
                    "period": law.period if law else None,
                    "saltus": law.saltus if law else None,
                    "proved": law is not None,
                    "certificate": Path(path).as_posix() if law else None,
                    "why_not": proof.why_not,
                }
            )
        write_sealed(Path(out), lines)  # after each table: an interrupted run keeps its summary
        if progress is not None:
            progress(done, len(tables), f"{variant} a·{list(middle)}·b")
    write_sealed(Path(out), lines)
    return lines


def read_proofs(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The summary lines of :func:`run_proofs`, after checking the file's seal."""
    data = read_sealed(Path(path), "proof summary", "run endnim atlas periodicity --prove again")
    if not isinstance(data, list):
        raise EndNimError(f"{path} is not a proof summary")
    return data
