"""``analyze``: the one entry point the front-ends call.

It picks the closed-form theory, the exact search, or both, and returns one :class:`Analysis`
that serialises to the JSON the CLI and the API print. It asks the rule set what it offers (a
theory, an engine family) and never branches on a name: a rule set without a theory, or whose
positions are not rows, is answered by the exact search through the generic
:class:`~endnim.ruleset.RuleSet` hooks, and the notes say so.

>>> a = analyze("3 1 3")
>>> a.outcome, a.grundy, a.winning_moves, a.method
('P', 0, [], 'theory')
>>> analyze([5, 2], variant="muller").to_dict()["grundy"]
5
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, Literal

from endnim.errors import BudgetError, EndNimError, VariantError
from endnim.json_line import dumps, dumps_text
from endnim.moves import End, Move
from endnim.outcome import Outcome
from endnim.position import Position
from endnim.ruleset import RuleSet
from endnim.search import (
    DEFAULT_BUDGET,
    ImpartialValue,
    PartizanValue,
    default_solver,
    estimate_bytes,
    format_bytes,
    format_count,
)
from endnim.theory import MoveRange, Reason
from endnim.theory.base import Theory
from endnim.variants import Variant, get_variant

Method = Literal["auto", "theory", "search", "engine"]
METHODS: tuple[str, ...] = ("auto", "theory", "search", "engine")

AUTO_SEARCH_BUDGET = 300_000
"""In ``auto``, the exact search fills in the remoteness (and a Grundy value no theorem fixes)
only when it needs at most this many states, unless a budget is given."""
AUTO_SEARCH_WORK = 3_000_000
"""... and at most this many option visits (states × options per state: about a second)."""
AUTO_ENGINE_CELLS = 10**9
"""In ``auto``, the engine computes a Grundy value no theorem fixes within this many cells."""
AUTO_BUDGET_ADVICE = "over the auto budget (--budget raises it; --method search forces it)"
"""The command line's advice in the note of an uncomputed remoteness (the web page words it
its own way: :mod:`endnim.web.words`)."""

MAX_LISTED_MOVES = 1000
"""``winning_moves`` lists single moves up to this many; ``winning_move_ranges`` is always whole."""

OUTCOME_WORDS = {outcome.value: outcome.words for outcome in Outcome}
"""Each outcome class in words (from :class:`endnim.outcome.Outcome`)."""


@dataclass
class Analysis:
    """Everything endnim knows about one position of one variant."""

    position: Any
    """The position: a :class:`Position` for the row games, the rule set's own type otherwise."""
    variant: str
    outcome: Outcome
    grundy: int | None
    winning_move_ranges: list[MoveRange]
    remoteness: int | dict[str, int] | None
    method: str
    sources: dict[str, str]
    reasons: list[Reason]
    thresholds: dict[str, int] | None = None
    notes: list[str] = field(default_factory=list)
    winning_move_list: list[str] | None = None
    """Winning moves of a rule set whose moves are not row moves (then ranges are empty)."""
    rules: Any = field(default=None, repr=False, compare=False)
    """The rule set analysed (it writes the position and moves); ``None``: the variant's."""
    components: list[dict[str, Any]] | None = None
    """The independent parts of a position that splits, each with its value (JSON objects)."""

    @property
    def ruleset(self) -> Any:
        """The rule set of this analysis."""
        return self.rules if self.rules is not None else get_variant(self.variant)

    @property
    def winning_moves(self) -> list[str]:
        """Winning moves in move notation (at most :data:`MAX_LISTED_MOVES`)."""
        if self.winning_move_list is not None:
            return self.winning_move_list[:MAX_LISTED_MOVES]
        listed: list[str] = []
        for move_range in self.winning_move_ranges:
            room = MAX_LISTED_MOVES - len(listed)
            if room <= 0:
                break
            listed.extend(move_range.texts(room))
        return listed

    @property
    def winning_moves_complete(self) -> bool:
        """False when there are more winning moves than ``winning_moves`` lists."""
        if self.winning_move_list is not None:
            return len(self.winning_move_list) <= MAX_LISTED_MOVES
        return sum(r.count for r in self.winning_move_ranges) <= MAX_LISTED_MOVES

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``endnim analyze --json`` (and of the web API)."""
        return self._fields(encodable=False)

    def _fields(self, *, encodable: bool) -> dict[str, Any]:
        """:meth:`to_dict`; with ``encodable``, the reasons' data are not copied into plain
        JSON types but left to :func:`endnim.json_line.dumps` (the same text)."""
        row = self.winning_move_list is None
        result: dict[str, Any] = {
            "position": (
                list(self.position) if row else self.ruleset.position_to_json(self.position)
            ),
            "variant": self.variant,
            "outcome": str(self.outcome),
            "grundy": self.grundy,
            "winning_moves": self.winning_moves,
            "winning_moves_complete": self.winning_moves_complete,
        }
        if row:
            result["winning_move_ranges"] = [r.to_dict() for r in self.winning_move_ranges]
        result |= {
            "remoteness": self.remoteness,
            "method": self.method,
            "sources": self.sources,
            "reason": [r.to_encodable() if encodable else r.to_dict() for r in self.reasons],
        }
        if self.thresholds is not None:
            result["L_star"] = self.thresholds.get("L_star")
            result["R_star"] = self.thresholds.get("R_star")
            result["L_threshold"] = self.thresholds.get("L_threshold")
            result["R_threshold"] = self.thresholds.get("R_threshold")
        if self.components is not None:
            result["components"] = self.components
        if self.notes:
            result["notes"] = self.notes
        return result

    def _repr_html_(self) -> str:
        """Notebook display: the row and a small table of the results."""
        from html import escape

        from endnim.svg import position_svg

        rows = [
            ("variant", self.variant),
            ("outcome", f"{self.outcome}: {OUTCOME_WORDS[self.outcome]}"),
        ]
        if self.ruleset.impartial:
            rows.append(("grundy", "unknown" if self.grundy is None else str(self.grundy)))
        if self.thresholds is not None:
            rows.append(("thresholds", thresholds_text(self.thresholds)))
        rows += [
            ("winning moves", ", ".join(self.move_summary()) or "none"),
            ("remoteness", remoteness_text(self.remoteness)),
            *(("reason", str(r)) for r in self.reasons),
            *(("note", note) for note in self.notes),
        ]
        cells = "".join(
            f"<tr><th style='text-align:left'>{escape(k)}</th><td>{escape(v)}</td></tr>"
            for k, v in rows
        )
        picture = position_svg(self.position) if isinstance(self.position, Position) else ""
        return f"{picture}<table>{cells}</table>"

    def move_summary(self) -> list[str]:
        """The winning moves as short texts: row moves as ranges (``R3..5``), others one by one."""
        if self.winning_move_list is not None:
            return self.winning_moves
        return [str(r) for r in self.winning_move_ranges]

    def to_json(self) -> str:
        """One line of compact JSON: :meth:`to_dict` as ``endnim analyze --json`` prints it.

        >>> analyze("2 2").to_json()[:40]
        '{"position":[2,2],"variant":"endnim","ou'
        """
        return dumps_text(self._fields(encodable=True))

    def to_json_bytes(self) -> bytes:
        """:meth:`to_json` as UTF-8 bytes (what a batch writes)."""
        return dumps(self._fields(encodable=True))


THRESHOLD_NAMES = {"L_star": "L*", "R_star": "R*", "L_threshold": "L", "R_threshold": "R"}
"""How the thresholds of a partizan row are written for people (docs/errata.md conventions:
L* is the least s with s·row in L or N, L the least x with x·row in L; R*, R dually)."""


def thresholds_text(thresholds: dict[str, int]) -> str:
    """A partizan row's thresholds for people.

    >>> thresholds_text({"L_star": 6, "R_star": 7, "L_threshold": 6, "R_threshold": 7})
    'L* = 6, R* = 7, L = 6, R = 7'
    """
    return ", ".join(f"{THRESHOLD_NAMES.get(k, k)} = {v}" for k, v in thresholds.items())


def remoteness_text(remoteness: int | dict[str, int] | None) -> str:
    """The remoteness for people; partizan: with each player moving first.

    >>> remoteness_text(9), remoteness_text({"left_first": 5, "right_first": 4})
    ('9', 'Left moving first: 5, Right moving first: 4')
    """
    if remoteness is None:
        return "unknown"
    if isinstance(remoteness, int):
        return str(remoteness)
    words = {"left_first": "Left moving first", "right_first": "Right moving first"}
    return ", ".join(f"{words.get(k, k)}: {v}" for k, v in remoteness.items())


def analyze(
    position: object,
    variant: str | RuleSet[Any, Any] = "endnim",
    method: str = "auto",
    *,
    budget: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse ``position`` (text, a Position or a list of ints; for other rule sets, their
    notation or position object) in ``variant`` (a name or a :class:`RuleSet`).

    ``method``: ``theory`` (closed forms only), ``search`` (exact memoised search only, within
    ``budget`` states), ``engine`` (the compiled interval DP, within ``budget`` cells) or
    ``auto``: the theory decides the outcome and the winning moves; the Grundy value comes from a
    theorem where one fixes it, else from the search (small positions) or the engine; the
    remoteness from the search when affordable. ``progress`` receives (done, total) cells of
    engine work; ``threads`` bounds the engine's threads.

    >>> analyze("2 2", variant="partizan").outcome
    'P'
    """
    rules = get_variant(variant)
    piles = rules.coerce_position(position)
    if method not in METHODS:
        raise VariantError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    if method == "search":
        return _by_search(piles, rules, budget)
    if method == "engine":
        return _by_engine(piles, _check_engine(rules), budget, threads, progress)
    theory = rules.theory()
    if theory is None:
        if method == "theory":
            others = "auto, search or engine" if engine_family(rules) else "auto or search"
            raise VariantError(f"{rules.title} has no closed-form theory: use --method {others}")
        return _without_theory(piles, rules, budget, threads, progress)
    assert isinstance(rules, Variant), "a closed-form theory is for row rule sets"
    analysis = _by_theory(piles, rules, theory)
    if method == "auto":
        _complete(analysis, rules, budget, threads, progress)
    return analysis


