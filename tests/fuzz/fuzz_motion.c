/* fuzz_motion.c — libFuzzer harness over the tracking springs, character control,
 * character/simulation adjustment and foot locking (tracking.c, character.c,
 * adjustment.c, contact.c).
 *
 * Raw mode: any bit pattern (sanitizers, exact-size heap buffers). Domain mode: gains in
 * [0, 1], halflives in [0, 1e6], dt in [0, 1e4], |values| ≤ 1e30, unit quaternions; outputs
 * must be finite wherever the same formula evaluated in double is well within range (the
 * double evaluation is the oracle for "the true result is finite"), dt = 0 changes nothing,
 * halflife 0 snaps, clamps stay within their bounds, quaternions stay unit. */
#include "fuzz.h"

static double lerpd(double x, double y, double a) { return (1 - a) * x + a * y; }
/* 1 − 2^(−dt/halflife) in double (1 for halflife 0). */
/* The damper's fraction 1 − 2^(−t/h); 1 where its rate ln2/h overflows float (halflives below
 * 2e-39 s snap, as the README documents). */
static double fracd(double h, double t)
{
    if (t == 0) return 0;
    return REF_LN2 / h > FLT_MAX ? 1 : -expm1(-REF_LN2 * t / h);
}

/* ---- tracking ----------------------------------------------------------------------- */

/* The gain trackers; flags select the variant (full, no acceleration, position only). */
static void f_tracking_gains(fuzz_input *in)
{
    float x = value(in), v = value(in), xg = value(in), vg = value(in), ag = value(in);
    float kx = arg_in(in, 0, 1), kv = arg_in(in, 0, 1), ka = arg_in(in, 0, 1), t = dt(in);
    float x0 = x, v0 = v;
    double rx = x, rv = v;
    int variant = (int)(in->flags % 3u);
    if (variant == 0) {
        sp_tracking_spring_update(&x, &v, xg, vg, ag, kx, kv, ka, t);
        if (t != 0) rv = lerpd(rv, rv + (double)ag * t, ka);
    } else if (variant == 1)
        sp_tracking_spring_update_no_acceleration(&x, &v, xg, vg, kx, kv, t);
    else
        sp_tracking_spring_update_no_velocity_acceleration(&x, &v, xg, kx, t);
    if (t != 0) {
        if (variant < 2) rv = lerpd(rv, vg, kv);
        rv = lerpd(rv, ((double)xg - rx) / t, kx);
        rx = rx + t * rv;
    }
    FIN_REF(in, x, fmax(fabs(rx), fabs(rv))); /* x is stepped by v: an overflowing v takes x along */
    FIN_REF(in, v, rv);
    MUST(in, t != 0 || (x == x0 && v == v0));
}

/* The improved trackers (flags pick the variant: with the acceleration blend, without it, with
 * the position blend only) against the article's blends in double. */
static void f_tracking_improved(fuzz_input *in)
{
    float x = value(in), v = value(in), xg = value(in), vg = value(in), ag = value(in);
    float hx = halflife(in), hv = halflife(in), ha = halflife(in), t = dt(in), x0 = x, v0 = v;
    int variant = (int)(in->flags % 3u);
    if (variant == 0)
        sp_tracking_spring_update_improved(&x, &v, xg, vg, ag, hx, hv, ha, t);
    else if (variant == 1)
        sp_tracking_spring_update_no_acceleration_improved(&x, &v, xg, vg, hx, hv, t);
    else
        sp_tracking_spring_update_no_velocity_acceleration_improved(&x, &v, xg, hx, t);
    double rx = x0, rv = v0;
    if (t != 0) {
        if (variant == 0) rv = lerpd(rv, rv + (double)ag * t, fracd(ha, t));
        if (variant < 2) rv = lerpd(rv, vg, fracd(hv, t));
        rv = lerpd(rv, ((double)xg - rx) / t, fracd(hx, t));
        rx += t * rv;
    }
    FIN_REF(in, x, fmax(fabs(rx), fabs(rv))); /* x is stepped by v: an overflowing v takes x along */
    FIN_REF(in, v, rv);
    MUST(in, t != 0 || (x == x0 && v == v0));
}

/* The repository's gains-based exact tracker: a damped spring (stiffness s = kx/T², damping d)
 * toward x_goal pushed by d·q, whose energy about its rest point c = x_goal + d·q/s never grows
 * (s > 0); with s = 0 the velocity relaxes toward q; with d = 0 the motion is free under d·q. */
