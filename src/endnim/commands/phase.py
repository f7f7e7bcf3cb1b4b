"""``endnim phase``: the phase diagram of a row w in partizan End-Nim (A–N §3)."""

from __future__ import annotations

import json

import click

from endnim.commands.common import variant_option
from endnim.errors import EndNimError


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("middle", nargs=-1)
@variant_option(
    "partizan",
    "The partizan row rule set (a relative's diagram is its outcome classes, by its own rules: "
    "no triple point is assumed).",
)
@click.option(
    "--size",
    type=click.IntRange(min=1, max=400),
    default=None,
    help="Draw a, b = 1..SIZE (default: the triple point and 3 more, at least 12).",
)
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), help="Write an SVG figure.")
@click.option("--png", "png_path", type=click.Path(dir_okay=False), help="Write a PNG figure.")
@click.option("--json", "as_json", is_flag=True, help="Print the class grid as JSON.")
def phase(
    middle: tuple[str, ...],
    variant: str,
    size: int | None,
    svg_path: str | None,
    png_path: str | None,
    as_json: bool,
) -> None:
    """The phase diagram of W: the class of a·W·b for a, b >= 1 (a upwards, b rightwards).

    W is one argument ("2 4 1") or several (2 4 1). Shows the N rectangle, the L and R
    regions and the diagonal of P's from the triple point (Albert–Nowakowski 2001, §3).
    """
    from endnim.phase import phase_diagram, print_phase, save_phase_figure

    for token in middle:
        if token.startswith("-") and not token.lstrip("-").replace(",", "").strip().isdigit():
            raise EndNimError(f"no such option: {token} (see 'endnim phase --help')")
    text = " ".join(middle)
    if not text.strip():
        raise EndNimError("no row given: e.g. 'endnim phase 2 4 1'")
    from endnim.ruleset import plays_as
    from endnim.variants import PartizanEndNim, get_row_variant

    rules = get_row_variant(variant, "a phase diagram")
    if rules.impartial:
        raise EndNimError(
            f"a phase diagram shows outcome classes L, R, N, P of a partizan game; {rules.title} "
            "is impartial (its a·w·b table: endnim table)"
        )
    if not plays_as(rules, PartizanEndNim):
        _relative_phase(rules, text, size or 12, as_json)
        return
    diagram = phase_diagram(text, size)
    written = []
    for path, fmt in ((svg_path, "svg"), (png_path, "png")):
        if path is not None:
            written.append(str(save_phase_figure(diagram, path, fmt)))
    if as_json:
        click.echo(json.dumps(diagram.to_dict(), ensure_ascii=False))
    elif written:
        for path in written:
            click.echo(f"wrote {path}")
    else:
        print_phase(diagram)


def _relative_phase(rules: object, text: str, size: int, as_json: bool) -> None:
    """The classes of a·w·b, a, b = 1..size, of a partizan relative by its own rules (the path
    every command's tables take); Albert–Nowakowski's triple point and thresholds are theorems
    about their game, so none is drawn."""
    from endnim.analysis.tables import grid_table
    from endnim.engine import CODE_TO_OUTCOME
    from endnim.position import as_position
    from endnim.ruleset import source_of
    from endnim.variants import Variant

    assert isinstance(rules, Variant)
    w = tuple(as_position(text))
    if not 1 <= size <= 400:
        raise EndNimError(f"the size must be between 1 and 400, not {size}")
    codes = grid_table(rules, w, size, size)
    grid = [
        "".join(CODE_TO_OUTCOME[int(codes[a][b])] for b in range(1, size + 1))
        for a in range(1, size + 1)
    ]
    if as_json:
        answer = {
            "variant": rules.name,
            "middle": list(w),
            "size": size,
            "grid": grid,
            "grid_layout": "grid[a-1][b-1] is the class of a·w·b, a the first pile (row), "
            "b the last pile (column), a, b = 1..size",
            "triple_point": None,
            "source": source_of(rules),
        }
        click.echo(json.dumps(answer, ensure_ascii=False))
        return
    click.echo(f"{rules.title}: class of a·{' '.join(map(str, w))}·b, a upwards, b to the right")
    width = len(str(size))
    for a in range(size, 0, -1):
        click.echo(f"{a:>{width}} │ {' '.join(grid[a - 1])}")
    click.echo(" " * width + " └─" + "──" * size)
    click.echo(
        "by its own rules (exact search or the engine): no triple point is assumed, the "
        "theorems of Albert–Nowakowski §3 being about partizan End-Nim itself"
    )
