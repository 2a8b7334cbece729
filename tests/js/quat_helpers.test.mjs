// quat_helpers.test.mjs — the quaternion helpers of the articles (rotate a vector, inverse
// rotate, a·b⁻¹, a⁻¹·b, nlerp and slerp along the shortest arc, angle-axis both ways, angular
// velocity from two rotations and its integration), the exact quaternion damper and its batch,
// and the article's implicit quaternion spring, each against formulas evaluated here in double.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { cDamperQuat } from './c_calls.mjs';
import { near, LN2 } from './oracle.mjs';

await sp.init();

const K = ['x', 'y', 'z', 'w'];
const mul = (a, b) => ({
  x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
  y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
  z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
});
const conj = (q) => ({ x: -q.x, y: -q.y, z: -q.z, w: q.w });
const neg = (q) => ({ x: -q.x, y: -q.y, z: -q.z, w: -q.w });
const dot = (a, b) => a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
const axisAngle = (a, angle) => {
  const n = Math.hypot(a.x, a.y, a.z),
    s = Math.sin(angle / 2) / n;
  return { x: a.x * s, y: a.y * s, z: a.z * s, w: Math.cos(angle / 2) };
};
const rotate = (q, v) => {
  const r = mul(mul(q, { ...v, w: 0 }), conj(q));
  return { x: r.x, y: r.y, z: r.z };
};
/** 2·log(q) of a unit quaternion: the scaled axis (angle·axis), the angle in [0, 2π]. */
const log2 = (q) => {
  const s = Math.hypot(q.x, q.y, q.z);
  if (s === 0) return { x: 0, y: 0, z: 0 };
  const angle = 2 * Math.atan2(s, q.w);
  return { x: (q.x / s) * angle, y: (q.y / s) * angle, z: (q.z / s) * angle };
};
const exp2 = (v) => {
  const a = Math.hypot(v.x, v.y, v.z);
  return a === 0 ? { x: 0, y: 0, z: 0, w: 1 } : axisAngle(v, a);
};
const abs = (q) => (q.w < 0 ? neg(q) : q);
/** Same rotation (q or −q) within tol per component. */
const sameRotation = (a, b, tol) => {
  const s = dot(a, b) < 0 ? -1 : 1;
  return K.every((k) => near(a[k], s * b[k], tol));
};
const closeQuat = (a, b, tol) => K.every((k) => near(a[k], b[k], tol));

const qa = axisAngle({ x: 1, y: 2, z: 3 }, 0.9),
  qb = axisAngle({ x: -2, y: 0.5, z: 1 }, 2.5),
  v = { x: 0.3, y: -1.2, z: 2 };

test('quatMulVec3 and quatInvMulVec3 rotate by q and by q⁻¹; out keeps its class', () => {
  class V3 {
    constructor() {
      this.x = this.y = this.z = 0;
    }
    length() {
      return Math.hypot(this.x, this.y, this.z);
    }
  }
  const out = new V3();
  const r = sp.quatMulVec3(qa, v, out);
  assert.equal(r, out);
  const want = rotate(qa, v);
  for (const k of ['x', 'y', 'z']) assert.ok(near(r[k], want[k], 2e-6));
  assert.ok(near(out.length(), Math.hypot(v.x, v.y, v.z), 2e-6));
  const back = sp.quatInvMulVec3(qa, r);
  for (const k of ['x', 'y', 'z']) assert.ok(near(back[k], v[k], 3e-6));
  const w2 = rotate(conj(qb), v),
    got = sp.quatInvMulVec3(qb, v);
  for (const k of ['x', 'y', 'z']) assert.ok(near(got[k], w2[k], 2e-6));
});

test('quatMulInv is a·b⁻¹, quatInvMul is a⁻¹·b', () => {
  assert.ok(closeQuat(sp.quatMulInv(qa, qb), mul(qa, conj(qb)), 2e-6));
  assert.ok(closeQuat(sp.quatInvMul(qa, qb), mul(conj(qa), qb), 2e-6));
  // the rotation from b to a: (a·b⁻¹)·b = a
  assert.ok(closeQuat(mul(sp.quatMulInv(qa, qb), qb), qa, 3e-6));
});

