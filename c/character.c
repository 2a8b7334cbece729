/* character.c — "Code vs Data Driven Displacement": the simulation object driven by the
 * gamepad, its critical-spring position and rotation updates, and the exact prediction
 * of its future trajectory. Y is up and characters face +Z. */
#include "internal.h"

/* Rotation by angle radians about +Y. */
static sp_quat yaw_quat(float angle) { return sp__q(0.0f, sinf(0.5f * angle), 0.0f, cosf(0.5f * angle)); }

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
