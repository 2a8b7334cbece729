// batch.test.mjs — the batch classes of the built package (dist/): each equals the
// scalar C function element by element, bit for bit (the raw scalar C export: the per-call
// wrappers keep the caller's double state); any count (0, 1, not multiples of 4); views survive memory
// growth; a NaN stays in its element; dispose semantics; the pose inertializer against
// the critical spring's closed form worked out here. Run under both WASM builds by
// batch_builds.test.mjs (the embedded SIMD build, and the scalar one through load-scalar.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';
import { wasm, heapF32, scratch, build } from '../../dist/wasm.js';
import { cCritical, cState } from './c_calls.mjs';

await sprung.init();
test(`loaded the ${build} build`, () => assert.ok(build === 'simd' || build === 'scalar'));

/** Bit-for-bit equal float32 values (any NaN equals any NaN). */
function same(a, b) {
  const fa = Math.fround(a),
    fb = Math.fround(b);
  return Number.isNaN(fa) ? Number.isNaN(fb) : Object.is(fa, fb);
}
function assertSame(got, want, what) {
  assert.equal(got.length, want.length, `${what}: length`);
  for (let j = 0; j < got.length; j++)
    if (!same(got[j], want[j])) assert.fail(`${what}[${j}]: got ${got[j]}, want ${want[j]}`);
}

let seed = 7;
const rnd = (lo, hi) => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return lo + (hi - lo) * (seed / 2 ** 32);
};
const randomFill = (a, lo, hi) => {
  for (let j = 0; j < a.length; j++) a[j] = rnd(lo, hi);
  return a;
};

const COUNTS = [0, 1, 3, 5, 37, 1001];
const DT = 1 / 60;

for (const count of COUNTS)
  for (const dim of [1, 2, 3])
    for (const per of [false, true]) {
      const opts = { dim, perElementHalflife: per };
      const hOf = (b, j) => b.halflife[per ? Math.floor(j / dim) : 0];

      test(`scalar batches = scalar functions (count ${count}, dim ${dim}, ${per ? 'per-element' : 'shared'} halflife)`, () => {
        const crit = new sprung.CriticalSpringDamperExactBatch(count, opts);
        const simple = new sprung.SimpleSpringDamperExactBatch(count, opts);
        const decay = new sprung.DecaySpringDamperExactBatch(count, opts);
        const damp = new sprung.DamperExactBatch(count, opts);
        const spring = new sprung.SpringDamperExactBatch(count, opts);
        for (const b of [crit, simple, decay, damp, spring]) {
          randomFill(b.x, -5, 5);
          if (b.v) randomFill(b.v, -20, 20);
          if (b.goal) randomFill(b.goal, -5, 5);
          if (b.goalVelocity) randomFill(b.goalVelocity, -3, 3);
          randomFill(b.halflife, 0.01, 1);
          if (per && count > 2) b.halflife[2] = 0; // snaps
        }
        randomFill(spring.frequency, 0, 6);
        crit.goalVelocity[0 % Math.max(1, crit.goalVelocity.length)] = 0; // the q = 0 branch

        const ref = (b) => ({ x: Float32Array.from(b.x), v: b.v ? Float32Array.from(b.v) : null });
        const rc = ref(crit),
          rs = ref(simple),
          rd = ref(decay),
          rm = ref(damp),
          rp = ref(spring);
        for (let j = 0; j < count * dim; j++) {
          [rc.x[j], rc.v[j]] = cCritical(
            rc.x[j],
            rc.v[j],
            crit.goal[j],
            crit.goalVelocity[j],
            hOf(crit, j),
            DT,
          );
          [rs.x[j], rs.v[j]] = cState(
            'simple_spring_damper_exact',
            rs.x[j],
            rs.v[j],
            simple.goal[j],
            hOf(simple, j),
            DT,
          );
          [rd.x[j], rd.v[j]] = cState('decay_spring_damper_exact', rd.x[j], rd.v[j], hOf(decay, j), DT);
          rm.x[j] = wasm.sp_damper_exact(rm.x[j], damp.goal[j], hOf(damp, j), DT);
          const f = spring.frequency[per ? Math.floor(j / dim) : 0];
          [rp.x[j], rp.v[j]] = cState(
            'spring_damper_exact',
            rp.x[j],
            rp.v[j],
            spring.goal[j],
            spring.goalVelocity[j],
            f,
            hOf(spring, j),
            DT,
          );
        }
        for (const b of [crit, simple, decay, damp, spring]) assert.equal(b.update(DT), b);
        assertSame(crit.x, rc.x, 'critical x');
        assertSame(crit.v, rc.v, 'critical v');
        assertSame(simple.x, rs.x, 'simple x');
        assertSame(simple.v, rs.v, 'simple v');
        assertSame(decay.x, rd.x, 'decay x');
        assertSame(decay.v, rd.v, 'decay v');
        assertSame(damp.x, rm.x, 'damper x');
        assertSame(spring.x, rp.x, 'spring x');
        assertSame(spring.v, rp.v, 'spring v');
        for (const b of [crit, simple, decay, damp, spring]) b.dispose();
      });
    }

