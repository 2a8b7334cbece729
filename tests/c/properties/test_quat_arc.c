/* test_quat_arc.c — when the rotation springs and inertializers are dt-invariant.
 *
 * The quaternion springs (sp_simple/decay_spring_damper_exact_quat, their batches), the
 * rotation inertializer (sp_inertialize_update_quat) and the pose inertializer step the offset
 * j = 2·log(x·goal⁻¹) taken on the shortest arc (|j| ≤ π), as the article does: the offset
 * follows j(t) = e^(−yt)·((1 + yt)·j0 + t·v0) through a step. Chained steps equal one long step
 * exactly when, at every step boundary, |j| ≤ π (the next step's shortest arc is then j itself);
 * past π the next step takes the other way round (the spring pulls the rotation back the short
 * way), which depends on where the boundaries fall. Since |j(t)| ≤ |j0| + |v0|/(e·y), a spring
 * is dt-invariant whenever angle + 0.265·halflife·|angular velocity| ≤ π — from rest always.
 *
 * Checked: that sufficient condition gives 2 steps of dt = 1 step of 2·dt for all four; past
 * it, 2 steps of dt equal the double-precision oracle that re-takes the shortest arc at the
 * boundary, 1 step of 2·dt equals the oracle that does not, and the two differ. */
#include <stdlib.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];

static double rnd(double lo, double hi) { return lo + (hi - lo) * rand() / (double)RAND_MAX; }

static sp_quat to_f(oracle_quat q)
{
    sp_quat r = { (float)q.x, (float)q.y, (float)q.z, (float)q.w };
    return r;
}
static oracle_quat to_d(sp_quat q)
{
    oracle_quat r = { q.x, q.y, q.z, q.w };
    return r;
}

/* Rotation angle between two unit quaternions, in double. */
static double angle_between(sp_quat a, sp_quat b)
{
    double j[3];
    oracle_quat_log(j,
                    oracle_quat_mul(oracle_quat_unit(to_d(a)), oracle_quat_conj(oracle_quat_unit(to_d(b)))));
    return sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]);
}

static double dist3(sp_vec3 a, sp_vec3 b)
{
    return sqrt(pow((double)a.x - b.x, 2) + pow((double)a.y - b.y, 2) + pow((double)a.z - b.z, 2));
}

/* The oracle: the critical spring on the offset j toward 0, x = exp(j/2)·goal. `rewrap`
 * takes the shortest arc again after the first of `steps` steps (what a new call does). */
static void oracle_steps(oracle_quat *x, double v[3], oracle_quat goal, double h, double dt, int steps)
{
    for (int i = 0; i < steps; i++) {
        double j[3];
        oracle_quat_log(j, oracle_quat_mul(*x, oracle_quat_conj(goal)));
        oracle_critical_decay(j, v, 3, h, dt);
        *x = oracle_quat_mul(oracle_quat_exp(j), goal);
    }
}

/* A random unit axis times `angle`. */
static void random_vec(double out[3], double length)
{
    double a[3], n;
    do {
        for (int i = 0; i < 3; i++) a[i] = rnd(-1, 1);
        n = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    } while (n < 0.1 || n > 1);
    for (int i = 0; i < 3; i++) out[i] = a[i] / n * length;
}

/* A state inside the condition: angle a, angular velocity of length up to (π − a)·e·y. */
static void state_inside(sp_quat *x, sp_vec3 *v, sp_quat goal, double h)
{
    double j[3], w[3], a = rnd(0, 0.95 * ORACLE_PI), y = 2 * ORACLE_LN2 / h;
    random_vec(j, a);
    random_vec(w, rnd(0, 0.99) * (ORACLE_PI - a) * exp(1.0) * y);
    *x = to_f(oracle_quat_mul(oracle_quat_exp(j), to_d(goal)));
    sp_quat_normalize(x, x);
    *v = (sp_vec3){ (float)w[0], (float)w[1], (float)w[2] };
}

