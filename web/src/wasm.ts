/**
 * The hand-written loader of the sprung WebAssembly core. A bundle holds the modules its
 * functions call, each registered here by the file that embeds it (web/src/pieces/*.ts, built
 * by build.sh, and full.ts): the small *pieces* of the everyday tier (each a few C functions,
 * instantiated side by side in one memory: their static data and stacks were laid out apart at
 * build time), or the *full* module, which holds every function and is then loaded alone. This
 * file instantiates them (or what `init({ wasm })` is given), and owns the memory: the views
 * renewed when it grows, the growth listeners, and a small scratch area through which scalar
 * state crosses the boundary.
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
 * custom section), `'springs'` (the everyday module, given to `init({ wasm })`), `'pieces'` (the
 * embedded pieces a bundle holds); undefined before.
 * @internal
 */
export let build: 'simd' | 'scalar' | 'springs' | 'pieces' | undefined;
/** The compiled complete module loaded (full or given), for workers. @internal */
export let compiled: object | undefined;

// ---- the embedded modules ------------------------------------------------------------------

/** An embedded module: its bytes (zlib, base64) and size, where its pieces' memory ends (0 for
 *  the full module), the setter of the binding its file exports, and a check of the engine. */
interface Part {
  z: string;
  n: number;
  top: number;
  set: (e: unknown) => void;
  check?: (fn: string) => void;
  /** A piece instantiated in the current memory. */
  on?: boolean;
}
const pieces: Part[] = [];
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
  build === 'simd' || build === 'scalar' || (build === 'springs' ? p !== full : !!p.on);

/** Hands every binding the loaded exports, or {@link notLoaded}. */
function bind(): void {
  for (const p of [...pieces, full]) p?.set(p && covers(p) ? wasm : notLoaded);
}

/**
 * Registers an embedded module (its file calls this once, when it is evaluated) and returns
 * what its binding is now; later loads set it through `set`.
 * @internal
 */
export function part<T>(
  z: string,
  n: number,
  top: number,
  set: (e: T) => void,
  check?: (fn: string) => void,
): T {
  const p: Part = { z, n, top, set: set as (e: unknown) => void, check };
  if (top) pieces.push(p);
  else full = p;
  return (initialized && covers(p) ? wasm : notLoaded) as T;
}

/** Whether the program holds a function of the full module. @internal */
export const needsFull = (): boolean => !!full;

/** Whether something registered is not loaded (or nothing is loaded yet). */
const missing = (): boolean => !initialized || [...pieces, full].some((p) => p && !covers(p));

// ---- memory ------------------------------------------------------------------------------

const PAGE = 65536;

/** The allocator (memory.ts), once a program holds it. @internal */
export interface Allocator {
  /** A new instance: a fresh heap from byte `top` on. */
  reset(top: number): void;
  /** Every view is detached: the blocks freed before may be reused. */
  detached(): void;
  /** First byte never handed out. */
  top(): number;
  malloc(bytes: number): Ptr;
  free(ptr: Ptr): void;
}
let allocator: Allocator | undefined;

/** Registers the allocator (called once, by memory.ts). @internal */
export function registerAllocator(a: Allocator): void {
  allocator = a;
  if (initialized) a.reset(scratch + 4 * SCRATCH_FLOATS); // loaded after init: only the scratch area is in use
  if (wasm) Object.assign(wasm, { malloc: a.malloc, free: a.free });
}

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

const growListeners = new Set<() => void>();

/** Makes new views of the memory and tells the listeners (every old view is detached now). @internal */
export function detached(): void {
  if (heapF32.buffer !== wasm.memory.buffer) retired.add(heapF32.buffer as ArrayBuffer);
  heapF32 = new Float32Array(wasm.memory.buffer);
  heapI32 = new Int32Array(wasm.memory.buffer);
  allocator?.detached(); // no view made before this can write any more
  // over a copy, as EventTarget does: a listener added during the dispatch waits for the
  // next one, and one that removes and adds itself again does not run forever
  for (const listener of [...growListeners])
    try {
      listener();
    } catch (e) {
      // like an event listener's error: reported, without failing the allocation that grew memory
      setTimeout(() => {
        throw e;
      });
    }
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
  growListeners.add(listener);
  return () => {
    growListeners.delete(listener);
  };
}

