/**
 * The scratch area through which scalar state crosses into C: 64 floats of WASM memory
 * (allocated by init), addressed by float slot. Each module names the slots it uses
 * (`const OUT = 0, A = 4, …`) and passes `slot(A)`, or the pointer a `put*` returns, as the
 * C pointer.
 * @internal
 */
import { heapF32, scratch, scratchF32 } from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import type { Ptr } from './gen/raw.js';

/** The C null pointer (optional arrays not given). */
export const NULL = 0 as Ptr;

/** The C pointer of scratch slot `i`. */
export function slot(i: number): Ptr {
  return (scratch + 4 * i) as Ptr;
}

/** Writes `a` to slot `i`; returns its pointer. */
export function put1(i: number, a: number): Ptr {
  heapF32[scratchF32 + i] = a;
  return slot(i);
}

/** The float in slot `i`. */
export function get1(i: number): number {
  return heapF32[scratchF32 + i];
}

/** Writes `a`, `b` to slots `i`, `i + 1`; returns the pointer of `i`. */
export function put2(i: number, a: number, b: number): Ptr {
  const j = scratchF32 + i;
  heapF32[j] = a;
  heapF32[j + 1] = b;
  return slot(i);
}

/** Reads slots `i`, `i + 1` into `out.x`, `out.v` (a spring's state) and returns it. */
export function getXV<T extends { x: number; v: number }>(i: number, out: T): T {
  out.x = heapF32[scratchF32 + i];
  out.v = heapF32[scratchF32 + i + 1];
  return out;
}

/** Writes a vector to slots `i..i+2`; returns its pointer. */
export function putVec3(i: number, v: Vec3): Ptr {
  const j = scratchF32 + i;
  heapF32[j] = v.x;
  heapF32[j + 1] = v.y;
  heapF32[j + 2] = v.z;
  return slot(i);
}

/** Reads slots `i..i+2` into `out` and returns it. */
export function getVec3<T extends Vec3>(i: number, out: T): T {
  const j = scratchF32 + i;
  out.x = heapF32[j];
  out.y = heapF32[j + 1];
  out.z = heapF32[j + 2];
  return out;
}

/** Writes a quaternion to slots `i..i+3`; returns its pointer. */
export function putQuat(i: number, q: Quat): Ptr {
  const j = scratchF32 + i;
  heapF32[j] = q.x;
  heapF32[j + 1] = q.y;
  heapF32[j + 2] = q.z;
  heapF32[j + 3] = q.w;
  return slot(i);
}

/** Reads slots `i..i+3` into `out` and returns it. */
export function getQuat<T extends Quat>(i: number, out: T): T {
  const j = scratchF32 + i;
  out.x = heapF32[j];
  out.y = heapF32[j + 1];
  out.z = heapF32[j + 2];
  out.w = heapF32[j + 3];
  return out;
}
