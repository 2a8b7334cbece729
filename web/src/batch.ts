/**
 * Batches: many springs updated by one WebAssembly call. Each batch owns its arrays in
 * WASM memory (structure of arrays: `x`, `v`, `goal`, ... each `count·dim` floats, element
 * `i` at `[i·dim, i·dim + dim)`) and exposes them as `Float32Array` views that stay valid
 * when the memory grows. Write goals into the views, call `update(dt)` once per frame, read
 * the state back from the views. `dispose()` frees the memory (a `FinalizationRegistry`
 * frees it too if you forget, but later than you would like).
 * @packageDocumentation
 */
import { allocOwned, freeOwned, heapF32, wasm } from './wasm.js';
import { integer, isTime, nonNegative, ready } from './check.js';

/** Floats per element: 1 scalars, 2 vec2, 3 vec3, 4 vec4. */
export type BatchDim = 1 | 2 | 3 | 4;

/** Options of the spring and damper batches. */
export interface BatchOptions {
  /** Floats per element (1 scalar, 2 vec2, 3 vec3, 4 vec4); default 1. */
  dim?: BatchDim;
  /** Initial halflife in seconds (every element); default 0.1. */
  halflife?: number;
  /** One halflife per element (`halflife` view of `count` floats) instead of one shared; default false. */
  perElementHalflife?: boolean;
}

/** A field of a batch: its name and how many floats it holds. */
type Field = readonly [name: string, floats: number];

/**
 * The memory and views every batch shares: one `malloc`ed block holding its fields one
 * after another (each rounded up to 16 bytes), views re-created lazily when the memory
 * buffer changed, `dispose()` and the use-after-dispose check.
 */
export abstract class Batch {
  /** Number of elements. */
  readonly count: number;
  /** The class name used in error messages (kept explicit: minifiers rename classes). */
  protected readonly kind: string;
  /** Byte pointer of the block in WASM memory; 0 once disposed. */
  protected ptr = 0;
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  private readonly views: Float32Array[] = [];

  /** Allocates the fields; `count` is validated by the subclass before. */
  protected constructor(kind: string, count: number, fields: readonly Field[], sizedBy = 'count') {
    this.kind = kind;
    this.count = count;
    let floats = 0;
    for (const [, n] of fields) {
      this.offsets.push(floats);
      this.lengths.push(n);
      floats += Math.ceil(n / 4) * 4;
    }
    this.ptr = allocOwned(this, kind, sizedBy, floats);
    heapF32.fill(0, this.ptr >> 2, (this.ptr >> 2) + floats);
  }

  /** Throws if the batch was disposed. */
  protected live(method: string): void {
    if (this.ptr === 0) throw new TypeError(`sprung.${this.kind}.${method}: used after dispose()`);
  }

  /** Byte pointer of field `i`. */
  protected at(i: number): number {
    return this.ptr + this.offsets[i] * 4;
  }

  /** The view of field `i`, re-created if the memory grew since it was made. */
  protected view(i: number, name: string): Float32Array {
    this.live(name);
    const v = this.views[i];
    if (v !== undefined && v.buffer === wasm.memory.buffer) return v;
    return (this.views[i] = new Float32Array(wasm.memory.buffer, this.at(i), this.lengths[i]));
  }

  /** Frees the WASM memory; any later use throws. Calling it twice is allowed. */
  dispose(): void {
    if (this.ptr === 0) return;
    freeOwned(this, this.ptr);
    this.ptr = 0;
    this.views.length = 0;
  }

  /** True once {@link Batch.dispose} was called. */
  get disposed(): boolean {
    return this.ptr === 0;
  }
}

/** Reads and checks the common options. */
function options(
  fn: string,
  count: number,
  o: BatchOptions | undefined,
): { dim: number; halflife: number; per: boolean } {
  ready(fn);
  integer(fn, 'count', count, 0, 1 << 28);
  const dim = o?.dim ?? 1;
  integer(fn, 'options.dim', dim, 1, 4);
  const halflife = o?.halflife ?? 0.1;
  nonNegative(fn, 'options.halflife', halflife);
  return { dim, halflife, per: o?.perElementHalflife === true };
}

/**
 * A batch with a halflife shared or per element: the `halflife` view holds 1 or `count`
 * floats (field 0 of every subclass).
 */
abstract class HalflifeBatch extends Batch {
  /** Floats per element. */
  readonly dim: number;
  /** True when every element has its own halflife. */
  readonly perElementHalflife: boolean;

  protected constructor(
    fn: string,
    count: number,
    o: BatchOptions | undefined,
    fields: readonly string[],
    extra: readonly Field[] = [],
  ) {
    const { dim, halflife, per } = options(fn, count, o);
    super(fn, count, [
      ['halflife', per ? count : 1],
      ...extra,
      ...fields.map((f): Field => [f, count * dim]),
    ]);
    this.dim = dim;
    this.perElementHalflife = per;
    this.halflife.fill(halflife);
  }

  /** Halflife in seconds: 1 float shared by all elements, or one per element. Values < 0 or NaN make their elements NaN. */
  get halflife(): Float32Array {
    return this.view(0, 'halflife');
  }

