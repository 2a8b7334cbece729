/* sincos.c — sine and cosine of floats and doubles without libm: the argument reductions. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "sincos.h"

/* sin and cos without libm, whose reduction of huge arguments links a table of 2/π sized for
 * quad precision (2.7 KB of incompressible data, and 3 KB of code around it). x = n·π/2 + r with
 * |r| ≤ π/4; sin r and cos r by their Taylor series in double, and the quadrant n mod 4 picks
 * and signs them. The reduction keeps r's digits however near x lies to a multiple of π/2: no
 * double lies nearer than 2^−60.9 (6381956970095103·2^797), none below 2^20 nearer than
 * 2^−60.5 (3205513981387887·2^−46 ≈ 45.55), no float nearer than 2^−29.2 (tests/c/test_sincos.c
 * tells how these were found), so r needs about 61 + 53 bits beyond x's own.
 *
 * The first 1184 bits of 2/π = Σ b_k·2^−k (b_1 the first bit of the first word), after two words
 * of zeros for the windows of arguments below 2^54, which start before b_1; 1184 bits reach the
 * end of the window of the largest double (b_970 and 192 bits on). floor(2^1184·2/π) by python3
 * with mpmath at 3000 bits, the same digits as bc -l's 2/(4·a(1))·2^1184 at scale 400 in base 16.
 * Floats read only the first 9 words: a table of their own keeps the everyday module, which has
 * sp__sincosf but not sp__sincos_d, from carrying the other 30. */
#define TWO_OVER_PI_FLOAT                                                                                    \
    0, 0, 0xA2F9836E, 0x4E441529, 0xFC2757D1, 0xF534DDC0, 0xDB629599, 0x3C439041, 0xFE5163AB
#define TWO_OVER_PI_REST                                                                                     \
    0xDEBBC561, 0xB7246E3A, 0x424DD2E0, 0x06492EEA, 0x09D1921C, 0xFE1DEB1C, 0xB129A73E, 0xE88235F5,          \
        0x2EBB4484, 0xE99C7026, 0xB45F7E41, 0x3991D639, 0x835339F4, 0x9C845F8B, 0xBDF9283B, 0x1FF897FF,      \
        0xDE05980F, 0xEF2F118B, 0x5A0A6D1F, 0x6D367ECF, 0x27CB09B7, 0x4F463F66, 0x9E5FEA2D, 0x7527BAC7,      \
        0xEBE5F17B, 0x3D0739F7, 0x8A5292EA, 0x6BFB5FB1, 0x1F8D5D08, 0x56033046
static const uint32_t two_over_pi_float[9] = { TWO_OVER_PI_FLOAT };
static const uint32_t two_over_pi[39] = { TWO_OVER_PI_FLOAT, TWO_OVER_PI_REST };

/* π/2 in parts: three of 33 bits (rounded to nearest; n·part is exact for n < 2^20) and the next
 * 53 bits. Together they end 2^−159.9 into π/2. The same split as the digits of 2/π. */
#define PIO2_1 0x1.921fb544p0
#define PIO2_2 0x1.0b4611a6p-34
#define PIO2_3 0x1.3198a2ep-69
#define PIO2_4 0x1.b839a252049c1p-104
#define PIO2 0x1.921fb54442d18p0
#define TWO_OVER_PI 0x1.45f306dc9c883p-1

static int clz64(uint64_t a) /* the leading zero bits of a ≠ 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(a);
#else
    int k = 0;
    while (!(a >> 63)) a <<= 1, k++;
    return k;
#endif
}

static double pow2(int k) /* 2^k for −1022 ≤ k ≤ 1023 */
{
    uint64_t bits = (uint64_t)(k + 1023) << 52;
    double p;
    memcpy(&p, &bits, sizeof p);
    return p;
}

/* x·2/π mod 4 for x = m·2^e ≥ 2^20 (m < 2^53; Payne–Hanek, in integers): returns n, x·2/π
 * rounded to the nearest integer (mod 4), and sets f = x·2/π − n in [−1/2, 1/2) as a signed
 * 192-bit fixed-point number f[0] f[1] f[2] (f[0] as int64_t, its point before its top bit).
 * The bits b_k of 2/π with k ≤ e − 2 add multiples of 4·m to x·2/π: the window of `words` 32-bit
 * words from b_(e−1) on, times m, mod 2^(32·words), is x·2/π mod 4 with the point after its first
 * 2 bits, short by less than m·2^(2 − 32·words) (the bits after the window). Doubles take 6 words
 * (2^−137, 2^−75 of their smallest fraction), floats 3 (2^−70, 2^−40 of theirs). */
