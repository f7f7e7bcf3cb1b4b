/* End-Nim on trees, compiled: canonical AHU keys, a hash-table memo keyed by them, the
 * Grundy value and remoteness of a tree, and the tree sweep's labellings of one shape.
 *
 * A position is one tree: n vertices, a fixed edge list, labels (0: deleted). A move lowers
 * the label of a live leaf (a live vertex with at most one live neighbour); deleting a leaf
 * leaves a tree, so a tree never splits and the memo holds single trees only (a forest is the
 * xor of its trees', done by the caller).
 *
 * The key of a tree is its AHU code rooted at its centre, as bytes: a vertex is its label
 * (1 byte for 1..0xEF, else 0xF0 and 4 bytes) followed by its children's codes in increasing
 * byte order and a 0 byte; a bicentral tree is 0xFF followed by its two centres' codes, the
 * smaller first. The code is prefix-free and reads back into the labelled tree, so equal keys
 * mean isomorphic trees (the same key as endnim.graphs.canonical's flat strings, in bytes).
 *
 * The search is a depth-first recursion, options in increasing order of the new label (so a
 * tree's smaller labellings are solved first and the recursion stays shallow); deeper than
 * max_depth (at most MAX_DEPTH) it stops with TooDeep and the caller uses the Python search; a key is entered in the memo before its options are searched
 * (value PENDING) so that it is copied once. A search stopped by its limit or by a signal
 * leaves PENDING entries, which a later search solves when it meets them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PENDING UINT32_MAX
#define MAX_DEPTH 10000
#define CHECK_EVERY 16384

/* ------------------------------------------------------------------ the memo */
typedef struct {
    uint64_t hash;
    uint64_t offset; /* of the key in the key store */
    uint32_t length;
    uint32_t grundy; /* PENDING: searched, not finished */
    uint32_t remoteness;
    uint32_t pad;
} Entry;

typedef struct {
    PyObject_HEAD
    Entry *entries;
    size_t count, capacity;
    uint32_t *slots; /* entry index + 1; 0: empty */
    size_t slot_mask;
    uint8_t *keys;
    size_t keys_used, keys_capacity;
} TreeMemo;

