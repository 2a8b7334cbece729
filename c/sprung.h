/*
 * sprung.h — springs, dampers and inertializers for game animation.
 *
 * The one public header of the sprung C core. The functions follow Daniel
 * Holden's articles "Spring-It-On", "Inertialization Transition Cost",
 * "Perfect Tracking with Springs" and "Code vs Data Driven Displacement":
 * after the `sp_` prefix every name is the one used there, so a reader of the
 * articles finds `sp_critical_spring_damper_exact`, `sp_inertialize_update`,
 * `sp_decay_spring_damper_displacement`, ... under the name they know.
 *
 * Conventions
 * -----------
 * - C99, `float` throughout, only libm. Nothing here allocates.
 * - Units: seconds, metres (or any length unit), radians. Velocities are per
 *   second, angular velocities are radians per second as a scaled axis.
 * - halflife: the time, in seconds, for a damper to cover half the distance to
 *   its goal. A spring's damping is d = 4·ln2 / halflife and its "half
 *   damping" y = d / 2 (the decay rate of its exponentials). halflife = 0
 *   means "snap to the goal"; dt = 0 means "no change".
 * - frequency: in Hz, stiffness s = (2π·frequency)². The spring ODE is
 *   a = s·(g − x) + d·(q − v) with goal position g and goal velocity q.
 * - In/out roles: a pointer argument that is not const is state, read and
 *   updated in place (the article's `float&`); const pointers and values are
 *   inputs; `out_*` pointers are written only. Default arguments of the
 *   articles are explicit arguments here.
 * - Vectors are sp_vec3 {x,y,z}; quaternions sp_quat {x,y,z,w}, unit length,
 *   and stored x,y,z,w in flat arrays (glTF, three.js order).
 * - `_exact` functions use the real exponential and are dt-invariant: one
 *   step of 2·dt equals two steps of dt up to float rounding. `sp_fast_negexp`
 *   and the `_implicit` variants are the article's fast approximations, kept
 *   beside the exact ones for comparison.
 * - Every function is total: any float input returns without undefined
 *   behaviour, and array functions touch only the `n`/`count` elements given.
 *   Non-finite inputs give non-finite outputs for that call only. Where the
 *   true result of finite inputs overflows float, ±Inf is returned.
 */
#ifndef SPRUNG_H
#define SPRUNG_H

