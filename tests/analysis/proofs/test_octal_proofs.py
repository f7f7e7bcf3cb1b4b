"""The Guy–Smith check for octal games: 0.07's nim-sequence has period 34 from n = 53 (Winning
Ways: exceptions up to n = 52), the nim-sequence equals the exact search of the rule set, the
checker accepts the certificate and refuses an edited one; the CLI answers in one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from endnim.analysis.proofs.certificate import CertificateError, read_certificate, write_certificate
from endnim.analysis.proofs.checker import check_certificate
from endnim.analysis.proofs.octal import certify_octal, code_moves, nim_sequence, octal_law
from endnim.search import Solver
from endnim.variants import load_rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "variants"


@pytest.mark.parametrize("name", ["Octal07", "Octal075"])
def test_nim_sequence_is_the_exact_search(name: str) -> None:
    rules = load_rules(f"{EXAMPLES / 'octal.py'}:{name}")
    code = type(rules).CODE  # type: ignore[attr-defined]
    values = nim_sequence(code_moves(code), 30)
    search = Solver(rules)
    assert values == [search.value((n,) if n else ()).grundy for n in range(31)]


def test_dawsons_kayles_period_34() -> None:
    law = octal_law("0.07")
    assert (law.preperiod, law.period, law.saltus) == (53, 34, 0)
    values = nim_sequence(code_moves("0.07"), 400)
    assert values[52] != values[52 + 34]  # 52 is the last exception
    assert all(values[n + 34] == values[n] for n in range(53, 366))


@pytest.mark.parametrize(
    ("code", "period"),
    [("0.77", 12), ("0.137", 34), ("0.33", 3)],  # Kayles, Dawson's chess, take 1 or 2
)
def test_other_octal_games(code: str, period: int) -> None:
    assert octal_law(code).period == period


def test_certificate_checked_and_edits_refused(tmp_path: Path) -> None:
    path, law = certify_octal("0.07", "octal-0_07", tmp_path)
    assert check_certificate(path) == {0: law}
    for change in ({"period": 17}, {"preperiod": 52}, {"preperiod": 54}, {"period": 68}):
        data = read_certificate(path)
        data["law"] = {**data["law"], **change}
        target = tmp_path / "edited.json"
        write_certificate(target, data)
        with pytest.raises(CertificateError, match="does not hold"):
            check_certificate(target)


def test_cli_prove_and_check(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "endnim.cli"]
    found = subprocess.run(
        [
            *run,
            "periodicity",
            "--rules",
            f"{EXAMPLES / 'octal.py'}:Octal07",
            "--prove",
            "--certificates",
            str(tmp_path),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    line = json.loads(found.stdout)
    assert (line["preperiod"], line["period"], line["proved"]) == (53, 34, True)
    checked = subprocess.run(
        [*run, "periodicity", "--check", line["certificate"]],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0 and "holds" in checked.stdout


def test_cli_rows_json_and_refusals(tmp_path: Path) -> None:
    """One JSON line per row with exactly the documented keys; a damaged certificate and a
    rule set the prover does not know are one-line errors (exit 2)."""
    run = [sys.executable, "-m", "endnim.cli", "periodicity"]
    found = subprocess.run(
        [
            *run,
            "--middle",
            "4",
            "--a",
            "1..6",
            "--prove",
            "--certificates",
            str(tmp_path),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = [json.loads(text) for text in found.stdout.splitlines()]
    assert [line["a"] for line in lines] == [1, 2, 3, 4, 5, 6]
    keys = {"a", "word", "preperiod", "period", "saltus", "proved", "certificate", "why_not"}
    assert all(set(line) == keys and line["proved"] for line in lines)
    assert [line["period"] for line in lines] == [1, 2, 2, 4, 12, 12]  # a·4·b (docs/atlas.md)
    path = Path(lines[0]["certificate"])
    path.write_text(path.read_text().replace('"delta": 1', '"delta": 2', 1))
    for args in (["--check", str(path)], ["-v", "partizan", "--prove"]):
        refused = subprocess.run([*run, *args], capture_output=True, text=True, timeout=300)
        assert refused.returncode == 2
        assert refused.stderr.startswith("endnim: error: ") and refused.stderr.count("\n") == 1
