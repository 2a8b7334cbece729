/* test_batch.c — every batch kernel equals its scalar function element by element, bit
 * for bit, for shared and per-element halflives, dim 1..4 and counts that are not
 * multiples of the SIMD width (0, 1, 3, 5, 37); edge values dt = 0 and halflife = 0;
 * a NaN goal changes its own element only. The pose inertializer equals the scalar
 * functions bone by bone and is continuous across a transition. */
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

/* The pose inertializer equals, bone by bone, the scalar inertializers: the article's
 * transition and update formulas on positions and velocities, sp_inertialize_transition_quat /
 * sp_inertialize_update_quat on rotations and angular velocities. */
static void pose(int n)
{
    enum { B = 70 }; /* more than one chunk of the SIMD kernel (64 bones) */
    static float src[13 * B], dst[13 * B], in[13 * B], off[13 * B], out[13 * B], roff[13 * B];
    const float h = 0.15f, dt = 1.0f / 60;
    for (int j = 0; j < 6 * n; j++) {
        src[j] = rnd(-1, 1);
        dst[j] = rnd(-1, 1);
        in[j] = rnd(-1, 1);
    }
    for (int j = 10 * n; j < 13 * n; j++) {
        src[j] = rnd(-3, 3);
        dst[j] = rnd(-3, 3);
        in[j] = rnd(-3, 3);
    }
    quat_fill(src + 6 * n, NULL, n);
    quat_fill(dst + 6 * n, NULL, n);
    quat_fill(in + 6 * n, NULL, n);
    memset(off, 0, sizeof off);
    for (int i = 0; i < n; i++) off[6 * n + 4 * i + 3] = 1.0f;
    memcpy(roff, off, sizeof off);

    /* transition at dt = 0 continues src exactly where it was: out = dst + off ≈ src */
    sp_inertialize_pose_transition(off, src, dst, n);
    sp_inertialize_pose_update(out, off, dst, h, 0.0f, n);
    /* positions and velocities: (src − dst) + dst, two roundings of values ≤ 2 */
    for (int j = 0; j < 6 * n; j++)
        check_near("pose transition keeps position/velocity at dt = 0", out[j], src[j], 5e-7);
    for (int j = 10 * n; j < 13 * n; j++)
        check_near("pose transition keeps angular velocity at dt = 0", out[j], src[j], 1e-6);
    /* rotations: |cos| of half the angle between out and src is 1 up to the rounding of
     * three quaternion products (a few 1e-7) */
    for (int i = 0; i < n; i++) {
        const float *a = out + 6 * n + 4 * i, *b = src + 6 * n + 4 * i;
        check_near("pose transition keeps rotation at dt = 0",
                   fabsf(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]), 1.0, 1e-6);
    }

    /* the reference: article formulas on the scalar API */
    for (int j = 0; j < 3 * n; j++) {
        roff[j] = (src[j] + roff[j]) - dst[j];
        roff[3 * n + j] = (src[3 * n + j] + roff[3 * n + j]) - dst[3 * n + j];
    }
    for (int i = 0; i < n; i++) {
        float *o = roff + 6 * n + 4 * i, *w = roff + 10 * n + 3 * i;
        const float *s = src + 6 * n + 4 * i, *d = dst + 6 * n + 4 * i, *sv = src + 10 * n + 3 * i,
                    *dv = dst + 10 * n + 3 * i;
        sp_quat oq = { o[0], o[1], o[2], o[3] }, sq = { s[0], s[1], s[2], s[3] },
                dq = { d[0], d[1], d[2], d[3] };
        sp_vec3 ov = { w[0], w[1], w[2] }, svv = { sv[0], sv[1], sv[2] }, dvv = { dv[0], dv[1], dv[2] };
        sp_inertialize_transition_quat(&oq, &ov, &sq, &svv, &dq, &dvv);
        o[0] = oq.x;
        o[1] = oq.y;
        o[2] = oq.z;
        o[3] = oq.w;
        w[0] = ov.x;
        w[1] = ov.y;
        w[2] = ov.z;
    }
    check_true("pose transition = scalar inertializers", same_all(off, roff, 13 * n));

    sp_inertialize_pose_update(out, off, in, h, dt, n);
    float rout[13 * B];
    for (int j = 0; j < 3 * n; j++) {
        sp_decay_spring_damper_exact(&roff[j], &roff[3 * n + j], h, dt);
        rout[j] = in[j] + roff[j];
        rout[3 * n + j] = in[3 * n + j] + roff[3 * n + j];
    }
    for (int i = 0; i < n; i++) {
        float *o = roff + 6 * n + 4 * i, *w = roff + 10 * n + 3 * i;
        const float *iq = in + 6 * n + 4 * i;
        const float *iv = in + 10 * n + 3 * i;
        sp_quat oq = { o[0], o[1], o[2], o[3] }, iqq = { iq[0], iq[1], iq[2], iq[3] }, r;
        sp_vec3 ov = { w[0], w[1], w[2] }, ivv = { iv[0], iv[1], iv[2] }, rv;
        sp_inertialize_update_quat(&r, &rv, &oq, &ov, &iqq, &ivv, h, dt);
        o[0] = oq.x;
        o[1] = oq.y;
        o[2] = oq.z;
        o[3] = oq.w;
        w[0] = ov.x;
        w[1] = ov.y;
        w[2] = ov.z;
        float *ro = rout + 6 * n + 4 * i;
        ro[0] = r.x;
        ro[1] = r.y;
        ro[2] = r.z;
        ro[3] = r.w;
        rout[10 * n + 3 * i] = rv.x;
        rout[10 * n + 3 * i + 1] = rv.y;
        rout[10 * n + 3 * i + 2] = rv.z;
    }
    char name[64];
    snprintf(name, sizeof name, "pose update = scalar springs (n=%d)", n);
    check_true(name, same_all(off, roff, 13 * n) && same_all(out, rout, 13 * n));

    /* A second transition in the middle of the blend (the offset rotation is not the
     * identity now): at dt = 0 after it the output is what was showing, rotation and world
     * angular velocity included. Tolerance: a few roundings of products of values ≤ 3. */
    float before[13 * B], next[13 * B];
    sp_inertialize_pose_update(before, off, in, h, 0.0f, n);
    for (int j = 0; j < 6 * n; j++) next[j] = rnd(-1, 1);
    for (int j = 10 * n; j < 13 * n; j++) next[j] = rnd(-3, 3);
    quat_fill(next + 6 * n, NULL, n);
    sp_inertialize_pose_transition(off, in, next, n);
    sp_inertialize_pose_update(out, off, next, h, 0.0f, n);
    for (int j = 0; j < 6 * n; j++)
        check_near("pose: position/velocity kept across a mid-blend transition", out[j], before[j], 2e-6);
    for (int j = 10 * n; j < 13 * n; j++)
        check_near("pose: angular velocity kept across a mid-blend transition", out[j], before[j], 1e-5);
    for (int i = 0; i < n; i++) {
        const float *a = out + 6 * n + 4 * i, *b = before + 6 * n + 4 * i;
        check_near("pose: rotation kept across a mid-blend transition",
                   fabsf(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]), 1.0, 2e-6);
    }

    /* The output angular velocity is the angular velocity of the output rotation off·in: with
     * a fixed offset rotation (zero offset angular velocity, a halflife so long that nothing
     * decays in 1 ms) and the input turning at in_v, the output turns at off·in_v. Checked
     * against the finite difference log(out(t+τ)·out(t)⁻¹)/τ of the output rotation itself;
     * tolerance: float rounding of unit quaternions (~1e-7) over τ = 1e-3. */
    const float tau = 1e-3f;
    float in2[13 * B], out2[13 * B];
    memcpy(in2, in, sizeof in2);
    for (int i = 0; i < n; i++) {
        float *o = off + 6 * n + 4 * i, *w = off + 10 * n + 3 * i;
        sp_quat r;
        quat_fill(&r.x, NULL, 1);
        o[0] = r.x;
        o[1] = r.y;
        o[2] = r.z;
        o[3] = r.w;
        w[0] = w[1] = w[2] = 0.0f;
        const float *iv = in + 10 * n + 3 * i;
        sp_vec3 step = { iv[0] * tau, iv[1] * tau, iv[2] * tau };
        sp_quat turn,
            iq = { in[6 * n + 4 * i], in[6 * n + 4 * i + 1], in[6 * n + 4 * i + 2], in[6 * n + 4 * i + 3] },
            iq2;
        sp_quat_from_scaled_angle_axis(&turn, &step);
        sp_quat_mul(&iq2, &turn, &iq);
        memcpy(in2 + 6 * n + 4 * i, &iq2, sizeof iq2);
    }
    sp_inertialize_pose_update(out, off, in, 1e6f, 0.0f, n);
    sp_inertialize_pose_update(out2, off, in2, 1e6f, tau, n);
    for (int i = 0; i < n; i++) {
        const float *a = out + 6 * n + 4 * i, *b = out2 + 6 * n + 4 * i;
        sp_quat qa = { a[0], a[1], a[2], a[3] }, qb = { b[0], b[1], b[2], b[3] }, ia, d;
        sp_quat_inv(&ia, &qa);
        sp_quat_mul(&d, &qb, &ia);
        sp_quat_abs(&d, &d);
        sp_vec3 fd;
        sp_quat_to_scaled_angle_axis(&fd, &d);
        const float *w = out + 10 * n + 3 * i;
        check_near("pose: output angular velocity = that of the output rotation (x)", fd.x / tau, w[0], 2e-3);
        check_near("pose: output angular velocity = that of the output rotation (y)", fd.y / tau, w[1], 2e-3);
        check_near("pose: output angular velocity = that of the output rotation (z)", fd.z / tau, w[2], 2e-3);
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
    pose(1);
    pose(11);
    pose(70);
    return testing_finish("test_batch");
}
