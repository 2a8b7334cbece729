/**
 * What a {@link MotionDatabase} is made of: its clips, its feature groups and its cost rules
 * (the types its constructor, its bytes and their readers share).
 * @packageDocumentation
 */
import type { Inertializer } from './gen/constants.js';

/** A skeleton: `parents[i]` is bone i's parent (−1 for bone 0, the simulation bone; < i for the others). */
export interface MotionSkeleton {
  /** Each bone's parent: −1 for bone 0, in [0, i) for bone i. */
  parents: ArrayLike<number>;
  /** Bone names, so that features and contacts may name bones. */
  names?: string[];
}

/**
 * A clip: `poses` holds frames × 13·bones floats, each frame a pose in the pose layout.
 * `tags` is a bit mask per frame (searches can require or exclude bits); `contacts` holds,
 * per frame, one 0/1 per bone of {@link MotionDatabaseOptions.contactBones}, in that order
 * (frame f, contact c at `f·contactBones.length + c`); `features` the values of the custom
 * feature groups by name (frame f of a group of n floats at `f·n`).
 */
export interface MotionClip {
  name: string;
  poses: Float32Array;
  /** A looping clip plays on from its first frame after its last; its trajectories continue through it. */
  loop?: boolean;
  /** A bit mask per frame (32-bit integers). */
  tags?: ArrayLike<number>;
  /** Foot contacts per frame (0 or 1 each), as `contactBones` lists the feet. */
  contacts?: ArrayLike<number>;
  /** The values of custom feature groups (`{ type: 'custom', name }`) by name: `floats` per
   *  frame, frame after frame (a group's `value` function computes those a clip leaves out). */
  features?: { readonly [name: string]: ArrayLike<number> };
}

/** The clips of a database and what they share: what the importers and the dance card make. */
export interface MotionData {
  skeleton: MotionSkeleton;
  /** Frames per second of every clip. */
  frameRate: number;
  clips: readonly MotionClip[];
  /** Each bone's mirror image (left ↔ right), used by `mirror: true`. */
  mirror?: ArrayLike<number>;
}

/** A bone, by index or by name (`skeleton.names`). */
export type BoneRef = number | string;

/**
 * A custom feature group: values the game gives, `floats` per frame (a gait phase, a look-at
 * target, a prop's position, a gameplay value), normalised and weighted like the others. Each
 * clip gives them in `MotionClip.features[name]`, or `value(pose, frame, clip)` computes them
 * from the frame's pose (13·bones floats, the pose layout; a mirrored copy's pose mirrored).
 * A mirrored copy's values from an array are multiplied by `mirror` (one factor per float,
 * default 1: e.g. −1 for a target's x). A search's query holds them at the group's floats:
 * {@link MotionDatabase.setFeatures} writes them, and `MotionInput.features` gives them to a
 * controller each frame.
 */
export interface MotionCustomFeature {
  type: 'custom';
  /** The group's name: how clips, queries and inputs give its values. */
  name: string;
  /** Floats per frame (1 to 256). Default 1. */
  floats?: number;
  /** Relative weight, in [0, 1e9]. Default 1. */
  weight?: number;
  /** The values of frame `frame` (of the clip) from its pose, for clips that give no array. */
  value?: (pose: Float32Array, frame: number, clip: MotionClip) => number | ArrayLike<number>;
  /** The factor of each float in a mirrored copy of values a clip gives. Default all 1. */
  mirror?: readonly number[];
}

/**
 * One feature group: normalised together (one standard deviation, Holden's scheme), weighted
 * by `weight` (default 1). Bone features are in character space (relative to bone 0):
 * `position`, `velocity`, and `inertialization`, the feature cp·position + cv·velocity whose
 * distance between two frames is the approximate transition cost of switching between them
 * (see {@link inertializationFeatureCoefficients}; default the spring inertializer, halflife
 * 0.1 s, blend time 0.2 s). Trajectory features sample bone 0 `frames` frames ahead, as x, z
 * in character space: `trajectoryPosition` its position, `trajectoryDirection` its facing
 * (+Z). A bone feature is 3 floats per frame, a trajectory one 2 per sample, a custom one
 * ({@link MotionCustomFeature}) its `floats`. Weights are relative, in [0, 1e9]: a frame's
 * normalised feature is at most 256·√frames deviations from the mean, so with weights up to
 * 1e9 every cost between two of the database's frames fits in a float.
 */
