/**
 * Dampers of Spring-It-On: from the frame-rate dependent lerp to the exact damper
 * parameterised by halflife.
 * @packageDocumentation
 */
import { wasm } from './wasm.js';
import { damperStep } from './steps.js';
import { finite, initialized, isFinite4, isTime, nonNegative, positive, ready } from './check.js';

/** Moves `x` the fraction `factor` of the way to `g`: frame-rate dependent. */
export function damper(x: number, g: number, factor: number): number {
  if (!(initialized && isFinite4(x, g, factor, 0))) {
    ready('damper');
    finite('damper', 'x', x);
    finite('damper', 'g', g);
    finite('damper', 'factor', factor);
  }
  return wasm.sp_damper(x, g, factor);
}

/** `lerp(x, g, damping·dt)`: frame-rate dependent and unstable once `damping·dt > 1`. Kept to show why. */
export function damperBad(x: number, g: number, damping: number, dt: number): number {
  if (!(initialized && isFinite4(x, g, damping, 0) && isTime(dt))) {
    const fn = 'damperBad';
    ready(fn);
    finite(fn, 'x', x);
    finite(fn, 'g', g);
    finite(fn, 'damping', damping);
    nonNegative(fn, 'dt', dt);
  }
  return wasm.sp_damper_bad(x, g, damping, dt);
}

/**
 * Damper that behaves at any `dt` as the bad damper does at the fixed timestep `ft`
 * (default 1/60 s): `lerp(x, g, 1 − (1/(1 − ft·damping))^(−dt/ft))`. Needs `ft·damping < 1`.
 */
export function damperExponential(x: number, g: number, damping: number, dt: number, ft = 1 / 60): number {
  const fn = 'damperExponential';
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'g', g);
  nonNegative(fn, 'damping', damping);
  nonNegative(fn, 'dt', dt);
  nonNegative(fn, 'ft', ft);
  if (!(ft > 0 && ft * damping < 1))
    throw new RangeError(
      `sprung.${fn}: ft·damping must be in [0, 1) with ft > 0, got ft=${ft}, damping=${damping}`,
    );
  return wasm.sp_damper_exponential(x, g, damping, dt, ft);
}

/**
 * Exact damper: returns `x` moved toward `g` so that half the distance is covered every
 * `halflife` seconds, whatever the frame rate. `halflife = 0` snaps, `dt = 0` returns `x`.
 */
export function damperExact(x: number, g: number, halflife: number, dt: number): number {
  if (!(initialized && isFinite4(x, g, 0, 0) && isTime(halflife) && isTime(dt))) {
    const fn = 'damperExact';
    ready(fn);
    finite(fn, 'x', x);
    finite(fn, 'g', g);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  return damperStep(x, g, halflife, dt);
}

/** The article's `damper_implicit`: {@link damperExact} with `fastNegexp` and `halflife + eps`. */
export function damperImplicit(x: number, g: number, halflife: number, dt: number, eps = 1e-5): number {
  const fn = 'damperImplicit';
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'g', g);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'dt', dt);
  positive(fn, 'eps', eps); // eps = 0 with halflife = dt = 0 would be 0/0
  return wasm.sp_damper_implicit(x, g, halflife, dt, eps);
}

/** Exact decay of `x` toward 0: `x·2^(−dt/halflife)`. */
export function damperDecayExact(x: number, halflife: number, dt: number): number {
  if (!(initialized && Number.isFinite(x) && isTime(halflife) && isTime(dt))) {
    const fn = 'damperDecayExact';
    ready(fn);
    finite(fn, 'x', x);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  return wasm.sp_damper_decay_exact(x, halflife, dt);
}
