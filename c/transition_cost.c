/* transition_cost.c — "Inertialization Transition Cost": the total displacement ∫|offset(t)| dt
 * an inertialized transition causes, for the spring, cubic, quintic and dead-blending
 * inertializers; the approximation |∫offset(t) dt| and the motion-matching feature that
 * turns it into a Euclidean distance; cost landscapes; a brute-force feature search.
 *
 * Every displacement is homogeneous of degree one in (x, v): each is timescale·kernel(x,
 * v·timescale), a kernel on a position pair, evaluated on mantissas scaled by powers of two
 * (exact) so that huge and tiny offsets and timescales neither overflow nor lose precision
 * in intermediate terms, only in the final rounding. A true result too large for a float
 * gives +Inf. */
#include <limits.h>
#include <stddef.h>
#include "internal.h"

/* x = a·2^e, v·T = b·2^e and T = m·2^(e_t − e), so that the displacement is
 * ldexpf(kernel(a, b)·m, e_t); the larger of x and weight·v·T is near 1, where weight ≤ 1
 * is the factor by which the kernel uses b at most (dead blending's decayed distance,
 * 1 otherwise), so that x is not flushed beside a b the kernel all but ignores. frexpf
 * splits each factor exactly, so v·T is formed from mantissas and cannot overflow or
 * underflow; non-finite inputs are passed through unscaled (their result is not finite). */
typedef struct {
    float a, b, m;
    int e_t;
} sp__scaled;

static sp__scaled scale_offset(float x, float v, float timescale, float weight)
{
    sp__scaled s;
    if (!(isfinite(x) && isfinite(v) && isfinite(timescale) && weight > 0.0f)) {
        s.a = x;
        s.b = v * timescale;
        s.m = timescale;
        s.e_t = 0;
        return s;
    }
    int ex, ev, et, ew;
    float mx = frexpf(x, &ex), mv = frexpf(v, &ev), mt = frexpf(timescale, &et);
    float mb = mv * mt;
    frexpf(weight, &ew);
    int eb = ev + et, ebw = eb + ew - 1, e = mb == 0.0f ? ex : (mx == 0.0f ? ebw : (ex > ebw ? ex : ebw));
    /* a term negligible beside the other keeps its sign (the smallest float instead of 0):
     * the kernels' regimes (Bollo's clamp, the zero crossings) depend on it */
    s.a = ldexpf(mx, ex - e);
    s.b = ldexpf(mb, eb - e);
    if (s.a == 0.0f) s.a = copysignf(mx == 0.0f ? 0.0f : 0x1p-149f, mx);
    if (s.b == 0.0f) s.b = copysignf(mb == 0.0f ? 0.0f : 0x1p-149f, mb);
    s.m = mt;
    s.e_t = e + et;
    return s;
}

/* ---- spring ----
 * The offset is e^(−yt)·(x + j·t), j = v + x·y, y = 2·ln2/halflife. In units of position,
 * with a = x and b = v/y, its integrals times y are: over [0, ∞) 2a + b (the article's
 * (2xy + v)/y²), and over [t*, ∞) from the zero crossing t* = −x/j, e^(−u)·(a + b) where
 * u = y·t* = −a/(a + b). A crossing exists for t > 0 iff a and a + b have opposite signs
 * (the article's `t > 0` test, without its division by zero when v = −x·y). Then
 *   y·displacement = |a + b|·(2·e^(−u) + u − 1) = |a| − |a + b| + 2·|a + b|·e^(−u). */
/* Both cases computed and one selected (the division guarded), with the branch-free
 * sp__expf: the landscape's rows vectorise. */
SP__ALWAYS_INLINE float spring_displacement_kernel(float a, float b)
{
    float j = a + b, aj = fabsf(j);
    int cross = (a > 0.0f && j < 0.0f) || (a < 0.0f && j > 0.0f);
    float crossing = fabsf(a) - aj + 2.0f * aj * sp__expf(a / (cross ? j : 1.0f));
    return cross ? crossing : fabsf(a + j);
}

