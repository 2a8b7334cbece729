// easing.test.mjs — the cubic easing against the cubic through (x0, v0) and (g, 0) solved
// here; the inertial easing against its phases worked out here (brake at A to rest, then the
// cubic from rest of duration √(6D/A)), its acceleration bound and its duration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { near } from './oracle.mjs';

await sp.init();

/** The cubic p(t) = a·t³ + b·t² + v0·t + x0 with p(B) = g, p'(B) = 0 (and g at rest after B). */
function cubicThrough(x0, v0, g, B, t) {
  if (t >= B) return { x: g, v: 0 };
  const r1 = g - x0 - v0 * B,
    r2 = -v0;
  // a·B³ + b·B² = r1 and 3a·B² + 2b·B = r2
  const a = (r2 * B - 2 * r1) / B ** 3,
    b = (r1 - a * B ** 3) / B ** 2;
  return { x: ((a * t + b) * t + v0) * t + x0, v: (3 * a * t + 2 * b) * t + v0 };
}

test('cubicEasingUpdate follows the cubic to the goal at rest in blendtime, at any frame rate', () => {
  for (const [x0, v0, g, B] of [
    [0, 0, 1, 0.5],
    [2, -3, -1, 0.8],
    [-1, 10, 4, 0.2],
  ]) {
    const s = { x: x0, v: v0, t: 0, label: 'panel' };
    let t = 0;
    for (const dt of [0.01, 0.037, 0.002, 0.05, 0.013]) {
      assert.equal(sp.cubicEasingUpdate(s, g, B, dt), s);
      t += dt;
      const o = cubicThrough(x0, v0, g, B, t);
      assert.ok(near(s.x, o.x, 1e-5), `t=${t}: ${s.x} vs ${o.x}`);
      assert.ok(
        near(s.v, o.v, 1e-4 * (1 + Math.abs(v0) + Math.abs(g - x0) / B)),
        `t=${t} v: ${s.v} vs ${o.v}`,
      );
      assert.ok(near(s.t, t, 1e-6));
    }
    sp.cubicEasingUpdate(s, g, B, B);
    assert.equal(s.x, Math.fround(g));
    assert.equal(s.v, 0);
    assert.equal(s.label, 'panel');
  }
  // retargeting (t reset to 0) keeps position and velocity and takes the full blendtime
  const s = { x: 0, v: 0, t: 0 };
  sp.cubicEasingUpdate(s, 1, 0.5, 0.2);
  const [xr, vr] = [s.x, s.v];
  s.t = 0;
  sp.cubicEasingUpdate(s, -2, 0.5, 0.1);
  const o = cubicThrough(xr, vr, -2, 0.5, 0.1);
  assert.ok(near(s.x, o.x, 1e-5) && near(s.v, o.v, 1e-4));
  // blendtime 0 snaps; dt 0 changes nothing
  assert.deepEqual(
    { ...sp.cubicEasingUpdate({ x: 3, v: 1, t: 0 }, 5, 0, 0.1) },
    { x: 5, v: 0, t: Math.fround(0.1) },
  );
  assert.deepEqual({ ...sp.cubicEasingUpdate({ x: 3, v: 1, t: 0 }, 5, 0.5, 0) }, { x: 3, v: 1, t: 0 });
});

/**
 * The inertial easing worked out here: if the motion heads away from g, or cannot stop
 * before it at deceleration A (V² > 2AD), it brakes at A to rest; then (or at once) it takes
 * the cubic to g at rest whose start and end accelerations are A: from (x, v) with distance D
 * and speed V toward g, duration T solving A·T² + 2V·T = 6D.
 */
function inertial(x0, v0, g, A, t) {
  let x = x0,
    v = v0;
  const sign = g - x > 0 ? 1 : g - x < 0 ? -1 : v > 0 ? -1 : 1;
  const D = sign * (g - x),
    V = sign * v;
  if (V < 0 || V * V > 2 * A * D) {
    const t1 = Math.abs(v) / A,
      a = -Math.sign(v) * A;
    if (t < t1) return { x: x + v * t + 0.5 * a * t * t, v: v + a * t };
    x += (v * t1) / 2;
    v = 0;
    t -= t1;
  }
  const dist = Math.abs(g - x),
    speed = Math.sign(g - x) * v;
  const T = dist === 0 ? 0 : (6 * dist) / (Math.sqrt(speed * speed + 6 * A * dist) + speed);
  return cubicThrough(x, v, g, T, t);
}

