/* test_batch_pose.c — the pose inertializers. The spring one equals, bone by bone, the scalar
 * inertializers and is continuous across a transition. The cubic one: per bone it equals the scalar cubic
 * inertializer (sp_inertialize_cubic_transition/_update per position component) and, for
 * rotations, the cubic on the scaled angle-axis composed here from the public quaternion
 * functions, bit for bit; the output is continuous across a transition (right after it, the
 * pose that was showing) also when a blend is interrupted; after blendtime the output is the
 * input exactly. */
#include <string.h>
#include "sprung.h"
#include "testing.h"

enum { B = 9, L = 13 * B };

static unsigned rng = 99u;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / 16777216.0f;
}

static void pose(float *p)
{
    for (int j = 0; j < L; j++) p[j] = rnd(-2, 2);
    for (int r = 6 * B; r < 10 * B; r += 4) {
        float l = sqrtf(p[r] * p[r] + p[r + 1] * p[r + 1] + p[r + 2] * p[r + 2] + p[r + 3] * p[r + 3]);
        for (int c = 0; c < 4; c++) p[r + c] /= l;
    }
}

static int same_all(const float *a, const float *b, int m)
{
    return memcmp(a, b, (size_t)m * sizeof(float)) == 0;
}

/* The reference: one bone at a time from the scalar functions. */
typedef struct {
    float px[3 * B], pv[3 * B], t[3 * B];
    sp_quat q[B];
    sp_vec3 w[B];
} ref_offset;

static void ref_rotation(sp_quat *q, sp_vec3 *w, const ref_offset *o, int b, float z, float t)
{
    sp_vec3 j;
    sp_quat_to_scaled_angle_axis(&j, &o->q[b]);
    sp_decayed_offset_cubic(&j.x, &w->x, j.x, o->w[b].x, z, t);
    sp_decayed_offset_cubic(&j.y, &w->y, j.y, o->w[b].y, z, t);
    sp_decayed_offset_cubic(&j.z, &w->z, j.z, o->w[b].z, z, t);
    sp_quat_from_scaled_angle_axis(q, &j);
}

static void ref_transition(ref_offset *o, float *t, const float *src, const float *dst, float z)
{
    for (int b = 0; b < B; b++) {
        sp_quat q,
            s = { src[6 * B + 4 * b], src[6 * B + 4 * b + 1], src[6 * B + 4 * b + 2],
                  src[6 * B + 4 * b + 3] };
        sp_quat d = { dst[6 * B + 4 * b], dst[6 * B + 4 * b + 1], dst[6 * B + 4 * b + 2],
                      dst[6 * B + 4 * b + 3] };
        sp_vec3 w;
        ref_rotation(&q, &w, o, b, z, *t);
        /* rotations and angular velocities transition like the scalar quaternion inertializer,
         * from the decayed offset (q, w) */
        sp_vec3 sv = { src[10 * B + 3 * b], src[10 * B + 3 * b + 1], src[10 * B + 3 * b + 2] };
        sp_vec3 dv = { dst[10 * B + 3 * b], dst[10 * B + 3 * b + 1], dst[10 * B + 3 * b + 2] };
        sp_inertialize_transition_quat(&q, &w, &s, &sv, &d, &dv);
        o->q[b] = q;
        o->w[b] = w;
    }
    for (int j = 0; j < 3 * B; j++) {
        o->t[j] = *t;
        sp_inertialize_cubic_transition(&o->px[j], &o->pv[j], &o->t[j], src[j], src[3 * B + j], dst[j],
                                        dst[3 * B + j], z);
    }
    *t = 0;
}

