// applications.test.mjs — the character spring, trajectory prediction and piecewise
// interpolation of the built package against RK4, Simpson's rule and definitions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { rk4, near } from './oracle.mjs';

await sp.init();

// Float32 state of magnitude ~10 after a few dozen float operations: 2e-6 relative.
const TOL = 2e-6;

test('springCharacterUpdate matches RK4 on x′ = v, v′ = a, a′ = y²(vGoal − v) − 2y·a', () => {
  for (const h of [1000, 2, 0.3, 0.05]) {
    for (const T of [1 / 60, 0.4, 3]) {
      const y = (2 * Math.LN2) / h;
      const want = rk4((_t, s) => [s[1], s[2], y * y * (3 - s[1]) - 2 * y * s[2]], [1, -2, 5], 0, T, 20000);
      const s = sp.springCharacterUpdate({ x: 1, v: -2, a: 5 }, 3, h, T);
      assert.ok(near(s.x, want[0], TOL), `x h=${h} T=${T}: ${s.x} vs ${want[0]}`);
      assert.ok(near(s.v, want[1], TOL), `v h=${h} T=${T}: ${s.v} vs ${want[1]}`);
      assert.ok(near(s.a, want[2], TOL * (1 + y)), `a h=${h} T=${T}: ${s.a} vs ${want[2]}`);
    }
  }
});

test('springCharacterUpdate is dt-invariant, dt = 0 keeps, halflife = 0 snaps the velocity', () => {
  for (const dt of [1 / 60, 0.1, 0.5]) {
    const one = sp.springCharacterUpdate({ x: 1, v: -2, a: 5 }, 3, 0.4, 2 * dt);
    const two = sp.springCharacterUpdate(
      sp.springCharacterUpdate({ x: 1, v: -2, a: 5 }, 3, 0.4, dt),
      3,
      0.4,
      dt,
    );
    for (const k of ['x', 'v', 'a']) assert.ok(near(one[k], two[k], TOL), `${k} dt=${dt}`);
  }
  assert.deepEqual(sp.springCharacterUpdate({ x: 1, v: -2, a: 5 }, 3, 0.4, 0), { x: 1, v: -2, a: 5 });
  assert.deepEqual(sp.springCharacterUpdate({ x: 1, v: -2, a: 5 }, 3, 0, 0.5), { x: 2.5, v: 3, a: 0 });
});

test('springCharacterPredict equals stepping springCharacterUpdate frame by frame', () => {
  const n = 90,
    dt = 1 / 60;
  const px = new Float32Array(n),
    pv = new Float32Array(n),
    pa = new Float32Array(n);
  const state = { x: 1, v: -2, a: 5 };
  sp.springCharacterPredict(px, pv, pa, state, 3, 0.3, dt);
  assert.deepEqual(state, { x: 1, v: -2, a: 5 }, 'state is not modified');
  const s = { x: 1, v: -2, a: 5 };
  for (let i = 0; i < n; i++) {
    // stepping rounds the state to float i times: 1e-5 relative after 90 frames
    assert.ok(near(px[i], s.x, 1e-5) && near(pv[i], s.v, 1e-5) && near(pa[i], s.a, 1e-5), `frame ${i}`);
    sp.springCharacterUpdate(s, 3, 0.3, dt);
  }
});

test('the predicted position is the integral of the predicted velocity (Simpson)', () => {
  const n = 2001,
    dt = 1e-3;
  const px = new Float32Array(n),
    pv = new Float32Array(n),
    pa = new Float32Array(n);
  sp.springCharacterPredict(px, pv, pa, { x: 1, v: -2, a: 5 }, 3, 0.3, dt);
  let integral = 0;
  for (let i = 0; i + 2 < n; i += 2) {
    integral += (dt / 3) * (pv[i] + 4 * pv[i + 1] + pv[i + 2]);
    // Simpson's error ~1e-12 here; the float samples add ~1e-6
    if ((i + 2) % 400 === 0) assert.ok(near(px[i + 2], 1 + integral, 5e-6), `t=${(i + 2) * dt}`);
  }
});

test('springCharacterPredict: count, growth of its buffer, and views after memory growth', () => {
  const small = [new Float32Array(4), new Float32Array(4), new Float32Array(4)];
  sp.springCharacterPredict(small[0], small[1], small[2], { x: 0, v: 0, a: 0 }, 1, 0.2, 0.1, 2);
  assert.equal(small[0][2], 0, 'only count elements are written');
  const big = 1 << 20; // 12 MB of WASM buffer: grows the memory
  const a = new Float32Array(big),
    b = new Float32Array(big),
    c = new Float32Array(big);
  sp.springCharacterPredict(a, b, c, { x: 0, v: 0, a: 0 }, 1, 0.2, 1e-3);
  const want = sp.springCharacterUpdate({ x: 0, v: 0, a: 0 }, 1, 0.2, (big - 1) * 1e-3);
  assert.ok(near(a[big - 1], want.x, 1e-6));
  sp.springCharacterPredict(small[0], small[1], small[2], { x: 0, v: 0, a: 0 }, 1, 0.2, 0.1);
  assert.ok(near(small[1][3], sp.springCharacterUpdate({ x: 0, v: 0, a: 0 }, 1, 0.2, 0.3).v, 1e-6));
});

test('piecewiseInterpolation: lerp between neighbours, slope dx/dt, arrays of either kind', () => {
  const pts = [0, 2, 1, 5];
  for (const t of [0, 0.1, 0.4, 0.5, 0.9, 1]) {
    const u = t * 3,
      i0 = Math.min(Math.floor(u), 2);
    const want = pts[i0] + (u - i0) * (pts[i0 + 1] - pts[i0]);
    const a = sp.piecewiseInterpolation(t, pts);
    const b = sp.piecewiseInterpolation(t, new Float32Array(pts), { x: 0, v: 0 });
    assert.ok(near(a.x, want, 1e-6) && near(b.x, want, 1e-6), `x at t=${t}`);
    assert.equal(a.v, b.v);
    if (Math.abs(u - Math.round(u)) > 0.1) {
      const dx =
        (sp.piecewiseInterpolation(t + 1e-3, pts).x - sp.piecewiseInterpolation(t - 1e-3, pts).x) / 2e-3;
      assert.ok(near(a.v, dx, 1e-3), `v at t=${t}: ${a.v} vs ${dx}`); // float x over a 2e-3 step
    }
  }
  assert.deepEqual(sp.piecewiseInterpolation(0.7, [4]), { x: 4, v: 0 });
});
