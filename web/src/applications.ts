/**
 * Applications of Spring-It-On: a character controller whose velocity is a critical
 * spring (with the exact integral for its position), trajectory prediction, and the
 * piecewise-linear goal used to drive springs along control points.
 * @packageDocumentation
 */
import { MAX_FLOATS, allocFloats, heapF32, scratch, scratchF32, wasm } from './wasm.js';
import { finite, finiteShape, floats, integer, isSpringStep, nonNegative, ready, shape } from './check.js';

/** A character's state, updated in place: position `x`, velocity `v`, acceleration `a`. */
export interface CharacterState {
  x: number;
  v: number;
  a: number;
}

/** A goal on a curve: position `x` and velocity `v` (per unit of the curve parameter). */
export interface CurvePoint {
  x: number;
  v: number;
}

const XVA = ['x', 'v', 'a'] as const;

/* One grow-only buffer in WASM memory for the array arguments (never freed while in use,
 * never allocated per call once large enough). */
let bufferPtr = 0;
let bufferFloats = 0;

/** Returns the heapF32 index of a WASM buffer of at least `n` floats. */
function buffer(n: number): number {
  if (n > bufferFloats) {
    const floats = Math.min(Math.max(n, 2 * bufferFloats, 64), Math.max(n, MAX_FLOATS));
    if (bufferPtr) wasm.free(bufferPtr);
    bufferPtr = 0;
    bufferFloats = 0;
    bufferPtr = allocFloats('springCharacterPredict', 'count', floats);
    bufferFloats = floats;
  }
  return bufferPtr >> 2;
}

/**
 * Advances a character whose velocity `v` is a critical spring toward `vGoal` by `dt`
 * seconds: updates `v` and `a` exactly, and `x` by the exact integral of the velocity
 * (the article's listing omits part of that integral). Returns `state`.
 */
export function springCharacterUpdate(
  state: CharacterState,
  vGoal: number,
  halflife: number,
  dt: number,
): CharacterState {
  if (!(isSpringStep(state, halflife, dt) && Number.isFinite(state.a) && Number.isFinite(vGoal))) {
    const fn = 'springCharacterUpdate';
    ready(fn);
    finiteShape(fn, 'state', state, XVA);
    finite(fn, 'vGoal', vGoal);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  const i = scratchF32;
  heapF32[i] = state.x;
  heapF32[i + 1] = state.v;
  heapF32[i + 2] = state.a;
  wasm.sp_spring_character_update(scratch, scratch + 4, scratch + 8, vGoal, halflife, dt);
  state.x = heapF32[i];
  state.v = heapF32[i + 1];
  state.a = heapF32[i + 2];
  return state;
}

/**
 * Predicts the character's future trajectory: writes the state of
 * {@link springCharacterUpdate} after `k·dt` seconds into `positions[k]`,
 * `velocities[k]`, `accelerations[k]` for k = 0 … count − 1 (each exact, no stepping).
 * `state` is not modified. `count` defaults to `positions.length`.
 */
export function springCharacterPredict(
  positions: Float32Array,
  velocities: Float32Array,
  accelerations: Float32Array,
  state: CharacterState,
  vGoal: number,
  halflife: number,
  dt: number,
  count: number = positions?.length,
): void {
  const fn = 'springCharacterPredict';
  ready(fn);
  floats(fn, 'positions', positions, 0);
  integer(fn, 'count', count, 0, 1 << 24);
  floats(fn, 'positions', positions, count);
  floats(fn, 'velocities', velocities, count);
  floats(fn, 'accelerations', accelerations, count);
  finiteShape(fn, 'state', state, XVA);
  finite(fn, 'vGoal', vGoal);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'dt', dt);
  if (count === 0) return;
  const b = buffer(3 * count);
  const bytes = b << 2;
  wasm.sp_spring_character_predict(
    bytes,
    bytes + 4 * count,
    bytes + 8 * count,
    count,
    state.x,
    state.v,
    state.a,
    vGoal,
    halflife,
    dt,
  );
  const heap = heapF32;
  for (let k = 0; k < count; k++) {
    positions[k] = heap[b + k];
    velocities[k] = heap[b + count + k];
    accelerations[k] = heap[b + 2 * count + k];
  }
}

/**
 * Goal position and velocity at parameter `t` in [0, 1] (clamped) of the piecewise-linear
 * curve through `points` (at least one). The velocity is `dx/dt`, pointing from a point
 * to the next (the article's listing has it backwards). Writes into `out` if given.
 */
export function piecewiseInterpolation(
  t: number,
  points: Float32Array | readonly number[],
  out?: CurvePoint,
): CurvePoint {
  const fn = 'piecewiseInterpolation';
  ready(fn);
  finite(fn, 't', t);
  if (!(points instanceof Float32Array) && !Array.isArray(points))
    throw new TypeError(
      `sprung.${fn}: points must be a Float32Array or an array of numbers, got ${typeof points}`,
    );
  const n = points.length;
  if (n < 1) throw new RangeError(`sprung.${fn}: points must hold at least 1 point, got 0`);
  if (out !== undefined) shape(fn, 'out', out, []);
  const b = buffer(n);
  const heap = heapF32;
  for (let k = 0; k < n; k++) {
    const p = points[k];
    if (typeof p !== 'number')
      throw new TypeError(`sprung.${fn}: points[${k}] must be a number, got ${typeof p}`);
    if (!Number.isFinite(p)) throw new RangeError(`sprung.${fn}: points[${k}] must be finite, got ${p}`);
    heap[b + k] = p;
  }
  wasm.sp_piecewise_interpolation(scratch, scratch + 4, t, b << 2, n);
  const result = out ?? { x: 0, v: 0 };
  result.x = heapF32[scratchF32];
  result.v = heapF32[scratchF32 + 1];
  return result;
}
