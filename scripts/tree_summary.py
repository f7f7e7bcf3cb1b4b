"""The tree sweeps' shipped summaries and the docs' tree tables, from the data.

    .venv/bin/python scripts/tree_summary.py --store DIR [--run F] [--retest F]  # the summary
    .venv/bin/python scripts/tree_summary.py --docs                              # the tables

--store writes the sealed summary of a finished tree sweep (``kind``, ``variant``,
``max_vertices``, ``max_label``, ``trees``, ``p_positions``, ``max_value``, ``sizes``; as
``endnim sweep-query DIR --json`` counts them), with the run's measured figures from --run (a
JSON file) when given; the sizes it shares with a smaller shipped sweep of the same labels must
agree with it. --docs rewrites the tables between the ``<!-- tree-...:start -->`` and ``end``
markers of docs/graphs.md from data/trees/ (Finding 8's shares; the re-tests of Findings 9-15).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from endnim.sealed import read_sealed, write_sealed

ROOT = Path(__file__).resolve().parent.parent
TREES = ROOT / "data" / "trees"
DOCS = ROOT / "docs" / "graphs.md"


def load(path: Path) -> Any:
    """A shipped file, sealed (checked) or plain."""
    data = json.loads(path.read_text())
    if isinstance(data, dict) and set(data) == {"sha256", "data"}:
        return read_sealed(path, "tree summary", "regenerate it (scripts/tree_summary.py)")
    return data


def sweeps() -> dict[tuple[int, int], Any]:
    """(max_vertices, max_label) -> the summary of every shipped tree sweep."""
    found = {}
    for path in sorted(TREES.glob("sweep-*-*.json")):
        data = load(path)
        found[(data["max_vertices"], data["max_label"])] = data
    return found


def store_totals(store: str) -> tuple[int, list[dict[str, int]]]:
    """The label bound and per-size totals of a finished tree sweep, counted by SQLite on a
    read-only connection (as ``TreeStore.totals`` does at the end of a run, without the whole
    file's ``quick_check``: the shapes were checked against their digests as the re-test read
    them, and the totals are checked against the re-test's below); only complete sizes."""
    import sqlite3

    from endnim.sweep.trees import tree_shapes

    connection = sqlite3.connect(f"file:{Path(store) / 'trees.sqlite'}?mode=ro", uri=True)
    try:
        label = int(dict(connection.execute("SELECT key, value FROM meta"))["max_label"])
        done = dict(connection.execute("SELECT vertices, COUNT(*) FROM shapes GROUP BY vertices"))
        top = 0
        while done.get(top + 1, -1) == len(tree_shapes(top + 1)):
            top += 1
        found = {
            int(n): (int(trees), int(zeros), int(largest))
            for n, trees, zeros, largest in connection.execute(
                "SELECT vertices, COUNT(*), SUM(grundy = 0), MAX(grundy) FROM trees "
                "WHERE vertices <= ? GROUP BY vertices",
                (top,),
            )
        }
    finally:
        connection.close()
    sizes = [
        {"vertices": n, "trees": t, "p_positions": z, "max_value": m}
        for n, (t, z, m) in sorted(found.items())
    ]
    return label, sizes


def write_summary(store: str, run: Path | None, retest: list[Path]) -> Path:
    label, sizes = store_totals(store)
    top = len(sizes)
    summary: dict[str, Any] = {
        "kind": "tree",
        "variant": "tree",
        "max_vertices": top,
        "max_label": label,
        "trees": sum(s["trees"] for s in sizes),
        "p_positions": sum(s["p_positions"] for s in sizes),
        "max_value": max(s["max_value"] for s in sizes),
        "sizes": sizes,
    }
    for (vertices, held), shipped in sweeps().items():
        if held == label and vertices < top and sizes[:vertices] != shipped["sizes"]:
            raise SystemExit(f"sizes 1..{vertices} differ from the shipped sweep-{vertices}-{held}")
    summary["shapes_of_largest_size"] = shape_entries(store, top, retest)
    for path in retest:  # the re-test's result (JSON)
        if path.suffix == ".jsonl":
            continue
        for size in json.loads(path.read_text())["sizes"]:
            mine = sizes[size["vertices"] - 1]
            theirs = {k: size[k] for k in ("vertices", "trees", "p_positions", "max_value")}
            if mine != theirs:
                raise SystemExit(f"the store's totals {mine} differ from the re-test's {theirs}")
    if run is not None:
        summary["run"] = json.loads(run.read_text())
    target = TREES / f"sweep-{top}-{label}.json"
    write_sealed(target, summary)
    return target


def shape_entries(store: str, n: int, retest: list[Path]) -> list[dict[str, Any]]:
    """Each finished shape of ``n`` vertices with its trees, P-positions, largest value, the
    SHA-256 of its digest (a rebuilt store must give the same) and its chunk's wall time."""
    import sqlite3

    root = Path(store)
    connection = sqlite3.connect(f"file:{root / 'trees.sqlite'}?mode=ro", uri=True)
    try:
        done = sorted(
            (int(s), int(t))
            for s, t in connection.execute(
                "SELECT shape, trees FROM shapes WHERE vertices = ?", (n,)
            )
        )
        counts: dict[int, tuple[int, int, int]] = {}
        for path in retest:  # the re-test's per-shape counts (JSON lines), digest-checked
            if path.suffix != ".jsonl":
                continue
            for entry in map(json.loads, path.read_text().splitlines()):
                if entry["vertices"] == n:
                    counts[int(entry["shape"])] = (
                        entry["trees"],
                        entry["p_positions"],
                        entry["max_value"],
                    )
        if [shape for shape, _t in done if shape not in counts]:  # slow: a scan of the size
            counts.update(
                {
                    int(s): (int(t), int(z), int(m))
                    for s, t, z, m in connection.execute(
                        "SELECT shape, COUNT(*), SUM(grundy = 0), MAX(grundy) FROM trees "
                        "WHERE vertices = ? GROUP BY shape",
                        (n,),
                    )
                }
            )
    finally:
        connection.close()
    shapes = []
    for shape, trees in done:
        digest = json.loads((root / "shapes" / f"{n:02d}" / f"{shape:04d}.json").read_text())
        if counts[shape][0] != trees or digest["trees"] != trees:
            raise SystemExit(f"shape {shape} of {n} vertices: its counts disagree")
        shapes.append(
            {
                "shape": shape,
                "trees": trees,
                "p_positions": counts[shape][1],
                "max_value": counts[shape][2],
                "sha256": digest["sha256"],
                "seconds": round(float(digest["seconds"]), 2),
            }
        )
    return shapes


def write_partial(store: str, run: Path | None, retest: list[Path]) -> Path:
    """The sealed record of a sweep stopped before its largest size was finished: the complete
    sizes' totals (``max_vertices`` is the largest complete size), and of the next size the
    finished shapes (:func:`shape_entries`), so the run resumes and can be checked."""
    label, sizes = store_totals(store)
    top = len(sizes)
    shapes = shape_entries(store, top + 1, retest)
    from endnim.sweep.trees import tree_shapes

    summary: dict[str, Any] = {
        "kind": "tree",
        "variant": "tree",
        "complete": False,
        "max_vertices": top,
        "max_label": label,
        "trees": sum(s["trees"] for s in sizes),
        "p_positions": sum(s["p_positions"] for s in sizes),
        "max_value": max(s["max_value"] for s in sizes),
        "sizes": sizes,
        "unfinished": {
            "vertices": top + 1,
            "shapes": len(tree_shapes(top + 1)),
            "shapes_done": len(shapes),
            "trees_done": sum(s["trees"] for s in shapes),
            "p_positions_done": sum(s["p_positions"] for s in shapes),
            "max_value_done": max((s["max_value"] for s in shapes), default=0),
            "done": shapes,
        },
    }
    if run is not None:
        summary["run"] = json.loads(run.read_text())
    target = TREES / f"partial-{top + 1}-{label}.json"
    write_sealed(target, summary)
    return target


def share(p: int, trees: int) -> str:
    return f"{100 * p / trees:.1f} %"


def finding_8_table() -> str:
    found = sweeps()
    three = max((k for k in found if k[1] == 3), key=lambda k: k[0])
    two = max((k for k in found if k[1] == 2), key=lambda k: k[0])
    rows = [
        "| vertices | labels ≤ 3: trees | P | share | largest value "
        "| labels ≤ 2: trees | P | share | largest value |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n in range(4, max(three[0], two[0]) + 1):
        cells = [str(n)]
        for key in (three, two):
            if n <= key[0]:
                size = found[key]["sizes"][n - 1]
                cells += [
                    f"{size['trees']:,}",
                    f"{size['p_positions']:,}",
                    share(size["p_positions"], size["trees"]),
                    str(size["max_value"]),
                ]
            else:
                cells += ["", "", "", ""]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def retests() -> list[dict[str, Any]]:
    """The re-test sizes with labels <= 3, the newest file's counts for a size kept."""
    by_size: dict[int, dict[str, Any]] = {}
    for path in sorted(TREES.glob("retest-findings-*-3.json"), key=lambda p: len(p.name)):
        for size in load(path)["sizes"]:
            by_size[size["vertices"]] = size
    return [by_size[n] for n in sorted(by_size)]


def size_cell(size: dict[str, Any]) -> str:
    """The size, with how many of its shapes a stopped sweep had finished."""
    tested, shapes = size.get("shapes_tested"), size.get("shapes")
    if tested is not None and tested != shapes:
        return f"{size['vertices']} ({tested} of {shapes} shapes)"
    return str(size["vertices"])


def finding_10_counts(size: dict[str, Any]) -> tuple[int, ...]:
    """Spiders, caterpillars and other trees where Finding 10 applies, and its exceptions."""
    if "rules" in size:
        found = [size["rules"][f"finding_10_{k}"] for k in ("spider", "caterpillar", "tree")]
    else:
        found = [size["finding_10"][k] for k in ("spider", "caterpillar", "tree")]
    return (*[f["applies"] for f in found], sum(f["applies"] - f["holds"] for f in found))


def finding_10_table() -> str:
    rows = [
        "| vertices | trees | rule applies: spiders | caterpillars | other trees | exceptions |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for size in retests():
        if size["vertices"] < 9:
            continue
        spiders, caterpillars, others, wrong = finding_10_counts(size)
        rows.append(
            f"| {size_cell(size)} | {size['trees']:,} | {spiders:,} | {caterpillars:,} | "
            f"{others:,} | {wrong:,} |"
        )
    return "\n".join(rows)


def findings_9_to_15_table() -> str:
    rows = [
        "| vertices | trees | Finding 9: spiders | 11: P ⇔ xor 0 holds | 12: (path, centre) "
        "| 13: legs' xor decides | 15: trees | 15: (tree, vertex) | exceptions to 9, 10, 12, 15 |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for size in retests():
        if "rules" not in size:
            continue
        r = size["rules"]
        wrong = sum(
            r[k]["applies"] - r[k]["holds"]
            for k in (
                "finding_9",
                "finding_10_spider",
                "finding_10_caterpillar",
                "finding_10_tree",
                "finding_12",
                "finding_15",
                "finding_15_every_vertex",
            )
        )
        thirteen = r["finding_13"]
        every = f"{r['finding_15_every_vertex']['applies']:,}"
        if r["finding_15_every_vertex"]["applies"] == 0 < r["finding_15"]["applies"]:
            every = "(not run)"
        rows.append(
            f"| {size_cell(size)} | {size['trees']:,} | {r['finding_9']['applies']:,} | "
            f"{r['finding_11']['holds']:,} ({share(r['finding_11']['holds'], size['trees'])}) | "
            f"{r['finding_12']['applies']:,} | {thirteen['holds']:,} of {thirteen['applies']:,} | "
            f"{r['finding_15']['applies']:,} | {every} | "
            f"{wrong:,} |"
        )
    return "\n".join(rows)


TABLES = {
    "tree-shares": finding_8_table,
    "tree-finding-10": finding_10_table,
    "tree-findings-9-15": findings_9_to_15_table,
}


def write_docs() -> None:
    text = DOCS.read_text()
    for name, table in TABLES.items():
        pattern = re.compile(
            rf"(<!-- {name}:start -->\n).*?(\n<!-- {name}:end -->)", flags=re.DOTALL
        )
        if not pattern.search(text):
            raise SystemExit(f"docs/graphs.md has no <!-- {name}:start --> marker")
        made = table()

        def put(match: re.Match[str], made: str = made) -> str:
            return match.group(1) + made + match.group(2)

        text = pattern.sub(put, text)
    DOCS.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="a finished tree sweep to summarise")
    parser.add_argument("--run", type=Path, default=None, help="the run's figures (JSON)")
    parser.add_argument(
        "--partial", action="store_true", help="the record of a sweep stopped early"
    )
    parser.add_argument(
        "--retest",
        type=Path,
        action="append",
        default=[],
        help="the re-test's JSON (or, with --partial, its per-shape caches) to check against",
    )
    parser.add_argument("--docs", action="store_true", help="regenerate docs/graphs.md's tables")
    args = parser.parse_args(argv)
    if args.store:
        write = write_partial if args.partial else write_summary
        print(write(args.store, args.run, args.retest))
    if args.docs:
        write_docs()
    return 0


if __name__ == "__main__":
    sys.exit(main())
