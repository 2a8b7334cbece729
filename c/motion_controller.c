/* motion_controller.c — the frame of a motion-matched character after its search, for many
 * characters at once: the steps of Holden's controller loop ("Code vs Data Driven
 * Displacement") over a crowd's arrays. Each character's frame pose is mapped into the game's
 * world, blended by the pose inertializer (batch_pose.c), moves the simulation object
 * (character.c), is adjusted toward it and clamped to it (adjustment.c), and plants its feet
 * (contact.c, skeleton.c). MotionController is a crowd of one: every character runs this code. */
#include <string.h>
#include "skeleton.h"

/* ---- the map from the database's world to the game's, for bone 0 ---- */

/* Bone 0 of `pose` mapped by x ↦ r·x + t (its velocities turned with it). */
static void map_root(float *pose, size_t n, const sp_motion_character *c)
{
    sp_quat r = c->map_rotation;
    sp_vec3 p = sp__q_rotate(r, sp__v3(pose[0], pose[1], pose[2]));
    sp_vec3 v = sp__q_rotate(r, sp__v3(pose[3 * n], pose[3 * n + 1], pose[3 * n + 2]));
    float *q = pose + 6 * n, *w = pose + 10 * n;
    sp_quat qr = sp__q_normalize(sp__q_mul(r, sp__q(q[0], q[1], q[2], q[3])));
    sp_vec3 wr = sp__q_rotate(r, sp__v3(w[0], w[1], w[2]));
    p = sp__v3_add(p, c->map_translation);
    pose[0] = p.x, pose[1] = p.y, pose[2] = p.z;
    pose[3 * n] = v.x, pose[3 * n + 1] = v.y, pose[3 * n + 2] = v.z;
    q[0] = qr.x, q[1] = qr.y, q[2] = qr.z, q[3] = qr.w;
    w[0] = wr.x, w[1] = wr.y, w[2] = wr.z;
}

void sp_motion_controller_place(sp_motion_character *character, float *pose, const sp_vec3 *position,
                                const sp_quat *rotation, int bones)
{
    if (bones < 1) return;
    size_t n = (size_t)bones;
    const float *q = pose + 6 * n;
    sp_quat r = sp__q_normalize(sp__q_mul(*rotation, sp__q_inv(sp__q(q[0], q[1], q[2], q[3]))));
    character->map_rotation = r;
    character->map_translation = sp__v3_sub(*position, sp__q_rotate(r, sp__v3(pose[0], pose[1], pose[2])));
    map_root(pose, n, character);
}

/* ---- the steps of one character ---- */

static sp_vec3 vec_at(const float *p) { return sp__v3(p[0], p[1], p[2]); }
static sp_quat quat_at(const float *p) { return sp__q(p[0], p[1], p[2], p[3]); }

/* The blend of the frame's pose `in` into `out` by the settings' inertializer. */
static void blend(float *out, float *off, const float *in, sp_motion_character *c,
                  const sp_motion_settings *s, float dt, int bones)
{
    if (s->inertialization == SP_BLEND_SPRING)
        sp_inertialize_pose_update(out, off, in, s->halflife, dt, bones);
    else if (s->inertialization == SP_BLEND_CUBIC)
        sp_inertialize_pose_cubic_update(out, &c->blend_time, off, in, s->blendtime, dt, bones);
    else
        memcpy(out, in, 13 * (size_t)bones * sizeof(float));
}

/* The simulation object moved by its springs toward the desired velocity and rotation. */
static void simulate(sp_motion_character *c, const sp_motion_settings *s, float dt)
{
    sp_simulation_position_update(&c->simulation_position, &c->simulation_velocity,
                                  &c->simulation_acceleration, &c->desired_velocity,
                                  s->simulation_velocity_halflife, dt);
    sp_simulation_rotation_update(&c->simulation_rotation, &c->simulation_angular_velocity,
                                  &c->desired_rotation, s->simulation_rotation_halflife, dt);
}

/* Adjustment and clamping move bone 0 of the output toward the simulation, and the map by the
 * same motion about the input's bone 0 (t' = dq·(t − p_in) + p_in + Δp, r' = dq·r): the
 * animation plays on from where the character was moved to. */
