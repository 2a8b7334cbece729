/* fuzz_features.c — libFuzzer harness over the functions of issue 14: lag, the 2D and 3D
 * dampers and springs, extrapolation, the easings, the quaternion helpers and damper (and its
 * batch), the 2D inertializers, adjustment and simulation object, strafing, the controller's
 * predicted input, obstacle collision, the step-response solvers and the article's remaining
 * fast approximations (implicit.c).
 *
 * Raw mode: any bit pattern, exact-size heap buffers (ASan and UBSan, float-cast-overflow
 * included). In both modes, the structural identities: every 3D component equals the scalar
 * function and every 2D function the 3D one on (x, y, 0), bit for bit; the quaternion batch
 * equals the scalar; the 2D collision equals the 3D one. Domain mode (halflife in [0, 1e6],
 * dt in [0, 1e4], |values| ≤ 1e30, unit quaternions): outputs finite where a double
 * reference says the true result is, quaternions unit, the collision's result outside every
 * obstacle, the easings at rest on the goal once their time is up, response times ≥ 0. */
#include "fuzz.h"

/* Bit-for-bit equality, any NaN equal to any NaN. */
static int same(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, sizeof a) == 0; }
static int same2(sp_vec2 a, sp_vec3 b) { return same(a.x, b.x) && same(a.y, b.y); }
static int same3(sp_vec3 a, sp_vec3 b) { return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z); }
static sp_vec3 lift(sp_vec2 a)
{
    sp_vec3 r = { a.x, a.y, 0.0f };
    return r;
}
static sp_vec2 vec2(fuzz_input *in)
{
    sp_vec2 v;
    v.x = value(in);
    v.y = value(in);
    return v;
}
static sp_vec3 small3(fuzz_input *in, float m)
{
    sp_vec3 v;
    v.x = arg_in(in, -m, m);
    v.y = arg_in(in, -m, m);
    v.z = arg_in(in, -m, m);
    return v;
}
static float len3(sp_vec3 v)
{
    return (float)sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
}

/* ---- lag, dampers and springs on vectors -------------------------------------------- */

static void f_lag(fuzz_input *in)
{
    float h = halflife(in), l = sp_halflife_to_lag(h), back = sp_lag_to_halflife(l);
    FIN(in, l);
    MUST(in, l >= 0 && fabsf(back - h) <= 1e-6f * h + 1e-30f);
}

static void f_vec_dampers(fuzz_input *in)
{
    sp_vec3 x = vec3(in), g = vec3(in), x0 = x;
    float h = halflife(in), t = dt(in);
    sp_damper_exact_v3(&x, &g, h, t);
    sp_vec3 want = { sp_damper_exact(x0.x, g.x, h, t), sp_damper_exact(x0.y, g.y, h, t),
                     sp_damper_exact(x0.z, g.z, h, t) };
    ALWAYS(in, same3(x, want));
    MUST(in, finite3(x) && between(x.y, x0.y, g.y));
    sp_vec2 p = { x0.x, x0.y }, q = { g.x, g.y };
    sp_vec3 P = lift(p), Q = lift(q);
    sp_damper_exact_v2(&p, &q, h, t);
    sp_damper_exact_v3(&P, &Q, h, t);
    ALWAYS(in, same2(p, P));
}

