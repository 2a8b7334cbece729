/* test_obstacles.c — the simulation object colliding with circles and boxes.
 *
 * Oracle: the article's own method, in double, with ever more substeps: move by D/N, then push
 * the disc out of every obstacle it overlaps (to the nearest point of a circle or of a box,
 * whose yaw is applied here as the rotation of +X to (cos a, −sin a) in (x, z)). The exact
 * result is its limit: the distance between the two shrinks like 1/N (checked against the
 * gap between N and N/2, Richardson style). Plus closed-form cases (wall slide, corner stop,
 * head-on stops), no tunnelling, order independence, push-out of a start inside, the 2D form,
 * and the invariant that the result is outside every obstacle. */
#include <string.h>
#include "sprung.h"
#include "testing.h"

static char name[240];
static unsigned rng = 777u;
static double rnd(double lo, double hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * ((rng >> 8) / 16777216.0);
}

/* Signed distance from (px, pz) to the obstacles' surfaces minus r (< 0: overlapping), in double. */
static double box_local(const float *b, double px, double pz, double *lx, double *lz)
{
    double a = b[4], dx = px - b[0], dz = pz - b[1];
    *lx = dx * cos(a) - dz * sin(a);
    *lz = dx * sin(a) + dz * cos(a);
    return 0;
}
static double clearance(double px, double pz, const float *c, int nc, const float *b, int nb, double r)
{
    double best = INFINITY;
    for (int i = 0; i < nc; i++)
        best = fmin(best, hypot(px - c[3 * i], pz - c[3 * i + 1]) - c[3 * i + 2] - r);
    for (int i = 0; i < nb; i++) {
        double lx, lz;
        box_local(b + 5 * i, px, pz, &lx, &lz);
        double qx = fabs(lx) - b[5 * i + 2] / 2, qz = fabs(lz) - b[5 * i + 3] / 2;
        double d = qx > 0 && qz > 0 ? hypot(qx, qz) : fmax(qx, qz);
        best = fmin(best, d - r);
    }
    return best;
}

static void push_out(double *px, double *pz, const float *c, int nc, const float *b, int nb, double r)
{
    for (int i = 0; i < nc; i++) {
        double dx = *px - c[3 * i], dz = *pz - c[3 * i + 1], d = hypot(dx, dz), R = c[3 * i + 2] + r;
        if (d < R && d > 0) {
            *px = c[3 * i] + dx / d * R;
            *pz = c[3 * i + 1] + dz / d * R;
        }
    }
    for (int i = 0; i < nb; i++) {
        const float *o = b + 5 * i;
        double a = o[4], lx, lz, hx = o[2] / 2, hz = o[3] / 2;
        box_local(o, *px, *pz, &lx, &lz);
        double nx = fmax(-hx, fmin(hx, lx)), nz = fmax(-hz, fmin(hz, lz)), ex = lx - nx, ez = lz - nz;
        double d = hypot(ex, ez);
        if (d >= r && d > 0) continue; /* outside (a point inside the box has d = 0) */
        if (d > 0) {
            lx = nx + ex / d * r;
            lz = nz + ez / d * r;
        } else if (hx - fabs(lx) < hz - fabs(lz))
            lx = (lx < 0 ? -1 : 1) * (hx + r);
        else
            lz = (lz < 0 ? -1 : 1) * (hz + r);
        *px = o[0] + lx * cos(a) + lz * sin(a);
        *pz = o[1] - lx * sin(a) + lz * cos(a);
    }
}

static void substeps(double ax, double az, double bx, double bz, const float *c, int nc, const float *b,
                     int nb, double r, int N, double *ox, double *oz)
{
    double px = ax, pz = az;
    for (int j = 0; j < N; j++) {
        px += (bx - ax) / N;
        pz += (bz - az) / N;
        for (int k = 0; k < 3; k++) push_out(&px, &pz, c, nc, b, nb, r);
    }
    *ox = px;
    *oz = pz;
}