static void adjust(float *out, const float *in, sp_motion_character *c, const sp_motion_settings *s, float dt,
                   size_t n)
{
    if (!s->adjustment && !s->clamping) return;
    sp_vec3 p0 = vec_at(out), p = p0;
    sp_quat r0 = quat_at(out + 6 * n), r = r0;
    if (s->adjustment && s->adjustment_by_velocity) {
        sp_vec3 v = vec_at(out + 3 * n), w = vec_at(out + 10 * n);
        sp_adjust_character_position_by_velocity(&p, &p, &v, &c->simulation_position,
                                                 s->adjust_position_max_ratio, s->adjust_position_halflife,
                                                 dt);
        sp_adjust_character_rotation_by_velocity(&r, &r, &w, &c->simulation_rotation,
                                                 s->adjust_rotation_max_ratio, s->adjust_rotation_halflife,
                                                 dt);
    } else if (s->adjustment) {
        sp_adjust_character_position(&p, &p, &c->simulation_position, s->adjust_position_halflife, dt);
        sp_adjust_character_rotation(&r, &r, &c->simulation_rotation, s->adjust_rotation_halflife, dt);
    }
    if (s->clamping) {
        sp_clamp_character_position(&p, &p, &c->simulation_position, s->clamp_distance);
        sp_clamp_character_rotation(&r, &r, &c->simulation_rotation, s->clamp_angle);
    }
    r = sp__q_normalize(r);
    sp_quat dq = sp__q_normalize(sp__q_mul(r, sp__q_inv(r0)));
    sp_vec3 pin = vec_at(in);
    sp_vec3 t = sp__q_rotate(dq, sp__v3_sub(c->map_translation, pin));
    c->map_translation = sp__v3_add(sp__v3_add(t, pin), sp__v3_sub(p, p0));
    c->map_rotation = sp__q_normalize(sp__q_mul(dq, c->map_rotation));
    out[0] = p.x, out[1] = p.y, out[2] = p.z;
    float *q = out + 6 * n;
    q[0] = r.x, q[1] = r.y, q[2] = r.z, q[3] = r.w;
}

/* The contact of foot k: its input is its bone in the output. A contact starts (and locks)
 * only within the unlock radius of where it would lock (on the ground below the foot): the
 * frame's contact may begin while the foot drawn is still in the air, carried by a switch's
 * blend, and a lock there would pull the leg to the ground and let go the next frame. A foot
 * that locks stops: the ground takes its horizontal velocity (the article's lock carries it
 * into the blend, and the foot slides on by about 0.27·halflife·speed). */
static void contact(sp_contact *k, sp_vec3 at, int state, int started, const sp_motion_settings *s, float dt)
{
    if (!started) {
        sp_vec3 zero = sp__v3(0.0f, 0.0f, 0.0f);
        sp_contact_reset(k, &at, &zero, state);
        return;
    }
    if (state && !k->lock && !k->state) {
        sp_vec3 d = sp__v3(at.x - k->position.x, at.y - s->foot_height, at.z - k->position.z);
        if (!(sp__v3_length(d) <= s->foot_unlock_radius)) state = 0;
    }
    int locked = k->lock;
    sp_contact_update(k, &at, state != 0, s->foot_unlock_radius, s->foot_height, s->foot_halflife, dt);
    if (k->lock && !locked)
        k->velocity.x = k->velocity.z = k->offset_velocity.x = k->offset_velocity.z = 0.0f;
}

/* Turns `end` (a heel) so that `tip` (its toe) points at `point`: the leg's IK moved the heel,
 * and the toe would otherwise swing with the shin (Holden's look-at). */
static void look_at(float *pose, const int *parents, size_t n, int end, int tip, sp_vec3 point)
{
    int parent = sp__parent(parents, end);
    sp__frame heel = sp__frame_world(pose, parents, n, end);
    sp_vec3 toe = sp__frame_world(pose, parents, n, tip).p;
    sp_vec3 from = sp__v3_sub(toe, heel.p), to = sp__v3_sub(point, heel.p);
    if (!(sp__v3_length(from) > 0.0f && sp__v3_length(to) > 0.0f)) return;
    sp_quat d;
    sp_quat_between(&d, &from, &to);
    sp_quat up = parent >= 0 ? sp__frame_world(pose, parents, n, parent).q : sp__q(0.0f, 0.0f, 0.0f, 1.0f);
    sp_quat local = sp__q_normalize(sp__q_mul(sp__q_inv(up), sp__q_mul(d, heel.q)));
    if (!isfinite(local.x + local.y + local.z + local.w)) return;
    float *q = pose + 6 * n + 4 * (size_t)end;
    q[0] = local.x, q[1] = local.y, q[2] = local.z, q[3] = local.w;
}

