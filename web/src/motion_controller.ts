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
 * drives many characters with the same code (a {@link MotionController} is a crowd of one):
 * their searches batched in one WebAssembly call, and their frames in another.
 * @packageDocumentation
 */
import type { Quat, Vec3 } from './types.js';
import { heapF32 } from './wasm.js';
import { integer, options as optionsOf, ready, show } from './check.js';
import type { MotionDatabase } from './motion_database.js';
import type { TrajectoryPredictor } from './character.js';
import type { ContactState } from './contact.js';
import { getters } from './block.js';
import { explain, type MotionExplainOptions, type MotionSearchExplanation } from './motion_explain.js';
import type { Character } from './motion_character.js';
import { Crowd } from './motion_crowd.js';
import type {
  MotionControllerOptions,
  MotionControllerSettings,
  MotionInput,
  MotionSearchReport,
} from './motion_settings.js';

/** Each character's JS state, by the object that shows it. */
const characters = new WeakMap<MotionCharacter, Character>();
/** Set while a crowd makes its members: MotionCharacter is not made by `new` otherwise. */
let making = false;

/** The character of `self`, checked: live (`what` names the member used). */
function characterOf(self: unknown, what: string): Character {
  const c = self instanceof MotionCharacter ? characters.get(self) : undefined;
  if (c === undefined || c.crowd.disposed)
    throw new TypeError(
      self instanceof MotionController || !(self instanceof MotionCharacter)
        ? `sprung.MotionController.${what}: not a live MotionController`
        : `sprung.MotionCharacter.${what}: not a live character (its crowd was disposed)`,
    );
  return c;
}

/**
 * A motion-matched character as it can be read: a {@link MotionController}, or a member of a
 * {@link MotionCrowd} (`crowd.characters[i]`). Read `pose` (local transforms, bone 0 in the
 * world) or `positions` and `rotations` (the world transforms of every bone) to draw it. Every
 * part of it is inspectable: the frame playing, switches, the simulation object, the query, the
 * last search with its best candidates' costs by feature group and its time. `settings` can be
 * changed at any time. The pose arrays are views of WebAssembly memory: each read of a getter
 * is live; one held in a variable detaches when memory grows (read it again).
 */
export class MotionCharacter {
  /** Not made with `new`: a crowd's members are made by {@link MotionCrowd}. */
  constructor() {
    if (!making && new.target === MotionCharacter)
      throw new TypeError('sprung.MotionCharacter: made by a MotionCrowd (crowd.characters), not with new');
  }

  /** The settings (`MotionControllerSettings`): change them at any time. */
  declare readonly settings: MotionControllerSettings;
  /** The database played. */
  declare readonly database: MotionDatabase;
  /** The pose drawn (13·bones floats: local transforms, bone 0 in the world), after foot IK. */
  declare readonly pose: Float32Array;
  /** The blended pose before foot IK. */
  declare readonly blended: Float32Array;
  /** World positions of every bone (x, y, z each) of {@link MotionCharacter.pose}, in metres. */
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
  /** The simulation object: position (m), velocity (m/s), acceleration (m/s²), rotation, angular velocity (rad/s). */
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

  /**
   * Why this frame? The last search as plain data an overlay can draw: the query and the
   * features of the frame found and of the frame that was playing, group by group (in the order
   * of the database's `options.features`); the best candidates with their costs split by group;
   * the frame playing measured against the same query (a switch must save more than
   * `switchCost`); and the searches of the last seconds (cost, frames, forced, switched).
   * Null before the first search.
   * @example
   * const why = controller.explain({ candidates: 4, seconds: 5 });
   * if (why) overlay.bars(why.candidates.map((c) => c.groups)); // each group's part of each cost
   * @param options - (optional) `candidates` listed (integer in [1, 64], default 4), `seconds` of history (≥ 0, default 5)
   */
  explain(options?: MotionExplainOptions): MotionSearchExplanation | null {
    const name = this instanceof MotionController ? 'MotionController' : 'MotionCharacter';
    return explain(`${name}.explain`, characterOf(this, 'explain'), options);
  }
}
/** Each getter of a character: what it reads. */
const READ: Record<string, (c: Character) => unknown> = {
  settings: (c) => c.settings,
  database: (c) => c.crowd.db,
  pose: (c) => c.view('pose'),
  blended: (c) => c.view('blended'),
  positions: (c) => c.view('positions'),
  rotations: (c) => c.view('rotations'),
  frame: (c) => c.frame,
  switched: (c) => c.switched,
  searched: (c) => c.searched,
  switches: (c) => c.switches,
  time: (c) => c.time,
  lastSearch: (c) => c.lastSearch,
  query: (c) => c.query,
  simulation: (c) => c.readSimulation(),
  trajectory: (c) => c.predictor,
  contacts: (c) => c.readContacts(),
};
getters(MotionCharacter, (self, name) => READ[name](characterOf(self, name)), ...Object.keys(READ));

