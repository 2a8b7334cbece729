/* test_transition_cost.c — every displacement against adaptive Simpson quadrature, in double,
 * of |offset(t)| with each offset written out here from its definition (not from c/);
 * features against the approximate cost; landscapes against single calls; the search
 * against a ranking by approximate cost. */
#include <stdlib.h>
#include <string.h>
#include "sprung.h"
#include "testing.h"
#define ORACLE_LN2 0.693147180559945309

/* ---- offsets, from the definitions ---- */
typedef struct {
    int kind;
    double x, v, halflife, blendtime;
    double t1, a0;
} offset_def;

/* Critical spring toward 0: x(t) = e^(−yt)·(x0 + (v0 + x0·y)·t), y = 2 ln2 / halflife. */
static double spring_offset(const offset_def *o, double t)
{
    double y = 2.0 * ORACLE_LN2 / o->halflife;
    return exp(-y * t) * (o->x + (o->v + o->x * y) * t);
}
/* The article's cubic a τ³ + b τ² + c τ + d. */
static double cubic_offset(const offset_def *o, double t)
{
    double z = o->blendtime, tau = t / z;
    if (tau >= 1.0) return 0.0;
    double d = o->x, c = o->v * z, b = -3 * d - 2 * c, a = 2 * d + c;
    return ((a * tau + b) * tau + c) * tau + d;
}
/* Quintic through x0, v0, a0 at 0 and 0, 0, 0 at t1 (coefficients solved by hand from the
 * six conditions), with Bollo's a0 and t1 rules set up in quintic_setup. */
static void quintic_setup(offset_def *o)
{
    double x0 = o->x, v0 = o->v, t1 = o->blendtime;
    if (x0 * v0 < 0 && -5 * x0 / v0 < t1) t1 = -5 * x0 / v0;
    double a0 = (-8 * v0 * t1 - 20 * x0) / (t1 * t1);
    if (x0 >= 0 && a0 < 0) a0 = 0;
    if (x0 < 0 && a0 > 0) a0 = 0;
    o->t1 = t1;
    o->a0 = a0;
}
static void quintic_all(const offset_def *o, double t, double *x, double *v, double *a)
{
    double t1 = o->t1, x0 = o->x, v0 = o->v, a0 = o->a0;
    if (t >= t1) {
        *x = *v = *a = 0;
        return;
    }
    double A = -(a0 * t1 * t1 + 6 * v0 * t1 + 12 * x0) / (2 * pow(t1, 5));
    double B = (3 * a0 * t1 * t1 + 16 * v0 * t1 + 30 * x0) / (2 * pow(t1, 4));
    double C = -(3 * a0 * t1 * t1 + 12 * v0 * t1 + 20 * x0) / (2 * pow(t1, 3));
    *x = ((((A * t + B) * t + C) * t + a0 / 2) * t + v0) * t + x0;
    *v = (((5 * A * t + 4 * B) * t + 3 * C) * t + a0) * t + v0;
    *a = ((20 * A * t + 12 * B) * t + 6 * C) * t + a0;
}
static double quintic_offset(const offset_def *o, double t)
{
    double x, v, a;
    quintic_all(o, t, &x, &v, &a);
    return x;
}
/* Dead blending with source and destination extrapolated alike:
 * (1 − smoothstep(t/z))·(x + v·(1 − e^(−λt))/λ), λ = ln2/halflife. */
static double dead_offset(const offset_def *o, double t)
{
    double z = o->blendtime, tau = t / z;
    if (tau >= 1.0) return 0.0;
    double lambda = ORACLE_LN2 / o->halflife;
    double ext = lambda > 0 ? (1.0 - exp(-lambda * t)) / lambda : t;
    return (1.0 - tau * tau * (3.0 - 2.0 * tau)) * (o->x + o->v * ext);
}
static double offset_at(const offset_def *o, double t)
{
    switch (o->kind) {
    case 0:
        return spring_offset(o, t);
    case 1:
        return cubic_offset(o, t);
    case 2:
        return quintic_offset(o, t);
    default:
        return dead_offset(o, t);
    }
}

