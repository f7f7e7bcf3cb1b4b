"""The certificates shipped in data/atlas/certificates pass the checker (every one of them),
their laws predict the engine's values far beyond the columns their proofs computed, the
sealed summary names exactly what they prove, and every proved row agrees with the observed
atlas CSV.

The checker remembers the tables it has checked in this process (by the digests of their
files), so a table that is the input of many others is checked once: the End-Nim-family
certificates take about 35 s of CPU, the Muller ones 6 s (docs/atlas.md, "Proofs")."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from endnim.analysis.atlas.periodicity import read_atlas
from endnim.analysis.atlas.proofs import read_proofs
from endnim.analysis.proofs.certificate import (
    MULLER_KIND,
    Law,
    RowProof,
    read_certificate,
    values_digest,
)
from endnim.analysis.proofs.checker import check_certificate
from endnim.analysis.proofs.columns import stream_table
from endnim.engine import engine_table
from endnim.theory.cairns_ho import loop_grundy_two, misere_two_pile_is_one

DATA = Path(__file__).resolve().parents[3] / "data" / "atlas"
FOLDER = DATA / "certificates"
SUMMARY = DATA / "proofs-endnim.json"
FILES = sorted(FOLDER.glob("*/*.json"))
IDS = [f"{p.parent.name}/{p.name}" for p in FILES]


def test_certificates_are_shipped() -> None:
    folders = {path.parent.name for path in FILES}
    assert {"endnim", "misere", "misere-conway", "loop", "muller"} <= folders
    for variant in ("endnim", "muller"):  # the whole atlas: 137 middles
        assert len(list((FOLDER / variant).glob("*.json"))) == 137
    assert SUMMARY.exists()


def predicts_the_engine(path: Path, cols: int | None, widest: int) -> int:
    """Check every proved row of ``path`` whose proof computed at most ``widest`` columns
    against the engine on all b <= ``cols`` (``None``: four times the widest of those rows'
    windows, at least 4096): its values up to the proof's window have the digest the
    checker recomputed, and the checker's law predicts every later one. Returns the number
    of rows checked."""
    data = read_certificate(path)
    laws = check_certificate(path)
    if data["kind"] == MULLER_KIND:  # constant rows: every value from b₀ on is the constant
        table = engine_table("muller", data["middle"], data["rows"], cols or 4096)
        for raw in data["proofs"]:
            assert set(table[raw["a"], laws[raw["a"]].preperiod :].tolist()) == {raw["value"]}
        return len(data["proofs"])
    proofs = [RowProof.from_dict(p) for p in data["proofs"]]
    proved = [p for p in proofs if p.law is not None and p.start + p.delta <= widest]
    if not proved:
        return 0
    cols = cols or max(4096, 4 * max(p.start + p.delta for p in proved))
    table = engine_table(data["variant"], data["middle"], max(p.a for p in proved), cols)
    for proof in proved:
        window = proof.start + proof.delta
        row = table[proof.a].astype(np.int64)
        assert values_digest(row[: window + 1].tolist()) == proof.values_sha256, proof.a
        law = laws[proof.a]
        b = np.arange(window + 1, cols + 1)
        steps, rest = np.divmod(b - law.preperiod, law.period)
        predicted = row[law.preperiod + rest] + steps * law.saltus
        wrong = np.flatnonzero(predicted != row[window + 1 :])
        assert not wrong.size, (path.name, proof.a, int(b[wrong[0]]) if wrong.size else None)
    return len(proved)


def own_columns(path: Path) -> int:
    """Columns the checker recomputes for a certificate's own proved rows (its windows)."""
    data = read_certificate(path)
    if data["kind"] == MULLER_KIND:
        return 0
    return sum(p["start"] + p["delta"] for p in data["proofs"] if p["law"])


