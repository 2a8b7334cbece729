// inertialize.test.mjs — the built inertializers (dist/) against closed forms written here and
// continuity of the output across transitions (finite differences).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';
import { near as within } from './oracle.mjs';

await sprung.init();

const near = (got, want, tol, what) =>
  assert.ok(Math.abs(got - want) <= tol, `${what}: got ${got}, want ${want} (tol ${tol})`);

test('spring inertializer: the offset is the critical spring e^(−yt)·(x + (v + x·y)·t)', () => {
  const off = { x: 0, v: 0 },
    out = { x: 0, v: 0 };
  sprung.inertializeTransition(off, 1, 2, 0.25, -1); // offset (0.75, 3)
  const h = 0.2,
    dt = 0.13,
    y = (2 * Math.LN2) / h,
    e = Math.exp(-y * dt);
  sprung.inertializeUpdate(out, off, 0.5, 0.1, h, dt);
  const j = 3 + 0.75 * y;
  // float: ~1e-7 relative to terms of size ≤ 3·(1 + y·dt)
  near(off.x, e * (0.75 + j * dt), 1e-6, 'offset x');
  near(off.v, e * (3 - j * y * dt), 1e-5, 'offset v');
  near(out.x, 0.5 + off.x, 1e-7, 'out x');
  near(out.v, 0.1 + off.v, 1e-6, 'out v');
});

/** Runs an inertializer over two sine streams, switching at frame K; returns positions. */
function run(kind, dt, K, frames) {
  const src = (t) => [1.3 * Math.sin(2 * t), 2.6 * Math.cos(2 * t)];
  const dst = (t) => [Math.cos(3 * t) + 0.5, -3 * Math.sin(3 * t)];
  const xs = [],
    vs = [],
    out = { x: 0, v: 0 };
  const off = kind === 'dead' ? { x: 0, v: 0, t: Infinity } : { x: 0, v: 0, t: 0 };
  for (let k = 0; k < frames; k++) {
    const t = k * dt,
      step = k === 0 ? 0 : dt;
    const [sx, sv] = src(t),
      [dx, dv] = dst(t);
    const [ix, iv] = k >= K ? [dx, dv] : [sx, sv];
    if (k === K) {
      // advance to this frame on the source, then switch and output the destination with dt = 0
      if (kind === 'spring') {
        sprung.inertializeUpdate(out, off, sx, sv, 0.1, step);
        sprung.inertializeTransition(off, sx, sv, dx, dv);
        sprung.inertializeUpdate(out, off, dx, dv, 0.1, 0);
      }
      if (kind === 'cubic') {
        sprung.inertializeCubicUpdate(out, off, sx, sv, 0.3, step);
        sprung.inertializeCubicTransition(off, sx, sv, dx, dv, 0.3);
        sprung.inertializeCubicUpdate(out, off, dx, dv, 0.3, 0);
      }
      if (kind === 'quintic') {
        sprung.inertializeQuinticUpdate(out, off, sx, sv, 0.3, step);
        sprung.inertializeQuinticTransition(off, sx, sv, dx, dv, 0.3);
        sprung.inertializeQuinticUpdate(out, off, dx, dv, 0.3, 0);
      }
      if (kind === 'dead') {
        sprung.deadBlendingUpdate(out, off, sx, sv, 0.1, 0.3, step);
        sprung.deadBlendingTransition(off, sx, sv, 0.1, 0.3);
        sprung.deadBlendingUpdate(out, off, dx, dv, 0.1, 0.3, 0);
      }
    } else {
      if (kind === 'spring') sprung.inertializeUpdate(out, off, ix, iv, 0.1, step);
      if (kind === 'cubic') sprung.inertializeCubicUpdate(out, off, ix, iv, 0.3, step);
      if (kind === 'quintic') sprung.inertializeQuinticUpdate(out, off, ix, iv, 0.3, step);
      if (kind === 'dead') sprung.deadBlendingUpdate(out, off, ix, iv, 0.1, 0.3, step);
    }
    xs.push(out.x);
    vs.push(out.v);
  }
  return { xs, vs, last: dst((frames - 1) * dt)[0] };
}

