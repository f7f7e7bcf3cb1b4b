"""Closed forms from the papers, one module per paper, and a theory per variant.

>>> theory_for("endnim").outcome((3, 1, 3))[0]
'P'
>>> outcomes([[3, 1, 3], [3, 1, 4]], "endnim").tolist()
['P', 'N']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endnim.theory.base import MoveRange, Reason, Theory
from endnim.theory.lookup import theory_for

if TYPE_CHECKING:
    from endnim.theory.arrays import Outcomes

__all__ = ["MoveRange", "Reason", "Theory", "outcomes", "theory_for"]


def outcomes(rows: object, variant: object = "endnim") -> Outcomes:
    """The outcome of every row of a 2-D integer array (see :func:`endnim.theory.arrays.outcomes`;
    imported on first use, so loading the theories does not load numpy)."""
    from endnim.theory.arrays import outcomes as array_outcomes

    return array_outcomes(rows, variant)
