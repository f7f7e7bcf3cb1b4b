"""How much the web workbench computes for one request: input limits and budgets.

The command line may compute for hours; a web request must answer within seconds. Each budget
below is checked before any work starts, so that an over-large request gets a clear 4xx answer
instead of a long wait (the time limit in :mod:`endnim.web.compute` is the last resort).

``analyze``'s ``auto`` method gets exactly the command line's defaults whenever they imply a
small exact search or a small engine run (then the answer is the same as ``endnim analyze
--json``); otherwise the budget passed skips the search and stops the engine at
:data:`WEB_ENGINE_CELLS` cells.

>>> from endnim.variants import get_variant
>>> analysis_budget((3, 3, 3, 2), get_variant("endnim"), "auto", None) is None
True
>>> analysis_budget((10**6, 10**6), get_variant("endnim"), "auto", None)
5000000
"""

from __future__ import annotations

from endnim.analyzer import AUTO_SEARCH_BUDGET, AUTO_SEARCH_WORK
from endnim.errors import EndNimError, PositionError
from endnim.position import Position, as_position, pile_count
from endnim.search import WORK_PER_STATE, default_solver, format_count
from endnim.variants import Variant, all_variants
from endnim.variants.sums import SUM_SIGN

MAX_POSITION_TEXT = 50_000
"""Characters of a position (or a table's middle) the web API reads."""
MAX_PILES = 1000
"""Piles of a position the web API analyses (the partizan theory is quadratic in them)."""
MAX_GAME_PILES = 200
"""Piles of a game's start position."""
MAX_GAME_PLIES = 2000
"""Moves a web game may last."""
MAX_GAMES = 200
"""Games kept at once (the least recently used is dropped first)."""

WEB_SEARCH_STATES = 300_000
"""Default budget of ``method=search``: states (about 90 MB at most)."""
WEB_MAX_STATES = 1_000_000
"""The largest search budget a request may ask for."""
WEB_SEARCH_WORK = WORK_PER_STATE * WEB_MAX_STATES
"""Option visits (states × options per state) an exact search may make: a few seconds. The
solver's own limit (:data:`endnim.search.WORK_PER_STATE` per budgeted state) at the largest
budget, so that what the workbench accepts the solver does too."""
WEB_ENGINE_CELLS = 5_000_000
"""Default engine budget (cells): well under a second."""
WEB_MAX_CELLS = 50_000_000
"""The largest engine budget a request may ask for (several seconds)."""
WEB_TABLE_CELLS = 20_000_000
"""Engine cells a heatmap table may need."""
MAX_TABLE_SIDE = 300
"""Rows and columns of a table (x and y run from 0 to this)."""
WEB_CACHE_STATES = 500_000
"""States each shared search cache keeps in the server (it is cleared beyond that)."""


class OverBudget(EndNimError):
    """The request would compute beyond the web workbench's budget (HTTP 422)."""


def web_position(text: str, *, max_piles: int = MAX_PILES, allow_empty: bool = False) -> Position:
    """Parse a position for the web API, refusing rows longer than ``max_piles``.

    >>> web_position("3+3 2".replace("+", " "))
    Position(3, 3, 2)
    """
    if len(text) > MAX_POSITION_TEXT:
        raise PositionError(f"the position text is longer than {MAX_POSITION_TEXT:,} characters")
    piles = as_position(text, allow_empty=allow_empty)
    if len(piles) > max_piles:
        raise OverBudget(
            f"the position has {len(piles):,} piles: the workbench takes at most {max_piles:,} "
            "(the command line takes any)"
        )
    return piles


def check_sum_piles(text: str, rules: object, *, max_piles: int = MAX_PILES) -> None:
    """Refuse a sum of rows whose summands expand to more than ``max_piles`` piles in all
    (counted on what the text expands to: ``1^999999`` is 999,999 piles), before any work.
    Graph sums are bounded by their own budget.

    >>> from endnim.variants import get_variant
    >>> check_sum_piles("3 1 + 2^2", get_variant("endnim"))
    >>> check_sum_piles("1^999999 + 1", get_variant("misere"))
    Traceback (most recent call last):
    ...
    endnim.web.budgets.OverBudget: the sum has 1,000,000 piles: the workbench takes at most ...
    """
    if len(text) > MAX_POSITION_TEXT:
        raise PositionError(f"the sum's text is longer than {MAX_POSITION_TEXT:,} characters")
    if not isinstance(rules, Variant):
        return
    piles = pile_count(text.replace(SUM_SIGN, " "))
    if piles > max_piles:
        raise OverBudget(
            f"the sum has {piles:,} piles: the workbench takes at most {max_piles:,} "
            "(the command line takes any)"
        )


def search_work(piles: Position, rules: Variant, budget: int) -> int:
    """Option visits (states × options per state, an upper bound) of the exact searches that
    ``analyze(method="search", budget=budget)`` runs on ``piles``.

    Partizan: also the threshold scan over the rows ``x piles x``, x up to the coin count + 2,
    which runs when those rows fit the budget.

    >>> from endnim.variants import get_variant
    >>> search_work(Position((3, 4)), get_variant("endnim"), 1000)
    153
    """
    rows = [tuple(piles)]
    if not rules.impartial:
        bound = piles.coins + 2
        rows.append((bound, *piles, bound))
    work = 0
    for row in rows:
        states = rules.estimate_states(row)
        if states <= budget:
            work += states * (2 * max(row) + 1)
    return work


