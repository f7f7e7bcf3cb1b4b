"""The faster forms of ``allows_take`` a row rule set may offer, checked against it: one check
and one message for the engine, which reads them for tables and sweeps, and for
``endnim check-rules``, which exercises them before a table does.

The forms: ``allowed_takes(pile)``, the coins a move may take from a pile (any iterable of whole
numbers; numbers outside 1..pile ignored); ``allows_take_table(largest)``, a boolean array
``[pile, size]`` of shape ``(largest + 1, largest + 1)``; ``allows_take_lists(largest)``, the
allowed new sizes of every pile as ``(offsets, sizes)``. Each must say what ``allows_take``
says: :func:`takes_disagreement` names the first pile and take where it does not.

>>> from endnim.variants import EndNim
>>> class Capped(EndNim):
...     name = "doc-take-forms"
...     def allows_take(self, pile, size): return pile - size <= 2
>>> print(takes_disagreement(Capped(), "allowed_takes({pile})", lambda pile: [1, 2]))
... # doctest: +NORMALIZE_WHITESPACE
allowed_takes(1) allows taking [1, 2] coins from a pile of 1, allows_take() allows [1]
(they say the opposite of taking 2)
>>> takes_disagreement(Capped(), "allowed_takes({pile})", lambda p: [t for t in (1, 2) if t <= p])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from endnim.variants.base import Variant

CHECKED_PILES = 16
"""Piles on which a faster form of ``allows_take`` is checked against it (1..16)."""


def takes_disagreement(
    rules: Variant,
    hook: str,
    listed: Callable[[int], Sequence[int]],
    piles: Iterable[int] = range(1, CHECKED_PILES + 1),
) -> str | None:
    """The first of ``piles`` on which the coins ``listed(pile)`` says a move may take (in
    increasing order, as the form ``hook`` gives them; ``{pile}`` in ``hook`` is the pile) are
    not those ``rules.allows_take`` allows, said in one line naming the hook, the pile and a
    take they disagree on; ``None`` if they agree on every pile.

    >>> from endnim.variants import EndNim
    >>> takes_disagreement(EndNim(), "allows_take_table(16)", lambda pile: range(1, pile + 1))
    >>> print(takes_disagreement(EndNim(), "allows_take_table(16)", lambda pile: [1]))
    ... # doctest: +NORMALIZE_WHITESPACE
    allows_take_table(16) allows taking [1] coins from a pile of 2, allows_take() allows
    [1, 2] (they say the opposite of taking 2)
    """
    for pile in piles:
        expected = [take for take in range(1, pile + 1) if rules.allows_take(pile, pile - take)]
        takes = list(listed(pile))
        if takes == expected:
            continue
        differ = sorted(set(takes) ^ set(expected))
        why = (
            f"they say the opposite of taking {differ[0]}"
            if differ
            else "the same takes, listed out of order or more than once"
        )
        return (
            f"{hook.replace('{pile}', str(pile))} allows taking {takes} coins from a pile of "
            f"{pile}, allows_take() allows {expected} ({why})"
        )
    return None


def table_takes(table: npt.NDArray[np.bool_]) -> Callable[[int], list[int]]:
    """The coins a move may take from each pile, read from an ``allows_take_table`` array.

    >>> import numpy as np
    >>> table_takes(np.tril(np.ones((4, 4), np.bool_), -1))(3)
    [1, 2, 3]
    """
    return lambda pile: [take for take in range(1, pile + 1) if table[pile, pile - take]]


def lists_takes(offsets: Any, sizes: Any) -> Callable[[int], list[int]]:
    """The coins a move may take from each pile, read from ``allows_take_lists`` (sorted new
    sizes, so the takes come in increasing order; a size out of place shows as a take out of
    order, one of 0 or less, or one too many).

    >>> lists_takes([0, 0, 1, 3], [0, 0, 1])(2)
    [1, 2]
    """
    return lambda pile: [pile - int(s) for s in reversed(sizes[offsets[pile] : offsets[pile + 1]])]


def table_shape_problem(table: npt.NDArray[Any], largest: int) -> str | None:
    """What is wrong with the array ``allows_take_table(largest)`` returned, in words, or
    ``None``.

    >>> import numpy as np
    >>> table_shape_problem(np.ones((3, 3), np.bool_), 4)
    'returned an array of shape (3, 3) and type bool, expected booleans of shape (5, 5)'
    """
    import numpy as np

    if table.shape == (largest + 1, largest + 1) and table.dtype == np.bool_:
        return None
    return (
        f"returned an array of shape {table.shape} and type {table.dtype}, expected booleans of "
        f"shape ({largest + 1}, {largest + 1})"
    )


__all__ = [
    "CHECKED_PILES",
    "lists_takes",
    "table_shape_problem",
    "table_takes",
    "takes_disagreement",
]
