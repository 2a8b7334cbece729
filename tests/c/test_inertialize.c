/* test_inertialize.c — the inertializers: continuity of position and velocity across a
 * transition (state equality at the switch, and finite differences either side),
 * convergence to the input, the spring offset against RK4 of its ODE, the cubic against the
 * article's coefficient form, the quintic against a quintic solved here from its six
 * conditions (zero offset, velocity, acceleration at the blend time; never overshooting),
 * dead blending against its definition. */
#include <stdlib.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static double urand(void) { return rand() / (double)RAND_MAX; }
static double logrand(double lo, double hi) { return lo * pow(hi / lo, urand()); }
static double sgn_rand(void) { return urand() < 0.5 ? -1.0 : 1.0; }

/* two animation streams, with their exact velocities */
static double src_x(double t) { return 1.3 * sin(2.0 * t); }
static double src_v(double t) { return 2.6 * cos(2.0 * t); }
static double dst_x(double t) { return cos(3.0 * t) + 0.5; }
static double dst_v(double t) { return -3.0 * sin(3.0 * t); }

enum { SPRING, CUBIC, QUINTIC, DEAD };
typedef struct {
    float a, b, c;
} state3; /* offset x, v and time (or extrapolated x, v, t) */

/* One frame of each inertializer: advance by dt, then (if switching) transition from src to
 * dst, then output from the current stream. Returns position and velocity of the output. */
static void frame(int kind, state3 *s, int playing_dst, int switching, double t, float dt, float *ox,
                  float *ov)
{
    const float h = 0.1f, z = 0.3f;
    float sx = (float)src_x(t), sv = (float)src_v(t), dx = (float)dst_x(t), dv = (float)dst_v(t);
    float ix = playing_dst ? dx : sx, iv = playing_dst ? dv : sv;
    switch (kind) {
    case SPRING:
        sp_inertialize_update(ox, ov, &s->a, &s->b, ix, iv, h, dt);
        if (switching) {
            sp_inertialize_transition(&s->a, &s->b, sx, sv, dx, dv);
            sp_inertialize_update(ox, ov, &s->a, &s->b, dx, dv, h, 0.0f);
        }
        break;
    case CUBIC:
        sp_inertialize_cubic_update(ox, ov, &s->c, s->a, s->b, ix, iv, z, dt);
        if (switching) {
            sp_inertialize_cubic_transition(&s->a, &s->b, &s->c, sx, sv, dx, dv, z);
            sp_inertialize_cubic_update(ox, ov, &s->c, s->a, s->b, dx, dv, z, 0.0f);
        }
        break;
    case QUINTIC:
        sp_inertialize_quintic_update(ox, ov, &s->c, s->a, s->b, ix, iv, z, dt);
        if (switching) {
            sp_inertialize_quintic_transition(&s->a, &s->b, &s->c, sx, sv, dx, dv, z);
            sp_inertialize_quintic_update(ox, ov, &s->c, s->a, s->b, dx, dv, z, 0.0f);
        }
        break;
    default:
        sp_dead_blending_update(ox, ov, &s->c, s->a, s->b, ix, iv, h, z, dt);
        if (switching) {
            sp_dead_blending_transition(&s->a, &s->b, &s->c, sx, sv, h, z);
            sp_dead_blending_update(ox, ov, &s->c, s->a, s->b, dx, dv, h, z, 0.0f);
        }
        break;
    }
}