def analysis_budget(
    piles: Position, rules: Variant, method: str, requested: int | None
) -> int | None:
    """The budget to pass to ``analyze`` for this request, or :class:`OverBudget`.

    ``theory``: none needed. ``search``: the states (default :data:`WEB_SEARCH_STATES`), and
    the search's option visits must stay within :data:`WEB_SEARCH_WORK`. ``engine``: the
    cells (default :data:`WEB_ENGINE_CELLS`). ``auto``: the command line's defaults (``None``)
    when they mean a small search or a small engine run, else a budget below the search's
    states (so no search) and at most :data:`WEB_ENGINE_CELLS` engine cells.

    >>> from endnim.variants import get_variant
    >>> analysis_budget(Position((3, 1, 4)), get_variant("endnim"), "search", None)
    300000
    >>> analysis_budget(Position((300, 300, 300)), get_variant("endnim"), "search", None)
    Traceback (most recent call last):
    ...
    endnim.web.budgets.OverBudget: the exact search may make up to 162,450,901 option visits, ...
    """
    if method == "theory":
        return None
    if method == "engine":
        budget = WEB_ENGINE_CELLS if requested is None else requested
        if budget > WEB_MAX_CELLS:
            raise OverBudget(
                f"budget {format_count(budget)}: the workbench's engine budget is at most "
                f"{format_count(WEB_MAX_CELLS)} cells"
            )
        return budget
    if requested is not None and requested > WEB_MAX_STATES:
        raise OverBudget(
            f"budget {format_count(requested)}: the workbench allows at most "
            f"{format_count(WEB_MAX_STATES)} for method {method} (the engine takes more)"
        )
    states = rules.estimate_states(tuple(piles))
    if method == "auto" and rules.theory() is None:
        method = "search"  # no theory: auto is the exact search, budgeted as such
    if method == "auto" and requested is None:
        work = states * (2 * max(piles) + 1)
        if states <= AUTO_SEARCH_BUDGET and work <= AUTO_SEARCH_WORK:
            return None  # the command line's own small search: the same answer
        if engine_work(piles, rules) <= WEB_ENGINE_CELLS:
            return None  # no search, and the engine (if needed) does this little work
        return min(WEB_ENGINE_CELLS, states - 1)  # below the states: no search, a small engine
    budget = requested if requested is not None else WEB_SEARCH_STATES
    if method == "auto":  # auto's search never scans thresholds
        work = states * (2 * max(piles) + 1) if states <= budget else 0
    else:
        work = search_work(piles, rules, budget)
    if work > WEB_SEARCH_WORK:
        raise OverBudget(
            f"the exact search may make up to {format_count(work)} option visits, more than "
            f"the workbench's {format_count(WEB_SEARCH_WORK)}: lower the budget, use method "
            "theory or engine, or the command line"
        )
    if requested is None:  # the default states, and the solver's work for what was accepted
        budget = max(budget, _budget_for_work(piles, rules, budget, work))
        root = rules.estimate_work(piles) if states <= budget else 0
        if root > WORK_PER_STATE * budget:  # only a budget that admits the threshold scan
            raise OverBudget(
                f"the exact search may make up to {format_count(root)} option visits, more than "
                f"the {format_count(WORK_PER_STATE * budget)} its budget allows without the "
                "threshold scan: use method theory or engine, or the command line"
            )
    return budget


def _budget_for_work(piles: Position, rules: Variant, budget: int, work: int) -> int:
    """The states budget whose work allowance (:data:`WORK_PER_STATE` per state) covers
    ``work``, below the partizan threshold scan's states when ``budget`` left that out."""
    needed = -(-work // WORK_PER_STATE)
    if not rules.impartial and needed > budget:
        bound = piles.coins + 2
        scan = rules.estimate_states((bound, *piles, bound))
        if scan > budget:
            needed = min(needed, scan - 1)
    return needed


def engine_work(piles: Position, rules: Variant) -> int:
    """The engine's work (cells plus its per-table overhead) to solve ``piles``: what
    ``analyze``'s ``auto`` method would spend to find a Grundy value no theorem fixes.

    Partizan ``auto`` never runs the engine (the theory decides everything): 0.

    >>> from endnim.variants import get_variant
    >>> engine_work(Position((3, 4)), get_variant("endnim"))
    2012
    """
    if not rules.impartial:
        return 0
    from endnim.engine.interval import rules_plan

    return rules_plan(rules, tuple(piles)).effort


def limit_search_caches(max_states: int = WEB_CACHE_STATES) -> None:
    """Bound the states each shared exact-search cache keeps (for a long-running server)."""
    for rules in all_variants():
        default_solver(rules).max_cache = max_states


LIGHT_WORK = 200_000
"""Option visits (about 40 ms) up to which a request is answered in the server itself."""
LIGHT_CELLS = 2_000_000
"""Engine cells (about 20 ms) an ``auto`` answer from theorems may add in the server itself."""


def is_light(piles: Position, rules: Variant, method: str, budget: int | None = None) -> bool:
    """Whether a request is answered at once in the server: from theorems alone, or with a
    search small enough never to delay anyone; everything else goes to the worker pool.

    >>> from endnim.variants import get_variant
    >>> is_light(Position((3, 1, 4)), get_variant("endnim"), "auto")
    True
    >>> is_light(Position((300, 300, 300)), get_variant("endnim"), "search")
    False
    >>> is_light(Position((300, 300, 300)), get_variant("endnim"), "theory")
    True
    """
    if method == "theory":
        return rules.theory() is not None
    if method == "engine" or not piles:
        return method != "engine"
    states = rules.estimate_states(piles)
    if states <= LIGHT_WORK and rules.estimate_work(piles) <= LIGHT_WORK:
        return True
    # auto with a budget below the states: no search, the theory (and at most a tiny engine run)
    no_search = method == "auto" and budget is not None and budget < states
    return no_search and rules.theory() is not None and engine_work(piles, rules) <= LIGHT_CELLS
