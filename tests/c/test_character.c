/* test_character.c — character control, synchronisation and foot locking: closed forms worked
 * out here, prediction against frame-by-frame stepping, the adjustment and clamping bounds,
 * the slerp approximation against slerp in double, and the foot lock's invariants. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"
#define ORACLE_PI 3.14159265358979324
#define ORACLE_LN2 0.693147180559945309

static double qlen(sp_quat q)
{
    return sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
}
static double v3len(sp_vec3 v) { return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z); }
static sp_quat yaw(double a)
{
    sp_quat q = { 0, (float)sin(a / 2), 0, (float)cos(a / 2) };
    return q;
}
/* Angle between unit quaternions, in double: 2·atan2(|xyz|, |w|) of q·p⁻¹ (acos of the dot
 * product would lose half the digits near 0). */
static double angle_between(sp_quat q, sp_quat p)
{
    double w = (double)q.w * p.w + (double)q.x * p.x + (double)q.y * p.y + (double)q.z * p.z;
    double x = -(double)q.w * p.x + (double)q.x * p.w - (double)q.y * p.z + (double)q.z * p.y;
    double y = -(double)q.w * p.y + (double)q.x * p.z + (double)q.y * p.w - (double)q.z * p.x;
    double z = -(double)q.w * p.z - (double)q.x * p.y + (double)q.y * p.x + (double)q.z * p.w;
    return 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
}
static unsigned rng = 7u;
static double rnd(void)
{
    rng = rng * 1664525u + 1013904223u;
    return (rng >> 8) / 16777216.0 * 2.0 - 1.0;
}
static sp_quat rnd_quat(void)
{
    sp_quat q = { (float)rnd(), (float)rnd(), (float)rnd(), (float)rnd() };
    sp_quat_normalize(&q, &q);
    return q;
}

static void desired(void)
{
    /* camera azimuth π/2 turns the stick's +Z (forward) into world +X; a simulation facing +X
     * then sees it as its forward: speed fwrd along +X */
    sp_vec3 stick = { 0, 0, 1 }, out;
    sp_quat sim = yaw(ORACLE_PI / 2);
    sp_desired_velocity_update(&out, &stick, (float)(ORACLE_PI / 2), &sim, 4.0f, 3.0f, 2.0f);
    check_near("forward stick, x", out.x, 4.0, 1e-6);
    check_near("forward stick, z", out.z, 0.0, 1e-6);
    /* the same stick with the simulation facing −X is backward: speed back along +X */
    sim = yaw(-ORACLE_PI / 2);
    sp_desired_velocity_update(&out, &stick, (float)(ORACLE_PI / 2), &sim, 4.0f, 3.0f, 2.0f);
    check_near("backward stick", out.x, 2.0, 1e-6);
    /* sideways relative to a simulation facing +Z, camera at 0: stick +X gives side speed */
    sp_vec3 side = { 0.5f, 0, 0 };
    sp_quat id = { 0, 0, 0, 1 };
    sp_desired_velocity_update(&out, &side, 0.0f, &id, 4.0f, 3.0f, 2.0f);
    check_near("sideways stick", out.x, 1.5, 1e-6);
    check_true("no vertical velocity", out.y == 0.0f);

    sp_quat r = id;
    sp_vec3 dir = { 1, 5, 1 };
    sp_desired_rotation_update(&r, &dir, 0.1f);
    check_near("desired rotation faces (1, 1): yaw π/4", angle_between(r, yaw(ORACLE_PI / 4)), 0.0, 1e-3);
    sp_vec3 small = { 0.01f, 0, 0 };
    sp_quat before = r;
    sp_desired_rotation_update(&r, &small, 0.1f);
    check_true("inside the deadzone the rotation is kept",
               r.x == before.x && r.y == before.y && r.w == before.w);
}

