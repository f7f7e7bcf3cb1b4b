"""The computer opponent: perfect play, or weaker by a skill setting.

At skill 100 the computer always plays its best move: when it can win, a winning move that
wins the fastest (least remoteness of the position it leads to); when it cannot, the move that
delays the loss the longest (Gamesman's convention). At skill *s* it plays its best move with
probability *s* % and otherwise a uniformly chosen legal move (which may still be good); at 0 it
plays at random. Everything works at any pile size: the best move comes from the theory's
winning ranges when the moves are too many to value one by one, and random moves are drawn
without listing the moves.

>>> import random
>>> computer = ComputerPlayer(skill=100, rng=random.Random(1))
>>> choice = computer.choose("3 1 4")
>>> str(choice.move), choice.kind, choice.wins
('R3', 'best', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from endnim.errors import EndNimError, MoveError
from endnim.moves import End, Move
from endnim.play.evaluation import (
    MoveValue,
    evaluate_moves,
    in_ranges,
    playable_position,
    winning_ranges,
)
from endnim.play.sum_game import SumGame, analysis_of
from endnim.position import Position
from endnim.ruleset import RuleSet
from endnim.theory import MoveRange
from endnim.variants import Variant, get_variant

MAX_SKILL = 100


def check_skill(skill: int) -> int:
    """``skill`` if it is a whole number 0..100, else a one-line error.

    >>> check_skill(70)
    70
    """
    if isinstance(skill, bool) or not isinstance(skill, int) or not 0 <= skill <= MAX_SKILL:
        raise EndNimError(
            f"skill is a whole number from 0 (random) to 100 (perfect), not {skill!r}"
        )
    return skill


@dataclass(frozen=True)
class Choice:
    """A move the computer (or a hint) chose, and why.

    ``kind``: ``best`` (its best move) or ``random``; ``wins``: whether the mover wins after it
    with perfect play; ``remoteness``: of the position it leads to, when known.
    """

    move: Any
    """A row :class:`Move`, or the rule set's own move object."""
    after: Any
    kind: str
    wins: bool
    remoteness: int | None = None


def best_move(
    position: object,
    variant: str | RuleSet[Any, Any] = "endnim",
    player: End | None = None,
    rng: random.Random | None = None,
) -> Choice:
    """The best move for the player to move (ties broken by ``rng``, else the first).

    Winning: the winning move to the position of least remoteness; losing: the move to the
    position of greatest remoteness. When the moves are too many to value, a winning move from
    the theory's ranges, or, losing, the move that takes one coin from the larger end pile.

    >>> str(best_move("2 1", "partizan", "R").move)
    'R0'
    """
    rules = get_variant(variant)
    piles = _playable(position, rules, player)
    listing = evaluate_moves(piles, rules, player)
    if listing.moves is not None:
        winning = [m for m in listing.moves if m.wins]
        pool = winning or listing.moves
        return _pick_by_remoteness(pool, bool(winning), rng)
    if isinstance(rules, SumGame):
        return _unlisted_sum_move(piles, rules, listing.winning_moves or [], player, rng)
    assert isinstance(rules, Variant)  # only row rule sets with a theory leave moves unlisted
    if listing.winning:
        move = _pick_in_ranges(listing.winning, rng)
        return Choice(move, rules.play(piles, move, player), "best", True)
    end = _larger_end(piles, rules, player)
    pile = piles[0] if end == "L" else piles[-1]
    move = Move(end, pile - 1)
    return Choice(move, rules.play(piles, move, player), "best", False)


def random_move(
    position: object,
    variant: str | RuleSet[Any, Any] = "endnim",
    player: End | None = None,
    rng: random.Random | None = None,
) -> Choice:
    """A legal move drawn at random, without listing the moves (any pile size).

    The end is drawn uniformly among the ends the player may play, the new size uniformly below
    the pile, the reversal (Muller) by a coin toss; a draw the rules forbid is drawn again.

    >>> choice = random_move("5 5", rng=random.Random(0))
    >>> choice.kind, choice.move.size < 5
    ('random', True)
    """
    rules = get_variant(variant)
    piles = _playable(position, rules, player)
    rng = rng or random.Random()
    if isinstance(rules, SumGame):
        return _random_sum_move(piles, rules, player, rng)
    if not isinstance(rules, Variant) or rules.theory() is None:
        listing = evaluate_moves(piles, rules, player)
        assert listing.moves is not None
        chosen = rng.choice(listing.moves)
        return Choice(chosen.move, chosen.after, "random", chosen.wins, chosen.remoteness)
    ends = rules.ends(piles, player)
    if len(piles) == 1 and rules.impartial:
        ends = ends[:1]
    ranges = players_winning(piles, rules, player)
    for _ in range(1000):
        end = rng.choice(ends)
        pile = piles[0] if end == "L" else piles[-1]
        move = Move(end, rng.randrange(pile), rules.reversible and rng.random() < 0.5)
        try:
            after = rules.play(piles, move, player)
        except MoveError:
            continue
        return Choice(move, after, "random", in_ranges(move, ranges))
    raise AssertionError(f"no legal move drawn from {piles}")  # pragma: no cover


