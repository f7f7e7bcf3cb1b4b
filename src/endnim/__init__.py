"""endnim: solve, explain, explore and play End-Nim and its relatives."""

from endnim.analysis.values import Value
from endnim.analysis.values import evaluate as value
from endnim.analyzer import Analysis, analyze
from endnim.errors import BudgetError, EndNimError, MoveError, PositionError, VariantError
from endnim.moves import Move
from endnim.outcome import Outcome
from endnim.position import Position, parse_position
from endnim.ruleset import RuleSet
from endnim.variants import Variant, all_variants, get_variant, load_rules, register_variant

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
