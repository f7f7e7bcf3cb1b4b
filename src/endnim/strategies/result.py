"""The one result of :func:`endnim.analyze`: :class:`Analysis`, which every strategy fills in
part and which serialises to the JSON the CLI and the API print, with the auto budgets the plan
and the strategies share.

>>> remoteness_text(None)
'unknown'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from endnim.json_line import dumps, dumps_text
from endnim.outcome import Outcome
from endnim.position import Position
from endnim.search import ImpartialValue, PartizanValue
from endnim.theory import MoveRange, Reason
from endnim.variants import get_variant

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
    winning_moves_partial: bool = False
    """True when some winning moves were not looked for (a sum's summand with too many moves)."""

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
        if self.winning_moves_partial:
            return False
        if self.winning_move_list is not None:
            return len(self.winning_move_list) <= MAX_LISTED_MOVES
        return sum(r.count for r in self.winning_move_ranges) <= MAX_LISTED_MOVES

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``endnim analyze --json`` (and of the web API)."""
        return self._fields(encodable=False)

    def _fields(self, *, encodable: bool) -> dict[str, Any]:
        """:meth:`to_dict`; with ``encodable``, the reasons' data are not copied into plain
        JSON types but left to :func:`endnim.json_line.dumps` (the same text)."""
        row = self.winning_move_list is None or bool(self.winning_move_ranges)
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
            rows.append(("grundy", "not computed" if self.grundy is None else str(self.grundy)))
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
        picture = ""
        if isinstance(self.position, Position):
            picture = position_svg(self.position, ends=self.playable_ends())
        elif hasattr(self.position, "labels") and hasattr(self.position, "_repr_svg_"):
            picture = self.position._repr_svg_()  # a graph draws itself (issue 42)
        return f"{picture}<table>{cells}</table>"

    def playable_ends(self) -> tuple[str, ...]:
        """The ends of the row the rule set lets the mover play (impartial: its ``ends()``;
        partizan: Left's first pile, Right's last, as the picture marks them); a rule set
        whose ``ends`` fails is drawn with both."""
        if not self.ruleset.impartial or not isinstance(self.position, Position):
            return ("L", "R")
        try:
            found = tuple(str(end) for end in self.ruleset.ends(tuple(self.position)))
        except Exception:  # a user's hook: the picture is not the place to report it
            return ("L", "R")
        return found if set(found) <= {"L", "R"} else ("L", "R")

    def move_summary(self) -> list[str]:
        """The winning moves as short texts: row moves as ranges (``R3..5``), others one by one."""
        if self.winning_move_list is not None:
            return self.winning_moves
        return [str(r) for r in self.winning_move_ranges]

    def to_json(self) -> str:
        """One line of compact JSON: :meth:`to_dict` as ``endnim analyze --json`` prints it.

        >>> from endnim.analyzer import analyze
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


def remoteness_of(value: ImpartialValue | PartizanValue) -> int | dict[str, int]:
    """The remoteness of a searched value as the JSON writes it (partizan: both players first)."""
    if isinstance(value, ImpartialValue):
        return value.remoteness
    return {"left_first": value.remoteness_left_first, "right_first": value.remoteness_right_first}


def merge_ranges(ranges: list[MoveRange]) -> list[MoveRange]:
    """Adjacent move ranges of one end and direction joined into one."""
    merged: list[MoveRange] = []
    for r in ranges:
        last = merged[-1] if merged else None
        if last and (last.end, last.reverse) == (r.end, r.reverse) and last.high + 1 == r.low:
            merged[-1] = MoveRange(r.end, last.low, r.high, r.reverse)
        else:
            merged.append(r)
    return merged
