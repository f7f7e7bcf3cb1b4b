"""Phase diagrams of partizan End-Nim (Albert & Nowakowski 2001, §3): data and pictures.

The phase diagram of a row w is the outcome class of a·w·b for a, b >= 1, drawn as the paper
does with a increasing upwards and b to the right. By Prop 4 and Lemma 5 it is fixed by its
triple point (x, y), the leftmost-bottommost P: the P-positions are exactly the diagonal
(x+t)·w·(y+t), t >= 0; below-left of the triple point lies a rectangle of N's
(a < x and b < y); above it, left of the diagonal, L; right of it, below the diagonal, R.
Corollary 7 gives the triple point (L(w), R(w)) for odd length; for even length it lies on
the first row or column (Corollary 6: no N at all).

The grid is computed from the class, L* and R* of w alone (Prop 8 and the outcome rule, in
:mod:`endnim.theory.partizan`): O(1) per cell, any pile size.

>>> d = phase_diagram((2, 4, 1), size=8)
>>> d.triple_point, d.middle_class, d.at(6, 7), d.at(5, 6), d.at(7, 1), d.at(1, 7)
((6, 7), 'N', 'P', 'N', 'L', 'R')
>>> print(d.rows[5])  # a = 6: L up to the diagonal, P at b = 7, then R
LLLLLLPR
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from endnim.errors import EndNimError
from endnim.palette import OUTCOME_COLOURS, OUTCOME_TERMINAL_STYLES, text_colour
from endnim.position import as_position
from endnim.theory.partizan import (
    l_star_append,
    outcome,
    outcome_rule,
    r_star_prepend,
    star_thresholds,
    thresholds,
    triple_point,
)

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "PhaseDiagram",
    "phase_diagram",
    "phase_svg",
    "print_phase",
    "save_phase_figure",
]

MAX_SIZE = 400
"""Largest drawn range (a, b = 1..size)."""
DEFAULT_SIZE = 12
"""The smallest default range; the default grows to show the triple point and a few more."""
MAX_DEFAULT_SIZE = 60
"""The default range never exceeds this (the triple point may then lie outside)."""

SOURCE = "Albert–Nowakowski (2001) §3, Prop 4, Lemma 5, Cor 6–7, Prop 8"

COLOURS = {outcome.value: colour for outcome, colour in OUTCOME_COLOURS.items()}
"""Cell colours of the figure, from :mod:`endnim.palette`."""
_STYLES = {outcome.value: style for outcome, style in OUTCOME_TERMINAL_STYLES.items()}


class PhaseError(EndNimError):
    """A phase diagram that cannot be drawn as asked."""


@dataclass(frozen=True)
class PhaseDiagram:
    """The classes of a·w·b for a, b = 1..size, with w's triple point and thresholds.

    ``rows[a - 1][b - 1]`` is the class of a·w·b (a the first pile, b the last).
    """

    middle: tuple[int, ...]
    size: int
    rows: tuple[str, ...]
    middle_class: str
    triple_point: tuple[int, int]
    thresholds: dict[str, int] = field(default_factory=dict)

    def at(self, a: int, b: int) -> str:
        """The class of a·w·b (1 <= a, b <= size).

        >>> phase_diagram((3, 3), size=4).at(1, 1)
        'P'
        """
        return self.rows[a - 1][b - 1]

    @property
    def triple_point_shown(self) -> bool:
        """Whether the triple point lies inside the drawn range."""
        x, y = self.triple_point
        return x <= self.size and y <= self.size

    def _repr_svg_(self) -> str:
        """Notebook display: the figure of ``endnim phase --svg`` (:func:`phase_svg`)."""
        return phase_svg(self)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``endnim phase --json``.

        >>> phase_diagram((5, 2), size=3).to_dict()["grid"]
        ['LLL', 'LLL', 'LLL']
        """
        return {
            "middle": list(self.middle),
            "middle_class": self.middle_class,
            "size": self.size,
            "grid": list(self.rows),
            "grid_layout": "grid[a-1][b-1] is the class of a·w·b, a the first pile (row), "
            "b the last pile (column), a, b = 1..size",
            "triple_point": list(self.triple_point),
            "triple_point_shown": self.triple_point_shown,
            "thresholds": dict(self.thresholds),
            "source": SOURCE,
        }


