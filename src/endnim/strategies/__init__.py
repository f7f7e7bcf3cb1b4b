"""The ways endnim knows something about a position: one module per strategy, one small
interface, and the one result type they fill (:mod:`endnim.strategies.result`).

============  ==============================  ===============================================
strategy      module                          answers (for which rule sets, at what cost)
============  ==============================  ===============================================
``theory``    :mod:`~endnim.strategies.theory`  outcome, winning moves; Grundy value and
                                              thresholds where a theorem fixes them (row rule
                                              sets with a theory; constant cost)
``engine``    :mod:`~endnim.strategies.engine`  outcome, Grundy value, winning moves,
                                              thresholds (row rule sets with a kernel family;
                                              cost: cells, ``plan_row``)
``search``    :mod:`~endnim.strategies.search`  everything, remoteness included (any rule set;
                                              cost: states, ``estimate_states``)
``parts``     :mod:`~endnim.strategies.parts`   as the search, by independent parts (rule sets
                                              whose ``components`` split; cost: parts)
``compiled-   :mod:`~endnim.strategies.         as parts, compiled, with single trees'
trees``       compiled_trees`                   remoteness (``tree``; cost: parts)
``compiled-   :mod:`~endnim.strategies.         as parts, compiled (``depot``,
depots``      compiled_depots`                  ``depot-partizan``; cost: parts)
============  ==============================  ===============================================

Every strategy is a :class:`~endnim.strategies.base.Strategy` (it decides a position, or
completes what another decided); the compiled searches of graph games are small adapters on
:class:`~endnim.strategies.compiled_graphs.CompiledGraphStrategy`.
Each strategy module exposes one ``by_*`` function ``(position, rules, ...) -> Analysis``
that fills the fields it knows and names itself in ``sources``; :func:`endnim.analyze` (the
plan, :mod:`endnim.analyzer`) asks what each can answer and at what estimated cost, picks,
and merges. A new way of knowing something (sums, misère quotients) is a new module here.
Strategies import the solvers and rule sets below them, never the analyzer or the front-ends.

>>> from endnim.strategies import STRATEGIES
>>> [strategy.name for strategy in STRATEGIES]
['theory', 'parts', 'search', 'engine', 'compiled-trees', 'compiled-depots']
"""

from __future__ import annotations

from endnim.strategies.base import Strategy
from endnim.strategies.compiled_depots import COMPILED_DEPOTS
from endnim.strategies.compiled_trees import COMPILED_TREES
from endnim.strategies.engine import ENGINE
from endnim.strategies.parts import PARTS
from endnim.strategies.search import SEARCH
from endnim.strategies.theory import THEORY

STRATEGIES: tuple[Strategy, ...] = (
    THEORY,
    PARTS,
    SEARCH,
    ENGINE,
    COMPILED_TREES,
    COMPILED_DEPOTS,
)
"""The strategies, one module of this package each, registered here (and named by the plan,
:func:`endnim.analyzer.plan_for`); the names ``sources`` reports are ``theory``, ``engine``,
``search`` (parts too) and, for parts' canonical forms, ``canonical forms``."""
