"""The speed shortcuts of the graph keys against slow, independent references.

* ``graph_key`` (bliss through igraph's C type, the permutation applied by hand, green edges
  left whole) gives equal keys exactly when networkx's VF2 finds a colour-preserving
  isomorphism, and agrees with the straightforward ``graph_key_reference``;
* ``forest_key`` / ``forest_key_adjacency`` (AHU, as flat strings) likewise against networkx;
* the per-position and per-group key caches of the rule sets give the keys a fresh rule set
  computes; ``Graph.unchecked`` builds what ``Graph.build`` builds, and equal graphs hash alike.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest

from endnim.graphs import Depot, DepotPartizan, Graph, Tree
from endnim.graphs.canonical import (
    forest_key,
    forest_key_adjacency,
    graph_key,
    graph_key_reference,
)


def _random_graph(
    rng: random.Random, n: int, density: float
) -> tuple[list[int], list[tuple[int, int]]]:
    colours = [rng.randint(0, 2) for _ in range(n)]
    edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < density]
    return colours, edges


def _relabel(
    rng: random.Random,
    colours: list[int],
    edges: list[tuple[int, int]],
    edge_colours: list[int] | None,
) -> tuple[list[int], list[tuple[int, int]], list[int] | None]:
    """An isomorphic copy: vertices renumbered, edges reordered and turned round."""
    n = len(colours)
    new = list(range(n))
    rng.shuffle(new)
    moved = [0] * n
    for v in range(n):
        moved[new[v]] = colours[v]
    pairs = [
        ((new[u], new[v]) if rng.random() < 0.5 else (new[v], new[u]), i)
        for i, (u, v) in enumerate(edges)
    ]
    rng.shuffle(pairs)
    out_colours = None if edge_colours is None else [edge_colours[i] for _, i in pairs]
    return moved, [e for e, _ in pairs], out_colours


def _nx(
    colours: list[int], edges: list[tuple[int, int]], edge_colours: list[int] | None
) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from((v, {"c": c}) for v, c in enumerate(colours))
    for i, (u, v) in enumerate(edges):
        graph.add_edge(u, v, c=None if edge_colours is None else edge_colours[i])
    return graph


def _isomorphic(a: nx.Graph, b: nx.Graph) -> bool:
    return bool(
        nx.is_isomorphic(
            a,
            b,
            node_match=lambda x, y: x["c"] == y["c"],
            edge_match=lambda x, y: x["c"] == y["c"],
        )
    )


@pytest.mark.parametrize("coloured_edges", [False, True])
def test_graph_key_is_exactly_isomorphism(coloured_edges: bool) -> None:
    rng = random.Random(7)
    graphs = []
    for _ in range(300):
        colours, edges = _random_graph(rng, rng.randint(1, 7), rng.choice([0.3, 0.5, 0.8]))
        edge_colours = [rng.randint(0, 2) for _ in edges] if coloured_edges else None
        graphs.append((colours, edges, edge_colours))
        graphs.append(_relabel(rng, colours, edges, edge_colours))
    # plus near misses: one vertex colour or one edge colour changed
    for colours, edges, edge_colours in graphs[:100:2]:
        changed = list(colours)
        changed[0] = (changed[0] + 1) % 3
        graphs.append((changed, edges, edge_colours))
        if edge_colours:
            recoloured = list(edge_colours)
            recoloured[-1] = (recoloured[-1] + 1) % 3
            graphs.append((colours, edges, recoloured))
    plain = 2 if coloured_edges else None
    keys = [graph_key(c, e, ec, plain=plain) for c, e, ec in graphs]
    full = [graph_key(c, e, ec) for c, e, ec in graphs]
    reference = [graph_key_reference(c, e, ec) for c, e, ec in graphs]
    assert full == reference  # the fast key is the same canonical form
    nxs = [_nx(*g) for g in graphs]
    pairs = [(i, i + 1) for i in range(0, 600, 2)]  # isomorphic copies
    pairs += [(rng.randrange(len(graphs)), rng.randrange(len(graphs))) for _ in range(3000)]
    equal = 0
    for i, j in pairs:
        same = _isomorphic(nxs[i], nxs[j])
        assert (keys[i] == keys[j]) == same, (graphs[i], graphs[j])
        assert (full[i] == full[j]) == same, (graphs[i], graphs[j])
        equal += same
    assert equal >= 300


def test_forest_key_is_exactly_isomorphism() -> None:
    rng = random.Random(3)
    forests = []
    for _ in range(400):
        n = rng.randint(1, 12)
        tree = nx.random_labeled_tree(n, seed=rng.randrange(10**9)) if n > 1 else nx.empty_graph(1)
        colours = [rng.randint(1, 2) for _ in range(n)]
        edges = [(u, v) for u, v in tree.edges() if rng.random() < 0.85]  # sometimes a forest
        forests.append((colours, edges, None))
        forests.append(_relabel(rng, colours, edges, None))
    keys = [forest_key(c, e) for c, e, _ in forests]
    for c, e, _ in forests:
        adjacency: list[list[int]] = [[] for _ in c]
        for u, v in e:
            adjacency[u].append(v)
            adjacency[v].append(u)
        alive = [v for v in range(len(c)) if v % 3]  # a sub-forest: vertices outside ignored
        assert forest_key_adjacency(c, adjacency, range(len(c))) == forest_key(c, e)
        assert forest_key_adjacency(c, adjacency, alive) == forest_key(c, e, alive)
    nxs = [_nx(*f) for f in forests]
    pairs = [(i, i + 1) for i in range(0, 800, 2)]
    pairs += [(rng.randrange(len(forests)), rng.randrange(len(forests))) for _ in range(3000)]
    for i, j in pairs:
        assert (keys[i] == keys[j]) == _isomorphic(nxs[i], nxs[j]), (forests[i], forests[j])


def test_a_long_path_is_keyed_without_recursion() -> None:
    """The encoder peels leaves layer by layer, without recursion, and a key is a flat string:
    long paths are encoded, compared and hashed (nested tuples failed here with a
    RecursionError from about 1,000 vertices), and reversing a path's numbering keeps its key."""
    for n in (601, 602, 5001, 5002):
        labels = [1 + (i % 3 == 0) for i in range(n)]
        edges = [(i, i + 1) for i in range(n - 1)]
        key = forest_key(labels, edges)
        assert key == forest_key(labels[::-1], edges) != forest_key([3, *labels[1:]], edges)
        assert len({key, forest_key(labels[::-1], edges)}) == 1