static uint64_t hash_bytes(const uint8_t *data, size_t length) {
    uint64_t h = 0xcbf29ce484222325ULL ^ (length * 0x9E3779B97F4A7C15ULL);
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, data + i, 8);
        h ^= word;
        h *= 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < length; i++) {
        h ^= data[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27;
    return h;
}

static int memo_init_storage(TreeMemo *memo) {
    memo->capacity = 1024;
    memo->entries = malloc(memo->capacity * sizeof(Entry));
    memo->slot_mask = 2047;
    memo->slots = calloc(memo->slot_mask + 1, sizeof(uint32_t));
    memo->keys_capacity = 1 << 16;
    memo->keys = malloc(memo->keys_capacity);
    memo->count = 0;
    memo->keys_used = 0;
    if (!memo->entries || !memo->slots || !memo->keys) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void memo_free_storage(TreeMemo *memo) {
    free(memo->entries);
    free(memo->slots);
    free(memo->keys);
    memo->entries = NULL;
    memo->slots = NULL;
    memo->keys = NULL;
}

/* The index of the key's entry, or -1 (absent). */
static int64_t memo_find(const TreeMemo *memo, const uint8_t *key, size_t length, uint64_t hash) {
    size_t at = hash & memo->slot_mask;
    for (;;) {
        uint32_t slot = memo->slots[at];
        if (!slot) return -1;
        const Entry *e = &memo->entries[slot - 1];
        if (e->hash == hash && e->length == length &&
            memcmp(memo->keys + e->offset, key, length) == 0)
            return slot - 1;
        at = (at + 1) & memo->slot_mask;
    }
}

static int memo_grow_slots(TreeMemo *memo) {
    size_t size = (memo->slot_mask + 1) * 2;
    uint32_t *slots = calloc(size, sizeof(uint32_t));
    if (!slots) return -1;
    for (size_t i = 0; i < memo->count; i++) {
        size_t at = memo->entries[i].hash & (size - 1);
        while (slots[at]) at = (at + 1) & (size - 1);
        slots[at] = (uint32_t)(i + 1);
    }
    free(memo->slots);
    memo->slots = slots;
    memo->slot_mask = size - 1;
    return 0;
}

/* Enter a new key (absent); its index, or -1 when out of memory. */
static int64_t memo_add(TreeMemo *memo, const uint8_t *key, size_t length, uint64_t hash) {
    if (memo->count >= UINT32_MAX - 1) return -1;
    if (memo->count == memo->capacity) {
        Entry *grown = realloc(memo->entries, 2 * memo->capacity * sizeof(Entry));
        if (!grown) return -1;
        memo->entries = grown;
        memo->capacity *= 2;
    }
    if (2 * (memo->count + 1) > memo->slot_mask + 1 && memo_grow_slots(memo)) return -1;
    if (memo->keys_used + length > memo->keys_capacity) {
        size_t size = memo->keys_capacity * 2;
        while (memo->keys_used + length > size) size *= 2;
        uint8_t *grown = realloc(memo->keys, size);
        if (!grown) return -1;
        memo->keys = grown;
        memo->keys_capacity = size;
    }
    memcpy(memo->keys + memo->keys_used, key, length);
    Entry *e = &memo->entries[memo->count];
    e->hash = hash;
    e->offset = memo->keys_used;
    e->length = (uint32_t)length;
    e->grundy = PENDING;
    e->remoteness = 0;
    e->pad = 0;
    memo->keys_used += length;
    size_t at = hash & memo->slot_mask;
    while (memo->slots[at]) at = (at + 1) & memo->slot_mask;
    memo->slots[at] = (uint32_t)(memo->count + 1);
    return (int64_t)memo->count++;
}

/* ------------------------------------------------------------------ a tree in play */
typedef struct {
    int n;
    int *first; /* neighbours of v: around[first[v] .. first[v + 1]) */
    int *around;
    uint32_t *labels; /* 0: deleted */
    int *live_degree;
    int live;
    /* scratch of the keys */
    int *peel_degree, *layer, *next_layer, *kids, *kid_count;
    size_t *code_at, *code_length;
    uint8_t *codes;
    size_t codes_capacity;
    /* the search */
    TreeMemo *memo;
    uint64_t limit, work_limit, added, keyed, since_check;
    int depth, max_depth;
    int stopped; /* 1: over the limit; 2: a Python error (signal, memory); 3: too deep */
} Tree;

static void tree_free(Tree *t) {
    free(t->first);
    free(t->around);
    free(t->labels);
    free(t->live_degree);
    free(t->peel_degree);
    free(t->layer);
    free(t->next_layer);
    free(t->kids);
    free(t->kid_count);
    free(t->code_at);
    free(t->code_length);
    free(t->codes);
}

/* A tree of n vertices with edges (u[i], v[i]) and labels; -1 on bad input (error set). */
static int tree_init(Tree *t, int n, const int *us, const int *vs, int edges,
                     const uint32_t *labels) {
    memset(t, 0, sizeof(*t));
    t->n = n;
    size_t m = (size_t)n + 1;
    t->first = calloc(m + 1, sizeof(int));
    t->around = malloc((2 * (size_t)edges + 1) * sizeof(int));
    t->labels = calloc(m, sizeof(uint32_t));
    t->live_degree = calloc(m, sizeof(int));
    t->peel_degree = calloc(m, sizeof(int));
    t->layer = calloc(m, sizeof(int));
    t->next_layer = calloc(m, sizeof(int));
    t->kids = malloc((2 * (size_t)edges + 1) * sizeof(int));
    t->kid_count = calloc(m, sizeof(int));
    t->code_at = calloc(m, sizeof(size_t));
    t->code_length = calloc(m, sizeof(size_t));
    t->codes_capacity = 64 * m;
    t->codes = malloc(t->codes_capacity);
    if (!t->first || !t->around || !t->labels || !t->live_degree || !t->peel_degree ||
        !t->layer || !t->next_layer || !t->kids || !t->kid_count || !t->code_at ||
        !t->code_length || !t->codes) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < edges; i++) {
        if (us[i] < 0 || us[i] >= n || vs[i] < 0 || vs[i] >= n || us[i] == vs[i]) {
            PyErr_SetString(PyExc_ValueError, "an edge names a missing vertex or is a loop");
            return -1;
        }
        t->first[us[i] + 1]++;
        t->first[vs[i] + 1]++;
    }
    for (int v = 0; v < n; v++) t->first[v + 1] += t->first[v];
    int *fill = t->peel_degree; /* scratch */
    for (int v = 0; v < n; v++) fill[v] = t->first[v];
    for (int i = 0; i < edges; i++) {
        t->around[fill[us[i]]++] = vs[i];
        t->around[fill[vs[i]]++] = us[i];
    }
    t->live = 0;
    for (int v = 0; v < n; v++) {
        t->labels[v] = labels[v];
        t->live += labels[v] > 0;
    }
    for (int v = 0; v < n; v++) {
        int count = 0;
        for (int i = t->first[v]; i < t->first[v + 1]; i++) count += t->labels[t->around[i]] > 0;
        t->live_degree[v] = count;
    }
    return 0;
}

static void set_labels(Tree *t, const uint32_t *labels) {
    t->live = 0;
    for (int v = 0; v < t->n; v++) {
        t->labels[v] = labels[v];
        t->live += labels[v] > 0;
    }
    for (int v = 0; v < t->n; v++) {
        int count = 0;
        for (int i = t->first[v]; i < t->first[v + 1]; i++) count += t->labels[t->around[i]] > 0;
        t->live_degree[v] = count;
    }
}

static int reserve_codes(Tree *t, size_t more, size_t used) {
    if (used + more <= t->codes_capacity) return 0;
    size_t size = t->codes_capacity * 2;
    while (used + more > size) size *= 2;
    uint8_t *grown = realloc(t->codes, size);
    if (!grown) return -1;
    t->codes = grown;
    t->codes_capacity = size;
    return 0;
}

static int label_bytes(uint32_t label) { return label <= 0xEF ? 1 : 5; }

static size_t write_label(uint8_t *out, uint32_t label) {
    if (label <= 0xEF) {
        out[0] = (uint8_t)label;
        return 1;
    }
    out[0] = 0xF0;
    out[1] = (uint8_t)(label >> 24);
    out[2] = (uint8_t)(label >> 16);
    out[3] = (uint8_t)(label >> 8);
    out[4] = (uint8_t)label;
    return 5;
}

static int compare_codes(const Tree *t, int a, int b) {
    size_t la = t->code_length[a], lb = t->code_length[b];
    int c = memcmp(t->codes + t->code_at[a], t->codes + t->code_at[b], la < lb ? la : lb);
    if (c) return c;
    return (la > lb) - (la < lb);
}

/* Write vertex v's code (its kids' codes are written) at the end of the code store. */
static int make_code(Tree *t, int v, size_t *used) {
    int *kids = t->kids + t->first[v];
    int count = t->kid_count[v];
    for (int i = 1; i < count; i++) { /* insertion sort: few kids */
        int kid = kids[i], j = i - 1;
        while (j >= 0 && compare_codes(t, kids[j], kid) > 0) {
            kids[j + 1] = kids[j];
            j--;
        }
        kids[j + 1] = kid;
    }
    size_t need = (size_t)label_bytes(t->labels[v]) + 1;
    for (int i = 0; i < count; i++) need += t->code_length[kids[i]];
    if (reserve_codes(t, need, *used)) return -1;
    uint8_t *out = t->codes + *used;
    size_t at = write_label(out, t->labels[v]);
    for (int i = 0; i < count; i++) {
        memcpy(out + at, t->codes + t->code_at[kids[i]], t->code_length[kids[i]]);
        at += t->code_length[kids[i]];
    }
    out[at++] = 0;
    t->code_at[v] = *used;
    t->code_length[v] = at;
    *used += at;
    return 0;
}

static int tree_key_used(Tree *t, size_t *start, size_t *length, size_t *total);

/* The key of the live tree (at least one live vertex): written in the code store, returned
 * as (start, length); -1 when out of memory. */
static int tree_key(Tree *t, size_t *start, size_t *length) {
    size_t used = 0;
    int done = tree_key_used(t, start, length, &used);
    t->keyed += used;
    return done;
}

static int tree_key_used(Tree *t, size_t *start, size_t *length, size_t *total) {
    size_t used = 0;
    int layer_size = 0, left = t->live;
    for (int v = 0; v < t->n; v++) {
        if (!t->labels[v]) continue;
        t->peel_degree[v] = t->live_degree[v];
        t->kid_count[v] = 0;
        if (t->live_degree[v] <= 1) t->layer[layer_size++] = v;
    }
    while (left > 2) {
        left -= layer_size;
        for (int i = 0; i < layer_size; i++) t->peel_degree[t->layer[i]] = 0;
        int next_size = 0;
        for (int i = 0; i < layer_size; i++) {
            int leaf = t->layer[i];
            if (make_code(t, leaf, &used)) return -1;
            for (int j = t->first[leaf]; j < t->first[leaf + 1]; j++) {
                int other = t->around[j];
                if (t->labels[other] && t->peel_degree[other]) {
                    t->kids[t->first[other] + t->kid_count[other]++] = leaf;
                    if (--t->peel_degree[other] == 1) t->next_layer[next_size++] = other;
                }
            }
        }
        int *swap = t->layer;
        t->layer = t->next_layer;
        t->next_layer = swap;
        layer_size = next_size;
    }
    if (layer_size == 1) {
        if (make_code(t, t->layer[0], &used)) return -1;
        *start = t->code_at[t->layer[0]];
        *length = t->code_length[t->layer[0]];
        *total = used;
        return 0;
    }
    int a = t->layer[0], b = t->layer[1];
    if (make_code(t, a, &used) || make_code(t, b, &used)) return -1;
    if (compare_codes(t, a, b) > 0) {
        int swap = a;
        a = b;
        b = swap;
    }
    size_t need = 1 + t->code_length[a] + t->code_length[b];
    if (reserve_codes(t, need, used)) return -1;
    uint8_t *out = t->codes + used;
    out[0] = 0xFF;
    memcpy(out + 1, t->codes + t->code_at[a], t->code_length[a]);
    memcpy(out + 1 + t->code_length[a], t->codes + t->code_at[b], t->code_length[b]);
    *start = used;
    *length = need;
    *total = used + need;
    return 0;
}

/* ------------------------------------------------------------------ the search */
static void delete_vertex(Tree *t, int v) {
    t->live--;
    for (int i = t->first[v]; i < t->first[v + 1]; i++) t->live_degree[t->around[i]]--;
}

static void restore_vertex(Tree *t, int v) {
    t->live++;
    for (int i = t->first[v]; i < t->first[v + 1]; i++) t->live_degree[t->around[i]]++;
}

/* Enter the empty position (key of length 0, value 0) in the memo once: the memo then holds
 * what the Python search's holds (every part met, nothing included). */
static int empty_key(Tree *t) {
    uint64_t hash = hash_bytes((const uint8_t *)"", 0);
    if (memo_find(t->memo, (const uint8_t *)"", 0, hash) >= 0) return 0;
    if (t->added >= t->limit) {
        t->stopped = 1;
        return -1;
    }
    int64_t index = memo_add(t->memo, (const uint8_t *)"", 0, hash);
    if (index < 0) {
        t->stopped = 2;
        PyErr_NoMemory();
        return -1;
    }
    t->memo->entries[index].grundy = 0;
    t->memo->entries[index].remoteness = 0;
    t->added++;
    return 0;
}

/* The value of the live tree (at least one live vertex) into grundy and remoteness; -1 when
 * stopped (t->stopped says why). */
static int solve(Tree *t, uint32_t *grundy, uint32_t *remoteness) {
    size_t start, length;
    if (tree_key(t, &start, &length)) {
        t->stopped = 2;
        PyErr_NoMemory();
        return -1;
    }
    if (t->keyed > t->work_limit) {
        t->stopped = 1;
        return -1;
    }
    const uint8_t *key = t->codes + start;
    uint64_t hash = hash_bytes(key, length);
    TreeMemo *memo = t->memo;
    int64_t index = memo_find(memo, key, length, hash);
    if (index >= 0 && memo->entries[index].grundy != PENDING) {
        *grundy = memo->entries[index].grundy;
        *remoteness = memo->entries[index].remoteness;
        return 0;
    }
    if (index < 0) {
        if (t->added >= t->limit) {
            t->stopped = 1;
            return -1;
        }
        index = memo_add(memo, key, length, hash);
        if (index < 0) {
            t->stopped = 2;
            PyErr_NoMemory();
            return -1;
        }
        t->added++;
    }
    if (t->depth >= t->max_depth) {
        t->stopped = 3;
        return -1;
    }
    if (++t->since_check >= CHECK_EVERY) {
        t->since_check = 0;
        if (PyErr_CheckSignals()) {
            t->stopped = 2;
            return -1;
        }
    }
    /* the options: every live leaf lowered to every smaller label */
    uint64_t small[4] = {0, 0, 0, 0};
    uint64_t *seen = small;
    size_t words = 4;
    uint64_t options = 0;
    for (int v = 0; v < t->n; v++)
        if (t->labels[v] && t->live_degree[v] <= 1) options += t->labels[v];
    if (options >= 256) {
        words = (size_t)(options / 64 + 2);
        seen = calloc(words, sizeof(uint64_t));
        if (!seen) {
            t->stopped = 2;
            PyErr_NoMemory();
            return -1;
        }
    }
    uint32_t win_rem = UINT32_MAX, lose_rem = 0;
    int any = 0, failed = 0;
    t->depth++;
    for (int v = 0; v < t->n && !failed; v++) {
        uint32_t label = t->labels[v];
        if (!label || t->live_degree[v] > 1) continue;
        for (uint32_t k = 0; k < label; k++) {
            uint32_t g, r;
            t->labels[v] = k;
            if (k == 0) {
                delete_vertex(t, v);
                if (t->live == 0) { /* nothing left: memoised too, under the empty key */
                    g = 0;
                    r = 0;
                    if (empty_key(t)) failed = 1;
                } else if (solve(t, &g, &r)) {
                    failed = 1;
                }
                restore_vertex(t, v);
            } else if (solve(t, &g, &r)) {
                failed = 1;
            }
            t->labels[v] = label;
            if (failed) break;
            any = 1;
            if (g < 64 * words) seen[g / 64] |= 1ULL << (g % 64);
            if (g == 0) {
                if (r < win_rem) win_rem = r;
            } else if (r > lose_rem) {
                lose_rem = r;
            }
        }
    }
    t->depth--;
    if (failed) {
        if (seen != small) free(seen);
        return -1;
    }
    uint32_t mex = 0;
    while (mex < 64 * words && (seen[mex / 64] >> (mex % 64)) & 1) mex++;
    if (seen != small) free(seen);
    Entry *e = &memo->entries[index];
    e->grundy = mex;
    /* a tree with a live vertex has a move (a live tree has a leaf) */
    e->remoteness = !any ? 0 : (mex ? 1 + win_rem : 1 + lose_rem);
    *grundy = e->grundy;
    *remoteness = e->remoteness;
    return 0;
}

/* ------------------------------------------------------------------ reading arguments */
/* labels (positive ints < 2^32) and edges (pairs) from Python sequences; -1 with an error. */
static int read_tree(PyObject *labels_obj, PyObject *edges_obj, int *n_out, uint32_t **labels,
                     int **us, int **vs, int *edges_out) {
    PyObject *labels_seq = PySequence_Fast(labels_obj, "labels must be a sequence");
    if (!labels_seq) return -1;
    PyObject *edges_seq = PySequence_Fast(edges_obj, "edges must be a sequence");
    if (!edges_seq) {
        Py_DECREF(labels_seq);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(labels_seq);
    Py_ssize_t m = PySequence_Fast_GET_SIZE(edges_seq);
    int result = -1;
    *labels = NULL;
    *us = NULL;
    *vs = NULL;
    if (n < 1 || n > 1000000 || m != n - 1) {
        PyErr_SetString(PyExc_ValueError, "a tree has n >= 1 vertices and n - 1 edges");
        goto done;
    }
    *labels = malloc((size_t)n * sizeof(uint32_t));
    *us = malloc(((size_t)m + 1) * sizeof(int));
    *vs = malloc(((size_t)m + 1) * sizeof(int));
    if (!*labels || !*us || !*vs) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long x = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(labels_seq, i));
        if (PyErr_Occurred()) goto done;
        if (x < 1 || x > UINT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "labels are integers 1 .. 2^32 - 1");
            goto done;
        }
        (*labels)[i] = (uint32_t)x;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(edges_seq, i);
        int u, v;
        if (!PyArg_ParseTuple(pair, "ii", &u, &v)) goto done;
        (*us)[i] = u;
        (*vs)[i] = v;
    }
    *n_out = (int)n;
    *edges_out = (int)m;
    result = 0;
