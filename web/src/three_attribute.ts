/**
 * A three.js `BufferAttribute` bound to a batch's view of sprung's memory, so that it stays
 * valid when the memory grows ("Views and memory" in docs/API.md).
 * @packageDocumentation
 */
import { show } from './check.js';
import { onMemoryGrowth } from './growth.js';

/** What a three.js `BufferAttribute` (or `InstancedBufferAttribute`) offers: its array, and the
 *  flag that uploads it again. */
export interface BufferAttributeLike {
  array: ArrayLike<number>;
  needsUpdate: boolean;
}

/** The part of `WeakRef` (ES2021) used here, typed locally for ES2020 consumers. */
interface Ref<T> {
  deref(): T | undefined;
}
const WeakRefOf = (globalThis as unknown as { WeakRef: new <T extends object>(t: T) => Ref<T> }).WeakRef;

/** The fields of `B` that hold a `Float32Array` (a batch's `x`, `v`, `goal`…). */
export type ViewField<B> = { [K in keyof B]: B[K] extends Float32Array ? K : never }[keyof B];

/**
 * Binds `attribute` to the view `batch[field]`: sets `attribute.array` to it now and again
 * after every event that detaches sprung's views ({@link onMemoryGrowth}), with
 * `needsUpdate`, so the renderer always reads the live memory. Without it, the view a
 * `BufferAttribute` holds is detached (length 0) once sprung's memory grows, and three.js's
 * `WebGLRenderer.render` throws on every frame that uploads it.
 *
 * The binding holds neither the attribute nor the batch: it ends by itself when either is
 * garbage collected or the batch is disposed, or when the returned function is called.
 * @param attribute - a three.js `BufferAttribute` whose array has the view's length (made from it:
 *   `new THREE.BufferAttribute(particles.x, 3)`).
 * @param batch - the batch (or any object) whose getter returns the view.
 * @param field - the getter's name: `'x'`, `'v'`, `'goal'`, …
 * @returns a function that ends the binding.
 * @example
 * const positions = new THREE.BufferAttribute(particles.x, 3);
 * bindAttribute(positions, particles, 'x');
 * geometry.setAttribute('position', positions);
 */
export function bindAttribute<B extends object>(
  attribute: BufferAttributeLike,
  batch: B,
  field: ViewField<B>,
): () => void {
  const fn = 'bindAttribute';
  if (typeof attribute !== 'object' || attribute === null || !('array' in attribute))
    throw new TypeError(`sprung.${fn}: attribute must be a three.js BufferAttribute, got ${show(attribute)}`);
  if (typeof batch !== 'object' || batch === null)
    throw new TypeError(`sprung.${fn}: batch must be an object, got ${show(batch)}`);
  const view = batch[field] as unknown;
  if (!(view instanceof Float32Array))
    throw new TypeError(`sprung.${fn}: batch.${String(field)} must be a Float32Array, got ${show(view)}`);
  const length = (attribute.array as ArrayLike<number> | undefined)?.length;
  if (length !== view.length)
    throw new RangeError(
      `sprung.${fn}: attribute.array must have the view's length, ${view.length}, got ${show(length)} (a BufferAttribute cannot change its size)`,
    );
  attribute.array = view;
  attribute.needsUpdate = true;
  const attributeRef = new WeakRefOf(attribute),
    batchRef = new WeakRefOf(batch);
  const stop = onMemoryGrowth(() => {
    const a = attributeRef.deref(),
      b = batchRef.deref();
    if (!a || !b || (b as { disposed?: unknown }).disposed === true) return stop();
    a.array = b[field] as unknown as Float32Array;
    a.needsUpdate = true;
  });
  return stop;
}
