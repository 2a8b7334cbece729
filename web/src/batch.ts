/**
 * Batches: many springs updated by one WebAssembly call. Each batch owns its arrays in
 * WASM memory (structure of arrays: `x`, `v`, `goal`, ... each `count·dim` floats, element
 * `i` at `[i·dim, i·dim + dim)`) and exposes them as `Float32Array` views, which its getters
 * renew when memory grows. Write goals into the views, call `update(dt)` once per frame, read
 * the state back from the views. `dispose()` frees the memory (a `FinalizationRegistry`
 * frees it too if you forget, but later than you would like).
 * @packageDocumentation
 */
import { heapF32 } from './wasm.js';
import { allocOwned, freeOwned } from './memory.js';
import { blocks, getters, live, own, size, view, type Block } from './block.js';
import type { Ptr, Raw } from './gen/raw.js';
import { check, integer, isFiniteNonNegative, nameOf, nonNegative, type Spec } from './check.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** Floats per element: 1 scalars, 2 vec2, 3 vec3, 4 vec4, or any other whole number ≥ 1. */
export type BatchDim = number;

/** Options of the spring and damper batches. */
export interface BatchOptions {
  /** Floats per element (1 scalar, 2 vec2, 3 vec3, 4 vec4, …); default 1. */
  dim?: BatchDim;
  /** Initial halflife in seconds (every element); default 0.1. */
  halflife?: number;
  /** One halflife per element (`halflife` view of `count` floats) instead of one shared; default false. */
  perElementHalflife?: boolean;
}

/**
 * The memory and views every batch shares: one `malloc`ed block holding its fields one
 * after another (each rounded up to 16 bytes), reached by name; views re-created lazily
 * when the memory buffer changed; `dispose()` and the use-after-dispose check. Its sizes are
 * read-only getters, and each method that calls C checks that `this` is a batch of its own
 * class (`Class.prototype.update.call(otherBatch)` throws). The helpers its subclasses use
 * (`at`, `view`, `own`, …) are functions of this module, not methods: nothing on a batch's
 * prototype reaches its memory but its public members.
 */
export abstract class Batch<F extends string = string> {
  /** Allocates the fields, `[name, floats]` in order; `count` (and `sizes`) are validated before. */
  protected constructor(
    kind: string,
    count: number,
    fields: readonly (readonly [F, number])[],
    sizedBy = 'count',
    sizes: Record<string, number> = {},
  ) {
    if (new.target === Batch)
      throw new TypeError(
        'sprung.Batch: the base class of the batches; construct one of them (DamperExactBatch, …)',
      );
    const offsets: Record<string, number> = {},
      lengths: Record<string, number> = {};
    let floats = 0;
    for (const [name, n] of fields) {
      offsets[name] = floats;
      lengths[name] = n;
      floats += Math.ceil(n / 4) * 4;
    }
    const ptr = allocOwned(this, kind, sizedBy, floats);
    heapF32.fill(0, ptr >> 2, (ptr >> 2) + floats);
    const args = fields.map(([name]) => (ptr + 4 * offsets[name]) as Ptr);
    blocks.set(this, { kind, ptr, count, sizes: { ...sizes }, offsets, lengths, args, views: {} });
  }

  /** Number of elements. */
  get count(): number {
    return live(this, 'count').count;
  }

  /** Frees the WASM memory; any later use throws. Calling it twice is allowed. */
  dispose(): void {
    const b = blocks.get(this);
    if (b === undefined)
      throw new TypeError('sprung.Batch.dispose: called on an object that is not a sprung batch');
    if (b.ptr === 0) return;
    freeOwned(this, b.ptr);
    b.ptr = 0 as Ptr;
    b.views = {};
  }

  /** True once {@link Batch.dispose} was called. */
  get disposed(): boolean {
    const b = blocks.get(this);
    if (b === undefined)
      throw new TypeError('sprung.Batch.disposed: read on an object that is not a sprung batch');
    return b.ptr === 0;
  }
}

