"""The sealed proof summaries of the misère and Loop atlases (``data/atlas/proofs-VARIANT.json``,
besides End-Nim's and Muller's, which test_shipped_certificates.py holds) name exactly what
their certificates prove. The certificates themselves are checked in
test_shipped_certificates.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from endnim.analysis.atlas.proofs import read_proofs
from endnim.analysis.proofs.certificate import read_certificate

DATA = Path(__file__).resolve().parents[3] / "data" / "atlas"
SUMMARIES = sorted(
    p
    for p in DATA.glob("proofs-*.json")
    if p.name not in ("proofs-endnim.json", "proofs-muller.json")
)


@pytest.mark.parametrize("summary", SUMMARIES, ids=lambda p: p.name)
def test_summary_is_the_certificates(summary: Path) -> None:
    lines = read_proofs(summary)
    assert lines
    for line in lines:
        name = "awb" + "".join(f"-{p}" for p in line["word"]) + ".json"
        proof = read_certificate(DATA / "certificates" / line["variant"] / name)["proofs"][
            line["a"] - 1
        ]
        assert line["proved"] == (proof["law"] is not None)
        if line["proved"]:
            law = proof["law"]
            assert [line["preperiod"], line["period"], line["saltus"]] == [
                law["preperiod"],
                law["period"],
                law["saltus"],
            ]
            assert line["saltus"] == line["period"]
            assert line["why_not"] is None
        else:
            assert line["why_not"] and line["certificate"] is None
