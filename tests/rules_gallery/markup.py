"""Rule sets whose texts are hostile rich markup (tests/commands/test_markup_texts.py).

A user's rule set's texts are data: its name, title, summary, source and the end of a game
in its words are printed as written on every command, never read as rich markup (``[/]``
raised ``MarkupError``, a traceback; ``[link=...]`` and ``[bold red]`` changed the output;
``[positions keep growing]`` vanished: issue 43's "t has no closed-form theory").
"""

from __future__ import annotations

from endnim.graphs.tree import Tree
from endnim.variants import EndNim, PartizanEndNim

MARKUP = "[/] [bold red]X[/] [link=http://x]y[/link] [positions keep growing] t"
"""Every way rich markup could read a text: a closing tag with nothing open, a style, a link,
and words in brackets."""


class MarkupTitle(EndNim):
    """End-Nim taking at most two coins: an impartial row game (the compiled engine, with
    restricted takes) whose texts are all :data:`MARKUP`, its positions and moves written
    with a closing tag in front (``[/]3 1 2``, ``[/]L2``; read back with or without it)."""

    name = "markup-[bold red]x[/]"
    aliases = ()
    title = MARKUP
    summary = MARKUP
    source = MARKUP

    def allows_take(self, pile, size):
        return pile - size <= 2

    def ending_text(self, position, mover="the player to move"):
        return f"{MARKUP}: {mover} cannot move"

    def format_position(self, position):
        return "[/]" + super().format_position(position)

    def parse_position(self, text):
        return super().parse_position(text.replace("[/]", ""))

    def format_move(self, move):
        return "[/]" + super().format_move(move)

    def parse_move(self, text):
        return super().parse_move(text.replace("[/]", ""))


class MarkupPartizan(PartizanEndNim):
    """Partizan End-Nim under a hostile name and title (value, phase)."""

    name = "markup-partizan-[bold red]x[/]"
    aliases = ()
    title = MARKUP
    summary = MARKUP
    source = MARKUP


class MarkupTree(Tree):
    """End-Nim on trees under a hostile name and title (graph-table)."""

    name = "markup-tree-[bold red]x[/]"
    aliases = ()
    title = MARKUP
    summary = MARKUP
    source = MARKUP
