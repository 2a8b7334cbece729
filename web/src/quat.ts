/**
 * Quaternions `{x, y, z, w}` (three.js `Quaternion` qualifies) and the critical springs on
 * rotations. Angular velocities are scaled-axis vectors `{x, y, z}` in radians per second.
 * Functions that write an `out` return it with its type (a `THREE.Quaternion` stays one).
 * @packageDocumentation
 */
import { wasm } from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import { getQuat, getVec3, putQuat, putVec3, slot } from './scratch.js';
import {
  check,
  initialized,
  isOut3,
  isOut4,
  isQuat,
  isQuatW,
  isTime,
  isVec3,
  isVec3W,
  type Spec,
} from './check.js';
import * as S from './gen/specs.js';

/** Scratch slots: the result (or the rotation updated in place) at 0, inputs at 4 and 8. */
const OUT = 0,
  A = 4,
  B = 8;

const identity = (): Quat => ({ x: 0, y: 0, z: 0, w: 1 });

/** The quaternion functions `f(out, q)` of one input, by the name of the C function. */
function unary<T extends Quat>(
  spec: Spec,
  f: 'sp_quat_inv' | 'sp_quat_abs' | 'sp_quat_normalize',
  q: Quat,
  out: T | undefined,
): T {
  if (!(initialized && isQuat(q) && isOut4(out))) check(spec, q, out);
  wasm[f](slot(OUT), putQuat(A, q));
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * Hamilton product `a·b` (rotation by `b`, then by `a`). Writes into `out` if given (it may be `a` or `b`).
 * @example
 * quatMul(parentRotation, localRotation, mesh.quaternion); // a THREE.Quaternion comes back
 * @c sp_quat_mul
 */
export function quatMul<T extends Quat = Quat>(a: Quat, b: Quat, out?: T): T {
  if (!(initialized && isQuat(a) && isQuat(b) && isOut4(out))) check(S.quatMul, a, b, out);
  wasm.sp_quat_mul(slot(OUT), putQuat(A, a), putQuat(B, b));
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * Inverse (conjugate) of a unit quaternion. Writes into `out` if given.
 * @c sp_quat_inv
 */
export function quatInv<T extends Quat = Quat>(q: Quat, out?: T): T {
  return unary(S.quatInv, 'sp_quat_inv', q, out);
}

/**
 * `q` or `−q`, whichever has `w ≥ 0`: the same rotation, taken along the shortest arc. Writes into `out` if given.
 * @c sp_quat_abs
 */
export function quatAbs<T extends Quat = Quat>(q: Quat, out?: T): T {
  return unary(S.quatAbs, 'sp_quat_abs', q, out);
}

/**
 * `q / |q|` (the identity for a zero quaternion). Writes into `out` if given.
 * @c sp_quat_normalize
 */
export function quatNormalize<T extends Quat = Quat>(q: Quat, out?: T): T {
  return unary(S.quatNormalize, 'sp_quat_normalize', q, out);
}

/**
 * The rotation of a unit quaternion as a scaled axis: axis × angle (radians). Writes into `out` if given.
 * @c sp_quat_to_scaled_angle_axis
 */
export function quatToScaledAngleAxis<T extends Vec3 = Vec3>(q: Quat, out?: T): T {
  if (!(initialized && isQuat(q) && isOut3(out))) check(S.quatToScaledAngleAxis, q, out);
  wasm.sp_quat_to_scaled_angle_axis(slot(OUT), putQuat(A, q));
  return getVec3(OUT, out ?? ({ x: 0, y: 0, z: 0 } as T));
}

/**
 * The unit quaternion rotating by `|v|` radians about `v`: inverse of {@link quatToScaledAngleAxis}. Writes into `out` if given.
 * @c sp_quat_from_scaled_angle_axis
 */
export function quatFromScaledAngleAxis<T extends Quat = Quat>(v: Vec3, out?: T): T {
  if (!(initialized && isVec3(v) && isOut4(out))) check(S.quatFromScaledAngleAxis, v, out);
  wasm.sp_quat_from_scaled_angle_axis(slot(OUT), putVec3(A, v));
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * Exact critical spring on a rotation toward `goal` along the shortest arc: updates
 * `rotation` (kept unit length) and `angularVelocity` (rad/s, scaled axis) in place and
 * returns `rotation`.
 * @example
 * simpleSpringDamperExactQuat(head.quaternion, headAngularVelocity, lookAt, 0.1, dt);
 * @c sp_simple_spring_damper_exact_quat rotation=x angularVelocity=v
 */
export function simpleSpringDamperExactQuat<T extends Quat>(
  rotation: T,
  angularVelocity: Vec3,
  goal: Quat,
  halflife: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isQuatW(rotation) &&
    isVec3W(angularVelocity) &&
    isQuat(goal) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.simpleSpringDamperExactQuat, rotation, angularVelocity, goal, halflife, dt);
  wasm.sp_simple_spring_damper_exact_quat(
    putQuat(OUT, rotation),
    putVec3(A, angularVelocity),
    putQuat(B, goal),
    halflife,
    dt,
  );
  getVec3(A, angularVelocity);
  return getQuat(OUT, rotation);
}

/**
 * Exact critical spring decaying a rotation toward the identity (an inertializer's
 * rotation offset): updates `rotation` and `angularVelocity` in place, returns `rotation`.
 * @c sp_decay_spring_damper_exact_quat rotation=x angularVelocity=v
 */
export function decaySpringDamperExactQuat<T extends Quat>(
  rotation: T,
  angularVelocity: Vec3,
  halflife: number,
  dt: number,
): T {
  if (!(initialized && isQuatW(rotation) && isVec3W(angularVelocity) && isTime(halflife) && isTime(dt)))
    check(S.decaySpringDamperExactQuat, rotation, angularVelocity, halflife, dt);
  wasm.sp_decay_spring_damper_exact_quat(putQuat(OUT, rotation), putVec3(A, angularVelocity), halflife, dt);
  getVec3(A, angularVelocity);
  return getQuat(OUT, rotation);
}