#ifdef __cplusplus
extern "C" {
#endif

#define SP_LN2 0.69314718056f
#define SP_PI 3.14159265358979f

typedef struct sp_vec3 {
    float x, y, z;
} sp_vec3;
typedef struct sp_quat {
    float x, y, z, w;
} sp_quat;

/* ------------------------------------------------------------------------
 * Helpers (helpers.c)
 * ------------------------------------------------------------------------ */

/** Linear interpolation (1 − a)·x + a·y. */
float sp_lerp(float x, float y, float a);
/** The article's fast approximation of e^−x for x ≥ 0 (rational polynomial): absolute error
 *  below 0.019 (largest near x = 3.3), so use it for feel, not for exact springs. */
float sp_fast_negexp(float x);
/** The article's fast approximation of atan(x): absolute error below 1.6e-3 rad. */
float sp_fast_atan(float x);
/** Damping d = 4·ln2 / halflife of a spring with the given halflife (halflife = 0 gives +Inf). */
float sp_halflife_to_damping(float halflife);
/** Inverse of sp_halflife_to_damping: halflife = 4·ln2 / damping. */
float sp_damping_to_halflife(float damping);
/** Stiffness s = (2π·frequency)². */
float sp_frequency_to_stiffness(float frequency);
/** Frequency = √stiffness / 2π. */
float sp_stiffness_to_frequency(float stiffness);
/** Halflife that makes a spring of this frequency critically damped (d² = 4s). */
float sp_critical_halflife(float frequency);
/** Frequency that makes a spring of this halflife critically damped (d² = 4s). */
float sp_critical_frequency(float halflife);
/** Frequency to give a spring of this halflife so that it resonates at goal_frequency: its
 *  amplitude resonance √(s − d²/2) / 2π equals goal_frequency, i.e. s = Ω² + d²/2 (the
 *  article's s = Ω² − d²/4 has a sign slip; see helpers.c). halflife = 0 gives +Inf. */
float sp_resonant_frequency(float goal_frequency, float halflife);
/** Potential plus kinetic energy (scale·(v − v_rest))²/2 + s·(scale·(x − x_rest))²/2
 *  of a unit-mass spring of the given frequency. */
float sp_spring_energy(float x, float v, float frequency, float x_rest, float v_rest, float scale);

/* ------------------------------------------------------------------------
 * Dampers (dampers.c)
 * ------------------------------------------------------------------------ */

/** Frame-rate dependent damper: x moves a fixed fraction `factor` toward g per call. */
float sp_damper(float x, float g, float factor);
/** lerp(x, g, damping·dt): frame-rate dependent and unstable when damping·dt > 1. */
float sp_damper_bad(float x, float g, float damping, float dt);
/** Damper matching a fixed timestep ft at any dt: lerp(x, g, 1 − (1/(1 − ft·damping))^(−dt/ft)). */
float sp_damper_exponential(float x, float g, float damping, float dt, float ft);
/** Exact damper: lerp(x, g, 1 − 2^(−dt/halflife)). */
float sp_damper_exact(float x, float g, float halflife, float dt);
/** The article's damper_implicit: like sp_damper_exact with sp_fast_negexp and halflife + eps. */
float sp_damper_implicit(float x, float g, float halflife, float dt, float eps);
/** Exact decay of x toward 0: x·2^(−dt/halflife). */
float sp_damper_decay_exact(float x, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Spring dampers (springs.c)
 * ------------------------------------------------------------------------ */

/** Explicit Euler step of the spring ODE (the article's spring_damper_bad): unstable for large dt. */
void sp_spring_damper_bad(float *x, float *v, float g, float q, float stiffness, float damping, float dt);
/** Exact spring by stiffness and damping, in every regime (under, critical, over damped),
 *  continuous across the critical boundary. Requires stiffness > 0 when q ≠ 0. */
void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping,
                                      float dt);
/** The step of sp_spring_damper_exact_stiffness as coefficients (they depend on stiffness,
 *  damping and dt only), for callers that step many springs of one setting one at a time (the
 *  TypeScript state-object API). With z = x − g and flush(r) = 0 where |r| < 2^−126, else r:
 *  x' = (g + flush(xz·z + xv·v)) + xq·q and v' = flush(vz·z + vv·v) + vq·q, evaluated in that
 *  order in float (the q terms only when q ≠ 0), is that function bit for bit when dt ≠ 0
 *  (dt = 0 changes nothing); when snap is 1, x' = g and v' = 0; when rest is 1, v' = 0 and
 *  x' = g for q = 0, else g + damping·q/stiffness evaluated in double and rounded once.
 *  @param[out] out_k {10} xz, xv, xq, vz, vv, vq, damping, stiffness, snap (0 or 1), rest (0 or 1)
 *  @param[in] stiffness [1/s²] (≥ 0) s = (2π·frequency)²
 *  @param[in] damping [1/s] (≥ 0) d = 4·ln2/halflife; +Inf snaps
 *  @param[in] dt [s] (≥ 0) time step */
void sp_spring_damper_exact_stiffness_coefs(float *out_k, float stiffness, float damping, float dt);
/** Exact spring by frequency (Hz) and halflife, in every regime (the article's final interface). */
void sp_spring_damper_exact(float *x, float *v, float g, float q, float frequency, float halflife, float dt);
/** Exact spring by damping ratio ζ (1 = critical, < 1 under, > 1 over damped) and halflife. */
void sp_spring_damper_exact_ratio(float *x, float *v, float g, float q, float damping_ratio, float halflife,
                                  float dt);
/** The article's spring_damper_implicit (stiffness, damping, eps; fast_negexp, fast_atan),
 *  kept for comparison: approximate, and discontinuous near the critical boundary. */
void sp_spring_damper_implicit(float *x, float *v, float g, float q, float stiffness, float damping, float dt,
                               float eps);
/** Exact critically damped spring toward goal g with goal velocity q. */
void sp_critical_spring_damper_exact(float *x, float *v, float g, float q, float halflife, float dt);
/** Exact critically damped spring toward g with zero goal velocity. */
void sp_simple_spring_damper_exact(float *x, float *v, float g, float halflife, float dt);
/** Exact critically damped spring toward 0 with zero goal velocity. */
void sp_decay_spring_damper_exact(float *x, float *v, float halflife, float dt);
/** The step of sp_critical_spring_damper_exact as 6 coefficients k (depending on halflife and
 *  dt only): with u = x − g and flush(r) = 0 where |r| < 2^−126, else r (a decayed state
 *  reaches 0 instead of sticking at a slow subnormal), x' = (g + flush(k[0]·u + k[1]·v)) +
 *  k[2]·q and v' = flush(k[3]·u + k[4]·v) + k[5]·q, evaluated in that order in float, is that
 *  function bit for bit when dt ≠ 0 (dt = 0 changes nothing). For callers that step many
 *  springs of one halflife one at a time. */
void sp_critical_spring_damper_coefs(float *k, float halflife, float dt);
/** The article's simple_spring_damper_implicit (sp_fast_negexp), kept for comparison. */
void sp_simple_spring_damper_implicit(float *x, float *v, float g, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Applications (applications.c)
 * ------------------------------------------------------------------------ */

/** Critical spring on a character's velocity v (acceleration a) toward v_goal, with the
 *  exact integral for its position x. */
void sp_spring_character_update(float *x, float *v, float *a, float v_goal, float halflife, float dt);
/** Future states of sp_spring_character_update at times i·dt, i = 0..count−1, written to
 *  px, pv, pa (count elements each); no stepping, every sample is exact. */
void sp_spring_character_predict(float *px, float *pv, float *pa, int count, float x, float v, float a,
                                 float v_goal, float halflife, float dt);
/** Goal position x and goal velocity v (per unit of t) of the piecewise-linear curve
 *  through npnts points at parameter t in [0, 1]. */
void sp_piecewise_interpolation(float *x, float *v, float t, const float *pnts, int npnts);

/* ------------------------------------------------------------------------
 * Other springs (other_springs.c)
 * ------------------------------------------------------------------------ */
/* Closed forms in which the inner goal moves during a step as it does between steps, so
 * they are dt-invariant; the article's stepped versions converge to them as dt → 0. */

/** Spring following a second, intermediate spring (xi, vi) each with halflife/2: an S-shaped
 *  start and end. */
void sp_double_spring_damper_exact(float *x, float *v, float *xi, float *vi, float g, float halflife,
                                   float dt);
/** Spring that reaches g at about t_goal seconds from now (pass the remaining time each
 *  frame; ≤ 0 means now): it tracks a linear interpolation xi toward g,
 *  apprehension·halflife ahead (the article uses apprehension = 2). */
void sp_timed_spring_damper_exact(float *x, float *v, float *xi, float g, float t_goal, float halflife,
                                  float dt, float apprehension);
/** Spring toward g whose intermediate goal xi moves at most at speed max_speed, tracked
 *  apprehension·halflife ahead. */
void sp_velocity_spring_damper_exact(float *x, float *v, float *xi, float g, float max_speed, float halflife,
                                     float dt, float apprehension);

/* ------------------------------------------------------------------------
 * Settling, UI-style parameters, rest (settle.c)
 * ------------------------------------------------------------------------ */

/** Time for a critical spring released at rest to come within ratio·|x0| of its goal, and
 *  stay there (ratio in (0, 1), e.g. 0.01). */
float sp_critical_settle_time(float halflife, float ratio);
/** Halflife of the critical spring that settles within ratio in settle_time seconds. */
float sp_critical_settle_halflife(float settle_time, float ratio);
/** Frequency (Hz) and halflife for a spring given as duration and bounce, as SwiftUI-style
 *  UI libraries expose them: duration (s) is the undamped period 2π/√s, bounce in [−1, 1]
 *  sets the damping ratio ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0);
 *  0 is critical. The damped period of a bouncy spring is duration / √(1 − ζ²). */
void sp_duration_bounce_to_spring(float duration, float bounce, float *out_frequency, float *out_halflife);
/** 1 if |x − g| ≤ eps_x and |v − q| ≤ eps_v, else 0. */
int sp_spring_is_at_rest(float x, float v, float g, float q, float eps_x, float eps_v);

/* ------------------------------------------------------------------------
 * Quaternions (quat.c)
 * ------------------------------------------------------------------------ */

/** Hamilton product a·b (apply b, then a). */
void sp_quat_mul(sp_quat *out, const sp_quat *a, const sp_quat *b);
/** Inverse (conjugate) of a unit quaternion. */
void sp_quat_inv(sp_quat *out, const sp_quat *q);
/** q or −q, whichever has w ≥ 0 (same rotation, shortest arc). */
void sp_quat_abs(sp_quat *out, const sp_quat *q);
/** q / |q|; the identity for a zero quaternion. */
void sp_quat_normalize(sp_quat *out, const sp_quat *q);
/** Rotation as angle·axis (radians): 2·log(q). */
void sp_quat_to_scaled_angle_axis(sp_vec3 *out, const sp_quat *q);
/** Inverse of sp_quat_to_scaled_angle_axis: exp(v / 2). */
void sp_quat_from_scaled_angle_axis(sp_quat *out, const sp_vec3 *v);

/* ------------------------------------------------------------------------
 * Quaternion springs (quat_springs.c)
 * ------------------------------------------------------------------------ */

/** Critical spring on a rotation x with angular velocity v toward goal, along the shortest arc. */
void sp_simple_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife,
                                        float dt);
/** Critical spring decaying a rotation x (angular velocity v) toward the identity. */
void sp_decay_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Tracking springs (tracking.c) — "Perfect Tracking with Springs"
 *
 * Per frame i the tracker moves from the goal sample s_i to s_(i+1): x_goal is the
 * goal's next position s_(i+1), v_goal its mean velocity over the step
 * (s_(i+1) − s_i)/dt, a_goal the change of that mean velocity per second. Once
 * converged, x equals the goal samples and v the goal's mean velocity of the last step.
 * ------------------------------------------------------------------------ */

/** The article's tracker: v blends toward v + a_goal·dt, v_goal, (x_goal − x)/dt by the
 *  gains (fractions per frame, frame-rate dependent), then x += v·dt. dt = 0 changes nothing. */
void sp_tracking_spring_update(float *x, float *v, float x_goal, float v_goal, float a_goal, float x_gain,
                               float v_gain, float a_gain, float dt);
/** sp_tracking_spring_update without the acceleration blend (a step whose a_goal is bad). */
void sp_tracking_spring_update_no_acceleration(float *x, float *v, float x_goal, float v_goal, float x_gain,
                                               float v_gain, float dt);
/** sp_tracking_spring_update with only the position blend (a step across a discontinuity). */
void sp_tracking_spring_update_no_velocity_acceleration(float *x, float *v, float x_goal, float x_gain,
                                                        float dt);
/** The article's improved tracker: the three blends are sp_damper_exact with halflives. */
void sp_tracking_spring_update_improved(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                        float x_halflife, float v_halflife, float a_halflife, float dt);
/** dt-invariant tracker: the error to the goal (x − s_i, v − v_goal + a_goal·dt) evolves as an
 *  exact spring of this frequency (Hz) and halflife (s), then x = x_goal + error; converged it
 *  reproduces the goal samples exactly at any frame rate. */
void sp_tracking_spring_update_exact(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                     float frequency, float halflife, float dt);
/** sp_tracking_spring_update_exact when a_goal is unknown: the goal's velocity is taken as constant. */
void sp_tracking_spring_update_exact_no_acceleration(float *x, float *v, float x_goal, float v_goal,
                                                     float frequency, float halflife, float dt);
/** sp_tracking_spring_update_exact when only x_goal is known: the goal is taken to move at the
 *  tracker's own velocity over the step (use it on the step across a discontinuity). */
void sp_tracking_spring_update_exact_no_velocity_acceleration(float *x, float *v, float x_goal,
                                                              float frequency, float halflife, float dt);
/** Frequency (Hz) and halflife (s) of the sp_tracking_spring_update_exact whose error decays at the
 *  same rates (eigenvalues) as sp_tracking_spring_update with a_gain = 1 at reference_dt. */
void sp_tracking_gains_to_spring(float x_gain, float v_gain, float reference_dt, float *out_frequency,
                                 float *out_halflife);
/** Goal velocity by finite difference (x_next − x_curr)/dt; 0 when dt = 0. */
float sp_tracking_target_velocity(float x_next, float x_curr, float dt);
/** Goal acceleration by finite difference at a fixed dt (the article's); 0 when dt = 0. */
float sp_tracking_target_acceleration(float x_next, float x_curr, float x_prev, float dt);
/** Goal acceleration when the last two steps differ: ((x_next − x_curr)/dt − (x_curr − x_prev)/dt_prev)/dt,
 *  so that v_goal_prev + a·dt = v_goal exactly; 0 when dt or dt_prev is 0. */
float sp_tracking_target_acceleration_varying(float x_next, float x_curr, float x_prev, float dt,
                                              float dt_prev);
/** Clipping for unknown discontinuities: value clamped to [−limit, limit] (limit ≥ 0). */
float sp_tracking_clip(float value, float limit);

/* ------------------------------------------------------------------------
 * Character control (character.c) — "Code vs Data Driven Displacement"
 * Y is up, characters face +Z; the camera azimuth is a rotation about +Y.
 * ------------------------------------------------------------------------ */

/** Desired world velocity from the left stick (x right, z forward, length ≤ 1), the camera
 *  azimuth (radians about +Y) and the speeds forward / sideways / backward relative to
 *  the simulation's facing. */
void sp_desired_velocity_update(sp_vec3 *out, const sp_vec3 *gamepadstick_left, float camera_azimuth,
                                const sp_quat *simulation_rotation, float fwrd_speed, float side_speed,
                                float back_speed);
/** Turns desired_rotation to face the horizontal direction of desired_direction (yaw about +Y)
 *  when its horizontal length exceeds deadzone; otherwise leaves it unchanged. */
void sp_desired_rotation_update(sp_quat *desired_rotation, const sp_vec3 *desired_direction, float deadzone);
/** Simulation object: velocity is a critical spring toward desired_velocity, position its exact
 *  integral (sp_spring_character_update on each axis). */
void sp_simulation_position_update(sp_vec3 *position, sp_vec3 *velocity, sp_vec3 *acceleration,
                                   const sp_vec3 *desired_velocity, float halflife, float dt);
/** Simulation object: rotation is a critical spring toward desired_rotation
 *  (sp_simple_spring_damper_exact_quat). */
void sp_simulation_rotation_update(sp_quat *rotation, sp_vec3 *angular_velocity,
                                   const sp_quat *desired_rotation, float halflife, float dt);
/** Future positions, velocities, accelerations at times[i] seconds from now (or i·dt when
 *  times is NULL), desired velocity held: exact, no stepping. Null outputs are skipped. */
void sp_trajectory_predict_positions(sp_vec3 *out_positions, sp_vec3 *out_velocities,
                                     sp_vec3 *out_accelerations, const float *times, float dt, int count,
                                     const sp_vec3 *position, const sp_vec3 *velocity,
                                     const sp_vec3 *acceleration, const sp_vec3 *desired_velocity,
                                     float halflife);
/** Future rotations and angular velocities at times[i] (or i·dt when times is NULL), desired
 *  rotation held: exact, unit length. Null outputs are skipped. */
void sp_trajectory_predict_rotations(sp_quat *out_rotations, sp_vec3 *out_angular_velocities,
                                     const float *times, float dt, int count, const sp_quat *rotation,
                                     const sp_vec3 *angular_velocity, const sp_quat *desired_rotation,
                                     float halflife);
/** Trajectory prediction of n characters in one call (batch_trajectory.c): character c's state
 *  (state[16c..]: position 3, velocity 3, acceleration 3, rotation 4, angular velocity 3) and
 *  goal (goal[7c..]: desired velocity 3, desired rotation 4) give, at out[16·count·c..],
 *  positions, velocities, accelerations (3·count each), rotations (4·count) and angular
 *  velocities (3·count), each exactly as sp_trajectory_predict_positions/_rotations. */
void sp_trajectory_predict_batch(float *out, const float *state, const float *goal, const float *times,
                                 float dt, int count, float position_halflife, float rotation_halflife,
                                 int n);

/* ------------------------------------------------------------------------
 * Synchronising character and simulation (adjustment.c)
 * ------------------------------------------------------------------------ */

/** The approximate shortest-arc slerp from q to p (nlerp with a corrected parameter). */
void sp_quat_slerp_shortest_approx(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha);
/** Angle in radians (0..π) of the rotation between q and p. */
float sp_quat_angle_between(const sp_quat *q, const sp_quat *p);
/** The part of the difference g a damper starting from zero covers in dt: g·(1 − 2^(−dt/halflife)). */
void sp_damp_adjustment_exact_v3(sp_vec3 *out, const sp_vec3 *g, float halflife, float dt);
/** The part of the rotation g a damper from the identity covers in dt (approximate slerp). */
void sp_damp_adjustment_exact_quat(sp_quat *out, const sp_quat *g, float halflife, float dt);
/** Character position moved toward the simulation position by sp_damp_adjustment_exact_v3. */
void sp_adjust_character_position(sp_vec3 *out, const sp_vec3 *character_position,
                                  const sp_vec3 *simulation_position, float halflife, float dt);
/** Character rotation turned toward the simulation rotation by sp_damp_adjustment_exact_quat. */
void sp_adjust_character_rotation(sp_quat *out, const sp_quat *character_rotation,
                                  const sp_quat *simulation_rotation, float halflife, float dt);
/** sp_adjust_character_position moving at most max_adjustment_ratio·|character_velocity|·dt. */
void sp_adjust_character_position_by_velocity(sp_vec3 *out, const sp_vec3 *character_position,
                                              const sp_vec3 *character_velocity,
                                              const sp_vec3 *simulation_position, float max_adjustment_ratio,
                                              float halflife, float dt);
/** sp_adjust_character_rotation turning at most max_adjustment_ratio·|character_angular_velocity|·dt. */
void sp_adjust_character_rotation_by_velocity(sp_quat *out, const sp_quat *character_rotation,
                                              const sp_vec3 *character_angular_velocity,
                                              const sp_quat *simulation_rotation, float max_adjustment_ratio,
                                              float halflife, float dt);
/** Character position brought within max_distance of the simulation position. */
void sp_clamp_character_position(sp_vec3 *out, const sp_vec3 *character_position,
                                 const sp_vec3 *simulation_position, float max_distance);
/** Character rotation brought within max_angle (radians) of the simulation rotation. */
void sp_clamp_character_rotation(sp_quat *out, const sp_quat *character_rotation,
                                 const sp_quat *simulation_rotation, float max_angle);

/* ------------------------------------------------------------------------
 * Foot locking (contact.c)
 * ------------------------------------------------------------------------ */

/** The article's contact state: output position/velocity, the locked point, the last input
 *  (target), the inertializer's offsets, and the contact and lock flags (0 or 1). */
typedef struct sp_contact {
    sp_vec3 position, velocity;
    sp_vec3 point, target;
    sp_vec3 offset_position, offset_velocity;
    int state, lock;
} sp_contact;

/** Starts a contact at the input position and velocity, unlocked, with zero offsets. */
void sp_contact_reset(sp_contact *contact, const sp_vec3 *input_contact_position,
                      const sp_vec3 *input_contact_velocity, int input_contact_state);
/** One frame of foot locking: inertializes into the contact point (y = foot_height) when a
 *  contact starts, out of it when the contact ends or the input moves beyond unlock_radius.
 *  dt = 0 changes nothing. */
void sp_contact_update(sp_contact *contact, const sp_vec3 *input_contact_position, int input_contact_state,
                       float unlock_radius, float foot_height, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Batches (batch.c): many springs per call over caller-owned SoA arrays
 *
 * A batch holds n elements of dim floats each (dim = 1 scalars, 2 vec2, 3 vec3): every
 * state and goal is its own array of n·dim floats, element i at [i·dim, i·dim + dim).
 * `halflife` (and `frequency`) point to one float shared by all elements
 * (per_element = 0) or to n floats, one per element (per_element = 1). Every element
 * equals the scalar function applied to it, bit for bit; a non-finite input of one
 * element changes that element only. Quaternion batches store x,y,z,w per element and
 * the angular velocity x,y,z per element.
 * ------------------------------------------------------------------------ */

/** sp_damper_exact on every float of x (n·dim) toward g. */
void sp_damper_exact_batch(float *x, const float *g, const float *halflife, int per_element, float dt, int n,
                           int dim);
/** sp_critical_spring_damper_exact on every float of (x, v) toward goal g with goal velocity q. */
void sp_critical_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q,
                                           const float *halflife, int per_element, float dt, int n, int dim);
/** sp_simple_spring_damper_exact on every float of (x, v) toward g. */
void sp_simple_spring_damper_exact_batch(float *x, float *v, const float *g, const float *halflife,
                                         int per_element, float dt, int n, int dim);
/** sp_decay_spring_damper_exact on every float of (x, v). */
void sp_decay_spring_damper_exact_batch(float *x, float *v, const float *halflife, int per_element, float dt,
                                        int n, int dim);
/** sp_spring_damper_exact (frequency in Hz and halflife, shared or per element like halflife) on every float of (x, v). */
void sp_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q, const float *frequency,
                                  const float *halflife, int per_element, float dt, int n, int dim);
