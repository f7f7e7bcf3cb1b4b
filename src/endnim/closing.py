"""Objects that hold something open (a file, worker processes, a server) and close it on
leaving a ``with`` block: the stores and readers of :mod:`endnim.sweep`, the workbench's
worker pool and server. It imports nothing of endnim, so any layer may use it.

>>> class Held(ClosesOnExit):
...     def close(self) -> None:
...         print("closed")
>>> with Held():
...     pass
closed
"""

from __future__ import annotations

from types import TracebackType
from typing import TypeVar

Self = TypeVar("Self", bound="ClosesOnExit")


class ClosesOnExit:
    """``with obj: ...`` calls ``obj.close()`` at the end, however the block ends."""

    def __enter__(self: Self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release what the object holds."""
        raise NotImplementedError


__all__ = ["ClosesOnExit"]
