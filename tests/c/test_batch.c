/* test_batch.c — every batch kernel equals its scalar function element by element, bit
 * for bit, for shared and per-element halflives, dim 1..4 and counts that are not
 * multiples of the SIMD width (0, 1, 3, 5, 37); edge values dt = 0 and halflife = 0;
 * a NaN goal changes its own element only. (The pose inertializers: test_batch_pose.c.) */
#include <stdlib.h>
#include <string.h>
#include "sprung.h"
#include "testing.h"

#define MAXN 64
#define MAXF (MAXN * 4)

/* Bit-for-bit equality, any NaN equal to any NaN (the payload is not specified). */
static int same(float a, float b)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return memcmp(&a, &b, sizeof a) == 0;
}

static int same_all(const float *a, const float *b, int m)
{
    for (int j = 0; j < m; j++)
        if (!same(a[j], b[j])) return 0;
    return 1;
}

static unsigned rng = 12345u;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / 16777216.0f;
}

static float x0[MAXF], v0[MAXF], g[MAXF], q[MAXF], fr[MAXN], hl[MAXN];
static float bx[MAXF], bv[MAXF], sx[MAXF], sv[MAXF];

static void fill(int m, int n)
{
    for (int j = 0; j < m; j++) {
        x0[j] = rnd(-5, 5);
        v0[j] = rnd(-20, 20);
        g[j] = rnd(-5, 5);
        q[j] = rnd(-3, 3);
    }
    for (int j = 0; j < m; j += 3) q[j] = 0.0f; /* the q == 0 branch of the scalar function */
    for (int i = 0; i < n; i++) {
        hl[i] = rnd(0.01f, 1.0f);
        fr[i] = rnd(0.0f, 6.0f);
    }
    if (n > 2) hl[2] = 0.0f; /* snap */
}

static void reset(int m)
{
    memcpy(bx, x0, m * sizeof(float));
    memcpy(bv, v0, m * sizeof(float));
    memcpy(sx, x0, m * sizeof(float));
    memcpy(sv, v0, m * sizeof(float));
}

static void kernels_equal_scalar(int n, int dim, int per, float dt, int snap0)
{
    int m = n * dim;
    char name[128];
    fill(m, n);
    if (snap0) hl[0] = 0.0f;
#define H(j) (per ? hl[(j) / dim] : hl[0])
#define F(j) (per ? fr[(j) / dim] : fr[0])
#define CHECK(what)                                                                                          \
    do {                                                                                                     \
        snprintf(name, sizeof name, "%s n=%d dim=%d per=%d dt=%g", what, n, dim, per, dt);                   \
        check_true(name, same_all(bx, sx, m) && same_all(bv, sv, m));                                        \
    } while (0)

    reset(m);
    sp_damper_exact_batch(bx, g, hl, per, dt, n, dim);
    for (int j = 0; j < m; j++) sx[j] = sp_damper_exact(sx[j], g[j], H(j), dt);
    CHECK("damper_exact_batch");

    reset(m);
    sp_critical_spring_damper_exact_batch(bx, bv, g, q, hl, per, dt, n, dim);
    for (int j = 0; j < m; j++) sp_critical_spring_damper_exact(&sx[j], &sv[j], g[j], q[j], H(j), dt);
    CHECK("critical_spring_damper_exact_batch");

    reset(m);
    sp_simple_spring_damper_exact_batch(bx, bv, g, hl, per, dt, n, dim);
    for (int j = 0; j < m; j++) sp_simple_spring_damper_exact(&sx[j], &sv[j], g[j], H(j), dt);
    CHECK("simple_spring_damper_exact_batch");

    reset(m);
    sp_decay_spring_damper_exact_batch(bx, bv, hl, per, dt, n, dim);
    for (int j = 0; j < m; j++) sp_decay_spring_damper_exact(&sx[j], &sv[j], H(j), dt);
    CHECK("decay_spring_damper_exact_batch");

    reset(m);
    sp_spring_damper_exact_batch(bx, bv, g, q, fr, hl, per, dt, n, dim);
    for (int j = 0; j < m; j++) sp_spring_damper_exact(&sx[j], &sv[j], g[j], q[j], F(j), H(j), dt);
    CHECK("spring_damper_exact_batch");
#undef H
#undef F
#undef CHECK
}

static void quat_fill(float *x, float *v, int n)
{
    for (int i = 0; i < n; i++) {
        sp_quat r = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) }, u;
        sp_quat_normalize(&u, &r);
        x[4 * i] = u.x;
        x[4 * i + 1] = u.y;
        x[4 * i + 2] = u.z;
        x[4 * i + 3] = u.w;
        if (v)
            for (int c = 0; c < 3; c++) v[3 * i + c] = rnd(-4, 4);
    }
}

