/* internal.h — small inline helpers shared by the .c files; not part of the API. */
#ifndef SPRUNG_INTERNAL_H
#define SPRUNG_INTERNAL_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include "sprung.h"
#include "compiler.h"
#include "sincos.h"

static inline float sp__sq(float x) { return x * x; }

/* x, or +0 when |x| is below `tiny` (≥ 2^−126, the smallest normal float): a flush to zero.
 * A decaying state such as x·e^(−y·dt) ends up in the subnormal range, where the rounding of
 * the product can give x back, so that it never reaches 0; WebAssembly cannot flush
 * subnormals in hardware, and on x86 each operation on them costs about ten times more
 * (a settled pose inertializer ran 12× slower). So every step flushes the part of its result
 * that decays (the response to the state, before the goal is added back: a goal itself,
 * however small, is still reached exactly), and a settled offset is exactly 0. Branch-free,
 * so that batch loops vectorise it. */
static inline float sp__flush(float x, float tiny) { return fabsf(x) < tiny ? 0.0f : x; }
/* sp__flush(x, 2^−126): a subnormal (or a zero) becomes +0. */
static inline float sp__flush_subnormal(float x) { return sp__flush(x, 0x1p-126f); }

/* All four finite, without branches: x·0 is 0 for finite x and NaN for ±Inf and NaN. */
static inline int sp__finite4(float a, float b, float c, float d)
{
    return a * 0.0f + b * 0.0f + c * 0.0f + d * 0.0f == 0.0f;
}
static inline float sp__clamp(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

/* k/halflife, with −0 read as +0 (+Inf: snap). −0 passes every `halflife >= 0` check, the
 * TypeScript wrapper's included, but k/−0 = −Inf would make the decays grow to Inf/NaN. */
static inline float sp__per_halflife(float k, float halflife)
{
    return k
        / (halflife + 0.0f); /* −0 + 0 = +0, and x + 0 = x otherwise: one add, where a select costs three */
}

/* Half damping y = d/2 = 2·ln2/halflife (+Inf for halflife = 0: callers snap). */
static inline float sp__half_damping(float halflife) { return sp__per_halflife(2.0f * SP_LN2, halflife); }

/* e^x in float, to about 1 ulp, written without branches or libm calls so that the batch
 * loops vectorise it (the scalar functions use it too, so both agree bit for bit).
 * x = k·ln2 + r with |r| ≤ ln2/2 (ln2 split in two for an exact product k·ln2), e^r by its
 * degree-7 Taylor polynomial (error below 5e-9) evaluated by Estrin's scheme rather than
 * Horner's, so that one call is a chain of a few operations instead of 14 dependent ones
 * (the latency is what a single call pays, and what keeps a batch loop from overlapping
 * its iterations), 2^k built in two exponent-field halves so
 * that subnormal results come out right. k is formed by the 1.5·2^23 rounding trick, not
 * a float-to-int conversion, so NaN and ±Inf pass without undefined behaviour: NaN gives
 * NaN, x < −104 gives 0, x > 88.72 gives +Inf. */
static inline float sp__expf(float x)
{
    float xc = x < -104.0f ? -104.0f : (x > 88.72f ? 88.72f : x);
    float t = xc * 1.44269504f + 12582912.0f;
    float kf = t - 12582912.0f;
    union {
        float f;
        int32_t i;
    } kb = { t };
    union {
        float f;
        uint32_t u;
    } s1, s2;
    int32_t k = kb.i - 0x4B400000, k1 = k >> 1, k2 = k - k1; /* k ∈ [−150, 128] unless x is NaN */
    float r = (xc - kf * 0.693145752f) - kf * 1.42860677e-6f;
    float r2 = r * r, r4 = r2 * r2; /* Estrin's scheme: a short dependency chain (see above) */
    float p = (1.0f + r) + r2 * (0.5f + r * (1.0f / 6.0f))
        + r4 * ((1.0f / 24.0f + r * (1.0f / 120.0f)) + r2 * (1.0f / 720.0f + r * (1.0f / 5040.0f)));
    s1.u = (uint32_t)(k1 + 127) << 23;
    s2.u = (uint32_t)(k2 + 127) << 23;
    float e = p * s1.f * s2.f;
    return x < -104.0f ? 0.0f : (x > 88.72f ? INFINITY : (x == x ? e : x));
}

/* Q(s) = Σ (−s)^k/(k + 2)!, k ≤ 8, for 0 ≤ s < 1/2 (remainder below 2e-9 relative): e^(−s) =
 * 1 − s + s²·Q(s) and R(s) = (1 − e^(−s)·(1 + s))/s² = 1 − (1 + s)·Q(s) (which cancels at most 2×). */
static inline float sp__critical_tail_series(float s)
{
    float s2 = s * s, s4 = s2 * s2; /* Estrin's scheme, as in sp__expf */
    float b0 = (1.0f / 2.0f - s * (1.0f / 6.0f)) + s2 * (1.0f / 24.0f - s * (1.0f / 120.0f));
    float b1 = (1.0f / 720.0f - s * (1.0f / 5040.0f)) + s2 * (1.0f / 40320.0f - s * (1.0f / 362880.0f));
    return b0 + s4 * (b1 + s4 * (1.0f / 3628800.0f));
}

/* One step of the exact damper x' = x + α·(g − x), which keeps keep = e^(−z) of the distance to
 * the goal and covers α = 1 − keep, z = ln2·dt/halflife (dampers.c, batch.c, and wherever a
 * damper's fraction is taken: adjustment.c, tracking.c, quat_damper.c, extrapolate.c). α is
 * formed directly, as z − z²·Q(z) (the series of 1 − e^(−z), sp__critical_tail_series) up to
 * z = 1/2, and as 1 − keep beyond (keep ≤ 0.61: no more than 2.5× of
 * cancellation): 1 − keep with keep rounded to float was 14 % short at dt/halflife = 1e-7 and
 * stopped moving below 8.6e-8. While α < 1/2 the step adds α·(g − x) to x, since keep·x with keep
 * within α of 1 would keep only the leading digits of the change (240 steps at halflife 100 s
 * gave 0.0069141 where one step gives 0.0069075); beyond, it forms keep·x + α·g, which reaches a
 * goal exactly however far it was (snap: keep = 0, α = 1). dt = 0 gives keep = 1, α = 0 even
 * for halflife 0; z = +Inf gives keep = 0, α = 1. */
typedef struct {
    float keep, alpha;
} sp__damper_k;

static inline sp__damper_k sp__damper_coefs(float halflife, float dt)
{
    sp__damper_k k;
    float z = dt == 0.0f ? 0.0f : sp__per_halflife(SP_LN2, halflife) * dt;
    if (z < 0.5f) { /* α = 1 − e^(−z) = z − z²·Q(z); the step adds α·(g − x), keep (≥ 0.6) unused */
        k.alpha = z - z * (z * sp__critical_tail_series(z));
        k.keep = 1.0f - k.alpha;
    } else {
        k.keep = sp__expf(-z);
        k.alpha = 1.0f - k.keep;
    }
    return k;
}

/* The step, with what decays toward a goal of 0 flushed below 2^−126 (sp__flush): a decayed
 * value reaches 0 rather than sticking at a slow subnormal (dt = 0, α = 0, changes nothing). */
static inline float sp__damper_apply(const sp__damper_k *k, float x, float g)
{
    if (k->alpha < 0.5f) {
        float r = x + k->alpha * (g - x);
        return g == 0.0f && k->alpha > 0.0f ? sp__flush_subnormal(r) : r;
    }
    float kx = k->keep * x;
    return (g == 0.0f ? sp__flush_subnormal(kx) : kx) + k->alpha * g;
}

/* R(s) = (1 − e^(−s)·(1 + s)) / s² given e = e^(−s): the response of a critical spring to
 * a constant push (the double integral of s·e^(−s)), 1/2 at s = 0 and then falling like
 * 1/s². Below s = 0.5, where the direct form cancels, 1 − (1 + s)·Q(s) (sp__critical_tail_series;
 * (1 + s)·Q lies in [0.5, 0.55], so the subtraction is exact). */
static inline float sp__critical_ramp_series(float s)
{
    return 1.0f - (1.0f + s) * sp__critical_tail_series(s);
}

static inline float sp__critical_ramp(float s, float e)
{
    return s < 0.5f ? sp__critical_ramp_series(s) : (1.0f - e * (1.0f + s)) / (s * s);
}

/* M(s) = 1 − 2·(1 − e)/s + e given e = e^(−s): a critical spring at rest on a goal that sets off
 * at constant speed V covers V·t·M(y·t) in t (it lags by V·t·(1 − M) → 2V/y), and a velocity
 * spring's position the same way (applications.c). 0 at s = 0, like s²/6, rising to 1. Below
 * s = 2, where the direct form cancels (50× at s = 1/2), by its series
 * s²·Σ (−1)^k (k + 1) s^k / (k + 3)!, k ≤ 14 (remainder below 3e-10 relative). */
static inline float sp__critical_lag(float s, float e)
{
    static const float c[15] = { 1.0f / 6,
                                 -2.0f / 24,
                                 3.0f / 120,
                                 -4.0f / 720,
                                 5.0f / 5040,
                                 -6.0f / 40320,
                                 7.0f / 362880,
                                 -8.0f / 3628800,
                                 9.0f / 39916800,
                                 -10.0f / 479001600,
                                 11.0f / 6227020800.0f,
                                 -12.0f / 87178291200.0f,
                                 13.0f / 1307674368000.0f,
                                 -14.0f / 20922789888000.0f,
                                 15.0f / 355687428096000.0f };
    if (!(s < 2.0f)) return (1.0f + e) - 2.0f * (1.0f - e) / s;
    float r = c[14];
    for (int k = 13; k >= 0; k--) r = c[k] + s * r;
    return s * (s * r);
}

/* One step of dt of the exact critical spring is linear in its state: with u = x − g,
 *   x' = g + xx·u + xv·v + xq·q,    v' = vx·u + vv·v + vq·q,
 * where, with y = 2·ln2/halflife, s = y·dt, e = e^(−s) and R = sp__critical_ramp,
 *   xx = e·(1 + s), xv = e·dt, xq = 2·dt·s·R(s),   vx = −(e·s)·y, vv = e·(1 − s), vq = 2·e·s.
 * (From x(t) = c + e·(u0 + j1·t), v(t) = e·(v0 − j1·y·t), u0 = x0 − c, j1 = v0 + y·u0 and the
 * rest point c = g + 2q/y, expanded so that neither c nor j1 is formed: they overflow for
 * slow springs with a large goal velocity, or tiny halflives and large offsets, although
 * the state stays finite.) The coefficients depend only on halflife and dt, so a batch with
 * a shared halflife computes them once. When e underflows to 0 the spring is at rest at c:
 * x' = g + (2/y)·q, v' = 0 (halflife = 0 snaps). dt = 0 is left to callers (no change).
 *
 * Slow springs at small steps (s < 1/2: `inc`) step by increments instead:
 *   x' = x + ((xx − 1)·u + xv·v) + xq·q,   v' = v + (vx·u + (vv − 1)·v) + vq·q,
 * with xx − 1 = −s²·R(s) and vv − 1 = −(s²·R(s) + 2·e·s), each a sum of terms of one sign (R by
 * its series there). xx and vv themselves lie within s²/2 and 2s of 1, so as floats they keep
 * only the leading digits of the step's change: e^(−s)·(1 + s) rounded to float moved a spring
 * of halflife 10 s at 240 Hz 0.2 % too far in a second, and one of 100 s not at all; the
 * increments keep the change to float precision, so only the rounding of the state remains. */
typedef struct {
    float xx, xv, xq, vx, vv, vq;
    int inc; /* xx and vv hold xx − 1 and vv − 1, and the step adds to x and v (see above) */
} sp__critical_k;

/* The two forms of sp__critical_coefs for a given s = y·dt (capped, see below), y and dt: the
 * increments (s < 1/2) and the direct form (s ≥ 1/2, NaN). Loops over many halflives compute the
 * coefficients of a chunk in the form all its elements take, or both and a select per element
 * (soa.c), with the same bits as sp__critical_coefs. */
SP__HOT_INLINE sp__critical_k sp__critical_coefs_inc(float s, float y, float dt)
{
    sp__critical_k k;
    float Q = sp__critical_tail_series(s); /* e and m = 1 − e·(1 + s) = s²·R(s) from one series */
    float e = (1.0f - s) + s * (s * Q), ramp = s * (1.0f - (1.0f + s) * Q), m = s * ramp, es = e * s;
    /* (ramp is s·sp__critical_ramp_series(s), written on the Q already at hand) */
    k.inc = 1;
    k.xx = -m;
    k.xv = e * dt;
    k.xq = 2.0f * dt * ramp; /* 2·dt·s·R(s) = 2·m/y, with no division and no 0·Inf (y = 0) */
    k.vx = -es * y;
    k.vv = -(m + 2.0f * es);
    k.vq = 2.0f * es;
    return k;
}

SP__HOT_INLINE sp__critical_k sp__critical_coefs_direct(float s, float y, float dt, float two_over_y)
{
    sp__critical_k k;
    float e = sp__expf(-s), es = e * s;
    k.inc = 0;
    k.xx = e * (1.0f + s);
    k.xv = e * dt;
    k.xq = (1.0f - k.xx) * two_over_y; /* m = 1 − e·(1 + s), e·(1 + s) ≤ 0.91: cancels at most 11× */
    k.vx = -es * y;
    k.vv = e * (1.0f - s);
    k.vq = 2.0f * es;
    return k;
}

/* s = y·dt capped at 200, y and dt at FLT_MAX. At rest (e = 0: s beyond 104, up to +Inf for
 * halflife 0) every coefficient but xq is then 0 (zeros of either sign: the flush in
 * sp__critical_apply makes the state +0 either way) and xq = (1 − 0)·2/y, with no 0·Inf and no
 * select per coefficient. NaN passes the caps (and takes the direct form). */
SP__HOT_INLINE float sp__critical_s(float halflife, float dt, float *y, float *dt_capped)
{
    float yy = sp__half_damping(halflife), s = yy * dt;
    *y = fabsf(yy) > FLT_MAX ? FLT_MAX : yy;
    *dt_capped = dt > FLT_MAX ? FLT_MAX : dt;
    return s > 200.0f ? 200.0f : s;
}

SP__HOT_INLINE sp__critical_k sp__critical_coefs(float halflife, float dt)
{
    float y, t, s = sp__critical_s(halflife, dt, &y, &t);
    return s < 0.5f ? sp__critical_coefs_inc(s, y, t)
                    : sp__critical_coefs_direct(s, y, t, halflife * (1.0f / SP_LN2));
}

/* One step (see above), the change (or the offset from g) summed before it is added, so that the
 * state is rounded once per step. What decays is flushed (sp__flush): an offset from g below
 * 2^−126 becomes 0, so that a settled spring reaches g exactly (a goal itself, however small, is
 * still reached), and so does a velocity below 2^−126. */
SP__HOT_INLINE void sp__critical_apply(const sp__critical_k *k, float *x, float *v, float g, float q)
{
    float u = *x - g, v0 = *v;
    float nx = (k->inc ? *x : g) + ((k->xx * u + k->xv * v0) + k->xq * q);
    *x = fabsf(nx - g) < 0x1p-126f ? g : nx;
    *v = sp__flush_subnormal((k->inc ? v0 : 0.0f) + ((k->vx * u + k->vv * v0) + k->vq * q));
}

/* sp__critical_decay_as takes the flag as an argument: the pose kernel's loop over many values of
 * one setting passes it as a constant in each of two copies (unswitched by hand). */

/* sp__critical_apply toward goal 0 with goal velocity 0, written for the decays (inertializer
 * offsets, rotation offsets): a sum plus xq·0 is that sum (or +0 for −0, which the flush makes +0
 * anyway), so these are the same bits with fewer operations per value; x is flushed below x_tiny
 * (≥ 2^−126). */
SP__HOT_INLINE void sp__critical_decay_as(const sp__critical_k *k, float *x, float *v, float x_tiny, int inc)
{
    float u = *x, v0 = *v;
    *x = sp__flush((inc ? u : 0.0f) + (k->xx * u + k->xv * v0), x_tiny);
    *v = sp__flush_subnormal((inc ? v0 : 0.0f) + (k->vx * u + k->vv * v0));
}
SP__HOT_INLINE void sp__critical_decay(const sp__critical_k *k, float *x, float *v, float x_tiny)
{
    sp__critical_decay_as(k, x, v, x_tiny, k->inc);
}

static inline sp_vec3 sp__v3(float x, float y, float z)
{
    sp_vec3 r = { x, y, z };
    return r;
}
static inline sp_vec3 sp__v3_add(sp_vec3 a, sp_vec3 b) { return sp__v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline sp_vec3 sp__v3_sub(sp_vec3 a, sp_vec3 b) { return sp__v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline sp_vec3 sp__v3_scale(sp_vec3 a, float s) { return sp__v3(a.x * s, a.y * s, a.z * s); }
static inline float sp__v3_dot(sp_vec3 a, sp_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/* |a|, scaled first when a component is beyond 1e18 or below 1e-18 so that the squares
 * neither overflow (a rotation vector of many turns is still a rotation) nor flush to 0
 * (a tiny distance is not no distance). */
static inline float sp__v3_length(sp_vec3 a)
{
    float m = fmaxf(fmaxf(fabsf(a.x), fabsf(a.y)), fabsf(a.z));
    if ((m > 1e18f || (m < 1e-18f && m > 0.0f)) && !isinf(m))
        a = sp__v3(a.x / m, a.y / m, a.z / m);
    else
        m = 1.0f;
    return m * sqrtf(sp__v3_dot(a, a));
}

static inline sp_quat sp__q(float x, float y, float z, float w)
{
    sp_quat r = { x, y, z, w };
    return r;
}
static inline sp_quat sp__q_mul(sp_quat a, sp_quat b)
{
    return sp__q(a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                 a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                 a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
}
static inline sp_quat sp__q_inv(sp_quat q) { return sp__q(-q.x, -q.y, -q.z, q.w); }
static inline sp_quat sp__q_abs(sp_quat q) { return q.w < 0.0f ? sp__q(-q.x, -q.y, -q.z, -q.w) : q; }
static inline float sp__q_dot(sp_quat a, sp_quat b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
/* q/|q|, scaled first so that neither huge components overflow nor tiny ones underflow
 * (below about 1e-19 their squares flush to 0 and |q| would be 0); the identity for 0. */
static inline sp_quat sp__q_normalize(sp_quat q)
{
    float m = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w)));
    if (m == 0.0f) return sp__q(0.0f, 0.0f, 0.0f, 1.0f);
    if ((m > 1e18f || m < 1e-18f) && !isinf(m)) q = sp__q(q.x / m, q.y / m, q.z / m, q.w / m);
    float len = sqrtf(sp__q_dot(q, q));
    return sp__q(q.x / len, q.y / len, q.z / len, q.w / len);
}
/* Rotate a vector by a unit quaternion. */
static inline sp_vec3 sp__q_rotate(sp_quat q, sp_vec3 v)
{
    sp_vec3 u = sp__v3(q.x, q.y, q.z);
    sp_vec3 t =
        sp__v3_scale(sp__v3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x), 2.0f);
    return sp__v3_add(sp__v3_add(v, sp__v3_scale(t, q.w)),
                      sp__v3(u.y * t.z - u.z * t.y, u.z * t.x - u.x * t.z, u.x * t.y - u.y * t.x));
}

/* atan2(y, x) in float without libm, to about 2 ulp, branch-free for finite input so that
 * loops over many rotations vectorise (the scalar quaternion functions use it too, so both
 * agree bit for bit). a = min/max of |x|, |y| ∈ [0, 1]; above tan(π/8) the identity
 * atan(a) = π/4 + atan((a − 1)/(a + 1)) brings it into [−tan(π/8), tan(π/8)] (one division
 * either way), where atan(a)/a is a degree-5 polynomial in a² (Chebyshev interpolation made
 * for this file, error 1.2e-9); then the octant: π/2 − r when |y| > |x|, π − r when x < 0,
 * and the sign of y (y = −0 counts as +0). 0/0 (both zero) gives 0, like atan2f(+0, +0). Non-finite input goes to
 * atan2f (callers that vectorise never see it from finite rotations). */
SP__ALWAYS_INLINE float sp__atan2_finite(float y, float x)
{
    float ax = fabsf(x), ay = fabsf(y);
    float mx = ax > ay ? ax : ay, mn = ax > ay ? ay : ax;
    int big = mn > 0.414213562f * mx;
    float num = big ? mn - mx : mn, den = big ? mn + mx : mx;
    float a = num / (den > 0.0f ? den : 1.0f), t = a * a;
    float p = 1.0f
        + t
            * (-3.33333075e-1f
               + t * (1.99981824e-1f + t * (-1.42395332e-1f + t * (1.05698287e-1f + t * -6.02630526e-2f))));
    float r = a * p + (big ? 0.785398163f : 0.0f);
    r = ay > ax ? 1.57079633f - r : r;
    r = x < 0.0f ? 3.14159265f - r : r;
    return y < 0.0f ? -r : r;
}
static inline float sp__atan2(float y, float x)
{
    return isfinite(x) && isfinite(y) ? sp__atan2_finite(y, x) : atan2f(y, x);
}

/* sin x and cos x of a float, within an ulp of the rounded true values. Up to π/4 (a spring's
 * ω·dt, mostly) inline and with no reduction, which makes it as fast as libm's sinf and cosf
 * together; beyond, sp__sincosf_large. */
SP__ALWAYS_INLINE void sp__sincosf(float x, float *s, float *c)
{
    if (fabsf(x) <= 0.785398163f) /* π/4 as a float, 2e-8 above it: the polynomials still hold */
        sp__sincosf_poly(x, 0, s, c);
    else
        sp__sincosf_large(x, s, c);
}

/* sin and cos of h ≥ 0 without libm for h below SP__SINCOS_MAX, to about 1 ulp, and
 * sin(h)/h (1 at h = 0, no division below π/4): h = n·π/2 + r with |r| ≤ π/4 (π/2 in three
 * parts of 8, 12 and 24 bits: the first two products are exact for n < 2^11), sin r and cos r by their Taylor polynomials to r⁹ and
 * r¹⁰ (remainders below 2e-9), the quadrant n mod 4 picks and signs them. Beyond
 * SP__SINCOS_MAX (or NaN) sp__sincosf. */
#define SP__SINCOS_MAX 3000.0f
SP__ALWAYS_INLINE void sp__sincos_reduced(float h, float *s, float *c, float *sinc)
{
    float nf = floorf(h * 0.636619772f + 0.5f);
    int n = (int)nf & 3;
    float r = ((h - nf * 1.5703125f) - nf * 4.838705062866211e-4f) + nf * 4.371138829e-8f;
    float t = r * r;
    float sr =
        r + r * t * (-1.0f / 6.0f + t * (1.0f / 120.0f + t * (-1.0f / 5040.0f + t * (1.0f / 362880.0f))));
    float cr = 1.0f - 0.5f * t
        + t * t * (1.0f / 24.0f + t * (-1.0f / 720.0f + t * (1.0f / 40320.0f + t * (-1.0f / 3628800.0f))));
    float sn = (n & 1) ? cr : sr, cs = (n & 1) ? sr : cr;
    *s = (n & 2) ? -sn : sn;
    *c = ((n + 1) & 2) ? -cs : cs;
    *sinc = nf == 0.0f
        ? 1.0f + t * (-1.0f / 6.0f + t * (1.0f / 120.0f + t * (-1.0f / 5040.0f + t * (1.0f / 362880.0f))))
        : *s / h;
}
static inline void sp__sincos(float h, float *s, float *c, float *sinc)
{
    if (h >= 0.0f && h < SP__SINCOS_MAX) {
        sp__sincos_reduced(h, s, c, sinc);
        return;
    }
    sp__sincosf(h, s, c);
    *sinc = *s / h;
}

/* Rotation as angle·axis: 2·log(q), accurate near the identity. The axis is normalized
 * after scaling by the largest component m, so that neither huge nor subnormal components
 * (where |xyz| itself loses its digits) disturb its length. */
static inline sp_vec3 sp__q_to_scaled_angle_axis(sp_quat q)
{
    float m = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fabsf(q.z));
    if (!(m > 0.0f)) return sp__v3(2.0f * q.x, 2.0f * q.y, 2.0f * q.z);
    sp_vec3 u = sp__v3(q.x / m, q.y / m, q.z / m);
    float l = sqrtf(sp__v3_dot(u, u));
    float angle = 2.0f * sp__atan2(m * l, q.w);
    return sp__v3_scale(u, angle / l);
}
/* exp(v/2), accurate near zero. */
static inline sp_quat sp__q_from_scaled_angle_axis(sp_vec3 v)
{
    float half = 0.5f * sp__v3_length(v), s, c, k;
    sp__sincos(half, &s, &c, &k);
    return sp__q(0.5f * k * v.x, 0.5f * k * v.y, 0.5f * k * v.z, c);
}

/* The two maps above without branches, for loops over many rotations that vectorise: the
 * same operations in the same order for the inputs they handle (then they return 1 and give
 * the same bits), 0 with unspecified outputs otherwise. To the log map: finite quaternions
 * with components up to 1e18 (the ternary max equals fmaxf there; the largest of u is ±1,
 * so l ≥ 1). */
SP__ALWAYS_INLINE int sp__q_to_scaled_angle_axis_fast(float qx, float qy, float qz, float qw, float *jx,
                                                      float *jy, float *jz)
{
    float ax = fabsf(qx), ay = fabsf(qy), az = fabsf(qz);
    float m = ax > ay ? ax : ay;
    m = m > az ? m : az;
    float mm = m > 0.0f ? m : 1.0f;
    float ux = qx / mm, uy = qy / mm, uz = qz / mm;
    float l = sqrtf(ux * ux + uy * uy + uz * uz);
    float f = (2.0f * sp__atan2_finite(mm * l, qw)) / l;
    *jx = m > 0.0f ? ux * f : 2.0f * qx;
    *jy = m > 0.0f ? uy * f : 2.0f * qy;
    *jz = m > 0.0f ? uz * f : 2.0f * qz;
    return sp__finite4(qx, qy, qz, qw) && m <= 1e18f; /* m·l finite: sp__atan2 takes its finite path */
}

/* To the exp map: components of magnitude 0 or in [1e-18, 1e18] (no scaling in
 * sp__v3_length, whose factor is then exactly 1) and a half angle below SP__SINCOS_MAX. */
SP__ALWAYS_INLINE int sp__q_from_scaled_angle_axis_fast(float vx, float vy, float vz, float *qx, float *qy,
                                                        float *qz, float *qw)
{
    float bx = fabsf(vx), by = fabsf(vy), bz = fabsf(vz);
    float m = bx > by ? bx : by;
    m = m > bz ? m : bz;
    float half = 0.5f * sqrtf(vx * vx + vy * vy + vz * vz), s, c, k;
    int ok = m <= 1e18f && (m >= 1e-18f || m == 0.0f) && half < SP__SINCOS_MAX;
    sp__sincos_reduced(ok ? half : 0.0f, &s, &c, &k);
    *qx = 0.5f * k * vx;
    *qy = 0.5f * k * vy;
    *qz = 0.5f * k * vz;
    *qw = c;
    return ok;
}

/* ---- The exact spring (springs.c, batch.c) ----
 * One step of dt of the spring a = s·(g − x) + d·(q − v) is linear in its state: with z = x − g,
 *   x' = g + xz·z + xv·v + xq·q,   v' = vz·z + vv·v + vq·q
 * (from x and v themselves where xz or vv is near 1: `xinc`, `vinc`, holding xz − 1, vv − 1).
 * sp__spring_coefs (springs.c, where the forms are derived) computes the coefficients, which
 * depend on ω = √s, the damping and dt only, once per call or per batch group; sp__spring_apply
 * steps one float. `snap` is infinite damping (halflife 0: x' = g, v' = 0); `rest` is a spring
 * at rest at c = g + d·q/s (formed in double since d·q alone may overflow). */
typedef struct {
    float xz, xv, xq, vz, vv, vq, d, omega;
    int snap, rest, xinc, vinc;
} sp__spring_k;

sp__spring_k sp__spring_coefs(float omega, float damping, float dt);

/* 2π·frequency: the ω of sp__spring_coefs. A finite frequency whose ω overflows (beyond
 * 5.4e37 Hz) is given FLT_MAX, whose phase float cannot hold either. */
static inline float sp__spring_omega(float frequency)
{
    float w = fabsf(2.0f * SP_PI * frequency);
    return w > FLT_MAX && isfinite(frequency) ? FLT_MAX : w;
}

/* One step: the state's change from g (or from x, v themselves when xinc, vinc), the goal
 * velocity's terms added to the change before it is added to the state. */
static inline void sp__spring_apply(const sp__spring_k *k, float *x, float *v, float g, float q)
{
    if (k->snap) {
        *x = g;
        *v = 0.0f;
        return;
    }
    if (k->rest) {
        *x = q == 0.0f ? g : (float)(g + (double)k->d * q / ((double)k->omega * fabs((double)k->omega)));
        *v = 0.0f;
        return;
    }
    float z = *x - g, v0 = *v;
    float dx = k->xz * z + k->xv * v0, dv = k->vz * z + k->vv * v0;
    if (q != 0.0f) {
        dx += k->xq * q;
        dv += k->vq * q;
    }
    float nx = (k->xinc ? *x : g) + dx, nv = k->vinc ? v0 + dv : dv;
    /* an offset from the goal or a velocity decayed below 2^−126 is exactly 0 (subnormal
     * arithmetic is slow in WebAssembly, and a settled spring would stay on it) */
    *x = fabsf(nx - g) < 0x1p-126f ? g : nx;
    *v = sp__flush_subnormal(nv);
}

/* The critical spring on a rotation x (angular velocity v) toward goal: the offset
 * x·goal⁻¹ as a scaled angle-axis (shortest arc) takes one step of sp__critical_apply with
 * goal 0 and goal velocity 0, and is mapped back. At rest (all coefficients 0) x = goal.
 *
 * sp__quat_spring_fast is that step without branches or libm calls, on separate floats so
 * that a loop over rotations stored as structure of arrays vectorises (batch.c); it returns
 * 0, and leaves its outputs unspecified, for the inputs it does not handle to within a few
 * ulps: non-finite values, an offset with components beyond 1e18 or of length below 1e-18
 * and far from unit, a new offset beyond 1e18 or 6000 radians, a goal of length outside
 * [1e-18, 1e18]. sp__quat_spring_apply
 * (every scalar quaternion spring) takes the fast step and falls back to the careful helpers
 * (sp__q_to_scaled_angle_axis etc.) only where it returned 0, and the batch does exactly
 * the same per element, so both agree bit for bit. A null goal is the identity (the decay
 * springs): it skips the two products by the goal (exact, but for the sign of zeros). */
typedef struct {
    float x, y, z, w, vx, vy, vz;
} sp__quat_state;

/* sp__quat_spring_fast in three stages, each returning 0 for the inputs it does not handle,
 * so that a batch may run each over many rotations in a loop of its own (fewer live values
 * per loop, fewer spills); the arithmetic is the same either way. The first: st->x, y, z
 * become j = 2·log(x·goal⁻¹) (shortest arc). */
SP__ALWAYS_INLINE int sp__quat_log_fast(sp__quat_state *st, int has_goal, float gx, float gy, float gz,
                                        float gw)
{
    float x0 = st->x, y0 = st->y, z0 = st->z, w0 = st->w;
    /* d = x·goal⁻¹, on the shortest arc (x itself for the identity goal: has_goal = 0) */
    float dx = has_goal ? -w0 * gx + x0 * gw - y0 * gz + z0 * gy : x0;
    float dy = has_goal ? -w0 * gy + x0 * gz + y0 * gw - z0 * gx : y0;
    float dz = has_goal ? -w0 * gz - x0 * gy + y0 * gx + z0 * gw : z0;
    float dw = has_goal ? w0 * gw + x0 * gx + y0 * gy + z0 * gz : w0;
    float sg = dw < 0.0f ? -1.0f : 1.0f;
    dx *= sg;
    dy *= sg;
    dz *= sg;
    dw *= sg;
    /* j = 2·log(d) = d·angle/l, l = |xyz|, without scaling (a division fewer on the chain of
     * one call): the squares neither overflow (components up to 1e18) nor lose l above 1e-18.
     * Below, angle/l = 2·atan2(l, dw)/l is 2/dw to float precision (the next term is l²/3), for
     * a d of about unit length (dw > 1/2; others take the careful path). */
    float l2 = dx * dx + dy * dy + dz * dz, l = sqrtf(l2);
    int small = l2 < 1e-36f;
    int ok = sp__finite4(dx, dy, dz, dw) && l2 <= 1e36f && (!small || dw > 0.5f);
    ok &= sp__finite4(gx, gy, gz, gw);
    float ang = 2.0f * sp__atan2_finite(l, dw);
    float f = (small ? 2.0f : ang) / (small ? dw : l);
    st->x = dx * f;
    st->y = dy * f;
    st->z = dz * f;
    return ok;
}

/* Offset angles below SP__TINY_ANGLE (radians) are flushed to 0 after each step (see
 * sp__flush): exp(j/2) then has components of 0 or beyond 1e-37, which the fast log map
 * handles, and a settled rotation stops moving instead of sticking at subnormal offsets. */
#define SP__TINY_ANGLE 0x1p-120f
static inline void sp__quat_step(const sp__critical_k *k, float *jx, float *jy, float *jz, float *vx,
                                 float *vy, float *vz)
{
    sp__critical_decay(k, jx, vx, SP__TINY_ANGLE);
    sp__critical_decay(k, jy, vy, SP__TINY_ANGLE);
    sp__critical_decay(k, jz, vz, SP__TINY_ANGLE);
}

/* The second: one step of j (st->x, y, z) and the angular velocity. */
SP__ALWAYS_INLINE int sp__quat_step_fast(const sp__critical_k *k, sp__quat_state *st)
{
    int ok = sp__finite4(st->vx, st->vy, st->vz, 0.0f);
    sp__quat_step(k, &st->x, &st->y, &st->z, &st->vx, &st->vy, &st->vz);
    return ok;
}

/* The third: normalise(exp(j/2)·goal) into st->x, y, z, w. */
SP__ALWAYS_INLINE int sp__quat_exp_fast(sp__quat_state *st, int has_goal, float gx, float gy, float gz,
                                        float gw)
{
    float jx = st->x, jy = st->y, jz = st->z;
    float bx = fabsf(jx), by = fabsf(jy), bz = fabsf(jz);
    float mj = bx > by ? bx : by;
    mj = mj > bz ? mj : bz;
    float half = 0.5f * sqrtf(jx * jx + jy * jy + jz * jz);
    int ok = mj <= 1e18f && half < SP__SINCOS_MAX;
    float s, c, sinc;
    sp__sincos_reduced(ok ? half : 0.0f, &s, &c, &sinc);
    float ex = 0.5f * sinc * jx, ey = 0.5f * sinc * jy, ez = 0.5f * sinc * jz, ew = c;
    float px = has_goal ? ew * gx + ex * gw + ey * gz - ez * gy : ex;
    float py = has_goal ? ew * gy - ex * gz + ey * gw + ez * gx : ey;
    float pz = has_goal ? ew * gz + ex * gy - ey * gx + ez * gw : ez;
    float pw = has_goal ? ew * gw - ex * gx - ey * gy - ez * gz : ew;
    float len = sqrtf(px * px + py * py + pz * pz + pw * pw);
    ok &= len >= 1e-18f && len <= 1e18f; /* a goal of ordinary length */
    float il = 1.0f / len;               /* one division, not four: divisions are the slow vector operation */
    st->x = px * il;
    st->y = py * il;
    st->z = pz * il;
    st->w = pw * il;
    return ok;
}

SP__ALWAYS_INLINE int sp__quat_spring_fast(const sp__critical_k *k, sp__quat_state *st, int has_goal,
                                           float gx, float gy, float gz, float gw)
{
    int ok = sp__quat_log_fast(st, has_goal, gx, gy, gz, gw);
    ok &= sp__quat_step_fast(k, st);
    return sp__quat_exp_fast(st, has_goal, gx, gy, gz, gw) & ok;
}

static inline void sp__quat_spring_apply(const sp__critical_k *k, sp_quat *x, sp_vec3 *v,
                                         const sp_quat *goal_or_null)
{
    sp__quat_state st = { x->x, x->y, x->z, x->w, v->x, v->y, v->z };
    sp_quat goal = goal_or_null ? *goal_or_null : sp__q(0.0f, 0.0f, 0.0f, 1.0f);
    if (sp__quat_spring_fast(k, &st, goal_or_null != NULL, goal.x, goal.y, goal.z, goal.w)) {
        *x = sp__q(st.x, st.y, st.z, st.w);
        *v = sp__v3(st.vx, st.vy, st.vz);
        return;
    }
    sp_vec3 j = sp__q_to_scaled_angle_axis(sp__q_abs(sp__q_mul(*x, sp__q_inv(goal))));
    sp_vec3 w = *v;
    sp__quat_step(k, &j.x, &j.y, &j.z, &w.x, &w.y, &w.z);
    *x = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(j), goal));
    *v = w;
}

