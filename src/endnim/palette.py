"""The one palette every picture reads: the web page, PNG/SVG heatmaps, phase diagrams, notebook
reprs and the terminal. Colours are keyed by outcome class or by value, never by variant.

Outcome classes use the Okabe–Ito colours, chosen to stay distinct for the common forms of
colour blindness: Left blue, Right vermillion, N yellow, and P near-black, so that P-positions
stand out in every picture. Grundy values use one dark colour for 0 (the P-positions) and the
``cividis`` sequential scale (designed for colour-vision deficiency) for 1, 2, ...; the web page
interpolates the same stops. Moves are coloured bluish green (wins) and vermillion (loses).

>>> OUTCOME_COLOURS[Outcome.P], outcome_colour("L")
('#1a1a1a', '#0072b2')
>>> grundy_colour(0, 10) == OUTCOME_COLOURS[Outcome.P], grundy_colour(10, 10)
(True, '#fee838')
>>> text_colour("#1a1a1a"), text_colour("#f0e442")
('#ffffff', '#1a1a1a')
"""

from __future__ import annotations

from typing import Any

from endnim.outcome import Outcome

OUTCOME_COLOURS: dict[Outcome, str] = {
    Outcome.P: "#1a1a1a",
    Outcome.N: "#f0e442",
    Outcome.L: "#0072b2",
    Outcome.R: "#d55e00",
}
"""Fill colour of each outcome class (Okabe–Ito; P near-black)."""

OUTCOME_TERMINAL_STYLES: dict[Outcome, str] = {
    Outcome.P: "bold white on grey15",
    Outcome.N: "bold black on yellow",
    Outcome.L: "bold white on dodger_blue3",
    Outcome.R: "bold white on dark_orange3",
}
"""The same classes as rich styles for the terminal."""

MOVE_COLOURS: dict[str, str] = {"win": "#009e73", "lose": "#d55e00", "neutral": "#94a3b8"}
"""A move that wins for its mover, one that loses, one not valued."""

GRUNDY_STOPS: tuple[str, ...] = (
    "#00204c",
    "#213d6b",
    "#555b6c",
    "#7b7a77",
    "#a59c74",
    "#d3c164",
    "#fee838",
)
"""The ``cividis`` scale sampled at 7 stops: Grundy values 1..max are interpolated along it."""

EDGE_COLOURS: dict[str, str] = {
    "L": OUTCOME_COLOURS[Outcome.L],
    "R": OUTCOME_COLOURS[Outcome.R],
    "G": "#009e73",
}
"""Edges of ``depot-partizan``: Left's blue and Right's vermillion (their outcome colours),
``G`` (both players') Okabe–Ito bluish green. The page also dashes R edges and dots G edges,
so that the colours are never the only cue."""

HIGHLIGHT = "#cc79a7"
"""Marks a special cell (the triple point of a phase diagram): Okabe–Ito reddish purple."""

DARK_TEXT = "#1a1a1a"
LIGHT_TEXT = "#ffffff"


def outcome_colour(outcome: str) -> str:
    """The fill colour of an outcome class (its letter or an :class:`Outcome`)."""
    return OUTCOME_COLOURS[Outcome(outcome)]


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _mix(a: str, b: str, t: float) -> str:
    ra, ga, ba = _rgb(a)
    rb, gb, bb = _rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in ((ra, rb), (ga, gb), (ba, bb)))


def grundy_colour(value: int, largest: int) -> str:
    """The colour of Grundy value ``value`` in a picture whose largest value is ``largest``:
    0 (a P-position) is the P colour; 1..largest run along :data:`GRUNDY_STOPS`."""
    if value <= 0:
        return OUTCOME_COLOURS[Outcome.P]
    if largest <= 1:
        return GRUNDY_STOPS[-1]
    t = (value - 1) / (largest - 1)
    scaled = min(max(t, 0.0), 1.0) * (len(GRUNDY_STOPS) - 1)
    i = min(int(scaled), len(GRUNDY_STOPS) - 2)
    return _mix(GRUNDY_STOPS[i], GRUNDY_STOPS[i + 1], scaled - i)


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``colour`` (``#rrggbb``), from linear light.

    >>> luminance("#ffffff"), luminance("#000000")
    (1.0, 0.0)
    """

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21.

    >>> round(contrast("#ffffff", "#000000"), 1)
    21.0
    """
    low, high = sorted((luminance(first), luminance(second)))
    return (high + 0.05) / (low + 0.05)


def text_colour(fill: str) -> str:
    """Dark or light text, whichever has the higher contrast on ``fill`` (WCAG 2), so that
    digits on the mid-greys of the Grundy scale read as well as on its ends.

    >>> text_colour("#737475") == LIGHT_TEXT, text_colour("#fee838") == DARK_TEXT
    (True, True)
    """
    return DARK_TEXT if contrast(fill, DARK_TEXT) > contrast(fill, LIGHT_TEXT) else LIGHT_TEXT


def palette_json() -> dict[str, Any]:
    """The palette as the web page reads it (``GET /api/palette``)."""
    return {
        "outcomes": {o.value: c for o, c in OUTCOME_COLOURS.items()},
        "outcome_text": {o.value: text_colour(c) for o, c in OUTCOME_COLOURS.items()},
        "moves": dict(MOVE_COLOURS),
        "grundy_stops": list(GRUNDY_STOPS),
        "highlight": HIGHLIGHT,
        "edges": dict(EDGE_COLOURS),
        "dark_text": DARK_TEXT,
        "light_text": LIGHT_TEXT,
    }
