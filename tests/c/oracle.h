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

#endif
