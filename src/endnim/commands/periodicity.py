"""``endnim periodicity``: ultimate arithmetico-periodicity of the rows of a value table."""

from __future__ import annotations

import json

import click

from endnim.commands.common import (
    certificates_option,
    convention_option,
    layout_option,
    threads_option,
    variant_name,
    variant_option,
)


@click.command()
@variant_option()
@convention_option()
@click.option("--middle", "-w", default="", help='The fixed string w, e.g. "4" ("" for a·b).')
@click.option("--a", "rows", default="1..20", show_default=True, help="The rows a to examine.")
@click.option(
    "--cols",
    "-b",
    default="1..512",
    show_default=True,
    help="The columns b computed for each row (a contiguous range).",
)
@layout_option()
@click.option(
    "--min-periods",
    type=click.IntRange(min=2),
    default=3,
    show_default=True,
    help="Full periods the data must cover after the preperiod (the confidence rule).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@threads_option
@click.option(
    "--prove",
    is_flag=True,
    help="Prove each row's period (End-Nim's recurrence: End-Nim, misère, Loop; Muller's "
    "eventually constant rows; octal games by Guy–Smith) and write certificates; --cols is "
    "then ignored (see --budget).",
)
@certificates_option("certificates")
@click.option(
    "--budget",
    type=click.IntRange(min=16),
    default=None,
    help="The last column (octal: heap) --prove computes [default: 1000000; octal: 16384]; "
    "with --check, the most work (cells) the checker does per certificate [default: 200000000].",
)
@click.option(
    "--check",
    "check_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Verify a certificate written by --prove (and the certificates it relies on) by "
    "recomputing what it claims; its seal only catches accidents (see docs/atlas.md).",
)
def periodicity(
    variant: str,
    convention: str,
    middle: str,
    rows: str,
    cols: str,
    layout: str,
    min_periods: int,
    as_json: bool,
    threads: int | None,
    prove: bool,
    certificates: str,
    budget: int | None,
    check_path: str | None,
) -> None:
    """Preperiod, period and saltus of each row a of the table of a·w·b (b varying).

    A row is ultimately arithmetico-periodic when v(b + period) = v(b) + saltus for every b
    from the preperiod on; it is believed only if the computed columns cover at least
    --min-periods full periods after the preperiod.

    \b
    endnim periodicity --middle 4 --a 1..20 --cols 1..2048
    endnim periodicity --middle 4 --a 1..32 --prove --json
    endnim periodicity --check certificates/endnim/awb-4.json
    endnim periodicity --rules examples/variants/octal.py:Octal07 --prove
    """
    if check_path is not None:
        from endnim.commands.proofs import check_command

        check_command(check_path, as_json, budget)
        return
    if prove:
        from endnim.commands.proofs import prove_command

        name = variant_name(variant.lower(), convention)
        prove_command(name, middle, rows, layout, certificates, budget, as_json, threads)
        return
    from endnim.analysis.periodicity import growth_summary, table_periodicity
    from endnim.analysis.tables import table_path, table_path_note
    from endnim.variants import get_row_variant

    name = variant_name(variant.lower(), convention)
    rules = get_row_variant(name, "an a·w·b table")
    found = table_periodicity(
        name, middle, rows, cols, layout=layout, min_periods=min_periods, threads=threads
    )
    summary = growth_summary(found)
    if table_path(rules) != "engine" and not as_json:  # the engine is the rule
        click.echo(f"endnim: {table_path_note(rules)}", err=True)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "variant": name,
                    "path": table_path(rules),
                    "middle": middle,
                    "layout": layout,
                    "cols": cols,
                    "min_periods": min_periods,
                    "rows": [row.to_dict() for row in found],
                    "summary": summary,
                }
            )
        )
        return
    from rich.table import Table

    from endnim.analysis.tables import pattern_of
    from endnim.position import as_position
    from endnim.render import output_console, plain, print_trimmed

    pattern = pattern_of(tuple(as_position(middle, allow_empty=True)), layout)
    title = plain(f"Rows of {pattern}, b in {cols}")  # --cols as typed: text, not rich markup
    grid = Table(title=title, show_edge=False, header_style="bold")
    for heading in ("a", "preperiod", "period", "saltus", "periods seen"):
        grid.add_column(heading, justify="right")
    for row in found:
        if row.periodicity is None:
            grid.add_row(str(row.a), "—", "—", "—", "[yellow]not found[/]")
        else:
            p = row.periodicity
            grid.add_row(
                str(row.a), str(p.preperiod), str(p.period), str(p.saltus), str(p.periods_seen)
            )
    console = output_console()
    print_trimmed(console, grid)
    for line in summary:
        console.print(f"• {line}")
