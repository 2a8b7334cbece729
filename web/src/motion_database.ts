/**
 * Motion matching: a database of animation frames described by features (bone positions and
 * velocities, the future trajectory, and the inertialization transition-cost feature of
 * "Inertialization Transition Cost"), normalised per feature as in Holden's Motion-Matching,
 * and an exact nearest-frame search over it in WebAssembly SIMD. {@link MotionController}
 * drives a character with it.
 *
 * Clips are in the pose layout ({@link poseLayout}): frames × 13·bones floats, positions and
 * rotations local to the parent, bone 0 the "simulation bone" (its position on the ground and
 * its heading about +Y, in the world); Y up, characters face +Z; velocities and angular
 * velocities as {@link PoseInertializer} takes them (each in the parent's frame).
 * @packageDocumentation
 */
import { heapF32, heapI32, wasm } from './wasm.js';
import { allocFloats } from './memory.js';
import type { Ptr } from './gen/raw.js';
import { floatCount, floats, fresh } from './arrays.js';
import { check, integer, nonNegative, options as optionsOf, ready, show } from './check.js';
import { plus } from './work.js';
import { Batch } from './batch.js';
import { at, getters, own, size, view } from './block.js';
import { FEATURE, INERTIALIZER, MOTION, SEARCH, type Inertializer } from './gen/constants.js';
import * as S from './gen/specs.js';
import { full } from './full.js';
import { checkParents } from './skeleton.js';
import { bytesOf, decode, encode, hasFeatures, type Described, type Stored } from './motion_bytes.js';
// the compact format (motion_compact.ts): toBytes({ compact }) and fromBytes by its magic
import {
  compactTolerances,
  decodeCompact,
  encodeCompact,
  isCompact,
  type MotionBytesOptions,
} from './motion_compact.js';
import type {
  AppliedMotionRule,
  BoneRef,
  MotionClip,
  MotionData,
  MotionDatabaseOptions,
  MotionFeature,
} from './motion_types.js';
import { checkRules, plainRules, ruleFactors } from './motion_rules.js';
import { checkCustom, clipCustom, customColumn, writeCustom, type CustomGroup } from './motion_custom.js';
// the types of the data and options, where they were declared before motion_types.ts
export type {
  AppliedMotionRule,
  BoneRef,
  MotionClip,
  MotionCustomFeature,
  MotionData,
  MotionDatabaseOptions,
  MotionFeature,
  MotionRule,
  MotionSkeleton,
} from './motion_types.js';

/** The largest feature weight (see {@link MotionFeature}). */
const MAX_WEIGHT = 1e9;

/** Where a searchable clip lies in the database. */
export interface MotionRange {
  name: string;
  /** First frame (database index) and one past the last. */
  start: number;
  stop: number;
  loop: boolean;
  /** True for the mirrored copy of a clip (`mirror` option). */
  mirrored: boolean;
}

/** Options of the searches. */
export interface MotionSearchOptions {
  /** The frame playing now (the search starts from its cost, and another frame must beat it); −1 (default): none. */
  current?: number;
  /** Tag bits a frame must have. Default 0. */
  requireTags?: number;
  /** Tag bits a frame must not have. Default 0. */
  excludeTags?: number;
  /** Cost added to frames of another clip than the current frame's. Default 0. */
  bias?: number;
  /** Frames left out at the end of each clip that does not loop; default a third of a second's (20 at 60 Hz, as Holden). */
  excludeEnd?: number;
  /** Frames around the current one left out; default a third of a second's. */
  excludeNear?: number;
  /** `'auto'` (default: boxes when the database's runs of frames are tight, as structured
   *  features make them; the plain scan otherwise), `'boxes'` or `'scan'`: the same result, at
   *  different speeds. */
  mode?: 'auto' | 'boxes' | 'scan';
  /** Whether the search is forced (an input change, a clip's end: a controller says which):
   *  the cost rules for forced searches apply ({@link MotionRule}`.when`). Default false. */
  forced?: boolean;
}

/** Why a frame costs what it costs in a search: {@link MotionDatabase.costBreakdown}. */
export interface MotionCostBreakdown {
  /** The total the search compares: saturate(multiplier·features + additive) + bias, in float. */
  cost: number;
  /** The feature distance d (the normalised squared differences summed in float), before the rules. */
  features: number;
  /** Each feature group's part of `features` (in double; they add up to it to rounding). */
  groups: Float64Array;
  /** The rules' multiplier and additive cost of the frame (1 and 0 without rules). */
  multiplier: number;
  additive: number;
  /** The bias added: the search's `bias` for a frame outside the current frame's clip, else 0. */
  bias: number;
  /** Whether a rule keeps the frame from being found (blocked, outside the current frame's run). */
  blocked: boolean;
  /** Whether the search considers the frame: its tags pass, it is not excluded (at a clip's
   *  end, near the current frame) and not blocked. */
  candidate: boolean;
}

/** The result of a search: the frame found (−1 when none is a candidate) and its cost. */
export interface MotionSearchResult {
  frame: number;
  cost: number;
}

/** What {@link MotionDatabase.fromBytes} passes its constructor: the decoded bytes (compact
 *  bytes hold no features: the constructor computes them). */
class Loaded {
  constructor(readonly stored: Stored | Described) {}
}

const KIND = {
  position: FEATURE.position,
  velocity: FEATURE.velocity,
  trajectoryPosition: FEATURE.trajectoryPosition,
  trajectoryDirection: FEATURE.trajectoryDirection,
  inertialization: FEATURE.inertialization,
} as const;

const hasOwn = (o: object, key: unknown) =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(o, key);

/** One C feature declaration (a trajectory group has one per sample). */
interface Declared {
  kind: number;
  bone: number;
  ahead: number;
  inertializer: number;
  halflife: number;
  blendtime: number;
  group: number;
  weight: number;
  /** First float of the frame's features, and how many. */
  offset: number;
  floats: number;
}

/** A feature group: its first float in a frame's features, its floats and its weight. */
interface Group {
  offset: number;
  floats: number;
  weight: number;
}

/** A checked skeleton: parents, and names by index. */
interface Skeleton {
  parents: Int32Array;
  names: readonly string[];
}

function checkSkeleton(fn: string, skeleton: unknown): Skeleton {
  const s = optionsOf(fn, 'data.skeleton', skeleton);
  const parents = checkParents(fn, 'data.skeleton.parents', s.parents);
  const names = s.names;
  if (names !== undefined && !(Array.isArray(names) && names.every((n) => typeof n === 'string')))
    throw new TypeError(`sprung.${fn}: data.skeleton.names must be an array of strings, got ${show(names)}`);
  if (names !== undefined && names.length !== parents.length)
    throw new RangeError(
      `sprung.${fn}: data.skeleton.names must name each of the ${parents.length} bones of data.skeleton.parents, got ${names.length} names`,
    );
  return { parents, names: (names as string[] | undefined) ?? [] };
}

function boneOf(fn: string, name: string, ref: unknown, sk: Skeleton): number {
  if (typeof ref === 'string') {
    const i = sk.names.indexOf(ref);
    if (i < 0)
      throw new RangeError(`sprung.${fn}: ${name} names no bone of data.skeleton.names, got ${show(ref)}`);
    return i;
  }
  integer(fn, name, ref, 0, sk.parents.length - 1);
  return ref as number;
}

/** The C declarations of the feature groups, their floats and the longest trajectory. */
function declare(
  fn: string,
  features: unknown,
  sk: Skeleton,
): { decl: Declared[]; customs: CustomGroup[]; groups: Group[]; dims: number; horizon: number } {
  if (!Array.isArray(features) || features.length === 0)
    throw new TypeError(
      `sprung.${fn}: options.features must be a non-empty array of features, got ${show(features)}`,
    );
  const decl: Declared[] = [],
    customs: CustomGroup[] = [],
    groups: Group[] = [];
  let dims = 0,
    horizon = 0;
  features.forEach((f: unknown, group) => {
    const at = `options.features[${group}]`;
    const o = optionsOf(fn, at, f);
    const kind = hasOwn(KIND, o.type) ? KIND[o.type as keyof typeof KIND] : undefined; // not 'toString'
    if (kind === undefined && o.type !== 'custom')
      throw new TypeError(
        `sprung.${fn}: ${at}.type must be one of ${[...Object.keys(KIND), 'custom']
          .map((k) => `'${k}'`)
          .join(', ')}, got ${show(o.type)}`,
      );
    const weight = o.weight ?? 1;
    nonNegative(fn, `${at}.weight`, weight);
    if ((weight as number) > MAX_WEIGHT)
      throw new RangeError(
        `sprung.${fn}: ${at}.weight must be at most ${MAX_WEIGHT} (costs beyond float range rank nothing), got ${show(weight)}`,
      );
    const first = dims;
    if (kind === undefined) {
      const c = checkCustom(fn, at, o, group, dims, customs);
      customs.push(c);
      dims += c.floats;
    } else
      for (const d of declareBuiltIn(
        fn,
        at,
        o,
        kind,
        { group, weight: weight as number, offset: dims },
        sk,
      )) {
        decl.push(d);
        dims += d.floats;
        horizon = Math.max(horizon, d.ahead);
      }
    groups.push({ offset: first, floats: dims - first, weight: weight as number });
  });
  if (dims > MOTION.maxDims)
    throw new RangeError(
      `sprung.${fn}: options.features make ${dims} floats a frame, more than ${MOTION.maxDims}`,
    );
  return { decl, customs, groups, dims, horizon };
}

