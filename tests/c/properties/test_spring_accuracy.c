/* test_spring_accuracy.c — the general exact spring (sp_spring_damper_exact and its
 * stiffness/ratio interfaces, and the batch) against RK4 in double, coefficient by
 * coefficient, over slow and fast springs in all three regimes and next to the critical
 * boundary, at small and large dt; its dt-invariance over long runs; and its range: every
 * finite frequency gives a finite state within the spring's energy envelope.
 *
 * One step is linear in the state: x' = g + xz·(x − g) + xv·v + xq·q. The three unit
 * responses (from x − g = 1; from v = 1; to a goal velocity q = 1 from rest at g) are
 * checked separately, each against its own size, so that a small term (the goal velocity's
 * push over one frame of a slow spring) is checked as strictly as a large one.
 *
 * Tolerance: float rounds each operation by 6e-8 and a few dozen operations enter each
 * coefficient; the phase w·dt and the exponent y·dt are themselves rounded floats, whose
 * error grows with them, hence 2e-5·(1 + w·dt + y·dt) relative. RK4 with h·max(ω, d) ≤ 0.02
 * is accurate to ~1e-10 here. */
#include <float.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"
#include "../../fuzz/reference.h" /* the article's implicit spring in double, shared with the fuzzer */

static char name[240];

/* The spring ODE for the three unit responses at once: y = (x1, v1, x2, v2, x3, v3), goal 0,
 * goal velocity 0, 0 and 1. */
typedef struct {
    double s, d;
} sd;

static void deriv3(double t, const double *y, double *dy, const void *ctx)
{
    (void)t;
    const sd *p = ctx;
    for (int r = 0; r < 3; r++) {
        double q = r == 2 ? 1.0 : 0.0;
        dy[2 * r] = y[2 * r + 1];
        dy[2 * r + 1] = -p->s * y[2 * r] + p->d * (q - y[2 * r + 1]);
    }
}

static void responses_rk4(double s, double d, double T, double out[6])
{
    const double init[6] = { 1, 0, 0, 1, 0, 0 };
    sd p = { s, d };
    double rate = fmax(sqrt(s), d);
    int n = (int)fmax(400.0, T * rate / 0.02);
    for (int i = 0; i < 6; i++) out[i] = init[i];
    oracle_rk4(deriv3, &p, 6, out, 0, T, n);
}

static double worst_ratio; /* largest |error| / tolerance seen */

static void near_tol(const char *what, double got, double want, double scale, double tol)
{
    double err = fabs(got - want), lim = tol * fmax(fabs(want), scale);
    worst_ratio = fmax(worst_ratio, err / lim);
    if (err <= lim)
        testing_passed++;
    else {
        testing_failed++;
        printf("FAIL %s: got %.9g, want %.9g (|err| %.3g > %.3g)\n", what, got, want, err, lim);
    }
}

/* One step of dt from the three unit states, by frequency (Hz) and halflife, all three rounded
 * to float first (the oracle solves the problem the library is given). */
static void check_responses(double f, double h, double dt)
{
    f = (float)f, h = (float)h, dt = (float)dt;
    double d = 4 * ORACLE_LN2 / h, s = pow(2 * ORACLE_PI * f, 2), y = d / 2, ref[6];
    responses_rk4(s, d, dt, ref);
    float got[6];
    float x = 1, v = 0;
    sp_spring_damper_exact(&x, &v, 0, 0, (float)f, (float)h, (float)dt);
    got[0] = x, got[1] = v;
    x = 0, v = 1;
    sp_spring_damper_exact(&x, &v, 0, 0, (float)f, (float)h, (float)dt);
    got[2] = x, got[3] = v;
    x = 0, v = 0;
    sp_spring_damper_exact(&x, &v, 0, 1, (float)f, (float)h, (float)dt);
    got[4] = x, got[5] = v;
    double phase = sqrt(fabs(s - y * y)) * dt, tol = 2e-5 * (1 + phase + y * dt);
    /* each response's natural size, below which it is checked absolutely (near its zero
     * crossings): from x = 1, |x| ≤ 1 and |v| ≤ min(√s, s·dt); from v = 1, |x| ≤ min(dt, 1/√s)
     * and |v| ≤ 1; the goal velocity's push on v grows as 2y·dt (at most 1), and on x it never
     * crosses zero, so it is checked relative to itself however small */
    const double scale[6] = { 1, fmin(sqrt(s), s * dt), fmin(dt, 1 / sqrt(s)), 1, 0, fmin(1, 2 * y * dt) };
    const char *what[6] = { "x from x", "v from x", "x from v", "v from v", "x from q", "v from q" };
    for (int i = 0; i < 6; i++) {
        snprintf(name, sizeof name, "f=%g h=%g dt=%g: %s", f, h, dt, what[i]);
        near_tol(name, got[i], ref[i], scale[i], tol);
    }
}

