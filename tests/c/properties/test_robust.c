/* test_robust.c — regression tests for the robustness fixes found by the fuzzer
 * (tests/fuzz/), and the extreme-but-valid parameters of the conventions: halflife
 * 1e-6..1e6, dt 0..1e4, stiffness up to 1e8, damping ratio around 1, values up to 1e30.
 * Oracles: closed forms evaluated here in double (whose range holds every intermediate),
 * and RK4 in double (oracle.h) for the general spring. */
#include <float.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static int finite2(float a, float b) { return isfinite(a) && isfinite(b); }

/* Critical spring with goal g, goal velocity q, in double: rest point c = g + 2q/y. */
static void critical_ref(double *x, double *v, double g, double q, double h, double t)
{
    double y = 2 * ORACLE_LN2 / h, c = g + 2 * q / y, u = *x - c, e = exp(-y * t), j1 = *v + y * u;
    *x = c + e * (u + j1 * t);
    *v = e * (*v - j1 * y * t);
}

static void fuzz_regressions(void)
{
    /* quaternions too small for their squares (flushed to 0) still normalize */
    sp_quat q = { 1.7e-24f, 0, 0, 0 }, r;
    sp_quat_normalize(&r, &q);
    check_near("tiny quaternion normalizes to +x", r.x, 1.0, 1e-6);
    /* a rotation vector of many turns (|v|² overflows) still gives a unit quaternion */
    sp_vec3 big = { 2.3e29f, 0, 0 };
    sp_quat_from_scaled_angle_axis(&r, &big);
    check_near("huge rotation vector: unit quaternion", r.x * r.x + r.w * r.w, 1.0, 1e-6);
    /* the axis of a rotation just short of a full turn, with subnormal components */
    sp_quat near = { 5.3e-43f, 0, 1.8e-40f, -1 };
    sp_vec3 aa;
    sp_quat_to_scaled_angle_axis(&aa, &near);
    check_true("subnormal axis: finite angle-axis", isfinite(aa.x) && isfinite(aa.z));
    check_near("subnormal axis: angle 2π", sqrt((double)aa.x * aa.x + (double)aa.z * aa.z), 2 * ORACLE_PI,
               1e-6);

    /* critical frequency/halflife far from 1: d/4π and 4ln2/(4π·f) without the square */
    check_near("critical_frequency(4.7e-24)",
               sp_critical_frequency(4.7e-24f) / (4 * ORACLE_LN2 / 4.7e-24 / (4 * ORACLE_PI)), 1, 1e-6);
    check_near("critical_halflife(1e-30)",
               sp_critical_halflife(1e-30f) / (4 * ORACLE_LN2 / (4 * ORACLE_PI * 1e-30)), 1, 1e-6);

    /* −0 passes `halflife >= 0` (in JS too) and snaps like +0, instead of −Inf rates */
    check_true("damper_exact halflife −0 snaps",
               sp_damper_exact(-1.7e29f, 6.3e-39f, -0.0f, 2.5e-41f) == 6.3e-39f);
    check_true("halflife_to_damping(−0) = +Inf", sp_halflife_to_damping(-0.0f) == INFINITY);
    float x = 1, v = 2;
    sp_simple_spring_damper_exact(&x, &v, 3, -0.0f, 0.1f);
    check_true("simple spring halflife −0 snaps", x == 3 && v == 0);

    /* zero frequency, overflowing displacement: the potential is 0, not 0·Inf */
    float en = sp_spring_energy(1e30f, 3, 0, -1e30f, 3, 1e-9f); /* (1e-9·2e30)² overflows */
    check_true("energy at frequency 0 is 0", en == 0);

    /* tiny halflife and large state: y·x overflows, the state does not */
    double rx = 7.16e-43, rv = -1e30;
    x = 7.16e-43f, v = -1e30f;
    sp_simple_spring_damper_exact(&x, &v, -1e30f, 8.7e-31f, 8.72e-31f);
    critical_ref(&rx, &rv, -1e30, 0, 8.7e-31, 8.72e-31);
    check_true("tiny halflife simple spring: x finite", isfinite(x));
    check_near("tiny halflife simple spring x", x / rx, 1, 1e-5);

    /* a slow spring with a large goal velocity: its rest point 2q/y overflows */
    x = 1, v = 0, rx = 1, rv = 0;
    sp_critical_spring_damper_exact(&x, &v, 0, 1e30f, 1e6f, 10);
    critical_ref(&rx, &rv, 0, 1e30, 1e6, 10);
    check_near("slow spring, goal velocity 1e30: x", x / rx, 1, 1e-4);
    check_near("slow spring, goal velocity 1e30: v", v / rv, 1, 1e-4);

    /* tiny stiffness with a goal velocity: c = g + d·q/s overflows, x and v do not */
    /* (reference: the s → 0 limit v = q + (v0 − q)·e^(−dt), x = x0 + q·t + (v0 − q)(1 − e^(−dt))/d,
     * whose error O(s·|x|·t²) ≈ 1e-29 relative is far below float) */
    x = -0.5f, v = 2;
    sp_spring_damper_exact_stiffness(&x, &v, 1, 1e30f, 1e-30f, 2, 3);
    check_near("tiny stiffness, goal velocity: x", x / (-0.5 + 3e30 + (2 - 1e30) * -expm1(-6.0) / 2), 1,
               1e-5);
    check_near("tiny stiffness, goal velocity: v", v / (1e30 + (2 - 1e30) * exp(-6.0)), 1, 1e-5);
    /* … and at rest, d·q overflows float but c does not */
    x = 0, v = 0;
    sp_spring_damper_exact_stiffness(&x, &v, -6.43e29f, 2.6e29f, 9.01e7f, 1.56e9f, 2736);
    check_near("at rest at c = g + d·q/s", x / (-6.43e29 + 1.56e9 * 2.6e29 / 9.01e7), 1, 1e-5);
    /* y² overflows (halflife 1e-25): the over damped slow rate is s/(y + w), not (y² − w²)/(y + w) */
    x = 1, v = 0;
    sp_spring_damper_exact_stiffness(&x, &v, 0, 0, 100, 4 * SP_LN2 / 1e-25f, 0.01f);
    check_true("halflife 1e-25, stiffness 100: finite", finite2(x, v));
    check_near("halflife 1e-25: barely moves (creeps at rate s/d)", x,
               exp(-100 / (4 * ORACLE_LN2 / 1e-25) * 0.01), 1e-6);

    /* the character and the double spring at tiny halflives */
    float a = -9.5e29f;
    x = 1.6e-33f, v = 1.6e-33f;
    sp_spring_character_update(&x, &v, &a, 1.6e-33f, 1.6e-33f, 1.6e-33f);
    check_true("character, tiny halflife: finite", finite2(x, v) && isfinite(a));
    float xi = 4.6e-39f, vi = 0;
    x = 3.9e-42f, v = -1.1e11f;
    sp_double_spring_damper_exact(&x, &v, &xi, &vi, -1.1e11f, 1.02e-23f, 6.4e-39f);
    check_true("double spring, tiny halflife: finite", finite2(x, v) && finite2(xi, vi));

    /* a timed ramp too fast for float (|g − xi|/t_goal overflows) is a jump */
    x = 5.9e28f, v = 0, xi = 5.8e29f;
    sp_timed_spring_damper_exact(&x, &v, &xi, -4.7e-35f, 1.97e-35f, 404032, 4736, 0);
    rx = 5.9e28, rv = 0;
    critical_ref(&rx, &rv, -4.7e-35, 0, 404032, 4736);
    check_near("timed spring, instant ramp: x as the simple spring", x / rx, 1, 1e-5);
    check_true("timed spring, instant ramp: xi at g", xi == -4.7e-35f);

    /* the quaternion spring at a tiny halflife: y·j0 overflows */
    sp_quat qx = { 0, 0.6f, 0, 0.8f }, goal = { 0, 0, 0, 1 };
    sp_vec3 w = { 0, 0, 0 };
    sp_simple_spring_damper_exact_quat(&qx, &w, &goal, 1.18e-38f, 8.4e-39f);
    check_near("quat spring, tiny halflife: unit", qx.x * qx.x + qx.y * qx.y + qx.z * qx.z + qx.w * qx.w, 1,
               1e-6);
    check_true("quat spring, tiny halflife: finite velocity", isfinite(w.y));
}

