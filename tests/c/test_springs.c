/* test_springs.c — the exact springs against RK4 integration of their ODE, in every
 * regime and across the critical boundary; dt-invariance; stability; edge values.
 *
 * Tolerances: the library works in float (relative rounding 6e-8 per operation, a few
 * dozen operations), RK4 with 2e5 steps is accurate to ~1e-12 here, so 2e-5 relative to
 * max(1, |value|) leaves an order of magnitude of margin over float rounding while any
 * wrong term (a missing factor, a wrong rate) moves results by far more. Velocities scale
 * with √s, hence their tolerance 2e-5·(1 + √s). */
#include <float.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

typedef struct {
    double s, d;
} sd;
static char name[200];

static void check_state(const char *what, float x, float v, double ox, double ov, double s, double tol)
{
    char label[240];
    snprintf(label, sizeof label, "%s x", what);
    check_near(label, x, ox, tol);
    snprintf(label, sizeof label, "%s v", what);
    check_near(label, v, ov, tol * (1.0 + sqrt(s)));
}

static void oracle(double s, double d, double g, double q, double x0, double v0, double T, double *x,
                   double *v)
{
    oracle_spring p = { s, d, g, q };
    *x = x0;
    *v = v0;
    oracle_spring_rk4(&p, x, v, T, 200000);
}

static void against_ode(const char *what, double s, double d, double g, double q, double x0, double v0,
                        double T)
{
    float x = (float)x0, v = (float)v0;
    sp_spring_damper_exact_stiffness(&x, &v, (float)g, (float)q, (float)s, (float)d, (float)T);
    double ox, ov;
    oracle(s, d, g, q, x0, v0, T, &ox, &ov);
    snprintf(name, sizeof name, "%s (s=%g d=%.9g q=%g T=%g)", what, s, d, q, T);
    check_state(name, x, v, ox, ov, s, 2e-5);
}

/* The halflife/frequency/ratio interfaces and the critical family, with s and d worked
 * out here from their definitions: d = 4·ln2/h, s = (2π·f)², ζ = d/(2√s). */
static void interfaces_against_ode(double h, double T)
{
    double d = 4.0 * ORACLE_LN2 / h, y = d / 2.0, ox, ov;
    const double freqs[] = { 0.5, 2.0, 8.0 };
    for (int i = 0; i < 3; i++) {
        double s = pow(2.0 * ORACLE_PI * freqs[i], 2.0);
        float x = -1.0f, v = 3.0f;
        sp_spring_damper_exact(&x, &v, 2.0f, 0.5f, (float)freqs[i], (float)h, (float)T);
        oracle(s, d, 2.0, 0.5, -1.0, 3.0, T, &ox, &ov);
        snprintf(name, sizeof name, "spring_damper_exact f=%g h=%g T=%g", freqs[i], h, T);
        check_state(name, x, v, ox, ov, s, 2e-5);
    }
    const double ratios[] = { 0.3, 1.0, 2.5 };
    for (int i = 0; i < 3; i++) {
        double s = pow(d / (2.0 * ratios[i]), 2.0);
        float x = -1.0f, v = 3.0f;
        sp_spring_damper_exact_ratio(&x, &v, 2.0f, 0.5f, (float)ratios[i], (float)h, (float)T);
        oracle(s, d, 2.0, 0.5, -1.0, 3.0, T, &ox, &ov);
        snprintf(name, sizeof name, "spring_damper_exact_ratio z=%g h=%g T=%g", ratios[i], h, T);
        check_state(name, x, v, ox, ov, s, 2e-5);
    }
    float x = -1.0f, v = 3.0f;
    sp_critical_spring_damper_exact(&x, &v, 2.0f, 0.5f, (float)h, (float)T);
    oracle(y * y, d, 2.0, 0.5, -1.0, 3.0, T, &ox, &ov);
    snprintf(name, sizeof name, "critical_spring_damper_exact h=%g T=%g", h, T);
    check_state(name, x, v, ox, ov, y * y, 2e-5);
    x = -1.0f;
    v = 3.0f;
    sp_simple_spring_damper_exact(&x, &v, 2.0f, (float)h, (float)T);
    oracle(y * y, d, 2.0, 0.0, -1.0, 3.0, T, &ox, &ov);
    snprintf(name, sizeof name, "simple_spring_damper_exact h=%g T=%g", h, T);
    check_state(name, x, v, ox, ov, y * y, 2e-5);
    x = -1.0f;
    v = 3.0f;
    sp_decay_spring_damper_exact(&x, &v, (float)h, (float)T);
    oracle(y * y, d, 0.0, 0.0, -1.0, 3.0, T, &ox, &ov);
    snprintf(name, sizeof name, "decay_spring_damper_exact h=%g T=%g", h, T);
    check_state(name, x, v, ox, ov, y * y, 2e-5);
    /* the damper: x' = (ln2/h)·(g − x), solved here as 2^(−T/h) */
    double keep = pow(2.0, -T / h);
    check_near("damper_exact vs 2^(−t/h)", sp_damper_exact(-1.0f, 2.0f, (float)h, (float)T),
               keep * -1.0 + (1 - keep) * 2.0, 1e-6);
    check_near("damper_decay_exact vs 2^(−t/h)", sp_damper_decay_exact(-1.0f, (float)h, (float)T), -keep,
               1e-6);
}

