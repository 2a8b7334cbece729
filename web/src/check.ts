/**
 * Argument checks shared by the whole API. Each throws a TypeError (wrong type or shape)
 * or a RangeError (a number outside its domain) whose message names the function and
 * the argument, e.g. `sprung.damperExact: halflife must be a finite number ≥ 0, got -1`.
 * @internal
 */
import { initialized, requireInit } from './wasm.js';

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}

/** `value` must be a number (NaN and ±Infinity allowed: they propagate). */
export function num(fn: string, name: string, value: unknown): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
}

/** `value` must be a finite number. */
export function finite(fn: string, name: string, value: unknown): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!Number.isFinite(value))
    throw new RangeError(`sprung.${fn}: ${name} must be finite, got ${show(value)}`);
}

/** `value` must be a finite number ≥ 0 (halflives, dt, durations, radii). */
export function nonNegative(fn: string, name: string, value: unknown): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!(value >= 0 && value < Infinity))
    throw new RangeError(`sprung.${fn}: ${name} must be a finite number ≥ 0, got ${show(value)}`);
}

/** `value` must be a finite number > 0. */
export function positive(fn: string, name: string, value: unknown): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!(value > 0 && value < Infinity))
    throw new RangeError(`sprung.${fn}: ${name} must be a finite number > 0, got ${show(value)}`);
}

/** `value` must be an integer in [min, max]. */
export function integer(
  fn: string,
  name: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`sprung.${fn}: ${name} must be an integer in [${min}, ${max}], got ${show(value)}`);
}

/** `value` must be an object whose listed keys are numbers (a state like `{x, v}`, a
 *  vector `{x, y, z}` or a quaternion `{x, y, z, w}`; three.js objects qualify). */
export function shape(fn: string, name: string, value: unknown, keys: readonly string[]): void {
  if (typeof value !== 'object' || value === null)
    throw new TypeError(
      `sprung.${fn}: ${name} must be an object with numeric ${keys.join(', ')}, got ${show(value)}`,
    );
  const o = value as Record<string, unknown>;
  for (const k of keys)
    if (typeof o[k] !== 'number')
      throw new TypeError(`sprung.${fn}: ${name}.${k} must be a number, got ${show(o[k])}`);
}

/** As {@link shape}, and every listed key must also be finite (state that enters a spring). */
export function finiteShape(fn: string, name: string, value: unknown, keys: readonly string[]): void {
  shape(fn, name, value, keys);
  const o = value as Record<string, number>;
  for (const k of keys)
    if (!Number.isFinite(o[k]))
      throw new RangeError(`sprung.${fn}: ${name}.${k} must be finite, got ${show(o[k])}`);
}

/** `value`, when given (not undefined or null), must be an object: an `out` argument the result is written to. */
export function optionalObject(fn: string, name: string, value: unknown): void {
  if (value !== undefined && value !== null) shape(fn, name, value, []);
}

/** Fast path: an optional `out` argument (absent, or an object). */
export function isOut(out: unknown): boolean {
  return out === undefined || out === null || typeof out === 'object';
}

/** `value` must be a Float32Array of at least `length` elements. */
export function floats(fn: string, name: string, value: unknown, length: number): void {
  if (!(value instanceof Float32Array))
    throw new TypeError(`sprung.${fn}: ${name} must be a Float32Array, got ${show(value)}`);
  if (value.length < length)
    throw new RangeError(`sprung.${fn}: ${name} must have at least ${length} elements, got ${value.length}`);
}

export { requireInit as ready, initialized };

// ---- fast paths -------------------------------------------------------------------------
// Per-frame functions first test their arguments with one cheap expression built from
// these predicates; only when it is false do they run the detailed checks above, which
// throw the messages. A predicate may be stricter than its detailed check (then valid but
// unusual input merely takes the slow path), never looser.

type Fields = Record<string, unknown>;

/** Fast path: an object whose `x` and `v` are finite numbers (a `{x, v}` state). */
export function isState(s: unknown): boolean {
  return (
    typeof s === 'object' &&
    s !== null &&
    Number.isFinite((s as Fields).x) &&
    Number.isFinite((s as Fields).v)
  );
}

/** Fast path: a `{x, y, z}` of finite numbers. */
export function isVec3(v: unknown): boolean {
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isFinite((v as Fields).x) &&
    Number.isFinite((v as Fields).y) &&
    Number.isFinite((v as Fields).z)
  );
}

/** Fast path: a `{x, y, z, w}` of finite numbers. */
export function isQuat(q: unknown): boolean {
  return isVec3(q) && Number.isFinite((q as Fields).w);
}

/** Fast path: a finite number ≥ 0 (halflife, dt). */
export function isTime(t: unknown): boolean {
  return typeof t === 'number' && t >= 0 && t < Infinity;
}

/** Fast path: the library is initialised, `state` is a finite `{x, v}`, `halflife` and `dt` are times. */
export function isSpringStep(state: unknown, halflife: unknown, dt: unknown): boolean {
  return initialized && isState(state) && isTime(halflife) && isTime(dt);
}

/** Fast path: four finite numbers (pass 0 for unused ones). */
export function isFinite4(a: unknown, b: unknown, c: unknown, d: unknown): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c) && Number.isFinite(d);
}