static sp_vec3 collide(float ax, float az, float bx, float bz, const float *c, int nc, const float *b, int nb,
                       float r)
{
    sp_vec3 a = { ax, 0.5f, az }, bb = { bx, 0.25f, bz }, o;
    sp_simulation_collide_obstacles(&o, &a, &bb, c, nc, b, nb, r);
    return o;
}

/* Random scenes of a few circles and rotated boxes, motions from free starts. */
static void against_substeps(void)
{
    double worst = 0;
    int compared = 0;
    for (int scene = 0; scene < 60; scene++) {
        int nc = (int)rnd(0, 4), nb = (int)rnd(0, 4);
        float c[12], b[20];
        for (int i = 0; i < nc; i++) {
            c[3 * i] = (float)rnd(-4, 4);
            c[3 * i + 1] = (float)rnd(-4, 4);
            c[3 * i + 2] = (float)rnd(0.2, 1.5);
        }
        for (int i = 0; i < nb; i++) {
            b[5 * i] = (float)rnd(-4, 4);
            b[5 * i + 1] = (float)rnd(-4, 4);
            b[5 * i + 2] = (float)rnd(0.1, 4);
            b[5 * i + 3] = (float)rnd(0.1, 4);
            b[5 * i + 4] = (float)(scene % 3 == 0 ? 0 : rnd(-3.2, 3.2));
        }
        float r = (float)rnd(0.05, 0.7);
        for (int m = 0; m < 4; m++) {
            double ax = rnd(-6, 6), az = rnd(-6, 6);
            if (clearance((float)ax, (float)az, c, nc, b, nb, r) < 0.01) continue;
            double ang = rnd(-3.2, 3.2), len = rnd(0.5, 9);
            float fax = (float)ax, faz = (float)az, fbx = (float)(ax + len * cos(ang)),
                  fbz = (float)(az + len * sin(ang));
            sp_vec3 o = collide(fax, faz, fbx, fbz, c, nc, b, nb, r);
            double x1, z1, x2, z2;
            substeps(fax, faz, fbx, fbz, c, nc, b, nb, r, 20000, &x1, &z1);
            substeps(fax, faz, fbx, fbz, c, nc, b, nb, r, 40000, &x2, &z2);
            double gap = hypot(x1 - x2, z1 - z2), err = hypot(o.x - x2, o.z - z2);
            snprintf(name, sizeof name,
                     "collide = the limit of the article's substeps (scene %d move %d): error %.2e, substep "
                     "gap %.2e",
                     scene, m, err, gap);
            /* the substeps converge like 1/N: their own error at 2N is about the gap */
            check_true(name, err <= 2 * gap + 2e-5 * (1 + hypot(x2, z2)));
            worst = fmax(worst, err);
            compared++;
            check_true("the result is outside every obstacle", clearance(o.x, o.z, c, nc, b, nb, r) >= -1e-5);
            check_true("collide keeps next's height", o.y == 0.25f);
        }
    }
    printf("against the article's substeps: %d motions, largest distance %.2e\n", compared, worst);
}

