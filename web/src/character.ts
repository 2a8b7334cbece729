/**
 * Character control of "Code vs Data Driven Displacement" and Spring-It-On's Controllers:
 * the gamepad mapped to a desired velocity and rotation, the simulation object's
 * critical-spring position and rotation updates, and exact trajectory prediction.
 * Y is up and characters face +Z. Vectors `{x, y, z}` and quaternions `{x, y, z, w}`
 * (three.js objects qualify) are updated in place where the C core updates in place.
 * @packageDocumentation
 */
import {
  allocOwned,
  freeOwned,
  getQuat,
  getVec3,
  putQuat,
  putVec3,
  scratch,
  wasm,
  type Quat,
  type Vec3,
} from './wasm.js';
import {
  finite,
  initialized,
  integer,
  isFinite4,
  isOut,
  isQuat,
  isTime,
  isVec3,
  nonNegative,
  optionalObject,
  ready,
} from './check.js';
import { quat, vec3 } from './vec.js';

/**
 * Desired world velocity from the left stick (`x` right, `z` forward, length ≤ 1), the camera
 * azimuth (radians about +Y) and the speeds forward, sideways and backward relative to the
 * simulation's facing. Written to `out` when given.
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
  const fn = 'desiredVelocityUpdate';
  if (!(
    initialized &&
    isOut(out) &&
    isVec3(gamepadstickLeft) &&
    isQuat(simulationRotation) &&
    isFinite4(cameraAzimuth, fwrdSpeed, sideSpeed, backSpeed)
  )) {
    ready(fn);
    optionalObject(fn, 'out', out);
    vec3(fn, 'gamepadstickLeft', gamepadstickLeft);
    finite(fn, 'cameraAzimuth', cameraAzimuth);
    quat(fn, 'simulationRotation', simulationRotation);
    finite(fn, 'fwrdSpeed', fwrdSpeed);
    finite(fn, 'sideSpeed', sideSpeed);
    finite(fn, 'backSpeed', backSpeed);
  }
  wasm.sp_desired_velocity_update(
    scratch,
    putVec3(4, gamepadstickLeft),
    cameraAzimuth,
    putQuat(8, simulationRotation),
    fwrdSpeed,
    sideSpeed,
    backSpeed,
  );
  return getVec3(0, out ?? ({ x: 0, y: 0, z: 0 } as T));
}

/**
 * Turns `desiredRotation` in place to face the horizontal direction of `desiredDirection`
 * (yaw about +Y) when its horizontal length exceeds `deadzone`. Pass the desired velocity
 * to face the direction of travel, or a camera/right-stick direction to strafe.
 */
export function desiredRotationUpdate<T extends Quat>(
  desiredRotation: T,
  desiredDirection: Vec3,
  deadzone: number,
): T {
  const fn = 'desiredRotationUpdate';
  if (!(initialized && isQuat(desiredRotation) && isVec3(desiredDirection) && isTime(deadzone))) {
    ready(fn);
    quat(fn, 'desiredRotation', desiredRotation);
    vec3(fn, 'desiredDirection', desiredDirection);
    nonNegative(fn, 'deadzone', deadzone);
  }
  wasm.sp_desired_rotation_update(putQuat(0, desiredRotation), putVec3(4, desiredDirection), deadzone);
  return getQuat(0, desiredRotation);
}

/**
 * Moves the simulation object: its velocity is a critical spring toward `desiredVelocity`
 * and its position the exact integral. `position`, `velocity`, `acceleration` are updated in place.
 */
