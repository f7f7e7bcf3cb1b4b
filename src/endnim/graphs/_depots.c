/* The compiled search of the warehouse games (endnim.graphs.compiled_depot).
 *
 * depot: the Grundy value of a position, as the xor of its groups of positive vertices (a
 * group's game depends only on its vertices, their labels, and which of them touch a vertex
 * outside it, all of which are empty: docs/graphs.md). A group is memoised by its vertex set
 * (a 64-bit mask) and its labels; a move that empties a vertex splits the group again.
 *
 * depot-partizan: whether Left, and whether Right, wins moving first, by a memoised search of
 * whole positions (keyed by all labels): Left may reduce a positive vertex joined by an L or G
 * edge to an empty vertex that Left reaches from a home along L/G edges through empty vertices,
 * and likewise Right with R/G.
 *
 * Graphs of at most 64 vertices with labels at most 255 (and a total small enough for the
 * recursion); the Python search takes the rest. A search that would add more than `limit`
 * positions to its memo stops with OverLimit. Ctrl-C is checked as it goes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VERTICES 64
#define MAX_LABEL 255
#define MAX_TOTAL 4000 /* labels' sum: the recursion's depth */

static PyObject *OverLimit;

/* ------------------------------------------------------------------ a memo of byte keys */
typedef struct {
    uint8_t *arena;
    size_t used, size;
    uint64_t *slots; /* 0: empty; else offset + 1 into the arena */
    size_t nslots, count;
} Memo;

/* an entry in the arena: uint32 value, uint16 key length, key bytes */
static uint64_t hash_bytes(const uint8_t *data, size_t length) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < length; i++) {
        h ^= data[i];
        h *= 1099511628211ULL;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return h;
}

static int memo_init(Memo *m) {
    m->size = 1 << 16;
    m->used = 0;
    m->arena = malloc(m->size);
    m->nslots = 1 << 12;
    m->count = 0;
    m->slots = calloc(m->nslots, sizeof(uint64_t));
    return (m->arena && m->slots) ? 0 : -1;
}

static void memo_free(Memo *m) {
    free(m->arena);
    free(m->slots);
}

static const uint8_t *entry_key(const Memo *m, uint64_t slot, uint16_t *length) {
    const uint8_t *entry = m->arena + (slot - 1);
    memcpy(length, entry + 4, 2);
    return entry + 6;
}

static int64_t memo_find(const Memo *m, const uint8_t *key, uint16_t length, uint64_t hash) {
    size_t mask = m->nslots - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        uint64_t slot = m->slots[i];
        if (!slot) return -1;
        uint16_t held;
        const uint8_t *k = entry_key(m, slot, &held);
        if (held == length && memcmp(k, key, length) == 0) return (int64_t)(slot - 1);
    }
}

static int memo_grow(Memo *m) {
    size_t nslots = m->nslots * 2;
    uint64_t *slots = calloc(nslots, sizeof(uint64_t));
    if (!slots) return -1;
    for (size_t i = 0; i < m->nslots; i++) {
        uint64_t slot = m->slots[i];
        if (!slot) continue;
        uint16_t length;
        const uint8_t *k = entry_key(m, slot, &length);
        size_t j = hash_bytes(k, length) & (nslots - 1);
        while (slots[j]) j = (j + 1) & (nslots - 1);
        slots[j] = slot;
    }
    free(m->slots);
    m->slots = slots;
    m->nslots = nslots;
    return 0;
}

static int memo_add(Memo *m, const uint8_t *key, uint16_t length, uint64_t hash, uint32_t value) {
    if (2 * (m->count + 1) > m->nslots && memo_grow(m)) return -1;
    size_t need = 6 + (size_t)length;
    if (m->used + need > m->size) {
        size_t size = m->size * 2;
        while (m->used + need > size) size *= 2;
        uint8_t *arena = realloc(m->arena, size);
        if (!arena) return -1;
        m->arena = arena;
        m->size = size;
    }
    uint8_t *entry = m->arena + m->used;
    memcpy(entry, &value, 4);
    memcpy(entry + 4, &length, 2);
    memcpy(entry + 6, key, length);
    size_t mask = m->nslots - 1;
    size_t i = hash & mask;
    while (m->slots[i]) i = (i + 1) & mask;
    m->slots[i] = m->used + 1;
    m->used += need;
    m->count++;
    return 0;
}

