"""``endnim play``: a game against the computer in the terminal.

Moves are read one per line from standard input, so a game can be scripted
(``printf 'L2\\nR0\\n' | endnim play 3 1 4``); the game ends cleanly at the end of input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from endnim.commands.common import convention_option, variant_name, variant_option
from endnim.errors import EndNimError
from endnim.render import plain

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from endnim.moves import End
    from endnim.play.session import GameSession

DEFAULT_POSITION = "3 1 4 1 5"
"""An N-position in every variant: whoever moves first can win."""
SHOWN_PILES = 24
"""Longer rows are drawn as their first and last piles around an ellipsis."""
BAR_LINES = 5

COMMANDS_HELP = (
    "Or: [bold]hint[/], [bold]moves[/] (every move, valued), [bold]undo[/], [bold]redo[/], "
    "[bold]history[/], [bold]help[/], [bold]quit[/]."
)
SUM_NOTE = "A finished summand disappears and the ones below it move up."
_END_WORDS = {"L": "first", "R": "last"}


def _help(game: GameSession) -> str:
    """What to type: example moves that are legal now for the person's side (derived from the
    rule set: no Muller 'L2r' in End-Nim, no 'L3' for Right), then the commands.

    >>> from endnim.play import GameSession
    >>> print(_help(GameSession("partizan", "3 1 4", human_side="R"))[:60])
    Type a move: [bold]R3[/] (the last pile becomes 3), [bold]R0
    """
    examples = example_moves(game)
    if examples:
        moves = ", ".join(f"[bold]{plain(text)}[/] ({what})" for text, what in examples)
        head = f"Type a move{' in one summand, [bold]K:MOVE[/]' if _is_sum(game) else ''}: {moves}."
    else:
        head = f"Type a move in the notation of {plain(game.variant.title)} ('moves' lists them)."
    if _is_sum(game):
        head += " " + SUM_NOTE
    return f"{head} {COMMANDS_HELP}"


def example_moves(game: GameSession, most: int = 3) -> list[tuple[str, str]]:
    """Up to ``most`` moves the person could make in the position now, each with what it does,
    every one checked legal by the rule set (for the person's side in a partizan game).

    >>> from endnim.play import GameSession
    >>> for text, what in example_moves(GameSession("muller", "3 1 4")):
    ...     print(text, what)
    L2 the first pile becomes 2
    L0 the first pile is removed
    L2r the first pile becomes 2, then the row is reversed
    """
    side = game.human_side
    if _is_sum(game):
        rules: Any = getattr(game.variant, "moves", game.variant)
        found: list[tuple[str, str]] = []
        for number, part in enumerate(game.position, start=1):
            for text, what in _examples(rules, part, side, most):
                found.append((f"{number}:{text}", f"summand {number}: {what}"))
            if len(found) >= 2:
                break
        return found[:most]
    return _examples(game.variant, game.position, side, most)


def _examples(rules: Any, position: Any, side: End | None, most: int) -> list[tuple[str, str]]:
    if _is_graph(position):
        candidates = _graph_candidates(rules, position, side)
    elif isinstance(position, tuple) and hasattr(rules, "ends") and position:
        candidates = _row_candidates(rules, position, side)
    else:
        return []
    found: list[tuple[str, str]] = []
    kinds: set[str] = set()
    for kind, text, what in candidates:
        if kind in kinds or any(text == seen for seen, _ in found):
            continue
        try:
            rules.play(position, text, side)
        except EndNimError:
            continue
        kinds.add(kind)
        found.append((text, what))
        if len(found) >= most:
            break
    return found


def _row_candidates(
    rules: Any, piles: tuple[int, ...], side: End | None
) -> list[tuple[str, str, str]]:
    """(kind, move, what it does): a pile made smaller, a pile removed, a reversal."""
    found = []
    ends = rules.ends(piles, side)
    for end in ends:
        pile = piles[0] if end == "L" else piles[-1]
        where = f"the {_END_WORDS[end]} pile"
        for size in range(min(pile - 1, 3), 0, -1):
            found.append(("smaller", f"{end}{size}", f"{where} becomes {size}"))
    for end in reversed(ends):
        found.append(("removed", f"{end}0", f"the {_END_WORDS[end]} pile is removed"))
    if getattr(rules, "reversible", False):
        for end in ends:
            pile = piles[0] if end == "L" else piles[-1]
            for size in range(min(pile - 1, 3), -1, -1):
                what = f"the {_END_WORDS[end]} pile becomes {size}, then the row is reversed"
                if not size:
                    what = f"the {_END_WORDS[end]} pile is removed, then the row is reversed"
                found.append(("reversed", f"{end}{size}r", what))
    return found


def _graph_candidates(rules: Any, graph: Any, side: End | None) -> list[tuple[str, str, str]]:
    """(kind, move, what it does): a vertex's label made smaller, a label made 0."""
    found = []
    movable = rules.movable(graph, side) if hasattr(rules, "movable") else []
    for vertex in movable[:4]:
        label = graph.labels[vertex]
        if label > 1:
            found.append(
                ("smaller", f"{vertex}={label - 1}", f"vertex {vertex}'s label becomes {label - 1}")
            )
    for vertex in movable[:4]:
        found.append(("zero", f"{vertex}=0", f"vertex {vertex}'s label becomes 0"))
    return found


def _is_sum(game: GameSession) -> bool:
    from endnim.play.sum_game import SumGame

    return isinstance(game.variant, SumGame)


def _position_text(game: GameSession, position: Any) -> str:
    from endnim.variants import Variant

    if isinstance(game.variant, Variant):
        return str(position)
    return str(game.variant.format_position(position))


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("position", nargs=-1)
@variant_option()
@convention_option("Misère Grundy convention (the game is the same; hints quote its theorems).")
@click.option(
    "--skill",
    type=click.IntRange(0, 100),
    default=100,
    show_default=True,
    help="The computer's skill: 100 plays perfectly, 0 at random, 70 its best move 70% of "
    "the time.",
)
@click.option("--computer-first", is_flag=True, help="The computer makes the first move.")
@click.option(
    "--side",
    type=click.Choice(("L", "R", "left", "right"), case_sensitive=False),
    default=None,
    help="Partizan End-Nim: the side you play, L (Left, the first pile; default) or R.",
)
@click.option("--seed", type=int, default=None, help="Make the computer's random choices repeat.")
@click.option(
    "--history",
    "show_history",
    is_flag=True,
    help="At the end, show every option each mover had at every turn, green if it wins and red "
    "if it loses, with its value and remoteness (GamesmanUni's value history; also the "
    "'history' command).",
)
@click.option(
    "--record",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    metavar="FILE.json",
    help="Write the game's record as JSON when it ends (or you quit): every move, its "
    "judgement and every option of every turn, valued.",
)
def play(
    position: tuple[str, ...],
    variant: str,
    convention: str,
    skill: int,
    computer_first: bool,
    side: str | None,
    seed: int | None,
    show_history: bool,
    record: str | None,
) -> None:
    """Play against the computer. POSITION defaults to 3 1 4 1 5.

    Moves are read from standard input, one per line; the game ends at the end of input.
    """
    import os
    import random
    import sys

    from endnim.play import ComputerPlayer, GameSession
    from endnim.render import output_console
    from endnim.variants import get_variant

    for token in position:
        if token.startswith("-") and not token.lstrip("-").replace(",", "").strip().isdigit():
            raise EndNimError(f"no such option: {token} (see 'endnim play --help')")
    if record is not None and not os.path.isdir(os.path.dirname(os.path.abspath(record))):
        raise EndNimError(f"cannot write the record to {record}: its folder does not exist")
    name = variant_name(variant.lower(), convention)
    rules = get_variant(name)
    chosen_side: End | None = None
    if side is not None:
        if rules.impartial:
            raise EndNimError(
                f"--side applies to --variant partizan only ({rules.title} is impartial)"
            )
        chosen_side = "L" if side.lower() in ("l", "left") else "R"
    game = GameSession(
        rules,
        " ".join(position) or DEFAULT_POSITION,
        human_first=not computer_first,
        human_side=chosen_side if chosen_side or rules.impartial else "L",
        computer=ComputerPlayer(skill, random.Random(seed)),
    )
    console = output_console()
    stdin = sys.stdin
    echo_input = not stdin.isatty()

    def read_line(prompt: str) -> str | None:
        from endnim.play.lines import read_bounded_line

        console.print(prompt, end="")
        line, problem = read_bounded_line(stdin)
        if line is None:
            console.print()
            return None
        if problem is not None:  # too long to parse: one line says so, and the game goes on
            console.print()
            console.print(f"[red]{plain(problem)}[/]  (type 'help')", highlight=False)
            return ""
        if echo_input:
            console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    try:
        run_game(game, read_line, console, show_history=show_history)
    finally:
        if record is not None:
            write_record(game, record)
            console.print(f"wrote the game's record to {plain(record)}")


def write_record(game: GameSession, path: str) -> None:
    """The game's record as JSON (every ply, its judgement and its turn's options, valued)."""
    import json
    from pathlib import Path

    try:
        Path(path).write_text(json.dumps(game.to_dict(), indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise EndNimError(f"cannot write the record to {path}: {error.strerror}") from None


def run_game(
    game: GameSession,
    read_line: Callable[[str], str | None],
    console: Console,
    *,
    show_history: bool = False,
) -> None:
    """Play ``game`` with the person's lines from ``read_line`` (``None`` = end of input);
    ``show_history``: the whole value history (:func:`history_display`) when the game ends.

    >>> import io
    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> console = Console(file=io.StringIO(), width=60)
    >>> lines = iter(["R3"])
    >>> run_game(GameSession("endnim", "3 1 4"), lambda prompt: next(lines, None), console)
    >>> "computer plays" in console.file.getvalue()
    True
    """
    from endnim.play.session import TurnError
    from endnim.render import print_trimmed

    _introduce(game, console)
    shown_at = -1
    while True:
        if shown_at != len(game.history):
            shown_at = len(game.history)
            console.print()
            print_trimmed(console, position_display(game))
        if game.over:
            _announce(game, console)
            console.print(value_chart(game))
            if show_history:
                console.print(history_display(game))
            return
        if game.to_move == "computer":
            ply = game.computer_move()
            side = f" ({_side_name(ply.side)})" if ply.side else ""
            # the move and the position are the rule set's texts: a user's, never rich markup
            console.print(
                f"[magenta]computer[/]{side} plays "
                f"[bold]{plain(game.variant.format_move(ply.move))}[/]"
                + (
                    ""
                    if _is_graph(ply.after)
                    else f" → {plain(_short(_position_text(game, ply.after)) or '(nothing left)')}"
                )
            )
            continue
        line = read_line("your move> ")
        if line is None:
            console.print("bye (end of input)")
            if show_history:
                console.print(history_display(game))
            return
        command = line.strip()
        word = command.lower()
        if not command:
            continue
        if word in ("q", "quit", "exit"):
            console.print("bye")
            if show_history:
                console.print(history_display(game))
            return
        if word in ("help", "?"):
            console.print(_help(game))
            continue
        try:
            if word in ("h", "hint"):
                hint = game.hint()
                colour = "green" if hint.wins else "red"
                console.print(f"[{colour}]hint:[/] {plain(hint.explanation)}", highlight=False)
            elif word in ("u", "undo"):
                removed = game.undo()
                console.print(f"took back {removed} move{'s' if removed != 1 else ''}")
            elif word in ("r", "redo"):
                ply = game.redo()
                console.print(f"played {plain(ply.move_text)} again")
                _say_judgement(ply, console)
            elif word in ("m", "moves"):
                print_trimmed(console, moves_display(game))
            elif word in ("c", "chart"):
                console.print(value_chart(game))
            elif word == "history":
                console.print(history_display(game))
            else:
                ply = game.play(command)
                _say_judgement(ply, console)
        except TurnError as error:
            console.print(f"[yellow]{plain(error)}[/]")
        except EndNimError as error:
            console.print(f"[red]{plain(error)}[/]  (type 'help')")


def _is_graph(position: object) -> bool:
    return hasattr(position, "labels") and hasattr(position, "edges")


def position_display(game: GameSession) -> RenderableType:
    """The row as bars (:func:`row_display`), a sum as its summands one under another
    (:func:`sum_display`), or a graph as a table of its vertices."""
    if _is_sum(game):
        return sum_display(game)
    if _is_graph(game.position):
        return graph_display(game)
    if isinstance(game.position, tuple):
        return row_display(game)
    from rich.text import Text

    return Text(_short(game.variant.format_position(game.position), 200))


def graph_display(game: GameSession) -> RenderableType:
    """A graph position as a table: each vertex's label, its neighbours (with edge colours in a
    partizan warehouse) and whether the player to move may reduce it now.

    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> console = Console(width=80)
    >>> game = GameSession("tree", "2(1 1)")
    >>> console.print(graph_display(game))  # doctest: +NORMALIZE_WHITESPACE
    vertex   label   neighbours   you may reduce it
    0        2       1, 2
    1        1       0            yes
    2        1       0            yes
    """
    from rich.table import Table

    position: Any = game.position
    rules: Any = game.variant
    side = game.side_to_move
    movable = set(rules.movable(position, side)) if hasattr(rules, "movable") else set()
    colour = position.edge_colour() if position.colours is not None else None
    homes = set(position.homes or ())
    deleted_word = "deleted" if rules.family == "tree" else "empty"
    table = Table(box=None, padding=(0, 3), show_header=True, header_style="bold")
    for column in ("vertex", "label", "neighbours", "you may reduce it"):
        table.add_column(column)
    adjacency = position.adjacency()
    for vertex, label in enumerate(position.labels):
        if rules.family == "tree" and not label:
            continue
        around = []
        for other in adjacency[vertex]:
            if rules.family == "tree" and not position.labels[other]:
                continue
            key = (min(vertex, other), max(vertex, other))
            around.append(f"{other}" + (f" ({colour[key]})" if colour is not None else ""))
        shown = str(label) if label else f"[dim]0 {deleted_word}[/]"
        if vertex in homes:
            shown = "[dim]0 home[/]"
        table.add_row(
            str(vertex),
            shown,
            plain(", ".join(around)),
            "[green]yes[/]" if vertex in movable and game.to_move == "human" else "",
        )
    return table


def row_display(game: GameSession) -> RenderableType:
    """The row as bars over the pile sizes, the ends that may be played marked L and R; the bars
    keep one scale through the game (the start's largest pile).

    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> console = Console(width=40)
    >>> console.print(row_display(GameSession("endnim", "1 2")))  # doctest: +NORMALIZE_WHITESPACE
       ██
    ██ ██
    1  2
    L  R
    """
    return _bars(list(game.position), list(game.start))


def sum_display(game: GameSession) -> RenderableType:
    """A sum: each live summand under its number (rows as bars on one scale, the start's
    largest pile; other positions as text), the number being the K of a move ``K:MOVE``.

    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> Console(width=40).print(sum_display(GameSession("endnim", "1 2 + 1")))
    ... # doctest: +NORMALIZE_WHITESPACE
    summand 1
       ██
    ██ ██
    1  2
    L  R
    summand 2
    ██
    1
    L R
    """
    from rich.console import Group
    from rich.text import Text

    from endnim.variants import Variant

    if not game.position:
        return Text("  (no summand is left)", style="dim")
    rows = all(isinstance(part, tuple) for part in game.start) and isinstance(
        getattr(game.variant, "moves", None), Variant
    )
    start_piles = [pile for part in game.start for pile in part] if rows else []
    shown: list[RenderableType] = []
    for number, part in enumerate(game.position, start=1):
        shown.append(Text(f"summand {number}", style="bold magenta"))
        if rows:
            shown.append(_bars(list(part), start_piles))
        else:
            moves: Any = getattr(game.variant, "moves", game.variant)
            shown.append(Text("  " + _short(str(moves.format_position(part)), 200)))
    return Group(*shown)


def _bars(piles: list[int], start: list[int]) -> RenderableType:
    """A row as bars, on the scale of the ``start``'s largest pile."""
    from rich.table import Table
    from rich.text import Text

    if not piles:
        return Text("  (the row is empty)", style="dim")
    shown: list[int | None] = list(piles)
    if len(piles) > SHOWN_PILES:
        half = SHOWN_PILES // 2
        shown = [*piles[:half], None, *piles[-half:]]
    # one scale for the whole game (the start's largest pile, and at least a line per coin up
    # to BAR_LINES coins), so that bars shrink as the game goes on: 1 1 is never drawn as 5 5
    largest = int(max(max(start, default=1), max(piles), BAR_LINES))
    digits = len(str(largest))
    grid = Table.grid(padding=(0, 1))
    for _ in shown:
        grid.add_column(justify="center")

    def bar_height(pile: int) -> int:
        if largest <= 40:
            return max(1, round(BAR_LINES * pile / largest))
        return max(1, round(BAR_LINES * len(str(pile)) / digits))

    heights = [0 if pile is None else bar_height(pile) for pile in shown]
    start_largest = int(max(start, default=1))
    frame = max(bar_height(start_largest), *heights)  # the same frame all game long
    last = len(shown) - 1
    for level in range(frame, 0, -1):
        cells = []
        for index, height in enumerate(heights):
            style = "bold blue" if index in (0, last) else "blue"
            cells.append(Text("██" if height >= level else "  ", style=style))
        grid.add_row(*cells)
    grid.add_row(*(Text("…" if p is None else _label(p), style="bold") for p in shown))
    ends = ["" for _ in shown]
    ends[0] = "L"
    ends[last] = "R" if last else "L R"
    grid.add_row(*(Text(end, style="cyan") for end in ends))
    return grid


def moves_display(game: GameSession) -> RenderableType:
    """Every move the person may make, green if it wins and red if it loses, with its value.

    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> console = Console(width=60)
    >>> console.print(moves_display(GameSession("endnim", "2 1")))  # doctest: +NORMALIZE_WHITESPACE
    move   result   leads to   value   remoteness
    L0     loses    1          G = 1   1
    L1     wins     1 1        P       2
    R0     loses    2          G = 2   1
    """
    from rich.table import Table

    from endnim.play import evaluate_moves

    listing = evaluate_moves(game.position, game.variant, game.side_to_move)
    if listing.moves is None:
        named = listing.winning_moves if listing.winning_moves is not None else listing.winning
        winning = ", ".join(str(r) for r in named) or "none"
        return f"{listing.total:,} moves, too many to list; winning: {plain(winning)}"
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
    for column in ("move", "result", "leads to", "value", "remoteness"):
        table.add_column(column)
    for move in listing.moves:
        colour = "green" if move.wins else "red"
        value = move.outcome or ""
        if move.grundy is not None:
            value = "P" if move.grundy == 0 else f"G = {move.grundy}"
        table.add_row(
            f"[{colour}]{plain(move.text)}[/]",
            f"[{colour}]{'wins' if move.wins else 'loses'}[/]",
            plain(
                "labels " + " ".join(map(str, move.after.labels))
                if _is_graph(move.after)
                else _short(move.after_text) or "(empty)"
            ),
            plain(value),
            "" if move.remoteness is None else str(move.remoteness),
        )
    return table


def _say_judgement(ply: Any, console: Console) -> None:
    """What the person's move did: kept the win (green), threw it away (red), or no move wins."""
    judgement = ply.judgement
    if judgement is None:
        return
    colour = "green" if judgement.kept and judgement.was_winning else "red"
    if not judgement.was_winning:
        colour = "yellow"
    console.print(f"[{colour}]{plain(judgement.text(ply.move_text))}[/]", highlight=False)


CHART_WIDTH = 60
"""The terminal value chart shows at most this many positions (the latest)."""


def value_chart(game: GameSession) -> RenderableType:
    """The game's value history, compact (GamesmanUni's chart on its side): a column per
    position, the start first; ``▲`` above the line while you are winning, ``▼`` below while the
    computer is, drawn as far from the line as the game has moves left (remoteness, capped at
    4 lines); the mover row says who moved (``y`` you, ``c`` the computer, a legend beside it so
    that it never reads as a word), ``!`` a blunder.

    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> game = GameSession("endnim", "3 1 4")
    >>> _ = game.play("R0")
    >>> Console(width=80).print(value_chart(game))  # doctest: +NORMALIZE_WHITESPACE
    value history (▲ you win, ▼ the computer wins; taller: more moves left)
          ▲
          ▲
          ▲
          ▲
    ────────
           ▼
           ▼
           ▼
    mover  y  (y you, c the computer)
           !  (! a blunder)
    """
    from rich.text import Text

    rows = game.value_history()[-CHART_WIDTH:]

    def tall(remoteness: int | None) -> int:
        return min(4, max(1, remoteness or 1))

    up = max((tall(r) for _, wins, r, _ in rows if wins is True), default=0)
    down = max((tall(r) for _, wins, r, _ in rows if wins is False), default=0)
    lines = []
    for level in range(up, 0, -1):
        cells = ("▲" if wins is True and tall(r) >= level else " " for _, wins, r, _ in rows)
        lines.append("      " + "".join(cells))
    lines.append("─" * (6 + len(rows)))
    for level in range(1, down + 1):
        cells = ("▼" if wins is False and tall(r) >= level else " " for _, wins, r, _ in rows)
        lines.append("      " + "".join(cells))
    lines.append(
        "mover "
        + "".join(" " if m is None else ("y" if m == "human" else "c") for m, _, _, _ in rows)
        + "  (y you, c the computer)"
    )
    if any(blunder for _, _, _, blunder in rows):
        marks = "".join("!" if blunder else " " for _, _, _, blunder in rows)
        lines.append("      " + marks + "  (! a blunder)")
    title = "value history (▲ you win, ▼ the computer wins; taller: more moves left)"
    return Text("\n".join([title, *(line.rstrip() for line in lines)]))


def history_display(game: GameSession) -> RenderableType:
    """The whole value history (GamesmanUni's): a line per turn, with every option the mover
    had, green if it wins and red if it loses, its value (P, G n, or an outcome class) and
    remoteness; the move played is in brackets.

    >>> from rich.console import Console
    >>> from endnim.play import GameSession
    >>> game = GameSession("endnim", "2 1")
    >>> _ = game.play("L0")
    >>> Console(width=100).print(history_display(game))  # doctest: +NORMALIZE_WHITESPACE
    every option at every turn (green wins, red loses; value, remoteness r)
     1  you  2 1  [L0 G1 r1]  L1 P r2  R0 G2 r1
    """
    from rich.text import Text

    text = Text("every option at every turn (green wins, red loses; value, remoteness r)")
    for number, ply in enumerate(game.history, start=1):
        who = "you" if ply.mover == "human" else "computer"
        if ply.side:
            who += f" ({_side_name(ply.side)})"
        text.append(f"\n{number:>2}  {who}  {_short(_position_text(game, ply.before), 40)} ")
        options = ply.options
        if options is None:
            text.append(" (not valued)")
            continue
        if options.listed is None:
            winning = ", ".join(options.winning) or "none"
            text.append(f" {options.total:,} options; winning: {winning}", style="dim")
            continue
        moves = [option.move for option in options.listed]
        afters = [option.after for option in options.listed]
        after = _position_text(game, ply.after)  # a symmetric move may be listed once
        played = moves.index(ply.move_text) if ply.move_text in moves else afters.index(after)
        for index, option in enumerate(options.listed):
            remoteness = "" if option.remoteness is None else f" r{option.remoteness}"
            label = f"{option.move} {option.value.replace(' ', '')}{remoteness}"
            style = "green" if option.wins else "red"
            if index == played:
                text.append(" ")
                text.append(f"[{label}]", style=f"bold {style}")
            else:
                text.append(f" {label}", style=style)
    return text


def _introduce(game: GameSession, console: Console) -> None:
    skill = game.computer.skill
    level = "perfect" if skill == 100 else "random" if skill == 0 else f"skill {skill}%"
    # the title is the rule set's text, not rich markup (a user's "[...]" stays as written)
    console.print(f"[bold]{plain(game.variant.title)}[/] against the computer ({level})")
    if game.human_side is not None:
        where = (
            "your edges are " + game.human_side + " and G"
            if _is_graph(game.position)
            else f"the {'first' if game.human_side == 'L' else 'last'} pile"
        )
        if _is_sum(game):
            where = f"in any summand, {where}"
        console.print(f"You play {_side_name(game.human_side)} ({where}).")
    console.print("You move first." if game.human_first else "The computer moves first.")
    console.print(_help(game))


def _announce(game: GameSession, console: Console) -> None:
    """The end of the game, said as the rule set says it (:meth:`RuleSet.ending_text`)."""
    moves = len(game.history)
    why = f"{game.ending()}; {moves} move{'' if moves == 1 else 's'}"
    if game.winner == "human":
        console.print(f"[bold green]You win![/] ({plain(why)})")
    else:
        console.print(f"[bold red]The computer wins.[/] ({plain(why)})")


def _side_name(side: str | None) -> str:
    return "Left" if side == "L" else "Right"


def _label(pile: int) -> str:
    text = str(pile)
    return text if len(text) <= 6 else f"{text[0]}e{len(text) - 1}"


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
