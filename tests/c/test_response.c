/* test_response.c — springs described and designed by their step response.
 *
 * Oracles: the step response x'' = s·(1 − x) − d·x' from rest integrated by RK4 in double
 * (s = (2πf)², d = 4·ln2/h worked out here), its overshoot, peak, 10–90 % rise and last exit
 * from the tolerance band read off the integrated curve (crossings located on the cubic
 * Hermite interpolant of the samples, which the RK4 state's x and v define); the lag of
 * x'' = s·(V·t − x) − d·x' and of x' = λ·(V·t − x) read off the same way; and the round trips
 * through the inverse solvers, checked with the forward functions (and the forward ones with
 * the inverse) over a grid covering all three regimes. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[240];

typedef struct {
    double s, d, V; /* the goal is 1 (V = 0) or the ramp V·t */
} step_ode;

static void deriv(double t, const double *y, double *dy, const void *ctx)
{
    const step_ode *p = ctx;
    double g = p->V != 0.0 ? p->V * t : 1.0;
    dy[0] = y[1];
    dy[1] = p->s * (g - y[0]) - p->d * y[1];
}

/* Where the Hermite cubic through (t0, x0, v0), (t1, x1, v1) crosses level (bisection). */
static double hermite_cross(double t0, double x0, double v0, double t1, double x1, double v1, double level)
{
    double h = t1 - t0, lo = 0.0, hi = 1.0, f0 = x0 - level;
    for (int i = 0; i < 100; i++) {
        double u = 0.5 * (lo + hi), w = 1 - u;
        double x =
            x0 * w * w * (1 + 2 * u) + v0 * h * u * w * w + x1 * u * u * (3 - 2 * u) - v1 * h * u * u * w;
        if ((x - level > 0) == (f0 > 0))
            lo = u;
        else
            hi = u;
    }
    return t0 + 0.5 * (lo + hi) * h;
}

typedef struct {
    double overshoot, peak_time, rise, settle;
} measured;

/* The step response of (s, d), integrated to `horizon` in `steps` RK4 steps. */
static measured measure(double s, double d, double tol, double horizon, int steps)
{
    step_ode p = { s, d, 0.0 };
    double y[2] = { 0, 0 }, h = horizon / steps, t = 0;
    double t10 = -1, t90 = -1, last_out = 0, best = -1, best_t = INFINITY;
    for (int i = 0; i < steps; i++) {
        double prev[2] = { y[0], y[1] };
        oracle_rk4(deriv, &p, 2, y, t, h, 1);
        double t1 = t + h;
        if (t10 < 0 && prev[0] < 0.1 && y[0] >= 0.1)
            t10 = hermite_cross(t, prev[0], prev[1], t1, y[0], y[1], 0.1);
        if (t90 < 0 && prev[0] < 0.9 && y[0] >= 0.9)
            t90 = hermite_cross(t, prev[0], prev[1], t1, y[0], y[1], 0.9);
        /* band exits: |x − 1| crosses tol at 1 ± tol (either way: the last one is an entry) */
        for (int side = -1; side <= 1; side += 2) {
            double lev = 1.0 + side * tol;
            if ((prev[0] - lev) * (y[0] - lev) < 0)
                last_out = hermite_cross(t, prev[0], prev[1], t1, y[0], y[1], lev);
        }
        /* the first maximum: v turns from + to − (the root of v on the step by the same cubic
         * interpolation of v, whose derivative is the acceleration of the ODE) */
        if (best < 0 && prev[1] > 0 && y[1] <= 0) {
            double a0 = s * (1 - prev[0]) - d * prev[1], a1 = s * (1 - y[0]) - d * y[1];
            best_t = hermite_cross(t, prev[1], a0, t1, y[1], a1, 0.0);
            /* x at the peak: one RK4 step from the sample before it */
            double z[2] = { prev[0], prev[1] };
            oracle_rk4(deriv, &p, 2, z, t, best_t - t, 1);
            best = z[0] - 1.0;
        }
        t = t1;
    }
    measured m = { best < 0 ? 0.0 : best, best < 0 ? INFINITY : best_t, t90 - t10, last_out };
    return m;
}

/* The grid: three frequencies, damping ratios across all regimes (critical included, as the
 * halflife that makes it so). */
