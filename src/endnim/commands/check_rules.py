"""``endnim check-rules FILE.py:Class``: exercise a rule set's hooks before trusting it."""

from __future__ import annotations

import json
from typing import Any

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

    report = run_checks(
        spec,
        max_piles=max_piles,
        max_pile=max_pile,
        starts=starts,
        job="endnim.commands.check_rules:exercise_and_analyse",
    )
    if report.ok and spec.strip().lower().endswith(".toml"):  # data, checked in this process
        from endnim.variants import load_rules
        from endnim.variants.checker import RulesReport

        data = report.to_json()
        _analyse(data, load_rules(spec), max_piles, max_pile, starts)
        report = RulesReport.from_json(data)
        report.label = str(data["label"])
    if as_json:
        click.echo(json.dumps(report.to_json()))
    else:
        _print(report)
    if not report.ok:
        raise SystemExit(1)


ANALYSED = 200
"""Positions ``check-rules`` also analyses as ``endnim analyze`` does (the same plan,
strategies, thresholds and winning moves), so that a rule set that crashes a command cannot
pass the check (issue 39)."""


def exercise_and_analyse(
    spec: str, max_piles: int, max_pile: int, starts: tuple[str, ...], skip: tuple[str, ...]
) -> dict[str, Any]:
    """The hooks' checks, then, if they found nothing, ``endnim analyze`` of the first
    :data:`ANALYSED` positions (a job of the checking worker): an error that is not a
    one-line refusal is a finding naming the command and the position."""
    from endnim.variants import load_rules
    from endnim.variants.checker import exercise

    data = exercise(spec, max_piles, max_pile, starts, skip)
    if not data.get("findings"):
        _analyse(data, load_rules(spec), max_piles, max_pile, starts)
    return data


def _analyse(
    data: dict[str, Any],
    rules: Any,
    max_piles: int,
    max_pile: int,
    starts: tuple[str, ...],
) -> None:
    """``endnim analyze`` of the first :data:`ANALYSED` start positions, a failure that is not
    a one-line refusal added to the report ``data`` as a finding."""
    from endnim.analyzer import analyze
    from endnim.errors import EndNimError
    from endnim.variants.checker import start_positions

    for position in start_positions(rules, max_piles, max_pile, starts)[:ANALYSED]:
        try:
            analysis = analyze(position, rules)
            analysis.to_json()  # what --json, --batch and the API print
            analysis.move_summary()  # what the table and the page print
        except EndNimError:
            continue  # a one-line refusal is an answer (over a budget, not for this game, ...)
        except Exception as error:  # the command would crash: endnim's fault or the rules'
            shown = " ".join(rules.format_position(position).split())[:60]
            data["findings"].append(
                {
                    "kind": "analyze fails",
                    "hook": "analyze",
                    "detail": f"endnim analyze {shown!r} fails: {type(error).__name__}: "
                    + " ".join(str(error).split())[:200],
                }
            )
            data["ok"] = False
            break


def _print(report: object) -> None:
    from rich.table import Table

    from endnim.render import output_console, plain
    from endnim.variants.checker import RulesReport

    assert isinstance(report, RulesReport)
    console = output_console()  # every command's: to a pipe or a file never wrapped
    # the label, the notes and the findings quote the user's rule set: text, never rich markup
    console.print(
        f"[bold]{plain(report.label)}[/bold]: {report.positions:,} positions checked; hooks of "
        f"its own: {plain(', '.join(report.hooks) or 'none')}"
    )
    for note in report.notes:
        console.print(f"note: {plain(note)}")
    if report.ok:
        console.print("[green]no problem found[/green]")
        return
    table = Table(show_header=True, header_style="bold")
    for column in ("problem", "hook", "example"):
        table.add_column(column, overflow="fold")
    for finding in report.findings[:20]:
        table.add_row(plain(finding.kind), plain(finding.hook), plain(finding.detail))
    console.print(table)
    console.print(f"[red]{len(report.findings)} problem(s) found[/red]")
