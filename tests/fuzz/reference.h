/* reference.h — the harnesses' oracle for "the true result is finite": the closed forms
 * of the critical springs evaluated in double, whose range (1e308) holds every
 * intermediate of float-domain inputs, written here independently of c/. A float output
 * must be finite wherever this reference is below 1e37 (a margin of 30× under FLT_MAX for
 * the float computation's rounding and cancellation). */
#ifndef SPRUNG_REFERENCE_H
#define SPRUNG_REFERENCE_H

#include <math.h>

#define REF_LN2 0.693147180559945309
#define REF_PI 3.14159265358979324
#define REF_BOUND 1e37

/* Half damping y = 2·ln2/halflife (+Inf for 0). */
static inline double ref_y(double h) { return 2.0 * REF_LN2 / h; }

/* Critical spring toward g with goal velocity q: rest point c = g + 2q/y, offset
 * u(t) = e^(−yt)·(u0 + (v0 + y·u0)·t). */
static inline void ref_critical(double *x, double *v, double g, double q, double h, double t)
{
    if (t == 0) return;
    double y = ref_y(h), c = g + 2.0 * q / y, u = *x - c, e = exp(-y * t);
    if (e == 0) {
        *x = c;
        *v = 0;
        return;
    }
    double j1 = *v + y * u;
    *x = c + e * (u + j1 * t);
    *v = e * (*v - j1 * y * t);
}

/* Critical spring on the velocity of a character, with the integral for the position
 * (1 − e^(−s) − s·e^(−s) by its series for small s = y·t, where it cancels). */
static inline void ref_character(double *x, double *v, double *a, double vg, double h, double t)
{
    if (t == 0) return;
    double y = ref_y(h), j0 = *v - vg, j1 = *a + j0 * y, s = y * t, e = exp(-s);
    if (e == 0 || isinf(y)) {
        *x += vg * t + (isinf(y) ? 0 : j0 / y + j1 / (y * y));
        *v = vg;
        *a = 0;
        return;
    }
    double i0 = -expm1(-s) / y;
    double i1 = s < 1e-3 ? t * t * (0.5 - s / 3 + s * s / 8) : (1 - e - s * e) / (y * y);
    *x += vg * t + j0 * i0 + j1 * i1;
    *v = vg + e * (j0 + j1 * t);
    *a = e * (*a - j1 * y * t);
}

/* Two critical springs of halflife h/2 in series: the inner offset is e^(−kt)·(p0 + p1·t),
 * the outer e^(−kt)·(A + B·t + C·t² + D·t³), B = v0 + kA, C = k²p0/2, D = k²p1/6, expanded
 * in s = k·t (the naive sums cancel terms of 1e68 for tiny halflives even in double; the
 * expansion itself is checked against RK4 in tests/c/test_robust.c). */
static inline void ref_double(double *x, double *v, double *xi, double *vi, double g, double h, double t)
{
    if (t == 0) return;
    double k = ref_y(h / 2), s = k * t, e = exp(-s);
    if (e == 0) {
        *x = g;
        *v = 0;
        *xi = g;
        *vi = 0;
        return;
    }
    double A = *x - g, p0 = *xi - g, v0 = *v, vi0 = *vi;
    *x = g + e * (A * (1 + s) + v0 * t + s * s * p0 / 2 + s * s * (vi0 * t + s * p0) / 6);
    *v = e * (v0 * (1 - s) + vi0 * s * s * (0.5 - s / 6)) + e * s * k * (p0 - A - s * s * p0 / 6);
    *xi = g + e * (p0 * (1 + s) + vi0 * t);
    *vi = e * vi0 * (1 - s) - e * s * k * p0;
}

/* The critical spring on a rotation: the offset x·goal⁻¹ (both normalized here) as a scaled
 * angle-axis on the shortest arc, j = 2·log, and one step of t of each component toward 0
 * (ref_critical): j[] and the angular velocity v[] after the step, in double, whose range
 * shows whether the float result may overflow (a subnormal halflife makes y·j about 1e38). */