static const double freqs[] = { 0.3, 1.0, 4.0 };
static const double zetas[] = { 0.05, 0.2, 0.45, 0.7, 0.9, 0.99, 1.0, 1.01, 1.3, 2.5, 8.0 };
#define NZ (int)(sizeof zetas / sizeof zetas[0])

static float halflife_for(double f, double zeta) { return (float)(ORACLE_LN2 / (ORACLE_PI * f * zeta)); }

static void forward_against_rk4(void)
{
    const double tols[] = { 0.02, 0.005 };
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < NZ; k++) {
            float f = (float)freqs[i], h = halflife_for(freqs[i], zetas[k]);
            double w = 2 * ORACLE_PI * f, s = w * w, d = 4 * ORACLE_LN2 / h, y = d / 2, z = y / w;
            /* the horizon, from bounds worked out here: the slowest decay rate of the
             * distance to the goal and its largest amplitude */
            double rate = z < 1 ? y : (z == 1 ? w / 2 : s / (y + sqrt((y - w) * (y + w))));
            double horizon = (log(1e4) + 4) / rate + 12 / w;
            int steps = (int)(horizon * fmax(w, d) * 400) + 2000;
            for (int tk = 0; tk < 2; tk++) {
                measured m = measure(s, d, tols[tk], horizon, steps);
                snprintf(name, sizeof name, "f=%g ζ=%g tol=%g", f, zetas[k], tols[tk]);
                char what[300];
                if (tk == 0) {
                    snprintf(what, sizeof what, "overshoot vs RK4, %s", name);
                    check_near(what, sp_spring_overshoot(f, h), m.overshoot, 1e-6);
                    snprintf(what, sizeof what, "peak time vs RK4, %s", name);
                    if (isinf(m.peak_time))
                        check_true(what, isinf(sp_spring_peak_time(f, h)) || m.overshoot < 1e-12);
                    else
                        check_near(what, sp_spring_peak_time(f, h) / m.peak_time, 1.0, 1e-5);
                    snprintf(what, sizeof what, "rise time (10-90 %%) vs RK4, %s", name);
                    check_near(what, sp_spring_rise_time(f, h) / m.rise, 1.0, 1e-5);
                }
                snprintf(what, sizeof what, "settling time (last exit) vs RK4, %s", name);
                check_near(what, sp_spring_settling_time(f, h, (float)tols[tk]) / m.settle, 1.0, 1e-5);
                snprintf(what, sizeof what, "envelope bound ≥ settling time, %s", name);
                check_true(what,
                           sp_spring_settling_time_envelope(f, h, (float)tols[tk]) >= m.settle * (1 - 1e-6));
                snprintf(what, sizeof what, "damping ratio, %s", name);
                check_near(what, sp_spring_damping_ratio(f, h), z, 1e-6);
            }
        }
}

/* The envelope bound in closed form: ln(1/(tol·√(1 − ζ²)))/(ζω) when under damped. */
static void envelope_closed_form(void)
{
    float f = 1.5f, h = halflife_for(1.5, 0.3);
    double w = 2 * ORACLE_PI * f, y = 2 * ORACLE_LN2 / h, z = y / w;
    check_near("envelope bound, closed form", sp_spring_settling_time_envelope(f, h, 0.02f),
               log(1 / (0.02 * sqrt(1 - z * z))) / y, 1e-6);
}