/* The case: one step from rest with goal velocity 50 of a 0.01 Hz spring with
 * halflife 20 s at 240 Hz moved x by 9.93e-5 instead of 6.02e-5 (+65 %); over 10 s the bias
 * accumulated, and 240 Hz, 120 Hz and one step of 10 s disagreed. */
static void slow_spring_goal_velocity(void)
{
    double s = pow(2 * ORACLE_PI * 0.01, 2), d = 4 * ORACLE_LN2 / 20;
    oracle_spring p = { s, d, 0, 50 };
    double ox = 0, ov = 0;
    oracle_spring_rk4(&p, &ox, &ov, 1.0 / 240, 1000);
    float x = 0, v = 0;
    sp_spring_damper_exact(&x, &v, 0, 50, 0.01f, 20, 1.0f / 240);
    check_near("0.01 Hz, halflife 20, q 50, one step of 1/240 s: x (relative)", x / ox, 1, 1e-5);
    check_near("… v (relative)", v / ov, 1, 1e-5);
    double tx = 0, tv = 0;
    oracle_spring_rk4(&p, &tx, &tv, 10, 100000);
    const int rates[] = { 240, 120, 30, 0 }; /* 0: one step of 10 s */
    for (int r = 0; r < 4; r++) {
        float cx = 0, cv = 0;
        int n = rates[r] ? rates[r] * 10 : 1;
        for (int k = 0; k < n; k++) sp_spring_damper_exact(&cx, &cv, 0, 50, 0.01f, 20, 10.0f / n);
        snprintf(name, sizeof name, "10 s in %d steps: x = %.4f against RK4 %.4f", n, cx, tx);
        check_near(name, cx / tx, 1, 2e-5);
        snprintf(name, sizeof name, "10 s in %d steps: v", n);
        check_near(name, cv / tv, 1, 2e-5);
    }
}

/* dt-invariance: n steps of dt, n/2 of 2·dt and one of n·dt give the same state, and that of
 * RK4, for slow and fast springs in every regime, with a goal velocity. */
static void dt_invariance(double f, double h)
{
    const float dts[] = { 1.0f / 240, 1.0f / 60 };
    f = (float)f, h = (float)h;
    double d = 4 * ORACLE_LN2 / h, s = pow(2 * ORACLE_PI * f, 2), y = d / 2;
    for (int k = 0; k < 2; k++) {
        int n = 48;
        float dt = dts[k], T = n * dt;
        oracle_spring p = { s, d, 0.5, 3 };
        double ox = 0.3, ov = -1;
        oracle_spring_rk4(&p, &ox, &ov, T, (int)fmax(2000, T * fmax(sqrt(s), d) / 0.02));
        float x1 = 0.3f, v1 = -1, x2 = 0.3f, v2 = -1, x3 = 0.3f, v3 = -1;
        for (int i = 0; i < n; i++) sp_spring_damper_exact(&x1, &v1, 0.5f, 3, (float)f, (float)h, dt);
        for (int i = 0; i < n / 2; i++) sp_spring_damper_exact(&x2, &v2, 0.5f, 3, (float)f, (float)h, 2 * dt);
        sp_spring_damper_exact(&x3, &v3, 0.5f, 3, (float)f, (float)h, T);
        /* n roundings of the state, and the phase and exponent rounding of each step: relative
         * to the distance travelled and the velocity that distance gives */
        double tol = 2e-5 * (1 + sqrt(fabs(s - y * y)) * T + y * T);
        double xs = fmax(fabs(ox - 0.5), 0.2 + 3 * T), vs = 1 + 3 + sqrt(s) * xs;
        snprintf(name, sizeof name, "dt-invariance f=%g h=%g dt=%g: x (%d steps, %d, 1)", f, h, dt, n, n / 2);
        check_true(name, fabs(x1 - ox) <= tol * xs && fabs(x2 - ox) <= tol * xs && fabs(x3 - ox) <= tol * xs);
        snprintf(name, sizeof name, "dt-invariance f=%g h=%g dt=%g: v", f, h, dt);
        check_true(name, fabs(v1 - ov) <= tol * vs && fabs(v2 - ov) <= tol * vs && fabs(v3 - ov) <= tol * vs);
    }
}