float sp_decay_spring_damper_intersection(float x, float v, float halflife)
{
    float y = sp__half_damping(halflife);
    float a = x, j = a + v / y;
    if ((a > 0.0f && j < 0.0f) || (a < 0.0f && j > 0.0f)) return (-a / j) / y;
    return INFINITY;
}

/* 1/y = halflife/(2·ln2), the spring's timescale (+0 for halflife −0). */
static float spring_timescale(float halflife) { return halflife * (0.5f / SP_LN2) + 0.0f; }

float sp_decay_spring_damper_displacement(float x, float v, float halflife)
{
    sp__scaled s = scale_offset(x, v, spring_timescale(halflife), 1.0f);
    return ldexpf(spring_displacement_kernel(s.a, s.b) * s.m, s.e_t);
}

/* ---- cubic ----
 * The offset (1−τ)²·(d + a·τ), τ = t/blendtime, d = x, c = v·blendtime, a = 2d + c, crosses
 * zero at τ* = −d/a inside (0, 1) iff d and a have opposite signs and |d| < |a| (the article's
 * (−2a − b)/(a + eps), without the eps). Its integral from τ to 1 is
 * (1−τ)³·((d + a)/3 − a·(1−τ)/4), which at τ* (where d + a = a·(1−τ*)) is a·s⁴/12 with
 * s = 1 − τ* = (d + a)/a; over [0, 1] it is d/2 + c/12. */
static float cubic_displacement_kernel(float d, float c)
{
    float a = 2.0f * d + c;
    float whole = 0.5f * d + c / 12.0f;
    if (((d > 0.0f && a < 0.0f) || (d < 0.0f && a > 0.0f)) && fabsf(d) < fabsf(a)) {
        float s = (d + a) / a;
        float tail = a * sp__sq(sp__sq(s)) / 12.0f;
        return fabsf(whole - tail) + fabsf(tail);
    }
    return fabsf(whole);
}

float sp_decay_cubic_intersection(float x, float v, float blendtime)
{
    float d = x, a = 2.0f * d + v * blendtime;
    if (((d > 0.0f && a < 0.0f) || (d < 0.0f && a > 0.0f)) && fabsf(d) < fabsf(a))
        return (-d / a) * blendtime;
    return INFINITY;
}

float sp_decay_cubic_displacement(float x, float v, float blendtime)
{
    sp__scaled s = scale_offset(x, v, blendtime, 1.0f);
    return ldexpf(cubic_displacement_kernel(s.a, s.b) * s.m, s.e_t);
}

/* ---- quintic ----
 * Its offset (1−τ)³·((1−τ)(x + kτ) + hτ²) never crosses zero (internal.h), so the
 * displacement is the absolute value of its integral t1·|x/5 + k/30 + h/60|, from
 * ∫(1−τ)⁴ = 1/5, ∫(1−τ)⁴τ = 1/30, ∫(1−τ)³τ² = 1/60 (x + k·τ and h have the sign of x, so the
 * sum cancels at most x/5 − x/30).
 * Here w = v·blendtime, so the shape is taken for blendtime 1 and t1 is a fraction. */
static float quintic_displacement_kernel(float x, float w)
{
    sp__quintic q = sp__quintic_shape(x, w, 1.0f);
    return q.t1 * fabsf(q.x / 5.0f + q.k / 30.0f + q.h / 60.0f);
}

float sp_decay_quintic_displacement(float x, float v, float blendtime)
{
    sp__scaled s = scale_offset(x, v, blendtime, 1.0f);
    return ldexpf(quintic_displacement_kernel(s.a, s.b) * s.m, s.e_t);
}

/* ---- dead blending ----
 * For a cost that depends only on the offsets (x, v), the destination is taken to be
 * extrapolated from the transition the same way as the source (velocity decaying at
 * λ = ln2/halflife); the blended offset is then, with τ = t/blendtime, k = λ·blendtime,
 * w = v·blendtime:
 *   offset(τ) = P(τ)·(x + w·E(τ)),  P = 1 − smoothstep = (1−τ)²(1+2τ),  E = (1 − e^(−kτ))/k.
 * x + w·E is monotone, so it crosses zero at most once: at τ* = −log1p(k·x/w)/k when x and
 * its value at τ = 1 have opposite signs. The integrals are closed forms:
 * ∫₀^τ P = τ − τ³ + τ⁴/2 and Q(τ) = ∫₀^τ P·E (dead_q). */
