/**
 * Inertialization transition cost: the total displacement `∫|offset(t)| dt` an inertialized
 * transition with position offset `x` and velocity offset `v` causes, exactly (split at the
 * zero crossing), for the spring, cubic, quintic and dead-blending inertializers; the
 * approximation `|∫offset(t) dt|` and the motion-matching feature that turns it into a
 * Euclidean distance; whole cost landscapes in one call; a brute-force feature search.
 * @packageDocumentation
 */
import { MAX_FLOATS, allocFloats, heapF32, scratch, scratchF32, wasm } from './wasm.js';
import { finite, floats, integer, nonNegative, ready, shape } from './check.js';

/** The inertializers whose transition cost can be measured. */
export type Inertializer = 'spring' | 'cubic' | 'quintic' | 'deadBlending';

/**
 * What a landscape cell holds: `exact` displacement, `approx` (|signed area|, the feature
 * distance), `error` (`exact − approx`, ≥ 0), or `basic` (`|x| + weight·|v|`).
 */
export type CostMeasure = 'exact' | 'approx' | 'error' | 'basic';

const INERTIALIZERS: Record<Inertializer, number> = { spring: 0, cubic: 1, quintic: 2, deadBlending: 3 };
const MEASURES: Record<CostMeasure, number> = { exact: 0, approx: 1, error: 2, basic: 3 };

function inertializerId(fn: string, kind: unknown): number {
  const id = INERTIALIZERS[kind as Inertializer];
  // a number: 'toString' and the like find the prototype's functions
  if (typeof kind !== 'string' || typeof id !== 'number')
    throw new TypeError(
      `sprung.${fn}: inertializer must be one of ${Object.keys(INERTIALIZERS).join(', ')}, got ${String(kind)}`,
    );
  return id;
}

function xv(fn: string, x: number, v: number): void {
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'v', v);
}

// ---- spring -------------------------------------------------------------------------------

/** Time `t > 0` at which the decaying spring offset `(x, v)` crosses zero, `−x/(v + x·y)`, or `Infinity` if it never does. */
export function decaySpringDamperIntersection(x: number, v: number, halflife: number): number {
  const fn = 'decaySpringDamperIntersection';
  xv(fn, x, v);
  nonNegative(fn, 'halflife', halflife);
  return wasm.sp_decay_spring_damper_intersection(x, v, halflife);
}

/** Total displacement `∫₀^∞ |offset|` of the spring inertializer (exact closed form, split at the zero crossing). */
export function decaySpringDamperDisplacement(x: number, v: number, halflife: number): number {
  const fn = 'decaySpringDamperDisplacement';
  xv(fn, x, v);
  nonNegative(fn, 'halflife', halflife);
  return wasm.sp_decay_spring_damper_displacement(x, v, halflife);
}

/** The article's approximation `|2·x·y + v| / y²` (`y = 2·ln2/halflife`): exact when the offset does not cross zero. */
export function decaySpringDamperDisplacementApprox(x: number, v: number, halflife: number): number {
  const fn = 'decaySpringDamperDisplacementApprox';
  xv(fn, x, v);
  nonNegative(fn, 'halflife', halflife);
  return wasm.sp_decay_spring_damper_displacement_approx(x, v, halflife);
}

/** Motion-matching feature `2·pos/y + vel/y²`: `|f(src) − f(dst)|` is the approximate spring cost. */
export function decaySpringDamperFeature(pos: number, vel: number, halflife: number): number {
  const fn = 'decaySpringDamperFeature';
  ready(fn);
  finite(fn, 'pos', pos);
  finite(fn, 'vel', vel);
  nonNegative(fn, 'halflife', halflife);
  return wasm.sp_decay_spring_damper_feature(pos, vel, halflife);
}

// ---- cubic --------------------------------------------------------------------------------

/** Time in `(0, blendtime)` at which the cubic offset crosses zero, or `Infinity`. */
export function decayCubicIntersection(x: number, v: number, blendtime: number): number {
  const fn = 'decayCubicIntersection';
  xv(fn, x, v);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_cubic_intersection(x, v, blendtime);
}

