/* test_tracking.c — tracking springs: perfect tracking of a smooth signal and recovery after
 * a known discontinuity, the exact tracker's error against RK4 of its spring ODE, the
 * gains-to-spring conversion against the eigenvalues of the gain map worked out in double,
 * finite differences, and the drift of every variant across frame rates. */
#include <stdlib.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

#define DUR 4.0
#define J1 1.0
#define J2 (-0.7)
#define T1 1.0
#define T2 2.5
#define DT_REF (1.0 / 60.0)

/* The smooth part: amplitude ≤ 1.5, |s''| ≤ 4 + 0.5·5.3² ≈ 18.05. */
static double smooth(double t) { return sin(2.0 * t) + 0.5 * sin(5.3 * t + 1.0); }
static double signal(double t) { return smooth(t) + (t >= T1 ? J1 : 0.0) + (t >= T2 ? J2 : 0.0); }
#define A_MAX 18.05

enum variant { GAIN, IMPROVED, EXACT, NVARIANTS };
static const char *variant_name[NVARIANTS] = { "gain (0.01, 0.2, 1)", "improved (1.0, 0.05, 0 s)",
                                               "exact (from gains @60Hz)" };
static float exact_frequency, exact_halflife;

/* One tracker step from sample k to k+1; cross: a jump lies in (t_k, t_k+1], after: in (t_k-1, t_k]. */
static void step(enum variant var, float *x, float *v, float s_next, float s_curr, float s_prev, float dt,
                 float dt_prev, int cross, int after)
{
    float vg = sp_tracking_target_velocity(s_next, s_curr, dt);
    float ag = sp_tracking_target_acceleration_varying(s_next, s_curr, s_prev, dt, dt_prev);
    switch (var) {
    case GAIN:
        if (cross)
            sp_tracking_spring_update_no_velocity_acceleration(x, v, s_next, 0.01f, dt);
        else if (after)
            sp_tracking_spring_update_no_acceleration(x, v, s_next, vg, 0.01f, 0.2f, dt);
        else
            sp_tracking_spring_update(x, v, s_next, vg, ag, 0.01f, 0.2f, 1.0f, dt);
        break;
    case IMPROVED:
        if (cross)
            sp_tracking_spring_update_improved(x, v, s_next, *v, 0.0f, 1.0f, 1e30f, 1e30f, dt);
        else if (after)
            sp_tracking_spring_update_improved(x, v, s_next, vg, 0.0f, 1.0f, 0.05f, 1e30f, dt);
        else
            sp_tracking_spring_update_improved(x, v, s_next, vg, ag, 1.0f, 0.05f, 0.0f, dt);
        break;
    default:
        if (cross)
            sp_tracking_spring_update_exact_no_velocity_acceleration(x, v, s_next, exact_frequency,
                                                                     exact_halflife, dt);
        else if (after)
            sp_tracking_spring_update_exact_no_acceleration(x, v, s_next, vg, exact_frequency, exact_halflife,
                                                            dt);
        else
            sp_tracking_spring_update_exact(x, v, s_next, vg, ag, exact_frequency, exact_halflife, dt);
    }
}

static int crosses(double a, double b) { return (a < T1 && T1 <= b) || (a < T2 && T2 <= b); }

/* Runs a variant over sample times t[0..n-1]; writes the tracker position at each time. Starts
 * converged (x = s(0), v = the mean goal velocity of the step before). */
static void run(enum variant var, const double *t, int n, double dt0, double *out)
{
    float x = (float)signal(0.0), v = (float)((signal(0.0) - signal(-dt0)) / dt0);
    out[0] = x;
    for (int k = 0; k + 1 < n; k++) {
        double tp = k > 0 ? t[k - 1] : -dt0;
        step(var, &x, &v, (float)signal(t[k + 1]), (float)signal(t[k]), (float)signal(tp),
             (float)(t[k + 1] - t[k]), (float)(t[k] - tp), crosses(t[k], t[k + 1]), crosses(tp, t[k]));
        out[k + 1] = x;
    }
}

