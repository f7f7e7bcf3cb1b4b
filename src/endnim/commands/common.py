"""Options and helpers shared by the commands."""

from __future__ import annotations

from endnim.errors import EndNimError

VARIANT_CHOICES = ("endnim", "misere", "loop", "muller", "partizan")
CONVENTIONS = ("cairns-ho", "conway")


def variant_name(variant: str, convention: str = "cairns-ho") -> str:
    """The rule set's name for ``--variant`` and ``--convention`` (misère Grundy convention).

    >>> variant_name("misere", "conway")
    'misere-conway'
    """
    if convention == "conway":
        if variant != "misere":
            raise EndNimError("--convention conway applies to --variant misere only")
        return "misere-conway"
    return variant
