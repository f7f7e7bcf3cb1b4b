"""The page's words for the command line's advice in notes and errors.

The analyser, the search and the engine tell a command-line user how to go further
("--budget raises it"); a person on the web page has no such options, so the workbench
replaces each piece of advice (the constants the producers use, one source each) by words
for the page. ``endnim analyze --json`` keeps the command line's words.

>>> print(for_page("the budget is 10 states: raise it with --budget, or use --method theory"))
the budget is 10 states: too much for the workbench (the endnim command line can search further)
"""

from __future__ import annotations

import re
from typing import Any

from endnim.analyzer import AUTO_BUDGET_ADVICE
from endnim.engine.interval import BUDGET_ADVICE as ENGINE_ADVICE
from endnim.search import BUDGET_ADVICE as SEARCH_ADVICE

PAGE_WORDS: tuple[tuple[str, str], ...] = (
    (
        AUTO_BUDGET_ADVICE,
        "more than the workbench computes at once (the endnim command line can)",
    ),
    (SEARCH_ADVICE, "too much for the workbench (the endnim command line can search further)"),
    (ENGINE_ADVICE, "too much for the workbench (the endnim command line can compute further)"),
)
"""Each piece of command-line advice and what the page says instead."""

_LEFT_OVER = re.compile(r"\s*\(?(?:raise it with --budget|--budget raises [a-z ]+)\)?")
"""Any other budget advice (parts, canonical forms): dropped, the page words follow."""


def for_page(text: str) -> str:
    """``text`` with the command line's advice replaced by the page's words.

    >>> for_page("search of the whole may visit 9 states (--budget raises the limit)")
    'search of the whole may visit 9 states: too much for the workbench'
    """
    for cli, page in PAGE_WORDS:
        text = text.replace(cli, page)
    if _LEFT_OVER.search(text):
        text = _LEFT_OVER.sub("", text).rstrip(":; ") + ": too much for the workbench"
    return text


def analysis_for_page(answer: dict[str, Any]) -> dict[str, Any]:
    """An analysis object (``endnim analyze --json``) with its notes in the page's words.

    >>> note = "remoteness not computed: 9 states, " + AUTO_BUDGET_ADVICE
    >>> analysis_for_page({"notes": [note]})["notes"][0].endswith("(the endnim command line can)")
    True
    """
    if "notes" in answer:
        answer = answer | {"notes": [for_page(note) for note in answer["notes"]]}
    return answer
