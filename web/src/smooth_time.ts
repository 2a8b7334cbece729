/**
 * Unity's and maath's `smoothTime` against sprung's halflife. SmoothDamp (Unity's
 * `Mathf.SmoothDamp`, maath's `easing.damp`) is the critical spring of ω = 2 / smoothTime, and
 * sprung's critical spring of halflife h has ω = 2·ln2 / h: the same spring when
 * h = smoothTime·ln2. smoothTime is also that spring's lag behind a target moving at constant
 * speed (`halflifeToLag`).
 * @packageDocumentation
 */
import { show } from './check.js';
import { requireInit } from './wasm.js';

/** The largest float, and the largest halflife whose smoothTime (halflife / ln2) is one. */
const MAX_F = 3.4028234663852886e38,
  MAX_HALFLIFE = MAX_F * Math.LN2;

/** `value`, a number ≥ 0 and at most `max` (a float, whose result is one too), or the error. */
function time(fn: string, name: string, value: unknown, max: number): number {
  requireInit(fn);
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!(value >= 0 && value <= max))
    throw new RangeError(
      `sprung.${fn}: ${name} must be a finite number ≥ 0` +
        (value > max && value < Infinity
          ? `, at most ${max} (its result is a float too), got ${show(value)}`
          : `, got ${show(value)}`),
    );
  return value;
}

/**
 * The halflife of sprung's critical spring that moves as SmoothDamp with `smoothTime` does
 * (Unity's `SmoothDamp`, maath's `damp`): smoothTime·ln2.
 * @param smoothTime - [s] (≥ 0, a float) SmoothDamp's smoothTime.
 * @returns [s] the halflife, e.g. for `simpleSpringDamperExact` or a batch.
 * @example
 * simpleSpringDamperExact(state, goal, smoothTimeToHalflife(0.25), dt); // as maath's damp(…, 0.25, dt)
 */
export function smoothTimeToHalflife(smoothTime: number): number {
  return time('smoothTimeToHalflife', 'smoothTime', smoothTime, MAX_F) * Math.LN2;
}

/**
 * SmoothDamp's `smoothTime` of sprung's critical spring of `halflife`: halflife / ln2.
 * @param halflife - [s] (≥ 0, at most 2.36e38: its smoothTime is a float) the critical spring's halflife.
 * @returns [s] the smoothTime, for {@link smoothTimeToHalflife}'s inverse.
 */
export function halflifeToSmoothTime(halflife: number): number {
  return time('halflifeToSmoothTime', 'halflife', halflife, MAX_HALFLIFE) / Math.LN2;
}