test('inertialEasingUpdate: the cubic of duration √(6D/A) from rest, braking first when it must', () => {
  for (const [x0, v0, g, A] of [
    [0, 0, 10, 4], // from rest: T = √15
    [0, 3, 10, 4], // toward the goal, able to stop: the cubic at once
    [0, 12, 10, 4], // too fast: brakes past the goal, comes back
    [0, -5, 10, 4], // heading away: brakes, then comes back
    [5, 0, -2, 100],
  ]) {
    const s = { x: x0, v: v0 };
    let t = 0;
    for (let i = 0; i < 120; i++) {
      const dt = 0.05;
      sp.inertialEasingUpdate(s, g, A, dt);
      t += dt;
      const o = inertial(x0, v0, g, A, t);
      assert.ok(near(s.x, o.x, 2e-5), `${[x0, v0, g, A]} t=${t.toFixed(2)}: ${s.x} vs ${o.x}`);
      assert.ok(near(s.v, o.v, 2e-4), `${[x0, v0, g, A]} t=${t.toFixed(2)} v: ${s.v} vs ${o.v}`);
    }
  }
  assert.ok(near(sp.inertialEasingDuration(0, 0, 10, 4), Math.sqrt(15), 1e-6));
});

test('inertialEasingUpdate never accelerates beyond A and arrives at rest at inertialEasingDuration', () => {
  for (const [x0, v0, g, A] of [
    [0, 0, 1, 2],
    [1, 8, -1, 3],
    [-2, -1, 3, 50],
    [0, 2, 0, 1],
  ]) {
    const T = sp.inertialEasingDuration(x0, v0, g, A);
    const s = { x: x0, v: v0 },
      dt = T / 4000;
    let vPrev = v0,
      worst = 0;
    for (let i = 0; i < 4000; i++) {
      sp.inertialEasingUpdate(s, g, A, dt);
      worst = Math.max(worst, Math.abs(s.v - vPrev) / dt);
      vPrev = s.v;
    }
    assert.ok(worst <= A * (1 + 1e-3), `${[x0, v0, g, A]}: |a| reached ${worst} > ${A}`);
    assert.ok(
      Math.abs(s.x - g) < 1e-4 * (1 + Math.abs(g)) && Math.abs(s.v) < 1e-3 * A * T,
      `arrives: ${s.x}, ${s.v}`,
    );
    // and not before: just short of T it is still on its way
    const early = { x: x0, v: v0 };
    sp.inertialEasingUpdate(early, g, A, 0.97 * T);
    assert.ok(Math.abs(early.x - g) > 1e-7 || Math.abs(early.v) > 1e-7, 'not there before its duration');
  }
  // an infinite acceleration snaps; dt 0 changes nothing; the duration at rest on the goal is 0
  assert.deepEqual({ ...sp.inertialEasingUpdate({ x: 1, v: 5 }, 3, Infinity, 0.1) }, { x: 3, v: 0 });
  assert.deepEqual({ ...sp.inertialEasingUpdate({ x: 1, v: 5 }, 3, 2, 0) }, { x: 1, v: 5 });
  assert.equal(sp.inertialEasingDuration(3, 0, 3, 2), 0);
});

test('the easings refuse bad input naming the argument', () => {
  assert.throws(
    () => sp.cubicEasingUpdate({ x: 0, v: 0, t: -1 }, 1, 0.5, 0.1),
    /cubicEasingUpdate: state\.t/,
  );
  assert.throws(
    () => sp.inertialEasingUpdate({ x: 0, v: 0 }, 1, -1, 0.1),
    /inertialEasingUpdate: acceleration/,
  );
  assert.throws(() => sp.inertialEasingDuration(0, 0, 1, 0), /inertialEasingDuration: acceleration/);
});
