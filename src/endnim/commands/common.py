"""Options and helpers shared by the commands.

``--variant`` accepts every name and alias in the registry (:mod:`endnim.variants.registry`),
so that every name the JSON emits (``misere-conway`` included) is accepted; ``--rules
PATH.py:ClassName`` loads a user's rule set first (and selects it unless ``--variant`` names
another).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click

from endnim.errors import EndNimError

F = TypeVar("F", bound=Callable[..., Any])

CONVENTIONS = ("cairns-ho", "conway")
_RULES_KEY = "endnim_rules_name"
_SPEC_KEY = "endnim_rules_spec"


def variant_name(variant: str | None, convention: str = "cairns-ho") -> str:
    """The rule set's name for ``--variant`` and ``--convention`` (misère Grundy convention).

    >>> variant_name("misere", "conway"), variant_name("misere-conway")
    ('misere-conway', 'misere-conway')
    """
    from endnim.variants import get_variant

    rules = get_variant(variant or "endnim")
    if convention == "conway" and rules.convention != "conway":
        if rules.name != "misere":
            raise EndNimError("--convention conway applies to --variant misere only")
        return "misere-conway"
    return rules.name


if TYPE_CHECKING:
    from endnim.analysis.tables import ValueTable

if TYPE_CHECKING:  # click >= 8.3 types ParamType generically; older clicks are not subscriptable
    _ParamType = click.ParamType[str, Any]
else:
    _ParamType = click.ParamType


class VariantChoice(_ParamType):
    """A registered rule set's name or alias (checked against the registry when used)."""

    name = "variant"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        from endnim.variants import variant_names

        return "[" + "|".join(variant_names()) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from endnim.variants import get_variant

        try:
            return str(get_variant(str(value)).name)
        except EndNimError as error:
            from endnim.errors import cli_text

            self.fail(cli_text(error), param, ctx)


_DEFERRED: list[bool] = []


@contextlib.contextmanager
def deferred_rules() -> Iterator[None]:
    """Within this block ``--rules`` records its spec (:func:`rules_spec_given`) and loads
    nothing: for a process that must not run a user's code (the server, a batch's
    supervisor), whose worker loads the file.

    >>> with deferred_rules():
    ...     bool(_DEFERRED)
    True
    """
    _DEFERRED.append(True)
    try:
        yield
    finally:
        _DEFERRED.pop()


def rules_spec_given() -> str | None:
    """The ``--rules`` spec of the current command, if one was given (loaded or deferred)."""
    spec = click.get_current_context().meta.get(_SPEC_KEY)
    return spec if isinstance(spec, str) else None


