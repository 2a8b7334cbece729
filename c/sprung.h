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
 *   inputs; `out` and `out_*` pointers are written only. Default arguments of
 *   the articles are explicit arguments here.
 * - Vectors are sp_vec3 {x,y,z} (sp_vec2 {x,y} for 2D games); quaternions
 *   sp_quat {x,y,z,w}, unit length, and stored x,y,z,w in flat arrays (glTF,
 *   three.js order).
 * - `_exact` functions use the real exponential and are dt-invariant: one
 *   step of 2·dt equals two steps of dt up to float rounding. The rotation
 *   springs and inertializers take the shortest arc to their goal at every
 *   step, as the article does; they are dt-invariant while the offset, followed
 *   through each step, stays within half a turn at the step boundaries, which
 *   holds whenever angle + 0.265·halflife·|angular velocity| ≤ π (see
 *   sp_simple_spring_damper_exact_quat). `sp_fast_negexp` and the `_implicit`
 *   variants are the article's fast approximations, kept beside the exact ones
 *   for comparison.
 * - Every function is total: any float input returns without undefined
 *   behaviour, and array functions touch only the `n`/`count` elements given.
 *   Non-finite inputs give non-finite outputs for that call only. Where the
 *   true result of finite inputs overflows float, ±Inf is returned.
 *
 * Doc tags
 * --------
 * Every declaration carries a comment a program reads (web/tools/api.mjs turns
 * this header into build/manifest.json, from which the WASM export list, the
 * typed TypeScript binding, the wrappers' argument checks and their @param
 * docs are made; a declaration it cannot read fails the build):
 *
 *   / ** One-sentence description (more sentences may follow).
 *    *  @param[ROLE] NAME [UNIT] {COUNT} (DOMAIN) = DEFAULT description
 *    *  @return [UNIT] (DOMAIN) description * /
 *
 * - ROLE: `in`; `out` (written only; such pointers are named `out` or `out_*`);
 *   `in,out` (state read and updated in place: the non-const pointers).
 * - UNIT, optional: [s], [Hz], [rad], [rad/s], [m], [m/s], [m/s²], [1/s],
 *   [1/s²], [m·s], ... ; none for dimensionless numbers and for quaternions.
 * - COUNT, pointers only: how many elements of the pointed-to type (float,
 *   sp_vec2, sp_vec3, sp_quat) the function reads or writes, e.g. {n·dim}, {13·n},
 *   {1 or n}; omitted, one.
 * - DOMAIN, optional: where an input is meaningful. The C function stays total
 *   outside it; the TypeScript wrapper rejects values outside it (RangeError).
 *   A float without a domain must be finite. Clauses, separated by `;`:
 *   `any` (NaN and ±Inf are meaningful), `not NaN`, a bound `≥ 0`, `> 0`,
 *   `< 1/ft` (a number, or a number over another parameter), an interval
 *   `[−1, 1]`, `(0, 1)`; a bound or interval followed by `or +Inf` also admits
 *   +Inf; `when NAME ≠ 0` makes a clause apply only then; `SP_PREFIX_*` is one
 *   of those constants; `nullable`, on a pointer, admits NULL. Integers are
 *   whole numbers by their type. For pointers the domain is that of each
 *   element.
 * - DEFAULT, optional: the value the article gives the argument by default;
 *   bindings with default arguments use it (C has none: pass it).
 * - Parameter names in descriptions are written in backticks (`g`), so that a
 *   binding that renames a parameter can rename its mentions.
 */
/*
 * Index: the sections below, one per topic in the order of the articles (Spring-It-On;
 * Inertialization Transition Cost; Perfect Tracking with Springs; Code vs Data Driven
 * Displacement), and their functions without the sp_ prefix. The build checks it;
 * `node web/tools/api.mjs index` writes it.
 * -----
 * Helpers: lerp fast_negexp fast_atan halflife_to_damping damping_to_halflife
 *   frequency_to_stiffness stiffness_to_frequency critical_halflife critical_frequency
 *   resonant_frequency spring_energy damping_ratio_to_stiffness damping_ratio_to_damping
 * Dampers: damper damper_bad damper_exponential damper_exact damper_implicit damper_decay_exact
 *   halflife_to_lag lag_to_halflife damper_exact_v2 damper_exact_v3
 * Spring dampers: spring_damper_bad spring_damper_exact_stiffness spring_damper_exact_coefs
 *   spring_damper_exact spring_damper_exact_ratio spring_damper_implicit
 *   critical_spring_damper_exact simple_spring_damper_exact decay_spring_damper_exact
 *   critical_spring_damper_coefs simple_spring_damper_implicit spring_damper_exact_v2
 *   spring_damper_exact_v3 critical_spring_damper_exact_v2 critical_spring_damper_exact_v3
 *   simple_spring_damper_exact_v2 simple_spring_damper_exact_v3 decay_spring_damper_exact_v2
 *   decay_spring_damper_exact_v3
 * The article's fast approximations of the critical family: critical_spring_damper_implicit
 *   decay_spring_damper_implicit double_spring_damper_implicit timed_spring_damper_implicit
 *   simple_spring_damper_implicit_quat
 * Settling, UI-style parameters, rest: critical_settle_time critical_settle_halflife
 *   duration_bounce_to_spring spring_is_at_rest
 * Springs designed by their response: spring_damping_ratio spring_overshoot spring_peak_time
 *   spring_rise_time spring_settling_time spring_settling_time_envelope spring_lag
 *   spring_to_duration_bounce settling_time_overshoot_to_spring rise_time_overshoot_to_spring
 *   settling_time_ratio_to_spring rise_time_ratio_to_spring
 * Applications: spring_character_update spring_character_predict piecewise_interpolation
 * Inertialization: inertialize_transition inertialize_update inertialize_transition_v3
 *   inertialize_update_v3 inertialize_transition_quat inertialize_update_quat decay_cubic
 *   decayed_offset_cubic inertialize_cubic_transition inertialize_cubic_update
 *   inertialize_cubic_transition_v3 inertialize_cubic_update_v3 quintic_blendtime decay_quintic
 *   decayed_offset_quintic inertialize_quintic_transition inertialize_quintic_update
 *   dead_blending_evaluate dead_blending_transition dead_blending_update inertialize_transition_v2
 *   inertialize_update_v2 inertialize_cubic_transition_v2 inertialize_cubic_update_v2
 * Extrapolation and easing: extrapolate extrapolate_v2 extrapolate_v3 extrapolate_quat
 *   cubic_easing_update inertial_easing_update inertial_easing_duration
 * Other springs: double_spring_damper_exact timed_spring_damper_exact velocity_spring_damper_exact
 * Quaternions: quat_mul quat_inv quat_abs quat_normalize quat_to_scaled_angle_axis
 *   quat_from_scaled_angle_axis quat_exp quat_log quat_between quat_mul_vec3 quat_inv_mul_vec3
 *   quat_mul_inv quat_inv_mul quat_nlerp_shortest quat_slerp_shortest quat_from_angle_axis
 *   quat_to_angle_axis quat_differentiate_angular_velocity quat_integrate_angular_velocity
 *   damper_exact_quat
 * Quaternion springs: simple_spring_damper_exact_quat decay_spring_damper_exact_quat
 * Batches: damper_exact_batch critical_spring_damper_exact_batch simple_spring_damper_exact_batch
 *   decay_spring_damper_exact_batch spring_damper_exact_batch simple_spring_damper_exact_quat_batch
 *   decay_spring_damper_exact_quat_batch damper_exact_quat_batch
 * Pose inertializer: inertialize_pose_transition inertialize_pose_update
 *   inertialize_pose_cubic_transition inertialize_pose_cubic_update
 * Transition cost: decay_spring_damper_intersection decay_spring_damper_displacement
 *   decay_spring_damper_displacement_approx decay_spring_damper_feature decay_cubic_intersection
 *   decay_cubic_displacement decay_cubic_displacement_approx decay_cubic_feature
 *   decay_quintic_displacement decay_quintic_displacement_approx decay_quintic_feature
 *   dead_blending_intersection dead_blending_displacement dead_blending_displacement_approx
 *   dead_blending_feature transition_cost_basic inertialization_feature_coefficients
 *   transition_cost transition_cost_landscape inertialization_features inertialization_search
 * Tracking springs: tracking_spring_update tracking_spring_update_no_acceleration
 *   tracking_spring_update_no_velocity_acceleration tracking_spring_update_improved
 *   tracking_spring_update_no_acceleration_improved
 *   tracking_spring_update_no_velocity_acceleration_improved tracking_spring_update_exact_gains
 *   tracking_spring_update_exact tracking_spring_update_exact_no_acceleration
 *   tracking_spring_update_exact_no_velocity_acceleration tracking_gains_to_spring
 *   tracking_target_velocity tracking_target_acceleration tracking_target_acceleration_varying
 *   tracking_clip
 * Character control: desired_velocity_update desired_rotation_update simulation_position_update
 *   simulation_rotation_update trajectory_predict_positions trajectory_predict_rotations
 *   trajectory_predict_batch simulation_position_update_v2 trajectory_predict_positions_v2
 *   desired_rotation_update_strafe trajectory_predict_desired trajectory_predict_positions_desired
 *   simulation_collide_obstacles simulation_collide_obstacles_v2
 * Synchronising character and simulation: quat_slerp_shortest_approx quat_angle_between
 *   damp_adjustment_exact damp_adjustment_exact_v3 damp_adjustment_exact_quat
 *   adjust_character_position adjust_character_rotation adjust_character_position_by_velocity
 *   adjust_character_rotation_by_velocity clamp_character_position clamp_character_rotation
 *   damp_adjustment_exact_v2 adjust_character_position_v2 adjust_character_position_by_velocity_v2
 *   clamp_character_position_v2
 * Foot locking: contact_reset contact_update
 * Motion matching: motion_features motion_database_floats motion_database_build motion_rules_floats
 *   motion_rules_build motion_search motion_search_batch
 * Skeletons: forward_kinematics ik_two_bone ik_hinge_axis
 * Motion controller: motion_controller_place motion_controller_update
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
typedef struct sp_vec2 {
    float x, y;
} sp_vec2;

/* ------------------------------------------------------------------------
 * Helpers (helpers.c)
 * ------------------------------------------------------------------------ */

/** Linear interpolation (1 − `a`)·`x` + `a`·`y`.
 *  @param[in] x (any) value at `a` = 0
 *  @param[in] y (any) value at `a` = 1
 *  @param[in] a (any) interpolation parameter
 *  @return the interpolated value */
float sp_lerp(float x, float y, float a);
/** The article's fast approximation of e^−x for x ≥ 0 (rational polynomial): absolute error
 *  below 0.019 (largest near x = 3.3), so use it for feel, not for exact springs.
 *  @param[in] x (any) exponent, meaningful for x ≥ 0
 *  @return approximately e^−`x` */
float sp_fast_negexp(float x);
/** The article's fast approximation of atan(x): absolute error below 1.6e-3 rad.
 *  @param[in] x (any) tangent
 *  @return [rad] approximately atan(`x`) */
float sp_fast_atan(float x);
/** Damping d = 4·ln2 / halflife of a spring with the given halflife.
 *  @param[in] halflife [s] (≥ 0) halflife
 *  @return [1/s] the damping; +Inf for `halflife` = 0 */
float sp_halflife_to_damping(float halflife);
/** Inverse of sp_halflife_to_damping: halflife = 4·ln2 / damping.
 *  @param[in] damping [1/s] (≥ 0) damping
 *  @return [s] the halflife; +Inf for `damping` = 0 */
float sp_damping_to_halflife(float damping);
/** Stiffness s = (2π·frequency)².
 *  @param[in] frequency [Hz] (≥ 0) frequency
 *  @return [1/s²] the stiffness */
float sp_frequency_to_stiffness(float frequency);
/** Frequency = √stiffness / 2π.
 *  @param[in] stiffness [1/s²] (≥ 0) stiffness
 *  @return [Hz] the frequency */
float sp_stiffness_to_frequency(float stiffness);
/** Halflife that makes a spring of this frequency critically damped (d² = 4s).
 *  @param[in] frequency [Hz] (≥ 0) frequency
 *  @return [s] the critical halflife; +Inf for `frequency` = 0 */
float sp_critical_halflife(float frequency);
/** Frequency that makes a spring of this halflife critically damped (d² = 4s).
 *  @param[in] halflife [s] (≥ 0) halflife
 *  @return [Hz] the critical frequency; +Inf for `halflife` = 0 */
float sp_critical_frequency(float halflife);
/** Frequency to give a spring of this halflife so that it resonates at goal_frequency: its
 *  amplitude resonance √(s − d²/2) / 2π equals goal_frequency, i.e. s = Ω² + d²/2 (the
 *  article's s = Ω² − d²/4 has a sign slip; see helpers.c).
 *  @param[in] goal_frequency [Hz] (≥ 0) frequency at which the goal oscillates
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @return [Hz] the spring's frequency; +Inf for `halflife` = 0 */
float sp_resonant_frequency(float goal_frequency, float halflife);
/** Potential plus kinetic energy (scale·(v − v_rest))²/2 + s·(scale·(x − x_rest))²/2
 *  of a unit-mass spring of the given frequency.
 *  @param[in] x [m] position
 *  @param[in] v [m/s] velocity
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] x_rest [m] = 0 position at rest
 *  @param[in] v_rest [m/s] = 0 velocity at rest
 *  @param[in] scale = 1 scale applied to the offsets from rest
 *  @return [m²/s²] the energy per unit mass; +Inf where it overflows float */
float sp_spring_energy(float x, float v, float frequency, float x_rest, float v_rest, float scale);
/** Stiffness of the spring with this damping ratio and damping: s = (damping / (2·ratio))², from
 *  ζ = d / (2·√s) (the article's damping_ratio_to_stiffness). Formed in double: +Inf only where
 *  the stiffness itself overflows float.
 *  @param[in] ratio (> 0) damping ratio ζ: 1 critical, < 1 under damped, > 1 over damped
 *  @param[in] damping [1/s] (≥ 0) damping d
 *  @return [1/s²] the stiffness; +Inf where it overflows float */
float sp_damping_ratio_to_stiffness(float ratio, float damping);
/** Damping of the spring with this damping ratio and stiffness: d = 2·ratio·√stiffness (the
 *  article's damping_ratio_to_damping).
 *  @param[in] ratio (≥ 0) damping ratio ζ: 1 critical, < 1 under damped, > 1 over damped
 *  @param[in] stiffness [1/s²] (≥ 0) stiffness s
 *  @return [1/s] the damping; +Inf where it overflows float */
float sp_damping_ratio_to_damping(float ratio, float stiffness);

/* ------------------------------------------------------------------------
 * Dampers (dampers.c): the damper, its lag, and the exact damper on 2D and 3D vectors
 * ------------------------------------------------------------------------ */

/** Frame-rate dependent damper: `x` moves a fixed fraction `factor` toward `g` per call.
 *  @param[in] x [m] position
 *  @param[in] g [m] goal
 *  @param[in] factor fraction of the distance covered
 *  @return [m] the new position */
float sp_damper(float x, float g, float factor);
/** lerp(x, g, damping·dt): frame-rate dependent and unstable when damping·dt > 1.
 *  @param[in] x [m] position
 *  @param[in] g [m] goal
 *  @param[in] damping [1/s] fraction of the distance covered per second
 *  @param[in] dt [s] (≥ 0) time step
 *  @return [m] the new position */
float sp_damper_bad(float x, float g, float damping, float dt);
/** Damper matching a fixed timestep ft at any dt: lerp(x, g, 1 − (1/(1 − ft·damping))^(−dt/ft)).
 *  @param[in] x [m] position
 *  @param[in] g [m] goal
 *  @param[in] damping [1/s] (≥ 0; < 1/ft) fraction of the distance covered per second
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] ft [s] (> 0) = 1/60 the fixed timestep it matches
 *  @return [m] the new position */
float sp_damper_exponential(float x, float g, float damping, float dt, float ft);
/** Exact damper: lerp(x, g, 1 − 2^(−dt/halflife)), the same curve at every frame rate.
 *  @param[in] x [m] position
 *  @param[in] g [m] goal
 *  @param[in] halflife [s] (≥ 0) time to cover half the distance to `g`; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @return [m] the new position */
float sp_damper_exact(float x, float g, float halflife, float dt);
/** The article's damper_implicit: like sp_damper_exact with sp_fast_negexp and halflife + eps.
 *  @param[in] x [m] position
 *  @param[in] g [m] goal
 *  @param[in] halflife [s] (≥ 0) time to cover about half the distance to `g`
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] eps [s] (> 0) = 1e-5 added to `halflife` against a division by zero
 *  @return [m] the new position */
float sp_damper_implicit(float x, float g, float halflife, float dt, float eps);
/** Exact decay of x toward 0: x·2^(−dt/halflife).
 *  @param[in] x [m] position
 *  @param[in] halflife [s] (≥ 0) time to halve `x`; 0 snaps to 0
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @return [m] the decayed position */
float sp_damper_decay_exact(float x, float halflife, float dt);

/** Lag of the exact damper behind a goal moving at constant speed: once the start has decayed
 *  it trails the goal by speed·lag metres, lag = halflife / ln2. The critical spring toward a
 *  moving goal with zero goal velocity (sp_simple_spring_damper_exact) has the same lag, 2/y;
 *  given the goal's velocity (sp_critical_spring_damper_exact) it has none.
 *  @param[in] halflife [s] (≥ 0) halflife of the damper or of the critical spring
 *  @return [s] the lag: multiply by the goal's speed for the distance */
