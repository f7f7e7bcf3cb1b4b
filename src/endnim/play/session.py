"""A game between a person and the computer: turns, moves, undo, hints, the winner.

The same session object serves the terminal game (``endnim play``) and the web workbench. In
an impartial variant the two players share every move and alternate; in partizan End-Nim the
person plays Left (the first pile) or Right (the last pile) and either side may start. The
player to move in a terminal position has lost, unless the variant values it otherwise
(misère End-Nim in Conway's convention: the empty row is a win for the player to move).

>>> import random
>>> game = GameSession("endnim", "3 1 4", computer=ComputerPlayer(rng=random.Random(0)))
>>> game.to_move, game.play("L0").after, game.to_move
('human', Position(1, 4), 'computer')
>>> str(game.computer_move().move), game.position
('R1', Position(1, 1))
>>> game.undo(), game.position, game.to_move
(2, Position(3, 1, 4), 'human')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from endnim.errors import BudgetError, EndNimError, MoveError
from endnim.moves import End, Move
from endnim.play.computer import ComputerPlayer, best_move
from endnim.play.evaluation import sum_move_count
from endnim.play.judge import Judgement, PositionValue, judge, position_value
from endnim.play.sum_game import SumGame, analysis_of, is_sum, sum_game
from endnim.play.turns import TurnOptions, turn_options
from endnim.ruleset import RuleSet, has, verb
from endnim.variants import Variant, get_variant

Mover = Literal["human", "computer"]
MAX_SUM_MOVES = 2_000
"""A sum with more moves than this is refused: ``analyze`` names a sum's winning moves by
valuing every move of every summand."""
MAX_PLIES = 100_000
"""A game longer than this is refused (a row of huge piles could last for ever)."""


class TurnError(MoveError):
    """A move out of turn, after the end of the game, or nothing to undo."""


@dataclass(frozen=True)
class Ply:
    """One move of the game: who made it, as which side (partizan), from where to where.

    ``kind``: ``human``, or the computer's ``best`` or ``random`` move.
    """

    mover: Mover
    side: End | None
    move: Any
    before: Any
    after: Any
    kind: str
    rules: Any = field(default=None, repr=False, compare=False)
    judgement: Judgement | None = field(default=None, repr=False, compare=False)
    """What the move did (kept or threw away the win, and why); ``None`` if not judged."""
    options: TurnOptions | None = field(default=None, repr=False, compare=False)
    """Every option the mover had, valued (the whole value history); ``None`` if not kept."""

    @property
    def move_text(self) -> str:
        """The move in its rule set's notation."""
        return _move_text(self.rules, self.move)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (positions also as text, exact at any size)."""
        return {
            "mover": self.mover,
            "side": self.side,
            "move": self.move_text,
            "before": _text(self.rules, self.before),
            "after": _text(self.rules, self.after),
            "kind": self.kind,
            "judgement": (
                None if self.judgement is None else self.judgement.to_dict(self.move_text)
            ),
            "options": None if self.options is None else self.options.to_dict(),
        }


@dataclass(frozen=True)
class Hint:
    """The best move for the person, whether it wins, and why (the theorem)."""

    move: Any
    after: Any
    wins: bool
    explanation: str
    rules: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "move": _move_text(self.rules, self.move),
            "after": _text(self.rules, self.after),
            "wins": self.wins,
            "explanation": self.explanation,
        }


class GameSession:
    """A game of ``variant`` from ``start`` between a person and the computer.

    ``human_first``: whether the person moves first; ``human_side`` (partizan only): ``'L'``
    (Left, the first pile) or ``'R'`` (Right, the last pile).
    """

    def __init__(
        self,
        variant: str | RuleSet[Any, Any],
        start: object,
        *,
        human_first: bool = True,
        human_side: End | None = None,
        computer: ComputerPlayer | None = None,
        max_plies: int = MAX_PLIES,
        teach: bool = True,
        sum_budget: int | None = None,
    ) -> None:
        self.variant = get_variant(variant)
        if is_sum(start):  # A + B + ...: played as one game, valued by analyze of the sum
            self.variant = sum_game(self.variant, start, sum_budget)
        self.start = self.variant.coerce_position(start)
        if isinstance(self.variant, SumGame) and self.start:
            check_playable_sum(self.variant, self.start)
        if self.variant.impartial:
            if human_side is not None:
                raise EndNimError(f"{self.variant.title} is impartial: there are no sides to pick")
        elif human_side is None:
            human_side = "L"
        elif human_side not in ("L", "R"):
            raise EndNimError(f"pick side 'L' (Left) or 'R' (Right), not {human_side!r}")
        self._moves_name_player = False
        self.human_first = human_first
        self.human_side: End | None = human_side
        self.computer = computer or ComputerPlayer()
        self.max_plies = max_plies
        self.teach = teach
        """Judge every move (kept or threw away the win, and why) and keep the value history."""
        self.history: list[Ply] = []
        self.undone: list[Any] = []
        """The person's moves that :meth:`undo` took back, the last first: :meth:`redo` plays
        them again."""
        self._start_value: PositionValue | None = None

    # ------------------------------------------------------------------ state
    @property
    def position(self) -> Any:
        """The current position."""
        return self.history[-1].after if self.history else self.start

    @property
    def to_move(self) -> Mover:
        """Who moves next (in a finished game: who would, and has lost or won)."""
        human_turn = (len(self.history) % 2 == 0) == self.human_first
        return "human" if human_turn else "computer"

    @property
    def side_to_move(self) -> End | None:
        """Partizan: the side (``L`` or ``R``) of the player to move; impartial: ``None``."""
        if self.human_side is None:
            return None
        if self.to_move == "human":
            return self.human_side
        return "R" if self.human_side == "L" else "L"

    @property
    def over(self) -> bool:
        """Whether the game has ended (the player to move has no move: the position is
        terminal, or a partizan relative leaves that player nothing to play)."""
        if self.variant.is_terminal(self.position):
            return True
        return not self.variant.impartial and not _has_move(
            self.variant, self.position, self.side_to_move
        )

    @property
    def winner(self) -> Mover | None:
        """Who won, once the game is over; ``None`` before."""
        if not self.over:
            return None
        terminal = self.variant.is_terminal(self.position)
        mover_wins = terminal and self.variant.terminal_value(self.position) != 0
        if mover_wins:
            return self.to_move
        return "computer" if self.to_move == "human" else "human"

    def ending(self, you: str = "you", computer: str = "the computer") -> str | None:
        """Why the game is over, in the rule set's own words (``None`` before the end).

        >>> game = GameSession("misere", "1")
        >>> game.ending()
        'you must take the last coin and lose (misère: whoever takes it loses)'
        """
        if not self.over:
            return None
        mover = you if self.to_move == "human" else computer
        if not self.variant.is_terminal(self.position):  # a partizan player left no move
            return f"{has(mover)} no move left and {verb(mover, 'loses')} (normal play)"
        return str(self.variant.ending_text(self.position, mover))

    # ------------------------------------------------------------------ moves
    def play(self, move: Any, *, redoing: bool = False) -> Ply:
        """The person plays ``move`` (rows: notation ``L3``, ``R0``, ``L2r``); a move of the
        person's own (not :meth:`redo`) ends what Redo could play again."""
        self._check_turn("human")
        if not redoing:
            self.undone.clear()
        if isinstance(move, str):
            move = self.variant.parse_move(move)
        side = self.side_to_move
        after = self.variant.play(self.position, move, side)
        if isinstance(self.variant, SumGame):
            move = self.variant.normal_move(self.position, move)
        if isinstance(self.variant, Variant) and len(self.position) == 1 and self.variant.impartial:
            move = Move("L", move.size, move.reverse)  # one name per move on a lone pile
        return self._record(
            Ply(
                "human",
                side,
                move,
                self.position,
                after,
                "human",
                self._rules(),
                self._judge(self.position, after, side),
            )
        )

    def computer_move(self) -> Ply:
        """The computer plays its move (best or random, by its skill)."""
        self._check_turn("computer")
        side = self.side_to_move
        choice = self.computer.choose(self.position, self.variant, side)
        return self._record(
            Ply(
                "computer",
                side,
                choice.move,
                self.position,
                choice.after,
                choice.kind,
                self._rules(),
                self._judge(self.position, choice.after, side),
            )
        )

    def undo(self) -> int:
        """Take back the person's last move and every move after it; returns how many plies.

        Raises :class:`TurnError` when the person has not moved yet.
        """
        index = undo_from([ply.mover for ply in self.history])
        removed = len(self.history) - index
        self.undone.append(self.history[index].move)
        del self.history[index:]
        return removed

    def redo(self) -> Ply:
        """Play again the person's move that :meth:`undo` took back last (the computer then
        answers it anew, by its skill).

        >>> game = GameSession("endnim", "3 1 4")
        >>> _ = game.play("R3"), game.computer_move(), game.undo()
        >>> str(game.redo().move), game.undone
        ('R3', [])

        Raises :class:`TurnError` when there is nothing to redo or it is not the person's turn.
        """
        if not self.undone:
            raise TurnError("nothing to redo: undo takes a move back, redo plays it again")
        self._check_turn("human")
        move = self.undone[-1]
        ply = self.play(move, redoing=True)
        self.undone.pop()
        return ply

    def hint(self) -> Hint:
        """The person's best move now, with the reason it wins (or why every move loses)."""
        self._check_turn("human")
        side = self.side_to_move
        choice = best_move(self.position, self.variant, side)
        theory = self.variant.theory()
        reason = (
            str(theory.outcome(tuple(self.position))[1])
            if theory is not None
            else "exhaustive search of every position reachable from here"
        )
        if isinstance(self.variant, SumGame):
            reasons = analysis_of(self.variant, self.position).reasons
            reason = "; ".join(str(r) for r in reasons)
        move_text = _move_text(self._rules(), choice.move)
        after_text = _text(self._rules(), choice.after) or "the empty row"
        if len(after_text) > 60:
            after_text = after_text[:57] + "..."
        if choice.wins:
            explanation = f"{move_text} wins: it leaves {after_text}, " + (
                "a P-position (the player to move loses)"
                if self.variant.impartial
                else f"which {_opponent(side)} loses moving first"
            )
        else:
            explanation = (
                f"every move loses against perfect play; {move_text} makes the game last the "
                "longest"
            )
        return Hint(
            choice.move, choice.after, choice.wins, f"{explanation}. {reason}", self._rules()
        )

    def start_value(self) -> PositionValue | None:
        """Who wins the start with perfect play (the player moving first), and how soon."""
        if self._start_value is None and self.teach:
            first = self.human_side if self.human_first else self._other(self.human_side)
            self._start_value = position_value(self.variant, self.start, first)
        return self._start_value

    def value_history(self) -> list[tuple[Mover | None, bool | None, int | None, bool]]:
        """The game's value history (GamesmanUni's chart): for the start and after each move,
        ``(who moved, whether the person is winning, remoteness, the move was a blunder)``;
        unknown values are ``None``.

        >>> game = GameSession("endnim", "3 1 4")
        >>> _ = game.play("R0")
        >>> game.value_history()
        [(None, True, 7, False), ('human', False, 3, True)]
        """
        rows: list[tuple[Mover | None, bool | None, int | None, bool]] = []
        start = self.start_value()
        first: Mover = "human" if self.human_first else "computer"
        rows.append(
            (
                None,
                None if start is None else start.to_move_wins == (first == "human"),
                None if start is None else start.remoteness,
                False,
            )
        )
        for ply in self.history:
            judgement = ply.judgement
            value = None if judgement is None else judgement.after
            next_mover: Mover = "computer" if ply.mover == "human" else "human"
            human_wins = None if value is None else value.to_move_wins == (next_mover == "human")
            rows.append(
                (
                    ply.mover,
                    human_wins,
                    None if value is None else value.remoteness,
                    bool(judgement and judgement.blunder),
                )
            )
        return rows

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _other(side: End | None) -> End | None:
        return None if side is None else ("R" if side == "L" else "L")

    def _judge(self, before: Any, after: Any, side: End | None) -> Judgement | None:
        return judge(self.variant, before, after, side) if self.teach else None

    def _rules(self) -> Any:
        """The rule set when it writes positions its own way (``None`` for rows)."""
        return None if isinstance(self.variant, Variant) else self.variant

    def _check_turn(self, mover: Mover) -> None:
        check_turn(self.over, self.to_move, mover)

    def _record(self, ply: Ply) -> Ply:
        check_length(len(self.history), self.max_plies)
        if self.teach:  # the whole value history: every option the mover had, valued
            ply = replace(ply, options=turn_options(self.variant, ply.before, ply.side))
        self.history.append(ply)
        return ply

    def to_dict(self) -> dict[str, Any]:
        """The state of the game, JSON-ready."""
        start = self.start_value()
        return {
            "variant": self.variant.name,
            "start": _text(self._rules(), self.start),
            "history": [ply.to_dict() for ply in self.history],
            "human_side": self.human_side,
            "human_first": self.human_first,
            "skill": self.computer.skill,
            "start_value": None if start is None else start.to_dict(),
            **self.now(),
        }

    def now(self) -> dict[str, Any]:
        """The fields of :meth:`to_dict` that a move changes, besides the history.

        >>> GameSession("endnim", "3 1 4").now()["to_move"]
        'human'
        """
        summands = {}
        if isinstance(self.variant, SumGame):  # a sum: its live summands, K of a move K:MOVE
            summands = {"summands": [self.variant.moves.format_position(p) for p in self.position]}
        return {
            **summands,
            "position": _text(self._rules(), self.position),
            "to_move": self.to_move,
            "side_to_move": self.side_to_move,
            "over": self.over,
            "winner": self.winner,
            "ending": self.ending(),
        }


