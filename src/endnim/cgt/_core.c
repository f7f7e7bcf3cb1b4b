/* The compiled core of endnim.cgt: Conway's order and canonical simplification on game ids.
 *
 * A mirror of the interned games of endnim/cgt/game.py: game i (the Python Game with id i)
 * has its canonical Left and Right option ids here, registered by `add` in the same order as
 * Python interns them. `canon(lefts, rights)` returns the sorted option ids of the canonical
 * form of {lefts | rights} (Conway, ONAG ch. 10; Siegel, CGT II.2 Thm 2.9): duplicates and
 * dominated options dropped, reversible options bypassed, dominated options dropped again
 * (exactly the steps of canonical.py). `leq` is G <= H unless some G^L >= H or some H^R <= G,
 * memoised on id pairs in one open-addressing table; the table is bounded (MEMO_MAX_BITS):
 * when it would outgrow its bound it is emptied, which only costs recomputation.
 *
 * Recursion depth is at most the sum of the two birthdays; `canon` declines (returns None)
 * when an option is born after MAX_BIRTHDAY, and the Python code does those instead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BIRTHDAY 2000
#define MEMO_MIN_BITS 16
#define MEMO_MAX_BITS 23 /* 8M slots (4M comparisons), 64 MB at most */

/* ------------------------------------------------------------------ the game store */
static int32_t *opt_pool = NULL; /* every game's options: lefts then rights */
static Py_ssize_t pool_len = 0, pool_cap = 0;
static Py_ssize_t *opt_start = NULL; /* per id: offset into opt_pool */
static int32_t *n_left = NULL, *n_right = NULL, *birthday = NULL;
static uint32_t *mark = NULL, *below_at = NULL, *above_at = NULL;
static uint8_t *below_val = NULL, *above_val = NULL;
static Py_ssize_t n_games = 0, games_cap = 0;
static uint32_t generation = 0;

#define LEFT(g) (opt_pool + opt_start[g])
#define RIGHT(g) (opt_pool + opt_start[g] + n_left[g])

static int grow_games(void) {
    Py_ssize_t cap = games_cap ? games_cap * 2 : 1024;
#define GROW(ptr, type)                                                   \
    do {                                                                  \
        type *p = realloc(ptr, (size_t)cap * sizeof(type));               \
        if (!p) return -1;                                                \
        memset(p + games_cap, 0, (size_t)(cap - games_cap) * sizeof(type)); \
        ptr = p;                                                          \
    } while (0)
    GROW(opt_start, Py_ssize_t);
    GROW(n_left, int32_t);
    GROW(n_right, int32_t);
    GROW(birthday, int32_t);
    GROW(mark, uint32_t);
    GROW(below_at, uint32_t);
    GROW(above_at, uint32_t);
    GROW(below_val, uint8_t);
    GROW(above_val, uint8_t);
#undef GROW
    games_cap = cap;
    return 0;
}

static void forget_stamps(void) {
    memset(mark, 0, (size_t)games_cap * sizeof(uint32_t));
    memset(below_at, 0, (size_t)games_cap * sizeof(uint32_t));
    memset(above_at, 0, (size_t)games_cap * sizeof(uint32_t));
    generation = 0;
}

/* A call of canon takes at most GENERATIONS_PER_CALL generations; it starts afresh before
 * the counter could wrap inside it, so no stamp from before a wrap survives it. */
#define GENERATIONS_PER_CALL 8

static uint32_t next_generation(void) {
    if (++generation == 0) { /* wrapped: forget every stamp */
        forget_stamps();
        generation = 1;
    }
    return generation;
}

/* ------------------------------------------------------------------ the memo of <= */
/* One word per entry: ((g << 31 | h) + 1) << 1 | answer, 0 = empty (ids are below 2^31). */
static uint64_t *memo = NULL;
static int memo_bits = 0;
static Py_ssize_t memo_used = 0;

static int memo_alloc(int bits) {
    uint64_t *table = calloc((size_t)1 << bits, sizeof(uint64_t));
    if (!table) return -1;
    free(memo);
    memo = table;
    memo_bits = bits;
    memo_used = 0;
    return 0;
}

static inline size_t memo_slot(uint64_t key) {
    key *= 0x9E3779B97F4A7C15ULL;
    return (size_t)(key >> (64 - memo_bits));
}

static inline int memo_get(uint64_t key) {
    size_t mask = ((size_t)1 << memo_bits) - 1;
    for (size_t i = memo_slot(key);; i = (i + 1) & mask) {
        uint64_t e = memo[i];
        if ((e >> 1) == key) return (int)(e & 1);
        if (e == 0) return -1;
    }
}