static double interp(const double *t, const double *x, int n, double at)
{
    int i = (int)(at / t[1]);
    if (i >= n - 1) return x[n - 1];
    double a = (at - t[i]) / (t[i + 1] - t[i]);
    return x[i] + a * (x[i + 1] - x[i]);
}

static int uniform_times(double *t, double rate)
{
    int n = (int)(DUR * rate + 0.5) + 1;
    for (int i = 0; i < n; i++) t[i] = i / rate;
    return n;
}

static int jitter_times(double *t)
{
    unsigned s = 12345u;
    int n = 0;
    t[n++] = 0.0;
    while (t[n - 1] < DUR) {
        s = s * 1664525u + 1013904223u;
        t[n] = t[n - 1] + (0.5 + (s >> 8) / 16777216.0) / 60.0; /* dt uniform in [1/120, 1/40] */
        n++;
    }
    return n;
}

/* Max |φ'| (per second) of the spring's unit step response φ (φ(0) = 1, φ'(0) = 0), and max |ψ|
 * of its response to a unit initial velocity, from the closed form in double (overdamped). */
static void spring_response_peaks(double s, double d, double *phi_rate, double *psi_max)
{
    double disc = sqrt(d * d - 4.0 * s), r1 = (-d + disc) / 2.0, r2 = (-d - disc) / 2.0;
    double tstar = log(r2 / r1) / (r1 - r2); /* both peaks are at the same time */
    double g = (exp(r1 * tstar) - exp(r2 * tstar)) / (r1 - r2);
    *psi_max = g;
    *phi_rate = r1 * r2 * g;
}

static void drift_table(void)
{
    static double tr[4001], xr[NVARIANTS][4001], t[700], x[700];
    int nr = uniform_times(tr, 1000.0);
    for (int var = 0; var < NVARIANTS; var++) run(var, tr, nr, 0.001, xr[var]);

    const char *rate_name[4] = { "30 Hz", "60 Hz", "144 Hz", "jitter 40-120 Hz" };
    double rates[3] = { 30.0, 60.0, 144.0 };
    double dev[NVARIANTS][4], dtmax[4];
    for (int r = 0; r < 4; r++) {
        int n = r < 3 ? uniform_times(t, rates[r]) : jitter_times(t);
        dtmax[r] = 0.0;
        for (int k = 0; k + 1 < n; k++) dtmax[r] = fmax(dtmax[r], t[k + 1] - t[k]);
        for (int var = 0; var < NVARIANTS; var++) {
            run(var, t, n, r < 3 ? 1.0 / rates[r] : 1.0 / 60.0, x);
            double m = 0.0;
            for (int k = 0; k < n && t[k] <= DUR; k++)
                m = fmax(m, fabs(x[k] - interp(tr, xr[var], nr, t[k])));
            dev[var][r] = m;
        }
    }
    printf(
        "max |x − x(1000 Hz)| over 4 s of sin(2t) + 0.5 sin(5.3t + 1) with jumps +1 at 1 s, −0.7 at 2.5 s\n");
    printf("%-28s %10s %10s %10s %18s\n", "variant", rate_name[0], rate_name[1], rate_name[2], rate_name[3]);
    for (int var = 0; var < NVARIANTS; var++)
        printf("%-28s %10.4f %10.4f %10.4f %18.4f\n", variant_name[var], dev[var][0], dev[var][1],
               dev[var][2], dev[var][3]);

    /* Bound for the exact tracker. Its error to the goal evolves by the exact spring whatever
     * the step, so rates differ only by (1) when a jump's transient starts: up to one step
     * early (the step across it starts the transient), so |J|·max|φ'|·dt; (2) the velocity
     * errors injected at the two steps with held derivatives, each ≤ A_MAX·dt, moving the
     * position by ≤ max|ψ| per unit; (3) the O(A_MAX·dt²) start offset of those steps. The
     * transients of the two jumps are 1.5 s apart (decayed by e^(−4·1.5)), so the larger |J|
     * is used. Plus 1e-4 for the linear interpolation of the reference (|s''|·(1 ms)²/8 and
     * float rounding). */
    double s = pow(2.0 * ORACLE_PI * exact_frequency, 2.0), d = 4.0 * ORACLE_LN2 / exact_halflife, phi_rate,
           psi_max;
    spring_response_peaks(s, d, &phi_rate, &psi_max);
    for (int r = 0; r < 4; r++) {
        double h = dtmax[r];
        double bound = fabs(J1) * phi_rate * h + 2.0 * A_MAX * h * psi_max + A_MAX * h * h + 1e-4;
        char name[96];
        snprintf(name, sizeof name, "exact tracker drift at %s (%.4f) within bound %.4f", rate_name[r],
                 dev[EXACT][r], bound);
        check_true(name, dev[EXACT][r] <= bound);
        printf("  exact bound at %s: %.4f\n", rate_name[r], bound);
    }
    /* and it is the most dt-robust of the three at every rate */
    for (int r = 0; r < 4; r++)
        check_true("exact drifts least", dev[EXACT][r] < dev[GAIN][r] && dev[EXACT][r] < dev[IMPROVED][r]);
}

