/**
 * Tracking springs of "Perfect Tracking with Springs": a spring that follows a signal's
 * position, velocity and acceleration in proportions, so that it reproduces the signal
 * exactly where nothing is wrong and smooths out its discontinuities.
 *
 * Per frame the tracker moves from the goal sample `s[i]` to `s[i+1]`: `xGoal` is the next
 * sample, `vGoal = trackingTargetVelocity(s[i+1], s[i], dt)` and `aGoal =
 * trackingTargetAcceleration(s[i+1], s[i], s[i-1], dt)`. The state `{x, v}` is updated in
 * place and returned. (The finite differences and `trackingClip` take and return numbers:
 * they are generated from the header.)
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { getXV, put2, slot } from './scratch.js';
import { check, isFinite4, isNum, isSpringStep, isTime } from './check.js';
import type { SpringState } from './springs.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/**
 * The article's tracker: `v` blends toward `v + aGoal·dt`, `vGoal` and `(xGoal − x)/dt` by
 * the gains (fractions per frame, e.g. 0.01, 0.2, 1 at 60 Hz), then `x += v·dt`. With
 * `aGain = 1` it reproduces the goal samples exactly once converged. Frame-rate dependent:
 * prefer {@link trackingSpringUpdateExact} when `dt` varies.
 * @c sp_tracking_spring_update state={x,v}
 */
export function trackingSpringUpdate<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xGain: number,
  vGain: number,
  aGain: number,
  dt: number,
): T {
  if (!(isSpringStep(state, 0, dt) && isFinite4(xGoal, vGoal, aGoal, xGain) && isFinite4(vGain, aGain, 0, 0)))
    check(S.trackingSpringUpdate, state, xGoal, vGoal, aGoal, xGain, vGain, aGain, dt);
  full.sp_tracking_spring_update(
    put2(0, state.x, state.v),
    slot(1),
    xGoal,
    vGoal,
    aGoal,
    xGain,
    vGain,
    aGain,
    dt,
  );
  return getXV(0, state);
}

/**
 * {@link trackingSpringUpdate} without the acceleration blend: for a step whose `aGoal` is bad.
 * @c sp_tracking_spring_update_no_acceleration state={x,v}
 */
export function trackingSpringUpdateNoAcceleration<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  xGain: number,
  vGain: number,
  dt: number,
): T {
  if (!(isSpringStep(state, 0, dt) && isFinite4(xGoal, vGoal, xGain, vGain)))
    check(S.trackingSpringUpdateNoAcceleration, state, xGoal, vGoal, xGain, vGain, dt);
  full.sp_tracking_spring_update_no_acceleration(
    put2(0, state.x, state.v),
    slot(1),
    xGoal,
    vGoal,
    xGain,
    vGain,
    dt,
  );
  return getXV(0, state);
}

/**
 * {@link trackingSpringUpdate} with only the position blend: for the step across a known discontinuity.
 * @c sp_tracking_spring_update_no_velocity_acceleration state={x,v}
 */
export function trackingSpringUpdateNoVelocityAcceleration<T extends SpringState>(
  state: T,
  xGoal: number,
  xGain: number,
  dt: number,
): T {
  if (!(isSpringStep(state, 0, dt) && isFinite4(xGoal, xGain, 0, 0)))
    check(S.trackingSpringUpdateNoVelocityAcceleration, state, xGoal, xGain, dt);
  full.sp_tracking_spring_update_no_velocity_acceleration(
    put2(0, state.x, state.v),
    slot(1),
    xGoal,
    xGain,
    dt,
  );
  return getXV(0, state);
}

/**
 * The article's improved tracker: the three blends are exact dampers with halflives (the
 * article uses 1.0, 0.05 and 0 s for position, velocity, acceleration). Still not dt-invariant.
 * @c sp_tracking_spring_update_improved state={x,v}
 */
export function trackingSpringUpdateImproved<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xHalflife: number,
  vHalflife: number,
  aHalflife: number,
  dt: number,
): T {
  if (!(
    isSpringStep(state, xHalflife, dt) &&
    isFinite4(xGoal, vGoal, aGoal, 0) &&
    isTime(vHalflife) &&
    isTime(aHalflife)
  ))
    check(S.trackingSpringUpdateImproved, state, xGoal, vGoal, aGoal, xHalflife, vHalflife, aHalflife, dt);
  const p = put2(0, state.x, state.v);
  full.sp_tracking_spring_update_improved(
    p,
    slot(1),
    xGoal,
    vGoal,
    aGoal,
    xHalflife,
    vHalflife,
    aHalflife,
    dt,
  );
  return getXV(0, state);
}

/**
 * {@link trackingSpringUpdateImproved} without the acceleration blend: for a step whose `aGoal` is bad.
 * @c sp_tracking_spring_update_no_acceleration_improved state={x,v}
 */
export function trackingSpringUpdateNoAccelerationImproved<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  xHalflife: number,
  vHalflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, xHalflife, dt) && isFinite4(xGoal, vGoal, 0, 0) && isTime(vHalflife)))
    check(S.trackingSpringUpdateNoAccelerationImproved, state, xGoal, vGoal, xHalflife, vHalflife, dt);
  full.sp_tracking_spring_update_no_acceleration_improved(
    put2(0, state.x, state.v),
    slot(1),
    xGoal,
    vGoal,
    xHalflife,
    vHalflife,
    dt,
  );
  return getXV(0, state);
}

/**
 * {@link trackingSpringUpdateImproved} with only the position blend: for the step across a known discontinuity.
 * @c sp_tracking_spring_update_no_velocity_acceleration_improved state={x,v}
 */
