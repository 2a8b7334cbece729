/* test_motion_controller.c — the frame of motion-matched characters after their searches
 * (motion_controller.c) against closed forms and geometry worked out here: placing a frame
 * under a point and a heading; with every part off, the frame's pose mapped and the simulation
 * object on its closed form; clamping's bound; a locked toe held where it locked while the
 * animation slides under it, and a contact that waits until its foot is near the ground; and a
 * crowd of three equal, bit for bit, to three characters of one. */
#include <stdlib.h>
#include <string.h>
#include "sprung.h"
#include "testing.h"

/* A leg under a simulation bone: 0 root (on the ground), 1 hips 0.89 m up, 2 thigh, 3 knee
 * (0.42 m down, 0.12 m forward), 4 heel (0.42 m down, 0.12 m back), 5 toe (0.15 m forward,
 * 0.05 m down): the toe rests on the ground, the heel 5 cm up. */
enum { B = 6, NC = 1 };
static const int PARENTS[B] = { -1, 0, 1, 2, 3, 4 };
static const int TOE[NC] = { 5 }, HEEL[NC] = { 4 };

static void leg(float *pose, double x, double z, double yaw)
{
    memset(pose, 0, sizeof(float) * 13 * B);
    float *p = pose, *q = pose + 6 * B;
    for (int b = 0; b < B; b++) q[4 * b + 3] = 1.0f;
    p[0] = (float)x, p[2] = (float)z;
    q[1] = (float)sin(yaw / 2), q[3] = (float)cos(yaw / 2);
    p[3 * 1 + 1] = 0.89f;
    p[3 * 3 + 1] = -0.42f, p[3 * 3 + 2] = 0.12f;
    p[3 * 4 + 1] = -0.42f, p[3 * 4 + 2] = -0.12f;
    p[3 * 5 + 1] = -0.05f, p[3 * 5 + 2] = 0.15f;
}

static sp_motion_settings settings_off(void)
{
    sp_motion_settings s;
    memset(&s, 0, sizeof s);
    s.inertialization = SP_BLEND_NONE;
    s.halflife = 0.1f, s.blendtime = 0.2f;
    s.simulation_velocity_halflife = 0.27f, s.simulation_rotation_halflife = 0.27f;
    s.adjust_position_halflife = 0.1f, s.adjust_rotation_halflife = 0.2f;
    s.adjust_position_max_ratio = 0.5f, s.adjust_rotation_max_ratio = 0.5f;
    s.clamp_distance = 0.15f, s.clamp_angle = 1.5707964f;
    s.foot_unlock_radius = 0.2f, s.foot_height = 0.02f, s.foot_halflife = 0.1f, s.foot_length_buffer = 0.015f;
    return s;
}

/* One crowd's arrays for n characters. */
typedef struct {
    float input[4][13 * B], offset[4][13 * B], blended[4][13 * B], pose[4][13 * B];
    float positions[4][3 * B], rotations[4][4 * B];
    sp_motion_character c[4];
    sp_contact contacts[4][NC];
    int states[4][NC];
    sp_motion_settings s[4];
} crowd;

static void start(crowd *k, int i, sp_motion_settings s)
{
    memset(&k->c[i], 0, sizeof k->c[i]);
    k->c[i].simulation_rotation.w = k->c[i].desired_rotation.w = k->c[i].map_rotation.w = 1.0f;
    memset(k->offset[i], 0, sizeof k->offset[i]);
    for (int b = 0; b < B; b++) k->offset[i][6 * B + 4 * b + 3] = 1.0f;
    memset(k->contacts[i], 0, sizeof k->contacts[i]);
    k->s[i] = s;
}

static void update(crowd *k, int from, int n, float dt)
{
    const sp_vec3 none[NC] = { { 0.0f, 0.0f, 0.0f } };
    sp_motion_controller_update(k->input[from], k->offset[from], k->blended[from], k->pose[from],
                                k->positions[from], k->rotations[from], k->c + from, k->contacts[from],
                                k->states[from], k->s + from, PARENTS, B, TOE, HEEL, none, NC, dt, n);
}

