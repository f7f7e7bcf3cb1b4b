"""Closed-form theories of End-Nim, misère End-Nim and Loop-End-Nim.

Outcomes come from Cairns & Ho (2011) Theorems 2.1–2.3 (End-Nim is cross-checked against
Albert & Nowakowski's hieroglyph Theorem 2); Grundy values from the few results that fix them
(lone piles, Cairns–Ho §4 for two piles, §5 for three); winning moves from Albert–Nowakowski
Prop 1's candidates (new size 0, 1, y − 1, y or y + 1, y the other end pile), each tested
with the variant's own P-test. Every method is linear in the number of piles and works at any
pile size. Legal moves and terminal positions are read from the variants' rules.

>>> t = EndNimTheory()
>>> t.outcome((3, 1, 5))[0], [str(m) for m in t.winning_moves((3, 1, 5))]
('N', ['R3'])
>>> MisereTheory().grundy((3, 4))[0], MisereTheory("conway").grundy((1,))[0]
(1, 0)
"""

from __future__ import annotations

from typing import Any

from endnim.moves import End
from endnim.theory import albert_nowakowski as an
from endnim.theory import cairns_ho as ch
from endnim.theory.base import MoveRange, Piles, Reason, Theory, merge_sizes
from endnim.variants import get_row_variant
from endnim.variants.base import Variant, reduce_end

_CH = "Cairns–Ho"


def _orientation(analysis: ch.Analysis) -> str:
    return "reversed (a_1 > a_k)" if analysis.reversed else "as given (a_1 <= a_k)"


def _analysis_data(analysis: ch.Analysis) -> dict[str, Any]:
    return {
        "l": analysis.l,
        analysis.r_name: analysis.r,
        "orientation": _orientation(analysis),
        "a_1": analysis.first,
        "a_k": analysis.last,
        "clause": analysis.clause,
        "why": analysis.why,
    }


def _verdict(is_p: bool) -> str:
    return "P" if is_p else "N"


class _EndFamilyTheory(Theory):
    """Shared winning-move search: Prop 1 candidates tested with the variant's P-test."""

    def __init__(self, variant_name: str) -> None:
        self.variant_name = variant_name
        self._variant: Variant = get_row_variant(variant_name, "the closed-form theory")

    def is_p(self, piles: Piles) -> bool:
        """Whether ``piles`` is a P-position (the variant's closed form)."""
        raise NotImplementedError

    def winning_moves(self, piles: Piles) -> list[MoveRange]:
        """Every move to a P-position, as ranges; [] for P-positions and terminal ones.

        Candidates: Albert–Nowakowski Prop 1 (and Cairns–Ho Cor 2.4 for misère and Loop).
        """
        piles = tuple(piles)
        variant = self._variant
        if variant.is_terminal(piles) or self.is_p(piles):
            return []
        sizes: dict[End, list[int]] = {"L": [], "R": []}
        for end, size in an.winning_move_candidates(piles):
            child = reduce_end(piles, end, size)
            if variant.allows(child) and self.is_p(child):
                sizes[end].append(size)
        return merge_sizes("L", sizes["L"]) + merge_sizes("R", sizes["R"])


