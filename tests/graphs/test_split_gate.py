"""A user's relative of a graph rule set inherits its split into independent parts only while
it plays the game that split was proved for (issue 39's follow-up): a subclass of ``tree`` or
``depot`` that changes a move or terminal hook is solved whole (the sum theorem does not hold
of it), and one that defines ``components`` itself keeps splitting (it answers for it).

The hostile relatives are tests/rules_gallery/graph_relatives.py; the brute forces below are
written from their rules as stated, on labels and edges, independent of endnim. On the code
before the gate, the misère forest of two lone 1s was a P-position and the warehouse
"2 0 1" (tallest stack first) had Grundy value 3: the xor of the parts'.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from endnim.analyzer import analyze, plan_for
from endnim.cli import cli
from endnim.graphs.base import GraphRuleSet
from endnim.graphs.tree import Tree
from endnim.parts import splits
from endnim.ruleset import split_note, split_unproved, splits_by
from endnim.variants import all_variants, get_variant, load_rules, unregister_variant

GALLERY = Path(__file__).resolve().parents[1] / "rules_gallery" / "graph_relatives.py"
MISERE_TREE = f"{GALLERY}:LastMoverLosesTree"
TALLEST = f"{GALLERY}:TallestStackDepot"


@pytest.fixture(autouse=True, scope="module")
def _registry_restored() -> Iterator[None]:
    """The gallery's rule sets loaded here leave the registry afterwards (tests that iterate
    over every registered rule set see only theirs)."""
    before = {rules.name for rules in all_variants()}
    yield
    for rules in all_variants():
        if rules.name not in before:
            unregister_variant(rules.name)


Labels = tuple[int, ...]
Edges = tuple[tuple[int, int], ...]


# ---------------------------------------------------------------------- brute forces
def leaves(labels: Labels, edges: Edges) -> list[int]:
    """Live vertices with at most one live neighbour (End-Nim on trees)."""
    found = []
    for v, label in enumerate(labels):
        if label:
            live = sum(1 for a, b in edges if v in (a, b) and labels[a + b - v])
            if live <= 1:
                found.append(v)
    return found


def tallest(labels: Labels, edges: Edges) -> list[int]:
    """Vertices holding a largest label (TallestStackDepot)."""
    top = max(labels, default=0)
    return [v for v, label in enumerate(labels) if label and label == top]


class Brute:
    """Grundy values of an impartial game on fixed edges: ``movable(labels, edges)`` says
    which vertices may be lowered (to any smaller label); with no move the player to move
    has value ``terminal`` (0: normal play, 1: misère)."""

    def __init__(
        self, movable: Callable[[Labels, Edges], list[int]], edges: Edges, terminal: int
    ) -> None:
        self.movable, self.edges, self.terminal = movable, edges, terminal
        self.grundy = cache(self._grundy)

    def moves(self, labels: Labels) -> list[tuple[str, Labels]]:
        return [
            (f"{v}={k}", labels[:v] + (k,) + labels[v + 1 :])
            for v in self.movable(labels, self.edges)
            for k in range(labels[v])
        ]

    def _grundy(self, labels: Labels) -> int:
        moves = self.moves(labels)
        if not moves:
            return self.terminal
        seen = {self.grundy(after) for _, after in moves}
        return next(g for g in itertools.count() if g not in seen)

    def winning(self, labels: Labels) -> set[str]:
        return {move for move, after in self.moves(labels) if self.grundy(after) == 0}


def forest(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> str:
    return json.dumps({"labels": list(labels), "edges": [list(e) for e in edges]})


# forests of a few trees (a lone vertex, a path of two, a star): the misère game's positions
FORESTS: list[tuple[Labels, Edges]] = [((a, b), ()) for a in range(1, 4) for b in range(1, 4)] + [
    ((1, 1, 1), ()),
    ((2, 1, 1), ((0, 1),)),
    ((1, 2, 2, 1), ((0, 1), (2, 3))),
    ((2, 1, 1, 1, 3), ((0, 1), (0, 2), (0, 3))),
]

# warehouses of several groups (labels 0 are empty vertices): a path with empties inside, two
# groups around one empty centre
WAREHOUSES: list[tuple[Labels, Edges]] = [
    ((0, 2, 0, 1, 0), ((0, 1), (1, 2), (2, 3), (3, 4))),
    ((0, 3, 0, 1, 1, 0), ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5))),
    ((0, 2, 1, 1), ((0, 1), (0, 2), (0, 3))),
    ((0, 2, 2, 0, 1, 3, 0), ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6))),
]


def check(spec: str, cases: list[tuple[Labels, Edges]], movable: Any, terminal: int) -> None:
    rules = load_rules(spec)
    for labels, edges in cases:
        brute = Brute(movable, edges, terminal)
        answer = analyze(forest(labels, edges), rules).to_dict()
        want = brute.grundy(labels)
        assert answer["grundy"] == want, (labels, edges, answer["grundy"], want)
        assert answer["outcome"] == ("N" if want else "P"), (labels, edges)
        assert set(answer["winning_moves"]) == brute.winning(labels), (labels, edges)


# ---------------------------------------------------------------------- the answers
def test_a_misere_tree_relative_is_not_the_sum_of_its_trees() -> None:
    check(MISERE_TREE, FORESTS, leaves, terminal=1)


def test_a_warehouse_whose_moves_reach_across_groups_is_not_the_sum_of_its_groups() -> None:
    check(TALLEST, WAREHOUSES, tallest, terminal=0)


def test_the_command_line_answers_them_too(tmp_path: Path) -> None:
    """``analyze --rules FILE.py:Class --json --batch`` (a line per position) and its note."""
    for spec, cases, movable, terminal in (
        (MISERE_TREE, FORESTS, leaves, 1),
        (TALLEST, WAREHOUSES, tallest, 0),
    ):
        lines = tmp_path / "positions.txt"
        lines.write_text("".join(forest(*case) + "\n" for case in cases))
        result = CliRunner().invoke(
            cli, ["analyze", "--rules", spec, "--json", "--batch", str(lines)]
        )
        assert result.exit_code == 0, result.output
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        assert len(answers) == len(cases)
        for (labels, edges), answer in zip(cases, answers, strict=True):
            assert answer["grundy"] == Brute(movable, edges, terminal).grundy(labels), labels
        one = CliRunner().invoke(cli, ["analyze", "--rules", spec, forest(*cases[0])])
        assert one.exit_code == 0, one.output
        assert "independent parts: none" in " ".join(one.output.split()), one.output


# ---------------------------------------------------------------------- who splits
class OwnSplitTree(Tree):
    """A tree relative (odd leaves only) that states its own split: it keeps splitting."""

    name = "test-own-split-tree"
    title = "odd leaves, split by the user"

    def movable(self, position: Any, player: Any = None) -> list[int]:
        return [v for v in super().movable(position, player) if position.labels[v] % 2]

    def components(self, position: Any) -> list[Any]:
        return [part for _, part in Tree.split(self, position)]


class LeavesOnly(GraphRuleSet):
    """A game on the graph games' base class: reduce a vertex of degree at most one."""

    name = "test-leaves-only"
    title = "leaves only"

    def from_row(self, labels: list[int]) -> Any:
        return Tree().from_row(labels)

    def movable(self, position: Any, player: Any = None) -> list[int]:
        return Tree().movable(position, player)


