/**
 * Character control of "Code vs Data Driven Displacement" and Spring-It-On's Controllers:
 * the gamepad mapped to a desired velocity and rotation, the simulation object's
 * critical-spring position and rotation updates, and exact trajectory prediction.
 * Y is up and characters face +Z. Vectors `{x, y, z}` and quaternions `{x, y, z, w}`
 * (three.js objects qualify) are updated in place where the C core updates in place.
 * @packageDocumentation
 */
import { type Quat, type Vec2, type Vec3 } from './wasm.js';
import { NULL, getQuat, getVec2, getVec3, putQuat, putVec2, putVec3, slot } from './scratch.js';
import {
  check,
  initialized,
  isFinite4,
  isNum,
  isOut3,
  isOut4,
  isQuat,
  isQuatW,
  isTime,
  isVec2,
  isVec2W,
  isVec3,
  isVec3W,
} from './check.js';
import { Obstacles, obstacleArgs, obstacleC, type ObstacleSet } from './obstacles.js';
import { Batch } from './batch.js';
import { at, checkCount, own, view } from './block.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Scratch slots of the vector and quaternion arguments, in the C order. */
const P0 = 0,
  P1 = 4,
  P2 = 8,
  P3 = 12,
  P4 = 16;

/**
 * Desired world velocity from the left stick (`x` right, `z` forward, length ≤ 1), the camera
 * azimuth (radians about +Y) and the speeds forward, sideways and backward relative to the
 * simulation's facing. Written to `out` when given.
 * @c sp_desired_velocity_update
 */
export function desiredVelocityUpdate<T extends Vec3 = Vec3>(
  gamepadstickLeft: Vec3,
  cameraAzimuth: number,
  simulationRotation: Quat,
  fwrdSpeed: number,
  sideSpeed: number,
  backSpeed: number,
  out?: T,
): T {
  if (!(
    initialized &&
    isOut3(out) &&
    isVec3(gamepadstickLeft) &&
    isQuat(simulationRotation) &&
    isFinite4(cameraAzimuth, fwrdSpeed, sideSpeed, backSpeed)
  ))
    check(
      S.desiredVelocityUpdate,
      gamepadstickLeft,
      cameraAzimuth,
      simulationRotation,
      fwrdSpeed,
      sideSpeed,
      backSpeed,
      out,
    );
  const stick = putVec3(P1, gamepadstickLeft);
  full.sp_desired_velocity_update(
    slot(P0),
    stick,
    cameraAzimuth,
    putQuat(P2, simulationRotation),
    fwrdSpeed,
    sideSpeed,
    backSpeed,
  );
  return getVec3(P0, out ?? ({ x: 0, y: 0, z: 0 } as T));
}

/**
 * Turns `desiredRotation` in place to face the horizontal direction of `desiredDirection`
 * (yaw about +Y) when its horizontal length exceeds `deadzone`. Pass the desired velocity
 * to face the direction of travel, or a camera/right-stick direction to strafe.
 * @c sp_desired_rotation_update
 */
export function desiredRotationUpdate<T extends Quat>(
  desiredRotation: T,
  desiredDirection: Vec3,
  deadzone: number,
): T {
  if (!(initialized && isQuatW(desiredRotation) && isVec3(desiredDirection) && isTime(deadzone)))
    check(S.desiredRotationUpdate, desiredRotation, desiredDirection, deadzone);
  full.sp_desired_rotation_update(putQuat(P0, desiredRotation), putVec3(P1, desiredDirection), deadzone);
  return getQuat(P0, desiredRotation);
}

/**
 * The strafe branch of the article's `desired_rotation_update`: the rotation (a yaw about +Y)
 * that faces the right stick's direction, camera relative, while the stick is pushed beyond
 * `deadzone`, and the camera's forward otherwise. Written into `out` if given.
 * @example
 * if (strafing) desiredRotationUpdateStrafe(rightStick, cameraAzimuth, 0.2, desiredRotation);
 * else desiredRotationUpdate(desiredRotation, desiredVelocity, 0.2);
 * @c sp_desired_rotation_update_strafe
 */
