// vectors.test.mjs — the 2D and 3D dampers and springs (damperExactV2/V3, the critical,
// simple and decay springs and the spring in every regime on vectors) against the closed form
// of the damper and RK4 of the spring ODE in double, per component; dt-invariance; the caller's
// class (a Pixi-like Point with methods) comes back; each component of the JS-stepped vector
// springs and dampers is the scalar function bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { springOde, near, LN2 } from './oracle.mjs';

await sp.init();

/** A class like PixiJS's Point: x, y and methods of its own. */
class Point {
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
  clone() {
    return new Point(this.x, this.y);
  }
  len() {
    return Math.hypot(this.x, this.y);
  }
}
const K2 = ['x', 'y'],
  K3 = ['x', 'y', 'z'];

test('damperExactV2/V3: each component is x + (g − x)(1 − 2^(−dt/h)), and the caller’s object comes back', () => {
  const h = 0.2,
    dt = 0.05,
    keep = 2 ** (-dt / h);
  const p = new Point(1, -3),
    g = { x: 5, y: 2 };
  const r = sp.damperExactV2(p, g, h, dt);
  assert.equal(r, p);
  assert.equal(typeof r.clone, 'function');
  for (const k of K2) assert.ok(near(p[k], g[k] + ([1, -3][K2.indexOf(k)] - g[k]) * keep, 1e-6), k);
  const q = { x: 1, y: 2, z: -4 },
    gq = { x: 0, y: 10, z: 1 },
    q0 = { ...q };
  sp.damperExactV3(q, gq, h, dt);
  for (const k of K3) assert.ok(near(q[k], gq[k] + (q0[k] - gq[k]) * keep, 1e-6), k);
  // halflife 0 snaps, dt 0 changes nothing
  assert.deepEqual({ ...sp.damperExactV2({ x: 1, y: 1 }, g, 0, dt) }, g);
  assert.deepEqual({ ...sp.damperExactV3({ x: 1, y: 2, z: 3 }, gq, h, 0) }, { x: 1, y: 2, z: 3 });
});

/** The critical spring of halflife h in closed form, double: it comes to rest at
 *  c = g + 2q/y (where the pull s·(g − c) balances d·q), x(t) = c + (j0 + j1·t)e^(−yt). */
function critical(x, v, g, q, h, t) {
  const y = (2 * LN2) / h,
    c = g + (2 * q) / y,
    j0 = x - c,
    j1 = v + j0 * y,
    e = Math.exp(-y * t);
  return { x: e * (j0 + j1 * t) + c, v: e * (v - j1 * y * t) };
}

test('critical, simple and decay springs on vectors follow the ODE per component (RK4 in double)', () => {
  const h = 0.3,
    T = 0.7,
    s = ((2 * LN2) / h) ** 2,
    d = (4 * LN2) / h;
  const x0 = { x: 1, y: -2, z: 0.5 },
    v0 = { x: 3, y: 0, z: -1 },
    g = { x: -1, y: 4, z: 2 },
    q = { x: 0.5, y: -2, z: 1 };
  const cases = [
    ['criticalSpringDamperExactV3', (x, v) => sp.criticalSpringDamperExactV3(x, v, g, q, h, T), g, q, K3],
    ['simpleSpringDamperExactV3', (x, v) => sp.simpleSpringDamperExactV3(x, v, g, h, T), g, null, K3],
    ['decaySpringDamperExactV3', (x, v) => sp.decaySpringDamperExactV3(x, v, h, T), null, null, K3],
    ['criticalSpringDamperExactV2', (x, v) => sp.criticalSpringDamperExactV2(x, v, g, q, h, T), g, q, K2],
    ['simpleSpringDamperExactV2', (x, v) => sp.simpleSpringDamperExactV2(x, v, g, h, T), g, null, K2],
    ['decaySpringDamperExactV2', (x, v) => sp.decaySpringDamperExactV2(x, v, h, T), null, null, K2],
  ];
  for (const [name, step, goal, goalVelocity, keys] of cases) {
    const x = Object.fromEntries(keys.map((k) => [k, x0[k]])),
      v = Object.fromEntries(keys.map((k) => [k, v0[k]]));
    assert.equal(step(x, v), x, `${name} returns the position`);
    for (const k of keys) {
      const gk = goal ? goal[k] : 0,
        qk = goalVelocity ? goalVelocity[k] : 0;
      const o = springOde(s, d, gk, qk, x0[k], v0[k], T);
      assert.ok(near(x[k], o.x, 2e-6), `${name}.${k}: ${x[k]} vs ${o.x}`);
      assert.ok(near(v[k], o.v, 2e-6), `${name} velocity.${k}`);
      const c = critical(x0[k], v0[k], gk, qk, h, T);
      assert.ok(near(x[k], c.x, 2e-6) && near(v[k], c.v, 2e-6), `${name}.${k} closed form`);
    }
  }
});

