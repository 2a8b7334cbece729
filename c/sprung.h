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
 *   sp_vec3, sp_quat) the function reads or writes, e.g. {n·dim}, {13·n},
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

/* ------------------------------------------------------------------------
 * Dampers (dampers.c)
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

/* ------------------------------------------------------------------------
 * Spring dampers (springs.c)
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
/** Exact spring by stiffness and damping, in every regime (under, critical, over damped),
 *  continuous across the critical boundary.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] stiffness [1/s²] (≥ 0; > 0 when q ≠ 0) stiffness s
 *  @param[in] damping [1/s] (≥ 0) damping d
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact_stiffness(float *x, float *v, float g, float q, float stiffness, float damping,
                                      float dt);
/** Exact spring by frequency and halflife, in every regime (the article's final interface).
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] frequency [Hz] (≥ 0; > 0 when q ≠ 0) undamped frequency
 *  @param[in] halflife [s] (≥ 0) halflife of the damping; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact(float *x, float *v, float g, float q, float frequency, float halflife, float dt);
/** Exact spring by damping ratio ζ (1 = critical, < 1 under, > 1 over damped) and halflife.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] damping_ratio (> 0) damping ratio ζ
 *  @param[in] halflife [s] (≥ 0) halflife of the damping; 0 snaps to `g`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_spring_damper_exact_ratio(float *x, float *v, float g, float q, float damping_ratio, float halflife,
                                  float dt);
/** The article's spring_damper_implicit (fast_negexp, fast_atan, regimes split at eps), kept
 *  for comparison: approximate, and discontinuous near the critical boundary.
 *  @param[in,out] x [m] position
 *  @param[in,out] v [m/s] velocity
 *  @param[in] g [m] goal position
 *  @param[in] q [m/s] goal velocity
 *  @param[in] stiffness [1/s²] (≥ 0) stiffness s
 *  @param[in] damping [1/s] (≥ 0) damping d
 *  @param[in] dt [s] (≥ 0) time step
 *  @param[in] eps [1/s²] (> 0) = 1e-5 half-width of the critical band |s − d²/4| < eps */
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
/** The step of sp_critical_spring_damper_exact as 6 coefficients k (depending on halflife and
 *  dt only): with u = x − g, x' = (g + (k[0]·u + k[1]·v)) + k[2]·q and v' = (k[3]·u + k[4]·v) +
 *  k[5]·q, evaluated in that order in float, is that function bit for bit when dt ≠ 0 (dt = 0
 *  changes nothing). For callers that step many springs of one halflife one at a time.
 *  @param[out] out_k {6} the coefficients k[0..5]
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
 *  period of a bouncy spring is duration / √(1 − ζ²).
 *  @param[in] duration [s] (> 0) undamped period
 *  @param[in] bounce ([−1, 1]) 0 critical, > 0 bouncy, < 0 over damped
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
 * Quaternions (quat.c)
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

/* ------------------------------------------------------------------------
 * Quaternion springs (quat_springs.c)
 * ------------------------------------------------------------------------ */

/** Critical spring on a rotation x with angular velocity v toward goal, along the shortest arc.
 *  @param[in,out] x rotation, kept unit length
 *  @param[in,out] v [rad/s] angular velocity (scaled axis)
 *  @param[in] goal goal rotation
 *  @param[in] halflife [s] (≥ 0) halflife; 0 snaps to `goal`
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
void sp_simple_spring_damper_exact_quat(sp_quat *x, sp_vec3 *v, const sp_quat *goal, float halflife,
                                        float dt);
/** Critical spring decaying a rotation x (angular velocity v) toward the identity.
 *  @param[in,out] x rotation, kept unit length
 *  @param[in,out] v [rad/s] angular velocity (scaled axis)
 *  @param[in] halflife [s] (≥ 0) halflife; 0 snaps to the identity
 *  @param[in] dt [s] (≥ 0) time step; 0 changes nothing */
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
 * Character control (character.c) — "Code vs Data Driven Displacement"
 * Y is up, characters face +Z; the camera azimuth is a rotation about +Y.
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
/** The part of the difference g a damper starting from zero covers in dt: g·(1 − 2^(−dt/halflife)).
 *  @param[out] out [m] the adjustment
 *  @param[in] g [m] the whole difference
 *  @param[in] halflife [s] (≥ 0) halflife of the damper
 *  @param[in] dt [s] (≥ 0) time step */
