/* test_vectors.c — the 2D and 3D forms: dampers, springs, extrapolation, inertializers,
 * adjustment, clamping and the simulation object.
 *
 * Structure: every 3D component equals the scalar function bit for bit, and every 2D
 * function equals the 3D one on (x, y, 0) bit for bit. Oracles: the damper's and the
 * extrapolation's closed forms in double worked out here, RK4 in double on the spring ODE per
 * component and on the rotation q' = ½·ω(t)·q for the decaying angular velocity. */
#include <string.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];
static unsigned rng = 12345u;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)((rng >> 8) / 16777216.0);
}
static sp_vec3 rv3(float a) { return (sp_vec3){ rnd(-a, a), rnd(-a, a), rnd(-a, a) }; }
static sp_vec2 rv2(float a) { return (sp_vec2){ rnd(-a, a), rnd(-a, a) }; }
static sp_vec3 lift(sp_vec2 a) { return (sp_vec3){ a.x, a.y, 0.0f }; }
static int same2(sp_vec2 a, sp_vec3 b) { return memcmp(&a.x, &b.x, 4) == 0 && memcmp(&a.y, &b.y, 4) == 0; }
static int same3(sp_vec3 a, float x, float y, float z)
{
    return memcmp(&a.x, &x, 4) == 0 && memcmp(&a.y, &y, 4) == 0 && memcmp(&a.z, &z, 4) == 0;
}

static void dampers(void)
{
    for (int i = 0; i < 50; i++) {
        sp_vec3 x = rv3(10), g = rv3(10), x0 = x;
        float h = rnd(0, 1), dt = rnd(0, 0.2f);
        sp_damper_exact_v3(&x, &g, h, dt);
        check_true("damper_exact_v3 = damper_exact per component",
                   same3(x, sp_damper_exact(x0.x, g.x, h, dt), sp_damper_exact(x0.y, g.y, h, dt),
                         sp_damper_exact(x0.z, g.z, h, dt)));
        double keep = exp2(-(double)dt / h);
        check_near("damper_exact_v3 closed form", x.y, x0.y * keep + g.y * (1 - keep), 1e-5);
        sp_vec2 p = rv2(10), q = rv2(10);
        sp_vec3 p3 = lift(p), q3 = lift(q);
        sp_damper_exact_v2(&p, &q, h, dt);
        sp_damper_exact_v3(&p3, &q3, h, dt);
        check_true("damper_exact_v2 = v3 in the plane", same2(p, p3) && p3.z == 0.0f);
    }
    sp_vec3 x = { 1, 2, 3 }, g = { 4, 5, 6 };
    sp_damper_exact_v3(&x, &g, 0.0f, 0.1f);
    check_true("damper_exact_v3 halflife 0 snaps", x.x == 4 && x.y == 5 && x.z == 6);
    sp_vec3 y = { 1, 2, 3 };
    sp_damper_exact_v3(&y, &g, 0.3f, 0.0f);
    check_true("damper_exact_v3 dt 0 changes nothing", y.x == 1 && y.y == 2 && y.z == 3);
}

/* Per component RK4 of x'' = s(g − x) + d(q − v). */
static void rk4_component(double *x, double *v, double g, double q, double s, double d, double T)
{
    oracle_spring p = { s, d, g, q };
    oracle_spring_rk4(&p, x, v, T, 4000);
}

