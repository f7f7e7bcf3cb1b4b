"""The workbench's graph positions (``tree``, ``depot``, ``depot-partizan``): reading them,
their budgets, and valuing their moves vertex by vertex.

A graph position reaches the API as text: its JSON object on one line, or any notation its rule
set reads (``3 1 4``, ``3(1 2)``, ``cycle: ...``, ``grid 2x3: ...``). Graph searches meet far
fewer states than their estimates (canonical keys merge isomorphic positions) but each state
costs more than a row's (a canonical labelling), so the workbench bounds them by the estimates
the analyser itself reads, before any search starts: the states and option visits of the plain
search (``estimate_states``, ``estimate_work``) or of the search by parts (``part_estimate``).
Everything larger is refused at once with a one-line 422 naming the estimate; the command line
takes any size.

>>> from endnim.variants import get_variant
>>> rules = get_variant("depot")
>>> graph = web_graph("grid 2x2: 1 2 2 1", rules)
>>> graph.order, graph_budget(graph, rules, "auto", None)
(12, 10000)
>>> [m["move"] for m in graph_moves_task("3 1 4", "tree", None)["moves"] if m["wins"]]
['2=3']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from endnim.errors import PositionError, VariantError
from endnim.graphs import Graph, GraphRuleSet
from endnim.graphs.base import ESTIMATE_CAP
from endnim.moves import End
from endnim.ruleset import RuleSet
from endnim.search import format_count
from endnim.variants import Variant, get_variant
from endnim.web.budgets import MAX_POSITION_TEXT, OverBudget

MAX_GRAPH_VERTICES = 400
"""Vertices (empty ones included) of a graph the workbench reads."""
WEB_GRAPH_BUDGET = 10_000
"""Default bound on a graph search: parts (search by parts) or states (plain search), as
estimated before it starts. A few seconds at most (a grid's states cost about half a
millisecond each)."""
WEB_MAX_GRAPH_BUDGET = 100_000
"""The largest graph budget a request may ask for (beyond, the time limit would cut it)."""
WEB_GRAPH_WORK = 30_000
"""... and at most this many option visits (states × the labels' total), as estimated. Every
option of a warehouse position gets a canonical labelling (bliss): about 140 µs each on the
slowest graphs measured (depot-partizan grids), so about 4 s here; trees (AHU keys) are far
faster."""
WEB_TREE_BUDGET = 200_000
"""The default bound for ``tree``, searched by the compiled solver (:mod:`endnim.graphs.compiled`),
in trees as ``part_estimate`` counts them: a few microseconds each on trees of some tens of
vertices, so under a second (benchmarks/graphs.md)."""
WEB_MAX_TREE_BUDGET = 2_000_000
"""The largest ``tree`` budget a request may ask for."""
WEB_TREE_WORK = 50_000_000
"""... and at most this many vertices keyed (each option's tree, vertex by vertex, as
``graph_cost`` counts ``parts_work``): about 10 ns a vertex in C, so about half a second."""
LIGHT_GRAPH = 200
"""Graph searches of at most this many states (and ten times as many option visits, a few
tenths of a second at most) are answered in the server itself."""


def web_rules(name: str) -> RuleSet[Any, Any]:
    """The rule set ``name`` if the workbench plays it (rows and graphs), else a one-line error.

    >>> web_rules("tree").family, web_rules("endnim").family
    ('tree', 'row')
    """
    rules = get_variant(name)
    if not isinstance(rules, Variant | GraphRuleSet):
        raise VariantError(
            f"the workbench plays rows of piles and graphs, and {rules.title} is neither"
        )
    return rules


def is_graph(rules: RuleSet[Any, Any]) -> bool:
    """Whether ``rules`` is one of the graph rule sets.

    >>> is_graph(get_variant("depot")), is_graph(get_variant("endnim"))
    (True, False)
    """
    return isinstance(rules, GraphRuleSet)


def web_graph(
    text: str, rules: RuleSet[Any, Any], *, max_vertices: int = MAX_GRAPH_VERTICES
) -> Graph:
    """Read a graph position for the web API: any notation of ``rules``, at most
    ``max_vertices`` vertices.

    >>> web_graph('{"labels": [1, 2], "edges": [[0, 0]]}', get_variant("depot"))
    Traceback (most recent call last):
    endnim.errors.PositionError: edge 1 (0, 0) is a self-loop: a vertex is not its own neighbour
    """
    if len(text) > MAX_POSITION_TEXT:
        raise PositionError(f"the position text is longer than {MAX_POSITION_TEXT:,} characters")
    graph = rules.parse_position(text)
    assert isinstance(graph, Graph)
    if graph.order > max_vertices:
        raise OverBudget(
            f"the graph has {graph.order:,} vertices: the workbench takes at most "
            f"{max_vertices:,} (the command line takes any)"
        )
    return graph


@dataclass(frozen=True)
class GraphCost:
    """What the exact searches of a graph may cost, as estimated before they start.

    ``states``/``work``: the plain search of the whole (states, option visits);
    ``parts``/``parts_work``: the search by parts (parts it may solve, and their option visits,
    each part's counted once per vertex, as ``part_estimate`` counts them); ``splits``: whether
    the position is a sum of independent parts.
    """

    states: int
    work: int
    parts: int
    parts_work: int
    splits: bool

    def plain_fits(self, limit: int) -> bool:
        """Whether the plain search (every option's value and remoteness) fits."""
        return self.states <= limit and self.work <= WEB_GRAPH_WORK

    def parts_fit(self, limit: int, work: int = WEB_GRAPH_WORK, compiled: bool = False) -> bool:
        """Whether the search by parts fits (and is what the analyser would run: fewer parts
        than the whole's states, so that no plain search of the whole starts; ``compiled``:
        the compiled tree search, which the analyser runs whatever the states)."""
        return (
            self.parts <= limit
            and self.parts_work <= work
            and (compiled or self.parts < self.states)
        )


def search_limits(rules: RuleSet[Any, Any]) -> tuple[int, int, int]:
    """The workbench's default budget, largest budget and work limit for a graph rule set's
    search by parts: :data:`WEB_TREE_BUDGET` ... for ``tree`` searched by the compiled solver,
    else :data:`WEB_GRAPH_BUDGET` ...

    >>> search_limits(get_variant("tree"))[0] > search_limits(get_variant("depot"))[0]
    True
    """
    from endnim.strategies.compiled_trees import applies

    if applies(rules):
        return WEB_TREE_BUDGET, WEB_MAX_TREE_BUDGET, WEB_TREE_WORK
    return WEB_GRAPH_BUDGET, WEB_MAX_GRAPH_BUDGET, WEB_GRAPH_WORK


def graph_cost(graph: Graph, rules: GraphRuleSet) -> GraphCost:
    """The estimates of :class:`GraphCost` for ``graph``.

    >>> depot = get_variant("depot")
    >>> graph_cost(depot.parse_position("2 0 1 1"), depot)   # parts work: 1·(3·2) + 2·(4·2)
    GraphCost(states=12, work=48, parts=11, parts_work=22, splits=True)
    """
    parts = rules.components(graph)
    parts_work = 0
    for part in parts:
        size = max(1, sum(1 for x in part.labels if x))
        parts_work = min(ESTIMATE_CAP, parts_work + size * rules.estimate_work(part))
    return GraphCost(
        states=rules.estimate_states(graph),
        work=rules.estimate_work(graph),
        parts=rules.part_estimate(graph),
        parts_work=parts_work,
        splits=len(parts) > 1,
    )


def graph_budget(graph: Graph, rules: RuleSet[Any, Any], method: str, requested: int | None) -> int:
    """The budget to pass to ``analyze`` for a graph, or a one-line refusal (422).

    Graphs have no closed-form theory and no engine: ``auto`` and ``search`` are the exact
    search. It must fit :data:`WEB_GRAPH_BUDGET` (or ``requested``, at most
    :data:`WEB_MAX_GRAPH_BUDGET`) states and :data:`WEB_GRAPH_WORK` option visits, either as the
    plain search of the whole or as the search by parts. The budget returned steers the
    analyser: the search by parts (impartial) needs at least its part estimate; the plain search
    of the whole (the remoteness; partizan: everything) runs only when the states are within
    the budget, so the budget stays below them when only the parts fit.

    >>> depot = get_variant("depot")
    >>> graph_budget(depot.parse_position("99 99"), depot, "auto", None)
    Traceback (most recent call last):
    ...
    endnim.web.budgets.OverBudget: the exact search of this graph (4 vertices, 3 edges) may ...
    """
    assert isinstance(rules, GraphRuleSet)
    if method in ("theory", "engine"):
        raise VariantError(
            f"{rules.title} has no closed-form theory and no engine: use method auto or search"
        )
    default, most, work_limit = search_limits(rules)
    compiled = default != WEB_GRAPH_BUDGET
    limit = default if requested is None else requested
    if limit > most:
        raise OverBudget(
            f"budget {limit:,}: the workbench searches graphs within at most "
            f"{most:,} states (the command line takes more)"
        )
    cost = graph_cost(graph, rules)
    # the plain (Python) search of the whole keeps its own bound: with the compiled search it
    # runs only for a forest's remoteness
    plain = cost.plain_fits(min(limit, WEB_GRAPH_BUDGET) if compiled else limit)
    by_parts = cost.parts_fit(limit, work_limit, compiled) and (rules.impartial or cost.splits)
    if not (plain or by_parts):
        states, work = (
            (cost.states, cost.work)
            if cost.states <= cost.parts and not compiled
            else (cost.parts, cost.parts_work)
        )
        raise OverBudget(
            f"the exact search of this graph ({rules.describe_vertices(graph)}) may meet up to "
            f"{format_count(states)} positions and try {format_count(work)} moves, over the "
            f"workbench's budget ({limit:,} positions, {work_limit:,} moves): lower some "
            f"labels, or use `endnim analyze --variant {rules.name}` on the command line"
        )
    if rules.impartial:
        return max(limit, cost.parts) if plain else cost.parts
    return limit if plain else cost.states - 1  # partizan: the parts' canonical forms


def check_playable(graph: Graph, rules: RuleSet[Any, Any]) -> None:
    """Refuse (422) a graph too large to value every move or play on the workbench: its plain
    search (which gives every option's value and remoteness) must fit :data:`WEB_GRAPH_BUDGET`
    states and :data:`WEB_GRAPH_WORK` option visits. Play only lowers labels, so a game that
    starts within the budget stays within it."""
    assert isinstance(rules, GraphRuleSet)
    cost = graph_cost(graph, rules)
    if not cost.plain_fits(WEB_GRAPH_BUDGET):
        raise OverBudget(
            f"valuing every move of this graph may take an exact search of up to "
            f"{format_count(cost.states)} positions and {format_count(cost.work)} moves, over "
            f"the workbench's {WEB_GRAPH_BUDGET:,} positions and {WEB_GRAPH_WORK:,} moves: "
            "lower some labels, or play on the command line"
        )


def is_light_graph(graph: Graph, rules: RuleSet[Any, Any]) -> bool:
    """Whether a graph request is small enough to answer in the server itself."""
    return (
        rules.estimate_states(graph) <= LIGHT_GRAPH
        and rules.estimate_work(graph) <= 10 * LIGHT_GRAPH
    )


# ---------------------------------------------------------------------- tasks (worker processes)
def graph_analyze_task(text: str, variant: str, method: str, budget: int) -> dict[str, Any]:
    """The object of ``endnim analyze --variant V --json`` for a graph position."""
    from endnim.analyzer import analyze

    rules = get_variant(variant)
    return analyze(web_graph(text, rules), rules.name, method, budget=budget).to_dict()


def graph_moves_task(text: str, variant: str, player: End | None) -> dict[str, Any]:
    """Every legal move of a graph position, valued (``/api/moves``).

    Each move ``v=k`` (vertex v's label becomes k) says whether it wins for its mover. When the
    plain search is affordable each also carries the value of where it leads (outcome, Grundy
    value, remoteness); otherwise the winning moves come from the analysis by parts (and the
    Grundy values, impartial, from the parts' values), the remoteness is ``null``.
    """
    from endnim.play.evaluation import search_affordable
    from endnim.variants.base import players_of

    rules = get_variant(variant)
    assert isinstance(rules, GraphRuleSet)
    graph = web_graph(text, rules)
    if graph_cost(graph, rules).plain_fits(WEB_GRAPH_BUDGET) and search_affordable(graph, rules):
        from endnim.play.evaluation import evaluate_moves

        return evaluate_moves(graph, rules, player).to_dict()
    return _moves_by_parts(graph, rules, players_of(rules, player), player)


def _moves_by_parts(
    graph: Graph, rules: GraphRuleSet, whose: tuple[End | None, ...], player: End | None
) -> dict[str, Any]:
    from endnim.analyzer import analyze
    from endnim.graphs.compiled import default_tree_engine
    from endnim.parts import default_parts_solver
    from endnim.strategies.compiled_trees import applies
    from endnim.strategies.parts import GrundySolver

    budget = graph_budget(graph, rules, "search", None)
    analysis = analyze(graph, rules.name, "search", budget=budget)
    winning = set(analysis.to_dict()["winning_moves"])
    solver: GrundySolver | None = None
    if applies(rules):
        solver = default_tree_engine(budget)
    elif rules.impartial:
        solver = default_parts_solver(rules, budget)
    moves = []
    for who in whose:
        for move, after in rules.options(graph, who):
            text = rules.format_move(move)
            named = text if who is None else f"{who}:{text}"
            wins = named in winning
            grundy = solver.grundy(after) if solver is not None else None
            outcome = None if grundy is None else ("P" if grundy == 0 else "N")
            moves.append(
                {
                    "move": text,
                    "player": who,
                    "after": rules.position_to_json(after),
                    "after_text": rules.format_position(after),
                    "wins": wins,
                    "outcome": outcome,
                    "grundy": grundy,
                    "remoteness": None,
                }
            )
    return {
        "position": rules.position_to_json(graph),
        "variant": rules.name,
        "player": player,
        "listed": True,
        "moves": moves,
        "winning": [],
        "total": len(moves),
        "values_from": "search",
    }


def graph_choose_task(
    text: str, variant: str, side: End | None, skill: int, seed: int | None
) -> dict[str, Any]:
    """The computer's move in a graph position (``/api/computer-move``)."""
    import random

    from endnim.play.computer import ComputerPlayer

    rules = get_variant(variant)
    graph = web_graph(text, rules)
    check_playable(graph, rules)
    choice = ComputerPlayer(skill, random.Random(seed)).choose(graph, rules, side)
    return {
        "move": rules.format_move(choice.move),
        "after": rules.format_position(choice.after),
        "kind": "best" if choice.kind == "best" else "random",
        "wins": choice.wins,
        "remoteness": choice.remoteness,
    }
