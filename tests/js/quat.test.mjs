// quat.test.mjs — quaternion helpers against rotations built here, and the quaternion
// springs against the scalar critical spring on the angle along the shortest arc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

await sp.init();

const axisAngle = (a, angle) => {
  const n = Math.hypot(a[0], a[1], a[2]),
    s = Math.sin(angle / 2) / n;
  return { x: a[0] * s, y: a[1] * s, z: a[2] * s, w: Math.cos(angle / 2) };
};
// Hamilton product in double, written out here.
const mul = (a, b) => ({
  x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
  y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
  z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
});
const conj = (q) => ({ x: -q.x, y: -q.y, z: -q.z, w: q.w });
// Angle between two rotations (sign-insensitive), accurate for tiny angles.
const distance = (a, b) => {
  const r = mul(conj(a), b);
  return 2 * Math.atan2(Math.hypot(r.x, r.y, r.z), Math.abs(r.w));
};
// Rotates v by q as q·(v, 0)·q*.
const rotate = (q, v) => {
  const r = mul(mul(q, { ...v, w: 0 }), conj(q));
  return { x: r.x, y: r.y, z: r.z };
};

const qa = axisAngle([1, 2, 3], 0.9),
  qb = axisAngle([-2, 0.5, 1], 2.5);

test('quatMul composes rotations, quatInv inverts, quatAbs and quatNormalize keep the rotation', () => {
  const v = { x: 0.3, y: -1.2, z: 2 };
  const ab = sp.quatMul(qa, qb),
    r1 = rotate(ab, v),
    r2 = rotate(qa, rotate(qb, v));
  for (const k of ['x', 'y', 'z']) assert.ok(Math.abs(r1[k] - r2[k]) < 1e-6);
  const id = sp.quatMul(qa, sp.quatInv(qa));
  assert.ok(distance(id, { x: 0, y: 0, z: 0, w: 1 }) < 1e-6);
  const neg = { x: -qa.x, y: -qa.y, z: -qa.z, w: -qa.w };
  const abs = sp.quatAbs(neg);
  assert.ok(abs.w >= 0 && distance(abs, qa) < 1e-6);
  const out = { x: 3 * qa.x, y: 3 * qa.y, z: 3 * qa.z, w: 3 * qa.w };
  assert.equal(sp.quatNormalize(out, out), out, 'out may alias the input');
  assert.ok(Math.abs(Math.hypot(out.x, out.y, out.z, out.w) - 1) < 1e-6 && distance(out, qa) < 1e-6);
});

test('quatToScaledAngleAxis / quatFromScaledAngleAxis against axis·angle, tiny angles included', () => {
  for (const angle of [3.1, 0.9, 1e-3, 1e-6]) {
    const q = axisAngle([-2, 0.5, 1], angle),
      n = Math.hypot(-2, 0.5, 1);
    const sa = sp.quatToScaledAngleAxis(q);
    assert.ok(
      Math.abs(sa.x - (-2 / n) * angle) < 1e-6 * angle && Math.abs(sa.z - (1 / n) * angle) < 1e-6 * angle,
      `angle ${angle}`,
    );
    const back = sp.quatFromScaledAngleAxis(
      { x: (-2 / n) * angle, y: (0.5 / n) * angle, z: (1 / n) * angle },
      { x: 0, y: 0, z: 0, w: 0 },
    );
    assert.ok(distance(back, q) < 1e-6, `from angle ${angle}`);
  }
});

test('simpleSpringDamperExactQuat follows the shortest arc as the scalar critical spring on the angle', () => {
  // 170° from the goal, written with w < 0, angular velocity along the offset's axis:
  // θ(t) = e^(−yt)(θ0 + (ω0 + yθ0)t) about the fixed axis.
  const axis = [1, 2, 3],
    n = Math.hypot(...axis),
    goal = axisAngle([0, 1, 0], 0.7);
  const theta0 = (170 * Math.PI) / 180,
    omega0 = -1.5,
    h = 0.3,
    y = (2 * Math.LN2) / h;
  const x0 = mul(axisAngle(axis, theta0), goal);
  for (const t of [1 / 60, 0.2, 0.6, 2]) {
    const e = Math.exp(-y * t);
    const theta = e * (theta0 + (omega0 + y * theta0) * t),
      omega = e * (omega0 - (omega0 + y * theta0) * y * t);
    const want = mul(axisAngle(axis, theta), goal);
    const rot = { x: -x0.x, y: -x0.y, z: -x0.z, w: -x0.w };
    const av = { x: (axis[0] / n) * omega0, y: (axis[1] / n) * omega0, z: (axis[2] / n) * omega0 };
    assert.equal(sp.simpleSpringDamperExactQuat(rot, av, goal, h, t), rot);
    assert.ok(distance(rot, want) < 2e-6, `angle error ${distance(rot, want)} at t=${t}`); // float quaternions
    assert.ok(Math.abs(Math.hypot(rot.x, rot.y, rot.z, rot.w) - 1) < 1e-6, 'unit length');
    for (let k = 0; k < 3; k++)
      assert.ok(Math.abs(av['xyz'[k]] - (axis[k] / n) * omega) < 1e-5 * (1 + y), `ω at t=${t}`);
  }
});

