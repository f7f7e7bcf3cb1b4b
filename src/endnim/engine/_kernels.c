/*
 * endnim engine kernels: one table of x·w·y values per call, for an inner string w.
 *
 * A table has cells (x, y) with 0 <= x <= X, 0 <= y <= Y. Row 0 and column 0 are the borders
 * (the left or right pile removed), supplied by the caller from shorter strings; every other
 * cell is computed here by one of three recurrences:
 *
 *   END  (End-Nim, misère, Loop: impartial, both ends)
 *        T[x][y] = mex({T[x'][y] : x' < x} ∪ {T[x][y'] : y' < y})
 *        per-row and per-column bitsets of seen values, a running lower bound on each, and one
 *        "word is full" summary bit per word so that the 2-D mex skips full words 64 at a time.
 *   MULLER (play the first pile, then maybe reverse): two coupled tables
 *        P[x][y] = value(x·w·y),  Q[x][y] = value(y·wᵀ·x)
 *        P[x][y] = mex({P[x'][y], Q[x'][y] : 0 <= x' < x} ∪ {Q[0][y]})   (column sets)
 *        Q[x][y] = mex({Q[x][y'], P[x][y'] : 0 <= y' < y} ∪ {P[x][0]})   (row sets)
 *        where P[0][y] = value(w·y), Q[0][y] = value(y·wᵀ), P[x][0] = value(x·w), Q[x][0] = value(wᵀ·x).
 *        Each set only grows, so each mex is a pointer that only moves forward.
 *   PARTIZAN (Left plays the first pile, Right the last): outcome codes, bit 0 = Left wins
 *        moving first, bit 1 = Right wins moving first.
 *        LW[x][y] = ∃ x' < x: ¬RW[x'][y];   RW[x][y] = ∃ y' < y: ¬LW[x][y'].
 *
 * RESTRICTED TAKES (a rule set whose allows_take() forbids some reductions): the same three
 *        recurrences with each x' < x (y' < y) limited to the new sizes the rule set allows for a
 *        pile of x (y) coins, given as a sorted list per pile (offsets/sizes, as CSR). The sets
 *        are no longer prefixes, so the whole table is kept and each cell's mex is taken over
 *        its own options: O(allowed sizes) per cell, in a 64-bit word while a cell has fewer
 *        than 64 options (caps, subtraction sets), else in a stamped array.
 *
 * A table is computed in chunks of rows on a state kept in a capsule, so that Python can show
 * progress and stop between chunks. Several threads share an END table by bands of columns,
 * each band computed row after row behind the band to its left (a pipeline).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#ifdef _OPENMP
#include <omp.h>
#endif

enum { FAMILY_END = 0, FAMILY_MULLER = 1, FAMILY_PARTIZAN = 2 };

typedef struct {
    int family;
    int64_t X, Y;
    int64_t W, SW;     /* words per bitset, summary words per bitset */
    int64_t maxv;      /* values above this can never be a mex here: not recorded */
    uint64_t *rowbits, *colbits, *rowfull;
    int64_t *rowlow, *collow;       /* END: first possibly non-full word; MULLER: mex pointers */
    uint8_t *rowflag, *colflag;     /* PARTIZAN */
    /* outputs: last row (x = X, y = 0..Y) and last column (y = Y, x = 0..X) of each table */
    int32_t *out_row[2], *out_col[2];
    int32_t *full[2];               /* optional whole tables, (X+1)*(Y+1), owned by Python */
    int32_t *scratch;               /* one row of each table when no whole table is kept */
    uint64_t *colblock;             /* END: per column [low | full-word summary | bits] */
    int64_t CS;                     /* END: words per column block */
    PyObject *full_obj[2];
    PyObject *takes_obj;            /* keeps the restricted takes' lists alive */
    const int32_t *toff, *tsz;      /* restricted takes: new sizes of a pile p are
                                       tsz[toff[p] .. toff[p+1]-1]; NULL: any reduction */
    int32_t *own[2];                /* restricted takes: whole tables no caller keeps */
    uint32_t *mark;                 /* restricted takes: stamped seen-set of one cell */
    uint32_t stamp;
    int64_t next;                   /* next row to compute */
    int64_t last;                   /* last row */
} State;

static void state_free(State *s) {
    if (!s) return;
    free(s->rowbits); free(s->colbits); free(s->rowfull);
    free(s->rowlow); free(s->collow); free(s->rowflag); free(s->colflag); free(s->scratch);
    free(s->colblock); free(s->mark);
    for (int t = 0; t < 2; t++) {
        free(s->own[t]);
        free(s->out_row[t]); free(s->out_col[t]);
        Py_XDECREF(s->full_obj[t]);
    }
    Py_XDECREF(s->takes_obj);
    free(s);
}

/* Free a finished table's working sets, keeping its outputs (out_row, out_col): a row kept in
 * one call holds two levels of tables at once, and must not hold their bitsets too (the plan
 * counts one table's state at a time). */
static void state_shrink(State *s) {
    free(s->rowbits); free(s->colbits); free(s->rowfull);
    free(s->rowlow); free(s->collow); free(s->rowflag); free(s->colflag); free(s->scratch);
    free(s->colblock); free(s->mark);
    for (int t = 0; t < 2; t++) {
        if (s->own[t] && s->full[t] == s->own[t]) s->full[t] = NULL;
        free(s->own[t]);
        s->own[t] = NULL;
    }
    s->mark = NULL;
    s->rowbits = s->colbits = s->rowfull = s->colblock = NULL;
    s->rowlow = s->collow = NULL;
    s->rowflag = s->colflag = NULL;
    s->scratch = NULL;
}

static void capsule_destructor(PyObject *capsule) {
    state_free((State *)PyCapsule_GetPointer(capsule, "endnim.State"));
}

static inline void set_bit(uint64_t *bits, int64_t v) { bits[v >> 6] |= 1ULL << (v & 63); }
static inline int test_bit(const uint64_t *bits, int64_t v) { return (bits[v >> 6] >> (v & 63)) & 1; }

/* ------------------------------------------------------------------------------ END family */

static inline void end_insert(State *s, uint64_t *bits, uint64_t *full, int64_t *low, int64_t v) {
    if (v < 0 || v > s->maxv) return;
    int64_t w = v >> 6;
    bits[w] |= 1ULL << (v & 63);
    if (bits[w] == ~0ULL) {
        full[w >> 6] |= 1ULL << (w & 63);
        while (*low < s->W && bits[*low] == ~0ULL) (*low)++;
    }
}