static void continuity(int kind, const char *name)
{
    /* frames of dt; switch src → dst at frame K, and a second switch back 0.05 s later so that
     * the second transition starts from a live offset */
    enum { K = 300 };
    const float dt = 1.0f / 1000.0f;
    state3 s = { 0.0f, 0.0f, 1e9f };
    static float xs[2000], vs[2000];
    int k2 = K + 50;
    for (int k = 0; k < 2000; k++) {
        double t = k * (double)dt;
        int playing_dst = k >= K && k < k2;
        float before_x = 0, before_v = 0;
        if (k == K || k == k2) {
            state3 copy = s;
            frame(kind, &copy, k > K ? 1 : 0, 0, t, dt, &before_x, &before_v);
        }
        /* at k2 we switch back: src and dst swap roles */
        if (k == k2) {
            state3 copy = s;
            float dummy_x, dummy_v;
            frame(kind, &copy, 1, 0, t, dt, &dummy_x, &dummy_v);
            /* transition from dst (playing) to src: swap by transitioning with roles exchanged */
            s = copy;
            float sx = (float)dst_x(t), sv = (float)dst_v(t), dx = (float)src_x(t), dv = (float)src_v(t);
            switch (kind) {
            case SPRING:
                sp_inertialize_transition(&s.a, &s.b, sx, sv, dx, dv);
                sp_inertialize_update(&xs[k], &vs[k], &s.a, &s.b, dx, dv, 0.1f, 0);
                break;
            case CUBIC:
                sp_inertialize_cubic_transition(&s.a, &s.b, &s.c, sx, sv, dx, dv, 0.3f);
                sp_inertialize_cubic_update(&xs[k], &vs[k], &s.c, s.a, s.b, dx, dv, 0.3f, 0);
                break;
            case QUINTIC:
                sp_inertialize_quintic_transition(&s.a, &s.b, &s.c, sx, sv, dx, dv, 0.3f);
                sp_inertialize_quintic_update(&xs[k], &vs[k], &s.c, s.a, s.b, dx, dv, 0.3f, 0);
                break;
            default:
                sp_dead_blending_transition(&s.a, &s.b, &s.c, sx, sv, 0.1f, 0.3f);
                sp_dead_blending_update(&xs[k], &vs[k], &s.c, s.a, s.b, dx, dv, 0.1f, 0.3f, 0);
                break;
            }
        } else {
            frame(kind, &s, playing_dst, k == K, t, k == 0 ? 0.0f : dt, &xs[k], &vs[k]);
        }
        if (k == K || k == k2) {
            char what[128];
            /* the output right after the switch equals the output just before it, to float rounding */
            snprintf(what, sizeof what, "%s: position unchanged by transition %d", name, k == K ? 1 : 2);
            check_near(what, xs[k], before_x, 1e-6);
            snprintf(what, sizeof what, "%s: velocity unchanged by transition %d", name, k == K ? 1 : 2);
            check_near(what, vs[k], before_v, 1e-5);
        }
    }
    /* finite differences across each switch: the slope to the left and to the right differ by
     * at most (|a_left| + |a_right|)·dt (C1 output), a_left, a_right estimated by second
     * differences one frame away from the switch, plus float noise 4·6e-8·|x|/dt */
    int switches[2] = { K, k2 };
    for (int i = 0; i < 2; i++) {
        int k = switches[i];
        double left = (xs[k] - xs[k - 1]) / dt, right = (xs[k + 1] - xs[k]) / dt;
        double al = fabs(xs[k - 1] - 2 * xs[k - 2] + xs[k - 3]) / (dt * dt);
        double ar = fabs(xs[k + 3] - 2 * xs[k + 2] + xs[k + 1]) / (dt * dt);
        double bound = (al + ar + 1.0) * dt + 4 * 6e-8 * 3.0 / dt;
        char what[128];
        snprintf(what, sizeof what,
                 "%s: finite-difference velocity continuous at switch %d (jump %.3g, bound %.3g)", name,
                 i + 1, fabs(right - left), bound);
        check_true(what, fabs(right - left) <= bound);
        /* and the reported velocity matches the central difference there */
        snprintf(what, sizeof what, "%s: reported velocity = central difference at switch %d", name, i + 1);
        check_near(what, vs[k], (xs[k + 1] - xs[k - 1]) / (2 * dt),
                   (al + ar + 1.0) * dt + 4 * 6e-8 * 3.0 / dt);
    }
    /* convergence: 1.6 s after the last switch the output is the input (spring: 16 halflives,
     * offset ≤ 2^−16·(1 + y·t)·|offset| ≈ 1e-3 of it at most; the others exactly) */
    double t = 1999 * (double)dt;
    double err = fabs(xs[1999] - src_x(t));
    char what[96];
    snprintf(what, sizeof what, "%s: converges to the input (|out − in| = %.3g)", name, err);
    check_true(what, kind == SPRING ? err < 1e-4 : err < 1e-6);
}

