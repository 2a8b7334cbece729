/* test_batch_pose.c — the cubic pose inertializer. Per bone it equals the scalar cubic
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
    return testing_finish("test_batch_pose");
}
