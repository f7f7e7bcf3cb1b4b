"""MkDocs hook (mkdocs.yml ``hooks:``): docstrings' ``>>>`` examples shown as code.

endnim's docstrings carry doctests as plain paragraphs (pytest runs them); Markdown would read
their output lines, such as ``['0', '3']``, as reference links. This hook adds a Markdown
preprocessor, before mkdocstrings reads the extension list, that fences every run of lines
starting with ``>>>`` (with its ``...`` continuations and its output, up to a blank line) as a
``pycon`` code block, and writes Sphinx roles (``:func:`~endnim.cgt.parse```) as the code
spans they name. Lines already inside a fence are left alone.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

FENCES = ("```", "~~~")
ROLE = re.compile(r":(?:py:)?[a-z]+:`~?([^`]+)`")


class DoctestFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = False
        in_example = False
        indent = ""
        for line in lines:
            stripped = line.lstrip()
            if in_example and not stripped:
                out.append(indent + "```")
                in_example = False
            if not in_example and stripped.startswith(FENCES):
                fenced = not fenced
            elif not fenced and not in_example and stripped.startswith(">>>"):
                indent = line[: len(line) - len(stripped)]
                if out and out[-1].strip():
                    out.append("")
                out.append(indent + "```pycon")
                in_example = True
            out.append(line if fenced or in_example else ROLE.sub(r"`\1`", line))
        if in_example:
            out.append(indent + "```")
        return out


class DoctestFencesExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # Markdown names it so
        md.preprocessors.register(DoctestFences(md), "endnim_doctest_fences", 30)


@event_priority(100)  # before mkdocstrings copies the Markdown extensions
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestFencesExtension())
    return config


# --------------------------------------------------------------------------- the notebook tour
NOTEBOOK_PAGE = "notebook.md"
NOTEBOOK_MARK = "<!-- the notebook, with its outputs, is drawn here at build time -->"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The notebook tour's page shows docs/notebook.ipynb with its committed outputs (which the
    tests check against a fresh run): at the mark, each cell in turn."""
    if page.file.src_path != NOTEBOOK_PAGE or NOTEBOOK_MARK not in markdown:
        return markdown
    from pathlib import Path

    path = Path(config["docs_dir"]) / "notebook.ipynb"
    return markdown.replace(NOTEBOOK_MARK, notebook_markdown(path))


def notebook_markdown(path: Any) -> str:
    """A notebook as Markdown: its text cells (headings one level down, under the page's
    title), its code in fences, and each output as the richest form a static page can show —
    HTML as it is, SVG as an image, LaTeX drawn by matplotlib's mathtext (no script from a
    CDN), else the plain text."""
    import json

    notebook = json.loads(path.read_text(encoding="utf-8"))
    parts: list[str] = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            parts.append(re.sub(r"^(#+) ", r"#\1 ", source, flags=re.M))
            continue
        if cell["cell_type"] != "code":
            continue
        parts.append(f"```python\n{source}\n```")
        for output in cell.get("outputs", []):
            parts.append(_output_html(output))
    return "\n\n".join(part for part in parts if part)


def _output_html(output: dict[str, Any]) -> str:
    import base64
    from html import escape

    data = {key: "".join(value) if isinstance(value, list) else value
            for key, value in output.get("data", {}).items()}  # fmt: skip
    if "text" in output:
        data.setdefault("text/plain", "".join(output["text"]))
    shown = ""
    if "text/html" in data:
        shown = data["text/html"]
    elif "image/svg+xml" in data:
        encoded = base64.b64encode(data["image/svg+xml"].encode("utf-8")).decode("ascii")
        shown = f'<img alt="a figure" src="data:image/svg+xml;base64,{encoded}">'
    elif "text/latex" in data and (image := _latex_svg(data["text/latex"])):
        encoded = base64.b64encode(image.encode("utf-8")).decode("ascii")
        alt = escape(data["text/latex"], quote=True)
        shown = f'<img class="nb-latex" alt="{alt}" src="data:image/svg+xml;base64,{encoded}">'
    elif "text/plain" in data:
        shown = f"<pre><code>{escape(data['text/plain'])}</code></pre>"
    if not shown:
        return ""
    shown = re.sub(r"\n\s*\n", "\n", shown.strip())  # a blank line would end the HTML block
    return f'<div class="nb-output">\n{shown}\n</div>'


def _latex_svg(latex: str) -> str | None:
    """``$...$`` drawn as SVG by matplotlib's mathtext, or ``None`` where it cannot."""
    import io

    try:
        import matplotlib

        matplotlib.use("agg")
        from matplotlib import mathtext, rcParams

        rcParams["svg.hashsalt"] = "endnim"  # the same page from the same notebook
        buffer = io.BytesIO()
        mathtext.math_to_image(latex.strip(), buffer, format="svg", dpi=130)
    except Exception:  # a form mathtext does not know: the plain text instead
        return None
    return buffer.getvalue().decode("utf-8")
