/* test_subnormal.c — decaying states reach exactly 0 instead of sticking at a subnormal
 * (where x·e^(−y·dt) can round back to x, and WebAssembly pays about ten times per
 * operation). Each decay is stepped until the closed form, in double, falls below the
 * smallest normal float; a few steps later the float state must be exactly 0 (or the
 * identity rotation), must never hold a subnormal on the way (the slow numbers), and must stay
 * put; the batch kernels and the pose inertializer equal the scalar functions bit for bit all
 * the way down. */
#include <string.h>
#include "sprung.h"
#include "testing.h"

#define TINY 1.1754943508222875e-38     /* 2^−126 */
#define TINY_ANGLE 7.52316384526264e-37 /* 2^−120: the quaternion springs' angle flush */
static const double LN2 = 0.69314718055994530942;

static int subnormal(float x) { return x != 0.0f && fabsf(x) < (float)TINY; }

/* The exact critical decay from (x0, v0): e^(−yt)·(x0 + j·t), j = v0 + x0·y; and the first
 * step n at which |x| and |v| (and all later values) are below `tiny_x` and `tiny_v`. */
static int oracle_settle_step(double x0, double v0, double halflife, double dt, double tiny_x, double tiny_v)
{
    double y = 2 * LN2 / halflife, j = v0 + x0 * y;
    for (int n = 1; n < 100000; n++) {
        double t = n * dt, e = exp(-y * t);
        double x = e * (x0 + j * t), v = e * (v0 - j * y * t);
        /* past the turning point of |x + j·t|·e^(−yt), so later values are smaller still */
        if (fabs(x) < tiny_x && fabs(v) < tiny_v && t > 2 / y + fabs(x0 / (j == 0 ? 1 : j))) return n;
    }
    return 100000;
}

static void critical_scalar_and_batch(float x0, float v0, float halflife, float dt)
{
    enum { N = 5 };
    char what[160];
    float x = x0, v = v0, bx[N], bv[N], hl[N];
    for (int i = 0; i < N; i++) {
        bx[i] = x0;
        bv[i] = v0;
        hl[i] = halflife;
    }
    int settle = oracle_settle_step(x0, v0, halflife, dt, TINY, TINY);
    int reached = -1, stuck = 0, bad = 0;
    for (int n = 1; n <= settle + 3; n++) {
        sp_decay_spring_damper_exact(&x, &v, halflife, dt);
        sp_decay_spring_damper_exact_batch(bx, bv, hl, 0, dt, 2, 1);
        sp_decay_spring_damper_exact_batch(bx + 2, bv + 2, hl + 2, 1, dt, 3, 1);
        for (int i = 0; i < N; i++) bad |= memcmp(&bx[i], &x, 4) != 0 || memcmp(&bv[i], &v, 4) != 0;
        stuck |= subnormal(x) || subnormal(v);
        if (reached < 0 && x == 0.0f && v == 0.0f) reached = n;
        if (n == 10 && fabsf(x0) > 1e-30f) { /* still the spring: the closed form in double */
            double y = 2 * LN2 / halflife, t = 10.0 * dt, j = v0 + (double)x0 * y;
            snprintf(what, sizeof what, "decay spring from (%g, %g): x after 10 steps", x0, v0);
            check_near(what, x / (exp(-y * t) * (x0 + j * t)), 1, 1e-5);
        }
    }
    snprintf(what, sizeof what,
             "decay spring from (%g, %g), halflife %g, dt %g: exactly 0 by step %d (got %d)", x0, v0,
             halflife, dt, settle + 3, reached);
    check_true(what, reached > 0);
    check_true("  no subnormal state on the way", !stuck);
    check_true("  the batch (shared and per-element halflife) equals the scalar function", !bad);
    for (int n = 0; n < 100; n++) sp_decay_spring_damper_exact(&x, &v, halflife, dt);
    check_true("  and stays at 0", x == 0.0f && v == 0.0f);
}

