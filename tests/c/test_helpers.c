/* test_helpers.c — conversions against their definitions, the fast approximations against
 * libm, and sp_resonant_frequency against the resonance of the driven spring ODE measured
 * by RK4 integration. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

/* Steady-state amplitude of x for x'' = s·(sin(W·t) − x) − d·x': integrate past the
 * transient (40 / (d/2) s, where it has decayed by e^-40), then project x on sin and cos
 * over 20 whole periods of the drive. */
typedef struct {
    double s, d, W;
} drive;
static void driven(double t, const double *y, double *dy, const void *ctx)
{
    const drive *p = ctx;
    dy[0] = y[1];
    dy[1] = p->s * (sin(p->W * t) - y[0]) - p->d * y[1];
}
static double amplitude(double s, double d, double W)
{
    drive p = { s, d, W };
    double y[2] = { 0.0, 0.0 }, period = 2.0 * ORACLE_PI / W;
    double t0 = ceil(80.0 / d / period) * period;
    oracle_rk4(driven, &p, 2, y, 0.0, t0, (int)(t0 / 1e-3) + 1);
    double cs = 0.0, sn = 0.0, t = t0;
    int n = 4000;
    double h = 20.0 * period / n;
    for (int i = 0; i < n; i++) {
        /* midpoint rule on whole periods is exact for the harmonics of a periodic signal */
        double y0[2] = { y[0], y[1] };
        oracle_rk4(driven, &p, 2, y0, t, 0.5 * h, 4);
        sn += y0[0] * sin(W * (t + 0.5 * h));
        cs += y0[0] * cos(W * (t + 0.5 * h));
        oracle_rk4(driven, &p, 2, y, t, h, 8);
        t += h;
    }
    return 2.0 / n * sqrt(sn * sn + cs * cs);
}

/* Golden-section search for the maximum of f on [a, b]. */
static double argmax(double (*f)(double, const double *), const double *ctx, double a, double b)
{
    const double r = 0.6180339887498949;
    double c = b - r * (b - a), e = a + r * (b - a), fc = f(c, ctx), fe = f(e, ctx);
    for (int i = 0; i < 30; i++) {
        if (fc > fe) {
            b = e;
            e = c;
            fe = fc;
            c = b - r * (b - a);
            fc = f(c, ctx);
        } else {
            a = c;
            c = e;
            fc = fe;
            e = a + r * (b - a);
            fe = f(e, ctx);
        }
    }
    return 0.5 * (a + b);
}
static double amp_of_drive(double W, const double *sd) { return amplitude(sd[0], sd[1], W); }
static double amp_of_stiffness(double s, const double *dW) { return amplitude(s, dW[0], dW[1]); }

static char name[240];

/* ζ = d/(2√s): s = (d/2ζ)², d = 2ζ·√s; in double, the float result within an ulp, +Inf only where
 * the true value overflows float. */
static void damping_ratio(void)
{
    const double zs[] = { 0.05, 0.7, 1, 3.5 }, ds[] = { 0.01, 2.8, 700 }, ss[] = { 1e-4, 39.5, 1e6 };
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            float z = (float)zs[i], d = (float)ds[j], s = (float)ss[j];
            double want_s = pow(d / (2.0 * z), 2), want_d = 2.0 * z * sqrt(s);
            snprintf(name, sizeof name, "damping_ratio_to_stiffness(%g, %g)", z, d);
            check_near(name, sp_damping_ratio_to_stiffness(z, d) / want_s, 1, 1.2e-7);
            snprintf(name, sizeof name, "damping_ratio_to_damping(%g, %g)", z, s);
            check_near(name, sp_damping_ratio_to_damping(z, s) / want_d, 1, 1.2e-7);
            /* and back: the spring of that stiffness and damping has ratio d/(2√s) = ζ */
            float s2 = sp_damping_ratio_to_stiffness(z, d);
            snprintf(name, sizeof name, "ratio %g: d/(2√s) of the stiffness = ζ", z);
            check_near(name, d / (2.0 * sqrt((double)s2)) / z, 1, 2e-7);
        }
    check_true("damping_ratio_to_stiffness: +Inf where (d/2ζ)² overflows float (2.5e79)",
               sp_damping_ratio_to_stiffness(1e-20f, 1e20f) == INFINITY);
    check_near("damping_ratio_to_damping: finite where 2ζ alone overflows float",
               sp_damping_ratio_to_damping(3e38f, 1e-10f) / (2.0 * 3e38f * 1e-5), 1, 1.2e-7);
    check_true("damping_ratio_to_damping(0, s) = 0, (ζ, 0) = 0",
               sp_damping_ratio_to_damping(0, 5) == 0 && sp_damping_ratio_to_damping(2, 0) == 0);
}

