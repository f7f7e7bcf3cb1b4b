"""The papers behind endnim, in one place: who wrote them, where, when, and how to cite a result.

Rule sets (their ``source``), ``endnim verify``'s statements and the docs all cite through
:func:`cite`, so that a paper's name is written once.

>>> cite("horrocks", "Proposition 13")
'Horrocks (2017) Proposition 13'
>>> PAPERS["cairns-ho"].reference
'G. Cairns, N. B. Ho, Some Remarks on End-Nim, Int. J. Combinatorics (2011) 824742'
"""

from __future__ import annotations

from dataclasses import dataclass

from endnim.errors import EndNimError


@dataclass(frozen=True)
class Paper:
    """One paper: its key, authors, short name for citations, title, venue and year."""

    key: str
    authors: str
    short: str
    title: str
    venue: str
    year: int
    alias: str

    @property
    def reference(self) -> str:
        """The full reference, as in a bibliography."""
        return f"{self.authors}, {self.title}, {self.venue}"


PAPERS: dict[str, Paper] = {
    paper.key: paper
    for paper in (
        Paper(
            "albert-nowakowski",
            "M. H. Albert, R. J. Nowakowski",
            "Albert–Nowakowski",
            "The game of End-Nim",
            "Electron. J. Combin. 8(2) (2001) #R1",
            2001,
            "an",
        ),
        Paper(
            "cairns-ho",
            "G. Cairns, N. B. Ho",
            "Cairns–Ho",
            "Some Remarks on End-Nim",
            "Int. J. Combinatorics (2011) 824742",
            2011,
            "ch",
        ),
        Paper(
            "horrocks",
            "D. G. C. Horrocks",
            "Horrocks",
            "Playing End-Nim with a Muller Twist",
            "INTEGERS 17 (2017) #G5",
            2017,
            "h",
        ),
    )
}


def paper(key: str) -> Paper:
    """A paper by its key or alias (``an``, ``ch``, ``h``), any case.

    >>> paper("CH").key
    'cairns-ho'
    """
    name = key.strip().lower()
    for candidate in PAPERS.values():
        if name in (candidate.key, candidate.alias):
            return candidate
    raise EndNimError(
        f"unknown paper {key!r}: choose {', '.join(PAPERS)} "
        f"(or {', '.join(p.alias for p in PAPERS.values())})"
    )


def cite(key: str, where: str = "") -> str:
    """A short citation: ``Short (year) where``."""
    found = paper(key)
    return f"{found.short} ({found.year})" + (f" {where}" if where else "")


def source(key: str, where: str = "") -> str:
    """A rule set's source line: authors' short name, title, year and section."""
    found = paper(key)
    return f"{found.short.replace('–', ' & ')}, {found.title} ({found.year})" + (
        f", {where}" if where else ""
    )
