"""Certificate files of periodicity proofs: what a proof states and where it is written.

A law v(b + period) = v(b) + saltus for every b >= preperiod is a :class:`Law`. A table's
certificate (one sealed JSON file per table a·w·b of one rule set, :mod:`endnim.sealed`) names
the law of its input row w·b (the lone piles, or a row of the table of w[1:] by its
certificate file and seal) and, per row a, either the finite facts of its proof (the repeated
state: where it repeats and which input rows matter) or why it is not proved.

>>> Law(1, 4, 4).value_from([9, 1, 2, 3, 4], 10)   # 1, 2, 3, 4 then + 4 every 4 steps
10
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from endnim.bounded_json import read_json
from endnim.errors import EndNimError
from endnim.sealed import seal, write_sealed

ROW_KIND = "endnim-row-table"
OCTAL_KIND = "octal-guy-smith"
MULLER_KIND = "muller-constant-rows"

CHECK_BUDGET = 200_000_000
"""The most work the checker does for one certificate file by default, estimated from its
claims before any is done: cells of the rows it recomputes (an input row's values at a column
count as a cell), options of an octal game's heaps, or positions of a Muller table; and the
steps of each crossing row's joint check per residue class (a step per phase and per value
from its mex up to its value, and the classes of k of each hole no single input covers). The
prover writes no proof whose joint check costs more (``--budget`` with ``--check`` raises the
checker's)."""

MAX_CERTIFICATE_BYTES = 16 * 2**20
"""The largest certificate file read (the shipped ones are at most 11 kB)."""


class CertificateError(EndNimError):
    """A certificate that cannot be read or does not hold."""


def whole(value: Any) -> int:
    """``value`` if it is an integer (JSON's, not a bool, a float or a string of digits), else
    a ``ValueError``: a certificate's numbers are read as they are written, never converted.

    >>> whole(34)
    34
    >>> whole("34")
    Traceback (most recent call last):
    ...
    ValueError: '34' where an integer is meant
    """
    if type(value) is not int:
        raise ValueError(f"{value!r:.40} where an integer is meant")
    return value


@dataclass(frozen=True)
class Law:
    """v(b + period) = v(b) + saltus for every b >= preperiod."""

    preperiod: int
    period: int
    saltus: int

    def value_from(self, known: Sequence[int], b: int) -> int:
        """v(b) from ``known`` = v(0..n) with n >= preperiod + period - 1, by the law.

        >>> Law(0, 2, 1).value_from([5, 7], 5)   # 5, 7, 6, 8, 7, 9
        9
        """
        if b < len(known):
            return int(known[b])
        steps, rest = divmod(b - self.preperiod, self.period)
        return int(known[self.preperiod + rest]) + steps * self.saltus


@dataclass(frozen=True)
class RowProof:
    """One row's proof: from b = ``start`` on the row repeats its state after ``delta``
    columns, shifted by ``delta`` (the mex of the row so far is ``mex`` at ``start``). The
    input rows a' < a are split into ``relevant`` (periods dividing delta), ``harmless`` (at
    every b from ``start`` on below the mex, among the row's earlier values or above its value:
    checked over lcm(delta, its period) columns), ``crossing`` (the rest: with the relevant
    ones they give the predicted values, checked together over the lcm of all their periods)
    and ``bounded`` (saltus 0, below the mex).
    ``law`` is the row's least period and least preperiod; ``values_sha256`` the digest of
    v(0..start + delta) (:func:`values_digest`)."""

    a: int
    law: Law | None
    start: int = 0
    delta: int = 0
    mex: int = 0
    relevant: tuple[int, ...] = ()
    harmless: tuple[int, ...] = ()
    crossing: tuple[int, ...] = ()
    bounded: tuple[int, ...] = ()
    values_sha256: str = ""
    why_not: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the certificate file."""
        data = asdict(self)
        data["law"] = asdict(self.law) if self.law is not None else None
        for key in ("relevant", "harmless", "crossing", "bounded"):
            data[key] = list(data[key])
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> RowProof:
        """The proof of :meth:`to_dict`'s data (a malformed one is a :class:`CertificateError`).

        >>> proof = RowProof(1, Law(1, 2, 2), 1, 2, 0, (0,), (), (), (), "x")
        >>> RowProof.from_dict(proof.to_dict()) == proof
        True
        """
        try:
            law = data["law"]
            return RowProof(
                a=whole(data["a"]),
                law=Law(**{k: whole(v) for k, v in law.items()}) if law is not None else None,
                start=whole(data["start"]),
                delta=whole(data["delta"]),
                mex=whole(data["mex"]),
                relevant=tuple(whole(x) for x in data["relevant"]),
                harmless=tuple(whole(x) for x in data["harmless"]),
                crossing=tuple(whole(x) for x in data["crossing"]),
                bounded=tuple(whole(x) for x in data["bounded"]),
                values_sha256=str(data["values_sha256"]),
                why_not=None if data["why_not"] is None else str(data["why_not"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CertificateError(f"a row proof is malformed ({error!r})") from None


def values_digest(values: Sequence[int]) -> str:
    """The SHA-256 of a row's values written as decimal numbers separated by commas.

    >>> values_digest([0, 1]) == hashlib.sha256(b"0,1").hexdigest()
    True
    """
    return hashlib.sha256(",".join(str(int(v)) for v in values).encode()).hexdigest()


def table_file(folder: str | os.PathLike[str], variant: str, middle: Sequence[int]) -> Path:
    """Where the certificate of the table of a·middle·b of ``variant`` is written.

    >>> table_file("certs", "endnim", (4, 2)).as_posix()
    'certs/endnim/awb-4-2.json'
    >>> table_file("certs", "loop", ()).as_posix()
    'certs/loop/awb.json'
    """
    name = "awb" + "".join(f"-{pile}" for pile in middle)
    return Path(folder) / variant / f"{name}.json"


def write_certificate(path: Path, data: dict[str, Any]) -> None:
    """Write a certificate (sealed: its SHA-256 is checked by every read)."""
    write_sealed(path, data)


def read_certificate(path: Path) -> dict[str, Any]:
    """A certificate's data after checking its seal (a missing, damaged or edited file is a
    one-line :class:`CertificateError`). It is read with limits, as anyone may have written it
    (:mod:`endnim.bounded_json`): a regular file of at most :data:`MAX_CERTIFICATE_BYTES`
    (a FIFO or a device is refused without blocking), JSON at most 32 deep whose numbers are
    integers of at most 18 digits. The seal is a plain SHA-256 of the content, which anyone
    can recompute after an edit: it catches accidents, not forgeries; what a certificate
    claims is established by the checker recomputing it."""
    recover = "prove the row again with --prove"
    try:
        sealed = read_json(Path(path), "certificate", max_bytes=MAX_CERTIFICATE_BYTES)
    except EndNimError as error:
        raise CertificateError(f"{error}; {recover}") from None
    if sealed is None:
        raise CertificateError(f"no certificate {path}")
    if not isinstance(sealed, dict) or set(sealed) != {"sha256", "data"}:
        raise CertificateError(
            f"cannot read the certificate {path}: it is damaged (not a sealed file); {recover}"
        )
    if sealed["sha256"] != seal(sealed["data"]):
        raise CertificateError(
            f"cannot read the certificate {path}: it is damaged (its content does not match "
            f"its SHA-256); {recover}"
        )
    data = sealed["data"]
    if not isinstance(data, dict) or data.get("kind") not in (ROW_KIND, OCTAL_KIND, MULLER_KIND):
        raise CertificateError(f"{path} is not a periodicity certificate")
    return data


def certificate_seal(data: dict[str, Any]) -> str:
    """The seal of a certificate's data (a certificate names its input's file by this)."""
    return seal(data)


def check_cost(
    proofs: list[RowProof], base: Law | None, middle: tuple[int, ...], rows: int
) -> tuple[int, str]:
    """What checking a table costs by its claims, in cells, and its dearest part in words: the
    first column (a search of each a·w), and per proved row a its a input rows and itself over
    the columns to the repeat, the walks of its harmless input rows (lcm of its repeat and
    their periods, each column compared with the relevant rows) and the residues of the
    others. The checker refuses a file that costs more than its budget (:data:`CHECK_BUDGET`
    by default), and the prover writes no table that would.

    >>> check_cost([RowProof(1, Law(1, 2, 2), 1, 2, 0, (0,))], Law(0, 1, 1), (), 1)
    (9, 'row 1: 2 rows over 4 columns')
    """
    laws: dict[int, Law | None] = {0: base, **{p.a: p.law for p in proofs}}
    cost = (rows + 1) * (1 + sum(middle)) ** 2 * len(middle)
    dearest, words = cost, f"the first column: {rows:,} searches of a·w"
    for proof in proofs:
        if proof.law is None:
            continue
        columns = max(proof.start, 0) + max(proof.delta, 0) + 1
        row = (proof.a + 1) * columns
        for kind, inputs in (
            ("walk", proof.harmless),
            ("residues", proof.relevant + proof.crossing),
        ):
            for i in inputs:
                law = laws.get(i)
                if law is None or law.period < 1 or proof.delta < 1:
                    continue
                walk = math.lcm(proof.delta, law.period) * (1 + len(proof.relevant))
                row += walk if kind == "walk" else law.period
        cost += row
        if row > dearest:
            dearest, words = row, f"row {proof.a}: {proof.a + 1} rows over {columns:,} columns"
    return cost, words
