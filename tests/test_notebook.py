"""docs/notebook.ipynb runs from top to bottom, offline, in this environment's Python, and each
kind of object shows the picture or formula it promises."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import nbformat

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebook.ipynb"


def load_runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "notebook_outputs", NOTEBOOK.parent.parent / "scripts" / "notebook_outputs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_notebook_carries_its_outputs() -> None:
    """Issue 42: the tour was committed without outputs, so the docs site showed a stub. It
    is committed with them (scripts/notebook_outputs.py), unnumbered cells none."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs and cell.execution_count is not None, cell.source


def test_the_notebook_runs_and_each_object_displays_itself() -> None:
    """The notebook runs from top to bottom, and its committed outputs are what a run of
    today's code shows (run scripts/notebook_outputs.py after a change of a display)."""
    runner = load_runner()
    notebook = runner.execute(NOTEBOOK)  # CellExecutionError, naming the cell, if one fails
    committed = nbformat.read(NOTEBOOK, as_version=4)
    assert runner.comparable(notebook) == runner.comparable(committed), (
        "docs/notebook.ipynb's outputs are stale: run .venv/bin/python scripts/notebook_outputs.py"
    )

    shown: dict[str, set[str]] = {}
    for cell in notebook.cells:
        if cell.cell_type == "code":
            kinds = {kind for out in cell.outputs for kind in out.get("data", {})}
            shown[cell.source.splitlines()[-1]] = kinds
            assert all(out.output_type != "error" for out in cell.outputs)
    assert "text/html" in shown['analyze("3 1 4 1 5")']
    assert "image/svg+xml" in shown['parse_position("3 1 4 1 5")']
    assert "text/html" in shown["table"]
    assert "image/svg+xml" in shown["table.heatmap()"]
    assert "image/svg+xml" in shown['phase_diagram("2 4 1", size=10)']
    assert "text/latex" in shown["g"] and "text/latex" in shown['g + parse("*")']
    assert "image/svg+xml" in shown["tree.position"]
    assert "text/html" in shown["tree"]
    assert "image/svg+xml" in shown['endnim.value("{3|-1}", None)']
    hot = next(cell for cell in notebook.cells if cell.source.endswith('("{3|-1}", None)'))
    assert "mean 1, temperature 2" in hot.outputs[0]["data"]["text/html"]
