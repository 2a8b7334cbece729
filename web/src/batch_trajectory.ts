/**
 * Trajectory prediction for many characters in one WASM call: each character exactly as
 * {@link TrajectoryPredictor} (the critical-spring simulation of "Code vs Data Driven
 * Displacement"), for crowds of characters or AI agents.
 * @packageDocumentation
 */
import { check } from './check.js';
import { Batch } from './batch.js';
import { at, getters, own, size, view } from './block.js';
import type { Ptr } from './gen/raw.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Floats per character in {@link TrajectoryBatch.state}: position 3, velocity 3, acceleration 3, rotation 4, angular velocity 3. */
export const TRAJECTORY_STATE_FLOATS = 16;
/** Floats per character in {@link TrajectoryBatch.goal}: desired velocity 3, desired rotation 4. */
export const TRAJECTORY_GOAL_FLOATS = 7;

/**
 * `characters` characters, `samples` future samples each. Write each character's state
 * (`state`, 16 floats per character: position, velocity, acceleration, rotation x,y,z,w,
 * angular velocity) and goal (`goal`, 7 floats: desired velocity, desired rotation), call
 * {@link TrajectoryBatch.predict}, and read `prediction`: character `c`'s block starts at
 * `16·samples·c` and holds positions (3 per sample), velocities (3), accelerations (3),
 * rotations (4) and angular velocities (3), in that order ({@link TrajectoryBatch.layout}).
 */
export class TrajectoryBatch extends Batch<'state' | 'goal' | 'times' | 'prediction'> {
  /**
   * Room for `characters` characters of `samples` samples; states and goals start at 0 (set the rotations).
   * @param characters - (≥ 0) number of characters
   * @param samples - (≥ 1) samples per character
   * @see the C function `sp_trajectory_predict_batch` in c/sprung.h
   * @c sp_trajectory_predict_batch characters=n samples=count *
   */
  constructor(characters: number, samples: number) {
    const fn = 'TrajectoryBatch';
    check(S.TrajectoryBatch, characters, samples);
    if (characters * samples > 1 << 24)
      throw new RangeError(
        `sprung.${fn}: characters·samples must be at most ${1 << 24}, got ${characters * samples}`,
      );
    super(
      fn,
      characters,
      [
        ['state', 16 * characters],
        ['goal', 7 * characters],
        ['times', samples],
        ['prediction', 16 * samples * characters],
      ],
      'characters·samples',
      { samples },
    );
  }

  /** Future samples per character. */
  declare readonly samples: number;

  /** States, 16 floats per character. */
  declare readonly state: Float32Array;
  /** Goals, 7 floats per character. */
  declare readonly goal: Float32Array;
  /** Sample times in seconds from now, used when {@link TrajectoryBatch.predict} gets no `dt`. */
  declare readonly times: Float32Array;
  /** The predictions, `16·samples` floats per character. */
  declare readonly prediction: Float32Array;

  /** Float offsets, inside one character's block of `prediction`, of its five parts. */
  get layout(): {
    positions: number;
    velocities: number;
    accelerations: number;
    rotations: number;
    angularVelocities: number;
  } {
    const m = this.samples;
    return {
      positions: 0,
      velocities: 3 * m,
      accelerations: 6 * m,
      rotations: 9 * m,
      angularVelocities: 13 * m,
    };
  }

  /**
   * Predicts every character: positions with `positionHalflife`, rotations with
   * `rotationHalflife`, at the times `i·dt` (or the `times` view when `dt` is omitted).
   * @param positionHalflife - [s] (≥ 0) halflife of the velocity springs
   * @param rotationHalflife - [s] (≥ 0) halflife of the rotation springs
   * @param dt - (optional) [s] (≥ 0) time between samples; when given, `times` is not read
   * @see the C function `sp_trajectory_predict_batch` in c/sprung.h
   * @c sp_trajectory_predict_batch *
   */
  predict(positionHalflife: number, rotationHalflife: number, dt?: number): this {
    const { count, sizes } = own(this, 'TrajectoryBatch.predict');
    check(S.TrajectoryBatch_predict, positionHalflife, rotationHalflife, dt);
    const times = dt === undefined ? at(this, 'times') : (0 as Ptr); // NULL: the samples at i·dt
    full.sp_trajectory_predict_batch(
      at(this, 'prediction'),
      at(this, 'state'),
      at(this, 'goal'),
      times,
      dt ?? 0,
      sizes.samples,
      positionHalflife,
      rotationHalflife,
      count,
    );
    return this;
  }
}
getters(TrajectoryBatch, view, 'state', 'goal', 'times', 'prediction');
getters(TrajectoryBatch, size, 'samples');
