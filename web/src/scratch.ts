/**
 * The scratch area through which objects cross into C: WASM memory the loader sets aside at
 * init, and hands this module with {@link frames} (which imports nothing of the loader). Its first {@link STEP_FLOATS} floats are the JS-stepped paths' (steps.ts: the
 * coefficients of the cached springs, the quaternion springs' state), which write and read
 * them with no caller's code in between; the rest is a stack of frames of
 * {@link FRAME_FLOATS} floats. A call uses the frame at {@link frame}: it reads its object
 * arguments into it, calls C and writes the results back.
 *
 * The caller's code may run meanwhile — a getter or setter of an argument, which may call
 * sprung — and a call made there would use the same frame. So every call that writes a frame
 * first {@link enter}s; a generated wrapper reads its arguments, then asks whether it is still
 * {@link alone} (no call entered since), and if not reads them again with {@link deeper}
 * frames: calls made then use the next frame, until {@link back}. A writer reads the frame
 * into locals before it runs any setter. The fast path thus costs a counter, not a frame
 * switch guarded by `finally` per object.
 * @internal
 * @packageDocumentation
 */
import type { Ptr } from './gen/raw.js';
import type { Vec2 } from './types.js';

/** Floats of the steps' part of the scratch area. */
export const STEP_FLOATS = 32;
/** Floats of one frame (web/tools/emit.mjs checks that every wrapper's objects fit). */
export const FRAME_FLOATS = 32;

/** Byte pointer of the frame the running call uses. */
export let frame = 0 as Ptr;

/** The byte pointer of the scratch area, and of its last frame. */
let base = 0,
  last = 0;
/** The instance's memory, and a Float32 view of it (renewed when the memory grew). */
let memory: { readonly buffer: ArrayBuffer } | undefined,
  heap = new Float32Array(0);
/** How many calls have {@link enter}ed: one that sees it change knows its frame may be overwritten. */
let calls = 0;

/** Sets the frames up in the scratch area of a new instance, `floats` floats at byte `scratch`
 *  of `mem` (wasm.ts calls it at init: this module imports nothing of the loader). */
export function frames(scratch: number, floats: number, mem: { readonly buffer: ArrayBuffer }): void {
  base = scratch;
  frame = (scratch + 4 * STEP_FLOATS) as Ptr;
  last = scratch + 4 * (floats - FRAME_FLOATS);
  memory = mem;
}

/** A call is about to write the frame: returns the count {@link alone} compares. */
export function enter(): number {
  return ++calls;
}

/** Whether no call has entered since call `n` (none was made by the caller's getters). */
export function alone(n: number): boolean {
  return calls === n;
}

/** The frame, for a hand-written call about to write it ({@link enter}ed). */
export function claim(): Ptr {
  calls++;
  return frame;
}

/** Before the caller's code runs: calls it makes use the next frame. Returns what {@link back} restores. */
export function deeper(): Ptr {
  const was = frame;
  if (was >= last)
    throw new RangeError('sprung: calls nested too deeply in the getters and setters of their arguments');
  frame = (was + 4 * FRAME_FLOATS) as Ptr;
  return was;
}

/** After the caller's code ran (in a `finally`): the frame of the call it interrupted again. */
export function back(was: Ptr): void {
  frame = was;
}

/** The C pointer of float `i` of the steps' part. */
export function slot(i: number): Ptr {
  return (base + 4 * i) as Ptr;
}

/** Writes a vector's first `n` fields of x, y, z, w to the floats at `p`, every field read
 *  before the first is written (for the hand-written members; gen/marshal.ts has the
 *  generated wrappers' readers, which also check). */
export function put(p: Ptr, v: Vec2 & { z?: number; w?: number }, n: 2 | 3 | 4): void {
  let x: number, y: number, z: number | undefined, w: number | undefined;
  const was = deeper();
  try {
    x = v.x;
    y = v.y;
    z = n > 2 ? v.z : 0;
    w = n > 3 ? v.w : 0;
  } finally {
    back(was);
  }
  if (heap.buffer !== memory!.buffer) heap = new Float32Array(memory!.buffer);
  const h = heap,
    i = p >> 2;
  h[i] = x;
  h[i + 1] = y;
  if (n > 2) h[i + 2] = z!;
  if (n > 3) h[i + 3] = w!;
}
