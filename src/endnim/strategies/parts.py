"""The decomposition strategy: positions that split into independent parts (trees, warehouses).

Impartial rule sets: the Grundy value is the xor of the parts' values (Sprague–Grundy), found
by :class:`endnim.parts.PartsSolver`, which splits every option it meets; a move wins when it
leaves Grundy value 0. The remoteness, which does not add up over a sum, comes from the plain
search when that is affordable.

Partizan rule sets: the plain search decides (it is exact and gives the remoteness); when it is
over its budget and the position splits, the outcome is that of the sum of the parts'
canonical forms (:mod:`endnim.cgt`), and a move wins when the sum after it is won by its maker
moving second.

Either way, ``components`` lists each part (its vertices, by their numbers in the whole
position) with its own value.

>>> from endnim.analyzer import analyze
>>> a = analyze("2 0 1 1", variant="depot")
>>> a.grundy, [c["grundy"] for c in a.components]
(2, [2, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Sized
from typing import Any, Protocol

from endnim.errors import BudgetError
from endnim.outcome import Outcome
from endnim.parts import default_parts_solver, splits
from endnim.ruleset import Player, RuleSet, splits_by
from endnim.search import DEFAULT_BUDGET, PartizanValue, default_solver
from endnim.strategies.base import Capability, Request, Strategy
from endnim.strategies.result import (
    AUTO_SEARCH_BUDGET,
    AUTO_SEARCH_WORK,
    Analysis,
    remoteness_of,
)
from endnim.strategies.search import by_search_plain, move_text
from endnim.theory import Reason

VALUES_SHOWN = 50
"""The parts' values written out in the reason (the rest: ``…``; ``components`` has them all)."""
MAX_VALUE_LENGTH = 2000
"""A part's canonical form is listed up to this many characters."""


class PartsStrategy(Strategy):
    """Decomposition into independent parts: decides rule sets whose ``components`` split."""

    name = "parts"
    title = "exact search"  # by parts: the notes say so as they said of the search

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        """For rule sets that split; its cost is the parts of this position."""
        if not splits(rules):
            return None
        fields = ("outcome", "winning_moves", "grundy" if rules.impartial else "remoteness")
        return Capability(fields, len(rules.components(position)), "parts", affordable=True)

    def decide(self, rules: RuleSet[Any, Any], position: Any, request: Request) -> Analysis:
        return by_parts(position, rules, request.budget)


PARTS = PartsStrategy()


def split(rules: RuleSet[Any, Any], position: Any) -> list[tuple[list[int | None] | None, Any]]:
    """The parts of ``position``, with their vertices' numbers where the rule set says them
    (its ``split`` is asked only where it is the split that answers: not where a class below
    wrote ``components``, nor where it changes the moves ``split`` was written for)."""
    by = splits_by(rules)
    if by is None:
        return [(None, position)]
    if by == "split":
        return list(rules.split(position))  # type: ignore[attr-defined]
    return [(None, part) for part in rules.components(position)]