def check_playable_sum(game: SumGame, start: Any) -> None:
    """Refuse, up front and in one line, a sum that ``analyze`` cannot value (a search of the
    sum over its budget: the estimate is said).

    >>> game = sum_game("partizan", "5 5 5 + 6 6 6 + 7 7 7 + 5 5 5")
    >>> try:
    ...     check_playable_sum(game, game.coerce_position("5 5 5 + 6 6 6 + 7 7 7 + 5 5 5"))
    ... except BudgetError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    this sum is too large to play: the exact search of the sum may visit up to 121,677,504 ...
    """
    moves = sum_move_count(game, start)
    if moves > MAX_SUM_MOVES:
        raise BudgetError(
            f"this sum is too large to play: it has up to {moves:,} moves, and a game values each "
            f"of them after every move (at most {MAX_SUM_MOVES:,})",
            states=moves,
            bytes_needed=0,
            budget=MAX_SUM_MOVES,
        )
    try:
        analysis_of(game, start)
    except BudgetError as error:
        memory = (
            f" (about {error.bytes_needed / 2**30:.1f} GiB of memory)" if error.bytes_needed else ""
        )
        raise BudgetError(
            f"this sum is too large to play: the exact search of the sum may visit up to "
            f"{error.states:,} states{memory}, over the budget of {error.budget:,} states",
            states=error.states,
            bytes_needed=error.bytes_needed,
            budget=error.budget,
        ) from None


