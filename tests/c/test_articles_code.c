/* test_articles_code.c — the functions of the articles' code that a reader looks for (issue 22,
 * item 6), each against its formula worked out here in double: Spring-It-On's
 * damping_ratio_to_stiffness / damping_ratio_to_damping; the tracking repository's improved
 * trackers without the acceleration (and velocity) blends and its gains-based exact tracker
 * (tracking_spring_update_exact, here sp_tracking_spring_update_exact_gains); a damped adjustment
 * on a float; dead blending with no decay (halflife +Inf); Motion-Matching's quat_exp, quat_log
 * and quat_between. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

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

/* A damped adjustment of a float: g·(1 − 2^(−dt/h)), the vector form's component bit for bit. */
static void damp_adjustment(void)
{
    const float R[] = { 1e-8f, 1e-3f, 0.5f, 4 };
    for (int i = 0; i < 4; i++) {
        float h = 0.3f, dt = R[i] * h, g = -2.5f;
        double want = -g * expm1(-ORACLE_LN2 * dt / h);
        sp_vec3 gv = { 1, g, 3 }, o;
        sp_damp_adjustment_exact_v3(&o, &gv, h, dt);
        snprintf(name, sizeof name, "damp_adjustment_exact at dt/h = %g", R[i]);
        check_near(name, sp_damp_adjustment_exact(g, h, dt) / want, 1, 2.4e-7);
        check_true("… the vector form's component", sp_damp_adjustment_exact(g, h, dt) == o.y);
    }
    check_true("damp_adjustment_exact: halflife 0 covers it all, dt 0 nothing",
               sp_damp_adjustment_exact(-2.5f, 0, 0.1f) == -2.5f
                   && sp_damp_adjustment_exact(-2.5f, 0.3f, 0) == 0);
}

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

/* Motion-Matching's quaternion log and exp: exp(0, v) = (v/|v|·sin|v|, cos|v|), log q = half the
 * angle times the axis (w < 0 too: no shortest arc), in double. */
static void quat_exp_log(void)
{
    const double vs[][3] = {
        { 0, 0, 0 }, { 1e-20, -2e-20, 0 }, { 0.3, -0.2, 0.1 }, { 1, 1, -1 }, { 40, -13, 7 }
    };
    for (int i = 0; i < 5; i++) {
        sp_vec3 v = { (float)vs[i][0], (float)vs[i][1], (float)vs[i][2] };
        sp_quat q;
        sp_quat_exp(&q, &v);
        double l = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z),
               k = l > 0 ? sin(l) / l : 1;
        /* the half angle |v| is itself a float sum of squares: its rounding, 1.2e-7·|v|, moves sin and cos */
        double tol = 2.4e-7 * (1 + l);
        snprintf(name, sizeof name, "quat_exp(%g, %g, %g)", v.x, v.y, v.z);
        check_true(name,
                   fabs(q.x - k * v.x) <= tol * fmax(fabs(k * v.x), l > 1 ? 1 : 0)
                       && fabs(q.y - k * v.y) <= tol * fmax(fabs(k * v.y), l > 1 ? 1 : 0)
                       && fabs(q.w - cos(l)) <= tol);
        sp_quat twice;
        sp_vec3 v2 = { 2 * v.x, 2 * v.y, 2 * v.z };
        sp_quat_from_scaled_angle_axis(&twice, &v2);
        check_true("… = quat_from_scaled_angle_axis(2v)",
                   fabs(twice.x - q.x) <= 1.2e-7 && fabs(twice.w - q.w) <= 1.2e-7);
    }
    /* the log of a rotation by θ about n is (θ/2)·n, half angles up to π (w < 0 kept) */
    const double angles[] = { 1e-6, 0.4, 2.5, 4.0, 6.0 };
    for (int i = 0; i < 5; i++) {
        double n[3] = { 0.48, -0.6, 0.64 }, h = angles[i] / 2;
        sp_quat q = { (float)(n[0] * sin(h)), (float)(n[1] * sin(h)), (float)(n[2] * sin(h)), (float)cos(h) };
        sp_vec3 lg;
        sp_quat_log(&lg, &q);
        oracle_quat qd = { q.x, q.y, q.z, q.w };
        double l = sqrt(qd.x * qd.x + qd.y * qd.y + qd.z * qd.z), half = atan2(l, qd.w);
        snprintf(name, sizeof name, "quat_log of a rotation by %g rad: half its angle (%.7g)", angles[i],
                 half);
        check_near(name, lg.y, qd.y / l * half, 2e-7);
        check_near(name, lg.z, qd.z / l * half, 2e-7);
        sp_quat back;
        sp_quat_exp(&back, &lg);
        check_true("… exp(log q) = q", fabs(back.x - q.x) <= 2e-7 && fabs(back.w - q.w) <= 2e-7);
    }
}

