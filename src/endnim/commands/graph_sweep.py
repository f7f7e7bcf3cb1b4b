"""What ``endnim sweep``, ``sweep-query`` and ``sweep --repair`` do the same way on every graph
sweep (trees, warehouses, depot-partizan): the estimate first, a progress bar on a terminal,
the summary; the totals or a predicate's count and list; the repair's one line. Each game's
command (:mod:`endnim.commands.sweep`, :mod:`endnim.commands.depot_sweep`) names its store,
its run and its table."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import click

from endnim.commands.sweep_bar import SweepBar


class Estimate(Protocol):
    def to_dict(self) -> dict[str, Any]: ...
    def describe(self) -> str: ...


class Summary(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


Report = TypeVar("Report", bound=Summary)
Store = TypeVar("Store")
Progress = Callable[[int, int], None]


def run_with_bar(
    run: Callable[[SweepBar], Report],
    kept: str,
    as_json: bool,
    print_report: Callable[[Report], None],
    unit: str = "chunks",
) -> None:
    """Run a sweep behind a progress bar counting ``unit``, then print its summary
    (``--json``: a ``summary`` line); Ctrl-C says what is kept (``kept``) and exits 130."""
    bar = SweepBar(unit=unit)
    try:
        with bar:
            report = run(bar)
    except KeyboardInterrupt:
        click.echo(
            f"endnim: interrupted: {kept} are kept; run the same command to resume", err=True
        )
        sys.exit(130)
    if as_json:
        click.echo(json.dumps({"event": "summary", **report.to_dict()}))
    else:
        print_report(report)


def graph_options(
    bar: SweepBar,
    noun: str,
    as_json: bool,
    memory: str | None,
    workers: int | None,
    scheduler: str | None,
) -> dict[str, Any]:
    """The options every graph sweep's run takes from its command: the bar's progress, the
    workers or cluster, the memory budget, and the estimate first (``--json``: an
    ``estimate`` line; on a terminal beside the progress bar)."""
    from endnim.sweep.plan import parse_memory

    def announce(estimate: Estimate) -> None:
        if as_json:
            click.echo(json.dumps({"event": "estimate", **estimate.to_dict()}))
        elif bar.console.is_terminal:  # beside the progress bar; no extra line in a log
            bar.console.print(f"{noun}: {estimate.describe()}", highlight=False, markup=False)

    return {
        "progress": bar.update,
        "workers": workers,
        "scheduler": scheduler,
        "memory": parse_memory(memory) if memory is not None else None,
        "on_estimate": announce,
    }


def query_graph_sweep(
    opened: AbstractContextManager[Store],
    summarise: Callable[[Store], Report],
    run_query: Callable[[Store, Sequence[str], Sequence[int] | None, int], dict[str, Any]],
    print_report: Callable[[Report], None],
    what: Callable[[dict[str, Any]], str],
    predicate: tuple[str, ...],
    lengths: tuple[int, ...],
    limit: int,
    as_json: bool,
) -> None:
    """``sweep-query`` on a graph sweep: the totals, or a predicate's count and list (``what``
    names the rows counted, e.g. "trees of 1..5 vertices with labels <= 2 (tree)")."""
    from endnim.render import output_console, plain

    with opened as store:
        if not predicate:
            if lengths:
                raise click.UsageError("--length needs a PREDICATE (the totals cover all sizes)")
            report = summarise(store)
            if as_json:
                click.echo(json.dumps(report.to_dict()))
            else:
                print_report(report)
            return
        result = run_query(store, predicate, lengths or None, limit)
    if as_json:
        click.echo(json.dumps(result))
        return
    console = output_console()
    console.print(  # the predicate and the texts are data: never rich markup
        f"[bold]{result['count']:,}[/] {plain(result['predicate'])} among "
        f"{result['checked']:,} {plain(what(result))}"
    )
    by_size = result["by_vertices"]
    if len(by_size) > 1:
        console.print("by vertices: " + ", ".join(f"{k}: {v:,}" for k, v in by_size.items()))
    for text, value in zip(result["positions"], result["values"], strict=True):
        console.print(f"  {plain(text)}   [dim]{plain(value)}[/]")
    if result["truncated"] and limit:
        console.print(f"[dim]... {result['count'] - len(result['positions']):,} more (--limit)[/]")


def vertex_span(result: dict[str, Any]) -> str:
    """The sizes a query covered: ``3`` or ``1..5``.

    >>> vertex_span({"vertices": [1, 2, 3]}), vertex_span({"vertices": [4]})
    ('1..3', '4')
    """
    sizes = result["vertices"]
    return f"{sizes[0]}..{sizes[-1]}" if len(sizes) > 1 else str(sizes[0])


def repair_graph_sweep(
    root: Path,
    repair: Callable[..., Any],
    unit: str,
    rebuilt: str,
    as_json: bool,
) -> None:
    """``endnim sweep --repair DIR`` on a graph sweep: ``repair(root, progress=...)`` with a
    bar counting ``unit``, then its JSON or one line (``rebuilt``: what a rebuilt file is
    said to be)."""
    bar = SweepBar(unit=unit)
    with bar:
        done = repair(root, progress=bar.update)
    if as_json:
        click.echo(json.dumps(done.to_dict()))
        return
    redone = f"; {done.recomputed} damaged or lost {unit[:-1]}(s) recomputed"
    click.echo(
        f"{root}: {done.kept} {unit} verified and kept"
        + (f", {rebuilt}" if done.rebuilt else "")
        + (redone if done.recomputed else "")
    )


__all__ = [
    "graph_options",
    "query_graph_sweep",
    "repair_graph_sweep",
    "run_with_bar",
    "vertex_span",
]
