/* test_slow_springs.c — slow springs and dampers at high tick rates (issue 22, items 1 and 2): one second of
 * steps of 1/240, 1/1000 and 1/60000 s, halflives 0.01 to 100 s, against closed forms in double
 * worked out here (and RK4 for the timed spring). One step of such a spring changes the state by
 * a tiny fraction of its distance to the goal; a step formed as goal + e^(−y·dt)·(1 + y·dt)·offset
 * keeps only the leading digits of that change (the factor is within (y·dt)²/2 of 1), so a
 * spring of halflife 10 s at 240 Hz moved 0.2 % too far in a second and one of 100 s not at all.
 *
 * Tolerance: relative to the distance travelled, 1e-5 at 240 Hz and 1 kHz (float rounds the state
 * by 6e-8 at each of up to 1000 steps, a random walk of about 2e-6, and the coefficients are exact
 * to a few ulps). At 60 kHz the state's own rounding over 60,000 steps reaches 1e-4, so there the
 * critical family is held to the general spring's increment form at the critical frequency in the
 * same run: within twice its error (both are that random walk; before the fix the critical
 * family's error was 1000 times larger). */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[240];

static const double H[] = { 0.01, 0.1, 1, 2, 10, 100 };
static const int RATES[] = { 240, 1000 };

/* e^(−s)·Σ_{n ≥ k} s^n/n! = 1 − e^(−s)·Σ_{n < k} s^n/n!, without cancellation for small s. */
static double tail(double s, int k)
{
    double e = exp(-s), term = 1, sum = 0;
    if (s > 1) {
        for (int n = 0; n < k; n++, term *= s / n) sum += term;
        return 1 - e * sum;
    }
    for (int n = 1; n <= k; n++) term *= s / n; /* s^k/k! */
    for (int n = k; term > 1e-30 * sum; n++, term *= s / n) sum += term;
    return e * sum;
}

static double worst; /* the largest error / tolerance seen */

static void near_rel(const char *what, double got, double want, double scale, double tol)
{
    double err = fabs(got - want), lim = tol * fabs(scale);
    worst = fmax(worst, err / lim);
    if (err <= lim)
        testing_passed++;
    else {
        testing_failed++;
        printf("FAIL %s: got %.9g, want %.9g (|err| %.3g > %.3g)\n", what, got, want, err, lim);
    }
}

/* The critical family, with y = 2·ln2/halflife, s = y·t, e = e^(−s). Set off from rest at 0 toward
 * 1: x = 1 − e·(1 + s) = tail(s, 2), v = y·s·e. Kicked from 0 at velocity 1 toward 0 (the decay
 * spring, an inertializer's offset after a velocity jump): x = t·e, v = e·(1 − s). Pushed by a
 * goal velocity q from rest at the goal 0: a = −y²·x + 2y·(q − v) rests at c = 2q/y, and with
 * u0 = −c, j1 = v0 + y·u0 = −2q, x = c + e·(u0 + j1·t) = c·tail(s, 2), v = e·(v0 − j1·y·t) = 2q·s·e. */