static void memo_insert(uint64_t key, uint64_t val) {
    size_t mask = ((size_t)1 << memo_bits) - 1;
    size_t i = memo_slot(key);
    while (memo[i] != 0 && (memo[i] >> 1) != key) i = (i + 1) & mask;
    if (memo[i] == 0) memo_used++;
    memo[i] = key << 1 | val;
}

static void memo_put(uint64_t key, uint64_t val) {
    if ((memo_used + 1) * 2 > ((Py_ssize_t)1 << memo_bits)) {
        if (memo_bits < MEMO_MAX_BITS) { /* rehash into a table twice the size */
            uint64_t *old = memo;
            size_t old_size = (size_t)1 << memo_bits;
            memo = NULL;
            if (memo_alloc(memo_bits + 1) == 0) {
                for (size_t i = 0; i < old_size; i++)
                    if (old[i]) memo_insert(old[i] >> 1, old[i] & 1);
                free(old);
            } else { /* out of memory: keep the old table, emptied */
                memo = old;
                memo_bits = memo_bits ? memo_bits : MEMO_MIN_BITS;
                memset(memo, 0, old_size * sizeof(uint64_t));
                memo_used = 0;
            }
        } else { /* at the bound: start afresh */
            memset(memo, 0, ((size_t)1 << memo_bits) * sizeof(uint64_t));
            memo_used = 0;
        }
    }
    memo_insert(key, val);
}

static int leq(int32_t g, int32_t h) {
    if (g == h) return 1;
    uint64_t key = (((uint64_t)g << 31) | (uint64_t)h) + 1;
    int found = memo_get(key);
    if (found >= 0) return found;
    int result = 1;
    const int32_t *hr = RIGHT(h);
    for (int32_t i = 0, n = n_right[h]; i < n; i++) {
        if (leq(hr[i], g)) {
            result = 0;
            break;
        }
    }
    if (result) {
        const int32_t *gl = LEFT(g);
        for (int32_t i = 0, n = n_left[g]; i < n; i++) {
            if (leq(h, gl[i])) {
                result = 0;
                break;
            }
        }
    }
    memo_put(key, (uint64_t)result);
    return result;
}

/* ------------------------------------------------------------------ the pending G */
/* G = {pl | pr} before interning; comparisons with it are memoised per generation. */
static const int32_t *pl, *pr;
static Py_ssize_t npl, npr;
static uint32_t pending_gen;

static int is_above(int32_t y);

static int is_below(int32_t y) { /* y <= G: no G^R <= y and no y^L >= G */
    if (below_at[y] == pending_gen) return below_val[y];
    int result = 1;
    for (Py_ssize_t i = 0; i < npr && result; i++)
        if (leq(pr[i], y)) result = 0;
    if (result) {
        const int32_t *yl = LEFT(y);
        for (int32_t i = 0, n = n_left[y]; i < n; i++)
            if (is_above(yl[i])) {
                result = 0;
                break;
            }
    }
    below_at[y] = pending_gen;
    below_val[y] = (uint8_t)result;
    return result;
}

static int is_above(int32_t y) { /* G <= y: no G^L >= y and no y^R <= G */
    if (above_at[y] == pending_gen) return above_val[y];
    int result = 1;
    for (Py_ssize_t i = 0; i < npl && result; i++)
        if (leq(y, pl[i])) result = 0;
    if (result) {
        const int32_t *yr = RIGHT(y);
        for (int32_t i = 0, n = n_right[y]; i < n; i++)
            if (is_below(yr[i])) {
                result = 0;
                break;
            }
    }
    above_at[y] = pending_gen;
    above_val[y] = (uint8_t)result;
    return result;
}

/* ------------------------------------------------------------------ simplification */
typedef struct {
    int32_t *v;
    Py_ssize_t n, cap;
} vec;