/** Total displacement `∫₀^blendtime |offset|` of the cubic inertializer (exact closed form). */
export function decayCubicDisplacement(x: number, v: number, blendtime: number): number {
  const fn = 'decayCubicDisplacement';
  xv(fn, x, v);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_cubic_displacement(x, v, blendtime);
}

/** `blendtime·|x/2 + blendtime·v/12|`: the cubic approximation (exact when no crossing). */
export function decayCubicDisplacementApprox(x: number, v: number, blendtime: number): number {
  const fn = 'decayCubicDisplacementApprox';
  xv(fn, x, v);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_cubic_displacement_approx(x, v, blendtime);
}

/** Motion-matching feature `z·pos/2 + z²·vel/12` (`z = blendtime`) of the cubic inertializer. */
export function decayCubicFeature(pos: number, vel: number, blendtime: number): number {
  const fn = 'decayCubicFeature';
  ready(fn);
  finite(fn, 'pos', pos);
  finite(fn, 'vel', vel);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_cubic_feature(pos, vel, blendtime);
}

// ---- quintic ------------------------------------------------------------------------------

/** Total displacement of the quintic inertializer (it never crosses zero: exact closed form). */
export function decayQuinticDisplacement(x: number, v: number, blendtime: number): number {
  const fn = 'decayQuinticDisplacement';
  xv(fn, x, v);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_quintic_displacement(x, v, blendtime);
}

/**
 * `blendtime·|x/2 + blendtime·v/10|`: equal to the exact quintic cost while Bollo's
 * acceleration clamp is active (`2.5·x + v·blendtime` has the sign of `x`: the common case).
 */
export function decayQuinticDisplacementApprox(x: number, v: number, blendtime: number): number {
  const fn = 'decayQuinticDisplacementApprox';
  xv(fn, x, v);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_quintic_displacement_approx(x, v, blendtime);
}

/** Motion-matching feature `z·pos/2 + z²·vel/10` (`z = blendtime`) of the quintic inertializer. */
export function decayQuinticFeature(pos: number, vel: number, blendtime: number): number {
  const fn = 'decayQuinticFeature';
  ready(fn);
  finite(fn, 'pos', pos);
  finite(fn, 'vel', vel);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_decay_quintic_feature(pos, vel, blendtime);
}

// ---- dead blending ------------------------------------------------------------------------

/**
 * Time in `(0, blendtime)` at which the dead-blended offset crosses zero, or `Infinity`. For a
 * cost of the offsets alone the destination is taken to be extrapolated like the source, so
 * the offset is `(1 − smoothstep(t/blendtime))·(x + v·(1 − e^(−λt))/λ)`, `λ = ln2/halflife`.
 */
export function deadBlendingIntersection(x: number, v: number, halflife: number, blendtime: number): number {
  const fn = 'deadBlendingIntersection';
  xv(fn, x, v);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_dead_blending_intersection(x, v, halflife, blendtime);
}

/** Total displacement of dead blending (closed form, split at the zero crossing). */
export function deadBlendingDisplacement(x: number, v: number, halflife: number, blendtime: number): number {
  const fn = 'deadBlendingDisplacement';
  xv(fn, x, v);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_dead_blending_displacement(x, v, halflife, blendtime);
}

/** `|∫offset|` of dead blending: `blendtime·|x/2 + blendtime·K·v|`, `K = ∫₀¹ (1 − smoothstep)·(1 − e^(−kτ))/k dτ`. */
export function deadBlendingDisplacementApprox(
  x: number,
  v: number,
  halflife: number,
  blendtime: number,
): number {
  const fn = 'deadBlendingDisplacementApprox';
  xv(fn, x, v);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_dead_blending_displacement_approx(x, v, halflife, blendtime);
}