/** sp_simple_spring_damper_exact_quat on n rotations x (4n) with angular velocities v (3n) toward goal (4n; NULL: identity). */
void sp_simple_spring_damper_exact_quat_batch(float *x, float *v, const float *goal, const float *halflife,
                                              int per_element, float dt, int n);
/** sp_decay_spring_damper_exact_quat on n rotations x (4n) with angular velocities v (3n). */
void sp_decay_spring_damper_exact_quat_batch(float *x, float *v, const float *halflife, int per_element,
                                             float dt, int n);

/* ------------------------------------------------------------------------
 * Pose inertializer (batch_pose.c): a skeleton of n bones per call
 *
 * A pose is 13·n floats: positions (3n), velocities (3n), rotations (4n, x,y,z,w) and
 * angular velocities (3n, world frame); the offset `off` has the same layout (all zero,
 * rotations the identity, before the first transition). Rotations and angular velocities
 * follow sp_inertialize_transition_quat / sp_inertialize_update_quat, so the output's
 * rotation and angular velocity are continuous across every transition.
 * ------------------------------------------------------------------------ */

/** Spring inertializer transition of every bone: off becomes (src + off) − dst (rotations as sp_inertialize_transition_quat). */
void sp_inertialize_pose_transition(float *off, const float *src, const float *dst, int n);
/** Decays off by a critical spring of the given halflife over dt and writes out = in + off (rotations as sp_inertialize_update_quat). */
void sp_inertialize_pose_update(float *out, float *off, const float *in, float halflife, float dt, int n);
/** Cubic pose inertializer (batch_pose.c): starts a blend from src to dst; off (13·n floats,
 *  pose layout) keeps the offset at the transition and *off_t the time since (set to 0). */
