/**
 * Dead blending's extrapolation as functions of their own: a value keeps moving with a
 * velocity that halves every `halflife` (`Infinity` keeps it), exactly and dt-invariantly.
 * Numbers `{x, v}`, 2D and 3D vectors, and rotations with their angular velocity.
 * @packageDocumentation
 */
import { type Quat, type Vec2, type Vec3 } from './wasm.js';
import { getQuat, getVec2, getVec3, getXV, put2, putQuat, putVec2, putVec3, slot } from './scratch.js';
import { check, initialized, isQuatW, isSpringStep, isTime, isVec2W, isVec3W } from './check.js';
import type { SpringState } from './springs.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Scratch slots of the position (or rotation) and the velocity. */
const X = 0,
  V = 4;

/** Fast path: a halflife ≥ 0, `Infinity` included. */
const isHalflife = (h: unknown): boolean => typeof h === 'number' && h >= 0;

/**
 * Moves `state.x` on with its velocity `state.v`, which halves every `halflife` seconds:
 * `v(t) = v·2^(−t/halflife)`, `x(t) = x + v·(1 − 2^(−t/halflife))·halflife/ln2`. In place;
 * returns `state`.
 * @example
 * const ball = { x: 0, v: 5 };
 * extrapolate(ball, 0.3, dt); // coasts to a stop 5·0.3/ln2 ≈ 2.16 further on
 * @c sp_extrapolate state={x,v}
 */
export function extrapolate<T extends SpringState>(state: T, halflife: number, dt: number): T {
  if (!(isSpringStep(state, 0, dt) && isHalflife(halflife))) check(S.extrapolate, state, halflife, dt);
  full.sp_extrapolate(put2(X, state.x, state.v), slot(X + 1), halflife, dt);
  return getXV(X, state);
}

/**
 * {@link extrapolate} on each component of a 2D vector: `position` and `velocity` in place;
 * returns `position`.
 * @c sp_extrapolate_v2 position=x velocity=v
 */
export function extrapolateV2<P extends Vec2>(position: P, velocity: Vec2, halflife: number, dt: number): P {
  if (!(initialized && isVec2W(position) && isVec2W(velocity) && isHalflife(halflife) && isTime(dt)))
    check(S.extrapolateV2, position, velocity, halflife, dt);
  full.sp_extrapolate_v2(putVec2(X, position), putVec2(V, velocity), halflife, dt);
  getVec2(V, velocity);
  return getVec2(X, position);
}

/**
 * {@link extrapolate} on each component of a 3D vector: `position` and `velocity` in place;
 * returns `position`.
 * @example
 * extrapolateV3(ball.position, ballVelocity, 0.5, dt); // the ball coasts on, slowing down
 * @c sp_extrapolate_v3 position=x velocity=v
 */
export function extrapolateV3<P extends Vec3>(position: P, velocity: Vec3, halflife: number, dt: number): P {
  if (!(initialized && isVec3W(position) && isVec3W(velocity) && isHalflife(halflife) && isTime(dt)))
    check(S.extrapolateV3, position, velocity, halflife, dt);
  full.sp_extrapolate_v3(putVec3(X, position), putVec3(V, velocity), halflife, dt);
  getVec3(V, velocity);
  return getVec3(X, position);
}

/**
 * A rotation keeps turning about the axis of its angular velocity (radians per second, world
 * frame), which halves every `halflife` seconds: `rotation` and `angularVelocity` in place;
 * returns `rotation`.
 * @c sp_extrapolate_quat rotation=x angularVelocity=v
 */
export function extrapolateQuat<T extends Quat>(
  rotation: T,
  angularVelocity: Vec3,
  halflife: number,
  dt: number,
): T {
  if (!(initialized && isQuatW(rotation) && isVec3W(angularVelocity) && isHalflife(halflife) && isTime(dt)))
    check(S.extrapolateQuat, rotation, angularVelocity, halflife, dt);
  full.sp_extrapolate_quat(putQuat(X, rotation), putVec3(V, angularVelocity), halflife, dt);
  getVec3(V, angularVelocity);
  return getQuat(X, rotation);
}
