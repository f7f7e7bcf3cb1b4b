"""Combinatorial game values: an in-house engine for short partizan games, and End-Nim's.

Canonical forms are hash-consed (each distinct form interned once, so identity is equality)
and every comparison is memoised; see :mod:`endnim.cgt.game`. The modules, one concept each:

* :mod:`~endnim.cgt.game` — the value type, the intern table, numbers, nimbers, ups;
* :mod:`~endnim.cgt.canonical` — canonical simplification (dominated, reversible options);
* :mod:`~endnim.cgt.order` — ``<=``, compare (=, >, <, ‖), outcome class;
* :mod:`~endnim.cgt.arithmetic` — negation and disjunctive sums;
* :mod:`~endnim.cgt.notation` — Unicode, CGSuite ASCII and LaTeX printing, and a parser;
* :mod:`~endnim.cgt.stops`, :mod:`~endnim.cgt.atomic` — stops, all-small games, atomic weight;
* :mod:`~endnim.cgt.thermograph`, :mod:`~endnim.cgt.cooling`, :mod:`~endnim.cgt.reduced`,
  :mod:`~endnim.cgt.drawing` — thermographs (mean, temperature), cooling, reduced canonical
  forms, thermographs drawn;
* :mod:`~endnim.cgt.positions` — partizan End-Nim positions and sums (Albert–Nowakowski §3).

>>> from endnim.cgt import parse, position_value, atomic_weight, outcome
>>> up = parse("^")
>>> str(up + up), str(parse("{0|^}")), str(parse("^") + parse("v")), str(parse("*") + parse("*"))
('⇑', '⇑*', '0', '0')
>>> g = position_value("3 1 2")
>>> str(g), to_ascii(g), outcome(g), str(atomic_weight(g))
('{0|↑*2,⇑*3}', '{0|^*2,^^*3}', 'L', '2')
"""

from __future__ import annotations

from endnim.cgt.arithmetic import add, multiple, negate, subtract, sum_of
from endnim.cgt.atomic import NotAllSmallError, atomic_weight, far_star, is_all_small
from endnim.cgt.canonical import game
from endnim.cgt.cooling import cool
from endnim.cgt.game import DOWN, STAR, UP, ZERO, Game, game_count, integer, nimber, number, nus
from endnim.cgt.notation import (
    GameSyntaxError,
    ValueTooLongError,
    parse,
    printed_length,
    to_ascii,
    to_latex,
    to_unicode,
)
from endnim.cgt.order import Relation, compare, confused, equal, geq, leq, outcome
from endnim.cgt.positions import DEFAULT_BUDGET, estimate_work, position_value, sum_value
from endnim.cgt.reduced import reduced
from endnim.cgt.stops import left_stop, right_stop
from endnim.cgt.thermograph import Thermograph, mean, temperature, thermograph

__all__ = [
    "DEFAULT_BUDGET",
    "DOWN",
    "STAR",
    "UP",
    "ZERO",
    "Game",
    "GameSyntaxError",
    "NotAllSmallError",
    "Relation",
    "Thermograph",
    "ValueTooLongError",
    "add",
    "atomic_weight",
    "compare",
    "confused",
    "cool",
    "equal",
    "estimate_work",
    "far_star",
    "game",
    "game_count",
    "geq",
    "integer",
    "is_all_small",
    "left_stop",
    "leq",
    "mean",
    "multiple",
    "negate",
    "nimber",
    "number",
    "nus",
    "outcome",
    "parse",
    "position_value",
    "printed_length",
    "reduced",
    "right_stop",
    "subtract",
    "sum_of",
    "sum_value",
    "temperature",
    "thermograph",
    "to_ascii",
    "to_latex",
    "to_unicode",
]