static void closed_forms(void)
{
    /* a wall z ∈ [2, 3], x ∈ [−50, 50]; moving (3, 4) from the origin with r = 0.5 slides to (3, 1.5) */
    float wall[] = { 0, 2.5f, 100, 1, 0 };
    sp_vec3 o = collide(0, 0, 3, 4, NULL, 0, wall, 1, 0.5f);
    check_near("wall: the tangential part is kept", o.x, 3.0, 1e-6);
    check_near("wall: stops at the wall minus the radius", o.z, 1.5, 1e-6);
    /* the same wall turned by 90° (yaw π/2 swaps width and depth) */
    float wall2[] = { 2.5f, 0, 100, 1, 1.5707963f };
    o = collide(0, 0, 4, 3, NULL, 0, wall2, 1, 0.5f);
    check_near("turned wall: stops at it", o.x, 1.5, 1e-5);
    check_near("turned wall: slides along it", o.z, 3.0, 1e-5);
    /* a concave corner: walls x ≥ 2 and z ≥ 2; pushing into it stops at the corner */
    float corner[] = { 0, 3, 100, 2, 0, 3, 0, 2, 100, 0 };
    o = collide(0, 0, 5, 6, NULL, 0, corner, 2, 0.5f);
    check_near("concave corner: stops in it (x)", o.x, 1.5, 1e-6);
    check_near("concave corner: stops in it (z)", o.z, 1.5, 1e-6);
    /* sliding out of the corner along one wall when the motion allows it */
    o = collide(0, 0, -4, 6, NULL, 0, corner, 2, 0.5f);
    check_near("corner: slides along the wall it pushes into", o.x, -4.0, 1e-6);
    check_near("corner: slides along the wall it pushes into", o.z, 1.5, 1e-6);
    /* head-on into a circle: stops at R + r */
    float circle[] = { 0, 5, 1 };
    o = collide(0, 0, 0, 10, circle, 1, NULL, 0, 0.5f);
    check_true("head-on into a circle: stops on its axis", o.x == 0.0f);
    check_near("head-on into a circle: stops at R + r", o.z, 3.5, 1e-6);
    /* an oblique approach to a circle: ends where it leaves the circle tangentially, then flies
     * free; the contact point obeys tan(ψ/2) = tan(ψ0/2)·e^(−|D|·s/ρ) (worked out in the file's
     * header); here only the invariants: outside, and past the circle */
    o = collide(0.3f, 0, 0.3f, 10, circle, 1, NULL, 0, 0.5f);
    check_true("oblique circle: goes around it", o.z > 5 && o.x > 0.3f && hypot(o.x, o.z - 5) >= 1.5 - 1e-5);
    check_near("oblique circle: around it, then straight on", o.z, 10.0, 0.5);
    /* no tunnelling: a wall 1 cm thick, a step of 100 m */
    float thin[] = { 0, 50, 100, 0.01f, 0 };
    o = collide(0, 0, 1, 100, NULL, 0, thin, 1, 0.1f);
    check_near("thin wall, huge step: stopped by it", o.z, 50 - 0.005 - 0.1, 1e-5);
    float thin0[] = { 0, 50, 100, 0.0f, 0 };
    o = collide(0, 0, 1, 100, NULL, 0, thin0, 1, 0.0f);
    check_true("a wall of zero depth stops a point", o.z <= 50.0f && o.z > 49.99f);
    /* no obstacles: next, exactly */
    o = collide(1, 2, 3, 4, NULL, 0, NULL, 0, 0.5f);
    check_true("no obstacles: next", o.x == 3 && o.z == 4);
    /* a wall made of two boxes touching end to end: slides along both without catching */
    float two[] = { -2, 2.5f, 4, 1, 0, 2, 2.5f, 4, 1, 0 };
    o = collide(-3, 0, 3, 4, NULL, 0, two, 2, 0.5f);
    check_near("two boxes end to end: slides past the joint (x)", o.x, 3.0, 1e-6);
    check_near("two boxes end to end: slides past the joint (z)", o.z, 1.5, 1e-6);
    /* sharp corners (r = 0): a point sliding along a face continues straight past the corner */
    float box[] = { 0, 2, 2, 2, 0 }; /* x ∈ [−1, 1], z ∈ [1, 3] */
    o = collide(-0.5f, 0, 1.5f, 2, NULL, 0, box, 1, 0.0f);
    check_true("sharp corner: the point ends outside", o.x >= 1.0f - 1e-6 || o.z <= 1.0f + 1e-6);
    double sx, sz;
    substeps(-0.5, 0, 1.5, 2, NULL, 0, box, 1, 0.0, 400000, &sx, &sz);
    check_near("sharp corner vs substeps (x)", o.x, sx, 1e-4);
    check_near("sharp corner vs substeps (z)", o.z, sz, 1e-4);
}

