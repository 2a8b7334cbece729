/**
 * The hand-written loader of the sprung WebAssembly core: instantiates the module (from the
 * bytes the entry embeds, or from what `init({ wasm })` is given), owns its memory — an
 * allocator whose bookkeeping lives in JS, views that are renewed when memory grows, growth
 * listeners — and a small scratch area through which scalar state crosses the boundary.
 * @packageDocumentation
 */
import type { Ptr, Raw } from './gen/raw.js';
import type { SpringsFn } from './gen/springs.js';
import type { Embedded } from './embedded.js';
import { frames } from './scratch.js';

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
 * (e.g. one posted from the page to a worker: see {@link wasmModule}). Typed loosely so
 * that the declarations compile without the DOM lib.
 */
export type WasmSource =
  string | { readonly href: string } | ArrayBuffer | ArrayBufferView | ResponseLike | object;

/** Options of {@link init} and {@link initSync}. */
export interface InitOptions {
  /**
   * The module to load instead of the embedded one (or a promise of it): e.g.
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

/**
 * The exports every module has: the C functions of the everyday module (gen/springs.ts, the
 * ones `sprung/springs`' wrappers call), the memory and the allocator. A wrapper calls any
 * other C function through `full` (full.ts), which is what puts the full module in its bundle.
 * @internal
 */
export type EverydayExports = Pick<
  Exports,
  SpringsFn | 'memory' | '__heap_base' | '_initialize' | 'malloc' | 'free'
>;

/** The instance's exports; valid after {@link init} resolved. @internal */
export let wasm: EverydayExports = undefined as unknown as Exports;
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
 * The build loaded, from the module's `sprung` custom section: `'simd'` or `'scalar'` (the
 * whole API), `'springs'` (the everyday subset of `sprung/springs`); undefined before.
 * @internal
 */
export let build: 'simd' | 'scalar' | 'springs' | undefined;
/** What a bundle needs: the whole API, or the everyday subset (which the whole API serves too). @internal */
export type Kind = 'full' | 'springs';
let compiled: object | undefined;

// ---- which module --------------------------------------------------------------------------
// Every entry embeds the small everyday module. full.ts embeds the full one and registers it
// here when it is evaluated, and only the wrappers of C functions outside the everyday module
// import full.ts: so a bundle holds the full module exactly when it holds a function that
// needs it, and init() loads that one module (never both).

/** The full module, once full.ts registered it: its embedded bytes and where its exports go
 *  (undefined while the everyday module is loaded). */
let fullPart: { embedded: Embedded; loaded: (exports: Exports | undefined) => void } | undefined;

/**
 * Registers the full module (called once, by full.ts), and hands it the exports at once if
 * the full module is loaded already.
 * @internal
 */
export function registerFull(embedded: Embedded, loaded: (exports: Exports | undefined) => void): void {
  fullPart = { embedded, loaded };
  if (build === 'simd' || build === 'scalar') loaded(wasm as Exports);
}

/** Which module this bundle needs. */
const needed = (): Kind => (fullPart ? 'full' : 'springs');

/**
 * The embedded module an entry's init loads by default: the full one when a bundled function
 * needs it, else the everyday one the entry embeds.
 * @internal
 */
export function embeddedModule(springs: Embedded): Embedded {
  return fullPart?.embedded ?? springs;
}
let loading: Promise<void> | undefined;
/** What `loading` loads, and whether it is still under way. */
let loadingKind: Kind = 'full';
let pending = false;
/** How many loads init() started: a load that a later one overtook defers to it. */
let attempts = 0;
const growListeners = new Set<() => void>();

// ---- memory ------------------------------------------------------------------------------
// The module has no malloc: the C core never allocates. Only the full module's functions
// allocate (batches, work buffers), through the allocator of memory.ts, which registers itself
// here when a program holds it; a program of everyday functions has only the scratch area.

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

// ---- loading -----------------------------------------------------------------------------

/** The smallest module using a SIMD instruction: `() -> v128 { v128.const 0 }`. */
// prettier-ignore
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11];