/**
 * A batch with a halflife shared or per element: the `halflife` view holds 1 or `count`
 * floats.
 */
abstract class HalflifeBatch<F extends string> extends Batch<F | 'halflife'> {
  /** Checks `count` and `options` against `spec` (the constructor's), then allocates the
   *  halflife, the `shared` fields (as many floats as halflife) and the `fields`, each of
   *  `count` elements of `dim` floats, or of the number of floats given. */
  protected constructor(
    spec: Spec,
    count: number,
    options: BatchOptions | undefined,
    fields: readonly (F | readonly [F, number])[],
    shared: readonly F[] = [],
  ) {
    check(spec, count, options);
    integer(nameOf(spec), 'count', count, 0, 2 ** 28); // beyond, a batch could not be allocated anyway
    const dim = options?.dim ?? 1;
    const per = options?.perElementHalflife === true || (options?.perElementHalflife as unknown) === 1;
    const h = per ? count : 1;
    super(
      nameOf(spec),
      count,
      [
        ...fields.map((f): [F, number] => (typeof f === 'string' ? [f, count * dim] : [f[0], count * f[1]])),
        ...shared.map((f): [F, number] => [f, h]),
        ['halflife', h],
      ], // the order of the update kernel's pointers
      'count',
      { dim: fields.some((f) => typeof f === 'string') ? dim : 1, per: per ? 1 : 0 }, // quaternion batches: dim 1
    );
    this.halflife.fill(options?.halflife ?? 0.1);
  }

  /** Floats per element. */
  declare readonly dim: number;
  /** True when every element has its own halflife. */
  get perElementHalflife(): boolean {
    return size(this, 'per', 'perElementHalflife') === 1;
  }

  /** Halflife in seconds: 1 float shared by all elements, or one per element. Values < 0 or NaN make their elements NaN. */
  declare readonly halflife: Float32Array;

  /**
   * Sets every halflife.
   * @param h - [s] (≥ 0) the halflife
   */
  setHalflife(h: number): this {
    nonNegative(`${live(this, 'setHalflife').kind}.setHalflife`, 'h', h);
    view(this, 'halflife').fill(h); // not this.halflife: a subclass may shadow it
    return this;
  }
}

getters(HalflifeBatch, view, 'halflife');
getters(HalflifeBatch, size, 'dim');

/** The update kernels: `(pointers of the block's fields…, per_element, dt, n[, dim])`. */
type Kernel = Extract<keyof Raw, `sp_${string}_batch`>;

/** The block of `obj` for update `spec` (`Class.update dt=…`), after checking that `obj` is a
 *  live batch of `Class`, dt, and a shared halflife (the block's last field). */
function checkUpdate(obj: object, spec: Spec, dt: number): Block {
  const b = blocks.get(obj);
  if (b === undefined || b.ptr === 0 || b.method !== spec) {
    own(obj, nameOf(spec)); // throws unless obj is a live batch of the spec's class
    b!.method = spec; // then the next update compares one pointer (a class name costs a slice)
  }
  const h = heapF32[b!.args[b!.args.length - 1] >> 2];
  if (isFiniteNonNegative(dt) && (b!.sizes.per === 1 || isFiniteNonNegative(h))) return b!; // valid: no message built
  check(spec, dt);
  if (b!.sizes.per === 0) nonNegative(nameOf(spec), 'halflife[0]', h);
  return b!;
}

/** Runs kernel `k` on block `b` (checked). Called with exactly its parameters, one by one: a spread,
 *  or an argument too many (the quaternion kernels take no `dim`), costs more than the call at small counts. */
