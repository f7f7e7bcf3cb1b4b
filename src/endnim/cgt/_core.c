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
 *
 * The store is hash-consed here too (a table from option lists to ids), so `read` can parse
 * a game written in braces, numbers, ups and stars and build every canonical form it meets
 * without returning to Python; the games it makes are handed to Python afterwards
 * (`materialise`, or `made_since`), which makes its Game objects for them in the same order.
 *
 * Also here (issue 43): `GameBase`, the base class of game.Game (its id, and `<=` / `>=`
 * decided in C); `relation` (both directions in one call); per game, exact number-up-star
 * values and stops that let `leq` answer without recursing; G + H, -G and cooling on ids
 * (`sum`, `negate`, `cool`), each declining to the Python code where its limits end.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
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
static uint8_t *is_num = NULL; /* the game is a number, num_val[g] / 2^NUM_BITS exactly */
static uint8_t *not_num = NULL; /* the game is known not to be a number (see store_game) */
/* number-up-star values x + n.up + *m (game.py's nus; Siegel II.4), x = nus_x / 2^NUM_BITS */
static uint8_t *has_stops = NULL; /* left_stop, right_stop known, times 2^NUM_BITS */
static int64_t *left_stop = NULL, *right_stop = NULL;
static uint8_t *is_nus = NULL;
static int64_t *nus_x = NULL;
static int32_t *nus_up = NULL, *nus_nim = NULL;
static int64_t *num_val = NULL;
static Py_ssize_t n_games = 0, games_cap = 0;

#define NUM_BITS 24
#define NUM_LIMIT ((int64_t)1 << 62)
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
    GROW(is_num, uint8_t);
    GROW(not_num, uint8_t);
    GROW(is_nus, uint8_t);
    GROW(has_stops, uint8_t);
    GROW(left_stop, int64_t);
    GROW(right_stop, int64_t);
    GROW(nus_x, int64_t);
    GROW(nus_up, int32_t);
    GROW(nus_nim, int32_t);
    GROW(num_val, int64_t);
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

/* ------------------------------------------------------------------ hash-consing */
/* Open addressing on the option lists: slot = id + 1, 0 = empty; at most half full. */
static int32_t *cons = NULL;
static size_t cons_bits = 0;

static uint64_t options_hash(const int32_t *l, int32_t nl, const int32_t *r, int32_t nr) {
    uint64_t h = 0xcbf29ce484222325ULL ^ ((uint64_t)(uint32_t)nl << 32 | (uint32_t)nr);
    for (int32_t i = 0; i < nl; i++) h = (h ^ (uint32_t)l[i]) * 0x100000001b3ULL;
    h = (h ^ 0x9e37) * 0x100000001b3ULL;
    for (int32_t i = 0; i < nr; i++) h = (h ^ (uint32_t)r[i]) * 0x100000001b3ULL;
    return h * 0x9E3779B97F4A7C15ULL;
}

static int same_options(int32_t g, const int32_t *l, int32_t nl, const int32_t *r, int32_t nr) {
    return n_left[g] == nl && n_right[g] == nr &&
           (nl == 0 || memcmp(LEFT(g), l, (size_t)nl * sizeof(int32_t)) == 0) &&
           (nr == 0 || memcmp(RIGHT(g), r, (size_t)nr * sizeof(int32_t)) == 0);
}

static void cons_insert(int32_t g) {
    size_t mask = ((size_t)1 << cons_bits) - 1;
    size_t i = (size_t)(options_hash(LEFT(g), n_left[g], RIGHT(g), n_right[g]) >> (64 - cons_bits));
    while (cons[i]) i = (i + 1) & mask;
    cons[i] = g + 1;
}

static int cons_grow(void) {
    size_t bits = cons_bits ? cons_bits + 1 : 12;
    int32_t *table = calloc((size_t)1 << bits, sizeof(int32_t));
    if (!table) return -1;
    free(cons);
    cons = table;
    cons_bits = bits;
    for (Py_ssize_t g = 0; g < n_games; g++) cons_insert((int32_t)g);
    return 0;
}

/* The id of the game with these (sorted) options, or -1. */
static int32_t cons_find(const int32_t *l, int32_t nl, const int32_t *r, int32_t nr) {
    if (!cons_bits) return -1;
    size_t mask = ((size_t)1 << cons_bits) - 1;
    size_t i = (size_t)(options_hash(l, nl, r, nr) >> (64 - cons_bits));
    for (;; i = (i + 1) & mask) {
        int32_t e = cons[i];
        if (!e) return -1;
        if (same_options(e - 1, l, nl, r, nr)) return e - 1;
    }
}

/* Numbers among canonical forms (game.py's _recognise, numbers only): 0 = { | }, {n |} =
 * n + 1 for an integer n >= 0, {| n} = n - 1 for n <= 0, and {a | b} = (a + b) / 2 for numbers
 * a < b; kept exactly as multiples of 2^-NUM_BITS (others are left to the recursion). */
static void recognise_number(int32_t g) {
    const int32_t *l = LEFT(g), *r = RIGHT(g);
    int32_t nl = n_left[g], nr = n_right[g];
    const int64_t one = (int64_t)1 << NUM_BITS;
    int64_t v = 0;
    int ok = 0;
    if (nl == 0 && nr == 0) {
        ok = 1;
    } else if (nl == 1 && nr == 0 && is_num[l[0]] && num_val[l[0]] >= 0 &&
               num_val[l[0]] % one == 0) {
        v = num_val[l[0]] + one;
        ok = 1;
    } else if (nl == 0 && nr == 1 && is_num[r[0]] && num_val[r[0]] <= 0 &&
               num_val[r[0]] % one == 0) {
        v = num_val[r[0]] - one;
        ok = 1;
    } else if (nl == 1 && nr == 1 && is_num[l[0]] && is_num[r[0]] &&
               num_val[l[0]] < num_val[r[0]] && ((num_val[l[0]] + num_val[r[0]]) & 1) == 0) {
        v = (num_val[l[0]] + num_val[r[0]]) / 2; /* both below 2^60: no overflow */
        ok = 1;
    }
    is_num[g] = (uint8_t)(ok && v < NUM_LIMIT / 4 && v > -NUM_LIMIT / 4); /* below 2^60 */
    num_val[g] = is_num[g] ? v : 0;
}

/* Number-up-star values among canonical forms, as game.py's _recognise finds them (numbers
 * as recognise_number does): x*k = {x, x*, ..., x*(k-1) | same}; x + (n+1).up*(m^1) =
 * {x | x + n.up*m} for n >= 0, (n, m) != (0, 0), and its negative; x.up* = {x, x* | x} and
 * x.down* = {x | x, x*}. Only values whose x is kept exactly (recognised numbers). */
static void set_nus(int32_t g, int64_t x, int32_t up, int32_t nim) {
    is_nus[g] = 1;
    nus_x[g] = x;
    nus_up[g] = up;
    nus_nim[g] = nim;
}

static int plain(int32_t g, int64_t x) { /* g is the number x */
    return is_nus[g] && nus_x[g] == x && nus_up[g] == 0 && nus_nim[g] == 0;
}

static int plain_star(int32_t g, int64_t x) { /* g is x* */
    return is_nus[g] && nus_x[g] == x && nus_up[g] == 0 && nus_nim[g] == 1;
}

static void recognise_nus(int32_t g) {
    is_nus[g] = 0;
    if (is_num[g]) {
        set_nus(g, num_val[g], 0, 0);
        return;
    }
    const int32_t *l = LEFT(g), *r = RIGHT(g);
    int32_t nl = n_left[g], nr = n_right[g];
    if (nl == 0 || nr == 0) return;
    for (int32_t i = 0; i < nl + nr; i++)
        if (!is_nus[l[i]]) return; /* l[nl + i] is r[i]: the options are contiguous */
    if (nl == nr && memcmp(l, r, (size_t)nl * sizeof(int32_t)) == 0) { /* x*k */
        int64_t x = nus_x[l[0]];
        for (int32_t i = 0; i < nl; i++)
            if (nus_x[l[i]] != x || nus_up[l[i]] != 0 || nus_nim[l[i]] >= nl) return;
        set_nus(g, x, 0, nl); /* nl distinct nimbers below nl: all of them */
        return;
    }
    if (nl == 1 && nr == 1) {
        int32_t a = l[0], b = r[0];
        int64_t x = nus_x[a];
        if (nus_x[b] != x) return;
        if (nus_up[a] == 0 && nus_nim[a] == 0 && (nus_up[b] != 0 || nus_nim[b] != 0) &&
            nus_up[b] >= 0)
            set_nus(g, x, nus_up[b] + 1, nus_nim[b] ^ 1);
        else if (nus_up[b] == 0 && nus_nim[b] == 0 && (nus_up[a] != 0 || nus_nim[a] != 0) &&
                 nus_up[a] <= 0)
            set_nus(g, x, nus_up[a] - 1, nus_nim[a] ^ 1);
        return;
    }
    if (nl == 2 && nr == 1 && is_num[r[0]]) { /* {x, x* | x} */
        int64_t x = nus_x[r[0]];
        if ((plain(l[0], x) && plain_star(l[1], x)) || (plain(l[1], x) && plain_star(l[0], x)))
            set_nus(g, x, 1, 1);
        return;
    }
    if (nl == 1 && nr == 2 && is_num[l[0]]) { /* {x | x, x*} */
        int64_t x = nus_x[l[0]];
        if ((plain(r[0], x) && plain_star(r[1], x)) || (plain(r[1], x) && plain_star(r[0], x)))
            set_nus(g, x, -1, 1);
    }
}