static inline float dead_pi(float tau) { return tau - tau * tau * tau + 0.5f * sp__sq(sp__sq(tau)); }

/* Dead blending's constants for one rate k, computed once per call or per landscape grid:
 * e1 = E(1), q1 = Q(1), 1/k, e^(−k), and for k ≤ 2 the coefficients of Q as one polynomial
 * in τ. */
enum { DEAD_TERMS = 18, DEAD_DEGREE = DEAD_TERMS + 4 };
typedef struct {
    float k, ik, em, e1, q1, poly[DEAD_DEGREE + 1];
} dead_consts;

/* log(1 + r) for r > −1, to about an ulp, without branches or libm (so that the landscape's
 * rows vectorise): u = 1 + r rounded, u = 2^e·m with m ∈ [√½, √2), log m = 2·atanh(s) with
 * s = (m − 1)/(m + 1), |s| ≤ 0.172, by its series to s⁹ (the next term is below 3e-10), and
 * Kahan's factor r/(u − 1) for the rounding of 1 + r. Unsigned bit arithmetic: r ≤ −1 gives
 * garbage, not undefined behaviour (callers select it away). */
SP__ALWAYS_INLINE float log1p_finite(float r)
{
    float u = 1.0f + r;
    union {
        float f;
        uint32_t i;
    } b = { u };
    int32_t e = (int32_t)(b.i - 0x3f3504f3u) >> 23; /* m = u·2^−e in [√½, √2) */
    b.i -= (uint32_t)e << 23;
    float m = b.f, s = (m - 1.0f) / (m + 1.0f), s2 = s * s;
    float lm = 2.0f * s
        + (2.0f * s * s2) * (1.0f / 3.0f + s2 * (1.0f / 5.0f + s2 * (1.0f / 7.0f + s2 * (1.0f / 9.0f))));
    float ef = (float)e, lu = ef * 0.693145752f + (ef * 1.42860677e-6f + lm);
    return u == 1.0f ? r : lu * (r / (u == 1.0f ? 1.0f : u - 1.0f));
}

/* Q(τ) = ∫₀^τ P(s)·E(s) ds. For k ≤ 2 from the series E(s) = Σ (−k)^(n−1)·s^n/n!, each term
 * integrated exactly against P = 1 − 3s² + 2s³ (18 terms: the remainder is below
 * 2^18/19! < 3e-12), c_n·(τ^(n+1)/(n+1) − 3τ^(n+3)/(n+3) + 2τ^(n+4)/(n+4)) with
 * c_n = (−k)^(n−1)/n!, gathered by power of τ (dead_consts_of) and evaluated by Horner's rule,
 * so that a landscape cell does no division; for k > 2 by parts,
 * ∫₀^τ P·e^(−ks) = R(0) − R(τ), R(s) = e^(−ks)·(P/k + P'/k² + P''/k³ + P'''/k⁴),
 * whose terms are then no larger than a few times the result; e = e^(−kτ) is the caller's.
 * `series` (k ≤ 2) is passed on its own so that a landscape row compiles one branch-free
 * loop for each case. */
SP__ALWAYS_INLINE float dead_q(const dead_consts *d, float tau, float e, int series)
{
    float q;
    if (series) {
        float sum = d->poly[DEAD_DEGREE];
        for (int m = DEAD_DEGREE - 1; m >= 2; m--) sum = sum * tau + d->poly[m];
        q = sum * (tau * tau);
    } else {
        float ik = d->ik, ik2 = ik * ik;
        float u = 1.0f - tau;
        float p = u * u * (1.0f + 2.0f * tau), dp = 6.0f * tau * (tau - 1.0f), ddp = 12.0f * tau - 6.0f;
        float r0 = ik - 6.0f * ik2 * ik + 12.0f * ik2 * ik2;
        float rt = e * (p * ik + dp * ik2 + ddp * ik2 * ik + 12.0f * ik2 * ik2);
        q = (dead_pi(tau) - r0 + rt) * ik;
    }
    return tau == 0.0f ? 0.0f : q;
}

