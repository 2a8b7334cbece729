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
#include "internal.h"

static inline sp_quat quat_at(const float *p) { return sp__q(p[0], p[1], p[2], p[3]); }
static inline void quat_put(float *p, sp_quat q) { p[0] = q.x; p[1] = q.y; p[2] = q.z; p[3] = q.w; }
static inline sp_vec3 vec_at(const float *p) { return sp__v3(p[0], p[1], p[2]); }
static inline void vec_put(float *p, sp_vec3 v) { p[0] = v.x; p[1] = v.y; p[2] = v.z; }

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

void sp_inertialize_pose_update(float *out, float *off, const float *in, float halflife, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    sp_decay_spring_damper_exact_batch(off, off + 3 * nn, &halflife, 0, dt, n, 3);
    sp_decay_spring_damper_exact_quat_batch(off + rot, off + avel, &halflife, 0, dt, n);
    for (size_t j = 0; j < 6 * nn; j++) out[j] = in[j] + off[j];
    for (size_t b = 0; b < nn; b++) {
        sp_quat q;
        sp_vec3 w;
        sp__inertialize_output_quat(&q, &w, quat_at(off + rot + 4 * b), vec_at(off + avel + 3 * b),
                                    quat_at(in + rot + 4 * b), vec_at(in + avel + 3 * b));
        quat_put(out + rot + 4 * b, q);
        vec_put(out + avel + 3 * b, w);
    }
}

/* ---- cubic ----
 * The cubic inertializer of "Inertialization Transition Cost" over a skeleton. The offset
 * holds the offset at the transition (pose layout, rotations as off·src·dst⁻¹ on the
 * shortest arc) and *off_t the time since; positions decay by sp_decayed_offset_cubic per
 * component, rotations by the same cubic on the scaled angle-axis of their offset (with the
 * angular velocity offset as its velocity), mapped back by the exponential. */

/* The offset of bone b's rotation dt seconds after the transition, and its angular velocity. */
static sp_quat cubic_rotation(float w_out[3], const float *off, size_t nn, size_t b, float blendtime, float dt)
{
    sp_vec3 j = sp__q_to_scaled_angle_axis(quat_at(off + 6 * nn + 4 * b));
    const float *w = off + 10 * nn + 3 * b;
    sp_decayed_offset_cubic(&j.x, &w_out[0], j.x, w[0], blendtime, dt);
    sp_decayed_offset_cubic(&j.y, &w_out[1], j.y, w[1], blendtime, dt);
    sp_decayed_offset_cubic(&j.z, &w_out[2], j.z, w[2], blendtime, dt);
    return sp__q_from_scaled_angle_axis(j);
}

void sp_inertialize_pose_cubic_transition(float *off, float *off_t, const float *src, const float *dst, float blendtime, int n)
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
        sp_decayed_offset_cubic(&dx, &dv, off[j], off[3 * nn + j], blendtime, t);
        off[j] = (dx + src[j]) - dst[j];
        off[3 * nn + j] = (dv + src[3 * nn + j]) - dst[3 * nn + j];
    }
    *off_t = 0.0f;
}

void sp_inertialize_pose_cubic_update(float *out, float *off_t, const float *off, const float *in, float blendtime, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    float t = (*off_t += dt);
    for (size_t j = 0; j < 3 * nn; j++) {
        float dx, dv;
        sp_decayed_offset_cubic(&dx, &dv, off[j], off[3 * nn + j], blendtime, t);
        out[j] = in[j] + dx;
        out[3 * nn + j] = in[3 * nn + j] + dv;
    }
    for (size_t b = 0; b < nn; b++) {
        float w[3];
        sp_quat q = cubic_rotation(w, off, nn, b, blendtime, t), r;
        sp_vec3 wv;
        sp__inertialize_output_quat(&r, &wv, q, sp__v3(w[0], w[1], w[2]), quat_at(in + rot + 4 * b), vec_at(in + avel + 3 * b));
        quat_put(out + rot + 4 * b, r);
        vec_put(out + avel + 3 * b, wv);
    }
}
