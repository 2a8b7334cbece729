// robust_batch.test.mjs — property tests (fast-check) of the batch classes of the built
// package: batch = scalar C function element by element, bit for bit, on random inputs; a
// NaN or ±Inf in one element never changes another; a throwing call leaves the batch
// unchanged; invalid sizes and options are rejected naming the argument; and a memory
// stress test (thousands of batches created and disposed while the WASM memory grows)
// keeps the memory bounded and never hands out a detached view. The number of property
// cases is printed at the end.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import './property-seed.mjs';
import * as sp from '../../dist/index.js';
import { wasm } from '../../dist/wasm.js';
import { cCritical, cState } from './c_calls.mjs';

await sp.init();

let cases = 0;
function check(prop, runs) {
  fc.assert(prop, { numRuns: runs });
  cases += runs;
}
after(() => console.log(`# robust_batch.test.mjs: ${cases} property cases`));

/** Bit-for-bit equal float32 values (any NaN equals any NaN). */
const same = (a, b) => (Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b));
const f32 = Math.fround;

// The flat batches and their scalar C functions (c_calls.mjs: the per-call wrappers keep the
// caller's double state), per float j of element i.
const KINDS = {
  DamperExactBatch: {
    fields: ['x', 'goal'],
    scalar: (b, j, h) => {
      b.x[j] = wasm.sp_damper_exact(b.x[j], b.goal[j], h, b.dt);
    },
  },
  CriticalSpringDamperExactBatch: {
    fields: ['x', 'v', 'goal', 'goalVelocity'],
    scalar: (b, j, h) => {
      [b.x[j], b.v[j]] = cCritical(b.x[j], b.v[j], b.goal[j], b.goalVelocity[j], h, b.dt);
    },
  },
  SimpleSpringDamperExactBatch: {
    fields: ['x', 'v', 'goal'],
    scalar: (b, j, h) => {
      [b.x[j], b.v[j]] = cState('simple_spring_damper_exact', b.x[j], b.v[j], b.goal[j], h, b.dt);
    },
  },
  DecaySpringDamperExactBatch: {
    fields: ['x', 'v'],
    scalar: (b, j, h) => {
      [b.x[j], b.v[j]] = cState('decay_spring_damper_exact', b.x[j], b.v[j], h, b.dt);
    },
  },
  SpringDamperExactBatch: {
    fields: ['x', 'v', 'goal', 'goalVelocity'],
    scalar: (b, j, h, f) => {
      const args = [b.goal[j], b.goalVelocity[j], f, h, b.dt];
      [b.x[j], b.v[j]] = cState('spring_damper_exact', b.x[j], b.v[j], ...args);
    },
  },
};

const value = fc.double({ min: -1e30, max: 1e30, noNaN: true });
const halflife = fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1e6, noNaN: true }));
const dt = fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1e4, noNaN: true }));
const frequency = fc.double({ min: 0, max: 1591, noNaN: true });

/** A random batch configuration with its data: kind, count, dim, per-element, floats. */
const config = fc.record({
  kind: fc.constantFrom(...Object.keys(KINDS)),
  count: fc.integer({ min: 0, max: 40 }),
  dim: fc.integer({ min: 1, max: 4 }),
  per: fc.boolean(),
  dt,
  seed: fc.array(value, { minLength: 16, maxLength: 16 }),
  halflives: fc.array(halflife, { minLength: 1, maxLength: 8 }),
  // frequencies ≥ 0.01 below: a non-zero goal velocity needs frequency > 0 (springDamperExact's check)
  frequencies: fc.array(frequency, { minLength: 1, maxLength: 8 }),
});

