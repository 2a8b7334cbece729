/**
 * Synchronising the character entity with the simulation object ("Code vs Data Driven
 * Displacement"): damped adjustments, their limits by velocity, and clamping. Positions
 * are `{x, y, z}`, rotations unit `{x, y, z, w}` (three.js objects qualify); results go
 * into the optional `out` (which may be an input, and keeps its type) or a new object.
 * @packageDocumentation
 */
import { wasm, type Quat, type Vec3 } from './wasm.js';
import { getQuat, getVec3, putQuat, putVec3, slot } from './scratch.js';
import { check, initialized, isNum, isOut3, isOut4, isQuat, isTime, isVec3 } from './check.js';
import * as S from './gen/specs.js';

/** Scratch slots: the result at 0, the vector and quaternion inputs from 4 on. */
const OUT = 0,
  A = 4,
  B = 8,
  C = 12;

const vec3 = <T extends Vec3>(out: T | undefined): T => getVec3(OUT, out ?? ({ x: 0, y: 0, z: 0 } as T));
const quat = <T extends Quat>(out: T | undefined): T =>
  getQuat(OUT, out ?? ({ x: 0, y: 0, z: 0, w: 1 } as T));

/**
 * The approximate shortest-arc slerp from `q` to `p` the article uses (nlerp with a corrected parameter).
 * @c sp_quat_slerp_shortest_approx
 */
export function quatSlerpShortestApprox<T extends Quat = Quat>(q: Quat, p: Quat, alpha: number, out?: T): T {
  if (!(initialized && isQuat(q) && isQuat(p) && isNum(alpha) && isOut4(out)))
    check(S.quatSlerpShortestApprox, q, p, alpha, out);
  wasm.sp_quat_slerp_shortest_approx(slot(OUT), putQuat(A, q), putQuat(B, p), alpha);
  return quat(out);
}

/**
 * Angle in radians (0..π) of the rotation between `q` and `p`.
 * @c sp_quat_angle_between
 */
export function quatAngleBetween(q: Quat, p: Quat): number {
  if (!(initialized && isQuat(q) && isQuat(p))) check(S.quatAngleBetween, q, p);
  return wasm.sp_quat_angle_between(putQuat(A, q), putQuat(B, p));
}

/**
 * The part `g·(1 − 2^(−dt/halflife))` of a positional difference `g` a damper restarted from zero covers in `dt`.
 * @c sp_damp_adjustment_exact_v3
 */
export function dampAdjustmentExactV3<T extends Vec3 = Vec3>(
  g: Vec3,
  halflife: number,
  dt: number,
  out?: T,
): T {
  if (!(initialized && isVec3(g) && isTime(halflife) && isTime(dt) && isOut3(out)))
    check(S.dampAdjustmentExactV3, g, halflife, dt, out);
  wasm.sp_damp_adjustment_exact_v3(slot(OUT), putVec3(A, g), halflife, dt);
  return vec3(out);
}

/**
 * The part of a rotational difference `g` a damper restarted from the identity covers in `dt`.
 * @c sp_damp_adjustment_exact_quat
 */
export function dampAdjustmentExactQuat<T extends Quat = Quat>(
  g: Quat,
  halflife: number,
  dt: number,
  out?: T,
): T {
  if (!(initialized && isQuat(g) && isTime(halflife) && isTime(dt) && isOut4(out)))
    check(S.dampAdjustmentExactQuat, g, halflife, dt, out);
  wasm.sp_damp_adjustment_exact_quat(slot(OUT), putQuat(A, g), halflife, dt);
  return quat(out);
}

/**
 * The character position moved toward the simulation position by a damper of `halflife`.
 * @example
 * adjustCharacterPosition(character.position, simulationPosition, 0.1, dt, character.position);
 * @c sp_adjust_character_position
 */
export function adjustCharacterPosition<T extends Vec3 = Vec3>(
  characterPosition: Vec3,
  simulationPosition: Vec3,
  halflife: number,
  dt: number,
  out?: T,
): T {
  if (!(
    initialized &&
    isVec3(characterPosition) &&
    isVec3(simulationPosition) &&
    isTime(halflife) &&
    isTime(dt) &&
    isOut3(out)
  ))
    check(S.adjustCharacterPosition, characterPosition, simulationPosition, halflife, dt, out);
  wasm.sp_adjust_character_position(
    slot(OUT),
    putVec3(A, characterPosition),
    putVec3(B, simulationPosition),
    halflife,
    dt,
  );
  return vec3(out);
}

