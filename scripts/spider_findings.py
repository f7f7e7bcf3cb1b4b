"""Spiders with centres 2 and 3 (docs/graphs.md, Findings 12 and 13) with the compiled tree
solver: two-leg spiders (End-Nim rows) against the legs' values, spiders of three to five legs
by how many legs are constant with a label <= the centre, and the smallest proof that no
function of the legs makes three-leg spiders with centre 2 or 3 P exactly when it xors to 0.
With it, Finding 15: the two branches at a vertex of degree 2 in the trees of <= 8 vertices.
Writes data/trees/spiders-centres-2-3.json. About a minute of CPU.

    .venv/bin/python scripts/spider_findings.py
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from endnim.graphs import families
from endnim.graphs.compiled import TreeEngine
from endnim.graphs.findings import (
    Branch,
    branch_value,
    branches,
    leg_value,
    low_leg,
    nim_sum,
    tree_p_at_a_one,
)
from endnim.sweep.trees import canonical_notation, labelled_trees, tree_shapes

ROOT = Path(__file__).resolve().parent.parent
ENGINE = TreeEngine(budget=10**9)
Leg = tuple[int, ...]

ROW_RANGES = ((2, 4, 4), (3, 4, 4), (4, 3, 5), (5, 3, 6))
"""(centre, longest leg, largest label) of the two-leg spiders checked (Finding 12)."""
SPIDER_RANGES = ((2, 3, 3, 3), (3, 3, 3, 3), (2, 4, 2, 3), (3, 4, 2, 3), (2, 5, 2, 2), (3, 5, 2, 2))
"""(centre, legs, longest leg, largest label) of the spiders counted (Finding 13)."""


def legs_up_to(length: int, top: int) -> list[Leg]:
    return [
        leg
        for size in range(1, length + 1)
        for leg in itertools.product(range(1, top + 1), repeat=size)
    ]


def p(centre: int, legs: tuple[Leg, ...]) -> bool:
    return ENGINE.grundy(families.spider(centre, [list(leg) for leg in legs])) == 0


def rows() -> list[dict[str, object]]:
    """Finding 12: two legs, neither constant <= c: P exactly when the legs' values are equal;
    and a constant leg a^m with a < c against such a leg: P exactly when the other leg's value
    is v(a^(m+1))."""
    found: list[dict[str, object]] = []
    for centre, length, top in ROW_RANGES:
        counts: Counter[str] = Counter()
        first: dict[str, object] = {}
        for a, b in itertools.combinations_with_replacement(legs_up_to(length, top), 2):
            lows = low_leg(centre, a) + low_leg(centre, b)
            if lows == 0:
                kind, rule = "neither_low", leg_value(a) == leg_value(b)
            elif lows == 1:
                low, other = (a, b) if low_leg(centre, a) else (b, a)
                if low[0] == centre:
                    continue
                kind, rule = "one_below_centre", leg_value(other) == leg_value((*low, low[0]))
            else:
                kind, rule = "both_low", leg_value(a) == leg_value(b)
            counts[kind] += 1
            if p(centre, (a, b)) == rule:
                counts[kind + "_holds"] += 1
            else:
                first.setdefault(kind, [a, b])
        found.append(
            {"centre": centre, "longest_leg": length, "max_label": top, **counts, "first": first}
        )
    return found


def spiders() -> list[dict[str, object]]:
    """Finding 13: "P exactly when the legs' values xor to 0", by the number of low legs."""
    found: list[dict[str, object]] = []
    for centre, count, length, top in SPIDER_RANGES:
        members: Counter[int] = Counter()
        holds: Counter[int] = Counter()
        first: dict[int, list[Leg]] = {}
        for legs in itertools.combinations_with_replacement(legs_up_to(length, top), count):
            lows = sum(low_leg(centre, leg) for leg in legs)
            members[lows] += 1
            if p(centre, legs) == (nim_sum([leg_value(leg) for leg in legs]) == 0):
                holds[lows] += 1
            else:
                first.setdefault(lows, list(legs))
        found.append(
            {
                "centre": centre,
                "legs": count,
                "longest_leg": length,
                "max_label": top,
                "by_low_legs": [
                    {"low": k, "spiders": members[k], "holds": holds[k], "first": first.get(k)}
                    for k in sorted(members)
                ],
            }
        )
    return found


PREDICATES: dict[str, Callable[[int, Leg], bool]] = {
    "a label other than 1": lambda c, leg: any(x != 1 for x in leg),
    "a label above c": lambda c, leg: any(x > c for x in leg),
    "value > c": lambda c, leg: leg_value(leg) > c,
    "value >= 2": lambda c, leg: leg_value(leg) >= 2,
    "value != c": lambda c, leg: leg_value(leg) != c,
    "two or more vertices": lambda c, leg: len(leg) >= 2,
    "inner label != c": lambda c, leg: leg[0] != c,
    "inner label > c": lambda c, leg: leg[0] > c,
    "not constant c": lambda c, leg: any(x != c for x in leg),
    "not low": lambda c, leg: not low_leg(c, leg),
}
"""Leg properties tried as the condition of "P exactly when the legs' values xor to 0"."""


def hypotheses() -> list[dict[str, object]]:
    """Finding 13: the rule restricted to spiders with at least m legs having a property, on
    three legs of <= 3 vertices with labels <= 3, centres 2 and 3."""
    found: list[dict[str, object]] = []
    for centre in (2, 3):
        members = [
            (legs, p(centre, legs), nim_sum([leg_value(leg) for leg in legs]) == 0)
            for legs in itertools.combinations_with_replacement(legs_up_to(3, 3), 3)
        ]
        for name, holds in PREDICATES.items():
            for least in (1, 2, 3):
                covered = failures = 0
                first: tuple[Leg, ...] | None = None
                for legs, is_p, zero in members:
                    if sum(holds(centre, leg) for leg in legs) >= least:
                        covered += 1
                        if is_p != zero:
                            failures += 1
                            first = first or legs
                found.append(
                    {
                        "centre": centre,
                        "property": name,
                        "legs_with_it": least,
                        "covered": covered,
                        "fail": failures,
                        "first": first,
                    }
                )
    return found


def no_xor_function(centre: int, candidates: list[Leg]) -> dict[str, object] | None:
    """Two pairs (A, B), (A2, B2) whose sets of third legs making a P-position share a leg C
    but differ on a leg D: then no w has P exactly when w(A) ^ w(B) ^ w(third) = 0. The pairs
    with the fewest vertices, first in order."""
    third: dict[tuple[Leg, Leg], set[Leg]] = {
        pair: {leg for leg in candidates if p(centre, (*pair, leg))}
        for pair in itertools.combinations_with_replacement(candidates, 2)
    }
    best: tuple[int, tuple[Leg, Leg], tuple[Leg, Leg], Leg, Leg] | None = None
    pairs = list(third)
    for i, one in enumerate(pairs):
        for two in pairs[i + 1 :]:
            common, differ = third[one] & third[two], third[one] ^ third[two]
            if common and differ:
                size = sum(len(leg) for leg in (*one, *two))
                found = (size, one, two, min(common), min(differ))
                if best is None or found[0] < best[0]:
                    best = found
    if best is None:
        return None
    _, one, two, shared, apart = best
    return {
        "pair": one,
        "other_pair": two,
        "P_with_both": shared,
        "P_with_one_only": apart,
        "P": {str(pair): p(centre, (*pair, apart)) for pair in (one, two)},
    }


def constant_low(branch: Branch, centre: int) -> bool:
    labels = set(flatten(branch))
    return len(labels) == 1 and min(labels) <= centre


def flatten(branch: Branch) -> list[int]:
    return [branch[0], *(x for child in branch[1] for x in flatten(child))]


def degree_two(largest: int = 8, top: int = 3) -> dict[str, object]:
    """Finding 15: at every vertex r of degree 2 (label c) of every tree with <= ``largest``
    vertices and labels <= ``top`` whose two branches are not constant <= c: P exactly when
    the two branches' values are equal? Split by whether every vertex of degree >= 3 is
    labelled 1; counted also where Finding 10's rule does not apply to the tree."""
    kinds = ("ones", "other")
    checked = dict.fromkeys(kinds, 0)
    agree = dict.fromkeys(kinds, 0)
    beyond_10 = 0
    failure: dict[str, str | None] = dict.fromkeys(kinds)
    for n in range(3, largest + 1):
        for shape in tree_shapes(n):
            for position in labelled_trees(shape, n, top):
                labels, edges = position.labels, position.edges
                degree = [sum(v in edge for edge in edges) for v in range(n)]
                ones = all(x == 1 for d, x in zip(degree, labels, strict=True) if d >= 3)
                kind = "ones" if ones else "other"
                for vertex in range(n):
                    if degree[vertex] != 2:
                        continue
                    left, right = branches(labels, edges, vertex)
                    if constant_low(left, labels[vertex]) or constant_low(right, labels[vertex]):
                        continue
                    value = ENGINE.grundy(position)
                    checked[kind] += 1
                    if (value == 0) == (branch_value(left) == branch_value(right)):
                        agree[kind] += 1
                    elif failure[kind] is None:
                        failure[kind] = f"{canonical_notation(labels, edges)} has value {value}"
                    if ones and tree_p_at_a_one(labels, edges) is None:
                        beyond_10 += 1
    return {
        "max_vertices": largest,
        "max_label": top,
        **{
            kind: {"checked": checked[kind], "agree": agree[kind], "first_failure": failure[kind]}
            for kind in kinds
        },
        "ones_where_finding_10_does_not_apply": beyond_10,
    }


def main() -> None:
    witnesses = {}
    for centre in (2, 3):
        every = legs_up_to(2, 3)
        not_low = [leg for leg in legs_up_to(3, 3) if not low_leg(centre, leg)]
        witnesses[f"centre {centre}, legs <= 2 vertices, labels <= 3"] = no_xor_function(
            centre, every
        )
        witnesses[f"centre {centre}, legs <= 3 vertices, labels <= 3, none low"] = no_xor_function(
            centre, not_low
        )
    result = {
        "rows": rows(),
        "spiders": spiders(),
        "no_xor_function": witnesses,
        "hypotheses": hypotheses(),
        "degree_two": degree_two(),
    }
    target = ROOT / "data" / "trees" / "spiders-centres-2-3.json"
    target.write_text(json.dumps(result, indent=1) + "\n")
    print(target.read_text())


if __name__ == "__main__":
    main()