/** Makes the batch of `c` and fills its views from the configuration's values, cycling. */
function make(c) {
  const opts = { dim: c.dim, perElementHalflife: c.per };
  const b = new sp[c.kind](c.count, opts);
  let k = 0;
  for (const f of KINDS[c.kind].fields) {
    const view = b[f];
    for (let j = 0; j < view.length; j++) view[j] = c.seed[(k++ * 7 + j) % c.seed.length];
  }
  const hv = b.halflife;
  for (let i = 0; i < hv.length; i++) hv[i] = c.halflives[i % c.halflives.length];
  if (c.kind === 'SpringDamperExactBatch') {
    const fv = b.frequency;
    for (let i = 0; i < fv.length; i++) fv[i] = Math.max(c.frequencies[i % c.frequencies.length], 0.01);
  }
  return b;
}

/** Plain copies of a batch's views (fields, halflife, frequency). */
function snapshot(b, kind) {
  const s = {};
  for (const f of [
    ...KINDS[kind].fields,
    'halflife',
    ...(kind === 'SpringDamperExactBatch' ? ['frequency'] : []),
  ])
    s[f] = Array.from(b[f]);
  return s;
}

test('batch = scalar function element by element, bit for bit, on random inputs', () => {
  check(
    fc.property(config, (c) => {
      const b = make(c);
      const before = snapshot(b, c.kind);
      b.update(c.dt);
      const want = { ...before, dt: c.dt };
      for (let j = 0; j < c.count * c.dim; j++) {
        const i = Math.floor(j / c.dim);
        KINDS[c.kind].scalar(want, j, before.halflife[c.per ? i : 0], before.frequency?.[c.per ? i : 0]);
      }
      for (const f of KINDS[c.kind].fields)
        for (let j = 0; j < c.count * c.dim; j++)
          assert.ok(
            same(b[f][j], f32(want[f][j])),
            `${c.kind}.${f}[${j}]: batch ${b[f][j]}, scalar ${want[f][j]}`,
          );
      b.dispose();
    }),
    300,
  );
});

test('a NaN or ±Inf in one element (state, goal or its halflife) never changes another element', () => {
  const poison = fc.record({
    value: fc.constantFrom(NaN, Infinity, -Infinity),
    field: fc.nat(),
    at: fc.nat(),
    float: fc.nat(),
  });
  check(
    fc.property(
      config.filter((c) => c.count > 0),
      poison,
      (c, p) => {
        const clean = make(c),
          bad = make(c);
        const victim = p.at % c.count;
        const fields = [...KINDS[c.kind].fields, ...(c.per ? ['halflife'] : [])];
        const field = fields[p.field % fields.length];
        if (field === 'halflife') bad.halflife[victim] = p.value;
        else bad[field][victim * c.dim + (p.float % c.dim)] = p.value;
        clean.update(c.dt);
        bad.update(c.dt);
        for (const f of KINDS[c.kind].fields)
          for (let j = 0; j < c.count * c.dim; j++)
            if (Math.floor(j / c.dim) !== victim)
              assert.ok(
                same(bad[f][j], clean[f][j]),
                `${c.kind}.${f}[${j}] changed by a ${p.value} in element ${victim}`,
              );
        clean.dispose();
        bad.dispose();
      },
    ),
    300,
  );
  // quaternion batches and the pose inertializer: one rotation poisoned
  check(
    fc.property(
      fc.integer({ min: 1, max: 20 }),
      fc.nat(),
      fc.constantFrom(NaN, Infinity, -Infinity),
      halflife,
      dt,
      (n, at, bad, h, t) => {
        const victim = at % n,
          batches = [];
        for (let k = 0; k < 2; k++) {
          const q = new sp.SimpleSpringDamperExactQuatBatch(n, { halflife: h });
          for (let i = 0; i < n; i++) {
            q.goal.set([Math.sin(i), 0, 0, Math.cos(i)], 4 * i);
            q.v.set([i, -i, 0.5], 3 * i);
          }
          if (k === 1) q.x[4 * victim + (at % 4)] = bad;
          q.update(t);
          batches.push(q);
        }
        for (let j = 0; j < 4 * n; j++)
          if (Math.floor(j / 4) !== victim) assert.ok(same(batches[0].x[j], batches[1].x[j]), `quat x[${j}]`);
        for (let j = 0; j < 3 * n; j++)
          if (Math.floor(j / 3) !== victim) assert.ok(same(batches[0].v[j], batches[1].v[j]), `quat v[${j}]`);
        batches.forEach((q) => q.dispose());
        // the pose inertializer: one float of one bone of the source pose
        const L = sp.poseLayout(n),
          poses = [];
        for (let k = 0; k < 2; k++) {
          const p = new sp.PoseInertializer(n, { halflife: h });
          const src = new Float32Array(L.length),
            dst = new Float32Array(L.length);
          for (let j = 0; j < L.length; j++) {
            src[j] = Math.sin(j);
            dst[j] = Math.cos(j);
          }
          for (let i = 0; i < n; i++) {
            src.set([0, 0, Math.sin(i), Math.cos(i)], L.rotations + 4 * i);
            dst.set([0, Math.sin(i), 0, Math.cos(i)], L.rotations + 4 * i);
          }
          const parts = [
            L.positions + 3 * victim,
            L.velocities + 3 * victim,
            L.rotations + 4 * victim,
            L.angularVelocities + 3 * victim,
          ];
          if (k === 1) src[parts[at % 4] + (at % 3)] = bad;
          p.transition(src, dst);
          poses.push(Array.from(p.update(dst, t)), Array.from(p.offset));
          p.dispose();
        }
        const boneOf = (j) =>
          j < L.rotations
            ? Math.floor((j % (3 * n)) / 3)
            : j < L.angularVelocities
              ? Math.floor((j - L.rotations) / 4)
              : Math.floor((j - L.angularVelocities) / 3);
        for (let j = 0; j < L.length; j++)
          if (boneOf(j) !== victim)
            assert.ok(
              same(poses[0][j], poses[2][j]) && same(poses[1][j], poses[3][j]),
              `pose float ${j} changed by bone ${victim}`,
            );
      },
    ),
    200,
  );
});

