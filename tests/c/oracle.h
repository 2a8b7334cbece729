/* oracle.h — independent reference solutions for the tests, sharing no code with c/:
 * classical RK4 in double precision on the spring ODE a = s·(g − x) + d·(q − v). */
#ifndef SPRUNG_ORACLE_H
#define SPRUNG_ORACLE_H

typedef struct {
    double s, d, g, q;
} oracle_spring;

static inline void oracle_accel(const oracle_spring *p, double x, double v, double *a)
{
    *a = p->s * (p->g - x) + p->d * (p->q - v);
}

/* Integrates (x, v) over T seconds with n RK4 steps. */
static inline void oracle_spring_rk4(const oracle_spring *p, double *x, double *v, double T, int n)
{
    double h = T / n;
    for (int i = 0; i < n; i++) {
        double k1x = *v, k1v;
        oracle_accel(p, *x, *v, &k1v);
        double k2x = *v + 0.5 * h * k1v, k2v;
        oracle_accel(p, *x + 0.5 * h * k1x, *v + 0.5 * h * k1v, &k2v);
        double k3x = *v + 0.5 * h * k2v, k3v;
        oracle_accel(p, *x + 0.5 * h * k2x, *v + 0.5 * h * k2v, &k3v);
        double k4x = *v + h * k3v, k4v;
        oracle_accel(p, *x + h * k3x, *v + h * k3v, &k4v);
        *x += h / 6.0 * (k1x + 2 * k2x + 2 * k3x + k4x);
        *v += h / 6.0 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
}

/* Classical RK4 in double for any small system y' = f(t, y), n ≤ 16 states, integrating
 * from t0 over T seconds in `steps` steps. */
typedef void (*oracle_deriv)(double t, const double *y, double *dy, const void *ctx);

static inline void oracle_rk4(oracle_deriv f, const void *ctx, int n, double *y, double t0, double T,
                              int steps)
{
    double h = T / steps, k1[16], k2[16], k3[16], k4[16], tmp[16];
    for (int i = 0; i < steps; i++) {
        double t = t0 + i * h;
        f(t, y, k1, ctx);
        for (int j = 0; j < n; j++) tmp[j] = y[j] + 0.5 * h * k1[j];
        f(t + 0.5 * h, tmp, k2, ctx);
        for (int j = 0; j < n; j++) tmp[j] = y[j] + 0.5 * h * k2[j];
        f(t + 0.5 * h, tmp, k3, ctx);
        for (int j = 0; j < n; j++) tmp[j] = y[j] + h * k3[j];
        f(t + h, tmp, k4, ctx);
        for (int j = 0; j < n; j++) y[j] += h / 6.0 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
    }
}

#define ORACLE_LN2 0.693147180559945309
#define ORACLE_PI 3.14159265358979324

/* Rotations in double: quaternions {x, y, z, w}, the scaled angle-axis j = 2·log(q) on the
 * shortest arc (w ≥ 0, |j| ≤ π) and its inverse exp(j/2). */
typedef struct {
    double x, y, z, w;
} oracle_quat;

static inline oracle_quat oracle_quat_mul(oracle_quat a, oracle_quat b)
{
    oracle_quat r = { a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                      a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                      a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                      a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z };
    return r;
}

static inline oracle_quat oracle_quat_conj(oracle_quat q)
{
    oracle_quat r = { -q.x, -q.y, -q.z, q.w };
    return r;
}

static inline oracle_quat oracle_quat_unit(oracle_quat q)
{
    double n = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    oracle_quat r = { q.x / n, q.y / n, q.z / n, q.w / n };
    return r;
}

static inline void oracle_quat_log(double j[3], oracle_quat q)
{
    double s = q.w < 0 ? -1 : 1, l = sqrt(q.x * q.x + q.y * q.y + q.z * q.z), angle = 2 * atan2(l, s * q.w);
    j[0] = l > 0 ? s * q.x / l * angle : 0;
    j[1] = l > 0 ? s * q.y / l * angle : 0;
    j[2] = l > 0 ? s * q.z / l * angle : 0;
}

static inline oracle_quat oracle_quat_exp(const double j[3])
{
    double angle = sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]),
           k = angle > 0 ? sin(angle / 2) / angle : 0.5;
    oracle_quat r = { k * j[0], k * j[1], k * j[2], cos(angle / 2) };
    return r;
}

/* One step of t of the critical spring toward 0 with halflife h (x(t) = e^(−yt)·(x0 + (v0 + y·x0)·t)),
 * for each of n components. */
static inline void oracle_critical_decay(double *x, double *v, int n, double h, double t)
{
    double y = 2 * ORACLE_LN2 / h, e = exp(-y * t);
    for (int i = 0; i < n; i++) {
        double j1 = v[i] + y * x[i];
        x[i] = e * (x[i] + j1 * t);
        v[i] = e * (v[i] - j1 * y * t);
    }
}

#endif