/* Perfect tracking: from a wrong start, converge onto the smooth signal's samples to float precision;
 * after a known jump at t = 5 s, converge back. Tolerance 2e-6: the samples are ≤ 1.5 in
 * magnitude (ulp 1.2e-7) and the converged tracker re-anchors at each x_goal, so only the
 * last step's few roundings remain. */
static void perfect(enum variant var, const char *name)
{
    const double dt = 1.0 / 60.0;
    float x = 0.3f, v = -2.0f;
    double worst_before = 0.0, worst_after = 0.0, max_step = 0.0;
    for (int k = 1; k < 1200; k++) {
        double tn = (k + 1) * dt, tc = k * dt, tp = (k - 1) * dt;
        double jn = tn >= 5.0 ? 2.0 : 0.0, jc = tc >= 5.0 ? 2.0 : 0.0, jp = tp >= 5.0 ? 2.0 : 0.0;
        float sn = (float)(smooth(tn) + jn), sc = (float)(smooth(tc) + jc), sp = (float)(smooth(tp) + jp);
        float x0 = x;
        step(var, &x, &v, sn, sc, sp, (float)dt, (float)dt, jn != jc, jc != jp);
        max_step = fmax(max_step, fabs(x - x0));
        if (tn > 4.0 && tn < 5.0) worst_before = fmax(worst_before, fabs(x - sn));
        if (tn > 19.0) worst_after = fmax(worst_after, fabs(x - sn));
    }
    char what[128];
    snprintf(what, sizeof what, "%s tracks the smooth signal exactly once converged", name);
    check_near(what, worst_before, 0.0, 2e-6);
    snprintf(what, sizeof what, "%s converges back after a known jump", name);
    check_near(what, worst_after, 0.0, 2e-6);
    /* the jump of 2 is not followed: no step moves more than the signal's speed (≤ 4.65/s)
     * times dt plus the initial catch-up from the wrong start */
    snprintf(what, sizeof what, "%s never jumps (max step %.3f)", name, max_step);
    check_true(what, max_step < 0.5);
}

static char name[240];

/* The repository's improved trackers, from its listing in double: v = damper_exact(v, v + a·dt,
 * ha), v = damper_exact(v, v_goal, hv), v = damper_exact(v, (x_goal − x)/dt, hx), x += dt·v, with
 * damper_exact(x, g, h) = x + (1 − 2^(−dt/h))·(g − x); without the acceleration blend, without
 * both. 20 steps of a moving goal. */
static double blend(double x, double g, double h, double dt)
{
    return x - expm1(-ORACLE_LN2 * dt / h) * (g - x);
}

