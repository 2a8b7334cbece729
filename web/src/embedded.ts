/**
 * `init` and `initSync` of the default entry: with no `wasm` option they load the module
 * embedded in the package (the SIMD build, compressed), so Node, bundlers and a plain
 * `<script type=module>` need no configuration and no file served beside the script.
 * @packageDocumentation
 */
import { load, loadSync, simdSupported, type InitOptions } from './wasm.js';
import { wasmZlib, wasmSize } from './wasm-binary.js';
import { inflate } from './inflate.js';

function decodeBase64(text: string): Uint8Array {
  const g = globalThis as unknown as {
    atob?: (s: string) => string;
    Buffer?: { from(s: string, e: string): Uint8Array };
  };
  if (!g.atob) return new Uint8Array(g.Buffer!.from(text, 'base64'));
  const bin = g.atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

function requireSimd(fn: string): void {
  if (!simdSupported())
    throw new TypeError(
      `sprung.${fn}: this engine has no WebAssembly SIMD, which the embedded module needs; ` +
        "load the scalar build instead: init({ wasm: <URL of 'sprung/sprung-scalar.wasm'> })",
    );
}

/** The embedded SIMD build, decompressed by the engine (`init` needs no JS inflater, so bundles that use only `init` have none). */
async function embeddedAsync(): Promise<Uint8Array> {
  requireSimd('init');
  if (typeof DecompressionStream !== 'function')
    throw new TypeError(
      'sprung.init: this engine has no DecompressionStream to unpack the embedded module; call initSync() or init({ wasm })',
    );
  const stream = new Blob([decodeBase64(wasmZlib) as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The embedded SIMD build, decompressed synchronously in JS. */
function embeddedSync(): Uint8Array {
  requireSimd('initSync');
  return inflate(decodeBase64(wasmZlib).subarray(2), wasmSize); // past the 2-byte zlib header
}

/**
 * Loads the WebAssembly core. Await it once before using anything else: every function of
 * sprung, the pure helpers (`lerp`, the conversions) included, throws a `TypeError` naming
 * itself before it, so that results are always those of the C core. Later calls return the
 * same promise; after a failure, the next call tries again.
 *
 * With no options it loads the module embedded in the package: the WebAssembly SIMD build,
 * unpacked by the engine's `DecompressionStream` (Chrome/Edge 91, Firefox 113, Safari 16.4,
 * Node 18 and later; {@link initSync} unpacks it in JS, for Firefox 89–112).
 *
 * @param options.wasm load this module instead (a URL, a `Response`, bytes or a compiled
 *   `WebAssembly.Module`; the scalar build `sprung/sprung-scalar.wasm` for engines without SIMD).
 * @param options.reserve bytes of memory to set aside at once, so that batches created within
 *   it never grow the memory (see `onMemoryGrowth`).
 * @throws an `Error` starting `sprung.init: WebAssembly is blocked by the page's
 *   Content-Security-Policy` when the page's CSP lacks `'wasm-unsafe-eval'`.
 * @example
 * import { init, damperExact } from 'sprung';
 * await init();
 * damperExact(0, 10, 0.1, 1 / 60); // 1.091…
 */
export function init(options?: InitOptions): Promise<void> {
  return load(options, embeddedAsync);
}

/**
 * Loads the WebAssembly core synchronously from the embedded bytes (or from
 * `options.wasm`: bytes or a compiled `WebAssembly.Module`), for code that cannot await,
 * e.g. at the top of a module. Browsers may refuse to compile large modules synchronously
 * on the main thread; {@link init} works everywhere.
 * @param options see {@link init}.
 */
export function initSync(options?: InitOptions): void {
  loadSync(options, embeddedSync);
}
