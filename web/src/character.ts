/**
 * Character control of "Code vs Data Driven Displacement" and Spring-It-On's Controllers:
 * the gamepad mapped to a desired velocity and rotation, the simulation object's
 * critical-spring position and rotation updates, and exact trajectory prediction.
 * Y is up and characters face +Z. Vectors `{x, y, z}` and quaternions `{x, y, z, w}`
 * (three.js objects qualify) are updated in place where the C core updates in place.
 * @packageDocumentation
 */
import { wasm, type Quat, type Vec3 } from './wasm.js';
import { NULL, getQuat, getVec3, putQuat, putVec3, slot } from './scratch.js';
import { check, initialized, isFinite4, isOut3, isQuat, isQuatW, isTime, isVec3, isVec3W } from './check.js';
import { Batch } from './batch.js';
import * as S from './gen/specs.js';

/** Scratch slots of the vector and quaternion arguments, in the C order. */
const P0 = 0,
  P1 = 4,
  P2 = 8,
  P3 = 12;

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
  wasm.sp_desired_velocity_update(
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
  wasm.sp_desired_rotation_update(putQuat(P0, desiredRotation), putVec3(P1, desiredDirection), deadzone);
  return getQuat(P0, desiredRotation);
}

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
  wasm.sp_simulation_position_update(
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
  wasm.sp_simulation_rotation_update(
    p,
    putVec3(P1, angularVelocity),
    putQuat(P2, desiredRotation),
    halflife,
    dt,
  );
  getVec3(P1, angularVelocity);
  return getQuat(P0, rotation);
}

/** The predictor's fields: floats per sample. */
const SAMPLE = {
  times: 1,
  positions: 3,
  velocities: 3,
  accelerations: 3,
  rotations: 4,
  angularVelocities: 3,
} as const;
type SampleField = keyof typeof SAMPLE;

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
export class TrajectoryPredictor extends Batch<SampleField> {
  /**
   * Allocates room for `count` samples (times initialised to 0).
   * @param count - (integer in [1, 2^20]) number of samples
   */
  constructor(count: number) {
    const fn = 'TrajectoryPredictor';
    Batch.checkCount(fn, 'count', count, 1, 1 << 20);
    super(
      fn,
      count,
      Object.entries(SAMPLE).map(([k, n]) => [k as SampleField, n * count]),
    );
  }

  /** Times in seconds from now of each sample (set them, or pass `dt` to predict at i·dt). */
  get times(): Float32Array {
    return this.view('times');
  }
  /** Predicted positions, x,y,z per sample. */
  get positions(): Float32Array {
    return this.view('positions');
  }
  /** Predicted velocities, x,y,z per sample. */
  get velocities(): Float32Array {
    return this.view('velocities');
  }
  /** Predicted accelerations, x,y,z per sample. */
  get accelerations(): Float32Array {
    return this.view('accelerations');
  }
  /** Predicted rotations, x,y,z,w per sample (unit length). */
  get rotations(): Float32Array {
    return this.view('rotations');
  }
  /** Predicted angular velocities, x,y,z per sample. */
  get angularVelocities(): Float32Array {
    return this.view('angularVelocities');
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
    this.live('predictPositions');
    check(
      S.TrajectoryPredictor_predictPositions,
      position,
      velocity,
      acceleration,
      desiredVelocity,
      halflife,
      dt,
    );
    const times = dt === undefined ? this.at('times') : NULL;
    const p = putVec3(P0, position);
    wasm.sp_trajectory_predict_positions(
      this.at('positions'),
      this.at('velocities'),
      this.at('accelerations'),
      times,
      dt ?? 0,
      this.count,
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
    this.live('predictRotations');
    check(S.TrajectoryPredictor_predictRotations, rotation, angularVelocity, desiredRotation, halflife, dt);
    const times = dt === undefined ? this.at('times') : NULL;
    const p = putQuat(P0, rotation);
    wasm.sp_trajectory_predict_rotations(
      this.at('rotations'),
      this.at('angularVelocities'),
      times,
      dt ?? 0,
      this.count,
      p,
      putVec3(P1, angularVelocity),
      putQuat(P2, desiredRotation),
      halflife,
    );
    return this;
  }
}
