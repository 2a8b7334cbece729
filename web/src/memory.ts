/**
 * The allocator of sprung's WASM memory, for what owns memory there (batches, poses,
 * predictors, the work buffer): only the full module's functions allocate, so only the
 * programs that hold one hold this, and it registers itself with the loader (wasm.ts).
 *
 * It hands out 16-byte-aligned blocks above the scratch area with all of its bookkeeping in
 * JS, so a write through a view kept after dispose() cannot corrupt it; and a freed block is
 * reused only after every view of it has been detached (by a growth, or by `grow(0)`, which
 * detaches the buffer without adding memory), so such a write cannot reach a live block.
 * @internal
 * @packageDocumentation
 */
import { MAX_FLOATS, build, detached, grow, registerAllocator, wasm } from './wasm.js';
import type { Ptr } from './gen/raw.js';

const PAGE = 65536;
/** Live blocks: pointer → size in bytes. */
const live = new Map<number, number>();
/** Free blocks that no view can reach any more, sorted by address, adjacent ones merged: [ptr, size]. */
let reusable: [number, number][] = [];
/** Blocks freed since the last detach: views made before may still write there. */
let quarantine: [number, number][] = [];
/** First byte never handed out. */
let top = 0;

/** Adds [p, p + n) to the reusable blocks, merging neighbours; a block at the top lowers it. */
function release(p: number, n: number): void {
  let i = 0;
  while (i < reusable.length && reusable[i][0] < p) i++;
  reusable.splice(i, 0, [p, n]);
  if (i + 1 < reusable.length && p + n === reusable[i + 1][0])
    reusable[i][1] += reusable.splice(i + 1, 1)[0][1];
  if (i > 0 && reusable[i - 1][0] + reusable[i - 1][1] === p)
    reusable[i - 1][1] += reusable.splice(i, 1)[0][1];
  const lastBlock = reusable[reusable.length - 1];
  if (lastBlock[0] + lastBlock[1] === top) {
    top = lastBlock[0];
    reusable.pop();
  }
}

/** A reusable block of at least `n` bytes (first fit, split), or 0. */
function takeReusable(n: number): number {
  for (let i = 0; i < reusable.length; i++) {
    const b = reusable[i];
    if (b[1] < n) continue;
    const p = b[0];
    if (b[1] === n) reusable.splice(i, 1);
    else {
      b[0] += n;
      b[1] -= n;
    }
    return p;
  }
  return 0;
}

const total = (blocks: [number, number][]): number => blocks.reduce((sum, b) => sum + b[1], 0);

/** Allocates `bytes` (16-byte aligned) of WASM memory; 0 when memory is exhausted. */
function malloc(bytes: number): Ptr {
  const n = Math.max(16, Math.ceil(bytes / 16) * 16);
  let p = takeReusable(n);
  if (!p && top + n > wasm.memory.buffer.byteLength && total(quarantine) + total(reusable) >= n) {
    // rather than growing, make the freed blocks reusable (merged with their free neighbours)
    // by detaching every view of them
    wasm.memory.grow(0);
    detached();
    p = takeReusable(n);
  }
  if (!p) {
    const size = wasm.memory.buffer.byteLength;
    if (top + n > size) {
      // grow by at least half the memory, so that a stream of allocations grows it rarely
      const need = Math.ceil((top + n - size) / PAGE);
      if (!grow(Math.max(need, Math.min(Math.ceil(size / PAGE / 2), 32768 - size / PAGE))) && !grow(need))
        return 0 as Ptr;
      p = takeReusable(n); // the growth released the quarantine
    }
    if (!p) {
      p = top;
      top += n;
    }
  }
  live.set(p, n);
  return p as Ptr;
}

/** Frees a block from {@link malloc}; unknown pointers (and 0) are ignored, so a double free is harmless. */
function free(ptr: Ptr): void {
  const n = live.get(ptr);
  if (n === undefined) return;
  live.delete(ptr);
  quarantine.push([ptr, n]);
}

