"""The value type: short partizan games in canonical form, each interned exactly once.

A :class:`Game` is a canonical form (no dominated, no reversible options; Conway, *On Numbers
and Games*, ch. 10; Siegel, *Combinatorial Game Theory*, II.2). Two games of the same value
have the same canonical form, and this module stores every distinct canonical form once
(hash-consing), so **identity is value equality**: ``g is h`` exactly when ``g = h``. Options
are tuples of interned games, each game carries an integer ``id`` and its own memo of
comparisons (see :mod:`endnim.cgt.order`).

Numbers, nimbers and ups ("number-up-star" values x + n·↑ + *m, Siegel II.4) are recognised
when they are interned and carry ``nus = (x, n, m)``; printing and comparison use it.

Build games with :func:`endnim.cgt.canonical.game` (which simplifies) or the constructors
here (which write known canonical forms directly).

>>> from endnim.cgt.game import ZERO, STAR, UP, nimber, nus
>>> nimber(1) is STAR, nus(0, 1, 0) is UP, len(STAR.left), ZERO.nus
(True, True, 1, (Fraction(0, 1), 0, 0))
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from enum import Enum
from fractions import Fraction
from types import ModuleType
from typing import Any

from endnim.errors import EndNimError

_core: ModuleType | None
try:  # the compiled mirror of the table (order and simplification on ids); optional
    from endnim.cgt import _core
    from endnim.cgt._core import GameBase as _GameBase
except ImportError:  # pragma: no cover - built by setup.py; the pure-Python path remains
    _core = None

    class _GameBase:  # type: ignore[no-redef]
        """:class:`Game`'s id and order in Python (the compiled core decides them in C)."""

        __slots__ = ("id",)

        def __init__(self) -> None:
            self.id = -1

        def __le__(self, other: _GameBase) -> bool:
            return OPERATIONS.leq(self, other)  # type: ignore[arg-type]

        def __ge__(self, other: _GameBase) -> bool:
            return OPERATIONS.leq(other, self)  # type: ignore[arg-type]

        def __lt__(self, other: Any) -> bool:
            raise TypeError("games are partially ordered: use compare(g, h) or g <= h")

        __gt__ = __lt__


CORE = _core
"""The compiled core (``endnim.cgt._core``), or ``None`` when it is not built."""

__all__ = [
    "CORE",
    "DOWN",
    "NUS",
    "STAR",
    "UP",
    "ZERO",
    "Game",
    "Relation",
    "game_count",
    "integer",
    "intern",
    "intern_ids",
    "nimber",
    "number",
    "nus",
    "through_core",
]


class Relation(Enum):
    """The four ways two games compare (:func:`endnim.cgt.order.compare` decides which)."""

    EQUAL = "="
    GREATER = ">"
    LESS = "<"
    CONFUSED = "‖"

    @property
    def ascii(self) -> str:
        """The relation in ASCII (CGSuite writes confused as ``<>``).

        >>> Relation.CONFUSED.ascii
        '<>'
        """
        return "<>" if self is Relation.CONFUSED else self.value


NUS = tuple[Fraction, int, int]
"""(number x, up multiple n, nimber m): the value x + n·↑ + *m."""

_HALF = Fraction(1, 2)

LATEX_LIMIT = 5_000
"""A canonical form longer than this (in ASCII) is shown as text, not typeset, in a notebook."""


class Operations:
    """The operations a :class:`Game`'s operators delegate to, filled in by the modules that
    define them (:mod:`~endnim.cgt.arithmetic`, :mod:`~endnim.cgt.order`,
    :mod:`~endnim.cgt.notation`) when they are imported: this module imports none of them, so
    there is no import cycle. Importing :mod:`endnim.cgt` (or any of its modules) loads all."""

    add: Callable[[Game, Game], Game]
    negate: Callable[[Game], Game]
    leq: Callable[[Game, Game], bool]
    compare: Callable[[Game, Game], Relation]
    to_unicode: Callable[[Game], str]
    to_ascii: Callable[[Game], str]
    to_latex: Callable[[Game, int | None], str]
    parse: Callable[[str], Game]


OPERATIONS = Operations()