/** The C declarations of built-in group `o` (at `at`) from float `g.offset` on: one per
 *  trajectory sample, or one for a bone. */
function declareBuiltIn(
  fn: string,
  at: string,
  o: Record<string, unknown>,
  kind: number,
  g: { group: number; weight: number; offset: number },
  sk: Skeleton,
): Declared[] {
  const base = {
    group: g.group,
    weight: g.weight,
    inertializer: 0,
    halflife: 0,
    blendtime: 0,
    ahead: 0,
    bone: 0,
  };
  if (kind === FEATURE.trajectoryPosition || kind === FEATURE.trajectoryDirection) {
    const frames = o.frames as unknown;
    if (!Array.isArray(frames) || frames.length === 0)
      throw new TypeError(
        `sprung.${fn}: ${at}.frames must be a non-empty array of frames ahead, got ${show(frames)}`,
      );
    return frames.map((ahead: unknown, k) => {
      integer(fn, `${at}.frames[${k}]`, ahead, 0, 1 << 20);
      return { ...base, kind, ahead: ahead as number, offset: g.offset + 2 * k, floats: 2 };
    });
  }
  const bone = boneOf(fn, `${at}.bone`, o.bone, sk);
  let inertializer = 0,
    halflife = 0,
    blendtime = 0;
  if (kind === FEATURE.inertialization) {
    const name = o.inertializer ?? 'spring';
    if (typeof name !== 'string' || !hasOwn(INERTIALIZER, name))
      throw new TypeError(
        `sprung.${fn}: ${at}.inertializer must be one of ${Object.keys(INERTIALIZER)
          .map((k) => `'${k}'`)
          .join(', ')}, got ${show(name)}`,
      );
    inertializer = INERTIALIZER[name as Inertializer];
    halflife = (o.halflife ?? 0.1) as number;
    blendtime = (o.blendtime ?? 0.2) as number;
    nonNegative(fn, `${at}.halflife`, halflife);
    nonNegative(fn, `${at}.blendtime`, blendtime);
  }
  return [{ ...base, kind, bone, inertializer, halflife, blendtime, offset: g.offset, floats: 3 }];
}

/** Writes pose `src` mirrored left ↔ right into `dst` (both 13·bones floats at the given
 *  offsets): bone b takes bone map[b]'s transform reflected across the YZ plane, positions and
 *  velocities (x → −x), rotations (x, y, z, w) → (x, −y, −z, w) and angular velocities
 *  (pseudovectors) (x, y, z) → (x, −y, −z). */
function mirrorPose(
  dst: Float32Array,
  d: number,
  src: Float32Array,
  s: number,
  bones: number,
  map: Int32Array,
): void {
  for (let b = 0; b < bones; b++) {
    const m = map[b];
    for (let part = 0; part < 2; part++) {
      const o = 3 * bones * part;
      dst[d + o + 3 * b] = -src[s + o + 3 * m];
      dst[d + o + 3 * b + 1] = src[s + o + 3 * m + 1];
      dst[d + o + 3 * b + 2] = src[s + o + 3 * m + 2];
    }
    const r = 6 * bones,
      w = 10 * bones;
    dst[d + r + 4 * b] = src[s + r + 4 * m];
    dst[d + r + 4 * b + 1] = -src[s + r + 4 * m + 1];
    dst[d + r + 4 * b + 2] = -src[s + r + 4 * m + 2];
    dst[d + r + 4 * b + 3] = src[s + r + 4 * m + 3];
    dst[d + w + 3 * b] = src[s + w + 3 * m];
    dst[d + w + 3 * b + 1] = -src[s + w + 3 * m + 1];
    dst[d + w + 3 * b + 2] = -src[s + w + 3 * m + 2];
  }
}

/** A checked clip's frames. */
interface CheckedClip {
  name: string;
  poses: Float32Array;
  frames: number;
  loop: boolean;
  tags: Int32Array;
  contacts: Uint8Array;
  /** The values of the custom groups it gives, by name. */
  custom: Map<string, Float32Array>;
  /** The caller's clip (for the custom groups' value functions). */
  source: MotionClip;
}

function checkClips(
  fn: string,
  clips: unknown,
  bones: number,
  horizon: number,
  contacts: number,
  customs: readonly CustomGroup[],
): CheckedClip[] {
  if (!Array.isArray(clips) || clips.length === 0)
    throw new TypeError(`sprung.${fn}: data.clips must be a non-empty array of clips, got ${show(clips)}`);
  const stride = 13 * bones;
  return clips.map((c: unknown, i) => {
    const at = `data.clips[${i}]`;
    const o = optionsOf(fn, at, c);
    const name = o.name ?? `clip ${i}`;
    if (typeof name !== 'string')
      throw new TypeError(`sprung.${fn}: ${at}.name must be a string, got ${show(name)}`);
    floats(fn, `${at}.poses`, o.poses, 0);
    const poses = o.poses as Float32Array;
    const n = floatCount(poses);
    if (n === 0 || n % stride !== 0)
      throw new RangeError(
        `sprung.${fn}: ${at}.poses must hold whole frames of 13·bones = ${stride} floats (the skeleton's ${bones} bones), got ${n} floats`,
      );
    const frames = n / stride;
    const view = fresh(poses, -1, n).buffer === poses.buffer ? poses : fresh(poses, -1, n);
    for (let k = 0; k < n; k++)
      if (!Number.isFinite(view[k]))
        throw new RangeError(
          `sprung.${fn}: ${at}.poses[${k}] (frame ${Math.floor(k / stride)}) must be finite, got ${show(view[k])}`,
        );
    for (let f = 0; f < frames; f++)
      for (let b = 0; b < bones; b++) {
        const q = f * stride + 6 * bones + 4 * b;
        // not Math.hypot, several times slower: squares of floats cannot overflow a double
        const len = Math.sqrt(view[q] ** 2 + view[q + 1] ** 2 + view[q + 2] ** 2 + view[q + 3] ** 2);
        if (!(Math.abs(len - 1) < 1e-3))
          throw new RangeError(
            `sprung.${fn}: ${at}.poses: the rotation of bone ${b} at frame ${f} must be a unit quaternion, got length ${len}`,
          );
      }
    const loop = o.loop ?? false;
    if (typeof loop !== 'boolean')
      throw new TypeError(`sprung.${fn}: ${at}.loop must be a boolean, got ${show(loop)}`);
    if (!loop && frames <= horizon)
      throw new RangeError(
        `sprung.${fn}: ${at}.poses has ${frames} frames, no more than the trajectory's horizon of ${horizon} frames ahead; give it more frames or loop: true`,
      );
    const tags = new Int32Array(frames);
    if (o.tags !== undefined) {
      const t = o.tags as ArrayLike<unknown>;
      if (t === null || typeof t !== 'object' || t.length !== frames)
        throw new TypeError(
          `sprung.${fn}: ${at}.tags must hold one bit mask per frame (${frames}), got ${show(t)}`,
        );
      for (let f = 0; f < frames; f++) {
        const v = t[f];
        // the argument's name is made only to throw: one string a frame is most of the time here
        if (!(typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v <= 2 ** 32 - 1))
          integer(fn, `${at}.tags[${f}]`, v, -(2 ** 31), 2 ** 32 - 1);
        tags[f] = (v as number) | 0;
      }
    }
    const cs = new Uint8Array(frames * contacts);
    if (contacts > 0) {
      const t = o.contacts as ArrayLike<unknown>;
      if (t === null || typeof t !== 'object' || t.length !== frames * contacts)
        throw new TypeError(
          `sprung.${fn}: ${at}.contacts must hold ${contacts} per frame (options.contactBones), ${frames * contacts} in all, got ${show(t)}`,
        );
      for (let k = 0; k < cs.length; k++) {
        if (t[k] !== 0 && t[k] !== 1 && t[k] !== true && t[k] !== false)
          throw new TypeError(`sprung.${fn}: ${at}.contacts[${k}] must be 0 or 1, got ${show(t[k])}`);
        cs[k] = t[k] ? 1 : 0;
      }
    }
    const custom = clipCustom(fn, at, o.features, frames, customs);
    return { name, poses: view, frames, loop, tags, contacts: cs, custom, source: c as MotionClip };
  });
}

/** A cost beyond float range counts as the largest float (the search's rule: every frame still ranks). */
const saturate = (c: number) => Math.min(c, 3.4028234663852886e38);

/**
 * Writes the custom feature values `features` (`MotionInput.features`, named `arg` in errors of
 * `fn`) of `db` into `out` (`dims` floats), checked as {@link MotionDatabase.setFeatures} checks
 * them. For the controller's query. @internal
 */
