"""Certificates someone else wrote (issue 41): the seal is a plain SHA-256, so anyone can edit a
certificate and reseal it. ``periodicity --check`` must answer every such file in one line:
floats, ``Infinity`` and 4,000-digit numbers where integers are meant, laws whose check would
cost more than the checker's budget (an octal preperiod of 100,000, a period of 10¹⁸), FIFOs
(the certificate, or the input table ``awb.json`` beside it), a symlink to ``/dev/zero`` and a
1 GiB file. Each is refused by the limits, not by running out of
time: the hang guard only catches a command that never answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hang_guard import run

from endnim.analysis.proofs.certificate import read_certificate
from endnim.analysis.proofs.muller import certify_muller
from endnim.analysis.proofs.octal import certify_octal
from endnim.analysis.proofs.rows import prove_and_certify
from endnim.sealed import seal

MARK = 987654321987
"""A number written into a certificate where a hostile text then replaces it."""


def resealed(path: Path, edit: Callable[[dict[str, Any]], None], raw: str | None = None) -> None:
    """Edit a certificate's data and reseal it, as anyone can; ``raw`` replaces :data:`MARK`
    in the written text (``1e400``, ``Infinity``: values JSON reads but Python would not
    write), the seal computed over what a reader decodes."""
    data = read_certificate(path)
    edit(data)
    text = json.dumps(data)
    if raw is not None:
        text = text.replace(str(MARK), raw)
    decoded = json.loads(text)
    path.write_text(f'{{"sha256": "{seal(decoded)}", "data": {text}}}')


def check(path: Path, *options: str) -> Any:
    """``endnim periodicity --check PATH`` in its own process (under the hang guard): for the
    files that blocked or ate memory on the main of issue 41."""
    return run(
        [sys.executable, "-m", "endnim.cli", "periodicity", "--check", str(path), *options],
        capture_output=True,
        text=True,
    )


@pytest.fixture
def check_here(capsys: pytest.CaptureFixture[str]) -> Callable[..., Any]:
    """``endnim periodicity --check PATH`` in this process (the certificates that are refused
    by what they hold: no process start for each)."""
    from endnim.cli import main

    def checked(path: Path, *options: str) -> Any:
        status = 0
        try:
            main(["periodicity", "--check", str(path), *options])
        except SystemExit as done:
            status = int(done.code or 0)
        captured = capsys.readouterr()
        return subprocess.CompletedProcess([], status, captured.out, captured.err)

    return checked


def assert_one_line_refusal(found: Any, *words: str) -> None:
    assert found.returncode == 2, (found.returncode, found.stdout[-300:], found.stderr[-300:])
    assert found.stderr.startswith("endnim: error: ") and found.stderr.count("\n") == 1, (
        found.stderr[-500:]
    )
    assert "internal error" not in found.stderr
    for word in words:
        assert word in found.stderr, found.stderr


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("certificates")
    return {
        "row": prove_and_certify("endnim", (2,), 4, folder)[0],
        "octal": certify_octal("0.07", "octal-0_07", folder)[0],
        "muller": certify_muller((), 4, folder)[0],
    }


def copy(certificates: dict[str, Path], kind: str, tmp_path: Path) -> Path:
    """A copy of a certificate (and the input table beside a row certificate) to edit."""
    source = certificates[kind]
    target = tmp_path / source.name
    target.write_bytes(source.read_bytes())
    if kind == "row":
        (tmp_path / "awb.json").write_bytes((source.parent / "awb.json").read_bytes())
    return target


def law_of_row(data: dict[str, Any]) -> dict[str, Any]:
    return data["proofs"][0]["law"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("kind", "where", "raw"),
    [
        ("row", "law", "1e400"),
        ("row", "start", "Infinity"),
        ("row", "law", "NaN"),
        ("octal", "law", "1e400"),
        ("octal", "law", "-Infinity"),
        ("muller", "law", "Infinity"),
        ("muller", "from", "1e400"),
        ("row", "law", "1.5"),
    ],
)
def test_floats_and_infinities_are_refused(
    certificates: dict[str, Path],
    tmp_path: Path,
    check_here: Callable[..., Any],
    kind: str,
    where: str,
    raw: str,
) -> None:
    path = copy(certificates, kind, tmp_path)

    def edit(data: dict[str, Any]) -> None:
        if kind == "octal":
            data["law"]["preperiod"] = MARK
        elif where == "law":
            law_of_row(data)["period"] = MARK
        else:
            data["proofs"][0][where] = MARK

    resealed(path, edit, raw)
    assert_one_line_refusal(check_here(path), "only integers")


def test_a_4000_digit_preperiod_is_refused(
    certificates: dict[str, Path], tmp_path: Path, check_here: Callable[..., Any]
) -> None:
    path = copy(certificates, "octal", tmp_path)
    resealed(path, lambda d: d["law"].update(preperiod=MARK), "1" * 4000)
    assert_one_line_refusal(check_here(path), "4,000 digits")


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("octal", {"preperiod": 100_000}),
        ("octal", {"period": 10**17}),
        ("octal", {"preperiod": 10**17, "period": 3}),
        ("row", {"delta": 10**17}),
        ("row", {"start": 10**17}),
        ("muller", {"from": 10**17}),
    ],
)
def test_a_check_dearer_than_the_budget_is_refused_from_its_claims(
    certificates: dict[str, Path],
    tmp_path: Path,
    check_here: Callable[..., Any],
    kind: str,
    change: dict[str, int],
) -> None:
    path = copy(certificates, kind, tmp_path)

    def edit(data: dict[str, Any]) -> None:
        if kind == "octal":
            data["law"].update(change)
        else:
            data["proofs"][-1].update(change)

    resealed(path, edit)
    assert_one_line_refusal(check_here(path), "would cost", "budget")


def test_an_octal_period_of_ten_to_the_18_is_refused(
    certificates: dict[str, Path], tmp_path: Path, check_here: Callable[..., Any]
) -> None:
    path = copy(certificates, "octal", tmp_path)
    resealed(path, lambda d: d["law"].update(period=10**18))
    assert_one_line_refusal(check_here(path), "19 digits")


def test_the_budget_option_raises_the_checker_s_budget(
    certificates: dict[str, Path], tmp_path: Path, check_here: Callable[..., Any]
) -> None:
    path = copy(certificates, "octal", tmp_path)
    small = check_here(path, "--budget", "100")
    assert_one_line_refusal(small, "would cost", "budget of 100")
    assert check_here(path).returncode == 0


def test_a_fifo_certificate_is_refused_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "awb.json"
    os.mkfifo(path)
    assert_one_line_refusal(check(path), "FIFO")


def test_a_fifo_input_table_beside_it_is_refused(
    certificates: dict[str, Path], tmp_path: Path
) -> None:
    path = copy(certificates, "row", tmp_path)
    (tmp_path / "awb.json").unlink()
    os.mkfifo(tmp_path / "awb.json")
    assert_one_line_refusal(check(path), "FIFO", "awb.json")


def test_a_symlink_to_dev_zero_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "awb.json"
    path.symlink_to("/dev/zero")
    assert_one_line_refusal(check(path), "device")


def test_a_1_gib_file_is_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "awb.json"
    with path.open("wb") as handle:
        handle.truncate(2**30)  # sparse: no disk used, but 1 GiB to a reader
    assert_one_line_refusal(check(path), "1,073,741,824 bytes")


@pytest.mark.parametrize("kind", ["row", "octal", "muller"])
def test_a_string_or_bool_where_an_integer_is_meant_is_refused(
    certificates: dict[str, Path], tmp_path: Path, check_here: Callable[..., Any], kind: str
) -> None:
    """``"period": "34"`` was read as 34 and ``true`` as 1 (the certificate held)."""
    path = copy(certificates, kind, tmp_path)
    if kind == "octal":
        resealed(path, lambda d: d["law"].update(period=str(d["law"]["period"])))
    else:
        resealed(path, lambda d: law_of_row(d).update(period=law_of_row(d)["period"] == 1))
    assert_one_line_refusal(check_here(path), "where an integer is meant")