/* The three interfaces and the batch are one spring: stiffness = (2π·f)², ratio ζ = d/(2√s). */
static void interfaces_agree(void)
{
    const float F[] = { 0.003f, 0.2f, 7 }, H[] = { 0.05f, 2, 50 }, T[] = { 1e-4f, 1.0f / 60, 2 };
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                double s = pow(2 * ORACLE_PI * F[i], 2), d = 4 * ORACLE_LN2 / H[j];
                float x0 = 0.25f, v0 = -2, q = 40;
                float xf = x0, vf = v0, xs = x0, vs = v0, xr = x0, vr = v0;
                sp_spring_damper_exact(&xf, &vf, 1, q, F[i], H[j], T[k]);
                sp_spring_damper_exact_stiffness(&xs, &vs, 1, q, (float)s, (float)d, T[k]);
                sp_spring_damper_exact_ratio(&xr, &vr, 1, q, (float)(d / (2 * sqrt(s))), H[j], T[k]);
                float bx = x0, bv = v0, bg = 1, bf = F[i], bh = H[j];
                sp_spring_damper_exact_batch(&bx, &bv, &bg, &q, &bf, &bh, 0, T[k], 1, 1);
                double scale = fmax(1, fabs(xf));
                snprintf(name, sizeof name, "f=%g h=%g dt=%g: stiffness and ratio interfaces as frequency",
                         F[i], H[j], T[k]);
                check_true(name, fabs(xs - xf) <= 1e-5 * scale && fabs(xr - xf) <= 1e-5 * scale);
                snprintf(name, sizeof name, "f=%g h=%g dt=%g: batch = scalar bit for bit", F[i], H[j], T[k]);
                check_true(name, bx == xf && bv == vf);
            }
}

/* Every finite frequency (and stiffness, and damping ratio) steps to a finite state inside the
 * energy envelope about the goal: |x − g| ≤ √(v0²/s + u0²), |v| ≤ √(v0² + s·u0²) (q = 0). The
 * stiffness (2π·f)² overflows float from 2.9e18 Hz and 2π·f from 5.4e37 Hz; neither is formed. */