/* ---- Inertialization (inertialize.c, transition_cost.c) ---- */

/* The quintic inertializer's offset over normalised time τ = t/t1 ∈ [0, 1]:
 *
 *   x(τ) = (1−τ)³ · ((1−τ)·(x0 + k·τ) + h·τ²)
 *
 * This is the quintic with x(0) = x0, x'(0) = v0·t1, x''(0) = a0·t1² and x = x' = x'' = 0 at
 * τ = 1, written around its structure. Bollo's initial acceleration a0·t1² = −8·v0·t1 − 20·x0
 * makes the root at τ = 1 quadruple, x(τ) = (1−τ)⁴·(x0 + k·τ) with k = v0·t1 + 4·x0, which
 * keeps the sign of x0 on [0, 1] exactly when x0·(x0 + k) ≥ 0, i.e. v0·t1/x0 ≥ −5: hence the
 * shortened blend time t1 = −5·x0/v0 when the offset moves toward zero faster than that.
 * Bollo clamps a0 so that it never points toward zero (a0·x0 ≥ 0); raising a0 by Δ adds
 * h·τ² = (Δ·t1²/2)·τ² with h of the sign of x0, so every term keeps the sign of x0 and the
 * offset never overshoots zero, in exact arithmetic and in float (a sum of same-signed
 * products cannot change sign). */
