/* test_quat.c — quaternion helpers against rotations built here from sin/cos and a
 * rotation matrix, and the quaternion springs against the scalar critical spring on the
 * angle along the shortest arc (an independent slerp), unit length, dt-invariance, edges. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"

static char name[200];

/* Rotation of v by the unit quaternion q through its rotation matrix, in double. */
static void rotate(const double q[4], const double v[3], double out[3])
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    double m[3][3] = {
        { 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y) },
        { 2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x) },
        { 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y) },
    };
    for (int i = 0; i < 3; i++) out[i] = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
}
/* The quaternion of a rotation by angle about a unit axis. */
static void axis_angle(const double axis[3], double angle, double q[4])
{
    double s = sin(angle / 2.0);
    q[0] = axis[0] * s;
    q[1] = axis[1] * s;
    q[2] = axis[2] * s;
    q[3] = cos(angle / 2.0);
}
static sp_quat tof(const double q[4])
{
    sp_quat r = { (float)q[0], (float)q[1], (float)q[2], (float)q[3] };
    return r;
}
static void tod(sp_quat q, double out[4])
{
    out[0] = q.x;
    out[1] = q.y;
    out[2] = q.z;
    out[3] = q.w;
}
/* Angle between the rotations of two quaternions (sign-insensitive), from the relative
 * rotation conj(a)·b as 2·atan2(|vector part|, |w|): accurate for tiny angles, unlike acos. */
static double rotation_distance(const double a[4], const double b[4])
{
    double x = a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1];
    double y = a[3] * b[1] + a[0] * b[2] - a[1] * b[3] - a[2] * b[0];
    double z = a[3] * b[2] - a[0] * b[1] + a[1] * b[0] - a[2] * b[3];
    double w = a[3] * b[3] + a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    return 2.0 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
}
static void normalize3(double v[3])
{
    double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    v[0] /= n;
    v[1] /= n;
    v[2] /= n;
}

/* quat_between near opposite directions (issue 33, item 17): the rotation by the angle between
 * the float inputs (atan2(|p×q|, p·q) in double) about p×q, component by component; the
 * article's w = 1 + p·q cancelled there (w = 0 for 1.5e-4 at 3e-4 rad from opposite). */
static void between_near_opposite(void)
{
    const double eps[] = { 3e-4, 1e-4, 1e-5, 2e-6, 0.3 };
    const double dirs[][3] = { { 1, 0, 0 }, { 0.3, -2, 5 } };
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < 5; i++) {
            /* q: −p turned by eps about an axis perpendicular to p */
            double pn[3] = { dirs[d][0], dirs[d][1], dirs[d][2] }, axis[3];
            normalize3(pn);
            axis[0] = -pn[1];
            axis[1] = pn[0];
            axis[2] = 0;
            normalize3(axis);
            double r[4], minus[3] = { -pn[0], -pn[1], -pn[2] }, qd[3];
            axis_angle(axis, eps[i], r);
            rotate(r, minus, qd);
            sp_vec3 p = { (float)pn[0], (float)pn[1], (float)pn[2] },
                    q = { (float)qd[0], (float)qd[1], (float)qd[2] };
            /* the oracle from the float inputs themselves */
            double a[3] = { p.x, p.y, p.z }, b[3] = { q.x, q.y, q.z };
            normalize3(a);
            normalize3(b);
            double c[3] = { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
            double sn = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]),
                   angle = atan2(sn, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
            double want[4] = { c[0] / sn * sin(angle / 2), c[1] / sn * sin(angle / 2),
                               c[2] / sn * sin(angle / 2), cos(angle / 2) };
            sp_quat got;
            sp_quat_between(&got, &p, &q);
            snprintf(name, sizeof name, "quat_between %g rad from opposite (direction %d): w %.9g, want %.9g",
                     eps[i], d, got.w, want[3]);
            check_true(name,
                       fabs(got.x - want[0]) <= 4e-7 && fabs(got.y - want[1]) <= 4e-7
                           && fabs(got.z - want[2]) <= 4e-7 && fabs(got.w - want[3]) <= 4e-7);
        }
}