static dead_consts dead_consts_of(float k)
{
    dead_consts d;
    d.k = k;
    d.ik = 1.0f / k;
    d.em = sp__expf(-k);
    for (int m = 0; m <= DEAD_DEGREE; m++) d.poly[m] = 0.0f;
    float c = 1.0f;
    for (int n = 1; n <= DEAD_TERMS; n++) {
        d.poly[n + 1] += c / (float)(n + 1);
        d.poly[n + 3] -= 3.0f * c / (float)(n + 3);
        d.poly[n + 4] += 2.0f * c / (float)(n + 4);
        c *= -k / (float)(n + 1);
    }
    d.e1 = sp__decayed_distance(k, 1.0f);
    d.q1 = dead_q(&d, 1.0f, d.em, k <= 2.0f);
    return d;
}

/* k = λ·blendtime = ln2·blendtime/halflife, with blendtime = 0 giving 0 (no blend at all). */
static float dead_rate(float halflife, float blendtime)
{
    return blendtime == 0.0f ? 0.0f : sp__per_halflife(SP_LN2 * blendtime, halflife);
}

/* τ* in (0, 1) where x + w·E(τ) = 0, or −1 when it does not cross; without branches on the
 * cell (k is the grid's). *e is e^(−kτ*) = 1 + r, r = k·x/w (what τ* solves), kept within
 * [e^(−k), 1] as τ* is kept within [0, 1]: more accurate than an exponential of the rounded
 * τ*, and one fewer per cell. */
SP__ALWAYS_INLINE float dead_crossing(float x, float w, const dead_consts *d, float *e)
{
    float k = d->k, end = x + w * d->e1;
    int cross = (x > 0.0f && end < 0.0f) || (x < 0.0f && end > 0.0f);
    float ws = cross ? w : 1.0f; /* w ≠ 0 where it crosses */
    *e = 1.0f;
    if (k == 0.0f) return cross ? sp__clamp(-x / ws, 0.0f, 1.0f) : -1.0f;
    float r = k * x / ws; /* in (−1, 0) in exact arithmetic */
    float tau = r > -1.0f ? sp__clamp(-log1p_finite(r > -1.0f ? r : 0.0f) / k, 0.0f, 1.0f) : 1.0f;
    *e = sp__clamp(1.0f + r, d->em, 1.0f);
    return cross ? tau : -1.0f;
}

/* Displacement / blendtime. */
SP__ALWAYS_INLINE float dead_displacement_kernel(float x, float w, const dead_consts *d, int series)
{
    float whole = 0.5f * x + w * d->q1;
    float e, tau = dead_crossing(x, w, d, &e), t = tau < 0.0f ? 0.0f : tau;
    float head = x * dead_pi(t) + w * dead_q(d, t, e, series);
    return tau < 0.0f ? fabsf(whole) : fabsf(head) + fabsf(whole - head);
}

float sp_dead_blending_intersection(float x, float v, float halflife, float blendtime)
{
    dead_consts d = dead_consts_of(dead_rate(halflife, blendtime));
    float e, tau = dead_crossing(x, v * blendtime, &d, &e);
    return tau > 0.0f && tau < 1.0f ? tau * blendtime : INFINITY;
}

float sp_dead_blending_displacement(float x, float v, float halflife, float blendtime)
{
    dead_consts d = dead_consts_of(dead_rate(halflife, blendtime));
    /* the extrapolated velocity moves the source by v·blendtime·E(1) at most; halflife 0
     * stops it at once (E = 0), and then v, however large, must not enter at all */
    float weight = d.e1;
    sp__scaled s = scale_offset(x, weight > 0.0f ? v : 0.0f, blendtime, weight > 0.0f ? weight : 1.0f);
    return ldexpf(dead_displacement_kernel(s.a, s.b, &d, d.k <= 2.0f) * s.m, s.e_t);
}

