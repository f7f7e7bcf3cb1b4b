"""A graph position drawn as SVG, laid out as the web page lays it out (``Graph._repr_svg_``).

It takes a graph's parts (labels, edges, colours, homes), not a
:class:`~endnim.graphs.position.Graph`, so that the graph can draw itself without an import
circle.

>>> svg = graph_svg([3, 0, 2], [(0, 1), (1, 2)])
>>> svg.startswith("<svg"), svg.count("<line"), svg.count("<circle")
(True, 2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from endnim.graphs.layout import layout
from endnim.palette import EDGE_COLOURS

__all__ = ["MAX_DRAWN_VERTICES", "graph_svg"]

MAX_DRAWN_VERTICES = 400
"""Larger graphs are described in a line of text, not drawn."""


_UNIT = 62
"""Pixels per edge length of :func:`endnim.graphs.layout.layout` (the page's spacing)."""
_RADIUS = 17
_DASHES = {"L": "", "R": ' stroke-dasharray="9 5"', "G": ' stroke-dasharray="2 6"'}
"""As on the page: colour is never the only cue (R dashed, G dotted)."""
_EDGE_NAMES = {"L": "Left's", "R": "Right's (dashed)", "G": "both players' (dotted)"}


def graph_svg(
    labels: Sequence[int],
    edges: Sequence[tuple[int, int]],
    colours: Sequence[str] | None = None,
    homes: Sequence[int] | None = None,
) -> str:
    """A drawing of a graph position (its labels, edges ``(u, v)`` with ``u < v``, their
    colours and the homes, as a :class:`~endnim.graphs.position.Graph` holds them), laid out as
    the web page lays it out.

    Each vertex shows its label and, small beside it, its number (the ``v`` of a move
    ``v=k``); an empty vertex (label 0) is drawn hollow and dashed, a home (``depot-partizan``)
    with a double ring. Coloured edges are blue (Left's, solid), vermillion (Right's, dashed)
    and green (both, dotted), with a legend.

    >>> svg = graph_svg([2, 0, 1], [(0, 1), (1, 2)], ["L", "G"], [1])
    >>> svg.startswith("<svg"), svg.count("<line"), svg.count("<circle"), "Left's" in svg
    (True, 2, 4, True)
    """
    n = len(labels)
    if n > MAX_DRAWN_VERTICES:
        text = f"a graph of {n:,} vertices and {len(edges):,} edges (too large to draw)"
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="30" '
            'font-family="sans-serif" font-size="13">'
            f'<text x="8" y="20">{escape(text)}</text></svg>'
        )
    points = layout(n, edges)
    margin = _RADIUS + 14
    legend = 26 if colours is not None else 0
    width = int(max((x for x, _ in points), default=0) * _UNIT + 2 * margin)
    height = int(max((y for _, y in points), default=0) * _UNIT + 2 * margin + legend)
    width = max(width, 420 if legend else 2 * margin)

    def at(v: int) -> tuple[float, float]:
        x, y = points[v]
        return margin + x * _UNIT, margin + y * _UNIT

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    edge_colours = list(colours) if colours is not None else [None] * len(edges)
    for (u, v), colour in zip(edges, edge_colours, strict=True):
        (x1, y1), (x2, y2) = at(u), at(v)
        stroke = EDGE_COLOURS[colour] if colour else "#64748b"
        style = _DASHES[colour] if colour else ""
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" '
            f'stroke-width="{4 if colour else 3}"{style}/>'
        )
    home_set = set(homes or ())
    for v, label in enumerate(labels):
        x, y = at(v)
        empty = label == 0
        fill = "white" if empty else "#dbe6f6"
        dash = ' stroke-dasharray="4 3"' if empty and v not in home_set else ""
        if v in home_set:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_RADIUS + 4}" fill="white" '
                'stroke="#1a1a1a" stroke-width="1.5"/>'
            )
        title = f"vertex {v}: {label}" + (" (home)" if v in home_set else "")
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_RADIUS}" fill="{fill}" stroke="#1a1a1a" '
            f'stroke-width="2"{dash}><title>{escape(title)}</title></circle>'
        )
        text = str(label) if len(str(label)) <= 4 else f"{str(label)[0]}e{len(str(label)) - 1}"
        parts.append(
            f'<text x="{x:.1f}" y="{y + 4.5:.1f}" text-anchor="middle" font-weight="bold">'
            f"{escape(text)}</text>"
        )
        parts.append(
            f'<text x="{x + _RADIUS + (6 if v in home_set else 2):.1f}" y="{y - _RADIUS + 2:.1f}" '
            'font-size="10" '
            f'fill="#475569">{v}</text>'
        )
    if legend:
        items = [f"{c}: {_EDGE_NAMES[c]}" for c in ("L", "R", "G")]
        line = " · ".join(items) + (" · ◎ home" if home_set else "")
        words = escape(line, quote=False)
        parts.append(f'<text x="8" y="{height - 9}" font-size="11" fill="#1a1a1a">{words}</text>')
    parts.append("</svg>")
    return "".join(parts)