def analyzer_of(
    variant: str | RuleSet[Any, Any] = "endnim",
    method: str = "auto",
    *,
    budget: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Callable[[object], Analysis]:
    """``lambda position: analyze(position, variant, method, ...)``, with the rule set, its
    theory and the method looked up once instead of for every position (a batch of millions).

    >>> run = analyzer_of("loop")
    >>> run("3 1 3").to_json() == analyze("3 1 3", "loop").to_json()
    True
    """
    try:
        rules = get_variant(variant)
        theory = rules.theory() if method in ("auto", "theory") else None
    except EndNimError:
        theory = None
    if theory is None or not isinstance(rules, Variant):
        return lambda position: analyze(
            position, variant, method, budget=budget, threads=threads, progress=progress
        )
    coerce, complete = rules.coerce_position, method == "auto"

    def run(position: object) -> Analysis:
        analysis = _by_theory(coerce(position), rules, theory)
        if complete:
            _complete(analysis, rules, budget, threads, progress)
        return analysis

    return run


def engine_family(rules: RuleSet[Any, Any]) -> str | None:
    """The name of the engine's kernel family for ``rules``, or ``None`` when it has none.

    Derived from the rule hooks (:mod:`endnim.engine.families`); only row rule sets can have one.

    >>> engine_family(get_variant("muller")), engine_family(get_variant("partizan"))
    ('muller', 'partizan')
    """
    if not isinstance(rules, Variant):
        return None
    from endnim.engine.families import EngineError, family_of

    try:
        return family_of(rules).name
    except EngineError:
        return None


def _engine_refusal(rules: RuleSet[Any, Any]) -> str:
    if not isinstance(rules, Variant):
        return f"the compiled engine solves rows only, and {rules.title} is not a row game"
    from endnim.engine.families import EngineError, family_of

    try:
        family_of(rules)
    except EngineError as error:
        return str(error)
    return ""


def _check_engine(rules: RuleSet[Any, Any]) -> Variant:
    reason = _engine_refusal(rules)
    if reason or not isinstance(rules, Variant):
        raise VariantError(f"--method engine: {reason}; use --method search")
    return rules


def _without_theory(
    piles: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
) -> Analysis:
    """``auto`` for a rule set without a theory: the exact search, else the engine."""
    note = f"{rules.title} has no closed-form theory"
    try:
        analysis = _by_search(piles, rules, budget)
    except BudgetError as error:
        if engine_family(rules) is None or not isinstance(rules, Variant):
            raise BudgetError(
                f"{note}, and {error}",
                states=error.states,
                bytes_needed=error.bytes_needed,
                budget=error.budget,
            ) from None
        analysis = _by_engine(piles, rules, budget, threads, progress)
        analysis.notes.insert(
            0, f"{note}: decided by the compiled engine (the search was over its budget)"
        )
        return analysis
    analysis.notes.insert(0, f"{note}: decided by exact search")
    return analysis


def _by_theory(piles: Position, rules: Variant, theory: Theory) -> Analysis:
    outcome, outcome_reason = theory.outcome(piles)
    reasons = [outcome_reason]
    sources = {"outcome": "theory", "winning_moves": "theory"}
    grundy: int | None = None
    if rules.impartial:
        fixed = theory.grundy(piles)
        if fixed is not None:
            grundy, grundy_reason = fixed
            sources["grundy"] = "theory"
            if grundy_reason != outcome_reason:
                reasons.append(grundy_reason)
    thresholds = theory.thresholds_of(piles)
    if thresholds is not None:
        sources["thresholds"] = "theory"
    return Analysis(
        position=piles,
        variant=rules.name,
        outcome=Outcome(outcome),
        grundy=grundy,
        winning_move_ranges=theory.winning_moves(piles),
        remoteness=None,
        method="theory",
        sources=sources,
        reasons=reasons,
        thresholds=thresholds,
        rules=rules,
    )


def _complete(
    analysis: Analysis,
    rules: Variant,
    budget: int | None,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Fill in what no theorem fixed: remoteness by search, a Grundy value by search or engine."""
    piles = analysis.position
    states = rules.estimate_states(piles)
    affordable = (
        states <= budget
        if budget is not None
        else (states <= AUTO_SEARCH_BUDGET and rules.estimate_work(piles) <= AUTO_SEARCH_WORK)
    )
    if affordable:
        solver = default_solver(rules, max(states, AUTO_SEARCH_BUDGET))
        value = solver.value(piles)
        analysis.remoteness = _remoteness(value)
        analysis.sources["remoteness"] = "search"
        if isinstance(value, ImpartialValue) and analysis.grundy is None:
            analysis.grundy = value.grundy
            analysis.sources["grundy"] = "search"
        return
    analysis.notes.append(
        f"remoteness not computed: exact search may visit up to {format_count(states)} states "
        f"(about {format_bytes(estimate_bytes(states, piles))}), {AUTO_BUDGET_ADVICE}"
    )
    if analysis.grundy is not None or not rules.impartial:
        return
    engine = _engine_row()  # imported once (numpy), not per line of a batch
    try:
        family = engine.family_of(rules)  # kept on the rule set: a batch asks this once per line
    except engine.EngineError:
        return
    cells_budget = AUTO_ENGINE_CELLS if budget is None else budget
    refusal = engine.plan_row(family, piles).refusal(cells_budget)  # solve_row's check, early
    if refusal:
        analysis.notes.append(f"Grundy value not computed: {refusal}")
        return
    try:
        result = engine.solve_row(
            rules,
            piles,
            threads=threads,
            progress=progress,
            cells_budget=cells_budget,
        )
    except engine.EngineError as error:
        analysis.notes.append(f"Grundy value not computed: {error}")
        return
    analysis.grundy = result.value
    analysis.sources["grundy"] = "engine"


@cache
def _engine_row() -> ModuleType:
    """:mod:`endnim.engine.interval` (with ``family_of`` and ``EngineError``), imported on first
    use: the theory path never loads the engine and numpy."""
    from endnim.engine import interval

    return interval


def _remoteness(value: ImpartialValue | PartizanValue) -> int | dict[str, int]:
    if isinstance(value, ImpartialValue):
        return value.remoteness
    return {"left_first": value.remoteness_left_first, "right_first": value.remoteness_right_first}


def _by_search(piles: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    from endnim.parts import splits

    if splits(rules):
        from endnim.analysis.by_parts import by_parts

        return by_parts(piles, rules, budget)
    return _by_search_plain(piles, rules, budget)


def _by_search_plain(piles: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    """The plain memoised search (no splitting into parts)."""
    solver = default_solver(rules, DEFAULT_BUDGET if budget is None else budget)
    value = solver.value(piles)
    winning_pairs: list[tuple[Any, Any]] = []  # (player, move)
    if isinstance(value, ImpartialValue):
        for move, child in rules.options(piles):
            if solver.impartial_value(child).grundy == 0:
                winning_pairs.append((None, move))
        grundy: int | None = value.grundy
        statement = f"Grundy value {value.grundy}"
    else:
        for player in ("L", "R"):
            for move, child in rules.options(piles, player):
                child_value = solver.partizan_value(child)
                loses = (
                    child_value.left_wins_first if player == "R" else child_value.right_wins_first
                )
                if not loses:
                    winning_pairs.append((player, move))
        grundy = None
        statement = (
            f"Left {'wins' if value.left_wins_first else 'loses'} moving first, "
            f"Right {'wins' if value.right_wins_first else 'loses'} moving first"
        )
    reason = Reason(
        "exhaustive search",
        statement,
        {"states_cached": solver.cached_states()},
    )
    sources = {"outcome": "search", "winning_moves": "search", "remoteness": "search"}
    thresholds = None
    notes: list[str] = []
    if isinstance(value, ImpartialValue):
        sources["grundy"] = "search"
    elif isinstance(rules, Variant):
        try:
            thresholds = search_thresholds(piles, rules, solver.budget)
            sources["thresholds"] = "search"
        except BudgetError as error:
            notes.append(f"thresholds not computed: {error}")
    row_moves = all(isinstance(move, Move) for _, move in winning_pairs) and isinstance(
        rules, Variant
    )
    return Analysis(
        position=piles,
        variant=rules.name,
        outcome=value.outcome,
        grundy=grundy,
        winning_move_ranges=_merge(
            [MoveRange(m.end, m.size, m.size, m.reverse) for _, m in winning_pairs]
        )
        if row_moves
        else [],
        remoteness=_remoteness(value),
        method="search",
        sources=sources,
        reasons=[reason],
        thresholds=thresholds,
        notes=notes,
        winning_move_list=None
        if row_moves
        else [_move_text(rules, player, move) for player, move in winning_pairs],
        rules=rules,
    )


def _move_text(rules: RuleSet[Any, Any], player: Any, move: Any) -> str:
    """A move as text; in a partizan game whose moves do not name their player, prefixed
    ``L:``/``R:`` (Left's/Right's)."""
    text = rules.format_move(move)
    if player is None or text[:1] in ("L", "R"):
        return text
    return f"{player}:{text}"


def _by_engine(
    piles: Position,
    rules: Variant,
    budget: int | None,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
) -> Analysis:
    from endnim.engine import engine_thresholds, outcome_of, plan_row, solve_row
    from endnim.engine.families import family_of

    result = solve_row(rules, piles, threads=threads, progress=progress, cells_budget=budget)
    outcome = Outcome(outcome_of(result.family, result.value))
    winning: list[MoveRange] = []
    players: tuple[End | None, ...] = (None,) if rules.impartial else ("L", "R")
    for player in players:
        for move, _child in rules.options(piles, player):
            code = result.option_value(move)
            if rules.impartial:
                wins = code == 0
            else:  # the opponent, moving first in the child, must lose
                wins = not (code >> 1) & 1 if player == "L" else not code & 1
            if wins:
                winning.append(MoveRange(move.end, move.size, move.size, move.reverse))
    cells = plan_row(family_of(rules), piles).cells
    statement = f"interval dynamic programme over {format_count(cells)} cells: " + (
        f"Grundy value {result.value}" if rules.impartial else f"class {outcome}"
    )
    sources = {"outcome": "engine", "winning_moves": "engine"}
    notes: list[str] = []
    thresholds = None
    if rules.impartial:
        sources["grundy"] = "engine"
    else:
        try:
            thresholds = engine_thresholds(piles, threads=threads, cells_budget=budget)
            sources["thresholds"] = "engine"
        except EndNimError as error:
            notes.append(f"thresholds not computed: {error}")
    analysis = Analysis(
        position=piles,
        variant=rules.name,
        outcome=outcome,
        grundy=result.value if rules.impartial else None,
        winning_move_ranges=_merge(winning),
        remoteness=None,
        method="engine",
        sources=sources,
        reasons=[Reason("engine", statement, {"cells": cells})],
        thresholds=thresholds,
        notes=notes,
        rules=rules,
    )
    states = rules.estimate_states(piles)
    if states <= AUTO_SEARCH_BUDGET and rules.estimate_work(piles) <= AUTO_SEARCH_WORK:
        analysis.remoteness = _remoteness(default_solver(rules, AUTO_SEARCH_BUDGET).value(piles))
        analysis.sources["remoteness"] = "search"
    else:
        analysis.notes.append("remoteness not computed: the exact search would be too large")
    return analysis


def _merge(ranges: list[MoveRange]) -> list[MoveRange]:
    merged: list[MoveRange] = []
    for r in ranges:
        last = merged[-1] if merged else None
        if last and (last.end, last.reverse) == (r.end, r.reverse) and last.high + 1 == r.low:
            merged[-1] = MoveRange(r.end, last.low, r.high, r.reverse)
        else:
            merged.append(r)
    return merged


def search_thresholds(piles: Position, rules: Variant, budget: int) -> dict[str, int]:
    """L, R, L*, R* of ``piles`` by exact search (partizan), scanning x = 1, 2, ...

    Each threshold is at most the coin count + 1 (Albert–Nowakowski §3), which bounds the scan.
    """
    solver = default_solver(rules, budget)
    bound = piles.coins + 2
    solver.check_budget((bound, *piles, bound))

    def first(predicate_side: str, classes: str) -> int:
        for x in range(1, bound + 1):
            row = (x, *piles) if predicate_side == "L" else (*piles, x)
            if solver.partizan_value(row).outcome in classes:
                return x
        raise AssertionError(f"no threshold below {bound}: the bound in §3 failed")

    return {
        "L_star": first("L", "LN"),
        "R_star": first("R", "RN"),
        "L_threshold": first("L", "L"),
        "R_threshold": first("R", "R"),
    }
