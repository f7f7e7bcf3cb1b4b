"""Closed forms from the papers, one module per paper, and a theory per variant.

>>> theory_for("endnim").outcome((3, 1, 3))[0]
'P'
"""

from __future__ import annotations

from endnim.theory.base import MoveRange, Reason, Theory

__all__ = ["MoveRange", "Reason", "Theory", "theory_for"]


def theory_for(variant_name: str) -> Theory:
    """The closed-form theory of a variant (by its canonical name)."""
    from endnim.theory.registry import THEORIES

    try:
        return THEORIES[variant_name]
    except KeyError:
        raise KeyError(f"no theory for variant {variant_name!r}") from None
