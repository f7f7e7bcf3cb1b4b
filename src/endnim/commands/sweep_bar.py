"""The progress bar of ``endnim sweep`` (row, tree and warehouse sweeps): chunks or positions
done, rate and time left, on standard error, only on a terminal.

>>> short_count(469070940), short_count(950), short_count(12345)
('469M', '950', '12.3k')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.progress import Task
    from rich.text import Text


class SweepBar:
    """Positions done, rate and time left, on standard error (only on a terminal)."""

    def __init__(self, unit: str = "positions") -> None:
        from rich.console import Console

        self.unit = unit
        self.console = Console(stderr=True)
        self.progress: Any = None
        self.task: Any = None

    def __enter__(self) -> SweepBar:
        if self.console.is_terminal:
            from rich.progress import (
                BarColumn,
                Progress,
                ProgressColumn,
                TaskProgressColumn,
                TextColumn,
                TimeRemainingColumn,
            )
            from rich.text import Text

            unit = self.unit

            class CountColumn(ProgressColumn):
                """Positions done of all, and per second (over the last half minute)."""

                def render(self, task: Task) -> Text:
                    done = f"{short_count(task.completed)}/{short_count(task.total or 0)} {unit}"
                    rate = "" if task.speed is None else f" {short_count(task.speed)}/s"
                    return Text(done + rate, style="cyan")

            self.progress = Progress(
                TextColumn("[bold]sweep[/]"),
                BarColumn(),
                TaskProgressColumn(),
                CountColumn(),
                TimeRemainingColumn(),
                console=self.console,
                transient=True,
            )
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def update(self, done: int, total: int) -> None:
        if self.progress is None:
            return
        if self.task is None:
            self.task = self.progress.add_task("sweep", total=total, completed=done)
        self.progress.update(self.task, completed=done, total=total)


def short_count(count: float) -> str:
    """A count in three significant figures: 950, 12.3k, 4.69G."""
    for unit in ("", "k", "M", "G", "T"):
        if abs(count) < 999.5:
            return f"{count:.3g}{unit}"
        count /= 1000
    return f"{count:.3g}P"


__all__ = ["SweepBar", "short_count"]
