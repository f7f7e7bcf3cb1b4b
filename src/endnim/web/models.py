"""The JSON shapes of the workbench API (pydantic models: they make its OpenAPI schema).

Integers are exact at any size in the JSON; where a browser's numbers could lose digits (piles
above 2**53) positions are also given as text (``after_text``, ``middle_text``).

>>> Error(detail="pile 2 is 0: piles must be positive integers").model_dump()
{'detail': 'pile 2 is 0: piles must be positive integers'}
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Side = Literal["L", "R"]


class Error(BaseModel):
    """Every error: one line saying what is wrong."""

    detail: str


class VariantInfo(BaseModel):
    """A rule set."""

    name: str
    title: str
    impartial: bool
    reversible: bool = Field(description="Muller: the mover may reverse the row")
    source: str
    summary: str = Field("", description="the rules in one line, for people")
    aliases: list[str] = Field(default_factory=list)
    family: str = Field("row", description="row (piles in a row), tree, graph, ...")
    convention: str | None = Field(None, description="misère Grundy convention, if any")
    theory: bool = Field(True, description="whether a closed-form theory decides it")
    engine: str | None = Field(None, description="the compiled engine's kernel family, if any")
    position_notation: str = ""
    move_notation: str = ""


class ReasonOut(BaseModel):
    """A theorem used, how it applies, and the data it read."""

    theorem: str
    statement: str
    data: dict[str, object]


class RangeOut(BaseModel):
    """Moves at one end setting the pile to each size from..to (inclusive)."""

    model_config = ConfigDict(populate_by_name=True)

    end: Side
    from_: int = Field(alias="from")
    to: int
    reverse: bool


class AnalysisOut(BaseModel):
    """The object ``endnim analyze --json`` prints (``endnim.analyzer.Analysis.to_dict``).

    Documented here; the API returns the analyser's object as it is (further fields may
    appear, e.g. the partizan thresholds ``L_star``, ``R_star``, ``L_threshold``,
    ``R_threshold``, and ``notes``).
    """

    model_config = ConfigDict(extra="allow")

    position: list[int]
    variant: str
    outcome: Literal["P", "N", "L", "R"]
    grundy: int | None
    winning_moves: list[str]
    winning_moves_complete: bool
    winning_move_ranges: list[RangeOut]
    remoteness: int | dict[str, int] | None
    method: str
    sources: dict[str, str]
    reason: list[ReasonOut]


class MoveValueOut(BaseModel):
    """A legal move, whether it wins for its mover, and the value of where it leads.

    ``outcome``, ``grundy`` and ``remoteness`` describe ``after`` with the opponent to move
    (``null`` when not computed).
    """

    move: str
    player: Side | None
    after: list[int] | dict[str, Any] | str = Field(
        description="rows: the piles; graph rule sets: the graph's JSON object; a sum: its text"
    )
    after_text: str
    wins: bool
    outcome: Literal["P", "N", "L", "R"] | None
    grundy: int | None
    remoteness: int | None


class WinningRangeOut(BaseModel):
    """Winning moves as a range, with its notation (``L2..4r``) and size (a sum's winning move:
    its ``text`` ``K:MOVE`` only, ``count`` 1)."""

    model_config = ConfigDict(populate_by_name=True)

    end: Side | None = None
    from_: int | None = Field(None, alias="from")
    to: int | None = None
    reverse: bool | None = None
    text: str
    count: int


class MovesOut(BaseModel):
    """Every legal move of a position, valued (``moves`` is null when too many to list).

    A sum's listing also has ``summands``: its live summands, in order (K of a move K:MOVE).
    """

    model_config = ConfigDict(extra="allow")

    position: list[int] | dict[str, Any] | str = Field(
        description="rows: the piles; graph rule sets: the graph's JSON object; a sum: its text"
    )
    variant: str
    player: Side | None
    listed: bool
    moves: list[MoveValueOut] | None
    winning: list[WinningRangeOut]
    total: int = Field(description="the number of legal moves (an upper bound when not listed)")
    values_from: Literal["search", "engine", "theory", "analyze"]
    ends: list[Side] | None = Field(
        default=None,
        description="a row: the end piles the mover may reduce, by the rule set's ends() hook",
    )


class AppliedOut(BaseModel):
    """The position a move leads to."""

    move: str
    after: str


class ChoiceOut(BaseModel):
    """The computer's move: its best (``best``) or a random one (``random``)."""

    move: str
    after: str
    kind: Literal["best", "random"]
    wins: bool = Field(description="whether the mover wins after it with perfect play")
    remoteness: int | None


