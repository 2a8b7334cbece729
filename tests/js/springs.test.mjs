// springs.test.mjs — the built package (dist/) against closed forms worked out here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';

await sprung.init();

test('simpleSpringDamperExact matches the critical closed form', () => {
  const h = 0.1,
    dt = 0.1,
    y = (2 * Math.LN2) / h;
  const s = sprung.simpleSpringDamperExact({ x: 1, v: 0 }, 0, h, dt);
  const e = Math.exp(-y * dt);
  assert.ok(Math.abs(s.x - e * (1 + y * dt)) < 1e-6);
  assert.ok(Math.abs(s.v - -e * y * y * dt) < 1e-5);
});

test('bad input throws a RangeError naming the function and argument', () => {
  assert.throws(() => sprung.damperExact(1, 0, -1, 0.1), /sprung\.damperExact: halflife/);
  assert.throws(() => sprung.simpleSpringDamperExact({ x: 1 }, 0, 0.1, 0.1), /TypeError|state\.v/);
});