static void simulation_and_prediction(void)
{
    /* closed form of the critical spring on velocity, per axis, in double */
    const double h = 0.3, y = 2 * ORACLE_LN2 / h, t = 0.7;
    sp_vec3 x = { 1, 2, 3 }, v = { 2, 0, -1 }, a = { 0, 1, 4 }, goal = { -1, 0, 3 };
    sp_vec3 x0 = x, v0 = v, a0 = a;
    sp_simulation_position_update(&x, &v, &a, &goal, (float)h, (float)t);
    double j0 = v0.z - goal.z, j1 = a0.z + j0 * y, e = exp(-y * t);
    check_near("velocity closed form", v.z, goal.z + e * (j0 + j1 * t), 1e-5);
    /* position = ∫ velocity: Simpson quadrature in double of the closed-form velocity */
    double integral = 0.0;
    int n = 2000;
    for (int i = 0; i <= n; i++) {
        double s = t * i / n, w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
        integral += w * (goal.z + exp(-y * s) * (j0 + j1 * s));
    }
    check_near("position = ∫ velocity", x.z, x0.z + integral * t / (3 * n), 1e-5);

    /* prediction at i·dt equals stepping frame by frame (float rounding: 1e-4 relative over 60
     * compounded steps of a contraction) */
    const float dt = 1.0f / 60.0f;
    sp_vec3 px[60], pv[60], pa[60];
    sp_trajectory_predict_positions(px, pv, pa, NULL, dt, 60, &x0, &v0, &a0, &goal, (float)h);
    sp_vec3 sx = x0, sv = v0, sa = a0;
    double worst = 0.0;
    for (int i = 0; i < 60; i++) {
        worst = fmax(
            worst, fabs(px[i].x - sx.x) + fabs(px[i].z - sx.z) + fabs(pv[i].x - sv.x) + fabs(pv[i].z - sv.z));
        sp_simulation_position_update(&sx, &sv, &sa, &goal, (float)h, dt);
    }
    check_near("position prediction = stepping", worst, 0.0, 1e-4);

    sp_quat r0 = rnd_quat(), g = rnd_quat(), pr[60];
    sp_vec3 w0 = { 1, -2, 0.5f }, pw[60];
    float times[60];
    for (int i = 0; i < 60; i++) times[i] = i * dt;
    sp_trajectory_predict_rotations(pr, pw, times, 0.0f, 60, &r0, &w0, &g, 0.2f);
    sp_quat sr = r0;
    sp_vec3 sw = w0;
    double worst_r = 0.0, worst_len = 0.0;
    for (int i = 0; i < 60; i++) {
        worst_r = fmax(worst_r, angle_between(pr[i], sr));
        worst_len = fmax(worst_len, fabs(qlen(pr[i]) - 1.0));
        sp_simulation_rotation_update(&sr, &sw, &g, 0.2f, dt);
    }
    check_near("rotation prediction = stepping (rad)", worst_r, 0.0, 1e-3);
    check_near("predicted rotations are unit length", worst_len, 0.0, 1e-6);
    /* arbitrary, unsorted times: each sample is its own exact update */
    float t3[3] = { 2.0f, 0.1f, 0.0f };
    sp_vec3 q3[3];
    sp_trajectory_predict_positions(q3, NULL, NULL, t3, 0.0f, 3, &x0, &v0, &a0, &goal, (float)h);
    sp_vec3 c = x0, cv = v0, ca = a0;
    sp_simulation_position_update(&c, &cv, &ca, &goal, (float)h, 2.0f);
    check_true("times[i] sample = one update of times[i]", q3[0].x == c.x && q3[0].z == c.z);
    check_true("time 0 is the current state", q3[2].x == x0.x && q3[2].y == x0.y && q3[2].z == x0.z);
}

