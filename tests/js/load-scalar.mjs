// load-scalar.mjs — preloaded with `node --import` to run tests on the scalar WebAssembly
// build: a module hook replaces dist/wasm-binary.js (the embedded SIMD build) with
// dist/sprung-scalar.wasm, so that the tests' own `await init()` loads the scalar build.
import { register } from 'node:module';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const wasm = readFileSync(new URL('../../dist/sprung-scalar.wasm', import.meta.url));
const source =
  `export const wasmSize = ${wasm.length};\n` +
  `export const wasmZlib = ${JSON.stringify(deflateSync(wasm).toString('base64'))};\n`;
const hooks = `export async function load(url, context, next) {
  if (url.endsWith('/dist/wasm-binary.js')) return { format: 'module', source: ${JSON.stringify(source)}, shortCircuit: true };
  return next(url, context);
}`;
register('data:text/javascript,' + encodeURIComponent(hooks));
process.env.SPRUNG_TEST_BUILD = 'scalar'; // the build the tests should find loaded