static void huge_frequencies(void)
{
    const float F[] = { 1e6f, 2.9e18f, 3e18f, 1e19f, 1e30f, 5.4e37f, 6e37f, FLT_MAX };
    const float T[] = { 1e-30f, 1.0f / 60, 1e4f }, H[] = { 1e-6f, 0.2f, 1e6f };
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                double w = fmin(2 * ORACLE_PI * F[i], FLT_MAX), s = w * w;
                const float U[] = { 0, 1e-25f }, V[] = { 1, 0 };
                for (int m = 0; m < 2; m++) {
                    float x = 2 + U[m], v = V[m];
                    sp_spring_damper_exact(&x, &v, 2, 0, F[i], H[j], T[k]);
                    double bu = sqrt((double)V[m] * V[m] / s + (double)U[m] * U[m]);
                    double bv = sqrt((double)V[m] * V[m] + s * U[m] * U[m]);
                    snprintf(name, sizeof name,
                             "frequency %g Hz, halflife %g, dt %g, state %d: finite in the envelope", F[i],
                             H[j], T[k], m);
                    check_true(name,
                               isfinite(x) && isfinite(v) && fabs(x - 2) <= bu * 1.001 + 2 * FLT_EPSILON
                                   && fabs(v) <= bv * 1.001);
                }
            }
    /* the helpers that take a frequency, against their definitions in double: the stiffness
     * (2π·f)² overflowed float in resonant_frequency (+Inf from 2.9e18 Hz), 2π·f in
     * spring_energy (NaN at x = x_rest from 5.4e37 Hz) and 4π·f in critical_halflife (0 for a
     * representable 3.7e-39 s) */
    const float FE[] = { 1, 3e18f, 1e30f, 6e37f, FLT_MAX };
    for (int i = 0; i < 5; i++) {
        double f = FE[i], w = 2 * ORACLE_PI * f, d = 4 * ORACLE_LN2 / 0.2;
        snprintf(name, sizeof name, "resonant_frequency(%g Hz, 0.2 s)", f);
        check_near(name, sp_resonant_frequency(FE[i], 0.2f) / (sqrt(w * w + d * d / 2) / (2 * ORACLE_PI)), 1,
                   1e-6);
        snprintf(name, sizeof name, "critical_halflife(%g Hz)", f);
        double hc = 4 * ORACLE_LN2 / (4 * ORACLE_PI * f); /* subnormal at the top: 2^−149 absolute */
        check_true(name, fabs(sp_critical_halflife(FE[i]) - hc) <= 1e-6 * hc + 1.5e-45);
        snprintf(name, sizeof name, "spring_energy at rest position, %g Hz", f);
        check_true(name, sp_spring_energy(2, 3, FE[i], 2, 0, 1) == 4.5f);
        snprintf(name, sizeof name, "spring_energy 1e-30 from rest, %g Hz", f);
        double e = pow(w * 1e-30, 2) / 2; /* (x − x_rest) is 1e-30 exactly as floats: 0 and 1e-30 */
        check_true(name, fabs(sp_spring_energy(1e-30f, 0, FE[i], 0, 0, 1) - e) <= 1e-6 * e + 1.5e-45);
    }
    /* stiffness FLT_MAX, and a damping ratio so small that d/2ζ overflows */
    float x = 1, v = 0;
    sp_spring_damper_exact_stiffness(&x, &v, 0, 0, FLT_MAX, 1, 1.0f / 60);
    check_true("stiffness FLT_MAX: finite, |x| ≤ 1", isfinite(x) && isfinite(v) && fabsf(x) <= 1.0f);
    x = 1, v = 0;
    sp_spring_damper_exact_ratio(&x, &v, 0, 0, 1e-38f, 1, 1.0f / 60);
    check_true("damping ratio 1e-38: finite, |x| ≤ 1", isfinite(x) && isfinite(v) && fabsf(x) <= 1.0f);
}

/* sp_spring_damper_implicit is the article's function: against the listing in double at
 * ordinary values (away from its eps boundary, and not strongly over damped, where the
 * listing's (d − √(d² − 4s))/2 cancels in float as the article wrote it), and finite for
 * states up to 1e30 and damping up to 1e30 wherever the listing in double is below 1e37, and
 * the rest point and amplitudes it forms too (its squares overflowed float from 1.8e19: states
 * of 1e20 gave ±Inf and NaN, damping 1e20 NaN). */