done:
    Py_DECREF(labels_seq);
    Py_DECREF(edges_seq);
    if (result) {
        free(*labels);
        free(*us);
        free(*vs);
        *labels = NULL;
        *us = NULL;
        *vs = NULL;
    }
    return result;
}

/* The tree is connected (checked after building it): -1 with an error if not. */
static int check_connected(Tree *t) {
    int *seen = t->next_layer, *queue = t->layer; /* scratch, rewritten by tree_key */
    for (int v = 0; v < t->n; v++) seen[v] = 0;
    int size = 1;
    queue[0] = 0;
    seen[0] = 1;
    for (int i = 0; i < size; i++) {
        int v = queue[i];
        for (int j = t->first[v]; j < t->first[v + 1]; j++)
            if (!seen[t->around[j]]) {
                seen[t->around[j]] = 1;
                queue[size++] = t->around[j];
            }
    }
    if (size != t->n) {
        PyErr_SetString(PyExc_ValueError, "the edges do not join the vertices into one tree");
        return -1;
    }
    return 0;
}

static PyObject *OverLimit, *TooDeep;

static PyObject *stopped_error(Tree *t) {
    if (t->stopped == 1)
        PyErr_Format(OverLimit, "over the limit of %llu new trees",
                     (unsigned long long)t->limit);
    return NULL;
}