static uint32_t entry_value(const Memo *m, int64_t offset) {
    uint32_t value;
    memcpy(&value, m->arena + offset, 4);
    return value;
}

/* ------------------------------------------------------------------ the search's state */
enum { OK = 0, STOPPED = 1, NO_MEMORY = 2, INTERRUPTED = 3 };

typedef struct {
    int n;
    uint64_t adj[MAX_VERTICES];  /* depot: neighbours; partizan: neighbours for Left */
    uint64_t adjr[MAX_VERTICES]; /* partizan: neighbours for Right (R and G edges) */
    uint64_t homes;
    uint8_t label[MAX_VERTICES];
    Memo memo;
    uint64_t limit, added, steps;
    int error;
} Search;

static int check(Search *s) {
    if (++s->steps % 65536 == 0 && PyErr_CheckSignals()) {
        s->error = INTERRUPTED;
        return -1;
    }
    return 0;
}

static int remember(Search *s, const uint8_t *key, uint16_t length, uint64_t hash, uint32_t v) {
    if (s->added >= s->limit) {
        s->error = STOPPED;
        return -1;
    }
    if (memo_add(&s->memo, key, length, hash, v)) {
        s->error = NO_MEMORY;
        return -1;
    }
    s->added++;
    return 0;
}

/* the vertices of `within` joined to `seed` through `within` */
static uint64_t flood(const Search *s, uint64_t within, int seed) {
    uint64_t found = 1ULL << seed, frontier = found;
    while (frontier) {
        int v = __builtin_ctzll(frontier);
        frontier &= frontier - 1;
        uint64_t more = s->adj[v] & within & ~found;
        found |= more;
        frontier |= more;
    }
    return found;
}

/* ------------------------------------------------------------------ depot */
static int group_value(Search *s, uint64_t group, uint32_t *out);

static int set_value(Search *s, uint64_t set, uint32_t *out) {
    uint32_t total = 0;
    while (set) {
        uint64_t group = flood(s, set, __builtin_ctzll(set));
        set &= ~group;
        uint32_t value;
        if (group_value(s, group, &value)) return -1;
        total ^= value;
    }
    *out = total;
    return 0;
}

static int group_value(Search *s, uint64_t group, uint32_t *out) {
    if (check(s)) return -1;
    uint8_t key[8 + MAX_VERTICES];
    uint16_t length = 8;
    memcpy(key, &group, 8);
    unsigned options = 0;
    for (uint64_t rest = group; rest; rest &= rest - 1) {
        int v = __builtin_ctzll(rest);
        key[length++] = s->label[v];
        if (s->adj[v] & ~group) options += s->label[v];
    }
    uint64_t hash = hash_bytes(key, length);
    int64_t found = memo_find(&s->memo, key, length, hash);
    if (found >= 0) {
        *out = entry_value(&s->memo, found);
        return 0;
    }
    uint8_t *seen = calloc(options + 1, 1);
    if (!seen) {
        s->error = NO_MEMORY;
        return -1;
    }
    for (uint64_t rest = group; rest; rest &= rest - 1) {
        int v = __builtin_ctzll(rest);
        if (!(s->adj[v] & ~group)) continue; /* touches no empty vertex */
        uint8_t was = s->label[v];
        for (int k = 0; k < was; k++) {
            s->label[v] = (uint8_t)k;
            uint32_t value;
            int failed = k ? group_value(s, group, &value)
                           : set_value(s, group & ~(1ULL << v), &value);
            if (failed) {
                s->label[v] = was;
                free(seen);
                return -1;
            }
            if (value <= options) seen[value] = 1;
        }
        s->label[v] = was;
    }
    uint32_t mex = 0;
    while (seen[mex]) mex++;
    free(seen);
    *out = mex;
    return remember(s, key, length, hash, mex);
}

/* ------------------------------------------------------------------ depot-partizan */
/* the empty vertices reached from a home along `adj` through empty vertices */
static uint64_t reach(const Search *s, const uint64_t *adj, uint64_t empty) {
    uint64_t found = s->homes, frontier = found;
    while (frontier) {
        int v = __builtin_ctzll(frontier);
        frontier &= frontier - 1;
        uint64_t more = adj[v] & empty & ~found;
        found |= more;
        frontier |= more;
    }
    return found;
}

