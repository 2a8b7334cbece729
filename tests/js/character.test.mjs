// character.test.mjs — the 2D forms of the character functions (inertializers, adjustment,
// clamping, the simulation object and its prediction) against closed forms and RK4 in double;
// strafing against the yaw worked out here; the predicted controller input
// (TrajectoryPredictor.predictDesired) against the article's controller ticked here in double
// (desired_velocity_update, the rotation's exact critical spring); predictPositionsDesired
// against RK4 of the velocity spring with the desired velocity changing per sample, and
// against walls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { near, rk4, LN2 } from './oracle.mjs';

await sp.init();

class Point {
  constructor(x = 0, y = 0) {
    this.x = x;
    this.y = y;
  }
  copyFrom(p) {
    this.x = p.x;
    this.y = p.y;
    return this;
  }
}
const closeVec = (a, b, tol, what) =>
  assert.ok(
    ['x', 'y', 'z'].every((k) => a[k] === undefined || near(a[k], b[k], tol)),
    `${what}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
  );

/** The decay of an offset by the exact critical spring, closed form in double. */
function decay(x, v, h, t) {
  const y = (2 * LN2) / h,
    j1 = v + x * y,
    e = Math.exp(-y * t);
  return { x: e * (x + j1 * t), v: e * (v - j1 * y * t) };
}

test('inertializeTransitionV2 / inertializeUpdateV2: offset (src + off) − dst, decayed by the critical spring', () => {
  const offX = { x: 0, y: 0 },
    offV = { x: 0, y: 0 };
  sp.inertializeTransitionV2(offX, offV, { x: 1, y: 2 }, { x: 3, y: -1 }, { x: 4, y: 0 }, { x: 0, y: 1 });
  assert.deepEqual(
    [offX, offV],
    [
      { x: -3, y: 2 },
      { x: 3, y: -2 },
    ],
  );
  const out = new Point(),
    outV = { x: 0, y: 0 };
  const r = sp.inertializeUpdateV2(out, outV, offX, offV, { x: 10, y: 20 }, { x: 1, y: 1 }, 0.2, 0.1);
  assert.equal(r, out);
  for (const [k, x0, v0] of [
    ['x', -3, 3],
    ['y', 2, -2],
  ]) {
    const d = decay(x0, v0, 0.2, 0.1);
    assert.ok(near(offX[k], d.x, 2e-6) && near(offV[k], d.v, 2e-6), `offset ${k}`);
    assert.ok(near(out[k], { x: 10, y: 20 }[k] + d.x, 2e-6) && near(outV[k], 1 + d.v, 2e-6), `out ${k}`);
  }
});

/** The article's decayed_offset_cubic, in double. */
function cubic(x, v, blendtime, t) {
  const u = Math.min(Math.max(t / blendtime, 0), 1),
    d = x,
    c = v * blendtime,
    b = -3 * d - 2 * c,
    a = 2 * d + c;
  return { x: a * u ** 3 + b * u * u + c * u + d, v: (3 * a * u * u + 2 * b * u + c) / blendtime };
}

test('inertializeCubicTransitionV2 / inertializeCubicUpdateV2: the article’s cubic offset', () => {
  const offX = { x: 0, y: 0 },
    offV = { x: 0, y: 0 },
    clock = { t: 0 };
  sp.inertializeCubicTransitionV2(
    offX,
    offV,
    clock,
    { x: 1, y: 0 },
    { x: 0, y: 2 },
    { x: 0, y: 1 },
    { x: 1, y: 0 },
    0.4,
  );
  assert.deepEqual([offX, offV, clock.t], [{ x: 1, y: -1 }, { x: -1, y: 2 }, 0]);
  const out = new Point(),
    outV = { x: 0, y: 0 };
  let t = 0;
  for (const dt of [0.05, 0.1, 0.2, 0.1]) {
    assert.equal(
      sp.inertializeCubicUpdateV2(out, outV, clock, offX, offV, { x: 5, y: 6 }, { x: 0, y: 0 }, 0.4, dt),
      out,
    );
    t += dt;
    for (const [k, x0, v0, i] of [
      ['x', 1, -1, 5],
      ['y', -1, 2, 6],
    ]) {
      const c = cubic(x0, v0, 0.4, t);
      assert.ok(
        near(out[k], i + c.x, 3e-6) && near(outV[k], c.v, 3e-5),
        `t=${t} ${k}: ${out[k]} vs ${i + c.x}`,
      );
    }
  }
  assert.deepEqual({ ...out }, { x: 5, y: 6 }); // exactly the input after the blend
  // a second transition mid-blend starts from the offset still showing
  clock.t = 0.1;
  sp.inertializeCubicTransitionV2(
    offX,
    offV,
    clock,
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: 0 },
    0.4,
  );
  const c = cubic(1, -1, 0.4, 0.1);
  assert.ok(near(offX.x, c.x, 3e-6) && near(offV.x, c.v, 3e-5) && clock.t === 0);
});

test('dampAdjustmentExactV2, adjustCharacterPositionV2, …ByVelocityV2, clampCharacterPositionV2: closed forms', () => {
  const h = 0.1,
    dt = 1 / 30,
    f = 1 - 2 ** (-dt / h);
  const g = { x: 3, y: -4 };
  closeVec(sp.dampAdjustmentExactV2(g, h, dt), { x: 3 * f, y: -4 * f }, 2e-6, 'damp');
  const ch = new Point(1, 1),
    sim = { x: 4, y: -3 };
  const r = sp.adjustCharacterPositionV2(ch, sim, h, dt, ch); // in place: out is an input
  assert.equal(r, ch);
  closeVec(ch, { x: 1 + 3 * f, y: 1 - 4 * f }, 2e-6, 'adjust');
  // by velocity: at most ratio·|velocity|·dt, along the adjustment
  const lim = sp.adjustCharacterPositionByVelocityV2(
    { x: 0, y: 0 },
    { x: 0.3, y: 0.4 },
    { x: 30, y: 40 },
    0.5,
    h,
    dt,
  );
  const m = 0.5 * 0.5 * dt; // |velocity| = 0.5
  closeVec(lim, { x: 0.6 * m, y: 0.8 * m }, 2e-6, 'limited by velocity');
  const free = sp.adjustCharacterPositionByVelocityV2(
    { x: 0, y: 0 },
    { x: 30, y: 40 },
    { x: 0.3, y: 0.4 },
    0.5,
    h,
    dt,
  );
  closeVec(free, { x: 0.3 * f, y: 0.4 * f }, 2e-6, 'within the limit');
  closeVec(sp.clampCharacterPositionV2({ x: 10, y: 0 }, { x: 0, y: 0 }, 2), { x: 2, y: 0 }, 1e-7, 'clamped');
  closeVec(sp.clampCharacterPositionV2({ x: 1, y: 1 }, { x: 0, y: 0 }, 2), { x: 1, y: 1 }, 1e-7, 'within');
});

/** The simulation object: velocity a critical spring toward `d` (acceleration its derivative),
 *  position its integral; RK4 on (x, v, a) in double. */
function velocitySpring(x, v, a, d, h, T) {
  const y = (2 * LN2) / h;
  return rk4((_t, s) => [s[1], s[2], y * y * (d - s[1]) - 2 * y * s[2]], [x, v, a], 0, T, 4000);
}

test('simulationPositionUpdateV2 and TrajectoryPredictorV2 follow the velocity spring (RK4)', () => {
  const h = 0.3,
    T = 0.45;
  const p = new Point(1, 2),
    v = { x: 3, y: 0 },
    a = { x: 0, y: -1 },
    d = { x: -2, y: 4 };
  assert.equal(sp.simulationPositionUpdateV2(p, v, a, d, h, T), p);
  for (const [k, x0, v0, a0] of [
    ['x', 1, 3, 0],
    ['y', 2, 0, -1],
  ]) {
    const [ox, ov, oa] = velocitySpring(x0, v0, a0, d[k], h, T);
    assert.ok(near(p[k], ox, 2e-6) && near(v[k], ov, 2e-6) && near(a[k], oa, 2e-5), `${k}`);
  }
  const pred = new sp.TrajectoryPredictorV2(4);
  pred.times.set([0.1, 0.5, 1, 3]);
  pred.predictPositions({ x: 1, y: 2 }, { x: 3, y: 0 }, { x: 0, y: -1 }, d, h);
  [0.1, 0.5, 1, 3].forEach((t, i) => {
    const [ox, ov] = velocitySpring(1, 3, 0, d.x, h, t);
    const [oy] = velocitySpring(2, 0, -1, d.y, h, t);
    assert.ok(
      near(pred.positions[2 * i], ox, 2e-6) && near(pred.positions[2 * i + 1], oy, 2e-6),
      `sample ${i}`,
    );
    assert.ok(near(pred.velocities[2 * i], ov, 2e-6));
  });
  pred.predictPositions({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 0 }, h, 0.25); // i·dt
  assert.equal(pred.positions[0], 0);
  assert.ok(near(pred.positions[2], velocitySpring(0, 0, 0, 1, h, 0.25)[0], 2e-6));
  pred.dispose();
  assert.throws(
    () => pred.predictPositions(p, v, a, d, h),
    /TrajectoryPredictorV2\.predictPositions: used after dispose/,
  );
});

test('the 2D forms equal the 3D ones in the plane z = 0', () => {
  const p2 = { x: 1, y: 2 },
    v2 = { x: 0, y: 1 },
    a2 = { x: 0, y: 0 };
  const p3 = { x: 1, y: 2, z: 0 },
    v3 = { x: 0, y: 1, z: 0 },
    a3 = { x: 0, y: 0, z: 0 };
  sp.simulationPositionUpdateV2(p2, v2, a2, { x: 3, y: -1 }, 0.2, 0.1);
  sp.simulationPositionUpdate(p3, v3, a3, { x: 3, y: -1, z: 0 }, 0.2, 0.1);
  assert.deepEqual([p2.x, p2.y, v2.x, v2.y], [p3.x, p3.y, v3.x, v3.y]);
  const c2 = sp.clampCharacterPositionV2({ x: 5, y: 5 }, { x: 1, y: 0 }, 1.5);
  const c3 = sp.clampCharacterPosition({ x: 5, y: 5, z: 0 }, { x: 1, y: 0, z: 0 }, 1.5);
  assert.deepEqual([c2.x, c2.y], [c3.x, c3.y]);
});

// ---- the controller, written here in double after the article --------------------------------

const mul = (a, b) => ({
  x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
  y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
  z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
});
const conj = (q) => ({ x: -q.x, y: -q.y, z: -q.z, w: q.w });
const rotate = (q, v) => {
  const r = mul(mul(q, { ...v, w: 0 }), conj(q));
  return { x: r.x, y: r.y, z: r.z };
};
const yawQuat = (a) => ({ x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) });
const log2 = (q) => {
  const s = Math.hypot(q.x, q.y, q.z);
  if (s === 0) return { x: 0, y: 0, z: 0 };
  const angle = 2 * Math.atan2(s, q.w);
  return { x: (q.x / s) * angle, y: (q.y / s) * angle, z: (q.z / s) * angle };
};
const exp2 = (v) => {
  const a = Math.hypot(v.x, v.y, v.z);
  if (a === 0) return { x: 0, y: 0, z: 0, w: 1 };
  const s = Math.sin(a / 2) / a;
  return { x: v.x * s, y: v.y * s, z: v.z * s, w: Math.cos(a / 2) };
};
const sameRotation = (a, b, tol) => {
  const s = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0 ? -1 : 1;
  return ['x', 'y', 'z', 'w'].every((k) => Math.abs(a[k] - s * b[k]) < tol);
};

/** The article's desired_velocity_update. */
function desiredVelocity(stick, azimuth, rot, fwrd, side, back) {
  const global = rotate(yawQuat(azimuth), stick),
    local = rotate(conj(rot), global);
  const scaled = { x: side * local.x, y: 0, z: (local.z > 0 ? fwrd : back) * local.z };
  return rotate(rot, scaled);
}

/** The exact critical spring on a rotation toward `goal` (in the goal's tangent space). */
function rotationSpring(q, w, goal, h, t) {
  const y = (2 * LN2) / h;
  let d = mul(q, conj(goal));
  if (d.w < 0) d = { x: -d.x, y: -d.y, z: -d.z, w: -d.w };
  const j0 = log2(d),
    e = Math.exp(-y * t);
  const j1 = { x: w.x + j0.x * y, y: w.y + j0.y * y, z: w.z + j0.z * y };
  const at = (k) => e * (j0[k] + j1[k] * t);
  return {
    q: mul(exp2({ x: at('x'), y: at('y'), z: at('z') }), goal),
    w: { x: e * (w.x - j1.x * y * t), y: e * (w.y - j1.y * y * t), z: e * (w.z - j1.z * y * t) },
  };
}

test('desiredRotationUpdateStrafe faces the right stick, camera relative, or the camera’s forward', () => {
  const az = 0.7;
  const q = sp.desiredRotationUpdateStrafe({ x: 1, y: 0, z: 1 }, az, 0.2);
  assert.ok(sameRotation(q, yawQuat(az + Math.atan2(1, 1)), 1e-6));
  const cam = sp.desiredRotationUpdateStrafe({ x: 0.05, y: 0, z: 0.05 }, az, 0.2, {
    x: 0,
    y: 0,
    z: 0,
    w: 1,
    id: 'dr',
  });
  assert.ok(sameRotation(cam, yawQuat(az), 1e-6) && cam.id === 'dr');
  assert.ok(cam.w >= 0);
});

test('predictDesired ticks the article’s controller at the sample times, the sticks held', () => {
  const times = [0.1, 0.25, 0.5, 0.9, 1.4];
  const stick = { x: 0.8, y: 0, z: -0.3 },
    right = { x: -1, y: 0, z: 0.2 },
    az = 0.4,
    speeds = [4, 3, 2.5],
    h = 0.2;
  const rot0 = yawQuat(2.5),
    w0 = { x: 0, y: 1.5, z: 0 },
    dr0 = yawQuat(2.5);
  for (const strafe of [false, true]) {
    const pred = new sp.TrajectoryPredictor(times.length);
    pred.times.set(times);
    pred.predictDesired(stick, right, az, strafe, ...speeds, 0.1, rot0, w0, dr0, h);
    let q = rot0,
      w = w0,
      dr = dr0,
      tPrev = 0;
    times.forEach((t, i) => {
      const dv = desiredVelocity(stick, az, q, ...speeds);
      if (strafe) {
        const dir = rotate(yawQuat(az), { x: right.x, y: 0, z: right.z });
        dr = yawQuat(Math.atan2(dir.x, dir.z));
      } else dr = yawQuat(Math.atan2(dv.x, dv.z));
      ({ q, w } = rotationSpring(q, w, dr, h, t - tPrev));
      tPrev = t;
      const at = (a, n) => ({ x: a[n * i], y: a[n * i + 1], z: a[n * i + 2], w: a[n * i + 3] });
      closeVec(at(pred.desiredVelocities, 3), dv, 2e-5, `strafe=${strafe} desired velocity ${i}`);
      assert.ok(
        sameRotation(at(pred.desiredRotations, 4), dr, 2e-6),
        `strafe=${strafe} desired rotation ${i}`,
      );
      assert.ok(sameRotation(at(pred.rotations, 4), q, 3e-6), `strafe=${strafe} rotation ${i}`);
      closeVec(at(pred.angularVelocities, 3), w, 3e-5, `strafe=${strafe} angular velocity ${i}`);
    });
    pred.dispose();
  }
  // the stick released: the desired rotation is kept, the velocity is zero
  const pred = new sp.TrajectoryPredictor(3);
  pred.predictDesired({ x: 0, y: 0, z: 0 }, right, az, false, ...speeds, 0.1, rot0, w0, yawQuat(1), h, 0.2);
  assert.ok(
    sameRotation(
      {
        x: pred.desiredRotations[4],
        y: pred.desiredRotations[5],
        z: pred.desiredRotations[6],
        w: pred.desiredRotations[7],
      },
      yawQuat(1),
      1e-6,
    ),
  );
  assert.deepEqual([...pred.desiredVelocities].map(Math.abs), Array(9).fill(0));
  pred.dispose();
});

test('predictPositionsDesired: each sample moved with its own desired velocity held (RK4), then collided', () => {
  const times = [0.2, 0.5, 0.6, 1.2],
    h = 0.3;
  const dvs = [
    [1, 0, 2],
    [3, 0, -1],
    [0, 0, 0],
    [-2, 0, 1],
  ];
  const pred = new sp.TrajectoryPredictor(4);
  pred.times.set(times);
  pred.desiredVelocities.set(dvs.flat());
  const r = pred.predictPositionsDesired(
    { x: 1, y: 0.5, z: 0 },
    { x: 0, y: 0, z: 1 },
    { x: 0, y: 0, z: 0 },
    h,
  );
  assert.equal(r, pred);
  let sx = [1, 0, 0],
    sz = [0, 1, 0],
    tPrev = 0;
  times.forEach((t, i) => {
    sx = velocitySpring(...sx, dvs[i][0], h, t - tPrev);
    sz = velocitySpring(...sz, dvs[i][2], h, t - tPrev);
    tPrev = t;
    assert.ok(
      near(pred.positions[3 * i], sx[0], 3e-6) && near(pred.positions[3 * i + 2], sz[0], 3e-6),
      `sample ${i}`,
    );
    assert.equal(pred.positions[3 * i + 1], 0.5);
    assert.ok(near(pred.velocities[3 * i], sx[1], 3e-6) && near(pred.accelerations[3 * i + 2], sz[2], 3e-5));
  });
  // a wall across the way: no predicted position gets within the radius of it
  const walls = new sp.Obstacles(0, 1);
  walls.boxes.set([0, 1, 20, 0.2, 0]); // its near face at z = 0.9
  pred.desiredVelocities.set([0, 0, 5, 0, 0, 5, 0, 0, 5, 0, 0, 5]);
  pred.predictPositionsDesired(
    { x: 0, y: 0, z: 0 },
    { x: 0, y: 0, z: 0 },
    { x: 0, y: 0, z: 0 },
    h,
    walls,
    0.4,
    0.3,
  );
  for (let i = 0; i < 4; i++)
    assert.ok(pred.positions[3 * i + 2] <= 0.5 + 1e-6, `sample ${i} at z=${pred.positions[3 * i + 2]}`);
  assert.ok(near(pred.positions[11], 0.5, 1e-6), 'ends against the wall');
  walls.dispose();
  assert.throws(
    () =>
      pred.predictPositionsDesired(
        { x: 0, y: 0, z: 0 },
        { x: 0, y: 0, z: 0 },
        { x: 0, y: 0, z: 0 },
        h,
        walls,
      ),
    /predictPositionsDesired: obstacles was disposed/,
  );
  pred.dispose();
});
