/* test_robust_fuzz.c — regression tests for the findings of the fuzz harnesses over the
 * tracking, character, adjustment, inertialization and transition-cost functions
 * (tests/fuzz/fuzz_motion.c, fuzz_inert.c). Each input is the one the fuzzer reported (or
 * its essence); the oracles are closed forms evaluated here in double. */
#include <limits.h>
#include <stdlib.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static double dist3(sp_vec3 a, sp_vec3 b)
{
    return sqrt(pow((double)a.x - b.x, 2) + pow((double)a.y - b.y, 2) + pow((double)a.z - b.z, 2));
}

static void tracking(void)
{
    /* gains 0 (or rounding 1 − gain to 1): no tracking at all, frequency 0 and halflife +Inf
     * (was halflife −Inf: −ln 1 = −0) */
    float fr, hl;
    sp_tracking_gains_to_spring(5.6e-39f, 1.8e-37f, 9.4e-38f, &fr, &hl);
    check_true("gains ~0: frequency +0, halflife +Inf", fr == 0 && !signbit(fr) && hl == INFINITY);
    /* reference_dt² underflowing to 0 gave 0/0 = NaN */
    sp_tracking_gains_to_spring(-1, -1, 1.5e-36f, &fr, &hl);
    check_true("gains clamped to 0, tiny dt: frequency 0", fr == 0 && hl == INFINITY);
    /* the frequency scales as 1/reference_dt (the map's logarithms over dt): no dt² formed */
    float f1, h1, f2, h2;
    sp_tracking_gains_to_spring(0.3f, 0.4f, 1.0f, &f1, &h1);
    sp_tracking_gains_to_spring(0.3f, 0.4f, 1e-30f, &f2, &h2);
    check_near("gains → spring at dt 1e-30: frequency · dt", f2 * 1e-30, f1, 1e-6);
    check_near("gains → spring at dt 1e-30: halflife / dt", h2 / 1e-30, h1, 1e-6);
    /* x_gain 0: one eigenvalue is exactly 1 (ln = 0); rounding may put it a hair above 1,
     * and a negative ln·ln gave a NaN frequency. Its stiffness is 0. */
    for (float kv = 0.05f; kv < 1; kv += 0.05f) {
        sp_tracking_gains_to_spring(0, kv, 1.0f / 60, &fr, &hl);
        check_true("x_gain 0: frequency ≥ 0, not NaN", fr >= 0 && fr < 1e-2f);
        /* damping −ln(1 − kv)/dt */
        check_near("x_gain 0: halflife", hl, 4 * ORACLE_LN2 / (-log(1.0 - kv) * 60), 1e-5);
    }

    /* (x_goal − x)/dt overflowed for small dt although gain·(x_goal − x)/dt does not */
    float x = 0, v = 0;
    sp_tracking_spring_update_no_velocity_acceleration(&x, &v, 1e30f, 1e-20f, 1e-10f);
    check_near("gain tracker, dt 1e-10: v = gain·Δx/dt", v / 1e20, 1e-20 * 1e30 / 1e-10 / 1e20, 1e-6);
    check_near("gain tracker, dt 1e-10: x = gain·Δx", x / 1e10, 1e-20 * 1e30 / 1e10, 1e-6);
    /* the improved tracker, the fuzzer's input: fraction 1 − 2^(−dt/h) ≈ 8.6e-18 of −9e40 */
    x = 6.77620981e-18f, v = -1.00000002e+30f;
    double rv = v, rx = x, f;
    sp_tracking_spring_update_improved(&x, &v, -1.00000002e+30f, -1.97798851e+29f, 1.98239453e-10f, 880192,
                                       381440, 0, 1.0970779e-11f);
    rv = rv + 1.98239453e-10 * 1.0970779e-11; /* a_halflife 0: snap */
    f = -expm1(-ORACLE_LN2 * 1.0970779e-11 / 381440), rv += f * (-1.97798851e+29 - rv);
    f = -expm1(-ORACLE_LN2 * 1.0970779e-11 / 880192), rv += f * ((-1.00000002e+30 - rx) / 1.0970779e-11 - rv);
    rx += 1.0970779e-11 * rv;
    check_true("improved tracker, dt 1e-11: finite", isfinite(x) && isfinite(v));
    check_near("improved tracker, dt 1e-11: v", v / rv, 1, 1e-5);
}

