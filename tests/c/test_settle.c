/* test_settle.c — settling time against bisection on the critical closed form, its inverse
 * against a simulation, duration/bounce against the period and damping ratio measured on
 * an RK4 trajectory, and the rest test. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];

/* |x(t)| / |x0| of a critical spring released at rest, worked out here: e^(−yt)·(1 + yt). */
static double critical_ratio(double y, double t) { return exp(-y * t) * (1.0 + y * t); }

static double bisect_settle(double h, double ratio)
{
    double y = 2.0 * ORACLE_LN2 / h, lo = 0.0, hi = 1.0;
    while (critical_ratio(y, hi) > ratio) hi *= 2.0;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (lo + hi);
        if (critical_ratio(y, mid) > ratio)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* Trajectory of x'' = −s·x − d·x' from x = 1, v = 0, sampled every 1e-4 s. */
typedef struct {
    double s, d;
} sd;
static void ode(double t, const double *y, double *dy, const void *ctx)
{
    const sd *p = ctx;
    (void)t;
    dy[0] = y[1];
    dy[1] = -p->s * y[0] - p->d * y[1];
}

int main(void)
{
    const double hs[] = { 0.05, 0.3, 2.0 }, ratios[] = { 0.5, 0.1, 0.01, 1e-4 };
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 4; k++) {
            double want = bisect_settle(hs[i], ratios[k]);
            snprintf(name, sizeof name, "critical_settle_time(h=%g, ratio=%g)", hs[i], ratios[k]);
            check_near(name, sp_critical_settle_time((float)hs[i], (float)ratios[k]), want,
                       1e-6); /* float result of a double solve */
            /* the inverse: the spring with that halflife, simulated for settle_time, is at ratio */
            float h = sp_critical_settle_halflife((float)want, (float)ratios[k]);
            float x = 1.0f, v = 0.0f;
            sp_simple_spring_damper_exact(&x, &v, 0.0f, h, (float)want);
            snprintf(name, sizeof name, "critical_settle_halflife(%g, %g) settles there", want, ratios[k]);
            check_near(name, x / ratios[k], 1.0, 1e-5);
            /* and it stays within ratio afterwards */
            sp_simple_spring_damper_exact(&x, &v, 0.0f, h, 0.25f * (float)want);
            check_true(name, fabsf(x) < ratios[k]);
        }
    check_true("settle time with halflife 0 is 0", sp_critical_settle_time(0.0f, 0.01f) == 0.0f);

    /* duration/bounce: simulate the spring from its frequency and halflife (s = (2πf)²,
     * d = 4·ln2/h worked out here), measure the damped period Td from successive downward
     * zero crossings and the log decrement δ between successive maxima, and recover
     * ζ = δ/√(4π² + δ²) and the undamped period Td·√(1 − ζ²). Crossings are located by
     * linear interpolation between 1e-5 s samples: ~1e-7 s. */
    const double durations[] = { 0.5, 1.2 }, bounces[] = { 0.15, 0.5, 0.8 };
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 3; k++) {
            float f, h;
            sp_duration_bounce_to_spring((float)durations[i], (float)bounces[k], &f, &h);
            sd p = { pow(2.0 * ORACLE_PI * f, 2.0), 4.0 * ORACLE_LN2 / h };
            double y[2] = { 1.0, 0.0 }, t = 0.0, step = 1e-5;
            double cross[3], peak[2];
            int nc = 0, np = 0;
            while ((nc < 3 || np < 2) && t < 20.0 * durations[i]) {
                double prev[2] = { y[0], y[1] };
                oracle_rk4(ode, &p, 2, y, t, step, 1);
                if (prev[0] > 0.0 && y[0] <= 0.0 && nc < 3)
                    cross[nc++] = t + step * prev[0] / (prev[0] - y[0]);
                /* maxima: v crosses 0 downward; x is flat there, so the larger sample is within ~s·1e-10 */
                if (prev[1] > 0.0 && y[1] <= 0.0 && np < 2) peak[np++] = fmax(prev[0], y[0]);
                t += step;
            }
            double Td = cross[1] - cross[0];
            double delta = log(peak[0] / peak[1]);
            double zeta = delta / sqrt(4.0 * ORACLE_PI * ORACLE_PI + delta * delta);
            snprintf(name, sizeof name, "duration %g bounce %g: damping ratio 1 − bounce", durations[i],
                     bounces[k]);
            check_near(name, zeta, 1.0 - bounces[k], 1e-4);
            snprintf(name, sizeof name, "duration %g bounce %g: undamped period = duration", durations[i],
                     bounces[k]);
            check_near(name, Td * sqrt(1.0 - zeta * zeta), durations[i], 1e-4);
        }
    /* bounce 0: critical, x(t) = e^(−ωt)(1 + ωt) with ω = 2π/duration; bounce < 0: over
     * damped with ζ = 1/(1 + bounce), whose slow rate ω·(ζ − √(ζ² − 1)) shows in the tail */
    {
        float f, h;
        sp_duration_bounce_to_spring(0.8f, 0.0f, &f, &h);
        sd p = { pow(2.0 * ORACLE_PI * f, 2.0), 4.0 * ORACLE_LN2 / h };
        double y[2] = { 1.0, 0.0 }, w = 2.0 * ORACLE_PI / 0.8;
        oracle_rk4(ode, &p, 2, y, 0.0, 0.5, 50000);
        check_near("bounce 0 is critical at ω = 2π/duration", y[0], exp(-w * 0.5) * (1.0 + w * 0.5), 1e-6);
        sp_duration_bounce_to_spring(0.8f, -0.5f, &f, &h);
        sd q = { pow(2.0 * ORACLE_PI * f, 2.0), 4.0 * ORACLE_LN2 / h };
        double a[2] = { 1.0, 0.0 }, b[2];
        oracle_rk4(ode, &q, 2, a, 0.0, 3.0, 300000);
        b[0] = a[0];
        b[1] = a[1];
        oracle_rk4(ode, &q, 2, b, 3.0, 1.0, 100000);
        double zeta = 2.0, slow = w * (zeta - sqrt(zeta * zeta - 1.0));
        check_near("bounce −0.5: over damped with ζ = 2 (tail rate)", log(a[0] / b[0]), slow, 1e-4);
    }

    /* rest test */
    check_true("at rest", sp_spring_is_at_rest(1.0005f, 0.0f, 1.0f, 0.0f, 1e-3f, 1e-3f) == 1);
    check_true("not at rest: too far", sp_spring_is_at_rest(1.01f, 0.0f, 1.0f, 0.0f, 1e-3f, 1e-3f) == 0);
    check_true("not at rest: still moving", sp_spring_is_at_rest(1.0f, 0.1f, 1.0f, 0.0f, 1e-3f, 1e-3f) == 0);
    check_true("at rest relative to a goal velocity",
               sp_spring_is_at_rest(1.0f, 2.0f, 1.0f, 2.0f, 1e-3f, 1e-3f) == 1);
    check_true("NaN is never at rest", sp_spring_is_at_rest(NAN, 0.0f, 1.0f, 0.0f, 1e-3f, 1e-3f) == 0);

    return testing_finish("test_settle");
}
