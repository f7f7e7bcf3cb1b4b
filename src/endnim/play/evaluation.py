"""The value of every legal move from a position: what a Gamesman-style move list shows.

A move *wins* when its mover wins after it with perfect play: in an impartial variant it leads
to a P-position; in partizan End-Nim the opponent, moving first after it, loses. Which moves win
comes from the closed-form theory (any pile size, see :mod:`endnim.theory`); the value of each
resulting position (outcome, Grundy value, remoteness) comes from the exact search when the
position is small, else from the compiled engine within a cells budget, else only the outcome
the theory implies. Nothing here computes beyond those budgets.

>>> moves = evaluate_moves("2 3")
>>> [(str(m.move), m.wins, m.grundy) for m in moves.moves]
[('L0', False, 3), ('L1', False, 2), ('R0', False, 2), ('R1', False, 3), ('R2', True, 0)]
>>> moves.values_from
'search'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from endnim.analyzer import AUTO_SEARCH_BUDGET, AUTO_SEARCH_WORK
from endnim.errors import EndNimError, MoveError
from endnim.moves import End, Move
from endnim.position import Position, as_position
from endnim.search import ImpartialValue, PartizanValue, default_solver
from endnim.theory import MoveRange, theory_for
from endnim.variants import Variant, get_variant

PLAY_SEARCH_STATES = AUTO_SEARCH_BUDGET
"""The exact search gives the values of the moves when it needs at most this many states ..."""
PLAY_SEARCH_WORK = AUTO_SEARCH_WORK
"""... and this many option visits (about a second), as ``analyze``'s ``auto`` method does."""
PLAY_ENGINE_CELLS = 5_000_000
"""Otherwise the engine gives them when it needs at most this many cells (well under a second)."""
MAX_LISTED_MOVES = 600
"""Moves are listed one by one up to this many; beyond, only the winning ranges are given."""