registerAllocator({
  reset(from) {
    live.clear();
    reusable = [];
    quarantine = [];
    top = from;
    Object.assign(wasm, { malloc, free });
  },
  detached() {
    for (const [p, n] of quarantine) release(p, n);
    quarantine = [];
  },
  reserve(fn, bytes) {
    const need = Math.ceil((top + bytes - wasm.memory.buffer.byteLength) / PAGE);
    if (need > 0 && !grow(need))
      throw new RangeError(`sprung.${fn}: options.reserve of ${bytes} bytes is more than the engine gives`);
  },
});

/** Bytes of the blocks handed out and not freed: what the tests compare before and after an
 *  object that failed to be made (it must leave none behind). */
export function allocatedBytes(): number {
  let n = 0;
  for (const size of live.values()) n += size;
  return n;
}

/**
 * Allocates `n` floats (at least one) of WASM memory for `sprung.<fn>`. Throws a RangeError
 * naming `what` (the argument that sized it) when `n` exceeds one allocation or when memory
 * is exhausted.
 */
export function allocFloats(fn: string, what: string, n: number): Ptr {
  // Only the full module's functions allocate; the everyday pieces (or module) are replaced,
  // heap and all, when init() loads the full one, so nothing may live in their memory but the
  // scratch area.
  if (build !== 'simd' && build !== 'scalar')
    throw new TypeError(
      `sprung.${fn}: this needs sprung's full module, but init() loaded the everyday one before ` +
        'the code that calls it was imported; await init() again after importing it',
    );
  if (!(n <= MAX_FLOATS))
    throw new RangeError(
      `sprung.${fn}: ${what} needs ${n} floats, more than one WASM allocation holds (${MAX_FLOATS})`,
    );
  const ptr = malloc(Math.max(n, 1) * 4);
  if (ptr === 0) throw new RangeError(`sprung.${fn}: out of WASM memory for ${n} floats (${what})`);
  return ptr;
}

/** The part of `FinalizationRegistry` (ES2021) used here, typed locally for ES2020 consumers. */
interface Registry {
  register(target: object, held: number, token: object): void;
  unregister(token: object): void;
}
const FR = (
  globalThis as unknown as { FinalizationRegistry?: new (cleanup: (ptr: number) => void) => Registry }
).FinalizationRegistry;
/** Frees the block of an object that was garbage-collected without dispose(). */
const registry: Registry | undefined =
  FR &&
  new FR((ptr) => {
    forget(ptr);
    free(ptr as Ptr);
  });
/** The blocks whose views the library hands out (the memory of objects), sorted by address
 *  (blocks never overlap): their first bytes and their sizes in bytes. Every check of a view
 *  searches them, so a program of thousands of objects pays log₂ of it, not the count. */
const starts: number[] = [];
const sizes: number[] = [];

/** The index of the first block starting after byte `offset`. */
function after(offset: number): number {
  let lo = 0,
    hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Drops the block at `ptr` from those handed out. */
function forget(ptr: number): void {
  const i = after(ptr) - 1;
  if (i >= 0 && starts[i] === ptr) {
    starts.splice(i, 1);
    sizes.splice(i, 1);
  }
}

/**
 * True when `bytes` bytes at byte `offset` of sprung's memory lie in a block the library
 * handed out to an object (a batch's view), not elsewhere in its heap.
 */
export function inHandedOutBlock(offset: number, bytes: number): boolean {
  const i = after(offset) - 1;
  return i >= 0 && offset + bytes <= starts[i] + sizes[i];
}

/**
 * {@link allocFloats} for an object that owns the block until {@link freeOwned}: the one
 * place where blocks meet the FinalizationRegistry, always with the owner as the unregister
 * token, so that `dispose()` cancels the finaliser (no double free).
 */
export function allocOwned(owner: object, fn: string, what: string, n: number): Ptr {
  const ptr = allocFloats(fn, what, n);
  registry?.register(owner, ptr, owner);
  const i = after(ptr);
  starts.splice(i, 0, ptr);
  sizes.splice(i, 0, 4 * Math.max(n, 1));
  return ptr;
}

/** Frees `owner`'s block from {@link allocOwned} and cancels its finaliser. */
export function freeOwned(owner: object, ptr: Ptr): void {
  registry?.unregister(owner);
  forget(ptr);
  free(ptr);
}