static void inside_condition(void)
{
    double worst_angle = 0, worst_v = 0;
    for (int trial = 0; trial < 400; trial++) {
        double h = rnd(0.02, 2), dt = rnd(1.0 / 240, 0.2), y = 2 * ORACLE_LN2 / h;
        double g[3];
        random_vec(g, rnd(0, ORACLE_PI));
        sp_quat goal = to_f(oracle_quat_exp(g)), x0, id = { 0, 0, 0, 1 };
        sp_quat_normalize(&goal, &goal);
        sp_vec3 v0;
        int kind = trial % 4;
        state_inside(&x0, &v0, kind == 0 ? goal : id, h);
        sp_quat a = x0, b = x0;
        sp_vec3 va = v0, vb = v0;
        if (kind == 0) { /* simple spring toward goal */
            sp_simple_spring_damper_exact_quat(&a, &va, &goal, (float)h, (float)(2 * dt));
            sp_simple_spring_damper_exact_quat(&b, &vb, &goal, (float)h, (float)dt);
            sp_simple_spring_damper_exact_quat(&b, &vb, &goal, (float)h, (float)dt);
        } else if (kind == 1) { /* decay spring */
            sp_decay_spring_damper_exact_quat(&a, &va, (float)h, (float)(2 * dt));
            sp_decay_spring_damper_exact_quat(&b, &vb, (float)h, (float)dt);
            sp_decay_spring_damper_exact_quat(&b, &vb, (float)h, (float)dt);
        } else if (kind == 2) { /* rotation inertializer: the offset decays, out = off·in */
            sp_quat in = goal, out;
            sp_vec3 iv = { 0.5f, -1, 2 }, ov;
            sp_inertialize_update_quat(&out, &ov, &a, &va, &in, &iv, (float)h, (float)(2 * dt));
            sp_inertialize_update_quat(&out, &ov, &b, &vb, &in, &iv, (float)h, (float)dt);
            sp_inertialize_update_quat(&out, &ov, &b, &vb, &in, &iv, (float)h, (float)dt);
        } else { /* pose inertializer, bone 1 of 3 (the others at rest) */
            float offa[39] = { 0 }, offb[39] = { 0 }, in[39] = { 0 }, out[39];
            for (int i = 0; i < 3; i++) offa[18 + 4 * i + 3] = offb[18 + 4 * i + 3] = in[18 + 4 * i + 3] = 1;
            const float q[4] = { x0.x, x0.y, x0.z, x0.w }, w[3] = { v0.x, v0.y, v0.z };
            for (int c = 0; c < 4; c++) offa[22 + c] = offb[22 + c] = q[c];
            for (int c = 0; c < 3; c++) offa[33 + c] = offb[33 + c] = w[c];
            sp_inertialize_pose_update(out, offa, in, (float)h, (float)(2 * dt), 3);
            sp_inertialize_pose_update(out, offb, in, (float)h, (float)dt, 3);
            sp_inertialize_pose_update(out, offb, in, (float)h, (float)dt, 3);
            a = (sp_quat){ offa[22], offa[23], offa[24], offa[25] };
            b = (sp_quat){ offb[22], offb[23], offb[24], offb[25] };
            va = (sp_vec3){ offa[33], offa[34], offa[35] };
            vb = (sp_vec3){ offb[33], offb[34], offb[35] };
        }
        double vs = sqrt((double)v0.x * v0.x + v0.y * v0.y + v0.z * v0.z) + y * ORACLE_PI;
        worst_angle = fmax(worst_angle, angle_between(a, b));
        worst_v = fmax(worst_v, dist3(va, vb) / vs);
    }
    printf("inside the condition: 2 steps of dt vs 1 of 2·dt: worst angle %.2g rad, velocity %.2g relative\n",
           worst_angle, worst_v);
    /* float rounding of the log, the step and the exp: a few 1e-7 */
    check_near("inside the condition: 2 steps of dt = 1 step of 2·dt (rotation, rad)", worst_angle, 0, 1e-5);
    check_near("inside the condition: 2 steps of dt = 1 step of 2·dt (velocity, relative)", worst_v, 0, 1e-5);
}

