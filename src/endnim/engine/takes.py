"""Restricted takes: the new sizes a rule set's ``allows_take`` allows, as lists the kernels read.

A rule set that overrides ``allows_take(pile, size)`` (a cap, a subtraction set, "at most half")
keeps the engine's recurrences with each reduction limited to the allowed sizes. The predicate is
user code: it is evaluated once per pile bound, through the rule set's own (guarded) hook, into
one sorted list of allowed new sizes per pile (CSR: ``offsets``, ``sizes``), kept per rule set
instance and extended when a larger pile is asked for. A rule set may offer a faster form:
``allowed_takes(pile)``, the numbers of coins a move may take from a pile of ``pile`` coins
(any iterable of whole numbers, e.g. ``range(1, 4)``; numbers outside 1..pile are ignored),
one call per pile instead of one per (pile, size); a vectorised ``allows_take_table(largest)``,
a boolean array ``[pile, size]`` of shape ``(largest + 1, largest + 1)``; or the lists
themselves, ``allows_take_lists(largest)``: ``(offsets, sizes)`` as :class:`Takes` holds them.
Each is checked against ``allows_take`` on the small piles before it is used.

>>> from endnim.variants import Variant
>>> class Capped(Variant):
...     name = "doc-capped"
...     title = "capped"
...     def ends(self, piles, player=None): return ("L", "R")
...     def allows_take(self, pile, size): return pile - size <= 2
>>> takes = takes_of(Capped(), 4)
>>> [takes.allowed(p).tolist() for p in range(5)]
[[], [0], [0, 1], [1, 2], [2, 3]]
>>> takes_of(Capped(), 1) is None   # piles of 1 and 2 coins may take any reduction
True
>>> class Listed(Capped):
...     name = "doc-listed"
...     def allowed_takes(self, pile): return range(1, 3)   # the same rule, per pile
>>> [takes_of(Listed(), 4).allowed(p).tolist() for p in range(5)]
[[], [0], [0, 1], [1, 2], [2, 3]]
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from itertools import compress, repeat

import numpy as np
import numpy.typing as npt

from endnim.errors import EndNimError
from endnim.variants.base import Variant
from endnim.variants.guarded import checked_map, label_of, take_amounts, watched_hook
from endnim.variants.take_forms import (
    CHECKED_PILES,
    lists_takes,
    table_shape_problem,
    table_takes,
    takes_disagreement,
)

HOOK_CALL_CELLS = 30
"""One call of a rule set's ``allows_take`` in cells at full speed (about 0.3 µs in a guarded
list of calls, against 10⁸ cells a second): the budget counts a list's calls."""
TABLE_HOOK_CELLS = 2
"""One entry of a vectorised ``allows_take_table`` in cells at full speed."""
OPTION_CELLS = 0.25
"""One option of a cell with restricted takes in cells at full speed (the kernel reads its
value and marks it seen): a cell costs about 1 + this × its options."""
AMOUNTS_CALL_CELLS = 2 * HOOK_CALL_CELLS
"""One call of a rule set's per-pile ``allowed_takes`` and the reading of its takes, in cells."""
KEPT_PAIRS = 1 << 26
"""Lists of at most this many (pile, size) pairs are kept per rule set (256 MiB at most)."""


