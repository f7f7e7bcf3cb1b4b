"""``analyze``: the one entry point the front-ends call.

It builds a :class:`Plan` (:func:`plan_for`: which strategy of :mod:`endnim.strategies`
decides, which is asked when that one is over budget, which fill in what is left open) and runs
it, returning one :class:`Analysis` that serialises to the JSON the CLI and the API print. It
asks the rule set what it offers (a theory, an engine family) and never branches on a name: a
rule set without a theory, or whose positions are not rows, is answered by the exact search
through the generic :class:`~endnim.ruleset.RuleSet` hooks, and the notes say so.

>>> a = analyze("3 1 3")
>>> a.outcome, a.grundy, a.winning_moves, a.method
('P', 0, [], 'theory')
>>> analyze([5, 2], variant="muller").to_dict()["grundy"]
5
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from endnim.errors import BudgetError, EndNimError, RuleSetError, VariantError
from endnim.parts import splits
from endnim.ruleset import RuleSet, error_label, split_note
from endnim.strategies import STRATEGIES
from endnim.strategies.base import Request, Strategy
from endnim.strategies.compiled_depots import applies as compiled_depots_apply
from endnim.strategies.compiled_trees import applies as compiled_trees_apply
from endnim.strategies.engine import check_engine, engine_family, engine_note
from endnim.strategies.result import (
    AUTO_BUDGET_ADVICE,
    AUTO_ENGINE_CELLS,
    AUTO_SEARCH_BUDGET,
    AUTO_SEARCH_WORK,
    MAX_LISTED_MOVES,
    METHODS,
    OUTCOME_WORDS,
    THRESHOLD_NAMES,
    Analysis,
    Method,
    remoteness_text,
    thresholds_text,
)
from endnim.strategies.search import search_thresholds
from endnim.strategies.sums import by_sum, is_sum
from endnim.variants import Variant, get_variant

__all__ = [
    "AUTO_BUDGET_ADVICE",
    "AUTO_ENGINE_CELLS",
    "AUTO_SEARCH_BUDGET",
    "AUTO_SEARCH_WORK",
    "MAX_LISTED_MOVES",
    "METHODS",
    "OUTCOME_WORDS",
    "THRESHOLD_NAMES",
    "Analysis",
    "Method",
    "Plan",
    "analyze",
    "analyzer_of",
    "engine_family",
    "plan_for",
    "remoteness_text",
    "search_thresholds",
    "thresholds_text",
]


def analyze(
    position: object,
    variant: str | RuleSet[Any, Any] = "endnim",
    method: str = "auto",
    *,
    budget: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse ``position`` (text, a Position or a list of ints; for other rule sets, their
    notation or position object) in ``variant`` (a name or a :class:`RuleSet`).

    ``method``: ``theory`` (closed forms only), ``search`` (exact memoised search only, within
    ``budget`` states), ``engine`` (the compiled interval DP, within ``budget`` cells) or
    ``auto``: the theory decides the outcome and the winning moves; the Grundy value comes from a
    theorem where one fixes it, else from the search (small positions) or the engine; the
    remoteness from the search when affordable. ``progress`` receives (done, total) cells of
    engine work; ``threads`` bounds the engine's threads.

    >>> analyze("2 2", variant="partizan").outcome
    'P'
    """
    rules = get_variant(variant)
    if method not in METHODS:
        raise VariantError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    if is_sum(position):  # A + B + ...: one position, each summand analysed as itself
        return by_sum(
            position,
            rules,
            lambda part, part_rules: analyze(
                part, part_rules, method, budget=budget, threads=threads, progress=progress
            ),
            budget,
        )
    piles = rules.coerce_position(position)
    request = Request(method, budget, threads, progress)
    return plan_for(rules, method).run(piles, request)


