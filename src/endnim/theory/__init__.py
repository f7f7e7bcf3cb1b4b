"""Closed forms from the papers, one module per paper, and a theory per variant.

>>> theory_for("endnim").outcome((3, 1, 3))[0]
'P'
>>> outcomes([[3, 1, 3], [3, 1, 4]], "endnim").tolist()
['P', 'N']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endnim.theory.base import MoveRange, Reason, Theory

if TYPE_CHECKING:
    from endnim.theory.arrays import Outcomes

__all__ = ["MoveRange", "Reason", "Theory", "outcomes", "theory_for"]


def theory_for(variant: object) -> Theory:
    """The closed-form theory of a rule set (by name or instance): its ``theory()`` hook.

    A rule set without a theory is a one-line :class:`VariantError`.
    """
    from endnim.errors import VariantError
    from endnim.variants import get_variant

    rules = get_variant(variant)  # type: ignore[arg-type]
    theory: Theory | None = rules.theory()
    if theory is None:
        raise VariantError(
            f"{rules.title} has no closed-form theory: use --method search (or engine)"
        )
    return theory


def outcomes(rows: object, variant: object = "endnim") -> Outcomes:
    """The outcome of every row of a 2-D integer array (see :func:`endnim.theory.arrays.outcomes`;
    imported on first use, so loading the theories does not load numpy)."""
    from endnim.theory.arrays import outcomes as array_outcomes

    return array_outcomes(rows, variant)
