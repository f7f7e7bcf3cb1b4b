"""The five rule sets (plus misère in Conway's convention), looked up by name.

>>> get_variant("misère").name
'misere'
>>> [v.name for v in all_variants()]
['endnim', 'misere', 'misere-conway', 'loop', 'muller', 'partizan']
"""

from __future__ import annotations

from endnim.errors import VariantError
from endnim.variants.base import Piles, RawOption, Variant
from endnim.variants.endnim import EndNim
from endnim.variants.loop import LoopEndNim
from endnim.variants.misere import MisereConwayEndNim, MisereEndNim
from endnim.variants.muller import MullerEndNim
from endnim.variants.partizan import PartizanEndNim

__all__ = [
    "EndNim",
    "LoopEndNim",
    "MisereConwayEndNim",
    "MisereEndNim",
    "MullerEndNim",
    "PartizanEndNim",
    "Piles",
    "RawOption",
    "Variant",
    "all_variants",
    "get_variant",
]

_VARIANTS: tuple[Variant, ...] = (
    EndNim(),
    MisereEndNim(),
    MisereConwayEndNim(),
    LoopEndNim(),
    MullerEndNim(),
    PartizanEndNim(),
)
_BY_NAME: dict[str, Variant] = {}
for _variant in _VARIANTS:
    for _key in (_variant.name, *_variant.aliases):
        _BY_NAME[_key] = _variant

VARIANT_NAMES: tuple[str, ...] = tuple(v.name for v in _VARIANTS)


def get_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` (its name or an alias, any case)."""
    if isinstance(name, Variant):
        return name
    variant = _BY_NAME.get(str(name).strip().lower())
    if variant is None:
        raise VariantError(f"unknown variant {name!r}: choose one of {', '.join(VARIANT_NAMES)}")
    return variant


def all_variants() -> tuple[Variant, ...]:
    """Every rule set, in a fixed order."""
    return _VARIANTS
