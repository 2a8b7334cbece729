// input_policy.test.mjs — regression tests of the input policy (issue 11: items 3 and 5 and the
// TypeScript-side lower-severity items). Each failed before the argument specs and checks
// made from the header; spec_checks.test.mjs then covers every wrapper systematically.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../../dist/index.js';
import { wasm } from '../../../dist/wasm.js';

await sp.init();

/** Asserts `f` throws `type` whose message starts `sprung.<prefix>`. */
function rejects(type, prefix, f) {
  assert.throws(f, (e) => e instanceof type && e.message.startsWith(`sprung.${prefix}`), `sprung.${prefix}`);
}

/**
 * Calls `round(n)` for n = 2^14, 2^15, … until one call grew WASM memory (so that the views it
 * was given detached during the call); `round` checks its own results every time. The work
 * buffer only grows, so some round grows memory.
 */
function untilGrowth(round) {
  for (let n = 1 << 14; n <= 1 << 24; n *= 2) {
    const before = wasm.memory.buffer;
    round(n);
    if (wasm.memory.buffer !== before) return;
  }
  assert.fail('no call grew memory');
}

test('item 3: library views as arguments of a call that grows memory', () => {
  // springCharacterPredict wrote into the detached views: every result was dropped
  const state = { x: 1, v: 2, a: -3 };
  untilGrowth((n) => {
    const batch = new sp.DamperExactBatch(n, { dim: 3 }); // x: 3n floats, a view sprung handed out
    const [px, pv, pa] = [0, 1, 2].map((k) => batch.x.subarray(k * n, (k + 1) * n));
    sp.springCharacterPredict(px, pv, pa, state, 4, 0.2, 0.01, n);
    const [ex, ev, ea] = [0, 1, 2].map(() => new Float32Array(n));
    sp.springCharacterPredict(ex, ev, ea, state, 4, 0.2, 0.01, n);
    const x = batch.x; // the getter's current view
    assert.deepEqual([x[n - 1], x[2 * n - 1], x[3 * n - 1]], [ex[n - 1], ev[n - 1], ea[n - 1]]);
    assert.ok(x[n - 1] !== 0);
    batch.dispose();
  });
  // transitionCostLandscape threw a raw TypeError on a batch view as out
  untilGrowth((n) => {
    const db = new sp.FeatureDatabase(n, 1);
    const out = sp.transitionCostLandscape(n, 1, -1, 1, 1, 1, {}, db.features);
    assert.ok(out.buffer === wasm.memory.buffer, 'the result is a view of the current memory');
    assert.equal(db.features[n - 1], sp.transitionCost(1, 1));
    db.dispose();
  });
  // inertializationFeatures and FeatureDatabase.build threw a raw TypeError on views
  untilGrowth((n) => {
    const src = new sp.DamperExactBatch(n, { dim: 2 }); // x and goal: 2n floats each
    src.x.fill(0.5);
    src.goal.fill(-1);
    const feats = sp.inertializationFeatures('cubic', src.x, src.goal, n, 2, 0.1, 0.3);
    assert.equal(feats[2 * n - 1], sp.decayCubicFeature(0.5, -1, 0.3));
    src.dispose();
  });
  untilGrowth((n) => {
    const src = new sp.DamperExactBatch(n, { dim: 2 });
    src.x.fill(0.25);
    const db = new sp.FeatureDatabase(n, 2);
    db.build('spring', src.x, src.goal, 0.1, 0.3);
    assert.equal(db.features[2 * n - 1], sp.decaySpringDamperFeature(0.25, 0, 0.1));
    src.dispose();
    db.dispose();
  });
  // piecewiseInterpolation blamed points[0] of the detached view
  untilGrowth((n) => {
    const pts = new sp.DamperExactBatch(n);
    pts.x.fill(2);
    const g = sp.piecewiseInterpolation(0.5, pts.x);
    assert.deepEqual([g.x, g.v], [2, 0]);
    pts.dispose();
  });
});