/* mex of (a | b), both with "full word" summaries fa, fb, starting at word w. */
static inline int64_t mex2(const uint64_t *a, const uint64_t *b, const uint64_t *fa,
                           const uint64_t *fb, int64_t w) {
    for (;;) {
        int64_t sw = w >> 6;
        int sb = (int)(w & 63);
        uint64_t skip = fa[sw] | fb[sw];
        if (sb) skip |= (1ULL << sb) - 1;
        if (skip == ~0ULL) { w = (sw + 1) << 6; continue; }
        w = (sw << 6) + __builtin_ctzll(~skip);
        uint64_t u = a[w] | b[w];
        if (u != ~0ULL) return (w << 6) + __builtin_ctzll(~u);
        w++;
    }
}

/* --------------------------------------------------------------------------- MULLER family */

static inline int64_t advance(const uint64_t *bits, int64_t *mex) {
    while (test_bit(bits, *mex)) (*mex)++;
    return *mex;
}

static inline void muller_insert(State *s, uint64_t *bits, int64_t v) {
    if (v >= 0 && v <= s->maxv) set_bit(bits, v);
}

/* ------------------------------------------------------------------------- PARTIZAN family */

/* ---------------------------------------------------------------------------- the drivers */

/* Row order, one loop per family: the per-cell switch, the output checks and the struct loads
 * are hoisted out of the inner loop (the hot path of a single-threaded table). */
/* Columns y0..y1 of row x of the END family, with no waiting: the caller has made sure that
 * columns 1..y0-1 of this row are done (the row's bits and low pointer are up to date). */
static inline void end_band_row(State *s, int64_t x, int64_t y0, int64_t y1) {
    const int64_t W = s->W, SW = s->SW, Y = s->Y, CS = s->CS;
    uint64_t *const colblock = s->colblock;
    uint64_t *const rb = s->rowbits + x * W, *const rf = s->rowfull + x * SW;
    int64_t rl = s->rowlow[x];
    int32_t *const out = s->full[0] ? s->full[0] + x * (Y + 1) : s->scratch + (x & 1) * (Y + 1);
    for (int64_t y = y0; y <= y1; y++) {
        uint64_t *const col = colblock + y * CS;
        uint64_t *const cf = col + 1, *const cb = col + 1 + SW;
        int64_t cl = (int64_t)col[0];
        int64_t v = mex2(rb, cb, rf, cf, rl > cl ? rl : cl);
        int64_t w = v >> 6;
        uint64_t bit = 1ULL << (v & 63);
        if ((rb[w] |= bit) == ~0ULL) {
            rf[w >> 6] |= 1ULL << (w & 63);
            while (rb[rl] == ~0ULL) rl++;
        }
        if ((cb[w] |= bit) == ~0ULL) {
            cf[w >> 6] |= 1ULL << (w & 63);
            while (cb[cl] == ~0ULL) cl++;
            col[0] = (uint64_t)cl;
        }
        out[y] = (int32_t)v;
    }
    s->rowlow[x] = rl;
    if (y1 == Y) {
        s->out_col[0][x] = out[Y];
        if (x == s->X) memcpy(s->out_row[0] + 1, out + 1, Y * 4);
    }
}

/* One row of the END family, one thread: the whole row is one band. */
static inline void end_row(State *s, int64_t x) { end_band_row(s, x, 1, s->Y); }

/* Columns per thread below which a shared table is not worth splitting. */
#define BAND_MIN_COLUMNS 32

/* The words a small END table's sets are read in at once (its values are at most maxv), or 0:
 * a larger table, the general row. state_setup gives such a table one more word per set. */
static inline int small_words(int64_t maxv) {
    return maxv < 64 ? 1 : maxv < 256 ? 4 : maxv < 512 ? 8 : 0;
}

/* Rows of a small END table, whose values all fit NW words (maxv < 64 NW): the row's seen set
 * lives in NW registers instead of memory, and the mex is a branch-free scan of the NW words.
 * In memory, each cell's mex waits for the previous cell's store to the same row word (store
 * forwarding, the whole latency of a cell); in registers that chain is a few ALU operations.
 * About 2.5x faster per cell than the general row on a 100 x 100 table, 1.9x on 200 x 200; with
 * 16 words (tables up to 511 values) the registers spill and the gain is gone, so larger tables
 * take the general row. Only the column bits
 * in colblock are kept up to date (no summaries, no low pointers): a table that starts here
 * is finished here (run_rows_end decides by its size alone). */
static inline __attribute__((always_inline)) void end_rows_small(State *s, int64_t x0, int64_t x1,
                                                                 const int NW) {
    const int64_t W = s->W, SW = s->SW, Y = s->Y, CS = s->CS;
    uint64_t *const colbits = s->colblock + 1 + SW;
    for (int64_t x = x0; x < x1; x++) {
        uint64_t r[8];
        const uint64_t *const rb = s->rowbits + x * W;
        for (int i = 0; i < NW; i++) r[i] = rb[i];
        int32_t *const out = s->full[0] ? s->full[0] + x * (Y + 1) : s->scratch + (x & 1) * (Y + 1);
        for (int64_t y = 1; y <= Y; y++) {
            uint64_t *const c = colbits + y * CS;
            int64_t v = 64 * NW;
            for (int i = NW - 1; i >= 0; i--) {
                uint64_t z = ~(r[i] | c[i]);
                if (z) v = 64 * i + __builtin_ctzll(z);
            }
            const uint64_t bit = 1ULL << (v & 63);
            const int k = (int)(v >> 6);
            for (int i = 0; i < NW; i++) r[i] |= k == i ? bit : 0;
            c[k] |= bit;
            out[y] = (int32_t)v;
        }
        s->out_col[0][x] = out[Y];
        if (x == s->X) memcpy(s->out_row[0] + 1, out + 1, Y * 4);
    }
}

static void end_rows_small1(State *s, int64_t x0, int64_t x1) { end_rows_small(s, x0, x1, 1); }
static void end_rows_small4(State *s, int64_t x0, int64_t x1) { end_rows_small(s, x0, x1, 4); }
static void end_rows_small8(State *s, int64_t x0, int64_t x1) { end_rows_small(s, x0, x1, 8); }

static int small_rows = 1;  /* 0: every table takes the general row (tests compare the two) */

