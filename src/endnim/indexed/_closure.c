/*
 * endnim indexed search kernels: the closure of some positions under a rule set's hook, with
 * every position numbered, and the Grundy values of that closure by a post-order walk.
 *
 * closure(): positions are numbered in the order they are first met (the roots first); each
 *   one is expanded by one call of the Python hook ``expand`` (the rule set's ``children``),
 *   its children checked (rows: tuples of positive ints) and numbered through a dict (keyed by
 *   the position, or by ``key(child)`` where the rule set declares a canonical key). With a
 *   ``batch`` hook (the rule set's ``children_batch``), the positions are expanded instead by
 *   one call per run of up to ``batch_size`` positions not yet expanded, in numbering order: a
 *   list of one children list per position, checked like ``expand``'s. The edges
 *   are kept as a CSR graph: offsets (int64, n + 1) and targets (int32). A position whose value
 *   is ``known`` (a dict, e.g. the rows a sweep's level before has solved) is not expanded.
 * grundy(): an iterative depth-first walk of that graph; a position is valued once all its
 *   options are: the mex of their values (a terminal position: its given value), and the
 *   remoteness as the memoised search defines it. A cycle is reported, not followed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    void *data;
    Py_ssize_t size, capacity, item;
} Grow;

static int grow_push(Grow *g, const void *value) {
    if (g->size == g->capacity) {
        Py_ssize_t capacity = g->capacity ? 2 * g->capacity : 1024;
        void *data = realloc(g->data, (size_t)capacity * (size_t)g->item);
        if (!data) {
            PyErr_NoMemory();
            return -1;
        }
        g->data = data;
        g->capacity = capacity;
    }
    memcpy((char *)g->data + g->size * g->item, value, (size_t)g->item);
    g->size++;
    return 0;
}

static PyObject *grow_bytes(Grow *g) {
    return PyBytes_FromStringAndSize((const char *)g->data, g->size * g->item);
}

/* A row: a tuple (or subclass) of exact ints > 0 (the guard's check of a Variant's position). */
static int valid_row(PyObject *value) {
    if (!PyTuple_Check(value)) return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(value);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pile = PyTuple_GET_ITEM(value, i);
        if (!PyLong_CheckExact(pile)) return 0;
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(pile, &overflow);
        if (overflow < 0 || (overflow == 0 && v <= 0)) return 0;
    }
    return 1;
}

/* What the walk keeps per position besides the position itself: whether its value was given
 * (``known``: it is not expanded) and that value. */
typedef struct {
    PyObject *known; /* dict key -> value, or Py_None */
    Grow given, value; /* uint8 and int64 per position */
} Given;

/* The number of ``item`` in ``index``, numbering it (and keeping ``position``) if new; -1 on
 * error. */
static Py_ssize_t number(PyObject *index, PyObject *positions, PyObject *item, PyObject *position,
                         Given *given) {
    PyObject *found = PyDict_GetItemWithError(index, item);
    if (found) return PyLong_AsSsize_t(found);
    if (PyErr_Occurred()) return -1;
    uint8_t flag = 0;
    int64_t value = 0;
    if (given->known != Py_None) {
        PyObject *v = PyDict_GetItemWithError(given->known, item);
        if (v) {
            value = PyLong_AsLongLong(v);
            if (value == -1 && PyErr_Occurred()) return -1;
            flag = 1;
        } else if (PyErr_Occurred()) {
            return -1;
        }
    }
    Py_ssize_t n = PyList_GET_SIZE(positions);
    PyObject *number_obj = PyLong_FromSsize_t(n);
    if (!number_obj) return -1;
    int failed = PyDict_SetItem(index, item, number_obj);
    Py_DECREF(number_obj);
    if (failed || PyList_Append(positions, position)) return -1;
    if (grow_push(&given->given, &flag) || grow_push(&given->value, &value)) return -1;
    return n;
}

static PyObject *refuse(PyObject *bad, PyObject *value) {
    PyObject *r = PyObject_CallOneArg(bad, value);
    if (r) {
        Py_DECREF(r);
        PyErr_SetString(PyExc_SystemError, "indexed closure: the refusal did not raise");
    }
    return NULL;
}

#define SEEN_SLOTS 65536 /* a power of 2 */

