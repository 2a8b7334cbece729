// articles_code.test.mjs — the functions of the articles' code a reader looks for (issue 22,
// item 6), through the package, each against its formula worked out here in double:
// Spring-It-On's damping_ratio_to_stiffness / damping_ratio_to_damping; the tracking
// repository's improved trackers without the acceleration (and velocity) blends and its
// gains-based exact tracker (trackingSpringUpdateExactGains); a damped adjustment of a number;
// dead blending with no decay (halflife Infinity); Motion-Matching's quat_exp, quat_log and
// quat_between.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { rk4, near, LN2 } from './oracle.mjs';

await sp.init();
const f32 = Math.fround;

test('dampingRatioToStiffness and dampingRatioToDamping: ζ = d/(2√s)', () => {
  for (const z of [0.05, 1, 3.5])
    for (const [d, s] of [
      [0.01, 1e-4],
      [2.8, 39.5],
      [700, 1e6],
    ]) {
      const [zf, df, sf] = [z, d, s].map(f32);
      assert.ok(
        near(sp.dampingRatioToStiffness(z, d), (df / (2 * zf)) ** 2, 2e-7),
        `stiffness ζ=${z} d=${d}`,
      );
      assert.ok(near(sp.dampingRatioToDamping(z, s), 2 * zf * Math.sqrt(sf), 2e-7), `damping ζ=${z} s=${s}`);
    }
  assert.equal(sp.dampingRatioToStiffness(1e-20, 1e20), Infinity); // (5e39)² overflows float
  assert.throws(() => sp.dampingRatioToStiffness(0, 1), /dampingRatioToStiffness: ratio/);
});

/** The repository's damper_exact in double: x + (1 − 2^(−dt/h))·(g − x). */
const blend = (x, g, h, dt) => x - Math.expm1((-LN2 * dt) / h) * (g - x);

test('the improved trackers without the acceleration (and velocity) blends: the listing', () => {
  const dt = 1 / 60;
  for (const variant of [1, 2]) {
    const st = { x: 0.3, v: -1 };
    let rx = f32(0.3),
      rv = -1;
    for (let i = 1; i <= 20; i++) {
      const xg = f32(Math.sin(i * dt * 3)),
        vg = f32(3 * Math.cos(i * dt * 3));
      if (variant === 1) sp.trackingSpringUpdateNoAccelerationImproved(st, xg, vg, 1, 0.05, dt);
      else sp.trackingSpringUpdateNoVelocityAccelerationImproved(st, xg, 1, dt);
      if (variant === 1) rv = blend(rv, vg, f32(0.05), f32(dt));
      rv = blend(rv, (xg - rx) / f32(dt), 1, f32(dt));
      rx += f32(dt) * rv;
    }
    assert.ok(Math.abs(st.x - rx) < 2e-6 && Math.abs(st.v - rv) < 6e-6, `variant ${variant}: ${st.x} ${rx}`);
  }
});

test("trackingSpringUpdateExactGains: the repository's spring from the gains, against RK4", () => {
  // s = kx/T², d = (1 − (1 − kv)(1 − kx))/T, d·q = kv(1 − kx)·vGoal/T + ka(1 − kv)(1 − kx)·aGoal
  const T = f32(1 / 60);
  for (const [kx, kv, ka] of [
    [0.01, 0.2, 1],
    [0, 0.4, 1],
    [0, 0, 1],
  ])
    for (const dt of [1 / 144, 1 / 30]) {
      const st = sp.trackingSpringUpdateExactGains({ x: 0.5, v: -2 }, 1.25, 3, -7, kx, kv, ka, dt);
      const [fx, fv, fa] = [kx, kv, ka].map(f32),
        t0 = (1 - fv) * (1 - fx),
        s = fx / (T * T),
        d = (1 - t0) / T,
        push = (fv * (1 - fx) * 3) / T + fa * t0 * -7;
      const [x, v] = rk4(
        (_t, y) => [y[1], s * (1.25 - y[0]) + push - d * y[1]],
        [0.5, -2],
        0,
        f32(dt),
        20000,
      );
      assert.ok(
        near(st.x, x, 2e-6) && near(st.v, v, 4e-6),
        `gains ${kx} ${kv} ${ka}, dt ${dt}: ${st.x} vs ${x}`,
      );
    }
});

test('dampAdjustmentExact: g·(1 − 2^(−dt/h)), the vector form per component', () => {
  for (const r of [1e-8, 1e-3, 0.5, 4]) {
    const h = f32(0.3),
      dt = f32(r * 0.3),
      want = 2.5 * Math.expm1((-LN2 * dt) / h);
    assert.ok(near(sp.dampAdjustmentExact(-2.5, 0.3, r * 0.3) / want, 1, 2.4e-7), `dt/h = ${r}`);
    assert.equal(
      sp.dampAdjustmentExact(-2.5, 0.3, r * 0.3),
      sp.dampAdjustmentExactV3({ x: 0, y: -2.5, z: 0 }, 0.3, r * 0.3).y,
    );
  }
});

