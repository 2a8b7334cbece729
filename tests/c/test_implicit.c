/* test_implicit.c — the article's fast approximations of the critical family.
 *
 * Oracle: the article's listings evaluated here in double (fast_negexp's polynomial
 * 1/(1 + x + 0.48x² + 0.235x³) written out, damping 4·ln2/halflife without eps), and, to show
 * what they approximate, the exact critical spring's closed form. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];
static unsigned rng = 31u;
static double rnd(double lo, double hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * ((rng >> 8) / 16777216.0);
}

static double negexp(double x) { return 1.0 / (1.0 + x + 0.48 * x * x + 0.235 * x * x * x); }

/* critical_spring_damper_implicit as listed. */
static void listing(double *x, double *v, double g, double q, double h, double dt)
{
    double d = 4 * ORACLE_LN2 / h, c = g + (d * q) / ((d * d) / 4), y = d / 2;
    double j0 = *x - c, j1 = *v + j0 * y, e = negexp(y * dt);
    *x = e * (j0 + j1 * dt) + c;
    *v = e * (*v - j1 * y * dt);
}

static void critical(void)
{
    for (int i = 0; i < 60; i++) {
        double x0 = rnd(-5, 5), v0 = rnd(-10, 10), g = rnd(-5, 5), q = i % 3 ? rnd(-3, 3) : 0;
        double h = rnd(0.05, 1), dt = rnd(0.001, 0.5);
        float x = (float)x0, v = (float)v0;
        double ox = (float)x0, ov = (float)v0;
        sp_critical_spring_damper_implicit(&x, &v, (float)g, (float)q, (float)h, (float)dt);
        listing(&ox, &ov, (float)g, (float)q, (float)h, (float)dt);
        snprintf(name, sizeof name, "critical_spring_damper_implicit = the listing (h=%.3g dt=%.3g)", h, dt);
        check_near(name, x, ox, 2e-5);
        check_near(name, v, ov, 2e-4);
        /* and it approximates the exact spring: e^(−s) within 0.019 */
        double y = 2 * ORACLE_LN2 / (float)h, c = g + 2 * q / y, u = (float)x0 - c, j1 = (float)v0 + y * u;
        double ex = c + exp(-y * dt) * (u + j1 * dt);
        check_true("critical_spring_damper_implicit near the exact spring",
                   fabs(x - ex) <= 0.02 * (fabs(u) + fabs(j1 * dt)) + 1e-5);
        float dx = (float)x0, dv = (float)v0;
        double rx = (float)x0, rv = (float)v0;
        sp_decay_spring_damper_implicit(&dx, &dv, (float)h, (float)dt);
        listing(&rx, &rv, 0, 0, (float)h, (float)dt);
        check_near("decay_spring_damper_implicit = the listing", dx, rx, 2e-5);
        check_near("decay_spring_damper_implicit = the listing", dv, rv, 2e-4);
    }
    float x = 1, v = 2;
    sp_critical_spring_damper_implicit(&x, &v, 3, 0, 0.0f, 0.1f);
    check_true("critical_spring_damper_implicit: halflife 0 snaps", x == 3 && v == 0);
    x = 1, v = 2;
    sp_decay_spring_damper_implicit(&x, &v, 0.2f, 0.0f);
    check_true("decay_spring_damper_implicit: dt 0 changes nothing", x == 1 && v == 2);
}

static void double_timed(void)
{
    for (int i = 0; i < 40; i++) {
        double h = rnd(0.05, 1), dt = 1.0 / 60, g = rnd(-5, 5);
        float x = 0, v = 0, xi = 0, vi = 0;
        double ox = 0, ov = 0, oxi = 0, ovi = 0;
        for (int k = 0; k < 30; k++) {
            sp_double_spring_damper_implicit(&x, &v, &xi, &vi, (float)g, (float)h, (float)dt);
            listing(&oxi, &ovi, (float)g, 0, 0.5 * (float)h, (float)dt);
            listing(&ox, &ov, oxi, 0, 0.5 * (float)h, (float)dt);
        }
        snprintf(name, sizeof name, "double_spring_damper_implicit = the listing (h=%.3g)", h);
        check_near(name, x, ox, 5e-5);
        check_near(name, xi, oxi, 5e-5);
        float tx = 0, tv = 0, txi = 0;
        double rx = 0, rv = 0, rxi = 0, remaining = 1.0;
        for (int k = 0; k < 40; k++) {
            sp_timed_spring_damper_implicit(&tx, &tv, &txi, (float)g, (float)remaining, (float)h, (float)dt,
                                            2.0f);
            double mt = remaining > dt ? remaining : dt, vg = ((float)g - rxi) / mt, tf = dt + 2.0 * (float)h;
            double xg = tf < remaining ? rxi + vg * tf : (float)g;
            listing(&rx, &rv, xg, 0, (float)h, (float)dt);
            rxi += vg * dt;
            remaining -= dt;
        }
        snprintf(name, sizeof name, "timed_spring_damper_implicit = the listing (h=%.3g)", h);
        check_near(name, tx, rx, 1e-4);
        check_near(name, txi, rxi, 1e-4);
    }
}