for (const kind of ['spring', 'cubic', 'quintic', 'dead']) {
  test(`${kind}: output continuous in position and velocity across a transition, converging to the input`, () => {
    // finite-difference slopes left and right of the switch: for a C¹ output their jump is
    // O(dt), so it shrinks tenfold with dt; a velocity discontinuity would stay O(1).
    const jump = (dt) => {
      const K = Math.round(0.3 / dt),
        { xs } = run(kind, dt, K, K + 3);
      return Math.abs((xs[K + 1] - xs[K]) / dt - (xs[K] - xs[K - 1]) / dt);
    };
    const j1 = jump(1e-2),
      j2 = jump(1e-3);
    // float noise in the slopes is ≤ 4·6e-8·3/dt ≈ 7e-4 at dt = 1e-3
    assert.ok(j2 <= 0.2 * j1 + 1e-3, `slope jump ${j1} at dt=1e-2, ${j2} at dt=1e-3`);
    const { xs, last } = run(kind, 1e-3, 300, 2300);
    // 2 s after the switch: spring offset ≤ 2^−20·(1 + y·t)·|offset|, the others exactly the input
    near(xs[xs.length - 1], last, kind === 'spring' ? 1e-4 : 1e-6, 'converged');
  });
}

test('quintic: zero at the blend time, never overshooting, shortened when moving toward zero', () => {
  const o = { x: 0, v: 0, a: 0 };
  let overshoot = 0;
  for (let i = 0; i < 2000; i++) {
    const x = (Math.random() - 0.5) * 10,
      v = (Math.random() - 0.5) * 400,
      z = 0.05 + Math.random();
    const t1 = sprung.quinticBlendtime(x, v, z);
    for (let s = 0; s <= 200; s++)
      if (sprung.decayQuintic(x, v, z, (t1 * s) / 200) * Math.sign(x) < 0) overshoot++;
    sprung.decayedOffsetQuintic(o, x, v, z, t1);
    assert.deepEqual([o.x, o.v, o.a], [0, 0, 0]);
  }
  assert.equal(overshoot, 0);
  near(sprung.quinticBlendtime(1, -50, 0.5), 0.1, 1e-7, '−5x/v');
});

test("cubic: the article's polynomial a τ³ + b τ² + c τ + d", () => {
  const x = 0.7,
    v = -4,
    z = 0.4,
    t = 0.1,
    tau = t / z;
  const d = x,
    c = v * z,
    b = -3 * d - 2 * c,
    a = 2 * d + c;
  near(sprung.decayCubic(x, v, z, t), ((a * tau + b) * tau + c) * tau + d, 1e-6, 'decay_cubic');
  const o = sprung.decayedOffsetCubic({ x: 0, v: 0 }, x, v, z, t);
  near(o.v, (3 * a * tau * tau + 2 * b * tau + c) / z, 1e-5, 'velocity');
  assert.equal(sprung.decayCubic(x, v, 0, 0), 0); // blendtime 0: gone
});

test('vec3 and quaternion inertializers keep the output across the switch', () => {
  const offX = { x: 0, y: 0, z: 0 },
    offV = { x: 0, y: 0, z: 0 };
  const outX = { x: 0, y: 0, z: 0 },
    outV = { x: 0, y: 0, z: 0 };
  sprung.inertializeTransitionV3(
    offX,
    offV,
    { x: 1, y: 2, z: 3 },
    { x: -1, y: 0, z: 1 },
    { x: 0, y: 0, z: 1 },
    { x: 2, y: 2, z: 2 },
  );
  sprung.inertializeUpdateV3(outX, outV, offX, offV, { x: 0, y: 0, z: 1 }, { x: 2, y: 2, z: 2 }, 0.1, 0);
  assert.deepEqual([outX.x, outX.y, outX.z, outV.x, outV.y, outV.z], [1, 2, 3, -1, 0, 1]);
  const s = Math.SQRT1_2;
  const q = { x: 0, y: 0, z: 0, w: 1 },
    qv = { x: 0, y: 0, z: 0 };
  const src = { x: 0, y: 0, z: s, w: s },
    dst = { x: s, y: 0, z: 0, w: s };
  const oq = { x: 0, y: 0, z: 0, w: 1 },
    ov = { x: 0, y: 0, z: 0 };
  sprung.inertializeTransitionQuat(q, qv, src, { x: 0, y: 0, z: 1 }, dst, { x: 1, y: 0, z: 0 });
  sprung.inertializeUpdateQuat(oq, ov, q, qv, dst, { x: 1, y: 0, z: 0 }, 0.1, 0);
  const dot = Math.abs(oq.x * src.x + oq.y * src.y + oq.z * src.z + oq.w * src.w);
  near(dot, 1, 1e-6, 'rotation kept');
  near(ov.x, 0, 1e-6, 'ωx');
  near(ov.y, 0, 1e-6, 'ωy');
  near(ov.z, 1, 1e-6, 'ωz');
});