/* bit 0: Left wins moving first; bit 1: Right wins moving first */
static int outcome(Search *s, uint32_t *out) {
    if (check(s)) return -1;
    uint8_t key[MAX_VERTICES];
    uint64_t empty = 0;
    for (int v = 0; v < s->n; v++) {
        key[v] = s->label[v];
        if (!s->label[v]) empty |= 1ULL << v;
    }
    uint16_t length = (uint16_t)s->n;
    uint64_t hash = hash_bytes(key, length);
    int64_t found = memo_find(&s->memo, key, length, hash);
    if (found >= 0) {
        *out = entry_value(&s->memo, found);
        return 0;
    }
    uint32_t result = 0;
    for (int player = 0; player < 2; player++) {
        const uint64_t *adj = player ? s->adjr : s->adj;
        uint64_t reached = reach(s, adj, empty);
        int wins = 0;
        for (int v = 0; v < s->n && !wins; v++) {
            if (!s->label[v] || !(adj[v] & reached)) continue;
            uint8_t was = s->label[v];
            for (int k = was - 1; k >= 0 && !wins; k--) {
                s->label[v] = (uint8_t)k;
                uint32_t after;
                if (outcome(s, &after)) {
                    s->label[v] = was;
                    return -1;
                }
                /* the opponent, moving first after this move, loses */
                if (!(after & (player ? 1u : 2u))) wins = 1;
            }
            s->label[v] = was;
        }
        if (wins) result |= player ? 2u : 1u;
    }
    *out = result;
    return remember(s, key, length, hash, result);
}

/* ------------------------------------------------------------------ Python */
static int read_graph(Search *s, PyObject *labels, PyObject *edges, PyObject *colours) {
    Py_ssize_t n = PySequence_Size(labels);
    if (n < 0) return -1;
    if (n > MAX_VERTICES) {
        PyErr_SetString(PyExc_ValueError, "at most 64 vertices");
        return -1;
    }
    s->n = (int)n;
    long total = 0;
    memset(s->adj, 0, sizeof s->adj);
    memset(s->adjr, 0, sizeof s->adjr);
    for (Py_ssize_t v = 0; v < n; v++) {
        PyObject *item = PySequence_GetItem(labels, v);
        if (!item) return -1;
        long x = PyLong_AsLong(item);
        Py_DECREF(item);
        if (x == -1 && PyErr_Occurred()) return -1;
        if (x < 0 || x > MAX_LABEL) {
            PyErr_SetString(PyExc_ValueError, "labels 0..255");
            return -1;
        }
        s->label[v] = (uint8_t)x;
        total += x;
    }
    if (total > MAX_TOTAL) {
        PyErr_SetString(PyExc_ValueError, "the labels' total is at most 4000");
        return -1;
    }
    Py_ssize_t m = PySequence_Size(edges);
    if (m < 0) return -1;
    for (Py_ssize_t i = 0; i < m; i++) {
        PyObject *edge = PySequence_GetItem(edges, i);
        if (!edge) return -1;
        int u, v;
        int ok = PyArg_ParseTuple(edge, "ii", &u, &v);
        Py_DECREF(edge);
        if (!ok) return -1;
        if (u < 0 || v < 0 || u >= n || v >= n || u == v) {
            PyErr_SetString(PyExc_ValueError, "an edge joins two vertices of the graph");
            return -1;
        }
        int colour = 2; /* G */
        if (colours) {
            PyObject *c = PySequence_GetItem(colours, i);
            if (!c) return -1;
            colour = (int)PyLong_AsLong(c);
            Py_DECREF(c);
            if (colour == -1 && PyErr_Occurred()) return -1;
        }
        if (colour != 1) { /* L or G: Left's (and depot's) */
            s->adj[u] |= 1ULL << v;
            s->adj[v] |= 1ULL << u;
        }
        if (colour != 0) { /* R or G: Right's */
            s->adjr[u] |= 1ULL << v;
            s->adjr[v] |= 1ULL << u;
        }
    }
    return 0;
}

