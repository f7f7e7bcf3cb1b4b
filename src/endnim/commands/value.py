"""``endnim value``: the canonical form of a partizan End-Nim position or of a sum of them."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from endnim.commands.common import variant_option
from endnim.errors import EndNimError

if TYPE_CHECKING:
    from endnim.cgt.game import Game

PROGRESS_ABOVE = 20_000
"""Show a progress bar when a summand may need more positions than this."""


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("position", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=None,
    help="Most positions one summand may need (default 200,000; option visits 10 times as many).",
)
@variant_option("partizan", "The partizan rule set.")
@click.option(
    "--max-length",
    type=click.IntRange(min=0),
    default=10_000,
    show_default=True,
    help="Print canonical forms up to this many characters (0: no limit).",
)
def value(
    position: tuple[str, ...], as_json: bool, budget: int | None, variant: str, max_length: int
) -> None:
    """The canonical form (CGT value) of a partizan End-Nim position, or of a sum.

    POSITION is one argument ("3 1 2") or several (3 1 2); a sum joins positions with '+':
    endnim value 3 1 2 + 2 2. Prints the value in Unicode and in CGSuite's ASCII notation,
    the outcome class and the atomic weight (partizan End-Nim values are all-small).
    """
    from endnim.cgt import atomic_weight, outcome, position_value, sum_value
    from endnim.cgt.positions import deep_recursion, estimate_work
    from endnim.search import estimate_or_none
    from endnim.variants import Variant, get_variant

    rules = get_variant(variant)
    if rules.impartial:
        raise EndNimError(
            f"endnim value gives canonical forms of partizan games; {rules.title} is impartial "
            "(its value is *G, G its Grundy value: endnim analyze)"
        )
    row = isinstance(rules, Variant) and rules.name == "partizan"

    for token in position:
        if token.startswith("-") and not token.lstrip("-").replace(",", "").strip().isdigit():
            raise EndNimError(f"no such option: {token} (see 'endnim value --help')")
    summands = parse_sum(" ".join(position), None if row else rules)
    limit = None if max_length == 0 else max_length
    largest = max(
        estimate_work(s)[0] if row else (estimate_or_none(rules, s) or 0) for s in summands
    )
    chosen = None if row else rules
    with _Progress(show=largest > PROGRESS_ABOVE and not as_json) as bar:
        parts = [
            position_value(s, budget=budget, progress=bar.update, rules=chosen) for s in summands
        ]
        total = parts[0] if len(parts) == 1 else sum_value(summands, budget=budget, rules=chosen)
    with deep_recursion():
        weight = atomic_weight(total)
        kind = outcome(total)
    if as_json:
        result = value_dict(summands, total, kind, weight, limit)
        if not row:
            result["positions"] = [rules.position_to_json(s) for s in summands]
            result["variant"] = rules.name
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        shown = [str(s) if row else rules.format_position(s) for s in summands]
        title = (
            "partizan End-Nim, Albert–Nowakowski (2001) §3"
            if row
            else f"{rules.title}, {rules.source}"
        )
        _print(shown, parts, total, kind, weight, limit, title)


def parse_sum(text: str, rules: Any = None) -> list[Any]:
    """The summands of ``3 1 2 + 2 2`` (each a position in any notation ``analyze`` reads).

    >>> parse_sum("3 1 2 + 2^2")
    [Position(3, 1, 2), Position(2, 2)]
    """
    from endnim.position import as_position

    if not text.strip():
        raise EndNimError("no position given: e.g. 'endnim value 3 1 2' or 'endnim value 2 1 + 3'")
    summands = []
    for number, part in enumerate(text.split("+"), start=1):
        if not part.strip():
            raise EndNimError(f"summand {number} of {text.strip()!r} is empty")
        summands.append(as_position(part) if rules is None else rules.parse_position(part))
    return summands


def value_dict(
    summands: list[Any], total: Game, kind: str, weight: Game, limit: int | None
) -> dict[str, Any]:
    """The JSON object of ``endnim value --json``."""
    from endnim.cgt import printed_length, to_ascii, to_unicode

    length = printed_length(total)
    fits = limit is None or length <= limit
    return {
        "positions": [s.to_json() if hasattr(s, "to_json") else list(s) for s in summands],
        "value": to_unicode(total) if fits else None,
        "value_ascii": to_ascii(total) if fits else None,
        "outcome": kind,
        "atomic_weight": str(weight),
        "atomic_weight_ascii": to_ascii(weight),
        "birthday": total.birthday,
        "value_length": length,
        "notes": [] if fits else [f"value omitted: {length:,} characters (--max-length 0)"],
    }


def _shown(g: Game, limit: int | None) -> tuple[str, str]:
    from endnim.cgt import printed_length, to_ascii, to_unicode

    length = printed_length(g)
    if limit is not None and length > limit:
        text = (
            f"[yellow]a canonical form of {length:,} characters (birthday {g.birthday}); "
            "raise --max-length to print it[/]"
        )
        return text, text
    return to_unicode(g), to_ascii(g)


def _print(
    summands: list[str],
    parts: list[Game],
    total: Game,
    kind: str,
    weight: Game,
    limit: int | None,
    rules_text: str,
) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from endnim.analyzer import OUTCOME_WORDS
    from endnim.cgt import to_ascii
    from endnim.render import print_trimmed

    console = Console(highlight=False)
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    table.add_row("position", escape(" + ".join(summands)))
    if len(summands) > 1:
        for summand, part in zip(summands, parts, strict=True):
            shown, _ = _shown(part, limit)
            table.add_row("", f"{escape(summand)} = {_markup(shown)}")
    unicode, ascii = _shown(total, limit)
    table.add_row("value", _markup(unicode))
    if ascii != unicode:
        table.add_row("CGSuite", _markup(ascii))
    table.add_row("outcome", f"[bold]{kind}[/]  {OUTCOME_WORDS[kind]}")
    weight_text, weight_ascii = str(weight), to_ascii(weight)
    table.add_row(
        "atomic weight",
        escape(weight_text)
        + (f"   [dim](CGSuite: {escape(weight_ascii)})[/]" if weight_ascii != weight_text else ""),
    )
    table.add_row("birthday", str(total.birthday))
    table.add_row("rules", f"[dim]{escape(rules_text)}[/]")
    print_trimmed(console, table)


def _markup(text: str) -> str:
    from rich.markup import escape

    return text if text.startswith("[yellow]") else escape(text)


class _Progress:
    """A transient progress bar on standard error for long evaluations."""

    def __init__(self, show: bool) -> None:
        self.show = show
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> _Progress:
        if self.show:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

            self._bar = Progress(
                TextColumn("[bold]canonical forms[/]"),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.completed:,.0f} positions (estimate {task.total:,.0f})"),
                console=Console(stderr=True),
                transient=True,
            )
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, total: int) -> None:
        if self._bar is None:
            return
        if self._task is None:
            self._task = self._bar.add_task("values", total=total)
        self._bar.update(self._task, completed=done, total=total)
