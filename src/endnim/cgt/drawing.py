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


def nice_step(span: Fraction, most: int) -> Fraction:
    """The tick step of an axis ``span`` long: the least of 1/2^k, 1, 2, 5, 10, 20, 50, ...
    that makes at most ``most`` steps.

    >>> nice_step(Fraction(6), 8), nice_step(Fraction(1, 2), 8), nice_step(Fraction(300), 6)
    (Fraction(1, 1), Fraction(1, 16), Fraction(50, 1))
    """
    step = Fraction(1, 64)
    while span / step > most:
        if step < 1:
            step *= 2
        else:
            digits = str(step.numerator)
            lead = int(digits[0])
            size = 10 ** (len(digits) - 1)
            step = Fraction({1: 2, 2: 5, 5: 10}[lead] * size)
    return step


def ticks(low: Fraction, high: Fraction, step: Fraction) -> list[Fraction]:
    """The multiples of ``step`` from ``low`` to ``high``.

    >>> [str(t) for t in ticks(Fraction(-1), Fraction(3, 2), Fraction(1, 2))]
    ['-1', '-1/2', '0', '1/2', '1', '3/2']
    """
    first = -((-low) // step)  # ceil(low / step)
    found = []
    k = first
    while k * step <= high:
        found.append(k * step)
        k += 1
    return found


def thermograph_svg(thermo: Thermograph, *, width: int = 400, height: int = 280) -> str:
    """The thermograph as one standalone SVG picture: value ticks along the bottom (Left's
    side on the left), temperatures up the side, the mast's top (the mean), both stops and the
    temperature labelled (exact breakpoints in its ``<title>``s).

    >>> from endnim.cgt import parse
    >>> from endnim.cgt.thermograph import thermograph
    >>> svg = thermograph_svg(thermograph(parse("{3|-1}")))
    >>> "Left stop 3" in svg and "Right stop -1" in svg and "mean 1" in svg
    True
    >>> "temperature -1" in thermograph_svg(thermograph(parse("5")))
    True
    """
    points = [*thermo.left, *thermo.right]
    top = max(thermo.temperature, Fraction(0)) + 1  # a length of mast above the walls
    xs = [x for _, x in points]
    x_min, x_max = min(xs) - 1, max(xs) + 1
    left_pad, right_pad, top_pad, bottom_pad = 44, 28, 30, 58
    plot_w = width - left_pad - right_pad
    plot_h = height - top_pad - bottom_pad

    def sx(x: Fraction) -> float:  # Left's side (larger x) on the left
        return left_pad + float((x_max - x) / (x_max - x_min)) * plot_w

    def sy(t: Fraction) -> float:
        return top_pad + float((top - t) / (top + 1)) * plot_h

    def line(wall: Wall, colour: str, name: str) -> str:
        coords = " ".join(f"{sx(x):.2f},{sy(t):.2f}" for t, x in wall)
        shown = ", ".join(f"({t}, {x})" for t, x in wall)
        return (
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2">'
            f"<title>{name} wall: {escape(shown)}</title></polyline>"
        )

    def text(x: float, y: float, words: str, anchor: str = "middle", extra: str = "") -> str:
        return f'<text x="{x:.2f}" y="{y:.2f}" text-anchor="{anchor}"{extra}>{escape(words)}</text>'

    base = sy(Fraction(-1))
    x_axis = height - bottom_pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" '
        f'role="img" aria-label="thermograph: mean {thermo.mean}, temperature '
        f'{thermo.temperature}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    # the value axis: ticks along the bottom, Left's (larger) values on the left
    parts.append(
        f'<g class="value-axis"><line x1="{left_pad}" y1="{x_axis:.2f}" x2="{width - right_pad}" '
        f'y2="{x_axis:.2f}" stroke="#555"/>'
    )
    for x in ticks(x_min, x_max, nice_step(x_max - x_min, 8)):
        at = sx(x)
        parts.append(
            f'<line x1="{at:.2f}" y1="{x_axis:.2f}" x2="{at:.2f}" y2="{x_axis + 4:.2f}" '
            'stroke="#555"/>'
        )
        parts.append(text(at, x_axis + 15, str(x), extra=' class="value-tick"'))
    parts.append(text(left_pad + plot_w / 2, x_axis + 30, "value (Left's side on the left)"))
    parts.append("</g>")
    # the temperature axis: up the left side, 0 dashed across
    parts.append(
        f'<g class="temperature-axis"><line x1="{left_pad}" y1="{top_pad}" x2="{left_pad}" '
        f'y2="{x_axis:.2f}" stroke="#555"/>'
    )
    for t in ticks(Fraction(-1), top, nice_step(top + 1, 6)):
        at = sy(t)
        parts.append(
            f'<line x1="{left_pad - 4}" y1="{at:.2f}" x2="{left_pad}" y2="{at:.2f}" stroke="#555"/>'
        )
        parts.append(text(left_pad - 6, at + 4, str(t), "end", ' class="temperature-tick"'))
    parts.append(text(12, top_pad - 12, "t", "middle", ' font-style="italic"'))
    parts.append("</g>")
    parts.append(
        f'<line x1="{left_pad}" y1="{sy(Fraction(0)):.2f}" x2="{width - right_pad}" '
        f'y2="{sy(Fraction(0)):.2f}" stroke="#ccc" stroke-dasharray="3,3"/>'
    )
    parts.append(
        f'<line x1="{left_pad}" y1="{base:.2f}" x2="{width - right_pad}" y2="{base:.2f}" '
        'stroke="#eee"/>'
    )
    # the mast, its top (the mean) and its foot (the temperature)
    mast_x = sx(thermo.mean)
    foot = sy(thermo.temperature)
    parts.append(
        f'<line x1="{mast_x:.2f}" y1="{foot:.2f}" x2="{mast_x:.2f}" y2="{sy(top):.2f}" '
        f'stroke="#555" stroke-width="2"><title>mast {thermo.mean} from t = '
        f"{thermo.temperature}</title></line>"
    )
    parts.append(text(mast_x, sy(top) - 6, f"mean {thermo.mean}", extra=' class="mast-top"'))
    parts.append(
        f'<line x1="{left_pad}" y1="{foot:.2f}" x2="{mast_x:.2f}" y2="{foot:.2f}" '
        'stroke="#888" stroke-dasharray="2,3"/>'
    )
    parts.append(
        text(
            left_pad + 4,
            foot - 4,
            f"temperature {thermo.temperature}",
            "start",
            ' class="temperature-label"',
        )
    )
    parts.append(line(thermo.left, LEFT_COLOUR, "left"))
    parts.append(line(thermo.right, RIGHT_COLOUR, "right"))
    # both stops: where the walls cross t = 0
    left_stop, right_stop = thermo.left_wall(0), thermo.right_wall(0)
    zero = sy(Fraction(0))
    if left_stop == right_stop:
        stops = [(left_stop, f"stops {left_stop}", "start", "#333")]
    else:
        stops = [
            (left_stop, f"Left stop {left_stop}", "end", LEFT_COLOUR),
            (right_stop, f"Right stop {right_stop}", "start", RIGHT_COLOUR),
        ]
    for x, words, anchor, colour in stops:
        at = sx(x)
        parts.append(f'<circle cx="{at:.2f}" cy="{zero:.2f}" r="3" fill="{colour}"/>')
        shift = -6 if anchor == "end" else 6  # outside the walls: above, away from the mast
        rise = 14 if left_stop == right_stop else -6
        parts.append(
            text(at + shift, zero + rise, words, anchor, f' fill="{colour}" class="stop-label"')
        )
    parts.append(
        text(width / 2, height - 8, f"mean {thermo.mean}, temperature {thermo.temperature}")
    )
    parts.append("</svg>")
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
    axes.annotate(f"mean {thermo.mean}", (mast, top), ha="center", va="bottom", fontsize=8)
    left_stop, right_stop = thermo.left_wall(0), thermo.right_wall(0)
    for x, words, colour in (
        (left_stop, f"Left stop {left_stop}", LEFT_COLOUR),
        (right_stop, f"Right stop {right_stop}", RIGHT_COLOUR),
    ):
        axes.plot([float(x)], [0.0], "o", color=colour, ms=4)
        axes.annotate(
            words,
            (float(x), 0.0),
            textcoords="offset points",
            xytext=(0, -12),
            ha="center",
            fontsize=8,
            color=colour,
        )
    axes.invert_xaxis()  # Left's side (positive values) on the left, as in Winning Ways
    axes.set_xlabel("value")
    axes.set_ylabel("temperature t")
    axes.set_title(f"mean {thermo.mean}, temperature {thermo.temperature}")
    axes.legend(loc="upper right", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, format="png")
    plt.close(figure)