static void f_tracking_exact_gains(fuzz_input *in)
{
    float x = value(in), v = value(in), xg = value(in), vg = value(in), ag = value(in);
    float kx = arg_in(in, -0.5f, 1.5f), kv = arg_in(in, -0.5f, 1.5f), ka = arg_in(in, -0.5f, 1.5f);
    float t = dt(in), gdt = arg_in(in, 1e-3f, 1), x0 = x, v0 = v;
    sp_tracking_spring_update_exact_gains(&x, &v, xg, vg, ag, kx, kv, ka, t, gdt);
    double cx = fmin(fmax(kx, 0), 1), cv = fmin(fmax(kv, 0), 1), ca = fmin(fmax(ka, 0), 1);
    double t0 = (1 - cv) * (1 - cx), d = (1 - t0) / gdt, s = cx / gdt / gdt;
    double push = cv * (1 - cx) / gdt * vg + ca * t0 * ag, bx, bv;
    if (s > 0) {
        double c = xg + push / s, bu;
        ref_spring_bound(x0 - c, v0, s, t, &bu, &bv);
        bx = fabs(c) + bu;
    } else {
        double q = d > 0 ? push / d : 0, a = d > 0 ? 0 : fabs(push);
        bv = fmax(fabs(v0), fabs(q)) + a * t;
        bx = fabs(x0) + bv * t;
    }
    FIN_REF(in, x, bx);
    FIN_REF(in, v, bv);
    MUST(in, t != 0 || (x == x0 && v == v0));
}

/* The exact tracker: the error (e, w) to the goal is a damped spring, so its energy bound
 * (reference.h) bounds x − x_goal and v − v_goal; halflife 0 lands on the goal. flags pick
 * the variant (and, past the three, the repository's gains-based tracker). */
static void f_tracking_exact(fuzz_input *in)
{
    if (in->flags % 6u >= 3u) {
        f_tracking_exact_gains(in);
        return;
    }
    float x = value(in), v = value(in), xg = value(in), vg = value(in), ag = value(in);
    float f = arg_in(in, 0, 1591.5f), h = halflife(in), t = dt(in), x0 = x, v0 = v;
    int variant = (int)(in->flags % 3u);
    if (variant == 0)
        sp_tracking_spring_update_exact(&x, &v, xg, vg, ag, f, h, t);
    else if (variant == 1)
        sp_tracking_spring_update_exact_no_acceleration(&x, &v, xg, vg, f, h, t), ag = 0;
    else
        sp_tracking_spring_update_exact_no_velocity_acceleration(&x, &v, xg, f, h, t), vg = v0, ag = 0;
    double e0 = x0 - ((double)xg - (double)vg * t), w0 = v0 - ((double)vg - (double)ag * t), bu, bv;
    ref_spring_bound(e0, w0, pow(2 * REF_PI * f, 2), t, &bu, &bv);
    FIN_REF(in, x, fabs(xg) + bu);
    FIN_REF(in, v, fabs(vg) + bv);
    MUST(in, t != 0 || (x == x0 && v == v0));
    MUST(in, !(h == 0 && t > 0) || (x == xg && v == vg));
}

static void f_tracking_gains_to_spring(fuzz_input *in)
{
    float kx = arg_in(in, -1, 2), kv = arg_in(in, -1, 2), rdt = arg_in(in, 0, 1e4f), fr, hl;
    sp_tracking_gains_to_spring(kx, kv, rdt, &fr, &hl);
    MUST(in, fr >= 0 && hl >= 0);
    /* gains that round 1 − gain to 1 do not track at all: halflife +Inf is then honest */
    MUST(in, rdt < 1e-30f || isfinite(fr));
}

