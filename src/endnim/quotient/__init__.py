"""Misère quotients (Plambeck–Siegel) of a closure of positions of one impartial rule set.

One concept per module: :mod:`.closure` (the components and their options), :mod:`.outcome`
(the misère outcome of a sum by exact search), :mod:`.monoid` (a finite commutative monoid with
its P-portion and presentation), :mod:`.verify` (the proof that a candidate quotient is right),
:mod:`.extension` (adding a component MisereSolver's way, outcomes from the quotients),
:mod:`.ambient` (its candidates: a monoid times free cyclic factors), :mod:`.solver` (the
construction, with the exact search as the fallback) and :mod:`.state` (the resumable state).

>>> from endnim.quotient import misere_quotient
>>> from endnim.quotient.closure import nim_closure
>>> quotient = misere_quotient(nim_closure(3))
>>> quotient.order, quotient.presentation()
(6, '⟨a, b | a² = 1, b³ = b⟩')
"""

from endnim.quotient.solver import QuotientResult, misere_quotient

__all__ = ["QuotientResult", "misere_quotient"]
