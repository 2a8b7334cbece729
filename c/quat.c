/* quat.c — the quaternion helpers the quaternion springs need, for callers of the API. */
#include "internal.h"

void sp_quat_mul(sp_quat *out, const sp_quat *a, const sp_quat *b) { *out = sp__q_mul(*a, *b); }
void sp_quat_inv(sp_quat *out, const sp_quat *q) { *out = sp__q_inv(*q); }
void sp_quat_abs(sp_quat *out, const sp_quat *q) { *out = sp__q_abs(*q); }
void sp_quat_normalize(sp_quat *out, const sp_quat *q) { *out = sp__q_normalize(*q); }
void sp_quat_to_scaled_angle_axis(sp_vec3 *out, const sp_quat *q) { *out = sp__q_to_scaled_angle_axis(*q); }
void sp_quat_from_scaled_angle_axis(sp_quat *out, const sp_vec3 *v)
{
    *out = sp__q_from_scaled_angle_axis(*v);
}

/* exp(v) = exp(2v/2): sp__q_from_scaled_angle_axis's steps on half = |v|, without forming 2v
 * (which overflows where v does not). */
void sp_quat_exp(sp_quat *out, const sp_vec3 *v)
{
    float half = sp__v3_length(*v), s, c, k;
    sp__sincos(half, &s, &c, &k);
    *out = sp__q(k * v->x, k * v->y, k * v->z, c);
}

/* log(q) = 2·log(q)/2, halving exact but for subnormal components. */
void sp_quat_log(sp_vec3 *out, const sp_quat *q)
{
    *out = sp__v3_scale(sp__q_to_scaled_angle_axis(*q), 0.5f);
}

/* With p̂, q̂ the unit directions (sp__v3_length scales, so that neither huge nor tiny vectors
 * overflow or underflow), the rotation by θ about n = p̂×q̂/|p̂×q̂| is (n·sin(θ/2), cos(θ/2)),
 * proportional to (p̂×q̂, 1 + p̂·q̂) = 2·cos(θ/2)·(n·sin(θ/2), cos(θ/2)). Near opposite directions
 * 1 + p̂·q̂ cancels, and the axis is ill-determined anyway; exactly opposite (p̂×q̂ = 0, p̂·q̂ < 0)
 * takes the half turn about p̂×e. */
void sp_quat_between(sp_quat *out, const sp_vec3 *p, const sp_vec3 *q)
{
    float lp = sp__v3_length(*p), lq = sp__v3_length(*q);
    if (!(lp > 0.0f && lq > 0.0f)) {
        *out = lp == lp && lq == lq ? sp__q(0.0f, 0.0f, 0.0f, 1.0f) : sp__q(NAN, NAN, NAN, NAN);
        return;
    }
    sp_vec3 a = sp__v3_scale(*p, 1.0f / lp), b = sp__v3_scale(*q, 1.0f / lq);
    sp_vec3 c = sp__v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    float d = sp__v3_dot(a, b), w = 1.0f + d;
    if (c.x == 0.0f && c.y == 0.0f && c.z == 0.0f && d < 0.0f) { /* opposite: a×e, e least aligned */
        float ax = fabsf(a.x), ay = fabsf(a.y), az = fabsf(a.z);
        c = ax <= ay && ax <= az ? sp__v3(0.0f, a.z, -a.y)
                                 : (ay <= az ? sp__v3(-a.z, 0.0f, a.x) : sp__v3(a.y, -a.x, 0.0f));
        w = 0.0f;
    }
    *out = sp__q_normalize(sp__q(c.x, c.y, c.z, w));
}

void sp_quat_mul_vec3(sp_vec3 *out, const sp_quat *q, const sp_vec3 *v) { *out = sp__q_rotate(*q, *v); }
void sp_quat_inv_mul_vec3(sp_vec3 *out, const sp_quat *q, const sp_vec3 *v)
{
    *out = sp__q_rotate(sp__q_inv(*q), *v);
}
void sp_quat_mul_inv(sp_quat *out, const sp_quat *a, const sp_quat *b)
{
    *out = sp__q_mul(*a, sp__q_inv(*b));
}
void sp_quat_inv_mul(sp_quat *out, const sp_quat *a, const sp_quat *b)
{
    *out = sp__q_mul(sp__q_inv(*a), *b);
}

void sp_quat_nlerp_shortest(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha)
{
    sp_quat pp = sp__q_dot(*q, *p) < 0.0f ? sp__q(-p->x, -p->y, -p->z, -p->w) : *p;
    *out = sp__q_normalize(sp__q(q->x + alpha * (pp.x - q->x), q->y + alpha * (pp.y - q->y),
                                 q->z + alpha * (pp.z - q->z), q->w + alpha * (pp.w - q->w)));
}

/* sin(x)/x, 1 at 0 (its series below 1e-2, where the division loses nothing but the ratio would
 * be 0/0 at 0). */
static double sinc(double x)
{
    double s, c;
    if (fabs(x) < 1e-2) return 1.0 - x * x / 6.0 * (1.0 - x * x / 20.0);
    sp__sincos_d(x, &s, &c);
    return s / x;
}

