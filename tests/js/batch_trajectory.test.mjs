// batch_trajectory.test.mjs — TrajectoryBatch of the built package: every character's
// prediction equals, bit for bit, the single-character TrajectoryPredictor given the same
// state (sample times from i·dt and from the times view); use after dispose throws; bad
// halflives are rejected by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';

await sprung.init();

function same(a, b) {
  return Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b);
}
function assertSame(got, want, what) {
  assert.equal(got.length, want.length, `${what}: length`);
  for (let j = 0; j < got.length; j++)
    if (!same(got[j], want[j])) assert.fail(`${what}[${j}]: got ${got[j]}, want ${want[j]}`);
}
const unit = (x, y, z, w) => {
  const l = Math.hypot(x, y, z, w);
  return { x: x / l, y: y / l, z: z / l, w: w / l };
};

for (const useTimes of [false, true])
  test(`each character equals TrajectoryPredictor (${useTimes ? 'times view' : 'i·dt'})`, () => {
    const C = 6,
      S = 9,
      dt = 1 / 20;
    const batch = new sprung.TrajectoryBatch(C, S),
      one = new sprung.TrajectoryPredictor(S);
    const st = batch.state,
      gl = batch.goal;
    const chars = [];
    for (let c = 0; c < C; c++) {
      const f = (k) => Math.fround(Math.sin(7 * c + k) * 3);
      const ch = {
        x: { x: f(0), y: f(1), z: f(2) },
        v: { x: f(3), y: f(4), z: f(5) },
        a: { x: f(6), y: f(7), z: f(8) },
        r: unit(f(9), f(10), f(11), f(12)),
        w: { x: f(13), y: f(14), z: f(15) },
        dv: { x: f(16), y: 0, z: f(17) },
        dr: unit(0, f(18), 0, f(19)),
      };
      st.set(
        [
          ch.x.x,
          ch.x.y,
          ch.x.z,
          ch.v.x,
          ch.v.y,
          ch.v.z,
          ch.a.x,
          ch.a.y,
          ch.a.z,
          ch.r.x,
          ch.r.y,
          ch.r.z,
          ch.r.w,
          ch.w.x,
          ch.w.y,
          ch.w.z,
        ],
        16 * c,
      );
      gl.set([ch.dv.x, ch.dv.y, ch.dv.z, ch.dr.x, ch.dr.y, ch.dr.z, ch.dr.w], 7 * c);
      // the batch reads float32 state: give the single predictor the same float32 values
      const r32 = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.fround(v)]));
      for (const k of Object.keys(ch)) ch[k] = r32(ch[k]);
      chars.push(ch);
    }
    for (let i = 0; i < S; i++) batch.times[i] = one.times[i] = 0.03 * i * i;
    batch.predict(0.25, 0.12, useTimes ? undefined : dt);
    const o = batch.layout;
    for (let c = 0; c < C; c++) {
      const ch = chars[c];
      one.predictPositions(ch.x, ch.v, ch.a, ch.dv, 0.25, useTimes ? undefined : dt);
      one.predictRotations(ch.r, ch.w, ch.dr, 0.12, useTimes ? undefined : dt);
      const block = batch.prediction.subarray(16 * S * c, 16 * S * (c + 1));
      assertSame(block.subarray(o.positions, o.positions + 3 * S), one.positions, `character ${c} positions`);
      assertSame(
        block.subarray(o.velocities, o.velocities + 3 * S),
        one.velocities,
        `character ${c} velocities`,
      );
      assertSame(
        block.subarray(o.accelerations, o.accelerations + 3 * S),
        one.accelerations,
        `character ${c} accelerations`,
      );
      assertSame(block.subarray(o.rotations, o.rotations + 4 * S), one.rotations, `character ${c} rotations`);
      assertSame(
        block.subarray(o.angularVelocities, o.angularVelocities + 3 * S),
        one.angularVelocities,
        `character ${c} angular velocities`,
      );
    }
    batch.dispose();
    one.dispose();
  });

test('bad input and use after dispose', () => {
  const b = new sprung.TrajectoryBatch(2, 3);
  assert.throws(
    () => b.predict(-1, 0.1, 0.1),
    (e) => e instanceof RangeError && /positionHalflife/.test(e.message),
  );
  assert.throws(
    () => b.predict(0.1, NaN, 0.1),
    (e) => e instanceof RangeError && /rotationHalflife/.test(e.message),
  );
  // a negative dt (issue 33, item 19), here and in the TrajectoryPredictor methods
  assert.throws(() => b.predict(0.1, 0.1, -0.1), {
    name: 'RangeError',
    message: 'sprung.TrajectoryBatch.predict: dt must be a finite number ≥ 0, got -0.1',
  });
  const tp = new sprung.TrajectoryPredictor(3),
    v = { x: 0, y: 0, z: 0 },
    q = { x: 0, y: 0, z: 0, w: 1 };
  assert.throws(
    () => tp.predictPositions(v, v, v, q, 0.3, -0.1),
    /^RangeError: sprung\.TrajectoryPredictor\.predictPositions: dt must be a finite number ≥ 0, got -0\.1$/,
  );
  assert.throws(
    () => tp.predictRotations(q, v, q, 0.3, -0.1),
    /^RangeError: sprung\.TrajectoryPredictor\.predictRotations: dt must be a finite number ≥ 0, got -0\.1$/,
  );
  assert.throws(
    () => new sprung.TrajectoryBatch(2, 0),
    (e) => e instanceof RangeError && /samples/.test(e.message),
  );
  b.dispose();
  assert.throws(() => b.predict(0.1, 0.1, 0.1), /used after dispose/);
  assert.throws(() => b.prediction, /used after dispose/);
});