/** Motion-matching feature `z·pos/2 + z²·K·vel` of dead blending. */
export function deadBlendingFeature(pos: number, vel: number, halflife: number, blendtime: number): number {
  const fn = 'deadBlendingFeature';
  ready(fn);
  finite(fn, 'pos', pos);
  finite(fn, 'vel', vel);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_dead_blending_feature(pos, vel, halflife, blendtime);
}

/** The basic cost `|x| + weight·|v|`, for comparison. */
export function transitionCostBasic(x: number, v: number, weight: number): number {
  const fn = 'transitionCostBasic';
  xv(fn, x, v);
  finite(fn, 'weight', weight);
  return wasm.sp_transition_cost_basic(x, v, weight);
}

/**
 * Feature coefficients `[cp, cv]` of an inertializer: feature = `cp·pos + cv·vel`, so
 * features can be computed (and weighted) outside the library. Writes into `out` if given.
 */
export function inertializationFeatureCoefficients(
  inertializer: Inertializer,
  halflife: number,
  blendtime: number,
  out: number[] = [0, 0],
): number[] {
  const fn = 'inertializationFeatureCoefficients';
  ready(fn);
  const id = inertializerId(fn, inertializer);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  shape(fn, 'out', out, []);
  wasm.sp_inertialization_feature_coefficients(scratch, scratch + 4, id, halflife, blendtime);
  out[0] = heapF32[scratchF32];
  out[1] = heapF32[scratchF32 + 1];
  return out;
}

// ---- WASM working buffer (grow-only) ------------------------------------------------------

let bufPtr = 0;
let bufFloats = 0;

/** Byte pointer to at least `n` floats of WASM memory owned by this module (grown, never shrunk). */
function buffer(n: number): number {
  if (n > bufFloats) {
    const floats = Math.min(Math.max(n, bufFloats * 2, 1024), Math.max(n, MAX_FLOATS));
    if (bufPtr) wasm.free(bufPtr);
    bufPtr = 0;
    bufFloats = 0;
    bufPtr = allocFloats('transitionCostLandscape', 'nx·ny', floats);
    bufFloats = floats;
  }
  return bufPtr;
}

// ---- landscapes ---------------------------------------------------------------------------

/** Parameters of a cost landscape. */
export interface LandscapeOptions {
  /** Which inertializer's cost (ignored by `basic`). Default `'spring'`. */
  inertializer?: Inertializer;
  /** What each cell holds. Default `'exact'`. */
  measure?: CostMeasure;
  /** Spring halflife, or dead blending's extrapolation halflife (s). Default 0.15. */
  halflife?: number;
  /** Blend time of the cubic, quintic and dead-blending inertializers (s). Default 0.3. */
  blendtime?: number;
  /** Velocity weight of the `basic` cost. Default 0.5. */
  weight?: number;
}

/** The C arguments of {@link LandscapeOptions}, checked, with their defaults. */
function costOptions(fn: string, options: LandscapeOptions) {
  const inertializer = inertializerId(fn, options.inertializer ?? 'spring');
  const measureName = options.measure ?? 'exact';
  const measure = MEASURES[measureName];
  if (typeof measureName !== 'string' || typeof measure !== 'number')
    throw new TypeError(
      `sprung.${fn}: measure must be one of ${Object.keys(MEASURES).join(', ')}, got ${String(measureName)}`,
    );
  const halflife = options.halflife ?? 0.15,
    blendtime = options.blendtime ?? 0.3,
    weight = options.weight ?? 0.5;
  nonNegative(fn, 'options.halflife', halflife);
  nonNegative(fn, 'options.blendtime', blendtime);
  finite(fn, 'options.weight', weight);
  return { inertializer, measure, halflife, blendtime, weight };
}

/**
 * The cost of one transition with position offset `x` and velocity offset `v` (source minus
 * destination): one cell of {@link transitionCostLandscape} with the same options —
 * `measure` `'exact'` (the displacement), `'approx'`, `'error'` (exact − approx) or `'basic'`.
 */