/* ---- approximations and features ----
 * Each inertializer's signed area ∫offset is linear in (x, v) where it is used as the
 * approximation: cp·x + cv·v. So |cp·Δpos + cv·Δvel| = |f(src) − f(dst)| with the feature
 * f = cp·pos + cv·vel, and the approximate cost is a Euclidean distance between features. */
void sp_inertialization_feature_coefficients(float *out_pos, float *out_vel, int inertializer, float halflife,
                                             float blendtime)
{
    float z = blendtime;
    switch (inertializer) {
    case SP_INERTIALIZER_SPRING: {
        float iy = 1.0f / sp__half_damping(halflife);
        *out_pos = 2.0f * iy;
        *out_vel = iy * iy;
        return;
    }
    case SP_INERTIALIZER_CUBIC:
        *out_pos = 0.5f * z;
        *out_vel = z * z / 12.0f;
        return;
    case SP_INERTIALIZER_QUINTIC:
        *out_pos = 0.5f * z;
        *out_vel = z * z / 10.0f;
        return;
    case SP_INERTIALIZER_DEAD_BLENDING:
        *out_pos = 0.5f * z;
        *out_vel = z * z * dead_consts_of(dead_rate(halflife, z)).q1;
        return;
    default:
        *out_pos = NAN;
        *out_vel = NAN;
        return;
    }
}

static float feature(int inertializer, float pos, float vel, float halflife, float blendtime)
{
    float cp, cv;
    sp_inertialization_feature_coefficients(&cp, &cv, inertializer, halflife, blendtime);
    return cp * pos + cv * vel;
}

float sp_decay_spring_damper_feature(float pos, float vel, float halflife)
{
    return feature(SP_INERTIALIZER_SPRING, pos, vel, halflife, 0.0f);
}
float sp_decay_spring_damper_displacement_approx(float x, float v, float halflife)
{
    return fabsf(sp_decay_spring_damper_feature(x, v, halflife));
}
float sp_decay_cubic_feature(float pos, float vel, float blendtime)
{
    return feature(SP_INERTIALIZER_CUBIC, pos, vel, 0.0f, blendtime);
}
float sp_decay_cubic_displacement_approx(float x, float v, float blendtime)
{
    return fabsf(sp_decay_cubic_feature(x, v, blendtime));
}
float sp_decay_quintic_feature(float pos, float vel, float blendtime)
{
    return feature(SP_INERTIALIZER_QUINTIC, pos, vel, 0.0f, blendtime);
}
float sp_decay_quintic_displacement_approx(float x, float v, float blendtime)
{
    return fabsf(sp_decay_quintic_feature(x, v, blendtime));
}
float sp_dead_blending_feature(float pos, float vel, float halflife, float blendtime)
{
    return feature(SP_INERTIALIZER_DEAD_BLENDING, pos, vel, halflife, blendtime);
}
float sp_dead_blending_displacement_approx(float x, float v, float halflife, float blendtime)
{
    return fabsf(sp_dead_blending_feature(x, v, halflife, blendtime));
}

float sp_transition_cost_basic(float x, float v, float weight) { return fabsf(x) + weight * fabsf(v); }

/* ---- landscapes ---- */

/* exact − approx. For the spring, cubic and dead blending the approximation is |∫offset| of
 * the same offset, never above ∫|offset| (the triangle inequality): a difference below 0 is
 * rounding of the two closed forms (up to ~2e-7 of the cost in 15-21 % of ordinary inputs),
 * returned as 0. For the quintic the feature is the area of the quintic without Bollo's
 * acceleration clamp and shortened blend time, and the difference is truly negative where
 * the blend time is shortened enough (sprung.h, SP_COST_ERROR). NaN stays NaN. */
static inline float cost_error(int inertializer, float exact, float approx)
{
    float d = exact - approx;
    return inertializer != SP_INERTIALIZER_QUINTIC && d < 0.0f ? 0.0f : d;
}