typedef struct {
    float t1, x, k, h;
} sp__quintic;

static inline sp__quintic sp__quintic_shape(float x, float v, float blendtime)
{
    sp__quintic q;
    float s = x < 0.0f ? -1.0f : 1.0f;
    float t1 = blendtime;
    if (x != 0.0f && s * (5.0f * x + v * t1) < 0.0f) t1 = -5.0f * x / v;
    float vt = v * t1;
    float k = vt + 4.0f * x;
    if (x != 0.0f && s * (x + k) < 0.0f) k = -x; /* rounding of −5·x0/v0 must not flip x0 + k */
    float a_bollo = -8.0f * vt - 20.0f * x;      /* a0·t1² */
    q.t1 = t1;
    q.x = x;
    q.k = k;
    q.h = s * a_bollo < 0.0f ? -0.5f * a_bollo : 0.0f;
    return q;
}

/* Offset, and its first and second derivatives with respect to τ, at τ ∈ [0, 1]. */
static inline void sp__quintic_eval(sp__quintic q, float tau, float *p, float *dp, float *ddp)
{
    float u = 1.0f - tau;
    float l = q.x + q.k * tau;
    float r = u * l + q.h * tau * tau; /* the quadratic factor */
    float dr = u * q.k - l + 2.0f * q.h * tau;
    float ddr = 2.0f * (q.h - q.k);
    *p = u * u * u * r;
    *dp = u * u * (u * dr - 3.0f * r);
    *ddp = u * (6.0f * r - 6.0f * u * dr + u * u * ddr);
}