/* The rewritten closed forms agree with double references at ordinary parameters. */
static void rewritten_forms(void)
{
    const double H[] = { 1e-6, 0.05, 0.3, 1e6 }, T[] = { 1e-4, 1.0 / 60, 0.5, 10 };
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            char name[96];
            float x = 2, v = -3;
            double rx = 2, rv = -3;
            sp_critical_spring_damper_exact(&x, &v, 0.5f, 0.7f, (float)H[i], (float)T[j]);
            critical_ref(&rx, &rv, 0.5, 0.7, (float)H[i], (float)T[j]);
            snprintf(name, sizeof name, "critical h=%g t=%g x", H[i], T[j]);
            check_near(name, x, rx, 2e-5);
            snprintf(name, sizeof name, "critical h=%g t=%g v", H[i], T[j]);
            /* the velocity scales with y = 2ln2/h: relative to (1 + y·|u0|) */
            check_near(name, v / (1 + 2 * ORACLE_LN2 / H[i] * 2), rv / (1 + 2 * ORACLE_LN2 / H[i] * 2), 2e-5);
        }
    /* over damped springs with goal velocity, through the new K(t) */
    const double S[] = { 1e-6, 1, 100, 1e8 };
    for (int i = 0; i < 4; i++)
        for (int j = 1; j < 4; j++) {
            double d = 3 * sqrt(S[i]) + 1;
            float x = 1, v = 0.5f;
            sp_spring_damper_exact_stiffness(&x, &v, -1, 2, (float)S[i], (float)d, (float)T[j]);
            oracle_spring p = { (float)S[i], (float)d, -1, 2 };
            double ox = 1, ov = 0.5;
            /* steps with h·d ≤ 0.05, inside RK4's stability region and accurate to ~1e-8 */
            oracle_spring_rk4(&p, &ox, &ov, (float)T[j], (int)fmax(20000, 20 * T[j] * d));
            char name[96];
            snprintf(name, sizeof name, "over damped q, s=%g t=%g x", S[i], T[j]);
            check_near(name, x, ox, 1e-4); /* RK4 with h·d ≤ 0.15 is good to 1e-6; float to 1e-6 of c */
            snprintf(name, sizeof name, "over damped q, s=%g t=%g v", S[i], T[j]);
            check_near(name, v, ov, 1e-4);
        }
    /* the double spring: its inner spring is the critical spring of halflife h/2, and the
     * outer one matches RK4 on the 4-dimensional system */
    float x = 1, v = 0, xi = 2, vi = 1;
    sp_double_spring_damper_exact(&x, &v, &xi, &vi, 0, 0.4f, 0.3f);
    double ix = 2, iv = 1;
    critical_ref(&ix, &iv, 0, 0, 0.2, 0.3);
    check_near("double spring inner x", xi, ix, 1e-6);
    check_near("double spring inner v", vi, iv, 1e-5);
    double k = 2 * ORACLE_LN2 / 0.2, X[4] = { 1, 0, 2, 1 }, hstep = 0.3 / 20000;
    for (int n = 0; n < 20000; n++) { /* RK4 on x' = v, v' = k²(xi − x) − 2k·v, same for xi toward 0 */
        double K[4][4], Y[4];
        for (int st = 0; st < 4; st++) {
            for (int m = 0; m < 4; m++)
                Y[m] = X[m] + (st == 0 ? 0 : (st == 3 ? hstep : hstep / 2) * K[st - 1][m]);
            K[st][0] = Y[1];
            K[st][1] = k * k * (Y[2] - Y[0]) - 2 * k * Y[1];
            K[st][2] = Y[3];
            K[st][3] = k * k * (0 - Y[2]) - 2 * k * Y[3];
        }
        for (int m = 0; m < 4; m++) X[m] += hstep / 6 * (K[0][m] + 2 * K[1][m] + 2 * K[2][m] + K[3][m]);
    }
    check_near("double spring outer x", x, X[0], 1e-5);
    check_near("double spring outer v", v, X[1], 1e-5);
}

