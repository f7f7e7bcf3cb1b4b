/*
 * The baseline the engine is measured against: a plain C implementation of the End-Nim interval
 * recurrence for G(N, N, N), written the obvious way (per-row and per-column bitsets of seen
 * values, a running lower bound on each mex, row-major order, one thread).
 *
 *   T_empty[x][y] = G(x y) (two piles), T_N[x][y] = G(x N y);
 *   T[x][y] = mex({T[x'][y] : x' < x} ∪ {T[x][y'] : y' < y}), borders from shorter strings.
 *
 * Usage: plain_kernel N [repeats]   prints "G seconds" (best of the repeats).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Fill T (n+1)x(n+1) given row 0 and column 0; returns nothing. */
static void table(int n, const int32_t *row0, const int32_t *col0, int32_t *T) {
    int maxv = 2 * n, W = maxv / 64 + 2;
    uint64_t *rb = calloc((size_t)(n + 1) * W, 8), *cb = calloc((size_t)(n + 1) * W, 8);
    int *rl = calloc(n + 1, sizeof(int)), *cl = calloc(n + 1, sizeof(int));
    for (int y = 0; y <= n; y++) T[y] = row0[y];
    for (int x = 1; x <= n; x++) T[x * (n + 1)] = col0[x];
    for (int y = 1; y <= n; y++) { int v = row0[y]; if (v <= maxv) cb[y * W + v / 64] |= 1ULL << (v % 64); }
    for (int x = 1; x <= n; x++) { int v = col0[x]; if (v <= maxv) rb[x * W + v / 64] |= 1ULL << (v % 64); }
    for (int x = 1; x <= n; x++) {
        uint64_t *r = rb + (size_t)x * W;
        for (int y = 1; y <= n; y++) {
            uint64_t *c = cb + (size_t)y * W;
            while (r[rl[x]] == ~0ULL) rl[x]++;
            while (c[cl[y]] == ~0ULL) cl[y]++;
            int w = rl[x] > cl[y] ? rl[x] : cl[y];
            while ((r[w] | c[w]) == ~0ULL) w++;
            int v = w * 64 + __builtin_ctzll(~(r[w] | c[w]));
            T[x * (n + 1) + y] = v;
            r[v / 64] |= 1ULL << (v % 64);
            c[v / 64] |= 1ULL << (v % 64);
        }
    }
    free(rb); free(cb); free(rl); free(cl);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000, repeats = argc > 2 ? atoi(argv[2]) : 3;
    double best = 1e30;
    int g = -1;
    for (int rep = 0; rep < repeats; rep++) {
        double t0 = now();
        int32_t *single = malloc((n + 1) * sizeof(int32_t));
        for (int i = 0; i <= n; i++) single[i] = i;               /* a lone pile is a nim heap */
        int32_t *T0 = malloc((size_t)(n + 1) * (n + 1) * sizeof(int32_t));
        table(n, single, single, T0);                              /* x·y */
        int32_t *row = malloc((n + 1) * sizeof(int32_t)), *col = malloc((n + 1) * sizeof(int32_t));
        for (int y = 0; y <= n; y++) row[y] = T0[n * (n + 1) + y];  /* N·y */
        for (int x = 0; x <= n; x++) col[x] = T0[x * (n + 1) + n];  /* x·N */
        int32_t *T1 = malloc((size_t)(n + 1) * (n + 1) * sizeof(int32_t));
        table(n, row, col, T1);                                    /* x·N·y */
        g = T1[(size_t)n * (n + 1) + n];
        double dt = now() - t0;
        if (dt < best) best = dt;
        free(single); free(T0); free(row); free(col); free(T1);
    }
    printf("%d %.6f\n", g, best);
    return 0;
}