static void quat_kernels_equal_scalar(int n, int per, float dt)
{
    static float qx[MAXF], qv[MAXF], qg[MAXF], rx[MAXF], rv[MAXF];
    char name[128];
    fill(4 * n, n);
    quat_fill(qx, qv, n);
    quat_fill(qg, NULL, n);
    for (int decay = 0; decay < 2; decay++) {
        memcpy(rx, qx, sizeof qx);
        memcpy(rv, qv, sizeof qv);
        memcpy(bx, qx, sizeof qx);
        memcpy(bv, qv, sizeof qv);
        if (decay)
            sp_decay_spring_damper_exact_quat_batch(bx, bv, hl, per, dt, n);
        else
            sp_simple_spring_damper_exact_quat_batch(bx, bv, qg, hl, per, dt, n);
        for (int i = 0; i < n; i++) {
            sp_quat x = { rx[4 * i], rx[4 * i + 1], rx[4 * i + 2], rx[4 * i + 3] };
            sp_quat gq = { qg[4 * i], qg[4 * i + 1], qg[4 * i + 2], qg[4 * i + 3] };
            sp_vec3 v = { rv[3 * i], rv[3 * i + 1], rv[3 * i + 2] };
            float h = per ? hl[i] : hl[0];
            if (decay)
                sp_decay_spring_damper_exact_quat(&x, &v, h, dt);
            else
                sp_simple_spring_damper_exact_quat(&x, &v, &gq, h, dt);
            rx[4 * i] = x.x;
            rx[4 * i + 1] = x.y;
            rx[4 * i + 2] = x.z;
            rx[4 * i + 3] = x.w;
            rv[3 * i] = v.x;
            rv[3 * i + 1] = v.y;
            rv[3 * i + 2] = v.z;
        }
        snprintf(name, sizeof name, "%s_quat_batch n=%d per=%d dt=%g", decay ? "decay" : "simple", n, per,
                 dt);
        check_true(name, same_all(bx, rx, 4 * n) && same_all(bv, rv, 3 * n));
    }
}

/* A NaN (or Inf) goal, velocity or halflife in element k leaves every other element as
 * it would be without it. */
static void nan_isolation(void)
{
    int n = 37, dim = 3, m = n * dim, k = 17;
    fill(m, n);
    for (int per = 0; per < 2; per++) {
        float cx[MAXF], cv[MAXF];
        reset(m);
        sp_spring_damper_exact_batch(sx, sv, g, q, fr, hl, per, 1.0f / 60, n, dim);
        sp_critical_spring_damper_exact_batch(cx, cv, g, q, hl, per, 0.0f, 0, dim); /* n = 0: no-op */
        memcpy(cx, x0, sizeof cx);
        memcpy(cv, v0, sizeof cv);
        sp_critical_spring_damper_exact_batch(cx, cv, g, q, hl, per, 1.0f / 60, n, dim);
        float gk = g[k * dim + 1], hk = hl[k];
        g[k * dim + 1] = NAN;
        if (per) hl[k] = NAN;
        memcpy(bx, x0, sizeof bx);
        memcpy(bv, v0, sizeof bv);
        sp_critical_spring_damper_exact_batch(bx, bv, g, q, hl, per, 1.0f / 60, n, dim);
        int others = 1, mine = 0;
        for (int j = 0; j < m; j++) {
            if (j / dim == k)
                mine |= isnan(bx[j]);
            else
                others &= same(bx[j], cx[j]) && same(bv[j], cv[j]);
        }
        check_true(per ? "NaN goal and halflife change their element only (per element)"
                       : "NaN goal changes its element only (shared)",
                   others);
        check_true("the NaN element is NaN", mine);
        g[k * dim + 1] = gk;
        hl[k] = hk;
    }
}

int main(void)
{
    const int ns[] = { 0, 1, 3, 5, 37, MAXN };
    const float dts[] = { 1.0f / 60, 0.5f, 0.0f, 1e30f };
    for (int a = 0; a < 6; a++)
        for (int dim = 1; dim <= 4; dim++)
            for (int per = 0; per < 2; per++)
                for (int d = 0; d < 4; d++) kernels_equal_scalar(ns[a], dim, per, dts[d], 0);
    for (int a = 0; a < 6; a++)
        for (int per = 0; per < 2; per++)
            for (int d = 0; d < 4; d++) quat_kernels_equal_scalar(ns[a], per, dts[d]);
    /* shared halflife = 0 snaps every element, like the scalar functions */
    for (int per = 0; per < 2; per++) kernels_equal_scalar(5, 3, per, 0.1f, 1);
    nan_isolation();
    return testing_finish("test_batch");
}
