"""Writing games in Unicode and in CGSuite's ASCII notation, and reading them back.

Numbers print as ``3``, ``-1/2``; number-up-star values as number, ups, star (CGSuite's
order): ``↑`` ``⇑`` ``↑3`` ``↓`` ``⇓`` ``↓3`` in Unicode, ``^`` ``^^`` ``^3`` ``v`` ``vv``
``v3`` in ASCII, then ``*`` or ``*m`` (``↑*``, ``1⇓*2``, ``^*``). A switch {G | -G} prints
``±G`` / ``+-G`` (several options: ``±(1,2)``), x + tiny-G ``x+Tiny(G)`` and x + miny-G
``x+Miny(G)`` (only when G's stops make it one: CGSuite's rule), anything else
``{L1,L2|R1}`` with options in braces, sorted by birthday then text.

:func:`parse` reads both notations, plus sums and differences (``^ + *2 - v``),
parentheses, ``Tiny(G)``, ``Miny(G)`` and nested braces.

>>> from endnim.cgt.game import nus
>>> to_unicode(nus(0, 2, 1)), to_ascii(nus(0, 2, 1)), to_ascii(parse("{0|↑}"))
('⇑*', '^^*', '^^*')
>>> to_unicode(parse("{0|^^*3,^*2}")), to_ascii(parse("+-1")), to_unicode(parse("{1|-1}"))
('{0|↑*2,⇑*3}', '+-1', '±1')
>>> to_unicode(parse("{0|*2}"))  # the canonical form of ↑ + *3
'↑*3'
"""

from __future__ import annotations

from fractions import Fraction

from endnim.cgt.arithmetic import add, negate
from endnim.cgt.canonical import game
from endnim.cgt.game import NUS, OPERATIONS, ZERO, Game, nus
from endnim.cgt.reader import read
from endnim.cgt.stops import left_stop, right_stop
from endnim.errors import EndNimError

__all__ = [
    "GameSyntaxError",
    "ValueTooLongError",
    "parse",
    "printed_length",
    "to_ascii",
    "to_latex",
    "to_unicode",
]

_UNICODE: dict[int, str] = {}
_ASCII: dict[int, str] = {}
_LATEX: dict[int, str] = {}
_SIZES: dict[tuple[int, bool], int] = {}


class ValueTooLongError(EndNimError):
    """A canonical form longer than the caller's limit (printed trees grow exponentially)."""

    def __init__(self, message: str, *, length: int) -> None:
        super().__init__(message)
        self.length = length


def to_unicode(g: Game, limit: int | None = None) -> str:
    """The value in Unicode: ``0``, ``*``, ``*2``, ``↑``, ``⇑*``, ``±1``, ``{0|↑*2,⇑*3}``.

    With ``limit``, a form longer than ``limit`` characters raises :class:`ValueTooLongError`
    before any text is built (a canonical form is a DAG; its text is a tree, so long rows
    can print to millions of characters).

    >>> [to_unicode(parse(t)) for t in ("0", "*", "^", "vv*", "^3*2", "{0,*|*}", "{0|^*2,^^*3}")]
    ['0', '*', '↑', '⇓*', '↑3*2', '↑', '{0|↑*2,⇑*3}']
    """
    _check_length(g, False, limit)
    return _text(g, False)


def to_ascii(g: Game, limit: int | None = None) -> str:
    """The value in CGSuite's ASCII notation: ``^``, ``v``, ``^^``, ``^*``, ``+-1``, ``{...|...}``.

    >>> [to_ascii(parse(t)) for t in ("↑", "↓", "⇑", "↑*", "±1", "{0|↑*2,⇑*3}", "1/2↓")]
    ['^', 'v', '^^', '^*', '+-1', '{0|^*2,^^*3}', '1/2v']
    """
    _check_length(g, True, limit)
    return _text(g, True)


