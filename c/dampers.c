/* dampers.c — the damper family of Spring-It-On, from the frame-rate dependent lerp
 * to the exact, halflife-parameterised damper. */
#include "internal.h"

float sp_damper(float x, float g, float factor) { return sp_lerp(x, g, factor); }

float sp_damper_bad(float x, float g, float damping, float dt) { return sp_lerp(x, g, damping * dt); }

float sp_damper_exponential(float x, float g, float damping, float dt, float ft)
{
    return sp_lerp(x, g, 1.0f - powf(1.0f / (1.0f - ft * damping), -dt / ft));
}

/* 1 − 2^(−dt/halflife) = 1 − e^(−ln2·dt/halflife); halflife = 0 snaps, dt = 0 keeps x. */
float sp_damper_exact(float x, float g, float halflife, float dt)
{
    float keep = sp__decay(sp__per_halflife(SP_LN2, halflife), dt);
    return sp__flush_decayed(keep * x, keep, g) + (1.0f - keep) * g;
}

float sp_damper_implicit(float x, float g, float halflife, float dt, float eps)
{
    return sp_lerp(x, g, 1.0f - sp_fast_negexp((SP_LN2 * dt) / (halflife + eps)));
}

float sp_damper_decay_exact(float x, float halflife, float dt)
{
    float keep = sp__decay(sp__per_halflife(SP_LN2, halflife), dt);
    return sp__flush_decayed(x * keep, keep, 0.0f);
}
