"""The closure of positions under a rule set's moves, as components and their options.

A sum is a multiset of *components* (canonical parts, :meth:`RuleSet.components` and
:meth:`RuleSet.canonical_key`); a component with no move is the game 0 and is left out, so the
empty multiset is the sum with no move. Components are numbered in an order in which every option
of a component uses only components numbered before it (a topological order), which is what the
quotient's construction, one component at a time, needs.

Misère End-Nim in Cairns–Ho's convention makes the lone pile ``(1)`` terminal: a single row hides
its forced last move. In a sum that move is real (taking the last coin of one row while other rows
remain), so the summands of a ``cairns-ho`` rule set move as in Conway's convention: the same rows,
the empty row terminal (docs/misere.md).

>>> closure = nim_closure(2)
>>> closure.size, closure.options
(2, [[()], [(), (0,)]])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from endnim.errors import EndNimError
from endnim.quotient.limits import LimitError
from endnim.ruleset import RuleSet
from endnim.search import loop_error
from endnim.variants.sums import summand_rules

Multiset = tuple[int, ...]
"""A sum of components: their indices, sorted (repeats allowed)."""


@dataclass
class Closure:
    """Components (canonical parts) of a closed set of positions and their options as sums."""

    rules: RuleSet[Any, Any]
    representatives: list[Any] = field(default_factory=list)
    """A position of each component, by index."""
    options: list[list[Multiset]] = field(default_factory=list)
    """The distinct options of each component, each a sum of earlier components."""
    positions: dict[str, Multiset] = field(default_factory=dict)
    """Every position met (by its notation) to its sum of components."""
    parts: dict[Hashable, Multiset] = field(default_factory=dict)
    """Each canonical key of a part to its component (``()`` for a part with no move)."""

    @property
    def size(self) -> int:
        """The number of components (the generators' alphabet)."""
        return len(self.options)

    def name(self, component: int) -> str:
        """A component's notation."""
        return str(self.rules.format_position(self.representatives[component]))

    def sum_of(self, position: Any) -> Multiset:
        """The sum of components a position of this closure is (a position outside it: error)."""
        indices: list[int] = []
        for part in self.rules.components(position):
            found = self.parts.get(self.rules.canonical_key(part))
            if found is None:
                text = self.rules.format_position(position)
                raise EndNimError(f"{text!r} is not in the closure")
            indices.extend(found)
        return tuple(sorted(indices))


def build_closure(
    rules: RuleSet[Any, Any], starts: Iterable[Any], max_components: int = 100_000
) -> Closure:
    """The closure of ``starts`` under the moves of ``rules`` (see :func:`summand_rules`).

    >>> from endnim.variants import get_variant
    >>> closure = build_closure(get_variant("endnim"), [(2, 1)])
    >>> [closure.name(c) for c in range(closure.size)], closure.sum_of((2, 1))
    (['1', '2', '1 1', '2 1'], (3,))
    """
    moves = summand_rules(rules)
    starts = list(starts)
    check_starts(moves, starts, max_components)
    key_index: dict[Hashable, int] = {}
    closure = Closure(moves)
    part_keys: dict[Any, Hashable] = {}
    # Depth-first, post-order: a component is numbered after every component of its options.
    done = closure.parts  # canonical key -> () if terminal else (index,)
    expanded: set[Hashable] = set()  # keys whose options are listed (each once: linear work)
    budget = [OPTIONS_PER_COMPONENT * max_components]  # option visits left

    def key_of(part: Any) -> Hashable:
        if part not in part_keys:
            part_keys[part] = moves.canonical_key(part)
        return part_keys[part]

    def visit(part: Any) -> None:
        stack: list[tuple[Any, list[Any] | None]] = [(part, None)]
        while stack:
            current, children = stack.pop()
            key = key_of(current)
            if key in done:
                continue
            if children is None:
                if key in expanded:  # listed already, deeper in the stack: numbered there
                    continue
                expanded.add(key)
                kids = moves.children(current)
                budget[0] -= len(kids)
                if budget[0] < 0:
                    raise LimitError(
                        f"the closure's components have more than "
                        f"{OPTIONS_PER_COMPONENT * max_components:,} options in all "
                        f"({OPTIONS_PER_COMPONENT:,} per component allowed by --max-components)"
                    )
                stack.append((current, kids))
                for child in kids:
                    for sub in moves.components(child):
                        sub_key = key_of(sub)
                        if sub_key in done:
                            continue
                        if sub_key in expanded:  # listed, not numbered: above it on the path
                            raise loop_error(moves, sub)  # (every entry above it is its own)
                        stack.append((sub, None))
                continue
            if not children:
                done[key] = ()
                continue
            if len(key_index) >= max_components:
                raise LimitError(
                    f"the closure has more than {max_components:,} components "
                    "(raise --max-components)"
                )
            index = len(closure.options)
            key_index[key] = index
            done[key] = (index,)
            closure.representatives.append(current)
            closure.options.append(sorted({sum_parts(child) for child in children}))

    def sum_parts(position: Any) -> Multiset:
        indices: list[int] = []
        for sub in moves.components(position):
            key = key_of(sub)
            if key not in done:
                visit(sub)
            indices.extend(done[key])
        return tuple(sorted(indices))

    for start in starts:
        closure.positions[moves.format_position(start)] = sum_parts(start)
    # every position met: the components' representatives and all their options
    for component, options in enumerate(list(closure.options)):
        for child in moves.children(closure.representatives[component]):
            closure.positions.setdefault(moves.format_position(child), sum_parts(child))
        closure.positions.setdefault(
            moves.format_position(closure.representatives[component]), (component,)
        )
        del options
    return closure


OPTIONS_PER_COMPONENT = 1_000
"""Options listed per allowed component (``--max-components`` × this in all): the closure's
work is bounded by its budget, not only its size (issue 34 §8)."""


def check_starts(moves: RuleSet[Any, Any], starts: Sequence[Any], max_components: int) -> None:
    """Refuse, before any option is listed, starts whose distinct parts alone are more
    components than ``max_components`` (one terminal part allowed for).

    >>> from endnim.variants import get_variant
    >>> check_starts(get_variant("endnim"), [(n,) for n in range(1, 6)], 3)
    Traceback (most recent call last):
    ...
    endnim.quotient.limits.LimitError: the closure has at least 4 components ...
    """
    keys: set[Hashable] = set()
    for start in starts:
        for part in moves.components(start):
            keys.add(moves.canonical_key(part))
            if len(keys) > max_components + 1:
                raise LimitError(
                    f"the closure has at least {len(keys) - 1:,} components "
                    f"(its starting positions' parts), more than {max_components:,} "
                    "(raise --max-components)"
                )


def rows_components_at_least(max_length: int, max_pile: int) -> int:
    """A lower bound on the components of the closure of :func:`rows_up_to`, counted without
    building a row: every row is in it, and a canonical key merges at most the 2·l rotations
    and reflections of a row of length l.

    >>> rows_components_at_least(2, 3), rows_components_at_least(12, 64) > 10**18
    (3, True)
    """
    return sum(max_pile**length // (2 * length) for length in range(1, max_length + 1))


class NimHeaps(RuleSet[int, int]):
    """Nim on one heap (a heap of n coins; take any number): misère Nim's components."""

    name = "nim"
    title = "Nim"
    summary = "take any number of coins from one heap"
    position_notation = "a heap size, e.g. 3"
    move_notation = "the heap's new size"

    def parse_position(self, text: str) -> int:
        try:
            heap = int(text)
        except ValueError:
            raise EndNimError(f"cannot read a heap size from {text!r}") from None
        if heap < 0:
            raise EndNimError(f"a heap size is at least 0, not {heap}")
        return heap

    def format_position(self, position: int) -> str:
        return str(position)

    def parse_move(self, text: str) -> int:
        return self.parse_position(text)

    def options(self, position: int, player: Any = None) -> list[tuple[int, int]]:
        return [(size, size) for size in range(position)]


def nim_closure(max_heap: int) -> Closure:
    """The closure of the Nim heaps 1..``max_heap`` (misère Nim's quotient is its quotient).

    >>> nim_closure(3).size
    3
    """
    return build_closure(NimHeaps(), range(1, max_heap + 1))


def rows_up_to(max_length: int, max_pile: int) -> Sequence[tuple[int, ...]]:
    """Every row of length 1..``max_length`` with piles 1..``max_pile``.

    >>> len(rows_up_to(2, 3))
    12
    """
    from itertools import product

    return [
        row
        for length in range(1, max_length + 1)
        for row in product(range(1, max_pile + 1), repeat=length)
    ]
