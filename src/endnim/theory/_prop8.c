/* Albert & Nowakowski (2001) Proposition 8 as one interval dynamic programme, compiled.
 *
 * The same recurrence as endnim/theory/partizan.py (_Analysis), on fixed-width unsigned
 * multi-limb integers: every L* and R* of a sub-row is at most the sum of its piles plus its
 * length plus 2, so the caller picks a width (in 64-bit limbs) that holds sum(piles) + k + 2
 * and nothing here can overflow. Piles come in as one little-endian byte string of k * width
 * limbs; the data (class, L*, R*) of the whole row, its prefix p[:-1], suffix p[1:] and middle
 * p[1:-1] go back as byte strings of the same width.
 *
 * Classes are coded as in partizan.py: 0 = P, 1 = L, 2 = R, 3 = N (bit 1: Left wins moving
 * first; bit 2: Right wins moving first).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t limb;

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE int ge(const limb *x, const limb *y, int w) {
    for (int t = w - 1; t >= 0; t--) {
        if (x[t] != y[t]) return x[t] > y[t];
    }
    return 1;
}

ALWAYS_INLINE void set_small(limb *d, limb c, int w) {
    d[0] = c;
    for (int t = 1; t < w; t++) d[t] = 0;
}

/* d = x + y + c (c small); d may alias neither x nor y. */
ALWAYS_INLINE void add_plus(limb *d, const limb *x, const limb *y, limb c, int w) {
    limb carry = c;
    for (int t = 0; t < w; t++) {
        limb s = x[t] + y[t];
        limb c1 = s < x[t];
        limb s2 = s + carry;
        limb c2 = s2 < s;
        d[t] = s2;
        carry = c1 | c2;
    }
}

/* d = x + c - y (c small, x + c >= y); d may alias neither x nor y. */
ALWAYS_INLINE void add_small_sub(limb *d, const limb *x, limb c, const limb *y, int w) {
    limb carry = c, borrow = 0;
    for (int t = 0; t < w; t++) {
        limb s = x[t] + carry;
        carry = s < carry;
        limb diff = s - y[t];
        limb b1 = s < y[t];
        limb diff2 = diff - borrow;
        limb b2 = diff < borrow;
        d[t] = diff2;
        borrow = b1 | b2;
    }
}

/* d = x + y + c - z (c small, x + y + c >= z); d aliases none of x, y, z. */
ALWAYS_INLINE void add_sub(limb *d, const limb *x, const limb *y, limb c, const limb *z, int w) {
    add_plus(d, x, y, c, w);
    limb borrow = 0;
    for (int t = 0; t < w; t++) {
        limb v = d[t];
        limb diff = v - z[t];
        limb b1 = v < z[t];
        limb diff2 = diff - borrow;
        limb b2 = diff < borrow;
        d[t] = diff2;
        borrow = b1 | b2;
    }
}

typedef struct {
    uint8_t *kinds;
    limb *ls;
    limb *rs;
} level_t;

/* Level n from level n - 1 (prev): the data of piles[i : i + n] for i = 0..count-1. */
ALWAYS_INLINE void next_level(const limb *piles, int n, Py_ssize_t count, const level_t *prev,
                              level_t *out, int w) {
    for (Py_ssize_t i = 0; i < count; i++) {
        const limb *a = piles + i * w;
        const limb *b = piles + (i + n - 1) * w;
        const int lk = prev->kinds[i], rk = prev->kinds[i + 1];
        const limb *ll = prev->ls + i * w, *lr = prev->rs + i * w;             /* a w */
        const limb *rl = prev->ls + (i + 1) * w, *rr = prev->rs + (i + 1) * w; /* w b */
        const int a_ge_rl = ge(a, rl, w), b_ge_lr = ge(b, lr, w);
        limb *rs = out->rs + i * w, *ls = out->ls + i * w;
        out->kinds[i] = (uint8_t)(a_ge_rl | (b_ge_lr << 1));
        /* R*(a (w b)) from the data of w b. */
        if (!(rk & 2)) {
            add_plus(rs, a, rr, 0, w);
        } else if (rk == 3) {
            if (a_ge_rl) add_sub(rs, a, rr, 1, rl, w);
            else set_small(rs, 1, w);
        } else {
            if (a_ge_rl) add_small_sub(rs, a, 2, rl, w);
            else set_small(rs, 1, w);
        }
        /* L*((a w) b) from the data of a w. */
        if (!(lk & 1)) {
            add_plus(ls, b, ll, 0, w);
        } else if (lk == 3) {
            if (b_ge_lr) add_sub(ls, b, ll, 1, lr, w);
            else set_small(ls, 1, w);
        } else {
            if (b_ge_lr) add_small_sub(ls, b, 2, lr, w);
            else set_small(ls, 1, w);
        }
    }
}

