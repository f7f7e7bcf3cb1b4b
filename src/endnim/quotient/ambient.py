"""Candidate quotients in an ambient monoid: a known monoid times free cyclic factors.

MisereSolver's candidates (Siegel; Plambeck–Siegel's appendix) live in a direct sum A = B ⊕ C₁ ⊕
… ⊕ Cⱼ: B a finite commutative monoid (a quotient found earlier, or part of one) and each Cᵢ the
cyclic monoid ⟨g | g^(index+period) = g^index⟩ of one component set free. With every component
sent to an element of A, the P-portion is *guessed* from the quotient itself (:func:`mark`): the
sums are walked in an order in which every option comes first, and an element is marked P or N by
the mex rule (P iff the sum has a move and no option's element is marked P) the first time a sum
reaches it. The candidate is then reduced (:func:`reduce`): elements that no sum tells apart are
merged (Moore's partition refinement on the action of the components' images). Nothing is
trusted: :mod:`endnim.quotient.verify` proves or refutes the result.

>>> from endnim.quotient.monoid import Monoid
>>> ambient = Ambient(Monoid([[0]], frozenset()), [(2, 2)])  # ⟨g | g⁴ = g²⟩
>>> ambient.size, ambient.multiply(ambient.generator(0), ambient.generator(0))
(4, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from endnim.quotient.closure import Multiset
from endnim.quotient.monoid import Monoid


class Ambient:
    """B ⊕ C(index₁, period₁) ⊕ …, elements encoded as integers (B's element first)."""

    def __init__(self, base: Monoid, cyclic: Sequence[tuple[int, int]]) -> None:
        self.base = np.array(base.product, dtype=np.int64)
        self.cyclic = [(int(i), int(p)) for i, p in cyclic]
        self.radices = [base.order] + [i + p for i, p in self.cyclic]
        self.size = int(np.prod(self.radices, dtype=np.int64))

    def encode(self, parts: Sequence[int]) -> int:
        code = 0
        for part, radix in zip(reversed(parts), reversed(self.radices), strict=True):
            code = code * radix + part
        return code

    def generator(self, factor: int) -> int:
        """The generator of the ``factor``-th cyclic factor."""
        parts = [0] * len(self.radices)
        parts[factor + 1] = 1
        return self.encode(parts)

    def multiply_array(self, codes: np.ndarray, other: int) -> np.ndarray:
        """Every element of ``codes`` times ``other``."""
        result = np.zeros_like(codes)
        scale = 1
        rest, other_rest = codes, other
        for at, radix in enumerate(self.radices):
            mine, rest = rest % radix, rest // radix
            theirs, other_rest = other_rest % radix, other_rest // radix
            if at == 0:
                part = self.base[mine, theirs]
            else:
                index, period = self.cyclic[at - 1]
                part = mine + theirs
                over = part >= index + period
                part = np.where(over, index + (part - index) % period, part)
            result = result + part * scale
            scale *= radix
        return result

    def multiply(self, first: int, second: int) -> int:
        return int(self.multiply_array(np.array([first], dtype=np.int64), second)[0])


def mark(
    ambient: Ambient, images: Sequence[int], option_images: Sequence[Sequence[int]]
) -> np.ndarray:
    """The guessed P-portion (a boolean per element of ``ambient``), see the module's docstring.

    Sums are multiplicity vectors over the components, walked with the last component's count
    outermost: an option (one component replaced by earlier ones) comes before its sum. A count
    stops growing once it reaches an element already marked.
    """
    size = ambient.size
    marked = np.zeros(size, dtype=bool)
    in_p = np.zeros(size, dtype=bool)
    count = len(images)
    multiply = ambient.multiply

    def settle(element: int, options: frozenset[int], empty: bool) -> None:
        if not empty:
            in_p[element] = not any(marked[t] and in_p[t] for t in options)
        marked[element] = True

    # iterative form of: walk(depth, element, options, empty)
    stack: list[tuple[int, int, frozenset[int], bool, bool]] = [
        (count - 1, 0, frozenset(), True, False)
    ]
    while stack:
        depth, element, options, empty, grown = stack.pop()
        if depth < 0:
            if not marked[element]:
                settle(element, options, empty)
            continue
        if grown:
            image = images[depth]
            bigger = multiply(element, image)
            if marked[bigger]:
                continue
            options = frozenset(
                [multiply(t, image) for t in options]
                + [multiply(element, o) for o in option_images[depth]]
            )
            element, empty = bigger, False
        # after the lower components are walked with this count, grow this one
        stack.append((depth, element, options, empty, True))
        stack.append((depth - 1, element, options, empty, False))
    return in_p


def reduce(ambient: Ambient, in_p: np.ndarray, images: Sequence[int]) -> tuple[Monoid, list[int]]:
    """The quotient of the submonoid the images generate by "no sum tells them apart", with
    the images' classes; elements are numbered in a breadth-first walk from the identity."""
    distinct = sorted(set(images))
    # reachable elements
    reach = np.zeros(ambient.size, dtype=bool)
    reach[0] = True
    frontier = np.array([0], dtype=np.int64)
    while frontier.size:
        found = np.unique(np.concatenate([ambient.multiply_array(frontier, g) for g in distinct]))
        found = found[~reach[found]]
        reach[found] = True
        frontier = found
    states = np.flatnonzero(reach)
    position = np.full(ambient.size, -1, dtype=np.int64)
    position[states] = np.arange(states.size)
    actions = np.stack(
        [position[ambient.multiply_array(states, g)] for g in distinct], axis=1
    )  # actions[s, g]: the state of element s times image g
    classes = in_p[states].astype(np.int64)
    while True:
        signature = np.concatenate([classes[:, None], classes[actions]], axis=1)
        _, refined = np.unique(signature, axis=0, return_inverse=True)
        refined = refined.reshape(-1)
        if len(np.unique(refined)) == len(np.unique(classes)):
            break
        classes = refined
    # number the classes by a walk from the identity, and build the product by words
    number = {int(classes[0]): 0}
    walk = [0]  # a state per class
    parent: list[tuple[int, int]] = [(-1, -1)]
    for state in walk:
        for g in range(len(distinct)):
            target = int(actions[state, g])
            c = int(classes[target])
            if c not in number:
                number[c] = len(walk)
                walk.append(target)
                parent.append((number[int(classes[state])], g))
    order = len(walk)
    step = np.array(
        [[number[int(classes[actions[s, g]])] for g in range(len(distinct))] for s in walk],
        dtype=np.int64,
    )
    product = np.zeros((order, order), dtype=np.int64)
    product[:, 0] = np.arange(order)
    for t in range(1, order):
        source, g = parent[t]
        product[:, t] = step[product[:, source], g]
    p_portion = frozenset(i for i, s in enumerate(walk) if in_p[states[s]])
    image_class = {g: number[int(classes[position[g]])] for g in distinct}
    return Monoid(product.tolist(), p_portion), [image_class[g] for g in images]


def option_elements(
    ambient: Ambient, images: Sequence[int], options: Sequence[Sequence[Multiset]]
) -> list[list[int]]:
    """The elements of each component's options (sums of components)."""
    result = []
    for sums in options:
        found = set()
        for total in sums:
            element = 0
            for c in total:
                element = ambient.multiply(element, images[c])
            found.add(element)
        result.append(sorted(found))
    return result