/** True when the engine runs WebAssembly SIMD (what the embedded build needs). @internal */
export function simdSupported(): boolean {
  return WebAssembly.validate(new Uint8Array(SIMD_PROBE));
}

/** Throws when the engine lacks the SIMD the embedded full module needs: full.ts hands it to
 *  the loader with the module, so that a bundle of everyday functions leaves it out. @internal */
export function requireSimd(fn: string): void {
  if (!simdSupported())
    throw new TypeError(
      `sprung.${fn}: this engine has no WebAssembly SIMD, which the embedded module needs; ` +
        "load the scalar build instead: init({ wasm: <URL of 'sprung/sprung-scalar.wasm'> })",
    );
}

const CSP =
  "sprung.init: WebAssembly is blocked by the page's Content-Security-Policy; allow 'wasm-unsafe-eval'";

/** An engine's error as a sprung error of `sprung.<fn>` (the engine's as its `cause`): the CSP
 *  explained, other compile and link errors prefixed. */
function explain(fn: string, e: unknown): Error {
  const message = String((e as Error)?.message ?? e);
  // Chromium: "…Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is
  // not an allowed source… Content Security Policy…"; Firefox: "…blocked by CSP"; Safari:
  // "…Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is
  // not an allowed source…"
  const csp = /Content[ -]Security[ -]Policy|\bCSP\b|unsafe-eval/i.test(message);
  if (!csp && message.startsWith('sprung.')) return e as Error;
  return caused(
    csp
      ? new Error(fn === 'init' ? CSP : CSP.replace('sprung.init', `sprung.${fn}`))
      : new TypeError(`sprung.${fn}: wasm is not a WebAssembly module sprung can load: ${message}`),
    e,
  );
}

