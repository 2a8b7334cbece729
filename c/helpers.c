/* helpers.c — lerp, fast approximations and the halflife/frequency conversions. */
#include "internal.h"

float sp_lerp(float x, float y, float a) { return (1.0f - a) * x + a * y; }

float sp_fast_negexp(float x) { return 1.0f / (1.0f + x + 0.48f * x * x + 0.235f * x * x * x); }

float sp_fast_atan(float x)
{
    float z = fabsf(x);
    float w = z > 1.0f ? 1.0f / z : z;
    float y = (SP_PI / 4.0f) * w - w * (w - 1.0f) * (0.2447f + 0.0663f * w);
    return copysignf(z > 1.0f ? SP_PI / 2.0f - y : y, x);
}

float sp_halflife_to_damping(float halflife) { return sp__per_halflife(4.0f * SP_LN2, halflife); }
float sp_damping_to_halflife(float damping) { return sp__per_halflife(4.0f * SP_LN2, damping); }
float sp_frequency_to_stiffness(float frequency) { return sp__sq(2.0f * SP_PI * frequency); }
float sp_stiffness_to_frequency(float stiffness) { return sqrtf(stiffness) / (2.0f * SP_PI); }

/* Critical when d² = 4s, i.e. d = 2·√s = 4π·|f|, so halflife = 4·ln2/(4π·|f|) = (ln2/π)/|f|:
 * neither the square nor 4π·|f| is formed, which overflow (or flush to 0) for frequencies far
 * from 1 although the answer is representable. */
float sp_critical_halflife(float frequency) { return sp__per_halflife(SP_LN2 / SP_PI, fabsf(frequency)); }

/* f = √(d²/4) / 2π = d / 4π. */
float sp_critical_frequency(float halflife) { return sp_halflife_to_damping(halflife) / (4.0f * SP_PI); }

/* A spring driven through its goal, g(t) = sin(Ω·t), q = 0, settles into an oscillation of
 * amplitude s / √((s − Ω²)² + d²·Ω²), which peaks over Ω at Ω² = s − d²/2: the spring's
 * resonant frequency. Matching it to the goal frequency gives s = Ω² + d²/2.
 *
 * The article computes s = Ω² − d²/4 instead: it solves the damped frequency
 * w² = s − d²/4 for s with the sign of d²/4 flipped. That spring is detuned below the
 * signal (and its stiffness is negative, giving NaN, once d² > 4Ω²); setting the damped
 * frequency to Ω (s = Ω² + d²/4) is closer but still not where the response peaks. For
 * the record, a bank of springs of fixed halflife fed at Ω has its largest position
 * amplitude at s = Ω² + d², a different question (tests/c/test_helpers.c measures all of
 * these by integrating the driven ODE). */
float sp_resonant_frequency(float goal_frequency, float halflife)
{
    /* in double: Ω² and d² overflow float for frequencies from 2.9e18 Hz (and halflives below
     * 1.5e-19 s), the answer √(Ω² + d²/2)/2π does not */
    double w = 2.0 * SP_PI * (double)goal_frequency, d = sp_halflife_to_damping(halflife);
    return (float)(sqrt(w * w + d * d / 2.0) / (2.0 * SP_PI));
}

/* In double, whose range holds the product of any floats 2π·f·scale·u and its square: in float
 * 2π·f overflows from 5.4e37 Hz (and then 0·Inf = NaN at x = x_rest), scale·u from 1e19·1e19;
 * the one rounding to float gives +Inf only where the energy itself overflows. */
float sp_spring_energy(float x, float v, float frequency, float x_rest, float v_rest, float scale)
{
    double k = 2.0 * SP_PI * (double)frequency * scale * ((double)x - x_rest),
           m = (double)scale * ((double)v - v_rest);
    return (float)((m * m + k * k) / 2.0);
}

/* ζ = d / (2·√s): s = (d/2ζ)² and d = 2ζ·√s, in double, whose range holds the intermediate
 * d/2ζ of any floats (d/2ζ overflows float for a tiny ζ where its square does anyway, but 2ζ·√s
 * may be finite where 2ζ is not formed first). */
float sp_damping_ratio_to_stiffness(float ratio, float damping)
{
    double r = (double)damping / (2.0 * (double)ratio);
    return sp__to_float(r * r);
}

float sp_damping_ratio_to_damping(float ratio, float stiffness)
{
    return sp__to_float(2.0 * (double)ratio * sqrt((double)stiffness));
}