test('item 5: frozen and getter-only state and out objects are refused before anything is written', () => {
  const p = { x: 1, y: 2, z: 3 },
    v = { x: 1, y: 0, z: 0 },
    a = Object.freeze({ x: 0, y: 0, z: 0 });
  rejects(TypeError, 'simulationPositionUpdate: acceleration.x must be writable', () =>
    sp.simulationPositionUpdate(p, v, a, { x: 0, y: 0, z: 1 }, 0.2, 1 / 60),
  );
  assert.deepEqual(
    [p, v],
    [
      { x: 1, y: 2, z: 3 },
      { x: 1, y: 0, z: 0 },
    ],
    'position and velocity unchanged',
  );

  const rot = { x: 0, y: 0, z: 0, w: 1 };
  const av = {
    x: 1,
    y: 0,
    get z() {
      return 0;
    },
  };
  rejects(TypeError, 'simpleSpringDamperExactQuat: angularVelocity.z must be writable', () =>
    sp.simpleSpringDamperExactQuat(rot, av, { x: 0, y: 1, z: 0, w: 0 }, 0.1, 1 / 60),
  );
  assert.deepEqual(rot, { x: 0, y: 0, z: 0, w: 1 });

  const state = Object.freeze({ x: 1, v: 0 });
  rejects(TypeError, 'criticalSpringDamperExact: state.', () =>
    sp.criticalSpringDamperExact(state, 0, 0, 0.1, 0.1),
  );
  const offset = { x: 1, v: 2 };
  rejects(TypeError, 'inertializeUpdate: out.', () =>
    sp.inertializeUpdate(Object.freeze({ x: 0, v: 0 }), offset, 0, 0, 0.1, 0.1),
  );
  assert.deepEqual(offset, { x: 1, v: 2 }, 'the offset is not decayed by a call that throws');
  rejects(TypeError, 'quatMul: out.', () => sp.quatMul(rot, rot, Object.freeze({ x: 0, y: 0, z: 0, w: 1 })));
  // an output that lacks a field must be able to take it
  const closed = Object.preventExtensions({ x: 0, y: 0 });
  rejects(TypeError, 'quatMul: out.z must be writable', () => sp.quatMul(rot, rot, closed));
  assert.deepEqual(closed, { x: 0, y: 0 }, 'nothing written');
  const sealed = Object.seal({ x: 0, y: 0, z: 0, w: 0 });
  assert.deepEqual(
    sp.quatMul(rot, rot, sealed),
    { x: 0, y: 0, z: 0, w: 1 },
    'a sealed output with every field',
  );
});

test('options: null, non-objects and null fields are refused, naming the option', () => {
  rejects(TypeError, 'transitionCost: options', () => sp.transitionCost(1, 0, null));
  rejects(TypeError, 'transitionCost: options', () => sp.transitionCost(1, 0, 5));
  rejects(TypeError, 'transitionCost: options.halflife', () => sp.transitionCost(1, 0, { halflife: null }));
  rejects(TypeError, 'transitionCostLandscape: options', () =>
    sp.transitionCostLandscape(2, 2, 0, 1, 0, 1, null),
  );
  rejects(TypeError, 'DamperExactBatch: options', () => new sp.DamperExactBatch(2, null));
  rejects(
    TypeError,
    'SpringDamperExactBatch: options.frequency',
    () => new sp.SpringDamperExactBatch(2, { frequency: null }),
  );
  rejects(TypeError, 'PoseInertializer: options', () => new sp.PoseInertializer(2, 'fast'));
  rejects(
    TypeError,
    'CubicPoseInertializer: options.blendtime',
    () => new sp.CubicPoseInertializer(2, { blendtime: null }),
  );
});

test('messages name the function and the argument that is wrong', () => {
  rejects(RangeError, 'trackingSpringUpdateExactNoAcceleration: dt', () =>
    sp.trackingSpringUpdateExactNoAcceleration({ x: 0, v: 0 }, 1, 0, 2, 0.1, -1),
  );
  rejects(RangeError, 'inertializeQuinticUpdate: blendtime', () =>
    sp.inertializeQuinticUpdate({ x: 0, v: 0 }, { x: 0, v: 0, t: 0 }, 0, 0, -1, 0.1),
  );
  const pose = new sp.PoseInertializer(2);
  pose.dispose();
  rejects(TypeError, 'PoseInertializer.reset: used after dispose()', () => pose.reset());
  const pred = new sp.TrajectoryPredictor(2);
  pred.dispose();
  for (const g of ['times', 'positions', 'velocities', 'accelerations', 'rotations', 'angularVelocities'])
    rejects(TypeError, `TrajectoryPredictor.${g}: used after dispose()`, () => pred[g]);
});