/** `err` with `cause` set (ES2022's option, set by hand for ES2020 engines). */
function caused(err: Error, cause: unknown): Error {
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

const imports = { env: {}, wasi_snapshot_preview1: {} };

/**
 * The build a compiled module is, from its `sprung` custom section — checked before it is
 * instantiated, so that a foreign module's start function never runs.
 */
function verify(fn: string, module: WebAssembly.Module, kind: Kind): 'simd' | 'scalar' | 'springs' {
  const section = WebAssembly.Module.customSections(module, 'sprung')[0];
  const label = section ? new TextDecoder().decode(section) : '';
  if (label !== 'simd' && label !== 'scalar' && label !== 'springs')
    throw new TypeError(`sprung.${fn}: wasm is not a sprung WebAssembly module (no sprung section)`);
  const exported = WebAssembly.Module.exports(module).map((e) => e.name);
  if (!exported.includes('memory') || !exported.includes('__heap_base'))
    throw new TypeError(`sprung.${fn}: wasm is not a sprung WebAssembly module (its memory is not exported)`);
  if (kind === 'full' && label === 'springs')
    throw new TypeError(
      `sprung.${fn}: wasm is the everyday module (sprung-springs.wasm), which lacks functions this program imports; ` +
        "load the full one, 'sprung/sprung-simd.wasm'",
    );
  return label;
}

/** Sets everything up around a new instance of a verified module. */
function start(
  module: WebAssembly.Module,
  label: 'simd' | 'scalar' | 'springs',
  instance: WebAssembly.Instance,
  reserve: number,
): void {
  // A plain copy: property loads on it are fast, unlike on the frozen exports object.
  const all = { ...instance.exports, malloc: allocator?.malloc, free: allocator?.free } as unknown as Exports;
  wasm = all;
  if (typeof all._initialize === 'function') all._initialize();
  // a new instance (the first, or the full module replacing the everyday one, which owns no
  // blocks but the scratch area): the scratch area above the static data, a fresh heap above it
  scratch = (Math.ceil(all.__heap_base.value / 16) * 16) as Ptr;
  scratchF32 = scratch >> 2;
  allocator?.reset(scratch + 4 * SCRATCH_FLOATS);
  detached();
  frames(scratch, SCRATCH_FLOATS, all.memory);
  compiled = module;
  build = label;
  fullPart?.loaded(label === 'springs' ? undefined : all);
  reserveMemory('init', Math.max(reserve, reserved));
  initialized = true;
}

/** The most any init() asked to reserve: the full module, replacing the everyday one, keeps it. */
let reserved = 0;

/** Grows the memory so that `bytes` more can be allocated without growing it later. */
function reserveMemory(fn: string, bytes: number): void {
  const top = allocator ? allocator.top() : scratch + 4 * SCRATCH_FLOATS;
  const need = Math.ceil((top + bytes - wasm.memory.buffer.byteLength) / PAGE);
  if (need > 0 && !grow(need))
    throw new RangeError(`sprung.${fn}: options.reserve of ${bytes} bytes is more than the engine gives`);
  reserved = Math.max(reserved, bytes);
}

/** `options[key]` if `options` has it as its own property (not one of `Object.prototype`'s). */
function own<K extends keyof InitOptions>(options: InitOptions | undefined, key: K): InitOptions[K] {
  return options !== undefined && Object.prototype.hasOwnProperty.call(options, key)
    ? options[key]
    : undefined;
}

function checkOptions(fn: string, options: InitOptions | undefined): number {
  if (options === undefined) return 0;
  if (typeof options !== 'object' || options === null)
    throw new TypeError(
      `sprung.${fn}: options must be an object, got ${options === null ? 'null' : typeof options}`,
    );
  const reserve = own(options, 'reserve') ?? 0;
  if (typeof reserve !== 'number' || !(reserve >= 0 && reserve <= 2 ** 31))
    throw new RangeError(
      `sprung.${fn}: options.reserve must be a number of bytes in [0, 2³¹], got ${String(reserve)}`,
    );
  return reserve;
}

function isModule(x: unknown): boolean {
  return typeof WebAssembly !== 'undefined' && x instanceof WebAssembly.Module;
}

function bytesOf(x: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (x instanceof ArrayBuffer) return new Uint8Array(x);
  if (ArrayBuffer.isView(x)) return new Uint8Array(x.buffer as ArrayBuffer, x.byteOffset, x.byteLength);
  return undefined;
}

/** The response for a module's URL, with the reason in a sprung error when there is none. */
async function fetchModule(url: string): Promise<unknown> {
  // Node's fetch() reads no file: URLs; browsers' none from an http page
  const pass = 'pass the bytes (e.g. from readFileSync) or a WebAssembly.Module as options.wasm';
  if (/^file:/i.test(url) || typeof fetch !== 'function')
    throw new TypeError(`sprung.init: fetch() cannot load ${url} here; ${pass}`);
  try {
    return await fetch(url);
  } catch (e) {
    throw caused(new TypeError(`sprung.init: cannot fetch ${url}: ${(e as Error)?.message ?? e}`), e);
  }
}

/** True when the main entry's init finds only the everyday module loaded: it loads the full one. */
function upgrading(kind: Kind): boolean {
  return kind === 'full' && build === 'springs' && initialized;
}

/**
 * Loads the WebAssembly core; await it once before anything else — every function of
 * sprung, the pure helpers (`lerp`, the conversions) included, throws before it. Later
 * calls return the same promise (their `wasm` is ignored; a larger `reserve` grows the
 * memory). After a failure the next call tries again.
 *
 * `defaultSource` is what the entry embeds (undefined for `sprung/no-embed`). The module
 * loaded is the full one when the program holds a function that needs it (see
 * {@link registerFull}), else the everyday one.
 * @internal
 */
export function load(
  options: InitOptions | undefined,
  defaultSource: (() => Promise<Uint8Array>) | undefined,
): Promise<void> {
  const kind = needed();
  if (initialized && !upgrading(kind)) {
    try {
      reserveMemory('init', checkOptions('init', options));
    } catch (e) {
      return Promise.reject(e);
    }
    return loading ?? Promise.resolve();
  }
  if (loading && (loadingKind === 'full' || kind === 'springs')) return loading;
  loadingKind = kind;
  pending = true;
  const mine = ++attempts;
  const attempt: Promise<void> = (async () => {
    const reserve = checkOptions('init', options);
    let source: unknown = await own(options, 'wasm');
    if (source === undefined) {
      if (!defaultSource)
        throw new TypeError(
          "sprung.init: options.wasm is required with the 'sprung/no-embed' entry (a URL, Response, bytes or WebAssembly.Module)",
        );
      source = await defaultSource();
    }
    if (typeof source === 'string' || (typeof source === 'object' && source !== null && 'href' in source))
      source = await fetchModule(
        String(typeof source === 'string' ? source : (source as { href: string }).href),
      );
    let module: WebAssembly.Module;
    try {
      const bytes = bytesOf(source);
      if (isModule(source)) module = source as WebAssembly.Module;
      else if (bytes) module = await WebAssembly.compile(bytes);
      else if (
        typeof source === 'object' &&
        source !== null &&
        typeof (source as ResponseLike).arrayBuffer === 'function'
      ) {
        const r = source as ResponseLike;
        if (r.ok === false)
          throw new TypeError(
            `sprung.init: fetching ${r.url || 'the module'} failed with HTTP status ${r.status}`,
          );
        const type = r.headers?.get('content-type') ?? '';
        module =
          typeof WebAssembly.compileStreaming === 'function' && type.startsWith('application/wasm')
            ? await WebAssembly.compileStreaming(source as Response)
            : await WebAssembly.compile(await r.arrayBuffer());
      } else {
        throw new TypeError(
          'sprung.init: options.wasm must be a URL, a Response, bytes or a WebAssembly.Module, got ' +
            (source === null ? 'null' : typeof source),
        );
      }
    } catch (e) {
      throw explain('init', e);
    }
    const label = verify('init', module, kind);
    let instance: WebAssembly.Instance;
    try {
      instance = await WebAssembly.instantiate(module, imports);
    } catch (e) {
      throw explain('init', e);
    }
    // the everyday module loaded while code imported meanwhile asked for the full one: that
    // load wins, whichever finishes first
    if (mine !== attempts && loading) return loading;
    start(module, label, instance, reserve);
  })();
  loading = attempt;
  attempt.then(
    () => {
      if (mine === attempts) pending = false;
    },
    () => {
      if (mine !== attempts) return;
      pending = false;
      loading = undefined; // a failed init() may be retried
    },
  );
  return attempt;
}

/**
 * The synchronous {@link load}: `wasm` must be bytes or a compiled `WebAssembly.Module`.
 * @internal
 */
export function loadSync(
  options: InitOptions | undefined,
  defaultSource: (() => Uint8Array) | undefined,
): void {
  const kind = needed();
  const reserve = checkOptions('initSync', options);
  if (initialized && !upgrading(kind)) return reserveMemory('initSync', reserve);
  if (pending) throw new TypeError('sprung.initSync: init() is already loading the module; await it instead');
  let source: unknown = own(options, 'wasm');
  if (source === undefined) {
    if (!defaultSource)
      throw new TypeError(
        "sprung.initSync: options.wasm is required with the 'sprung/no-embed' entry (bytes or a WebAssembly.Module)",
      );
    source = defaultSource();
  }
  const bytes = bytesOf(source);
  if (!bytes && !isModule(source))
    throw new TypeError(
      'sprung.initSync: options.wasm must be bytes or a WebAssembly.Module (use init() for URLs and Responses), got ' +
        (source === null ? 'null' : typeof source),
    );
  let module: WebAssembly.Module, instance: WebAssembly.Instance;
  try {
    module = bytes ? new WebAssembly.Module(bytes) : (source as WebAssembly.Module);
  } catch (e) {
    throw explain('initSync', e);
  }
  const label = verify('initSync', module, kind);
  try {
    instance = new WebAssembly.Instance(module, imports);
  } catch (e) {
    throw explain('initSync', e);
  }
  start(module, label, instance, reserve);
  loading = Promise.resolve();
  loadingKind = kind;
}

/**
 * The compiled `WebAssembly.Module` that {@link init} loaded (undefined before). Post it to a
 * worker and pass it to the worker's `init({ wasm })`: the worker then neither downloads nor
 * compiles it again (import `sprung/no-embed` there, so that its bundle has no second copy).
 */
export function wasmModule(): object | undefined {
  return compiled;
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