test('quatNlerpShortest and quatSlerpShortest interpolate along the shortest arc', () => {
  const far = neg(qb); // the same rotation as qb, on the other hemisphere
  for (const alpha of [0, 0.25, 0.5, 0.8, 1, 1.5, -0.3]) {
    // nlerp: normalise(q + α(p' − q)), p' = ±p with q·p' ≥ 0
    const p = dot(qa, far) < 0 ? neg(far) : far;
    const l = { x: 0, y: 0, z: 0, w: 0 };
    for (const k of K) l[k] = qa[k] + alpha * (p[k] - qa[k]);
    const n = Math.hypot(l.x, l.y, l.z, l.w);
    for (const k of K) l[k] /= n;
    assert.ok(closeQuat(sp.quatNlerpShortest(qa, far, alpha), l, 3e-6), `nlerp α=${alpha}`);
    // slerp: (sin((1−α)θ)·q + sin(αθ)·p') / sin θ, cos θ = q·p'
    const th = Math.acos(dot(qa, p)),
      s = { x: 0, y: 0, z: 0, w: 0 };
    for (const k of K)
      s[k] = (Math.sin((1 - alpha) * th) * qa[k] + Math.sin(alpha * th) * p[k]) / Math.sin(th);
    assert.ok(closeQuat(sp.quatSlerpShortest(qa, far, alpha), s, 3e-6), `slerp α=${alpha}`);
    // constant angular speed: the angle from q grows linearly in α
    const got = sp.quatSlerpShortest(qa, far, alpha);
    const ang = 2 * Math.acos(Math.min(1, Math.abs(dot(got, qa))));
    if (alpha >= 0 && alpha <= 1) assert.ok(Math.abs(ang - 2 * alpha * th) < 2e-5, `slerp angle α=${alpha}`);
  }
  // nearly equal rotations: slerp keeps its digits where acos(q·p) would lose half of them
  const tiny = mul(axisAngle({ x: 0, y: 1, z: 0 }, 1e-5), qa);
  const mid = sp.quatSlerpShortest(qa, tiny, 0.5);
  assert.ok(sameRotation(mid, mul(axisAngle({ x: 0, y: 1, z: 0 }, 5e-6), qa), 1e-6));
});

test('quatFromAngleAxis and quatToAngleAxis are the angle-axis forms', () => {
  for (const [axis, angle] of [
    [{ x: 0, y: 1, z: 0 }, Math.PI / 2],
    [{ x: 3, y: -4, z: 12 }, 2.2],
    [{ x: 1e-30, y: 0, z: 0 }, 0.5], // a tiny axis is still a direction
    [{ x: 0, y: 0, z: 5 }, -1],
  ]) {
    const q = sp.quatFromAngleAxis(angle, axis);
    assert.ok(closeQuat(q, axisAngle(axis, angle), 2e-6), `${JSON.stringify(axis)} ${angle}`);
    const out = { angle: 0, axis: { x: 0, y: 0, z: 0 }, extra: 'kept' };
    const r = sp.quatToAngleAxis(q, out);
    assert.equal(r, out);
    assert.equal(r.extra, 'kept');
    // q and its angle-axis describe the same rotation: angle in [0, 2π], unit axis
    assert.ok(r.angle >= 0 && r.angle <= 2 * Math.PI + 1e-6);
    assert.ok(near(Math.hypot(r.axis.x, r.axis.y, r.axis.z), 1, 1e-6));
    assert.ok(sameRotation(axisAngle(r.axis, r.angle), q, 3e-6));
  }
  assert.deepEqual({ ...sp.quatFromAngleAxis(1, { x: 0, y: 0, z: 0 }) }, { x: 0, y: 0, z: 0, w: 1 });
  const id = sp.quatToAngleAxis({ x: 0, y: 0, z: 0, w: 1 });
  assert.equal(id.angle, 0);
  assert.deepEqual({ ...id.axis }, { x: 1, y: 0, z: 0 });
});

test('quatDifferentiateAngularVelocity and quatIntegrateAngularVelocity: 2·log(next·curr⁻¹)/dt and back', () => {
  const dt = 0.1;
  const w = sp.quatDifferentiateAngularVelocity(qb, qa, dt);
  const want = log2(abs(mul(qb, conj(qa))));
  for (const k of ['x', 'y', 'z'])
    assert.ok(near(w[k], want[k] / dt, 2e-5), `${k}: ${w[k]} vs ${want[k] / dt}`);
  const next = sp.quatIntegrateAngularVelocity(w, qa, dt);
  assert.ok(sameRotation(next, qb, 3e-6));
  const e = exp2({ x: w.x * dt, y: w.y * dt, z: w.z * dt });
  assert.ok(closeQuat(next, mul(e, qa), 3e-6));
  assert.deepEqual({ ...sp.quatDifferentiateAngularVelocity(qb, qa, 0) }, { x: 0, y: 0, z: 0 });
});

/** The exact damper on rotations in double: slerp from x toward g by 1 − 2^(−dt/h). */
function damperQuat(x, g, h, dt) {
  const keep = 2 ** (-dt / h);
  const d = log2(abs(mul(x, conj(g))));
  return mul(exp2({ x: d.x * keep, y: d.y * keep, z: d.z * keep }), g);
}

