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
import { heapF32 } from './wasm.js';
import type { Ptr } from './gen/raw.js';
import { check, integer, isFiniteNonNegative, nameOf, nonNegative, type Spec } from './check.js';
import { floats, fresh } from './arrays.js';
import { Batch } from './batch.js';
import { at, getters, own, size, view } from './block.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/**
 * Float offsets of the four parts of a pose of `bones` bones, and its total length.
 * @param bones - (integer ≥ 0) number of bones
 */
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
abstract class PoseBlend extends Batch<'offset' | 'output' | 'input' | 'target' | 'time'> {
  /** Checks `bones` and `options` against `spec` (the constructor's) and allocates (with a
   *  `time` float for the cubic inertializer). */
  protected constructor(
    spec: typeof S.PoseInertializer,
    bones: number,
    options: object | undefined,
    time = 0,
  ) {
    check(spec, bones, options);
    const n = 13 * bones;
    super(
      nameOf(spec),
      bones,
      [
        ['offset', n],
        ['output', n],
        ['input', n],
        ['target', n],
        ['time', time],
      ],
      'bones',
      { bones },
    );
  }

  /** Number of bones. */
  declare readonly bones: number;

  /** The offset (pose layout; rotations are offsets on the left). */
  declare readonly offset: Float32Array;
  /** The blended pose written by `update`. */
  declare readonly output: Float32Array;
  /** A pose-sized staging area in WASM memory: write the input pose here to skip a copy. */
  declare readonly input: Float32Array;

  /** Clears the offset (no blend in progress). */
  reset(): this {
    const bones = size(this, 'bones', 'reset');
    const off = view(this, 'offset');
    off.fill(0);
    for (let i = 6 * bones + 3; i < 10 * bones; i += 4) off[i] = 1;
    return this;
  }
}
getters(PoseBlend, view, 'offset', 'output', 'input');
getters(PoseBlend, size, 'bones');

/** Copies `pose` into `field` of `blend` unless it already is that view; returns its pointer. */
function stage(
  blend: PoseBlend,
  fn: string,
  name: string,
  pose: Float32Array,
  field: 'input' | 'target',
): Ptr {
  const n = 13 * size(blend, 'bones');
  const p = at(blend, field);
  const held = floats(fn, name, pose, n);
  if (held !== p) heapF32.set(fresh(pose, held, n), p >> 2);
  return p;
}

/** Stages `src` and `dst` for a transition; returns their pointers. */
function stagePair(blend: PoseBlend, fn: string, src: Float32Array, dst: Float32Array): [Ptr, Ptr] {
  const pd = stage(blend, fn, 'dst', dst, 'target'); // first: dst may be the input view that src goes to
  return [stage(blend, fn, 'src', src, 'input'), pd];
}

/**
 * What an update of `blend` (method `fn`, checked by `spec`) passes to C: `input` staged, the
 * blend's `setting` (its halflife or blend time, read once: what is checked is what C gets) and
 * its bones.
 */