static void adjustment(void)
{
    /* slerp approximation against slerp in double. 1e-3 rad: it is a fitted polynomial, not
     * exact; its worst case over random pairs (measured 7.3e-4 rad) is near-opposite rotations */
    double worst = 0.0;
    for (int i = 0; i < 200; i++) {
        sp_quat q = rnd_quat(), p = rnd_quat(), r;
        double alpha = (rnd() + 1) / 2;
        sp_quat_slerp_shortest_approx(&r, &q, &p, (float)alpha);
        double d = (double)q.x * p.x + (double)q.y * p.y + (double)q.z * p.z + (double)q.w * p.w,
               s = d < 0 ? -1 : 1;
        double th = acos(fabs(d)), k0 = sin((1 - alpha) * th) / sin(th), k1 = s * sin(alpha * th) / sin(th);
        sp_quat exact = { (float)(k0 * q.x + k1 * p.x), (float)(k0 * q.y + k1 * p.y),
                          (float)(k0 * q.z + k1 * p.z), (float)(k0 * q.w + k1 * p.w) };
        worst = fmax(worst, angle_between(r, exact));
    }
    check_near("slerp approximation vs slerp (rad)", worst, 0.0, 1e-3);
    printf("slerp approximation: max error %.2e rad over 200 random pairs\n", worst);

    /* damp adjustment: g·(1 − 2^(−dt/h)), and halflife 0 / dt 0 */
    sp_vec3 g = { 2, -4, 1 }, out;
    sp_damp_adjustment_exact_v3(&out, &g, 0.25f, 0.1f);
    check_near("damp adjustment fraction", out.y, -4 * (1 - pow(2, -0.1 / 0.25)), 1e-6);
    sp_damp_adjustment_exact_v3(&out, &g, 0.0f, 0.1f);
    check_true("halflife 0 adjusts fully", out.x == 2 && out.y == -4 && out.z == 1);
    sp_damp_adjustment_exact_v3(&out, &g, 0.25f, 0.0f);
    check_true("dt 0 adjusts nothing", out.x == 0 && out.y == 0 && out.z == 0);
    sp_quat gq = yaw(1.0), oq;
    sp_damp_adjustment_exact_quat(&oq, &gq, 0.25f, 0.1f);
    check_near("rotation adjustment angle", angle_between(oq, yaw(0)), 1.0 * (1 - pow(2, -0.1 / 0.25)), 2e-7);

    /* the rotation adjustments are exact slerps (the article's approximate slerp was off by up to
     * 3.3e-4 rad per call): from the identity toward g, α = 1 − 2^(−dt/h) of g's angle about its
     * axis (shortest arc), by the double quaternion log and exp of oracle.h; and so adjusting by 2·dt
     * equals adjusting twice by dt (it differed by 4e-4 rad) */
    double worst_slerp = 0, worst_twice = 0;
    for (int i = 0; i < 300; i++) {
        sp_quat g = rnd_quat(), c = rnd_quat(), s = rnd_quat(), a;
        float h = (float)(rnd() + 1.5), dt = (float)(0.3 * (rnd() + 1));
        sp_damp_adjustment_exact_quat(&a, &g, h, dt);
        double j[3], alpha = -expm1(-ORACLE_LN2 * dt / h);
        oracle_quat gd = { g.x, g.y, g.z, g.w };
        oracle_quat_log(j, gd);
        for (int k = 0; k < 3; k++) j[k] *= alpha;
        oracle_quat want = oracle_quat_exp(j);
        sp_quat wf = { (float)want.x, (float)want.y, (float)want.z, (float)want.w };
        worst_slerp = fmax(worst_slerp, angle_between(a, wf));
        sp_quat once, twice;
        sp_adjust_character_rotation(&once, &c, &s, h, 2 * dt);
        sp_adjust_character_rotation(&twice, &c, &s, h, dt);
        sp_adjust_character_rotation(&twice, &twice, &s, h, dt);
        worst_twice = fmax(worst_twice, angle_between(once, twice));
    }
    check_true("damp_adjustment_exact_quat: the exact slerp from the identity (within 1e-6 rad)",
               worst_slerp <= 1e-6);
    check_true("adjust_character_rotation: 2·dt once = dt twice (within 2e-6 rad)", worst_twice <= 2e-6);
    printf("rotation adjustments: exact slerp within %.2e rad, 2·dt vs dt twice %.2e rad\n", worst_slerp,
           worst_twice);

    /* the by-velocity adjustment never exceeds ratio·|velocity|·dt (plus float rounding of the
     * positions, 1e-6 relative), nor does the rotation (1e-5 rad: float angle-axis round trip) */
    double excess = 0.0, excess_r = 0.0;
    for (int i = 0; i < 500; i++) {
        sp_vec3 cp = { (float)(3 * rnd()), (float)(3 * rnd()), (float)(3 * rnd()) };
        sp_vec3 sp = { (float)(3 * rnd()), (float)(3 * rnd()), (float)(3 * rnd()) };
        sp_vec3 vel = { (float)(5 * rnd()), 0, (float)(5 * rnd()) };
        float ratio = (float)(rnd() + 1) / 2, dt = 1.0f / 60.0f, h = (float)(rnd() + 1) / 4;
        sp_adjust_character_position_by_velocity(&out, &cp, &vel, &sp, ratio, h, dt);
        sp_vec3 moved = { out.x - cp.x, out.y - cp.y, out.z - cp.z };
        excess = fmax(excess, v3len(moved) - ratio * v3len(vel) * dt - 1e-6 * 3);
        sp_quat cr = rnd_quat(), sr = rnd_quat(), or_;
        sp_adjust_character_rotation_by_velocity(&or_, &cr, &vel, &sr, ratio, h, dt);
        excess_r = fmax(excess_r, angle_between(or_, cr) - ratio * v3len(vel) * dt - 1e-5);
        /* and the unlimited adjustment moves exactly the damped fraction of the difference */
        sp_adjust_character_position(&out, &cp, &sp, h, dt);
        double frac = 1 - pow(2, -dt / h);
        check_near("adjust_character_position", out.x, cp.x + frac * (sp.x - cp.x), 1e-5);
    }
    check_true("position adjustment within the by-velocity bound", excess <= 0.0);
    check_true("rotation adjustment within the by-velocity bound", excess_r <= 0.0);

    /* clamping never leaves max distance / angle (float rounding: 1e-6 relative, 1e-5 rad) */
    double over = 0.0, over_r = 0.0;
    for (int i = 0; i < 500; i++) {
        sp_vec3 cp = { (float)(3 * rnd()), (float)(3 * rnd()), (float)(3 * rnd()) };
        sp_vec3 sp = { (float)(3 * rnd()), (float)(3 * rnd()), (float)(3 * rnd()) };
        float maxd = (float)(rnd() + 1);
        sp_clamp_character_position(&out, &cp, &sp, maxd);
        sp_vec3 dd = { out.x - sp.x, out.y - sp.y, out.z - sp.z };
        over = fmax(over, v3len(dd) - maxd - 1e-6);
        sp_quat cr = rnd_quat(), sr = rnd_quat(), oc;
        float maxa = (float)(rnd() + 1);
        sp_clamp_character_rotation(&oc, &cr, &sr, maxa);
        over_r = fmax(over_r, angle_between(oc, sr) - maxa - 1e-5);
        check_near("quat_angle_between", sp_quat_angle_between(&cr, &sr), angle_between(cr, sr), 1e-5);
        if (angle_between(cr, sr) > maxa) /* clamped onto the boundary, on the way to the character */
            check_near("clamped rotation on the boundary", angle_between(oc, sr) + angle_between(oc, cr),
                       angle_between(cr, sr), 1e-4);
    }
    check_true("clamped position within max distance", over <= 0.0);
    check_true("clamped rotation within max angle", over_r <= 0.0);
}

