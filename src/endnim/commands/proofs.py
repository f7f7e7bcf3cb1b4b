"""``endnim periodicity --prove`` and ``--check``: proved periods and their certificates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from endnim.errors import EndNimError


def row_results(
    variant: str, middle: tuple[int, ...], proofs: list[Any], path: Path, wanted: set[int]
) -> list[dict[str, Any]]:
    """The JSON of each proved or open row a in ``wanted``."""
    lines = []
    for proof in proofs:
        if proof.a not in wanted:
            continue
        law = proof.law
        lines.append(
            {
                "a": proof.a,
                "word": list(middle),
                "preperiod": law.preperiod if law else None,
                "period": law.period if law else None,
                "saltus": law.saltus if law else None,
                "proved": law is not None,
                "certificate": str(path) if law else None,
                "why_not": proof.why_not,
            }
        )
    return lines


def prove_command(
    name: str,
    middle: str,
    rows: str,
    layout: str,
    folder: str,
    budget: int | None,
    as_json: bool,
    threads: int | None,
) -> None:
    """Prove the rows (or an octal game's nim-sequence) and print the results."""
    from endnim.analysis.proofs.rows import DEFAULT_BUDGET, prove_and_certify, supports_proofs
    from endnim.analysis.ranges import parse_range
    from endnim.position import as_position
    from endnim.variants import get_variant

    rules = get_variant(name)
    code = getattr(type(rules), "CODE", None)
    if isinstance(code, str) and hasattr(rules, "heap_options"):
        _prove_octal(rules, code, folder, budget, as_json)
        return
    if not supports_proofs(name) and rules.name != "muller":
        raise EndNimError(
            f"--prove knows End-Nim's recurrence (moves on the first or last pile, any "
            f"reduction: endnim, misere, misere-conway, loop), Muller End-Nim and octal games; "
            f"{rules.title} "
            "is none of them"
        )
    if layout != "awb":
        raise EndNimError("--prove works on the rows of a·w·b (--layout awb)")
    piles = tuple(as_position(middle, allow_empty=True))
    wanted = set(parse_range(rows))
    if not wanted or min(wanted) < 1:
        raise EndNimError("--a must name rows a >= 1")
    if rules.name == "muller":
        from endnim.analysis.proofs.muller import certify_muller

        path, proofs = certify_muller(piles, max(wanted), folder)
    else:
        path, proofs = prove_and_certify(
            name, piles, max(wanted), folder, budget=budget or DEFAULT_BUDGET, threads=threads
        )
    lines = row_results(name, piles, proofs, path, wanted)
    if as_json:
        for line in lines:
            click.echo(json.dumps(line))
        return
    for line in lines:
        if line["proved"]:
            click.echo(
                f"a = {line['a']}: proved, preperiod {line['preperiod']}, period "
                f"{line['period']}, saltus {line['saltus']} ({line['certificate']})"
            )
        else:
            click.echo(f"a = {line['a']}: not proved: {line['why_not']}")


def _prove_octal(rules: Any, code: str, folder: str, budget: int | None, as_json: bool) -> None:
    from endnim.analysis.proofs.octal import HEAPS, certify_octal

    def moves(heap: int) -> list[tuple[int, ...]]:
        return [tuple(left) for _, left in rules.heap_options(heap)]

    path, law = certify_octal(code, str(rules.name), folder, moves, budget or HEAPS)
    line = {
        "rule_set": rules.name,
        "code": code,
        "preperiod": law.preperiod,
        "period": law.period,
        "saltus": law.saltus,
        "proved": True,
        "certificate": str(path),
        "why_not": None,
    }
    if as_json:
        click.echo(json.dumps(line))
    else:
        click.echo(
            f"{code}: proved (Guy–Smith), preperiod {law.preperiod}, period {law.period} ({path})"
        )


def check_command(path: str, as_json: bool, budget: int | None = None) -> None:
    """Check a certificate (``budget``: the checker's, per file); a failure is a one-line
    error (exit 2)."""
    from endnim.analysis.proofs.checker import check_certificate

    laws = check_certificate(path, budget)
    proved = laws
    if as_json:
        click.echo(
            json.dumps(
                {
                    "certificate": path,
                    "holds": True,
                    "laws": {
                        str(a): {"preperiod": w.preperiod, "period": w.period, "saltus": w.saltus}
                        for a, w in proved.items()
                    },
                }
            )
        )
        return
    click.echo(f"{path}: the certificate holds ({len(proved)} law(s) proved)")
