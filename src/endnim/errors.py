"""The exceptions endnim raises for bad input, each with a one-line message.

>>> str(PositionError("pile 2 is 0: piles must be positive integers"))
'pile 2 is 0: piles must be positive integers'
"""

from __future__ import annotations


class EndNimError(ValueError):
    """Base class: a user-facing problem whose message is one line, fit to print as it is."""


class PositionError(EndNimError):
    """A position could not be parsed or is not a row of positive integers."""


class MoveError(EndNimError):
    """A move could not be parsed or is not legal in the position."""


class VariantError(EndNimError):
    """An unknown variant name or an option the variant does not support."""


class BudgetError(EndNimError):
    """Exact search would visit more states than the budget allows.

    Carries the estimate so that callers can show it or raise the budget.
    """

    def __init__(self, message: str, *, states: int, bytes_needed: int, budget: int) -> None:
        super().__init__(message)
        self.states = states
        self.bytes_needed = bytes_needed
        self.budget = budget