export function transitionCost(x: number, v: number, options: LandscapeOptions = {}): number {
  const fn = 'transitionCost';
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'v', v);
  const { inertializer, measure, halflife, blendtime, weight } = costOptions(fn, options);
  return wasm.sp_transition_cost(x, v, inertializer, measure, halflife, blendtime, weight);
}

/**
 * Evaluates a transition cost over an `nx × ny` grid of position offsets `x ∈ [xMin, xMax]`
 * (columns, endpoints included) and velocity offsets `v ∈ [vMin, vMax]` (rows) in one WASM
 * call: cell `j·nx + i` holds the cost at `x_i`, `v_j`. Written into `out` (at least
 * `nx·ny` floats) if given — pass one to avoid allocating a result per call — else into a new
 * Float32Array. Made for heatmaps: a 512 × 512 grid takes about a millisecond or two.
 */
export function transitionCostLandscape(
  nx: number,
  ny: number,
  xMin: number,
  xMax: number,
  vMin: number,
  vMax: number,
  options: LandscapeOptions = {},
  out?: Float32Array,
): Float32Array {
  const fn = 'transitionCostLandscape';
  ready(fn);
  integer(fn, 'nx', nx, 1, 1 << 14);
  integer(fn, 'ny', ny, 1, 1 << 14);
  finite(fn, 'xMin', xMin);
  finite(fn, 'xMax', xMax);
  finite(fn, 'vMin', vMin);
  finite(fn, 'vMax', vMax);
  const { inertializer, measure, halflife, blendtime, weight } = costOptions(fn, options);
  const n = nx * ny;
  if (out !== undefined) floats(fn, 'out', out, n);
  const result = out ?? new Float32Array(n);
  const ptr = buffer(n);
  wasm.sp_transition_cost_landscape(
    ptr,
    nx,
    ny,
    xMin,
    xMax,
    vMin,
    vMax,
    inertializer,
    measure,
    halflife,
    blendtime,
    weight,
  );
  result.set(heapF32.subarray(ptr >> 2, (ptr >> 2) + n));
  return result;
}

// ---- motion matching ----------------------------------------------------------------------

/**
 * Inertialization features of `rows` rows of `dims` positions and velocities (row-major
 * Float32Arrays, e.g. x, y, z of a few joints per row): `cp·pos + cv·vel` per element. A
 * Euclidean distance between two rows of features is then the root of the summed squared
 * approximate transition costs of their elements. Written into `out` if given.
 */
export function inertializationFeatures(
  inertializer: Inertializer,
  pos: Float32Array,
  vel: Float32Array,
  rows: number,
  dims: number,
  halflife: number,
  blendtime: number,
  out?: Float32Array,
): Float32Array {
  const fn = 'inertializationFeatures';
  ready(fn);
  const id = inertializerId(fn, inertializer);
  integer(fn, 'rows', rows, 1);
  integer(fn, 'dims', dims, 1);
  const n = rows * dims;
  floats(fn, 'pos', pos, n);
  floats(fn, 'vel', vel, n);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  if (out !== undefined) floats(fn, 'out', out, n);
  const result = out ?? new Float32Array(n);
  const ptr = buffer(3 * n) >> 2;
  heapF32.set(pos.subarray(0, n), ptr);
  heapF32.set(vel.subarray(0, n), ptr + n);
  wasm.sp_inertialization_features(
    (ptr + 2 * n) * 4,
    ptr * 4,
    (ptr + n) * 4,
    rows,
    dims,
    id,
    halflife,
    blendtime,
  );
  result.set(heapF32.subarray(ptr + 2 * n, ptr + 3 * n));
  return result;
}

/** Result of {@link FeatureDatabase.search}: best row and its Euclidean distance (−1 and Infinity when empty). */
export interface SearchResult {
  index: number;
  cost: number;
}