export type MotionFeature =
  | { type: 'position' | 'velocity'; bone: BoneRef; weight?: number }
  | { type: 'trajectoryPosition' | 'trajectoryDirection'; frames: readonly number[]; weight?: number }
  | {
      type: 'inertialization';
      bone: BoneRef;
      weight?: number;
      inertializer?: Inertializer;
      halflife?: number;
      blendtime?: number;
    }
  | MotionCustomFeature;

/**
 * A cost rule on frames of a clip (and of its mirrored copy), as UE's Pose Search notify
 * states and Motion Symphony's tags give them. A frame's cost in a search is m·d + a: d the
 * distance of its features to the query, m the product of the multipliers of the rules that
 * cover it, a the sum of their additive costs (in float, in the order of the rules). `block`
 * keeps the frames from being transitioned into: no search finds them, but once playing (the
 * search's current frame among them) the character plays on through them, and may jump within
 * the same run of blocked frames. `when` limits the rule to forced searches (an input change,
 * a clip's end) or to the others.
 * @example
 * const rules = [
 *   { clip: 'idle', multiplier: 0.8 }, // prefer the idle loop by 20 %
 *   { clip: 'stumble', block: true, when: 'unforced' }, // never enter this stumble unless forced
 *   { clip: 'walk', start: 120, stop: 180, additive: 0.5 }, // avoid the scuff in the walk
 * ];
 * // new MotionDatabase(data, { features, rules })
 */
export interface MotionRule {
  /** The clip: its name, or its index in `data.clips`. */
  clip: string | number;
  /** The first frame of the clip the rule covers. Default 0. */
  start?: number;
  /** One past the last frame it covers. Default the clip's end. */
  stop?: number;
  /** Multiplies the feature cost (finite, ≥ 0; below 1 favours the frames, above 1 disfavours
   *  them): one number, or one per frame of [start, stop). Default 1. */
  multiplier?: number | ArrayLike<number>;
  /** Added to the cost (finite; negative favours the frames): one number, or one per frame of
   *  [start, stop). Default 0. */
  additive?: number | ArrayLike<number>;
  /** The frames may not be transitioned into (they play on once entered). Default false. */
  block?: boolean;
  /** The searches it applies to: `'all'` (default), `'unforced'` (the timer's) or `'forced'`. */
  when?: 'all' | 'unforced' | 'forced';
}

/**
 * A {@link MotionRule} as a {@link MotionDatabase} applies it (`db.rules`, and its bytes): the
 * clip by index, every field present, a per-frame multiplier or additive cost as floats.
 */
export interface AppliedMotionRule {
  /** The clip's index in `data.clips`. */
  clip: number;
  /** The first frame of the clip the rule covers. */
  start: number;
  /** One past the last frame it covers. */
  stop: number;
  /** The multiplier: one number, or one per frame of [start, stop). */
  multiplier: number | Float32Array;
  /** The additive cost: one number, or one per frame of [start, stop). */
  additive: number | Float32Array;
  /** The frames may not be transitioned into. */
  block: boolean;
  /** The searches it applies to. */
  when: 'all' | 'unforced' | 'forced';
}

/** Options of {@link MotionDatabase}. */
export interface MotionDatabaseOptions {
  /** The feature groups, in order: their floats make up a frame's features (at most 256). */
  features: readonly MotionFeature[];
  /** The feet whose contacts the clips give (`MotionClip.contacts`), by index or name. */
  contactBones?: readonly BoneRef[];
  /** Adds every clip mirrored left ↔ right (across the character's YZ plane) with this bone
   *  map, or `data.mirror` for `true`; the mirrored frames follow all the others. */
  mirror?: boolean | ArrayLike<number>;
  /** Cost rules: multipliers, additive costs and blocked frames ({@link MotionRule}), applied
   *  in the search itself (exact, with its pruning). Default none. */
  rules?: readonly MotionRule[];
}
