// safety.test.mjs — what a caller can do to sprung's objects cannot reach WASM memory they do
// not own. Every public property of every class is written with absurd values (sizes such as
// `count` were plain fields once, and a C call trusted them: `a.count = 64` rewrote a
// neighbour's goals); every member of every class is called on an instance of every other
// class (`Class.prototype.update.call(other)` once ran with a NaN pointer and overwrote the
// module's static data); after each, the whole memory outside the receiver's own block and
// the scratch area is compared with a snapshot taken before. Also: growth listeners that
// re-subscribe, and views kept across a growth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../../dist/index.js';
import { wasm, scratch, SCRATCH_FLOATS } from '../../../dist/wasm.js';

await sp.init();

const BONES = 2;
const pose = () => {
  const p = new Float32Array(13 * BONES);
  for (let b = 0; b < BONES; b++) p[6 * BONES + 4 * b + 3] = 1;
  return p;
};
const v3 = () => ({ x: 0.5, y: 0, z: 1 });
const v2 = () => ({ x: 0.5, y: 1 });
const q = () => ({ x: 0, y: 0, z: 0, w: 1 });
const dt = 1 / 60;

/** A pose of 3 bones in a chain, each 0.5 above its parent. */
const pose3 = () => {
  const p = new Float32Array(39);
  for (let b = 0; b < 3; b++) ((p[3 * b + 1] = b ? 0.5 : 0), (p[18 + 4 * b + 3] = 1));
  return p;
};
/** A motion database of 6 frames of a 2-bone skeleton ('a', 'b'), one contact bone. */
const motionDatabase = () => {
  const poses = new Float32Array(6 * 26);
  for (let f = 0; f < 6; f++) ((poses[f * 26 + 15] = 1), (poses[f * 26 + 19] = 1), (poses[f * 26 + 4] = f));
  const clip = { name: 'c', poses, tags: [2, 2, 6, 2, 2, 2], contacts: [0, 1, 1, 0, 0, 1] };
  return new sp.MotionDatabase(
    { skeleton: { parents: [-1, 0], names: ['a', 'b'] }, frameRate: 60, clips: [clip] },
    {
      features: [
        { type: 'position', bone: 1 },
        { type: 'trajectoryPosition', frames: [1] },
      ],
      contactBones: [1],
    },
  );
};

