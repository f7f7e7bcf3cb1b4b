"""Checking a conjecture on every labelled tree with at most N vertices and labels at most H
(one per isomorphism class), from a stored tree sweep or computed on the spot.

The expression language is that of ``endnim conjecture --holds`` (:mod:`endnim.analysis
.expression`); on a tree its names mean: ``a`` the labels in the order the tree's canonical
notation writes them (:func:`endnim.sweep.trees.canonical_notation`: the centre first, then
depth first with sorted children), ``n`` the number of vertices, ``first`` the centre's label,
``last`` the last label written, ``beans`` the sum of the labels, ``g`` the Grundy value.

>>> from endnim.analysis.conjecture import custom_conjecture
>>> report = check_tree_conjecture(custom_conjecture("tree", "g <= beans"), 4, 2)
>>> report.trees, report.holds
(29, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endnim.analysis.conjecture import KEPT_EXAMPLES, Conjecture, Progress
from endnim.errors import EndNimError


def _order(item: tuple[str, int, int]) -> tuple[int, int, str]:
    notation, vertices, beans = item
    return (vertices, beans, notation)


@dataclass
class TreeConjectureReport:
    """What a check over the trees found."""

    conjecture: str
    statement: str
    max_vertices: int
    max_label: int
    trees: int = 0
    applicable: int = 0
    counterexamples: int = 0
    examples: list[str] = field(default_factory=list)
    smallest_counterexample: str | None = None
    tight_meaning: str = ""
    tight_count: int = 0
    smallest_tight: str | None = None
    source: str = "exact search"
    _best: dict[str, tuple[int, int, str]] = field(default_factory=dict, repr=False)

    @property
    def holds(self) -> bool:
        return self.counterexamples == 0

    def record(self, notation: str, vertices: int, beans: int, ok: bool, tight: bool) -> None:
        """Count a failing or extremal tree (smallest: fewest vertices, then beans)."""
        item = (notation, vertices, beans)
        if not ok:
            self.counterexamples += 1
            if len(self.examples) < KEPT_EXAMPLES:
                self.examples.append(notation)
            best = self._best.get("counter")
            if best is None or _order(item) < best:
                self._best["counter"] = _order(item)
                self.smallest_counterexample = notation
        if tight:
            self.tight_count += 1
            best = self._best.get("tight")
            if best is None or _order(item) < best:
                self._best["tight"] = _order(item)
                self.smallest_tight = notation

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``endnim conjecture --variant tree --json``."""
        return {
            "conjecture": self.conjecture,
            "variant": "tree",
            "statement": self.statement,
            "max_vertices": self.max_vertices,
            "max_label": self.max_label,
            "trees": self.trees,
            "applicable": self.applicable,
            "holds": self.holds,
            "counterexamples": self.counterexamples,
            "examples": self.examples,
            "smallest_counterexample": self.smallest_counterexample,
            "tight_meaning": self.tight_meaning,
            "tight_count": self.tight_count,
            "smallest_tight": self.smallest_tight,
            "complete": True,
            "source": self.source,
        }


def tree_values(
    max_vertices: int, max_label: int, sweep_dir: str | Path | None = None
) -> tuple[Iterator[tuple[str, int, tuple[int, ...], int]], str]:
    """Every (notation, vertices, labels, Grundy value) in the range, and where they come
    from: the stored tree sweep in ``sweep_dir`` when it covers the range, else exact search."""
    from endnim.sweep.trees import is_tree_sweep, open_tree_sweep

    if sweep_dir is not None and is_tree_sweep(sweep_dir):
        store = open_tree_sweep(sweep_dir)
        if store.max_label >= max_label and store.max_vertices >= max_vertices:

            def stored() -> Iterator[tuple[str, int, tuple[int, ...], int]]:
                try:
                    for row in store.rows(list(range(1, max_vertices + 1))):
                        if max(row[2]) <= max_label:
                            yield row
                finally:
                    store.close()

            return stored(), f"stored tree sweep {sweep_dir}"
        store.close()
    elif sweep_dir is not None:
        raise EndNimError(f"--sweep {sweep_dir}: holds no tree sweep (endnim sweep -v tree)")
    return _computed(max_vertices, max_label), "exact search"


def _computed(max_vertices: int, max_label: int) -> Iterator[tuple[str, int, tuple[int, ...], int]]:
    from endnim.graphs.tree import Tree
    from endnim.parts import PartsSolver
    from endnim.sweep.trees import canonical_notation, labelled_trees, tree_shapes

    solver = PartsSolver(Tree(), budget=10**12)
    for n in range(1, max_vertices + 1):
        for edges in tree_shapes(n):
            for graph in labelled_trees(edges, n, max_label):
                notation = canonical_notation(graph.labels, graph.edges)
                yield notation, n, notation_labels(notation), solver.grundy(graph)


def notation_labels(notation: str) -> tuple[int, ...]:
    """The labels in the order a notation writes them.

    >>> notation_labels("1(2 3(4))")
    (1, 2, 3, 4)
    """
    import re

    return tuple(int(x) for x in re.findall(r"\d+", notation))


def check_tree_conjecture(
    conjecture: Conjecture,
    max_vertices: int,
    max_label: int,
    *,
    sweep_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> TreeConjectureReport:
    """Check ``conjecture`` (a ``tree`` one) on every labelled tree with <= ``max_vertices``
    vertices and labels <= ``max_label``, one per isomorphism class."""
    from endnim.sweep.trees import MAX_LABELLINGS, count_labellings

    if conjecture.variant != "tree":
        raise EndNimError(f"this check is for tree conjectures, not {conjecture.variant}")
    if max_vertices > 14:
        raise EndNimError(f"--max-length {max_vertices}: trees have at most 14 vertices here")
    if sweep_dir is None and count_labellings(max_vertices, max_label) > MAX_LABELLINGS // 10:
        raise EndNimError(
            f"{count_labellings(max_vertices, max_label):,} labellings to search: store a tree "
            "sweep first (endnim sweep -v tree) and pass it with --sweep"
        )
    rows, source = tree_values(max_vertices, max_label, sweep_dir)
    report = TreeConjectureReport(
        conjecture.name,
        conjecture.statement,
        max_vertices,
        max_label,
        tight_meaning=conjecture.tight_meaning,
        source=source,
    )
    for notation, n, _labels, value in rows:
        written = notation_labels(notation)
        report.trees += 1
        if conjecture.applies is not None and not conjecture.applies(written, value):
            continue
        report.applicable += 1
        ok = conjecture.holds(written, value)
        tight = conjecture.tight is not None and conjecture.tight(written, value)
        if not ok or tight:
            report.record(notation, n, sum(written), ok, tight)
        if progress is not None and report.trees % 1000 == 0:
            progress(report.trees, report.trees)
    return report


__all__ = ["TreeConjectureReport", "check_tree_conjecture", "notation_labels", "tree_values"]
