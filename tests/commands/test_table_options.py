"""``graph-table`` shares ``table``'s options (one declaration, in endnim.commands.common)."""

from __future__ import annotations

import inspect

import click

from endnim.commands import graph_table as graph_table_module
from endnim.commands import table as table_module
from endnim.commands.graph_table import graph_table
from endnim.commands.table import table

SHARED = ("rows", "cols", "fmt", "png", "svg")


def options(command: click.Command) -> dict[str, click.Option]:
    return {p.name: p for p in command.params if isinstance(p, click.Option) and p.name}


def test_graph_table_shares_tables_options() -> None:
    mine, theirs = options(table), options(graph_table)
    for name in SHARED:
        a, b = mine[name], theirs[name]
        assert (a.opts, a.help, a.type.to_info_dict(), a.show_default) == (
            b.opts,
            b.help,
            b.type.to_info_dict(),
            b.show_default,
        ), name
        if name not in ("rows", "cols"):  # the ranges' defaults differ: 1..16 and 1..8
            assert a.default == b.default, name


def test_the_shared_options_are_declared_once() -> None:
    for module in (table_module, graph_table_module):
        source = inspect.getsource(module)
        for flag in ('"--rows"', '"--cols"', '"--format"', '"--png"', '"--svg"'):
            assert flag not in source, (module.__name__, flag)