float sp_halflife_to_lag(float halflife);
/** Inverse of sp_halflife_to_lag: the halflife that trails a moving goal by `lag` seconds, lag·ln2.
 *  @param[in] lag [s] (≥ 0) the wanted lag: the trailing distance divided by the goal's speed
 *  @return [s] the halflife */
float sp_lag_to_halflife(float lag);
/** Exact damper on a 2D vector, per component: the same curve at every frame rate.
 *  @param[in,out] x [m] position, moved toward `g`
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (≥ 0) time to cover half the distance to `g`; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_damper_exact_v2(sp_vec2 *x, const sp_vec2 *g, float halflife, float dt);
/** Exact damper on a 3D vector, per component (each component is sp_damper_exact, bit for bit).
 *  @param[in,out] x [m] position, moved toward `g`
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (≥ 0) time to cover half the distance to `g`; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_damper_exact_v3(sp_vec3 *x, const sp_vec3 *g, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Spring dampers (springs.c)
 *
 * On 2D and 3D vectors every component is the scalar function, bit for bit.
 * ------------------------------------------------------------------------ */

/** Explicit Euler step of the spring ODE (the article's spring_damper_bad): unstable for large dt.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] stiffness [1/s²] stiffness s
 *  @param[in] damping [1/s] damping d
 *  @param[in] dt [s] (≥ 0) time step */
void sp_spring_damper_bad(float *x, float *v, float g, float q, float stiffness, float damping, float dt);
/** Exact spring by stiffness and damping: the closed form of a = s·(g − x) + d·(q − v) over dt,
 *  one form for every regime (under, critical, over damped), continuous across the critical
 *  boundary, and with no coefficient that cancels (slow springs at small dt stay exact and
 *  dt-invariant over thousands of steps).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] stiffness [1/s²] (≥ 0; > 0 when q ≠ 0) stiffness s
 *  @param[in] damping [1/s] (≥ 0) damping d; +Inf snaps to `g` (a jump: as d grows at a fixed
 *  stiffness the spring creeps at its slow rate s/d → 0, see sp_spring_damper_exact)
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping,
                                      float dt);
/** The step of the exact spring as coefficients (they depend on ω, damping and dt only), for
 *  callers that step many springs of one setting one at a time (the TypeScript state-object
 *  API). The three interfaces set ω = √s as: sp_spring_damper_exact_stiffness √stiffness;
 *  sp_spring_damper_exact |2π·frequency| (FLT_MAX where that overflows); _ratio |d/(2ζ)| (FLT_MAX
 *  where that overflows). With z = x − g: dx = xz·z + xv·v and dv = vz·z + vv·v, then (only
 *  when q ≠ 0) dx += xq·q and dv += vq·q; x' = (xinc ? x : g) + dx and v' = (vinc ? v : 0) + dv;
 *  finally x' = g where |x' − g| < 2^−126 and v' = 0 where |v'| < 2^−126. Evaluated in that
 *  order in float, that is the function bit for bit when dt ≠ 0 (dt = 0 changes nothing) and
 *  x − g is finite (where it overflows for finite x and g, the function steps their halves). When
 *  snap is 1, x' = g and v' = 0; when rest is 1, v' = 0 and x' = g for q = 0, else
 *  g + damping·q/(ω·|ω|) evaluated in double and rounded once.
 *  @param[out] out_k {12} xz, xv, xq, vz, vv, vq, damping, ω, snap, rest, xinc, vinc (flags 0 or 1)
 *  @param[in] omega [rad/s] (≥ 0) ω = √stiffness = 2π·frequency
 *  @param[in] damping [1/s] (≥ 0) d = 4·ln2/halflife; +Inf snaps
 *  @param[in] dt [s] (≥ 0) time step */
void sp_spring_damper_exact_coefs(float *out_k, float omega, float damping, float dt);
/** Exact spring by frequency and halflife (the article's final interface):
 *  sp_spring_damper_exact_stiffness with s = (2π·frequency)² and d = 4·ln2/halflife. Every finite
 *  frequency gives a finite state within the spring's energy envelope: s is never formed (it
 *  overflows float from 2.9e18 Hz), and beyond 5.4e37 Hz, where 2π·frequency overflows, FLT_MAX
 *  rad/s stands for it (float holds no phase of such a spring anyway). Halflife 0 snaps to g (the
 *  convention), which is not the limit of small halflives at a fixed frequency: there the damping
 *  grows without bound and the spring, over damped, creeps at its slow rate s/d → 0, so a
 *  halflife of 1e-9 s barely moves where 0 jumps to the goal. (The critical spring and the
 *  damper, and the ratio form at a fixed ratio, do tend to the snap.)
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] frequency [Hz] (≥ 0; > 0 when q ≠ 0) undamped frequency
 *  @param[in] halflife [s] (≥ 0) 0 snaps to g
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact(float *x, float *v, float g, float q, float frequency, float halflife, float dt);
/** Exact spring by damping ratio and halflife: sp_spring_damper_exact_stiffness with
 *  d = 4·ln2/halflife and √s = d/2ζ (FLT_MAX where that overflows).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] damping_ratio (> 0) ζ: 1 critical, < 1 under damped (bouncy), > 1 over damped
 *  @param[in] halflife [s] (≥ 0) 0 snaps to g
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact_ratio(float *x, float *v, float g, float q, float damping_ratio, float halflife,
                                  float dt);
/** The article's spring_damper_implicit (fast_negexp, fast_atan, the regimes split at eps),
 *  kept for comparison: approximate, and discontinuous near the critical boundary. Its state is
 *  an amplitude and a phase about the rest point c = g + d·q/(s + eps); the result is finite
 *  wherever those fit in float (states of 1e30 at ordinary stiffness and damping do; near
 *  critical, where w² + eps is tiny, the amplitude |v + y·(x − c)|/√(w² + eps) may not).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] stiffness [1/s²] (≥ 0) s
 *  @param[in] damping [1/s] (≥ 0) d
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] eps (> 0) the article's guard (1e-5) */
void sp_spring_damper_implicit(float *x, float *v, float g, float q, float stiffness, float damping, float dt,
                               float eps);
/** Exact critically damped spring toward goal g with goal velocity q.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] halflife [s] (≥ 0) halflife; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_critical_spring_damper_exact(float *x, float *v, float g, float q, float halflife, float dt);
/** Exact critically damped spring toward g with zero goal velocity: the everyday spring.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (≥ 0) halflife; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simple_spring_damper_exact(float *x, float *v, float g, float halflife, float dt);
/** Exact critically damped spring toward 0 with zero goal velocity (an inertializer's offset).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0) halflife; 0 snaps to 0
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_decay_spring_damper_exact(float *x, float *v, float halflife, float dt);
/** The step of sp_critical_spring_damper_exact as 6 coefficients k and a flag (depending on
 *  halflife and dt only), for callers that step many springs of one halflife one at a time.
 *  With u = x − g, and b = x, c = v where the flag k[6] is 1 (slow springs at small steps,
 *  y·dt < 1/2: k[0] and k[4] are then the coefficients less 1, and the step adds its change to the
 *  state, whose digits a change far below the state's size would otherwise lose), b = g, c = 0
 *  where it is 0: r = b + ((k[0]·u + k[1]·v) + k[2]·q), x' = g where |r − g| < 2^−126, else r;
 *  w = c + ((k[3]·u + k[4]·v) + k[5]·q), v' = 0 where |w| < 2^−126, else w (a decayed state
 *  reaches its goal instead of sticking at a slow subnormal). Evaluated in that order in float,
 *  that is the function bit for bit when dt ≠ 0 (dt = 0 changes nothing) and x − g is finite
 *  (where it overflows for finite x and g, the function steps their halves).
 *  @param[out] out_k {7} the coefficients k[0..5] and the flag k[6] (0 or 1)
 *  @param[in] halflife [s] (≥ 0) halflife
 *  @param[in] dt [s] (≥ 0) time step */
void sp_critical_spring_damper_coefs(float *out_k, float halflife, float dt);
/** The article's simple_spring_damper_implicit (sp_fast_negexp), kept for comparison.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (> 0) halflife (the article's form has no eps: 0 gives 0·Inf)
 *  @param[in] dt [s] (≥ 0) time step */
void sp_simple_spring_damper_implicit(float *x, float *v, float g, float halflife, float dt);

/** Exact spring by frequency and halflife on a 2D vector, in every regime.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] frequency [Hz] (≥ 0; > 0 when q ≠ 0) stiffness (2π·frequency)²
 *  @param[in] halflife [s] (≥ 0) damping 4·ln2/halflife; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, const sp_vec2 *g, const sp_vec2 *q, float frequency,
                               float halflife, float dt);
/** Exact spring by frequency and halflife on a 3D vector, in every regime.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] frequency [Hz] (≥ 0; > 0 when q ≠ 0) stiffness (2π·frequency)²
 *  @param[in] halflife [s] (≥ 0) damping 4·ln2/halflife; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, const sp_vec3 *g, const sp_vec3 *q, float frequency,
                               float halflife, float dt);
/** Exact critically damped spring on a 2D vector toward `g` with goal velocity `q`.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to the rest point
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_critical_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, const sp_vec2 *g, const sp_vec2 *q,
                                        float halflife, float dt);
/** Exact critically damped spring on a 3D vector toward `g` with goal velocity `q`.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to the rest point
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_critical_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, const sp_vec3 *g, const sp_vec3 *q,
                                        float halflife, float dt);
/** Exact critically damped spring on a 2D vector toward `g` (zero goal velocity).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (≥ 0) 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simple_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, const sp_vec2 *g, float halflife, float dt);
/** Exact critically damped spring on a 3D vector toward `g` (zero goal velocity).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (≥ 0) 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simple_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, const sp_vec3 *g, float halflife, float dt);
/** Exact critically damped spring decaying a 2D vector toward 0.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to 0
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_decay_spring_damper_exact_v2(sp_vec2 *x, sp_vec2 *v, float halflife, float dt);
/** Exact critically damped spring decaying a 3D vector toward 0.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to 0
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_decay_spring_damper_exact_v3(sp_vec3 *x, sp_vec3 *v, float halflife, float dt);

/* ------------------------------------------------------------------------
 * The article's fast approximations of the critical family (implicit.c), kept to compare
 * with the exact functions: sp_fast_negexp for the exponential, the goal held during each
 * step. No eps in the damping; dt 0 changes nothing.
 * ------------------------------------------------------------------------ */

/** The article's critical_spring_damper_implicit (sp_fast_negexp), kept for comparison.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to the rest point
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_critical_spring_damper_implicit(float *x, float *v, float g, float q, float halflife, float dt);
/** The article's decay_spring_damper_implicit (sp_fast_negexp), kept for comparison.
 *  @param[in,out] x [m] position, decayed toward 0
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to 0
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_decay_spring_damper_implicit(float *x, float *v, float halflife, float dt);
/** The article's double_spring_damper_implicit: two sp_simple_spring_damper_implicit steps of
 *  halflife/2, the inner goal held during the step (frame-rate dependent; see
 *  sp_double_spring_damper_exact).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] xi [m] position of the intermediate spring
 *  @param[in,out] vi [m/s] velocity of the intermediate spring
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (> 0) halflife of the pair (each spring has half of it; as in
 *  sp_simple_spring_damper_implicit, 0 gives 0·Inf)
 *  @param[in] dt [s] (≥ 0) time step */
void sp_double_spring_damper_implicit(float *x, float *v, float *xi, float *vi, float g, float halflife,
                                      float dt);
/** The article's timed_spring_damper_implicit: tracks the linear interpolation `xi` toward `g`,
 *  apprehension·halflife ahead, with sp_simple_spring_damper_implicit (frame-rate dependent;
 *  see sp_timed_spring_damper_exact).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] xi [m] intermediate goal, moving linearly toward `g`
 *  @param[in] g [m] goal position
 *  @param[in] t_goal [s] (not NaN) time left until `g` is reached; ≤ 0 means now
 *  @param[in] halflife [s] (> 0) halflife of the spring (0 gives 0·Inf, as in
 *  sp_simple_spring_damper_implicit)
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] apprehension (≥ 0) = 2 how many halflives ahead the interpolation is tracked */
void sp_timed_spring_damper_implicit(float *x, float *v, float *xi, float g, float t_goal, float halflife,
                                     float dt, float apprehension);
/** The article's simple_spring_damper_implicit_quat (sp_fast_negexp), kept for comparison.
 *  @param[in,out] x rotation (unit quaternion)
 *  @param[in,out] v [rad/s] angular velocity (scaled axis, world frame)
 *  @param[in] goal goal rotation
 *  @param[in] halflife [s] (≥ 0) 0 snaps to `goal`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simple_spring_damper_implicit_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife,
                                           float dt);

/* ------------------------------------------------------------------------
 * Settling, UI-style parameters, rest (settle.c)
 * ------------------------------------------------------------------------ */

/** Time for a critical spring released at rest to come within ratio·|x0| of its goal, and
 *  stay there.
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @param[in] ratio ((0, 1)) fraction of the initial distance, e.g. 0.01
 *  @return [s] the settling time */
float sp_critical_settle_time(float halflife, float ratio);
/** Halflife of the critical spring that settles within ratio in settle_time seconds.
 *  @param[in] settle_time [s] (≥ 0) settling time
 *  @param[in] ratio ((0, 1)) fraction of the initial distance, e.g. 0.01
 *  @return [s] the halflife */
float sp_critical_settle_halflife(float settle_time, float ratio);
/** Frequency and halflife for a spring given as duration and bounce, as SwiftUI-style UI
 *  libraries expose them: duration is the undamped period 2π/√s, bounce sets the damping
 *  ratio ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0); 0 is critical. The damped
 *  period of a bouncy spring is duration / √(1 − ζ²). Bounce 1 (undamped: halflife +Inf) and −1
 *  (infinitely over damped: a spring that never moves, which no halflife gives, 0 being a snap) are
 *  outside the domain; the C function returns halflife +Inf and 0 for them.
 *  @param[in] duration [s] (> 0) undamped period
 *  @param[in] bounce ((−1, 1)) 0 critical, > 0 bouncy, < 0 over damped
 *  @param[out] out_frequency [Hz] the spring's frequency
 *  @param[out] out_halflife [s] the spring's halflife */
void sp_duration_bounce_to_spring(float duration, float bounce, float *out_frequency, float *out_halflife);
/** Whether a spring is at rest: |x − g| ≤ eps_x and |v − q| ≤ eps_v.
 *  @param[in] x [m] position
 *  @param[in] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] eps_x [m] (≥ 0) position tolerance
 *  @param[in] eps_v [m/s] (≥ 0) velocity tolerance
 *  @return ([0, 1]) 1 at rest, else 0 */
int sp_spring_is_at_rest(float x, float v, float g, float q, float eps_x, float eps_v);

/* ------------------------------------------------------------------------
 * Springs designed by their response (response.c)
 *
 * The step response of the spring of frequency f and halflife h (stiffness s = (2πf)²,
 * damping d = 4·ln2/h, zero goal velocity): released at rest, its goal one unit away. With
 * ω = 2πf its damping ratio is ζ = d/2ω = ln2/(π·f·h): under damped below 1 (it overshoots),
 * critical at 1, over damped above. A response time scales as 1/ω at a fixed ζ, which is how
 * the inverse solvers work: ζ from the overshoot (or given), then ω from the time. Every value
 * is computed in double (roots by bisection to full precision) and holds in every regime;
 * halflife 0 snaps (every time 0), frequency 0 never moves (every time +Inf).
 * ------------------------------------------------------------------------ */

/** Damping ratio ζ = d/(2·√s) = ln2/(π·frequency·halflife): 1 critical, < 1 under, > 1 over damped.
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @return the damping ratio (+Inf for `frequency` or `halflife` 0) */
float sp_spring_damping_ratio(float frequency, float halflife);
/** Peak overshoot of the step response as a fraction of the step: e^(−πζ/√(1 − ζ²)) when under
 *  damped, 0 when critically or over damped (no overshoot is possible there).
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @return the overshoot, in [0, 1] */
float sp_spring_overshoot(float frequency, float halflife);
/** Time of the first (largest) peak of the step response, π/√(s − d²/4) when under damped; +Inf
 *  when critically or over damped, whose response rises monotonically and has no peak.
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @return [s] the time of the peak, or +Inf */
float sp_spring_peak_time(float frequency, float halflife);
/** Rise time of the step response, 10 % to 90 % of the step (the definition that holds in every
 *  regime: a critically or over damped response never reaches 100 %).
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @return [s] time from 10 % to 90 % */
float sp_spring_rise_time(float frequency, float halflife);
/** Settling time of the step response: the last time it is `tolerance` away from the goal (as a
 *  fraction of the step), after which it stays within the band. This is the true last entry
 *  into the band, found between the response's extrema, not the envelope bound of
 *  sp_spring_settling_time_envelope; it jumps where a peak's height crosses the tolerance. Finite and
 *  within the envelope bound for every finite frequency (a lightly damped spring of 1e30 Hz and
 *  halflife 1 s settles within 2 % in 2.82 s).
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @param[in] tolerance ((0, 1)) half width of the band, as a fraction of the step (0.02 for 2 %)
 *  @return [s] the settling time */
float sp_spring_settling_time(float frequency, float halflife, float tolerance);
/** Envelope bound on the settling time: when under damped, the time at which the envelope
 *  e^(−ζωt)/√(1 − ζ²) of the response's distance to the goal falls to `tolerance` (≥ the true
 *  settling time, and loose near ζ = 1); when critically or over damped the distance falls
 *  monotonically, so this is the true settling time.
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @param[in] tolerance ((0, 1)) half width of the band, as a fraction of the step
 *  @return [s] the bound */
