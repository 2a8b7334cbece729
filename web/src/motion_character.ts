/**
 * The state and the steps of motion-matched characters, many at once: what {@link MotionController}
 * (a crowd of one) and {@link MotionCrowd} run. Per character, the JavaScript here reads the
 * input, decides when to search, builds the query, decides the switches and picks the frames
 * played; the WebAssembly core (`sp_motion_controller_update`, c/motion_controller.c) then runs
 * the frame of every character in one call — the pose's bone 0 mapped into the game's world, the
 * inertializer, the simulation object, adjustment and clamping, foot locking and IK, forward
 * kinematics — on arrays that hold the whole crowd, so that a character's `pose`, `positions`
 * and `rotations` are views of them.
 * @packageDocumentation
 */
import type { Quat, Vec3 } from './types.js';
import { heapF32, heapI32 } from './wasm.js';
import type { Ptr } from './gen/raw.js';
import { integer, isTime, nonNegative, options as optionsOf, show } from './check.js';
import { MotionDatabase, MotionSearchBatch, type MotionSearchOptions } from './motion_database.js';
import { Skeleton } from './skeleton.js';
import { Batch } from './batch.js';
import { at } from './block.js';
import { TrajectoryPredictor } from './character.js';
import { desiredRotationUpdate } from './gen/full.js';
import {
  BLEND,
  CONTACT,
  MOTION_CHARACTER as CHARACTER,
  MOTION_SETTINGS as SETTINGS,
} from './gen/constants.js';
import { ContactState } from './contact.js';
import { full } from './full.js';

/** What moves the character: the desired velocity and facing, in the world. */
export interface MotionInput {
  /** Desired velocity (m/s); its y is ignored. */
  velocity: Vec3;
  /** Desired facing, a yaw about +Y; default: toward `velocity` while it is faster than 0.2 m/s, else unchanged. */
  rotation?: Quat;
}

