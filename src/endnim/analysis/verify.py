"""Re-checking the papers' statements (:mod:`endnim.analysis.statements`) by exhaustive search.

:func:`verify` computes every layer the selected statements need once with the engine, then
runs each statement's check on every position of its range (or its listed positions) and
returns one :class:`Result` per statement: how many positions, how many the statement applied
to, and the first counterexample (fewest heaps, then lexicographic). A slip as printed
(``expect=False``) is reproduced when a counterexample is found.

>>> from endnim.analysis.statements import by_key
>>> [r.status for r in verify([by_key("horrocks/prop-13-printed"), by_key("horrocks/prop-13")],
...                           bound=4)]
['SLIP CONFIRMED', 'OK']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from endnim.analysis.oracle import Oracle
from endnim.analysis.statements import STATEMENTS, Box, Lookup, Statement
from endnim.errors import EndNimError
from endnim.search import format_count

Piles = tuple[int, ...]
MAX_POSITIONS = 200_000_000
"""Refuse a run that would check more positions than this (about an hour of checks)."""
MAX_LENGTH = 40
"""The longest rows a statement is checked on (as ``endnim conjecture``'s ``--max-length``)."""


@dataclass
class Result:
    """The outcome of checking one statement."""

    statement: Statement
    ranges: list[str]
    positions: int
    applicable: int
    failures: int
    counterexample: Piles | None
    counterexample_value: Any
    seconds: float

    @property
    def status(self) -> str:
        """``OK``, ``SLIP CONFIRMED`` (a printed slip fails as docs/errata.md says), ``FAIL`` (a
        counterexample to a statement believed true) or ``NOT REPRODUCED`` (a slip's range
        held no counterexample)."""
        if self.statement.expect:
            return "OK" if self.failures == 0 else "FAIL"
        return "SLIP CONFIRMED" if self.failures else "NOT REPRODUCED"

    @property
    def as_expected(self) -> bool:
        """Whether the statement behaved as the registry says (true holds, slip fails)."""
        return self.status in ("OK", "SLIP CONFIRMED")

    def to_dict(self) -> dict[str, Any]:
        """Plain data: one entry of ``endnim verify --json``."""
        s = self.statement
        return {
            "key": s.key,
            "paper": s.paper,
            "number": s.number,
            "citation": s.citation,
            "statement": s.text,
            "variant": s.variant,
            "expect": "holds" if s.expect else "fails (slip as printed)",
            "note": s.note,
            "range": self.ranges,
            "positions": self.positions,
            "applicable": self.applicable,
            "failures": self.failures,
            "counterexample": None if self.counterexample is None else list(self.counterexample),
            "counterexample_value": self.counterexample_value,
            "status": self.status,
            "seconds": round(self.seconds, 3),
        }


def effective_boxes(
    statement: Statement, bound: int | None = None, max_length: int | None = None
) -> tuple[Box, ...]:
    """The statement's ranges after ``--bound`` (pile bound) and ``--max-length`` overrides.

    ``bound`` replaces every box's pile bound; ``max_length`` (ignored for statements about one
    length, such as two- or three-pile results) drops or clips boxes above it and stretches the
    last box up to it.

    >>> from endnim.analysis.statements import by_key
    >>> effective_boxes(by_key("horrocks/thm-1"), bound=3, max_length=9)
    (Box(min_length=1, max_length=9, max_pile=3),)
    >>> effective_boxes(by_key("horrocks/thm-1"), max_length=7)
    (Box(min_length=1, max_length=6, max_pile=8), Box(min_length=7, max_length=7, max_pile=4))
    >>> effective_boxes(by_key("horrocks/thm-3"), bound=10, max_length=9)
    (Box(min_length=2, max_length=2, max_pile=10),)
    """
    boxes = [replace(box, max_pile=bound) if bound is not None else box for box in statement.boxes]
    if max_length is not None and boxes and not statement.fixed_length:
        kept = [
            replace(box, max_length=min(box.max_length, max_length))
            for box in boxes
            if box.min_length <= max_length
        ]
        if kept and kept[-1].max_length < max_length:
            kept[-1] = replace(kept[-1], max_length=max_length)
        boxes = kept
    merged: list[Box] = []
    for box in boxes:  # neighbouring lengths with one pile bound make one box
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.max_pile == box.max_pile
            and last.max_length + 1 == box.min_length
        ):
            merged[-1] = replace(last, max_length=box.max_length)
        else:
            merged.append(box)
    return tuple(merged)


def describe(boxes: Sequence[Box], positions: Sequence[Piles]) -> list[str]:
    """The ranges in words.

    >>> describe([Box(1, 6, 8), Box(7, 8, 4)], [])
    ['length 1..6, piles <= 8', 'length 7..8, piles <= 4']
    >>> describe([], [(3, 1, 4), (1, 1)]), describe([], [(2,)])
    (['2 positions listed: 3 1 4, 1 1'], ['1 position listed: 2'])
    """
    words = [str(box) for box in boxes]
    if positions:
        shown = ", ".join(" ".join(map(str, p)) for p in positions[:4])
        more = ", ..." if len(positions) > 4 else ""
        count = f"{len(positions)} position{'s' if len(positions) > 1 else ''}"
        words.append(f"{count} listed: {shown}{more}")
    return words


