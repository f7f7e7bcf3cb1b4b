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


SYMBOLS: tuple[tuple[str, str, str], ...] = (
    ("a_1", r"\ba_1\b", "the first pile"),
    ("a_k", r"\ba_k\b", "the last pile (k piles in all)"),
    (
        "l",
        r"\bl\b",
        "l(A), Cairns–Ho §2: the largest i with a_1 = … = a_(i−1) ≤ a_i — the run of piles equal "
        "to the first, one more if the pile after it is larger",
    ),
    (
        "r",
        r"\br\b",
        "r(A), Cairns–Ho §2: the largest j with a_(k−j+1) ≥ a_(k−j+2) = … = a_k — the run of "
        "piles equal to the last, one more if the pile before it is larger (0 on a constant row)",
    ),
    ("r_m", r"\br_m\b", "r_m(A): r(A), but 1 when every pile is 1 (misère, Cairns–Ho Thm 2.2)"),
    ("r_o", r"\br_o\b", "r_o(A): r(A), but 1 when all piles are equal (Loop, Cairns–Ho Thm 2.3)"),
)
"""The letters the theorems' reasons use (symbol, where it occurs, what it means): the page
shows a legend of those a reason uses (Cairns–Ho's §2 defines them)."""


def symbols_of(texts: list[str]) -> list[dict[str, str]]:
    """The legend of the letters ``texts`` use, in :data:`SYMBOLS` order.

    >>> [s["symbol"] for s in symbols_of(["a_k = a_1 + 1 but l = 1 is odd and r = 1 is odd"])]
    ['a_1', 'a_k', 'l', 'r']
    >>> symbols_of(["L2r wins"])
    []
    """
    joined = "\n".join(texts)
    return [
        {"symbol": symbol, "meaning": meaning}
        for symbol, pattern, meaning in SYMBOLS
        if re.search(pattern, joined)
    ]


def symbols_json() -> list[dict[str, str]]:
    """The legend as the page reads it (``GET /api/symbols``): each letter, the regular
    expression that finds it in a reason, and its meaning.

    >>> symbols_json()[0]["symbol"], symbols_json()[0]["pattern"]
    ('a_1', '\\\\ba_1\\\\b')
    """
    return [
        {"symbol": symbol, "pattern": pattern, "meaning": meaning}
        for symbol, pattern, meaning in SYMBOLS
    ]


def analysis_for_page(answer: dict[str, Any]) -> dict[str, Any]:
    """An analysis object (``endnim analyze --json``) with its notes in the page's words.

    >>> note = "remoteness not computed: 9 states, " + AUTO_BUDGET_ADVICE
    >>> analysis_for_page({"notes": [note]})["notes"][0].endswith("(the endnim command line can)")
    True
    """
    if "notes" in answer:
        answer = answer | {"notes": [for_page(note) for note in answer["notes"]]}
    return answer
