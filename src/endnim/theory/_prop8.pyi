"""Type stub of the compiled Proposition 8 kernel (``_prop8.c``)."""

from typing import Any

_Data = tuple[int, bytes, bytes]

def prop8(piles: bytes, k: int, width: int, /) -> tuple[_Data, _Data, _Data, _Data]: ...
def classes(piles: Any, n: int, k: int, /) -> bytes: ...