@dataclass(frozen=True)
class MoveValue:
    """One legal move, whether it wins for its mover, and the value of the position it leads to.

    ``outcome``, ``grundy`` and ``remoteness`` describe ``after`` with the opponent to move
    (``None`` when not computed); partizan moves carry their ``player``.
    """

    move: Move
    player: End | None
    after: Position
    wins: bool
    outcome: str | None
    grundy: int | None
    remoteness: int | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (the resulting position also as text, exact at any size)."""
        return {
            "move": str(self.move),
            "player": self.player,
            "after": list(self.after),
            "after_text": str(self.after),
            "wins": self.wins,
            "outcome": self.outcome,
            "grundy": self.grundy,
            "remoteness": self.remoteness,
        }


@dataclass(frozen=True)
class PositionMoves:
    """Every legal move of a position (``moves`` is ``None`` when there are too many to list).

    ``winning`` always holds the winning moves as ranges (exact at any pile size);
    ``total`` bounds the number of legal moves; ``values_from`` says what valued the moves:
    ``search``, ``engine`` or ``theory`` (outcomes only).
    """

    position: Position
    variant: str
    player: End | None
    moves: list[MoveValue] | None
    winning: list[MoveRange]
    total: int
    values_from: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "position": list(self.position),
            "variant": self.variant,
            "player": self.player,
            "listed": self.moves is not None,
            "moves": None if self.moves is None else [m.to_dict() for m in self.moves],
            "winning": [{**r.to_dict(), "text": str(r), "count": r.count} for r in self.winning],
            "total": self.total,
            "values_from": self.values_from,
        }


def players_of(rules: Variant, player: End | None) -> tuple[End | None, ...]:
    """Whose moves to consider: ``(None,)`` when impartial; partizan: one player or both.

    >>> players_of(get_variant("partizan"), None), players_of(get_variant("endnim"), "L")
    (('L', 'R'), (None,))
    """
    if rules.impartial:
        return (None,)
    if player is None:
        return ("L", "R")
    if player not in ("L", "R"):
        raise MoveError(f"the player is 'L' (Left) or 'R' (Right), not {player!r}")
    return (player,)


def move_count_bound(piles: Sequence[int], rules: Variant, player: End | None = None) -> int:
    """An upper bound on the legal moves (computed, not enumerated: any pile size).

    >>> [move_count_bound((3, 5), get_variant(name)) for name in ("endnim", "muller")]
    [8, 6]
    """
    piles = tuple(piles)
    if rules.is_terminal(piles):
        return 0
    total = 0
    for who in players_of(rules, player):
        ends = rules.ends(piles, who)
        if len(piles) == 1 and rules.impartial:
            ends = ends[:1]  # a lone pile is both ends: one move per resulting position
        for end in ends:
            total += piles[0] if end == "L" else piles[-1]
    return total * (2 if rules.reversible else 1)


def winning_ranges(piles: Sequence[int], rules: Variant) -> list[MoveRange]:
    """Every winning move, as ranges, from the closed-form theory (partizan: both players').

    >>> [str(r) for r in winning_ranges((3, 1, 4), get_variant("endnim"))]
    ['R3']
    """
    piles = tuple(piles)
    if rules.is_terminal(piles):
        return []
    return theory_for(rules.name).winning_moves(piles)


def in_ranges(move: Move, ranges: Sequence[MoveRange]) -> bool:
    """Whether ``move`` is one of the moves of ``ranges``.

    >>> ranges = [MoveRange("L", 2, 4)]
    >>> in_ranges(Move("L", 3), ranges), in_ranges(Move("L", 3, True), ranges)
    (True, False)
    """
    return any(
        r.end == move.end and r.reverse == move.reverse and r.low <= move.size <= r.high
        for r in ranges
    )


def search_affordable(piles: Sequence[int], rules: Variant) -> bool:
    """Whether the exact search of ``piles`` fits the play budget (states and option visits).

    >>> rules = get_variant("endnim")
    >>> search_affordable((3, 3, 3, 2), rules), search_affordable((10**6,), rules)
    (True, False)
    """
    piles = tuple(piles)
    if not piles:
        return True
    states = rules.estimate_states(piles)
    return states <= PLAY_SEARCH_STATES and states * (2 * max(piles) + 1) <= PLAY_SEARCH_WORK


def evaluate_moves(
    position: object,
    variant: str | Variant = "endnim",
    player: End | None = None,
    *,
    max_listed: int = MAX_LISTED_MOVES,
    engine_cells: int = PLAY_ENGINE_CELLS,
) -> PositionMoves:
    """Every legal move of ``position`` with its result for the mover and the value it leads to.

    Partizan: ``player`` ``'L'`` or ``'R'`` gives that player's moves, ``None`` both players'.
    More than ``max_listed`` moves are not listed (``moves`` is ``None``): ``winning`` still
    gives the winning ones exactly, as ranges.

    >>> [str(m.move) for m in evaluate_moves("2 1", "partizan").moves if m.wins]
    ['L1']
    """
    rules = get_variant(variant)
    piles = as_position(position, allow_empty=True)
    whose = players_of(rules, player)
    ranges = [r for r in winning_ranges(piles, rules) if rules.impartial or r.end in whose]
    total = move_count_bound(piles, rules, player)
    if total > max_listed:
        return PositionMoves(piles, rules.name, player, None, ranges, total, "theory")
    options = [(who, move, after) for who in whose for move, after in rules.options(piles, who)]
    values_from, valued = _values(piles, rules, options, engine_cells)
    moves = []
    for (who, move, after), (outcome, grundy, remoteness) in zip(options, valued, strict=True):
        wins = in_ranges(move, ranges)
        if rules.impartial and outcome is None:
            outcome = "P" if wins else "N"
        moves.append(MoveValue(move, who, after, wins, outcome, grundy, remoteness))
    return PositionMoves(piles, rules.name, player, moves, ranges, len(moves), values_from)


_Valued = tuple[str | None, int | None, int | None]
"""(outcome, Grundy value, remoteness) of a resulting position."""


def _values(
    piles: Position,
    rules: Variant,
    options: list[tuple[End | None, Move, Position]],
    engine_cells: int,
) -> tuple[str, list[_Valued]]:
    """The values of the options' positions from the search, the engine, or nothing."""
    if not options:
        return "search", []
    if search_affordable(piles, rules):
        solver = default_solver(rules, max(PLAY_SEARCH_STATES, rules.estimate_states(piles)))
        solver.value(piles)  # one walk caches every option's value
        valued: list[_Valued] = []
        for who, _move, after in options:
            value = solver.value(after)
            if isinstance(value, ImpartialValue):
                valued.append((value.outcome, value.grundy, value.remoteness))
            else:
                assert isinstance(value, PartizanValue)
                rem = value.remoteness_right_first if who == "L" else value.remoteness_left_first
                valued.append((value.outcome, None, rem))
        return "search", valued
    try:
        from endnim.engine import CODE_TO_OUTCOME, solve_row, supports

        if not supports(rules):
            raise EndNimError(f"the engine has no recurrence for {rules.title}")
        result = solve_row(rules, piles, cells_budget=engine_cells)
    except EndNimError:
        return "theory", [(None, None, None)] * len(options)
    if rules.impartial:
        return "engine", [
            ("P" if (g := result.option_value(m)) == 0 else "N", g, None) for _, m, _ in options
        ]
    return "engine", [(CODE_TO_OUTCOME[result.option_value(m)], None, None) for _, m, _ in options]
