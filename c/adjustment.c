/* adjustment.c — synchronising the character entity with the simulation object:
 * damped adjustments (restarted from zero each frame), their by-velocity limits, and
 * clamping to a maximum distance and angle. */
#include "internal.h"

/* nlerp with its parameter corrected toward slerp's constant angular speed:
 * alpha' = alpha + alpha·(alpha − ½)(alpha − 1)·k, k = A(d)(alpha − ½)² + B(d), d = |q·p|,
 * the fitted polynomials of the blog post the article cites ("Approximating slerp"). */
void sp_quat_slerp_shortest_approx(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha)
{
    float ca = sp__q_dot(*q, *p);
    sp_quat pp = ca < 0.0f ? sp__q(-p->x, -p->y, -p->z, -p->w) : *p;
    float d = fabsf(ca);
    float A = 1.0904f + d * (-3.2452f + d * (3.55645f - d * 1.43519f));
    float B = 0.848013f + d * (-1.06021f + d * 0.215638f);
    float k = A * sp__sq(alpha - 0.5f) + B;
    float t = alpha + alpha * (alpha - 0.5f) * (alpha - 1.0f) * k;
    sp_quat dq = sp__q(pp.x - q->x, pp.y - q->y, pp.z - q->z, pp.w - q->w);
    /* far beyond the arc (|alpha| ≳ 4e3: t ≈ A·alpha⁵ overflows to ±Inf, or q + t·dq would), the
     * limit of the direction of q + t·dq: ±dq, or q itself where p and q are one rotation */
    if (fabsf(t) > 1e18f) {
        float sg = t > 0.0f ? 1.0f : -1.0f;
        int same = dq.x == 0.0f && dq.y == 0.0f && dq.z == 0.0f && dq.w == 0.0f;
        *out = sp__q_normalize(same ? *q : sp__q(sg * dq.x, sg * dq.y, sg * dq.z, sg * dq.w));
        return;
    }
    *out = sp__q_normalize(sp__q(q->x + t * dq.x, q->y + t * dq.y, q->z + t * dq.z, q->w + t * dq.w));
}

/* 2·atan2(|xyz|, |w|) of q·p⁻¹: the article's 2·acos(w), without acos's loss of precision
 * near 0. */
float sp_quat_angle_between(const sp_quat *q, const sp_quat *p)
{
    sp_quat diff = sp__q_abs(sp__q_mul(*q, sp__q_inv(*p)));
    return 2.0f * atan2f(sqrtf(diff.x * diff.x + diff.y * diff.y + diff.z * diff.z), diff.w);
}

/* The fraction 1 − 2^(−dt/halflife) an exact damper covers in dt (1 for halflife 0, 0 for dt 0),
 * formed directly (sp__damper_coefs): 1 − keep loses its digits for small dt/halflife. */
static float adjustment_fraction(float halflife, float dt) { return sp__damper_coefs(halflife, dt).alpha; }

float sp_damp_adjustment_exact(float g, float halflife, float dt)
{
    return g * adjustment_fraction(halflife, dt);
}

void sp_damp_adjustment_exact_v3(sp_vec3 *out, const sp_vec3 *g, float halflife, float dt)
{
    *out = sp__v3_scale(*g, adjustment_fraction(halflife, dt));
}

/* The scaled angle-axis of the adjustment: α of g's (shortest arc). */
static sp_vec3 adjustment_angle(const sp_quat *g, float halflife, float dt)
{
    return sp__v3_scale(sp__q_to_scaled_angle_axis(sp__q_abs(*g)), adjustment_fraction(halflife, dt));
}

/* slerp from the identity to g by α, exactly: exp(α·log g). The article's approximate slerp is
 * off by up to 3.3e-4 rad per call, so that one adjustment of 2·dt and two of dt differed by
 * 4e-4 rad; this one is dt-invariant as the damper is ((1 − α)² = 1 − α' for 2·dt). */
void sp_damp_adjustment_exact_quat(sp_quat *out, const sp_quat *g, float halflife, float dt)
{
    *out = sp__q_from_scaled_angle_axis(adjustment_angle(g, halflife, dt));
}

/* a (of length `length`) rescaled to length max(target, 0): the unit direction first, so
 * that a ratio target/length below the normal floats does not lose its digits. */
static sp_vec3 rescale(sp_vec3 a, float length, float target)
{
    float t = fmaxf(target, 0.0f);
    return sp__v3(a.x / length * t, a.y / length * t, a.z / length * t);
}

/* Moves the character by the damped difference, at most max_length (+Inf: no limit). */
static sp_vec3 adjust_position(sp_vec3 character, sp_vec3 simulation, float max_length, float halflife,
                               float dt)
{
    sp_vec3 difference = sp__v3_sub(simulation, character), adjustment;
    sp_damp_adjustment_exact_v3(&adjustment, &difference, halflife, dt);
    float length = sp__v3_length(adjustment);
    if (length > max_length) adjustment = rescale(adjustment, length, max_length);
    return sp__v3_add(character, adjustment);
}

