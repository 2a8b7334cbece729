/* test_sincos.c — sprung's own sine and cosine (sincos.c).
 *
 * sp__sincosf against the C library's double sin and cos (an independent, exactly reduced
 * implementation): within an ulp of the float they round to, for every exponent, both signs,
 * near multiples of π/2 (where reduction loses most) and at the largest floats.
 *
 * sp__sincos_d against the C library's 80-bit sinl, cosl and tanl (glibc's ldbl-96 code: a
 * Payne–Hanek reduction of its own with 2/π to long double's needs, so a double argument, exact
 * in long double, comes back with 64 bits, 11 more than a double, however near it lies to a
 * multiple of π/2). That claim is the test's footing, so it is checked too: at the nearest
 * doubles to k·π/2 for k up to 10^6, where x − k·π/2 cancels up to 60 bits, sinl and cosl must
 * agree with a second oracle that reduces by hand, in long double with π/2 in three parts, and
 * then needs sinl and cosl only on |r| < 2^−30. Beyond that range the hardest arguments (the
 * doubles nearest to a multiple of π/2, to 2^−60.9 at 6381956970095103·2^797) come from
 * continued fractions of 2^e·2/π over every exponent e (python3 with mpmath: the best
 * approximations p/q of 2^e·2/π with q < 2^53, or q < 2^24 for floats, whose nearest is
 * 16367173·2^72 at 2^−29.2), the 24 nearest doubles listed below; sinl at the first agrees with
 * mpmath's sine at 2000 bits to 2^−66. */
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

/* |got − want| in ulps of the double nearest want (its exponent's spacing, 2^−1074 at least) */
static double ulps_d(double got, long double want)
{
    int e;
    frexpl(want, &e); /* want = f·2^e, f in [1/2, 1): a double there is spaced 2^(e−53) */
    return (double)(fabsl((long double)got - want) / ldexpl(1.0L, e - 53 < -1074 ? -1074 : e - 53));
}

static uint32_t state = 12345u;
static uint32_t next_u32(void)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}
static uint64_t next_u64(void) { return (uint64_t)next_u32() << 32 | next_u32(); }

static void test_float(void)
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
    check_true("sp__sincosf within an ulp of the rounded double sin and cos everywhere", bad == 0);
    float s, c;
    sp__sincosf(FLT_MAX, &s, &c);
    check_near("sin(FLT_MAX)", s, sin((double)FLT_MAX), 1e-7);
    check_near("cos(FLT_MAX)", c, cos((double)FLT_MAX), 1e-7);
    sp__sincosf(-0.0f, &s, &c);
    check_true("sinf(−0) = −0, cosf(−0) = 1", s == 0.0f && signbit(s) && c == 1.0f);
    sp__sincosf(INFINITY, &s, &c);
    check_true("sinf and cosf of ∞ are NaN", isnan(s) && isnan(c));
    sp__sincosf(NAN, &s, &c);
    check_true("sinf and cosf of NaN are NaN", isnan(s) && isnan(c));
}

/* the worst errors of sp__sincos_d (sine or cosine) and of the tangent s/c, over all calls */
static double worst_sc, worst_tan, worst_sc_x, worst_tan_x;
static long calls;

static void check_d(double x)
{
    double s, c;
    sp__sincos_d(x, &s, &c);
    long double ws = sinl(x), wc = cosl(x);
    double es = ulps_d(s, ws), ec = ulps_d(c, wc), et = ulps_d(s / c, tanl(x));
    if (es > worst_sc || ec > worst_sc) worst_sc = es > ec ? es : ec, worst_sc_x = x;
    if (et > worst_tan) worst_tan = et, worst_tan_x = x;
    calls++;
}

/* π/2 = P1 + P2 + P3 to 2^−156 (mpmath): P1 and P2 of 44 bits, so that k·P1 and k·P2 are exact
 * in long double for k < 2^20 */
#define P1 0xc90fdaa2217p-43L
#define P2 -0xe7b9676733bp-88L
#define P3 0xb80dc1cd129024e1p-155L

/* sinl and cosl against the hand-reduced oracle at x near k·π/2: the larger disagreement, in
 * units of 2^−64 of the value (long double's own rounding) */
static long double oracle_disagreement(double x, long k)
{
    long double r = (((long double)x - k * P1) - k * P2) - k * P3; /* the first step is exact */
    long double sr = sinl(r), cr = cosl(r);
    long double s = (k & 1) ? cr : sr, c = (k & 1) ? sr : cr;
    s = (k & 2) ? -s : s;
    c = ((k + 1) & 2) ? -c : c;
    long double ds = fabsl(sinl(x) - s) / fabsl(s), dc = fabsl(cosl(x) - c) / fabsl(c);
    return (ds > dc ? ds : dc) * 0x1p64L;
}