/* Foot locking along a foot path x = 0.3t, y = 0.05 + 0.04 sin(3t), z = 0.1 sin(2t), in contact
 * for t in [0.5, 1.5). Returns max |Δposition| and max |Δvelocity| per frame. */
static void contact_run(float dt, float halflife, float radius, double *max_dx, double *max_dv,
                        sp_contact *at_end, double *locked_dev, int *unlocked_early)
{
    sp_contact c;
    sp_vec3 p0 = { 0, 0.05f, 0 }, v0 = { 0.3f, 0.12f, 0.2f };
    sp_contact_reset(&c, &p0, &v0, 0);
    *max_dx = *max_dv = *locked_dev = 0.0;
    *unlocked_early = 0;
    int n = (int)(2.5f / dt);
    for (int k = 1; k <= n; k++) {
        double t = k * dt;
        sp_vec3 in = { (float)(0.3 * t), (float)(0.05 + 0.04 * sin(3 * t)), (float)(0.1 * sin(2 * t)) };
        sp_vec3 px = c.position, pv = c.velocity;
        sp_contact_update(&c, &in, t >= 0.5 && t < 1.5, radius, 0.02f, halflife, dt);
        sp_vec3 dx = { c.position.x - px.x, c.position.y - px.y, c.position.z - px.z };
        sp_vec3 dv = { c.velocity.x - pv.x, c.velocity.y - pv.y, c.velocity.z - pv.z };
        if (k > 1) {
            *max_dx = fmax(*max_dx, v3len(dx));
            *max_dv = fmax(*max_dv, v3len(dv));
        }
        if (c.lock && t > 0.5 + 20 * halflife) {
            sp_vec3 d = { c.position.x - c.point.x, c.position.y - c.point.y, c.position.z - c.point.z };
            *locked_dev = fmax(*locked_dev, v3len(d));
        }
        if (!c.lock && t >= 0.5 && t < 1.5) *unlocked_early = 1;
    }
    *at_end = c;
}