/** The FinalizationRegistry of ES2021 (not in this package's ES2020 lib types), when present. */
interface Registry {
  register(target: object, held: number, token: object): void;
  unregister(token: object): void;
}
const Finalization = (
  globalThis as unknown as { FinalizationRegistry?: new (free: (ptr: number) => void) => Registry }
).FinalizationRegistry;
const registry = Finalization ? new Finalization((ptr) => wasm.free(ptr)) : undefined;

/**
 * A feature database in WASM memory for brute-force nearest-neighbour search: `rows × dims`
 * features (see {@link inertializationFeatures}) and a query slot. `features` is a live view
 * (refreshed after memory growth). Call `dispose()` when done (a FinalizationRegistry frees
 * it otherwise).
 */
export class FeatureDatabase {
  /** Number of rows. */
  readonly rows: number;
  /** Floats per row. */
  readonly dims: number;
  private ptr: number;
  private view: Float32Array;

  /** Allocates a database of `rows × dims` features (zeroed). */
  constructor(rows: number, dims: number) {
    const fn = 'FeatureDatabase';
    ready(fn);
    integer(fn, 'rows', rows, 0);
    integer(fn, 'dims', dims, 1);
    this.rows = rows;
    this.dims = dims;
    this.ptr = allocFloats(fn, 'rows·dims', (rows + 1) * dims);
    heapF32.fill(0, this.ptr >> 2, (this.ptr >> 2) + (rows + 1) * dims);
    this.view = heapF32.subarray(this.ptr >> 2, (this.ptr >> 2) + rows * dims);
    registry?.register(this, this.ptr, this);
  }

  /** The features, row-major, as a view of WASM memory (write them, or use {@link FeatureDatabase.build}). */
  get features(): Float32Array {
    this.alive('features');
    // memory growth replaces the buffer: re-view it then (no listener, so the object stays collectable)
    if (this.view.buffer !== heapF32.buffer)
      this.view = heapF32.subarray(this.ptr >> 2, (this.ptr >> 2) + this.rows * this.dims);
    return this.view;
  }

  /** Fills the database with the inertialization features of `pos`, `vel` (`rows × dims` each). */
  build(
    inertializer: Inertializer,
    pos: Float32Array,
    vel: Float32Array,
    halflife: number,
    blendtime: number,
  ): this {
    const fn = 'FeatureDatabase.build';
    this.alive('build');
    const id = inertializerId(fn, inertializer),
      n = this.rows * this.dims;
    floats(fn, 'pos', pos, n);
    floats(fn, 'vel', vel, n);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'blendtime', blendtime);
    if (n === 0) return this;
    const ptr = buffer(2 * n) >> 2; // may grow memory: heapF32 is read after it
    heapF32.set(pos.subarray(0, n), ptr);
    heapF32.set(vel.subarray(0, n), ptr + n);
    wasm.sp_inertialization_features(
      this.ptr,
      ptr * 4,
      (ptr + n) * 4,
      this.rows,
      this.dims,
      id,
      halflife,
      blendtime,
    );
    return this;
  }

  /**
   * Index of the row nearest to `query` (`dims` features) by Euclidean distance, and that
   * distance, written into `result` if given (no allocation).
   */
  search(query: Float32Array, result: SearchResult = { index: -1, cost: Infinity }): SearchResult {
    const fn = 'FeatureDatabase.search';
    this.alive('search');
    floats(fn, 'query', query, this.dims);
    const q = (this.ptr >> 2) + this.rows * this.dims;
    heapF32.set(query.subarray(0, this.dims), q);
    result.index = wasm.sp_inertialization_search(scratch, this.ptr, this.rows, this.dims, q * 4);
    result.cost = heapF32[scratchF32];
    return result;
  }

  /** Frees the WASM memory; the database cannot be used afterwards. */
  dispose(): void {
    if (!this.ptr) return;
    registry?.unregister(this);
    wasm.free(this.ptr);
    this.ptr = 0;
  }

  private alive(fn: string): void {
    if (!this.ptr) throw new TypeError(`sprung.FeatureDatabase.${fn}: used after dispose()`);
  }
}
