/**
 * A three.js `AnimationClip` on a skeleton as a clip in the pose layout (see
 * {@link clipFromThree}), so that glTF, FBX or BVH animations feed a motion database.
 * Duck-typed: three.js is never imported. Needs no {@link init}.
 * @packageDocumentation
 */
import type { Quat, Vec3 } from './types.js';
import { MAX_F, integer, options as optionsOf, positiveOption, show } from './check.js';
import {
  beyondFloatRange,
  buildClip,
  qmul,
  qrot,
  qslerp,
  simulationOptions,
  worldTransforms,
  type Frames,
  type ImportedMotion,
  type SimulationBoneOptions,
} from './motion_clip.js';

/** A bone as three.js has it (`THREE.Bone`): a name, a parent, a local position and rotation. */
export interface BoneLike {
  name: string;
  parent: object | null;
  position: Vec3;
  quaternion: Quat;
  uuid?: string;
}

/** An object above the bones (`THREE.Object3D`: a glTF's armature node): its parent and local transform. */
export interface NodeLike {
  parent: object | null;
  position: Vec3;
  quaternion: Quat;
  /** Its scale (uniform: x is read). */
  scale?: Vec3;
}

/** A keyframe track as three.js has it (`THREE.KeyframeTrack`). */
export interface TrackLike {
  /** `node.position` or `node.quaternion` (`.bones[node].quaternion` too); other properties are ignored. */
  name: string;
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** three.js's own interpolant (any interpolation, glTF's cubic splines included); without it, linear and slerp. */
  createInterpolant?: () => { evaluate(time: number): ArrayLike<number> };
}

/** An animation clip as three.js has it (`THREE.AnimationClip`). */
export interface AnimationClipLike {
  name: string;
  duration: number;
  tracks: readonly TrackLike[];
}

/** Options of {@link clipFromThree}. */
export interface ThreeClipOptions {
  /**
   * The clip's bones: output name → the three.js bone's name. They come depth-first from the
   * root, children in the skeleton's order; each one's parent is its nearest mapped ancestor,
   * and one of them must be above all the others. Default: every bone but the End Sites,
   * under its own name (a name that repeats gets `_2`, `_3`…).
   */
  bones?: Record<string, string>;
  /** Keep the End Sites when `bones` is not given: the leaf bones named `ENDSITE` (a BVH
   *  file's End Sites, as three.js's `BVHLoader` names them) or ending in `End` or `_end`
   *  (Mixamo's `HeadTop_End`, Blender's leaf bones). They mark where a limb ends and carry no
   *  motion of their own; default false. */
  endSites?: boolean;
  /** Frames per second to sample at; default 60. */
  frameRate?: number;
  /** Metres per unit of the skeleton (of `root`'s space, when given); default 1. CMU's BVH
   *  files read by `BVHLoader`: 0.056444. */
  scale?: number;
  /**
   * Seconds into the clip of the first frame (a reference T-pose at the start can be
   * skipped: `1 / 120` leaves out the first key of a 120 Hz BVH file, as {@link parseBvh}'s
   * `start: 1` does); default 0. A clip whose tracks all share keys at one constant rate
   * (motion capture, a `BVHLoader` clip) is sampled as {@link parseBvh} samples a file: its
   * keys are frames at that rate, rounded to a whole number of hertz when within 0.01 of one
   * (CMU's `0.008333` s are 120 Hz), so that both importers give the same frames.
   */
  start?: number;
  /** Seconds into the clip of its end; default the clip's duration. */
  end?: number;
  /**
   * An ancestor of the bones (a glTF's `gltf.scene`) in whose space the clip is made: the
   * transforms of the objects between it and the root bone (an armature node's rotation and
   * scale, as Mixamo's glTF files have: Z up in centimetres) are applied, so that the clip is
   * Y up in `root`'s units. The same object that {@link bindSkeleton} places on the ground.
   * Default: the root bone's parent (what is above the root bone is ignored).
   */
  root?: object;
  /** The most frames the clip may have: a clip (a player's file) that would make more is
   *  refused before anything is allocated. Default 100,000 (28 minutes at 60 Hz). */
  maxFrames?: number;
  /**
   * Where the root comes from, bones by their output names; the default forward axis is the
   * bone's axis that points to +Z in the pose the skeleton has when called.
   */
  simulation?: SimulationBoneOptions;
}

/** {@link ThreeClipOptions.maxFrames}'s default. */
const MAX_FRAMES = 100_000;
/** The most floats of poses a clip may hold (1 GiB of Float32Array): frames × 13·bones. */
const MAX_FLOATS = 2 ** 28;

