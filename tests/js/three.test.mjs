// three.test.mjs — sprung/three, the maath-shaped layer, against the built dist/three.js.
//
// Oracles, none sharing code with the layer:
// - the critical spring's closed form, worked out here in double: with ω = 2/smoothTime,
//   j0 = x0 − g and j1 = v0 + ω·j0, x(t) = g + e^(−ωt)(j0 + j1·t), v(t) = e^(−ωt)(v0 − ω·j1·t);
// - SmoothDamp's speed limit as the ODE u'' = −ω²·clamp(u, ±maxSpeed·smoothTime) − 2ω·u',
//   stopping where u reaches 0, integrated with RK4 (tests/js/oracle.mjs) in 20 µs steps;
// - maath's easing functions (the peer users come from), in the same run, given the real
//   exponential (`Math.exp(−x)` as their easing argument) where the claim is "the same spring";
// - three.js itself for what its classes do with the values (Euler → quaternion).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as THREE from 'three';
import { easing } from 'maath';
import * as three from '../../dist/three.js';
import * as sp from '../../dist/index.js';
import { rk4 } from './oracle.mjs';

const { damp, dampAngle, damp2, damp3, damp4, dampE, dampC, dampS, dampQ, velocityOf } = three;

test('before init(), every function throws naming itself', () => {
  assert.equal(three.isReady(), false);
  const v = new THREE.Vector3();
  for (const [name, call] of [
    ['damp', () => damp({ x: 0 }, 'x', 1, 0.25, 0.1)],
    ['damp3', () => damp3(v, [1, 2, 3], 0.25, 0.1)],
    ['dampQ', () => dampQ(new THREE.Quaternion(), [0, 0, 0, 1], 0.25, 0.1)],
    ['smoothTimeToHalflife', () => three.smoothTimeToHalflife(0.25)],
  ])
    assert.throws(call, {
      name: 'TypeError',
      message: `sprung.${name}: call and await init() before using the library`,
    });
  assert.deepEqual(v.toArray(), [0, 0, 0]);
});

await three.init();
await sp.init(); // the main entry, in the same program: the same instance, now the full module

const realExp = (x) => Math.exp(-x);
/** The critical spring's closed form (see the header). */
function critical(x0, v0, g, smoothTime, t) {
  const w = 2 / smoothTime,
    j0 = x0 - g,
    j1 = v0 + w * j0,
    e = Math.exp(-w * t);
  return { x: g + e * (j0 + j1 * t), v: e * (v0 - w * j1 * t) };
}
/**
 * |got − want| ≤ tol·max(scale, |want|). The layer applies the C core's float coefficients in
 * double: a coefficient's rounding (≈ 1e-7 relative) changes the offset's decay per step, so
 * over N frames of a move of size D the error is at most about 1e-7·N·D; scale is that D.
 */
const close = (got, want, tol, what, scale = 1) =>
  assert.ok(Math.abs(got - want) <= tol * Math.max(scale, Math.abs(want)), `${what}: ${got} vs ${want}`);

test('damp3 is maath’s damp3 made exact: equal within float rounding to maath given the real exponential, at 60 Hz and through a hitch', () => {
  for (const smoothTime of [0.1, 0.25, 0.8]) {
    const mine = new THREE.Vector3(1, -2, 0.5),
      theirs = mine.clone(),
      target = new THREE.Vector3(4, 3, -1);
    const frames = [...Array(90).fill(1 / 60), 0.5, ...Array(30).fill(1 / 60)];
    let t = 0;
    for (const dt of frames) {
      damp3(mine, target, smoothTime, dt);
      easing.damp3(theirs, target, smoothTime, dt, Infinity, realExp, 0);
      t += dt;
      for (const k of ['x', 'y', 'z']) {
        const start = new THREE.Vector3(1, -2, 0.5)[k],
          D = Math.abs(target[k] - start);
        close(mine[k], theirs[k], 1e-5, `smoothTime ${smoothTime}, t ${t.toFixed(3)}, ${k}`, D);
        // and both are the closed form: from rest, a critical spring never overshoots
        close(mine[k], critical(start, 0, target[k], smoothTime, t).x, 1e-5, k, D);
        close(velocityOf(mine)[k], theirs.__damp[`velocity_${k}`], 1e-5, `velocity ${k}`, D / smoothTime);
      }
    }
  }
});

test('maath’s default damp3 approximates the exponential: close at 60 Hz, 5 % off after a 0.5 s hitch, where damp3 stays exact', () => {
  const start = () => new THREE.Vector3(0, 0, 0),
    target = new THREE.Vector3(1, 1, 1);
  const mine = start(),
    theirs = start();
  for (let i = 0; i < 30; i++) {
    damp3(mine, target, 0.25, 1 / 60);
    easing.damp3(theirs, target, 0.25, 1 / 60);
  }
  const at60 = critical(0, 0, 1, 0.25, 0.5).x;
  close(mine.x, at60, 1e-6, 'sprung, 60 Hz');
  const steady = Math.abs(theirs.x - at60);
  assert.ok(steady > 1e-5 && steady < 1e-3, `maath at 60 Hz is off by ${steady}`);
  // the same 0.5 s in one frame (a tab brought back to the front)
  const hitchMine = start(),
    hitchTheirs = start();
  damp3(hitchMine, target, 0.25, 0.5);
  easing.damp3(hitchTheirs, target, 0.25, 0.5);
  close(hitchMine.x, at60, 1e-6, 'sprung, one 0.5 s frame');
  const off = Math.abs(hitchTheirs.x - at60) / at60;
  assert.ok(off > 0.05, `maath after the hitch is off by ${(100 * off).toFixed(1)} %`);
});

