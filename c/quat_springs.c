/* quat_springs.c — critical springs on rotations: the offset to the goal as a scaled
 * angle-axis (shortest arc), decayed like the scalar spring, and mapped back. */
#include "internal.h"

void sp_simple_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    sp__quat_spring_apply(&k, x, v, goal);
}

/* The identity goal is the null goal of sp__quat_spring_apply. */
void sp_decay_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    sp__quat_spring_apply(&k, x, v, NULL);
}