void sp_inertialize_pose_cubic_transition(float *off, float *off_t, const float *src, const float *dst,
                                          float blendtime, int n);
/** Cubic pose inertializer: advances *off_t by dt and writes in + the offset decayed by the cubic
 *  (positions per component, rotations on their scaled angle-axis) to out. */
void sp_inertialize_pose_cubic_update(float *out, float *off_t, const float *off, const float *in,
                                      float blendtime, float dt, int n);

/* ------------------------------------------------------------------------
 * Inertialization (inertialize.c)
 *
 * An inertializer switches from a source animation (src) to a destination (dst) by
 * recording their offset at the transition and adding it, decayed toward zero, back onto the
 * input (in) every frame: output = in + offset. Position and velocity of the output are
 * continuous across every transition. The spring one decays its offset state (off_x,
 * off_v) in place; the cubic and quintic ones keep the offset at the transition and the time
 * since it (off_t) and evaluate the decay in closed form; dead blending keeps the
 * extrapolated source (ext_x, ext_v, ext_t). blendtime = 0 removes the offset at once.
 * ------------------------------------------------------------------------ */

/** Record the offset (src + off) − dst at a transition from src to dst (the article's inertialize_transition). */
void sp_inertialize_transition(float *off_x, float *off_v, float src_x, float src_v, float dst_x,
                               float dst_v);