static void run_levels(const limb *piles, Py_ssize_t k, int w, level_t lv[3]) {
    /* lv[0] = level 0 (empty rows), lv[1] = level 1 (lone piles); level n goes to lv[n % 3]. */
    for (Py_ssize_t i = 0; i <= k; i++) {
        lv[0].kinds[i] = 0;
        set_small(lv[0].ls + i * w, 1, w);
        set_small(lv[0].rs + i * w, 1, w);
    }
    for (Py_ssize_t i = 0; i < k; i++) { /* a lone pile (p): N with L* = R* = p + 1 */
        limb *d = lv[1].ls + i * w;
        lv[1].kinds[i] = 3;
        memcpy(d, piles + i * w, sizeof(limb) * (size_t)w);
        limb carry = 1;
        for (int t = 0; t < w && carry; t++) {
            d[t] += carry;
            carry = d[t] == 0;
        }
        memcpy(lv[1].rs + i * w, d, sizeof(limb) * (size_t)w);
    }
    for (Py_ssize_t n = 2; n <= k; n++) {
        const level_t *prev = &lv[(n - 1) % 3];
        level_t *out = &lv[n % 3];
        Py_ssize_t count = k - n + 1;
        switch (w) {
        case 1: next_level(piles, (int)n, count, prev, out, 1); break;
        case 2: next_level(piles, (int)n, count, prev, out, 2); break;
        case 3: next_level(piles, (int)n, count, prev, out, 3); break;
        case 4: next_level(piles, (int)n, count, prev, out, 4); break;
        case 5: next_level(piles, (int)n, count, prev, out, 5); break;
        case 6: next_level(piles, (int)n, count, prev, out, 6); break;
        default: next_level(piles, (int)n, count, prev, out, w); break;
        }
    }
}

static PyObject *data_of(const level_t *lv, Py_ssize_t i, int w) {
    size_t size = sizeof(limb) * (size_t)w;
    return Py_BuildValue("(iy#y#)", (int)lv->kinds[i], (const char *)(lv->ls + i * w),
                         (Py_ssize_t)size, (const char *)(lv->rs + i * w), (Py_ssize_t)size);
}

/* prop8(piles: bytes, k: int, width: int) -> (full, prefix, suffix, middle), each
 * (class code, L* bytes, R* bytes), for k >= 2. */
static PyObject *prop8(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer buffer;
    Py_ssize_t k;
    int w;
    if (!PyArg_ParseTuple(args, "y*ni", &buffer, &k, &w)) return NULL;
    if (k < 2 || w < 1 || buffer.len != k * w * (Py_ssize_t)sizeof(limb)) {
        PyBuffer_Release(&buffer);
        PyErr_SetString(PyExc_ValueError, "prop8: need k >= 2 piles of width limbs each");
        return NULL;
    }
    level_t lv[3];
    int ok = 1;
    for (int j = 0; j < 3; j++) {
        lv[j].kinds = malloc((size_t)(k + 1));
        lv[j].ls = malloc(sizeof(limb) * (size_t)(k + 1) * (size_t)w);
        lv[j].rs = malloc(sizeof(limb) * (size_t)(k + 1) * (size_t)w);
        if (!lv[j].kinds || !lv[j].ls || !lv[j].rs) ok = 0;
    }
    PyObject *result = NULL;
    if (!ok) {
        PyErr_NoMemory();
    } else {
        const limb *piles = (const limb *)buffer.buf;
        Py_BEGIN_ALLOW_THREADS run_levels(piles, k, w, lv);
        Py_END_ALLOW_THREADS
        const level_t *full = &lv[k % 3], *older = &lv[(k - 1) % 3], *oldest = &lv[(k - 2) % 3];
        PyObject *f = data_of(full, 0, w), *p = data_of(older, 0, w), *s = data_of(older, 1, w),
                 *m = data_of(oldest, 1, w);
        if (f && p && s && m) result = PyTuple_Pack(4, f, p, s, m);
        Py_XDECREF(f);
        Py_XDECREF(p);
        Py_XDECREF(s);
        Py_XDECREF(m);
    }
    for (int j = 0; j < 3; j++) {
        free(lv[j].kinds);
        free(lv[j].ls);
        free(lv[j].rs);
    }
    PyBuffer_Release(&buffer);
    return result;
}