/* d·f/blendtime for f ∈ [0, 1], with no intermediate overflow the result does not have
 * (f/blendtime overflows for tiny blend times, d/blendtime for huge d when f is tiny). */
static inline float sp__per_blendtime(float d, float f, float blendtime)
{
    float r = d / blendtime;
    return isinf(r) ? (d * f) / blendtime : r * f;
}

/* The cubic inertializer's offset t seconds after a transition with offset (x, v).
 * The article's cubic a·τ³ + b·τ² + c·τ + d (d = x, c = v·blendtime, b = −3d − 2c,
 * a = 2d + c, τ = t/blendtime) factors as (1−τ)²·(d + a·τ), evaluated in that form so that it
 * reaches exactly 0 at τ = 1. Instead of the article's blendtime + eps, τ = 1 whenever
 * t ≥ blendtime: blendtime = 0 removes the offset at once, t = 0 keeps it whole. Written
 * without branches on the element's values, so that the pose kernel's loops vectorise. */
static inline void sp__cubic_decay(float *out_x, float *out_v, float x, float v, float blendtime, float t)
{
    int done = !(t < blendtime);
    float tau = t > 0.0f && !done ? t / blendtime : 0.0f;
    float u = 1.0f - tau;
    float a = 2.0f * x + v * blendtime;
    float ox = u * u * (x + a * tau);
    /* x'(τ)/blendtime = v·(1−τ)(1−3τ) − 6·x·τ(1−τ)/blendtime */
    float ov = u * (v * (1.0f - 3.0f * tau) - 6.0f * sp__per_blendtime(x, tau, blendtime));
    *out_x = done ? 0.0f : ox;
    *out_v = done ? 0.0f : ov;
}

