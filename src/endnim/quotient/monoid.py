"""A finite commutative monoid with a P-portion: the shape of a misère quotient.

Elements are ``0..order-1``, ``0`` the identity; ``product[x][y]`` is x·y; ``p_portion`` the
elements that are P-positions. :func:`presentation` finds generators and relations as
Plambeck–Siegel print them: every element has a normal form, the least word for it in the graded
order, and the relations are the minimal non-normal words set equal to their normal forms.

>>> t2 = Monoid([[0, 1], [1, 0]], frozenset({1}))
>>> t2.order, t2.reduced()
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def letter(index: int) -> str:
    """The name of the ``index``-th generator: a, b, …, z, then g27, g28, …

    >>> letter(0), letter(25), letter(26)
    ('a', 'z', 'g27')
    """
    return chr(ord("a") + index) if index < 26 else f"g{index + 1}"


def word(vector: Sequence[int]) -> str:
    """An exponent vector as a word: ``(1, 2)`` is ``ab²``, the zero vector ``1``.

    >>> word((1, 2)), word((0, 0)), word([0, 1, 1])
    ('ab²', '1', 'bc')
    """
    parts = [
        letter(i) + (str(e).translate(SUPERSCRIPTS) if e > 1 else "")
        for i, e in enumerate(vector)
        if e
    ]
    return "".join(parts) if parts else "1"


@dataclass
class Presentation:
    """Generators (elements), normal forms (exponent vectors per element) and relations."""

    generators: list[int]
    normal_forms: list[tuple[int, ...]]
    relations: list[tuple[tuple[int, ...], tuple[int, ...]]]

    def names(self) -> list[str]:
        """Every element's name: its normal form as a word."""
        return [word(vector) for vector in self.normal_forms]

    def text(self) -> str:
        """``⟨a, b | a² = 1, b³ = b⟩``."""
        letters = ", ".join(letter(i) for i in range(len(self.generators)))
        rules = ", ".join(f"{word(left)} = {word(right)}" for left, right in self.relations)
        return f"⟨{letters} | {rules}⟩" if rules else f"⟨{letters}⟩"


@dataclass
class Monoid:
    """A finite commutative monoid (identity 0) with a P-portion."""

    product: list[list[int]]
    p_portion: frozenset[int]
    _presentation: Presentation | None = field(default=None, repr=False, compare=False)

    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self.product)

    def multiply(self, elements: Sequence[int]) -> int:
        """The product of several elements (1 for none)."""
        result = 0
        for element in elements:
            result = self.product[result][element]
        return result

    def row(self, x: int) -> frozenset[int]:
        """The elements z with x·z in P (x's outcome profile)."""
        return frozenset(z for z in range(self.order) if self.product[x][z] in self.p_portion)

    def reduced(self) -> bool:
        """Whether any two elements are told apart by some z (x·z in P, y·z not)."""
        rows = [self.row(x) for x in range(self.order)]
        return len(set(rows)) == self.order

    def presentation(self, images: Sequence[int]) -> Presentation:
        """Generators taken from ``images`` in order (each not a product of earlier ones),
        normal forms and minimal relations (see the module's docstring)."""
        if self._presentation is not None:
            return self._presentation
        generators: list[int] = []
        reach = {0}
        for image in images:
            if image in reach:
                continue
            generators.append(image)
            frontier = list(reach)
            while frontier:
                nxt = []
                for x in frontier:
                    y = self.product[x][image]
                    if y not in reach:
                        reach.add(y)
                        nxt.append(y)
                frontier = nxt
        count = len(generators)
        zero = (0,) * count
        normal: dict[int, tuple[int, ...]] = {0: zero}
        is_normal = {zero}
        level = [zero]
        candidates: list[tuple[tuple[int, ...], int]] = []
        element_of = {zero: 0}
        while level:
            found: dict[tuple[int, ...], int] = {}
            for vector in level:
                for i, generator in enumerate(generators):
                    bigger = vector[:i] + (vector[i] + 1,) + vector[i + 1 :]
                    if bigger not in found:
                        found[bigger] = self.product[element_of[vector]][generator]
            level = []
            for bigger in sorted(found, key=lambda v: tuple(reversed(v))):
                element = found[bigger]
                element_of[bigger] = element
                if element not in normal:
                    normal[element] = bigger
                    is_normal.add(bigger)
                    level.append(bigger)
                else:
                    candidates.append((bigger, element))
        relations = []
        for vector, element in candidates:
            minimal = all(
                vector[:i] + (vector[i] - 1,) + vector[i + 1 :] in is_normal
                for i in range(count)
                if vector[i]
            )
            if minimal:
                relations.append((vector, normal[element]))
        relations.sort(key=lambda rel: (sum(rel[0]), tuple(reversed(rel[0]))))
        forms = [normal[x] for x in range(self.order)]
        self._presentation = Presentation(generators, forms, relations)
        return self._presentation


def invariant(monoid: Monoid, x: int) -> tuple[object, ...]:
    """What an isomorphism must keep: P-status, the powers' pattern, the profile's size.

    >>> invariant(Monoid([[0, 1], [1, 0]], frozenset({1})), 1)
    (True, (0, 2), 1)
    """
    powers = [0]
    seen = {0: 0}
    while True:
        nxt = monoid.product[powers[-1]][x]
        if nxt in seen:
            pattern = (seen[nxt], len(powers) - seen[nxt])  # (index, period) of x's powers
            break
        seen[nxt] = len(powers)
        powers.append(nxt)
    return (x in monoid.p_portion, pattern, len(monoid.row(x)))