/** The scalar C quaternion spring on scratch memory (the TS wrapper of it is another module). */
function scalarQuat(x, v, goal, h, dt) {
  const p = scratch,
    f = p >> 2;
  heapF32.set(x, f);
  heapF32.set(v, f + 4);
  if (goal) heapF32.set(goal, f + 8);
  if (goal) wasm.sp_simple_spring_damper_exact_quat(p, p + 16, p + 32, h, dt);
  else wasm.sp_decay_spring_damper_exact_quat(p, p + 16, h, dt);
  return [heapF32.slice(f, f + 4), heapF32.slice(f + 4, f + 7)];
}
function randomQuats(a) {
  for (let i = 0; i < a.length; i += 4) {
    const q = [rnd(-1, 1), rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)],
      n = Math.hypot(...q);
    for (let c = 0; c < 4; c++) a[i + c] = q[c] / n;
  }
  return a;
}

for (const count of [0, 1, 5, 37])
  for (const per of [false, true]) {
    test(`quaternion batches = scalar functions (count ${count}, ${per ? 'per-element' : 'shared'} halflife)`, () => {
      const simple = new sprung.SimpleSpringDamperExactQuatBatch(count, { perElementHalflife: per });
      const decay = new sprung.DecaySpringDamperExactQuatBatch(count, { perElementHalflife: per });
      for (const b of [simple, decay]) {
        randomQuats(b.x);
        randomFill(b.v, -4, 4);
        randomFill(b.halflife, 0.01, 0.5);
      }
      randomQuats(simple.goal);
      const want = [simple, decay].map((b) => {
        const x = Float32Array.from(b.x),
          v = Float32Array.from(b.v);
        for (let i = 0; i < count; i++) {
          const [qx, qv] = scalarQuat(
            x.subarray(4 * i, 4 * i + 4),
            v.subarray(3 * i, 3 * i + 3),
            b.goal ? b.goal.subarray(4 * i, 4 * i + 4) : null,
            b.halflife[per ? i : 0],
            DT,
          );
          x.set(qx, 4 * i);
          v.set(qv, 3 * i);
        }
        return { x, v };
      });
      simple.update(DT);
      decay.update(DT);
      assertSame(simple.x, want[0].x, 'simple quat x');
      assertSame(simple.v, want[0].v, 'simple quat v');
      assertSame(decay.x, want[1].x, 'decay quat x');
      assertSame(decay.v, want[1].v, 'decay quat v');
      simple.dispose();
      decay.dispose();
    });
  }

test('a batch starts at rest with the given halflife; quaternions start at the identity', () => {
  const b = new sprung.SimpleSpringDamperExactBatch(3, { dim: 3, halflife: 0.25 });
  assert.deepEqual([...b.x, ...b.v, ...b.goal], new Array(27).fill(0));
  assert.deepEqual([...b.halflife], [0.25]);
  const q = new sprung.SimpleSpringDamperExactQuatBatch(2);
  assert.deepEqual([...q.x], [0, 0, 0, 1, 0, 0, 0, 1]);
  b.dispose();
  q.dispose();
});

