"""A value table as text: CSV, JSON, Markdown, LaTeX, HTML, or a rich table for the terminal.

Every format has the same shape: a corner cell naming the row and column piles (``a\\b``),
the column values across the top, one line per row value.

>>> from endnim.analysis.tables import value_table
>>> t = value_table("endnim", "4", "1..2", "1..3")
>>> print(render(t, "csv"), end="")
a\\b,1,2,3
1,0,1,2
2,1,0,3
>>> print(render(t, "markdown"))
| a\\b | 1 | 2 | 3 |
|---:|---:|---:|---:|
| **1** | 0 | 1 | 2 |
| **2** | 1 | 0 | 3 |
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Protocol

from endnim.errors import EndNimError
from endnim.palette import OUTCOME_COLOURS, grundy_colour, text_colour

if TYPE_CHECKING:
    from rich.table import Table


class ValueTable(Protocol):
    """What the formats and the heatmap read of a table of values (an
    :class:`endnim.analysis.tables.ValueTable` or a graph family's table): rows and columns,
    the values (Grundy values, or partizan outcome codes that :meth:`labels` writes as
    letters), a title and the plain data of ``--format json``."""

    @property
    def rows(self) -> Sequence[int]: ...
    @property
    def cols(self) -> Sequence[int]: ...
    @property
    def values(self) -> Sequence[Sequence[int]]: ...
    @property
    def impartial(self) -> bool: ...
    @property
    def title(self) -> str: ...
    def labels(self) -> Sequence[Sequence[str]]: ...
    def to_dict(self) -> dict[str, object]: ...


FORMATS: tuple[str, ...] = ("terminal", "csv", "json", "markdown", "latex", "html")
"""Every ``--format``; ``terminal`` is a rich table, the others are :func:`render`'s."""

PARTIZAN_COLOURS = {outcome.value: colour for outcome, colour in OUTCOME_COLOURS.items()}
"""Cell colours of the outcome classes (HTML, heatmap), from :mod:`endnim.palette`."""


def corner(table: ValueTable) -> str:
    """The corner label: row pile, backslash, column pile (``a\\b``)."""
    return "a\\b"


def render(table: ValueTable, fmt: str) -> str:
    """``table`` as ``csv``, ``json``, ``markdown``, ``latex`` or ``html`` text.

    >>> from endnim.analysis.tables import value_table
    >>> print(render(value_table("partizan", "", "1..2", "1..2"), "latex"))
    % Outcome classes of a·b (partizan End-Nim)
    \\begin{tabular}{r|rr}
    $a\\backslash b$ & 1 & 2 \\\\
    \\hline
    1 & P & R \\\\
    2 & L & P \\\\
    \\end{tabular}
    """
    renderers = {
        "csv": _csv,
        "json": _json,
        "markdown": _markdown,
        "latex": _latex,
        "html": _html,
    }
    if fmt not in renderers:
        raise EndNimError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")
    return renderers[fmt](table)


def _csv(table: ValueTable) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([corner(table), *table.cols])
    for a, line in zip(table.rows, table.labels(), strict=True):
        writer.writerow([a, *line])
    return out.getvalue()


def _json(table: ValueTable) -> str:
    return json.dumps(table.to_dict())


def _markdown(table: ValueTable) -> str:
    head = f"| {corner(table)} | " + " | ".join(map(str, table.cols)) + " |"
    rule = "|" + "---:|" * (len(table.cols) + 1)
    body = [
        f"| **{a}** | " + " | ".join(line) + " |"
        for a, line in zip(table.rows, table.labels(), strict=True)
    ]
    return "\n".join([head, rule, *body])


def _latex(table: ValueTable) -> str:
    lines = [
        f"% {table.title}",
        "\\begin{tabular}{r|" + "r" * len(table.cols) + "}",
        "$a\\backslash b$ & " + " & ".join(map(str, table.cols)) + " \\\\",
        "\\hline",
    ]
    for a, line in zip(table.rows, table.labels(), strict=True):
        lines.append(f"{a} & " + " & ".join(line) + " \\\\")
    lines.append("\\end{tabular}")
    return "\n".join(lines)


def _html(table: ValueTable) -> str:
    style = "border-collapse:collapse;font-family:monospace;text-align:right"
    cell = "padding:1px 6px;border:1px solid #ddd"
    parts = [
        f'<table style="{style}"><caption>{escape(table.title)}</caption>',
        f'<tr><th style="{cell}">{escape(corner(table))}</th>'
        + "".join(f'<th style="{cell}">{b}</th>' for b in table.cols)
        + "</tr>",
    ]
    largest = max((max(row) for row in table.values if row), default=0)
    for a, line in zip(table.rows, table.labels(), strict=True):
        cells = []
        for text in line:
            if table.impartial:
                colour = grundy_colour(int(text), largest) if text.isdigit() else ""
            else:
                colour = PARTIZAN_COLOURS.get(text, "")
            weight = "font-weight:bold;" if text in ("0", "P") else ""
            background = f"background:{colour};color:{text_colour(colour)};" if colour else ""
            cells.append(f'<td style="{cell};{weight}{background}">{escape(text)}</td>')
        parts.append(f'<tr><th style="{cell}">{a}</th>' + "".join(cells) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def rich_table(table: ValueTable) -> Table:
    """The table for the terminal: P-positions (value 0, class P) in bold.

    >>> from endnim.analysis.tables import value_table
    >>> rich_table(value_table("endnim", "4", "1..2", "1..2")).row_count
    2
    """
    from rich.markup import escape as markup_escape
    from rich.table import Table

    styles = {"L": "blue", "R": "red", "N": "yellow", "P": "bold"}
    # the title names the rule set: a user's title is text, not rich markup ("[...] t" lost
    # its bracketed words: issue 43's garbled name)
    title = markup_escape(table.title)
    grid = Table(title=title, show_edge=False, pad_edge=False, header_style="bold")
    grid.add_column(corner(table), justify="right", style="bold")
    for b in table.cols:
        grid.add_column(str(b), justify="right")
    for a, line in zip(table.rows, table.labels(), strict=True):
        cells = []
        for text in line:
            style = "bold" if text == "0" else styles.get(text, "")
            cells.append(f"[{style}]{text}[/]" if style else text)
        grid.add_row(str(a), *cells)
    return grid
