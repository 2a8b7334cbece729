/**
 * Tracking springs of "Perfect Tracking with Springs": a spring that follows a signal's
 * position, velocity and acceleration in proportions, so that it reproduces the signal
 * exactly where nothing is wrong and smooths out its discontinuities.
 *
 * Per frame the tracker moves from the goal sample `s[i]` to `s[i+1]`: `xGoal` is the next
 * sample, `vGoal = trackingTargetVelocity(s[i+1], s[i], dt)` and `aGoal =
 * trackingTargetAcceleration(s[i+1], s[i], s[i-1], dt)`. The state `{x, v}` is updated in place.
 * @packageDocumentation
 */
import { getXV, heapF32, put2, scratch, scratchF32, wasm } from './wasm.js';
import { finite, isFinite4, isSpringStep, isTime, nonNegative, ready, shape } from './check.js';
import type { SpringState } from './springs.js';

const XV = ['x', 'v'] as const;

function check(fn: string, state: SpringState, dt: number): void {
  ready(fn);
  shape(fn, 'state', state, XV);
  finite(fn, 'state.x', state.x);
  finite(fn, 'state.v', state.v);
  nonNegative(fn, 'dt', dt);
}

/**
 * The article's tracker: `v` blends toward `v + aGoal·dt`, `vGoal` and `(xGoal − x)/dt` by
 * the gains (fractions per frame, e.g. 0.01, 0.2, 1 at 60 Hz), then `x += v·dt`. With
 * `aGain = 1` it reproduces the goal samples exactly once converged. Frame-rate dependent:
 * prefer {@link trackingSpringUpdateExact} when `dt` varies.
 */
