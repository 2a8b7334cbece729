/**
 * sprung — springs, dampers and inertializers for game animation, compiled from C to
 * WebAssembly. `await init()` once, then call any function.
 * @packageDocumentation
 */
import { embeddedModule, load, loadSync, type InitOptions } from './wasm.js';
import { unpack, unpackSync, EVERYDAY } from './embedded.js';
export * from './gen/api.js';

/**
 * Loads the WebAssembly core. Await it once before using anything else: every function of
 * sprung, the pure helpers (`lerp`, the conversions) included, throws a `TypeError` naming
 * itself before it, so that results are always those of the C core. Later calls return the
 * same promise; after a failure, the next call tries again.
 *
 * With no options it loads a module embedded in the package: the full WebAssembly SIMD build
 * when the program holds a function that needs it, else the small everyday module (see the
 * Loading section of docs/API.md). The engine's `DecompressionStream` unpacks it (Chrome/Edge 91,
 * Firefox 113, Safari 16.4, Node 18 and later; {@link initSync} unpacks it in JS, for
 * Firefox 89–112). Code imported after it resolved may need the full module: await `init()`
 * again then.
 *
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm load this module instead (a URL, a `Response`, bytes or a compiled
 *   `WebAssembly.Module`; the scalar build `sprung/sprung-scalar.wasm` for engines without SIMD).
 * @param options.reserve bytes of memory to set aside at once, so that batches created within
 *   it never grow the memory (see {@link onMemoryGrowth}).
 * @throws an `Error` starting `sprung.init: WebAssembly is blocked by the page's
 *   Content-Security-Policy` when the page's CSP lacks `'wasm-unsafe-eval'`.
 * @example
 * import { init, damperExact } from 'sprung';
 * await init();
 * damperExact(0, 10, 0.1, 1 / 60); // 1.091…
 */
export function init(options?: InitOptions): Promise<void> {
  return load(options, () => unpack(embeddedModule(EVERYDAY)));
}

/**
 * Loads the WebAssembly core synchronously from the embedded bytes (or from
 * `options.wasm`: bytes or a compiled `WebAssembly.Module`), for code that cannot await,
 * e.g. at the top of a module.
 * @param options - as for {@link init}: `wasm` (bytes or a compiled `WebAssembly.Module` here) and `reserve`.
 */
export function initSync(options?: InitOptions): void {
  loadSync(options, () => unpackSync(embeddedModule(EVERYDAY)));
}
