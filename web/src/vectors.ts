/**
 * The exact damper and springs of Spring-It-On on vectors: 2D `{x, y}` (a PixiJS `Point`, a
 * Phaser or three.js `Vector2`) and 3D `{x, y, z}` (a three.js `Vector3`). Position and
 * velocity are separate objects updated in place, and the position comes back with its own
 * type. Every component is the scalar function, bit for bit: the critical springs and the
 * damper step in JS with the scalar functions' cached coefficients (steps.ts), so a vector
 * costs about as many scalar calls as it has components and no WASM call.
 * @packageDocumentation
 */
import { type Vec2, type Vec3 } from './wasm.js';
import { getVec2, getVec3, putVec2, putVec3 } from './scratch.js';
import { criticalStep, damperStep } from './steps.js';
import { check, initialized, isTime, isVec2, isVec2W, isVec3, isVec3W } from './check.js';
import type { SpringState } from './springs.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Scratch slots of position, velocity, goal and goal velocity (4 floats apart). */
const X = 0,
  V = 4,
  G = 8,
  Q = 12;

// ---- the exact damper ----------------------------------------------------------------------

/**
 * Exact damper on a 2D vector: each component of `position` moves toward `goal` so that half
 * the distance is covered every `halflife` seconds, whatever the frame rate. Returns `position`.
 * @example
 * damperExactV2(sprite.position, pointer, 0.1, dt); // a Pixi Point follows the pointer
 * @c sp_damper_exact_v2 position=x goal=g
 */
export function damperExactV2<P extends Vec2>(position: P, goal: Vec2, halflife: number, dt: number): P {
  if (!(initialized && isVec2W(position) && isVec2(goal) && isTime(halflife) && isTime(dt)))
    check(S.damperExactV2, position, goal, halflife, dt);
  const gx = goal.x,
    gy = goal.y;
  position.x = damperStep(position.x, gx, halflife, dt);
  position.y = damperStep(position.y, gy, halflife, dt);
  return position;
}

/**
 * Exact damper on a 3D vector: each component of `position` moves toward `goal` so that half
 * the distance is covered every `halflife` seconds, whatever the frame rate. Returns `position`.
 * @example
 * damperExactV3(camera.position, target.position, 0.15, dt); // a THREE.Vector3 comes back
 * @c sp_damper_exact_v3 position=x goal=g
 */
export function damperExactV3<P extends Vec3>(position: P, goal: Vec3, halflife: number, dt: number): P {
  if (!(initialized && isVec3W(position) && isVec3(goal) && isTime(halflife) && isTime(dt)))
    check(S.damperExactV3, position, goal, halflife, dt);
  const gx = goal.x,
    gy = goal.y,
    gz = goal.z;
  position.x = damperStep(position.x, gx, halflife, dt);
  position.y = damperStep(position.y, gy, halflife, dt);
  position.z = damperStep(position.z, gz, halflife, dt);
  return position;
}

// ---- critical springs, stepped in JS per component -----------------------------------------

/** The state of the component being stepped (one object, reused: no allocation per call). */
const s: SpringState = { x: 0, v: 0 };

/** One component `(x, v)` of a critical spring toward `g` with goal velocity `q`, into `s`.
 *  (The callers name each field literally: a field chosen by a variable key costs a
 *  generic property lookup, measured at 3× the whole step.) */
function step(x: number, v: number, g: number, q: number, h: number, dt: number): void {
  s.x = x;
  s.v = v;
  criticalStep(s, g, q, h, dt);
}

/** The critical spring on a 2D vector (goal and goal velocity read before anything is written). */
function critical2(
  x: Vec2,
  v: Vec2,
  gx: number,
  gy: number,
  qx: number,
  qy: number,
  h: number,
  dt: number,
): void {
  step(x.x, v.x, gx, qx, h, dt);
  x.x = s.x;
  v.x = s.v;
  step(x.y, v.y, gy, qy, h, dt);
  x.y = s.x;
  v.y = s.v;
}

/** The critical spring on a 3D vector. */
function critical3(
  x: Vec3,
  v: Vec3,
  gx: number,
  gy: number,
  gz: number,
  qx: number,
  qy: number,
  qz: number,
  h: number,
  dt: number,
): void {
  step(x.x, v.x, gx, qx, h, dt);
  x.x = s.x;
  v.x = s.v;
  step(x.y, v.y, gy, qy, h, dt);
  x.y = s.x;
  v.y = s.v;
  step(x.z, v.z, gz, qz, h, dt);
  x.z = s.x;
  v.z = s.v;
}

