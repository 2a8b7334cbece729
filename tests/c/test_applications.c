/* test_applications.c — the character spring against RK4 on (x, v, a), prediction against
 * frame-by-frame stepping and against the integral of its own velocity, dt-invariance,
 * edge values; piecewise interpolation against its definition. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

/* x' = v, v' = a, a' = y²·(v_goal − v) − 2y·a: the critical spring on the velocity. */
typedef struct {
    double y, vg;
} character;
static void character_ode(double t, const double *s, double *ds, const void *ctx)
{
    const character *c = ctx;
    (void)t;
    ds[0] = s[1];
    ds[1] = s[2];
    ds[2] = c->y * c->y * (c->vg - s[1]) - 2.0 * c->y * s[2];
}

int main(void)
{
    char name[200];
    /* against the ODE, from halflives where y·dt is tiny (series branch) to large */
    const double hs[] = { 1000.0, 20.0, 0.5, 0.1, 0.02 }, Ts[] = { 1.0 / 60.0, 0.25, 2.0 };
    for (int i = 0; i < 5; i++)
        for (int k = 0; k < 3; k++) {
            double y = 2.0 * ORACLE_LN2 / hs[i];
            character c = { y, 3.0 };
            double s[3] = { 1.0, -2.0, 5.0 };
            oracle_rk4(character_ode, &c, 3, s, 0.0, Ts[k], 20000);
            float x = 1.0f, v = -2.0f, a = 5.0f;
            sp_spring_character_update(&x, &v, &a, 3.0f, (float)hs[i], (float)Ts[k]);
            /* float state of magnitude ~10: 2e-6 relative covers the rounding */
            snprintf(name, sizeof name, "character h=%g T=%g x", hs[i], Ts[k]);
            check_near(name, x, s[0], 2e-6);
            snprintf(name, sizeof name, "character h=%g T=%g v", hs[i], Ts[k]);
            check_near(name, v, s[1], 2e-6);
            snprintf(name, sizeof name, "character h=%g T=%g a", hs[i], Ts[k]);
            check_near(name, a, s[2], 2e-6 * (1.0 + y));
        }

    /* dt-invariance, including on both sides of the series threshold y·dt = 0.25 */
    const double dts[] = { 1.0 / 60.0, 0.1, 0.124, 0.126, 0.5 };
    for (int k = 0; k < 5; k++) {
        float x1 = 1.0f, v1 = -2.0f, a1 = 5.0f, x2 = 1.0f, v2 = -2.0f, a2 = 5.0f, h = 0.7f;
        sp_spring_character_update(&x1, &v1, &a1, 3.0f, h, 2.0f * (float)dts[k]);
        sp_spring_character_update(&x2, &v2, &a2, 3.0f, h, (float)dts[k]);
        sp_spring_character_update(&x2, &v2, &a2, 3.0f, h, (float)dts[k]);
        snprintf(name, sizeof name, "character dt-invariance dt=%g", dts[k]);
        check_true(name,
                   fabs(x1 - x2) <= 2e-6 * fmax(1.0, fabs(x1)) && fabs(v1 - v2) <= 2e-6 * fmax(1.0, fabs(v1))
                       && fabs(a1 - a2) <= 2e-6 * fmax(1.0, fabs(a1)));
    }

    /* predict equals stepping update frame by frame */
    enum { N = 121 };
    float px[N], pv[N], pa[N];
    sp_spring_character_predict(px, pv, pa, N, 1.0f, -2.0f, 5.0f, 3.0f, 0.3f, 1.0f / 60.0f);
    float x = 1.0f, v = -2.0f, a = 5.0f;
    int same = 1;
    for (int i = 0; i < N; i++) {
        /* stepping rounds the state 120 times: a few 1e-6 of the magnitude */
        if (fabsf(px[i] - x) > 1e-5f * fmaxf(1.0f, fabsf(x))
            || fabsf(pv[i] - v) > 1e-5f * fmaxf(1.0f, fabsf(v))
            || fabsf(pa[i] - a) > 1e-5f * fmaxf(1.0f, fabsf(a))) {
            printf("  frame %d: predict %g %g %g, stepped %g %g %g\n", i, px[i], pv[i], pa[i], x, v, a);
            same = 0;
        }
        sp_spring_character_update(&x, &v, &a, 3.0f, 0.3f, 1.0f / 60.0f);
    }
    check_true("predict equals stepping update frame by frame", same);

    /* the predicted position is the integral of the predicted velocity (Simpson's rule on
     * 2000 intervals of 1 ms: error ~1e-12; float samples add ~1e-6) */
    enum { M = 2001 };
    static float qx[M], qv[M], qa[M];
    sp_spring_character_predict(qx, qv, qa, M, 1.0f, -2.0f, 5.0f, 3.0f, 0.3f, 1e-3f);
    double integral = 0.0;
    for (int i = 0; i + 2 < M; i += 2) {
        integral += 1e-3 / 3.0 * (qv[i] + 4.0 * qv[i + 1] + qv[i + 2]);
        snprintf(name, sizeof name, "position = 1 + ∫velocity up to %g s", (i + 2) * 1e-3);
        if ((i + 2) % 500 == 0) check_near(name, qx[i + 2], 1.0 + integral, 5e-6);
    }
    /* and the velocity is the integral of the acceleration */
    integral = 0.0;
    for (int i = 0; i + 2 < M; i += 2) integral += 1e-3 / 3.0 * (qa[i] + 4.0 * qa[i + 1] + qa[i + 2]);
    check_near("velocity = −2 + ∫acceleration over 2 s", qv[M - 1], -2.0 + integral, 5e-6);

    /* edges: dt = 0 keeps the state; halflife = 0 snaps v to its goal and a to 0, and x
     * moves by v_goal·dt (the velocity jumped at once) */
    x = 1.0f;
    v = -2.0f;
    a = 5.0f;
    sp_spring_character_update(&x, &v, &a, 3.0f, 0.3f, 0.0f);
    check_true("character dt = 0 keeps the state", x == 1.0f && v == -2.0f && a == 5.0f);
    sp_spring_character_update(&x, &v, &a, 3.0f, 0.0f, 0.5f);
    check_true("character halflife = 0 snaps", x == 2.5f && v == 3.0f && a == 0.0f);
    x = 1.0f;
    v = -2.0f;
    a = 5.0f;
    sp_spring_character_update(&x, &v, &a, 3.0f, 1e-4f, 10.0f);
    /* the exact limit: x gains v_goal·t plus the whole integral j0/y + j1/y² of the
     * velocity's excess, j0 = v0 − v_goal, j1 = a0 + j0·y */
    double y4 = 2.0 * ORACLE_LN2 / 1e-4, j0 = -2.0 - 3.0, j1 = 5.0 + j0 * y4;
    check_near("character dt = 10 s, halflife = 1e-4: x", x, 1.0 + 30.0 + j0 / y4 + j1 / (y4 * y4), 1e-6);
    check_true("character dt = 10 s, halflife = 1e-4: v, a at rest", v == 3.0f && a == 0.0f);
    sp_spring_character_predict(NULL, NULL, NULL, 0, 1.0f, 0.0f, 0.0f, 0.0f, 0.1f, 0.1f);
    check_true("predict with count 0 touches nothing", 1);

    /* piecewise interpolation: the lerp between neighbours and its slope dx/dt */
    const float pts[] = { 0.0f, 2.0f, 1.0f, 5.0f };
    const double tt[] = { 0.0, 0.1, 1.0 / 3.0, 0.5, 0.9, 1.0 };
    for (int i = 0; i < 6; i++) {
        double u = tt[i] * 3.0;
        int i0 = u >= 3.0 ? 2 : (int)floor(u);
        double want = pts[i0] + (u - i0) * (pts[i0 + 1] - pts[i0]);
        float px1, pv1;
        sp_piecewise_interpolation(&px1, &pv1, (float)tt[i], pts, 4);
        snprintf(name, sizeof name, "piecewise x at t=%g", tt[i]);
        check_near(name, px1, want, 1e-6);
        /* central difference of x inside the segment (away from the knots) */
        if (fabs(u - floor(u + 0.5)) > 0.1) {
            float xa, xb, dummy;
            sp_piecewise_interpolation(&xa, &dummy, (float)(tt[i] - 1e-3), pts, 4);
            sp_piecewise_interpolation(&xb, &dummy, (float)(tt[i] + 1e-3), pts, 4);
            snprintf(name, sizeof name, "piecewise v = dx/dt at t=%g", tt[i]);
            check_near(name, pv1, (xb - xa) / 2e-3, 1e-3); /* float x over a 2e-3 step: ~1e-4 */
        }
    }
    float cx, cv;
    sp_piecewise_interpolation(&cx, &cv, -0.5f, pts, 4);
    check_true("piecewise clamps t < 0 to the first point", cx == 0.0f);
    sp_piecewise_interpolation(&cx, &cv, 1.5f, pts, 4);
    check_true("piecewise clamps t > 1 to the last point", cx == 5.0f);
    sp_piecewise_interpolation(&cx, &cv, 0.3f, pts, 1);
    check_true("piecewise with one point", cx == 0.0f && cv == 0.0f);
    sp_piecewise_interpolation(&cx, &cv, 0.3f, NULL, 0);
    check_true("piecewise with no points touches nothing", cx == 0.0f && cv == 0.0f);

    return testing_finish("test_applications");
}