static void ref_update(float *out, ref_offset *o, float *t, const float *in, float z, float dt)
{
    for (int j = 0; j < 3 * B; j++)
        sp_inertialize_cubic_update(&out[j], &out[3 * B + j], &o->t[j], o->px[j], o->pv[j], in[j],
                                    in[3 * B + j], z, dt);
    *t += dt;
    for (int b = 0; b < B; b++) {
        sp_quat q,
            i = { in[6 * B + 4 * b], in[6 * B + 4 * b + 1], in[6 * B + 4 * b + 2], in[6 * B + 4 * b + 3] }, r;
        sp_vec3 w;
        ref_rotation(&q, &w, o, b, z, *t);
        /* the output as the scalar quaternion inertializer forms it: its update with dt = 0
         * leaves the offset (q, w) as it is and writes q·in and w + q·in_v */
        sp_vec3 iv = { in[10 * B + 3 * b], in[10 * B + 3 * b + 1], in[10 * B + 3 * b + 2] }, rv;
        sp_inertialize_update_quat(&r, &rv, &q, &w, &i, &iv, 1.0f, 0.0f);
        memcpy(out + 6 * B + 4 * b, &r, sizeof r);
        out[10 * B + 3 * b] = rv.x;
        out[10 * B + 3 * b + 1] = rv.y;
        out[10 * B + 3 * b + 2] = rv.z;
    }
}

/* |a − b| per float; rotations compared up to sign (q and −q are one rotation). */
static float pose_distance(const float *a, const float *b)
{
    float d = 0;
    for (int j = 0; j < 6 * B; j++) d = fmaxf(d, fabsf(a[j] - b[j]));
    for (int j = 10 * B; j < L; j++) d = fmaxf(d, fabsf(a[j] - b[j]));
    for (int r = 6 * B; r < 10 * B; r += 4) {
        float dot = a[r] * b[r] + a[r + 1] * b[r + 1] + a[r + 2] * b[r + 2] + a[r + 3] * b[r + 3];
        d = fmaxf(d, 1.0f - fabsf(dot));
    }
    return d;
}

/* The update of nb bones from an offset in pose layout (off, time t since the transition),
 * bone by bone from the public scalar functions, as in ref_update. */
static void ref_update_from(float *out, const float *off, int nb, float t, const float *in, float z)
{
    for (int j = 0; j < 3 * nb; j++) {
        float dx, dv;
        sp_decayed_offset_cubic(&dx, &dv, off[j], off[3 * nb + j], z, t);
        out[j] = in[j] + dx;
        out[3 * nb + j] = in[3 * nb + j] + dv;
    }
    for (int b = 0; b < nb; b++) {
        const float *q0 = off + 6 * nb + 4 * b, *w0 = off + 10 * nb + 3 * b;
        sp_quat oq = { q0[0], q0[1], q0[2], q0[3] }, q, r;
        sp_quat i = { in[6 * nb + 4 * b], in[6 * nb + 4 * b + 1], in[6 * nb + 4 * b + 2],
                      in[6 * nb + 4 * b + 3] };
        sp_vec3 j, w, rv, iv = { in[10 * nb + 3 * b], in[10 * nb + 3 * b + 1], in[10 * nb + 3 * b + 2] };
        sp_quat_to_scaled_angle_axis(&j, &oq);
        sp_decayed_offset_cubic(&j.x, &w.x, j.x, w0[0], z, t);
        sp_decayed_offset_cubic(&j.y, &w.y, j.y, w0[1], z, t);
        sp_decayed_offset_cubic(&j.z, &w.z, j.z, w0[2], z, t);
        sp_quat_from_scaled_angle_axis(&q, &j);
        sp_inertialize_update_quat(&r, &rv, &q, &w, &i, &iv, 1.0f, 0.0f);
        memcpy(out + 6 * nb + 4 * b, &r, sizeof r);
        memcpy(out + 10 * nb + 3 * b, &rv, sizeof rv);
    }
}

/* 70 bones (more than one 64-bone chunk, not a multiple of 4), some with offsets the
 * branch-free maps do not take (components beyond 1e18, a NaN, an angular velocity that
 * turns 1e5 radians): every bone equals the scalar composition, the extreme ones included,
 * and a NaN stays in its bone. */
