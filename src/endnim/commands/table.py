"""``endnim table``: the values of a·w·b over a range of a and b, as text or a heatmap."""

from __future__ import annotations

import click

from endnim.commands.common import (
    convention_option,
    layout_option,
    print_table,
    table_output_options,
    table_range_options,
    threads_option,
    variant_name,
    variant_option,
)


@click.command()
@variant_option()
@convention_option()
@click.option(
    "--middle",
    "-w",
    default="",
    show_default=False,
    help='The fixed string w, e.g. "4" or "2 4 1" ("" for the two-pile table a·b).',
)
@table_range_options("1..16")
@layout_option("awb: a·w·b; wab: w·a·b (Horrocks' 4ab table); abw: a·b·w.")
@table_output_options
@threads_option
@click.option(
    "--budget", type=click.IntRange(min=1), default=None, help="Most cells the engine may compute."
)
def table(
    variant: str,
    convention: str,
    middle: str,
    rows: str,
    cols: str,
    layout: str,
    fmt: str,
    png: str | None,
    svg: str | None,
    threads: int | None,
    budget: int | None,
) -> None:
    """Grundy values (partizan: outcome classes) of a·w·b for a in ROWS and b in COLS.

    \b
    endnim table --middle 4                              Albert–Nowakowski's a4b table
    endnim table -v muller --middle "" -a 1..9 -b 1..9   Horrocks' two-heap table
    endnim table -v muller -w 4 --layout wab -a 1..9 -b 1..9 --format latex
    endnim table -v partizan -w "2 4 1" --png phase.png
    """
    from endnim.analysis.tables import table_path, table_path_note, value_table
    from endnim.render import progress_bar
    from endnim.variants import get_row_variant

    name = variant_name(variant.lower(), convention)
    rules = get_row_variant(name, "an a·w·b table")
    bar = progress_bar()
    with bar:
        result = value_table(
            name,
            middle,
            rows,
            cols,
            layout=layout,
            threads=threads,
            progress=bar.update,
            cells_budget=budget,
        )
    if table_path(rules) != "engine":  # the engine is the rule; any other path is said
        click.echo(f"endnim: {table_path_note(rules)}", err=True)
    print_table(result, fmt, png, svg)
