"""Human-readable terminal output (rich)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from endnim.analyzer import OUTCOME_WORDS, remoteness_text, thresholds_text
from endnim.variants import get_variant

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.progress import Progress, TaskID
    from rich.segment import Segment
    from rich.table import Table

    from endnim.analyzer import Analysis

# rich is imported where it is used: `endnim analyze --json` (and a batch of JSON lines) never
# draws a table, and usually no progress bar, so it does not pay for importing rich.


def plain(text: object) -> str:
    r"""``text`` written into rich markup so that it prints as written: every text endnim did not
    write itself goes through it (a rule set's name, title, notes, reasons, move and position
    texts: a user's rule set is untrusted; a file name; an expression from the command line).
    rich reads ``[...]`` as a style: ``[/]`` raised ``MarkupError`` (a traceback), ``[link=...]``
    made a link and ``[bold red]`` restyled the line; ``[positions keep growing]`` vanished.

    >>> print(plain("[/] [bold red]x[/] [link=http://x]y[/link]"))
    \[/] \[bold red]x\[/] \[link=http://x]y\[/link]
    >>> from rich.text import Text
    >>> Text.from_markup(f"[bold]{plain('[/] a [b]')}[/]").plain
    '[/] a [b]'
    """
    from rich.markup import escape

    return escape(str(text))


class ProgressBar:
    """The one progress bar of every command's long work: transient, on standard error, on a
    terminal only, and only for work worth one (``total`` of at least ``show_above``, and
    ``show``). ``update(done, total, *details)`` is the library's progress callback;
    ``describe(*details)`` writes the details beside the bar (the statement being checked, a
    quotient's order so far, ...) as text, in ``detail_style``.

    >>> with ProgressBar("tables", show=False) as bar:
    ...     bar.update(3, 10)
    >>> bar.shown
    False
    """

    def __init__(
        self,
        label: str,
        unit: str = "",
        *,
        show_above: int = 0,
        show: bool = True,
        describe: Callable[..., str] | None = None,
        detail_style: str = "",
    ) -> None:
        self.label = label
        self.unit = unit
        self.show_above = show_above
        self.show = show
        self.describe = describe
        self.detail_style = detail_style
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._stopped = False

    @property
    def shown(self) -> bool:
        """Whether the bar has been drawn."""
        return self._progress is not None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopped = True
        if self._progress is not None:
            self._progress.stop()

    def update(self, done: int, total: int | None, *details: object) -> None:
        """``done`` of ``total`` (``None``: not known yet), with the details to describe."""
        if self._progress is None:
            if self._stopped or not self.show or total is None or total < self.show_above:
                return
            self._start(total)
        if self._progress is None or self._task is None:
            return
        description = self.describe(*details) if self.describe is not None else ""
        self._progress.update(self._task, completed=done, total=total, description=description)

    def _start(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )

        console = Console(stderr=True)
        if not console.is_terminal:
            self.show = False
            return
        count = (
            TextColumn("{task.completed:,.0f}/{task.total:,.0f} " + self.unit)
            if self.unit
            else MofNCompleteColumn()
        )
        self._progress = Progress(
            TextColumn(f"[bold]{self.label}[/]"),
            BarColumn(),
            TaskProgressColumn(),
            count,
            TimeRemainingColumn(),
            # the details are data (a statement's text, a rule set's): text, never rich markup
            TextColumn("{task.description}", markup=False, style=self.detail_style),
            console=console,
            transient=True,
        )
        self._progress.start()
        self._task = self._progress.add_task("", total=total)


ENGINE_BAR_ABOVE = 10**8
"""Engine cells worth a bar (about a second)."""


def progress_bar() -> ProgressBar:
    """The engine's bar over cells (``update(done, total)``, its progress callback), shown
    for work over about a second.

    >>> progress_bar().show_above
    100000000
    """
    return ProgressBar("engine", "cells", show_above=ENGINE_BAR_ABOVE)


UNWRAPPED_WIDTH = 1_000_000
"""The width of standard output when it is a file or a pipe: wide enough that no line wraps."""


def output_console() -> Console:
    """Standard output's console: as wide as the terminal on a terminal; to a file or a pipe
    never wrapped (rich would otherwise wrap at 80 columns, or at ``$COLUMNS``, mid-sentence
    and mid-formula), so that what is pasted from it reads as printed.

    >>> import io, contextlib
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     console = output_console()
    >>> console.width == UNWRAPPED_WIDTH and console.soft_wrap
    True
    """
    from rich.console import Console

    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=UNWRAPPED_WIDTH, soft_wrap=True)
    return console


def print_trimmed(console: Console, renderable: RenderableType) -> None:
    """Print ``renderable`` without the spaces rich pads each line with to the table's width,
    so that the output can be pasted (into a paper, a commit) as it reads.

    >>> import io
    >>> from rich.console import Console
    >>> from rich.table import Table
    >>> grid = Table.grid(padding=(0, 2))
    >>> grid.add_row("a", "a long cell"); grid.add_row("b", "c")
    >>> out = io.StringIO()
    >>> print_trimmed(Console(file=out, width=40), grid)
    >>> out.getvalue().splitlines()
    ['a  a long cell', 'b  c']
    """
    from rich.segment import Segment
    from rich.table import Table

    if isinstance(renderable, Table) and renderable.title is not None:
        _print_title(console, renderable)
        return
    for line in console.render_lines(renderable, pad=False, new_lines=False):
        segments = list(line)
        while segments and not segments[-1].control and not segments[-1].text.rstrip():
            segments.pop()
        if segments and not segments[-1].control:
            last = segments[-1]
            segments[-1] = Segment(last.text.rstrip(), last.style)
        console.print(_Line([*segments, Segment.line()]), end="")


def _print_title(console: Console, table: Table) -> None:
    """A table's title on a line of its own, centred over the table where it fits and never
    wrapped (rich wraps a title to the table's width: a narrow table broke its title in two),
    then the table trimmed."""
    from rich.text import Text

    title = table.title
    text = Text.from_markup(title) if isinstance(title, str) else Text(str(title))
    text.stylize(table.title_style or "table.title")
    table.title = None
    try:
        width = min(console.measure(table).maximum, console.width)
        text.pad_left(max(0, (width - text.cell_len) // 2))
        console.print(text, no_wrap=True, overflow="ignore", crop=False, soft_wrap=True)
        print_trimmed(console, table)
    finally:
        table.title = title


class _Line:
    """One line of segments, printed as they are."""

    def __init__(self, segments: list[Segment]) -> None:
        self.segments = segments

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.segments


PARTS_SHOWN = 20
"""Independent parts listed one by one (a forest of 50,000 trees is not printed whole)."""


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _no_grundy(result: Analysis) -> str:
    """Why the Grundy value is not given: the note that says so, else the method's reach."""
    for note in result.notes:
        if note.startswith("Grundy value not computed"):
            return "not computed (see the note)"
    if result.method == "theory":
        return "not computed: the theorem decides the outcome, not the value (--method auto)"
    return f"not computed by the {result.method} method"


def print_analysis(result: Analysis, console: Console | None = None) -> None:
    """Print an :class:`Analysis` as a small table."""
    from rich.table import Table

    console = console or output_console()
    title = get_variant(result.variant).title
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    if hasattr(result.position, "exponent_form"):
        position = str(result.position)
        exponent = result.position.exponent_form()
        shown = _short(position) + (f"   ({_short(exponent)})" if exponent != position else "")
    else:
        shown = _short(result.ruleset.format_position(result.position))
    table.add_row("position", plain(shown))
    table.add_row("variant", plain(title))  # a user's title is text, not rich markup
    table.add_row("outcome", f"[bold]{result.outcome}[/]  {OUTCOME_WORDS[result.outcome]}")
    if get_variant(result.variant).impartial:
        source = result.sources.get("grundy")
        grundy = f"{result.grundy}" if result.grundy is not None else _no_grundy(result)
        table.add_row("grundy", grundy + (f"  [dim]({source})[/]" if source else ""))
    if result.thresholds:
        table.add_row("thresholds", thresholds_text(result.thresholds))
    ranges = result.move_summary()
    if ranges:
        moves = ", ".join(ranges[:20]) + (" ..." if len(ranges) > 20 else "")
    else:
        moves = "none (every move loses)" if result.outcome in "PLR" else "none"
        if result.outcome == "P":
            moves = "none: every move leads to an N-position"
        if result.remoteness == 0:  # a terminal position: the rules decide, not a search
            moves = "none: the game is over"
    table.add_row("winning moves", moves)
    if result.remoteness is not None:
        table.add_row("remoteness", remoteness_text(result.remoteness))
    parts = result.components or ()
    for number, part in enumerate(parts[:PARTS_SHOWN], start=1):
        value = part.get("grundy", part.get("value"))
        vertices = part.get("vertices")
        where = (
            "vertices " + ", ".join("new" if v is None else str(v) for v in vertices)
            if vertices
            else f"part {number}"
        )
        table.add_row(
            "parts" if number == 1 else "",
            plain(
                _short(f"{where}: {part.get('outcome')}" + ("" if value is None else f", {value}"))
            ),
        )
    if len(parts) > PARTS_SHOWN:
        more = len(parts) - PARTS_SHOWN
        table.add_row("", f"... and {more:,} more parts (--json lists them all)")
    for i, reason in enumerate(result.reasons):
        table.add_row("reason" if i == 0 else "", plain(f"{reason.theorem}: {reason.statement}"))
    table.add_row("method", result.method)
    for note in result.notes:
        table.add_row("note", f"[yellow]{plain(note)}[/]")
    print_trimmed(console, table)
