/* skeleton.h — a bone's frame with its velocities, and forward kinematics one bone at a
 * time; internal (skeleton.c, motion_matching.c).
 *
 * A pose of n bones is 13·n floats (sprung.h, "Pose inertializer"): local positions (3n),
 * velocities (3n), rotations (4n, x,y,z,w) and angular velocities (3n), each in the frame of
 * the bone's parent; bone i's parent is parents[i] < i, and a bone without one (parents[i]
 * outside [0, i)) is in world space. */
#ifndef SPRUNG_SKELETON_H
#define SPRUNG_SKELETON_H

#include <stddef.h>
#include "internal.h"

/* A moving frame: where it is and how it moves, all in the frame it is expressed in. */
typedef struct {
    sp_vec3 p, v, w;
    sp_quat q;
} sp__frame;

static inline sp_vec3 sp__v3_cross(sp_vec3 a, sp_vec3 b)
{
    return sp__v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static inline int sp__parent(const int *parents, int bone)
{
    int p = parents[bone];
    return p >= 0 && p < bone ? p : -1;
}

/* Bone b's local frame in the pose of n bones. */
static inline sp__frame sp__frame_local(const float *pose, size_t n, size_t b)
{
    sp__frame f;
    f.p = sp__v3(pose[3 * b], pose[3 * b + 1], pose[3 * b + 2]);
    f.v = sp__v3(pose[3 * n + 3 * b], pose[3 * n + 3 * b + 1], pose[3 * n + 3 * b + 2]);
    const float *q = pose + 6 * n + 4 * b, *w = pose + 10 * n + 3 * b;
    f.q = sp__q(q[0], q[1], q[2], q[3]);
    f.w = sp__v3(w[0], w[1], w[2]);
    return f;
}

/* Frame b given in frame a's coordinates, expressed where a is: the product rule of the
 * rigid motions, so it is associative (bones may be chained from either end). */
static inline sp__frame sp__frame_compose(sp__frame a, sp__frame b)
{
    sp__frame r;
    sp_vec3 bp = sp__q_rotate(a.q, b.p);
    r.p = sp__v3_add(a.p, bp);
    r.v = sp__v3_add(sp__v3_add(a.v, sp__q_rotate(a.q, b.v)), sp__v3_cross(a.w, bp));
    r.q = sp__q_mul(a.q, b.q);
    r.w = sp__v3_add(a.w, sp__q_rotate(a.q, b.w));
    return r;
}

/* Bone b's world frame: its local frame composed with its ancestors', walking up the
 * parents (no storage for the others). */
static inline sp__frame sp__frame_world(const float *pose, const int *parents, size_t n, int b)
{
    sp__frame f = sp__frame_local(pose, n, (size_t)b);
    for (int a = sp__parent(parents, b); a >= 0; a = sp__parent(parents, a))
        f = sp__frame_compose(sp__frame_local(pose, n, (size_t)a), f);
    return f;
}

#endif