def to_latex(g: Game, limit: int | None = None) -> str:
    r"""The value as LaTeX math (no dollars), what a notebook shows: ``\{1 \mid *\}``.

    The shapes of :func:`to_unicode`: numbers (``\frac{1}{2}``), ups and downs
    (``\uparrow``, ``\Uparrow``, ``3{\cdot}\uparrow``), stars, ``\pm G``,
    ``\mathrm{Tiny}(G)`` and options in braces. With ``limit``, a form whose ASCII text is
    longer than ``limit`` characters raises :class:`ValueTooLongError` first.

    >>> print(*[to_latex(parse(t)) for t in ("0", "-1/2", "^*", "vv", "^3*2", "+-1", "{1|*}")])
    0 -\frac{1}{2} \uparrow* \Downarrow 3{\cdot}\uparrow*2 \pm 1 \{1 \mid *\}
    >>> print(to_latex(parse("{0|^*2,^^*3}")), to_latex(parse("1+Tiny(2)")))
    \{0 \mid \uparrow*2, \Uparrow*3\} 1+\mathrm{Tiny}(2)
    """
    _check_length(g, True, limit)
    found = _LATEX.get(g.id)
    if found is None:
        found = _latex(g)
        _LATEX[g.id] = found
    return found


def _latex(g: Game) -> str:
    kind, data = _shape(g)
    if kind == "nus" and g.nus is not None:
        return _nus_latex(g.nus)
    if kind == "switch":
        inner = _latex_options(g.left)
        return f"\\pm {inner}" if len(g.left) == 1 else f"\\pm({inner})"
    if data is not None:
        prefix, argument = data
        name = "Tiny" if kind == "tiny" else "Miny"
        return f"{_prefix_latex(prefix)}\\mathrm{{{name}}}({to_latex(argument)})"
    return f"\\{{{_latex_options(g.left)} \\mid {_latex_options(g.right)}\\}}"


def _latex_options(options: tuple[Game, ...]) -> str:
    texts = []
    for g in options:  # sorted as the Unicode text sorts them: birthday, then text
        texts.append((g.birthday, _text(g, False), to_latex(g)))
    texts.sort()
    return ", ".join(latex for _, _, latex in texts)