/* flags pick the spring; the 3D form equals the scalar per component, the 2D one the 3D. */
static void f_vec_springs(fuzz_input *in)
{
    sp_vec3 x = vec3(in), v = vec3(in), g = vec3(in), q = vec3(in), x0 = x, v0 = v;
    float f = arg_in(in, 0, 1e3f), h = halflife(in), t = dt(in);
    int kind = (int)(in->flags % 4u);
    float sx[3] = { x0.x, x0.y, x0.z }, sv[3] = { v0.x, v0.y, v0.z }, sg[3] = { g.x, g.y, g.z },
          sq[3] = { q.x, q.y, q.z };
    sp_vec2 x2 = { x0.x, x0.y }, v2 = { v0.x, v0.y }, g2 = { g.x, g.y }, q2 = { q.x, q.y };
    sp_vec3 X = lift(x2), V = lift(v2), G = lift(g2), Q = lift(q2);
    if (kind == 0) {
        sp_spring_damper_exact_v3(&x, &v, &g, &q, f, h, t);
        for (int c = 0; c < 3; c++) sp_spring_damper_exact(&sx[c], &sv[c], sg[c], sq[c], f, h, t);
        sp_spring_damper_exact_v2(&x2, &v2, &g2, &q2, f, h, t);
        sp_spring_damper_exact_v3(&X, &V, &G, &Q, f, h, t);
    } else if (kind == 1) {
        sp_critical_spring_damper_exact_v3(&x, &v, &g, &q, h, t);
        for (int c = 0; c < 3; c++) sp_critical_spring_damper_exact(&sx[c], &sv[c], sg[c], sq[c], h, t);
        sp_critical_spring_damper_exact_v2(&x2, &v2, &g2, &q2, h, t);
        sp_critical_spring_damper_exact_v3(&X, &V, &G, &Q, h, t);
    } else if (kind == 2) {
        sp_simple_spring_damper_exact_v3(&x, &v, &g, h, t);
        for (int c = 0; c < 3; c++) sp_simple_spring_damper_exact(&sx[c], &sv[c], sg[c], h, t);
        sp_simple_spring_damper_exact_v2(&x2, &v2, &g2, h, t);
        sp_simple_spring_damper_exact_v3(&X, &V, &G, h, t);
    } else {
        sp_decay_spring_damper_exact_v3(&x, &v, h, t);
        for (int c = 0; c < 3; c++) sp_decay_spring_damper_exact(&sx[c], &sv[c], h, t);
        sp_decay_spring_damper_exact_v2(&x2, &v2, h, t);
        sp_decay_spring_damper_exact_v3(&X, &V, h, t);
    }
    sp_vec3 wx = { sx[0], sx[1], sx[2] }, wv = { sv[0], sv[1], sv[2] };
    ALWAYS(in, same3(x, wx) && same3(v, wv));
    ALWAYS(in, same2(x2, X) && same2(v2, V));
    if (kind >= 1) { /* the critical ones: finite where the double closed form is */
        double rx = x0.y, rv = v0.y;
        ref_critical(&rx, &rv, kind == 3 ? 0 : g.y, kind == 1 ? q.y : 0, h, t);
        FIN_REF(in, x.y, rx);
        FIN_REF(in, v.y, rv);
    }
}

/* ---- extrapolation and easing -------------------------------------------------------- */

static void f_extrapolate(fuzz_input *in)
{
    float x = value(in), v = value(in), h = halflife(in), t = dt(in), x0 = x, v0 = v;
    sp_extrapolate(&x, &v, h, t);
    double lambda = REF_LN2 / (h == 0 ? 0.0 : h),
           dist = t == 0 || isinf(lambda) ? 0 : (lambda == 0 ? t : -expm1(-lambda * t) / lambda);
    FIN_REF(in, x, fabs(x0) + fabs(v0) * dist);
    MUST(in, isfinite(v) && fabsf(v) <= fabsf(v0));
    MUST(in, t != 0 || (x == x0 && v == v0));
    sp_vec3 X = vec3(in), V = vec3(in), X0 = X, V0 = V;
    sp_extrapolate_v3(&X, &V, h, t);
    float cx = X0.z, cv = V0.z;
    sp_extrapolate(&cx, &cv, h, t);
    ALWAYS(in, same(X.z, cx) && same(V.z, cv));
    sp_vec2 x2 = { X0.x, X0.y }, v2 = { V0.x, V0.y };
    sp_vec3 L = lift(x2), M = lift(v2);
    sp_extrapolate_v2(&x2, &v2, h, t);
    sp_extrapolate_v3(&L, &M, h, t);
    ALWAYS(in, same2(x2, L) && same2(v2, M));
    sp_quat r = quat(in), r0 = r;
    sp_vec3 w = vec3(in), w0 = w;
    sp_extrapolate_quat(&r, &w, h, t);
    MUST(in, unit(r) && finite3(w) && len3(w) <= len3(w0) * 1.0001f);
    MUST(in, t != 0 || memcmp(&r, &r0, sizeof r) == 0);
}

static void f_cubic_easing(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), tt = dt(in), bt = dt(in), step = dt(in);
    float x0 = x, v0 = v, t0 = tt;
    sp_cubic_easing_update(&x, &v, &tt, g, bt, step);
    if (step != 0 && !(step < bt - t0)) MUST(in, x == g && v == 0.0f);
    /* the Hermite segment in double bounds the true result */
    double R = (double)bt - t0, ref = fabs(x0) + fabs(g) + fabs(v0) * step;
    if (step < R) ref += 6.0 * (fabs(x0) + fabs(g)) / R + fabs(v0) * 3;
    FIN_REF(in, x, fabs(x0) + fabs(g) + fabs(v0) * step);
    FIN_REF(in, v, ref);
    MUST(in, step != 0 || (x == x0 && v == v0 && tt == t0));
}