@dataclass(frozen=True)
class Takes:
    """The allowed new sizes of piles 0..``largest``: ``sizes[offsets[p]:offsets[p + 1]]``."""

    offsets: npt.NDArray[np.int32]
    sizes: npt.NDArray[np.int32]

    @property
    def largest(self) -> int:
        """The largest pile listed."""
        return len(self.offsets) - 2

    def allowed(self, pile: int) -> npt.NDArray[np.int32]:
        """The sorted new sizes a pile of ``pile`` coins may take (0: removed)."""
        return self.sizes[self.offsets[pile] : self.offsets[pile + 1]]

    def counts(self) -> npt.NDArray[np.int64]:
        """How many new sizes each pile 0..largest may take."""
        return np.diff(self.offsets).astype(np.int64)

    def kernel_args(self, largest: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """The lists of piles 0..``largest`` as the kernels take them."""
        end = int(self.offsets[largest + 1])
        return self.offsets[: largest + 2], self.sizes[:end]

    def is_full(self) -> bool:
        """Whether every reduction of every listed pile is allowed (the unrestricted kernels)."""
        piles = np.arange(len(self.offsets) - 1, dtype=np.int64)
        return bool(np.array_equal(self.counts(), piles))


def restricts_takes(variant: Variant) -> bool:
    """Whether ``variant`` overrides ``allows_take`` (its reductions may be restricted).

    >>> from endnim.variants import get_variant
    >>> restricts_takes(get_variant("endnim"))
    False
    """
    return type(variant).allows_take is not Variant.allows_take


_KEPT: weakref.WeakKeyDictionary[Variant, Takes] = weakref.WeakKeyDictionary()
"""Each rule set's lists computed so far; a larger bound extends them."""


def known_bound(variant: Variant) -> int:
    """The largest pile whose list is already known for ``variant`` (0: none)."""
    kept = _KEPT.get(variant)
    return kept.largest if kept is not None else 0


def hook_cost(variant: Variant, largest: int) -> int:
    """What computing the lists up to ``largest`` still costs, in cells at full speed (0 when
    they are known or the rule set does not restrict its takes).

    >>> from endnim.variants import get_variant
    >>> hook_cost(get_variant("endnim"), 10**6)
    0
    """
    if not restricts_takes(variant):
        return 0
    known = known_bound(variant)
    if largest <= known:
        return 0
    bound = max(largest, 2 * known)
    if _lists_hook(variant) is not None:  # one step a pile, one a size listed (if counted)
        count = getattr(variant, "allows_take_count", None)
        return bound + 1 + (int(count(bound)) if callable(count) else 0)
    if _table_hook(variant) is not None:
        return (bound + 1) ** 2 * TABLE_HOOK_CELLS
    if _amounts_hook(variant) is not None:  # one call a pile, and its few takes
        return (bound - known) * AMOUNTS_CALL_CELLS
    return (bound * (bound + 1) - known * (known + 1)) // 2 * HOOK_CALL_CELLS


def takes_of(variant: Variant, largest: int) -> Takes | None:
    """The allowed new sizes of piles 0..``largest`` (at least), or ``None`` when every
    reduction of those piles is allowed (the unrestricted kernels then serve the rule set)."""
    if not restricts_takes(variant):
        return None
    kept = _KEPT.get(variant)
    if kept is None or kept.largest < largest:
        bound = max(largest, 2 * kept.largest if kept is not None else 64)
        kept = _compute(variant, bound, kept)
        if len(kept.sizes) <= KEPT_PAIRS:
            _KEPT[variant] = kept
    if kept.largest > largest:
        offsets, sizes = kept.kernel_args(largest)
        kept = Takes(offsets, sizes)
    return None if kept.is_full() else kept


def _table_hook(variant: Variant) -> object:
    hook = getattr(variant, "allows_take_table", None)
    return hook if callable(hook) else None


def _lists_hook(variant: Variant) -> object:
    hook = getattr(variant, "allows_take_lists", None)
    return hook if callable(hook) else None


def _amounts_hook(variant: Variant) -> object:
    hook = getattr(variant, "allowed_takes", None)
    return hook if callable(hook) else None


def _compute(variant: Variant, largest: int, known: Takes | None) -> Takes:
    if _lists_hook(variant) is not None:
        return _from_lists(variant, largest)
    table = _table_hook(variant)
    if table is not None:
        return _from_table(variant, largest)
    lists = [known.allowed(p).tolist() for p in range(known.largest + 1)] if known else [[]]
    if _amounts_hook(variant) is not None:
        return _from_amounts(variant, largest, lists)
    for pile in range(len(lists), largest + 1):  # one guarded list of calls per pile
        allowed = checked_map(variant, "allows_take", repeat(pile, pile), range(pile))
        lists.append(list(compress(range(pile), allowed)))
    return _pack(lists)


def _pack(lists: list[list[int]]) -> Takes:
    counts = np.fromiter((len(sizes) for sizes in lists), np.int64, len(lists))
    offsets = np.zeros(len(lists) + 1, np.int64)
    np.cumsum(counts, out=offsets[1:])
    if offsets[-1] >= 2**31:
        raise EndNimError("restricted takes: more than 2^31 allowed reductions to list")
    flat = np.fromiter((s for sizes in lists for s in sizes), np.int32, int(offsets[-1]))
    return _frozen(offsets.astype(np.int32), flat)


def _frozen(offsets: npt.NDArray[np.int32], sizes: npt.NDArray[np.int32]) -> Takes:
    offsets.flags.writeable = False
    sizes.flags.writeable = False
    return Takes(offsets, sizes)


def _sizes_of(pile: int, amounts: range | list[int]) -> list[int]:
    """The sorted new sizes of a pile of ``pile`` coins that may take ``amounts`` coins (those
    in 1..pile)."""
    if isinstance(amounts, range):
        step = amounts if amounts.step > 0 else amounts[::-1]
        start = step.start
        if start < 1:
            start += -((start - 1) // step.step) * step.step  # the first one >= 1
        return [pile - a for a in reversed(range(start, min(step.stop, pile + 1), step.step))]
    return sorted({pile - a for a in amounts if 1 <= a <= pile})


def _from_amounts(variant: Variant, largest: int, lists: list[list[int]]) -> Takes:
    """The lists from the per-pile ``allowed_takes(pile)`` (one call per pile, each under the
    hook deadline), ``lists`` (the known piles' lists) extended to ``largest``; checked on the
    small piles against ``allows_take`` (a disagreement is an error naming the rule set)."""
    name = label_of(variant)
    call = watched_hook(variant, "allowed_takes", take_amounts)
    for pile in range(len(lists), largest + 1):
        try:
            amounts = call(pile)
        except TypeError as error:  # a built-in rule set's (a user's is the guard's error)
            raise EndNimError(f"{name}: allowed_takes({pile}) returned {error}") from None
        lists.append(_sizes_of(pile, amounts))
    wrong = takes_disagreement(
        variant,
        "allowed_takes({pile})",
        lambda pile: [pile - size for size in reversed(lists[pile])],
        range(1, min(largest, CHECKED_PILES) + 1),
    )
    if wrong is not None:
        raise EndNimError(f"{name}: {wrong}")
    return _pack(lists)


def _from_lists(variant: Variant, largest: int) -> Takes:
    """The lists as the rule set gives them, ``allows_take_lists(largest)`` (a rule set written
    as data builds them in time proportional to their length), checked on the small piles
    against ``allows_take`` like :func:`_from_table`."""
    name = label_of(variant)
    try:
        offsets, sizes = variant.allows_take_lists(largest)  # type: ignore[attr-defined]
        offsets = np.asarray(offsets, np.int32)
        sizes = np.asarray(sizes, np.int32)
    except EndNimError:
        raise
    except Exception as error:
        raise EndNimError(f"{name}: allows_take_lists() raised {type(error).__name__}") from None
    if offsets.shape != (largest + 2,) or len(sizes) != int(offsets[-1]):
        raise EndNimError(f"{name}: allows_take_lists({largest}) returned lists of another shape")
    takes = _frozen(offsets.copy(), sizes.copy())
    wrong = takes_disagreement(
        variant,
        f"allows_take_lists({largest})",
        lists_takes(takes.offsets, takes.sizes),
        range(min(largest, CHECKED_PILES) + 1),  # pile 0 too: its list must be empty
    )
    if wrong is not None:
        raise EndNimError(f"{name}: {wrong}")
    return takes


def _from_table(variant: Variant, largest: int) -> Takes:
    """The lists from a vectorised ``allows_take_table``, checked on the small piles against
    ``allows_take`` (a disagreement is an error naming the rule set, never a wrong table)."""
    name = label_of(variant)
    try:
        raw = variant.allows_take_table(largest)  # type: ignore[attr-defined]
        table = np.asarray(raw)
    except EndNimError:
        raise
    except Exception as error:
        raise EndNimError(f"{name}: allows_take_table() raised {type(error).__name__}") from None
    shape = table_shape_problem(table, largest)
    if shape is not None:
        raise EndNimError(f"{name}: allows_take_table({largest}) {shape}")
    table = np.tril(table, -1)  # only new sizes below the pile count
    wrong = takes_disagreement(
        variant,
        f"allows_take_table({largest})",
        table_takes(table),
        range(1, min(largest, CHECKED_PILES) + 1),
    )
    if wrong is not None:
        raise EndNimError(f"{name}: {wrong}")
    counts = table.sum(axis=1, dtype=np.int64)
    offsets = np.zeros(largest + 2, np.int64)
    np.cumsum(counts, out=offsets[1:])
    if offsets[-1] >= 2**31:
        raise EndNimError("restricted takes: more than 2^31 allowed reductions to list")
    sizes = np.nonzero(table)[1].astype(np.int32)
    return _frozen(offsets.astype(np.int32), sizes)


__all__ = ["Takes", "hook_cost", "known_bound", "restricts_takes", "takes_of"]