def _number_latex(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    return f"{sign}\\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"


def _prefix_latex(prefix: str) -> str:
    """A Tiny/Miny prefix such as ``-1/2+`` in LaTeX."""
    return f"{_number_latex(Fraction(prefix[:-1]))}+" if prefix else ""


def _nus_latex(value: NUS) -> str:
    x, ups, star = value
    text = _number_latex(x) if x != 0 or (ups == 0 and star == 0) else ""
    if ups:
        size = abs(ups)
        single, double = ("\\uparrow", "\\Uparrow") if ups > 0 else ("\\downarrow", "\\Downarrow")
        mark = single if size == 1 else double if size == 2 else f"{size}{{\\cdot}}{single}"
        text += ("+" if text and size > 2 else "") + mark
    if star:
        text += "*" if star == 1 else f"*{star}"
    return text


def printed_length(g: Game, ascii: bool = False) -> int:
    """The length of :func:`to_unicode` (or :func:`to_ascii`) of G, without building it.

    >>> printed_length(parse("{0|^*2,^^*3}")), printed_length(parse("{0|^*2,^^*3}"), ascii=True)
    (11, 12)
    """
    key = (g.id, ascii)
    found = _SIZES.get(key)
    if found is None:
        kind, data = _shape(g)
        if kind == "nus":
            found = len(_nus_text(g.nus, ascii)) if g.nus is not None else 0
        elif kind == "switch":
            found = (2 if ascii else 1) + _options_length(g.left, ascii)
            found += 2 if len(g.left) > 1 else 0
        elif data is None:
            found = 3 + _options_length(g.left, ascii) + _options_length(g.right, ascii)
        else:
            prefix, argument = data
            found = len(prefix) + 6 + printed_length(argument, ascii)
        _SIZES[key] = found
    return found


def _options_length(options: tuple[Game, ...], ascii: bool) -> int:
    total = max(0, len(options) - 1)
    for g in options:  # a loop, not sum(generator): deep forms then recurse in Python only
        total += printed_length(g, ascii)
    return total


def _check_length(g: Game, ascii: bool, limit: int | None) -> None:
    if limit is not None:
        length = printed_length(g, ascii)
        if length > limit:
            raise ValueTooLongError(
                f"the canonical form is {length:,} characters long (limit {limit:,})",
                length=length,
            )


def _text(g: Game, ascii: bool) -> str:
    memo = _ASCII if ascii else _UNICODE
    found = memo.get(g.id)
    if found is None:
        found = _compose(g, ascii)
        memo[g.id] = found
    return found


def _shape(g: Game) -> tuple[str, tuple[str, Game] | None]:
    """How G prints: ``nus``, ``switch`` ({G | -G}), ``tiny``/``miny`` (with the number
    prefix and the argument), or ``braces``."""
    if g.nus is not None:
        return "nus", None
    if (
        g.left
        and len(g.left) == len(g.right)
        and {negate(x).id for x in g.left} == {x.id for x in g.right}
    ):
        return "switch", None
    if len(g.left) == 1 and len(g.right) == 1:
        (gl,), (gr,) = g.left, g.right
        x = gl.number_value
        if x is not None and len(gr.left) == 1 and len(gr.right) == 1 and gr.left[0] is gl:
            inner = gr.right[0]
            if left_stop(inner) < x:  # x + Tiny(x - inner), CGSuite's test
                prefix = "" if x == 0 else f"{_number_text(x)}+"
                return "tiny", (prefix, add(gl, negate(inner)))
        y = gr.number_value
        if y is not None and len(gl.left) == 1 and len(gl.right) == 1 and gl.right[0] is gr:
            inner = gl.left[0]
            if right_stop(inner) > y:
                prefix = "" if y == 0 else f"{_number_text(y)}+"
                return "miny", (prefix, add(inner, negate(gr)))
    return "braces", None


def _compose(g: Game, ascii: bool) -> str:
    kind, data = _shape(g)
    if kind == "nus" and g.nus is not None:
        return _nus_text(g.nus, ascii)
    if kind == "switch":
        inner = _options(g.left, ascii)
        sign = "+-" if ascii else "±"
        return f"{sign}{inner}" if len(g.left) == 1 else f"{sign}({inner})"
    if data is not None:
        prefix, argument = data
        name = "Tiny" if kind == "tiny" else "Miny"
        return f"{prefix}{name}({_text(argument, ascii)})"
    return "{" + _options(g.left, ascii) + "|" + _options(g.right, ascii) + "}"


def _options(options: tuple[Game, ...], ascii: bool) -> str:
    texts = []
    for g in options:  # a loop, not sorted(generator): deep forms recurse in Python only
        texts.append((g.birthday, _text(g, ascii)))
    texts.sort()
    return ",".join(text for _, text in texts)


def _number_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _nus_text(value: NUS, ascii: bool) -> str:
    x, ups, star = value
    text = _number_text(x) if x != 0 or (ups == 0 and star == 0) else ""
    if ups:
        size = abs(ups)
        if ascii:
            mark = "^" if ups > 0 else "v"
            text += mark * size if size <= 2 else f"{mark}{size}"
        else:
            single, double = ("↑", "⇑") if ups > 0 else ("↓", "⇓")
            text += single if size == 1 else double if size == 2 else f"{single}{size}"
    if star:
        text += "*" if star == 1 else f"*{star}"
    return text


# --------------------------------------------------------------------------- parsing
class GameSyntaxError(EndNimError):
    """A game expression could not be read."""


_UP_MARKS = {"^": 1, "↑": 1, "⇑": 2, "v": -1, "↓": -1, "⇓": -2}
MAX_PART = 1024
"""Largest integer, denominator, up multiple or nimber a parsed value may have (each is built
from its options, so a huge one would take a long time)."""


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, what: str) -> GameSyntaxError:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return GameSyntaxError(f"cannot read the game {shown!r}: {what} at character {self.pos}")

    def peek(self) -> str:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def take(self, token: str) -> bool:
        self.peek()
        if self.text.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str) -> None:
        if not self.take(token):
            found = self.peek() or "the end"
            raise self.fail(f"expected {token!r}, found {found!r}")

    def expression(self) -> Game:
        total = self.term()
        while True:
            if self.take("+"):
                total = add(total, self.term())
            elif self.take("-"):
                total = add(total, negate(self.term()))
            else:
                return total

    def term(self) -> Game:
        char = self.peek()
        if char == "{":
            self.pos += 1
            lefts = self.option_list("|")
            self.expect("|")
            rights = self.option_list("}")
            self.expect("}")
            return game(lefts, rights)
        if self.take("±") or self.take("+-"):
            if self.take("("):
                options = self.option_list(")")
                self.expect(")")
            else:
                options = [self.term()]
            return game(options, [negate(x) for x in options])
        if char == "(":
            self.pos += 1
            inner = self.expression()
            self.expect(")")
            return inner
        if char == "-":
            self.pos += 1
            if self.pos < len(self.text) and self.text[self.pos].isdigit():
                return self.atom(negative=True)  # "-1^*" is -1 + ^*, as it is printed
            return negate(self.term())
        for name, sign in (("Tiny(", 1), ("Miny(", -1)):
            if self.take(name):
                argument = self.expression()
                self.expect(")")
                tiny = game([ZERO], [game([ZERO], [negate(argument)])])
                return tiny if sign > 0 else negate(tiny)
        return self.atom()

    def option_list(self, closer: str) -> list[Game]:
        if self.peek() in (closer, "|", "}", ""):
            return []
        options = [self.expression()]
        while self.take(","):
            options.append(self.expression())
        return options

    def atom(self, negative: bool = False) -> Game:
        """A number-up-star literal; ``negative``: its number part follows a minus sign (the
        sign belongs to the number only, as CGSuite prints -1^* for -1 + ^*)."""
        start = self.pos
        x = Fraction(0)
        digits = self.digits()
        if digits is not None:
            x = Fraction(digits)
            if self.peek() == "/":
                self.pos += 1
                denominator = self.digits()
                if not denominator:
                    raise self.fail("a fraction needs a denominator")
                if denominator & (denominator - 1):
                    raise self.fail("numbers must be dyadic (denominator a power of two)")
                x = Fraction(digits, denominator)
        ups = 0
        text = self.text
        while self.pos < len(text) and text[self.pos] in _UP_MARKS:
            mark = text[self.pos]
            if ups and (_UP_MARKS[mark] > 0) != (ups > 0):
                raise self.fail("ups and downs mixed in one value")
            self.pos += 1
            count = self.digits(skip_space=False)
            ups += _UP_MARKS[mark] * (count if count is not None else 1)
        star = 0
        if self.pos < len(text) and text[self.pos] == "*":
            self.pos += 1
            count = self.digits(skip_space=False)
            star = 1 if count is None else count
        if self.pos == start:
            found = self.peek() or "the end"
            raise self.fail(f"expected a game, found {found!r}")
        return nus(-x if negative else x, ups, star)

    def digits(self, skip_space: bool = True) -> int | None:
        if skip_space:
            self.peek()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
            self.pos += 1
        if self.pos == start:
            return None
        if self.pos - start > 4 or int(self.text[start : self.pos]) > MAX_PART:
            raise self.fail(f"numbers, nimbers and up multiples are limited to {MAX_PART}")
        return int(self.text[start : self.pos])