test('each component is simpleSpringDamperExact (halflife smoothTime·ln2) within float rounding, in double', () => {
  const v = { x: 3, y: -1, z: 0.25 },
    goal = { x: -2, y: 5, z: 0.25 + 1e-3 };
  const states = { x: { x: 3, v: 0 }, y: { x: -1, v: 0 }, z: { x: 0.25, v: 0 } };
  const h = three.smoothTimeToHalflife(0.3);
  for (const dt of [1 / 60, 1 / 144, 0.1, 1 / 30, 0.004]) {
    damp3(v, goal, 0.3, dt);
    for (const k of ['x', 'y', 'z']) {
      sp.simpleSpringDamperExact(states[k], goal[k], h, dt);
      close(v[k], states[k].x, 1e-6, k, 6);
      close(velocityOf(v)[k], states[k].v, 1e-6, `velocity ${k}`, 6 / 0.3);
    }
  }
  // far from the origin, where float's last bit is a millimetre, the layer keeps double's
  const far = { x: 10000.001 };
  damp(far, 'x', 10000.002, 0.25, 0.1);
  close(far.x - 10000, critical(0.001, 0, 0.002, 0.25, 0.1).x, 1e-9, 'far from the origin');
});

test('frame-rate independent: 60 Hz, 144 Hz, 30 Hz and one step end within float rounding of each other, maxSpeed too', () => {
  for (const maxSpeed of [Infinity, 3, 0.5]) {
    const ends = [1 / 60, 1 / 144, 1 / 30, 1.5].map((dt) => {
      const p = new THREE.Vector3(0, 10, -4);
      velocityOf(p).x = 6; // moving away at the start
      const n = Math.round(1.5 / dt);
      for (let i = 0; i < n; i++) damp3(p, [2, 0, 1], 0.2, dt, maxSpeed);
      return p;
    });
    for (const p of ends.slice(1))
      for (const k of ['x', 'y', 'z']) close(p[k], ends[0][k], 1e-5, `maxSpeed ${maxSpeed}, ${k}`, 10);
  }
});

// ---- maxSpeed: the exact solution of SmoothDamp's ODE ------------------------------------------

/** The oracle: u'' = −ω²·clamp(u, ±M) − 2ω·u' from (x0 − g, v0) over T, stopping at u = 0; RK4 steps of at most 20 µs. */
function smoothDampOde(x0, v0, g, smoothTime, maxSpeed, T, stop = true) {
  const w = 2 / smoothTime,
    M = maxSpeed * smoothTime;
  const f = (_t, [u, v]) => [v, -w * w * Math.max(-M, Math.min(M, u)) - 2 * w * v];
  let y = [x0 - g, v0];
  const n = Math.ceil(T / 2e-5),
    h = T / n;
  for (let i = 0; i < n; i++) {
    const next = rk4(f, [...y], 0, h, 1);
    if (stop && (y[0] === 0 || Math.sign(next[0]) !== Math.sign(y[0]))) return { x: g, v: 0 };
    y = next;
  }
  return { x: g + y[0], v: y[1] };
}

test('maxSpeed: the exact solution of SmoothDamp’s ODE (RK4), through every phase, at any frame rate', () => {
  const cases = [
    // [x0, v0, g, smoothTime, maxSpeed, what]
    [0, 0, 10, 0.25, 2, 'far from the target: at maxSpeed, then the spring'],
    [5, 8, 5.1, 0.25, 2, 'near, flung away: out of the band and back'],
    [0, 60, 4, 0.25, 2, 'thrown at the target far faster than maxSpeed: stops there'],
    [-3, -1, 2, 0.5, 0.7, 'moving away from a far target'],
    [1, 0, 1.3, 0.25, 2, 'within maxSpeed·smoothTime: the spring alone'],
  ];
  for (const [x0, v0, g, smoothTime, maxSpeed, what] of cases)
    for (const dt of [1 / 60, 1 / 24, 0.35]) {
      const o = { x: x0 };
      velocityOf(o).x = v0;
      for (let t = dt; t < 2.5; t += dt) {
        damp(o, 'x', g, smoothTime, dt, maxSpeed);
        const want = smoothDampOde(x0, v0, g, smoothTime, maxSpeed, t);
        close(o.x, want.x, 3e-6, `${what}, dt ${dt.toFixed(3)}, t ${t.toFixed(3)}`);
        close(velocityOf(o).x, want.v, 3e-5, `${what}: velocity at ${t.toFixed(3)}`);
      }
    }
});