/** The names of End Sites (of leaf bones). */
const END_SITE = /^ENDSITE$|(?:_end|End)$/;

/** A sampler writing a track's value at a time into the frame's locals. */
interface Sampler {
  bone: number;
  rotation: boolean;
  track: number;
  sample: (t: number, out: Float64Array, o: number) => void;
}

/**
 * Samples a three.js animation clip on a skeleton into a clip in the pose layout, with the
 * simulation bone of Holden's Motion-Matching as bone 0 (as {@link parseBvh} makes it). Each
 * bone's local position and rotation come from its `.position` and `.quaternion` tracks
 * (sampled by the track's own interpolant when it has one, else linearly and by slerp,
 * held beyond the ends), or stay as the bone has them; bone scales and scale tracks are
 * ignored, and so is anything above the skeleton's root bone (its placement in the scene)
 * unless `options.root` is given. Call `skeleton.pose()` first to put untracked bones in the
 * bind pose. End Sites are left out (see {@link ThreeClipOptions.endSites}).
 *
 * The clip is untrusted data: its frame count is bounded by `options.maxFrames` before
 * anything is allocated, and a time or value that is not finite, a rotation of length 0,
 * keys out of order, or a result beyond float range is refused with an error naming the
 * track and key, or the bone.
 * @param clip - a `THREE.AnimationClip` (or its shape)
 * @param skeleton - a `THREE.Skeleton`, or its array of bones; parents before children is not required
 * @param options - bone map, End Sites, frame rate, units, time range, root and simulation bone (see {@link ThreeClipOptions})
 * @returns the skeleton, the frame rate and the clip
 * @example
 * // gltf = await new GLTFLoader().loadAsync('character.glb'), say
 * const mesh = gltf.scene.getObjectByProperty('type', 'SkinnedMesh');
 * const walk = clipFromThree(gltf.animations[0], mesh.skeleton, {
 *   bones: { Hips: 'mixamorigHips', LeftFoot: 'mixamorigLeftFoot', RightFoot: 'mixamorigRightFoot' },
 *   root: gltf.scene,
 * });
 * // three.js's BVHLoader on a CMU file, the same frames as parseBvh(text, { scale: 0.056444, start: 1 }):
 * const bvh = new BVHLoader().parse(text);
 * const take = clipFromThree(bvh.clip, bvh.skeleton, { scale: 0.056444, start: 1 / 120 });
 */
