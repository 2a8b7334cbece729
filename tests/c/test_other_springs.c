/* test_other_springs.c — the double, timed and velocity springs against RK4 integration of
 * the continuous systems they solve, against the article's stepped versions as dt → 0,
 * dt-invariance, reaching the goal near t_goal, edge values. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];

/* Double spring: (xi, vi) critical toward g, (x, v) critical toward xi, both rate k. */
typedef struct {
    double k, g;
} dbl;
static void double_ode(double t, const double *s, double *ds, const void *ctx)
{
    const dbl *p = ctx;
    (void)t;
    ds[0] = s[1];
    ds[1] = p->k * p->k * (s[2] - s[0]) - 2.0 * p->k * s[1];
    ds[2] = s[3];
    ds[3] = p->k * p->k * (p->g - s[2]) - 2.0 * p->k * s[3];
}

/* Timed spring: a critical spring (rate y) following target(t) = xi0 + vg·(t + lead) until
 * that reaches g at t = t_goal − lead, then g. */
typedef struct {
    double y, xi0, vg, lead, t_goal, g;
} timed;
static void timed_ode(double t, const double *s, double *ds, const void *ctx)
{
    const timed *p = ctx;
    double target = t < p->t_goal - p->lead ? p->xi0 + p->vg * (t + p->lead) : p->g;
    ds[0] = s[1];
    ds[1] = p->y * p->y * (target - s[0]) - 2.0 * p->y * s[1];
}

/* The article's stepped versions, with the exact critical spring in double. */
static void simple_step(double *x, double *v, double g, double h, double dt)
{
    double y = 2.0 * ORACLE_LN2 / h, j0 = *x - g, j1 = *v + j0 * y, e = exp(-y * dt);
    *x = e * (j0 + j1 * dt) + g;
    *v = e * (*v - j1 * y * dt);
}
static void article_double(double *x, double *v, double *xi, double *vi, double g, double h, double dt)
{
    simple_step(xi, vi, g, 0.5 * h, dt);
    simple_step(x, v, *xi, 0.5 * h, dt);
}
static void article_timed(double *x, double *v, double *xi, double g, double t_goal, double h, double dt,
                          double app)
{
    double min_time = t_goal > dt ? t_goal : dt;
    double v_goal = (g - *xi) / min_time;
    double t_future = dt + app * h;
    double x_future = t_future < t_goal ? *xi + v_goal * t_future : g;
    simple_step(x, v, x_future, h, dt);
    *xi += v_goal * dt;
}

static void near3(const char *what, const float *got, const double *want, double tol)
{
    const char *var[] = { "x", "v", "xi", "vi" };
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "%s %s", what, var[i]);
        check_near(name, got[i], want[i], tol);
    }
}

