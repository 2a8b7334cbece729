// no_embed.test.mjs — `sprung/no-embed`, as a worker imports it: no module inside, init({ wasm })
// required; a module too small for the program's functions is refused with the module to use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import * as worker from '../../dist/no-embed/no-embed.js';

const file = (name) => readFileSync(new URL(`../../dist/${name}`, import.meta.url));

test('sprung/no-embed embeds neither module and requires init({ wasm })', async () => {
  // its own copy of the full module's bytes is empty; the everyday module's it never imports
  assert.ok(statSync(new URL('../../dist/no-embed/wasm-binary.js', import.meta.url)).size < 400);
  assert.doesNotMatch(
    readFileSync(new URL('../../dist/no-embed/no-embed.js', import.meta.url), 'utf8'),
    /embedded/,
  );
  await assert.rejects(
    worker.init(),
    /^TypeError: sprung\.init: options\.wasm is required with the 'sprung\/no-embed' entry/,
  );
});

test('given the everyday module while its functions need the full one, init names the module to load; the full one works', async () => {
  // unbundled, this entry's files hold every function: the program needs the full module
  await assert.rejects(
    worker.init({ wasm: file('sprung-springs.wasm') }),
    /^TypeError: sprung\.init: wasm is sprung-springs\.wasm, without the full module's functions this program holds/,
  );
  assert.equal(worker.isReady(), false);
  await worker.init({ wasm: new WebAssembly.Module(file('sprung-simd.wasm')) });
  // the exact damper's closed form: x + (g − x)(1 − 2^(−dt/halflife))
  assert.ok(Math.abs(worker.damperExact(0, 10, 0.1, 1 / 60) - 10 * (1 - 2 ** (-1 / 60 / 0.1))) < 1e-5);
  const b = new worker.DamperExactBatch(1, { halflife: 0.1 });
  b.goal[0] = 10;
  b.update(1 / 60);
  assert.ok(Math.abs(b.x[0] - 10 * (1 - 2 ** (-1 / 60 / 0.1))) < 1e-5);
});