test('maxSpeed: maath’s per-frame clamp converges to the exact motion as its frame rate rises', () => {
  const T = 1.2,
    want = smoothDampOde(0, 0, 10, 0.25, 4, T).x;
  const maathAt = (hz) => {
    const o = { x: 0 };
    for (let i = 0; i < T * hz; i++) easing.damp(o, 'x', 10, 0.25, 1 / hz, 4, realExp, 0);
    return o.x;
  };
  const errors = [30, 60, 1000].map((hz) => Math.abs(maathAt(hz) - want));
  assert.ok(errors[0] > errors[1] && errors[1] > errors[2] && errors[2] < 0.01, `maath's error: ${errors}`);
  const o = { x: 0 };
  damp(o, 'x', 10, 0.25, T, 4); // one frame of 1.2 s
  close(o.x, want, 1e-6, 'sprung, one frame');
});

test('maxSpeed closed forms: 0 lets the velocity decay, and smoothTime 0 moves at maxSpeed', () => {
  // maxSpeed 0: no pull, u'' = −2ω·u' (ω = 2/0.5), so x = x0 + v0·(1 − e^(−2ωt))/(2ω)
  const o = { x: 1 };
  velocityOf(o).x = 3;
  damp(o, 'x', 10, 0.5, 0.3, 0);
  close(o.x, 1 + (3 * (1 - Math.exp(-8 * 0.3))) / 8, 1e-12, 'maxSpeed 0');
  close(velocityOf(o).x, 3 * Math.exp(-8 * 0.3), 1e-12, 'maxSpeed 0, velocity');
  // smoothTime 0: an infinitely stiff spring held to maxSpeed covers maxSpeed·t, then stops
  const p = new THREE.Vector2(0, 0);
  damp2(p, [1, -10], 0, 0.5, 4);
  assert.deepEqual(p.toArray(), [1, -2]);
  assert.deepEqual({ ...velocityOf(p) }, { x: 0, y: -4 });
  damp2(p, [1, -10], 0, 10, 4);
  assert.deepEqual(p.toArray(), [1, -10]);
  damp2(p, [3, 7], 0, 0.1); // no maxSpeed: snaps
  assert.deepEqual(p.toArray(), [3, 7]);
});

test('it never passes its target: a target moved back toward it is where it stops, as in maath', () => {
  for (const dt of [1 / 60, 0.05, 0.3]) {
    const o = { x: 0 },
      m = { x: 0 };
    // run toward 10, then the target jumps back behind the moving value
    for (let t = 0; t < 0.3; t += 1 / 60) {
      damp(o, 'x', 10, 0.25, 1 / 60);
      easing.damp(m, 'x', 10, 0.25, 1 / 60, Infinity, realExp, 0);
    }
    const back = o.x - 0.2;
    const want = smoothDampOde(o.x, velocityOf(o).x, back, 0.25, Infinity, dt);
    damp(o, 'x', back, 0.25, dt);
    easing.damp(m, 'x', back, 0.25, dt, Infinity, realExp, 0);
    close(o.x, want.x, 1e-6, `dt ${dt}`);
    close(o.x, m.x, 1e-6, `maath, dt ${dt}`);
  }
  // passing the target within a frame stops it there, with no velocity left
  const o = { x: 0 };
  velocityOf(o).x = 50;
  assert.equal(damp(o, 'x', 0.1, 0.25, 1 / 60), false);
  assert.deepEqual([o.x, velocityOf(o).x], [0.1, 0]);
});

// ---- angles, Euler, Spherical, Color, other shapes ------------------------------------------------

test('dampAngle turns the short way: 3.1 → −3.1 goes through π and ends on −3.1 + 2π', () => {
  const o = { a: 3.1 },
    end = -3.1 + 2 * Math.PI;
  let last = o.a;
  for (let t = 1 / 60; t < 1; t += 1 / 60) {
    dampAngle(o, 'a', -3.1, 0.1, 1 / 60);
    assert.ok(o.a >= last && o.a <= end + 1e-6, `monotone toward ${end}: ${o.a}`);
    close(o.a, critical(3.1, 0, end, 0.1, t).x, 2e-6, `t ${t}`);
    last = o.a;
  }
  // the target more than a turn away is taken on its nearest turn
  const p = { a: 0.2 };
  dampAngle(p, 'a', 0.1 + 6 * Math.PI, 0.1, 10);
  close(p.a, 0.1, 1e-6, 'nearest turn');
});

test('dampE damps a three.js Euler the short way, and the object’s quaternion follows', () => {
  const object = new THREE.Object3D();
  object.rotation.set(3, -3, 0.5, 'YXZ');
  const target = new THREE.Euler(-3, 3, 0.4, 'YXZ');
  for (let i = 0; i < 20; i++) dampE(object.rotation, target, 0.2, 1 / 60);
  const t = 20 / 60;
  close(object.rotation.x, critical(3, 0, -3 + 2 * Math.PI, 0.2, t).x, 2e-6, 'x');
  close(object.rotation.y, critical(-3, 0, 3 - 2 * Math.PI, 0.2, t).x, 2e-6, 'y');
  close(object.rotation.z, critical(0.5, 0, 0.4, 0.2, t).x, 2e-6, 'z');
  assert.equal(object.rotation.order, 'YXZ');
  const q = new THREE.Quaternion().setFromEuler(new THREE.Euler().copy(object.rotation));
  assert.ok(q.angleTo(object.quaternion) < 1e-6, 'the quaternion follows the Euler');
  dampE(object.rotation, [0, 0, 0, 'YXZ'], 0, 1); // an array target, its order current's
  // past ±π now, x and y are nearest the turns 2π and −2π of 0
  assert.deepEqual(object.rotation.toArray(), [2 * Math.PI, -2 * Math.PI, 0, 'YXZ']);
});