/** Decay the offset with the exact critical spring and write in + offset to out. */
void sp_inertialize_update(float *out_x, float *out_v, float *off_x, float *off_v, float in_x, float in_v,
                           float halflife, float dt);
/** sp_inertialize_transition per component of a vector. */
void sp_inertialize_transition_v3(sp_vec3 *off_x, sp_vec3 *off_v, const sp_vec3 *src_x, const sp_vec3 *src_v,
                                  const sp_vec3 *dst_x, const sp_vec3 *dst_v);
/** sp_inertialize_update per component of a vector. */
void sp_inertialize_update_v3(sp_vec3 *out_x, sp_vec3 *out_v, sp_vec3 *off_x, sp_vec3 *off_v,
                              const sp_vec3 *in_x, const sp_vec3 *in_v, float halflife, float dt);
/** Rotation offset: off ← off·src·dst⁻¹ (shortest arc) and angular velocity
 *  off_v ← off_v + off·src_v − off'·dst_v (world frame), so the output off·in is continuous. */
void sp_inertialize_transition_quat(sp_quat *off_x, sp_vec3 *off_v, const sp_quat *src_x,
                                    const sp_vec3 *src_v, const sp_quat *dst_x, const sp_vec3 *dst_v);
/** Decay the rotation offset (sp_decay_spring_damper_exact_quat); out = off·in, out_v = off_v + off·in_v. */
void sp_inertialize_update_quat(sp_quat *out_x, sp_vec3 *out_v, sp_quat *off_x, sp_vec3 *off_v,
                                const sp_quat *in_x, const sp_vec3 *in_v, float halflife, float dt);