static void f_inertial_easing(fuzz_input *in)
{
    float x = value(in), v = value(in), g = value(in), A = arg_in(in, 1e-6f, 1e30f), t = dt(in);
    float x0 = x, v0 = v, T = sp_inertial_easing_duration(x, v, g, A);
    MUST(in, T >= 0 && !isnan(T));
    sp_inertial_easing_update(&x, &v, g, A, t);
    /* the farthest it goes: from x, braking at A, or the goal */
    double reach = fabs(x0) + fabs(g) + (double)v0 * v0 / (2.0 * A) + 1.0;
    FIN_REF(in, x, reach);
    FIN_REF(in, v, fabs(v0) + sqrt(6.0 * A * (fabs(x0) + fabs(g) + (double)v0 * v0 / A)));
    if (in->domain && isfinite(T) && t > T * 1.0001f && isfinite(x)) MUST(in, x == g && v == 0.0f);
    MUST(in, t != 0 || (x == x0 && v == v0));
}

/* ---- quaternions ------------------------------------------------------------------------ */

static void f_quat_helpers(fuzz_input *in)
{
    sp_quat q = quat(in), p = quat(in), r;
    sp_vec3 v = vec3(in), o, back;
    float alpha = arg_in(in, -4, 4), angle = arg_in(in, -1e4f, 1e4f), t = dt(in);
    sp_quat_mul_vec3(&o, &q, &v);
    MUST(in, !finite3(v) || len3(v) > 1e37f || fabsf(len3(o) - len3(v)) <= 1e-5f * len3(v) + 1e-30f);
    sp_quat_inv_mul_vec3(&back, &q, &o);
    MUST(in, len3(v) > 1e37f || fabsf(back.x - v.x) <= 1e-5f * len3(v) + 1e-30f);
    sp_quat_mul_inv(&r, &q, &p);
    MUST(in, unit(r));
    sp_quat_inv_mul(&r, &q, &p);
    MUST(in, unit(r));
    sp_quat_nlerp_shortest(&r, &q, &p, alpha);
    MUST(in, unit(r));
    sp_quat_slerp_shortest(&r, &q, &p, alpha);
    MUST(in, unit(r));
    sp_vec3 axis = vec3(in);
    sp_quat_from_angle_axis(&r, angle, &axis);
    MUST(in, unit(r) || (axis.x == 0 && axis.y == 0 && axis.z == 0 && r.w == 1));
    float a;
    sp_vec3 ax;
    sp_quat_to_angle_axis(&a, &ax, &q);
    MUST(in, a >= 0 && a <= 6.2832f && fabsf(len3(ax) - 1) < 1e-5f);
    sp_quat_differentiate_angular_velocity(&o, &p, &q, t);
    MUST(in, t < 1e-30f || finite3(o));
    sp_quat_integrate_angular_velocity(&r, &v, &q, t);
    MUST(in, unit(r));
}

static void f_quat_damper(fuzz_input *in)
{
    int n = (int)(in->count % 17u) - (in->domain ? 0 : 2);
    int per = (int)(in->flags & 1u), null_goal = (int)((in->flags >> 1) & 1u);
    float t = dt(in), shared = halflife(in);
    size_t m = n > 0 ? (size_t)n : 0;
    float *x = malloc(4 * m * sizeof(float) + 1), *g = null_goal ? NULL : malloc(4 * m * sizeof(float) + 1);
    float *h = per ? malloc(m * sizeof(float) + 1) : NULL, *ref = malloc(4 * m * sizeof(float) + 1);
    for (size_t i = 0; i < m; i++) {
        sp_quat a = quat(in), b = quat(in);
        memcpy(x + 4 * i, &a, sizeof a);
        if (g) memcpy(g + 4 * i, &b, sizeof b);
        if (h) h[i] = halflife(in);
        in->next %= FUZZ_ARGS - 8; /* cycle through the fuzzed floats */
    }
    if (m) memcpy(ref, x, 4 * m * sizeof(float));
    sp_damper_exact_quat_batch(x, g, per ? h : &shared, per, t, n);
    for (size_t i = 0; i < m; i++) {
        sp_quat a, b = { 0, 0, 0, 1 };
        memcpy(&a, ref + 4 * i, sizeof a);
        if (g) memcpy(&b, g + 4 * i, sizeof b);
        sp_damper_exact_quat(&a, &b, per ? h[i] : shared, t);
        ALWAYS(in,
               same(a.x, x[4 * i]) && same(a.y, x[4 * i + 1]) && same(a.z, x[4 * i + 2])
                   && same(a.w, x[4 * i + 3]));
        MUST(in, unit(a));
    }
    free(x);
    free(g);
    free(h);
    free(ref);
}