/* Past the condition: a spring flung away from its goal swings past half a turn within the
 * first step. The chained steps follow the oracle that re-takes the shortest arc at the
 * boundary; the long step follows the one that does not; they differ by far more than
 * rounding. */
static void past_condition(void)
{
    int differ = 0;
    for (int trial = 0; trial < 50; trial++) {
        double h = rnd(0.1, 1), y = 2 * ORACLE_LN2 / h, j[3], w[3], g[3];
        random_vec(j, rnd(0.5, 2.5));
        random_vec(g, rnd(0, 3));
        /* the velocity along j, large enough that j(t) passes π at about t = dt */
        double speed = rnd(3, 6) * (ORACLE_PI - sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2])) * exp(1.0) * y;
        double n = sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]);
        for (int i = 0; i < 3; i++) w[i] = j[i] / n * speed;
        double dt = 0.25 / y; /* |j(dt)| grows past π within the first step */
        oracle_quat goal_d = oracle_quat_exp(g), x_d = oracle_quat_mul(oracle_quat_exp(j), goal_d);
        sp_quat goal = to_f(goal_d), x = to_f(x_d), a, b;
        sp_quat_normalize(&goal, &goal);
        sp_quat_normalize(&x, &x);
        goal_d = oracle_quat_unit(to_d(goal));
        x_d = oracle_quat_unit(to_d(x));
        sp_vec3 v = { (float)w[0], (float)w[1], (float)w[2] }, va = v, vb = v;
        a = x, b = x;
        sp_simple_spring_damper_exact_quat(&a, &va, &goal, (float)h, (float)(2 * dt));
        sp_simple_spring_damper_exact_quat(&b, &vb, &goal, (float)h, (float)dt);
        sp_simple_spring_damper_exact_quat(&b, &vb, &goal, (float)h, (float)dt);
        /* oracles from the float state: one long step, and two re-wrapped steps */
        oracle_quat one = x_d, two = x_d;
        double v1[3] = { v.x, v.y, v.z }, v2[3] = { v.x, v.y, v.z };
        oracle_steps(&one, v1, goal_d, (float)h, (float)(2 * dt), 1);
        oracle_steps(&two, v2, goal_d, (float)h, (float)dt, 1);
        oracle_steps(&two, v2, goal_d, (float)h, (float)dt, 1);
        /* the unwrapped offset at the boundary, in double: past π? */
        double jb[3], vbnd[3] = { v.x, v.y, v.z };
        oracle_quat_log(jb, oracle_quat_mul(x_d, oracle_quat_conj(goal_d)));
        oracle_critical_decay(jb, vbnd, 3, (float)h, (float)dt);
        double at_boundary = sqrt(jb[0] * jb[0] + jb[1] * jb[1] + jb[2] * jb[2]);
        snprintf(name, sizeof name, "past π (|j| = %.3f at the boundary): 1 step of 2·dt as the oracle",
                 at_boundary);
        check_true(name,
                   at_boundary > ORACLE_PI && angle_between(a, to_f(one)) < 1e-4
                       && fabs(va.x - v1[0]) + fabs(va.y - v1[1]) + fabs(va.z - v1[2])
                           < 1e-4 * (speed + y * 7));
        snprintf(name, sizeof name, "past π: 2 steps of dt as the oracle re-taking the shortest arc");
        check_true(name,
                   angle_between(b, to_f(two)) < 1e-4
                       && fabs(vb.x - v2[0]) + fabs(vb.y - v2[1]) + fabs(vb.z - v2[2])
                           < 1e-4 * (speed + y * 7));
        differ += angle_between(a, b) > 0.1 || dist3(va, vb) > 0.1 * speed;
    }
    check_true("past π the chained and the long step differ (the condition is needed)", differ >= 45);
}

int main(void)
{
    srand(11);
    inside_condition();
    past_condition();
    return testing_finish("test_quat_arc");
}