export function desiredRotationUpdateStrafe<T extends Quat = Quat>(
  gamepadstickRight: Vec3,
  cameraAzimuth: number,
  deadzone: number,
  out?: T,
): T {
  if (!(initialized && isVec3(gamepadstickRight) && isNum(cameraAzimuth) && isTime(deadzone) && isOut4(out)))
    check(S.desiredRotationUpdateStrafe, gamepadstickRight, cameraAzimuth, deadzone, out);
  full.sp_desired_rotation_update_strafe(slot(P0), putVec3(P1, gamepadstickRight), cameraAzimuth, deadzone);
  return getQuat(P0, out ?? ({ x: 0, y: 0, z: 0, w: 1 } as T));
}

// The 2D and 3D position updates are written out per dimension: one helper shared by both
// sees both kinds of object, and whichever a program uses second then runs ~40 % slower.

/**
 * Moves the simulation object: its velocity is a critical spring toward `desiredVelocity`
 * and its position the exact integral. `position`, `velocity`, `acceleration` are updated in
 * place; `position` is returned.
 * @c sp_simulation_position_update
 */
export function simulationPositionUpdate<T extends Vec3>(
  position: T,
  velocity: Vec3,
  acceleration: Vec3,
  desiredVelocity: Vec3,
  halflife: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isVec3W(position) &&
    isVec3W(velocity) &&
    isVec3W(acceleration) &&
    isVec3(desiredVelocity) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.simulationPositionUpdate, position, velocity, acceleration, desiredVelocity, halflife, dt);
  const p = putVec3(P0, position);
  full.sp_simulation_position_update(
    p,
    putVec3(P1, velocity),
    putVec3(P2, acceleration),
    putVec3(P3, desiredVelocity),
    halflife,
    dt,
  );
  getVec3(P1, velocity);
  getVec3(P2, acceleration);
  return getVec3(P0, position);
}

/**
 * Moves a 2D simulation object (a top-down or side-on game in the x, y plane): its velocity
 * is a critical spring toward `desiredVelocity` and its position the exact integral.
 * `position`, `velocity`, `acceleration` are updated in place; `position` is returned.
 * @example
 * simulationPositionUpdateV2(hero.position, velocity, acceleration, { x: stickX * 200, y: stickY * 200 }, 0.2, dt);
 * @c sp_simulation_position_update_v2
 */
export function simulationPositionUpdateV2<T extends Vec2>(
  position: T,
  velocity: Vec2,
  acceleration: Vec2,
  desiredVelocity: Vec2,
  halflife: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isVec2W(position) &&
    isVec2W(velocity) &&
    isVec2W(acceleration) &&
    isVec2(desiredVelocity) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.simulationPositionUpdateV2, position, velocity, acceleration, desiredVelocity, halflife, dt);
  const p = putVec2(P0, position);
  full.sp_simulation_position_update_v2(
    p,
    putVec2(P1, velocity),
    putVec2(P2, acceleration),
    putVec2(P3, desiredVelocity),
    halflife,
    dt,
  );
  getVec2(P1, velocity);
  getVec2(P2, acceleration);
  return getVec2(P0, position);
}

/**
 * Turns the simulation object: its rotation is a critical spring toward `desiredRotation`.
 * `rotation` and `angularVelocity` (radians per second, scaled axis) are updated in place;
 * `rotation` is returned.
 * @c sp_simulation_rotation_update
 */
export function simulationRotationUpdate<T extends Quat>(
  rotation: T,
  angularVelocity: Vec3,
  desiredRotation: Quat,
  halflife: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isQuatW(rotation) &&
    isVec3W(angularVelocity) &&
    isQuat(desiredRotation) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.simulationRotationUpdate, rotation, angularVelocity, desiredRotation, halflife, dt);
  const p = putQuat(P0, rotation);
  full.sp_simulation_rotation_update(
    p,
    putVec3(P1, angularVelocity),
    putQuat(P2, desiredRotation),
    halflife,
    dt,
  );
  getVec3(P1, angularVelocity);
  return getQuat(P0, rotation);
}