/* ---- the 2D forms equal the 3D ones in the plane ------------------------------------------- */

static void f_planar(fuzz_input *in)
{
    sp_vec2 a = vec2(in), b = vec2(in), c = vec2(in), d = vec2(in), e = vec2(in), f = vec2(in);
    sp_vec3 A = lift(a), B = lift(b), C = lift(c), D = lift(d), E = lift(e), F = lift(f);
    float h = halflife(in), t = dt(in), ratio = arg_in(in, 0, 1e3f), dist = arg_in(in, 0, 1e30f);
    float t2 = dt(in), t3 = t2;
    sp_vec2 o1, o2;
    sp_vec3 O1, O2;
    switch (in->flags % 9u) {
    case 0:
        sp_inertialize_transition_v2(&a, &b, &c, &d, &e, &f);
        sp_inertialize_transition_v3(&A, &B, &C, &D, &E, &F);
        ALWAYS(in, same2(a, A) && same2(b, B));
        break;
    case 1:
        sp_inertialize_update_v2(&o1, &o2, &a, &b, &c, &d, h, t);
        sp_inertialize_update_v3(&O1, &O2, &A, &B, &C, &D, h, t);
        ALWAYS(in, same2(o1, O1) && same2(o2, O2) && same2(a, A) && same2(b, B));
        break;
    case 2:
        sp_inertialize_cubic_transition_v2(&a, &b, &t2, &c, &d, &e, &f, h);
        sp_inertialize_cubic_transition_v3(&A, &B, &t3, &C, &D, &E, &F, h);
        ALWAYS(in, same2(a, A) && same2(b, B) && same(t2, t3));
        break;
    case 3:
        sp_inertialize_cubic_update_v2(&o1, &o2, &t2, &a, &b, &c, &d, h, t);
        sp_inertialize_cubic_update_v3(&O1, &O2, &t3, &A, &B, &C, &D, h, t);
        ALWAYS(in, same2(o1, O1) && same2(o2, O2) && same(t2, t3));
        break;
    case 4:
        sp_damp_adjustment_exact_v2(&o1, &a, h, t);
        sp_damp_adjustment_exact_v3(&O1, &A, h, t);
        ALWAYS(in, same2(o1, O1));
        break;
    case 5:
        sp_adjust_character_position_v2(&o1, &a, &b, h, t);
        sp_adjust_character_position(&O1, &A, &B, h, t);
        ALWAYS(in, same2(o1, O1));
        sp_adjust_character_position_by_velocity_v2(&o1, &a, &c, &b, ratio, h, t);
        sp_adjust_character_position_by_velocity(&O1, &A, &C, &B, ratio, h, t);
        ALWAYS(in, same2(o1, O1));
        break;
    case 6:
        sp_clamp_character_position_v2(&o1, &a, &b, dist);
        sp_clamp_character_position(&O1, &A, &B, dist);
        ALWAYS(in, same2(o1, O1));
        break;
    case 7:
        sp_simulation_position_update_v2(&a, &b, &c, &d, h, t);
        sp_simulation_position_update(&A, &B, &C, &D, h, t);
        ALWAYS(in, same2(a, A) && same2(b, B) && same2(c, C));
        break;
    default: {
        int count = (int)(in->count % 9u);
        float *times = malloc(sizeof(float) * (size_t)count + 1);
        for (int i = 0; i < count; i++) times[i] = dt(in);
        sp_vec2 *p2 = malloc(sizeof(sp_vec2) * (size_t)count + 1);
        sp_vec3 *p3 = malloc(sizeof(sp_vec3) * (size_t)count + 1);
        const float *ts = (in->flags & 16u) ? times : NULL;
        sp_trajectory_predict_positions_v2(p2, NULL, NULL, ts, t, count, &a, &b, &c, &d, h);
        sp_trajectory_predict_positions(p3, NULL, NULL, ts, t, count, &A, &B, &C, &D, h);
        for (int i = 0; i < count; i++) ALWAYS(in, same2(p2[i], p3[i]));
        free(times);
        free(p2);
        free(p3);
    }
    }
}