test('a throwing call leaves the batch unchanged', () => {
  const badTime = fc.oneof(
    fc.constantFrom(NaN, Infinity, -Infinity),
    fc.double({ min: -1e30, max: -1e-30, noNaN: true }),
  );
  check(
    fc.property(config, badTime, (c, t) => {
      const b = make(c);
      const before = snapshot(b, c.kind);
      assert.throws(
        () => b.update(t),
        (e) => e instanceof RangeError && e.message.startsWith(`sprung.${c.kind}.update: dt`),
      );
      assert.throws(
        () => b.setHalflife(t),
        (e) => e instanceof RangeError && e.message.startsWith(`sprung.${c.kind}.setHalflife: h`),
      );
      if (!c.per) {
        // a bad shared halflife written into the view is caught at update
        b.halflife[0] = t;
        assert.throws(
          () => b.update(0.1),
          (e) => e instanceof RangeError && e.message.startsWith(`sprung.${c.kind}.update: halflife`),
        );
        b.halflife[0] = before.halflife[0];
      }
      assert.deepEqual(snapshot(b, c.kind), before);
      b.dispose();
    }),
    200,
  );
  check(
    fc.property(
      fc.integer({ min: 1, max: 10 }),
      fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
      badTime,
      (n, d, t) => {
        const p = new sp.PoseInertializer(n),
          L = sp.poseLayout(n);
        const src = new Float32Array(L.length).fill(0.5),
          dst = new Float32Array(L.length).fill(0.25);
        p.transition(src, dst);
        const off = Array.from(p.offset),
          out = Array.from(p.update(dst, 0.01)),
          off2 = Array.from(p.offset);
        const short = new Float32Array(L.length + d);
        if (d < 0)
          assert.throws(
            () => p.transition(short, dst),
            (e) => e instanceof RangeError && e.message.startsWith('sprung.PoseInertializer.transition: src'),
          );
        if (d < 0)
          assert.throws(
            () => p.update(short, 0.01),
            (e) => e instanceof RangeError && e.message.startsWith('sprung.PoseInertializer.update: input'),
          );
        assert.throws(
          () => p.update(dst, t),
          (e) => e instanceof RangeError && e.message.startsWith('sprung.PoseInertializer.update: dt'),
        );
        assert.throws(
          () => p.transition(Array.from(src), dst),
          (e) => e instanceof TypeError && e.message.startsWith('sprung.PoseInertializer.transition: src'),
        );
        assert.deepEqual(Array.from(p.offset), off2);
        assert.deepEqual(Array.from(p.output), out);
        assert.ok(off.length === off2.length);
        p.dispose();
      },
    ),
    100,
  );
});