/**
 * One motion-matched character. Call `update(dt, input)` every frame with the desired velocity
 * (and facing); read `pose` or `positions` and `rotations` to draw it (see
 * {@link MotionCharacter}). `settings` can be changed at any time (switch inertialization,
 * adjustment, clamping or foot locking off to see what each adds). Call `dispose()` when done.
 * @example
 * const character = new MotionController(db);
 * // every frame:
 * character.update(dt, { velocity: { x: stick.x * 3, y: 0, z: stick.y * 3 } });
 * draw(character.positions, character.rotations);
 */
export class MotionController extends MotionCharacter {
  /**
   * A character playing `database`, standing at `options.position` (default the origin).
   * @param database - the motion database
   * @param options - (optional) settings (`MotionControllerSettings`), first frame, position, facing, IK chains
   */
  constructor(database: MotionDatabase, options?: MotionControllerOptions) {
    super();
    ready('MotionController');
    const crowd = new Crowd('MotionController', database, 1, options);
    characters.set(this, crowd.members[0]);
  }

  /**
   * One frame: reads `input`, searches when due, blends, moves the simulation, adjusts,
   * clamps and plants the feet.
   * @param dt - [s] (≥ 0) time step
   * @param input - the desired velocity (and facing) (`MotionInput`)
   */
  update(dt: number, input: MotionInput): this {
    const c = characterOf(this, 'update');
    c.crowd.update('MotionController.update', dt, [input], () => 'input');
    return this;
  }

  /** Frees the WebAssembly memory of its parts; any later use throws. */
  dispose(): void {
    const c = characters.get(this);
    c?.crowd.dispose();
    characters.delete(this);
  }
}

/** A crowd's parts, by crowd. */
const crowds = new WeakMap<MotionCrowd, { crowd: Crowd; shown: readonly MotionCharacter[] }>();

/** The parts of `self`, checked: a live MotionCrowd (`what` names the member). */
function crowdOf(self: unknown, what: string): { crowd: Crowd; shown: readonly MotionCharacter[] } {
  const c = self instanceof MotionCrowd ? crowds.get(self) : undefined;
  if (c === undefined || c.crowd.disposed)
    throw new TypeError(`sprung.MotionCrowd.${what}: not a live MotionCrowd`);
  return c;
}

/**
 * Many motion-matched characters on one database, run by the same code as a
 * {@link MotionController}: each update checks every input, makes the due searches in one
 * WebAssembly call ({@link MotionSearchBatch}), and the frame of every character (blend,
 * simulation, adjustment, clamping, feet, forward kinematics) in another. Their first searches
 * are spread over the search interval (character i's at i/count of it, unless
 * `options.firstSearch` is given) so that about the same number search every frame. Each search
 * uses its character's tags and candidates; the bias, exclusions and mode of a batch are those
 * of the first character searching (the same for all unless their settings were changed one by
 * one). Inspect each character as a {@link MotionCharacter} (`characters[i]`); draw them all
 * from `positions` and `rotations`, the world transforms of every bone of every character in
 * one array each (instanced drawing).
 * @example
 * const crowd = new MotionCrowd(db, positions.length, { positions }); // a character at each
 * crowd.update(dt, inputs); // inputs[i] moves character i
 * crowd.positions; // character i's bone b at 3·(i·bones + b)
 */