/* The world direction the middle joint of the chain ending at `end` bends toward: its hinge
 * axis turned with the middle bone, across the chain; the character's forward without one. */
static sp_vec3 pole_of(const float *pose, const int *parents, size_t n, int end, sp_vec3 hinge)
{
    int mid = sp__parent(parents, end), root = mid >= 0 ? sp__parent(parents, mid) : -1;
    if (root >= 0 && sp__v3_length(hinge) > 0.0f) {
        sp__frame b = sp__frame_world(pose, parents, n, mid);
        sp_vec3 a = sp__frame_world(pose, parents, n, root).p;
        sp_vec3 c = sp__frame_compose(b, sp__frame_local(pose, n, (size_t)end)).p;
        return sp__v3_cross(sp__q_rotate(b.q, hinge), sp__v3_sub(c, a));
    }
    return sp__q_rotate(quat_at(pose + 6 * n), sp__v3(0.0f, 0.0f, 1.0f));
}

/* Foot locking: each contact updated from its bone in the pose; with foot locking on, each
 * leg's end placed where its contact is (the contact's position plus the end's offset from the
 * contact bone: a heel above its toe, on the ground at least foot_height) by the two-bone IK,
 * and turned so that the contact bone points at the contact. */
static void feet(float *pose, sp_motion_character *c, sp_contact *contacts, const int *states,
                 const sp_motion_settings *s, const int *parents, size_t n, const int *contact_bones,
                 const int *ik_bones, const sp_vec3 *hinges, int n_contacts, float dt)
{
    for (int k = 0; k < n_contacts; k++) {
        int bone = contact_bones[k];
        if (bone < 0 || (size_t)bone >= n) continue;
        sp_vec3 at = sp__frame_world(pose, parents, n, bone).p;
        contact(&contacts[k], at, states[k], c->started, s, dt);
    }
    c->started = 1;
    if (!s->foot_locking) return;
    for (int k = 0; k < n_contacts; k++) {
        int bone = contact_bones[k], end = ik_bones[k];
        if (bone < 0 || (size_t)bone >= n || end < 0 || (size_t)end >= n) continue;
        sp_vec3 point = contacts[k].position;
        point.y = fmaxf(point.y, s->foot_height);
        sp_vec3 at = sp__frame_world(pose, parents, n, bone).p,
                heel = sp__frame_world(pose, parents, n, end).p;
        sp_vec3 target = sp__v3_add(point, sp__v3_sub(heel, at));
        sp_vec3 pole = pole_of(pose, parents, n, end, hinges[k]);
        sp_ik_two_bone(pose, parents, (int)n, end, &target, &pole, s->foot_length_buffer);
        if (end != bone) look_at(pose, parents, n, end, bone, point);
    }
}

void sp_motion_controller_update(float *input, float *offset, float *out_blended, float *out_pose,
                                 float *out_positions, float *out_rotations, sp_motion_character *characters,
                                 sp_contact *contacts, const int *contact_states,
                                 const sp_motion_settings *settings, const int *parents, int bones,
                                 const int *contact_bones, const int *ik_bones, const sp_vec3 *hinge_axes,
                                 int n_contacts, float dt, int n)
{
    if (bones < 1 || n < 1) return;
    size_t b = (size_t)bones, stride = 13 * b;
    int nc = n_contacts > 0 ? n_contacts : 0;
    for (int i = 0; i < n; i++) {
        size_t at = (size_t)i * stride;
        float *in = input + at, *off = offset + at, *out = out_blended + at, *po = out_pose + at;
        sp_motion_character *c = characters + i;
        const sp_motion_settings *s = settings + i;
        map_root(in, b, c);
        blend(out, off, in, c, s, dt, bones);
        simulate(c, s, dt);
        adjust(out, in, c, s, dt, b);
        memcpy(po, out, stride * sizeof(float));
        feet(po, c, contacts + (size_t)i * (size_t)nc, contact_states + (size_t)i * (size_t)nc, s, parents, b,
             contact_bones, ik_bones, hinge_axes, nc, dt);
        sp_forward_kinematics(out_positions + (size_t)i * 3 * b, out_rotations + (size_t)i * 4 * b, NULL,
                              NULL, po, parents, bones);
    }
}