class RenamedTree(Tree):
    """A relative that changes no rule: it plays ``tree`` and keeps its split."""

    name = "test-renamed-tree"
    title = "trees under another name"


def test_only_a_relative_that_keeps_the_moves_or_states_its_own_split_splits() -> None:
    misere, tall = load_rules(MISERE_TREE), load_rules(TALLEST)
    assert split_unproved(misere) == ["terminal_value"] and not splits(misere)
    assert split_unproved(tall) == ["movable"] and not splits(tall)
    assert plan_for(misere).decide[0].name == "search"
    two = misere.parse_position(forest((1, 1), ()))
    assert list(misere.components(two)) == [two]
    assert misere.canonical_key(two) == two  # the tree's key was written for its moves
    # what a search by parts may meet is the whole forest's count, not the sum of its trees'
    three = misere.parse_position(forest((3, 3, 3), ()))
    assert misere.part_estimate(three) >= misere.estimate_states(three) == 4**3
    for rules in (get_variant("tree"), get_variant("depot"), get_variant("depot-partizan")):
        assert splits(rules) and not split_unproved(rules) and split_note(rules) is None
    assert splits_by(RenamedTree()) == "split" and split_note(RenamedTree()) is None
    # a game written on the graph games' base class: its split is the whole position, true
    # of any game, and nothing is said of it
    leaves_only = LeavesOnly()
    assert not split_unproved(leaves_only) and split_note(leaves_only) is None
    own = OwnSplitTree()
    assert splits_by(own) == "components" and splits(own)
    assert "own components()" in (split_note(own) or "")
    position = own.parse_position(forest((1, 3, 2, 1), ((0, 1), (2, 3))))
    answer = analyze(position, own).to_dict()
    odd = Brute(lambda ls, es: [v for v in leaves(ls, es) if ls[v] % 2], ((0, 1), (2, 3)), 0)
    assert answer["grundy"] == odd.grundy((1, 3, 2, 1))
    # the parts listed are the user's (no vertex numbers: its components() gives none)
    assert [c["vertices"] for c in answer["components"]] == [None, None]


def test_rules_info_says_whose_split_answers() -> None:
    for spec, hook in ((MISERE_TREE, "terminal_value"), (TALLEST, "movable")):
        result = CliRunner().invoke(cli, ["rules-info", "--json", spec])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["splits"] == {
            "parts": False,
            "own": False,
            "not_proved_after": [hook],
        }
        text = CliRunner().invoke(cli, ["rules-info", spec]).output
        assert f"independent parts: none (it changes {hook} of" in " ".join(text.split())
    built_in = CliRunner().invoke(cli, ["rules-info", "--json", "tree"])
    assert json.loads(built_in.stdout)["splits"] == {
        "parts": True,
        "own": False,
        "not_proved_after": [],
    }