def by_parts(position: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    """The exact analysis of ``position`` by its independent parts."""
    parts = split(rules, position)
    if rules.impartial:
        return _impartial(position, rules, budget, parts)
    return _partizan(position, rules, budget, parts)


class GrundySolver(Protocol):
    """What the analysis by parts needs of a solver: Grundy values of positions and parts,
    and its memo's size (:class:`endnim.parts.PartsSolver`, or a compiled one)."""

    @property
    def memo(self) -> Sized: ...

    def grundy(self, position: Any) -> int: ...


def impartial_by_parts(
    position: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    solver: GrundySolver,
    remoteness: Callable[[list[str]], int | None] | None = None,
) -> Analysis:
    """The analysis of an impartial ``position`` by its parts with ``solver``; the
    remoteness from ``remoteness(notes)`` (default: the plain search, when affordable)."""
    return _impartial(position, rules, budget, split(rules, position), solver, remoteness)


def _impartial(
    position: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    parts: list[tuple[list[int | None] | None, Any]],
    solver: GrundySolver | None = None,
    remoteness_of_position: Callable[[list[str]], int | None] | None = None,
) -> Analysis:
    if solver is None:
        solver = default_parts_solver(rules, budget)
    grundy = solver.grundy(position)
    known: dict[Any, int] = {}  # equal parts (a forest of equal trees) are valued once
    values = [
        known[part] if part in known else known.setdefault(part, solver.grundy(part))
        for _, part in parts
    ]
    winning = [
        move_text(rules, None, move)
        for move in _winning_moves(rules, solver, position, parts, values)
    ]
    notes: list[str] = []
    sources = {"outcome": "search", "grundy": "search", "winning_moves": "search"}
    remoteness: int | dict[str, int] | None
    if remoteness_of_position is not None:
        remoteness = remoteness_of_position(notes)
    else:
        remoteness = plain_remoteness(position, rules, budget, notes)
    if remoteness is not None:
        sources["remoteness"] = "search"
    if len(parts) > 1:
        statement = (
            f"Grundy value {grundy}: the xor of its {len(parts)} independent parts' values "
            f"({' ⊕ '.join(map(str, values[:VALUES_SHOWN]))}"
            f"{' ⊕ …' if len(values) > VALUES_SHOWN else ''})"
        )
    else:
        statement = f"Grundy value {grundy}"
    reason = Reason(
        "exhaustive search by parts",
        statement + " (every option split into its independent parts, Sprague–Grundy)",
        {"parts_cached": len(solver.memo)},
    )
    components = None
    if len(parts) > 1:
        components = [
            {
                "vertices": vertices,
                "position": rules.position_to_json(part),
                "grundy": value,
                "outcome": str(Outcome.from_grundy(value)),
            }
            for (vertices, part), value in zip(parts, values, strict=True)
        ]
    return Analysis(
        position=position,
        variant=rules.name,
        outcome=Outcome.from_grundy(grundy),
        grundy=grundy,
        winning_move_ranges=[],
        remoteness=remoteness,
        method="search",
        sources=sources,
        reasons=[reason],
        notes=notes,
        winning_move_list=winning,
        rules=rules,
        components=components,
    )


def _winning_moves(
    rules: RuleSet[Any, Any],
    solver: GrundySolver,
    position: Any,
    parts: list[tuple[list[int | None] | None, Any]],
    values: list[int],
) -> list[Any]:
    """The moves to Grundy value 0, in the rule set's order (``values``: the parts').

    A move of a sum is a move in one part, the others left as they are; it wins when it takes
    that part to the xor of the others. So each part's options are tried on their own (when
    the rule set can say which move of the whole a part's move is, ``lift_move``), not every
    option of the whole split again: linear, not quadratic, in the number of parts.
    """
    lift = getattr(rules, "lift_move", None)
    if len(parts) <= 1 or lift is None or any(vertices is None for vertices, _ in parts):
        return [move for move, child in rules.options(position) if solver.grundy(child) == 0]
    total = 0
    for value in values:
        total ^= value
    if total == 0:
        return []  # no option of a part has the part's own value
    found = []
    local: dict[tuple[Any, int], list[Any]] = {}  # equal parts are tried once
    for (vertices, part), value in zip(parts, values, strict=True):
        wanted = total ^ value
        moves = local.get((part, wanted))
        if moves is None:
            moves = local[part, wanted] = [
                move for move, child in rules.options(part) if solver.grundy(child) == wanted
            ]
        found += [lift(move, vertices) for move in moves]
    found.sort()
    return found


def plain_remoteness(
    position: Any, rules: RuleSet[Any, Any], budget: int | None, notes: list[str]
) -> int | dict[str, int] | None:
    """The remoteness by the plain search when affordable, else ``None`` and a note."""
    states = rules.estimate_states(position)
    work = rules.estimate_work(position)
    limit = AUTO_SEARCH_BUDGET if budget is None else budget
    if states <= limit and (budget is not None or work <= AUTO_SEARCH_WORK):
        try:
            return remoteness_of(default_solver(rules, limit).value(position))
        except BudgetError:
            pass
    notes.append(
        "remoteness not computed: it does not add up over independent parts, and the plain "
        f"search of the whole may visit {states:,} states (--budget raises the limit)"
    )
    return None


def _partizan(
    position: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    parts: list[tuple[list[int | None] | None, Any]],
) -> Analysis:
    notes: list[str] = []
    try:
        analysis = by_search_plain(position, rules, budget)
    except BudgetError:
        if len(parts) <= 1:
            raise
        analysis = _partizan_by_forms(position, rules, budget, parts)
    if len(parts) > 1:
        analysis.components = partizan_components(rules, parts, budget, notes)
    analysis.notes.extend(notes)
    return analysis


def partizan_components(
    rules: RuleSet[Any, Any],
    parts: list[tuple[list[int | None] | None, Any]],
    budget: int | None,
    notes: list[str],
) -> list[dict[str, Any]]:
    """Each part of a partizan position with its vertices, outcome and canonical form (a note
    for a part whose form is over the budget)."""
    return [_partizan_part(rules, vertices, part, budget, notes) for vertices, part in parts]


def _partizan_part(
    rules: RuleSet[Any, Any],
    vertices: list[int | None] | None,
    part: Any,
    budget: int | None,
    notes: list[str],
) -> dict[str, Any]:
    from endnim.cgt import outcome, position_value, printed_length, to_ascii, to_unicode

    entry: dict[str, Any] = {"vertices": vertices, "position": rules.position_to_json(part)}
    try:
        value = position_value(part, rules=rules, budget=budget)
    except BudgetError as error:
        notes.append(f"a part's canonical form was not computed: {error}")
        try:
            found = default_solver(rules, DEFAULT_BUDGET if budget is None else budget).value(part)
        except BudgetError:
            return entry | {"outcome": None, "value": None}
        assert isinstance(found, PartizanValue)
        return entry | {"outcome": str(found.outcome), "value": None}
    fits = printed_length(value) <= MAX_VALUE_LENGTH
    return entry | {
        "outcome": outcome(value),
        "value": to_unicode(value) if fits else None,
        "value_ascii": to_ascii(value) if fits else None,
    }


def _partizan_by_forms(
    position: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    parts: list[tuple[list[int | None] | None, Any]],
) -> Analysis:
    """Outcome and winning moves from the sum of the parts' canonical forms."""
    from endnim.cgt import ZERO, add, outcome, position_value, subtract
    from endnim.cgt.positions import deep_recursion

    def total(whole: Any) -> Any:
        value = ZERO
        for piece in rules.components(whole):
            value = add(value, position_value(piece, rules=rules, budget=budget))
        return value

    sides: tuple[tuple[Player, str], ...] = (("L", "LP"), ("R", "RP"))
    lift = getattr(rules, "lift_move", None)
    with deep_recursion():
        whole = total(position)
        kind = outcome(whole)
        winning: list[str] = []
        if lift is None or any(vertices is None for vertices, _ in parts):
            for player, keep in sides:
                for move, child in rules.options(position, player):
                    if outcome(total(child)) in keep:
                        winning.append(move_text(rules, player, move))
        else:
            # A move is in one part: the sum after it is the others' sum plus the part's
            # option. Each distinct part is tried once (a forest of equal trees: once).
            found: list[tuple[Player, Any]] = []
            local: dict[Any, list[tuple[Player, Any]]] = {}
            for vertices, part in parts:
                moves = local.get(part)
                if moves is None:
                    others = subtract(whole, position_value(part, rules=rules, budget=budget))
                    moves = local[part] = [
                        (player, move)
                        for player, keep in sides
                        for move, child in rules.options(part, player)
                        if outcome(add(others, total(child))) in keep
                    ]
                found += [(player, lift(move, vertices)) for player, move in moves]
            found.sort(key=lambda pair: (pair[0], pair[1]))
            winning = [move_text(rules, player, move) for player, move in found]
    reason = Reason(
        "canonical forms by parts",
        f"class {kind}: the outcome of the sum of its {len(parts)} independent parts' "
        "canonical forms",
        {"parts": len(parts)},
    )
    return Analysis(
        position=position,
        variant=rules.name,
        outcome=Outcome(kind),
        grundy=None,
        winning_move_ranges=[],
        remoteness=None,
        method="search",
        sources={"outcome": "canonical forms", "winning_moves": "canonical forms"},
        reasons=[reason],
        notes=["remoteness not computed: the plain search of the whole is over its budget"],
        winning_move_list=winning,
        rules=rules,
    )


__all__ = [
    "GrundySolver",
    "by_parts",
    "impartial_by_parts",
    "partizan_components",
    "split",
    "splits",
]
