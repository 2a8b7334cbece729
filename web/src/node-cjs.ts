/**
 * The CommonJS entry (`require('sprung')`), for Node: the same API, with `init()` and
 * `initSync()` reading `sprung-simd.wasm` from the package's files (the ES module entry embeds
 * it instead). A program that both imports and requires sprung loads two separate instances.
 * @packageDocumentation
 */
import { load, loadSync, simdSupported, type InitOptions } from './wasm.js';
export * from './gen/api.js';

declare const require: (id: string) => unknown;
declare const __dirname: string;

function fileBytes(fn: string): () => Uint8Array {
  return () => {
    const name = simdSupported() ? 'sprung-simd.wasm' : 'sprung-scalar.wasm';
    const fs = require('fs') as { readFileSync(path: string): Uint8Array };
    const path = require('path') as { join(...parts: string[]): string };
    try {
      return fs.readFileSync(path.join(__dirname, '..', name));
    } catch (e) {
      throw new Error(`sprung.${fn}: cannot read ${name} beside the package: ${(e as Error).message}`);
    }
  };
}

/**
 * Loads the WebAssembly core (the SIMD build, or the scalar one on engines without SIMD) from
 * the package's files. Await it once before anything else; see the ES module entry's `init`.
 * @param options - where the module comes from and how much memory to reserve (see {@link InitOptions}).
 * @param options.wasm load this module instead (bytes, a compiled `WebAssembly.Module`, a URL or a `Response`).
 * @param options.reserve bytes of memory to set aside at once.
 */
export function init(options?: InitOptions): Promise<void> {
  const read = fileBytes('init');
  return load(options, async () => read());
}

/**
 * Loads the WebAssembly core synchronously from the package's files (or from `options.wasm`).
 * @param options - `wasm`: bytes or a compiled `WebAssembly.Module` to load instead; `reserve`: bytes of memory to set aside at once.
 */
export function initSync(options?: InitOptions): void {
  loadSync(options, fileBytes('initSync'));
}
