/* skeleton.c — forward kinematics of a pose, and the two-bone IK that keeps a locked foot
 * planted ("Code vs Data Driven Displacement", foot locking). */
#include "skeleton.h"

static void frame_put(float *p, float *q, float *v, float *w, size_t b, sp__frame f)
{
    p[3 * b] = f.p.x, p[3 * b + 1] = f.p.y, p[3 * b + 2] = f.p.z;
    q[4 * b] = f.q.x, q[4 * b + 1] = f.q.y, q[4 * b + 2] = f.q.z, q[4 * b + 3] = f.q.w;
    if (v && w) {
        v[3 * b] = f.v.x, v[3 * b + 1] = f.v.y, v[3 * b + 2] = f.v.z;
        w[3 * b] = f.w.x, w[3 * b + 1] = f.w.y, w[3 * b + 2] = f.w.z;
    }
}

static sp__frame frame_get(const float *p, const float *q, const float *v, const float *w, size_t b)
{
    sp__frame f;
    f.p = sp__v3(p[3 * b], p[3 * b + 1], p[3 * b + 2]);
    f.q = sp__q(q[4 * b], q[4 * b + 1], q[4 * b + 2], q[4 * b + 3]);
    f.v = v && w ? sp__v3(v[3 * b], v[3 * b + 1], v[3 * b + 2]) : sp__v3(0.0f, 0.0f, 0.0f);
    f.w = v && w ? sp__v3(w[3 * b], w[3 * b + 1], w[3 * b + 2]) : sp__v3(0.0f, 0.0f, 0.0f);
    return f;
}

/* Root first: each bone's parent is already in the outputs (parents[i] < i). */
void sp_forward_kinematics(float *out_positions, float *out_rotations, float *out_velocities,
                           float *out_angular_velocities, const float *pose, const int *parents, int bones)
{
    size_t n = bones > 0 ? (size_t)bones : 0;
    float *v = out_velocities, *w = out_angular_velocities;
    for (size_t b = 0; b < n; b++) {
        sp__frame f = sp__frame_local(pose, n, b);
        if (!(v && w)) f.v = f.w = sp__v3(0.0f, 0.0f, 0.0f);
        int p = sp__parent(parents, (int)b);
        if (p >= 0) f = sp__frame_compose(frame_get(out_positions, out_rotations, v, w, (size_t)p), f);
        frame_put(out_positions, out_rotations, v, w, b, f);
    }
}

/* The angle between u and v in [0, π], by atan2 (accurate near 0 and π, unlike acos). */
static float angle_between(sp_vec3 u, sp_vec3 v)
{
    return sp__atan2(sp__v3_length(sp__v3_cross(u, v)), sp__v3_dot(u, v));
}

/* The angle with cosine c (clamped to [−1, 1]), by atan2. */
static float angle_of_cosine(float c)
{
    c = sp__clamp(c, -1.0f, 1.0f);
    return sp__atan2(sqrtf(fmaxf(0.0f, 1.0f - c * c)), c);
}

static sp_quat axis_angle(sp_vec3 axis, float angle)
{
    return sp__q_from_scaled_angle_axis(sp__v3_scale(axis, angle));
}

static sp_vec3 normalized(sp_vec3 v)
{
    float l = sp__v3_length(v);
    return l > 0.0f ? sp__v3_scale(v, 1.0f / l) : v;
}

/* The rotation turning direction u onto direction v the shortest way: normalize(|u||v| + u·v,
 * u × v), or half a turn about an axis perpendicular to u when they are opposite. */
static sp_quat shortest_arc(sp_vec3 u, sp_vec3 v)
{
    u = normalized(u), v = normalized(v);
    sp_vec3 c = sp__v3_cross(u, v);
    float d = sp__v3_dot(u, v);
    if (d < -0.999999f) {
        sp_vec3 axis = fabsf(u.x) < 0.9f ? sp__v3(1.0f, 0.0f, 0.0f) : sp__v3(0.0f, 1.0f, 0.0f);
        c = normalized(sp__v3_cross(u, axis));
        return sp__q(c.x, c.y, c.z, 0.0f);
    }
    return sp__q_normalize(sp__q(c.x, c.y, c.z, 1.0f + d));
}

