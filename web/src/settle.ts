/**
 * Beyond the article: how long a critical spring takes to settle (and the halflife that
 * settles in a given time), SwiftUI-style duration/bounce parameters, and a rest test.
 * @packageDocumentation
 */
import { heapF32, scratch, scratchF32, wasm } from './wasm.js';
import { finite, finiteShape, nonNegative, positive, ready, shape } from './check.js';
import type { SpringState } from './springs.js';

/** A spring's frequency (Hz) and halflife (s), as {@link springDamperExact} takes them. */
export interface SpringParameters {
  frequency: number;
  halflife: number;
}

function checkRatio(fn: string, ratio: number): void {
  positive(fn, 'ratio', ratio);
  if (!(ratio < 1)) throw new RangeError(`sprung.${fn}: ratio must be in (0, 1), got ${ratio}`);
}

/**
 * Seconds until a critical spring released at rest comes within `ratio` (0 < ratio < 1,
 * e.g. 0.01 for 1 %) of its initial distance to the goal, and stays there.
 */
export function criticalSettleTime(halflife: number, ratio: number): number {
  const fn = 'criticalSettleTime';
  ready(fn);
  nonNegative(fn, 'halflife', halflife);
  checkRatio(fn, ratio);
  return wasm.sp_critical_settle_time(halflife, ratio);
}

/** Halflife of the critical spring that settles within `ratio` in `settleTime` seconds
 *  (the inverse of {@link criticalSettleTime}). */
export function criticalSettleHalflife(settleTime: number, ratio: number): number {
  const fn = 'criticalSettleHalflife';
  ready(fn);
  nonNegative(fn, 'settleTime', settleTime);
  checkRatio(fn, ratio);
  return wasm.sp_critical_settle_halflife(settleTime, ratio);
}

/**
 * Frequency and halflife of a spring given as `duration` and `bounce`, as SwiftUI-style
 * UI libraries expose them: `duration` (s, > 0) is the undamped period, `bounce` in
 * [−1, 1] sets the damping ratio (0 critical, 0.5 bouncy with ratio 0.5, < 0 over
 * damped with ratio 1 / (1 + bounce)). Writes into `out` if given.
 */
export function durationBounceToSpring(
  duration: number,
  bounce: number,
  out?: SpringParameters,
): SpringParameters {
  const fn = 'durationBounceToSpring';
  ready(fn);
  positive(fn, 'duration', duration);
  finite(fn, 'bounce', bounce);
  if (!(bounce >= -1 && bounce <= 1))
    throw new RangeError(`sprung.${fn}: bounce must be in [-1, 1], got ${bounce}`);
  if (out !== undefined) shape(fn, 'out', out, []);
  wasm.sp_duration_bounce_to_spring(duration, bounce, scratch, scratch + 4);
  const result = out ?? { frequency: 0, halflife: 0 };
  result.frequency = heapF32[scratchF32];
  result.halflife = heapF32[scratchF32 + 1];
  return result;
}

/** True when the spring is within `epsX` of `goal` and its velocity within `epsV` of
 *  `goalVelocity`. */
export function springIsAtRest(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  epsX: number,
  epsV: number,
): boolean {
  const fn = 'springIsAtRest';
  ready(fn);
  finiteShape(fn, 'state', state, ['x', 'v']);
  finite(fn, 'goal', goal);
  finite(fn, 'goalVelocity', goalVelocity);
  nonNegative(fn, 'epsX', epsX);
  nonNegative(fn, 'epsV', epsV);
  return wasm.sp_spring_is_at_rest(state.x, state.v, goal, goalVelocity, epsX, epsV) !== 0;
}