test('the critical spring batch follows the closed form of the critical spring', () => {
  // x(t) = g + e^(−yt)·(x0 − g + (v0 + y·(x0 − g))·t), y = 2 ln2 / h, worked out in double here.
  const h = 0.2,
    t = 0.3,
    y = (2 * Math.LN2) / h,
    e = Math.exp(-y * t);
  const b = new sprung.SimpleSpringDamperExactBatch(2, { halflife: h });
  b.x.set([1, -2]);
  b.v.set([0.5, 3]);
  b.goal.set([4, 0]);
  b.update(t);
  for (const [j, x0, v0, g] of [
    [0, 1, 0.5, 4],
    [1, -2, 3, 0],
  ]) {
    const j1 = v0 + y * (x0 - g);
    // float32 rounding of a handful of operations on values ≤ 10: well inside 1e-5
    assert.ok(Math.abs(b.x[j] - (g + e * (x0 - g + j1 * t))) < 1e-5, `x[${j}]`);
    assert.ok(Math.abs(b.v[j] - e * (v0 - y * j1 * t)) < 1e-4, `v[${j}]`);
  }
  b.dispose();
});

test('views stay valid and keep their data when the memory grows under live batches', () => {
  const a = new sprung.CriticalSpringDamperExactBatch(5, { dim: 3, perElementHalflife: true });
  randomFill(a.x, -1, 1);
  randomFill(a.goal, -1, 1);
  randomFill(a.halflife, 0.1, 0.3);
  const before = Float32Array.from(a.x),
    goal = Float32Array.from(a.goal);
  const oldView = a.x,
    oldBuffer = wasm.memory.buffer;
  const big = new sprung.DecaySpringDamperExactBatch(4 << 20, { dim: 2 }); // 64 MB: must grow
  assert.notEqual(wasm.memory.buffer, oldBuffer, 'memory grew');
  assert.equal(oldView.byteLength, 0, 'the old view detached');
  assert.notEqual(a.x, oldView, 'the getter handed out a new view');
  assert.ok(a.x.buffer === wasm.memory.buffer);
  assertSame(a.x, before, 'x after growth');
  assertSame(a.goal, goal, 'goal after growth');
  big.x[big.x.length - 1] = 7; // writes to the new batch do not touch the old one
  assertSame(a.x, before, 'x after writing the big batch');
  // writes through the new views reach the kernel
  a.goal[4] = 2;
  const [wx, wv] = cCritical(a.x[4], a.v[4], 2, a.goalVelocity[4], a.halflife[1], DT);
  a.update(DT);
  assert.ok(same(a.x[4], wx) && same(a.v[4], wv));
  big.dispose();
  a.dispose();
});

test('a NaN goal (or halflife) changes its own element only', () => {
  for (const per of [false, true]) {
    const mk = () => {
      const b = new sprung.CriticalSpringDamperExactBatch(37, { dim: 3, perElementHalflife: per });
      seed = 99;
      randomFill(b.x, -5, 5);
      randomFill(b.v, -5, 5);
      randomFill(b.goal, -5, 5);
      randomFill(b.halflife, 0.05, 0.5);
      return b;
    };
    const clean = mk(),
      dirty = mk(),
      k = 17;
    dirty.goal[3 * k + 1] = NaN;
    dirty.goalVelocity[3 * k] = Infinity;
    if (per) dirty.halflife[k] = NaN;
    clean.update(DT);
    dirty.update(DT);
    for (let j = 0; j < 37 * 3; j++) {
      if (Math.floor(j / 3) === k) continue;
      assert.ok(same(dirty.x[j], clean.x[j]) && same(dirty.v[j], clean.v[j]), `element ${Math.floor(j / 3)}`);
    }
    assert.ok(Number.isNaN(dirty.x[3 * k + 1]));
    clean.dispose();
    dirty.dispose();
  }
});

test('dispose frees, is idempotent, and any later use throws naming class and method', () => {
  const b = new sprung.CriticalSpringDamperExactBatch(4);
  assert.equal(b.disposed, false);
  b.dispose();
  b.dispose();
  assert.equal(b.disposed, true);
  assert.throws(
    () => b.update(DT),
    /^TypeError: sprung\.CriticalSpringDamperExactBatch\.update: used after dispose\(\)/,
  );
  assert.throws(() => b.x, /sprung\.CriticalSpringDamperExactBatch\.x: used after dispose\(\)/);
  assert.throws(() => b.halflife, /CriticalSpringDamperExactBatch\.halflife: used after dispose/);
  assert.throws(() => b.setHalflife(1), /CriticalSpringDamperExactBatch\.setHalflife: used after dispose/);
  const p = new sprung.PoseInertializer(2);
  p.dispose();
  assert.throws(
    () => p.update(new Float32Array(26), DT),
    /sprung\.PoseInertializer\.update: used after dispose\(\)/,
  );
  assert.throws(
    () => p.transition(new Float32Array(26), new Float32Array(26)),
    /PoseInertializer\.transition: used after dispose/,
  );
  assert.throws(() => p.output, /PoseInertializer\.output: used after dispose/);
});

