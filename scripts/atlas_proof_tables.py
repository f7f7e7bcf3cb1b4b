"""Regenerate docs/atlas.md's tables of the proved atlas from the shipped summaries.

Reads the sealed summaries data/atlas/proofs-VARIANT.json (one line per row: variant, a, word,
preperiod, period, saltus, proved, certificate, why_not) and rewrites the part of
docs/atlas.md between ``<!-- proof-tables:begin -->`` and ``<!-- proof-tables:end -->``: per
rule set the rows proved and open, the open rows by cause, and every row that is open for a
cause of its own (the rest wait for one of them). ``--check`` only says whether the docs are
up to date (exit 1 if not).

    .venv/bin/python scripts/atlas_proof_tables.py           # rewrite docs/atlas.md
    .venv/bin/python scripts/atlas_proof_tables.py --check   # exit 1 if it is stale
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "atlas"
DOCS = ROOT / "docs" / "atlas.md"
BEGIN, END = "<!-- proof-tables:begin -->", "<!-- proof-tables:end -->"
VARIANTS = ("endnim", "misere", "misere-conway", "loop", "muller")

CAUSES = (  # (pattern in why_not, the cause in words), first match wins
    ("per residue class, more than", "its joint check costs more than the checker's budget"),
    (
        "certificate would cost the checker",
        "its table's certificate would cost more than the checker's budget",
    ),
    ("classes that cover", "a hole's covering classes repeat beyond 10⁸ steps"),
    ("repeat together only after", "the joint check's span (old cap)"),
    ("no period with saltus", "no period seen in the columns computed"),
    ("does not repeat", "the state does not repeat after the period seen"),
    ("break it", "the input rows break the period seen"),
    ("input row w·b is not proved", "waiting for the row w·b (a shorter table's row)"),
    ("is not proved", "waiting for an input row a′ < a"),
)


def cause(why_not: str) -> str:
    """The cause of an open row, in words."""
    for pattern, words in CAUSES:
        if pattern in why_not:
            return words
    return why_not


def waiting(why_not: str) -> bool:
    return "is not proved" in why_not


def row_name(line: dict[str, Any]) -> str:
    """25·2 4·b for row 25 of the table a·2 4·b."""
    word = " ".join(str(p) for p in line["word"])
    return f"{line['a']}·{word}·b" if word else f"{line['a']}·b"


def reach(lines: list[dict[str, Any]]) -> str:
    """The most columns named by an open row's why_not (b ≤ N)."""
    found = [int(m) for line in lines for m in re.findall(r"b ≤ (\d+)\)", line["why_not"] or "")]
    return f"{max(found):,}" if found else "—"


def generate() -> str:
    from endnim.analysis.atlas.proofs import read_proofs

    out = [
        "| rule set | rows | proved | open | waiting for an input row | open for a cause of "
        "their own | columns reached |",
        "|---|---|---|---|---|---|---|",
    ]
    details: list[str] = []
    for variant in VARIANTS:
        path = DATA / f"proofs-{variant}.json"
        if not path.exists():
            continue
        lines = read_proofs(path)
        open_rows = [line for line in lines if not line["proved"]]
        own = [line for line in open_rows if not waiting(line["why_not"])]
        out.append(
            f"| {variant} | {len(lines)} | **{len(lines) - len(open_rows)}** | {len(open_rows)} "
            f"| {len(open_rows) - len(own)} | {len(own)} | {reach(open_rows)} |"
        )
        if not open_rows:
            continue
        counts = Counter(cause(line["why_not"]) for line in open_rows)
        details.append(
            f"**{variant}**, open rows by cause: "
            + "; ".join(f"{words} {n}" for words, n in counts.most_common())
            + "."
        )
        by_cause: dict[str, list[str]] = {}
        for line in own:
            by_cause.setdefault(cause(line["why_not"]), []).append(row_name(line))
        for words, names in sorted(by_cause.items()):
            details.append(f"- *{words}* ({len(names)}): {', '.join(names)}")
        details.append("")
    text = [
        "Generated from `data/atlas/proofs-*.json` by `scripts/atlas_proof_tables.py` (do not "
        "edit by hand). Every open row's `why_not` in the summary says what would settle it: "
        "more columns (`--budget`), a covering check of wider classes, a check the checker "
        "can afford at its default budget (2·10⁸), or the input row to prove first.",
        "",
        *out,
        "",
        *details,
    ]
    return "\n".join(text).rstrip() + "\n"


def main(argv: list[str]) -> int:
    docs = DOCS.read_text(encoding="utf-8")
    if BEGIN not in docs or END not in docs:
        print(f"{DOCS} has no {BEGIN} … {END} block", file=sys.stderr)
        return 2
    head, rest = docs.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{generate()}{END}{tail}"
    if "--check" in argv:
        if new != docs:
            print(f"{DOCS} is stale: run python scripts/atlas_proof_tables.py", file=sys.stderr)
            return 1
        return 0
    DOCS.write_text(new, encoding="utf-8")
    print(f"{DOCS}: tables regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