static void lag_against_rk4(void)
{
    /* a ramp goal V·t with zero goal velocity: the spring settles V·lag behind it */
    const double V = 3.0;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < NZ; k += 2) {
            float f = (float)freqs[i], h = halflife_for(freqs[i], zetas[k]);
            double w = 2 * ORACLE_PI * f, s = w * w, d = 4 * ORACLE_LN2 / h, y = d / 2, z = y / w;
            double rate = z < 1 ? y : (z == 1 ? w / 2 : s / (y + sqrt((y - w) * (y + w))));
            double horizon = 40 / rate;
            step_ode p = { s, d, V };
            double st[2] = { 0, 0 };
            oracle_rk4(deriv, &p, 2, st, 0, horizon, (int)(horizon * fmax(w, d) * 200) + 2000);
            snprintf(name, sizeof name, "spring lag vs RK4 ramp, f=%g ζ=%g", f, zetas[k]);
            check_near(name, sp_spring_lag(f, h) / ((V * horizon - st[0]) / V), 1.0, 1e-6);
            if (k == 6) { /* critical: the same lag as sp_halflife_to_lag */
                check_near("critical spring lag = sp_halflife_to_lag",
                           sp_halflife_to_lag(h) / sp_spring_lag(f, h), 1.0, 1e-6);
            }
        }
    /* the damper: x' = λ·(V·t − x), λ = ln2/h, read off an RK4 run */
    const float hs[] = { 0.05f, 0.3f, 2.0f };
    for (int i = 0; i < 3; i++) {
        double lambda = ORACLE_LN2 / hs[i], x = 0, T = 40 / lambda, hstep = T / 40000;
        for (int n = 0; n < 40000; n++) {
            double t = n * hstep;
            double k1 = lambda * (V * t - x), k2 = lambda * (V * (t + hstep / 2) - (x + hstep / 2 * k1));
            double k3 = lambda * (V * (t + hstep / 2) - (x + hstep / 2 * k2)),
                   k4 = lambda * (V * (t + hstep) - (x + hstep * k3));
            x += hstep / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
        }
        snprintf(name, sizeof name, "damper lag vs RK4 ramp, h=%g", hs[i]);
        check_near(name, sp_halflife_to_lag(hs[i]) / ((V * T - x) / V), 1.0, 1e-6);
        snprintf(name, sizeof name, "lag_to_halflife inverts halflife_to_lag, h=%g", hs[i]);
        check_near(name, sp_lag_to_halflife(sp_halflife_to_lag(hs[i])) / hs[i], 1.0, 1e-6);
    }
    /* the lagging spring, simulated by the library itself with the goal moving every 1 ms:
     * the lag it shows is the one promised (to the goal's own motion within a step) */
    float x = 0, v = 0, f = 2.0f, h = 0.1f, dt = 1e-3f;
    double g = 0;
    for (int n = 0; n < 20000; n++) {
        g += V * dt;
        sp_spring_damper_exact(&x, &v, (float)g, 0.0f, f, h, dt);
    }
    check_near("library spring trails a moving goal by V·lag (within the goal's 1 ms steps)", (g - x) / V,
               sp_spring_lag(f, h), 2e-3);
}

/* forward(inverse(request)) = request. */
static void design_round_trips(void)
{
    const double times[] = { 0.08, 0.5, 3.0 }, overshoots[] = { 0.0, 1e-4, 0.01, 0.05, 0.2, 0.5, 0.8 };
    const double tols[] = { 0.001, 0.02, 0.1 };
    double worst = 0;
    for (int i = 0; i < 3; i++)
        for (int o = 0; o < 7; o++) {
            for (int k = 0; k < 3; k++) {
                float f, h;
                sp_settling_time_overshoot_to_spring((float)times[i], (float)overshoots[o], (float)tols[k],
                                                     &f, &h);
                double ts = sp_spring_settling_time(f, h, (float)tols[k]), os = sp_spring_overshoot(f, h);
                snprintf(name, sizeof name, "settling time of the designed spring: T=%g os=%g tol=%g",
                         times[i], overshoots[o], tols[k]);
                check_near(name, ts / times[i], 1.0, 1e-5);
                worst = fmax(worst, fabs(ts / times[i] - 1));
                snprintf(name, sizeof name, "overshoot of the designed spring: T=%g os=%g tol=%g", times[i],
                         overshoots[o], tols[k]);
                check_near(name, overshoots[o] > 0 ? os / overshoots[o] : os, overshoots[o] > 0 ? 1.0 : 0.0,
                           1e-5);
                if (overshoots[o] > 0) worst = fmax(worst, fabs(os / overshoots[o] - 1));
            }
            float f, h;
            sp_rise_time_overshoot_to_spring((float)times[i], (float)overshoots[o], &f, &h);
            snprintf(name, sizeof name, "rise time of the designed spring: T=%g os=%g", times[i],
                     overshoots[o]);
            check_near(name, sp_spring_rise_time(f, h) / times[i], 1.0, 1e-5);
            worst = fmax(worst, fabs(sp_spring_rise_time(f, h) / times[i] - 1));
            double os = sp_spring_overshoot(f, h);
            snprintf(name, sizeof name, "overshoot of the rise-designed spring: T=%g os=%g", times[i],
                     overshoots[o]);
            check_near(name, overshoots[o] > 0 ? os / overshoots[o] : os, overshoots[o] > 0 ? 1.0 : 0.0,
                       1e-5);
        }
    /* by damping ratio: every regime */
    const double ratios[] = { 0.1, 0.5, 1.0, 1.7, 6.0 };
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < 5; r++) {
            float f, h;
            sp_settling_time_ratio_to_spring((float)times[i], (float)ratios[r], 0.02f, &f, &h);
            snprintf(name, sizeof name, "settling time by ratio: T=%g ζ=%g", times[i], ratios[r]);
            check_near(name, sp_spring_settling_time(f, h, 0.02f) / times[i], 1.0, 1e-5);
            check_near(name, sp_spring_damping_ratio(f, h) / ratios[r], 1.0, 1e-6);
            sp_rise_time_ratio_to_spring((float)times[i], (float)ratios[r], &f, &h);
            snprintf(name, sizeof name, "rise time by ratio: T=%g ζ=%g", times[i], ratios[r]);
            check_near(name, sp_spring_rise_time(f, h) / times[i], 1.0, 1e-5);
            worst = fmax(worst, fabs(sp_spring_rise_time(f, h) / times[i] - 1));
        }
    printf("design round trips: worst relative error %.2e\n", worst);
}