/* One step of 2·dt against two of dt, for every 2-state exact spring. */
typedef void (*stepper)(float *x, float *v, float dt, const float *p);
static void st_stiff(float *x, float *v, float dt, const float *p)
{
    sp_spring_damper_exact_stiffness(x, v, p[0], p[1], p[2], p[3], dt);
}
static void st_freq(float *x, float *v, float dt, const float *p)
{
    sp_spring_damper_exact(x, v, p[0], p[1], p[2], p[3], dt);
}
static void st_ratio(float *x, float *v, float dt, const float *p)
{
    sp_spring_damper_exact_ratio(x, v, p[0], p[1], p[2], p[3], dt);
}
static void st_crit(float *x, float *v, float dt, const float *p)
{
    sp_critical_spring_damper_exact(x, v, p[0], p[1], p[3], dt);
}
static void st_simple(float *x, float *v, float dt, const float *p)
{
    sp_simple_spring_damper_exact(x, v, p[0], p[3], dt);
}
static void st_decay(float *x, float *v, float dt, const float *p)
{
    sp_decay_spring_damper_exact(x, v, p[3], dt);
}
static void st_damper(float *x, float *v, float dt, const float *p)
{
    *x = sp_damper_exact(*x, p[0], p[3], dt);
    (void)v;
}
static void st_ddecay(float *x, float *v, float dt, const float *p)
{
    *x = sp_damper_decay_exact(*x, p[3], dt);
    (void)v;
}

static void dt_invariance(const char *what, stepper f, const float *p, float dt, double vscale)
{
    float x1 = 1.5f, v1 = -2.0f, x2 = 1.5f, v2 = -2.0f;
    f(&x1, &v1, 2.0f * dt, p);
    f(&x2, &v2, dt, p);
    f(&x2, &v2, dt, p);
    /* two roundings of the state instead of one: a few float ulps of the magnitudes */
    snprintf(name, sizeof name, "%s dt-invariance x (dt=%g)", what, dt);
    check_near(name, x1, x2, 2e-6);
    snprintf(name, sizeof name, "%s dt-invariance v (dt=%g)", what, dt);
    check_near(name, v1, v2, 2e-6 * vscale);
}

/* halflife = 0 snaps to the goal, dt = 0 changes nothing. */
static void edges(const char *what, stepper f, float *p, float goal_x)
{
    float x = 0.3f, v = 7.0f;
    f(&x, &v, 0.0f, p);
    snprintf(name, sizeof name, "%s: dt = 0 keeps the state", what);
    check_true(name, x == 0.3f && v == 7.0f);
    float h = p[3];
    p[3] = 0.0f;
    f(&x, &v, 1.0f / 60.0f, p);
    snprintf(name, sizeof name, "%s: halflife = 0 snaps (x=%g v=%g)", what, x, v);
    check_true(name, x == goal_x && v == 0.0f);
    x = 0.3f;
    v = 7.0f;
    f(&x, &v, 0.0f, p);
    snprintf(name, sizeof name, "%s: halflife = 0 and dt = 0 keeps the state", what);
    check_true(name, x == 0.3f && v == 7.0f);
    p[3] = h;
}

