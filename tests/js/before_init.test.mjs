// before_init.test.mjs — a fresh import of the built package, used before init(): every
// function throws a clear error naming itself and init(), and nothing runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

test('calls before init() throw, naming the function', async () => {
  assert.equal(sp.isReady(), false);
  const calls = {
    springCharacterUpdate: () => sp.springCharacterUpdate({ x: 0, v: 0, a: 0 }, 1, 0.1, 0.1),
    springCharacterPredict: () =>
      sp.springCharacterPredict(
        new Float32Array(2),
        new Float32Array(2),
        new Float32Array(2),
        { x: 0, v: 0, a: 0 },
        1,
        0.1,
        0.1,
      ),
    piecewiseInterpolation: () => sp.piecewiseInterpolation(0.5, [0, 1]),
    doubleSpringDamperExact: () => sp.doubleSpringDamperExact({ x: 0, v: 0, xi: 0, vi: 0 }, 1, 0.1, 0.1),
    timedSpringDamperExact: () => sp.timedSpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, 1, 0.1, 0.1),
    velocitySpringDamperExact: () => sp.velocitySpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, 1, 0.1, 0.1),
    criticalSettleTime: () => sp.criticalSettleTime(0.1, 0.01),
    criticalSettleHalflife: () => sp.criticalSettleHalflife(1, 0.01),
    durationBounceToSpring: () => sp.durationBounceToSpring(0.5, 0.2),
    springIsAtRest: () => sp.springIsAtRest({ x: 0, v: 0 }, 0, 0, 1e-3, 1e-3),
    quatMul: () => sp.quatMul({ x: 0, y: 0, z: 0, w: 1 }, { x: 0, y: 0, z: 0, w: 1 }),
    quatInv: () => sp.quatInv({ x: 0, y: 0, z: 0, w: 1 }),
    quatAbs: () => sp.quatAbs({ x: 0, y: 0, z: 0, w: 1 }),
    quatNormalize: () => sp.quatNormalize({ x: 0, y: 0, z: 0, w: 1 }),
    quatToScaledAngleAxis: () => sp.quatToScaledAngleAxis({ x: 0, y: 0, z: 0, w: 1 }),
    quatFromScaledAngleAxis: () => sp.quatFromScaledAngleAxis({ x: 0, y: 0, z: 0 }),
    simpleSpringDamperExactQuat: () =>
      sp.simpleSpringDamperExactQuat(
        { x: 0, y: 0, z: 0, w: 1 },
        { x: 0, y: 0, z: 0 },
        { x: 0, y: 0, z: 0, w: 1 },
        0.1,
        0.1,
      ),
    decaySpringDamperExactQuat: () =>
      sp.decaySpringDamperExactQuat({ x: 0, y: 0, z: 0, w: 1 }, { x: 0, y: 0, z: 0 }, 0.1, 0.1),
    simpleSpringDamperExact: () => sp.simpleSpringDamperExact({ x: 0, v: 0 }, 1, 0.1, 0.1),
    fastNegexp: () => sp.fastNegexp(1),
  };
  for (const [name, call] of Object.entries(calls))
    assert.throws(
      call,
      (e) =>
        e instanceof TypeError &&
        e.message === `sprung.${name}: call and await init() before using the library`,
      name,
    );
  // the init check comes first: even bad arguments report the missing init()
  assert.throws(() => sp.criticalSettleTime(-1, 5), /sprung\.criticalSettleTime: call and await init\(\)/);
  await sp.init();
  assert.equal(sp.isReady(), true);
  // and then works: after the settle time, e^(−yt)(1 + yt) is the ratio
  const yt = ((2 * Math.LN2) / 0.1) * sp.criticalSettleTime(0.1, 0.5);
  assert.ok(Math.abs(Math.exp(-yt) * (1 + yt) - 0.5) < 1e-6);
});