static void springs(void)
{
    for (int i = 0; i < 40; i++) {
        sp_vec3 x = rv3(5), v = rv3(5), g = rv3(5), q = rv3(2), x0 = x, v0 = v;
        float f = rnd(0.2f, 3), h = rnd(0.05f, 1), dt = rnd(0, 0.5f);
        float sx[3] = { x0.x, x0.y, x0.z }, sv[3] = { v0.x, v0.y, v0.z }, sg[3] = { g.x, g.y, g.z },
              sq[3] = { q.x, q.y, q.z };
        /* general spring */
        sp_spring_damper_exact_v3(&x, &v, &g, &q, f, h, dt);
        for (int c = 0; c < 3; c++) sp_spring_damper_exact(&sx[c], &sv[c], sg[c], sq[c], f, h, dt);
        check_true("spring_damper_exact_v3 = scalar per component",
                   same3(x, sx[0], sx[1], sx[2]) && same3(v, sv[0], sv[1], sv[2]));
        double rx = x0.z, rvz = v0.z, w = 2 * ORACLE_PI * f;
        rk4_component(&rx, &rvz, g.z, q.z, w * w, 4 * ORACLE_LN2 / h, dt);
        check_near("spring_damper_exact_v3 vs RK4 (x)", x.z, rx, 2e-5);
        check_near("spring_damper_exact_v3 vs RK4 (v)", v.z, rvz, 2e-5);
        /* critical, simple, decay */
        sp_vec3 cx = x0, cv = v0;
        float kx[3] = { x0.x, x0.y, x0.z }, kv[3] = { v0.x, v0.y, v0.z };
        sp_critical_spring_damper_exact_v3(&cx, &cv, &g, &q, h, dt);
        for (int c = 0; c < 3; c++) sp_critical_spring_damper_exact(&kx[c], &kv[c], sg[c], sq[c], h, dt);
        check_true("critical_spring_damper_exact_v3 = scalar per component",
                   same3(cx, kx[0], kx[1], kx[2]) && same3(cv, kv[0], kv[1], kv[2]));
        double y = 2 * ORACLE_LN2 / h, ox = x0.x, ov = v0.x;
        rk4_component(&ox, &ov, g.x, q.x, y * y, 2 * y, dt);
        check_near("critical_spring_damper_exact_v3 vs RK4", cx.x, ox, 2e-5);
        sp_vec3 sx3 = x0, sv3 = v0;
        float ax[3] = { x0.x, x0.y, x0.z }, av[3] = { v0.x, v0.y, v0.z };
        sp_simple_spring_damper_exact_v3(&sx3, &sv3, &g, h, dt);
        for (int c = 0; c < 3; c++) sp_simple_spring_damper_exact(&ax[c], &av[c], sg[c], h, dt);
        check_true("simple_spring_damper_exact_v3 = scalar per component",
                   same3(sx3, ax[0], ax[1], ax[2]) && same3(sv3, av[0], av[1], av[2]));
        sp_vec3 dx3 = x0, dv3 = v0;
        float bx[3] = { x0.x, x0.y, x0.z }, bv[3] = { v0.x, v0.y, v0.z };
        sp_decay_spring_damper_exact_v3(&dx3, &dv3, h, dt);
        for (int c = 0; c < 3; c++) sp_decay_spring_damper_exact(&bx[c], &bv[c], h, dt);
        check_true("decay_spring_damper_exact_v3 = scalar per component",
                   same3(dx3, bx[0], bx[1], bx[2]) && same3(dv3, bv[0], bv[1], bv[2]));

        /* the 2D forms: the 3D ones in the plane */
        sp_vec2 px = rv2(5), pv = rv2(5), pg = rv2(5), pq = rv2(2);
        sp_vec3 Px = lift(px), Pv = lift(pv), Pg = lift(pg), Pq = lift(pq);
        sp_vec2 ax2 = px, av2 = pv;
        sp_vec3 Ax = Px, Av = Pv;
        sp_spring_damper_exact_v2(&ax2, &av2, &pg, &pq, f, h, dt);
        sp_spring_damper_exact_v3(&Ax, &Av, &Pg, &Pq, f, h, dt);
        check_true("spring_damper_exact_v2 = v3 in the plane", same2(ax2, Ax) && same2(av2, Av));
        ax2 = px, av2 = pv, Ax = Px, Av = Pv;
        sp_critical_spring_damper_exact_v2(&ax2, &av2, &pg, &pq, h, dt);
        sp_critical_spring_damper_exact_v3(&Ax, &Av, &Pg, &Pq, h, dt);
        check_true("critical_spring_damper_exact_v2 = v3 in the plane", same2(ax2, Ax) && same2(av2, Av));
        ax2 = px, av2 = pv, Ax = Px, Av = Pv;
        sp_simple_spring_damper_exact_v2(&ax2, &av2, &pg, h, dt);
        sp_simple_spring_damper_exact_v3(&Ax, &Av, &Pg, h, dt);
        check_true("simple_spring_damper_exact_v2 = v3 in the plane", same2(ax2, Ax) && same2(av2, Av));
        ax2 = px, av2 = pv, Ax = Px, Av = Pv;
        sp_decay_spring_damper_exact_v2(&ax2, &av2, h, dt);
        sp_decay_spring_damper_exact_v3(&Ax, &Av, h, dt);
        check_true("decay_spring_damper_exact_v2 = v3 in the plane", same2(ax2, Ax) && same2(av2, Av));
    }
}

