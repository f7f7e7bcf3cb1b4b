"""``endnim graph-table``: values of a graph family over two parameters a and b, as a table
(text, CSV, LaTeX, JSON, ...) or a heatmap."""

from __future__ import annotations

import click

from endnim.commands.common import (
    print_table,
    table_output_options,
    table_range_options,
    variant_option,
)


@click.command("graph-table")
@variant_option("tree", "The rule set: tree, depot or depot-partizan.")
@click.option(
    "--family",
    "-F",
    type=click.Choice(("path", "star", "spider", "caterpillar", "binary", "cycle", "grid")),
    required=True,
    help="The family (see below for its parameters).",
)
@click.option("--centre", default=None, help="star, spider: the centre's label.")
@click.option("--leaves", default=None, help='star: the leaves\' labels, e.g. "a b 1".')
@click.option(
    "--legs",
    default=None,
    help='spider: the legs from the centre outwards, ";" between legs ("a 1; b 1"); '
    'caterpillar: the leaves of each spine vertex, ";" between spine vertices.',
)
@click.option("--spine", default=None, help="caterpillar: the spine's labels.")
@click.option("--depth", default=None, help="binary: the depth (0: one vertex).")
@click.option(
    "--labels",
    default=None,
    help="path, cycle: the labels in order; binary: one label or one per level.",
)
@click.option("--size", default=None, help='grid: RxC, e.g. "3x4" or "a x b".')
@click.option("--cells", default=None, help="grid: one label for every cell, or one per cell.")
@click.option(
    "--colours",
    default=None,
    help="depot-partizan: grid: G (every edge green, default) or LR (horizontal edges Left's, "
    "vertical Right's); tree families: one letter L/R/G per leaf's depot edge.",
)
@table_range_options("1..8")
@click.option(
    "--max", "top", type=click.IntRange(min=1), default=None, help="Shorthand: a, b in 1..MAX."
)
@table_output_options
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=None,
    help="Most states the search may meet (default: the analyser's budget).",
)
def graph_table(
    variant: str,
    family: str,
    centre: str | None,
    leaves: str | None,
    legs: str | None,
    spine: str | None,
    depth: str | None,
    labels: str | None,
    size: str | None,
    cells: str | None,
    colours: str | None,
    rows: str,
    cols: str,
    top: int | None,
    fmt: str,
    png: str | None,
    svg: str | None,
    budget: int | None,
) -> None:
    """Grundy values (depot-partizan: outcome classes) of a graph family over a in ROWS and b in
    COLS: write a and b (or a+1, b-2) in the family's parameters. A table using only a has one
    column (headed 0). Tree families in depot and depot-partizan get an empty vertex (depot)
    hung on each leaf; cycles and grids are not trees (depot, depot-partizan only).

    \b
    Families and their parameters (vertex numbering: docs/graphs.md):
      path         --labels                 the path (End-Nim's row)
      star         --centre --leaves        centre 0, leaves 1, 2, ...
      spider       --centre --legs          legs from the centre outwards
      caterpillar  --spine [--legs]         leaves hung on the spine's vertices
      binary       --depth --labels         complete binary tree, heap order
      cycle        --labels                 empty vertex 0 and the labels round it
      grid         --size --cells           RxC warehouse, empty border
    \b
    endnim graph-table --family star --centre 2 --leaves "a b" --max 12
    endnim graph-table --family star --centre a --leaves "b b b" -a 1..6 -b 1..6
    endnim graph-table --family spider --centre 1 --legs "a 1; b 1" --max 8
    endnim graph-table -v depot --family grid --size "a x b" --cells 1 -a 1..3 -b 1..4
    endnim graph-table -v depot-partizan --family grid --size 2x2 --cells "a b b a" --colours LR
    """
    from endnim.analysis.graph_tables import family_table
    from endnim.render import progress_bar

    if top is not None:
        rows = cols = f"1..{top}"
    parameters = {
        "centre": centre,
        "leaves": leaves,
        "legs": legs,
        "spine": spine,
        "depth": depth,
        "labels": labels,
        "size": size,
        "cells": cells,
        "colours": colours,
    }
    bar = progress_bar()
    with bar:
        result = family_table(
            variant, family, parameters, rows, cols, budget=budget, progress=bar.update
        )
    print_table(result, fmt, png, svg)
