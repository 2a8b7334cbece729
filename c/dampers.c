/* dampers.c — the damper family of Spring-It-On, from the frame-rate dependent lerp
 * to the exact, halflife-parameterised damper. */
#include "internal.h"

float sp_damper(float x, float g, float factor) { return sp_lerp(x, g, factor); }

float sp_damper_bad(float x, float g, float damping, float dt) { return sp_lerp(x, g, damping * dt); }

float sp_damper_exponential(float x, float g, float damping, float dt, float ft)
{
    return sp_lerp(x, g, 1.0f - powf(1.0f / (1.0f - ft * damping), -dt / ft));
}

/* α = 1 − 2^(−dt/halflife) = 1 − e^(−ln2·dt/halflife), formed directly (sp__damper_coefs);
 * halflife = 0 snaps, dt = 0 keeps x. */
float sp_damper_exact(float x, float g, float halflife, float dt)
{
    sp__damper_k k = sp__damper_coefs(halflife, dt);
    /* g − x overflows float for finite x and g of opposite signs beyond FLT_MAX/2: then the
     * near form on their halves, whose difference does not (2α < 1 there); the far form never
     * forms g − x */
    if (k.alpha < 0.5f && isinf(g - x) && isfinite(x) && isfinite(g))
        return x + (2.0f * k.alpha) * (0.5f * g - 0.5f * x);
    return sp__damper_apply(&k, x, g);
}

float sp_damper_implicit(float x, float g, float halflife, float dt, float eps)
{
    return sp_lerp(x, g, 1.0f - sp_fast_negexp((SP_LN2 * dt) / (halflife + eps)));
}

float sp_damper_decay_exact(float x, float halflife, float dt)
{
    return sp_damper_exact(x, 0.0f, halflife, dt);
}

/* A damper following g(t) = g0 + V·t settles at x = g − V/λ, λ = ln2/halflife (ẋ = λ·(g − x)
 * with ẋ = V). The critical spring toward the same goal with zero goal velocity settles at
 * g − V·d/s = g − 2V/y, and 2/y = halflife/ln2 too. */
float sp_halflife_to_lag(float halflife) { return halflife * (1.0f / SP_LN2); }
float sp_lag_to_halflife(float lag) { return lag * SP_LN2; }

void sp_damper_exact_v3(sp_vec3 *x, const sp_vec3 *g, float halflife, float dt)
{
    x->x = sp_damper_exact(x->x, g->x, halflife, dt);
    x->y = sp_damper_exact(x->y, g->y, halflife, dt);
    x->z = sp_damper_exact(x->z, g->z, halflife, dt);
}

void sp_damper_exact_v2(sp_vec2 *x, const sp_vec2 *g, float halflife, float dt)
{
    sp_vec3 x3 = sp__v2_lift(*x), g3 = sp__v2_lift(*g);
    sp_damper_exact_v3(&x3, &g3, halflife, dt);
    *x = sp__v3_drop(x3);
}