class Game(_GameBase):
    """A short game in canonical form; create it only through :func:`intern` or the builders.

    ``left`` and ``right`` are the canonical options (tuples of games sorted by ``id``),
    ``birthday`` the day it is born, ``nus`` its (number, up multiple, nimber) when it is a
    number-up-star value, else ``None``. Arithmetic operators delegate to
    :mod:`endnim.cgt.arithmetic`; ``<=`` and ``>=`` are decided by the compiled core's base
    class (``_core.GameBase``, in C, memoised per id pair) or :mod:`endnim.cgt.order`; ``<``
    and ``>`` are refused on purpose (games are only partially ordered: use ``compare``).

    >>> from endnim.cgt import parse
    >>> up = parse("^")
    >>> str(up + up), (up + parse("v")).nus, up >= parse("0"), up.birthday
    ('⇑', (Fraction(0, 1), 0, 0), True, 2)
    """

    __slots__ = ("__weakref__", "_neg", "birthday", "le", "left", "nim", "nus", "right")

    def __init__(
        self,
        ident: int,
        left: tuple[Game, ...],
        right: tuple[Game, ...],
        value: NUS | None,
        born: int = -1,
    ) -> None:
        self.id = ident
        self.left = left
        self.right = right
        self.nus = value
        self.nim: int = value[2] if value is not None and not value[0] and not value[1] else -1
        """m when the game is the nimber *m, else -1 (a fast test for the mex rule)."""
        self.le: dict[int, bool] = {}
        """Memo of comparisons: ``self.le[h.id]`` is ``self <= h``."""
        self._neg: Game | None = None
        self.birthday: int = (
            born if born >= 0 else 1 + max([g.birthday for g in left + right], default=-1)
        )
        """The day it is born (``born``, when the compiled core has counted it already)."""

    # ------------------------------------------------------------------ properties
    @property
    def is_number(self) -> bool:
        """Whether the game is a (dyadic) number."""
        return self.nus is not None and self.nus[1] == 0 and self.nus[2] == 0

    @property
    def number_value(self) -> Fraction | None:
        """The number this game is, or ``None``."""
        return self.nus[0] if self.is_number and self.nus is not None else None

    @property
    def nimber_value(self) -> int | None:
        """``m`` when the game is the nimber ``*m``, else ``None``."""
        return self.nim if self.nim >= 0 else None

    # ------------------------------------------------------------------ operators
    def __add__(self, other: Game | int | Fraction) -> Game:
        return OPERATIONS.add(self, other if isinstance(other, Game) else number(other))

    __radd__ = __add__

    def __sub__(self, other: Game | int | Fraction) -> Game:
        ops = OPERATIONS
        return ops.add(self, ops.negate(other if isinstance(other, Game) else number(other)))

    def __neg__(self) -> Game:
        return OPERATIONS.negate(self)

    def compare(self, other: Game) -> Relation:
        """The relation of ``self`` to ``other``: =, >, < or ‖ (confused)."""
        return OPERATIONS.compare(self, other)

    def __str__(self) -> str:
        return OPERATIONS.to_unicode(self)

    def __repr__(self) -> str:
        return f"Game({OPERATIONS.to_ascii(self)!r})"

    def _repr_latex_(self) -> str | None:
        r"""Notebook display: the canonical form as LaTeX math (cgt-tools' style), or ``None``
        (the plain text instead) when its ASCII text exceeds :data:`LATEX_LIMIT` characters.

        >>> from endnim.cgt import parse
        >>> print(parse("{1|*}")._repr_latex_(), parse("^*")._repr_latex_())
        $\{1 \mid {\ast}\}$ $\uparrow{\ast}$
        """
        try:
            return f"${OPERATIONS.to_latex(self, LATEX_LIMIT)}$"
        except EndNimError:  # the form is too long to typeset
            return None

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (OPERATIONS.to_ascii(self),))


def _unpickle(text: str) -> Game:
    return OPERATIONS.parse(text)


# ---------------------------------------------------------------------------- the table
_TABLE: dict[tuple[tuple[int, ...], tuple[int, ...]], Game] = {}
_INTERNING = threading.Lock()
"""Held while a new game is made: the web server answers light requests on several threads."""
_GAMES: list[Game] = []


def game_count() -> int:
    """How many distinct canonical forms have been interned so far.

    >>> game_count() >= 4
    True
    """
    return len(_GAMES)


def intern(left: Sequence[Game], right: Sequence[Game]) -> Game:
    """The unique game with exactly these options, which must already be canonical.

    The caller guarantees the options are distinct, undominated and not reversible (the
    definition of canonical form); :func:`endnim.cgt.canonical.game` is the checked entry.

    >>> intern([ZERO], [STAR]) is UP
    True
    """
    left_ids = tuple(sorted(g.id for g in left))
    right_ids = tuple(sorted(g.id for g in right))
    return intern_ids(left_ids, right_ids)