static int reduce_large(const uint32_t *bits, uint64_t m, int e, int words, uint64_t f[3])
{
    int s = e + 62, w = s / 32, sh = s % 32; /* b_(e−1) is bit s of the table `bits` */
    uint32_t win[6], p[6] = { 0 };           /* most significant word first */
    for (int i = 0; i < words; i++)
        win[i] = (uint32_t)(((uint64_t)bits[w + i] << 32 | bits[w + i + 1]) << sh >> 32);
    for (int k = 0; k < (m >> 32 ? 2 : 1); k++) { /* p += m's low word times win, its high word one up */
        uint64_t t = 0, mk = k ? m >> 32 : m & 0xffffffffu;
        for (int i = words - 1; i >= k; i--) {
            t = mk * win[i] + p[i - k] + (t >> 32);
            p[i - k] = (uint32_t)t;
        }
    }
    uint64_t a = (uint64_t)p[0] << 32 | p[1], b = (uint64_t)p[2] << 32 | p[3],
             c = (uint64_t)p[4] << 32 | p[5];
    f[0] = a << 2 | b >> 62; /* read as signed: a fraction of 1/2 or more is f − 1, and n + 1 */
    f[1] = b << 2 | c >> 62;
    f[2] = c << 2;
    return (int)(a >> 62) + (int)(f[0] >> 63);
}

/* Float, beyond sp__sincosf's inline range: below 2^27 by π/2 in two parts (the first of 25
 * bits, so n·part is exact in double), above by reduce_large; ±∞ and NaN give NaN. */
void sp__sincosf_large(float x, float *s, float *c)
{
    if (!isfinite(x)) {
        *s = *c = x - x; /* NaN */
        return;
    }
    if (fabsf(x) < 0x1p27f) {
        double nd = floor((double)x * 0.63661977236758134308 + 0.5);
        double r = ((double)x - nd * 1.57079631090164184570) - nd * 1.58932547735281966916e-8;
        sp__sincosf_poly(r, (int)((int64_t)nd & 3), s, c);
        return;
    }
    uint32_t bits;
    uint64_t f[3];
    memcpy(&bits, &x, sizeof bits);
    int e = (int)(bits >> 23 & 0xffu) - 150;
    int n = reduce_large(two_over_pi_float, (bits & 0x7fffffu) | 0x800000u, e, 3, f);
    double r = (double)(int64_t)f[0] * (0x1p-64 * PIO2); /* 2^−64 absolute: 2^−34 of the smallest r */
    if (x < 0.0f) r = -r, n = -n;
    sp__sincosf_poly(r, n, s, c);
}

/* Double. Below 2^−27 sin x = x and cos x = 1 to within a quarter ulp (x³/6 and x²/2 are that
 * small), which also keeps the sign of −0. Below 2^20 (Cody–Waite), n < 2^20: t = x − n·PIO2_1
 * is exact (Sterbenz: x and n·PIO2_1 are within a factor 2) and so are n·PIO2_2 and n·PIO2_3,
 * taken off with their rounding errors kept (TwoSum); what the parts leave out of π/2 and the
 * rounding of n·PIO2_4 cost below 2^−131, 2^−70 of the smallest r there. (For n up to 2^k the
 * parts could have 53 − k bits, and those costs grow to 2^(4k−212): beyond k = 22, more than an
 * r of 2^−60.5 allows.) Above 2^20, reduce_large. Either way r = hi + lo, |lo| ≤ ulp(hi)/2. */
static double two_sum(double a, double b, double *err) /* a + b = the sum + *err exactly */
{
    double s = a + b, bb = s - a;
    *err = (a - (s - bb)) + (b - bb);
    return s;
}

/* r = hi + *lo = f·π/2 from reduce_large's fraction f, negated when `negate`: |f| normalised
 * (|f| ≥ 2^−61.6, the nearest approaches above, so at most 61 bits shift in), its first 20 bits
 * f1, so that f1·PIO2_1 is exact, and the next 64 rounded to 53, f2:
 * r = f1·PIO2_1 + (f1·(π/2 − PIO2_1) + f2·π/2), to 2^−72 of r. */
static double fraction_to_r(const uint64_t f[3], int negate, double *lo)
{
    uint64_t neg = f[0] >> 63, flip = 0 - neg; /* the complement of f < 0 is −f to 2^−192 */
    uint64_t a = f[0] ^ flip, b = f[1] ^ flip, c = f[2] ^ flip;
    int k = clz64(a);
    a = a << k | b >> 1 >> (63 - k);
    b = b << k | c >> 1 >> (63 - k);
    double scale = negate != (int)neg ? -pow2(-20 - k) : pow2(-20 - k);
    double f1 = (double)(int64_t)(a >> 44) * scale,
           f2 = (double)(int64_t)((a << 20 | b >> 44) >> 1) * scale * 0x1p-63;
    double r1 = f1 * PIO2_1, r2 = f1 * (PIO2_2 + PIO2_3) + f2 * PIO2, hi = r1 + r2;
    *lo = (r1 - hi) + r2;
    return hi;
}

