"""The rule-set interface every variant implements.

A variant is a small class with a few hooks (python-chess's ``chess/variant.py`` is the model):
which ends a player may play at, whether the row may be reversed after a move, which
positions are terminal and what they are worth, and which resulting positions are allowed.
Options, move validation and state estimates are derived here once, so that the search, the
theory checks, the engine and the tests all read the rules from the same place.

>>> from endnim.variants import get_variant
>>> [str(m) for m, _ in get_variant("endnim").options((2, 3))]
['L0', 'L1', 'R0', 'R1', 'R2']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from endnim.errors import MoveError, RuleSetError
from endnim.moves import End, Move
from endnim.position import Position, as_position, parse_position, trusted_position
from endnim.ruleset import RuleSet, error_label

AnyRuleSet = RuleSet[Any, Any]

Piles = tuple[int, ...]
RawOption = tuple[End, int, bool, Piles]
"""(end, new size, reversed?, resulting piles): an option without object overhead."""


class Variant(RuleSet[Position, Move], ABC):
    """A rule set of the End-Nim family: the row games (:class:`endnim.ruleset.RuleSet`'s
    ``row`` family), whose extra hooks feed the engine, the theory and the sweeps."""

    family: ClassVar[str] = "row"
    reversible: ClassVar[bool] = False
    """Muller: after reducing a pile the mover may reverse the row."""
    position_notation: ClassVar[str] = (
        "piles separated by spaces or commas, e.g. '3 1 4', '[3, 1, 4]' or '3^2 1'"
    )
    move_notation: ClassVar[str] = (
        "the end and the pile's new size, 0 removing it: 'L3', 'R0' ('L2r' also reverses)"
    )

    # ------------------------------------------------------- the generic interface
    def parse_position(self, text: str) -> Position:
        return parse_position(text)

    def coerce_position(self, value: object) -> Position:
        return as_position(value)

    def format_position(self, position: Position) -> str:
        return " ".join(map(str, position))

    def position_to_json(self, position: Position) -> list[int]:
        return list(position)

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def children(self, position: Position, player: End | None = None) -> list[Position]:
        return [option[3] for option in self.raw_options(tuple(position), player)]  # type: ignore[misc]

    def estimate_work(self, position: Position) -> int:
        """Option visits of an exact search: states × (options of a state, at most 2·max + 1)."""
        return self.estimate_states(position) * (2 * max(position, default=0) + 1)

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        """The ends the player to move may reduce (impartial variants ignore ``player``)."""

    def is_terminal(self, piles: Piles) -> bool:
        """A terminal position has no options at all. Default: the empty row."""
        return not piles

    def terminal_value(self, piles: Piles) -> int:
        """Grundy value of a terminal position. Default (normal play): 0, the mover loses."""
        return 0

    def allows(self, child: Piles) -> bool:
        """Whether a move may lead to ``child`` (misère: never to the empty row)."""
        return True

    def allows_take(self, pile: int, size: int) -> bool:
        """Whether a pile of ``pile`` coins may be reduced to ``size`` (0: removed). Default:
        any reduction. A rule set that restricts it (e.g. take at most 3) has no engine family.
        """
        return True

    # ------------------------------------------------------------ derived
    def raw_options(self, piles: Piles, player: End | None = None) -> list[RawOption]:
        """Every option as a light tuple, one per distinct resulting position.

        Enumerates every new size, so it is for exact search on small piles only.
        """
        if self.is_terminal(piles):
            return []
        seen: set[Piles] = set()
        result: list[RawOption] = []
        rules = type(self)
        any_take = rules.allows_take is Variant.allows_take
        allows = self.allows
        for end in self.ends(piles, player):
            if not piles:
                raise empty_row_error(self, end)
            pile = piles[0] if end == "L" else piles[-1]
            sizes = (
                range(pile) if any_take else [s for s in range(pile) if self.allows_take(pile, s)]
            )
            if not self.reversible:  # the common case, the children built at once
                for size, child in zip(sizes, end_children(piles, end, sizes), strict=True):
                    if child not in seen and allows(child):
                        seen.add(child)
                        result.append((end, size, False, child))
                continue
            for size in sizes:
                for reverse in (False, True):
                    child = reduce_end(piles, end, size, reverse)
                    if child not in seen and allows(child):
                        seen.add(child)
                        result.append((end, size, reverse, child))
        return result

    def options(
        self, position: Sequence[int], player: End | None = None
    ) -> list[tuple[Move, Position]]:
        """Every legal move with the position it leads to (distinct positions only)."""
        return [
            (Move(end, size, reverse), trusted_position(child))
            for end, size, reverse, child in self.raw_options(tuple(position), player)
        ]

    def moves(self, position: Sequence[int], player: End | None = None) -> list[Move]:
        """Every legal move (one per distinct resulting position)."""
        return [move for move, _ in self.options(position, player)]

    def play(
        self, position: Sequence[int], move: Move | str, player: End | None = None
    ) -> Position:
        """The position after ``move``; raises :class:`MoveError` if it is not legal.

        Works at any pile size (it does not enumerate the options).
        """
        piles = tuple(position)
        if isinstance(move, str):
            move = Move.parse(move)
        if self.is_terminal(piles):
            raise MoveError(f"no move is legal in the terminal position {_show(piles)}")
        ends = self.ends(piles, player)
        end = move.end
        if end not in ends and len(piles) == 1 and self.impartial:
            end = ends[0]  # a lone pile is both the first and the last pile
        if end not in ends:
            who = f" for {'Left' if player == 'L' else 'Right'}" if player else ""
            raise MoveError(
                f"move {move} is not legal{who} in {_show(piles)}: "
                f"only the {' or '.join(_END_NAMES[e] for e in ends)} pile may be played"
            )
        pile = piles[0] if end == "L" else piles[-1]
        if move.size >= pile:
            raise MoveError(
                f"move {move} is not legal in {_show(piles)}: the {_END_NAMES[end]} pile has "
                f"{pile} coin{'' if pile == 1 else 's'}, so its new size must be below {pile}"
            )
        if not self.allows_take(pile, move.size):
            raise MoveError(
                f"move {move} is not legal in {self.title}: a pile of {pile} may not become "
                f"{move.size}"
            )
        if move.reverse and not self.reversible:
            raise MoveError(f"move {move}: {self.title} has no reversal (drop the 'r')")
        child = reduce_end(piles, end, move.size, move.reverse)
        if not self.allows(child):
            raise MoveError(f"move {move} is not legal in {self.title}: {self.forbidden_reason}")
        return trusted_position(child)

    forbidden_reason: ClassVar[str] = ""

    def estimate_states(self, piles: Piles) -> int:
        """An upper bound on the distinct positions an exact search from ``piles`` visits.

        Reachable positions are x·w·y with w a run a[i+1..j-1] and x <= a[i], y <= a[j],
        plus single piles and the empty row.

        >>> from endnim.variants import get_variant
        >>> get_variant("endnim").estimate_states((3, 4))
        17
        """
        if not piles:
            return 1
        total = sum(piles)
        squares = sum(p * p for p in piles)
        pairs = (total * total - squares) // 2
        orientations = 2 if self.reversible else 1
        return 1 + max(piles) + orientations * pairs


_END_NAMES = {"L": "first", "R": "last"}


def players_of(rules: AnyRuleSet, player: End | None) -> tuple[End | None, ...]:
    """Whose moves to consider: ``(None,)`` when impartial; partizan: one player or both.

    >>> from endnim.variants import get_variant
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

    >>> from endnim.variants import get_variant
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
            if not piles:
                raise empty_row_error(rules, end)
            total += piles[0] if end == "L" else piles[-1]
    return total * (2 if rules.reversible else 1)