export function clipFromThree(
  clip: AnimationClipLike,
  skeleton: { bones: readonly BoneLike[] } | readonly BoneLike[],
  options?: ThreeClipOptions,
): ImportedMotion {
  const fn = 'clipFromThree';
  if (typeof clip !== 'object' || clip === null || !Array.isArray(clip.tracks))
    throw new TypeError(
      `sprung.${fn}: clip must be an AnimationClip (an object with tracks), got ${show(clip)}`,
    );
  const all = Array.isArray(skeleton) ? skeleton : (skeleton as { bones?: unknown } | null)?.bones;
  if (!Array.isArray(all) || all.length === 0)
    throw new TypeError(
      `sprung.${fn}: skeleton must be a Skeleton or an array of bones, got ${show(skeleton)}`,
    );
  const o = optionsOf(fn, 'options', options) as ThreeClipOptions;
  const rate = positiveOption(fn, o, 'frameRate', 60);
  const scale = positiveOption(fn, o, 'scale', 1);
  const maxFrames = o.maxFrames ?? MAX_FRAMES;
  integer(fn, 'options.maxFrames', maxFrames, 1);
  if (o.endSites !== undefined && typeof o.endSites !== 'boolean')
    throw new TypeError(`sprung.${fn}: options.endSites must be a boolean, got ${show(o.endSites)}`);
  if (typeof clip.duration !== 'number' || !(clip.duration >= 0 && clip.duration < Infinity))
    throw new RangeError(
      `sprung.${fn}: clip.duration must be a finite number ≥ 0, got ${show(clip.duration)}`,
    );

  // ---- the skeleton: every bone, depth-first from each root, children in the skeleton's order
  all.forEach((b, i) => {
    const ok =
      typeof b === 'object' &&
      b !== null &&
      typeof b.name === 'string' &&
      typeof b.position === 'object' &&
      b.position !== null &&
      typeof b.quaternion === 'object' &&
      b.quaternion !== null;
    if (!ok)
      throw new TypeError(
        `sprung.${fn}: skeleton bone ${i} must be a Bone (name, parent, position, quaternion), got ${show(b)}`,
      );
  });
  const members = new Set<object>(all);
  const children = new Map<object, BoneLike[]>();
  for (const b of all)
    if (members.has(b.parent as object)) {
      const list = children.get(b.parent as object);
      if (list) list.push(b);
      else children.set(b.parent as object, [b]);
    }
  const bones: BoneLike[] = [];
  // depth-first with a stack (a chain of 20,000 bones is read like any other)
  for (const top of all) {
    if (members.has(top.parent as object)) continue;
    const stack = [top];
    while (stack.length > 0) {
      const b = stack.pop()!;
      bones.push(b);
      const c = children.get(b);
      if (c) for (let k = c.length - 1; k >= 0; k--) stack.push(c[k]);
    }
  }
  if (bones.length !== all.length)
    throw new RangeError(`sprung.${fn}: skeleton's bones must form a tree (a bone is its own ancestor)`);
  const n = bones.length;
  const index = new Map(bones.map((b, i) => [b, i]));
  const parentsAll = Int32Array.from(bones, (b) => index.get(b.parent as BoneLike) ?? -1);
  // the rest pose: each bone's own transform, checked
  const restP = new Float64Array(3 * n);
  const restQ = new Float64Array(4 * n);
  bones.forEach((b, i) => {
    const { position: p, quaternion: q } = b;
    const values = [p.x, p.y, p.z, q.x, q.y, q.z, q.w];
    const bad = values.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
    if (bad >= 0)
      throw new RangeError(
        `sprung.${fn}: skeleton bone ${JSON.stringify(b.name)}: ${bad < 3 ? 'position' : 'quaternion'}.${'xyzxyzw'[bad]} must be a finite number, got ${show(values[bad])}`,
      );
    restP.set(values.slice(0, 3), 3 * i);
    if (!unit(restQ, 4 * i, values, 3))
      throw new RangeError(
        `sprung.${fn}: skeleton bone ${JSON.stringify(b.name)}: its quaternion has no length (${values.slice(3).join(', ')})`,
      );
  });
  // above each root bone: the transforms between it and options.root
  const chains = bones.map((b, i) => (parentsAll[i] < 0 ? chainOf(fn, b, o.root) : null));

  // ---- the tracks of the skeleton's bones, by bone and property; each key checked
  // a track names its bone as three.js's PropertyBinding finds it: by name (the first of that name) or uuid
  const byName = new Map<string, number>();
  bones.forEach((b, i) => byName.has(b.name) || byName.set(b.name, i));
  const byUuid = new Map(bones.map((b, i) => [b.uuid, i]));
  const samplers: Sampler[] = [];
  clip.tracks.forEach((track, k) => {
    const m =
      typeof track?.name === 'string'
        ? /^(?:\.bones\[(.+)\]|(.*))\.(position|quaternion)$/.exec(track.name)
        : null;
    if (!m) return;
    const node = m[1] ?? m[2];
    const bone = byName.get(node) ?? byUuid.get(node);
    if (bone === undefined) return; // a track of another object (a mesh, a camera)
    const size = m[3] === 'position' ? 3 : 4;
    checkTrack(fn, track, k, size);
    samplers.push({ bone, rotation: size === 4, track: k, sample: sampler(track, size) });
  });

  // ---- the output bones: the map's, in that order, each under its nearest mapped ancestor
  const chosen = new Map<number, string>();
  if (o.bones === undefined) {
    const used = new Map<string, number>();
    bones.forEach((b, i) => {
      if (o.endSites !== true && !children.has(b) && END_SITE.test(b.name)) return;
      const k = (used.get(b.name) ?? 0) + 1;
      used.set(b.name, k);
      chosen.set(i, k === 1 ? b.name : `${b.name}_${k}`);
    });
  } else {
    const map = o.bones;
    if (typeof map !== 'object' || map === null)
      throw new TypeError(
        `sprung.${fn}: options.bones must be an object (output name → bone name), got ${show(map)}`,
      );
    for (const [out, src] of Object.entries(map)) {
      const i = byName.get(src as string);
      if (typeof src !== 'string' || i === undefined)
        throw new RangeError(
          `sprung.${fn}: options.bones.${out} names no bone of the skeleton: ${show(src)}`,
        );
      if (chosen.has(i))
        throw new RangeError(
          `sprung.${fn}: options.bones.${out} names the bone of options.bones.${chosen.get(i)}: ${show(src)}`,
        );
      chosen.set(i, out);
    }
  }
  if (chosen.size === 0) throw new RangeError(`sprung.${fn}: options.bones maps no bone`);
  const order = [...chosen.keys()].sort((a, b) => a - b);
  const slot = new Map(order.map((b, i) => [b, i]));
  const parents = Int32Array.from(order, (b) => {
    let p = parentsAll[b];
    while (p >= 0 && !slot.has(p)) p = parentsAll[p];
    return p < 0 ? -1 : slot.get(p)!;
  });
  const names = order.map((b) => chosen.get(b)!);
  const orphan = parents.indexOf(-1, 1);
  if (orphan > 0)
    throw new RangeError(
      `sprung.${fn}: bone ${names[orphan]} is not under ${names[0]}: the bones must have one root (check options.bones)`,
    );
  const sim = simulationOptions(fn, o.simulation, names);

  // ---- the frames: times, bounded before anything is allocated
  const time = timeline(fn, clip, samplers, o);
  const span = time.end - time.start;
  const count = Math.floor(span * rate + 1e-9) + 1;
  if (!(count <= maxFrames))
    throw new RangeError(
      `sprung.${fn}: ${span} s of clip ${show(clip.name)} at ${rate} Hz (options.frameRate) make ` +
        `${count} frames, more than options.maxFrames (${maxFrames})`,
    );
  const m = order.length;
  if (count * 13 * (m + 1) > MAX_FLOATS)
    throw new RangeError(
      `sprung.${fn}: ${count} frames of ${m + 1} bones are ${count * 13 * (m + 1)} floats of poses, ` +
        `more than ${MAX_FLOATS} (1 GiB): lower options.frameRate or map fewer bones (options.bones)`,
    );

  // ---- each frame: the locals, the world transforms, the mapped bones relative to their mapped parents
  const local: Frames = {
    count: 1,
    rate,
    positions: new Float64Array(3 * n),
    rotations: new Float64Array(4 * n),
  };
  const out: Frames = {
    count,
    rate,
    positions: new Float64Array(count * m * 3),
    rotations: new Float64Array(count * m * 4),
  };
  const pos = new Float64Array(3 * n);
  const rot = new Float64Array(4 * n);
  const d = new Float64Array(3);
  /** The skeleton's locals at time t (the rest pose when `t` is NaN), chains applied, into `local`. */
  const pose = (t: number): void => {
    local.positions.set(restP);
    local.rotations.set(restQ);
    if (!Number.isNaN(t))
      for (const s of samplers) {
        const at = s.rotation ? 4 * s.bone : 3 * s.bone;
        const target = s.rotation ? local.rotations : local.positions;
        s.sample(t, target, at);
        if (s.rotation ? !unit(target, at, target, at) : !finite(target, at, 3))
          throw new RangeError(
            `sprung.${fn}: track ${s.track} (${clip.tracks[s.track].name}) at ${t} s: ` +
              (s.rotation ? 'the rotation sampled has no length' : 'the position sampled is not finite'),
          );
      }
    chains.forEach((c, b) => {
      if (!c) return;
      // the root bone in root's space, in units of the bones: chain·(p, q), positions / chain's scale
      qrot(d, 0, c.q, 0, local.positions, 3 * b);
      for (let k = 0; k < 3; k++) local.positions[3 * b + k] = c.p[k] / c.s + d[k];
      qmul(local.rotations, 4 * b, c.q, 0, local.rotations, 4 * b);
    });
    worldTransforms(parentsAll, local, 0, pos, rot);
  };
  const units = scale * (chains.find((c) => c !== null)?.s ?? 1);
  for (let f = 0; f < count; f++) {
    pose(time.at(time.start + f / rate));
    order.forEach((b, i) => {
      const p = parents[i] < 0 ? -1 : order[parents[i]];
      const k = f * m + i;
      if (p < 0) {
        d.set(pos.subarray(3 * b, 3 * b + 3));
        out.rotations.set(rot.subarray(4 * b, 4 * b + 4), 4 * k);
      } else {
        for (let c = 0; c < 3; c++) d[c] = pos[3 * b + c] - pos[3 * p + c];
        qrot(d, 0, rot, 4 * p, d, 0, true);
        qmul(out.rotations, 4 * k, rot, 4 * p, rot, 4 * b, true);
      }
      for (let c = 0; c < 3; c++) out.positions[3 * k + c] = d[c] * units;
    });
  }

  if (o.simulation?.forward === undefined) {
    // the axis of the direction bone that points to +Z in the skeleton's current pose
    pose(NaN);
    qrot(d, 0, rot, 4 * order[sim.direction], [0, 0, 1], 0, true);
    sim.forward = Array.from(d);
  }
  const motion = buildClip(typeof clip.name === 'string' ? clip.name : 'clip', parents, names, out, sim);
  const bad = beyondFloatRange(motion);
  if (bad)
    // a value beyond float range (positions of 1e300, options.scale 1e300), named by its bone and frame
    throw new RangeError(
      `sprung.${fn}: frame ${bad.frame} (${time.start + bad.frame / rate} s): ${bad.what} is beyond float range ` +
        `(options.scale ${scale}, ${rate} frames a second)`,
    );
  return motion;
}

