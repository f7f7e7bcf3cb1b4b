"""The exceptions endnim raises for bad input, each with a one-line message.

>>> str(pile_error(2, 0))
'pile 2 is 0: piles must be positive whole numbers'
"""

from __future__ import annotations


class EndNimError(ValueError):
    """Base class: a user-facing problem whose message is one line, fit to print as it is."""


class PositionError(EndNimError):
    """A position could not be parsed or is not a row of positive integers."""


PILE_RULE = "piles must be positive whole numbers"
"""The one wording of a bad pile, wherever a row is read (text, Python, arrays, the page)."""


def pile_error(index: int | str, pile: object) -> PositionError:
    """The error for pile ``index`` (1-based) being ``pile``: one wording everywhere.

    >>> str(pile_error(1, 2.5))
    'pile 1 is 2.5: piles must be positive whole numbers'
    """
    return PositionError(f"pile {index} is {pile}: {PILE_RULE}")


class MoveError(EndNimError):
    """A move could not be parsed or is not legal in the position."""


class VariantError(EndNimError):
    """An unknown variant name or an option the variant does not support. Its message speaks of
    rule sets and methods, never of a command's flags: ``cli_hint`` holds what the command line
    adds (:func:`cli_text`).

    >>> error = VariantError("unknown variant 'x'", cli_hint="--rules FILE.py:Class loads yours")
    >>> str(error), cli_text(error)
    ("unknown variant 'x'", "unknown variant 'x' (--rules FILE.py:Class loads yours)")
    """

    def __init__(self, message: str, *, cli_hint: str | None = None) -> None:
        super().__init__(message)
        self.cli_hint = cli_hint


def cli_text(error: BaseException) -> str:
    """An error's message as the command line prints it: with its flag hint, if it has one."""
    hint = getattr(error, "cli_hint", None)
    return f"{error} ({hint})" if hint else str(error)


class RuleSetError(VariantError):
    """A user's rule set (``--rules FILE.py:Class``) failed: a hook raised, returned a value of
    the wrong kind, or did not return in time. The message names the rule set and the hook."""


class BudgetError(EndNimError):
    """Exact search would visit more states than the budget allows.

    Carries the estimate so that callers can show it or raise the budget.
    """

    def __init__(self, message: str, *, states: int, bytes_needed: int, budget: int) -> None:
        super().__init__(message)
        self.states = states
        self.bytes_needed = bytes_needed
        self.budget = budget

    def retold(self, message: str) -> BudgetError:
        """The same refusal (its estimate and budget) told as ``message``: what a search that
        was tried anyway says when it stops.

        >>> BudgetError("too big", states=9, bytes_needed=1, budget=2).retold("tried").states
        9
        """
        return BudgetError(
            message, states=self.states, bytes_needed=self.bytes_needed, budget=self.budget
        )

    def __reduce__(self) -> tuple[object, ...]:
        """Pickles whole (a worker process hands it back to the web server).

        >>> import pickle
        >>> error = BudgetError("too big", states=9, bytes_needed=1, budget=2)
        >>> pickle.loads(pickle.dumps(error)).states
        9
        """
        return (_budget_error, (str(self), self.states, self.bytes_needed, self.budget))


def _budget_error(message: str, states: int, bytes_needed: int, budget: int) -> BudgetError:
    return BudgetError(message, states=states, bytes_needed=bytes_needed, budget=budget)
