// batch_builds.test.mjs — the SIMD and the scalar WASM builds: init() loads the embedded SIMD
// build; load-scalar.mjs makes it load the scalar file instead; both give the same bits for
// the same batch updates. (Both pass every node test: build.sh's test_js runs them all again
// under load-scalar.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '../../dist');

/** `node --import` of this loads the scalar build before the tests run. */
const scalarPreload = ['--import', join(here, 'load-scalar.mjs')];

/** Runs `code` (an ES module) in a fresh Node on the given build; returns its stdout. */
function runWith(build, code) {
  return execFileSync(
    process.execPath,
    [...(build === 'scalar' ? scalarPreload : []), '--input-type=module', '-e', code],
    { encoding: 'utf8', cwd: dist },
  );
}

test('init() loads the embedded SIMD build, or the scalar one under load-scalar.mjs', () => {
  const probe = `import { init } from './index.js'; import * as w from './wasm.js'; await init(); console.log(w.build);`;
  assert.equal(runWith('simd', probe).trim(), 'simd');
  assert.equal(runWith('scalar', probe).trim(), 'scalar');
});

test('SIMD and scalar builds give the same bits for every batch kernel', () => {
  // Mixed counts (not multiples of 4), dims, both halflife modes, snaps (halflife 0) and a NaN.
  const code = `
    import * as s from './index.js';
    await s.init();
    let seed = 3;
    const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32 * 4 - 2; };
    const out = [];
    for (const per of [false, true]) for (const [n, dim] of [[1, 1], [7, 3], [1023, 1], [130, 2]]) {
      for (const C of [s.CriticalSpringDamperExactBatch, s.SimpleSpringDamperExactBatch, s.DecaySpringDamperExactBatch,
                       s.DamperExactBatch, s.SpringDamperExactBatch]) {
        const b = new C(n, { dim, perElementHalflife: per });
        for (const k of ['x', 'v', 'goal', 'goalVelocity', 'frequency']) if (b[k]) b[k].forEach((_, j, a) => (a[j] = rnd()));
        b.halflife.forEach((_, j, a) => (a[j] = Math.abs(rnd()) * (j % 5 === 3 ? 0 : 1)));
        if (b.frequency) b.frequency.forEach((_, j, a) => (a[j] = Math.abs(a[j]) * 3));
        if (b.goal && n > 5) b.goal[5] = NaN;
        for (let t = 0; t < 3; t++) b.update(1 / 60);
        for (const k of ['x', 'v']) if (b[k]) out.push(Buffer.from(b[k].buffer, b[k].byteOffset, b[k].byteLength).toString('hex'));
        b.dispose();
      }
    }
    console.log(out.join(' '));`;
  const simd = runWith('simd', code),
    scalar = runWith('scalar', code);
  assert.ok(simd.length > 1000);
  assert.equal(simd, scalar);
});
