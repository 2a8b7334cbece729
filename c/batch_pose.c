/* batch_pose.c — the spring and cubic inertializers over a whole skeleton.
 *
 * A pose of n bones is one array of 13·n floats: positions (3n), velocities (3n),
 * rotations (4n, x,y,z,w) and angular velocities (3n, scaled axis, world frame). The
 * offset the inertializer decays has the same layout. Positions follow the article's
 * inertialize_transition / inertialize_update; rotations follow sp_inertialize_*_quat
 * (internal.h's sp__inertialize_transition_quat / _output_quat): the offset rotation
 * off·src·dst⁻¹ is applied on the left of the input, and its angular velocity is kept in
 * the world frame, so the output's rotation and angular velocity are continuous across
 * every transition. */
#include <stddef.h>
#include <string.h>
#include "soa.h"

static inline sp_quat quat_at(const float *p) { return sp__q(p[0], p[1], p[2], p[3]); }
static inline void quat_put(float *p, sp_quat q)
{
    p[0] = q.x;
    p[1] = q.y;
    p[2] = q.z;
    p[3] = q.w;
}
static inline sp_vec3 vec_at(const float *p) { return sp__v3(p[0], p[1], p[2]); }
static inline void vec_put(float *p, sp_vec3 v)
{
    p[0] = v.x;
    p[1] = v.y;
    p[2] = v.z;
}

void sp_inertialize_pose_transition(float *off, const float *src, const float *dst, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    for (size_t j = 0; j < 6 * nn; j++) off[j] = (src[j] + off[j]) - dst[j];
    for (size_t b = 0; b < nn; b++) {
        sp_quat q = quat_at(off + rot + 4 * b);
        sp_vec3 w = vec_at(off + avel + 3 * b);
        sp__inertialize_transition_quat(&q, &w, quat_at(src + rot + 4 * b), vec_at(src + avel + 3 * b),
                                        quat_at(dst + rot + 4 * b), vec_at(dst + avel + 3 * b));
        quat_put(off + rot + 4 * b, q);
        vec_put(off + avel + 3 * b, w);
    }
}

/* The output rotation off·in and angular velocity off_v + off·in_v of bone i, with the
 * input's arrays becoming the output's (sp__inertialize_output_quat). */
SP__ALWAYS_INLINE void soa_output(const sp__soa_quat *off, const sp__soa_vec *off_v, sp__soa_quat *in,
                                  sp__soa_vec *in_v, int i)
{
    sp_quat q;
    sp_vec3 w;
    sp__inertialize_output_quat(&q, &w, sp__q(off->x[i], off->y[i], off->z[i], off->w[i]),
                                sp__v3(off_v->x[i], off_v->y[i], off_v->z[i]),
                                sp__q(in->x[i], in->y[i], in->z[i], in->w[i]),
                                sp__v3(in_v->x[i], in_v->y[i], in_v->z[i]));
    in->x[i] = q.x;
    in->y[i] = q.y;
    in->z[i] = q.z;
    in->w[i] = q.w;
    in_v->x[i] = w.x;
    in_v->y[i] = w.y;
    in_v->z[i] = w.z;
}

/* The update, chunk by chunk (soa.h): the rotation offsets, their angular velocities and the
 * input's rotations and angular velocities in structure-of-arrays form; the offsets decayed
 * by the three stages of sp__quat_spring_fast and applied to the input by
 * sp__inertialize_output_quat, each stage in a loop of its own; offset and output copied back
 * together. A bone the fast step does not handle is then updated by sp__quat_spring_apply
 * and sp__inertialize_output_quat, exactly what sp_inertialize_update_quat does, so every
 * bone equals it bit for bit. dt = 0 decays nothing (the scalar functions' rule) but still
 * writes the output. */