class EndNimTheory(_EndFamilyTheory):
    """End-Nim: Cairns–Ho Thm 2.1, checked against Albert–Nowakowski Thm 2.

    >>> t = EndNimTheory()
    >>> t.outcome((3, 3, 3, 2, 3, 4, 3, 3))[0], t.grundy((3, 1, 4)) is None
    ('P', True)
    """

    def __init__(self) -> None:
        super().__init__("endnim")

    def is_p(self, piles: Piles) -> bool:
        """Cairns–Ho Thm 2.1.

        >>> EndNimTheory().is_p((2, 1, 3)), EndNimTheory().is_p((2, 1, 3, 3))
        (False, True)
        """
        return ch.endnim_is_p(piles)

    def outcome(self, piles: Piles) -> tuple[str, Reason]:
        """P/N by Cairns–Ho Thm 2.1, asserting the hieroglyph test (A–N Thm 2) agrees.

        >>> verdict, reason = EndNimTheory().outcome((2, 1, 3, 3))
        >>> verdict, reason.data["clause"], reason.data["hieroglyph"]["cells"]
        ('P', 'b', ['1↓', '2↓'])
        """
        piles = tuple(piles)
        if not piles:
            return "P", Reason(
                f"{_CH} Thm 2.1", "the empty row: the player to move has lost", {"k": 0}
            )
        analysis = ch.analyse(piles, "endnim")
        glyph = an.hieroglyph(piles)
        if glyph.is_p != analysis.is_p:
            raise AssertionError(
                f"Cairns–Ho Thm 2.1 and Albert–Nowakowski Thm 2 disagree on {piles!r}"
            )
        data = _analysis_data(analysis)
        data["hieroglyph"] = glyph.to_dict()
        data["hieroglyph_why"] = glyph.why
        verdict = _verdict(analysis.is_p)
        return verdict, Reason(
            f"{_CH} Thm 2.1 (= Albert–Nowakowski Thm 2)", f"{analysis.why}, so {verdict}", data
        )

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """Grundy value when a result fixes it: 0 for P; Nim for one or two piles; Cairns–Ho
        Thm 5.1 (value 1) and Thm 5.4 (value 2) for three; else None.

        >>> EndNimTheory().grundy((5, 3))[0], EndNimTheory().grundy((2, 2, 2))[0]
        (6, 2)
        """
        piles = tuple(piles)
        if ch.endnim_is_p(piles):
            return 0, Reason(f"{_CH} Thm 2.1", "a P-position has Grundy value 0")
        k = len(piles)
        if k == 1:
            return piles[0], Reason("Nim", "a lone pile is a Nim heap: G(a) = a")
        if k == 2:
            a, b = piles
            return a ^ b, Reason(f"{_CH} §4", "two-pile End-Nim is Nim: G(a, b) = a ⊕ b")
        if k == 3:
            if ch.endnim_three_is_one(*piles):
                return 1, Reason(f"{_CH} Thm 5.1", "a condition of Thm 5.1 holds: G = 1")
            if ch.endnim_three_is_two(*piles):
                return 2, Reason(f"{_CH} Thm 5.4", "a condition of Thm 5.4 holds: G = 2")
        return None


class MisereTheory(_EndFamilyTheory):
    """Misère End-Nim: Cairns–Ho Thm 2.2, in either Grundy convention.

    ``"cairns-ho"`` (variant ``misere``): the lone pile ``(1)`` is terminal with value 0 and
    moving to the empty row is illegal. ``"conway"`` (variant ``misere-conway``): every move
    counts and the empty row is terminal with value 1 (an N-position). Same P-positions on
    non-empty rows.

    >>> MisereTheory("conway").outcome(())[0], MisereTheory().outcome((1,))[0]
    ('N', 'P')
    """

    def __init__(self, convention: str = "cairns-ho") -> None:
        if convention not in ("cairns-ho", "conway"):
            raise ValueError(f"unknown misère convention {convention!r}: cairns-ho or conway")
        self.convention = convention
        super().__init__("misere" if convention == "cairns-ho" else "misere-conway")

    def is_p(self, piles: Piles) -> bool:
        """Cairns–Ho Thm 2.2 (empty row by the convention).

        >>> MisereTheory().is_p((1, 1, 1)), MisereTheory("conway").is_p(())
        (True, False)
        """
        return ch.misere_is_p(piles, self.convention)

    def outcome(self, piles: Piles) -> tuple[str, Reason]:
        """P/N by Cairns–Ho Thm 2.2.

        >>> MisereTheory().outcome((1, 1))[1].data["r_m"]
        1
        """
        piles = tuple(piles)
        if not piles:
            if self.convention == "conway":
                return "N", Reason(
                    "Conway misère convention",
                    "the empty row is terminal with value 1: the previous player took the last "
                    "coin and lost",
                    {"k": 0, "convention": self.convention},
                )
            return "P", Reason(
                f"{_CH} misère convention",
                "the empty row is terminal with value 0 (no move may reach it)",
                {"k": 0, "convention": self.convention},
            )
        analysis = ch.analyse(piles, "misere")
        data = _analysis_data(analysis)
        data["convention"] = self.convention
        verdict = _verdict(analysis.is_p)
        return verdict, Reason(f"{_CH} Thm 2.2", f"{analysis.why}, so {verdict}", data)

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """Grundy value when a result fixes it, in this theory's convention.

        Cairns–Ho: 0 for P; a lone pile a has a − 1; value 1 by Prop 4.2 (two piles) and
        Thm 5.2 (three). Conway: 0 for P, 1 for the empty row, a lone pile a >= 2 has a.

        >>> MisereTheory().grundy((5,))[0], MisereTheory("conway").grundy((5,))[0]
        (4, 5)
        >>> MisereTheory().grundy((4, 3))[0], MisereTheory("conway").grundy((2, 3)) is None
        (1, True)
        """
        piles = tuple(piles)
        conway = self.convention == "conway"
        if not piles:
            value = 1 if conway else 0
            return value, Reason(
                f"{'Conway' if conway else _CH} misère convention",
                f"the empty row is terminal with value {value}",
            )
        if ch.misere_is_p(piles, self.convention):
            return 0, Reason(f"{_CH} Thm 2.2", "a P-position has Grundy value 0")
        k = len(piles)
        if conway:
            if k == 1:
                return piles[0], Reason(
                    "misère Nim (Conway)", "a lone pile a >= 2 has misère Grundy value a"
                )
            return None
        if k == 1:
            return piles[0] - 1, Reason(
                f"{_CH} misère convention", "(1) is terminal, so a lone pile a has G_m = a − 1"
            )
        if k == 2 and ch.misere_two_pile_is_one(*piles):
            return 1, Reason(f"{_CH} Prop 4.2", "a = b = 1, or a >= 3 odd and b = a + 1: G_m = 1")
        if k == 3 and ch.misere_three_is_one(*piles):
            return 1, Reason(f"{_CH} Thm 5.2", "a condition of Thm 5.2 holds: G_m = 1")
        return None


