"""Canonical simplification: from any options to the canonical form (hash-consed).

The canonical form of {L | R} (Conway, *ONAG*, ch. 10; Siegel, *Combinatorial Game Theory*,
II.2, Thm 2.9) is reached by removing dominated options (a Left option below another one, a
Right option above another one) and bypassing reversible ones (a Left option G^L with some
G^{LR} <= G is replaced by the Left options of that G^{LR}; dually for Right). With canonical
options, one round of "drop dominated, bypass reversible, drop dominated again" gives the
canonical form, because reversibility depends only on the option and the value of G, which
neither step changes. Two shortcuts first: duplicate options collapse by identity (games are
interned), and options that are all nimbers with mex(L) = mex(R) = m give *m (the mex rule).

Comparisons with the not yet interned G (``G^{LR} <= G``) recurse through the option's
game tree against G's options and are memoised for the duration of one construction.

>>> from endnim.cgt.game import ZERO, STAR, UP, nimber
>>> str(game([ZERO], [STAR])), str(game([ZERO, STAR], [ZERO])), str(game([ZERO], [UP]))
('↑', '↑*', '⇑*')
>>> game([nimber(2), ZERO], [ZERO, nimber(2)]) is STAR
True
"""

from __future__ import annotations

from collections.abc import Iterable

from endnim.cgt.game import CORE, Game, intern, intern_ids, nimber
from endnim.cgt.order import leq

__all__ = ["game", "python_game"]


def game(left: Iterable[Game], right: Iterable[Game]) -> Game:
    """The canonical form of {left | right} for any canonical options (duplicates allowed).

    The compiled core (``endnim.cgt._core``: the same steps on game ids, comparisons memoised
    per id pair in a bounded table) does the work when it is built and every option is born
    by day 2000 (its recursion stays shallow); otherwise :func:`python_game` does.

    >>> from endnim.cgt.game import ZERO, STAR
    >>> game([STAR], [STAR]) is ZERO, str(game([ZERO, STAR], [ZERO, STAR]))
    (True, '*2')
    """
    if CORE is not None:
        if not isinstance(left, list | tuple):
            left = list(left)
        if not isinstance(right, list | tuple):
            right = list(right)
        found = CORE.canon(left, right)
        if found is not None:
            return intern_ids(found[0], found[1])
    return python_game(left, right)


def python_game(left: Iterable[Game], right: Iterable[Game]) -> Game:
    """:func:`game` in pure Python (the reference the compiled core is tested against).

    >>> from endnim.cgt.game import ZERO, STAR
    >>> python_game([ZERO], [STAR]) is game([ZERO], [STAR])
    True
    """
    lefts = _distinct(left)
    rights = _distinct(right)
    mex = _nimber_mex(lefts)
    if mex >= 0 and mex == _nimber_mex(rights):
        return nimber(mex)
    lefts = _maximal(lefts)
    rights = _minimal(rights)
    pending = _Pending(lefts, rights)
    new_lefts, left_changed = pending.bypass_left()
    new_rights, right_changed = pending.bypass_right()
    if left_changed:
        new_lefts = _maximal(new_lefts)
    if right_changed:
        new_rights = _minimal(new_rights)
    return intern(new_lefts, new_rights)


def _distinct(options: Iterable[Game]) -> list[Game]:
    seen: set[int] = set()
    result: list[Game] = []
    for option in options:
        if option.id not in seen:
            seen.add(option.id)
            result.append(option)
    return result


def _nimber_mex(options: list[Game]) -> int:
    """mex of the nimbers if every option is a nimber *k, else -1."""
    present: set[int] = set()
    for option in options:
        if option.nim < 0:
            return -1
        present.add(option.nim)
    mex = 0
    while mex in present:
        mex += 1
    return mex