/* quintic through x0, v0, a0 at 0 and zeros at t1 (hand-solved coefficients), with Bollo's rules */
static void quintic_oracle(double x0, double v0, double z, double t, double *x, double *v, double *a,
                           double *t1_out)
{
    double t1 = z;
    if (x0 * v0 < 0 && -5 * x0 / v0 < t1) t1 = -5 * x0 / v0;
    double a0 = (-8 * v0 * t1 - 20 * x0) / (t1 * t1);
    if ((x0 >= 0 && a0 < 0) || (x0 < 0 && a0 > 0)) a0 = 0;
    *t1_out = t1;
    if (t >= t1) {
        *x = *v = *a = 0;
        return;
    }
    double A = -(a0 * t1 * t1 + 6 * v0 * t1 + 12 * x0) / (2 * pow(t1, 5));
    double B = (3 * a0 * t1 * t1 + 16 * v0 * t1 + 30 * x0) / (2 * pow(t1, 4));
    double C = -(3 * a0 * t1 * t1 + 12 * v0 * t1 + 20 * x0) / (2 * pow(t1, 3));
    *x = ((((A * t + B) * t + C) * t + a0 / 2) * t + v0) * t + x0;
    *v = (((5 * A * t + 4 * B) * t + 3 * C) * t + a0) * t + v0;
    *a = ((20 * A * t + 12 * B) * t + 6 * C) * t + a0;
}

static char name[240];

/* Dead blending with no decay (the article's dead_blending_update): the source keeps its velocity,
 * sx = ext_x + ext_v·t, and the output cross-fades to the input by α = smoothstep(t/blendtime), with
 * the true derivative (1 − α)·ext_v + α·in_v + α'·(in_x − sx), α' = 6τ(1 − τ)/blendtime. */
static void dead_blending_no_decay(void)
{
    const float ts[] = { 0, 0.05f, 0.2f, 0.37f, 0.5f, 0.9f };
    for (int i = 0; i < 6; i++) {
        float ex = 1.5f, ev = -4, ix = 0.25f, iv = 2, bt = 0.5f, ox, ov;
        sp_dead_blending_evaluate(&ox, &ov, ex, ev, ts[i], ix, iv, INFINITY, bt);
        double t = ts[i], tau = fmin(t / bt, 1), a = tau * tau * (3 - 2 * tau), sx = ex + ev * t;
        double wx = t < bt ? (1 - a) * sx + a * ix : ix;
        double wv = t < bt ? (1 - a) * ev + a * iv + 6 * tau * (1 - tau) / bt * (ix - sx) : iv;
        snprintf(name, sizeof name, "dead blending, halflife +Inf, t = %g: x", t);
        check_near(name, ox, wx, 1e-6);
        snprintf(name, sizeof name, "dead blending, halflife +Inf, t = %g: v", t);
        check_near(name, ov, wv, 1e-6);
    }
    float ux, uv, ut = 0.1f;
    sp_dead_blending_update(&ux, &uv, &ut, 1.5f, -4, 0.25f, 2, INFINITY, 0.5f, 0.1f);
    double tau = 0.4, a = tau * tau * (3 - 2 * tau);
    check_near("dead_blending_update, halflife +Inf", ux, (1 - a) * (1.5 - 4 * 0.2) + a * 0.25, 1e-6);
    float x = 1, v = -4;
    sp_extrapolate(&x, &v, INFINITY, 0.3f);
    check_true("extrapolate, halflife +Inf: straight on", fabs(x - (1 - 4 * 0.3f)) <= 1e-6 && v == -4);
}