static void critical_family(void)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++) {
            int n = RATES[r];
            float h = (float)H[i], dt = 1.0f / (float)n;
            double y = 2 * ORACLE_LN2 / h, T = (double)dt * n, s = y * T, e = exp(-s);
            /* set off toward 1 (x rises monotonically, so its final value is the distance
             * travelled; v is held to its largest value, the motion's speed) */
            float x = 0, v = 0, vmax = 0;
            sp_vec3 x3 = { 0, 0, 0 }, v3 = { 0, 0, 0 }, g3 = { 1, -1, 0.5f };
            for (int k = 0; k < n; k++) {
                sp_simple_spring_damper_exact(&x, &v, 1, h, dt);
                sp_simple_spring_damper_exact_v3(&x3, &v3, &g3, h, dt);
                vmax = fmaxf(vmax, v);
            }
            double ex = tail(s, 2), ev = y * s * e;
            snprintf(name, sizeof name, "simple h=%g at %d Hz: x", H[i], n);
            near_rel(name, x, ex, ex, 1e-5);
            snprintf(name, sizeof name, "simple h=%g at %d Hz: v", H[i], n);
            near_rel(name, v, ev, vmax, 1e-5);
            snprintf(name, sizeof name, "simple_v3 h=%g at %d Hz: each component", H[i], n);
            check_true(name, x3.x == x && x3.y == -x && fabs(x3.z - 0.5 * ex) <= 1e-5 * 0.5 * ex);
            /* kicked from 0 toward 0: the decay spring and the spring inertializer's offset; held
             * to the largest offset and velocity of the run */
            float xd = 0, vd = 1, ox = 0, ov = 1, out_x, out_v, xdmax = 0;
            for (int k = 0; k < n; k++) {
                sp_decay_spring_damper_exact(&xd, &vd, h, dt);
                sp_inertialize_update(&out_x, &out_v, &ox, &ov, 2.0f, 0.0f, h, dt);
                xdmax = fmaxf(xdmax, xd);
            }
            double dx = T * e, dv = e * (1 - s);
            snprintf(name, sizeof name, "decay kick h=%g at %d Hz: x", H[i], n);
            near_rel(name, xd, dx, xdmax, 1e-5);
            snprintf(name, sizeof name, "decay kick h=%g at %d Hz: v", H[i], n);
            near_rel(name, vd, dv, 1, 1e-5);
            snprintf(name, sizeof name, "inertialize_update h=%g at %d Hz: the decay spring's offset", H[i],
                     n);
            check_true(name, ox == xd && ov == vd && out_x == 2.0f + xd);
            /* pushed by a goal velocity of 0.25 from rest at the goal 0 (x rises monotonically) */
            float xq = 0, vq = 0, vqmax = 0;
            for (int k = 0; k < n; k++) {
                sp_critical_spring_damper_exact(&xq, &vq, 0, 0.25f, h, dt);
                vqmax = fmaxf(vqmax, vq);
            }
            double c = 2 * 0.25 / y, eqx = c * tail(s, 2), eqv = 2 * 0.25 * s * e;
            snprintf(name, sizeof name, "critical with goal velocity h=%g at %d Hz: x", H[i], n);
            near_rel(name, xq, eqx, eqx, 1e-5);
            snprintf(name, sizeof name, "critical with goal velocity h=%g at %d Hz: v", H[i], n);
            near_rel(name, vq, eqv, vqmax, 1e-5);
        }
    /* one step of 1/240 s from rest at halflife 100 s: the spring that did not move */
    float x = 0, v = 0;
    sp_simple_spring_damper_exact(&x, &v, 1, 100, 1.0f / 240);
    double s = 2 * ORACLE_LN2 / 100 * (double)(1.0f / 240);
    snprintf(name, sizeof name, "halflife 100 s, one step of 1/240 s from rest: x = %.4g (exact %.4g)", x,
             tail(s, 2));
    check_near(name, x / tail(s, 2), 1, 1e-6);
}

/* The character's velocity spring from rest toward v_goal = 1 (applications.c): v = tail(s, 2),
 * a = y·s·e, and x = ∫v = (e/y)·Σ_{n≥3} (n − 2)·s^n/n! (from s − 2·(1 − e) + s·e, expanded in
 * e^s; no cancellation). x is a sum of n steps in float, whose roundings (half an ulp each,
 * the same sign while the steps are alike) are allowed on top: 2^−25 per step. The 3D simulation
 * object is this per component, bit for bit. */
static double character_x(double y, double s)
{
    if (s >= 1) return (s - 2 * (1 - exp(-s)) + s * exp(-s)) / y;
    double term = s * s * s / 6, sum = 0;
    for (int n = 3; term > 1e-30; n++, term *= s / n) sum += (n - 2) * term;
    return exp(-s) / y * sum;
}

