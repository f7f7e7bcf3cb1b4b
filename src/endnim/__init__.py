"""endnim: solve, explain, explore and play End-Nim and its relatives."""

from endnim.analyzer import Analysis, analyze
from endnim.errors import BudgetError, EndNimError, MoveError, PositionError, VariantError
from endnim.moves import Move
from endnim.position import Position, parse_position
from endnim.variants import all_variants, get_variant

__all__ = [
    "Analysis",
    "BudgetError",
    "EndNimError",
    "Move",
    "MoveError",
    "Position",
    "PositionError",
    "VariantError",
    "all_variants",
    "analyze",
    "get_variant",
    "parse_position",
]
__version__ = "0.1.0"
