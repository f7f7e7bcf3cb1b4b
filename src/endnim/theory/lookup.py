"""The closed-form theory of a rule set named by the caller (its ``theory()`` hook).

>>> theory_for("muller").variant_name
'muller'
"""

from __future__ import annotations

from endnim.theory.base import Theory


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
            f"{rules.title} has no closed-form theory: use the method search (or engine)",
            cli_hint="--method search",
        )
    return theory