static void implicit_article_and_range(void)
{
    const double S[] = { 0.5, 10, 1e4, 1e8 }, D[] = { 0, 2, 20, 1e3, 1e8, 1e20, 1e30 };
    const double X[] = { -0.7, 2.5, 1e19, -1e25, 1e30, -1e30 };
    int far = 0, nonfinite = 0, compared = 0;
    double worst = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 7; j++)
            for (int k = 0; k < 6; k++)
                for (int m = 0; m < 4; m++) {
                    double s = (float)S[i], d = (float)D[j], dt = (float)(1.0 / 60), eps = (float)1e-5;
                    double x0 = (float)X[k], v0 = (float)X[(k + 1) % 6], g = (float)X[(k + m) % 6],
                           q = m == 3 ? (float)X[(k + 2) % 6] : 0.3;
                    double rx = x0, rv = v0, big;
                    ref_article_implicit(&rx, &rv, &big, g, q, s, d, dt, eps);
                    float x = (float)x0, v = (float)v0;
                    sp_spring_damper_implicit(&x, &v, (float)g, (float)q, (float)s, (float)d, (float)dt,
                                              (float)eps);
                    if (fmax(big, fmax(fabs(rx), fabs(rv))) < 1e37 && !(isfinite(x) && isfinite(v)))
                        nonfinite++;
                    int ordinary = fabs(x0) < 10 && fabs(v0) < 10 && fabs(g) < 10 && fabs(q) < 10 && d < 1e4
                        && fabs(s - d * d / 4) > 1e-3 && d * d < 16 * s;
                    if (ordinary) {
                        compared++;
                        double e = fmax(fabs(x - rx) / fmax(1, fabs(rx)),
                                        fabs(v - rv) / fmax(1, fabs(rv)) / (1 + d));
                        worst = fmax(worst, e);
                        far += e > 1e-5 * (1 + sqrt(s) * dt); /* the phase's rounding */
                        if (e > 1e-5 * (1 + sqrt(s) * dt))
                            printf("FAR s=%g d=%g x=%g v=%g g=%g q=%g: %.9g %.9g ref %.9g %.9g\n", s, d, x0,
                                   v0, g, q, x, v, rx, rv);
                    }
                }
    /* the fuzzer's input (fuzz_core seed spring_damper_implicit-amplitude-scaling): a state of
     * 7e9, not large, divided by w² + eps = 2.75e-30 overflowed the square before its root */
    {
        double rx = -1.74323341e+09, rv = -6.97300531e+09, big;
        ref_article_implicit(&rx, &rv, &big, 3.50817397e-38f, 3.44383111e-41f, 1.75028513e-30f,
                             1.75096184e-30f, 1.82626692e-09f, 1e-30f);
        float x = -1.74323341e+09f, v = -6.97300531e+09f;
        sp_spring_damper_implicit(&x, &v, 3.50817397e-38f, 3.44383111e-41f, 1.75028513e-30f, 1.75096184e-30f,
                                  1.82626692e-09f, 1e-30f);
        /* its amplitude j = 4.2e24 times a cosine near 0 (the approximate atan puts the phase near
         * π/2): float and double agree only to that amplitude's rounding, so the check is finite
         * and within the amplitude about c */
        check_true("implicit spring, state 7e9 over w² + eps 2.75e-30: finite within its amplitude",
                   isfinite(x) && isfinite(v) && fabs(x) <= 1.001 * big && fabs(rx) <= 1.001 * big);
    }
    printf("implicit spring against the article's listing in double: %d cases, worst %.2g\n", compared,
           worst);
    check_true("implicit spring = the article's listing at ordinary values (1e-5)", compared > 0 && far == 0);
    check_true("implicit spring finite wherever the listing in double is", nonfinite == 0);
}

int main(void)
{
    slow_spring_goal_velocity();
    const double H[] = { 1e-3, 0.05, 1, 20, 1e3 }, DT[] = { 1e-6, 1e-4, 1.0 / 240, 1.0 / 30, 0.5, 4 };
    for (int j = 0; j < 5; j++) {
        /* slow to fast, and the critical frequency 2ln2/(2π·h) with its neighbours at 1 ± 1e-7,
         * 1 ± 1e-3 (near critical from either side) and 1/30 (strongly over damped) */
        double fc = 2 * ORACLE_LN2 / H[j] / (2 * ORACLE_PI);
        const double F[] = { 1e-4,       0.01,       0.3,    3, 30, fc, fc * (1 + 1e-7), fc * (1 - 1e-7),
                             fc * 1.001, fc * 0.999, fc / 30 };
        for (int i = 0; i < 11; i++)
            for (int k = 0; k < 6; k++) check_responses(F[i], H[j], DT[k]);
        for (int i = 0; i < 11; i += 2) dt_invariance(F[i], H[j]);
    }
    printf("unit responses against RK4: worst |error| / tolerance %.3f\n", worst_ratio);
    interfaces_agree();
    huge_frequencies();
    implicit_article_and_range();
    return testing_finish("test_spring_accuracy");
}