/* inverse(forward(spring)) = spring, over the regime grid. */
static void spring_round_trips(void)
{
    double worst = 0;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < NZ; k++) {
            float f = (float)freqs[i], h = halflife_for(freqs[i], zetas[k]), f2, h2;
            float z = sp_spring_damping_ratio(f, h);
            for (int tk = 0; tk < 2; tk++) {
                float tol = tk ? 0.05f : 0.01f;
                if (zetas[k] < 0.99) /* the overshoot is representable and names the ratio */
                    sp_settling_time_overshoot_to_spring(sp_spring_settling_time(f, h, tol),
                                                         sp_spring_overshoot(f, h), tol, &f2, &h2);
                else
                    sp_settling_time_ratio_to_spring(sp_spring_settling_time(f, h, tol), z, tol, &f2, &h2);
                snprintf(name, sizeof name, "spring from its settling time: f=%g ζ=%g tol=%g, frequency", f,
                         zetas[k], tol);
                check_near(name, f2 / f, 1.0, 1e-5);
                snprintf(name, sizeof name, "spring from its settling time: f=%g ζ=%g tol=%g, halflife", f,
                         zetas[k], tol);
                check_near(name, h2 / h, 1.0, 1e-5);
                worst = fmax(worst, fmax(fabs(f2 / f - 1), fabs(h2 / h - 1)));
            }
            if (zetas[k] < 0.99)
                sp_rise_time_overshoot_to_spring(sp_spring_rise_time(f, h), sp_spring_overshoot(f, h), &f2,
                                                 &h2);
            else
                sp_rise_time_ratio_to_spring(sp_spring_rise_time(f, h), z, &f2, &h2);
            snprintf(name, sizeof name, "spring from its rise time: f=%g ζ=%g", f, zetas[k]);
            check_near(name, f2 / f, 1.0, 1e-5);
            check_near(name, h2 / h, 1.0, 1e-5);
            worst = fmax(worst, fmax(fabs(f2 / f - 1), fabs(h2 / h - 1)));
            /* duration and bounce, both ways */
            float dur, bounce;
            sp_spring_to_duration_bounce(f, h, &dur, &bounce);
            sp_duration_bounce_to_spring(dur, bounce, &f2, &h2);
            snprintf(name, sizeof name, "spring from its duration and bounce: f=%g ζ=%g", f, zetas[k]);
            check_near(name, f2 / f, 1.0, 1e-5);
            check_near(name, h2 / h, 1.0, 1e-5);
            worst = fmax(worst, fmax(fabs(f2 / f - 1), fabs(h2 / h - 1)));
        }
    /* duration and bounce requests (SwiftUI-style) come back too */
    const double bounces[] = { -0.8, -0.3, 0.0, 0.25, 0.7 };
    for (int b = 0; b < 5; b++) {
        float f, h, dur, bounce;
        sp_duration_bounce_to_spring(0.6f, (float)bounces[b], &f, &h);
        sp_spring_to_duration_bounce(f, h, &dur, &bounce);
        snprintf(name, sizeof name, "duration and bounce of the designed spring: bounce %g", bounces[b]);
        check_near(name, dur, 0.6, 1e-6);
        check_near(name, bounce, bounces[b], 1e-5);
    }
    printf("spring round trips: worst relative error %.2e\n", worst);
}

