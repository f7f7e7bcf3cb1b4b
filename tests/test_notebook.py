"""docs/notebook.ipynb runs from top to bottom, offline, in this environment's Python, and each
kind of object shows the picture or formula it promises."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebook.ipynb"
KERNEL = "endnim-test-venv"


def test_the_committed_notebook_has_no_outputs() -> None:
    """Outputs are made by running it, not stored (the file stays small and reviewable)."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source


def test_the_notebook_runs_and_each_object_displays_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A kernel spec of our own naming this interpreter: whatever "python3" kernel a machine has
    # installed elsewhere (without endnim) is never picked, and nothing is written outside tmp.
    spec = tmp_path / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "endnim tests", "language": "python"}
    (spec / "kernel.json").write_text(json.dumps(kernel))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("MPLBACKEND", "agg")

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook,
        kernel_name=KERNEL,
        timeout=300,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()  # raises CellExecutionError, naming the cell, if any cell fails

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
