"""``endnim sweep -v depot`` / ``-v depot-partizan``, ``sweep-query`` and ``sweep --repair`` on
a warehouse sweep's store (:mod:`endnim.sweep.depot_sweep`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from endnim.commands import graph_sweep
from endnim.commands.sweep_bar import SweepBar

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
    from endnim.sweep.depot_sweep import run_depot_sweep

    def run(bar: SweepBar) -> DepotSweepReport:
        options = graph_sweep.graph_options(
            bar, f"{variant} sweep", as_json, memory, workers, scheduler
        )
        return run_depot_sweep(out, variant, family, max_vertices, max_label, **options)

    graph_sweep.run_with_bar(run, "finished chunks", as_json, print_depot_report)


def print_depot_report(report: DepotSweepReport) -> None:
    """The totals as a table."""
    from rich.table import Table

    from endnim.render import output_console, plain, print_trimmed

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
    if report.run_text():
        console.print(f"[dim]{plain(report.run_text())}[/]")  # it names the directory


def depot_query(
    directory: str, predicate: tuple[str, ...], lengths: tuple[int, ...], limit: int, as_json: bool
) -> None:
    """``sweep-query`` on a warehouse sweep: the totals, or a predicate's count and list."""
    from endnim.sweep.depot_sweep import open_depot_sweep, run_depot_query, summarise

    graph_sweep.query_graph_sweep(
        open_depot_sweep(directory),
        summarise,
        run_depot_query,
        print_depot_report,
        lambda result: (
            f"positions of {graph_sweep.vertex_span(result)} vertices with labels <= "
            f"{result['max_label']} ({result['variant']}, {result['family']})"
        ),
        predicate,
        lengths,
        limit,
        as_json,
    )


def depot_repair(root: Path, as_json: bool) -> None:
    """``endnim sweep --repair DIR`` on a warehouse sweep."""
    from endnim.sweep.depot_sweep import repair_depot_store

    rebuilt = f"{root / 'depots.sqlite'} set aside and rebuilt"
    graph_sweep.repair_graph_sweep(root, repair_depot_store, "chunks", rebuilt, as_json)


__all__ = ["depot_query", "depot_repair", "depot_sweep", "print_depot_report"]
