/**
 * A three.js `AnimationClip` on a skeleton as a clip in the pose layout (see
 * {@link clipFromThree}), so that glTF or FBX animations feed a motion database. Duck-typed:
 * three.js is never imported. Needs no {@link init}.
 * @packageDocumentation
 */
import type { Quat, Vec3 } from './types.js';
import { options as optionsOf, positiveOption, show } from './check.js';
import {
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
   * and one of them must be above all the others. Default: every bone, under its own name.
   */
  bones?: Record<string, string>;
  /** Frames per second to sample at; default 60. */
  frameRate?: number;
  /** Metres per unit of the skeleton; default 1. */
  scale?: number;
  /**
   * Where the root comes from, bones by their output names; the default forward axis is the
   * bone's axis that points to +Z in the pose the skeleton has when called.
   */
  simulation?: SimulationBoneOptions;
}

/**
 * Samples a three.js animation clip on a skeleton into a clip in the pose layout, with the
 * simulation bone of Holden's Motion-Matching as bone 0 (as {@link parseBvh} makes it). Each
 * bone's local position and rotation come from its `.position` and `.quaternion` tracks
 * (sampled by the track's own interpolant when it has one, else linearly and by slerp,
 * held beyond the ends), or stay as the bone has them; bone scales and scale tracks are
 * ignored, and so is anything above the skeleton's root bone (its placement in the scene).
 * Call `skeleton.pose()` first to put untracked bones in the bind pose.
 * @param clip - a `THREE.AnimationClip` (or its shape)
 * @param skeleton - a `THREE.Skeleton`, or its array of bones; parents before children is not required
 * @param options - bone map, frame rate, units and simulation bone (see {@link ThreeClipOptions})
 * @returns the skeleton, the frame rate and the clip
 * @example
 * // gltf = await new GLTFLoader().loadAsync('character.glb'), say
 * const mesh = gltf.scene.getObjectByProperty('type', 'SkinnedMesh');
 * const walk = clipFromThree(gltf.animations[0], mesh.skeleton, {
 *   bones: { Hips: 'mixamorigHips', LeftFoot: 'mixamorigLeftFoot', RightFoot: 'mixamorigRightFoot' },
 * });
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
  if (typeof clip.duration !== 'number' || !(clip.duration >= 0 && clip.duration < Infinity))
    throw new RangeError(
      `sprung.${fn}: clip.duration must be a finite number ≥ 0, got ${show(clip.duration)}`,
    );

  // every bone of the skeleton, depth-first from each root, children in the skeleton's order
  all.forEach((b, i) => {
    const ok =
      typeof b === 'object' &&
      b !== null &&
      typeof b.name === 'string' &&
      typeof b.position === 'object' &&
      typeof b.quaternion === 'object';
    if (!ok)
      throw new TypeError(
        `sprung.${fn}: skeleton bone ${i} must be a Bone (name, parent, position, quaternion), got ${show(b)}`,
      );
  });
  const bones: BoneLike[] = [];
  const visit = (b: BoneLike): void => {
    bones.push(b);
    for (const c of all) if (c.parent === b) visit(c);
  };
  for (const b of all) if (!all.includes(b.parent as BoneLike)) visit(b);
  const index = new Map(bones.map((b, i) => [b, i]));
  const parentsAll = Int32Array.from(bones, (b) => index.get(b.parent as BoneLike) ?? -1);

  // the output bones: the map's, in that order, each under its nearest mapped ancestor
  // a track names its bone as three.js's PropertyBinding finds it: by name (the first of that name) or uuid
  const byName = new Map<string, number>();
  bones.forEach((b, i) => byName.has(b.name) || byName.set(b.name, i));
  const map = o.bones ?? Object.fromEntries(bones.map((b) => [b.name, b.name]));
  if (typeof map !== 'object' || map === null)
    throw new TypeError(
      `sprung.${fn}: options.bones must be an object (output name → bone name), got ${show(map)}`,
    );
  const chosen = new Map<number, string>();
  for (const [out, src] of Object.entries(map)) {
    const i = byName.get(src as string);
    if (typeof src !== 'string' || i === undefined)
      throw new RangeError(`sprung.${fn}: options.bones.${out} names no bone of the skeleton: ${show(src)}`);
    if (chosen.has(i))
      throw new RangeError(
        `sprung.${fn}: options.bones.${out} names the bone of options.bones.${chosen.get(i)}: ${show(src)}`,
      );
    chosen.set(i, out);
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

  // the tracks of the skeleton's bones, by bone and property
  const samplers: {
    bone: number;
    rotation: boolean;
    sample: (t: number, out: Float64Array, o: number) => void;
  }[] = [];
  const byUuid = new Map(bones.map((b, i) => [b.uuid, i]));
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
    samplers.push({ bone, rotation: size === 4, sample: sampler(fn, track, k, size) });
  });

  const n = bones.length;
  const count = Math.floor(clip.duration * rate + 1e-9) + 1;
  const frames: Frames = {
    count,
    rate,
    positions: new Float64Array(count * n * 3),
    rotations: new Float64Array(count * n * 4),
  };
  for (let f = 0; f < count; f++) {
    for (let b = 0; b < n; b++) {
      const { position: p, quaternion: q } = bones[b];
      frames.positions.set([p.x, p.y, p.z], 3 * (f * n + b));
      frames.rotations.set([q.x, q.y, q.z, q.w], 4 * (f * n + b));
    }
    for (const s of samplers) {
      if (s.rotation) s.sample(f / rate, frames.rotations, 4 * (f * n + s.bone));
      else s.sample(f / rate, frames.positions, 3 * (f * n + s.bone));
    }
  }

  // the mapped bones' transforms relative to their mapped parents
  const m = order.length;
  const out: Frames = {
    count,
    rate,
    positions: new Float64Array(count * m * 3),
    rotations: new Float64Array(count * m * 4),
  };
  const pos = new Float64Array(3 * n);
  const rot = new Float64Array(4 * n);
  const d = new Float64Array(3);
  for (let f = 0; f < count; f++) {
    worldTransforms(parentsAll, frames, f, pos, rot);
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
      for (let c = 0; c < 3; c++) out.positions[3 * k + c] = d[c] * scale;
    });
  }

  const sim = simulationOptions(fn, o.simulation, names);
  if (o.simulation?.forward === undefined) {
    // the axis of the direction bone that points to +Z in the skeleton's current pose
    const first: Frames = {
      count: 1,
      rate,
      positions: new Float64Array(3 * n),
      rotations: new Float64Array(4 * n),
    };
    bones.forEach((b, i) => {
      first.positions.set([b.position.x, b.position.y, b.position.z], 3 * i);
      first.rotations.set([b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w], 4 * i);
    });
    worldTransforms(parentsAll, first, 0, pos, rot);
    qrot(d, 0, rot, 4 * order[sim.direction], [0, 0, 1], 0, true);
    sim.forward = Array.from(d);
  }
  return buildClip(typeof clip.name === 'string' ? clip.name : 'clip', parents, names, out, sim);
}

/** A function writing track `track`'s value at a time (`size` floats) into out[o..). */
function sampler(
  fn: string,
  track: TrackLike,
  k: number,
  size: number,
): (t: number, out: Float64Array, o: number) => void {
  if (typeof track.createInterpolant === 'function') {
    const interpolant = track.createInterpolant();
    return (t, out, o) => {
      const v = interpolant.evaluate(t);
      for (let c = 0; c < size; c++) out[o + c] = v[c];
    };
  }
  const { times, values } = track;
  const n = times?.length ?? 0;
  if (n === 0 || values?.length !== n * size)
    throw new RangeError(
      `sprung.${fn}: track ${k} (${track.name}) must have ${size} values per time, got ${values?.length} values for ${n} times`,
    );
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
