"""The documentation site (mkdocs.yml: the guides of docs/ and the API reference from the
docstrings) builds with warnings as errors: a broken link, a missing page or a docstring that
Markdown misreads fails the tests."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import hang_guard
import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "mkdocs_hooks", ROOT / "scripts" / "mkdocs_hooks.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the module with warnings as errors."""
    site = tmp_path_factory.mktemp("docs") / "site"
    done = hang_guard.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return site


def test_the_site_builds_strictly(site: Path) -> None:
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


def guides() -> list[str]:
    return sorted(p.name for p in (ROOT / "docs").glob("*.md"))


def test_every_guide_is_in_the_navigation_and_the_index() -> None:
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def pages(node: object) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, list):
            return [page for item in node for page in pages(item)]
        if isinstance(node, dict):
            return [page for value in node.values() for page in pages(value)]
        return []

    in_nav = set(pages(config["nav"]))
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for name in guides():
        assert name in in_nav, f"docs/{name} is not in mkdocs.yml's nav"
        assert name == "index.md" or f"]({name})" in index, f"docs/index.md does not link {name}"


def test_a_broken_anchor_fails_the_strict_build() -> None:
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["validation"]["links"]["anchors"] == "warn"  # warnings fail --strict


def test_the_site_preview_and_the_workbench_use_different_ports() -> None:
    import yaml

    from endnim.commands.serve import serve

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    port = next(p.default for p in serve.params if p.name == "port")
    assert int(config["dev_addr"].rsplit(":", 1)[1]) != port


def test_the_docs_name_only_commands_that_exist() -> None:
    import click

    from endnim.cli import cli

    commands = set(cli.list_commands(click.Context(cli)))
    pattern = re.compile(r"(?:`|^\$ )endnim ([a-z][a-z-]+)", re.M)
    named = {
        (path.name, word)
        for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
        for word in pattern.findall(path.read_text(encoding="utf-8"))
    }
    assert len(named) > 20
    assert {item for item in named if item[1] not in commands} == set()


GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
IMPORTED = re.compile(r"^\s*(?:>>>|\.\.\.)?\s*from (endnim(?:\.\w+)*) import ([\w, ()]+)", re.M)
CALLED = re.compile(r"(?<![\w.])(endnim(?:\.[A-Za-z_]\w*)+)\(")
SUBCLASSED = re.compile(r"subclass(?:es)? of `(endnim(?:\.\w+)+)`")
BLOCKS = re.compile(r"The building blocks are importable on their own:(.*?)\n\n", re.S)
NAMED = re.compile(r"`(endnim(?:\.[A-Za-z_]\w*)+)(?:\([^`]*\))?`")


def names_the_guides_use() -> dict[str, str]:
    """Every public name the guides tell a user to import, call or subclass (the README's list
    of building blocks included): name -> the page that uses it first."""
    found: dict[str, str] = {}
    for path in GUIDES:
        text = path.read_text(encoding="utf-8")
        for match in IMPORTED.finditer(text):
            for name in re.split(r"[,\s()]+", match.group(2)):
                if name and not name.startswith("_"):
                    found.setdefault(f"{match.group(1)}.{name}", path.name)
        for pattern in (CALLED, SUBCLASSED):
            for match in pattern.finditer(text):
                found.setdefault(match.group(1), path.name)
        for block in BLOCKS.finditer(text):
            for match in NAMED.finditer(block.group(1)):
                found.setdefault(match.group(1), path.name)
    return found


def documented(site: Path) -> set[str]:
    """Every object the API reference documents (mkdocstrings' objects.inv)."""
    import zlib

    head = (site / "objects.inv").read_bytes().split(b"\n", 4)
    lines = zlib.decompress(head[4]).decode("utf-8").splitlines()
    return {line.split(" ", 1)[0] for line in lines}


def test_every_name_the_guides_use_has_a_reference_entry(site: Path) -> None:
    import importlib

    used = names_the_guides_use()
    for must in ("endnim.theory.Theory", "endnim.search.Solver", "endnim.engine.engine_table"):
        assert must in used  # the examples are among the names found
    reference = documented(site)
    missing = []
    for name, page in sorted(used.items()):
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                target: object = importlib.import_module(".".join(parts[:cut]))
                break
            except ImportError:
                continue
        for attribute in parts[cut:]:
            target = getattr(target, attribute)  # a name the guides use that does not exist fails
        homes = {name}
        module, qualname = (
            getattr(target, "__module__", None),
            getattr(target, "__qualname__", None),
        )
        if isinstance(module, str) and isinstance(qualname, str):
            homes.add(f"{module}.{qualname}")
        if not homes & reference:
            missing.append(f"{name} ({page})")
    assert len(used) >= 30
    assert missing == [], f"no reference entry for: {', '.join(missing)}"


def test_the_site_loads_nothing_from_the_network(site: Path) -> None:
    """The theme loaded highlight.js from a CDN: offline, no highlighting and a console error.
    Code is now highlighted at build time (Pygments' classes, docs/css/highlight.css)."""
    external = re.compile(r"<(?:script|link|img)\b[^>]*\b(?:src|href)=\"(?:https?:)?//", re.I)
    for page in site.rglob("*.html"):
        found = external.findall(page.read_text(encoding="utf-8"))
        assert found == [], (page.name, found[:3])
    guide = (site / "partizan.html").read_text(encoding="utf-8")
    assert 'class="codehilite"' in guide and '<span class="gp">$ </span>' in guide
    assert ".codehilite .gp" in (site / "css" / "highlight.css").read_text(encoding="utf-8")


def test_the_notebook_tour_shows_its_outputs(site: Path) -> None:
    """Issue 42: the tour was a stub linking a raw .ipynb with no outputs, and its LaTeX came
    out garbled. The page shows every cell with its committed outputs, the LaTeX drawn."""
    import json

    page = (site / "notebook.html").read_text(encoding="utf-8")
    notebook = json.loads((ROOT / "docs" / "notebook.ipynb").read_text(encoding="utf-8"))
    outputs = sum(len(cell.get("outputs", [])) for cell in notebook["cells"])
    assert outputs >= 10 and page.count('<div class="nb-output">') == outputs
    latex = re.findall(r'<img class="nb-latex" alt="([^"]*)" src="data:image/svg\+xml', page)
    assert r"$\{0 \mid \uparrow{\ast}2, \Uparrow{\ast}3\}$" in latex
    assert "<th style='text-align:left'>temperature</th><td>2</td>" in page  # a Value's table
    assert "mean 1, temperature 2" in page  # its thermograph
    body = re.sub(r'alt="[^"]*"', "", page)
    assert r"\uparrow*" not in body and r"\uparrow" not in body.replace(r"\uparrow{\ast}", "")