test('damperExactQuat turns half the remaining angle every halflife, at any frame rate', () => {
  const r = { ...qa, name: 'turret' };
  assert.equal(sp.damperExactQuat(r, qb, 0.2, 0.05), r);
  assert.equal(r.name, 'turret');
  assert.ok(sameRotation(r, damperQuat(qa, qb, 0.2, 0.05), 3e-6));
  // one step of 0.3 s equals 30 of 0.01 s
  const a = { ...qa },
    b = { ...qa };
  for (let i = 0; i < 30; i++) sp.damperExactQuat(a, qb, 0.2, 0.01);
  sp.damperExactQuat(b, qb, 0.2, 0.3);
  assert.ok(sameRotation(a, b, 2e-5));
  // the angle to the goal halves every halflife
  const c = { ...qa };
  const angle = (q) => 2 * Math.acos(Math.min(1, Math.abs(dot(q, qb))));
  const before = angle(c);
  sp.damperExactQuat(c, qb, 0.25, 0.25);
  assert.ok(near(angle(c), before / 2, 1e-5));
  assert.deepEqual(
    { ...sp.damperExactQuat({ ...qa }, qb, 0, 0.1) },
    { ...qb },
    'halflife 0 lands on the goal itself',
  );
});

test('DamperExactQuatBatch equals sp_damper_exact_quat per element, bit for bit, with shared or per-element halflives', () => {
  const n = 5;
  const start = Array.from({ length: n }, (_, i) => axisAngle({ x: i + 1, y: 1 - i, z: 2 }, 0.3 * i + 0.2));
  const goals = Array.from({ length: n }, (_, i) => axisAngle({ x: -1, y: i, z: 1 }, 2.9 - 0.5 * i));
  for (const per of [false, true]) {
    const b = new sp.DamperExactQuatBatch(n, { halflife: 0.15, perElementHalflife: per });
    const hs = per ? [0.1, 0, 0.3, 2, 0.05] : Array(n).fill(0.15);
    if (per) b.halflife.set(hs);
    start.forEach((q, i) => b.x.set([q.x, q.y, q.z, q.w], 4 * i));
    goals.forEach((q, i) => b.goal.set([q.x, q.y, q.z, q.w], 4 * i));
    // the scalar C function on float state (the per-call wrapper keeps the caller's double state)
    let refs = start.map((q) => ({ ...q }));
    for (let step = 0; step < 3; step++) {
      b.update(1 / 60);
      refs = refs.map((r, i) => cDamperQuat(r, goals[i], hs[i], 1 / 60));
    }
    refs.forEach((r, i) => {
      K.forEach((k, j) => assert.ok(Object.is(b.x[4 * i + j], r[k]), `per=${per} element ${i}.${k}`));
      assert.ok(
        sameRotation(
          r,
          damperQuat(
            damperQuat(damperQuat(start[i], goals[i], hs[i], 1 / 60), goals[i], hs[i], 1 / 60),
            goals[i],
            hs[i],
            1 / 60,
          ),
          5e-6,
        ),
      );
    });
    b.dispose();
  }
  // a new batch holds identities that stay identities
  const b = new sp.DamperExactQuatBatch(2);
  b.update(0.1);
  assert.deepEqual([...b.x], [0, 0, 0, 1, 0, 0, 0, 1]);
  b.dispose();
  assert.throws(() => b.update(0.1), /DamperExactQuatBatch\.update: used after dispose/);
});

/** The article's fast_negexp. */
const fastNegexp = (x) => 1 / (1 + x + 0.48 * x * x + 0.235 * x * x * x);

test('simpleSpringDamperImplicitQuat is the article’s listing (fast_negexp, no eps)', () => {
  const h = 0.2,
    dt = 1 / 30;
  const x = { ...qa },
    w = { x: 1, y: -0.5, z: 0.2 };
  sp.simpleSpringDamperImplicitQuat(x, w, qb, h, dt);
  const y = (2 * LN2) / h,
    j0 = log2(abs(mul(qa, conj(qb))));
  const j1 = { x: 1 + j0.x * y, y: -0.5 + j0.y * y, z: 0.2 + j0.z * y };
  const e = fastNegexp(y * dt);
  const want = mul(
    exp2({ x: e * (j0.x + j1.x * dt), y: e * (j0.y + j1.y * dt), z: e * (j0.z + j1.z * dt) }),
    qb,
  );
  assert.ok(sameRotation(x, want, 5e-6));
  assert.ok(near(w.x, e * (1 - j1.x * y * dt), 5e-5) && near(w.z, e * (0.2 - j1.z * y * dt), 5e-5));
  // halflife 0 snaps to the goal at rest
  const s = { ...qa },
    sv = { x: 3, y: 0, z: 0 };
  sp.simpleSpringDamperImplicitQuat(s, sv, qb, 0, dt);
  assert.ok(closeQuat(s, qb, 1e-7) && sv.x === 0);
});