static void improved_trackers(void)
{
    const float hx = 1.0f, hv = 0.05f, dts[] = { 1.0f / 60, 1.0f / 30 };
    for (int k = 0; k < 2; k++)
        for (int variant = 1; variant <= 2; variant++) {
            float dt = dts[k], x = 0.3f, v = -1.0f;
            double rx = x, rv = v, worst = 0;
            for (int i = 1; i <= 20; i++) {
                float xg = (float)sin(i * dt * 3), vg = (float)(3 * cos(i * dt * 3));
                if (variant == 1)
                    sp_tracking_spring_update_no_acceleration_improved(&x, &v, xg, vg, hx, hv, dt);
                else
                    sp_tracking_spring_update_no_velocity_acceleration_improved(&x, &v, xg, hx, dt);
                if (variant == 1) rv = blend(rv, vg, hv, dt);
                rv = blend(rv, ((double)xg - rx) / dt, hx, dt);
                rx += dt * rv;
                worst = fmax(worst, fmax(fabs(x - rx), fabs(v - rv) / 3));
            }
            snprintf(name, sizeof name,
                     "tracking_spring_update_no_%sacceleration_improved at dt %g: the listing",
                     variant == 1 ? "" : "velocity_", dt);
            check_near(name, worst, 0, 2e-6);
        }
}

/* The repository's tracking_spring_update_exact, worked out by hand: the gain tracker's velocity
 * change over one frame T, v' − v = (1 − kv)(1 − kx)·(v + ka·a·T) + kv(1 − kx)·v_goal + kx·(x_goal − x)/T − v,
 * divided by T, is the acceleration s·(x_goal − x) + d·(q − v) of the spring with s = kx/T²,
 * d = (1 − (1 − kv)(1 − kx))/T and d·q = kv(1 − kx)·v_goal/T + ka(1 − kv)(1 − kx)·a_goal; that spring
 * integrated by RK4 in double over dt. Its goal velocity is d·q/d: with no gain at all (d = 0)
 * the motion is free under d·q. */
typedef struct {
    double s, d, g, push;
} gains_spring;

static void gains_ode(double t, const double *y, double *dy, const void *ctx)
{
    const gains_spring *p = ctx;
    (void)t;
    dy[0] = y[1];
    dy[1] = p->s * (p->g - y[0]) + p->push - p->d * y[1];
}

static void exact_gains_tracker(void)
{
    const double gains[][3] = { { 0.01, 0.2, 1 }, { 0.3, 0.05, 0 }, { 0, 0.4, 1 }, { 0, 0, 1 }, { 1, 1, 1 } };
    const float dts[] = { 1.0f / 144, 1.0f / 60, 1.0f / 30, 0.25f }, T = 1.0f / 60;
    for (int i = 0; i < 5; i++)
        for (int k = 0; k < 4; k++) {
            double kx = gains[i][0], kv = gains[i][1], ka = gains[i][2];
            float x = 0.5f, v = -2, xg = 1.25f, vg = 3, ag = -7, dt = dts[k];
            sp_tracking_spring_update_exact_gains(&x, &v, xg, vg, ag, (float)kx, (float)kv, (float)ka, dt, T);
            double t0 = (1 - kv) * (1 - kx);
            gains_spring p = { kx / ((double)T * T), (1 - t0) / T, xg,
                               kv * (1 - kx) * vg / T + ka * t0 * ag };
            double y[2] = { 0.5, -2 };
            oracle_rk4(gains_ode, &p, 2, y, 0, dt, 20000);
            snprintf(name, sizeof name, "exact tracker with gains (%g, %g, %g) over dt %g: x %.7g, RK4 %.7g",
                     kx, kv, ka, dt, x, y[0]);
            check_near(name, x, y[0], 2e-6);
            snprintf(name, sizeof name, "exact tracker with gains (%g, %g, %g) over dt %g: v", kx, kv, ka,
                     dt);
            check_near(name, v, y[1], 4e-6);
        }
    /* gains outside [0, 1] are clamped, as the gain tracker's */
    float a = 0.5f, av = -2, b = 0.5f, bv = -2;
    sp_tracking_spring_update_exact_gains(&a, &av, 1, 3, -7, 1.5f, -0.5f, 2, 1.0f / 60, 1.0f / 60);
    sp_tracking_spring_update_exact_gains(&b, &bv, 1, 3, -7, 1, 0, 1, 1.0f / 60, 1.0f / 60);
    check_true("exact tracker with gains: gains clamped to [0, 1]", a == b && av == bv);
    float c = 0.5f, cv = -2;
    sp_tracking_spring_update_exact_gains(&c, &cv, 1, 3, -7, 0.01f, 0.2f, 1, 0, 1.0f / 60);
    check_true("exact tracker with gains: dt 0 changes nothing", c == 0.5f && cv == -2);
}

