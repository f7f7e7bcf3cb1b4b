"""``endnim phase``: the phase diagram of a row w in partizan End-Nim (A–N §3)."""

from __future__ import annotations

import json

import click

from endnim.errors import EndNimError


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("middle", nargs=-1)
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
