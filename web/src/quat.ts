/**
 * Quaternions `{x, y, z, w}` (three.js `Quaternion` qualifies) and the critical springs on
 * rotations. Angular velocities are scaled-axis vectors `{x, y, z}` in radians per second.
 * Functions that write an `out` return it with its type (a `THREE.Quaternion` stays one).
 * @packageDocumentation
 */
import { heapF32, scratchF32, wasm } from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import { getQuat, getVec3, putQuat, putVec3, slot } from './scratch.js';
import {
  check,
  initialized,
  isField,
  isNum,
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

/** The interpolations `f(out, q, p, alpha)`, by the name of the C function. */
function blend<T extends Quat>(
  spec: Spec,
  f: 'sp_quat_nlerp_shortest' | 'sp_quat_slerp_shortest',
  q: Quat,
  p: Quat,
  alpha: number,
  out: T | undefined,
): T {
  if (!(initialized && isQuat(q) && isQuat(p) && isNum(alpha) && isOut4(out))) check(spec, q, p, alpha, out);
  wasm[f](slot(OUT), putQuat(A, q), putQuat(B, p), alpha);
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * Normalised lerp from `q` to `p` along the shortest arc: cheap, but its angular speed
 * varies along the way. Writes into `out` if given.
 * @c sp_quat_nlerp_shortest
 */
export function quatNlerpShortest<T extends Quat = Quat>(q: Quat, p: Quat, alpha: number, out?: T): T {
  return blend(S.quatNlerpShortest, 'sp_quat_nlerp_shortest', q, p, alpha, out);
}

/**
 * Spherical interpolation from `q` to `p` along the shortest arc at constant angular speed,
 * accurate for nearly equal rotations; `alpha` outside [0, 1] extrapolates on the same great
 * circle. Writes into `out` if given.
 * @example
 * quatSlerpShortest(from, to, 0.25, mesh.quaternion); // a quarter of the way, the short way round
 * @c sp_quat_slerp_shortest
 */
export function quatSlerpShortest<T extends Quat = Quat>(q: Quat, p: Quat, alpha: number, out?: T): T {
  return blend(S.quatSlerpShortest, 'sp_quat_slerp_shortest', q, p, alpha, out);
}

/**
 * The rotation by `angle` radians about `axis` (any length; a zero axis gives the
 * identity). Writes into `out` if given.
 * @example
 * quatFromAngleAxis(Math.PI / 2, { x: 0, y: 1, z: 0 }, mesh.quaternion); // a quarter turn about +Y
 * @c sp_quat_from_angle_axis
 */
export function quatFromAngleAxis<T extends Quat = Quat>(angle: number, axis: Vec3, out?: T): T {
  if (!(initialized && isNum(angle) && isVec3(axis) && isOut4(out)))
    check(S.quatFromAngleAxis, angle, axis, out);
  wasm.sp_quat_from_angle_axis(slot(OUT), angle, putVec3(A, axis));
  return getQuat(OUT, out ?? (identity() as T));
}

/** A rotation as an angle (radians) about a unit axis. */
export interface AngleAxis<A extends Vec3 = Vec3> {
  angle: number;
  axis: A;
}

/**
 * Angle in [0, 2π] and unit axis of `q` (apply {@link quatAbs} first for the shortest,
 * ≤ π); the identity gives angle 0 about (1, 0, 0). Writes into `out` (its `axis` object
 * too) if given.
 * @c sp_quat_to_angle_axis out=out_{angle,axis}
 */
export function quatToAngleAxis<T extends AngleAxis = AngleAxis>(q: Quat, out?: T): T {
  if (!(initialized && isQuat(q) && (out === undefined || (isField(out, 'angle') && isVec3W(out.axis)))))
    check(S.quatToAngleAxis, q, out);
  wasm.sp_quat_to_angle_axis(slot(OUT), slot(A), putQuat(B, q));
  const result = out ?? ({ angle: 0, axis: { x: 0, y: 0, z: 0 } } as T);
  getVec3(A, result.axis);
  result.angle = heapF32[scratchF32 + OUT];
  return result;
}

/**
 * The angular velocity (radians per second, world frame) that turns `curr` into `next` in
 * `dt` seconds along the shortest arc (the article's `quat_differentiate_angular_velocity`);
 * zero when `dt` is 0. Writes into `out` if given.
 * @c sp_quat_differentiate_angular_velocity
 */
export function quatDifferentiateAngularVelocity<T extends Vec3 = Vec3>(
  next: Quat,
  curr: Quat,
  dt: number,
  out?: T,
): T {
  if (!(initialized && isQuat(next) && isQuat(curr) && isTime(dt) && isOut3(out)))
    check(S.quatDifferentiateAngularVelocity, next, curr, dt, out);
  wasm.sp_quat_differentiate_angular_velocity(slot(OUT), putQuat(A, next), putQuat(B, curr), dt);
  return getVec3(OUT, out ?? ({ x: 0, y: 0, z: 0 } as T));
}

/**
 * The rotation reached from `curr` turning at `angularVelocity` (radians per second, world
 * frame) for `dt` seconds (the article's `quat_integrate_angular_velocity`). Writes into
 * `out` if given (it may be `curr`).
 * @c sp_quat_integrate_angular_velocity
 */
export function quatIntegrateAngularVelocity<T extends Quat = Quat>(
  angularVelocity: Vec3,
  curr: Quat,
  dt: number,
  out?: T,
): T {
  if (!(initialized && isVec3(angularVelocity) && isQuat(curr) && isTime(dt) && isOut4(out)))
    check(S.quatIntegrateAngularVelocity, angularVelocity, curr, dt, out);
  wasm.sp_quat_integrate_angular_velocity(slot(OUT), putVec3(A, angularVelocity), putQuat(B, curr), dt);
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * Exact damper on a rotation: `rotation` turns toward `goal` along the shortest arc, half
 * the remaining angle every `halflife` seconds, whatever the frame rate (a true slerp). In
 * place; returns `rotation`.
 * @example
 * damperExactQuat(turret.quaternion, aim, 0.1, dt); // a THREE.Quaternion comes back
 * @c sp_damper_exact_quat rotation=x goal=g
 */
export function damperExactQuat<T extends Quat>(rotation: T, goal: Quat, halflife: number, dt: number): T {
  if (!(initialized && isQuatW(rotation) && isQuat(goal) && isTime(halflife) && isTime(dt)))
    check(S.damperExactQuat, rotation, goal, halflife, dt);
  wasm.sp_damper_exact_quat(putQuat(OUT, rotation), putQuat(A, goal), halflife, dt);
  return getQuat(OUT, rotation);
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

/**
 * The article's `simple_spring_damper_implicit_quat` (fast exp), kept to compare with
 * {@link simpleSpringDamperExactQuat}: updates `rotation` and `angularVelocity` in place and
 * returns `rotation`.
 * @c sp_simple_spring_damper_implicit_quat rotation=x angularVelocity=v
 */
export function simpleSpringDamperImplicitQuat<T extends Quat>(
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
    check(S.simpleSpringDamperImplicitQuat, rotation, angularVelocity, goal, halflife, dt);
  wasm.sp_simple_spring_damper_implicit_quat(
    putQuat(OUT, rotation),
    putVec3(A, angularVelocity),
    putQuat(B, goal),
    halflife,
    dt,
  );
  getVec3(A, angularVelocity);
  return getQuat(OUT, rotation);
}
