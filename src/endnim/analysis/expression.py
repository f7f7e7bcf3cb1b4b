"""A small, safe expression language for predicates over a position and its value.

The text is parsed with :mod:`ast` and every node is checked against a short whitelist before it
is compiled; anything else is refused with a one-line error. Allowed:

* names: ``a`` (the piles, a tuple), ``g`` (the value: the Grundy value, or for partizan End-Nim
  the outcome class ``"L"``, ``"R"``, ``"N"`` or ``"P"``), ``n`` (number of piles), ``first``,
  ``last`` (the end piles), ``beans`` (the total), and the variables of comprehensions;
* integer, boolean and short string constants; arithmetic ``+ - * / // % ** ^ & | << >> ~``,
  comparisons (chained too, ``in``), ``and``/``or``/``not``, ``x if c else y``;
* subscripts and slices (``a[1]``, ``a[1:-1]``), tuples and lists;
* calls of ``sum``, ``min``, ``max``, ``len``, ``abs``, ``all``, ``any``, ``zip``, ``sorted``,
  ``reversed``, ``tuple``, ``set`` and ``range`` (at most 10⁶ long), with generator expressions
  such as ``all(x <= g for x in a)``.

No attribute access, no other calls, no names starting with ``_``, no assignment, no lambda, no
string formatting (``"%d" % g`` is refused). Powers, products and shifts are computed by guarded
helpers that refuse results of more than 10,000 bits or 10,000 items. Every step of every loop —
the comprehensions' and the ones inside ``sum``, ``sorted``, ``set``, ``min``, ``max``, ``all``,
``any``, ``zip`` and ``tuple``, which see their arguments through the same meter — counts
against one budget of 10⁶ steps per evaluation, and an evaluation stops after 2 seconds, so no
expression can exhaust memory or time by itself.

>>> p = compile_predicate("g <= first + last + 1")
>>> p((3, 4, 1, 2, 2), 6), p((3, 4, 1, 2, 2), 7)
(True, False)
>>> compile_predicate("all(x > 0 for x in a) and n % 2 == 0")((2, 3), 1)
True
>>> compile_predicate("a.__class__")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
endnim.analysis.expression.ExpressionError: expression 'a.__class__': attribute access ... allowed
"""

from __future__ import annotations

import ast
import operator
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from endnim.errors import EndNimError

VARIABLES: tuple[str, ...] = ("a", "g", "n", "first", "last", "beans")
"""The names an expression sees, in the order the compiled function takes them."""
MAX_LENGTH = 2000
"""Longest expression text accepted."""
MAX_BITS = 10_000
MAX_ITEMS = 10_000
MAX_RANGE = 1_000_000
MAX_STRING = 32
MAX_STEPS = 1_000_000
"""Most loop steps (comprehensions and built-in calls alike) one evaluation may take."""
MAX_SECONDS = 2.0
"""Longest one evaluation may run."""


class ExpressionError(EndNimError):
    """An expression is not in the language, or failed when evaluated."""


def _guard_int(value: Any) -> Any:
    if isinstance(value, int) and value.bit_length() > MAX_BITS:
        raise ExpressionError(f"a number exceeds {MAX_BITS} bits")
    return value


def _pow(base: Any, exponent: Any) -> Any:
    if (
        isinstance(base, int)
        and isinstance(exponent, int)
        and exponent > 0
        and abs(base) > 1
        and base.bit_length() * exponent > MAX_BITS + 64
    ):
        raise ExpressionError(f"a power exceeds {MAX_BITS} bits")
    return _guard_int(operator.pow(base, exponent))


def _mul(left: Any, right: Any) -> Any:
    for sequence, count in ((left, right), (right, left)):
        if (
            isinstance(sequence, str | tuple | list)
            and isinstance(count, int)
            and len(sequence) * max(count, 0) > MAX_ITEMS
        ):
            raise ExpressionError(f"a repeated sequence exceeds {MAX_ITEMS} items")
    return _guard_int(operator.mul(left, right))


def _lshift(value: Any, shift: Any) -> Any:
    if isinstance(shift, int) and shift > MAX_BITS:
        raise ExpressionError(f"a shift exceeds {MAX_BITS} bits")
    return _guard_int(operator.lshift(value, shift))


def _mod(left: Any, right: Any) -> Any:
    if isinstance(left, str | bytes):
        raise ExpressionError("string formatting ('%') is not allowed")
    return operator.mod(left, right)


def _range(*args: int) -> range:
    span = range(*args)
    if len(span) > MAX_RANGE:
        raise ExpressionError(f"range() is limited to {MAX_RANGE:,} values")
    return span


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "sum": sum,
    "min": min,
    "max": max,
    "len": len,
    "abs": abs,
    "all": all,
    "any": any,
    "zip": zip,
    "sorted": sorted,
    "reversed": reversed,
    "tuple": tuple,
    "set": set,
    "range": _range,
}
"""The only functions an expression may call."""