function updateArgs(
  blend: PoseBlend,
  fn: string,
  spec: Spec,
  input: Float32Array,
  dt: number,
  setting: 'halflife' | 'blendtime',
): [Ptr, number, number] {
  const { sizes } = own(blend, fn);
  if (!isFiniteNonNegative(dt)) check(spec, input, dt);
  const value = (blend as unknown as Record<typeof setting, number>)[setting];
  nonNegative(fn, setting, value);
  return [stage(blend, fn, 'input', input, 'input'), value, sizes.bones];
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

  /**
   * An inertializer for `bones` bones, with no offset.
   * @param bones - (≥ 0) number of bones
   * @param options - (optional) each optional: `halflife` [s] (≥ 0) halflife of the offset's decay
   * @see the C function `sp_inertialize_pose_update` in c/sprung.h
   * @c sp_inertialize_pose_update bones=n options=?{halflife} *
   */
  constructor(bones: number, options?: PoseInertializerOptions) {
    super(S.PoseInertializer, bones, options);
    this.halflife = options?.halflife ?? 0.1;
    this.reset();
  }

  /**
   * Starts a blend from the pose `src` (what was playing) to `dst` (what plays now).
   * @param src - Float32Array of 13·n floats: the pose that was playing
   * @param dst - Float32Array of 13·n floats: the pose that plays now
   * @see the C function `sp_inertialize_pose_transition` in c/sprung.h
   * @c sp_inertialize_pose_transition *
   */
  transition(src: Float32Array, dst: Float32Array): this {
    const fn = 'PoseInertializer.transition';
    const { sizes } = own(this, fn);
    const [ps, pd] = stagePair(this, fn, src, dst);
    full.sp_inertialize_pose_transition(at(this, 'offset'), ps, pd, sizes.bones);
    return this;
  }

  /**
   * Decays the offset by `dt` seconds and writes `input + offset` to `output`, which it returns.
   * @param input - Float32Array of 13·n floats: the pose playing now
   * @param dt - [s] (≥ 0) time step
   * @see the C function `sp_inertialize_pose_update` in c/sprung.h
   * @c sp_inertialize_pose_update input=in *
   */
  update(input: Float32Array, dt: number): Float32Array {
    const fn = 'PoseInertializer.update';
    const [pi, h, bones] = updateArgs(this, fn, S.PoseInertializer_update, input, dt, 'halflife');
    full.sp_inertialize_pose_update(at(this, 'output'), at(this, 'offset'), pi, h, dt, bones);
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

  /**
   * An inertializer for `bones` bones, with no offset.
   * @param bones - (≥ 0) number of bones
   * @param options - (optional) each optional: `blendtime` [s] (≥ 0) duration of the blend
   * @see the C function `sp_inertialize_pose_cubic_transition` in c/sprung.h
   * @c sp_inertialize_pose_cubic_transition bones=n options=?{blendtime} *
   */
  constructor(bones: number, options?: CubicPoseInertializerOptions) {
    super(S.CubicPoseInertializer, bones, options, 1);
    this.blendtime = options?.blendtime ?? 0.2;
    this.reset();
  }

  /** Seconds since the last transition. */
  get time(): number {
    return view(this, 'time')[0];
  }

  /**
   * Starts a blend from the pose `src` (what was playing) to `dst` (what plays now).
   * @param src - Float32Array of 13·n floats: the pose that was playing
   * @param dst - Float32Array of 13·n floats: the pose that plays now
   * @see the C function `sp_inertialize_pose_cubic_transition` in c/sprung.h
   * @c sp_inertialize_pose_cubic_transition *
   */
  transition(src: Float32Array, dst: Float32Array): this {
    const fn = 'CubicPoseInertializer.transition';
    const { sizes } = own(this, fn);
    const blendtime = this.blendtime; // read once: checked is what C gets
    nonNegative(fn, 'blendtime', blendtime);
    const [ps, pd] = stagePair(this, fn, src, dst);
    full.sp_inertialize_pose_cubic_transition(
      at(this, 'offset'),
      at(this, 'time'),
      ps,
      pd,
      blendtime,
      sizes.bones,
    );
    return this;
  }

  /**
   * Advances the time by `dt` seconds and writes `input` + the decayed offset to `output`, which it returns.
   * @param input - Float32Array of 13·n floats: the pose playing now
   * @param dt - [s] (≥ 0) time step
   * @see the C function `sp_inertialize_pose_cubic_update` in c/sprung.h
   * @c sp_inertialize_pose_cubic_update input=in *
   */
  update(input: Float32Array, dt: number): Float32Array {
    const fn = 'CubicPoseInertializer.update';
    const [pi, b, bones] = updateArgs(this, fn, S.CubicPoseInertializer_update, input, dt, 'blendtime');
    const out = at(this, 'output'),
      off = at(this, 'offset');
    full.sp_inertialize_pose_cubic_update(out, at(this, 'time'), off, pi, b, dt, bones);
    return this.output;
  }
}