def empty_row_error(rules: AnyRuleSet, end: End) -> RuleSetError:
    """The one-line refusal of a row rule set whose empty row is not terminal, yet has no pile
    at the ``end`` its ``ends()`` offers there: a row game must end at the empty row at the
    latest.

    >>> from endnim.variants import get_variant
    >>> str(empty_row_error(get_variant("endnim"), "L"))  # doctest: +ELLIPSIS
    "rule set 'endnim': is_terminal() says the empty row is not terminal, but ends() offers ..."
    """
    return RuleSetError(
        f"{error_label(rules)}: is_terminal() says the empty row is not terminal, but ends() "
        f"offers its {_END_NAMES.get(end, repr(end))} pile and it has none: a row game must end "
        "at the empty row at the latest (is_terminal(()) must be True)"
    )


def end_children(piles: Piles, end: End, sizes: Iterable[int]) -> list[Piles]:
    """``[reduce_end(piles, end, s) for s in sizes]``, built at once (no reversal); with
    :func:`reduce_end`, the one place where a move's effect on a row is written.

    >>> end_children((3, 1, 5), "R", range(3)) == [reduce_end((3, 1, 5), "R", s) for s in range(3)]
    True
    >>> end_children((3, 1, 5), "L", [0, 2])
    [(1, 5), (2, 1, 5)]
    """
    if end == "L":
        rest = piles[1:]
        return [(size,) + rest if size else rest for size in sizes]
    rest = piles[:-1]
    return [rest + (size,) if size else rest for size in sizes]


def reduce_end(piles: Piles, end: End, size: int, reverse: bool = False) -> Piles:
    """The row after the pile at ``end`` is set to ``size`` (0 removes it), then maybe reversed.

    The one place where a move's effect on a row is written.

    >>> reduce_end((3, 1, 5), "R", 0), reduce_end((3, 7, 1), "L", 2, reverse=True)
    ((3, 1), (1, 7, 2))
    """
    if end == "L":
        child = ((size,) + piles[1:]) if size else piles[1:]
    else:
        child = (piles[:-1] + (size,)) if size else piles[:-1]
    return child[::-1] if reverse else child


def _show(piles: Piles) -> str:
    text = " ".join(map(str, piles)) or "(empty)"
    return text if len(text) <= 60 else text[:57] + "..."