static void robustness(void)
{
    float c[] = { 0, 5, 1, 3, 5, 1 }, b[] = { 6, 0, 2, 2, 0.3f, -4, 4, 1, 3, -0.7f };
    /* order independence */
    float c2[] = { 3, 5, 1, 0, 5, 1 }, b2[] = { -4, 4, 1, 3, -0.7f, 6, 0, 2, 2, 0.3f };
    for (int i = 0; i < 30; i++) {
        float ax = (float)rnd(-8, 8), az = (float)rnd(-8, 8), bx = (float)rnd(-8, 8), bz = (float)rnd(-8, 8);
        sp_vec3 p = collide(ax, az, bx, bz, c, 2, b, 2, 0.4f),
                q = collide(ax, az, bx, bz, c2, 2, b2, 2, 0.4f);
        check_near("the obstacles' order does not matter (x)", p.x, q.x, 1e-5);
        check_near("the obstacles' order does not matter (z)", p.z, q.z, 1e-5);
        check_true("outside every obstacle", clearance(p.x, p.z, c, 2, b, 2, 0.4) >= -1e-5);
        /* the 2D form: (x, z) as (x, y), the yaw as a clockwise angle */
        float b3[10];
        memcpy(b3, b, sizeof b);
        b3[4] = -b[4];
        b3[9] = -b[9];
        sp_vec2 a2 = { ax, az }, n2 = { bx, bz }, o2;
        sp_simulation_collide_obstacles_v2(&o2, &a2, &n2, c, 2, b3, 2, 0.4f);
        check_near("collide_v2 = the 3D form in its plane (x)", o2.x, p.x, 1e-5);
        check_near("collide_v2 = the 3D form in its plane (y)", o2.y, p.z, 1e-5);
    }
    /* a start inside is pushed out the shortest way, then moves */
    sp_vec3 o = collide(0.2f, 5, 0.2f, 5, c, 1, NULL, 0, 0.5f);
    check_near("start inside a circle: pushed out to R + r", hypot(o.x, o.z - 5), 1.5, 1e-5);
    check_true("start inside a circle: pushed out radially", o.x > 0 && fabs(o.z - 5) < 1e-5);
    /* invalid obstacles are ignored, invalid positions give NaN */
    float bad[] = { NAN, 0, 1, 1, 0, 0, 0, -1, 1, 0 };
    o = collide(-5, 0, 5, 0, NULL, 0, bad, 2, 0.5f);
    check_true("obstacles with NaN or negative sizes are ignored", o.x == 5 && o.z == 0);
    o = collide(NAN, 0, 5, 0, c, 2, b, 2, 0.5f);
    check_true("NaN position: NaN result", isnan(o.x) && isnan(o.z));
    /* a stack of identical overlapping boxes behaves as one */
    float same[] = { 0, 3, 4, 1, 0, 0, 3, 4, 1, 0, 0, 3, 4, 1, 0 };
    o = collide(0, 0, 1, 5, NULL, 0, same, 3, 0.5f);
    check_near("identical boxes: one wall", o.z, 2.0, 1e-6);
    check_near("identical boxes: one wall", o.x, 1.0, 1e-6);
    /* the article's figure: a character pushed diagonally into a wall for 300 frames slides along
     * it at the tangential speed and never enters it */
    float wall[] = { 0, 3, 40, 1, 0 };
    sp_vec3 pos = { 0, 0, 0 }, vel = { 0, 0, 0 }, acc = { 0, 0, 0 }, want = { 2, 0, 2 };
    for (int k = 0; k < 300; k++) {
        sp_vec3 prev = pos;
        sp_simulation_position_update(&pos, &vel, &acc, &want, 0.2f, 1.0f / 60);
        sp_simulation_collide_obstacles(&pos, &prev, &pos, NULL, 0, wall, 1, 0.6f);
        if (pos.z > 1.9f + 1e-5f) break;
    }
    check_near("pushed into a wall for 5 s: on its surface", pos.z, 1.9, 1e-5);
    check_true("pushed into a wall for 5 s: slid along it", pos.x > 8.0f);
}

