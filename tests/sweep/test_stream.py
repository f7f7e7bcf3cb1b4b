"""The streaming Horrocks check against a stored sweep and a plain Python enumeration."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from endnim.cli import main
from endnim.engine import solve_layer
from endnim.sweep import open_sweep, run_sweep
from endnim.sweep import stream as stream_module
from endnim.sweep.stream import FIRST, layer_stats, stream_horrocks
from endnim.theory import horrocks
from endnim.variants import get_variant


def _reference(length: int, max_pile: int) -> dict[str, Any]:
    """Every field of the statistics, position by position, with the theory's predicates."""
    layer = solve_layer(get_variant("muller"), length, max_pile)
    rows = []
    for piles in itertools.product(range(1, max_pile + 1), repeat=length):
        value = int(layer[tuple(p - 1 for p in piles)])
        rows.append((list(piles), value))
    best = max(v for _, v in rows)
    out: dict[str, Any] = {
        "positions": len(rows),
        "max_value": best,
        "max_value_count": sum(v == best for _, v in rows),
        "max_value_first": [p for p, v in rows if v == best][:FIRST],
        "c1_violations": sum(not horrocks.conjecture_1(tuple(p), v) for p, v in rows),
        "c2_violations": sum(not horrocks.conjecture_2(tuple(p), v) for p, v in rows),
        "c3": sorted(
            [p[0], length, v, horrocks.conjecture_3(tuple(p), v)]
            for p, v in rows
            if len(set(p)) == 1
        ),
    }
    if length >= 2:
        slack = min(p[0] + p[-1] + 1 - v for p, v in rows)
        tight = [p for p, v in rows if p[0] + p[-1] + 1 - v == slack]
        equal = [p for p, v in rows if v == p[0] - 1 and p[0] - p[-1] == 1]
        out |= {
            "c1_min_slack": slack,
            "c1_min_slack_count": len(tight),
            "c1_min_slack_first": tight[:FIRST],
            "c2_applicable": sum(v == p[0] - 1 for p, v in rows),
            "c2_equal": len(equal),
            "c2_equal_first": equal[:FIRST],
        }
    return out


@pytest.mark.parametrize(("length", "max_pile"), [(1, 4), (2, 5), (3, 5), (4, 5), (5, 5), (6, 4)])
def test_statistics_match_a_plain_enumeration(length: int, max_pile: int) -> None:
    report = stream_horrocks(length, max_pile, workers=1)
    stats = report.lengths[length]
    for key, expected in _reference(length, max_pile).items():
        assert stats[key] == expected, key


def test_streaming_equals_the_stored_sweep(tmp_path: Path) -> None:
    run_sweep(tmp_path / "sweep", "muller", 5, 5, workers=1)
    report = stream_horrocks(5, 5, workers=2)
    with open_sweep(tmp_path / "sweep") as sweep:
        for length in range(1, 6):
            assert report.lengths[length] == layer_stats(sweep.layer(length), 5), length
    assert report.positions == sum(5**n for n in range(1, 6))


def test_small_chunks_and_resume_after_an_interruption(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = stream_horrocks(6, 4, workers=1)
    monkeypatch.setattr(stream_module, "CHUNK_BYTES", 25 * 4**2)  # many chunks per level
    state = tmp_path / "state.json"
    calls = []

    def stop_midway(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 15:  # within the last level (16 chunks)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        stream_horrocks(6, 4, workers=1, state=state, progress=stop_midway)
    resumed = stream_horrocks(6, 4, workers=2, state=state)
    assert resumed.resumed_chunks > 0
    assert resumed.lengths == whole.lengths
    other = stream_horrocks(6, 4, workers=1)
    assert other.lengths == whole.lengths


def test_a_state_of_another_range_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    stream_horrocks(4, 3, workers=1, state=state)
    with pytest.raises(stream_module.SweepError, match="another run"):
        stream_horrocks(4, 4, workers=1, state=state)


def _run(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(arguments)
        code = 0
    except SystemExit as exit:
        code = int(exit.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        ["conjecture", "horrocks", "--stream", "-L", "5", "-H", "4", "--json"], capsys
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["counterexamples"] == {"horrocks-1": 0, "horrocks-2": 0, "horrocks-3": 0}
    assert data["lengths"]["5"]["c1_min_slack_first"][0] == [3, 4, 1, 2, 2]
    arguments = ["conjecture", "horrocks-1", "--stream", "-L", "4", "-H", "4"]
    code, out, _ = _run([*arguments, "--state", str(tmp_path)], capsys)
    assert code == 0, out
    assert "horrocks-1: holds" in out
    assert list(tmp_path.glob("horrocks-stream-L4-H4.json"))
    for arguments, words in [
        (["conjecture", "--holds", "g >= 0", "--stream"], "NAME horrocks"),
        (["conjecture", "horrocks", "--stream", "-v", "endnim"], "drop --variant"),
        (["conjecture", "horrocks", "--stream", "-L", "14", "-H", "12"], "lower --max-length"),
        (["conjecture", "horrocks", "--stream", "--min-length", "3"], "drop --min-length"),
    ]:
        code, out, err = _run(arguments, capsys)
        assert code == 2, (arguments, out, err)
        assert words in err
        assert err.count("\n") == 1
