"""Run docs/notebook.ipynb and store its outputs in it (the docs site shows them; the tests run
it again and compare, :func:`comparable`).

    .venv/bin/python scripts/notebook_outputs.py          # rewrite docs/notebook.ipynb

The kernel is this interpreter, named by a kernel spec of our own in a scratch folder (whatever
"python3" kernel a machine has installed elsewhere, without endnim, is never picked), offline.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebook.ipynb"
KERNEL = "endnim-notebook-venv"

_VOLATILE = [
    (re.compile(r'\b(id|xlink:href|href|clip-path)="[#]?[^"]*"'), r'\1="?"'),
    (re.compile(r"url\(#[^)]*\)"), "url(#?)"),
    (re.compile(r"<dc:date>[^<]*</dc:date>"), "<dc:date/>"),
    (re.compile(r"<dc:creator>.*?</dc:creator>", re.S), "<dc:creator/>"),
    (re.compile(r" at 0x[0-9a-f]+>"), " at 0x?>"),
]
"""What differs between two runs of the same figure (matplotlib's ids and dates)."""


def execute(path: Path = NOTEBOOK) -> Any:
    """The notebook at ``path``, run from top to bottom (``CellExecutionError`` if a cell fails)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    metadata = json.loads(json.dumps(notebook.metadata))  # the stored one, not the run's
    with tempfile.TemporaryDirectory() as scratch:
        spec = Path(scratch) / "jupyter" / "kernels" / KERNEL
        spec.mkdir(parents=True)
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        kernel = {"argv": argv, "display_name": "endnim", "language": "python"}
        (spec / "kernel.json").write_text(json.dumps(kernel))
        saved = {
            k: os.environ.get(k) for k in ("JUPYTER_PATH", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")
        }
        os.environ["JUPYTER_PATH"] = str(Path(scratch) / "jupyter")
        os.environ["JUPYTER_RUNTIME_DIR"] = str(Path(scratch) / "runtime")
        os.environ["IPYTHONDIR"] = str(Path(scratch) / "ipython")
        os.environ.setdefault("MPLBACKEND", "agg")
        try:
            client = NotebookClient(
                notebook,
                kernel_name=KERNEL,
                timeout=300,
                resources={"metadata": {"path": str(path.parent)}},
            )
            client.execute()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    for cell in notebook.cells:  # a stored notebook carries no run-dependent metadata
        cell.metadata.pop("execution", None)
    notebook.metadata = nbformat.from_dict(metadata)
    return notebook


def comparable(notebook: Any) -> list[list[dict[str, str]]]:
    """Each code cell's outputs as {mimetype: text}, with what differs between runs of the same
    figure (ids, dates) made equal."""
    found = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        outputs = []
        for output in cell.outputs:
            data = dict(output.get("data", {}))
            if "text" in output:
                data["stream"] = output["text"]
            shown = {}
            for kind, value in data.items():
                text = value if isinstance(value, str) else "".join(value)
                for pattern, replacement in _VOLATILE:
                    text = pattern.sub(replacement, text)
                shown[kind] = text
            outputs.append(shown)
        found.append(outputs)
    return found


def main() -> None:
    import nbformat

    notebook = execute()
    nbformat.write(notebook, NOTEBOOK)
    cells = sum(cell.cell_type == "code" for cell in notebook.cells)
    print(f"wrote {NOTEBOOK} with the outputs of its {cells} code cells")


if __name__ == "__main__":
    main()