static void character(void)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++) {
            int n = RATES[r];
            float h = (float)H[i], dt = 1.0f / (float)n, x = 0, v = 0, a = 0, amax = 0;
            sp_vec3 p = { 0, 0, 0 }, pv = { 0, 0, 0 }, pa = { 0, 0, 0 }, goal = { 1, 0, -1 };
            for (int k = 0; k < n; k++) {
                sp_spring_character_update(&x, &v, &a, 1, h, dt);
                sp_simulation_position_update(&p, &pv, &pa, &goal, h, dt);
                amax = fmaxf(amax, a);
            }
            double y = 2 * ORACLE_LN2 / h, T = (double)dt * n, s = y * T, e = exp(-s);
            double ex = character_x(y, s), ev = tail(s, 2), ea = y * s * e;
            snprintf(name, sizeof name, "character h=%g at %d Hz: x", H[i], n);
            near_rel(name, x, ex, ex, 1e-5 + n * 0x1p-25);
            snprintf(name, sizeof name, "character h=%g at %d Hz: v", H[i], n);
            near_rel(name, v, ev, ev, 1e-5);
            snprintf(name, sizeof name, "character h=%g at %d Hz: a", H[i], n);
            near_rel(name, a, ea, amax, 1e-5);
            snprintf(name, sizeof name, "simulation_position_update h=%g at %d Hz: each component", H[i], n);
            check_true(name, p.x == x && pv.x == v && pa.x == a && p.y == 0 && p.z == -x && pv.z == -v);
        }
}

/* The double spring (other_springs.c) from rest at 0 toward 1: each spring has rate k = 4·ln2/h,
 * and with s = k·t, xi = tail(s, 2), vi = k·s·e, x = tail(s, 4), v = k·e·s³/6 (the outer spring
 * solves (d/dt + k)²(x − 1) = k²·(xi − 1)). The pair set off together moves like s⁴/24 at first,
 * which the step formed from the goal (x = g + e·(1 + s + s²/2 + s³/6)·(x − g) + …) did not
 * resolve at all for slow springs. */
static void double_spring(void)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++) {
            int n = RATES[r];
            float h = (float)H[i], dt = 1.0f / (float)n, x = 0, v = 0, xi = 0, vi = 0, vmax = 0, vimax = 0;
            for (int k = 0; k < n; k++) {
                sp_double_spring_damper_exact(&x, &v, &xi, &vi, 1, h, dt);
                vmax = fmaxf(vmax, v);
                vimax = fmaxf(vimax, vi);
            }
            double kk = 4 * ORACLE_LN2 / h, T = (double)dt * n, s = kk * T, e = exp(-s);
            double ex = tail(s, 4), ev = kk * e * s * s * s / 6, exi = tail(s, 2), evi = kk * s * e;
            snprintf(name, sizeof name, "double h=%g at %d Hz: x", H[i], n);
            near_rel(name, x, ex, ex, 1e-5);
            snprintf(name, sizeof name, "double h=%g at %d Hz: v", H[i], n);
            near_rel(name, v, ev, vmax, 1e-5);
            snprintf(name, sizeof name, "double h=%g at %d Hz: xi", H[i], n);
            near_rel(name, xi, exi, exi, 1e-5);
            snprintf(name, sizeof name, "double h=%g at %d Hz: vi", H[i], n);
            near_rel(name, vi, evi, vimax, 1e-5);
        }
}

/* The timed and velocity springs (other_springs.c): a critical spring following the target
 * xi + vg·lead (lead = apprehension·halflife) until it reaches the goal, then the goal, against
 * RK4 in double, in two pieces split where the target stops. The steps are 2^−8 and 2^−10 s and
 * the interpolation moves at 1 per second, so that the inner goal xi, stepped in float, is exact
 * (its own rounding is the caller's input, not the spring's error). */
