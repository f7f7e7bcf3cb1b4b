"""A value table as a heatmap (PNG or SVG) with a legend, drawn with matplotlib.

Matplotlib is imported only when a picture is drawn. Rows (a) run down and columns (b) across,
as in the papers' tables. Impartial tables colour the Grundy value (colour bar) and mark the
P-positions (value 0) with a dot; partizan tables colour the four outcome classes (legend).
Small tables also print the value in each cell.

>>> from endnim.analysis.tables import value_table
>>> svg = Heatmap(value_table("endnim", "4", "1..4", "1..4")).to_svg()  # doctest: +SKIP
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from endnim.analysis.formats import PARTIZAN_COLOURS, ValueTable
from endnim.errors import EndNimError
from endnim.outcome import CODE_TO_OUTCOME as OUTCOME_LABELS
from endnim.palette import DARK_TEXT, LIGHT_TEXT, grundy_colour, text_colour

if TYPE_CHECKING:
    from matplotlib.figure import Figure

ANNOTATE_UP_TO = 24
"""Cells carry their value as text when the table has at most this many rows and columns."""
PICTURE_FORMATS = ("png", "svg")


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - depends on the installation
        raise EndNimError(
            "heatmaps need matplotlib: pip install matplotlib (or endnim[plot])"
        ) from None
    return matplotlib


class Heatmap:
    """The heatmap of a :class:`ValueTable`; shows itself in notebooks (SVG and PNG)."""

    def __init__(self, table: ValueTable) -> None:
        self.table = table

    def figure(self) -> Figure:
        """A matplotlib figure (no pyplot state: safe in scripts, threads and notebooks)."""
        _matplotlib()
        import numpy as np
        from matplotlib.colors import BoundaryNorm, ListedColormap
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch

        table = self.table
        values = np.array(table.values, dtype=float)
        rows, cols = values.shape
        annotate = rows <= ANNOTATE_UP_TO and cols <= ANNOTATE_UP_TO
        width = min(14.0, max(4.5, 0.42 * cols + 2.6))
        height = min(12.0, max(3.5, 0.42 * rows + 1.6))
        fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
        ax = fig.add_subplot()
        if table.impartial:
            top = int(values.max()) if values.size else 0
            cmap = _value_colours(top)
            norm = BoundaryNorm(np.arange(-0.5, top + 1.5), cmap.N)
            image = ax.imshow(values, cmap=cmap, norm=norm, aspect="equal")
            ticks = _colourbar_ticks(top)
            bar = fig.colorbar(image, ax=ax, ticks=ticks, shrink=0.9, pad=0.02)
            mark = "bold 0" if annotate else "•"
            bar.set_label(f"Grundy value ({mark}: a P-position)")
            zero_r, zero_c = np.nonzero(values == 0)
            if not annotate and zero_r.size:
                ax.scatter(
                    zero_c, zero_r, s=max(2.0, 600.0 / max(rows, cols)), c=LIGHT_TEXT, marker="."
                )
        else:
            cmap = ListedColormap([PARTIZAN_COLOURS[label] for label in OUTCOME_LABELS])
            norm = BoundaryNorm(np.arange(-0.5, 4.5), cmap.N)
            ax.imshow(values, cmap=cmap, norm=norm, aspect="equal")
            names = {
                "P": "P: second player wins",
                "L": "L: Left wins",
                "R": "R: Right wins",
                "N": "N: first player wins",
            }
            handles = [
                Patch(facecolor=PARTIZAN_COLOURS[k], edgecolor="#777", label=names[k])
                for k in OUTCOME_LABELS
            ]
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
        if annotate:
            labels = table.labels()
            for i in range(rows):
                for j in range(cols):
                    text = labels[i][j]
                    light = _is_dark(cmap, norm, values[i, j])
                    ax.text(
                        j,
                        i,
                        text,
                        ha="center",
                        va="center",
                        fontsize=8 if max(rows, cols) > 16 else 9,
                        color=LIGHT_TEXT if light else DARK_TEXT,
                        fontweight="bold" if text in ("0", "P") else "normal",
                    )
        ax.set_xticks(range(cols), [str(b) for b in table.cols], fontsize=8)
        ax.set_yticks(range(rows), [str(a) for a in table.rows], fontsize=8)
        _thin_ticks(ax, rows, cols)
        ax.xaxis.tick_top()
        ax.xaxis.set_label_position("top")
        ax.set_xlabel("b")
        ax.set_ylabel("a")
        ax.set_title(table.title, fontsize=11)
        return fig

    def save(self, path: str | Path, fmt: str | None = None) -> Path:
        """Write the heatmap to ``path`` (PNG or SVG, by ``fmt`` or the file's suffix)."""
        target = Path(path)
        kind = (fmt or target.suffix.lstrip(".")).lower()
        if kind not in PICTURE_FORMATS:
            raise EndNimError(f"cannot write a heatmap to {target.name!r}: use a .png or .svg file")
        try:
            self.figure().savefig(target, format=kind)
        except OSError as error:
            raise EndNimError(f"cannot write {target}: {error.strerror or error}") from None
        return target

    def to_svg(self) -> str:
        """The heatmap as SVG text."""
        out = io.StringIO()
        self.figure().savefig(out, format="svg")
        return out.getvalue()

    def to_png(self) -> bytes:
        """The heatmap as PNG bytes."""
        out = io.BytesIO()
        self.figure().savefig(out, format="png")
        return out.getvalue()

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_png_(self) -> bytes:
        return self.to_png()


def _value_colours(top: int) -> Any:
    """One colour per Grundy value 0..top from a perceptually uniform map."""
    from matplotlib.colors import ListedColormap

    return ListedColormap([grundy_colour(value, top) for value in range(top + 1)])


def _colourbar_ticks(top: int) -> list[int]:
    step = max(1, (top + 1) // 12)
    return list(range(0, top + 1, step))


def _is_dark(cmap: Any, norm: Any, value: float) -> bool:
    from matplotlib.colors import to_hex

    return text_colour(to_hex(cmap(norm(value)))) == LIGHT_TEXT


def _thin_ticks(ax: Any, rows: int, cols: int) -> None:
    """Keep about 30 labelled ticks per axis on large tables."""
    for axis, count in ((ax.xaxis, cols), (ax.yaxis, rows)):
        step = max(1, -(-count // 30))
        if step > 1:
            for index, label in enumerate(axis.get_ticklabels()):
                label.set_visible(index % step == 0)
