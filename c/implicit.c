/* implicit.c — the article's fast approximations of the critical family (Spring-It-On):
 * fast_negexp in place of the exponential and the goal held during each step, kept beside the
 * exact functions to compare against, never instead of them. They follow the listings, with
 * one change shared by sp_simple_spring_damper_implicit: no eps in halflife_to_damping, and
 * halflife 0 snaps to the goal (where the listing would give 0·Inf). */
#include "internal.h"

void sp_critical_spring_damper_implicit(float *x, float *v, float g, float q, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    float c = isinf(y) ? g : g + (2.0f * q) / y; /* the listing's g + d·q/(d²/4) */
    float j0 = *x - c, j1 = *v + j0 * y, eydt = sp_fast_negexp(y * dt);
    if (eydt == 0.0f) { /* halflife 0 (or a step beyond the approximation's range): at rest at c */
        *x = c + (*x - *x);
        *v = *v - *v;
        return;
    }
    *x = eydt * (j0 + j1 * dt) + c;
    *v = eydt * (*v - j1 * y * dt);
}

void sp_decay_spring_damper_implicit(float *x, float *v, float halflife, float dt)
{
    sp_critical_spring_damper_implicit(x, v, 0.0f, 0.0f, halflife, dt);
}

void sp_double_spring_damper_implicit(float *x, float *v, float *xi, float *vi, float g, float halflife,
                                      float dt)
{
    sp_simple_spring_damper_implicit(xi, vi, g, 0.5f * halflife, dt);
    sp_simple_spring_damper_implicit(x, v, *xi, 0.5f * halflife, dt);
}

void sp_timed_spring_damper_implicit(float *x, float *v, float *xi, float g, float t_goal, float halflife,
                                     float dt, float apprehension)
{
    if (dt == 0.0f) return;
    /* the listing's v_goal = (g − xi)/min_time, applied as fractions of min_time so that a goal
     * due in 1e-30 s does not overflow the velocity on the way to a finite position */
    float min_time = t_goal > dt ? t_goal : dt;
    float t_goal_future = dt + apprehension * halflife;
    float x_goal_future = t_goal_future < t_goal ? *xi + (g - *xi) * (t_goal_future / min_time) : g;
    sp_simple_spring_damper_implicit(x, v, x_goal_future, halflife, dt);
    *xi += (g - *xi) * (dt / min_time);
}

void sp_simple_spring_damper_implicit_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife,
                                           float dt)
{
    if (dt == 0.0f) return;
    float y = sp__half_damping(halflife);
    sp_vec3 j0 = sp__q_to_scaled_angle_axis(sp__q_abs(sp__q_mul(*x, sp__q_inv(*goal))));
    sp_vec3 j1 = sp__v3_add(*v, sp__v3_scale(j0, y));
    float eydt = sp_fast_negexp(y * dt);
    if (eydt == 0.0f) {
        *x = *goal;
        *v = sp__v3_sub(*v, *v);
        return;
    }
    sp_vec3 j = sp__v3_scale(sp__v3_add(j0, sp__v3_scale(j1, dt)), eydt);
    *x = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(j), *goal));
    *v = sp__v3_scale(sp__v3_sub(*v, sp__v3_scale(j1, y * dt)), eydt);
}
