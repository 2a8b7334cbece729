// bad_input.test.mjs — every function of the applications, other springs, settle and quat
// modules rejects bad input with a TypeError/RangeError naming the function and argument,
// and leaves the caller's state untouched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../../dist/index.js';

await sp.init();

/** Asserts that fn throws `type` with a message naming `sprung.name: arg`. */
function rejects(type, name, arg, fn) {
  assert.throws(
    fn,
    (e) => e instanceof type && e.message.startsWith(`sprung.${name}: ${arg}`),
    `${name} should throw ${type.name} for ${arg}`,
  );
}

const q = () => ({ x: 0, y: 0, z: 0, w: 1 }),
  v3 = () => ({ x: 0, y: 0, z: 0 });
const f32 = (n) => new Float32Array(n);

test('negative, non-finite halflife and dt are RangeErrors', () => {
  const cases = {
    springCharacterUpdate: (h, dt) => sp.springCharacterUpdate({ x: 0, v: 0, a: 0 }, 1, h, dt),
    springCharacterPredict: (h, dt) =>
      sp.springCharacterPredict(f32(3), f32(3), f32(3), { x: 0, v: 0, a: 0 }, 1, h, dt),
    doubleSpringDamperExact: (h, dt) => sp.doubleSpringDamperExact({ x: 0, v: 0, xi: 0, vi: 0 }, 1, h, dt),
    timedSpringDamperExact: (h, dt) => sp.timedSpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, 1, h, dt),
    velocitySpringDamperExact: (h, dt) => sp.velocitySpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, 1, h, dt),
    simpleSpringDamperExactQuat: (h, dt) => sp.simpleSpringDamperExactQuat(q(), v3(), q(), h, dt),
    decaySpringDamperExactQuat: (h, dt) => sp.decaySpringDamperExactQuat(q(), v3(), h, dt),
  };
  for (const [name, call] of Object.entries(cases)) {
    for (const bad of [-1, NaN, Infinity, -Infinity]) {
      rejects(RangeError, name, 'halflife', () => call(bad, 0.1));
      rejects(RangeError, name, 'dt', () => call(0.1, bad));
    }
    rejects(TypeError, name, 'halflife', () => call('0.1', 0.1));
    rejects(TypeError, name, 'dt', () => call(0.1, undefined));
  }
  rejects(RangeError, 'criticalSettleTime', 'halflife', () => sp.criticalSettleTime(-1, 0.01));
  rejects(RangeError, 'criticalSettleHalflife', 'settleTime', () => sp.criticalSettleHalflife(NaN, 0.01));
});

test('wrong types and missing or non-finite state fields are TypeErrors/RangeErrors', () => {
  rejects(TypeError, 'springCharacterUpdate', 'state', () => sp.springCharacterUpdate(null, 1, 0.1, 0.1));
  rejects(TypeError, 'springCharacterUpdate', 'state.a', () =>
    sp.springCharacterUpdate({ x: 0, v: 0 }, 1, 0.1, 0.1),
  );
  rejects(RangeError, 'springCharacterUpdate', 'state.v', () =>
    sp.springCharacterUpdate({ x: 0, v: NaN, a: 0 }, 1, 0.1, 0.1),
  );
  rejects(TypeError, 'springCharacterUpdate', 'vGoal', () =>
    sp.springCharacterUpdate({ x: 0, v: 0, a: 0 }, '1', 0.1, 0.1),
  );
  rejects(TypeError, 'doubleSpringDamperExact', 'state.vi', () =>
    sp.doubleSpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, 0.1, 0.1),
  );
  rejects(TypeError, 'timedSpringDamperExact', 'state.xi', () =>
    sp.timedSpringDamperExact({ x: 0, v: 0 }, 1, 1, 0.1, 0.1),
  );
  rejects(RangeError, 'timedSpringDamperExact', 'tGoal', () =>
    sp.timedSpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, NaN, 0.1, 0.1),
  );
  rejects(RangeError, 'timedSpringDamperExact', 'apprehension', () =>
    sp.timedSpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, 1, 0.1, 0.1, -2),
  );
  rejects(RangeError, 'velocitySpringDamperExact', 'maxSpeed', () =>
    sp.velocitySpringDamperExact({ x: 0, v: 0, xi: 0 }, 1, -1, 0.1, 0.1),
  );
  rejects(RangeError, 'velocitySpringDamperExact', 'goal', () =>
    sp.velocitySpringDamperExact({ x: 0, v: 0, xi: 0 }, Infinity, 1, 0.1, 0.1),
  );
  rejects(TypeError, 'simpleSpringDamperExactQuat', 'rotation.w', () =>
    sp.simpleSpringDamperExactQuat({ x: 0, y: 0, z: 0 }, v3(), q(), 0.1, 0.1),
  );
  rejects(TypeError, 'simpleSpringDamperExactQuat', 'angularVelocity', () =>
    sp.simpleSpringDamperExactQuat(q(), [0, 0, 0], q(), 0.1, 0.1),
  );
  rejects(RangeError, 'simpleSpringDamperExactQuat', 'goal.x', () =>
    sp.simpleSpringDamperExactQuat(q(), v3(), { x: NaN, y: 0, z: 0, w: 1 }, 0.1, 0.1),
  );
  rejects(TypeError, 'quatMul', 'b', () => sp.quatMul(q(), 'q'));
  rejects(TypeError, 'quatInv', 'q.z', () => sp.quatInv({ x: 0, y: 0, w: 1 }));
  rejects(TypeError, 'quatAbs', 'out', () => sp.quatAbs(q(), 5));
  rejects(RangeError, 'quatNormalize', 'q.x', () => sp.quatNormalize({ x: Infinity, y: 0, z: 0, w: 1 }));
  rejects(TypeError, 'quatToScaledAngleAxis', 'q', () => sp.quatToScaledAngleAxis(undefined));
  rejects(TypeError, 'quatFromScaledAngleAxis', 'v.y', () => sp.quatFromScaledAngleAxis({ x: 0, z: 0 }));
  rejects(TypeError, 'springIsAtRest', 'state.v', () => sp.springIsAtRest({ x: 0 }, 0, 0, 1e-3, 1e-3));
  rejects(RangeError, 'springIsAtRest', 'epsX', () => sp.springIsAtRest({ x: 0, v: 0 }, 0, 0, -1, 1e-3));
});

