"""The warehouse sweep's shipped summary and the docs' warehouse tables (issue 40).

``--store DIR`` reads a finished ``endnim sweep -v depot --family graphs`` store (every chunk
checked against its digest) and writes its summary, sealed, to
``data/depots/sweep-graphs-N-H.json``: the ``family`` ("graphs"), ``max_vertices``,
``max_label``, the number of ``shapes`` (unlabelled connected graphs) and of positions (one per
isomorphism class of labelled graph), P-positions and largest Grundy value, per number of
vertices too, and Finding 14's proved rules checked on every stored position (no empty vertex:
value 0; every positive vertex next to an empty one: nim on the labels). ``--run-*`` record
how the sweep was run.

``--docs`` (alone or after ``--store``) regenerates the tables of docs/graphs.md between their
``<!-- NAME:start -->`` / ``<!-- NAME:end -->`` markers from data/depots/ (the sweep summaries
and findings.json, which ``scripts/depot_findings.py`` writes)::

    endnim sweep -v depot --family graphs -L 8 -H 1 --out depots-8-1 --workers 2
    .venv/bin/python scripts/depot_summary.py --store depots-8-1 --docs
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from endnim.graphs.findings import depot_zero_one_grundy, nim_sum
from endnim.sealed import read_sealed, write_sealed
from endnim.sweep.depot_catalogue import family_shapes
from endnim.sweep.depot_sweep import open_depot_sweep, summarise

ROOT = Path(__file__).resolve().parent.parent
DEPOTS = ROOT / "data" / "depots"
DOCS = ROOT / "docs" / "graphs.md"


def rule_value(labels: list[int], edges: list[list[int]]) -> int | None:
    """Finding 14's proved value where a rule applies: no empty vertex, or every positive
    vertex next to an empty one (nim on the labels); else ``None``."""
    if 0 not in labels:
        return 0
    touched = {u for u, v in edges if labels[v] == 0} | {v for u, v in edges if labels[u] == 0}
    if all(label == 0 or vertex in touched for vertex, label in enumerate(labels)):
        return nim_sum(labels)
    return None


def summary(store_dir: Path, run: dict[str, Any]) -> dict[str, Any]:
    with open_depot_sweep(store_dir) as store:
        if (store.variant, store.family) != ("depot", "graphs"):
            raise SystemExit(
                f"{store_dir}: a {store.variant} sweep of {store.family}, not depot graphs"
            )
        report = summarise(store)
        sizes = []
        covered = agree = parity_checked = parity_agree = 0
        first_failure: str | None = None
        first_parity_failure: str | None = None
        for size in report.sizes:
            n = size.vertices
            values: dict[int, int] = {}
            for _key, rows in store.verified(n):
                for text, _labels, _beans, value in rows:
                    values[value] = values.get(value, 0) + 1
                    position = json.loads(text)
                    predicted = rule_value(position["labels"], position["edges"])
                    if predicted is not None:
                        covered += 1
                        if predicted == value:
                            agree += 1
                        elif first_failure is None:
                            first_failure = text
                    if max(position["labels"]) <= 1:
                        edges = [(u, v) for u, v in position["edges"]]
                        parity_checked += 1
                        if depot_zero_one_grundy(position["labels"], edges) == value:
                            parity_agree += 1
                        elif first_parity_failure is None:
                            first_parity_failure = text
            sizes.append(
                {
                    "vertices": n,
                    "shapes": len(family_shapes("graphs", n)),
                    "positions": size.positions,
                    "p_positions": size.p_positions,
                    "max_value": size.max_value,
                    "values": {str(v): c for v, c in sorted(values.items())},
                }
            )
        return {
            "kind": "depot",
            "variant": "depot",
            "family": "graphs",
            "max_vertices": report.max_vertices,
            "max_label": report.max_label,
            "shapes": sum(s["shapes"] for s in sizes),
            "positions": report.positions,
            "p_positions": report.p_positions,
            "max_value": max(s["max_value"] for s in sizes),
            "sizes": sizes,
            "finding_14": {
                "rule": "no empty vertex: value 0; every positive vertex next to an empty one: "
                "the nim-sum of the labels (proved)",
                "covered": covered,
                "agree": agree,
                "first_failure": first_failure,
            },
            "finding_16": {
                "rule": "labels 0 and 1: the parity of the vertices labelled 1 in the groups "
                "that touch an empty vertex (proved)",
                "checked": parity_checked,
                "agree": parity_agree,
                "first_failure": first_parity_failure,
            },
            "run": run,
        }


def _replace(text: str, name: str, table: str) -> str:
    pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"{DOCS}: no <!-- {name}:start --> ... <!-- {name}:end --> markers")
    return pattern.sub(lambda m: m.group(1) + table + m.group(2), text)


def sweep_table() -> str:
    lines = [
        "| sweep | vertices | shapes | positions | P-positions | P share | largest value |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for path in sorted(DEPOTS.glob("sweep-graphs-*.json")):
        data = read_sealed(path, "warehouse summary")
        name = f"labels 0..{data['max_label']}"
        for size in data["sizes"]:
            share = size["p_positions"] / size["positions"]
            lines.append(
                f"| {name} | {size['vertices']} | {size['shapes']:,} | {size['positions']:,} | "
                f"{size['p_positions']:,} | {share:.3f} | {size['max_value']} |"
            )
        check = data["finding_14"]
        lines.append(
            f"| {name}: all | ≤ {data['max_vertices']} | {data['shapes']:,} | "
            f"{data['positions']:,} | {data['p_positions']:,} | "
            f"{data['p_positions'] / data['positions']:.3f} | {data['max_value']} |"
        )
        lines.append("")
        parity = data["finding_16"]
        lines.append(
            f"Finding 14's proved rules cover {check['covered']:,} of these "
            f"{data['positions']:,} positions and the sweep agrees on {check['agree']:,}; "
            f"the parity rule below was checked on {parity['checked']:,} and holds on "
            f"{parity['agree']:,} (`{path.relative_to(ROOT)}`)."
        )
    return "\n".join(lines) + "\n"


def families_table() -> str:
    found = json.loads((DEPOTS / "findings.json").read_text())["families"]
    top = max(int(k.split()[1]) for k in found if k.startswith("path "))
    columns = range(1, top + 1)
    lines = [
        "| vertices | " + " | ".join(map(str, columns)) + " |",
        "|---|" + "---:|" * len(columns),
        "| labellings (4ⁿ) | " + " | ".join(f"{4**n:,}" for n in columns) + " |",
    ]
    for title, key in (
        ("path", "path {n}"),
        ("cycle", "cycle {n}"),
        ("complete graph", "complete {n}"),
        ("star", "star {leaves} leaves"),
    ):
        cells = []
        for n in columns:
            entry = found.get(key.format(n=n, leaves=n - 1))
            cells.append(f"{entry['p']:,}" if entry else "")
        lines.append(f"| {title}: P | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def regenerate_docs() -> None:
    text = DOCS.read_text()
    text = _replace(text, "depot-families", families_table())
    text = _replace(text, "depot-sweep", sweep_table())
    DOCS.write_text(text)
    print(f"regenerated the warehouse tables of {DOCS}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="a finished depot sweep of graphs")
    parser.add_argument("--docs", action="store_true", help="regenerate the docs' tables")
    parser.add_argument("--run-command", default="")
    parser.add_argument("--run-wall-seconds", type=float)
    parser.add_argument("--run-cpu-seconds", type=float)
    parser.add_argument("--run-note", default="")
    args = parser.parse_args(argv)
    if args.store is not None:
        run = {
            "command": args.run_command,
            "wall_seconds": args.run_wall_seconds,
            "cpu_seconds": args.run_cpu_seconds,
            "note": args.run_note,
        }
        data = summary(args.store, run)
        target = DEPOTS / f"sweep-graphs-{data['max_vertices']}-{data['max_label']}.json"
        write_sealed(target, data)
        print(
            f"wrote {target}: {data['shapes']:,} shapes, {data['positions']:,} positions",
            file=sys.stderr,
        )
    if args.docs:
        regenerate_docs()
    if args.store is None and not args.docs:
        parser.error("give --store DIR, --docs or both")
    return 0


if __name__ == "__main__":
    sys.exit(main())
