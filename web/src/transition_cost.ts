/**
 * Inertialization transition cost: the total displacement `∫|offset(t)| dt` an inertialized
 * transition with position offset `x` and velocity offset `v` causes, for the spring, cubic,
 * quintic and dead-blending inertializers; whole cost landscapes in one call; features that
 * turn the approximate cost into a Euclidean distance, and a brute-force feature search. (The
 * costs, approximations, intersections and features of one offset, and the feature
 * coefficients, are generated from the header.)
 * @packageDocumentation
 */
import { heapF32 } from './wasm.js';
import { claim } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check } from './check.js';
import { floats, fresh } from './arrays.js';
import { Batch } from './batch.js';
import { at, getters, own, size, view } from './block.js';
import { COST, INERTIALIZER, type CostMeasure, type Inertializer } from './gen/constants.js';
import * as S from './gen/specs.js';
import { full } from './full.js';
import type { Ptr } from './gen/raw.js';

/** Parameters of a cost and of a cost landscape. */
export interface LandscapeOptions {
  /** Which inertializer's cost (ignored by `basic`). Default `'spring'`. */
  inertializer?: Inertializer;
  /** What each cell holds. Default `'exact'`. */
  measure?: CostMeasure;
  /** Spring halflife, or dead blending's extrapolation halflife (s). Default 0.15. */
  halflife?: number;
  /** Blend time of the cubic, quintic and dead-blending inertializers (s). Default 0.3. */
  blendtime?: number;
  /** Velocity weight of the `basic` cost (s). Default 0.5. */
  weight?: number;
}

/** The C arguments of checked {@link LandscapeOptions}, with their defaults. */
function costOptions(o: LandscapeOptions = {}): [number, number, number, number, number] {
  return [
    INERTIALIZER[o.inertializer ?? 'spring'],
    COST[o.measure ?? 'exact'],
    o.halflife ?? 0.15,
    o.blendtime ?? 0.3,
    o.weight ?? 0.5,
  ];
}

/**
 * The cost of one transition with position offset `x` and velocity offset `v` (source minus
 * destination): one cell of {@link transitionCostLandscape} with the same options.
 * @param x - [m] offset position at the transition
 * @param v - [m/s] offset velocity at the transition
 * @param options - (optional) each optional: `inertializer` which inertializer ('spring', 'cubic', 'quintic',
 *   'deadBlending'); `measure` which cost ('exact', 'approx', 'error', 'basic'); `halflife` [s] (≥ 0) halflife
 *   of the spring inertializer and of dead blending; `blendtime` [s] (≥ 0) blend time of the others; `weight`
 *   [s] velocity weight of SP_COST_BASIC
 * @see the C function `sp_transition_cost` in c/sprung.h
 * @c sp_transition_cost options=?{inertializer,measure,halflife,blendtime,weight}
 */
export function transitionCost(x: number, v: number, options?: LandscapeOptions): number {
  check(S.transitionCost, x, v, options);
  return full.sp_transition_cost(x, v, ...costOptions(options));
}

/**
 * Evaluates a transition cost over an `nx × ny` grid of position offsets `x ∈ [xMin, xMax]`
 * (columns, endpoints included) and velocity offsets `v ∈ [vMin, vMax]` (rows) in one WASM
 * call: cell `j·nx + i` holds the cost at `x_i`, `v_j`. Written into `out` (at least
 * `nx·ny` floats) if given — pass one to avoid allocating a result per call — else into a new
 * Float32Array. Made for heatmaps: a 512 × 512 grid takes about a millisecond or two.
 * @param nx - (≥ 1) columns
 * @param ny - (≥ 1) rows
 * @param xMin - [m] first column's offset position
 * @param xMax - [m] last column's offset position
 * @param vMin - [m/s] first row's offset velocity
 * @param vMax - [m/s] last row's offset velocity
 * @param options - (optional) each optional: `inertializer` which inertializer ('spring', 'cubic', 'quintic',
 *   'deadBlending'); `measure` which cost ('exact', 'approx', 'error', 'basic'); `halflife` [s] (≥ 0) halflife
 *   of the spring inertializer and of dead blending; `blendtime` [s] (≥ 0) blend time of the others; `weight`
 *   [s] velocity weight of SP_COST_BASIC
 * @param out - (optional) Float32Array of nx·ny floats: the costs, row-major (written)
 * @see the C function `sp_transition_cost_landscape` in c/sprung.h
 * @c sp_transition_cost_landscape options=?{inertializer,measure,halflife,blendtime,weight}
 */
