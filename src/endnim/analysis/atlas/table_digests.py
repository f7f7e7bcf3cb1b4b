"""The digests of an atlas CSV written table by table: what makes its values trustworthy.

After each finished table, a sealed sidecar ``FILE.digests`` (:mod:`endnim.sealed`: fsync,
atomic rename, its own SHA-256) records the options of the run and, per finished table, the
SHA-256 of its lines exactly as they are in the CSV. A read checks every table against its
digest, so an edited value, a flipped byte, a lost or cut table or a lost sidecar is found
before any value is used; a resume keeps only the tables that match and computes the others
again. A table is recognised by the first two fields of its lines (the rule set and the middle).

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "atlas.csv"
...     body = "endnim,[],1\\nendnim,[],2\\n"
...     _ = path.write_text("variant,middle,a\\n" + body)
...     write_digests(path, {"rows": 2}, [(("endnim", "[]"), table_digest(body))])
...     found = inspect_tables(path, "variant,middle,a\\n" + body, "variant,middle,a\\n")
...     found.intact, list(found.verified), found.options
(True, [('endnim', '[]')], {'rows': 2})
"""

from __future__ import annotations

import csv
import errno
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endnim.analysis.periodicity import AtlasError
from endnim.errors import EndNimError
from endnim.sealed import read_sealed, write_sealed

DIGESTS_SUFFIX = ".digests"
DIGESTS_FORMAT = "atlas-table-digests-1"

TableKey = tuple[str, str]
"""A table: its rule set and its middle, as the CSV writes them."""


def digests_path(path: str | Path) -> Path:
    """The sidecar holding the table digests of the CSV ``path``.

    >>> digests_path("data/atlas/periodicity.csv").name
    'periodicity.csv.digests'
    """
    target = Path(path)
    return target.with_name(target.name + DIGESTS_SUFFIX)


def table_digest(text: str) -> str:
    """The SHA-256 of a table's lines, exactly as written.

    >>> table_digest("endnim,[],1\\n")[:12]
    'd4d079e57ba5'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def line_key(line: str) -> TableKey | None:
    """The table a CSV line belongs to (its first two fields), or ``None`` if it has fewer.

    >>> line_key('loop,"[1, 2]",2,5'), line_key("garbage")
    (('loop', '[1, 2]'), None)
    """
    try:
        fields = next(csv.reader([line]), [])
    except csv.Error:
        return None
    return (fields[0], fields[1]) if len(fields) >= 2 else None


def write_digests(
    path: str | Path, options: dict[str, Any], tables: Sequence[tuple[TableKey, str]]
) -> None:
    """Seal the digests of the finished ``tables`` of the CSV ``path`` (in file order) and the
    ``options`` that made them, durably: a failed write leaves the previous sidecar whole."""
    write_sealed(
        digests_path(path),
        {
            "format": DIGESTS_FORMAT,
            "options": options,
            "tables": [[variant, middle, digest] for (variant, middle), digest in tables],
        },
    )


@dataclass
class TableInspection:
    """An atlas CSV checked against its digests."""

    verified: dict[TableKey, str] = field(default_factory=dict)
    """The tables that match their digest: their lines, in the sidecar's order."""
    digests: dict[TableKey, str] = field(default_factory=dict)
    """The digest of every verified table."""
    mismatched: list[TableKey] = field(default_factory=list)
    """Finished tables whose lines differ from their digest (edited, damaged or cut)."""
    missing: list[TableKey] = field(default_factory=list)
    """Finished tables with no line left in the file."""
    unsealed_lines: int = 0
    """Lines of no finished table: a table an interruption cut short, or damage."""
    seal_problem: str | None = None
    """Why the sidecar cannot be used (missing, damaged), if it cannot."""
    options: dict[str, Any] = field(default_factory=dict)
    """The options the sidecar records."""
    in_order: bool = True
    """Whether the file is exactly its verified tables, one after the other, in order."""
    header_ok: bool = True
    """Whether the file starts with the header expected."""

    @property
    def intact(self) -> bool:
        """Whether every line of the file is in a table that matches its digest."""
        return (
            self.header_ok
            and self.seal_problem is None
            and not self.mismatched
            and not self.missing
            and not self.unsealed_lines
            and self.in_order
        )

    @property
    def damaged(self) -> list[TableKey]:
        """The finished tables that cannot be trusted (to compute again)."""
        return self.mismatched + self.missing

    def problem(self) -> str:
        """What is wrong, in a few words (empty when intact)."""
        if self.seal_problem is not None:
            return self.seal_problem
        parts = [] if self.header_ok else ["its header is damaged"]
        if self.damaged:
            variant, middle = self.damaged[0]
            parts.append(
                f"{len(self.damaged)} finished table(s) do not match their digests "
                f"(the first: {variant} a·{middle}·b)"
            )
        if self.unsealed_lines:
            parts.append(f"{self.unsealed_lines} line(s) belong to no finished table")
        if not parts and not self.in_order:
            parts.append("its tables are not in the order they were written")
        return "; ".join(parts)


