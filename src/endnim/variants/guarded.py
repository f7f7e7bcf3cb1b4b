"""A user's rule set, checked where its values enter endnim: the adapter ``--rules`` loads.

A rule set from ``--rules FILE.py:Class`` is untrusted code. :func:`guard` wraps it once, at load
time, in a subclass whose hooks (only those the user wrote; endnim's own derived hooks are
trusted) check the type and shape of what they return and turn anything raised inside the user's
code (``RecursionError`` and ``MemoryError`` included) into one :class:`RuleSetError` naming the
rule set, its file and class, the hook and the value::

    rule set 'garbage-ends' (broken.py:GarbageEnds): ends() returned 42, expected a tuple of 'L'/'R'

The solvers then read only checked values, converted at the border into endnim's own plain
types (a ``str`` subclass becomes a ``str``, positions of a rule set that is not a row must be
plain data: :func:`is_plain`), so garbage is refused in every command alike and a user's
object never reaches endnim's output. Every call into the user's code is marked in the hook
record of :mod:`endnim.supervise.watch`: on the command line and in the server the rule set
runs in a supervised worker whose supervisor reads that record and stops a hook that does not
return within :func:`hook_timeout` seconds from outside (``ENDNIM_HOOK_TIMEOUT``); no signal
is raised into running code. A search of a guarded rule set is watched too
(:func:`watched_expansion`): positions that keep growing are stopped by the budget. Built-in
rule sets are never wrapped and pay nothing.

>>> from endnim.variants import Variant
>>> class Broken(Variant):
...     name = "doc-broken"
...     title = "broken"
...     def ends(self, piles, player=None): return 42
>>> rules = guard(Broken, "rules.py:Broken")()
>>> rules.options((3, 1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
endnim.errors.RuleSetError: rule set 'doc-broken' (rules.py:Broken): ends() returned 42, ...
"""

from __future__ import annotations

import contextlib
import marshal
import operator
import resource
from collections.abc import Callable, Hashable, Iterable
from functools import partial, wraps
from pathlib import Path
from typing import Any

from endnim.errors import BudgetError, EndNimError, RuleSetError
from endnim.ruleset import GRAPH_MOVE_HOOKS, RuleSet
from endnim.search import estimate_bytes
from endnim.supervise import watch
from endnim.supervise.confine import vm_bytes
from endnim.variants.growth import GROWTH_FACTOR, growth_bound, position_size

AnyRuleSet = RuleSet[Any, Any]

SEARCH_MEMORY_SLACK = 128 * 2**20
"""Memory a watched search may grow by beyond its budget's own estimate before it is stopped."""


class _Refused(Exception):
    """A hook's value has the wrong type or shape; the argument says what was expected."""


# ---------------------------------------------------------------------- what a hook may return
def _bool(rules: AnyRuleSet, value: Any) -> bool:
    if isinstance(value, bool) or type(value).__name__ == "bool_":  # numpy's bool too
        return bool(value)
    raise _Refused("True or False")


def _plain_str(value: Any) -> str | None:
    """``value`` as a plain ``str`` (a copy of a subclass's text, never its own methods), or
    ``None`` if it is no string."""
    return str.__str__(value) if isinstance(value, str) else None


def _ends(rules: AnyRuleSet, value: Any) -> tuple[str, ...]:
    if isinstance(value, tuple | list):
        ends = tuple(map(_plain_str, value))
        if all(end in ("L", "R") for end in ends):
            return ends  # type: ignore[return-value]
    raise _Refused("a tuple of 'L'/'R'")


def _count(rules: AnyRuleSet, value: Any) -> int:
    if not isinstance(value, bool):
        try:
            number = int.__index__(operator.index(value))  # a plain int, not a subclass
        except TypeError:
            pass
        else:
            if number >= 0:
                return number
    raise _Refused("a whole number >= 0")


MAX_VALUE = 2**62
"""The largest Grundy value (or terminal value) a hook may give: beyond it a value is no
game's but a fault, and would overflow where endnim draws or converts it."""


