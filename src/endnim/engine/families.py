"""Which interval recurrence a variant follows, read from its rule hooks, and its base data.

The engine never branches on a variant's name: it asks the variant which ends a player may
play, whether the row may be reversed, and which positions are terminal or allowed, and picks
one of three kernel families. It checks the assumptions each family makes (rows of two or more
piles are never terminal and every reduction ``allows_take`` allows is allowed; a lone pile's
options are the smaller lone piles ``allows_take`` allows, plus the empty row where allowed) and
refuses a variant that breaks them.

>>> from endnim.variants import get_variant
>>> family_of(get_variant("loop")).name, family_of(get_variant("muller")).tables
('end', 2)
>>> single_pile_values(get_variant("misere"), 5)
[0, 0, 1, 2, 3, 4]
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from endnim.engine.takes import Takes, restricts_takes, takes_of
from endnim.errors import EndNimError
from endnim.moves import End
from endnim.outcome import CODE_TO_OUTCOME as OUTCOME_OF_CODE
from endnim.variants.base import Variant, reduce_end

END, MULLER, PARTIZAN = 0, 1, 2
"""Kernel family codes (see ``_kernels.c``)."""
SEARCH = -1
"""Not a kernel: a sweep of a rule set the kernels do not serve, computed by exact search."""

# partizan outcome codes: bit 0 = Left wins moving first, bit 1 = Right wins moving first
CODE_TO_OUTCOME = OUTCOME_OF_CODE


class EngineError(EndNimError):
    """The engine cannot compute this (unsupported variant, or beyond its budget)."""


@dataclass(frozen=True)
class Family:
    """A kernel family: its code, how many coupled tables it computes, its name."""

    code: int
    tables: int
    name: str


_FAMILIES = {
    END: Family(END, 1, "end"),
    MULLER: Family(MULLER, 2, "muller"),
    PARTIZAN: Family(PARTIZAN, 1, "partizan"),
}


_DERIVED_HOOKS = ("raw_options", "options", "children", "play")
"""Hooks whose defaults the kernels reproduce: a rule set that overrides one of them has moves
the recurrences do not know (e.g. a move on both ends at once), so it has no family.
(``allows_take`` only restricts the reductions: the kernels follow it through
:mod:`endnim.engine.takes`.)"""


_BASE: weakref.WeakKeyDictionary[Variant, list[int]] = weakref.WeakKeyDictionary()
"""Each rule set's lone-pile values (or codes) computed so far; a longer request extends them."""


def family_of(variant: Variant) -> Family:
    """The kernel family of ``variant``, after checking the family's assumptions.

    Decided once per rule set instance (the checks play a few dozen moves; a batch of
    positions asks for every one of them): the answer, or the refusal, is kept on the instance.
    """
    cached = variant.__dict__.get("_engine_family")
    if cached is not None and cached[0] is type(variant):
        known: Family | EngineError = cached[1]
        if isinstance(known, EngineError):
            raise _refusal(str(known), getattr(known, "hook", None))
        return known
    try:
        family = _family_of(variant)
    except EngineError as error:
        variant.__dict__["_engine_family"] = (type(variant), error)
        raise
    variant.__dict__["_engine_family"] = (type(variant), family)
    return family


def _refusal(message: str, hook: str | None) -> EngineError:
    """An :class:`EngineError` that remembers the hook which kept the rule set out."""
    error = EngineError(message)
    error.hook = hook  # type: ignore[attr-defined]
    return error


def blocking_hook(variant: Variant) -> str | None:
    """The hook that keeps ``variant`` out of the kernels (``None``: it has a family).

    >>> from endnim.variants import get_variant
    >>> blocking_hook(get_variant("endnim")) is None
    True
    """
    try:
        family_of(variant)
    except EngineError as error:
        return getattr(error, "hook", None) or "ends"
    return None


