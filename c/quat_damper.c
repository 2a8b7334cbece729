/* quat_damper.c — the exact damper on rotations, one at a time or a batch of them.
 *
 * A damper keeps the fraction 2^(−dt/halflife) of its distance to the goal each step. On
 * rotations the distance is the rotation d = x·g⁻¹ from the goal to x (shortest arc), and
 * keeping a fraction of it is scaling its angle: x' = exp(keep·log d)·g. That is slerp from x
 * toward g by 1 − keep along the great circle, so two steps of dt equal one of 2·dt. Written
 * around the goal, like the quaternion springs, so that x reaches g exactly (keep = 0 snaps).
 * The batch applies the same kernel per element, so it equals the scalar bit for bit. */
#include <stddef.h>
#include "internal.h"

/* The angle of the offset is the damper toward 0 of sp__damper_coefs, component by component
 * (its change formed directly where keep is near 1). */
static void damper_quat(sp_quat *x, sp_quat g, const sp__damper_k *k)
{
    if (k->keep == 0.0f) {
        *x = g;
        return;
    }
    sp_vec3 j = sp__q_to_scaled_angle_axis(sp__q_abs(sp__q_mul(*x, sp__q_inv(g))));
    j = sp__v3(sp__damper_apply(k, j.x, 0.0f), sp__damper_apply(k, j.y, 0.0f),
               sp__damper_apply(k, j.z, 0.0f));
    *x = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(j), g));
}

void sp_damper_exact_quat(sp_quat *x, const sp_quat *g, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__damper_k k = sp__damper_coefs(halflife, dt);
    damper_quat(x, *g, &k);
}

void sp_damper_exact_quat_batch(float *x, const float *g, const float *halflife, int per_element, float dt,
                                int n)
{
    if (dt == 0.0f || n <= 0) return;
    sp__damper_k shared = sp__damper_coefs(halflife[0], dt);
    for (size_t i = 0; i < (size_t)n; i++) {
        float *xi = x + 4 * i;
        sp_quat q = sp__q(xi[0], xi[1], xi[2], xi[3]);
        sp_quat gi =
            g ? sp__q(g[4 * i], g[4 * i + 1], g[4 * i + 2], g[4 * i + 3]) : sp__q(0.0f, 0.0f, 0.0f, 1.0f);
        sp__damper_k k = per_element ? sp__damper_coefs(halflife[i], dt) : shared;
        damper_quat(&q, gi, &k);
        xi[0] = q.x;
        xi[1] = q.y;
        xi[2] = q.z;
        xi[3] = q.w;
    }
}
