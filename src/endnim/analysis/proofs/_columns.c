/* The columns of a table a·w·b by End-Nim's recurrence, one column at a time
 * (endnim.analysis.proofs.columns).
 *
 * G(a·w·b) = mex({G(a·w·b') : b' < b} ∪ {G(a'·w·b) : a' < a}) for a, b >= 1, given the row
 * a = 0 (w·b) and the column b = 0 (a·w). Column b is computed for every row a at once, rows
 * in order: row a's value is the least v >= its mex L(b) that the row has not taken and that
 * no row a' < a holds in column b. Per row the kernel keeps its mex and which values it has
 * taken (a byte per value: the values are distinct and at most b + a + G(a·w), so a row of
 * n columns needs n + rows + max G(a·w) + 2 bytes); the column's values are marked with the
 * column's number in one shared array. Nothing else is kept, so the work per cell is the
 * number of taken or marked values between the mex and the value (small: the state's set).
 *
 * columns(row0, col0, rows, cols, out): row0 int64[cols + 1], col0 int64[rows + 1], out a
 * writable int64[(rows + 1) * (cols + 1)] (row-major); out gets the whole table. Ctrl-C is
 * checked every 65536 columns.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static PyObject *columns(PyObject *self, PyObject *args) {
    Py_buffer row0, col0, out;
    Py_ssize_t rows, cols;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*nnw*", &row0, &col0, &rows, &cols, &out)) return NULL;
    PyObject *result = NULL;
    uint8_t *taken = NULL;
    int64_t *mark = NULL, *mex = NULL;
    if (rows < 0 || cols < 0 || row0.len != (cols + 1) * 8 || col0.len != (rows + 1) * 8 ||
        out.len != (rows + 1) * (cols + 1) * 8) {
        PyErr_SetString(PyExc_ValueError, "columns: the buffers do not fit rows and cols");
        goto done;
    }
    const int64_t *first_row = row0.buf, *first_col = col0.buf;
    int64_t *table = out.buf;
    int64_t top = 0;
    for (Py_ssize_t a = 0; a <= rows; a++) {
        if (first_col[a] < 0) {
            PyErr_SetString(PyExc_ValueError, "columns: a negative value in the column a·w");
            goto done;
        }
        if (first_col[a] > top) top = first_col[a];
    }
    size_t width = (size_t)cols + (size_t)rows + (size_t)top + 2; /* values < width */
    taken = calloc((size_t)(rows + 1) * width, 1);
    mark = malloc(width * sizeof(int64_t));
    mex = calloc((size_t)(rows + 1), sizeof(int64_t));
    if (!taken || !mark || !mex) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t v = 0; v < width; v++) mark[v] = -1;
    Py_ssize_t stride = cols + 1;
    for (Py_ssize_t a = 0; a <= rows; a++) {
        table[a * stride] = first_col[a];
        if (a == 0) continue;
        uint8_t *mine = taken + (size_t)a * width;
        mine[first_col[a]] = 1;
        while (mine[mex[a]]) mex[a]++;
    }
    for (Py_ssize_t b = 1; b <= cols; b++) {
        if ((b & 0xFFFF) == 0 && PyErr_CheckSignals()) goto done;
        int64_t input = first_row[b];
        table[b] = input;
        if (input >= 0 && (size_t)input < width) mark[input] = b;
        for (Py_ssize_t a = 1; a <= rows; a++) {
            uint8_t *mine = taken + (size_t)a * width;
            int64_t v = mex[a];
            while (mine[v] || mark[v] == b) v++;
            table[a * stride + b] = v;
            mine[v] = 1;
            mark[v] = b;
            while (mine[mex[a]]) mex[a]++;
        }
    }
    result = Py_None;
    Py_INCREF(result);
done:
    free(taken);
    free(mark);
    free(mex);
    PyBuffer_Release(&row0);
    PyBuffer_Release(&col0);
    PyBuffer_Release(&out);
    return result;
}

/* covered(values, where, mex, start, delta, blocks, offsets, preperiods, periods, saltuses, gaps,
 * span) -> bool: the prover's joint check (endnim.analysis.proofs.rows._covered), one column at
 * a time. Input j's value at b is blocks[offsets[j] + (b - pre) % p] + (b - pre) / p * s. At
 * each b in [start, start + span), with b = same + k·delta (start <= same < start + delta), the
 * inputs shifted down by k·delta must miss values[same] and give exactly gaps[same - start]
 * distinct values in [mex[same], values[same]) that the row has not taken before same
 * (where[v] >= same). */