int main(void)
{
    sp_tracking_gains_to_spring(0.01f, 0.2f, (float)DT_REF, &exact_frequency, &exact_halflife);

    /* gains_to_spring: the spring's propagator over dt0 has eigenvalues e^(r·dt0), r the roots
     * of r² + d·r + s = 0; they must equal the eigenvalues μ of the gain map (worked out here in
     * double from the map's trace and determinant). 1e-5: float logs of μ near 1. */
    const double gains[3][2] = { { 0.01, 0.2 }, { 0.3, 0.05 }, { 0.1, 0.5 } };
    for (int i = 0; i < 3; i++) {
        float f, h;
        sp_tracking_gains_to_spring((float)gains[i][0], (float)gains[i][1], (float)DT_REF, &f, &h);
        double kx = gains[i][0], kv = gains[i][1];
        double T = (1 - kx) * (2 - kv), D = (1 - kx) * (1 - kv), disc = T * T - 4 * D;
        double s = pow(2 * ORACLE_PI * f, 2), d = 4 * ORACLE_LN2 / h, rdisc = d * d - 4 * s;
        if (disc >= 0) {
            double mu1 = (T + sqrt(disc)) / 2, mu2 = (T - sqrt(disc)) / 2;
            check_true("real eigenvalues stay real", rdisc >= -1e-3 * d * d);
            double r1 = (-d + sqrt(fmax(rdisc, 0))) / 2, r2 = (-d - sqrt(fmax(rdisc, 0))) / 2;
            check_near("eigenvalue 1", exp(r1 * DT_REF), mu1, 1e-5);
            check_near("eigenvalue 2", exp(r2 * DT_REF), mu2, 1e-5);
        } else {
            check_true("complex eigenvalues stay complex", rdisc < 0);
            double re = -d / 2, im = sqrt(-rdisc) / 2;
            check_near("|μ|", exp(re * DT_REF), sqrt(D), 1e-5);
            check_near("arg μ", im * DT_REF, atan2(sqrt(-disc), T), 1e-5);
        }
    }
    float f1, h1;
    sp_tracking_gains_to_spring(1.0f, 0.2f, (float)DT_REF, &f1, &h1);
    check_true("a position gain of 1 is a snap (halflife 0)", h1 == 0.0f);

    /* the exact tracker on a goal at constant velocity is a spring on the error: RK4 oracle */
    {
        double s = pow(2 * ORACLE_PI * exact_frequency, 2), d = 4 * ORACLE_LN2 / exact_halflife;
        oracle_spring p = { s, d, 0.0, 0.0 };
        double e = 0.8, w = -1.5;               /* error at t = 0 */
        float x = 2.0f + 0.8f, v = 0.5f - 1.5f; /* goal 2 + 0.5 t, velocity 0.5 */
        float dt = 0.05f;
        for (int k = 1; k <= 10; k++)
            sp_tracking_spring_update_exact(&x, &v, 2.0f + 0.5f * k * dt, 0.5f, 0.0f, exact_frequency,
                                            exact_halflife, dt);
        oracle_spring_rk4(&p, &e, &w, 0.5, 20000);
        check_near("exact tracker error x vs RK4", x - (2.0 + 0.25), e, 1e-5);
        check_near("exact tracker error v vs RK4", v - 0.5, w, 1e-5);
        /* dt-invariance: one step of 0.1 equals two of 0.05 (goal at constant velocity) */
        float xa = 1.0f, va = 3.0f, xb = 1.0f, vb = 3.0f;
        sp_tracking_spring_update_exact(&xa, &va, 0.05f, 0.5f, 0.0f, exact_frequency, exact_halflife, 0.1f);
        sp_tracking_spring_update_exact(&xb, &vb, 0.025f, 0.5f, 0.0f, exact_frequency, exact_halflife, 0.05f);
        sp_tracking_spring_update_exact(&xb, &vb, 0.05f, 0.5f, 0.0f, exact_frequency, exact_halflife, 0.05f);
        check_near("exact tracker dt-invariance x", xa, xb, 1e-6);
        check_near("exact tracker dt-invariance v", va, vb, 1e-6);
        /* halflife 0 snaps to the goal; dt 0 changes nothing */
        sp_tracking_spring_update_exact(&xa, &va, 7.0f, 2.0f, 1.0f, 1.0f, 0.0f, 0.1f);
        check_true("exact tracker halflife 0 snaps", xa == 7.0f && va == 2.0f);
        sp_tracking_spring_update_exact(&xa, &va, 9.0f, 2.0f, 1.0f, 1.0f, 0.2f, 0.0f);
        check_true("exact tracker dt 0 keeps the state", xa == 7.0f && va == 2.0f);
    }

    /* improved with an acceleration halflife of 0 is the gain tracker with gains 1 − 2^(−dt/h) */
    {
        float dt = 1.0f / 30.0f;
        double kx = 1 - pow(2, -dt / 0.7), kv = 1 - pow(2, -dt / 0.05);
        float xa = 0.2f, va = 1.0f, xb = 0.2f, vb = 1.0f;
        sp_tracking_spring_update_improved(&xa, &va, 1.0f, 2.0f, 3.0f, 0.7f, 0.05f, 0.0f, dt);
        sp_tracking_spring_update(&xb, &vb, 1.0f, 2.0f, 3.0f, (float)kx, (float)kv, 1.0f, dt);
        check_near("improved = gains 1 − 2^(−dt/h): x", xa, xb, 1e-6);
        check_near("improved = gains 1 − 2^(−dt/h): v", va, vb, 1e-5);
        /* the article's listing by hand: v += a·dt; v = lerp(v, vg, kv); v = lerp(v, (xg − x)/dt, kx) */
        double v = 1.0 + 3.0 * dt;
        v = v + kv * (2.0 - v);
        v = v + kx * ((1.0 - 0.2) / dt - v);
        check_near("gain tracker v by hand", vb, v, 1e-5);
        check_near("gain tracker x by hand", xb, 0.2 + dt * v, 1e-6);
    }

    /* finite differences against a quadratic s = 3t² (exact for it), and clipping */
    {
        double c = 3.0, t = 0.4, dt = 0.02, dtp = 0.03;
        float sn = (float)(c * (t + dt) * (t + dt)), sc = (float)(c * t * t),
              sp = (float)(c * (t - dtp) * (t - dtp));
        float vg = sp_tracking_target_velocity(sn, sc, (float)dt);
        check_near("target velocity = mean velocity c(2t + dt)", vg, c * (2 * t + dt), 1e-4);
        float vp = sp_tracking_target_velocity(sc, sp, (float)dtp);
        float ag = sp_tracking_target_acceleration_varying(sn, sc, sp, (float)dt, (float)dtp);
        /* v_prev + a·dt = v exactly: the mean velocities are c(2t − dtp) and c(2t + dt) */
        check_near("varying acceleration links the mean velocities", vp + ag * dt, vg, 1e-4);
        check_near("varying acceleration value c(dt + dtp)/dt", ag, c * (dt + dtp) / dt, 2e-2);
        float a2 = sp_tracking_target_acceleration((float)(c * 0.25), 0.0f, (float)(c * 0.25), 0.5f);
        check_near("uniform acceleration of c·t² is 2c", a2, 2 * c, 1e-6);
        check_true("dt 0 gives 0",
                   sp_tracking_target_velocity(1, 0, 0) == 0.0f
                       && sp_tracking_target_acceleration(1, 0, 1, 0) == 0.0f);
        check_true("clip",
                   sp_tracking_clip(5.0f, 2.0f) == 2.0f && sp_tracking_clip(-5.0f, 2.0f) == -2.0f
                       && sp_tracking_clip(1.5f, 2.0f) == 1.5f);
    }

    /* perfect tracking by the gain tracker (a_gain 1) and by the exact tracker */
    perfect(GAIN, "gain tracker");
    perfect(EXACT, "exact tracker");

    drift_table();
    improved_trackers();
    exact_gains_tracker();
    return testing_finish("test_tracking");
}