def undo_from(movers: Sequence[Mover]) -> int:
    """Where undo cuts a game whose plies were made by ``movers``: the person's last move.

    >>> undo_from(["human", "computer", "human", "computer"])
    2
    """
    for index in range(len(movers) - 1, -1, -1):
        if movers[index] == "human":
            return index
    raise TurnError("nothing to undo: you have not moved yet")


def check_turn(over: bool, to_move: Mover, mover: Mover) -> None:
    """Refuse a move by ``mover`` when the game is ``over`` or it is ``to_move``'s turn.

    >>> check_turn(False, "human", "computer")
    Traceback (most recent call last):
    endnim.play.session.TurnError: it is your turn
    """
    if over:
        raise TurnError("the game is over: start a new one or undo")
    if to_move != mover:
        whose = "your" if to_move == "human" else "the computer's"
        raise TurnError(f"it is {whose} turn")


def check_length(plies: int, max_plies: int) -> None:
    """Refuse one more move in a game of ``plies`` moves that may last ``max_plies``.

    >>> check_length(2, 2)
    Traceback (most recent call last):
    endnim.play.session.TurnError: the game is longer than 2 moves: start a new one
    """
    if plies >= max_plies:
        raise TurnError(f"the game is longer than {max_plies:,} moves: start a new one")


def _text(rules: Any, position: Any) -> str:
    return str(position) if rules is None else str(rules.format_position(position))


def _move_text(rules: Any, move: Any) -> str:
    return str(move) if rules is None else str(rules.format_move(move))


def _opponent(side: End | None) -> str:
    return "Right" if side == "L" else "Left"


def _has_move(rules: Any, position: Any, player: Any) -> bool:
    """Whether ``player`` has a legal move in the non-terminal ``position`` (a partizan
    relative may leave one player none, e.g. Right at a last pile it may not reduce). Rows
    are asked without listing huge piles' moves: a bound of none is none, a small bound is
    listed, a large one has a move (every pile's reduction is forbidden only by small rules)."""
    from endnim.variants.base import Variant, move_count_bound

    if isinstance(rules, Variant):
        bound = move_count_bound(position, rules, player)
        if bound == 0:
            return False
        if bound > 100_000:
            return True
        return bool(rules.raw_options(tuple(position), player))
    return bool(rules.options(position, player))
