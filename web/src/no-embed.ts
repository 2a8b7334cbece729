/**
 * `sprung/no-embed`: the whole API without the embedded WebAssembly module, for code that
 * loads the module itself — a worker handed the page's compiled module, or a site that
 * serves `sprung-simd.wasm` as a file. `init({ wasm })` and `initSync({ wasm })` require it.
 * @packageDocumentation
 */
import { load, loadSync, type InitOptions } from './wasm.js';
export * from './gen/api.js';

/**
 * Loads the WebAssembly core from `options.wasm` (a URL, a `Response`, bytes or a compiled
 * `WebAssembly.Module`); otherwise as `init` of the main entry.
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm the module, required here.
 * @param options.reserve bytes of memory to set aside at once.
 */
export function init(options: InitOptions): Promise<void> {
  return load(options, undefined);
}

/**
 * Loads the WebAssembly core synchronously from `options.wasm`.
 * @param options - `wasm`: the module's bytes or a compiled `WebAssembly.Module` (required here); `reserve`: bytes of memory to set aside at once.
 */
export function initSync(options: InitOptions): void {
  loadSync(options, undefined);
}