/* Scenes the fuzzer found (tests/fuzz/fuzz_features.c), kept as regressions. */
static void fuzz_findings(void)
{
    /* an arc around a small obstacle poking out of a wall: it leaves the wall, crosses back into
     * it, and must stop there (the wall touched at the start was not tested along the arc) */
    float c1[] = {
        -20, -3.10606724e-22f, 0.00572535163f, 2.62042813e-43f, -0.00573599339f, 2.62042813e-43f, 0, 0, 0
    };
    float b1[] = { 0,
                   0,
                   0,
                   0.00577509403f,
                   2.06271134e-42f,
                   0,
                   -0.00572907925f,
                   7.49326556e-09f,
                   6.39215088f,
                   5.59343338f,
                   -3.27410912e-32f,
                   1.86467064e-09f,
                   1.03948867e-08f,
                   1.81468151e-41f,
                   1.65436123e-24f,
                   -20,
                   -3.10606724e-22f,
                   0.00572535163f,
                   2.62042813e-43f,
                   0.00573599339f };
    sp_vec3 o = collide(4.99422503f, 0, -0.00572907925f, 0.392150879f, c1, 3, b1, 4, 2);
    check_true("fuzz finding 1: outside every obstacle", clearance(o.x, o.z, c1, 3, b1, 4, 2) >= -1e-5);
    double sx, sz;
    substeps(4.99422503f, 0, -0.00572907925f, 0.392150879f, c1, 3, b1, 4, 2, 40000, &sx, &sz);
    check_near("fuzz finding 1: the limit of the substeps (x)", o.x, sx, 1e-3);
    check_near("fuzz finding 1: the limit of the substeps (z)", o.z, sz, 1e-3);
    /* nearly head-on into a capsule with discs inside it: the discs' arcs start tangent to the
     * capsule's face and curve into it; the probe along the arc (not along s) rejects them */
    float c2[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    float b2[] = { 0,
                   0,
                   0,
                   1.84277344f,
                   2.46519018e-32f,
                   9.39617166e-08f,
                   -4,
                   1.84277344f,
                   1.91828629e-28f,
                   3.78789711f,
                   2.59298072e-09f,
                   11.5250854f,
                   6.42337036f,
                   1.88832483e-09f,
                   0,
                   0,
                   0,
                   0,
                   0,
                   0 };
    o = collide(-8.15722656f, 9.39617166e-08f, 26, 1.91828629e-28f, c2, 3, b2, 4, 1);
    check_near("fuzz finding 2: stopped by the capsule's face (x)", o.x, -1.0, 1e-6);
    check_near("fuzz finding 2: stopped by the capsule's face (z)", o.z, 0.0, 1e-5);
}

static void prediction(void)
{
    /* the predicted positions with a varying desired velocity, against stepping the
     * public functions sample by sample */
    float times[5] = { 0.0f, 0.2f, 0.5f, 0.9f, 1.3f };
    sp_vec3 dv[5] = { { 1, 0, 0 }, { 1, 0, 1 }, { 0, 0, 3 }, { -2, 0, 3 }, { -2, 0, 0 } };
    float wall[] = { 0, 3, 40, 1, 0 };
    sp_vec3 x = { 0, 0, 0 }, v = { 0.5f, 0, 0 }, a = { 0, 0, 0 }, px[5], pv[5], pa[5];
    sp_trajectory_predict_positions_desired(px, pv, pa, times, 0, 5, &x, &v, &a, dv, 0.3f, NULL, 0, wall, 1,
                                            0.5f);
    sp_vec3 sx = x, sv = v, sa = a;
    float tp = 0;
    int ok = 1;
    for (int i = 0; i < 5; i++) {
        sp_vec3 prev = sx;
        sp_simulation_position_update(&sx, &sv, &sa, &dv[i], 0.3f, times[i] - tp);
        sp_simulation_collide_obstacles(&sx, &prev, &sx, NULL, 0, wall, 1, 0.5f);
        tp = times[i];
        ok &= memcmp(&sx, &px[i], sizeof sx) == 0 && memcmp(&sv, &pv[i], sizeof sv) == 0
            && memcmp(&sa, &pa[i], sizeof sa) == 0;
    }
    check_true("trajectory_predict_positions_desired = stepping sample by sample", ok);
    check_true("the prediction stays out of the wall", px[4].z <= 2.0f + 1e-5f);
}

int main(void)
{
    against_substeps();
    closed_forms();
    robustness();
    fuzz_findings();
    prediction();
    return testing_finish("test_obstacles");
}