/** Fast path of the 2D springs: writable position and velocity, a finite goal, times. */
const isStep2 = (x: unknown, v: unknown, g: unknown, h: unknown, dt: unknown): boolean =>
  initialized && isVec2W(x) && isVec2W(v) && isVec2(g) && isTime(h) && isTime(dt);
/** Fast path of the 3D springs. */
const isStep3 = (x: unknown, v: unknown, g: unknown, h: unknown, dt: unknown): boolean =>
  initialized && isVec3W(x) && isVec3W(v) && isVec3(g) && isTime(h) && isTime(dt);

/**
 * Exact critically damped spring on a 2D vector toward `goal` moving at `goalVelocity`:
 * updates `position` and `velocity` in place and returns `position`.
 * @example
 * criticalSpringDamperExactV2(ship.position, shipVelocity, target, targetVelocity, 0.2, dt);
 * @c sp_critical_spring_damper_exact_v2 position=x velocity=v goal=g goalVelocity=q
 */
export function criticalSpringDamperExactV2<P extends Vec2>(
  position: P,
  velocity: Vec2,
  goal: Vec2,
  goalVelocity: Vec2,
  halflife: number,
  dt: number,
): P {
  if (!(isStep2(position, velocity, goal, halflife, dt) && isVec2(goalVelocity)))
    check(S.criticalSpringDamperExactV2, position, velocity, goal, goalVelocity, halflife, dt);
  critical2(position, velocity, goal.x, goal.y, goalVelocity.x, goalVelocity.y, halflife, dt);
  return position;
}

/**
 * Exact critically damped spring on a 3D vector toward `goal` moving at `goalVelocity`:
 * updates `position` and `velocity` in place and returns `position`.
 * @example
 * criticalSpringDamperExactV3(camera.position, cameraVelocity, player.position, playerVelocity, 0.2, dt);
 * @c sp_critical_spring_damper_exact_v3 position=x velocity=v goal=g goalVelocity=q
 */
export function criticalSpringDamperExactV3<P extends Vec3>(
  position: P,
  velocity: Vec3,
  goal: Vec3,
  goalVelocity: Vec3,
  halflife: number,
  dt: number,
): P {
  if (!(isStep3(position, velocity, goal, halflife, dt) && isVec3(goalVelocity)))
    check(S.criticalSpringDamperExactV3, position, velocity, goal, goalVelocity, halflife, dt);
  const q = goalVelocity;
  critical3(position, velocity, goal.x, goal.y, goal.z, q.x, q.y, q.z, halflife, dt);
  return position;
}

/**
 * Exact critically damped spring on a 2D vector toward `goal`: the everyday smoothing of a
 * position. Updates `position` and `velocity` in place and returns `position`.
 * @example
 * const velocity = { x: 0, y: 0 };
 * simpleSpringDamperExactV2(sprite.position, velocity, pointer, 0.15, dt); // every frame
 * @c sp_simple_spring_damper_exact_v2 position=x velocity=v goal=g
 */
export function simpleSpringDamperExactV2<P extends Vec2>(
  position: P,
  velocity: Vec2,
  goal: Vec2,
  halflife: number,
  dt: number,
): P {
  if (!isStep2(position, velocity, goal, halflife, dt))
    check(S.simpleSpringDamperExactV2, position, velocity, goal, halflife, dt);
  critical2(position, velocity, goal.x, goal.y, 0, 0, halflife, dt);
  return position;
}

/**
 * Exact critically damped spring on a 3D vector toward `goal`: the everyday smoothing of a
 * position. Updates `position` and `velocity` in place and returns `position`.
 * @example
 * const velocity = new THREE.Vector3();
 * simpleSpringDamperExactV3(mesh.position, velocity, target, 0.15, dt); // every frame
 * @c sp_simple_spring_damper_exact_v3 position=x velocity=v goal=g
 */
