/**
 * Springs designed by their response: a designer thinks "settles in 0.3 s with 5 %
 * overshoot", not "frequency 2.1 Hz, halflife 0.14 s". The step response of the spring
 * (released at rest, its goal one unit away, zero goal velocity) is described exactly in every
 * regime — its damping ratio, overshoot, time of the first peak, 10–90 % rise time, settling
 * time and lag behind a moving goal take and return numbers, and are generated from the
 * header (`springDampingRatio`, `springOvershoot`, `springPeakTime`, `springRiseTime`,
 * `springSettlingTime`, `springSettlingTimeEnvelope`, `springLag`) — and the solvers here
 * invert them: the frequency and halflife that give a wanted response.
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { slot } from './scratch.js';
import { check } from './check.js';
import type { SpringParameters } from './settle.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** A spring's duration (its undamped period, s) and bounce, as {@link durationBounceToSpring} takes them. */
export interface DurationBounce {
  duration: number;
  bounce: number;
}

/** Reads the two result slots into `out`'s fields `a`, `b` (or a new object) and returns it. */
function result<T>(out: T | undefined, a: string, b: string): T {
  const r = (out ?? { [a]: 0, [b]: 0 }) as Record<string, number>;
  r[a] = heapF32[scratchF32];
  r[b] = heapF32[scratchF32 + 1];
  return r as T;
}

/**
 * The spring that settles within `tolerance` (a fraction of the step: 0.02 for 2 %) in
 * `settlingTime` seconds with the given peak `overshoot` (0.05 for 5 %; 0 gives the
 * critical spring). Writes into `out` if given.
 * @example
 * const { frequency, halflife } = settlingTimeOvershootToSpring(0.3, 0.05, 0.02);
 * springDamperExact(state, goal, 0, frequency, halflife, dt); // within 2 % after 0.3 s, 5 % overshoot
 * @c sp_settling_time_overshoot_to_spring out=out_{frequency,halflife}
 */
export function settlingTimeOvershootToSpring<T extends SpringParameters = SpringParameters>(
  settlingTime: number,
  overshoot: number,
  tolerance: number,
  out?: T,
): T {
  check(S.settlingTimeOvershootToSpring, settlingTime, overshoot, tolerance, out);
  full.sp_settling_time_overshoot_to_spring(settlingTime, overshoot, tolerance, slot(0), slot(1));
  return result(out, 'frequency', 'halflife');
}

/**
 * The spring whose step response rises from 10 % to 90 % in `riseTime` seconds with the
 * given peak `overshoot` (0 gives the critical spring). Writes into `out` if given.
 * @example
 * const snappy = riseTimeOvershootToSpring(0.08, 0.1); // up in 80 ms, 10 % overshoot
 * @c sp_rise_time_overshoot_to_spring out=out_{frequency,halflife}
 */
export function riseTimeOvershootToSpring<T extends SpringParameters = SpringParameters>(
  riseTime: number,
  overshoot: number,
  out?: T,
): T {
  check(S.riseTimeOvershootToSpring, riseTime, overshoot, out);
  full.sp_rise_time_overshoot_to_spring(riseTime, overshoot, slot(0), slot(1));
  return result(out, 'frequency', 'halflife');
}

/**
 * The spring of damping ratio `dampingRatio` (any regime: below 1 it overshoots, above 1 it
 * creeps) that settles within `tolerance` in `settlingTime` seconds. Writes into `out` if given.
 * @c sp_settling_time_ratio_to_spring out=out_{frequency,halflife}
 */
export function settlingTimeRatioToSpring<T extends SpringParameters = SpringParameters>(
  settlingTime: number,
  dampingRatio: number,
  tolerance: number,
  out?: T,
): T {
  check(S.settlingTimeRatioToSpring, settlingTime, dampingRatio, tolerance, out);
  full.sp_settling_time_ratio_to_spring(settlingTime, dampingRatio, tolerance, slot(0), slot(1));
  return result(out, 'frequency', 'halflife');
}

/**
 * The spring of damping ratio `dampingRatio` (any regime) whose step response rises from
 * 10 % to 90 % in `riseTime` seconds. Writes into `out` if given.
 * @c sp_rise_time_ratio_to_spring out=out_{frequency,halflife}
 */
export function riseTimeRatioToSpring<T extends SpringParameters = SpringParameters>(
  riseTime: number,
  dampingRatio: number,
  out?: T,
): T {
  check(S.riseTimeRatioToSpring, riseTime, dampingRatio, out);
  full.sp_rise_time_ratio_to_spring(riseTime, dampingRatio, slot(0), slot(1));
  return result(out, 'frequency', 'halflife');
}

/**
 * The duration (the undamped period, 1/frequency) and bounce (1 − ζ when under damped,
 * 1/ζ − 1 when over damped) of a spring: the inverse of {@link durationBounceToSpring}.
 * Writes into `out` if given.
 * @example
 * const { duration, bounce } = springToDurationBounce(2, 0.3); // for a SwiftUI-style UI
 * @c sp_spring_to_duration_bounce out=out_{duration,bounce}
 */
export function springToDurationBounce<T extends DurationBounce = DurationBounce>(
  frequency: number,
  halflife: number,
  out?: T,
): T {
  check(S.springToDurationBounce, frequency, halflife, out);
  full.sp_spring_to_duration_bounce(frequency, halflife, slot(0), slot(1));
  return result(out, 'duration', 'bounce');
}