/* Stops (Siegel II.3; stops.py): a number's are its value; for G not a number, LS(G) is the
 * largest RS(G^L) and RS(G) the least LS(G^R). Known when G is a recognised number or known
 * not to be one with every option's stops known. */
static void set_stops(int32_t g) {
    has_stops[g] = 0;
    if (is_num[g]) {
        has_stops[g] = 1;
        left_stop[g] = right_stop[g] = num_val[g];
        return;
    }
    if (!not_num[g] || n_left[g] == 0 || n_right[g] == 0) return;
    const int32_t *l = LEFT(g), *r = RIGHT(g);
    int64_t ls = 0, rs = 0;
    for (int32_t i = 0; i < n_left[g]; i++) {
        if (!has_stops[l[i]]) return;
        if (i == 0 || right_stop[l[i]] > ls) ls = right_stop[l[i]];
    }
    for (int32_t i = 0; i < n_right[g]; i++) {
        if (!has_stops[r[i]]) return;
        if (i == 0 || left_stop[r[i]] < rs) rs = left_stop[r[i]];
    }
    has_stops[g] = 1;
    left_stop[g] = ls;
    right_stop[g] = rs;
}

/* Append a new game with these options to the store; its id, or -1 (out of memory). */
static int32_t store_game(const int32_t *l, int32_t nl, const int32_t *r, int32_t nr) {
    if (n_games >= INT32_MAX - 1) return -1;
    if (n_games == games_cap && grow_games()) return -1;
    if ((size_t)(n_games + 1) * 2 > ((size_t)1 << cons_bits) && cons_grow()) return -1;
    if (pool_len + nl + nr > pool_cap) {
        Py_ssize_t cap = pool_cap ? pool_cap : 4096;
        while (cap < pool_len + nl + nr) cap *= 2;
        int32_t *p = realloc(opt_pool, (size_t)cap * sizeof(int32_t));
        if (!p) return -1;
        opt_pool = p;
        pool_cap = cap;
    }
    int32_t born = 0;
    for (int32_t i = 0; i < nl; i++) {
        opt_pool[pool_len + i] = l[i];
        if (birthday[l[i]] + 1 > born) born = birthday[l[i]] + 1;
    }
    for (int32_t i = 0; i < nr; i++) {
        opt_pool[pool_len + nl + i] = r[i];
        if (birthday[r[i]] + 1 > born) born = birthday[r[i]] + 1;
    }
    opt_start[n_games] = pool_len;
    n_left[n_games] = nl;
    n_right[n_games] = nr;
    birthday[n_games] = born;
    pool_len += nl + nr;
    recognise_number((int32_t)n_games);
    /* A canonical number has at most one option a side, numbers, the left one below the
     * right one; anything else is not a number (a sufficient test: a false 0 only costs the
     * shortcut in leq). */
    int other = nl > 1 || nr > 1;
    for (int32_t i = 0; i < nl + nr && !other; i++) other = not_num[opt_pool[pool_len - nl - nr + i]];
    if (!other && nl == 1 && nr == 1 && is_num[l[0]] && is_num[r[0]])
        other = num_val[l[0]] >= num_val[r[0]];
    not_num[n_games] = (uint8_t)other;
    recognise_nus((int32_t)n_games);
    set_stops((int32_t)n_games);
    cons_insert((int32_t)n_games);
    return (int32_t)n_games++;
}