static inline void ref_quat_spring(double j[3], double v[3], const double x[4], const double goal[4],
                                   double h, double t)
{
    double nx = sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]);
    double ng = sqrt(goal[0] * goal[0] + goal[1] * goal[1] + goal[2] * goal[2] + goal[3] * goal[3]);
    double a[4], b[4];
    for (int i = 0; i < 4; i++) a[i] = x[i] / nx, b[i] = goal[i] / ng;
    /* d = a·b⁻¹ (b⁻¹ the conjugate of the unit b) */
    double d[4] = { -a[3] * b[0] + a[0] * b[3] - a[1] * b[2] + a[2] * b[1],
                    -a[3] * b[1] + a[0] * b[2] + a[1] * b[3] - a[2] * b[0],
                    -a[3] * b[2] - a[0] * b[1] + a[1] * b[0] + a[2] * b[3],
                    a[3] * b[3] + a[0] * b[0] + a[1] * b[1] + a[2] * b[2] };
    double sg = d[3] < 0 ? -1 : 1, l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    double angle = 2 * atan2(l, sg * d[3]);
    for (int i = 0; i < 3; i++) {
        j[i] = l > 0 ? sg * d[i] / l * angle : 0;
        ref_critical(&j[i], &v[i], 0, 0, h, t);
    }
}

/* A bound on |x(t) − c| and |v(t)| of any damped spring (s, d ≥ 0) about its rest point c:
 * its energy v² + s·u² never grows, so |v| ≤ √(v0² + s·u0²), and |u| is at most both
 * √(v0²/s + u0²) and |u0| + t·max|v|. */
static inline void ref_spring_bound(double u0, double v0, double s, double t, double *bu, double *bv)
{
    *bv = sqrt(v0 * v0 + s * u0 * u0);
    double bu1 = s > 0 ? sqrt(v0 * v0 / s + u0 * u0) : INFINITY, bu2 = fabs(u0) + t * *bv;
    *bu = bu1 < bu2 ? bu1 : bu2;
}

/* The article's spring_damper_implicit in double, from its listing (fast_negexp, fast_atan, the
 * three branches split at eps, chosen in float as the listing does). *big is the largest of its rest point c and the amplitudes it
 * forms (j, or j0 and j1), which the float function holds as floats: that function must be
 * finite wherever the result and *big are below REF_BOUND. */
static inline double ref_fast_negexp(double x) { return 1.0 / (1.0 + x + 0.48 * x * x + 0.235 * x * x * x); }
static inline double ref_fast_atan(double x)
{
    double z = fabs(x), w = z > 1.0 ? 1.0 / z : z;
    double y = (REF_PI / 4.0) * w - w * (w - 1) * (0.2447 + 0.0663 * w);
    return copysign(z > 1.0 ? REF_PI / 2.0 - y : y, x);
}
static inline void ref_article_implicit(double *x, double *v, double *big, double g, double q, double s,
                                        double d, double dt, double eps)
{
    double c = g + (d * q) / (s + eps), y = d / 2.0;
    /* the branch as the listing takes it in float (near its eps boundaries double may differ) */
    float sf = (float)s, df = (float)d, gap = sf - (df * df) / 4.0f;
    if (fabsf(gap) < (float)eps) {
        double j0 = *x - c, j1 = *v + j0 * y, e = ref_fast_negexp(y * dt);
        *big = fmax(fabs(c), fmax(fabs(j0), fabs(j1)));
        *x = j0 * e + dt * j1 * e + c;
        *v = -y * j0 * e - y * dt * j1 * e + j1 * e;
    } else if (gap > 0.0f) {
        double w = sqrt(fmax(s - (d * d) / 4.0, 0.0));
        double j = sqrt(pow(*v + y * (*x - c), 2) / (w * w + eps) + pow(*x - c, 2));
        double p = ref_fast_atan((*v + (*x - c) * y) / (-(*x - c) * w + eps));
        j = (*x - c) > 0.0 ? j : -j;
        *big = fmax(fabs(c), fabs(j));
        double e = ref_fast_negexp(y * dt);
        *x = j * e * cos(w * dt + p) + c;
        *v = -y * j * e * cos(w * dt + p) - w * j * e * sin(w * dt + p);
    } else {
        double r = sqrt(fmax(d * d - 4.0 * s, 0.0)), y0 = (d + r) / 2.0, y1 = (d - r) / 2.0;
        double j1 = (c * y0 - *x * y0 - *v) / (y1 - y0), j0 = *x - j1 - c;
        *big = fmax(fabs(c), fmax(fabs(j0), fabs(j1)));
        double e0 = ref_fast_negexp(y0 * dt), e1 = ref_fast_negexp(y1 * dt);
        *x = j0 * e0 + j1 * e1 + c;
        *v = -y0 * j0 * e0 - y1 * j1 * e1;
    }
}

#endif
