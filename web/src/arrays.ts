/**
 * Float32Array arguments: the checks of the members that take arrays (batches' inputs, landscapes,
 * features, obstacle sets). A real Float32Array only, viewing sprung's memory only where sprung
 * handed it out; registered with check.ts, whose specs name array arguments.
 * @internal
 * @packageDocumentation
 */
import { MAX_FLOATS, wasm } from './wasm.js';
import { isRetired } from './growth.js';
import { inHandedOutBlock } from './memory.js';
import { deref, refName, registerArrays, show } from './check.js';

const TypedArray = Object.getPrototypeOf(Float32Array.prototype) as object;
const intrinsic = (key: string) => Object.getOwnPropertyDescriptor(TypedArray, key)!.get!;
const lengthOf = intrinsic('length'),
  bufferOf = intrinsic('buffer'),
  offsetOf = intrinsic('byteOffset');

/**
 * `value` must be a real Float32Array (not a Proxy, with its own length: a subclass cannot
 * lie about it) of at least `length` elements. A view of sprung's own memory must lie in a
 * block the library handed out (a batch's view), never elsewhere in its heap. Returns the
 * byte offset of a view of WASM memory (so that a caller whose work may grow memory can
 * view it again), or −1.
 */
export function floats(fn: string, name: string, value: unknown, length: number): number {
  let n: number, buffer: ArrayBufferLike, offset: number;
  try {
    if (!(value instanceof Float32Array)) throw 0;
    n = lengthOf.call(value) as number;
    buffer = bufferOf.call(value) as ArrayBufferLike;
    offset = offsetOf.call(value) as number;
  } catch {
    throw new TypeError(`sprung.${fn}: ${name} must be a Float32Array, got ${show(value)}`);
  }
  if (isRetired(buffer))
    throw new TypeError(
      `sprung.${fn}: ${name} is a view from before sprung's memory grew (detached): read the getter again`,
    );
  if (n < length)
    throw new RangeError(`sprung.${fn}: ${name} must have at least ${length} elements, got ${n}`);
  if (buffer !== wasm.memory.buffer) return -1;
  if (inHandedOutBlock(offset, 4 * n)) return offset;
  throw new RangeError(
    `sprung.${fn}: ${name} is a view of sprung's memory that sprung did not hand out; pass a batch's view or an array of your own`,
  );
}

/** The length of a Float32Array that {@link floats} accepted, by the intrinsic getter (a
 *  subclass cannot lie about it). */
export function floatCount(value: Float32Array): number {
  return lengthOf.call(value) as number;
}

/**
 * The first `length` floats of a Float32Array that {@link floats} accepted (and for which it
 * returned `offset`) as a plain view of the current memory: a view of sprung's memory is
 * made again (memory may have grown since), and a subclass's own `buffer`, `byteOffset` or
 * `subarray` are not consulted.
 */
export function fresh(value: Float32Array, offset: number, length: number): Float32Array {
  return offset >= 0
    ? new Float32Array(wasm.memory.buffer, offset, length)
    : new Float32Array(bufferOf.call(value) as ArrayBuffer, offsetOf.call(value) as number, length);
}

// an array argument of a spec: its length (an absurd one names the arguments that make it, not
// the array), the array, and each element of an array of numbers
registerArrays((fn, name, v, s, args, names, number) => {
  if (s.arr === 2 && Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) number(fn, `${name}[${k}]`, v[k], s.num!, args, names);
    return;
  }
  let len = 1;
  for (const r of s.len ?? []) len *= Number(typeof r === 'string' ? r : deref(args, r));
  if (len > MAX_FLOATS) {
    const what = (s.len ?? []).map((r) => (typeof r === 'string' ? r : refName(r, names)));
    throw new RangeError(
      `sprung.${fn}: ${what.join('·')} must be at most ${MAX_FLOATS} (what one WASM allocation holds), got ${len}`,
    );
  }
  floats(fn, name, v, s.len ? len : 0);
  if (s.arr === 2)
    for (let k = 0; k < (v as Float32Array).length; k++)
      number(fn, `${name}[${k}]`, (v as Float32Array)[k], s.num!, args, names);
});