int main(void)
{
    srand(777);
    continuity(SPRING, "spring");
    continuity(CUBIC, "cubic");
    continuity(QUINTIC, "quintic");
    continuity(DEAD, "dead blending");

    /* spring offset decay against RK4 of a = y²·(0 − x) + 2y·(0 − v) */
    for (int i = 0; i < 20; i++) {
        float h = (float)logrand(0.02, 1.0), dt = (float)logrand(0.001, 1.0);
        float off_x = (float)(sgn_rand() * logrand(0.01, 10)),
              off_v = (float)(sgn_rand() * logrand(0.01, 100)), out_x, out_v;
        double y = 2 * ORACLE_LN2 / h, ox = off_x, ov = off_v;
        oracle_spring p = { y * y, 2 * y, 0, 0 };
        oracle_spring_rk4(&p, &ox, &ov, dt, 20000);
        sp_inertialize_update(&out_x, &out_v, &off_x, &off_v, 0.25f, -1.0f, h, dt);
        check_near("spring inertializer x = in + RK4 offset", out_x, 0.25 + ox, 1e-5 * (1 + fabs(ox)));
        check_near("spring inertializer v = in + RK4 offset velocity", out_v, -1.0 + ov,
                   1e-5 * (1 + fabs(ov) + y * fabs(ox)));
    }

    /* cubic against the article's coefficients a τ³ + b τ² + c τ + d and their derivative */
    for (int i = 0; i < 200; i++) {
        double x = sgn_rand() * logrand(0.01, 10), v = sgn_rand() * logrand(0.01, 100), z = logrand(0.05, 2),
               t = urand() * 1.2 * z;
        float fx = (float)x, fv = (float)v, fz = (float)z, ft = (float)t, ox, ov;
        x = fx;
        v = fv;
        z = fz;
        t = ft;
        double tau = t / z < 1 ? t / z : 1, d = x, c = v * z, b = -3 * d - 2 * c, a = 2 * d + c;
        double wx = ((a * tau + b) * tau + c) * tau + d,
               wv = t < z ? (3 * a * tau * tau + 2 * b * tau + c) / z : 0;
        sp_decayed_offset_cubic(&ox, &ov, fx, fv, fz, ft);
        double sc = fabs(x) + fabs(v) * z; /* float rounding relative to the terms */
        check_near("cubic offset = article's polynomial", ox / sc, wx / sc, 1e-6);
        check_near("cubic velocity = article's derivative", ov * z / sc, wv * z / sc, 1e-5);
        check_true("decay_cubic = decayed offset", sp_decay_cubic(fx, fv, fz, ft) == ox);
    }
    {
        float ox, ov;
        sp_decayed_offset_cubic(&ox, &ov, 2.0f, 3.0f, 0.0f, 0.0f);
        check_true("cubic blendtime 0: offset gone", ox == 0 && ov == 0);
        sp_decayed_offset_cubic(&ox, &ov, 2.0f, 3.0f, 0.5f, 0.0f);
        check_true("cubic dt 0: offset whole", ox == 2.0f && ov == 3.0f);
        sp_decayed_offset_cubic(&ox, &ov, 2.0f, 3.0f, 0.5f, 0.5f);
        check_true("cubic at blendtime: exactly 0", ox == 0 && ov == 0);
    }

    /* cubic vec3 = cubic per component */
    {
        sp_vec3 ox = { 1, -2, 0.5f }, ov = { 3, 0, -1 }, sx = { 0.1f, 0.2f, 0.3f }, sv = { 1, 1, 1 },
                dx = { -1, 0, 2 }, dv = { 0, 2, 0 };
        float t = 0.05f, t3 = 0.05f, fx[3] = { 1, -2, 0.5f }, fv[3] = { 3, 0, -1 };
        float s3x[3] = { 0.1f, 0.2f, 0.3f }, d3x[3] = { -1, 0, 2 }, d3v[3] = { 0, 2, 0 };
        sp_inertialize_cubic_transition_v3(&ox, &ov, &t3, &sx, &sv, &dx, &dv, 0.3f);
        int same = 1;
        for (int c = 0; c < 3; c++) {
            float tt = t;
            sp_inertialize_cubic_transition(&fx[c], &fv[c], &tt, s3x[c], 1, d3x[c], d3v[c], 0.3f);
        }
        same = ox.x == fx[0] && ox.y == fx[1] && ox.z == fx[2] && ov.x == fv[0] && ov.y == fv[1]
            && ov.z == fv[2] && t3 == 0;
        check_true("cubic transition v3 = per component", same);
    }

    /* quintic: against the hand-solved quintic, zero x, v, a at t1, no overshoot */
    int overshoot = 0, mismatch = 0, edge = 0;
    for (int i = 0; i < 20000; i++) {
        double x0 = i % 50 == 0 ? 0.0 : sgn_rand() * logrand(1e-3, 1e3);
        double z = logrand(0.02, 2.0);
        double v0 = sgn_rand() * logrand(1e-3, 1e4) * (i % 3 == 0 ? 1 : fabs(x0) / z);
        float fx = (float)x0, fv = (float)v0, fz = (float)z;
        x0 = fx;
        v0 = fv;
        z = fz;
        double t1;
        double wx, wv, wa;
        quintic_oracle(x0, v0, z, 0, &wx, &wv, &wa, &t1);
        float lt1 = sp_quintic_blendtime(fx, fv, fz);
        if (!(fabs(lt1 - t1) <= 1e-6 * t1)) mismatch++;
        double sc = fabs(x0) + fabs(v0) * t1; /* size of the offset's terms */
        /* dense sampling: 400 points, plus points packed near the end */
        for (int s = 0; s <= 440; s++) {
            double tau = s <= 400 ? s / 400.0 : 1.0 - pow(10.0, -(s - 400) / 8.0);
            float t = (float)(tau * lt1), ox, ov, oa;
            sp_decayed_offset_quintic(&ox, &ov, &oa, fx, fv, fz, t);
            quintic_oracle(x0, v0, z, t, &wx, &wv, &wa, &t1);
            /* overshoot: the offset takes the sign of x0 (or of v0 when x0 = 0), or is 0 */
            double ref = x0 != 0 ? x0 : v0;
            if (ox * ref < 0) overshoot++;
            /* 2e-5 of the term size: the factored and the expanded forms round differently, and
             * the expanded double one is exact to 1e-12 here */
            if (!(fabs(ox - wx) <= 2e-5 * sc)) mismatch++;
            if (!(fabs(ov - wv) * t1 <= 2e-4 * sc)) mismatch++;
            if (!(fabs(oa - wa) * t1 * t1 <= 2e-3 * sc)) mismatch++;
        }
        /* x, v, a vanish at t1 as a triple root does: at τ = 1 − ε the offset is
         * ε³·r(1), its velocity·t1 ≈ −3ε²·r(1), its acceleration·t1² ≈ 6ε·r(1), with the
         * quadratic factor r(1) = h ≤ 4|v0|t1 + 10|x0| ≤ 10·sc (internal.h). Bounds 11, 33, 66
         * leave 10% for the O(ε) terms; ε is measured from the float time actually used. */
        float ox, ov, oa, te = (float)(lt1 * (1 - 1e-3));
        double eps = 1.0 - te / (double)lt1;
        sp_decayed_offset_quintic(&ox, &ov, &oa, fx, fv, fz, te);
        if (!(fabs(ox) <= 11 * sc * eps * eps * eps && fabs(ov) * t1 <= 33 * sc * eps * eps
              && fabs(oa) * t1 * t1 <= 66 * sc * eps)) {
            if (edge < 5)
                printf("edge x0=%g v0=%g z=%g t1=%g: x %g v %g a %g (sc %g)\n", x0, v0, z, t1, ox / sc,
                       ov * t1 / sc, oa * t1 * t1 / sc, sc);
            edge++;
        }
        sp_decayed_offset_quintic(&ox, &ov, &oa, fx, fv, fz, lt1);
        if (!(ox == 0 && ov == 0 && oa == 0)) edge++;
    }
    char what[128];
    snprintf(what, sizeof what, "quintic never overshoots zero (20000 offsets × 441 samples: %d)", overshoot);
    check_true(what, overshoot == 0);
    snprintf(what, sizeof what, "quintic = hand-solved quintic with Bollo's a0 and t1 (%d mismatches)",
             mismatch);
    check_true(what, mismatch == 0);
    snprintf(what, sizeof what, "quintic: zero offset, velocity, acceleration at t1 (%d bad)", edge);
    check_true(what, edge == 0);
    {
        float ox, ov, oa;
        sp_decayed_offset_quintic(&ox, &ov, &oa, 2.0f, -3.0f, 0.4f, 0.0f);
        /* a0 is clamped to 0 here (−8·v·z − 20·x < 0); it comes out of a sum that cancels
         * in exact arithmetic, so to a few roundings of its terms (|B|/z² ≈ 190) */
        check_true("quintic dt 0: offset whole", ox == 2.0f && ov == -3.0f && fabsf(oa) < 1e-4f);
        sp_decayed_offset_quintic(&ox, &ov, &oa, 2.0f, -3.0f, 0.0f, 0.0f);
        check_true("quintic blendtime 0: offset gone", ox == 0 && ov == 0 && oa == 0);
        check_near("quintic shortened blend time", sp_quintic_blendtime(1.0f, -50.0f, 0.5f), 0.1, 1e-7);
        check_true("quintic not shortened when moving away", sp_quintic_blendtime(1.0f, 50.0f, 0.5f) == 0.5f);
    }

    /* dead blending against its definition */
    for (int i = 0; i < 200; i++) {
        float ex = (float)(urand() * 4 - 2), ev = (float)(urand() * 20 - 10), h = (float)logrand(0.02, 1),
              z = (float)logrand(0.05, 1);
        float t = (float)(urand() * 1.2 * z), ix = (float)(urand() * 4 - 2), iv = (float)(urand() * 20 - 10),
              ox, ov;
        sp_dead_blending_evaluate(&ox, &ov, ex, ev, t, ix, iv, h, z);
        double lam = ORACLE_LN2 / h, tau = t < z ? t / (double)z : 1;
        double sx = ex + ev * (1 - exp(-lam * t)) / lam, sv = ev * exp(-lam * t);
        double al = tau * tau * (3 - 2 * tau), dal = 6 * tau * (1 - tau) / z;
        check_near("dead blending position", ox, (1 - al) * sx + al * ix, 1e-5 * (1 + fabs(sx)));
        check_near("dead blending velocity", ov, (1 - al) * sv + al * iv + dal * (ix - sx),
                   1e-5 * (1 + fabs(sv) + fabs(iv) + fabs(ix - sx) / z));
    }
    {
        float ox, ov;
        sp_dead_blending_evaluate(&ox, &ov, 1, 2, 0.5f, 3, 4, 0.1f, 0.5f);
        check_true("dead blending after blendtime = input exactly", ox == 3 && ov == 4);
        sp_dead_blending_evaluate(&ox, &ov, 1, 2, 0.0f, 3, 4, 0.0f, 0.5f);
        check_true("dead blending at t = 0 = extrapolation start (halflife 0 too)", ox == 1 && ov == 2);
        sp_dead_blending_evaluate(&ox, &ov, 1, 2, 0.0f, 3, 4, 0.1f, 0.0f);
        check_true("dead blending blendtime 0 = input", ox == 3 && ov == 4);
    }

    /* vec3 and quaternion spring inertializers */
    {
        sp_vec3 offx = { 0, 0, 0 }, offv = { 0, 0, 0 }, sx = { 1, 2, 3 }, sv = { -1, 0, 1 }, dx = { 0, 0, 1 },
                dv = { 2, 2, 2 }, ox, ov;
        sp_inertialize_transition_v3(&offx, &offv, &sx, &sv, &dx, &dv);
        sp_inertialize_update_v3(&ox, &ov, &offx, &offv, &dx, &dv, 0.1f, 0.0f);
        check_true("v3: output = source at the switch",
                   ox.x == 1 && ox.y == 2 && ox.z == 3 && ov.x == -1 && ov.y == 0 && ov.z == 1);
        float fx = 1 - 0.0f, fv = -1 - 2.0f, gx, gv;
        sp_inertialize_update_v3(&ox, &ov, &offx, &offv, &dx, &dv, 0.1f, 0.05f);
        sp_inertialize_update(&gx, &gv, &fx, &fv, 0, 2, 0.1f, 0.05f);
        check_true("v3 = per component", ox.x == gx && ov.x == gv);
    }
    {
        /* rotations about different axes with angular velocities; the output rotation and its
         * angular velocity are unchanged by the transition (to float rounding) and the output
         * converges to the input */
        sp_vec3 a1 = { 0.3f, -0.2f, 0.9f }, a2 = { -1.1f, 0.4f, 0.2f }, a3 = { 0.5f, 0.5f, -0.5f };
        sp_quat off, src, dst, in_x;
        sp_quat_from_scaled_angle_axis(&off, &a3);
        sp_quat_from_scaled_angle_axis(&src, &a1);
        sp_quat_from_scaled_angle_axis(&dst, &a2);
        sp_vec3 offv = { 0.2f, -0.1f, 0.4f }, srcv = { 1, 2, -1 }, dstv = { -2, 0.5f, 0.3f }, before_v,
                after_v;
        sp_quat before, after;
        sp_inertialize_update_quat(&before, &before_v, &off, &offv, &src, &srcv, 0.1f, 0.0f);
        sp_inertialize_transition_quat(&off, &offv, &src, &srcv, &dst, &dstv);
        sp_inertialize_update_quat(&after, &after_v, &off, &offv, &dst, &dstv, 0.1f, 0.0f);
        double dotq = fabs((double)before.x * after.x + (double)before.y * after.y
                           + (double)before.z * after.z + (double)before.w * after.w);
        check_near("quat: output rotation unchanged by the transition", dotq, 1.0, 1e-6);
        check_near("quat: angular velocity x unchanged", after_v.x, before_v.x, 1e-5);
        check_near("quat: angular velocity y unchanged", after_v.y, before_v.y, 1e-5);
        check_near("quat: angular velocity z unchanged", after_v.z, before_v.z, 1e-5);
        /* the world angular velocity of off·in is ω_off + off·ω_in: check through finite
         * differences of the output with a constant input rotation rate and a frozen offset
         * (halflife huge, so the offset's own rotation is its velocity over a tiny dt) */
        sp_quat o1, o2;
        sp_vec3 v1;
        sp_quat off0 = off;
        sp_vec3 offv0 = { 0, 0, 0 };
        sp_quat f0 = off0;
        sp_inertialize_update_quat(&o1, &v1, &f0, &offv0, &dst, &dstv, 1e6f, 0.0f);
        sp_vec3 step = { dstv.x * 1e-3f, dstv.y * 1e-3f, dstv.z * 1e-3f };
        sp_quat dq, in2;
        sp_quat_from_scaled_angle_axis(&dq, &step);
        sp_quat_mul(&in2, &dq, &dst); /* world-frame rotation of the input by ω·dt */
        sp_inertialize_update_quat(&o2, &v1, &f0, &offv0, &in2, &dstv, 1e6f, 0.0f);
        sp_quat inv1, rel;
        sp_quat_inv(&inv1, &o1);
        sp_quat_mul(&rel, &o2, &inv1);
        sp_vec3 w;
        sp_quat_to_scaled_angle_axis(&w, &rel);
        check_near("quat: out_v = off·in_v (finite difference) x", w.x / 1e-3, v1.x, 2e-3);
        check_near("quat: out_v = off·in_v (finite difference) y", w.y / 1e-3, v1.y, 2e-3);
        check_near("quat: out_v = off·in_v (finite difference) z", w.z / 1e-3, v1.z, 2e-3);
        /* convergence: after 3 s (30 halflives) the output is the input */
        sp_inertialize_update_quat(&after, &after_v, &off, &offv, &dst, &dstv, 0.1f, 3.0f);
        in_x = dst;
        dotq = fabs((double)in_x.x * after.x + (double)in_x.y * after.y + (double)in_x.z * after.z
                    + (double)in_x.w * after.w);
        check_near("quat: converges to the input", dotq, 1.0, 1e-6);
    }
    dead_blending_no_decay();
    return testing_finish("test_inertialize");
}