test('springDamperExactV2/V3 follow the ODE in every regime (RK4 in double)', () => {
  const h = 0.4,
    T = 0.9;
  for (const f of [0.3, (LN2 / Math.PI) * (1 / h), 2.5]) {
    // over damped, critical, under damped
    const s = (2 * Math.PI * f) ** 2,
      d = (4 * LN2) / h;
    const x = new Point(1, -1),
      v = { x: 0, y: 2 },
      g = { x: 3, y: 0 },
      q = { x: 0.5, y: -1 };
    const r = sp.springDamperExactV2(x, v, g, q, f, h, T);
    assert.equal(r, x);
    for (const [k, x0, v0] of [
      ['x', 1, 0],
      ['y', -1, 2],
    ]) {
      const o = springOde(s, d, g[k], q[k], x0, v0, T, 40000);
      assert.ok(near(x[k], o.x, 5e-6), `f=${f} ${k}: ${x[k]} vs ${o.x}`);
      assert.ok(near(v[k], o.v, 5e-6), `f=${f} v.${k}`);
    }
    const x3 = { x: 1, y: -1, z: 2 },
      v3 = { x: 0, y: 2, z: -3 };
    sp.springDamperExactV3(x3, v3, { x: 3, y: 0, z: 1 }, { x: 0, y: 0, z: 0 }, f, h, T);
    const m = springOde(s, d, 1, 0, 2, -3, T, 40000);
    assert.ok(near(x3.z, m.x, 5e-6) && near(v3.z, m.v, 5e-6), `f=${f} z`);
  }
});

test('vector springs are dt-invariant: 60 steps of 1/60 s equal one of 1 s', () => {
  const run = (n, f) => {
    const x = { x: 1, y: 2, z: 3 },
      v = { x: -1, y: 0, z: 4 };
    for (let i = 0; i < n; i++) f(x, v, 1 / n);
    return [x, v];
  };
  const g = { x: 0, y: -1, z: 5 },
    q = { x: 1, y: 0, z: 0 };
  for (const f of [
    (x, v, dt) => sp.criticalSpringDamperExactV3(x, v, g, q, 0.2, dt),
    (x, v, dt) => sp.springDamperExactV3(x, v, g, q, 3, 0.3, dt),
    (x, v, dt) => sp.damperExactV3(x, g, 0.2, dt),
    (x, v, dt) => sp.simpleSpringDamperExactV2(x, v, g, 0.2, dt),
  ]) {
    const [a, av] = run(60, f),
      [b, bv] = run(1, f);
    for (const k of K3) assert.ok(near(a[k], b[k], 1e-5) && near(av[k], bv[k], 1e-5), `${f}: ${k}`);
  }
});

