/**
 * Applications of Spring-It-On: a character controller whose velocity is a critical
 * spring (with the exact integral for its position), trajectory prediction, and the
 * piecewise-linear goal used to drive springs along control points.
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { slot } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check, floats, isField, isNum, isSpringStep, fresh } from './check.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

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

/** Scratch slots of the character's x, v, a. */
const X = 0,
  V = 1,
  A = 2;

/**
 * Advances a character whose velocity `v` is a critical spring toward `vGoal` by `dt`
 * seconds: updates `v` and `a` exactly, and `x` by the exact integral of the velocity
 * (the article's listing omits part of that integral). Returns `state`.
 * @example
 * const player = { x: 0, v: 0, a: 0 };
 * springCharacterUpdate(player, input * maxSpeed, 0.2, dt);
 * @c sp_spring_character_update state={x,v,a}
 */
export function springCharacterUpdate<T extends CharacterState>(
  state: T,
  vGoal: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && isField(state, 'a') && isNum(vGoal)))
    check(S.springCharacterUpdate, state, vGoal, halflife, dt);
  const h = heapF32,
    i = scratchF32;
  h[i + X] = state.x;
  h[i + V] = state.v;
  h[i + A] = state.a;
  full.sp_spring_character_update(slot(X), slot(V), slot(A), vGoal, halflife, dt);
  state.x = h[i + X];
  state.v = h[i + V];
  state.a = h[i + A];
  return state;
}

/**
 * Predicts the character's future trajectory: writes the state of
 * {@link springCharacterUpdate} after `k·dt` seconds into `positions[k]`,
 * `velocities[k]`, `accelerations[k]` for k = 0 … count − 1 (each exact, no stepping).
 * `state` is not modified. `count` defaults to `positions.length`.
 * @c sp_spring_character_predict positions=out_x velocities=out_v accelerations=out_a state={x,v,a}
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
  const fn = S.springCharacterPredict;
  check(fn, positions, velocities, accelerations, state, vGoal, halflife, dt, count);
  if (count === 0) return;
  const outs = [positions, velocities, accelerations];
  const held = outs.map((a) => floats(fn.fn, '', a, count));
  const b = workBuffer(fn.fn, 'count', 3 * count); // may grow memory: the outputs are viewed again after
  full.sp_spring_character_predict(
    b,
    plus(b, count),
    plus(b, 2 * count),
    count,
    state.x,
    state.v,
    state.a,
    vGoal,
    halflife,
    dt,
  );
  const from = b >> 2;
  outs.forEach((a, k) =>
    fresh(a, held[k], count).set(heapF32.subarray(from + k * count, from + (k + 1) * count)),
  );
}

/**
 * Goal position and velocity at parameter `t` in [0, 1] (clamped) of the piecewise-linear
 * curve through `points` (at least one). The velocity is `dx/dt`, pointing from a point
 * to the next (the article's listing has it backwards). Writes into `out` if given.
 * @c sp_piecewise_interpolation points=pnts out=out_{x,v} -npnts
 */
export function piecewiseInterpolation<T extends CurvePoint = CurvePoint>(
  t: number,
  points: Float32Array | readonly number[],
  out?: T,
): T {
  const fn = S.piecewiseInterpolation;
  check(fn, t, points, out); // every point, before anything is allocated or written
  const n = points.length;
  if (n < 1) throw new RangeError(`sprung.${fn.fn}: points must hold at least 1 point, got 0`);
  const held = points instanceof Float32Array ? floats(fn.fn, 'points', points, n) : -1;
  const b = workBuffer(fn.fn, 'points', n);
  heapF32.set(points instanceof Float32Array ? fresh(points, held, n) : points, b >> 2);
  full.sp_piecewise_interpolation(slot(0), slot(1), t, b, n);
  const result = out ?? ({ x: 0, v: 0 } as T);
  result.x = heapF32[scratchF32];
  result.v = heapF32[scratchF32 + 1];
  return result;
}
