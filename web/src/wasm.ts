/**
 * The hand-written loader of the sprung WebAssembly core: instantiates the embedded
 * module (the SIMD build where the engine supports WebAssembly SIMD, else the scalar
 * build), keeps typed-array views of its memory current when memory grows, and owns a
 * small scratch area through which scalar state crosses the boundary.
 * @packageDocumentation
 */
import { wasmBase64, wasmSimdBase64 } from './wasm-binary.js';
import type { Ptr, Raw } from './gen/raw.js';

/** The raw C exports: every `sp_*` function of `c/sprung.h` typed from the header
 *  (gen/raw.ts, generated), plus `malloc`/`free` and the memory. */
export type Exports = Raw & {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
};

/** The instance's exports; valid after {@link init} resolved. */
export let wasm: Exports = undefined as unknown as Exports;
/** Float32 view of the whole WASM memory, replaced whenever memory grows. */
export let heapF32: Float32Array = new Float32Array(0);
/** Int32 view of the whole WASM memory, replaced whenever memory grows. */
export let heapI32: Int32Array = new Int32Array(0);
/** Byte offset of a 64-float scratch area for passing state to and from C (see scratch.ts). */
export let scratch = 0 as Ptr;
/** Index of {@link scratch} in {@link heapF32}. */
export let scratchF32 = 0;
/** Number of floats in the scratch area. */
export const SCRATCH_FLOATS = 64;

/** True once {@link init} has resolved (a live binding for the hot paths' checks). @internal */
export let initialized = false;
let loading: Promise<void> | undefined;
const growListeners = new Set<() => void>();

function refreshViews(): void {
  heapF32 = new Float32Array(wasm.memory.buffer);
  heapI32 = new Int32Array(wasm.memory.buffer);
  for (const listener of growListeners) listener();
}

/**
 * Calls `listener` after every growth of the WASM memory (when the old views detach).
 * Returns a function that removes it.
 * @internal
 */
export function onMemoryGrowth(listener: () => void): () => void {
  growListeners.add(listener);
  return () => growListeners.delete(listener);
}

function decodeBase64(text: string): Uint8Array {
  if (typeof atob === 'function') {
    const bin = atob(text);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  // Node < 16 has no atob; Buffer exists there.
  const B = (globalThis as unknown as { Buffer: { from(s: string, e: string): Uint8Array } }).Buffer;
  return new Uint8Array(B.from(text, 'base64'));
}

/** The smallest module using a SIMD instruction: `() -> v128 { v128.const 0 }`. */
const SIMD_PROBE = new Uint8Array([
  0,
  97,
  115,
  109,
  1,
  0,
  0,
  0, // magic, version
  1,
  5,
  1,
  96,
  0,
  1,
  123, // type section: () -> v128
  3,
  2,
  1,
  0, // function section: one function of type 0
  10,
  22,
  1,
  20,
  0,
  253,
  12,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  11, // code: v128.const 0, end
]);

/**
 * Which build {@link init} loads: `SPRUNG_WASM=scalar` (or `simd`) in the environment,
 * or `globalThis.SPRUNG_WASM`, forces one (tests and benchmarks compare both);
 * otherwise SIMD where the engine validates a SIMD module.
 */
function chooseBuild(): 'simd' | 'scalar' {
  const g = globalThis as unknown as {
    SPRUNG_WASM?: string;
    process?: { env?: Record<string, string | undefined> };
  };
  const forced = g.SPRUNG_WASM ?? g.process?.env?.SPRUNG_WASM;
  if (forced === 'scalar' || forced === 'simd') return forced;
  return WebAssembly.validate(SIMD_PROBE) ? 'simd' : 'scalar';
}

/** The build {@link init} loaded (`'simd'` or `'scalar'`); undefined before. */
export let build: 'simd' | 'scalar' | undefined;

/**
 * Loads the WebAssembly core. Call once and await it before any other function; later
 * calls return the same promise. Works in Node ≥ 18, browsers, Vite, webpack and plain
 * `<script type=module>` with no configuration: the module is embedded in the package.
 */
export function init(): Promise<void> {
  if (loading) return loading;
  loading = (async () => {
    const imports = {
      env: { emscripten_notify_memory_growth: () => refreshViews() },
      wasi_snapshot_preview1: {},
    };
    const chosen = chooseBuild();
    const bytes = decodeBase64(chosen === 'simd' ? wasmSimdBase64 : wasmBase64) as Uint8Array<ArrayBuffer>;
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    // A plain copy: property loads on it are fast, unlike on the frozen exports object.
    wasm = { ...instance.exports } as unknown as Exports;
    if (typeof wasm._initialize === 'function') wasm._initialize();
    refreshViews();
    scratch = wasm.malloc(SCRATCH_FLOATS * 4);
    scratchF32 = scratch >> 2;
    build = chosen;
    initialized = true;
  })();
  return loading;
}

/** The most floats one allocation can hold: malloc takes a 32-bit signed byte count. @internal */
export const MAX_FLOATS = 2 ** 29 - 1;

/**
 * Allocates `n` floats (at least one) of WASM memory for `sprung.<fn>`. Throws a RangeError
 * naming `what` (the argument that sized it) when `n` exceeds one allocation — a wrapped
 * byte count would allocate a few bytes and everything written after them would corrupt
 * the heap — or when memory is exhausted.
 * @internal
 */
export function allocFloats(fn: string, what: string, n: number): Ptr {
  if (!(n <= MAX_FLOATS))
    throw new RangeError(
      `sprung.${fn}: ${what} needs ${n} floats, more than one WASM allocation holds (${MAX_FLOATS})`,
    );
  const ptr = wasm.malloc(Math.max(n, 1) * 4);
  if (ptr === 0) throw new RangeError(`sprung.${fn}: out of WASM memory for ${n} floats (${what})`);
  return ptr;
}

/** True once {@link init} has resolved. */
export function isReady(): boolean {
  return initialized;
}

/**
 * Throws a clear error when the core is used before {@link init} resolved.
 * @internal
 */
export function requireInit(fn: string): void {
  if (!initialized) throw new TypeError(`sprung.${fn}: call and await init() before using the library`);
}

/** A vector in the three.js / glTF shape: any object with numeric x, y, z. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A unit quaternion x, y, z, w (three.js `Quaternion` qualifies). */
export interface Quat {
  x: number;
  y: number;
  z: number;
  w: number;
}
