"""The misère outcome of a sum of components, by exact search (the reference truth).

A sum is a multiset of component indices (:mod:`endnim.quotient.closure`); a move replaces one
component by one of its options (itself a sum). Misère play: the player who cannot move wins,
so the empty sum is an N-position, and a non-empty sum is a P-position exactly when every option
is an N-position. The memo is keyed by the multiset (sorted indices): equal sums are solved once.

>>> from endnim.quotient.closure import nim_closure
>>> search = SumSearch(nim_closure(3).options)
>>> search.is_p(()), search.is_p((0,)), search.is_p((0, 0)), search.is_p((1, 1))
(False, True, False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from endnim.quotient.closure import Multiset
from endnim.quotient.limits import LimitError


def replace(total: Multiset, position: int, option: Multiset) -> Multiset:
    """``total`` with its component at ``position`` replaced by the sum ``option``.

    >>> replace((0, 2, 2), 1, (0, 1))
    (0, 0, 1, 2)
    """
    rest = total[:position] + total[position + 1 :]
    if not option:
        return rest
    return tuple(sorted(rest + option))


class SumSearch:
    """Exact misère outcomes of sums, memoised; ``known`` may answer some sums directly."""

    def __init__(
        self,
        options: Sequence[Sequence[Multiset]],
        known: Callable[[Multiset], bool | None] | None = None,
        max_states: int = 5_000_000,
    ) -> None:
        self.options = options
        self.known = known
        self.max_states = max_states
        self.memo: dict[Multiset, bool] = {(): False}
        self._pending: list[Multiset] = []

    def is_p(self, total: Multiset) -> bool:
        """Whether the sum is a misère P-position (the player to move loses)."""
        memo = self.memo
        found = memo.get(total)
        if found is not None:
            return found
        # iterative depth-first search; a frame is (sum, its options not yet known, next one).
        # Options already known are looked at first: one P-option settles the sum at once.
        stack: list[tuple[Multiset, list[Multiset], int]] = []
        first = self._open(total)
        if first is not None:
            return first
        stack.append((total, self._pending, 0))
        while stack:
            current, pending, at = stack[-1]
            result: bool | None = None
            while at < len(pending):
                value = memo.get(pending[at])
                if value is None:
                    break
                if value:
                    result = False
                    break
                at += 1
            else:
                result = True
            if result is None:
                child = pending[at]
                stack[-1] = (current, pending, at)
                settled = self._open(child)
                if settled is None:
                    stack.append((child, self._pending, 0))
                continue
            memo[current] = result
            stack.pop()
            if len(memo) > self.max_states:
                raise LimitError(
                    f"the exact search of sums passed {self.max_states:,} positions "
                    "(raise --max-search)"
                )
        return memo[total]

    def _open(self, total: Multiset) -> bool | None:
        """Settle ``total`` from its known options if possible (stored in the memo), else
        leave its unknown options in ``self._pending`` and return ``None``."""
        memo = self.memo
        known = self.known
        pending: list[Multiset] = []
        for child in self._children(total):
            value = memo.get(child)
            if value is None and known is not None:
                value = known(child)
                if value is not None:
                    memo[child] = value
            if value is None:
                pending.append(child)
            elif value:
                memo[total] = False
                return False
        if not pending:
            memo[total] = True
            return True
        self._pending = pending
        return None

    def _children(self, total: Multiset) -> list[Multiset]:
        result: list[Multiset] = []
        previous = -1
        for position, component in enumerate(total):
            if component == previous:
                continue
            previous = component
            for option in self.options[component]:
                result.append(replace(total, position, option))
        return result
