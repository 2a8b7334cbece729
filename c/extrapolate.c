/* extrapolate.c — dead blending's extrapolation as a function of its own: a value keeps
 * moving with a velocity that decays exponentially, halving every halflife. With
 * λ = ln2/halflife, v(t) = v·e^(−λt) and x(t) = x + v·(1 − e^(−λt))/λ, exactly, so one step
 * of 2·dt equals two of dt. The velocity decays as the exact damper toward 0 (sp__damper_coefs:
 * its change formed directly, so that a slow decay stepped at a high rate keeps its rate). The
 * rotation form turns about the fixed axis of its angular velocity by the same decayed distance. */
#include "internal.h"

void sp_extrapolate(float *x, float *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float lambda = sp__per_halflife(SP_LN2, halflife); /* −0 is 0: +Inf, not −Inf */
    sp__damper_k k = sp__damper_coefs(halflife, dt);
    *x = *x + *v * sp__decayed_distance(lambda, dt);
    *v = sp__damper_apply(&k, *v, 0.0f);
}

void sp_extrapolate_v3(sp_vec3 *x, sp_vec3 *v, float halflife, float dt)
{
    sp_extrapolate(&x->x, &v->x, halflife, dt);
    sp_extrapolate(&x->y, &v->y, halflife, dt);
    sp_extrapolate(&x->z, &v->z, halflife, dt);
}

void sp_extrapolate_v2(sp_vec2 *x, sp_vec2 *v, float halflife, float dt)
{
    sp_vec3 x3 = sp__v2_lift(*x), v3 = sp__v2_lift(*v);
    sp_extrapolate_v3(&x3, &v3, halflife, dt);
    *x = sp__v3_drop(x3);
    *v = sp__v3_drop(v3);
}

void sp_extrapolate_quat(sp_quat *x, sp_vec3 *v, float halflife, float dt)
{
    if (dt == 0.0f) return;
    float lambda = sp__per_halflife(SP_LN2, halflife);
    sp_vec3 turn = sp__v3_scale(*v, sp__decayed_distance(lambda, dt));
    sp__damper_k k = sp__damper_coefs(halflife, dt);
    *x = sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(turn), *x));
    *v = sp__v3(sp__damper_apply(&k, v->x, 0.0f), sp__damper_apply(&k, v->y, 0.0f),
                sp__damper_apply(&k, v->z, 0.0f));
}
