"""The certificates shipped in data/atlas/certificates pass the checker, the sealed summary
names exactly what they prove, and every proved row agrees with the observed atlas CSV.

The checker recomputes each row to b₁ + Δ and walks the joint checks, which for a few tables
takes minutes: by default the test checks every table whose certificate's joint checks span at
most ``CHEAP`` columns in all; ``ENDNIM_PROOFS=full`` checks every one (scripts/fuzz.sh)."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import pytest

from endnim.analysis.atlas.periodicity import read_atlas
from endnim.analysis.atlas.proofs import read_proofs
from endnim.analysis.proofs.certificate import Law, RowProof, read_certificate
from endnim.analysis.proofs.checker import check_certificate

DATA = Path(__file__).resolve().parents[3] / "data" / "atlas"
FOLDER = DATA / "certificates"
SUMMARY = DATA / "proofs-endnim.json"
CHEAP = 20_000
FILES = sorted(FOLDER.glob("*/*.json"))


def cost(path: Path) -> int:
    """Columns the checker walks for this certificate: its rows, their joint checks, and the
    certificate of its input row (checked first)."""
    data = read_certificate(path)
    inner = 0
    if data["middle"]:
        inner = cost(path.parent / ("awb" + "".join(f"-{p}" for p in data["middle"][1:]) + ".json"))
    periods = {0: data["base"]["law"]["period"] if data["base"]["law"] else 1}
    total = 0
    for raw in data["proofs"]:
        proof = RowProof.from_dict(raw)
        if proof.law is None:
            break
        periods[proof.a] = proof.law.period
        total += proof.start + proof.delta
        for i in proof.harmless:
            total += math.lcm(proof.delta, periods[i])
        if proof.crossing:
            total += math.lcm(proof.delta, *(periods[i] for i in proof.crossing))
    return total + inner


def test_certificates_are_shipped() -> None:
    assert len(FILES) >= 50
    assert SUMMARY.exists()


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_certificate_holds(path: Path) -> None:
    if os.environ.get("ENDNIM_PROOFS") != "full" and cost(path) > CHEAP:
        pytest.skip(f"joint checks over {cost(path)} columns: ENDNIM_PROOFS=full checks it")
    laws = check_certificate(path)
    data = read_certificate(path)
    stated = {p["a"]: p["law"] for p in data["proofs"] if p["law"] is not None}
    assert {a: Law(**law) for a, law in stated.items()} == laws


def test_summary_is_the_certificates() -> None:
    lines: list[dict[str, Any]] = read_proofs(SUMMARY)
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
