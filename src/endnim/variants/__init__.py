"""The rule sets, looked up by name: the papers' five (plus misère in Conway's convention),
then any registered from packages, Python or a file (:mod:`endnim.variants.registry`).

>>> get_variant("misère").name
'misere'
>>> [v.name for v in all_variants()][:6]
['endnim', 'misere', 'misere-conway', 'loop', 'muller', 'partizan']
>>> [v.name for v in all_variants() if v.family != "row"]
['tree', 'depot', 'depot-partizan']
"""

from __future__ import annotations

from endnim.ruleset import RuleSet
from endnim.variants.base import Piles, RawOption, Variant
from endnim.variants.endnim import EndNim
from endnim.variants.loop import LoopEndNim
from endnim.variants.misere import MisereConwayEndNim, MisereEndNim
from endnim.variants.muller import MullerEndNim
from endnim.variants.partizan import PartizanEndNim
from endnim.variants.registry import (
    accepted_names,
    all_variants,
    get_row_variant,
    get_variant,
    load_rules,
    loaded_rules_specs,
    register_variant,
    unregister_variant,
    variant_names,
)

__all__ = [
    "EndNim",
    "LoopEndNim",
    "MisereConwayEndNim",
    "MisereEndNim",
    "MullerEndNim",
    "PartizanEndNim",
    "Piles",
    "RawOption",
    "RuleSet",
    "Variant",
    "accepted_names",
    "all_variants",
    "get_row_variant",
    "get_variant",
    "load_rules",
    "loaded_rules_specs",
    "register_variant",
    "unregister_variant",
    "variant_names",
]

BUILT_IN: tuple[type[Variant], ...] = (
    EndNim,
    MisereEndNim,
    MisereConwayEndNim,
    LoopEndNim,
    MullerEndNim,
    PartizanEndNim,
)
"""The papers' rule sets, registered on import (users' own come from the registry too)."""

for _cls in BUILT_IN:
    register_variant(_cls)

from endnim.graphs import GRAPH_RULE_SETS  # noqa: E402  (graphs import the row machinery)

for _graph_cls in GRAPH_RULE_SETS:
    register_variant(_graph_cls)
