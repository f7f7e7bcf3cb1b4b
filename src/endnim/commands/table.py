"""``endnim table``: the values of a·w·b over a range of a and b, as text or a heatmap."""

from __future__ import annotations

import click

from endnim.commands.common import (
    convention_option,
    table_output_options,
    table_range_options,
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
@click.option(
    "--layout",
    type=click.Choice(("awb", "wab", "abw")),
    default="awb",
    show_default=True,
    help="awb: a·w·b; wab: w·a·b (Horrocks' 4ab table); abw: a·b·w.",
)
@table_output_options
@click.option("--threads", type=click.IntRange(min=1), default=None, help="Engine threads.")
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
    if fmt == "terminal":
        from endnim.analysis.formats import rich_table
        from endnim.render import output_console, print_trimmed

        print_trimmed(output_console(), rich_table(result))
    else:
        text = result.render(fmt)
        click.echo(text, nl=not text.endswith("\n"))
    for path, kind in ((png, "png"), (svg, "svg")):
        if path is not None:
            written = result.heatmap().save(path, kind)
            click.echo(f"wrote {written}", err=True)