/** The parts of the controller and their parameters: change them at any time. */
export interface MotionControllerSettings {
  /** Seconds between searches. Default 0.1. */
  searchInterval: number;
  /** A change of the desired velocity since the last search (m/s) that searches at once. Default 1. */
  forceVelocityChange: number;
  /** A change of the desired facing since the last search (rad) that searches at once. Default 0.5. */
  forceRotationChange: number;
  /** The search's tags, bias, exclusions and mode (its `current` is the playing frame). When
   *  no frame passes them (a tag mask that excludes every frame), the character plays on and
   *  holds the last frame of a clip that ends, searching again every update there. */
  search: Omit<MotionSearchOptions, 'current'>;
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

// ---- quaternions and vectors, in plain JS ------------------------------------------------

type V = { x: number; y: number; z: number };
type Q = { x: number; y: number; z: number; w: number };

function qmul(a: Q, b: Q, o: Q): Q {
  const x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
    w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  o.x = x;
  o.y = y;
  o.z = z;
  o.w = w;
  return o;
}
function qinv(q: Q, o: Q): Q {
  o.x = -q.x;
  o.y = -q.y;
  o.z = -q.z;
  o.w = q.w;
  return o;
}
function qnorm(q: Q): Q {
  const l = Math.hypot(q.x, q.y, q.z, q.w) || 1;
  q.x /= l;
  q.y /= l;
  q.z /= l;
  q.w /= l;
  return q;
}
/** q·v·q⁻¹ into o. */
function qrot(q: Q, v: V, o: V): V {
  const tx = 2 * (q.y * v.z - q.z * v.y),
    ty = 2 * (q.z * v.x - q.x * v.z),
    tz = 2 * (q.x * v.y - q.y * v.x);
  const x = v.x + q.w * tx + (q.y * tz - q.z * ty),
    y = v.y + q.w * ty + (q.z * tx - q.x * tz),
    z = v.z + q.w * tz + (q.x * ty - q.y * tx);
  o.x = x;
  o.y = y;
  o.z = z;
  return o;
}
/** exp(w·t/2): the rotation by the angle |w|·t about w. */
function qexp(w: V, t: number, o: Q): Q {
  const a = Math.hypot(w.x, w.y, w.z) * t,
    s = a > 1e-12 ? Math.sin(a / 2) / (a / t) : t / 2;
  o.x = w.x * s;
  o.y = w.y * s;
  o.z = w.z * s;
  o.w = Math.cos(a / 2);
  return o;
}
const v3 = (x = 0, y = 0, z = 0): V => ({ x, y, z });
const q4 = (x = 0, y = 0, z = 0, w = 1): Q => ({ x, y, z, w });
function getV(a: Float32Array, i: number, o: V): V {
  o.x = a[i];
  o.y = a[i + 1];
  o.z = a[i + 2];
  return o;
}
function setV(a: Float32Array, i: number, v: V): void {
  a[i] = v.x;
  a[i + 1] = v.y;
  a[i + 2] = v.z;
}
function getQ(a: Float32Array, i: number, o: Q): Q {
  getV(a, i, o);
  o.w = a[i + 3];
  return o;
}
function setQ(a: Float32Array, i: number, q: Q): void {
  setV(a, i, q);
  a[i + 3] = q.w;
}

// ---- checks -----------------------------------------------------------------------------

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
const VEC = ['x', 'y', 'z'] as const,
  QUAT = ['x', 'y', 'z', 'w'] as const;
/** Throws unless `q` is a rotation: finite, and not zero (it is normalised where it is used). */
function rotationArg(fn: string, name: string, q: unknown): void {
  finiteFields(fn, name, q, QUAT);
  const { x, y, z, w } = q as Q;
  if (!(Math.hypot(x, y, z, w) > 1e-12))
    throw new RangeError(`sprung.${fn}: ${name} must be a rotation, got a zero quaternion`);
}
/** Throws unless `input` is a MotionInput (`name` names it in the message). */
function inputArg(fn: string, name: string, input: unknown): void {
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
/** Checks the settings before an update; throws naming the setting. */
function checkSettings(fn: string, s: MotionControllerSettings): void {
  for (const k of NON_NEGATIVE)
    if (!isTime(s[k]) && !(k.startsWith('force') && s[k] === Infinity))
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

// ---- the arrays of a crowd --------------------------------------------------------------

type Field =
  | 'input'
  | 'offset'
  | 'blended'
  | 'pose'
  | 'positions'
  | 'rotations'
  | 'characters'
  | 'contacts'
  | 'states'
  | 'settings'
  | 'contactBones'
  | 'ikBones'
  | 'hinges'
  | 'scratch';
const STRUCT = { characters: 32, settings: 19, contacts: 20 } as const;

/** The WebAssembly arrays of `count` characters of `bones` bones and `contacts` contacts each. */
class CrowdArrays extends Batch<Field> {
  constructor(fn: string, count: number, bones: number, contacts: number) {
    const pose = 13 * bones * count;
    super(
      fn,
      count,
      [
        ['input', pose],
        ['offset', pose],
        ['blended', pose],
        ['pose', pose],
        ['positions', 3 * bones * count],
        ['rotations', 4 * bones * count],
        ['characters', STRUCT.characters * count],
        ['contacts', STRUCT.contacts * contacts * count],
        ['states', contacts * count],
        ['settings', STRUCT.settings * count],
        ['contactBones', contacts],
        ['ikBones', contacts],
        ['hinges', 3 * contacts],
        ['scratch', 13 * bones],
      ],
      'count',
      { bones, contacts },
    );
  }
}

/** The hinge axis of each IK chain's knee, by database and chain end, found once (null: none). */
const hinges = new WeakMap<MotionDatabase, Map<number, Vec3 | null>>();
/** At most this many frames of the database are read to find a hinge axis. */
const HINGE_SAMPLES = 1024;

/** The hinge axis of the chain ending at `bone`, from frames spread over the whole database. */
function hingeOf(db: MotionDatabase, skeleton: Skeleton, bone: number): Vec3 | null {
  let found = hinges.get(db);
  if (found === undefined) hinges.set(db, (found = new Map()));
  if (found.has(bone)) return found.get(bone)!;
  const stride = 13 * db.bones,
    m = Math.min(db.frames, HINGE_SAMPLES);
  const poses = new Float32Array(m * stride);
  for (let i = 0; i < m; i++) db.pose(Math.floor((i * db.frames) / m), poses.subarray(i * stride));
  const axis = skeleton.hingeAxis(poses, bone);
  found.set(bone, axis);
  return axis;
}

/** Searches a character remembers (6.4 s at the default 10 a second). @internal */
export const HISTORY = 64;

/** Each member's JS-side state: what decides its searches and switches, and its frame. @internal */
export class Character {
  readonly settings: MotionControllerSettings;
  readonly predictor: TrajectoryPredictor;
  /** Each trajectory declaration's sample in the predictor. */
  readonly query: Float32Array;
  readonly desiredVelocity = v3();
  readonly desiredRotation = q4();
  readonly searchedVelocity = v3();
  readonly searchedRotation = q4();
  readonly simulation = {
    position: v3(),
    velocity: v3(),
    acceleration: v3(),
    rotation: q4(),
    angularVelocity: v3(),
  };
  readonly contacts: ContactState[];
  frame: number;
  /** The range (clip) of `frame`. */
  range: { start: number; stop: number; loop: boolean };
  fraction = 0;
  time = 0;
  searchTimer = 0;
  switched = false;
  switches = 0;
  searched = false;
  lastSearch: MotionSearchReport | null = null;
  /** The inertializer whose offset the character holds. */
  mode: MotionControllerSettings['inertialization'];
  /** The last searches, a ring of {@link HISTORY} (see {@link Character.record}). */
  readonly history = new Float64Array(HISTORY * 6);
  recorded = 0;
  /** This update's search: due, forced, from which frame. */
  due = false;
  forced = false;
  current = -1;
  /** Views of the crowd's arrays for this character, made again when memory grows. */
  #views: Record<'pose' | 'blended' | 'positions' | 'rotations', Float32Array> | null = null;

  constructor(
    readonly crowd: Crowd,
    readonly index: number,
    settings: MotionControllerSettings,
    frame: number,
  ) {
    this.settings = settings;
    this.mode = settings.inertialization;
    this.frame = frame;
    this.range = crowd.db.rangeOf(frame);
    this.query = new Float32Array(crowd.db.dims);
    this.predictor = new TrajectoryPredictor(Math.max(1, crowd.aheads.length));
    this.predictor.times.set(crowd.aheads.map((a) => a / crowd.db.frameRate));
    this.contacts = Array.from(crowd.contactBones, () => new ContactState());
  }

  /** Float index of this character's struct field `f` in heapF32. */
  at(f: keyof typeof CHARACTER): number {
    return (this.crowd.ptr('characters') >> 2) + this.index * STRUCT.characters + CHARACTER[f];
  }

  /** A live view of this character's part of crowd array `f`. */
  view(f: 'pose' | 'blended' | 'positions' | 'rotations'): Float32Array {
    if (this.#views === null || this.#views.pose.buffer !== heapF32.buffer) {
      const b = this.crowd.bones,
        i = this.index,
        c = this.crowd;
      const part = (field: Field, n: number) => new Float32Array(heapF32.buffer, c.ptr(field) + 4 * n * i, n);
      this.#views = {
        pose: part('pose', 13 * b),
        blended: part('blended', 13 * b),
        positions: part('positions', 3 * b),
        rotations: part('rotations', 4 * b),
      };
    }
    return this.#views[f];
  }

  /** The simulation object, read from the character's state. */
  readSimulation(): Character['simulation'] {
    const h = heapF32,
      s = this.simulation;
    getV(h, this.at('simulationPosition'), s.position);
    getV(h, this.at('simulationVelocity'), s.velocity);
    getV(h, this.at('simulationAcceleration'), s.acceleration);
    getQ(h, this.at('simulationRotation'), s.rotation);
    getV(h, this.at('simulationAngularVelocity'), s.angularVelocity);
    return s;
  }

  /** The contacts, read from the character's contact states. */
  readContacts(): ContactState[] {
    const h = heapF32,
      base = (this.crowd.ptr('contacts') >> 2) + this.index * this.contacts.length * STRUCT.contacts;
    this.contacts.forEach((c, k) => {
      const p = base + k * STRUCT.contacts;
      getV(h, p + CONTACT.position, c.position);
      getV(h, p + CONTACT.velocity, c.velocity);
      getV(h, p + CONTACT.point, c.point);
      getV(h, p + CONTACT.target, c.target);
      getV(h, p + CONTACT.offsetPosition, c.offsetPosition);
      getV(h, p + CONTACT.offsetVelocity, c.offsetVelocity);
      c.state = heapI32[p + CONTACT.state] !== 0;
      c.lock = heapI32[p + CONTACT.lock] !== 0;
    });
    return this.contacts;
  }

  /** Reads the input and decides whether this update searches (then builds the query). */
  plan(dt: number, input: MotionInput): void {
    const s = this.settings;
    this.switched = this.searched = false;
    this.desiredVelocity.x = input.velocity.x;
    this.desiredVelocity.y = 0;
    this.desiredVelocity.z = input.velocity.z;
    if (input.rotation !== undefined) Object.assign(this.desiredRotation, qnorm({ ...input.rotation }));
    else desiredRotationUpdate(this.desiredRotation, this.desiredVelocity, 0.2);
    // a sharp change of the input since the last search forces one now
    const dv = Math.hypot(
      this.desiredVelocity.x - this.searchedVelocity.x,
      this.desiredVelocity.z - this.searchedVelocity.z,
    );
    const d = this.desiredRotation,
      q = this.searchedRotation;
    const turned = 2 * Math.acos(Math.min(1, Math.abs(d.x * q.x + d.y * q.y + d.z * q.z + d.w * q.w)));
    const end = !this.range.loop && this.frame >= this.range.stop - 1;
    this.forced = dv >= s.forceVelocityChange || turned >= s.forceRotationChange || end;
    this.searchTimer -= dt;
    this.due = this.forced || this.searchTimer <= 0;
    this.current = end ? -1 : this.frame;
    if (this.due) this.buildQuery();
  }

  /** The query: the playing frame's features, its trajectory replaced by the simulation's
   *  predicted one seen from the character's bone 0. */
  buildQuery(): void {
    const s = this.settings,
      c = this.crowd,
      sim = this.readSimulation(),
      p = this.predictor;
    c.db.features(this.frame, this.query);
    p.predictPositions(
      sim.position,
      sim.velocity,
      sim.acceleration,
      this.desiredVelocity,
      s.simulationVelocityHalflife,
    );
    p.predictRotations(sim.rotation, sim.angularVelocity, this.desiredRotation, s.simulationRotationHalflife);
    const positions = p.positions,
      rotations = p.rotations,
      out = this.view('blended'),
      n = c.bones;
    const root = getV(out, 0, v3()),
      inv = qinv(getQ(out, 6 * n, q4()), q4()),
      a = v3(),
      r = q4();
    for (const t of c.samples) {
      if (t.direction) qrot(inv, qrot(getQ(rotations, 4 * t.sample, r), v3(0, 0, 1), a), a);
      else {
        getV(positions, 3 * t.sample, a);
        a.x -= root.x;
        a.y -= root.y;
        a.z -= root.z;
        qrot(inv, a, a);
      }
      this.query[t.offset] = a.x;
      this.query[t.offset + 1] = a.z;
    }
  }

  /** Takes the search's result: jumps to the frame found unless it is the one playing or the
   *  switch saves no more than switchCost; the inertializer blends from the pose playing to the
   *  frame found, placed where the playing one's bone 0 is. */
  apply(report: MotionSearchReport): void {
    this.searched = true;
    this.lastSearch = report;
    this.searchTimer = this.settings.searchInterval;
    Object.assign(this.searchedVelocity, this.desiredVelocity);
    Object.assign(this.searchedRotation, this.desiredRotation);
    const switched = this.decide(report);
    if (switched) this.switchTo(report.frame);
    this.record(report, switched);
  }

  /** Whether the search's frame replaces the one playing: another frame, whose cost is lower by
   *  more than switchCost (the continuing pose's bias: the same for every other frame, so the
   *  best of them is still the one found). */
  decide(report: MotionSearchReport): boolean {
    const g = report.frame;
    if (g < 0 || g === this.frame) return false;
    if (report.from < 0 || !(this.settings.switchCost > 0)) return true;
    const stay = this.crowd.db.groupCosts(this.query, report.from).reduce((a, b) => a + b, 0);
    return report.cost + this.settings.switchCost < stay;
  }

  /** Jumps to frame g: the inertializer blends from the pose playing to g's, placed where the
   *  playing one's bone 0 is. */
  switchTo(g: number): void {
    const c = this.crowd,
      n = c.bones,
      input = c.ptr('input') + 4 * 13 * n * this.index,
      scratch = c.ptr('scratch') as Ptr;
    c.db.pose(g, c.scratch());
    const character = (c.ptr('characters') + 4 * STRUCT.characters * this.index) as Ptr;
    full.sp_motion_controller_place(character, scratch, input as Ptr, (input + 4 * 6 * n) as Ptr, n);
    const offset = (c.ptr('offset') + 4 * 13 * n * this.index) as Ptr;
    this.blendMode();
    if (this.mode === 'spring') full.sp_inertialize_pose_transition(offset, input as Ptr, scratch, n);
    else if (this.mode === 'cubic')
      full.sp_inertialize_pose_cubic_transition(
        offset,
        (this.at('blendTime') << 2) as Ptr,
        input as Ptr,
        scratch,
        this.settings.blendtime,
        n,
      );
    this.frame = g;
    this.range = c.db.rangeOf(g);
    this.fraction = 0;
    this.switched = true;
    this.switches++;
  }

  /** Remembers a search: its time, the frame it ran from and the frame found, its cost, and
   *  whether it was forced and switched. */
  record(report: MotionSearchReport, switched: boolean): void {
    const h = this.history,
      i = 6 * (this.recorded++ % HISTORY);
    h[i] = report.time;
    h[i + 1] = report.from;
    h[i + 2] = report.frame;
    h[i + 3] = report.cost;
    h[i + 4] = report.forced ? 1 : 0;
    h[i + 5] = switched ? 1 : 0;
  }

  /** Takes up the settings' inertializer; one taken up after another was in use starts with
   *  no offset (its own is stale). */
  blendMode(): void {
    const mode = this.settings.inertialization;
    if (mode === this.mode) return;
    this.mode = mode;
    const n = this.crowd.bones,
      o = (this.crowd.ptr('offset') >> 2) + 13 * n * this.index;
    heapF32.fill(0, o, o + 13 * n);
    for (let i = o + 6 * n + 3; i < o + 10 * n; i += 4) heapF32[i] = 1;
    heapF32[this.at('blendTime')] = 0;
  }

  /** Plays on by dt: the frames (on to the clip's last, where a search jumps away, or round a
   *  loop), the frame's pose and contacts, the input and the settings written for the core. */
  advance(dt: number): void {
    const c = this.crowd,
      db = c.db,
      n = c.bones;
    this.time += dt;
    this.fraction += dt * db.frameRate;
    while (this.fraction >= 1) {
      this.fraction -= 1;
      if (this.frame + 1 < this.range.stop) this.frame++;
      else if (this.range.loop) this.wrap();
      else this.fraction = 0;
    }
    db.pose(this.frame, c.part('input', 13 * n, this.index));
    const nc = this.contacts.length,
      states = (c.ptr('states') >> 2) + nc * this.index;
    for (let k = 0; k < nc; k++) heapI32[states + k] = db.contact(this.frame, k) ? 1 : 0;
    const h = heapF32;
    setV(h, this.at('desiredVelocity'), this.desiredVelocity);
    setQ(h, this.at('desiredRotation'), this.desiredRotation);
    this.blendMode();
    this.writeSettings();
  }

  /** The settings, into the character's sp_motion_settings. */
  writeSettings(): void {
    const s = this.settings,
      h = heapF32,
      i = heapI32,
      p = (this.crowd.ptr('settings') >> 2) + STRUCT.settings * this.index;
    i[p + SETTINGS.inertialization] = BLEND[s.inertialization];
    h[p + SETTINGS.halflife] = s.halflife;
    h[p + SETTINGS.blendtime] = s.blendtime;
    h[p + SETTINGS.simulationVelocityHalflife] = s.simulationVelocityHalflife;
    h[p + SETTINGS.simulationRotationHalflife] = s.simulationRotationHalflife;
    i[p + SETTINGS.adjustment] = s.adjustment ? 1 : 0;
    i[p + SETTINGS.adjustmentByVelocity] = s.adjustmentByVelocity ? 1 : 0;
    h[p + SETTINGS.adjustPositionHalflife] = s.adjustPositionHalflife;
    h[p + SETTINGS.adjustRotationHalflife] = s.adjustRotationHalflife;
    h[p + SETTINGS.adjustPositionMaxRatio] = s.adjustPositionMaxRatio;
    h[p + SETTINGS.adjustRotationMaxRatio] = s.adjustRotationMaxRatio;
    i[p + SETTINGS.clamping] = s.clamping ? 1 : 0;
    h[p + SETTINGS.clampDistance] = s.clampDistance;
    h[p + SETTINGS.clampAngle] = s.clampAngle;
    i[p + SETTINGS.footLocking] = s.footLocking ? 1 : 0;
    h[p + SETTINGS.footUnlockRadius] = s.footUnlockRadius;
    h[p + SETTINGS.footHeight] = s.footHeight;
    h[p + SETTINGS.footHalflife] = s.footHalflife;
    h[p + SETTINGS.footLengthBuffer] = s.footLengthBuffer;
  }

  /** Round a loop: the map moves on by the motion that takes the first frame's bone 0 to
   *  where the last frame's is one frame later (as the features continue through it). */
  wrap(): void {
    const { start, stop } = this.range,
      db = this.crowd.db,
      n = this.crowd.bones,
      dt = 1 / db.frameRate,
      h = heapF32;
    const first = db.pose(start),
      last = db.pose(stop - 1);
    const endQ = qnorm(qmul(qexp(getV(last, 10 * n, v3()), dt, q4()), getQ(last, 6 * n, q4()), q4()));
    const lr = qnorm(qmul(endQ, qinv(getQ(first, 6 * n, q4()), q4()), q4()));
    const pl = getV(last, 0, v3()),
      vl = getV(last, 3 * n, v3());
    const lt = qrot(lr, getV(first, 0, v3()), v3());
    lt.x = pl.x + vl.x * dt - lt.x;
    lt.y = pl.y + vl.y * dt - lt.y;
    lt.z = pl.z + vl.z * dt - lt.z;
    // map ∘ loop: r' = r·lr, t' = r·lt + t
    const r = getQ(h, this.at('mapRotation'), q4()),
      t = getV(h, this.at('mapTranslation'), v3());
    qrot(r, lt, lt);
    setV(h, this.at('mapTranslation'), v3(t.x + lt.x, t.y + lt.y, t.z + lt.z));
    setQ(h, this.at('mapRotation'), qnorm(qmul(r, lr, r)));
    this.frame = start;
  }
}

/**
 * `count` characters on one database: their arrays in WebAssembly memory, their JS state, the
 * searches they share. `update` is the frame of every one: checks, plans, batched searches,
 * switches, the frames played, then one call of the core.
 * @internal
 */
export class Crowd {
  readonly db: MotionDatabase;
  readonly count: number;
  readonly bones: number;
  readonly arrays: CrowdArrays;
  readonly skeleton: Skeleton;
  readonly members: Character[] = [];
  readonly contactBones: Int32Array;
  readonly ikBones: Int32Array;
  /** The predictor's distinct times (frames ahead), and each trajectory declaration's sample. */
  readonly aheads: number[];
  readonly samples: { offset: number; sample: number; direction: boolean }[];
  /** The search batches, by candidates kept. */
  readonly #batches = new Map<number, MotionSearchBatch>();
  searches = 0;
  microseconds = 0;
  disposed = false;

  constructor(
    fn: string,
    db: MotionDatabase,
    count: number,
    options: MotionControllerOptions | undefined,
    positions?: readonly Vec3[],
  ) {
    if (!(db instanceof MotionDatabase) || db.disposed)
      throw new TypeError(`sprung.${fn}: database must be a MotionDatabase (not disposed), got ${show(db)}`);
    const o = optionsOf(fn, 'options', options) as MotionControllerOptions;
    // the settings, the first frame, where each starts: all checked before anything is allocated
    const settings = (): MotionControllerSettings => {
      const s = { ...DEFAULTS };
      for (const k of Object.keys(DEFAULTS) as (keyof MotionControllerSettings)[])
        if (o[k] !== undefined) (s as Record<string, unknown>)[k] = o[k];
      s.search = { ...optionsOf(fn, 'options.search', o.search) };
      return s;
    };
    checkSettings(fn, settings());
    const frame = o.frame ?? db.ranges[0].start;
    integer(fn, 'options.frame', frame, 0, db.frames - 1);
    if (o.position !== undefined) finiteFields(fn, 'options.position', o.position, VEC);
    positions?.forEach((p, i) => finiteFields(fn, `options.positions[${i}]`, p, VEC));
    if (o.rotation !== undefined) rotationArg(fn, 'options.rotation', o.rotation);
    if (o.firstSearch !== undefined && !isTime(o.firstSearch))
      nonNegative(fn, 'options.firstSearch', o.firstSearch);
    const contactBones = db.contactBones;
    const ik = o.ikBones;
    if (ik !== undefined && (!Array.isArray(ik) || ik.length !== contactBones.length))
      throw new TypeError(
        `sprung.${fn}: options.ikBones must name one bone per contact bone (${contactBones.length}), got ${show(ik)}`,
      );
    const parents = db.parents,
      bones = db.bones;
    const ikBones = Int32Array.from(contactBones, (c, k) => {
      const b = db.bone(ik?.[k] ?? c);
      integer(fn, `options.ikBones[${k}]`, b, 0, bones - 1);
      return b;
    });
    for (const b of ikBones)
      if (parents[b] < 0 || parents[parents[b]] < 0)
        throw new RangeError(
          `sprung.${fn}: options.ikBones: bone ${b} has no grandparent for the two-bone IK`,
        );
    this.db = db;
    this.count = count;
    this.bones = bones;
    this.contactBones = contactBones;
    this.ikBones = ikBones;
    const traj = db.trajectory;
    this.aheads = [...new Set(traj.map((d) => d.ahead))].sort((p, q) => p - q);
    this.samples = traj.map((d) => ({
      offset: d.offset,
      sample: this.aheads.indexOf(d.ahead),
      direction: d.direction,
    }));
    this.skeleton = new Skeleton(parents);
    try {
      this.arrays = new CrowdArrays(fn, count, bones, contactBones.length);
      heapI32.set(contactBones, this.ptr('contactBones') >> 2);
      heapI32.set(ikBones, this.ptr('ikBones') >> 2);
      ikBones.forEach((b, k) => {
        const axis = hingeOf(db, this.skeleton, b);
        if (axis) setV(heapF32, (this.ptr('hinges') >> 2) + 3 * k, axis);
      });
      const rotation = qnorm({ ...(o.rotation ?? q4()) });
      for (let i = 0; i < count; i++) {
        const c = new Character(this, i, settings(), frame);
        c.searchTimer = o.firstSearch ?? 0;
        this.members.push(c);
        const p = positions?.[i] ?? o.position ?? v3();
        this.start(c, { x: p.x, y: p.y, z: p.z }, rotation);
      }
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  /** Byte pointer of array `f`. */
  ptr(f: Field): number {
    return at(this.arrays, f);
  }
  /** A view of the scratch pose (made anew: for the moment it is used). */
  scratch(): Float32Array {
    return new Float32Array(heapF32.buffer, this.ptr('scratch'), 13 * this.bones);
  }
  /** A view of character i's `length` floats of array `f`. */
  part(f: Field, length: number, i: number): Float32Array {
    return new Float32Array(heapF32.buffer, this.ptr(f) + 4 * length * i, length);
  }

  /** Places character c's first frame under (p, r): the map, the poses, the simulation object. */
  start(c: Character, p: V, r: Q): void {
    const n = this.bones,
      h = heapF32;
    setV(h, c.at('simulationPosition'), p);
    setQ(h, c.at('simulationRotation'), r);
    setQ(h, c.at('desiredRotation'), r);
    setQ(h, c.at('mapRotation'), q4());
    Object.assign(c.desiredRotation, r);
    Object.assign(c.searchedRotation, r);
    const scratch = this.ptr('scratch') as Ptr;
    this.db.pose(c.frame, this.scratch());
    const character = (this.ptr('characters') + 4 * STRUCT.characters * c.index) as Ptr;
    full.sp_motion_controller_place(
      character,
      scratch,
      (4 * c.at('simulationPosition')) as Ptr,
      (4 * c.at('simulationRotation')) as Ptr,
      n,
    );
    const first = this.scratch();
    for (const f of ['input', 'blended', 'pose'] as const) this.part(f, 13 * n, c.index).set(first);
    c.mode = c.settings.inertialization;
    const o = (this.ptr('offset') >> 2) + 13 * n * c.index;
    for (let i = o + 6 * n + 3; i < o + 10 * n; i += 4) h[i] = 1; // identity rotations: no offset
    const sk = this.skeleton.forwardKinematics(first);
    this.part('positions', 3 * n, c.index).set(sk.positions);
    this.part('rotations', 4 * n, c.index).set(sk.rotations);
  }

  /**
   * One frame of every character: inputs and settings checked (before anything changes), each
   * character's plan, the due searches batched, the switches, the frames played, and the core's
   * update of every character in one call.
   */
  update(fn: string, dt: number, inputs: readonly MotionInput[], name: (i: number) => string): void {
    if (!isTime(dt)) nonNegative(fn, 'dt', dt);
    const members = this.members;
    for (let i = 0; i < members.length; i++) {
      inputArg(fn, name(i), inputs[i]);
      checkSettings(fn, members[i].settings);
    }
    for (let i = 0; i < members.length; i++) members[i].plan(dt, inputs[i]);
    this.search(fn);
    for (const c of members) c.advance(dt);
    const p = (f: Field) => this.ptr(f) as Ptr;
    full.sp_motion_controller_update(
      p('input'),
      p('offset'),
      p('blended'),
      p('pose'),
      p('positions'),
      p('rotations'),
      p('characters'),
      p('contacts'),
      p('states'),
      p('settings'),
      at(this.skeleton, 'parents'),
      this.bones,
      p('contactBones'),
      p('ikBones'),
      p('hinges'),
      this.contactBones.length,
      dt,
      this.count,
    );
  }

  /** The due searches, batched by the candidates each keeps, and their results applied. */
  search(fn: string): void {
    const db = this.db,
      dims = db.dims;
    const due = this.members.filter((c) => c.due);
    this.searches = due.length;
    this.microseconds = 0;
    const byK = new Map<number, Character[]>();
    for (const c of due) byK.set(c.settings.candidates, [...(byK.get(c.settings.candidates) ?? []), c]);
    for (const [k, group] of byK) {
      let batch = this.#batches.get(k);
      if (batch === undefined || batch.count < group.length) {
        batch?.dispose();
        this.#batches.set(
          k,
          (batch = new MotionSearchBatch(db, Math.max(group.length, batch?.count ?? 0), k)),
        );
      }
      const queries = batch.queries,
        currents = batch.currents,
        tags = batch.tags;
      group.forEach((c, j) => {
        queries.set(c.query, j * dims);
        currents[j] = c.current;
        tags[2 * j] = c.settings.search.requireTags ?? 0;
        tags[2 * j + 1] = c.settings.search.excludeTags ?? 0;
      });
      const s = optionsOf(fn, 'settings.search', group[0].settings.search) as MotionSearchOptions;
      const t0 = performance.now();
      batch.search(
        { bias: s.bias, excludeEnd: s.excludeEnd, excludeNear: s.excludeNear, mode: s.mode },
        group.length,
      );
      const us = (performance.now() - t0) * 1000;
      this.microseconds += us;
      const frames = batch.frames,
        costs = batch.costs;
      group.forEach((c, j) => {
        const candidates = [];
        for (let i = j * k; i < (j + 1) * k && frames[i] >= 0; i++)
          candidates.push({ frame: frames[i], cost: costs[i], groups: db.groupCosts(c.query, frames[i]) });
        c.apply({
          time: c.time,
          forced: c.forced,
          from: c.current,
          frame: frames[j * k],
          cost: costs[j * k],
          microseconds: us / group.length,
          candidates,
        });
      });
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const c of this.members) c.predictor.dispose();
    for (const b of this.#batches.values()) b.dispose();
    this.arrays?.dispose();
    this.skeleton.dispose();
  }
}
