/**
 * `sprung/no-embed`: the whole API without the full WebAssembly module embedded, for code that
 * loads the module itself — a worker handed the page's compiled module (see `wasmModule`), or
 * a site that serves `sprung-simd.wasm` as a file. `init({ wasm })` and `initSync({ wasm })`
 * require it. (The everyday functions' small pieces, a few KB, stay in the modules that call
 * them; given a module, init() loads that one alone.)
 * @packageDocumentation
 */
import { load, loadSync, type InitOptions } from './wasm.js';
import { source } from './source.js';
export * from './gen/api.js';

/**
 * Loads the WebAssembly core from `options.wasm` (a URL, a `Response`, bytes or a compiled
 * `WebAssembly.Module`); otherwise as `init` of the main entry.
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm the module, required here.
 * @param options.reserve bytes of memory to set aside at once.
 */
export function init(options: InitOptions): Promise<void> {
  return load(options, source);
}

/**
 * Loads the WebAssembly core synchronously from `options.wasm`.
 * @param options - `wasm`: the module's bytes or a compiled `WebAssembly.Module` (required here); `reserve`: bytes of memory to set aside at once.
 */
export function initSync(options: InitOptions): void {
  loadSync(options, source);
}