class TableOut(BaseModel):
    """Values (impartial: Grundy values) or outcome classes (partizan) of x·middle·y.

    ``values[x][y]`` for 0 <= x <= rows, 0 <= y <= cols (0: that pile absent).
    """

    variant: str
    middle: list[int]
    middle_text: str
    rows: int
    cols: int
    kind: Literal["grundy", "outcome"]
    values: list[list[int]] | list[list[str]]
    triple_point: list[int] | None = Field(
        description="partizan: (x, y) of the phase diagram's leftmost-bottommost P entry"
    )
    path: Literal["engine", "indexed search", "search"] = Field(
        description="which path made the table: the compiled engine, or where it has no "
        "recurrence for the rule set the indexed (impartial) or memoised (partizan) search"
    )


class NewGame(BaseModel):
    """A new game against the computer."""

    variant: str = "endnim"
    position: str = Field(examples=["3 3 3 2"])
    human_first: bool = True
    human_side: Side | None = Field(None, description="partizan: the side you play (default L)")
    skill: int = Field(100, ge=0, le=100, description="0: random moves, 100: perfect play")
    seed: int | None = Field(None, description="makes the computer's choices reproducible")
    moves: list[str] = Field(
        default_factory=list,
        max_length=2000,
        description="a game's record to play again from the start: both sides' moves in "
        "order, the computer's as it played them (a link that carries a game)",
    )
    random_plies: list[int] = Field(
        default_factory=list,
        max_length=2000,
        description="the plies of moves (counted from 1) that were the computer's random moves",
    )


class MoveIn(BaseModel):
    """A move in notation: ``L3``, ``R0``, ``L2r``."""

    move: str = Field(max_length=200, examples=["R0"])


class PositionValueOut(BaseModel):
    """Who wins a position of the game with perfect play (the player to move?) and how soon."""

    to_move_wins: bool
    remoteness: int | None


class JudgementOut(BaseModel):
    """What a move did: kept the win, threw it away, or no move won; and why."""

    was_winning: bool
    kept: bool
    blunder: bool
    winning_moves: list[str]
    reason: str
    text: str
    after: PositionValueOut | None


class OptionValueOut(BaseModel):
    """One option the mover had at a turn: where it leads, whether it wins, its value."""

    move: str
    after: str
    wins: bool
    value: str = Field(description="of where it leads: P, G n (Grundy value n) or L/R/N/P")
    remoteness: int | None


class TurnOptionsOut(BaseModel):
    """Every option of a turn, valued (GamesmanUni's whole value history); ``listed`` is null
    when there were too many, ``winning`` then names the winning ones as ranges."""

    listed: list[OptionValueOut] | None
    winning: list[str]
    total: int


class PlyOut(BaseModel):
    """One move of a game, with every option its mover had (``options``)."""

    mover: Literal["human", "computer"]
    side: Side | None
    move: str
    before: str
    after: str
    kind: Literal["human", "best", "random"]
    judgement: JudgementOut | None = None
    options: TurnOptionsOut | None = None


class GameOut(BaseModel):
    """The state of a game (a game of a sum also has ``summands``: its live summands, in
    order, K of a move K:MOVE)."""

    model_config = ConfigDict(extra="allow")

    id: str
    variant: str
    start: str
    position: str
    history: list[PlyOut]
    to_move: Literal["human", "computer"]
    side_to_move: Side | None
    human_side: Side | None
    human_first: bool
    skill: int
    over: bool
    winner: Literal["human", "computer"] | None
    ending: str | None = Field(
        default=None, description="why the game is over, in the rule set's words (said of 'you')"
    )
    start_value: PositionValueOut | None = None