static void contact(void)
{
    double dx1, dv1, dx2, dv2, dev;
    int early;
    sp_contact c;
    /* while locked (after the blend in) the output is the contact point: 20 halflives leave
     * (1 + 20·ln2·2)·2^−40 of the offset, far below 1e-6 */
    contact_run(1.0f / 60.0f, 0.05f, 10.0f, &dx1, &dv1, &c, &dev, &early);
    check_near("locked output stays at the contact point", dev, 0.0, 1e-6);
    check_true("no unlock within a large radius", !early);
    check_true("the contact point is on the ground at foot height", c.point.y == 0.02f);
    check_true("released after the contact ends", !c.lock && !c.state);
    /* continuity: a jump in position or velocity would not shrink with dt; a continuous output
     * moves ∝ dt per frame. At dt/10 the largest per-frame changes shrink about 10× (< 0.2×
     * allowed: the finite-difference input velocity adds a bounded term). */
    contact_run(1.0f / 600.0f, 0.05f, 10.0f, &dx2, &dv2, &c, &dev, &early);
    check_true("position continuous across lock and release", dx2 < 0.2 * dx1);
    check_true("velocity continuous across lock and release", dv2 < 0.2 * dv1);
    printf("contact: max |dx| %.5f -> %.5f, max |dv| %.4f -> %.4f (dt 1/60 -> 1/600)\n", dx1, dx2, dv1, dv2);
    /* halflife 0: at the contact point from the first locked frame on */
    contact_run(1.0f / 60.0f, 0.0f, 10.0f, &dx1, &dv1, &c, &dev, &early);
    check_true("halflife 0 locks exactly", dev == 0.0);
    /* unlock radius: the input moves 0.3 m/s away, a 0.1 m radius unlocks after ~1/3 s */
    contact_run(1.0f / 60.0f, 0.05f, 0.1f, &dx1, &dv1, &c, &dev, &early);
    check_true("unlocks beyond the radius while in contact", early);
    /* ≥ 1 s = 20 halflives after the unlock the offset is below 1e-6 */
    check_true("the unlocked foot follows the input again",
               fabs(c.position.x - c.target.x) < 1e-6 && fabs(c.position.z - c.target.z) < 1e-6);
    /* dt = 0 keeps position and velocity */
    sp_vec3 p = c.position, v = c.velocity, in = c.target;
    sp_contact_update(&c, &in, c.state, 0.1f, 0.02f, 0.05f, 0.0f);
    check_true("dt 0 changes nothing", c.position.x == p.x && c.position.z == p.z && c.velocity.x == v.x);
}

/* The article's foot locking (contact_reset, contact_update, with inertialize_update and
 * inertialize_transition on 3 components), written here in double from the article's
 * listing and its source, with the exact critical decay of the offset (oracle.h) in place
 * of fast_negexp and no eps in the finite difference. Its contact_reset ignores the input
 * contact state: a reset always starts out of contact, so the first update in contact locks. */
typedef struct {
    int state, lock;
    double position[3], velocity[3], point[3], target[3], off_x[3], off_v[3];
} article_contact;

static void article_contact_reset(article_contact *c, const double in_x[3], const double in_v[3])
{
    c->state = 0;
    c->lock = 0;
    for (int i = 0; i < 3; i++) {
        c->position[i] = c->point[i] = c->target[i] = in_x[i];
        c->velocity[i] = in_v[i];
        c->off_x[i] = c->off_v[i] = 0;
    }
}

