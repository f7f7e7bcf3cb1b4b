"""The sums strategy: ``A + B + ...`` answered as one position (issue 21 §1).

* Normal play (impartial rule sets without a misère convention): Sprague–Grundy. The sum's
  Grundy value is the XOR X of the summands' values; a move in summand k wins exactly when it
  leads to a position of value g_k ⊕ X.
* Misère End-Nim (both conventions): the theorem of docs/misere.md §2 — P exactly when some row
  is not a row of ones and the XOR of the normal-play Grundy values is 0, or every row is a row
  of ones and the number of coins is odd; a move wins exactly when the sum after it is P by the
  same theorem.
* Other misère rule sets and partizan rule sets: the exact search of the sum as one game
  (:class:`~endnim.variants.sums.SumOf`), within the search's budget of states.

Each summand's own analysis comes from ``analyze_one`` (the plan's ``analyze``; a strategy does
not call the plan itself). The remoteness, which does not add up over a sum, comes from the
exact search of the sum when that is affordable.

>>> from endnim.analyzer import analyze
>>> a = analyze("3 1 + 1")
>>> a.outcome, a.grundy, a.winning_moves, [c["grundy"] for c in a.components]
('N', 3, ['1:L0'], [2, 1])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import xor
from typing import Any

from endnim.errors import EndNimError, VariantError
from endnim.graphs.base import GraphRuleSet
from endnim.outcome import Outcome
from endnim.ruleset import RuleSet, plays_as
from endnim.search import ImpartialValue, Solver, estimate_or_none, format_count
from endnim.strategies.result import AUTO_SEARCH_BUDGET, AUTO_SEARCH_WORK, Analysis, remoteness_of
from endnim.theory import Reason
from endnim.variants import MisereConwayEndNim, MisereEndNim, Variant, get_variant
from endnim.variants.base import move_count_bound
from endnim.variants.sums import Sum, SumOf, is_sum, summand_rules, summand_texts

AnalyzeOne = Callable[[Any, RuleSet[Any, Any]], Analysis]
"""How the plan analyses one summand (or one option of it) in a rule set."""

MAX_SUMMAND_MOVES = 10_000
"""Winning moves are looked for in a summand of at most this many moves (each is valued); a
larger summand's are not listed, and the analysis says so (``winning_moves_complete`` false)."""
MAX_SUM_MOVES = 100_000
"""Moves valued in all the summands together (ten summands at :data:`MAX_SUMMAND_MOVES`);
summands beyond it have their winning moves unlisted, as a large summand's are."""
MAX_SUMMANDS = 10_000
"""Summands a sum may have: each is analysed (about a tenth of a millisecond from theorems),
so a sum's cost is at least its summand count, estimated from the text before any work
(issue 34 §6: 100,000 summands ran for ever; refused here in one line)."""

THEOREM = "misère End-Nim sums (docs/misere.md §2)"
XOR_RULE = "Sprague–Grundy: a sum's Grundy value is the XOR of its summands'"

__all__ = ["by_sum", "is_sum", "sum_rules"]


def sum_rules(rules: RuleSet[Any, Any]) -> SumOf:
    """The sums of ``rules`` as one game: misère when the rule set names a misère convention.

    >>> sum_rules(get_variant("misere")).moves.name
    'misere-conway'
    """
    if rules.convention is None:
        if not _normal_play_terminals(rules):
            raise VariantError(
                f"{rules.title} values its terminal positions itself (terminal_value) but names "
                "no convention, so a sum's ending is unknown: set convention = 'conway' for "
                "misère play, or leave terminal_value to normal play's 0"
            )
        return SumOf(rules)
    if rules.convention == "cairns-ho" and not plays_as(rules, MisereEndNim):
        raise VariantError(
            f"{rules.title} uses Cairns–Ho's convention, which hides a position's forced last "
            "move: a sum needs every move (use Conway's convention)"
        )
    return SumOf(rules, summand_rules(rules), misere=True)


def _normal_play_terminals(rules: RuleSet[Any, Any]) -> bool:
    """Whether every terminal position of ``rules`` is worth 0 (its ``terminal_value`` is one of
    endnim's normal-play defaults), the condition for adding Grundy values by XOR."""
    hook = type(rules).terminal_value
    return hook in (RuleSet.terminal_value, Variant.terminal_value)


