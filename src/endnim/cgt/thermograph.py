"""Thermographs: the walls of a short game as exact piecewise-linear functions, its mean and
its temperature.

G cooled by t (Siegel, *Combinatorial Game Theory*, 2013, Def. II.5.1; Berlekamp–Conway–Guy,
*Winning Ways*, ch. 6) is {G^L_t - t | G^R_t + t} until, at the least t (its temperature),
the result is infinitesimally close to a number x (its mean); from there on it is x. The
thermograph draws, for each t >= -1, the stops of G_t: the left wall LS(G_t) and the right
wall RS(G_t). They are computed from the options' walls (Siegel Thm II.5.10): the left
scaffold is max RW(G^L)(t) - t, the right scaffold min LW(G^R)(t) + t; the walls follow the
scaffolds from t = -1 up to where they meet, and then stand on the mast x.

Conventions (CGSuite's and cgt-tools', so results read the same there): the walls start at
t = -1 ("subzero thermography"); an integer's thermograph is its mast from -1, so an integer
has temperature -1, and a number m/2^j (j >= 1, m odd) has temperature -1/2^j. Every
infinitesimal (↑, *, ...) has temperature 0. Walls are exact: breakpoints are
:class:`~fractions.Fraction` s (dyadic rationals), joined by segments of slope 0 or ±1.

>>> from endnim.cgt import parse
>>> t = thermograph(parse("{3|-1}"))
>>> str(t.mean), str(t.temperature), t.to_json()
('1', '2', {'left': [['-1', '4'], ['2', '1']], 'right': [['-1', '-2'], ['2', '1']]})
>>> [str(temperature(parse(s))) for s in ("+-1", "^", "*", "3", "3/4")]
['1', '0', '0', '-1', '-1/4']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from endnim.cgt.game import CORE, Game

__all__ = ["Thermograph", "Wall", "mean", "python_thermograph", "temperature", "thermograph"]

Point = tuple[Fraction, Fraction]
"""(t, x): height t, value x."""

Wall = tuple[Point, ...]
"""A wall's breakpoints (t, x) from t = -1 up to its foot on the mast, t increasing; the wall
is linear between them and vertical (x constant) above the last one."""


# The walls are computed on integers: every breakpoint of G's thermograph is a multiple of
# 2^-K(G), K = 0 for an integer and K(G) = 1 + max K(option) otherwise (the maximum of
# walls of one side crosses at slope difference 1, the scaffolds meet at slope difference 1 or
# 2: one halving a level), so a point (t, x) is stored as the integers (t·2^K, x·2^K). An
# inexact division (never met; guarded all the same) retries with one more bit.
IntPoint = tuple[int, int]


class _Inexact(ArithmeticError):
    """A division that does not come out whole at the current scale."""


def _exact(a: int, b: int) -> int:
    q, r = divmod(a, b)
    if r:
        raise _Inexact
    return q


@dataclass(frozen=True, slots=True)
class _Line:
    """A continuous piecewise-linear function on [-1, ∞) at one scale: ``points`` (t
    increasing, the first at t = -1) joined by segments, then slope ``tail`` beyond the last."""

    points: tuple[IntPoint, ...]
    tail: int

    def at(self, t: int) -> int:
        points = self.points
        last_t, last_x = points[-1]
        if t >= last_t:
            return last_x + self.tail * (t - last_t)
        t0, x0 = points[0]
        for t1, x1 in points[1:]:
            if t <= t1:
                return x0 + _exact((x1 - x0) * (t - t0), t1 - t0)
            t0, x0 = t1, x1
        raise AssertionError("unreachable")  # pragma: no cover

    def tilted(self, slope: int) -> _Line:
        """t ↦ f(t) + slope·t."""
        return _Line(tuple((t, x + slope * t) for t, x in self.points), self.tail + slope)


def _breaks(f: _Line, g: _Line) -> list[int]:
    """The breakpoints of both, plus every point where they cross between breakpoints."""
    base = sorted({t for t, _ in f.points} | {t for t, _ in g.points})
    found = set(base)
    values = [(f.at(t), g.at(t)) for t in base]
    for i in range(len(base) - 1):
        da = values[i][0] - values[i][1]
        db = values[i + 1][0] - values[i + 1][1]
        if (da < 0 < db) or (db < 0 < da):
            a, b = base[i], base[i + 1]
            found.add(a + _exact((b - a) * da, da - db))
    last = base[-1]  # beyond the last breakpoint both are straight lines
    slope = f.tail - g.tail
    gap = values[-1][0] - values[-1][1]
    if gap > 0 > slope or gap < 0 < slope:
        found.add(last + _exact(-gap, slope))
    return sorted(found)


def _combine(f: _Line, g: _Line, upper: bool) -> _Line:
    """max(f, g) (``upper``) or min(f, g), exactly."""
    ts = _breaks(f, g)
    pick = max if upper else min
    points = tuple((t, pick(f.at(t), g.at(t))) for t in ts)
    last = ts[-1]
    fl, gl = f.at(last), g.at(last)
    tail = pick(f.tail, g.tail) if fl == gl else f.tail if pick(fl, gl) == fl else g.tail
    return _Line(_simplified(points), tail)


def _simplified(points: tuple[IntPoint, ...]) -> tuple[IntPoint, ...]:
    """Drop breakpoints where the slope does not change."""
    kept: list[IntPoint] = []
    for point in points:
        while len(kept) >= 2:
            (t0, x0), (t1, x1) = kept[-2], kept[-1]
            if (x1 - x0) * (point[0] - t1) == (point[1] - x1) * (t1 - t0):
                kept.pop()
            else:
                break
        kept.append(point)
    return tuple(kept)


_Scaled = tuple[int, tuple[IntPoint, ...], tuple[IntPoint, ...], int, int]
"""(K, left wall, right wall, mean, temperature), every number times 2^K."""


class Thermograph:
    """The thermograph of a short game: both walls, the mean (the mast's value) and the
    temperature (the height where the walls reach the mast). Immutable; compares and hashes
    by those four. Made from the integer walls, its Fractions are made when first read.

    >>> from endnim.cgt import parse
    >>> thermograph(parse("1/2")).left
    ((Fraction(-1, 1), Fraction(1, 1)), (Fraction(-1, 2), Fraction(1, 2)))
    """

    __slots__ = ("_exact", "_scaled")

    def __init__(self, left: Wall, right: Wall, mean: Fraction, temperature: Fraction) -> None:
        self._scaled: _Scaled | None = None
        self._exact: tuple[Wall, Wall, Fraction, Fraction] | None = (
            left,
            right,
            mean,
            temperature,
        )

    @classmethod
    def from_scaled(cls, scaled: _Scaled) -> Thermograph:
        """The thermograph of (K, left wall, right wall, mean, temperature), each number
        times 2^K (the Fractions are made when first read).

        >>> Thermograph.from_scaled((1, ((-2, 4), (2, 1)), ((-2, -1), (2, 1)), 1, 2)).mean
        Fraction(1, 2)
        """
        made = cls.__new__(cls)
        made._scaled = scaled
        made._exact = None
        return made

    def _fields(self) -> tuple[Wall, Wall, Fraction, Fraction]:
        found = self._exact
        if found is None:
            assert self._scaled is not None
            scale, left, right, mast, height = self._scaled
            unit = 1 << scale

            def wall(points: tuple[IntPoint, ...]) -> Wall:
                return tuple((Fraction(t, unit), Fraction(x, unit)) for t, x in points)

            found = (wall(left), wall(right), Fraction(mast, unit), Fraction(height, unit))
            self._exact = found
        return found

    @property
    def left(self) -> Wall:
        """The left wall's breakpoints (t, x), t increasing from -1."""
        return self._fields()[0]

    @property
    def right(self) -> Wall:
        """The right wall's breakpoints (t, x), t increasing from -1."""
        return self._fields()[1]

    @property
    def mean(self) -> Fraction:
        """The mast's value."""
        if self._exact is None and self._scaled is not None:
            return Fraction(self._scaled[3], 1 << self._scaled[0])
        return self._fields()[2]

    @property
    def temperature(self) -> Fraction:
        """Where the walls reach the mast."""
        if self._exact is None and self._scaled is not None:
            return Fraction(self._scaled[4], 1 << self._scaled[0])
        return self._fields()[3]

    def colder_than(self, t: Fraction) -> bool:
        """Whether the temperature is below ``t`` (compared on the integer walls when the
        thermograph was made from them: no Fraction is made).

        >>> from endnim.cgt import parse
        >>> t = thermograph(parse("{3|-1}"))
        >>> t.colder_than(Fraction(5, 2)), t.colder_than(Fraction(2)), t.colder_than(Fraction(1))
        (True, False, False)
        """
        scaled = self._scaled
        if scaled is not None:
            return scaled[4] * t.denominator < t.numerator << scaled[0]
        return self.temperature < t

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Thermograph):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        left, right, mean, temperature = self._fields()
        return (
            f"Thermograph(left={left!r}, right={right!r}, mean={mean!r}, "
            f"temperature={temperature!r})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (Thermograph, self._fields())

    def left_wall(self, t: Fraction | int) -> Fraction:
        """LS(G_t), the left wall at height t >= -1.

        >>> from endnim.cgt import parse
        >>> thermograph(parse("{3|-1}")).left_wall(0)
        Fraction(3, 1)
        """
        return _wall_at(self.left, Fraction(t))

    def right_wall(self, t: Fraction | int) -> Fraction:
        """RS(G_t), the right wall at height t >= -1.

        >>> from endnim.cgt import parse
        >>> thermograph(parse("{3|-1}")).right_wall(1)
        Fraction(0, 1)
        """
        return _wall_at(self.right, Fraction(t))

    def to_json(self) -> dict[str, list[list[str]]]:
        """The walls' breakpoints as strings, ``{"left": [[t, x], ...], "right": ...}``.

        >>> from endnim.cgt import parse
        >>> thermograph(parse("+-1")).to_json()
        {'left': [['-1', '2'], ['1', '0']], 'right': [['-1', '-2'], ['1', '0']]}
        """
        return {
            "left": [[str(t), str(x)] for t, x in self.left],
            "right": [[str(t), str(x)] for t, x in self.right],
        }


_SCALED: dict[int, _Scaled] = {}


def _wall_at(wall: Wall, t: Fraction) -> Fraction:
    """A wall's value at height t (vertical above its last point)."""
    t0, x0 = wall[0]
    for t1, x1 in wall[1:]:
        if t <= t1:
            return x0 + (x1 - x0) * (t - t0) / (t1 - t0)
        t0, x0 = t1, x1
    return x0


_MEMO: dict[int, Thermograph] = {}


def thermograph(g: Game) -> Thermograph:
    """The thermograph of G (Siegel, *Combinatorial Game Theory*, Thm II.5.10; subzero walls
    from t = -1 as CGSuite draws them). The compiled core computes the integer walls of G and
    its subpositions when it is built (and numbers stay below 2^34 at a scale of at most
    2^24); otherwise :func:`python_thermograph`'s code does.

    >>> from endnim.cgt import parse
    >>> t = thermograph(parse("{2|{1|0}}"))
    >>> str(t.mean), str(t.temperature), [(str(a), str(b)) for a, b in t.right]
    ('5/4', '3/4', [('-1', '1'), ('1/2', '1'), ('3/4', '5/4')])
    """
    found = _MEMO.get(g.id)
    if found is None:
        scaled = CORE.thermograph(g.id) if CORE is not None else None
        found = Thermograph.from_scaled(scaled if scaled is not None else _scaled(g))
        _MEMO[g.id] = found
    return found


def python_thermograph(g: Game) -> Thermograph:
    """:func:`thermograph` in pure Python (the reference the compiled core is tested
    against; not memoised as a Thermograph).

    >>> from endnim.cgt import parse
    >>> python_thermograph(parse("{2|{1|0}}")) == thermograph(parse("{2|{1|0}}"))
    True
    """
    return Thermograph.from_scaled(_scaled(g))


def _scaled(g: Game) -> _Scaled:
    found = _SCALED.get(g.id)
    if found is not None:
        return found
    pending = [g]  # options first, without deep recursion
    while pending:
        top = pending[-1]
        missing = [x for x in (*top.left, *top.right) if x.id not in _SCALED]
        if missing:
            pending.extend(missing)
            continue
        pending.pop()
        if top.id not in _SCALED:
            _SCALED[top.id] = _compute(top)
    return _SCALED[g.id]


def _compute(g: Game) -> _Scaled:
    value = g.number_value
    if value is not None and value.denominator == 1:  # an integer: the mast alone
        n = int(value)
        return (0, ((-1, n),), ((-1, n),), n, -1)
    # a non-integer's canonical form has options on both sides
    scale = 1 + max(_SCALED[x.id][0] for x in (*g.left, *g.right))
    while True:
        try:
            return _at_scale(g, scale)
        except _Inexact:  # pragma: no cover - K(G) bits suffice; one more if ever not
            scale += 1


def _at_scale(g: Game, scale: int) -> _Scaled:
    def line(option: Game, left_wall: bool) -> _Line:
        entry = _SCALED[option.id]
        shift = scale - entry[0]
        wall = entry[1] if left_wall else entry[2]
        return _Line(tuple((t << shift, x << shift) for t, x in wall), 0)

    left: _Line | None = None
    for option in g.left:
        candidate = line(option, left_wall=False)
        left = candidate if left is None else _combine(left, candidate, upper=True)
    right: _Line | None = None
    for option in g.right:
        candidate = line(option, left_wall=True)
        right = candidate if right is None else _combine(right, candidate, upper=False)
    assert left is not None and right is not None
    left, right = left.tilted(-1), right.tilted(1)
    height, mast = _meeting(left, right, -(1 << scale))
    return (scale, _up_to(left, height, mast), _up_to(right, height, mast), mast, height)


def _meeting(left: _Line, right: _Line, base: int) -> tuple[int, int]:
    """The least t >= -1 (``base``) with left(t) <= right(t), and the mast's value there.

    The left scaffold never rises and the right one never falls (their slopes are 0 or -1,
    0 or +1), so past that height the walls stand on the mast. Where the scaffolds already
    form a cave at t = -1 the mast is CGSuite's: 0 if it lies between them, else the nearer.
    """
    lo, ro = left.at(base), right.at(base)
    if lo < ro:
        return base, (lo if lo > 0 else ro if ro < 0 else 0)
    for t in _breaks(left, right):
        if left.at(t) <= right.at(t):
            return t, left.at(t)
    raise AssertionError("the scaffolds of a short game meet")  # pragma: no cover


def _up_to(line: _Line, height: int, mast: int) -> tuple[IntPoint, ...]:
    kept = [p for p in line.points if p[0] < height]
    return _simplified((*kept, (height, mast)))


def temperature(g: Game) -> Fraction:
    """The temperature of G: where its walls reach the mast (Siegel Def. II.5.4); -1 for an
    integer, -1/2^j for a number m/2^j, 0 for an infinitesimal.

    >>> from endnim.cgt import parse
    >>> temperature(parse("{3|-1}")), temperature(parse("1/8"))
    (Fraction(2, 1), Fraction(-1, 8))
    """
    return thermograph(g).temperature


def mean(g: Game) -> Fraction:
    """The mean value of G: the mast of its thermograph (Siegel Def. II.5.4). Means add:
    m(G + H) = m(G) + m(H) (the mean value theorem, Siegel Thm II.5.16).

    >>> from endnim.cgt import parse
    >>> mean(parse("{3|-1}")), mean(parse("{2|-1/2}"))
    (Fraction(1, 1), Fraction(3, 4))
    """
    return thermograph(g).mean