static void springs_toward_zero(void)
{
    /* the simple spring toward goal 0, and the general spring (both regimes) */
    float x = 3, v = -1;
    int n = 0;
    while (n < 2000 && !(x == 0.0f && v == 0.0f)) {
        sp_simple_spring_damper_exact(&x, &v, 0.0f, 0.2f, 1.0f / 60.0f);
        n++;
    }
    check_true("simple spring toward 0 reaches exactly 0",
               x == 0.0f && v == 0.0f && n <= 1.1 * oracle_settle_step(3, -1, 0.2, 1 / 60.0, TINY, TINY));
    float freqs[2] = { 2.0f, 0.3f }; /* under and over damped at halflife 0.2 s */
    for (int f = 0; f < 2; f++) {
        x = 3;
        v = -1;
        int stuck = 0;
        /* the slowest rate: y (under damped), or y1 = s/(y + √(y² − s)) (over damped); a bound
         * on the steps to fall from about 4 below 2^−126 at that rate, with margin: the last
         * stretch is slower, once v (about y1·x) is flushed before x */
        double s2 = pow(2 * 3.14159265358979 * freqs[f], 2), y = 2 * LN2 / 0.2;
        double rate = s2 > y * y ? y : s2 / (y + sqrt(y * y - s2));
        int bound = (int)(1.5 * (log(4.0) + 126 * LN2 + 5) / (rate / 60.0));
        for (n = 0; n < bound && !(x == 0.0f && v == 0.0f); n++) {
            sp_spring_damper_exact(&x, &v, 0.0f, 0.0f, freqs[f], 0.2f, 1.0f / 60.0f);
            stuck |= subnormal(x) || subnormal(v);
        }
        check_true(f ? "over damped spring toward 0 reaches exactly 0"
                     : "under damped spring toward 0 reaches exactly 0",
                   x == 0.0f && v == 0.0f && !stuck);
    }
    /* a subnormal goal is still reached exactly (only the decaying part is flushed) */
    x = 1;
    v = 0;
    for (n = 0; n < 2000; n++) sp_simple_spring_damper_exact(&x, &v, 3e-39f, 0.1f, 1.0f / 60.0f);
    check_true("simple spring toward a subnormal goal reaches it exactly", x == 3e-39f && v == 0.0f);
}

static void dampers(void)
{
    float x = 1, b[3] = { 1, 1, 1 }, g[3] = { 0, 0, 0 }, h = 0.1f, dt = 1.0f / 60.0f, d = 1;
    /* x·2^(−dt/h) per step: below 2^−126 after 126·h/dt steps */
    int bound = (int)ceil(126 * h / dt) + 2, reached = -1, bad = 0, stuck = 0;
    for (int n = 1; n <= bound; n++) {
        x = sp_damper_exact(x, 0.0f, h, dt);
        d = sp_damper_decay_exact(d, h, dt);
        sp_damper_exact_batch(b, g, &h, 0, dt, 3, 1);
        bad |= memcmp(&b[1], &x, 4) != 0 || memcmp(&d, &x, 4) != 0;
        stuck |= subnormal(x);
        if (reached < 0 && x == 0.0f) reached = n;
    }
    check_true("damper toward 0 reaches exactly 0 within 126·halflife/dt steps", reached > 0 && !stuck);
    check_true("  damper_decay_exact and the damper batch equal it", !bad);
    check_true("damper toward a subnormal goal reaches it", sp_damper_exact(1, 3e-39f, 0.0f, dt) == 3e-39f);
    /* the flush only where the damper decays toward 0 (fuzz findings): dt = 0 keeps a subnormal,
     * and toward a tiny goal the result stays between x and the goal */
    check_true("damper, dt 0: a subnormal state unchanged",
               sp_damper_exact(2.24e-44f, 0, 0, 0) == 2.24e-44f
                   && sp_damper_decay_exact(2.24e-44f, 0.1f, 0) == 2.24e-44f);
    float tiny = -1.18010406e-38f, r = sp_damper_exact(tiny, tiny, 1.18e-38f, 1.18e-38f);
    check_true("damper between x and a tiny goal", r == tiny);
}