export function writeCustomFeatures(
  fn: string,
  arg: string,
  db: MotionDatabase,
  features: unknown,
  out: Float32Array,
): void {
  writeCustom(fn, arg, customsOf.get(db)!, features, out);
}

/** The pointer to the rules block of a database of block sizes `sizes`, or 0 (NULL) without rules. */
const rulesOf = (db: MotionDatabase, sizes: Readonly<Record<string, number>>): Ptr =>
  sizes.rules ? at(db, 'rules') : (0 as Ptr);

/** Each database's custom groups, for {@link writeCustomFeatures}. */
const customsOf = new WeakMap<MotionDatabase, readonly CustomGroup[]>();

/** The most frames {@link MotionDatabase.searchBest} and {@link MotionSearchBatch} find per query. */
const MAX_K = 64;

/** `query` checked: a Float32Array of at least `dims` floats, the first `dims` finite; returns them. */
function finiteQuery(fn: string, query: Float32Array, dims: number): Float32Array {
  const q = fresh(query, floats(fn, 'query', query, dims), dims);
  for (let j = 0; j < dims; j++)
    if (!Number.isFinite(q[j]))
      throw new RangeError(`sprung.${fn}: query[${j}] must be finite, got ${show(q[j])}`);
  return q;
}

/** The C arguments of search options after `k`, checked: current, tags, bias, exclusions, mode. */
function searchArgs(
  fn: string,
  db: MotionDatabase,
  options: MotionSearchOptions | undefined,
): [number, number, number, number, number, number, number, number] {
  const o = optionsOf(fn, 'options', options) as MotionSearchOptions;
  // a third of a second, within what C's int holds (a frame rate of 6.5e9 Hz is accepted)
  const third = Math.min(Math.round(db.frameRate / 3), 2 ** 31 - 1);
  const current = o.current ?? -1;
  integer(fn, 'options.current', current, -1, size(db, 'frames') - 1);
  const tags = [o.requireTags ?? 0, o.excludeTags ?? 0];
  tags.forEach((t, i) =>
    integer(fn, `options.${i ? 'excludeTags' : 'requireTags'}`, t, -(2 ** 31), 2 ** 32 - 1),
  );
  const ends = [o.excludeEnd ?? third, o.excludeNear ?? third];
  ends.forEach((e, i) => integer(fn, `options.${i ? 'excludeNear' : 'excludeEnd'}`, e, 0, 2 ** 31 - 1));
  const forced = o.forced ?? false;
  if (forced !== true && forced !== false && forced !== 0 && forced !== 1)
    throw new TypeError(`sprung.${fn}: options.forced must be a boolean (or 0, 1), got ${show(forced)}`);
  const bias = o.bias ?? 0;
  nonNegative(fn, 'options.bias', bias);
  const mode = o.mode ?? 'auto';
  if (!hasOwn(SEARCH, mode))
    throw new TypeError(
      `sprung.${fn}: options.mode must be one of 'scan', 'boxes', 'auto', got ${show(mode)}`,
    );
  return [current, tags[0] | 0, tags[1] | 0, bias, ends[0], ends[1], SEARCH[mode], forced ? 1 : 0];
}

/** The features of the bytes checked against the database they describe: `frames`·`dims` floats, each finite. */
function storedFeatures(fn: string, stored: Stored, frames: number, dims: number): void {
  if (stored.frames !== frames || stored.dims !== dims)
    throw new RangeError(
      `sprung.${fn}: bytes must hold the features of the database they describe (${frames} frames of ${dims} floats), got ${stored.frames} frames of ${stored.dims}`,
    );
  const f = stored.features;
  for (let i = 0; i < f.length; i++)
    if (!Number.isFinite(f[i]))
      throw new RangeError(
        `sprung.${fn}: bytes must hold finite features, got ${show(f[i])} at frame ${Math.floor(i / dims)}, float ${i % dims}`,
      );
}

/** The name of value `v` in a table of names. */
const nameIn = <T extends Record<string, number>>(table: T, v: number) =>
  Object.keys(table).find((k) => table[k] === v) as keyof T & string;

/** Writes the C declarations of `decl` at int pointer `pi` (4 each) and float pointer `pf` (2 each). */
function putDeclarations(decl: readonly Declared[], pi: Ptr, pf: Ptr): void {
  decl.forEach((d, k) => {
    heapI32.set([d.kind, d.bone, d.ahead, d.inertializer], (pi >> 2) + 4 * k);
    heapF32[(pf >> 2) + 2 * k] = d.halflife;
    heapF32[(pf >> 2) + 2 * k + 1] = d.blendtime;
  });
}

/**
 * Floats of WebAssembly memory that a database of `frames` frames of `dims` floats of features
 * and `nRanges` clips takes (what {@link MotionDatabase} allocates); 0 when that is more than
 * one block holds or `dims` is above 256.
 * @param frames - (≥ 1) frames
 * @param dims - (≥ 1) features per frame, at most 256
 * @param nRanges - (≥ 0) ranges (clips)
 * @see the C function `sp_motion_database_floats` in c/sprung.h
 * @c sp_motion_database_floats
 */
export function motionDatabaseFloats(frames: number, dims: number, nRanges: number): number {
  check(S.motionDatabaseFloats, frames, dims, nRanges);
  return full.sp_motion_database_floats(frames, dims, nRanges);
}

/**
 * A motion-matching database: every frame of the clips described by the declared features,
 * normalised (Holden's scheme: per group, the mean and the group's standard deviation over its
 * weight), in WebAssembly memory in blocks of 4 frames for SIMD, with bounding boxes over runs
 * of 16 and 64 frames; and its exact search (the same frame as a brute-force scan, ties in
 * frame order). Frames are numbered through the clips in order (then their mirrored copies).
 * Call `dispose()` when done (a FinalizationRegistry frees it otherwise).
 *
 * @example
 * const db = new MotionDatabase(data, {
 *   features: [
 *     { type: 'position', bone: 'LeftFoot', weight: 0.75 },
 *     { type: 'position', bone: 'RightFoot', weight: 0.75 },
 *     { type: 'trajectoryPosition', frames: [20, 40, 60] },
 *     { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
 *   ],
 * });
 * const { frame } = db.search(query, { current });
 */
export class MotionDatabase extends Batch<'db' | 'query' | 'found' | 'rules'> {
  readonly #rate: number;
  readonly #ranges: readonly MotionRange[];
  readonly #decl: readonly Declared[];
  readonly #groups: readonly Group[];
  readonly #customs: readonly CustomGroup[];
  /** The custom groups' values of every frame, the groups' floats one after another in a row
   *  per frame; null without custom groups. */
  readonly #custom: Float32Array | null;
  readonly #rules: readonly AppliedMotionRule[];
  /** Every frame's rule factors (ruleFactors), made on the first cost breakdown. */
  #factors: ReturnType<typeof ruleFactors> | undefined;
  readonly #parents: Int32Array;
  readonly #names: readonly string[];
  readonly #poses: Float32Array;
  readonly #unmirrored: number;
  readonly #mirror: Int32Array | null;
  readonly #tags: Int32Array;
  readonly #contacts: Uint8Array;
  readonly #contactBones: Int32Array;
  readonly #result: MotionSearchResult = { frame: -1, cost: Infinity };