test('quaternion springs are dt-invariant; dt = 0 keeps, halflife = 0 snaps', () => {
  for (const dt of [1 / 60, 0.1, 0.4]) {
    const r1 = { ...qa },
      r2 = { ...qa },
      w1 = { x: 1, y: -2, z: 0.5 },
      w2 = { ...w1 };
    sp.simpleSpringDamperExactQuat(r1, w1, qb, 0.3, 2 * dt);
    sp.simpleSpringDamperExactQuat(r2, w2, qb, 0.3, dt);
    sp.simpleSpringDamperExactQuat(r2, w2, qb, 0.3, dt);
    assert.ok(distance(r1, r2) < 2e-6 && Math.abs(w1.y - w2.y) < 2e-5, `simple dt=${dt}`);
    const d1 = { ...qa },
      d2 = { ...qa },
      u1 = { x: 1, y: -2, z: 0.5 },
      u2 = { ...u1 };
    sp.decaySpringDamperExactQuat(d1, u1, 0.3, 2 * dt);
    sp.decaySpringDamperExactQuat(d2, u2, 0.3, dt);
    sp.decaySpringDamperExactQuat(d2, u2, 0.3, dt);
    assert.ok(distance(d1, d2) < 2e-6 && Math.abs(u1.x - u2.x) < 2e-5, `decay dt=${dt}`);
  }
  const r = { ...qa },
    w = { x: 1, y: 2, z: 3 };
  sp.simpleSpringDamperExactQuat(r, w, qb, 0.3, 0);
  assert.ok(distance(r, qa) < 1e-7 && w.z === 3);
  sp.simpleSpringDamperExactQuat(r, w, qb, 0, 0.1);
  assert.ok(distance(r, qb) < 1e-6 && w.x === 0 && w.y === 0 && w.z === 0);
  sp.decaySpringDamperExactQuat(r, w, 1e-4, 10);
  assert.deepEqual(r, { x: 0, y: 0, z: 0, w: 1 });
});

test('quatBetween near opposite directions: the rotation by the angle between them (issue 33, item 17)', () => {
  // q is −p turned by eps: w = cos(θ/2) is sin(eps/2) (1.5e-4 at 3e-4 rad), where 1 + p·q in float
  // gave 0; the oracle from the float inputs in double
  for (const p of [
    [1, 0, 0],
    [0.3, -2, 5],
  ])
    for (const eps of [3e-4, 1e-4, 1e-5, 2e-6]) {
      const n = Math.hypot(...p),
        a = p.map((c) => c / n),
        perp = [-a[1], a[0], 0].map((c) => c / Math.hypot(a[0], a[1]));
      const turned = rotate(axisAngle(perp, eps), { x: -a[0], y: -a[1], z: -a[2] });
      const pf = { x: Math.fround(a[0]), y: Math.fround(a[1]), z: Math.fround(a[2]) },
        qf = { x: Math.fround(turned.x), y: Math.fround(turned.y), z: Math.fround(turned.z) };
      const u = [pf.x, pf.y, pf.z].map((c) => c / Math.hypot(pf.x, pf.y, pf.z)),
        v = [qf.x, qf.y, qf.z].map((c) => c / Math.hypot(qf.x, qf.y, qf.z));
      const c = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]],
        s = Math.hypot(...c),
        angle = Math.atan2(s, u[0] * v[0] + u[1] * v[1] + u[2] * v[2]);
      const want = {
        x: (c[0] / s) * Math.sin(angle / 2),
        y: (c[1] / s) * Math.sin(angle / 2),
        z: (c[2] / s) * Math.sin(angle / 2),
        w: Math.cos(angle / 2),
      };
      const got = sp.quatBetween(pf, qf);
      for (const k of ['x', 'y', 'z', 'w'])
        assert.ok(Math.abs(got[k] - want[k]) <= 4e-7, `p ${p}, eps ${eps}: ${k} ${got[k]}, want ${want[k]}`);
    }
});
