/**
 * `sprung/springs`: the everyday tier — the scalar, vector and quaternion functions a game
 * calls every frame whose C is small (web/tools/table.mjs lists each function's tier). Its
 * files never import the full module, so it loads the small everyday module (the C functions
 * these wrappers call, scalar: no SIMD needed) even unbundled. The functions are the very ones
 * of the main entry, with the same results; with the main entry's other functions in the
 * program, either entry's `init()` loads the full module, which serves both.
 * @packageDocumentation
 */
import { embeddedModule, load, loadSync, type InitOptions } from './wasm.js';
import { unpack, unpackSync, EVERYDAY } from './embedded.js';
export { isReady, wasmModule } from './wasm.js';
export type { InitOptions, WasmSource, ResponseLike } from './wasm.js';
// Every wrapper of the everyday tier (web/tools/table.mjs), and the object types, by name:
// build.sh builds this entry's module from the C functions they call.
export * from './gen/springs_api.js';
export { smoothTimeToHalflife, halflifeToSmoothTime } from './smooth_time.js';

/**
 * Loads the everyday module (the full one when the program holds a function of the main
 * entry that needs it); await it once before anything else (every function throws a
 * `TypeError` naming itself before it).
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm load this module instead (a URL, a `Response`, bytes or a compiled `WebAssembly.Module`).
 * @param options.reserve bytes of memory to set aside at once.
 * @example
 * import { init, simpleSpringDamperExact } from 'sprung/springs';
 * await init();
 * const camera = { x: 0, v: 0 };
 * simpleSpringDamperExact(camera, 10, 0.15, 1 / 60); // camera.x ≈ 0.107
 */
export function init(options?: InitOptions): Promise<void> {
  return load(options, () => unpack(embeddedModule(EVERYDAY)));
}

/**
 * Loads the everyday module (or the full one, as {@link init} does) synchronously, from the
 * embedded bytes or `options.wasm`.
 * @param options - `wasm`: bytes or a compiled `WebAssembly.Module` to load instead; `reserve`: bytes of memory to set aside at once.
 */
export function initSync(options?: InitOptions): void {
  loadSync(options, () => unpackSync(embeddedModule(EVERYDAY)));
}