static void sort_small(int32_t *a, int32_t n) { /* insertion sort: option lists are short */
    for (int32_t i = 1; i < n; i++) {
        int32_t x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

/* The game {l | r} for options that are already canonical (sorted here): found or made. */
static int32_t intern_c(int32_t *l, int32_t nl, int32_t *r, int32_t nr) {
    sort_small(l, nl);
    sort_small(r, nr);
    int32_t found = cons_find(l, nl, r, nr);
    return found >= 0 ? found : store_game(l, nl, r, nr);
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

static inline size_t memo_slot_bits(uint64_t key, int bits) {
    key *= 0x9E3779B97F4A7C15ULL;
    return (size_t)(key >> (64 - bits));
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
    if (is_nus[g] && is_nus[h]) { /* Siegel II.4, as order._leq and cgt-tools compare them */
        if (nus_x[g] != nus_x[h]) return nus_x[g] < nus_x[h];
        int64_t ups = (int64_t)nus_up[h] - nus_up[g]; /* h - g = ups.up + *(m_g ^ m_h) */
        return ups >= 2 || (ups == 1 && (nus_nim[g] ^ nus_nim[h]) != 1);
    }
    if (has_stops[g] && has_stops[h]) { /* stops are monotone; RS(H) > LS(G) gives G < H
                                           (Lessons in Play, Lemma 5.35) */
        if (left_stop[g] > left_stop[h] || right_stop[g] > right_stop[h]) return 0;
        if (left_stop[g] < right_stop[h]) return 1;
    }
    uint64_t key = (((uint64_t)g << 31) | (uint64_t)h) + 1;
    int found = memo_get(key);
    if (found >= 0) return found;
    int result = 1;
    /* G <= H unless some H^R <= G or some G^L >= H. Against a number x, the number's own
     * options never decide it: for G not a number, x^R <= G would give, by number avoidance
     * (Siegel II.3), a winning Left move G^L - x^R >= 0, so G^L >= x^R > x already. */
    const int32_t *hr = RIGHT(h);
    for (int32_t i = 0, n = (is_num[h] && not_num[g]) ? 0 : n_right[h]; i < n; i++) {
        if (leq(hr[i], g)) {
            result = 0;
            break;
        }
    }
    if (result) {
        const int32_t *gl = LEFT(g);
        for (int32_t i = 0, n = (is_num[g] && not_num[h]) ? 0 : n_left[g]; i < n; i++) {
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

/* game.Game's compiled base (defined below, with its order): the id is read from it. */
typedef struct {
    PyObject_HEAD
    Py_ssize_t id;
} GameBaseObject;

static PyTypeObject GameBaseType;

/* Distinct ids of a sequence of games (reads each game's `id`); 1 = declined, -1 = error. */
static int read_ids(PyObject *seq, vec *out) {
    PyObject *fast = PySequence_Fast(seq, "options must be a sequence of games");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    uint32_t gen = next_generation();
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t g;
        if (PyObject_TypeCheck(items[i], &GameBaseType)) {
            g = ((GameBaseObject *)items[i])->id;
        } else {
            PyObject *ident = PyObject_GetAttr(items[i], id_name);
            if (!ident) goto fail;
            g = PyLong_AsSsize_t(ident);
            Py_DECREF(ident);
            if (g == -1 && PyErr_Occurred()) goto fail;
        }
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

/* The canonical options of {l | r} (distinct canonical options) into nl, nr (unsorted):
 * dominated options dropped, reversible ones bypassed, dominated ones dropped again. */
static int simplify(vec *l, vec *r, vec *nl, vec *nr) {
    undominated(l, 1);
    undominated(r, 0);
    pl = l->v;
    npl = l->n;
    pr = r->v;
    npr = r->n;
    pending_gen = next_generation();
    int left_changed = 0, right_changed = 0;
    if (bypass(l, nl, 1, &left_changed) || bypass(r, nr, 0, &right_changed)) return -1;
    if (left_changed) undominated(nl, 1);
    if (right_changed) undominated(nr, 0);
    return 0;
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
    if (simplify(&l, &r, &nl, &nr)) {
        PyErr_NoMemory();
        goto done;
    }
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

/* find(left_ids, right_ids) -> the id of the game with these sorted options, or -1. */
static PyObject *find(PyObject *self, PyObject *args) {
    PyObject *lt, *rt;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &lt, &PyTuple_Type, &rt)) return NULL;
    Py_ssize_t nl = PyTuple_GET_SIZE(lt), nr = PyTuple_GET_SIZE(rt);
    vec ids = {NULL, 0, 0};
    int32_t found = -1;
    for (Py_ssize_t i = 0; i < nl + nr; i++) {
        long g = PyLong_AsLong(i < nl ? PyTuple_GET_ITEM(lt, i) : PyTuple_GET_ITEM(rt, i - nl));
        if (g == -1 && PyErr_Occurred()) goto fail;
        if (g < 0 || g >= n_games) goto done; /* not an option of any game here */
        if (vec_push(&ids, (int32_t)g)) {
            PyErr_NoMemory();
            goto fail;
        }
    }
    found = cons_find(ids.v, (int32_t)nl, ids.v + nl, (int32_t)nr);
done:
    free(ids.v);
    return PyLong_FromLong(found);
fail:
    free(ids.v);
    return NULL;
}

/* add(left_ids, right_ids) -> the new game's id (the caller's next id). */
static PyObject *add(PyObject *self, PyObject *args) {
    PyObject *lt, *rt;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &lt, &PyTuple_Type, &rt)) return NULL;
    Py_ssize_t nl = PyTuple_GET_SIZE(lt), nr = PyTuple_GET_SIZE(rt);
    vec ids = {NULL, 0, 0};
    for (Py_ssize_t i = 0; i < nl + nr; i++) {
        long g = PyLong_AsLong(i < nl ? PyTuple_GET_ITEM(lt, i) : PyTuple_GET_ITEM(rt, i - nl));
        if (g == -1 && PyErr_Occurred()) goto fail;
        if (g < 0 || g >= n_games) {
            PyErr_SetString(PyExc_ValueError, "an option not registered with the compiled core");
            goto fail;
        }
        if (vec_push(&ids, (int32_t)g)) {
            PyErr_NoMemory();
            goto fail;
        }
    }
    if (cons_find(ids.v, (int32_t)nl, ids.v + nl, (int32_t)nr) >= 0) {
        PyErr_SetString(PyExc_ValueError, "a game already registered with the compiled core");
        goto fail;
    }
    int32_t made = store_game(ids.v, (int32_t)nl, ids.v + nl, (int32_t)nr);
    free(ids.v);
    if (made < 0) return PyErr_NoMemory();
    return PyLong_FromLong(made);
fail:
    free(ids.v);
    return NULL;
}

/* ------------------------------------------------------------------ reading */
/* Numbers, nimbers and number-up-star values built as game.py builds them (the same
 * canonical forms, so the same ids); then `read`, a parser of braces, commas and such
 * values that canonicalises as it goes. It declines (returns -1) on anything else or on any
 * error, and the Python parser reads the text instead (and words the error). */
#define MAX_PART 1024      /* notation.MAX_PART: the largest literal part */
#define MAX_INTEGER 4096   /* integers cached and built here; beyond, decline */
#define MAX_UPS 8192
#define MAX_NIMBER 2048
#define DECLINE (-2)

static int32_t int_ids[2 * MAX_INTEGER + 1];
static int32_t nim_ids[MAX_NIMBER + 1];
static int leaves_ready = 0;

static void leaves_init(void) {
    if (leaves_ready) return;
    for (int i = 0; i <= 2 * MAX_INTEGER; i++) int_ids[i] = -1;
    for (int i = 0; i <= MAX_NIMBER; i++) nim_ids[i] = -1;
    leaves_ready = 1;
}

static int32_t c_integer(long n) { /* {n-1 |} or {| n+1}, from the nearest built one */
    if (n > MAX_INTEGER || n < -MAX_INTEGER) return DECLINE;
    if (int_ids[n + MAX_INTEGER] >= 0) return int_ids[n + MAX_INTEGER];
    if (int_ids[MAX_INTEGER] < 0) {
        int32_t zero = intern_c(NULL, 0, NULL, 0);
        if (zero < 0) return -1;
        int_ids[MAX_INTEGER] = zero;
    }
    long sign = n > 0 ? 1 : -1, k = 0;
    while (k != n && int_ids[k + sign + MAX_INTEGER] >= 0) k += sign;
    int32_t current = int_ids[k + MAX_INTEGER];
    while (k != n) {
        k += sign;
        int32_t opt = current;
        current = sign > 0 ? intern_c(&opt, 1, NULL, 0) : intern_c(NULL, 0, &opt, 1);
        if (current < 0) return -1;
        int_ids[k + MAX_INTEGER] = current;
    }
    return current;
}

static int32_t c_number(long p, int k) { /* p / 2^k: {x - 2^-k | x + 2^-k} */
    while (k > 0 && (p & 1) == 0) {
        p /= 2;
        k--;
    }
    if (k == 0) return c_integer(p);
    int32_t lo = c_number(p - 1, k), hi = c_number(p + 1, k);
    if (lo < 0) return lo;
    if (hi < 0) return hi;
    return intern_c(&lo, 1, &hi, 1);
}

static int32_t c_nimber(long m, long p, int k) { /* x*m = {x, x*, ..., x*(m-1) | same} */
    if (m > MAX_NIMBER) return DECLINE;
    int zero_base = p == 0;
    if (zero_base && nim_ids[m] >= 0) return nim_ids[m];
    int32_t *chain = malloc((size_t)(m + 1) * sizeof(int32_t));
    int32_t *l = malloc((size_t)(m + 1) * sizeof(int32_t));
    int32_t *r = malloc((size_t)(m + 1) * sizeof(int32_t));
    int32_t result = -1;
    if (!chain || !l || !r) goto done;
    chain[0] = c_number(p, k);
    if (chain[0] < 0) {
        result = chain[0];
        goto done;
    }
    for (long i = 1; i <= m; i++) {
        if (zero_base && nim_ids[i] >= 0) {
            chain[i] = nim_ids[i];
            continue;
        }
        memcpy(l, chain, (size_t)i * sizeof(int32_t));
        memcpy(r, chain, (size_t)i * sizeof(int32_t));
        chain[i] = intern_c(l, (int32_t)i, r, (int32_t)i);
        if (chain[i] < 0) goto done;
    }
    if (zero_base)
        for (long i = 0; i <= m; i++) nim_ids[i] = chain[i];
    result = chain[m];
done:
    free(chain);
    free(l);
    free(r);
    return result;
}

static int32_t c_nus(long p, int k, long ups, long m) { /* game.nus(p / 2^k, ups, m) */
    long size = ups < 0 ? -ups : ups;
    int32_t at = c_number(p, k), star = c_nimber(1, p, k);
    int32_t current = c_nimber(m ^ (size & 1), p, k);
    if (at < 0) return at;
    if (star < 0) return star;
    for (long i = 1; i <= size && current >= 0; i++) {
        long nim = m ^ ((size - i) & 1);
        int32_t a[2] = {at, star}, b[1] = {at}, c[1] = {current};
        if (nim == 1 && i == 1)
            current = ups > 0 ? intern_c(a, 2, b, 1) : intern_c(b, 1, a, 2);
        else
            current = ups > 0 ? intern_c(b, 1, c, 1) : intern_c(c, 1, b, 1);
    }
    return current;
}

static int is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Digits at *pos (none: 0, value -1); more than 4 or above MAX_PART: DECLINE. */
static long read_digits(const char *text, Py_ssize_t len, Py_ssize_t *pos) {
    Py_ssize_t start = *pos;
    long value = 0;
    while (*pos < len && is_digit(text[*pos])) {
        if (*pos - start >= 4) return DECLINE;
        value = value * 10 + (text[*pos] - '0');
        (*pos)++;
    }
    if (*pos == start) return -1;
    return value > MAX_PART ? DECLINE : value;
}

static void skip_space(const char *text, Py_ssize_t len, Py_ssize_t *pos) {
    while (*pos < len && is_space(text[*pos])) (*pos)++;
}

/* A number-up-star literal at *pos (notation._Parser.atom): its id, -1 or DECLINE. */
static int32_t read_atom(const char *text, Py_ssize_t len, Py_ssize_t *pos, int negative) {
    Py_ssize_t start = *pos;
    long num = 0, den = 1;
    long digits = read_digits(text, len, pos);
    if (digits == DECLINE) return DECLINE;
    if (digits >= 0) {
        num = digits;
        skip_space(text, len, pos);
        if (*pos < len && text[*pos] == '/') {
            (*pos)++;
            skip_space(text, len, pos);
            den = read_digits(text, len, pos);
            if (den <= 0 || (den & (den - 1))) return DECLINE;
        }
    }
    long ups = 0;
    while (*pos < len && (text[*pos] == '^' || text[*pos] == 'v')) {
        long sign = text[*pos] == '^' ? 1 : -1;
        if (ups && (sign > 0) != (ups > 0)) return DECLINE;
        (*pos)++;
        long count = read_digits(text, len, pos);
        if (count == DECLINE) return DECLINE;
        ups += sign * (count >= 0 ? count : 1);
        if (ups > MAX_UPS || ups < -MAX_UPS) return DECLINE;
    }
    long star = 0;
    if (*pos < len && text[*pos] == '*') {
        (*pos)++;
        long count = read_digits(text, len, pos);
        if (count == DECLINE) return DECLINE;
        star = count >= 0 ? count : 1;
    }
    if (*pos == start) return DECLINE;
    int k = 0;
    while ((1L << k) < den) k++;
    return c_nus(negative ? -num : num, k, ups, star);
}

enum { TERM, OPEN_LEFT, OPEN_RIGHT, AFTER };

/* read(text, max_depth) -> the id of the game, or -1: declined (see above). */
static PyObject *read_game(PyObject *self, PyObject *args) {
    const char *text;
    Py_ssize_t len;
    int max_depth;
    if (!PyArg_ParseTuple(args, "s#i", &text, &len, &max_depth)) return NULL;
    if (generation > UINT32_MAX - GENERATIONS_PER_CALL) forget_stamps();
    leaves_init();
    for (Py_ssize_t i = 0; i < len; i++) { /* ASCII without control characters only */
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x80 || (c < 0x20 && !is_space((char)c))) return PyLong_FromLong(-1);
    }
    vec stack = {NULL, 0, 0}, frames = {NULL, 0, 0}; /* frames: (left start, right start) */
    vec l = {NULL, 0, 0}, r = {NULL, 0, 0}, nl = {NULL, 0, 0}, nr = {NULL, 0, 0};
    int32_t result = -1;
    int failed = 0, state = TERM;
    Py_ssize_t pos = 0;
    skip_space(text, len, &pos);
    if (pos == len) goto done;
    for (;;) {
        skip_space(text, len, &pos);
        char c = pos < len ? text[pos] : '\0';
        Py_ssize_t depth = frames.n / 2;
        if (state == OPEN_LEFT && c == '|') {
            frames.v[frames.n - 1] = (int32_t)stack.n;
            pos++;
            state = OPEN_RIGHT;
            continue;
        }
        if ((state == OPEN_RIGHT && c == '}') ||
            (state == AFTER && c == '}' && depth > 0 && frames.v[frames.n - 1] >= 0)) {
            int32_t ls = frames.v[frames.n - 2], rs = frames.v[frames.n - 1];
            frames.n -= 2;
            pos++;
            l.n = r.n = nl.n = nr.n = 0;
            uint32_t gen = next_generation();
            for (int32_t i = ls; i < (int32_t)stack.n; i++) {
                int32_t g = stack.v[i];
                if (birthday[g] > MAX_BIRTHDAY) goto done;
                if (i == rs) gen = next_generation();
                if (mark[g] != gen) {
                    mark[g] = gen;
                    if (vec_push(i < rs ? &l : &r, g)) goto nomemory;
                }
            }
            if (simplify(&l, &r, &nl, &nr)) goto nomemory;
            int32_t made = intern_c(nl.v, (int32_t)nl.n, nr.v, (int32_t)nr.n);
            if (made < 0) goto nomemory;
            stack.n = ls;
            if (vec_push(&stack, made)) goto nomemory;
            state = AFTER;
            continue;
        }
        if (state == AFTER) {
            if (c == ',' && depth > 0) {
                pos++;
                state = TERM;
                continue;
            }
            if (c == '|' && depth > 0 && frames.v[frames.n - 1] < 0) {
                frames.v[frames.n - 1] = (int32_t)stack.n;
                pos++;
                state = OPEN_RIGHT;
                continue;
            }
            if (c == '\0' && pos == len && depth == 0 && stack.n == 1) result = stack.v[0];
            goto done;
        }
        /* a term */
        if (c == '{') {
            if (depth >= max_depth) goto done;
            if (vec_push(&frames, (int32_t)stack.n) || vec_push(&frames, -1)) goto nomemory;
            pos++;
            state = OPEN_LEFT;
            continue;
        }
        int negative = 0;
        if (c == '-') {
            if (pos + 1 >= len || !is_digit(text[pos + 1])) goto done;
            negative = 1;
            pos++;
        } else if (!is_digit(c) && c != '^' && c != 'v' && c != '*') {
            goto done;
        }
        int32_t atom = read_atom(text, len, &pos, negative);
        if (atom == DECLINE) goto done;
        if (atom < 0 || vec_push(&stack, atom)) goto nomemory;
        state = AFTER;
    }
nomemory:
    failed = 1;
done:
    free(stack.v);
    free(frames.v);
    free(l.v);
    free(r.v);
    free(nl.v);
    free(nr.v);
    if (failed) return PyErr_NoMemory();
    return PyLong_FromLong(result);
}

/* ------------------------------------------------------------------ sums and negatives */
/* arithmetic.py's add and negate on ids: G + H = {G^L + H, G + H^L | G^R + H, G + H^R}
 * canonicalised (ONAG ch. 1 and 10; Siegel II.1), a number's own options skipped (the number
 * translation theorem, Siegel II.3: G + x = {G^L + x | G^R + x} for G not a number), two
 * numbers added as numbers; -G = {-G^R | -G^L}, canonical when G is. Sums are memoised per
 * unordered id pair in a bounded table (emptied when full, like the memo of <=), negatives
 * per id. Games made here are handed to Python afterwards (`made_since`). A sum declines
 * (DECLINE) when the two birthdays add up past MAX_BIRTHDAY or a number leaves the range
 * `c_number` builds; the Python code does it then. */
#define SUM_MIN_BITS 12
#define SUM_MAX_BITS 22
static uint64_t *sum_keys = NULL; /* ((g << 31 | h) + 1), g <= h; 0 = empty */
static int32_t *sum_vals = NULL;
static int sum_bits = 0;
static Py_ssize_t sum_used = 0;
static int32_t *neg_of = NULL; /* per id: -G's id + 1, 0 unknown */
static Py_ssize_t neg_cap = 0;

static int sum_alloc(int bits) {
    uint64_t *keys = calloc((size_t)1 << bits, sizeof(uint64_t));
    int32_t *vals = malloc(((size_t)1 << bits) * sizeof(int32_t));
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return -1;
    }
    free(sum_keys);
    free(sum_vals);
    sum_keys = keys;
    sum_vals = vals;
    sum_bits = bits;
    sum_used = 0;
    return 0;
}

static int32_t sum_get(uint64_t key) {
    if (!sum_bits) return -1;
    size_t mask = ((size_t)1 << sum_bits) - 1;
    for (size_t i = memo_slot_bits(key, sum_bits);; i = (i + 1) & mask) {
        if (sum_keys[i] == key) return sum_vals[i];
        if (sum_keys[i] == 0) return -1;
    }
}

static void sum_insert(uint64_t key, int32_t val) {
    size_t mask = ((size_t)1 << sum_bits) - 1;
    size_t i = memo_slot_bits(key, sum_bits);
    while (sum_keys[i] != 0 && sum_keys[i] != key) i = (i + 1) & mask;
    if (sum_keys[i] == 0) sum_used++;
    sum_keys[i] = key;
    sum_vals[i] = val;
}

static int sum_put(uint64_t key, int32_t val) {
    if (!sum_bits && sum_alloc(SUM_MIN_BITS)) return -1;
    if ((sum_used + 1) * 2 > ((Py_ssize_t)1 << sum_bits)) {
        uint64_t *old_keys = sum_keys;
        int32_t *old_vals = sum_vals;
        size_t old_size = (size_t)1 << sum_bits;
        if (sum_bits < SUM_MAX_BITS) {
            sum_keys = NULL;
            sum_vals = NULL;
            if (sum_alloc(sum_bits + 1)) {
                sum_keys = old_keys;
                sum_vals = old_vals;
                return -1;
            }
            for (size_t i = 0; i < old_size; i++)
                if (old_keys[i]) sum_insert(old_keys[i], old_vals[i]);
            free(old_keys);
            free(old_vals);
        } else { /* at the bound: start afresh */
            memset(sum_keys, 0, old_size * sizeof(uint64_t));
            sum_used = 0;
        }
    }
    sum_insert(key, val);
    return 0;
}

static int32_t c_neg(int32_t g) {
    if (neg_cap < games_cap) {
        int32_t *p = realloc(neg_of, (size_t)games_cap * sizeof(int32_t));
        if (!p) return -1;
        memset(p + neg_cap, 0, (size_t)(games_cap - neg_cap) * sizeof(int32_t));
        neg_of = p;
        neg_cap = games_cap;
    }
    if (neg_of[g]) return neg_of[g] - 1;
    int32_t nl = n_right[g], nr = n_left[g];
    int32_t *opts = malloc((size_t)(nl + nr + 1) * sizeof(int32_t));
    if (!opts) return -1;
    for (int32_t i = 0; i < nl + nr; i++) { /* LEFT(g) is read afresh: making games moves it */
        int32_t o = i < nl ? RIGHT(g)[i] : LEFT(g)[i - nl];
        int32_t m = c_neg(o);
        if (m < 0) {
            free(opts);
            return m;
        }
        opts[i] = m;
    }
    int32_t made = intern_c(opts, nl, opts + nl, nr);
    free(opts);
    if (made < 0) return -1;
    if (neg_cap < games_cap) { /* the table grew while making it */
        int32_t *p = realloc(neg_of, (size_t)games_cap * sizeof(int32_t));
        if (!p) return -1;
        memset(p + neg_cap, 0, (size_t)(games_cap - neg_cap) * sizeof(int32_t));
        neg_of = p;
        neg_cap = games_cap;
    }
    neg_of[g] = made + 1;
    neg_of[made] = g + 1;
    return made;
}

static int is_zero(int32_t g) { return n_left[g] == 0 && n_right[g] == 0; }

static int32_t c_sum(int32_t g, int32_t h) {
    if (is_zero(g)) return h;
    if (is_zero(h)) return g;
    if (g > h) {
        int32_t t = g;
        g = h;
        h = t;
    }
    uint64_t key = (((uint64_t)g << 31) | (uint64_t)h) + 1;
    int32_t found = sum_get(key);
    if (found >= 0) return found;
    if (is_num[g] && is_num[h]) {
        found = c_number((long)(num_val[g] + num_val[h]), NUM_BITS);
        if (found < 0) return found;
        return sum_put(key, found) ? -1 : found;
    }
    vec l = {NULL, 0, 0}, r = {NULL, 0, 0}, nl = {NULL, 0, 0}, nr = {NULL, 0, 0};
    int32_t result = -1;
    for (int side = 0; side < 2; side++) { /* the options of G + H, side 0 Left, 1 Right */
        vec *into = side ? &r : &l;
        for (int which = 0; which < 2; which++) {
            int32_t moved = which ? h : g, other = which ? g : h;
            if (is_num[moved]) continue; /* number translation: a number's moves never help */
            int32_t n = side ? n_right[moved] : n_left[moved];
            for (int32_t i = 0; i < n; i++) {
                int32_t o = side ? RIGHT(moved)[i] : LEFT(moved)[i];
                int32_t made = c_sum(o, other);
                if (made < 0) {
                    result = made;
                    goto done;
                }
                if (vec_push(into, made)) goto done;
            }
        }
    }
    if (generation > UINT32_MAX - GENERATIONS_PER_CALL) forget_stamps();
    for (int side = 0; side < 2; side++) { /* distinct options, in place */
        vec *a = side ? &r : &l;
        uint32_t gen = next_generation();
        Py_ssize_t k = 0;
        for (Py_ssize_t i = 0; i < a->n; i++)
            if (mark[a->v[i]] != gen) {
                mark[a->v[i]] = gen;
                a->v[k++] = a->v[i];
            }
        a->n = k;
    }
    if (simplify(&l, &r, &nl, &nr)) goto done;
    result = intern_c(nl.v, (int32_t)nl.n, nr.v, (int32_t)nr.n);
    if (result >= 0 && sum_put(key, result)) result = -1;
done:
    free(l.v);
    free(r.v);
    free(nl.v);
    free(nr.v);
    return result;
}

static int registered(long g) {
    if (g >= 0 && g < n_games) return 1;
    PyErr_SetString(PyExc_ValueError, "a game not registered with the compiled core");
    return 0;
}

/* sum(g, h) -> the id of G + H, or -1: declined (the Python code adds them). */
static PyObject *py_sum(PyObject *self, PyObject *args) {
    long g, h;
    if (!PyArg_ParseTuple(args, "ll", &g, &h)) return NULL;
    if (!registered(g) || !registered(h)) return NULL;
    if (birthday[g] + birthday[h] > MAX_BIRTHDAY) return PyLong_FromLong(-1);
    leaves_init();
    int32_t made = c_sum((int32_t)g, (int32_t)h);
    if (made == DECLINE) return PyLong_FromLong(-1);
    if (made < 0) return PyErr_NoMemory();
    return PyLong_FromLong(made);
}

/* negate(g) -> the id of -G, or -1: declined (born after day MAX_BIRTHDAY). */
static PyObject *py_negate(PyObject *self, PyObject *args) {
    long g;
    if (!PyArg_ParseTuple(args, "l", &g)) return NULL;
    if (!registered(g)) return NULL;
    if (birthday[g] > MAX_BIRTHDAY) return PyLong_FromLong(-1);
    int32_t made = c_neg((int32_t)g);
    if (made < 0) return PyErr_NoMemory();
    return PyLong_FromLong(made);
}

/* made_since(first) -> [(left ids, right ids, birthday)] of the games first, first + 1, ... */
static PyObject *made_since(PyObject *self, PyObject *args) {
    Py_ssize_t first;
    if (!PyArg_ParseTuple(args, "n", &first)) return NULL;
    if (first < 0 || first > n_games) {
        PyErr_SetString(PyExc_ValueError, "no such game in the compiled core");
        return NULL;
    }
    PyObject *list = PyList_New(n_games - first);
    if (!list) return NULL;
    for (Py_ssize_t g = first; g < n_games; g++) {
        PyObject *lt = PyTuple_New(n_left[g]), *rt = PyTuple_New(n_right[g]);
        PyObject *pair = NULL;
        if (lt && rt) {
            int ok = 1;
            for (int32_t i = 0; i < n_left[g] && ok; i++) {
                PyObject *x = PyLong_FromLong(LEFT(g)[i]);
                if (!x) ok = 0; else PyTuple_SET_ITEM(lt, i, x);
            }
            for (int32_t i = 0; i < n_right[g] && ok; i++) {
                PyObject *x = PyLong_FromLong(RIGHT(g)[i]);
                if (!x) ok = 0; else PyTuple_SET_ITEM(rt, i, x);
            }
            PyObject *born = ok ? PyLong_FromLong(birthday[g]) : NULL;
            if (born) pair = PyTuple_Pack(3, lt, rt, born);
            Py_XDECREF(born);
        }
        Py_XDECREF(lt);
        Py_XDECREF(rt);
        if (!pair) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, g - first, pair);
    }
    return list;
}

/* materialise(first, make, games): for each game first, first + 1, ... made here, in order,
 * games.append(make(id, left games, right games, birthday)) (game.py's constructor of its
 * Game objects): through_core's loop, without Python building the tuples. game.py finds
 * these games by their options through `find`, not in its own table. */
static PyObject *game_tuple(PyObject *games, const int32_t *ids, int32_t n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int32_t i = 0; i < n; i++) {
        if (ids[i] >= PyList_GET_SIZE(games)) {
            Py_DECREF(t);
            PyErr_SetString(PyExc_RuntimeError, "an option without its Game object");
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, Py_NewRef(PyList_GET_ITEM(games, ids[i])));
    }
    return t;
}

