"""Plain data across a process boundary: what a supervisor reads back from a worker.

A worker that runs a user's rule set is untrusted, so everything it sends is opened as *data*:
:class:`PlainUnpickler` builds the plain built-in types only (no class of any module, so
opening an answer can never run code: unpickling an object calls its class), and errors travel
as ``(class name, message, attributes)`` rebuilt from endnim's own exception classes
(:func:`error_to_data`, :func:`error_from_data`).

>>> plain_loads(plain_dumps(("ok", {"a": [1, 2.5, None, b"x"]})))
('ok', {'a': [1, 2.5, None, b'x']})
>>> plain_loads(plain_dumps(print))
Traceback (most recent call last):
_pickle.UnpicklingError: builtins.print is not opened from a worker
"""

from __future__ import annotations

import builtins
import io
import math
import pickle
from typing import Any

import endnim.errors as errors

_PLAIN_BUILTINS = frozenset(
    ["dict", "list", "tuple", "set", "frozenset", "str", "bytes", "bytearray", "int", "float"]
    + ["complex", "bool", "slice", "range"]
)


class PlainUnpickler(pickle.Unpickler):
    """Unpickles plain built-in data only; any class or function is an
    :class:`pickle.UnpicklingError` naming it."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _PLAIN_BUILTINS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not opened from a worker")


def plain_dumps(value: Any) -> bytes:
    """``value`` pickled by Python's own rules, whatever another library registered (tblib, which
    dask's ``distributed`` installs, pickles exceptions with their ``__context__``).

    >>> plain_loads(plain_dumps(("ok", [1, "x"])))
    ('ok', [1, 'x'])
    """
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {}  # not copyreg's: no reducer another library installed
    pickler.dump(value)
    return buffer.getvalue()


def to_plain(value: Any, depth: int = 0) -> Any:
    """``value`` as plain built-in data, for a worker to send: a ``str`` or ``int`` subclass
    (an enum such as endnim's ``Outcome``) becomes a plain ``str`` or ``int``, containers are
    copied; anything else is a :class:`TypeError` naming its type. No method of a subclass runs.

    >>> from endnim.outcome import Outcome
    >>> to_plain({"outcome": Outcome.P, "moves": (1, [2.5, None, b"x"])})
    {'outcome': 'P', 'moves': (1, [2.5, None, b'x'])}
    """
    kind = type(value)
    if value is None or kind in (bool, int, float, str, bytes, complex):
        return value
    if depth > 200:
        raise TypeError("an answer nested more than 200 deep")
    if isinstance(value, bool):
        return bool.__bool__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, bytes | bytearray):
        return bytes(value)
    if kind is tuple or kind is list or kind is set or kind is frozenset:
        items = [to_plain(item, depth + 1) for item in value]
        return kind(items)
    if kind is dict:
        return {to_plain(k, depth + 1): to_plain(v, depth + 1) for k, v in value.items()}
    raise TypeError(f"a {kind.__module__}.{kind.__qualname__} is no plain data")


def plain_loads(data: bytes) -> Any:
    """``data`` unpickled by :class:`PlainUnpickler`."""
    return PlainUnpickler(io.BytesIO(data)).load()


# ---------------------------------------------------------------------- errors as data
_ERROR_CLASSES: dict[str, type[BaseException]] = {
    name: value
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.EndNimError)
}
_BUDGET_FIELDS = ("states", "bytes_needed", "budget")


def _plain_text(value: object, limit: int = 2000) -> str:
    """``str(value)`` if that is a plain string, else the name of its type (a user's exception
    may have a ``__str__`` that raises or returns something else)."""
    try:
        text = str.__str__(str(value)) if not isinstance(value, str) else str.__str__(value)
    except BaseException:
        text = f"a {type(value).__name__}"
    return text[:limit]


def error_to_data(error: BaseException) -> tuple[str, str, dict[str, int]]:
    """An exception as plain data: endnim's own errors keep their class and message (and a
    budget error its figures); anything else is ``("InternalError", "Type: message", {})``.

    >>> error_to_data(errors.BudgetError("big", states=3, bytes_needed=4, budget=5))
    ('BudgetError', 'big', {'states': 3, 'bytes_needed': 4, 'budget': 5})
    >>> error_to_data(KeyError("x"))
    ('builtins.KeyError', "'x'", {})
    >>> class Mine(Exception): pass
    >>> error_to_data(Mine("x"))
    ('InternalError', 'Mine: x', {})
    """
    name = type(error).__name__
    if _ERROR_CLASSES.get(name) is type(error):
        fields: dict[str, int] = {}
        if isinstance(error, errors.BudgetError):
            fields = {key: int(getattr(error, key)) for key in _BUDGET_FIELDS}
        return name, _plain_text(error), fields
    if isinstance(error, MemoryError):
        return "MemoryError", "out of memory", {}
    if _builtin_error(name) is type(error):
        return f"builtins.{name}", _plain_text(error), {}
    return "InternalError", f"{name}: {_plain_text(error)}".rstrip(": "), {}


def _builtin_error(name: str) -> type[Exception] | None:
    """Python's own exception class ``name`` (an ``Exception``: never ``SystemExit`` or
    ``KeyboardInterrupt``, which must not be raised again in the supervisor)."""
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, Exception):
        return found
    return None


def error_from_data(data: Any) -> BaseException:
    """The exception :func:`error_to_data` described (checked: malformed data is a
    :class:`RuntimeError` saying so; its text printable characters only, at most 2,000: no
    terminal escape reaches endnim's output).

    >>> error_from_data(("MoveError", "no such move", {}))
    MoveError('no such move')
    >>> error_from_data(("os.system", "x", {}))
    RuntimeError('x')
    """
    if not (isinstance(data, tuple) and len(data) == 3 and isinstance(data[2], dict)):
        return RuntimeError("the worker's answer was malformed")
    name, message, fields = data
    message = "".join(c if c.isprintable() else " " for c in _plain_text(message))
    if name == "MemoryError":
        return MemoryError(message)
    if isinstance(name, str) and name.startswith("builtins."):
        builtin = _builtin_error(name.partition(".")[2])
        if builtin is not None and builtin is not MemoryError:
            try:
                return builtin(message)
            except Exception:
                return RuntimeError(message)
    cls = _ERROR_CLASSES.get(name) if isinstance(name, str) else None
    if cls is None:
        return RuntimeError(message)
    if cls is errors.BudgetError:
        values = {key: fields.get(key, 0) for key in _BUDGET_FIELDS}
        if all(type(v) is int and 0 <= v < math.inf for v in values.values()):
            return errors.BudgetError(message, **values)
        return errors.EndNimError(message)
    return cls(message)
