"""The bounds a quotient computation refuses to pass, and the refusal itself.

>>> Limits().max_order
2000
>>> str(LimitError("the quotient has more than 5 elements"))
'the quotient has more than 5 elements'
"""

from __future__ import annotations

from dataclasses import dataclass

from endnim.errors import EndNimError


class LimitError(EndNimError):
    """A bound was hit: one line saying which bound and the size reached (exit status 2)."""


@dataclass
class Limits:
    """Each bound gives a clear one-line refusal when passed."""

    max_order: int = 2_000
    """Elements of a candidate quotient."""
    max_search: int = 5_000_000
    """Sums kept by the exact search of outcomes."""
    max_signatures: int = 2_000_000
    """Signatures walked by the proof (:mod:`endnim.quotient.verify`)."""
    max_rounds: int = 10_000
    """Candidates tried for one component."""
