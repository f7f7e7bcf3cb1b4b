"""Recompute Findings 9-11 of docs/graphs.md (spiders with long legs, caterpillars, xor rules)
with the compiled tree solver and write their counts to data/trees/findings.json. About a
minute of CPU.

    .venv/bin/python scripts/tree_findings.py
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from endnim.graphs import families
from endnim.graphs.compiled import TreeEngine
from endnim.graphs.findings import (
    Branch,
    branch_value,
    branches,
    leg_value,
    nim_sum,
    spider_p_centre_one_long_legs,
    tree_p_at_a_one,
)
from endnim.graphs.position import Graph
from endnim.sweep.trees import canonical_notation, labelled_trees, tree_shapes

ROOT = Path(__file__).resolve().parent.parent
ENGINE = TreeEngine(budget=10**9)
Leg = tuple[int, ...]
Member = TypeVar("Member")

SPIDER_RANGES = ((2, 5, 3), (3, 3, 3), (3, 4, 2), (4, 3, 2), (4, 2, 3))
"""(legs, longest leg, largest label) of the spiders checked."""


def grundy(position: Graph) -> int:
    return ENGINE.grundy(position)


def legs_up_to(length: int, top: int) -> list[Leg]:
    """Every leg of 1..``length`` vertices with labels 1..``top``."""
    return [
        leg
        for size in range(1, length + 1)
        for leg in itertools.product(range(1, top + 1), repeat=size)
    ]


def spiders(count: int, length: int, top: int) -> Iterator[tuple[Leg, ...]]:
    """The spiders' legs, as multisets."""
    return itertools.combinations_with_replacement(legs_up_to(length, top), count)


def plain(legs: Sequence[Leg]) -> list[list[int]]:
    return [list(leg) for leg in legs]


def spider_rule() -> list[dict[str, object]]:
    """Finding 9: centre 1, the legs' values, per range."""
    found: list[dict[str, object]] = []
    for count, length, top in SPIDER_RANGES:
        covered = agree = one_leg = one_leg_agree = 0
        for legs in spiders(count, length, top):
            p = grundy(families.spider(1, plain(legs))) == 0
            special = sum(1 for leg in legs if any(x != 1 for x in leg))
            if special >= 2:
                covered += 1
                agree += p == spider_p_centre_one_long_legs(legs)
            elif special == 1:
                one_leg += 1
                one_leg_agree += p == (nim_sum([leg_value(leg) for leg in legs]) == 0)
        found.append(
            {
                "legs": count,
                "longest_leg": length,
                "max_label": top,
                "covered": covered,
                "agree": agree,
                "one_special_leg": one_leg,
                "one_special_leg_agree": one_leg_agree,
            }
        )
    return found


def other_centres() -> dict[str, dict[str, object]]:
    """Finding 9 for centres 2 and 3: the legs' values do not decide."""
    found: dict[str, dict[str, object]] = {}
    for centre in (2, 3):

        def claim(legs: tuple[Leg, ...], value: int) -> bool:
            return (value == 0) == (nim_sum([leg_value(leg) for leg in legs]) == 0)

        members = ((legs, families.spider(centre, plain(legs))) for legs in spiders(3, 3, 3))
        key = f"spider c={centre}, 3 legs <= 3, labels <= 3: P exactly when legs' values xor to 0"
        found[key] = first_failure(members, claim)
    return found


def first_failure(
    members: Iterator[tuple[Member, Graph]], claim: Callable[[Member, int], bool]
) -> dict[str, object]:
    """How many members satisfy ``claim(member, value)``, and the first that does not (in
    canonical notation, with its value)."""
    total = holds = 0
    first: str | None = None
    for member, position in members:
        total += 1
        value = grundy(position)
        if claim(member, value):
            holds += 1
        elif first is None:
            first = f"{canonical_notation(position.labels, position.edges)} has value {value}"
    return {"members": total, "holds": holds, "first_failure": first}


def row_value(labels: Sequence[int]) -> int:
    return grundy(families.path(list(labels)))