static void adjustment(void)
{
    /* a distance whose square underflows (|a|² < 1e-45) was length 0: never clamped */
    sp_vec3 c = { -2.02666499e-28f, 0, 0 }, s = { 0, 0, 0 }, o;
    sp_clamp_character_position(&o, &c, &s, 0);
    check_true("tiny distance clamps to 0", o.x == 0 && o.y == 0 && o.z == 0);
    sp_vec3 c2 = { 3e-30f, 4e-30f, 0 };
    sp_clamp_character_position(&o, &c2, &s, 2.5e-30f);
    check_near("tiny distance clamped to half (relative)", dist3(o, s) / 2.5e-30, 1, 1e-6);
    /* max_distance / length below the normal floats lost its digits (subnormal ratio) */
    sp_vec3 far = { -1e30f, -1e30f, -1e30f };
    float md = 9.8439425e-12f;
    sp_clamp_character_position(&o, &far, &s, md);
    check_near("huge distance clamped to 1e-11 (relative)", dist3(o, s) / md, 1, 1e-6);
    /* halflife −0 (passes `≥ 0`) made the fraction 1 − e^(+Inf) = −Inf */
    sp_vec3 g = { 1, -2, 3 };
    sp_damp_adjustment_exact_v3(&o, &g, -0.0f, 0.1f);
    check_true("adjustment, halflife −0 snaps", o.x == 1 && o.y == -2 && o.z == 3);
    sp_adjust_character_position(&o, &c2, &g, -0.0f, 0.1f);
    check_true("adjust position, halflife −0 snaps", o.x == 1 && o.y == -2 && o.z == 3);
}

static void inertializers(void)
{
    /* cubic velocity: τ/blendtime overflowed for tiny blend times */
    float x = 4.37653536e-41f, v = 1.66607423e-27f, bt = 1.76325386e-41f, t = 1.70958413e-43f, ox, ov;
    sp_decayed_offset_cubic(&ox, &ov, x, v, bt, t);
    double tau = (double)t / bt, u = 1 - tau;
    double rv = u * (v * (1 - 3 * tau) - 6 * (double)x * tau / bt);
    check_true("cubic, blendtime 1.8e-41: finite velocity", isfinite(ov));
    check_near("cubic, blendtime 1.8e-41: velocity", ov, rv, 1e-5);
    /* dead blending: dα/dt = 6τ(1 − τ)/blendtime overflowed for tiny blend times */
    float ex = 0, ev = -8.51609811e+29f, et = 7.00649232e-45f, ix = 2.32277684e-35f, iv = 8.85638566e-39f;
    bt = 8.61238036e-42f;
    sp_dead_blending_evaluate(&ox, &ov, ex, ev, et, ix, iv, 0, bt);
    tau = (double)et / bt;
    double a = tau * tau * (3 - 2 * tau), sx = ex; /* halflife 0: the source stops at once */
    double want = (1 - a) * 0 + a * iv + 6 * tau * (1 - tau) / bt * (ix - sx);
    check_true("dead blending, blendtime 8.6e-42: finite velocity", isfinite(ov));
    check_near("dead blending, blendtime 8.6e-42: velocity", ov / want, 1, 1e-4); /* subnormal et: ~1e-5 */
    /* halflife −0 in dead blending was λ = −Inf: velocity e^(+Inf·t) = Inf */
    float px, pv;
    sp_dead_blending_evaluate(&ox, &ov, 1, 2, 0.1f, 0, 0, -0.0f, 0.5f);
    sp_dead_blending_evaluate(&px, &pv, 1, 2, 0.1f, 0, 0, 0.0f, 0.5f);
    check_true("dead blending, halflife −0 = +0", ox == px && ov == pv && isfinite(ov));
}

