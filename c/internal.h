/* internal.h — small inline helpers shared by the .c files; not part of the API. */
#ifndef SPRUNG_INTERNAL_H
#define SPRUNG_INTERNAL_H

#include <math.h>
#include "sprung.h"

static inline float sp__sq(float x) { return x * x; }
static inline float sp__clamp(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

/* Half damping y = d/2 = 2·ln2/halflife (+Inf for halflife = 0: callers snap). */
static inline float sp__half_damping(float halflife) { return (2.0f * SP_LN2) / halflife; }

/* e^(−y·dt) with the edge values of the conventions: dt = 0 gives 1 (no change) even
 * when y is +Inf (halflife = 0), and y·dt = +Inf gives 0 (snap). */
static inline float sp__decay(float y, float dt) { return dt == 0.0f ? 1.0f : expf(-y * dt); }

static inline sp_vec3 sp__v3(float x, float y, float z) { sp_vec3 r = { x, y, z }; return r; }
static inline sp_vec3 sp__v3_add(sp_vec3 a, sp_vec3 b) { return sp__v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline sp_vec3 sp__v3_sub(sp_vec3 a, sp_vec3 b) { return sp__v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline sp_vec3 sp__v3_scale(sp_vec3 a, float s) { return sp__v3(a.x * s, a.y * s, a.z * s); }
static inline float sp__v3_dot(sp_vec3 a, sp_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline float sp__v3_length(sp_vec3 a) { return sqrtf(sp__v3_dot(a, a)); }

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
/* q/|q|, scaled first so that huge components do not overflow; the identity for 0. */
static inline sp_quat sp__q_normalize(sp_quat q)
{
    float m = fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w)));
    if (m == 0.0f) return sp__q(0.0f, 0.0f, 0.0f, 1.0f);
    if (m > 1e18f && !isinf(m)) q = sp__q(q.x / m, q.y / m, q.z / m, q.w / m);
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

/* Rotation as angle·axis: 2·log(q), accurate near the identity. */
static inline sp_vec3 sp__q_to_scaled_angle_axis(sp_quat q)
{
    float s = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(s > 0.0f)) return sp__v3(2.0f * q.x, 2.0f * q.y, 2.0f * q.z);
    float angle = 2.0f * atan2f(s, q.w);
    return sp__v3_scale(sp__v3(q.x, q.y, q.z), angle / s);
}
/* exp(v/2), accurate near zero. */
static inline sp_quat sp__q_from_scaled_angle_axis(sp_vec3 v)
{
    float half = 0.5f * sp__v3_length(v);
    float k = half > 1e-4f ? sinf(half) / half : 1.0f - half * half / 6.0f;
    return sp__q(0.5f * k * v.x, 0.5f * k * v.y, 0.5f * k * v.z, cosf(half));
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
typedef struct { float t1, x, k, h; } sp__quintic;

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
    float r = u * l + q.h * tau * tau;              /* the quadratic factor */
    float dr = u * q.k - l + 2.0f * q.h * tau;
    float ddr = 2.0f * (q.h - q.k);
    *p = u * u * u * r;
    *dp = u * u * (u * dr - 3.0f * r);
    *ddp = u * (6.0f * r - 6.0f * u * dr + u * u * ddr);
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

#endif