export function simpleSpringDamperExactV3<P extends Vec3>(
  position: P,
  velocity: Vec3,
  goal: Vec3,
  halflife: number,
  dt: number,
): P {
  if (!isStep3(position, velocity, goal, halflife, dt))
    check(S.simpleSpringDamperExactV3, position, velocity, goal, halflife, dt);
  critical3(position, velocity, goal.x, goal.y, goal.z, 0, 0, 0, halflife, dt);
  return position;
}

/**
 * Exact critically damped spring decaying a 2D vector toward 0 (an offset, a shake):
 * updates `position` and `velocity` in place and returns `position`.
 * @c sp_decay_spring_damper_exact_v2 position=x velocity=v
 */
export function decaySpringDamperExactV2<P extends Vec2>(
  position: P,
  velocity: Vec2,
  halflife: number,
  dt: number,
): P {
  if (!isStep2(position, velocity, position, halflife, dt))
    check(S.decaySpringDamperExactV2, position, velocity, halflife, dt);
  critical2(position, velocity, 0, 0, 0, 0, halflife, dt);
  return position;
}

/**
 * Exact critically damped spring decaying a 3D vector toward 0 (an offset, a shake):
 * updates `position` and `velocity` in place and returns `position`.
 * @c sp_decay_spring_damper_exact_v3 position=x velocity=v
 */
export function decaySpringDamperExactV3<P extends Vec3>(
  position: P,
  velocity: Vec3,
  halflife: number,
  dt: number,
): P {
  if (!isStep3(position, velocity, position, halflife, dt))
    check(S.decaySpringDamperExactV3, position, velocity, halflife, dt);
  critical3(position, velocity, 0, 0, 0, 0, 0, 0, halflife, dt);
  return position;
}

// ---- the spring in every regime --------------------------------------------------------------

/**
 * Exact spring by `frequency` and `halflife` on a 2D vector, in every regime (bouncy when
 * `frequency` is above {@link criticalFrequency}): updates `position` and `velocity` in place
 * and returns `position`.
 * @example
 * springDamperExactV2(button.scale, scaleVelocity, { x: 1, y: 1 }, { x: 0, y: 0 }, 3, 0.3, dt); // wobbles
 * @c sp_spring_damper_exact_v2 position=x velocity=v goal=g goalVelocity=q
 */
export function springDamperExactV2<P extends Vec2>(
  position: P,
  velocity: Vec2,
  goal: Vec2,
  goalVelocity: Vec2,
  frequency: number,
  halflife: number,
  dt: number,
): P {
  if (!(
    isStep2(position, velocity, goal, halflife, dt) &&
    isVec2(goalVelocity) &&
    isTime(frequency) &&
    (frequency !== 0 || (goalVelocity.x === 0 && goalVelocity.y === 0))
  ))
    check(S.springDamperExactV2, position, velocity, goal, goalVelocity, frequency, halflife, dt);
  full.sp_spring_damper_exact_v2(
    putVec2(X, position),
    putVec2(V, velocity),
    putVec2(G, goal),
    putVec2(Q, goalVelocity),
    frequency,
    halflife,
    dt,
  );
  getVec2(V, velocity);
  return getVec2(X, position);
}

/**
 * Exact spring by `frequency` and `halflife` on a 3D vector, in every regime (bouncy when
 * `frequency` is above {@link criticalFrequency}): updates `position` and `velocity` in place
 * and returns `position`.
 * @example
 * springDamperExactV3(mesh.scale, scaleVelocity, one, zero, 3, 0.3, dt); // wobbles
 * @c sp_spring_damper_exact_v3 position=x velocity=v goal=g goalVelocity=q
 */
export function springDamperExactV3<P extends Vec3>(
  position: P,
  velocity: Vec3,
  goal: Vec3,
  goalVelocity: Vec3,
  frequency: number,
  halflife: number,
  dt: number,
): P {
  const q = goalVelocity;
  if (!(
    isStep3(position, velocity, goal, halflife, dt) &&
    isVec3(q) &&
    isTime(frequency) &&
    (frequency !== 0 || (q.x === 0 && q.y === 0 && q.z === 0))
  ))
    check(S.springDamperExactV3, position, velocity, goal, goalVelocity, frequency, halflife, dt);
  full.sp_spring_damper_exact_v3(
    putVec3(X, position),
    putVec3(V, velocity),
    putVec3(G, goal),
    putVec3(Q, goalVelocity),
    frequency,
    halflife,
    dt,
  );
  getVec3(V, velocity);
  return getVec3(X, position);
}