export function trackingSpringUpdate(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xGain: number,
  vGain: number,
  aGain: number,
  dt: number,
): SpringState {
  if (!(
    isSpringStep(state, 0, dt) &&
    isFinite4(xGoal, vGoal, aGoal, xGain) &&
    isFinite4(vGain, aGain, 0, 0)
  )) {
    const fn = 'trackingSpringUpdate';
    check(fn, state, dt);
    finite(fn, 'xGoal', xGoal);
    finite(fn, 'vGoal', vGoal);
    finite(fn, 'aGoal', aGoal);
    finite(fn, 'xGain', xGain);
    finite(fn, 'vGain', vGain);
    finite(fn, 'aGain', aGain);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_tracking_spring_update(p, p + 4, xGoal, vGoal, aGoal, xGain, vGain, aGain, dt);
  return getXV(0, state);
}

/** {@link trackingSpringUpdate} without the acceleration blend: for a step whose `aGoal` is bad. */
export function trackingSpringUpdateNoAcceleration(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  xGain: number,
  vGain: number,
  dt: number,
): SpringState {
  if (!(isSpringStep(state, 0, dt) && isFinite4(xGoal, vGoal, xGain, vGain))) {
    const fn = 'trackingSpringUpdateNoAcceleration';
    check(fn, state, dt);
    finite(fn, 'xGoal', xGoal);
    finite(fn, 'vGoal', vGoal);
    finite(fn, 'xGain', xGain);
    finite(fn, 'vGain', vGain);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_tracking_spring_update_no_acceleration(p, p + 4, xGoal, vGoal, xGain, vGain, dt);
  return getXV(0, state);
}

/** {@link trackingSpringUpdate} with only the position blend: for the step across a known discontinuity. */
export function trackingSpringUpdateNoVelocityAcceleration(
  state: SpringState,
  xGoal: number,
  xGain: number,
  dt: number,
): SpringState {
  if (!(isSpringStep(state, 0, dt) && isFinite4(xGoal, xGain, 0, 0))) {
    const fn = 'trackingSpringUpdateNoVelocityAcceleration';
    check(fn, state, dt);
    finite(fn, 'xGoal', xGoal);
    finite(fn, 'xGain', xGain);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_tracking_spring_update_no_velocity_acceleration(p, p + 4, xGoal, xGain, dt);
  return getXV(0, state);
}

/**
 * The article's improved tracker: the three blends are exact dampers with halflives (the
 * article uses 1.0, 0.05 and 0 s for position, velocity, acceleration). Still not dt-invariant.
 */
export function trackingSpringUpdateImproved(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xHalflife: number,
  vHalflife: number,
  aHalflife: number,
  dt: number,
): SpringState {
  if (!(
    isSpringStep(state, xHalflife, dt) &&
    isFinite4(xGoal, vGoal, aGoal, 0) &&
    isTime(vHalflife) &&
    isTime(aHalflife)
  )) {
    const fn = 'trackingSpringUpdateImproved';
    check(fn, state, dt);
    finite(fn, 'xGoal', xGoal);
    finite(fn, 'vGoal', vGoal);
    finite(fn, 'aGoal', aGoal);
    nonNegative(fn, 'xHalflife', xHalflife);
    nonNegative(fn, 'vHalflife', vHalflife);
    nonNegative(fn, 'aHalflife', aHalflife);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_tracking_spring_update_improved(p, p + 4, xGoal, vGoal, aGoal, xHalflife, vHalflife, aHalflife, dt);
  return getXV(0, state);
}

/**
 * dt-invariant tracker: the error to the goal evolves as an exact spring of `frequency` (Hz)
 * and `halflife` (s), so the result no longer depends on the frame rate; converged it
 * reproduces the goal samples exactly. {@link trackingGainsToSpring} gives the spring that
 * matches the article's gains at a reference dt.
 */
export function trackingSpringUpdateExact(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!(isSpringStep(state, halflife, dt) && isFinite4(xGoal, vGoal, aGoal, 0) && isTime(frequency))) {
    const fn = 'trackingSpringUpdateExact';
    check(fn, state, dt);
    finite(fn, 'xGoal', xGoal);
    finite(fn, 'vGoal', vGoal);
    finite(fn, 'aGoal', aGoal);
    nonNegative(fn, 'frequency', frequency);
    nonNegative(fn, 'halflife', halflife);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_tracking_spring_update_exact(p, p + 4, xGoal, vGoal, aGoal, frequency, halflife, dt);
  return getXV(0, state);
}

/** {@link trackingSpringUpdateExact} when `aGoal` is unknown (the goal's velocity is taken as constant). */
export function trackingSpringUpdateExactNoAcceleration(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): SpringState {
  return trackingSpringUpdateExact(state, xGoal, vGoal, 0, frequency, halflife, dt);
}

/**
 * {@link trackingSpringUpdateExact} when only `xGoal` is known: the goal is taken to move at
 * the tracker's own velocity over the step. Use it on the step across a discontinuity.
 */
export function trackingSpringUpdateExactNoVelocityAcceleration(
  state: SpringState,
  xGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!(isSpringStep(state, halflife, dt) && Number.isFinite(xGoal) && isTime(frequency))) {
    const fn = 'trackingSpringUpdateExactNoVelocityAcceleration';
    check(fn, state, dt);
    finite(fn, 'xGoal', xGoal);
    nonNegative(fn, 'frequency', frequency);
    nonNegative(fn, 'halflife', halflife);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_tracking_spring_update_exact_no_velocity_acceleration(p, p + 4, xGoal, frequency, halflife, dt);
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
 */
export function trackingGainsToSpring(
  xGain: number,
  vGain: number,
  referenceDt: number,
  out: TrackingSpring = { frequency: 0, halflife: 0 },
): TrackingSpring {
  const fn = 'trackingGainsToSpring';
  ready(fn);
  finite(fn, 'xGain', xGain);
  finite(fn, 'vGain', vGain);
  nonNegative(fn, 'referenceDt', referenceDt);
  shape(fn, 'out', out, []);
  wasm.sp_tracking_gains_to_spring(xGain, vGain, referenceDt, scratch, scratch + 4);
  out.frequency = heapF32[scratchF32];
  out.halflife = heapF32[scratchF32 + 1];
  return out;
}

/** Goal velocity by finite difference `(xNext − xCurr)/dt` (0 when `dt = 0`). */
export function trackingTargetVelocity(xNext: number, xCurr: number, dt: number): number {
  const fn = 'trackingTargetVelocity';
  ready(fn);
  finite(fn, 'xNext', xNext);
  finite(fn, 'xCurr', xCurr);
  nonNegative(fn, 'dt', dt);
  return wasm.sp_tracking_target_velocity(xNext, xCurr, dt);
}

/** Goal acceleration by finite difference at a fixed `dt` (0 when `dt = 0`). */
export function trackingTargetAcceleration(xNext: number, xCurr: number, xPrev: number, dt: number): number {
  const fn = 'trackingTargetAcceleration';
  ready(fn);
  finite(fn, 'xNext', xNext);
  finite(fn, 'xCurr', xCurr);
  finite(fn, 'xPrev', xPrev);
  nonNegative(fn, 'dt', dt);
  return wasm.sp_tracking_target_acceleration(xNext, xCurr, xPrev, dt);
}

/**
 * Goal acceleration when the previous step lasted `dtPrev`:
 * `((xNext − xCurr)/dt − (xCurr − xPrev)/dtPrev)/dt`, the change of the mean velocity that
 * keeps the trackers exact at a varying frame rate.
 */
export function trackingTargetAccelerationVarying(
  xNext: number,
  xCurr: number,
  xPrev: number,
  dt: number,
  dtPrev: number,
): number {
  const fn = 'trackingTargetAccelerationVarying';
  ready(fn);
  finite(fn, 'xNext', xNext);
  finite(fn, 'xCurr', xCurr);
  finite(fn, 'xPrev', xPrev);
  nonNegative(fn, 'dt', dt);
  nonNegative(fn, 'dtPrev', dtPrev);
  return wasm.sp_tracking_target_acceleration_varying(xNext, xCurr, xPrev, dt, dtPrev);
}

/** Clipping for unknown discontinuities: `value` clamped to `[−limit, limit]`. */
export function trackingClip(value: number, limit: number): number {
  const fn = 'trackingClip';
  ready(fn);
  finite(fn, 'value', value);
  nonNegative(fn, 'limit', limit);
  return wasm.sp_tracking_clip(value, limit);
}
