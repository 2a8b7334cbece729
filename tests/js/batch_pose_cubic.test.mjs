// batch_pose_cubic.test.mjs — CubicPoseInertializer of the built package: per bone it equals
// the scalar cubic inertializer on float state (inertializeCubicTransition and the C
// sp_inertialize_cubic_update for each position component; for rotations the cubic on the
// scaled angle-axis composed from quatToScaledAngleAxis, decayedOffsetCubic and
// quatFromScaledAngleAxis, with the transition of inertializeTransitionQuat and the output of
// the C sp_inertialize_update_quat at dt = 0), bit for bit; the output is continuous at a transition;
// argument checks and dispose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';
import { cCubicUpdate, cInertializeQuat } from './c_calls.mjs';

await sprung.init();
const B = 5,
  L = sprung.poseLayout(B);

function pose(seed) {
  const p = new Float32Array(L.length);
  for (let j = 0; j < L.length; j++) p[j] = Math.sin(seed * 13.1 + j * 1.7) * 2;
  for (let r = L.rotations; r < L.angularVelocities; r += 4) {
    const n = Math.hypot(p[r], p[r + 1], p[r + 2], p[r + 3]);
    for (let c = 0; c < 4; c++) p[r + c] /= n;
  }
  return p;
}
const q = (p, r) => ({ x: p[r], y: p[r + 1], z: p[r + 2], w: p[r + 3] });
const v3 = (p, a) => ({ x: p[a], y: p[a + 1], z: p[a + 2] });

/** The reference inertializer, bone by bone, from the scalar functions on float state. */
class Reference {
  constructor(z) {
    this.z = z;
    this.pos = [];
    this.rot = [];
    this.t = 0;
    for (let b = 0; b < B; b++) this.rot.push({ q: { x: 0, y: 0, z: 0, w: 1 }, w: { x: 0, y: 0, z: 0 } });
    for (let j = 0; j < 3 * B; j++) this.pos.push({ x: 0, v: 0, t: 0 });
  }
  rotation(b, t) {
    const o = this.rot[b],
      j = sprung.quatToScaledAngleAxis(o.q),
      w = {};
    for (const k of ['x', 'y', 'z']) {
      const d = sprung.decayedOffsetCubic({ x: 0, v: 0 }, j[k], o.w[k], this.z, t);
      j[k] = d.x;
      w[k] = d.v;
    }
    return { q: sprung.quatFromScaledAngleAxis(j), w };
  }
  transition(src, dst) {
    for (let b = 0; b < B; b++) {
      const { q: dq, w } = this.rotation(b, this.t),
        r = L.rotations + 4 * b,
        a = L.angularVelocities + 3 * b;
      sprung.inertializeTransitionQuat(dq, w, q(src, r), v3(src, a), q(dst, r), v3(dst, a));
      this.rot[b] = { q: dq, w };
    }
    for (let j = 0; j < 3 * B; j++) {
      this.pos[j].t = this.t;
      sprung.inertializeCubicTransition(this.pos[j], src[j], src[3 * B + j], dst[j], dst[3 * B + j], this.z);
    }
    this.t = 0;
  }
  update(inp, dt) {
    const out = new Float32Array(L.length);
    // the C functions on float state (the per-call wrappers keep the caller's double state)
    for (let j = 0; j < 3 * B; j++) {
      [out[j], out[3 * B + j], this.pos[j].t] = cCubicUpdate(this.pos[j], inp[j], inp[3 * B + j], this.z, dt);
    }
    this.t = Math.fround(this.t + Math.fround(dt)); // as the C side: float time, float dt
    for (let b = 0; b < B; b++) {
      const { q: dq, w } = this.rotation(b, this.t),
        r = L.rotations + 4 * b,
        a = L.angularVelocities + 3 * b;
      const { out: m, outV: mv } = cInertializeQuat(dq, w, q(inp, r), v3(inp, a), 1, 0); // dt = 0: the output step only
      out.set([m.x, m.y, m.z, m.w], r);
      out.set([mv.x, mv.y, mv.z], a);
    }
    return out;
  }
}

