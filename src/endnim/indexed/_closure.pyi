"""Type stubs of the indexed search's kernels (``_closure.c``)."""

from collections.abc import Callable, Hashable, Sequence
from typing import Any

def closure(
    roots: Sequence[Any],
    expand: Callable[[Any], Any],
    key: Callable[[Any], Hashable] | None,
    rows: bool,
    max_states: int,
    max_edges: int,
    bad: Callable[[Any], object],
    progress: Callable[[int, int], object] | None,
    every: int,
    known: dict[Any, int] | None,
    batch: Callable[[list[Any]], list[Any]] | None = None,
    batch_size: int = 1,
    /,
) -> tuple[list[Any], dict[Hashable, int], bytes, bytes, bytes, bytes, bytes, int]: ...
def grundy(offsets: Any, targets: Any, terminal: Any, grundy: Any, remoteness: Any, /) -> int: ...
