/**
 * Synchronising the character entity with the simulation object ("Code vs Data Driven
 * Displacement"): damped adjustments, their limits by velocity, and clamping. Positions
 * are `{x, y, z}` (three.js objects qualify) or, in the `…V2` forms for 2D games, `{x, y}`
 * (a PixiJS `Point` qualifies); rotations are unit `{x, y, z, w}`. Results go into the
 * optional `out` (which may be an input, and keeps its type) or a new object.
 * @packageDocumentation
 */
import { type Quat, type Vec2, type Vec3 } from './wasm.js';
import { getQuat, getVec2, getVec3, putQuat, putVec2, putVec3, slot } from './scratch.js';
import {
  check,
  initialized,
  isNum,
  isOut2,
  isOut3,
  isOut4,
  isQuat,
  isTime,
  isVec2,
  isVec3,
} from './check.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Scratch slots: the result at 0, the vector and quaternion inputs from 4 on. */
const OUT = 0,
  A = 4,
  B = 8,
  C = 12;

const quat = <T extends Quat>(out: T | undefined): T =>
  getQuat(OUT, out ?? ({ x: 0, y: 0, z: 0, w: 1 } as T));

/**
 * The approximate shortest-arc slerp from `q` to `p` the article uses (nlerp with a corrected parameter).
 * @c sp_quat_slerp_shortest_approx
 */
export function quatSlerpShortestApprox<T extends Quat = Quat>(q: Quat, p: Quat, alpha: number, out?: T): T {
  if (!(initialized && isQuat(q) && isQuat(p) && isNum(alpha) && isOut4(out)))
    check(S.quatSlerpShortestApprox, q, p, alpha, out);
  full.sp_quat_slerp_shortest_approx(slot(OUT), putQuat(A, q), putQuat(B, p), alpha);
  return quat(out);
}

/**
 * Angle in radians (0..π) of the rotation between `q` and `p`.
 * @c sp_quat_angle_between
 */
export function quatAngleBetween(q: Quat, p: Quat): number {
  if (!(initialized && isQuat(q) && isQuat(p))) check(S.quatAngleBetween, q, p);
  return full.sp_quat_angle_between(putQuat(A, q), putQuat(B, p));
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
  full.sp_damp_adjustment_exact_quat(slot(OUT), putQuat(A, g), halflife, dt);
  return quat(out);
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
  full.sp_adjust_character_rotation(
    slot(OUT),
    putQuat(A, characterRotation),
    putQuat(B, simulationRotation),
    halflife,
    dt,
  );
  return quat(out);
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
  full.sp_adjust_character_rotation_by_velocity(
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
  full.sp_clamp_character_rotation(
    slot(OUT),
    putQuat(A, characterRotation),
    putQuat(B, simulationRotation),
    maxAngle,
  );
  return quat(out);
}

// ---- positions: 3D, and 2D on the plane z = 0 ------------------------------------------------
// Written out per dimension: one helper shared by 2D and 3D sees both kinds of object, and
// whichever dimension a program uses second then runs ~40 % slower (measured).

const vec3 = <T extends Vec3>(out: T | undefined): T => getVec3(OUT, out ?? ({ x: 0, y: 0, z: 0 } as T));
const vec2 = <T extends Vec2>(out: T | undefined): T => getVec2(OUT, out ?? ({ x: 0, y: 0 } as T));

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
  full.sp_damp_adjustment_exact_v3(slot(OUT), putVec3(A, g), halflife, dt);
  return vec3(out);
}

/**
 * The part `g·(1 − 2^(−dt/halflife))` of a 2D difference `g` a damper restarted from zero covers in `dt`.
 * @c sp_damp_adjustment_exact_v2
 */
