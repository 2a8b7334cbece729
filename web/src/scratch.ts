/**
 * The scratch area through which objects cross into C: WASM memory the loader sets aside at
 * init. Its first {@link STEP_FLOATS} floats are the JS-stepped paths' (steps.ts: the
 * coefficients of the cached springs, the quaternion springs' state), which write and read
 * them with no caller's code in between; the rest is a stack of frames of
 * {@link FRAME_FLOATS} floats. A wrapper takes a frame for its call ({@link enter}), reads its
 * object arguments into it, calls C and writes the results back, and gives it back
 * ({@link leave}) even when it throws. A caller's getter or setter that calls sprung meanwhile
 * runs in the next frame, so it can never overwrite the arguments or results of the call it
 * interrupted.
 * @internal
 * @packageDocumentation
 */
import { SCRATCH_FLOATS, heapF32, scratch } from './wasm.js';
import type { Ptr } from './gen/raw.js';
import type { Vec2 } from './types.js';

/** Floats of the steps' part of the scratch area. */
export const STEP_FLOATS = 32;
/** Floats of one frame (web/tools/emit.mjs checks that every wrapper's objects fit). */
export const FRAME_FLOATS = 32;
/** How many calls can be nested in the caller's getters and setters (wasm.ts sizes the area). */
const FRAMES = (SCRATCH_FLOATS - STEP_FLOATS) / FRAME_FLOATS;

/** Byte offset of the next free frame from the start of the scratch area. */
let next = 4 * STEP_FLOATS;

/** Takes the next frame for a call; returns its byte pointer. */
export function enter(): Ptr {
  const p = next;
  if (p >= 4 * SCRATCH_FLOATS)
    throw new RangeError(
      `sprung: more than ${FRAMES} calls nested in getters and setters of their arguments`,
    );
  next = p + 4 * FRAME_FLOATS;
  return (scratch + p) as Ptr;
}

/** Gives back the frame at `p` (and every frame taken after it). */
export function leave(p: Ptr): void {
  next = p - scratch;
}

/** The C pointer of float `i` of the steps' part. */
export function slot(i: number): Ptr {
  return (scratch + 4 * i) as Ptr;
}

/** Writes a vector's first `n` fields of x, y, z, w to the floats at `p`, every field read
 *  before the first is written (for the hand-written members; gen/marshal.ts has the
 *  generated wrappers' readers, which also check). */
export function put(p: Ptr, v: Vec2 & { z?: number; w?: number }, n: 2 | 3 | 4): void {
  const x = v.x,
    y = v.y,
    z = n > 2 ? v.z : 0,
    w = n > 3 ? v.w : 0;
  const h = heapF32,
    i = p >> 2;
  h[i] = x;
  h[i + 1] = y;
  if (n > 2) h[i + 2] = z!;
  if (n > 3) h[i + 3] = w!;
}
