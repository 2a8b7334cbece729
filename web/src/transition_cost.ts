/**
 * Inertialization transition cost: the total displacement `∫|offset(t)| dt` an inertialized
 * transition with position offset `x` and velocity offset `v` causes, for the spring, cubic,
 * quintic and dead-blending inertializers; whole cost landscapes in one call; features that
 * turn the approximate cost into a Euclidean distance, and a brute-force feature search. (The
 * costs, approximations, intersections and features of one offset take and return numbers:
 * they are generated from the header.)
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { slot } from './scratch.js';
import { plus, workBuffer } from './work.js';
import { check, floats, initialized, isField, fresh } from './check.js';
import { Batch } from './batch.js';
import { at, own, size, view } from './block.js';
import { COST, INERTIALIZER } from './gen/specs.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** The inertializers whose transition cost can be measured. */
export type Inertializer = keyof typeof INERTIALIZER;

/**
 * What a landscape cell holds: `exact` displacement, `approx` (the feature distance: the
 * |signed area| of the offset, but for the quintic), `error` (`exact − approx`: ≥ 0 for the
 * spring, cubic and dead blending; for the quintic, whose feature ignores Bollo's acceleration
 * clamp and shortened blend time, negative where `−v·blendtime/x > 6.32`), or `basic`
 * (`|x| + weight·|v|`).
 */
export type CostMeasure = keyof typeof COST;

/**
 * Feature coefficients `[cp, cv]` of an inertializer: feature = `cp·pos + cv·vel`, so
 * features can be computed (and weighted) outside the library. Writes into `out` if given.
 * @c sp_inertialization_feature_coefficients out=out_{0:pos,1:vel}
 */
export function inertializationFeatureCoefficients<T extends number[] = number[]>(
  inertializer: Inertializer,
  halflife: number,
  blendtime: number,
  out?: T,
): T {
  check(S.inertializationFeatureCoefficients, inertializer, halflife, blendtime, out);
  full.sp_inertialization_feature_coefficients(
    slot(0),
    slot(1),
    INERTIALIZER[inertializer],
    halflife,
    blendtime,
  );
  const result = out ?? ([0, 0] as T);
  result[0] = heapF32[scratchF32];
  result[1] = heapF32[scratchF32 + 1];
  return result;
}

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
  const fn = S.transitionCostLandscape;
  check(fn, nx, ny, xMin, xMax, vMin, vMax, options, out);
  const n = nx * ny;
  const held = out === undefined ? -1 : floats(fn.fn, 'out', out, n);
  const ptr = workBuffer(fn.fn, 'nx·ny', n); // may grow memory: `out` is viewed again after
  full.sp_transition_cost_landscape(ptr, nx, ny, xMin, xMax, vMin, vMax, ...costOptions(options));
  const result = out === undefined ? new Float32Array(n) : fresh(out, held, n);
  result.set(heapF32.subarray(ptr >> 2, (ptr >> 2) + n));
  return held < 0 ? (out ?? result) : result; // a view of sprung's memory: the one made after growth
}

/**
 * Inertialization features of `rows` rows of `dims` positions and velocities (row-major
 * Float32Arrays, e.g. x, y, z of a few joints per row): `cp·pos + cv·vel` per element. A
 * Euclidean distance between two rows of features is then the root of the summed squared
 * approximate transition costs of their elements. Written into `out` if given.
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
  const fn = S.inertializationFeatures;
  check(fn, inertializer, pos, vel, rows, dims, halflife, blendtime, out);
  const n = rows * dims;
  const held = [pos, vel, out].map((a) => (a === undefined ? -1 : floats(fn.fn, '', a, n)));
  const p = workBuffer(fn.fn, 'rows·dims', 3 * n); // may grow memory: the arrays are viewed again after
  const [ps, vs] = [pos, vel].map((a, k) => fresh(a, held[k], n));
  heapF32.set(ps, p >> 2);
  heapF32.set(vs, (p >> 2) + n);
  full.sp_inertialization_features(
    plus(p, 2 * n),
    p,
    plus(p, n),
    rows,
    dims,
    INERTIALIZER[inertializer],
    halflife,
    blendtime,
  );
  const result = out === undefined ? new Float32Array(n) : fresh(out, held[2], n);
  result.set(heapF32.subarray((p >> 2) + 2 * n, (p >> 2) + 3 * n));
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
  get rows(): number {
    return size(this, 'rows');
  }
  /** Floats per row. */
  get dims(): number {
    return size(this, 'dims');
  }

  /** The features, row-major, as a view of WASM memory (write them, or use {@link FeatureDatabase.build}). */
  get features(): Float32Array {
    return view(this, 'features');
  }

  /**
   * Fills the database with the inertialization features of `pos`, `vel` (`rows × dims` each).
   * @c sp_inertialization_features *
   */
  build(
    inertializer: Inertializer,
    pos: Float32Array,
    vel: Float32Array,
    halflife: number,
    blendtime: number,
  ): this {
    const fn = S.FeatureDatabase_build;
    const { rows, dims } = own(this, fn.fn).sizes;
    const n = rows * dims;
    check(fn, inertializer, pos, vel, halflife, blendtime);
    const held = [floats(fn.fn, 'pos', pos, n), floats(fn.fn, 'vel', vel, n)];
    if (n === 0) return this;
    const p = workBuffer(fn.fn, 'rows·dims', 2 * n); // may grow memory: the arrays are viewed again after
    heapF32.set(fresh(pos, held[0], n), p >> 2);
    heapF32.set(fresh(vel, held[1], n), (p >> 2) + n);
    full.sp_inertialization_features(
      at(this, 'features'),
      p,
      plus(p, n),
      rows,
      dims,
      INERTIALIZER[inertializer],
      halflife,
      blendtime,
    );
    return this;
  }

  /**
   * Index of the row nearest to `query` (`dims` features) by Euclidean distance, and that
   * distance, written into `result` if given (no allocation).
   * @c sp_inertialization_search result={index:@return,cost:out_cost} *
   */
  search<T extends SearchResult = SearchResult>(query: Float32Array, result?: T): T {
    const fn = S.FeatureDatabase_search;
    const { rows, dims } = own(this, fn.fn).sizes;
    if (!(
      initialized &&
      query instanceof Float32Array &&
      (result === undefined || (isField(result, 'index') && isField(result, 'cost')))
    ))
      check(fn, query, result);
    const held = floats(fn.fn, 'query', query, dims);
    const q = at(this, 'query');
    heapF32.set(fresh(query, held, dims), q >> 2);
    const out = result ?? ({ index: -1, cost: Infinity } as T);
    out.index = full.sp_inertialization_search(slot(0), at(this, 'features'), rows, dims, q);
    out.cost = heapF32[scratchF32];
    return out;
  }
}
