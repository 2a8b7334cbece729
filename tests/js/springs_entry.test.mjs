// springs_entry.test.mjs — `sprung/springs`, the everyday subset with its own small module:
// its functions give the same bits as the main entry's (the same C, built alone), and the
// main entry's init() replaces the small module with the full one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as small from '../../dist/springs_entry.js';
import * as full from '../../dist/index.js';
import * as loader from '../../dist/wasm.js';

/** A few calls of every topic of the subset, as numbers. */
function sample(s) {
  const out = [];
  for (const h of [0, 0.05, 0.3, 2]) {
    out.push(s.damperExact(0.2, 10, h, 1 / 60), s.lerp(1, 3, h));
    const st = { x: 0.5, v: -1 };
    s.simpleSpringDamperExact(st, 10, h, 1 / 30);
    s.springDamperExact(st, 2, 0.5, 3, h + 0.1, 1 / 60);
    out.push(st.x, st.v, s.criticalSettleTime(h + 0.1, 0.01), s.halflifeToDamping(h));
    const q = { x: 0.1, y: 0.2, z: 0.3, w: 0.927 },
      w = { x: 1, y: -2, z: 0.5 };
    s.simpleSpringDamperExactQuat(q, w, { x: 0, y: 0, z: 0, w: 1 }, h, 1 / 60);
    out.push(q.x, q.y, q.z, q.w, w.x, w.y, w.z);
  }
  return out;
}

test('sprung/springs loads its own module; the main entry then loads the full one; the same bits', async () => {
  assert.equal(small.isReady(), false);
  await small.init();
  assert.equal(loader.build, 'springs');
  const a = sample(small);
  // the exact damper's closed form: x + (g − x)(1 − 2^(−dt/halflife))
  assert.ok(Math.abs(a[13] - (0.2 + 9.8 * (1 - 2 ** (-1 / 60 / 0.05)))) < 1e-5); // h = 0.05: the second round of 13
  assert.equal(
    typeof loader.wasm.sp_critical_spring_damper_exact_batch,
    'undefined',
    'the small module has no batches',
  );
  await full.init();
  const fullBuild = process.env.SPRUNG_TEST_BUILD ?? 'simd'; // scalar under load-scalar.mjs
  assert.equal(loader.build, fullBuild);
  assert.equal(typeof loader.wasm.sp_critical_spring_damper_exact_batch, 'function');
  const b = sample(full);
  assert.deepEqual(new Float32Array(a), new Float32Array(b));
  await small.init(); // the full module serves the subset: nothing to do
  assert.equal(loader.build, fullBuild);
});