function run(b: Block, dt: number, k: Kernel): void {
  const f = full[k] as (...args: number[]) => void,
    a = b.args,
    per = b.sizes.per,
    n = b.count,
    dim = b.sizes.dim;
  if (f.length === a.length + 3) {
    if (a.length === 3) f(a[0], a[1], a[2], per, dt, n);
    else f(a[0], a[1], a[2], a[3], per, dt, n);
  } else if (a.length === 3) f(a[0], a[1], a[2], per, dt, n, dim);
  else if (a.length === 4) f(a[0], a[1], a[2], a[3], per, dt, n, dim);
  else if (a.length === 5) f(a[0], a[1], a[2], a[3], a[4], per, dt, n, dim);
  else f(a[0], a[1], a[2], a[3], a[4], a[5], per, dt, n, dim);
}

/** Update `spec` of `obj` with kernel `k`: every update but the spring's, which checks its frequency too. */
function update<T extends object>(obj: T, spec: Spec, dt: number, k: Kernel): T {
  run(checkUpdate(obj, spec, dt), dt, k);
  return obj;
}

/**
 * Exact dampers (`damperExact`) on `count` elements of `dim` floats: `x` moves toward `goal`.
 * @example
 * const particles = new DamperExactBatch(10000, { dim: 3, halflife: 0.2 });
 * particles.goal.set(targets); // then every frame:
 * particles.update(dt); // particles.x holds the positions
 */
export class DamperExactBatch extends HalflifeBatch<'x' | 'goal'> {
  /**
   * `count` elements of `dim` floats; all zero at first.
   * @param count - (≥ 0) number of elements
   * @param options - (optional) each optional: `dim` (≥ 1) floats per element; `halflife` [s] (≥ 0) halflife,
   *   shared or per element; `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_damper_exact_batch` in c/sprung.h
   * @c sp_damper_exact_batch count=n options=?{dim,halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: BatchOptions) {
    super(S.DamperExactBatch, count, options, ['x', 'goal']);
  }
  /** Positions, `count·dim` floats. */
  declare readonly x: Float32Array;
  /** Goals, `count·dim` floats. */
  declare readonly goal: Float32Array;
  /**
   * Advances every element by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_damper_exact_batch` in c/sprung.h
   * @c sp_damper_exact_batch *
   */
  update(dt: number): this {
    return update(this, S.DamperExactBatch_update, dt, 'sp_damper_exact_batch');
  }
}
getters(DamperExactBatch, view, 'x', 'goal');

/** Springs on `count` elements of `dim` floats: positions and velocities. */
abstract class StateBatch<F extends string> extends HalflifeBatch<F | 'x' | 'v'> {
  /** Positions, `count·dim` floats. */
  declare readonly x: Float32Array;
  /** Velocities per second, `count·dim` floats. */
  declare readonly v: Float32Array;
}
getters(StateBatch, view, 'x', 'v');

/** Springs toward goals. */
abstract class GoalBatch<F extends string> extends StateBatch<F | 'goal'> {
  /** Goal positions, `count·dim` floats. */
  declare readonly goal: Float32Array;
}
getters(GoalBatch, view, 'goal');

/** Springs toward moving goals: goal positions and velocities. */
abstract class MovingGoalBatch<F extends string> extends GoalBatch<F | 'goalVelocity'> {
  /** Goal velocities per second, `count·dim` floats. */
  declare readonly goalVelocity: Float32Array;
}
getters(MovingGoalBatch, view, 'goalVelocity');

/** Critically damped springs with goal velocity (`criticalSpringDamperExact`) on `count` elements of `dim` floats. */
export class CriticalSpringDamperExactBatch extends MovingGoalBatch<never> {
  /**
   * `count` elements of `dim` floats; all zero at first.
   * @param count - (≥ 0) number of elements
   * @param options - (optional) each optional: `dim` (≥ 1) floats per element; `halflife` [s] (≥ 0) halflife,
   *   shared or per element; `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_critical_spring_damper_exact_batch` in c/sprung.h
   * @c sp_critical_spring_damper_exact_batch count=n options=?{dim,halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: BatchOptions) {
    super(S.CriticalSpringDamperExactBatch, count, options, ['x', 'v', 'goal', 'goalVelocity']);
  }
  /**
   * Advances every element by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_critical_spring_damper_exact_batch` in c/sprung.h
   * @c sp_critical_spring_damper_exact_batch *
   */
  update(dt: number): this {
    return update(this, S.CriticalSpringDamperExactBatch_update, dt, 'sp_critical_spring_damper_exact_batch');
  }
}