typedef struct {
    double y, vg, lead, stop, g;
} timed;
static void timed_ode(double t, const double *z, double *dz, const void *ctx)
{
    const timed *p = ctx;
    double target = t < p->stop ? p->vg * (t + p->lead) : p->g;
    dz[0] = z[1];
    dz[1] = p->y * p->y * (target - z[0]) - 2 * p->y * z[1];
}

static void timed_spring(void)
{
    const int rates[] = { 256, 1024 };
    const float app = 0.05f, g = 2.0f, t_goal = 2.0f; /* the interpolation moves at 1 per second */
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++) {
            int n = rates[r];
            float h = (float)H[i], dt = 1.0f / (float)n;
            float x = 0, v = 0, xi = 0, xv = 0, vv = 0, xiv = 0, vmax = 0;
            for (int k = 0; k < n; k++) {
                sp_timed_spring_damper_exact(&x, &v, &xi, g, t_goal - (float)k * dt, h, dt, app);
                sp_velocity_spring_damper_exact(&xv, &vv, &xiv, g, 1, h, dt, app);
                vmax = fmaxf(vmax, v);
            }
            timed p = { 2 * ORACLE_LN2 / h, 1, (double)app * h, t_goal - (double)app * h, g };
            double z[2] = { 0, 0 }, stop = fmin(fmax(p.stop, 0), 1);
            if (stop > 0) oracle_rk4(timed_ode, &p, 2, z, 0, stop, 100000);
            if (stop < 1) oracle_rk4(timed_ode, &p, 2, z, stop, 1 - stop, 100000);
            snprintf(name, sizeof name, "timed h=%g at %d Hz: x", H[i], n);
            near_rel(name, x, z[0], z[0], 1e-5);
            snprintf(name, sizeof name, "timed h=%g at %d Hz: v", H[i], n);
            near_rel(name, v, z[1], vmax, 1e-5);
            snprintf(name, sizeof name, "velocity spring h=%g at %d Hz: x", H[i], n);
            near_rel(name, xv, z[0], z[0], 1e-5);
        }
}

/* At 60 kHz: the critical family within twice the error of the general spring at the critical
 * frequency, stepped alongside (the state's rounding over 60,000 steps). */
static void critical_60khz(void)
{
    const int n = 60000;
    for (int i = 0; i < 6; i++) {
        float h = (float)H[i], dt = 1.0f / (float)n, f = sp_critical_frequency(h);
        double y = 2 * ORACLE_LN2 / h, T = (double)dt * n, s = y * T, ex = tail(s, 2), dx = T * exp(-s);
        float x = 0, v = 0, xs = 0, vs = 0, xd = 0, vd = 1, xds = 0, vds = 1;
        for (int k = 0; k < n; k++) {
            sp_simple_spring_damper_exact(&x, &v, 1, h, dt);
            sp_spring_damper_exact(&xs, &vs, 1, 0, f, h, dt);
            sp_decay_spring_damper_exact(&xd, &vd, h, dt);
            sp_spring_damper_exact(&xds, &vds, 0, 0, f, h, dt);
        }
        double e1 = fabs(x - ex) / ex, e2 = fabs(xs - ex) / ex, d1 = fabs(xd - dx) / dx,
               d2 = fabs(xds - dx) / dx;
        snprintf(name, sizeof name, "60 kHz h=%g: simple %.3g, spring_damper_exact %.3g (relative)", H[i], e1,
                 e2);
        check_true(name, e1 <= 2 * e2 + 1e-7);
        snprintf(name, sizeof name, "60 kHz h=%g: decay kick %.3g, spring_damper_exact %.3g (relative)", H[i],
                 d1, d2);
        check_true(name, d1 <= 2 * d2 + 1e-7);
    }
}