/** The article's decay_cubic: offset dt seconds after a transition with offset (x, v), reaching 0
 *  with zero velocity at blendtime: (1−τ)²·(x + (2x + v·blendtime)·τ), τ = dt/blendtime ≤ 1. */
float sp_decay_cubic(float x, float v, float blendtime, float dt);
/** Offset position and velocity of the cubic inertializer dt seconds after the transition. */
void sp_decayed_offset_cubic(float *out_x, float *out_v, float init_x, float init_v, float blendtime,
                             float dt);
/** Cubic transition: off ← decayed(off, off_t) + src − dst, off_t ← 0. */
void sp_inertialize_cubic_transition(float *off_x, float *off_v, float *off_t, float src_x, float src_v,
                                     float dst_x, float dst_v, float blendtime);
/** Cubic update: off_t += dt, out = in + decayed offset. */
void sp_inertialize_cubic_update(float *out_x, float *out_v, float *off_t, float off_x, float off_v,
                                 float in_x, float in_v, float blendtime, float dt);
/** sp_inertialize_cubic_transition per component of a vector (the article's signature). */
void sp_inertialize_cubic_transition_v3(sp_vec3 *off_x, sp_vec3 *off_v, float *off_t, const sp_vec3 *src_x,
                                        const sp_vec3 *src_v, const sp_vec3 *dst_x, const sp_vec3 *dst_v,
                                        float blendtime);