export function dampAdjustmentExactV2<T extends Vec2 = Vec2>(
  g: Vec2,
  halflife: number,
  dt: number,
  out?: T,
): T {
  if (!(initialized && isVec2(g) && isTime(halflife) && isTime(dt) && isOut2(out)))
    check(S.dampAdjustmentExactV2, g, halflife, dt, out);
  full.sp_damp_adjustment_exact_v2(slot(OUT), putVec2(A, g), halflife, dt);
  return vec2(out);
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
  const pos = characterPosition,
    sim = simulationPosition;
  if (!(initialized && isVec3(pos) && isVec3(sim) && isTime(halflife) && isTime(dt) && isOut3(out)))
    check(S.adjustCharacterPosition, pos, sim, halflife, dt, out);
  full.sp_adjust_character_position(slot(OUT), putVec3(A, pos), putVec3(B, sim), halflife, dt);
  return vec3(out);
}

/**
 * The 2D character position moved toward the simulation position by a damper of `halflife`.
 * @example
 * adjustCharacterPositionV2(hero.position, simulationPosition, 0.1, dt, hero.position); // a Pixi Point
 * @c sp_adjust_character_position_v2
 */
export function adjustCharacterPositionV2<T extends Vec2 = Vec2>(
  characterPosition: Vec2,
  simulationPosition: Vec2,
  halflife: number,
  dt: number,
  out?: T,
): T {
  const pos = characterPosition,
    sim = simulationPosition;
  if (!(initialized && isVec2(pos) && isVec2(sim) && isTime(halflife) && isTime(dt) && isOut2(out)))
    check(S.adjustCharacterPositionV2, pos, sim, halflife, dt, out);
  full.sp_adjust_character_position_v2(slot(OUT), putVec2(A, pos), putVec2(B, sim), halflife, dt);
  return vec2(out);
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
  full.sp_adjust_character_position_by_velocity(
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
 * {@link adjustCharacterPositionV2} moving at most `maxAdjustmentRatio·|characterVelocity|·dt`:
 * the character is adjusted only while it moves, which hides the sliding.
 * @c sp_adjust_character_position_by_velocity_v2
 */
export function adjustCharacterPositionByVelocityV2<T extends Vec2 = Vec2>(
  characterPosition: Vec2,
  characterVelocity: Vec2,
  simulationPosition: Vec2,
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
    isVec2(pos) &&
    isVec2(vel) &&
    isVec2(sim) &&
    isTime(maxAdjustmentRatio) &&
    isTime(halflife) &&
    isTime(dt) &&
    isOut2(out)
  ))
    check(S.adjustCharacterPositionByVelocityV2, pos, vel, sim, maxAdjustmentRatio, halflife, dt, out);
  const p = putVec2(A, pos);
  full.sp_adjust_character_position_by_velocity_v2(
    slot(OUT),
    p,
    putVec2(B, vel),
    putVec2(C, sim),
    maxAdjustmentRatio,
    halflife,
    dt,
  );
  return vec2(out);
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
  const pos = characterPosition,
    sim = simulationPosition;
  if (!(initialized && isVec3(pos) && isVec3(sim) && isTime(maxDistance) && isOut3(out)))
    check(S.clampCharacterPosition, pos, sim, maxDistance, out);
  full.sp_clamp_character_position(slot(OUT), putVec3(A, pos), putVec3(B, sim), maxDistance);
  return vec3(out);
}

/**
 * The 2D character position brought within `maxDistance` of the simulation position.
 * @c sp_clamp_character_position_v2
 */
export function clampCharacterPositionV2<T extends Vec2 = Vec2>(
  characterPosition: Vec2,
  simulationPosition: Vec2,
  maxDistance: number,
  out?: T,
): T {
  const pos = characterPosition,
    sim = simulationPosition;
  if (!(initialized && isVec2(pos) && isVec2(sim) && isTime(maxDistance) && isOut2(out)))
    check(S.clampCharacterPositionV2, pos, sim, maxDistance, out);
  full.sp_clamp_character_position_v2(slot(OUT), putVec2(A, pos), putVec2(B, sim), maxDistance);
  return vec2(out);
}