def phase_diagram(middle: Sequence[int] | str, size: int | None = None) -> PhaseDiagram:
    """The phase diagram of the row ``middle`` (w) over a, b = 1..size (A–N §3).

    The default size shows the triple point and three more rows and columns (at least
    :data:`DEFAULT_SIZE`, at most :data:`MAX_DEFAULT_SIZE`).

    >>> phase_diagram("2 5").triple_point, phase_diagram("2 5").size
    ((6, 1), 12)
    """
    w = tuple(as_position(middle))
    kind = outcome(w)
    l_star, r_star = star_thresholds(w)
    left, right = thresholds(w)
    point = triple_point(w)
    if size is None:
        size = min(max(DEFAULT_SIZE, max(point) + 3), MAX_DEFAULT_SIZE)
    if not 1 <= size <= MAX_SIZE:
        raise PhaseError(f"the size must be between 1 and {MAX_SIZE}, not {size}")
    # R*(a w) depends on a only, L*(w b) on b only (Prop 8); the outcome rule does the rest.
    r_stars = [r_star_prepend(a, kind, l_star, r_star) for a in range(1, size + 1)]
    l_stars = [l_star_append(kind, l_star, r_star, b) for b in range(1, size + 1)]
    rows = tuple(
        "".join(outcome_rule(a, b, l_stars[b - 1], r_stars[a - 1]) for b in range(1, size + 1))
        for a in range(1, size + 1)
    )
    return PhaseDiagram(
        middle=w,
        size=size,
        rows=rows,
        middle_class=kind,
        triple_point=point,
        thresholds={"L": left, "R": right, "L_star": l_star, "R_star": r_star},
    )


def _short(piles: Sequence[int], limit: int = 40) -> str:
    text = " ".join(map(str, piles))
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- terminal
def print_phase(diagram: PhaseDiagram, console: Console | None = None) -> None:
    """Draw the diagram in the terminal: a upwards, b to the right, one letter per cell."""
    from rich.text import Text

    from endnim.render import output_console, print_trimmed

    console = console or output_console()
    size = diagram.size
    x, y = diagram.triple_point
    width = len(str(size))
    gap = "" if size > 40 else " "
    w = _short(diagram.middle)
    console.print(
        Text.assemble(
            ("phase diagram of w = ", ""),
            (w, "bold"),
            (f"  (w is {diagram.middle_class}):  class of a·w·b, ", ""),
            ("a upwards, b to the right", "italic"),
        )
    )
    for a in range(size, 0, -1):
        line = Text(f"{a:>{width}} │ ", style="dim")
        row = diagram.rows[a - 1]
        for b, kind in enumerate(row, start=1):
            style = _STYLES[kind] + (" reverse" if (a, b) == (x, y) else "")
            line.append(kind, style=style)
            if b < size:
                line.append(gap)
        console.print(line)
    step = len(gap) + 1
    axis = " " * width + " └─" + "─" * (size * step - len(gap))
    console.print(Text(axis, style="dim"))
    labels = [" "] * (size * step)
    for b in range(1, size + 1):
        if b == 1 or b % 5 == 0 or b == y:
            text = str(b)
            start = (b - 1) * step
            if all(c == " " for c in labels[start : start + len(text)]):
                labels[start : start + len(text)] = list(text)
    console.print(Text(" " * (width + 3) + "".join(labels).rstrip() + "   b", style="dim"))
    t = diagram.thresholds
    where = "" if diagram.triple_point_shown else " (outside the drawn range: use --size)"
    print_trimmed(
        console,
        f"triple point: ({x}, {y}), i.e. {x}·w·{y} is P{where}; P's on its diagonal "
        f"(x+t)·w·(y+t); N below and left of it, L above, R to the right",
    )
    print_trimmed(
        console,
        f"thresholds of w: L = {t['L']}, R = {t['R']}, L* = {t['L_star']}, R* = {t['R_star']}"
        f"   [dim]{SOURCE}[/]",
    )


# --------------------------------------------------------------------------- figure
def save_phase_figure(diagram: PhaseDiagram, path: str | Path, fmt: str | None = None) -> Path:
    """Draw the diagram like the paper's figure and save it as SVG or PNG (matplotlib).

    Cells are coloured by class; the lines separate the N rectangle from the L and R regions
    and run along the diagonal of P's from the triple point, as in A–N §3's figure for 241.
    """
    target = Path(path)
    kind = (fmt or target.suffix.lstrip(".")).lower()
    if kind not in ("svg", "png"):
        raise PhaseError(f"cannot draw {target.name!r}: choose a .svg or .png file")
    try:
        _draw(diagram, target, kind)
    except OSError as error:
        raise PhaseError(f"cannot write {target}: {error.strerror or error}") from None
    return target


def phase_svg(diagram: PhaseDiagram) -> str:
    """The figure of :func:`save_phase_figure` as SVG text (a notebook shows it).

    >>> svg = phase_svg(phase_diagram((2, 4, 1), size=8))
    >>> svg.startswith("<?xml") and "Phase diagram of w = 2 4 1" in svg
    True
    """
    buffer = io.BytesIO()
    _draw(diagram, buffer, "svg")
    return buffer.getvalue().decode("utf-8")