static void run_rows_end(State *s, int64_t x0, int64_t x1, int threads) {
    switch (small_rows ? small_words(s->maxv) : 0) {
    case 1: end_rows_small1(s, x0, x1); return;
    case 4: end_rows_small4(s, x0, x1); return;
    case 8: end_rows_small8(s, x0, x1); return;
    default: break;
    }
#ifdef _OPENMP
    /* Several threads share a table by columns: thread t owns a band of columns and computes
     * it row after row, starting row x once thread t-1 has finished row x in its band (a
     * pipeline). Each column's bits stay in one core's cache; only a row's bits (a few
     * hundred bytes) pass from one thread to the next, once per row. (The earlier row
     * wavefront, alternate rows per thread, moved every column's bits between the cores on
     * every row, and was slower than one thread on tables of 1,000 to 3,000 rows.) */
    if (threads > 1 && s->Y >= (int64_t)threads * BAND_MIN_COLUMNS && x1 - x0 >= 2 * threads) {
        enum { PAD = 8 };  /* one counter per 64-byte line */
        int64_t *done = calloc((size_t)threads * PAD, sizeof(int64_t));
        if (done) {
            for (int t = 0; t < threads; t++) done[t * PAD] = x0 - 1;
            const int64_t Y = s->Y;
#pragma omp parallel num_threads(threads)
            {
                int t = omp_get_thread_num(), n = omp_get_num_threads();
                int64_t y0 = 1 + Y * t / n, y1 = Y * (t + 1) / n;
                const int64_t *before = t ? &done[(t - 1) * PAD] : NULL;
                for (int64_t x = x0; x < x1; x++) {
                    if (before) {
                        for (int spins = 0; __atomic_load_n(before, __ATOMIC_ACQUIRE) < x; spins++) {
                            /* spin briefly, then give the core away (a busy machine would
                               otherwise stall the pipeline behind a descheduled thread) */
                            if (spins < 256) {
#if defined(__x86_64__) || defined(__i386__)
                                __builtin_ia32_pause();
#endif
                            } else {
                                sched_yield();
                            }
                        }
                    }
                    end_band_row(s, x, y0, y1);
                    __atomic_store_n(&done[t * PAD], x, __ATOMIC_RELEASE);
                }
            }
            free(done);
            return;
        }
    }
#endif
    (void)threads;
    for (int64_t x = x0; x < x1; x++) end_row(s, x);
}

static void run_rows_muller(State *s, int64_t x0, int64_t x1) {
    const int64_t W = s->W, X = s->X, Y = s->Y;
    int32_t *const sp = s->scratch, *const sq = s->scratch + (Y + 1);
    for (int64_t x = x0; x < x1; x++) {
        uint64_t *const rb = s->rowbits + x * W;
        int64_t rm = s->rowlow[x];
        int32_t *const outp = s->full[0] ? s->full[0] + x * (Y + 1) : sp;
        int32_t *const outq = s->full[1] ? s->full[1] + x * (Y + 1) : sq;
        for (int64_t y = 1; y <= Y; y++) {
            uint64_t *const cb = s->colbits + y * W;
            int64_t p = advance(cb, &s->collow[y]);
            while (test_bit(rb, rm)) rm++;
            int64_t q = rm;
            set_bit(cb, p); set_bit(cb, q);
            set_bit(rb, p); set_bit(rb, q);
            outp[y] = (int32_t)p;
            outq[y] = (int32_t)q;
        }
        s->rowlow[x] = rm;
        s->out_col[0][x] = outp[Y];
        s->out_col[1][x] = outq[Y];
        if (x == X) {
            memcpy(s->out_row[0] + 1, outp + 1, Y * 4);
            memcpy(s->out_row[1] + 1, outq + 1, Y * 4);
        }
    }
}

static void run_rows_partizan(State *s, int64_t x0, int64_t x1) {
    const int64_t X = s->X, Y = s->Y;
    uint8_t *const colflag = s->colflag;
    for (int64_t x = x0; x < x1; x++) {
        int rw = s->rowflag[x];
        int32_t *const out = s->full[0] ? s->full[0] + x * (Y + 1) : s->scratch;
        for (int64_t y = 1; y <= Y; y++) {
            int lw = colflag[y];
            colflag[y] = lw | !rw;
            out[y] = lw | (rw << 1);
            rw |= !lw;  /* Right's row flag: some y' <= y with Left losing moving first */
        }
        s->rowflag[x] = rw;
        s->out_col[0][x] = out[Y];
        if (x == X) memcpy(s->out_row[0] + 1, out + 1, Y * 4);
    }
}

/* ------------------------------------------------------------------- restricted takes */

/* The next stamp of a state's seen-array (cleared when the stamps wrap). */
static inline uint32_t next_stamp(State *s) {
    if (++s->stamp == 0) {
        memset(s->mark, 0, (size_t)(s->maxv + 2) * sizeof(uint32_t));
        s->stamp = 1;
    }
    return s->stamp;
}

/* mex of the n values at v(i), i < n: a 64-bit word when n < 64, else the stamped array. */
#define MASKED_MEX(n, VALUE_I, out)                                                            \
    do {                                                                                       \
        if ((n) < 64) {                                                                        \
            uint64_t seen_ = 0;                                                                \
            for (int64_t i = 0; i < (n); i++) {                                                \
                uint64_t v_ = (uint64_t)(int64_t)(VALUE_I);                                    \
                seen_ |= v_ < 64 ? 1ULL << v_ : 0;                                             \
            }                                                                                  \
            (out) = __builtin_ctzll(~seen_);                                                   \
        } else {                                                                               \
            uint32_t st_ = next_stamp(s);                                                      \
            for (int64_t i = 0; i < (n); i++) {                                                \
                uint64_t v_ = (uint64_t)(int64_t)(VALUE_I);                                    \
                if (v_ <= (uint64_t)(n)) mark[v_] = st_;                                       \
            }                                                                                  \
            int64_t m_ = 0;                                                                    \
            while (mark[m_] == st_) m_++;                                                      \
            (out) = m_;                                                                        \
        }                                                                                      \
    } while (0)

/* END with restricted takes: T[x][y] = mex({T[x'][y] : x' in A(x)} ∪ {T[x][y'] : y' in A(y)}). */
static void run_rows_end_masked(State *s, int64_t x0, int64_t x1) {
    const int64_t Y = s->Y, L = Y + 1;
    const int32_t *const toff = s->toff, *const tsz = s->tsz;
    int32_t *const T = s->full[0];
    uint32_t *const mark = s->mark;
    for (int64_t x = x0; x < x1; x++) {
        const int32_t *const ax = tsz + toff[x];
        const int64_t nx = toff[x + 1] - toff[x];
        int32_t *const row = T + x * L;
        for (int64_t y = 1; y <= Y; y++) {
            const int32_t *const ay = tsz + toff[y];
            const int64_t ny = toff[y + 1] - toff[y], n = nx + ny;
            int64_t v;
            MASKED_MEX(n, i < nx ? T[ax[i] * L + y] : row[ay[i - nx]], v);
            row[y] = (int32_t)v;
        }
        s->out_col[0][x] = row[Y];
        if (x == s->X) memcpy(s->out_row[0] + 1, row + 1, Y * 4);
    }
}

/* MULLER with restricted takes: P[x][y] = mex({P[x'][y], Q[x'][y] : x' in A(x)}),
 * Q[x][y] = mex({Q[x][y'], P[x][y'] : y' in A(y)}). */
