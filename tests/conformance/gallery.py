"""The rule sets of examples/ and of tests/rules_gallery the conformance matrix runs, each with
its kind and a brute force written from its rules as stated (tests/conformance/brute.py).

Every rule-set class those files define is either here or in :data:`LEFT_TO_THEIR_OWN_TESTS`
(with the test that covers it): a new example joins the matrix or says why not.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from conformance.brute import Model, Row, child, end_moves, octal_options

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "variants"
GALLERY = ROOT / "tests" / "rules_gallery"

KINDS = (
    "impartial row, compiled engine",
    "impartial row, indexed search",
    "impartial, search only",
    "partizan row, all-small",
    "partizan row, not all-small",
    "graph",
    "loopy or never terminal",
)
"""Every kind of rule set the matrix knows; a rule set of another kind fails the matrix."""


def rows(max_length: int, max_pile: int) -> list[Row]:
    return [
        row
        for length in range(1, max_length + 1)
        for row in itertools.product(range(1, max_pile + 1), repeat=length)
    ]


def _row_game(
    ends: Callable[[Row, str | None], str], takes: Callable[[Row, str | None, int, int], bool]
) -> Callable[[Row, str | None], list[tuple[str, Row]]]:
    def options(row: Row, player: str | None) -> list[tuple[str, Row]]:
        return end_moves(row, player, ends(row, player), lambda p, s: takes(row, player, p, s))

    return options


def _both(row: Row, player: str | None) -> str:
    return "LR"


def _own_end(row: Row, player: str | None) -> str:
    return player or "LR"


def _larger_end(row: Row, player: str | None) -> str:
    if len(row) < 2 or row[0] == row[-1]:
        return "LR"
    return "L" if row[0] > row[-1] else "R"


def _odd_lone(row: Row, player: str | None) -> str:
    if len(row) == 1 and row[0] % 2 == 1:
        return "L" if player == "L" else ""
    return player or "LR"


def _any(row: Row, player: str | None, pile: int, size: int) -> bool:
    return True


def _wythoff(row: Row, player: str | None) -> list[tuple[str, Row]]:
    single = end_moves(row, player, "LR", lambda p, s: True)
    seen = {after for _, after in single}
    diagonal: list[tuple[str, Row]] = []
    if len(row) >= 2:
        for take in range(1, min(row[0], row[-1]) + 1):
            after = child(child(row, "L", row[0] - take), "R", row[-1] - take)
            if after not in seen:
                seen.add(after)
                diagonal.append((f"B{take}", after))
    return single + diagonal


def _odd_leaves_path(row: Row, player: str | None) -> list[tuple[str, Row]]:
    """OddLeaves on a path, written as a row: an end pile of odd size may be reduced. The two
    ends are different vertices (moves to equal rows are two moves), except on a lone pile."""
    ends = "L" if len(row) == 1 else "LR"
    return [move for end in ends for move in end_moves(row, player, end, lambda p, s: p % 2 == 1)]


def _last_mover_loses_path(row: Row, player: str | None) -> list[tuple[str, Row]]:
    """LastMoverLosesTree on a path, written as a row: misère End-Nim. A terminal position is
    a win for the player to move, written as one move to a dead end ``(0,)`` (which no move
    of the game reaches: a pile at 0 is removed)."""
    if not row:
        return [("end", (0,))]
    if row == (0,):
        return []
    ends = "L" if len(row) == 1 else "LR"
    return [move for end in ends for move in end_moves(row, player, end, lambda p, s: True)]


def _tallest_stack(row: Row, player: str | None) -> list[tuple[str, Row]]:
    """TallestStackDepot on a row: vertex i + 1 holds ``row[i]`` (vertices 0 and n + 1 are
    empty, and an emptied vertex stays, at 0); a vertex of a largest label may be reduced.
    Moves are named as the rule set names them, ``v=k``."""
    top = max(row, default=0)
    return [
        (f"{i + 1}={k}", (*row[:i], k, *row[i + 1 :]))
        for i, label in enumerate(row)
        if label and label == top
        for k in range(label)
    ]


@dataclass(frozen=True)
class Entry:
    """One rule set of the matrix: ``FILE.py:Class``, its kind, its brute force (``None``: it
    must be refused), the small positions its cells check, and one position for single runs."""

    spec: str
    kind: str
    model: Model | None
    positions: list[Row] = field(default_factory=lambda: rows(3, 3))
    one: str = "3 1 2"
    vertex_moves: bool = False
    """A graph rule set whose brute force names its moves ``v=k`` as endnim does (else a tree
    path's moves are read as row moves, ``L s`` or ``R s``)."""

    @property
    def name(self) -> str:
        if self.spec.endswith(".toml"):
            return Path(self.spec).name
        return self.spec.rsplit(":", 1)[1]


ENTRIES = [
    Entry(
        f"{EXAMPLES / 'capped.py'}:CappedEndNim",
        "impartial row, compiled engine",
        Model(_row_game(_both, lambda r, pl, p, s: p - s <= 3), True),
    ),
    Entry(
        f"{EXAMPLES / 'subtraction.py'}:SubtractionEndNim",
        "impartial row, compiled engine",
        Model(_row_game(_both, lambda r, pl, p, s: p - s in (1, 2, 4)), True),
    ),
    Entry(
        f"{GALLERY / 'larger_end.py'}:LargerEnd",
        "impartial row, indexed search",
        Model(_row_game(_larger_end, _any), True),
    ),
    Entry(
        f"{EXAMPLES / 'end_wythoff.py'}:EndWythoff",
        "impartial row, indexed search",
        Model(_wythoff, True),
    ),
    Entry(
        f"{EXAMPLES / 'octal.py'}:Octal07",
        "impartial, search only",
        Model(octal_options("0.07"), True),
        positions=[(n,) for n in range(1, 9)] + [(1, 3), (2, 4), (2, 2, 3)],
        one="7",
    ),
    Entry(
        f"{EXAMPLES / 'octal.py'}:Octal075",
        "impartial, search only",
        Model(octal_options("0.75"), True),
        positions=[(n,) for n in range(1, 9)] + [(1, 3), (2, 4)],
        one="6",
    ),
    Entry(
        f"{EXAMPLES / 'left_clears.py'}:RightCappedPartizan",
        "partizan row, all-small",
        Model(_row_game(_own_end, lambda r, pl, p, s: pl == "L" or p - s <= 2), False),
        one="4 1 5",
    ),
    Entry(
        f"{EXAMPLES / 'left_clears.py'}:LeftClearsPartizan",
        "partizan row, not all-small",
        Model(_row_game(_own_end, lambda r, pl, p, s: pl == "L" or s > 0), False),
        one="1 2 1",
    ),
    Entry(
        f"{GALLERY / 'odd_lone.py'}:OddLoneLeft",
        "partizan row, not all-small",
        Model(_row_game(_odd_lone, _any), False),
        one="3",
    ),
    Entry(
        f"{GALLERY / 'odd_leaves.py'}:OddLeaves",
        "graph",
        Model(_odd_leaves_path, True),
    ),
    # graph relatives for which the inherited split into independent parts is wrong: a row
    # of the warehouse splits once a middle vertex is emptied; tests/graphs/test_split_gate.py
    # checks forests and split warehouses against brute forces of their own
    Entry(
        f"{GALLERY / 'graph_relatives.py'}:LastMoverLosesTree",
        "graph",
        Model(_last_mover_loses_path, True),
    ),
    Entry(
        f"{GALLERY / 'graph_relatives.py'}:TallestStackDepot",
        "graph",
        Model(_tallest_stack, True),
        # warehouses already split (an empty vertex inside): the sum of the groups is wrong
        positions=rows(3, 3) + [(2, 0, 1), (3, 0, 1, 1), (1, 2, 0, 2), (2, 0, 3, 0, 1)],
        one="2 0 1",
        vertex_moves=True,
    ),
    # the TOML twins (rule sets written as data, compiled onto the engine): the same models
    Entry(
        str(EXAMPLES / "capped.toml"),
        "impartial row, compiled engine",
        Model(_row_game(_both, lambda r, pl, p, s: p - s <= 3), True),
    ),
    Entry(
        str(EXAMPLES / "subtraction.toml"),
        "impartial row, compiled engine",
        Model(_row_game(_both, lambda r, pl, p, s: p - s in (1, 2, 4)), True),
    ),
    Entry(
        str(EXAMPLES / "right_capped.toml"),
        "partizan row, all-small",
        Model(_row_game(_own_end, lambda r, pl, p, s: pl == "L" or p - s <= 2), False),
        one="4 1 5",
    ),
    Entry(
        str(EXAMPLES / "left_clears.toml"),
        "partizan row, not all-small",
        Model(_row_game(_own_end, lambda r, pl, p, s: pl == "L" or s > 0), False),
        one="1 2 1",
    ),
    Entry(f"{GALLERY / 'broken.py'}:NeverTerminal", "loopy or never terminal", None),
    Entry(f"{GALLERY / 'broken.py'}:SelfLoop", "loopy or never terminal", None),
]

LEFT_TO_THEIR_OWN_TESTS = {
    "octal.py:Octal": "the base class of the octal games (no CODE of its own)",
    "broken.py:Fine": "tests/commands/test_broken_rules.py (the gallery's control)",
    "broken.py:*": "tests/commands/test_broken_rules.py: one fault each, refused in one line",
    "hostile.py:*": "tests/commands/test_hostile_rules.py: hostile hooks, supervised",
    "batch_faults.py:*": "tests/commands/test_broken_rules.py: faults at six piles",
    "looping_import.py:*": "tests/commands/test_broken_rules.py: a file that never loads",
    "hostile_moves.py:*": "tests/commands/test_hostile_moves.py and "
    "tests/web/test_hostile_moves_api.py: moves whose __eq__/__hash__/__str__ raise or loop",
    "hostile_routes.py:*": "tests/commands/test_hostile_rules.py and "
    "tests/web/test_hostile_sandbox.py: each route out of the sandbox (issue 38)",
    "markup.py:*": "tests/commands/test_markup_texts.py: texts in rich markup, every command",
}