/* ---- character control ------------------------------------------------------------------- */

static void f_strafe(fuzz_input *in)
{
    sp_vec3 stick = { arg_in(in, -1, 1), 0, arg_in(in, -1, 1) };
    float az = arg_in(in, -1e4f, 1e4f), dz = arg_in(in, 0, 2);
    sp_quat r;
    sp_desired_rotation_update_strafe(&r, &stick, az, dz);
    MUST(in, unit(r) && r.x == 0 && r.z == 0 && r.w >= 0);
}

static void f_predict_desired(fuzz_input *in)
{
    int count = (int)(in->count % 17u);
    size_t m = (size_t)count;
    sp_vec3 left = { arg_in(in, -1, 1), 0, arg_in(in, -1, 1) },
            right = { arg_in(in, -1, 1), 0, arg_in(in, -1, 1) };
    float az = arg_in(in, -1e4f, 1e4f), fs = arg_in(in, 0, 1e4f), ss = arg_in(in, 0, 1e4f),
          bs = arg_in(in, 0, 1e4f);
    /* halflives from 1 µs: below, the angular velocity of a turn of π truly exceeds FLT_MAX */
    float dz = arg_in(in, 0, 1), h = arg_in(in, 1e-6f, 1e6f), t = arg_in(in, 0, 100);
    sp_quat rot = quat(in), des = quat(in);
    sp_vec3 w = { arg_in(in, -1e3f, 1e3f), arg_in(in, -1e3f, 1e3f), arg_in(in, -1e3f, 1e3f) };
    float *times = (in->flags & 1u) ? malloc(sizeof(float) * m + 1) : NULL;
    float acc = 0;
    for (size_t i = 0; times && i < m; i++) times[i] = acc += arg_in(in, 0, 10); /* non-decreasing */
    sp_vec3 *dv = (in->flags & 2u) ? NULL : malloc(sizeof(sp_vec3) * m + 1);
    sp_quat *dr = (in->flags & 4u) ? NULL : malloc(sizeof(sp_quat) * m + 1);
    sp_quat *rr = (in->flags & 8u) ? NULL : malloc(sizeof(sp_quat) * m + 1);
    sp_vec3 *ww = (in->flags & 16u) ? NULL : malloc(sizeof(sp_vec3) * m + 1);
    sp_trajectory_predict_desired(dv, dr, rr, ww, times, t, count, &left, &right, az,
                                  (int)((in->flags >> 5) & 1u), fs, ss, bs, dz, &rot, &w, &des, h);
    for (size_t i = 0; i < m; i++) {
        if (dv) MUST(in, finite3(dv[i]));
        if (dr) MUST(in, unit(dr[i]));
        if (rr) MUST(in, unit(rr[i]));
        if (ww) MUST(in, finite3(ww[i]));
    }
    free(times);
    free(dv);
    free(dr);
    free(rr);
    free(ww);
}

/* Obstacles from the fuzzed floats, cycling through them: n circles (x, z, radius) and boxes
 * (x, z, width, depth, yaw) in exact-size buffers. */
static float *obstacles(fuzz_input *in, int n, int stride, unsigned *k)
{
    float *o = malloc(sizeof(float) * (size_t)(n > 0 ? n : 0) * (size_t)stride + 1);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < stride; j++) {
            float f = in->a[(*k)++ % FUZZ_ARGS];
            o[stride * i + j] =
                in->domain ? fuzz_map(f, j < 2 ? -20.0f : 0.0f, j < 2 ? 20.0f : (j == 4 ? 6.3f : 8.0f)) : f;
        }
    return o;
}