test('dampS: an orbit’s radius, polar angle and azimuth (the azimuth the short way)', () => {
  const s = new THREE.Spherical(10, 1, 3);
  const target = new THREE.Spherical(4, 0.5, -3);
  for (let i = 0; i < 12; i++) dampS(s, target, 0.3, 1 / 30);
  close(s.radius, critical(10, 0, 4, 0.3, 0.4).x, 2e-6, 'radius');
  close(s.phi, critical(1, 0, 0.5, 0.3, 0.4).x, 2e-6, 'phi');
  close(s.theta, critical(3, 0, -3 + 2 * Math.PI, 0.3, 0.4).x, 2e-6, 'theta');
});

test('dampC, damp2, damp4 and damp: every channel and component is the spring, targets of every form', () => {
  const color = new THREE.Color(1, 0, 0.5),
    to = new THREE.Color(0, 1, 0.25);
  dampC(color, to, 0.2, 0.15);
  for (const [k, a, b] of [
    ['r', 1, 0],
    ['g', 0, 1],
    ['b', 0.5, 0.25],
  ])
    close(color[k], critical(a, 0, b, 0.2, 0.15).x, 2e-6, k);
  dampC(color, [0, 0, 0], 0, 1);
  assert.deepEqual(color.toArray(), [0, 0, 0]);
  const v2 = new THREE.Vector2(1, 2);
  damp2(v2, 5, 0.5, 0.2); // one number: both components
  close(v2.x, critical(1, 0, 5, 0.5, 0.2).x, 2e-6, 'damp2 x');
  close(v2.y, critical(2, 0, 5, 0.5, 0.2).x, 2e-6, 'damp2 y');
  const v4 = new THREE.Vector4(0, 0, 0, 0);
  damp4(v4, new Float32Array([1, 2, 3, 4]), 0.5, 0.2);
  for (const [i, k] of ['x', 'y', 'z', 'w'].entries())
    close(v4[k], critical(0, 0, i + 1, 0.5, 0.2).x, 2e-6, k);
  const list = [3];
  damp(list, 0, 7, 0.5, 0.2); // an index
  close(list[0], critical(3, 0, 7, 0.5, 0.2).x, 2e-6, 'index');
  const material = { opacity: 0 };
  damp(material, 'opacity', 1, 0.25, 0.1);
  close(material.opacity, critical(0, 0, 1, 0.25, 0.1).x, 2e-6, 'opacity');
});

test('damp, dampAngle, damp2, damp4, dampE, dampC and dampS are maath’s given the real exponential, angles wrapping alike', () => {
  // each helper beside maath's of the same name, from the same start toward the same target,
  // at 60 Hz, through a 0.5 s hitch and a target changed midway (angles across ±π)
  const cases = [
    ['damp', () => ({ o: 0.2 }), [3], (c, t, ...a) => [c, 'o', t, ...a], (c) => [c.o]],
    ['dampAngle', () => ({ a: 3.1 }), [-3.1, 2.9], (c, t, ...a) => [c, 'a', t, ...a], (c) => [c.a]],
    ['damp2', () => new THREE.Vector2(1, -1), [[4, 2]], (c, t, ...a) => [c, t, ...a], (c) => c.toArray()],
    [
      'damp4',
      () => new THREE.Vector4(0, 1, 2, 3),
      [[1, -1, 0, 5]],
      (c, t, ...a) => [c, t, ...a],
      (c) => c.toArray(),
    ],
    [
      'dampE',
      () => new THREE.Euler(3, -3, 0.5),
      [
        [-3, 3, 0.4],
        [-2.5, 0, -3],
      ],
      (c, t, ...a) => [c, t, ...a],
      (c) => c.toArray().slice(0, 3),
    ],
    [
      'dampC',
      () => new THREE.Color(1, 0, 0.5),
      [new THREE.Color(0, 1, 0.25)],
      (c, t, ...a) => [c, t, ...a],
      (c) => c.toArray(),
    ],
    [
      'dampS',
      () => new THREE.Spherical(10, 1, 3),
      [[4, 0.5, -3]],
      (c, t, ...a) => [c, t, ...a],
      (c) => [c.radius, c.phi, c.theta],
    ],
  ];
  for (const [name, make, targets, args, values] of cases) {
    const mine = make(),
      theirs = make();
    const frames = [...Array(40).fill(1 / 60), 0.5, ...Array(40).fill(1 / 60)];
    frames.forEach((dt, i) => {
      const target = targets[i < 60 ? 0 : targets.length - 1];
      three[name](...args(mine, target, 0.3, dt));
      easing[name](...args(theirs, target, 0.3, dt), Infinity, realExp, 0);
      const a = values(mine),
        b = values(theirs);
      a.forEach((x, k) => close(x, b[k], 1e-5, `${name} frame ${i} value ${k}`, 7));
    });
  }
});