def by_sum(
    position: object,
    rules: RuleSet[Any, Any],
    analyze_one: AnalyzeOne,
    budget: int | None = None,
) -> Analysis:
    """The analysis of the sum ``position`` (``A + B + ...``) in ``rules``."""
    game = sum_rules(rules)
    check_summands(position)
    total = game.coerce_position(position)
    analyze_one = _remembered(analyze_one)  # a summand written twice is analysed once
    components = [analyze_one(part, rules) for part in total]
    if plays_as(rules, MisereEndNim) or plays_as(rules, MisereConwayEndNim):  # their theorem
        analysis = _by_theorem(total, game, analyze_one)
    elif not game.misere and rules.impartial:
        analysis = _by_grundy(total, game, components, analyze_one)
    else:
        analysis = _by_search(total, game, budget)
    analysis.components = [component.to_dict() for component in components]
    if analysis.remoteness is None:
        _fill_remoteness(analysis, game, budget)
    return analysis


def check_summands(position: object) -> None:
    """Refuse a sum of more than :data:`MAX_SUMMANDS` summands, counted before they are read.

    >>> check_summands("3 1 + 2")
    >>> check_summands(" + ".join(["1"] * 10_001))
    Traceback (most recent call last):
    ...
    endnim.errors.EndNimError: the sum has 10,001 summands: endnim analyses at most 10,000 ...
    """
    count = len(summand_texts(position))
    if count > MAX_SUMMANDS:
        raise EndNimError(
            f"the sum has {count:,} summands: endnim analyses at most {MAX_SUMMANDS:,} "
            "(each summand is analysed; add equal summands up yourself: two equal impartial "
            "summands cancel in normal play)"
        )


def _remembered(analyze_one: AnalyzeOne) -> AnalyzeOne:
    """``analyze_one`` answering a (summand, rule set) it has seen from its memory."""
    seen: dict[tuple[Any, int], Analysis] = {}

    def remembered(part: Any, rules: RuleSet[Any, Any]) -> Analysis:
        try:
            key = (part, id(rules))
            found = seen.get(key)
        except TypeError:  # an unhashable position: analysed each time
            return analyze_one(part, rules)
        if found is None:
            found = seen[key] = analyze_one(part, rules)
        return found

    return remembered


def _grundy_of(part: Any, game: SumOf, analyze_one: AnalyzeOne, rules: RuleSet[Any, Any]) -> int:
    """A summand's normal-play Grundy value (a finished summand: the rule set's terminal value)."""
    if isinstance(part, tuple) and not part:
        return 0
    if game.moves.is_terminal(part):
        return int(rules.terminal_value(part))
    value = analyze_one(part, rules).grundy
    if value is None:
        text = str(game.moves.format_position(part))
        shown = text if len(text) <= 60 else f"{text[:57]}..."  # a summand of 10^6 piles
        raise EndNimError(f"the Grundy value of the summand {shown!r} is not computed")
    return value


def _by_grundy(
    total: Sum, game: SumOf, components: list[Analysis], analyze_one: AnalyzeOne
) -> Analysis:
    rules = game.rules
    values = []
    for number, component in enumerate(components, start=1):
        if component.grundy is None:
            raise EndNimError(
                f"summand {number}'s Grundy value is not computed: "
                + "; ".join(component.notes or ["no method here gives it"])
            )
        values.append(component.grundy)
    grundy = reduce(xor, values, 0)
    winning: list[str] = []
    skipped: list[tuple[int, int]] = []
    allowance = [MAX_SUM_MOVES]
    if grundy:
        for place, (part, value) in enumerate(zip(total, values, strict=True)):
            target = value ^ grundy
            if _too_many_moves(part, game, place, skipped, allowance):
                continue
            for move, child in game.moves.options(part):
                if _grundy_of(child, game, analyze_one, rules) == target:
                    winning.append(game.format_move((place, move)))
    reason = Reason(
        XOR_RULE,
        f"Grundy value {grundy} = {_values_text(values)}; a move in summand k wins "
        "when it leaves a position of value g_k ⊕ " + str(grundy),
        {"values": values},
    )
    sources = {"outcome": "xor", "grundy": "xor", "winning_moves": "xor"}
    analysis = _analysis(total, game, Outcome.from_grundy(grundy), grundy, winning, sources, reason)
    return _unlisted(analysis, skipped)