/* Halflife 0 snaps; small halflives at a fixed frequency do not tend to that snap (as the header
 * says): the damping d = 4·ln2/h grows without bound, and the over damped spring released at rest,
 * u(t) = u0·(λf·e^(−λs·t) − λs·e^(−λf·t))/(λf − λs) with the rates λs = 2s/(d + √(d² − 4s)) ≈ s/d
 * and λf = d − λs, creeps toward its goal at the slow rate. The critical spring and the damper do
 * tend to the snap. */
static void halflife_zero_is_not_the_limit(void)
{
    const float hs[] = { 1e-3f, 1e-6f, 1e-9f };
    for (int i = 0; i < 3; i++) {
        float x = 0, v = 0, dt = 1.0f / 60;
        sp_spring_damper_exact(&x, &v, 1, 0, 1, hs[i], dt);
        double s = 4 * ORACLE_PI * ORACLE_PI, d = 4 * ORACLE_LN2 / hs[i],
               ls = 2 * s / (d + sqrt(d * d - 4 * s)), lf = d - ls,
               moved = 1 - (lf * exp(-ls * dt) - ls * exp(-lf * dt)) / (lf - ls);
        char name[160];
        snprintf(name, sizeof name, "1 Hz, halflife %g: creeps %.4g of the way in 1/60 s (s/d: %.4g)", hs[i],
                 x, moved);
        check_near(name, x / moved, 1, 1e-5);
        float xc = 0, vc = 0;
        sp_simple_spring_damper_exact(&xc, &vc, 1, hs[i], dt);
        snprintf(name, sizeof name, "critical, halflife %g: at the goal (%.9g)", hs[i], xc);
        check_true(name, xc == 1.0f);
    }
    float x = 0, v = 0;
    sp_spring_damper_exact(&x, &v, 1, 0, 1, 0, 1.0f / 60);
    check_true("1 Hz, halflife 0: snapped onto the goal", x == 1 && v == 0);
}

/* x − g overflows float for finite x and g of opposite signs beyond FLT_MAX/2 (issue 33, item
 * 18): the springs still step to their true result (−Inf where there was none). */
static void check_far(const char *what, float x, float v, double ox, double ov, double s)
{
    /* a velocity beyond FLT_MAX is ±Inf, its sign the true one */
    if (fabs(ov) > FLT_MAX) {
        char label[240];
        snprintf(label, sizeof label, "%s: v is %s", what, ov > 0 ? "+Inf" : "-Inf");
        check_near(what, x, ox, 2e-5);
        check_true(label, v == (ov > 0 ? INFINITY : -INFINITY));
    } else
        check_state(what, x, v, ox, ov, s, 2e-5);
}

static void far_apart(void)
{
    const double cases[][3] = { { 3e38, -1e38, 0 }, { -2e38, 2e38, 1e37 }, { 3.4e38, -3.4e38, -1e38 } };
    for (int i = 0; i < 3; i++) {
        double x0 = (float)cases[i][0], g = (float)cases[i][1], v0 = (float)cases[i][2];
        for (int r = 0; r < 3; r++) {
            double h = 0.2, f = (double[]){ 0.5, 1.1032, 3 }[r], T = (float)(1.0 / 60);
            double d = 4 * ORACLE_LN2 / (float)h, s = sp_frequency_to_stiffness((float)f), ox, ov;
            oracle(s, d, g, 0, x0, v0, T, &ox, &ov);
            float x = (float)x0, v = (float)v0;
            sp_spring_damper_exact(&x, &v, (float)g, 0, (float)f, (float)h, (float)T);
            snprintf(name, sizeof name, "spring_damper_exact from %g toward %g, %g Hz (x=%g v=%g)", x0, g, f,
                     x, v);
            check_far(name, x, v, ox, ov, s);
            sp_vec3 p = { (float)x0, 0, 0 }, pv = { (float)v0, 0, 0 }, goal = { (float)g, 0, 0 },
                    q = { 0, 0, 0 };
            sp_spring_damper_exact_v3(&p, &pv, &goal, &q, (float)f, (float)h, (float)T);
            check_true("spring_damper_exact_v3: the scalar spring per component", p.x == x && pv.x == v);
        }
        double y = 2 * ORACLE_LN2 / 0.2f, ox, ov;
        oracle(y * y, 2 * y, g, 0, x0, v0, (float)(1.0 / 60), &ox, &ov);
        float x = (float)x0, v = (float)v0;
        sp_simple_spring_damper_exact(&x, &v, (float)g, 0.2f, 1.0f / 60);
        snprintf(name, sizeof name, "simple_spring_damper_exact from %g toward %g (x=%g v=%g)", x0, g, x, v);
        check_far(name, x, v, ox, ov, y * y);
        sp_vec3 p = { (float)x0, 0, 0 }, pv = { (float)v0, 0, 0 }, goal = { (float)g, 0, 0 };
        sp_simple_spring_damper_exact_v3(&p, &pv, &goal, 0.2f, 1.0f / 60);
        check_true("simple_spring_damper_exact_v3: the scalar spring per component", p.x == x && pv.x == v);
    }
}