// ---- rotations -----------------------------------------------------------------------------------

const axis = new THREE.Vector3(1, 2, -2).normalize();
const about = (angle) => new THREE.Quaternion().setFromAxisAngle(axis, angle);

test('dampQ: the rotation’s angle is the critical spring’s closed form, at 60 Hz and in one frame; maath’s dampQ is not', () => {
  for (const angle of [0.3, 2.5]) {
    for (const dt of [1 / 60, 0.6]) {
      const q = new THREE.Quaternion();
      const m = new THREE.Quaternion();
      for (let t = dt; t < 0.6 + 1e-9; t += dt) {
        dampQ(q, about(angle), 0.25, dt);
        easing.dampQ(m, about(angle), 0.25, dt, Infinity, realExp, 0);
      }
      const want = critical(0, 0, angle, 0.25, 0.6);
      close(q.angleTo(new THREE.Quaternion()), want.x, 3e-6, `angle ${angle}, dt ${dt}`);
      close(q.angleTo(about(want.x)), 0, 3e-6, 'about the axis');
      const w = velocityOf(q);
      close(new THREE.Vector3(w.x, w.y, w.z).dot(axis), want.v, 2e-5, 'angular velocity');
      if (angle > 1) {
        const off = Math.abs(m.angleTo(new THREE.Quaternion()) - want.x);
        assert.ok(off > 1e-3, `maath's dampQ, ${dt}: off by ${off} rad`);
      }
    }
  }
});

test('dampQ is simpleSpringDamperExactQuat (in double: within float rounding of it), with or without a large maxSpeed', () => {
  const q = about(2),
    ref = q.clone(),
    big = q.clone(),
    w = new THREE.Vector3(0.5, -1, 2);
  Object.assign(velocityOf(q), w);
  Object.assign(velocityOf(big), w);
  const refW = w.clone(),
    goal = new THREE.Quaternion(0.1, 0.7, -0.1, 0.7).normalize();
  for (const dt of [1 / 60, 0.2, 1 / 144]) {
    dampQ(q, goal, 0.3, dt);
    dampQ(big, goal, 0.3, dt, 1e6);
    sp.simpleSpringDamperExactQuat(ref, refW, goal, three.smoothTimeToHalflife(0.3), dt);
    assert.ok(q.angleTo(ref) < 1e-6, `${q.angleTo(ref)}`);
    for (const k of ['x', 'y', 'z']) close(velocityOf(q)[k], refW[k], 1e-6, k, 3);
    assert.ok(big.angleTo(ref) < 1e-6, `${big.angleTo(ref)}`);
  }
});

test('dampQ with maxSpeed: about a world axis, the angle is the speed-limited ODE (keeping its momentum)', () => {
  const y = new THREE.Vector3(0, 1, 0);
  for (const [a0, w0] of [
    [2.5, 0],
    [0.1, 12],
  ])
    for (const dt of [1 / 60, 0.25]) {
      const q = new THREE.Quaternion().setFromAxisAngle(y, a0);
      velocityOf(q).y = w0;
      for (let t = dt; t < 1.5; t += dt) {
        dampQ(q, [0, 0, 0, 1], 0.25, dt, 1.5);
        const want = smoothDampOde(a0, w0, 0, 0.25, 1.5, t, false);
        const angle = 2 * Math.atan2(q.y, q.w);
        close(angle, want.x, 3e-6, `from ${a0} rad, ${w0} rad/s, dt ${dt}, t ${t.toFixed(3)}`);
        close(velocityOf(q).y, want.v, 3e-5, 'angular velocity');
      }
    }
});

// ---- the loop, velocities, settling -----------------------------------------------------------------

test('a negative dt (the first frame of a loop mixing performance.now() and the rAF timestamp) counts as 0', () => {
  const v = new THREE.Vector3(1, 2, 3);
  damp3(v, [0, 0, 0], 0.2, 1 / 60);
  const before = v.toArray(),
    velocity = { ...velocityOf(v) };
  assert.equal(damp3(v, [0, 0, 0], 0.2, -0.004), true, 'still moving');
  assert.deepEqual(v.toArray(), before);
  assert.deepEqual({ ...velocityOf(v) }, velocity);
  assert.throws(() => damp3(v, [0, 0, 0], 0.2, NaN), {
    name: 'RangeError',
    message: 'sprung.damp3: dt must be a finite number, got NaN',
  });
});

