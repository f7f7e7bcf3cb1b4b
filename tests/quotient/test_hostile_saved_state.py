"""A saved quotient state someone else wrote (issue 41): its checksum is a plain SHA-256 anyone
can recompute, so a state resealed with a product table of order 1,500 (whose check takes
order³ products) is refused from its size, in one line, before any of the check is done; a
FIFO in the state's place is refused without blocking."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hang_guard import run

ARGS = ["quotient", "-v", "misere", "-L", "2", "-H", "4", "--json"]


def endnim(*args: str) -> tuple[int, str, str]:
    """``endnim ARGS`` in its own process, under the hang guard (a FIFO blocked it for ever)."""
    found = run([sys.executable, "-m", "endnim.cli", *args], capture_output=True, text=True)
    return found.returncode, found.stdout, found.stderr


@pytest.fixture
def here(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """``endnim ARGS`` in this process (no process start)."""
    from endnim.cli import main

    def call(*args: str) -> tuple[int, str, str]:
        status = 0
        try:
            main(list(args))
        except SystemExit as done:
            status = int(done.code or 0)
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return call


def test_a_resealed_quotient_of_order_1500_is_refused_from_its_size(
    tmp_path: Path, here: Callable[..., tuple[int, str, str]]
) -> None:
    code, _, err = here(*ARGS, "--max-order", "8", "--state", str(tmp_path))
    assert code == 2, err  # stopped part-way: the state keeps a proved quotient
    (state,) = tmp_path.glob("quotient-*.json")
    saved = json.loads(state.read_text())
    payload = saved["payload"]
    assert payload["quotient"] is not None
    order = 1500  # the cyclic group of order 1500: a lawful table, costly to check
    payload["quotient"] = {
        "product": [[(x + y) % order for y in range(order)] for x in range(order)],
        "p_portion": [1],
        "images": [1] * len(payload["quotient"]["images"]),
    }
    saved["sha256"] = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    state.write_text(json.dumps(saved))
    code, _, err = here(*ARGS, "--state", str(tmp_path))
    assert code == 2 and "internal error" not in err, err
    assert err.startswith("endnim: error:") and len(err.strip().splitlines()) == 1, err
    assert "order 1,500" in err and str(state) in err


def test_a_fifo_state_is_refused_without_blocking(tmp_path: Path) -> None:
    code, _, err = endnim(*ARGS, "--state", str(tmp_path))
    assert code == 0, err
    (state,) = tmp_path.glob("quotient-*.json")
    state.unlink()
    os.mkfifo(state)
    code, _, err = endnim(*ARGS, "--state", str(tmp_path))
    assert code == 2 and "internal error" not in err, err
    assert len(err.strip().splitlines()) == 1 and "FIFO" in err, err


def test_a_resealed_fractional_count_is_refused(
    tmp_path: Path, here: Callable[..., tuple[int, str, str]]
) -> None:
    """``"done": 1.5`` was read as 1 component done."""
    code, _, err = here(*ARGS, "--state", str(tmp_path))
    assert code == 0, err
    (state,) = tmp_path.glob("quotient-*.json")
    saved = json.loads(state.read_text())
    saved["payload"]["done"] = 1.5
    saved["sha256"] = hashlib.sha256(
        json.dumps(saved["payload"], sort_keys=True).encode()
    ).hexdigest()
    state.write_text(json.dumps(saved))
    code, _, err = here(*ARGS, "--state", str(tmp_path))
    assert code == 2 and "internal error" not in err, err
    assert len(err.strip().splitlines()) == 1 and "only integers" in err, err