_HELPERS: dict[str, Callable[..., Any]] = {
    "__pow": _pow,
    "__mul": _mul,
    "__lshift": _lshift,
    "__mod": _mod,
}
_METERED = ("sum", "min", "max", "all", "any", "zip", "sorted", "tuple", "set")
"""Built-ins that loop over their arguments: they see them through the step meter."""

_ALLOWED_NODES = (
    ast.Expression,
    ast.BoolOp,
    ast.And,
    ast.Or,
    ast.BinOp,
    ast.Add,
    ast.Sub,
    ast.Mult,
    ast.Div,
    ast.FloorDiv,
    ast.Mod,
    ast.Pow,
    ast.BitXor,
    ast.BitAnd,
    ast.BitOr,
    ast.LShift,
    ast.RShift,
    ast.UnaryOp,
    ast.Not,
    ast.USub,
    ast.UAdd,
    ast.Invert,
    ast.Compare,
    ast.Eq,
    ast.NotEq,
    ast.Lt,
    ast.LtE,
    ast.Gt,
    ast.GtE,
    ast.In,
    ast.NotIn,
    ast.IfExp,
    ast.Call,
    ast.Name,
    ast.Load,
    ast.Store,
    ast.Constant,
    ast.Subscript,
    ast.Slice,
    ast.Tuple,
    ast.List,
    ast.GeneratorExp,
    ast.comprehension,
)

_DESCRIPTIONS = {
    ast.Attribute: "attribute access ('.')",
    ast.Lambda: "lambda",
    ast.NamedExpr: "assignment (':=')",
    ast.Dict: "dictionaries",
    ast.Set: "set displays",
    ast.DictComp: "dictionary comprehensions",
    ast.SetComp: "set comprehensions",
    ast.ListComp: "list comprehensions (use a generator: all(... for x in a))",
    ast.JoinedStr: "f-strings",
    ast.Starred: "starred arguments",
    ast.Await: "await",
    ast.Yield: "yield",
}