test('arrays, counts and ranges are checked', () => {
  const s = { x: 0, v: 0, a: 0 };
  rejects(TypeError, 'springCharacterPredict', 'positions', () =>
    sp.springCharacterPredict([0, 0], f32(2), f32(2), s, 1, 0.1, 0.1),
  );
  rejects(TypeError, 'springCharacterPredict', 'velocities', () =>
    sp.springCharacterPredict(f32(2), new Float64Array(2), f32(2), s, 1, 0.1, 0.1),
  );
  rejects(RangeError, 'springCharacterPredict', 'accelerations', () =>
    sp.springCharacterPredict(f32(4), f32(4), f32(3), s, 1, 0.1, 0.1),
  );
  rejects(RangeError, 'springCharacterPredict', 'count', () =>
    sp.springCharacterPredict(f32(4), f32(4), f32(4), s, 1, 0.1, 0.1, 2.5),
  );
  rejects(RangeError, 'springCharacterPredict', 'positions', () =>
    sp.springCharacterPredict(f32(4), f32(4), f32(4), s, 1, 0.1, 0.1, 5),
  );
  rejects(TypeError, 'piecewiseInterpolation', 'points', () => sp.piecewiseInterpolation(0.5, 'abc'));
  rejects(RangeError, 'piecewiseInterpolation', 'points', () => sp.piecewiseInterpolation(0.5, []));
  rejects(TypeError, 'piecewiseInterpolation', 'points[1]', () => sp.piecewiseInterpolation(0.5, [0, '1']));
  rejects(RangeError, 'piecewiseInterpolation', 'points[0]', () => sp.piecewiseInterpolation(0.5, [NaN, 1]));
  rejects(RangeError, 'piecewiseInterpolation', 't', () => sp.piecewiseInterpolation(NaN, [0, 1]));
  for (const ratio of [0, 1, -0.5, 2, NaN]) {
    rejects(RangeError, 'criticalSettleTime', 'ratio', () => sp.criticalSettleTime(0.1, ratio));
    rejects(RangeError, 'criticalSettleHalflife', 'ratio', () => sp.criticalSettleHalflife(1, ratio));
  }
  rejects(RangeError, 'durationBounceToSpring', 'duration', () => sp.durationBounceToSpring(0, 0.3));
  rejects(RangeError, 'durationBounceToSpring', 'bounce', () => sp.durationBounceToSpring(0.5, 1.5));
  rejects(TypeError, 'durationBounceToSpring', 'bounce', () => sp.durationBounceToSpring(0.5, null));
});

test('a rejected call leaves the state untouched', () => {
  const state = { x: 1, v: 2, a: 3 };
  assert.throws(() => sp.springCharacterUpdate(state, 1, -1, 0.1));
  assert.deepEqual(state, { x: 1, v: 2, a: 3 });
  const rot = q(),
    av = { x: 1, y: 2, z: 3 };
  assert.throws(() => sp.simpleSpringDamperExactQuat(rot, av, q(), 0.1, NaN));
  assert.deepEqual([rot, av], [q(), { x: 1, y: 2, z: 3 }]);
});