static void run_rows_muller_masked(State *s, int64_t x0, int64_t x1) {
    const int64_t Y = s->Y, L = Y + 1;
    const int32_t *const toff = s->toff, *const tsz = s->tsz;
    int32_t *const P = s->full[0], *const Q = s->full[1];
    uint32_t *const mark = s->mark;
    for (int64_t x = x0; x < x1; x++) {
        const int32_t *const ax = tsz + toff[x];
        const int64_t nx = toff[x + 1] - toff[x];
        int32_t *const prow = P + x * L, *const qrow = Q + x * L;
        for (int64_t y = 1; y <= Y; y++) {
            const int32_t *const ay = tsz + toff[y];
            const int64_t ny = toff[y + 1] - toff[y];
            int64_t p, q;
            MASKED_MEX(2 * nx, (i & 1 ? Q : P)[ax[i >> 1] * L + y], p);
            MASKED_MEX(2 * ny, (i & 1 ? prow : qrow)[ay[i >> 1]], q);
            prow[y] = (int32_t)p;
            qrow[y] = (int32_t)q;
        }
        s->out_col[0][x] = prow[Y];
        s->out_col[1][x] = qrow[Y];
        if (x == s->X) {
            memcpy(s->out_row[0] + 1, prow + 1, Y * 4);
            memcpy(s->out_row[1] + 1, qrow + 1, Y * 4);
        }
    }
}

/* PARTIZAN with restricted takes: LW[x][y] = ∃ x' in A(x): ¬RW[x'][y];
 * RW[x][y] = ∃ y' in A(y): ¬LW[x][y']. */
static void run_rows_partizan_masked(State *s, int64_t x0, int64_t x1) {
    const int64_t Y = s->Y, L = Y + 1;
    const int32_t *const toff = s->toff, *const tsz = s->tsz;
    int32_t *const T = s->full[0];
    for (int64_t x = x0; x < x1; x++) {
        const int32_t *const ax = tsz + toff[x], *const ex = tsz + toff[x + 1];
        int32_t *const row = T + x * L;
        for (int64_t y = 1; y <= Y; y++) {
            int lw = 0, rw = 0;
            for (const int32_t *a = ax; a < ex && !lw; a++) lw = !((T[*a * L + y] >> 1) & 1);
            for (const int32_t *a = tsz + toff[y], *e = tsz + toff[y + 1]; a < e && !rw; a++)
                rw = !(row[*a] & 1);
            row[y] = lw | (rw << 1);
        }
        s->out_col[0][x] = row[Y];
        if (x == s->X) memcpy(s->out_row[0] + 1, row + 1, Y * 4);
    }
}

static void run_rows(State *s, int64_t x0, int64_t x1, int threads) {
    if (s->toff) {
        switch (s->family) {
        case FAMILY_END: run_rows_end_masked(s, x0, x1); break;
        case FAMILY_MULLER: run_rows_muller_masked(s, x0, x1); break;
        default: run_rows_partizan_masked(s, x0, x1); break;
        }
        return;
    }
    switch (s->family) {
    case FAMILY_END: run_rows_end(s, x0, x1, threads); break;
    case FAMILY_MULLER: run_rows_muller(s, x0, x1); break;
    default: run_rows_partizan(s, x0, x1); break;
    }
}

/* ------------------------------------------------------------------------ state creation */

