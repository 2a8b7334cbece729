/* settle.c — settling time of critical springs, UI-style (duration, bounce) parameters,
 * and the rest test. */
#include "internal.h"

/* A critical spring released at rest from u0 is at u0·e^(−s)·(1 + s), s = y·t, and this
 * falls monotonically. Solve e^(−s)·(1 + s) = ratio, i.e. s − ln(1 + s) = −ln(ratio), by
 * Newton's method from above the root (the function is convex, so it converges from
 * above without overshoot). */
static float settle_rate_time(float ratio)
{
    if (!(ratio > 0.0f)) return INFINITY;
    if (!(ratio < 1.0f)) return 0.0f;
    double L = -log((double)ratio), s = 2.0 * L + 2.0;
    for (int i = 0; i < 64; i++) {
        double step = (s - log1p(s) - L) * (1.0 + s) / s;
        s -= step;
        if (fabs(step) <= 1e-12 * s) break;
    }
    return (float)s;
}

float sp_critical_settle_time(float halflife, float ratio)
{
    return settle_rate_time(ratio) / sp__half_damping(halflife);
}

float sp_critical_settle_halflife(float settle_time, float ratio)
{
    return (2.0f * SP_LN2) * settle_time / settle_rate_time(ratio);
}

/* Stiffness (2π/duration)², damping ratio ζ from bounce, damping d = 2ζ·√s. */
void sp_duration_bounce_to_spring(float duration, float bounce, float *out_frequency, float *out_halflife)
{
    float b = sp__clamp(bounce, -1.0f, 1.0f);
    float zeta = b >= 0.0f ? 1.0f - b : 1.0f / (1.0f + b);
    *out_frequency = 1.0f / duration;
    *out_halflife = sp_damping_to_halflife(2.0f * zeta * (2.0f * SP_PI / duration));
}

int sp_spring_is_at_rest(float x, float v, float g, float q, float eps_x, float eps_v)
{
    return fabsf(x - g) <= eps_x && fabsf(v - q) <= eps_v;
}
