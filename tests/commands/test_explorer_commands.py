"""The explorer commands through ``endnim.cli.main`` (registered here for the test only):
``endnim table``, ``verify``, ``conjecture`` and ``periodicity`` — output, exit status and
one-line errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import hang_guard
import pytest
from test_search import A4B_TABLE

from endnim.analysis.statements import FOUR_AB_TABLE, TWO_HEAP_TABLE
from tests.cli_in_process import run

# --------------------------------------------------------------------------- table


def test_a4b_table_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "table", "--middle", "4")
    assert code == 0, err
    assert "Grundy values of a·4·b (End-Nim)" in out
    last = out.strip().splitlines()[-1].replace("│", " ").split()
    assert [int(x) for x in last] == [16, *A4B_TABLE[15]]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["-v", "muller", "--middle", "", "-a", "1..9", "-b", "1..9"], TWO_HEAP_TABLE),
        (["-v", "muller", "-w", "4", "--layout", "wab", "-a", "1..9", "-b", "1..9"], FOUR_AB_TABLE),
    ],
)
def test_horrocks_tables_as_csv(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    expected: tuple[tuple[int, ...], ...],
) -> None:
    code, out, err = run(monkeypatch, capsys, "table", *args, "--format", "csv")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["a\\b", *map(str, range(1, 10))]
    assert tuple(tuple(int(x) for x in row[1:]) for row in rows[1:]) == expected


def test_json_markdown_latex(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        monkeypatch,
        capsys,
        "table",
        "-v",
        "partizan",
        "-w",
        "2 4 1",
        "-a",
        "5..7",
        "-b",
        "6..8",
        "-f",
        "json",
    )
    data = json.loads(out)
    assert code == 0 and data["values"] == [["N", "R", "R"], ["L", "P", "R"], ["L", "L", "P"]]
    code, out, _ = run(
        monkeypatch, capsys, "table", "-w", "4", "-a", "1..2", "-b", "1..2", "-f", "markdown"
    )
    assert out.splitlines()[:3] == ["| a\\b | 1 | 2 |", "|---:|---:|---:|", "| **1** | 0 | 1 |"]
    code, out, _ = run(
        monkeypatch, capsys, "table", "-w", "4", "-a", "1..2", "-b", "1..2", "-f", "latex"
    )
    assert "\\begin{tabular}{r|rr}" in out
    code, out, _ = run(
        monkeypatch,
        capsys,
        "table",
        "-v",
        "misere",
        "--convention",
        "conway",
        "-a",
        "2",
        "-b",
        "3",
        "-f",
        "csv",
    )
    assert out.splitlines()[1] == "2,1"  # Conway's misère G(2, 3) = 1 (Cairns–Ho's: 4)


def test_pictures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    png, svg = tmp_path / "t.png", tmp_path / "t.svg"
    code, _, err = run(
        monkeypatch,
        capsys,
        "table",
        "-w",
        "4",
        "-a",
        "1..8",
        "-b",
        "1..8",
        "-f",
        "csv",
        "--png",
        str(png),
        "--svg",
        str(svg),
    )
    assert code == 0 and f"wrote {png}" in err
    assert png.read_bytes()[:4] == b"\x89PNG" and "<svg" in svg.read_text()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-a", "0..3"], "starts below 1"),
        (["-b", "x"], "cannot read cols"),
        (["-w", "4 -1"], "pile"),
        (["-a", "1..3000", "-b", "1..3000"], "too large"),
        (["--layout", "baw"], "Invalid value"),
        (["-w", "9 9", "-a", "1..900", "-b", "1..900", "--budget", "1000"], "budget"),
        (["--png", "/nonexistent-dir/x.png", "-a", "1", "-b", "1"], "cannot write"),
    ],
)
def test_bad_input_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, _, err = run(monkeypatch, capsys, "table", *args)
    assert code == 2
    assert err.startswith("endnim: error:") and words in err
    assert len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- verify
def test_verify_report_and_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        monkeypatch,
        capsys,
        "verify",
        "-s",
        "horrocks/prop-13",
        "-s",
        "horrocks/thm-3",
        "--bound",
        "4",
    )
    assert code == 0, err
    assert "Horrocks (2017) Proposition 13 (as printed)" in out and "SLIP CONFIRMED" in out
    assert "counterexample" in out and "1 1 2" in out
    assert "3 statements" in out and "2 OK" in out
    code, out, _ = run(
        monkeypatch,
        capsys,
        "verify",
        "-p",
        "ch",
        "-s",
        "horrocks/prop-14-b",
        "--json",
        "--bound",
        "4",
    )
    data = json.loads(out)
    assert code == 0 and data["as_expected"]
    keys = [r["key"] for r in data["results"]]
    assert keys[0].startswith("cairns-ho/") and keys[-1] == "horrocks/prop-14-b-m-plus-1"
    assert data["results"][-1]["counterexample"] == [2, 2, 2, 1, 2, 2, 3]
    assert {"statement", "paper", "range", "positions", "status"} <= set(data["results"][0])


def test_verify_list(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, "verify", "--list", "-p", "horrocks")
    assert code == 0 and "horrocks/prop-13-printed" in out and "[slip as printed]" in out
    assert "cairns-ho/" not in out
    code, out, _ = run(
        monkeypatch, capsys, "verify", "--list", "--json", "-s", "horrocks/thm-3", "--bound", "9"
    )
    assert json.loads(out)[0]["range"] == ["length 2, piles <= 9"]


def test_verify_fails_with_status_1_when_a_slip_is_not_reproduced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # piles <= 2 hold no counterexample to the printed proof recipe (it needs 3 1 5)
    code, out, _ = run(
        monkeypatch, capsys, "verify", "-s", "albert-nowakowski/thm-2-proof-printed", "--bound", "2"
    )
    assert code == 1 and "NOT REPRODUCED" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-p", "euclid"], "unknown paper"),
        (["-s", "horrocks/thm-99"], "no statement"),
        (["-s", "horrocks/thm-1", "--bound", "100", "-L", "8"], "positions"),
        (["--bound", "0"], "Invalid value"),
        (["-L", "100000000", "-H", "3"], "rows of at most 40 piles"),  # summed 3^k to 10^8: hung
        (["-H", "100000000000"], "1.6e+89 positions"),
    ],
)
def test_verify_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, _, err = run(monkeypatch, capsys, "verify", *args)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- conjecture
def test_conjecture_builtin_and_custom(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "conjecture", "horrocks-2", "-L", "6", "-H", "6")
    assert code == 0, err
    assert "holds" in out and "5 4 2 4" in out and "3 2 2 1 2 2" in out
    code, out, _ = run(
        monkeypatch, capsys, "conjecture", "horrocks-1", "-L", "5", "-H", "4", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["smallest_tight_by_heaps"] == [3, 4, 1, 2, 2] and data["holds"]
    code, out, _ = run(
        monkeypatch,
        capsys,
        "conjecture",
        "-v",
        "endnim",
        "--holds",
        "g < beans",
        "--where",
        "n >= 2",
        "-L",
        "3",
        "-H",
        "3",
    )
    assert code == 1 and "FAILS" in out and "1 2" in out  # G(1 2) = 3 = beans


def test_conjecture_resumes_from_state(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["conjecture", "horrocks-3", "-L", "4", "-H", "5", "--state", str(tmp_path), "--json"]
    code, out, _ = run(monkeypatch, capsys, *args)
    first = json.loads(out)
    assert code == 0 and not first["resumed"] and list(tmp_path.iterdir())
    code, out, _ = run(monkeypatch, capsys, *args[:3], "5", *args[4:])
    second = json.loads(out)
    assert code == 0 and second["resumed"] and second["positions"] == first["positions"] + 5**5


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "name a conjecture"),
        (["goldbach"], "unknown conjecture"),
        (["horrocks-1", "--holds", "g > 0"], "not both"),
        (["horrocks-1", "-v", "endnim"], "drop --variant"),
        (["--holds", "a.__class__"], "attribute access"),
        (["--holds", "g //"], "cannot read expression"),
        (["--holds", "g > 0", "-L", "30", "-H", "10000"], "too many"),
    ],
)
def test_conjecture_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, _, err = run(monkeypatch, capsys, "conjecture", *args)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- periodicity
def test_periodicity(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        monkeypatch, capsys, "periodicity", "--middle", "4", "--a", "1..6", "--cols", "1..512"
    )
    assert code == 0, err
    assert "Rows of a·4·b" in out and "not powers of two: 12" in out
    code, out, _ = run(
        monkeypatch, capsys, "periodicity", "--a", "1..4", "--cols", "1..64", "--json"
    )
    rows = json.loads(out)["rows"]
    assert [(r["a"], r["period"], r["saltus"], r["preperiod"]) for r in rows] == [
        (1, 2, 2, 1),
        (2, 4, 4, 1),
        (3, 4, 4, 1),
        (4, 8, 8, 1),
    ]
    code, out, _ = run(
        monkeypatch, capsys, "periodicity", "-w", "4", "--a", "24", "--cols", "1..64"
    )
    assert code == 0 and "not found" in out and "widen --cols" in out
    code, _, err = run(monkeypatch, capsys, "periodicity", "--cols", "1..5,7..9")
    assert code == 2 and "contiguous" in err


def test_conjecture_survives_a_real_ctrl_c(tmp_path: Path) -> None:
    """SIGINT mid-run: exit 130 with a message, finished chunks kept; the rerun completes them
    and reports exactly what an uninterrupted run reports."""
    import signal
    import subprocess
    import sys
    import time

    script = "from endnim.commands.conjecture import conjecture; conjecture()"
    args = ["horrocks-1", "-L", "7", "-H", "7", "--json", "--state", str(tmp_path)]
    process = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + hang_guard.HANG_GUARD  # polled: only a hang waits it out
    while not list(tmp_path.glob("*.json")) and time.monotonic() < deadline:
        if process.poll() is not None:
            break
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    out, err = hang_guard.communicate(process)
    if process.returncode == 0:  # finished before the signal arrived: nothing to resume
        pytest.skip("the run finished before it could be interrupted")
    assert process.returncode == 130 and "run the same command again" in err, err
    assert "Traceback" not in err and not out
    saved = json.loads(next(tmp_path.glob("*.json")).read_text())["data"]["report"]
    assert 0 < saved["positions"] < sum(7**k for k in range(1, 8))
    done = hang_guard.run([sys.executable, "-c", script, *args], capture_output=True, text=True)
    resumed = json.loads(done.stdout)
    fresh = hang_guard.run(
        [sys.executable, "-c", script, *args[:-2]], capture_output=True, text=True
    )
    assert done.returncode == fresh.returncode == 0 and resumed["resumed"]
    assert resumed | {"resumed": False} == json.loads(fresh.stdout)