def _by_theorem(total: Sum, game: SumOf, analyze_one: AnalyzeOne) -> Analysis:
    normal = get_variant("endnim")
    values = [_grundy_of(part, game, analyze_one, normal) for part in total]
    # the theorem's three aggregates, each updated in O(1) for a move (not recounted: a sum of
    # n summands has n moves or more, and recounting made it quadratic, issue 34 §6)
    rows_not_ones = sum(not _all_ones(part) for part in total)
    piles = sum(len(part) for part in total)  # the coins when every row is a row of ones
    value = reduce(xor, values, 0)

    def is_p(not_ones: int, ones_coins: int, grundy: int) -> bool:
        return ones_coins % 2 == 1 if not_ones == 0 else grundy == 0

    p_position = is_p(rows_not_ones, piles, value)
    winning: list[str] = []
    skipped: list[tuple[int, int]] = []
    allowance = [MAX_SUM_MOVES]
    if not p_position:
        for place, part in enumerate(total):
            if _too_many_moves(part, game, place, skipped, allowance):
                continue
            part_ones = _all_ones(part)
            for move, child in game.moves.options(part):
                child_ones = _all_ones(child)
                child_value = (
                    len(child) % 2 if child_ones else _grundy_of(child, game, analyze_one, normal)
                )
                not_ones = rows_not_ones - (not part_ones) + (not child_ones)
                if is_p(
                    not_ones,
                    piles - len(part) + len(child),
                    value ^ values[place] ^ child_value,
                ):
                    winning.append(game.format_move((place, move)))
    ones = rows_not_ones == 0
    coins = sum(sum(part) for part in total)
    shown = _values_text(values)
    statement = (
        f"every row is a row of ones, with {coins} coins ({'odd' if coins % 2 else 'even'})"
        if ones
        else f"a row is not a row of ones, and the XOR of the normal-play Grundy values "
        f"{shown} is {value}"
    )
    reason = Reason(THEOREM, statement, {"normal_grundy": values, "all_ones": ones})
    sources = {
        "outcome": "misère sum theorem",
        "grundy": "misère sum theorem",
        "winning_moves": "misère sum theorem",
    }
    outcome = Outcome.P if p_position else Outcome.N
    # the sum's misère Grundy value (the empty sum 1), docs/misere.md §2's corollary: X for a
    # sum with a row not of ones, 1 ⊕ (coins mod 2) for a sum of rows of ones
    grundy = 1 ^ (piles % 2) if ones else value
    return _unlisted(_analysis(total, game, outcome, grundy, winning, sources, reason), skipped)


def _all_ones(part: Any) -> bool:
    """Whether a row is a row of ones (an emptied row is)."""
    return all(pile == 1 for pile in part)


def _values_text(values: list[int]) -> str:
    """``g1 ⊕ g2 ⊕ ...``, the first 50 and a count of the rest (a sum may have thousands)."""
    shown = " ⊕ ".join(map(str, values[:50]))
    return shown if len(values) <= 50 else f"{shown} ⊕ ... ({len(values):,} values)"


def move_bound(part: Any, rules: RuleSet[Any, Any]) -> int | None:
    """An upper bound on a summand's moves, computed without listing them (``None``: the rule
    set gives no bound; its moves are listed).

    >>> move_bound((10**30, 1), get_variant("endnim")) > 10**30
    True
    """
    if isinstance(rules, Variant):
        return move_count_bound(tuple(part), rules) if part else 0
    if isinstance(rules, GraphRuleSet):
        labels: tuple[int, ...] = part.labels
        return 2 * sum(label for label in labels if label > 0)
    return None