def _sealed_tables(path: Path) -> tuple[list[tuple[TableKey, str]], dict[str, Any]] | str:
    """The digests and options of the sidecar of ``path``, or why they cannot be used."""
    sidecar = digests_path(path)
    try:
        data = read_sealed(sidecar, "table digests")
    except EndNimError:
        return f"its digests file {sidecar} is damaged"
    if data is None:
        return f"its digests file {sidecar} is missing"
    tables = data.get("tables") if isinstance(data, dict) else None
    options = data.get("options") if isinstance(data, dict) else None
    well_formed = (
        isinstance(data, dict)
        and data.get("format") == DIGESTS_FORMAT
        and isinstance(options, dict)
        and isinstance(tables, list)
        and all(
            isinstance(entry, list) and len(entry) == 3 and all(isinstance(x, str) for x in entry)
            for entry in tables
        )
    )
    if not well_formed:
        return f"its digests file {sidecar} is not one endnim writes"
    assert isinstance(tables, list) and isinstance(options, dict)
    return [((v, m), d) for v, m, d in tables], options


def inspect_tables(path: str | Path, text: str, header: str) -> TableInspection:
    """Check the CSV ``text`` of ``path`` (which starts with ``header``) against its digests.

    Lines are grouped by table wherever they are; a group is verified when its lines, joined
    in file order, match the table's digest. A last line without its newline (a write cut
    short) belongs to no table.
    """
    found = TableInspection(header_ok=text.startswith(header))
    body = text[len(header) :] if found.header_ok else text[text.find("\n") + 1 :]
    *complete, tail = body.split("\n")  # only "\n" ends a line, as the writer wrote them
    lines = [line + "\n" for line in complete] + ([tail] if tail else [])
    groups: dict[TableKey, list[str]] = {}
    stray = 0
    for line in lines:
        key = line_key(line) if line.endswith("\n") else None
        if key is None:
            stray += 1
        else:
            groups.setdefault(key, []).append(line)
    sealed = _sealed_tables(Path(path))
    if isinstance(sealed, str):
        found.seal_problem = sealed
        found.unsealed_lines = len(lines)
        return found
    tables, found.options = sealed
    sealed_keys = set()
    for key, digest in tables:
        sealed_keys.add(key)
        if key not in groups:
            found.missing.append(key)
            continue
        joined = "".join(groups[key])
        if table_digest(joined) == digest:
            found.verified[key] = joined
            found.digests[key] = digest
        else:
            found.mismatched.append(key)
    found.unsealed_lines = stray + sum(
        len(rows) for key, rows in groups.items() if key not in sealed_keys
    )
    found.in_order = body == "".join(found.verified.values())
    return found


def read_verified(path: str | Path, header: str, what: str, repair: str) -> str:
    """The text of the CSV ``path`` (it must start with ``header``) after checking every table
    against its digests; a file that does not match is a one-line :class:`AtlasError` naming
    it, ``what`` it is and how to ``repair`` it. A file with neither the header nor a digests
    file is not a ``what`` at all."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise AtlasError(f"cannot read the {what} {path}: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        if isinstance(_sealed_tables(Path(path)), str):
            raise AtlasError(f"{path} is not a {what} (not UTF-8 text)") from None
        raise AtlasError(
            f"cannot trust the {what} {path}: it is damaged (not UTF-8 text); {repair}"
        ) from None
    found = inspect_tables(path, text, header)
    if not found.header_ok and found.seal_problem is not None:
        raise AtlasError(f"{path} is not a {what} (its header differs)")
    if not found.intact:
        raise AtlasError(f"cannot trust the {what} {path}: {found.problem()}; {repair}")
    return text


def is_full_disk(error: BaseException) -> bool:
    """Whether a write failed for want of space (ENOSPC, EDQUOT).

    >>> is_full_disk(OSError(28, "No space left on device")), is_full_disk(ValueError())
    (True, False)
    """
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


__all__ = [
    "DIGESTS_SUFFIX",
    "AtlasError",
    "TableInspection",
    "TableKey",
    "digests_path",
    "inspect_tables",
    "is_full_disk",
    "line_key",
    "read_verified",
    "table_digest",
    "write_digests",
]
