// init_race.test.mjs — a program whose code-split chunk (here a dynamic import) brings in a
// function of the full module while init() is still loading the everyday one: the second
// init() loads the full module, and the first load, finishing later, does not replace it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as small from '../../dist/springs_entry.js';
import * as loader from '../../dist/wasm.js';

test('a load of the full module started during the everyday one wins, though it finishes first', async () => {
  const everyday = readFileSync(new URL('../../dist/sprung-springs.wasm', import.meta.url));
  let release;
  const late = new Promise((ok) => (release = ok)); // the download, ending after the chunk's init()
  const first = small.init({ wasm: late });
  const full = await import('../../dist/index.js');
  const second = full.init();
  release(everyday);
  await second;
  const build = process.env.SPRUNG_TEST_BUILD ?? 'simd'; // scalar under load-scalar.mjs
  assert.equal(loader.build, build, 'the full module, as soon as its load resolves');
  await first;
  assert.equal(loader.build, build, 'the everyday load, finishing last, deferred to it');
  const batch = new full.DamperExactBatch(2, { halflife: 0.1 });
  batch.goal.fill(10);
  batch.update(1 / 60);
  // the exact damper's closed form from 0 toward 10: 10·(1 − 2^(−dt/halflife))
  assert.ok(Math.abs(batch.x[0] - 10 * (1 - 2 ** (-1 / 60 / 0.1))) < 1e-5);
});
