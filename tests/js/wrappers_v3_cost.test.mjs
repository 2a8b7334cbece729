// wrappers_v3_cost.test.mjs — the vector cubic inertializer and the single-transition cost of
// the built package against formulas worked out here: the article's cubic
// a·τ³ + b·τ² + c·τ + d (d = x, c = v·z, b = −3d − 2c, a = 2d + c, τ = t/z) in double, and the
// spring's displacement by a fine midpoint quadrature of |e^(−yt)·(x + (v + x·y)·t)|.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';

await sprung.init();

/** The article's cubic offset and its velocity, t seconds after a transition with offset (x, v). */
function cubic(x, v, z, t) {
  const tau = Math.min(t / z, 1),
    d = x,
    c = v * z,
    b = -3 * d - 2 * c,
    a = 2 * d + c;
  return { x: ((a * tau + b) * tau + c) * tau + d, v: ((3 * a * tau + 2 * b) * tau + c) / z };
}
const near = (got, want, what) =>
  assert.ok(Math.abs(got - want) <= 2e-6 * Math.max(1, Math.abs(want)), `${what}: ${got} vs ${want}`);
const V = (x, y, z) => ({ x, y, z });

test("inertializeCubicTransitionV3 / UpdateV3 follow the article's cubic per component, through an interrupted blend", () => {
  const z = 0.4,
    off = V(0, 0, 0),
    offV = V(0, 0, 0),
    clock = { t: 0 };
  const src = V(1, -2, 0.5),
    srcV = V(3, 0, -1),
    dst = V(0.2, 0.1, -0.3),
    dstV = V(-1, 2, 0);
  sprung.inertializeCubicTransitionV3(off, offV, clock, src, srcV, dst, dstV, z);
  assert.equal(clock.t, 0);
  const out = V(0, 0, 0),
    outV = V(0, 0, 0),
    inp = V(5, 6, 7),
    inV = V(0.5, -0.5, 1);
  sprung.inertializeCubicUpdateV3(out, outV, clock, off, offV, inp, inV, z, 0.1);
  near(clock.t, 0.1, 'clock');
  const x0 = {},
    v0 = {};
  for (const k of ['x', 'y', 'z']) {
    x0[k] = src[k] - dst[k];
    v0[k] = srcV[k] - dstV[k];
    const c = cubic(x0[k], v0[k], z, 0.1);
    near(out[k], inp[k] + c.x, `out.${k}`);
    near(outV[k], inV[k] + c.v, `outV.${k}`);
  }
  // a second transition at t = 0.1: the offset still showing plus the new src − dst
  const src2 = V(-1, 0, 2),
    src2V = V(0, 1, 0),
    dst2 = V(0, 0, 0),
    dst2V = V(1, 1, 1);
  sprung.inertializeCubicTransitionV3(off, offV, clock, src2, src2V, dst2, dst2V, z);
  assert.equal(clock.t, 0);
  for (const k of ['x', 'y', 'z']) {
    const c = cubic(x0[k], v0[k], z, 0.1);
    near(off[k], c.x + src2[k] - dst2[k], `off.${k}`);
    near(offV[k], c.v + src2V[k] - dst2V[k], `offV.${k}`);
  }
  // after the blend time the output is the input exactly
  sprung.inertializeCubicUpdateV3(out, outV, clock, off, offV, inp, inV, z, z);
  for (const k of ['x', 'y', 'z']) {
    assert.equal(out[k], Math.fround(inp[k]));
    assert.equal(outV[k], Math.fround(inV[k]));
  }
  assert.throws(
    () => sprung.inertializeCubicUpdateV3(out, outV, { t: -1 }, off, offV, inp, inV, z, 0.1),
    /sprung\.inertializeCubicUpdateV3: clock\.t/,
  );
  assert.throws(
    () => sprung.inertializeCubicTransitionV3(off, offV, clock, src, { x: 1 }, dst, dstV, z),
    /sprung\.inertializeCubicTransitionV3: srcV\.y/,
  );
});

/** ∫0^∞ |e^(−yt)·(x + (v + x·y)·t)| dt by the midpoint rule over 40 time constants. */
function springDisplacement(x, v, halflife) {
  const y = (2 * Math.LN2) / halflife,
    T = 40 / y,
    n = 400000,
    h = T / n;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) * h;
    s += Math.abs(Math.exp(-y * t) * (x + (v + x * y) * t));
  }
  return s * h;
}

test('transitionCost: exact = quadrature of |offset|, approx = |2xy + v|/y², error = their difference, basic = |x| + w|v|', () => {
  const h = 0.15,
    y = (2 * Math.LN2) / h;
  for (const [x, v] of [
    [0.6, -6],
    [0.6, 2],
    [-0.3, 4],
    [1, 0],
    [0, 1],
  ]) {
    const exact = sprung.transitionCost(x, v, { halflife: h });
    // the midpoint rule on 400k steps is accurate to ~1e-9 here; float results to ~1e-6 relative
    near(exact, springDisplacement(x, v, h), `exact (${x}, ${v})`);
    const approx = sprung.transitionCost(x, v, { halflife: h, measure: 'approx' });
    near(approx, Math.abs(2 * x * y + v) / (y * y), `approx (${x}, ${v})`);
    near(
      sprung.transitionCost(x, v, { halflife: h, measure: 'error' }),
      exact - approx,
      `error (${x}, ${v})`,
    );
    near(
      sprung.transitionCost(x, v, { measure: 'basic', weight: 0.5 }),
      Math.abs(x) + 0.5 * Math.abs(v),
      `basic (${x}, ${v})`,
    );
  }
  assert.throws(
    () => sprung.transitionCost(1, 0, { measure: 'nope' }),
    /sprung\.transitionCost: options\.measure/,
  );
  assert.throws(() => sprung.transitionCost(NaN, 0), /sprung\.transitionCost: x/);
});
