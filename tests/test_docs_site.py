"""The documentation site (mkdocs.yml: the guides of docs/ and the API reference from the
docstrings) builds with warnings as errors: a broken link, a missing page or a docstring that
Markdown misreads fails the tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import hang_guard

ROOT = Path(__file__).resolve().parents[1]


def load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "mkdocs_hooks", ROOT / "scripts" / "mkdocs_hooks.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = hang_guard.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for page in ("index.html", "reference/cgt.html", "partizan.html", "notebook.ipynb"):
        assert (site / page).exists(), page
    reference = (site / "reference" / "cgt.html").read_text(encoding="utf-8")
    assert "to_latex" in reference and "position_value" in reference


def test_doctests_become_code_blocks_and_roles_code_spans() -> None:
    from markdown import Markdown

    hooks = load_hooks()
    md = Markdown(extensions=["fenced_code", hooks.DoctestFencesExtension()])
    html = md.convert(
        "Text with :func:`~endnim.cgt.parse`.\n>>> [str(x) for x in (1, 2)]\n['1', '2']\n\nAfter."
    )
    assert "<code>endnim.cgt.parse</code>" in html and ":func:" not in html
    assert '<pre><code class="language-pycon">&gt;&gt;&gt; [str(x)' in html
    assert "['1', '2']\n</code></pre>" in html and "<p>After.</p>" in html
    fenced = md.convert("```python\n>>> 1\n1\n```")
    assert fenced.count("<pre>") == 1