def test_a_long_path_is_solved_by_its_parts(capsys: pytest.CaptureFixture[str]) -> None:
    """``endnim analyze -v tree`` on a path of 1,101 vertices: an answer, not an internal error
    (it was a RecursionError in the keys). With every label 1 a move deletes one vertex, so the
    game lasts exactly n moves and its Grundy value is n mod 2 (G(n) = mex of the parities
    (a + b) mod 2 over a + b = n - 1, by induction)."""
    import json

    from endnim.cli import main

    n = 1101
    text = json.dumps({"labels": [1] * n, "edges": [[i, i + 1] for i in range(n - 1)]})
    try:
        main(["analyze", "--json", "-v", "tree", text])
    except SystemExit as done:
        assert not done.code, capsys.readouterr().err
    result = json.loads(capsys.readouterr().out)
    assert (result["outcome"], result["grundy"]) == ("N", 1)


def test_cached_keys_equal_fresh_keys() -> None:
    """Keys from a rule set whose caches are warm (and overflow) equal a fresh rule set's."""
    import endnim.graphs.base as base

    rng = random.Random(5)
    warm_depot, warm_partizan = Depot(), DepotPartizan()
    positions = []
    for _ in range(300):
        labels, edges = _random_graph(rng, rng.randint(1, 8), 0.4)
        positions.append(Graph.build(labels, edges))
    limit = base.KEY_CACHE_LIMIT
    base.KEY_CACHE_LIMIT = 50  # the caches start afresh many times
    try:
        for position in positions + positions[::-1]:
            assert warm_depot.canonical_key(position) == Depot().canonical_key(position)
            coloured = warm_partizan.coerce_position(
                {
                    "labels": list(position.labels),
                    "edges": [list(e) for e in position.edges],
                    "colours": [rng.choice("LRG") for _ in position.edges],
                }
            )
            assert warm_partizan.canonical_key(coloured) == DepotPartizan().canonical_key(coloured)
    finally:
        base.KEY_CACHE_LIMIT = limit


def test_tree_key_sees_only_live_vertices() -> None:
    tree = Tree()
    a = tree.coerce_position({"labels": [3, 1, 0, 2], "edges": [[0, 1], [1, 2], [2, 3]]})
    b = tree.coerce_position({"labels": [3, 1, 2], "edges": [[0, 1]]})
    c = tree.coerce_position({"labels": [3, 1, 2], "edges": [[0, 1], [1, 2]]})
    assert tree.canonical_key(a) == tree.canonical_key(b) != tree.canonical_key(c)


def test_unchecked_graphs_equal_built_ones_and_hash_alike() -> None:
    rng = random.Random(9)
    for _ in range(300):
        labels, edges = _random_graph(rng, rng.randint(1, 7), 0.5)
        turned = [(v, u) if rng.random() < 0.5 else (u, v) for u, v in edges]
        rng.shuffle(turned)
        colours = [rng.choice("LRG") for _ in turned]
        homes = [v for v, x in enumerate(labels) if x == 0 and rng.random() < 0.5]
        built = Graph.build(labels, turned, colours, homes)
        fast = Graph.unchecked(labels, turned, colours, homes + homes[:1])
        assert fast == built and hash(fast) == hash(built)
        assert Graph.unchecked(labels, turned) == Graph.build(labels, turned)
        if labels:
            changed = built.with_label(0, labels[0] + 1).with_label(0, labels[0])
            assert changed == built and hash(changed) == hash(built)


