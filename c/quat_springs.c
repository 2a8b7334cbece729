/* quat_springs.c — critical springs on rotations: the offset to the goal as a scaled
 * angle-axis (shortest arc), decayed like the scalar spring, and mapped back. */
#include "internal.h"

void sp_simple_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp_quat g = *goal;
    float y = sp__half_damping(halflife);
    float e = expf(-y * dt);
    if (e == 0.0f) { *x = sp__q_normalize(g); *v = sp__v3(0, 0, 0); return; }
    /* The scalar decay spring on the offset j0, in the form of sp_decay_spring_damper_exact
     * (s = y·dt; j1 = v + y·j0 is not formed, it overflows for tiny halflives):
     *   off = e·(j0·(1 + s) + v·dt),  v = e·(1 − s)·v − (e·s)·y·j0. */
    float s = y * dt;
    sp_vec3 j0 = sp__q_to_scaled_angle_axis(sp__q_abs(sp__q_mul(*x, sp__q_inv(g))));
    sp_vec3 off = sp__v3_scale(sp__v3_add(sp__v3_scale(j0, 1.0f + s), sp__v3_scale(*v, dt)), e);
    *x = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(off), g));
    *v = sp__v3_sub(sp__v3_scale(*v, e * (1.0f - s)), sp__v3_scale(sp__v3_scale(j0, e * s), y));
}

void sp_decay_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, float halflife, float dt)
{
    sp_quat identity = { 0.0f, 0.0f, 0.0f, 1.0f };
    sp_simple_spring_damper_exact_quat(x, v, &identity, halflife, dt);
}