static int get_int32_buffer(PyObject *obj, Py_buffer *view, int64_t need, const char *what) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view->itemsize != 4 || view->len / 4 < need) {
        PyErr_Format(PyExc_ValueError, "%s must be int32 with at least %lld items", what,
                     (long long)need);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* Allocate a state for one table and load its borders. rows[t] has Y+1 items (row 0 of table t),
 * cols[t] has X+1 items (column 0); full[t] (nullable) receives the whole table t.
 * Returns NULL when out of memory. */
static State *state_setup(int family, int64_t X, int64_t Y, const int32_t *const rows[2],
                          const int32_t *const cols[2], int32_t *const full[2],
                          const int32_t *toff, const int32_t *tsz) {
    int ntab = family == FAMILY_MULLER ? 2 : 1;
    State *s = calloc(1, sizeof(State));
    if (!s) return NULL;
    s->family = family; s->X = X; s->Y = Y;
    s->toff = toff; s->tsz = toff ? tsz : NULL;
    if (family == FAMILY_END) s->maxv = X + Y;
    else if (family == FAMILY_MULLER) s->maxv = 2 * (X > Y ? X : Y) + 2;
    else s->maxv = 3;
    s->W = s->maxv / 64 + 2;
    /* a small END table reads small_words() words of each set at once: one more for slack */
    if (family == FAMILY_END && small_words(s->maxv)) s->W = small_words(s->maxv) + 1;
    s->SW = s->W / 64 + 2;
    int ok = 1;
    for (int t = 0; t < ntab; t++) {
        s->out_row[t] = calloc(Y + 1, 4);
        s->out_col[t] = calloc(X + 1, 4);
        ok = ok && s->out_row[t] && s->out_col[t];
        s->full[t] = full ? full[t] : NULL;
    }
    s->scratch = calloc(2 * (Y + 1), 4);
    ok = ok && s->scratch;
    if (toff) {  /* restricted takes: whole tables and a seen-array, no bitsets */
        for (int t = 0; t < ntab && ok; t++) {
            if (!s->full[t]) {
                s->own[t] = malloc((size_t)(X + 1) * (Y + 1) * 4);
                s->full[t] = s->own[t];
                ok = ok && s->own[t];
            }
        }
        s->mark = calloc((size_t)s->maxv + 2, sizeof(uint32_t));
        ok = ok && s->mark;
    } else if (family == FAMILY_PARTIZAN) {
        s->rowflag = calloc(X + 1, 1);
        s->colflag = calloc(Y + 1, 1);
        ok = ok && s->rowflag && s->colflag;
    } else {
        s->rowbits = calloc((size_t)(X + 1) * s->W, 8);
        s->rowlow = calloc(X + 1, 8);
        ok = ok && s->rowbits && s->rowlow;
        if (family == FAMILY_MULLER) {
            s->colbits = calloc((size_t)(Y + 1) * s->W, 8);
            s->collow = calloc(Y + 1, 8);
            ok = ok && s->colbits && s->collow;
        }
        if (family == FAMILY_END) {
            s->rowfull = calloc((size_t)(X + 1) * s->SW, 8);
            s->CS = 1 + s->SW + s->W;
            s->colblock = calloc((size_t)(Y + 1) * s->CS, 8);
            ok = ok && s->rowfull && s->colblock;
        }
    }
    if (!ok) { state_free(s); return NULL; }
    const int32_t *r0 = rows[0], *c0 = cols[0];
    if (toff) {
        /* the borders are read from the whole tables, filled below */
    } else if (family == FAMILY_END) {
        for (int64_t y = 1; y <= Y; y++) {
            uint64_t *col = s->colblock + y * s->CS;
            int64_t low = 0;
            end_insert(s, col + 1 + s->SW, col + 1, &low, r0[y]);
            col[0] = (uint64_t)low;
        }
        for (int64_t x = 1; x <= X; x++)
            end_insert(s, s->rowbits + x * s->W, s->rowfull + x * s->SW, &s->rowlow[x], c0[x]);
    } else if (family == FAMILY_MULLER) {
        /* P[x][y] sees P[0][y] = value(w·y) and Q[0][y] = value(y·wᵀ) (the two removals);
           Q[x][y] sees P[x][0] = value(x·w) and Q[x][0] = value(wᵀ·x). */
        for (int64_t y = 1; y <= Y; y++) {
            muller_insert(s, s->colbits + y * s->W, rows[0][y]);
            muller_insert(s, s->colbits + y * s->W, rows[1][y]);
        }
        for (int64_t x = 1; x <= X; x++) {
            muller_insert(s, s->rowbits + x * s->W, cols[0][x]);
            muller_insert(s, s->rowbits + x * s->W, cols[1][x]);
        }
    } else {
        for (int64_t y = 1; y <= Y; y++) s->colflag[y] = !((r0[y] >> 1) & 1);
        for (int64_t x = 1; x <= X; x++) s->rowflag[x] = !(c0[x] & 1);
    }
    for (int t = 0; t < ntab; t++) {
        s->out_row[t][0] = cols[t][X];
        s->out_col[t][0] = rows[t][Y];
        if (s->full[t]) {
            for (int64_t y = 0; y <= Y; y++) s->full[t][y] = rows[t][y];
            for (int64_t x = 1; x <= X; x++) s->full[t][x * (Y + 1)] = cols[t][x];
        }
    }
    s->next = 1;
    s->last = X;
    if (Y == 0) s->next = s->last + 1;
    return s;
}

/* Restricted takes from Python: None, or (offsets, sizes), int32 buffers: the new sizes a pile
 * of p coins may take are sizes[offsets[p] .. offsets[p+1]-1]. The lists of piles 0..largest
 * are checked (offsets non-decreasing and within sizes, each size below its pile), so a wrong
 * list is a ValueError and never a read out of bounds. */
typedef struct {
    Py_buffer off, sz;
    int got;
} Takes;

static void release_takes(Takes *t) {
    if (t->got) { PyBuffer_Release(&t->off); PyBuffer_Release(&t->sz); }
    t->got = 0;
}

static int get_takes(PyObject *obj, Takes *t, int64_t largest) {
    t->got = 0;
    if (obj == NULL || obj == Py_None) return 0;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2) {
        PyErr_SetString(PyExc_ValueError, "takes must be None or (offsets, sizes)");
        return -1;
    }
    if (get_int32_buffer(PyTuple_GET_ITEM(obj, 0), &t->off, largest + 2, "take offsets") < 0)
        return -1;
    if (get_int32_buffer(PyTuple_GET_ITEM(obj, 1), &t->sz, 0, "take sizes") < 0) {
        PyBuffer_Release(&t->off);
        return -1;
    }
    t->got = 1;
    const int32_t *o = t->off.buf, *z = t->sz.buf;
    const int64_t nz = t->sz.len / 4;
    int bad = o[0] != 0;
    for (int64_t p = 0; p <= largest && !bad; p++) {
        if (o[p + 1] < o[p] || o[p + 1] > nz) { bad = 1; break; }
        for (int64_t k = o[p]; k < o[p + 1]; k++)
            if (z[k] < 0 || z[k] >= p) { bad = 1; break; }
    }
    if (bad) {
        release_takes(t);
        PyErr_SetString(PyExc_ValueError, "takes: bad offsets or a size not below its pile");
        return -1;
    }
    return 0;
}

static inline const int32_t *takes_off(const Takes *t) { return t->got ? t->off.buf : NULL; }
static inline const int32_t *takes_sz(const Takes *t) { return t->got ? t->sz.buf : NULL; }

/* new_state(family, X, Y, rows, cols, fulls)
 *   rows: tuple of int32 buffers, each Y+1 long: row 0 of each table (END/PARTIZAN: 1, MULLER: 2)
 *   cols: tuple of int32 buffers, each X+1 long: column 0 of each table
 *   fulls: None or a tuple of writable int32 buffers (X+1)*(Y+1) to receive whole tables
 */