function assertSame(got, want, what) {
  for (let j = 0; j < want.length; j++)
    if (!Object.is(got[j], want[j])) assert.fail(`${what}[${j}]: got ${got[j]}, want ${want[j]}`);
}

test('equals the scalar cubic inertializer bone by bone, through an interrupted blend', () => {
  const z = 0.3,
    inert = new sprung.CubicPoseInertializer(B, { blendtime: z }),
    ref = new Reference(z);
  const a = pose(1),
    b = pose(2),
    c = pose(3);
  inert.transition(a, b);
  ref.transition(a, b);
  for (let k = 0; k < 3; k++)
    assertSame(inert.update(b, 0.04), ref.update(b, 0.04), `first blend, frame ${k}`);
  inert.transition(b, c);
  ref.transition(b, c);
  assert.equal(inert.time, 0);
  for (let k = 0; k < 10; k++)
    assertSame(inert.update(c, 0.04), ref.update(c, 0.04), `second blend, frame ${k}`);
  assertSame(inert.output, c, 'after blendtime the output is the input');
  inert.dispose();
});

test('continuous at a transition', () => {
  const inert = new sprung.CubicPoseInertializer(B, { blendtime: 0.25 }),
    a = pose(4),
    b = pose(5);
  inert.transition(a, b);
  const out = inert.update(b, 0);
  // src − dst re-added to dst: a few float roundings of values below 4 (4e-6 covers them)
  for (let j = 0; j < L.rotations; j++) assert.ok(Math.abs(out[j] - a[j]) < 4e-6, `position/velocity ${j}`);
  for (let j = L.angularVelocities; j < L.length; j++)
    assert.ok(Math.abs(out[j] - a[j]) < 4e-6, `angular velocity ${j}`);
  // rotations: the same rotation (q or −q) through log and exp, to a few ulps
  for (let r = L.rotations; r < L.angularVelocities; r += 4) {
    const dot = out[r] * a[r] + out[r + 1] * a[r + 1] + out[r + 2] * a[r + 2] + out[r + 3] * a[r + 3];
    assert.ok(1 - Math.abs(dot) < 1e-6, `rotation ${r}: dot ${dot}`);
  }
  inert.dispose();
});

test('after the blend the output is the input bit for bit, −0 included (rotations too)', () => {
  // the identity offset times the input turned an input's −0 into +0 (1·(−0) + 0·w = +0)
  const inert = new sprung.CubicPoseInertializer(B, { blendtime: 0.25 }),
    c = pose(6);
  inert.transition(pose(4), pose(5));
  for (let b = 0; b < B; b += 2) {
    c[3 * b] = -0;
    c[L.rotations + 4 * b] = -0;
    c[L.rotations + 4 * b + 2] = -0;
    c[L.angularVelocities + 3 * b + 1] = -0;
  }
  const out = inert.update(c, 0.3);
  for (let j = 0; j < L.length; j++) assert.ok(Object.is(out[j], c[j]), `float ${j}: ${out[j]} for ${c[j]}`);
  inert.dispose();
});

test('argument checks and dispose', () => {
  const inert = new sprung.CubicPoseInertializer(2);
  assert.throws(
    () => inert.update(new Float32Array(26), -1),
    (e) => e instanceof RangeError && /dt/.test(e.message),
  );
  assert.throws(
    () => inert.update(new Float32Array(3), 0.1),
    (e) => e instanceof RangeError && /input/.test(e.message),
  );
  inert.blendtime = NaN;
  assert.throws(
    () => inert.update(new Float32Array(26), 0.1),
    (e) => e instanceof RangeError && /blendtime/.test(e.message),
  );
  assert.throws(
    () => new sprung.CubicPoseInertializer(2, { blendtime: -1 }),
    (e) => e instanceof RangeError && /blendtime/.test(e.message),
  );
  inert.dispose();
  assert.throws(() => inert.update(new Float32Array(26), 0.1), /used after dispose/);
});
