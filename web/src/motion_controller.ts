/**
 * A motion-matched character: the four articles in one object. The input (a desired velocity
 * and facing) moves the simulation object (critical springs, "Code vs Data Driven
 * Displacement") and predicts its trajectory ({@link TrajectoryPredictor}); the query (the
 * playing frame's features with that trajectory) is searched in a {@link MotionDatabase} on a
 * timer, at once when the input changes sharply, and at the end of a clip; every switch is
 * inertialized ({@link PoseInertializer} or {@link CubicPoseInertializer}, Spring-It-On and
 * "Inertialization Transition Cost"); the character is adjusted toward the simulation and
 * clamped to it; feet in contact lock ({@link contactUpdate}) and a two-bone IK
 * ({@link Skeleton.ikTwoBone}) plants them. Each piece can be switched off. {@link MotionCrowd}
 * drives many characters, their searches batched in one WebAssembly call.
 * @packageDocumentation
 */
import type { Quat, Vec3 } from './types.js';
import { integer, isFiniteNonNegative, nonNegative, options as optionsOf, ready, show } from './check.js';
import {
  MotionDatabase,
  MotionSearchBatch,
  writeCustomFeatures,
  type MotionSearchOptions,
} from './motion_database.js';
import { Skeleton } from './skeleton.js';
import { PoseInertializer, CubicPoseInertializer } from './batch_pose.js';
import { TrajectoryPredictor } from './character.js';
import {
  simulationPositionUpdate,
  simulationRotationUpdate,
  desiredRotationUpdate,
  contactReset,
  contactUpdate,
  adjustCharacterPosition,
  adjustCharacterPositionByVelocity,
  adjustCharacterRotation,
  adjustCharacterRotationByVelocity,
  clampCharacterPosition,
  clampCharacterRotation,
} from './gen/full.js';
import { ContactState } from './contact.js';
import { getters } from './block.js';

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
  /** Distance (m) from its locked point at which a foot unlocks. Default 0.2. */
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
  /** Where the character starts (its bone 0, on the ground). Default the origin. */
  position?: Vec3;
  /** Its facing, a yaw about +Y. Default facing +Z. */
  rotation?: Quat;
  /** The bone at the end of each contact's IK chain (its parent and grandparent turn), in the
   *  order of the database's `contactBones`: e.g. the heel when the contact bone is a toe.
   *  Default each contact bone itself. */
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
  /** Microseconds the search took (performance.now()). */
  microseconds: number;
  /** The best candidates, best first: frame, cost and each feature group's part of it (see
   *  {@link MotionDatabase.groupCosts}). */
  candidates: { frame: number; cost: number; groups: Float64Array }[];
}

