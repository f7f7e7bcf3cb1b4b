"""The periodicity atlas: every row a of the a·w·b tables of every impartial row rule set.

Albert–Nowakowski (2001) §2 observe that the rows of the a·4·b table "appear to be ultimately
arithmetico-periodic". The atlas asks it of every impartial row rule set in the registry, every
middle w of length ≤ 2 with piles ≤ 8 (the empty middle included: the two-pile table a·b) and
of length 3 with piles ≤ 4, every row 1 ≤ a ≤ 32 and the columns 1 ≤ b ≤ 4096.

Detection is exactly :func:`endnim.analysis.periodicity.find_periodicity` (the same rule as
``endnim periodicity``): a period p with saltus s passes when v(b + p) = v(b) + s for every b
from the onset b₀ to the end of the data and the data from b₀ on covers at least
``min_periods`` full periods (default 3); among the periods that pass, the earliest onset wins,
then the least period. :func:`row_periodicity` computes the same answer faster by discarding
periods that cannot pass (their last steps are not constant) or cannot start earlier than the
best found so far (one step checked), which makes the whole atlas take seconds, not minutes.

The CSV has one line per row a (columns :data:`COLUMNS`); the rows of one table are written
together and flushed, then the table's SHA-256 is sealed in ``FILE.digests``
(:mod:`~endnim.analysis.atlas.table_digests`), so an interrupted run resumes without losing a
finished table, a damaged or edited table is found (by every read) and computed again (by a
resume), and the final file is byte-identical to an uninterrupted run.

>>> import numpy as np
>>> row_periodicity(np.array([5 ^ b for b in range(1, 65)]))   # two-pile End-Nim: 5 ⊕ b
Periodicity(preperiod=1, period=8, saltus=8, periods_seen=8)
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from endnim.analysis.atlas.table_digests import (
    TableInspection,
    TableKey,
    digests_path,
    inspect_tables,
    is_full_disk,
    read_verified,
    table_digest,
    write_digests,
)
from endnim.analysis.periodicity import (
    DEFAULT_MIN_PERIODS,
    AtlasError,
    row_periodicity,
)
from endnim.durable import write_text_atomically

__all__ = [
    "AtlasError",
    "AtlasSpec",
    "read_atlas",
    "row_periodicity",
    "run_atlas",
    "summarise",
]

COLUMNS = (
    "variant",
    "middle",
    "middle_length",
    "a",
    "b_max",
    "min_periods",
    "periodic",
    "preperiod",
    "period",
    "saltus",
    "periods_seen",
)
"""The CSV columns: rule set name; the middle w as a JSON list (``[]`` for a·b); its length;
the row a; the last column computed (columns are b = 1..b_max); the confidence rule; whether a
period passed (``True``/``False``: "not periodic within the range"); then preperiod b₀, period,
saltus and full periods seen, empty when no period passed."""


# --------------------------------------------------------------------------- the atlas
@dataclass(frozen=True)
class AtlasSpec:
    """What the atlas covers: rule sets, middles, rows 1..rows, columns 1..cols.

    >>> spec = AtlasSpec.default()
    >>> len(spec.middles), spec.rows, spec.cols, len(spec.tables())
    (137, 32, 4096, 685)
    """

    variants: tuple[str, ...]
    middles: tuple[tuple[int, ...], ...]
    rows: int = 32
    cols: int = 4096
    min_periods: int = DEFAULT_MIN_PERIODS

    @staticmethod
    def default(
        *,
        variants: Sequence[str] | None = None,
        rows: int = 32,
        cols: int = 4096,
        min_periods: int = DEFAULT_MIN_PERIODS,
        short_piles: int = 8,
        long_piles: int = 4,
    ) -> AtlasSpec:
        """Issue 14's atlas: middles of length ≤ 2 with piles ≤ ``short_piles`` and of length
        3 with piles ≤ ``long_piles``; every impartial row rule set of the registry (the
        engine must have a recurrence for it) unless ``variants`` names some."""
        return AtlasSpec(
            variants=tuple(variants) if variants is not None else impartial_row_variants(),
            middles=middles(short_piles, long_piles),
            rows=rows,
            cols=cols,
            min_periods=min_periods,
        )

    def tables(self) -> list[tuple[str, tuple[int, ...]]]:
        """Every (rule set, middle) table, in the order the atlas writes them."""
        return [(v, w) for v in self.variants for w in self.middles]


def impartial_row_variants() -> tuple[str, ...]:
    """The impartial row rule sets of the registry that the compiled engine can tabulate.

    >>> impartial_row_variants()
    ('endnim', 'misere', 'misere-conway', 'loop', 'muller')
    """
    from endnim.engine import supports
    from endnim.variants import Variant, all_variants

    return tuple(
        r.name
        for r in all_variants()
        if isinstance(r, Variant) and r.impartial and supports(r.name)
    )


def middles(short_piles: int = 8, long_piles: int = 4) -> tuple[tuple[int, ...], ...]:
    """The empty middle, then lengths 1 and 2 with piles ≤ ``short_piles``, then length 3 with
    piles ≤ ``long_piles``, each in lexicographic order.

    >>> middles(2, 1)
    ((), (1,), (2,), (1, 1), (1, 2), (2, 1), (2, 2), (1, 1, 1))
    """
    found: list[tuple[int, ...]] = [()]
    for length, top in ((1, short_piles), (2, short_piles), (3, long_piles)):
        found.extend(itertools.product(range(1, top + 1), repeat=length))
    return tuple(found)


def middle_text(middle: Sequence[int]) -> str:
    """The CSV form of a middle: a JSON list.

    >>> middle_text(()), middle_text((4, 4))
    ('[]', '[4, 4]')
    """
    return json.dumps(list(middle))


def table_rows(
    variant: str,
    middle: Sequence[int],
    rows: int,
    cols: int,
    min_periods: int = DEFAULT_MIN_PERIODS,
    *,
    threads: int | None = None,
) -> list[dict[str, object]]:
    """The atlas lines of one table: rows a = 1..rows of a·middle·b, b = 1..cols.

    >>> [line["period"] for line in table_rows("endnim", (), 4, 64)]
    [2, 4, 4, 8]
    """
    from endnim.analysis.tables import grid_table
    from endnim.variants import get_row_variant

    rules = get_row_variant(variant, "an atlas")  # its path: the engine, else a search
    table = grid_table(rules, list(middle), rows, cols, threads=threads)
    lines: list[dict[str, object]] = []
    for a in range(1, rows + 1):
        found = row_periodicity(table[a, 1:], 1, min_periods=min_periods)
        line: dict[str, object] = {
            "variant": variant,
            "middle": middle_text(middle),
            "middle_length": len(middle),
            "a": a,
            "b_max": cols,
            "min_periods": min_periods,
            "periodic": found is not None,
        }
        for key in ("preperiod", "period", "saltus", "periods_seen"):
            line[key] = getattr(found, key) if found is not None else ""
        lines.append(line)
    return lines


def _render(lines: list[dict[str, object]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writerows(lines)
    return buffer.getvalue()


def _header() -> str:
    return ",".join(COLUMNS) + "\n"


def _options(spec: AtlasSpec) -> dict[str, int]:
    """What the digests file records of a run: the options every table of the file shares."""
    return {"b_max": spec.cols, "min_periods": spec.min_periods, "rows": spec.rows}


def _repair_hint(path: Path) -> str:
    return (
        f"run 'endnim atlas periodicity {path}' again with the options that made it: it keeps "
        "the intact tables and computes the others again"
    )


def _check_options(path: Path, found: TableInspection, body: str, spec: AtlasSpec) -> None:
    """Refuse to resume a file made with another b_max or confidence rule: from its digests
    file, or, when that is lost, from what most of its lines say."""
    if found.seal_problem is None:
        made = (found.options.get("b_max"), found.options.get("min_periods"))
    else:
        votes: Counter[tuple[str, str]] = Counter()
        where = (COLUMNS.index("b_max"), COLUMNS.index("min_periods"))
        for line in body.split("\n"):
            try:
                fields = next(csv.reader([line]), [])
            except csv.Error:  # a damaged line has no vote
                continue
            if len(fields) == len(COLUMNS):
                votes[(fields[where[0]], fields[where[1]])] += 1
        if not votes:
            return
        made = votes.most_common(1)[0][0]
    if (str(made[0]), str(made[1])) != (str(spec.cols), str(spec.min_periods)):
        raise AtlasError(
            f"{path} was made with b_max={made[0]}, min_periods={made[1]}; resume with the same "
            "options or write to another file"
        )


Kept = dict[TableKey, tuple[str, str]]
"""Finished tables: their lines and digest, in file order."""


def _finished_tables(path: Path, spec: AtlasSpec, notice: Callable[[str], None]) -> Kept:
    """The tables of ``path`` that match their digests (a resume keeps these), after telling
    ``notice`` in one line which were not kept and why."""
    raw = path.read_bytes()
    if not raw:  # created but never written: start afresh
        return {}
    text = raw.decode("utf-8", errors="replace")  # a damaged byte only fails its table
    found = inspect_tables(path, text, _header())
    if not found.header_ok and found.seal_problem is not None:
        raise AtlasError(f"{path} is not a periodicity atlas (its header differs); move it away")
    _check_options(path, found, text[text.find("\n") + 1 :], spec)
    if found.seal_problem is not None:
        if text.count("\n") > 1:
            notice(f"{path}: {found.seal_problem}, so no table can be trusted: computing all again")
        return {}
    if found.options.get("rows") != spec.rows:
        notice(f"{path}: made with --rows {found.options.get('rows')}: computing all again")
        return {}
    if not found.header_ok:
        notice(f"{path}: its header is damaged: writing it again")
    if found.damaged:
        names = ", ".join(f"{v} a·{m}·b" for v, m in found.damaged[:3])
        more = ", ..." if len(found.damaged) > 3 else ""
        notice(
            f"{path}: {len(found.damaged)} finished table(s) do not match their digests "
            f"(damaged or edited), computing them again: {names}{more}"
        )
    return {key: (lines, found.digests[key]) for key, lines in found.verified.items()}


AtlasProgress = Callable[[int, int, str], None]
"""Called after each table is written: (tables done, tables in all, the table's name)."""


def run_atlas(
    path: str | os.PathLike[str],
    spec: AtlasSpec,
    *,
    progress: AtlasProgress | None = None,
    threads: int | None = None,
    notice: Callable[[str], None] | None = None,
) -> int:
    """Write (or complete, or repair) the periodicity atlas ``path``; returns the tables
    computed now.

    Tables already complete in ``path`` that match their digests (``path.digests``) are kept
    and skipped; a table cut short, edited or damaged is computed again (``notice`` hears of the
    damaged ones in one line). Rows are appended one table at a time, flushed and synced, then
    the table's digest is sealed. The result is the file an uninterrupted run writes. A full
    disk is a one-line :class:`AtlasError`; what it cut short is not trusted by a resume.
    """
    from endnim.variants import get_row_variant

    for variant in spec.variants:
        rules = get_row_variant(variant, "the periodicity atlas")
        if not rules.impartial:
            raise AtlasError(
                f"the periodicity atlas is of Grundy values; {rules.title} is partizan "
                "(endnim atlas partizan catalogues its canonical forms)"
            )
    target = Path(path)
    options = _options(spec)
    wanted = [(variant, middle_text(middle)) for variant, middle in spec.tables()]
    kept: Kept = {}
    if target.exists():
        kept = _finished_tables(target, spec, notice or (lambda line: None))
    else:
        target.parent.mkdir(parents=True, exist_ok=True)

    def seal(order: Iterable[TableKey]) -> None:
        write_digests(target, options, [(key, kept[key][1]) for key in order])

    computed = 0
    finished = sum(key in kept for key in wanted)
    try:
        write_text_atomically(target, _header() + "".join(lines for lines, _ in kept.values()))
        seal(kept)
        with target.open("a", encoding="utf-8") as out:
            for (variant, middle), key in zip(spec.tables(), wanted, strict=True):
                if key in kept:
                    continue
                lines = _render(
                    table_rows(
                        variant, middle, spec.rows, spec.cols, spec.min_periods, threads=threads
                    )
                )
                out.write(lines)
                out.flush()
                os.fsync(out.fileno())
                kept[key] = (lines, table_digest(lines))
                seal(kept)
                computed += 1
                finished += 1
                if progress is not None:
                    progress(finished, len(wanted), f"{variant} a·{key[1]}·b")
        order = [key for key in kept if key not in set(wanted)] + [k for k in wanted if k in kept]
        if order != list(kept):  # a repaired table goes back to its place
            write_text_atomically(target, _header() + "".join(kept[key][0] for key in order))
            seal(order)
    except OSError as error:
        if is_full_disk(error):
            raise AtlasError(
                f"the disk holding {target} is full: every finished table is kept with its "
                f"digest in {digests_path(target)}; free some space and run the same command "
                "to resume"
            ) from None
        raise
    return computed


def read_atlas(path: str | os.PathLike[str]) -> list[dict[str, str]]:
    """The atlas lines as dictionaries of strings (pandas: ``pd.read_csv(path)``), after
    checking every table against its digests (``path.digests``); a file that is not a
    periodicity atlas, or whose values do not match their digests, is a one-line
    :class:`AtlasError` naming it and how to repair it."""
    text = read_verified(Path(path), _header(), "periodicity atlas", _repair_hint(Path(path)))
    return list(csv.DictReader(io.StringIO(text)))


# --------------------------------------------------------------------------- summary
CONFIDENT = 6
"""The summary calls a periodic row *settled* when at least this many periods are seen and the
preperiod is in the first half of the columns (the pattern holds over at least half of the
data); other periodic rows are *tentative*."""


def nim_period(a: int) -> int:
    """The period of the row a ⊕ b of two-pile End-Nim: 2^(bit length of a).

    >>> [nim_period(a) for a in (1, 2, 3, 4, 7, 8)]
    [2, 4, 4, 8, 8, 16]
    """
    return 1 << a.bit_length()


def summarise(
    lines: Iterable[dict[str, str]], confident: int = CONFIDENT
) -> dict[str, dict[str, object]]:
    """Per rule set: how many rows settle (a period seen at least ``confident`` times from a
    preperiod in the first half of the columns), are tentative (periodic, but less) or show no
    period; which periods occur among settled rows; how the
    largest period and preperiod grow with a; the saltus; the period of the nim row a ⊕ b.

    >>> lines = [{k: str(v) for k, v in line.items()} for line in table_rows("endnim", (), 4, 64)]
    >>> part = summarise(lines)["endnim"]
    >>> part["settled"], part["periods"], part["nim_period_rows"]
    (4, {'2': 1, '4': 2, '8': 1}, 4)
    """
    grouped: dict[str, list[dict[str, str]]] = {}
    for line in lines:
        grouped.setdefault(line["variant"], []).append(line)
    found: dict[str, dict[str, object]] = {}
    for variant, rows in grouped.items():
        periodic = [r for r in rows if r["periodic"] == "True"]
        settled = [
            r
            for r in periodic
            if int(r["periods_seen"]) >= confident and int(r["preperiod"]) <= int(r["b_max"]) // 2
        ]
        periods = Counter(int(r["period"]) for r in settled)
        by_a: dict[int, list[dict[str, str]]] = {}
        for r in settled:
            by_a.setdefault(int(r["a"]), []).append(r)
        settled_ids = {id(r) for r in settled}  # the rest is tentative or not periodic
        unsettled = Counter(r["middle_length"] for r in rows if id(r) not in settled_ids)
        found[variant] = {
            "rows": len(rows),
            "settled": len(settled),
            "tentative": len(periodic) - len(settled),
            "not_periodic": len(rows) - len(periodic),
            "periods": {str(p): n for p, n in sorted(periods.items())},
            "periods_not_power_of_two": sorted(p for p in periods if p & (p - 1)),
            "rows_with_power_of_two_period": sum(n for p, n in periods.items() if p & (p - 1) == 0),
            "saltus_equals_period": sum(r["saltus"] == r["period"] for r in settled),
            "saltus_zero": sum(r["saltus"] == "0" for r in settled),
            "nim_period_rows": sum(int(r["period"]) == nim_period(int(r["a"])) for r in settled),
            "largest_period_by_a": {
                str(a): max(int(r["period"]) for r in by_a[a]) for a in sorted(by_a)
            },
            "largest_preperiod_by_a": {
                str(a): max(int(r["preperiod"]) for r in by_a[a]) for a in sorted(by_a)
            },
            "median_preperiod_by_a": {
                str(a): int(np.median([int(r["preperiod"]) for r in by_a[a]])) for a in sorted(by_a)
            },
            "unsettled_by_middle_length": dict(sorted(unsettled.items())),
        }
    return found
