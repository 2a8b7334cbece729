/* test_quat_springs.c — the quaternion spring batches, whose elements take a vectorised fast
 * step or fall back to the careful one: every element equals the scalar function bit for
 * bit, for ordinary rotations and for the inputs that force the fallback (an offset with
 * components below 1e-37, a huge angular velocity, a goal of length 1e-20, NaN, Inf), in
 * counts that cross the 64-element chunks; and the fast step agrees with the rotation
 * spring computed here in double (log, closed-form critical spring, exp) to float accuracy. */
#include <string.h>
#include "sprung.h"
#include "testing.h"

enum { N = 150 };

static unsigned rng = 4242u;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / 16777216.0f;
}

static int same(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, sizeof a) == 0; }

static void unit(float *q)
{
    double l = 0;
    for (int k = 0; k < 4; k++) {
        q[k] = rnd(-1, 1);
        l += (double)q[k] * q[k];
    }
    for (int k = 0; k < 4; k++) q[k] = (float)(q[k] / sqrt(l));
}

/* element i: mostly ordinary, every 7th an input that the fast step hands back */
static void fill(float *x, float *v, float *g, float *hl)
{
    for (int i = 0; i < N; i++) {
        unit(x + 4 * i);
        unit(g + 4 * i);
        for (int k = 0; k < 3; k++) v[3 * i + k] = rnd(-5, 5);
        hl[i] = rnd(0.01f, 0.5f);
        switch (i % 7 == 3 ? (i / 7) % 5 : -1) {
        case 0:
            memcpy(x + 4 * i, g + 4 * i, 4 * sizeof(float));
            x[4 * i] += 1e-38f;
            break; /* tiny offset */
        case 1:
            v[3 * i] = 1e6f;
            break; /* huge angle */
        case 2:
            for (int k = 0; k < 4; k++) g[4 * i + k] *= 1e-20f;
            break; /* tiny goal */
        case 3:
            v[3 * i + 1] = NAN;
            break;
        case 4:
            x[4 * i + 2] = INFINITY;
            break;
        default:
            break;
        }
    }
}

static void batch_equals_scalar(int per, int with_goal, float dt)
{
    static float x[4 * N], v[3 * N], g[4 * N], hl[N], bx[4 * N], bv[3 * N];
    fill(x, v, g, hl);
    memcpy(bx, x, sizeof x);
    memcpy(bv, v, sizeof v);
    if (with_goal)
        sp_simple_spring_damper_exact_quat_batch(bx, bv, g, hl, per, dt, N);
    else
        sp_decay_spring_damper_exact_quat_batch(bx, bv, hl, per, dt, N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sp_quat q = { x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3] },
                gq = { g[4 * i], g[4 * i + 1], g[4 * i + 2], g[4 * i + 3] };
        sp_vec3 w = { v[3 * i], v[3 * i + 1], v[3 * i + 2] };
        float h = per ? hl[i] : hl[0];
        if (with_goal)
            sp_simple_spring_damper_exact_quat(&q, &w, &gq, h, dt);
        else
            sp_decay_spring_damper_exact_quat(&q, &w, h, dt);
        bad += !(same(bx[4 * i], q.x) && same(bx[4 * i + 1], q.y) && same(bx[4 * i + 2], q.z)
                 && same(bx[4 * i + 3], q.w) && same(bv[3 * i], w.x) && same(bv[3 * i + 1], w.y)
                 && same(bv[3 * i + 2], w.z));
    }
    char name[96];
    snprintf(name, sizeof name, "quat batch = scalar, fallbacks included (per=%d goal=%d dt=%g)", per,
             with_goal, dt);
    check_true(name, bad == 0);
}

/* The oracle in double: j = 2·log(x·goal⁻¹) on the shortest arc, one step of the critical
 * spring toward 0 from its closed form x(t) = e^(−yt)·(j0 + (w0 + y·j0)·t), and back. */
static void oracle(double *q, double *w, const double *g, double halflife, double dt)
{
    double d[4] = { -q[3] * g[0] + q[0] * g[3] - q[1] * g[2] + q[2] * g[1],
                    -q[3] * g[1] + q[0] * g[2] + q[1] * g[3] - q[2] * g[0],
                    -q[3] * g[2] - q[0] * g[1] + q[1] * g[0] + q[2] * g[3],
                    q[3] * g[3] + q[0] * g[0] + q[1] * g[1] + q[2] * g[2] };
    if (d[3] < 0)
        for (int k = 0; k < 4; k++) d[k] = -d[k];
    double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), f = l > 0 ? 2 * atan2(l, d[3]) / l : 2, j[3];
    double y = 2 * log(2.0) / halflife, e = exp(-y * dt);
    for (int k = 0; k < 3; k++) {
        double j0 = d[k] * f, j1 = w[k] + y * j0;
        j[k] = e * (j0 + j1 * dt);
        w[k] = e * (w[k] - y * j1 * dt);
    }
    double h = 0.5 * sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]), s = h > 0 ? sin(h) / h : 1;
    double ex[4] = { 0.5 * s * j[0], 0.5 * s * j[1], 0.5 * s * j[2], cos(h) };
    q[0] = ex[3] * g[0] + ex[0] * g[3] + ex[1] * g[2] - ex[2] * g[1];
    q[1] = ex[3] * g[1] - ex[0] * g[2] + ex[1] * g[3] + ex[2] * g[0];
    q[2] = ex[3] * g[2] + ex[0] * g[1] - ex[1] * g[0] + ex[2] * g[3];
    q[3] = ex[3] * g[3] - ex[0] * g[0] - ex[1] * g[1] - ex[2] * g[2];
}