/* ---------------------------------------------------------------- many short rows at once
 * classes(piles: buffer of n * k int64, n, k) -> bytes of n class codes: the outcome class of
 * each row (one row per k consecutive piles), for endnim.theory.outcomes. Piles are positive
 * int64 (at most 2^63 - 1, checked by the caller), so every L* and R* of a sub-row, at most
 * its pile sum plus its length plus 2, fits an unsigned 128-bit integer for any k < 2^63. The
 * same recurrence as next_level above; the last level only needs the class. */
typedef unsigned __int128 u128;

static void row_classes(const int64_t *all, Py_ssize_t n, Py_ssize_t k, uint8_t *out,
                        uint8_t *kinds, u128 *ls, u128 *rs) {
    for (Py_ssize_t row = 0; row < n; row++) {
        const int64_t *p = all + row * k;
        if (k == 0) { out[row] = 0; continue; }
        for (Py_ssize_t i = 0; i < k; i++) { /* lone piles: N, L* = R* = p + 1 */
            kinds[i] = 3;
            ls[i] = rs[i] = (u128)(uint64_t)p[i] + 1;
        }
        for (Py_ssize_t len = 2; len <= k; len++) {
            Py_ssize_t count = k - len + 1;
            const int last = len == k;
            for (Py_ssize_t i = 0; i < count; i++) { /* in place: reads i and i + 1 */
                const u128 a = (uint64_t)p[i], b = (uint64_t)p[i + len - 1];
                const int lk = kinds[i], rk = kinds[i + 1];
                const u128 ll = ls[i], lr = rs[i], rl = ls[i + 1], rr = rs[i + 1];
                const int a_ge_rl = a >= rl, b_ge_lr = b >= lr;
                kinds[i] = (uint8_t)(a_ge_rl | (b_ge_lr << 1));
                if (last) break;
                if (!(rk & 2)) rs[i] = a + rr;
                else if (rk == 3) rs[i] = a_ge_rl ? a - rl + rr + 1 : 1;
                else rs[i] = a_ge_rl ? a + 2 - rl : 1;
                if (!(lk & 1)) ls[i] = b + ll;
                else if (lk == 3) ls[i] = b_ge_lr ? b - lr + ll + 1 : 1;
                else ls[i] = b_ge_lr ? b + 2 - lr : 1;
            }
        }
        out[row] = kinds[0];
    }
}

static PyObject *classes(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer buffer;
    Py_ssize_t n, k;
    if (!PyArg_ParseTuple(args, "y*nn", &buffer, &n, &k)) return NULL;
    if (n < 0 || k < 0 || buffer.len != n * k * (Py_ssize_t)sizeof(int64_t)) {
        PyBuffer_Release(&buffer);
        PyErr_SetString(PyExc_ValueError, "classes: need n rows of k int64 piles");
        return NULL;
    }
    PyObject *result = PyBytes_FromStringAndSize(NULL, n);
    uint8_t *kinds = malloc((size_t)k + 1);
    u128 *ls = malloc(sizeof(u128) * ((size_t)k + 1)), *rs = malloc(sizeof(u128) * ((size_t)k + 1));
    if (!result || !kinds || !ls || !rs) {
        Py_XDECREF(result);
        result = NULL;
        PyErr_NoMemory();
    } else {
        uint8_t *out = (uint8_t *)PyBytes_AS_STRING(result);
        const int64_t *piles = (const int64_t *)buffer.buf;
        Py_BEGIN_ALLOW_THREADS row_classes(piles, n, k, out, kinds, ls, rs);
        Py_END_ALLOW_THREADS
    }
    free(kinds);
    free(ls);
    free(rs);
    PyBuffer_Release(&buffer);
    return result;
}

static PyMethodDef methods[] = {
    {"prop8", prop8, METH_VARARGS,
     "Data (class, L*, R*) of a row, its prefix, suffix and middle (A-N Prop 8)."},
    {"classes", classes, METH_VARARGS,
     "Outcome class codes of n rows of k int64 piles (A-N Prop 8 and the outcome rule)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_prop8",
                                    "Albert-Nowakowski Proposition 8, compiled.", -1, methods};

PyMODINIT_FUNC PyInit__prop8(void) { return PyModule_Create(&module); }
