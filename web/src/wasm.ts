/**
 * The hand-written loader of the sprung WebAssembly core. A bundle holds the modules its
 * functions call, each registered here by the file that embeds it (web/src/pieces/*.ts, built
 * by build.sh, and full.ts): the small *pieces* of the everyday tier (each a few C functions,
 * instantiated side by side in one memory: their static data and stacks were laid out apart at
 * build time, and the scratch area lies above them all), or the *full* module, which holds
 * every function and is then loaded alone. This file instantiates the pieces and owns the
 * memory: the views renewed when it grows, the growth listeners, and a small scratch area
 * through which scalar state crosses the boundary. A complete module (the full one, or what
 * `init({ wasm })` is given) is loaded by source.ts, which only the programs that can need one
 * hold (the full module's, sprung/no-embed's and the CommonJS build's).
 * @packageDocumentation
 */
import type { Ptr, Raw } from './gen/raw.js';
import { frames } from './scratch.js';
import { unpack, unpackSync } from './embedded.js';

/** The memory of the module (typed structurally: the declarations need no DOM lib). @internal */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The raw C exports: every `sp_*` function of `c/sprung.h` typed from the header
 *  (gen/raw.ts, generated), `malloc`/`free` of the loader's allocator, and the memory. @internal */
export type Exports = Raw & {
  memory: WasmMemory;
  /** Start of the heap the loader's allocator owns (a WebAssembly global). */
  __heap_base: { value: number };
  /** The module's initialiser (standalone builds), when it has one. */
  _initialize?: () => void;
};

/**
 * A fetch `Response` (or anything with `arrayBuffer()`); with `headers` saying
 * `application/wasm`, the module compiles while it downloads.
 */
export interface ResponseLike {
  arrayBuffer(): PromiseLike<ArrayBuffer>;
  readonly ok?: boolean;
  readonly status?: number;
  readonly url?: string;
  readonly headers?: { get(name: string): string | null };
}

/**
 * Where {@link init} gets the WebAssembly module: a URL (string or `URL`), a fetch
 * `Response`, the bytes (`ArrayBuffer` or a typed array), or a compiled `WebAssembly.Module`
 * (e.g. one posted from the page to a worker: see `wasmModule`). Typed loosely so that the
 * declarations compile without the DOM lib.
 */
export type WasmSource =
  string | { readonly href: string } | ArrayBuffer | ArrayBufferView | ResponseLike | object;

/** Options of {@link init} and {@link initSync}. */
export interface InitOptions {
  /**
   * The module to load instead of the embedded ones (or a promise of it): e.g.
   * `new URL('sprung/sprung-simd.wasm', import.meta.url)`, `fetch(…)`, the bytes, or a
   * compiled `WebAssembly.Module`. The `sprung/no-embed` entry requires it; `initSync`
   * takes bytes or a `Module` only.
   */
  wasm?: WasmSource | PromiseLike<WasmSource>;
  /**
   * Bytes of memory to make available to sprung's allocations at once (default 0: memory
   * grows on demand). Batches and other objects created within it never grow the memory,
   * so views held in variables stay attached: see {@link onMemoryGrowth}.
   */
  reserve?: number;
}

/** The instance's exports (the full module's, or the pieces' merged); valid after init. @internal */
export let wasm: Exports = undefined as unknown as Exports;
/** Float32 view of the whole WASM memory, replaced whenever memory grows. @internal */
export let heapF32: Float32Array = new Float32Array(0);
/** Int32 view of the whole WASM memory, replaced whenever memory grows. @internal */
export let heapI32: Int32Array = new Int32Array(0);
/** Byte offset of the scratch area for passing state to and from C (see scratch.ts). @internal */
export let scratch = 0 as Ptr;
/** Index of {@link scratch} in {@link heapF32}. @internal */
export let scratchF32 = 0;
/** The most floats one allocation can hold. @internal */
export const MAX_FLOATS = 2 ** 29 - 1;
/** Floats of the scratch area: the JS-stepped paths' 32, then 16 frames of 32 (scratch.ts). @internal */
export const SCRATCH_FLOATS = 32 + 16 * 32;

