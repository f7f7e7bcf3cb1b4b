"""Thermographs drawn as SVG (the web page's value card, a notebook's ``endnim.value(...)``,
``endnim value --thermograph out.svg``) or PNG (``--thermograph out.png``, matplotlib).

Drawn as in *Winning Ways* and CGSuite: temperature t upwards, value x with Left's (positive)
side on the left, the left wall in blue, the right wall in red, the mast in grey above the
temperature.

>>> from endnim.cgt import parse
>>> from endnim.cgt.thermograph import thermograph
>>> svg = thermograph_svg(thermograph(parse("{3|-1}")))
>>> svg.startswith("<svg") and svg.count("<polyline") == 2 and "mast 1" in svg
True
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from endnim.cgt.thermograph import Thermograph, Wall

__all__ = ["thermograph_svg"]

LEFT_COLOUR = "#1f5fbf"
RIGHT_COLOUR = "#c0392b"


def thermograph_svg(thermo: Thermograph, *, width: int = 360, height: int = 240) -> str:
    """The thermograph as one standalone SVG picture (exact breakpoints in its ``<title>``s).

    >>> from endnim.cgt import parse
    >>> from endnim.cgt.thermograph import thermograph
    >>> "temperature -1" in thermograph_svg(thermograph(parse("5")))
    True
    """
    points = [*thermo.left, *thermo.right]
    top = max(thermo.temperature, Fraction(0)) + 1  # a length of mast above the walls
    xs = [x for _, x in points]
    x_min, x_max = min(xs) - 1, max(xs) + 1
    margin, label = 24, 18
    plot_w, plot_h = width - 2 * margin, height - 2 * margin - label

    def sx(x: Fraction) -> float:  # Left's side (larger x) on the left
        return margin + float((x_max - x) / (x_max - x_min)) * plot_w

    def sy(t: Fraction) -> float:
        return margin + float((top - t) / (top + 1)) * plot_h

    def line(wall: Wall, colour: str, name: str) -> str:
        coords = " ".join(f"{sx(x):.2f},{sy(t):.2f}" for t, x in wall)
        shown = ", ".join(f"({t}, {x})" for t, x in wall)
        return (
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2">'
            f"<title>{name} wall: {escape(shown)}</title></polyline>"
        )

    base = sy(Fraction(-1))
    zero_t = sy(Fraction(0))
    mast_x = sx(thermo.mean)
    foot = sy(thermo.temperature)
    caption = f"mean {thermo.mean}, temperature {thermo.temperature}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" '
        f'role="img" aria-label="thermograph: {escape(caption)}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<line x1="{margin}" y1="{base:.2f}" x2="{width - margin}" y2="{base:.2f}" '
        'stroke="#999"/>',
        f'<line x1="{margin}" y1="{zero_t:.2f}" x2="{width - margin}" y2="{zero_t:.2f}" '
        'stroke="#ccc" stroke-dasharray="3,3"/>',
        f'<text x="{margin - 4}" y="{zero_t + 4:.2f}" text-anchor="end">0</text>',
        f'<text x="{margin - 4}" y="{base + 4:.2f}" text-anchor="end">-1</text>',
        f'<line x1="{mast_x:.2f}" y1="{foot:.2f}" x2="{mast_x:.2f}" y2="{sy(top):.2f}" '
        f'stroke="#555" stroke-width="2"><title>mast {thermo.mean} from t = '
        f"{thermo.temperature}</title></line>",
        line(thermo.left, LEFT_COLOUR, "left"),
        line(thermo.right, RIGHT_COLOUR, "right"),
        f'<text x="{width / 2:.0f}" y="{height - 8}" text-anchor="middle">{escape(caption)}</text>',
        "</svg>",
    ]
    return "".join(parts)


def thermograph_png(thermo: Thermograph, path: str) -> None:
    """The thermograph drawn with matplotlib into a PNG file (``--thermograph out.png``).

    >>> import os, tempfile
    >>> from endnim.cgt import parse
    >>> from endnim.cgt.thermograph import thermograph
    >>> out = os.path.join(tempfile.mkdtemp(), "t.png")
    >>> thermograph_png(thermograph(parse("{3|-1}")), out)
    >>> open(out, "rb").read(8) == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    top = float(max(thermo.temperature, Fraction(0)) + 1)
    figure, axes = plt.subplots(figsize=(5, 3.4), dpi=120)
    for wall, colour, name in (
        (thermo.left, LEFT_COLOUR, "left"),
        (thermo.right, RIGHT_COLOUR, "right"),
    ):
        axes.plot(
            [float(x) for _, x in wall],
            [float(t) for t, _ in wall],
            color=colour,
            lw=2,
            label=f"{name} wall",
        )
    mast = float(thermo.mean)
    axes.plot([mast, mast], [float(thermo.temperature), top], color="#555", lw=2, label="mast")
    axes.axhline(0, color="#ccc", lw=0.8, ls="--")
    axes.invert_xaxis()  # Left's side (positive values) on the left, as in Winning Ways
    axes.set_xlabel("value")
    axes.set_ylabel("temperature t")
    axes.set_title(f"mean {thermo.mean}, temperature {thermo.temperature}")
    axes.legend(loc="upper right", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, format="png")
    plt.close(figure)