/** out[o..o+4) = values[i..i+4) normalised; false when it has no length (or is not finite). */
function unit(out: Float64Array, o: number, values: ArrayLike<number>, i: number): boolean {
  const x = values[i],
    y = values[i + 1],
    z = values[i + 2],
    w = values[i + 3];
  const len = Math.hypot(x, y, z, w);
  if (!(len > 0 && len < Infinity)) return false;
  out[o] = x / len;
  out[o + 1] = y / len;
  out[o + 2] = z / len;
  out[o + 3] = w / len;
  return true;
}

/** Whether a[o..o+n) are finite numbers. */
function finite(a: ArrayLike<number>, o: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (!Number.isFinite(a[o + k])) return false;
  return true;
}

/**
 * The transform from `root` (an ancestor of `bone`) down to `bone`'s parent: position p (in
 * root's units), rotation q, uniform scale s; identity without a root.
 */
function chainOf(fn: string, bone: BoneLike, root: unknown): { p: Float64Array; q: Float64Array; s: number } {
  const c = { p: new Float64Array(3), q: Float64Array.of(0, 0, 0, 1), s: 1 };
  if (root === undefined) return c;
  if (typeof root !== 'object' || root === null)
    throw new TypeError(
      `sprung.${fn}: options.root must be an object (an ancestor of the bones), got ${show(root)}`,
    );
  const path: NodeLike[] = [];
  const seen = new Set<object>();
  for (let node = bone.parent as NodeLike | null; node !== root; node = node.parent as NodeLike | null) {
    if (typeof node !== 'object' || node === null || seen.has(node))
      throw new RangeError(
        `sprung.${fn}: options.root is not an ancestor of bone ${JSON.stringify(bone.name)}`,
      );
    seen.add(node);
    path.push(node);
  }
  const q = new Float64Array(4);
  const v = new Float64Array(3);
  // from the root down: p ← p + q·(s·node.p), q ← q·node.q, s ← s·node.s
  for (let k = path.length - 1; k >= 0; k--) {
    const node = path[k];
    const s = node.scale ? node.scale.x : 1;
    const values = [node.position?.x, node.position?.y, node.position?.z, s];
    const ok =
      values.every((x) => typeof x === 'number' && Number.isFinite(x)) &&
      s > 0 &&
      (!node.scale || (node.scale.y === s && node.scale.z === s)) &&
      typeof node.quaternion === 'object' &&
      node.quaternion !== null &&
      unit(q, 0, [node.quaternion.x, node.quaternion.y, node.quaternion.z, node.quaternion.w], 0);
    if (!ok)
      throw new RangeError(
        `sprung.${fn}: the objects between options.root and the bones must have finite transforms and ` +
          `uniform scales > 0, got position ${show(node.position)}, quaternion ${show(node.quaternion)}, scale ${show(node.scale)}`,
      );
    qrot(v, 0, c.q, 0, [c.s * values[0]!, c.s * values[1]!, c.s * values[2]!], 0);
    for (let i = 0; i < 3; i++) c.p[i] += v[i];
    qmul(c.q, 0, c.q, 0, q, 0);
    c.s *= s;
  }
  return c;
}

