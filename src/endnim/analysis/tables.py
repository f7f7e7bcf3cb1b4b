"""Tables of values: the Grundy value (partizan: the outcome class) of a·w·b for a fixed string
w, a over the rows and b over the columns — the tables the papers print.

Layouts (the fixed string w and the two varying piles a, b):

* ``awb`` — a·w·b, Albert–Nowakowski's a4b table (default);
* ``wab`` — w·a·b, the fixed string first: Horrocks' 4ab table (Muller End-Nim);
* ``abw`` — a·b·w, the fixed string last.

With w empty all three are the two-pile table a·b (Horrocks' ab table).

>>> t = value_table("muller", "4", "1..3", "1..5", layout="wab")
>>> t.values[0], t.position(1, 5)
((4, 5, 6, 7, 4), (4, 1, 5))
>>> value_table("partizan", "", "1..2", "1..3").labels()[1]
('L', 'P', 'R')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from endnim.analysis.ranges import format_range, parse_range
from endnim.errors import EndNimError
from endnim.outcome import CODE_TO_OUTCOME
from endnim.position import Position, as_position
from endnim.variants import Variant, get_row_variant, get_variant

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from endnim.analysis.heatmap import Heatmap

Layout = Literal["awb", "wab", "abw"]
LAYOUTS: tuple[str, ...] = ("awb", "wab", "abw")
OUTCOME_LABELS = CODE_TO_OUTCOME
"""Partizan outcome codes 0..3 as classes (the engine's ``CODE_TO_OUTCOME``)."""
MAX_CELLS = 4_000_000
"""The most cells one table may have."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ValueTable:
    """Values of the positions a·w·b (or w·a·b, a·b·w) for a in ``rows``, b in ``cols``.

    ``values[i][j]`` belongs to ``a = rows[i]``, ``b = cols[j]``: a Grundy value, or for partizan
    End-Nim an outcome code (0 = P, 1 = L, 2 = R, 3 = N; :meth:`labels` gives the letters).
    """

    variant: str
    middle: tuple[int, ...]
    layout: Layout
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]

    @property
    def impartial(self) -> bool:
        """Whether the values are Grundy values (else partizan outcome codes)."""
        return get_variant(self.variant).impartial

    @property
    def pattern(self) -> str:
        """The positions in the papers' notation, e.g. ``a·4·b`` or ``3·1·a·b``.

        >>> value_table("endnim", "3 1", "1", "1", layout="wab").pattern
        '3·1·a·b'
        """
        return pattern_of(self.middle, self.layout)

    @property
    def title(self) -> str:
        """A one-line caption, e.g. ``Grundy values of a·4·b (End-Nim)``."""
        kind = "Grundy values" if self.impartial else "Outcome classes"
        return f"{kind} of {self.pattern} ({get_variant(self.variant).title})"

    def position(self, a: int, b: int) -> tuple[int, ...]:
        """The position of the cell (a, b)."""
        return arrange(self.middle, a, b, self.layout)

    def value(self, a: int, b: int) -> int | str:
        """The value of the cell (a, b): a Grundy value, or an outcome letter (partizan).

        >>> value_table("endnim", "4", "1..16", "1..16").value(16, 11)
        8
        """
        try:
            code = self.values[self.rows.index(a)][self.cols.index(b)]
        except ValueError:
            raise EndNimError(f"({a}, {b}) is not a cell of this table") from None
        return code if self.impartial else OUTCOME_LABELS[code]

    def labels(self) -> tuple[tuple[str, ...], ...]:
        """Every cell as text: the Grundy value, or the outcome class letter."""
        if self.impartial:
            return tuple(tuple(str(v) for v in row) for row in self.values)
        return tuple(tuple(OUTCOME_LABELS[v] for v in row) for row in self.values)

    def to_dict(self) -> dict[str, object]:
        """Plain data: the JSON of ``endnim table --format json``."""
        return {
            "variant": self.variant,
            "middle": list(self.middle),
            "layout": self.layout,
            "pattern": self.pattern,
            "kind": "grundy" if self.impartial else "outcome",
            "rows": list(self.rows),
            "cols": list(self.cols),
            "values": [list(row) for row in self.labels()]
            if not self.impartial
            else [list(row) for row in self.values],
        }

    def render(self, fmt: str) -> str:
        """The table as text: ``csv``, ``json``, ``markdown``, ``latex`` or ``html``."""
        from endnim.analysis.formats import render

        return render(self, fmt)

    def heatmap(self) -> Heatmap:
        """The table as a heatmap (needs matplotlib); shows itself in notebooks."""
        from endnim.analysis.heatmap import Heatmap

        return Heatmap(self)

    def _repr_html_(self) -> str:
        return self.render("html")

    def __str__(self) -> str:
        return self.render("markdown")


def pattern_of(middle: Sequence[int], layout: str) -> str:
    """The positions of a table in the papers' notation.

    >>> pattern_of((2, 4, 1), "awb"), pattern_of((4,), "wab"), pattern_of((), "abw")
    ('a·2·4·1·b', '4·a·b', 'a·b')
    """
    w = "·".join(map(str, middle))
    if not w:
        return "a·b"
    return {"awb": f"a·{w}·b", "wab": f"{w}·a·b", "abw": f"a·b·{w}"}[layout]


def arrange(middle: Sequence[int], a: int, b: int, layout: str) -> tuple[int, ...]:
    """The position of a cell: ``a w b``, ``w a b`` or ``a b w``.

    >>> arrange((4,), 1, 2, "awb"), arrange((4,), 1, 2, "wab"), arrange((4,), 1, 2, "abw")
    ((1, 4, 2), (4, 1, 2), (1, 2, 4))
    """
    w = tuple(middle)
    if layout == "awb":
        return (a, *w, b)
    if layout == "wab":
        return (*w, a, b)
    if layout == "abw":
        return (a, b, *w)
    raise EndNimError(f"unknown layout {layout!r}: choose one of {', '.join(LAYOUTS)}")


def _as_values(values: str | Sequence[int], what: str) -> tuple[int, ...]:
    if isinstance(values, str):
        return parse_range(values, what)
    result = tuple(int(v) for v in values)
    if not result:
        raise EndNimError(f"{what} is empty")
    if min(result) < 1:
        raise EndNimError(f"{what} {format_range(result)} starts below 1: piles are positive")
    return result


def value_table(
    variant: str,
    middle: str | Sequence[int] = (),
    rows: str | Sequence[int] = "1..16",
    cols: str | Sequence[int] = "1..16",
    *,
    layout: str = "awb",
    threads: int | None = None,
    progress: Progress | None = None,
    cells_budget: int | None = None,
) -> ValueTable:
    """The table of the values of a·w·b (``layout``: also ``wab``, ``abw``) by the engine (a rule
    set it does not serve: by the indexed search, or if partizan the memoised search).

    ``middle`` is the fixed string w (``""`` for the two-pile table), ``rows`` the values of a and
    ``cols`` those of b (ranges such as ``"1..16"`` or sequences of positive integers).

    >>> value_table("endnim", "4", "1..16", "1..16").values[15][:4]
    (16, 15, 17, 14)
    >>> value_table("muller", "", "1..3", "1..3").values
    ((0, 0, 0), (2, 1, 1), (3, 3, 2))
    """
    rules = get_row_variant(variant, "an a·w·b table")
    if layout not in LAYOUTS:
        raise EndNimError(f"unknown layout {layout!r}: choose one of {', '.join(LAYOUTS)}")
    w: Position = as_position(middle, allow_empty=True)
    row_values = _as_values(rows, "rows")
    col_values = _as_values(cols, "cols")
    if len(row_values) * len(col_values) > MAX_CELLS:
        raise EndNimError(
            f"a table of {len(row_values):,} × {len(col_values):,} cells is too large "
            f"(at most {MAX_CELLS:,} cells)"
        )
    top_row, top_col = max(row_values), max(col_values)

    def table(inner: tuple[int, ...], x_size: int, y_size: int) -> npt.NDArray[np.int32]:
        return grid_table(
            rules,
            inner,
            x_size,
            y_size,
            threads=threads,
            progress=progress,
            cells_budget=cells_budget,
        )

    cells: dict[tuple[int, int], int] = {}
    if not w or layout == "awb":
        full = table(tuple(w), top_row, top_col)
        grid = [[int(full[a, b]) for b in col_values] for a in row_values]
    elif layout == "wab":
        # w·a·b is cell (w_1, b) of the table of x·(w_2..w_k a)·y
        for a in dict.fromkeys(row_values):
            line = table((*w[1:], a), w[0], top_col)[w[0]]
            cells.update({(a, b): int(line[b]) for b in col_values})
        grid = [[cells[a, b] for b in col_values] for a in row_values]
    else:
        # a·b·w is cell (a, w_k) of the table of x·(b w_1..w_{k-1})·y
        for b in dict.fromkeys(col_values):
            column = table((b, *w[:-1]), top_row, w[-1])[:, w[-1]]
            cells.update({(a, b): int(column[a]) for a in row_values})
        grid = [[cells[a, b] for b in col_values] for a in row_values]
    return ValueTable(
        variant=rules.name,
        middle=tuple(w),
        layout=layout,  # type: ignore[arg-type]
        rows=row_values,
        cols=col_values,
        values=tuple(tuple(line) for line in grid),
    )


TablePath = Literal["engine", "indexed search", "search"]
"""Which path makes a rule set's tables (:func:`table_path`)."""


def table_path(rules: Variant) -> TablePath:
    """The one path every table of ``rules`` takes: the compiled ``engine`` when it has a
    recurrence for the rule set, else the ``indexed search`` (impartial) or the memoised
    ``search`` (partizan). ``table``, ``periodicity``, the atlas and the page all ask it.

    >>> table_path(get_row_variant("endnim")), table_path(get_row_variant("muller"))
    ('engine', 'engine')
    """
    from endnim.indexed import serves
    from endnim.strategies.engine import engine_family

    if engine_family(rules) is not None:
        return "engine"
    return "indexed search" if serves(rules) else "search"


def table_path_note(rules: Variant) -> str:
    """One line saying which path made the tables of ``rules``, and why.

    >>> table_path_note(get_row_variant("endnim"))
    'values by the compiled engine'
    """
    path = table_path(rules)
    if path == "engine":
        return "values by the compiled engine"
    from endnim.engine.families import blocking_hook

    hook = blocking_hook(rules) or "ends"
    return (
        f"values by the {'indexed' if path == 'indexed search' else 'memoised'} search: the "
        f"compiled engine has no recurrence for {rules.title} (its {hook}() hook)"
    )


def grid_table(
    rules: Variant,
    middle: Sequence[int],
    rows: int,
    cols: int,
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    cells_budget: int | None = None,
) -> npt.NDArray[np.int32]:
    """The values of x·middle·y (0 <= x <= rows, 0 <= y <= cols; 0 = absent) by the path of
    :func:`table_path` (the engine's codes: Grundy values, or partizan outcome codes).

    >>> grid_table(get_row_variant("endnim"), (), 2, 2).tolist()
    [[0, 1, 2], [1, 0, 3], [2, 3, 0]]
    """
    inner = tuple(middle)
    path = table_path(rules)
    if path == "indexed search":
        from endnim.indexed import closure_table

        return closure_table(rules, inner, rows, cols, budget=cells_budget, progress=progress)
    if path == "search":
        return search_table(rules, inner, rows, cols, budget=cells_budget)
    from endnim.engine import engine_table

    return engine_table(
        rules, inner, rows, cols, threads=threads, progress=progress, cells_budget=cells_budget
    )


def search_table(
    rules: Variant, middle: Sequence[int], rows: int, cols: int, *, budget: int | None = None
) -> npt.NDArray[np.int32]:
    """The values of x·middle·y (0 <= x <= rows, 0 <= y <= cols; 0 = absent) by exact search:
    the table of a rule set the compiled engine does not serve (same codes as the engine:
    Grundy values, or partizan outcome codes bit 0 = Left wins first, bit 1 = Right).

    >>> search_table(get_row_variant("endnim"), (), 2, 2).tolist()
    [[0, 1, 2], [1, 0, 3], [2, 3, 0]]
    """
    import numpy as np

    from endnim.search import ImpartialValue, PartizanValue, default_solver

    solver = default_solver(rules, budget)
    solver.check_budget((rows, *middle, cols))
    inner = tuple(middle)
    table = np.zeros((rows + 1, cols + 1), dtype=np.int32)
    for x in range(rows + 1):
        for y in range(cols + 1):
            row = ((x,) if x else ()) + inner + ((y,) if y else ())
            value = solver.value(row)
            if isinstance(value, ImpartialValue):
                table[x, y] = value.grundy
            else:
                assert isinstance(value, PartizanValue)
                table[x, y] = int(value.left_wins_first) | (int(value.right_wins_first) << 1)
    return table


def search_layer(
    rules: Variant, length: int, max_pile: int, *, budget: int | None = None
) -> npt.NDArray[np.int32]:
    """Values of every position of ``length`` piles in 1..``max_pile`` by exact search (the
    indexed search if impartial), in the layout of :func:`endnim.engine.solve_layer` (for rule
    sets the engine does not serve).

    >>> search_layer(get_row_variant("endnim"), 2, 2).tolist()
    [[0, 3], [3, 0]]
    """
    import itertools

    import numpy as np

    from endnim.indexed import serves, solve_closure
    from endnim.search import DEFAULT_BUDGET, ImpartialValue, PartizanValue, default_solver

    if length and serves(rules):  # impartial: the whole layer at once, by the indexed search
        rows = list(itertools.product(range(1, max_pile + 1), repeat=length))
        shorter = sum(max_pile**k for k in range(length + 1))  # the layer's closure, at least
        limit = max(DEFAULT_BUDGET if budget is None else budget, 2 * shorter)
        default_solver(rules, budget).check_budget((max_pile,) * length)  # the search's refusal
        solved = solve_closure(rules, rows, budget=limit)
        return solved.grundy[solved.roots].reshape((max_pile,) * length).astype(np.int32)
    solver = default_solver(rules, budget)
    solver.check_budget((max_pile,) * length)
    if length == 0:
        return np.asarray(rules.terminal_value(()), dtype=np.int32)
    layer = np.zeros((max_pile,) * length, dtype=np.int32)
    for row in itertools.product(range(1, max_pile + 1), repeat=length):
        value = solver.value(row)
        if isinstance(value, ImpartialValue):
            code = value.grundy
        else:
            assert isinstance(value, PartizanValue)
            code = int(value.left_wins_first) | (int(value.right_wins_first) << 1)
        layer[tuple(p - 1 for p in row)] = code
    return layer