class HintOut(BaseModel):
    """The best move for you now, whether it wins, and why."""

    move: str
    after: str
    wins: bool
    explanation: str


class TerminalOut(BaseModel):
    """The value of a position with no move left (the empty row)."""

    outcome: Literal["P", "N", "L", "R"]
    grundy: int | None
    remoteness: int
    reason: str


class PositionOut(BaseModel):
    """A position as its rule set reads it: a row as the command line reads it (``error``: why
    it cannot be read), or a graph as its JSON object."""

    position: list[int] | dict[str, Any] | None = Field(
        description="rows: the piles; graph rule sets: the graph's JSON object"
    )
    text: str | None = Field(description="the position written back (graphs: one line of JSON)")
    variant: str
    terminal: TerminalOut | None = Field(default=None, description="set when no move is left")
    error: str | None = Field(
        default=None, description="one line: why the text is not a row, or null"
    )


class FormOut(BaseModel):
    """A canonical form in Unicode and CGSuite's ASCII (null when too long to show)."""

    value: str | None
    value_ascii: str | None
    value_length: int


class SummandOut(FormOut):
    """One summand of a sum and its value, stops, mean and temperature."""

    position: str
    left_stop: str
    right_stop: str
    mean: str
    temperature: str


class ThermographOut(BaseModel):
    """A thermograph's walls: breakpoints [t, x] (exact dyadic strings) from t = -1 up to
    where each wall reaches the mast."""

    left: list[list[str]]
    right: list[list[str]]


class ComparisonOut(BaseModel):
    """How G (the first summand) compares with H (the second): =, >, < or ‖ (confused)."""

    relation: Literal["=", ">", "<", "‖"] = Field(
        description="= (G - H is P), > (L: Left wins G - H), < (R), ‖ (N: confused)"
    )
    text: str = Field(description="'G relation H' with both positions, e.g. '2 1 > 1 2'")
    ascii: str = Field(description="the same in ASCII (confused written <>, as CGSuite does)")


class OptionOut(FormOut):
    """A Left or Right option: the move, where it leads, its value."""

    move: str
    after: str


class ValueOut(BaseModel):
    """The object of ``endnim value --json``, with each summand's value and, for one
    position, every option's value (``options`` is null for a sum)."""

    model_config = ConfigDict(extra="allow")

    positions: list[list[int] | dict[str, Any]] | None = Field(
        description="each summand: a row of piles, or a graph as its JSON object (null for "
        "games in CGSuite's notation: see games)"
    )
    text: str
    variant: str | None
    value: str | None
    value_ascii: str | None
    outcome: Literal["P", "N", "L", "R"]
    atomic_weight: str | None = Field(description="null (with a note) unless all-small")
    atomic_weight_ascii: str | None
    all_small: bool
    birthday: int
    value_length: int
    left_stop: str = Field(description="Left's stop, an exact dyadic rational such as '3/2'")
    right_stop: str
    is_number: bool
    mean: str
    temperature: str = Field(description="-1 for integers, -1/2^j for m/2^j, 0 infinitesimals")
    thermograph: ThermographOut
    thermograph_svg: str = Field(description="the thermograph drawn as SVG")
    cgsuite: str | None = Field(
        description="the position or sum as a CGSuite expression of the same value (null if long)"
    )
    reduced: str | None = Field(description="the reduced canonical form, CGSuite ASCII")
    notes: list[str]
    summands: list[SummandOut]
    hottest: int | None = Field(description="index of the hottest summand, if any is hot")
    options: dict[str, list[OptionOut]] | None
    comparison: ComparisonOut | None = Field(
        default=None, description="for a sum of two games G + H: how G compares with H"
    )
