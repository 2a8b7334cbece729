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

/* The axis the middle joint turns about: the normal of the chain's own plane, (c − a) × (b − a),
 * oriented to the pole's side, n_p = (c − a) × pole; as the chain straightens (the angle at the
 * root below asin(SP__BEND)) it turns toward n_p, so that a chain straight or bent the other
 * way by a hair (whose own normal flips from frame to frame) still bends toward the pole. Both
 * are perpendicular to c − a, and so is the result. Zero when neither is defined. */
#define SP__BEND 0.2f
static sp_vec3 bend_axis(sp_vec3 ac, sp_vec3 ab, sp_vec3 pole)
{
    float lac = sp__v3_length(ac), lab = sp__v3_length(ab);
    sp_vec3 own = sp__v3_cross(ac, ab), side = normalized(sp__v3_cross(ac, pole));
    if (!(lac > 0.0f && lab > 0.0f)) return sp__v3(0.0f, 0.0f, 0.0f);
    own = sp__v3_scale(own, (sp__v3_dot(own, side) < 0.0f ? -1.0f : 1.0f) / (lac * lab));
    float m = sp__v3_length(own), w = m < SP__BEND ? sp__sq(1.0f - m / SP__BEND) : 0.0f;
    return normalized(sp__v3_add(own, sp__v3_scale(side, w)));
}

/* The angle from u to v about the unit axis n, in (−π, π]. */
static float signed_angle(sp_vec3 u, sp_vec3 v, sp_vec3 n)
{
    return sp__atan2(sp__v3_dot(n, sp__v3_cross(u, v)), sp__v3_dot(u, v));
}

/* Root a, middle b, end c, target t, both joints turning about n (bend_axis, ⊥ c − a). The
 * middle joint turns by δ so that the end lies lat = |t − a| from the root (clamped to what
 * the chain reaches): with u = b − a and w = c − b split along n and across it (g, h),
 * |u + R(δ)w|² = |u|² + |w|² + 2·(u·n)(w·n) + 2·|g||h|·cos φ, φ the angle from g to R(δ)h
 * about n, which is solved for φ on the pole's side (φ ≤ 0: the middle joint toward the pole).
 * The root then turns about n to bring the end back onto its ray from a (both are ⊥ n), and
 * swings that ray onto t. Exact for any chain, planar or not, bent either way. */
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
    sp_vec3 axis = bend_axis(ac, ab, *pole);
    float un = sp__v3_dot(ab, axis), wn = sp__v3_dot(cb, axis);
    sp_vec3 g = sp__v3_sub(ab, sp__v3_scale(axis, un)), h = sp__v3_sub(cb, sp__v3_scale(axis, wn));
    float lg = sp__v3_length(g), lh = sp__v3_length(h);
    if (!(lg > 0.0f && lh > 0.0f)) return; /* no axis, or a bone along it: the chain cannot bend */
    float k = (lat * lat - lab * lab - lcb * lcb - 2.0f * un * wn) / (2.0f * lg * lh);
    float turn = -angle_of_cosine(k) - signed_angle(g, h, axis);
    sp_quat r1 = axis_angle(axis, turn);
    sp_vec3 ac1 = sp__v3_add(ab, sp__q_rotate(r1, cb));
    sp_quat r0 = axis_angle(axis, signed_angle(ac1, ac, axis));
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

/* Σ over the poses of (c − a) × (b − a) / (|c − a||b − a|) (the sine of the angle at the root
 * times the chain's unit normal), each in the middle bone's frame; a hinge keeps its axis
 * there, so the sum points along it, weighted toward the poses that bend the chain most. */
int sp_ik_hinge_axis(sp_vec3 *out_axis, const float *poses, int frames, const int *parents, int bones,
                     int bone)
{
    *out_axis = sp__v3(0.0f, 0.0f, 0.0f);
    if (bones <= 0 || bone < 0 || bone >= bones || frames <= 0) return 0;
    int mid = sp__parent(parents, bone), root = mid >= 0 ? sp__parent(parents, mid) : -1;
    if (root < 0) return 0;
    size_t n = (size_t)bones;
    double sum[3] = { 0.0, 0.0, 0.0 };
    for (int f = 0; f < frames; f++) {
        const float *pose = poses + (size_t)f * 13 * n;
        sp__frame fb = sp__frame_world(pose, parents, n, mid);
        sp_vec3 a = sp__frame_world(pose, parents, n, root).p;
        sp_vec3 c = sp__frame_compose(fb, sp__frame_local(pose, n, (size_t)bone)).p;
        sp_vec3 ac = sp__v3_sub(c, a), ab = sp__v3_sub(fb.p, a);
        float l = sp__v3_length(ac) * sp__v3_length(ab);
        if (!(l > 0.0f)) continue;
        sp_vec3 local = sp__q_rotate(sp__q_inv(fb.q), sp__v3_scale(sp__v3_cross(ac, ab), 1.0f / l));
        if (!isfinite(local.x + local.y + local.z)) continue;
        sum[0] += local.x, sum[1] += local.y, sum[2] += local.z;
    }
    double len = sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
    if (!(len > 1e-6 * frames)) return 0;
    *out_axis = sp__v3((float)(sum[0] / len), (float)(sum[1] / len), (float)(sum[2] / len));
    return 1;
}
