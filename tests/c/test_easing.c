/* test_easing.c — the cubic and inertial easings of the Spring-It-On demos.
 *
 * Oracles: the cubic through (x0, v0) and (g, 0) over the blend time, its coefficients solved
 * here from the four conditions; for the inertial easing, the demo's own parameterisation
 * (x = o + s²·f(τ), f = 3τ² − 2τ³, τ advancing at 1/(s·bt), bt = √(6/A)) with its start τ0
 * found by bisection on the demo's equation, where the demo is exact; and in every case the
 * motion's invariants: arrival at rest on the goal at the promised time, |acceleration| ≤ A,
 * continuity, and one step of T equal to many of T/n. */
#include "sprung.h"
#include "testing.h"

static char name[200];
static unsigned rng = 4242u;
static double rnd(double lo, double hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * ((rng >> 8) / 16777216.0);
}

/* p(t) = a·t³ + b·t² + v0·t + x0 with p(B) = g, p'(B) = 0. */
static void cubic_oracle(double x0, double v0, double g, double B, double t, double *x, double *v)
{
    if (t >= B) {
        *x = g;
        *v = 0;
        return;
    }
    double r1 = g - x0 - v0 * B, r2 = -v0; /* a·B³ + b·B² = r1, 3a·B² + 2b·B = r2 */
    double a = (r2 * B - 2 * r1) / (B * B * B), b = (r1 - a * B * B * B) / (B * B);
    *x = ((a * t + b) * t + v0) * t + x0;
    *v = (3 * a * t + 2 * b) * t + v0;
}

static void cubic(void)
{
    for (int i = 0; i < 30; i++) {
        double x0 = rnd(-5, 5), v0 = rnd(-10, 10), g = rnd(-5, 5), B = rnd(0.05, 1.5);
        float x = (float)x0, v = (float)v0, t = 0;
        double elapsed = 0;
        for (int k = 0; k < 40; k++) {
            float dt = (float)rnd(0, B / 15);
            sp_cubic_easing_update(&x, &v, &t, (float)g, (float)B, dt);
            elapsed += dt;
            double ox, ov;
            cubic_oracle((float)x0, (float)v0, (float)g, (float)B, elapsed, &ox, &ov);
            snprintf(name, sizeof name, "cubic easing vs its cubic (B=%.3g t=%.3g)", B, elapsed);
            check_near(name, x, ox, 2e-5);
            check_near(name, v, ov, 2e-4 * (1 + fabs(v0) + fabs(g - x0) / B));
        }
        sp_cubic_easing_update(&x, &v, &t, (float)g, (float)B, (float)B);
        check_true("cubic easing arrives at rest on the goal", x == (float)g && v == 0.0f);
    }
    /* retargeting keeps position and velocity, and the new cubic takes the full blend time */
    float x = 0, v = 0, t = 0;
    sp_cubic_easing_update(&x, &v, &t, 1.0f, 0.5f, 0.2f);
    float xr = x, vr = v;
    t = 0;
    sp_cubic_easing_update(&x, &v, &t, -2.0f, 0.5f, 0.1f);
    double ox, ov;
    cubic_oracle(xr, vr, -2.0, 0.5, 0.1, &ox, &ov);
    check_near("cubic easing retargeted: the cubic from the current state", x, ox, 1e-5);
    float a = 0.3f, b = 4.0f, ta = 0;
    sp_cubic_easing_update(&a, &b, &ta, 1.0f, 0.0f, 0.016f);
    check_true("cubic easing with blend time 0 snaps", a == 1.0f && b == 0.0f);
    a = 0.3f, b = 4.0f, ta = 0.1f;
    sp_cubic_easing_update(&a, &b, &ta, 1.0f, 0.5f, 0.0f);
    check_true("cubic easing dt 0 changes nothing", a == 0.3f && b == 4.0f && ta == 0.1f);
}

/* The demo's solve where it is exact (D > 0, V ≥ 0, V² ≤ 2AD): τ0 ∈ (0, 1] with
 * s = v/f'(τ0), s²·(1 − f(τ0)) = D, v = V·bt; then x(t) = o + s²·f(τ0 + t/(s·bt)). */
static double f3(double t) { return t >= 1 ? 1 : 3 * t * t - 2 * t * t * t; }
static double df3(double t) { return t >= 1 ? 0 : 6 * t - 6 * t * t; }
static void demo_curve(double D, double V, double A, double t, double *x, double *v)
{
    double bt = sqrt(6 / A), vn = V * bt, lo = 1e-12, hi = 1;
    for (int i = 0; i < 200; i++) { /* the remaining distance falls as τ0 grows */
        double m = 0.5 * (lo + hi), s = vn / df3(m);
        if (s * s * (1 - f3(m)) > D)
            lo = m;
        else
            hi = m;
    }
    double t0 = 0.5 * (lo + hi), s = vn / df3(t0), o = -s * s * f3(t0), tau = t0 + t / (s * bt);
    *x = o + s * s * f3(tau);
    *v = s * df3(tau) / bt;
}

