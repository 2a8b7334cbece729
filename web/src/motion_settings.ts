/**
 * What a motion-matched character is told and how it is tuned: its input
 * ({@link MotionInput}), its settings ({@link MotionControllerSettings}) and options, the report
 * of a search ({@link MotionSearchReport}), and the checks of each before a frame changes
 * anything (a TypeError for what is not such a value, a RangeError for a number out of its
 * domain, naming the argument).
 * @packageDocumentation
 */
import type { Quat, Vec3 } from './types.js';
import { integer, isFiniteNonNegative, nonNegative, show } from './check.js';
import type { MotionSearchOptions } from './motion_database.js';
import type { Q } from './motion_vectors.js';

/** What moves the character: the desired velocity and facing, in the world. */
export interface MotionInput {
  /** Desired velocity (m/s); its y is ignored. */
  velocity: Vec3;
  /** Desired facing, a yaw about +Y; default: toward `velocity` while it is faster than 0.2 m/s, else unchanged. */
  rotation?: Quat;
  /** The query's values of the database's custom feature groups, by name (a number, or the
   *  group's `floats` numbers): a gait phase, a look-at target. A group left out keeps the
   *  playing frame's own values. */
  features?: { readonly [name: string]: number | ArrayLike<number> };
}

/** The parts of the controller and their parameters: change them at any time. */
export interface MotionControllerSettings {
  /** Seconds between searches. Default 0.1. */
  searchInterval: number;
  /** A change of the desired velocity since the last search (m/s) that searches at once. Default 1. */
  forceVelocityChange: number;
  /** A change of the desired facing since the last search (rad) that searches at once. Default 0.5. */
  forceRotationChange: number;
  /** The search's tags, bias, exclusions and mode (its `current` is the playing frame, and it
   *  is `forced` when the input's change or a clip's end forces it). When
   *  no frame passes them (a tag mask that excludes every frame), the character plays on and
   *  holds the last frame of a clip that ends, searching again every update there. */
  search: Omit<MotionSearchOptions, 'current' | 'forced'>;
  /** Candidates kept with their costs by feature group ({@link MotionController.lastSearch}):
   *  the search then finds the best this many, and prunes less (4 takes several times as long
   *  as 1). Default 1. */
  candidates: number;
  /** Cost a switch must save: the frame found replaces the one playing only when its cost
   *  is lower by more than this (a bias for the continuing pose, as UE's Pose Search has;
   *  Holden's code has none). Without it, steady input over repetitive data switches 3–9
   *  times a second between near-identical cycles (the dance card); 0.25 keeps it at most
   *  twice and follows 90° and 180° turns as fast. Default 0.25. */
  switchCost: number;
  /** How switches blend: `'spring'` ({@link PoseInertializer}), `'cubic'` ({@link CubicPoseInertializer}) or `'none'`. Default `'spring'`. */
  inertialization: 'spring' | 'cubic' | 'none';
  /** Halflife (s) of the spring inertializer. Default 0.1. */
  halflife: number;
  /** Blend time (s) of the cubic inertializer. Default 0.2. */
  blendtime: number;
  /** Halflife (s) of the simulation's velocity spring. Default 0.27. */
  simulationVelocityHalflife: number;
  /** Halflife (s) of the simulation's rotation spring. Default 0.27. */
  simulationRotationHalflife: number;
  /** Adjust the character toward the simulation. Default true. */
  adjustment: boolean;
  /** Adjust no faster than a ratio of the character's own speed (the article's by-velocity form). Default true. */
  adjustmentByVelocity: boolean;
  /** Halflife (s) of the position adjustment. Default 0.1. */
  adjustPositionHalflife: number;
  /** Halflife (s) of the rotation adjustment. Default 0.2. */
  adjustRotationHalflife: number;
  /** Largest position adjustment as a ratio of the distance moved. Default 0.5. */
  adjustPositionMaxRatio: number;
  /** Largest rotation adjustment as a ratio of the angle turned. Default 0.5. */
  adjustRotationMaxRatio: number;
  /** Keep the character within `clampDistance` and `clampAngle` of the simulation. Default true. */
  clamping: boolean;
  /** Largest distance (m) from the simulation. Default 0.15. */
  clampDistance: number;
  /** Largest angle (rad) from the simulation's facing. Default π/2. */
  clampAngle: number;
  /** Lock feet in contact and plant them by IK (needs the database's `contactBones`). Default true. */
  footLocking: boolean;
  /** Distance (m) from its locked point at which a foot unlocks; a contact starts only this
   *  close to where it would lock. Default 0.2. */
  footUnlockRadius: number;
  /** Height (m) of a locked foot's point above the ground. Default 0.02. */
  footHeight: number;
  /** Halflife (s) of the foot's blend into and out of its lock. Default 0.1. */
  footHalflife: number;
  /** How far short of full extension (m) the IK stops a leg. Default 0.015. */
  footLengthBuffer: number;
}

/** Options of {@link MotionController}: its settings, and where the character starts. */
export interface MotionControllerOptions extends Partial<MotionControllerSettings> {
  /** The first frame played. Default the first frame of the first clip. */
  frame?: number;
  /** Seconds of updates before the first search (≥ 0). Default 0, the first update; a
   *  {@link MotionCrowd} spreads its characters' over the search interval instead. */
  firstSearch?: number;
  /** Where the character starts (its bone 0, on the ground). Default the origin. */
  position?: Vec3;
  /** Its facing, a yaw about +Y. Default facing +Z. */
  rotation?: Quat;
  /** The bone at the end of each contact's IK chain (its parent and grandparent turn), in the
   *  order of the database's `contactBones`: e.g. the heel when the contact bone is a toe.
   *  Default each contact bone itself. Each chain's knee bends about its own hinge axis, found
   *  from the database's poses ({@link Skeleton.hingeAxis}). */
  ikBones?: readonly (number | string)[];
}