int main(void)
{
    between_near_opposite();
    double ax1[3] = { 1, 2, 3 }, ax2[3] = { -2, 0.5, 1 };
    normalize3(ax1);
    normalize3(ax2);
    double qa[4], qb[4], vec[3] = { 0.3, -1.2, 2.0 };
    axis_angle(ax1, 0.9, qa);
    axis_angle(ax2, 2.5, qb);

    /* mul: (a·b) rotates like a after b */
    sp_quat fa = tof(qa), fb = tof(qb), fab;
    sp_quat_mul(&fab, &fa, &fb);
    double dab[4], r1[3], r2[3], r3[3];
    tod(fab, dab);
    rotate(dab, vec, r1);
    rotate(qb, vec, r2);
    rotate(qa, r2, r3);
    for (int i = 0; i < 3; i++) check_near("quat_mul composes rotations", r1[i], r3[i], 1e-6);
    /* inv: a·a⁻¹ is the identity */
    sp_quat finv, fid;
    sp_quat_inv(&finv, &fa);
    sp_quat_mul(&fid, &fa, &finv);
    check_true("quat_inv: a·a⁻¹ = identity",
               fabsf(fid.x) < 1e-7f && fabsf(fid.y) < 1e-7f && fabsf(fid.z) < 1e-7f
                   && fabsf(fid.w - 1.0f) < 1e-7f);
    /* abs: w ≥ 0, same rotation */
    sp_quat neg = { -fa.x, -fa.y, -fa.z, -fa.w }, fabs_;
    sp_quat_abs(&fabs_, &neg);
    check_true("quat_abs flips to w ≥ 0", fabs_.w >= 0.0f && fabs_.x == fa.x && fabs_.w == fa.w);
    /* normalize: unit length, same direction; zero gives the identity */
    sp_quat big = { 3 * fa.x, 3 * fa.y, 3 * fa.z, 3 * fa.w }, fn;
    sp_quat_normalize(&fn, &big);
    check_near("quat_normalize x", fn.x, qa[0], 1e-7);
    check_near("quat_normalize w", fn.w, qa[3], 1e-7);
    sp_quat zero = { 0, 0, 0, 0 };
    sp_quat_normalize(&fn, &zero);
    check_true("quat_normalize(0) = identity", fn.x == 0 && fn.y == 0 && fn.z == 0 && fn.w == 1);
    /* scaled angle axis both ways, including tiny angles */
    const double angles[] = { 2.5, 0.9, 1e-3, 1e-6, 3.1 };
    for (int i = 0; i < 5; i++) {
        double q[4];
        axis_angle(ax2, angles[i], q);
        sp_quat fq = tof(q);
        sp_vec3 sa;
        sp_quat_to_scaled_angle_axis(&sa, &fq);
        snprintf(name, sizeof name, "to_scaled_angle_axis angle %g", angles[i]);
        check_near(name, sa.x, ax2[0] * angles[i], 1e-6 * angles[i] + 1e-7 * angles[i]);
        check_near(name, sa.z, ax2[2] * angles[i], 1e-6 * angles[i] + 1e-7 * angles[i]);
        sp_vec3 in = { (float)(ax1[0] * angles[i]), (float)(ax1[1] * angles[i]),
                       (float)(ax1[2] * angles[i]) };
        sp_quat back;
        sp_quat_from_scaled_angle_axis(&back, &in);
        axis_angle(ax1, angles[i], q);
        double db[4];
        tod(back, db);
        snprintf(name, sizeof name, "from_scaled_angle_axis angle %g", angles[i]);
        check_near(name, rotation_distance(db, q), 0.0, 1e-6);
        check_near(name, db[0], q[0], 1e-7);
    }

    /* the spring along the shortest arc: with the initial angular velocity along the axis
     * of the offset, the offset angle θ obeys the scalar critical spring,
     * θ(t) = e^(−yt)·(θ0 + (ω0 + y·θ0)·t), about a fixed axis — an independent slerp. The
     * start is 170° away, written with w < 0, so the long way round is also on offer. */
    double qg[4], qoff[4], qx0[4];
    axis_angle(ax2, 0.7, qg);
    const double theta0 = 170.0 * ORACLE_PI / 180.0, omega0 = -1.5, h = 0.3;
    axis_angle(ax1, theta0, qoff);
    /* x0 = off·g, negated (same rotation) */
    double nq[4];
    {
        sp_quat fo = tof(qoff), fg = tof(qg), fx;
        sp_quat_mul(&fx, &fo, &fg);
        tod(fx, qx0);
        for (int i = 0; i < 4; i++) nq[i] = -qx0[i];
    }
    const double Ts[] = { 1.0 / 60.0, 0.2, 0.6, 2.0 };
    for (int k = 0; k < 4; k++) {
        double y = 2.0 * ORACLE_LN2 / h, t = Ts[k], e = exp(-y * t);
        double theta = e * (theta0 + (omega0 + y * theta0) * t);
        double omega = e * (omega0 - (omega0 + y * theta0) * y * t);
        double qo[4], want[4];
        axis_angle(ax1, theta, qo);
        sp_quat fo = tof(qo), fg = tof(qg), fw;
        sp_quat_mul(&fw, &fo, &fg);
        tod(fw, want);
        sp_quat x = tof(nq);
        sp_vec3 v = { (float)(ax1[0] * omega0), (float)(ax1[1] * omega0), (float)(ax1[2] * omega0) };
        sp_simple_spring_damper_exact_quat(&x, &v, &fg, (float)h, (float)t);
        double got[4];
        tod(x, got);
        snprintf(name, sizeof name, "quat spring follows the shortest arc, t=%g (angle error)", t);
        check_near(name, rotation_distance(got, want), 0.0,
                   2e-6); /* float quaternions: ~1e-7 per component */
        snprintf(name, sizeof name, "quat spring angular velocity, t=%g", t);
        check_near(name, v.x, ax1[0] * omega, 1e-5 * (1.0 + y));
        check_near(name, v.y, ax1[1] * omega, 1e-5 * (1.0 + y));
        check_near(name, v.z, ax1[2] * omega, 1e-5 * (1.0 + y));
        snprintf(name, sizeof name, "quat spring unit length, t=%g", t);
        check_near(name, sqrt(got[0] * got[0] + got[1] * got[1] + got[2] * got[2] + got[3] * got[3]), 1.0,
                   1e-6);
    }

    /* unit length over many frames of a chaotic chase; convergence */
    {
        sp_quat x = tof(qa), g = tof(qb);
        sp_vec3 v = { 5.0f, -3.0f, 8.0f };
        double worst = 0.0;
        for (int i = 0; i < 2000; i++) {
            sp_simple_spring_damper_exact_quat(&x, &v, &g, 0.2f, 1.0f / 60.0f);
            double n = sqrt((double)x.x * x.x + (double)x.y * x.y + (double)x.z * x.z + (double)x.w * x.w);
            worst = fmax(worst, fabs(n - 1.0));
        }
        check_true("quat spring stays unit over 2000 frames", worst < 1e-6);
        double gx[4];
        tod(x, gx);
        check_near("quat spring converges to the goal", rotation_distance(gx, qb), 0.0, 1e-5);
    }

    /* dt-invariance (rotation distance and angular velocity) */
    const float dts[] = { 1.0f / 60.0f, 0.1f, 0.4f };
    for (int k = 0; k < 3; k++) {
        sp_quat x1 = tof(qa), x2 = tof(qa), g = tof(qb);
        sp_vec3 v1 = { 1.0f, -2.0f, 0.5f }, v2 = v1;
        sp_simple_spring_damper_exact_quat(&x1, &v1, &g, 0.3f, 2.0f * dts[k]);
        sp_simple_spring_damper_exact_quat(&x2, &v2, &g, 0.3f, dts[k]);
        sp_simple_spring_damper_exact_quat(&x2, &v2, &g, 0.3f, dts[k]);
        double d1[4], d2[4];
        tod(x1, d1);
        tod(x2, d2);
        snprintf(name, sizeof name, "quat spring dt-invariance dt=%g", dts[k]);
        check_near(name, rotation_distance(d1, d2), 0.0, 2e-6);
        check_near(name, v1.x, v2.x, 2e-5);
        check_near(name, v1.y, v2.y, 2e-5);
        sp_quat y1 = tof(qa), y2 = tof(qa);
        sp_vec3 w1 = { 1.0f, -2.0f, 0.5f }, w2 = w1;
        sp_decay_spring_damper_exact_quat(&y1, &w1, 0.3f, 2.0f * dts[k]);
        sp_decay_spring_damper_exact_quat(&y2, &w2, 0.3f, dts[k]);
        sp_decay_spring_damper_exact_quat(&y2, &w2, 0.3f, dts[k]);
        tod(y1, d1);
        tod(y2, d2);
        snprintf(name, sizeof name, "quat decay dt-invariance dt=%g", dts[k]);
        check_near(name, rotation_distance(d1, d2), 0.0, 2e-6);
        check_near(name, w1.z, w2.z, 2e-5);
    }

    /* edges */
    sp_quat x = tof(qa), g = tof(qb);
    sp_vec3 v = { 1.0f, 2.0f, 3.0f };
    sp_simple_spring_damper_exact_quat(&x, &v, &g, 0.3f, 0.0f);
    check_true("quat dt = 0 keeps the state",
               x.x == (float)qa[0] && x.w == (float)qa[3] && v.x == 1.0f && v.z == 3.0f);
    sp_simple_spring_damper_exact_quat(&x, &v, &g, 0.0f, 0.1f);
    double dx[4];
    tod(x, dx);
    check_true("quat halflife = 0 snaps",
               rotation_distance(dx, qb) < 1e-6 && v.x == 0.0f && v.y == 0.0f && v.z == 0.0f);
    x = tof(qa);
    v.x = 1.0f;
    sp_decay_spring_damper_exact_quat(&x, &v, 1e-4f, 10.0f);
    check_true("quat decay, dt = 10 s, halflife = 1e-4: identity",
               x.x == 0.0f && x.y == 0.0f && x.z == 0.0f && x.w == 1.0f && v.x == 0.0f);

    return testing_finish("test_quat");
}