test('the velocities are held per object, shared by field, and can be reset', () => {
  const a = new THREE.Vector3(),
    b = new THREE.Vector3();
  damp3(a, [1, 1, 1], 0.25, 0.1);
  assert.equal(velocityOf(b).x, undefined, 'another object has its own');
  damp(a, 'x', 1, 0.25, 0.1); // damp on the field continues damp3's motion of it
  close(a.x, critical(0, 0, 1, 0.25, 0.2).x, 2e-6, 'x continued');
  assert.deepEqual(Object.keys(a), ['x', 'y', 'z'], 'nothing written onto the object');
  Object.assign(velocityOf(a), { x: 0, y: 0, z: 0 }); // teleported: no momentum
  const at = a.toArray();
  damp3(a, at, 0.25, 0.1);
  assert.deepEqual(a.toArray(), at);
});

test('it settles exactly on its target: reports arrival, then reaches it, and an hour of frames changes nothing', () => {
  const v = new THREE.Vector3(5, 5, 5);
  let frames = 0;
  while (damp3(v, [0, 1, 2], 0.25, 1 / 60)) frames++;
  const t = (frames + 1) / 60;
  // arrived: within eps = 0.001 and slower than 0.001 per second, by the closed form
  const c = critical(5, 0, 0, 0.25, t),
    before = critical(5, 0, 0, 0.25, t - 1 / 60);
  assert.ok(Math.abs(c.x) <= 1e-3 && Math.abs(c.v) <= 1e-3, `arrived at ${t}`);
  assert.ok(Math.abs(before.x) > 1e-3 || Math.abs(before.v) > 1e-3, 'not a frame earlier');
  // in double: within 1e-12 of a target it is there, at rest; toward 0 the offset decays on
  for (let i = 0; i < 10 * 60; i++) damp3(v, [0, 1, 2], 0.25, 1 / 60);
  assert.deepEqual([v.y, v.z, velocityOf(v).y, velocityOf(v).z], [1, 2, 0, 0]);
  assert.ok(Math.abs(v.x) < 1e-30 && Math.abs(v.x - critical(5, 0, 0, 0.25, t + 10).x) < 1e-35, `${v.x}`);
  for (let i = 0; i < 3600 * 60; i++) damp3(v, [0, 1, 2], 0.25, 1 / 60);
  assert.deepEqual(v.toArray(), [0, 1, 2]);
  assert.deepEqual({ ...velocityOf(v) }, { x: 0, y: 0, z: 0 });
});

test('smoothTimeToHalflife and halflifeToSmoothTime: the lag functions of the C core, under SmoothDamp’s name', () => {
  for (const s of [0, 0.016, 0.25, 3, 1e6]) {
    close(three.smoothTimeToHalflife(s), s * Math.LN2, 1e-15, `${s}`);
    close(three.smoothTimeToHalflife(s), sp.lagToHalflife(s), 2e-7, `${s}: lagToHalflife`);
    close(three.halflifeToSmoothTime(three.smoothTimeToHalflife(s)), s, 1e-15, 'inverse');
  }
  assert.throws(() => three.smoothTimeToHalflife(-1), {
    name: 'RangeError',
    message: 'sprung.smoothTimeToHalflife: smoothTime must be a finite number ≥ 0, got -1',
  });
  assert.throws(() => three.halflifeToSmoothTime('1'), {
    name: 'TypeError',
    message: 'sprung.halflifeToSmoothTime: halflife must be a number, got "1"',
  });
});

// ---- bad input -----------------------------------------------------------------------------------

test('bad input: a clear error naming the function and the argument, and nothing changed', () => {
  const v = new THREE.Vector3(1, 2, 3);
  damp3(v, [0, 0, 0], 0.25, 1 / 60);
  const snapshot = () => [v.toArray(), { ...velocityOf(v) }];
  const before = snapshot();
  for (const [call, name, message] of [
    [() => damp3(v, [0, 0, 0], -1, 0.1), 'RangeError', 'smoothTime must be a finite number ≥ 0, got -1'],
    [
      () => damp3(v, [0, 0, 0], Infinity, 0.1),
      'RangeError',
      'smoothTime must be a finite number ≥ 0, got Infinity',
    ],
    [() => damp3(v, [0, 0, 0], '0.25', 0.1), 'TypeError', 'smoothTime must be a number, got "0.25"'],
    [() => damp3(v, [0, 0, 0], 0.25, '1'), 'TypeError', 'dt must be a number, got "1"'],
    [
      () => damp3(v, [0, 0, 0], 0.25, 0.1, -1),
      'RangeError',
      'maxSpeed must be a number ≥ 0 or Infinity, got -1',
    ],
    [
      () => damp3(v, [0, 0, 0], 0.25, 0.1, NaN),
      'RangeError',
      'maxSpeed must be a number ≥ 0 or Infinity, got NaN',
    ],
    [
      () => damp3(v, [0, 0, 0], 0.25, 0.1, 1, 0.01),
      'TypeError',
      'easing must be a function or undefined, got 0.01',
    ],
    [() => damp3(v, [0, 0, 0], 0.25, 0.1, 1, realExp, '0'), 'TypeError', 'eps must be a number, got "0"'],
    [() => damp3(v, [0, NaN, 0], 0.25, 0.1), 'RangeError', 'target[1] must be a finite number, got NaN'],
    [() => damp3(v, { x: 0, y: 0 }, 0.25, 0.1), 'TypeError', 'target.z must be a number, got undefined'],
    [() => damp3(v, [0, 0], 0.25, 0.1), 'TypeError', 'target[2] must be a number, got undefined'],
    [
      () => damp3(v, '#fff', 0.25, 0.1),
      'TypeError',
      'target must be a number, an object with x, y, z or an array of 3 numbers, got "#fff"',
    ],
    [
      () => damp3(null, [0, 0, 0], 0.25, 0.1),
      'TypeError',
      'current must be an object with x, y, z, got null',
    ],
  ])
    assert.throws(call, { name, message: `sprung.damp3: ${message}` });
  assert.deepEqual(snapshot(), before);
  // a hex number or CSS string needs three.js's Color to read it
  assert.throws(() => dampC({ r: 0, g: 0, b: 0 }, 0xff0000, 0.25, 0.1), {
    name: 'TypeError',
    message: 'sprung.dampC: a number target needs current to be a three.js Color, got an object',
  });
  assert.throws(() => damp({ x: 0 }, {}, 1, 0.25, 0.1), {
    name: 'TypeError',
    message: 'sprung.damp: prop must be a property name or index, got an object',
  });
  assert.throws(() => damp({ x: '1' }, 'x', 1, 0.25, 0.1), {
    name: 'TypeError',
    message: 'sprung.damp: current.x must be a number, got "1"',
  });
  // a corrupted velocity is refused, not spread
  velocityOf(v).y = NaN;
  assert.throws(() => damp3(v, [0, 0, 0], 0.25, 0.1), {
    name: 'RangeError',
    message: 'sprung.damp3: velocityOf(current).y must be a finite number, got NaN',
  });
  assert.deepEqual(v.toArray(), before[0]);
  const q = new THREE.Quaternion();
  velocityOf(q).z = Infinity;
  assert.throws(() => dampQ(q, [0, 0, 0, 1], 0.25, 0.1), {
    name: 'RangeError',
    message: 'sprung.dampQ: velocityOf(current).z must be a finite number, got Infinity',
  });
});

