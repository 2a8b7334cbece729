// springs_entry.test.mjs — the everyday tier: `sprung/springs` alone loads its small pieces (side
// by side in one memory), and its functions give the same bits as the full module's (the same
// C, built alone). A program that
// imports a function of the full module after init() resolved (a code-split chunk) gets a
// clear error from it until it awaits init() again, which loads the full module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as small from '../../dist/springs_entry.js';
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

test('the everyday pieces alone; code imported later needs init() again, which loads the full one; the same bits', async () => {
  assert.equal(small.isReady(), false);
  const reserve = 8 << 20;
  await small.init({ reserve });
  assert.equal(loader.build, 'pieces');
  const a = sample(small);
  // the exact damper's closed form: x + (g − x)(1 − 2^(−dt/halflife))
  assert.ok(Math.abs(a[13] - (0.2 + 9.8 * (1 - 2 ** (-1 / 60 / 0.05)))) < 1e-5); // h = 0.05: the second round of 13
  assert.equal(typeof loader.wasm.sp_critical_spring_damper_exact_batch, 'undefined', 'no batches in it');

  // a chunk loaded after init(): its functions of the full module throw, naming what to do;
  // its everyday functions keep working
  const full = await import('../../dist/index.js');
  assert.throws(
    () => full.damperBad(0, 1, 0.1, 1 / 60),
    /^TypeError: sprung: sp_damper_bad was imported after init\(\) resolved; await init\(\) again$/,
  );
  assert.throws(
    () => new full.DamperExactBatch(4),
    /^TypeError: sprung\.DamperExactBatch: this needs sprung's full module/,
  );
  assert.equal(full.damperExact(0.2, 10, 0.05, 1 / 60), a[13]);

  await full.init();
  // the reserve asked of the everyday module holds in the full one that replaced it
  assert.ok(loader.wasm.memory.buffer.byteLength >= reserve, 'the reserve carried over');
  const fullBuild = process.env.SPRUNG_TEST_BUILD ?? 'simd'; // scalar under load-scalar.mjs
  assert.equal(loader.build, fullBuild);
  assert.equal(typeof loader.wasm.sp_critical_spring_damper_exact_batch, 'function');
  // the article's frame-rate dependent damper: lerp(x, g, damping·dt)
  assert.ok(Math.abs(full.damperBad(0, 1, 3, 1 / 60) - 3 / 60) < 1e-7);
  assert.equal(new full.DamperExactBatch(4).count, 4);
  const b = sample(full);
  assert.deepEqual(new Float32Array(a), new Float32Array(b));
  await small.init(); // the full module serves the subset: nothing to do
  assert.equal(loader.build, fullBuild);
});

test('the everyday module exports exactly the C functions its wrappers may call (gen/springs.ts)', async () => {
  const { readFileSync } = await import('node:fs');
  const declared = [
    ...readFileSync(new URL('../../web/src/gen/springs.ts', import.meta.url), 'utf8').matchAll(/'(sp_\w+)'/g),
  ].map((m) => m[1]);
  const module = new WebAssembly.Module(
    readFileSync(new URL('../../dist/sprung-springs.wasm', import.meta.url)),
  );
  const exported = WebAssembly.Module.exports(module)
    .map((e) => e.name)
    .filter((n) => n.startsWith('sp_'));
  assert.ok(declared.length >= 20, `${declared.length} functions declared`);
  assert.deepEqual(exported.sort(), declared.sort());
});

test('each module exports the memory, __heap_base and _initialize besides its sp_ functions, and nothing else', async () => {
  const { readFileSync } = await import('node:fs');
  for (const build of ['springs', 'simd', 'scalar']) {
    const bytes = readFileSync(new URL(`../../dist/sprung-${build}.wasm`, import.meta.url));
    const others = WebAssembly.Module.exports(new WebAssembly.Module(bytes))
      .map((e) => e.name)
      .filter((n) => !n.startsWith('sp_'));
    // emcc also exports stackSave, stackRestore, stackAlloc, __errno_location and the function
    // table, which the loader never calls: build.sh drops them (web/tools/wasm_module.mjs)
    assert.deepEqual(others.sort(), ['__heap_base', '_initialize', 'memory'], build);
  }
});