/** sp_inertialize_cubic_update per component of a vector (the article's signature). */
void sp_inertialize_cubic_update_v3(sp_vec3 *out_x, sp_vec3 *out_v, float *off_t, const sp_vec3 *off_x,
                                    const sp_vec3 *off_v, const sp_vec3 *in_x, const sp_vec3 *in_v,
                                    float blendtime, float dt);

/** Blend time the quintic inertializer actually uses for offset (x, v): min(blendtime, −5x/v)
 *  when the offset already moves toward zero (Bollo), else blendtime. */
float sp_quintic_blendtime(float x, float v, float blendtime);
/** Quintic offset dt seconds after a transition with offset (x, v) (Bollo, GDC 2018): initial
 *  acceleration a0 = −(8·v·t1 + 20·x)/t1², clamped so that a0·x ≥ 0; zero offset, velocity and
 *  acceleration at t1 = sp_quintic_blendtime; never crosses zero. */
float sp_decay_quintic(float x, float v, float blendtime, float dt);
/** Offset position, velocity and acceleration of the quintic inertializer dt seconds after the transition. */
void sp_decayed_offset_quintic(float *out_x, float *out_v, float *out_a, float init_x, float init_v,
                               float blendtime, float dt);
/** Quintic transition: off ← decayed(off, off_t) + src − dst, off_t ← 0. */
void sp_inertialize_quintic_transition(float *off_x, float *off_v, float *off_t, float src_x, float src_v,
                                       float dst_x, float dst_v, float blendtime);
/** Quintic update: off_t += dt, out = in + decayed offset. */
void sp_inertialize_quintic_update(float *out_x, float *out_v, float *off_t, float off_x, float off_v,
                                   float in_x, float in_v, float blendtime, float dt);

/** Dead-blending output ext_t seconds after a transition: the source extrapolated from (ext_x, ext_v)
 *  with velocity halving every halflife, cross-faded to in by smoothstep(ext_t/blendtime). */
void sp_dead_blending_evaluate(float *out_x, float *out_v, float ext_x, float ext_v, float ext_t, float in_x,
                               float in_v, float halflife, float blendtime);
/** Dead-blending transition: ext ← current output (from ext and the playing src), ext_t ← 0. */
void sp_dead_blending_transition(float *ext_x, float *ext_v, float *ext_t, float src_x, float src_v,
                                 float halflife, float blendtime);
/** Dead-blending update: ext_t += dt, out = sp_dead_blending_evaluate(...). */
void sp_dead_blending_update(float *out_x, float *out_v, float *ext_t, float ext_x, float ext_v, float in_x,
                             float in_v, float halflife, float blendtime, float dt);

/* ------------------------------------------------------------------------
 * Transition cost (transition_cost.c)
 *
 * The cost of a transition with offset x (position) and v (velocity) is the displacement
 * ∫|offset(t)| dt of the inertialized transition; "_approx" is |∫offset(t) dt|, which
 * underestimates oscillating offsets but is |f(src) − f(dst)| for the linear "_feature"
 * f = cp·pos + cv·vel, so a Euclidean search over features ranks by it. Intersections
 * return the time the offset crosses zero, or +Inf when it does not.
 * ------------------------------------------------------------------------ */

#define SP_INERTIALIZER_SPRING 0
#define SP_INERTIALIZER_CUBIC 1
#define SP_INERTIALIZER_QUINTIC 2
#define SP_INERTIALIZER_DEAD_BLENDING 3

#define SP_COST_EXACT 0  /* the displacement */
#define SP_COST_APPROX 1 /* |signed area| = |feature difference| */
#define SP_COST_ERROR 2 /* exact − approx (≥ 0, but for the quintic once Bollo shortens its blend time) */
#define SP_COST_BASIC 3 /* |x| + weight·|v| */