/** The fields every predictor has, and their floats per sample in 3D. */
const POSITIONS = { times: 1, positions: 3, velocities: 3, accelerations: 3 } as const;
type PositionField = keyof typeof POSITIONS;
/** The 3D predictor's fields: floats per sample. */
const SAMPLE = {
  ...POSITIONS,
  rotations: 4,
  angularVelocities: 3,
  desiredVelocities: 3,
  desiredRotations: 4,
} as const;
type SampleField = keyof typeof SAMPLE;

/** The arrays of a predictor of `count` samples: its times and the predicted positions,
 *  velocities and accelerations (x,y,z per sample, or x,y in 2D), and the fields it adds. */
abstract class Predictor<F extends string> extends Batch<F | PositionField> {
  /** Checks `count`, then allocates `perSample` floats per sample for each field. */
  protected constructor(fn: string, count: number, perSample: Record<F | PositionField, number>) {
    checkCount(fn, 'count', count, 1, 1 << 20);
    super(
      fn,
      count,
      Object.entries(perSample).map(([k, n]) => [k as F | PositionField, (n as number) * count]),
    );
  }

  /** Times in seconds from now of each sample (set them, or pass `dt` to predict at i·dt). */
  get times(): Float32Array {
    return view(this, 'times');
  }
  /** Predicted positions, x,y,z per sample (x,y in 2D). */
  get positions(): Float32Array {
    return view(this, 'positions');
  }
  /** Predicted velocities, x,y,z per sample (x,y in 2D). */
  get velocities(): Float32Array {
    return view(this, 'velocities');
  }
  /** Predicted accelerations, x,y,z per sample (x,y in 2D). */
  get accelerations(): Float32Array {
    return view(this, 'accelerations');
  }
}

/**
 * Exact prediction of the simulation object's future trajectory at `count` chosen times,
 * assuming the desired velocity and rotation stay as they are: every sample is one exact
 * spring evaluation, no stepping. Owns its arrays in WASM memory, read through `Float32Array`
 * views (flat x,y,z / x,y,z,w per sample) that the getters renew after memory growth: read
 * them again after other sprung calls rather than keeping them. Call `dispose()` when done.
 *
 * @example
 * const p = new TrajectoryPredictor(4);
 * p.times.set([0.2, 0.4, 0.6, 0.8]);
 * p.predictPositions(position, velocity, acceleration, desiredVelocity, 0.3);
 * p.positions; // 12 floats
 */
export class TrajectoryPredictor extends Predictor<Exclude<SampleField, PositionField>> {
  /**
   * Allocates room for `count` samples (times initialised to 0).
   * @param count - (integer in [1, 2^20]) number of samples
   */
  constructor(count: number) {
    super('TrajectoryPredictor', count, SAMPLE);
  }

  /** Predicted rotations, x,y,z,w per sample (unit length). */
  get rotations(): Float32Array {
    return view(this, 'rotations');
  }
  /** Predicted angular velocities, x,y,z per sample. */
  get angularVelocities(): Float32Array {
    return view(this, 'angularVelocities');
  }
  /** Desired velocities held on the way to each sample, x,y,z per sample: written by
   *  {@link TrajectoryPredictor.predictDesired}, read by {@link TrajectoryPredictor.predictPositionsDesired}. */
  get desiredVelocities(): Float32Array {
    return view(this, 'desiredVelocities');
  }
  /** Desired rotations held on the way to each sample, x,y,z,w per sample (written by
   *  {@link TrajectoryPredictor.predictDesired}). */
  get desiredRotations(): Float32Array {
    return view(this, 'desiredRotations');
  }

  /**
   * Predicts positions, velocities and accelerations from the current state toward a held
   * `desiredVelocity` with the simulation's `halflife`, at {@link TrajectoryPredictor.times},
   * or at i·dt when `dt` is given.
   * @c sp_trajectory_predict_positions *
   */
  predictPositions(
    position: Vec3,
    velocity: Vec3,
    acceleration: Vec3,
    desiredVelocity: Vec3,
    halflife: number,
    dt?: number,
  ): this {
    const { count } = own(this, 'TrajectoryPredictor.predictPositions');
    check(
      S.TrajectoryPredictor_predictPositions,
      position,
      velocity,
      acceleration,
      desiredVelocity,
      halflife,
      dt,
    );
    const times = dt === undefined ? at(this, 'times') : NULL;
    const p = putVec3(P0, position);
    full.sp_trajectory_predict_positions(
      at(this, 'positions'),
      at(this, 'velocities'),
      at(this, 'accelerations'),
      times,
      dt ?? 0,
      count,
      p,
      putVec3(P1, velocity),
      putVec3(P2, acceleration),
      putVec3(P3, desiredVelocity),
      halflife,
    );
    return this;
  }