static void f_tracking_targets(fuzz_input *in)
{
    float xn = value(in), xc = value(in), xp = value(in), t = dt(in), tp = dt(in), lim = arg_in(in, 0, 1e30f);
    float tv = sp_tracking_target_velocity(xn, xc, t);
    float ta = sp_tracking_target_acceleration(xn, xc, xp, t);
    float tav = sp_tracking_target_acceleration_varying(xn, xc, xp, t, tp);
    FIN_REF(in, tv, t == 0 ? 0 : ((double)xn - xc) / t);
    /* an acceleration is finite when it and the two velocities it differences are */
    double v1 = t == 0 ? 0 : ((double)xn - xc) / t, v0 = t == 0 ? 0 : ((double)xc - xp) / t;
    double v0p = tp == 0 ? 0 : ((double)xc - xp) / tp;
    FIN_REF(in, ta, fmax(fmax(fabs(v1), fabs(v0)), t == 0 ? 0 : fabs((v1 - v0) / t)));
    FIN_REF(in, tav, fmax(fmax(fabs(v1), fabs(v0p)), t == 0 || tp == 0 ? 0 : fabs((v1 - v0p) / t)));
    MUST(in, t != 0 || (tv == 0 && ta == 0 && tav == 0));
    float c = sp_tracking_clip(xn, lim);
    MUST(in, c >= -lim && c <= lim);
    MUST(in, fabsf(xn) > lim || c == xn);
}

/* ---- character ---------------------------------------------------------------------- */

static void f_desired_velocity(fuzz_input *in)
{
    sp_vec3 stick, out;
    stick.x = arg_in(in, -1, 1);
    stick.y = 0;
    stick.z = arg_in(in, -1, 1);
    float az = arg_in(in, -1e4f, 1e4f);
    sp_quat rot = quat(in);
    float fs = arg_in(in, 0, 1e4f), ss = arg_in(in, 0, 1e4f), bs = arg_in(in, 0, 1e4f);
    sp_desired_velocity_update(&out, &stick, az, &rot, fs, ss, bs);
    MUST(in, finite3(out));
    /* a rotation keeps lengths: |out| ≤ max speed · |stick| */
    float top = fmaxf(fs, fmaxf(ss, bs)) * sqrtf(stick.x * stick.x + stick.z * stick.z);
    MUST(in, sqrtf(out.x * out.x + out.y * out.y + out.z * out.z) <= top * 1.0001f + 1e-6f);
}

static void f_desired_rotation(fuzz_input *in)
{
    sp_quat r = quat(in), r0 = r;
    sp_vec3 d = vec3(in);
    float dz = arg_in(in, 0, 1e30f);
    sp_desired_rotation_update(&r, &d, dz);
    MUST(in, unit(r));
    MUST(in, hypot(d.x, d.z) > dz || memcmp(&r, &r0, sizeof r) == 0);
}

static void f_simulation_update(fuzz_input *in)
{
    sp_vec3 p = vec3(in), v = vec3(in), a = vec3(in), dv = vec3(in), p0 = p, v0 = v, a0 = a;
    sp_quat r = quat(in), dr = quat(in), r0 = r;
    sp_vec3 w = vec3(in), w0 = w;
    float h = halflife(in), t = dt(in);
    sp_simulation_position_update(&p, &v, &a, &dv, h, t);
    double rx = p0.x, rv = v0.x, ra = a0.x;
    ref_character(&rx, &rv, &ra, dv.x, h, t);
    FIN_REF(in, p.x, rx);
    FIN_REF(in, v.x, rv);
    FIN_REF(in, a.x, ra);
    sp_simulation_rotation_update(&r, &w, &dr, h, t);
    MUST(in, unit(r));
    fin_ref_quat_spring(in, r0, &dr, w0, w, h, t);
    MUST(in,
         t != 0
             || (memcmp(&p, &p0, sizeof p) == 0 && memcmp(&v, &v0, sizeof v) == 0
                 && memcmp(&a, &a0, sizeof a) == 0 && memcmp(&r, &r0, sizeof r) == 0
                 && memcmp(&w, &w0, sizeof w) == 0));
}