export function trackingSpringUpdateNoVelocityAccelerationImproved<T extends SpringState>(
  state: T,
  xGoal: number,
  xHalflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, xHalflife, dt) && isFinite4(xGoal, 0, 0, 0)))
    check(S.trackingSpringUpdateNoVelocityAccelerationImproved, state, xGoal, xHalflife, dt);
  full.sp_tracking_spring_update_no_velocity_acceleration_improved(
    put2(0, state.x, state.v),
    slot(1),
    xGoal,
    xHalflife,
    dt,
  );
  return getXV(0, state);
}

/**
 * The exact tracker of the article's repository (its `tracking_spring_update_exact`, which takes
 * the gains): the gain tracker's step read as a spring (stiffness `xGain/gainDt²`, damping
 * `(1 − (1 − vGain)(1 − xGain))/gainDt`, toward `xGoal` with the goal velocity the gains give),
 * stepped exactly over `dt`. dt-invariant at the gains' feel, but it trails a moving goal; the
 * repository's `…_no_acceleration_exact` is `aGain = 0`, its `…_no_velocity_acceleration_exact`
 * `vGain = aGain = 0`. {@link trackingSpringUpdateExact} reproduces the samples instead.
 * @c sp_tracking_spring_update_exact_gains state={x,v}
 */
export function trackingSpringUpdateExactGains<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xGain: number,
  vGain: number,
  aGain: number,
  dt: number,
  gainDt: number = 1 / 60,
): T {
  if (!(
    isSpringStep(state, 0, dt) &&
    isFinite4(xGoal, vGoal, aGoal, xGain) &&
    isFinite4(vGain, aGain, 0, 0) &&
    isTime(gainDt) &&
    gainDt > 0
  ))
    check(S.trackingSpringUpdateExactGains, state, xGoal, vGoal, aGoal, xGain, vGain, aGain, dt, gainDt);
  full.sp_tracking_spring_update_exact_gains(
    put2(0, state.x, state.v),
    slot(1),
    xGoal,
    vGoal,
    aGoal,
    xGain,
    vGain,
    aGain,
    dt,
    gainDt,
  );
  return getXV(0, state);
}

/**
 * dt-invariant tracker: the error to the goal evolves as an exact spring of `frequency`
 * and `halflife`, so the result no longer depends on the frame rate; converged it
 * reproduces the goal samples exactly. {@link trackingGainsToSpring} gives the spring that
 * matches the article's gains at a reference dt.
 * @c sp_tracking_spring_update_exact state={x,v}
 */
export function trackingSpringUpdateExact<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && isFinite4(xGoal, vGoal, aGoal, 0) && isTime(frequency)))
    check(S.trackingSpringUpdateExact, state, xGoal, vGoal, aGoal, frequency, halflife, dt);
  const p = put2(0, state.x, state.v);
  full.sp_tracking_spring_update_exact(p, slot(1), xGoal, vGoal, aGoal, frequency, halflife, dt);
  return getXV(0, state);
}

/**
 * {@link trackingSpringUpdateExact} when `aGoal` is unknown (the goal's velocity is taken as constant).
 * @c sp_tracking_spring_update_exact_no_acceleration state={x,v}
 */
export function trackingSpringUpdateExactNoAcceleration<T extends SpringState>(
  state: T,
  xGoal: number,
  vGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && isFinite4(xGoal, vGoal, 0, 0) && isTime(frequency)))
    check(S.trackingSpringUpdateExactNoAcceleration, state, xGoal, vGoal, frequency, halflife, dt);
  const p = put2(0, state.x, state.v);
  full.sp_tracking_spring_update_exact_no_acceleration(p, slot(1), xGoal, vGoal, frequency, halflife, dt);
  return getXV(0, state);
}

/**
 * {@link trackingSpringUpdateExact} when only `xGoal` is known: the goal is taken to move at
 * the tracker's own velocity over the step. Use it on the step across a discontinuity.
 * @c sp_tracking_spring_update_exact_no_velocity_acceleration state={x,v}
 */
export function trackingSpringUpdateExactNoVelocityAcceleration<T extends SpringState>(
  state: T,
  xGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && isNum(xGoal) && isTime(frequency)))
    check(S.trackingSpringUpdateExactNoVelocityAcceleration, state, xGoal, frequency, halflife, dt);
  const p = put2(0, state.x, state.v);
  full.sp_tracking_spring_update_exact_no_velocity_acceleration(p, slot(1), xGoal, frequency, halflife, dt);
  return getXV(0, state);
}

/** A spring for {@link trackingSpringUpdateExact}: frequency in Hz, halflife in seconds. */
export interface TrackingSpring {
  frequency: number;
  halflife: number;
}

/**
 * The spring whose error decays at the same rates as {@link trackingSpringUpdate} with these
 * gains (and `aGain = 1`) at `referenceDt` (e.g. 1/60). Gains are clamped to [0, 1]; a gain
 * of 1 gives halflife 0 (snap). Writes into `out` when given.
 * @c sp_tracking_gains_to_spring out=out_{frequency,halflife}
 */
export function trackingGainsToSpring<T extends TrackingSpring = TrackingSpring>(
  xGain: number,
  vGain: number,
  referenceDt: number,
  out?: T,
): T {
  check(S.trackingGainsToSpring, xGain, vGain, referenceDt, out);
  full.sp_tracking_gains_to_spring(xGain, vGain, referenceDt, slot(0), slot(1));
  const result = out ?? ({ frequency: 0, halflife: 0 } as T);
  result.frequency = heapF32[scratchF32];
  result.halflife = heapF32[scratchF32 + 1];
  return result;
}
