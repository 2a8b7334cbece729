/* test_quat_helpers.c — the quaternion helpers around the quaternion springs, and the
 * quaternion damper.
 *
 * Oracles in double worked out here: the rotation matrix of a quaternion, the Hamilton
 * product, slerp as the point of the great circle at the fraction α of the angle (checked by
 * its angles to both ends), RK4 on q' = ½·(ω, 0)·q for the angular velocity helpers, and the
 * damper as slerp by the fraction 1 − 2^(−dt/halflife). */
#include <string.h>
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];
static unsigned rng = 99u;
static double rnd(double lo, double hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * ((rng >> 8) / 16777216.0);
}
static sp_quat rquat(void)
{
    sp_quat q = { (float)rnd(-1, 1), (float)rnd(-1, 1), (float)rnd(-1, 1), (float)rnd(-1, 1) };
    sp_quat_normalize(&q, &q);
    return q;
}

/* Hamilton product in double, x, y, z, w order. */
static void qmul(const double a[4], const double b[4], double r[4])
{
    r[0] = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    r[1] = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    r[2] = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    r[3] = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
}
static void tod(sp_quat q, double r[4])
{
    r[0] = q.x;
    r[1] = q.y;
    r[2] = q.z;
    r[3] = q.w;
}
/* v rotated by the matrix of unit q. */
static void rotate(const double q[4], const double v[3], double out[3])
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    double m[3][3] = { { 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y) },
                       { 2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x) },
                       { 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y) } };
    for (int i = 0; i < 3; i++) out[i] = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
}
/* Angle of the rotation between a and b (double, 2·atan2 form). */
static double angle(const double a[4], const double b[4])
{
    double ai[4] = { -a[0], -a[1], -a[2], a[3] }, d[4];
    qmul(b, ai, d);
    return 2 * atan2(sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), fabs(d[3]));
}
/* A rotation angle as the shortest one measures it: in [0, π]. */
static double fold(double a)
{
    a = fmod(a, 2 * ORACLE_PI);
    return a > ORACLE_PI ? 2 * ORACLE_PI - a : a;
}
static double same_rotation(sp_quat q, const double r[4])
{
    return fabs(q.x * r[0] + q.y * r[1] + q.z * r[2] + q.w * r[3]);
}

static void rotations(void)
{
    for (int i = 0; i < 50; i++) {
        sp_quat q = rquat(), p = rquat(), out;
        sp_vec3 v = { (float)rnd(-5, 5), (float)rnd(-5, 5), (float)rnd(-5, 5) }, r;
        double qd[4], pd[4], vd[3] = { v.x, v.y, v.z }, want[3], inv[4];
        tod(q, qd);
        tod(p, pd);
        sp_quat_mul_vec3(&r, &q, &v);
        rotate(qd, vd, want);
        check_near("quat_mul_vec3 vs the rotation matrix", r.x, want[0], 1e-5);
        check_near("quat_mul_vec3 vs the rotation matrix", r.z, want[2], 1e-5);
        sp_quat_inv_mul_vec3(&r, &q, &v);
        double qi[4] = { -qd[0], -qd[1], -qd[2], qd[3] };
        rotate(qi, vd, want);
        check_near("quat_inv_mul_vec3 vs the transposed matrix", r.y, want[1], 1e-5);
        sp_vec3 back;
        sp_quat_mul_vec3(&back, &q, &r);
        check_near("quat_mul_vec3 undoes quat_inv_mul_vec3", back.x, v.x, 1e-5);
        double pi[4] = { -pd[0], -pd[1], -pd[2], pd[3] };
        sp_quat_mul_inv(&out, &q, &p);
        qmul(qd, pi, inv);
        check_near("quat_mul_inv = a·b⁻¹", same_rotation(out, inv), 1.0, 1e-6);
        sp_quat_inv_mul(&out, &q, &p);
        qmul(qi, pd, inv);
        check_near("quat_inv_mul = a⁻¹·b", same_rotation(out, inv), 1.0, 1e-6);
    }
}

static void interpolation(void)
{
    const double alphas[] = { 0.0, 0.1, 0.5, 0.77, 1.0, 1.4, -0.3 };
    for (int i = 0; i < 40; i++) {
        sp_quat q = rquat(), p = rquat();
        if (i % 5 == 0) { /* nearly equal rotations: slerp must keep its digits */
            double a = rnd(1e-6, 1e-3);
            double d[4] = { a * 0.6, -a * 0.8, 0, 1 }, qd[4], r[4];
            tod(q, qd);
            qmul(d, qd, r);
            p = (sp_quat){ (float)r[0], (float)r[1], (float)r[2], (float)r[3] };
            sp_quat_normalize(&p, &p);
        }
        double qd[4], pd[4];
        tod(q, qd);
        tod(p, pd);
        double total = angle(qd, pd);
        for (int k = 0; k < 7; k++) {
            double a = alphas[k];
            sp_quat s, n;
            sp_quat_slerp_shortest(&s, &q, &p, (float)a);
            double sd[4];
            tod(s, sd);
            snprintf(name, sizeof name, "slerp_shortest on the great circle at α=%g (angle %.3g)", a, total);
            check_near(name, angle(qd, sd), fold(fabs(a) * total), 2e-6);
            check_near(name, angle(sd, pd), fold(fabs(1 - a) * total), 2e-6);
            sp_quat_nlerp_shortest(&n, &q, &p, (float)a);
            double sgn = qd[0] * pd[0] + qd[1] * pd[1] + qd[2] * pd[2] + qd[3] * pd[3] < 0 ? -1 : 1, l[4],
                   len = 0;
            for (int c = 0; c < 4; c++) {
                l[c] = qd[c] + a * (sgn * pd[c] - qd[c]);
                len += l[c] * l[c];
            }
            for (int c = 0; c < 4; c++) l[c] /= sqrt(len);
            check_near("nlerp_shortest vs normalised lerp in double", n.x, l[0], 2e-6);
            check_near("nlerp_shortest vs normalised lerp in double", n.w, l[3], 2e-6);
        }
    }
    sp_quat q = { 0, 0, 0, 1 }, p = { 0, 0, 0, -1 }, s;
    sp_quat_slerp_shortest(&s, &q, &p, 0.5f);
    check_true("slerp between q and −q is q", s.w == 1.0f && s.x == 0.0f);
}

