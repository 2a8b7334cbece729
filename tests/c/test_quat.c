/* test_quat.c — quaternion helpers against rotations built here from sin/cos and a rotation
 * matrix (products, inverses, rotating vectors, nlerp and slerp along the shortest arc as the
 * point of the great circle, angle-axis both ways, angular velocities against RK4 on
 * q' = ½·(ω, 0)·q, Motion-Matching's exp, log and between), and the quaternion springs against
 * the scalar critical spring on the angle along the shortest arc (an independent slerp), unit
 * length, dt-invariance, edges. */
#include "sprung.h"
#include "testing.h"
#include "oracle.h"
#include "quat_oracle.h"

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

/* Motion-Matching's quaternion log and exp: exp(0, v) = (v/|v|·sin|v|, cos|v|), log q = half the
 * angle times the axis (w < 0 too: no shortest arc), in double. */
static void quat_exp_log(void)
{
    const double vs[][3] = {
        { 0, 0, 0 }, { 1e-20, -2e-20, 0 }, { 0.3, -0.2, 0.1 }, { 1, 1, -1 }, { 40, -13, 7 }
    };
    for (int i = 0; i < 5; i++) {
        sp_vec3 v = { (float)vs[i][0], (float)vs[i][1], (float)vs[i][2] };
        sp_quat q;
        sp_quat_exp(&q, &v);
        double l = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z),
               k = l > 0 ? sin(l) / l : 1;
        /* the half angle |v| is itself a float sum of squares: its rounding, 1.2e-7·|v|, moves sin and cos */
        double tol = 2.4e-7 * (1 + l);
        snprintf(name, sizeof name, "quat_exp(%g, %g, %g)", v.x, v.y, v.z);
        check_true(name,
                   fabs(q.x - k * v.x) <= tol * fmax(fabs(k * v.x), l > 1 ? 1 : 0)
                       && fabs(q.y - k * v.y) <= tol * fmax(fabs(k * v.y), l > 1 ? 1 : 0)
                       && fabs(q.w - cos(l)) <= tol);
        sp_quat twice;
        sp_vec3 v2 = { 2 * v.x, 2 * v.y, 2 * v.z };
        sp_quat_from_scaled_angle_axis(&twice, &v2);
        check_true("… = quat_from_scaled_angle_axis(2v)",
                   fabs(twice.x - q.x) <= 1.2e-7 && fabs(twice.w - q.w) <= 1.2e-7);
    }
    /* the log of a rotation by θ about n is (θ/2)·n, half angles up to π (w < 0 kept) */
    const double angles[] = { 1e-6, 0.4, 2.5, 4.0, 6.0 };
    for (int i = 0; i < 5; i++) {
        double n[3] = { 0.48, -0.6, 0.64 }, h = angles[i] / 2;
        sp_quat q = { (float)(n[0] * sin(h)), (float)(n[1] * sin(h)), (float)(n[2] * sin(h)), (float)cos(h) };
        sp_vec3 lg;
        sp_quat_log(&lg, &q);
        oracle_quat qd = { q.x, q.y, q.z, q.w };
        double l = sqrt(qd.x * qd.x + qd.y * qd.y + qd.z * qd.z), half = atan2(l, qd.w);
        snprintf(name, sizeof name, "quat_log of a rotation by %g rad: half its angle (%.7g)", angles[i],
                 half);
        check_near(name, lg.y, qd.y / l * half, 2e-7);
        check_near(name, lg.z, qd.z / l * half, 2e-7);
        sp_quat back;
        sp_quat_exp(&back, &lg);
        check_true("… exp(log q) = q", fabs(back.x - q.x) <= 2e-7 && fabs(back.w - q.w) <= 2e-7);
    }
}

/* Motion-Matching's quat_between: the rotation taking the direction of p to that of q turns p onto
 * q, by the angle between them (atan2(|p×q|, p·q) in double), about an axis perpendicular to both;
 * for opposite directions a half turn about an axis perpendicular to p; the identity for a zero. */
static void quat_between(void)
{
    const double ps[][3] = {
        { 1, 0, 0 }, { 0.3, -2, 5 }, { 1e30, 2e30, -1e30 },    { 1e-30, 0, 3e-30 },
        { 1, 1, 1 }, { 0, 2, 0 },    { 1.47e-41, 3.36e-44, 0 }
    }; /* subnormal: 1/|p| overflows float */
    const double qs[][3] = { { 0, 1, 0 },      { -4, 1, 0.5 }, { 3, -1, 2 },           { 0, 1e-20, 0 },
                             { 1, 1, 1.0001 }, { 0, -7, 0 },   { -7e29, -7e29, -7e29 } };
    for (int i = 0; i < 7; i++) {
        sp_vec3 p = { (float)ps[i][0], (float)ps[i][1], (float)ps[i][2] },
                q = { (float)qs[i][0], (float)qs[i][1], (float)qs[i][2] };
        sp_quat r;
        sp_quat_between(&r, &p, &q);
        oracle_quat rd = { r.x, r.y, r.z, r.w };
        double pn = sqrt((double)p.x * p.x + (double)p.y * p.y + (double)p.z * p.z),
               qn = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z);
        oracle_quat pu = { p.x / pn, p.y / pn, p.z / pn, 0 }, qu = { q.x / qn, q.y / qn, q.z / qn, 0 };
        oracle_quat turned = oracle_quat_mul(oracle_quat_mul(rd, pu), oracle_quat_conj(rd));
        double miss = sqrt(pow(turned.x - qu.x, 2) + pow(turned.y - qu.y, 2) + pow(turned.z - qu.z, 2));
        double cx = pu.y * qu.z - pu.z * qu.y, cy = pu.z * qu.x - pu.x * qu.z, cz = pu.x * qu.y - pu.y * qu.x;
        double angle = atan2(sqrt(cx * cx + cy * cy + cz * cz), pu.x * qu.x + pu.y * qu.y + pu.z * qu.z);
        double j[3];
        oracle_quat_log(j, rd);
        snprintf(name, sizeof name, "quat_between #%d: turns p onto q (miss %.2g)", i, miss);
        check_true(name, miss <= 4e-7);
        snprintf(name, sizeof name, "quat_between #%d: by the angle between them, %.7g", i, angle);
        check_near(name, sqrt(j[0] * j[0] + j[1] * j[1] + j[2] * j[2]), angle, 4e-7);
        snprintf(name, sizeof name, "quat_between #%d: about an axis perpendicular to both", i);
        check_near(name,
                   (j[0] * pu.x + j[1] * pu.y + j[2] * pu.z) + (j[0] * qu.x + j[1] * qu.y + j[2] * qu.z), 0,
                   4e-7);
    }
    sp_vec3 zero = { 0, 0, 0 }, p = { 1, 2, 3 };
    sp_quat r;
    sp_quat_between(&r, &zero, &p);
    check_true("quat_between: the identity from a zero vector", r.x == 0 && r.y == 0 && r.z == 0 && r.w == 1);
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

    quat_exp_log();
    quat_between();
    rotations();
    interpolation();
    angle_axis();
    angular_velocity();
    return testing_finish("test_quat");
}