/* The quaternion springs: a rotation decays to the identity exactly, and a rotation toward
 * a goal about x keeps no subnormal y and z components; batches equal the scalar functions. */
static void quaternions(void)
{
    float h = 0.1f, dt = 1.0f / 60.0f;
    sp_quat q = { 0.3f, -0.2f, 0.5f, 0 };
    q.w = sqrtf(1 - q.x * q.x - q.y * q.y - q.z * q.z);
    sp_vec3 w = { 2, -1, 0.5f };
    float bx[8], bv[6];
    for (int i = 0; i < 2; i++) {
        memcpy(bx + 4 * i, &q, 16);
        memcpy(bv + 3 * i, &w, 12);
    }
    /* the angle is 2·asin(|xyz|) about an axis; as a scaled axis j0 = 2·log(q) */
    sp_vec3 j0;
    sp_quat_to_scaled_angle_axis(&j0, &q);
    int settle = 0;
    float j0c[3] = { j0.x, j0.y, j0.z }, w0c[3] = { w.x, w.y, w.z };
    for (int c = 0; c < 3; c++) {
        int s = oracle_settle_step(j0c[c], w0c[c], h, dt, TINY_ANGLE, TINY);
        settle = s > settle ? s : settle;
    }
    int reached = -1, bad = 0, stuck = 0;
    for (int n = 1; n <= settle + 3; n++) {
        sp_decay_spring_damper_exact_quat(&q, &w, h, dt);
        sp_decay_spring_damper_exact_quat_batch(bx, bv, &h, 0, dt, 2);
        bad |= memcmp(bx, &q, 16) != 0 || memcmp(bv, &w, 12) != 0 || memcmp(bx + 4, &q, 16) != 0;
        stuck |= subnormal(q.x) || subnormal(q.y) || subnormal(q.z) || subnormal(w.x) || subnormal(w.y)
            || subnormal(w.z);
        if (reached < 0 && q.x == 0 && q.y == 0 && q.z == 0 && q.w == 1 && w.x == 0 && w.y == 0 && w.z == 0)
            reached = n;
    }
    check_true("decay quaternion spring reaches the identity exactly", reached > 0);
    check_true("  no subnormal component on the way", !stuck);
    check_true("  the batch equals the scalar function", !bad);

    /* toward a goal about x: the other components of the rotation vanish */
    sp_quat goal = { sinf(0.5f), 0, 0, cosf(0.5f) };
    sp_quat r = { 0.1f, 0.2f, 0.3f, 0 };
    r.w = sqrtf(1 - 0.14f);
    sp_vec3 rv = { 0.5f, 0.1f, -0.2f };
    float g4[4] = { goal.x, goal.y, goal.z, goal.w }, rx[4], rvb[3];
    memcpy(rx, &r, 16);
    memcpy(rvb, &rv, 12);
    bad = stuck = 0;
    for (int n = 0; n < 2000; n++) {
        sp_simple_spring_damper_exact_quat(&r, &rv, &goal, h, dt);
        sp_simple_spring_damper_exact_quat_batch(rx, rvb, g4, &h, 0, dt, 1);
        bad |= memcmp(rx, &r, 16) != 0 || memcmp(rvb, &rv, 12) != 0;
        stuck |= subnormal(r.x) || subnormal(r.y) || subnormal(r.z) || subnormal(rv.x) || subnormal(rv.y)
            || subnormal(rv.z);
    }
    check_true("quaternion spring toward a goal about x: y and z become exactly 0", r.y == 0 && r.z == 0);
    /* about x it stops where rounding puts it (an offset of an ulp or so, not a subnormal) */
    check_true("  its angular velocity about y and z exactly 0",
               rv.y == 0 && rv.z == 0 && fabsf(rv.x) < 1e-5f);
    check_true("  no subnormal on the way, and the batch equals the scalar function", !stuck && !bad);
}

/* The pose inertializer after a transition: every offset reaches exactly 0 (rotations the
 * identity), bone by bone equal to the scalar inertializers all the way. */
