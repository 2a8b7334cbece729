// springs.test.mjs — the built package (dist/) against closed forms worked out here, and the
// article's implicit critical spring against its listing.
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

test("simpleSpringDamperImplicit is the article's listing: fast_negexp in place of the exponential", () => {
  // y = 2·ln2/halflife (no eps: halflife 0 is a snap), j0 = x − g, j1 = v + j0·y,
  // x = e·(j0 + j1·dt) + g, v = e·(v − j1·y·dt), e = fast_negexp(y·dt) = 1/(1 + z + 0.48z² + 0.235z³)
  for (const [x, v, g, h, dt] of [
    [1, 0, 0, 0.1, 1 / 60],
    [-2, 5, 3, 0.3, 0.1],
    [0.5, -1, 0.25, 1.5, 1 / 144],
  ]) {
    const f = Math.fround,
      y = (2 * Math.LN2) / f(h),
      z = y * f(dt),
      e = 1 / (1 + z + 0.48 * z * z + 0.235 * z * z * z),
      j0 = x - g,
      j1 = v + j0 * y;
    const s = sprung.simpleSpringDamperImplicit({ x, v }, g, h, dt);
    assert.ok(Math.abs(s.x - (e * (j0 + j1 * f(dt)) + g)) <= 2e-6 * Math.max(1, Math.abs(s.x)), `x ${s.x}`);
    assert.ok(Math.abs(s.v - e * (v - j1 * y * f(dt))) <= 2e-6 * Math.max(1, Math.abs(s.v)), `v ${s.v}`);
  }
});

test('bad input throws a RangeError naming the function and argument', () => {
  assert.throws(() => sprung.damperExact(1, 0, -1, 0.1), /sprung\.damperExact: halflife/);
  assert.throws(() => sprung.simpleSpringDamperExact({ x: 1 }, 0, 0.1, 0.1), /TypeError|state\.v/);
});