/** Critically damped springs toward a goal (`simpleSpringDamperExact`) on `count` elements of `dim` floats. */
export class SimpleSpringDamperExactBatch extends GoalBatch<never> {
  /**
   * `count` elements of `dim` floats; all zero at first.
   * @param count - (≥ 0) number of elements
   * @param options - (optional) each optional: `dim` (≥ 1) floats per element; `halflife` [s] (≥ 0) halflife,
   *   shared or per element; `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_simple_spring_damper_exact_batch` in c/sprung.h
   * @c sp_simple_spring_damper_exact_batch count=n options=?{dim,halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: BatchOptions) {
    super(S.SimpleSpringDamperExactBatch, count, options, ['x', 'v', 'goal']);
  }
  /**
   * Advances every element by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_simple_spring_damper_exact_batch` in c/sprung.h
   * @c sp_simple_spring_damper_exact_batch *
   */
  update(dt: number): this {
    return update(this, S.SimpleSpringDamperExactBatch_update, dt, 'sp_simple_spring_damper_exact_batch');
  }
}

/** Critically damped springs decaying toward 0 (`decaySpringDamperExact`) on `count` elements of `dim` floats. */
export class DecaySpringDamperExactBatch extends StateBatch<never> {
  /**
   * `count` elements of `dim` floats; all zero at first.
   * @param count - (≥ 0) number of elements
   * @param options - (optional) each optional: `dim` (≥ 1) floats per element; `halflife` [s] (≥ 0) halflife,
   *   shared or per element; `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_decay_spring_damper_exact_batch` in c/sprung.h
   * @c sp_decay_spring_damper_exact_batch count=n options=?{dim,halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: BatchOptions) {
    super(S.DecaySpringDamperExactBatch, count, options, ['x', 'v']);
  }
  /**
   * Advances every element by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_decay_spring_damper_exact_batch` in c/sprung.h
   * @c sp_decay_spring_damper_exact_batch *
   */
  update(dt: number): this {
    return update(this, S.DecaySpringDamperExactBatch_update, dt, 'sp_decay_spring_damper_exact_batch');
  }
}

/** Options of {@link SpringDamperExactBatch}: frequency is shared or per element like the halflife. */
export interface SpringBatchOptions extends BatchOptions {
  /** Initial frequency in Hz (every element); default 2. */
  frequency?: number;
}

/**
 * Exact springs by frequency and halflife in every regime (`springDamperExact`) on `count`
 * elements of `dim` floats. The `frequency` view has as many floats as `halflife`; with any
 * goal velocity not 0, a frequency must be > 0.
 */
export class SpringDamperExactBatch extends MovingGoalBatch<'frequency'> {
  /**
   * `count` elements of `dim` floats; all zero at first.
   * @param count - (≥ 0) number of elements
   * @param options - (optional) each optional: `dim` (≥ 1) floats per element; `frequency` [Hz] (≥ 0; > 0 when q
   *   ≠ 0) frequency, shared or per element; `halflife` [s] (≥ 0) halflife, shared or per element;
   *   `perElementHalflife` ([0, 1]) 1: `options.frequency` and `options.halflife` hold n floats
   * @see the C function `sp_spring_damper_exact_batch` in c/sprung.h
   * @c sp_spring_damper_exact_batch count=n options=?{dim,frequency,halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: SpringBatchOptions) {
    super(S.SpringDamperExactBatch, count, options, ['x', 'v', 'goal', 'goalVelocity'], ['frequency']);
    this.frequency.fill(options?.frequency ?? 2);
  }
  /** Frequency in Hz: 1 float shared, or one per element (as `halflife`). */
  declare readonly frequency: Float32Array;
  /**
   * Advances every element by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_spring_damper_exact_batch` in c/sprung.h
   * @c sp_spring_damper_exact_batch *
   */
  update(dt: number): this {
    const spec = S.SpringDamperExactBatch_update;
    const b = checkUpdate(this, spec, dt);
    // like the shared halflife, a shared frequency is checked: a bad one would reach every element
    if (b.sizes.per === 0) {
      const f = heapF32[b.args[b.args.length - 2] >> 2];
      if (!isFiniteNonNegative(f)) nonNegative(nameOf(spec), 'frequency[0]', f);
      if (f === 0 && this.goalVelocity.some((q) => q !== 0))
        throw new RangeError(
          `sprung.${nameOf(spec)}: frequency[0] must be > 0 while a goalVelocity is not 0, got 0`,
        );
    }
    run(b, dt, 'sp_spring_damper_exact_batch');
    return this;
  }
}
getters(SpringDamperExactBatch, view, 'frequency');

