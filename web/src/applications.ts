/**
 * Applications of Spring-It-On that take arrays: the exact trajectory of the spring character
 * (`springCharacterUpdate`, its one step, is generated from the header), and the
 * piecewise-linear goal used to drive springs along control points.
 * @packageDocumentation
 */
import { heapF32 } from './wasm.js';
import { claim } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check } from './check.js';
import { floats, fresh } from './arrays.js';
import type { CharacterState, CurvePoint } from './types.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/**
 * Predicts the character's future trajectory: writes the state of
 * {@link springCharacterUpdate} after `k·dt` seconds into `positions[k]`,
 * `velocities[k]`, `accelerations[k]` for k = 0 … count − 1 (each exact, no stepping).
 * `state` is not modified. `count` defaults to `positions.length`.
 * @param positions - Float32Array of count floats: [m] positions (written)
 * @param velocities - Float32Array of count floats: [m/s] velocities (written)
 * @param accelerations - Float32Array of count floats: [m/s²] accelerations (written)
 * @param state - read: `x` [m] position now; `v` [m/s] velocity now; `a` [m/s²] acceleration now
 * @param vGoal - [m/s] desired velocity, held
 * @param halflife - [s] (≥ 0) halflife of the velocity spring
 * @param dt - [s] (≥ 0) time between samples
 * @param count - (optional) (≥ 0) number of samples
 * @see the C function `sp_spring_character_predict` in c/sprung.h
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
  check(S.springCharacterPredict, positions, velocities, accelerations, state, vGoal, halflife, dt, count);
  if (count === 0) return;
  const x = state.x,
    v = state.v,
    a = state.a; // read before the work buffer is taken (a getter may call sprung)
  const outs = [positions, velocities, accelerations];
  const held = outs.map((o) => floats('springCharacterPredict', '', o, count));
  const b = workBuffer('springCharacterPredict', 'count', 3 * count); // may grow memory: the outputs are viewed again after
  full.sp_spring_character_predict(
    b,
    plus(b, count),
    plus(b, 2 * count),
    count,
    x,
    v,
    a,
    vGoal,
    halflife,
    dt,
  );
  const from = b >> 2;
  outs.forEach((o, k) =>
    fresh(o, held[k], count).set(heapF32.subarray(from + k * count, from + (k + 1) * count)),
  );
}

/**
 * Goal position and velocity at parameter `t` in [0, 1] (clamped) of the piecewise-linear
 * curve through `points` (at least one). The velocity is `dx/dt`, pointing from a point
 * to the next (the article's listing has it backwards). Writes into `out` if given.
 * @param t - curve parameter, clamped to [0, 1]
 * @param points - Float32Array of npnts floats: [m] the points, evenly spaced in `t`
 * @param out - (optional) written: `x` [m] goal position; `v` [m] goal velocity per unit of `t`
 * @see the C function `sp_piecewise_interpolation` in c/sprung.h
 * @c sp_piecewise_interpolation points=pnts out=out_{x,v} -npnts
 */
export function piecewiseInterpolation<T extends CurvePoint>(
  t: number,
  points: Float32Array | readonly number[],
  out: T,
): T;
/**
 * Goal position and velocity at parameter `t` in [0, 1] (clamped) of the piecewise-linear
 * curve through `points` (at least one). The velocity is `dx/dt`, pointing from a point
 * to the next (the article's listing has it backwards). Writes into `out` if given.
 * @param t - curve parameter, clamped to [0, 1]
 * @param points - Float32Array of npnts floats: [m] the points, evenly spaced in `t`
 * @param out - (optional) written: `x` [m] goal position; `v` [m] goal velocity per unit of `t`
 * @see the C function `sp_piecewise_interpolation` in c/sprung.h
 */
export function piecewiseInterpolation(
  t: number,
  points: Float32Array | readonly number[],
  out?: CurvePoint,
): CurvePoint;
export function piecewiseInterpolation(
  t: number,
  points: Float32Array | readonly number[],
  out?: CurvePoint,
): CurvePoint {
  const fn = 'piecewiseInterpolation';
  check(S.piecewiseInterpolation, t, points, out); // every point, before anything is allocated or written
  const n = points.length;
  if (n < 1) throw new RangeError(`sprung.${fn}: points must hold at least 1 point, got 0`);
  const held = points instanceof Float32Array ? floats(fn, 'points', points, n) : -1;
  const b = workBuffer(fn, 'points', n);
  heapF32.set(points instanceof Float32Array ? fresh(points, held, n) : points, b >> 2);
  const p = claim();
  full.sp_piecewise_interpolation(p, plus(p, 1), t, b, n);
  const x = heapF32[p >> 2],
    v = heapF32[(p >> 2) + 1];
  const result = out ?? { x: 0, v: 0 };
  result.x = x;
  result.v = v;
  return result;
}
