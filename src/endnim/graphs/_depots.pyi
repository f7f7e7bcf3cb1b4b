"""Type stubs of the compiled warehouse search (``_depots.c``)."""

from collections.abc import Sequence

MAX_VERTICES: int
MAX_LABEL: int
MAX_TOTAL: int

class OverLimit(Exception): ...

def depot_grundy(
    labels: Sequence[int], edges: Sequence[tuple[int, int]], limit: int, /
) -> tuple[int, int]: ...
def partizan_outcome(
    labels: Sequence[int],
    edges: Sequence[tuple[int, int]],
    colours: Sequence[int],
    homes: Sequence[int],
    limit: int,
    /,
) -> tuple[int, int]: ...
