"""Adjoining one component to a proved quotient, with outcomes read from the quotients themselves.

MisereSolver's way (Siegel; Plambeck–Siegel's appendix; Plambeck, "Advances in losing" §
MisereSolver): components (heaps) are added one at a time, and no sum is searched. Let Q (with Φ
and P-portion P) be the quotient proved for the first n components and h the next one; every
option of h is a sum of earlier components, so its image in Q is known.

1. *Conservative extension* (:func:`_conservative`): h may be an element x of Q. Then adding it
   splits no element of Q, so the outcome of z + h is computed exactly from Q by
   :class:`PowerOutcomes` (a search over sums memoised by (element, copies of h), at most |Q|
   sums per copy), and x must have the profile {z : z + h is P}; the few x that do are tried,
   each proved or refuted by :func:`endnim.quotient.verify.check`.
2. Otherwise h is a new generator. The first candidate lives in Q ⊕ ⟨g | g⁴ = g²⟩ with h ↦ g; its
   P-portion is marked by the mex rule in an order where options come first, and it is reduced
   (:mod:`endnim.quotient.ambient`). The check either proves it or returns the least failing sum
   W, on whose options the candidate is right, so W's true outcome is read off them.
3. *Recalibration* (:func:`_recalibrate`): adding h can split elements of Q (0.07 at heap 10:
   b³ = b holds for heaps ≤ 9 and fails once heap 10 is there), so the next candidate sets some
   components of W free — the candidate on the other components times a cyclic factor for each,
   with an index at least their multiplicity in W — trying the fewest such components first,
   until one gets W right. Then back to the check. Each candidate is right on every sum before
   its least failure, so the least failures increase (Siegel).

A candidate the check proves, reduced by Siegel's indistinguishability (x ρ y iff P(xz) = P(yz)
for all z; :func:`endnim.quotient.monoid.canonical`), is the quotient: the check is the proof,
however the candidate was found. When no recalibration gets W right, :func:`adjoin` returns
``None`` and the caller uses the general solver (:mod:`endnim.quotient.solver`).

>>> from endnim.quotient.closure import nim_closure
>>> z2 = Monoid([[0, 1], [1, 0]], frozenset({1}))  # the quotient of the Nim heap 1
>>> t2, images = adjoin(z2, [1], nim_closure(3), 1)  # heap 2 added
>>> t2.order, sorted(t2.p_portion), t2.presentation(images).text()
(6, [1, 4], '⟨a, b | a² = 1, b³ = b⟩')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from endnim.quotient.ambient import Ambient, mark, option_elements, reduce
from endnim.quotient.closure import Closure, Multiset
from endnim.quotient.limits import LimitError, Limits
from endnim.quotient.monoid import Monoid, canonical
from endnim.quotient.outcome import replace
from endnim.quotient.verify import check


class PowerOutcomes:
    """o(Y + k·h) for sums Y of the components Q knows, memoised by (Φ(Y), k)."""

    def __init__(
        self,
        monoid: Monoid,
        images: Sequence[int],
        options: Sequence[Sequence[Multiset]],
        new_options: Sequence[Multiset],
    ) -> None:
        self.monoid = monoid
        self.images = images
        self.options = options
        self.new_options = list(new_options)
        self.new_images = [self.image(option) for option in new_options]
        self.memo: dict[tuple[int, int], bool] = {}
        presentation = monoid.presentation(images)
        components = [list(images).index(g) for g in presentation.generators]
        self.reps: list[Multiset] = [
            tuple(sorted(c for c, e in zip(components, vector, strict=True) for _ in range(e)))
            for vector in presentation.normal_forms
        ]
        self.levels: list[np.ndarray] = []

    def image(self, total: Multiset) -> int:
        """Φ of a sum of old components."""
        return self.monoid.multiply([self.images[c] for c in total])

    def level(self, k: int) -> np.ndarray:
        """``level(k)[x]``: whether x + k·h is a P-position, for every element x."""
        while len(self.levels) <= k:
            at = len(self.levels)
            self.levels.append(np.array([self.is_p(rep, at) for rep in self.reps], dtype=bool))
        return self.levels[k]

    def _value(self, key: tuple[int, int]) -> bool | None:
        if key[1] == 0:
            return key[0] in self.monoid.p_portion
        return self.memo.get(key)

    def _children(self, total: Multiset, k: int) -> list[tuple[Multiset, int, tuple[int, int]]]:
        x = self.image(total)
        product = self.monoid.product
        result = [
            (tuple(sorted(total + option)), k - 1, (product[x][o], k - 1))
            for option, o in zip(self.new_options, self.new_images, strict=True)
        ]
        previous = -1
        for position, component in enumerate(total):
            if component == previous:
                continue
            previous = component
            for option in self.options[component]:
                child = replace(total, position, option)
                result.append((child, k, (self.image(child), k)))
        return result

    def is_p(self, total: Multiset, k: int) -> bool:
        """Whether ``total`` + k·h is a misère P-position (under the module's assumption)."""
        key = (self.image(total), k)
        found = self._value(key)
        if found is not None:
            return found
        memo = self.memo
        stack = [(key, self._children(total, k), 0)]
        while stack:
            current, children, at = stack[-1]
            result: bool | None = None
            while at < len(children):
                value = self._value(children[at][2])
                if value is None:
                    break
                if value:
                    result = False
                    break
                at += 1
            else:
                result = True
            if result is None:
                stack[-1] = (current, children, at)
                child, child_k, child_key = children[at]
                stack.append((child_key, self._children(child, child_k), 0))
                continue
            memo[current] = result
            stack.pop()
        return memo[key]


def adjoin(
    monoid: Monoid,
    images: Sequence[int],
    closure: Closure,
    component: int,
    limits: Limits | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[Monoid, list[int]] | None:
    """The quotient of components ``0..component`` from ``(monoid, images)``, the proved quotient
    of ``0..component-1``; ``None`` if this method does not find it (see the module's docstring).

    A candidate past ``limits.max_order`` elements is refused: candidates can be larger than
    the quotient (Siegel reports one of 848 elements on the way to 0.07's 360), so the refusal
    says "a candidate".
    """
    limits = limits or Limits()
    options = closure.options[: component + 1]
    same = _conservative(monoid, images, options, limits, progress)
    if same is not None:
        return monoid, [*images, same]
    # a new element: the old quotient times a free ⟨h | h⁴ = h²⟩, then recalibrated
    ambient = Ambient(monoid, [(2, 2)])
    trial_images = [*images, ambient.generator(0)]
    trial = reduce(
        ambient,
        mark(ambient, trial_images, option_elements(ambient, trial_images, options)),
        trial_images,
    )
    for _ in range(limits.max_rounds):
        if trial[0].order > limits.max_order:
            raise LimitError(
                f"a candidate quotient has more than {limits.max_order:,} elements "
                "(raise --max-order)"
            )
        witness = check(
            trial[0], trial[1], _option_images(*trial, options), limits.max_signatures, progress
        )
        if witness is None:
            return canonical(*trial)
        recalibrated = _recalibrate(trial, witness, options, limits)
        if recalibrated is None:
            return None
        trial = recalibrated
    return None


def _option_images(
    monoid: Monoid, images: Sequence[int], options: Sequence[Sequence[Multiset]]
) -> list[list[int]]:
    return [
        sorted({monoid.multiply([images[c] for c in total]) for total in sums}) for sums in options
    ]


def _conservative(
    monoid: Monoid,
    images: Sequence[int],
    options: Sequence[Sequence[Multiset]],
    limits: Limits,
    progress: Callable[[int], None] | None,
) -> int | None:
    """An element of ``monoid`` the new component is (proved by the check), or ``None``.

    If the component is some element x, adding it splits no element, so the outcomes of
    :class:`PowerOutcomes` are true and x·z ∈ P exactly when z + h is a P-position: only the
    elements whose profile matches are checked (usually one)."""
    outcomes = PowerOutcomes(monoid, images, options[:-1], options[-1])
    with_h = outcomes.level(1)
    table = np.array(monoid.product, dtype=np.int64)
    in_p = np.zeros(monoid.order, dtype=bool)
    in_p[list(monoid.p_portion)] = True
    fits = np.flatnonzero((in_p[table] == with_h[None, :]).all(axis=1))
    old_options = _option_images(monoid, images, options[:-1])
    for x in fits:
        trial = [*images, int(x)]
        mine = sorted({monoid.multiply([trial[c] for c in total]) for total in options[-1]})
        if check(monoid, trial, [*old_options, mine], limits.max_signatures, progress) is None:
            return int(x)
    return None


def _true_outcome(
    monoid: Monoid, images: Sequence[int], options: Sequence[Sequence[Multiset]], witness: Multiset
) -> bool:
    """The outcome of the least failure: its options come before it, so the candidate is right
    on them (:func:`endnim.quotient.verify.check`), and it is P iff none of them is P."""
    from endnim.quotient.outcome import replace as swap

    if not witness:
        return False
    for position, c in enumerate(witness):
        for total in options[c]:
            child = swap(witness, position, total)
            if monoid.multiply([images[d] for d in child]) in monoid.p_portion:
                return False
    return True


def _recalibrate(
    trial: tuple[Monoid, list[int]],
    witness: Multiset,
    options: Sequence[Sequence[Multiset]],
    limits: Limits,
) -> tuple[Monoid, list[int]] | None:
    """A candidate right on the least failure ``witness`` (MisereSolver's recalibration): some
    components of the failure are set free — the candidate on the other components times a
    cyclic factor for each — with the fewest such components that work."""
    from itertools import combinations

    monoid, images = trial
    truth = _true_outcome(monoid, images, options, witness)
    involved = sorted(set(witness))
    for size in range(1, len(involved) + 1):
        for free in combinations(reversed(involved), size):
            base, base_images = _regenerate(
                monoid, [0 if c in free else i for c, i in enumerate(images)]
            )
            cyclic = []
            for c in free:
                index = max(_index(monoid, images[c]), witness.count(c) - 1)
                cyclic.append((index, max(2, 2 * ((index - 4) // 2))))
            ambient = Ambient(base, cyclic)
            if ambient.size > 50 * limits.max_order:
                continue
            new_images = [
                ambient.generator(free.index(c)) if c in free else base_images[c]
                for c in range(len(images))
            ]
            in_p = mark(ambient, new_images, option_elements(ambient, new_images, options))
            candidate = reduce(ambient, in_p, new_images)
            verdict = candidate[0].multiply([candidate[1][c] for c in witness])
            if (verdict in candidate[0].p_portion) == truth:
                return candidate
    return None


def _index(monoid: Monoid, x: int) -> int:
    """The index of x's powers: the least i with x^i = x^(i+p) for some p ≥ 1."""
    seen = {0: 0}
    power, k = 0, 0
    while True:
        power, k = monoid.product[power][x], k + 1
        if power in seen:
            return seen[power]
        seen[power] = k


def _regenerate(monoid: Monoid, images: Sequence[int]) -> tuple[Monoid, list[int]]:
    """The submonoid the images generate (elements renumbered), with the images in it."""
    number = {0: 0}
    walk = [0]
    for x in walk:
        for g in images:
            y = monoid.product[x][g]
            if y not in number:
                number[y] = len(walk)
                walk.append(y)
    product = [[number[monoid.product[x][y]] for y in walk] for x in walk]
    p_portion = frozenset(number[x] for x in walk if x in monoid.p_portion)
    return Monoid(product, p_portion), [number[g] for g in images]
