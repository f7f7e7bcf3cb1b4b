"""How long idle OpenMP threads spin: set before the compiled kernels load libgomp.

After a parallel region libgomp's worker threads busy-wait for the next one, by default for
300,000 spins (about a millisecond). On a 2-core machine that keeps the second core busy after
every 2-thread call: a one-thread computation right after one ran up to twice as slowly
(benchmarks/README.md, "Threads"). 10,000 spins (a few µs) removes that and costs nothing the
benchmark can see. A value the user set (``GOMP_SPINCOUNT``, ``OMP_WAIT_POLICY``) wins.

>>> import os
>>> "GOMP_SPINCOUNT" in os.environ or "OMP_WAIT_POLICY" in os.environ
True
"""

from __future__ import annotations

import os

SPINCOUNT = "10000"

if "OMP_WAIT_POLICY" not in os.environ:
    os.environ.setdefault("GOMP_SPINCOUNT", SPINCOUNT)
