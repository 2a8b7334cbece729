/**
 * Quaternions `{x, y, z, w}` (three.js `Quaternion` qualifies) and the critical springs on
 * rotations: the everyday part (rotations.ts has the rest). Angular velocities are scaled-axis vectors `{x, y, z}` in radians per second.
 * Functions that write an `out` return it with its type (a `THREE.Quaternion` stays one).
 * @packageDocumentation
 */
import { wasm } from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import { getQuat, getVec3, putQuat, putVec3, slot } from './scratch.js';
import { check, initialized, isOut3, isOut4, isQuat, isVec3, type Spec } from './check.js';
import * as S from './gen/specs.js';
import { quatStep, tryQuatStep } from './steps.js';

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

/** The quaternion functions `f(out, a, b)` of two inputs, by the name of the C function. */
function binary<T extends Quat>(
  spec: Spec,
  f: 'sp_quat_mul' | 'sp_quat_mul_inv' | 'sp_quat_inv_mul',
  a: Quat,
  b: Quat,
  out: T | undefined,
): T {
  if (!(initialized && isQuat(a) && isQuat(b) && isOut4(out))) check(spec, a, b, out);
  wasm[f](slot(OUT), putQuat(A, a), putQuat(B, b));
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * Hamilton product `a·b` (rotation by `b`, then by `a`). Writes into `out` if given (it may be `a` or `b`).
 * @example
 * quatMul(parentRotation, localRotation, mesh.quaternion); // a THREE.Quaternion comes back
 * @c sp_quat_mul
 */
export function quatMul<T extends Quat = Quat>(a: Quat, b: Quat, out?: T): T {
  return binary(S.quatMul, 'sp_quat_mul', a, b, out);
}

/**
 * `a·b⁻¹`: the rotation from `b` to `a`, in the world frame (the article's `quat_mul_inv`).
 * Writes into `out` if given (it may be `a` or `b`).
 * @c sp_quat_mul_inv
 */
export function quatMulInv<T extends Quat = Quat>(a: Quat, b: Quat, out?: T): T {
  return binary(S.quatMulInv, 'sp_quat_mul_inv', a, b, out);
}

/**
 * `a⁻¹·b`: `b` in the frame of `a` (the article's `quat_inv_mul`). Writes into `out` if given
 * (it may be `a` or `b`).
 * @c sp_quat_inv_mul
 */
export function quatInvMul<T extends Quat = Quat>(a: Quat, b: Quat, out?: T): T {
  return binary(S.quatInvMul, 'sp_quat_inv_mul', a, b, out);
}

/** The vector rotations `f(out, q, v)`, by the name of the C function. */
function rotate<T extends Vec3>(
  spec: Spec,
  f: 'sp_quat_mul_vec3' | 'sp_quat_inv_mul_vec3',
  q: Quat,
  v: Vec3,
  out: T | undefined,
): T {
  if (!(initialized && isQuat(q) && isVec3(v) && isOut3(out))) check(spec, q, v, out);
  wasm[f](slot(OUT), putQuat(A, q), putVec3(B, v));
  return getVec3(OUT, out ?? ({ x: 0, y: 0, z: 0 } as T));
}

/**
 * `v` rotated by `q` (the article's `quat_mul_vec3`): local to world. Writes into `out` if
 * given (it may be `v`).
 * @example
 * const forward = quatMulVec3(character.quaternion, { x: 0, y: 0, z: 1 }, new THREE.Vector3());
 * @c sp_quat_mul_vec3
 */
export function quatMulVec3<T extends Vec3 = Vec3>(q: Quat, v: Vec3, out?: T): T {
  return rotate(S.quatMulVec3, 'sp_quat_mul_vec3', q, v, out);
}

/**
 * `v` rotated by the inverse of `q` (the article's `quat_inv_mul_vec3`): world to local.
 * Writes into `out` if given (it may be `v`).
 * @c sp_quat_inv_mul_vec3
 */
export function quatInvMulVec3<T extends Vec3 = Vec3>(q: Quat, v: Vec3, out?: T): T {
  return rotate(S.quatInvMulVec3, 'sp_quat_inv_mul_vec3', q, v, out);
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
  if (!(goal !== null && tryQuatStep(rotation, angularVelocity, goal, halflife, dt))) {
    check(S.simpleSpringDamperExactQuat, rotation, angularVelocity, goal, halflife, dt);
    quatStep(rotation, angularVelocity, goal, halflife, dt);
  }
  return rotation;
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
  if (!tryQuatStep(rotation, angularVelocity, null, halflife, dt)) {
    check(S.decaySpringDamperExactQuat, rotation, angularVelocity, halflife, dt);
    quatStep(rotation, angularVelocity, null, halflife, dt);
  }
  return rotation;
}
