/**
 * Synchronising the character entity with the simulation object ("Code vs Data Driven
 * Displacement"): damped adjustments, their limits by velocity, and clamping. Positions
 * are `{x, y, z}`, rotations unit `{x, y, z, w}` (three.js objects qualify); results go
 * into the optional `out` (which may be an input) or a new object. Scratch slot 0 holds
 * the result, inputs start at slot 4.
 * @packageDocumentation
 */
import { getQuat, getVec3, putQuat, putVec3, scratch, wasm, type Quat, type Vec3 } from './wasm.js';
import {
  finite,
  initialized,
  isOut,
  isQuat,
  isTime,
  isVec3,
  nonNegative,
  optionalObject,
  ready,
} from './check.js';
import { quat, vec3 } from './vec.js';

const newVec3 = (): Vec3 => ({ x: 0, y: 0, z: 0 });
const newQuat = (): Quat => ({ x: 0, y: 0, z: 0, w: 1 });

function halflifeDt(fn: string, halflife: number, dt: number): void {
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'dt', dt);
}

/** The approximate shortest-arc slerp from `q` to `p` the article uses (nlerp with a corrected parameter). */
export function quatSlerpShortestApprox<T extends Quat = Quat>(q: Quat, p: Quat, alpha: number, out?: T): T {
  const fn = 'quatSlerpShortestApprox';
  ready(fn);
  optionalObject(fn, 'out', out);
  quat(fn, 'q', q);
  quat(fn, 'p', p);
  finite(fn, 'alpha', alpha);
  wasm.sp_quat_slerp_shortest_approx(scratch, putQuat(4, q), putQuat(8, p), alpha);
  return getQuat(0, out ?? (newQuat() as T));
}

/** Angle in radians (0..π) of the rotation between `q` and `p`. */
export function quatAngleBetween(q: Quat, p: Quat): number {
  const fn = 'quatAngleBetween';
  ready(fn);
  quat(fn, 'q', q);
  quat(fn, 'p', p);
  return wasm.sp_quat_angle_between(putQuat(0, q), putQuat(4, p));
}

/** The part `g·(1 − 2^(−dt/halflife))` of a positional difference `g` a damper restarted from zero covers in `dt`. */
export function dampAdjustmentExactV3<T extends Vec3 = Vec3>(
  g: Vec3,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const fn = 'dampAdjustmentExactV3';
  if (!(initialized && isOut(out) && isVec3(g) && isTime(halflife) && isTime(dt))) {
    ready(fn);
    optionalObject(fn, 'out', out);
    vec3(fn, 'g', g);
    halflifeDt(fn, halflife, dt);
  }
  wasm.sp_damp_adjustment_exact_v3(scratch, putVec3(4, g), halflife, dt);
  return getVec3(0, out ?? (newVec3() as T));
}

/** The part of a rotational difference `g` a damper restarted from the identity covers in `dt`. */
export function dampAdjustmentExactQuat<T extends Quat = Quat>(
  g: Quat,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const fn = 'dampAdjustmentExactQuat';
  if (!(initialized && isOut(out) && isQuat(g) && isTime(halflife) && isTime(dt))) {
    ready(fn);
    optionalObject(fn, 'out', out);
    quat(fn, 'g', g);
    halflifeDt(fn, halflife, dt);
  }
  wasm.sp_damp_adjustment_exact_quat(scratch, putQuat(4, g), halflife, dt);
  return getQuat(0, out ?? (newQuat() as T));
}