static void many_bones_with_extremes(void)
{
    enum { NB = 70, NL = 13 * NB };
    static float src[NL], dst[NL], off[NL], out[NL], ref[NL];
    for (int j = 0; j < NL; j++) {
        src[j] = rnd(-2, 2);
        dst[j] = rnd(-2, 2);
        off[j] = 0;
    }
    for (int r = 6 * NB; r < 10 * NB; r += 4) {
        float *qs[2] = { src + r, dst + r };
        for (int k = 0; k < 2; k++) {
            float l =
                sqrtf(qs[k][0] * qs[k][0] + qs[k][1] * qs[k][1] + qs[k][2] * qs[k][2] + qs[k][3] * qs[k][3]);
            for (int c = 0; c < 4; c++) qs[k][c] /= l;
        }
        off[r + 3] = 1;
    }
    float t = 0, z = 0.5f;
    sp_inertialize_pose_cubic_transition(off, &t, src, dst, z, NB);
    off[6 * NB + 4 * 5] = 3e20f;     /* a rotation offset beyond 1e18 */
    off[6 * NB + 4 * 66 + 2] = NAN;  /* a NaN in the second chunk */
    off[10 * NB + 3 * 9 + 1] = 2e5f; /* a huge angular velocity: the exp map's careful path */
    off[10 * NB + 3 * 67] = -1e30f;
    int equal = 1, nan_kept = 1;
    for (int k = 0; k < 4; k++) {
        sp_inertialize_pose_cubic_update(out, &t, off, dst, z, 0.1f, NB);
        ref_update_from(ref, off, NB, t, dst, z);
        for (int j = 0; j < NL; j++)
            equal &= memcmp(&out[j], &ref[j], 4) == 0 || (isnan(out[j]) && isnan(ref[j]));
        for (int j = 0; j < NL; j++) {
            int bone66 = (j >= 6 * NB + 4 * 66 && j < 6 * NB + 4 * 67)
                || (j >= 10 * NB + 3 * 66 && j < 10 * NB + 3 * 67);
            nan_kept &= bone66 || !isnan(out[j]);
        }
    }
    check_true("70 bones with extreme offsets: every bone = the scalar cubic (careful paths included)",
               equal);
    check_true("  a NaN rotation offset stays in its bone", nan_kept);
}

/* Unit rotations at x (4 floats each) and, when v is given, angular velocities (3 each). */
static void quat_fill(float *x, float *v, int n)
{
    for (int i = 0; i < n; i++) {
        sp_quat r = { rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1) }, u;
        sp_quat_normalize(&u, &r);
        x[4 * i] = u.x;
        x[4 * i + 1] = u.y;
        x[4 * i + 2] = u.z;
        x[4 * i + 3] = u.w;
        if (v)
            for (int c = 0; c < 3; c++) v[3 * i + c] = rnd(-4, 4);
    }
}

/* The pose inertializer equals, bone by bone, the scalar inertializers: the article's
 * transition and update formulas on positions and velocities, sp_inertialize_transition_quat /
 * sp_inertialize_update_quat on rotations and angular velocities. */
