// extrapolate.test.mjs — dead blending's extrapolation (numbers, 2D, 3D, rotations)
// against its closed form in double.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { near, LN2 } from './oracle.mjs';

await sp.init();

/** x + v·(1 − e^(−λt))/λ and v·e^(−λt), λ = ln2/h (h = Infinity: constant velocity). */
function coast(x, v, h, t) {
  if (h === Infinity) return { x: x + v * t, v };
  const l = LN2 / h,
    e = Math.exp(-l * t);
  return { x: x + (v * (1 - e)) / l, v: v * e };
}

test('extrapolate, extrapolateV2/V3: the velocity halves every halflife, the position is its integral', () => {
  for (const h of [0.1, 0.5, 3, Infinity])
    for (const t of [0.01, 0.4, 2]) {
      const s = sp.extrapolate({ x: 1, v: -4 }, h, t),
        o = coast(1, -4, h, t);
      assert.ok(
        near(s.x, o.x, 2e-6) && near(s.v, o.v, 2e-6),
        `h=${h} t=${t}: ${s.x}, ${s.v} vs ${o.x}, ${o.v}`,
      );
      const p = { x: 1, y: 2, z: -3 },
        v = { x: 5, y: 0, z: -1 };
      const p0 = { ...p },
        v0 = { ...v };
      assert.equal(sp.extrapolateV3(p, v, h, t), p);
      for (const k of ['x', 'y', 'z']) {
        const c = coast(p0[k], v0[k], h, t);
        assert.ok(near(p[k], c.x, 2e-6) && near(v[k], c.v, 2e-6), `v3 ${k}`);
      }
      const q = { x: 1, y: 2 },
        w = { x: 5, y: 0 };
      sp.extrapolateV2(q, w, h, t);
      assert.ok(near(q.x, coast(1, 5, h, t).x, 2e-6) && q.y === 2 && w.y === 0);
    }
  // halflife 0 stops at once; dt 0 changes nothing; the total distance is v·h/ln2
  assert.deepEqual({ ...sp.extrapolate({ x: 1, v: 3 }, 0, 0.1) }, { x: 1, v: 0 });
  assert.deepEqual({ ...sp.extrapolate({ x: 1, v: 3 }, 0.2, 0) }, { x: 1, v: 3 });
  assert.ok(near(sp.extrapolate({ x: 0, v: 3 }, 0.2, 1e4).x, (3 * 0.2) / LN2, 1e-6));
});

test('extrapolate is dt-invariant', () => {
  const a = { x: 1, v: 2 },
    b = { x: 1, v: 2 };
  for (let i = 0; i < 100; i++) sp.extrapolate(a, 0.3, 0.01);
  sp.extrapolate(b, 0.3, 1);
  assert.ok(near(a.x, b.x, 1e-5) && near(a.v, b.v, 1e-5));
});

const mul = (a, b) => ({
  x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
  y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
  z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
});

test('extrapolateQuat turns about the angular velocity’s axis by its decayed integral', () => {
  const q0 = { x: 0.1, y: -0.3, z: 0.2, w: 0.9 },
    n = Math.hypot(q0.x, q0.y, q0.z, q0.w);
  for (const k of ['x', 'y', 'z', 'w']) q0[k] /= n;
  const w0 = { x: 0.5, y: 2, z: -1 },
    len = Math.hypot(w0.x, w0.y, w0.z);
  for (const [h, t] of [
    [0.3, 0.2],
    [1, 1.5],
    [Infinity, 0.7],
  ]) {
    const q = { ...q0 },
      w = { ...w0 };
    assert.equal(sp.extrapolateQuat(q, w, h, t), q);
    const angle = coast(0, len, h, t).x,
      s = Math.sin(angle / 2) / len;
    const want = mul({ x: w0.x * s, y: w0.y * s, z: w0.z * s, w: Math.cos(angle / 2) }, q0);
    for (const k of ['x', 'y', 'z', 'w'])
      assert.ok(near(q[k], want[k], 3e-6), `h=${h} ${k}: ${q[k]} vs ${want[k]}`);
    const decay = coast(0, 1, h, t).v;
    for (const k of ['x', 'y', 'z']) assert.ok(near(w[k], w0[k] * decay, 2e-6));
  }
});

test('extrapolate refuses bad input naming the argument', () => {
  assert.throws(() => sp.extrapolate({ x: 0, v: 0 }, NaN, 0.1), /extrapolate: halflife/);
});