/* The quaternion listing in double: j0 = 2·log(abs(x·goal⁻¹)), x' = exp(e·(j0 + j1·dt)/2)·goal. */
static void quat(void)
{
    for (int i = 0; i < 30; i++) {
        double q[4] = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) }, n = 0;
        for (int c = 0; c < 4; c++) n += q[c] * q[c];
        for (int c = 0; c < 4; c++) q[c] /= sqrt(n);
        double ang = rnd(0.1, 2.5), ax[3] = { 0.48, 0.6, 0.64 }; /* goal⁻¹·x = rotation by ang about ax */
        sp_quat goal = { (float)q[0], (float)q[1], (float)q[2], (float)q[3] };
        double d[4] = { ax[0] * sin(ang / 2), ax[1] * sin(ang / 2), ax[2] * sin(ang / 2), cos(ang / 2) };
        /* x = d·goal (world-frame offset d) */
        double g[4] = { goal.x, goal.y, goal.z, goal.w }, xq[4];
        xq[0] = d[3] * g[0] + d[0] * g[3] + d[1] * g[2] - d[2] * g[1];
        xq[1] = d[3] * g[1] - d[0] * g[2] + d[1] * g[3] + d[2] * g[0];
        xq[2] = d[3] * g[2] + d[0] * g[1] - d[1] * g[0] + d[2] * g[3];
        xq[3] = d[3] * g[3] - d[0] * g[0] - d[1] * g[1] - d[2] * g[2];
        sp_quat x = { (float)xq[0], (float)xq[1], (float)xq[2], (float)xq[3] };
        sp_vec3 w = { (float)rnd(-2, 2), 0, 0 };
        double h = rnd(0.05, 0.8), dt = rnd(0.01, 0.3), y = 2 * ORACLE_LN2 / (float)h,
               e = negexp(y * (float)dt);
        double j0 = ang, w0 = w.x; /* the offset's angle along ax, and the velocity along x */
        sp_simple_spring_damper_implicit_quat(&x, &w, &goal, (float)h, (float)dt);
        /* the new offset is exp of e·(j0·ax + j1·dt), j1 = w + y·j0·ax */
        double jv[3] = { e * (j0 * ax[0] + (w0 + y * j0 * ax[0]) * dt),
                         e * (j0 * ax[1] + y * j0 * ax[1] * dt), e * (j0 * ax[2] + y * j0 * ax[2] * dt) };
        double jl = sqrt(jv[0] * jv[0] + jv[1] * jv[1] + jv[2] * jv[2]);
        double o[4] = { jv[0] / jl * sin(jl / 2), jv[1] / jl * sin(jl / 2), jv[2] / jl * sin(jl / 2),
                        cos(jl / 2) },
               r[4];
        r[0] = o[3] * g[0] + o[0] * g[3] + o[1] * g[2] - o[2] * g[1];
        r[1] = o[3] * g[1] - o[0] * g[2] + o[1] * g[3] + o[2] * g[0];
        r[2] = o[3] * g[2] + o[0] * g[1] - o[1] * g[0] + o[2] * g[3];
        r[3] = o[3] * g[3] - o[0] * g[0] - o[1] * g[1] - o[2] * g[2];
        snprintf(name, sizeof name, "simple_spring_damper_implicit_quat = the listing (h=%.3g dt=%.3g)", h,
                 dt);
        check_near(name, fabs(x.x * r[0] + x.y * r[1] + x.z * r[2] + x.w * r[3]), 1.0, 1e-6);
        double wy = e * (0 - y * j0 * ax[1] * y * dt);
        check_near(name, w.y, wy, 2e-4 * (1 + fabs(wy)));
    }
}

/* simple_spring_damper_implicit at halflives that decay beyond float in one step (issue 33, item
 * 19): the listing's v = e·(v − j1·y·dt) took 0·Inf; the spring is at its goal. */
static void tiny_halflife(void)
{
    const float hs[] = { 1e-19f, 1e-20f, 1e-30f, 1e-38f, 0.0f };
    for (int i = 0; i < 5; i++) {
        float x = 3, v = -7;
        sp_simple_spring_damper_implicit(&x, &v, 1.5f, hs[i], 1.0f / 60);
        snprintf(name, sizeof name, "simple_spring_damper_implicit, halflife %g: at the goal (x=%g v=%g)",
                 hs[i], x, v);
        check_true(name, x == 1.5f && v == 0.0f);
    }
}

int main(void)
{
    critical();
    tiny_halflife();
    double_timed();
    quat();
    return testing_finish("test_implicit");
}
