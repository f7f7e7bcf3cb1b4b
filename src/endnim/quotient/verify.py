"""The proof that a candidate quotient tells every sum's outcome: a finite check.

Let Φ send each component to an element of a finite commutative monoid Q with P-portion P.
For a sum G write x = Φ(G) and D(G) = {z ∈ Q : Φ(G')·z ∈ P for some option G' of G}. Adding a
component c with option images O(c) gives

    Φ(G + c) = x·Φ(c),   D(G + c) = {z : Φ(c)·z ∈ D(G)} ∪ ⋃_{o ∈ O(c)} {z : x·o·z ∈ P},

so the *signatures* (x, D(G), G has a move) of all sums form a finite set, reached from the empty
sum's by these steps. If at every reachable signature ``x ∈ P`` exactly when G has a move and
1 ∉ D(G), then by induction on G (options first) Φ(G) ∈ P exactly when G is a misère P-position,
for every sum G of the closure: the candidate is right. :func:`check` walks the signatures and
returns a sum where the test fails, or ``None``.

>>> from endnim.quotient.monoid import Monoid
>>> z2 = Monoid([[0, 1], [1, 0]], frozenset({1}))
>>> check(z2, [1], [[0]]) is None, check(z2, [0], [[0]])
(True, (0,))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from endnim.quotient.closure import Multiset
from endnim.quotient.limits import LimitError
from endnim.quotient.monoid import Monoid


def check(
    monoid: Monoid,
    images: Sequence[int],
    option_images: Sequence[Sequence[int]],
    max_signatures: int = 2_000_000,
    progress: Callable[[int], None] | None = None,
) -> Multiset | None:
    """A sum whose signature breaks the outcome rule, or ``None`` if there is none."""
    order = monoid.order
    table = np.array(monoid.product, dtype=np.int32)
    in_p = np.zeros(order, dtype=bool)
    in_p[list(monoid.p_portion)] = True
    p_matrix = in_p[table]  # p_matrix[u, z]: u·z in P
    empty = np.zeros(order, dtype=bool)
    start = (0, empty.tobytes(), False)
    parents: dict[tuple[int, bytes, bool], tuple[tuple[int, bytes, bool], int] | None] = {
        start: None
    }
    queue: list[tuple[int, np.ndarray, bool, tuple[int, bytes, bool]]] = [(0, empty, False, start)]
    at = 0
    while at < len(queue):
        x, profile, moves, key = queue[at]
        at += 1
        if (x in monoid.p_portion) != (moves and not profile[0]):
            return _witness(parents, key)
        for component, image in enumerate(images):
            y = int(table[x, image])
            options = option_images[component]
            new = profile[table[image]]
            if options:
                new = new | p_matrix[table[x, list(options)]].any(axis=0)
            new_key = (y, new.tobytes(), True)
            if new_key in parents:
                continue
            parents[new_key] = (key, component)
            queue.append((y, new, True, new_key))
            if len(parents) > max_signatures:
                raise LimitError(
                    f"the check of the quotient passed {max_signatures:,} signatures "
                    f"(order {order}; raise --max-signatures)"
                )
        if progress is not None and at % 4096 == 0:
            progress(len(parents))
    return None


def _witness(
    parents: dict[tuple[int, bytes, bool], tuple[tuple[int, bytes, bool], int] | None],
    key: tuple[int, bytes, bool],
) -> Multiset:
    components: list[int] = []
    step = parents[key]
    while step is not None:
        key, component = step
        components.append(component)
        step = parents[key]
    return tuple(sorted(components))