const DEFAULTS: MotionControllerSettings = {
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
/** Throws unless `v` is an object whose `fields` are finite numbers: a TypeError for what is no
 *  such object, a RangeError for a number that is not finite (the input policy). */
function finiteFields(fn: string, name: string, v: unknown, fields: readonly (keyof Q)[]): void {
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

// ---- one character ------------------------------------------------------------------------

/** Checks the settings before an update; throws naming the setting. */
function checkSettings(fn: string, s: MotionControllerSettings): void {
  const times = [
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
  for (const k of times)
    if (!isFiniteNonNegative(s[k]) && !(k.startsWith('force') && s[k] === Infinity))
      nonNegative(fn, `settings.${k}`, s[k]);
  if (!Number.isFinite(s.footHeight))
    throw new RangeError(
      `sprung.${fn}: settings.footHeight must be a finite number, got ${show(s.footHeight)}`,
    );
  if (!['spring', 'cubic', 'none'].includes(s.inertialization))
    throw new TypeError(
      `sprung.${fn}: settings.inertialization must be one of 'spring', 'cubic', 'none', got ${show(s.inertialization)}`,
    );
  integer(fn, 'settings.candidates', s.candidates, 1, 64);
}

/** The state and the steps of one motion-matched character (the controller's and the crowd's). */
class Character {
  readonly db: MotionDatabase;
  readonly settings: MotionControllerSettings;
  readonly bones: number;
  readonly skeleton: Skeleton;
  readonly predictor: TrajectoryPredictor;
  /** Each trajectory declaration's sample in the predictor. */
  readonly samples: { offset: number; sample: number; direction: boolean }[];
  spring: PoseInertializer | null = null;
  cubic: CubicPoseInertializer | null = null;
  mode: MotionControllerSettings['inertialization'] = 'spring';
  // the simulation object and the input
  readonly simulation = {
    position: v3(),
    velocity: v3(),
    acceleration: v3(),
    rotation: q4(),
    angularVelocity: v3(),
  };
  readonly desiredVelocity = v3();
  readonly desiredRotation = q4();
  readonly searchedVelocity = v3();
  readonly searchedRotation = q4();
  // playback: the frame, the fraction of the next, and the map from the database's world to
  // the game's for bone 0 (world = r·x + t)
  frame: number;
  fraction = 0;
  readonly r = q4();
  readonly t = v3();
  time = 0;
  searchTimer = 0;
  readonly input: Float32Array;
  readonly output: Float32Array;
  readonly scratch: Float32Array;
  readonly pose: Float32Array;
  readonly query: Float32Array;
  /** The input's custom feature values of this update (NaN where it gave none), and whether it gave any. */
  readonly customValues: Float32Array;
  custom = false;
  readonly positions: Float32Array;
  readonly rotations: Float32Array;
  readonly contacts: ContactState[];
  readonly contactBones: Int32Array;
  readonly ikBones: Int32Array;
  readonly parents: Int32Array;
  started = false;
  switched = false;
  switches = 0;
  searched = false;
  lastSearch: MotionSearchReport | null = null;
  // scratch
  private readonly a = v3();
  private readonly b = v3();
  private readonly qa = q4();
  private readonly qb = q4();

  constructor(fn: string, db: MotionDatabase, options: MotionControllerOptions | undefined) {
    if (!(db instanceof MotionDatabase) || db.disposed)
      throw new TypeError(`sprung.${fn}: database must be a MotionDatabase (not disposed), got ${show(db)}`);
    const o = optionsOf(fn, 'options', options) as MotionControllerOptions;
    this.db = db;
    const settings = { ...DEFAULTS };
    for (const k of Object.keys(DEFAULTS) as (keyof MotionControllerSettings)[])
      if (o[k] !== undefined) (settings as Record<string, unknown>)[k] = o[k];
    settings.search = { ...optionsOf(fn, 'options.search', o.search) };
    checkSettings(fn, settings);
    this.settings = settings;
    const bones = (this.bones = db.bones);
    const ranges = db.ranges;
    this.frame = o.frame ?? ranges[0].start;
    integer(fn, 'options.frame', this.frame, 0, db.frames - 1);
    if (o.position !== undefined) {
      finiteFields(fn, 'options.position', o.position, VEC);
      Object.assign(this.simulation.position, { x: o.position.x, y: o.position.y, z: o.position.z });
    }
    if (o.rotation !== undefined) {
      rotationArg(fn, 'options.rotation', o.rotation);
      Object.assign(this.simulation.rotation, qnorm({ ...o.rotation }));
    }
    Object.assign(this.desiredRotation, this.simulation.rotation);
    Object.assign(this.searchedRotation, this.simulation.rotation);
    this.contactBones = db.contactBones;
    const ik = o.ikBones;
    if (ik !== undefined && (!Array.isArray(ik) || ik.length !== this.contactBones.length))
      throw new TypeError(
        `sprung.${fn}: options.ikBones must name one bone per contact bone (${this.contactBones.length}), got ${show(ik)}`,
      );
    const parents = db.parents;
    this.ikBones = Int32Array.from(this.contactBones, (c, k) => {
      const ref = ik?.[k] ?? c;
      const b = db.bone(ref);
      integer(fn, `options.ikBones[${k}]`, b, 0, bones - 1);
      return b;
    });
    for (const b of this.ikBones)
      if (parents[b] < 0 || parents[parents[b]] < 0)
        throw new RangeError(
          `sprung.${fn}: options.ikBones: bone ${b} has no grandparent for the two-bone IK`,
        );
    const n = 13 * bones;
    this.input = new Float32Array(n);
    this.output = new Float32Array(n);
    this.pose = new Float32Array(n);
    this.scratch = new Float32Array(n);
    this.query = new Float32Array(db.dims);
    this.customValues = new Float32Array(db.dims);
    this.positions = new Float32Array(3 * bones);
    this.rotations = new Float32Array(4 * bones);
    this.contacts = Array.from(this.contactBones, () => new ContactState());
    // the trajectory samples: one predictor time per distinct `ahead`
    const traj = db.trajectory;
    const aheads = [...new Set(traj.map((d) => d.ahead))].sort((p, q) => p - q);
    this.samples = traj.map((d) => ({
      offset: d.offset,
      sample: aheads.indexOf(d.ahead),
      direction: d.direction,
    }));
    this.parents = parents;
    this.skeleton = new Skeleton(parents);
    this.predictor = new TrajectoryPredictor(Math.max(1, aheads.length));
    this.predictor.times.set(aheads.map((a) => a / db.frameRate));
    // the first frame placed under the simulation object
    this.place(this.frame, this.simulation.position, this.simulation.rotation);
    this.mapped(this.frame, this.input);
    this.output.set(this.input);
    this.pose.set(this.input);
  }

  /** Sets the map so that frame f's bone 0 lands at `p`, facing `q`. */
  place(f: number, p: V, q: Q): void {
    const pose = this.db.pose(f, this.scratch),
      n = this.bones;
    const root = getQ(pose, 6 * n, this.qa);
    qnorm(qmul(q, qinv(root, this.qb), this.r));
    qrot(this.r, getV(pose, 0, this.a), this.b);
    this.t.x = p.x - this.b.x;
    this.t.y = p.y - this.b.y;
    this.t.z = p.z - this.b.z;
  }

  /** Frame f's pose with bone 0 mapped into the game's world, into `out`. */
  mapped(f: number, out: Float32Array): Float32Array {
    const n = this.bones;
    this.db.pose(f, out);
    const a = this.a,
      q = this.qa;
    qrot(this.r, getV(out, 0, a), a);
    a.x += this.t.x;
    a.y += this.t.y;
    a.z += this.t.z;
    setV(out, 0, a);
    setV(out, 3 * n, qrot(this.r, getV(out, 3 * n, a), a));
    setQ(out, 6 * n, qnorm(qmul(this.r, getQ(out, 6 * n, q), q)));
    setV(out, 10 * n, qrot(this.r, getV(out, 10 * n, a), a));
    return out;
  }

  /** Reads the input, moves nothing yet; returns whether this update must search (the query
   *  is then ready, and `current` is the frame playing or −1 at the end of a clip). */
  plan(fn: string, dt: number, input: MotionInput): { search: boolean; forced: boolean; current: number } {
    if (!isFiniteNonNegative(dt)) nonNegative(fn, 'dt', dt);
    if (typeof input !== 'object' || input === null)
      throw new TypeError(
        `sprung.${fn}: input must be an object { velocity, rotation? }, got ${show(input)}`,
      );
    finiteFields(fn, 'input.velocity', input.velocity, VEC);
    if (input.rotation !== undefined) rotationArg(fn, 'input.rotation', input.rotation);
    // the custom features' query values (search's part: motion_database.ts checks them)
    const features = input.features;
    this.custom = features !== undefined;
    if (features !== undefined)
      writeCustomFeatures(fn, 'input.features', this.db, features, this.customValues.fill(NaN));
    checkSettings(fn, this.settings);
    const s = this.settings;
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
    const dq = Math.abs(
      this.desiredRotation.x * this.searchedRotation.x +
        this.desiredRotation.y * this.searchedRotation.y +
        this.desiredRotation.z * this.searchedRotation.z +
        this.desiredRotation.w * this.searchedRotation.w,
    );
    const turned = 2 * Math.acos(Math.min(1, dq));
    const range = this.db.rangeOf(this.frame);
    const end = !range.loop && this.frame >= range.stop - 1;
    const forced = dv >= s.forceVelocityChange || turned >= s.forceRotationChange || end;
    this.searchTimer -= dt;
    const search = forced || this.searchTimer <= 0;
    if (search) this.buildQuery();
    return { search, forced, current: end ? -1 : this.frame };
  }

  /** The query: the playing frame's features, its trajectory replaced by the simulation's
   *  predicted one seen from the character's bone 0. */
  buildQuery(): void {
    const s = this.settings,
      sim = this.simulation,
      p = this.predictor;
    this.db.features(this.frame, this.query);
    p.predictPositions(
      sim.position,
      sim.velocity,
      sim.acceleration,
      this.desiredVelocity,
      s.simulationVelocityHalflife,
    );
    p.predictRotations(sim.rotation, sim.angularVelocity, this.desiredRotation, s.simulationRotationHalflife);
    const positions = p.positions,
      rotations = p.rotations;
    const root = getV(this.output, 0, this.b),
      inv = qinv(getQ(this.output, 6 * this.bones, this.qa), this.qb),
      a = this.a;
    for (const t of this.samples) {
      if (t.direction) {
        const fwd = qrot(getQ(rotations, 4 * t.sample, this.qa), v3(0, 0, 1), a);
        qrot(inv, fwd, a);
      } else {
        getV(positions, 3 * t.sample, a);
        a.x -= root.x;
        a.y -= root.y;
        a.z -= root.z;
        qrot(inv, a, a);
      }
      this.query[t.offset] = a.x;
      this.query[t.offset + 1] = a.z;
    }
    // the input's custom feature values (NaN: a group it left out)
    if (this.custom)
      for (let j = 0; j < this.query.length; j++)
        if (this.customValues[j] === this.customValues[j]) this.query[j] = this.customValues[j];
  }

  /** Jumps to frame g (found by a search) unless it is the one playing: the inertializer
   *  blends from the pose playing to g's, placed where the playing one's bone 0 is. */
  apply(report: MotionSearchReport): void {
    this.searched = true;
    this.lastSearch = report;
    this.searchTimer = this.settings.searchInterval;
    Object.assign(this.searchedVelocity, this.desiredVelocity);
    Object.assign(this.searchedRotation, this.desiredRotation);
    const g = report.frame;
    if (g < 0 || g === this.frame) return;
    // the continuing pose's bias (the same for every other frame, so the best of them is still
    // the one found): stay unless the switch saves more than switchCost
    if (report.from >= 0 && this.settings.switchCost > 0) {
      // the playing frame's cost as the search compared it (under the cost rules)
      const stay = this.db.costBreakdown(this.query, report.from, {
        ...this.settings.search,
        current: report.from,
        forced: report.forced,
      }).cost;
      if (!(report.cost + this.settings.switchCost < stay)) return;
    }
    const n = this.bones;
    const p = getV(this.input, 0, v3()),
      q = getQ(this.input, 6 * n, q4());
    this.place(g, p, q);
    const dst = this.mapped(g, this.scratch);
    this.blender()?.transition(this.input, dst);
    this.frame = g;
    this.fraction = 0;
    this.switched = true;
    this.switches++;
  }

  /** The inertializer of the settings (null for 'none'), made on first use; one taken up
   *  again after another was in use starts with no offset (its own is stale). */
  blender(): PoseInertializer | CubicPoseInertializer | null {
    const mode = this.settings.inertialization,
      n = this.bones;
    const blend =
      mode === 'spring'
        ? (this.spring ??= new PoseInertializer(n))
        : mode === 'cubic'
          ? (this.cubic ??= new CubicPoseInertializer(n))
          : null;
    if (mode !== this.mode) blend?.reset();
    this.mode = mode;
    return blend;
  }

  /** Plays on by dt: the next frames, the blend, the simulation, adjustment and clamping, the feet. */
  advance(dt: number): void {
    const db = this.db,
      s = this.settings,
      n = this.bones,
      rate = db.frameRate;
    this.time += dt;
    // the frames: on to the clip's last (a search then jumps away), or round a loop
    this.fraction += dt * rate;
    while (this.fraction >= 1) {
      this.fraction -= 1;
      const range = db.rangeOf(this.frame);
      if (this.frame + 1 < range.stop) this.frame++;
      else if (range.loop) this.wrap(range.start, range.stop);
      else this.fraction = 0;
    }
    this.mapped(this.frame, this.input);
    // the blend
    const blend = this.blender();
    if (blend instanceof PoseInertializer) blend.halflife = s.halflife;
    if (blend instanceof CubicPoseInertializer) blend.blendtime = s.blendtime;
    this.output.set(blend ? blend.update(this.input, dt) : this.input);
    // the simulation object
    const sim = this.simulation;
    simulationPositionUpdate(
      sim.position,
      sim.velocity,
      sim.acceleration,
      this.desiredVelocity,
      s.simulationVelocityHalflife,
      dt,
    );
    simulationRotationUpdate(
      sim.rotation,
      sim.angularVelocity,
      this.desiredRotation,
      s.simulationRotationHalflife,
      dt,
    );
    // adjustment and clamping move bone 0 of the output, and the map with it (so the
    // animation goes on from there)
    if (s.adjustment || s.clamping) {
      const pos = getV(this.output, 0, v3()),
        rot = getQ(this.output, 6 * n, q4());
      const p0 = { ...pos },
        r0 = { ...rot };
      if (s.adjustment) {
        if (s.adjustmentByVelocity) {
          adjustCharacterPositionByVelocity(
            pos,
            getV(this.output, 3 * n, v3()),
            sim.position,
            s.adjustPositionMaxRatio,
            s.adjustPositionHalflife,
            dt,
            pos,
          );
          adjustCharacterRotationByVelocity(
            rot,
            getV(this.output, 10 * n, v3()),
            sim.rotation,
            s.adjustRotationMaxRatio,
            s.adjustRotationHalflife,
            dt,
            rot,
          );
        } else {
          adjustCharacterPosition(pos, sim.position, s.adjustPositionHalflife, dt, pos);
          adjustCharacterRotation(rot, sim.rotation, s.adjustRotationHalflife, dt, rot);
        }
      }
      if (s.clamping) {
        clampCharacterPosition(pos, sim.position, s.clampDistance, pos);
        clampCharacterRotation(rot, sim.rotation, s.clampAngle, rot);
      }
      this.shift(p0, r0, pos, qnorm(rot));
    }
    this.pose.set(this.output);
    this.feet(dt);
    this.skeleton.forwardKinematics(this.pose);
    this.positions.set(this.skeleton.positions);
    this.rotations.set(this.skeleton.rotations);
  }

  /** Moves the output's bone 0 from (p0, r0) to (p, r), and the map by the same motion about
   *  the input's bone 0: the animation plays on from there. */
  shift(p0: V, r0: Q, p: V, r: Q): void {
    const n = this.bones;
    const dq = qnorm(qmul(r, qinv(r0, this.qa), q4()));
    const pin = getV(this.input, 0, v3());
    // t' = dq·(t − pin) + pin + (p − p0); r' = dq·r
    const a = this.a;
    a.x = this.t.x - pin.x;
    a.y = this.t.y - pin.y;
    a.z = this.t.z - pin.z;
    qrot(dq, a, a);
    this.t.x = a.x + pin.x + (p.x - p0.x);
    this.t.y = a.y + pin.y + (p.y - p0.y);
    this.t.z = a.z + pin.z + (p.z - p0.z);
    qnorm(qmul(dq, this.r, this.r));
    setV(this.output, 0, p);
    setQ(this.output, 6 * n, r);
  }

  /** Round a loop: the map moves on by the motion that takes the first frame's bone 0 to
   *  where the last frame's is one frame later (as the features continue through it). */
  wrap(start: number, stop: number): void {
    const n = this.bones,
      dt = 1 / this.db.frameRate;
    const first = this.db.pose(start),
      last = this.db.pose(stop - 1);
    const endQ = qnorm(qmul(qexp(getV(last, 10 * n, v3()), dt, q4()), getQ(last, 6 * n, q4()), q4()));
    const lr = qnorm(qmul(endQ, qinv(getQ(first, 6 * n, q4()), q4()), q4()));
    const pl = getV(last, 0, v3()),
      vl = getV(last, 3 * n, v3());
    const lt = qrot(lr, getV(first, 0, v3()), v3());
    lt.x = pl.x + vl.x * dt - lt.x;
    lt.y = pl.y + vl.y * dt - lt.y;
    lt.z = pl.z + vl.z * dt - lt.z;
    // map ∘ loop: r' = r·lr, t' = r·lt + t
    qrot(this.r, lt, lt);
    this.t.x += lt.x;
    this.t.y += lt.y;
    this.t.z += lt.z;
    qnorm(qmul(this.r, lr, this.r));
    this.frame = start;
  }

  /** Foot locking: each contact's input is its bone's position in the output; a locked foot
   *  is planted by the two-bone IK on `pose`. */
  feet(dt: number): void {
    const s = this.settings,
      nc = this.contactBones.length;
    if (nc === 0) return;
    const sk = this.skeleton.forwardKinematics(this.pose);
    const world = sk.positions;
    const at = this.a,
      end = this.b;
    for (let k = 0; k < nc; k++) {
      const c = this.contacts[k],
        bone = this.contactBones[k];
      getV(world, 3 * bone, at);
      const state = this.db.contact(this.frame, k);
      const wasLocked = c.lock;
      if (!this.started) contactReset(c, at, v3(), state);
      else contactUpdate(c, at, state, s.footUnlockRadius, s.footHeight, s.footHalflife, dt);
      // A foot that touches down stops: the ground takes its horizontal velocity. The
      // article's lock carries it into the blend, and the foot slides on by about
      // 0.27·halflife·speed (5 cm for a foot still moving at 2 m/s in an inertialized
      // switch, 2 cm at the 0.7 m/s the dance card's toes touch down with); its height still
      // blends down to the ground.
      if (c.lock && !wasLocked) c.velocity.x = c.velocity.z = c.offsetVelocity.x = c.offsetVelocity.z = 0;
    }
    this.started = true;
    if (!s.footLocking) return;
    const forward = qrot(getQ(this.pose, 6 * this.bones, this.qa), v3(0, 0, 1), v3());
    for (let k = 0; k < nc; k++) {
      const c = this.contacts[k];
      // the chain's end goes where the contact point puts it: the point plus the end's offset
      // from the contact bone (a heel above its toe)
      const w = this.skeleton.forwardKinematics(this.pose).positions;
      getV(w, 3 * this.contactBones[k], at);
      getV(w, 3 * this.ikBones[k], end);
      const target = v3(
        c.position.x + end.x - at.x,
        Math.max(c.position.y, s.footHeight) + end.y - at.y,
        c.position.z + end.z - at.z,
      );
      this.skeleton.ikTwoBone(this.pose, this.ikBones[k], target, forward, s.footLengthBuffer);
      if (this.ikBones[k] !== this.contactBones[k]) this.lookAt(k, c.position);
    }
  }

  /** Turns the end of contact k's IK chain (a heel) so that its contact bone (the toe)
   *  points at the contact point (on the ground at least footHeight): the leg's IK moved the
   *  heel, and the toe would otherwise swing with the shin (Holden's look-at). */
  lookAt(k: number, point: V): void {
    const n = this.bones,
      end = this.ikBones[k],
      parent = this.parents[end];
    const sk = this.skeleton.forwardKinematics(this.pose);
    const w = sk.positions,
      wr = sk.rotations;
    const heel = getV(w, 3 * end, v3()),
      toe = getV(w, 3 * this.contactBones[k], v3());
    const from = v3(toe.x - heel.x, toe.y - heel.y, toe.z - heel.z);
    const to = v3(point.x - heel.x, Math.max(point.y, this.settings.footHeight) - heel.y, point.z - heel.z);
    // the shortest rotation from `from` to `to`, in the world
    const d = q4(from.y * to.z - from.z * to.y, from.z * to.x - from.x * to.z, from.x * to.y - from.y * to.x);
    d.w =
      Math.hypot(from.x, from.y, from.z) * Math.hypot(to.x, to.y, to.z) +
      from.x * to.x +
      from.y * to.y +
      from.z * to.z;
    if (!(d.w > 1e-12)) return; // opposite or degenerate: leave the heel as the IK left it
    qnorm(d);
    // local' = parentWorld⁻¹ · d · world
    const world = qmul(d, getQ(wr, 4 * end, q4()), q4());
    const local = qmul(qinv(getQ(wr, 4 * parent, q4()), q4()), world, q4());
    setQ(this.pose, 6 * n + 4 * end, qnorm(local));
  }

  dispose(): void {
    this.skeleton.dispose();
    this.predictor.dispose();
    this.spring?.dispose();
    this.cubic?.dispose();
  }
}

/** A report of a search by the database's searchBest, with the candidates' group costs. */
function report(
  db: MotionDatabase,
  c: Character,
  forced: boolean,
  current: number,
  k: number,
): MotionSearchReport {
  const s = c.settings.search;
  const t0 = performance.now();
  const best = db.searchBest(c.query, k, { ...s, current, forced });
  const microseconds = (performance.now() - t0) * 1000;
  const candidates = [];
  for (let i = 0; i < k && best.frames[i] >= 0; i++)
    candidates.push({
      frame: best.frames[i],
      cost: best.costs[i],
      groups: db.groupCosts(c.query, best.frames[i]),
    });
  return {
    time: c.time,
    forced,
    from: current,
    frame: best.frames[0],
    cost: best.costs[0],
    microseconds,
    candidates,
  };
}

const characters = new WeakMap<MotionController, Character>();

/** The character of `self`, checked: a MotionController, not disposed (`what` names the member used). */
function characterOf(self: unknown, what: string): Character {
  const c = self instanceof MotionController ? characters.get(self) : undefined;
  if (c === undefined) throw new TypeError(`sprung.MotionController.${what}: not a live MotionController`);
  return c;
}

/**
 * One motion-matched character. Call `update(dt, input)` every frame with the desired velocity
 * (and facing); read `pose` (local transforms, bone 0 in the world) or `positions` and
 * `rotations` (the world transforms of every bone) to draw it. Everything it does is
 * inspectable: the frame playing, switches, the simulation object, the query, the last search
 * with its best candidates' costs by feature group and its time. `settings` can be changed at
 * any time (switch inertialization, adjustment, clamping or foot locking off to see what each
 * adds). Call `dispose()` when done.
 * @example
 * const character = new MotionController(db);
 * // every frame:
 * character.update(dt, { velocity: { x: stick.x * 3, y: 0, z: stick.y * 3 } });
 * draw(character.positions, character.rotations);
 */
export class MotionController {
  /**
   * A character playing `database`, standing at `options.position` (default the origin).
   * @param database - the motion database
   * @param options - (optional) settings (`MotionControllerSettings`), first frame, position, facing, IK chains
   */
  constructor(database: MotionDatabase, options?: MotionControllerOptions) {
    ready('MotionController');
    characters.set(this, new Character('MotionController', database, options));
  }

  /**
   * One frame: reads `input`, searches when due, blends, moves the simulation, adjusts,
   * clamps and plants the feet.
   * @param dt - [s] (≥ 0) time step
   * @param input - the desired velocity (and facing) (`MotionInput`)
   */
  update(dt: number, input: MotionInput): this {
    const c = characterOf(this, 'update');
    c.switched = c.searched = false;
    const plan = c.plan('MotionController.update', dt, input);
    if (plan.search) c.apply(report(c.db, c, plan.forced, plan.current, c.settings.candidates));
    c.advance(dt);
    return this;
  }

  /** The settings (`MotionControllerSettings`): change them at any time. */
  declare readonly settings: MotionControllerSettings;
  /** The database played. */
  declare readonly database: MotionDatabase;
  /** The pose drawn (13·bones floats: local transforms, bone 0 in the world), after foot IK. */
  declare readonly pose: Float32Array;
  /** The blended pose before foot IK. */
  declare readonly blended: Float32Array;
  /** World positions of every bone (x, y, z each) of {@link MotionController.pose}. */
  declare readonly positions: Float32Array;
  /** World rotations of every bone (x, y, z, w each). */
  declare readonly rotations: Float32Array;
  /** The frame playing (a database frame). */
  declare readonly frame: number;
  /** Whether the last update switched frames (a search found another frame). */
  declare readonly switched: boolean;
  /** Whether the last update searched. */
  declare readonly searched: boolean;
  /** Switches so far. */
  declare readonly switches: number;
  /** Seconds of updates so far. */
  declare readonly time: number;
  /** The last search: frames, cost, microseconds and the best candidates by feature group; null before the first. */
  declare readonly lastSearch: MotionSearchReport | null;
  /** The query of the last search (`dims` floats, not normalised). */
  declare readonly query: Float32Array;
  /** The simulation object: position, velocity, acceleration, rotation, angular velocity. */
  declare readonly simulation: {
    position: Vec3;
    velocity: Vec3;
    acceleration: Vec3;
    rotation: Quat;
    angularVelocity: Vec3;
  };
  /** The predicted trajectory of the last search (the predictor's positions and rotations). */
  declare readonly trajectory: TrajectoryPredictor;
  /** The foot contacts (one per database contact bone): `position` is where the foot is drawn, `lock` whether it is locked. */
  declare readonly contacts: readonly ContactState[];

  /** Frees the WebAssembly memory of its parts; any later use throws. */
  dispose(): void {
    characters.get(this)?.dispose();
    characters.delete(this);
  }
}
/** The getters of a MotionController read its character's fields, of the same names but these. */
const FIELDS: Record<string, keyof Character> = {
  database: 'db',
  blended: 'output',
  trajectory: 'predictor',
};
getters(
  MotionController,
  (c, name) => characterOf(c, name)[FIELDS[name] ?? (name as keyof Character)],
  'settings',
  'database',
  'pose',
  'blended',
  'positions',
  'rotations',
  'frame',
  'switched',
  'searched',
  'switches',
  'time',
  'lastSearch',
  'query',
  'simulation',
  'trajectory',
  'contacts',
);

/**
 * Many motion-matched characters on one database, their searches made in one WebAssembly call
 * per update ({@link MotionSearchBatch}). Each is a {@link MotionController} (inspect it as
 * one); their search timers are spread over the interval so that about the same number search
 * every frame. Each search uses its character's tags; the bias, exclusions and mode of the
 * batch are those of the first character searching (the same for all unless their settings
 * were changed one by one). A crowd's characters report the batch's time split evenly, and no
 * candidates beyond the best.
 * @example
 * const crowd = new MotionCrowd(db, 100, { positions });
 * crowd.update(dt, inputs); // inputs[i] moves character i
 * crowd.characters[7].positions;
 */
export class MotionCrowd {
  readonly #characters: MotionController[];
  readonly #shown: readonly MotionController[];
  readonly #batch: MotionSearchBatch;
  readonly #db: MotionDatabase;
  #searches = 0;
  #microseconds = 0;
  #disposed = false;

  /** Throws unless `self` is a live MotionCrowd (`what` names the member). */
  static #check(self: unknown, what: string): MotionCrowd {
    if (!(self instanceof MotionCrowd) || !MotionCrowd.#is(self) || self.#disposed)
      throw new TypeError(`sprung.MotionCrowd.${what}: not a live MotionCrowd`);
    return self;
  }
  /** Whether `o` was made by this class's constructor (has its private fields). */
  static #is(o: object): boolean {
    return #disposed in o;
  }

  /**
   * `count` characters on `database`, all with the same options (positions apart).
   * @param database - the motion database
   * @param count - (integer in [1, 4096]) number of characters
   * @param options - (optional) the characters' options (`MotionControllerOptions`); `positions` (one `{x, y, z}` each) places them
   */
  constructor(
    database: MotionDatabase,
    count: number,
    options?: Omit<MotionControllerOptions, 'position'> & { positions?: readonly Vec3[] },
  ) {
    const fn = 'MotionCrowd';
    ready(fn);
    integer(fn, 'count', count, 1, 4096);
    const o = optionsOf(fn, 'options', options) as MotionControllerOptions & { positions?: readonly Vec3[] };
    if (o.positions !== undefined && (!Array.isArray(o.positions) || o.positions.length !== count))
      throw new TypeError(
        `sprung.${fn}: options.positions must hold one {x, y, z} per character (${count}), got ${show(o.positions)}`,
      );
    this.#db = database;
    this.#characters = [];
    try {
      for (let i = 0; i < count; i++) {
        const ch = new MotionController(database, { ...o, position: o.positions?.[i] });
        characters.get(ch)!.searchTimer = (i / count) * (o.searchInterval ?? DEFAULTS.searchInterval);
        this.#characters.push(ch);
      }
      this.#batch = new MotionSearchBatch(database, count);
      this.#shown = Object.freeze(this.#characters.slice());
    } catch (e) {
      for (const ch of this.#characters) ch.dispose();
      throw e;
    }
  }

  /** The characters, in a frozen array of their own (changing it cannot change the crowd). */
  get characters(): readonly MotionController[] {
    return MotionCrowd.#check(this, 'characters').#shown;
  }
  /** Searches made by the last update. */
  get searches(): number {
    return MotionCrowd.#check(this, 'searches').#searches;
  }
  /** Microseconds the last update's batched search took. */
  get microseconds(): number {
    return MotionCrowd.#check(this, 'microseconds').#microseconds;
  }

  /**
   * One frame of every character: their due searches in one call, then each plays on.
   * @param dt - [s] (≥ 0) time step
   * @param inputs - one `MotionInput` per character
   */
  update(dt: number, inputs: readonly MotionInput[]): this {
    const fn = 'MotionCrowd.update';
    MotionCrowd.#check(this, 'update');
    if (!Array.isArray(inputs) || inputs.length !== this.#characters.length)
      throw new TypeError(
        `sprung.${fn}: inputs must hold one input per character (${this.#characters.length}), got ${show(inputs)}`,
      );
    const batch = this.#batch,
      dims = this.#db.dims;
    const due: { c: Character; forced: boolean; current: number }[] = [];
    this.#characters.forEach((ch, i) => {
      const c = characters.get(ch);
      if (c === undefined) throw new TypeError(`sprung.${fn}: character ${i} was disposed`);
      c.switched = c.searched = false;
      const plan = c.plan(fn, dt, inputs[i]);
      if (plan.search) due.push({ c, forced: plan.forced, current: plan.current });
    });
    if (due.length > 0) {
      const queries = batch.queries,
        currents = batch.currents,
        tags = batch.tags;
      const forced = batch.forced;
      due.forEach(({ c, current, forced: f }, j) => {
        queries.set(c.query, j * dims);
        currents[j] = current;
        forced[j] = f ? 1 : 0;
        tags[2 * j] = c.settings.search.requireTags ?? 0;
        tags[2 * j + 1] = c.settings.search.excludeTags ?? 0;
      });
      const s = optionsOf(fn, 'settings.search', due[0].c.settings.search) as MotionSearchOptions;
      const t0 = performance.now();
      batch.search(
        { bias: s.bias, excludeEnd: s.excludeEnd, excludeNear: s.excludeNear, mode: s.mode },
        due.length,
      );
      this.#microseconds = (performance.now() - t0) * 1000;
      const frames = batch.frames,
        costs = batch.costs;
      due.forEach(({ c, forced, current }, j) =>
        c.apply({
          time: c.time,
          forced,
          from: current,
          frame: frames[j],
          cost: costs[j],
          microseconds: this.#microseconds / due.length,
          candidates:
            frames[j] >= 0 ? [{ frame: frames[j], cost: costs[j], groups: new Float64Array(0) }] : [],
        }),
      );
    } else this.#microseconds = 0;
    this.#searches = due.length;
    for (const ch of this.#characters) characters.get(ch)!.advance(dt);
    return this;
  }

  /** Frees every character and the batch. */
  dispose(): void {
    if (!(this instanceof MotionCrowd) || !MotionCrowd.#is(this))
      throw new TypeError('sprung.MotionCrowd.dispose: not a MotionCrowd');
    if (this.#disposed) return;
    for (const ch of this.#characters) ch.dispose();
    this.#batch.dispose();
    this.#disposed = true;
  }
}
