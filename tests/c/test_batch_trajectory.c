/* test_batch_trajectory.c — the many-character trajectory prediction equals, character by
 * character and bit for bit, the scalar predictions sp_trajectory_predict_positions and
 * _rotations (the batch is defined as them; this guards the layouts and offsets), with
 * sample times from an array or from i·dt, and n = 0 writes nothing. */
#include <string.h>
#include "sprung.h"
#include "testing.h"

#define N 5
#define M 7

static unsigned rng = 777u;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / 16777216.0f;
}

static int same_all(const float *a, const float *b, int m)
{
    return memcmp(a, b, (size_t)m * sizeof(float)) == 0;
}

static void unit_quat(float *q)
{
    float l = 0.0f;
    for (int k = 0; k < 4; k++) {
        q[k] = rnd(-1.0f, 1.0f);
        l += q[k] * q[k];
    }
    l = sqrtf(l);
    for (int k = 0; k < 4; k++) q[k] /= l;
}

static void batch_equals_scalar(const float *times, float dt)
{
    float state[16 * N], goal[7 * N], out[16 * M * N];
    for (int c = 0; c < N; c++) {
        for (int k = 0; k < 16; k++) state[16 * c + k] = rnd(-3.0f, 3.0f);
        unit_quat(state + 16 * c + 9);
        for (int k = 0; k < 3; k++) goal[7 * c + k] = rnd(-4.0f, 4.0f);
        unit_quat(goal + 7 * c + 3);
    }
    float ph = 0.3f, rh = 0.15f;
    sp_trajectory_predict_batch(out, state, goal, times, dt, M, ph, rh, N);
    for (int c = 0; c < N; c++) {
        const float *s = state + 16 * c, *g = goal + 7 * c, *o = out + 16 * M * c;
        sp_vec3 x = { s[0], s[1], s[2] }, v = { s[3], s[4], s[5] }, a = { s[6], s[7], s[8] },
                w = { s[13], s[14], s[15] };
        sp_quat r = { s[9], s[10], s[11], s[12] }, gr = { g[3], g[4], g[5], g[6] };
        sp_vec3 gv = { g[0], g[1], g[2] };
        sp_vec3 px[M], pv[M], pa[M], pw[M];
        sp_quat pr[M];
        sp_trajectory_predict_positions(px, pv, pa, times, dt, M, &x, &v, &a, &gv, ph);
        sp_trajectory_predict_rotations(pr, pw, times, dt, M, &r, &w, &gr, rh);
        check_true("batch positions = scalar", same_all(o, &px[0].x, 3 * M));
        check_true("batch velocities = scalar", same_all(o + 3 * M, &pv[0].x, 3 * M));
        check_true("batch accelerations = scalar", same_all(o + 6 * M, &pa[0].x, 3 * M));
        check_true("batch rotations = scalar", same_all(o + 9 * M, &pr[0].x, 4 * M));
        check_true("batch angular velocities = scalar", same_all(o + 13 * M, &pw[0].x, 3 * M));
    }
}

int main(void)
{
    float times[M];
    for (int i = 0; i < M; i++) times[i] = 0.05f * (float)(i * i);
    batch_equals_scalar(NULL, 1.0f / 30.0f);
    batch_equals_scalar(times, 0.0f);

    /* Closed-form limits: sample 0 is the present state; after 6 s (40 halflives of 0.15 s)
     * the velocity is the desired velocity and the rotation the desired one, to float
     * rounding (e^(−s)·(1 + s) ≈ 1e-10 at s = 2·ln2·40). */
    float st[16] = { 1, 2, 3, 0.5f, -1, 2, 0.1f, 0.2f, 0.3f, 0, 0.6f, 0, 0.8f, 0.3f, -0.2f, 0.1f };
    float gl[7] = { 2, 0, -1, 0, 0, 0.6f, 0.8f }, pr[16 * M];
    sp_trajectory_predict_batch(pr, st, gl, NULL, 1.0f, M, 0.15f, 0.15f, 1);
    for (int k = 0; k < 3; k++) check_near("sample 0 = present position", pr[k], st[k], 0.0);
    for (int k = 0; k < 3; k++)
        check_near("late velocity = desired velocity", pr[3 * M + 3 * (M - 1) + k], gl[k], 1e-6);
    for (int k = 0; k < 4; k++)
        check_near("late rotation = desired rotation", pr[9 * M + 4 * (M - 1) + k], gl[3 + k], 1e-6);

    float sentinel[16] = { 42.0f }, state[16] = { 0 }, goal[7] = { 0 };
    sp_trajectory_predict_batch(sentinel, state, goal, NULL, 0.1f, 1, 0.2f, 0.2f, 0);
    check_true("n = 0 writes nothing", sentinel[0] == 42.0f && sentinel[1] == 0.0f);
    return testing_finish("test_batch_trajectory");
}