static void inertial_demo(void)
{
    for (int i = 0; i < 25; i++) {
        double A = rnd(0.5, 20), D = rnd(0.1, 5), V = rnd(0, sqrt(2 * A * D)) * 0.999;
        float x = 0, v = (float)V;
        double T = sp_inertial_easing_duration(0, (float)V, (float)D, (float)A), t = 0;
        for (int k = 0; k < 20; k++) {
            float dt = (float)(T / 25);
            sp_inertial_easing_update(&x, &v, (float)D, (float)A, dt);
            t += dt;
            double ox, ov;
            demo_curve(D, (float)V, A, t, &ox, &ov);
            snprintf(name, sizeof name,
                     "inertial easing = the demo's curve where it is exact (D=%.3g V=%.3g)", D, V);
            check_near(name, x, ox, 5e-5 * (1 + D));
            check_near(name, v, ov, 5e-4 * (1 + V));
        }
    }
    /* from rest: D·smoothstep(t/T), T = √(6D/A) */
    float x = 0, v = 0;
    double A = 4, D = 3, T = sqrt(6 * D / A);
    check_near("inertial easing from rest takes √(6D/A)",
               sp_inertial_easing_duration(0, 0, (float)D, (float)A), T, 1e-6);
    sp_inertial_easing_update(&x, &v, (float)D, (float)A, (float)(0.3 * T));
    check_near("inertial easing from rest is D·smoothstep(t/T)", x, D * f3(0.3), 1e-6);
}

/* The invariants, in every regime: stepped at 1 ms from random states. */
static void inertial_invariants(void)
{
    for (int i = 0; i < 60; i++) {
        double A = rnd(0.5, 30), g = rnd(-5, 5), x0 = rnd(-5, 5), v0 = rnd(-12, 12);
        if (i % 6 == 0) v0 = 0;
        float x = (float)x0, v = (float)v0;
        double T = sp_inertial_easing_duration(x, v, (float)g, (float)A);
        /* the duration, worked out here: brake to rest first if heading away or too fast */
        double D = g - x0, sgn = D > 0 ? 1 : -1, Dp = sgn * D, Vp = sgn * v0, want;
        if (Vp < 0 || Vp * Vp > 2 * A * Dp) {
            double stop = x0 + v0 * fabs(v0) / (2 * A);
            want = fabs(v0) / A + sqrt(6 * fabs(g - stop) / A);
        } else
            want = (-Vp + sqrt(Vp * Vp + 6 * A * Dp)) / A;
        snprintf(name, sizeof name, "inertial easing duration (D=%.3g V=%.3g A=%.3g)", D, v0, A);
        check_near(name, T, want, 1e-5);
        double dt = 1e-3, worst_a = 0, prev_v = v, prev_x = x, jump = 0;
        int n = (int)(T / dt) + 5;
        for (int k = 0; k < n; k++) {
            sp_inertial_easing_update(&x, &v, (float)g, (float)A, (float)dt);
            worst_a = fmax(worst_a, fabs(v - prev_v) / dt);
            jump = fmax(jump, fabs(x - prev_x) - fabs(fmax(fabs(v), fabs(prev_v))) * dt);
            prev_v = v;
            prev_x = x;
        }
        snprintf(name, sizeof name, "inertial easing arrives at rest on the goal (D=%.3g V=%.3g)", D, v0);
        check_true(name, x == (float)g && v == 0.0f);
        snprintf(name, sizeof name, "inertial easing |a| ≤ A (D=%.3g V=%.3g A=%.3g): %.6g", D, v0, A,
                 worst_a);
        check_true(name, worst_a <= A * (1 + 1e-3) + 1e-3);
        check_true("inertial easing moves no faster than its velocity", jump <= 1e-4);
        /* dt-invariance: one step of T/3 against 300 of T/900 */
        float a = (float)x0, b = (float)v0, c = (float)x0, d = (float)v0;
        sp_inertial_easing_update(&a, &b, (float)g, (float)A, (float)(T / 3));
        for (int k = 0; k < 300; k++) sp_inertial_easing_update(&c, &d, (float)g, (float)A, (float)(T / 900));
        snprintf(name, sizeof name, "inertial easing: one step = 300 steps (D=%.3g V=%.3g)", D, v0);
        check_near(name, a, c, 2e-5 * (1 + fabs(g) + fabs(x0)));
        check_near(name, b, d, 2e-4 * (1 + fabs(v0)));
    }
    float x = 1, v = 0;
    sp_inertial_easing_update(&x, &v, 1.0f, 5.0f, 0.1f);
    check_true("inertial easing at rest on the goal stays", x == 1.0f && v == 0.0f);
    x = 0, v = 3;
    sp_inertial_easing_update(&x, &v, 1.0f, INFINITY, 0.1f);
    check_true("inertial easing with infinite acceleration snaps", x == 1.0f && v == 0.0f);
    x = 0, v = 3;
    sp_inertial_easing_update(&x, &v, 1.0f, 5.0f, 0.0f);
    check_true("inertial easing dt 0 changes nothing", x == 0.0f && v == 3.0f);
    x = NAN, v = 0;
    sp_inertial_easing_update(&x, &v, 1.0f, 5.0f, 0.1f);
    check_true("inertial easing: NaN in, NaN out", isnan(x));
}

int main(void)
{
    cubic();
    inertial_demo();
    inertial_invariants();
    return testing_finish("test_easing");
}
