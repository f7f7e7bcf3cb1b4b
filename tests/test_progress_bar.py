"""The one progress bar of the commands (endnim.render.ProgressBar): drawn on a terminal for
work worth one, never otherwise, with the library's details beside it."""

from __future__ import annotations

import pytest

from endnim.render import ProgressBar, progress_bar


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich treats standard error as a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)


def test_drawn_for_work_worth_a_bar(terminal: None) -> None:
    seen: list[tuple[object, ...]] = []
    with ProgressBar("quotient", "components", describe=lambda *d: str(seen.append(d))) as bar:
        bar.update(1, 4, 8, 100)
        assert bar.shown
    assert seen == [(8, 100)]


def test_not_drawn_below_its_threshold_or_when_told_not_to(terminal: None) -> None:
    with progress_bar() as engine:
        engine.update(10, 1000)  # a thousand cells: no bar
    assert not engine.shown
    with ProgressBar("verify", show=False) as quiet:
        quiet.update(1, 10**9)
    assert not quiet.shown


def test_never_drawn_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    with ProgressBar("tables") as bar:
        bar.update(1, 10)
    assert not bar.shown


def test_its_details_are_text_never_markup(
    terminal: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The details beside the bar are data (a statement's text, a quotient's order): a ``[/]``
    in them raised rich's MarkupError mid-command, a ``[bold red]`` restyled them."""
    with ProgressBar("quotient", describe=lambda *d: "[/] [bold red]x") as bar:
        bar.update(1, 4)
        assert bar.shown
    assert "[/] [bold red]x" in capsys.readouterr().err  # drawn as it stops