/* x(t) = x0 + v0·(1 − e^(−λt))/λ, v(t) = v0·e^(−λt), λ = ln2/h. */
static void extrapolation(void)
{
    for (int i = 0; i < 40; i++) {
        float x = rnd(-10, 10), v = rnd(-10, 10), h = rnd(0.01f, 2), dt = rnd(0, 3), x0 = x, v0 = v;
        sp_extrapolate(&x, &v, h, dt);
        double l = ORACLE_LN2 / h;
        check_near("extrapolate x, closed form", x, x0 + v0 * -expm1(-l * dt) / l, 2e-6);
        check_near("extrapolate v, closed form", v, v0 * exp(-l * dt), 2e-6);
        float a = x0, b = v0;
        sp_extrapolate(&a, &b, h, dt / 2);
        sp_extrapolate(&a, &b, h, dt / 2);
        check_near("extrapolate: two steps of dt/2 = one of dt", a, x, 2e-6);
        sp_vec3 X = { x0, -x0, 2 }, V = { v0, 1, -v0 };
        sp_extrapolate_v3(&X, &V, h, dt);
        float cx[3] = { x0, -x0, 2 }, cv[3] = { v0, 1, -v0 };
        for (int c = 0; c < 3; c++) sp_extrapolate(&cx[c], &cv[c], h, dt);
        check_true("extrapolate_v3 = scalar per component",
                   same3(X, cx[0], cx[1], cx[2]) && same3(V, cv[0], cv[1], cv[2]));
        sp_vec2 X2 = { x0, -x0 }, V2 = { v0, 1 };
        sp_vec3 X3 = lift(X2), V3 = lift(V2);
        sp_extrapolate_v2(&X2, &V2, h, dt);
        sp_extrapolate_v3(&X3, &V3, h, dt);
        check_true("extrapolate_v2 = v3 in the plane", same2(X2, X3) && same2(V2, V3));
    }
    float x = 1, v = 2;
    sp_extrapolate(&x, &v, 0.0f, 0.5f);
    check_true("extrapolate halflife 0 stops at once", x == 1 && v == 0);
    x = 1, v = 2;
    sp_extrapolate(&x, &v, INFINITY, 0.5f);
    check_true("extrapolate halflife +Inf keeps the velocity", x == 2 && v == 2);
    x = 1, v = 2;
    sp_extrapolate(&x, &v, 0.3f, 0.0f);
    check_true("extrapolate dt 0 changes nothing", x == 1 && v == 2);
}

/* q' = ½·(ω(t), 0)·q with ω(t) = ω0·e^(−λt), RK4 in double. */
typedef struct {
    double w[3], lambda;
} quat_ode;
static void quat_deriv(double t, const double *q, double *dq, const void *ctx)
{
    const quat_ode *p = ctx;
    double k = exp(-p->lambda * t), wx = p->w[0] * k, wy = p->w[1] * k, wz = p->w[2] * k;
    /* (w, 0)·q, w as a pure quaternion; q stored x, y, z, w */
    dq[0] = 0.5 * (wx * q[3] + wy * q[2] - wz * q[1]);
    dq[1] = 0.5 * (-wx * q[2] + wy * q[3] + wz * q[0]);
    dq[2] = 0.5 * (wx * q[1] - wy * q[0] + wz * q[3]);
    dq[3] = 0.5 * (-wx * q[0] - wy * q[1] - wz * q[2]);
}

