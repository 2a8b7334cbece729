/**
 * Beyond the article: SwiftUI-style duration/bounce parameters and a rest test. (How long a
 * critical spring takes to settle, `criticalSettleTime`, and its inverse
 * `criticalSettleHalflife` take and return numbers: they are generated from the header.)
 * @packageDocumentation
 */
import { heapF32, scratchF32, wasm } from './wasm.js';
import { slot } from './scratch.js';
import { check, initialized, isFinite4, isObject, isTime } from './check.js';
import type { SpringState } from './springs.js';
import * as S from './gen/specs.js';

/** A spring's frequency (Hz) and halflife (s), as {@link springDamperExact} takes them. */
export interface SpringParameters {
  frequency: number;
  halflife: number;
}

/**
 * Frequency and halflife of a spring given as `duration` and `bounce`, as SwiftUI-style
 * UI libraries expose them: `duration` is the undamped period, `bounce` sets the damping
 * ratio (0 critical, 0.5 bouncy with ratio 0.5, < 0 over damped with ratio 1 / (1 + bounce)).
 * Writes into `out` if given.
 * @example
 * const { frequency, halflife } = durationBounceToSpring(0.5, 0.3);
 * springDamperExact(state, goal, 0, frequency, halflife, dt);
 * @c sp_duration_bounce_to_spring out=out_{frequency,halflife}
 */
export function durationBounceToSpring<T extends SpringParameters = SpringParameters>(
  duration: number,
  bounce: number,
  out?: T,
): T {
  check(S.durationBounceToSpring, duration, bounce, out);
  wasm.sp_duration_bounce_to_spring(duration, bounce, slot(0), slot(1));
  const result = out ?? ({ frequency: 0, halflife: 0 } as T);
  result.frequency = heapF32[scratchF32];
  result.halflife = heapF32[scratchF32 + 1];
  return result;
}

/**
 * True when the spring is within `epsX` of `goal` and its velocity within `epsV` of
 * `goalVelocity`.
 * @c sp_spring_is_at_rest state={x,v} goal=g goalVelocity=q
 */
export function springIsAtRest(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  epsX: number,
  epsV: number,
): boolean {
  if (!(
    initialized &&
    isObject(state) &&
    isFinite4(state.x, state.v, goal, goalVelocity) &&
    isTime(epsX) &&
    isTime(epsV)
  ))
    check(S.springIsAtRest, state, goal, goalVelocity, epsX, epsV);
  return wasm.sp_spring_is_at_rest(state.x, state.v, goal, goalVelocity, epsX, epsV) !== 0;
}
