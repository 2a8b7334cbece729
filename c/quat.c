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

/* From the half-vector, in double: with the unit directions a and b (no float's square
 * overflows or underflows in double) and their sum s = a + b (2·cos(θ/2) long, along the
 * bisector), the rotation by θ about a × b is (a × s, a·s)/|s| = (a × s/|s|, |s|/2). Near
 * opposite directions s is small, and neither part cancels, where 1 + a·b (the article's w)
 * lost every digit: within 3.5e-4 rad of opposite it gave w = 0 for 1.5e-4 (directions
 * normalised in float tilted the axis by their own rounding over |s|). */
void sp_quat_between(sp_quat *out, const sp_vec3 *p, const sp_vec3 *q)
{
    double px = p->x, py = p->y, pz = p->z, qx = q->x, qy = q->y, qz = q->z;
    double lp = sqrt(px * px + py * py + pz * pz), lq = sqrt(qx * qx + qy * qy + qz * qz);
    if (!(lp > 0.0 && lq > 0.0)) {
        *out = lp == lp && lq == lq ? sp__q(0.0f, 0.0f, 0.0f, 1.0f) : sp__q(NAN, NAN, NAN, NAN);
        return;
    }
    double ax = px / lp, ay = py / lp, az = pz / lp, sx = ax + qx / lq, sy = ay + qy / lq, sz = az + qz / lq;
    double n = sqrt(sx * sx + sy * sy + sz * sz);
    if (n == 0.0) { /* opposite: a half turn about a×e, e the axis least aligned with a */
        float fx = fabsf(p->x), fy = fabsf(p->y), fz = fabsf(p->z);
        sp_vec3 c = fx <= fy && fx <= fz ? sp__v3(0.0f, p->z, -p->y)
                                         : (fy <= fz ? sp__v3(-p->z, 0.0f, p->x) : sp__v3(p->y, -p->x, 0.0f));
        *out = sp__q_normalize(sp__q(c.x, c.y, c.z, 0.0f));
        return;
    }
    double cx = (ay * sz - az * sy) / n, cy = (az * sx - ax * sz) / n, cz = (ax * sy - ay * sx) / n,
           w = 0.5 * n;
    double l = sqrt(cx * cx + cy * cy + cz * cz + w * w);
    *out = sp__q((float)(cx / l), (float)(cy / l), (float)(cz / l), (float)(w / l));
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