def checker_columns(path: Path) -> int:
    """Columns the checker recomputes for a certificate and the input tables it checks first
    (the tables of the middle's suffixes)."""
    middle = read_certificate(path)["middle"]
    tables = [path.parent / ("awb" + "".join(f"-{x}" for x in middle[k:]) + ".json")
              for k in range(1, len(middle) + 1)]  # fmt: skip
    return own_columns(path) + sum(own_columns(t) for t in tables if t.exists())


DEAR = 100_000
"""Certificates (with their inputs) whose rows reach more columns than this are checked by the
``long`` test below (``scripts/check_certificates.sh``, ``scripts/fuzz.sh``): since the prover
reaches 10⁶ columns, the recomputation in plain Python of the dearest takes minutes, more than
the suite's budget (365 of the 685 shipped certificates are checked here, about the work of
the 301 the suite checked before)."""
CHEAP_FILES = [path for path in FILES if checker_columns(path) <= DEAR]
DEAR_FILES = [path for path in FILES if checker_columns(path) > DEAR]


@pytest.mark.parametrize(
    "path", CHEAP_FILES, ids=[f"{p.parent.name}/{p.name}" for p in CHEAP_FILES]
)
def test_shipped_certificate_holds(path: Path) -> None:
    """The checker accepts every shipped certificate with the laws it states, and every proved
    row whose proof computed at most 4096 columns (4381 of the 4563 rows of End-Nim's
    recurrence; every Muller row) predicts the engine's G(a·w·b) at every b up to four times
    its window or more (at least 4096). One test per certificate, so that a worker checks the
    tables it shares with its neighbours once."""
    laws = check_certificate(path)
    data = read_certificate(path)
    stated = {p["a"]: p["law"] for p in data["proofs"] if p["law"] is not None}
    assert {a: Law(**law) for a, law in stated.items()} == laws
    predicts_the_engine(path, None, 4096)


@pytest.mark.long
@pytest.mark.parametrize("path", DEAR_FILES, ids=[f"{p.parent.name}/{p.name}" for p in DEAR_FILES])
def test_dear_shipped_certificate_holds(path: Path) -> None:
    """The certificates the test above leaves to the long run, checked the same way."""
    test_shipped_certificate_holds(path)


def widest_window(path: Path) -> int:
    """The most columns a proof of this certificate computed (0: none, or a Muller table)."""
    data = read_certificate(path)
    if data["kind"] == MULLER_KIND:
        return 0
    return max((p["start"] + p["delta"] for p in data["proofs"] if p["law"]), default=0)


WIDE = [path for path in FILES if widest_window(path) > 4096]


@pytest.mark.long
@pytest.mark.parametrize("path", WIDE, ids=[f"{p.parent.name}/{p.name}" for p in WIDE])
def test_shipped_laws_predict_the_engine_far(path: Path) -> None:
    """The certificates with rows the test above leaves out (windows over 4096 columns):
    every proved row against the engine's 65,536 columns (its reach for 32 rows; the 9 rows
    whose proofs computed more than 32,768 columns get less than twice theirs)."""
    predicts_the_engine(path, 65536, 65536)


@pytest.mark.parametrize(
    "summary", [SUMMARY, DATA / "proofs-muller.json"], ids=["endnim", "muller"]
)
def test_summary_is_the_certificates(summary: Path) -> None:
    lines: list[dict[str, Any]] = read_proofs(summary)
    for line in lines:
        path = FOLDER / line["variant"] / ("awb" + "".join(f"-{p}" for p in line["word"]) + ".json")
        proof = read_certificate(path)["proofs"][line["a"] - 1]
        assert line["proved"] == (proof["law"] is not None)
        if line["proved"]:
            assert [line["preperiod"], line["period"], line["saltus"]] == [
                proof["law"][k] for k in ("preperiod", "period", "saltus")
            ]
            assert line["why_not"] is None
        else:
            assert line["why_not"] and line["certificate"] is None