static PyObject *closure(PyObject *self, PyObject *args) {
    PyObject *roots, *expand, *key, *bad, *progress, *known, *batch = Py_None;
    int rows;
    Py_ssize_t max_states, max_edges, every, batch_size = 1;
    if (!PyArg_ParseTuple(args, "OOOpnnOOnO|On", &roots, &expand, &key, &rows, &max_states,
                          &max_edges, &bad, &progress, &every, &known, &batch, &batch_size))
        return NULL;
    if (batch_size < 1) batch_size = 1;
    /* Rows met lately, by address (rows only, no canonical key): see the walk below. */
    PyObject **seen_rows = rows ? calloc(SEEN_SLOTS, sizeof(PyObject *)) : NULL;
    int32_t *seen_numbers = rows ? calloc(SEEN_SLOTS, sizeof(int32_t)) : NULL;
    if (rows && (!seen_rows || !seen_numbers)) {
        free(seen_rows);
        free(seen_numbers);
        return PyErr_NoMemory();
    }
    PyObject *pending = NULL; /* the batch hook's last answer, consumed in order */
    Py_ssize_t pending_next = 0;
    if (known != Py_None && !PyDict_Check(known)) {
        PyErr_SetString(PyExc_TypeError, "known must be a dict or None");
        return NULL;
    }
    Given given = {known, {NULL, 0, 0, sizeof(uint8_t)}, {NULL, 0, 0, sizeof(int64_t)}};
    if (every < 1) every = 1;
    PyObject *positions = PyList_New(0), *index = PyDict_New(), *result = NULL;
    Grow offsets = {NULL, 0, 0, sizeof(int64_t)}, targets = {NULL, 0, 0, sizeof(int32_t)};
    Grow numbers = {NULL, 0, 0, sizeof(int32_t)};
    int status = 0;
    if (!positions || !index) goto done;
    PyObject *roots_fast = PySequence_Fast(roots, "roots must be a sequence");
    if (!roots_fast) goto done;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(roots_fast); i++) {
        PyObject *root = PySequence_Fast_GET_ITEM(roots_fast, i);
        PyObject *item = key == Py_None ? (Py_INCREF(root), root) : PyObject_CallOneArg(key, root);
        Py_ssize_t k = item ? number(index, positions, item, root, &given) : -1;
        Py_XDECREF(item);
        if (k > INT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "indexed closure: too many positions");
            k = -1;
        }
        int32_t root_number = (int32_t)k;
        if (k < 0 || grow_push(&numbers, &root_number)) {
            Py_DECREF(roots_fast);
            goto done;
        }
    }
    Py_DECREF(roots_fast);
    int64_t zero = 0;
    if (grow_push(&offsets, &zero)) goto done;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(positions); i++) {
        if (PyList_GET_SIZE(positions) > max_states) {
            status = 1;
            break;
        }
        if ((i & 1023) == 1023 && PyErr_CheckSignals()) goto done;
        if (progress != Py_None && i % every == every - 1) {
            PyObject *r = PyObject_CallFunction(progress, "nn", i + 1, PyList_GET_SIZE(positions));
            if (!r) goto done;
            Py_DECREF(r);
        }
        if (((uint8_t *)given.given.data)[i]) { /* its value is known: not expanded */
            int64_t end = (int64_t)targets.size;
            if (grow_push(&offsets, &end)) goto done;
            continue;
        }
        PyObject *children;
        if (batch != Py_None) {
            if (!pending || pending_next == PyList_GET_SIZE(pending)) {
                Py_CLEAR(pending);
                PyObject *chunk = PyList_New(0);
                if (!chunk) goto done;
                const uint8_t *flags = (const uint8_t *)given.given.data;
                for (Py_ssize_t j = i;
                     j < PyList_GET_SIZE(positions) && PyList_GET_SIZE(chunk) < batch_size; j++)
                    if (!flags[j] && PyList_Append(chunk, PyList_GET_ITEM(positions, j))) {
                        Py_DECREF(chunk);
                        goto done;
                    }
                pending = PyObject_CallOneArg(batch, chunk);
                Py_ssize_t asked = PyList_GET_SIZE(chunk);
                Py_DECREF(chunk);
                if (!pending) goto done;
                if (!PyList_CheckExact(pending) || PyList_GET_SIZE(pending) != asked) {
                    PyErr_SetString(PyExc_SystemError,
                                    "indexed closure: the batch is not one list per position");
                    goto done;
                }
                pending_next = 0;
            }
            children = PyList_GET_ITEM(pending, pending_next++);
            Py_INCREF(children);
        } else {
            PyObject *position = PyList_GET_ITEM(positions, i);
            Py_INCREF(position);
            children = PyObject_CallOneArg(expand, position);
            Py_DECREF(position);
        }
        if (!children) goto done;
        if (!PyList_Check(children) && !PyTuple_Check(children)) {
            refuse(bad, children);
            Py_DECREF(children);
            goto done;
        }
        Py_ssize_t count = PySequence_Fast_GET_SIZE(children);
        PyObject **items = PySequence_Fast_ITEMS(children);
        for (Py_ssize_t j = 0; j < count; j++) {
            PyObject *child = items[j];
            /* The same row object met again (a batch hook shares its rows between positions):
             * an exact tuple of exact ints is immutable, so its check and number stand. */
            size_t slot = ((uintptr_t)child >> 4) & (SEEN_SLOTS - 1);
            int cacheable = seen_rows && key == Py_None && PyTuple_CheckExact(child);
            if (cacheable && seen_rows[slot] == child) {
                if (grow_push(&targets, &seen_numbers[slot])) {
                    Py_DECREF(children);
                    goto done;
                }
                continue;
            }
            if (rows && !valid_row(child)) {
                refuse(bad, children);
                Py_DECREF(children);
                goto done;
            }
            PyObject *item;
            if (key == Py_None) {
                Py_INCREF(child);
                item = child;
            } else {
                item = PyObject_CallOneArg(key, child);
                if (!item) {
                    Py_DECREF(children);
                    goto done;
                }
            }
            Py_ssize_t k = number(index, positions, item, child, &given);
            Py_DECREF(item);
            if (k < 0) {
                if (key == Py_None && PyErr_ExceptionMatches(PyExc_TypeError)) {
                    PyErr_Clear(); /* an unhashable child */
                    refuse(bad, children);
                }
                Py_DECREF(children);
                goto done;
            }
            if (k > INT32_MAX) {
                PyErr_SetString(PyExc_OverflowError, "indexed closure: too many positions");
                Py_DECREF(children);
                goto done;
            }
            int32_t target = (int32_t)k;
            if (grow_push(&targets, &target)) {
                Py_DECREF(children);
                goto done;
            }
            if (cacheable) { /* held until the walk ends, so its address is not reused */
                Py_INCREF(child);
                Py_XSETREF(seen_rows[slot], child);
                seen_numbers[slot] = target;
            }
        }
        Py_DECREF(children);
        int64_t end = (int64_t)targets.size;
        if (grow_push(&offsets, &end)) goto done;
        if (targets.size > max_edges) {
            status = 2;
            break;
        }
    }
    {
        PyObject *off = grow_bytes(&offsets), *tgt = grow_bytes(&targets);
        PyObject *num = grow_bytes(&numbers), *flags = grow_bytes(&given.given);
        PyObject *values = grow_bytes(&given.value);
        if (off && tgt && num && flags && values)
            result = Py_BuildValue("(OOOOOOOi)", positions, index, num, off, tgt, flags, values,
                                   status);
        Py_XDECREF(off);
        Py_XDECREF(tgt);
        Py_XDECREF(num);
        Py_XDECREF(flags);
        Py_XDECREF(values);
    }