int main(void)
{
    for (int per = 0; per < 2; per++)
        for (int goal = 0; goal < 2; goal++) {
            batch_equals_scalar(per, goal, 1.0f / 60.0f);
            batch_equals_scalar(per, goal, 0.7f);
        }
    /* accuracy of the fast step: float inputs, double oracle. The step is ~100 float
     * operations on values of order 1 (angles up to π, angular velocities up to 10) with
     * no cancellation beyond the quaternion products: 2e-6 absolute is ~30 ulp of 1. */
    for (int t = 0; t < 2000; t++) {
        float x[4], g[4], v[3];
        unit(x);
        unit(g);
        for (int k = 0; k < 3; k++) v[k] = rnd(-10, 10);
        float h = rnd(0.02f, 1.0f), dt = rnd(0.001f, 0.2f);
        double qd[4] = { x[0], x[1], x[2], x[3] }, wd[3] = { v[0], v[1], v[2] },
               gd[4] = { g[0], g[1], g[2], g[3] };
        oracle(qd, wd, gd, h, dt);
        sp_quat q = { x[0], x[1], x[2], x[3] }, gq = { g[0], g[1], g[2], g[3] };
        sp_vec3 w = { v[0], v[1], v[2] };
        sp_simple_spring_damper_exact_quat(&q, &w, &gq, h, dt);
        double sg = (q.x * qd[0] + q.y * qd[1] + q.z * qd[2] + q.w * qd[3]) < 0
            ? -1
            : 1; /* q and −q are one rotation */
        double err = fmax(fmax(fabs(q.x - sg * qd[0]), fabs(q.y - sg * qd[1])),
                          fmax(fabs(q.z - sg * qd[2]), fabs(q.w - sg * qd[3])));
        double werr = fmax(fmax(fabs(w.x - wd[0]), fabs(w.y - wd[1])), fabs(w.z - wd[2]))
            / fmax(1, fabs(wd[0]) + fabs(wd[1]) + fabs(wd[2]));
        if (!check_near("fast quat step vs double oracle (rotation)", err, 0, 2e-6)) break;
        if (!check_near("fast quat step vs double oracle (angular velocity)", werr, 0, 2e-6)) break;
    }
    /* tiny rotations (the log map's small-angle limit 2·d/dw below l = 1e-18, and the general
     * form just above): the vector part, relative to its size, against the oracle */
    const float angles[] = { 1e-3f, 1e-12f, 3e-18f, 5e-19f, 1e-25f, 1e-33f };
    for (int a = 0; a < 6; a++)
        for (int t = 0; t < 20; t++) {
            float ax = rnd(-1, 1), ay = rnd(-1, 1), az = rnd(-1, 1), n = sqrtf(ax * ax + ay * ay + az * az);
            float s = sinf(0.5f * angles[a]) / n,
                  wv[3] = { rnd(-1, 1) * angles[a], 0, rnd(-1, 1) * angles[a] };
            sp_quat q = { ax * s, ay * s, az * s, cosf(0.5f * angles[a]) }, id = { 0, 0, 0, 1 };
            sp_vec3 w = { wv[0], wv[1], wv[2] };
            double qd[4] = { q.x, q.y, q.z, q.w }, wd[3] = { wv[0], wv[1], wv[2] }, gd[4] = { 0, 0, 0, 1 };
            oracle(qd, wd, gd, 0.3, 1.0 / 60);
            sp_simple_spring_damper_exact_quat(&q, &w, &id, 0.3f, 1.0f / 60);
            double m = fmax(fmax(fabs(qd[0]), fabs(qd[1])), fabs(qd[2]));
            double err = fmax(fmax(fabs(q.x - qd[0]), fabs(q.y - qd[1])), fabs(q.z - qd[2])) / m;
            char what[96];
            snprintf(what, sizeof what, "fast quat step at angle %g vs double oracle (relative)", angles[a]);
            if (!check_near(what, err, 0, 1e-5)) break;
        }
    return testing_finish("test_quat_springs");
}