float sp_transition_cost(float x, float v, int inertializer, int measure, float halflife, float blendtime,
                         float weight)
{
    if (measure == SP_COST_BASIC) return sp_transition_cost_basic(x, v, weight);
    float exact, approx = fabsf(feature(inertializer, x, v, halflife, blendtime));
    switch (inertializer) {
    case SP_INERTIALIZER_SPRING:
        exact = sp_decay_spring_damper_displacement(x, v, halflife);
        break;
    case SP_INERTIALIZER_CUBIC:
        exact = sp_decay_cubic_displacement(x, v, blendtime);
        break;
    case SP_INERTIALIZER_QUINTIC:
        exact = sp_decay_quintic_displacement(x, v, blendtime);
        break;
    case SP_INERTIALIZER_DEAD_BLENDING:
        exact = sp_dead_blending_displacement(x, v, halflife, blendtime);
        break;
    default:
        return NAN;
    }
    switch (measure) {
    case SP_COST_EXACT:
        return exact;
    case SP_COST_APPROX:
        return approx;
    case SP_COST_ERROR:
        return cost_error(inertializer, exact, approx);
    default:
        return NAN;
    }
}

/* The exact cost of one cell by its kernel: kind is the inertializer, with dead blending split
 * in two (4: by parts, for k > 2); d holds dead blending's constants. */
SP__ALWAYS_INLINE float kernel(int kind, float x, float w, const dead_consts *d)
{
    switch (kind) {
    case SP_INERTIALIZER_SPRING:
        return spring_displacement_kernel(x, w);
    case SP_INERTIALIZER_CUBIC:
        return cubic_displacement_kernel(x, w);
    case SP_INERTIALIZER_QUINTIC:
        return quintic_displacement_kernel(x, w);
    default:
        return dead_displacement_kernel(x, w, d, kind == SP_INERTIALIZER_DEAD_BLENDING);
    }
}

/* The exact (or, with error, exact − approximate) costs of one row; kind is a constant at
 * each call, so that every loop is free of branches and vectorises (error is the same for the
 * whole row: a select per cell, not a branch). */
SP__ALWAYS_INLINE void exact_row(float *row, int nx, float x_min, float dx, int kind, int error, float w,
                                 float vs, float cp, float av, const dead_consts *d)
{
    for (int i = 0; i < nx; i++) {
        float x = x_min + dx * (float)i, c = kernel(kind, x, w, d) * vs;
        row[i] = error ? cost_error(kind, c, fabsf(cp * x + av)) : c;
    }
}

/* One row of the grid at velocity v, with the kernels called directly and the per-grid
 * constants hoisted. */
static void landscape_row(float *row, int nx, float x_min, float dx, int inertializer, int measure, float v,
                          float vs, float cp, float cv, const dead_consts *d, float weight)
{
    float w = v * vs, av = cv * v, bv = weight * fabsf(v);
    const dead_consts dc = *d; /* a copy that the row cannot alias: its loads leave the loops */
    int error = measure == SP_COST_ERROR;
    d = &dc;
    if (measure == SP_COST_BASIC) {
        for (int i = 0; i < nx; i++) row[i] = fabsf(x_min + dx * (float)i) + bv;
        return;
    }
    if (measure == SP_COST_APPROX) {
        for (int i = 0; i < nx; i++) row[i] = fabsf(cp * (x_min + dx * (float)i) + av);
        return;
    }
    switch (inertializer) {
    case SP_INERTIALIZER_SPRING:
        exact_row(row, nx, x_min, dx, SP_INERTIALIZER_SPRING, error, w, vs, cp, av, d);
        return;
    case SP_INERTIALIZER_CUBIC:
        exact_row(row, nx, x_min, dx, SP_INERTIALIZER_CUBIC, error, w, vs, cp, av, d);
        return;
    case SP_INERTIALIZER_QUINTIC:
        exact_row(row, nx, x_min, dx, SP_INERTIALIZER_QUINTIC, error, w, vs, cp, av, d);
        return;
    default:
        if (d->k <= 2.0f)
            exact_row(row, nx, x_min, dx, SP_INERTIALIZER_DEAD_BLENDING, error, w, vs, cp, av, d);
        else
            exact_row(row, nx, x_min, dx, SP_INERTIALIZER_DEAD_BLENDING + 1, error, w, vs, cp, av, d);
    }
}

