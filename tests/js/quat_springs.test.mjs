// quat_springs.test.mjs — the quaternion springs (simpleSpringDamperExactQuat toward a goal,
// decaySpringDamperExactQuat toward the identity) and the exact quaternion damper on the caller's
// double state: stepped for 10 s at 30 Hz, 1 kHz and 60 kHz, each lands where one step of its
// closed form in double says. The offset to the goal, j = 2·log(rotation·goal⁻¹), is the
// critical spring's (or the damper's) state per component, while it stays within half a turn:
// j(t) from oracle.mjs's closed forms, the rotation exp(j/2)·goal, written out here. A float
// state stalled where a step's turn was below half a float ulp of the rotation (the damper of
// halflife 100 s at 60 kHz did not move at all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { FLOAT_STEPS, criticalAt, springTolerance } from './oracle.mjs';

await sp.init();
const f32 = Math.fround,
  K = ['x', 'y', 'z'];

// Hamilton product and the exponential map in double, written out here.
const mul = (a, b) => ({
  x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
  y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
  z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
});
/** exp(j/2): the rotation of angle |j| about j. */
function exp2(j) {
  const a = Math.hypot(j.x, j.y, j.z),
    s = a > 0 ? Math.sin(a / 2) / a : 0.5;
  return { x: j.x * s, y: j.y * s, z: j.z * s, w: Math.cos(a / 2) };
}
/** The angle between two rotations, sign-insensitive, accurate when small. */
function angleBetween(a, b) {
  const r = mul({ x: -a.x, y: -a.y, z: -a.z, w: a.w }, b);
  return 2 * Math.atan2(Math.hypot(r.x, r.y, r.z), Math.abs(r.w));
}

const GOAL = exp2({ x: 0.9, y: -0.3, z: 1.7 }),
  IDENTITY = { x: 0, y: 0, z: 0, w: 1 },
  J0 = { x: 1.2, y: -0.8, z: 0.5 },
  W0 = { x: -0.02, y: 0.01, z: 0.003 };

/** Steps `step(dt)` for 10 s at `rate`; returns the time the core stepped, n·float(dt). */
function stepFor(rate, step) {
  const dt = 1 / rate,
    n = 10 * rate;
  for (let i = 0; i < n; i++) step(dt);
  return n * f32(dt);
}

test('the quaternion springs stepped for 10 s at 30 Hz, 1 kHz and 60 kHz are one step of their closed form', () => {
  const off = [];
  for (const h of [0.05, 1, 100])
    for (const rate of [30, 1000, 60000])
      for (const goal of [GOAL, null]) {
        const g = goal ?? IDENTITY,
          rot = mul(exp2(J0), g),
          av = { ...W0 };
        const t = stepFor(rate, (dt) =>
          goal
            ? sp.simpleSpringDamperExactQuat(rot, av, goal, h, dt)
            : sp.decaySpringDamperExactQuat(rot, av, h, dt),
        );
        // each component of the offset is the critical spring toward 0, from J0 and W0
        const y = (2 * Math.LN2) / f32(h),
          j = {},
          w = {};
        let tol = 0;
        for (const c of K) {
          const path = (tt) => criticalAt(J0[c], W0[c], 0, 0, f32(h), tt),
            end = path(t);
          j[c] = end.x;
          w[c] = end.v;
          tol += springTolerance(path, y * y, 2 * y, 0, 0, t);
        }
        const want = mul(exp2(j), g),
          err = angleBetween(rot, want) + K.reduce((sum, c) => sum + Math.abs(av[c] - w[c]), 0) / y;
        if (!(err <= tol))
          off.push(
            `${goal ? 'simple' : 'decay'}SpringDamperExactQuat h=${h} at ${rate} Hz: ${JSON.stringify(rot)} ${JSON.stringify(av)}, closed form ${JSON.stringify(want)} ${JSON.stringify(w)} (${err.toExponential(2)} > ${tol.toExponential(2)})`,
          );
      }
  assert.deepEqual(off, []);
});

test('the exact quaternion damper stepped for 10 s at 30 Hz, 1 kHz and 60 kHz turns as one step of 10 s', () => {
  const off = [];
  for (const h of [0.05, 1, 100])
    for (const rate of [30, 1000, 60000]) {
      const rot = mul(exp2(J0), GOAL);
      const t = stepFor(rate, (dt) => sp.damperExactQuat(rot, GOAL, h, dt));
      // the offset's angle keeps 2^(−t/h) of itself, about its own axis
      const keep = 2 ** (-t / f32(h)),
        want = mul(exp2({ x: J0.x * keep, y: J0.y * keep, z: J0.z * keep }), GOAL),
        err = angleBetween(rot, want),
        tol = FLOAT_STEPS * Math.hypot(J0.x, J0.y, J0.z) * (1 - keep) + 1e-15;
      if (!(err <= tol))
        off.push(
          `damperExactQuat h=${h} at ${rate} Hz: ${JSON.stringify(rot)}, closed form ${JSON.stringify(want)} (${err.toExponential(2)} > ${tol.toExponential(2)})`,
        );
    }
  assert.deepEqual(off, []);
});

test('the repro of issue 33: the damper of halflife 100 s, 10 s at 60 kHz and at 1 kHz, equals one step of 10 s', () => {
  // a 0.167 rad motion about +Y: a float state ended 0.138 rad (60 kHz) and 7.4e-4 rad (1 kHz) off
  const angle = 0.167 / (1 - 2 ** -0.1),
    start = { x: 0, y: Math.sin(angle / 2), z: 0, w: Math.cos(angle / 2) };
  const once = sp.damperExactQuat({ ...start }, IDENTITY, 100, 10);
  for (const rate of [60000, 1000]) {
    const r = { ...start };
    for (let i = 0; i < 10 * rate; i++) sp.damperExactQuat(r, IDENTITY, 100, 1 / rate);
    assert.ok(angleBetween(r, once) < 1e-7, `${rate} Hz: ${angleBetween(r, once)} rad from one step`);
  }
});