def _family_of(variant: Variant) -> Family:
    for hook in _DERIVED_HOOKS:
        if getattr(type(variant), hook) is not getattr(Variant, hook):
            raise _refusal(
                f"the engine has no recurrence for {variant.title}: it changes the moves "
                f"through {hook}(), and the engine's recurrences know only the moves given "
                "by ends(), allows_take(), allows(), is_terminal() and reversal",
                hook,
            )
    sample = (2, 1, 3)
    if variant.impartial:
        ends = variant.ends(sample)
        if ends == ("L", "R") and not variant.reversible:
            code = END
        elif ends == ("L",) and variant.reversible:
            code = MULLER
        else:
            hook = "reversible" if variant.reversible else "ends"
            raise _refusal(f"the engine has no recurrence for {variant.title}", hook)
    else:
        if variant.ends(sample, "L") != ("L",) or variant.ends(sample, "R") != ("R",):
            raise _refusal(f"the engine has no recurrence for {variant.title}", "ends")
        if variant.terminal_value(()):
            raise _refusal(
                f"the engine's partizan recurrence is normal play, and {variant.title}'s "
                "terminal_value() says the player to move wins at the empty row",
                "terminal_value",
            )
        code = PARTIZAN
    _check_assumptions(variant)
    return _FAMILIES[code]


def _check_assumptions(variant: Variant) -> None:
    players: tuple[End | None, ...] = (None,) if variant.impartial else ("L", "R")
    reversals = (False, True) if variant.reversible else (False,)
    for player in players:  # the kernels end every game at the empty row: so must the rules
        variant.raw_options((), player)  # a RuleSetError if it is not terminal yet has no pile
    sample = {player: variant.ends((2, 1, 3), player) for player in players}
    for row in ((1, 1), (2, 1, 3), (3, 2), (1, 2), (4, 1, 1, 4)):
        for player in players:
            if variant.ends(row, player) != sample[player]:
                raise _refusal(
                    f"the engine cannot solve {variant.title}: its recurrences play the same "
                    "ends in every row, and ends() changes them with the piles",
                    "ends",
                )
        if variant.is_terminal(row):
            raise _refusal(
                f"the engine cannot solve {variant.title}: rows of two or more piles must not "
                "be terminal",
                "is_terminal",
            )
        for player in players:
            for end in variant.ends(row, player):
                pile = row[0] if end == "L" else row[-1]
                for size in _sizes(variant, pile):
                    for reverse in reversals:
                        if not variant.allows(reduce_end(row, end, size, reverse)):
                            raise _refusal(
                                f"the engine cannot solve {variant.title}: every reduction of "
                                "a long row must be allowed",
                                "allows",
                            )
    for pile in range(1, 5):
        if variant.is_terminal((pile,)):
            continue
        sizes = _sizes(variant, pile)
        for player in players:
            children = {c for *_, c in variant.raw_options((pile,), player)}
            expected = {(p,) for p in sizes if p} | (
                {()} if 0 in sizes and variant.allows(()) else set()
            )
            if children != expected and variant.ends((pile,), player) != sample[player]:
                raise _refusal(
                    f"the engine cannot solve {variant.title}: a lone pile must move to "
                    "smaller lone piles, and ends() offers a lone pile other ends than a row",
                    "ends",
                )
            if children != expected:
                raise _refusal(
                    f"the engine cannot solve {variant.title}: a lone pile must move to "
                    "smaller lone piles",
                    "allows",
                )


def _sizes(variant: Variant, pile: int) -> list[int]:
    """The new sizes a pile of ``pile`` coins may take (``allows_take``)."""
    if not restricts_takes(variant):
        return list(range(pile))
    return [size for size in range(pile) if variant.allows_take(pile, size)]


def single_pile_values(variant: Variant, largest: int) -> list[int]:
    """Grundy values of the lone piles 0..largest (0 = the empty row), from the rule hooks.

    A lone pile's options are the smaller lone piles and, where allowed, the empty row, so one
    running mex computes them all (with restricted takes: one mex per pile over its allowed
    sizes, :func:`restricted_pile_values`).
    """
    takes = takes_of(variant, largest)
    if takes is not None:
        return restricted_pile_values(variant, takes, largest, codes=False)
    empty = variant.terminal_value(())
    values = [empty]
    seen = {empty} if variant.allows(()) else set()
    mex = 0
    for pile in range(1, largest + 1):
        while mex in seen:
            mex += 1
        value = variant.terminal_value((pile,)) if variant.is_terminal((pile,)) else mex
        values.append(value)
        seen.add(value)
    return values


def single_pile_codes(variant: Variant, largest: int) -> list[int]:
    """Partizan outcome codes of the lone piles 0..largest (0 = the empty row: P)."""
    takes = takes_of(variant, largest)
    if takes is not None:
        return restricted_pile_values(variant, takes, largest, codes=True)
    codes = [0]
    left_wins = right_wins = False  # some option loses for the opponent moving first
    if variant.allows(()):
        left_wins = right_wins = True  # the empty row: whoever must move next loses
    for pile in range(1, largest + 1):
        terminal = variant.is_terminal((pile,))
        code = 0 if terminal else int(left_wins) | (int(right_wins) << 1)
        codes.append(code)
        left_wins = left_wins or not (code >> 1) & 1
        right_wins = right_wins or not code & 1
    return codes