def isomorphic(first: Monoid, second: Monoid, first_images: Sequence[int]) -> bool:
    """Whether two monoids with P-portions are isomorphic (``first`` generated by the images).

    >>> z2 = Monoid([[0, 1], [1, 0]], frozenset({1}))
    >>> isomorphic(z2, Monoid([[0, 1], [1, 0]], frozenset({1})), [1])
    True
    """
    if first.order != second.order or len(first.p_portion) != len(second.p_portion):
        return False
    presentation = first.presentation(first_images)
    generators = presentation.generators
    forms = presentation.normal_forms
    by_invariant: dict[tuple[object, ...], list[int]] = {}
    for y in range(second.order):
        by_invariant.setdefault(invariant(second, y), []).append(y)
    choices = [by_invariant.get(invariant(first, g), []) for g in generators]
    # the elements whose normal forms use only the first i generators, for each i: a partial
    # choice of images is extended only while it is a P-keeping, one-to-one homomorphism on
    # them (trying every combination at once took hours for misère Nim's 66 elements)
    used = [max((k for k, e in enumerate(form) if e), default=-1) for form in forms]
    levels: list[list[int]] = [[] for _ in generators]
    for x, last in enumerate(used):
        if last >= 0:
            levels[last].append(x)
    mapping: list[int] = [0] * first.order  # x's normal form has no generator: the identity

    def consistent(level: int, images: list[int]) -> bool:
        known = [x for x in range(first.order) if used[x] <= level]
        for x in levels[level]:
            mapping[x] = second.multiply(
                [g for g, e in zip(images, forms[x], strict=False) for _ in range(e)]
            )
        if len({mapping[x] for x in known}) != len(known):
            return False
        if any((x in first.p_portion) != (mapping[x] in second.p_portion) for x in levels[level]):
            return False
        inside = set(known)
        return all(
            mapping[first.product[x][y]] == second.product[mapping[x]][mapping[y]]
            for x in known
            for y in known
            if first.product[x][y] in inside
        )

    def extend(images: list[int]) -> bool:
        level = len(images)
        if level == len(generators):
            return True
        for image in choices[level]:
            images.append(image)
            if consistent(level, images) and extend(images):
                return True
            images.pop()
        return False

    if (0 in first.p_portion) != (0 in second.p_portion):
        return False
    return extend([]) and all(
        mapping[first.product[x][y]] == second.product[mapping[x]][mapping[y]]
        for x in range(first.order)
        for y in range(first.order)
    )


def tame_monoid(bits: int) -> Monoid:
    """Misère Nim's quotient on heaps below ``2**bits`` (``bits`` ≥ 1; order ``2**bits + 2``,
    but 2 for heaps ≤ 1), built from its presentation ⟨a, b₁, …, b_{bits−1} | a² = 1, bᵢ³ = bᵢ,
    bᵢ² = bⱼ²⟩ with P-portion {a, b₁²} (Plambeck–Siegel, "Misère quotients for impartial
    games", JCTA 2008: the quotient of misère Nim, to which every tame game's is isomorphic)
    instead of solved. Checked against :func:`endnim.quotient.solver.misere_quotient` of
    Nim's heaps in the tests.

    Elements: 1 and a, then the group {b₁²·x}, numbered 2 + v for v a vector of ``bits``
    bits (bit 0: a's, bit i: bᵢ's); a product adds the vectors mod 2.

    >>> tame_monoid(2).order, sorted(tame_monoid(2).p_portion)
    (6, [1, 2])
    """
    size = 2**bits

    def product(x: int, y: int) -> int:
        group = x >= 2 or y >= 2
        vector = (x - 2 if x >= 2 else x) ^ (y - 2 if y >= 2 else y)
        return 2 + vector if group else vector

    order = 2 if bits == 1 else size + 2  # heaps ≤ 1: only 1 and a
    table = [[product(x, y) for y in range(order)] for x in range(order)]
    return Monoid(table, frozenset({1, 2}) if bits > 1 else frozenset({1}))


def canonical(monoid: Monoid, images: Sequence[int]) -> tuple[Monoid, list[int]]:
    """The reduced monoid of a correct candidate, numbered canonically.

    Elements with the same outcome profile (x ρ y iff x·z ∈ P exactly when y·z ∈ P, for every
    z; Siegel's indistinguishability) are merged, and the classes are numbered in the order a
    breadth-first walk from the identity meets them, multiplying by the images in turn. When the
    candidate is right on every sum and generated by the images, the result is the quotient.

    >>> z4 = Monoid([[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]], frozenset({1, 3}))
    >>> reduced, images = canonical(z4, [1])
    >>> reduced.order, reduced.product, sorted(reduced.p_portion), images
    (2, [[0, 1], [1, 0]], [1], [1])
    """
    import numpy as np

    table = np.array(monoid.product, dtype=np.int64)
    in_p = np.zeros(monoid.order, dtype=bool)
    in_p[list(monoid.p_portion)] = True
    rows = in_p[table]
    classes: dict[bytes, int] = {}
    class_of = [classes.setdefault(rows[x].tobytes(), len(classes)) for x in range(monoid.order)]
    # one representative per class, then a walk from the identity's class
    representative: dict[int, int] = {}
    for x, c in enumerate(class_of):
        representative.setdefault(c, x)
    number = {class_of[0]: 0}
    walk = [class_of[0]]
    for c in walk:
        for image in images:
            d = class_of[monoid.product[representative[c]][image]]
            if d not in number:
                number[d] = len(walk)
                walk.append(d)
    if len(walk) != len(classes):
        raise ValueError("the images do not generate the monoid")
    product = [
        [number[class_of[monoid.product[representative[c]][representative[d]]]] for d in walk]
        for c in walk
    ]
    p_portion = frozenset(number[c] for c in walk if representative[c] in monoid.p_portion)
    return Monoid(product, p_portion), [number[class_of[image]] for image in images]