static PyObject *materialise(PyObject *self, PyObject *args) {
    Py_ssize_t first;
    PyObject *make, *games;
    if (!PyArg_ParseTuple(args, "nOO!", &first, &make, &PyList_Type, &games)) return NULL;
    if (first < 0 || first > n_games || PyList_GET_SIZE(games) != first) {
        PyErr_SetString(PyExc_ValueError, "the Game objects are out of step with the core");
        return NULL;
    }
    for (Py_ssize_t g = first; g < n_games; g++) {
        PyObject *lt = game_tuple(games, LEFT(g), n_left[g]);
        PyObject *rt = lt ? game_tuple(games, RIGHT(g), n_right[g]) : NULL;
        PyObject *made = NULL;
        if (rt) made = PyObject_CallFunction(make, "nOOi", g, lt, rt, (int)birthday[g]);
        int ok = made && PyList_Append(games, made) == 0;
        Py_XDECREF(lt);
        Py_XDECREF(rt);
        Py_XDECREF(made);
        if (!ok) return NULL;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ thermographs */
/* thermograph.py's algorithm (Siegel, CGT, Thm II.5.10; subzero walls from t = -1) on the
 * ids: each game's walls as integer points (t, x) times 2^K, K reduced to the least scale
 * that keeps them whole. Products are taken in 128 bits; a number beyond 2^34 or a scale
 * beyond 24 gives up (None) and the Python code computes that game's thermograph instead. */
typedef int64_t i64;
typedef __int128 i128;
#define TH_LIMIT ((i64)1 << 34)
#define TH_MAX_SCALE 24

typedef struct {
    i64 *t, *x;
    Py_ssize_t n, cap;
    i64 tail;
} line;

static int8_t *th_state = NULL; /* per id: 0 unknown, 1 done, 2 gave up */
static int32_t *th_scale = NULL;
static i64 *th_mast = NULL, *th_height = NULL;
static Py_ssize_t *th_at = NULL; /* offset in th_pool: left wall points then right wall */
static int32_t *th_nl = NULL, *th_nr = NULL;
static Py_ssize_t th_cap = 0;
static i64 *th_pool = NULL; /* t, x pairs */
static Py_ssize_t th_len = 0, th_pool_cap = 0;

static int th_grow(void) {
    Py_ssize_t cap = games_cap;
#define TGROW(ptr, type)                                                  \
    do {                                                                  \
        type *p = realloc(ptr, (size_t)cap * sizeof(type));               \
        if (!p) return -1;                                                \
        memset(p + th_cap, 0, (size_t)(cap - th_cap) * sizeof(type));    \
        ptr = p;                                                          \
    } while (0)
    TGROW(th_state, int8_t);
    TGROW(th_scale, int32_t);
    TGROW(th_mast, i64);
    TGROW(th_height, i64);
    TGROW(th_at, Py_ssize_t);
    TGROW(th_nl, int32_t);
    TGROW(th_nr, int32_t);
#undef TGROW
    th_cap = cap;
    return 0;
}

static int line_push(line *f, i64 t, i64 x) {
    if (f->n == f->cap) {
        Py_ssize_t cap = f->cap ? f->cap * 2 : 8;
        i64 *a = realloc(f->t, (size_t)cap * sizeof(i64));
        if (!a) return -1;
        f->t = a;
        i64 *b = realloc(f->x, (size_t)cap * sizeof(i64));
        if (!b) return -1;
        f->x = b;
        f->cap = cap;
    }
    f->t[f->n] = t;
    f->x[f->n] = x;
    f->n++;
    return 0;
}

static void line_free(line *f) {
    free(f->t);
    free(f->x);
    f->t = f->x = NULL;
    f->n = f->cap = 0;
}

static int inexact; /* set by a division that does not come out whole */

static i64 exact_div(i128 a, i128 b) {
    if (b < 0) {
        a = -a;
        b = -b;
    }
    i128 q = a / b, r = a % b;
    if (r) inexact = 1;
    if (r < 0) q -= 1;
    return (i64)q;
}

static i64 line_at(const line *f, i64 t) {
    Py_ssize_t n = f->n;
    if (t >= f->t[n - 1]) return f->x[n - 1] + f->tail * (t - f->t[n - 1]);
    i64 t0 = f->t[0], x0 = f->x[0];
    for (Py_ssize_t i = 1; i < n; i++) {
        i64 t1 = f->t[i], x1 = f->x[i];
        if (t <= t1) return x0 + exact_div((i128)(x1 - x0) * (t - t0), (i128)(t1 - t0));
        t0 = t1;
        x0 = x1;
    }
    return x0; /* unreachable */
}

static int cmp_i64(const void *a, const void *b) {
    i64 x = *(const i64 *)a, y = *(const i64 *)b;
    return (x > y) - (x < y);
}

/* The breakpoints of both, plus every crossing: sorted, distinct, into out->t. */
static int breaks(const line *f, const line *g, line *out) {
    out->n = 0;
    line base = {NULL, NULL, 0, 0, 0};
    for (Py_ssize_t i = 0; i < f->n; i++)
        if (line_push(&base, f->t[i], 0)) goto fail;
    for (Py_ssize_t i = 0; i < g->n; i++)
        if (line_push(&base, g->t[i], 0)) goto fail;
    qsort(base.t, (size_t)base.n, sizeof(i64), cmp_i64);
    Py_ssize_t m = 0;
    for (Py_ssize_t i = 0; i < base.n; i++)
        if (m == 0 || base.t[m - 1] != base.t[i]) base.t[m++] = base.t[i];
    base.n = m;
    for (Py_ssize_t i = 0; i < m; i++) base.x[i] = line_at(f, base.t[i]) - line_at(g, base.t[i]);
    for (Py_ssize_t i = 0; i < m; i++) {
        if (line_push(out, base.t[i], 0)) goto fail;
        if (i + 1 < m) {
            i64 da = base.x[i], db = base.x[i + 1];
            if ((da < 0 && 0 < db) || (db < 0 && 0 < da)) {
                i64 a = base.t[i], b = base.t[i + 1];
                if (line_push(out, a + exact_div((i128)(b - a) * da, (i128)(da - db)), 0))
                    goto fail;
            }
        }
    }
    i64 slope = f->tail - g->tail, gap = base.x[m - 1];
    if ((gap > 0 && 0 > slope) || (gap < 0 && 0 < slope))
        if (line_push(out, base.t[m - 1] + exact_div(-(i128)gap, (i128)slope), 0)) goto fail;
    qsort(out->t, (size_t)out->n, sizeof(i64), cmp_i64);
    m = 0;
    for (Py_ssize_t i = 0; i < out->n; i++)
        if (m == 0 || out->t[m - 1] != out->t[i]) out->t[m++] = out->t[i];
    out->n = m;
    line_free(&base);
    return 0;
fail:
    line_free(&base);
    return -1;
}

/* Drop breakpoints where the slope does not change (in place). */
static void simplified(line *f) {
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < f->n; i++) {
        i64 t = f->t[i], x = f->x[i];
        while (k >= 2) {
            i64 t0 = f->t[k - 2], x0 = f->x[k - 2], t1 = f->t[k - 1], x1 = f->x[k - 1];
            if ((i128)(x1 - x0) * (t - t1) == (i128)(x - x1) * (t1 - t0))
                k--;
            else
                break;
        }
        f->t[k] = t;
        f->x[k] = x;
        k++;
    }
    f->n = k;
}

/* f := max(f, g) (upper) or min(f, g). */
static int combine(line *f, const line *g, int upper) {
    line ts = {NULL, NULL, 0, 0, 0}, out = {NULL, NULL, 0, 0, 0};
    if (breaks(f, g, &ts)) goto fail;
    for (Py_ssize_t i = 0; i < ts.n; i++) {
        i64 a = line_at(f, ts.t[i]), b = line_at(g, ts.t[i]);
        if (line_push(&out, ts.t[i], upper ? (a > b ? a : b) : (a < b ? a : b))) goto fail;
    }
    i64 last = ts.t[ts.n - 1], fl = line_at(f, last), gl = line_at(g, last), tail;
    if (fl == gl)
        tail = upper ? (f->tail > g->tail ? f->tail : g->tail)
                     : (f->tail < g->tail ? f->tail : g->tail);
    else
        tail = (upper ? fl > gl : fl < gl) ? f->tail : g->tail;
    simplified(&out);
    out.tail = tail;
    line_free(f);
    line_free(&ts);
    *f = out;
    return 0;
fail:
    line_free(&ts);
    line_free(&out);
    return -1;
}

/* An option's wall (left=1: its left wall) at a scale (shifted left by shift bits). */
static int wall_line(int32_t g, int left, int shift, line *out) {
    out->n = 0;
    out->tail = 0;
    Py_ssize_t at = th_at[g] + (left ? 0 : 2 * (Py_ssize_t)th_nl[g]);
    int32_t n = left ? th_nl[g] : th_nr[g];
    for (int32_t i = 0; i < n; i++)
        if (line_push(out, th_pool[at + 2 * i] * ((i64)1 << shift),
                      th_pool[at + 2 * i + 1] * ((i64)1 << shift)))
            return -1;
    return 0;
}

static int th_store_wall(const line *f) {
    if (th_len + 2 * f->n > th_pool_cap) {
        Py_ssize_t cap = th_pool_cap ? th_pool_cap : 4096;
        while (cap < th_len + 2 * f->n) cap *= 2;
        i64 *p = realloc(th_pool, (size_t)cap * sizeof(i64));
        if (!p) return -1;
        th_pool = p;
        th_pool_cap = cap;
    }
    for (Py_ssize_t i = 0; i < f->n; i++) {
        th_pool[th_len++] = f->t[i];
        th_pool[th_len++] = f->x[i];
    }
    return 0;
}

static int too_big(i64 v) { return v > TH_LIMIT || v < -TH_LIMIT; }

/* The thermograph of g at `scale` from its options' (all done): 1 done, 0 retry at a larger
 * scale (inexact), 2 give up, -1 out of memory. */
static int th_at_scale(int32_t g, int scale) {
    line left = {NULL, NULL, 0, 0, 0}, right = {NULL, NULL, 0, 0, 0};
    line other = {NULL, NULL, 0, 0, 0}, ts = {NULL, NULL, 0, 0, 0};
    int status = -1;
    inexact = 0;
    const int32_t *gl = LEFT(g), *gr = RIGHT(g);
    for (int32_t i = 0; i < n_left[g]; i++) {
        line *into = i == 0 ? &left : &other;
        if (wall_line(gl[i], 0, scale - th_scale[gl[i]], into)) goto done;
        if (i > 0 && combine(&left, &other, 1)) goto done;
    }
    for (int32_t i = 0; i < n_right[g]; i++) {
        line *into = i == 0 ? &right : &other;
        if (wall_line(gr[i], 1, scale - th_scale[gr[i]], into)) goto done;
        if (i > 0 && combine(&right, &other, 0)) goto done;
    }
    for (Py_ssize_t i = 0; i < left.n; i++) left.x[i] -= left.t[i]; /* tilted(-1) */
    left.tail -= 1;
    for (Py_ssize_t i = 0; i < right.n; i++) right.x[i] += right.t[i]; /* tilted(+1) */
    right.tail += 1;
    i64 base = -((i64)1 << scale), height = 0, mast = 0;
    i64 lo = line_at(&left, base), ro = line_at(&right, base);
    int met = 0;
    if (lo < ro) {
        height = base;
        mast = lo > 0 ? lo : ro < 0 ? ro : 0;
        met = 1;
    } else {
        if (breaks(&left, &right, &ts)) goto done;
        for (Py_ssize_t i = 0; i < ts.n && !met; i++) {
            i64 a = line_at(&left, ts.t[i]), b = line_at(&right, ts.t[i]);
            if (a <= b) {
                height = ts.t[i];
                mast = a;
                met = 1;
            }
        }
    }
    if (inexact) {
        status = 0;
        goto done;
    }
    if (!met) {
        status = 2;
        goto done;
    }
    line *walls[2] = {&left, &right};
    for (int w = 0; w < 2; w++) { /* _up_to: points below the height, then the foot */
        line *f = walls[w];
        Py_ssize_t k = 0;
        for (Py_ssize_t i = 0; i < f->n; i++)
            if (f->t[i] < height) {
                f->t[k] = f->t[i];
                f->x[k] = f->x[i];
                k++;
            }
        f->n = k;
        if (line_push(f, height, mast)) goto done;
        simplified(f);
    }
    /* reduce the scale while every number is even */
    int reduce = 0;
    for (;;) {
        if (scale - reduce == 0) break;
        i64 bit = (i64)1 << reduce, all = mast | height;
        for (int w = 0; w < 2; w++)
            for (Py_ssize_t i = 0; i < walls[w]->n; i++) all |= walls[w]->t[i] | walls[w]->x[i];
        if (all & bit) break;
        reduce++;
    }
    for (int w = 0; w < 2; w++)
        for (Py_ssize_t i = 0; i < walls[w]->n; i++) {
            walls[w]->t[i] /= (i64)1 << reduce; /* exact: every number is a multiple */
            walls[w]->x[i] /= (i64)1 << reduce;
            if (too_big(walls[w]->t[i]) || too_big(walls[w]->x[i])) status = 2;
        }
    if (status == 2 || scale - reduce > TH_MAX_SCALE) {
        status = 2;
        goto done;
    }
    th_scale[g] = scale - reduce;
    th_mast[g] = mast / ((i64)1 << reduce);
    th_height[g] = height / ((i64)1 << reduce);
    th_at[g] = th_len;
    th_nl[g] = (int32_t)left.n;
    th_nr[g] = (int32_t)right.n;
    if (th_store_wall(&left) || th_store_wall(&right)) goto done;
    status = 1;
done:
    line_free(&left);
    line_free(&right);
    line_free(&other);
    line_free(&ts);
    return status;
}

/* 1 done, 2 gave up, -1 out of memory: the thermograph of one game whose options are done. */
static int th_compute(int32_t g) {
    if (n_left[g] == 0 || n_right[g] == 0) { /* an integer: the mast alone */
        i64 n = 0;
        if (n_left[g]) n = th_mast[LEFT(g)[0]] + 1; /* {n-1 |} */
        if (n_right[g]) n = th_mast[RIGHT(g)[0]] - 1; /* {| n+1} */
        if (too_big(n)) return 2;
        line f = {NULL, NULL, 0, 0, 0};
        if (line_push(&f, -1, n)) return -1;
        th_scale[g] = 0;
        th_mast[g] = n;
        th_height[g] = -1;
        th_at[g] = th_len;
        th_nl[g] = th_nr[g] = 1;
        int bad = th_store_wall(&f) || th_store_wall(&f);
        line_free(&f);
        return bad ? -1 : 1;
    }
    int scale = 0;
    const int32_t *o = LEFT(g);
    for (int32_t i = 0; i < n_left[g] + n_right[g]; i++)
        if (th_scale[o[i]] + 1 > scale) scale = th_scale[o[i]] + 1;
    for (; scale <= TH_MAX_SCALE + 2; scale++) {
        int status = th_at_scale(g, scale);
        if (status != 0) return status;
    }
    return 2;
}

/* The thermograph of root and its subpositions, options first, without deep recursion:
 * 1 done, 2 gave up (the Python code computes it), -1 out of memory. */
static int th_ensure(int32_t root) {
    if (th_cap < games_cap && th_grow()) return -1;
    if (th_state[root] == 0) {
        vec todo = {NULL, 0, 0};
        if (vec_push(&todo, root)) return -1;
        while (todo.n) {
            int32_t top = todo.v[todo.n - 1];
            if (th_state[top]) {
                todo.n--;
                continue;
            }
            int missing = 0, failed = 0;
            const int32_t *o = LEFT(top);
            for (int32_t i = 0; i < n_left[top] + n_right[top]; i++) {
                if (th_state[o[i]] == 0) {
                    missing = 1;
                    if (vec_push(&todo, o[i])) {
                        free(todo.v);
                        return -1;
                    }
                } else if (th_state[o[i]] == 2) {
                    failed = 1;
                }
            }
            if (missing) continue;
            todo.n--;
            int status = failed ? 2 : th_compute(top);
            if (status < 0) {
                free(todo.v);
                return -1;
            }
            th_state[top] = (int8_t)status;
        }
        free(todo.v);
    }
    return th_state[root];
}

/* thermograph(id) -> (K, left wall, right wall, mast, height), each number times 2^K, or
 * None: gave up (the Python code computes it). */
static PyObject *thermo(PyObject *self, PyObject *args) {
    long root;
    if (!PyArg_ParseTuple(args, "l", &root)) return NULL;
    if (root < 0 || root >= n_games) {
        PyErr_SetString(PyExc_ValueError, "a game not registered with the compiled core");
        return NULL;
    }
    int state = th_ensure((int32_t)root);
    if (state < 0) return PyErr_NoMemory();
    if (state != 1) Py_RETURN_NONE;
    PyObject *walls[2] = {NULL, NULL};
    for (int w = 0; w < 2; w++) {
        int32_t n = w ? th_nr[root] : th_nl[root];
        Py_ssize_t at = th_at[root] + (w ? 2 * (Py_ssize_t)th_nl[root] : 0);
        walls[w] = PyTuple_New(n);
        if (!walls[w]) goto fail;
        for (int32_t i = 0; i < n; i++) {
            PyObject *p = Py_BuildValue("(LL)", (long long)th_pool[at + 2 * i],
                                        (long long)th_pool[at + 2 * i + 1]);
            if (!p) goto fail;
            PyTuple_SET_ITEM(walls[w], i, p);
        }
    }
    PyObject *result = Py_BuildValue("(iOOLL)", th_scale[root], walls[0], walls[1],
                                     (long long)th_mast[root], (long long)th_height[root]);
    Py_DECREF(walls[0]);
    Py_DECREF(walls[1]);
    return result;
fail:
    Py_XDECREF(walls[0]);
    Py_XDECREF(walls[1]);
    return NULL;
}

/* ------------------------------------------------------------------ cooling */
/* cooling.py's cool on ids: G cooled by t (Siegel, CGT, Def. II.5.1) is G itself for an
 * integer, G's mean once t is above its temperature (the thermograph's height), else
 * {G^L_t - t | G^R_t + t} canonicalised. t = p / 2^k; each t cooled by gets an index, and
 * results are memoised in the table of sums under keys with the top bit set. DECLINE when a
 * thermograph gave up or a number leaves c_number's range (the Python code cools then). */
static i64 *cool_p = NULL;
static int *cool_k = NULL;
static Py_ssize_t cool_n = 0, cool_cap = 0;

static int32_t c_cool(int32_t g, uint64_t ti, long p, int k, int32_t minus, int32_t plus) {
    if (n_left[g] == 0 || n_right[g] == 0) return g; /* an integer stays itself */
    uint64_t key = ((uint64_t)1 << 63) | (ti << 31) | (uint64_t)g;
    int32_t found = sum_get(key);
    if (found >= 0) return found;
    int state = th_ensure(g);
    if (state < 0) return -1;
    if (state != 1) return DECLINE;
    /* colder than t: height / 2^scale < p / 2^k */
    if ((i128)th_height[g] * ((i128)1 << k) < (i128)p * ((i128)1 << th_scale[g])) {
        i64 mast = th_mast[g];
        int scale = th_scale[g];
        if (mast > (i64)MAX_INTEGER << scale || mast < -((i64)MAX_INTEGER << scale))
            return DECLINE;
        found = c_number((long)mast, scale);
        if (found < 0) return found;
        return sum_put(key, found) ? -1 : found;
    }
    vec l = {NULL, 0, 0}, r = {NULL, 0, 0}, nl = {NULL, 0, 0}, nr = {NULL, 0, 0};
    int32_t result = -1;
    for (int side = 0; side < 2; side++) {
        int32_t n = side ? n_right[g] : n_left[g];
        for (int32_t i = 0; i < n; i++) {
            int32_t o = side ? RIGHT(g)[i] : LEFT(g)[i]; /* read afresh: making games moves it */
            int32_t cooled = c_cool(o, ti, p, k, minus, plus);
            if (cooled >= 0) cooled = c_sum(cooled, side ? plus : minus);
            if (cooled < 0) {
                result = cooled;
                goto done;
            }
            if (vec_push(side ? &r : &l, cooled)) goto done;
        }
    }
    if (generation > UINT32_MAX - GENERATIONS_PER_CALL) forget_stamps();
    for (int side = 0; side < 2; side++) { /* distinct options, in place */
        vec *a = side ? &r : &l;
        uint32_t gen = next_generation();
        Py_ssize_t kept = 0;
        for (Py_ssize_t i = 0; i < a->n; i++)
            if (mark[a->v[i]] != gen) {
                mark[a->v[i]] = gen;
                a->v[kept++] = a->v[i];
            }
        a->n = kept;
    }
    if (simplify(&l, &r, &nl, &nr)) goto done;
    result = intern_c(nl.v, (int32_t)nl.n, nr.v, (int32_t)nr.n);
    if (result >= 0 && sum_put(key, result)) result = -1;
done:
    free(l.v);
    free(r.v);
    free(nl.v);
    free(nr.v);
    return result;
}

/* cool(g, p, k) -> the id of G cooled by t = p / 2^k, or -1: declined (k > 24, t < -1, t
 * above MAX_INTEGER, G born after day MAX_BIRTHDAY, or as c_cool declines). */
static PyObject *py_cool(PyObject *self, PyObject *args) {
    long g, p;
    int k;
    if (!PyArg_ParseTuple(args, "lli", &g, &p, &k)) return NULL;
    if (!registered(g)) return NULL;
    if (k < 0 || k > NUM_BITS || p > ((long)MAX_INTEGER << k) || p < -((long)1 << k) ||
        birthday[g] > MAX_BIRTHDAY) /* t past the numbers built here, t < -1, or too deep */
        return PyLong_FromLong(-1);
    leaves_init();
    Py_ssize_t ti = 0;
    while (ti < cool_n && !(cool_p[ti] == p && cool_k[ti] == k)) ti++;
    if (ti == cool_n) {
        if (cool_n == cool_cap) {
            Py_ssize_t cap = cool_cap ? cool_cap * 2 : 64;
            i64 *np = realloc(cool_p, (size_t)cap * sizeof(i64));
            if (!np) return PyErr_NoMemory();
            cool_p = np;
            int *nk = realloc(cool_k, (size_t)cap * sizeof(int));
            if (!nk) return PyErr_NoMemory();
            cool_k = nk;
            cool_cap = cap;
        }
        if (cool_n >= ((Py_ssize_t)1 << 30)) return PyLong_FromLong(-1);
        cool_p[cool_n] = p;
        cool_k[cool_n] = k;
        cool_n++;
    }
    int32_t minus = c_number(-p, k), plus = c_number(p, k);
    if (minus == DECLINE || plus == DECLINE) return PyLong_FromLong(-1);
    if (minus < 0 || plus < 0) return PyErr_NoMemory();
    int32_t made = c_cool((int32_t)g, (uint64_t)ti, p, k, minus, plus);
    if (made == DECLINE) return PyLong_FromLong(-1);
    if (made < 0) return PyErr_NoMemory();
    return PyLong_FromLong(made);
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

/* leq_fast(g, h): g <= h for two registered ids, or None when one is born after day
 * MAX_BIRTHDAY (the recursion would go deep: the caller compares them itself). */
static PyObject *leq_fast(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "leq_fast takes two game ids");
        return NULL;
    }
    long g = PyLong_AsLong(args[0]), h = PyLong_AsLong(args[1]);
    if ((g == -1 || h == -1) && PyErr_Occurred()) return NULL;
    if (g < 0 || h < 0 || g >= n_games || h >= n_games) {
        PyErr_SetString(PyExc_ValueError, "a game not registered with the compiled core");
        return NULL;
    }
    if (birthday[g] > MAX_BIRTHDAY || birthday[h] > MAX_BIRTHDAY) Py_RETURN_NONE;
    return PyBool_FromLong(leq((int32_t)g, (int32_t)h));
}

