/**
 * Exact trajectory prediction of the simulation object of "Code vs Data Driven Displacement":
 * the predictors, which own their samples in WASM memory. (The per-call character control —
 * the desired velocity and rotation, the simulation object's updates — is generated from the
 * header.) Y is up and characters face +Z.
 * @packageDocumentation
 */
import type { Quat, Vec2, Vec3 } from './types.js';
import { frame, put } from './scratch.js';
import { check } from './check.js';
import { Obstacles, obstacleArgs, obstacleC, type ObstacleSet } from './obstacles.js';
import { Batch } from './batch.js';
import { at, checkCount, own, view } from './block.js';
import type { Ptr } from './gen/raw.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** The C null pointer: `times` not passed (the samples are at i·dt). */
const NULL = 0 as Ptr;

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
   * @param position - [m] position now
   * @param velocity - [m/s] velocity now
   * @param acceleration - [m/s²] acceleration now
   * @param desiredVelocity - [m/s] desired velocity, held
   * @param halflife - [s] (≥ 0) halflife of the velocity spring
   * @param dt - (optional) [s] (≥ 0) time between samples; when given, `times` is not read
   * @see the C function `sp_trajectory_predict_positions` in c/sprung.h
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
    const p = frame;
    put(p, position, 3);
    put((p + 16) as Ptr, velocity, 3);
    put((p + 32) as Ptr, acceleration, 3);
    put((p + 48) as Ptr, desiredVelocity, 3);
    const times = dt === undefined ? at(this, 'times') : NULL; // after the getters above
    full.sp_trajectory_predict_positions(
      at(this, 'positions'),
      at(this, 'velocities'),
      at(this, 'accelerations'),
      times,
      dt ?? 0,
      count,
      p,
      (p + 16) as Ptr,
      (p + 32) as Ptr,
      (p + 48) as Ptr,
      halflife,
    );
    return this;
  }

  /**
   * Predicts rotations and angular velocities from the current state toward a held
   * `desiredRotation` with the simulation's `halflife`, at {@link TrajectoryPredictor.times},
   * or at i·dt when `dt` is given.
   * @param rotation - rotation now
   * @param angularVelocity - [rad/s] angular velocity now
   * @param desiredRotation - desired rotation, held
   * @param halflife - [s] (≥ 0) halflife of the rotation spring
   * @param dt - (optional) [s] (≥ 0) time between samples; when given, `times` is not read
   * @see the C function `sp_trajectory_predict_rotations` in c/sprung.h
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
    const p = frame;
    put(p, rotation, 4);
    put((p + 16) as Ptr, angularVelocity, 3);
    put((p + 32) as Ptr, desiredRotation, 4);
    const times = dt === undefined ? at(this, 'times') : NULL; // after the getters above
    full.sp_trajectory_predict_rotations(
      at(this, 'rotations'),
      at(this, 'angularVelocities'),
      times,
      dt ?? 0,
      count,
      p,
      (p + 16) as Ptr,
      (p + 32) as Ptr,
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
   * @param gamepadstickLeft - the left stick: x right, z forward, length ≤ 1; held
   * @param gamepadstickRight - the right stick, held (used when `desiredStrafe`)
   * @param cameraAzimuth - [rad] camera rotation about +Y, fixed
   * @param desiredStrafe - ([0, 1]) 1: strafe (face the right stick, or the camera's forward)
   * @param fwrdSpeed - [m/s] speed forward
   * @param sideSpeed - [m/s] speed sideways
   * @param backSpeed - [m/s] speed backward
   * @param deadzone - (≥ 0) stick length below which a stick counts as released
   * @param rotation - the simulation object's rotation now
   * @param angularVelocity - [rad/s] the simulation object's angular velocity now
   * @param desiredRotation - the desired rotation now (kept while the stick is released)
   * @param rotationHalflife - [s] (≥ 0) halflife of the rotation spring
   * @param dt - (optional) [s] (≥ 0) time between samples; when given, `times` is not read
   * @see the C function `sp_trajectory_predict_desired` in c/sprung.h
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
    const p = frame;
    put(p, gamepadstickLeft, 3);
    put((p + 16) as Ptr, gamepadstickRight, 3);
    put((p + 32) as Ptr, rotation, 4);
    put((p + 48) as Ptr, angularVelocity, 3);
    put((p + 64) as Ptr, desiredRotation, 4);
    const times = dt === undefined ? at(this, 'times') : NULL; // after the getters above
    full.sp_trajectory_predict_desired(
      at(this, 'desiredVelocities'),
      at(this, 'desiredRotations'),
      at(this, 'rotations'),
      at(this, 'angularVelocities'),
      times,
      dt ?? 0,
      count,
      p,
      (p + 16) as Ptr,
      cameraAzimuth,
      desiredStrafe ? 1 : 0,
      fwrdSpeed,
      sideSpeed,
      backSpeed,
      deadzone,
      (p + 32) as Ptr,
      (p + 48) as Ptr,
      (p + 64) as Ptr,
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
   * @param position - [m] position now
   * @param velocity - [m/s] velocity now
   * @param acceleration - [m/s²] acceleration now
   * @param halflife - [s] (≥ 0) halflife of the velocity spring
   * @param obstacles - (optional) read: `circles` (nullable) circle obstacles: x, z, radius each; `boxes`
   *   (nullable) box obstacles: x, z, width, depth, yaw each
   * @param radius - (optional) [m] (≥ 0) radius of the simulation object
   * @param dt - (optional) [s] (≥ 0) time between samples; when given, `times` is not read
   * @see the C function `sp_trajectory_predict_positions_desired` in c/sprung.h
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
    const fn = 'TrajectoryPredictor.predictPositionsDesired';
    const { count } = own(this, fn);
    if (obstacles instanceof Obstacles && obstacles.disposed)
      throw new TypeError(`sprung.${fn}: obstacles was disposed`);
    check(
      S.TrajectoryPredictor_predictPositionsDesired,
      position,
      velocity,
      acceleration,
      halflife,
      obstacles,
      radius,
      dt,
    );
    const p = frame;
    put(p, position, 3);
    put((p + 16) as Ptr, velocity, 3);
    put((p + 32) as Ptr, acceleration, 3);
    // after the getters above, which may call sprung: the obstacles may be copied to the work buffer
    const o = obstacleC;
    if (obstacles) obstacleArgs(fn, 'obstacles', obstacles);
    else ((o.circles = o.boxes = NULL), (o.circleCount = o.boxCount = 0));
    const times = dt === undefined ? at(this, 'times') : NULL;
    full.sp_trajectory_predict_positions_desired(
      at(this, 'positions'),
      at(this, 'velocities'),
      at(this, 'accelerations'),
      times,
      dt ?? 0,
      count,
      p,
      (p + 16) as Ptr,
      (p + 32) as Ptr,
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
   * @param position - [m] position now
   * @param velocity - [m/s] velocity now
   * @param acceleration - [m/s²] acceleration now
   * @param desiredVelocity - [m/s] desired velocity, held
   * @param halflife - [s] (≥ 0) halflife of the velocity spring
   * @param dt - (optional) [s] (≥ 0) time between samples; when given, `times` is not read
   * @see the C function `sp_trajectory_predict_positions_v2` in c/sprung.h
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
    const p = frame;
    put(p, position, 2);
    put((p + 8) as Ptr, velocity, 2);
    put((p + 16) as Ptr, acceleration, 2);
    put((p + 24) as Ptr, desiredVelocity, 2);
    const times = dt === undefined ? at(this, 'times') : NULL; // after the getters above
    full.sp_trajectory_predict_positions_v2(
      at(this, 'positions'),
      at(this, 'velocities'),
      at(this, 'accelerations'),
      times,
      dt ?? 0,
      count,
      p,
      (p + 8) as Ptr,
      (p + 16) as Ptr,
      (p + 24) as Ptr,
      halflife,
    );
    return this;
  }
}