/* Turns the character by the damped difference, at most max_angle (+Inf: no limit). */
static sp_quat adjust_rotation(sp_quat character, sp_quat simulation, float max_angle, float halflife,
                               float dt)
{
    sp_quat difference = sp__q_mul(simulation, sp__q_inv(character));
    sp_vec3 scaled = adjustment_angle(&difference, halflife, dt);
    float angle = sp__v3_length(scaled);
    if (angle > max_angle) scaled = rescale(scaled, angle, max_angle);
    return sp__q_normalize(sp__q_mul(sp__q_from_scaled_angle_axis(scaled), character));
}

void sp_adjust_character_position(sp_vec3 *out, const sp_vec3 *character_position,
                                  const sp_vec3 *simulation_position, float halflife, float dt)
{
    *out = adjust_position(*character_position, *simulation_position, INFINITY, halflife, dt);
}

void sp_adjust_character_rotation(sp_quat *out, const sp_quat *character_rotation,
                                  const sp_quat *simulation_rotation, float halflife, float dt)
{
    *out = adjust_rotation(*character_rotation, *simulation_rotation, INFINITY, halflife, dt);
}

void sp_adjust_character_position_by_velocity(sp_vec3 *out, const sp_vec3 *character_position,
                                              const sp_vec3 *character_velocity,
                                              const sp_vec3 *simulation_position, float max_adjustment_ratio,
                                              float halflife, float dt)
{
    float max_length = max_adjustment_ratio * sp__v3_length(*character_velocity) * dt;
    *out = adjust_position(*character_position, *simulation_position, max_length, halflife, dt);
}

void sp_adjust_character_rotation_by_velocity(sp_quat *out, const sp_quat *character_rotation,
                                              const sp_vec3 *character_angular_velocity,
                                              const sp_quat *simulation_rotation, float max_adjustment_ratio,
                                              float halflife, float dt)
{
    float max_angle = max_adjustment_ratio * sp__v3_length(*character_angular_velocity) * dt;
    *out = adjust_rotation(*character_rotation, *simulation_rotation, max_angle, halflife, dt);
}

void sp_clamp_character_position(sp_vec3 *out, const sp_vec3 *character_position,
                                 const sp_vec3 *simulation_position, float max_distance)
{
    sp_vec3 difference = sp__v3_sub(*character_position, *simulation_position);
    float length = sp__v3_length(difference);
    *out = length > max_distance ? sp__v3_add(*simulation_position, rescale(difference, length, max_distance))
                                 : *character_position;
}

/* The difference as a scaled angle-axis (length = angle in [0, π]) rescaled to max_angle. */
void sp_clamp_character_rotation(sp_quat *out, const sp_quat *character_rotation,
                                 const sp_quat *simulation_rotation, float max_angle)
{
    if (!(sp_quat_angle_between(character_rotation, simulation_rotation) > max_angle)) {
        *out = *character_rotation;
        return;
    }
    sp_quat difference = sp__q_abs(sp__q_mul(*character_rotation, sp__q_inv(*simulation_rotation)));
    sp_vec3 scaled = sp__q_to_scaled_angle_axis(difference);
    float angle = sp__v3_length(scaled);
    sp_quat clamped = sp__q_from_scaled_angle_axis(rescale(scaled, angle, max_angle));
    *out = sp__q_mul(clamped, *simulation_rotation);
}

/* ---- 2D: the vector forms on (x, y, 0); lengths, and so the limits, are the same there ---- */

void sp_damp_adjustment_exact_v2(sp_vec2 *out, const sp_vec2 *g, float halflife, float dt)
{
    sp_vec3 g3 = sp__v2_lift(*g), r;
    sp_damp_adjustment_exact_v3(&r, &g3, halflife, dt);
    *out = sp__v3_drop(r);
}

void sp_adjust_character_position_v2(sp_vec2 *out, const sp_vec2 *character_position,
                                     const sp_vec2 *simulation_position, float halflife, float dt)
{
    sp_vec3 p = sp__v2_lift(*character_position), s = sp__v2_lift(*simulation_position), r;
    sp_adjust_character_position(&r, &p, &s, halflife, dt);
    *out = sp__v3_drop(r);
}

void sp_adjust_character_position_by_velocity_v2(sp_vec2 *out, const sp_vec2 *character_position,
                                                 const sp_vec2 *character_velocity,
                                                 const sp_vec2 *simulation_position,
                                                 float max_adjustment_ratio, float halflife, float dt)
{
    sp_vec3 p = sp__v2_lift(*character_position), v = sp__v2_lift(*character_velocity),
            s = sp__v2_lift(*simulation_position), r;
    sp_adjust_character_position_by_velocity(&r, &p, &v, &s, max_adjustment_ratio, halflife, dt);
    *out = sp__v3_drop(r);
}

void sp_clamp_character_position_v2(sp_vec2 *out, const sp_vec2 *character_position,
                                    const sp_vec2 *simulation_position, float max_distance)
{
    sp_vec3 p = sp__v2_lift(*character_position), s = sp__v2_lift(*simulation_position), r;
    sp_clamp_character_position(&r, &p, &s, max_distance);
    *out = sp__v3_drop(r);
}
