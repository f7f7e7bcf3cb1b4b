"""``endnim conjecture``: check Horrocks' conjectures, or your own predicate, on every position
up to a length and pile bound — with a progress bar, and resumable after Ctrl-C."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from endnim.commands.common import convention_option, threads_option, variant_name, variant_option
from endnim.errors import EndNimError

if TYPE_CHECKING:
    from endnim.analysis.conjecture import Conjecture, ConjectureReport


@click.command()
@click.argument("name", required=False)
@click.option("--holds", "holds_text", default=None, help='Your predicate, e.g. "g <= beans".')
@click.option("--where", default=None, help="Only positions where this expression is true.")
@click.option("--tight", default=None, help="Positions meeting the bound (extremal cases).")
@variant_option(
    None, "The rule set for --holds (default endnim; the Horrocks conjectures are Muller's)."
)
@convention_option()
@click.option("--max-length", "-L", type=click.IntRange(1, 40), default=6, show_default=True)
@click.option("--max-pile", "-H", type=click.IntRange(1, 10_000), default=6, show_default=True)
@click.option("--min-length", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--state",
    "state_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Save progress in DIR after every chunk; a rerun continues from it.",
)
@click.option(
    "--sweep",
    "sweep_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Read the values from a stored sweep (endnim sweep --out DIR) when it covers the range.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@threads_option
@click.option(
    "--stream",
    is_flag=True,
    help="Horrocks' three conjectures in one pass, level by level, keeping only the level "
    "before in memory and storing nothing (far larger ranges; NAME horrocks or horrocks-N).",
)
def conjecture(
    name: str | None,
    holds_text: str | None,
    where: str | None,
    tight: str | None,
    variant: str | None,
    convention: str,
    max_length: int,
    max_pile: int,
    min_length: int,
    state_dir: str | None,
    sweep_dir: str | None,
    as_json: bool,
    threads: int | None,
    stream: bool,
) -> None:
    """Check a conjecture on every position of length <= L with piles <= H.

    NAME is horrocks-1, horrocks-2 or horrocks-3 (Muller End-Nim, Horrocks 2017 §4); or give
    your own predicate with --holds. Expressions see a (the piles), g (the value; partizan: the
    class "L"/"R"/"N"/"P"), n, first, last, beans, and may call sum, min, max, len, abs, all,
    any, zip, sorted, range.

    \b
    endnim conjecture horrocks-1 -L 7 -H 6 --state ~/.endnim
    endnim conjecture -v endnim --holds "g <= beans" --tight "g == beans" -L 5 -H 5
    endnim conjecture -v partizan --holds "g != 'N'" --where "n % 2 == 0" -L 6 -H 5
    endnim conjecture -v tree --holds "g <= beans" -L 7 -H 3 --sweep trees-8-3

    With --variant tree: every labelled tree with <= L vertices and labels <= H, one per
    isomorphism class (a stored tree sweep is read with --sweep DIR); a is the labels as the
    tree's canonical notation writes them (centre first), n the vertices, first the centre's
    label.
    endnim conjecture horrocks --stream -L 9 -H 12 --state ~/.endnim --json
    """
    if stream:
        _stream(
            name,
            holds_text or where or tight,
            variant,
            max_length,
            max_pile,
            min_length,
            state_dir,
            sweep_dir,
            as_json,
            threads,
        )
        return
    from endnim.analysis.conjecture import (
        builtin_conjecture,
        check_conjecture,
        custom_conjecture,
        total_positions,
    )

    if name and (holds_text or where or tight):
        raise EndNimError("give either a conjecture NAME or --holds, not both")
    if name:
        chosen = builtin_conjecture(name)
        if variant is not None and variant.lower() != chosen.variant:
            raise EndNimError(f"{chosen.name} is about {chosen.variant} End-Nim: drop --variant")
    elif holds_text:
        chosen = custom_conjecture(
            variant_name((variant or "endnim").lower(), convention),
            holds_text,
            where=where,
            tight=tight,
        )
    else:
        raise EndNimError("name a conjecture (horrocks-1, horrocks-2, horrocks-3) or give --holds")
    if chosen.variant == "tree":
        _tree_conjecture(chosen, max_length, max_pile, min_length, state_dir, sweep_dir, as_json)
        return
    total = total_positions(min_length, max_length, max_pile)
    if total > 10**10:
        raise EndNimError(
            f"{total:,} positions is too many to check one by one: lower --max-length or --max-pile"
        )
    _check_paths(state_dir, sweep_dir)
    from endnim.render import ProgressBar

    bar = ProgressBar("positions", show=total >= POSITIONS_BAR_ABOVE)
    try:
        with bar:
            report = check_conjecture(
                chosen,
                max_length=max_length,
                max_pile=max_pile,
                min_length=min_length,
                state_dir=state_dir,
                progress=bar.update,
                threads=threads,
                sweep_dir=sweep_dir,
            )
    except KeyboardInterrupt:
        if state_dir:
            click.echo(
                f"endnim: interrupted; finished chunks are saved in {state_dir}: run the same "
                "command again to continue",
                err=True,
            )
        else:
            click.echo("endnim: interrupted (use --state DIR to be able to resume)", err=True)
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(report.to_dict()))
    else:
        _print_report(report)
    if not report.holds:
        sys.exit(1)


POSITIONS_BAR_ABOVE = 200_000
"""Positions worth a progress bar."""


def _tree_conjecture(
    chosen: Conjecture,
    max_vertices: int,
    max_label: int,
    min_length: int,
    state_dir: str | None,
    sweep_dir: str | None,
    as_json: bool,
) -> None:
    """``endnim conjecture --variant tree``."""
    from rich.table import Table

    from endnim.analysis.tree_conjecture import check_tree_conjecture
    from endnim.render import output_console, plain, print_trimmed

    if state_dir is not None:
        raise EndNimError("--state is for rows; a tree sweep (endnim sweep -v tree) is resumable")
    if min_length != 1:
        raise EndNimError("--min-length is for rows")
    if sweep_dir is not None:
        _check_paths(None, sweep_dir)
    report = check_tree_conjecture(chosen, max_vertices, max_label, sweep_dir=sweep_dir)
    if as_json:
        click.echo(json.dumps(report.to_dict()))
    else:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        grid.add_row("conjecture", plain(report.statement))
        grid.add_row("variant", "tree")
        grid.add_row(
            "range",
            f"every labelled tree with <= {max_vertices} vertices and labels <= {max_label}, "
            "one per isomorphism class",
        )
        grid.add_row("trees", f"{report.trees:,}")
        grid.add_row("values from", plain(report.source))
        if report.applicable != report.trees:
            grid.add_row("applicable", f"{report.applicable:,}")
        if report.holds:
            grid.add_row("result", "[bold green]holds[/] on every tree checked")
        else:
            grid.add_row(
                "result", f"[bold red]FAILS[/]: {report.counterexamples:,} counterexamples"
            )
            grid.add_row("smallest", plain(report.smallest_counterexample or "—"))
            grid.add_row("first found", plain(", ".join(report.examples)))
        if report.tight_meaning:
            grid.add_row(
                "extremal", f"{report.tight_count:,} trees with {plain(report.tight_meaning)}"
            )
            grid.add_row("  smallest", plain(report.smallest_tight or "—"))
        print_trimmed(output_console(), grid)
    if not report.holds:
        sys.exit(1)


def _show(piles: tuple[int, ...] | None) -> str:
    return "—" if piles is None else " ".join(map(str, piles))


def _shown(piles: tuple[int, ...] | None, value: object) -> str:
    """A case with its value: ``5 4 2 4 (g = 4)`` (``g`` as in the expressions)."""
    from endnim.render import plain

    text = _show(piles)
    return plain(text if piles is None or value is None else f"{text} (g = {value})")


def _print_report(report: ConjectureReport) -> None:
    from rich.table import Table

    from endnim.render import output_console, plain, print_trimmed

    console = output_console()
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    # the statement is the user's expression, the variant and the source name a rule set (and
    # a directory): text, never rich markup
    grid.add_row("conjecture", plain(report.statement))
    grid.add_row("variant", plain(report.variant))
    lengths = f"{report.min_length}..{max(report.max_length, report.done_length)}"
    grid.add_row("range", f"every position of length {lengths} with piles <= {report.max_pile}")
    resumed = "  [dim](continued from a saved state)[/]" if report.resumed else ""
    grid.add_row("positions", f"{report.positions:,}{resumed}")
    grid.add_row("values from", plain(report.source))
    if report.applicable != report.positions:
        grid.add_row("applicable", f"{report.applicable:,}")
    if report.holds:
        grid.add_row("result", "[bold green]holds[/] on every position checked")
    else:
        grid.add_row("result", f"[bold red]FAILS[/]: {report.counterexamples:,} counterexamples")
        grid.add_row(
            "smallest (heaps)",
            _shown(
                report.smallest_counterexample_by_heaps,
                report.value_of("smallest_counterexample_by_heaps"),
            ),
        )
        grid.add_row(
            "smallest (beans)",
            _shown(
                report.smallest_counterexample_by_beans,
                report.value_of("smallest_counterexample_by_beans"),
            ),
        )
        grid.add_row(
            "first found",
            ", ".join(
                _shown(p, v) for p, v in zip(report.examples, report.example_values, strict=True)
            ),
        )
    if report.tight_meaning:
        grid.add_row(
            "extremal", f"{report.tight_count:,} positions with {plain(report.tight_meaning)}"
        )
        grid.add_row(
            "  fewest heaps",
            _shown(report.smallest_tight_by_heaps, report.value_of("smallest_tight_by_heaps")),
        )
        grid.add_row(
            "  fewest beans",
            _shown(report.smallest_tight_by_beans, report.value_of("smallest_tight_by_beans")),
        )
    print_trimmed(console, grid)


def _check_paths(state_dir: str | None, sweep_dir: str | None) -> None:
    """``--state`` may name a new directory, but only inside one that exists (no tree is made
    by accident); ``--sweep`` must name a stored sweep."""
    from pathlib import Path

    if state_dir is not None:
        state = Path(state_dir).expanduser()
        if state.exists() and not state.is_dir():
            raise EndNimError(f"--state {state_dir}: not a directory")
        if not state.exists() and not state.parent.is_dir():
            raise EndNimError(
                f"--state {state_dir}: its parent directory {state.parent} does not exist "
                "(create it first)"
            )
    if sweep_dir is not None:
        from endnim.sweep.store import CATALOGUE, DESCRIPTION

        sweep = Path(sweep_dir).expanduser()
        if not sweep.is_dir():
            raise EndNimError(f"--sweep {sweep_dir}: no such directory")
        if not ((sweep / CATALOGUE).exists() or (sweep / DESCRIPTION).exists()):
            raise EndNimError(f"--sweep {sweep_dir}: holds no stored sweep ('endnim sweep -o DIR')")


def _stream(
    name: str | None,
    custom: str | None,
    variant: str | None,
    max_length: int,
    max_pile: int,
    min_length: int,
    state_dir: str | None,
    sweep_dir: str | None,
    as_json: bool,
    threads: int | None,
) -> None:
    """``--stream``: every Horrocks conjecture at once (:mod:`endnim.sweep.stream`)."""
    from pathlib import Path

    from endnim.sweep.stream import level_bytes, stream_horrocks

    if custom or (name or "").lower() not in ("horrocks", "horrocks-1", "horrocks-2", "horrocks-3"):
        raise EndNimError("--stream checks Horrocks' conjectures: NAME horrocks (or horrocks-N)")
    if variant is not None and variant.lower() != "muller":
        raise EndNimError("--stream checks Horrocks' conjectures on Muller End-Nim: drop --variant")
    if min_length != 1 or sweep_dir is not None:
        raise EndNimError(
            "--stream covers every length from 1 and computes its own values: "
            "drop --min-length and --sweep"
        )
    from endnim.sweep.plan import default_memory

    needed = level_bytes(max_length, max_pile)
    if needed > default_memory():
        raise EndNimError(
            f"--stream keeps one level of {needed / 2**30:.1f} GiB in memory, more than half of "
            "this machine's: lower --max-length or --max-pile"
        )
    _check_paths(state_dir, None)
    state = None
    if state_dir is not None:
        state = Path(state_dir).expanduser() / f"horrocks-stream-L{max_length}-H{max_pile}.json"
    total = sum(max_pile**n for n in range(1, max_length + 1))
    from endnim.render import ProgressBar

    bar = ProgressBar("positions", show=total >= POSITIONS_BAR_ABOVE)
    try:
        with bar:
            report = stream_horrocks(
                max_length, max_pile, workers=threads, state=state, progress=bar.update
            )
    except KeyboardInterrupt:
        hint = "run the same command again to continue" if state else "use --state DIR to resume"
        click.echo(f"endnim: interrupted; {hint}", err=True)
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(report.to_dict()))
    else:
        _print_stream(report)
    if any(report.counterexamples().values()):
        sys.exit(1)


def _print_stream(report: object) -> None:
    from rich.table import Table

    from endnim.render import output_console, print_trimmed
    from endnim.sweep.stream import StreamReport

    assert isinstance(report, StreamReport)
    console = output_console()
    console.print(
        f"Horrocks' conjectures on every Muller position of length <= {report.max_length} with "
        f"piles <= {report.max_pile}: {report.positions:,} positions in {report.seconds:.1f} s"
    )
    for conjecture, count in report.counterexamples().items():
        verdict = (
            "[bold green]holds[/]" if count == 0 else f"[bold red]{count:,} counterexamples[/]"
        )
        console.print(f"  {conjecture}: {verdict}")
    table = Table(
        "n",
        "positions",
        "max G",
        "count",
        "first",
        "C1 least slack",
        "count",
        "first",
        "C2 G = a − 1",
        "C2 equality",
        "first",
    )
    for n, s in sorted(report.lengths.items()):

        def first(rows: list[list[int]]) -> str:
            return " ".join(map(str, rows[0])) if rows else "—"

        table.add_row(
            str(n),
            f"{s['positions']:,}",
            str(s["max_value"]),
            f"{s['max_value_count']:,}",
            first(s["max_value_first"]),
            str(s["c1_min_slack"]),
            f"{s['c1_min_slack_count']:,}",
            first(s["c1_min_slack_first"]),
            f"{s['c2_applicable']:,}",
            f"{s['c2_equal']:,}",
            first(s["c2_equal_first"]),
        )
    print_trimmed(console, table)