  /**
   * Builds the database from `data`'s clips (copied: later changes to them change nothing).
   * Throws, naming the argument, for a bad skeleton or feature, a clip of another bone count,
   * with a value not finite or a rotation not unit, or that does not loop and has no more
   * frames than the longest trajectory feature looks ahead.
   * @param data - the skeleton, frame rate (Hz) and clips (`MotionData`)
   * @param options - the features (`MotionDatabaseOptions`), contact bones and mirroring
   */
  constructor(data: MotionData, options: MotionDatabaseOptions) {
    // fromBytes passes what the bytes hold: their data and options are checked as any others
    const stored = data instanceof Loaded ? data.stored : null;
    if (stored) ({ data, options } = stored);
    const fn = stored ? 'MotionDatabase.fromBytes' : 'MotionDatabase';
    ready(fn);
    const d = optionsOf(fn, 'data', data);
    const o = optionsOf(fn, 'options', options);
    const sk = checkSkeleton(fn, d.skeleton);
    const rate = d.frameRate;
    if (!(typeof rate === 'number' && rate > 0 && rate < Infinity))
      throw new RangeError(`sprung.${fn}: data.frameRate must be a finite number > 0, got ${show(rate)}`);
    const bones = sk.parents.length;
    const { decl, customs, groups, dims, horizon } = declare(fn, o.features, sk);
    const cb = (o.contactBones ?? []) as unknown;
    if (!Array.isArray(cb))
      throw new TypeError(`sprung.${fn}: options.contactBones must be an array, got ${show(cb)}`);
    const contactBones = Int32Array.from(cb, (b: unknown, i) =>
      boneOf(fn, `options.contactBones[${i}]`, b, sk),
    );
    let mirror: Int32Array | null = null;
    if (o.mirror !== undefined && o.mirror !== false) {
      const m = (o.mirror === true ? d.mirror : o.mirror) as ArrayLike<unknown> | undefined;
      const name = o.mirror === true ? 'data.mirror' : 'options.mirror';
      if (m === null || typeof m !== 'object' || m.length !== bones)
        throw new TypeError(
          `sprung.${fn}: ${name} must map each of the ${bones} bones to its mirror image, got ${show(m)}`,
        );
      mirror = new Int32Array(bones);
      for (let b = 0; b < bones; b++) {
        integer(fn, `${name}[${b}]`, m[b], 0, bones - 1);
        mirror[b] = m[b] as number;
      }
    }
    const clips = checkClips(
      fn,
      d.clips,
      bones,
      horizon,
      contactBones.length,
      stored && hasFeatures(stored) ? [] : customs,
    );
    const rules = checkRules(fn, o.rules, clips);
    const copies = mirror ? 2 : 1;
    const unmirrored = clips.reduce((s, c) => s + c.frames, 0);
    const frames = copies * unmirrored;
    const nr = copies * clips.length;
    const floatsNeeded = frames <= 2 ** 29 ? full.sp_motion_database_floats(frames, dims, nr) : 0;
    const rulesNeeded = rules.length > 0 && floatsNeeded > 0 ? full.sp_motion_rules_floats(frames) : 0;
    if (floatsNeeded === 0 || (rules.length > 0 && rulesNeeded === 0))
      throw new RangeError(`sprung.${fn}: data.clips hold ${frames} frames, more than one database holds`);
    if (stored && hasFeatures(stored)) storedFeatures(fn, stored, frames, dims);
    super(
      'MotionDatabase',
      frames,
      [
        ['db', floatsNeeded],
        ['query', dims],
        ['found', 2 * MAX_K],
        ['rules', rulesNeeded],
      ],
      'data.clips',
      { frames, dims, bones, ranges: nr, rules: rules.length > 0 ? 1 : 0 },
    );
    this.#rate = rate;
    this.#decl = decl;
    this.#groups = groups;
    this.#customs = customs;
    customsOf.set(this, customs);
    this.#rules = rules;
    this.#parents = sk.parents;
    this.#names = sk.names.slice();
    this.#unmirrored = unmirrored;
    this.#mirror = mirror;
    this.#contactBones = contactBones;
    // the poses and per-frame data, copied (the mirrored frames are mirrored when read)
    const stride = 13 * bones;
    this.#poses = new Float32Array(unmirrored * stride);
    this.#tags = new Int32Array(frames);
    this.#contacts = new Uint8Array(frames * contactBones.length);
    const ranges: MotionRange[] = [];
    let first = 0;
    const nc = contactBones.length;
    for (let copy = 0; copy < copies; copy++) {
      // a mirrored foot's contact is its mirror image's (its own when that is no contact bone)
      const source = Int32Array.from(contactBones, (b, k) => {
        const m = copy === 0 ? -1 : contactBones.indexOf(mirror![b]);
        return m >= 0 ? m : k;
      });
      for (const c of clips) {
        if (copy === 0) this.#poses.set(c.poses, first * stride);
        this.#tags.set(c.tags, first);
        for (let f = 0; f < c.frames; f++)
          for (let k = 0; k < nc; k++) this.#contacts[(first + f) * nc + k] = c.contacts[f * nc + source[k]];
        ranges.push({
          name: copy === 0 ? c.name : `${c.name} (mirrored)`,
          start: first,
          stop: first + c.frames,
          loop: c.loop,
          mirrored: copy === 1,
        });
        first += c.frames;
      }
    }
    this.#ranges = ranges;
    try {
      // bytes of toBytes() hold every frame's custom values; compact ones, each clip's by name
      const features = stored && hasFeatures(stored) ? stored.features : undefined;
      this.#custom = customs.length === 0 ? null : this.#customValues(clips, features);
      this.#build(features);
      if (rules.length > 0) this.#buildRules();
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  /** The custom groups' values of every frame (`#custom`): each clip's arrays, or the groups'
   *  value functions of its poses (mirrored for the mirrored copies), or those of `stored`
   *  features (rows of dims floats). */
  #customValues(clips: readonly CheckedClip[], stored: Float32Array | undefined): Float32Array {
    const fn = 'MotionDatabase',
      frames = size(this, 'frames'),
      dims = size(this, 'dims'),
      pose = new Float32Array(13 * size(this, 'bones'));
    const width = this.#customs.reduce((n, c) => n + c.floats, 0),
      out = new Float32Array(frames * width);
    let offset = 0;
    for (const g of this.#customs) {
      if (stored)
        for (let f = 0; f < frames; f++)
          out.set(stored.subarray(f * dims + g.offset, f * dims + g.offset + g.floats), f * width + offset);
      else
        this.#ranges.forEach((r, k) => {
          const c = clips[k % clips.length];
          const poseOf = (f: number) => MotionDatabase.prototype.pose.call(this, r.start + f, pose);
          const given = c.custom.get(g.name),
            at = `data.clips[${k % clips.length}]`;
          customColumn(
            fn,
            at,
            g,
            given,
            r.mirrored,
            c.frames,
            c.source,
            poseOf,
            out.subarray(r.start * width),
            width,
            offset,
          );
        });
      offset += g.floats;
    }
    return out;
  }

  /** Builds the rules' block (sp_motion_rules_build) from the rules' factors of every frame. */
  #buildRules(): void {
    const fn = 'MotionDatabase',
      frames = size(this, 'frames'),
      nr = this.#ranges.length,
      clips = nr / (this.#mirror ? 2 : 1);
    const f = ruleFactors(
      this.#rules,
      this.#ranges.map((r, k) => ({ clip: k % clips, start: r.start })),
      frames,
    );
    const p = allocFloats(fn, 'options.rules', 6 * frames + 3 * nr);
    try {
      const additives = plus(p, 2 * frames),
        blocked = plus(additives, 2 * frames),
        ranges = plus(blocked, 2 * frames);
      heapF32.set(f.multipliers, p >> 2);
      heapF32.set(f.additives, additives >> 2);
      heapI32.set(f.blocked, blocked >> 2);
      this.#ranges.forEach((r, k) => heapI32.set([r.start, r.stop, r.loop ? 1 : 0], (ranges >> 2) + 3 * k));
      const built = full.sp_motion_rules_build(at(this, 'rules'), p, additives, blocked, frames, ranges, nr);
      if (built !== frames) throw new Error(`sprung.${fn}: internal: the rules were not built`);
    } finally {
      wasm.free(p);
    }
  }

  /** Builds the database block from every frame's features: `features` (from the bytes) or
   *  those {@link MotionDatabase.#featuresInto} computes. */
  #build(features: Float32Array | undefined): void {
    const fn = 'MotionDatabase';
    const frames = size(this, 'frames'),
      dims = size(this, 'dims'),
      nr = this.#ranges.length;
    // one block for the features of every frame, the groups, weights, tags and ranges; freed
    // once the database is built
    const p = allocFloats(fn, 'data.clips', frames * dims + 2 * dims + frames + 3 * nr);
    try {
      const groups = plus(p, frames * dims),
        weights = plus(groups, dims),
        tags = plus(weights, dims),
        ranges = plus(tags, frames);
      if (features) heapF32.set(features, p >> 2);
      else this.#featuresInto(p);
      this.#groups.forEach((g, k) => {
        heapI32.fill(k, (groups >> 2) + g.offset, (groups >> 2) + g.offset + g.floats);
        heapF32.fill(g.weight, (weights >> 2) + g.offset, (weights >> 2) + g.offset + g.floats);
      });
      heapI32.set(this.#tags, tags >> 2);
      this.#ranges.forEach((r, k) => heapI32.set([r.start, r.stop, r.loop ? 1 : 0], (ranges >> 2) + 3 * k));
      const built = full.sp_motion_database_build(
        at(this, 'db'),
        p,
        frames,
        dims,
        groups,
        weights,
        tags,
        ranges,
        nr,
      );
      if (built !== dims) throw new Error(`sprung.${fn}: internal: the database was not built`);
    } finally {
      wasm.free(p);
    }
  }

  /** Computes every frame's features (row-major, frames·dims floats) at `out` in WASM memory:
   *  each range's poses (mirrored for a mirrored copy) through sp_motion_features, and the
   *  custom groups' values. */
  #featuresInto(out: Ptr): void {
    const fn = 'MotionDatabase';
    const dims = size(this, 'dims'),
      bones = size(this, 'bones'),
      decl = this.#decl,
      stride = 13 * bones;
    const builtIn = decl.reduce((n, d) => n + d.floats, 0);
    // with custom groups, the built-in features are made apart (sp_motion_features writes rows
    // of its own floats) and put in their places
    const apart = this.#custom !== null;
    const longest = Math.max(...this.#ranges.map((r) => r.stop - r.start));
    // the largest clip's poses, the parents, the declarations, and its built-in features apart
    const p = allocFloats(
      fn,
      'data.clips',
      longest * stride + bones + 6 * decl.length + (apart ? longest * builtIn : 0),
    );
    try {
      const parents = plus(p, longest * stride),
        di = plus(parents, bones),
        df = plus(di, 4 * decl.length),
        made = plus(df, 2 * decl.length);
      heapI32.set(this.#parents, parents >> 2);
      putDeclarations(decl, di, df);
      for (const r of this.#ranges) {
        const frames = r.stop - r.start;
        if (decl.length > 0) {
          if (!r.mirrored) heapF32.set(this.#poses.subarray(r.start * stride, r.stop * stride), p >> 2);
          else
            for (let f = 0, s = (r.start - this.#unmirrored) * stride; f < frames; f++)
              mirrorPose(heapF32, (p >> 2) + f * stride, this.#poses, s + f * stride, bones, this.#mirror!);
          const n = full.sp_motion_features(
            apart ? made : plus(out, r.start * dims),
            p,
            frames,
            parents,
            bones,
            r.loop ? 1 : 0,
            1 / this.#rate,
            di,
            df,
            decl.length,
          );
          if (n !== builtIn) throw new Error(`sprung.${fn}: internal: features of ${r.name} not made`);
        }
        if (apart) this.#interleave(out, made, r, builtIn);
      }
    } finally {
      wasm.free(p);
    }
  }

  /** Writes range `r`'s features at `out` (rows of dims floats): the built-in ones made at
   *  `made` (rows of `builtIn` floats) and the custom ones. */
  #interleave(out: Ptr, made: Ptr, r: MotionRange, builtIn: number): void {
    const dims = size(this, 'dims'),
      custom = this.#custom!,
      width = custom.length / size(this, 'frames');
    for (let f = r.start; f < r.stop; f++) {
      const row = (out >> 2) + f * dims,
        from = (made >> 2) + (f - r.start) * builtIn;
      let k = 0;
      for (const d of this.#decl) {
        heapF32.copyWithin(row + d.offset, from + k, from + k + d.floats);
        k += d.floats;
      }
      k = f * width;
      for (const c of this.#customs) {
        heapF32.set(custom.subarray(k, k + c.floats), row + c.offset);
        k += c.floats;
      }
    }
  }

  /** Each clip's custom values by name (`{ features }`, for compact bytes, which carry the
   *  clips' values only): refused when a mirrored copy's are not its clip's × `mirror` (a value
   *  function of the mirrored poses), which those bytes could not give back. */
  #clipCustom(fn: string): { features?: Record<string, Float32Array> }[] {
    const clips = this.#ranges.filter((r) => !r.mirrored);
    const custom = this.#custom;
    if (custom === null) return clips.map(() => ({}));
    const width = custom.length / size(this, 'frames');
    for (const m of this.#ranges.filter((r) => r.mirrored)) {
      const r = clips[this.#ranges.indexOf(m) - clips.length];
      let offset = 0;
      for (const c of this.#customs) {
        for (let f = 0; f < r.stop - r.start; f++)
          for (let k = 0; k < c.floats; k++) {
            const given = custom[(r.start + f) * width + offset + k],
              got = custom[(m.start + f) * width + offset + k];
            if (got !== Math.fround(given * c.mirror[k]))
              throw new RangeError(
                `sprung.${fn}: options.compact: custom feature '${c.name}' of '${m.name}' must be its clip's values × mirror (compact bytes carry the clips' values only), got ${got} for ${given} × ${c.mirror[k]} at frame ${f}; use toBytes() without compact`,
              );
          }
        offset += c.floats;
      }
    }
    return clips.map((r) => {
      const features: Record<string, Float32Array> = {};
      let offset = 0;
      for (const c of this.#customs) {
        const v = (features[c.name] = new Float32Array((r.stop - r.start) * c.floats));
        for (let f = 0; f < r.stop - r.start; f++)
          v.set(
            custom.subarray((r.start + f) * width + offset, (r.start + f) * width + offset + c.floats),
            f * c.floats,
          );
        offset += c.floats;
      }
      return { features };
    });
  }

  /**
   * The database as bytes for {@link MotionDatabase.fromBytes}: build it once (offline, in Node,
   * or in a worker), load it where it is searched. They hold its skeleton, frame rate, clips
   * (poses, tags, contacts, loops), mirror map, feature declarations and contact bones, and
   * every frame's features (4·dims bytes a frame, the mirrored copies' too), so that loading
   * computes none; the clips' poses (52 bytes a bone and frame) are most of them. Format
   * version 2, little-endian, starting with the magic `sprungMD` (the layout:
   * web/src/motion_bytes.ts, or "Build once, load fast" in docs/API.md). This computes every
   * frame's features again, as long as the constructor takes. Returns a new Uint8Array with an
   * ArrayBuffer of its own: write it to a file, or post it to another thread (transferable).
   *
   * With `{ compact: true }`, the compact format for the wire instead (format version 1, magic
   * `sprungMC`, the layout: web/src/motion_compact.ts): no features, and the poses quantised
   * within 1 mm and 0.1° of every bone's world transform (or the tolerances given), predicted
   * along each clip; loading computes the features again, as long as the constructor takes. The
   * playground's dance card: 55 MB as `toBytes()` (21.4 MB after gzip -9), 1.13 MB after gzip -9
   * compact (19.0× smaller). Making them takes 2–4× as long as the constructor (the encoder measures its
   * errors by forward kinematics). The cost rules and each clip's custom feature values go in
   * exactly; a mirrored copy's custom values are made again as its clip's × `mirror`, so a
   * database whose mirrored values are not (a value function of the mirrored poses) is refused:
   * use `toBytes()`.
   * @param options - (optional) `compact`: `true`, or the tolerances (`MotionCompactOptions`)
   */
  toBytes(options?: MotionBytesOptions): Uint8Array {
    const fn = 'MotionDatabase.toBytes';
    const { frames, dims, bones } = own(this, fn).sizes;
    const compact = compactTolerances(fn, options);
    const stride = 13 * bones,
      nc = this.#contactBones.length;
    const clips = this.#ranges
      .filter((r) => !r.mirrored)
      .map((r) => ({
        name: r.name,
        loop: r.loop,
        poses: this.#poses.subarray(r.start * stride, r.stop * stride),
        tags: this.#tags.subarray(r.start, r.stop),
        contacts: this.#contacts.subarray(r.start * nc, r.stop * nc),
      }));
    const names = this.#names.length > 0 ? { names: this.#names.slice() } : {};
    const groups = this.#groups.map((group, g): MotionFeature => {
      const c = this.#customs.find((x) => x.group === g);
      if (c)
        return {
          type: 'custom',
          name: c.name,
          floats: c.floats,
          weight: group.weight,
          mirror: Array.from(c.mirror),
        };
      const ds = this.#decl.filter((d) => d.group === g),
        d = ds[0];
      const type = nameIn(KIND, d.kind);
      if (type === 'trajectoryPosition' || type === 'trajectoryDirection')
        return { type, frames: ds.map((x) => x.ahead), weight: d.weight };
      if (type === 'inertialization')
        return {
          type,
          bone: d.bone,
          weight: d.weight,
          inertializer: nameIn(INERTIALIZER, d.inertializer),
          halflife: d.halflife,
          blendtime: d.blendtime,
        };
      return { type, bone: d.bone, weight: d.weight };
    });
    const described: Described = {
      data: { skeleton: { parents: Array.from(this.#parents), ...names }, frameRate: this.#rate, clips },
      options: {
        features: groups,
        contactBones: Array.from(this.#contactBones),
        mirror: this.#mirror ? Array.from(this.#mirror) : undefined,
        rules: plainRules(this.#rules),
      },
    };
    if (compact) {
      const custom = this.#clipCustom(fn);
      clips.forEach((clip, i) => Object.assign(clip, custom[i]));
      return encodeCompact(fn, described, compact);
    }
    const p = allocFloats(fn, 'this', frames * dims);
    let features: Float32Array;
    try {
      this.#featuresInto(p);
      features = heapF32.slice(p >> 2, (p >> 2) + frames * dims);
    } finally {
      wasm.free(p);
    }
    return encode(fn, { ...described, frames, dims, features });
  }

  /**
   * A database from the bytes of {@link MotionDatabase.toBytes} (made by this version of sprung
   * or one that writes the same format version), the same as the one they were made from: the
   * same features, normalisation, poses, tags, contacts and ranges, the same search results
   * and costs bit for bit. Loading checks the data as the constructor does and normalises the
   * stored features (no forward kinematics): a few milliseconds for what takes the constructor
   * hundreds. The bytes are not kept. Throws, naming `bytes`, for anything but a database's
   * bytes: another magic or format version, a length that is not what the header says
   * (truncated bytes), counts that do not add up, a head that is not JSON or describes no
   * valid database, features not finite.
   *
   * Compact bytes (`toBytes({ compact: true })`, told by their magic) load too: their poses are
   * rebuilt, their velocities and every frame's features computed, as the constructor does
   * (in Node, the dance card: 1.9× the constructor's time, 4.5× `fromBytes` of `toBytes()`;
   * CMU's takes: 1.9×, 2.0×; `node tests/bench/motion_compact.mjs`, Chromium too);
   * the database is then the one those poses make. Besides the refusals
   * above, bytes whose checksum (CRC-32) does not match are refused as corrupted, and every
   * count is bounded before anything is allocated (the frames by the bytes that hold them, the
   * poses at 2^28 floats).
   * @param bytes - the bytes (a Uint8Array, a Node Buffer, or an ArrayBuffer)
   */
  static fromBytes(bytes: Uint8Array | ArrayBuffer): MotionDatabase {
    const fn = 'MotionDatabase.fromBytes';
    ready(fn);
    const u8 = bytesOf(fn, bytes);
    const stored = isCompact(u8) ? decodeCompact(fn, u8) : decode(fn, u8);
    try {
      // the constructor takes the decoded bytes in place of its data (a class no caller can make)
      return new MotionDatabase(
        new Loaded(stored) as unknown as MotionData,
        undefined as unknown as MotionDatabaseOptions,
      );
    } catch (e) {
      const prefix = `sprung.${fn}: `,
        message = e instanceof Error ? e.message : '';
      if (!message.startsWith(prefix) || message.startsWith(`${prefix}bytes`)) throw e;
      const Type = e instanceof TypeError ? TypeError : RangeError;
      throw new Type(`${prefix}bytes must describe a valid database: ${message.slice(prefix.length)}`);
    }
  }

  /** Frames in the database (every clip's, then the mirrored copies'). */
  declare readonly frames: number;
  /** Floats of features per frame. */
  declare readonly dims: number;
  /** Bones of the skeleton. */
  declare readonly bones: number;
  /** Frames per second. */
  get frameRate(): number {
    own(this, 'MotionDatabase.frameRate');
    return this.#rate;
  }
  /** Each bone's parent (a copy). */
  get parents(): Int32Array {
    own(this, 'MotionDatabase.parents');
    return this.#parents.slice();
  }
  /** The clips as ranges of frames, in order (a copy). */
  get ranges(): MotionRange[] {
    own(this, 'MotionDatabase.ranges');
    return this.#ranges.map((r) => ({ ...r }));
  }
  /** The contact bones (`options.contactBones`) as indices (a copy). */
  get contactBones(): Int32Array {
    own(this, 'MotionDatabase.contactBones');
    return this.#contactBones.slice();
  }
  /** Each feature group's first float in a frame's features and its number of floats, in the
   *  order of `options.features`. */
  get groups(): { offset: number; floats: number }[] {
    own(this, 'MotionDatabase.groups');
    return this.#groups.map((g) => ({ offset: g.offset, floats: g.floats }));
  }
  /** The cost rules (`options.rules`) as the database applies them ({@link AppliedMotionRule}),
   *  a copy. */
  get rules(): AppliedMotionRule[] {
    own(this, 'MotionDatabase.rules');
    return this.#rules.map((r) => ({
      ...r,
      multiplier: typeof r.multiplier === 'number' ? r.multiplier : r.multiplier.slice(),
      additive: typeof r.additive === 'number' ? r.additive : r.additive.slice(),
    }));
  }
  /** The custom feature groups (`{ type: 'custom' }`): each one's name, first float in a
   *  frame's features and floats, in the order of `options.features`. */
  get customFeatures(): { name: string; offset: number; floats: number }[] {
    own(this, 'MotionDatabase.customFeatures');
    return this.#customs.map((c) => ({ name: c.name, offset: c.offset, floats: c.floats }));
  }
  /** The trajectory samples the features use: for each, the group, the first float, `ahead`
   *  (frames) and whether it is a direction. @internal */
  get trajectory(): { group: number; offset: number; ahead: number; direction: boolean }[] {
    own(this, 'MotionDatabase.trajectory');
    return this.#decl
      .filter((d) => d.kind === FEATURE.trajectoryPosition || d.kind === FEATURE.trajectoryDirection)
      .map((d) => ({
        group: d.group,
        offset: d.offset,
        ahead: d.ahead,
        direction: d.kind === FEATURE.trajectoryDirection,
      }));
  }

  /**
   * The index of a bone given by index or by name (`data.skeleton.names`).
   * @param bone - the bone: its index, or its name
   */
  bone(bone: BoneRef): number {
    own(this, 'MotionDatabase.bone');
    return boneOf('MotionDatabase.bone', 'bone', bone, { parents: this.#parents, names: this.#names });
  }

  /** Checks a frame index argument. */
  #frame(fn: string, name: string, frame: unknown): number {
    integer(`MotionDatabase.${fn}`, name, frame, 0, size(this, 'frames') - 1);
    return frame as number;
  }

  /** The normalisation: the offsets (the means) and {@link MotionDatabase.featureScales} of each
   *  float of the features, as views of WASM memory (a scale of 0 marks a float that counts for
   *  nothing): normalised = (feature − offset) / scale. */
  get featureOffsets(): Float32Array {
    const dims = own(this, 'MotionDatabase.featureOffsets').sizes.dims;
    return view(this, 'db').subarray(0, dims);
  }
  /** See {@link MotionDatabase.featureOffsets}. */
  get featureScales(): Float32Array {
    const dims = own(this, 'MotionDatabase.featureScales').sizes.dims,
      dp = (dims + 3) & ~3;
    return view(this, 'db').subarray(dp, dp + dims);
  }

  /**
   * The normalised features of `frame` (what the search compares), into `out` if given.
   * @param frame - (integer in [0, frames)) the frame
   * @param out - (optional) a Float32Array of at least `dims` floats to write into
   */
  normalizedFeatures(frame: number, out?: Float32Array): Float32Array {
    own(this, 'MotionDatabase.normalizedFeatures');
    this.#frame('normalizedFeatures', 'frame', frame);
    const dims = size(this, 'dims'),
      dp = (dims + 3) & ~3;
    const held = out === undefined ? -1 : floats('MotionDatabase.normalizedFeatures', 'out', out, dims);
    const r = out === undefined ? new Float32Array(dims) : fresh(out, held, dims);
    const db = view(this, 'db'),
      base = 2 * dp + 4 * dims * (frame >> 2) + (frame & 3);
    for (let j = 0; j < dims; j++) r[j] = db[base + 4 * j];
    return held < 0 ? (out ?? r) : r;
  }

  /**
   * The features of `frame` before normalisation (normalised features × scale + offset: equal
   * to the features computed from the clip, to float rounding), into `out` if given. The controller's query
   * starts from these.
   * @param frame - (integer in [0, frames)) the frame
   * @param out - (optional) a Float32Array of at least `dims` floats to write into
   */
  features(frame: number, out?: Float32Array): Float32Array {
    const dims = own(this, 'MotionDatabase.features').sizes.dims;
    const r = MotionDatabase.prototype.normalizedFeatures.call(this, frame, out);
    const db = view(this, 'db'),
      dp = (dims + 3) & ~3;
    for (let j = 0; j < dims; j++) r[j] = r[j] * db[dp + j] + db[j];
    return r;
  }

  /**
   * Each feature group's part of the cost of `frame` for `query`: Σ over its floats of the
   * squared difference of the normalised values (the search's cost is their sum, plus the bias).
   * @param query - Float32Array of `dims` floats, not normalised
   * @param frame - (integer in [0, frames)) the frame
   * @param out - (optional) an array of at least as many numbers as groups to write into
   */
  groupCosts<T extends { [i: number]: number; length: number } = Float64Array>(
    query: Float32Array,
    frame: number,
    out?: T,
  ): T {
    const fn = 'MotionDatabase.groupCosts';
    const dims = own(this, fn).sizes.dims;
    const q = finiteQuery(fn, query, dims);
    this.#frame('groupCosts', 'frame', frame);
    const f = MotionDatabase.prototype.normalizedFeatures.call(this, frame);
    const db = view(this, 'db'),
      dp = (dims + 3) & ~3;
    const groups = this.#groups.length;
    if (out !== undefined) {
      if (typeof out !== 'object' || out === null || typeof out.length !== 'number')
        throw new TypeError(`sprung.${fn}: out must be an array of numbers, got ${show(out)}`);
      if (!(out.length >= groups))
        throw new RangeError(
          `sprung.${fn}: out must hold the ${groups} feature groups' costs, got ${out.length} elements`,
        );
      if (Object.isFrozen(out)) throw new TypeError(`sprung.${fn}: out must be writable, got a frozen array`);
    }
    const r = new Float64Array(groups);
    this.#groups.forEach((g, k) => {
      let c = 0;
      for (let j = g.offset; j < g.offset + g.floats; j++) {
        const s = db[dp + j];
        const e = s === 0 ? 0 : Math.fround(Math.fround(q[j] - db[j]) / s) - f[j];
        c += e * e;
      }
      r[k] = c;
    });
    if (out === undefined) return r as unknown as T;
    for (let k = 0; k < groups; k++) out[k] = r[k];
    return out;
  }

  /**
   * Why `frame` costs what it costs for `query` under `options` (those of
   * {@link MotionDatabase.search}, `forced` included; `mode` changes nothing): `cost` the exact
   * total the search compares (equal, bit for bit, to the cost a search that finds the frame
   * reports), `features` the feature distance d in it (before the rules: the sum of the
   * normalised squared differences in float, in dimension order), `groups` each feature group's
   * part of d ({@link MotionDatabase.groupCosts}), `multiplier` and `additive` the rules'
   * factors (cost = multiplier·d + additive, plus `bias`), `bias` the bias added (outside the
   * current frame's clip), `blocked` whether a rule keeps the frame from being found, and
   * `candidate` whether the search considers it at all (tags, exclusions and blocks passed).
   * @param query - Float32Array of `dims` floats, not normalised (finite)
   * @param frame - (integer in [0, frames)) the frame
   * @param options - (optional) the search's options (`MotionSearchOptions`)
   */
  costBreakdown(query: Float32Array, frame: number, options?: MotionSearchOptions): MotionCostBreakdown {
    const fn = 'MotionDatabase.costBreakdown';
    const dims = own(this, fn).sizes.dims;
    const [current, require, exclude, bias, excludeEnd, excludeNear, , forced] = searchArgs(
      fn,
      this,
      options,
    );
    const q = finiteQuery(fn, query, dims);
    this.#frame('costBreakdown', 'frame', frame);
    const groups = MotionDatabase.prototype.groupCosts.call(this, q, frame) as Float64Array;
    // the search's distance: the normalised query against the frame's features, in float
    const f = MotionDatabase.prototype.normalizedFeatures.call(this, frame);
    const db = view(this, 'db'),
      dp = (dims + 3) & ~3;
    let d = 0;
    for (let j = 0; j < dims; j++) {
      const sc = db[dp + j],
        e = Math.fround((sc === 0 ? 0 : Math.fround(Math.fround(q[j] - db[j]) / sc)) - f[j]);
      d = Math.fround(d + Math.fround(e * e));
    }
    d = saturate(d);
    const range = this.rangeOf(frame),
      mine = current >= 0 ? this.rangeOf(current) : null;
    const { multiplier, additive, blocked } = this.#ruleOf(frame, current, forced === 1);
    const b = mine && mine.start !== range.start ? Math.fround(bias) : 0;
    // the search's order: m·d, + a, + bias, each rounded to float and saturated
    const md = saturate(Math.fround(multiplier * d)),
      cost = saturate(Math.fround(saturate(Math.fround(md + additive)) + b));
    const t = this.#tags[frame];
    let candidate = (t & require) === require && (t & exclude) === 0;
    if (frame !== current) {
      let near = Infinity;
      if (mine && mine.start === range.start) {
        near = Math.abs(frame - current);
        if (range.loop) near = Math.min(near, range.stop - range.start - near);
      }
      const end = range.loop ? range.stop : Math.max(range.start, range.stop - excludeEnd);
      candidate &&= frame < end && near >= excludeNear && !blocked;
    }
    return { cost, features: d, groups, multiplier, additive, bias: b, blocked, candidate };
  }

  /** The rules' factors of `frame` in a search from `current` (forced or not): multiplier and
   *  additive cost in float, and whether it is blocked there (the current frame never is, nor a
   *  frame of its run of blocked frames within its clip). */
  #ruleOf(
    frame: number,
    current: number,
    forced: boolean,
  ): { multiplier: number; additive: number; blocked: boolean } {
    if (this.#rules.length === 0) return { multiplier: 1, additive: 0, blocked: false };
    const frames = size(this, 'frames'),
      clips = this.#ranges.length / (this.#mirror ? 2 : 1);
    this.#factors ??= ruleFactors(
      this.#rules,
      this.#ranges.map((r, k) => ({ clip: k % clips, start: r.start })),
      frames,
    );
    const set = forced ? frames : 0,
      f = this.#factors;
    let blocked = f.blocked[set + frame] === 1 && frame !== current;
    if (blocked && current >= 0) {
      // open when the frames from the current one to this one are all blocked, within one clip
      const range = this.rangeOf(frame);
      if (current >= range.start && current < range.stop) {
        blocked = false;
        for (let i = Math.min(frame, current); i <= Math.max(frame, current); i++)
          blocked ||= f.blocked[set + i] === 0;
      }
    }
    return { multiplier: f.multipliers[set + frame], additive: f.additives[set + frame], blocked };
  }

  /**
   * Writes the values of custom feature groups into `query` ({@link MotionCustomFeature}): by
   * name, a number or `floats` numbers each, finite within float range. Throws, naming the
   * value, for an unknown name, a wrong count or a value that is not finite (and writes none).
   * @param query - Float32Array of at least `dims` floats: the query to write into
   * @param features - the values by name: `{ phase: [Math.sin(p), Math.cos(p)] }`
   * @returns query
   */
  setFeatures(
    query: Float32Array,
    features: { readonly [name: string]: number | ArrayLike<number> },
  ): Float32Array {
    const fn = 'MotionDatabase.setFeatures';
    const dims = own(this, fn).sizes.dims;
    writeCustom(
      fn,
      'features',
      this.#customs,
      features,
      fresh(query, floats(fn, 'query', query, dims), dims),
    );
    return query;
  }

  /**
   * The pose of `frame` (13·bones floats; a mirrored frame mirrored), into `out` if given.
   * @param frame - (integer in [0, frames)) the frame
   * @param out - (optional) a Float32Array of at least 13·bones floats to write into
   */
  pose(frame: number, out?: Float32Array): Float32Array {
    const bones = own(this, 'MotionDatabase.pose').sizes.bones;
    this.#frame('pose', 'frame', frame);
    const n = 13 * bones;
    const held = out === undefined ? -1 : floats('MotionDatabase.pose', 'out', out, n);
    const r = out === undefined ? new Float32Array(n) : fresh(out, held, n);
    if (frame < this.#unmirrored) r.set(this.#poses.subarray(frame * n, frame * n + n));
    else mirrorPose(r, 0, this.#poses, (frame - this.#unmirrored) * n, bones, this.#mirror!);
    return held < 0 ? (out ?? r) : r;
  }

  /**
   * The tag bits of `frame`.
   * @param frame - (integer in [0, frames)) the frame
   */
  tags(frame: number): number {
    own(this, 'MotionDatabase.tags');
    this.#frame('tags', 'frame', frame);
    return this.#tags[frame];
  }

  /**
   * Whether contact `k` (of `contactBones`) is in contact at `frame`.
   * @param frame - (integer in [0, frames)) the frame
   * @param k - (integer) the contact, an index into `contactBones`
   */
  contact(frame: number, k: number): boolean {
    own(this, 'MotionDatabase.contact');
    this.#frame('contact', 'frame', frame);
    integer('MotionDatabase.contact', 'k', k, 0, this.#contactBones.length - 1);
    return this.#contacts[frame * this.#contactBones.length + k] !== 0;
  }

  /**
   * The range (clip) that holds `frame`.
   * @param frame - (integer in [0, frames)) the frame
   */
  rangeOf(frame: number): MotionRange {
    own(this, 'MotionDatabase.rangeOf');
    this.#frame('rangeOf', 'frame', frame);
    let lo = 0,
      hi = this.#ranges.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#ranges[mid].start <= frame) lo = mid;
      else hi = mid - 1;
    }
    return { ...this.#ranges[lo] };
  }

  /** Runs sp_motion_search for `query` and `k` in the database's own block; the results are
   *  at the returned pointer (k indices, then k costs). */
  #search(fn: string, query: Float32Array, k: number, options: MotionSearchOptions | undefined): Ptr {
    const { sizes } = own(this, fn);
    const [current, require, exclude, bias, excludeEnd, excludeNear, mode, forced] = searchArgs(
      fn,
      this,
      options,
    );
    const dims = sizes.dims;
    const q = finiteQuery(fn, query, dims);
    const p = at(this, 'query'),
      out = at(this, 'found');
    heapF32.set(q, p >> 2);
    full.sp_motion_search(
      out,
      plus(out, k),
      k,
      at(this, 'db'),
      sizes.frames,
      dims,
      sizes.ranges,
      p,
      current,
      require,
      exclude,
      bias,
      excludeEnd,
      excludeNear,
      mode,
      rulesOf(this, sizes),
      forced,
    );
    return out;
  }

  /**
   * The frame of least cost for `query` (`dims` floats, not normalised): the squared distance
   * of the normalised features (times the cost rules' multiplier, plus their additive cost:
   * {@link MotionRule}), plus `bias` outside the current frame's clip; frames a rule blocks are
   * not found. Exact: the frame a scan of every candidate finds (ties in frame order, the
   * current frame first). Returns an object the database owns, overwritten by the next search:
   * `frame` −1 when no frame is a candidate (a tag mask that excludes every frame).
   * {@link MotionDatabase.costBreakdown} tells why a frame costs what it costs.
   * @param query - Float32Array of dims floats: (any) the features searched for, not normalised; one holding NaN
   *   or ±Inf finds nothing
   * @param options - (optional) each optional: `current` (≥ −1) the frame playing now, or −1 (any other value is
   *   no frame of a range); `requireTags` the tag bits a candidate must have; `excludeTags` the tag bits it must
   *   not have; `bias` (≥ 0) cost added to the frames outside the current frame's range; `excludeEnd` (≥ 0)
   *   frames left out at the end of each range that does not loop (< 0: 0); `excludeNear` (≥ 0) frames around the
   *   current one left out (< 0: 0); `mode` the scan, boxes first, or boxes when they help (the same result)
   *   ('scan', 'boxes', 'auto'); `forced` ([0, 1]) 1 for a forced search (an input change, a clip's end): the
   *   rules for forced searches apply
   * @see the C function `sp_motion_search` in c/sprung.h
   * @c sp_motion_search options=?{current,requireTags:require_tags,excludeTags:exclude_tags,bias,excludeEnd:exclude_end,excludeNear:exclude_near,mode,forced} *
   */
  search(query: Float32Array, options?: MotionSearchOptions): MotionSearchResult {
    own(this, 'MotionDatabase.search');
    check(S.MotionDatabase_search, query, options);
    const p = this.#search('MotionDatabase.search', query, 1, options);
    this.#result.frame = heapI32[p >> 2];
    this.#result.cost = heapF32[(p >> 2) + 1];
    return this.#result;
  }

  /**
   * The `k` (at most 64) frames of least cost for `query`, best first (see
   * {@link MotionDatabase.search}): `frames` (−1 past the last candidate) and `costs`
   * (+Infinity there), new arrays.
   * @param query - Float32Array of dims floats: (any) the features searched for, not normalised; one holding NaN
   *   or ±Inf finds nothing
   * @param k - (≥ 1) frames wanted
   * @param options - (optional) each optional: `current` (≥ −1) the frame playing now, or −1 (any other value is
   *   no frame of a range); `requireTags` the tag bits a candidate must have; `excludeTags` the tag bits it must
   *   not have; `bias` (≥ 0) cost added to the frames outside the current frame's range; `excludeEnd` (≥ 0)
   *   frames left out at the end of each range that does not loop (< 0: 0); `excludeNear` (≥ 0) frames around the
   *   current one left out (< 0: 0); `mode` the scan, boxes first, or boxes when they help (the same result)
   *   ('scan', 'boxes', 'auto'); `forced` ([0, 1]) 1 for a forced search (an input change, a clip's end): the
   *   rules for forced searches apply
   * @see the C function `sp_motion_search` in c/sprung.h
   * @c sp_motion_search options=?{current,requireTags:require_tags,excludeTags:exclude_tags,bias,excludeEnd:exclude_end,excludeNear:exclude_near,mode,forced} *
   */
  searchBest(
    query: Float32Array,
    k: number,
    options?: MotionSearchOptions,
  ): { frames: Int32Array; costs: Float32Array } {
    own(this, 'MotionDatabase.searchBest');
    check(S.MotionDatabase_searchBest, query, k, options);
    integer('MotionDatabase.searchBest', 'k', k, 1, MAX_K);
    const p = this.#search('MotionDatabase.searchBest', query, k, options);
    return {
      frames: heapI32.slice(p >> 2, (p >> 2) + k),
      costs: heapF32.slice((p >> 2) + k, (p >> 2) + 2 * k),
    };
  }
}
getters(MotionDatabase, size, 'frames', 'dims', 'bones');

/** Options of {@link MotionSearchBatch.search}: those of {@link MotionSearchOptions} shared by every query. */
export type MotionBatchSearchOptions = Pick<
  MotionSearchOptions,
  'bias' | 'excludeEnd' | 'excludeNear' | 'mode'
>;

/**
 * Many searches of one database in one WebAssembly call (a crowd): write each query's
 * features into `queries` (query i at `i·dims`), its current frame into `currents` (−1: none),
 * its tag masks into `tags` (required at 2i, excluded at 2i + 1) and whether it is forced into
 * `forced` (1, or 0: the default), call `search()`, read
 * the `k` best frames of query i from `frames` and `costs` at `i·k`. The arrays are views of
 * WASM memory (read them again after other sprung calls). Call `dispose()` when done; the
 * database must outlive it.
 */
export class MotionSearchBatch extends Batch<
  'queries' | 'currents' | 'tags' | 'forced' | 'frames' | 'costs'
> {
  readonly #db: MotionDatabase;
  #ints: Partial<Record<'currents' | 'tags' | 'forced' | 'frames', Int32Array>> = {};

  /**
   * Room for `count` queries of `database`, each finding its `k` best frames.
   * @param database - the database searched
   * @param count - (integer in [1, 2^20]) number of queries
   * @param k - (integer in [1, 64]) frames found per query; default 1
   */
  constructor(database: MotionDatabase, count: number, k = 1) {
    const fn = 'MotionSearchBatch';
    ready(fn);
    if (!(database instanceof MotionDatabase) || database.disposed)
      throw new TypeError(
        `sprung.${fn}: database must be a MotionDatabase (not disposed), got ${show(database)}`,
      );
    integer(fn, 'count', count, 1, 1 << 20);
    integer(fn, 'k', k, 1, MAX_K);
    const dims = database.dims;
    super(
      fn,
      count,
      [
        ['queries', count * dims],
        ['currents', count],
        ['tags', 2 * count],
        ['forced', count],
        ['frames', count * k],
        ['costs', count * k],
      ],
      'count',
      { k },
    );
    this.#db = database;
    this.currents.fill(-1);
  }

  /** An Int32Array view of field `f` of `n` ints, renewed when memory grew. */
  #int(f: 'currents' | 'tags' | 'forced' | 'frames', n: number): Int32Array {
    const v = this.#ints[f];
    if (v !== undefined && v.buffer === heapI32.buffer) return v;
    return (this.#ints[f] = new Int32Array(heapI32.buffer, at(this, f), n));
  }

  /** Frames found per query. */
  declare readonly k: number;
  /** The queries, `dims` floats each, not normalised. They are not checked (a crowd's are
   *  written every frame): a query holding NaN or ±Infinity finds no frame (−1). */
  declare readonly queries: Float32Array;
  /** Each query's current frame, or −1; one outside [0, frames) counts as −1. */
  get currents(): Int32Array {
    const b = own(this, 'MotionSearchBatch.currents');
    return this.#int('currents', b.count);
  }
  /** Each query's required and excluded tag bits (2 per query). */
  get tags(): Int32Array {
    const b = own(this, 'MotionSearchBatch.tags');
    return this.#int('tags', 2 * b.count);
  }
  /** Whether each query's search is forced (1) or not (0, the default): the database's cost
   *  rules for forced searches apply to it ({@link MotionRule}`.when`). */
  get forced(): Int32Array {
    const b = own(this, 'MotionSearchBatch.forced');
    return this.#int('forced', b.count);
  }
  /** The frames found, `k` per query, best first; −1 past the last candidate. */
  get frames(): Int32Array {
    const b = own(this, 'MotionSearchBatch.frames');
    return this.#int('frames', b.count * b.sizes.k);
  }
  /** Their costs; +Infinity past the last candidate. */
  declare readonly costs: Float32Array;

  /**
   * Searches the first `count` queries (default all) in one call, each as
   * {@link MotionDatabase.searchBest} would.
   * @param options - (optional) each optional: `bias` (≥ 0) cost added to the frames outside the current frame's
   *   range; `excludeEnd` (≥ 0) frames left out at the end of each range that does not loop (< 0: 0);
   *   `excludeNear` (≥ 0) frames around the current one left out (< 0: 0); `mode` the scan, boxes first, or boxes
   *   when they help (the same result) ('scan', 'boxes', 'auto')
   * @param count - (optional) (≥ 0) queries
   * @see the C function `sp_motion_search_batch` in c/sprung.h
   * @c sp_motion_search_batch options=?{bias,excludeEnd:exclude_end,excludeNear:exclude_near,mode} count=n *
   */
  search(options?: MotionBatchSearchOptions, count?: number): this {
    const fn = 'MotionSearchBatch.search';
    const b = own(this, fn);
    check(S.MotionSearchBatch_search, options, count);
    const n = count ?? b.count;
    integer(fn, 'count', n, 0, b.count);
    if (this.#db.disposed) throw new TypeError(`sprung.${fn}: its database was disposed`);
    const [, , , bias, excludeEnd, excludeNear, mode] = searchArgs(fn, this.#db, options);
    const { sizes } = own(this.#db, 'MotionDatabase.search');
    full.sp_motion_search_batch(
      at(this, 'frames'),
      at(this, 'costs'),
      b.sizes.k,
      at(this.#db, 'db'),
      sizes.frames,
      sizes.dims,
      sizes.ranges,
      at(this, 'queries'),
      at(this, 'currents'),
      at(this, 'tags'),
      bias,
      excludeEnd,
      excludeNear,
      mode,
      rulesOf(this.#db, sizes),
      at(this, 'forced'),
      n,
    );
    return this;
  }
}
getters(MotionSearchBatch, view, 'queries', 'costs');
getters(MotionSearchBatch, size, 'k');