/* The grid calls the kernels directly when the inputs and the timescale stay inside
 * [2^−60, 2^60] in magnitude (no intermediate can overflow or become subnormal); otherwise
 * sp_transition_cost per cell, which scales each cell.
 * The last column and row are evaluated at x_max and v_max exactly. */
int sp_transition_cost_landscape(float *out, int nx, int ny, float x_min, float x_max, float v_min,
                                 float v_max, int inertializer, int measure, float halflife, float blendtime,
                                 float weight)
{
    if (nx <= 0 || ny <= 0 || inertializer < 0 || inertializer > SP_INERTIALIZER_DEAD_BLENDING || measure < 0
        || measure > SP_COST_BASIC || ny > INT_MAX / nx)
        return 0;
    float dx = nx > 1 ? (x_max - x_min) / (float)(nx - 1) : 0.0f;
    float dv = ny > 1 ? (v_max - v_min) / (float)(ny - 1) : 0.0f;
    float cp, cv;
    sp_inertialization_feature_coefficients(&cp, &cv, inertializer, halflife, blendtime);
    /* the kernels take (x, v·vs) and return displacement / vs */
    float vs = inertializer == SP_INERTIALIZER_SPRING ? spring_timescale(halflife) : blendtime;
    dead_consts d = dead_consts_of(dead_rate(halflife, blendtime));
    float xm = fmaxf(fabsf(x_min), fabsf(x_max)), wm = fmaxf(fabsf(v_min), fabsf(v_max)) * vs;
    int fast = xm < 0x1p60f && wm < 0x1p60f && (xm == 0.0f || xm > 0x1p-60f) && (wm == 0.0f || wm > 0x1p-60f)
        && (vs == 0.0f || (vs > 0x1p-60f && vs < 0x1p60f)) && isfinite(cp) && isfinite(cv);
    for (int j = 0; j < ny; j++) {
        float v = j == ny - 1 && ny > 1 ? v_max : v_min + dv * (float)j;
        float *row = out + (size_t)j * (size_t)nx;
        if (fast)
            landscape_row(row, nx, x_min, dx, inertializer, measure, v, vs, cp, cv, &d, weight);
        else
            for (int i = 0; i < nx; i++)
                row[i] = sp_transition_cost(x_min + dx * (float)i, v, inertializer, measure, halflife,
                                            blendtime, weight);
        if (nx > 1 && fast)
            landscape_row(row + nx - 1, 1, x_max, 0.0f, inertializer, measure, v, vs, cp, cv, &d, weight);
        else if (nx > 1)
            row[nx - 1] = sp_transition_cost(x_max, v, inertializer, measure, halflife, blendtime, weight);
    }
    return nx * ny;
}

/* ---- motion matching ---- */

int sp_inertialization_features(float *out, const float *pos, const float *vel, int rows, int dims,
                                int inertializer, float halflife, float blendtime)
{
    if (rows <= 0 || dims <= 0 || inertializer < 0 || inertializer > SP_INERTIALIZER_DEAD_BLENDING) return 0;
    if (dims > INT_MAX / rows) return 0;
    float cp, cv;
    sp_inertialization_feature_coefficients(&cp, &cv, inertializer, halflife, blendtime);
    size_t n = (size_t)rows * (size_t)dims;
    for (size_t i = 0; i < n; i++) out[i] = cp * pos[i] + cv * vel[i];
    return rows;
}

int sp_inertialization_search(float *out_cost, const float *database, int rows, int dims, const float *query)
{
    int best = -1;
    float best_d = INFINITY;
    if (dims > 0)
        for (int r = 0; r < rows; r++) {
            const float *row = database + (size_t)r * (size_t)dims;
            float d = 0.0f;
            for (int c = 0; c < dims && d < best_d; c++) {
                float e = row[c] - query[c]; /* not sp__sq: built for size, its call stays a call */
                d += e * e;
            }
            if (d < best_d) {
                best_d = d;
                best = r;
            }
        }
    *out_cost = sqrtf(best_d);
    return best;
}