static int vec_push(vec *a, int32_t x) {
    if (a->n == a->cap) {
        Py_ssize_t cap = a->cap ? a->cap * 2 : 16;
        int32_t *p = realloc(a->v, (size_t)cap * sizeof(int32_t));
        if (!p) return -1;
        a->v = p;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

/* Keep the undominated options in place: Left (left=1) drops x <= y, Right drops y <= x. */
static void undominated(vec *a, int left) {
    Py_ssize_t kept = 0;
    for (Py_ssize_t i = a->n - 1; i >= 0; i--) { /* last first, as canonical.py */
        int32_t c = a->v[i];
        int dominated = 0;
        for (Py_ssize_t j = 0; j < kept; j++) {
            int32_t k = a->v[a->n - 1 - j];
            if (left ? leq(c, k) : leq(k, c)) {
                dominated = 1;
                break;
            }
        }
        if (dominated) continue;
        /* kept options live at the end of the array, in v[n-kept .. n-1] */
        Py_ssize_t still = 0;
        int32_t *base = a->v + a->n - kept;
        for (Py_ssize_t j = 0; j < kept; j++) {
            int32_t k = base[j];
            if (!(left ? leq(k, c) : leq(c, k))) base[still++] = k;
        }
        /* compact: kept = still + c, stored at the end */
        Py_ssize_t new_kept = still + 1;
        int32_t *dst = a->v + a->n - new_kept;
        memmove(dst, base, (size_t)still * sizeof(int32_t));
        dst[still] = c;
        kept = new_kept;
        (void)i;
    }
    memmove(a->v, a->v + a->n - kept, (size_t)kept * sizeof(int32_t));
    a->n = kept;
}

/* Bypass reversible options of one side (left=1: some G^{LR} <= G) into out. */
static int bypass(const vec *in, vec *out, int left, int *changed) {
    vec todo = {NULL, 0, 0};
    uint32_t gen = next_generation();
    for (Py_ssize_t i = 0; i < in->n; i++) {
        mark[in->v[i]] = gen;
        if (vec_push(&todo, in->v[i])) goto fail;
    }
    while (todo.n) {
        int32_t option = todo.v[--todo.n];
        const int32_t *rev = left ? RIGHT(option) : LEFT(option);
        int32_t nrev = left ? n_right[option] : n_left[option];
        int reversed = 0;
        for (int32_t j = 0; j < nrev; j++) {
            int32_t r = rev[j];
            if (left ? is_below(r) : is_above(r)) {
                reversed = 1;
                *changed = 1;
                const int32_t *rep = left ? LEFT(r) : RIGHT(r);
                int32_t nrep = left ? n_left[r] : n_right[r];
                for (int32_t t = 0; t < nrep; t++) {
                    if (mark[rep[t]] != gen) {
                        mark[rep[t]] = gen;
                        if (vec_push(&todo, rep[t])) goto fail;
                    }
                }
                break;
            }
        }
        if (!reversed && vec_push(out, option)) goto fail;
    }
    free(todo.v);
    return 0;
fail:
    free(todo.v);
    return -1;
}

static int cmp_int32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static PyObject *id_name = NULL;

/* Distinct ids of a sequence of games (reads each game's `id`); 1 = declined, -1 = error. */
static int read_ids(PyObject *seq, vec *out) {
    PyObject *fast = PySequence_Fast(seq, "options must be a sequence of games");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    uint32_t gen = next_generation();
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *ident = PyObject_GetAttr(items[i], id_name);
        if (!ident) goto fail;
        long g = PyLong_AsLong(ident);
        Py_DECREF(ident);
        if (g == -1 && PyErr_Occurred()) goto fail;
        if (g < 0 || g >= n_games) {
            PyErr_SetString(PyExc_ValueError, "a game not registered with the compiled core");
            goto fail;
        }
        if (birthday[g] > MAX_BIRTHDAY) {
            Py_DECREF(fast);
            return 1;
        }
        if (mark[g] != gen) {
            mark[g] = gen;
            if (vec_push(out, (int32_t)g)) {
                PyErr_NoMemory();
                goto fail;
            }
        }
    }
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static PyObject *ids_tuple(vec *a) {
    qsort(a->v, (size_t)a->n, sizeof(int32_t), cmp_int32);
    PyObject *t = PyTuple_New(a->n);
    if (!t) return NULL;
    for (Py_ssize_t i = 0; i < a->n; i++) {
        PyObject *x = PyLong_FromLong(a->v[i]);
        if (!x) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static PyObject *canon(PyObject *self, PyObject *args) {
    PyObject *lefts, *rights;
    if (!PyArg_ParseTuple(args, "OO", &lefts, &rights)) return NULL;
    if (generation > UINT32_MAX - GENERATIONS_PER_CALL) forget_stamps();
    vec l = {NULL, 0, 0}, r = {NULL, 0, 0}, nl = {NULL, 0, 0}, nr = {NULL, 0, 0};
    PyObject *result = NULL;
    int status = read_ids(lefts, &l);
    if (status == 0) status = read_ids(rights, &r);
    if (status < 0) goto done;
    if (status > 0) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    undominated(&l, 1);
    undominated(&r, 0);
    pl = l.v;
    npl = l.n;
    pr = r.v;
    npr = r.n;
    pending_gen = next_generation();
    int left_changed = 0, right_changed = 0;
    if (bypass(&l, &nl, 1, &left_changed) || bypass(&r, &nr, 0, &right_changed)) {
        PyErr_NoMemory();
        goto done;
    }
    if (left_changed) undominated(&nl, 1);
    if (right_changed) undominated(&nr, 0);
    PyObject *lt = ids_tuple(&nl);
    if (!lt) goto done;
    PyObject *rt = ids_tuple(&nr);
    if (!rt) {
        Py_DECREF(lt);
        goto done;
    }
    result = PyTuple_Pack(2, lt, rt);
    Py_DECREF(lt);
    Py_DECREF(rt);
done:
    free(l.v);
    free(r.v);
    free(nl.v);
    free(nr.v);
    return result;
}

/* add(left_ids, right_ids) -> the new game's id (the caller's next id). */
static PyObject *add(PyObject *self, PyObject *args) {
    PyObject *lt, *rt;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &lt, &PyTuple_Type, &rt)) return NULL;
    Py_ssize_t nl = PyTuple_GET_SIZE(lt), nr = PyTuple_GET_SIZE(rt);
    if (n_games >= INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "the compiled core holds at most 2^31 - 1 games");
        return NULL;
    }
    if (n_games == games_cap && grow_games()) return PyErr_NoMemory();
    if (pool_len + nl + nr > pool_cap) {
        Py_ssize_t cap = pool_cap ? pool_cap : 4096;
        while (cap < pool_len + nl + nr) cap *= 2;
        int32_t *p = realloc(opt_pool, (size_t)cap * sizeof(int32_t));
        if (!p) return PyErr_NoMemory();
        opt_pool = p;
        pool_cap = cap;
    }
    int32_t born = 0;
    for (Py_ssize_t i = 0; i < nl + nr; i++) {
        long g = PyLong_AsLong(i < nl ? PyTuple_GET_ITEM(lt, i) : PyTuple_GET_ITEM(rt, i - nl));
        if (g == -1 && PyErr_Occurred()) return NULL;
        if (g < 0 || g >= n_games) {
            PyErr_SetString(PyExc_ValueError, "an option not registered with the compiled core");
            return NULL;
        }
        opt_pool[pool_len + i] = (int32_t)g;
        if (birthday[g] + 1 > born) born = birthday[g] + 1;
    }
    opt_start[n_games] = pool_len;
    n_left[n_games] = (int32_t)nl;
    n_right[n_games] = (int32_t)nr;
    birthday[n_games] = born;
    pool_len += nl + nr;
    return PyLong_FromSsize_t(n_games++);
}

static PyObject *py_leq(PyObject *self, PyObject *args) {
    long g, h;
    if (!PyArg_ParseTuple(args, "ll", &g, &h)) return NULL;
    if (g < 0 || h < 0 || g >= n_games || h >= n_games) {
        PyErr_SetString(PyExc_ValueError, "a game not registered with the compiled core");
        return NULL;
    }
    return PyBool_FromLong(leq((int32_t)g, (int32_t)h));
}

static PyObject *clear_memo(PyObject *self, PyObject *unused) {
    if (memo_alloc(MEMO_MIN_BITS)) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *memo_size(PyObject *self, PyObject *unused) {
    return Py_BuildValue("nn", memo_used, (Py_ssize_t)1 << MEMO_MAX_BITS >> 1);
}

static PyObject *count(PyObject *self, PyObject *unused) { return PyLong_FromSsize_t(n_games); }

static PyMethodDef methods[] = {
    {"canon", canon, METH_VARARGS,
     "Sorted (left ids, right ids) of the canonical form of {lefts | rights}, or None."},
    {"add", add, METH_VARARGS, "Register the next interned game's option ids; its id."},
    {"leq", py_leq, METH_VARARGS, "g <= h for two registered ids (memoised)."},
    {"clear_memo", clear_memo, METH_NOARGS, "Forget every memoised comparison."},
    {"memo_size", memo_size, METH_NOARGS, "(comparisons memoised, the bound)."},
    {"count", count, METH_NOARGS, "Games registered."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "endnim.cgt's order and canonical simplification, compiled.",
                                    -1, methods};

PyMODINIT_FUNC PyInit__core(void) {
    id_name = PyUnicode_InternFromString("id");
    if (!id_name || memo_alloc(MEMO_MIN_BITS)) return NULL;
    return PyModule_Create(&module);
}