static void angle_axis(void)
{
    for (int i = 0; i < 40; i++) {
        double ang = rnd(-7, 7);
        sp_vec3 axis = { (float)rnd(-3, 3), (float)rnd(-3, 3), (float)rnd(-3, 3) };
        sp_quat q;
        sp_quat_from_angle_axis(&q, (float)ang, &axis);
        double l = sqrt((double)axis.x * axis.x + (double)axis.y * axis.y + (double)axis.z * axis.z);
        check_near("quat_from_angle_axis, x", q.x, axis.x / l * sin(ang / 2), 1e-6);
        check_near("quat_from_angle_axis, w", q.w, cos(ang / 2), 1e-6);
        float a2;
        sp_vec3 ax2;
        sp_quat_to_angle_axis(&a2, &ax2, &q);
        double want = fmod(ang + 4 * ORACLE_PI, 4 * ORACLE_PI); /* q has period 4π in the angle */
        double s = 1;
        if (want > 2 * ORACLE_PI) want = 4 * ORACLE_PI - want, s = -1; /* the axis flips */
        check_near("quat_to_angle_axis angle in [0, 2π]", a2, want, 2e-6);
        if (want > 1e-3 && want < 2 * ORACLE_PI - 1e-3)
            check_near("quat_to_angle_axis axis", ax2.y, s * axis.y / l, 2e-5);
    }
    sp_quat id = { 0, 0, 0, 1 };
    float a;
    sp_vec3 ax;
    sp_quat_to_angle_axis(&a, &ax, &id);
    check_true("identity: angle 0, axis +X", a == 0 && ax.x == 1 && ax.y == 0 && ax.z == 0);
    sp_vec3 zero = { 0, 0, 0 };
    sp_quat_from_angle_axis(&id, 1.0f, &zero);
    check_true("a zero axis gives the identity", id.w == 1 && id.x == 0 && id.y == 0 && id.z == 0);
}

/* q' = ½·(ω, 0)·q, ω constant. */
static void const_deriv(double t, const double *q, double *dq, const void *ctx)
{
    const double *w = ctx;
    (void)t;
    double wq[4] = { w[0], w[1], w[2], 0 }, r[4];
    qmul(wq, q, r);
    for (int i = 0; i < 4; i++) dq[i] = 0.5 * r[i];
}

static void angular_velocity(void)
{
    for (int i = 0; i < 30; i++) {
        sp_quat q = rquat();
        sp_vec3 w = { (float)rnd(-4, 4), (float)rnd(-4, 4), (float)rnd(-4, 4) };
        float dt = (float)rnd(0.01, 0.6);
        sp_quat next;
        sp_quat_integrate_angular_velocity(&next, &w, &q, dt);
        double y[4], wd[3] = { w.x, w.y, w.z };
        tod(q, y);
        oracle_rk4(const_deriv, wd, 4, y, 0, dt, 2000);
        check_near("quat_integrate_angular_velocity vs RK4", same_rotation(next, y), 1.0, 1e-6);
        sp_vec3 back;
        sp_quat_differentiate_angular_velocity(&back, &next, &q, dt);
        /* the turn |w|·dt is below π here, so the shortest arc is the one taken */
        if (sqrt(wd[0] * wd[0] + wd[1] * wd[1] + wd[2] * wd[2]) * dt < 3.0) {
            check_near("quat_differentiate_angular_velocity recovers ω (x)", back.x, w.x, 2e-4);
            check_near("quat_differentiate_angular_velocity recovers ω (z)", back.z, w.z, 2e-4);
            double bd[3] = { back.x, back.y, back.z }, z[4];
            tod(q, z);
            oracle_rk4(const_deriv, bd, 4, z, 0, dt, 2000);
            check_near("the differentiated ω turns curr into next (RK4)", same_rotation(next, z), 1.0, 1e-6);
        }
    }
    sp_quat q = rquat();
    sp_vec3 out;
    sp_quat_differentiate_angular_velocity(&out, &q, &q, 0.0f);
    check_true("differentiate over dt 0 is zero", out.x == 0 && out.y == 0 && out.z == 0);
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
    rotations();
    interpolation();
    angle_axis();
    angular_velocity();
    damper();
    return testing_finish("test_quat_helpers");
}