def check_statement(
    statement: Statement,
    oracle: Oracle,
    *,
    bound: int | None = None,
    max_length: int | None = None,
) -> Result:
    """Run one statement's check on its whole range.

    >>> from endnim.analysis.statements import by_key
    >>> r = check_statement(by_key("albert-nowakowski/thm-2-proof-printed"), Oracle(), bound=5)
    >>> r.status, r.counterexample, r.counterexample_value
    ('SLIP CONFIRMED', (3, 1, 5), 6)
    """
    start = time.perf_counter()
    boxes = effective_boxes(statement, bound, max_length)
    look = Lookup(oracle, statement.variant)
    check = statement.check
    positions = applicable = failures = 0
    first: tuple[Piles, Any] | None = None

    def cases() -> Iterable[tuple[Piles, Any]]:
        for box in boxes:
            for length in range(box.min_length, box.max_length + 1):
                yield from oracle.layer(statement.variant, length, box.max_pile)
        for piles in statement.positions:
            yield piles, oracle.value(statement.variant, piles)

    for piles, value in cases():
        positions += 1
        verdict = check(piles, value, look)
        if verdict is None:
            continue
        applicable += 1
        if not verdict:
            failures += 1
            if first is None:
                first = (piles, value)
    return Result(
        statement,
        describe(boxes, statement.positions),
        positions,
        applicable,
        failures,
        None if first is None else first[0],
        None if first is None else first[1],
        time.perf_counter() - start,
    )


def plan(
    statements: Sequence[Statement], bound: int | None = None, max_length: int | None = None
) -> dict[tuple[str, int], int]:
    """The layers to compute: (variant, length) -> largest pile, over every statement.

    >>> from endnim.analysis.statements import by_key
    >>> plan([by_key("cairns-ho/sec-5-p-positions")], bound=5)
    {('endnim', 3): 5, ('misere', 3): 5, ('loop', 3): 5}
    """
    needed: dict[tuple[str, int], int] = {}
    for statement in statements:
        for box in effective_boxes(statement, bound, max_length):
            for variant in (statement.variant, *statement.uses):
                for length in range(box.min_length, box.max_length + 1):
                    key = (variant, length)
                    needed[key] = max(needed.get(key, 0), box.max_pile + statement.reach)
    return needed


def count_positions(
    statements: Sequence[Statement], bound: int | None = None, max_length: int | None = None
) -> int:
    """How many positions the run will check, in all.

    >>> from endnim.analysis.statements import by_key
    >>> count_positions([by_key("horrocks/thm-3")], bound=10)
    100
    """
    return sum(
        sum(box.count() for box in effective_boxes(s, bound, max_length)) + len(s.positions)
        for s in statements
    )


def select(papers: Iterable[str] = (), keys: Iterable[str] = ()) -> list[Statement]:
    """The statements of the given papers and keys (a key may be a prefix); all if none given.

    >>> [s.key for s in select(keys=["horrocks/prop-13"])]
    ['horrocks/prop-13-printed', 'horrocks/prop-13']
    """
    from endnim.analysis.statements import paper_name

    chosen_papers = {paper_name(p) for p in papers}
    wanted = list(keys)
    result = []
    for statement in STATEMENTS:
        by_paper = statement.paper in chosen_papers
        by_key = any(statement.key.startswith(k) for k in wanted)
        if (not chosen_papers and not wanted) or by_paper or by_key:
            result.append(statement)
    for key in wanted:
        if not any(s.key.startswith(key) for s in STATEMENTS):
            raise EndNimError(f"no statement {key!r}: see 'endnim verify --list'")
    return result


def check_range(
    statements: Sequence[Statement], bound: int | None = None, max_length: int | None = None
) -> int:
    """How many positions checking ``statements`` takes, or a one-line refusal when the
    bounds are not positive, the rows are longer than ``MAX_LENGTH`` or the positions more
    than ``MAX_POSITIONS`` (counted without writing out a huge number).

    >>> from endnim.analysis.statements import by_key
    >>> check_range([by_key("horrocks/thm-3")], bound=10)
    100
    >>> check_range([by_key("horrocks/thm-3")], max_length=10**8)
    Traceback (most recent call last):
    endnim.errors.EndNimError: --max-length 100,000,000: rows of at most 40 piles are checked
    """
    if bound is not None and bound < 1:
        raise EndNimError("--bound must be at least 1")
    if max_length is not None and max_length < 1:
        raise EndNimError("--max-length must be at least 1")
    if max_length is not None and max_length > MAX_LENGTH:
        raise EndNimError(
            f"--max-length {max_length:,}: rows of at most {MAX_LENGTH} piles are checked"
        )
    total = count_positions(statements, bound, max_length)
    if total > MAX_POSITIONS:
        raise EndNimError(
            f"that would check {format_count(total)} positions (at most {MAX_POSITIONS:,}): "
            "lower --bound or --max-length"
        )
    return total


def verify(
    statements: Sequence[Statement] | None = None,
    *,
    bound: int | None = None,
    max_length: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int, Statement], None] | None = None,
) -> list[Result]:
    """Check ``statements`` (default: every one) and return their results in order.

    ``bound`` and ``max_length`` override the ranges (see :func:`effective_boxes`);
    ``progress(done, total, statement)`` is called before each statement.
    """
    chosen = list(STATEMENTS if statements is None else statements)
    check_range(chosen, bound, max_length)
    oracle = Oracle(threads=threads)
    for (variant, length), max_pile in plan(chosen, bound, max_length).items():
        oracle.prepare(variant, length, max_pile)
    results = []
    for index, statement in enumerate(chosen):
        if progress is not None:
            progress(index, len(chosen), statement)
        results.append(check_statement(statement, oracle, bound=bound, max_length=max_length))
    if progress is not None and chosen:
        progress(len(chosen), len(chosen), chosen[-1])
    return results