float sp_spring_settling_time_envelope(float frequency, float halflife, float tolerance);
/** Lag of the spring behind a goal moving at constant speed with zero goal velocity: once the
 *  start has decayed it trails by speed·lag, lag = d/s (halflife/ln2 when critical, as
 *  sp_halflife_to_lag). Given the goal's velocity as q it does not lag.
 *  @param[in] frequency [Hz] (≥ 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @return [s] the lag (+Inf for `frequency` 0) */
float sp_spring_lag(float frequency, float halflife);
/** Duration and bounce of a spring, the inverse of sp_duration_bounce_to_spring: duration is the
 *  undamped period 1/frequency, bounce 1 − ζ when under damped (ζ ≤ 1), 1/ζ − 1 when over damped.
 *  @param[in] frequency [Hz] (> 0) frequency of the spring
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @param[out] out_duration [s] the duration
 *  @param[out] out_bounce the bounce, in [−1, 1] */
void sp_spring_to_duration_bounce(float frequency, float halflife, float *out_duration, float *out_bounce);
/** The spring that settles within `tolerance` in `settling_time` with the given overshoot (under
 *  damped; overshoot 0 gives the critical spring, for an over damped one use
 *  sp_settling_time_ratio_to_spring). An overshoot below about 1e-38 is 0 in float. Where a peak of
 *  the response touches the band (overshoot = tolerance, or overshoot² = tolerance, ...) the
 *  settling time jumps by up to a period: a peak within 1e-6 (relative) above the band is taken as
 *  inside it, and the returned spring's halflife is lowered by a few ulps so that the peak lies
 *  below the band (its overshoot then differs from the request by about 1e-6), so the spring
 *  settles before that peak, at `settling_time`.
 *  @param[in] settling_time [s] (> 0) sp_spring_settling_time of the result
 *  @param[in] overshoot (≥ 0; < 1) sp_spring_overshoot of the result
 *  @param[in] tolerance ((0, 1)) the band of the settling time
 *  @param[out] out_frequency [Hz] frequency of the spring
 *  @param[out] out_halflife [s] halflife of the spring */
void sp_settling_time_overshoot_to_spring(float settling_time, float overshoot, float tolerance,
                                          float *out_frequency, float *out_halflife);
/** The spring with the given 10–90 % rise time and overshoot (under damped; overshoot 0 gives the
 *  critical spring, for an over damped one use sp_rise_time_ratio_to_spring).
 *  @param[in] rise_time [s] (> 0) sp_spring_rise_time of the result
 *  @param[in] overshoot (≥ 0; < 1) sp_spring_overshoot of the result
 *  @param[out] out_frequency [Hz] frequency of the spring
 *  @param[out] out_halflife [s] halflife of the spring */
void sp_rise_time_overshoot_to_spring(float rise_time, float overshoot, float *out_frequency,
                                      float *out_halflife);
/** The spring of damping ratio ζ (any regime) that settles within `tolerance` in `settling_time`;
 *  a peak that touches the band is taken as inside it, as sp_settling_time_overshoot_to_spring
 *  does. Finite for every ratio down to the smallest floats (ζ = 1e-20 settles in 0.3 s within
 *  2 % at 2.08e20 Hz, halflife 0.106 s), but where the frequency overflows float.
 *  @param[in] settling_time [s] (> 0) sp_spring_settling_time of the result
 *  @param[in] damping_ratio (> 0) sp_spring_damping_ratio of the result
 *  @param[in] tolerance ((0, 1)) the band of the settling time
 *  @param[out] out_frequency [Hz] frequency of the spring; +Inf where it overflows float (ζ·settling_time
 *  below about 1e-39)
 *  @param[out] out_halflife [s] halflife of the spring */
void sp_settling_time_ratio_to_spring(float settling_time, float damping_ratio, float tolerance,
                                      float *out_frequency, float *out_halflife);
/** The spring of damping ratio ζ (any regime) with the given 10–90 % rise time.
 *  @param[in] rise_time [s] (> 0) sp_spring_rise_time of the result
 *  @param[in] damping_ratio (> 0) sp_spring_damping_ratio of the result (0 would be undamped: the
 *  C function returns halflife +Inf, which the springs refuse)
 *  @param[out] out_frequency [Hz] frequency of the spring
 *  @param[out] out_halflife [s] halflife of the spring; +Inf where it overflows float (ζ below about
 *  rise_time·1e-38) */
void sp_rise_time_ratio_to_spring(float rise_time, float damping_ratio, float *out_frequency,
                                  float *out_halflife);

/* ------------------------------------------------------------------------
 * Applications (applications.c)
 * ------------------------------------------------------------------------ */

/** Critical spring on a character's velocity v (acceleration a) toward v_goal, with the
 *  exact integral for its position x.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] a [m/s²] acceleration
 *  @param[in] v_goal [m/s] desired velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_character_update(float *x, float *v, float *a, float v_goal, float halflife, float dt);
/** Future states of sp_spring_character_update at times i·dt, i = 0..count−1; no stepping,
 *  every sample is exact.
 *  @param[out] out_x [m] {count} positions
 *  @param[out] out_v [m/s] {count} velocities
 *  @param[out] out_a [m/s²] {count} accelerations
 *  @param[in] count (≥ 0) number of samples
 *  @param[in] x [m] position now
 *  @param[in] v [m/s] velocity now
 *  @param[in] a [m/s²] acceleration now
 *  @param[in] v_goal [m/s] desired velocity, held
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring
 *  @param[in] dt [s] (≥ 0) time between samples */
void sp_spring_character_predict(float *out_x, float *out_v, float *out_a, int count, float x, float v,
                                 float a, float v_goal, float halflife, float dt);
/** Goal position and velocity of the piecewise-linear curve through npnts points at
 *  parameter t in [0, 1] (clamped); the velocity is the derivative, per unit of t.
 *  @param[out] out_x [m] goal position
 *  @param[out] out_v [m] goal velocity per unit of `t`
 *  @param[in] t curve parameter, clamped to [0, 1]
 *  @param[in] pnts [m] {npnts} the points, evenly spaced in `t`
 *  @param[in] npnts (≥ 1) number of points; ≤ 0 gives 0 and reads nothing */
void sp_piecewise_interpolation(float *out_x, float *out_v, float t, const float *pnts, int npnts);

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

/** Record the offset (src + off) − dst at a transition from src to dst (the article's
 *  inertialize_transition).
 *  @param[in,out] off_x [m] offset position
 *  @param[in,out] off_v [m/s] offset velocity
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity */
void sp_inertialize_transition(float *off_x, float *off_v, float src_x, float src_v, float dst_x,
                               float dst_v);
/** Decay the offset with the exact critical spring and write in + offset to out.
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] off_x [m] offset position
 *  @param[in,out] off_v [m/s] offset velocity
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the offset's decay
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_update(float *out_x, float *out_v, float *off_x, float *off_v, float in_x, float in_v,
                           float halflife, float dt);
/** sp_inertialize_transition per component of a vector.
 *  @param[in,out] off_x [m] offset position
 *  @param[in,out] off_v [m/s] offset velocity
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity */
void sp_inertialize_transition_v3(sp_vec3 *off_x, sp_vec3 *off_v, const sp_vec3 *src_x, const sp_vec3 *src_v,
                                  const sp_vec3 *dst_x, const sp_vec3 *dst_v);
/** sp_inertialize_update per component of a vector.
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] off_x [m] offset position
 *  @param[in,out] off_v [m/s] offset velocity
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the offset's decay
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_update_v3(sp_vec3 *out_x, sp_vec3 *out_v, sp_vec3 *off_x, sp_vec3 *off_v,
                              const sp_vec3 *in_x, const sp_vec3 *in_v, float halflife, float dt);
/** Rotation offset: off ← off·src·dst⁻¹ (shortest arc) and angular velocity
 *  off_v ← off_v + off·src_v − off'·dst_v (world frame), so the output off·in is continuous.
 *  @param[in,out] off_x offset rotation
 *  @param[in,out] off_v [rad/s] offset angular velocity
 *  @param[in] src_x source rotation
 *  @param[in] src_v [rad/s] source angular velocity
 *  @param[in] dst_x destination rotation
 *  @param[in] dst_v [rad/s] destination angular velocity */
void sp_inertialize_transition_quat(sp_quat *off_x, sp_vec3 *off_v, const sp_quat *src_x,
                                    const sp_vec3 *src_v, const sp_quat *dst_x, const sp_vec3 *dst_v);
/** Decay the rotation offset (sp_decay_spring_damper_exact_quat: dt-invariant while the offset
 *  stays within half a turn at the step boundaries); out = off·in, out_v = off_v + off·in_v.
 *  @param[out] out_x output rotation
 *  @param[out] out_v [rad/s] output angular velocity
 *  @param[in,out] off_x offset rotation
 *  @param[in,out] off_v [rad/s] offset angular velocity
 *  @param[in] in_x input rotation
 *  @param[in] in_v [rad/s] input angular velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the offset's decay
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_update_quat(sp_quat *out_x, sp_vec3 *out_v, sp_quat *off_x, sp_vec3 *off_v,
                                const sp_quat *in_x, const sp_vec3 *in_v, float halflife, float dt);

/** The article's decay_cubic: offset dt seconds after a transition with offset (x, v), reaching 0
 *  with zero velocity at blendtime: (1−τ)²·(x + (2x + v·blendtime)·τ), τ = dt/blendtime ≤ 1.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) duration of the blend; 0 gives 0
 *  @param[in] dt [s] (≥ 0) time since the transition
 *  @return [m] the offset */
float sp_decay_cubic(float x, float v, float blendtime, float dt);
/** Offset position and velocity of the cubic inertializer dt seconds after the transition.
 *  @param[out] out_x [m] offset position
 *  @param[out] out_v [m/s] offset velocity
 *  @param[in] init_x [m] offset position at the transition
 *  @param[in] init_v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @param[in] dt [s] (≥ 0) time since the transition */
void sp_decayed_offset_cubic(float *out_x, float *out_v, float init_x, float init_v, float blendtime,
                             float dt);
/** Cubic transition: off ← decayed(off, off_t) + src − dst, off_t ← 0.
 *  @param[in,out] off_x [m] offset position at the last transition
 *  @param[in,out] off_v [m/s] offset velocity at the last transition
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend */
void sp_inertialize_cubic_transition(float *off_x, float *off_v, float *off_t, float src_x, float src_v,
                                     float dst_x, float dst_v, float blendtime);
/** Cubic update: off_t += dt, out = in + decayed offset.
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] off_x [m] offset position at the last transition
 *  @param[in] off_v [m/s] offset velocity at the last transition
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_cubic_update(float *out_x, float *out_v, float *off_t, float off_x, float off_v,
                                 float in_x, float in_v, float blendtime, float dt);
/** sp_inertialize_cubic_transition per component of a vector (the article's signature).
 *  @param[in,out] off_x [m] offset position at the last transition
 *  @param[in,out] off_v [m/s] offset velocity at the last transition
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend */
void sp_inertialize_cubic_transition_v3(sp_vec3 *off_x, sp_vec3 *off_v, float *off_t, const sp_vec3 *src_x,
                                        const sp_vec3 *src_v, const sp_vec3 *dst_x, const sp_vec3 *dst_v,
                                        float blendtime);
/** sp_inertialize_cubic_update per component of a vector (the article's signature).
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] off_x [m] offset position at the last transition
 *  @param[in] off_v [m/s] offset velocity at the last transition
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_cubic_update_v3(sp_vec3 *out_x, sp_vec3 *out_v, float *off_t, const sp_vec3 *off_x,
                                    const sp_vec3 *off_v, const sp_vec3 *in_x, const sp_vec3 *in_v,
                                    float blendtime, float dt);

/** Blend time the quintic inertializer actually uses for offset (x, v): min(blendtime, −5x/v)
 *  when the offset already moves toward zero (Bollo), else blendtime.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @return [s] the blend time used */
float sp_quintic_blendtime(float x, float v, float blendtime);
/** Quintic offset dt seconds after a transition with offset (x, v) (Bollo, GDC 2018): initial
 *  acceleration a0 = −(8·v·t1 + 20·x)/t1², clamped so that a0·x ≥ 0; zero offset, velocity and
 *  acceleration at t1 = sp_quintic_blendtime; never crosses zero.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @param[in] dt [s] (≥ 0) time since the transition
 *  @return [m] the offset */
float sp_decay_quintic(float x, float v, float blendtime, float dt);
/** Offset position, velocity and acceleration of the quintic inertializer dt seconds after the
 *  transition.
 *  @param[out] out_x [m] offset position
 *  @param[out] out_v [m/s] offset velocity
 *  @param[out] out_a [m/s²] offset acceleration
 *  @param[in] init_x [m] offset position at the transition
 *  @param[in] init_v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @param[in] dt [s] (≥ 0) time since the transition */
void sp_decayed_offset_quintic(float *out_x, float *out_v, float *out_a, float init_x, float init_v,
                               float blendtime, float dt);
/** Quintic transition: off ← decayed(off, off_t) + src − dst, off_t ← 0.
 *  @param[in,out] off_x [m] offset position at the last transition
 *  @param[in,out] off_v [m/s] offset velocity at the last transition
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity
 *  @param[in] blendtime [s] (≥ 0) the longest blend */
void sp_inertialize_quintic_transition(float *off_x, float *off_v, float *off_t, float src_x, float src_v,
                                       float dst_x, float dst_v, float blendtime);
/** Quintic update: off_t += dt, out = in + decayed offset.
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] off_x [m] offset position at the last transition
 *  @param[in] off_v [m/s] offset velocity at the last transition
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_quintic_update(float *out_x, float *out_v, float *off_t, float off_x, float off_v,
                                   float in_x, float in_v, float blendtime, float dt);

/** Dead-blending output ext_t seconds after a transition: the source extrapolated from (ext_x, ext_v)
 *  with velocity halving every halflife, cross-faded to in by smoothstep(ext_t/blendtime).
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in] ext_x [m] source position at the transition
 *  @param[in] ext_v [m/s] source velocity at the transition
 *  @param[in] ext_t [s] (≥ 0 or +Inf) time since the transition; +Inf: no blend
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade */
void sp_dead_blending_evaluate(float *out_x, float *out_v, float ext_x, float ext_v, float ext_t, float in_x,
                               float in_v, float halflife, float blendtime);
/** Dead-blending transition: ext ← current output (from ext and the playing src), ext_t ← 0.
 *  @param[in,out] ext_x [m] source position at the last transition
 *  @param[in,out] ext_v [m/s] source velocity at the last transition
 *  @param[in,out] ext_t [s] (≥ 0 or +Inf) time since the last transition; +Inf: no blend
 *  @param[in] src_x [m] position of the source playing now
 *  @param[in] src_v [m/s] velocity of the source playing now
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade */
void sp_dead_blending_transition(float *ext_x, float *ext_v, float *ext_t, float src_x, float src_v,
                                 float halflife, float blendtime);
/** Dead-blending update: ext_t += dt, out = sp_dead_blending_evaluate(...).
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] ext_t [s] (≥ 0 or +Inf) time since the last transition; +Inf: no blend
 *  @param[in] ext_x [m] source position at the last transition
 *  @param[in] ext_v [m/s] source velocity at the last transition
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @param[in] dt [s] (≥ 0) time step */
void sp_dead_blending_update(float *out_x, float *out_v, float *ext_t, float ext_x, float ext_v, float in_x,
                             float in_v, float halflife, float blendtime, float dt);

/* In 2D: the 3D functions on (x, y, 0), so each equals its 3D form in the plane. */
/** sp_inertialize_transition per component of a 2D vector: the offset becomes
 *  (src + offset) − dst.
 *  @param[in,out] off_x [m] offset position
 *  @param[in,out] off_v [m/s] offset velocity
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity */
void sp_inertialize_transition_v2(sp_vec2 *off_x, sp_vec2 *off_v, const sp_vec2 *src_x, const sp_vec2 *src_v,
                                  const sp_vec2 *dst_x, const sp_vec2 *dst_v);
/** sp_inertialize_update per component of a 2D vector.
 *  @param[out] out_x [m] output position, `in_x` + offset
 *  @param[out] out_v [m/s] output velocity, `in_v` + offset velocity
 *  @param[in,out] off_x [m] offset position, decayed
 *  @param[in,out] off_v [m/s] offset velocity, decayed
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] halflife [s] (≥ 0) 0 removes the offset at once
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_inertialize_update_v2(sp_vec2 *out_x, sp_vec2 *out_v, sp_vec2 *off_x, sp_vec2 *off_v,
                              const sp_vec2 *in_x, const sp_vec2 *in_v, float halflife, float dt);
/** sp_inertialize_cubic_transition per component of a 2D vector.
 *  @param[in,out] off_x [m] offset position at the transition
 *  @param[in,out] off_v [m/s] offset velocity at the transition
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition; set to 0
 *  @param[in] src_x [m] source position
 *  @param[in] src_v [m/s] source velocity
 *  @param[in] dst_x [m] destination position
 *  @param[in] dst_v [m/s] destination velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend */
void sp_inertialize_cubic_transition_v2(sp_vec2 *off_x, sp_vec2 *off_v, float *off_t, const sp_vec2 *src_x,
                                        const sp_vec2 *src_v, const sp_vec2 *dst_x, const sp_vec2 *dst_v,
                                        float blendtime);