/** A search and its best candidates, as {@link MotionController.lastSearch} keeps them. */
export interface MotionSearchReport {
  /** Seconds of the controller's clock when it ran. */
  time: number;
  /** Whether the input's change or the end of a clip forced it. */
  forced: boolean;
  /** The frame playing when it ran (−1 at the end of a clip) and the frame found (−1: none). */
  from: number;
  frame: number;
  /** The frame found's cost. */
  cost: number;
  /** Microseconds the search took (performance.now(); a crowd's batch split evenly). */
  microseconds: number;
  /** The best candidates, best first: frame, cost and each feature group's part of it (see
   *  {@link MotionDatabase.groupCosts}). */
  candidates: { frame: number; cost: number; groups: Float64Array }[];
}

/** @internal */
export const DEFAULTS: MotionControllerSettings = {
  searchInterval: 0.1,
  forceVelocityChange: 1,
  forceRotationChange: 0.5,
  search: {},
  candidates: 1,
  switchCost: 0.25,
  inertialization: 'spring',
  halflife: 0.1,
  blendtime: 0.2,
  simulationVelocityHalflife: 0.27,
  simulationRotationHalflife: 0.27,
  adjustment: true,
  adjustmentByVelocity: true,
  adjustPositionHalflife: 0.1,
  adjustRotationHalflife: 0.2,
  adjustPositionMaxRatio: 0.5,
  adjustRotationMaxRatio: 0.5,
  clamping: true,
  clampDistance: 0.15,
  clampAngle: Math.PI / 2,
  footLocking: true,
  footUnlockRadius: 0.2,
  footHeight: 0.02,
  footHalflife: 0.1,
  footLengthBuffer: 0.015,
};

/** Throws unless `v` is an object whose `fields` are finite numbers: a TypeError for what is no
 *  such object, a RangeError for a number that is not finite (the input policy). @internal */
export function finiteFields(fn: string, name: string, v: unknown, fields: readonly (keyof Q)[]): void {
  const shape = `{${fields.join(', ')}}`;
  if (typeof v !== 'object' || v === null)
    throw new TypeError(`sprung.${fn}: ${name} must be a finite ${shape}, got ${show(v)}`);
  for (const k of fields) {
    const x = (v as Q)[k];
    if (typeof x !== 'number')
      throw new TypeError(`sprung.${fn}: ${name}.${k} must be a number, got ${show(x)}`);
    if (!Number.isFinite(x))
      throw new RangeError(`sprung.${fn}: ${name}.${k} must be finite, got ${show(x)}`);
  }
}
/** The fields of a vector and of a quaternion. @internal */
export const VEC = ['x', 'y', 'z'] as const,
  QUAT = ['x', 'y', 'z', 'w'] as const;
/** Throws unless `q` is a rotation: finite, and not zero (it is normalised where it is used). @internal */
export function rotationArg(fn: string, name: string, q: unknown): void {
  finiteFields(fn, name, q, QUAT);
  const { x, y, z, w } = q as Q;
  if (!(Math.hypot(x, y, z, w) > 1e-12))
    throw new RangeError(`sprung.${fn}: ${name} must be a rotation, got a zero quaternion`);
}
/** Throws unless `input` is a MotionInput (`name` names it in the message). @internal */
export function inputArg(fn: string, name: string, input: unknown): void {
  if (typeof input !== 'object' || input === null)
    throw new TypeError(
      `sprung.${fn}: ${name} must be an object { velocity, rotation? }, got ${show(input)}`,
    );
  const { velocity, rotation } = input as MotionInput;
  finiteFields(fn, `${name}.velocity`, velocity, VEC);
  if (rotation !== undefined) rotationArg(fn, `${name}.rotation`, rotation);
}

/** The settings that are numbers of time or size, ≥ 0. */
const NON_NEGATIVE = [
  'searchInterval',
  'forceVelocityChange',
  'forceRotationChange',
  'halflife',
  'blendtime',
  'simulationVelocityHalflife',
  'simulationRotationHalflife',
  'adjustPositionHalflife',
  'adjustRotationHalflife',
  'adjustPositionMaxRatio',
  'adjustRotationMaxRatio',
  'clampDistance',
  'clampAngle',
  'footUnlockRadius',
  'footHalflife',
  'footLengthBuffer',
  'switchCost',
] as const;
const BLENDS: readonly unknown[] = ['spring', 'cubic', 'none'];
/** Checks the settings before an update; throws naming the setting. @internal */
export function checkSettings(fn: string, s: MotionControllerSettings): void {
  for (const k of NON_NEGATIVE)
    if (!isFiniteNonNegative(s[k]) && !(k.startsWith('force') && s[k] === Infinity))
      nonNegative(fn, `settings.${k}`, s[k]);
  if (!Number.isFinite(s.footHeight))
    throw new RangeError(
      `sprung.${fn}: settings.footHeight must be a finite number, got ${show(s.footHeight)}`,
    );
  if (!BLENDS.includes(s.inertialization))
    throw new TypeError(
      `sprung.${fn}: settings.inertialization must be one of 'spring', 'cubic', 'none', got ${show(s.inertialization)}`,
    );
  integer(fn, 'settings.candidates', s.candidates, 1, 64);
}
