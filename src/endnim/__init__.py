"""endnim: solve, explain, explore and play End-Nim and its relatives.

The names below are loaded on first use (PEP 562), so that ``import endnim.cli`` costs a
command line that runs elsewhere (a user's rule set, in its supervised worker) almost nothing:
its worker starts before this process would have finished importing the analysis (issue 39
item 7).

>>> import endnim
>>> endnim.analyze("3 1 3").outcome
'P'
"""

from typing import TYPE_CHECKING, Any

# first: numpy's BLAS threads and its load under a memory limit (before anything loads numpy)
import endnim.numpy_memory  # noqa: F401  (plain imports sort first: it runs before the rest)

if TYPE_CHECKING:
    from endnim.analysis.values import Value
    from endnim.analysis.values import evaluate as value
    from endnim.analyzer import Analysis, analyze
    from endnim.errors import BudgetError, EndNimError, MoveError, PositionError, VariantError
    from endnim.moves import Move
    from endnim.outcome import Outcome
    from endnim.position import Position, parse_position
    from endnim.ruleset import RuleSet
    from endnim.variants import Variant, all_variants, get_variant, load_rules, register_variant

_WHERE = {
    "Analysis": ("endnim.analyzer", "Analysis"),
    "BudgetError": ("endnim.errors", "BudgetError"),
    "EndNimError": ("endnim.errors", "EndNimError"),
    "Move": ("endnim.moves", "Move"),
    "MoveError": ("endnim.errors", "MoveError"),
    "Outcome": ("endnim.outcome", "Outcome"),
    "Position": ("endnim.position", "Position"),
    "PositionError": ("endnim.errors", "PositionError"),
    "RuleSet": ("endnim.ruleset", "RuleSet"),
    "Value": ("endnim.analysis.values", "Value"),
    "Variant": ("endnim.variants", "Variant"),
    "VariantError": ("endnim.errors", "VariantError"),
    "all_variants": ("endnim.variants", "all_variants"),
    "analyze": ("endnim.analyzer", "analyze"),
    "get_variant": ("endnim.variants", "get_variant"),
    "load_rules": ("endnim.variants", "load_rules"),
    "parse_position": ("endnim.position", "parse_position"),
    "register_variant": ("endnim.variants", "register_variant"),
    "value": ("endnim.analysis.values", "evaluate"),
}

__all__ = [
    "Analysis",
    "BudgetError",
    "EndNimError",
    "Move",
    "MoveError",
    "Outcome",
    "Position",
    "PositionError",
    "RuleSet",
    "Value",
    "Variant",
    "VariantError",
    "all_variants",
    "analyze",
    "get_variant",
    "load_rules",
    "parse_position",
    "register_variant",
    "value",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """A public name, imported on first use."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'endnim' has no attribute {name!r}")
    import importlib

    found = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