static PyObject *finish(Search *s, int failed, uint32_t value) {
    uint64_t added = s->added;
    memo_free(&s->memo);
    if (!failed) return Py_BuildValue("(kK)", (unsigned long)value, (unsigned long long)added);
    if (s->error == STOPPED)
        PyErr_SetObject(OverLimit, Py_BuildValue("K", (unsigned long long)added));
    else if (s->error == NO_MEMORY)
        PyErr_NoMemory();
    else if (!PyErr_Occurred())
        PyErr_SetNone(PyExc_KeyboardInterrupt);
    return NULL;
}

static PyObject *depot_grundy(PyObject *self, PyObject *args) {
    PyObject *labels, *edges;
    unsigned long long limit;
    if (!PyArg_ParseTuple(args, "OOK", &labels, &edges, &limit)) return NULL;
    Search s;
    if (read_graph(&s, labels, edges, NULL)) return NULL;
    s.limit = limit;
    s.added = s.steps = 0;
    s.error = OK;
    s.homes = 0;
    if (memo_init(&s.memo)) {
        memo_free(&s.memo);
        return PyErr_NoMemory();
    }
    uint64_t positive = 0, empty = 0;
    for (int v = 0; v < s.n; v++) {
        if (s.label[v]) positive |= 1ULL << v;
        else empty |= 1ULL << v;
    }
    /* a group with no empty neighbour cannot move: its value is 0, whatever the memo says */
    uint32_t total = 0;
    int failed = 0;
    while (positive && !failed) {
        uint64_t group = flood(&s, positive, __builtin_ctzll(positive));
        positive &= ~group;
        int touches = 0;
        for (uint64_t rest = group; rest; rest &= rest - 1)
            if (s.adj[__builtin_ctzll(rest)] & empty) touches = 1;
        uint32_t value = 0;
        if (touches) failed = group_value(&s, group, &value);
        total ^= value;
    }
    return finish(&s, failed, total);
}

static PyObject *partizan_outcome(PyObject *self, PyObject *args) {
    PyObject *labels, *edges, *colours, *homes;
    unsigned long long limit;
    if (!PyArg_ParseTuple(args, "OOOOK", &labels, &edges, &colours, &homes, &limit)) return NULL;
    Search s;
    if (read_graph(&s, labels, edges, colours)) return NULL;
    s.homes = 0;
    Py_ssize_t count = PySequence_Size(homes);
    if (count < 0) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_GetItem(homes, i);
        if (!item) return NULL;
        long h = PyLong_AsLong(item);
        Py_DECREF(item);
        if (h == -1 && PyErr_Occurred()) return NULL;
        if (h < 0 || h >= s.n || s.label[h]) {
            PyErr_SetString(PyExc_ValueError, "a home is an empty vertex of the graph");
            return NULL;
        }
        s.homes |= 1ULL << h;
    }
    s.limit = limit;
    s.added = s.steps = 0;
    s.error = OK;
    if (memo_init(&s.memo)) {
        memo_free(&s.memo);
        return PyErr_NoMemory();
    }
    uint32_t result = 0;
    int failed = outcome(&s, &result);
    return finish(&s, failed, result);
}

static PyMethodDef methods[] = {
    {"depot_grundy", depot_grundy, METH_VARARGS,
     "depot_grundy(labels, edges, limit) -> (Grundy value, positions memoised)"},
    {"partizan_outcome", partizan_outcome, METH_VARARGS,
     "partizan_outcome(labels, edges, colours 0/1/2 for L/R/G, homes, limit) -> (bits: 1 Left "
     "wins moving first, 2 Right wins moving first; positions memoised)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_depots",
                                    "The compiled warehouse searches.", -1, methods};

PyMODINIT_FUNC PyInit__depots(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    OverLimit = PyErr_NewException("endnim.graphs._depots.OverLimit", NULL, NULL);
    if (!OverLimit || PyModule_AddObject(m, "OverLimit", OverLimit)) {
        Py_XDECREF(OverLimit);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(OverLimit);
    PyModule_AddIntConstant(m, "MAX_VERTICES", MAX_VERTICES);
    PyModule_AddIntConstant(m, "MAX_LABEL", MAX_LABEL);
    PyModule_AddIntConstant(m, "MAX_TOTAL", MAX_TOTAL);
    return m;
}
