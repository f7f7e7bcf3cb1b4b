"""One palette (endnim.palette) read by every picture: the page, heatmaps, phase diagrams,
HTML tables. Each front-end is checked to use the palette's colours, not copies of them."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from endnim.analysis import value_table
from endnim.outcome import Outcome
from endnim.palette import OUTCOME_COLOURS, grundy_colour, palette_json, text_colour
from endnim.phase import phase_diagram, save_phase_figure
from endnim.web.app import create_app

STATIC = Path(__file__).resolve().parents[1] / "src" / "endnim" / "web" / "static"


def test_page_reads_the_palette_from_the_server() -> None:
    client = TestClient(create_app(limit_caches=False))
    assert client.get("/api/palette").json() == palette_json()
    script = (STATIC / "app.js").read_text()
    assert "applyPalette" in script and "/api/palette" in script
    assert not re.findall(r"#[0-9a-fA-F]{6}", script), "colours belong in endnim.palette"
    style = (STATIC / "style.css").read_text()
    for name in "PNLR":
        assert f"var(--outcome-{name})" in style


def test_outcome_colours_are_distinct_and_readable() -> None:
    assert len(set(OUTCOME_COLOURS.values())) == 4
    assert text_colour(OUTCOME_COLOURS[Outcome.P]) != text_colour(OUTCOME_COLOURS[Outcome.N])
    assert grundy_colour(0, 5) == OUTCOME_COLOURS[Outcome.P]  # P-positions visible everywhere
    assert len({grundy_colour(v, 5) for v in range(6)}) == 6


def test_heatmaps_use_the_palette() -> None:
    partizan = value_table("partizan", "1", "1..6", "1..6").heatmap().to_svg().lower()
    for colour in OUTCOME_COLOURS.values():
        assert colour in partizan
    grundy = value_table("endnim", "4", "1..4", "1..4")
    top = max(max(row) for row in grundy.values)
    svg = grundy.heatmap().to_svg().lower()
    assert grundy_colour(top, top) in svg and OUTCOME_COLOURS[Outcome.P] in svg
    html = grundy.render("html").lower()
    assert grundy_colour(top, top) in html


def test_phase_diagrams_use_the_palette(tmp_path: Path) -> None:
    path = save_phase_figure(phase_diagram("2 4 1"), tmp_path / "phase.svg")
    svg = path.read_text().lower()
    for colour in OUTCOME_COLOURS.values():
        assert colour in svg


def test_digits_on_every_grundy_colour_have_the_better_contrast() -> None:
    """Digits on the mid-greys of the scale were dark at a contrast of 3.7 where light text
    reaches 4.7: the text colour is the one of higher WCAG contrast (at least 4.2: the
    scale's middle stop #7b7a77 reaches 4.3 with either)."""
    from endnim.palette import DARK_TEXT, LIGHT_TEXT, contrast

    for largest in (2, 7, 16, 40):
        for value in range(largest + 1):
            fill = grundy_colour(value, largest)
            chosen = contrast(fill, text_colour(fill))
            assert chosen == max(contrast(fill, DARK_TEXT), contrast(fill, LIGHT_TEXT))
            assert chosen >= 4.2, (value, largest, fill)