/* relation(g, h): 0 '=', 1 '>', 2 '<', 3 confused (order.compare's Relation, in that order)
 * for two registered ids, or None when one is born after day MAX_BIRTHDAY. */
static PyObject *relation(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "relation takes two game ids");
        return NULL;
    }
    long g = PyLong_AsLong(args[0]), h = PyLong_AsLong(args[1]);
    if ((g == -1 || h == -1) && PyErr_Occurred()) return NULL;
    if (g < 0 || h < 0 || g >= n_games || h >= n_games) {
        PyErr_SetString(PyExc_ValueError, "a game not registered with the compiled core");
        return NULL;
    }
    if (birthday[g] > MAX_BIRTHDAY || birthday[h] > MAX_BIRTHDAY) Py_RETURN_NONE;
    if (g == h) return PyLong_FromLong(0);
    int below = leq((int32_t)g, (int32_t)h), above = leq((int32_t)h, (int32_t)g);
    return PyLong_FromLong(below ? (above ? 0 : 2) : (above ? 1 : 3));
}

/* ------------------------------------------------------------------ the Game base type */
/* game.Game derives from GameBase: its `id` lives in the C struct, and `g <= h`, `g >= h`
 * on two games born by day MAX_BIRTHDAY are decided here, without a Python call (cgt-py's
 * comparisons are native too). Deeper games go to the Python order (`set_order`); `<` and
 * `>` are refused (games are partially ordered); `==` is identity (forms are interned). */