/* Extreme but valid parameters: finite, no blow-up, and still right. */
static void extremes(void)
{
    const float H[] = { 1e-6f, 1e-3f, 1, 1e3f, 1e6f }, T[] = { 0, 1e-6f, 1.0f / 60, 1, 1e4f };
    const float X[] = { -1e30f, 1e30f };
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            for (int k = 0; k < 2; k++) {
                float x = X[k], v = -X[k], a = X[k];
                sp_simple_spring_damper_exact(&x, &v, -X[k], H[i], T[j]);
                check_true("simple spring extreme: finite", finite2(x, v));
                x = X[k], v = 0;
                sp_simple_spring_damper_exact(&x, &v, -X[k], H[i], T[j]);
                check_true("simple spring extreme from rest: between x0 and g",
                           fabsf(x) <= 1e30f * (1 + 1e-6f));
                x = X[k], v = 0;
                sp_spring_character_update(&x, &v, &a, -X[k], H[i], T[j]);
                check_true("character extreme: finite", finite2(x, v) && isfinite(a));
                x = X[k], v = -X[k];
                sp_spring_damper_exact(&x, &v, X[k], 0, 1591, H[i], T[j]); /* s = (2π·1591)² ≈ 1e8 */
                check_true("exact spring stiffness 1e8: finite", finite2(x, v));
                x = X[k], v = 0;
                float r = sp_damper_exact(x, -X[k], H[i], T[j]);
                check_true("damper extreme: within [x, g]", isfinite(r) && fabsf(r) <= 1e30f);
            }
    /* energy never grows: stiffness 1e8, dt 1e4, every ratio around 1 */
    const float Z[] = { 0.01f, 0.999f, 1, 1.001f, 100 };
    for (int i = 0; i < 5; i++) {
        float x = 1, v = 0;
        sp_spring_damper_exact_ratio(&x, &v, 0, 0, Z[i], 1e-3f, 1e4f);
        check_true("stiff spring, dt 1e4: at rest", fabsf(x) < 1e-6f && fabsf(v) < 1e-3f);
    }
    /* continuity across the critical boundary: ratio 1 ± 1e-6 gives the ratio-1 result */
    for (int j = 1; j < 4; j++) {
        float xc = 1, vc = 2, xl = 1, vl = 2, xh = 1, vh = 2;
        sp_spring_damper_exact_ratio(&xc, &vc, 0, 0.5f, 1, 0.2f, T[j]);
        sp_spring_damper_exact_ratio(&xl, &vl, 0, 0.5f, 1 - 1e-6f, 0.2f, T[j]);
        sp_spring_damper_exact_ratio(&xh, &vh, 0, 0.5f, 1 + 1e-6f, 0.2f, T[j]);
        /* d/dζ of the state is O(1)·t·y here, so 1e-6 in ζ moves it by ~1e-5 at most */
        check_near("continuity below critical x", xl, xc, 1e-5);
        check_near("continuity above critical x", xh, xc, 1e-5);
        check_near("continuity below critical v", vl, vc, 1e-4);
        check_near("continuity above critical v", vh, vc, 1e-4);
    }
    /* stiffness 1e8 against RK4 with goal velocity, under damped */
    float x = 0.25f, v = -1;
    sp_spring_damper_exact_stiffness(&x, &v, 0, 0.5f, 1e8f, 100, 0.01f);
    oracle_spring p = { 1e8, 100, 0, 0.5 };
    double ox = 0.25, ov = -1;
    oracle_spring_rk4(&p, &ox, &ov, 0.01, 200000); /* h·√s = 5e-4: RK4 error ~1e-13 */
    check_near("stiffness 1e8 x", x, ox, 1e-5);
    check_near("stiffness 1e8 v", v / 1e4, ov / 1e4, 1e-5); /* v scales with √s = 1e4 */
}

