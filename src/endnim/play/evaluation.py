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
from dataclasses import dataclass, field, replace
from typing import Any

from endnim.analyzer import AUTO_SEARCH_BUDGET, AUTO_SEARCH_WORK
from endnim.errors import BudgetError, EndNimError
from endnim.moves import End, Move
from endnim.play.sum_game import SumGame, analysis_of
from endnim.position import as_position
from endnim.ruleset import RuleSet
from endnim.search import ImpartialValue, PartizanValue, default_solver
from endnim.theory import MoveRange, theory_for
from endnim.variants import Variant, get_variant
from endnim.variants.base import move_count_bound, players_of

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

    move: Any
    """A row :class:`Move`, or the rule set's own move object."""
    player: End | None
    after: Any
    wins: bool
    outcome: str | None
    grundy: int | None
    remoteness: int | None
    rules: Any = field(default=None, repr=False, compare=False)
    """The rule set, for writing moves and positions that are not rows."""

    @property
    def text(self) -> str:
        """The move in its rule set's notation."""
        if self.rules is not None and not isinstance(self.rules, Variant):
            return str(self.rules.format_move(self.move))
        return str(self.move)

    @property
    def after_text(self) -> str:
        """The position it leads to, in its rule set's notation."""
        if self.rules is not None and not isinstance(self.rules, Variant):
            return str(self.rules.format_position(self.after))
        return str(self.after)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (the resulting position also as text, exact at any size)."""
        if self.rules is not None and not isinstance(self.rules, Variant):
            return {
                "move": self.rules.format_move(self.move),
                "player": self.player,
                "after": self.rules.position_to_json(self.after),
                "after_text": self.rules.format_position(self.after),
                "wins": self.wins,
                "outcome": self.outcome,
                "grundy": self.grundy,
                "remoteness": self.remoteness,
            }
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

    ``winning`` always holds the winning moves as ranges (exact at any pile size; a sum's
    winning moves are ``winning_moves``, in its notation ``K:MOVE``);
    ``total`` bounds the number of legal moves; ``values_from`` says what valued the moves:
    ``search``, ``engine`` or ``theory`` (outcomes only).
    """

    position: Any
    variant: str
    player: End | None
    moves: list[MoveValue] | None
    winning: list[MoveRange]
    total: int
    values_from: str
    rules: Any = field(default=None, repr=False, compare=False)
    winning_moves: list[str] | None = None
    """A sum's winning moves (``analyze``'s), in the sum's notation; ``None`` for one position."""
    ends: tuple[End, ...] | None = None
    """A row's ends the mover may reduce, from the rule set's ``ends()`` hook (``None``: not a
    row): the page marks these piles, and only these."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        row = self.rules is None or isinstance(self.rules, Variant)
        if isinstance(self.rules, SumGame):
            return {
                "position": self.rules.format_position(self.position),
                "variant": self.variant,
                "player": self.player,
                "listed": self.moves is not None,
                "moves": None if self.moves is None else [m.to_dict() for m in self.moves],
                "winning": [{"text": text, "count": 1} for text in self.winning_moves or []],
                "total": self.total,
                "values_from": self.values_from,
                "summands": [self.rules.moves.format_position(p) for p in self.position],
            }
        return {
            "position": list(self.position) if row else self.rules.position_to_json(self.position),
            "variant": self.variant,
            "player": self.player,
            "listed": self.moves is not None,
            "moves": None if self.moves is None else [m.to_dict() for m in self.moves],
            "winning": [{**r.to_dict(), "text": str(r), "count": r.count} for r in self.winning],
            "total": self.total,
            "values_from": self.values_from,
            **({} if self.ends is None else {"ends": list(self.ends)}),
        }


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


def search_affordable(piles: Any, rules: RuleSet[Any, Any]) -> bool:
    """Whether the exact search of ``piles`` fits the play budget (states and option visits).

    >>> rules = get_variant("endnim")
    >>> search_affordable((3, 3, 3, 2), rules), search_affordable((10**6,), rules)
    (True, False)
    """
    if isinstance(piles, list):
        piles = tuple(piles)
    if isinstance(rules, Variant) and not piles:
        return True
    states = rules.estimate_states(piles)
    return states <= PLAY_SEARCH_STATES and rules.estimate_work(piles) <= PLAY_SEARCH_WORK


def playable_ends(
    rules: Variant, piles: tuple[int, ...], whose: tuple[End | None, ...]
) -> tuple[End, ...]:
    """The ends of ``piles`` the players ``whose`` may reduce, by the rule set's ``ends()`` hook
    (none in a terminal position).

    >>> from endnim.variants import get_variant
    >>> playable_ends(get_variant("muller"), (2, 1, 3), (None,))
    ('L',)
    """
    if not piles or rules.is_terminal(piles):
        return ()
    found = {end for who in whose for end in rules.ends(piles, who)}
    return tuple(end for end in ("L", "R") if end in found)


def evaluate_moves(
    position: object,
    variant: str | RuleSet[Any, Any] = "endnim",
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
    piles = playable_position(rules, position)
    whose = players_of(rules, player)
    if isinstance(rules, SumGame):
        return _evaluate_sum(piles, rules, whose, player, max_listed)
    if not isinstance(rules, Variant) or rules.theory() is None:
        listing = _evaluate_by_search(piles, rules, whose, player)
        if isinstance(rules, Variant):
            listing = replace(listing, ends=playable_ends(rules, piles, whose))
        return listing
    ranges = [r for r in winning_ranges(piles, rules) if rules.impartial or r.end in whose]
    total = move_count_bound(piles, rules, player)
    ends = playable_ends(rules, piles, whose)
    if total > max_listed:
        return PositionMoves(piles, rules.name, player, None, ranges, total, "theory", ends=ends)
    options = [(who, move, after) for who in whose for move, after in rules.options(piles, who)]
    values_from, valued = _values(piles, rules, options, engine_cells)
    moves = []
    for (who, move, after), (outcome, grundy, remoteness) in zip(options, valued, strict=True):
        wins = in_ranges(move, ranges)
        if rules.impartial and outcome is None:
            outcome = "P" if wins else "N"
        moves.append(MoveValue(move, who, after, wins, outcome, grundy, remoteness))
    return PositionMoves(
        piles, rules.name, player, moves, ranges, len(moves), values_from, ends=ends
    )


def _evaluate_sum(
    position: Any,
    game: SumGame,
    whose: tuple[End | None, ...],
    player: End | None,
    max_listed: int,
) -> PositionMoves:
    """Every move of a sum: which win comes from ``analyze`` of the sum (Grundy values, the
    misère theorem or the search of the sum, whichever it used); the values of the positions
    they lead to from the exact search of the sum when it is affordable (as ``analyze`` gets a
    sum's remoteness), else only their outcomes."""
    if game.is_terminal(position):
        return PositionMoves(position, game.name, player, [], [], 0, "search", game, [])
    analysis = analysis_of(game, position)
    winning = [
        str(m)
        for m in analysis.winning_moves
        if len(whose) > 1 or whose[0] is None or sum_move_by(str(m), whose[0])
    ]
    total = sum_move_count(game, position, player)
    if total > max_listed:
        shown = [_plain_sum_move(m) for m in winning]
        return PositionMoves(position, game.name, player, None, [], total, "analyze", game, shown)
    options = [(who, move, after) for who in whose for move, after in game.options(position, who)]
    values_from = "analyze"
    valued: list[_Valued] = [(None, None, None)] * len(options)
    if search_affordable(position, game):
        values_from, valued = _values(position, game, options, 0)
    moves = []
    for (who, move, after), (outcome, grundy, remoteness) in zip(options, valued, strict=True):
        text = game.format_move(move)
        won = any(
            _plain_sum_move(m) == text and (who is None or sum_move_by(m, who)) for m in winning
        )
        if game.impartial and outcome is None:
            outcome = "P" if won else "N"
        moves.append(MoveValue(move, who, game.live(after), won, outcome, grundy, remoteness, game))
    shown = [m.text for m in moves if m.wins]
    return PositionMoves(
        position, game.name, player, moves, [], len(moves), values_from, game, shown
    )


def sum_move_count(game: SumGame, position: Any, player: End | None = None) -> int:
    """The moves of a sum (rows: an upper bound, computed without listing them).

    >>> from endnim.play.sum_game import sum_game
    >>> game = sum_game("endnim", "3 1 4 + 2 2")
    >>> sum_move_count(game, game.coerce_position("3 1 4 + 2 2"))
    11
    """
    return sum(
        move_count_bound(part, game.moves, player)
        if isinstance(game.moves, Variant)
        else sum(len(game.moves.options(part, who)) for who in players_of(game.moves, player))
        for part in position
    )


def sum_move_by(move: str, side: End) -> bool:
    """Whether a partizan sum's winning move (``1:L3``, or ``L:1:3=0`` when the summand's move
    does not name its player) is ``side``'s.

    >>> sum_move_by("1:L3", "L"), sum_move_by("R:2:3=0", "L")
    (True, False)
    """
    if move[1:2] == ":" and move[:1] in ("L", "R"):
        return move[:1] == side
    return move.partition(":")[2].startswith(side)


def _plain_sum_move(move: str) -> str:
    """``L:1:3=0`` → ``1:3=0`` (the player is known from the mover); ``1:L3`` stays."""
    return move[2:] if move[1:2] == ":" and move[:1] in ("L", "R") else move


def playable_position(rules: RuleSet[Any, Any], position: object) -> Any:
    """``position`` read by ``rules`` (rows may be empty: the end of a game).

    >>> playable_position(get_variant("endnim"), "")
    Position()
    """
    if isinstance(rules, Variant):
        return as_position(position, allow_empty=True)
    return rules.coerce_position(position)


def _evaluate_by_search(
    piles: Any, rules: RuleSet[Any, Any], whose: tuple[End | None, ...], player: End | None
) -> PositionMoves:
    """Every move valued by the exact search: rule sets without a theory, or not rows."""
    if not search_affordable(piles, rules):
        solver = default_solver(rules, PLAY_SEARCH_STATES)
        solver.check_budget(piles)  # raises with the estimate when the states are too many
        raise BudgetError(
            f"valuing the moves of this position needs an exact search of up to "
            f"{rules.estimate_work(piles):,} option visits, over the play budget "
            f"({PLAY_SEARCH_WORK:,}); {rules.title} has no closed-form theory to fall back on",
            states=rules.estimate_states(piles),
            bytes_needed=0,
            budget=PLAY_SEARCH_STATES,
        )
    options = [(who, move, after) for who in whose for move, after in rules.options(piles, who)]
    _, valued = _values(piles, rules, options, 0)
    moves = []
    for (who, move, after), (outcome, grundy, remoteness) in zip(options, valued, strict=True):
        if rules.impartial:
            wins = grundy == 0
        else:  # the opponent, moving first after the move, loses
            wins = outcome in (("L", "P") if who == "L" else ("R", "P"))
        moves.append(MoveValue(move, who, after, wins, outcome, grundy, remoteness, rules))
    winning = (
        [
            MoveRange(m.move.end, m.move.size, m.move.size, m.move.reverse)
            for m in moves
            if m.wins and isinstance(m.move, Move)
        ]
        if isinstance(rules, Variant)
        else []
    )
    return PositionMoves(piles, rules.name, player, moves, winning, len(moves), "search", rules)


_Valued = tuple[str | None, int | None, int | None]
"""(outcome, Grundy value, remoteness) of a resulting position."""


def _values(
    piles: Any,
    rules: RuleSet[Any, Any],
    options: list[tuple[End | None, Any, Any]],
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

        if not isinstance(rules, Variant) or not supports(rules):
            raise EndNimError(f"the engine has no recurrence for {rules.title}")
        result = solve_row(rules, piles, cells_budget=engine_cells)
    except EndNimError:
        return "theory", [(None, None, None)] * len(options)
    if rules.impartial:
        return "engine", [
            ("P" if (g := result.option_value(m)) == 0 else "N", g, None) for _, m, _ in options
        ]
    return "engine", [(CODE_TO_OUTCOME[result.option_value(m)], None, None) for _, m, _ in options]
