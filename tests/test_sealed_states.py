"""Saved states a later run trusts (conjecture checks, the streaming Horrocks check) are sealed
with the SHA-256 of their content: a damaged or edited state is a one-line error naming the
file (never counts silently taken over), and deleting it starts the check afresh."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from endnim import cli
from endnim.analysis.conjecture import builtin_conjecture, check_conjecture, state_path
from endnim.errors import EndNimError
from endnim.sweep.stream import StreamReport, stream_horrocks


def counts(report: StreamReport) -> dict[str, object]:
    return {k: v for k, v in report.to_dict().items() if k not in ("seconds", "peak_rss_bytes")}


def edit_count(path: Path, key: str) -> None:
    """Change one stored count the way a hand edit or a flipped digit would."""
    sealed = json.loads(path.read_text())
    data = sealed["data"]
    target = data["report"] if "report" in data else next(iter(data["chunks"].values()))
    target[key] += 1
    path.write_text(json.dumps(sealed))


def test_an_edited_conjecture_state_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    conjecture = builtin_conjecture("horrocks-1")
    whole = check_conjecture(conjecture, max_length=4, max_pile=5, state_dir=tmp_path)
    path = state_path(tmp_path, conjecture, 5, 1)
    edit_count(path, "counterexamples")
    with pytest.raises(EndNimError, match="does not match its SHA-256") as caught:
        check_conjecture(conjecture, max_length=5, max_pile=5, state_dir=tmp_path)
    assert str(path) in str(caught.value) and "delete it" in str(caught.value)
    with pytest.raises(SystemExit) as exit_code:
        cli.main(["conjecture", "horrocks-1", "-L", "5", "-H", "5", "--state", str(tmp_path)])
    err = capsys.readouterr().err
    assert exit_code.value.code == 2 and len(err.strip().splitlines()) == 1, err
    path.unlink()
    again = check_conjecture(conjecture, max_length=4, max_pile=5, state_dir=tmp_path)
    assert again.to_dict() == whole.to_dict()


@pytest.mark.parametrize("damage", ["truncated", "edited", "flipped"])
def test_a_damaged_stream_state_is_refused(tmp_path: Path, damage: str) -> None:
    state = tmp_path / "stream.json"
    whole = stream_horrocks(4, 5, workers=1, state=state)
    text = state.read_text()
    if damage == "truncated":
        state.write_text(text[: len(text) // 2])
    elif damage == "edited":
        edit_count(state, "positions")
    else:
        at = text.index('"positions": ') + len('"positions": ')
        state.write_text(text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1 :])
    with pytest.raises(EndNimError, match="cannot read the saved state") as caught:
        stream_horrocks(4, 5, workers=1, state=state)
    assert str(state) in str(caught.value)
    state.unlink()
    assert counts(stream_horrocks(4, 5, workers=1, state=state)) == counts(whole)


@pytest.mark.parametrize("damage", ["nested", "infinite count"])
def test_a_hostile_conjecture_state_is_a_one_line_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    """Issue 34 §10: ``'[' * 100000`` was a RecursionError, a resealed ``1e400`` count an
    OverflowError."""
    from endnim.sealed import seal

    conjecture = builtin_conjecture("horrocks-1")
    check_conjecture(conjecture, max_length=4, max_pile=5, state_dir=tmp_path)
    path = state_path(tmp_path, conjecture, 5, 1)
    if damage == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000)
    else:
        sealed = json.loads(path.read_text())
        sealed["data"]["report"]["done_length"] = float("inf")
        sealed["sha256"] = seal(sealed["data"])  # resealed: the checksum matches
        path.write_text(json.dumps(sealed).replace("Infinity", "1e400"))
    with pytest.raises(SystemExit) as exit_code:
        cli.main(["conjecture", "horrocks-1", "-L", "5", "-H", "5", "--state", str(tmp_path)])
    err = capsys.readouterr().err
    assert exit_code.value.code == 2 and "internal error" not in err, err
    assert err.startswith("endnim: error:") and len(err.strip().splitlines()) == 1, err
    assert str(path) in err


def test_a_sealed_file_over_its_bound_is_refused_unread(tmp_path: Path) -> None:
    """``read_sealed`` reads at most its bound (a huge file is one line naming it and its size,
    not a read of the whole into memory); a sparse file of a GiB is refused by its size."""
    import inspect

    from endnim.sealed import SEALED_LIMIT, read_sealed, write_sealed

    assert inspect.signature(read_sealed).parameters["limit"].default == SEALED_LIMIT
    path = tmp_path / "state.json"
    write_sealed(path, {"positions": list(range(1000))})
    assert read_sealed(path, "saved state", limit=10**6) == {"positions": list(range(1000))}
    size = path.stat().st_size
    with pytest.raises(EndNimError) as refused:
        read_sealed(path, "saved state", limit=size - 1)
    message = str(refused.value)
    assert str(path) in message and f"it is {size:,} bytes, over the {size - 1:,}" in message
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(2**30)  # sparse: no disk used, and never read
    with pytest.raises(EndNimError, match=r"it is 1,073,741,824 bytes") as refused:
        read_sealed(huge, "saved state", limit=2**20)
    assert "\n" not in str(refused.value)
