/* helpers.c — lerp, fast approximations and the halflife/frequency conversions. */
#include "internal.h"
#include <string.h>

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

/* sin and cos of any float, to within an ulp of the rounded true values (in double until the
 * final rounding), without libm: its float sine needs, for huge arguments, a table of 2/π
 * sized for quad precision (2.7 KB, most of the everyday module's data). x = n·π/2 + r with
 * |r| ≤ π/4: below 2^27 by π/2 in two parts (the first of 25 bits, so n·part is exact in
 * double); above, from the bits of 2/π that x's exponent reaches (Payne–Hanek, in integers:
 * x·2/π mod 4 from a 96-bit window of them). Then sin r and cos r by their Taylor series in
 * double, and the quadrant n mod 4 picks and signs them. */
static const uint32_t two_over_pi[] = { 0xA2F9836E, 0x4E441529, 0xFC2757D1, 0xF534DDC0,
                                        0xDB629599, 0x3C439041, 0xFE5163AB, 0xDEBBC561 };

/* x·2/π mod 4 for |x| ≥ 2^27 (finite): the quadrant, and r = the rest times π/2 in [−π/4, π/4). */
static double reduce_huge(float x, int *quadrant)
{
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    int e = (int)((bits >> 23) & 0xffu) - 150; /* x = m·2^e, e ≥ 4 here */
    uint64_t m = (bits & 0x7fffffu) | 0x800000u;
    /* the bits of 2/π from the one of weight 2 in 2^e·2/π on: 2^e·(2/π) = Σ b_k·2^(e−k), and
     * b_k with k ≤ e − 2 only add multiples of 4 */
    int s = e - 2, w = s / 32, sh = s % 32;
    uint64_t hi = ((uint64_t)two_over_pi[w] << 32) | two_over_pi[w + 1];
    uint64_t lo = ((uint64_t)two_over_pi[w + 2] << 32) | two_over_pi[w + 3];
    uint64_t a = sh ? (hi << sh) | (lo >> (64 - sh)) : hi; /* the window's first 64 bits */
    uint64_t b = (lo << sh) >> 32;                         /* and its next 32 */
    /* P = m·window mod 2^96, in 32-bit limbs: its top 2 bits are n mod 4, the rest the fraction */
    uint64_t t0 = m * b, t1 = m * (a & 0xffffffffu) + (t0 >> 32), t2 = m * (a >> 32) + (t1 >> 32);
    uint32_t top = (uint32_t)t2, mid = (uint32_t)t1, low = (uint32_t)t0;
    uint64_t f = ((uint64_t)(top & 0x3fffffffu) << 34) | ((uint64_t)mid << 2) | (low >> 30);
    int n = (int)(top >> 30) + (int)(f >> 63); /* a fraction ≥ 1/2 rounds n up, r negative */
    *quadrant = n;
    return (double)(int64_t)f * 0x1p-64 * 1.57079632679489661923;
}

void sp__sincosf(float x, float *s, float *c)
{
    if (!isfinite(x)) {
        *s = *c = x - x; /* NaN */
        return;
    }
    double r;
    int n;
    if (fabsf(x) < 0x1p27f) {
        double nd = floor((double)x * 0.63661977236758134308 + 0.5);
        r = ((double)x - nd * 1.57079631090164184570) - nd * 1.58932547735281966916e-8;
        n = (int)((int64_t)nd & 3);
    } else {
        r = reduce_huge(fabsf(x), &n);
        if (x < 0.0f) r = -r, n = -n;
    }
    double t = r * r;
    double sr = r
        * (1.0
           + t
               * (-1.0 / 6.0
                  + t
                      * (1.0 / 120.0
                         + t
                             * (-1.0 / 5040.0
                                + t * (1.0 / 362880.0 + t * (-1.0 / 39916800.0 + t / 6227020800.0))))));
    double cr = 1.0
        + t
            * (-0.5
               + t
                   * (1.0 / 24.0
                      + t
                          * (-1.0 / 720.0
                             + t
                                 * (1.0 / 40320.0
                                    + t
                                        * (-1.0 / 3628800.0
                                           + t * (1.0 / 479001600.0 - t / 87178291200.0))))));
    n &= 3;
    double sn = (n & 1) ? cr : sr, cs = (n & 1) ? sr : cr;
    *s = (float)((n & 2) ? -sn : sn);
    *c = (float)(((n + 1) & 2) ? -cs : cs);
}