/** sp_inertialize_cubic_update per component of a 2D vector.
 *  @param[out] out_x [m] output position
 *  @param[out] out_v [m/s] output velocity
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition; advanced by `dt`
 *  @param[in] off_x [m] offset position at the transition
 *  @param[in] off_v [m/s] offset velocity at the transition
 *  @param[in] in_x [m] input position
 *  @param[in] in_v [m/s] input velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @param[in] dt [s] (≥ 0) time step */
void sp_inertialize_cubic_update_v2(sp_vec2 *out_x, sp_vec2 *out_v, float *off_t, const sp_vec2 *off_x,
                                    const sp_vec2 *off_v, const sp_vec2 *in_x, const sp_vec2 *in_v,
                                    float blendtime, float dt);

/* ------------------------------------------------------------------------
 * Extrapolation and easing (extrapolate.c, easing.c)
 * ------------------------------------------------------------------------ */

/** Dead blending's extrapolation: `x` moves on with its velocity `v`, which halves every halflife:
 *  v(t) = v·e^(−λt), x(t) = x + v·(1 − e^(−λt))/λ, λ = ln2/halflife. Exact and dt-invariant.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0 or +Inf) time for the velocity to halve; 0 stops at once, +Inf keeps it
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_extrapolate(float *x, float *v, float halflife, float dt);
/** sp_extrapolate per component of a 2D vector.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0 or +Inf) time for the velocity to halve; 0 stops at once, +Inf keeps it
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_extrapolate_v2(sp_vec2 *x, sp_vec2 *v, float halflife, float dt);
/** sp_extrapolate per component of a 3D vector.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] halflife [s] (≥ 0 or +Inf) time for the velocity to halve; 0 stops at once, +Inf keeps it
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_extrapolate_v3(sp_vec3 *x, sp_vec3 *v, float halflife, float dt);
/** sp_extrapolate of a rotation: it keeps turning about the axis of its (world-frame) angular
 *  velocity, which halves every halflife: x ← exp(v·(1 − e^(−λt))/λ / 2)·x, v ← v·e^(−λt).
 *  @param[in,out] x rotation (unit quaternion)
 *  @param[in,out] v [rad/s] angular velocity (scaled axis, world frame)
 *  @param[in] halflife [s] (≥ 0 or +Inf) time for the angular velocity to halve; 0 stops at once,
 *  +Inf keeps it
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_extrapolate_quat(sp_quat *x, sp_vec3 *v, float halflife, float dt);
/** Cubic easing (the Spring-It-On demos' cubic): the cubic from the current position and velocity
 *  that reaches `g` with zero velocity `blendtime` seconds after the goal was set, stepped exactly
 *  (restarting the cubic from any point of it gives the same cubic, so the step is dt-invariant).
 *  Set `t` = 0 when `g` changes: position and velocity stay continuous.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] t [s] (≥ 0) time since the goal was set; advanced by `dt`
 *  @param[in] g [m] goal
 *  @param[in] blendtime [s] (≥ 0) duration of the easing; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_cubic_easing_update(float *x, float *v, float *t, float g, float blendtime, float dt);
/** Inertial easing: moves to `g` and stops there, accelerating at most `acceleration` in either
 *  direction and arriving with exactly that deceleration: the cubic to g whose duration T solves
 *  A·T² + 2·V·T = 6·D (D the distance to g, V the speed toward it), so a longer move takes longer
 *  (T = √(6D/A) from rest). When g lies within the braking distance V²/2A, or the motion heads
 *  away from g, it first brakes at A to rest (passing g) and then eases back. Depends on the
 *  state only, so it may be retargeted every frame; exact and dt-invariant.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal
 *  @param[in] acceleration [m/s²] (≥ 0 or +Inf) the largest acceleration A; +Inf snaps to `g`, 0
 *  never changes the velocity
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_inertial_easing_update(float *x, float *v, float g, float acceleration, float dt);
/** Time sp_inertial_easing_update takes from (`x`, `v`) to rest at `g`.
 *  @param[in] x [m] position
 *  @param[in] v [m/s] velocity
 *  @param[in] g [m] goal
 *  @param[in] acceleration [m/s²] (> 0 or +Inf) the largest acceleration
 *  @return [s] the time to arrive (0 at rest on `g`, and for an infinite `acceleration`) */
float sp_inertial_easing_duration(float x, float v, float g, float acceleration);

/* ------------------------------------------------------------------------
 * Other springs (other_springs.c)
 * ------------------------------------------------------------------------ */

/* Closed forms in which the inner goal moves during a step as it does between steps, so
 * they are dt-invariant; the article's stepped versions converge to them as dt → 0. */

/** Spring following a second, intermediate spring (xi, vi), each with halflife/2: an S-shaped
 *  start and end.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] xi [m] position of the intermediate spring
 *  @param[in,out] vi [m/s] velocity of the intermediate spring
 *  @param[in] g [m] goal position
 *  @param[in] halflife [s] (≥ 0) halflife of the pair (each spring has half of it)
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_double_spring_damper_exact(float *x, float *v, float *xi, float *vi, float g, float halflife,
                                   float dt);
/** Spring that reaches g at about t_goal seconds from now: it tracks a linear interpolation
 *  xi toward g, apprehension·halflife ahead.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] xi [m] intermediate goal, moving linearly toward `g`
 *  @param[in] g [m] goal position
 *  @param[in] t_goal [s] (not NaN) time left until `g` is reached (pass the remaining time each
 *  frame); ≤ 0 means now
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] apprehension (≥ 0) = 2 how many halflives ahead the spring tracks */
void sp_timed_spring_damper_exact(float *x, float *v, float *xi, float g, float t_goal, float halflife,
                                  float dt, float apprehension);
/** Spring toward g whose intermediate goal xi moves at most at speed max_speed, tracked
 *  apprehension·halflife ahead.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in,out] xi [m] intermediate goal, moving toward `g`
 *  @param[in] g [m] goal position
 *  @param[in] max_speed [m/s] (≥ 0 or +Inf) top speed of `xi`; +Inf jumps
 *  @param[in] halflife [s] (≥ 0) halflife of the spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] apprehension (≥ 0) = 2 how many halflives ahead the spring tracks */
void sp_velocity_spring_damper_exact(float *x, float *v, float *xi, float g, float max_speed, float halflife,
                                     float dt, float apprehension);

/* ------------------------------------------------------------------------
 * Quaternions (quat.c) and the quaternion damper (quat_damper.c)
 * ------------------------------------------------------------------------ */

/** Hamilton product a·b (apply b, then a).
 *  @param[out] out the product (may alias `a` or `b`)
 *  @param[in] a rotation applied second
 *  @param[in] b rotation applied first */
void sp_quat_mul(sp_quat *out, const sp_quat *a, const sp_quat *b);
/** Inverse (conjugate) of a unit quaternion.
 *  @param[out] out the inverse (may alias `q`)
 *  @param[in] q unit rotation */
void sp_quat_inv(sp_quat *out, const sp_quat *q);
/** q or −q, whichever has w ≥ 0 (same rotation, shortest arc).
 *  @param[out] out the result (may alias `q`)
 *  @param[in] q rotation */
void sp_quat_abs(sp_quat *out, const sp_quat *q);
/** q / |q|; the identity for a zero quaternion.
 *  @param[out] out the unit quaternion (may alias `q`)
 *  @param[in] q quaternion */
void sp_quat_normalize(sp_quat *out, const sp_quat *q);
/** Rotation as angle·axis (radians): 2·log(q).
 *  @param[out] out [rad] the scaled axis
 *  @param[in] q unit rotation */
void sp_quat_to_scaled_angle_axis(sp_vec3 *out, const sp_quat *q);
/** Inverse of sp_quat_to_scaled_angle_axis: exp(v / 2).
 *  @param[out] out the unit rotation
 *  @param[in] v [rad] scaled axis: axis × angle */
void sp_quat_from_scaled_angle_axis(sp_quat *out, const sp_vec3 *v);
/** The quaternion exponential of the pure quaternion (0, v): the unit rotation by 2·|v| radians
 *  about v, (v/|v|·sin|v|, cos|v|) (Motion-Matching's quat_exp; sp_quat_from_scaled_angle_axis is
 *  exp(v/2)). Accurate near 0, and for |v| of many turns.
 *  @param[out] out the unit rotation
 *  @param[in] v [rad] half the angle, times the axis */
void sp_quat_exp(sp_quat *out, const sp_vec3 *v);
/** The quaternion logarithm of a unit rotation: half its angle times its axis (Motion-Matching's
 *  quat_log; sp_quat_to_scaled_angle_axis is 2·log(q)). No shortest arc is taken: for w < 0 the
 *  half angle lies in (π/2, π] (apply sp_quat_abs first for the shortest arc). Accurate near the
 *  identity, where acos(w) loses half the digits.
 *  @param[out] out [rad] half the angle, times the axis
 *  @param[in] q unit rotation */
void sp_quat_log(sp_vec3 *out, const sp_quat *q);
/** The shortest rotation taking the direction of p to the direction of q (Motion-Matching's
 *  quat_between): about p×q by the angle between them. p and q need not be unit (their directions
 *  are taken first, any length from the smallest to the largest floats); the identity when either
 *  is zero. For opposite directions, where p×q vanishes and every
 *  axis perpendicular to p is shortest, a half turn about the axis p×e, e the coordinate axis
 *  least aligned with p (the article's formula gives the zero quaternion there).
 *  @param[out] out the unit rotation
 *  @param[in] p [m] the direction to turn from
 *  @param[in] q [m] the direction to turn to */
void sp_quat_between(sp_quat *out, const sp_vec3 *p, const sp_vec3 *q);

/** Rotates `v` by `q` (the article's quat_mul_vec3).
 *  @param[out] out [m] q·v·q⁻¹
 *  @param[in] q rotation (unit quaternion)
 *  @param[in] v [m] vector */
void sp_quat_mul_vec3(sp_vec3 *out, const sp_quat *q, const sp_vec3 *v);
/** Rotates `v` by the inverse of `q` (the article's quat_inv_mul_vec3): world to local.
 *  @param[out] out [m] q⁻¹·v·q
 *  @param[in] q rotation (unit quaternion)
 *  @param[in] v [m] vector */
void sp_quat_inv_mul_vec3(sp_vec3 *out, const sp_quat *q, const sp_vec3 *v);
/** a·b⁻¹ (the article's quat_mul_inv): the rotation from `b` to `a`, in the world frame.
 *  @param[out] out a·b⁻¹
 *  @param[in] a rotation (unit quaternion)
 *  @param[in] b rotation (unit quaternion) */
void sp_quat_mul_inv(sp_quat *out, const sp_quat *a, const sp_quat *b);
/** a⁻¹·b (the article's quat_inv_mul): `b` in the frame of `a`.
 *  @param[out] out a⁻¹·b
 *  @param[in] a rotation (unit quaternion)
 *  @param[in] b rotation (unit quaternion) */
void sp_quat_inv_mul(sp_quat *out, const sp_quat *a, const sp_quat *b);
/** Normalised lerp from `q` to `p` along the shortest arc (`p` negated when q·p < 0).
 *  @param[out] out rotation (unit quaternion)
 *  @param[in] q rotation at `alpha` = 0
 *  @param[in] p rotation at `alpha` = 1
 *  @param[in] alpha blend factor; outside [0, 1] extrapolates */
void sp_quat_nlerp_shortest(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha);
/** Spherical interpolation from `q` to `p` along the shortest arc, at constant angular speed:
 *  exp(alpha·log(p·q⁻¹))·q, accurate for nearly equal rotations.
 *  @param[out] out rotation (unit quaternion)
 *  @param[in] q rotation at `alpha` = 0
 *  @param[in] p rotation at `alpha` = 1
 *  @param[in] alpha blend factor; outside [0, 1] extrapolates along the same great circle */
void sp_quat_slerp_shortest(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha);
/** Rotation by `angle` about `axis` (normalised here; a zero axis gives the identity).
 *  @param[out] out rotation (unit quaternion)
 *  @param[in] angle [rad] angle, right-handed about `axis`
 *  @param[in] axis rotation axis, any length */
void sp_quat_from_angle_axis(sp_quat *out, float angle, const sp_vec3 *axis);
/** Angle and unit axis of `q`: q = (axis·sin(angle/2), cos(angle/2)) with angle in [0, 2π]
 *  (apply sp_quat_abs first for the shortest, ≤ π); the identity gives angle 0 and axis (1, 0, 0).
 *  @param[out] out_angle [rad] angle in [0, 2π]
 *  @param[out] out_axis unit axis
 *  @param[in] q rotation (unit quaternion) */
void sp_quat_to_angle_axis(float *out_angle, sp_vec3 *out_axis, const sp_quat *q);
/** Angular velocity (world frame) that turns `curr` into `next` in `dt` seconds along the
 *  shortest arc: 2·log(next·curr⁻¹)/dt (the article's quat_differentiate_angular_velocity).
 *  @param[out] out [rad/s] angular velocity; zero when `dt` = 0
 *  @param[in] next rotation after `dt`
 *  @param[in] curr rotation now
 *  @param[in] dt [s] (≥ 0) time between them */
void sp_quat_differentiate_angular_velocity(sp_vec3 *out, const sp_quat *next, const sp_quat *curr, float dt);
/** Rotation reached from `curr` turning at a constant angular velocity (world frame) for `dt`:
 *  exp(angular_velocity·dt/2)·curr (the article's quat_integrate_angular_velocity).
 *  @param[out] out rotation (unit quaternion)
 *  @param[in] angular_velocity [rad/s] angular velocity (scaled axis, world frame)
 *  @param[in] curr rotation now
 *  @param[in] dt [s] (≥ 0) time step */
void sp_quat_integrate_angular_velocity(sp_quat *out, const sp_vec3 *angular_velocity, const sp_quat *curr,
                                        float dt);
/** Exact damper on a rotation: `x` turns toward `g` along the shortest arc by the fraction
 *  1 − 2^(−dt/halflife) of the angle between them (true slerp, so dt-invariant).
 *  @param[in,out] x rotation (unit quaternion)
 *  @param[in] g goal rotation (unit quaternion)
 *  @param[in] halflife [s] (≥ 0) time to turn half the way; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_damper_exact_quat(sp_quat *x, const sp_quat *g, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Quaternion springs (quat_springs.c)
 * ------------------------------------------------------------------------ */

/** Critical spring on a rotation toward goal along the shortest arc (the article's
 *  simple_spring_damper_implicit_quat, with the exact exponential): the offset
 *  j = 2·log(x·goal⁻¹), |j| ≤ π, moves as e^(−y·t)·((1 + y·t)·j + t·v) through the step. Chained steps equal one long step while |j|
 *  stays ≤ π at every step boundary; past half a turn the next step pulls the rotation back the
 *  short way, so the result then depends on where the boundaries fall. Since |j| never exceeds
 *  angle + 0.265·halflife·|v| (0.265 = 1/(2e·ln2)), a spring within that bound, and any spring
 *  released at rest, is dt-invariant.
 *  @param[in,out] x unit rotation
 *  @param[in,out] v [rad/s] angular velocity (world frame, scaled axis)
 *  @param[in] goal unit rotation
 *  @param[in] halflife [s] (≥ 0) 0 snaps to goal
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simple_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife,
                                        float dt);
/** sp_simple_spring_damper_exact_quat toward the identity (and dt-invariant on the same
 *  condition).
 *  @param[in,out] x unit rotation
 *  @param[in,out] v [rad/s] angular velocity
 *  @param[in] halflife [s] (≥ 0) 0 snaps to the identity
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_decay_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Batches (batch.c): many springs per call over caller-owned SoA arrays
 *
 * A batch holds n elements of dim floats each (any dim ≥ 1: 1 scalars, 2 vec2, 3 vec3,
 * 4 vec4, ...): every state and goal is its own array of n·dim floats, element i at
 * [i·dim, i·dim + dim). `halflife` (and `frequency`) point to one float shared by all
 * elements (per_element = 0) or to n floats, one per element (per_element = 1). Every
 * element equals the scalar function applied to it, bit for bit, but where x − g overflows
 * float (finite values of opposite signs beyond FLT_MAX/2): the scalar functions then step
 * the halves, the batches' branch-free loops give a non-finite element. A non-finite input
 * of one element changes that element only. Quaternion batches store x,y,z,w per element and
 * the angular velocity x,y,z per element.
 * ------------------------------------------------------------------------ */

/** sp_damper_exact on every float of x toward g.
 *  @param[in,out] x [m] {n·dim} positions
 *  @param[in] g [m] {n·dim} goals
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of elements
 *  @param[in] dim (≥ 1) floats per element */
void sp_damper_exact_batch(float *x, const float *g, const float *halflife, int per_element, float dt, int n,
                           int dim);
/** sp_critical_spring_damper_exact on every float of (x, v) toward goal g with goal velocity q.
 *  @param[in,out] x [m] {n·dim} positions
 *  @param[in,out] v [m/s] {n·dim} velocities
 *  @param[in] g [m] {n·dim} goal positions
 *  @param[in] q [m/s] {n·dim} goal velocities
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of elements
 *  @param[in] dim (≥ 1) floats per element */
void sp_critical_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q,
                                           const float *halflife, int per_element, float dt, int n, int dim);
/** sp_simple_spring_damper_exact on every float of (x, v) toward g.
 *  @param[in,out] x [m] {n·dim} positions
 *  @param[in,out] v [m/s] {n·dim} velocities
 *  @param[in] g [m] {n·dim} goal positions
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of elements
 *  @param[in] dim (≥ 1) floats per element */
void sp_simple_spring_damper_exact_batch(float *x, float *v, const float *g, const float *halflife,
                                         int per_element, float dt, int n, int dim);