static void spring_pose(int n)
{
    enum { B = 70 }; /* more than one chunk of the SIMD kernel (64 bones) */
    static float src[13 * B], dst[13 * B], in[13 * B], off[13 * B], out[13 * B], roff[13 * B];
    const float h = 0.15f, dt = 1.0f / 60;
    for (int j = 0; j < 6 * n; j++) {
        src[j] = rnd(-1, 1);
        dst[j] = rnd(-1, 1);
        in[j] = rnd(-1, 1);
    }
    for (int j = 10 * n; j < 13 * n; j++) {
        src[j] = rnd(-3, 3);
        dst[j] = rnd(-3, 3);
        in[j] = rnd(-3, 3);
    }
    quat_fill(src + 6 * n, NULL, n);
    quat_fill(dst + 6 * n, NULL, n);
    quat_fill(in + 6 * n, NULL, n);
    memset(off, 0, sizeof off);
    for (int i = 0; i < n; i++) off[6 * n + 4 * i + 3] = 1.0f;
    memcpy(roff, off, sizeof off);

    /* transition at dt = 0 continues src exactly where it was: out = dst + off ≈ src */
    sp_inertialize_pose_transition(off, src, dst, n);
    sp_inertialize_pose_update(out, off, dst, h, 0.0f, n);
    /* positions and velocities: (src − dst) + dst, two roundings of values ≤ 2 */
    for (int j = 0; j < 6 * n; j++)
        check_near("pose transition keeps position/velocity at dt = 0", out[j], src[j], 5e-7);
    for (int j = 10 * n; j < 13 * n; j++)
        check_near("pose transition keeps angular velocity at dt = 0", out[j], src[j], 1e-6);
    /* rotations: |cos| of half the angle between out and src is 1 up to the rounding of
     * three quaternion products (a few 1e-7) */
    for (int i = 0; i < n; i++) {
        const float *a = out + 6 * n + 4 * i, *b = src + 6 * n + 4 * i;
        check_near("pose transition keeps rotation at dt = 0",
                   fabsf(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]), 1.0, 1e-6);
    }

    /* the reference: article formulas on the scalar API */
    for (int j = 0; j < 3 * n; j++) {
        roff[j] = (src[j] + roff[j]) - dst[j];
        roff[3 * n + j] = (src[3 * n + j] + roff[3 * n + j]) - dst[3 * n + j];
    }
    for (int i = 0; i < n; i++) {
        float *o = roff + 6 * n + 4 * i, *w = roff + 10 * n + 3 * i;
        const float *s = src + 6 * n + 4 * i, *d = dst + 6 * n + 4 * i, *sv = src + 10 * n + 3 * i,
                    *dv = dst + 10 * n + 3 * i;
        sp_quat oq = { o[0], o[1], o[2], o[3] }, sq = { s[0], s[1], s[2], s[3] },
                dq = { d[0], d[1], d[2], d[3] };
        sp_vec3 ov = { w[0], w[1], w[2] }, svv = { sv[0], sv[1], sv[2] }, dvv = { dv[0], dv[1], dv[2] };
        sp_inertialize_transition_quat(&oq, &ov, &sq, &svv, &dq, &dvv);
        o[0] = oq.x;
        o[1] = oq.y;
        o[2] = oq.z;
        o[3] = oq.w;
        w[0] = ov.x;
        w[1] = ov.y;
        w[2] = ov.z;
    }
    check_true("pose transition = scalar inertializers", same_all(off, roff, 13 * n));

    sp_inertialize_pose_update(out, off, in, h, dt, n);
    float rout[13 * B];
    for (int j = 0; j < 3 * n; j++) {
        sp_decay_spring_damper_exact(&roff[j], &roff[3 * n + j], h, dt);
        rout[j] = in[j] + roff[j];
        rout[3 * n + j] = in[3 * n + j] + roff[3 * n + j];
    }
    for (int i = 0; i < n; i++) {
        float *o = roff + 6 * n + 4 * i, *w = roff + 10 * n + 3 * i;
        const float *iq = in + 6 * n + 4 * i;
        const float *iv = in + 10 * n + 3 * i;
        sp_quat oq = { o[0], o[1], o[2], o[3] }, iqq = { iq[0], iq[1], iq[2], iq[3] }, r;
        sp_vec3 ov = { w[0], w[1], w[2] }, ivv = { iv[0], iv[1], iv[2] }, rv;
        sp_inertialize_update_quat(&r, &rv, &oq, &ov, &iqq, &ivv, h, dt);
        o[0] = oq.x;
        o[1] = oq.y;
        o[2] = oq.z;
        o[3] = oq.w;
        w[0] = ov.x;
        w[1] = ov.y;
        w[2] = ov.z;
        float *ro = rout + 6 * n + 4 * i;
        ro[0] = r.x;
        ro[1] = r.y;
        ro[2] = r.z;
        ro[3] = r.w;
        rout[10 * n + 3 * i] = rv.x;
        rout[10 * n + 3 * i + 1] = rv.y;
        rout[10 * n + 3 * i + 2] = rv.z;
    }
    char name[64];
    snprintf(name, sizeof name, "pose update = scalar springs (n=%d)", n);
    check_true(name, same_all(off, roff, 13 * n) && same_all(out, rout, 13 * n));

    /* A second transition in the middle of the blend (the offset rotation is not the
     * identity now): at dt = 0 after it the output is what was showing, rotation and world
     * angular velocity included. Tolerance: a few roundings of products of values ≤ 3. */
    float before[13 * B], next[13 * B];
    sp_inertialize_pose_update(before, off, in, h, 0.0f, n);
    for (int j = 0; j < 6 * n; j++) next[j] = rnd(-1, 1);
    for (int j = 10 * n; j < 13 * n; j++) next[j] = rnd(-3, 3);
    quat_fill(next + 6 * n, NULL, n);
    sp_inertialize_pose_transition(off, in, next, n);
    sp_inertialize_pose_update(out, off, next, h, 0.0f, n);
    for (int j = 0; j < 6 * n; j++)
        check_near("pose: position/velocity kept across a mid-blend transition", out[j], before[j], 2e-6);
    for (int j = 10 * n; j < 13 * n; j++)
        check_near("pose: angular velocity kept across a mid-blend transition", out[j], before[j], 1e-5);
    for (int i = 0; i < n; i++) {
        const float *a = out + 6 * n + 4 * i, *b = before + 6 * n + 4 * i;
        check_near("pose: rotation kept across a mid-blend transition",
                   fabsf(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]), 1.0, 2e-6);
    }

    /* The output angular velocity is the angular velocity of the output rotation off·in: with
     * a fixed offset rotation (zero offset angular velocity, a halflife so long that nothing
     * decays in 1 ms) and the input turning at in_v, the output turns at off·in_v. Checked
     * against the finite difference log(out(t+τ)·out(t)⁻¹)/τ of the output rotation itself;
     * tolerance: float rounding of unit quaternions (~1e-7) over τ = 1e-3. */
    const float tau = 1e-3f;
    float in2[13 * B], out2[13 * B];
    memcpy(in2, in, sizeof in2);
    for (int i = 0; i < n; i++) {
        float *o = off + 6 * n + 4 * i, *w = off + 10 * n + 3 * i;
        sp_quat r;
        quat_fill(&r.x, NULL, 1);
        o[0] = r.x;
        o[1] = r.y;
        o[2] = r.z;
        o[3] = r.w;
        w[0] = w[1] = w[2] = 0.0f;
        const float *iv = in + 10 * n + 3 * i;
        sp_vec3 step = { iv[0] * tau, iv[1] * tau, iv[2] * tau };
        sp_quat turn,
            iq = { in[6 * n + 4 * i], in[6 * n + 4 * i + 1], in[6 * n + 4 * i + 2], in[6 * n + 4 * i + 3] },
            iq2;
        sp_quat_from_scaled_angle_axis(&turn, &step);
        sp_quat_mul(&iq2, &turn, &iq);
        memcpy(in2 + 6 * n + 4 * i, &iq2, sizeof iq2);
    }
    sp_inertialize_pose_update(out, off, in, 1e6f, 0.0f, n);
    sp_inertialize_pose_update(out2, off, in2, 1e6f, tau, n);
    for (int i = 0; i < n; i++) {
        const float *a = out + 6 * n + 4 * i, *b = out2 + 6 * n + 4 * i;
        sp_quat qa = { a[0], a[1], a[2], a[3] }, qb = { b[0], b[1], b[2], b[3] }, ia, d;
        sp_quat_inv(&ia, &qa);
        sp_quat_mul(&d, &qb, &ia);
        sp_quat_abs(&d, &d);
        sp_vec3 fd;
        sp_quat_to_scaled_angle_axis(&fd, &d);
        const float *w = out + 10 * n + 3 * i;
        check_near("pose: output angular velocity = that of the output rotation (x)", fd.x / tau, w[0], 2e-3);
        check_near("pose: output angular velocity = that of the output rotation (y)", fd.y / tau, w[1], 2e-3);
        check_near("pose: output angular velocity = that of the output rotation (z)", fd.z / tau, w[2], 2e-3);
    }
}