def intern_ids(left_ids: tuple[int, ...], right_ids: tuple[int, ...]) -> Game:
    """:func:`intern` from the options' ids, each tuple sorted ascending.

    >>> intern_ids((ZERO.id,), (ZERO.id,)) is STAR
    True
    """
    key = (left_ids, right_ids)
    found = _TABLE.get(key)
    if found is not None:
        return found
    with _INTERNING:  # a new id, the compiled mirror and the table change together
        found = _TABLE.get(key)
        if found is not None:
            return found
        games = _GAMES
        if CORE is not None:  # made by the compiled core (through_core files it there only)
            ident: int = CORE.find(left_ids, right_ids)
            if ident >= 0:
                known: Game = games[ident]
                _TABLE[key] = known
                return known
        lefts = tuple(map(games.__getitem__, left_ids))
        rights = tuple(map(games.__getitem__, right_ids))
        made = Game(len(games), lefts, rights, _recognise(lefts, rights))
        if CORE is not None and CORE.add(left_ids, right_ids) != made.id:  # pragma: no cover
            raise RuntimeError("endnim.cgt: the compiled table is out of step with the games")
        games.append(made)
        _TABLE[key] = made
        return made


def through_core(call: Callable[[ModuleType], int]) -> Game | None:
    """Run ``call(CORE)``, a call of the compiled core that may make games itself (its table
    is hash-consed too), holding the intern lock; then intern the Game objects of the games
    it made, in its order. The game whose id it returned, or ``None`` when it returned -1
    (declined) or the core is not built.

    >>> through_core(lambda core: core.read("{0|*}", 8)) is UP
    True
    """
    if CORE is None:  # pragma: no cover - built by setup.py
        return None
    core = CORE
    with _INTERNING:
        try:
            ident = call(core)
        finally:
            if core.count() > len(_GAMES):  # Game objects for the new ones, made from C
                core.materialise(len(_GAMES), _made, _GAMES)
    return None if ident < 0 else _GAMES[ident]


def _made(ident: int, lefts: tuple[Game, ...], rights: tuple[Game, ...], born: int) -> Game:
    """The Game object of a game the compiled core made (``materialise`` files it)."""
    return Game(ident, lefts, rights, _recognise(lefts, rights), born)


# ------------------------------------------------------------------ number-up-star values
def _recognise(left: tuple[Game, ...], right: tuple[Game, ...]) -> NUS | None:
    """(x, n, m) if the canonical form {left | right} is x + n·↑ + *m (Siegel II.4)."""
    if not left:
        if not right:
            return (Fraction(0), 0, 0)
        only = right[0].nus
        return (only[0] - 1, 0, 0) if only is not None else None  # {| n} = n - 1, n <= 0
    if not right:
        only = left[0].nus
        return (only[0] + 1, 0, 0) if only is not None else None  # {n |} = n + 1, n >= 0
    for option in left:  # most games made have an option that is not one: no lists then
        if option.nus is None:
            return None
    for option in right:
        if option.nus is None:
            return None
    lv = [g.nus for g in left]
    rv = [g.nus for g in right]
    if any(v is None for v in lv) or any(v is None for v in rv):
        return None
    ls = [v for v in lv if v is not None]
    rs = [v for v in rv if v is not None]
    if left == right:  # {x, x*, ..., x*(k-1) | same} = x*k
        if all(g.nim >= 0 for g in left):  # x = 0: the common case, without Fractions
            present = {g.nim for g in left}
            return (Fraction(0), 0, len(left)) if present == set(range(len(left))) else None
        x = ls[0][0]
        if all(v[0] == x and v[1] == 0 for v in ls) and sorted(v[2] for v in ls) == list(
            range(len(ls))
        ):
            return (x, 0, len(ls))
        return None
    if len(ls) == 1 and len(rs) == 1:
        (x, xn, xm), (y, yn, ym) = ls[0], rs[0]
        if xn == xm == 0 and yn == ym == 0 and x < y:
            return ((x + y) * _HALF, 0, 0)  # a canonical {x | y} of numbers is their mean
        if xn == xm == 0 and y == x and (yn, ym) != (0, 0) and yn >= 0:
            return (x, yn + 1, ym ^ 1)  # x + {0 | n↑*m} = x + (n+1)↑*(m^1)
        if yn == ym == 0 and x == y and (xn, xm) != (0, 0) and xn <= 0:
            return (x, xn - 1, xm ^ 1)
        return None
    if len(ls) == 2 and len(rs) == 1:  # {x, x* | x} = x↑*
        base = rs[0]
        if base[1] == base[2] == 0 and sorted(ls, key=_nim) == [base, (base[0], 0, 1)]:
            return (base[0], 1, 1)
        return None
    if len(ls) == 1 and len(rs) == 2:  # {x | x, x*} = x↓*
        base = ls[0]
        if base[1] == base[2] == 0 and sorted(rs, key=_nim) == [base, (base[0], 0, 1)]:
            return (base[0], -1, 1)
        return None
    return None