  /**
   * Predicts rotations and angular velocities from the current state toward a held
   * `desiredRotation` with the simulation's `halflife`, at {@link TrajectoryPredictor.times},
   * or at i·dt when `dt` is given.
   * @c sp_trajectory_predict_rotations *
   */
  predictRotations(
    rotation: Quat,
    angularVelocity: Vec3,
    desiredRotation: Quat,
    halflife: number,
    dt?: number,
  ): this {
    const { count } = own(this, 'TrajectoryPredictor.predictRotations');
    check(S.TrajectoryPredictor_predictRotations, rotation, angularVelocity, desiredRotation, halflife, dt);
    const times = dt === undefined ? at(this, 'times') : NULL;
    const p = putQuat(P0, rotation);
    full.sp_trajectory_predict_rotations(
      at(this, 'rotations'),
      at(this, 'angularVelocities'),
      times,
      dt ?? 0,
      count,
      p,
      putVec3(P1, angularVelocity),
      putQuat(P2, desiredRotation),
      halflife,
    );
    return this;
  }

  /**
   * Predicts the controller's input over the horizon, the sticks held and the camera fixed:
   * at each sample time the desired velocity and rotation are recomputed from the predicted
   * rotation (as {@link desiredVelocityUpdate} and {@link desiredRotationUpdate}, or
   * {@link desiredRotationUpdateStrafe} when `desiredStrafe`), and the rotation turns toward
   * them with the simulation's `rotationHalflife`. Writes `desiredVelocities`,
   * `desiredRotations`, `rotations` and `angularVelocities`; then call
   * {@link TrajectoryPredictor.predictPositionsDesired}. Uses {@link TrajectoryPredictor.times}
   * (non-decreasing), or i·dt when `dt` is given.
   * @example
   * pred.predictDesired(leftStick, rightStick, cameraAzimuth, false, 4, 3, 2.5, 0.2, rotation, angularVelocity, desiredRotation, 0.2);
   * pred.predictPositionsDesired(position, velocity, acceleration, 0.3, walls, 0.5);
   * pred.positions; // where the character will be, turning as the stick says, sliding along walls
   * @c sp_trajectory_predict_desired *
   */
  predictDesired(
    gamepadstickLeft: Vec3,
    gamepadstickRight: Vec3,
    cameraAzimuth: number,
    desiredStrafe: boolean,
    fwrdSpeed: number,
    sideSpeed: number,
    backSpeed: number,
    deadzone: number,
    rotation: Quat,
    angularVelocity: Vec3,
    desiredRotation: Quat,
    rotationHalflife: number,
    dt?: number,
  ): this {
    const { count } = own(this, 'TrajectoryPredictor.predictDesired');
    check(
      S.TrajectoryPredictor_predictDesired,
      gamepadstickLeft,
      gamepadstickRight,
      cameraAzimuth,
      desiredStrafe,
      fwrdSpeed,
      sideSpeed,
      backSpeed,
      deadzone,
      rotation,
      angularVelocity,
      desiredRotation,
      rotationHalflife,
      dt,
    );
    const times = dt === undefined ? at(this, 'times') : NULL;
    const left = putVec3(P0, gamepadstickLeft);
    full.sp_trajectory_predict_desired(
      at(this, 'desiredVelocities'),
      at(this, 'desiredRotations'),
      at(this, 'rotations'),
      at(this, 'angularVelocities'),
      times,
      dt ?? 0,
      count,
      left,
      putVec3(P1, gamepadstickRight),
      cameraAzimuth,
      desiredStrafe ? 1 : 0,
      fwrdSpeed,
      sideSpeed,
      backSpeed,
      deadzone,
      putQuat(P2, rotation),
      putVec3(P3, angularVelocity),
      putQuat(P4, desiredRotation),
      rotationHalflife,
    );
    return this;
  }

