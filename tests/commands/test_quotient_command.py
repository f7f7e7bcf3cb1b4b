"""``endnim quotient``: output, JSON fields, refusals (exit status 2) and the resumable state."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from endnim.variants import unregister_variant
from tests.cli_in_process import run

ENDNIM = str(Path(sys.executable).with_name("endnim"))
OCTAL = Path(__file__).resolve().parents[2] / "examples" / "variants" / "octal.py"


def test_text_output(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(monkeypatch, capsys, "quotient", "-v", "misere", "-L", "1", "-H", "3")
    assert code == 0, err
    assert "order        6" in out
    assert "⟨a, b | a² = 1, b³ = b⟩" in out
    assert "P-portion    {a, b²}" in out
    assert "tame         yes" in out


def test_json_fields(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        monkeypatch, capsys, "quotient", "-v", "misere", "--positions", "3 1 4, 2 2", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    order = data["order"]
    assert len(data["elements"]) == order == len(data["product"])
    assert all(len(row) == order for row in data["product"])
    identity = data["identity"]
    assert data["product"][identity] == list(range(order))
    assert set(data["p_portion"]) <= set(range(order))
    assert {"3 1 4", "2 2", "1"} <= set(data["element_of"])
    # a row of two equal piles is a misère P-position (Cairns–Ho), so its element is in P
    assert data["element_of"]["2 2"] in data["p_portion"]
    assert data["element_of"]["1"] in data["p_portion"]


def test_user_rules_octal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code, out, err = run(
            monkeypatch,
            capsys,
            "quotient",
            "--rules",
            f"{OCTAL}:Octal075",
            "--positions",
            "1..12",
            "--json",
        )
    finally:
        unregister_variant("octal-0_75")  # leave the registry as it was
    assert code == 0, err
    data = json.loads(out)
    assert data["order"] == 8
    assert data["variant"] == "octal-0_75"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["-L", "3", "-H", "4", "--max-order", "5"],
            "more than 5 elements (raise --max-order); stopped at component",
        ),
        (["-L", "3"], "give --max-length and --max-pile, or --positions"),
        (["--positions", "3 x"], "cannot read"),
        (["-v", "partizan", "-L", "2", "-H", "2"], "partizan"),
        (["-L", "2", "-H", "3", "--positions", "1"], "not both"),
    ],
)
def test_refusals_are_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code, _out, err = run(monkeypatch, capsys, "quotient", "-v", "misere", *args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_state_resumes_and_is_verified(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["quotient", "-v", "misere", "-L", "2", "-H", "4", "--state", str(tmp_path), "--json"]
    code, out, err = run(monkeypatch, capsys, *args[:-1], "--max-order", "8")
    assert code == 2 and "more than 8 elements" in err
    (state,) = tmp_path.glob("quotient-*.json")
    saved = json.loads(state.read_text())
    assert saved["payload"]["done"] > 0  # the components proved before the refusal are kept
    code, out, err = run(monkeypatch, capsys, *args)
    assert code == 0, err
    assert json.loads(out)["order"] == 10
    saved = json.loads(state.read_text())
    saved["payload"]["done"] = 1  # tampered: the checksum no longer matches
    state.write_text(json.dumps(saved))
    code, out, err = run(monkeypatch, capsys, *args)
    assert code == 2 and "SHA-256" in err


@pytest.mark.parametrize("damage", ["nested", "infinite done"])
def test_a_hostile_state_is_a_one_line_refusal(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    damage: str,
) -> None:
    """Issue 34 §10: deeply nested JSON was a RecursionError, a resealed ``done: 1e400`` an
    OverflowError (both internal errors)."""
    import hashlib

    args = ["quotient", "-v", "misere", "-L", "2", "-H", "4", "--state", str(tmp_path), "--json"]
    code, _, err = run(monkeypatch, capsys, *args)
    assert code == 0, err
    (state,) = tmp_path.glob("quotient-*.json")
    if damage == "nested":
        state.write_text("[" * 100_000 + "]" * 100_000)
    else:
        saved = json.loads(state.read_text())
        saved["payload"]["done"] = float("inf")  # written as Infinity; 1e400 reads as it
        resealed = json.dumps(saved["payload"], sort_keys=True).encode()
        saved["sha256"] = hashlib.sha256(resealed).hexdigest()  # the checksum matches
        state.write_text(json.dumps(saved).replace("Infinity", "1e400"))
    code, _, err = run(monkeypatch, capsys, *args)
    assert code == 2 and "internal error" not in err, err
    assert err.startswith("endnim: error:") and len(err.strip().splitlines()) == 1, err
    assert str(state) in err and "damaged" in err


def _guarded(*args: str) -> subprocess.CompletedProcess[str]:
    """``endnim ARGS`` under 2 GiB of address space and a hang guard (on the main of issue 34
    these ran out of memory or for hours: the guards make them fail instead)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))

    try:
        return subprocess.run(
            [ENDNIM, *args], capture_output=True, text=True, preexec_fn=limit, timeout=120
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"endnim {' '.join(args)} gave no answer in 120 s")


@pytest.mark.parametrize("variant", ["misere", "endnim", "partizan"])
def test_the_options_maxima_are_refused_before_any_row_is_built(variant: str) -> None:
    """Issue 34 §8: ``-L 12 -H 64`` built all 64^12 rows first and ran out of memory."""
    done = _guarded("quotient", "-v", variant, "-L", "12", "-H", "64")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("endnim: error:")
    expected = "partizan" if variant == "partizan" else "components, more than 20,000"
    assert expected in done.stderr


def test_too_many_starting_positions_are_refused_from_their_count() -> None:
    done = _guarded("quotient", "-v", "misere", "--positions", "1..100000")
    assert done.returncode == 2 and "at least 20,001 components" in done.stderr, done.stderr


def test_the_largest_single_piles_are_answered() -> None:
    """``-L 1 -H 64`` ran for 760 s (the tameness check tried every mapping); -H 32 (order 66)
    here, whose check took longer than the quotient."""
    done = _guarded("quotient", "-v", "misere", "-L", "1", "-H", "32", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["order"] == 66 and answer["tame"] is True