/** Options of the quaternion batches (always 4 floats per rotation, 3 per angular velocity). */
export type QuatBatchOptions = Omit<BatchOptions, 'dim'>;

/** Sets the quaternions x,y,z,w of `q` to the identity. */
function identities(q: Float32Array): void {
  for (let i = 3; i < q.length; i += 4) q[i] = 1;
}

/** Springs on `count` rotations: rotations and angular velocities. */
abstract class RotationBatch<F extends string> extends HalflifeBatch<F | 'x' | 'v'> {
  /** Rotations, `4·count` floats (x,y,z,w). */
  declare readonly x: Float32Array;
  /** Angular velocities, `3·count` floats. */
  declare readonly v: Float32Array;
}
getters(RotationBatch, view, 'x', 'v');

/**
 * Critically damped springs on `count` rotations toward goal rotations
 * (`simpleSpringDamperExactQuat`). Rotations are x,y,z,w per element, angular velocities
 * x,y,z (radians per second, scaled axis).
 */
export class SimpleSpringDamperExactQuatBatch extends RotationBatch<'goal'> {
  /**
   * `count` rotations, all the identity at first, at rest.
   * @param count - (≥ 0) number of rotations
   * @param options - (optional) each optional: `halflife` [s] (≥ 0) halflife, shared or per element;
   *   `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_simple_spring_damper_exact_quat_batch` in c/sprung.h
   * @c sp_simple_spring_damper_exact_quat_batch count=n options=?{halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: QuatBatchOptions) {
    super(S.SimpleSpringDamperExactQuatBatch, count, options, [
      ['x', 4],
      ['v', 3],
      ['goal', 4],
    ]);
    identities(this.x);
    identities(this.goal);
  }
  /** Goal rotations, `4·count` floats (x,y,z,w). */
  declare readonly goal: Float32Array;
  /**
   * Advances every rotation by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_simple_spring_damper_exact_quat_batch` in c/sprung.h
   * @c sp_simple_spring_damper_exact_quat_batch *
   */
  update(dt: number): this {
    return update(
      this,
      S.SimpleSpringDamperExactQuatBatch_update,
      dt,
      'sp_simple_spring_damper_exact_quat_batch',
    );
  }
}
getters(SimpleSpringDamperExactQuatBatch, view, 'goal');

/** Critically damped springs decaying `count` rotations toward the identity (`decaySpringDamperExactQuat`). */
export class DecaySpringDamperExactQuatBatch extends RotationBatch<never> {
  /**
   * `count` rotations, all the identity at first, at rest.
   * @param count - (≥ 0) number of rotations
   * @param options - (optional) each optional: `halflife` [s] (≥ 0) halflife, shared or per element;
   *   `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_decay_spring_damper_exact_quat_batch` in c/sprung.h
   * @c sp_decay_spring_damper_exact_quat_batch count=n options=?{halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: QuatBatchOptions) {
    super(S.DecaySpringDamperExactQuatBatch, count, options, [
      ['x', 4],
      ['v', 3],
    ]);
    identities(this.x);
  }
  /**
   * Advances every rotation by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_decay_spring_damper_exact_quat_batch` in c/sprung.h
   * @c sp_decay_spring_damper_exact_quat_batch *
   */
  update(dt: number): this {
    return update(
      this,
      S.DecaySpringDamperExactQuatBatch_update,
      dt,
      'sp_decay_spring_damper_exact_quat_batch',
    );
  }
}

