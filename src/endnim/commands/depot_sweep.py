"""``endnim sweep -v depot`` / ``-v depot-partizan``, ``sweep-query`` and ``sweep --repair`` on
a warehouse sweep's store (:mod:`endnim.sweep.depot_sweep`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from endnim.sweep.depot_sweep import DepotSweepReport


def depot_sweep(
    out: str,
    variant: str,
    family: str,
    max_vertices: int,
    max_label: int,
    memory: str | None,
    workers: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """The sweep, with the estimate first (``--json``: an ``estimate`` line), a progress bar
    on a terminal and the summary."""
    from endnim.commands.sweep_bar import SweepBar
    from endnim.sweep.depot_sweep import DepotSweepEstimate, run_depot_sweep
    from endnim.sweep.plan import parse_memory

    bar = SweepBar(unit="chunks")

    def announce(estimate: DepotSweepEstimate) -> None:
        if as_json:
            click.echo(json.dumps({"event": "estimate", **estimate.to_dict()}))
        elif bar.console.is_terminal:
            bar.console.print(f"{variant} sweep: {estimate.describe()}", highlight=False)

    try:
        with bar:
            report = run_depot_sweep(
                out,
                variant,
                family,
                max_vertices,
                max_label,
                progress=bar.update,
                workers=workers,
                scheduler=scheduler,
                memory=parse_memory(memory) if memory is not None else None,
                on_estimate=announce,
            )
    except KeyboardInterrupt:
        click.echo(
            "endnim: interrupted: finished chunks are kept; run the same command to resume",
            err=True,
        )
        sys.exit(130)
    if as_json:
        click.echo(json.dumps({"event": "summary", **report.to_dict()}))
    else:
        print_depot_report(report)


def print_depot_report(report: DepotSweepReport) -> None:
    """The totals as a table."""
    from rich.table import Table

    from endnim.render import output_console, print_trimmed

    console = output_console()
    impartial = report.variant == "depot"
    lowest = 0 if report.family == "graphs" else 1
    table = Table(
        title=f"{report.variant}, {report.family}: up to {report.max_vertices} vertices, labels "
        f"{lowest}..{report.max_label}, one position per isomorphism class"
    )
    columns = ["vertices", "positions", "P-positions"]
    columns += ["max value"] if impartial else ["L", "R", "N"]
    for column in columns:
        table.add_column(column, justify="right")
    for size in report.sizes:
        last = (
            [str(size.max_value)] if impartial else [f"{size.outcomes.get(c, 0):,}" for c in "LRN"]
        )
        table.add_row(str(size.vertices), f"{size.positions:,}", f"{size.p_positions:,}", *last)
    print_trimmed(console, table)
    console.print(f"{report.positions:,} positions, {report.p_positions:,} P-positions")
    if report.computed_chunks or report.kept_chunks:
        console.print(
            f"[dim]{report.out}: {report.computed_chunks} chunks computed now, "
            f"{report.kept_chunks} kept, in {report.seconds:.1f} s on {report.workers} "
            f"worker(s){' of ' + report.scheduler if report.scheduler else ''}[/]"
        )


def depot_query(
    directory: str, predicate: tuple[str, ...], lengths: tuple[int, ...], limit: int, as_json: bool
) -> None:
    """``sweep-query`` on a warehouse sweep: the totals, or a predicate's count and list."""
    from endnim.render import output_console
    from endnim.sweep.depot_sweep import open_depot_sweep, run_depot_query, summarise

    with open_depot_sweep(directory) as store:
        if not predicate:
            if lengths:
                raise click.UsageError("--length needs a PREDICATE (the totals cover all sizes)")
            report = summarise(store)
            if as_json:
                click.echo(json.dumps(report.to_dict()))
            else:
                print_depot_report(report)
            return
        result = run_depot_query(store, predicate, lengths or None, limit)
    if as_json:
        click.echo(json.dumps(result))
        return
    console = output_console()
    sizes = result["vertices"]
    span = f"{sizes[0]}..{sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
    console.print(
        f"[bold]{result['count']:,}[/] {result['predicate']} among {result['checked']:,} "
        f"positions of {span} vertices with labels <= {result['max_label']} "
        f"({result['variant']}, {result['family']})"
    )
    by_size = result["by_vertices"]
    if len(by_size) > 1:
        console.print("by vertices: " + ", ".join(f"{k}: {v:,}" for k, v in by_size.items()))
    for text, value in zip(result["positions"], result["values"], strict=True):
        console.print(f"  {text}   [dim]{value}[/]")
    if result["truncated"] and limit:
        console.print(f"[dim]... {result['count'] - len(result['positions']):,} more (--limit)[/]")


def depot_repair(root: Path, as_json: bool) -> None:
    """``endnim sweep --repair DIR`` on a warehouse sweep."""
    from endnim.commands.sweep_bar import SweepBar
    from endnim.sweep.depot_sweep import repair_depot_store

    bar = SweepBar(unit="chunks")
    with bar:
        done = repair_depot_store(root, progress=bar.update)
    if as_json:
        click.echo(json.dumps(done.to_dict()))
        return
    click.echo(
        f"{root}: {done.kept} chunks verified and kept"
        + (f", {root / 'depots.sqlite'} set aside and rebuilt" if done.rebuilt else "")
        + (f"; {done.recomputed} damaged or lost chunk(s) recomputed" if done.recomputed else "")
    )


__all__ = ["depot_query", "depot_repair", "depot_sweep", "print_depot_report"]