/** Each class: how to make one, and valid arguments for each of its methods. */
const CLASSES = {
  DamperExactBatch: [() => new sp.DamperExactBatch(8, { dim: 3 }), {}],
  CriticalSpringDamperExactBatch: [() => new sp.CriticalSpringDamperExactBatch(8, { dim: 2 }), {}],
  SimpleSpringDamperExactBatch: [() => new sp.SimpleSpringDamperExactBatch(8), {}],
  DecaySpringDamperExactBatch: [
    () => new sp.DecaySpringDamperExactBatch(8, { perElementHalflife: true }),
    {},
  ],
  SpringDamperExactBatch: [() => new sp.SpringDamperExactBatch(8, { dim: 4 }), {}],
  SimpleSpringDamperExactQuatBatch: [() => new sp.SimpleSpringDamperExactQuatBatch(8), {}],
  DecaySpringDamperExactQuatBatch: [() => new sp.DecaySpringDamperExactQuatBatch(8), {}],
  DamperExactQuatBatch: [() => new sp.DamperExactQuatBatch(8), {}],
  PoseInertializer: [
    () => new sp.PoseInertializer(BONES),
    { transition: () => [pose(), pose()], update: () => [pose(), dt] },
  ],
  CubicPoseInertializer: [
    () => new sp.CubicPoseInertializer(BONES),
    { transition: () => [pose(), pose()], update: () => [pose(), dt] },
  ],
  TrajectoryBatch: [() => new sp.TrajectoryBatch(3, 4), { predict: () => [0.2, 0.2, 0.1] }],
  TrajectoryPredictor: [
    () => new sp.TrajectoryPredictor(4),
    {
      predictPositions: () => [v3(), v3(), v3(), v3(), 0.2, 0.1],
      predictRotations: () => [q(), v3(), q(), 0.2, 0.1],
      predictDesired: () => [v3(), v3(), 0, false, 4, 3, 2, 0.2, q(), v3(), q(), 0.2, 0.1],
      predictPositionsDesired: () => [v3(), v3(), v3(), 0.2, undefined, 0, 0.1],
    },
  ],
  TrajectoryPredictorV2: [
    () => new sp.TrajectoryPredictorV2(4),
    { predictPositions: () => [v2(), v2(), v2(), v2(), 0.2, 0.1] },
  ],
  Obstacles: [() => new sp.Obstacles(2, 3), {}],
  MotionDatabase: [
    () => motionDatabase(),
    {
      search: () => [new Float32Array(5).fill(0.5)],
      searchBest: () => [new Float32Array(5).fill(0.5), 2],
      normalizedFeatures: () => [1],
      features: () => [1],
      groupCosts: () => [new Float32Array(5).fill(0.5), 1],
      costBreakdown: () => [new Float32Array(5).fill(0.5), 1],
      setFeatures: () => [new Float32Array(5), {}],
      pose: () => [1],
      tags: () => [1],
      contact: () => [1, 0],
      rangeOf: () => [1],
      bone: () => ['b'],
    },
  ],
  MotionSearchBatch: [() => new sp.MotionSearchBatch(motionDatabase(), 3), { search: () => [{ bias: 0.1 }] }],
  Skeleton: [
    () => new sp.Skeleton([-1, 0, 1]),
    {
      forwardKinematics: () => [pose3()],
      ikTwoBone: () => [pose3(), 2, { x: 0.1, y: 0.5, z: 0.2 }, { x: 0, y: 0, z: 1 }, 0],
      hingeAxis: () => [pose3(), 2],
    },
  ],
  FeatureDatabase: [
    () => new sp.FeatureDatabase(4, 3),
    {
      build: () => ['spring', new Float32Array(12).fill(1), new Float32Array(12), 0.1, 0.2],
      search: () => [new Float32Array(3)],
    },
  ],
};
const defaultArgs = { update: () => [dt], setHalflife: () => [0.2], reset: () => [] };

/** Every member of an instance's class chain below Object: [name, descriptor, owner class]. */
function members(obj) {
  const out = [];
  for (let p = Object.getPrototypeOf(obj); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(p)))
      if (name !== 'constructor' && !out.some((m) => m[0] === name)) out.push([name, d, p.constructor.name]);
  return out;
}

/** Where `obj`'s block starts: its lowest view (every class's first field is at the start). */
function start(obj) {
  let lo = Infinity;
  for (const [, d] of members(obj))
    if (d.get) {
      let v;
      try {
        v = d.get.call(obj);
      } catch {
        continue;
      }
      if (v instanceof Float32Array && v.buffer === wasm.memory.buffer) lo = Math.min(lo, v.byteOffset);
    }
  return lo;
}

/** The objects of the test, whose blocks were allocated one after another. */
let objects = [];

/** `obj`'s block: from its start to the next object's (the allocator hands out blocks in order
 *  on a fresh heap), padding and fields without a getter included. */
function block(obj) {
  const s = start(obj);
  const next = Math.min(...objects.map(start).filter((t) => t > s), wasm.memory.buffer.byteLength);
  return [[s, next]];
}

/** The C stack (256 KB, build.sh's TOTAL_STACK) lies just below the heap: calls may use it. */
const STACK = [wasm.__heap_base.value - (256 << 10), wasm.__heap_base.value];

/** A copy of the memory with `obj`'s block, the scratch area and the C stack zeroed (what must not change). */
function outside(obj) {
  const bytes = new Uint8Array(wasm.memory.buffer).slice();
  for (const [a, b] of [...(obj ? block(obj) : []), [scratch, scratch + 4 * SCRATCH_FLOATS], STACK])
    bytes.fill(0, a, b);
  return Buffer.from(bytes.buffer);
}

