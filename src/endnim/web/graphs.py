"""The workbench's graph positions (``tree``, ``depot``, ``depot-partizan``): reading them,
their budgets, and valuing their moves vertex by vertex.

A graph position reaches the API as text: its JSON object on one line, or any notation its rule
set reads (``3 1 4``, ``3(1 2)``, ``cycle: ...``, ``grid 2x3: ...``). Graph searches meet far
fewer states than their estimates (canonical keys merge isomorphic positions) but each state
costs more than a row's (a canonical labelling), so the workbench bounds them by the estimates
the analyser itself checks: the parts a search by parts may solve (``part_estimate``) and the
states of the plain search (``estimate_states``). Everything larger is refused at once with a
one-line 422 naming the estimate; the command line takes any size.

>>> from endnim.variants import get_variant
>>> rules = get_variant("depot")
>>> graph = web_graph("grid 2x2: 1 2 2 1", rules)
>>> graph.order, graph_budget(graph, rules, "auto", None)
(12, 10000)
>>> [m["move"] for m in graph_moves_task("3 1 4", "tree", None)["moves"] if m["wins"]]
['2=3']
"""

from __future__ import annotations

from typing import Any

from endnim.errors import PositionError, VariantError
from endnim.graphs import Graph, GraphRuleSet
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
LIGHT_GRAPH = 500
"""Graph searches this small are answered in the server itself."""


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


def graph_search_size(graph: Graph, rules: GraphRuleSet) -> int:
    """What the analyser's exact search of ``graph`` must be allowed (parts or states).

    Impartial: the search by parts (``part_estimate``); partizan: the plain search
    (``estimate_states``), or, when the position splits, the smaller of that and the parts.

    >>> depot = get_variant("depot")
    >>> graph_search_size(depot.parse_position("2 0 1 1"), depot)   # parts: 1·3 + 2·4
    11
    """
    if rules.impartial:
        return rules.part_estimate(graph)
    states = rules.estimate_states(graph)
    if len(rules.components(graph)) > 1:
        return min(states, rules.part_estimate(graph))
    return states


def graph_budget(graph: Graph, rules: RuleSet[Any, Any], method: str, requested: int | None) -> int:
    """The budget to pass to ``analyze`` for a graph, or a one-line refusal.

    Graphs have no closed-form theory and no engine: ``auto`` and ``search`` are the exact
    search, within :data:`WEB_GRAPH_BUDGET` (or ``requested``, at most
    :data:`WEB_MAX_GRAPH_BUDGET`) states of the plain search or parts of the search by parts,
    whichever is smaller.
    """
    assert isinstance(rules, GraphRuleSet)
    if method in ("theory", "engine"):
        raise VariantError(
            f"{rules.title} has no closed-form theory and no engine: use method auto or search"
        )
    limit = WEB_GRAPH_BUDGET if requested is None else requested
    if limit > WEB_MAX_GRAPH_BUDGET:
        raise OverBudget(
            f"budget {limit:,}: the workbench searches graphs within at most "
            f"{WEB_MAX_GRAPH_BUDGET:,} states (the command line takes more)"
        )
    states = rules.estimate_states(graph)
    need = graph_search_size(graph, rules)
    if min(states, need) > limit:
        raise OverBudget(
            f"the exact search of this graph ({rules.describe_vertices(graph)}) may meet up to "
            f"{format_count(min(states, need))} positions, over the workbench's budget of "
            f"{limit:,}: lower some labels, or use `endnim analyze --variant {rules.name}` on "
            "the command line"
        )
    # impartial: the search by parts checks its (pessimistic) part estimate against the budget;
    # when the plain search fits, the parts are at most that search's positions and their parts
    return max(limit, need) if rules.impartial else limit


def check_playable(graph: Graph, rules: RuleSet[Any, Any]) -> None:
    """Refuse (422) a graph too large to value every move or play on the workbench: its plain
    search (which gives every option's value and remoteness) must fit :data:`WEB_GRAPH_BUDGET`.
    Play only lowers labels, so a game that starts within the budget stays within it."""
    from endnim.play.evaluation import search_affordable

    states = rules.estimate_states(graph)
    if states > WEB_GRAPH_BUDGET or not search_affordable(graph, rules):
        raise OverBudget(
            f"valuing every move of this graph may take an exact search of up to "
            f"{format_count(states)} "
            f"states, over the workbench's {WEB_GRAPH_BUDGET:,}: lower some labels, or play "
            "on the command line"
        )


def is_light_graph(graph: Graph, rules: RuleSet[Any, Any]) -> bool:
    """Whether a graph request is small enough to answer in the server itself."""
    return rules.estimate_states(graph) <= LIGHT_GRAPH


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
    from endnim.play.evaluation import players_of, search_affordable

    rules = get_variant(variant)
    assert isinstance(rules, GraphRuleSet)
    graph = web_graph(text, rules)
    if rules.estimate_states(graph) <= WEB_GRAPH_BUDGET and search_affordable(graph, rules):
        from endnim.play.evaluation import evaluate_moves

        return evaluate_moves(graph, rules, player).to_dict()
    return _moves_by_parts(graph, rules, players_of(rules, player), player)


def _moves_by_parts(
    graph: Graph, rules: GraphRuleSet, whose: tuple[End | None, ...], player: End | None
) -> dict[str, Any]:
    from endnim.analyzer import analyze
    from endnim.parts import default_parts_solver

    budget = graph_budget(graph, rules, "search", None)
    analysis = analyze(graph, rules.name, "search", budget=budget)
    winning = set(analysis.to_dict()["winning_moves"])
    solver = default_parts_solver(rules, budget) if rules.impartial else None
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