export function transitionCostLandscape(
  nx: number,
  ny: number,
  xMin: number,
  xMax: number,
  vMin: number,
  vMax: number,
  options?: LandscapeOptions,
  out?: Float32Array,
): Float32Array {
  const fn = 'transitionCostLandscape';
  check(S.transitionCostLandscape, nx, ny, xMin, xMax, vMin, vMax, options, out);
  const n = nx * ny;
  const held = out === undefined ? -1 : floats(fn, 'out', out, n);
  const ptr = workBuffer(fn, 'nx·ny', n); // may grow memory: `out` is viewed again after
  full.sp_transition_cost_landscape(ptr, nx, ny, xMin, xMax, vMin, vMax, ...costOptions(options));
  const result = out === undefined ? new Float32Array(n) : fresh(out, held, n);
  result.set(heapF32.subarray(ptr >> 2, (ptr >> 2) + n));
  return held < 0 ? (out ?? result) : result; // a view of sprung's memory: the one made after growth
}

/**
 * `sp_inertialization_features` of `pos`, `vel` (rows·dims floats each, `held` what
 * {@link floats} said of them), copied into the work buffer (which may grow memory: they are
 * viewed again after): into the features of `db`, or when there is none into the work buffer
 * after them. Returns the pointer of the features.
 */
function features(
  fn: string,
  db: FeatureDatabase | undefined,
  pos: Float32Array,
  vel: Float32Array,
  held: readonly number[],
  rows: number,
  dims: number,
  inertializer: Inertializer,
  halflife: number,
  blendtime: number,
): Ptr {
  const n = rows * dims;
  const p = workBuffer(fn, 'rows·dims', (db ? 2 : 3) * n);
  heapF32.set(fresh(pos, held[0], n), p >> 2);
  heapF32.set(fresh(vel, held[1], n), (p >> 2) + n);
  const f = db ? at(db, 'features') : plus(p, 2 * n);
  full.sp_inertialization_features(
    f,
    p,
    plus(p, n),
    rows,
    dims,
    INERTIALIZER[inertializer],
    halflife,
    blendtime,
  );
  return f;
}

/**
 * Inertialization features of `rows` rows of `dims` positions and velocities (row-major
 * Float32Arrays, e.g. x, y, z of a few joints per row): `cp·pos + cv·vel` per element. A
 * Euclidean distance between two rows of features is then the root of the summed squared
 * approximate transition costs of their elements. Written into `out` if given.
 * @param inertializer - which inertializer: 'spring', 'cubic', 'quintic', 'deadBlending'
 * @param pos - Float32Array of rows·dims floats: [m] positions
 * @param vel - Float32Array of rows·dims floats: [m/s] velocities
 * @param rows - (≥ 1) rows
 * @param dims - (≥ 1) floats per row
 * @param halflife - [s] (≥ 0) halflife of the spring inertializer and of dead blending
 * @param blendtime - [s] (≥ 0) blend time of the others
 * @param out - (optional) Float32Array of rows·dims floats: [m·s] the features (written)
 * @see the C function `sp_inertialization_features` in c/sprung.h
 * @c sp_inertialization_features
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
  check(S.inertializationFeatures, inertializer, pos, vel, rows, dims, halflife, blendtime, out);
  const n = rows * dims;
  const held = [pos, vel, out].map((a) => (a === undefined ? -1 : floats(fn, '', a, n)));
  const f = features(fn, undefined, pos, vel, held, rows, dims, inertializer, halflife, blendtime);
  const result = out === undefined ? new Float32Array(n) : fresh(out, held[2], n);
  result.set(heapF32.subarray(f >> 2, (f >> 2) + n));
  return held[2] < 0 ? (out ?? result) : result; // a view of sprung's memory: the one made after growth
}

/** Result of {@link FeatureDatabase.search}: best row and its Euclidean distance (−1 and Infinity when empty). */
export interface SearchResult {
  index: number;
  cost: number;
}

