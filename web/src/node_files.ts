/**
 * The CommonJS build's WebAssembly modules: its JS embeds no bytes, and `init()` reads the
 * package's files instead (every CommonJS entry requires this module first: web/tools/dist.mjs
 * adds the line). A program that needs the full module reads it (the SIMD build, or the
 * scalar one on engines without SIMD); one of everyday functions alone reads the everyday
 * module, sprung-springs.wasm.
 * @internal
 * @packageDocumentation
 */
import { needsFull } from './wasm.js';
import { readFiles, simdSupported } from './source.js';

declare const require: (id: string) => unknown;
declare const __dirname: string;

readFiles((fn) => {
  const name = !needsFull()
    ? 'sprung-springs.wasm'
    : simdSupported()
      ? 'sprung-simd.wasm'
      : 'sprung-scalar.wasm';
  const fs = require('fs') as { readFileSync(path: string): Uint8Array };
  const path = require('path') as { join(...parts: string[]): string };
  try {
    return fs.readFileSync(path.join(__dirname, '..', name));
  } catch (e) {
    throw new Error(`sprung.${fn}: cannot read ${name} beside the package: ${(e as Error).message}`);
  }
});
