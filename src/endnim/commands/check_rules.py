"""``endnim check-rules FILE.py:Class``: exercise a rule set's hooks before trusting it."""

from __future__ import annotations

import json

import click


@click.command(name="check-rules")
@click.argument("spec", metavar="FILE.py:CLASS|FILE.toml")
@click.option(
    "--max-piles",
    type=click.IntRange(1, 6),
    default=3,
    show_default=True,
    help="Rows of up to this many piles are checked (row rule sets).",
)
@click.option(
    "--max-pile",
    type=click.IntRange(1, 12),
    default=4,
    show_default=True,
    help="Piles of up to this many coins.",
)
@click.option(
    "--start",
    "starts",
    multiple=True,
    metavar="POSITION",
    help="Check the positions reachable from this one (repeatable; rule sets whose positions "
    "are not rows need it).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_rules(
    spec: str, max_piles: int, max_pile: int, starts: tuple[str, ...], as_json: bool
) -> None:
    """Exercise every hook of your rule set on small positions and report what is wrong.

    Looks for hooks that raise, return the wrong kind of value or do not return, positions that
    never end or keep growing, terminal positions with options, options that are not
    positions, hooks that answer differently twice, notation that does not read back, and a
    name that clashes with a built-in rule set. Exit status 1 if anything is wrong, 2 if the
    file cannot be loaded (``ENDNIM_HOOK_TIMEOUT`` sets the seconds a hook may take).
    """
    from endnim.variants.checker import check_rules as run_checks

    report = run_checks(spec, max_piles=max_piles, max_pile=max_pile, starts=starts)
    if as_json:
        click.echo(json.dumps(report.to_json()))
    else:
        _print(report)
    if not report.ok:
        raise SystemExit(1)


def _print(report: object) -> None:
    from rich.console import Console
    from rich.table import Table

    from endnim.variants.checker import RulesReport

    assert isinstance(report, RulesReport)
    console = Console(highlight=False)
    console.print(
        f"[bold]{report.label}[/bold]: {report.positions:,} positions checked; hooks of its "
        f"own: {', '.join(report.hooks) or 'none'}"
    )
    for note in report.notes:
        console.print(f"note: {note}")
    if report.ok:
        console.print("[green]no problem found[/green]")
        return
    table = Table(show_header=True, header_style="bold")
    for column in ("problem", "hook", "example"):
        table.add_column(column, overflow="fold")
    for finding in report.findings[:20]:
        table.add_row(finding.kind, finding.hook, finding.detail)
    console.print(table)
    console.print(f"[red]{len(report.findings)} problem(s) found[/red]")