/* Clearance of (x, z) from the grown obstacles, in double, written here. */
static double clearance(double x, double z, const float *c, int nc, const float *b, int nb, double r)
{
    double best = INFINITY;
    for (int i = 0; i < nc; i++) best = fmin(best, hypot(x - c[3 * i], z - c[3 * i + 1]) - c[3 * i + 2] - r);
    for (int i = 0; i < nb; i++) {
        const float *o = b + 5 * i;
        double a = o[4], dx = x - o[0], dz = z - o[1];
        double lx = fabs(dx * cos(a) - dz * sin(a)) - o[2] / 2.0,
               lz = fabs(dx * sin(a) + dz * cos(a)) - o[3] / 2.0;
        best = fmin(best, (lx > 0 && lz > 0 ? hypot(lx, lz) : fmax(lx, lz)) - r);
    }
    return best;
}

static void f_collide(fuzz_input *in)
{
    int nc = (int)(in->count % 5u), nb = (int)((in->count / 5u) % 5u);
    if (!in->domain && (in->flags & 1u)) nc = -nc, nb = -nb; /* negative counts: nothing */
    unsigned k = 12;
    float *c = obstacles(in, nc, 3, &k), *b = obstacles(in, nb, 5, &k);
    sp_vec3 a = { arg_in(in, -30, 30), value(in), arg_in(in, -30, 30) },
            n = { arg_in(in, -30, 30), value(in), arg_in(in, -30, 30) };
    float r = arg_in(in, 0, 3);
    if (in->domain) { /* a free start: pushed out first otherwise, which the invariant below does not cover */
        while (clearance(a.x, a.z, c, nc, b, nb, r) < 0 && a.x < 1e3f) a.x += 5.0f;
    }
    sp_vec3 o;
    sp_simulation_collide_obstacles(&o, &a, &n, (in->flags & 2u) ? NULL : c, nc, (in->flags & 4u) ? NULL : b,
                                    nb, r);
    MUST(in, isfinite(o.x) && isfinite(o.z) && same(o.y, n.y));
    if (!(in->flags & 6u))
        MUST(in, clearance(o.x, o.z, c, nc, b, nb, r) >= -1e-5 * (1 + fabs(o.x) + fabs(o.z)));
    /* the 2D form: (x, z) as (x, y) and the yaws negated, bit for bit */
    for (int i = 0; i < (nb > 0 ? nb : 0); i++) b[5 * i + 4] = -b[5 * i + 4];
    sp_vec2 a2 = { a.x, a.z }, n2 = { n.x, n.z }, o2;
    sp_simulation_collide_obstacles_v2(&o2, &a2, &n2, (in->flags & 2u) ? NULL : c, nc,
                                       (in->flags & 4u) ? NULL : b, nb, r);
    ALWAYS(in, same(o2.x, o.x) && same(o2.y, o.z));
    free(c);
    free(b);
}

static void f_predict_positions_desired(fuzz_input *in)
{
    int count = (int)(in->count % 9u), nb = (int)((in->count / 9u) % 3u);
    unsigned k = 6;
    float *b = obstacles(in, nb, 5, &k);
    /* game-sized states (the accelerations of huge velocities over tiny halflives overflow) */
    sp_vec3 x = small3(in, 1e6f), v = small3(in, 1e3f), a = small3(in, 1e4f);
    float h = arg_in(in, 1e-3f, 1e3f), t = arg_in(in, 0, 10), r = arg_in(in, 0, 2);
    sp_vec3 *dv = malloc(sizeof(sp_vec3) * (size_t)count + 1),
            *px = malloc(sizeof(sp_vec3) * (size_t)count + 1);
    for (int i = 0; i < count; i++) dv[i] = small3(in, 1e3f), in->next %= FUZZ_ARGS - 3;
    sp_trajectory_predict_positions_desired(px, NULL, NULL, NULL, t, count, &x, &v, &a, dv, h, NULL, 0, b, nb,
                                            r);
    for (int i = 0; i < count; i++) MUST(in, !isnan(px[i].x) && !isnan(px[i].y) && !isnan(px[i].z));
    free(dv);
    free(px);
    free(b);
}

/* ---- springs by their response -------------------------------------------------------------- */