def _draw(diagram: PhaseDiagram, target: Path | BinaryIO, kind: str) -> None:
    """Draw the figure into a file or a binary buffer (``kind``: svg or png)."""
    try:
        import matplotlib
        from matplotlib.colors import ListedColormap
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - matplotlib is installed with the project
        raise PhaseError("drawing SVG or PNG needs matplotlib: pip install matplotlib") from None

    size = diagram.size
    x, y = diagram.triple_point
    codes = {"N": 0, "L": 1, "R": 2, "P": 3}
    grid = [[codes[c] for c in row] for row in diagram.rows]
    colours = ListedColormap([COLOURS[k] for k in "NLRP"])
    inches = 6.4 if size <= 30 else 8.0
    # a Figure of its own, not pyplot: no backend is switched (a notebook's plots stay inline)
    with matplotlib.rc_context({"svg.hashsalt": "endnim", "font.size": 10}):
        fig = Figure(figsize=(inches, inches))
        ax = fig.add_subplot()
        ax.imshow(
            grid,
            cmap=colours,
            vmin=-0.5,
            vmax=3.5,
            origin="lower",
            extent=(0.5, size + 0.5, 0.5, size + 0.5),
            interpolation="nearest",
        )
        line: dict[str, Any] = {"color": "black", "linewidth": 2.2, "solid_capstyle": "butt"}
        top, right = min(x, size + 1) - 0.5, min(y, size + 1) - 0.5
        if x > 1 and y > 1:  # the N rectangle's top and right sides
            ax.plot([0.5, right], [top, top], **line)
            ax.plot([right, right], [0.5, top], **line)
        if x <= size and y <= size:  # the diagonal of P's
            steps = size - max(x, y)
            ax.plot([y - 0.5, y + steps + 0.5], [x - 0.5, x + steps + 0.5], **line)
        labels = _region_labels(diagram)
        for text, (bx, ay) in labels.items():
            ax.text(
                round(bx),  # on a cell centre, so the label's box hides that cell's letter
                round(ay),
                text,
                ha="center",
                va="center",
                fontsize=28,
                weight="bold",
                zorder=4,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": COLOURS[text], "linewidth": 0},
                color=text_colour(COLOURS[text]),
            )
        if size <= 30:
            for a, row in enumerate(diagram.rows, start=1):
                for b, cls in enumerate(row, start=1):
                    colour = text_colour(COLOURS[cls])
                    ax.text(b, a, cls, ha="center", va="center", fontsize=7, color=colour, zorder=2)
        ax.set_xticks(_ticks(size, y))
        ax.set_yticks(_ticks(size, x))
        ax.set_xlabel("b  (last pile: Right's)")
        ax.set_ylabel("a  (first pile: Left's)")
        where = "" if diagram.triple_point_shown else " (outside)"
        ax.set_title(
            f"Phase diagram of w = {_short(diagram.middle, 30)}  (w is {diagram.middle_class})\n"
            f"class of a·w·b;  triple point {x}·w·{y}{where}",
            fontsize=11,
        )
        for spine in ax.spines.values():
            spine.set_linewidth(0.8)
        fig.tight_layout()
        fig.savefig(
            target,
            format=kind,
            dpi=150,
            metadata={"Date": None} if kind == "svg" else {"Software": "endnim"},
        )


def _ticks(size: int, special: int) -> list[int]:
    """1, the triple point's coordinate (the paper marks it), and round numbers not too near."""
    step = 5 if size <= 40 else 10 if size <= 100 else 50
    marks = {1, special} if special <= size else {1}
    room = max(1, size // 25)
    for tick in [*range(step, size + 1, step), size]:
        if all(abs(tick - mark) > room for mark in marks):
            marks.add(tick)
    return sorted(marks)


def _region_labels(diagram: PhaseDiagram) -> dict[str, tuple[float, float]]:
    """Where to write the big N, L and R: the middle of each region's visible part."""
    size = diagram.size
    x, y = diagram.triple_point
    labels: dict[str, tuple[float, float]] = {}
    if x > 1 and y > 1:
        labels["N"] = ((1 + min(y - 1, size)) / 2, (1 + min(x - 1, size)) / 2)
    top = min(x, size + 1)
    if top <= size - 1:  # L: above the N rectangle, left of the diagonal
        a = (top + size) / 2
        b_edge = y + (a - x) if x <= size else size
        labels["L"] = (max(1.0, min(b_edge, size) / 2), a)
    right = min(y, size + 1)
    if right <= size - 1:  # R: right of the N rectangle, below the diagonal
        b = (right + size) / 2
        a_edge = x + (b - y) if y <= size else size
        labels["R"] = (b, max(1.0, min(a_edge, size) / 2))
    return labels
