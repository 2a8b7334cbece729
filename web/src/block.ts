/**
 * The internals of every batch, out of its users' reach: each batch's {@link Block} in a
 * module-private WeakMap, and the functions its classes use to reach their memory (`at`,
 * `view`, `own`, …) — functions rather than methods, so that nothing on a batch's prototype
 * reaches WASM memory but its public members. Not re-exported by the package.
 * @internal
 * @packageDocumentation
 */
import { wasm } from './wasm.js';
import type { Ptr } from './gen/raw.js';
import { integer, ready } from './check.js';

/**
 * What a batch's C calls rely on — its class, block, element count, sizes and field layout —
 * kept in {@link blocks}, out of its users' reach: a public field could be set to a count the
 * block does not have, and the next C call would read and write past it into its neighbours.
 * @internal
 */
export interface Block {
  /** The class that laid the block out: messages name it, and its methods check it. */
  readonly kind: string;
  /** Byte pointer of the block in WASM memory; 0 once disposed. */
  ptr: Ptr;
  readonly count: number;
  /** The other sizes the class was made with (`dim`, `bones`, `samples`, …). */
  readonly sizes: Readonly<Record<string, number>>;
  readonly offsets: Readonly<Record<string, number>>;
  readonly lengths: Readonly<Record<string, number>>;
  /** The fields' byte pointers, in the order the class laid them out (a kernel's arguments). */
  readonly args: readonly Ptr[];
  views: Record<string, Float32Array | undefined>;
  /** The method (`Class.method`, or an update's spec) last found to be of the block's class
   *  ({@link own}): its next call compares one pointer instead of the class names. */
  method?: string;
}

/** Every live batch's {@link Block}, by batch (set by the Batch constructor). */
export const blocks = new WeakMap<object, Block>();

/** The block of `obj`, which must be a sprung batch not yet disposed (`member` names the
 *  method or getter in the error). @internal */
export function live(obj: object, member: string): Block {
  const b = blocks.get(obj);
  if (b === undefined)
    throw new TypeError(`sprung.Batch.${member}: called on an object that is not a sprung batch`);
  if (b.ptr === 0) throw new TypeError(`sprung.${b.kind}.${member}: used after dispose()`);
  return b;
}

/** As {@link live}, for a method whose C call relies on its own class's layout: `fn` is
 *  `'Class.method'`, and `obj` must be a `Class` (or of a subclass of it). @internal */
export function own(obj: object, fn: string): Block {
  const b = blocks.get(obj);
  if (b !== undefined && b.ptr !== 0 && b.method === fn) return b; // found its own before: one pointer compare
  const kind = fn.slice(0, fn.indexOf('.'));
  if (b === undefined || b.kind !== kind)
    throw new TypeError(
      `sprung.${fn}: called on ${b ? `a ${b.kind}` : 'an object that is not a sprung batch'}, not a ${kind}`,
    );
  if (b.ptr === 0) throw new TypeError(`sprung.${fn}: used after dispose()`);
  b.method = fn;
  return b;
}

/** The size `name` that `obj`'s class was made with, for its getters and for method `member`. @internal */
export function size(obj: object, name: string, member = name): number {
  const b = live(obj, member);
  const n = b.sizes[name];
  if (n === undefined) throw new TypeError(`sprung.${b.kind}.${name}: a ${b.kind} has no ${name}`);
  return n;
}

/** Byte pointer of field `f` of `obj`. @internal */
export function at<F extends string>(obj: object, f: F): Ptr {
  const b = live(obj, f);
  const o = b.offsets[f];
  if (o === undefined) throw new TypeError(`sprung.${b.kind}.${f}: a ${b.kind} has no ${f}`);
  return (b.ptr + o * 4) as Ptr;
}

/** The view of field `f` of `obj`, re-created if the memory grew since it was made. @internal */
export function view<F extends string>(obj: object, f: F): Float32Array {
  const b = live(obj, f);
  const v = b.views[f];
  if (v !== undefined && v.buffer === wasm.memory.buffer) return v;
  return (b.views[f] = new Float32Array(wasm.memory.buffer, at(obj, f), b.lengths[f]));
}

/** Checks a count or size argument of a constructor (after init). @internal */
export function checkCount(fn: string, name: string, value: unknown, min: number, max?: number): void {
  ready(fn);
  integer(fn, name, value, min, max);
}

/**
 * Defines on `cls.prototype` a read-only getter per name returning `read(this, name)`, for a
 * class that declares each, with its doc, as `declare readonly x: Float32Array`: {@link view}
 * for a batch's fields, {@link size} for the sizes it was made with, or the class's own reader
 * (a class without WASM memory of its own, such as MotionController). @internal
 */
export function getters<T extends object>(
  cls: { readonly prototype: T },
  read: (obj: T, name: string) => unknown,
  ...names: string[]
): void {
  for (const n of names)
    Object.defineProperty(cls.prototype, n, {
      get(this: T) {
        return read(this, n);
      },
      configurable: true,
    });
}
