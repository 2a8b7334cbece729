/**
 * Rotations beyond the everyday quaternion functions: interpolation (nlerp, slerp), angle and
 * axis, angular velocity from and to rotations, the exact quaternion damper, and the
 * article's implicit quaternion spring. Functions that write an `out` return it with its
 * type (a `THREE.Quaternion` stays one).
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
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
import { full } from './full.js';

/** Scratch slots: the result (or the rotation updated in place) at 0, inputs at 4 and 8. */
const OUT = 0,
  A = 4,
  B = 8;

const identity = (): Quat => ({ x: 0, y: 0, z: 0, w: 1 });

/** A rotation as an angle (radians) about a unit axis. */
export interface AngleAxis<A extends Vec3 = Vec3> {
  angle: number;
  axis: A;
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
  full[f](slot(OUT), putQuat(A, q), putQuat(B, p), alpha);
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
  full.sp_quat_from_angle_axis(slot(OUT), angle, putVec3(A, axis));
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * The quaternion exponential of `(0, v)`: the rotation by `2·|v|` radians about `v` (the
 * Motion-Matching code's `quat_exp`; {@link quatFromScaledAngleAxis} is `exp(v/2)`). Writes into
 * `out` if given.
 * @c sp_quat_exp
 */
export function quatExp<T extends Quat = Quat>(v: Vec3, out?: T): T {
  if (!(initialized && isVec3(v) && isOut4(out))) check(S.quatExp, v, out);
  full.sp_quat_exp(slot(OUT), putVec3(A, v));
  return getQuat(OUT, out ?? (identity() as T));
}

/**
 * The quaternion logarithm of a unit rotation: half its angle times its axis (the
 * Motion-Matching code's `quat_log`; {@link quatToScaledAngleAxis} is `2·log(q)`). No shortest
 * arc is taken (apply {@link quatAbs} first for it). Writes into `out` if given.
 * @c sp_quat_log
 */
export function quatLog<T extends Vec3 = Vec3>(q: Quat, out?: T): T {
  if (!(initialized && isQuat(q) && isOut3(out))) check(S.quatLog, q, out);
  full.sp_quat_log(slot(OUT), putQuat(A, q));
  return getVec3(OUT, out ?? ({ x: 0, y: 0, z: 0 } as T));
}

/**
 * The shortest rotation taking the direction of `p` to the direction of `q` (any lengths; the
 * identity when either is zero; a half turn about an axis perpendicular to `p` when they are
 * opposite). The Motion-Matching code's `quat_between`. Writes into `out` if given.
 * @example
 * quatBetween({ x: 0, y: 0, z: 1 }, toTarget, head.quaternion); // turn +Z toward the target
 * @c sp_quat_between
 */
export function quatBetween<T extends Quat = Quat>(p: Vec3, q: Vec3, out?: T): T {
  if (!(initialized && isVec3(p) && isVec3(q) && isOut4(out))) check(S.quatBetween, p, q, out);
  full.sp_quat_between(slot(OUT), putVec3(A, p), putVec3(B, q));
  return getQuat(OUT, out ?? (identity() as T));
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
  full.sp_quat_to_angle_axis(slot(OUT), slot(A), putQuat(B, q));
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
  full.sp_quat_differentiate_angular_velocity(slot(OUT), putQuat(A, next), putQuat(B, curr), dt);
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
  full.sp_quat_integrate_angular_velocity(slot(OUT), putVec3(A, angularVelocity), putQuat(B, curr), dt);
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
  full.sp_damper_exact_quat(putQuat(OUT, rotation), putQuat(A, goal), halflife, dt);
  return getQuat(OUT, rotation);
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
  full.sp_simple_spring_damper_implicit_quat(
    putQuat(OUT, rotation),
    putVec3(A, angularVelocity),
    putQuat(B, goal),
    halflife,
    dt,
  );
  getVec3(A, angularVelocity);
  return getQuat(OUT, rotation);
}