def analyzer_of(
    variant: str | RuleSet[Any, Any] = "endnim",
    method: str = "auto",
    *,
    budget: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Callable[[object], Analysis]:
    """``lambda position: analyze(position, variant, method, ...)``, with the rule set, its
    theory and the method looked up once instead of for every position (a batch of millions).

    >>> run = analyzer_of("loop")
    >>> run("3 1 3").to_json() == analyze("3 1 3", "loop").to_json()
    True
    """
    try:
        rules = get_variant(variant)
        plan = plan_for(rules, method) if rules.theory() is not None else None
    except EndNimError:
        plan = None
    if plan is None or not isinstance(rules, Variant):
        return lambda position: analyze(
            position, variant, method, budget=budget, threads=threads, progress=progress
        )
    coerce, request = rules.coerce_position, Request(method, budget, threads, progress)

    def run(position: object) -> Analysis:
        if is_sum(position):
            return analyze(position, variant, method, budget=budget, threads=threads)
        return plan.run(coerce(position), request)

    return run


STRATEGY = {strategy.name: strategy for strategy in STRATEGIES}


@dataclass(frozen=True)
class Plan:
    """How :func:`analyze` answers for one rule set and method: the strategies that may decide,
    in order (the first that is within its budget decides; the next is asked when it is not),
    then the strategies that fill in what the decision left open."""

    rules: RuleSet[Any, Any]
    decide: tuple[Strategy, ...]
    complete: tuple[Strategy, ...] = ()
    why: str | None = None
    """Why the plan is what it is, opening the notes (``... has no closed-form theory``)."""

    def run(self, position: Any, request: Request) -> Analysis:
        """The analysis of ``position``: decided, completed, and its notes naming the plan."""
        rules, failed = self.rules, None
        for at, strategy in enumerate(self.decide):
            if at and strategy.can_answer(rules, position, request) is None:
                continue
            try:
                analysis = strategy.run(rules, position, request)
            except BudgetError as error:
                later = self.decide[at + 1 :]
                if any(s.can_answer(rules, position, request) is not None for s in later):
                    failed = strategy
                    continue
                if failed is None and self.why is not None:
                    raise BudgetError(
                        f"{self.why}, and {error}",
                        states=error.states,
                        bytes_needed=error.bytes_needed,
                        budget=error.budget,
                    ) from None
                raise
            if self.why is not None:
                over = (
                    ""
                    if failed is None
                    else f" (the {failed.title.split()[-1]} was over its budget)"
                )
                analysis.notes.insert(0, f"{self.why}: decided by {strategy.title}{over}")
                at = 1
                for note in (engine_note(rules), split_note(rules)):
                    if note is not None:
                        analysis.notes.insert(at, note)
                        at += 1
            for completion in self.complete:
                completion.run(rules, position, request, analysis)
            return analysis
        raise AssertionError("a plan has a strategy that decides")  # pragma: no cover


def _theory_not_inherited(rules: RuleSet[Any, Any]) -> str:
    """`` (it changes ...'s rules: ...)`` for a relative that inherits a built-in's theory but
    not its game, else ``""``."""
    from endnim.ruleset import changed_hooks, inherits_theory

    if inherits_theory(rules):
        return ""
    for klass in type(rules).__mro__:
        if "theory" in vars(klass) and klass.__module__.startswith("endnim.variants."):
            hooks = ", ".join(changed_hooks(rules, klass))
            title = getattr(klass, "title", klass.__name__)
            return f" (it changes {title}'s rules ({hooks}): that theory is not its)"
    return ""


def plan_for(rules: RuleSet[Any, Any], method: str = "auto") -> Plan:
    """The plan of :func:`analyze` for ``rules`` and ``method``: which strategy decides, which
    is asked next when it is over budget, which fill in the rest.

    >>> plan = plan_for(get_variant("endnim"))
    >>> [s.name for s in plan.decide], [s.name for s in plan.complete]
    (['theory'], ['search', 'engine'])
    >>> [s.name for s in plan_for(get_variant("muller"), "search").decide]
    ['search']
    """
    exact = STRATEGY["parts"] if splits(rules) else STRATEGY["search"]
    if compiled_trees_apply(rules):  # ``tree``: the compiled search by parts
        exact = STRATEGY["compiled-trees"]
    if compiled_depots_apply(rules):  # ``depot``, ``depot-partizan``: the compiled search
        exact = STRATEGY["compiled-depots"]
    if method == "search":
        return Plan(rules, (exact,))
    if method == "engine":
        check_engine(rules)
        return Plan(rules, (STRATEGY["engine"],))
    if rules.theory() is None:
        if method == "theory":
            others = "auto, search or engine" if engine_family(rules) else "auto or search"
            raise VariantError(
                f"{rules.title} has no closed-form theory: use the method {others}",
                cli_hint=f"--method {others}",
            )
        why = f"{rules.title} has no closed-form theory" + _theory_not_inherited(rules)
        return Plan(rules, (exact, STRATEGY["engine"]), why=why)
    if not isinstance(rules, Variant):  # a user's game on other positions that names a theory
        raise RuleSetError(
            f"{error_label(rules)}: theory() gave a closed-form theory, which endnim's theories "
            "(row games) cannot answer for a game that is not a row game (return None from it)"
        )
    if method == "theory":
        return Plan(rules, (STRATEGY["theory"],))
    return Plan(rules, (STRATEGY["theory"],), (STRATEGY["search"], STRATEGY["engine"]))