static PyObject *python_leq = NULL; /* order.leq, for games the compiled recursion declines */

static PyObject *game_richcompare(PyObject *a, PyObject *b, int op) {
    if (!PyObject_TypeCheck(b, &GameBaseType) || !PyObject_TypeCheck(a, &GameBaseType))
        Py_RETURN_NOTIMPLEMENTED;
    if (op == Py_EQ) return PyBool_FromLong(a == b);
    if (op == Py_NE) return PyBool_FromLong(a != b);
    if (op == Py_LT || op == Py_GT) {
        PyErr_SetString(PyExc_TypeError,
                        "games are partially ordered: use compare(g, h) or g <= h");
        return NULL;
    }
    if (op == Py_GE) { /* g >= h is h <= g */
        PyObject *t = a;
        a = b;
        b = t;
    }
    Py_ssize_t g = ((GameBaseObject *)a)->id, h = ((GameBaseObject *)b)->id;
    if (g >= 0 && h >= 0 && g < n_games && h < n_games && birthday[g] <= MAX_BIRTHDAY &&
        birthday[h] <= MAX_BIRTHDAY)
        return PyBool_FromLong(leq((int32_t)g, (int32_t)h));
    if (!python_leq) {
        PyErr_SetString(PyExc_RuntimeError, "endnim.cgt.order is not loaded");
        return NULL;
    }
    return PyObject_CallFunctionObjArgs(python_leq, a, b, NULL);
}