def _load_rules(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    ctx.meta[_SPEC_KEY] = value
    if _DEFERRED:
        return value
    from endnim.variants import load_rules

    rules = load_rules(value)
    ctx.meta[_RULES_KEY] = rules.name
    return value


def variant_option(default: str | None = "endnim", help: str = "The rule set.") -> Callable[[F], F]:
    """The ``--variant/-v`` option and the ``--rules`` option every command shares."""

    def decorate(function: F) -> F:
        function = click.option(
            "--variant",
            "-v",
            type=VariantChoice(),
            default=None,
            callback=_remember_default(default),
            help=f"{help} Any registered rule set's name or alias"
            + (f" [default: {default}]" if default else "")
            + ".",
        )(function)
        return rules_file_option(
            "Load your own rule set (a RuleSet subclass) from a file; it is selected unless "
            "--variant names another."
        )(function)

    return decorate


def rules_file_option(
    help: str = "Load your own rule set (a RuleSet subclass) from a file.", *, defer: bool = False
) -> Callable[[F], F]:
    """``--rules PATH.py:ClassName``: load and register a user's rule set before anything else
    (``defer``: only record it, :func:`rules_spec_given`, for a command whose workers load it).
    ``--rules PATH.toml`` is a rule set written as data (:mod:`endnim.variants.data_rules`),
    loaded the same way."""
    return click.option(
        "--rules",
        "rules_spec",
        metavar="PATH.py:CLASS|PATH.toml",
        default=None,
        is_eager=True,
        expose_value=False,
        callback=_record_rules if defer else _load_rules,
        help=help,
    )


def _record_rules(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        ctx.meta[_SPEC_KEY] = value
    return value


def loaded_rules_name() -> str | None:
    """The name of the rule set ``--rules`` loaded for the current command, if any."""
    name = click.get_current_context().meta.get(_RULES_KEY)
    return name if isinstance(name, str) else None


def _remember_default(
    default: str | None,
) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is not None:
            return value
        return ctx.meta.get(_RULES_KEY) or default

    return callback


def convention_option(
    help: str = "Misère Grundy convention: Cairns–Ho ((1) terminal, value 0) or Conway "
    "(G(empty) = 1).",
) -> Callable[[F], F]:
    """The ``--convention`` option (misère Grundy convention) every command shares."""
    return click.option(
        "--convention",
        type=click.Choice(CONVENTIONS),
        default="cairns-ho",
        show_default=True,
        help=help,
    )


def rules_options(function: F) -> F:
    """``--variant``, ``--rules`` and ``--convention`` together (use :func:`variant_name`)."""
    return variant_option()(convention_option()(function))


TABLE_FORMATS = ("terminal", "csv", "json", "markdown", "latex", "html")
"""How ``table`` and ``graph-table`` print a table."""


threads_option = click.option(
    "--threads", type=click.IntRange(min=1), default=None, help="Engine threads."
)
"""``--threads``: the engine's threads (default: every core)."""


def layout_option(help: str = "awb: a·w·b; wab: w·a·b; abw: a·b·w.") -> Callable[[F], F]:
    """``--layout``: where the middle pile ``w`` stands in a table's rows (``awb`` by default)."""
    return click.option(
        "--layout",
        type=click.Choice(("awb", "wab", "abw")),
        default="awb",
        show_default=True,
        help=help,
    )


def certificates_option(default: str) -> Callable[[F], F]:
    """``--certificates DIR``: where ``--prove`` writes its certificates."""
    return click.option(
        "--certificates",
        default=default,
        show_default=True,
        type=click.Path(file_okay=False),
        help="Where --prove writes its certificates (one file per table).",
    )


def table_range_options(default: str) -> Callable[[F], F]:
    """``--rows``/``-a`` and ``--cols``/``-b`` (ranges like ``1..16``), shared by ``table`` and
    ``graph-table``."""

    def decorate(function: F) -> F:
        rows = click.option("--rows", "-a", default=default, show_default=True, help="Values of a.")
        cols = click.option("--cols", "-b", default=default, show_default=True, help="Values of b.")
        return rows(cols(function))

    return decorate


def table_output_options(function: F) -> F:
    """``--format``/``-f``, ``--png`` and ``--svg``, shared by ``table`` and ``graph-table``."""
    for option in reversed(
        (
            click.option(
                "--format",
                "-f",
                "fmt",
                type=click.Choice(TABLE_FORMATS),
                default="terminal",
                show_default=True,
                help="How to print the table.",
            ),
            click.option(
                "--png", type=click.Path(dir_okay=False), default=None, help="Write a PNG heatmap."
            ),
            click.option(
                "--svg", type=click.Path(dir_okay=False), default=None, help="Write an SVG heatmap."
            ),
        )
    ):
        function = option(function)
    return function


def print_table(result: ValueTable, fmt: str, png: str | None, svg: str | None) -> None:
    """Print a table as ``--format`` says and write the heatmaps ``--png`` and ``--svg`` ask
    for (``table`` and ``graph-table``)."""
    if fmt == "terminal":
        from endnim.analysis.formats import rich_table
        from endnim.render import output_console, print_trimmed

        print_trimmed(output_console(), rich_table(result))
    else:
        text = result.render(fmt)
        click.echo(text, nl=not text.endswith("\n"))
    for path, kind in ((png, "png"), (svg, "svg")):
        if path is not None:
            written = result.heatmap().save(path, kind)
            click.echo(f"wrote {written}", err=True)


_TEXT_MARK = "\x00"
"""Put before a word that starts with '-' but is text, so that click does not read it as options."""


def reads_as_text(word: str) -> bool:
    """A word that starts with '-' but is a game or a number, not an option: it has a space in
    it (``"-2 vs 1"``) or its second character is no letter and no '-' (``-2``, ``-{3|1}``,
    ``-^*``). Options are ``-v`` or ``--name``.

    >>> [reads_as_text(w) for w in ("-2 vs 1", "-2", "-{3|1}", "-v", "--game", "3 1 2")]
    [True, True, True, False, False, False]
    """
    if not word.startswith("-") or word == "-":
        return False
    return any(c.isspace() for c in word) or not (word[1].isalpha() or word[1] == "-")


class TextArgumentCommand(click.Command):
    """A command whose arguments may start with '-' (a negative number or game, ``"-2 vs
    1"``): click would read ``-2 vs 1`` as the options ``-2 -v "s 1"``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        marked = [_TEXT_MARK + word if reads_as_text(word) else word for word in args]
        rest = super().parse_args(ctx, marked)
        for name, value in ctx.params.items():
            if isinstance(value, str):
                ctx.params[name] = value.removeprefix(_TEXT_MARK)
            elif isinstance(value, tuple):
                ctx.params[name] = tuple(
                    v.removeprefix(_TEXT_MARK) if isinstance(v, str) else v for v in value
                )
        return [word.removeprefix(_TEXT_MARK) for word in rest]