int main(void)
{
    /* double spring against its ODE */
    const double hs[] = { 0.1, 0.5 }, Ts[] = { 1.0 / 60.0, 0.3, 1.5 };
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 3; k++) {
            dbl p = { 2.0 * ORACLE_LN2 / (0.5 * hs[i]), 2.0 };
            double s[4] = { -1.0, 3.0, 0.5, -1.0 };
            oracle_rk4(double_ode, &p, 4, s, 0.0, Ts[k], 20000);
            float f[4] = { -1.0f, 3.0f, 0.5f, -1.0f };
            sp_double_spring_damper_exact(&f[0], &f[1], &f[2], &f[3], 2.0f, (float)hs[i], (float)Ts[k]);
            snprintf(name, sizeof name, "double h=%g T=%g", hs[i], Ts[k]);
            /* float state ~10, velocities ×k: 2e-6 relative to max(1, |value|) */
            const char *var[] = { "x", "v", "xi", "vi" };
            for (int j = 0; j < 4; j++) {
                char label[240];
                snprintf(label, sizeof label, "%s %s", name, var[j]);
                check_near(label, f[j], s[j], 2e-6 * (j % 2 ? 1.0 + p.k : 1.0));
            }
        }

    /* timed spring against its ODE, for several apprehensions and goal times */
    const double apps[] = { 2.0, 0.5, 0.0 }, tgs[] = { 1.0, 0.15 };
    for (int a = 0; a < 3; a++)
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 3; k++) {
                double h = 0.1, T = Ts[k];
                timed p = { 2.0 * ORACLE_LN2 / h, 0.5, (3.0 - 0.5) / tgs[t], apps[a] * h, tgs[t], 3.0 };
                double s[2] = { -1.0, 2.0 };
                /* the target's kink costs RK4 its order for one step: 1e5 steps keep it at ~1e-9 */
                oracle_rk4(timed_ode, &p, 2, s, 0.0, T, 100000);
                float f[3] = { -1.0f, 2.0f, 0.5f };
                sp_timed_spring_damper_exact(&f[0], &f[1], &f[2], 3.0f, (float)tgs[t], (float)h, (float)T,
                                             (float)apps[a]);
                double xi = T < tgs[t] ? 0.5 + p.vg * T : 3.0;
                double want[3] = { s[0], s[1], xi };
                snprintf(name, sizeof name, "timed app=%g t_goal=%g T=%g", apps[a], tgs[t], T);
                near3(name, f, want, 5e-6 * (1.0 + p.y));
            }

    /* velocity spring = the target moving at max_speed: against the same ODE */
    for (int k = 0; k < 3; k++) {
        double h = 0.2, speed = 4.0, T = Ts[k], dist = 3.0 - 0.5;
        timed p = { 2.0 * ORACLE_LN2 / h, 0.5, speed, 2.0 * h, dist / speed, 3.0 };
        double s[2] = { -1.0, 2.0 };
        oracle_rk4(timed_ode, &p, 2, s, 0.0, T, 100000);
        float f[3] = { -1.0f, 2.0f, 0.5f };
        sp_velocity_spring_damper_exact(&f[0], &f[1], &f[2], 3.0f, (float)speed, (float)h, (float)T, 2.0f);
        double want[3] = { s[0], s[1], T < dist / speed ? 0.5 + speed * T : 3.0 };
        snprintf(name, sizeof name, "velocity T=%g", T);
        near3(name, f, want, 5e-6 * (1.0 + p.y));
    }

    /* the article's stepped versions converge to these as dt → 0: stepping at 1e-4 s they
     * differ by O(dt·|v|) ≈ 1e-3 at most, and at 1/60 s visibly more */
    {
        double ax = -1.0, av = 3.0, axi = 0.5, avi = -1.0;
        for (int i = 0; i < 10000; i++) article_double(&ax, &av, &axi, &avi, 2.0, 0.4, 1e-4);
        float f[4] = { -1.0f, 3.0f, 0.5f, -1.0f };
        sp_double_spring_damper_exact(&f[0], &f[1], &f[2], &f[3], 2.0f, 0.4f, 1.0f);
        check_near("double: article stepped at 1e-4 s → exact x", f[0], ax, 2e-3);
        check_near("double: article stepped at 1e-4 s → exact v", f[1], av, 2e-3);
        double tx = -1.0, tv = 2.0, txi = 0.5;
        for (int i = 0; i < 10000; i++) article_timed(&tx, &tv, &txi, 3.0, 1.0 - i * 1e-4, 0.1, 1e-4, 2.0);
        float g[3] = { -1.0f, 2.0f, 0.5f };
        for (int i = 0; i < 4; i++)
            sp_timed_spring_damper_exact(&g[0], &g[1], &g[2], 3.0f, 1.0f - 0.25f * i, 0.1f, 0.25f, 2.0f);
        check_near("timed: article stepped at 1e-4 s → exact x", g[0], tx, 5e-3);
        check_near("timed: article stepped at 1e-4 s → exact v", g[1], tv, 5e-2);
    }

    /* the timed spring follows the line to the goal and arrives near t_goal: its residual
     * at t_goal is about the lag of a critical spring on a ramp decayed over the
     * apprehension, ~0.3·halflife/t_goal of the distance; halfway it is on the line */
    {
        float x = 0.0f, v = 0.0f, xi = 0.0f, t_goal = 2.0f, h = 0.1f, dt = 1.0f / 60.0f;
        for (int i = 0; i < 60; i++)
            sp_timed_spring_damper_exact(&x, &v, &xi, 10.0f, t_goal - i * dt, h, dt, 2.0f);
        check_near("timed: on the line halfway", x, 5.0, 0.2);
        for (int i = 60; i < 120; i++)
            sp_timed_spring_damper_exact(&x, &v, &xi, 10.0f, t_goal - i * dt, h, dt, 2.0f);
        check_true("timed: within 2 % of the distance at t_goal", fabsf(x - 10.0f) < 0.2f);
        float s = 0.0f, sv = 0.0f;
        for (int i = 0; i < 60; i++) sp_simple_spring_damper_exact(&s, &sv, 10.0f, h, dt);
        check_true("timed: unlike the simple spring, which is there long before",
                   fabsf(s - 10.0f) < 0.01f && fabsf(x - 10.0f) > 0.01f);
    }

    /* dt-invariance */
    const float dts[] = { 1.0f / 60.0f, 0.1f, 0.4f };
    for (int k = 0; k < 3; k++) {
        float dt = dts[k], a[4] = { -1.0f, 3.0f, 0.5f, -1.0f }, b[4] = { -1.0f, 3.0f, 0.5f, -1.0f };
        sp_double_spring_damper_exact(&a[0], &a[1], &a[2], &a[3], 2.0f, 0.3f, 2.0f * dt);
        sp_double_spring_damper_exact(&b[0], &b[1], &b[2], &b[3], 2.0f, 0.3f, dt);
        sp_double_spring_damper_exact(&b[0], &b[1], &b[2], &b[3], 2.0f, 0.3f, dt);
        for (int j = 0; j < 4; j++) {
            snprintf(name, sizeof name, "double dt-invariance dt=%g [%d]", dt, j);
            check_near(name, a[j], b[j], 3e-6 * (j % 2 ? 10.0 : 1.0));
        }
        float c[3] = { -1.0f, 2.0f, 0.5f }, d[3] = { -1.0f, 2.0f, 0.5f };
        sp_timed_spring_damper_exact(&c[0], &c[1], &c[2], 3.0f, 0.5f, 0.1f, 2.0f * dt, 2.0f);
        sp_timed_spring_damper_exact(&d[0], &d[1], &d[2], 3.0f, 0.5f, 0.1f, dt, 2.0f);
        sp_timed_spring_damper_exact(&d[0], &d[1], &d[2], 3.0f, 0.5f - dt, 0.1f, dt, 2.0f);
        for (int j = 0; j < 3; j++) {
            snprintf(name, sizeof name, "timed dt-invariance dt=%g [%d]", dt, j);
            check_near(name, c[j], d[j], 3e-6 * (j == 1 ? 30.0 : 1.0));
        }
        float e[3] = { -1.0f, 2.0f, 0.5f }, f[3] = { -1.0f, 2.0f, 0.5f };
        sp_velocity_spring_damper_exact(&e[0], &e[1], &e[2], 3.0f, 4.0f, 0.1f, 2.0f * dt, 2.0f);
        sp_velocity_spring_damper_exact(&f[0], &f[1], &f[2], 3.0f, 4.0f, 0.1f, dt, 2.0f);
        sp_velocity_spring_damper_exact(&f[0], &f[1], &f[2], 3.0f, 4.0f, 0.1f, dt, 2.0f);
        for (int j = 0; j < 3; j++) {
            snprintf(name, sizeof name, "velocity dt-invariance dt=%g [%d]", dt, j);
            check_near(name, e[j], f[j], 3e-6 * (j == 1 ? 30.0 : 1.0));
        }
    }

    /* edges: dt = 0 changes nothing; halflife = 0 snaps onto the (moving) goal; stability */
    float s4[4] = { -1.0f, 3.0f, 0.5f, -1.0f };
    sp_double_spring_damper_exact(&s4[0], &s4[1], &s4[2], &s4[3], 2.0f, 0.3f, 0.0f);
    check_true("double dt = 0", s4[0] == -1.0f && s4[1] == 3.0f && s4[2] == 0.5f && s4[3] == -1.0f);
    sp_double_spring_damper_exact(&s4[0], &s4[1], &s4[2], &s4[3], 2.0f, 0.0f, 0.1f);
    check_true("double halflife = 0 snaps", s4[0] == 2.0f && s4[1] == 0.0f && s4[2] == 2.0f && s4[3] == 0.0f);
    float s3[3] = { -1.0f, 2.0f, 0.5f };
    sp_timed_spring_damper_exact(&s3[0], &s3[1], &s3[2], 3.0f, 1.0f, 0.1f, 0.0f, 2.0f);
    check_true("timed dt = 0", s3[0] == -1.0f && s3[1] == 2.0f && s3[2] == 0.5f);
    sp_timed_spring_damper_exact(&s3[0], &s3[1], &s3[2], 3.0f, 1.0f, 0.0f, 0.5f, 2.0f);
    check_near("timed halflife = 0 sits on the line: xi", s3[2], 0.5 + 2.5 * 0.5, 1e-6);
    check_near("timed halflife = 0 sits on the line: x", s3[0], s3[2], 1e-6);
    sp_velocity_spring_damper_exact(&s3[0], &s3[1], &s3[2], 3.0f, 4.0f, 1e-4f, 10.0f, 2.0f);
    check_true("velocity dt = 10 s, halflife = 1e-4: at the goal",
               s3[0] == 3.0f && s3[1] == 0.0f && s3[2] == 3.0f);
    float z3[3] = { -1.0f, 0.0f, -1.0f };
    sp_velocity_spring_damper_exact(&z3[0], &z3[1], &z3[2], 3.0f, 0.0f, 0.1f, 1.0f, 2.0f);
    check_true("velocity max_speed = 0 stays", z3[0] == -1.0f && z3[1] == 0.0f && z3[2] == -1.0f);

    return testing_finish("test_other_springs");
}