/* The designer's natural request sits where a peak of the response touches the band:
 * overshoot = tolerance (2 %, 2 %), or overshoot² = tolerance (10 %, 1 %), overshoot³ = tolerance.
 * There the settling time jumps by up to a period, and a float spring an ulp to the wrong side of
 * the edge settled late: (0.3 s, 2 %, 2 %) at 0.418 s, (0.5 s, 10 %, 10 %) at 0.837 s. The designed
 * spring's step response is measured here by RK4 sampled at 10 kHz (the last exit from the band,
 * located on the Hermite cubic of the samples): the set time to 1e-5, the overshoot to 1e-5. */
static void designs_at_the_band_edge(void)
{
    const double times[] = { 0.08, 0.3, 0.5, 1.0, 3.0 },
                 overshoots[] = { 0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5 };
    double worst = 0;
    for (int i = 0; i < 5; i++)
        for (int o = 0; o < 7; o++)
            for (int p = 1; p <= 3; p++) {
                float os = (float)overshoots[o], tol = (float)pow(overshoots[o], p), f, h;
                if (!(tol >= 1e-4f)) continue;
                sp_settling_time_overshoot_to_spring((float)times[i], os, tol, &f, &h);
                double w = 2 * ORACLE_PI * f, d = 4 * ORACLE_LN2 / h, horizon = 4 * times[i] + 1;
                measured m = measure(w * w, d, tol, horizon, (int)(horizon * 1e4));
                snprintf(name, sizeof name,
                         "T=%g, overshoot %g, tolerance %g (overshoot^%d): settles at %.6f", times[i],
                         overshoots[o], tol, p, m.settle);
                check_near(name, m.settle / times[i], 1.0, 1e-5);
                worst = fmax(worst, fabs(m.settle / times[i] - 1));
                snprintf(name, sizeof name, "T=%g, overshoot %g, tolerance %g: overshoot %.9g", times[i],
                         overshoots[o], tol, m.overshoot);
                check_near(name, m.overshoot / os, 1.0, 1e-5);
                snprintf(name, sizeof name, "T=%g, overshoot %g, tolerance %g: sp_spring_settling_time",
                         times[i], overshoots[o], tol);
                check_near(name, sp_spring_settling_time(f, h, tol) / times[i], 1.0, 1e-5);
            }
    /* by damping ratio: the ratio whose overshoot is the tolerance */
    const double tols[] = { 0.01, 0.02, 0.1 };
    for (int k = 0; k < 3; k++) {
        double L = -log((float)tols[k]);
        float z = (float)(L / sqrt(ORACLE_PI * ORACLE_PI + L * L)), f, h;
        sp_settling_time_ratio_to_spring(0.3f, z, (float)tols[k], &f, &h);
        double w = 2 * ORACLE_PI * f, d = 4 * ORACLE_LN2 / h;
        measured m = measure(w * w, d, (float)tols[k], 2.2, 22000);
        snprintf(name, sizeof name, "ratio %.7g (overshoot = tolerance %g): settles at %.6f", z, tols[k],
                 m.settle);
        check_near(name, m.settle / 0.3, 1.0, 1e-5);
        worst = fmax(worst, fabs(m.settle / 0.3 - 1));
        check_near("… with that damping ratio", sp_spring_damping_ratio(f, h) / z, 1.0, 1e-6);
    }
    printf("designs at the band's edge, measured at 10 kHz: worst relative error %.2e\n", worst);
}