int main(void)
{
    halflife_zero_is_not_the_limit();
    far_apart();
    /* under, critical and over damped, with and without goal velocity */
    const double T[] = { 0.01, 0.1, 0.5, 2.0 };
    for (int i = 0; i < 4; i++) {
        against_ode("under", 100.0, 4.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("under q", 100.0, 4.0, 1.0, 0.7, -0.5, 2.0, T[i]);
        against_ode("undamped", 100.0, 0.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("critical", 100.0, 20.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("critical q", 100.0, 20.0, 1.0, -0.3, -0.5, 2.0, T[i]);
        against_ode("over", 100.0, 60.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        against_ode("over q", 100.0, 60.0, 1.0, 0.4, -0.5, 2.0, T[i]);
        against_ode("very over", 1.0, 400.0, 1.0, 0.0, -0.5, 2.0, T[i]);
        /* right at and next to the boundary d² = 4s, on both sides: continuity */
        const double eps[] = { 0.0, 1e-7, 1e-5, 1e-3 };
        for (int k = 0; k < 4; k++) {
            against_ode("boundary-", 100.0, 20.0 * (1.0 - eps[k]), 1.0, 0.3, -0.5, 2.0, T[i]);
            against_ode("boundary+", 100.0, 20.0 * (1.0 + eps[k]), 1.0, 0.3, -0.5, 2.0, T[i]);
        }
        interfaces_against_ode(0.05, T[i]);
        interfaces_against_ode(0.4, T[i]);
    }

    /* continuity across the boundary: the step of x over a sweep of d through 2√s is
     * smooth (no jump between the float neighbours of the critical damping) */
    {
        float prev = 0.0f, maxjump = 0.0f;
        for (int k = -50; k <= 50; k++) {
            float d = 20.0f + (float)k * 2e-6f, x = -0.5f, v = 2.0f;
            sp_spring_damper_exact_stiffness(&x, &v, 1.0f, 0.0f, 100.0f, d, 0.3f);
            if (k > -50 && fabsf(x - prev) > maxjump) maxjump = fabsf(x - prev);
            prev = x;
        }
        /* dx/dd here is O(0.1), so a 2e-6 step in d moves x by ~2e-7 plus rounding */
        check_true("no jump across the critical boundary", maxjump < 2e-6f);
    }

    /* dt-invariance of every exact 2-state spring, in every regime */
    const float regimes[][4] = {
        { 0.5f, 0.2f, 100.0f, 4.0f },  /* stiffness/damping: under */
        { 0.5f, 0.2f, 100.0f, 20.0f }, /* critical */
        { 0.5f, 0.2f, 100.0f, 60.0f }, /* over */
    };
    const float dts[] = { 1.0f / 60.0f, 0.1f, 0.7f };
    for (int k = 0; k < 3; k++) {
        for (int r = 0; r < 3; r++)
            dt_invariance("spring_damper_exact_stiffness", st_stiff, regimes[r], dts[k], 11.0);
        const float pf[] = { 0.5f, 0.2f, 1.5f, 0.2f }, pr_under[] = { 0.5f, 0.2f, 0.4f, 0.3f },
                    pr_over[] = { 0.5f, 0.2f, 3.0f, 0.3f };
        dt_invariance("spring_damper_exact", st_freq, pf, dts[k], 11.0);
        dt_invariance("spring_damper_exact_ratio under", st_ratio, pr_under, dts[k], 11.0);
        dt_invariance("spring_damper_exact_ratio over", st_ratio, pr_over, dts[k], 11.0);
        const float pc[] = { 0.5f, 0.2f, 0.0f, 0.2f };
        dt_invariance("critical_spring_damper_exact", st_crit, pc, dts[k], 11.0);
        dt_invariance("simple_spring_damper_exact", st_simple, pc, dts[k], 11.0);
        dt_invariance("decay_spring_damper_exact", st_decay, pc, dts[k], 11.0);
        dt_invariance("damper_exact", st_damper, pc, dts[k], 1.0);
        dt_invariance("damper_decay_exact", st_ddecay, pc, dts[k], 1.0);
    }

    /* stability: huge dt, tiny halflife, huge stiffness give finite states next to the ODE */
    {
        float x = -0.5f, v = 2.0f;
        sp_simple_spring_damper_exact(&x, &v, 1.0f, 1e-4f, 10.0f);
        check_true("simple, dt = 10 s, halflife = 1e-4: at the goal", x == 1.0f && v == 0.0f);
        /* a 3 Hz spring with halflife 1e-4 is heavily over damped: its slow rate s/d is
         * 0.013/s, so after 10 s it has barely crept toward the goal — not a snap */
        double ox, ov, d = 4.0 * ORACLE_LN2 / 1e-4, s3 = pow(6.0 * ORACLE_PI, 2.0);
        const float Ts[] = { 1e-4f, 10.0f };
        for (int i = 0; i < 2; i++) {
            x = -0.5f;
            v = 2.0f;
            sp_spring_damper_exact(&x, &v, 1.0f, 0.0f, 3.0f, 1e-4f, Ts[i]);
            oracle_spring po = { s3, d, 1.0, 0.0 };
            ox = -0.5;
            ov = 2.0;
            oracle_spring_rk4(&po, &ox, &ov, Ts[i], 2000000);
            snprintf(name, sizeof name, "over damped, halflife = 1e-4, dt = %g", Ts[i]);
            check_state(name, x, v, ox, ov, 0.0, 2e-5);
        }
        x = -0.5f;
        v = 2.0f;
        sp_spring_damper_exact_stiffness(&x, &v, 1.0f, 0.0f, 1e6f, 0.5f, 10.0f);
        oracle_spring p = { 1e6, 0.5, 1.0, 0.0 };
        ox = -0.5;
        ov = 2.0;
        oracle_spring_rk4(&p, &ox, &ov, 10.0, 2000000);
        /* w·t = 1e4 rad: the float phase is off by up to ~1e4·6e-8 rad, so x (amplitude
         * ~0.6·e^(−2.5)) and v (×1000) agree to ~1e-3 of the amplitude */
        check_true("stiffness 1e6, dt = 10 s: finite", isfinite(x) && isfinite(v));
        check_near("stiffness 1e6, dt = 10 s: x", x, ox, 1e-3);
        check_near("stiffness 1e6, dt = 10 s: v", v, ov, 1.0);
        x = -0.5f;
        v = 2.0f;
        for (int i = 0; i < 600; i++)
            sp_spring_damper_exact_stiffness(&x, &v, 1.0f, 0.0f, 1e6f, 2000.0f, 1.0f / 60.0f);
        check_true("stiffness 1e6 critical, 600 frames: at the goal",
                   fabsf(x - 1.0f) < 1e-6f && fabsf(v) < 1e-3f);
        x = -0.5f;
        v = 2.0f;
        sp_spring_damper_bad(&x, &v, 1.0f, 0.0f, 1e6f, 0.0f, 0.1f);
        check_true("the explicit Euler spring does blow up there (why the exact one exists)",
                   fabsf(x) > 1e3f);
    }

    /* edge values for every exact spring */
    float pe[] = { 2.0f, 0.0f, 1.0f, 0.1f };
    edges("spring_damper_exact", st_freq, pe, 2.0f);
    edges("spring_damper_exact_ratio", st_ratio, pe, 2.0f);
    edges("critical_spring_damper_exact", st_crit, pe, 2.0f);
    edges("simple_spring_damper_exact", st_simple, pe, 2.0f);
    edges("decay_spring_damper_exact", st_decay, pe, 0.0f);
    float pq[] = { 2.0f, 0.7f, 1.0f, 0.1f };
    edges("critical_spring_damper_exact with goal velocity", st_crit, pq, 2.0f);

    /* the six coefficients and the flag of the critical step reproduce
     * sp_critical_spring_damper_exact bit for bit, evaluated in the order the header gives (the JS
     * step of the state-object API runs them), in both forms of the step */
    {
        const float hs[] = { 0.0f, 1e-6f, 0.1f, 3.0f, 1e6f }, ts[] = { 1e-4f, 1.0f / 60.0f, 0.5f, 1e4f };
        int same = 1, incs = 0, directs = 0;
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 4; j++) {
                float k[7], x = -0.7f, v = 3.0f, g = 2.5f, q = -1.25f, u = x - g;
                sp_critical_spring_damper_coefs(k, hs[i], ts[j]);
                /* |x' − g| and |v'| are far above 2^−126 here: no flush */
                float xk = (k[6] != 0.0f ? x : g) + ((k[0] * u + k[1] * v) + k[2] * q);
                float vk = (k[6] != 0.0f ? v : 0.0f) + ((k[3] * u + k[4] * v) + k[5] * q);
                incs += k[6] == 1.0f;
                directs += k[6] == 0.0f;
                sp_critical_spring_damper_exact(&x, &v, g, q, hs[i], ts[j]);
                same &= xk == x && vk == v;
            }
        check_true(
            "sp_critical_spring_damper_coefs: the step of sp_critical_spring_damper_exact, bit for bit",
            same && incs > 0 && directs > 0);
    }
    /* the twelve coefficients of the general step reproduce each interface bit for bit,
     * applied in the order the header gives, with ω formed as the header says each interface
     * forms it: every regime, slow springs (where xinc, vinc hold), goal velocity or none */
    {
        const float fs[] = { 1e-4f, 0.01f, 0.5f, 3.0f, 40.0f }, hs[] = { 0.0f, 1e-3f, 0.2f, 20.0f, 1e4f },
                    ts[] = { 1e-6f, 1.0f / 60.0f, 0.5f, 30.0f }, qs[] = { 0.0f, -1.25f };
        int same = 1, incs = 0;
        for (int a = 0; a < 5; a++)
            for (int b = 0; b < 5; b++)
                for (int c = 0; c < 4; c++)
                    for (int e = 0; e < 2; e++) {
                        float k[12], x = -0.7f, v = 3.0f, g = 2.5f, q = qs[e];
                        float omega = fabsf(2.0f * SP_PI * fs[a]), d = sp_halflife_to_damping(hs[b]);
                        sp_spring_damper_exact_coefs(k, omega, d, ts[c]);
                        float xk, vk;
                        if (k[8] != 0.0f) {
                            xk = g;
                            vk = 0.0f;
                        } else if (k[9] != 0.0f) {
                            xk = q == 0.0f ? g : (float)(g + (double)k[6] * q / ((double)k[7] * k[7]));
                            vk = 0.0f;
                        } else {
                            float z = x - g, dx = k[0] * z + k[1] * v, dv = k[3] * z + k[4] * v;
                            if (q != 0.0f) {
                                dx += k[2] * q;
                                dv += k[5] * q;
                            }
                            xk = (k[10] != 0.0f ? x : g) + dx;
                            vk = k[11] != 0.0f ? v + dv : dv;
                            xk = fabsf(xk - g) < 0x1p-126f ? g : xk;
                            vk = fabsf(vk) < 0x1p-126f ? 0.0f : vk;
                            incs += k[10] != 0.0f || k[11] != 0.0f;
                        }
                        sp_spring_damper_exact(&x, &v, g, q, fs[a], hs[b], ts[c]);
                        same &= xk == x && vk == v;
                    }
        check_true("sp_spring_damper_exact_coefs: the step of sp_spring_damper_exact, bit for bit", same);
        check_true("sp_spring_damper_exact_coefs: the increment forms are among the cases", incs > 0);
    }
    return testing_finish("test_springs");
}