static PyObject *new_state(PyObject *self, PyObject *args) {
    int family;
    long long X, Y;
    PyObject *rows, *cols, *fulls, *takes = Py_None;
    if (!PyArg_ParseTuple(args, "iLLO!O!O|O", &family, &X, &Y, &PyTuple_Type, &rows,
                          &PyTuple_Type, &cols, &fulls, &takes))
        return NULL;
    if (family < 0 || family > 2 || X < 0 || Y < 0) {
        PyErr_SetString(PyExc_ValueError, "bad family or table size");
        return NULL;
    }
    int ntab = family == FAMILY_MULLER ? 2 : 1;
    if (PyTuple_GET_SIZE(rows) != ntab || PyTuple_GET_SIZE(cols) != ntab ||
        (fulls != Py_None && (!PyTuple_Check(fulls) || PyTuple_GET_SIZE(fulls) != ntab))) {
        PyErr_SetString(PyExc_ValueError, "wrong number of border or table arrays");
        return NULL;
    }
    Py_buffer rv[2], cv[2], fv[2];
    Takes tk = {.got = 0};
    int got = 0, gotf = 0;
    const int32_t *rp[2] = {NULL, NULL}, *cp[2] = {NULL, NULL};
    int32_t *fp[2] = {NULL, NULL};
    State *s = NULL;
    for (int t = 0; t < ntab; t++) {
        if (get_int32_buffer(PyTuple_GET_ITEM(rows, t), &rv[t], Y + 1, "row border") < 0) goto done;
        if (get_int32_buffer(PyTuple_GET_ITEM(cols, t), &cv[t], X + 1, "column border") < 0) {
            PyBuffer_Release(&rv[t]);
            goto done;
        }
        got = t + 1;
        rp[t] = rv[t].buf; cp[t] = cv[t].buf;
    }
    if (fulls != Py_None) {
        for (int t = 0; t < ntab; t++) {
            if (PyObject_GetBuffer(PyTuple_GET_ITEM(fulls, t), &fv[t],
                                   PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
                goto done;
            gotf = t + 1;
            if (fv[t].len < (Py_ssize_t)((X + 1) * (Y + 1) * 4)) {
                PyErr_SetString(PyExc_ValueError, "full table buffer too small");
                goto done;
            }
            fp[t] = fv[t].buf;
        }
    }
    if (get_takes(takes, &tk, X > Y ? X : Y) < 0) goto done;
    s = state_setup(family, X, Y, rp, cp, fulls == Py_None ? NULL : fp, takes_off(&tk),
                    takes_sz(&tk));
    if (!s) { PyErr_NoMemory(); goto done; }
    if (tk.got) {  /* the state reads the lists: keep them alive (and unchanged) */
        s->takes_obj = takes;
        Py_INCREF(takes);
    }
    for (int t = 0; t < gotf; t++) {   /* the state writes into these: keep them alive */
        s->full_obj[t] = PyTuple_GET_ITEM(fulls, t);
        Py_INCREF(s->full_obj[t]);
    }
done:
    for (int t = 0; t < got; t++) { PyBuffer_Release(&rv[t]); PyBuffer_Release(&cv[t]); }
    for (int t = 0; t < gotf; t++) PyBuffer_Release(&fv[t]);
    release_takes(&tk);
    if (!s) return NULL;
    if (PyErr_Occurred()) { state_free(s); return NULL; }
    return PyCapsule_New(s, "endnim.State", capsule_destructor);
}

/* batch(family, n, X, Y, rows, cols, fulls, threads): n independent tables of one size.
 *   rows: int32 (n, ntab, Y+1); cols: int32 (n, ntab, X+1); fulls: int32 (n, ntab, X+1, Y+1).
 * Tables are shared among the threads; each is computed row by row. */
static PyObject *batch(PyObject *self, PyObject *args) {
    int family, threads;
    long long n, X, Y;
    PyObject *rows, *cols, *fulls, *takes = Py_None;
    if (!PyArg_ParseTuple(args, "iLLLOOOi|O", &family, &n, &X, &Y, &rows, &cols, &fulls, &threads,
                          &takes))
        return NULL;
    if (family < 0 || family > 2 || n < 0 || X < 0 || Y < 0) {
        PyErr_SetString(PyExc_ValueError, "bad batch arguments");
        return NULL;
    }
    int ntab = family == FAMILY_MULLER ? 2 : 1;
    Py_buffer rv, cv, fv;
    if (get_int32_buffer(rows, &rv, n * ntab * (Y + 1), "rows") < 0) return NULL;
    if (get_int32_buffer(cols, &cv, n * ntab * (X + 1), "cols") < 0) {
        PyBuffer_Release(&rv);
        return NULL;
    }
    if (PyObject_GetBuffer(fulls, &fv, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0 ||
        fv.len < (Py_ssize_t)(n * ntab * (X + 1) * (Y + 1) * 4)) {
        if (!PyErr_Occurred()) {
            PyBuffer_Release(&fv);
            PyErr_SetString(PyExc_ValueError, "fulls buffer too small");
        }
        PyBuffer_Release(&rv); PyBuffer_Release(&cv);
        return NULL;
    }
    Takes tk;
    if (get_takes(takes, &tk, X > Y ? X : Y) < 0) {
        PyBuffer_Release(&rv); PyBuffer_Release(&cv); PyBuffer_Release(&fv);
        return NULL;
    }
    const int32_t *toff = takes_off(&tk), *tsz = takes_sz(&tk);
    const int32_t *R = rv.buf, *C = cv.buf;
    int32_t *F = fv.buf;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads > 0 ? threads : 1) schedule(dynamic, 16) reduction(| : failed)
#endif
    for (int64_t i = 0; i < n; i++) {
        const int32_t *rp[2], *cp[2];
        int32_t *fp[2];
        for (int t = 0; t < ntab; t++) {
            rp[t] = R + (i * ntab + t) * (Y + 1);
            cp[t] = C + (i * ntab + t) * (X + 1);
            fp[t] = F + (i * ntab + t) * (X + 1) * (Y + 1);
        }
        State *s = state_setup(family, X, Y, rp, cp, fp, toff, tsz);
        if (!s) { failed = 1; continue; }
        run_rows(s, s->next, s->last + 1, 1);
        state_free(s);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&rv); PyBuffer_Release(&cv); PyBuffer_Release(&fv);
    release_takes(&tk);
    if (failed) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* run(state, steps, threads) -> rows left: compute up to `steps` more rows. */
static PyObject *run(PyObject *self, PyObject *args) {
    PyObject *capsule;
    long long steps;
    int threads;
    if (!PyArg_ParseTuple(args, "OLi", &capsule, &steps, &threads)) return NULL;
    State *s = (State *)PyCapsule_GetPointer(capsule, "endnim.State");
    if (!s) return NULL;
    int64_t a = s->next, b = s->next + steps;
    if (b > s->last + 1) b = s->last + 1;
    Py_BEGIN_ALLOW_THREADS
    run_rows(s, a, b, threads);
    Py_END_ALLOW_THREADS
    s->next = b;
    return PyLong_FromLongLong((long long)(s->last + 1 - s->next));
}

/* row(family, piles, base, out_rows, out_cols, fulls): a whole row in one call, for rows small
 * enough that nothing is shared between threads and no progress is shown (solve_row's small
 * path). The same levels as solve_row's loop: level 0 are the tables of neighbouring piles,
 * with the lone-pile values `base` (int32, at least max(piles) + 1 items) as borders; level L's
 * table i takes the last row of level L-1's table i+1 and the last column of its table i.
 * out_rows[t] (piles[-1] + 1 items) and out_cols[t] (piles[0] + 1) receive the last row and
 * column of the final table; fulls (None or ntab buffers) the whole final table. */
static PyObject *row(PyObject *self, PyObject *args) {
    int family;
    PyObject *piles_obj, *base_obj, *rows, *cols, *fulls, *takes = Py_None;
    if (!PyArg_ParseTuple(args, "iO!OO!O!O|O", &family, &PyTuple_Type, &piles_obj, &base_obj,
                          &PyTuple_Type, &rows, &PyTuple_Type, &cols, &fulls, &takes))
        return NULL;
    const int64_t k = PyTuple_GET_SIZE(piles_obj);
    const int ntab = family == FAMILY_MULLER ? 2 : 1;
    if (family < 0 || family > 2 || k < 2 || PyTuple_GET_SIZE(rows) != ntab ||
        PyTuple_GET_SIZE(cols) != ntab ||
        (fulls != Py_None && (!PyTuple_Check(fulls) || PyTuple_GET_SIZE(fulls) != ntab))) {
        PyErr_SetString(PyExc_ValueError, "bad row arguments");
        return NULL;
    }
    int64_t *piles = malloc(k * sizeof(int64_t));
    State **level = calloc(k, sizeof(State *)), **next = calloc(k, sizeof(State *));
    uint8_t *owned = calloc(k, 1), *next_owned = calloc(k, 1);
    Py_buffer bv, rv[2], cv[2], fv[2];
    Takes tk = {.got = 0};
    int got_base = 0, got = 0, gotf = 0, failed = 0;
    if (!piles || !level || !next || !owned || !next_owned) { PyErr_NoMemory(); goto done; }
    int64_t largest = 0;
    for (int64_t i = 0; i < k; i++) {
        long long p = PyLong_AsLongLong(PyTuple_GET_ITEM(piles_obj, i));
        if (p == -1 && PyErr_Occurred()) goto done;
        if (p < 0) { PyErr_SetString(PyExc_ValueError, "negative pile"); goto done; }
        piles[i] = p;
        if (p > largest) largest = p;
    }
    if (get_int32_buffer(base_obj, &bv, largest + 1, "base") < 0) goto done;
    got_base = 1;
    if (get_takes(takes, &tk, largest) < 0) goto done;
    const int64_t X = piles[0], Y = piles[k - 1];
    for (int t = 0; t < ntab; t++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(rows, t), &rv[t], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
            goto done;
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(cols, t), &cv[t], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
            PyBuffer_Release(&rv[t]);
            goto done;
        }
        got = t + 1;
        if (rv[t].len < (Y + 1) * 4 || cv[t].len < (X + 1) * 4) {
            PyErr_SetString(PyExc_ValueError, "output buffer too small");
            goto done;
        }
    }
    int32_t *fp[2] = {NULL, NULL};
    if (fulls != Py_None) {
        for (int t = 0; t < ntab; t++) {
            if (PyObject_GetBuffer(PyTuple_GET_ITEM(fulls, t), &fv[t],
                                   PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
                goto done;
            gotf = t + 1;
            if (fv[t].len < (Py_ssize_t)((X + 1) * (Y + 1) * 4)) {
                PyErr_SetString(PyExc_ValueError, "full table buffer too small");
                goto done;
            }
            fp[t] = fv[t].buf;
        }
    }
    const int32_t *base = bv.buf;
    Py_BEGIN_ALLOW_THREADS
    for (int64_t lv = 0; lv < k - 1 && !failed; lv++) {
        const int64_t count = k - 1 - lv;
        for (int64_t i = 0; i < count && !failed; i++) {
            const int32_t *rp[2], *cp[2];
            for (int t = 0; t < ntab; t++) {
                rp[t] = lv == 0 ? base : level[i + 1]->out_row[t];
                cp[t] = lv == 0 ? base : level[i]->out_col[t];
            }
            /* a run of equal piles repeats its tables: table i is table i-1 when the piles
               i-1 .. i+lv+1 are all equal (solve_row's loop dedupes them the same way) */
            int same = i > 0;
            for (int64_t m = i; same && m <= i + lv + 1; m++) same = piles[m] == piles[i - 1];
            if (same) { next[i] = next[i - 1]; next_owned[i] = 0; continue; }
            State *st = state_setup(family, piles[i], piles[i + lv + 1], rp, cp,
                                    lv == k - 2 && fp[0] ? fp : NULL, takes_off(&tk),
                                    takes_sz(&tk));
            if (!st) { failed = 1; break; }
            run_rows(st, st->next, st->last + 1, 1);
            state_shrink(st);  /* only its last row and column are needed from here on */
            next[i] = st;
            next_owned[i] = 1;
        }
        for (int64_t i = 0; i < count + 1; i++) {
            if (owned[i]) state_free(level[i]);
            level[i] = NULL;
            owned[i] = 0;
        }
        State **swap = level; level = next; next = swap;
        uint8_t *swap_owned = owned; owned = next_owned; next_owned = swap_owned;
    }
    if (!failed) {
        for (int t = 0; t < ntab; t++) {
            memcpy(rv[t].buf, level[0]->out_row[t], (Y + 1) * 4);
            memcpy(cv[t].buf, level[0]->out_col[t], (X + 1) * 4);
        }
    }
    Py_END_ALLOW_THREADS
    if (failed) PyErr_NoMemory();
done:
    if (level && owned) for (int64_t i = 0; i < k; i++) if (owned[i]) state_free(level[i]);
    if (next && next_owned) for (int64_t i = 0; i < k; i++) if (next_owned[i]) state_free(next[i]);
    free(level); free(next); free(owned); free(next_owned); free(piles);
    if (got_base) PyBuffer_Release(&bv);
    release_takes(&tk);
    for (int t = 0; t < got; t++) { PyBuffer_Release(&rv[t]); PyBuffer_Release(&cv[t]); }
    for (int t = 0; t < gotf; t++) PyBuffer_Release(&fv[t]);
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE;
}

/* outputs(state, rows, cols): copy last rows (Y+1) and last columns (X+1) into int32 buffers. */
static PyObject *outputs(PyObject *self, PyObject *args) {
    PyObject *capsule, *rows, *cols;
    if (!PyArg_ParseTuple(args, "OO!O!", &capsule, &PyTuple_Type, &rows, &PyTuple_Type, &cols))
        return NULL;
    State *s = (State *)PyCapsule_GetPointer(capsule, "endnim.State");
    if (!s) return NULL;
    int ntab = s->family == FAMILY_MULLER ? 2 : 1;
    if (PyTuple_GET_SIZE(rows) != ntab || PyTuple_GET_SIZE(cols) != ntab) {
        PyErr_SetString(PyExc_ValueError, "wrong number of output arrays");
        return NULL;
    }
    for (int t = 0; t < ntab; t++) {
        Py_buffer rv, cv;
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(rows, t), &rv, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
            return NULL;
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(cols, t), &cv, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
            PyBuffer_Release(&rv);
            return NULL;
        }
        if (rv.len < (s->Y + 1) * 4 || cv.len < (s->X + 1) * 4) {
            PyBuffer_Release(&rv); PyBuffer_Release(&cv);
            PyErr_SetString(PyExc_ValueError, "output buffer too small");
            return NULL;
        }
        memcpy(rv.buf, s->out_row[t], (s->Y + 1) * 4);
        memcpy(cv.buf, s->out_col[t], (s->X + 1) * 4);
        PyBuffer_Release(&rv); PyBuffer_Release(&cv);
    }
    Py_RETURN_NONE;
}

/* sweep_chunk(family, n, H, rows, cols, out, counts, threads) -> largest value
 *   n independent tables of size (H+1) x (H+1), as batch() computes them, but keeping only
 *   table 0 (the values; Muller's second table is dropped) and stored compactly:
 *   rows: int32 (n, ntab, H+1); cols: int32 (n, ntab, H+1);
 *   out: writable (n, H+1, H+1) of unsigned 8-bit, unsigned 16-bit or int32 items (its format);
 *   counts: writable int64 (m): histogram of the cells x, y >= 1 of each table 0 is ADDED to it.
 * Each thread keeps one table of int32 scratch; nothing else is allocated per table. A value
 * that does not fit `out` or `counts` raises OverflowError. Sweeps use it (endnim.sweep). */
static PyObject *sweep_chunk(PyObject *self, PyObject *args) {
    int family, threads;
    long long n, H;
    PyObject *rows, *cols, *out, *counts, *takes = Py_None;
    if (!PyArg_ParseTuple(args, "iLLOOOOi|O", &family, &n, &H, &rows, &cols, &out, &counts,
                          &threads, &takes))
        return NULL;
    if (family < 0 || family > 2 || n < 0 || H < 0) {
        PyErr_SetString(PyExc_ValueError, "bad sweep_chunk arguments");
        return NULL;
    }
    const int ntab = family == FAMILY_MULLER ? 2 : 1;
    const int64_t side = H + 1, cells = side * side;
    Py_buffer rv, cv, ov, hv;
    if (get_int32_buffer(rows, &rv, n * ntab * side, "rows") < 0) return NULL;
    if (get_int32_buffer(cols, &cv, n * ntab * side, "cols") < 0) {
        PyBuffer_Release(&rv);
        return NULL;
    }
    if (PyObject_GetBuffer(out, &ov, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&rv); PyBuffer_Release(&cv);
        return NULL;
    }
    if (PyObject_GetBuffer(counts, &hv, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&rv); PyBuffer_Release(&cv); PyBuffer_Release(&ov);
        return NULL;
    }
    const char *of = ov.format ? ov.format : "B";
    if (*of == '<' || *of == '=' || *of == '@') of++;
    int kind = -1;  /* 0: uint8, 1: uint16, 2: int32 */
    if (ov.itemsize == 1 && (*of == 'B')) kind = 0;
    else if (ov.itemsize == 2 && (*of == 'H')) kind = 1;
    else if (ov.itemsize == 4 && (*of == 'i' || *of == 'l')) kind = 2;
    const int64_t nbins = hv.len / 8;
    if (kind < 0 || ov.len < (Py_ssize_t)(n * cells * ov.itemsize) || hv.itemsize != 8 ||
        nbins < 1) {
        PyBuffer_Release(&rv); PyBuffer_Release(&cv); PyBuffer_Release(&ov); PyBuffer_Release(&hv);
        PyErr_SetString(PyExc_ValueError,
                        "sweep_chunk: out must be uint8, uint16 or int32 with n*(H+1)^2 items "
                        "and counts int64");
        return NULL;
    }
    Takes tk;
    if (get_takes(takes, &tk, H) < 0) {
        PyBuffer_Release(&rv); PyBuffer_Release(&cv); PyBuffer_Release(&ov); PyBuffer_Release(&hv);
        return NULL;
    }
    const int32_t *toff = takes_off(&tk), *tsz = takes_sz(&tk);
    const int64_t limit = kind == 0 ? 0xFF : kind == 1 ? 0xFFFF : 0x7FFFFFFF;
    const int32_t *R = rv.buf, *C = cv.buf;
    int64_t *hist = hv.buf;
    int failed = 0;   /* 1: out of memory, 2: a value does not fit */
    int64_t top = -1;
    Py_BEGIN_ALLOW_THREADS
#ifdef _OPENMP
#pragma omp parallel num_threads(threads > 0 ? threads : 1) reduction(| : failed) reduction(max : top)
#endif
    {
        int32_t *scratch = malloc((size_t)ntab * cells * 4);
        int64_t *local = calloc((size_t)nbins, 8);
        int bad = !scratch || !local;
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 64)
#endif
        for (int64_t i = 0; i < n; i++) {
            if (bad) continue;
            const int32_t *rp[2], *cp[2];
            int32_t *fp[2];
            for (int t = 0; t < ntab; t++) {
                rp[t] = R + (i * ntab + t) * side;
                cp[t] = C + (i * ntab + t) * side;
                fp[t] = scratch + t * cells;
            }
            State *s = state_setup(family, H, H, rp, cp, fp, toff, tsz);
            if (!s) { bad = 1; continue; }
            run_rows(s, s->next, s->last + 1, 1);
            state_free(s);
            const int32_t *table = scratch;
            for (int64_t c = 0; c < cells; c++) {
                int64_t v = table[c];
                if (v < 0 || v > limit) { failed |= 2; v = 0; }
                if (v > top) top = v;
                if (c >= side && c % side) {   /* x >= 1 and y >= 1: a position */
                    if (v < nbins) local[v]++;
                    else failed |= 2;
                }
                if (kind == 0) ((uint8_t *)ov.buf)[i * cells + c] = (uint8_t)v;
                else if (kind == 1) ((uint16_t *)ov.buf)[i * cells + c] = (uint16_t)v;
                else ((int32_t *)ov.buf)[i * cells + c] = (int32_t)v;
            }
        }
        if (bad) failed |= 1;
        if (local) {
#ifdef _OPENMP
#pragma omp critical
#endif
            for (int64_t b = 0; b < nbins; b++) hist[b] += local[b];
        }
        free(scratch);
        free(local);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&rv); PyBuffer_Release(&cv); PyBuffer_Release(&ov); PyBuffer_Release(&hv);
    release_takes(&tk);
    if (failed & 1) return PyErr_NoMemory();
    if (failed & 2) {
        PyErr_SetString(PyExc_OverflowError, "sweep_chunk: a value does not fit out or counts");
        return NULL;
    }
    return PyLong_FromLongLong((long long)top);
}

/* set_small_rows(on) -> previous: whether small END tables take the register rows (default on).
 * For tests: with it off, every table takes the general row, and the two must agree. */
static PyObject *set_small_rows(PyObject *self, PyObject *args) {
    int on;
    if (!PyArg_ParseTuple(args, "p", &on)) return NULL;
    int previous = small_rows;
    small_rows = on;
    return PyBool_FromLong(previous);
}

static PyObject *have_openmp(PyObject *self, PyObject *args) {
#ifdef _OPENMP
    Py_RETURN_TRUE;
#else
    Py_RETURN_FALSE;
#endif
}

static PyMethodDef methods[] = {
    {"new_state", new_state, METH_VARARGS, "Create the state of one table."},
    {"batch", batch, METH_VARARGS, "Compute many small tables of one size, in parallel."},
    {"row", row, METH_VARARGS, "Compute a whole small row from the lone-pile values."},
    {"run", run, METH_VARARGS, "Compute up to n more rows; returns how many are left."},
    {"outputs", outputs, METH_VARARGS, "Copy the last row and column of each table."},
    {"sweep_chunk", sweep_chunk, METH_VARARGS,
     "Compute many small tables; keep table 0 compactly and count its values."},
    {"set_small_rows", set_small_rows, METH_VARARGS,
     "Whether small End-Nim tables take the register rows; returns the previous setting."},
    {"have_openmp", have_openmp, METH_NOARGS, "Whether the kernels were built with OpenMP."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernels",
                                    "endnim's compiled interval-DP kernels.", -1, methods};

PyMODINIT_FUNC PyInit__kernels(void) { return PyModule_Create(&module); }
