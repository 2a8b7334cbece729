/* test_quat_damper.c — the exact quaternion damper and its batch: the damper turns the fraction
 * 1 − 2^(−dt/halflife) of the angle to its goal (slerp in double, the angles measured through the
 * Hamilton product worked out here), steps of dt/4 compose to one of dt, and the batch equals the
 * scalar function bit for bit, a NaN element staying in its element. */
#include <string.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"
#include "quat_oracle.h"

static char name[200];
static void tod(sp_quat q, double r[4])
{
    r[0] = q.x;
    r[1] = q.y;
    r[2] = q.z;
    r[3] = q.w;
}
/* Angle of the rotation between a and b (double, 2·atan2 form). */
static double angle(const double a[4], const double b[4])
{
    double ai[4] = { -a[0], -a[1], -a[2], a[3] }, d[4];
    qmul(b, ai, d);
    return 2 * atan2(sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), fabs(d[3]));
}

static void damper(void)
{
    for (int i = 0; i < 40; i++) {
        sp_quat x = rquat(), g = rquat(), x0 = x;
        float h = (float)rnd(0.02, 1), dt = (float)rnd(0, 0.5);
        sp_damper_exact_quat(&x, &g, h, dt);
        double xd[4], gd[4], rd[4];
        tod(x0, xd);
        tod(g, gd);
        tod(x, rd);
        double total = angle(xd, gd), frac = 1 - exp2(-(double)dt / h);
        snprintf(name, sizeof name, "damper_exact_quat turns the fraction 1 − 2^(−dt/h) (h=%g dt=%g)", h, dt);
        check_near(name, angle(xd, rd), frac * total, 3e-6);
        check_near(name, angle(rd, gd), (1 - frac) * total, 3e-6);
        sp_quat y = x0;
        for (int k = 0; k < 4; k++) sp_damper_exact_quat(&y, &g, h, dt / 4);
        check_near("damper_exact_quat: four steps of dt/4 = one of dt",
                   fabs(y.x * x.x + y.y * x.y + y.z * x.z + y.w * x.w), 1.0, 1e-6);
    }
    sp_quat x = rquat(), g = rquat(), x0 = x;
    sp_damper_exact_quat(&x, &g, 0.0f, 0.1f);
    check_true("damper_exact_quat halflife 0 snaps to g", memcmp(&x, &g, sizeof x) == 0);
    x = x0;
    sp_damper_exact_quat(&x, &g, 0.2f, 0.0f);
    check_true("damper_exact_quat dt 0 changes nothing", memcmp(&x, &x0, sizeof x) == 0);

    /* the batch: every element the scalar, bit for bit; a null goal is the identity; a NaN
     * element stays in its element */
    enum { N = 9 };
    float xs[4 * N], gs[4 * N], hs[N], ref[4 * N];
    for (int i = 0; i < N; i++) {
        sp_quat a = rquat(), b = rquat();
        memcpy(xs + 4 * i, &a, sizeof a);
        memcpy(gs + 4 * i, &b, sizeof b);
        hs[i] = (float)rnd(0.01, 1);
    }
    xs[4 * 3 + 1] = NAN;
    memcpy(ref, xs, sizeof xs);
    float shared = 0.15f;
    sp_damper_exact_quat_batch(xs, gs, &shared, 0, 0.05f, N);
    int ok = 1;
    for (int i = 0; i < N; i++) {
        sp_quat a, b;
        memcpy(&a, ref + 4 * i, sizeof a);
        memcpy(&b, gs + 4 * i, sizeof b);
        sp_damper_exact_quat(&a, &b, shared, 0.05f);
        ok &= memcmp(&a, xs + 4 * i, sizeof a) == 0;
        if (i != 3) ok &= isfinite(xs[4 * i]) && isfinite(xs[4 * i + 3]);
    }
    check_true("damper_exact_quat_batch = scalar bit for bit, a NaN element isolated", ok);
    memcpy(xs, ref, sizeof xs);
    sp_damper_exact_quat_batch(xs, NULL, hs, 1, 0.05f, N);
    ok = 1;
    for (int i = 0; i < N; i++) {
        sp_quat a, id = { 0, 0, 0, 1 };
        memcpy(&a, ref + 4 * i, sizeof a);
        sp_damper_exact_quat(&a, &id, hs[i], 0.05f);
        ok &= memcmp(&a, xs + 4 * i, sizeof a) == 0;
    }
    check_true("damper_exact_quat_batch per element toward the identity = scalar", ok);
}

int main(void)
{
    damper();
    return testing_finish("test_quat_damper");
}