def _too_many_moves(
    part: Any, game: SumOf, place: int, skipped: list[tuple[int, int]], allowance: list[int]
) -> bool:
    """Whether a summand's moves are left unvalued: more than :data:`MAX_SUMMAND_MOVES`, or
    more than what is left of the sum's :data:`MAX_SUM_MOVES` (``allowance[0]``, spent here)."""
    bound = move_bound(part, game.moves)
    if bound is not None and bound <= min(MAX_SUMMAND_MOVES, allowance[0]):
        allowance[0] -= bound
        return False
    if bound is None:
        return False
    skipped.append((place + 1, bound))
    return True


def _unlisted(analysis: Analysis, skipped: list[tuple[int, int]]) -> Analysis:
    """The analysis, saying which summands' winning moves were not looked for."""
    if skipped:
        analysis.winning_moves_partial = True
        which = ", ".join(f"{number} (up to {bound:,} moves)" for number, bound in skipped)
        analysis.notes.append(
            f"winning moves not looked for in summand {which}: each move of a summand is "
            f"valued, at most {MAX_SUMMAND_MOVES:,} in a summand and {MAX_SUM_MOVES:,} in the "
            "sum (winning_moves is incomplete)"
        )
    return analysis


def _by_search(total: Sum, game: SumOf, budget: int | None) -> Analysis:
    """The exact search of the sum as one game (any rule set; partizan too)."""
    solver = Solver(game, AUTO_SEARCH_BUDGET * 10 if budget is None else budget)
    solver.check_budget(total)
    value = solver.value(total)
    winning: list[str] = []
    if isinstance(value, ImpartialValue):
        for move, child in game.options(total):
            if solver.impartial_value(child).outcome == "P":
                winning.append(game.format_move(move))
    else:
        for player in ("L", "R"):
            for move, child in game.options(total, player):
                after = solver.partizan_value(child)
                if not (after.left_wins_first if player == "R" else after.right_wins_first):
                    winning.append(_partizan_move(game, player, move))
    ending = "misère" if game.misere else "normal play"
    reason = Reason(
        "exact search of the sum",
        f"the sum searched as one game ({ending}: a move is a move in one summand)",
        {"states_cached": solver.cached_states()},
    )
    sources = {"outcome": "search", "winning_moves": "search", "remoteness": "search"}
    grundy = value.grundy if isinstance(value, ImpartialValue) else None
    if grundy is not None:
        sources["grundy"] = "search"
    analysis = _analysis(total, game, value.outcome, grundy, winning, sources, reason)
    analysis.remoteness = remoteness_of(value)
    return analysis


def _partizan_move(game: SumOf, player: str, move: Any) -> str:
    """``1:L3``; prefixed ``L:``/``R:`` when the summand's move does not name its player."""
    text = game.format_move(move)
    if game.moves.format_move(move[1])[:1] in ("L", "R"):
        return text
    return f"{player}:{text}"


def _fill_remoteness(analysis: Analysis, game: SumOf, budget: int | None) -> None:
    """The remoteness by the exact search of the sum, when affordable (else a note)."""
    total = analysis.position
    states = estimate_or_none(game, total)  # None: no estimate, the search bounded as it goes
    limit = AUTO_SEARCH_BUDGET if budget is None else budget
    if states is None or (
        states <= limit and (budget is not None or game.estimate_work(total) <= AUTO_SEARCH_WORK)
    ):
        try:
            analysis.remoteness = remoteness_of(Solver(game, limit).value(total))
            analysis.sources["remoteness"] = "search"
            return
        except EndNimError:
            pass
    visits = "more than its budget of" if states is None else f"up to {format_count(states)}"
    analysis.notes.append(
        f"remoteness not computed: it does not add up over a sum, and the exact search of the "
        f"sum may visit {visits} states (--budget raises the limit)"
    )


def _analysis(
    total: Sum,
    game: SumOf,
    outcome: Outcome | str,
    grundy: int | None,
    winning: list[str],
    sources: dict[str, str],
    reason: Reason,
) -> Analysis:
    return Analysis(
        position=total,
        variant=game.rules.name,
        outcome=Outcome(outcome),
        grundy=grundy,
        winning_move_ranges=[],
        remoteness=None,
        method="sum",
        sources=sources,
        reasons=[reason],
        winning_move_list=winning,
        rules=game,
    )
