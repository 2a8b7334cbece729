/**
 * A skeleton's forward kinematics and the two-bone IK of foot locking ("Code vs Data Driven
 * Displacement"), over poses in the pose layout ({@link poseLayout}: local transforms, bone
 * i's parent `parents[i]` < i).
 * @packageDocumentation
 */
import { heapF32, heapI32 } from './wasm.js';
import type { Vec3 } from './types.js';
import type { Ptr } from './gen/raw.js';
import { check, integer, ready, show } from './check.js';
import { floatCount, floats, fresh } from './arrays.js';
import { claim, put } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { Batch } from './batch.js';
import { at, getters, own, size, view } from './block.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

type Field = 'parents' | 'pose' | 'positions' | 'rotations' | 'velocities' | 'angularVelocities';

/** Checks a parents array: −1 for bone 0, in [0, i) for bone i. Returns it as an Int32Array. @internal */
export function checkParents(fn: string, name: string, parents: unknown): Int32Array {
  const p = parents as ArrayLike<unknown> | null;
  if (p === null || typeof p !== 'object' || typeof p.length !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be an array of parent indices, got ${show(p)}`);
  integer(fn, `${name}.length`, p.length, 1, 1 << 16);
  const out = new Int32Array(p.length);
  for (let i = 0; i < p.length; i++) {
    integer(fn, `${name}[${i}]`, p[i], i === 0 ? -1 : 0, i === 0 ? -1 : i - 1);
    out[i] = p[i] as number;
  }
  return out;
}

/** Copies `pose` into the `pose` field of `sk` (the C functions read it there); returns its pointer. */
function stage(sk: Skeleton, fn: string, pose: Float32Array, bones: number): Ptr {
  const n = 13 * bones;
  const held = floats(fn, 'pose', pose, n);
  heapF32.set(fresh(pose, held, n), at(sk, 'pose') >> 2);
  return at(sk, 'pose');
}

/**
 * A skeleton of `parents.length` bones: world positions and rotations (and velocities) of a
 * pose by forward kinematics, and the two-bone IK that plants a foot. Owns its arrays in
 * WASM memory; the results are views (read them again after other sprung calls). Call
 * `dispose()` when done.
 * @example
 * const skeleton = new Skeleton(parents);
 * skeleton.ikTwoBone(pose, ankle, lockedPoint, forward, 0.01); // the ankle reaches the point
 * skeleton.forwardKinematics(pose).positions; // x,y,z of every bone in the world
 */
export class Skeleton extends Batch<Field> {
  readonly #parents: Int32Array;

  /**
   * A skeleton with these parents.
   * @param parents - each bone's parent: −1 for bone 0, in [0, i) for bone i
   */
  constructor(parents: ArrayLike<number>) {
    ready('Skeleton');
    const p = checkParents('Skeleton', 'parents', parents);
    const n = p.length;
    super(
      'Skeleton',
      n,
      [
        ['positions', 3 * n],
        ['rotations', 4 * n],
        ['velocities', 3 * n],
        ['angularVelocities', 3 * n],
        ['pose', 13 * n],
        ['parents', n],
      ],
      'parents.length',
      { bones: n },
    );
    this.#parents = p;
    heapI32.set(p, at(this, 'parents') >> 2);
  }

  /** Number of bones. */
  declare readonly bones: number;
  /** Each bone's parent (a copy). */
  get parents(): Int32Array {
    own(this, 'Skeleton.parents');
    return this.#parents.slice();
  }
  /** World positions, x,y,z per bone, from the last {@link Skeleton.forwardKinematics}. */
  declare readonly positions: Float32Array;
  /** World rotations, x,y,z,w per bone. */
  declare readonly rotations: Float32Array;
  /** World velocities, x,y,z per bone (metres per second). */
  declare readonly velocities: Float32Array;
  /** World angular velocities, x,y,z per bone (radians per second). */
  declare readonly angularVelocities: Float32Array;

  /**
   * World positions, rotations, velocities and angular velocities of every bone of `pose`
   * (13·bones floats), into {@link Skeleton.positions} and the other views.
   * @param pose - Float32Array of 13·bones floats: (any) the pose
   * @see the C function `sp_forward_kinematics` in c/sprung.h
   * @c sp_forward_kinematics *
   */
  forwardKinematics(pose: Float32Array): this {
    const fn = 'Skeleton.forwardKinematics';
    const bones = own(this, fn).sizes.bones;
    if (!(pose instanceof Float32Array)) check(S.Skeleton_forwardKinematics, pose);
    const p = stage(this, fn, pose, bones);
    full.sp_forward_kinematics(
      at(this, 'positions'),
      at(this, 'rotations'),
      at(this, 'velocities'),
      at(this, 'angularVelocities'),
      p,
      at(this, 'parents'),
      bones,
    );
    return this;
  }

  /**
   * Two-bone IK on `pose` (updated in place and returned): turns the local rotations of the
   * parent and grandparent of `bone` (hip and knee for an ankle) so that `bone` reaches
   * `target` in the world, or points at it fully extended less `maxLengthBuffer`. The middle
   * joint bends in the plane it bends in now, on the side of `pole` (a chain bent the other way
   * bends through straight); within about 12° of straight the plane turns toward that of the
   * chain and `pole`. Pass the knee's own forward ({@link Skeleton.hingeAxis}) as the pole.
   * @param pose - Float32Array of 13·bones floats: the pose (updated in place)
   * @param bone - (≥ 0) the end of the chain; its parent and grandparent turn (none outside the skeleton)
   * @param target - [m] the world position `bone` should reach
   * @param pole - the world direction the middle joint bends toward (a knee's forward)
   * @param maxLengthBuffer - [m] (≥ 0) how far short of full extension the chain stops
   * @see the C function `sp_ik_two_bone` in c/sprung.h
   * @c sp_ik_two_bone *
   */
  ikTwoBone(
    pose: Float32Array,
    bone: number,
    target: Vec3,
    pole: Vec3,
    maxLengthBuffer: number,
  ): Float32Array {
    const fn = 'Skeleton.ikTwoBone';
    const bones = own(this, fn).sizes.bones;
    check(S.Skeleton_ikTwoBone, pose, bone, target, pole, maxLengthBuffer);
    integer(fn, 'bone', bone, 0, bones - 1);
    const n = 13 * bones;
    const held = floats(fn, 'pose', pose, n);
    // the vectors first: their getters may call sprung, this skeleton's methods included
    const f = claim();
    put(f, target, 3);
    put(plus(f, 4), pole, 3);
    const p = stage(this, fn, pose, bones);
    full.sp_ik_two_bone(p, at(this, 'parents'), bones, bone, f, plus(f, 4), maxLengthBuffer);
    fresh(pose, held, n).set(heapF32.subarray(p >> 2, (p >> 2) + n));
    return pose;
  }

  /**
   * The axis the middle joint of the chain ending at `bone` bends about (a knee's hinge), in the
   * middle bone's own frame, found from poses of this skeleton: the mean of the chain's normal
   * over the poses, the most bent counting most. In a pose, the middle bone's world rotation
   * times this axis, crossed with the root-to-end direction, is the direction the joint bends
   * toward: a `pole` for {@link Skeleton.ikTwoBone} that turns with the leg (what
   * MotionController passes).
   * @param poses - Float32Array of 13·bones·frames floats: the poses, one after another
   * @param bone - (≥ 0) the end of the chain (it needs a parent and a grandparent)
   * @returns the unit axis, or null when no pose bends the chain
   * @see the C function `sp_ik_hinge_axis` in c/sprung.h
   * @c sp_ik_hinge_axis -frames -out_axis *
   */
  hingeAxis(poses: Float32Array, bone: number): Vec3 | null {
    const fn = 'Skeleton.hingeAxis';
    const bones = own(this, fn).sizes.bones;
    check(S.Skeleton_hingeAxis, poses, bone);
    integer(fn, 'bone', bone, 0, bones - 1);
    const stride = 13 * bones;
    const held = floats(fn, 'poses', poses, 0);
    const n = floatCount(poses);
    if (n % stride !== 0)
      throw new RangeError(
        `sprung.${fn}: poses must hold whole poses of 13·bones = ${stride} floats, got ${n} floats`,
      );
    const p = workBuffer(fn, 'poses', n);
    heapF32.set(fresh(poses, held, n), p >> 2);
    const out = claim();
    const found = full.sp_ik_hinge_axis(out, p, n / stride, at(this, 'parents'), bones, bone);
    if (!found) return null;
    const h = heapF32.subarray(out >> 2, (out >> 2) + 3);
    return { x: h[0], y: h[1], z: h[2] };
  }
}
getters(Skeleton, view, 'positions', 'rotations', 'velocities', 'angularVelocities');
getters(Skeleton, size, 'bones');
