/**
 * Exact trajectory prediction of the simulation object of "Code vs Data Driven Displacement":
 * the predictors, which own their samples in WASM memory. (The per-call character control —
 * the desired velocity and rotation, the simulation object's updates — is generated from the
 * header.) Y is up and characters face +Z.
 * @packageDocumentation
 */
import type { Quat, Vec2, Vec3 } from './types.js';
import { claim, put } from './scratch.js';
import { check, nameOf, type Spec } from './check.js';
import { Obstacles, obstacleArgs, obstacleC, type ObstacleSet } from './obstacles.js';
import { Batch } from './batch.js';
import { at, checkCount, getters, own, view } from './block.js';
import type { Ptr, Raw } from './gen/raw.js';
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
  declare readonly times: Float32Array;
  /** Predicted positions, x,y,z per sample (x,y in 2D). */
  declare readonly positions: Float32Array;
  /** Predicted velocities, x,y,z per sample (x,y in 2D). */
  declare readonly velocities: Float32Array;
  /** Predicted accelerations, x,y,z per sample (x,y in 2D). */
  declare readonly accelerations: Float32Array;
}
getters(Predictor, view, 'times', 'positions', 'velocities', 'accelerations');

/**
 * How a prediction method passes its arguments to C: its spec (which names it), its C function,
 * its outputs, and `kinds`, one letter per C argument after the count — `2`, `3`, `4` a vector
 * of that many floats (passed by pointer), `n` a number, `b` a boolean (0 or 1), `o` an
 * optional {@link ObstacleSet} (four C arguments), `d` no argument but the predictor's desired
 * velocities.
 */
type Prediction = readonly [
  spec: Spec,
  c: Extract<keyof Raw, `sp_trajectory_predict_${string}`>,
  outputs: readonly string[],
  kinds: string,
];

const FORWARD = ['positions', 'velocities', 'accelerations'],
  TURNS = ['rotations', 'angularVelocities'];
const PREDICTIONS = {
  positions: [S.TrajectoryPredictor_predictPositions, 'sp_trajectory_predict_positions', FORWARD, '3333n'],
  rotations: [S.TrajectoryPredictor_predictRotations, 'sp_trajectory_predict_rotations', TURNS, '434n'],
  desired: [
    S.TrajectoryPredictor_predictDesired,
    'sp_trajectory_predict_desired',
    ['desiredVelocities', 'desiredRotations', ...TURNS],
    '33nbnnnn434n',
  ],
  positionsDesired: [
    S.TrajectoryPredictor_predictPositionsDesired,
    'sp_trajectory_predict_positions_desired',
    FORWARD,
    '333dnon',
  ],
  positions2: [
    S.TrajectoryPredictorV2_predictPositions,
    'sp_trajectory_predict_positions_v2',
    FORWARD,
    '2222n',
  ],
} satisfies Record<string, Prediction>;

/**
 * Runs prediction `how` on `self`: checks `args` (and `dt`), reads them into the frame, then
 * calls `c(outputs…, times, dt, count, …)`, `times` NULL when `dt` is given. Every argument is
 * read before any pointer into `self` is taken: a getter may call sprung, or dispose `self`.
 */
function predict<T extends Predictor<string>>(
  self: T,
  how: Prediction,
  args: readonly unknown[],
  dt?: number,
): T {
  const [spec, c, outputs, kinds] = how;
  const fn = nameOf(spec);
  const { count } = own(self, fn);
  const set = args[kinds.replace('d', '').indexOf('o')];
  if (set instanceof Obstacles && set.disposed) throw new TypeError(`sprung.${fn}: obstacles was disposed`);
  check(spec, ...args, dt);
  const p = claim(),
    list: number[] = [];
  let k = 0,
    vectors = 0,
    desired = -1;
  for (const kind of kinds) {
    if (kind === 'd') {
      desired = list.push(0) - 1; // its pointer once every getter has run
      continue;
    }
    const a = args[k++];
    if (kind === 'n' || kind === 'b') list.push(+(a as number));
    else if (kind === 'o') {
      const o = obstacleC;
      if (a) obstacleArgs(fn, 'obstacles', a as ObstacleSet);
      else ((o.circles = o.boxes = NULL), (o.circleCount = o.boxCount = 0));
      list.push(o.circles, o.circleCount, o.boxes, o.boxCount);
    } else {
      const q = (p + 16 * vectors++) as Ptr; // at most 5 vectors: 80 of the frame's 128 bytes
      put(q, a as Vec3, +kind as 2 | 3 | 4);
      list.push(q);
    }
  }
  if (desired >= 0) list[desired] = at(self, 'desiredVelocities');
  const times = dt === undefined ? at(self, 'times') : NULL;
  (full[c] as (...a: number[]) => void)(...outputs.map((f) => at(self, f)), times, dt ?? 0, count, ...list);
  return self;
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
  declare readonly rotations: Float32Array;
  /** Predicted angular velocities, x,y,z per sample. */
  declare readonly angularVelocities: Float32Array;
  /** Desired velocities held on the way to each sample, x,y,z per sample: written by
   *  {@link TrajectoryPredictor.predictDesired}, read by {@link TrajectoryPredictor.predictPositionsDesired}. */
  declare readonly desiredVelocities: Float32Array;
  /** Desired rotations held on the way to each sample, x,y,z,w per sample (written by
   *  {@link TrajectoryPredictor.predictDesired}). */
  declare readonly desiredRotations: Float32Array;

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
    return predict(
      this,
      PREDICTIONS.positions,
      [position, velocity, acceleration, desiredVelocity, halflife],
      dt,
    );
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
    return predict(this, PREDICTIONS.rotations, [rotation, angularVelocity, desiredRotation, halflife], dt);
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
    const sticks = [gamepadstickLeft, gamepadstickRight, cameraAzimuth, desiredStrafe];
    const speeds = [fwrdSpeed, sideSpeed, backSpeed, deadzone];
    const rotations = [rotation, angularVelocity, desiredRotation, rotationHalflife];
    return predict(this, PREDICTIONS.desired, [...sticks, ...speeds, ...rotations], dt);
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
    return predict(
      this,
      PREDICTIONS.positionsDesired,
      [position, velocity, acceleration, halflife, obstacles, radius],
      dt,
    );
  }
}

getters(TrajectoryPredictor, view, 'rotations', 'angularVelocities', 'desiredVelocities', 'desiredRotations');

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
    return predict(
      this,
      PREDICTIONS.positions2,
      [position, velocity, acceleration, desiredVelocity, halflife],
      dt,
    );
  }
}