/**
 * Exact dampers on `count` rotations toward goal rotations (`damperExactQuat`): each turns
 * half its remaining angle every halflife, along the shortest arc. Rotations are x,y,z,w per
 * element.
 * @example
 * const turrets = new DamperExactQuatBatch(200, { halflife: 0.1 });
 * turrets.goal.set(aims); // x,y,z,w per turret, then every frame:
 * turrets.update(dt); // turrets.x holds the rotations
 */
export class DamperExactQuatBatch extends HalflifeBatch<'x' | 'goal'> {
  /**
   * `count` rotations, all the identity at first, as are their goals.
   * @param count - (≥ 0) number of rotations
   * @param options - (optional) each optional: `halflife` [s] (≥ 0) halflife, shared or per element;
   *   `perElementHalflife` ([0, 1]) 1: `options.halflife` holds n floats
   * @see the C function `sp_damper_exact_quat_batch` in c/sprung.h
   * @c sp_damper_exact_quat_batch count=n options=?{halflife,perElementHalflife:per_element} *
   */
  constructor(count: number, options?: QuatBatchOptions) {
    super(S.DamperExactQuatBatch, count, options, [
      ['x', 4],
      ['goal', 4],
    ]);
    identities(this.x);
    identities(this.goal);
  }
  /** Rotations, `4·count` floats (x,y,z,w). */
  declare readonly x: Float32Array;
  /** Goal rotations, `4·count` floats (x,y,z,w). */
  declare readonly goal: Float32Array;
  /**
   * Advances every rotation by `dt` seconds in one call.
   * @param dt - [s] (≥ 0) time step; 0 changes nothing
   * @see the C function `sp_damper_exact_quat_batch` in c/sprung.h
   * @c sp_damper_exact_quat_batch *
   */
  update(dt: number): this {
    return update(this, S.DamperExactQuatBatch_update, dt, 'sp_damper_exact_quat_batch');
  }
}
getters(DamperExactQuatBatch, view, 'x', 'goal');

/** Gives `cls` its own `setHalflife`, which refuses a batch of another class as `update` does
 *  (`CriticalSpringDamperExactBatch.prototype.setHalflife.call(dampers, h)` throws): the method
 *  the classes inherit is one function, which cannot tell which class's it was called as. */
function ownSetHalflife(cls: { readonly prototype: object }, spec: Spec): void {
  const fn = `${nameOf(spec)}.setHalflife`,
    inherited = HalflifeBatch.prototype.setHalflife;
  Object.defineProperty(cls.prototype, 'setHalflife', {
    value(this: HalflifeBatch<string>, h: number) {
      own(this, fn);
      return inherited.call(this, h);
    },
    writable: true,
    configurable: true,
  });
}
for (const [cls, spec] of [
  [DamperExactBatch, S.DamperExactBatch],
  [CriticalSpringDamperExactBatch, S.CriticalSpringDamperExactBatch],
  [SimpleSpringDamperExactBatch, S.SimpleSpringDamperExactBatch],
  [DecaySpringDamperExactBatch, S.DecaySpringDamperExactBatch],
  [SpringDamperExactBatch, S.SpringDamperExactBatch],
  [SimpleSpringDamperExactQuatBatch, S.SimpleSpringDamperExactQuatBatch],
  [DecaySpringDamperExactQuatBatch, S.DecaySpringDamperExactQuatBatch],
  [DamperExactQuatBatch, S.DamperExactQuatBatch],
] as const)
  ownSetHalflife(cls, spec);
