/**
 * The pose inertializers: a whole skeleton's positions and rotations blended across an
 * animation switch by the spring inertializer of Spring-It-On or the cubic one of
 * "Inertialization Transition Cost", one WASM call per transition and per frame.
 *
 * A pose of `bones` bones is a `Float32Array` of `13·bones` floats: positions (3 per
 * bone), then velocities (3 per bone), rotations (4 per bone, x,y,z,w) and angular
 * velocities (3 per bone, radians per second); {@link poseLayout} gives the offsets.
 * @packageDocumentation
 */
import { heapF32, wasm } from './wasm.js';
import { floats, integer, nonNegative, ready } from './check.js';
import { Batch } from './batch.js';

/** Float offsets of the four parts of a pose of `bones` bones, and its total length. */
export function poseLayout(bones: number): {
  positions: number;
  velocities: number;
  rotations: number;
  angularVelocities: number;
  length: number;
} {
  integer('poseLayout', 'bones', bones, 0);
  return {
    positions: 0,
    velocities: 3 * bones,
    rotations: 6 * bones,
    angularVelocities: 10 * bones,
    length: 13 * bones,
  };
}

/** Options of {@link PoseInertializer}. */
export interface PoseInertializerOptions {
  /** Halflife in seconds of the springs that decay the offset; default 0.1. */
  halflife?: number;
}

/**
 * What both pose inertializers share: the pose-sized fields `offset`, `output`, `input`
 * (and a staging area for the destination pose), their views, reset and the copies of
 * poses that are not already in WASM memory.
 */
abstract class PoseBlend extends Batch {
  /** Number of bones. */
  readonly bones: number;

  protected constructor(fn: string, bones: number, extra: readonly (readonly [string, number])[]) {
    const n = 13 * bones;
    super(fn, bones, [['offset', n], ['output', n], ['input', n], ['target', n], ...extra], 'bones');
    this.bones = bones;
  }

  /** The offset (pose layout; rotations are offsets on the left). */
  get offset(): Float32Array {
    return this.view(0, 'offset');
  }
  /** The blended pose written by `update`. */
  get output(): Float32Array {
    return this.view(1, 'output');
  }
  /** A pose-sized staging area in WASM memory: write the input pose here to skip a copy. */
  get input(): Float32Array {
    return this.view(2, 'input');
  }

  /** Clears the offset (no blend in progress). */
  reset(): this {
    const off = this.offset;
    off.fill(0);
    for (let i = 6 * this.bones + 3; i < 10 * this.bones; i += 4) off[i] = 1;
    return this;
  }

  /** Copies `pose` into field `field` unless it already is that view; returns its pointer. */
  protected stage(fn: string, name: string, pose: Float32Array, field: number): number {
    floats(fn, name, pose, 13 * this.bones);
    const p = this.at(field);
    if (pose.buffer !== wasm.memory.buffer || pose.byteOffset !== p)
      heapF32.set(pose.subarray(0, 13 * this.bones), p >> 2);
    return p;
  }

  /** Stages `src` and `dst` for a transition; returns their pointers. */
  protected stagePair(fn: string, src: Float32Array, dst: Float32Array): [number, number] {
    const pd = this.stage(fn, 'dst', dst, 3); // first: dst may be the input view that src goes to
    return [this.stage(fn, 'src', src, 2), pd];
  }
}

/**
 * Spring-based inertializer for a skeleton: `transition(src, dst)` when the animation
 * switches from `src` to `dst`, then `update(input, dt)` every frame with the new
 * animation's pose; the blended pose is the `output` view. Poses may be any
 * `Float32Array` of `13·bones` floats; passing the inertializer's own `input` view saves
 * a copy.
 */
export class PoseInertializer extends PoseBlend {
  /** Halflife in seconds of the offset decay (checked at every update). */
  halflife: number;

  /** An inertializer for `bones` bones, with no offset. */
  constructor(bones: number, options?: PoseInertializerOptions) {
    const fn = 'PoseInertializer';
    ready(fn);
    integer(fn, 'bones', bones, 0, 1 << 24);
    const halflife = options?.halflife ?? 0.1;
    nonNegative(fn, 'options.halflife', halflife);
    super(fn, bones, []);
    this.halflife = halflife;
    this.reset();
  }

  /** Starts a blend from the pose `src` (what was playing) to `dst` (what plays now). */
  transition(src: Float32Array, dst: Float32Array): this {
    this.live('transition');
    const [ps, pd] = this.stagePair('PoseInertializer.transition', src, dst);
    wasm.sp_inertialize_pose_transition(this.at(0), ps, pd, this.bones);
    return this;
  }

  /** Decays the offset by `dt` seconds and writes `input + offset` to `output`, which it returns. */
  update(input: Float32Array, dt: number): Float32Array {
    const fn = 'PoseInertializer.update';
    this.live('update');
    nonNegative(fn, 'dt', dt);
    nonNegative(fn, 'halflife', this.halflife);
    const pi = this.stage(fn, 'input', input, 2);
    wasm.sp_inertialize_pose_update(this.at(1), this.at(0), pi, this.halflife, dt, this.bones);
    return this.output;
  }
}

/** Options of {@link CubicPoseInertializer}. */
export interface CubicPoseInertializerOptions {
  /** Seconds after a transition at which the offset reaches 0; default 0.2. */
  blendtime?: number;
}

/**
 * The cubic inertializer of "Inertialization Transition Cost" for a skeleton: the offset
 * at the transition fades out along a cubic over `blendtime` seconds (positions per
 * component, rotations on their scaled angle-axis) and is exactly 0 afterwards. Used like
 * {@link PoseInertializer}; `offset` holds the offset at the last transition and `time` the
 * seconds since.
 */
export class CubicPoseInertializer extends PoseBlend {
  /** Blend time in seconds (checked at every call). */
  blendtime: number;

  /** An inertializer for `bones` bones, with no offset. */
  constructor(bones: number, options?: CubicPoseInertializerOptions) {
    const fn = 'CubicPoseInertializer';
    ready(fn);
    integer(fn, 'bones', bones, 0, 1 << 24);
    const blendtime = options?.blendtime ?? 0.2;
    nonNegative(fn, 'options.blendtime', blendtime);
    super(fn, bones, [['time', 1]]);
    this.blendtime = blendtime;
    this.reset();
  }

  /** Seconds since the last transition. */
  get time(): number {
    return this.view(4, 'time')[0];
  }

  /** Starts a blend from the pose `src` (what was playing) to `dst` (what plays now). */
  transition(src: Float32Array, dst: Float32Array): this {
    const fn = 'CubicPoseInertializer.transition';
    this.live('transition');
    nonNegative(fn, 'blendtime', this.blendtime);
    const [ps, pd] = this.stagePair(fn, src, dst);
    wasm.sp_inertialize_pose_cubic_transition(this.at(0), this.at(4), ps, pd, this.blendtime, this.bones);
    return this;
  }

  /** Advances the time by `dt` seconds and writes `input` + the decayed offset to `output`, which it returns. */
  update(input: Float32Array, dt: number): Float32Array {
    const fn = 'CubicPoseInertializer.update';
    this.live('update');
    nonNegative(fn, 'dt', dt);
    nonNegative(fn, 'blendtime', this.blendtime);
    const pi = this.stage(fn, 'input', input, 2);
    wasm.sp_inertialize_pose_cubic_update(
      this.at(1),
      this.at(4),
      this.at(0),
      pi,
      this.blendtime,
      dt,
      this.bones,
    );
    return this.output;
  }
}
