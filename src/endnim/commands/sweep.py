"""``endnim sweep`` (compute and store every value up to a size) and ``endnim sweep-query``
(ask a stored sweep without recomputing)."""

from __future__ import annotations

import json
import pathlib
from typing import TYPE_CHECKING, Any

import click

from endnim.commands import graph_sweep
from endnim.commands.common import (
    convention_option,
    rules_file_option,
    variant_name,
    variant_option,
)
from endnim.commands.sweep_bar import SweepBar
from endnim.errors import EndNimError

if TYPE_CHECKING:
    from endnim.sweep.query import QueryResult
    from endnim.sweep.runner import SweepReport
    from endnim.sweep.trees import TreeSweepReport


@click.command()
@variant_option()
@convention_option()
@click.option(
    "--max-length",
    "--max-vertices",
    "-L",
    "max_length",
    type=click.IntRange(min=1),
    default=None,
    help="Longest positions (number of piles; --variant tree: most vertices). Required unless "
    "--repair.",
)
@click.option(
    "--max-pile",
    "--max-label",
    "-H",
    "max_pile",
    type=click.IntRange(min=1),
    default=None,
    help="Largest pile (--variant tree: largest label).",
)
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False),
    default=None,
    help="The store's directory (created; an existing sweep there is resumed or extended).",
)
@click.option(
    "--repair",
    "repair_dir",
    type=click.Path(file_okay=False),
    default=None,
    metavar="DIR",
    help="Check every chunk of the store DIR and rebuild its catalogue from the chunk files "
    "when it is lost or damaged; damaged chunks are dropped (the next run computes them).",
)
@click.option(
    "--memory",
    default=None,
    metavar="SIZE",
    help="Memory budget, e.g. 4G or 512M (default: half the machine).",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Local threads (default: every core); --variant tree: local processes (default 1).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Run the chunks on this Dask distributed scheduler (e.g. tcp://10.0.0.1:8786).",
)
@click.option(
    "--shared-store",
    is_flag=True,
    help="With --scheduler: the workers read the level before from the store's files (a file "
    "system they all see, same path) instead of each receiving it whole.",
)
@click.option(
    "--chunk-tables",
    type=click.IntRange(min=1),
    default=None,
    help="At most this many inner strings per chunk (smaller: finer resume, more files).",
)
@click.option(
    "--family",
    type=click.Choice(["graphs", "trees"]),
    default=None,
    help="--variant depot / depot-partizan: every connected graph (labels 0..H, default) or "
    "the tree sweep's trees with a depot on each leaf (labels 1..H).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="JSON lines: one per level, then the summary."
)
def sweep(
    variant: str,
    convention: str,
    max_length: int | None,
    max_pile: int | None,
    out: str | None,
    repair_dir: str | None,
    memory: str | None,
    workers: int | None,
    scheduler: str | None,
    shared_store: bool,
    chunk_tables: int | None,
    family: str | None,
    as_json: bool,
) -> None:
    """Compute the value of every position up to a size and keep them in a store.

    Every position of length <= L with piles <= H, layer by layer. Interrupt it at any
    moment (even kill -9) and run the same command again: finished chunks are kept.

    With --variant tree: every labelled tree with <= --max-vertices vertices and labels <=
    --max-label, one per isomorphism class, with its Grundy value, in DIR/trees.sqlite (one
    transaction per unlabelled shape, or per part of a shape with over a million
    labellings, cut by the sum of the labels: an interrupted run keeps what finished).

    \b
    endnim sweep -v tree --max-vertices 8 --max-label 3 --out trees-8-3
    endnim sweep-query trees-8-3 p --length 4
    endnim conjecture -v tree --holds "g <= beans" -L 8 -H 3 --sweep trees-8-3

    With --variant depot or depot-partizan: every position of --family (graphs: every
    connected graph of <= 7 vertices, labels 0..H; trees: the tree sweep's trees with a depot
    on each leaf) up to isomorphism, with its Grundy value (depot) or outcome (depot-partizan;
    every edge coloured L, R or G in every way), in DIR/depots.sqlite.

    \b
    endnim sweep -v depot --family graphs -L 5 -H 2 --out depots-5-2 --workers 2
    endnim sweep-query depots-5-2 p --length 4
    """
    from endnim.sweep.plan import parse_memory
    from endnim.sweep.runner import run_sweep

    if repair_dir is not None:
        _repair(repair_dir, as_json)
        return
    if max_length is None or max_pile is None or out is None:
        tree = variant in ("tree", "depot", "depot-partizan")  # already the registered name
        missing = [
            name
            for name, value in (
                ("--max-vertices" if tree else "--max-length", max_length),
                ("--max-label" if tree else "--max-pile", max_pile),
                ("--out", out),
            )
            if value is None
        ]
        raise EndNimError(f"missing {', '.join(missing)} (or give --repair DIR)")

    name = variant_name(variant.lower(), convention)
    if family is not None and name not in ("depot", "depot-partizan"):
        raise EndNimError("--family is for --variant depot and depot-partizan")
    if name in ("depot", "depot-partizan"):
        from endnim.commands.depot_sweep import depot_sweep

        if chunk_tables is not None:
            raise EndNimError("--chunk-tables is for row sweeps; a warehouse sweep cuts its own")
        depot_sweep(
            out, name, family or "graphs", max_length, max_pile, memory, workers, scheduler,
            as_json,
        )  # fmt: skip
        return
    if name == "tree":
        _tree_sweep(out, max_length, max_pile, memory, workers, scheduler, chunk_tables, as_json)
        return
    budget = parse_memory(memory) if memory is not None else None

    def level_done(level: int, computed: int) -> None:
        if as_json:
            line = {"event": "level", "level": level, "length": level + 2, "computed": computed}
            click.echo(json.dumps(line))

    def run(bar: SweepBar) -> SweepReport:
        return run_sweep(
            out,
            name,
            max_length,
            max_pile,
            workers=workers,
            memory=budget,
            chunk_tables=chunk_tables,
            scheduler=scheduler,
            progress=bar.update,
            on_level=level_done,
            shared_store=shared_store,
        )

    graph_sweep.run_with_bar(run, "finished chunks", as_json, _print_report, unit="positions")


def _tree_sweep(
    out: str,
    max_vertices: int,
    max_label: int,
    memory: str | None,
    workers: int | None,
    scheduler: str | None,
    chunk_tables: int | None,
    as_json: bool,
) -> None:
    """``endnim sweep --variant tree``: every labelled tree up to isomorphism, stored; the
    shapes computed in this process, by ``--workers`` processes or on a Dask cluster."""
    from endnim.sweep.trees import run_tree_sweep

    if chunk_tables is not None:
        raise EndNimError(
            "--chunk-tables is for row sweeps; a tree sweep's chunks are its shapes (and the "
            "parts of the big ones)"
        )

    def run(bar: SweepBar) -> TreeSweepReport:
        options = graph_sweep.graph_options(bar, "tree sweep", as_json, memory, workers, scheduler)
        return run_tree_sweep(out, max_vertices, max_label, **options)

    graph_sweep.run_with_bar(run, "finished shapes and parts", as_json, _print_tree_report)


def _print_tree_report(report: TreeSweepReport) -> None:
    from rich.table import Table

    from endnim.render import output_console, plain, print_trimmed

    console = output_console()
    table = Table(
        title=f"tree: up to {report.max_vertices} vertices, labels 1..{report.max_label}, "
        "one tree per isomorphism class"
    )
    for column in ("vertices", "trees", "P-positions", "max value"):
        table.add_column(column, justify="right")
    for size in report.sizes:
        table.add_row(
            str(size.vertices), f"{size.trees:,}", f"{size.p_positions:,}", str(size.max_value)
        )
    print_trimmed(console, table)
    console.print(f"{report.trees:,} trees, {report.p_positions:,} P-positions")
    parts = f" ({report.computed_parts} parts)" if report.computed_parts else ""
    kept_parts = f" (and {report.kept_parts} parts)" if report.kept_parts else ""
    if report.run_text():  # it names the sweep's directory: text, never rich markup
        console.print(f"[dim]{plain(report.run_text(parts, kept_parts))}[/]")


def _print_report(report: SweepReport) -> None:
    from rich.table import Table

    from endnim.render import output_console, plain, print_trimmed
    from endnim.search import format_bytes

    console = output_console()
    table = Table(  # the variant may be a user's rule set, its name text, never rich markup
        title=f"{plain(report.variant)}: lengths 1..{report.max_length}, piles 1..{report.max_pile}"
    )
    table.add_column("length", justify="right")
    table.add_column("positions", justify="right")
    table.add_column("P-positions", justify="right")
    table.add_column("max value" if report.max_value is not None else "L / R / N", justify="right")
    for summary in report.lengths:
        if summary.max_value is not None:
            last = str(summary.max_value)
        else:
            counts = summary.histogram + [0] * (4 - len(summary.histogram))
            last = f"{counts[1]:,} / {counts[2]:,} / {counts[3]:,}"
        table.add_row(
            str(summary.length), f"{summary.positions:,}", f"{summary.p_positions:,}", last
        )
    print_trimmed(console, table)
    console.print(
        f"{report.positions:,} positions, {report.p_positions:,} P-positions"
        + (f", largest value {report.max_value}" if report.max_value is not None else "")
    )
    console.print(
        f"[dim]{plain(report.out)}: {report.chunks} chunks ({report.computed_chunks} computed now, "
        f"{report.reused_chunks} kept"
        + (f", {report.repaired_chunks} damaged and redone" if report.repaired_chunks else "")
        + f") in {report.seconds:.1f} s, {report.positions_per_second:,.0f} positions/s on "
        f"{report.workers} worker(s); peak memory {format_bytes(report.peak_rss_bytes)}[/]"
    )


# ------------------------------------------------------------------------- sweep-query
@click.command("sweep-query")
@click.argument("directory", type=click.Path(file_okay=False))
@rules_file_option("Load the rule set of a sweep of your own rule set from its file.")
@click.argument("predicate", nargs=-1)
@click.option(
    "--length",
    "lengths",
    type=click.IntRange(min=1),
    multiple=True,
    help="Only positions of this length (repeatable; default: every stored length).",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="List at most this many positions (0: count only).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def sweep_query(
    directory: str, predicate: tuple[str, ...], lengths: tuple[int, ...], limit: int, as_json: bool
) -> None:
    """Count and list the positions of a stored sweep that satisfy PREDICATE.

    PREDICATE: p | value N | value-at-least N | outcome P|N|L|R | conjecture 1|2|3 (Horrocks'
    conjectures on a Muller sweep: lists the counterexamples). Without one: the totals.
    On a tree sweep (endnim sweep -v tree) --length N means trees of N vertices, and the trees
    are listed in their canonical notation (centre first, children sorted).
    """
    from endnim.sweep.depot_store import is_depot_sweep
    from endnim.sweep.query import parse_predicate, run_query
    from endnim.sweep.reader import open_sweep
    from endnim.sweep.trees import is_tree_sweep

    if is_tree_sweep(directory):
        _tree_query(directory, predicate, lengths, limit, as_json)
        return
    if is_depot_sweep(directory):
        from endnim.commands.depot_sweep import depot_query

        depot_query(directory, predicate, lengths, limit, as_json)
        return
    with open_sweep(directory) as stored:
        if not predicate:
            if lengths:
                raise click.UsageError("--length needs a PREDICATE (the totals cover all lengths)")
            report = stored.summary()
            if as_json:
                click.echo(json.dumps(report.to_dict()))
            else:
                _print_report(report)
            return
        rule = parse_predicate(predicate, stored.impartial)
        result = run_query(stored, rule, lengths=lengths or None, limit=limit)
        header = {
            "sweep": str(stored.path),
            "variant": stored.variant.name,
            "max_length": stored.max_length,
            "max_pile": stored.max_pile,
        }
    if as_json:
        click.echo(json.dumps({**header, **result.to_dict()}))
    else:
        _print_query(result, header)


def _print_query(result: QueryResult, header: dict[str, Any]) -> None:
    from endnim.render import output_console, plain

    console = output_console()
    span = (
        f"length {result.lengths[0]}"
        if len(result.lengths) == 1
        else f"lengths {result.lengths[0]}..{result.lengths[-1]}"
    )
    console.print(
        f"[bold]{result.count:,}[/] {plain(result.predicate)} among {result.checked:,} "
        f"positions of {span} with piles <= {header['max_pile']} ({plain(header['variant'])})"
    )
    if len(result.by_length) > 1:
        console.print("by length: " + ", ".join(f"{k}: {v:,}" for k, v in result.by_length.items()))
    for piles, value in zip(result.positions, result.values, strict=True):
        console.print(f"  {' '.join(map(str, piles))}   [dim]{plain(value)}[/]")
    if result.truncated and result.limit:
        console.print(f"[dim]... {result.count - len(result.positions):,} more (--limit)[/]")


def _tree_query(
    directory: str, predicate: tuple[str, ...], lengths: tuple[int, ...], limit: int, as_json: bool
) -> None:
    """``sweep-query`` on a tree sweep."""
    from endnim.sweep.trees import TreeStore, open_tree_sweep, run_tree_query

    graph_sweep.query_graph_sweep(
        open_tree_sweep(directory),
        TreeStore.summary,
        run_tree_query,
        _print_tree_report,
        lambda result: (
            f"trees of {graph_sweep.vertex_span(result)} vertices with labels <= "
            f"{result['max_label']} (tree)"
        ),
        predicate,
        lengths,
        limit,
        as_json,
    )


def _repair_trees(root: pathlib.Path, as_json: bool) -> None:
    """``endnim sweep --repair DIR`` on a tree sweep: verify every shape against its digest,
    rebuild an unreadable file from the intact shapes, compute the damaged ones again."""
    from endnim.sweep.trees import repair_tree_store

    rebuilt = "trees.sqlite rebuilt from the intact shapes"
    graph_sweep.repair_graph_sweep(root, repair_tree_store, "shapes", rebuilt, as_json)


def _repair(directory: str, as_json: bool) -> None:
    """``endnim sweep --repair DIR``: verify every chunk; rebuild a lost or damaged catalogue."""
    from pathlib import Path

    from endnim.sweep.plan import SweepError
    from endnim.sweep.runner import writer_lock
    from endnim.sweep.store import CATALOGUE, DESCRIPTION, Store, repair_store
    from endnim.sweep.trees import is_tree_sweep

    root = Path(directory)
    if is_tree_sweep(root):
        _repair_trees(root, as_json)
        return
    from endnim.sweep.depot_store import is_depot_sweep

    if is_depot_sweep(root):
        from endnim.commands.depot_sweep import depot_repair

        depot_repair(root, as_json)
        return
    if not root.is_dir() or not ((root / CATALOGUE).exists() or (root / DESCRIPTION).exists()):
        raise EndNimError(f"{root} holds no sweep to repair")
    with writer_lock(root):
        rebuilt = False
        try:
            store = Store.open(root)
        except SweepError:
            kept, dropped = repair_store(root)
            rebuilt = True
        else:
            try:
                bad = store.verify()
                for record in bad:
                    (root / record.file).unlink(missing_ok=True)
                    store.forget_chunk(record)
                kept, dropped = len(store.chunk_records()), len(bad)
            finally:
                store.close()
    summary = {
        "repaired": str(root),
        "catalogue_rebuilt": rebuilt,
        "chunks_kept": kept,
        "chunks_dropped": dropped,
    }
    if as_json:
        click.echo(json.dumps(summary))
    else:
        click.echo(
            f"{root}: {kept} chunks verified"
            + (", catalogue rebuilt from the chunk files" if rebuilt else "")
            + (
                f"; {dropped} damaged chunks dropped (run the sweep again to recompute them)"
                if dropped
                else ""
            )
        )