/** The most any init() asked to reserve: a module that replaces another keeps it. */
let reserved = 0;

/** Grows the memory so that `bytes` more can be allocated without growing it later. */
function reserveMemory(fn: string, bytes: number): void {
  const top = allocator ? allocator.top() : scratch + 4 * SCRATCH_FLOATS;
  const need = Math.ceil((top + bytes - wasm.memory.buffer.byteLength) / PAGE);
  if (need > 0 && !grow(need))
    throw new RangeError(`sprung.${fn}: options.reserve of ${bytes} bytes is more than the engine gives`);
  reserved = Math.max(reserved, bytes);
}

// ---- loading -----------------------------------------------------------------------------

/** The smallest module using a SIMD instruction: `() -> v128 { v128.const 0 }`. */
// prettier-ignore
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11];

/** True when the engine runs WebAssembly SIMD (what the embedded full module needs). @internal */
export function simdSupported(): boolean {
  return WebAssembly.validate(new Uint8Array(SIMD_PROBE));
}

/** Throws when the engine lacks the SIMD the embedded full module needs: full.ts registers it
 *  as the full module's check, so that a bundle of everyday functions leaves it out. @internal */
export function requireSimd(fn: string): void {
  if (!simdSupported())
    throw new TypeError(
      `sprung.${fn}: this engine has no WebAssembly SIMD, which the embedded module needs; ` +
        "load the scalar build instead: init({ wasm: <URL of 'sprung/sprung-scalar.wasm'> })",
    );
}

/** An engine's error as a sprung error of `sprung.<fn>` (the engine's as its `cause`): the CSP
 *  explained, other compile and link errors prefixed. */
function explain(fn: string, e: unknown): Error {
  const message = String((e as Error)?.message ?? e);
  // Chromium: "…Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is
  // not an allowed source… Content Security Policy…"; Firefox: "…blocked by CSP"; Safari:
  // "…Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is
  // not an allowed source…"
  if (message.startsWith('sprung.')) return e as Error;
  return caused(
    /Content[ -]Security[ -]Policy|\bCSP\b|unsafe-eval/i.test(message)
      ? new Error(
          `sprung.${fn}: WebAssembly is blocked by the page's Content-Security-Policy; allow 'wasm-unsafe-eval'`,
        )
      : new TypeError(`sprung.${fn}: wasm is not a WebAssembly module sprung can load: ${message}`),
    e,
  );
}