/** sp_decay_spring_damper_exact on every float of (x, v).
 *  @param[in,out] x [m] {n·dim} positions
 *  @param[in,out] v [m/s] {n·dim} velocities
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of elements
 *  @param[in] dim (≥ 1) floats per element */
void sp_decay_spring_damper_exact_batch(float *x, float *v, const float *halflife, int per_element, float dt,
                                        int n, int dim);
/** sp_spring_damper_exact on every float of (x, v), frequency shared or per element like halflife.
 *  @param[in,out] x [m] {n·dim} positions
 *  @param[in,out] v [m/s] {n·dim} velocities
 *  @param[in] g [m] {n·dim} goal positions
 *  @param[in] q [m/s] {n·dim} goal velocities
 *  @param[in] frequency [Hz] {1 or n} (≥ 0; > 0 when q ≠ 0) frequency, shared or per element
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `frequency` and `halflife` hold n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of elements
 *  @param[in] dim (≥ 1) floats per element */
void sp_spring_damper_exact_batch(float *x, float *v, const float *g, const float *q, const float *frequency,
                                  const float *halflife, int per_element, float dt, int n, int dim);
/** sp_simple_spring_damper_exact_quat on n rotations.
 *  @param[in,out] x {4·n} rotations x,y,z,w
 *  @param[in,out] v [rad/s] {3·n} angular velocities
 *  @param[in] goal {4·n} (nullable) goal rotations; NULL: the identity
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of rotations */
void sp_simple_spring_damper_exact_quat_batch(float *x, float *v, const float *goal, const float *halflife,
                                              int per_element, float dt, int n);
/** sp_decay_spring_damper_exact_quat on n rotations.
 *  @param[in,out] x {4·n} rotations x,y,z,w
 *  @param[in,out] v [rad/s] {3·n} angular velocities
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of rotations */
void sp_decay_spring_damper_exact_quat_batch(float *x, float *v, const float *halflife, int per_element,
                                             float dt, int n);
/** sp_damper_exact_quat on n rotations `x` (x,y,z,w each) toward `g`, with one shared halflife
 *  (per_element = 0) or one per element (per_element = 1); bit for bit the scalar function.
 *  @param[in,out] x {4·n} rotations x,y,z,w
 *  @param[in] g {4·n} (nullable) goal rotations; NULL: the identity
 *  @param[in] halflife [s] {1 or n} (≥ 0) halflife, shared or per element
 *  @param[in] per_element ([0, 1]) 1: `halflife` holds n floats
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] n (≥ 0) number of rotations */
void sp_damper_exact_quat_batch(float *x, const float *g, const float *halflife, int per_element, float dt,
                                int n);

/* ------------------------------------------------------------------------
 * Pose inertializer (batch_pose.c): a skeleton of n bones per call
 *
 * A pose is 13·n floats: positions (3n), velocities (3n), rotations (4n, x,y,z,w) and
 * angular velocities (3n, world frame); the offset `off` has the same layout (all zero,
 * rotations the identity, before the first transition). Rotations and angular velocities
 * follow sp_inertialize_transition_quat / sp_inertialize_update_quat, so the output's
 * rotation and angular velocity are continuous across every transition.
 * ------------------------------------------------------------------------ */

/** Spring inertializer transition of every bone: off becomes (src + off) − dst (rotations as
 *  sp_inertialize_transition_quat).
 *  @param[in,out] off {13·n} the offset pose
 *  @param[in] src {13·n} the pose that was playing
 *  @param[in] dst {13·n} the pose that plays now
 *  @param[in] n (≥ 0) number of bones */
void sp_inertialize_pose_transition(float *off, const float *src, const float *dst, int n);
/** Decays off by a critical spring of the given halflife over dt and writes out = in + off (rotations as
 *  sp_inertialize_update_quat, dt-invariant on the condition of sp_simple_spring_damper_exact_quat).
 *  @param[out] out {13·n} the blended pose
 *  @param[in,out] off {13·n} the offset pose
 *  @param[in] in {13·n} the pose playing now
 *  @param[in] halflife [s] (≥ 0) halflife of the offset's decay
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] n (≥ 0) number of bones */
void sp_inertialize_pose_update(float *out, float *off, const float *in, float halflife, float dt, int n);
/** Cubic pose inertializer: starts a blend from src to dst; off keeps the offset at the
 *  transition and *off_t the time since.
 *  @param[in,out] off {13·n} the offset pose
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition; set to 0
 *  @param[in] src {13·n} the pose that was playing
 *  @param[in] dst {13·n} the pose that plays now
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @param[in] n (≥ 0) number of bones */
void sp_inertialize_pose_cubic_transition(float *off, float *off_t, const float *src, const float *dst,
                                          float blendtime, int n);
/** Cubic pose inertializer: advances *off_t by dt and writes in + the offset decayed by the cubic
 *  (positions per component, rotations on their scaled angle-axis) to out.
 *  @param[out] out {13·n} the blended pose
 *  @param[in,out] off_t [s] (≥ 0) time since the last transition
 *  @param[in] off {13·n} the offset at the last transition
 *  @param[in] in {13·n} the pose playing now
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] n (≥ 0) number of bones */
void sp_inertialize_pose_cubic_update(float *out, float *off_t, const float *off, const float *in,
                                      float blendtime, float dt, int n);

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
#define SP_COST_APPROX 1 /* |feature difference| (the |signed area| of the offset, but for the quintic) */
/* exact − approx: ≥ 0 for the spring, cubic and dead blending (the approximation is |∫offset|
 * of the same offset; rounding below 0 is returned as 0). For the quintic the feature is the
 * area of the quintic without Bollo's adjustments (no acceleration clamp, full blend time):
 * with r = −v·blendtime/x, the difference is 0 (to rounding) for r ≤ 5/2, > 0 up to
 * r = 5/2 + (5/6)·√21 ≈ 6.32, and < 0 beyond, where Bollo shortens the blend time to 5/r of
 * it and the offset covers less area than the feature counts. */
#define SP_COST_ERROR 2
#define SP_COST_BASIC 3 /* |x| + weight·|v| */

/** Time t > 0 at which the decaying spring offset crosses zero, −x/(v + x·y).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer
 *  @return [s] (> 0 or +Inf) the crossing time, or +Inf if it never crosses */
float sp_decay_spring_damper_intersection(float x, float v, float halflife);
/** ∫₀^∞ |offset| of the spring inertializer, split at the zero crossing (exact closed form).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer
 *  @return [m·s] (≥ 0) the displacement */
float sp_decay_spring_damper_displacement(float x, float v, float halflife);
/** |2·x·y + v| / y², y = 2·ln2/halflife: the article's approximation (exact when no crossing).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer
 *  @return [m·s] (≥ 0) the approximate displacement */
float sp_decay_spring_damper_displacement_approx(float x, float v, float halflife);
/** Motion-matching feature 2·pos/y + vel/y² of the spring inertializer.
 *  @param[in] pos [m] position
 *  @param[in] vel [m/s] velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer
 *  @return [m·s] the feature */
float sp_decay_spring_damper_feature(float pos, float vel, float halflife);
/** Time in (0, blendtime) at which the cubic offset crosses zero.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @return [s] (> 0 or +Inf) the crossing time, or +Inf if it does not cross */
float sp_decay_cubic_intersection(float x, float v, float blendtime);
/** ∫₀^blendtime |offset| of the cubic inertializer, split at the zero crossing (exact closed form).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @return [m·s] (≥ 0) the displacement */
float sp_decay_cubic_displacement(float x, float v, float blendtime);
/** blendtime·|x/2 + blendtime·v/12|: the cubic approximation (exact when no crossing).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @return [m·s] (≥ 0) the approximate displacement */
float sp_decay_cubic_displacement_approx(float x, float v, float blendtime);
/** Motion-matching feature z·pos/2 + z²·vel/12 (z = blendtime) of the cubic inertializer.
 *  @param[in] pos [m] position
 *  @param[in] vel [m/s] velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the blend
 *  @return [m·s] the feature */
float sp_decay_cubic_feature(float pos, float vel, float blendtime);
/** ∫₀^t1 |offset| of the quintic inertializer (never crosses zero: exact closed form).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @return [m·s] (≥ 0) the displacement */
float sp_decay_quintic_displacement(float x, float v, float blendtime);
/** blendtime·|x/2 + blendtime·v/10|: exact while Bollo's acceleration clamp is active (2.5·x +
 *  v·blendtime has the sign of x, or x = 0 and v ≥ 0: the common case), an approximation otherwise.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @return [m·s] (≥ 0) the approximate displacement */
float sp_decay_quintic_displacement_approx(float x, float v, float blendtime);
/** Motion-matching feature z·pos/2 + z²·vel/10 (z = blendtime) of the quintic inertializer.
 *  @param[in] pos [m] position
 *  @param[in] vel [m/s] velocity
 *  @param[in] blendtime [s] (≥ 0) the longest blend
 *  @return [m·s] the feature */
float sp_decay_quintic_feature(float pos, float vel, float blendtime);
/** Time in (0, blendtime) at which the dead-blended offset crosses zero. The destination is
 *  assumed extrapolated like the source, so the offset is (1 − smoothstep)·(x + v·(1 − e^(−λt))/λ).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [s] (> 0 or +Inf) the crossing time, or +Inf if it does not cross */
float sp_dead_blending_intersection(float x, float v, float halflife, float blendtime);
/** ∫₀^blendtime |offset| of dead blending (closed form, split at the zero crossing).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [m·s] (≥ 0) the displacement */
float sp_dead_blending_displacement(float x, float v, float halflife, float blendtime);
/** |∫ offset| of dead blending: blendtime·|x/2 + blendtime·K·v|, K = ∫₀¹ (1 − smoothstep)·E.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [m·s] (≥ 0) the approximate displacement */
float sp_dead_blending_displacement_approx(float x, float v, float halflife, float blendtime);
/** Motion-matching feature z·pos/2 + z²·K·vel of dead blending.
 *  @param[in] pos [m] position
 *  @param[in] vel [m/s] velocity
 *  @param[in] halflife [s] (≥ 0 or +Inf) halflife of the extrapolated velocity; +Inf keeps it (the
 *  article's dead blending, with no decay)
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [m·s] the feature */
float sp_dead_blending_feature(float pos, float vel, float halflife, float blendtime);
/** The basic cost |x| + weight·|v|, for comparison.
 *  @param[in] x [m] offset position
 *  @param[in] v [m/s] offset velocity
 *  @param[in] weight [s] weight of the velocity
 *  @return [m] the cost */
float sp_transition_cost_basic(float x, float v, float weight);
/** Feature coefficients (cp, cv) of an inertializer: feature = cp·pos + cv·vel.
 *  @param[out] out_pos [s] cp
 *  @param[out] out_vel [s²] cv
 *  @param[in] inertializer (SP_INERTIALIZER_*) which inertializer
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer and of dead blending
 *  @param[in] blendtime [s] (≥ 0) blend time of the others */
void sp_inertialization_feature_coefficients(float *out_pos, float *out_vel, int inertializer, float halflife,
                                             float blendtime);
/** One transition cost, of an unknown kind NaN.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] inertializer (SP_INERTIALIZER_*) which inertializer
 *  @param[in] measure (SP_COST_*) which cost
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer and of dead blending
 *  @param[in] blendtime [s] (≥ 0) blend time of the others
 *  @param[in] weight [s] velocity weight of SP_COST_BASIC
 *  @return [m·s] the cost ([m] for SP_COST_BASIC) */
float sp_transition_cost(float x, float v, int inertializer, int measure, float halflife, float blendtime,
                         float weight);
/** Cost landscape: out[j·nx + i] = sp_transition_cost at x = x_min..x_max (i = 0..nx−1, endpoints
 *  included) and v = v_min..v_max (j = 0..ny−1).
 *  @param[out] out {nx·ny} the costs, row-major
 *  @param[in] nx (≥ 1) columns
 *  @param[in] ny (≥ 1) rows
 *  @param[in] x_min [m] first column's offset position
 *  @param[in] x_max [m] last column's offset position
 *  @param[in] v_min [m/s] first row's offset velocity
 *  @param[in] v_max [m/s] last row's offset velocity
 *  @param[in] inertializer (SP_INERTIALIZER_*) which inertializer
 *  @param[in] measure (SP_COST_*) which cost
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer and of dead blending
 *  @param[in] blendtime [s] (≥ 0) blend time of the others
 *  @param[in] weight [s] velocity weight of SP_COST_BASIC
 *  @return (≥ 0) nx·ny, the floats written; 0 (nothing written) for nx, ny ≤ 0, nx·ny > INT_MAX
 *  or an unknown kind */
int sp_transition_cost_landscape(float *out, int nx, int ny, float x_min, float x_max, float v_min,
                                 float v_max, int inertializer, int measure, float halflife, float blendtime,
                                 float weight);
/** Motion-matching features of rows × dims positions and velocities (row-major).
 *  @param[out] out [m·s] {rows·dims} the features
 *  @param[in] pos [m] {rows·dims} positions
 *  @param[in] vel [m/s] {rows·dims} velocities
 *  @param[in] rows (≥ 1) rows
 *  @param[in] dims (≥ 1) floats per row
 *  @param[in] inertializer (SP_INERTIALIZER_*) which inertializer
 *  @param[in] halflife [s] (≥ 0) halflife of the spring inertializer and of dead blending
 *  @param[in] blendtime [s] (≥ 0) blend time of the others
 *  @return (≥ 0) rows; 0 (nothing written) for bad sizes (≤ 0, rows·dims > INT_MAX) or an unknown
 *  inertializer */
int sp_inertialization_features(float *out, const float *pos, const float *vel, int rows, int dims,
                                int inertializer, float halflife, float blendtime);
/** Brute-force nearest row of database to query by Euclidean distance (the first on ties).
 *  @param[out] out_cost [m·s] the distance; +Inf when there is no row
 *  @param[in] database [m·s] {rows·dims} the features, row-major
 *  @param[in] rows (≥ 0) rows
 *  @param[in] dims (≥ 1) floats per row
 *  @param[in] query [m·s] {dims} the features searched for
 *  @return (≥ −1) index of the nearest row, or −1 when there is none */
int sp_inertialization_search(float *out_cost, const float *database, int rows, int dims, const float *query);

/* ------------------------------------------------------------------------
 * Tracking springs (tracking.c) — "Perfect Tracking with Springs"
 *
 * Per frame i the tracker moves from the goal sample s_i to s_(i+1): x_goal is the
 * goal's next position s_(i+1), v_goal its mean velocity over the step
 * (s_(i+1) − s_i)/dt, a_goal the change of that mean velocity per second. Once
 * converged, x equals the goal samples and v the goal's mean velocity of the last step.
 * ------------------------------------------------------------------------ */

/** The article's tracker: v blends toward v + a_goal·dt, v_goal, (x_goal − x)/dt by the
 *  gains (fractions per frame, frame-rate dependent), then x += v·dt.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] a_goal [m/s²] the change of that mean velocity per second
 *  @param[in] x_gain fraction of the position error removed per frame (clamped to [0, 1])
 *  @param[in] v_gain fraction of the velocity error removed per frame (clamped to [0, 1])
 *  @param[in] a_gain fraction of the goal's acceleration followed per frame (clamped to [0, 1])
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update(float *x, float *v, float x_goal, float v_goal, float a_goal, float x_gain,
                               float v_gain, float a_gain, float dt);
/** sp_tracking_spring_update without the acceleration blend (a step whose a_goal is bad).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] x_gain fraction of the position error removed per frame (clamped to [0, 1])
 *  @param[in] v_gain fraction of the velocity error removed per frame (clamped to [0, 1])
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_no_acceleration(float *x, float *v, float x_goal, float v_goal, float x_gain,
                                               float v_gain, float dt);
/** sp_tracking_spring_update with only the position blend (a step across a discontinuity).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] x_gain fraction of the position error removed per frame (clamped to [0, 1])
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_no_velocity_acceleration(float *x, float *v, float x_goal, float x_gain,
                                                        float dt);
/** The article's improved tracker: the three blends are sp_damper_exact with halflives.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] a_goal [m/s²] the change of that mean velocity per second
 *  @param[in] x_halflife [s] (≥ 0) halflife of the position blend (the article's 1)
 *  @param[in] v_halflife [s] (≥ 0) halflife of the velocity blend (the article's 0.05)
 *  @param[in] a_halflife [s] (≥ 0) halflife of the acceleration blend (the article's 0)
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_improved(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                        float x_halflife, float v_halflife, float a_halflife, float dt);
/** sp_tracking_spring_update_improved without the acceleration blend (a step whose a_goal is bad):
 *  the article's tracking_spring_update_no_acceleration_improved.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] x_halflife [s] (≥ 0) halflife of the position blend
 *  @param[in] v_halflife [s] (≥ 0) halflife of the velocity blend
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_no_acceleration_improved(float *x, float *v, float x_goal, float v_goal,
                                                        float x_halflife, float v_halflife, float dt);
/** sp_tracking_spring_update_improved with only the position blend (a step across a discontinuity):
 *  the article's tracking_spring_update_no_velocity_acceleration_improved.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] x_halflife [s] (≥ 0) halflife of the position blend
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_no_velocity_acceleration_improved(float *x, float *v, float x_goal,
                                                                 float x_halflife, float dt);
/** The exact tracker of the article's repository (its tracking_spring_update_exact, which takes the
 *  gains; named here with `_gains` beside sprung's own sp_tracking_spring_update_exact): the gain
 *  tracker's step read as a spring whose acceleration is the step's change of velocity per gain_dt.
 *  With the gains clamped to [0, 1] and t0 = (1 − v_gain)(1 − x_gain), it is the exact spring
 *  (sp_spring_damper_exact_stiffness) of stiffness x_gain/gain_dt², damping (1 − t0)/gain_dt,
 *  toward x_goal with goal velocity (v_gain·(1 − x_gain)·v_goal/gain_dt + a_gain·t0·a_goal)/damping,
 *  over dt: dt-invariant, at the gains' feel. Its goal is the next sample held through the step,
 *  so it trails a moving goal instead of reproducing its samples (sp_tracking_spring_update_exact
 *  does). The repository's tracking_spring_update_no_acceleration_exact is this with a_gain = 0,
 *  and its no_velocity_acceleration_exact with v_gain = a_gain = 0. Gains of 0 (no damping, no
 *  stiffness) leave the free motion under a_gain·a_goal.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] a_goal [m/s²] the change of that mean velocity per second
 *  @param[in] x_gain fraction of the position error removed per gain_dt (clamped to [0, 1])
 *  @param[in] v_gain fraction of the velocity error removed per gain_dt (clamped to [0, 1])
 *  @param[in] a_gain fraction of the goal's acceleration followed (clamped to [0, 1])
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing
 *  @param[in] gain_dt [s] (> 0) = 1/60 the frame time the gains were tuned at */