export class MotionCrowd {
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
    const positions = o.positions;
    if (positions !== undefined && (!Array.isArray(positions) || positions.length !== count))
      throw new TypeError(
        `sprung.${fn}: options.positions must hold one {x, y, z} per character (${count}), got ${show(positions)}`,
      );
    delete o.positions;
    delete o.position;
    const crowd = new Crowd(fn, database, count, o, positions);
    const interval = crowd.members[0].settings.searchInterval;
    if (o.firstSearch === undefined)
      crowd.members.forEach((c, i) => (c.searchTimer = (i / count) * interval));
    making = true;
    let shown: MotionCharacter[];
    try {
      shown = crowd.members.map((c) => {
        const m = new MotionCharacter();
        characters.set(m, c);
        return m;
      });
    } finally {
      making = false;
    }
    crowds.set(this, { crowd, shown: Object.freeze(shown) });
  }

  /** The characters, in a frozen array of their own (changing it cannot change the crowd). */
  get characters(): readonly MotionCharacter[] {
    return crowdOf(this, 'characters').shown;
  }
  /** Number of characters. */
  get count(): number {
    return crowdOf(this, 'count').crowd.count;
  }
  /** Bones of each character. */
  get bones(): number {
    return crowdOf(this, 'bones').crowd.bones;
  }
  /** Searches made by the last update. */
  get searches(): number {
    return crowdOf(this, 'searches').crowd.searches;
  }
  /** Microseconds the last update's batched searches took. */
  get microseconds(): number {
    return crowdOf(this, 'microseconds').crowd.microseconds;
  }
  /** World positions of every bone of every character (m): character i's bone b at
   *  3·(i·bones + b). A view of WebAssembly memory: read it again after other sprung calls. */
  get positions(): Float32Array {
    const { crowd } = crowdOf(this, 'positions');
    return new Float32Array(heapF32.buffer, crowd.ptr('positions'), 3 * crowd.bones * crowd.count);
  }
  /** World rotations of every bone of every character: character i's bone b at 4·(i·bones + b)
   *  (x, y, z, w). A view of WebAssembly memory: read it again after other sprung calls. */
  get rotations(): Float32Array {
    const { crowd } = crowdOf(this, 'rotations');
    return new Float32Array(heapF32.buffer, crowd.ptr('rotations'), 4 * crowd.bones * crowd.count);
  }
  /** The poses drawn, 13·bones floats per character (character i at 13·bones·i), as
   *  {@link MotionCharacter.pose}. A view of WebAssembly memory. */
  get poses(): Float32Array {
    const { crowd } = crowdOf(this, 'poses');
    return new Float32Array(heapF32.buffer, crowd.ptr('pose'), 13 * crowd.bones * crowd.count);
  }

  /**
   * One frame of every character: inputs checked, their due searches in one call, the
   * switches, then every character's frame in one call.
   * @param dt - [s] (≥ 0) time step
   * @param inputs - one `MotionInput` per character
   */
  update(dt: number, inputs: readonly MotionInput[]): this {
    const fn = 'MotionCrowd.update';
    const { crowd } = crowdOf(this, 'update');
    if (!Array.isArray(inputs) || inputs.length !== crowd.count)
      throw new TypeError(
        `sprung.${fn}: inputs must hold one input per character (${crowd.count}), got ${show(inputs)}`,
      );
    crowd.update(fn, dt, inputs, (i) => `inputs[${i}]`);
    return this;
  }

  /** Frees every character's memory; any later use of the crowd or its characters throws. */
  dispose(): void {
    const c = self(this);
    c?.crowd.dispose();
  }
}
/** The parts of a MotionCrowd, or a TypeError for what is none. */
function self(o: unknown): { crowd: Crowd } | undefined {
  if (!(o instanceof MotionCrowd)) throw new TypeError('sprung.MotionCrowd.dispose: not a MotionCrowd');
  return crowds.get(o);
}