test('each component of the vector springs and dampers is the scalar function, bit for bit', () => {
  const same = (a, b) => (Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b));
  const values = [0, -0, 1, -2.5, 1e-40, 1e20, -7e30, 0.1, 123.456];
  for (const h of [0.2, 0, 1e-30, 7.5])
    for (const dt of [1 / 60, 0, 1e-50, 1e6])
      for (let k = 0; k < values.length; k++) {
        const at = (j) => values[(k + j) % values.length];
        const x0 = { x: at(0), y: at(1), z: at(2) },
          v0 = { x: at(3), y: at(4), z: at(5) },
          g = { x: at(6), y: at(7), z: at(8) },
          q = { x: at(1), y: at(3), z: at(5) };
        const scalar = (K, f) =>
          K.flatMap((c) => {
            const s = f({ x: x0[c], v: v0[c] }, g[c], q[c]);
            return [s.x, s.v];
          });
        const stepped = (K, f) => {
          const x = Object.fromEntries(K.map((c) => [c, x0[c]])),
            v = Object.fromEntries(K.map((c) => [c, v0[c]]));
          f(x, v);
          return K.flatMap((c) => [x[c], v[c]]);
        };
        const cases = [
          [
            'criticalSpringDamperExactV3',
            scalar(K3, (s, gc, qc) => sp.criticalSpringDamperExact(s, gc, qc, h, dt)),
            stepped(K3, (x, v) => sp.criticalSpringDamperExactV3(x, v, g, q, h, dt)),
          ],
          [
            'simpleSpringDamperExactV2',
            scalar(K2, (s, gc) => sp.simpleSpringDamperExact(s, gc, h, dt)),
            stepped(K2, (x, v) => sp.simpleSpringDamperExactV2(x, v, g, h, dt)),
          ],
          [
            'springDamperExactV3',
            scalar(K3, (s, gc, qc) => sp.springDamperExact(s, gc, qc, 0.7, h, dt)),
            stepped(K3, (x, v) => sp.springDamperExactV3(x, v, g, q, 0.7, h, dt)),
          ],
          [
            'damperExactV2',
            K2.flatMap((c) => [sp.damperExact(x0[c], g[c], h, dt), v0[c]]),
            stepped(K2, (x) => sp.damperExactV2(x, g, h, dt)),
          ],
        ];
        for (const [name, want, got] of cases)
          got.forEach((u, j) =>
            assert.ok(same(u, want[j]), `${name} h=${h} dt=${dt} [${j}]: ${u} vs ${want[j]}`),
          );
      }
});

test('springDamperExactV2/V3: frequency 0 is valid while the goal velocity is 0, refused otherwise', () => {
  const x = { x: 1, y: 2 },
    v = { x: 0, y: 0 };
  sp.springDamperExactV2(x, v, { x: 0, y: 0 }, { x: 0, y: 0 }, 0, 0.2, 0.1); // no stiffness: stays
  assert.deepEqual(x, { x: 1, y: 2 });
  assert.throws(
    () => sp.springDamperExactV2(x, v, { x: 0, y: 0 }, { x: 0, y: 1 }, 0, 0.2, 0.1),
    (e) =>
      e instanceof RangeError &&
      /^sprung\.springDamperExactV2: frequency must be > 0 when goalVelocity/.test(e.message),
  );
  assert.throws(
    () =>
      sp.springDamperExactV3(
        { x: 0, y: 0, z: 0 },
        v,
        { x: 0, y: 0, z: 0 },
        { x: 0, y: 0, z: -2 },
        0,
        0.2,
        0.1,
      ),
    /frequency must be > 0 when goalVelocity/,
  );
});

test('bad vectors are refused naming the function and the field, and nothing changes', () => {
  const x = { x: 1, y: 2 },
    v = { x: 3, y: 4 };
  assert.throws(
    () => sp.simpleSpringDamperExactV2(x, v, { x: 0, y: NaN }, 0.1, 0.1),
    /^RangeError: sprung\.simpleSpringDamperExactV2: goal\.y must be a finite number/,
  );
  assert.throws(
    () => sp.damperExactV2(Object.freeze({ x: 1, y: 2 }), x, 0.1, 0.1),
    /damperExactV2: position/,
  );
  assert.throws(() => sp.criticalSpringDamperExactV3(x, v, x, x, 0.1, 0.1), /position\.z/);
  assert.deepEqual(
    [x, v],
    [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ],
  );
});