/** Throws unless track k's times are finite and in order and its values finite (rotations of some length). */
function checkTrack(fn: string, track: TrackLike, k: number, size: number): void {
  const { times, values } = track;
  const n = times?.length;
  if (typeof n !== 'number' || n === 0 || values?.length !== n * size)
    throw new RangeError(
      `sprung.${fn}: track ${k} (${track.name}) must have ${size} values per time, got ${values?.length} values for ${n} times`,
    );
  const key = (i: number): string => `sprung.${fn}: track ${k} (${track.name}) key ${i}`;
  for (let i = 0; i < n; i++) {
    const t = times[i];
    if (typeof t !== 'number' || !Number.isFinite(t))
      throw new RangeError(`${key(i)}: its time must be a finite number, got ${show(t)}`);
    if (i > 0 && t < times[i - 1])
      throw new RangeError(`${key(i)}: its time ${t} s is before the key before it (${times[i - 1]} s)`);
    let len = 0;
    for (let c = 0; c < size; c++) {
      const v = values[i * size + c];
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new RangeError(`${key(i)}: value ${c} must be a finite number, got ${show(v)}`);
      len += v * v;
    }
    if (size === 4 && !(len > 0 && len < Infinity))
      throw new RangeError(`${key(i)}: the rotation has no length`);
    if (size === 3 && !(Math.sqrt(len) <= MAX_F))
      throw new RangeError(`${key(i)}: the position is beyond float range`);
  }
}