static void f_response(fuzz_input *in)
{
    float f = arg_in(in, 0, 1e4f), h = halflife(in), tol = arg_in(in, 1e-6f, 0.999f);
    float z = sp_spring_damping_ratio(f, h), os = sp_spring_overshoot(f, h), pk = sp_spring_peak_time(f, h);
    float rise = sp_spring_rise_time(f, h), st = sp_spring_settling_time(f, h, tol);
    float env = sp_spring_settling_time_envelope(f, h, tol), lag = sp_spring_lag(f, h);
    MUST(in, z >= 0 && os >= 0 && os <= 1 && pk >= 0 && rise >= 0 && st >= 0 && env >= 0 && lag >= 0);
    MUST(in, !isnan(z) && !isnan(pk) && !isnan(rise) && !isnan(st) && !isnan(env) && !isnan(lag));
    MUST(in, env >= st * (1 - 1e-4f) || isinf(st));
    float dur, bounce;
    sp_spring_to_duration_bounce(f, h, &dur, &bounce);
    MUST(in, !isnan(dur) && bounce >= -1 && bounce <= 1);
    float T = arg_in(in, 1e-6f, 1e6f), o = arg_in(in, 0, 0.999f), ratio = arg_in(in, 1e-3f, 1e3f), fo, ho;
    sp_settling_time_overshoot_to_spring(T, o, tol, &fo, &ho);
    MUST(in, fo >= 0 && !isnan(fo) && ho >= 0 && !isnan(ho));
    sp_rise_time_overshoot_to_spring(T, o, &fo, &ho);
    MUST(in, fo >= 0 && !isnan(fo) && ho >= 0 && !isnan(ho));
    sp_settling_time_ratio_to_spring(T, ratio, tol, &fo, &ho);
    MUST(in, fo >= 0 && !isnan(fo) && ho >= 0 && !isnan(ho));
    sp_rise_time_ratio_to_spring(T, ratio, &fo, &ho);
    MUST(in, fo >= 0 && !isnan(fo) && ho >= 0 && !isnan(ho));
}

/* ---- the article's fast approximations ------------------------------------------------------- */

/* Game-sized input (the listings' j1 = v + y·j0 overflows for tiny halflives and huge offsets,
 * as the article's code does): finite outputs, dt = 0 changes nothing, quaternions unit. */
static void f_implicit(fuzz_input *in)
{
    float x = arg_in(in, -1e6f, 1e6f), v = arg_in(in, -1e6f, 1e6f), xi = arg_in(in, -1e6f, 1e6f),
          vi = arg_in(in, -1e6f, 1e6f), g = arg_in(in, -1e6f, 1e6f), q = arg_in(in, -1e3f, 1e3f);
    float h = arg_in(in, 1e-3f, 1e6f), t = arg_in(in, 0, 10), tg = arg_in(in, 0, 100), ap = arg_in(in, 0, 10);
    float x0 = x, v0 = v, xi0 = xi;
    switch (in->flags % 5u) {
    case 0:
        sp_critical_spring_damper_implicit(&x, &v, g, q, h, t);
        break;
    case 1:
        sp_decay_spring_damper_implicit(&x, &v, h, t);
        break;
    case 2:
        sp_double_spring_damper_implicit(&x, &v, &xi, &vi, g, h, t);
        break;
    case 3:
        sp_timed_spring_damper_implicit(&x, &v, &xi, g, tg, h, t, ap);
        break;
    default: {
        sp_quat r = quat(in), goal = quat(in), r0 = r;
        sp_vec3 w = small3(in, 1e3f), w0 = w;
        sp_simple_spring_damper_implicit_quat(&r, &w, &goal, h, t);
        MUST(in, unit(r) && finite3(w));
        MUST(in, t != 0 || (memcmp(&r, &r0, sizeof r) == 0 && memcmp(&w, &w0, sizeof w) == 0));
        return;
    }
    }
    MUST(in, isfinite(x) && isfinite(v) && isfinite(xi));
    MUST(in, t != 0 || (x == x0 && v == v0 && xi == xi0) || (in->flags % 5u) == 2u);
}

static const fuzz_case cases[] = {
    { "implicit", f_implicit },
    { "lag", f_lag },
    { "vec_dampers", f_vec_dampers },
    { "vec_springs", f_vec_springs },
    { "extrapolate", f_extrapolate },
    { "cubic_easing", f_cubic_easing },
    { "inertial_easing", f_inertial_easing },
    { "quat_helpers", f_quat_helpers },
    { "quat_damper", f_quat_damper },
    { "planar", f_planar },
    { "strafe", f_strafe },
    { "predict_desired", f_predict_desired },
    { "collide", f_collide },
    { "predict_positions_desired", f_predict_positions_desired },
    { "response", f_response },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_dispatch(cases, (unsigned)(sizeof cases / sizeof cases[0]), data, size);
}
