// other_springs.test.mjs — double, timed and velocity springs of the built package against
// RK4 integration of the continuous systems they solve, dt-invariance and defaults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { rk4, near } from './oracle.mjs';

await sp.init();

test('doubleSpringDamperExact matches RK4 on the two chained critical springs', () => {
  for (const h of [0.1, 0.5]) {
    for (const T of [1 / 60, 0.3, 1.5]) {
      const k = (2 * Math.LN2) / (0.5 * h),
        g = 2;
      const want = rk4(
        (_t, s) => [s[1], k * k * (s[2] - s[0]) - 2 * k * s[1], s[3], k * k * (g - s[2]) - 2 * k * s[3]],
        [-1, 3, 0.5, -1],
        0,
        T,
        20000,
      );
      const got = sp.doubleSpringDamperExact({ x: -1, v: 3, xi: 0.5, vi: -1 }, g, h, T);
      ['x', 'v', 'xi', 'vi'].forEach((key, j) =>
        assert.ok(
          near(got[key], want[j], 2e-6 * (j % 2 ? 1 + k : 1)),
          `${key} h=${h} T=${T}: ${got[key]} vs ${want[j]}`,
        ),
      );
    }
  }
});

// A critical spring (halflife h) following target(t) = xi0 + vg·(t + lead) until it
// reaches g, then g: the timed and velocity springs' continuous system.
function timedOde(h, xi0, vg, lead, tGoal, g, x0, v0, T) {
  const y = (2 * Math.LN2) / h;
  return rk4(
    (t, s) => {
      const target = t < tGoal - lead ? xi0 + vg * (t + lead) : g;
      return [s[1], y * y * (target - s[0]) - 2 * y * s[1]];
    },
    [x0, v0],
    0,
    T,
    50000,
  ); // the target's kink costs one step its order: ~1e-9
}

test('timedSpringDamperExact matches RK4 on the spring following the line to the goal', () => {
  for (const app of [2, 0.5]) {
    for (const tGoal of [1, 0.15]) {
      for (const T of [1 / 60, 0.3, 1.5]) {
        const h = 0.1,
          vg = (3 - 0.5) / tGoal,
          y = (2 * Math.LN2) / h;
        const want = timedOde(h, 0.5, vg, app * h, tGoal, 3, -1, 2, T);
        const got = sp.timedSpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, tGoal, h, T, app);
        assert.ok(near(got.x, want[0], 5e-6), `x app=${app} tGoal=${tGoal} T=${T}`);
        assert.ok(near(got.v, want[1], 5e-6 * (1 + y)), `v app=${app} tGoal=${tGoal} T=${T}`);
        assert.ok(near(got.xi, T < tGoal ? 0.5 + vg * T : 3, 1e-6), 'xi');
      }
    }
  }
  const a = sp.timedSpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 1, 0.1, 0.2);
  const b = sp.timedSpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 1, 0.1, 0.2, 2);
  assert.deepEqual(a, b, 'apprehension defaults to 2');
});

test('velocitySpringDamperExact matches RK4 with the target moving at maxSpeed', () => {
  for (const T of [1 / 60, 0.3, 1.5]) {
    const h = 0.2,
      speed = 4,
      y = (2 * Math.LN2) / h;
    const want = timedOde(h, 0.5, speed, 2 * h, 2.5 / speed, 3, -1, 2, T);
    const got = sp.velocitySpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, speed, h, T);
    assert.ok(near(got.x, want[0], 5e-6) && near(got.v, want[1], 5e-6 * (1 + y)), `T=${T}`);
  }
});

test('double, timed and velocity springs are dt-invariant', () => {
  // two float roundings of the state instead of one; velocities are ~30× the positions here
  const tol = (k) => 3e-6 * (k === 'v' || k === 'vi' ? 30 : 1);
  for (const dt of [1 / 60, 0.1, 0.4]) {
    const d1 = sp.doubleSpringDamperExact({ x: -1, v: 3, xi: 0.5, vi: -1 }, 2, 0.3, 2 * dt);
    const d2 = sp.doubleSpringDamperExact(
      sp.doubleSpringDamperExact({ x: -1, v: 3, xi: 0.5, vi: -1 }, 2, 0.3, dt),
      2,
      0.3,
      dt,
    );
    for (const k of ['x', 'v', 'xi', 'vi']) assert.ok(near(d1[k], d2[k], tol(k)), `double ${k} dt=${dt}`);
    const t1 = sp.timedSpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 0.5, 0.1, 2 * dt);
    const t2 = sp.timedSpringDamperExact(
      sp.timedSpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 0.5, 0.1, dt),
      3,
      0.5 - dt,
      0.1,
      dt,
    );
    for (const k of ['x', 'v', 'xi']) assert.ok(near(t1[k], t2[k], tol(k)), `timed ${k} dt=${dt}`);
    const v1 = sp.velocitySpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 4, 0.1, 2 * dt);
    const v2 = sp.velocitySpringDamperExact(
      sp.velocitySpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 4, 0.1, dt),
      3,
      4,
      0.1,
      dt,
    );
    for (const k of ['x', 'v', 'xi']) assert.ok(near(v1[k], v2[k], tol(k)), `velocity ${k} dt=${dt}`);
  }
});

test('edges: dt = 0 keeps the state, halflife = 0 snaps', () => {
  assert.deepEqual(sp.doubleSpringDamperExact({ x: -1, v: 3, xi: 0.5, vi: -1 }, 2, 0.3, 0), {
    x: -1,
    v: 3,
    xi: 0.5,
    vi: -1,
  });
  assert.deepEqual(sp.doubleSpringDamperExact({ x: -1, v: 3, xi: 0.5, vi: -1 }, 2, 0, 0.1), {
    x: 2,
    v: 0,
    xi: 2,
    vi: 0,
  });
  assert.deepEqual(sp.timedSpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 1, 0.1, 0), {
    x: -1,
    v: 2,
    xi: 0.5,
  });
  assert.deepEqual(sp.velocitySpringDamperExact({ x: -1, v: 2, xi: 0.5 }, 3, 4, 1e-4, 10), {
    x: 3,
    v: 0,
    xi: 3,
  });
});