/* World position of bone b of a pose, in double (the test's own forward kinematics). */
static void world(const float *pose, int b, double out[3])
{
    double p[3] = { 0, 0, 0 }, q[4] = { 0, 0, 0, 1 };
    int chain[B], m = 0;
    for (int j = b; j >= 0; j = PARENTS[j]) chain[m++] = j;
    for (int i = m - 1; i >= 0; i--) {
        int j = chain[i];
        const float *lp = pose + 3 * j, *lq = pose + 6 * B + 4 * j;
        /* p += q·lp, q = q·lq */
        double t[3] = { 2 * (q[1] * lp[2] - q[2] * lp[1]), 2 * (q[2] * lp[0] - q[0] * lp[2]),
                        2 * (q[0] * lp[1] - q[1] * lp[0]) };
        p[0] += lp[0] + q[3] * t[0] + (q[1] * t[2] - q[2] * t[1]);
        p[1] += lp[1] + q[3] * t[1] + (q[2] * t[0] - q[0] * t[2]);
        p[2] += lp[2] + q[3] * t[2] + (q[0] * t[1] - q[1] * t[0]);
        double r[4] = { q[3] * lq[0] + q[0] * lq[3] + q[1] * lq[2] - q[2] * lq[1],
                        q[3] * lq[1] - q[0] * lq[2] + q[1] * lq[3] + q[2] * lq[0],
                        q[3] * lq[2] + q[0] * lq[1] - q[1] * lq[0] + q[2] * lq[3],
                        q[3] * lq[3] - q[0] * lq[0] - q[1] * lq[1] - q[2] * lq[2] };
        memcpy(q, r, sizeof q);
    }
    memcpy(out, p, sizeof p);
}

static void place(void)
{
    float pose[13 * B];
    leg(pose, 1.0, 2.0, 0.3);
    pose[3 * B + 2] = 1.0f; /* bone 0 moves 1 m/s along its local +Z... in the database's world */
    sp_motion_character c;
    memset(&c, 0, sizeof c);
    sp_vec3 at = { 5.0f, 0.0f, -1.0f };
    sp_quat facing = { 0.0f, (float)sin(0.6), 0.0f, (float)cos(0.6) };
    sp_motion_controller_place(&c, pose, &at, &facing, B);
    check_near("place: bone 0 at x", pose[0], 5.0, 1e-6);
    check_near("place: bone 0 at z", pose[2], -1.0, 1e-6);
    check_near("place: bone 0 facing (y)", pose[6 * B + 1], sin(0.6), 1e-6);
    check_near("place: bone 0 facing (w)", pose[6 * B + 3], cos(0.6), 1e-6);
    /* turned by 1.2 − 0.3 = 0.9 rad about +Y: (0, 0, 1) ↦ (sin 0.9, 0, cos 0.9) */
    check_near("place: its velocity turned with it (x)", pose[3 * B], sin(0.9), 1e-6);
    check_near("place: its velocity turned with it (z)", pose[3 * B + 2], cos(0.9), 1e-6);
    check_true("place: the other bones untouched", pose[3 * 1 + 1] == 0.89f);
}

static void everything_off(void)
{
    static crowd k;
    start(&k, 0, settings_off());
    const float dt = 1.0f / 60.0f;
    const double h = 0.27, y = 2.0 * 0.69314718056 / h, vd = 1.5;
    k.c[0].desired_velocity.x = (float)vd;
    k.c[0].map_rotation = (sp_quat){ 0.0f, (float)sin(0.25), 0.0f, (float)cos(0.25) };
    k.c[0].map_translation = (sp_vec3){ 3.0f, 0.0f, 1.0f };
    double worst_map = 0.0, worst_fk = 0.0;
    for (int i = 1; i <= 120; i++) {
        leg(k.input[0], 0.01 * i, 0.0, 0.0);
        k.states[0][0] = 0;
        update(&k, 0, 1, dt);
        /* (0.01·i, 0, 0) turned by 0.5 rad about +Y, then moved by (3, 0, 1) */
        double x = 3.0 + 0.01 * i * cos(0.5), z = 1.0 - 0.01 * i * sin(0.5);
        worst_map = fmax(worst_map, fabs(k.pose[0][0] - x) + fabs(k.pose[0][2] - z));
        if (memcmp(k.pose[0], k.blended[0], sizeof k.pose[0]) != 0) worst_map = 1.0;
        for (int b = 0; b < B; b++) {
            double w[3];
            world(k.pose[0], b, w);
            for (int j = 0; j < 3; j++) worst_fk = fmax(worst_fk, fabs(k.positions[0][3 * b + j] - w[j]));
        }
        if (i % 40
            == 0) { /* the critical spring from rest toward vd: x(t) = vd·(t − 2/y + (2/y + t)·e^(−y t)) */
            double t = i * (double)dt, want = vd * (t - 2.0 / y + (2.0 / y + t) * exp(-y * t));
            check_near("everything off: the simulation object on its closed form",
                       k.c[0].simulation_position.x, want, 2e-5);
        }
    }
    check_near("everything off: the pose is the frame's, bone 0 mapped (and blended = pose)", worst_map, 0.0,
               2e-6);
    check_near("everything off: positions are the pose's forward kinematics", worst_fk, 0.0, 2e-6);
}

