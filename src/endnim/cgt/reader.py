"""A compiled reader for the common shape of a typed game: braces, commas, numbers, ups and
stars (``{1,{^*|-1/2}|*2,v}``), the text ``value --game`` and the page take most often.

The compiled core (``endnim.cgt._core``) parses the text, builds each literal's canonical
form as :func:`endnim.cgt.game.nus` does and canonicalises every ``{L|R}`` as it closes
(dominated options dropped, reversible ones bypassed: Siegel, *Combinatorial Game Theory*,
II.2, Thm 2.9), all on game ids in its hash-consed table, without a Python call per token.
Anything else — sums, ``±``, ``Tiny``, Unicode arrows, a syntax error, a literal past the
parser's limits, nesting deeper than :data:`MAX_DEPTH`, options born after the core's day
2000 — is declined (``None``), and :func:`endnim.cgt.notation.parse` reads the text as
before (and words any error), so the result never differs, only the time.

>>> from endnim.cgt.game import UP
>>> read("{0|*}") is UP, read("^ + ^") is None, str(read("{ 1 , 1/2 | -3/4 }"))
(True, True, '{1|-3/4}')
"""

from __future__ import annotations

from endnim.cgt.game import Game, through_core

__all__ = ["MAX_DEPTH", "read"]

MAX_DEPTH = 64
"""Deepest nesting of braces the compiled reader takes; deeper texts go to the Python parser
(and its limits)."""


def read(text: str) -> Game | None:
    """The game ``text`` writes, when it is braces, commas and number-up-star literals only;
    else ``None`` (the caller parses it the general way).

    >>> str(read("{0,*|0}")), read("{0|") is None
    ('↑*', True)
    """
    return through_core(lambda core: core.read(text, MAX_DEPTH))