int main(void)
{
    char name[200];
    /* conversions, worked out from the definitions d = 4·ln2/h, s = (2π·f)², d² = 4s */
    const double hs[] = { 0.01, 0.2, 3.0 };
    for (int i = 0; i < 3; i++) {
        double h = hs[i], d = 4.0 * ORACLE_LN2 / h;
        check_near("halflife_to_damping", sp_halflife_to_damping((float)h), d, 1e-6);
        check_near("damping_to_halflife", sp_damping_to_halflife((float)d), h, 1e-6);
        check_near("critical_frequency: d² = 4s", sp_critical_frequency((float)h),
                   d / 2.0 / (2.0 * ORACLE_PI), 1e-6);
        double f = 1.0 / h;
        check_near("frequency_to_stiffness", sp_frequency_to_stiffness((float)f),
                   pow(2.0 * ORACLE_PI * f, 2.0), 1e-6);
        check_near("stiffness_to_frequency", sp_stiffness_to_frequency((float)pow(2.0 * ORACLE_PI * f, 2.0)),
                   f, 1e-6);
        check_near("critical_halflife: d² = 4s", sp_critical_halflife((float)f),
                   4.0 * ORACLE_LN2 / (2.0 * 2.0 * ORACLE_PI * f), 1e-6);
    }
    check_true("halflife_to_damping(0) = +Inf", isinf(sp_halflife_to_damping(0.0f)));
    check_near("lerp", sp_lerp(2.0f, 6.0f, 0.25f), 3.0, 1e-7);
    check_near("spring_energy", sp_spring_energy(1.5f, 2.0f, 1.0f, 0.5f, 1.0f, 2.0f),
               (pow(2.0 * 1.0, 2.0) + pow(2.0 * ORACLE_PI, 2.0) * pow(2.0 * 1.0, 2.0)) / 2.0, 1e-6);

    /* fast approximations: the bounds the header documents, measured on a fine grid */
    double m = 0.0;
    for (double x = 0.0; x < 50.0; x += 1e-3) m = fmax(m, fabs(sp_fast_negexp((float)x) - exp(-x)));
    snprintf(name, sizeof name, "fast_negexp absolute error %g < 0.019", m);
    check_true(name, m < 0.019);
    m = 0.0;
    for (double x = -200.0; x < 200.0; x += 1e-3) m = fmax(m, fabs(sp_fast_atan((float)x) - atan(x)));
    snprintf(name, sizeof name, "fast_atan absolute error %g < 1.6e-3", m);
    check_true(name, m < 1.6e-3);

    /* resonance: the spring tuned by resonant_frequency has its steady-state amplitude peak
     * exactly at the goal frequency; the search resolves the peak to ~1e-4 relative */
    const double goal_f[] = { 1.0, 2.0 }, halflife[] = { 1.0, 0.3, 0.12 };
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 3; k++) {
            double W = 2.0 * ORACLE_PI * goal_f[i], d = 4.0 * ORACLE_LN2 / halflife[k];
            double f = sp_resonant_frequency((float)goal_f[i], (float)halflife[k]);
            double sd[2] = { pow(2.0 * ORACLE_PI * f, 2.0), d };
            double peak = argmax(amp_of_drive, sd, 0.3 * W, 2.0 * W);
            snprintf(name, sizeof name, "resonant_frequency(%g Hz, h=%g): amplitude peaks at the goal",
                     goal_f[i], halflife[k]);
            check_near(name, peak / W, 1.0, 2e-3);
            /* the article's s = Ω² − d²/4 is detuned below the goal (when it exists) */
            double s_article = W * W - d * d / 4.0;
            if (s_article > 0.0) {
                double sa[2] = { s_article, d };
                double pa = argmax(amp_of_drive, sa, 0.1 * W, 2.0 * W);
                snprintf(name, sizeof name,
                         "article's resonant_frequency(%g Hz, h=%g) peaks at %.4g·Ω, not at Ω", goal_f[i],
                         halflife[k], pa / W);
                check_true(name, halflife[k] > 0.5 ? fabs(pa / W - 1.0) > 1e-3 : fabs(pa / W - 1.0) > 0.02);
            }
            /* a bank of springs fed at Ω: the stiffness with the largest amplitude is Ω² + d² */
            double dW[2] = { d, W };
            double sbest = argmax(amp_of_stiffness, dW, 0.5 * W * W, 2.0 * (W * W + d * d));
            snprintf(name, sizeof name, "bank at %g Hz, h=%g: largest amplitude at s = Ω² + d²", goal_f[i],
                     halflife[k]);
            check_near(name, sbest / (W * W + d * d), 1.0, 2e-3);
        }
    damping_ratio();
    return testing_finish("test_helpers");
}
