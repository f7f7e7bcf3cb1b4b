"""Every theorem, proposition, corollary, lemma, table and worked example of the three papers,
as data: which paper, which number, the statement, the check of one position, the range.

``endnim verify``, the tests and the docs all read :data:`STATEMENTS`. A check receives a
position, its value (Grundy value; partizan: class letter) and a :class:`Lookup` for the values
of other positions, and returns ``True`` (holds), ``False`` (a counterexample) or ``None``
(the statement says nothing about this position). Statements that concern a string w rather
than a position (partizan thresholds and phase diagrams) are checked on every w in the range.

The slips listed in ``docs/errata.md`` appear twice: as printed (``expect=False``: the check must
find a counterexample) and as corrected (``expect=True``).

>>> by_key("horrocks/prop-13-printed").expect, by_key("horrocks/prop-13").expect
(False, True)
>>> sorted({s.paper for s in STATEMENTS})
['albert-nowakowski', 'cairns-ho', 'horrocks']
"""

from __future__ import annotations

from collections.abc import Iterator

from endnim.analysis.statements.albert_nowakowski import A4B_TABLE, ALBERT_NOWAKOWSKI_IMPARTIAL
from endnim.analysis.statements.base import (
    PAPER_ALIASES,
    PAPERS,
    PARTIZAN_ROWS,
    PARTIZAN_SMALL,
    ROWS,
    ROWS_SMALL,
    THREE,
    TWO,
    Box,
    Check,
    Lookup,
    Piles,
    Statement,
)
from endnim.analysis.statements.cairns_ho import CAIRNS_HO
from endnim.analysis.statements.horrocks import (
    FOUR_AB_TABLE,
    HORROCKS,
    PROP_14_EXAMPLES,
    THEOREM_6_EXAMPLES,
    TWO_HEAP_TABLE,
)
from endnim.analysis.statements.partizan import ALBERT_NOWAKOWSKI_PARTIZAN, THRESHOLD_EXAMPLES
from endnim.errors import EndNimError

__all__ = [
    "A4B_TABLE",
    "ALBERT_NOWAKOWSKI_IMPARTIAL",
    "ALBERT_NOWAKOWSKI_PARTIZAN",
    "CAIRNS_HO",
    "FOUR_AB_TABLE",
    "HORROCKS",
    "PAPERS",
    "PAPER_ALIASES",
    "PARTIZAN_ROWS",
    "PARTIZAN_SMALL",
    "PROP_14_EXAMPLES",
    "ROWS",
    "ROWS_SMALL",
    "STATEMENTS",
    "THEOREM_6_EXAMPLES",
    "THREE",
    "THRESHOLD_EXAMPLES",
    "TWO",
    "TWO_HEAP_TABLE",
    "Box",
    "Check",
    "Lookup",
    "Piles",
    "Statement",
    "by_key",
    "of_paper",
    "paper_name",
]

STATEMENTS: tuple[Statement, ...] = (
    *ALBERT_NOWAKOWSKI_IMPARTIAL,
    *ALBERT_NOWAKOWSKI_PARTIZAN,
    *CAIRNS_HO,
    *HORROCKS,
)
"""Every statement, paper by paper."""


def by_key(key: str) -> Statement:
    """The statement with this key.

    >>> by_key("cairns-ho/prop-4.1").number
    'Proposition 4.1'
    """
    for statement in STATEMENTS:
        if statement.key == key:
            return statement
    raise EndNimError(f"no statement {key!r}: see 'endnim verify --list'")


def paper_name(text: str) -> str:
    """A paper's key from its key or alias (``an``, ``ch``, ``h``).

    >>> paper_name("CH"), paper_name("horrocks")
    ('cairns-ho', 'horrocks')
    """
    name = text.strip().lower()
    name = PAPER_ALIASES.get(name, name)
    if name not in PAPERS:
        raise EndNimError(f"unknown paper {text!r}: choose {', '.join(PAPERS)} (or an, ch, h)")
    return name


def of_paper(paper: str) -> Iterator[Statement]:
    """The statements of one paper, in order.

    >>> len(list(of_paper("an"))) > 15
    True
    """
    name = paper_name(paper)
    return (s for s in STATEMENTS if s.paper == name)