test('frozen objects and getters without setters: refused whole, with the fields already written restored', () => {
  const frozen = Object.freeze({ x: 1, y: 2, z: 3 });
  assert.throws(() => damp3(frozen, [0, 0, 0], 0.25, 0.1), {
    name: 'TypeError',
    message:
      'sprung.damp3: current.x must be writable (the object is frozen, or x has a getter and no setter)',
  });
  assert.equal(velocityOf(frozen).x, undefined, 'no velocity kept for a step that did not happen');
  let z = 3;
  const partly = {
    x: 1,
    y: 2,
    get z() {
      return z;
    },
  };
  assert.throws(() => damp3(partly, [0, 0, 0], 0.25, 0.1), {
    name: 'TypeError',
    message:
      'sprung.damp3: current.z must be writable (the object is frozen, or z has a getter and no setter)',
  });
  assert.deepEqual([partly.x, partly.y, partly.z], [1, 2, 3]);
  const q = Object.freeze({ x: 0, y: 0, z: 0, w: 1 });
  assert.throws(() => dampQ(q, [0, 1, 0, 0], 0.25, 0.1), /sprung\.dampQ: current\.x must be writable/);
  assert.deepEqual({ ...velocityOf(q) }, {}, 'no velocity kept for a step that did not happen');
});

test('getters and setters that damp other objects run inside a call without corrupting it', () => {
  const other = new THREE.Vector3();
  let inner = 0;
  const sneaky = {
    _x: 1,
    y: 2,
    z: 3,
    get x() {
      inner++;
      damp3(other, [9, 9, 9], 0.5, 0.1); // a call inside the call
      dampQ(new THREE.Quaternion(), [0, 1, 0, 0], 0.5, 0.1);
      return this._x;
    },
    set x(value) {
      damp(other, 'x', -5, 0.5, 0.1);
      this._x = value;
    },
  };
  const plain = new THREE.Vector3(1, 2, 3);
  damp3(sneaky, [4, -4, 8], 0.3, 0.2);
  damp3(plain, [4, -4, 8], 0.3, 0.2);
  assert.ok(inner > 0);
  assert.deepEqual([sneaky._x, sneaky.y, sneaky.z], plain.toArray());
  assert.deepEqual({ ...velocityOf(sneaky) }, { ...velocityOf(plain) });
});

test('huge and tiny values stay finite and exact', () => {
  const v = new THREE.Vector3(1e30, -1e30, 1e-30);
  damp3(v, [0, 0, 0], 0.25, 0.1);
  for (const [k, x0] of [
    ['x', 1e30],
    ['y', -1e30],
    ['z', 1e-30],
  ])
    close(v[k] / x0, critical(1, 0, 0, 0.25, 0.1).x, 2e-6, k);
  const far = { x: 0 };
  damp(far, 'x', 1e6, 1e-3, 1e4, 1e5); // a long frame at maxSpeed, then the spring
  assert.equal(far.x, 1e6);
  const slow = { x: 0 };
  damp(slow, 'x', 1, 1e6, 1e-3); // a huge smoothTime: barely moves
  close(slow.x, critical(0, 0, 1, 1e6, 1e-3).x, 1e-12, 'huge smoothTime');
});

