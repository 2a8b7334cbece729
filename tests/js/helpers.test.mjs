// helpers.test.mjs — the fast approximations against Math.exp/Math.atan, resonantFrequency
// against the resonance of the driven spring worked out here, and the exact springs of
// the built package against RK4 with dt-invariance and edge values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { springOde, near } from './oracle.mjs';

await sp.init();

test('fastNegexp and fastAtan stay within their documented error bounds', () => {
  let e = 0,
    a = 0;
  for (let x = 0; x < 50; x += 1e-3) e = Math.max(e, Math.abs(sp.fastNegexp(x) - Math.exp(-x)));
  for (let x = -200; x < 200; x += 1e-3) a = Math.max(a, Math.abs(sp.fastAtan(x) - Math.atan(x)));
  assert.ok(e < 0.019, `fastNegexp max error ${e}`);
  assert.ok(a < 1.6e-3, `fastAtan max error ${a}`);
});

// A spring driven through its goal g = sin(Ωt) settles to amplitude s/√((s − Ω²)² + d²Ω²)
// (the transfer function of x'' + d·x' + s·x = s·g). Its peak over Ω, found here by a
// golden-section search on that formula, is the spring's resonant frequency.
test('resonantFrequency: the tuned spring’s amplitude peaks at the goal frequency', () => {
  for (const f of [0.5, 2, 5]) {
    for (const h of [2, 0.3, 0.1]) {
      const s = (2 * Math.PI * sp.resonantFrequency(f, h)) ** 2,
        d = (4 * Math.LN2) / h;
      const amp = (W) => s / Math.hypot(s - W * W, d * W);
      let lo = 0.01,
        hi = 4 * 2 * Math.PI * f;
      for (let i = 0; i < 200; i++) {
        const m1 = lo + (hi - lo) / 3,
          m2 = hi - (hi - lo) / 3;
        if (amp(m1) < amp(m2)) lo = m1;
        else hi = m2;
      }
      assert.ok(
        near((lo + hi) / 2 / (2 * Math.PI * f), 1, 1e-4),
        `f=${f} h=${h}: peak at ${(lo + hi) / 2 / (2 * Math.PI)} Hz`,
      );
    }
  }
});

test('the exact springs agree with RK4 in every regime and are dt-invariant', () => {
  const d = (4 * Math.LN2) / 0.2;
  for (const f of [0.5, sp.criticalFrequency(0.2), 6]) {
    const s = (2 * Math.PI * f) ** 2;
    for (const T of [1 / 60, 0.3, 1.2]) {
      const want = springOde(s, d, 2, 0.5, -1, 3, T);
      const got = sp.springDamperExact({ x: -1, v: 3 }, 2, 0.5, f, 0.2, T);
      assert.ok(near(got.x, want.x, 2e-5) && near(got.v, want.v, 2e-5 * (1 + Math.sqrt(s))), `f=${f} T=${T}`);
    }
  }
  const y = d / 2;
  const want = springOde(y * y, d, 2, 0.5, -1, 3, 0.3);
  const crit = sp.criticalSpringDamperExact({ x: -1, v: 3 }, 2, 0.5, 0.2, 0.3);
  assert.ok(near(crit.x, want.x, 2e-5) && near(crit.v, want.v, 2e-5 * (1 + y)));
  const ratio = sp.springDamperExactRatio({ x: -1, v: 3 }, 2, 0.5, 0.3, 0.2, 0.3);
  const wantR = springOde((d / 0.6) ** 2, d, 2, 0.5, -1, 3, 0.3);
  assert.ok(near(ratio.x, wantR.x, 2e-5) && near(ratio.v, wantR.v, 2e-5 * (1 + d / 0.6)));
  for (const dt of [1 / 60, 0.25]) {
    const one = sp.springDamperExact({ x: -1, v: 3 }, 2, 0.5, 3, 0.2, 2 * dt);
    const two = sp.springDamperExact(
      sp.springDamperExact({ x: -1, v: 3 }, 2, 0.5, 3, 0.2, dt),
      2,
      0.5,
      3,
      0.2,
      dt,
    );
    assert.ok(near(one.x, two.x, 2e-6) && near(one.v, two.v, 2e-5), `dt=${dt}`);
    const a = sp.decaySpringDamperExact({ x: -1, v: 3 }, 0.2, 2 * dt);
    const b = sp.decaySpringDamperExact(sp.decaySpringDamperExact({ x: -1, v: 3 }, 0.2, dt), 0.2, dt);
    assert.ok(near(a.x, b.x, 2e-6) && near(a.v, b.v, 2e-5), `decay dt=${dt}`);
    assert.ok(
      near(
        sp.damperExact(sp.damperExact(5, 1, 0.2, dt), 1, 0.2, dt),
        sp.damperExact(5, 1, 0.2, 2 * dt),
        2e-6,
      ),
    );
  }
  assert.deepEqual(sp.springDamperExact({ x: -1, v: 3 }, 2, 0, 3, 0, 0.1), { x: 2, v: 0 });
  assert.deepEqual(sp.springDamperExact({ x: -1, v: 3 }, 2, 0, 3, 0.2, 0), { x: -1, v: 3 });
  const big = sp.springDamperExactStiffness({ x: -1, v: 3 }, 2, 0, 1e6, 10, 10);
  assert.ok(Number.isFinite(big.x) && Math.abs(big.x - 2) < 1e-6, 'stiffness 1e6, dt = 10 s');
  assert.deepEqual(sp.simpleSpringDamperExact({ x: -1, v: 3 }, 2, 1e-4, 10), { x: 2, v: 0 });
});

test('frequencyToStiffness and springEnergy refuse a negative frequency, naming it (issue 33, item 19)', () => {
  for (const f of [-1, -1e-30])
    for (const [name, call] of [
      ['frequencyToStiffness', () => sp.frequencyToStiffness(f)],
      ['springEnergy', () => sp.springEnergy(1, 0, f)],
    ])
      assert.throws(call, {
        name: 'RangeError',
        message: `sprung.${name}: frequency must be a finite number ≥ 0, got ${f}`,
      });
});
