/**
 * Loading a complete WebAssembly module: the full module (embedded, or given to
 * `init({ wasm })` as a URL, a `Response`, bytes or a compiled `WebAssembly.Module`), or the
 * everyday module `sprung-springs.wasm` given so. full.ts hands it to the loader (wasm.ts)
 * with the full module, so every program that holds a function of the full module reads
 * `options.wasm`; so do sprung/no-embed and the CommonJS build, which reads the package's
 * module files. A program of everyday functions alone loads its embedded pieces and leaves
 * this out.
 * @internal
 * @packageDocumentation
 */
import {
  caused,
  explain,
  fullPart,
  needsFull,
  start,
  useSource,
  type Exports,
  type ResponseLike,
  type Source,
} from './wasm.js';
import { unpack } from './embedded.js';

/** The compiled complete module loaded, for workers (see `wasmModule`). @internal */
export let compiled: object | undefined;

/** The smallest module using a SIMD instruction: `() -> v128 { v128.const 0 }`. */
// prettier-ignore
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11];

/** True when the engine runs WebAssembly SIMD (what the embedded full module needs). @internal */
export function simdSupported(): boolean {
  return WebAssembly.validate(new Uint8Array(SIMD_PROBE));
}

/** The error of a load without `options.wasm` where sprung/no-embed has no module to load. */
const required = (fn: string) =>
  new TypeError(`sprung.${fn}: options.wasm is required with the 'sprung/no-embed' entry`);

/** Throws when no module is embedded (`none`: sprung/no-embed's full module alone), or when the
 *  engine lacks the SIMD the embedded full module needs. */
function check(fn: string, none: boolean): void {
  if (none) throw required(fn);
  if (!simdSupported())
    throw new TypeError(
      `sprung.${fn}: this engine has no WebAssembly SIMD, which the embedded module needs; ` +
        "load the scalar build instead: init({ wasm: <URL of 'sprung/sprung-scalar.wasm'> })",
    );
}

/** An engine's error compiling or instantiating the module given to `sprung.<fn>` as a sprung
 *  error (the engine's as its `cause`): the CSP explained, others prefixed. */
function refused(fn: string, e: unknown): unknown {
  const x = explain(fn, e);
  return x !== e
    ? x
    : caused(
        new TypeError(
          `sprung.${fn}: wasm is not a WebAssembly module sprung can load: ${(e as Error)?.message ?? e}`,
        ),
        e,
      );
}

/** Runs `f`, its engine errors as sprung's. */
function engine<T>(fn: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw refused(fn, e);
  }
}

const isModule = (x: unknown): x is WebAssembly.Module => x instanceof WebAssembly.Module;

function bytesOf(x: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (x instanceof ArrayBuffer) return new Uint8Array(x);
  if (ArrayBuffer.isView(x)) return new Uint8Array(x.buffer as ArrayBuffer, x.byteOffset, x.byteLength);
  return undefined;
}

/**
 * The compiled module of what `options.wasm` gave to `sprung.<fn>`: bytes or a Module, and (but
 * where `sync`) a URL or a Response, as a promise. Undefined, which sprung/no-embed refuses.
 */
function compile(
  fn: string,
  source: unknown,
  sync?: boolean,
): Promise<WebAssembly.Module> | WebAssembly.Module {
  const bytes = bytesOf(source);
  if (bytes) return engine(fn, () => new WebAssembly.Module(bytes));
  if (isModule(source)) return source;
  if (source === undefined) throw required(fn);
  const url =
    typeof source === 'string' || (typeof source === 'object' && source !== null && 'href' in source);
  if (sync || !(url || typeof (source as ResponseLike | null)?.arrayBuffer === 'function'))
    throw new TypeError(
      `sprung.${fn}: options.wasm must be ${sync ? '' : 'a URL, a Response, '}bytes or a WebAssembly.Module, got ${source === null ? 'null' : typeof source}`,
    );
  return download(
    url ? String(typeof source === 'string' ? source : (source as { href: string }).href) : source,
  );
}

/** The compiled module of a URL (a string) or a Response: compiled while it downloads where it
 *  is served as `application/wasm`. */
