"""Type stubs of the compiled tree solver (``_trees.c``)."""

from collections.abc import Sequence

MAX_DEPTH: int

class OverLimit(Exception): ...
class TooDeep(Exception): ...

class TreeMemo:
    def __len__(self) -> int: ...
    def solve(
        self,
        labels: Sequence[int],
        edges: Sequence[tuple[int, int]],
        limit: int,
        work_limit: int,
        max_depth: int = ...,
        /,
    ) -> tuple[int, int, int, int]: ...
    def key(self, labels: Sequence[int], edges: Sequence[tuple[int, int]], /) -> bytes: ...
    def notation(self, labels: Sequence[int], edges: Sequence[tuple[int, int]], /) -> str: ...
    def sweep_shape(
        self,
        edges: Sequence[tuple[int, int]],
        n: int,
        max_label: int,
        min_sum: int = ...,
        max_sum: int = ...,
        /,
    ) -> list[tuple[str, tuple[int, ...], int]]: ...
    def clear(self) -> None: ...