void sp_tracking_spring_update_exact_gains(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                           float x_gain, float v_gain, float a_gain, float dt, float gain_dt);
/** dt-invariant tracker: the error to the goal (x − s_i, v − v_goal + a_goal·dt) evolves as an
 *  exact spring of this frequency and halflife, then x = x_goal + error; converged it
 *  reproduces the goal samples exactly at any frame rate.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] a_goal [m/s²] the change of that mean velocity per second
 *  @param[in] frequency [Hz] (≥ 0) frequency of the error's spring
 *  @param[in] halflife [s] (≥ 0) halflife of the error's spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_exact(float *x, float *v, float x_goal, float v_goal, float a_goal,
                                     float frequency, float halflife, float dt);
/** sp_tracking_spring_update_exact when a_goal is unknown: the goal's velocity is taken as constant.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] v_goal [m/s] the goal's mean velocity over the step
 *  @param[in] frequency [Hz] (≥ 0) frequency of the error's spring
 *  @param[in] halflife [s] (≥ 0) halflife of the error's spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_exact_no_acceleration(float *x, float *v, float x_goal, float v_goal,
                                                     float frequency, float halflife, float dt);
/** sp_tracking_spring_update_exact when only x_goal is known: the goal is taken to move at the
 *  tracker's own velocity over the step (use it on the step across a discontinuity).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] x_goal [m] the goal's next sample
 *  @param[in] frequency [Hz] (≥ 0) frequency of the error's spring
 *  @param[in] halflife [s] (≥ 0) halflife of the error's spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_tracking_spring_update_exact_no_velocity_acceleration(float *x, float *v, float x_goal,
                                                              float frequency, float halflife, float dt);
/** Frequency and halflife of the sp_tracking_spring_update_exact whose error decays at the
 *  same rates (eigenvalues) as sp_tracking_spring_update with a_gain = 1 at reference_dt.
 *  @param[in] x_gain position gain (clamped to [0, 1]; 1 gives halflife 0)
 *  @param[in] v_gain velocity gain (clamped to [0, 1])
 *  @param[in] reference_dt [s] (≥ 0) the frame time the gains were tuned at, e.g. 1/60
 *  @param[out] out_frequency [Hz] the spring's frequency
 *  @param[out] out_halflife [s] the spring's halflife */
void sp_tracking_gains_to_spring(float x_gain, float v_gain, float reference_dt, float *out_frequency,
                                 float *out_halflife);
/** Goal velocity by finite difference (x_next − x_curr)/dt.
 *  @param[in] x_next [m] next sample
 *  @param[in] x_curr [m] current sample
 *  @param[in] dt [s] (≥ 0) time between them
 *  @return [m/s] the velocity; 0 when `dt` = 0 */
float sp_tracking_target_velocity(float x_next, float x_curr, float dt);
/** Goal acceleration by finite difference at a fixed dt (the article's).
 *  @param[in] x_next [m] next sample
 *  @param[in] x_curr [m] current sample
 *  @param[in] x_prev [m] previous sample
 *  @param[in] dt [s] (≥ 0) time between samples
 *  @return [m/s²] the acceleration; 0 when `dt` = 0 */
float sp_tracking_target_acceleration(float x_next, float x_curr, float x_prev, float dt);
/** Goal acceleration when the last two steps differ: ((x_next − x_curr)/dt − (x_curr − x_prev)/dt_prev)/dt,
 *  so that v_goal_prev + a·dt = v_goal exactly.
 *  @param[in] x_next [m] next sample
 *  @param[in] x_curr [m] current sample
 *  @param[in] x_prev [m] previous sample
 *  @param[in] dt [s] (≥ 0) time from `x_curr` to `x_next`
 *  @param[in] dt_prev [s] (≥ 0) time from `x_prev` to `x_curr`
 *  @return [m/s²] the acceleration; 0 when `dt` or `dt_prev` is 0 */
float sp_tracking_target_acceleration_varying(float x_next, float x_curr, float x_prev, float dt,
                                              float dt_prev);
/** Clipping for unknown discontinuities: value clamped to [−limit, limit].
 *  @param[in] value value to clip
 *  @param[in] limit (≥ 0) largest magnitude kept
 *  @return the clipped value */
float sp_tracking_clip(float value, float limit);

/* ------------------------------------------------------------------------
 * Character control (character.c, obstacles.c) — "Code vs Data Driven Displacement"
 * Y is up, characters face +Z; the camera azimuth is a rotation about +Y, and the
 * stick's +Z is the camera's forward.
 * ------------------------------------------------------------------------ */

/** Desired world velocity from the left stick, the camera azimuth and the speeds forward,
 *  sideways and backward relative to the simulation's facing.
 *  @param[out] out [m/s] the desired velocity
 *  @param[in] gamepadstick_left the stick: x right, z forward, length ≤ 1
 *  @param[in] camera_azimuth [rad] camera rotation about +Y
 *  @param[in] simulation_rotation the simulation object's rotation
 *  @param[in] fwrd_speed [m/s] speed forward
 *  @param[in] side_speed [m/s] speed sideways
 *  @param[in] back_speed [m/s] speed backward */
void sp_desired_velocity_update(sp_vec3 *out, const sp_vec3 *gamepadstick_left, float camera_azimuth,
                                const sp_quat *simulation_rotation, float fwrd_speed, float side_speed,
                                float back_speed);
/** Turns desired_rotation to face the horizontal direction of desired_direction (yaw about +Y)
 *  when its horizontal length exceeds deadzone; otherwise leaves it unchanged.
 *  @param[in,out] desired_rotation the desired rotation
 *  @param[in] desired_direction direction to face (e.g. the desired velocity)
 *  @param[in] deadzone (≥ 0) horizontal length below which nothing turns */
void sp_desired_rotation_update(sp_quat *desired_rotation, const sp_vec3 *desired_direction, float deadzone);
/** Simulation object: velocity is a critical spring toward desired_velocity, position its exact
 *  integral (sp_spring_character_update on each axis).
 *  @param[in,out] position [m] position
 *  @param[in,out] velocity [m/s] velocity
 *  @param[in,out] acceleration [m/s²] acceleration
 *  @param[in] desired_velocity [m/s] desired velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simulation_position_update(sp_vec3 *position, sp_vec3 *velocity, sp_vec3 *acceleration,
                                   const sp_vec3 *desired_velocity, float halflife, float dt);
/** Simulation object: rotation is a critical spring toward desired_rotation
 *  (sp_simple_spring_damper_exact_quat).
 *  @param[in,out] rotation rotation
 *  @param[in,out] angular_velocity [rad/s] angular velocity
 *  @param[in] desired_rotation desired rotation
 *  @param[in] halflife [s] (≥ 0) halflife of the rotation spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simulation_rotation_update(sp_quat *rotation, sp_vec3 *angular_velocity,
                                   const sp_quat *desired_rotation, float halflife, float dt);
/** Future positions, velocities, accelerations at times[i] seconds from now (or i·dt when
 *  times is NULL), desired velocity held: exact, no stepping. Null outputs are skipped.
 *  @param[out] out_positions [m] {count} (nullable) positions
 *  @param[out] out_velocities [m/s] {count} (nullable) velocities
 *  @param[out] out_accelerations [m/s²] {count} (nullable) accelerations
 *  @param[in] times [s] {count} (nullable) sample times from now; NULL: i·`dt`
 *  @param[in] dt [s] (≥ 0) time between samples when `times` is NULL
 *  @param[in] count (≥ 0) number of samples
 *  @param[in] position [m] position now
 *  @param[in] velocity [m/s] velocity now
 *  @param[in] acceleration [m/s²] acceleration now
 *  @param[in] desired_velocity [m/s] desired velocity, held
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring */
void sp_trajectory_predict_positions(sp_vec3 *out_positions, sp_vec3 *out_velocities,
                                     sp_vec3 *out_accelerations, const float *times, float dt, int count,
                                     const sp_vec3 *position, const sp_vec3 *velocity,
                                     const sp_vec3 *acceleration, const sp_vec3 *desired_velocity,
                                     float halflife);
/** Future rotations and angular velocities at times[i] (or i·dt when times is NULL), desired
 *  rotation held: exact, unit length. Null outputs are skipped.
 *  @param[out] out_rotations {count} (nullable) rotations
 *  @param[out] out_angular_velocities [rad/s] {count} (nullable) angular velocities
 *  @param[in] times [s] {count} (nullable) sample times from now; NULL: i·`dt`
 *  @param[in] dt [s] (≥ 0) time between samples when `times` is NULL
 *  @param[in] count (≥ 0) number of samples
 *  @param[in] rotation rotation now
 *  @param[in] angular_velocity [rad/s] angular velocity now
 *  @param[in] desired_rotation desired rotation, held
 *  @param[in] halflife [s] (≥ 0) halflife of the rotation spring */
void sp_trajectory_predict_rotations(sp_quat *out_rotations, sp_vec3 *out_angular_velocities,
                                     const float *times, float dt, int count, const sp_quat *rotation,
                                     const sp_vec3 *angular_velocity, const sp_quat *desired_rotation,
                                     float halflife);
/** Trajectory prediction of n characters in one call (batch_trajectory.c): character c's state
 *  (state[16c..]: position 3, velocity 3, acceleration 3, rotation 4, angular velocity 3) and
 *  goal (goal[7c..]: desired velocity 3, desired rotation 4) give, at out[16·count·c..],
 *  positions, velocities, accelerations (3·count each), rotations (4·count) and angular
 *  velocities (3·count), each exactly as sp_trajectory_predict_positions/_rotations.
 *  @param[out] out {16·count·n} the predictions
 *  @param[in] state {16·n} the characters' states
 *  @param[in] goal {7·n} the characters' desired velocities and rotations
 *  @param[in] times [s] {count} (nullable) sample times from now; NULL: i·`dt`
 *  @param[in] dt [s] (≥ 0) time between samples when `times` is NULL
 *  @param[in] count (≥ 1) samples per character
 *  @param[in] position_halflife [s] (≥ 0) halflife of the velocity springs
 *  @param[in] rotation_halflife [s] (≥ 0) halflife of the rotation springs
 *  @param[in] n (≥ 0) number of characters */
void sp_trajectory_predict_batch(float *out, const float *state, const float *goal, const float *times,
                                 float dt, int count, float position_halflife, float rotation_halflife,
                                 int n);

/* In 2D: the 3D functions on (x, y, 0), so each equals its 3D form in the plane. */
/** Simulation object in 2D: velocity a critical spring toward `desired_velocity`, position its
 *  exact integral (sp_spring_character_update on each axis).
 *  @param[in,out] position [m] position
 *  @param[in,out] velocity [m/s] velocity
 *  @param[in,out] acceleration [m/s²] acceleration
 *  @param[in] desired_velocity [m/s] desired velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simulation_position_update_v2(sp_vec2 *position, sp_vec2 *velocity, sp_vec2 *acceleration,
                                      const sp_vec2 *desired_velocity, float halflife, float dt);
/** Future positions, velocities, accelerations in 2D at times[i] seconds from now (or i·dt when
 *  `times` is NULL), desired velocity held: exact, no stepping. Null outputs are skipped.
 *  @param[out] out_positions [m] {count} (nullable) positions
 *  @param[out] out_velocities [m/s] {count} (nullable) velocities
 *  @param[out] out_accelerations [m/s²] {count} (nullable) accelerations
 *  @param[in] times [s] {count} (nullable) sample times from now; NULL: i·`dt`
 *  @param[in] dt [s] (≥ 0) time between samples when `times` is NULL
 *  @param[in] count (≥ 0) number of samples
 *  @param[in] position [m] position now
 *  @param[in] velocity [m/s] velocity now
 *  @param[in] acceleration [m/s²] acceleration now
 *  @param[in] desired_velocity [m/s] desired velocity, held
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring */
void sp_trajectory_predict_positions_v2(sp_vec2 *out_positions, sp_vec2 *out_velocities,
                                        sp_vec2 *out_accelerations, const float *times, float dt, int count,
                                        const sp_vec2 *position, const sp_vec2 *velocity,
                                        const sp_vec2 *acceleration, const sp_vec2 *desired_velocity,
                                        float halflife);

/* Strafing, the predicted input, obstacles. */
/** The strafe branch of the article's desired_rotation_update: face the right stick's direction
 *  (camera relative) while its horizontal length exceeds `deadzone`, else the camera's forward.
 *  @param[out] out the desired rotation: a yaw about +Y
 *  @param[in] gamepadstick_right the right stick: x right, z forward
 *  @param[in] camera_azimuth [rad] camera rotation about +Y
 *  @param[in] deadzone (≥ 0) stick length below which the camera's forward is faced */
void sp_desired_rotation_update_strafe(sp_quat *out, const sp_vec3 *gamepadstick_right, float camera_azimuth,
                                       float deadzone);
/** The controller ticked at the sample times with the sticks held and the camera fixed: at each
 *  tick (now, then times[0], times[1], ...) it computes the desired velocity from the simulated
 *  rotation (sp_desired_velocity_update) and the desired rotation (sp_desired_rotation_update_strafe
 *  when `desired_strafe`, else sp_desired_rotation_update toward the desired velocity while the
 *  left stick is beyond `deadzone`), then turns the rotation exactly (sp_simulation_rotation_update)
 *  to the next sample with them held. Sample i holds the rotation at times[i] and the desired
 *  velocity and rotation held on the way to it, which is what
 *  sp_trajectory_predict_positions_desired takes. The times must not decrease. Null outputs are
 *  skipped.
 *  @param[out] out_desired_velocities [m/s] {count} (nullable) desired velocities
 *  @param[out] out_desired_rotations {count} (nullable) desired rotations
 *  @param[out] out_rotations {count} (nullable) simulation rotations
 *  @param[out] out_angular_velocities [rad/s] {count} (nullable) simulation angular velocities
 *  @param[in] times [s] {count} (nullable) sample times from now, non-decreasing; NULL: i·`dt`
 *  @param[in] dt [s] (≥ 0) time between samples when `times` is NULL
 *  @param[in] count (≥ 0) number of samples
 *  @param[in] gamepadstick_left the left stick: x right, z forward, length ≤ 1; held
 *  @param[in] gamepadstick_right the right stick, held (used when `desired_strafe`)
 *  @param[in] camera_azimuth [rad] camera rotation about +Y, fixed
 *  @param[in] desired_strafe ([0, 1]) 1: strafe (face the right stick, or the camera's forward)
 *  @param[in] fwrd_speed [m/s] speed forward
 *  @param[in] side_speed [m/s] speed sideways
 *  @param[in] back_speed [m/s] speed backward
 *  @param[in] deadzone (≥ 0) stick length below which a stick counts as released
 *  @param[in] rotation the simulation object's rotation now
 *  @param[in] angular_velocity [rad/s] the simulation object's angular velocity now
 *  @param[in] desired_rotation the desired rotation now (kept while the stick is released)
 *  @param[in] rotation_halflife [s] (≥ 0) halflife of the rotation spring */
void sp_trajectory_predict_desired(sp_vec3 *out_desired_velocities, sp_quat *out_desired_rotations,
                                   sp_quat *out_rotations, sp_vec3 *out_angular_velocities,
                                   const float *times, float dt, int count, const sp_vec3 *gamepadstick_left,
                                   const sp_vec3 *gamepadstick_right, float camera_azimuth,
                                   int desired_strafe, float fwrd_speed, float side_speed, float back_speed,
                                   float deadzone, const sp_quat *rotation, const sp_vec3 *angular_velocity,
                                   const sp_quat *desired_rotation, float rotation_halflife);
/** Future positions with a desired velocity that changes from sample to sample: sample i is the
 *  previous one (or now) moved exactly (sp_simulation_position_update) with desired_velocities[i]
 *  held, then collided with the obstacles (sp_simulation_collide_obstacles). The times must not
 *  decrease. Null outputs are skipped.
 *  @param[out] out_positions [m] {count} (nullable) positions
 *  @param[out] out_velocities [m/s] {count} (nullable) velocities
 *  @param[out] out_accelerations [m/s²] {count} (nullable) accelerations
 *  @param[in] times [s] {count} (nullable) sample times from now, non-decreasing; NULL: i·`dt`
 *  @param[in] dt [s] (≥ 0) time between samples when `times` is NULL
 *  @param[in] count (≥ 0) number of samples
 *  @param[in] position [m] position now
 *  @param[in] velocity [m/s] velocity now
 *  @param[in] acceleration [m/s²] acceleration now
 *  @param[in] desired_velocities [m/s] {count} desired velocity on the way to each sample
 *  @param[in] halflife [s] (≥ 0) halflife of the velocity spring
 *  @param[in] circles {3·n_circles} (nullable) circle obstacles: x, z, radius each
 *  @param[in] n_circles (≥ 0) number of circles
 *  @param[in] boxes {5·n_boxes} (nullable) box obstacles: x, z, width, depth, yaw each
 *  @param[in] n_boxes (≥ 0) number of boxes
 *  @param[in] radius [m] (≥ 0) radius of the simulation object */
