/* batch_pose.c — the spring inertializer of Spring-It-On over a whole skeleton.
 *
 * A pose of n bones is one array of 13·n floats: positions (3n), velocities (3n),
 * rotations (4n, x,y,z,w) and angular velocities (3n, scaled axis). The offset the
 * inertializer decays has the same layout. Positions follow the article's
 * inertialize_transition / inertialize_update; rotations carry the offset as a rotation
 * off·src·dst⁻¹ (shortest arc) decayed by sp_decay_spring_damper_exact_quat and applied
 * on the left of the input rotation. */
#include <stddef.h>
#include "internal.h"

static inline sp_quat quat_at(const float *p) { return sp__q(p[0], p[1], p[2], p[3]); }
static inline void quat_put(float *p, sp_quat q) { p[0] = q.x; p[1] = q.y; p[2] = q.z; p[3] = q.w; }

void sp_inertialize_pose_transition(float *off, const float *src, const float *dst, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    for (size_t j = 0; j < 6 * nn; j++) off[j] = (src[j] + off[j]) - dst[j];
    for (size_t j = avel; j < avel + 3 * nn; j++) off[j] = (src[j] + off[j]) - dst[j];
    for (size_t i = rot; i < avel; i += 4)
        quat_put(off + i, sp__q_abs(sp__q_mul(sp__q_mul(quat_at(off + i), quat_at(src + i)), sp__q_inv(quat_at(dst + i)))));
}

void sp_inertialize_pose_update(float *out, float *off, const float *in, float halflife, float dt, int n)
{
    if (n <= 0) return;
    size_t nn = (size_t)n, rot = 6 * nn, avel = 10 * nn;
    sp_decay_spring_damper_exact_batch(off, off + 3 * nn, &halflife, 0, dt, n, 3);
    sp_decay_spring_damper_exact_quat_batch(off + rot, off + avel, &halflife, 0, dt, n);
    for (size_t j = 0; j < 6 * nn; j++) out[j] = in[j] + off[j];
    for (size_t j = avel; j < avel + 3 * nn; j++) out[j] = in[j] + off[j];
    for (size_t i = rot; i < avel; i += 4)
        quat_put(out + i, sp__q_mul(quat_at(off + i), quat_at(in + i)));
}