def test_proved_rows_agree_with_the_observed_atlas() -> None:
    """Where a proved law covers three periods within the 4096 observed columns, the
    observation's rule (earliest onset, then least period) sees it, so it reports an onset no
    later: the proved period itself, or a multiple of it with an earlier onset."""
    observed = {
        (r["variant"], r["middle"], int(r["a"])): r for r in read_atlas(DATA / "periodicity.csv")
    }
    for line in read_proofs(SUMMARY):
        if not line["proved"]:
            continue
        row = observed[(line["variant"], str(line["word"]), line["a"])]
        if line["preperiod"] - 1 + 3 * line["period"] > 4096:
            continue  # the observation's rule cannot see this period in 4096 columns
        assert row["periodic"] == "True"
        period, onset = int(row["period"]), int(row["preperiod"])
        assert onset <= line["preperiod"]
        assert period == line["period"] or (
            period % line["period"] == 0 and onset < line["preperiod"]
        ), (line, row)


def certified_row(path: Path, a: int) -> tuple[list[int], Law]:
    """Row a of a certified table: the values up to its proof's window (the engine's, held to
    the digest the checker recomputed) and the checker's law, which gives every later one."""
    data = read_certificate(path)
    proof = RowProof.from_dict(data["proofs"][a - 1])
    assert proof.law is not None
    window = proof.start + proof.delta
    values = stream_table(data["variant"], (), a, window)[
        a
    ].tolist()  # the engine's, column by column
    assert values_digest(values) == proof.values_sha256
    return values, check_certificate(path)[a]


TWO_PILES = {  # the papers' closed forms for G(a·b), a, b >= 1, and the rows proved
    "endnim": (lambda a, b: a ^ b, 32),  # two-pile End-Nim is Nim
    "misere-conway": (lambda a, b: a ^ b if (a, b) != (1, 1) else 1, 32),  # docs/atlas.md §3
    "loop": (loop_grundy_two, 32),  # Cairns–Ho Prop 4.1
    "misere": (lambda a, b: 1 if misere_two_pile_is_one(a, b) else -1, 10),  # Prop 4.2
}


@pytest.mark.parametrize("variant", list(TWO_PILES))
def test_two_pile_formulas_are_the_certified_rows(variant: str) -> None:
    """The certified rows a of the two-pile table a·b are the papers' closed forms at every
    b up to the proof's window and at random b up to 10⁹ (misère: Cairns–Ho Prop 4.2 says
    only where the value is 1, rows 1–10 are proved). The forms ⊕ keep the certified laws
    (a ⊕ (b + 2ᵏ) = (a ⊕ b) + 2ᵏ for 2ᵏ > a), so for a <= 32 they are proved for every b."""
    formula, rows = TWO_PILES[variant]
    path = FOLDER / variant / "awb.json"
    assert sum(p["law"] is not None for p in read_certificate(path)["proofs"]) == rows
    rng = random.Random(variant)
    for a in range(1, rows + 1):
        values, law = certified_row(path, a)
        for b in [*range(1, len(values)), *(rng.randrange(10**9) + 1 for _ in range(200))]:
            value = law.value_from(values, b)
            expected = formula(a, b)
            assert value == expected if expected >= 0 else value != 1, (variant, a, b)


def test_lone_pile_laws_are_the_papers() -> None:
    """The base law of each a·b certificate (checked by the checker on 512 piles from the
    rule set's hooks, then one line of induction) is the papers' lone-pile value: n
    (End-Nim), n − 1 (misère, Cairns–Ho), 1, 0, 2, 3, … (Conway's misère), 0 (Loop)."""
    laws = {v: Law(**read_certificate(FOLDER / v / "awb.json")["base"]["law"]) for v in TWO_PILES}
    assert laws == {
        "endnim": Law(0, 1, 1),
        "misere": Law(1, 1, 1),
        "misere-conway": Law(2, 1, 1),
        "loop": Law(0, 1, 0),
    }