const make = () => {
  const all = Object.fromEntries(Object.entries(CLASSES).map(([n, [ctor]]) => [n, ctor()]));
  objects = Object.values(all);
  return all;
};
/** Methods (Class.method) that work in blocks outside the receiver, as a constructor does:
 *  toBytes in temporary blocks of its own (allocated, written, freed), hingeAxis and build in
 *  the shared work block (work.ts) their arrays are copied to. Memory outside the receiver
 *  changes by design, and is not compared. */
const TEMPORARY = new Set(['MotionDatabase.toBytes', 'Skeleton.hingeAxis', 'FeatureDatabase.build']);
const argsOf = (cls, name) => (CLASSES[cls][1][name] ?? defaultArgs[name] ?? (() => []))();

test('every method runs on its own class with these arguments (the table is right)', () => {
  const all = make();
  for (const [cls, obj] of Object.entries(all))
    for (const [name, d] of members(obj))
      if (typeof d.value === 'function' && name !== 'dispose') d.value.apply(obj, argsOf(cls, name));
  for (const obj of Object.values(all)) obj.dispose();
});

test('writing any public property of any class changes nothing outside what it may change', () => {
  const all = make();
  let writes = 0;
  for (const [cls, obj] of Object.entries(all)) {
    const names = [...new Set([...Object.keys(obj), ...members(obj).map((m) => m[0])])];
    for (const name of names) {
      if (typeof obj[name] === 'function') continue;
      for (const value of [64, 1e6, -5, NaN, 2 ** 40, 'x', {}]) {
        const sizes = ['count', 'dim', 'bones', 'samples', 'rows', 'dims', 'circleCount', 'boxCount'].map(
          (k) => obj[k],
        );
        const before = outside(obj);
        try {
          obj[name] = value; // strict mode: a getter without a setter throws
          writes++;
        } catch (e) {
          assert.ok(e instanceof TypeError, `${cls}.${name} = ${value}: ${e}`);
        }
        // the methods then refuse the value or stay inside the object's block
        for (const [m, d] of members(obj))
          if (typeof d.value === 'function' && m !== 'dispose' && !TEMPORARY.has(`${cls}.${m}`))
            try {
              d.value.apply(obj, argsOf(cls, m));
            } catch (e) {
              assert.match(e.message, /^sprung\./, `${cls}.${m} after ${name} = ${value}`);
            }
        assert.ok(before.equals(outside(obj)), `${cls}.${name} = ${value} changed memory outside the object`);
        // (and those that work in blocks of their own still work, or refuse)
        for (const m of [...TEMPORARY].filter((t) => t.startsWith(`${cls}.`)).map((t) => t.split('.')[1]))
          if (typeof obj[m] === 'function')
            try {
              obj[m](...argsOf(cls, m));
            } catch (e) {
              assert.match(e.message, /^sprung\./, `${cls}.${m} after ${name} = ${value}`);
            }
        assert.deepEqual(
          ['count', 'dim', 'bones', 'samples', 'rows', 'dims', 'circleCount', 'boxCount'].map((k) => obj[k]),
          sizes,
          `${cls}.${name} = ${value} changed a size`,
        );
      }
    }
  }
  // only the documented plain fields take a value (PoseInertializer.halflife, CubicPoseInertializer.blendtime)
  assert.equal(writes, 2 * 7);
  for (const obj of Object.values(all)) obj.dispose();
});