void sp_inertialize_pose_update(float *out, float *off, const float *in, float halflife, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    int decay = dt != 0.0f;
    sp__critical_k k = sp__critical_coefs(halflife, dt);
    if (decay && k.inc) /* the two forms in loops of their own (internal.h) */
        for (size_t j = 0; j < 3 * nn; j++)
            sp__critical_decay_as(&k, &off[j], &off[3 * nn + j], 0x1p-126f, 1);
    else if (decay)
        for (size_t j = 0; j < 3 * nn; j++)
            sp__critical_decay_as(&k, &off[j], &off[3 * nn + j], 0x1p-126f, 0);
    for (size_t j = 0; j < 6 * nn; j++) out[j] = in[j] + off[j];
    struct {
        sp__soa_quat off, in;
        sp__soa_vec off_v, in_v;
        int ok[SP__CHUNK];
    } c;
    for (int i0 = 0; i0 < n; i0 += SP__CHUNK) {
        int m = n - i0 < SP__CHUNK ? n - i0 : SP__CHUNK, lanes = sp__soa_lanes(m);
        float *xs = off + rot + 4 * (size_t)i0, *vs = off + avel + 3 * (size_t)i0;
        const float *is = in + rot + 4 * (size_t)i0, *ivs = in + avel + 3 * (size_t)i0;
        float *os = out + rot + 4 * (size_t)i0, *ovs = out + avel + 3 * (size_t)i0;
        sp__soa_quat_load(&c.off, xs, m);
        sp__soa_vec_load(&c.off_v, vs, m);
        sp__soa_quat_load(&c.in, is, m);
        sp__soa_vec_load(&c.in_v, ivs, m);
        SP__SOA_FOR(i, lanes) c.ok[i] = 1;
        if (decay) sp__soa_quat_spring(&c.off, &c.off_v, c.ok, NULL, &k, NULL, dt, lanes);
        SP__SOA_FOR(i, lanes) soa_output(&c.off, &c.off_v, &c.in, &c.in_v, i);
        const int *failed = sp__soa_failed(c.ok, m);
        sp__soa_quat_store(&c.off, xs, m, failed);
        sp__soa_vec_store(&c.off_v, vs, m, failed);
        sp__soa_quat_store(&c.in, os, m, failed);
        sp__soa_vec_store(&c.in_v, ovs, m, failed);
        for (int i = 0; failed && i < m; i++) {
            if (c.ok[i]) continue;
            sp_quat q = quat_at(xs + 4 * i), r;
            sp_vec3 w = vec_at(vs + 3 * i), rw;
            sp__quat_spring_apply(&k, &q, &w, NULL);
            sp__inertialize_output_quat(&r, &rw, q, w, quat_at(is + 4 * i), vec_at(ivs + 3 * i));
            quat_put(xs + 4 * i, q);
            vec_put(vs + 3 * i, w);
            quat_put(os + 4 * i, r);
            vec_put(ovs + 3 * i, rw);
        }
    }
}

/* ---- cubic ----
 * The cubic inertializer of "Inertialization Transition Cost" over a skeleton. The offset
 * holds the offset at the transition (pose layout, rotations as off·src·dst⁻¹ on the
 * shortest arc) and *off_t the time since; positions decay by sp_decayed_offset_cubic per
 * component, rotations by the same cubic on the scaled angle-axis of their offset (with the
 * angular velocity offset as its velocity), mapped back by the exponential. */

/* The offset of bone b's rotation dt seconds after the transition, and its angular velocity. */
static sp_quat cubic_rotation(float w_out[3], const float *off, size_t nn, size_t b, float blendtime,
                              float dt)
{
    sp_vec3 j = sp__q_to_scaled_angle_axis(quat_at(off + 6 * nn + 4 * b));
    const float *w = off + 10 * nn + 3 * b;
    sp__cubic_decay(&j.x, &w_out[0], j.x, w[0], blendtime, dt);
    sp__cubic_decay(&j.y, &w_out[1], j.y, w[1], blendtime, dt);
    sp__cubic_decay(&j.z, &w_out[2], j.z, w[2], blendtime, dt);
    return sp__q_from_scaled_angle_axis(j);
}

void sp_inertialize_pose_cubic_transition(float *off, float *off_t, const float *src, const float *dst,
                                          float blendtime, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    float t = *off_t;
    for (size_t b = 0; b < nn; b++) { /* rotations first: they read the old offset */
        float w[3];
        sp_quat q = cubic_rotation(w, off, nn, b, blendtime, t);
        sp_vec3 wv = sp__v3(w[0], w[1], w[2]);
        sp__inertialize_transition_quat(&q, &wv, quat_at(src + rot + 4 * b), vec_at(src + avel + 3 * b),
                                        quat_at(dst + rot + 4 * b), vec_at(dst + avel + 3 * b));
        quat_put(off + rot + 4 * b, q);
        vec_put(off + avel + 3 * b, wv);
    }
    for (size_t j = 0; j < 3 * nn; j++) {
        float dx, dv;
        sp__cubic_decay(&dx, &dv, off[j], off[3 * nn + j], blendtime, t);
        off[j] = (dx + src[j]) - dst[j];
        off[3 * nn + j] = (dv + src[3 * nn + j]) - dst[3 * nn + j];
    }
    *off_t = 0.0f;
}

/* The stages of cubic_rotation for bone i, each run over the chunk in a loop of its own, with
 * the same operations (the branch-free forms of the log and exp maps and sp__cubic_decay):
 * the offset's log map into off->x, y, z, ... */