static void test_double(void)
{
    /* every exponent: uniform over the bit patterns of finite doubles */
    for (int i = 0; i < 2000000; i++) {
        uint64_t bits = next_u64();
        if (((bits >> 52) & 0x7ffu) == 0x7ffu) continue;
        double x;
        memcpy(&x, &bits, sizeof x);
        check_d(x);
    }
    /* where angles live */
    for (int i = 0; i < 1000000; i++) check_d(-10.0 + 20.0 * (next_u64() >> 11) * 0x1p-53);
    /* subnormals */
    for (int i = 0; i < 100000; i++) {
        uint64_t bits = next_u64() & 0x800fffffffffffffu;
        double x;
        memcpy(&x, &bits, sizeof x);
        check_d(x);
    }
    /* the nearest doubles to k·π/2 and their neighbours, both signs; the oracle checked there */
    long double disagree = 0.0L;
    for (long k = 1; k <= 1000000; k++) {
        double x = (double)(k * 1.57079632679489661923132169163975144L);
        long double d = oracle_disagreement(x, k);
        if (d > disagree) disagree = d;
        check_d(x);
        check_d(-x);
        check_d(nextafter(x, 0.0));
        check_d(nextafter(x, INFINITY));
    }
    printf("sinl, cosl vs x − k·π/2 reduced by hand: within %.2Lf·2^−64 at the nearest doubles to k·π/2\n",
           disagree);
    check_true("the oracle sinl, cosl keeps 62 bits near multiples of π/2", disagree < 4.0L);
    static const struct {
        double m;
        int e;
    } hard[] = { { 6381956970095103, 797 }, { 3205513981387887, -46 }, { 6381956970095103, 798 },
                 { 3205513981387887, -45 }, { 7763785107565477, -29 }, { 5916243447979695, 79 },
                 { 6381956970095103, 799 }, { 8444920710073313, 939 }, { 3205513981387887, -44 },
                 { 2925482757170843, 526 }, { 8160885118204141, 808 }, { 8360820580228475, 628 },
                 { 2145770658771043, 147 }, { 7763785107565477, -28 }, { 7958046405119485, 243 },
                 { 5916243447979695, 80 },  { 6808218460873451, 562 }, { 7636753411044619, 201 },
                 { 6381956970095103, 800 }, { 8444920710073313, 940 }, { 6366906923947931, 194 },
                 { 3205513981387887, -43 }, { 2925482757170843, 527 }, { 1654412418448821, 17 } };
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
        double x = ldexp(hard[i].m, hard[i].e);
        check_d(x);
        check_d(-x);
    }
    const double edges[] = { DBL_MAX,
                             -DBL_MAX,
                             DBL_MIN,
                             -DBL_MIN,
                             4.9406564584124654e-324,
                             0x1p-27,
                             0x1p-27 * (1 - 0x1p-53),
                             0x1p20,
                             0x1p20 * (1 - 0x1p-53),
                             0x1p54,
                             0x1p-54 };
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) check_d(edges[i]);
    printf("sp__sincos_d: %ld arguments, worst %.3f ulp at %.17g; tangent s/c worst %.3f ulp at %.17g\n",
           calls, worst_sc, worst_sc_x, worst_tan, worst_tan_x);
    check_true("sp__sincos_d within an ulp of sinl and cosl everywhere", worst_sc <= 1.0);
    check_true("its tangent s/c within 2 ulp of tanl everywhere", worst_tan <= 2.0);
    double s, c;
    sp__sincos_d(-0.0, &s, &c);
    check_true("sin(−0) = −0, cos(−0) = 1", s == 0.0 && signbit(s) && c == 1.0);
    sp__sincos_d(0.0, &s, &c);
    check_true("sin(+0) = +0, cos(+0) = 1", s == 0.0 && !signbit(s) && c == 1.0);
    sp__sincos_d(INFINITY, &s, &c);
    check_true("sin and cos of +∞ are NaN", isnan(s) && isnan(c));
    sp__sincos_d(-INFINITY, &s, &c);
    check_true("sin and cos of −∞ are NaN", isnan(s) && isnan(c));
    sp__sincos_d(NAN, &s, &c);
    check_true("sin and cos of NaN are NaN", isnan(s) && isnan(c));
}

int main(void)
{
    test_float();
    test_double();
    return testing_finish("sincos");
}