def xor_rules() -> dict[str, object]:
    """Finding 11: simple xor rules on stars, spiders and all small trees."""
    found: dict[str, object] = {}
    for centre in range(1, 8):
        stars = (
            ((centre, leaves), families.star(centre, list(leaves)))
            for leaves in itertools.combinations_with_replacement(range(1, 7), 3)
        )
        found[f"star c={centre}, 3 leaves <= 6: G = xor of leaves"] = first_failure(
            stars,
            lambda m, g: g == nim_sum(m[1]),
        )
    rules: dict[str, Callable[[int, tuple[Leg, ...]], int]] = {
        "xor of leg values": lambda c, legs: nim_sum([leg_value(leg) for leg in legs]),
        "xor of legs as rows": lambda c, legs: nim_sum([row_value(leg) for leg in legs]),
        "xor of centre+leg rows": lambda c, legs: nim_sum([row_value((c, *leg)) for leg in legs]),
    }
    for name, rule in rules.items():

        def claim(
            member: tuple[int, tuple[Leg, ...]],
            value: int,
            rule: Callable[[int, tuple[Leg, ...]], int] = rule,
        ) -> bool:
            return value == rule(*member)

        for centre in (1, 2, 3):
            members = (
                ((centre, legs), families.spider(centre, plain(legs))) for legs in spiders(3, 3, 3)
            )
            found[f"spider c={centre}, 3 legs <= 3, labels <= 3: G = {name}"] = first_failure(
                members, claim
            )
    for n in range(2, 8):
        trees = (
            (position.labels, position)
            for shape in tree_shapes(n)
            for position in labelled_trees(shape, n, 3)
        )
        found[f"trees of {n} vertices, labels <= 3: P exactly when xor of labels is 0"] = (
            first_failure(
                trees,
                lambda m, g: (g == 0) == (nim_sum(m) == 0),
            )
        )
    return found


CATERPILLAR_RANGES = ((5, (1, 2), 2), (4, (1,), 4))
"""(longest spine, the spine's labels, largest leaf label) of the caterpillars checked; each
spine vertex carries 0, 1 or 2 leaves."""


def caterpillars() -> list[dict[str, object]]:
    """Finding 10 on caterpillars, and the share of P-positions."""
    found: list[dict[str, object]] = []
    for longest, spine_labels, top in CATERPILLAR_RANGES:
        hanging: list[Leg] = [()] + [
            leaves
            for k in (1, 2)
            for leaves in itertools.combinations_with_replacement(range(1, top + 1), k)
        ]
        for spine_length in range(1, longest + 1):
            total = p = xor_zero = covered = agree = 0
            for spine in itertools.product(spine_labels, repeat=spine_length):
                for leaves in itertools.product(hanging, repeat=spine_length):
                    position = families.caterpillar(list(spine), plain(leaves))
                    value = grundy(position)
                    total += 1
                    p += value == 0
                    xor_zero += (value == 0) == (nim_sum(position.labels) == 0)
                    rule = tree_p_at_a_one(position.labels, position.edges)
                    if rule is not None:
                        covered += 1
                        agree += rule == (value == 0)
            found.append(
                {
                    "spine": spine_length,
                    "spine_labels": list(spine_labels),
                    "max_leaf_label": top,
                    "caterpillars": total,
                    "p": p,
                    "p_iff_xor_of_labels_zero": xor_zero,
                    "finding_10_applies": covered,
                    "finding_10_agrees": agree,
                }
            )
    return found


def special(branch: Branch) -> bool:
    """Whether the branch has a label other than 1."""
    return branch[0] != 1 or any(special(child) for child in branch[1])


def branch_rule(largest: int = 8, top: int = 3) -> dict[str, dict[str, object]]:
    """Finding 10: at a vertex labelled 1 with two or more branches that have a label other
    than 1, is the tree P exactly when the branches' values have nim-sum 0? Every such (tree,
    vertex) with <= ``largest`` vertices and labels <= ``top``, split by whether every vertex of
    degree >= 3 is labelled 1."""
    kinds = ("ones", "other")
    checked = dict.fromkeys(kinds, 0)
    agree = dict.fromkeys(kinds, 0)
    failure: dict[str, str | None] = dict.fromkeys(kinds)
    for n in range(3, largest + 1):
        for shape in tree_shapes(n):
            for position in labelled_trees(shape, n, top):
                labels, edges = position.labels, position.edges
                degree = [sum(v in edge for edge in edges) for v in range(n)]
                ones = all(label == 1 for d, label in zip(degree, labels, strict=True) if d >= 3)
                kind = "ones" if ones else "other"
                for vertex in range(n):
                    hanging = branches(labels, edges, vertex)
                    if labels[vertex] != 1 or sum(map(special, hanging)) < 2:
                        continue
                    value = grundy(position)
                    checked[kind] += 1
                    if (value == 0) == (nim_sum([branch_value(b) for b in hanging]) == 0):
                        agree[kind] += 1
                    elif failure[kind] is None:
                        notation = canonical_notation(labels, edges)
                        failure[kind] = f"{notation} has value {value}"
    return {
        kind: {"checked": checked[kind], "agree": agree[kind], "first_failure": failure[kind]}
        for kind in kinds
    }


def main() -> None:
    result = {
        "spiders_centre_one": spider_rule(),
        "spiders_other_centres": other_centres(),
        "branches_at_a_one": branch_rule(),
        "caterpillars": caterpillars(),
        "xor_rules": xor_rules(),
    }
    target = ROOT / "data" / "trees" / "findings.json"
    target.write_text(json.dumps(result, indent=1) + "\n")
    print(target.read_text())


if __name__ == "__main__":
    main()