test('invalid sizes and options are rejected naming the argument; use after dispose() throws naming the method', () => {
  const badCount = fc.oneof(
    fc.integer({ max: -1 }),
    fc.double().filter((d) => !Number.isInteger(d)),
    fc.integer({ min: (1 << 28) + 1 }),
  );
  check(
    fc.property(fc.constantFrom(...Object.keys(KINDS)), badCount, (kind, n) => {
      assert.throws(
        () => new sp[kind](n),
        (e) => e instanceof RangeError && e.message.startsWith(`sprung.${kind}: count`),
      );
    }),
    100,
  );
  check(
    fc.property(
      fc.constantFrom(...Object.keys(KINDS)),
      fc.oneof(
        fc.integer({ max: 0 }),
        fc.double().filter((d) => !Number.isInteger(d)),
      ),
      (kind, dim) => {
        assert.throws(
          () => new sp[kind](3, { dim }),
          (e) => e instanceof RangeError && e.message.startsWith(`sprung.${kind}: options.dim`),
        );
      },
    ),
    100,
  );
  check(
    fc.property(
      fc.constantFrom(...Object.keys(KINDS)),
      fc.oneof(fc.constantFrom(NaN, Infinity, -1), fc.string()),
      (kind, h) => {
        assert.throws(
          () => new sp[kind](3, { halflife: h }),
          (e) =>
            (e instanceof RangeError || e instanceof TypeError) &&
            e.message.startsWith(`sprung.${kind}: options.halflife`),
        );
      },
    ),
    100,
  );
  for (const kind of Object.keys(KINDS)) {
    const b = new sp[kind](3);
    b.dispose();
    b.dispose(); // twice is allowed
    assert.ok(b.disposed);
    assert.throws(
      () => b.update(0.1),
      (e) => e.message === `sprung.${kind}.update: used after dispose()`,
    );
    assert.throws(
      () => b.x,
      (e) => e.message === `sprung.${kind}.x: used after dispose()`,
    );
    assert.throws(
      () => b.setHalflife(0.1),
      (e) => e.message.startsWith(`sprung.${kind}.setHalflife: used after dispose()`),
    );
  }
});