void sp_damp_adjustment_exact_v3(sp_vec3 *out, const sp_vec3 *g, float halflife, float dt);
/** The part of the rotation g a damper from the identity covers in dt (approximate slerp).
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
/** Character rotation turned toward the simulation rotation by sp_damp_adjustment_exact_quat.
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

/** Starts a contact at the input position and velocity, unlocked, with zero offsets.
 *  @param[out] out_contact the contact state
 *  @param[in] input_contact_position [m] the animation's contact position
 *  @param[in] input_contact_velocity [m/s] the animation's contact velocity
 *  @param[in] input_contact_state ([0, 1]) 1 when the animation's foot is in contact */
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
 * Batches (batch.c): many springs per call over caller-owned SoA arrays
 *
 * A batch holds n elements of dim floats each (any dim ≥ 1: 1 scalars, 2 vec2, 3 vec3,
 * 4 vec4, ...): every state and goal is its own array of n·dim floats, element i at
 * [i·dim, i·dim + dim). `halflife` (and `frequency`) point to one float shared by all
 * elements (per_element = 0) or to n floats, one per element (per_element = 1). Every
 * element equals the scalar function applied to it, bit for bit; a non-finite input of
 * one element changes that element only. Quaternion batches store x,y,z,w per element and
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
/** Decays off by a critical spring of the given halflife over dt and writes out = in + off
 *  (rotations as sp_inertialize_update_quat).
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
/** Decay the rotation offset (sp_decay_spring_damper_exact_quat); out = off·in, out_v = off_v + off·in_v.
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
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade */
void sp_dead_blending_evaluate(float *out_x, float *out_v, float ext_x, float ext_v, float ext_t, float in_x,
                               float in_v, float halflife, float blendtime);
/** Dead-blending transition: ext ← current output (from ext and the playing src), ext_t ← 0.
 *  @param[in,out] ext_x [m] source position at the last transition
 *  @param[in,out] ext_v [m/s] source velocity at the last transition
 *  @param[in,out] ext_t [s] (≥ 0 or +Inf) time since the last transition; +Inf: no blend
 *  @param[in] src_x [m] position of the source playing now
 *  @param[in] src_v [m/s] velocity of the source playing now
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
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
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @param[in] dt [s] (≥ 0) time step */
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
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [s] (> 0 or +Inf) the crossing time, or +Inf if it does not cross */
float sp_dead_blending_intersection(float x, float v, float halflife, float blendtime);
/** ∫₀^blendtime |offset| of dead blending (closed form, split at the zero crossing).
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [m·s] (≥ 0) the displacement */
float sp_dead_blending_displacement(float x, float v, float halflife, float blendtime);
/** |∫ offset| of dead blending: blendtime·|x/2 + blendtime·K·v|, K = ∫₀¹ (1 − smoothstep)·E.
 *  @param[in] x [m] offset position at the transition
 *  @param[in] v [m/s] offset velocity at the transition
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
 *  @param[in] blendtime [s] (≥ 0) duration of the cross-fade
 *  @return [m·s] (≥ 0) the approximate displacement */
float sp_dead_blending_displacement_approx(float x, float v, float halflife, float blendtime);
/** Motion-matching feature z·pos/2 + z²·K·vel of dead blending.
 *  @param[in] pos [m] position
 *  @param[in] vel [m/s] velocity
 *  @param[in] halflife [s] (≥ 0) halflife of the extrapolated velocity
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

#ifdef __cplusplus
}
#endif

#endif
