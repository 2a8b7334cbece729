/* test_adjustment.c — synchronising the character and the simulation object: the adjustment and
 * clamping bounds, the slerp approximation against slerp in double, and a damped adjustment of a
 * float against g·(1 − 2^(−dt/h)) worked out here; the slerp approximation far beyond its arc
 * (issue 33, item 19): a unit rotation, the limit of the direction of q + t·(p − q) (t ≈ A·alpha⁵),
 * where alpha 1e30 gave NaN; q itself when p is q. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"
#include "character_oracle.h"
#define ORACLE_LN2 0.693147180559945309

static char name[160];

static double v3len(sp_vec3 v) { return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z); }
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

static void slerp_far_beyond(void)
{
    const sp_quat q = { 0, 0, 0, 1 }, p = { 0, 0.6f, 0, 0.8f };
    const float alphas[] = { 1e4f, 1e10f, 1e30f, -1e30f, 3.4e38f };
    for (int i = 0; i < 5; i++) {
        sp_quat r;
        sp_quat_slerp_shortest_approx(&r, &q, &p, alphas[i]);
        /* the direction of ±(p − q) = ±(0, 0.6, 0, −0.2)/|…| */
        double n = sqrt(0.36 + 0.04), s = alphas[i] > 0 ? 1 : -1;
        snprintf(name, sizeof name, "slerp_shortest_approx alpha %g: (%g, %g, %g, %g)", alphas[i], r.x, r.y,
                 r.z, r.w);
        check_true(name, r.x == 0 && r.z == 0);
        check_near(name, r.y, s * 0.6 / n, 1e-6);
        check_near(name, r.w, -s * 0.2 / n, 1e-6);
        sp_quat_slerp_shortest_approx(&r, &p, &p, alphas[i]);
        snprintf(name, sizeof name, "slerp_shortest_approx alpha %g from p to p: p", alphas[i]);
        check_near(name, r.y, 0.6, 1e-7);
        check_near(name, r.w, 0.8, 1e-7);
    }
}

int main(void)
{
    adjustment();
    damp_adjustment();
    slerp_far_beyond();
    return testing_finish("test_adjustment");
}