test('memory stress: thousands of batches created and disposed while memory grows stay bounded; no detached view', () => {
  // Phase 1 grows the memory: live batches up to LIVE bytes at once (from the initial 2 MB).
  // Phase 2 creates and disposes batches of random sizes and kinds (4000 in all), at most
  // LIVE bytes live at a time. A leak of the batches (one in ten is large, ~5 MB; the rest
  // ~20 KB) would add ~2 GB; a non-leaking allocator stays within a small factor of the peak live
  // size (fragmentation), so the bound is 4·LIVE on top of the memory after phase 1.
  const LIVE = 16 << 20;
  const kinds = [...Object.keys(KINDS), 'SimpleSpringDamperExactQuatBatch', 'PoseInertializer'];
  let seed = 12345;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const bytesOf = (b) =>
    b instanceof sp.PoseInertializer
      ? 4 * 13 * b.bones * 4
      : KINDS[b.constructor.name]
        ? b.count * b.dim * KINDS[b.constructor.name].fields.length * 4 + 4 * b.count * 2
        : b.count * 11 * 4 + 4 * b.count;
  const live = [];
  let liveBytes = 0,
    created = 0;
  const viewsOk = (b) => {
    for (const f of b instanceof sp.PoseInertializer ? ['offset', 'output', 'input'] : ['x', 'halflife']) {
      const v = b[f];
      assert.ok(v.buffer === wasm.memory.buffer && v.byteLength > 0 && v.length > 0, `${f}: a detached view`);
    }
  };
  const createOne = (maxFloats) => {
    const kind = kinds[rnd(kinds.length)],
      n = 1 + rnd(maxFloats);
    const b =
      kind === 'PoseInertializer'
        ? new sp.PoseInertializer(Math.ceil(n / 13))
        : new sp[kind](n, kind.includes('Quat') ? {} : { dim: 1 + rnd(3) });
    created++;
    // write through the views, step once, and check every live batch's views are current
    if (b instanceof sp.PoseInertializer) b.update(b.input.fill(1), 0.01);
    else {
      b.x.fill(1);
      b.update(0.01);
    }
    live.push(b);
    liveBytes += bytesOf(b);
    return b;
  };
  const disposeOne = () => {
    const b = live.splice(rnd(live.length), 1)[0];
    liveBytes -= bytesOf(b);
    b.dispose();
  };
  const old = createOne(100);
  const oldView = old.x ?? old.offset;
  while (liveBytes < LIVE) createOne(200000);
  const grown = wasm.memory.buffer.byteLength;
  assert.ok(grown > 2 << 20, 'phase 1 grew the memory');
  assert.equal(oldView.length, 0, 'a view kept across growth is detached (why the getters re-create them)');
  for (const b of live) viewsOk(b);
  for (let k = 0; created < 4000; k++) {
    if (liveBytes > LIVE || (live.length > 0 && rnd(2) === 0)) disposeOne();
    else createOne(rnd(10) === 0 ? 200000 : 2000);
    if (k % 100 === 0) for (const b of live) viewsOk(b);
  }
  while (live.length) disposeOne();
  const end = wasm.memory.buffer.byteLength;
  console.log(
    `# memory stress: ${created} batches created and disposed; memory ${(grown / 2 ** 20).toFixed(1)} MB after growth, ${(end / 2 ** 20).toFixed(1)} MB at the end (bound ${((grown + 4 * LIVE) / 2 ** 20).toFixed(1)} MB)`,
  );
  assert.ok(end <= grown + 4 * LIVE, `memory grew to ${end} bytes`);
  assert.ok(created >= 4000);
});

test('a batch too large for one allocation is refused, and its neighbours are untouched', () => {
  // 2^28 vec4 elements need 2^32 + … floats: the byte count used to wrap to a few bytes, and the
  // zero-fill and update then overwrote the batches allocated after it.
  const neighbour = new sp.SimpleSpringDamperExactBatch(4, { halflife: 0.1 });
  neighbour.x.set([1, 2, 3, 4]);
  assert.throws(
    () => new sp.CriticalSpringDamperExactBatch(1 << 28, { dim: 4 }),
    (e) =>
      e instanceof RangeError && e.message.startsWith('sprung.CriticalSpringDamperExactBatch: count needs'),
  );
  assert.throws(
    () => new sp.PoseInertializer(1 << 24),
    (e) => e instanceof RangeError && e.message.startsWith('sprung.PoseInertializer: bones needs'),
  );
  assert.deepEqual([...neighbour.x], [1, 2, 3, 4]);
  neighbour.dispose();
});

test('a NaN shared frequency is refused by update, naming it, and changes nothing', () => {
  const b = new sp.SpringDamperExactBatch(3, { halflife: 0.1, frequency: 2 });
  b.goal.fill(1);
  b.frequency[0] = NaN;
  assert.throws(
    () => b.update(0.1),
    (e) =>
      e instanceof RangeError && e.message.startsWith('sprung.SpringDamperExactBatch.update: frequency[0]'),
  );
  assert.deepEqual([...b.x], [0, 0, 0]);
  b.dispose();
});