/* ---- adaptive Simpson quadrature of |offset| in double ---- */
static double abs_off(const offset_def *o, double t) { return fabs(offset_at(o, t)); }
static double simpson_rec(const offset_def *o, double a, double b, double fa, double fm, double fb,
                          double whole, double tol, int depth)
{
    if (!isfinite(whole)) return whole; /* a non-finite integrand is a failure, found quickly */
    double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
    double flm = abs_off(o, lm), frm = abs_off(o, rm);
    double left = (m - a) / 6 * (fa + 4 * flm + fm), right = (b - m) / 6 * (fm + 4 * frm + fb);
    if (depth <= 0 || fabs(left + right - whole) <= 15 * tol
        || fabs(left + right - whole) <= 1e-13 * fabs(left + right))
        return left + right + (left + right - whole) / 15;
    return simpson_rec(o, a, m, fa, flm, fm, left, tol / 2, depth - 1)
        + simpson_rec(o, m, b, fm, frm, fb, right, tol / 2, depth - 1);
}
/* ∫ₐᵇ |offset|, split in 64 panels first so that no feature hides between samples. */
static double quadrature(const offset_def *o, double a, double b, double tol)
{
    double sum = 0;
    for (int i = 0; i < 64; i++) {
        double l = a + (b - a) * i / 64, r = a + (b - a) * (i + 1) / 64, m = 0.5 * (l + r);
        double fl = abs_off(o, l), fm = abs_off(o, m), fr = abs_off(o, r);
        sum += simpson_rec(o, l, r, fl, fm, fr, (r - l) / 6 * (fl + 4 * fm + fr), tol / 64, 30);
    }
    return sum;
}

static double oracle_displacement(offset_def *o)
{
    double scale = fabs(o->x) + fabs(o->v) * (o->kind == 0 ? o->halflife : o->blendtime);
    double tol = 1e-12 * scale * (o->kind == 0 ? o->halflife : o->blendtime) + 1e-300;
    if (o->kind == 0) {
        /* e^(−yt)·(poly) is below 1e-30 of its scale after 110/y: integrate to there */
        double y = 2.0 * ORACLE_LN2 / o->halflife;
        return quadrature(o, 0.0, 110.0 / y, tol);
    }
    if (o->kind == 2) {
        quintic_setup(o);
        return quadrature(o, 0.0, o->t1, tol);
    }
    return quadrature(o, 0.0, o->blendtime, tol);
}

static float library_displacement(const offset_def *o)
{
    float x = (float)o->x, v = (float)o->v, h = (float)o->halflife, z = (float)o->blendtime;
    switch (o->kind) {
    case 0:
        return sp_decay_spring_damper_displacement(x, v, h);
    case 1:
        return sp_decay_cubic_displacement(x, v, z);
    case 2:
        return sp_decay_quintic_displacement(x, v, z);
    default:
        return sp_dead_blending_displacement(x, v, h, z);
    }
}

/* Relative check. The closed forms make ~10-20 float roundings (≤ 6e-8 each) and their
 * cancellations are bounded by a small factor (spring ≤ 3, cubic ≤ 2, dead blending's by-parts
 * terms ≤ ~10 times the result, see transition_cost.c): 2e-5 relative covers that with margin,
 * while a wrong branch or a missed crossing is off by far more. The quadrature itself is
 * accurate to ~1e-11 relative. */
static int checked, failed_cases;
static void check_displacement(const char *what, offset_def o)
{
    static const char *names[] = { "spring", "cubic", "quintic", "dead" };
    /* inputs are rounded to float first so that the oracle sees what the library sees */
    o.x = (float)o.x;
    o.v = (float)o.v;
    o.halflife = (float)o.halflife;
    o.blendtime = (float)o.blendtime;
    double want = oracle_displacement(&o);
    double got = library_displacement(&o);
    checked++;
    /* a true displacement beyond the float range must come out +Inf */
    int ok =
        want > 3.4028234663852886e38 ? isinf(got) && got > 0 : fabs(got - want) <= 2e-5 * fabs(want) + 1e-37;
    if (!ok) {
        failed_cases++;
        char name[256];
        snprintf(name, sizeof name, "%s displacement %s x=%.9g v=%.9g h=%.9g z=%.9g", names[o.kind], what,
                 o.x, o.v, o.halflife, o.blendtime);
        check_near(name, got, want, 0); /* prints the failure */
    } else
        testing_passed++;
}

