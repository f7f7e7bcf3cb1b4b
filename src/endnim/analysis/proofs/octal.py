"""Octal games: the nim-sequence's period by the Guy–Smith periodicity theorem.

Guy and Smith (1956; Winning Ways ch. 4, "the periodicity theorem"): for an octal game whose
code has its last non-zero digit at place t, if G(n + p) = G(n) for every n with
n₀ ≤ n < 2n₀ + p + t, then G(n + p) = G(n) for every n ≥ n₀. The prover computes the
nim-sequence from the rule set's own moves on one heap (its ``heap_options``: the heaps a move
leaves), finds the least period and preperiod that pass the check, and writes a certificate
that the checker (:mod:`~endnim.analysis.proofs.checker`) verifies from the code alone.

>>> law = octal_law("0.07")   # Dawson's Kayles: period 34, last exception at n = 52
>>> law.preperiod, law.period
(53, 34)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path

from endnim.analysis.proofs.certificate import OCTAL_KIND, Law, write_certificate
from endnim.errors import EndNimError

HEAPS = 1 << 14
"""The longest nim-sequence computed before giving up (``--budget`` lowers or raises it)."""

Moves = Callable[[int], Sequence[Sequence[int]]]
"""What one heap may become: every option as the heaps it leaves."""


def code_digits(code: str) -> tuple[int, ...]:
    """The digits d0, d1, ... of an octal code (a bad code is a one-line error).

    >>> code_digits("0.07"), code_digits("4.7")
    ((0, 0, 7), (4, 7))
    """
    head, dot, tail = code.strip().partition(".")
    text = (head or "0") + tail
    if not dot or not text.isdigit() or set(text) & {"8", "9"} or not tail.strip("0"):
        raise EndNimError(f"an octal code reads like 0.07 or 4.7, not {code!r}")
    return tuple(int(c) for c in text)


def code_moves(code: str) -> Moves:
    """The moves on one heap that an octal code allows (what each leaves).

    >>> sorted(code_moves("0.07")(4))
    [(1, 1), (2,)]
    """
    digits = code_digits(code)

    def moves(heap: int) -> list[tuple[int, ...]]:
        found: list[tuple[int, ...]] = []
        for taken, digit in enumerate(digits):
            rest = heap - taken
            if taken == 0 or rest < 0:
                continue
            if digit & 1 and rest == 0:
                found.append(())
            if digit & 2 and rest > 0:
                found.append((rest,))
            if digit & 4:
                found.extend((rest - k, k) for k in range(1, rest // 2 + 1))
        return found

    return moves


def nim_sequence(moves: Moves, heaps: int) -> list[int]:
    """G(0..heaps) of a heap game whose options split a heap into at most two heaps.

    >>> nim_sequence(code_moves("0.07"), 10)
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """
    values: list[int] = []
    for heap in range(heaps + 1):
        options = set()
        for left in moves(heap):
            value = 0
            for part in left:
                value ^= values[part]
            options.add(value)
        mex = 0
        while mex in options:
            mex += 1
        values.append(mex)
    return values


def guy_smith_law(values: Sequence[int], last_digit: int) -> Law | None:
    """The least period p, then least preperiod n₀, that pass the Guy–Smith check on
    ``values`` (which must reach 2n₀ + 2p + t), or ``None``.

    >>> guy_smith_law([0, 1, 0, 1, 0, 1, 0, 1, 0, 1], 1)
    Law(preperiod=0, period=2, saltus=0)
    """
    size = len(values)
    for period in range(1, size):
        broken = [n for n in range(size - period) if values[n + period] != values[n]]
        start = broken[-1] + 1 if broken else 0
        if 2 * start + 2 * period + last_digit <= size:
            return Law(start, period, 0)
    return None


def octal_law(code: str, moves: Moves | None = None, heaps: int = HEAPS) -> Law:
    """The nim-sequence's law for ``code`` (heaps move by ``moves``, default the code's),
    proved by the Guy–Smith check within ``heaps`` heaps, else a one-line error."""
    digits = code_digits(code)
    last = max(k for k, d in enumerate(digits) if d)
    size = 64
    while True:
        law = guy_smith_law(nim_sequence(moves or code_moves(code), size), last)
        if law is not None:
            return law
        if size >= heaps:
            raise EndNimError(
                f"no period of {code} passes the Guy–Smith check within {heaps} heaps"
            )
        size = min(heaps, size * 4)


def certify_octal(
    code: str,
    name: str,
    folder: str | os.PathLike[str],
    moves: Moves | None = None,
    heaps: int = HEAPS,
) -> tuple[Path, Law]:
    """Prove the nim-sequence's law and write its certificate ``folder/octal/NAME.json``."""
    law = octal_law(code, moves, heaps)
    path = Path(folder) / "octal" / f"{name}.json"
    write_certificate(
        path,
        {
            "kind": OCTAL_KIND,
            "code": code,
            "rule_set": name,
            "law": asdict(law),
            "check": "G(n + period) = G(n) for preperiod <= n < 2 preperiod + period + t",
        },
    )
    return path, law