/* Smoothstep 3τ² − 2τ³ on τ ∈ [0, 1]. */
static inline float sp__smoothstep(float tau) { return tau * tau * (3.0f - 2.0f * tau); }

/* (1 − e^(−λt))/λ, the distance covered by a velocity decaying at rate λ ≥ 0 (t for λ = 0,
 * 0 for λ = +Inf). */
static inline float sp__decayed_distance(float lambda, float t)
{
    if (t == 0.0f || isinf(lambda)) return 0.0f;
    return lambda == 0.0f ? t : -expm1f(-lambda * t) / lambda;
}

/* An input plus an inertializer's decayed offset, exactly the input where the offset is 0 (after
 * the blend): in + 0 would turn an input of −0 into +0. Shared by the scalar, vector and pose
 * cubic updates so that they stay equal bit for bit. */
static inline float sp__plus_offset(float in, float offset) { return offset == 0.0f ? in : in + offset; }

/* The quaternion inertializer's rule, shared by inertialize.c and the pose kernels: the
 * output is off·in, whose world angular velocity is off_v + off·in_v; a transition from
 * src to dst keeps both continuous: off' = off·src·dst⁻¹ (shortest arc) and
 * off_v' = off_v + off·src_v − off'·dst_v. */
static inline void sp__inertialize_output_quat(sp_quat *out_x, sp_vec3 *out_v, sp_quat off_x, sp_vec3 off_v,
                                               sp_quat in_x, sp_vec3 in_v)
{
    *out_x = sp__q_mul(off_x, in_x); /* unit to rounding; not fed back, so not renormalised */
    *out_v = sp__v3_add(off_v, sp__q_rotate(off_x, in_v));
}

