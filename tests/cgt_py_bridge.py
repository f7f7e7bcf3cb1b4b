"""endnim.cgt values as cgt-py (cgt-tools' Rust) games and its thermographs read back as
breakpoints, for the cross-checks against cgt-tools (tests and the benchmark only)."""

from __future__ import annotations

import re
from fractions import Fraction

import cgt_py

from endnim.cgt.game import Game

Wall = tuple[tuple[Fraction, Fraction], ...]

_TEXT: dict[int, str] = {}


def to_cgt_text(g: Game) -> str:
    """G written for cgt-py's parser: numbers, nimbers and braces only (it reads no ``^^``)."""
    found = _TEXT.get(g.id)
    if found is None:
        value = g.number_value
        if value is not None:
            found = str(value)
        elif g.nim > 0:
            found = "*" if g.nim == 1 else f"*{g.nim}"
        else:
            found = (
                "{"
                + ",".join(map(to_cgt_text, g.left))
                + "|"
                + ",".join(map(to_cgt_text, g.right))
                + "}"
            )
        _TEXT[g.id] = found
    return found


def to_cgt(g: Game) -> cgt_py.CanonicalForm:
    """Our game as a cgt-py canonical form."""
    return cgt_py.CanonicalForm(to_cgt_text(g))


_TRAJECTORY = re.compile(r"Trajectory\(([^,]+), \[([^\]]*)\], \[([^\]]*)\]\)")


def walls(g: cgt_py.CanonicalForm) -> tuple[Wall, Wall]:
    """cgt-py's left and right walls as breakpoints (t, x) from t = -1 up to the mast."""
    found = _TRAJECTORY.findall(repr(g.thermograph))
    assert len(found) == 2, repr(g.thermograph)
    left, right = (_wall(*parts) for parts in found)
    return left, right


def _wall(mast: str, critical: str, slopes: str) -> Wall:
    """cgt-tools' Trajectory(mast, critical points downwards, slopes from the top)."""
    points = [Fraction(p) for p in critical.split(",") if p.strip()]
    slope = [Fraction(s) for s in slopes.split(",") if s.strip()]
    x = Fraction(mast)
    if not points:
        return normalised(((Fraction(-1), x),))
    result = [(points[0], x)]
    for i, t in enumerate([*points[1:], Fraction(-1)]):
        x += slope[i + 1] * (t - result[-1][0])
        result.append((t, x))
    return normalised(tuple(reversed(result)))


def normalised(wall: Wall) -> Wall:
    """The wall without breakpoints where its slope does not change (above the last point
    the wall is vertical, slope 0), so two descriptions of one wall compare equal."""
    points = [p for p in wall if p[0] >= -1]
    kept: list[tuple[Fraction, Fraction]] = []
    for point in points:
        while len(kept) >= 2:
            (t0, x0), (t1, x1) = kept[-2], kept[-1]
            if (x1 - x0) * (point[0] - t1) == (point[1] - x1) * (t1 - t0):
                kept.pop()
            else:
                break
        if not kept or kept[-1] != point:
            kept.append(point)
    if len(kept) >= 2 and kept[-1][1] == kept[-2][1]:  # vertical into the mast
        kept.pop()
    return tuple(kept)


def dyadic(x: object) -> Fraction:
    """A cgt-py DyadicRationalNumber (printed ``DyadicRationalNumber('3/4')``) as a Fraction."""
    text = repr(x)
    match = re.fullmatch(r"DyadicRationalNumber\('([^']*)'\)", text)
    return Fraction(match.group(1) if match else text)
