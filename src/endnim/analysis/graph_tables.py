"""Tables of graph families: the Grundy value (``depot-partizan``: the outcome class) of a
family member whose parameters depend on two numbers a (rows) and b (columns), in the formats
and heatmaps of ``endnim table``.

A family (:data:`FAMILIES`) takes its parameters as text in which the variables ``a`` and ``b``
(also ``a+1``, ``b-2``, ...) stand for the row and column values: ``star`` with ``centre="3"``
and ``leaves="a b"`` is the table of star(3; a, b). A table whose parameters use only ``a`` has
one column, headed 0 (b is unused). The members are built by :mod:`endnim.graphs.families`
(see there how each numbers its vertices and what a tree family is in ``depot``).

>>> t = family_table("tree", "star", {"centre": "1", "leaves": "a b"}, "1..3", "1..3")
>>> t.pattern, t.values
('star(centre 1; leaves a b)', ((1, 2, 3), (2, 0, 1), (3, 1, 0)))
>>> family_table("depot-partizan", "cycle", {"labels": "a b"}, "1..2", "1..2").labels()
(('P', 'R'), ('L', 'P'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from endnim.analysis.ranges import parse_range
from endnim.analysis.tables import OUTCOME_LABELS, Progress, ValueTable
from endnim.errors import BudgetError, EndNimError
from endnim.graphs import families
from endnim.graphs.base import ESTIMATE_CAP, GraphRuleSet
from endnim.graphs.position import Graph
from endnim.search import DEFAULT_BUDGET, format_count

MAX_FAMILY_CELLS = 10_000
"""The most cells one family table may have."""

_VARIABLE = re.compile(r"(?<![\w])([ab])(?:\s*([+-])\s*(\d+))?(?![\w])")


@dataclass(frozen=True)
class Family:
    """A family of positions: its parameters (name -> meaning) and how a member is built."""

    name: str
    summary: str
    parameters: dict[str, str]
    build: Callable[[GraphRuleSet, Mapping[str, str]], Graph]
    defaults: dict[str, str] = field(default_factory=dict)


def _ints(text: str, what: str) -> list[int]:
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise EndNimError(f"--{what} is empty: give one or more labels")
    out = []
    for token in tokens:
        if not re.fullmatch(r"\d+", token):
            raise EndNimError(f"--{what}: {token!r:.20} is not a whole number, a or b")
        out.append(int(token))
    return out


def _int(text: str, what: str) -> int:
    values = _ints(text, what)
    if len(values) != 1:
        raise EndNimError(f"--{what} takes one number, not {len(values)}")
    return values[0]


def _lists(text: str, what: str) -> list[list[int]]:
    return [_ints(part, what) for part in re.split(r"[;/]", text) if part.strip()]


def _colours(params: Mapping[str, str]) -> str | None:
    return params.get("colours") or None


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[x×X*]\s*(\d+)\s*", text)
    if match is None:
        raise EndNimError(f"--size {text!r:.20}: write RxC, e.g. 3x4 or 'a x b'")
    return int(match.group(1)), int(match.group(2))


def _grid(rules: GraphRuleSet, p: Mapping[str, str]) -> Graph:
    rows, cols = _size(p["size"])
    cells = _ints(p["cells"], "cells")
    return families.grid(
        rows, cols, cells[0] if len(cells) == 1 else cells, rules, p.get("colours") or "G"
    )


FAMILIES: dict[str, Family] = {
    "path": Family(
        "path",
        "the path of --labels (End-Nim's row in every rule set)",
        {"labels": "the labels in order"},
        lambda rules, p: families.path(_ints(p["labels"], "labels"), rules),
    ),
    "star": Family(
        "star",
        "centre vertex 0 labelled --centre, leaves 1, 2, ... labelled --leaves",
        {"centre": "the centre's label", "leaves": "the leaves' labels", "colours": "depots"},
        lambda rules, p: families.star(
            _int(p["centre"], "centre"), _ints(p["leaves"], "leaves"), rules, _colours(p)
        ),
    ),
    "spider": Family(
        "spider",
        "centre vertex 0 and --legs, each leg written from the centre outwards",
        {"centre": "the centre's label", "legs": "legs separated by ';'", "colours": "depots"},
        lambda rules, p: families.spider(
            _int(p["centre"], "centre"), _lists(p["legs"], "legs"), rules, _colours(p)
        ),
    ),
    "caterpillar": Family(
        "caterpillar",
        "the --spine path and, per spine vertex, its leaves (--legs, ';' between vertices)",
        {"spine": "the spine's labels", "legs": "leaves per spine vertex", "colours": "depots"},
        lambda rules, p: families.caterpillar(
            _ints(p["spine"], "spine"), _lists(p.get("legs", ""), "legs"), rules, _colours(p)
        ),
        {"legs": ""},
    ),
    "binary": Family(
        "binary",
        "the complete binary tree of --depth in heap order, --labels for all or per level",
        {"depth": "the depth (0: one vertex)", "labels": "one label or one per level"},
        lambda rules, p: families.binary_tree(
            _int(p["depth"], "depth"),
            _ints(p["labels"], "labels")
            if len(_ints(p["labels"], "labels")) > 1
            else _ints(p["labels"], "labels")[0],
            rules,
            _colours(p),
        ),
    ),
    "cycle": Family(
        "cycle",
        "empty vertex 0 and --labels round a cycle (depot-partizan: partizan End-Nim)",
        {"labels": "the labels round the cycle"},
        lambda rules, p: families.cycle(_ints(p["labels"], "labels"), rules),
    ),
    "grid": Family(
        "grid",
        "the --size RxC warehouse with an empty border; --cells one label or one per cell",
        {"size": "RxC", "cells": "one label or one per cell", "colours": "G or LR"},
        _grid,
    ),
}
"""The families and their parameters (``colours``: ``depot-partizan`` only)."""


def substitute(text: str, a: int, b: int) -> str:
    """``text`` with the variables a, b (and a+k, b-k) replaced by numbers.

    >>> substitute("a b+1 3 a-1", 5, 2)
    '5 3 3 4'
    """

    def value(match: re.Match[str]) -> str:
        base = a if match.group(1) == "a" else b
        if match.group(2):
            shift = int(match.group(3))
            base = base + shift if match.group(2) == "+" else base - shift
        return str(base)

    return _VARIABLE.sub(value, text)


def uses(text: str, name: str) -> bool:
    """Whether the variable ``name`` occurs in ``text``."""
    return any(m.group(1) == name for m in _VARIABLE.finditer(text))


@dataclass(frozen=True)
class FamilyTable(ValueTable):
    """A :class:`~endnim.analysis.tables.ValueTable` over a graph family: cell (a, b) is the
    member built from the parameters with a and b put in (``middle`` and ``layout`` unused)."""

    family: str = ""
    parameters: tuple[tuple[str, str], ...] = ()

    @property
    def pattern(self) -> str:
        """The family and its parameters, e.g. ``star(centre 3; leaves a b)``."""
        inner = "; ".join(f"{k} {v}" for k, v in self.parameters)
        return f"{self.family}({inner})"

    def graph(self, a: int, b: int) -> Graph:
        """The position of cell (a, b)."""
        from endnim.variants import get_variant

        rules = get_variant(self.variant)
        assert isinstance(rules, GraphRuleSet)
        return build_member(rules, self.family, dict(self.parameters), a, b)

    def to_dict(self) -> dict[str, object]:
        """Plain data: the JSON of ``endnim graph-table --format json``."""
        data = super().to_dict()  # a row table's, with the family where its middle was
        del data["middle"], data["layout"]
        family = {"family": self.family, "parameters": dict(self.parameters)}
        return {"variant": data.pop("variant"), **family, **data}


def _family(name: str) -> Family:
    try:
        return FAMILIES[name.lower()]
    except KeyError:
        raise EndNimError(f"unknown family {name!r}: choose one of {', '.join(FAMILIES)}") from None


def check_parameters(family: str, parameters: Mapping[str, str | None]) -> dict[str, str]:
    """The family's parameters completed with defaults; a one-line error for a missing or
    foreign one."""
    spec = _family(family)
    given = {k: v for k, v in parameters.items() if v is not None}
    for key in given:
        if key not in spec.parameters:
            raise EndNimError(
                f"--{key} is not a parameter of {spec.name} (its parameters: "
                + ", ".join(f"--{k}" for k in spec.parameters)
                + ")"
            )
    out = {**spec.defaults, **given}
    if "size" in out:  # "axb", "3x4": the variables must stand apart from the x
        out["size"] = re.sub(r"\s*[x×X*]\s*", " x ", out["size"].strip())
    for key in spec.parameters:
        if key not in out and key != "colours":
            raise EndNimError(f"{spec.name} needs --{key} ({spec.parameters[key]})")
    return out


def build_member(
    rules: GraphRuleSet, family: str, parameters: Mapping[str, str], a: int, b: int
) -> Graph:
    """The member of ``family`` with a and b put into its parameters.

    >>> from endnim.variants import get_variant
    >>> build_member(get_variant("depot"), "grid", {"size": "a x b", "cells": "2"}, 1, 1).labels
    (2, 0, 0, 0, 0)
    """
    spec = _family(family)
    concrete = {k: substitute(v, a, b) for k, v in parameters.items()}
    return spec.build(rules, concrete)


def family_table(
    variant: str,
    family: str,
    parameters: Mapping[str, str | None],
    rows: str = "1..8",
    cols: str = "1..8",
    *,
    budget: int | None = None,
    progress: Progress | None = None,
) -> FamilyTable:
    """The table of ``family`` over a in ``rows`` and b in ``cols`` by exact search (Grundy
    values by parts for ``tree`` and ``depot``; outcome classes for ``depot-partizan``).

    The search is refused (one line, with an estimate) when the distinct shapes' largest
    members together may need more than ``budget`` states.
    """
    from endnim.parts import PartsSolver
    from endnim.search import Solver
    from endnim.strategies.compiled_trees import applies as compiled_trees_apply
    from endnim.variants import get_variant

    rules = get_variant(variant)
    if not isinstance(rules, GraphRuleSet):
        raise EndNimError(
            f"graph-table is for {', '.join(families.RULE_SETS)}; use 'endnim table' for "
            f"{rules.name}"
        )
    params = check_parameters(family, parameters)
    text = " ".join(params.values())
    if not uses(text, "a"):
        raise EndNimError("no parameter uses a: write a (and b) where the table's values go")
    row_values = parse_range(rows, "rows")
    col_values = parse_range(cols, "cols") if uses(text, "b") else (0,)
    if len(row_values) * len(col_values) > MAX_FAMILY_CELLS:
        raise EndNimError(
            f"a table of {len(row_values):,} × {len(col_values):,} cells is too large "
            f"(at most {MAX_FAMILY_CELLS:,} cells)"
        )
    members = {
        (a, b): build_member(rules, family, params, a, b) for a in row_values for b in col_values
    }
    limit = DEFAULT_BUDGET if budget is None else budget
    estimate = table_estimate(rules, list(members.values()))
    refusal = BudgetError(
        f"this table may solve up to {format_count(estimate)} states "
        f"({len(members):,} cells); the budget is {format_count(limit)}: raise it with "
        "--budget or shrink --rows/--cols",
        states=estimate,
        bytes_needed=0,
        budget=limit,
    )
    values: dict[tuple[int, int], int] = {}
    if compiled_trees_apply(rules):
        # isomorphic trees are solved once: past the estimate, tried with ``limit`` new trees
        values = _tree_values(members, limit, refusal if estimate > limit else None, progress)
        return _table(rules, row_values, col_values, values, family, params)
    if estimate > limit:
        raise refusal
    big = max(limit, estimate * 2)
    if rules.impartial:
        parts = PartsSolver(rules, big)
        for done, (cell, graph) in enumerate(members.items(), start=1):
            values[cell] = parts.grundy(graph)
            if progress is not None:
                progress(done, len(members))
    else:
        solver = Solver(rules, big)
        for done, (cell, graph) in enumerate(members.items(), start=1):
            values[cell] = OUTCOME_LABELS.index(str(solver.value(graph).outcome))
            if progress is not None:
                progress(done, len(members))
    return _table(rules, row_values, col_values, values, family, params)


def _table(
    rules: GraphRuleSet,
    row_values: Sequence[int],
    col_values: Sequence[int],
    values: dict[tuple[int, int], int],
    family: str,
    params: dict[str, str],
) -> FamilyTable:
    return FamilyTable(
        variant=rules.name,
        middle=(),
        layout="awb",
        rows=tuple(row_values),
        cols=tuple(col_values),
        values=tuple(tuple(values[a, b] for b in col_values) for a in row_values),
        family=_family(family).name,
        parameters=tuple(params.items()),
    )


def _tree_values(
    members: dict[tuple[int, int], Graph],
    limit: int,
    refusal: BudgetError | None,
    progress: Progress | None,
) -> dict[tuple[int, int], int]:
    """The Grundy values of ``tree`` members by the compiled solver; ``refusal``: the table's
    estimate is over ``limit``, so the search stops with it (and what it reached) after
    ``limit`` new trees in all."""
    from endnim.graphs.compiled import TreeEngine

    engine = TreeEngine(ESTIMATE_CAP if refusal is None else limit)
    values = {}
    for done, (cell, graph) in enumerate(members.items(), start=1):
        if refusal is not None:
            engine.budget = limit - len(engine.memo)
        try:
            if refusal is not None and engine.budget <= 0:
                raise refusal
            values[cell] = engine.grundy(graph)
        except BudgetError:
            assert refusal is not None
            raise BudgetError(
                f"{refusal}; isomorphic trees are solved once, so the table was tried anyway "
                f"and stopped at {format_count(len(engine.memo))} trees, {done - 1:,} cells done",
                states=refusal.states,
                bytes_needed=refusal.bytes_needed,
                budget=refusal.budget,
            ) from None
        if progress is not None:
            progress(done, len(members))
    return values


def table_estimate(rules: GraphRuleSet, members: list[Graph]) -> int:
    """States the table's search may meet: members with the same vertices and edges are
    positions below their elementwise largest member, whose estimate counts them all; the
    estimates of the distinct shapes add up (by parts where the rule set splits).

    >>> from endnim.variants import get_variant
    >>> tree = get_variant("tree")
    >>> members = [families.star(1, [a, 2]) for a in (1, 2, 3)]
    >>> table_estimate(tree, members) == tree.part_estimate(families.star(1, [3, 2]))
    True
    """
    tops: dict[Any, list[int]] = {}
    for graph in members:
        shape = (graph.order, graph.edges, graph.colours, graph.homes)
        top = tops.setdefault(shape, list(graph.labels))
        for i, x in enumerate(graph.labels):
            if x > top[i]:
                top[i] = x
    total = 0
    for (_, edges, colours, homes), labels in tops.items():
        top_graph = Graph(tuple(labels), edges, colours, homes)
        if rules.impartial:
            total += rules.part_estimate(top_graph)
        else:
            total += rules.estimate_states(top_graph)
    return total


__all__ = [
    "FAMILIES",
    "Family",
    "FamilyTable",
    "build_member",
    "check_parameters",
    "family_table",
    "substitute",
    "table_estimate",
]