/* Motion-Matching's quat_between: the rotation taking the direction of p to that of q turns p onto
 * q, by the angle between them (atan2(|p×q|, p·q) in double), about an axis perpendicular to both;
 * for opposite directions a half turn about an axis perpendicular to p; the identity for a zero. */
static void quat_between(void)
{
    const double ps[][3] = { { 1, 0, 0 },         { 0.3, -2, 5 }, { 1e30, 2e30, -1e30 },
                             { 1e-30, 0, 3e-30 }, { 1, 1, 1 },    { 0, 2, 0 } };
    const double qs[][3] = { { 0, 1, 0 },     { -4, 1, 0.5 },   { 3, -1, 2 },
                             { 0, 1e-20, 0 }, { 1, 1, 1.0001 }, { 0, -7, 0 } };
    for (int i = 0; i < 6; i++) {
        sp_vec3 p = { (float)ps[i][0], (float)ps[i][1], (float)ps[i][2] },
                q = { (float)qs[i][0], (float)qs[i][1], (float)qs[i][2] };
        sp_quat r;
        sp_quat_between(&r, &p, &q);
        oracle_quat rd = { r.x, r.y, r.z, r.w };
        double pn = sqrt((double)p.x * p.x + (double)p.y * p.y + (double)p.z * p.z),
               qn = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z);
        oracle_quat pu = { p.x / pn, p.y / pn, p.z / pn, 0 }, qu = { q.x / qn, q.y / qn, q.z / qn, 0 };
        oracle_quat turned = oracle_quat_mul(oracle_quat_mul(rd, pu), oracle_quat_conj(rd));
        double miss = sqrt(pow(turned.x - qu.x, 2) + pow(turned.y - qu.y, 2) + pow(turned.z - qu.z, 2));
        double cx = pu.y * qu.z - pu.z * qu.y, cy = pu.z * qu.x - pu.x * qu.z, cz = pu.x * qu.y - pu.y * qu.x;
        double angle = atan2(sqrt(cx * cx + cy * cy + cz * cz), pu.x * qu.x + pu.y * qu.y + pu.z * qu.z);
        double j[3];
        oracle_quat_log(j, rd);
        snprintf(name, sizeof name, "quat_between #%d: turns p onto q (miss %.2g)", i, miss);
        check_true(name, miss <= 4e-7);
        snprintf(name, sizeof name, "quat_between #%d: by the angle between them, %.7g", i, angle);
        check_near(name, sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]), angle, 4e-7);
        snprintf(name, sizeof name, "quat_between #%d: about an axis perpendicular to both", i);
        check_near(name,
                   (j[0] * pu.x + j[1] * pu.y + j[2] * pu.z) + (j[0] * qu.x + j[1] * qu.y + j[2] * qu.z), 0,
                   4e-7);
    }
    sp_vec3 zero = { 0, 0, 0 }, p = { 1, 2, 3 };
    sp_quat r;
    sp_quat_between(&r, &zero, &p);
    check_true("quat_between: the identity from a zero vector", r.x == 0 && r.y == 0 && r.z == 0 && r.w == 1);
}

int main(void)
{
    damping_ratio();
    improved_trackers();
    exact_gains_tracker();
    damp_adjustment();
    dead_blending_no_decay();
    quat_exp_log();
    quat_between();
    return testing_finish("test_articles_code");
}