static void pose(void)
{
    enum { B = 5, L = 13 * B };
    float src[L], dst[L], off[L], out[L];
    for (int j = 0; j < L; j++) {
        src[j] = sinf(1.0f + (float)j);
        dst[j] = cosf(2.0f + 0.5f * (float)j);
        off[j] = 0;
    }
    for (int r = 6 * B; r < 10 * B; r += 4) {
        float *qs[2] = { src + r, dst + r };
        for (int k = 0; k < 2; k++) {
            float l =
                sqrtf(qs[k][0] * qs[k][0] + qs[k][1] * qs[k][1] + qs[k][2] * qs[k][2] + qs[k][3] * qs[k][3]);
            for (int c = 0; c < 4; c++) qs[k][c] /= l;
        }
        off[r + 3] = 1;
    }
    sp_inertialize_pose_transition(off, src, dst, B);
    /* the reference: the scalar inertializers per component and per bone */
    float px[3 * B], pv[3 * B];
    sp_quat rq[B];
    sp_vec3 rw[B];
    memcpy(px, off, sizeof px);
    memcpy(pv, off + 3 * B, sizeof pv);
    memcpy(rq, off + 6 * B, sizeof rq);
    memcpy(rw, off + 10 * B, sizeof rw);
    float h = 0.1f, dt = 1.0f / 60.0f;
    int reached = -1, bad = 0, stuck = 0;
    for (int n = 1; n <= 1500; n++) {
        sp_inertialize_pose_update(out, off, dst, h, dt, B);
        for (int j = 0; j < 3 * B; j++) {
            float ox, ov;
            sp_inertialize_update(&ox, &ov, &px[j], &pv[j], dst[j], dst[3 * B + j], h, dt);
            bad |= memcmp(&ox, &out[j], 4) != 0 || memcmp(&ov, &out[3 * B + j], 4) != 0;
        }
        for (int b = 0; b < B; b++) {
            sp_quat oq;
            sp_vec3 ow;
            sp_inertialize_update_quat(&oq, &ow, &rq[b], &rw[b], (const sp_quat *)(dst + 6 * B + 4 * b),
                                       (const sp_vec3 *)(dst + 10 * B + 3 * b), h, dt);
            bad |= memcmp(&oq, out + 6 * B + 4 * b, 16) != 0 || memcmp(&ow, out + 10 * B + 3 * b, 12) != 0;
        }
        int zero = 1;
        for (int j = 0; j < L; j++) {
            int is_w = j >= 6 * B && j < 10 * B && (j - 6 * B) % 4 == 3;
            zero &= is_w ? off[j] == 1.0f : off[j] == 0.0f;
            stuck |= subnormal(off[j]) || subnormal(out[j]);
        }
        if (reached < 0 && zero) reached = n;
    }
    /* halflife 0.1 s: y = 13.9/s; offsets of order 1 fall below 2^−126 within about 7 s */
    int bound = oracle_settle_step(4, 4, h, dt, TINY, TINY);
    char what[120];
    snprintf(what, sizeof what, "pose offsets exactly 0 (identity rotations) by step %d (reached at %d)",
             bound + 3, reached);
    check_true(what, reached > 0 && reached <= bound + 3);
    check_true("  no subnormal in the offset or the output on the way", !stuck);
    check_true("  every bone equals the scalar inertializers", !bad);
    check_true("  the output is then the input exactly", memcmp(out, dst, sizeof out) == 0);
}

int main(void)
{
    critical_scalar_and_batch(1, 0, 0.1f, 1.0f / 60.0f);
    critical_scalar_and_batch(-3e5f, 70, 0.5f, 1.0f / 144.0f);
    critical_scalar_and_batch(2e-30f, -1e-29f, 0.05f, 0.01f);
    critical_scalar_and_batch(1e-38f, 0, 1.0f, 1.0f / 60.0f);
    springs_toward_zero();
    dampers();
    quaternions();
    pose();
    return testing_finish("test_subnormal");
}