@pytest.mark.parametrize("name", ["depot", "depot-partizan"])
def test_the_search_keys_each_option_once(name: str) -> None:
    """The solver computes a canonical key once per option it meets (plus the root's), not
    again to combine values or to tell Left's options from Right's."""
    from endnim.search import Solver
    from endnim.variants import get_variant

    base = type(get_variant(name))
    calls = [0]

    class Counting(base):  # type: ignore[valid-type,misc]
        def canonical_key(self, position: Graph) -> object:
            calls[0] += 1
            return super().canonical_key(position)

    rules = Counting()
    position = rules.parse_position("grid 2x3: 2 1 2 1 0 2")
    expanded = _solved_positions(rules, position)
    options = sum(len(rules.children(p, who)) for p in expanded for who in rules.players())
    calls[0] = 0
    solver = Solver(rules, budget=10**6)
    solver.value(position)
    assert solver.cached_states() == len(expanded) > 10
    assert calls[0] <= options + 3  # the root: to look it up, check the budget, and search


def _solved_positions(rules: object, root: Graph) -> list[Graph]:
    """One position per canonical key reachable from ``root`` (what the search expands)."""
    seen: dict[object, Graph] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        key = rules.canonical_key(node)  # type: ignore[attr-defined]
        if key in seen:
            continue
        seen[key] = node
        for who in rules.players():  # type: ignore[attr-defined]
            stack.extend(rules.children(node, who))  # type: ignore[attr-defined]
    return list(seen.values())


def _blown_up(rng: random.Random) -> tuple[list[int], list[tuple[int, int]], list[int] | None]:
    """A graph of more than 64 vertices full of twins: a small random graph whose vertices are
    each copied a few times (copies joined to each other or not), plus isolated vertices, a
    star and a matching."""
    colours, edges = _random_graph(rng, rng.randint(4, 12), rng.choice([0.2, 0.5]))
    copies = [[v] for v in range(len(colours))]
    out_colours = list(colours)
    out_edges = list(edges)
    for v in range(len(colours)):
        joined = rng.random() < 0.5
        for _ in range(rng.randint(0, 6)):
            twin = len(out_colours)
            out_colours.append(colours[v])
            out_edges += [(twin, w) for u, w in edges if u == v]
            out_edges += [(twin, u) for u, w in edges if w == v]
            if joined:
                out_edges += [(twin, c) for c in copies[v]]
            copies[v].append(twin)
    centre = len(out_colours)
    out_colours += [rng.randint(0, 2) for _ in range(rng.randint(1, 20))]  # a star
    out_edges += [(centre, leaf) for leaf in range(centre + 1, len(out_colours))]
    for _ in range(rng.randint(0, 6)):  # a matching
        out_colours += [rng.randint(0, 2), rng.randint(0, 2)]
        out_edges.append((len(out_colours) - 2, len(out_colours) - 1))
    while len(out_colours) <= 70 or rng.random() < 0.5:  # isolated vertices
        out_colours.append(rng.randint(0, 2))
    coloured = rng.random() < 0.5
    edge_colours = [rng.randint(0, 2) for _ in out_edges] if coloured else None
    return out_colours, out_edges, edge_colours


def test_large_graph_keys_merging_twins_are_exactly_isomorphism() -> None:
    """Past 64 vertices the key merges twins and keys components apart: equal keys exactly
    when bliss's canonical forms of the whole graphs are equal."""
    rng = random.Random(11)
    graphs = []
    for _ in range(60):
        graph = _blown_up(rng)
        graphs += [graph, _relabel(rng, *graph)]
    for colours, edges, edge_colours in graphs[:60:2]:  # near misses
        changed = list(colours)
        changed[rng.randrange(len(changed))] += 3
        graphs.append((changed, edges, edge_colours))
        if edges:
            fewer = rng.randrange(len(edges))
            kept = None
            if edge_colours is not None:
                kept = edge_colours[:fewer] + edge_colours[fewer + 1 :]
            graphs.append((colours, edges[:fewer] + edges[fewer + 1 :], kept))
    keys = [graph_key(c, e, ec, plain=2 if ec else None) for c, e, ec in graphs]
    reference = [graph_key_reference(c, e, ec) for c, e, ec in graphs]
    pairs = [(i, i + 1) for i in range(0, 120, 2)]
    pairs += [(i, j) for i in range(len(graphs)) for j in range(i + 1, len(graphs))]
    equal = 0
    for i, j in pairs:
        same = reference[i] == reference[j]
        assert (keys[i] == keys[j]) == same, (graphs[i], graphs[j])
        equal += same
    assert equal >= 60


def test_large_symmetric_graphs_are_keyed_fast() -> None:
    """Shapes bliss takes minutes on (many interchangeable vertices) are keyed at once."""
    n = 50_000
    isolated = graph_key([1] * n, [])
    assert isolated == graph_key([1] * n, [])
    assert isolated != graph_key([1] * (n - 1) + [2], [])
    star = graph_key([1] * n, [(0, v) for v in range(1, n)])
    assert star == graph_key([1] * n, [(n - 1, v) for v in range(n - 1)])
    complete = graph_key([1] * 300, [(u, v) for u in range(300) for v in range(u + 1, 300)])
    assert complete != graph_key([1] * 300, [(u, v) for u in range(300) for v in range(u + 2, 300)])