test('raw engine errors become named ones: Proxies, BigInt counts, a non-object search result', () => {
  const proxy = new Proxy(new Float32Array(4), {});
  rejects(TypeError, 'springCharacterPredict: positions', () =>
    sp.springCharacterPredict(
      proxy,
      new Float32Array(4),
      new Float32Array(4),
      { x: 0, v: 0, a: 0 },
      1,
      0.1,
      0.1,
      4,
    ),
  );
  rejects(TypeError, 'TrajectoryPredictor: count', () => new sp.TrajectoryPredictor(4n));
  rejects(TypeError, 'FeatureDatabase: rows', () => new sp.FeatureDatabase(4n, 2));
  rejects(TypeError, 'TrajectoryBatch: characters', () => new sp.TrajectoryBatch(2n, 3));
  const db = new sp.FeatureDatabase(2, 2);
  rejects(TypeError, 'FeatureDatabase.search: result', () => db.search(new Float32Array(2), 5));
  db.dispose();
});

test('fast paths do not coerce: strings and valueOf objects are refused', () => {
  const s = { x: 0, v: 0 };
  rejects(TypeError, 'springDamperExactRatio: dampingRatio', () =>
    sp.springDamperExactRatio(s, 1, 0, '0.7', 0.1, 0.1),
  );
  let calls = 0;
  const sneaky = {
    valueOf() {
      calls++;
      return 1e-5;
    },
  };
  rejects(TypeError, 'springDamperImplicit: eps', () => sp.springDamperImplicit(s, 1, 0, 4, 4, 0.1, sneaky));
  rejects(TypeError, 'damperImplicit: eps', () => sp.damperImplicit(0, 1, 0.1, 0.1, sneaky));
  assert.equal(calls, 0, 'valueOf never runs');
  assert.deepEqual(s, { x: 0, v: 0 });
});

test('values outside the domain are refused: negative frequency and dt, NaN energy, goal velocity at frequency 0', () => {
  rejects(RangeError, 'frequencyToStiffness: frequency', () => sp.frequencyToStiffness(-1));
  rejects(RangeError, 'springEnergy: x', () => sp.springEnergy(NaN, 0, 1));
  rejects(RangeError, 'springEnergy: frequency', () => sp.springEnergy(0, 0, -2));
  const pred = new sp.TrajectoryPredictor(2);
  const zero = { x: 0, y: 0, z: 0 };
  rejects(RangeError, 'TrajectoryPredictor.predictPositions: dt', () =>
    pred.predictPositions(zero, zero, zero, zero, 0.2, -1),
  );
  pred.dispose();
  const crowd = new sp.TrajectoryBatch(1, 2);
  rejects(RangeError, 'TrajectoryBatch.predict: dt', () => crowd.predict(0.2, 0.2, -0.1));
  crowd.dispose();
  const springs = new sp.SpringDamperExactBatch(3, { frequency: 0 });
  springs.goalVelocity[1] = 2;
  const x = springs.x.slice();
  rejects(RangeError, 'SpringDamperExactBatch.update: frequency', () => springs.update(0.1));
  assert.deepEqual(springs.x, x);
  springs.goalVelocity[1] = 0;
  springs.update(0.1); // frequency 0 with no goal velocity: valid
  springs.dispose();
});

test('piecewiseInterpolation validates every point before allocating', () => {
  const points = new Float64Array(1 << 23).fill(1);
  points[points.length - 1] = NaN;
  const bytes = wasm.memory.buffer.byteLength;
  rejects(RangeError, `piecewiseInterpolation: points[${points.length - 1}]`, () =>
    sp.piecewiseInterpolation(0.5, Array.from(points)),
  );
  assert.equal(wasm.memory.buffer.byteLength, bytes, 'a rejected call does not grow memory');
});

test('arrays: a hand-made view of sprung memory and a subclass that lies about its length are refused', () => {
  const own = new Float32Array(wasm.memory.buffer, 0, 16);
  const zeros = own.slice();
  rejects(RangeError, 'transitionCostLandscape: out', () =>
    sp.transitionCostLandscape(4, 4, 0, 1, 0, 1, {}, own),
  );
  assert.deepEqual(new Float32Array(wasm.memory.buffer, 0, 16), zeros, 'address 0 untouched');
  assert.equal(sp.transitionCost(1, 0), sp.transitionCost(1, 0), 'the library still works');
  class Liar extends Float32Array {
    get length() {
      return 1 << 20;
    }
  }
  rejects(RangeError, 'transitionCostLandscape: out', () =>
    sp.transitionCostLandscape(4, 4, 0, 1, 0, 1, {}, new Liar(2)),
  );
});