/* sin r and cos r for r = hi + lo: Taylor to r¹⁷ and r¹⁸ (the first terms left out are below
 * 2^−62 of the result), in double but for the leading terms. With z = hi² (and its rounding
 * error zlo, by Dekker's split of hi), sin r = hi − hi³/6 + hi·z²·S(z) + lo·(1 − z/2) and
 * cos r = 1 − z/2 + hi⁴/24 + z³·C(z) − zlo/2 − hi·lo·(1 − z/6); hi³/6 and hi⁴/24 as sums of two
 * doubles, and the sums of 1, hi and those terms kept exact (Fast2Sum), so that the result is
 * rounded about once: each of those roundings would cost up to 0.1 ulp. */
static void sincos_reduced_d(double hi, double lo, double *sr, double *cr)
{
    double z = hi * hi;
    double sp = hi * 134217729.0, h1 = sp - (sp - hi), h2 = hi - h1; /* hi = h1 + h2, 26 bits each */
    double zlo = ((h1 * h1 - z) + 2.0 * h1 * h2) + h2 * h2;          /* hi² = z + zlo exactly */
    double zp = z * 134217729.0, z1 = zp - (zp - z), z2 = z - z1;
    double p = hi * z, pe = ((h1 * z1 - p) + h1 * z2 + h2 * z1) + h2 * z2; /* hi·z = p + pe exactly */
    /* hi³/6 = t + tl: p − 6t = (p − 4t) − 2t exactly (Sterbenz twice) */
    double t = p * (1.0 / 6.0), tl = ((((p - 4.0 * t) - 2.0 * t) + pe) + hi * zlo) * (1.0 / 6.0);
    double s1 = hi - t;
    double sz = z
        * (1.0 / 120.0
           + z
               * (-1.0 / 5040.0
                  + z
                      * (1.0 / 362880.0
                         + z
                             * (-1.0 / 39916800.0
                                + z
                                    * (1.0 / 6227020800.0
                                       + z * (-1.0 / 1307674368000.0 + z / 355687428096000.0))))));
    *sr = s1 + ((((hi - s1) - t) - tl) + (hi * z * sz + lo * (1.0 - 0.5 * z)));
    /* hi⁴/24 = u + ul: z·z = q + qe exactly, q − 24u = (q − 16u) − 8u exactly */
    double q = z * z, qe = ((z1 * z1 - q) + 2.0 * z1 * z2) + z2 * z2;
    double u = q * (1.0 / 24.0), ul = ((((q - 16.0 * u) - 8.0 * u) + qe) + 2.0 * z * zlo) * (1.0 / 24.0);
    double cz = z
        * (-1.0 / 720.0
           + z
               * (1.0 / 40320.0
                  + z
                      * (-1.0 / 3628800.0
                         + z
                             * (1.0 / 479001600.0
                                + z
                                    * (-1.0 / 87178291200.0
                                       + z * (1.0 / 20922789888000.0 - z / 6402373705728000.0))))));
    double hz = 0.5 * z, w = 1.0 - hz, c1 = w + u;
    *cr = c1
        + ((((1.0 - w) - hz) + ((w - c1) + u)) + ((ul - (0.5 * zlo + hi * lo * (1.0 - z / 6.0))) + q * cz));
}

void sp__sincos_d(double x, double *s, double *c)
{
    if (!isfinite(x)) {
        *s = *c = x - x; /* NaN */
        return;
    }
    if (fabs(x) < 0x1p-27) {
        *s = x;
        *c = 1.0;
        return;
    }
    double hi, lo, sr, cr;
    int n;
    if (fabs(x) < 0x1p20) {
        double nd = floor(x * TWO_OVER_PI + 0.5), e1, e2;
        double h = two_sum(two_sum(x - nd * PIO2_1, -nd * PIO2_2, &e1), -nd * PIO2_3, &e2);
        double l = (e1 + e2) - nd * PIO2_4;
        hi = h + l;
        lo = l - (hi - h);
        n = (int)nd;
    } else {
        uint64_t bits, f[3];
        memcpy(&bits, &x, sizeof bits);
        int e = (int)(bits >> 52 & 0x7ffu) - 1075;
        n = reduce_large(two_over_pi, (bits & 0xfffffffffffffu) | 0x10000000000000u, e, 6, f);
        hi = fraction_to_r(f, x < 0.0, &lo);
        if (x < 0.0) n = -n;
    }
    sincos_reduced_d(hi, lo, &sr, &cr);
    sp__by_quadrant(n, sr, cr, s, c);
}
