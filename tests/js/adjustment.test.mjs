// adjustment.test.mjs — the rotation adjustments of "Code vs Data Driven Displacement" are exact
// slerps (issue 22): the article's approximate slerp was off by up to 3.3e-4 rad per call, so that
// an adjustment of 2·dt and two of dt differed by 4e-4 rad. The oracle: the quaternion log and exp
// in double, worked out here (the angle α of g's, about g's axis, on the shortest arc).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

await sp.init();

/** Angle between unit quaternions, in double: 2·atan2(|xyz|, |w|) of q·p⁻¹. */
function angleBetween(q, p) {
  const w = q.w * p.w + q.x * p.x + q.y * p.y + q.z * p.z,
    x = -q.w * p.x + q.x * p.w - q.y * p.z + q.z * p.y,
    y = -q.w * p.y + q.x * p.z + q.y * p.w - q.z * p.x,
    z = -q.w * p.z - q.x * p.y + q.y * p.x + q.z * p.w;
  return 2 * Math.atan2(Math.hypot(x, y, z), Math.abs(w));
}

let seed = 11;
const rnd = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
function rndQuat() {
  const q = { x: rnd(), y: rnd(), z: rnd(), w: rnd() },
    n = Math.hypot(q.x, q.y, q.z, q.w);
  return {
    x: Math.fround(q.x / n),
    y: Math.fround(q.y / n),
    z: Math.fround(q.z / n),
    w: Math.fround(q.w / n),
  };
}

test('dampAdjustmentExactQuat is the exact slerp from the identity by α = 1 − 2^(−dt/h)', () => {
  let worst = 0;
  for (let i = 0; i < 200; i++) {
    const g = rndQuat(),
      h = Math.fround(rnd() + 1.5),
      dt = Math.fround(0.3 * (rnd() + 1));
    const s = g.w < 0 ? -1 : 1,
      l = Math.hypot(g.x, g.y, g.z),
      angle = 2 * Math.atan2(l, s * g.w),
      alpha = -Math.expm1((-Math.LN2 * dt) / h),
      half = (alpha * angle) / 2;
    const want = {
      x: ((s * g.x) / l) * Math.sin(half),
      y: ((s * g.y) / l) * Math.sin(half),
      z: ((s * g.z) / l) * Math.sin(half),
      w: Math.cos(half),
    };
    worst = Math.max(worst, angleBetween(sp.dampAdjustmentExactQuat(g, h, dt), want));
  }
  assert.ok(worst <= 1e-6, `within ${worst} rad`);
});

test('adjustCharacterRotation: adjusting by 2·dt equals adjusting twice by dt', () => {
  let worst = 0;
  for (let i = 0; i < 200; i++) {
    const c = rndQuat(),
      s = rndQuat(),
      h = Math.fround(rnd() + 1.5),
      dt = Math.fround(0.15 * (rnd() + 1));
    const once = sp.adjustCharacterRotation(c, s, h, 2 * dt),
      twice = sp.adjustCharacterRotation(sp.adjustCharacterRotation(c, s, h, dt), s, h, dt);
    worst = Math.max(worst, angleBetween(once, twice));
  }
  assert.ok(worst <= 2e-6, `within ${worst} rad`);
});

test('quatSlerpShortestApprox far beyond its arc: a unit rotation, the limit of its direction (issue 33, item 19)', () => {
  // t ≈ A·alpha⁵ overflows (alpha 1e30 gave NaN): the direction of ±(p − q), or q where p is q
  const q = { x: 0, y: 0, z: 0, w: 1 },
    p = { x: 0, y: 0.6, z: 0, w: 0.8 },
    n = Math.hypot(0.6, 0.2);
  for (const alpha of [1e4, 1e10, 1e30, -1e30, 3.4e38]) {
    const r = sp.quatSlerpShortestApprox(q, p, alpha),
      s = Math.sign(alpha);
    assert.ok(
      Math.abs(r.y - (s * 0.6) / n) < 1e-6 && Math.abs(r.w + (s * 0.2) / n) < 1e-6,
      `alpha ${alpha}: ${JSON.stringify(r)}`,
    );
    const same = sp.quatSlerpShortestApprox(p, p, alpha);
    assert.ok(
      Math.abs(same.y - 0.6) < 1e-7 && Math.abs(same.w - 0.8) < 1e-7,
      `alpha ${alpha} from p to p: ${JSON.stringify(same)}`,
    );
  }
});
