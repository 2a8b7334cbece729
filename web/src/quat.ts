/**
 * Quaternions `{x, y, z, w}` (three.js `Quaternion` qualifies) and the critical springs on
 * rotations. Angular velocities are scaled-axis vectors `{x, y, z}` in radians per second.
 * @packageDocumentation
 */
import { getQuat, getVec3, putQuat, putVec3, scratch, wasm } from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import { finiteShape, nonNegative, ready, shape } from './check.js';
import { quatStep, tryQuatStep } from './steps.js';

const XYZW = ['x', 'y', 'z', 'w'] as const;
const XYZ = ['x', 'y', 'z'] as const;
/* Scratch slots: inputs at 4 and 8, output at 0. */
const OUT = 0,
  A = 4,
  B = 8;

function quatOut(fn: string, out: Quat | undefined): Quat {
  if (out === undefined) return { x: 0, y: 0, z: 0, w: 1 };
  shape(fn, 'out', out, []);
  return out;
}

/** Hamilton product `a·b` (rotation by `b`, then by `a`). Writes into `out` if given (it may be `a` or `b`). */
export function quatMul(a: Quat, b: Quat, out?: Quat): Quat {
  const fn = 'quatMul';
  ready(fn);
  finiteShape(fn, 'a', a, XYZW);
  finiteShape(fn, 'b', b, XYZW);
  const result = quatOut(fn, out);
  wasm.sp_quat_mul(scratch + OUT * 4, putQuat(A, a), putQuat(B, b));
  return getQuat(OUT, result);
}

/** Inverse (conjugate) of a unit quaternion. Writes into `out` if given. */
export function quatInv(q: Quat, out?: Quat): Quat {
  const fn = 'quatInv';
  ready(fn);
  finiteShape(fn, 'q', q, XYZW);
  const result = quatOut(fn, out);
  wasm.sp_quat_inv(scratch + OUT * 4, putQuat(A, q));
  return getQuat(OUT, result);
}

/** `q` or `−q`, whichever has `w ≥ 0`: the same rotation, taken along the shortest arc. Writes into `out` if given. */
export function quatAbs(q: Quat, out?: Quat): Quat {
  const fn = 'quatAbs';
  ready(fn);
  finiteShape(fn, 'q', q, XYZW);
  const result = quatOut(fn, out);
  wasm.sp_quat_abs(scratch + OUT * 4, putQuat(A, q));
  return getQuat(OUT, result);
}

/** `q / |q|` (the identity for a zero quaternion). Writes into `out` if given. */
export function quatNormalize(q: Quat, out?: Quat): Quat {
  const fn = 'quatNormalize';
  ready(fn);
  finiteShape(fn, 'q', q, XYZW);
  const result = quatOut(fn, out);
  wasm.sp_quat_normalize(scratch + OUT * 4, putQuat(A, q));
  return getQuat(OUT, result);
}

/** The rotation of a unit quaternion as a scaled axis: axis × angle (radians). Writes into `out` if given. */
export function quatToScaledAngleAxis(q: Quat, out?: Vec3): Vec3 {
  const fn = 'quatToScaledAngleAxis';
  ready(fn);
  finiteShape(fn, 'q', q, XYZW);
  let result: Vec3 = { x: 0, y: 0, z: 0 };
  if (out !== undefined) {
    shape(fn, 'out', out, []);
    result = out;
  }
  wasm.sp_quat_to_scaled_angle_axis(scratch + OUT * 4, putQuat(A, q));
  return getVec3(OUT, result);
}

/** The unit quaternion rotating by `|v|` radians about `v`: inverse of {@link quatToScaledAngleAxis}. Writes into `out` if given. */
export function quatFromScaledAngleAxis(v: Vec3, out?: Quat): Quat {
  const fn = 'quatFromScaledAngleAxis';
  ready(fn);
  finiteShape(fn, 'v', v, XYZ);
  const result = quatOut(fn, out);
  wasm.sp_quat_from_scaled_angle_axis(scratch + OUT * 4, putVec3(A, v));
  return getQuat(OUT, result);
}

function checkSpring(fn: string, rotation: Quat, angularVelocity: Vec3, halflife: number, dt: number): void {
  ready(fn);
  finiteShape(fn, 'rotation', rotation, XYZW);
  finiteShape(fn, 'angularVelocity', angularVelocity, XYZ);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'dt', dt);
}

/**
 * Exact critical spring on a rotation toward `goal` along the shortest arc: updates
 * `rotation` (kept unit length) and `angularVelocity` (rad/s, scaled axis) in place and
 * returns `rotation`.
 */
export function simpleSpringDamperExactQuat(
  rotation: Quat,
  angularVelocity: Vec3,
  goal: Quat,
  halflife: number,
  dt: number,
): Quat {
  if (!tryQuatStep(rotation, angularVelocity, goal, halflife, dt)) {
    const fn = 'simpleSpringDamperExactQuat';
    checkSpring(fn, rotation, angularVelocity, halflife, dt);
    finiteShape(fn, 'goal', goal, XYZW);
    quatStep(rotation, angularVelocity, goal, halflife, dt);
  }
  return rotation;
}

/** Exact critical spring decaying a rotation toward the identity (an inertializer's
 *  rotation offset): updates `rotation` and `angularVelocity` in place, returns `rotation`. */
export function decaySpringDamperExactQuat(
  rotation: Quat,
  angularVelocity: Vec3,
  halflife: number,
  dt: number,
): Quat {
  if (!tryQuatStep(rotation, angularVelocity, null, halflife, dt)) {
    checkSpring('decaySpringDamperExactQuat', rotation, angularVelocity, halflife, dt);
    quatStep(rotation, angularVelocity, null, halflife, dt);
  }
  return rotation;
}