static void edges(void)
{
    check_true("halflife 0 snaps: rise time 0", sp_spring_rise_time(1.0f, 0.0f) == 0.0f);
    check_true("halflife 0 snaps: settling time 0", sp_spring_settling_time(1.0f, 0.0f, 0.02f) == 0.0f);
    check_true("halflife 0 snaps: no overshoot, no peak",
               sp_spring_overshoot(1.0f, 0.0f) == 0.0f && isinf(sp_spring_peak_time(1.0f, 0.0f)));
    check_true("halflife 0 snaps: no lag", sp_spring_lag(1.0f, 0.0f) == 0.0f);
    check_true("frequency 0 never moves",
               isinf(sp_spring_rise_time(0.0f, 0.3f)) && isinf(sp_spring_settling_time(0.0f, 0.3f, 0.02f))
                   && isinf(sp_spring_lag(0.0f, 0.3f)));
    check_true("undamped: overshoot 1, never settles",
               sp_spring_overshoot(1.0f, INFINITY) == 1.0f
                   && isinf(sp_spring_settling_time(1.0f, INFINITY, 0.02f)));
    check_near("undamped: peak at half the period", sp_spring_peak_time(1.0f, INFINITY), 0.5, 1e-6);
    check_true("tolerance ≥ 1: settled at once", sp_spring_settling_time(1.0f, 0.3f, 1.0f) == 0.0f);
    check_true("tolerance 0: never settles", isinf(sp_spring_settling_time(1.0f, 0.3f, 0.0f)));
    check_true("critical and over damped: no peak",
               isinf(sp_spring_peak_time(1.0f, halflife_for(1, 1.0)))
                   && isinf(sp_spring_peak_time(1.0f, halflife_for(1, 3))));
    check_true("NaN in, NaN out",
               isnan(sp_spring_rise_time(NAN, 0.3f)) && isnan(sp_spring_settling_time(1, NAN, 0.02f))
                   && isnan(sp_spring_settling_time(1, 0.3f, NAN)) && isnan(sp_spring_overshoot(NAN, 0.3f)));
    /* continuity across critical damping: just below, at and above agree */
    float f = 1.0f, hc = halflife_for(1, 1.0);
    double a = sp_spring_settling_time(f, hc * 1.0001f, 0.02f), b = sp_spring_settling_time(f, hc, 0.02f),
           c = sp_spring_settling_time(f, hc * 0.9999f, 0.02f);
    check_near("settling time continuous across critical (below)", a / b, 1.0, 1e-3);
    check_near("settling time continuous across critical (above)", c / b, 1.0, 1e-3);
    /* extreme but finite parameters stay finite */
    check_true("strongly over damped stays finite", isfinite(sp_spring_settling_time(1e-3f, 1e-6f, 0.01f)));
    check_true("lightly damped stays finite", isfinite(sp_spring_settling_time(10.0f, 1e4f, 1e-3f)));
    check_true("tiny tolerance, lightly damped", isfinite(sp_spring_settling_time(1.0f, 1e6f, 1e-6f)));
}

/* Lightly damped springs: ζ = ln2/(π·f·h) tiny, the overshoot e^(−πζ/√(1 − ζ²)) is 1 in double
 * below ζ ≈ 1e-17 (and has lost digits from 1e-14), which made the settling time infinite (or beyond
 * its own envelope bound from 1e14 Hz) and the solver's frequency infinite. The envelope
 * e^(−ζωt)/√(1 − ζ²) falls to the tolerance at ζω·t = ln(1/tol) (+ a term of order ζ²), and the
 * last exit lies within a period of that: 1e-20 of the time at ζ = 1e-20. */
static void lightly_damped(void)
{
    const float tol = 0.02f;
    double L = -log((double)tol);
    for (double f = 1e6; f < 3.4e38; f *= 7.3) {
        float h = 1.0f, t = sp_spring_settling_time((float)f, h, tol),
              env = sp_spring_settling_time_envelope((float)f, h, tol);
        snprintf(name, sizeof name, "settling time at %g Hz, halflife 1 s: %.7g (bound %.7g)", f, t, env);
        check_true(name, fabs(t - L / (2 * ORACLE_LN2)) <= 1e-6 * t && t <= env);
    }
    float f, h, z = 1e-20f;
    sp_settling_time_ratio_to_spring(0.3f, z, tol, &f, &h);
    snprintf(name, sizeof name, "settling_time_ratio_to_spring(0.3, 1e-20, 0.02): %g Hz, halflife %g s", f,
             h);
    check_true(name,
               fabs(f / (L / (2 * ORACLE_PI * z * 0.3f)) - 1) <= 1e-6
                   && fabs(h / (2 * ORACLE_LN2 * 0.3f / L) - 1) <= 1e-6);
    check_near("… and the spring settles in 0.3 s", sp_spring_settling_time(f, h, tol) / 0.3f, 1, 1e-6);
}

int main(void)
{
    forward_against_rk4();
    envelope_closed_form();
    lag_against_rk4();
    design_round_trips();
    spring_round_trips();
    designs_at_the_band_edge();
    lightly_damped();
    edges();
    return testing_finish("test_response");
}
