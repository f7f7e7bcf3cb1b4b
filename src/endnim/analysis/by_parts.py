"""Analysis of positions that split into independent parts: the decomposition strategy, now
:mod:`endnim.strategies.parts` (kept here for old imports).

>>> from endnim.strategies import parts
>>> by_parts is parts.by_parts
True
"""

from __future__ import annotations

from endnim.strategies.parts import by_parts, split

__all__ = ["by_parts", "split"]