def _maximal(options: list[Game]) -> list[Game]:
    """Left's undominated options: drop x when x <= y for another option y.

    Options are met last first (End-Nim lists a pile's sizes upwards, so the largest, which
    usually dominates, comes first). Before comparing a candidate with the kept options, the
    memo is asked whether it lies below one of the last two options found dominated
    (transitivity: those lie below a kept option), which settles a chain of options without
    recursion.
    """
    if len(options) < 2:
        return options
    kept: list[Game] = []
    dropped: list[int] = []
    for candidate in reversed(options):
        memo = candidate.le
        dominated = False
        for dropped_id in dropped[-2:]:  # the latest ones: a chain's neighbours
            if memo.get(dropped_id):
                dominated = True
                break
        if not dominated:
            for other in kept:
                found = memo.get(other.id)
                if found is None:
                    found = leq(candidate, other)
                if found:
                    dominated = True
                    break
        if dominated:
            dropped.append(candidate.id)
            continue
        if kept:
            still: list[Game] = []
            for other in kept:
                if leq(other, candidate):
                    dropped.append(other.id)
                else:
                    still.append(other)
            kept = still
        kept.append(candidate)
    return kept


def _minimal(options: list[Game]) -> list[Game]:
    """Right's undominated options: drop x when y <= x for another option y (as above)."""
    if len(options) < 2:
        return options
    kept: list[Game] = []
    dropped: list[Game] = []
    for candidate in reversed(options):
        key = candidate.id
        dominated = False
        for below in dropped[-2:]:
            if below.le.get(key):
                dominated = True
                break
        if not dominated:
            for other in kept:
                found = other.le.get(key)
                if found is None:
                    found = leq(other, candidate)
                if found:
                    dominated = True
                    break
        if dominated:
            dropped.append(candidate)
            continue
        if kept:
            still: list[Game] = []
            for other in kept:
                if leq(candidate, other):
                    dropped.append(other)
                else:
                    still.append(other)
            kept = still
        kept.append(candidate)
    return kept


class _Pending:
    """G = {left | right} before interning: comparisons with G, memoised by the other's id."""

    __slots__ = ("above", "below", "left", "right")

    def __init__(self, left: list[Game], right: list[Game]) -> None:
        self.left = left
        self.right = right
        self.below: dict[int, bool] = {}  # y.id -> y <= G
        self.above: dict[int, bool] = {}  # y.id -> G <= y

    def is_below(self, y: Game) -> bool:
        """``y <= G``: no G^R <= y and no y^L >= G."""
        key = y.id
        found = self.below.get(key)
        if found is None:
            found = True
            for gr in self.right:
                known = gr.le.get(key)
                if known is None:
                    known = leq(gr, y)
                if known:
                    found = False
                    break
            else:
                for yl in y.left:
                    if self.is_above(yl):
                        found = False
                        break
            self.below[key] = found
        return found

    def is_above(self, y: Game) -> bool:
        """``G <= y``: no G^L >= y and no y^R <= G."""
        key = y.id
        found = self.above.get(key)
        if found is None:
            found = True
            memo = y.le
            for gl in self.left:
                known = memo.get(gl.id)
                if known is None:
                    known = leq(y, gl)
                if known:
                    found = False
                    break
            else:
                for yr in y.right:
                    if self.is_below(yr):
                        found = False
                        break
            self.above[key] = found
        return found

    def bypass_left(self) -> tuple[list[Game], bool]:
        """Replace each reversible Left option G^L (some G^{LR} <= G) by G^{LRL}, repeatedly.

        Returns the new options and whether any was replaced.
        """
        result: list[Game] = []
        todo = list(self.left)
        seen = {g.id for g in todo}
        changed = False
        is_below = self.is_below
        while todo:
            option = todo.pop()
            for reverser in option.right:
                if is_below(reverser):
                    changed = True
                    for replacement in reverser.left:
                        if replacement.id not in seen:
                            seen.add(replacement.id)
                            todo.append(replacement)
                    break
            else:
                result.append(option)
        return result, changed

    def bypass_right(self) -> tuple[list[Game], bool]:
        """Replace each reversible Right option G^R (some G^{RL} >= G) by G^{RLR}, repeatedly.

        (:meth:`bypass_left` with the players swapped, spelled out: this runs for every
        construction.)
        """
        result: list[Game] = []
        todo = list(self.right)
        seen = {g.id for g in todo}
        changed = False
        is_above = self.is_above
        while todo:
            option = todo.pop()
            for reverser in option.left:
                if is_above(reverser):
                    changed = True
                    for replacement in reverser.right:
                        if replacement.id not in seen:
                            seen.add(replacement.id)
                            todo.append(replacement)
                    break
            else:
                result.append(option)
        return result, changed