/** A function writing track `track`'s value at a time (`size` floats) into out[o..). */
function sampler(track: TrackLike, size: number): (t: number, out: Float64Array, o: number) => void {
  if (typeof track.createInterpolant === 'function') {
    const interpolant = track.createInterpolant();
    return (t, out, o) => {
      const v = interpolant.evaluate(t);
      for (let c = 0; c < size; c++) out[o + c] = v[c];
    };
  }
  const { times, values } = track;
  const n = times.length;
  let i = 0; // the key at or before the last time sampled (samples come in order)
  return (t, out, o) => {
    if (t < times[i]) i = 0;
    while (i < n - 1 && times[i + 1] <= t) i++;
    const j = Math.min(i + 1, n - 1);
    const a = j === i ? 0 : Math.min(1, Math.max(0, (t - times[i]) / (times[j] - times[i])));
    if (size === 4) qslerp(out, o, values, 4 * i, 4 * j, a);
    else
      for (let c = 0; c < 3; c++)
        out[o + c] = values[3 * i + c] + a * (values[3 * j + c] - values[3 * i + c]);
  };
}

/**
 * The clip's timeline: `start` and `end` (nominal seconds, checked) and `at(t)`, the time of
 * the tracks to sample for nominal time t. When every track has the same keys at one constant
 * rate (within 1 % of a key's spacing), the keys are frames at that rate, rounded as
 * parseBvh rounds a file's (a whole number of hertz when within 0.01 of one), and a nominal
 * time between two frames is that fraction of the way between their keys.
 */
function timeline(
  fn: string,
  clip: AnimationClipLike,
  samplers: readonly Sampler[],
  o: ThreeClipOptions,
): { start: number; end: number; at: (t: number) => number } {
  let keys: ArrayLike<number> | null = null;
  let rate = 0;
  const first = samplers.length ? clip.tracks[samplers[0].track].times : null;
  if (first && first.length > 1) {
    const n = first.length;
    const spacing = (first[n - 1] - first[0]) / (n - 1);
    let uniform = spacing > 0;
    for (let i = 0; uniform && i < n; i++)
      uniform = Math.abs(first[i] - first[0] - i * spacing) <= 0.01 * spacing;
    for (const s of samplers) {
      const t = clip.tracks[s.track].times;
      if (!uniform) break;
      uniform = t.length === n && (t === first || Array.prototype.every.call(t, (x, i) => x === first[i]));
    }
    if (uniform) {
      keys = first;
      const exact = 1 / spacing;
      rate = exact >= 1 && Math.abs(exact - Math.round(exact)) < 0.01 ? Math.round(exact) : exact;
    }
  }
  const duration = keys ? keys[0] + (keys.length - 1) / rate : clip.duration;
  const start = o.start ?? 0;
  if (typeof start !== 'number' || !(start >= 0 && start <= duration))
    throw new RangeError(
      `sprung.${fn}: options.start must be a number in [0, ${duration}] (seconds of the clip), got ${show(start)}`,
    );
  const end = o.end ?? duration;
  if (typeof end !== 'number' || !(end >= start && end <= Math.max(duration, clip.duration)))
    throw new RangeError(
      `sprung.${fn}: options.end must be a number in [${start}, ${Math.max(duration, clip.duration)}] (seconds of the clip), got ${show(end)}`,
    );
  if (!keys) return { start, end, at: (t) => t };
  const k = keys;
  const last = k.length - 1;
  return {
    start,
    end,
    at: (t) => {
      const x = Math.max(0, Math.min(last, (t - k[0]) * rate));
      const i = Math.min(Math.floor(x), last - 1);
      return k[i] + (x - i) * (k[i + 1] - k[i]);
    },
  };
}