test("every class's members called on every other class's instance stay inside that instance", () => {
  const all = make();
  let ran = 0,
    refused = 0;
  const callsC =
    /^(update|transition|predict|predictPositions|predictRotations|predictDesired|predictPositionsDesired|build|search)$/;
  for (const [cls, obj] of Object.entries(all))
    for (const [name, d] of members(obj)) {
      if (name === 'dispose') continue;
      for (const [other, receiver] of Object.entries(all)) {
        if (receiver.constructor === obj.constructor) continue;
        const before = outside(receiver);
        try {
          if (d.get) d.get.call(receiver);
          else d.value.apply(receiver, argsOf(cls, name));
          ran++;
          assert.ok(!callsC.test(name), `${cls}.prototype.${name} ran on a ${other}`);
        } catch (e) {
          assert.ok(e instanceof TypeError || e instanceof RangeError, `${cls}.${name} on ${other}: ${e}`);
          assert.match(e.message, /^sprung\./, `${cls}.${name} on ${other}`);
          refused++;
        }
        assert.ok(
          before.equals(outside(receiver)),
          `${cls}.prototype.${name} on a ${other} wrote outside it`,
        );
      }
    }
  // and on objects that are not batches at all (Object.create fakes an instance's prototype)
  for (const [cls, obj] of Object.entries(all)) {
    const fake = Object.create(Object.getPrototypeOf(obj));
    for (const [name, d] of members(obj)) {
      const before = outside(null);
      assert.throws(
        () => (d.get ? d.get.call(fake) : d.value.apply(fake, argsOf(cls, name))),
        (e) => e instanceof TypeError && /^sprung\./.test(e.message),
        `${cls}.${name} on a fake`,
      );
      assert.ok(before.equals(outside(null)));
    }
  }
  console.log(`# ${ran} foreign calls ran (shared members such as x, halflife), ${refused} were refused`);
  for (const obj of Object.values(all)) obj.dispose();
});

test('growth listeners: one that re-subscribes runs once per growth; one added during a dispatch waits', () => {
  let calls = 0,
    off = () => {};
  const again = () => {
    calls++;
    off();
    off = sp.onMemoryGrowth(again);
  };
  off = sp.onMemoryGrowth(again);
  let late = 0,
    offLate = () => {};
  const adder = sp.onMemoryGrowth(() => {
    offLate();
    offLate = sp.onMemoryGrowth(() => late++);
  });
  const size = wasm.memory.buffer.byteLength;
  const big = new sp.DamperExactBatch(size / 4); // more than the free memory: it grows
  assert.ok(wasm.memory.buffer.byteLength > size);
  assert.equal(calls, 1);
  assert.equal(late, 0, 'a listener added during the dispatch does not run in it');
  const bigger = new sp.DamperExactBatch(wasm.memory.buffer.byteLength / 4);
  assert.equal(calls, 2);
  assert.equal(late, 1);
  for (const f of [off, offLate, adder]) f();
  big.dispose();
  bigger.dispose();
});

test('a view kept across a growth is refused with the way out, not a raw TypeError', () => {
  const walls = new sp.Obstacles(1, 1);
  const circles = walls.circles;
  const grow = new sp.DamperExactBatch(wasm.memory.buffer.byteLength / 4);
  assert.equal(circles.length, 0, 'detached');
  assert.throws(
    () =>
      sp.simulationCollideObstacles(
        { x: 0, y: 0, z: 0 },
        { x: 1, y: 0, z: 0 },
        { circles, boxes: walls.boxes },
        0.5,
      ),
    /sprung\.simulationCollideObstacles: obstacles\.circles is a view from before sprung's memory grew \(detached\): read the getter again/,
  );
  const db = new sp.FeatureDatabase(2, 2);
  assert.throws(
    () => db.build('spring', circles, new Float32Array(4), 0.1, 0.2),
    /sprung\.FeatureDatabase\.build: pos is a view from before sprung's memory grew/,
  );
  assert.throws(
    () => db.build('spring', new Float32Array(3), new Float32Array(4), 0.1, 0.2),
    /FeatureDatabase\.build: pos must have at least 4 elements, got 3/,
  );
  for (const o of [walls, grow, db]) o.dispose();
});
