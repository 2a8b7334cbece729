/* test_character.c — character control: the desired velocity and rotation, the simulation object
 * and its prediction, strafing and the controller's predicted input over the trajectory.
 *
 * Oracles worked out here in double: closed forms; prediction against frame-by-frame stepping;
 * yaw quaternions from angles; the rotation spring about +Y as the critical spring on the yaw
 * angle (closed form); the desired velocity as the stick turned into the simulation's frame,
 * scaled by the speeds and turned back; and RK4 on the character's velocity spring (x' = v,
 * v' = a, a' = y²·(d − v) − 2y·a) with the desired velocity held piecewise between the samples. */
#include <string.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"
#include "character_oracle.h"
#define ORACLE_PI 3.14159265358979324

static double qlen(sp_quat q)
{
    return sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
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
static char name[200];

static double wrap(double a)
{
    a = fmod(a, 2 * ORACLE_PI);
    if (a > ORACLE_PI) a -= 2 * ORACLE_PI;
    if (a <= -ORACLE_PI) a += 2 * ORACLE_PI;
    return a;
}
/* |cos| of half the angle between q and the yaw by angle a: 1 when they are the same rotation. */
static double is_yaw(sp_quat q, double a)
{
    return fabs(q.y * sin(a / 2) + q.w * cos(a / 2)) + fabs(q.x) + fabs(q.z);
}

static void strafe(void)
{
    const double azimuths[] = { 0.0, 1.0, -2.5, 3.1 };
    for (int i = 0; i < 4; i++) {
        double az = azimuths[i];
        sp_quat out;
        sp_vec3 idle = { 0.05f, 0, 0.05f }, right = { 1, 0, 0 }, diag = { -0.6f, 0, 0.6f };
        sp_desired_rotation_update_strafe(&out, &idle, (float)az, 0.1f);
        snprintf(name, sizeof name, "strafe, right stick idle: the camera's forward (azimuth %g)", az);
        check_near(name, is_yaw(out, az), 1.0, 1e-6);
        check_true("strafe: w ≥ 0 like the article's", out.w >= 0);
        sp_desired_rotation_update_strafe(&out, &right, (float)az, 0.1f);
        snprintf(name, sizeof name, "strafe, right stick +X: a quarter turn from the camera (azimuth %g)",
                 az);
        check_near(name, is_yaw(out, wrap(az + ORACLE_PI / 2)), 1.0, 1e-6);
        sp_desired_rotation_update_strafe(&out, &diag, (float)az, 0.1f);
        snprintf(name, sizeof name, "strafe, right stick diagonal (azimuth %g)", az);
        check_near(name, is_yaw(out, wrap(az - ORACLE_PI / 4)), 1.0, 1e-6);
    }
}

/* The critical spring on the yaw: θ(t) = θg + e^(−yt)·(u0 + (ω0 + y·u0)·t), u0 = θ0 − θg. */
static double yaw_spring(double th0, double w0, double thg, double h, double t, double *w)
{
    double y = 2 * ORACLE_LN2 / h, u = wrap(th0 - thg), e = exp(-y * t), j = w0 + y * u;
    *w = e * (w0 - j * y * t);
    return thg + e * (u + j * t);
}

/* The desired velocity for stick (camera frame) s, camera azimuth az, simulation yaw th. */
static void desired_velocity(double sx, double sz, double az, double th, double fw, double side, double back,
                             double out[3])
{
    double wx = sx * cos(az) + sz * sin(az), wz = -sx * sin(az) + sz * cos(az); /* stick in the world */
    double lx = wx * cos(th) - wz * sin(th),
           lz = wx * sin(th) + wz * cos(th); /* into the simulation's frame */
    lx *= side;
    lz *= lz > 0 ? fw : back;
    out[0] = lx * cos(th) + lz * sin(th);
    out[1] = 0;
    out[2] = -lx * sin(th) + lz * cos(th);
}

static void predict_strafe(void)
{
    /* strafing, right stick idle: the desired rotation is the camera's forward throughout;
     * the rotation turns toward it as one critical spring (no stepping error) */
    float times[6] = { 0.0f, 0.1f, 0.25f, 0.45f, 0.8f, 1.2f };
    double th0 = 1.9, w0 = -0.7, az = 0.4, h = 0.3, fw = 4, side = 3, back = 2;
    sp_vec3 left = { 1, 0, 0.2f }, right = { 0, 0, 0 }, ang = { 0, (float)w0, 0 };
    sp_quat rot = yaw(th0), des = yaw(0.0);
    sp_vec3 dv[6], av[6];
    sp_quat dr[6], r[6];
    sp_trajectory_predict_desired(dv, dr, r, av, times, 0, 6, &left, &right, (float)az, 1, (float)fw,
                                  (float)side, (float)back, 0.1f, &rot, &ang, &des, (float)h);
    double prev_th = th0, prev_t = 0, w;
    for (int i = 0; i < 6; i++) {
        double th = yaw_spring(th0, w0, az, h, times[i], &w), want[3];
        snprintf(name, sizeof name, "strafe prediction: rotation at %gs = the yaw spring", times[i]);
        check_near(name, is_yaw(r[i], th), 1.0, 1e-6);
        check_near(name, av[i].y, w, 1e-4);
        check_near("strafe prediction: desired rotation is the camera's forward", is_yaw(dr[i], az), 1.0,
                   1e-6);
        /* the desired velocity on the way to sample i: from the rotation at the previous sample */
        desired_velocity(left.x, left.z, az, prev_th, fw, side, back, want);
        snprintf(name, sizeof name, "strafe prediction: desired velocity on the way to %gs", times[i]);
        check_near(name, dv[i].x, want[0], 2e-5);
        check_near(name, dv[i].z, want[2], 2e-5);
        prev_th = th;
        prev_t = times[i];
    }
    (void)prev_t;
}

static void predict_free(void)
{
    /* not strafing, the left stick held: the simulation turns to face the stick's direction and
     * the desired velocity becomes the forward speed along it */
    sp_vec3 left = { 0.6f, 0, -0.8f }, right = { 0, 0, 0 }, ang = { 0, 0, 0 };
    sp_quat rot = yaw(0.3), des = yaw(0.3);
    double az = -0.9;
    enum { N = 40 };
    sp_vec3 dv[N], av[N];
    sp_quat dr[N], r[N];
    sp_trajectory_predict_desired(dv, dr, r, av, NULL, 0.1f, N, &left, &right, (float)az, 0, 4, 3, 2, 0.1f,
                                  &rot, &ang, &des, 0.15f);
    double heading = atan2(0.6 * cos(az) - 0.8 * sin(az), -0.6 * sin(az) - 0.8 * cos(az));
    check_near("held stick: the rotation ends facing the stick", is_yaw(r[N - 1], heading), 1.0, 1e-5);
    check_near("held stick: the desired rotation too", is_yaw(dr[N - 1], heading), 1.0, 1e-5);
    check_near("held stick: the desired velocity is the forward speed", hypot(dv[N - 1].x, dv[N - 1].z), 4.0,
               1e-4);
    check_near("held stick: along the stick", atan2(dv[N - 1].x, dv[N - 1].z), heading, 1e-4);
    check_true("sample 0 at time 0 keeps the rotation", memcmp(&r[0], &rot, sizeof rot) == 0);
    /* a released stick keeps the desired rotation and asks for no velocity */
    sp_vec3 idle = { 0.01f, 0, 0 };
    sp_trajectory_predict_desired(dv, dr, r, av, NULL, 0.1f, 5, &idle, &right, (float)az, 0, 4, 3, 2, 0.1f,
                                  &rot, &ang, &des, 0.15f);
    check_true("released stick: the desired rotation is kept", memcmp(&dr[4], &des, sizeof des) == 0);
    double want[3];
    desired_velocity(idle.x, idle.z, az, 0.3, 4, 3, 2, want); /* the rotation stays put */
    check_near("released stick: the desired velocity is the stick's, scaled (x)", dv[4].x, want[0], 1e-6);
    check_near("released stick: the desired velocity is the stick's, scaled (z)", dv[4].z, want[2], 1e-6);
    /* null outputs are skipped (AddressSanitizer would catch a write) */
    sp_trajectory_predict_desired(NULL, NULL, NULL, NULL, NULL, 0.1f, 5, &left, &right, 0, 0, 4, 3, 2, 0.1f,
                                  &rot, &ang, &des, 0.15f);
}

/* The velocity spring with piecewise desired velocities, RK4 in double. */
typedef struct {
    double y, d;
} vel_ode;
static void vel_deriv(double t, const double *s, double *ds, const void *ctx)
{
    const vel_ode *p = ctx;
    (void)t;
    ds[0] = s[1];
    ds[1] = s[2];
    ds[2] = p->y * p->y * (p->d - s[1]) - 2 * p->y * s[2];
}

static void predict_positions(void)
{
    float times[5] = { 0.05f, 0.2f, 0.5f, 0.9f, 1.3f }, h = 0.25f;
    sp_vec3 dvs[5] = { { 1, 0, 0 }, { 1, 0, 2 }, { 0, 0, 3 }, { -2, 0, 3 }, { -2, 0, -1 } };
    sp_vec3 x = { 1, 0, -1 }, v = { 0.5f, 0, 0 }, a = { 0, 0, 2 }, px[5], pv[5], pa[5];
    sp_trajectory_predict_positions_desired(px, pv, pa, times, 0, 5, &x, &v, &a, dvs, h, NULL, 0, NULL, 0,
                                            0.5f);
    double sx[3] = { x.x, v.x, a.x }, sz[3] = { x.z, v.z, a.z }, tp = 0;
    for (int i = 0; i < 5; i++) {
        vel_ode ox = { 2 * ORACLE_LN2 / h, dvs[i].x }, oz = { 2 * ORACLE_LN2 / h, dvs[i].z };
        oracle_rk4(vel_deriv, &ox, 3, sx, tp, times[i] - tp, 2000);
        oracle_rk4(vel_deriv, &oz, 3, sz, tp, times[i] - tp, 2000);
        tp = times[i];
        snprintf(name, sizeof name, "positions with varying desired velocity vs RK4 at %gs", times[i]);
        check_near(name, px[i].x, sx[0], 1e-5);
        check_near(name, px[i].z, sz[0], 1e-5);
        check_near(name, pv[i].z, sz[1], 1e-5);
        check_near(name, pa[i].x, sx[2], 1e-4);
    }
    /* with the desired velocity held it is sp_trajectory_predict_positions, sample for sample */
    sp_vec3 held[5] = { { 1, 0, 2 }, { 1, 0, 2 }, { 1, 0, 2 }, { 1, 0, 2 }, { 1, 0, 2 } }, qx[5];
    sp_trajectory_predict_positions_desired(px, NULL, NULL, times, 0, 5, &x, &v, &a, held, h, NULL, 0, NULL,
                                            0, 0.5f);
    sp_trajectory_predict_positions(qx, NULL, NULL, times, 0, 5, &x, &v, &a, &held[0], h);
    for (int i = 0; i < 5; i++)
        check_near("held desired velocity: the exact prediction", px[i].x, qx[i].x, 2e-5);
}

int main(void)
{
    desired();
    simulation_and_prediction();
    strafe();
    predict_strafe();
    predict_free();
    predict_positions();
    return testing_finish("test_character");
}