  /** Sets every halflife to `h` seconds (≥ 0). */
  setHalflife(h: number): this {
    this.live('setHalflife');
    nonNegative(`${this.kind}.setHalflife`, 'h', h);
    this.halflife.fill(h);
    return this;
  }

  /** Checks dt and a shared halflife before an update. */
  protected checkUpdate(dt: number): void {
    if (this.ptr !== 0 && isTime(dt) && (this.perElementHalflife || isTime(heapF32[this.ptr >> 2]))) return; // valid: no message built
    const fn = `${this.kind}.update`;
    this.live('update');
    nonNegative(fn, 'dt', dt);
    if (!this.perElementHalflife) nonNegative(fn, 'halflife[0]', heapF32[this.ptr >> 2]);
  }

  /** 1 for a per-element halflife, else 0 (the C flag). */
  protected get per(): number {
    return this.perElementHalflife ? 1 : 0;
  }
}

/** Exact dampers (`damperExact`) on `count` elements of `dim` floats: `x` moves toward `goal`. */
export class DamperExactBatch extends HalflifeBatch {
  /** `count` elements of `dim` floats (see {@link BatchOptions}); all zero at first. */
  constructor(count: number, options?: BatchOptions) {
    super('DamperExactBatch', count, options, ['x', 'goal']);
  }
  /** Positions, `count·dim` floats. */
  get x(): Float32Array {
    return this.view(1, 'x');
  }
  /** Goals, `count·dim` floats. */
  get goal(): Float32Array {
    return this.view(2, 'goal');
  }
  /** Advances every element by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    wasm.sp_damper_exact_batch(this.at(1), this.at(2), this.at(0), this.per, dt, this.count, this.dim);
    return this;
  }
}

/** Critically damped springs with goal velocity (`criticalSpringDamperExact`) on `count` elements of `dim` floats. */
export class CriticalSpringDamperExactBatch extends HalflifeBatch {
  /** `count` elements of `dim` floats (see {@link BatchOptions}); all zero at first. */
  constructor(count: number, options?: BatchOptions) {
    super('CriticalSpringDamperExactBatch', count, options, ['x', 'v', 'goal', 'goalVelocity']);
  }
  /** Positions, `count·dim` floats. */
  get x(): Float32Array {
    return this.view(1, 'x');
  }
  /** Velocities per second, `count·dim` floats. */
  get v(): Float32Array {
    return this.view(2, 'v');
  }
  /** Goal positions, `count·dim` floats. */
  get goal(): Float32Array {
    return this.view(3, 'goal');
  }
  /** Goal velocities per second, `count·dim` floats. */
  get goalVelocity(): Float32Array {
    return this.view(4, 'goalVelocity');
  }
  /** Advances every element by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    wasm.sp_critical_spring_damper_exact_batch(
      this.at(1),
      this.at(2),
      this.at(3),
      this.at(4),
      this.at(0),
      this.per,
      dt,
      this.count,
      this.dim,
    );
    return this;
  }
}

/** Critically damped springs toward a goal (`simpleSpringDamperExact`) on `count` elements of `dim` floats. */
export class SimpleSpringDamperExactBatch extends HalflifeBatch {
  /** `count` elements of `dim` floats (see {@link BatchOptions}); all zero at first. */
  constructor(count: number, options?: BatchOptions) {
    super('SimpleSpringDamperExactBatch', count, options, ['x', 'v', 'goal']);
  }
  /** Positions, `count·dim` floats. */
  get x(): Float32Array {
    return this.view(1, 'x');
  }
  /** Velocities per second, `count·dim` floats. */
  get v(): Float32Array {
    return this.view(2, 'v');
  }
  /** Goal positions, `count·dim` floats. */
  get goal(): Float32Array {
    return this.view(3, 'goal');
  }
  /** Advances every element by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    wasm.sp_simple_spring_damper_exact_batch(
      this.at(1),
      this.at(2),
      this.at(3),
      this.at(0),
      this.per,
      dt,
      this.count,
      this.dim,
    );
    return this;
  }
}

/** Critically damped springs decaying toward 0 (`decaySpringDamperExact`) on `count` elements of `dim` floats. */
export class DecaySpringDamperExactBatch extends HalflifeBatch {
  /** `count` elements of `dim` floats (see {@link BatchOptions}); all zero at first. */
  constructor(count: number, options?: BatchOptions) {
    super('DecaySpringDamperExactBatch', count, options, ['x', 'v']);
  }
  /** Positions, `count·dim` floats. */
  get x(): Float32Array {
    return this.view(1, 'x');
  }
  /** Velocities per second, `count·dim` floats. */
  get v(): Float32Array {
    return this.view(2, 'v');
  }
  /** Advances every element by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    wasm.sp_decay_spring_damper_exact_batch(
      this.at(1),
      this.at(2),
      this.at(0),
      this.per,
      dt,
      this.count,
      this.dim,
    );
    return this;
  }
}

/** Options of {@link SpringDamperExactBatch}: frequency is shared or per element like the halflife. */
export interface SpringBatchOptions extends BatchOptions {
  /** Initial frequency in Hz (every element); default 2. */
  frequency?: number;
}

/**
 * Exact springs by frequency and halflife in every regime (`springDamperExact`) on `count`
 * elements of `dim` floats. The `frequency` view has as many floats as `halflife`.
 */
export class SpringDamperExactBatch extends HalflifeBatch {
  /** `count` elements of `dim` floats (see {@link SpringBatchOptions}); all zero at first. */
  constructor(count: number, options?: SpringBatchOptions) {
    const f = options?.frequency ?? 2;
    nonNegative('SpringDamperExactBatch', 'options.frequency', f);
    const per = options?.perElementHalflife === true;
    super(
      'SpringDamperExactBatch',
      count,
      options,
      ['x', 'v', 'goal', 'goalVelocity'],
      [['frequency', per ? count : 1]],
    );
    this.frequency.fill(f);
  }
  /** Frequency in Hz: 1 float shared, or one per element (as `halflife`). */
  get frequency(): Float32Array {
    return this.view(1, 'frequency');
  }
  /** Positions, `count·dim` floats. */
  get x(): Float32Array {
    return this.view(2, 'x');
  }
  /** Velocities per second, `count·dim` floats. */
  get v(): Float32Array {
    return this.view(3, 'v');
  }
  /** Goal positions, `count·dim` floats. */
  get goal(): Float32Array {
    return this.view(4, 'goal');
  }
  /** Goal velocities per second, `count·dim` floats; with any non-zero, frequency must be > 0. */
  get goalVelocity(): Float32Array {
    return this.view(5, 'goalVelocity');
  }
  /** Advances every element by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    // like the shared halflife, a shared frequency is checked: a NaN there would reach every element
    if (!this.perElementHalflife && !isTime(heapF32[this.at(1) >> 2]))
      nonNegative(`${this.kind}.update`, 'frequency[0]', heapF32[this.at(1) >> 2]);
    wasm.sp_spring_damper_exact_batch(
      this.at(2),
      this.at(3),
      this.at(4),
      this.at(5),
      this.at(1),
      this.at(0),
      this.per,
      dt,
      this.count,
      this.dim,
    );
    return this;
  }
}

/** Options of the quaternion batches (always 4 floats per rotation, 3 per angular velocity). */
export type QuatBatchOptions = Omit<BatchOptions, 'dim'>;

/** Sets `count` quaternions x,y,z,w of `q` to the identity. */
function identities(q: Float32Array): void {
  for (let i = 3; i < q.length; i += 4) q[i] = 1;
}

/**
 * Critically damped springs on `count` rotations toward goal rotations
 * (`simpleSpringDamperExactQuat`). Rotations are x,y,z,w per element, angular velocities
 * x,y,z (radians per second, scaled axis).
 */
export class SimpleSpringDamperExactQuatBatch extends HalflifeBatch {
  /** `count` rotations, all the identity at first, at rest. */
  constructor(count: number, options?: QuatBatchOptions) {
    super(
      'SimpleSpringDamperExactQuatBatch',
      count,
      { ...options, dim: 1 },
      [],
      [
        ['x', 4 * count],
        ['v', 3 * count],
        ['goal', 4 * count],
      ],
    );
    identities(this.x);
    identities(this.goal);
  }
  /** Rotations, `4·count` floats (x,y,z,w). */
  get x(): Float32Array {
    return this.view(1, 'x');
  }
  /** Angular velocities, `3·count` floats. */
  get v(): Float32Array {
    return this.view(2, 'v');
  }
  /** Goal rotations, `4·count` floats (x,y,z,w). */
  get goal(): Float32Array {
    return this.view(3, 'goal');
  }
  /** Advances every rotation by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    wasm.sp_simple_spring_damper_exact_quat_batch(
      this.at(1),
      this.at(2),
      this.at(3),
      this.at(0),
      this.per,
      dt,
      this.count,
    );
    return this;
  }
}

/** Critically damped springs decaying `count` rotations toward the identity (`decaySpringDamperExactQuat`). */
export class DecaySpringDamperExactQuatBatch extends HalflifeBatch {
  /** `count` rotations, all the identity at first, at rest. */
  constructor(count: number, options?: QuatBatchOptions) {
    super(
      'DecaySpringDamperExactQuatBatch',
      count,
      { ...options, dim: 1 },
      [],
      [
        ['x', 4 * count],
        ['v', 3 * count],
      ],
    );
    identities(this.x);
  }
  /** Rotations, `4·count` floats (x,y,z,w). */
  get x(): Float32Array {
    return this.view(1, 'x');
  }
  /** Angular velocities, `3·count` floats. */
  get v(): Float32Array {
    return this.view(2, 'v');
  }
  /** Advances every rotation by `dt` seconds in one call. */
  update(dt: number): this {
    this.checkUpdate(dt);
    wasm.sp_decay_spring_damper_exact_quat_batch(
      this.at(1),
      this.at(2),
      this.at(0),
      this.per,
      dt,
      this.count,
    );
    return this;
  }
}