static PyMemberDef game_members[] = {
    {"id", T_PYSSIZET, offsetof(GameBaseObject, id), 0, "The game's index in the table."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject GameBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "endnim.cgt._core.GameBase",
    .tp_basicsize = sizeof(GameBaseObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The compiled part of endnim.cgt.game.Game: its id and its order.",
    .tp_richcompare = game_richcompare,
    .tp_members = game_members,
    .tp_new = PyType_GenericNew,
};

static PyObject *set_order(PyObject *self, PyObject *fn) {
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "set_order needs a function");
        return NULL;
    }
    Py_XSETREF(python_leq, Py_NewRef(fn));
    Py_RETURN_NONE;
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
    {"find", find, METH_VARARGS, "The id of the game with these sorted option ids, or -1."},
    {"leq", py_leq, METH_VARARGS, "g <= h for two registered ids (memoised)."},
    {"leq_fast", (PyCFunction)(void (*)(void))leq_fast, METH_FASTCALL,
     "g <= h for two registered ids, or None when one is born after day 2000."},
    {"relation", (PyCFunction)(void (*)(void))relation, METH_FASTCALL,
     "0 '=', 1 '>', 2 '<', 3 confused, or None when one is born after day 2000."},
    {"sum", py_sum, METH_VARARGS, "The id of G + H (canonical), or -1: declined."},
    {"negate", py_negate, METH_VARARGS, "The id of -G, or -1: declined."},
    {"cool", py_cool, METH_VARARGS, "The id of G cooled by p / 2^k, or -1: declined."},
    {"set_order", set_order, METH_O, "The Python g <= h, for games the core declines."},
    {"clear_memo", clear_memo, METH_NOARGS, "Forget every memoised comparison."},
    {"memo_size", memo_size, METH_NOARGS, "(comparisons memoised, the bound)."},
    {"count", count, METH_NOARGS, "Games registered."},
    {"read", read_game, METH_VARARGS,
     "The id of the game a text of braces, numbers, ups and stars writes, or -1: declined."},
    {"thermograph", thermo, METH_VARARGS,
     "(K, left wall, right wall, mast, height) times 2^K, or None: gave up."},
    {"materialise", materialise, METH_VARARGS,
     "Append the Game objects of the games made here (make(id, lefts, rights, born))."},
    {"made_since", made_since, METH_VARARGS,
     "[(left ids, right ids, birthday)] of the games registered from this id on."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "endnim.cgt's order and canonical simplification, compiled.",
                                    -1, methods};

PyMODINIT_FUNC PyInit__core(void) {
    id_name = PyUnicode_InternFromString("id");
    if (!id_name || memo_alloc(MEMO_MIN_BITS)) return NULL;
    GameBaseType.tp_hash = PyBaseObject_Type.tp_hash; /* identity: not inherited with a compare */
    if (PyType_Ready(&GameBaseType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "GameBase", (PyObject *)&GameBaseType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
