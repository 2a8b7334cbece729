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

/* The basis C(t), S(t) of the exact spring (see springs.c), w² = s − y². The over damped
 * case is computed from e^(−y1·t) and expm1(−2·w·t) (y1 = s/(y + w), the slow rate) so
 * that neither overflows nor cancels: y1 must come from s itself, as y² + w² loses s
 * entirely when d² ≫ s. */
static inline void sp__spring_basis(float s, float y, float t, float *C, float *S)
{
    float w2 = s - y * y;
    if (w2 > 0.0f) {
        float w = sqrtf(w2), e = expf(-y * t);
        *C = e * cosf(w * t);
        *S = e * sinf(w * t) / w;
    } else if (w2 < 0.0f) {
        float w = sqrtf(-w2);
        float y1 = s / (y + w);
        float e1 = expf(-y1 * t);
        float z = 2.0f * w * t;
        float m = expm1f(-z);                      /* e^(−2wt) − 1 */
        *C = e1 * (2.0f + m) * 0.5f;               /* (e^(−y1 t) + e^(−y0 t)) / 2 */
        *S = e1 * t * (z > 0.0f ? -m / z : 1.0f);  /* (e^(−y1 t) − e^(−y0 t)) / 2w */
    } else {
        float e = expf(-y * t);
        *C = e;
        *S = e * t;
    }
}

#endif