MAX_TEXT = 4 * 2**20
"""The longest text a hook may give (a position's or a move's notation)."""


def _text(rules: AnyRuleSet, value: Any) -> str:
    text = _plain_str(value)
    if text is not None and len(text) <= MAX_TEXT:
        return text
    raise _Refused(f"a string of at most {MAX_TEXT:,} characters")


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except Exception:
        return False
    return True


_ATOMS = frozenset({int, str, bytes, float, bool, type(None)})


def is_plain(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` is plain data endnim can hash, compare and print without running a
    user's code: ints, strings, bytes, floats, booleans, ``None``, tuples and frozensets of
    them, or one of endnim's own position types.

    >>> is_plain((1, ("a", frozenset({2.5}))))
    True
    >>> class Mine(tuple): pass
    >>> is_plain(Mine())
    False
    """
    kind = type(value)
    if kind in _ATOMS:
        return True
    if kind is tuple or kind is frozenset:
        return depth < 64 and all(is_plain(item, depth + 1) for item in value)
    return _endnim_class(kind)


def _endnim_class(kind: type) -> bool:
    """Whether ``kind`` is a class endnim's own modules define (not merely one that says its
    module is endnim's)."""
    import sys

    module = sys.modules.get(kind.__module__) if kind.__module__.startswith("endnim.") else None
    found: Any = module
    for part in kind.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is kind


def _position(rules: AnyRuleSet, value: Any) -> Any:
    from endnim.variants.base import Variant

    if isinstance(rules, Variant):
        if isinstance(value, tuple) and all(type(p) is int and p > 0 for p in value):
            return value
        raise _Refused("a row: a tuple of positive integers")
    if is_plain(value):
        return value
    raise _Refused("a position of plain data (ints, strings, tuples of them)")


def _positions(rules: AnyRuleSet, value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _Refused("a list of positions")
    return [_position(rules, child) for child in value]


def _batch_children(rules: AnyRuleSet, value: Any) -> list[list[Any]]:
    if not isinstance(value, list | tuple) or not all(isinstance(c, list | tuple) for c in value):
        raise _Refused("a list of lists of positions (one list per position given)")
    return [_positions(rules, children) for children in value]


class MoveText(str):
    """A move of a user's rule set as endnim keeps it: the move's text, read once, inside the
    guard of the hook that gave the move (under its deadline), by the rule set's own
    ``format_move``. Two moves are equal when their texts are (a user's ``__eq__``,
    ``__hash__`` and ``__str__`` are never called again outside the guard), the guarded
    ``format_move`` gives the text back without calling the user's code, and a hook that is
    handed one gets a ``str``: the move's notation, which ``RuleSet.play`` reads with
    ``parse_move``. Moves that are plain data (:func:`is_plain`) are kept as they are.

    >>> from endnim.variants import get_variant
    >>> class Mine:
    ...     def __str__(self): return "L3"
    ...     def __eq__(self, other): raise ValueError("evil")
    >>> move = plain_move(get_variant("endnim"), Mine())
    >>> move == "L3", type(move).__name__, hash(move) == hash("L3")
    (True, 'MoveText', True)
    """

    __slots__ = ()


def plain_move(rules: AnyRuleSet, move: Any) -> Any:
    """``move`` as plain data: itself if it is plain (:func:`is_plain`), else its text as a
    :class:`MoveText` (read by ``rules.format_move``, guarded: one line if it raises, the
    hook deadline if it does not return). Called inside the guard of the hook that gave it."""
    if type(move) is MoveText or is_plain(move):
        return move
    text = rules.format_move(move)
    return MoveText(str.__str__(text) if isinstance(text, str) else _text(rules, text))


def _options(rules: AnyRuleSet, value: Any) -> list[tuple[Any, Any]]:
    if not isinstance(value, list | tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 for pair in value
    ):
        raise _Refused("a list of (move, position) pairs")
    return [(plain_move(rules, move), _position(rules, child)) for move, child in value]


def _move(rules: AnyRuleSet, value: Any) -> Any:
    return plain_move(rules, value)


def _options_as_given(rules: AnyRuleSet, value: Any) -> list[tuple[Any, Any]]:
    if not isinstance(value, list | tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 for pair in value
    ):
        raise _Refused("a list of (move, position) pairs")
    return [(move, _position(rules, child)) for move, child in value]


AS_GIVEN: dict[str, Callable[[AnyRuleSet, Any], Any]] = {
    "options": _options_as_given,
    "parse_move": lambda rules, value: value,
}
"""The checks of the hooks that give moves when the user's own code calls them (inside another
hook): its moves are handed back as its own objects, and made plain data only where the
outer hook's value enters endnim (:class:`MoveText`)."""


def _raw_options(rules: AnyRuleSet, value: Any) -> list[Any]:
    if isinstance(value, list | tuple) and all(
        isinstance(option, tuple)
        and len(option) == 4
        and _plain_str(option[0]) in ("L", "R")
        and type(option[1]) is int
        and option[1] >= 0
        and isinstance(option[2], bool)
        for option in value
    ):
        return [
            (_plain_str(option[0]), int.__index__(option[1]), bool(option[2]))
            + (_position(rules, option[3]),)
            for option in value
        ]
    raise _Refused("a list of (end, size, reversed, row) tuples")


def _terminal_value(rules: AnyRuleSet, value: Any) -> int:
    if not rules.impartial and not isinstance(value, bool) and isinstance(value, int):
        number = int.__index__(value)
        if abs(number) <= MAX_VALUE:
            return number
        raise _Refused("a whole number of at most 2^62 in size")
    try:
        number = _count(rules, value)
    except _Refused:
        raise _Refused("a Grundy value (a whole number >= 0)") from None
    if number > MAX_VALUE:
        raise _Refused("a Grundy value of at most 2^62")
    return number


def _key(rules: AnyRuleSet, value: Any) -> Hashable:
    if is_plain(value):
        return value  # type: ignore[no-any-return]
    raise _Refused("a key of plain data (ints, strings, tuples of them)")


def _components(rules: AnyRuleSet, value: Any) -> list[Any]:
    parts = _positions(rules, value)
    if not parts:
        raise _Refused("at least one part")
    return parts


def _players(rules: AnyRuleSet, value: Any) -> tuple[Any, ...]:
    if isinstance(value, tuple) and value:
        players = tuple(None if p is None else _plain_str(p) for p in value)
        if all(p in (None, "L", "R") for p in players):
            return players
    raise _Refused("a tuple of None or 'L'/'R'")


def _theory(rules: AnyRuleSet, value: Any) -> Any:
    from endnim.theory.base import Theory

    if value is None:
        return value
    if isinstance(value, Theory):
        return _guarded_theory(rules, value)
    raise _Refused("None or an endnim.theory.Theory")


_THEORY_CLASSES: dict[type, type] = {}


def _guarded_theory(rules: AnyRuleSet, theory: Any) -> Any:
    """``theory`` itself if endnim wrote its class; a user's subclass gets its own methods
    guarded like hooks (``theory.outcome()`` that raises is the rule set's fault, named)."""
    cls = type(theory)
    if cls.__module__.startswith("endnim.") or getattr(cls, "__endnim_guarded__", False):
        return theory
    guarded = _THEORY_CLASSES.get(cls)
    if guarded is None:
        label = label_of(rules)
        body: dict[str, Any] = {"__endnim_guarded__": True}
        for klass in cls.__mro__:
            if klass.__module__.startswith("endnim.") or klass is object:
                break
            for name, method in vars(klass).items():
                if callable(method) and not name.startswith("__") and name not in body:
                    body[name] = _guarded_hook(f"theory.{name}", method, _anything, label)
        guarded = type(cls.__name__, (cls,), body)
        _THEORY_CLASSES[cls] = guarded
    try:
        theory.__class__ = guarded
    except TypeError:
        raise _Refused("a Theory whose class endnim can guard") from None
    return theory


def _anything(rules: AnyRuleSet, value: Any) -> Any:
    return value


CHECKS: dict[str, Callable[[AnyRuleSet, Any], Any]] = {
    "parse_position": _position,
    "coerce_position": _position,
    "format_position": _text,
    "position_to_json": _anything,
    "parse_move": _move,
    "format_move": _text,
    "options": _options,
    "children": _positions,
    "children_batch": _batch_children,
    "players": _players,
    "is_terminal": _bool,
    "terminal_value": _terminal_value,
    "play": _position,
    "canonical_key": _key,
    "components": _components,
    "estimate_states": _count,
    "estimate_work": _count,
    "theory": _theory,
    "ends": _ends,
    "allows": _bool,
    "allows_take": _bool,
    "raw_options": _raw_options,
}
"""Every hook a user may write, and the check of what it returns (the one place they are)."""

USER_ERRORS = frozenset(
    {"parse_position", "coerce_position", "parse_move", "play", "estimate_states", "theory"}
)
"""Hooks whose own one-line errors (a bad position or move, no estimate) are passed on as they
are: they answer the user's input, they are not faults of the rule set."""


# ---------------------------------------------------------------------- the adapter
def _show(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"a {type(value).__name__}"
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def plain_text(value: object) -> str:
    """``str(value)`` if that is a plain string, else a description of its type: a user's
    exception may have a ``__str__`` that raises or returns something else."""
    try:
        text = str(value)
        return str.__str__(text) if isinstance(text, str) else f"a {type(value).__name__}"
    except BaseException:
        return f"a {type(value).__name__} whose text could not be read"


def _fault(label: str, hook: str, error: BaseException) -> RuleSetError:
    if isinstance(error, RecursionError):
        return RuleSetError(f"{label}: {hook}() recursed without end (RecursionError)")
    if isinstance(error, MemoryError):
        return RuleSetError(f"{label}: {hook}() ran out of memory")
    text = plain_text(error)
    first = text.splitlines()[0][:200] if text else ""
    return RuleSetError(f"{label}: {hook}() raised {type(error).__name__}: {first}".rstrip(": "))


def _user_error(label: str, hook: str, error: BaseException) -> BaseException:
    """A user-facing error a hook raised (a bad position or move), passed on as endnim's own
    error class with a plain one-line text (never the user's object itself)."""
    text = plain_text(error)
    if isinstance(error, NotImplementedError):
        return NotImplementedError(text)
    if isinstance(error, BudgetError):
        try:
            figures = {k: int.__index__(getattr(error, k)) for k in ("states", "bytes_needed")}
            return BudgetError(text, budget=int.__index__(error.budget), **figures)
        except BaseException:
            return EndNimError(text)
    cls: type[BaseException] = next(
        c for c in type(error).__mro__ if c.__module__ == "endnim.errors"
    )
    return cls(text)


def _guarded_hook(
    hook: str, method: Callable[..., Any], check: Callable[[AnyRuleSet, Any], Any], label: str
) -> Callable[..., Any]:
    passed: tuple[type[BaseException], ...] = (
        (RuleSetError, EndNimError, NotImplementedError) if hook in USER_ERRORS else (RuleSetError,)
    )
    tag = watch.encode_tag(label, hook)
    inner_check = AS_GIVEN.get(hook, check)

    @wraps(method)
    def guarded(self: AnyRuleSet, *args: Any, **kwargs: Any) -> Any:
        if hook == "format_move" and args and type(args[0]) is MoveText:
            return str.__str__(args[0])  # read in the guard already: no user code runs
        record = watch.current()
        saved = record.enter(tag)  # the supervisor's deadline runs from here
        try:
            value = method(self, *args, **kwargs)
            return (check if record.depth == 1 else inner_check)(self, value)
        except _Refused as refused:
            raise RuleSetError(
                f"{label}: {hook}() returned {_show(value)}, expected {refused}"
            ) from None
        except passed as error:
            raise _user_error(label, hook, error) from None
        except BaseException as error:  # the user's code failed: say so, in one line
            raise _fault(label, hook, error) from None
        finally:
            record.leave(saved)

    guarded.__endnim_guarded__ = True  # type: ignore[attr-defined]
    return guarded


def checked_map(rules: AnyRuleSet, hook: str, *arguments: Iterable[Any]) -> list[Any]:
    """``list(map(getattr(rules, hook), *arguments))``, every value checked as a single call's
    is, but under one guard (one deadline for the whole list, one error naming the hook): for
    the many calls of a table built from a hook (the engine's lists of ``allows_take``),
    without the guard's bookkeeping on each call. Built-in rule sets: plain calls.

    >>> from endnim.variants import get_variant
    >>> checked_map(get_variant("endnim"), "allows_take", [3, 3], [1, 0])
    [True, True]
    """
    method = getattr(type(rules), hook)
    raw = getattr(method, "__wrapped__", None)
    if raw is None or not getattr(method, "__endnim_guarded__", False):
        return list(map(getattr(rules, hook), *arguments))
    label = label_of(rules)
    check = CHECKS[hook]

    def each(self: AnyRuleSet) -> list[Any]:
        values = list(map(partial(raw, self), *arguments))
        kinds = _CHECKED_TYPES.get(hook, set())
        if (kinds == {bool} and all_bools(values)) or set(map(type, values)) <= kinds:
            return values  # all of a kind the check passes as it is (bools of a predicate)
        checked = []
        for value in values:
            try:
                checked.append(check(self, value))
            except _Refused as refused:
                raise RuleSetError(
                    f"{label}: {hook}() returned {_show(value)}, expected {refused}"
                ) from None
        return checked

    return _guarded_hook(hook, each, _anything, label)(rules)  # type: ignore[no-any-return]


def take_amounts(value: Any) -> range | list[int]:
    """What ``allowed_takes`` returned, read inside its call (under the hook's deadline, as
    every ``__iter__`` or ``__index__`` it runs is the user's code): a range as it is (lazy,
    whatever its length), any other iterable as a list of ints; a value that is not a whole
    number is a :class:`TypeError` naming its kind (never its text).

    >>> take_amounts(range(1, 4)), take_amounts({2, 1})
    (range(1, 4), [1, 2])
    """
    if isinstance(value, range):
        return value
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"a {type(value).__name__}, expected whole numbers (e.g. range(1, 4))")
    amounts = []
    for amount in value:
        if type(amount) is bool or not hasattr(amount, "__index__"):
            raise TypeError(
                f"a {type(amount).__name__} among the coins to take, expected whole numbers"
            )
        amounts.append(operator.index(amount))
    return amounts


def hook_timeout() -> float:
    """Seconds a user's hook may run (:func:`endnim.supervise.supervisor.hook_timeout`), the
    supervisor's side imported only when asked: a worker, which guards every hook, need not
    import it (subprocesses, temporary files: about 0.03 s of every ``--rules`` command).

    >>> hook_timeout() > 0
    True
    """
    from endnim.supervise.supervisor import hook_timeout as seconds

    return seconds()


def watched_hook(
    rules: AnyRuleSet, hook: str, convert: Callable[[Any], Any] | None = None
) -> Callable[..., Any]:
    """``rules``' own optional ``hook`` (one the guard does not check, e.g. the per-pile
    ``allowed_takes``), bound, its value passed through ``convert`` (if given) inside the
    call: for a user's rule set, each call (the conversion too: a generator runs the user's
    code) runs under the supervisor's hook deadline and a failure is one
    :class:`RuleSetError` naming the hook; the caller checks the value. Built-in rule sets:
    the plain method.

    >>> from endnim.variants import get_variant
    >>> watched_hook(get_variant("endnim"), "allows_take", str)(3, 1)
    'True'
    """
    method = getattr(type(rules), hook)
    method = getattr(method, "__wrapped__", method)
    if convert is not None:
        plain = method

        def method(self: AnyRuleSet, *args: Any) -> Any:
            return convert(plain(self, *args))

    if not is_guarded(rules):
        return method.__get__(rules)  # type: ignore[no-any-return]
    watched = _guarded_hook(hook, method, _anything, label_of(rules))
    return watched.__get__(rules)  # type: ignore[no-any-return]


def all_bools(values: list[Any]) -> bool:
    """Whether every one of ``values`` is ``True`` or ``False`` itself, read from ``marshal``'s
    bytes (one byte, ``T`` or ``F``, for each of them and for nothing else; a list's header is
    five bytes): about four times faster than looking at each value's type, which was a
    quarter of the time of listing a predicate's millions of values (:func:`checked_map`).

    >>> all_bools([True, False]), all_bools([True, 1]), all_bools([True, None]), all_bools([])
    (True, False, False, True)
    """
    try:
        body = marshal.dumps(values)[5:]
    except ValueError:  # an object marshal cannot write: not a bool
        return False
    return len(body) == len(values) and body.count(b"T") + body.count(b"F") == len(values)


_CHECKED_TYPES: dict[str, set[type]] = {
    "allows": {bool},
    "allows_take": {bool},
    "is_terminal": {bool},
}
"""Hooks whose values of these types pass their check unchanged (:func:`checked_map`)."""


ALWAYS_GUARDED = ("format_move",)
"""Hooks guarded even where endnim's own serves a user's rule set: endnim's ``format_move``
turns the user's move objects into text (their ``__str__`` is the user's code)."""


def _endnim_bases() -> tuple[type, ...]:
    from endnim.variants.base import Variant

    return (Variant, RuleSet)


def user_hooks(cls: type[AnyRuleSet]) -> list[str]:
    """The hooks the user's own classes define: ``cls`` or any base of it that is not
    endnim's (a user's subclass of the user's own class counts its parent's hooks), never
    those inherited from endnim's classes (a built-in rule set's ``ends``, a graph game's
    ``options``): what ``check-rules`` and ``rules-info`` call its hooks of its own.

    >>> from endnim.variants import EndNim, get_variant
    >>> class Capped(EndNim):
    ...     name = "doc-capped"
    ...     def allows_take(self, pile, size): return pile - size <= 2
    >>> class CappedLeft(Capped):
    ...     name = "doc-capped-left"
    ...     def ends(self, piles, player=None): return ("L",)
    >>> user_hooks(CappedLeft), user_hooks(Capped), user_hooks(type(get_variant("endnim")))
    (['ends', 'allows_take'], ['allows_take'], [])
    """
    # a graph game's move hooks too (not checked themselves: its options are)
    hooks = [*CHECKS, *(h for h in GRAPH_MOVE_HOOKS if h not in CHECKS)]
    return [hook for hook in hooks if _defined_by(cls, hook, _endnim_class)]


def _guarded_hooks(cls: type[AnyRuleSet]) -> list[str]:
    """The hooks the guard wraps: every one defined below endnim's bases (``Variant``,
    ``RuleSet``), endnim's own rule sets' hooks included: a built-in's ``options`` calls the
    user's hooks that are not checked themselves (a graph game's ``movable``), so the call is
    watched and its faults named at the hook that entered the user's code."""
    bases = _endnim_bases()
    return [hook for hook in CHECKS if _defined_by(cls, hook, lambda klass: klass in bases)]


def _defined_by(cls: type, hook: str, excluded: Callable[[type], bool]) -> bool:
    """Whether the class of ``cls``'s MRO that defines ``hook`` (the guard's own subclass
    looked through) is not ``excluded``."""
    for klass in cls.__mro__:
        if "rules_spec" in vars(klass):
            continue  # the guard's own subclass: its wrappers are not the user's hooks
        if hook in vars(klass):
            return not excluded(klass)
    return False


def rules_label(cls: type[AnyRuleSet], spec: str) -> str:
    """How messages name a user's rule set: ``rule set 'name' (file.py:Class)``.

    >>> from endnim.variants import EndNim
    >>> rules_label(EndNim, "/tmp/x/hooks.py:EndNim")
    "rule set 'endnim' (hooks.py:EndNim)"
    """
    path, _, class_name = spec.rpartition(":")
    return f"rule set {getattr(cls, 'name', '?')!r} ({Path(path).name}:{class_name})"


def _check_attributes(cls: type[AnyRuleSet], label: str) -> None:
    """The class's facts, checked once at load (names, flags, texts)."""
    from endnim.variants.base import Variant

    kinds: dict[str, tuple[type, ...]] = {
        "title": (str,),
        "summary": (str,),
        "source": (str,),
        "family": (str,),
        "position_notation": (str,),
        "move_notation": (str,),
        "impartial": (bool,),
        "convention": (str, type(None)),
        "aliases": (tuple,),
    }
    if issubclass(cls, Variant):
        kinds["reversible"] = (bool,)
        kinds["forbidden_reason"] = (str,)
    for attribute, kind in kinds.items():
        value: Any = getattr(cls, attribute, None)
        names = value if attribute == "aliases" and isinstance(value, tuple) else ()
        if not isinstance(value, kind) or not all(isinstance(a, str) for a in names):
            expected = " or ".join("None" if k is type(None) else k.__name__ for k in kind)
            raise RuleSetError(f"{label}: {attribute} is {_show(value)}, expected {expected}")


def guard(cls: type[AnyRuleSet], spec: str) -> type[AnyRuleSet]:
    """A subclass of the user's ``cls`` whose own hooks are checked (see the module's text).

    ``spec`` is the ``FILE.py:Class`` it was loaded from; messages name both.
    """
    label = rules_label(cls, spec)
    if not isinstance(getattr(cls, "name", None), str):
        raise RuleSetError(f"{label}: name is {_show(getattr(cls, 'name', None))}, expected a str")
    _check_attributes(cls, label)
    own = _guarded_hooks(cls)
    hooks = [*own, *(h for h in ALWAYS_GUARDED if h not in own)]
    body: dict[str, Any] = {
        hook: _guarded_hook(hook, getattr(cls, hook), CHECKS[hook], label) for hook in hooks
    }
    body.update(
        __module__=cls.__module__,
        __qualname__=cls.__qualname__,
        __doc__=cls.__doc__,
        rules_spec=spec,
        rules_label=label,
        watch_search=watched_expansion,  # its estimate may be wrong: the search is watched
    )
    return type(cls.__name__, (cls,), body)


def unchecked_hook(rules: AnyRuleSet, hook: str) -> Callable[..., Any]:
    """``rules``' own ``hook``, bound, its faults and its deadline guarded as usual but its value
    passed on unchecked: for a caller that checks the values in bulk itself, with
    :func:`refuse_value` (the indexed search checks every child row in compiled code).

    >>> from endnim.variants import get_variant
    >>> unchecked_hook(get_variant("endnim"), "children")((2,))
    [(), (1,)]
    """
    method = getattr(type(rules), hook)
    original = getattr(method, "__wrapped__", None)
    if original is None or not getattr(method, "__endnim_guarded__", False):
        return getattr(rules, hook)  # type: ignore[no-any-return]
    unchecked = _guarded_hook(hook, original, _anything, label_of(rules))
    return unchecked.__get__(rules)  # type: ignore[no-any-return]


def refuse_value(rules: AnyRuleSet, hook: str, value: Any) -> None:
    """Raise the :class:`RuleSetError` the guard raises when ``hook`` returns ``value``, if the
    guard's check refuses it (the one wording for values checked in bulk).

    >>> from endnim.variants import get_variant
    >>> refuse_value(get_variant("endnim"), "children", [(1, 0)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.errors.RuleSetError: rule set 'endnim': children() returned [(1, 0)], expected a row...
    """
    try:
        CHECKS[hook](rules, value)
    except _Refused as refused:
        raise RuleSetError(
            f"{label_of(rules)}: {hook}() returned {_show(value)}, expected {refused}"
        ) from None


def is_guarded(rules: AnyRuleSet | type[AnyRuleSet]) -> bool:
    """Whether a rule set was loaded from a user's file (and so is checked).

    >>> from endnim.variants import get_variant
    >>> is_guarded(get_variant("endnim"))
    False
    """
    return isinstance(
        vars(rules if isinstance(rules, type) else type(rules)).get("rules_spec"), str
    )


def label_of(rules: AnyRuleSet) -> str:
    """``rule set 'name' (file.py:Class)`` for a guarded rule set, else ``rule set 'name'``."""
    label = vars(type(rules)).get("rules_label")
    return label if isinstance(label, str) else f"rule set {rules.name!r}"


# ---------------------------------------------------------------------- memory
def limit_memory(extra: int) -> None:
    """Let this process's address space grow by ``extra`` bytes, no more (``RLIMIT_AS``): for a
    process that runs a user's rule set and nothing else (a sandbox worker, check-rules)."""
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    want = vm_bytes() + extra
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    with contextlib.suppress(ValueError, OSError):  # if refused, the time limits still hold
        resource.setrlimit(resource.RLIMIT_AS, (want, hard))


# ---------------------------------------------------------------------- the search's watch
def _peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def watched_expansion(
    rules: AnyRuleSet,
    children_of: Callable[[Any], list[Any]],
    root: Any,
    budget: int,
    states: int | None = None,
    *,
    batched: bool = False,
    starts: Iterable[Any] | None = None,
) -> Callable[[Any], list[Any]]:
    """``children_of``, stopped with a one-line :class:`BudgetError` once a search of a user's
    rule set from ``root`` expands more than ``budget`` states, or its memory grows by more
    than :data:`SEARCH_MEMORY_SLACK` beyond what the rule set's own estimate of that search
    implies: the estimate was wrong (positions that keep growing, say). ``states`` replaces
    that estimate for a search of many roots at once (the indexed search's). ``batched``:
    ``children_of`` takes a list of positions (a ``children_batch`` hook), each one counted.
    A position expanded beyond :func:`endnim.variants.growth.growth_bound` of ``starts``
    (default: ``root``) stops the search at once: positions that keep growing.

    >>> from endnim.variants import get_variant
    >>> expand = watched_expansion(get_variant("endnim"), lambda n: [n + 1], 0, budget=100)
    >>> n = 0
    >>> while True: n = expand(n)[0]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.errors.BudgetError: rule set 'endnim': positions that keep growing: one of size 69 ...
    >>> expand = watched_expansion(get_variant("endnim"), lambda n: [n], 5, budget=100)
    >>> while True: n = expand(5)[0]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.errors.BudgetError: rule set 'endnim' expanded more than 100 states though its ...
    """
    if states is None:  # a search of root: the rule set's estimate of it
        try:
            states = min(budget, rules.estimate_states(root))
        except Exception:  # no estimate (generic rule sets): the budget's
            states = budget
    limit = estimate_bytes(states, root) + SEARCH_MEMORY_SLACK
    start = _peak_bytes()
    expanded = 0
    next_look = 1024  # the memory is looked at every 1024 states expanded
    name = label_of(rules)
    bound = growth_bound([root] if starts is None else starts)

    def watched(node: Any) -> list[Any]:
        nonlocal expanded, next_look
        expanded += len(node) if batched else 1
        for position in node if batched else (node,):
            size = position_size(position)
            if size > bound:
                raise BudgetError(
                    f"{name}: positions that keep growing: one of size {size:,} after "
                    f"{expanded:,} states, beyond {bound:,} ({GROWTH_FACTOR} times the start's "
                    "size and some): the search is refused",
                    states=expanded,
                    bytes_needed=0,
                    budget=budget,
                )
        if expanded > budget:
            raise BudgetError(
                f"{name} expanded more than {budget:,} states though its estimate allowed the "
                "search: positions that keep growing? stopped by the budget (--budget)",
                states=expanded,
                bytes_needed=0,
                budget=budget,
            )
        if expanded >= next_look and _peak_bytes() - start > limit:
            raise BudgetError(
                f"{name}: the search grew past {limit // 2**20:,} MiB after {expanded:,} states, "
                "far beyond its estimate: positions that keep growing? stopped by the budget",
                states=expanded,
                bytes_needed=_peak_bytes() - start,
                budget=budget,
            )
        if expanded >= next_look:
            next_look = expanded + 1024
        return children_of(node)

    return watched