def parse(text: str) -> Game:
    """Read a game: numbers, ``*m``, ups (``^`` ``v`` ``↑`` ``⇑`` ...), ``±G``/``+-G``,
    ``{L|R}``, ``Tiny(G)``, ``Miny(G)``, sums and differences, parentheses.

    >>> str(parse("{0|^}")), str(parse("^ + ^")), str(parse("*2 + *3")), str(parse("-1/2"))
    ('⇑*', '⇑', '*', '-1/2')
    >>> str(parse("-1^*")), str(parse("-(1^*)")), str(parse("2 - 1^"))  # as CGSuite reads them
    ('-1↑*', '-1↓*', '1↓')
    >>> parse("{0|")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.cgt.notation.GameSyntaxError: cannot read the game '{0|': expected '}', found ...
    """
    found = read(text)  # braces, numbers, ups and stars: the compiled reader (same result)
    if found is not None:
        return found
    parser = _Parser(text)
    if not parser.peek():
        raise GameSyntaxError("cannot read an empty game expression")
    result = parser.expression()
    if parser.peek():
        raise parser.fail(f"unexpected {parser.peek()!r}")
    return result


OPERATIONS.to_unicode = to_unicode
OPERATIONS.to_ascii = to_ascii
OPERATIONS.to_latex = to_latex
OPERATIONS.parse = parse