int main(void)
{
    many_bones_with_extremes();
    static float off[L], out[L], rout[L], a[L], b2[L], c[L];
    float t = 0, rt = 0, z = 0.4f;
    ref_offset ro;
    memset(off, 0, sizeof off);
    memset(&ro, 0, sizeof ro);
    for (int bb = 0; bb < B; bb++) {
        off[6 * B + 4 * bb + 3] = 1;
        ro.q[bb].w = 1;
    }
    pose(a);
    pose(b2);
    pose(c);

    /* blend a -> b2, interrupted at 0.15 s by b2 -> c, then run past the blend */
    sp_inertialize_pose_cubic_transition(off, &t, a, b2, z, B);
    ref_transition(&ro, &rt, a, b2, z);
    sp_inertialize_pose_cubic_update(out, &t, off, b2, z, 0.0f, B);
    /* tolerance: the offset src − dst is re-added to dst (a few roundings of values ≤ 4) and
     * the rotation goes through log and exp (a few ulps): 1e-5 */
    check_near("continuity at the transition (output = source pose)", pose_distance(out, a), 0, 1e-5);
    int equal = 1;
    for (int k = 0; k < 3; k++) {
        sp_inertialize_pose_cubic_update(out, &t, off, b2, z, 0.05f, B);
        ref_update(rout, &ro, &rt, b2, z, 0.05f);
        equal &= same_all(out, rout, L);
    }
    check_true("update = scalar cubic per bone (first blend)", equal);
    static float before[L];
    memcpy(before, out, sizeof out);
    sp_inertialize_pose_cubic_transition(off, &t, b2, c, z, B);
    ref_transition(&ro, &rt, b2, c, z);
    int tr = t == 0 && rt == 0;
    for (int j = 0; j < 3 * B; j++) tr &= off[j] == ro.px[j] && off[3 * B + j] == ro.pv[j];
    for (int bb = 0; bb < B; bb++)
        tr &= off[6 * B + 4 * bb] == ro.q[bb].x && off[6 * B + 4 * bb + 1] == ro.q[bb].y
            && off[6 * B + 4 * bb + 2] == ro.q[bb].z && off[6 * B + 4 * bb + 3] == ro.q[bb].w
            && off[10 * B + 3 * bb] == ro.w[bb].x && off[10 * B + 3 * bb + 1] == ro.w[bb].y
            && off[10 * B + 3 * bb + 2] == ro.w[bb].z;
    check_true("transition = scalar cubic per bone", tr);
    sp_inertialize_pose_cubic_update(out, &t, off, c, z, 0.0f, B);
    ref_update(rout, &ro, &rt, c, z, 0.0f);
    check_true("update = scalar cubic per bone (after the interruption)", same_all(out, rout, L));
    check_near("continuity at an interrupted blend (output = what was showing)", pose_distance(out, before),
               0, 1e-5);
    equal = 1;
    for (int k = 0; k < 12; k++) {
        sp_inertialize_pose_cubic_update(out, &t, off, c, z, 0.05f, B);
        ref_update(rout, &ro, &rt, c, z, 0.05f);
        equal &= same_all(out, rout, L);
    }
    check_true("update = scalar cubic per bone (second blend)", equal);
    /* 0.6 s > blendtime: the offset is exactly 0, so the output is the input exactly (the
     * rotations are the identity times the input, an exact product) */
    int in = 1;
    for (int j = 0; j < L; j++) in &= out[j] == c[j];
    check_true("after blendtime the output is the input", in);
    /* … bit for bit, −0 included: in rotations and angular velocities the product by the identity
     * offset turned an input's −0 into +0 (1·(−0) + 0·w = +0), as it once had in positions */
    for (int bb = 0; bb < B; bb += 2) {
        c[bb] = -0.0f;
        c[3 * B + 3 * bb + 1] = -0.0f;
        c[6 * B + 4 * bb] = -0.0f;
        c[6 * B + 4 * bb + 2] = -0.0f;
        c[10 * B + 3 * bb + 1] = -0.0f;
    }
    sp_inertialize_pose_cubic_update(out, &t, off, c, z, 0.05f, B);
    check_true("after blendtime the output is the input, bit for bit (−0 kept)", same_all(out, c, L));
    spring_pose(1);
    spring_pose(11);
    spring_pose(70);
    return testing_finish("test_batch_pose");
}