static void clamping(void)
{
    static crowd k;
    sp_motion_settings s = settings_off();
    s.clamping = 1, s.clamp_distance = 0.1f;
    start(&k, 0, s);
    k.c[0].desired_velocity.z = 4.0f; /* the simulation runs off; the animation stands */
    double worst = 0.0;
    for (int i = 0; i < 120; i++) {
        leg(k.input[0], 0.0, 0.0, 0.0);
        update(&k, 0, 1, 1.0f / 60.0f);
        sp_vec3 sp = k.c[0].simulation_position;
        worst = fmax(worst,
                     sqrt(pow(k.positions[0][0] - sp.x, 2) + pow(k.positions[0][1] - sp.y, 2)
                          + pow(k.positions[0][2] - sp.z, 2)));
    }
    check_true("clamping: bone 0 never farther than clamp_distance from the simulation", worst <= 0.1 + 1e-6);
    check_true("clamping: and it is reached", worst > 0.099);
}

/* The animation slides 1 cm a frame under a foot in contact: the drawn toe stays where it locked
 * (horizontally; the IK lifts it to foot_height), the lock held while the animation's toe is
 * within the unlock radius of it: from the first frame in contact, i = 1, to i = 20 (its
 * distance √(0.01·i − 0.01)² + 0.02²) passes 0.2 m at i = 21), the leg within reach throughout. */
static void locked_toe(void)
{
    static crowd k;
    sp_motion_settings s = settings_off();
    s.foot_locking = 1;
    start(&k, 0, s);
    double lock[2] = { 0, 0 }, worst = 0.0;
    int locked = 0;
    for (int i = 0; i < 30; i++) {
        leg(k.input[0], 0.0, 0.01 * i, 0.0);
        k.states[0][0] = i >= 1;
        update(&k, 0, 1, 1.0f / 60.0f);
        if (!k.contacts[0][0].lock) continue;
        double toe[3];
        world(k.pose[0], 5, toe);
        if (!locked++) lock[0] = toe[0], lock[1] = toe[2];
        worst = fmax(worst, hypot(toe[0] - lock[0], toe[2] - lock[1]));
    }
    check_true("locked toe: locked from the first frame in contact until 20 cm away (20 frames)",
               locked == 20);
    check_near("locked toe: held where it locked while the animation slid 19 cm", worst, 0.0, 1e-5);

    /* a contact whose foot is in the air (0.5 m up) waits: it locks once the foot is near the ground */
    start(&k, 0, s);
    int first = -1;
    for (int i = 0; i < 30; i++) {
        leg(k.input[0], 0.0, 0.0, 0.0);
        k.input[0][1] = (float)fmax(0.0, 0.5 - 0.05 * i); /* bone 0 (and the toe) lowered 5 cm a frame */
        k.states[0][0] = 1;
        update(&k, 0, 1, 1.0f / 60.0f);
        if (first < 0 && k.contacts[0][0].lock) first = i;
    }
    /* the toe is 0.5 − 0.05·i up: within 0.2 m of the point 2 cm up from i = 6 (update 0 starts the
     * contacts, unlocked) */
    check_true("a contact starts only within the unlock radius of where it would lock", first == 6);
}

/* Three characters updated in one call equal each updated alone, bit for bit. */
static void crowd_of_three(void)
{
    static crowd together, alone;
    sp_motion_settings s = settings_off();
    s.inertialization = SP_BLEND_SPRING, s.adjustment = s.adjustment_by_velocity = 1, s.clamping = 1;
    s.foot_locking = 1;
    for (int i = 0; i < 3; i++) {
        start(&together, i, s);
        start(&alone, i, s);
        together.c[i].desired_velocity.z = alone.c[i].desired_velocity.z = 0.5f * (float)(i + 1);
    }
    for (int f = 0; f < 90; f++) {
        for (int i = 0; i < 3; i++) {
            leg(together.input[i], 0.0, 0.012 * f * (i + 1), 0.05 * f);
            memcpy(alone.input[i], together.input[i], sizeof alone.input[i]);
            together.states[i][0] = alone.states[i][0] = (f / 20 + i) % 2;
            if (f == 30 + 10 * i) { /* a switch: the offset takes a jump */
                together.offset[i][3 * 2] = alone.offset[i][3 * 2] = 0.05f;
            }
        }
        update(&together, 0, 3, 1.0f / 60.0f);
        for (int i = 0; i < 3; i++) update(&alone, i, 1, 1.0f / 60.0f);
    }
    check_true("a crowd of three equals three of one, bit for bit",
               memcmp(&together, &alone, sizeof together) == 0);
}

int main(void)
{
    place();
    everything_off();
    clamping();
    locked_toe();
    crowd_of_three();
    return testing_finish("test_motion_controller");
}