/** True once {@link init} has resolved (a live binding for the hot paths' checks). @internal */
export let initialized = false;
/**
 * What is loaded: `'simd'` or `'scalar'` (the full module: the whole API, from its `sprung`
 * custom section), `'springs'` (the everyday module, given to `init({ wasm })` or read by the
 * CommonJS build), `'pieces'` (the embedded pieces a bundle holds); undefined before.
 * @internal
 */
export let build: 'simd' | 'scalar' | 'springs' | 'pieces' | undefined;

// ---- the embedded modules ------------------------------------------------------------------

/** An embedded module: its bytes (zlib, base64) and size; for a piece, where the static data
 *  and stacks of every piece end (0 for the full module); and the setter of its binding. */
interface Part {
  z: string;
  n: number;
  top: number;
  set: (e: unknown) => void;
  /** A piece instantiated in the current memory. */
  on?: boolean;
}
/** Every module registered: the pieces, and the full module's files (a program can hold two:
 *  sprung's, and sprung/no-embed's, without bytes), each with the binding it sets. */
const parts: Part[] = [];
/** The full module's registration that has its bytes (or the first, where none has). */
let full: Part | undefined;

/** What a binding is while its module is not loaded (before init, or in a chunk imported after
 *  init() resolved): each C function throws, naming it. */
const notLoaded = new Proxy(
  {},
  {
    get: (_, name) => () => {
      throw new TypeError(`sprung: ${String(name)} was imported after init() resolved; await init() again`);
    },
  },
);

/** Whether the loaded module holds part `p`'s functions. */
const covers = (p: Part): boolean =>
  build === 'pieces' ? !!p.on : build === 'springs' ? p.top > 0 : !!build;

/**
 * Registers an embedded module (its file calls this once, when it is evaluated) and returns
 * what its binding is now; every load sets it again through `set`. The full module comes with
 * the loader of complete modules (source.ts), which then also reads `init({ wasm })`.
 * @internal
 */
export function part<T>(z: string, n: number, top: number, set: (e: T) => void, loader?: Source): T {
  const p: Part = { z, n, top, set: set as (e: unknown) => void };
  parts.push(p);
  if (!top) {
    if (!full?.z) full = p;
    source = loader;
  }
  return (covers(p) ? wasm : notLoaded) as T;
}

/** Whether the program holds a function of the full module. @internal */
export const needsFull = (): boolean => !!full;

/** The full module's registration: its bytes (zlib, base64: none where sprung/no-embed's file
 *  is the only one) and size; undefined where the program holds no function of it. @internal */
export const fullPart = (): { z: string; n: number } | undefined => full;

/** Whether something registered is not loaded (or nothing is loaded yet). */
const missing = (): boolean => !initialized || parts.some((p) => !covers(p));

// ---- memory ------------------------------------------------------------------------------

/** The allocator (memory.ts), once a program holds it. @internal */
export interface Allocator {
  /** A new instance (`wasm`): a fresh heap from byte `top` on, and `wasm.malloc`, `wasm.free`. */
  reset(top: number): void;
  /** Every view is detached: the blocks freed before may be reused. */
  detached(): void;
  /** Grows the memory so that `bytes` more can be allocated without growing it later (for
   *  `sprung.<fn>`'s `options.reserve`). */
  reserve(fn: string, bytes: number): void;
}
let allocator: Allocator | undefined;

/** Registers the allocator (called once, by memory.ts). @internal */
export function registerAllocator(a: Allocator): void {
  allocator = a;
  if (initialized) a.reset(scratch + 4 * SCRATCH_FLOATS); // loaded after init: only the scratch area is in use
}

/** What growth.ts does when the views detach (given the buffer they viewed), once a program
 *  holds it (onMemoryGrowth, or the check of views passed in). */
let onDetach: ((old: ArrayBufferLike) => void) | undefined;

/** Registers growth.ts's hook (called once, by growth.ts). @internal */
export function registerGrowth(hook: (old: ArrayBufferLike) => void): void {
  onDetach = hook;
}

/** Makes new views of the memory and tells growth.ts (every old view is detached now). @internal */
export function detached(): void {
  const old = heapF32.buffer;
  heapF32 = new Float32Array(wasm.memory.buffer);
  heapI32 = new Int32Array(wasm.memory.buffer);
  allocator?.detached(); // no view made before this can write any more
  onDetach?.(old);
}