void sp_trajectory_predict_positions_desired(sp_vec3 *out_positions, sp_vec3 *out_velocities,
                                             sp_vec3 *out_accelerations, const float *times, float dt,
                                             int count, const sp_vec3 *position, const sp_vec3 *velocity,
                                             const sp_vec3 *acceleration, const sp_vec3 *desired_velocities,
                                             float halflife, const float *circles, int n_circles,
                                             const float *boxes, int n_boxes, float radius);
/** Moves the simulation object, a disc of the given radius on the ground plane (x, z), from
 *  `prev_position` toward `next_position` without entering the obstacles, sliding along them: the
 *  exact limit of the article's push-out in ever smaller substeps (the sweeping process), found
 *  by events instead of substeps, so nothing tunnels and, from a start clear of every obstacle, the
 *  result does not depend on the obstacles' order. The disc slides along walls with the tangential
 *  part of the motion, around rounded corners and circles in closed form, and stops in a corner the
 *  motion pushes into. A start inside an obstacle is first pushed out the shortest way, one
 *  obstacle after another in the order given, so from a start inside overlapping obstacles the
 *  order does matter (the results may lie metres apart). y is taken from `next_position`.
 *  An obstacle with a non-finite value or a negative size is left out.
 *  @param[out] out [m] the position reached (may alias an input)
 *  @param[in] prev_position [m] position before the move
 *  @param[in] next_position [m] position the move aims at
 *  @param[in] circles {3·n_circles} (nullable) circle obstacles: x, z, radius each
 *  @param[in] n_circles (≥ 0) number of circles
 *  @param[in] boxes {5·n_boxes} (nullable) box obstacles: x, z, width, depth, yaw about +Y each
 *  @param[in] n_boxes (≥ 0) number of boxes
 *  @param[in] radius [m] (≥ 0) radius of the simulation object */
void sp_simulation_collide_obstacles(sp_vec3 *out, const sp_vec3 *prev_position, const sp_vec3 *next_position,
                                     const float *circles, int n_circles, const float *boxes, int n_boxes,
                                     float radius);
/** sp_simulation_collide_obstacles in the (x, y) plane of a 2D game.
 *  @param[out] out [m] the position reached (may alias an input)
 *  @param[in] prev_position [m] position before the move
 *  @param[in] next_position [m] position the move aims at
 *  @param[in] circles {3·n_circles} (nullable) circle obstacles: x, y, radius each
 *  @param[in] n_circles (≥ 0) number of circles
 *  @param[in] boxes {5·n_boxes} (nullable) box obstacles: x, y, width, height, angle
 *  counterclockwise each
 *  @param[in] n_boxes (≥ 0) number of boxes
 *  @param[in] radius [m] (≥ 0) radius of the simulation object */
void sp_simulation_collide_obstacles_v2(sp_vec2 *out, const sp_vec2 *prev_position,
                                        const sp_vec2 *next_position, const float *circles, int n_circles,
                                        const float *boxes, int n_boxes, float radius);

/* ------------------------------------------------------------------------
 * Synchronising character and simulation (adjustment.c)
 * ------------------------------------------------------------------------ */

/** The approximate shortest-arc slerp from q to p (nlerp with a corrected parameter).
 *  @param[out] out the interpolated rotation
 *  @param[in] q rotation at `alpha` = 0
 *  @param[in] p rotation at `alpha` = 1
 *  @param[in] alpha interpolation parameter */
void sp_quat_slerp_shortest_approx(sp_quat *out, const sp_quat *q, const sp_quat *p, float alpha);
/** Angle of the rotation between q and p.
 *  @param[in] q rotation
 *  @param[in] p rotation
 *  @return [rad] ([0, 3.1415927]) the angle */
float sp_quat_angle_between(const sp_quat *q, const sp_quat *p);
/** The part of the difference g a damper starting from zero covers in dt: g·(1 − 2^(−dt/halflife))
 *  (the exact form of the article's damp_adjustment_implicit, on a float).
 *  @param[in] g [m] the whole difference
 *  @param[in] halflife [s] (≥ 0) halflife of the damper; 0 covers the whole difference
 *  @param[in] dt [s] (≥ 0) time step; 0 covers nothing
 *  @return [m] the adjustment */
float sp_damp_adjustment_exact(float g, float halflife, float dt);
/** The part of the difference g a damper starting from zero covers in dt: g·(1 − 2^(−dt/halflife)).
 *  @param[out] out [m] the adjustment
 *  @param[in] g [m] the whole difference
 *  @param[in] halflife [s] (≥ 0) halflife of the damper
 *  @param[in] dt [s] (≥ 0) time step */
void sp_damp_adjustment_exact_v3(sp_vec3 *out, const sp_vec3 *g, float halflife, float dt);
/** The part of the rotation g a damper from the identity covers in dt: the exact slerp from the
 *  identity toward g (shortest arc) by α = 1 − 2^(−dt/halflife), exp(α·log g), where the article
 *  uses an approximate slerp (off by up to 3.3e-4 rad); so adjusting by 2·dt equals adjusting twice
 *  by dt.
 *  @param[out] out the adjustment
 *  @param[in] g the whole rotation
 *  @param[in] halflife [s] (≥ 0) halflife of the damper
 *  @param[in] dt [s] (≥ 0) time step */
void sp_damp_adjustment_exact_quat(sp_quat *out, const sp_quat *g, float halflife, float dt);
/** Character position moved toward the simulation position by sp_damp_adjustment_exact_v3.
 *  @param[out] out [m] the adjusted position (may alias an input)
 *  @param[in] character_position [m] the character's position
 *  @param[in] simulation_position [m] the simulation object's position
 *  @param[in] halflife [s] (≥ 0) halflife of the adjustment
 *  @param[in] dt [s] (≥ 0) time step */
void sp_adjust_character_position(sp_vec3 *out, const sp_vec3 *character_position,
                                  const sp_vec3 *simulation_position, float halflife, float dt);
/** Character rotation turned toward the simulation rotation by sp_damp_adjustment_exact_quat (an
 *  exact slerp of the difference: dt-invariant as the damper is).
 *  @param[out] out the adjusted rotation (may alias an input)
 *  @param[in] character_rotation the character's rotation
 *  @param[in] simulation_rotation the simulation object's rotation
 *  @param[in] halflife [s] (≥ 0) halflife of the adjustment
 *  @param[in] dt [s] (≥ 0) time step */
void sp_adjust_character_rotation(sp_quat *out, const sp_quat *character_rotation,
                                  const sp_quat *simulation_rotation, float halflife, float dt);
/** sp_adjust_character_position moving at most max_adjustment_ratio·|character_velocity|·dt.
 *  @param[out] out [m] the adjusted position (may alias an input)
 *  @param[in] character_position [m] the character's position
 *  @param[in] character_velocity [m/s] the character's velocity
 *  @param[in] simulation_position [m] the simulation object's position
 *  @param[in] max_adjustment_ratio (≥ 0) largest adjustment as a fraction of the distance moved
 *  @param[in] halflife [s] (≥ 0) halflife of the adjustment
 *  @param[in] dt [s] (≥ 0) time step */
void sp_adjust_character_position_by_velocity(sp_vec3 *out, const sp_vec3 *character_position,
                                              const sp_vec3 *character_velocity,
                                              const sp_vec3 *simulation_position, float max_adjustment_ratio,
                                              float halflife, float dt);
/** sp_adjust_character_rotation turning at most max_adjustment_ratio·|character_angular_velocity|·dt.
 *  @param[out] out the adjusted rotation (may alias an input)
 *  @param[in] character_rotation the character's rotation
 *  @param[in] character_angular_velocity [rad/s] the character's angular velocity
 *  @param[in] simulation_rotation the simulation object's rotation
 *  @param[in] max_adjustment_ratio (≥ 0) largest adjustment as a fraction of the angle turned
 *  @param[in] halflife [s] (≥ 0) halflife of the adjustment
 *  @param[in] dt [s] (≥ 0) time step */
void sp_adjust_character_rotation_by_velocity(sp_quat *out, const sp_quat *character_rotation,
                                              const sp_vec3 *character_angular_velocity,
                                              const sp_quat *simulation_rotation, float max_adjustment_ratio,
                                              float halflife, float dt);
/** Character position brought within max_distance of the simulation position.
 *  @param[out] out [m] the clamped position (may alias an input)
 *  @param[in] character_position [m] the character's position
 *  @param[in] simulation_position [m] the simulation object's position
 *  @param[in] max_distance [m] (≥ 0) largest distance kept */
void sp_clamp_character_position(sp_vec3 *out, const sp_vec3 *character_position,
                                 const sp_vec3 *simulation_position, float max_distance);
/** Character rotation brought within max_angle of the simulation rotation.
 *  @param[out] out the clamped rotation (may alias an input)
 *  @param[in] character_rotation the character's rotation
 *  @param[in] simulation_rotation the simulation object's rotation
 *  @param[in] max_angle [rad] (≥ 0) largest angle kept */
void sp_clamp_character_rotation(sp_quat *out, const sp_quat *character_rotation,
                                 const sp_quat *simulation_rotation, float max_angle);

/* In 2D: the 3D functions on (x, y, 0), so each equals its 3D form in the plane. */
/** The part of the difference `g` a damper starting from zero covers in `dt`: g·(1 − 2^(−dt/halflife)).
 *  @param[out] out [m] the adjustment
 *  @param[in] g [m] the difference to cover
 *  @param[in] halflife [s] (≥ 0) 0 covers all of it
 *  @param[in] dt [s] (≥ 0) time step */
void sp_damp_adjustment_exact_v2(sp_vec2 *out, const sp_vec2 *g, float halflife, float dt);
/** Character position moved toward the simulation position by sp_damp_adjustment_exact_v2.
 *  @param[out] out [m] the adjusted position (may alias an input)
 *  @param[in] character_position [m] the character's position
 *  @param[in] simulation_position [m] the simulation object's position
 *  @param[in] halflife [s] (≥ 0) halflife of the adjustment; 0 moves all the way
 *  @param[in] dt [s] (≥ 0) time step */
void sp_adjust_character_position_v2(sp_vec2 *out, const sp_vec2 *character_position,
                                     const sp_vec2 *simulation_position, float halflife, float dt);
/** sp_adjust_character_position_v2 moving at most max_adjustment_ratio·|character_velocity|·dt.
 *  @param[out] out [m] the adjusted position (may alias an input)
 *  @param[in] character_position [m] the character's position
 *  @param[in] character_velocity [m/s] the character's velocity
 *  @param[in] simulation_position [m] the simulation object's position
 *  @param[in] max_adjustment_ratio (≥ 0) largest adjustment as a fraction of the distance moved
 *  @param[in] halflife [s] (≥ 0) halflife of the adjustment; 0 moves all the way (within the limit)
 *  @param[in] dt [s] (≥ 0) time step */
void sp_adjust_character_position_by_velocity_v2(sp_vec2 *out, const sp_vec2 *character_position,
                                                 const sp_vec2 *character_velocity,
                                                 const sp_vec2 *simulation_position,
                                                 float max_adjustment_ratio, float halflife, float dt);
/** Character position brought within `max_distance` of the simulation position.
 *  @param[out] out [m] the clamped position (may alias an input)
 *  @param[in] character_position [m] the character's position
 *  @param[in] simulation_position [m] the simulation object's position
 *  @param[in] max_distance [m] (≥ 0) largest distance kept */
void sp_clamp_character_position_v2(sp_vec2 *out, const sp_vec2 *character_position,
                                    const sp_vec2 *simulation_position, float max_distance);

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

/** Starts foot locking at the input (the article's contact_reset): unlocked, out of contact
 *  and with zero offsets, so the next sp_contact_update with its input in contact locks the foot.
 *  @param[out] out_contact the contact state
 *  @param[in] input_contact_position [m] the animation's contact position
 *  @param[in] input_contact_velocity [m/s] the animation's contact velocity
 *  @param[in] input_contact_state ignored, as in the article: the reset starts out of contact */
void sp_contact_reset(sp_contact *out_contact, const sp_vec3 *input_contact_position,
                      const sp_vec3 *input_contact_velocity, int input_contact_state);
/** One frame of foot locking: inertializes into the contact point (y = foot_height) when a
 *  contact starts, out of it when the contact ends or the input moves beyond unlock_radius.
 *  @param[in,out] contact the contact state
 *  @param[in] input_contact_position [m] the animation's contact position
 *  @param[in] input_contact_state ([0, 1]) 1 when the animation's foot is in contact
 *  @param[in] unlock_radius [m] (≥ 0) distance from the locked point that unlocks
 *  @param[in] foot_height [m] height of the locked point
 *  @param[in] halflife [s] (≥ 0) halflife of the inertializer
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_contact_update(sp_contact *contact, const sp_vec3 *input_contact_position, int input_contact_state,
                       float unlock_radius, float foot_height, float halflife, float dt);

/* ------------------------------------------------------------------------
 * Motion matching (motion_database.c, motion_matching.c): features of clips, the database, its
 * exact search
 *
 * Clips are poses in the pose layout (13·bones floats a frame: local positions, velocities,
 * rotations x,y,z,w and angular velocities, each in the parent's frame) of a skeleton whose
 * bone 0 is the simulation bone (its position on the ground and its heading, in world space),
 * parents[0] = −1 and parents[i] in [0, i). Y is up, characters face +Z. Features are in
 * character space (relative to bone 0); each is declared by 4 ints (kind SP_FEATURE_*, bone,
 * frames ahead, SP_INERTIALIZER_*) and 2 floats (halflife, blendtime), and yields 3 floats a
 * frame (bones) or 2 (trajectory: x, z). Trajectories `ahead` frames on stop at a clip's last
 * frame, or continue through a looping clip into its first frame moved by the motion that
 * takes the first frame's bone 0 to where the last frame's is one frame (dt) later at its
 * velocity and angular velocity.
 *
 * A database is one block of sp_motion_database_floats(frames, dims, n_ranges) floats: with
 * dp = dims rounded up to a multiple of 4, the normalisation's offsets (dp floats) and scales
 * (dp), then the normalised features in blocks of 4 frames (block b, dimension j, frame
 * 4b + l at 2·dp + 4·dims·b + 4·j + l; frames padded to a multiple of 16 with zeros), then
 * boxes, tags and ranges (internal).
 * A frame's cost is the squared Euclidean distance d between its normalised features and the
 * normalised query, summed in dimension order, plus `bias` for a frame outside the current
 * frame's range; a cost beyond float range counts as FLT_MAX (every such frame ties, in frame
 * order), so a finite query finds a frame whenever one passes the tags and exclusions.
 *
 * Cost rules (sp_motion_rules_build, optional) give each frame, for unforced and for forced
 * searches apart, a multiplier m, an additive cost a and a block flag: its cost is then
 * m·d + a (in float, d then m·d then m·d + a each saturated at FLT_MAX), plus `bias` as
 * before, and a blocked frame is no candidate unless it lies in the current frame's blocked
 * run (the consecutive blocked frames of one range around it): a range may not be entered,
 * but plays on once inside. The current frame itself is never blocked. The rules' block holds,
 * per kind of search, the factors of every frame and their bounds over the runs of 16 and 64
 * frames the search prunes with (internal).
 * ------------------------------------------------------------------------ */

#define SP_FEATURE_POSITION 0             /* a bone's position in character space: x, y, z */
#define SP_FEATURE_VELOCITY 1             /* a bone's velocity in character space: x, y, z */
#define SP_FEATURE_TRAJECTORY_POSITION 2  /* bone 0's position `ahead` frames on: x, z */
#define SP_FEATURE_TRAJECTORY_DIRECTION 3 /* bone 0's facing (+Z) `ahead` frames on: x, z */
#define SP_FEATURE_INERTIALIZATION 4 /* cp·position + cv·velocity of a bone (sp_inertialization_features) */

#define SP_MOTION_MAX_DIMS 256 /* the most features per frame */

/* The search modes: the same frames, at different speeds. */
#define SP_SEARCH_SCAN 0  /* every candidate, 16 frames per step, each dropped once it cannot win */
#define SP_SEARCH_BOXES 1 /* boxes of 64 and 16 frames first, skipped when they cannot hold a winner */
#define SP_SEARCH_AUTO 2  /* boxes when the database's are tight (structured features), else the scan */

/** Features of every frame of one clip, row-major (frame i at out[i·dims]).
 *  @param[out] out {frames·dims} the features, dims = the floats of the declared features
 *  @param[in] poses {13·bones·frames} the clip's poses, frame after frame
 *  @param[in] frames (≥ 1) frames of the clip
 *  @param[in] parents {bones} each bone's parent: −1 for bone 0, in [0, i) for bone i
 *  @param[in] bones (≥ 1) bones of the skeleton
 *  @param[in] loop ([0, 1]) 1 when the clip loops: trajectories continue through its first frame
 *  @param[in] dt [s] (> 0 when loop ≠ 0) seconds per frame (used by looping clips only)
 *  @param[in] features {4·n_features} per feature: kind (SP_FEATURE_*), bone, frames ahead
 *  (trajectories), inertializer (SP_INERTIALIZER_*, for SP_FEATURE_INERTIALIZATION)
 *  @param[in] params {2·n_features} per feature: halflife and blendtime [s] of the inertializer
 *  @param[in] n_features (≥ 1) number of features
 *  @return (≥ 0) dims, the floats per frame (at most 256); 0 (nothing written) for bad sizes, a
 *  bad parents array, an unknown kind or inertializer, a bone outside the skeleton, a negative
 *  `ahead`, or a looping clip without a `dt` > 0 */
