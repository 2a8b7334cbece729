/**
 * The growth of sprung's memory as the user sees it: the listeners told after every event that
 * detaches the views (a growth, or the reuse of freed memory), and the buffers those views
 * viewed, by which the checks of arguments tell a stale view. It hooks itself into the loader
 * (wasm.ts) once a program holds it.
 * @packageDocumentation
 */
import { registerGrowth, wasm } from './wasm.js';

/** Buffers of sprung's memory that a growth (or `grow(0)`) detached: a view of one is stale. */
const retired = new WeakSet<ArrayBuffer>();

/**
 * True when `buffer` is one sprung's memory had before it grew: its views are detached, and
 * the batch getters give new ones.
 * @internal
 */
export function isRetired(buffer: ArrayBufferLike): boolean {
  return retired.has(buffer as ArrayBuffer);
}

const listeners = new Set<() => void>();

registerGrowth((old) => {
  if (old !== wasm.memory.buffer) retired.add(old as ArrayBuffer);
  // over a copy, as EventTarget does: a listener added during the dispatch waits for the
  // next one, and one that removes and adds itself again does not run forever
  for (const listener of [...listeners])
    try {
      listener();
    } catch (e) {
      // like an event listener's error: reported, without failing the allocation that grew memory
      setTimeout(() => {
        throw e;
      });
    }
});

/**
 * Calls `listener` right after every event that detaches the `Float32Array` views of
 * sprung's memory: a growth of the memory, or the reuse of memory freed by `dispose()`
 * (which sprung does only once fresh memory is used up). The batches' getters then return
 * new views: read them again (e.g. `attribute.array = batch.x`). With
 * `init({ reserve })` large enough and no `dispose()`, no view ever detaches.
 * @param listener - called with no arguments after each detaching event.
 * @returns a function that removes the listener.
 */
export function onMemoryGrowth(listener: () => void): () => void {
  if (typeof listener !== 'function')
    throw new TypeError(`sprung.onMemoryGrowth: listener must be a function, got ${typeof listener}`);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
