// no_embed.test.mjs — `sprung/no-embed`, as a worker imports it: no module inside, init({ wasm })
// required; a module too small for the program's functions is refused with the module to use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
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

/** Runs `body` (an async function body; `dist` is the URL of dist/) in a fresh Node: its JSON result. */
function fresh(body) {
  const dist = new URL('../../dist/', import.meta.url).href;
  const script = `const dist = ${JSON.stringify(dist)};
    process.stdout.write(JSON.stringify(await (async () => { ${body} })()));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

test('a program that imports sprung and sprung/no-embed: init() loads the embedded full module, and both entries compute', () => {
  // both entries' files register the full module, no-embed's without bytes: whichever is
  // imported last, init() must unpack sprung's (it once unpacked no-embed's empty string:
  // "unexpected end of file")
  for (const order of [
    ['index.js', 'no-embed/no-embed.js'],
    ['no-embed/no-embed.js', 'index.js'],
  ]) {
    const r = fresh(`
      const [a, b] = [await import(dist + '${order[0]}'), await import(dist + '${order[1]}')];
      const sp = '${order[0]}' === 'index.js' ? a : b, ne = sp === a ? b : a;
      await sp.init();
      const batch = new ne.DamperExactBatch(1, { halflife: 0.1 });
      batch.goal[0] = 10;
      batch.update(1 / 60);
      return [sp.damperExact(0, 10, 0.1, 1 / 60), ne.damperExact(0, 10, 0.1, 1 / 60), batch.x[0]];`);
    // the exact damper's closed form: x + (g − x)(1 − 2^(−dt/halflife))
    for (const x of r) assert.ok(Math.abs(x - 10 * (1 - 2 ** (-1 / 60 / 0.1))) < 1e-5, `${order}: ${r}`);
  }
  // with sprung/three's pieces and no-embed's full module only, init() without wasm names it
  const message = fresh(`
    const three = await import(dist + 'three.js');
    await import(dist + 'no-embed/no-embed.js');
    try { await three.init(); return 'resolved'; } catch (e) { return e.constructor.name + ': ' + e.message; }`);
  assert.equal(message, "TypeError: sprung.init: options.wasm is required with the 'sprung/no-embed' entry");
});