/* Root a, middle b, end c, target t. The middle joint bends in the plane of the chain (of
 * the chain and the pole when it is straight), about n = (c − a) × (b − a): turning the root
 * by θa1 − θa0 about n and the middle by θb1 − θb0 gives the triangle the sides |b − a|,
 * |c − b| and |t − a| (law of cosines) while c stays on its ray from a; the root then swings
 * that ray onto t. */
void sp_ik_two_bone(float *pose, const int *parents, int bones, int bone, const sp_vec3 *target,
                    const sp_vec3 *pole, float max_length_buffer)
{
    if (bone < 0 || bone >= bones) return;
    int mid = sp__parent(parents, bone), root = mid >= 0 ? sp__parent(parents, mid) : -1;
    if (root < 0) return;
    size_t n = (size_t)bones;
    int up = sp__parent(parents, root);
    sp__frame par = {
        { 0.0f, 0.0f, 0.0f }, { 0.0f, 0.0f, 0.0f }, { 0.0f, 0.0f, 0.0f }, { 0.0f, 0.0f, 0.0f, 1.0f }
    };
    if (up >= 0) par = sp__frame_world(pose, parents, n, up);
    sp__frame fa = sp__frame_compose(par, sp__frame_local(pose, n, (size_t)root));
    sp__frame fb = sp__frame_compose(fa, sp__frame_local(pose, n, (size_t)mid));
    sp__frame fc = sp__frame_compose(fb, sp__frame_local(pose, n, (size_t)bone));
    sp_vec3 a = fa.p, b = fb.p, c = fc.p, t = *target;
    sp_vec3 ab = sp__v3_sub(b, a), cb = sp__v3_sub(c, b), ac = sp__v3_sub(c, a), at = sp__v3_sub(t, a);
    float lab = sp__v3_length(ab), lcb = sp__v3_length(cb);
    if (!(lab > 0.0f && lcb > 0.0f)) return;
    float lat = sp__clamp(sp__v3_length(at), fabsf(lab - lcb), lab + lcb - max_length_buffer);
    if (!(lat > 0.0f)) return;
    float ta0 = angle_between(ac, ab), tb0 = angle_between(sp__v3_sub(a, b), cb);
    float ta1 = angle_of_cosine((lab * lab + lat * lat - lcb * lcb) / (2.0f * lab * lat));
    float tb1 = angle_of_cosine((lab * lab + lcb * lcb - lat * lat) / (2.0f * lab * lcb));
    sp_vec3 axis = sp__v3_cross(ac, ab);
    if (!(sp__v3_length(axis) > 1e-6f * lab * sp__v3_length(ac))) axis = sp__v3_cross(ab, *pole);
    axis = normalized(axis);
    sp_quat r0 = axis_angle(axis, ta1 - ta0), r1 = axis_angle(axis, tb1 - tb0);
    sp_quat r2 = sp__v3_length(ac) > 0.0f && sp__v3_length(at) > 0.0f ? shortest_arc(ac, at)
                                                                      : sp__q(0.0f, 0.0f, 0.0f, 1.0f);
    sp_quat root_world = sp__q_mul(r2, sp__q_mul(r0, fa.q));
    sp_quat root_local = sp__q_normalize(sp__q_mul(sp__q_inv(par.q), root_world));
    /* r0 and r1 share their axis, so they commute: the middle's new local rotation is
     * fa.q⁻¹·r1·fb.q */
    sp_quat mid_local = sp__q_normalize(sp__q_mul(sp__q_inv(fa.q), sp__q_mul(r1, fb.q)));
    float *rot = pose + 6 * n;
    if (!(isfinite(root_local.x + root_local.y + root_local.z + root_local.w)
          && isfinite(mid_local.x + mid_local.y + mid_local.z + mid_local.w)))
        return;
    rot[4 * root] = root_local.x, rot[4 * root + 1] = root_local.y;
    rot[4 * root + 2] = root_local.z, rot[4 * root + 3] = root_local.w;
    rot[4 * mid] = mid_local.x, rot[4 * mid + 1] = mid_local.y;
    rot[4 * mid + 2] = mid_local.z, rot[4 * mid + 3] = mid_local.w;
}
