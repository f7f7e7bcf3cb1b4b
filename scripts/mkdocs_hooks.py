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
