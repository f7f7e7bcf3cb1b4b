"""Human-readable terminal output (rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from endnim.analyzer import OUTCOME_WORDS
from endnim.variants import get_variant

if TYPE_CHECKING:
    from endnim.analyzer import Analysis


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def print_analysis(result: Analysis, console: Console | None = None) -> None:
    """Print an :class:`Analysis` as a small table."""
    console = console or Console(highlight=False)
    title = get_variant(result.variant).title
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    position = str(result.position)
    exponent = result.position.exponent_form()
    shown = _short(position) + (f"   ({_short(exponent)})" if exponent != position else "")
    table.add_row("position", shown)
    table.add_row("variant", title)
    table.add_row("outcome", f"[bold]{result.outcome}[/]  {OUTCOME_WORDS[result.outcome]}")
    if get_variant(result.variant).impartial:
        source = result.sources.get("grundy")
        grundy = "unknown" if result.grundy is None else f"{result.grundy}"
        table.add_row("grundy", grundy + (f"  [dim]({source})[/]" if source else ""))
    if result.thresholds:
        table.add_row(
            "thresholds",
            ", ".join(f"{k} = {v}" for k, v in result.thresholds.items()),
        )
    ranges = result.winning_move_ranges
    if ranges:
        moves = ", ".join(str(r) for r in ranges[:20]) + (" ..." if len(ranges) > 20 else "")
    else:
        moves = "none (every move loses)" if result.outcome in "PLR" else "none"
        if result.outcome == "P":
            moves = "none: every move leads to an N-position"
    table.add_row("winning moves", moves)
    if result.remoteness is not None:
        if isinstance(result.remoteness, dict):
            text = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in result.remoteness.items())
        else:
            text = str(result.remoteness)
        table.add_row("remoteness", text)
    for i, reason in enumerate(result.reasons):
        table.add_row("reason" if i == 0 else "", f"{reason.theorem}: {reason.statement}")
    table.add_row("method", result.method)
    for note in result.notes:
        table.add_row("note", f"[yellow]{note}[/]")
    console.print(table)
