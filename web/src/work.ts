/**
 * One grow-only block of WASM memory for the array arguments of the calls that need room
 * in C (trajectories, curves, landscapes, features): never freed while in use, never
 * allocated per call once large enough. Allocating it may grow memory, which detaches
 * every view of the old memory: callers take their arguments' offsets first
 * (check.ts `floats`) and view them again after (`reattach`).
 * @internal
 * @packageDocumentation
 */
import { MAX_FLOATS, wasm } from './wasm.js';
import { allocFloats } from './memory.js';
import type { Ptr } from './gen/raw.js';

let ptr = 0 as Ptr;
let size = 0;

/** Byte pointer to at least `n` floats, for `sprung.<fn>`, whose argument `what` sized it. */
export function workBuffer(fn: string, what: string, n: number): Ptr {
  if (n > size) {
    const floats = Math.min(Math.max(n, 2 * size, 1024), Math.max(n, MAX_FLOATS));
    const next = allocFloats(fn, what, floats); // throws (naming fn and what) before anything is freed
    if (ptr) wasm.free(ptr);
    ptr = next;
    size = floats;
  }
  return ptr;
}

/** The pointer `k` floats after `p`. */
export function plus(p: Ptr, k: number): Ptr {
  return (p + 4 * k) as Ptr;
}