done:
    if (seen_rows)
        for (Py_ssize_t slot = 0; slot < SEEN_SLOTS; slot++) Py_XDECREF(seen_rows[slot]);
    free(seen_rows);
    free(seen_numbers);
    Py_XDECREF(pending);
    free(offsets.data);
    free(targets.data);
    free(numbers.data);
    free(given.given.data);
    free(given.value.data);
    Py_XDECREF(positions);
    Py_XDECREF(index);
    return result;
}

static int get_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t itemsize, int writable,
                      const char *what) {
    if (PyObject_GetBuffer(obj, view, writable ? PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS
                                               : PyBUF_C_CONTIGUOUS))
        return -1;
    if (view->itemsize != itemsize && !(view->itemsize == 1 && view->len % itemsize == 0)) {
        PyErr_Format(PyExc_ValueError, "grundy: %s has items of %zd bytes, expected %zd", what,
                     view->itemsize, itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *grundy(PyObject *self, PyObject *args) {
    PyObject *off_obj, *tgt_obj, *term_obj, *g_obj, *r_obj;
    if (!PyArg_ParseTuple(args, "OOOOO", &off_obj, &tgt_obj, &term_obj, &g_obj, &r_obj))
        return NULL;
    Py_buffer off = {0}, tgt = {0}, term = {0}, gv = {0}, rv = {0};
    PyObject *result = NULL;
    int64_t *stack = NULL, *cursor = NULL, *stamp = NULL;
    uint8_t *state = NULL;
    if (get_buffer(off_obj, &off, 8, 0, "offsets") || get_buffer(tgt_obj, &tgt, 4, 0, "targets") ||
        get_buffer(term_obj, &term, 8, 0, "terminal") || get_buffer(g_obj, &gv, 8, 1, "grundy") ||
        get_buffer(r_obj, &rv, 8, 1, "remoteness"))
        goto done;
    Py_ssize_t n = off.len / 8 - 1;
    const int64_t *offsets = off.buf, *terminal = term.buf;
    const int32_t *targets = tgt.buf;
    int64_t *g = gv.buf, *rem = rv.buf;
    if (n < 0 || term.len / 8 < n || gv.len / 8 < n || rv.len / 8 < n ||
        offsets[n] > tgt.len / 4) {
        PyErr_SetString(PyExc_ValueError, "grundy: arrays of inconsistent sizes");
        goto done;
    }
    int64_t widest = 0;
    for (Py_ssize_t v = 0; v < n; v++)
        if (offsets[v + 1] - offsets[v] > widest) widest = offsets[v + 1] - offsets[v];
    stack = malloc(sizeof(int64_t) * (size_t)(n + 1));
    cursor = malloc(sizeof(int64_t) * (size_t)(n + 1));
    stamp = calloc((size_t)widest + 2, sizeof(int64_t));
    state = calloc((size_t)n + 1, 1); /* 0 new, 1 on the walk's path, 2 valued */
    if (!stack || !cursor || !stamp || !state) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t cycle = -1;
    int64_t mark = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t root = 0; root < n && cycle < 0; root++) {
        if (state[root]) continue;
        Py_ssize_t top = 0;
        stack[0] = root;
        cursor[root] = offsets[root];
        state[root] = 1;
        while (top >= 0) {
            int64_t v = stack[top];
            int64_t c = cursor[v], end = offsets[v + 1];
            while (c < end && state[targets[c]] == 2) c++;
            if (c < end) {
                int32_t w = targets[c];
                cursor[v] = c + 1;
                if (state[w] == 1) {
                    cycle = w;
                    break;
                }
                state[w] = 1;
                cursor[w] = offsets[w];
                stack[++top] = w;
                continue;
            }
            /* every option is valued: value v */
            int64_t begin = offsets[v];
            if (begin == end) {
                g[v] = terminal[v];
                rem[v] = 0;
            } else {
                mark++;
                int64_t degree = end - begin;
                for (int64_t e = begin; e < end; e++) {
                    int64_t x = g[targets[e]];
                    if (x <= degree) stamp[x] = mark;
                }
                int64_t mex = 0;
                while (stamp[mex] == mark) mex++;
                g[v] = mex;
                if (mex == 0) {
                    int64_t most = 0;
                    for (int64_t e = begin; e < end; e++)
                        if (rem[targets[e]] > most) most = rem[targets[e]];
                    rem[v] = 1 + most;
                } else {
                    int64_t least = INT64_MAX;
                    for (int64_t e = begin; e < end; e++)
                        if (g[targets[e]] == 0 && rem[targets[e]] < least) least = rem[targets[e]];
                    rem[v] = 1 + least;
                }
            }
            state[v] = 2;
            top--;
        }
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(cycle);
done:
    free(stack);
    free(cursor);
    free(stamp);
    free(state);
    if (off.obj) PyBuffer_Release(&off);
    if (tgt.obj) PyBuffer_Release(&tgt);
    if (term.obj) PyBuffer_Release(&term);
    if (gv.obj) PyBuffer_Release(&gv);
    if (rv.obj) PyBuffer_Release(&rv);
    return result;
}

static PyMethodDef methods[] = {
    {"closure", closure, METH_VARARGS,
     "Number the closure of roots under expand: (positions, index, roots' numbers, offsets, "
     "targets, known flags, known values, status)."},
    {"grundy", grundy, METH_VARARGS,
     "Grundy values and remoteness over a CSR graph; -1, or a position on a cycle."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_closure",
                                    "The indexed search's closure and Grundy kernels.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__closure(void) { return PyModule_Create(&module); }
