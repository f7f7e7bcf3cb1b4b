"""The saved state of a quotient computation: resume after Ctrl-C or a refusal, verified.

The state is the list of test sums found so far and how many components are proved; a rerun with
the same closure continues from it (a larger ``--max-order`` may then finish it). The file names
the closure by a SHA-256 digest of its description and carries a SHA-256 checksum of its contents:
a file that does not match is refused, never half-read.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = state_path(folder, ["misere", 2, 3])
>>> save_state(path, ["misere", 2, 3], 4, [(), (0,)])
>>> load_state(path, ["misere", 2, 3])
(4, [(), (0,)])
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from endnim.errors import EndNimError
from endnim.quotient.closure import Multiset

STATE_VERSION = 1


def state_path(state_dir: str | Path, identity: Any) -> Path:
    """The state file of one closure (``identity``: its JSON description) in ``state_dir``."""
    digest = hashlib.sha256(json.dumps([STATE_VERSION, identity]).encode()).hexdigest()[:16]
    return Path(state_dir) / f"quotient-{digest}.json"


def _digest(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def save_state(path: Path, identity: Any, done: int, tests: list[Multiset]) -> None:
    """Write the state atomically (a temporary file, then a rename)."""
    payload = {
        "version": STATE_VERSION,
        "identity": identity,
        "done": done,
        "tests": [list(t) for t in tests],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"payload": payload, "sha256": _digest(payload)}))
    os.replace(temporary, path)


def load_state(path: Path, identity: Any) -> tuple[int, list[Multiset]] | None:
    """(components done, tests) from a saved state, ``None`` if there is none; a file that is
    damaged or of another closure is refused with a one-line error."""
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise EndNimError(f"cannot read the saved state {path}: {error} (delete it)") from None
    try:
        payload = data["payload"]
        if data["sha256"] != _digest(payload):
            raise EndNimError(f"the saved state {path} fails its SHA-256 check (delete it)")
        if payload["version"] != STATE_VERSION or payload["identity"] != json.loads(
            json.dumps(identity)
        ):
            raise EndNimError(f"the saved state {path} is of another computation (delete it)")
        tests = [tuple(int(c) for c in t) for t in payload["tests"]]
        done = int(payload["done"])
    except (KeyError, TypeError, ValueError) as error:
        raise EndNimError(f"the saved state {path} is damaged: {error} (delete it)") from None
    if not tests or tests[0] != ():
        raise EndNimError(f"the saved state {path} is damaged: no empty test (delete it)")
    return done, tests
