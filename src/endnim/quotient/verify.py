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
    """The least sum whose signature breaks the outcome rule, or ``None`` if there is none.

    *Least* is in the order of sums written with their components in decreasing order and
    compared lexicographically (a sum before its extensions). Every option of a sum comes before
    it (a move replaces a component by earlier ones), so this order is well founded, and the
    candidate is right on every sum before the least failure (induction: each of them passes the
    rule, and their options come before them too). The least failure G is thus a sum the
    candidate gets wrong, and its true outcome is the rule's: P iff G has a move and no option's
    image is in P.
    """
    order = monoid.order
    count = len(images)
    table = np.array(monoid.product, dtype=np.int32)
    in_p = np.zeros(order, dtype=bool)
    in_p[list(monoid.p_portion)] = True
    p_matrix = in_p[table]  # p_matrix[u, z]: u·z in P
    option_rows: list[np.ndarray | None] = [
        np.asarray(p_matrix[table[:, list(options)]].any(axis=1)) if options else None
        for options in option_images
    ]  # option_rows[c][x, z]: x·o·z in P for some option image o of c
    empty = np.zeros(order, dtype=bool)
    index: dict[tuple[int, bytes, bool], int] = {(0, empty.tobytes(), False): 0}
    queue: list[tuple[int, np.ndarray, bool]] = [(0, empty, False)]
    moves_to: list[list[int]] = []
    bad: list[bool] = []
    at = 0
    while at < len(queue):
        x, profile, moves = queue[at]
        at += 1
        bad.append((x in monoid.p_portion) != (moves and not profile[0]))
        row = []
        for component, image in enumerate(images):
            y = int(table[x, image])
            new = profile[table[image]]
            extra = option_rows[component]
            if extra is not None:
                new = new | extra[x]
            key = (y, new.tobytes(), True)
            found = index.get(key)
            if found is None:
                found = index[key] = len(queue)
                queue.append((y, new, True))
                if len(queue) > max_signatures:
                    raise LimitError(
                        f"the check of the quotient passed {max_signatures:,} signatures "
                        f"(order {order}; raise --max-signatures)"
                    )
            row.append(found)
        moves_to.append(row)
        if progress is not None and at % 4096 == 0:
            progress(len(queue))
    if not any(bad):
        return None
    return _least(np.array(moves_to, dtype=np.int64).reshape(len(queue), count), np.array(bad))


def _least(moves_to: np.ndarray, bad: np.ndarray) -> Multiset:
    """The least sum (see :func:`check`) leading from signature 0 to a bad signature."""
    count = moves_to.shape[1]
    reach: list[np.ndarray] = []  # reach[c][s]: a sum of components <= c leads s to a bad one
    current = bad.copy()
    for component in range(count):
        column = moves_to[:, component]
        while True:
            grown = current | current[column]
            if bool((grown == current).all()):
                break
            current = grown
        reach.append(current.copy())
    state, bound, word = 0, count - 1, []
    while not bad[state]:
        for component in range(bound + 1):
            target = int(moves_to[state, component])
            if reach[component][target]:
                word.append(component)
                state, bound = target, component
                break
        else:  # pragma: no cover - reach says a bad signature is reachable
            raise AssertionError("no way to the failure")
    return tuple(sorted(word))
