"""SVG pictures of positions, for notebooks (``Position._repr_svg_``) and the web page (graph
positions: :mod:`endnim.graphs.picture`).

>>> svg = position_svg((3, 1, 4))
>>> svg.startswith("<svg") and svg.count("<rect") == 3 + 1
True
>>> ">R</text>" in position_svg((3, 1, 4), ends=("L",))  # Muller: only the first pile moves
False
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

MAX_DRAWN_PILES = 60
"""Longer rows are drawn as their first and last piles around an ellipsis."""


def position_svg(
    piles: Sequence[int],
    *,
    ends: Sequence[str] = ("L", "R"),
    width: int = 40,
    height: int = 140,
) -> str:
    """A bar chart of the piles, heights on a log scale when piles are large.

    The ends that may be played (``ends``, as a rule set's ``ends()`` gives them: ``L`` the
    first pile, ``R`` the last) are marked and drawn darker.
    """
    shown = list(piles)
    elided = len(shown) > MAX_DRAWN_PILES
    if elided:
        half = MAX_DRAWN_PILES // 2
        shown = shown[:half] + shown[-half:]
    largest = max(shown, default=1)
    use_log = largest > 40
    gap = 6
    total_width = max(1, len(shown)) * (width + gap) + gap + (width if elided else 0)
    top = 18
    bottom = 22
    plot = height - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{height}" '
        f'viewBox="0 0 {total_width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect x="0" y="0" width="{total_width}" height="{height}" fill="white"/>',
    ]
    x = gap
    for index, pile in enumerate(shown):
        if elided and index == MAX_DRAWN_PILES // 2:
            parts.append(
                f'<text x="{x + width / 2}" y="{top + plot / 2}" text-anchor="middle">…</text>'
            )
            x += width
        scale = (len(str(pile)) / len(str(largest))) if use_log else pile / largest
        bar = max(2.0, plot * scale)
        marks = [
            end for end, at in (("L", 0), ("R", len(shown) - 1)) if end in ends and index == at
        ]
        colour = "#4a7bd0" if marks else "#9db4dc"
        parts.append(
            f'<rect x="{x}" y="{top + plot - bar:.1f}" width="{width}" height="{bar:.1f}" '
            f'fill="{colour}"><title>{pile}</title></rect>'
        )
        label = str(pile) if len(str(pile)) <= 6 else f"{str(pile)[0]}e{len(str(pile)) - 1}"
        centre = x + width / 2
        parts.append(
            f'<text x="{centre}" y="{height - 8}" text-anchor="middle">{escape(label)}</text>'
        )
        if marks:
            parts.append(
                f'<text x="{x + width / 2}" y="{top - 5}" text-anchor="middle" '
                f'font-weight="bold">{" ".join(marks)}</text>'
            )
        x += width + gap
    parts.append("</svg>")
    return "".join(parts)