/**
 * A feature database in WASM memory for brute-force nearest-neighbour search: `rows × dims`
 * features (see {@link inertializationFeatures}) and a query slot. `features` is a live view
 * (refreshed after memory growth). Call `dispose()` when done (a FinalizationRegistry frees
 * it otherwise).
 */
export class FeatureDatabase extends Batch<'features' | 'query'> {
  /**
   * Allocates a database of `rows × dims` features (zeroed).
   * @param rows - (≥ 0) rows
   * @param dims - (≥ 1) floats per row
   * @see the C function `sp_inertialization_search` in c/sprung.h
   * @c sp_inertialization_search *
   */
  constructor(rows: number, dims: number) {
    check(S.FeatureDatabase, rows, dims);
    super(
      'FeatureDatabase',
      rows,
      [
        ['features', rows * dims],
        ['query', dims],
      ],
      'rows·dims',
      { rows, dims },
    );
  }

  /** Number of rows. */
  declare readonly rows: number;
  /** Floats per row. */
  declare readonly dims: number;

  /** The features, row-major, as a view of WASM memory (write them, or use {@link FeatureDatabase.build}). */
  declare readonly features: Float32Array;

  /**
   * Fills the database with the inertialization features of `pos`, `vel` (`rows × dims` each).
   * @param inertializer - which inertializer: 'spring', 'cubic', 'quintic', 'deadBlending'
   * @param pos - Float32Array of rows·dims floats: [m] positions
   * @param vel - Float32Array of rows·dims floats: [m/s] velocities
   * @param halflife - [s] (≥ 0) halflife of the spring inertializer and of dead blending
   * @param blendtime - [s] (≥ 0) blend time of the others
   * @see the C function `sp_inertialization_features` in c/sprung.h
   * @c sp_inertialization_features *
   */
  build(
    inertializer: Inertializer,
    pos: Float32Array,
    vel: Float32Array,
    halflife: number,
    blendtime: number,
  ): this {
    const fn = 'FeatureDatabase.build';
    const { rows, dims } = own(this, fn).sizes;
    const n = rows * dims;
    check(S.FeatureDatabase_build, inertializer, pos, vel, halflife, blendtime);
    const held = [floats(fn, 'pos', pos, n), floats(fn, 'vel', vel, n)];
    if (n === 0) return this;
    features(fn, this, pos, vel, held, rows, dims, inertializer, halflife, blendtime);
    return this;
  }

  /**
   * Index of the row nearest to `query` (`dims` features) by Euclidean distance, and that
   * distance, written into `result` if given (no allocation).
   * @param query - Float32Array of dims floats: [m·s] the features searched for
   * @param result - (optional) written: `index` index of the nearest row, or −1 when there is none; `cost` [m·s]
   *   the distance; +Inf when there is no row
   * @see the C function `sp_inertialization_search` in c/sprung.h
   * @c sp_inertialization_search result={index:@return,cost:out_cost} *
   */
  search<T extends SearchResult>(query: Float32Array, result: T): T;
  /**
   * Index of the row nearest to `query` (`dims` features) by Euclidean distance, and that
   * distance, written into `result` if given (no allocation).
   * @param query - Float32Array of dims floats: [m·s] the features searched for
   * @param result - (optional) written: `index` index of the nearest row, or −1 when there is none; `cost` [m·s]
   *   the distance; +Inf when there is no row
   * @see the C function `sp_inertialization_search` in c/sprung.h
   */
  search(query: Float32Array, result?: SearchResult): SearchResult;
  search(query: Float32Array, result?: SearchResult): SearchResult {
    const fn = 'FeatureDatabase.search';
    const { rows, dims } = own(this, fn).sizes;
    check(S.FeatureDatabase_search, query, result);
    const held = floats(fn, 'query', query, dims);
    const q = at(this, 'query');
    heapF32.set(fresh(query, held, dims), q >> 2);
    const p = claim();
    const index = full.sp_inertialization_search(p, at(this, 'features'), rows, dims, q),
      cost = heapF32[p >> 2]; // both read before the caller's setters run
    const out = result ?? { index: -1, cost: Infinity };
    out.index = index;
    out.cost = cost;
    return out;
  }
}
getters(FeatureDatabase, view, 'features');
getters(FeatureDatabase, size, 'rows', 'dims');