def players_winning(piles: Position, rules: Variant, player: End | None) -> list[MoveRange]:
    """The winning moves of ``player`` as ranges (every winning move when impartial).

    >>> [str(r) for r in players_winning(Position((2, 1)), get_variant("partizan"), "L")]
    ['L1']
    """
    return [r for r in winning_ranges(piles, rules) if rules.impartial or r.end == player]


@dataclass
class ComputerPlayer:
    """The computer: best move with probability ``skill`` %, else a random legal move.

    ``rng`` makes its choices reproducible (``random.Random(seed)``).
    """

    skill: int = MAX_SKILL
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        check_skill(self.skill)

    def choose(
        self,
        position: object,
        variant: str | RuleSet[Any, Any] = "endnim",
        player: End | None = None,
    ) -> Choice:
        """The computer's move in ``position`` (partizan: as ``player``)."""
        if self.skill >= MAX_SKILL or self.rng.random() * MAX_SKILL < self.skill:
            return best_move(position, variant, player, self.rng)
        return random_move(position, variant, player, self.rng)


def _playable(position: object, rules: RuleSet[Any, Any], player: End | None) -> Any:
    piles = playable_position(rules, position)
    if not rules.impartial and player not in ("L", "R"):
        raise MoveError(f"{rules.title} needs the player to move: 'L' (Left) or 'R' (Right)")
    if rules.is_terminal(piles):
        text = rules.format_position(piles) or "(empty)"
        raise MoveError(f"the game is over: no move is legal in {text[:60]}")
    return piles


def _unlisted_sum_move(
    position: Any,
    game: SumGame,
    winning: Sequence[str],
    player: End | None,
    rng: random.Random | None,
) -> Choice:
    """A sum with too many moves to list: one of ``analyze``'s winning moves, or, losing, a coin
    taken from the larger end pile of the largest live summand (rows), else its first move."""
    if winning:
        text = winning[0] if rng is None else rng.choice(list(winning))
        move = game.normal_move(position, game.parse_move(text))
        return Choice(move, game.play(position, move, player), "best", True)
    place = max(range(len(position)), key=lambda k: _size(position[k]))
    part = position[place]
    inner: Any
    if isinstance(game.moves, Variant):
        end = _larger_end(part, game.moves, player)
        inner = Move(end, (part[0] if end == "L" else part[-1]) - 1)
    else:
        inner = game.moves.options(part, player)[0][0]
    move = game.normal_move(position, (place, inner))
    return Choice(move, game.play(position, move, player), "best", False)


def _size(part: Any) -> int:
    return sum(part) if isinstance(part, tuple) else 0


def _random_sum_move(
    position: Any, game: SumGame, player: End | None, rng: random.Random
) -> Choice:
    """A legal move of a sum drawn at random: a live summand (where the player has a move)
    uniformly, then a move in it as :func:`random_move` draws one; whether it wins comes from
    ``analyze`` of the sum."""
    places = [k for k, part in enumerate(position) if _has_move(game, part, player)]
    place = rng.choice(places)
    inner = random_move(position[place], game.moves, player, rng).move
    move = game.normal_move(position, (place, inner))
    after = game.play(position, move, player)
    if game.is_terminal(after):
        wins = game.terminal_value(after) == 0
    else:
        wins = analysis_of(game, after).outcome in ("P", _opponent_loses(player))
    return Choice(move, after, "random", wins)


def _has_move(game: SumGame, part: Any, player: End | None) -> bool:
    """Whether ``player`` has a move in the live summand ``part`` (without listing its moves)."""
    if game.impartial:
        return True
    if isinstance(game.moves, Variant):
        return bool(game.moves.ends(part, player))
    return bool(game.moves.options(part, player))


def _opponent_loses(player: End | None) -> str:
    """The outcome in which the player who just moved (``player``) wins, the opponent to move."""
    return "P" if player is None else player


def _pick_by_remoteness(
    pool: Sequence[MoveValue], winning: bool, rng: random.Random | None
) -> Choice:
    known = [m for m in pool if m.remoteness is not None]
    if known:
        best = (min if winning else max)(m.remoteness for m in known if m.remoteness is not None)
        pool = [m for m in known if m.remoteness == best]
    chosen = pool[0] if rng is None else rng.choice(list(pool))
    return Choice(chosen.move, chosen.after, "best", chosen.wins, chosen.remoteness)


def _pick_in_ranges(ranges: Sequence[MoveRange], rng: random.Random | None) -> Move:
    if rng is None:
        first = ranges[0]
        return Move(first.end, first.low, first.reverse)
    # uniform over every winning move, without listing them (a range can hold 10**100 moves)
    total = sum(r.count for r in ranges)
    index = rng.randrange(total)
    for r in ranges:
        if index < r.count:
            return Move(r.end, r.low + index, r.reverse)
        index -= r.count
    raise AssertionError("index beyond the ranges")  # pragma: no cover


def _larger_end(piles: Position, rules: Variant, player: End | None) -> End:
    ends = rules.ends(piles, player)
    if len(ends) == 1 or len(piles) == 1:
        return ends[0]
    return "L" if piles[0] >= piles[-1] else "R"