test('bad input throws naming the function and argument', () => {
  assert.throws(
    () => sprung.inertializeUpdate({ x: 0, v: 0 }, { x: 0, v: 0 }, 0, 0, -1, 0.1),
    /sprung\.inertializeUpdate: halflife/,
  );
  assert.throws(
    () => sprung.inertializeCubicUpdate({ x: 0, v: 0 }, { x: 0, v: 0 }, 0, 0, 0.3, 0.1),
    /offset\.t/,
  );
  assert.throws(
    () => sprung.deadBlendingUpdate({ x: 0, v: 0 }, { x: 0, v: 0, t: -1 }, 0, 0, 0.1, 0.3, 0.1),
    /state\.t/,
  );
});

test("dead blending with no decay (halflife Infinity): the article's extrapolation, cross-faded", () => {
  // sx = ext_x + ext_v·t, α = smoothstep(t/blendtime); velocity (1 − α)·ext_v + α·in_v + α'·(in_x − sx)
  for (const t of [0, 0.1, 0.37, 0.6]) {
    const out = sprung.deadBlendingEvaluate({ x: 0, v: 0 }, { x: 1.5, v: -4, t }, 0.25, 2, Infinity, 0.5);
    const tau = Math.min(t / 0.5, 1),
      a = tau * tau * (3 - 2 * tau),
      sx = 1.5 - 4 * Math.fround(t);
    const wx = t < 0.5 ? (1 - a) * sx + a * 0.25 : 0.25,
      wv = t < 0.5 ? (1 - a) * -4 + a * 2 + ((6 * tau * (1 - tau)) / 0.5) * (0.25 - sx) : 2;
    assert.ok(within(out.x, wx, 1e-6) && within(out.v, wv, 1e-6), `t = ${t}: ${out.x}, ${out.v}`);
  }
  const state = { x: 1.5, v: -4, t: 0.1 },
    out = sprung.deadBlendingUpdate({ x: 0, v: 0 }, state, 0.25, 2, Infinity, 0.5, 0.1);
  assert.ok(within(state.t, 0.2, 1e-7) && within(out.x, (1 - 0.352) * (1.5 - 0.8) + 0.352 * 0.25, 1e-6));
  sprung.deadBlendingTransition(state, 0.25, 2, Infinity, 0.5); // admitted
  assert.throws(() => sprung.deadBlendingUpdate({ x: 0, v: 0 }, state, 0, 0, -1, 0.5, 0.1), /halflife/);
});

/** The article's cubic offset and its velocity, t seconds after a transition with offset (x, v). */
function cubic(x, v, z, t) {
  const tau = Math.min(t / z, 1),
    d = x,
    c = v * z,
    b = -3 * d - 2 * c,
    a = 2 * d + c;
  return { x: ((a * tau + b) * tau + c) * tau + d, v: ((3 * a * tau + 2 * b) * tau + c) / z };
}
const nearCubic = (got, want, what) =>
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
  nearCubic(clock.t, 0.1, 'clock');
  const x0 = {},
    v0 = {};
  for (const k of ['x', 'y', 'z']) {
    x0[k] = src[k] - dst[k];
    v0[k] = srcV[k] - dstV[k];
    const c = cubic(x0[k], v0[k], z, 0.1);
    nearCubic(out[k], inp[k] + c.x, `out.${k}`);
    nearCubic(outV[k], inV[k] + c.v, `outV.${k}`);
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
    nearCubic(off[k], c.x + src2[k] - dst2[k], `off.${k}`);
    nearCubic(offV[k], c.v + src2V[k] - dst2V[k], `offV.${k}`);
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