test('bad arguments throw naming the argument', () => {
  assert.throws(() => new sprung.SimpleSpringDamperExactBatch(-1), RangeError);
  assert.throws(() => new sprung.SimpleSpringDamperExactBatch(2.5), /count/);
  assert.throws(() => new sprung.SimpleSpringDamperExactBatch(2, { dim: 0 }), /options\.dim/);
  assert.throws(() => new sprung.SimpleSpringDamperExactBatch(2, { dim: 1.5 }), /options\.dim/);
  new sprung.SimpleSpringDamperExactBatch(2, { dim: 5 }).dispose(); // any dim ≥ 1, as batch.c takes
  assert.throws(() => new sprung.SimpleSpringDamperExactBatch(2, { halflife: -1 }), /options\.halflife/);
  const b = new sprung.SimpleSpringDamperExactBatch(2);
  assert.throws(() => b.update(-1), /SimpleSpringDamperExactBatch\.update: dt/);
  assert.throws(() => b.update(NaN), RangeError);
  b.halflife[0] = -1;
  assert.throws(() => b.update(DT), /halflife\[0\]/);
  assert.throws(() => b.setHalflife(NaN), /setHalflife: h/);
  b.dispose();
  const p = new sprung.PoseInertializer(3);
  assert.throws(
    () => p.update(new Float32Array(38), DT),
    /PoseInertializer\.update: input must have at least 39/,
  );
  assert.throws(() => p.update([], DT), /input must be a Float32Array/);
  p.dispose();
});

/** A random pose of n bones (unit rotations). */
function randomPose(n) {
  const { rotations, angularVelocities, length } = sprung.poseLayout(n);
  const p = randomFill(new Float32Array(length), -1, 1);
  randomQuats(p.subarray(rotations, angularVelocities));
  return p;
}

test('pose inertializer: continuous at the transition, decays like the critical spring, then follows the input', () => {
  const n = 64,
    L = sprung.poseLayout(n),
    h = 0.15;
  const pose = new sprung.PoseInertializer(n, { halflife: h });
  const src = randomPose(n),
    dst = randomPose(n);
  pose.transition(src, dst);
  let out = pose.update(dst, 0);
  // at dt = 0 the output is the source pose: (src − dst) + dst, a few float roundings
  for (let j = 0; j < L.rotations; j++) assert.ok(Math.abs(out[j] - src[j]) < 1e-6, `pos/vel ${j}`);
  for (let j = L.angularVelocities; j < L.length; j++)
    assert.ok(Math.abs(out[j] - src[j]) < 1e-6, `ang vel ${j}`);
  for (let i = L.rotations; i < L.angularVelocities; i += 4) {
    const dot = Math.abs(
      out[i] * src[i] + out[i + 1] * src[i + 1] + out[i + 2] * src[i + 2] + out[i + 3] * src[i + 3],
    );
    assert.ok(dot > 1 - 1e-6, `rotation ${i}`); // |cos(half angle)| = 1 up to float rounding
  }
  // positions: offset x0 = src − dst, v0 = src' − dst' decay by the critical spring toward 0
  const t = 0.1,
    y = (2 * Math.LN2) / h,
    e = Math.exp(-y * t);
  out = pose.update(dst, t);
  for (let j = 0; j < 3 * n; j++) {
    const x0 = src[j] - dst[j],
      v0 = src[L.velocities + j] - dst[L.velocities + j];
    const want = dst[j] + e * (x0 + (v0 + y * x0) * t);
    assert.ok(Math.abs(out[j] - want) < 2e-6, `position ${j}: ${out[j]} vs ${want}`); // float32 rounding of values ≤ 4
  }
  // after 40 halflives the offset is gone: the output is the input
  const input = randomPose(n);
  out = pose.update(input, 40 * h);
  for (let j = 0; j < L.length; j++) assert.ok(Math.abs(out[j] - input[j]) < 1e-6, `settled ${j}`);
  // the input view of the inertializer itself can be passed (no copy) and gives the same result
  pose.input.set(input);
  assertSame(pose.update(pose.input, 0), out, 'input view');
  pose.dispose();
});

