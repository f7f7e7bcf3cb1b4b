"""The warehouse catalogue's graphs of 8 vertices come from nauty's ``geng``: the counts are the
known ones (1, 1, 2, 6, 21, 112, 853, 11,117 connected graphs), geng's graphs of up to 7
vertices are networkx's atlas's up to isomorphism, and without geng the family stops at 7
vertices with one line saying so."""

from __future__ import annotations

import itertools

import networkx as nx  # type: ignore[import-untyped]
import pytest

from endnim.errors import EndNimError
from endnim.graphs.canonical import graph_key
from endnim.sweep import depot_catalogue as C

needs_geng = pytest.mark.skipif(C.geng_binary() is None, reason="nauty's geng is not installed")


def classes(shapes: tuple[C.Edges, ...], n: int) -> set[object]:
    return {graph_key([1] * n, list(edges)) for edges in shapes}


@needs_geng
def test_the_graphs_family_has_the_known_counts_to_8_vertices() -> None:
    found = [len(C.family_shapes("graphs", n)) for n in range(1, 9)]
    assert found == [1, 1, 2, 6, 21, 112, 853, 11117] == list(C.CONNECTED_GRAPHS)
    eight = C.family_shapes("graphs", 8)
    assert len(classes(eight, 8)) == 11117  # no two isomorphic
    assert all(nx.is_connected(nx.Graph(list(edges))) for edges in eight)
    assert all(max(v for e in edges for v in e) == 7 for edges in eight)
    assert C.family_shapes("graphs", 9) == ()


@needs_geng
@pytest.mark.parametrize("n", range(1, 8))
def test_geng_and_the_atlas_give_the_same_catalogue_to_7_vertices(n: int) -> None:
    atlas, geng = C.atlas_shapes(n), C.geng_shapes(n)
    assert len(atlas) == len(geng) == C.CONNECTED_GRAPHS[n - 1]
    assert classes(atlas, n) == classes(geng, n)
    assert C.family_shapes("graphs", n) == atlas  # the shapes' numbers of older stores hold


def test_graph6_is_read_as_nauty_writes_it() -> None:
    for n in range(1, 7):
        for edges in itertools.islice(C.atlas_shapes(n), 40):
            graph = nx.Graph()
            graph.add_nodes_from(range(n))
            graph.add_edges_from(edges)
            text = nx.to_graph6_bytes(graph, header=False).strip()
            assert C.graph6_edges(text) == tuple(sorted(edges))
    with pytest.raises(EndNimError, match="graph6"):
        C.graph6_edges(b"\x01\x02")


def test_without_geng_the_family_stops_at_7_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(C, "geng_binary", lambda: None)
    C.family_shapes.cache_clear()
    try:
        assert C.family_shapes("graphs", 8) == ()
        assert len(C.family_shapes("graphs", 7)) == 853
        with pytest.raises(EndNimError) as refused:
            C.check_range("depot", "graphs", 8, 1)
        message = str(refused.value)
        assert "\n" not in message and "geng" in message and "7" in message
        with pytest.raises(EndNimError, match="geng is not installed"):
            C.geng_shapes(5)
    finally:
        C.family_shapes.cache_clear()


@needs_geng
def test_8_vertices_are_swept_and_beyond_8_is_refused() -> None:
    tasks = [t for t in C.plan_chunks("depot", "graphs", 8, 1) if t.vertices == 8]
    assert len({t.shape for t in tasks}) == 11117
    assert sum(t.labellings for t in tasks) == 11117 * 2**8
    with pytest.raises(EndNimError, match="goes to 8"):
        C.check_range("depot", "graphs", 9, 1)
