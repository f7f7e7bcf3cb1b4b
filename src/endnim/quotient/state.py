"""The saved state of a quotient computation: resume after Ctrl-C or a refusal, verified.

The state is how many components are proved, the quotient proved for them (its product table,
P-portion and the components' images; checked again before use) and the list of test sums the
exact search found so far; a rerun with the same closure continues from it (a larger
``--max-order`` may then finish it). The file names
the closure by a SHA-256 digest of its description and carries a SHA-256 checksum of its contents:
a file that does not match is refused, never half-read.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> path = state_path(folder, ["misere", 2, 3])
>>> save_state(path, ["misere", 2, 3], 4, [(), (0,)])
>>> load_state(path, ["misere", 2, 3])
SavedState(done=4, tests=[(), (0,)], quotient=None)
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, NamedTuple

from endnim.errors import EndNimError
from endnim.quotient.closure import Multiset
from endnim.quotient.monoid import Monoid

STATE_VERSION = 2

MAX_STATE_BYTES = 256 * 2**20
"""The largest saved state read (a quotient of order 2,000 and its tests take about 25 MB)."""

CHECK_PRODUCTS = 200_000_000
"""The most products a saved quotient's check may take: its associativity alone takes order³
(order 584), so a larger table is refused from its size before the check starts."""


class SavedState(NamedTuple):
    """What a saved state holds."""

    done: int
    tests: list[Multiset]
    quotient: tuple[Monoid, list[int]] | None


def state_path(state_dir: str | Path, identity: Any) -> Path:
    """The state file of one closure (``identity``: its JSON description) in ``state_dir``."""
    digest = hashlib.sha256(json.dumps([STATE_VERSION, identity]).encode()).hexdigest()[:16]
    return Path(state_dir) / f"quotient-{digest}.json"


def _digest(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def save_state(
    path: Path,
    identity: Any,
    done: int,
    tests: list[Multiset],
    quotient: tuple[Monoid, list[int]] | None = None,
) -> None:
    """Write the state atomically (a temporary file, then a rename)."""
    payload: dict[str, Any] = {
        "version": STATE_VERSION,
        "identity": identity,
        "done": done,
        "tests": [list(t) for t in tests],
    }
    if quotient is not None:
        monoid, images = quotient
        payload["quotient"] = {
            "product": monoid.product,
            "p_portion": sorted(monoid.p_portion),
            "images": list(images),
        }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"payload": payload, "sha256": _digest(payload)}))
    os.replace(temporary, path)


def load_state(path: Path, identity: Any) -> SavedState | None:
    """(components done, tests) from a saved state, ``None`` if there is none; a file that is
    damaged or of another closure is refused with a one-line error."""
    from endnim.bounded_json import UnreadableError, read_json

    try:
        data = read_json(path, "saved state", max_bytes=MAX_STATE_BYTES)
    except UnreadableError as error:
        raise EndNimError(
            f"the saved state {path} is damaged: {error.problem} (delete it)"
        ) from None
    if data is None:
        return None
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
        quotient = _quotient(payload.get("quotient"))
    except _TooLarge as error:
        raise EndNimError(f"the saved state {path} is refused: {error} (delete it)") from None
    except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as error:
        # OverflowError: a resealed "done": 1e400 (infinity); RecursionError: deep nesting
        raise EndNimError(f"the saved state {path} is damaged: {error} (delete it)") from None
    if not tests or tests[0] != ():
        raise EndNimError(f"the saved state {path} is damaged: no empty test (delete it)")
    return SavedState(done, tests, quotient)


class _TooLarge(Exception):
    """A saved quotient whose check would cost more than :data:`CHECK_PRODUCTS`."""


def _quotient(data: Any) -> tuple[Monoid, list[int]] | None:
    """The saved quotient, its shape checked (its correctness is checked by the solver)."""
    if data is None:
        return None
    order = len(data["product"])
    if order**3 > CHECK_PRODUCTS:
        from endnim.search import format_count

        raise _TooLarge(
            f"it holds a quotient of order {order:,}, whose check would take "
            f"{format_count(order**3)} products, more than {format_count(CHECK_PRODUCTS)}"
        )
    product = [[int(y) for y in row] for row in data["product"]]
    values = {y for row in product for y in row} | {int(x) for x in data["p_portion"]}
    images = [int(i) for i in data["images"]]
    if any(len(row) != order for row in product) or not values | set(images) <= set(range(order)):
        raise ValueError("the saved quotient's table is not square over its elements")
    return Monoid(product, frozenset(int(x) for x in data["p_portion"])), images