/* The exact damper's fraction α = 1 − 2^(−dt/halflife) = −expm1(−ln2·dt/halflife), against expm1
 * in double, from dt/halflife = 1e-9 (where 1 − keep in float is 0) to 3 (keep = 1/8): within two
 * ulps. The same α is a damped adjustment's fraction (sp_damp_adjustment_exact_v3). */
static void damper_fraction(void)
{
    const float R[] = { 1e-9f, 3e-8f, 8e-8f, 1e-7f, 1e-5f, 1e-3f, 0.1f, 0.4f, 0.5f, 0.7f, 1, 3 };
    for (int i = 0; i < 12; i++) {
        float h = 0.75f, dt = R[i] * h;
        double alpha = -expm1(-ORACLE_LN2 * dt / h);
        snprintf(name, sizeof name, "damper_exact(0, 1, %g, %g) = %.6g (α %.6g)", h, dt,
                 sp_damper_exact(0, 1, h, dt), alpha);
        near_rel(name, sp_damper_exact(0, 1, h, dt), alpha, alpha, 2.4e-7);
        sp_vec3 g = { 1, -2, 3 }, a;
        sp_damp_adjustment_exact_v3(&a, &g, h, dt);
        snprintf(name, sizeof name, "damp_adjustment_exact_v3 at dt/h = %g: g·α", R[i]);
        near_rel(name, a.z, 3 * alpha, 3 * alpha, 2.4e-7);
    }
}

/* The exact damper from 0 toward 1 over 1 s of steps: 1 − 2^(−t/h), relative 1e-5 of the distance
 * travelled; its vector form, batch and the character's position adjustment are that damper. */
static void damper_steps(void)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 6; i++) {
            int n = RATES[r];
            float h = (float)H[i], dt = 1.0f / (float)n, x = 0, bx[2] = { 0, 0 }, bg[2] = { 1, 2 };
            sp_vec3 p = { 0, 0, 0 }, g3 = { 1, 2, -1 }, c = { 0, 0, 0 };
            for (int k = 0; k < n; k++) {
                x = sp_damper_exact(x, 1, h, dt);
                sp_damper_exact_v3(&p, &g3, h, dt);
                sp_damper_exact_batch(bx, bg, &h, 0, dt, 2, 1);
                sp_adjust_character_position(&c, &c, &g3, h, dt);
            }
            double want = -expm1(-ORACLE_LN2 * ((double)dt * n) / h);
            snprintf(name, sizeof name, "damper_exact h=%g at %d Hz: %.7g (exact %.7g)", H[i], n, x, want);
            near_rel(name, x, want, want, 1e-5);
            snprintf(name, sizeof name, "damper_exact_v3, batch, adjust_character_position h=%g at %d Hz",
                     H[i], n);
            check_true(name,
                       p.x == x && bx[0] == x && c.x == x && fabs(p.y - 2 * want) <= 2e-5 * want
                           && fabs(bx[1] - 2 * want) <= 2e-5 * want && c.y == p.y && c.z == p.z);
        }
    /* the figures: 240 steps of 1/240 s and one step of 1 s at halflife 100 s */
    float x = 0;
    for (int k = 0; k < 240; k++) x = sp_damper_exact(x, 1, 100, 1.0f / 240);
    double want = -expm1(-ORACLE_LN2 * ((double)(1.0f / 240) * 240) / 100);
    snprintf(name, sizeof name, "halflife 100 s: 240 steps %.7g, one step %.7g, exact %.7g", x,
             sp_damper_exact(0, 1, 100, 1), want);
    check_true(name,
               fabs(x - want) <= 1e-5 * want && fabs(sp_damper_exact(0, 1, 100, 1) - want) <= 2e-7 * want);
}

int main(void)
{
    critical_family();
    critical_60khz();
    character();
    double_spring();
    timed_spring();
    damper_fraction();
    damper_steps();
    printf("slow springs: worst error / tolerance %.3g\n", worst);
    return testing_finish("test_slow_springs");
}
