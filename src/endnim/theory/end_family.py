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
from endnim.theory.claims import Relation, claims_data, relations
from endnim.variants.base import Variant, end_children
from endnim.variants.registry import get_row_variant

_CH = "Cairns–Ho"


def _orientation(analysis: ch.Analysis) -> str:
    return "reversed (a_1 > a_k)" if analysis.reversed else "as given (a_1 <= a_k)"


def _analysis_data(analysis: ch.Analysis, piles: Piles) -> dict[str, Any]:
    """The data of a Cairns–Ho reason, every number read on the row as given.

    ``l`` and ``r`` (``r_m``, ``r_o``) are those of the given row and ``a_1``, ``a_k`` its end
    piles; the theorem, which assumes a_1 <= a_k, reads a row with a_1 > a_k right to left
    (``orientation``), and the statement says so.
    """
    k = len(piles)
    data: dict[str, Any] = {
        "l": analysis.row_l,
        analysis.r_name: analysis.row_r,
        "orientation": _orientation(analysis),
        "a_1": piles[0],
        "a_k": piles[-1],
        "clause": analysis.clause,
        "why": analysis.why,
    }
    data |= claims_data(
        {"a_1": 1, "a_k": k},
        analysis.relations,
        {"a_1": piles[0], "a_k": piles[-1], "l": analysis.row_l, analysis.r_name: analysis.row_r},
    )
    return data


def _verdict(is_p: bool) -> str:
    return "P" if is_p else "N"


_PILE_NAMES = {1: ("a",), 2: ("a", "b"), 3: ("a_1", "a_2", "a_3")}


def _pile_data(piles: Piles, found: tuple[Relation, ...] = ()) -> dict[str, Any]:
    """Pile values by name (``a``; ``a``, ``b``; ``a_1``, ``a_2``, ``a_3``), the ``piles`` map
    and the relations, for a reason about a row of one to three piles."""
    names = _PILE_NAMES[len(piles)]
    values = dict(zip(names, piles, strict=True))
    return values | claims_data({n: i for i, n in enumerate(names, 1)}, found, values)


