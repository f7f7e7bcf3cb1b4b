"""Which sums ``A + B + ...`` the server answers at once: admitted by their estimated cost, not
by their shape (issue 33, defect 11).

A sum's work is bounded by the exact search of the whole sum, whose states are at most the
product of its summands' states (a position of the sum picks one state of each summand); when
that product is within the light lane's work, the sum is as light as a small single position
and never waits behind the worker pool's searches.

>>> from endnim.variants import get_variant
>>> is_light_sum("3 1 + 2 2", get_variant("endnim"))
True
>>> is_light_sum("300 300 + 300 300 300", get_variant("endnim"))
False
"""

from __future__ import annotations

from endnim.errors import EndNimError
from endnim.ruleset import RuleSet
from endnim.variants import Variant
from endnim.web.budgets import LIGHT_WORK, web_position

MAX_LIGHT_SUM_TEXT = 200
"""Longer sum texts (and any with ``^``, which repeats piles) are left to the worker pool:
their cost is not estimated in the server."""


def is_light_sum(text: str, rules: RuleSet[object, object]) -> bool:
    """Whether the sum ``text`` of ``rules`` (a row rule set) is light: the option visits of
    an exact search of the sum (its summands' states multiplied, times a state's options, the
    sum of theirs) are at most ``LIGHT_WORK``.

    >>> from endnim.variants import get_variant
    >>> misere, endnim = get_variant("misere"), get_variant("endnim")
    >>> is_light_sum("3 1 + 2", misere), is_light_sum("3^3 + 2", endnim)
    (True, False)
    """
    if not isinstance(rules, Variant) or len(text) > MAX_LIGHT_SUM_TEXT or "^" in text:
        return False
    states = 1
    options = 0  # a state of the sum has the options of each of its summands' states
    for part in text.split("+"):
        try:
            piles = web_position(part)
        except EndNimError:
            return False  # the worker's answer says what is wrong with it
        part_states = max(1, rules.estimate_states(piles))
        states *= part_states
        options += -(-rules.estimate_work(piles) // part_states)
        if states * max(1, options) > LIGHT_WORK:
            return False
    return True
