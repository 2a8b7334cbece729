/* character.c — "Code vs Data Driven Displacement": the simulation object driven by the
 * gamepad, its critical-spring position and rotation updates, and the exact prediction
 * of its future trajectory. Y is up and characters face +Z. */
#include "internal.h"

/* Rotation by angle radians about +Y. */
static sp_quat yaw_quat(float angle)
{
    float s, c;
    sp__sincosf(0.5f * angle, &s, &c);
    return sp__q(0.0f, s, 0.0f, c);
}

void sp_desired_velocity_update(sp_vec3 *out, const sp_vec3 *gamepadstick_left, float camera_azimuth,
                                const sp_quat *simulation_rotation, float fwrd_speed, float side_speed,
                                float back_speed)
{
    sp_vec3 global_stick = sp__q_rotate(yaw_quat(camera_azimuth), *gamepadstick_left);
    sp_vec3 local_stick = sp__q_rotate(sp__q_inv(*simulation_rotation), global_stick);
    float z_speed = local_stick.z > 0.0f ? fwrd_speed : back_speed;
    sp_vec3 local_velocity = sp__v3(side_speed * local_stick.x, 0.0f, z_speed * local_stick.z);
    *out = sp__q_rotate(*simulation_rotation, local_velocity);
}

/* A direction (x, z) on the ground is the +Z axis turned by atan2(x, z) about +Y. */
void sp_desired_rotation_update(sp_quat *desired_rotation, const sp_vec3 *desired_direction, float deadzone)
{
    float x = desired_direction->x, z = desired_direction->z;
    if (hypotf(x, z) > deadzone) *desired_rotation = yaw_quat(atan2f(x, z));
}

void sp_simulation_position_update(sp_vec3 *position, sp_vec3 *velocity, sp_vec3 *acceleration,
                                   const sp_vec3 *desired_velocity, float halflife, float dt)
{
    sp_spring_character_update(&position->x, &velocity->x, &acceleration->x, desired_velocity->x, halflife,
                               dt);
    sp_spring_character_update(&position->y, &velocity->y, &acceleration->y, desired_velocity->y, halflife,
                               dt);
    sp_spring_character_update(&position->z, &velocity->z, &acceleration->z, desired_velocity->z, halflife,
                               dt);
}

void sp_simulation_rotation_update(sp_quat *rotation, sp_vec3 *angular_velocity,
                                   const sp_quat *desired_rotation, float halflife, float dt)
{
    sp_simple_spring_damper_exact_quat(rotation, angular_velocity, desired_rotation, halflife, dt);
}

static float sample_time(const float *times, float dt, int i) { return times ? times[i] : (float)i * dt; }

/* Every sample is one exact update from the current state over its own time. */
void sp_trajectory_predict_positions(sp_vec3 *out_positions, sp_vec3 *out_velocities,
                                     sp_vec3 *out_accelerations, const float *times, float dt, int count,
                                     const sp_vec3 *position, const sp_vec3 *velocity,
                                     const sp_vec3 *acceleration, const sp_vec3 *desired_velocity,
                                     float halflife)
{
    for (int i = 0; i < count; i++) {
        sp_vec3 x = *position, v = *velocity, a = *acceleration;
        sp_simulation_position_update(&x, &v, &a, desired_velocity, halflife, sample_time(times, dt, i));
        if (out_positions) out_positions[i] = x;
        if (out_velocities) out_velocities[i] = v;
        if (out_accelerations) out_accelerations[i] = a;
    }
}

void sp_trajectory_predict_rotations(sp_quat *out_rotations, sp_vec3 *out_angular_velocities,
                                     const float *times, float dt, int count, const sp_quat *rotation,
                                     const sp_vec3 *angular_velocity, const sp_quat *desired_rotation,
                                     float halflife)
{
    for (int i = 0; i < count; i++) {
        sp_quat r = *rotation;
        sp_vec3 w = *angular_velocity;
        sp_simulation_rotation_update(&r, &w, desired_rotation, halflife, sample_time(times, dt, i));
        if (out_rotations) out_rotations[i] = r;
        if (out_angular_velocities) out_angular_velocities[i] = w;
    }
}

/* ---- 2D: the simulation object on (x, y, 0) ---- */

void sp_simulation_position_update_v2(sp_vec2 *position, sp_vec2 *velocity, sp_vec2 *acceleration,
                                      const sp_vec2 *desired_velocity, float halflife, float dt)
{
    sp_vec3 x = sp__v2_lift(*position), v = sp__v2_lift(*velocity), a = sp__v2_lift(*acceleration),
            d = sp__v2_lift(*desired_velocity);
    sp_simulation_position_update(&x, &v, &a, &d, halflife, dt);
    *position = sp__v3_drop(x);
    *velocity = sp__v3_drop(v);
    *acceleration = sp__v3_drop(a);
}