int sp_motion_features(float *out, const float *poses, int frames, const int *parents, int bones, int loop,
                       float dt, const int *features, const float *params, int n_features);
/** Floats of the block that holds a database of `frames` frames of `dims` features and `n_ranges` ranges.
 *  @param[in] frames (≥ 1) frames
 *  @param[in] dims (≥ 1) features per frame, at most 256
 *  @param[in] n_ranges (≥ 0) ranges (clips)
 *  @return (≥ 0) the floats; 0 for bad sizes or more than INT_MAX */
int sp_motion_database_floats(int frames, int dims, int n_ranges);
/** Builds a database from features (one row a frame): offsets (the means) and scales (each group's
 *  deviation, the mean of its dimensions' standard deviations, over the dimension's weight; 0 where
 *  either is 0: the dimension then counts for nothing), normalised features, boxes and tags.
 *  @param[out] out_db {sp_motion_database_floats} the database
 *  @param[in] features {frames·dims} the features, row-major (sp_motion_features, clip after clip)
 *  @param[in] frames (≥ 1) frames
 *  @param[in] dims (≥ 1) features per frame, at most 256
 *  @param[in] groups {dims} the normalisation group of each dimension (dimensions with equal numbers
 *  share one deviation)
 *  @param[in] weights {dims} (≥ 0) the weight of each dimension
 *  @param[in] tags {frames} (nullable) a bit mask per frame; NULL: 0
 *  @param[in] ranges {3·n_ranges} per range (clip): first frame, one past its last, loop flag (0, 1);
 *  in order, not overlapping
 *  @param[in] n_ranges (≥ 0) ranges; frames in none are never found
 *  @return (≥ 0) dims; 0 (nothing written) for bad sizes or ranges */
int sp_motion_database_build(float *out_db, const float *features, int frames, int dims, const int *groups,
                             const float *weights, const int *tags, const int *ranges, int n_ranges);
/** Floats of the block that holds the cost rules of a database of `frames` frames.
 *  @param[in] frames (≥ 1) frames of the database
 *  @return (≥ 0) the floats; 0 for bad sizes or more than INT_MAX */
int sp_motion_rules_floats(int frames);
/** Builds the cost rules of a database (see above): per frame a multiplier, an additive cost and a
 *  block flag for unforced searches (at i), then for forced ones (at frames + i).
 *  @param[out] out_rules {sp_motion_rules_floats} the rules
 *  @param[in] multipliers {2·frames} (≥ 0) each frame's cost multiplier, finite, unforced then forced
 *  @param[in] additives {2·frames} each frame's additive cost, finite, unforced then forced
 *  @param[in] blocked {2·frames} ([0, 1]) 1 for a frame that may not be transitioned into, unforced then
 *  forced
 *  @param[in] frames (≥ 1) frames of the database
 *  @param[in] ranges {3·n_ranges} the database's ranges (sp_motion_database_build): a blocked run ends with
 *  its range
 *  @param[in] n_ranges (≥ 0) ranges
 *  @return (≥ 0) frames; 0 (nothing written) for bad sizes or ranges, a multiplier not finite ≥ 0, an
 *  additive cost not finite, a flag not 0 or 1 */
int sp_motion_rules_build(float *out_rules, const float *multipliers, const float *additives,
                          const int *blocked, int frames, const int *ranges, int n_ranges);
/** The k frames of least cost for a query (the first k of an exhaustive scan sorted by cost, ties in
 *  frame order with the current frame first). The current frame, when it lies in a range and its
 *  tags pass, is a candidate with no bias that another frame must beat; candidates are the frames of
 *  the ranges but the last `exclude_end` of each range that does not loop, whose tags hold every bit
 *  of `require_tags` and none of `exclude_tags`, other than the current frame and the frames of its
 *  range closer to it than `exclude_near` (around the loop in a looping range), and that no rule
 *  blocks; with `rules`, costs are those of the rules (of forced searches when `forced`).
 *  @param[out] out_indices {k} the frames, best first; −1 past the last found
 *  @param[out] out_costs {k} their costs; +Inf past the last found
 *  @param[in] k (≥ 1) frames wanted
 *  @param[in] db {sp_motion_database_floats} the database (sp_motion_database_build)
 *  @param[in] frames (≥ 1) its frames
 *  @param[in] dims (≥ 1) its features per frame
 *  @param[in] n_ranges (≥ 0) its ranges
 *  @param[in] query {dims} (any) the features searched for, not normalised; one holding NaN or ±Inf
 *  finds nothing
 *  @param[in] current (≥ −1) the frame playing now, or −1 (any other value is no frame of a range)
 *  @param[in] require_tags the tag bits a candidate must have
 *  @param[in] exclude_tags the tag bits it must not have
 *  @param[in] bias (≥ 0) cost added to the frames outside the current frame's range
 *  @param[in] exclude_end (≥ 0) frames left out at the end of each range that does not loop (< 0: 0)
 *  @param[in] exclude_near (≥ 0) frames around the current one left out (< 0: 0)
 *  @param[in] mode (SP_SEARCH_*) the scan, boxes first, or boxes when they help (the same result)
 *  @param[in] rules {sp_motion_rules_floats} (nullable) the database's cost rules (sp_motion_rules_build);
 *  NULL: none
 *  @param[in] forced ([0, 1]) 1 for a forced search (an input change, a clip's end): the rules for forced
 *  searches apply
 *  @return (≥ 0) frames found, at most k; 0 for bad sizes, k ≤ 0, a bias not finite ≥ 0, an unknown mode */
int sp_motion_search(int *out_indices, float *out_costs, int k, const float *db, int frames, int dims,
                     int n_ranges, const float *query, int current, int require_tags, int exclude_tags,
                     float bias, int exclude_end, int exclude_near, int mode, const float *rules, int forced);
/** sp_motion_search for n queries in one call (a crowd): query c at queries[c·dims], its current frame
 *  currents[c], its tags tags[2c] (required) and tags[2c + 1] (excluded), forced[c] whether it is
 *  forced, its k results at c·k.
 *  @param[out] out_indices {k·n} the frames of each query, best first; −1 past the last found
 *  @param[out] out_costs {k·n} their costs; +Inf past the last found
 *  @param[in] k (≥ 1) frames wanted per query
 *  @param[in] db {sp_motion_database_floats} the database (sp_motion_database_build)
 *  @param[in] frames (≥ 1) its frames
 *  @param[in] dims (≥ 1) its features per frame
 *  @param[in] n_ranges (≥ 0) its ranges
 *  @param[in] queries {dims·n} (any) the queries, not normalised
 *  @param[in] currents {n} (≥ −1) each query's current frame, or −1
 *  @param[in] tags {2·n} (nullable) required and excluded tag bits per query; NULL: 0, 0
 *  @param[in] bias (≥ 0) cost added to the frames outside the current frame's range
 *  @param[in] exclude_end (≥ 0) frames left out at the end of each range that does not loop (< 0: 0)
 *  @param[in] exclude_near (≥ 0) frames around the current one left out (< 0: 0)
 *  @param[in] mode (SP_SEARCH_*) the scan, boxes first, or boxes when they help (the same result)
 *  @param[in] rules {sp_motion_rules_floats} (nullable) the database's cost rules (sp_motion_rules_build);
 *  NULL: none
 *  @param[in] forced {n} (nullable) 1 where a query's search is forced (the rules for forced searches
 *  apply), 0 where not; NULL: none is
 *  @param[in] n (≥ 0) queries
 *  @return (≥ 0) n; 0 (nothing written) for n ≤ 0 or the arguments sp_motion_search rejects */
int sp_motion_search_batch(int *out_indices, float *out_costs, int k, const float *db, int frames, int dims,
                           int n_ranges, const float *queries, const int *currents, const int *tags,
                           float bias, int exclude_end, int exclude_near, int mode, const float *rules,
                           const int *forced, int n);

/* ------------------------------------------------------------------------
 * Skeletons (skeleton.c): forward kinematics, and the two-bone IK of foot locking
 *
 * A pose as in "Pose inertializer" and "Motion matching": local transforms, bone i's parent
 * parents[i]; a bone whose parent is not in [0, i) is in world space.
 * ------------------------------------------------------------------------ */

/** World positions and rotations (and velocities, when both velocity outputs are given) of every bone.
 *  @param[out] out_positions [m] {3·bones} world positions
 *  @param[out] out_rotations {4·bones} world rotations, x,y,z,w
 *  @param[out] out_velocities [m/s] {3·bones} (nullable) world velocities
 *  @param[out] out_angular_velocities [rad/s] {3·bones} (nullable) world angular velocities
 *  @param[in] pose {13·bones} (any) the pose
 *  @param[in] parents {bones} each bone's parent
 *  @param[in] bones (≥ 0) bones */
void sp_forward_kinematics(float *out_positions, float *out_rotations, float *out_velocities,
                           float *out_angular_velocities, const float *pose, const int *parents, int bones);
/** Two-bone IK: turns the local rotations of the parent and grandparent of `bone` (a hip and knee
 *  for an ankle) so that `bone` reaches `target`, or points at it as far as the chain reaches less
 *  `max_length_buffer`. The middle joint bends in the plane it bends in now, on the side of `pole`:
 *  a chain bent the other way is bent through straight, and within about 12° of straight the plane
 *  turns toward the plane of the chain and `pole` (a straight chain's own plane is no plane at all,
 *  and flips from frame to frame). Nothing changes when the chain or the target is degenerate.
 *  @param[in,out] pose {13·bones} the pose
 *  @param[in] parents {bones} each bone's parent
 *  @param[in] bones (≥ 0) bones
 *  @param[in] bone (≥ 0) the end of the chain; its parent and grandparent turn (none outside the skeleton)
 *  @param[in] target [m] the world position `bone` should reach
 *  @param[in] pole the world direction the middle joint bends toward (a knee's forward)
 *  @param[in] max_length_buffer [m] (≥ 0) how far short of full extension the chain stops */
void sp_ik_two_bone(float *pose, const int *parents, int bones, int bone, const sp_vec3 *target,
                    const sp_vec3 *pole, float max_length_buffer);
/** The axis a chain's middle joint bends about (a knee's hinge), in the middle bone's own frame:
 *  the mean over the poses of the chain's normal (c − a) × (b − a) (root a, middle b, end c =
 *  `bone`), each scaled by the sine of the angle at the root, so that the poses that bend it
 *  most count most; normalised. In a pose, q_middle · axis × (c − a) is then the direction the
 *  middle joint bends toward: the `pole` of sp_ik_two_bone that turns with the leg (Holden's code
 *  takes a fixed axis of the knee's own frame).
 *  @param[out] out_axis the unit axis, in the middle bone's frame; zero when no pose bends the chain
 *  @param[in] poses {13·bones·frames} the poses, one after another
 *  @param[in] frames (≥ 0) poses
 *  @param[in] parents {bones} each bone's parent
 *  @param[in] bones (≥ 0) bones
 *  @param[in] bone (≥ 0) the end of the chain (it needs a parent and a grandparent)
 *  @return ([0, 1]) 1 when an axis was found, 0 (a zero axis) otherwise */
int sp_ik_hinge_axis(sp_vec3 *out_axis, const float *poses, int frames, const int *parents, int bones,
                     int bone);

/* ------------------------------------------------------------------------
 * Motion controller (motion_controller.c): the frame of many motion-matched characters after
 * their searches
 *
 * Holden's controller loop over arrays of characters (MotionController is a crowd of one): each
 * character's pose arrays are 13·bones floats at i·13·bones (input, offset, output, pose), its
 * world transforms at i·3·bones and i·4·bones, its contacts at i·n_contacts. The caller searches,
 * decides the switches (sp_motion_controller_place, then sp_inertialize_pose_transition or
 * sp_inertialize_pose_cubic_transition on the character's offset) and writes each character's
 * frame pose (bone 0 in the database's world) and its contact states before each update.
 * ------------------------------------------------------------------------ */

/* How a character blends its switches (sp_motion_settings.inertialization). */
#define SP_BLEND_NONE 0   /* the frame's pose as it is */
#define SP_BLEND_SPRING 1 /* sp_inertialize_pose_update, halflife */
#define SP_BLEND_CUBIC 2  /* sp_inertialize_pose_cubic_update, blendtime */

/** A motion-matched character's state: the simulation object (position, velocity, acceleration,
 *  rotation, angular velocity), the desired velocity and rotation (the input), the map x ↦ r·x + t
 *  that takes the database's bone 0 into the game's world, the cubic inertializer's time since its
 *  last transition, and whether its contacts were started (0 or 1). */
typedef struct sp_motion_character {
    sp_vec3 simulation_position, simulation_velocity, simulation_acceleration;
    sp_quat simulation_rotation;
    sp_vec3 simulation_angular_velocity;
    sp_vec3 desired_velocity;
    sp_quat desired_rotation;
    sp_quat map_rotation;
    sp_vec3 map_translation;
    float blend_time;
    int started;
} sp_motion_character;

/** A character's settings (MotionControllerSettings): the inertializer (SP_BLEND_*) and its
 *  halflife [s] or blend time [s]; the simulation's velocity and rotation halflives [s];
 *  adjustment (0 or 1; by velocity 0 or 1) with its halflives [s] and largest ratios; clamping
 *  (0 or 1) with its distance [m] and angle [rad]; foot locking (0 or 1) with the unlock radius
 *  [m], the locked point's height [m], the contact's blend halflife [s] and the IK's length
 *  buffer [m]. */
typedef struct sp_motion_settings {
    int inertialization;
    float halflife, blendtime;
    float simulation_velocity_halflife, simulation_rotation_halflife;
    int adjustment, adjustment_by_velocity;
    float adjust_position_halflife, adjust_rotation_halflife;
    float adjust_position_max_ratio, adjust_rotation_max_ratio;
    int clamping;
    float clamp_distance, clamp_angle;
    int foot_locking;
    float foot_unlock_radius, foot_height, foot_halflife, foot_length_buffer;
} sp_motion_settings;

/** Sets a character's map so that bone 0 of `pose` (a frame of the database) lands at `position`
 *  facing `rotation`, and maps the pose's bone 0 by it (the other bones are local): where a
 *  character starts, and where a switch puts the frame found (under the bone 0 playing).
 *  @param[in,out] character the character; its map is set
 *  @param[in,out] pose {13·bones} the frame's pose; its bone 0 mapped into the game's world
 *  @param[in] position [m] where bone 0 lands
 *  @param[in] rotation where it faces
 *  @param[in] bones (≥ 1) bones */
void sp_motion_controller_place(sp_motion_character *character, float *pose, const sp_vec3 *position,
                                const sp_quat *rotation, int bones);
/** One frame of n characters after their searches, each: bone 0 of its frame pose mapped into the
 *  game's world; its switches blended (SP_BLEND_*); the simulation object moved toward the desired
 *  velocity and rotation; bone 0 adjusted toward it and clamped to it, the map moved with it (the
 *  animation plays on from there); its contacts updated from their bones (a contact starts only
 *  within `foot_unlock_radius` of its locked point, and a foot that locks stops), and with foot
 *  locking each leg's end placed by sp_ik_two_bone at its contact (plus its offset from the
 *  contact bone: a heel above its toe) and turned so that the contact bone points at it; and
 *  its world transforms.
 *  @param[in,out] input {13·bones·n} each character's frame pose, bone 0 in the database's world; mapped
 *  @param[in,out] offset {13·bones·n} each character's inertializer offset
 *  @param[out] out_blended {13·bones·n} the blended poses, adjusted and clamped
 *  @param[out] out_pose {13·bones·n} the poses drawn: the blended pose after foot IK
 *  @param[out] out_positions [m] {3·bones·n} world positions of every bone of `out_pose`
 *  @param[out] out_rotations {4·bones·n} world rotations, x,y,z,w
 *  @param[in,out] characters {n} each character's state
 *  @param[in,out] contacts {n_contacts·n} each character's contacts
 *  @param[in] contact_states {n_contacts·n} ([0, 1]) 1 where the frame's contact bone is in contact
 *  @param[in] settings {n} each character's settings
 *  @param[in] parents {bones} each bone's parent
 *  @param[in] bones (≥ 1) bones
 *  @param[in] contact_bones {n_contacts} the bone whose world position is each contact's input
 *  @param[in] ik_bones {n_contacts} the end of each contact's IK chain (its parent and grandparent turn)
 *  @param[in] hinge_axes {n_contacts} each chain's hinge axis in its middle bone's frame
 *  (sp_ik_hinge_axis); a zero axis bends it toward the character's forward
 *  @param[in] n_contacts (≥ 0) contacts per character
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] n (≥ 0) characters */
void sp_motion_controller_update(float *input, float *offset, float *out_blended, float *out_pose,
                                 float *out_positions, float *out_rotations, sp_motion_character *characters,
                                 sp_contact *contacts, const int *contact_states,
                                 const sp_motion_settings *settings, const int *parents, int bones,
                                 const int *contact_bones, const int *ik_bones, const sp_vec3 *hinge_axes,
                                 int n_contacts, float dt, int n);

#ifdef __cplusplus
}
#endif

#endif