class LoopTheory(_EndFamilyTheory):
    """Loop-End-Nim: Cairns–Ho Thm 2.3; a row of at most one pile is terminal (value 0).

    >>> LoopTheory().outcome((4, 4, 4))[0], LoopTheory().grundy((2, 3))[0]
    ('P', 4)
    """

    def __init__(self) -> None:
        super().__init__("loop")

    def is_p(self, piles: Piles) -> bool:
        """Cairns–Ho Thm 2.3.

        >>> LoopTheory().is_p((7,)), LoopTheory().is_p((7, 7))
        (True, False)
        """
        return ch.loop_is_p(piles)

    def outcome(self, piles: Piles) -> tuple[str, Reason]:
        """P/N by Cairns–Ho Thm 2.3.

        >>> LoopTheory().outcome((2, 2, 2))[1].data["r_o"]
        1
        """
        piles = tuple(piles)
        if len(piles) <= 1:
            return "P", Reason(
                f"{_CH} §1 (Loop-End-Nim)",
                "at most one pile is left: terminal, the player to move has lost",
                {"k": len(piles)},
            )
        analysis = ch.analyse(piles, "loop")
        verdict = _verdict(analysis.is_p)
        return verdict, Reason(
            f"{_CH} Thm 2.3", f"{analysis.why}, so {verdict}", _analysis_data(analysis)
        )

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """0 for terminal and P-positions; Prop 4.1 for two piles; Thm 5.3 (value 1) for three.

        >>> LoopTheory().grundy((9,))[0], LoopTheory().grundy((3, 5))[0]
        (0, 7)
        """
        piles = tuple(piles)
        if len(piles) <= 1:
            return 0, Reason(f"{_CH} §1 (Loop-End-Nim)", "a lone pile is terminal: value 0")
        if ch.loop_is_p(piles):
            return 0, Reason(f"{_CH} Thm 2.3", "a P-position has Grundy value 0")
        if len(piles) == 2:
            a, b = piles
            return ch.loop_grundy_two(a, b), Reason(
                f"{_CH} Prop 4.1", "G_o(a, b) = ((a − 1) ⊕ (b − 1)) + 1"
            )
        if len(piles) == 3 and ch.loop_three_is_one(*piles):
            return 1, Reason(f"{_CH} Thm 5.3", "a condition of Thm 5.3 holds: G_o = 1")
        return None