test("dead blending with no decay (halflife Infinity): the article's extrapolation, cross-faded", () => {
  // sx = ext_x + ext_v·t, α = smoothstep(t/blendtime); velocity (1 − α)·ext_v + α·in_v + α'·(in_x − sx)
  for (const t of [0, 0.1, 0.37, 0.6]) {
    const out = sp.deadBlendingEvaluate({ x: 0, v: 0 }, { x: 1.5, v: -4, t }, 0.25, 2, Infinity, 0.5);
    const tau = Math.min(t / 0.5, 1),
      a = tau * tau * (3 - 2 * tau),
      sx = 1.5 - 4 * f32(t);
    const wx = t < 0.5 ? (1 - a) * sx + a * 0.25 : 0.25,
      wv = t < 0.5 ? (1 - a) * -4 + a * 2 + ((6 * tau * (1 - tau)) / 0.5) * (0.25 - sx) : 2;
    assert.ok(near(out.x, wx, 1e-6) && near(out.v, wv, 1e-6), `t = ${t}: ${out.x}, ${out.v}`);
  }
  const state = { x: 1.5, v: -4, t: 0.1 },
    out = sp.deadBlendingUpdate({ x: 0, v: 0 }, state, 0.25, 2, Infinity, 0.5, 0.1);
  assert.ok(near(state.t, 0.2, 1e-7) && near(out.x, (1 - 0.352) * (1.5 - 0.8) + 0.352 * 0.25, 1e-6));
  sp.deadBlendingTransition(state, 0.25, 2, Infinity, 0.5); // admitted
  assert.throws(() => sp.deadBlendingUpdate({ x: 0, v: 0 }, state, 0, 0, -1, 0.5, 0.1), /halflife/);
});

test("quatExp, quatLog: Motion-Matching's quaternion exponential and logarithm", () => {
  for (const v of [
    { x: 0.3, y: -0.2, z: 0.1 },
    { x: 1, y: 1, z: -1 },
  ]) {
    const q = sp.quatExp(v),
      l = Math.hypot(v.x, v.y, v.z),
      k = Math.sin(l) / l;
    assert.ok(Math.abs(q.x - k * f32(v.x)) < 3e-7 && Math.abs(q.w - Math.cos(l)) < 3e-7);
    const back = sp.quatLog(q);
    assert.ok(Math.abs(back.x - v.x) < 3e-7 && Math.abs(back.z - v.z) < 3e-7, 'log(exp v) = v');
  }
  // a rotation by 4 rad about n: w < 0, and its log is 2 rad about n (no shortest arc)
  const n = [0.48, -0.6, 0.64],
    q = { x: n[0] * Math.sin(2), y: n[1] * Math.sin(2), z: n[2] * Math.sin(2), w: Math.cos(2) };
  const lg = sp.quatLog(q);
  assert.ok(
    near(Math.hypot(lg.x, lg.y, lg.z), 2, 3e-7) && near(lg.y / Math.hypot(lg.x, lg.y, lg.z), -0.6, 3e-7),
  );
});

test("quatBetween: Motion-Matching's rotation from one direction to another", () => {
  const rotate = (r, p) => sp.quatMulVec3(r, p);
  for (const [p, q] of [
    [
      { x: 0.3, y: -2, z: 5 },
      { x: -4, y: 1, z: 0.5 },
    ],
    [
      { x: 1, y: 0, z: 0 },
      { x: 0, y: 1, z: 0 },
    ],
    [
      { x: 0, y: 2, z: 0 },
      { x: 0, y: -7, z: 0 },
    ], // opposite: a half turn
  ]) {
    const r = sp.quatBetween(p, q),
      turned = rotate(r, p),
      pn = Math.hypot(p.x, p.y, p.z),
      qn = Math.hypot(q.x, q.y, q.z);
    const miss = Math.hypot(turned.x / pn - q.x / qn, turned.y / pn - q.y / qn, turned.z / pn - q.z / qn);
    assert.ok(miss < 5e-7, `turns p onto q (miss ${miss})`);
    const angle = Math.atan2(
      Math.hypot(p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x),
      p.x * q.x + p.y * q.y + p.z * q.z,
    );
    assert.ok(near(2 * Math.atan2(Math.hypot(r.x, r.y, r.z), r.w), angle, 5e-7), 'by the angle between them');
  }
  assert.deepEqual(sp.quatBetween({ x: 0, y: 0, z: 0 }, { x: 1, y: 2, z: 3 }), { x: 0, y: 0, z: 0, w: 1 });
});
