"""Objects that display themselves in a notebook: what IPython's formatter picks for each."""

from __future__ import annotations

import importlib
import re

import matplotlib
import pytest
from IPython.core.formatters import DisplayFormatter

from endnim import analyze
from endnim.analysis.tables import value_table
from endnim.cgt import parse, position_value, to_latex
from endnim.graphs import Graph
from endnim.graphs.picture import MAX_DRAWN_VERTICES
from endnim.phase import phase_diagram
from endnim.position import as_position

GAME_MODULE = importlib.import_module("endnim.cgt.game")  # endnim.cgt.game is also a function


def formats(obj: object) -> dict[str, object]:
    data, _ = DisplayFormatter().format(obj)
    return data


def latex_to_ascii(latex: str) -> str:
    """Undo :func:`to_latex` into CGSuite's ASCII, which :func:`parse` reads."""
    text = latex.replace(r"{\ast}", "*")
    text = text.replace(r"\{", "{").replace(r"\}", "}").replace(r" \mid ", "|")
    text = re.sub(r"(-?)\\frac\{(\d+)\}\{(\d+)\}", r"\1\2/\3", text)
    text = re.sub(r"(\d+)\{\\cdot\}\\uparrow", r"^\1", text)
    text = re.sub(r"(\d+)\{\\cdot\}\\downarrow", r"v\1", text)
    for name, ascii in ((r"\Uparrow", "^^"), (r"\uparrow", "^"), (r"\Downarrow", "vv")):
        text = text.replace(name, ascii)
    text = text.replace(r"\downarrow", "v").replace(r"\pm ", "+-").replace(r"\pm", "+-")
    return text.replace(r"\mathrm{Tiny}", "Tiny").replace(r"\mathrm{Miny}", "Miny")


def test_a_canonical_form_shows_its_latex() -> None:
    data = formats(parse("{1|*}"))
    assert data["text/latex"] == r"$\{1 \mid {\ast}\}$"
    assert data["text/plain"] == "Game('{1|*}')"


@pytest.mark.parametrize(
    "text",
    ["0", "-3", "7/8", "-1/2", "^", "vv*", "^3*2", "v5", "1^^", "+-1", "+-(1,2)", "{0|^*2,^^*3}"]
    + ["1+Tiny(2)", "Miny(1/2)", "{2|{1|0}}", "{0,*|-1/4,{0|-1}}"],
)
def test_latex_reads_back_as_the_same_game(text: str) -> None:
    g = parse(text)
    assert parse(latex_to_ascii(to_latex(g))) is g


def test_latex_of_partizan_end_nim_values_reads_back() -> None:
    for row in ("3 1 2", "2 4 1", "1 2 3", "5 2 2 5", "2 1 1 3", "4 4"):
        g = position_value(row)
        latex = to_latex(g)
        assert latex.count(r"\{") == latex.count(r"\}")
        assert parse(latex_to_ascii(latex)) is g


def test_a_form_too_long_to_typeset_falls_back_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GAME_MODULE, "LATEX_LIMIT", 5)
    g = parse("{0|^*2,^^*3}")
    assert g._repr_latex_() is None
    assert "text/latex" not in formats(g)
    assert formats(parse("^"))["text/latex"] == r"$\uparrow$"


def test_a_phase_diagram_shows_its_figure_and_leaves_the_backend_alone() -> None:
    backend = matplotlib.get_backend()
    svg = formats(phase_diagram("2 4 1", size=8))["image/svg+xml"]
    assert isinstance(svg, str) and "<svg" in svg and "</svg>" in svg
    assert matplotlib.get_backend() == backend  # a notebook's own plots stay inline


def test_a_graph_position_shows_a_drawing() -> None:
    tree = Graph.build([3, 0, 2, 1], [(0, 1), (1, 2), (2, 3)])
    svg = formats(tree)["image/svg+xml"]
    assert isinstance(svg, str) and svg.startswith("<svg")
    assert svg.count("<line") == 3 and svg.count("<circle") == 4
    assert "vertex 1: 0" in svg


def test_a_partizan_depot_shows_colours_homes_and_a_legend() -> None:
    depot = Graph.build([2, 0, 1, 3], [(0, 1), (1, 2), (2, 3), (3, 0)], list("LRGL"), [1])
    svg = depot._repr_svg_()
    assert svg.count("<circle") == 4 + 1  # the home's second ring
    assert 'stroke-dasharray="9 5"' in svg and 'stroke-dasharray="2 6"' in svg
    assert "Left's" in svg and "home" in svg


def test_a_huge_graph_is_described_not_drawn() -> None:
    n = MAX_DRAWN_VERTICES + 1
    path = Graph.build([1] * n, [(i, i + 1) for i in range(n - 1)])
    svg = path._repr_svg_()
    assert "<circle" not in svg and f"{n:,} vertices" in svg


def test_rows_tables_heatmaps_and_analyses_display_themselves() -> None:
    table = value_table("endnim", "2", "1..4", "1..4")
    assert "<table" in str(formats(table)["text/html"])
    assert "image/svg+xml" in formats(table.heatmap())
    assert "image/svg+xml" in formats(as_position("3 1 4"))
    assert "outcome" in str(formats(analyze("3 1 4"))["text/html"])


def test_a_value_draws_its_thermograph_in_a_notebook() -> None:
    """Issue 30: ``endnim.value(...)`` shows its thermograph (SVG) in a notebook."""
    import endnim
    from endnim.cgt import parse, thermograph

    shown = endnim.value("{3|-1} + ^", None)
    svg = shown._repr_svg_()
    assert svg.startswith("<svg") and "mean 1, temperature 2" in svg
    walls = thermograph(parse("{3|-1} + ^"))
    assert f"left wall: ({walls.left[0][0]}, {walls.left[0][1]})" in svg
    assert "temperature 0" in endnim.value("3 1 2")._repr_svg_()


def test_a_value_shows_its_form_outcome_stops_mean_and_temperature() -> None:
    """Issue 42: `endnim.value("3 1 2")` showed only a thermograph in a notebook."""
    import endnim

    data = formats(endnim.value("{3|-1} + ^", None))
    html = str(data["text/html"])
    for shown in ("{3|-1}", "outcome", "N: the next player", "stops", "Left 3, Right -1"):
        assert shown in html, shown
    assert "<th style='text-align:left'>mean</th><td>1</td>" in html
    assert "<th style='text-align:left'>temperature</th><td>2</td>" in html
    assert "<svg" in html and "mean 1, temperature 2" in html  # the thermograph beside it
    assert data["text/latex"] == r"$\{3\uparrow \mid -1\uparrow\}$"
    assert "image/svg+xml" in data


def test_a_graph_analysis_draws_the_graph() -> None:
    """A tree's analysis showed a table and no tree."""
    html = str(formats(analyze("3(1 2(1 1))", variant="tree"))["text/html"])
    assert html.startswith("<svg") and html.count("<circle") == 5 and "<table>" in html


@pytest.mark.parametrize("text", ["*", "^*", "{0|^*2,^^*3}", "*3", "{1|*}", "^*3"])
def test_latex_stars_are_ordinary_symbols(text: str) -> None:
    """`\\uparrow*2` came out garbled: a bare * is a binary operator in TeX (spaced as one) and
    Markdown reads two of them as emphasis. Stars are written {\\ast}."""
    latex = to_latex(parse(text))
    assert "*" not in latex and r"{\ast}" in latex