def restricted_pile_values(variant: Variant, takes: Takes, largest: int, codes: bool) -> list[int]:
    """Values (``codes``: partizan outcome codes) of the lone piles 0..largest when a pile may
    take only the sizes of ``takes``: each pile's options are its allowed smaller piles, and
    the empty row where both the take and ``allows(())`` allow it (no option: value 0, P).

    >>> from endnim.variants import Variant
    >>> class Two(Variant):
    ...     name, title = "doc-two", "take exactly two"
    ...     def ends(self, piles, player=None): return ("L", "R")
    ...     def allows_take(self, pile, size): return pile - size == 2
    >>> rules = Two()
    >>> restricted_pile_values(rules, takes_of(rules, 6), 6, codes=False)
    [0, 0, 1, 1, 0, 0, 1]
    """
    empty_ok = variant.allows(())
    values = np.zeros(largest + 1, np.int64)
    values[0] = 0 if codes else variant.terminal_value(())
    for pile in range(1, largest + 1):
        if variant.is_terminal((pile,)):
            values[pile] = 0 if codes else variant.terminal_value((pile,))
            continue
        sizes = takes.allowed(pile)
        if len(sizes) and sizes[0] == 0 and not empty_ok:
            sizes = sizes[1:]
        seen = values[sizes]
        if codes:  # Left (Right) wins moving first if an option is lost by Right (Left) first
            left = bool(np.any((seen >> 1) & 1 == 0))
            right = bool(np.any(seen & 1 == 0))
            values[pile] = int(left) | (int(right) << 1)
            continue
        present = np.zeros(len(seen) + 1, np.bool_)
        present[seen[seen <= len(seen)]] = True
        values[pile] = int(np.argmin(present))
    return [int(v) for v in values]


def base_border(variant: Variant, family: Family, largest: int) -> list[int]:
    """Values (or partizan codes) of lone piles 0..largest: the borders of the empty string
    (remembered per rule set; a list the caller must not change).

    >>> from endnim.variants import get_variant
    >>> misere = get_variant("misere")
    >>> base_border(misere, family_of(misere), 5), base_border(misere, family_of(misere), 2)
    ([0, 0, 1, 2, 3, 4], [0, 0, 1])
    """
    known = _BASE.get(variant)
    if known is None or len(known) <= largest:
        size = max(largest, 2 * (len(known) - 1) if known else 64)
        if family.code == PARTIZAN:
            known = single_pile_codes(variant, size)
        else:
            known = single_pile_values(variant, size)
        if size <= 1 << 22:  # keep at most 4 million values (16 MB) per rule set
            _BASE[variant] = known
    return known[: largest + 1]


_BASE_ARRAY: weakref.WeakKeyDictionary[Variant, npt.NDArray[np.int32]] = weakref.WeakKeyDictionary()
""":func:`base_border` as a read-only int32 array, per rule set (converting the list costs a
few µs per call, a tenth of a whole G(20,20,20))."""


def base_array(variant: Variant, family: Family, largest: int) -> npt.NDArray[np.int32]:
    """:func:`base_border` as a read-only int32 array (a view of one kept per rule set).

    >>> from endnim.variants import get_variant
    >>> misere = get_variant("misere")
    >>> base_array(misere, family_of(misere), 5).tolist()
    [0, 0, 1, 2, 3, 4]
    """
    known = _BASE_ARRAY.get(variant)
    if known is None or len(known) <= largest:
        values = base_border(variant, family, largest)
        kept = _BASE.get(variant)
        known = np.array(kept if kept is not None and len(kept) > largest else values, np.int32)
        known.flags.writeable = False
        if len(known) <= (1 << 22) + 1:
            _BASE_ARRAY[variant] = known
    return known[: largest + 1]


SEARCH_FAMILY = Family(SEARCH, 1, "search")


def sweep_family(variant: Variant) -> Family:
    """The family a sweep uses: the kernel family of ``variant``, else :data:`SEARCH_FAMILY`
    (the exact search fills the same tables, far more slowly)."""
    try:
        return family_of(variant)
    except EngineError:
        return SEARCH_FAMILY