export function simulationPositionUpdate(
  position: Vec3,
  velocity: Vec3,
  acceleration: Vec3,
  desiredVelocity: Vec3,
  halflife: number,
  dt: number,
): void {
  const fn = 'simulationPositionUpdate';
  if (!(
    initialized &&
    isVec3(position) &&
    isVec3(velocity) &&
    isVec3(acceleration) &&
    isVec3(desiredVelocity) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    vec3(fn, 'position', position);
    vec3(fn, 'velocity', velocity);
    vec3(fn, 'acceleration', acceleration);
    vec3(fn, 'desiredVelocity', desiredVelocity);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  wasm.sp_simulation_position_update(
    putVec3(0, position),
    putVec3(4, velocity),
    putVec3(8, acceleration),
    putVec3(12, desiredVelocity),
    halflife,
    dt,
  );
  getVec3(0, position);
  getVec3(4, velocity);
  getVec3(8, acceleration);
}

/**
 * Turns the simulation object: its rotation is a critical spring toward `desiredRotation`.
 * `rotation` and `angularVelocity` (radians per second, scaled axis) are updated in place.
 */
export function simulationRotationUpdate(
  rotation: Quat,
  angularVelocity: Vec3,
  desiredRotation: Quat,
  halflife: number,
  dt: number,
): void {
  const fn = 'simulationRotationUpdate';
  if (!(
    initialized &&
    isQuat(rotation) &&
    isVec3(angularVelocity) &&
    isQuat(desiredRotation) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    ready(fn);
    quat(fn, 'rotation', rotation);
    vec3(fn, 'angularVelocity', angularVelocity);
    quat(fn, 'desiredRotation', desiredRotation);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  wasm.sp_simulation_rotation_update(
    putQuat(0, rotation),
    putVec3(4, angularVelocity),
    putQuat(8, desiredRotation),
    halflife,
    dt,
  );
  getQuat(0, rotation);
  getVec3(4, angularVelocity);
}

/** Floats per sample in the predictor's one allocation: time, 3 position, 3 velocity,
 *  3 acceleration, 4 rotation, 3 angular velocity. */
const PER_SAMPLE = 17;

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
export class TrajectoryPredictor {
  /** Number of samples. */
  readonly count: number;
  private ptr: number;
  private v: Float32Array[] = [];

  /** Times in seconds from now of each sample (set them, or pass `dt` to predict at i·dt). */
  get times(): Float32Array {
    return this.view(0);
  }
  /** Predicted positions, x,y,z per sample. */
  get positions(): Float32Array {
    return this.view(1);
  }
  /** Predicted velocities, x,y,z per sample. */
  get velocities(): Float32Array {
    return this.view(2);
  }
  /** Predicted accelerations, x,y,z per sample. */
  get accelerations(): Float32Array {
    return this.view(3);
  }
  /** Predicted rotations, x,y,z,w per sample (unit length). */
  get rotations(): Float32Array {
    return this.view(4);
  }
  /** Predicted angular velocities, x,y,z per sample. */
  get angularVelocities(): Float32Array {
    return this.view(5);
  }

  /** Allocates room for `count` samples (times initialised to 0). */
  constructor(count: number) {
    const fn = 'TrajectoryPredictor';
    ready(fn);
    integer(fn, 'count', count, 1, 1 << 20);
    this.count = count;
    this.ptr = allocOwned(this, fn, 'count', count * PER_SAMPLE);
    this.times.fill(0);
  }

  /** View `i` of the allocation, recreated when memory growth detached the old one. */
  private view(i: number): Float32Array {
    if (!this.ptr) throw new TypeError('sprung.TrajectoryPredictor: used after dispose()');
    if (this.v.length === 0 || this.v[0].buffer !== wasm.memory.buffer) {
      const n = this.count,
        base = this.ptr;
      this.v = [
        [0, 1],
        [1, 3],
        [4, 3],
        [7, 3],
        [10, 4],
        [14, 3],
      ].map(([offset, len]) => new Float32Array(wasm.memory.buffer, base + offset * n * 4, len * n));
    }
    return this.v[i];
  }

  private live(fn: string): void {
    ready(fn);
    if (!this.ptr) throw new TypeError(`sprung.${fn}: used after dispose()`);
  }

  /**
   * Predicts positions, velocities and accelerations from the current state toward a held
   * `desiredVelocity` with the simulation's `halflife`, at {@link times}, or at i·dt when `dt` is given.
   */
  predictPositions(
    position: Vec3,
    velocity: Vec3,
    acceleration: Vec3,
    desiredVelocity: Vec3,
    halflife: number,
    dt?: number,
  ): this {
    const fn = 'TrajectoryPredictor.predictPositions';
    this.live(fn);
    vec3(fn, 'position', position);
    vec3(fn, 'velocity', velocity);
    vec3(fn, 'acceleration', acceleration);
    vec3(fn, 'desiredVelocity', desiredVelocity);
    nonNegative(fn, 'halflife', halflife);
    if (dt !== undefined) finite(fn, 'dt', dt);
    const n = this.count,
      b = this.ptr;
    wasm.sp_trajectory_predict_positions(
      b + n * 4,
      b + n * 16,
      b + n * 28,
      dt === undefined ? b : 0,
      dt ?? 0,
      n,
      putVec3(0, position),
      putVec3(4, velocity),
      putVec3(8, acceleration),
      putVec3(12, desiredVelocity),
      halflife,
    );
    return this;
  }

  /**
   * Predicts rotations and angular velocities from the current state toward a held
   * `desiredRotation` with the simulation's `halflife`, at {@link times}, or at i·dt when `dt` is given.
   */
  predictRotations(
    rotation: Quat,
    angularVelocity: Vec3,
    desiredRotation: Quat,
    halflife: number,
    dt?: number,
  ): this {
    const fn = 'TrajectoryPredictor.predictRotations';
    this.live(fn);
    quat(fn, 'rotation', rotation);
    vec3(fn, 'angularVelocity', angularVelocity);
    quat(fn, 'desiredRotation', desiredRotation);
    nonNegative(fn, 'halflife', halflife);
    if (dt !== undefined) finite(fn, 'dt', dt);
    const n = this.count,
      b = this.ptr;
    wasm.sp_trajectory_predict_rotations(
      b + n * 40,
      b + n * 56,
      dt === undefined ? b : 0,
      dt ?? 0,
      n,
      putQuat(0, rotation),
      putVec3(4, angularVelocity),
      putQuat(8, desiredRotation),
      halflife,
    );
    return this;
  }

  /** Frees the WASM memory; the views must not be used afterwards. */
  dispose(): void {
    if (!this.ptr) return;
    this.v = [];
    freeOwned(this, this.ptr);
    this.ptr = 0;
  }
}
