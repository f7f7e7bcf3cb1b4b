"""The page's value panel, exports and position reader: the computations behind
``/api/position``, ``/api/value`` and ``/api/export/...``.

Each function takes picklable arguments and returns JSON-ready data or bytes, so that it can run
in a worker process (:mod:`endnim.web.pool`) or in the server itself, with the same answer.

- :func:`read_position`: a row read exactly as the command line reads it (``3,,4`` and ``[3, 4``
  are errors), and the value of the position when it is terminal (the empty row).
- :func:`value_task`: canonical forms as ``endnim value --json`` gives them (the value of the
  position or of a sum, each summand, and for one position every option).
- :func:`table_file` and :func:`phase_file`: a table as CSV, LaTeX, PNG or SVG and a phase
  diagram as SVG or PNG, written by the command line's own writers.

>>> read_position("3^3 2", "endnim")["text"]
'3 3 3 2'
>>> read_position("", "endnim")["terminal"]["outcome"]
'P'
>>> value_task("3 1 2 + 2 2", "partizan")["value"]
'{0|↑*2,⇑*3}'
>>> table_file("endnim", (), 2, 2, "csv")[0].decode()
'a\\\\b,1,2\\n1,0,3\\n2,3,0\\n'
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

from endnim.analysis.values import FORM_LENGTH
from endnim.errors import EndNimError
from endnim.variants import get_row_variant
from endnim.web.budgets import (
    MAX_PILES,
    MAX_TABLE_SIDE,
    WEB_TABLE_CELLS,
    OverBudget,
    web_position,
)

WEB_VALUE_POSITIONS = 50_000
"""Positions a canonical form on the page may need (option visits 10 times as many): a few
seconds at most (``endnim value`` takes 200,000 by default, and any budget)."""
LIGHT_VALUE_WORK = 20_000
"""Option visits up to which a canonical form is computed in the server itself."""
MAX_FORM_LENGTH = 4_000
"""Characters of a canonical form the page prints in its lists (each option's value, the
CGSuite expression; longer ones: their length only). The value itself is printed up to
:data:`endnim.analysis.values.FORM_LENGTH`, as ``endnim value`` prints it."""
MAX_SUMMANDS = 8
"""Summands of a sum the page evaluates."""

TABLE_FORMATS: dict[str, tuple[str, str]] = {
    "csv": ("text/csv; charset=utf-8", "csv"),
    "latex": ("application/x-latex; charset=utf-8", "tex"),
    "png": ("image/png", "png"),
    "svg": ("image/svg+xml", "svg"),
}
"""What a table exports as: media type, file suffix (``endnim table --format``, ``--png``)."""
PHASE_FORMATS: dict[str, tuple[str, str]] = {
    "svg": ("image/svg+xml", "svg"),
    "png": ("image/png", "png"),
}
"""What a phase diagram exports as (``endnim phase --svg/--png``)."""


# --------------------------------------------------------------------------- positions
def read_position(text: str, variant: str) -> dict[str, Any]:
    """The row ``text`` read as the command line reads it, and, when no move is left (the empty
    row), who wins it: the rule set's terminal value. A row that cannot be read is not an
    error of the request: ``error`` says, in one line, why it cannot be read (as the command
    line would).

    >>> read_position("3,3, 2", "muller")["position"]
    [3, 3, 2]
    >>> read_position("", "misere-conway")["terminal"]["outcome"]
    'N'
    >>> read_position("3,,4", "endnim")["error"]
    "empty pile between commas in '3,,4'"
    """
    rules = get_row_variant(variant, "the workbench")
    try:
        piles = web_position(text, max_piles=MAX_PILES, allow_empty=True)
    except EndNimError as error:
        message = " ".join(str(error).split())
        return {
            "position": None,
            "text": None,
            "variant": rules.name,
            "terminal": None,
            "error": message,
        }
    terminal = None
    if rules.is_terminal(piles):
        value = rules.terminal_value(piles)
        kind = "N" if value != 0 else "P"
        terminal = {
            "outcome": kind,
            "grundy": value if rules.impartial else None,
            "remoteness": 0,
            "reason": rules.ending_text(piles),
        }
    return {
        "position": list(piles),
        "text": str(piles),
        "variant": rules.name,
        "terminal": terminal,
        "error": None,
    }


# --------------------------------------------------------------------------- values
def _partizan_rules(variant: str) -> Any:
    """The rule set of the value panel: any partizan rule set (rows or graphs)."""
    from endnim.variants import get_variant

    rules = get_variant(variant)
    if rules.impartial:
        raise EndNimError(
            f"canonical forms are for partizan games; {rules.title} is impartial "
            "(its value is *G, G its Grundy value)"
        )
    return rules


def _is_partizan_row(rules: Any) -> bool:
    """Partizan End-Nim on rows, whose canonical forms have their own fast path (as in
    ``endnim value``); any other partizan rule set goes through its generic hooks."""
    from endnim.variants import Variant

    return isinstance(rules, Variant) and rules.name == "partizan"


def value_work(text: str, variant: str) -> int:
    """Option visits a canonical form of ``text`` (a position or a sum) may need; refuses,
    with an estimate and page words, what is beyond the page's budget. Any partizan rule set:
    a row of partizan End-Nim or a graph (``depot-partizan``), as ``endnim value -v`` takes.

    >>> value_work("3 1 2 + 2 2", "partizan")
    79
    >>> value_work("3 1", "depot-partizan") > 0
    True
    >>> value_work("100 100 100 100 100", "partizan")
    Traceback (most recent call last):
    ...
    endnim.web.budgets.OverBudget: the canonical form of 100 100 100 100 100 may need up to ...
    """
    from endnim.analysis.values import parse_sum
    from endnim.cgt.positions import estimate_work
    from endnim.search import WORK_PER_STATE, format_count

    rules = _partizan_rules(variant)
    row = _is_partizan_row(rules)
    summands = parse_sum(text, None if row else rules)
    if len(summands) > MAX_SUMMANDS:
        raise OverBudget(
            f"a sum of {len(summands)} positions: the page takes at most {MAX_SUMMANDS}"
        )
    total = 0
    for summand in summands:
        if row:
            states, work = estimate_work(summand)
        else:
            states = rules.estimate_states(summand)
            work = rules.estimate_work(summand)
        if states > WEB_VALUE_POSITIONS or work > WORK_PER_STATE * WEB_VALUE_POSITIONS:
            shown = str(summand) if row else rules.format_position(summand)
            raise OverBudget(
                f"the canonical form of {shown} may need up to {format_count(states)} "
                f"positions and {format_count(work)} option visits, more than the page's "
                f"{format_count(WEB_VALUE_POSITIONS)} positions: try a smaller position, or "
                "'endnim value' on the command line"
            )
        total += work
    return total


def _form(game: Any) -> dict[str, Any]:
    from endnim.cgt import printed_length, to_ascii, to_unicode

    length = printed_length(game)
    fits = length <= MAX_FORM_LENGTH
    return {
        "value": to_unicode(game) if fits else None,
        "value_ascii": to_ascii(game) if fits else None,
        "value_length": length,
    }


def value_task(text: str, variant: str, max_length: int = FORM_LENGTH) -> dict[str, Any]:
    """Canonical forms for the page: the object of ``endnim value --json`` for ``text`` (one
    position or a sum ``3 1 2 + 2 2``), plus ``summands`` (each one's value) and, for a single
    position, ``options``: every Left and Right option with its move and value; for a sum of
    two, ``comparison``: how the first compares with the second (G ≥ H beside G + H). Graphs
    (``depot-partizan``) too, as ``endnim value -v depot-partizan`` computes them.

    >>> v = value_task("2 1", "partizan")
    >>> v["value"], v["atomic_weight"], [o["value"] for o in v["options"]["L"]]
    ('↑*3', '1', ['*', '0'])
    >>> value_task("3 1 2 + 2 2", "partizan")["comparison"]["text"]
    '3 1 2 > 2 2'
    >>> value_task("2 1 + 1 2", "partizan")["comparison"]["relation"]
    '>'
    >>> value_task("2 1", "depot-partizan")["value"]  # the row as a warehouse: the same value
    '↑*3'
    """
    from endnim.analysis.values import (
        cgsuite_expression,
        comparison_fields,
        parse_sum,
        value_fields,
    )
    from endnim.cgt import position_value, sum_of
    from endnim.cgt.drawing import thermograph_svg
    from endnim.cgt.thermograph import thermograph

    value_work(text, variant)
    rules = _partizan_rules(variant)
    row = _is_partizan_row(rules)
    chosen = None if row else rules
    summands = parse_sum(text, chosen)
    budget = WEB_VALUE_POSITIONS
    parts = [position_value(s, budget=budget, rules=chosen) for s in summands]
    total = parts[0] if len(parts) == 1 else sum_of(parts)
    shown = [str(s) if row else rules.format_position(s) for s in summands]
    limit = max_length or None  # 0: no limit, as the command line's --max-length 0
    result = value_fields(summands, total, limit, parts=parts, texts=shown)
    if result["value"] is None:
        result["notes"] = [_long_note(result["value_length"]), *result["notes"][1:]]
    result["text"] = " + ".join(shown)
    result["variant"] = rules.name
    result["reduced_unicode"] = _reduced_unicode(total, result["reduced"])
    result["thermograph_svg"] = thermograph_svg(thermograph(total))
    expression = cgsuite_expression(parts)
    result["cgsuite"] = expression if len(expression) <= MAX_FORM_LENGTH else None
    if not row:
        result["positions"] = [rules.position_to_json(s) for s in summands]
    result["comparison"] = None
    if len(parts) == 2:
        result["comparison"] = comparison_fields(shown[0], parts[0], shown[1], parts[1])
    options: dict[str, list[dict[str, Any]]] | None = None
    if len(summands) == 1:
        options = {}
        for side in ("L", "R"):
            options[side] = [
                {
                    "move": rules.format_move(move),
                    "after": str(after) if row else rules.format_position(after),
                    **_form(position_value(after, budget=budget, rules=chosen)),
                }
                for move, after in rules.options(summands[0], side)
            ]
    result["options"] = options
    return result


def _reduced_unicode(total: Any, ascii_form: str | None) -> str | None:
    """The reduced canonical form in Unicode (the card writes every form so, with CGSuite's
    ASCII beside it), or ``None`` when it is left out."""
    from endnim.cgt import reduced, to_unicode
    from endnim.cgt.positions import deep_recursion

    if ascii_form is None:
        return None
    with deep_recursion():
        return str(to_unicode(reduced(total)))


def _long_note(length: int) -> str:
    return (
        f"the value has {length:,} characters: more than max_length (ask with max_length=0 "
        "or a larger max_length; 'endnim value --max-length 0' prints it)"
    )


def game_value_task(game: str, max_length: int = FORM_LENGTH) -> dict[str, Any]:
    """The value of games written in CGSuite's notation, as ``endnim value --json --game``
    gives it (``positions`` null, ``games`` each summand as read), with the thermograph drawn
    and, for one game, its Left and Right options.

    >>> v = game_value_task("{3|-1}")
    >>> v["value"], v["temperature"], v["mean"], [o["value"] for o in v["options"]["L"]]
    ('{3|-1}', '2', '1', ['3'])
    """
    from endnim.analysis.values import evaluate
    from endnim.cgt.drawing import thermograph_svg

    if not game.strip():
        raise EndNimError("the game is empty: write one in CGSuite's notation, such as {3|-1}")
    found = evaluate(game, None, budget=WEB_VALUE_POSITIONS)
    if len(found.parts) > MAX_SUMMANDS:
        raise OverBudget(
            f"a sum of {len(found.parts)} games: the page takes at most {MAX_SUMMANDS}"
        )
    result = found.fields(max_length or None)
    if result["value"] is None:
        result["notes"] = [_long_note(result["value_length"]), *result["notes"][1:]]
    result["text"] = " + ".join(found.texts)
    result["variant"] = None
    result["reduced_unicode"] = _reduced_unicode(found.total, result["reduced"])
    result["thermograph_svg"] = thermograph_svg(found.thermograph)
    result["cgsuite"] = result["text"] if len(result["text"]) <= MAX_FORM_LENGTH else None
    result["comparison"] = None
    options: dict[str, list[dict[str, Any]]] | None = None
    if len(found.parts) == 1:
        from endnim.cgt import to_ascii

        total = found.total
        options = {
            side: [
                {"move": "", "after": to_ascii(option), **_form(option)}
                for option in (total.left if side == "L" else total.right)
            ]
            for side in ("L", "R")
        }
    result["options"] = options
    return result


# --------------------------------------------------------------------------- exports
def _file_name(stem: str, inner: tuple[int, ...], suffix: str) -> str:
    middle = "-".join(map(str, inner))[:60] or "empty"
    return f"endnim-{stem}-{middle}.{suffix}"


def table_file(
    variant: str, inner: tuple[int, ...], rows: int, cols: int, fmt: str
) -> tuple[bytes, str, str]:
    """The table of a·w·b for a = 1..rows, b = 1..cols as ``endnim table`` writes it: CSV or
    LaTeX text, or a PNG/SVG heatmap (:class:`~endnim.analysis.heatmap.Heatmap`). Returns the
    bytes, the media type and a file name.

    >>> data, media, name = table_file("partizan", (1,), 2, 2, "latex")
    >>> name, data.decode().splitlines()[4]
    ('endnim-table-1.tex', '1 & N & R \\\\\\\\')
    """
    from endnim.analysis.tables import OUTCOME_LABELS, ValueTable
    from endnim.web.tables import heatmap_table

    if fmt not in TABLE_FORMATS:
        raise EndNimError(f"unknown format {fmt!r}: choose one of {', '.join(TABLE_FORMATS)}")
    rules = get_row_variant(variant, "an a·w·b table")
    grid = heatmap_table(rules, inner, rows, cols, cells_budget=WEB_TABLE_CELLS).values
    if rules.impartial:
        values = tuple(tuple(int(v) for v in line[1:]) for line in grid[1:])
    else:
        codes = {label: code for code, label in enumerate(OUTCOME_LABELS)}
        values = tuple(tuple(codes[v] for v in line[1:]) for line in grid[1:])
    table = ValueTable(
        rules.name, inner, "awb", tuple(range(1, rows + 1)), tuple(range(1, cols + 1)), values
    )
    media, suffix = TABLE_FORMATS[fmt]
    if fmt == "png":
        data = table.heatmap().to_png()
    elif fmt == "svg":
        data = table.heatmap().to_svg().encode()
    else:
        data = table.render(fmt).encode() + (b"\n" if fmt == "latex" else b"")
    return data, media, _file_name("table", inner, suffix)


def phase_file(inner: tuple[int, ...], size: int, fmt: str) -> tuple[bytes, str, str]:
    """The phase diagram of w = ``inner`` (a, b = 1..size) as ``endnim phase --svg/--png``
    draws it (SVG or PNG): the bytes, the media type and a file name.

    >>> data, media, name = phase_file((2, 4, 1), 8, "svg")
    >>> media, name, data[:5]
    ('image/svg+xml', 'endnim-phase-2-4-1.svg', b'<?xml')
    """
    from endnim.phase import phase_diagram, save_phase_figure

    if fmt not in PHASE_FORMATS:
        raise EndNimError(f"unknown format {fmt!r}: choose one of {', '.join(PHASE_FORMATS)}")
    if not inner:
        raise EndNimError("a phase diagram needs a middle row w: e.g. 2 4 1")
    if not 1 <= size <= MAX_TABLE_SIDE:
        raise EndNimError(f"size must be between 1 and {MAX_TABLE_SIDE}, not {size}")
    diagram = phase_diagram(inner, size)
    media, suffix = PHASE_FORMATS[fmt]
    handle, path = tempfile.mkstemp(prefix="endnim-phase-", suffix=f".{suffix}")
    os.close(handle)
    try:
        save_phase_figure(diagram, path, fmt)
        with open(path, "rb") as file:
            data = file.read()
    finally:
        os.unlink(path)
    return data, media, _file_name("phase", inner, suffix)