static inline void sp__inertialize_transition_quat(sp_quat *off_x, sp_vec3 *off_v, sp_quat src_x,
                                                   sp_vec3 src_v, sp_quat dst_x, sp_vec3 dst_v)
{
    sp_quat old = *off_x;
    sp_quat next = sp__q_abs(sp__q_normalize(sp__q_mul(sp__q_mul(old, src_x), sp__q_inv(dst_x))));
    *off_v = sp__v3_sub(sp__v3_add(*off_v, sp__q_rotate(old, src_v)), sp__q_rotate(next, dst_v));
    *off_x = next;
}

/* ---- 2D vectors (the _v2 functions): a 2D vector is the 3D one in the plane z = 0, so each
 * _v2 function is its _v3 form on (x, y, 0), and equals it there. ---- */
static inline sp_vec2 sp__v2(float x, float y)
{
    sp_vec2 r = { x, y };
    return r;
}
static inline sp_vec3 sp__v2_lift(sp_vec2 a) { return sp__v3(a.x, a.y, 0.0f); }
static inline sp_vec2 sp__v3_drop(sp_vec3 a) { return sp__v2(a.x, a.y); }

/* A double as a float, ±Inf beyond the float range (a plain conversion of an out-of-range
 * double is undefined behaviour in C). NaN stays NaN. */
static inline float sp__to_float(double x)
{
    return x > 3.4028234663852886e38 ? INFINITY : (x < -3.4028234663852886e38 ? -INFINITY : (float)x);
}

#endif
