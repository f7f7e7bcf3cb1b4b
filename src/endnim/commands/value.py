"""``endnim value``: the value of a partizan position (any partizan rule set), a sum of them,
or a comparison G vs H: canonical form, stops, mean, temperature, thermograph, reduced form,
cooling and, for all-small games, the atomic weight (:mod:`endnim.analysis.values`)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from endnim.analysis.values import FORM_LENGTH
from endnim.commands.common import TextArgumentCommand, variant_option
from endnim.errors import EndNimError

if TYPE_CHECKING:
    from endnim.analysis.values import Value
    from endnim.cgt.game import Game

PROGRESS_ABOVE = 20_000
"""Show a progress bar when a summand may need more positions than this."""


@click.command(cls=TextArgumentCommand, context_settings={"ignore_unknown_options": True})
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
    default=FORM_LENGTH,
    show_default=True,
    help="Print canonical forms up to this many characters (0: no limit).",
)
@click.option(
    "--thermograph",
    "thermograph_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Draw the thermograph into this file (.svg or .png).",
)
@click.option(
    "--cool",
    "cool_by",
    metavar="T",
    default=None,
    help="Also print the value cooled by T (a dyadic rational >= -1, e.g. 1 or 1/2).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "cgsuite"]),
    default="text",
    show_default=True,
    help="text, json (as --json), or cgsuite: the position or sum as a CGSuite game "
    "expression that CGSuite evaluates to the same value.",
)
@click.option(
    "--game",
    "as_game",
    is_flag=True,
    help="POSITION is a game written in CGSuite's ASCII notation ('{3|-1}', '^*', "
    "'+-1 + *2'), as --format cgsuite writes it, not a position.",
)
def value(
    position: tuple[str, ...],
    as_json: bool,
    budget: int | None,
    variant: str,
    max_length: int,
    thermograph_path: str | None,
    cool_by: str | None,
    fmt: str,
    as_game: bool,
) -> None:
    """The value of a partizan position, a sum or a comparison: canonical form, outcome,
    stops, mean, temperature, thermograph, reduced form and (for all-small games) atomic weight.

    POSITION is one argument ("3 1 2") or several (3 1 2); a sum joins positions with '+'
    (endnim value 3 1 2 + 2 2: the sum and each summand, the hottest named) and 'G vs H'
    compares two (endnim value 3 1 2 vs 2 2). Any partizan rule set (-v depot-partizan, or your
    own with --rules): numbers, switches and hot games as well as all-small ones.
    """
    from endnim.analysis.values import split_comparison

    as_json = as_json or fmt == "json"
    for token in position:
        if token.startswith("-") and not _reads_as_text(token, as_game):
            raise EndNimError(f"no such option: {token} (see 'endnim value --help')")
    tax = _tax(cool_by)
    text = " ".join(position)
    limit = None if max_length == 0 else max_length
    sides = split_comparison(text)
    if sides is not None:
        _compare(sides, variant, budget, limit, as_json, as_game, fmt)
        return
    side = _evaluate(text, variant, budget, as_json, as_game)
    if thermograph_path is not None:
        _draw(side.total, thermograph_path)
    if fmt == "cgsuite":
        click.echo(_cgsuite(side.parts))
        return
    result = side.fields(limit)
    if tax is not None:
        result["cooled_by"] = str(tax)
        result["cooled"] = _cooled(side.total, tax, limit)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        _print(side, result, limit)


def _reads_as_text(token: str, as_game: bool) -> bool:
    """A token that starts with '-' but is a number or a negative game, not an option."""
    if as_game:
        return True
    return token.lstrip("-").replace(",", "").strip().isdigit()


def _tax(cool_by: str | None) -> Fraction | None:
    if cool_by is None:
        return None
    try:
        tax = Fraction(cool_by)
    except (ValueError, ZeroDivisionError):
        raise EndNimError(f"--cool takes a number such as 1 or 1/2, not {cool_by!r}") from None
    if tax.denominator & (tax.denominator - 1) or tax < -1:
        raise EndNimError(f"--cool takes a dyadic rational >= -1 (1, 1/2, 3/4, ...), not {tax}")
    return tax


def _evaluate(text: str, variant: str, budget: int | None, quiet: bool, as_game: bool) -> Value:
    from endnim.analysis.values import evaluate, work_of

    if as_game:
        return evaluate(text, None, budget=budget)
    largest = work_of(text, variant)
    from endnim.render import ProgressBar

    show = largest > PROGRESS_ABOVE and not quiet
    with ProgressBar("canonical forms", "positions", show=show) as bar:
        return evaluate(text, variant, budget=budget, progress=bar.update)


def _compare(
    sides: tuple[str, str],
    variant: str,
    budget: int | None,
    limit: int | None,
    as_json: bool,
    as_game: bool,
    fmt: str,
) -> None:
    from endnim.analysis.values import comparison_fields

    g = _evaluate(sides[0], variant, budget, as_json, as_game)
    h = _evaluate(sides[1], variant, budget, as_json, as_game)
    names = [" + ".join(g.texts), " + ".join(h.texts)]
    comparison = comparison_fields(names[0], g.total, names[1], h.total)
    if fmt == "cgsuite":
        click.echo(
            f"({_cgsuite(g.parts)}) {comparison['relation'].replace('‖', '<>')} "
            f"({_cgsuite(h.parts)})"
        )
        return
    if as_json:
        click.echo(
            json.dumps(
                {"comparison": comparison, "left": g.fields(limit), "right": h.fields(limit)},
                ensure_ascii=False,
            )
        )
        return
    from endnim.render import plain

    console = _console()
    for side in (g, h):
        _print(side, side.fields(limit), limit)
        console.print()
    words = {
        "=": "equal: the sum G - H is a second-player win",
        ">": "G is better for Left",
        "<": "H is better for Left",
        "‖": "confused: G - H is a first-player win",
    }
    console.print(
        f"[bold]{plain(comparison['text'])}[/]  {words[comparison['relation']]}"
        f"   [dim](CGSuite: {plain(comparison['ascii'])})[/]"
    )


def _cgsuite(parts: list[Game]) -> str:
    from endnim.analysis.values import cgsuite_expression

    return cgsuite_expression(parts)


def _cooled(total: Game, tax: Fraction, limit: int | None) -> dict[str, Any]:
    from endnim.cgt import cool, printed_length, to_ascii, to_unicode
    from endnim.cgt.positions import deep_recursion

    with deep_recursion():
        cooled = cool(total, tax)
    length = printed_length(cooled)
    fits = limit is None or length <= limit
    return {
        "value": to_unicode(cooled) if fits else None,
        "value_ascii": to_ascii(cooled) if fits else None,
        "value_length": length,
    }


def _draw(total: Game, path: str) -> None:
    from pathlib import Path

    from endnim.cgt.drawing import thermograph_png, thermograph_svg
    from endnim.cgt.positions import deep_recursion
    from endnim.cgt.thermograph import thermograph

    suffix = Path(path).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise EndNimError(f"--thermograph writes .svg or .png files, not {path!r}")
    with deep_recursion():
        thermo = thermograph(total)
    try:
        if suffix == ".svg":
            Path(path).write_text(thermograph_svg(thermo), encoding="utf-8")
        else:
            thermograph_png(thermo, path)
    except OSError as error:
        raise EndNimError(f"cannot write {path}: {error.strerror or error}") from None
    click.echo(f"endnim: wrote the thermograph to {path}", err=True)  # stdout stays the value


def _shown(text: str | None, length: int, birthday: int) -> str:
    from endnim.render import plain

    if text is None:
        return (
            f"[yellow]a canonical form of {length:,} characters (birthday {birthday}); "
            "raise --max-length to print it[/]"
        )
    return plain(text)


def _console() -> Any:
    """Standard output; when it is a file or a pipe, wide enough that no value is cut."""
    from endnim.render import output_console

    return output_console()


MAX_SUMMANDS_SHOWN = 20
"""Summands listed one a line in the text output (and the hottest); --json lists every one."""
MAX_POSITION_SHOWN = 400
"""Characters of the position (or sum) written on its line of the text output."""


def _print(side: Value, result: dict[str, Any], limit: int | None) -> None:
    from rich.table import Table

    from endnim.analyzer import OUTCOME_WORDS
    from endnim.render import plain, print_trimmed

    console = _console()
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    position = " + ".join(side.texts)
    if len(position) > MAX_POSITION_SHOWN:
        position = position[: MAX_POSITION_SHOWN - 3] + "..."
    table.add_row("position", plain(position))
    summands = result.get("summands", [])
    if len(summands) > 1:
        shown = set(range(min(len(summands), MAX_SUMMANDS_SHOWN))) | {result["hottest"]}
        for number, s in enumerate(summands):
            if number not in shown:
                continue
            hot = "  [bold red]← hottest: move here first[/]" if number == result["hottest"] else ""
            table.add_row(
                "",
                f"{plain(s['position'])} = {_shown(s['value'], s['value_length'], 0)}"
                f"   [dim]mean {s['mean']}, temperature {s['temperature']}[/]{hot}",
            )
        if len(summands) > len(shown):
            table.add_row(
                "",
                f"[dim]... and {len(summands) - len(shown):,} more summands (--json lists "
                "every one)[/]",
            )
    unicode = _shown(result["value"], result["value_length"], side.total.birthday)
    table.add_row("value", unicode)
    if result["value_ascii"] is not None and result["value_ascii"] != result["value"]:
        table.add_row("CGSuite", plain(result["value_ascii"]))
    table.add_row("outcome", f"[bold]{result['outcome']}[/]  {OUTCOME_WORDS[result['outcome']]}")
    table.add_row("stops", f"Left {result['left_stop']}, Right {result['right_stop']}")
    if result["is_number"]:
        table.add_row("number", f"yes: {plain(str(result['value']))}")
    table.add_row("mean", result["mean"])
    table.add_row("temperature", f"{result['temperature']}   [dim]{_heat(result)}[/]")
    walls = result["thermograph"]
    table.add_row(
        "thermograph",
        f"left wall {_wall(walls['left'])}; right wall {_wall(walls['right'])}; "
        f"mast {result['mean']} above t = {result['temperature']}",
    )
    if result["reduced"] is not None:
        table.add_row("reduced", plain(result["reduced"]))
    if "cooled" in result:
        cooled = result["cooled"]
        table.add_row(
            f"cooled by {result['cooled_by']}",
            _shown(cooled["value_ascii"], cooled["value_length"], 0),
        )
    if result["atomic_weight"] is not None:
        weight, weight_ascii = result["atomic_weight"], result["atomic_weight_ascii"]
        table.add_row(
            "atomic weight",
            plain(weight)
            + (f"   [dim](CGSuite: {plain(weight_ascii)})[/]" if weight_ascii != weight else ""),
        )
    else:
        table.add_row("atomic weight", "[dim]none: not an all-small game[/]")
    table.add_row("birthday", str(result["birthday"]))
    table.add_row("rules", f"[dim]{plain(side.title)}[/]")
    print_trimmed(console, table)


def _heat(result: dict[str, Any]) -> str:
    t = Fraction(result["temperature"])
    if result["is_number"]:
        return "a number: cold (numbers have temperature below 0)"
    if t > 0:
        return "hot: moving first is worth about this much"
    return "infinitesimally close to its mean"


def _wall(points: list[list[str]]) -> str:
    return " → ".join(f"({t}, {x})" for t, x in points)