test('members name themselves: after dispose, on another class, and the base class (issue 33, item 19)', () => {
  const b = new sprung.CriticalSpringDamperExactBatch(2, { perElementHalflife: true });
  b.dispose();
  assert.throws(() => b.perElementHalflife, {
    name: 'TypeError',
    message: 'sprung.CriticalSpringDamperExactBatch.perElementHalflife: used after dispose()',
  });
  // each class's setHalflife refuses a batch of another class, as its update does (it set the
  // other batch's halflives and returned)
  const d = new sprung.DamperExactBatch(3);
  for (const cls of [
    'CriticalSpringDamperExactBatch',
    'SimpleSpringDamperExactQuatBatch',
    'DamperExactQuatBatch',
  ])
    for (const m of ['setHalflife', 'update'])
      assert.throws(() => sprung[cls].prototype[m].call(d, 0.3), {
        name: 'TypeError',
        message: `sprung.${cls}.${m}: called on a DamperExactBatch, not a ${cls}`,
      });
  assert.deepEqual([...d.halflife], [Math.fround(0.1)], 'nothing changed');
  assert.equal(sprung.DamperExactBatch.prototype.setHalflife.call(d, 0.3), d);
  assert.deepEqual([...d.halflife], [Math.fround(0.3)]);
  d.dispose();
  // options.dim is named, and the base class says what to construct
  for (const [dim, error] of [
    [0, /^RangeError: sprung\.SpringDamperExactBatch: options\.dim must be an integer ≥ 1, got 0$/],
    [1.5, /^RangeError: sprung\.SpringDamperExactBatch: options\.dim must be an integer ≥ 1, got 1\.5$/],
    ['3', /^TypeError: sprung\.SpringDamperExactBatch: options\.dim must be a number, got "3"$/],
  ])
    assert.throws(() => new sprung.SpringDamperExactBatch(2, { dim }), error);
  assert.throws(
    () => new sprung.Batch(2, { dim: 0 }),
    /^TypeError: sprung\.Batch: the base class of the batches/,
  );
});

test("what a batch's Float32Array state keeps, as the README says, against the closed form", () => {
  // 10 s of a critical spring from rest: x − g = (x0 − g)·e^(−kt)·(1 + kt), k = 2·ln2/halflife
  const closed = (x0, g, h) =>
    g + (x0 - g) * Math.exp((-2 * Math.LN2 * 10) / h) * (1 + (2 * Math.LN2 * 10) / h);
  const run = (x0, g, h, rate) => {
    const b = new sprung.SimpleSpringDamperExactBatch(1, { halflife: h });
    b.x[0] = x0;
    b.goal[0] = g;
    for (let i = 0; i < 10 * rate; i++) b.update(1 / rate);
    const st = { x: x0, v: 0 };
    for (let i = 0; i < 10 * rate; i++) sprung.simpleSpringDamperExact(st, g, h, 1 / rate);
    const moved = b.x[0] - x0;
    b.dispose();
    // the per-call state is the closed form's to float precision of the motion
    assert.ok(
      Math.abs(st.x - closed(x0, g, h)) < 1e-6 * Math.abs(g - x0),
      `per call ${x0} → ${g} at ${rate} Hz`,
    );
    return moved / (closed(x0, g, h) - x0); // the share of the motion the batch covers
  };
  // a 3 m motion toward x = 1e4, halflife 1 s: 99.4 % at 60 Hz, 88 % at 1 kHz, none at 60 kHz
  const near = [60, 1000, 60000].map((rate) => run(1e4 - 3, 1e4, 1, rate));
  assert.ok(
    Math.abs(near[0] - 0.994) < 0.001 && Math.abs(near[1] - 0.88) < 0.005 && near[2] === 0,
    `${near}`,
  );
  // halflife 100 s: still near 1e4 at 60 Hz, and from x = 3 toward 0 at 60 kHz
  assert.ok(run(1e4 - 3, 1e4, 100, 60) === 0);
  assert.ok(run(3, 0, 100, 60000) === 0);
  assert.ok(Math.abs(run(3, 0, 100, 60) - 1) < 1e-4); // at 60 Hz it keeps the motion
});