/** The character position moved toward the simulation position by a damper of `halflife`. */
export function adjustCharacterPosition<T extends Vec3 = Vec3>(
  characterPosition: Vec3,
  simulationPosition: Vec3,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const fn = 'adjustCharacterPosition';
  if (!(
    initialized &&
    isOut(out) &&
    isVec3(characterPosition) &&
    isVec3(simulationPosition) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    vec3(fn, 'characterPosition', characterPosition);
    vec3(fn, 'simulationPosition', simulationPosition);
    halflifeDt(fn, halflife, dt);
  }
  wasm.sp_adjust_character_position(
    scratch,
    putVec3(4, characterPosition),
    putVec3(8, simulationPosition),
    halflife,
    dt,
  );
  return getVec3(0, out ?? (newVec3() as T));
}

/** The character rotation turned toward the simulation rotation by a damper of `halflife`. */
export function adjustCharacterRotation<T extends Quat = Quat>(
  characterRotation: Quat,
  simulationRotation: Quat,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const fn = 'adjustCharacterRotation';
  if (!(
    initialized &&
    isOut(out) &&
    isQuat(characterRotation) &&
    isQuat(simulationRotation) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    quat(fn, 'characterRotation', characterRotation);
    quat(fn, 'simulationRotation', simulationRotation);
    halflifeDt(fn, halflife, dt);
  }
  wasm.sp_adjust_character_rotation(
    scratch,
    putQuat(4, characterRotation),
    putQuat(8, simulationRotation),
    halflife,
    dt,
  );
  return getQuat(0, out ?? (newQuat() as T));
}

/**
 * {@link adjustCharacterPosition} moving at most `maxAdjustmentRatio·|characterVelocity|·dt`:
 * the character is adjusted only while it moves, which hides the sliding.
 */
export function adjustCharacterPositionByVelocity<T extends Vec3 = Vec3>(
  characterPosition: Vec3,
  characterVelocity: Vec3,
  simulationPosition: Vec3,
  maxAdjustmentRatio: number,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const fn = 'adjustCharacterPositionByVelocity';
  if (!(
    initialized &&
    isOut(out) &&
    isVec3(characterPosition) &&
    isVec3(characterVelocity) &&
    isVec3(simulationPosition) &&
    isTime(maxAdjustmentRatio) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    vec3(fn, 'characterPosition', characterPosition);
    vec3(fn, 'characterVelocity', characterVelocity);
    vec3(fn, 'simulationPosition', simulationPosition);
    nonNegative(fn, 'maxAdjustmentRatio', maxAdjustmentRatio);
    halflifeDt(fn, halflife, dt);
  }
  wasm.sp_adjust_character_position_by_velocity(
    scratch,
    putVec3(4, characterPosition),
    putVec3(8, characterVelocity),
    putVec3(12, simulationPosition),
    maxAdjustmentRatio,
    halflife,
    dt,
  );
  return getVec3(0, out ?? (newVec3() as T));
}

/** {@link adjustCharacterRotation} turning at most `maxAdjustmentRatio·|characterAngularVelocity|·dt` radians. */
export function adjustCharacterRotationByVelocity<T extends Quat = Quat>(
  characterRotation: Quat,
  characterAngularVelocity: Vec3,
  simulationRotation: Quat,
  maxAdjustmentRatio: number,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const fn = 'adjustCharacterRotationByVelocity';
  if (!(
    initialized &&
    isOut(out) &&
    isQuat(characterRotation) &&
    isVec3(characterAngularVelocity) &&
    isQuat(simulationRotation) &&
    isTime(maxAdjustmentRatio) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    quat(fn, 'characterRotation', characterRotation);
    vec3(fn, 'characterAngularVelocity', characterAngularVelocity);
    quat(fn, 'simulationRotation', simulationRotation);
    nonNegative(fn, 'maxAdjustmentRatio', maxAdjustmentRatio);
    halflifeDt(fn, halflife, dt);
  }
  wasm.sp_adjust_character_rotation_by_velocity(
    scratch,
    putQuat(4, characterRotation),
    putVec3(8, characterAngularVelocity),
    putQuat(12, simulationRotation),
    maxAdjustmentRatio,
    halflife,
    dt,
  );
  return getQuat(0, out ?? (newQuat() as T));
}

/** The character position brought within `maxDistance` of the simulation position. */
export function clampCharacterPosition<T extends Vec3 = Vec3>(
  characterPosition: Vec3,
  simulationPosition: Vec3,
  maxDistance: number,
  out?: T,
): T {
  const fn = 'clampCharacterPosition';
  if (!(
    initialized &&
    isOut(out) &&
    isVec3(characterPosition) &&
    isVec3(simulationPosition) &&
    isTime(maxDistance)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    vec3(fn, 'characterPosition', characterPosition);
    vec3(fn, 'simulationPosition', simulationPosition);
    nonNegative(fn, 'maxDistance', maxDistance);
  }
  wasm.sp_clamp_character_position(
    scratch,
    putVec3(4, characterPosition),
    putVec3(8, simulationPosition),
    maxDistance,
  );
  return getVec3(0, out ?? (newVec3() as T));
}

/** The character rotation brought within `maxAngle` radians of the simulation rotation. */
export function clampCharacterRotation<T extends Quat = Quat>(
  characterRotation: Quat,
  simulationRotation: Quat,
  maxAngle: number,
  out?: T,
): T {
  const fn = 'clampCharacterRotation';
  if (!(
    initialized &&
    isOut(out) &&
    isQuat(characterRotation) &&
    isQuat(simulationRotation) &&
    isTime(maxAngle)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    quat(fn, 'characterRotation', characterRotation);
    quat(fn, 'simulationRotation', simulationRotation);
    nonNegative(fn, 'maxAngle', maxAngle);
  }
  wasm.sp_clamp_character_rotation(
    scratch,
    putQuat(4, characterRotation),
    putQuat(8, simulationRotation),
    maxAngle,
  );
  return getQuat(0, out ?? (newQuat() as T));
}
