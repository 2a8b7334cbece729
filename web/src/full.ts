/**
 * The full WebAssembly module, for the wrappers of the C functions outside the everyday
 * pieces: they call them through `full`, so a bundle holds these bytes exactly when it holds
 * such a function, and init() then loads this module (which serves the everyday functions
 * too) instead of the pieces, through source.ts, which also reads `init({ wasm })`.
 * `sprung/no-embed` ships with the bytes left out.
 * @packageDocumentation
 */
import { part, type Exports } from './wasm.js';
import { compiled, source } from './source.js';
import { wasmSize, wasmZlib } from './wasm-binary.js';

/** The full module's exports once it is loaded; until then, each function throws naming its wrapper. @internal */
export let full: Exports = part(wasmZlib, wasmSize, 0, (e: Exports) => (full = e), source);

/**
 * The compiled full `WebAssembly.Module` that {@link init} loaded (undefined before, or where
 * `init({ wasm })` was given the everyday module). Post it to a worker and pass it to the
 * worker's `init({ wasm })`: the worker then neither downloads nor compiles it again (import
 * `sprung/no-embed` there, so that its bundle has no second copy). Importing this function
 * puts the full module in the bundle, so that init() loads it.
 * @returns the compiled module, or undefined.
 */
export function wasmModule(): object | undefined {
  return compiled;
}
