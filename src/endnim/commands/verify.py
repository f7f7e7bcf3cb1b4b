"""``endnim verify``: re-check every statement of the three papers by exhaustive search."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from endnim.commands.common import threads_option

if TYPE_CHECKING:
    from endnim.analysis.statements import Statement
    from endnim.analysis.verify import Result


@click.command()
@click.option(
    "--paper",
    "-p",
    "papers",
    multiple=True,
    help="Only this paper: albert-nowakowski (an), cairns-ho (ch) or horrocks (h); repeatable.",
)
@click.option(
    "--statement",
    "-s",
    "keys",
    multiple=True,
    help="Only statements whose key starts with this (see --list); repeatable.",
)
@click.option(
    "--bound",
    "-H",
    type=click.IntRange(min=1),
    default=None,
    help="Check every range with piles up to BOUND instead of the default ranges.",
)
@click.option(
    "--max-length",
    "-L",
    type=click.IntRange(min=1),
    default=None,
    help="Longest rows for the statements about rows of any length.",
)
@click.option("--list", "list_only", is_flag=True, help="List the statements and their ranges.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@threads_option
def verify(
    papers: tuple[str, ...],
    keys: tuple[str, ...],
    bound: int | None,
    max_length: int | None,
    list_only: bool,
    as_json: bool,
    threads: int | None,
) -> None:
    """Reproduce the papers' theorems, propositions, corollaries, tables and worked examples.

    Each statement is checked on every position of its range (or on the positions a table or
    example lists) against the exact engine. Slips listed in docs/errata.md appear as printed (the
    check must find a counterexample: SLIP CONFIRMED) and as corrected (OK). Exit status 0 if
    every statement behaves so, 1 otherwise.

    \b
    endnim verify                          every statement, default ranges (about 20 s)
    endnim verify --paper horrocks --bound 6
    endnim verify -s horrocks/prop-13 --json
    """
    from endnim.analysis import verify as verifying
    from endnim.analysis.verify import check_range, describe, effective_boxes, select

    chosen = select(papers, keys)
    if list_only:
        if as_json:
            rows = [
                {
                    "key": s.key,
                    "citation": s.citation,
                    "statement": s.text,
                    "range": describe(effective_boxes(s, bound, max_length), s.positions),
                    "expect": "holds" if s.expect else "fails (slip as printed)",
                }
                for s in chosen
            ]
            click.echo(json.dumps(rows))
        else:
            for s in chosen:
                ranges = "; ".join(describe(effective_boxes(s, bound, max_length), s.positions))
                slip = "  [slip as printed]" if not s.expect else ""
                click.echo(f"{s.key:45} {s.citation}{slip}\n{'':45} {ranges}")
        return
    total = check_range(chosen, bound, max_length)
    from endnim.render import ProgressBar

    with ProgressBar("verify", show=total > 100_000, describe=_statement_key) as bar:
        results = verifying.verify(
            chosen, bound=bound, max_length=max_length, threads=threads, progress=bar.update
        )
    good = all(r.as_expected for r in results)
    if as_json:
        click.echo(json.dumps({"results": [r.to_dict() for r in results], **_summary(results)}))
    else:
        _print_report(results)
    if not good:
        sys.exit(1)


def _summary(results: list[Result]) -> dict[str, object]:
    counts: dict[str, int] = {}
    for result in results:
        counts[result.status] = counts.get(result.status, 0) + 1
    return {
        "statements": len(results),
        "positions": sum(r.positions for r in results),
        "counts": counts,
        "as_expected": all(r.as_expected for r in results),
    }


_STYLES = {
    "OK": "bold green",
    "SLIP CONFIRMED": "bold yellow",
    "FAIL": "bold red",
    "NOT REPRODUCED": "bold red",
}


def _print_report(results: list[Result]) -> None:
    from rich.table import Table

    from endnim.render import output_console, plain, print_trimmed

    console = output_console()
    grid = Table(show_lines=True, header_style="bold", expand=console.is_terminal)
    grid.add_column("result", no_wrap=True)
    grid.add_column("statement", ratio=3)
    grid.add_column("range checked", ratio=1)
    grid.add_column("positions", justify="right", no_wrap=True)
    for r in results:
        s = r.statement
        text = f"[bold]{plain(s.citation)}[/]\n{plain(s.text)}"
        if s.note:
            text += f"\n[dim]{plain(s.note)}[/]"
        verdict = f"[{_STYLES[r.status]}]{r.status}[/]"
        if r.counterexample is not None:
            shown = " ".join(map(str, r.counterexample))
            verdict += f"\ncounterexample:\n{shown} (value {r.counterexample_value})"
            if r.failures > 1:
                verdict += f"\n{r.failures:,} in all"
        counted = f"{r.positions:,}"
        if r.applicable != r.positions:
            counted += f"\n[dim]{r.applicable:,} applicable[/]"
        grid.add_row(verdict, text, "\n".join(r.ranges), counted)
    print_trimmed(console, grid)
    summary = _summary(results)
    counts = summary["counts"]
    assert isinstance(counts, dict)
    parts = [f"{n} {status}" for status, n in counts.items()]
    console.print(
        f"{len(results)} statements, {summary['positions']:,} positions checked: "
        + ", ".join(parts)
    )


def _statement_key(statement: Statement) -> str:
    """What the verify bar says beside the statements checked: the one being checked."""
    return statement.key