/* With θ the angle between q and p as 4-vectors (half the rotation angle, ≤ π/2 on the
 * shortest arc), slerp = (sin((1−α)θ)·q + sin(αθ)·p) / sin θ. Written with sinc so that the
 * weights, (1−α)·sinc((1−α)θ)/sinc(θ) and α·sinc(αθ)/sinc(θ), stay exact as θ → 0 (sinc θ ≥ 2/π
 * here, no division by a small number), and θ = 2·atan2(|p − q|, |p + q|), which keeps its
 * digits for nearly equal rotations where acos(q·p) loses half of them. In double. */
void sp_quat_slerp_shortest(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha)
{
    double s = sp__q_dot(*q, *p) < 0.0f ? -1.0 : 1.0;
    double a[4] = { q->x, q->y, q->z, q->w }, b[4] = { s * p->x, s * p->y, s * p->z, s * p->w };
    double dn = 0.0, sn = 0.0;
    for (int i = 0; i < 4; i++) {
        dn += (b[i] - a[i]) * (b[i] - a[i]);
        sn += (b[i] + a[i]) * (b[i] + a[i]);
    }
    double theta = 2.0 * atan2(sqrt(dn), sqrt(sn)), t = alpha, st = sinc(theta);
    double w0 = (1.0 - t) * sinc((1.0 - t) * theta) / st, w1 = t * sinc(t * theta) / st;
    double r[4], n = 0.0;
    for (int i = 0; i < 4; i++) {
        r[i] = w0 * a[i] + w1 * b[i];
        n += r[i] * r[i];
    }
    n = sqrt(n); /* 1 for unit input; normalising in double keeps any alpha in the float range */
    if (!(n > 0.0) || isinf(n)) n = NAN;
    *out = sp__q((float)(r[0] / n), (float)(r[1] / n), (float)(r[2] / n), (float)(r[3] / n));
}

/* The axis is divided by its largest component before its length is taken, and the unit axis
 * is that over the length: neither a huge nor a subnormal axis (whose length would round in
 * the subnormal range) disturbs it. */
void sp_quat_from_angle_axis(sp_quat *out, float angle, const sp_vec3 *axis)
{
    float m = fmaxf(fmaxf(fabsf(axis->x), fabsf(axis->y)), fabsf(axis->z)), s, c, k;
    if (!(m > 0.0f) || isinf(m) || isnan(axis->x + axis->y + axis->z)) {
        /* no direction: the identity (or NaN for non-finite input) */
        float bad = m == 0.0f ? 0.0f : NAN;
        *out = sp__q(bad, bad, bad, 1.0f + bad);
        return;
    }
    sp_vec3 u = sp__v3(axis->x / m, axis->y / m, axis->z / m);
    float len = sqrtf(sp__v3_dot(u, u)), half = 0.5f * angle;
    sp__sincos(fabsf(half), &s, &c, &k);
    s = half < 0.0f ? -s : s;
    *out = sp__q(u.x / len * s, u.y / len * s, u.z / len * s, c);
}

void sp_quat_to_angle_axis(float *out_angle, sp_vec3 *out_axis, const sp_quat *q)
{
    if (!(isfinite(q->x) && isfinite(q->y) && isfinite(q->z) && isfinite(q->w))) {
        *out_angle = NAN;
        *out_axis = sp__v3(NAN, NAN, NAN);
        return;
    }
    float m = fmaxf(fmaxf(fabsf(q->x), fabsf(q->y)), fabsf(q->z));
    if (m == 0.0f) { /* no axis: the identity (w > 0) or a full turn (w < 0) */
        *out_angle = q->w < 0.0f ? 2.0f * SP_PI : 0.0f;
        *out_axis = sp__v3(1.0f, 0.0f, 0.0f);
        return;
    }
    sp_vec3 u = sp__v3(q->x / m, q->y / m, q->z / m);
    float l = sqrtf(sp__v3_dot(u, u));
    *out_angle = 2.0f * sp__atan2(m * l, q->w);
    *out_axis = sp__v3(u.x / l, u.y / l, u.z / l);
}

void sp_quat_differentiate_angular_velocity(sp_vec3 *out, const sp_quat *next, const sp_quat *curr, float dt)
{
    if (dt == 0.0f) {
        *out = sp__v3(0.0f, 0.0f, 0.0f);
        return;
    }
    sp_vec3 j = sp__q_to_scaled_angle_axis(sp__q_abs(sp__q_mul(*next, sp__q_inv(*curr))));
    *out = sp__v3(j.x / dt, j.y / dt, j.z / dt);
}

void sp_quat_integrate_angular_velocity(sp_quat *out, const sp_vec3 *angular_velocity, const sp_quat *curr,
                                        float dt)
{
    sp_vec3 turn = sp__v3(angular_velocity->x * dt, angular_velocity->y * dt, angular_velocity->z * dt);
    *out = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(turn), *curr));
}