/** Grows the memory by `pages` pages; false when the engine refuses (the 2 GB maximum). @internal */
export function grow(pages: number): boolean {
  try {
    wasm.memory.grow(pages);
  } catch {
    return false;
  }
  detached();
  return true;
}

/** The most any init() asked to reserve: a module that replaces another keeps it. */
let reserved = 0;

/** Reserves `bytes` for the allocator, which only the full module's programs hold (the pieces
 *  allocate nothing: their memory never grows). */
function reserveMemory(fn: string, bytes: number): void {
  allocator?.reserve(fn, bytes);
  reserved = Math.max(reserved, bytes);
}

// ---- loading -----------------------------------------------------------------------------

/** `err` with `cause` set (ES2022's option, set by hand for ES2020 engines). @internal */
export function caused(err: Error, cause: unknown): Error {
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

/** An engine's error `e` compiling a module for `sprung.<fn>`: where the page's CSP refused it, a
 *  sprung error saying so (the engine's as its `cause`); otherwise `e`. @internal */
export function explain(fn: string, e: unknown): unknown {
  // Chromium: "…Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is
  // not an allowed source…"; Firefox: "…blocked by CSP"; Safari: "…Refused to create a
  // WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source…"
  return /\bCSP\b|unsafe-eval/.test(String((e as Error)?.message ?? e))
    ? caused(
        new Error(
          `sprung.${fn}: WebAssembly is blocked by the page's Content-Security-Policy; allow 'wasm-unsafe-eval'`,
        ),
        e,
      )
    : e;
}

/** `options[key]` if `options` has it as its own property (not one of `Object.prototype`'s). */
const own = <K extends keyof InitOptions>(options: InitOptions | undefined, key: K): InitOptions[K] =>
  options && Object.prototype.hasOwnProperty.call(options, key) ? options[key] : undefined;

/** The reserve asked for, checked. */
function reserveOf(fn: string, options: InitOptions | undefined): number {
  if (options === undefined) return 0;
  if (typeof options !== 'object' || options === null)
    throw new TypeError(
      `sprung.${fn}: options must be an object, got ${options === null ? 'null' : typeof options}`,
    );
  const reserve = own(options, 'reserve') ?? 0;
  if (!(typeof reserve === 'number' && reserve >= 0 && reserve <= 2 ** 31))
    throw new RangeError(
      `sprung.${fn}: options.reserve must be a number of bytes in [0, 2³¹], got ${String(reserve)}`,
    );
  return reserve;
}

/** The loader of complete modules (source.ts), which the programs that can need one hand over:
 *  the full module's (full.ts), sprung/no-embed's and the CommonJS build's. @internal */
export interface Source {
  /** Loads what `options.wasm` gave (`wasm`, awaited), or else the CommonJS build's file of the
   *  module the program needs, or else the embedded full module, for `sprung.<fn>` (`noEmbed`:
   *  sprung/no-embed's init, which requires `wasm`; `later`: a later init() is waiting). */
  load(fn: string, wasm: unknown, reserve: number, later: boolean, noEmbed: boolean): Promise<void>;
  /** {@link Source.load}, synchronously: `wasm` is bytes or a compiled module. `inflate` is
   *  embedded.ts's unpackSync, passed from loadSync so that only the programs that call
   *  initSync hold the JS inflater. */
  loadSync(
    fn: string,
    wasm: unknown,
    reserve: number,
    noEmbed: boolean,
    inflate: (z: string, n: number) => Uint8Array,
  ): void;
}
let source: Source | undefined;

/**
 * Sets everything up around what was loaded (`fresh`: a new memory, with the scratch area
 * above its static data). @internal
 */
export function start(all: Exports, label: typeof build, reserve: number, fresh: boolean): void {
  wasm = all;
  if (fresh) {
    scratch = (Math.ceil(all.__heap_base.value / 16) * 16) as Ptr;
    scratchF32 = scratch >> 2;
    allocator?.reset(scratch + 4 * SCRATCH_FLOATS);
    detached();
    frames(scratch, SCRATCH_FLOATS, all.memory);
  }
  build = label;
  for (const p of parts) p.set(covers(p) ? wasm : notLoaded);
  reserveMemory('init', Math.max(reserve, reserved));
  initialized = true;
}

/** The error of `options.wasm` given to a program of everyday functions alone (its pieces are embedded). */
const notFull = (fn: string) =>
  new TypeError(`sprung.${fn}: options.wasm is for the full module, which this program does not use`);

/** The embedded pieces not loaded yet (all of them where something else is loaded). */
const toLoad = (): Part[] => parts.filter((p) => !p.on || build !== 'pieces');

/** Instantiates the compiled pieces `list` (of {@link toLoad}) in their shared memory, beside
 *  those already there (in a new memory where none are). */
function instantiate(list: Part[], modules: WebAssembly.Module[], reserve: number): void {
  const fresh = build !== 'pieces';
  const all = (
    fresh
      ? {
          memory: new WebAssembly.Memory({ initial: 32, maximum: 32768 }),
          __heap_base: { value: list[0].top },
        }
      : wasm
  ) as Exports;
  list.forEach((p, i) => {
    Object.assign(all, new WebAssembly.Instance(modules[i], { env: { memory: all.memory } }).exports); // sp_* only
    p.on = true;
  });
  start(all, 'pieces', reserve, fresh);
}

let loading: Promise<void> | undefined;
let pending = false;

/** Hands over the loader of complete modules where no embedded full module does: the CommonJS
 *  build's (node_files.ts), which reads the package's module files. @internal */
export function useSource(loader: Source): void {
  source = loader;
}

/**
 * Loads the WebAssembly core: what the program's functions need, from `options.wasm`, or the
 * embedded modules (which the CommonJS build reads from the files); an entry that embeds none
 * (sprung/no-embed) passes the loader of complete modules as `noEmbed`, and requires `wasm`.
 * A call made while another loads waits for it, then loads what is still missing (code
 * imported meanwhile may need more); after a failure the next call tries again; a call that
 * finds everything loaded only reserves memory (its `wasm` is ignored).
 * @internal
 */
export function load(options: InitOptions | undefined, noEmbed?: Source): Promise<void> {
  const run = async (): Promise<void> => {
    const fn = 'init',
      reserve = reserveOf(fn, options);
    if (!missing()) return reserveMemory(fn, reserve);
    const wasm: unknown = await own(options, 'wasm');
    const s = noEmbed ?? source;
    if (s) return s.load(fn, wasm, reserve, loading !== attempt, !!noEmbed);
    if (wasm !== undefined) throw notFull(fn);
    const list = toLoad();
    const modules = list.map((p) =>
      unpack(p.z)
        .then((bytes) => WebAssembly.compile(bytes))
        .catch((e) => {
          throw explain(fn, e);
        }),
    );
    instantiate(list, await Promise.all(modules), reserve);
  };
  const attempt: Promise<void> = (loading ?? Promise.resolve()).then(run, run);
  loading = attempt;
  pending = true;
  const done = () => {
    if (loading === attempt) pending = false;
  };
  attempt.then(done, done);
  return attempt;
}

/**
 * The synchronous {@link load}: `wasm` must be bytes or a compiled `WebAssembly.Module`.
 * @internal
 */
export function loadSync(options: InitOptions | undefined, noEmbed?: Source): void {
  const fn = 'initSync',
    reserve = reserveOf(fn, options);
  if (!missing()) return reserveMemory(fn, reserve);
  if (pending) throw new TypeError('sprung.initSync: init() is already loading the module; await it instead');
  const wasm: unknown = own(options, 'wasm');
  const s = noEmbed ?? source;
  if (s) s.loadSync(fn, wasm, reserve, !!noEmbed, unpackSync);
  else if (wasm !== undefined) throw notFull(fn);
  else {
    const list = toLoad();
    instantiate(
      list,
      list.map((p) => {
        try {
          return new WebAssembly.Module(unpackSync(p.z, p.n));
        } catch (e) {
          throw explain(fn, e);
        }
      }),
      reserve,
    );
  }
  loading = Promise.resolve();
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
