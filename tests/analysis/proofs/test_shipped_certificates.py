"""The certificates shipped in data/atlas/certificates pass the checker (every one of them),
their laws predict the engine's values far beyond the columns their proofs computed, the
sealed summary names exactly what they prove, and every proved row agrees with the observed
atlas CSV.

The checker remembers the tables it has checked in this process (by the digests of their
files), so a table that is the input of many others is checked once: all the shipped
certificates take about 35 s of CPU (docs/atlas.md, "Proofs")."""

from __future__ import annotations

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
from endnim.engine import engine_table

DATA = Path(__file__).resolve().parents[3] / "data" / "atlas"
FOLDER = DATA / "certificates"
SUMMARY = DATA / "proofs-endnim.json"
FILES = sorted(FOLDER.glob("*/*.json"))
IDS = [f"{p.parent.name}/{p.name}" for p in FILES]


def test_certificates_are_shipped() -> None:
    assert len(FILES) == 137 + 3 * 9 + 137
    assert SUMMARY.exists()


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_shipped_certificate_holds(path: Path) -> None:
    laws = check_certificate(path)
    data = read_certificate(path)
    stated = {p["a"]: p["law"] for p in data["proofs"] if p["law"] is not None}
    assert {a: Law(**law) for a, law in stated.items()} == laws


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


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_shipped_laws_predict_the_engine(path: Path) -> None:
    """Every proved row whose proof computed at most 4096 columns (4381 of the 4563 shipped
    of End-Nim's recurrence; every Muller row) predicts the engine's G(a·w·b) at every b up
    to four times its window or more (at least 4096)."""
    predicts_the_engine(path, None, 4096)


@pytest.mark.long
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_shipped_laws_predict_the_engine_far(path: Path) -> None:
    """Every proved row, against the engine's 65,536 columns (the engine's reach for 32 rows;
    the 9 rows whose proofs computed more than 32,768 columns get less than twice theirs)."""
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
