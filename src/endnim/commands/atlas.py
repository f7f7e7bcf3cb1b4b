"""``endnim atlas``: regenerate the data of docs/atlas.md (issue 14).

``endnim atlas periodicity OUT.csv`` — the periodicity atlas (resumable);
``endnim atlas partizan OUT_DIR`` — canonical forms of 4 and 5 heaps;
``endnim atlas two-pile OUT_DIR`` — two- and three-pile tables against x ⊕ y.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from endnim.commands.common import (
    certificates_option,
    loaded_rules_name,
    rules_file_option,
    threads_option,
)


@click.group()
def atlas() -> None:
    """Regenerate the atlas of docs/atlas.md: periodicity, partizan catalogue, two-pile tables.

    \b
    endnim atlas periodicity data/atlas/periodicity.csv
    endnim atlas partizan data/atlas/partizan
    endnim atlas two-pile data/atlas/two-pile
    """


@atlas.command("periodicity")
@click.argument("out", type=click.Path(dir_okay=False))
@click.option(
    "--variant",
    "variants",
    multiple=True,
    help="Only these rule sets (repeatable; default: every impartial row rule set).",
)
@rules_file_option(
    "Load your own rule set (a RuleSet subclass) from a file; the atlas is then of it alone "
    "(with any --variant named too)."
)
@click.option("--rows", type=click.IntRange(min=1), default=32, show_default=True)
@click.option("--cols", type=click.IntRange(min=2), default=4096, show_default=True)
@click.option("--short-piles", type=click.IntRange(min=1), default=8, show_default=True)
@click.option("--long-piles", type=click.IntRange(min=0), default=4, show_default=True)
@click.option("--min-periods", type=click.IntRange(min=2), default=3, show_default=True)
@threads_option
@click.option(
    "--prove",
    is_flag=True,
    help="Prove the rows instead (End-Nim's recurrence: endnim, misere, misere-conway, loop; "
    "muller with --variant muller): OUT is then a sealed JSON summary, one line per row; "
    "--cols is ignored (see --budget).",
)
@certificates_option("data/atlas/certificates")
@click.option(
    "--budget",
    type=click.IntRange(min=16),
    default=10**6,
    show_default=True,
    help="The last column --prove computes.",
)
def periodicity(
    out: str,
    variants: tuple[str, ...],
    rows: int,
    cols: int,
    short_piles: int,
    long_piles: int,
    min_periods: int,
    threads: int | None,
    prove: bool,
    certificates: str,
    budget: int,
) -> None:
    """Preperiod, period and saltus of every row a of every a·w·b table, as CSV.

    --rules FILE.py:Class makes the atlas of your own rule set: its tables come from the
    compiled engine, or, where the engine has no recurrence for it, from the indexed search,
    as 'endnim table' and 'endnim periodicity' make them (a line on stderr says which).

    Middles w: empty, length 1 and 2 with piles <= --short-piles, length 3 with piles <=
    --long-piles; rows a = 1..--rows; columns b = 1..--cols. A period is believed when it holds
    from its onset to the last column over at least --min-periods full periods (earliest onset
    wins, then the least period). Interrupt with Ctrl-C and run the same command again to
    continue: finished tables are kept. Each finished table's SHA-256 is kept in OUT.digests;
    every read checks it, and the same command recomputes a table that does not match.
    """
    from endnim.analysis.atlas.periodicity import AtlasSpec, run_atlas
    from endnim.variants import get_row_variant

    loaded = loaded_rules_name()
    chosen = [get_row_variant(v, "the periodicity atlas").name for v in variants]
    if loaded is not None and loaded not in chosen:
        chosen.append(get_row_variant(loaded, "the periodicity atlas").name)
    spec = AtlasSpec.default(
        variants=chosen or None,
        rows=rows,
        cols=cols,
        min_periods=min_periods,
        short_piles=short_piles,
        long_piles=long_piles,
    )
    if prove:
        _prove_atlas(out, certificates, spec, budget, threads)
        return
    start = time.perf_counter()
    try:
        from endnim.render import ProgressBar

        with ProgressBar("tables", describe=str) as bar:
            computed = run_atlas(
                out,
                spec,
                progress=bar.update,
                threads=threads,
                notice=lambda line: click.echo(f"endnim: {line}", err=True),
            )
    except KeyboardInterrupt:
        click.echo(
            f"endnim: interrupted; finished tables are kept in {out}: run the same command "
            "again to continue",
            err=True,
        )
        sys.exit(130)
    elapsed = time.perf_counter() - start
    from endnim.analysis.tables import table_path, table_path_note

    for name in chosen:  # the engine is the rule; any other path is said
        if table_path(rules := get_row_variant(name)) != "engine":
            click.echo(f"endnim: {rules.name}: {table_path_note(rules)}", err=True)
    total = len(spec.tables())
    click.echo(
        f"{out}: {total} tables ({total * rows} rows), {computed} computed now in {elapsed:.1f} s"
    )


def _prove_atlas(out: str, folder: str, spec: object, budget: int, threads: int | None) -> None:
    """``endnim atlas periodicity OUT --prove``: certificates of every row, resumable."""
    from endnim.analysis.atlas.periodicity import AtlasSpec
    from endnim.analysis.atlas.proofs import run_proofs

    assert isinstance(spec, AtlasSpec)
    variants = [v for v in spec.variants if v != "muller"] if len(spec.variants) > 1 else None
    if variants is not None:  # the default list: the rule sets of End-Nim's recurrence
        from endnim.analysis.proofs.rows import supports_proofs

        spec = AtlasSpec(
            tuple(v for v in variants if supports_proofs(v)),
            spec.middles,
            spec.rows,
            spec.cols,
            spec.min_periods,
        )
    from endnim.render import ProgressBar

    start = time.perf_counter()
    try:
        with ProgressBar("tables", describe=str) as bar:
            lines = run_proofs(
                out, folder, spec, budget=budget, threads=threads, progress=bar.update
            )
    except KeyboardInterrupt:
        click.echo(
            f"endnim: interrupted; finished certificates are kept in {folder}: run the same "
            "command again to continue",
            err=True,
        )
        sys.exit(130)
    proved = sum(line["proved"] for line in lines)
    click.echo(
        f"{out}: {proved} of {len(lines)} rows proved, certificates in {folder} "
        f"({time.perf_counter() - start:.1f} s)"
    )


@atlas.command("partizan")
@click.argument("out", type=click.Path(file_okay=False))
def partizan(out: str) -> None:
    """Canonical forms of every partizan End-Nim row of 4 heaps <= 8 and 5 heaps <= 5.

    Writes OUT/positions.csv, OUT/values.csv and OUT/summary.json.
    """
    from endnim.analysis.atlas.partizan import build_catalogue, summary, write_catalogue

    start = time.perf_counter()
    from endnim.render import ProgressBar

    with ProgressBar("positions", describe=str) as bar:
        catalogue = build_catalogue(progress=bar.update)
    paths = write_catalogue(catalogue, out)
    found = summary(catalogue)
    elapsed = time.perf_counter() - start
    (Path(out) / "summary.json").write_text(
        json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for heaps, part in found.items():
        assert isinstance(part, dict)
        click.echo(
            f"{heaps} heaps: {part['positions']} positions, {part['distinct_values']} distinct "
            f"values, outcomes {part['outcomes']}, atomic weights "
            f"{sorted(part['atomic_weights'], key=float)}, birthdays <= {part['max_birthday']}"
        )
    click.echo(f"wrote {', '.join(map(str, paths))} and summary.json in {elapsed:.1f} s")


@atlas.command("two-pile")
@click.argument("out", type=click.Path(file_okay=False))
@click.option("--size", type=click.IntRange(min=4), default=1024, show_default=True)
@click.option("--max-middle", type=click.IntRange(min=1), default=8, show_default=True)
def two_pile(out: str, size: int, max_middle: int) -> None:
    """Two-pile misère (both conventions) and Loop tables to SIZE², and the three-pile x·w·y
    tables for w <= --max-middle, against x ⊕ y and Cairns–Ho's partial results.

    Writes OUT/findings.json (every statement, checked on every cell), OUT/three_pile.csv and
    OUT/exceptions.csv (the cells differing from x ⊕ y, for the tables where they are few).
    Exits with status 1 if a statement fails.
    """
    import csv

    from endnim.analysis.atlas.two_pile import (
        THREE_PILE_VARIANTS,
        exceptional_cells,
        three_pile_study,
        two_pile_agreement,
        two_pile_findings,
        write_three_pile_rows,
    )

    start = time.perf_counter()
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    findings = two_pile_findings(size)
    rows, three = three_pile_study(size, range(1, max_middle + 1))
    findings.extend(three)
    agreement = two_pile_agreement(size)
    write_three_pile_rows(rows, target / "three_pile.csv")
    with (target / "exceptions.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(("variant", "middle", "x", "y", "value", "nim_sum"))
        for variant in THREE_PILE_VARIANTS:
            for w in range(0, max_middle + 1):
                cells = exceptional_cells(variant, w, size)
                for x, y, value, nim in cells or []:
                    writer.writerow((variant, w, x, y, value, nim))
    elapsed = time.perf_counter() - start
    report = {
        "size": size,
        "max_middle": max_middle,
        "seconds": round(elapsed, 2),
        "two_pile_agreement": agreement,
        "findings": [f.to_dict() for f in findings],
    }
    (target / "findings.json").write_text(
        json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for finding in findings:
        mark = "holds" if finding.holds else f"FAILS, e.g. {finding.counterexamples[:3]}"
        click.echo(f"[{finding.status}] {finding.statement} ({finding.range}): {mark}")
    click.echo(f"wrote {target}/findings.json, three_pile.csv, exceptions.csv in {elapsed:.1f} s")
    if not all(f.holds for f in findings):
        sys.exit(1)


@atlas.command("summary")
@click.argument("atlas_csv", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--confident",
    type=click.IntRange(min=2),
    default=6,
    show_default=True,
    help="Periods seen (from a preperiod in the first half) for a row to count as settled.",
)
def summary(atlas_csv: str, confident: int) -> None:
    """Summarise a periodicity atlas as JSON: settled, tentative and non-periodic rows, the
    periods that occur, and how the largest period and the preperiods grow with a."""
    from endnim.analysis.atlas.periodicity import AtlasError, read_atlas, summarise

    try:
        found = summarise(read_atlas(atlas_csv), confident)
    except ValueError as error:  # a number field that is not a number
        raise AtlasError(f"{atlas_csv} has a damaged line ({error})") from None
    click.echo(json.dumps(found, indent=1))