static double urand(void) { return rand() / (double)RAND_MAX; }
static double logrand(double lo, double hi) { return lo * pow(hi / lo, urand()); }
static double sgn_rand(void) { return urand() < 0.5 ? -1.0 : 1.0; }

/* The approximate cost is the absolute signed area; check it against quadrature of the
 * signed offset for the spring and cubic, where no clamp or shortening applies. */
static double signed_rec(const offset_def *o, double a, double b, int n)
{
    double h = (b - a) / n, s = offset_at(o, a) + offset_at(o, b);
    for (int i = 1; i < n; i++) s += offset_at(o, a + i * h) * (i % 2 ? 4 : 2);
    return s * h / 3;
}

/* The error measure exact − approx. For the spring, cubic and dead blending the approximation
 * is |∫offset| of the same offset, so the error is ∫|offset| − |∫offset| ≥ 0 (both by
 * quadrature here), and rounding must not make it negative. For the quintic the feature
 * z·x/2 + z²·v/10 is the area of the quintic with zero initial acceleration over the full
 * blend time z, while the inertializer uses Bollo's acceleration and, for r = −v·z/x > 5, a
 * blend time shortened to 5/r of it: worked out by hand, the error (in units of x·z) is 0 for
 * r ≤ 5/2, r/15 − 1/6 up to r = 5, then 5/(6r) + 1/2 − r/10, negative beyond
 * r* = 5/2 + (5/6)·√21 ≈ 6.32. */
static void cost_error_sign(void)
{
    const float h = 0.15f, z = 0.2f;
    int negative[4] = { 0 }, bad = 0, n = 4000;
    for (int i = 0; i < n; i++) {
        offset_def o;
        o.x = (float)(urand() * 2 - 1);
        if (o.x == 0) o.x = 0.5; /* r = −v·z/x needs x ≠ 0 */
        o.v = (float)(urand() * 20 - 10);
        o.halflife = h;
        o.blendtime = z;
        for (int k = 0; k < 4; k++) {
            o.kind = k;
            float got = sp_transition_cost((float)o.x, (float)o.v, k, SP_COST_ERROR, h, z, 0);
            negative[k] += got < 0;
            if (k == 2) {
                /* against the closed form by hand, away from nothing: it is continuous */
                double r = -o.v * z / o.x, want;
                if (!(r > 2.5))
                    want = 0;
                else if (r <= 5)
                    want = r / 15 - 1.0 / 6;
                else
                    want = 5 / (6 * r) + 0.5 - r / 10;
                want *= fabs(o.x) * z;
                double scale = fabs(o.x) * z + fabs(o.v) * z * z;
                if (!(fabs(got - want) <= 2e-6 * scale)) bad++;
                if (r > 6.4 && !(got < 0)) bad++;
                if (r < 6.2 && !(got > -1e-6 * scale)) bad++;
            } else {
                double top = k == 0 ? 110 / (2 * ORACLE_LN2 / h) : z;
                double want = oracle_displacement(&o) - fabs(signed_rec(&o, 0, top, 20000));
                if (!(got >= 0 && fabs(got - want) <= 2e-5 * oracle_displacement(&o) + 1e-12)) bad++;
            }
        }
    }
    printf("error measure negative: spring %d, cubic %d, quintic %d, dead blending %d of %d\n", negative[0],
           negative[1], negative[2], negative[3], n);
    check_true("error measure: spring, cubic, dead blending never negative",
               !negative[0] && !negative[1] && !negative[3]);
    check_true("error measure: against quadrature / the quintic's closed form, negative exactly past r*",
               !bad);
    /* the same in landscapes (the fast path and the per-cell one) */
    enum { NX = 64, NY = 48 };
    static float grid[NX * NY];
    const float scales[] = { 1, 1e-25f };
    for (int k = 0; k < 4; k++)
        for (int s = 0; s < 2; s++) {
            sp_transition_cost_landscape(grid, NX, NY, -2 * scales[s], 3 * scales[s], -20 * scales[s],
                                         10 * scales[s], k, SP_COST_ERROR, h, z, 0);
            int neg = 0;
            for (int i = 0; i < NX * NY; i++) neg += grid[i] < 0;
            char name[96];
            snprintf(name, sizeof name, "error landscape (inertializer %d, scale %g): negative cells %d", k,
                     scales[s], neg);
            check_true(name, k == 2 ? neg > 0 : neg == 0);
        }
}