def _nim(value: NUS) -> int:
    return value[2]


def number(value: Fraction | int | str) -> Game:
    """The canonical form of a dyadic rational (Conway's simplest form).

    >>> [str(number(x)) for x in (0, 3, -2, "1/2", "-3/4")]
    ['0', '3', '-2', '1/2', '-3/4']
    """
    x = Fraction(value)
    denominator = x.denominator
    if denominator & (denominator - 1):
        raise ValueError(f"{x} is not a dyadic rational: short games are dyadic numbers")
    found = _NUMBERS.get(x)
    if found is not None:
        return found
    if denominator == 1:
        return integer(int(x))
    step = Fraction(1, denominator)
    made = intern([number(x - step)], [number(x + step)])
    _NUMBERS[x] = made
    return made


def integer(n: int) -> Game:
    """The integer ``n``: {n-1 |} or {| n+1} (built iteratively from the nearest known one).

    >>> str(integer(5)), integer(2).left[0] is integer(1)
    ('5', True)
    """
    found = _NUMBERS.get(Fraction(n))
    if found is not None:
        return found
    sign = 1 if n > 0 else -1
    k = n - sign
    while Fraction(k) not in _NUMBERS:
        k -= sign
    current = _NUMBERS[Fraction(k)]
    while k != n:
        k += sign
        current = intern([current], []) if sign > 0 else intern([], [current])
        _NUMBERS[Fraction(k)] = current
    return current


def nimber(m: int, base: Fraction | int = 0) -> Game:
    """The nimber ``*m`` (plus the number ``base``): {x, x*, ..., x*(m-1) | same}.

    >>> [str(nimber(k)) for k in range(4)], str(nimber(2, 1))
    (['0', '*', '*2', '*3'], '1*2')
    """
    if m < 0:
        raise ValueError("a nimber *m needs m >= 0")
    x = Fraction(base)
    chain = _NIMBERS.get(x)
    if chain is None:
        chain = _NIMBERS[x] = [number(x)]
    while len(chain) <= m:  # extend the chain x, x*, x*2, ... once, from the longest known
        chain.append(intern(chain, chain))
    return chain[m]


def nus(x: Fraction | int | str, ups: int, m: int) -> Game:
    """The canonical form of x + ups·↑ + *m (CGSuite's construction; Siegel II.4).

    x↑* = {x, x* | x}; otherwise x + n↑*k = {x | x + (n-1)↑*(k^1)} for n >= 1, and dually
    for n <= -1.

    >>> [str(nus(0, n, k)) for n, k in ((1, 0), (1, 1), (2, 0), (2, 1), (-3, 2))]
    ['↑', '↑*', '⇑', '⇑*', '↓3*2']
    """
    base = Fraction(x)
    if m < 0:
        raise ValueError("the nimber part must be >= 0")
    at = number(base)
    star = nimber(1, base)
    sign = 1 if ups >= 0 else -1
    current = nimber(m ^ (abs(ups) & 1), base)
    for i in range(1, abs(ups) + 1):
        nim = m ^ ((abs(ups) - i) & 1)
        if nim == 1 and i == 1:
            current = intern([at, star], [at]) if sign > 0 else intern([at], [at, star])
        else:
            current = intern([at], [current]) if sign > 0 else intern([current], [at])
    return current


_NUMBERS: dict[Fraction, Game] = {}
_NIMBERS: dict[Fraction, list[Game]] = {}

ZERO = intern([], [])
"""The game 0 = { | }."""
_NUMBERS[Fraction(0)] = ZERO
STAR = intern([ZERO], [ZERO])
"""* = {0 | 0}."""
UP = intern([ZERO], [STAR])
"""↑ = {0 | *}."""
DOWN = intern([STAR], [ZERO])
"""↓ = {* | 0}."""
