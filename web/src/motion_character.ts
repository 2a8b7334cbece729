/**
 * A motion-matched character's JavaScript side ({@link Character}), one per member of a crowd:
 * it reads the input, decides when to search, builds the query, decides the switches and picks
 * the frames played, and writes the frame's pose, contacts, input and settings for the
 * WebAssembly core (`sp_motion_controller_update`, c/motion_controller.c), which then runs the
 * frame of the whole crowd in one call (motion_crowd.ts). Its `pose`, `positions` and
 * `rotations` are views of the crowd's arrays.
 * @packageDocumentation
 */
import { heapF32, heapI32 } from './wasm.js';
import type { Ptr } from './gen/raw.js';
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
import type { MotionControllerSettings, MotionInput, MotionSearchReport } from './motion_settings.js';
import { getQ, getV, q4, qexp, qinv, qmul, qnorm, qrot, setQ, setV, v3 } from './motion_vectors.js';
import { STRUCT, type Field } from './motion_crowd_arrays.js';
import type { MotionDatabase } from './motion_database.js';

/** The crowd a character belongs to, as its members and their classes see it (motion_crowd.ts's
 *  Crowd). @internal */
export interface CrowdOfCharacter {
  readonly db: MotionDatabase;
  readonly bones: number;
  readonly contactBones: Int32Array;
  /** The predictor's distinct times (frames ahead), and each trajectory declaration's sample. */
  readonly aheads: number[];
  readonly samples: { offset: number; sample: number; direction: boolean }[];
  readonly disposed: boolean;
  /** Byte pointer of array `f`. */
  ptr(f: Field): number;
  /** A view of the scratch pose. */
  scratch(): Float32Array;
  /** One frame of every character (inputs named by `name` in errors). */
  update(fn: string, dt: number, inputs: readonly MotionInput[], name: (i: number) => string): void;
  dispose(): void;
}

/** Searches a character remembers (6.4 s at the default 10 a second). @internal */
export const HISTORY = 64;

/** Each member's JS-side state: what decides its searches and switches, and its frame. @internal */
export class Character {
  readonly settings: MotionControllerSettings;
  readonly predictor: TrajectoryPredictor;
  /** Each trajectory declaration's sample in the predictor. */
  readonly query: Float32Array;
  /** The input's custom feature values of this update (NaN where it gave none), and whether it gave any. */
  readonly customValues: Float32Array;
  custom = false;
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
  readonly history: Float64Array = new Float64Array(HISTORY * 6);
  recorded = 0;
  /** This update's search: due, forced, from which frame. */
  due = false;
  forced = false;
  current = -1;
  /** Views of the crowd's arrays for this character, made again when memory grows. */
  #views: Record<'input' | 'pose' | 'blended' | 'positions' | 'rotations', Float32Array> | null = null;

  constructor(
    readonly crowd: CrowdOfCharacter,
    readonly index: number,
    settings: MotionControllerSettings,
    frame: number,
  ) {
    this.settings = settings;
    this.mode = settings.inertialization;
    this.frame = frame;
    this.range = crowd.db.rangeOf(frame);
    this.query = new Float32Array(crowd.db.dims);
    this.customValues = new Float32Array(crowd.db.dims);
    this.predictor = new TrajectoryPredictor(Math.max(1, crowd.aheads.length));
    this.predictor.times.set(crowd.aheads.map((a) => a / crowd.db.frameRate));
    this.contacts = Array.from(crowd.contactBones, () => new ContactState());
  }

  /** Float index of this character's struct field `f` in heapF32. */
  at(f: keyof typeof CHARACTER): number {
    return (this.crowd.ptr('characters') >> 2) + this.index * STRUCT.characters + CHARACTER[f];
  }

  /** A live view of this character's part of crowd array `f`. */
  view(f: 'input' | 'pose' | 'blended' | 'positions' | 'rotations'): Float32Array {
    if (this.#views === null || this.#views.pose.buffer !== heapF32.buffer) {
      const b = this.crowd.bones,
        i = this.index,
        c = this.crowd;
      const part = (field: Field, n: number) => new Float32Array(heapF32.buffer, c.ptr(field) + 4 * n * i, n);
      this.#views = {
        input: part('input', 13 * b),
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
    // the input's custom feature values (NaN: a group it left out)
    if (this.custom)
      for (let j = 0; j < this.query.length; j++)
        if (this.customValues[j] === this.customValues[j]) this.query[j] = this.customValues[j];
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
    // the playing frame's cost as the search compared it (under the cost rules)
    const stay = this.crowd.db.costBreakdown(this.query, report.from, {
      ...this.settings.search,
      current: report.from,
      forced: report.forced,
    }).cost;
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
      db = c.db;
    this.time += dt;
    this.fraction += dt * db.frameRate;
    while (this.fraction >= 1) {
      this.fraction -= 1;
      if (this.frame + 1 < this.range.stop) this.frame++;
      else if (this.range.loop) this.wrap();
      else this.fraction = 0;
    }
    db.pose(this.frame, this.view('input'));
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