SP__ALWAYS_INLINE void soa_cubic_log(sp__soa_quat *off, int *ok, int i)
{
    ok[i] = sp__q_to_scaled_angle_axis_fast(off->x[i], off->y[i], off->z[i], off->w[i], &off->x[i],
                                            &off->y[i], &off->z[i]);
}

/* ... its decay by the cubic t seconds after the transition (angular velocity in off_v) ... */
SP__ALWAYS_INLINE void soa_cubic_decay(sp__soa_quat *off, sp__soa_vec *off_v, int i, float blendtime, float t)
{
    sp__cubic_decay(&off->x[i], &off_v->x[i], off->x[i], off_v->x[i], blendtime, t);
    sp__cubic_decay(&off->y[i], &off_v->y[i], off->y[i], off_v->y[i], blendtime, t);
    sp__cubic_decay(&off->z[i], &off_v->z[i], off->z[i], off_v->z[i], blendtime, t);
}

/* ... and the exp map back into off. */
SP__ALWAYS_INLINE void soa_cubic_exp(sp__soa_quat *off, int *ok, int i)
{
    ok[i] &= sp__q_from_scaled_angle_axis_fast(off->x[i], off->y[i], off->z[i], &off->x[i], &off->y[i],
                                               &off->z[i], &off->w[i]);
}

/* Positions per component in one loop; rotations chunk by chunk (soa.h), the rotation offset
 * decayed and applied to the input in loops the compiler vectorises, the output copied back;
 * a bone the branch-free forms do not handle is then updated by cubic_rotation and
 * sp__inertialize_output_quat. The offset itself is only read. */
void sp_inertialize_pose_cubic_update(float *out, float *off_t, const float *off, const float *in,
                                      float blendtime, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    float t = (*off_t += dt);
    for (size_t j = 0; j < 3 * nn; j++) {
        float dx, dv;
        sp__cubic_decay(&dx, &dv, off[j], off[3 * nn + j], blendtime, t);
        out[j] = sp__plus_offset(in[j], dx);
        out[3 * nn + j] = sp__plus_offset(in[3 * nn + j], dv);
    }
    if (!(t
          < blendtime)) { /* every offset is 0: the rotations are the input's (identity·in would turn −0 into +0) */
        memmove(out + rot, in + rot, 7 * nn * sizeof(float));
        return;
    }
    struct {
        sp__soa_quat off, in;
        sp__soa_vec off_v, in_v;
        int ok[SP__CHUNK];
    } c;
    for (int i0 = 0; i0 < n; i0 += SP__CHUNK) {
        int m = n - i0 < SP__CHUNK ? n - i0 : SP__CHUNK, lanes = sp__soa_lanes(m);
        const float *xs = off + rot + 4 * (size_t)i0, *vs = off + avel + 3 * (size_t)i0;
        const float *is = in + rot + 4 * (size_t)i0, *ivs = in + avel + 3 * (size_t)i0;
        float *os = out + rot + 4 * (size_t)i0, *ovs = out + avel + 3 * (size_t)i0;
        sp__soa_quat_load(&c.off, xs, m);
        sp__soa_vec_load(&c.off_v, vs, m);
        sp__soa_quat_load(&c.in, is, m);
        sp__soa_vec_load(&c.in_v, ivs, m);
        SP__SOA_FOR8(i, lanes) soa_cubic_log(&c.off, c.ok, i);
        SP__SOA_FOR(i, lanes) soa_cubic_decay(&c.off, &c.off_v, i, blendtime, t);
        SP__SOA_FOR(i, lanes) soa_cubic_exp(&c.off, c.ok, i);
        SP__SOA_FOR(i, lanes) soa_output(&c.off, &c.off_v, &c.in, &c.in_v, i);
        const int *failed = sp__soa_failed(c.ok, m);
        sp__soa_quat_store(&c.in, os, m, failed);
        sp__soa_vec_store(&c.in_v, ovs, m, failed);
        for (int i = 0; failed && i < m; i++) {
            if (c.ok[i]) continue;
            size_t b = (size_t)(i0 + i);
            float w[3];
            sp_quat q = cubic_rotation(w, off, nn, b, blendtime, t), r;
            sp_vec3 wv;
            sp__inertialize_output_quat(&r, &wv, q, sp__v3(w[0], w[1], w[2]), quat_at(is + 4 * i),
                                        vec_at(ivs + 3 * i));
            quat_put(os + 4 * i, r);
            vec_put(ovs + 3 * i, wv);
        }
    }
}