void sp_trajectory_predict_positions_v2(sp_vec2 *out_positions, sp_vec2 *out_velocities,
                                        sp_vec2 *out_accelerations, const float *times, float dt, int count,
                                        const sp_vec2 *position, const sp_vec2 *velocity,
                                        const sp_vec2 *acceleration, const sp_vec2 *desired_velocity,
                                        float halflife)
{
    for (int i = 0; i < count; i++) {
        sp_vec2 x = *position, v = *velocity, a = *acceleration;
        sp_simulation_position_update_v2(&x, &v, &a, desired_velocity, halflife, sample_time(times, dt, i));
        if (out_positions) out_positions[i] = x;
        if (out_velocities) out_velocities[i] = v;
        if (out_accelerations) out_accelerations[i] = a;
    }
}

/* ---- strafing, and the controller ticked over the prediction horizon ---- */

/* The direction is the stick turned by the camera, as in sp_desired_velocity_update, and its
 * yaw atan2(x, z), in (−π, π] so that the quaternion has w ≥ 0 like the article's. */
void sp_desired_rotation_update_strafe(sp_quat *out, const sp_vec3 *gamepadstick_right, float camera_azimuth,
                                       float deadzone)
{
    sp_vec3 stick = sp__v3(gamepadstick_right->x, 0.0f, gamepadstick_right->z);
    if (!(hypotf(stick.x, stick.z) > deadzone)) stick = sp__v3(0.0f, 0.0f, 1.0f); /* the camera's forward */
    sp_vec3 direction = sp__q_rotate(yaw_quat(camera_azimuth), stick);
    *out = sp__q_abs(yaw_quat(atan2f(direction.x, direction.z))); /* at ±π cos(π/2) is −4e-8 */
}

/* Each tick reads the desired values from the state reached so far, then moves the state to
 * the next sample with them held, as a game loop ticked at the sample times would. In the
 * article's demo the desired rotations are predicted from the previous frame's predicted
 * desired velocities (a circular dependency broken by a frame of delay); here every sample
 * uses the state it was computed from. Without strafing the rotation turns toward the desired
 * velocity while the left stick is pushed beyond the deadzone (the article's rule). */
void sp_trajectory_predict_desired(sp_vec3 *out_desired_velocities, sp_quat *out_desired_rotations,
                                   sp_quat *out_rotations, sp_vec3 *out_angular_velocities,
                                   const float *times, float dt, int count, const sp_vec3 *gamepadstick_left,
                                   const sp_vec3 *gamepadstick_right, float camera_azimuth,
                                   int desired_strafe, float fwrd_speed, float side_speed, float back_speed,
                                   float deadzone, const sp_quat *rotation, const sp_vec3 *angular_velocity,
                                   const sp_quat *desired_rotation, float rotation_halflife)
{
    sp_quat r = *rotation, dr = *desired_rotation;
    sp_vec3 w = *angular_velocity;
    int pushed = hypotf(gamepadstick_left->x, gamepadstick_left->z) > deadzone;
    float t_prev = 0.0f;
    for (int i = 0; i < count; i++) {
        sp_vec3 dv;
        sp_desired_velocity_update(&dv, gamepadstick_left, camera_azimuth, &r, fwrd_speed, side_speed,
                                   back_speed);
        if (desired_strafe)
            sp_desired_rotation_update_strafe(&dr, gamepadstick_right, camera_azimuth, deadzone);
        else if (pushed)
            sp_desired_rotation_update(&dr, &dv, 0.0f);
        float t = sample_time(times, dt, i);
        sp_simulation_rotation_update(&r, &w, &dr, rotation_halflife, t - t_prev);
        t_prev = t;
        if (out_desired_velocities) out_desired_velocities[i] = dv;
        if (out_desired_rotations) out_desired_rotations[i] = dr;
        if (out_rotations) out_rotations[i] = r;
        if (out_angular_velocities) out_angular_velocities[i] = w;
    }
}

void sp_trajectory_predict_positions_desired(sp_vec3 *out_positions, sp_vec3 *out_velocities,
                                             sp_vec3 *out_accelerations, const float *times, float dt,
                                             int count, const sp_vec3 *position, const sp_vec3 *velocity,
                                             const sp_vec3 *acceleration, const sp_vec3 *desired_velocities,
                                             float halflife, const float *circles, int n_circles,
                                             const float *boxes, int n_boxes, float radius)
{
    sp_vec3 x = *position, v = *velocity, a = *acceleration;
    float t_prev = 0.0f;
    for (int i = 0; i < count; i++) {
        float t = sample_time(times, dt, i);
        sp_vec3 prev = x;
        sp_simulation_position_update(&x, &v, &a, &desired_velocities[i], halflife, t - t_prev);
        sp_simulation_collide_obstacles(&x, &prev, &x, circles, n_circles, boxes, n_boxes, radius);
        t_prev = t;
        if (out_positions) out_positions[i] = x;
        if (out_velocities) out_velocities[i] = v;
        if (out_accelerations) out_accelerations[i] = a;
    }
}