static void extrapolation_quat(void)
{
    for (int i = 0; i < 20; i++) {
        sp_quat q = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) };
        sp_quat_normalize(&q, &q);
        sp_vec3 w = rv3(6), w0 = w;
        float h = rnd(0.05f, 1), dt = rnd(0, 2);
        sp_quat r = q;
        sp_extrapolate_quat(&r, &w, h, dt);
        quat_ode p = { { w0.x, w0.y, w0.z }, ORACLE_LN2 / h };
        double y[4] = { q.x, q.y, q.z, q.w };
        oracle_rk4(quat_deriv, &p, 4, y, 0, dt, 4000);
        double dot = fabs(y[0] * r.x + y[1] * r.y + y[2] * r.z + y[3] * r.w);
        snprintf(name, sizeof name, "extrapolate_quat vs RK4 of q' = ½ω(t)q (h=%g dt=%g)", h, dt);
        check_near(name, dot, 1.0, 1e-6);
        check_near("extrapolate_quat angular velocity decays", w.y, w0.y * exp(-ORACLE_LN2 / h * dt), 2e-6);
        sp_quat a = q;
        sp_vec3 b = w0;
        sp_extrapolate_quat(&a, &b, h, dt / 3);
        sp_extrapolate_quat(&a, &b, h, dt / 3);
        sp_extrapolate_quat(&a, &b, h, dt / 3);
        check_near("extrapolate_quat: three steps of dt/3 = one of dt",
                   fabs(a.x * r.x + a.y * r.y + a.z * r.z + a.w * r.w), 1.0, 1e-6);
    }
}

static void inertializers_2d(void)
{
    for (int i = 0; i < 30; i++) {
        sp_vec2 ox = rv2(3), ov = rv2(3), sx = rv2(3), sv = rv2(3), dx = rv2(3), dv = rv2(3);
        sp_vec3 Ox = lift(ox), Ov = lift(ov), Sx = lift(sx), Sv = lift(sv), Dx = lift(dx), Dv = lift(dv);
        sp_inertialize_transition_v2(&ox, &ov, &sx, &sv, &dx, &dv);
        sp_inertialize_transition_v3(&Ox, &Ov, &Sx, &Sv, &Dx, &Dv);
        check_true("inertialize_transition_v2 = v3 in the plane", same2(ox, Ox) && same2(ov, Ov));
        sp_vec2 out_x, out_v;
        sp_vec3 Out_x, Out_v;
        float h = rnd(0.02f, 0.5f), dt = rnd(0, 0.1f);
        sp_inertialize_update_v2(&out_x, &out_v, &ox, &ov, &dx, &dv, h, dt);
        sp_inertialize_update_v3(&Out_x, &Out_v, &Ox, &Ov, &Dx, &Dv, h, dt);
        check_true("inertialize_update_v2 = v3 in the plane",
                   same2(out_x, Out_x) && same2(out_v, Out_v) && same2(ox, Ox) && same2(ov, Ov));
        /* continuity: the first output after a transition is the source (dt = 0) */
        sp_vec2 zx = { 0, 0 }, zv = { 0, 0 };
        sp_inertialize_transition_v2(&zx, &zv, &sx, &sv, &dx, &dv);
        sp_inertialize_update_v2(&out_x, &out_v, &zx, &zv, &dx, &dv, h, 0.0f);
        check_near("inertialize_v2 output continuous at the switch (x)", out_x.x, sx.x, 1e-6);
        check_near("inertialize_v2 output continuous at the switch (v)", out_v.y, sv.y, 1e-6);

        float t2 = rnd(0, 0.3f), t3 = t2, bt = rnd(0.05f, 0.5f);
        sp_vec2 cx = rv2(2), cv = rv2(2);
        sp_vec3 Cx = lift(cx), Cv = lift(cv);
        sp_inertialize_cubic_transition_v2(&cx, &cv, &t2, &sx, &sv, &dx, &dv, bt);
        sp_inertialize_cubic_transition_v3(&Cx, &Cv, &t3, &Sx, &Sv, &Dx, &Dv, bt);
        check_true("inertialize_cubic_transition_v2 = v3 in the plane",
                   same2(cx, Cx) && same2(cv, Cv) && t2 == t3);
        sp_inertialize_cubic_update_v2(&out_x, &out_v, &t2, &cx, &cv, &dx, &dv, bt, dt);
        sp_inertialize_cubic_update_v3(&Out_x, &Out_v, &t3, &Cx, &Cv, &Dx, &Dv, bt, dt);
        check_true("inertialize_cubic_update_v2 = v3 in the plane",
                   same2(out_x, Out_x) && same2(out_v, Out_v) && t2 == t3);
    }
}