def _three_reason(clause: ch.ThreeClause, piles: Piles, value: str) -> Reason:
    """Thm 5.1–5.4 naming the clause that holds, stated about the row as given."""
    a1, a2, a3 = piles
    data = _pile_data(piles, clause.relations) | {
        "clause": clause.clause,
        "orientation": "reversed (a_1 > a_3)" if clause.reversed else "as given (a_1 <= a_3)",
    }
    return Reason(
        f"{_CH} {clause.theorem}",
        f"(a_1, a_2, a_3) = ({a1}, {a2}, {a3}): {clause.describe()}, so {value}",
        data,
    )


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
        is_p = self.is_p
        if variant.is_terminal(piles) or is_p(piles):
            return []
        allows = variant.allows
        sizes: dict[End, list[int]] = {"L": [], "R": []}
        for end, size in an.winning_move_candidates(piles):
            child = end_children(piles, end, (size,))[0]
            if allows(child) and is_p(child):
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
        data = _analysis_data(analysis, piles)
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
            return piles[0], Reason(
                "Nim", f"a lone pile is a Nim heap: G(a) = a = {piles[0]}", _pile_data(piles)
            )
        if k == 2:
            a, b = piles
            return a ^ b, Reason(
                f"{_CH} §4",
                f"two-pile End-Nim is Nim: G(a, b) = a ⊕ b = {a} ⊕ {b} = {a ^ b}",
                _pile_data(piles),
            )
        if k == 3:
            clause = ch.endnim_three_clause(*piles)
            if clause is not None:
                return 1, _three_reason(clause, piles, "G = 1")
            clause = ch.endnim_three_two_clause(*piles)
            if clause is not None:
                return 2, _three_reason(clause, piles, "G = 2")
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
        data = _analysis_data(analysis, piles)
        data["convention"] = self.convention
        verdict = _verdict(analysis.is_p)
        return verdict, Reason(f"{_CH} Thm 2.2", f"{analysis.why}, so {verdict}", data)

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """Grundy value when a result fixes it, in this theory's convention.

        Cairns–Ho: 0 for P; a lone pile a has a − 1; value 1 by Prop 4.2 (two piles) and
        Thm 5.2 (three). Conway: 0 for P, 1 for the empty row, a lone pile a >= 2 has a, and
        otherwise End-Nim's value where its theory fixes one (1 − k mod 2 on 1^k).

        >>> MisereTheory().grundy((5,))[0], MisereTheory("conway").grundy((5,))[0]
        (4, 5)
        >>> MisereTheory().grundy((4, 3))[0], MisereTheory("conway").grundy((2, 3))[0]
        (1, 1)
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
                    "misère Nim (Conway)",
                    f"a lone pile a = {piles[0]} >= 2 has misère Grundy value a",
                    _pile_data(piles, relations("a >= 2")),
                )
            return _conway_from_end_nim(piles)
        if k == 1:
            return piles[0] - 1, Reason(
                f"{_CH} misère convention",
                f"(1) is terminal, so a lone pile a = {piles[0]} has G_m = a − 1 = {piles[0] - 1}",
                _pile_data(piles),
            )
        if k == 2 and ch.misere_two_pile_is_one(*piles):
            return 1, _prop_4_2_reason(piles)
        if k == 3:
            clause = ch.misere_three_clause(*piles)
            if clause is not None:
                return 1, _three_reason(clause, piles, "G_m = 1")
        return None


_END_NIM = EndNimTheory()
"""End-Nim's theory, which Conway misère's reads its values from (one instance)."""

_CONWAY_LEMMA = "Conway misère = End-Nim off rows of ones (docs/atlas.md §3, proved)"


def _conway_from_end_nim(piles: Piles) -> tuple[int, Reason] | None:
    """The Conway-misère value of a row of two or more piles that is not P, where End-Nim's
    theory fixes it: it equals the normal-play value except on the rows of ones 1^k, where it
    is 1 − k mod 2 (induction on the coins: only the terminal value differs, and a move
    reaches a row of ones only from a row of ones or from m·1^k, 1^k·m, whose options 1^(k+1)
    and 1^k have the values {0, 1} in both games).

    >>> _conway_from_end_nim((2, 3))[0], _conway_from_end_nim((1, 1))[0]
    (1, 1)
    """
    k = len(piles)
    if all(pile == 1 for pile in piles):
        value = 1 - k % 2
        return value, Reason(
            _CONWAY_LEMMA,
            f"a row of k = {k} ones has Conway-misère value 1 − k mod 2 = {value}",
            {"k": k} | claims_data({}, relations(f"k ≡ {k % 2} (mod 2)"), {"k": k}),
        )
    found = _END_NIM.grundy(piles)
    if found is None:
        return None
    value, end_nim = found
    return value, Reason(
        _CONWAY_LEMMA,
        "not a row of ones, so its Conway-misère value is its End-Nim value, "
        f"by {end_nim.theorem}: {end_nim.statement}",
        end_nim.data,
    )


def _prop_4_2_reason(piles: Piles) -> Reason:
    """Cairns–Ho Prop 4.2 (misère, two piles, value 1) naming the case that holds."""
    a, b = piles
    if a == b == 1:
        facts, text = relations("a = 1", "b = 1"), "a = b = 1"
    else:
        small, large = ("a", "b") if a <= b else ("b", "a")
        facts = relations(f"{small} >= 3", f"{small} is odd", f"{large} = {small} + 1")
        text = (
            f"the smaller pile {small} = {min(a, b)} >= 3 is odd and the larger "
            f"{large} = {small} + 1 = {max(a, b)}"
        )
    return Reason(f"{_CH} Prop 4.2", f"{text}: G_m = 1", _pile_data(piles, facts))


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
            f"{_CH} Thm 2.3", f"{analysis.why}, so {verdict}", _analysis_data(analysis, piles)
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
            value = ch.loop_grundy_two(a, b)
            return value, Reason(
                f"{_CH} Prop 4.1",
                f"G_o(a, b) = ((a − 1) ⊕ (b − 1)) + 1 = ({a - 1} ⊕ {b - 1}) + 1 = {value}",
                _pile_data(piles),
            )
        if len(piles) == 3:
            clause = ch.loop_three_clause(*piles)
            if clause is not None:
                return 1, _three_reason(clause, piles, "G_o = 1")
        return None
