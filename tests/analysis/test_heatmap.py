"""Heatmaps: PNG and SVG files with a legend, notebook display, clean errors."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from endnim.analysis.heatmap import Heatmap
from endnim.analysis.tables import value_table
from endnim.errors import EndNimError


def test_png_and_svg_files(tmp_path: Path) -> None:
    heatmap = value_table("endnim", "4", "1..16", "1..16").heatmap()
    png = heatmap.save(tmp_path / "a4b.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = heatmap.save(tmp_path / "a4b.svg")
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    figure = heatmap.figure()
    assert figure.axes[0].get_title() == "Grundy values of a·4·b (End-Nim)"
    cells = [t.get_text() for t in figure.axes[0].texts]
    assert len(cells) == 256 and cells[:4] == ["0", "1", "2", "3"]  # each cell's value


def test_partizan_legend_and_notebook_display() -> None:
    table = value_table("partizan", "2 4 1", "1..8", "1..8")
    heatmap = Heatmap(table)
    figure = heatmap.figure()
    legend = figure.axes[0].get_legend()
    assert [t.get_text()[0] for t in legend.get_texts()] == ["P", "L", "R", "N"]
    assert heatmap._repr_svg_().lstrip().startswith("<?xml")
    assert heatmap._repr_png_()[:4] == b"\x89PNG"


def test_impartial_colour_bar_and_large_table_marks_zeros() -> None:
    table = value_table("endnim", "4", "1..40", "1..40")
    figure = table.heatmap().figure()
    assert len(figure.axes) == 2  # the table and its colour bar
    assert "P-position" in figure.axes[1].get_ylabel()
    zeros = {(j, i) for i, row in enumerate(table.values) for j, v in enumerate(row) if v == 0}
    marks = figure.axes[0].collections
    assert marks and {tuple(int(x) for x in xy) for xy in marks[0].get_offsets()} == zeros
    assert len(zeros) >= 39 and not figure.axes[0].texts  # too large to annotate


def test_bad_picture_path(tmp_path: Path) -> None:
    heatmap = value_table("endnim", "4", "1..2", "1..2").heatmap()
    with pytest.raises(EndNimError, match=r"png or \.svg"):
        heatmap.save(tmp_path / "a.jpg")
    with pytest.raises(EndNimError, match="cannot write"):
        heatmap.save(tmp_path / "missing" / "a.png")
