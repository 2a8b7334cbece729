/**
 * Helpers of Spring-It-On: lerp, the fast approximations, and conversions between
 * halflife, damping, frequency and stiffness.
 * @packageDocumentation
 */
import { wasm } from './wasm.js';
import { finite, nonNegative, num, ready } from './check.js';

/** Linear interpolation `(1 − a)·x + a·y`. */
export function lerp(x: number, y: number, a: number): number {
  ready('lerp');
  num('lerp', 'x', x);
  num('lerp', 'y', y);
  num('lerp', 'a', a);
  return wasm.sp_lerp(x, y, a);
}

/** The article's fast approximation of `e^−x` for `x ≥ 0`: `1 / (1 + x + 0.48x² + 0.235x³)`, absolute error below 0.019. */
export function fastNegexp(x: number): number {
  ready('fastNegexp');
  num('fastNegexp', 'x', x);
  return wasm.sp_fast_negexp(x);
}

/** The article's fast approximation of `atan(x)` (absolute error below 1.6e-3 rad). */
export function fastAtan(x: number): number {
  ready('fastAtan');
  num('fastAtan', 'x', x);
  return wasm.sp_fast_atan(x);
}

/** Damping `d = 4·ln2 / halflife` of a spring whose halflife is given in seconds. */
export function halflifeToDamping(halflife: number): number {
  ready('halflifeToDamping');
  nonNegative('halflifeToDamping', 'halflife', halflife);
  return wasm.sp_halflife_to_damping(halflife);
}

/** Halflife `4·ln2 / damping` in seconds of a spring with the given damping. */
export function dampingToHalflife(damping: number): number {
  ready('dampingToHalflife');
  nonNegative('dampingToHalflife', 'damping', damping);
  return wasm.sp_damping_to_halflife(damping);
}

/** Stiffness `(2π·frequency)²` of a spring whose frequency is given in Hz. */
export function frequencyToStiffness(frequency: number): number {
  ready('frequencyToStiffness');
  finite('frequencyToStiffness', 'frequency', frequency);
  return wasm.sp_frequency_to_stiffness(frequency);
}

/** Frequency `√stiffness / 2π` in Hz. */
export function stiffnessToFrequency(stiffness: number): number {
  ready('stiffnessToFrequency');
  nonNegative('stiffnessToFrequency', 'stiffness', stiffness);
  return wasm.sp_stiffness_to_frequency(stiffness);
}

/** Halflife (s) that makes a spring of this frequency (Hz) critically damped. */
export function criticalHalflife(frequency: number): number {
  ready('criticalHalflife');
  nonNegative('criticalHalflife', 'frequency', frequency);
  return wasm.sp_critical_halflife(frequency);
}

/** Frequency (Hz) that makes a spring of this halflife (s) critically damped. */
export function criticalFrequency(halflife: number): number {
  ready('criticalFrequency');
  nonNegative('criticalFrequency', 'halflife', halflife);
  return wasm.sp_critical_frequency(halflife);
}

/**
 * The frequency (Hz) to give a spring of this halflife so that it resonates when its goal
 * oscillates at `goalFrequency` Hz: its steady-state amplitude peaks there, i.e.
 * stiffness = Ω² + d²/2. (The article's `resonant_frequency` computes Ω² − d²/4, a sign
 * slip that detunes the spring below the signal; see c/helpers.c.)
 */
export function resonantFrequency(goalFrequency: number, halflife: number): number {
  ready('resonantFrequency');
  nonNegative('resonantFrequency', 'goalFrequency', goalFrequency);
  nonNegative('resonantFrequency', 'halflife', halflife);
  return wasm.sp_resonant_frequency(goalFrequency, halflife);
}

/**
 * Energy of a unit-mass spring of `frequency` Hz: kinetic plus potential,
 * `((scale·(v − vRest))² + s·(scale·(x − xRest))²) / 2`.
 */
export function springEnergy(
  x: number,
  v: number,
  frequency: number,
  xRest = 0,
  vRest = 0,
  scale = 1,
): number {
  const fn = 'springEnergy';
  ready(fn);
  num(fn, 'x', x);
  num(fn, 'v', v);
  finite(fn, 'frequency', frequency);
  num(fn, 'xRest', xRest);
  num(fn, 'vRest', vRest);
  num(fn, 'scale', scale);
  return wasm.sp_spring_energy(x, v, frequency, xRest, vRest, scale);
}
