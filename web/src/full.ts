/**
 * The full WebAssembly module, for the wrappers of the C functions outside the everyday
 * module: they call them through `full`, so a bundle holds these bytes exactly when it holds
 * such a function, and every entry's init() then loads this module instead of the everyday
 * one (which it serves too). `sprung/no-embed` ships with the bytes left out.
 * @internal
 * @packageDocumentation
 */
import { registerFull, simdSupported, type Exports } from './wasm.js';
import { wasmSize, wasmZlib } from './wasm-binary.js';

/** The full module's exports once it is loaded; until then, functions that throw a clear error.
 *  (The callback's parameter must not be named `exports`: in the CommonJS build that is the
 *  module's own exports object, and `full` would never be set.) */
export let full: Exports = registerFull({ zlib: wasmZlib, size: wasmSize, simd: simdSupported }, (loaded) => {
  full = loaded;
});