/* The fuzzer's quaternion spring at a subnormal halflife (fuzz_core, seed
 * quat_springs-velocity-overflow): y·s·e·angle, the true new angular velocity about the
 * axis of a half-turn offset, is 3.49e38 > FLT_MAX, so +Inf is the right answer there, and
 * the other components and the rotation are exact. Around that input (halflife scaled by
 * 0.93..4: below 4.07e-39 s, 2·ln2/halflife itself overflows and the spring snaps, as at
 * halflife 0) each velocity component is finite and accurate where the double closed form
 * is below FLT_MAX, and an infinity of the right sign where it is above. */
static void quat_velocity_overflow(void)
{
    const sp_quat x0 = { -0.000354243239f, 2.59240216e-43f, -1, 8.14921408e-10f },
                  g0 = { 5.86852789e-12f, 1.69895668e-38f, 0, -0.000354243239f };
    const sp_vec3 v0 = { -0.000354243239f, -9.9724442e+28f, -1.00000002e+30f };
    const float t = 4.11483307e-39f, scales[] = { 0.93f, 0.97f, 1, 1.02f, 1.05f, 1.1f, 1.5f, 2, 4 };
    int overflowed = 0, finite_near_max = 0;
    for (int k = 0; k < 9; k++) {
        float h = 4.44254213e-39f * scales[k];
        sp_quat x, g;
        sp_quat_normalize(&x, &x0);
        sp_quat_normalize(&g, &g0);
        sp_vec3 v = v0;
        oracle_quat ox = { x.x, x.y, x.z, x.w }, og = { g.x, g.y, g.z, g.w };
        double j[3], rv[3] = { v0.x, v0.y, v0.z };
        oracle_quat_log(j, oracle_quat_mul(oracle_quat_unit(ox), oracle_quat_conj(oracle_quat_unit(og))));
        oracle_critical_decay(j, rv, 3, h, t);
        oracle_quat rx = oracle_quat_mul(oracle_quat_exp(j), oracle_quat_unit(og));
        sp_simple_spring_damper_exact_quat(&x, &v, &g, h, t);
        char name[120];
        double dot = fabs(x.x * rx.x + x.y * rx.y + x.z * rx.z + x.w * rx.w);
        snprintf(name, sizeof name, "quat spring, halflife %.3g: the rotation", h);
        check_near(name, dot, 1, 1e-6);
        const float got[3] = { v.x, v.y, v.z };
        for (int c = 0; c < 3; c++) {
            snprintf(name, sizeof name, "quat spring, halflife %.3g: velocity[%d] (true %.4g)", h, c, rv[c]);
            if (fabs(rv[c]) < 0.999 * FLT_MAX) {
                check_true(name, isfinite(got[c]));
                check_near(name, got[c] / rv[c], 1, 1e-5);
                finite_near_max += fabs(rv[c]) > 1e38;
            } else if (fabs(rv[c]) > 1.001 * FLT_MAX) {
                check_true(name, isinf(got[c]) && (got[c] > 0) == (rv[c] > 0));
                overflowed++;
            }
        }
    }
    /* below 4.07e-39 s the rate 2·ln2/halflife overflows float and the spring snaps as at
     * halflife 0, even over a dt as short as the halflife (the README states this limit) */
    const float tiny[] = { 4e-39f, 1e-40f, 1.4e-45f };
    for (int k = 0; k < 3; k++) {
        float x = 1, v = 2;
        sp_critical_spring_damper_exact(&x, &v, 0.5f, 0, tiny[k], tiny[k]);
        check_true("subnormal halflife below 4.07e-39 s: a snap", x == 0.5f && v == 0);
    }
    /* the sweep does cross the boundary both ways */
    check_true("quat spring overflow sweep: some true velocities overflow", overflowed >= 3);
    check_true("quat spring overflow sweep: some just below FLT_MAX stay finite", finite_near_max >= 2);
}

int main(void)
{
    fuzz_regressions();
    quat_velocity_overflow();
    rewritten_forms();
    extremes();
    return testing_finish("test_robust");
}