/* Exact-size heap buffers; flags choose times (array or i·dt) and which outputs are null. */
static void f_trajectory_predict(fuzz_input *in)
{
    int count = (int)(in->count % 33u);
    sp_vec3 p = vec3(in), v = vec3(in), a = vec3(in), dv = vec3(in), w = vec3(in);
    sp_quat r = quat(in), dr = quat(in);
    float h = halflife(in), t = dt(in);
    float *times = (in->flags & 1) ? malloc(sizeof(float) * count) : NULL;
    for (int i = 0; times && i < count; i++) times[i] = dt(in);
    sp_vec3 *op = (in->flags & 2) ? NULL : malloc(sizeof(sp_vec3) * count);
    sp_vec3 *ov = (in->flags & 4) ? NULL : malloc(sizeof(sp_vec3) * count);
    sp_vec3 *oa = (in->flags & 8) ? NULL : malloc(sizeof(sp_vec3) * count);
    sp_quat *orot = (in->flags & 16) ? NULL : malloc(sizeof(sp_quat) * count);
    sp_vec3 *ow = (in->flags & 32) ? NULL : malloc(sizeof(sp_vec3) * count);
    sp_trajectory_predict_positions(op, ov, oa, times, t, count, &p, &v, &a, &dv, h);
    sp_trajectory_predict_rotations(orot, ow, times, t, count, &r, &w, &dr, h);
    for (int i = 0; i < count; i++) {
        float ti = times ? times[i] : (float)i * t;
        double rx = p.z, rv = v.z, ra = a.z;
        ref_character(&rx, &rv, &ra, dv.z, h, ti);
        if (op) FIN_REF(in, op[i].z, rx);
        if (ov) FIN_REF(in, ov[i].z, rv);
        if (oa) FIN_REF(in, oa[i].z, ra);
        if (orot) MUST(in, unit(orot[i]));
        if (ow) fin_ref_quat_spring(in, r, &dr, w, ow[i], h, ti);
    }
    MUST(in, count == 0 || times || !op || memcmp(&op[0], &p, sizeof p) == 0);
    free(times);
    free(op);
    free(ov);
    free(oa);
    free(orot);
    free(ow);
}

/* ---- adjustment --------------------------------------------------------------------- */

static void f_quat_slerp_angle(fuzz_input *in)
{
    sp_quat q = quat(in), p = quat(in), r;
    float alpha = arg_in(in, 0, 1);
    sp_quat_slerp_shortest_approx(&r, &q, &p, alpha);
    MUST(in, unit(r));
    float ang = sp_quat_angle_between(&q, &p);
    MUST(in, ang >= 0 && ang <= SP_PI + 1e-5f);
    /* the approximate slerp turns by a fraction of the angle: never past p */
    MUST(in, sp_quat_angle_between(&r, &q) <= ang + 2e-3f);
}

static void f_damp_adjustment(fuzz_input *in)
{
    sp_vec3 g = vec3(in), o;
    sp_quat gq = quat(in), oq;
    float h = halflife(in), t = dt(in);
    sp_damp_adjustment_exact_v3(&o, &g, h, t);
    MUST(in, between(o.x, 0, g.x) && between(o.y, 0, g.y) && between(o.z, 0, g.z));
    float o1 = sp_damp_adjustment_exact(g.y, h, t); /* each component is the scalar one */
    MUST(in, memcmp(&o1, &o.y, sizeof o1) == 0);
    MUST(in, t != 0 || (o.x == 0 && o.y == 0 && o.z == 0));
    MUST(in, !(h == 0 && t > 0) || memcmp(&o, &g, sizeof g) == 0);
    sp_damp_adjustment_exact_quat(&oq, &gq, h, t);
    MUST(in, unit(oq));
}

/* The adjusted character lies between the character and the simulation (per axis), moved
 * at most ratio·|velocity|·dt by the by-velocity variants; flags pick the variant. */
static void f_adjust_character(fuzz_input *in)
{
    sp_vec3 c = vec3(in), s = vec3(in), cv = vec3(in), o;
    sp_quat cr = quat(in), sr = quat(in), orot;
    sp_vec3 w;
    w.x = arg_in(in, -1e3f, 1e3f);
    w.y = arg_in(in, -1e3f, 1e3f);
    w.z = arg_in(in, -1e3f, 1e3f);
    float ratio = arg_in(in, 0, 10), h = halflife(in), t = dt(in);
    float limit = INFINITY, alimit = INFINITY;
    if (in->flags & 1) {
        sp_adjust_character_position_by_velocity(&o, &c, &cv, &s, ratio, h, t);
        sp_adjust_character_rotation_by_velocity(&orot, &cr, &w, &sr, ratio, h, t);
        limit = (float)(ratio * sqrt((double)cv.x * cv.x + (double)cv.y * cv.y + (double)cv.z * cv.z) * t);
        alimit = (float)(ratio * sqrt((double)w.x * w.x + (double)w.y * w.y + (double)w.z * w.z) * t);
    } else {
        sp_adjust_character_position(&o, &c, &s, h, t);
        sp_adjust_character_rotation(&orot, &cr, &sr, h, t);
    }
    MUST(in, between(o.x, c.x, s.x) && between(o.y, c.y, s.y) && between(o.z, c.z, s.z));
    double moved = sqrt(pow((double)o.x - c.x, 2) + pow((double)o.y - c.y, 2) + pow((double)o.z - c.z, 2));
    double span = sqrt(pow((double)s.x - c.x, 2) + pow((double)s.y - c.y, 2) + pow((double)s.z - c.z, 2));
    /* slack: the rounding of the float result c + adjustment (an ulp of |c|) */
    MUST(in, moved <= limit * (1 + 1e-5) + 1e-6 * span + 2e-7 * (fabs(c.x) + fabs(c.y) + fabs(c.z)) + 1e-30);
    MUST(in, unit(orot));
    MUST(in, sp_quat_angle_between(&orot, &cr) <= fminf(alimit, sp_quat_angle_between(&cr, &sr)) + 3e-3f);
    MUST(in, t != 0 || (o.x == c.x && o.y == c.y && o.z == c.z)); /* == : c + 0 turns −0 into +0 */
}

