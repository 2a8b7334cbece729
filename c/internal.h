/* internal.h — small inline helpers shared by the .c files; not part of the API. */
#ifndef SPRUNG_INTERNAL_H
#define SPRUNG_INTERNAL_H

#include <math.h>
#include "sprung.h"

static inline float sp__sq(float x) { return x * x; }
static inline float sp__clamp(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

/* k/halflife, with −0 read as +0 (+Inf: snap). −0 passes every `halflife >= 0` check, the
 * TypeScript wrapper's included, but k/−0 = −Inf would make the decays grow to Inf/NaN. */
static inline float sp__per_halflife(float k, float halflife) { return k / (halflife == 0.0f ? 0.0f : halflife); }

/* Half damping y = d/2 = 2·ln2/halflife (+Inf for halflife = 0: callers snap). */
static inline float sp__half_damping(float halflife) { return sp__per_halflife(2.0f * SP_LN2, halflife); }

/* e^(−y·dt) with the edge values of the conventions: dt = 0 gives 1 (no change) even
 * when y is +Inf (halflife = 0), and y·dt = +Inf gives 0 (snap). */
static inline float sp__decay(float y, float dt) { return dt == 0.0f ? 1.0f : expf(-y * dt); }

/* R(s) = (1 − e^(−s)·(1 + s)) / s², the response of a critical spring to a constant push
 * (the double integral of s·e^(−s)): 1/2 at s = 0, then falling like 1/s². Its power
 * series Σ (−1)^k (k−1) s^(k−2) / k! for s < 0.5 (where the direct form cancels), the
 * direct form beyond. Callers write with it the terms whose naive forms meet y·x products
 * that overflow although the result is finite. */
static inline float sp__critical_ramp(float s)
{
    if (s < 0.5f) {
        float r = 0.0f, term = 1.0f; /* (−s)^(k−2) / k! */
        for (int k = 2; k <= 10; k++) { term /= (float)k; r += (float)(k - 1) * term; term *= -s; }
        return r;
    }
    return (1.0f - expf(-s) * (1.0f + s)) / (s * s);
}

static inline sp_vec3 sp__v3(float x, float y, float z) { sp_vec3 r = { x, y, z }; return r; }
static inline sp_vec3 sp__v3_add(sp_vec3 a, sp_vec3 b) { return sp__v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline sp_vec3 sp__v3_sub(sp_vec3 a, sp_vec3 b) { return sp__v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline sp_vec3 sp__v3_scale(sp_vec3 a, float s) { return sp__v3(a.x * s, a.y * s, a.z * s); }
static inline float sp__v3_dot(sp_vec3 a, sp_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/* |a|, scaled first when a component is beyond 1e18 so that the squares do not overflow
 * (a rotation vector of many turns is still a rotation). */
static inline float sp__v3_length(sp_vec3 a)
{
    float m = fmaxf(fmaxf(fabsf(a.x), fabsf(a.y)), fabsf(a.z));
    if (m > 1e18f && !isinf(m)) a = sp__v3(a.x / m, a.y / m, a.z / m);
    else m = 1.0f;
    return m * sqrtf(sp__v3_dot(a, a));
}

static inline sp_quat sp__q(float x, float y, float z, float w) { sp_quat r = { x, y, z, w }; return r; }
static inline sp_quat sp__q_mul(sp_quat a, sp_quat b)
{
    return sp__q(a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                 a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
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
    sp_vec3 t = sp__v3_scale(sp__v3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x), 2.0f);
    return sp__v3_add(sp__v3_add(v, sp__v3_scale(t, q.w)),
                      sp__v3(u.y * t.z - u.z * t.y, u.z * t.x - u.x * t.z, u.x * t.y - u.y * t.x));
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
    float angle = 2.0f * atan2f(m * l, q.w);
    return sp__v3_scale(u, angle / l);
}
/* exp(v/2), accurate near zero. */
static inline sp_quat sp__q_from_scaled_angle_axis(sp_vec3 v)
{
    float half = 0.5f * sp__v3_length(v);
    float k = half > 1e-4f ? sinf(half) / half : 1.0f - half * half / 6.0f;
    return sp__q(0.5f * k * v.x, 0.5f * k * v.y, 0.5f * k * v.z, cosf(half));
}

#endif