/** Time t > 0 at which the decaying spring offset crosses zero, −x/(v + x·y), or +Inf if it never does. */
float sp_decay_spring_damper_intersection(float x, float v, float halflife);
/** ∫₀^∞ |offset| of the spring inertializer, split at the zero crossing (exact closed form). */
float sp_decay_spring_damper_displacement(float x, float v, float halflife);
/** |2·x·y + v| / y², y = 2·ln2/halflife: the article's approximation (exact when no crossing). */
float sp_decay_spring_damper_displacement_approx(float x, float v, float halflife);
/** Motion-matching feature 2·pos/y + vel/y² of the spring inertializer. */
float sp_decay_spring_damper_feature(float pos, float vel, float halflife);
/** Time in (0, blendtime) at which the cubic offset crosses zero, or +Inf if it does not. */
float sp_decay_cubic_intersection(float x, float v, float blendtime);
/** ∫₀^blendtime |offset| of the cubic inertializer, split at the zero crossing (exact closed form). */
float sp_decay_cubic_displacement(float x, float v, float blendtime);
/** blendtime·|x/2 + blendtime·v/12|: the cubic approximation (exact when no crossing). */
float sp_decay_cubic_displacement_approx(float x, float v, float blendtime);
/** Motion-matching feature z·pos/2 + z²·vel/12 (z = blendtime) of the cubic inertializer. */
float sp_decay_cubic_feature(float pos, float vel, float blendtime);
/** ∫₀^t1 |offset| of the quintic inertializer (never crosses zero: exact closed form). */
float sp_decay_quintic_displacement(float x, float v, float blendtime);
/** blendtime·|x/2 + blendtime·v/10|: exact while Bollo's acceleration clamp is active (2.5·x + v·blendtime
 *  has the sign of x, or x = 0 and v ≥ 0: the common case), an approximation otherwise. */
float sp_decay_quintic_displacement_approx(float x, float v, float blendtime);
/** Motion-matching feature z·pos/2 + z²·vel/10 (z = blendtime) of the quintic inertializer. */
float sp_decay_quintic_feature(float pos, float vel, float blendtime);
/** Time in (0, blendtime) at which the dead-blended offset crosses zero, or +Inf. The destination is
 *  assumed extrapolated like the source, so the offset is (1 − smoothstep)·(x + v·(1 − e^(−λt))/λ). */
float sp_dead_blending_intersection(float x, float v, float halflife, float blendtime);
/** ∫₀^blendtime |offset| of dead blending (closed form, split at the zero crossing). */
float sp_dead_blending_displacement(float x, float v, float halflife, float blendtime);
/** |∫ offset| of dead blending: blendtime·|x/2 + blendtime·K·v|, K = ∫₀¹ (1 − smoothstep)·E. */
float sp_dead_blending_displacement_approx(float x, float v, float halflife, float blendtime);
/** Motion-matching feature z·pos/2 + z²·K·vel of dead blending. */
float sp_dead_blending_feature(float pos, float vel, float halflife, float blendtime);
/** The basic cost |x| + weight·|v|, for comparison. */
float sp_transition_cost_basic(float x, float v, float weight);
/** Feature coefficients (cp, cv) of an inertializer (SP_INERTIALIZER_*): feature = cp·pos + cv·vel. */
void sp_inertialization_feature_coefficients(float *out_pos, float *out_vel, int inertializer, float halflife,
                                             float blendtime);
/** One cost: measure SP_COST_* of inertializer SP_INERTIALIZER_* (halflife for spring and dead
 *  blending, blendtime for the others, weight for SP_COST_BASIC); NaN for an unknown kind. */
float sp_transition_cost(float x, float v, int inertializer, int measure, float halflife, float blendtime,
                         float weight);
/** Cost landscape: out[j·nx + i] = sp_transition_cost at x = x_min..x_max (i = 0..nx−1, endpoints
 *  included) and v = v_min..v_max (j = 0..ny−1). Writes nx·ny floats; returns that, or 0 (nothing
 *  written) for nx, ny ≤ 0, nx·ny > INT_MAX or an unknown kind. */
int sp_transition_cost_landscape(float *out, int nx, int ny, float x_min, float x_max, float v_min,
                                 float v_max, int inertializer, int measure, float halflife, float blendtime,
                                 float weight);
/** Motion-matching features of rows × dims positions and velocities (row-major), into out (rows × dims);
 *  returns rows, or 0 (nothing written) for bad sizes (≤ 0, rows·dims > INT_MAX) or an unknown inertializer. */
int sp_inertialization_features(float *out, const float *pos, const float *vel, int rows, int dims,
                                int inertializer, float halflife, float blendtime);
/** Brute-force nearest row of database (rows × dims) to query (dims) by Euclidean distance, written to
 *  out_cost; returns its index (the first on ties), or −1 (cost +Inf) when there is none. */
int sp_inertialization_search(float *out_cost, const float *database, int rows, int dims, const float *query);

#ifdef __cplusplus
}
#endif

#endif