/**
 * The character rotation turned toward the simulation rotation by a damper of `halflife`.
 * @c sp_adjust_character_rotation
 */
export function adjustCharacterRotation<T extends Quat = Quat>(
  characterRotation: Quat,
  simulationRotation: Quat,
  halflife: number,
  dt: number,
  out?: T,
): T {
  if (!(
    initialized &&
    isQuat(characterRotation) &&
    isQuat(simulationRotation) &&
    isTime(halflife) &&
    isTime(dt) &&
    isOut4(out)
  ))
    check(S.adjustCharacterRotation, characterRotation, simulationRotation, halflife, dt, out);
  wasm.sp_adjust_character_rotation(
    slot(OUT),
    putQuat(A, characterRotation),
    putQuat(B, simulationRotation),
    halflife,
    dt,
  );
  return quat(out);
}

/**
 * {@link adjustCharacterPosition} moving at most `maxAdjustmentRatio·|characterVelocity|·dt`:
 * the character is adjusted only while it moves, which hides the sliding.
 * @c sp_adjust_character_position_by_velocity
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
  const pos = characterPosition,
    vel = characterVelocity,
    sim = simulationPosition;
  if (!(
    initialized &&
    isVec3(pos) &&
    isVec3(vel) &&
    isVec3(sim) &&
    isTime(maxAdjustmentRatio) &&
    isTime(halflife) &&
    isTime(dt) &&
    isOut3(out)
  ))
    check(S.adjustCharacterPositionByVelocity, pos, vel, sim, maxAdjustmentRatio, halflife, dt, out);
  const p = putVec3(A, pos);
  wasm.sp_adjust_character_position_by_velocity(
    slot(OUT),
    p,
    putVec3(B, vel),
    putVec3(C, sim),
    maxAdjustmentRatio,
    halflife,
    dt,
  );
  return vec3(out);
}

/**
 * {@link adjustCharacterRotation} turning at most `maxAdjustmentRatio·|characterAngularVelocity|·dt` radians.
 * @c sp_adjust_character_rotation_by_velocity
 */
export function adjustCharacterRotationByVelocity<T extends Quat = Quat>(
  characterRotation: Quat,
  characterAngularVelocity: Vec3,
  simulationRotation: Quat,
  maxAdjustmentRatio: number,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const rot = characterRotation,
    vel = characterAngularVelocity,
    sim = simulationRotation;
  if (!(
    initialized &&
    isQuat(rot) &&
    isVec3(vel) &&
    isQuat(sim) &&
    isTime(maxAdjustmentRatio) &&
    isTime(halflife) &&
    isTime(dt) &&
    isOut4(out)
  ))
    check(S.adjustCharacterRotationByVelocity, rot, vel, sim, maxAdjustmentRatio, halflife, dt, out);
  const p = putQuat(A, rot);
  wasm.sp_adjust_character_rotation_by_velocity(
    slot(OUT),
    p,
    putVec3(B, vel),
    putQuat(C, sim),
    maxAdjustmentRatio,
    halflife,
    dt,
  );
  return quat(out);
}

/**
 * The character position brought within `maxDistance` of the simulation position.
 * @c sp_clamp_character_position
 */
export function clampCharacterPosition<T extends Vec3 = Vec3>(
  characterPosition: Vec3,
  simulationPosition: Vec3,
  maxDistance: number,
  out?: T,
): T {
  if (!(
    initialized &&
    isVec3(characterPosition) &&
    isVec3(simulationPosition) &&
    isTime(maxDistance) &&
    isOut3(out)
  ))
    check(S.clampCharacterPosition, characterPosition, simulationPosition, maxDistance, out);
  wasm.sp_clamp_character_position(
    slot(OUT),
    putVec3(A, characterPosition),
    putVec3(B, simulationPosition),
    maxDistance,
  );
  return vec3(out);
}

/**
 * The character rotation brought within `maxAngle` radians of the simulation rotation.
 * @c sp_clamp_character_rotation
 */
export function clampCharacterRotation<T extends Quat = Quat>(
  characterRotation: Quat,
  simulationRotation: Quat,
  maxAngle: number,
  out?: T,
): T {
  if (!(
    initialized &&
    isQuat(characterRotation) &&
    isQuat(simulationRotation) &&
    isTime(maxAngle) &&
    isOut4(out)
  ))
    check(S.clampCharacterRotation, characterRotation, simulationRotation, maxAngle, out);
  wasm.sp_clamp_character_rotation(
    slot(OUT),
    putQuat(A, characterRotation),
    putQuat(B, simulationRotation),
    maxAngle,
  );
  return quat(out);
}