/* ∫₀^∞ |e^(−yt)·(x + (v + xy)·t)| dt in double: the crossing split of the closed form. */
static double spring_displacement(double x, double v, double h)
{
    double y = 2 * ORACLE_LN2 / h, j = v + x * y;
    if (x * j < 0) {
        double ts = -x / j, e = exp(-y * ts);
        double head = (x + j / y) / y - e * ((x + j * ts) + j / y) / y; /* ∫₀^t* */
        double tail = e * ((x + j * ts) + j / y) / y;                   /* ∫t*^∞ */
        return fabs(head) + fabs(tail);
    }
    return fabs((2 * x * y + v) / (y * y));
}

static void costs(void)
{
    /* a tiny halflife: (kernel/y) was subnormal before the final scaling (8e-4 off) */
    float got = sp_decay_spring_damper_displacement(-9.14145927e+24f, 8.84261084e+29f, 2.38606853e-38f);
    check_near("spring displacement, halflife 2.4e-38",
               got / spring_displacement(-9.14145927e+24, 8.84261084e+29, 2.38606853e-38), 1, 1e-5);
    got = sp_decay_spring_damper_displacement(-2290.1106f, 9.00297485e+29f, 9.36328233e-30f);
    check_near("spring displacement, crossing, halflife 9e-30",
               got / spring_displacement(-2290.1106, 9.00297485e+29, 9.36328233e-30), 1, 1e-5);
    /* dead blending, halflife 0: the source stops at once, the offset is P(τ)·x and its
     * displacement blendtime·|x|/2; x was flushed to 0 beside the (unused) huge v·blendtime */
    got = sp_dead_blending_displacement(2.78153876e-35f, 1.13408881e+10f, 0, 929792);
    check_near("dead blending displacement, halflife 0", got / (929792 * 2.78153876e-35 / 2), 1, 1e-6);
    /* and a tiny halflife: the velocity moves the source by v·halflife/ln2 at most */
    double h = 1e-30, btd = 1, xd = 1e-25, vd = 1e10; /* λ·blendtime = 7e29: x + v/λ, held */
    got = sp_dead_blending_displacement((float)xd, (float)vd, (float)h, (float)btd);
    check_near("dead blending displacement, halflife 1e-30",
               got / (btd * fabs(xd + vd * (float)h / ORACLE_LN2) / 2), 1, 1e-5);
    /* halflife −0 in dead blending costs was a rate of −Inf (NaN) */
    check_true("dead blending displacement, halflife −0 = +0",
               sp_dead_blending_displacement(-0.0038f, -5e29f, -0.0f, 4.4e-41f)
                   == sp_dead_blending_displacement(-0.0038f, -5e29f, 0, 4.4e-41f));
    /* the quintic's regime depends on the sign of x: a negligible x flushed to 0 lost it.
     * x < 0 moving away from zero (v < 0): Bollo's clamp, displacement blendtime²·|v|/10 */
    float bt = 1.77525632e-17f;
    got = sp_decay_quintic_displacement(-2.0834494e-34f, -1e30f, bt);
    check_near("quintic displacement, negligible x < 0", got / ((double)bt * bt * 1e30 / 10), 1, 1e-5);
    /* grids of more than INT_MAX cells write nothing (nx·ny overflowed int) */
    float cell = -1;
    check_true("landscape of 65536² cells: 0",
               sp_transition_cost_landscape(&cell, 65536, 65536, 0, 1, 0, 1, 0, 0, 1, 1, 1) == 0
                   && cell == -1);
    check_true("features of rows·dims > INT_MAX: 0",
               sp_inertialization_features(&cell, &cell, &cell, INT_MAX, 2, 0, 1, 1) == 0 && cell == -1);
}

int main(void)
{
    tracking();
    adjustment();
    inertializers();
    costs();
    return testing_finish("test_robust_fuzz");
}