// ---- bindAttribute -------------------------------------------------------------------------------

test('bindAttribute: a BufferAttribute follows its batch’s view across memory growth, until the batch goes', () => {
  const particles = new sp.SimpleSpringDamperExactBatch(1000, { dim: 3, halflife: 0 });
  const positions = new THREE.BufferAttribute(particles.x, 3);
  const unbound = new THREE.BufferAttribute(particles.x, 3);
  const stop = three.bindAttribute(positions, particles, 'x');
  particles.goal.fill(7);
  particles.update(1 / 60);
  const version = positions.version;
  const big = new sp.DamperExactBatch(1 << 22); // 16 MB: the memory grows, every held view detaches
  assert.equal(unbound.array.length, 0, 'an attribute left alone holds a detached view');
  assert.equal(positions.array.length, 3000);
  assert.equal(positions.array.buffer, particles.x.buffer, 'the live memory');
  assert.equal(positions.version, version + 1, 'needsUpdate was set');
  assert.equal(positions.array[2999], 7, 'the same values');
  particles.goal.fill(-1);
  particles.update(1 / 60);
  assert.equal(positions.getX(999), -1, 'and they stay live');
  // a disposed batch ends the binding: later growth leaves the attribute alone, and throws nothing
  const last = positions.array;
  particles.dispose();
  const bigger = new sp.DamperExactBatch(1 << 23);
  assert.equal(positions.array, last);
  stop(); // harmless once ended
  big.dispose();
  bigger.dispose();
});

test('bindAttribute refuses what cannot work, naming it', () => {
  const b = new sp.DamperExactBatch(10);
  assert.throws(() => three.bindAttribute(new THREE.BufferAttribute(new Float32Array(9), 3), b, 'x'), {
    name: 'RangeError',
    message:
      "sprung.bindAttribute: attribute.array must have the view's length, 10, got 9 (a BufferAttribute cannot change its size)",
  });
  assert.throws(() => three.bindAttribute(new THREE.BufferAttribute(new Float32Array(10), 1), b, 'count'), {
    name: 'TypeError',
    message: 'sprung.bindAttribute: batch.count must be a Float32Array, got 10',
  });
  assert.throws(() => three.bindAttribute({}, b, 'x'), {
    name: 'TypeError',
    message: 'sprung.bindAttribute: attribute must be a three.js BufferAttribute, got an object',
  });
  b.dispose();
  assert.throws(() => three.bindAttribute(new THREE.BufferAttribute(new Float32Array(10), 1), b, 'x'), {
    name: 'TypeError',
    message: 'sprung.DamperExactBatch.x: used after dispose()',
  });
});

// ---- issue 33, items 14 and 15 ------------------------------------------------------------------

test('a dt of 0 or less changes nothing, dampC and dampE included, and a settled value reports it', () => {
  for (const dt of [0, -0.004]) {
    const color = new THREE.Color(0.2, 0.6, 0.9);
    assert.equal(dampC(color, [0.5, 0.5, 0.5], 0.25, dt), true, 'not there yet');
    assert.deepEqual(color.toArray(), [0.2, 0.6, 0.9], `dampC, dt ${dt}`);
    const euler = new THREE.Euler(0.3, -2.9, 3.1);
    assert.equal(dampE(euler, [1, 3, -3], 0.25, dt), true);
    assert.deepEqual(euler.toArray(), [0.3, -2.9, 3.1, 'XYZ'], `dampE, dt ${dt}`);
    const at = new THREE.Color(0.2, 0.6, 0.9);
    assert.equal(dampC(at, [0.2, 0.6, 0.9], 0.25, dt), false, 'at its target, at rest');
    assert.deepEqual(at.toArray(), [0.2, 0.6, 0.9]);
  }
});

test('dampE refuses a target of another Euler order (its angles are another rotation)', () => {
  const current = new THREE.Euler(0.1, 0.2, 0.3, 'XYZ');
  for (const target of [new THREE.Euler(0.5, 0.5, 0.5, 'ZYX'), [0.5, 0.5, 0.5, 'ZYX']])
    assert.throws(() => dampE(current, target, 0.25, 1 / 60), {
      name: 'RangeError',
      message: "sprung.dampE: target's order ZYX must be current's, XYZ: convert it first",
    });
  assert.deepEqual(current.toArray(), [0.1, 0.2, 0.3, 'XYZ']);
  // the same order, or none given: the angles follow the spring, and the rotation lands on the target's
  const target = new THREE.Euler(0.5, -0.4, 1, 'ZYX');
  const object = new THREE.Object3D();
  object.rotation.set(0.1, 0.2, 0.3, 'ZYX');
  for (let i = 0; i < 600; i++) dampE(object.rotation, target, 0.25, 1 / 60);
  const want = new THREE.Quaternion().setFromEuler(target),
    off = object.quaternion.clone().invert().multiply(want),
    angle = 2 * Math.atan2(Math.hypot(off.x, off.y, off.z), Math.abs(off.w)); // (angleTo loses digits near 0)
  assert.ok(angle < 1e-12, `${angle} rad from the target`);
});
