"""A sum of positions of one rule set, ``A + B + ...``, as one game (a rule set of its own).

A move is a move in one summand, written ``K:MOVE`` (K the 1-based place of the summand as
written, MOVE in the rule set's own notation: ``1:R3``, ``2:L0``); the other summands stay as
they are. The game ends when no summand has a move. Normal play: the player to move then loses;
misère play: wins (whoever made the last move of the whole sum lost). ``moves`` is the rule set
whose moves a summand has in a sum: in misère End-Nim with Cairns–Ho's convention the lone
pile's forced last move is a real move in a sum (docs/misere.md §1).

>>> from endnim.variants import get_variant
>>> game = SumOf(get_variant("endnim"))
>>> total = game.parse_position("3 1 + 2")
>>> total, game.format_position(total)
((Position(3, 1), Position(2)), '3 1 + 2')
>>> game.format_position(game.play(total, "2:L0"))
'3 1 + ()'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from endnim.errors import EndNimError, MoveError, PositionError
from endnim.ruleset import Player, RuleSet, verb

SUM_SIGN = "+"
"""What separates the summands of a sum in the position notation."""

Sum = tuple[Any, ...]
"""A sum: its summands in the order written."""
SumMove = tuple[int, Any]
"""A move of a sum: (the summand's 0-based place, its move)."""


class Summands(tuple):  # type: ignore[type-arg]
    """A sum given as its summands' positions, read as a sum even with one summand left (a game
    of a sum goes on by the sum's rules when the other summands are finished).

    >>> is_sum(Summands(["3 1"])), summand_texts(Summands(["3 1"]))
    (True, ['3 1'])
    """


def is_sum(position: object) -> bool:
    """Whether ``position`` is written as a sum (text with ``+``, or a sequence with a ``+``).

    >>> is_sum("3 1 4 + 2 2"), is_sum("3 1 4"), is_sum(["3 1", "+", "2"]), is_sum([3, 1])
    (True, False, True, False)
    """
    if isinstance(position, Summands):
        return True
    if isinstance(position, str):
        return SUM_SIGN in position
    if isinstance(position, (list, tuple)):
        return any(isinstance(item, str) and item.strip() == SUM_SIGN for item in position)
    return False


def summand_texts(position: object) -> list[object]:
    """The summands of a sum as written (text pieces, or the items between ``+`` signs).

    >>> summand_texts("3 1 4 + 2 2")
    ['3 1 4 ', ' 2 2']
    >>> summand_texts(["3 1", "+", "2"])
    ['3 1', '2']
    """
    if isinstance(position, Summands):
        return list(position)
    if isinstance(position, str):
        return list(position.split(SUM_SIGN))
    assert isinstance(position, (list, tuple))
    pieces: list[object] = []
    current: list[object] = []
    for item in [*position, SUM_SIGN]:
        if isinstance(item, str) and item.strip() == SUM_SIGN:
            pieces.append(
                current[0] if len(current) == 1 else " ".join(str(part) for part in current)
            )
            current = []
        else:
            current.append(item)
    return pieces


class SumOf(RuleSet[Sum, SumMove]):
    """The sums of positions of ``rules`` (each summand moving by ``moves``; default ``rules``),
    played in normal play, or misère when ``misere``."""

    family = "sum"
    position_notation = "summands separated by +, each in the rule set's notation: 3 1 4 + 2 2"
    move_notation = "K:MOVE, a move in the K-th summand (1-based): 1:R3, 2:L0"

    def __init__(
        self,
        rules: RuleSet[Any, Any],
        moves: RuleSet[Any, Any] | None = None,
        *,
        misere: bool = False,
    ) -> None:
        self.rules = rules
        self.moves = rules if moves is None else moves
        self.misere = misere
        self.name = rules.name  # type: ignore[misc]
        self.title = f"sums of {rules.title}"  # type: ignore[misc]
        self.impartial = rules.impartial  # type: ignore[misc]

    # ------------------------------------------------------------------ notation
    def parse_position(self, text: str) -> Sum:
        return self.coerce_position(text)

    def coerce_position(self, value: object) -> Sum:
        """Each summand read by the rule set; a one-line error names the summand at fault."""
        if not is_sum(value):
            raise PositionError(f"not a sum: {value!r:.60} (write A + B + ...)")
        assert isinstance(value, (str, list, tuple))
        shown = value if isinstance(value, str) else " ".join(map(str, value))
        if isinstance(value, Summands):
            shown = f" {SUM_SIGN} ".join(map(str, value))
        pieces = summand_texts(value)
        summands = []
        for number, piece in enumerate(pieces, start=1):
            if isinstance(piece, str) and not piece.strip():
                raise PositionError(f"summand {number} of {str(shown).strip()!r} is empty")
            try:
                summands.append(self.rules.coerce_position(piece))
            except EndNimError as error:
                where = f"summand {number} of {str(shown).strip()!r}"
                raise PositionError(f"{where}: {error}") from None
        return tuple(summands)

    def format_position(self, position: Sum) -> str:
        return f" {SUM_SIGN} ".join(self._summand_text(part) for part in position)

    def _summand_text(self, part: Any) -> str:
        if isinstance(part, tuple) and not part:
            return "()"  # an emptied row
        return str(self.moves.format_position(part))

    def position_to_json(self, position: Sum) -> Any:
        return self.format_position(position)

    def parse_move(self, text: str) -> SumMove:
        place, sep, move = text.partition(":")
        if not sep or not place.strip().isdigit() or int(place) < 1:
            raise MoveError(f"cannot read a move of a sum from {text!r}: write K:MOVE, e.g. 1:R3")
        return int(place) - 1, self.moves.parse_move(move.strip())

    def format_move(self, move: SumMove) -> str:
        return f"{move[0] + 1}:{self.moves.format_move(move[1])}"

    # ------------------------------------------------------------------ rules
    def options(self, position: Sum, player: Player | None = None) -> list[tuple[SumMove, Sum]]:
        result = []
        for place, part in enumerate(position):
            if self._over(part):
                continue
            for move, child in self.moves.options(part, player):
                result.append(((place, move), (*position[:place], child, *position[place + 1 :])))
        return result

    def _over(self, part: Any) -> bool:
        """A summand with no move left (an emptied row is one, whatever the rule set says)."""
        return (isinstance(part, tuple) and not part) or self.moves.is_terminal(part)

    def is_terminal(self, position: Sum) -> bool:
        return all(self._over(part) for part in position)

    def terminal_value(self, position: Sum) -> int:
        return 1 if self.misere else 0

    def ending_text(self, position: Sum, mover: str = "the player to move") -> str:
        if self.misere:
            wins = verb(mover, "wins")
            return f"no summand has a move left: the last mover lost (misère), so {mover} {wins}"
        return super().ending_text(position, mover)

    # ------------------------------------------------------------------ for the solvers
    def canonical_key(self, position: Sum) -> Hashable:
        """The multiset of the live summands' keys: order and finished summands do not matter."""
        keys = [(repr(self.moves.canonical_key(part))) for part in position if not self._over(part)]
        return tuple(sorted(keys))

    def estimate_states(self, position: Sum) -> int:
        total = 1
        for part in position:
            total *= 1 if self._over(part) else self.moves.estimate_states(part) + 1
        return total

    def estimate_work(self, position: Sum) -> int:
        states = self.estimate_states(position)
        options = sum(
            max(1, self.moves.estimate_work(part) // max(1, self.moves.estimate_states(part)))
            for part in position
            if not self._over(part)
        )
        return states * max(1, options)

    def summands(self, position: Sum) -> Sequence[Any]:
        """The summands, in the order written."""
        return position


def summand_rules(rules: RuleSet[Any, Any]) -> RuleSet[Any, Any]:
    """The rule set whose moves a summand has in a misère sum: Misère End-Nim in Cairns–Ho's
    convention makes the lone pile ``(1)`` terminal, hiding a single row's forced last move; in
    a sum that move is real, so its summands move as in Conway's convention (docs/misere.md).

    >>> from endnim.variants import get_variant
    >>> summand_rules(get_variant("misere")).name, summand_rules(get_variant("endnim")).name
    ('misere-conway', 'endnim')
    """
    if not rules.impartial:
        raise EndNimError(f"{rules.title} is partizan: misère quotients are for impartial games")
    if rules.convention == "cairns-ho":
        from endnim.variants import get_variant

        return get_variant("misere-conway")
    return rules