/** `err` with `cause` set (ES2022's option, set by hand for ES2020 engines). */
function caused(err: Error, cause: unknown): Error {
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

/** Runs `f`, its engine errors as sprung's. */
function engine<T>(fn: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw explain(fn, e);
  }
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

const isModule = (x: unknown): x is WebAssembly.Module => x instanceof WebAssembly.Module;

function bytesOf(x: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (x instanceof ArrayBuffer) return new Uint8Array(x);
  if (ArrayBuffer.isView(x)) return new Uint8Array(x.buffer as ArrayBuffer, x.byteOffset, x.byteLength);
  return undefined;
}

/** The compiled module of what `options.wasm` gave (a URL, a Response, bytes or a Module). */
async function compile(source: unknown): Promise<WebAssembly.Module> {
  if (typeof source === 'string' || (typeof source === 'object' && source !== null && 'href' in source)) {
    const url = String(typeof source === 'string' ? source : (source as { href: string }).href);
    // Node's fetch() reads no file: URLs; browsers' none from an http page
    if (/^file:/i.test(url) || typeof fetch !== 'function')
      throw new TypeError(
        `sprung.init: fetch() cannot load ${url} here; pass the bytes (e.g. from readFileSync) or a WebAssembly.Module as options.wasm`,
      );
    try {
      source = await fetch(url);
    } catch (e) {
      throw caused(new TypeError(`sprung.init: cannot fetch ${url}: ${(e as Error)?.message ?? e}`), e);
    }
  }
  const r = source as ResponseLike;
  if (isModule(source) || bytesOf(source) || typeof r?.arrayBuffer !== 'function')
    return compileSync('init', source);
  if (r.ok === false)
    throw new TypeError(`sprung.init: fetching ${r.url || 'the module'} failed with HTTP status ${r.status}`);
  try {
    return typeof WebAssembly.compileStreaming === 'function' &&
      (r.headers?.get('content-type') ?? '').startsWith('application/wasm')
      ? await WebAssembly.compileStreaming(r as unknown as Response)
      : await WebAssembly.compile(await r.arrayBuffer());
  } catch (e) {
    throw explain('init', e);
  }
}

/** The compiled module of bytes or a Module. */
function compileSync(fn: string, source: unknown): WebAssembly.Module {
  const bytes = bytesOf(source);
  if (!bytes && !isModule(source))
    throw new TypeError(
      `sprung.${fn}: options.wasm must be ${fn === 'init' ? 'a URL, a Response, ' : ''}bytes or a WebAssembly.Module, got ${source === null ? 'null' : typeof source}`,
    );
  return bytes ? engine(fn, () => new WebAssembly.Module(bytes)) : (source as WebAssembly.Module);
}

/**
 * Instantiates a complete module (the full one, or the everyday one given to init), after
 * reading which it is from its `sprung` custom section: a foreign module's start function
 * never runs. The everyday module is refused where the program holds a function of the full
 * one, unless a later init() is waiting (code imported meanwhile: that one loads the full).
 */
function complete(fn: string, module: WebAssembly.Module, reserve: number, later: boolean): void {
  const section = WebAssembly.Module.customSections(module, 'sprung')[0];
  const label = section ? new TextDecoder().decode(section) : '';
  if (label !== 'simd' && label !== 'scalar' && label !== 'springs')
    throw new TypeError(`sprung.${fn}: wasm is not a sprung WebAssembly module (no sprung section)`);
  if (full && label === 'springs' && !later)
    throw new TypeError(
      `sprung.${fn}: wasm is sprung-springs.wasm, without the full module's functions this program holds`,
    );
  // (no local named `exports`: in the CommonJS build that is the module's own)
  const e = engine(fn, () => new WebAssembly.Instance(module, {}).exports) as unknown as Exports;
  compiled = module;
  start({ ...e }, label, reserve, true); // a plain copy: property loads on it are fast
}

/** The memory the pieces share (2 MB, as each piece declares, up to 2 GB). */
let shared: WebAssembly.Memory | undefined;

/** Instantiates the compiled pieces in the shared memory, beside those already there. */
function addPieces(fn: string, list: [Part, WebAssembly.Module][], reserve: number): void {
  const fresh = build !== 'pieces';
  if (fresh) shared = new WebAssembly.Memory({ initial: 32, maximum: 32768 });
  const all = (fresh ? { memory: shared, __heap_base: { value: 0 } } : wasm) as Exports;
  for (const [p, module] of list) {
    const e = engine(fn, () => new WebAssembly.Instance(module, { env: { memory: shared! } }).exports);
    (e._initialize as (() => void) | undefined)?.();
    for (const k in e) if (k.startsWith('sp_')) (all as unknown as Record<string, unknown>)[k] = e[k];
    p.on = true;
    all.__heap_base.value = Math.max(all.__heap_base.value, p.top);
  }
  start(all, 'pieces', reserve, fresh);
}

/** Sets everything up around what was loaded (`fresh`: a new memory). */
function start(all: Exports, label: typeof build, reserve: number, fresh: boolean): void {
  wasm = all;
  if (fresh) {
    if (label === 'pieces') compiled = undefined;
    else for (const p of pieces) p.on = false;
    all._initialize?.();
    // the scratch area above the static data, a fresh heap above it
    scratch = (Math.ceil(all.__heap_base.value / 16) * 16) as Ptr;
    scratchF32 = scratch >> 2;
    allocator?.reset(scratch + 4 * SCRATCH_FLOATS);
    if (allocator) Object.assign(all, { malloc: allocator.malloc, free: allocator.free });
    detached();
    frames();
  }
  build = label;
  bind();
  reserveMemory('init', Math.max(reserve, reserved));
  initialized = true;
}

/** The embedded modules to load now: the full one alone, or the pieces not loaded yet. */
function toLoad(fn: string): Part[] {
  if (full) {
    full.check?.(fn);
    return [full];
  }
  return pieces.filter((p) => !p.on || build !== 'pieces');
}

/** Instantiates the compiled embedded modules `list` (toLoad's). */
function embedded(fn: string, list: Part[], modules: WebAssembly.Module[], reserve: number): void {
  if (full) complete(fn, modules[0], reserve, false);
  else
    addPieces(
      fn,
      list.map((p, i): [Part, WebAssembly.Module] => [p, modules[i]]),
      reserve,
    );
}

let loading: Promise<void> | undefined;
let pending = false;

/** The CommonJS build's reader of the package's module files (node_files.ts), which stands in
 *  for the embedded modules there (its JS embeds no bytes). */
let reader: ((fn: string) => Uint8Array) | undefined;

/** Registers the CommonJS build's reader of the module files (node_files.ts). @internal */
export function registerReader(read: (fn: string) => Uint8Array): void {
  reader = read;
}

/**
 * Loads the WebAssembly core: what the program's functions need, from `options.wasm`, or (where
 * the entry `embeds` them) the embedded modules, which the CommonJS build reads from the files. A call made while another loads waits for it, then loads what is still
 * missing (code imported meanwhile may need more); after a failure the next call tries again;
 * a call that finds everything loaded only reserves memory (its `wasm` is ignored).
 * @internal
 */
export function load(options: InitOptions | undefined, embeds: boolean): Promise<void> {
  const run = async (): Promise<void> => {
    const reserve = reserveOf('init', options);
    if (!missing()) return reserveMemory('init', reserve);
    const source: unknown = await (own(options, 'wasm') ?? (embeds ? reader?.('init') : undefined));
    if (source !== undefined) return complete('init', await compile(source), reserve, loading !== attempt);
    if (!embeds)
      throw new TypeError(
        "sprung.init: options.wasm is required with the 'sprung/no-embed' entry (a URL, Response, bytes or WebAssembly.Module)",
      );
    const list = toLoad('init');
    const modules = await Promise.all(
      list.map(async (p) => {
        const bytes = await unpack(p.z);
        try {
          return await WebAssembly.compile(bytes);
        } catch (e) {
          throw explain('init', e);
        }
      }),
    );
    embedded('init', list, modules, reserve);
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
export function loadSync(options: InitOptions | undefined, embeds: boolean): void {
  const fn = 'initSync',
    reserve = reserveOf(fn, options);
  if (!missing()) return reserveMemory(fn, reserve);
  if (pending) throw new TypeError('sprung.initSync: init() is already loading the module; await it instead');
  const source: unknown = own(options, 'wasm') ?? (embeds ? reader?.(fn) : undefined);
  if (source !== undefined) complete(fn, compileSync(fn, source), reserve, false);
  else if (!embeds)
    throw new TypeError(
      "sprung.initSync: options.wasm is required with the 'sprung/no-embed' entry (bytes or a WebAssembly.Module)",
    );
  else {
    const list = toLoad(fn);
    embedded(
      fn,
      list,
      list.map((p) => compileSync(fn, unpackSync(p.z, p.n))),
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
