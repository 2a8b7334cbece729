/* sincos.h — sine and cosine without libm: the polynomials of a reduced argument (inline) and
 * the reductions of sincos.c. internal.h's sp__sincosf calls them; not part of the API. */
#ifndef SPRUNG_SINCOS_H
#define SPRUNG_SINCOS_H

#include "compiler.h"

/* sin and cos of any float, and of any double (sincos.c): within an ulp, and without libm's
 * sine and cosine, whose reduction of huge arguments links a 2.7 KB table. NaN for ±∞ and NaN;
 * sin(−0) = −0. */
void sp__sincos_d(double x, double *s, double *c);
void sp__sincosf_large(float x, float *s, float *c); /* sp__sincosf beyond π/4 */

/* sin x and cos x from sin r and cos r, x = n·π/2 + r (n & 3 is n mod 4 for any n) */
SP__ALWAYS_INLINE void sp__by_quadrant(int n, double sr, double cr, double *s, double *c)
{
    double sn = (n & 1) ? cr : sr, cs = (n & 1) ? sr : cr;
    *s = (n & 2) ? -sn : sn;
    *c = ((n + 1) & 2) ? -cs : cs;
}

/* sin r and cos r for |r| ≤ π/4 in double, by their Taylor polynomials to r¹¹ and r¹⁰
 * (remainders below 1e-11 and 2e-10 of the result: thousandths of a float ulp), then those of
 * x = n·π/2 + r, rounded once to float. */
SP__ALWAYS_INLINE void sp__sincosf_poly(double r, int n, float *s, float *c)
{
    double t = r * r;
    double sr = r
        * (1.0
           + t
               * (-1.0 / 6.0
                  + t
                      * (1.0 / 120.0
                         + t * (-1.0 / 5040.0 + t * (1.0 / 362880.0 + t * (-1.0 / 39916800.0))))));
    double cr = 1.0
        + t * (-0.5 + t * (1.0 / 24.0 + t * (-1.0 / 720.0 + t * (1.0 / 40320.0 + t * (-1.0 / 3628800.0)))));
    double sn, cs;
    sp__by_quadrant(n, sr, cr, &sn, &cs);
    *s = (float)sn;
    *c = (float)cs;
}

#endif
