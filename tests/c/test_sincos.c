/* test_sincos.c — sp__sincosf (helpers.c), sprung's own float sine and cosine, against the
 * C library's double sin and cos (an independent, exactly reduced implementation): within an
 * ulp of the float they round to, for every exponent, both signs, near multiples of π/2
 * (where reduction loses most) and at the largest floats. */
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"
#include "testing.h"

/* the distance between a and b in floats (ulps), for finite a, b of the same sign or 0 */
static double ulps(float a, double want)
{
    float w = (float)want;
    double u = nextafterf(fabsf(w), FLT_MAX) - fabsf(w);
    return fabs((double)a - want) / u;
}

static uint32_t state = 12345u;
static uint32_t next_u32(void)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

int main(void)
{
    double worst = 0.0;
    float worst_x = 0.0f;
    int bad = 0;
    for (int i = 0; i < 4000000; i++) {
        uint32_t bits = next_u32();
        if (((bits >> 23) & 0xffu) == 0xffu) continue; /* ∞ and NaN: below */
        float x;
        memcpy(&x, &bits, sizeof x);
        float s, c;
        sp__sincosf(x, &s, &c);
        double es = ulps(s, sin((double)x)), ec = ulps(c, cos((double)x));
        double e = es > ec ? es : ec;
        if (e > worst) worst = e, worst_x = x;
        if (e > 1.0) bad++;
    }
    /* the floats nearest multiples of π/2, where x − n·π/2 cancels most, up to n = 2^20 */
    for (int n = 1; n < (1 << 20); n += 7) {
        float x = (float)(n * 1.57079632679489661923);
        float s, c;
        sp__sincosf(x, &s, &c);
        double e = ulps(s, sin((double)x));
        double e2 = ulps(c, cos((double)x));
        if (e2 > e) e = e2;
        if (e > worst) worst = e, worst_x = x;
        if (e > 1.0) bad++;
    }
    printf("sp__sincosf: worst %.3f ulp at %.9g\n", worst, worst_x);
    check_true("within an ulp of the rounded double sin and cos everywhere", bad == 0);
    float s, c;
    sp__sincosf(FLT_MAX, &s, &c);
    check_near("sin(FLT_MAX)", s, sin((double)FLT_MAX), 1e-7);
    check_near("cos(FLT_MAX)", c, cos((double)FLT_MAX), 1e-7);
    sp__sincosf(-0.0f, &s, &c);
    check_true("sin(−0) = −0, cos(−0) = 1", s == 0.0f && signbit(s) && c == 1.0f);
    sp__sincosf(INFINITY, &s, &c);
    check_true("sin and cos of ∞ are NaN", isnan(s) && isnan(c));
    sp__sincosf(NAN, &s, &c);
    check_true("sin and cos of NaN are NaN", isnan(s) && isnan(c));
    return testing_finish("sincos");
}