  /**
   * Predicts positions, velocities and accelerations with the desired velocity of each
   * sample ({@link TrajectoryPredictor.desiredVelocities}, which
   * {@link TrajectoryPredictor.predictDesired} writes): each sample is the previous one moved
   * exactly with its desired velocity held, then collided with `obstacles` (a disc of
   * `radius`, as {@link simulationCollideObstacles}). Uses {@link TrajectoryPredictor.times}
   * (non-decreasing), or i·dt when `dt` is given.
   * @c sp_trajectory_predict_positions_desired obstacles={circles,boxes} -n_circles -n_boxes *
   */
  predictPositionsDesired(
    position: Vec3,
    velocity: Vec3,
    acceleration: Vec3,
    halflife: number,
    obstacles?: ObstacleSet,
    radius = 0,
    dt?: number,
  ): this {
    const fn = S.TrajectoryPredictor_predictPositionsDesired;
    const { count } = own(this, fn.fn);
    if (obstacles instanceof Obstacles && obstacles.disposed)
      throw new TypeError(`sprung.${fn.fn}: obstacles was disposed`);
    check(fn, position, velocity, acceleration, halflife, obstacles, radius, dt);
    const o = obstacleC;
    if (obstacles) obstacleArgs(fn.fn, 'obstacles', obstacles);
    else ((o.circles = o.boxes = NULL), (o.circleCount = o.boxCount = 0));
    const times = dt === undefined ? at(this, 'times') : NULL;
    const p = putVec3(P0, position);
    full.sp_trajectory_predict_positions_desired(
      at(this, 'positions'),
      at(this, 'velocities'),
      at(this, 'accelerations'),
      times,
      dt ?? 0,
      count,
      p,
      putVec3(P1, velocity),
      putVec3(P2, acceleration),
      at(this, 'desiredVelocities'),
      halflife,
      o.circles,
      o.circleCount,
      o.boxes,
      o.boxCount,
      radius,
    );
    return this;
  }
}

/**
 * {@link TrajectoryPredictor} for 2D games: exact future positions, velocities and
 * accelerations of a 2D simulation object ({@link simulationPositionUpdateV2}) at `count`
 * chosen times, the desired velocity held. Views hold x,y per sample. Call `dispose()` when
 * done.
 * @example
 * const p = new TrajectoryPredictorV2(4);
 * p.predictPositions(hero.position, velocity, acceleration, desiredVelocity, 0.2, 0.25);
 * p.positions; // 8 floats: where the hero will be in 0, 0.25, 0.5, 0.75 s
 */
export class TrajectoryPredictorV2 extends Predictor<never> {
  /**
   * Allocates room for `count` samples (times initialised to 0).
   * @param count - (integer in [1, 2^20]) number of samples
   */
  constructor(count: number) {
    super('TrajectoryPredictorV2', count, { times: 1, positions: 2, velocities: 2, accelerations: 2 });
  }

  /**
   * Predicts positions, velocities and accelerations from the current state toward a held
   * `desiredVelocity` with the simulation's `halflife`, at {@link TrajectoryPredictorV2.times},
   * or at i·dt when `dt` is given.
   * @c sp_trajectory_predict_positions_v2 *
   */
  predictPositions(
    position: Vec2,
    velocity: Vec2,
    acceleration: Vec2,
    desiredVelocity: Vec2,
    halflife: number,
    dt?: number,
  ): this {
    const { count } = own(this, 'TrajectoryPredictorV2.predictPositions');
    check(
      S.TrajectoryPredictorV2_predictPositions,
      position,
      velocity,
      acceleration,
      desiredVelocity,
      halflife,
      dt,
    );
    const times = dt === undefined ? at(this, 'times') : NULL;
    const p = putVec2(P0, position);
    full.sp_trajectory_predict_positions_v2(
      at(this, 'positions'),
      at(this, 'velocities'),
      at(this, 'accelerations'),
      times,
      dt ?? 0,
      count,
      p,
      putVec2(P1, velocity),
      putVec2(P2, acceleration),
      putVec2(P3, desiredVelocity),
      halflife,
    );
    return this;
  }
}