int main(void)
{
    srand(12345);
    /* random offsets over 6 decades each, both signs, and random timescales */
    for (int kind = 0; kind < 4; kind++)
        for (int i = 0; i < 300; i++) {
            offset_def o = { kind,
                             sgn_rand() * logrand(1e-3, 1e3),
                             sgn_rand() * logrand(1e-3, 1e3),
                             logrand(0.01, 2.0),
                             logrand(0.05, 2.0),
                             0,
                             0 };
            check_displacement("random", o);
        }
    /* random offsets chosen to cross zero: v of the opposite sign to x and large enough */
    for (int kind = 0; kind < 4; kind++)
        for (int i = 0; i < 300; i++) {
            double h = logrand(0.01, 2.0), z = logrand(0.05, 2.0), x = sgn_rand() * logrand(1e-2, 1e2);
            double rate = kind == 0 ? 2 * ORACLE_LN2 / h : 1.0 / z;
            offset_def o = { kind, x, -x * rate * logrand(1.0, 1e3), h, z, 0, 0 };
            check_displacement("crossing", o);
        }
    /* adversarial: exact zero, pure position, pure velocity, v = −x·y (no crossing, the
     * article's division by zero), crossing right at the start and right at the end,
     * tiny and huge offsets, tiny and huge timescales */
    for (int kind = 0; kind < 4; kind++) {
        double hs[] = { 1e-4, 0.15, 50.0 }, zs[] = { 1e-4, 0.3, 50.0 };
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) {
                double h = hs[a], z = zs[b];
                double y = 2 * ORACLE_LN2 / (float)h;
                double cases[][2] = { { 0, 0 },
                                      { 1, 0 },
                                      { -1, 0 },
                                      { 0, 1 },
                                      { 0, -3 },
                                      { 1, -(float)y },
                                      { 2, -2 * (float)y * 1.0001 },
                                      { 1, -1e4 * y },
                                      { 1, -2.0 / z },
                                      { 1, -2.0001 / z },
                                      { 1, -1e5 / z },
                                      { 1e30, -3e30 },
                                      { 1e-30, -3e-30 },
                                      { 1e-38, 1e-38 },
                                      { 3e37, -1e37 },
                                      { -1e-20, 7e-20 } };
                for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
                    offset_def o = { kind, cases[c][0], cases[c][1], h, z, 0, 0 };
                    check_displacement("adversarial", o);
                }
            }
    }
    check_true("all displacements against quadrature", failed_cases == 0);
    printf("displacements checked against quadrature: %d (%d failed)\n", checked, failed_cases);

    /* edge values */
    check_true("halflife 0: spring displacement 0", sp_decay_spring_damper_displacement(3, -2, 0) == 0.0f);
    check_true("blendtime 0: cubic displacement 0", sp_decay_cubic_displacement(3, -2, 0) == 0.0f);
    check_true("blendtime 0: quintic displacement 0", sp_decay_quintic_displacement(3, -2, 0) == 0.0f);
    check_true("blendtime 0: dead displacement 0", sp_dead_blending_displacement(3, -2, 0.1f, 0) == 0.0f);
    check_true("halflife 0: dead displacement = ∫(1−smoothstep)·x = x·z/2",
               fabsf(sp_dead_blending_displacement(3, -2, 0, 0.4f) - 0.6f) < 1e-6f);
    {
        float y = 2.0f * 0.69314718f / 0.2f, t = sp_decay_spring_damper_intersection(1.0f, -y, 0.2f);
        check_true("v = −x·y: intersection not NaN (none, or far off by rounding)", isinf(t) || t > 1e3f);
    }
    check_true("huge: finite",
               isfinite(sp_decay_spring_damper_displacement(3e38f, -3e38f, 0.1f))
                   && isfinite(sp_decay_cubic_displacement(3e38f, -3e38f, 0.1f))
                   && isfinite(sp_dead_blending_displacement(3e38f, -3e38f, 0.1f, 0.2f)));

    /* intersections: the oracle offset is zero there, and of opposite signs just before/after */
    for (int i = 0; i < 200; i++) {
        double h = logrand(0.02, 1.0), z = logrand(0.05, 2.0), x = sgn_rand() * logrand(1e-2, 1e2);
        float xs = (float)x, vs = (float)(-x * logrand(0.5, 500.0) / z);
        offset_def sp = { 0, xs, vs, (float)h, (float)z, 0, 0 }, cu = { 1, xs, vs, (float)h, (float)z, 0, 0 },
                   de = { 3, xs, vs, (float)h, (float)z, 0, 0 };
        float ts[3] = { sp_decay_spring_damper_intersection(xs, vs, (float)h),
                        sp_decay_cubic_intersection(xs, vs, (float)z),
                        sp_dead_blending_intersection(xs, vs, (float)h, (float)z) };
        const offset_def *os[3] = { &sp, &cu, &de };
        for (int k = 0; k < 3; k++) {
            double t = ts[k];
            double lo = offset_at(os[k], t * (1 - 1e-3)), hi = offset_at(os[k], t * (1 + 1e-3));
            /* when there is a crossing the sign flips within ±0.1% of t (float t is accurate to
             * ~1e-6 relative); when +Inf, the offset never changes sign: sample it densely */
            if (isinf(t)) {
                int flips = 0;
                double end = k == 0 ? 40 / (2 * ORACLE_LN2 / h) : z * (1 - 1e-9);
                for (int s = 1; s <= 4000; s++) flips += offset_at(os[k], end * s / 4000) * x < 0;
                check_true("no intersection: no sign change", flips == 0);
            } else {
                check_true("intersection: sign change around t", lo * hi < 0 && t > 0);
            }
        }
    }

    /* approximate costs against quadrature of the signed offset (spring: to 110/y, cubic) */
    for (int i = 0; i < 200; i++) {
        offset_def o = { i % 2,
                         (float)(sgn_rand() * logrand(1e-2, 1e2)),
                         (float)(sgn_rand() * logrand(1e-2, 1e2)),
                         (float)logrand(0.02, 1.0),
                         (float)logrand(0.05, 2.0),
                         0,
                         0 };
        double end = o.kind == 0 ? 110 / (2 * ORACLE_LN2 / o.halflife) : o.blendtime;
        double want = fabs(signed_rec(&o, 0, end, 200000));
        double got = o.kind == 0
            ? sp_decay_spring_damper_displacement_approx((float)o.x, (float)o.v, (float)o.halflife)
            : sp_decay_cubic_displacement_approx((float)o.x, (float)o.v, (float)o.blendtime);
        /* 1e-5 relative to the size of the terms (|x|·scale + |v|·scale²): a cancelling signed
         * area is only as accurate as its terms */
        double tscale = o.kind == 0 ? o.halflife / ORACLE_LN2 : o.blendtime;
        check_near("approx = |signed area|", got / (fabs(o.x) * tscale + fabs(o.v) * tscale * tscale),
                   want / (fabs(o.x) * tscale + fabs(o.v) * tscale * tscale), 1e-5);
    }
    /* quintic approx is exact when the clamp is active; dead approx is the signed area */
    for (int i = 0; i < 200; i++) {
        float z = (float)logrand(0.05, 2.0), h = (float)logrand(0.02, 1.0),
              x = (float)(sgn_rand() * logrand(1e-2, 1e2));
        float v = (float)(x / z * (-2.4 + 10 * urand()));
        check_near("quintic approx = exact under the clamp", sp_decay_quintic_displacement_approx(x, v, z),
                   sp_decay_quintic_displacement(x, v, z), 2e-5 * fabsf(x) * z);
        offset_def o = { 3, x, v, h, z, 0, 0 };
        double want = fabs(signed_rec(&o, 0, z, 200000));
        check_near("dead approx = |signed area|",
                   sp_dead_blending_displacement_approx(x, v, h, z) / (fabsf(x) * z + fabsf(v) * z * z),
                   want / (fabsf(x) * z + fabsf(v) * z * z), 2e-5);
    }
    /* the basic cost */
    check_near("basic", sp_transition_cost_basic(-2.0f, 3.0f, 0.5f), 3.5, 1e-7);

    /* features: |f(src) − f(dst)| = approximate cost of (src − dst) */
    for (int i = 0; i < 400; i++) {
        float h = (float)logrand(0.02, 1.0), z = (float)logrand(0.05, 2.0);
        float sp = (float)(urand() * 4 - 2), sv = (float)(urand() * 20 - 10), dp = (float)(urand() * 4 - 2),
              dv = (float)(urand() * 20 - 10);
        float x = sp - dp, v = sv - dv;
        /* float precision of the features relative to their terms: 4 roundings of terms ≤ T */
        double T;
        T = fabsf(sp_decay_spring_damper_feature(fabsf(sp) + fabsf(dp), fabsf(sv) + fabsf(dv), h));
        check_near(
            "spring feature",
            fabsf(sp_decay_spring_damper_feature(sp, sv, h) - sp_decay_spring_damper_feature(dp, dv, h)) / T,
            sp_decay_spring_damper_displacement_approx(x, v, h) / T, 1e-6);
        T = fabsf(sp_decay_cubic_feature(fabsf(sp) + fabsf(dp), fabsf(sv) + fabsf(dv), z));
        check_near("cubic feature",
                   fabsf(sp_decay_cubic_feature(sp, sv, z) - sp_decay_cubic_feature(dp, dv, z)) / T,
                   sp_decay_cubic_displacement_approx(x, v, z) / T, 1e-6);
        T = fabsf(sp_decay_quintic_feature(fabsf(sp) + fabsf(dp), fabsf(sv) + fabsf(dv), z));
        check_near("quintic feature",
                   fabsf(sp_decay_quintic_feature(sp, sv, z) - sp_decay_quintic_feature(dp, dv, z)) / T,
                   sp_decay_quintic_displacement_approx(x, v, z) / T, 1e-6);
        T = fabsf(sp_dead_blending_feature(fabsf(sp) + fabsf(dp), fabsf(sv) + fabsf(dv), h, z));
        check_near("dead feature",
                   fabsf(sp_dead_blending_feature(sp, sv, h, z) - sp_dead_blending_feature(dp, dv, h, z)) / T,
                   sp_dead_blending_displacement_approx(x, v, h, z) / T, 1e-6);
    }
    /* the article's spring feature written out: 2·pos/y + vel/y² */
    {
        double y = 2 * ORACLE_LN2 / 0.15;
        check_near("spring feature closed form", sp_decay_spring_damper_feature(0.3f, -1.2f, 0.15f),
                   2 * 0.3 / y + -1.2 / (y * y), 1e-6);
        check_near("cubic feature closed form", sp_decay_cubic_feature(0.3f, -1.2f, 0.4f),
                   0.4 * 0.3 / 2 + 0.16 * -1.2 / 12, 1e-7);
    }

    /* landscapes equal single calls, cell by cell, for every kind and measure */
    {
        enum { NX = 37, NY = 23 };
        static float grid[NX * NY];
        for (int inert = 0; inert < 4; inert++)
            for (int m = 0; m < 4; m++)
                for (int big = 0; big < 2; big++) {
                    float s = big ? 1e25f : 1.0f; /* big: the per-cell scaled path */
                    int n = sp_transition_cost_landscape(grid, NX, NY, -2 * s, 3 * s, -20 * s, 10 * s, inert,
                                                         m, 0.15f, 0.3f, 0.5f);
                    int bad = n != NX * NY;
                    for (int j = 0; j < NY; j++)
                        for (int i = 0; i < NX; i++) {
                            float x = i == NX - 1 ? 3 * s : -2 * s + (5 * s / (NX - 1)) * i;
                            float v = j == NY - 1 ? 10 * s : -20 * s + (30 * s / (NY - 1)) * j;
                            float want = sp_transition_cost(x, v, inert, m, 0.15f, 0.3f, 0.5f);
                            /* the fast path skips the exact power-of-two scaling and hoists
                             * 1/y: a few roundings, relative to the magnitude of the inputs */
                            float mag = m == SP_COST_BASIC
                                ? fabsf(x) + 0.5f * fabsf(v)
                                : sp_transition_cost(fabsf(x) + 1e-3f * s, fabsf(v), inert, SP_COST_APPROX,
                                                     0.15f, 0.3f, 0.5f);
                            if (!(fabsf(grid[j * NX + i] - want) <= 1e-5f * mag)) bad++;
                        }
                    char name[96];
                    snprintf(name, sizeof name,
                             "landscape = single calls (inertializer %d, measure %d, scale %g)", inert, m, s);
                    check_true(name, bad == 0);
                }
        check_true("landscape bad sizes write nothing",
                   sp_transition_cost_landscape(grid, 0, 5, 0, 1, 0, 1, 0, 0, 0.1f, 0.1f, 0.5f) == 0
                       && sp_transition_cost_landscape(grid, 5, 5, 0, 1, 0, 1, 9, 0, 0.1f, 0.1f, 0.5f) == 0);
        /* error = exact − approx is never negative beyond rounding: |∫f| ≤ ∫|f| */
        sp_transition_cost_landscape(grid, NX, NY, -2, 3, -20, 10, SP_INERTIALIZER_SPRING, SP_COST_ERROR,
                                     0.15f, 0.3f, 0.5f);
        int neg = 0;
        for (int i = 0; i < NX * NY; i++) neg += grid[i] < -1e-5f;
        check_true("spring error landscape ≥ 0", neg == 0);
    }

    /* motion matching: features of rows, and the Euclidean search ranks by approximate cost */
    {
        enum { ROWS = 500, DIMS = 6 };
        static float pos[ROWS * DIMS], vel[ROWS * DIMS], feat[ROWS * DIMS];
        for (int i = 0; i < ROWS * DIMS; i++) {
            pos[i] = (float)(urand() * 2 - 1);
            vel[i] = (float)(urand() * 10 - 5);
        }
        for (int inert = 0; inert < 4; inert++) {
            float h = 0.15f, z = 0.3f;
            check_true("features: rows",
                       sp_inertialization_features(feat, pos, vel, ROWS, DIMS, inert, h, z) == ROWS);
            int r = 17, bad = 0;
            for (int q = 0; q < ROWS; q++)
                for (int d = 0; d < DIMS; d++) {
                    float x = pos[r * DIMS + d] - pos[q * DIMS + d],
                          v = vel[r * DIMS + d] - vel[q * DIMS + d];
                    float want = sp_transition_cost(x, v, inert, SP_COST_APPROX, h, z, 0);
                    float got = fabsf(feat[r * DIMS + d] - feat[q * DIMS + d]);
                    float mag = sp_transition_cost(fabsf(pos[r * DIMS + d]) + fabsf(pos[q * DIMS + d]),
                                                   fabsf(vel[r * DIMS + d]) + fabsf(vel[q * DIMS + d]), inert,
                                                   SP_COST_APPROX, h, z, 0);
                    if (!(fabsf(got - want) <= 1e-6f * mag)) bad++;
                }
            check_true("features: |f(src) − f(dst)| = approximate cost", bad == 0);
            /* query: a random pose; ranking by Σ approx² must give the search's answer */
            float qp[DIMS], qv[DIMS], qf[DIMS];
            for (int d = 0; d < DIMS; d++) {
                qp[d] = (float)(urand() * 2 - 1);
                qv[d] = (float)(urand() * 10 - 5);
            }
            sp_inertialization_features(qf, qp, qv, 1, DIMS, inert, h, z);
            int best = -1;
            double best_c = INFINITY;
            for (int q = 0; q < ROWS; q++) {
                double c = 0;
                for (int d = 0; d < DIMS; d++)
                    c += pow(sp_transition_cost(qp[d] - pos[q * DIMS + d], qv[d] - vel[q * DIMS + d], inert,
                                                SP_COST_APPROX, h, z, 0),
                             2);
                if (c < best_c) {
                    best_c = c;
                    best = q;
                }
            }
            float cost;
            int found = sp_inertialization_search(&cost, feat, ROWS, DIMS, qf);
            check_true("search: same best row as ranking by approximate cost", found == best);
            check_near("search: cost = √Σ approx²", cost, sqrt(best_c), 1e-5);
        }
        float cost;
        check_true("search: empty database",
                   sp_inertialization_search(&cost, feat, 0, DIMS, feat) == -1 && isinf(cost));
    }

    cost_error_sign();
    return testing_finish("test_transition_cost");
}