static PyObject *covered(PyObject *self, PyObject *args) {
    Py_buffer bv, bw, bm, bb, bo, bp, bq, bs, bg;
    Py_ssize_t start, delta, span;
    (void)self;
    if (!PyArg_ParseTuple(args, "y*y*y*nny*y*y*y*y*y*n", &bv, &bw, &bm, &start, &delta, &bb, &bo,
                          &bp, &bq, &bs, &bg, &span))
        return NULL;
    PyObject *result = NULL;
    int64_t *stamp = NULL, *phase = NULL, *lift = NULL;
    const int64_t *values = bv.buf, *where = bw.buf, *mex = bm.buf, *blocks = bb.buf;
    const int64_t *offsets = bo.buf, *pre = bp.buf, *period = bq.buf, *saltus = bs.buf;
    const int64_t *gaps = bg.buf;
    Py_ssize_t n = bv.len / 8, m = bw.len / 8, g = bo.len / 8, nb = bb.len / 8;
    if (delta < 1 || start < 0 || start + delta > n || bm.len / 8 < start + delta ||
        bp.len / 8 != g || bq.len / 8 != g || bs.len / 8 != g || bg.len / 8 != delta) {
        PyErr_SetString(PyExc_ValueError, "covered: the buffers do not fit");
        goto done;
    }
    for (Py_ssize_t j = 0; j < g; j++) {
        if (period[j] < 1 || pre[j] > start || offsets[j] < 0 || offsets[j] + period[j] > nb) {
            PyErr_SetString(PyExc_ValueError, "covered: an input's block does not fit");
            goto done;
        }
    }
    for (Py_ssize_t b = start; b < start + delta; b++) {
        if (values[b] < 0 || values[b] >= m || mex[b] < 0) {
            PyErr_SetString(PyExc_ValueError, "covered: a value outside where");
            goto done;
        }
    }
    stamp = malloc((size_t)(m > 0 ? m : 1) * sizeof(int64_t));
    if (!stamp) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t v = 0; v < m; v++) stamp[v] = -1;
    /* the phases, kept by counting instead of dividing: input j at b is
     * blocks[offsets[j] + phase[j]] + lift[j] (lift = (b - pre) / p * s) */
    phase = malloc((size_t)(g > 0 ? g : 1) * sizeof(int64_t));
    lift = malloc((size_t)(g > 0 ? g : 1) * sizeof(int64_t));
    if (!phase || !lift) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < g; j++) {
        phase[j] = (start - pre[j]) % period[j];
        lift[j] = (start - pre[j]) / period[j] * saltus[j];
    }
    int ok = 1;
    int64_t same = start, down = 0; /* b = same + k·delta, down = k·delta */
    for (Py_ssize_t b = start; b < start + span && ok; b++) {
        if (((b - start) & 0xFFFFF) == 0 && PyErr_CheckSignals()) goto done;
        int64_t value = values[same], low = mex[same], count = 0;
        for (Py_ssize_t j = 0; j < g; j++) {
            int64_t shifted = blocks[offsets[j] + phase[j]] + lift[j] - down;
            if (++phase[j] == period[j]) {
                phase[j] = 0;
                lift[j] += saltus[j];
            }
            if (shifted == value) {
                ok = 0;
                break;
            }
            if (shifted >= low && shifted < value && where[shifted] >= same &&
                stamp[shifted] != b) {
                stamp[shifted] = b;
                count++;
            }
        }
        if (ok && count != gaps[same - start]) ok = 0;
        if (++same == start + delta) {
            same = start;
            down += delta;
        }
    }
    result = PyBool_FromLong(ok);
done:
    free(stamp);
    free(phase);
    free(lift);
    PyBuffer_Release(&bv);
    PyBuffer_Release(&bw);
    PyBuffer_Release(&bm);
    PyBuffer_Release(&bb);
    PyBuffer_Release(&bo);
    PyBuffer_Release(&bp);
    PyBuffer_Release(&bq);
    PyBuffer_Release(&bs);
    PyBuffer_Release(&bg);
    return result;
}

static PyMethodDef methods[] = {
    {"covered", covered, METH_VARARGS,
     "covered(values, where, mex, start, delta, blocks, offsets, preperiods, periods, saltuses, "
     "gaps, span) -> bool: the prover's joint check of crossing input rows"},
    {"columns", columns, METH_VARARGS,
     "columns(row0 int64[cols + 1], col0 int64[rows + 1], rows, cols, out int64[(rows + 1) * "
     "(cols + 1)]) -> None: the table a·w·b by End-Nim's recurrence, column by column"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_columns",
                                    "The columns of an a·w·b table by End-Nim's recurrence.",
                                    -1, methods};

PyMODINIT_FUNC PyInit__columns(void) { return PyModule_Create(&module); }
