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
def covered(
    values: npt.NDArray[np.int64],
    where: npt.NDArray[np.int64],
    mex: npt.NDArray[np.int64],
    start: int,
    delta: int,
    blocks: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    preperiods: npt.NDArray[np.int64],
    periods: npt.NDArray[np.int64],
    saltuses: npt.NDArray[np.int64],
    gaps: npt.NDArray[np.int64],
    span: int,
    /,
) -> bool: ...