class _Steps:
    """The loop-step and time budget of one evaluation, shared by its comprehensions and the
    built-in calls that loop."""

    def __init__(self) -> None:
        self.left = MAX_STEPS
        self.deadline = time.monotonic() + MAX_SECONDS

    def reset(self) -> None:
        self.left = MAX_STEPS
        self.deadline = time.monotonic() + MAX_SECONDS

    def iterate(self, items: Iterable[Any]) -> Iterable[Any]:
        for item in items:
            self.left -= 1
            if self.left < 0:
                raise ExpressionError(f"more than {MAX_STEPS:,} loop steps in one evaluation")
            if not self.left & 0xFFF and time.monotonic() > self.deadline:
                raise ExpressionError(f"one evaluation took more than {MAX_SECONDS:g} seconds")
            yield item

    def metered(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` with every iterable argument read through :meth:`iterate`."""

        def call(*args: Any) -> Any:
            return function(
                *(
                    self.iterate(arg)
                    if isinstance(arg, Iterable) and not isinstance(arg, str)
                    else arg
                    for arg in args
                )
            )

        return call


@dataclass(frozen=True)
class Predicate:
    """A compiled expression: call it with the piles and the value."""

    source: str
    function: Callable[..., Any]
    steps: _Steps

    def __call__(self, piles: tuple[int, ...], value: int | str) -> bool:
        """Evaluate on one position (``value``: Grundy value or outcome class)."""
        self.steps.reset()
        try:
            return bool(self.function(piles, value, len(piles), piles[0], piles[-1], sum(piles)))
        except ExpressionError as error:
            raise ExpressionError(
                f"expression {self.source!r} on {_show(piles)}: {error}"
            ) from None
        except (ArithmeticError, LookupError, TypeError, ValueError) as error:
            raise ExpressionError(
                f"expression {self.source!r} failed on {_show(piles)}: "
                f"{type(error).__name__}: {error}"
            ) from None

    def evaluate(self, piles: tuple[int, ...], value: int | str) -> Any:
        """The expression's value (not only its truth) on one position.

        >>> compile_predicate("beans - g").evaluate((2, 3), 1)
        4
        """
        self.steps.reset()
        return self.function(piles, value, len(piles), piles[0], piles[-1], sum(piles))


def _show(piles: tuple[int, ...]) -> str:
    text = " ".join(map(str, piles))
    return text if len(text) <= 40 else text[:37] + "..."


def _refuse(source: str, what: str) -> ExpressionError:
    return ExpressionError(f"expression {_clip(source)!r}: {what} is not allowed")


def _clip(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


class _Checker(ast.NodeVisitor):
    """Refuses every node outside the whitelist; tracks comprehension variables."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.bound: list[set[str]] = []

    def generic_visit(self, node: ast.AST) -> None:
        if not isinstance(node, _ALLOWED_NODES):
            what = _DESCRIPTIONS.get(type(node), f"'{type(node).__name__}'")
            raise _refuse(self.source, what)
        super().generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                raise _refuse(self.source, f"a string longer than {MAX_STRING} characters")
        elif not isinstance(value, bool | int | float):
            raise _refuse(self.source, f"the constant {value!r}")

    def visit_Name(self, node: ast.Name) -> None:
        name = node.id
        if name.startswith("_"):
            raise _refuse(self.source, f"the name {name!r}")
        if isinstance(node.ctx, ast.Store):
            return
        if name in VARIABLES or name in FUNCTIONS or any(name in scope for scope in self.bound):
            return
        raise ExpressionError(
            f"expression {_clip(self.source)!r}: unknown name {name!r} (known: "
            f"{', '.join(VARIABLES)}; functions {', '.join(FUNCTIONS)})"
        )

    def visit_Call(self, node: ast.Call) -> None:
        if not isinstance(node.func, ast.Name):
            self.visit(node.func)  # refuses attribute access with its own message
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            shown = node.func.id if isinstance(node.func, ast.Name) else "this call"
            raise _refuse(self.source, f"calling {shown!r} (only {', '.join(FUNCTIONS)})")
        if node.keywords:
            raise _refuse(self.source, "keyword arguments")
        for argument in node.args:
            self.visit(argument)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> None:
        scope: set[str] = set()
        self.bound.append(scope)
        for generator in node.generators:
            if generator.is_async:
                raise _refuse(self.source, "async comprehensions")
            self.visit(generator.iter)
            for target in ast.walk(generator.target):
                if isinstance(target, ast.Name):
                    if target.id.startswith("_") or target.id in VARIABLES:
                        raise _refuse(self.source, f"the loop variable {target.id!r}")
                    scope.add(target.id)
                elif not isinstance(target, ast.Tuple | ast.Store):
                    raise _refuse(self.source, "this loop target")
            for condition in generator.ifs:
                self.visit(condition)
        self.visit(node.elt)
        self.bound.pop()

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        self.visit(node.slice)


class _Guard(ast.NodeTransformer):
    """Routes ``**``, ``*`` and ``<<`` through the size-checking helpers, and every
    comprehension's iterable through the step counter."""

    HELPERS: ClassVar[dict[type[ast.operator], str]] = {
        ast.Pow: "__pow",
        ast.Mult: "__mul",
        ast.LShift: "__lshift",
        ast.Mod: "__mod",
    }

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        helper = self.HELPERS.get(type(node.op))
        if helper is None:
            return node
        return ast.Call(
            func=ast.Name(id=helper, ctx=ast.Load()), args=[node.left, node.right], keywords=[]
        )

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:
        self.generic_visit(node)
        node.iter = ast.Call(
            func=ast.Name(id="__iterate", ctx=ast.Load()), args=[node.iter], keywords=[]
        )
        return node


def compile_predicate(source: str) -> Predicate:
    """Check ``source`` against the language and compile it into a :class:`Predicate`.

    >>> compile_predicate("g == 'P' or n == 1")((2, 2), "P")
    True
    >>> compile_predicate("__import__('os')")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.analysis.expression.ExpressionError: expression "__import__('os')": calling ...
    """
    if not isinstance(source, str) or not source.strip():
        raise ExpressionError("empty expression: e.g. 'g <= first + last + 1'")
    if len(source) > MAX_LENGTH:
        raise ExpressionError(f"the expression is longer than {MAX_LENGTH} characters")
    text = source.strip()
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        where = f" at column {error.offset}" if error.offset else ""
        raise ExpressionError(
            f"cannot read expression {_clip(text)!r}: {error.msg}{where}"
        ) from None
    except (RecursionError, MemoryError, ValueError):
        raise ExpressionError(
            f"cannot read expression {_clip(text)!r}: too deeply nested"
        ) from None
    try:
        _Checker(text).visit(tree)
        guarded = _Guard().visit(tree)
    except RecursionError:
        raise ExpressionError(f"expression {_clip(text)!r} is too deeply nested") from None
    arguments = ast.arguments(
        posonlyargs=[],
        args=[ast.arg(arg=name) for name in VARIABLES],
        kwonlyargs=[],
        kw_defaults=[],
        defaults=[],
    )
    function_tree = ast.Expression(body=ast.Lambda(args=arguments, body=guarded.body))
    ast.fix_missing_locations(function_tree)
    steps = _Steps()
    namespace: dict[str, Any] = {
        "__builtins__": {},
        **FUNCTIONS,
        **{name: steps.metered(FUNCTIONS[name]) for name in _METERED},
        **_HELPERS,
        "__iterate": steps.iterate,
    }
    code = compile(function_tree, "<endnim expression>", "eval")
    function = eval(code, namespace)  # a whitelisted, guarded tree (see above)
    return Predicate(text, function, steps)


def names_used(source: str) -> set[str]:
    """The variables of :data:`VARIABLES` an expression reads.

    >>> sorted(names_used("g <= first + 1"))
    ['first', 'g']
    """
    tree = ast.parse(source.strip(), mode="eval")
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} & set(VARIABLES)


def check_all(predicate: Predicate, cases: Iterable[tuple[tuple[int, ...], int | str]]) -> bool:
    """Whether the predicate holds on every (piles, value) case.

    >>> check_all(compile_predicate("g >= 0"), [((1,), 1), ((2, 2), 0)])
    True
    """
    return all(predicate(piles, value) for piles, value in cases)
