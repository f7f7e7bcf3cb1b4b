"""Type stubs of the compiled column-by-column table (``_columns.c``)."""

import numpy as np
import numpy.typing as npt

def columns(
    row0: npt.NDArray[np.int64],
    col0: npt.NDArray[np.int64],
    rows: int,
    cols: int,
    out: npt.NDArray[np.int64],
    /,
) -> None: ...
