/* test_springs.c — the exact springs against RK4 integration of their ODE, in every
 * regime and across the critical boundary; dt-invariance; edge values. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static void against_ode(const char *what, double s, double d, double g, double q, double x0, double v0, double T)
{
    float x = (float)x0, v = (float)v0;
    sp_spring_damper_exact_stiffness(&x, &v, (float)g, (float)q, (float)s, (float)d, (float)T);
    oracle_spring p = { s, d, g, q };
    double ox = x0, ov = v0;
    oracle_spring_rk4(&p, &ox, &ov, T, 200000);
    char name[160];
    snprintf(name, sizeof name, "%s x (s=%g d=%g T=%g)", what, s, d, T);
    check_near(name, x, ox, 2e-5);
    snprintf(name, sizeof name, "%s v (s=%g d=%g T=%g)", what, s, d, T);
    check_near(name, v, ov, 2e-5 * (1.0 + sqrt(s)));
}

int main(void)
{
    /* under, critical and over damped, with and without goal velocity */
    const double T[] = { 0.01, 0.1, 0.5, 2.0 };
    for (int i = 0; i < 4; i++) {
        against_ode("under", 100.0, 4.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("under q", 100.0, 4.0, 1.0, 0.7, -0.5, 2.0, T[i]);
        against_ode("critical", 100.0, 20.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("critical q", 100.0, 20.0, 1.0, -0.3, -0.5, 2.0, T[i]);
        against_ode("over", 100.0, 60.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("over q", 100.0, 60.0, 1.0, 0.4, -0.5, 2.0, T[i]);
        /* right at and next to the boundary d² = 4s */
        against_ode("boundary-", 100.0, 20.0 - 1e-4, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("boundary+", 100.0, 20.0 + 1e-4, 1.0, 0.0, -0.5, 2.0, T[i]);
    }

    /* dt-invariance of the critical spring: one step of 2·dt equals two of dt */
    float x1 = 3.0f, v1 = -1.0f, x2 = 3.0f, v2 = -1.0f;
    sp_critical_spring_damper_exact(&x1, &v1, 0.5f, 0.2f, 0.2f, 0.1f);
    sp_critical_spring_damper_exact(&x2, &v2, 0.5f, 0.2f, 0.2f, 0.05f);
    sp_critical_spring_damper_exact(&x2, &v2, 0.5f, 0.2f, 0.2f, 0.05f);
    check_near("critical dt-invariance x", x1, x2, 1e-6);
    check_near("critical dt-invariance v", v1, v2, 1e-6);

    /* edge values: dt = 0 changes nothing, halflife = 0 snaps */
    float x = 0.3f, v = 7.0f;
    sp_simple_spring_damper_exact(&x, &v, 2.0f, 0.1f, 0.0f);
    check_true("dt = 0 keeps the state", x == 0.3f && v == 7.0f);
    sp_simple_spring_damper_exact(&x, &v, 2.0f, 0.0f, 1.0f / 60.0f);
    check_true("halflife = 0 snaps", x == 2.0f && v == 0.0f);

    return testing_finish("test_springs");
}
