/**
 * `count` motion-matched characters on one database ({@link Crowd}): their arrays in
 * WebAssembly memory, their JS state ({@link Character}), the searches they share, and the
 * frame of all of them: checks, plans, batched searches, switches, the frames played, then one
 * call of the core (`sp_motion_controller_update`, c/motion_controller.c). A
 * {@link MotionController} is a crowd of one; {@link MotionCrowd} shows a crowd.
 * @packageDocumentation
 */
import type { Vec3 } from './types.js';
import { heapF32, heapI32 } from './wasm.js';
import type { Ptr } from './gen/raw.js';
import { integer, isFiniteNonNegative, nonNegative, options as optionsOf, show } from './check.js';
import {
  MotionDatabase,
  MotionSearchBatch,
  writeCustomFeatures,
  type MotionSearchOptions,
} from './motion_database.js';
import { Skeleton } from './skeleton.js';
import { at } from './block.js';
import { full } from './full.js';
import {
  checkSettings,
  DEFAULTS,
  finiteFields,
  inputArg,
  rotationArg,
  VEC,
  type MotionControllerOptions,
  type MotionControllerSettings,
  type MotionInput,
} from './motion_settings.js';
import { q4, qnorm, setQ, setV, v3, type Q, type V } from './motion_vectors.js';
import { Character, type CrowdOfCharacter } from './motion_character.js';
import { CrowdArrays, STRUCT, type Field } from './motion_crowd_arrays.js';

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

/**
 * `count` characters on one database: their arrays in WebAssembly memory, their JS state, the
 * searches they share. `update` is the frame of every one: checks, plans, batched searches,
 * switches, the frames played, then one call of the core.
 * @internal
 */
export class Crowd implements CrowdOfCharacter {
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
    if (o.firstSearch !== undefined && !isFiniteNonNegative(o.firstSearch))
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
    if (!isFiniteNonNegative(dt)) nonNegative(fn, 'dt', dt);
    const members = this.members;
    for (let i = 0; i < members.length; i++) {
      inputArg(fn, name(i), inputs[i]);
      checkSettings(fn, members[i].settings);
      // the custom features' query values (motion_database.ts checks them)
      const features = inputs[i].features,
        c = members[i];
      c.custom = features !== undefined;
      if (features !== undefined)
        writeCustomFeatures(fn, `${name(i)}.features`, this.db, features, c.customValues.fill(NaN));
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
    for (const c of due) {
      const group = byK.get(c.settings.candidates);
      if (group) group.push(c);
      else byK.set(c.settings.candidates, [c]);
    }
    for (const [k, group] of byK) {
      let batch = this.#batches.get(k);
      if (batch === undefined || batch.count < group.length) {
        // the larger of the two, read before the old batch is disposed (a disposed batch refuses reads)
        const count = Math.max(group.length, batch?.count ?? 0);
        batch?.dispose();
        this.#batches.set(k, (batch = new MotionSearchBatch(db, count, k)));
      }
      const queries = batch.queries,
        currents = batch.currents,
        tags = batch.tags,
        forced = batch.forced;
      group.forEach((c, j) => {
        queries.set(c.query, j * dims);
        currents[j] = c.current;
        forced[j] = c.forced ? 1 : 0;
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