/* ------------------------------------------------------------------ methods */
static PyObject *memo_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    TreeMemo *memo = (TreeMemo *)type->tp_alloc(type, 0);
    if (!memo) return NULL;
    if (memo_init_storage(memo)) {
        Py_DECREF(memo);
        return NULL;
    }
    return (PyObject *)memo;
}

static void memo_dealloc(TreeMemo *memo) {
    memo_free_storage(memo);
    Py_TYPE(memo)->tp_free((PyObject *)memo);
}

static Py_ssize_t memo_length(TreeMemo *memo) { return (Py_ssize_t)memo->count; }

static PyObject *memo_clear(TreeMemo *memo, PyObject *unused) {
    memo_free_storage(memo);
    if (memo_init_storage(memo)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *memo_solve(TreeMemo *memo, PyObject *args) {
    PyObject *labels_obj, *edges_obj;
    unsigned long long limit, work_limit;
    int max_depth = MAX_DEPTH;
    if (!PyArg_ParseTuple(args, "OOKK|i", &labels_obj, &edges_obj, &limit, &work_limit,
                          &max_depth))
        return NULL;
    int n, m, *us, *vs;
    uint32_t *labels;
    if (read_tree(labels_obj, edges_obj, &n, &labels, &us, &vs, &m)) return NULL;
    Tree t;
    PyObject *result = NULL;
    if (tree_init(&t, n, us, vs, m, labels) || check_connected(&t)) goto done;
    t.memo = memo;
    t.limit = limit;
    t.work_limit = work_limit;
    t.max_depth = max_depth < MAX_DEPTH ? max_depth : MAX_DEPTH;
    uint32_t g, r;
    if (solve(&t, &g, &r)) {
        if (t.stopped == 3) {
            PyErr_Format(TooDeep, "the search went deeper than %d moves", t.max_depth);
        } else if (t.stopped == 1) {
            PyObject *counts = Py_BuildValue("(KK)", (unsigned long long)t.added,
                                             (unsigned long long)t.keyed);
            if (counts) {
                PyErr_SetObject(OverLimit, counts);
                Py_DECREF(counts);
            }
        }
        goto done;
    }
    result = Py_BuildValue("(kkKK)", (unsigned long)g, (unsigned long)r,
                           (unsigned long long)t.added, (unsigned long long)t.keyed);
done:
    tree_free(&t);
    free(labels);
    free(us);
    free(vs);
    return result;
}

static PyObject *memo_key(TreeMemo *memo, PyObject *args) {
    PyObject *labels_obj, *edges_obj;
    if (!PyArg_ParseTuple(args, "OO", &labels_obj, &edges_obj)) return NULL;
    int n, m, *us, *vs;
    uint32_t *labels;
    if (read_tree(labels_obj, edges_obj, &n, &labels, &us, &vs, &m)) return NULL;
    Tree t;
    PyObject *result = NULL;
    if (tree_init(&t, n, us, vs, m, labels) || check_connected(&t)) goto done;
    size_t start, length;
    if (tree_key(&t, &start, &length)) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyBytes_FromStringAndSize((const char *)t.codes + start, (Py_ssize_t)length);
done:
    tree_free(&t);
    free(labels);
    free(us);
    free(vs);
    return result;
}

/* ------------------------------------------------------------------ the sweep's notation */
/* The text of the subtree of v (away from parent), as endnim.sweep.trees.canonical_notation
 * writes it: the label, then "(" the children's texts sorted and joined by " " ")". */
typedef struct {
    char *text;
    size_t length;
} Text;

static int compare_texts(const void *a, const void *b) {
    const Text *x = a, *y = b;
    size_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->text, y->text, n);
    if (c) return c;
    return (x->length > y->length) - (x->length < y->length);
}

static int subtree_text(const Tree *t, int v, int parent, Text *out) {
    int count = 0;
    for (int i = t->first[v]; i < t->first[v + 1]; i++) count += t->around[i] != parent;
    Text *kids = count ? calloc((size_t)count, sizeof(Text)) : NULL;
    if (count && !kids) return -1;
    int at = 0, failed = 0;
    size_t total = 16;
    for (int i = t->first[v]; i < t->first[v + 1] && !failed; i++) {
        int w = t->around[i];
        if (w == parent) continue;
        if (subtree_text(t, w, v, &kids[at])) failed = 1;
        else total += kids[at++].length + 1;
    }
    if (!failed) {
        qsort(kids, (size_t)at, sizeof(Text), compare_texts);
        out->text = malloc(total + 2);
        if (!out->text) failed = 1;
    }
    if (!failed) {
        char digits[16];
        int count_digits = 0;
        uint32_t label = t->labels[v];
        do {
            digits[count_digits++] = (char)('0' + label % 10);
            label /= 10;
        } while (label);
        size_t length = 0;
        while (count_digits) out->text[length++] = digits[--count_digits];
        if (at) {
            out->text[length++] = '(';
            for (int i = 0; i < at; i++) {
                if (i) out->text[length++] = ' ';
                memcpy(out->text + length, kids[i].text, kids[i].length);
                length += kids[i].length;
            }
            out->text[length++] = ')';
        }
        out->length = length;
    }
    for (int i = 0; i < at; i++) free(kids[i].text);
    free(kids);
    return failed ? -1 : 0;
}

/* The centres of the whole tree (every vertex live): 1 or 2, in centres. */
static int centres_of(Tree *t, int centres[2]) {
    int n = t->n;
    if (n <= 2) {
        for (int v = 0; v < n; v++) centres[v] = v;
        return n;
    }
    int *degree = t->peel_degree, *layer = t->layer, *next = t->next_layer;
    int size = 0, left = n;
    for (int v = 0; v < n; v++) {
        degree[v] = t->first[v + 1] - t->first[v];
        if (degree[v] <= 1) layer[size++] = v;
    }
    while (left > 2) {
        left -= size;
        int next_size = 0;
        for (int i = 0; i < size; i++)
            for (int j = t->first[layer[i]]; j < t->first[layer[i] + 1]; j++) {
                int w = t->around[j];
                if (--degree[w] == 1) next[next_size++] = w;
            }
        int *swap = layer;
        layer = next;
        next = swap;
        size = next_size;
    }
    for (int i = 0; i < size; i++) centres[i] = layer[i];
    return size;
}

static PyObject *notation_of(Tree *t) {
    int centres[2];
    int count = centres_of(t, centres);
    Text best = {NULL, 0};
    for (int i = 0; i < count; i++) {
        Text found;
        if (subtree_text(t, centres[i], -1, &found)) {
            free(best.text);
            return PyErr_NoMemory();
        }
        if (!best.text || compare_texts(&found, &best) < 0) {
            free(best.text);
            best = found;
        } else {
            free(found.text);
        }
    }
    PyObject *result = PyUnicode_FromStringAndSize(best.text, (Py_ssize_t)best.length);
    free(best.text);
    return result;
}

static PyObject *memo_notation(TreeMemo *memo, PyObject *args) {
    PyObject *labels_obj, *edges_obj;
    if (!PyArg_ParseTuple(args, "OO", &labels_obj, &edges_obj)) return NULL;
    int n, m, *us, *vs;
    uint32_t *labels;
    if (read_tree(labels_obj, edges_obj, &n, &labels, &us, &vs, &m)) return NULL;
    Tree t;
    PyObject *result = NULL;
    if (tree_init(&t, n, us, vs, m, labels) || check_connected(&t)) goto done;
    result = notation_of(&t);
done:
    tree_free(&t);
    free(labels);
    free(us);
    free(vs);
    return result;
}

/* sweep_shape(edges, n, max_label[, min_sum, max_sum]): one labelling with labels
 * 1..max_label of the shape per isomorphism class, the first in lexicographic order (vertex 0
 * most significant), as (notation, labels, grundy), in that order; with min_sum and max_sum
 * only the classes whose labels add up to min_sum..max_sum (the sum is the same on every
 * labelling of a class, so a part of the labellings cut by their sum keeps each class whole
 * and its representative the same). */
static PyObject *memo_sweep_shape(TreeMemo *memo, PyObject *args) {
    PyObject *edges_obj;
    int n, max_label;
    long long min_sum = 0, max_sum = LLONG_MAX;
    if (!PyArg_ParseTuple(args, "Oii|LL", &edges_obj, &n, &max_label, &min_sum, &max_sum))
        return NULL;
    if (n < 1 || n > 64 || max_label < 1 || (long long)max_label * n > MAX_DEPTH) {
        PyErr_SetString(PyExc_ValueError, "a sweep shape has 1..64 vertices, labels >= 1");
        return NULL;
    }
    PyObject *ones = PyList_New(n);
    if (!ones) return NULL;
    for (int v = 0; v < n; v++) PyList_SET_ITEM(ones, v, PyLong_FromLong(1));
    int m, *us, *vs, n_read;
    uint32_t *labels;
    int failed = read_tree(ones, edges_obj, &n_read, &labels, &us, &vs, &m);
    Py_DECREF(ones);
    if (failed) return NULL;
    Tree t;
    PyObject *rows = NULL;
    TreeMemo *seen = NULL;
    if (tree_init(&t, n, us, vs, m, labels) || check_connected(&t)) goto done;
    seen = (TreeMemo *)memo_new(Py_TYPE(memo), NULL, NULL);
    if (!seen) goto done;
    rows = PyList_New(0);
    if (!rows) goto done;
    t.memo = memo;
    t.limit = UINT64_MAX;
    t.work_limit = UINT64_MAX;
    t.max_depth = MAX_DEPTH;
    for (;;) {
        long long sum = 0;
        for (int v = 0; v < n; v++) sum += labels[v];
        if (sum < min_sum || sum > max_sum) goto next;
        set_labels(&t, labels);
        size_t start, length;
        if (tree_key(&t, &start, &length)) {
            PyErr_NoMemory();
            Py_CLEAR(rows);
            goto done;
        }
        const uint8_t *key = t.codes + start;
        uint64_t hash = hash_bytes(key, length);
        if (memo_find(seen, key, length, hash) < 0) {
            if (memo_add(seen, key, length, hash) < 0) {
                PyErr_NoMemory();
                Py_CLEAR(rows);
                goto done;
            }
            uint32_t g, r;
            if (solve(&t, &g, &r)) {
                if (t.stopped == 3)
                    PyErr_Format(TooDeep, "the search went deeper than %d moves", t.max_depth);
                stopped_error(&t);
                Py_CLEAR(rows);
                goto done;
            }
            PyObject *notation = notation_of(&t);
            PyObject *tuple = PyTuple_New(n);
            if (!notation || !tuple) {
                Py_XDECREF(notation);
                Py_XDECREF(tuple);
                Py_CLEAR(rows);
                goto done;
            }
            for (int v = 0; v < n; v++) PyTuple_SET_ITEM(tuple, v, PyLong_FromLong(labels[v]));
            PyObject *row = Py_BuildValue("(NNk)", notation, tuple, (unsigned long)g);
            if (!row || PyList_Append(rows, row)) {
                Py_XDECREF(row);
                Py_CLEAR(rows);
                goto done;
            }
            Py_DECREF(row);
        }
    next:;
        int v = n - 1; /* the next labelling: the last vertex varies fastest */
        while (v >= 0 && labels[v] == (uint32_t)max_label) labels[v--] = 1;
        if (v < 0) break;
        labels[v]++;
    }
done:
    Py_XDECREF(seen);
    tree_free(&t);
    free(labels);
    free(us);
    free(vs);
    return rows;
}

static PyMethodDef memo_methods[] = {
    {"solve", (PyCFunction)memo_solve, METH_VARARGS,
     "solve(labels, edges, limit, work_limit[, max_depth]) -> (grundy, remoteness, added, "
     "work): one tree "
     "(labels positive, n - 1 edges joining them); OverLimit((added, work)) past `limit` new "
     "trees or `work_limit` bytes of keys written."},
    {"key", (PyCFunction)memo_key, METH_VARARGS, "key(labels, edges) -> the tree's AHU key."},
    {"notation", (PyCFunction)memo_notation, METH_VARARGS,
     "notation(labels, edges) -> the sweep's canonical notation of the tree."},
    {"sweep_shape", (PyCFunction)memo_sweep_shape, METH_VARARGS,
     "sweep_shape(edges, n, max_label[, min_sum, max_sum]) -> [(notation, labels, grundy)]."},
    {"clear", (PyCFunction)memo_clear, METH_NOARGS, "Forget every tree."},
    {NULL, NULL, 0, NULL}};

static PySequenceMethods memo_sequence = {.sq_length = (lenfunc)memo_length};

static PyTypeObject TreeMemoType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "endnim.graphs._trees.TreeMemo",
    .tp_basicsize = sizeof(TreeMemo),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Values of trees keyed by their AHU codes.",
    .tp_new = memo_new,
    .tp_dealloc = (destructor)memo_dealloc,
    .tp_methods = memo_methods,
    .tp_as_sequence = &memo_sequence,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_trees",
                                    "End-Nim on trees, compiled (endnim.graphs.compiled).", -1,
                                    NULL};

PyMODINIT_FUNC PyInit__trees(void) {
    if (PyType_Ready(&TreeMemoType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    OverLimit = PyErr_NewException("endnim.graphs._trees.OverLimit", NULL, NULL);
    if (!OverLimit || PyModule_AddObject(m, "OverLimit", OverLimit) < 0) return NULL;
    TooDeep = PyErr_NewException("endnim.graphs._trees.TooDeep", NULL, NULL);
    if (!TooDeep || PyModule_AddObject(m, "TooDeep", TooDeep) < 0) return NULL;
    Py_INCREF(&TreeMemoType);
    if (PyModule_AddObject(m, "TreeMemo", (PyObject *)&TreeMemoType) < 0) return NULL;
    PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH);
    return m;
}
