"""The misère quotient of a closure: candidate quotients refined by counterexamples.

The components are added one at a time (options first). Each is first adjoined MisereSolver's
way, with outcomes read from the quotients themselves (:mod:`endnim.quotient.extension`); what
follows is the general way, used for a component that does not settle there.

For the first n components a candidate quotient is built from a finite list of *test* sums:
starting from the empty sum, a sum S + c (S an element's representative, c a component) is a
known element when it has the same outcomes as that element's representative against every test
(o(S + c + T) for T in the tests), else a new element. This is the relation x ~ y iff o(x + z) =
o(y + z) for all z (Siegel's candidate quotients), restricted to the tests. The candidate is
then proved or refuted by :func:`endnim.quotient.verify.check` (and by commutativity of its
moves); a refutation gives a sum on which it errs, from which a new test is drawn that splits an
element (Rivest–Schapire's counterexample analysis), and the candidate is rebuilt. Once proved
it is the quotient: its elements are told apart by the tests, so it is reduced. Outcomes come
from the exact search of sums (:mod:`endnim.quotient.outcome`); sums of earlier components only
are answered by the quotient proved at the previous step.

>>> from endnim.quotient.closure import nim_closure
>>> result = misere_quotient(nim_closure(1))
>>> result.order, result.names(), result.p_names()
(2, ['1', 'a'], ['a'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from endnim.errors import EndNimError
from endnim.quotient.closure import Closure, Multiset
from endnim.quotient.limits import LimitError, Limits
from endnim.quotient.monoid import Monoid, canonical, isomorphic
from endnim.quotient.outcome import SumSearch
from endnim.quotient.verify import check

Progress = Callable[[int, int, int, int], None]
"""progress(components done, components, order so far, tests so far)."""


@dataclass
class QuotientResult:
    """A misère quotient: the monoid, each component's image, the closure it is of."""

    closure: Closure
    monoid: Monoid
    images: list[int]
    tests: list[Multiset] = field(default_factory=list)

    @property
    def order(self) -> int:
        """The number of elements."""
        return self.monoid.order

    def element(self, total: Multiset) -> int:
        """The element of a sum of components."""
        return self.monoid.multiply([self.images[c] for c in total])

    def element_of(self, position: Any) -> int:
        """The element of a position of the closure."""
        return self.element(self.closure.sum_of(position))

    def representative(self, x: int) -> Multiset:
        """A sum of components whose element is ``x`` (its normal form's word)."""
        presentation = self.monoid.presentation(self.images)
        parts: list[int] = []
        for generator, exponent in zip(
            presentation.generators, presentation.normal_forms[x], strict=True
        ):
            parts.extend([self.images.index(generator)] * exponent)
        return tuple(sorted(parts))

    def is_p(self, total: Multiset) -> bool:
        """The misère outcome of a sum, read from the quotient (P: the mover loses)."""
        return self.element(total) in self.monoid.p_portion

    def presentation(self) -> str:
        """Generators and relations, e.g. ``⟨a, b | a² = 1, b³ = b⟩``."""
        return self.monoid.presentation(self.images).text()

    def names(self) -> list[str]:
        """Every element's name (its normal form)."""
        return self.monoid.presentation(self.images).names()

    def p_names(self) -> list[str]:
        """The P-portion's names."""
        names = self.names()
        return [names[x] for x in sorted(self.monoid.p_portion, key=names.__getitem__)]

    def generator_components(self) -> list[str]:
        """For each generator, the first component (its notation) that maps to it."""
        generators = self.monoid.presentation(self.images).generators
        return [self.closure.name(self.images.index(g)) for g in generators]

    def tame(self) -> bool:
        """Whether the quotient is misère Nim's on heaps < 2^k for some k (orders 1, 2, 6, 10,
        18, 34, …: 2^k + 2 from k = 2), P-portion and all."""
        if self.order == 1:
            return True
        sizes = {2: 1, **{2**k + 2: k for k in range(2, 12)}}  # order -> bits of the heaps
        if self.order not in sizes:
            return False
        from endnim.quotient.monoid import tame_monoid

        return isomorphic(self.monoid, tame_monoid(sizes[self.order]), self.images)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``endnim quotient --json``."""
        names = self.names()
        return {
            "order": self.order,
            "presentation": self.presentation(),
            "generators": self.generator_components(),
            "elements": names,
            "identity": 0,
            "product": self.monoid.product,
            "p_portion": sorted(self.monoid.p_portion),
            "p_names": self.p_names(),
            "tame": self.tame(),
            "components": self.closure.size,
            "element_of": {
                text: self.element(total) for text, total in self.closure.positions.items()
            },
        }


def merge(first: Multiset, second: Sequence[int]) -> Multiset:
    """The sum of two sums (sorted indices)."""
    return tuple(sorted(first + tuple(second))) if second else first


class _Builder:
    """One candidate at a time for the first ``active`` components."""

    def __init__(self, closure: Closure, limits: Limits) -> None:
        self.closure = closure
        self.limits = limits
        self.proved: Monoid | None = None
        self.proved_images: list[int] = []
        self.proved_upto = 0
        self.shortcut: tuple[Monoid, list[int], Multiset] | None = None
        self.search = SumSearch(closure.options, self._known, limits.max_search)

    def _known(self, total: Multiset) -> bool | None:
        """An outcome that needs no search: from the quotient proved for earlier components,
        or from a refuted candidate on a sum before its least failure (see
        :func:`endnim.quotient.verify.check`)."""
        if self.proved is not None and total[-1] < self.proved_upto:
            found = self.proved.multiply([self.proved_images[c] for c in total])
            return found in self.proved.p_portion
        if self.shortcut is not None:
            monoid, images, bound = self.shortcut
            if total[::-1] < bound:
                return monoid.multiply([images[c] for c in total]) in monoid.p_portion
        return None

    def fingerprint(self, total: Multiset, tests: Sequence[Multiset]) -> int:
        bits = 0
        is_p = self.search.is_p
        for i, test in enumerate(tests):
            if is_p(merge(total, test)):
                bits |= 1 << i
        return bits

    def candidate(
        self, active: int, tests: Sequence[Multiset]
    ) -> tuple[list[Multiset], list[list[int]], list[int]]:
        """Representatives, moves (element × component → element) and fingerprints."""
        reps: list[Multiset] = [()]
        prints = [self.fingerprint((), tests)]
        index = {prints[0]: 0}
        moves: list[list[int]] = []
        at = 0
        while at < len(reps):
            row = []
            for component in range(active):
                total = merge(reps[at], (component,))
                bits = self.fingerprint(total, tests)
                found = index.get(bits)
                if found is None:
                    found = len(reps)
                    if found >= self.limits.max_order:
                        raise LimitError(
                            f"the quotient has more than {self.limits.max_order:,} elements "
                            "(raise --max-order)"
                        )
                    index[bits] = found
                    reps.append(total)
                    prints.append(bits)
                row.append(found)
            moves.append(row)
            at += 1
        return reps, moves, prints

    def run(self, moves: list[list[int]], word: Sequence[int], start: int = 0) -> int:
        state = start
        for component in word:
            state = moves[state][component]
        return state

    def split(
        self,
        word: Sequence[int],
        reps: list[Multiset],
        moves: list[list[int]],
        tests: list[Multiset],
    ) -> Multiset:
        """A new test from a word the candidate gets wrong (Rivest–Schapire)."""
        states = [0]
        for component in word:
            states.append(moves[states[-1]][component])
        values = [self.search.is_p(merge(reps[s], word[i:])) for i, s in enumerate(states)]
        for i in range(len(word)):
            if values[i] != values[i + 1]:
                test = tuple(sorted(word[i + 1 :]))
                if test in tests:
                    raise EndNimError(f"internal error: the test {test} is already used")
                return test
        raise EndNimError("internal error: the counterexample does not split an element")

    def wrong(self, word: Sequence[int], moves: list[list[int]], prints: list[int]) -> bool:
        return bool(prints[self.run(moves, word)] & 1) != self.search.is_p(tuple(sorted(word)))

    def prove(
        self, active: int, tests: list[Multiset], progress: Callable[[int], None] | None = None
    ) -> tuple[Monoid, list[int]]:
        """The quotient of the first ``active`` components (``tests`` grows as needed)."""
        known = self._same_as_before(active, progress)
        if known is not None:
            return known
        for _ in range(self.limits.max_rounds):
            reps, moves, prints = self.candidate(active, tests)
            order = len(reps)
            counterexample = self._commutes(reps, moves, prints, tests, active)
            if counterexample is None:
                product = [
                    [self.run(moves, reps[y], x) for y in range(order)] for x in range(order)
                ]
                monoid = Monoid(product, frozenset(x for x in range(order) if prints[x] & 1))
                images = [moves[0][c] for c in range(active)]
                option_images = [
                    sorted({self.run(moves, option) for option in self.closure.options[c]})
                    for c in range(active)
                ]
                witness = check(monoid, images, option_images, self.limits.max_signatures, progress)
                if witness is None:
                    self.shortcut = None
                    return monoid, images
                # the candidate is right on every sum before the least failure
                if self.shortcut is None or witness[::-1] > self.shortcut[2]:
                    self.shortcut = (monoid, images, witness[::-1])
                counterexample = list(witness)
                if not self.wrong(counterexample, moves, prints):
                    raise EndNimError("internal error: the check failed on a sum it gets right")
            tests.append(self.split(counterexample, reps, moves, tests))
        raise LimitError(f"no quotient after {self.limits.max_rounds:,} candidates")

    def _same_as_before(
        self, active: int, progress: Callable[[int], None] | None
    ) -> tuple[Monoid, list[int]] | None:
        """The quotient proved for one component less, if the new component is one of its
        elements (tried in turn, each proved or refuted by the check): often the case, and then
        no sum needs searching."""
        if self.proved is None or self.proved_upto != active - 1:
            return None
        monoid, images = self.proved, self.proved_images
        option_images = [
            sorted({monoid.multiply([images[c] for c in option]) for option in options})
            for options in self.closure.options[:active]
        ]
        alone_p = not any(o in monoid.p_portion for o in option_images[-1])
        for element in range(monoid.order):
            if (element in monoid.p_portion) != alone_p:
                continue
            trial = [*images, element]
            if check(monoid, trial, option_images, self.limits.max_signatures, progress) is None:
                return monoid, trial
        return None

    def _commutes(
        self,
        reps: list[Multiset],
        moves: list[list[int]],
        prints: list[int],
        tests: list[Multiset],
        active: int,
    ) -> list[int] | None:
        """``None`` if the moves commute, else a word the candidate gets wrong."""
        for x, row in enumerate(moves):
            for a in range(active):
                after_a = moves[row[a]]
                for b in range(a + 1, active):
                    s, t = after_a[b], moves[row[b]][a]
                    if s == t:
                        continue
                    differ = prints[s] ^ prints[t]
                    test = tests[(differ & -differ).bit_length() - 1]
                    for word in (
                        list(reps[x]) + [a, b] + list(test),
                        list(reps[x]) + [b, a] + list(test),
                        list(reps[s]) + list(test),
                        list(reps[t]) + list(test),
                    ):
                        if self.wrong(word, moves, prints):
                            return word
                    raise EndNimError("internal error: non-commuting moves without a witness")
        return None


def misere_quotient(
    closure: Closure,
    limits: Limits | None = None,
    progress: Progress | None = None,
    tests: list[Multiset] | None = None,
    start: int = 0,
    saved: Callable[[int, list[Multiset], Monoid, list[int]], None] | None = None,
    resume: tuple[Monoid, list[int]] | None = None,
    method: str = "auto",
) -> QuotientResult:
    """The misère quotient of ``closure`` (see the module's docstring).

    Each component is first adjoined from the quotient proved so far with outcomes read from it
    (:func:`endnim.quotient.extension.adjoin`, MisereSolver's way); where that does not find it,
    the candidates refined by the exact search of sums of this module take over (``method``:
    ``"auto"`` does so, ``"extension"`` or ``"search"`` uses one way only).

    ``tests``/``start`` resume a run (the tests known and the components already done), with
    ``resume`` the quotient proved for those components (checked again before use, else
    rebuilt from the tests); ``saved(done, tests, monoid, images)`` is called after each
    component is proved.
    """
    from endnim.quotient.extension import adjoin

    if method not in ("auto", "extension", "search"):
        raise EndNimError(f"unknown method {method!r}: auto, extension or search")
    limits = limits or Limits()
    builder = _Builder(closure, limits)
    tests = list(tests) if tests else [()]
    if tests[0] != ():
        raise EndNimError("the first test must be the empty sum")
    monoid, images = Monoid([[0]], frozenset()), list[int]()
    if not 0 <= start <= closure.size:
        raise EndNimError(f"cannot resume at component {start} of {closure.size}")
    if start:
        if resume is not None and _proves(resume[0], resume[1], closure, start, limits):
            monoid, images = resume
        elif method == "extension":
            raise EndNimError("the saved quotient fails its check (delete the saved state)")
        else:
            monoid, images = builder.prove(start, tests)
        builder.proved, builder.proved_images, builder.proved_upto = monoid, images, start
    for active in range(start + 1, closure.size + 1):
        if progress is not None:
            progress(active - 1, closure.size, monoid.order, len(tests))
        try:
            found = (
                adjoin(monoid, images, closure, active - 1, limits) if method != "search" else None
            )
            if found is None and method == "extension":
                raise LimitError(
                    "the quotient's own outcomes do not give a proved candidate "
                    "(use the exact search of sums)"
                )
            monoid, images = found if found is not None else builder.prove(active, tests)
        except LimitError as error:
            raise LimitError(
                f"{error}; stopped at component {active} of {closure.size} "
                f"({closure.name(active - 1)}), {active - 1} proved with a quotient of order "
                f"{monoid.order}"
            ) from None
        builder.proved, builder.proved_images, builder.proved_upto = monoid, images, active
        if saved is not None:
            saved(active, tests, monoid, images)
    if progress is not None:
        progress(closure.size, closure.size, monoid.order, len(tests))
    if closure.size:
        monoid, images = canonical(monoid, images)
    return QuotientResult(closure, monoid, images, tests)


def _proves(
    monoid: Monoid, images: list[int], closure: Closure, count: int, limits: Limits
) -> bool:
    """Whether a saved quotient of the first ``count`` components passes the check."""
    if len(images) != count or any(not 0 <= i < monoid.order for i in images):
        return False
    option_images = [
        sorted({monoid.multiply([images[c] for c in option]) for option in options})
        for options in closure.options[:count]
    ]
    table = np.array(monoid.product, dtype=np.int64)
    identity = np.arange(monoid.order)
    lawful = (
        bool((table[0] == identity).all())
        and bool((table == table.T).all())
        and all(bool((table[table[x]] == table[x][table]).all()) for x in range(monoid.order))
    )  # identity, commutative, associative: (x·y)·z = x·(y·z)
    return (
        lawful
        and monoid.reduced()
        and check(monoid, images, option_images, limits.max_signatures) is None
    )
