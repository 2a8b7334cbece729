/**
 * `sprung/springs`: the everyday tier — the scalar, vector and quaternion functions a game
 * calls every frame whose C is small (web/tools/table.mjs lists each function's tier). Its
 * files never import the full module: a bundle of them embeds only the small WebAssembly
 * pieces its functions call (web/tools/pieces.mjs), even unbundled. The functions are the very
 * ones of the main entry, with the same results; with the main entry's other functions in the
 * program, either entry's `init()` loads the full module, which serves both.
 * @packageDocumentation
 */
import { load, loadSync, type InitOptions } from './wasm.js';
export { isReady } from './wasm.js';
export type { InitOptions, WasmSource, ResponseLike } from './wasm.js';
// Every wrapper of the everyday tier (web/tools/table.mjs), and the object types, by name.
export * from './gen/springs_api.js';
export { smoothTimeToHalflife, halflifeToSmoothTime } from './smooth_time.js';

/**
 * Loads the WebAssembly core. Await it once before using anything else: every function of
 * sprung, the pure helpers (`lerp`, the conversions) included, throws a `TypeError` naming
 * itself before it, so that results are always those of the C core. A call made while another
 * loads waits for it; after a failure, the next call tries again.
 *
 * With no options it loads the modules embedded in the package that the program's functions
 * call: the small pieces of the everyday functions, or the full WebAssembly SIMD module when
 * the program holds a function that needs it (see the Loading section of docs/API.md). The engine's
 * `DecompressionStream` unpacks them (Chrome/Edge 91, Firefox 113, Safari 16.4, Node 18 and
 * later; {@link initSync} unpacks them in JS, for Firefox 89–112). Code imported after it
 * resolved (a code-split chunk) may need more: await `init()` again then.
 *
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm load the full module from here instead (a URL, a `Response`, bytes or a
 *   compiled `WebAssembly.Module`: `sprung/sprung-simd.wasm`, or the scalar build
 *   `sprung-scalar.wasm` for engines without SIMD). Only for a program that holds a function
 *   of the full module: a program of everyday functions alone runs its embedded pieces, which
 *   need no SIMD, and refuses it.
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
  return load(options);
}

/**
 * Loads the WebAssembly core synchronously from the embedded bytes (or from
 * `options.wasm`: bytes or a compiled `WebAssembly.Module`), for code that cannot await,
 * e.g. at the top of a module.
 * @param options - as for {@link init}: `wasm` (bytes or a compiled `WebAssembly.Module` here) and `reserve`.
 */
export function initSync(options?: InitOptions): void {
  loadSync(options);
}