static void adjustment_2d(void)
{
    for (int i = 0; i < 30; i++) {
        sp_vec2 c = rv2(5), s = rv2(5), v = rv2(3), out;
        sp_vec3 C = lift(c), S = lift(s), V = lift(v), Out;
        float h = rnd(0, 0.5f), dt = rnd(0, 0.1f), ratio = rnd(0, 1), maxd = rnd(0, 3);
        sp_vec2 g = rv2(4);
        sp_vec3 G = lift(g);
        sp_damp_adjustment_exact_v2(&out, &g, h, dt);
        sp_damp_adjustment_exact_v3(&Out, &G, h, dt);
        check_true("damp_adjustment_exact_v2 = v3 in the plane", same2(out, Out));
        sp_adjust_character_position_v2(&out, &c, &s, h, dt);
        sp_adjust_character_position(&Out, &C, &S, h, dt);
        check_true("adjust_character_position_v2 = 3D in the plane", same2(out, Out));
        sp_adjust_character_position_by_velocity_v2(&out, &c, &v, &s, ratio, h, dt);
        sp_adjust_character_position_by_velocity(&Out, &C, &V, &S, ratio, h, dt);
        check_true("adjust_character_position_by_velocity_v2 = 3D in the plane", same2(out, Out));
        double moved = hypot(out.x - c.x, out.y - c.y), limit = ratio * hypot(v.x, v.y) * dt;
        /* measured between float positions: their rounding (an ulp of |c|) on top of the limit */
        double ulp = 2.4e-7 * (1 + hypot(c.x, c.y));
        check_true("adjust_by_velocity_v2 within its limit", moved <= limit * (1 + 1e-5) + 2 * ulp);
        sp_clamp_character_position_v2(&out, &c, &s, maxd);
        sp_clamp_character_position(&Out, &C, &S, maxd);
        check_true("clamp_character_position_v2 = 3D in the plane", same2(out, Out));
        check_true("clamp_character_position_v2 within max_distance",
                   hypot(out.x - s.x, out.y - s.y) <= maxd * (1 + 1e-6) + 1e-6);
    }
}

static void simulation_2d(void)
{
    float times[5] = { 0, 0.1f, 0.25f, 0.6f, 1.0f };
    for (int i = 0; i < 20; i++) {
        sp_vec2 x = rv2(5), v = rv2(3), a = rv2(3), d = rv2(4);
        sp_vec3 X = lift(x), V = lift(v), A = lift(a), D = lift(d);
        float h = rnd(0.05f, 0.5f), dt = rnd(0, 0.3f);
        sp_vec2 px[5], pv[5], pa[5];
        sp_vec3 PX[5], PV[5], PA[5];
        sp_trajectory_predict_positions_v2(px, pv, pa, i & 1 ? times : NULL, 0.2f, 5, &x, &v, &a, &d, h);
        sp_trajectory_predict_positions(PX, PV, PA, i & 1 ? times : NULL, 0.2f, 5, &X, &V, &A, &D, h);
        int ok = 1;
        for (int k = 0; k < 5; k++) ok &= same2(px[k], PX[k]) && same2(pv[k], PV[k]) && same2(pa[k], PA[k]);
        check_true("trajectory_predict_positions_v2 = 3D in the plane", ok);
        sp_simulation_position_update_v2(&x, &v, &a, &d, h, dt);
        sp_simulation_position_update(&X, &V, &A, &D, h, dt);
        check_true("simulation_position_update_v2 = 3D in the plane",
                   same2(x, X) && same2(v, V) && same2(a, A));
    }
    /* null outputs are skipped (AddressSanitizer would catch a write) */
    sp_vec2 x = { 1, 2 }, v = { 0, 0 }, a = { 0, 0 }, d = { 3, 0 };
    sp_trajectory_predict_positions_v2(NULL, NULL, NULL, NULL, 0.1f, 3, &x, &v, &a, &d, 0.2f);
}

int main(void)
{
    dampers();
    springs();
    extrapolation();
    extrapolation_quat();
    inertializers_2d();
    adjustment_2d();
    simulation_2d();
    return testing_finish("test_vectors");
}
