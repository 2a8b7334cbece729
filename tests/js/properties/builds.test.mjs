// builds.test.mjs — the SIMD and the scalar WASM builds: init() loads the embedded SIMD
// build; load-scalar.mjs makes it load the scalar file instead; both give the same bits for
// the same batch updates, and for the rotation kernels: the quaternion spring batches
// (vectorised fast step with per-element fallback; counts that cross the 64-rotation chunks,
// extreme elements that fall back), the spring and cubic pose inertializers and the
// many-character trajectory prediction. (Both pass every node test: build.sh's test_js runs them all again
// under load-scalar.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '../../../dist');

/** `node --import` of this loads the scalar build before the tests run. */
const scalarPreload = ['--import', join(here, '../load-scalar.mjs')];

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

test('SIMD and scalar builds give the same bits for the rotation kernels', () => {
  const code = `
    import * as s from './index.js';
    await s.init();
    let seed = 11;
    const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32 * 4 - 2; };
    const hex = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');
    const unit = (a, r) => { const l = Math.hypot(a[r], a[r + 1], a[r + 2], a[r + 3]); for (let c = 0; c < 4; c++) a[r + c] /= l; };
    const out = [];
    for (const per of [false, true]) for (const n of [1, 7, 64, 150]) for (const C of [s.SimpleSpringDamperExactQuatBatch, s.DecaySpringDamperExactQuatBatch]) {
      const b = new C(n, { perElementHalflife: per });
      for (const k of ['x', 'v', 'goal']) if (b[k]) b[k].forEach((_, j, a) => (a[j] = rnd()));
      for (let i = 0; i < n; i++) { unit(b.x, 4 * i); if (b.goal) unit(b.goal, 4 * i); }
      b.halflife.forEach((_, j, a) => (a[j] = Math.abs(rnd()) * (j % 5 === 3 ? 0 : 1)));
      if (n > 5) { b.v[3 * 5] = 1e6; b.x[4 * 3 + 1] = NaN; }   // a huge angle and a NaN: the fallback path
      for (let t = 0; t < 3; t++) b.update(1 / 60);
      out.push(hex(b.x), hex(b.v));
      b.dispose();
    }
    const B = 70, L = 13 * B, pose = () => { const p = new Float32Array(L).map(rnd); for (let r = 6 * B; r < 10 * B; r += 4) unit(p, r); return p; };
    for (const P of [s.PoseInertializer, s.CubicPoseInertializer]) {
      const inert = new P(B), a = pose(), b = pose();
      inert.transition(a, b);
      inert.offset[6 * B + 4 * 5] = 3e20; inert.offset[10 * B + 3 * 9 + 1] = 2e5;  // the careful paths
      for (let t = 0; t < 3; t++) out.push(hex(inert.update(b, 1 / 30)));
      inert.dispose();
    }
    const tb = new s.TrajectoryBatch(9, 5);
    tb.state.forEach((_, j, a) => (a[j] = rnd())); tb.goal.forEach((_, j, a) => (a[j] = rnd()));
    for (let c = 0; c < 9; c++) { unit(tb.state, 16 * c + 9); unit(tb.goal, 7 * c + 3); }
    out.push(hex(tb.predict(0.2, 0.3, 0.1).prediction));
    tb.dispose();
    console.log(out.join(' '));`;
  const simd = runWith('simd', code),
    scalar = runWith('scalar', code);
  assert.ok(simd.length > 10000);
  assert.equal(simd, scalar);
});