static void article_contact_update(article_contact *c, const double in_x[3], int in_state, double radius,
                                   double foot_height, double halflife, double dt)
{
    double in_v[3], dist2 = 0;
    for (int i = 0; i < 3; i++) {
        in_v[i] = (in_x[i] - c->target[i]) / dt;
        c->target[i] = in_x[i];
    }
    oracle_critical_decay(c->off_x, c->off_v, 3, halflife, dt);
    for (int i = 0; i < 3; i++) {
        c->position[i] = (c->lock ? c->point[i] : in_x[i]) + c->off_x[i];
        c->velocity[i] = (c->lock ? 0 : in_v[i]) + c->off_v[i];
        dist2 += (c->point[i] - in_x[i]) * (c->point[i] - in_x[i]);
    }
    int unlock = c->lock && sqrt(dist2) > radius;
    if (!c->state && in_state) {
        c->lock = 1;
        for (int i = 0; i < 3; i++) c->point[i] = c->position[i];
        c->point[1] = foot_height;
        for (int i = 0; i < 3; i++) {
            c->off_x[i] = (in_x[i] + c->off_x[i]) - c->point[i];
            c->off_v[i] = (in_v[i] + c->off_v[i]) - 0;
        }
    } else if ((c->lock && c->state && !in_state) || unlock) {
        c->lock = 0;
        for (int i = 0; i < 3; i++) {
            c->off_x[i] = (c->point[i] + c->off_x[i]) - in_x[i];
            c->off_v[i] = (0 + c->off_v[i]) - in_v[i];
        }
    }
    c->state = in_state;
}

/* A reset while the foot is in contact, as a game does when it spawns a standing character
 * or the playground restarts its walk: the article's first update in contact locks. */
static void contact_reset_in_contact(void)
{
    /* the case: reset at (0.1, 0.03, 0.2) in contact, one update in contact */
    sp_contact c;
    sp_vec3 p = { 0.1f, 0.03f, 0.2f }, zero = { 0, 0, 0 };
    sp_contact_reset(&c, &p, &zero, 1);
    check_true("reset in contact: not locked yet, state 'not in contact' (article)", !c.lock && !c.state);
    sp_contact_update(&c, &p, 1, 0.2f, 0.02f, 0.1f, 1.0f / 60);
    check_true("first update in contact after the reset locks", c.lock == 1);
    check_true("locked point at foot height", c.point.y == 0.02f && c.point.x == 0.1f && c.point.z == 0.2f);
    check_true("the output is still the input this frame (continuity)",
               c.position.x == 0.1f && c.position.y == 0.03f && c.position.z == 0.2f);
    check_near("offset = input − point", c.offset_position.y, 0.01, 1e-7);

    /* a walk that starts in contact, against the article's logic frame by frame: stance until
     * t = 0.6 s, swing until 1.1 s, stance again; foot path as in contact_run */
    const float dts[] = { 1.0f / 60, 1.0f / 144 };
    for (int r = 0; r < 2; r++) {
        float dt = dts[r];
        double in0[3] = { 0, 0.05, 0 }, v0[3] = { 0.3, 0.12, 0.2 };
        sp_vec3 fin0 = { 0, 0.05f, 0 }, fv0 = { 0.3f, 0.12f, 0.2f };
        article_contact a;
        article_contact_reset(&a, in0, v0);
        sp_contact_reset(&c, &fin0, &fv0, 1);
        double worst = 0;
        int lock_mismatch = 0, locked_frames = 0;
        for (int k = 1; k <= (int)(1.6f / dt); k++) {
            double t = k * (double)dt;
            int st = t < 0.6 || t >= 1.1;
            sp_vec3 in = { (float)(0.3 * t), (float)(0.05 + 0.04 * sin(3 * t)), (float)(0.1 * sin(2 * t)) };
            double ind[3] = { in.x, in.y, in.z };
            sp_contact_update(&c, &in, st, 0.5f, 0.02f, 0.05f, dt);
            article_contact_update(&a, ind, st, 0.5, 0.02, 0.05, dt);
            const float got[6] = { c.position.x, c.position.y, c.position.z,
                                   c.velocity.x, c.velocity.y, c.velocity.z };
            for (int i = 0; i < 3; i++) {
                worst = fmax(worst, fabs(got[i] - a.position[i]));
                worst = fmax(worst, fabs(got[3 + i] - a.velocity[i]) * dt); /* velocity·dt: metres */
            }
            lock_mismatch += c.lock != a.lock || c.state != a.state;
            locked_frames += c.lock;
        }
        char name[120];
        snprintf(name, sizeof name, "walk from a reset in contact, dt %.4f: lock and state as the article",
                 dt);
        check_true(name, lock_mismatch == 0 && locked_frames > 0);
        snprintf(name, sizeof name, "walk from a reset in contact, dt %.4f: output as the article (%.2g m)",
                 dt, worst);
        check_true(name, worst < 1e-5);
    }
}

int main(void)
{
    desired();
    simulation_and_prediction();
    adjustment();
    contact();
    contact_reset_in_contact();
    return testing_finish("test_character");
}