static void f_clamp_character(fuzz_input *in)
{
    sp_vec3 c = vec3(in), s = vec3(in), o;
    sp_quat cr = quat(in), sr = quat(in), orot;
    float md = arg_in(in, 0, 1e30f), ma = arg_in(in, 0, 4);
    sp_clamp_character_position(&o, &c, &s, md);
    double d0 = sqrt(pow((double)c.x - s.x, 2) + pow((double)c.y - s.y, 2) + pow((double)c.z - s.z, 2));
    double d1 = sqrt(pow((double)o.x - s.x, 2) + pow((double)o.y - s.y, 2) + pow((double)o.z - s.z, 2));
    MUST(in, finite3(o));
    MUST(in, d1 <= md * (1 + 1e-5) + 1e-6 * (fabs(s.x) + fabs(s.y) + fabs(s.z)) + 1e-30);
    MUST(in, d0 > md || memcmp(&o, &c, sizeof c) == 0);
    sp_clamp_character_rotation(&orot, &cr, &sr, ma);
    MUST(in, unit(orot));
    MUST(in, sp_quat_angle_between(&orot, &sr) <= ma + 3e-3f);
}

/* ---- foot locking ------------------------------------------------------------------- */

/* A reset and a few frames; flags give the contact state of each frame. */
static void f_contact(fuzz_input *in)
{
    sp_contact c;
    sp_vec3 p = vec3(in), v = vec3(in);
    sp_contact_reset(&c, &p, &v, (int)(in->flags & 1));
    MUST(in, c.state == 0 && c.lock == 0); /* the article's reset: out of contact, whatever the flag */
    float radius = arg_in(in, 0, 1e30f), height = value(in), h = halflife(in);
    int slow = 1;
    for (int frame = 1; frame < 4; frame++) {
        sp_vec3 ip;
        ip.x = arg_in(in, -1e6f, 1e6f);
        ip.y = arg_in(in, -1e6f, 1e6f);
        ip.z = arg_in(in, -1e6f, 1e6f);
        float t = arg_in(in, 0, 10);
        sp_contact before = c;
        sp_contact_update(&c, &ip, (int)((in->flags >> frame) & 1), radius, height, h, t);
        MUST(in, (c.state == 0 || c.state == 1) && (c.lock == 0 || c.lock == 1));
        MUST(in, t != 0 || memcmp(&c, &before, sizeof c) == 0);
        /* finite while the input's velocities (differences over dt) are */
        slow = slow && (t == 0 || t >= 1e-3f);
        MUST(in, !slow || (finite3(c.position) && finite3(c.velocity)));
        MUST(in, !c.lock || c.point.y == height);
    }
}

/* ------------------------------------------------------------------------------------- */

static const fuzz_case cases[] = {
    { "tracking_gains", f_tracking_gains },
    { "tracking_improved", f_tracking_improved },
    { "tracking_exact", f_tracking_exact },
    { "tracking_gains_to_spring", f_tracking_gains_to_spring },
    { "tracking_targets", f_tracking_targets },
    { "desired_velocity", f_desired_velocity },
    { "desired_rotation", f_desired_rotation },
    { "simulation_update", f_simulation_update },
    { "trajectory_predict", f_trajectory_predict },
    { "quat_slerp_angle", f_quat_slerp_angle },
    { "damp_adjustment", f_damp_adjustment },
    { "adjust_character", f_adjust_character },
    { "clamp_character", f_clamp_character },
    { "contact", f_contact },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_dispatch(cases, (unsigned)(sizeof cases / sizeof cases[0]), data, size);
}