async function download(source: string | unknown): Promise<WebAssembly.Module> {
  if (typeof source === 'string') {
    const url = source;
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
  if (r.ok === false)
    throw new TypeError(`sprung.init: fetching ${r.url || 'the module'} failed with HTTP status ${r.status}`);
  try {
    return typeof WebAssembly.compileStreaming === 'function' &&
      (r.headers?.get('content-type') ?? '').startsWith('application/wasm')
      ? await WebAssembly.compileStreaming(r as unknown as Response)
      : await WebAssembly.compile(await r.arrayBuffer());
  } catch (e) {
    throw refused('init', e);
  }
}

/**
 * Instantiates a complete module alone, in its own memory, after reading which it is from its
 * `sprung` custom section: a foreign module's start function never runs. The everyday module
 * is refused where the program holds a function of the full one, unless a later init() is
 * waiting (code imported meanwhile: that one loads the full).
 */
function complete(fn: string, module: WebAssembly.Module, reserve: number, later: boolean): void {
  const section = WebAssembly.Module.customSections(module, 'sprung')[0];
  const label = section ? new TextDecoder().decode(section) : '';
  if (label !== 'simd' && label !== 'scalar' && label !== 'springs')
    throw new TypeError(`sprung.${fn}: wasm is not a sprung WebAssembly module (no sprung section)`);
  const exported = WebAssembly.Module.exports(module).map((e) => e.name);
  if (!exported.includes('memory') || !exported.includes('__heap_base'))
    throw new TypeError(`sprung.${fn}: wasm is not a sprung WebAssembly module (its memory is not exported)`);
  if (needsFull() && label === 'springs' && !later)
    throw new TypeError(
      `sprung.${fn}: wasm is sprung-springs.wasm, without the full module's functions this program holds`,
    );
  // (no local named `exports`: in the CommonJS build that is the module's own)
  const e = engine(fn, () => new WebAssembly.Instance(module, {}).exports) as unknown as Exports;
  e._initialize?.();
  compiled = module;
  start({ ...e }, label, reserve, true); // a plain copy: property loads on it are fast
}

/** The CommonJS build's reader of the package's module files (node_files.ts), which stands in
 *  for the embedded modules there (its JS embeds no bytes). */
let reader: ((fn: string) => Uint8Array) | undefined;

/** Registers the CommonJS build's reader of the module files (node_files.ts): init() then loads
 *  what it reads. @internal */
export function readFiles(read: (fn: string) => Uint8Array): void {
  reader = read;
  useSource(source);
}

/** The module to load where `options.wasm` gave none: the CommonJS build's file, or undefined. */
const fallback = (fn: string, wasm: unknown, noEmbed: boolean): unknown =>
  wasm ?? (noEmbed ? undefined : reader?.(fn));

/** The embedded full module's bytes, after checking that the engine can run them. */
function embeddedFull(fn: string): { z: string; n: number } {
  const full = fullPart()!;
  check(fn, !full.z);
  return full;
}

/** The loader of complete modules, which full.ts, sprung/no-embed and the CommonJS build hand
 *  to wasm.ts. @internal */
export const source: Source = {
  async load(fn, wasm, reserve, later, noEmbed) {
    wasm = fallback(fn, wasm, noEmbed);
    if (wasm !== undefined || noEmbed) return complete(fn, await compile(fn, wasm), reserve, later);
    const { z } = embeddedFull(fn);
    let module: WebAssembly.Module;
    try {
      module = await WebAssembly.compile(await unpack(z));
    } catch (e) {
      throw explain(fn, e);
    }
    complete(fn, module, reserve, false);
  },
  loadSync(fn, wasm, reserve, noEmbed, inflate) {
    wasm = fallback(fn, wasm, noEmbed);
    if (wasm !== undefined || noEmbed)
      return complete(fn, compile(fn, wasm, true) as WebAssembly.Module, reserve, false);
    const { z, n } = embeddedFull(fn);
    let module: WebAssembly.Module;
    try {
      module = new WebAssembly.Module(inflate(z, n) as Uint8Array<ArrayBuffer>);
    } catch (e) {
      throw explain(fn, e);
    }
    complete(fn, module, reserve, false);
  },
};
