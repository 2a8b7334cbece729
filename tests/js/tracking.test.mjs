// tracking.test.mjs — tracking springs, character control, adjustment and foot locking
// through the built package, against closed forms and hand computations done here; the exact
// trackers on the caller's double state at any frame rate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { springAt, springTolerance } from './oracle.mjs';

await sp.init();

const near = (got, want, tol, what) =>
  assert.ok(Math.abs(got - want) <= tol, `${what}: got ${got}, want ${want} (tol ${tol})`);
const smooth = (t) => Math.sin(2 * t) + 0.5 * Math.sin(5.3 * t + 1);
const yaw = (a) => ({ x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) });
// angle between unit quaternions in double: 2·atan2(|xyz|, |w|) of q·p⁻¹
function angleBetween(q, p) {
  const w = q.w * p.w + q.x * p.x + q.y * p.y + q.z * p.z;
  const x = -q.w * p.x + q.x * p.w - q.y * p.z + q.z * p.y;
  const y = -q.w * p.y + q.x * p.z + q.y * p.w - q.z * p.x;
  const z = -q.w * p.z - q.x * p.y + q.y * p.x + q.z * p.w;
  return 2 * Math.atan2(Math.hypot(x, y, z), Math.abs(w));
}

test('gain tracker: the article listing by hand', () => {
  const dt = 1 / 30,
    s = sp.trackingSpringUpdate({ x: 0.2, v: 1 }, 1, 2, 3, 0.01, 0.2, 1, dt);
  let v = 1 + 3 * dt;
  v += 0.2 * (2 - v);
  v += 0.01 * ((1 - 0.2) / dt - v);
  near(s.v, v, 1e-5, 'v');
  near(s.x, 0.2 + dt * v, 1e-6, 'x');
});

test('perfect tracking: gain and exact trackers reproduce the samples once converged, and after a known jump', () => {
  const dt = 1 / 60,
    spring = sp.trackingGainsToSpring(0.01, 0.2, dt);
  for (const exact of [false, true]) {
    const st = { x: 0.3, v: -2 };
    let before = 0,
      after = 0;
    const sig = (t) => smooth(t) + (t >= 5 ? 2 : 0);
    for (let k = 1; k < 1200; k++) {
      const tn = (k + 1) * dt,
        tc = k * dt,
        tp = (k - 1) * dt;
      const sn = Math.fround(sig(tn)),
        sc = Math.fround(sig(tc)),
        spv = Math.fround(sig(tp));
      const cross = tc < 5 !== tn < 5,
        afterJump = tp < 5 !== tc < 5;
      const vg = sp.trackingTargetVelocity(sn, sc, dt),
        ag = sp.trackingTargetAcceleration(sn, sc, spv, dt);
      if (exact) {
        if (cross)
          sp.trackingSpringUpdateExactNoVelocityAcceleration(st, sn, spring.frequency, spring.halflife, dt);
        else if (afterJump)
          sp.trackingSpringUpdateExactNoAcceleration(st, sn, vg, spring.frequency, spring.halflife, dt);
        else sp.trackingSpringUpdateExact(st, sn, vg, ag, spring.frequency, spring.halflife, dt);
      } else {
        if (cross) sp.trackingSpringUpdateNoVelocityAcceleration(st, sn, 0.01, dt);
        else if (afterJump) sp.trackingSpringUpdateNoAcceleration(st, sn, vg, 0.01, 0.2, dt);
        else sp.trackingSpringUpdate(st, sn, vg, ag, 0.01, 0.2, 1, dt);
      }
      if (tn > 4 && tn < 5) before = Math.max(before, Math.abs(st.x - sn));
      if (tn > 19) after = Math.max(after, Math.abs(st.x - sn));
    }
    // 2e-6: samples ≤ 3.5 in magnitude (float ulp 2.4e-7), a few roundings per step, no accumulation
    near(before, 0, 2e-6, `${exact ? 'exact' : 'gain'} converged`);
    near(after, 0, 2e-6, `${exact ? 'exact' : 'gain'} after the jump`);
  }
});

test('exact tracker: dt-invariant on a goal at constant velocity; halflife 0 snaps; clipping', () => {
  const { frequency, halflife } = sp.trackingGainsToSpring(0.01, 0.2, 1 / 60);
  const a = sp.trackingSpringUpdateExact({ x: 1, v: 3 }, 0.05, 0.5, 0, frequency, halflife, 0.1);
  const b = { x: 1, v: 3 };
  sp.trackingSpringUpdateExact(b, 0.025, 0.5, 0, frequency, halflife, 0.05);
  sp.trackingSpringUpdateExact(b, 0.05, 0.5, 0, frequency, halflife, 0.05);
  near(a.x, b.x, 1e-6, 'x');
  near(a.v, b.v, 1e-6, 'v');
  const s = sp.trackingSpringUpdateExact({ x: 0, v: 0 }, 7, 2, 1, 1, 0, 0.1);
  assert.equal(s.x, 7);
  assert.equal(s.v, 2);
  assert.equal(sp.trackingClip(5, 2), 2);
  assert.equal(sp.trackingClip(-5, 2), -2);
  assert.throws(
    () => sp.trackingSpringUpdateExact({ x: 0, v: 0 }, 1, 0, 0, 1, -1, 0.1),
    /sprung\.trackingSpringUpdateExact: halflife/,
  );
});

test('desired velocity and rotation', () => {
  const v = sp.desiredVelocityUpdate({ x: 0, y: 0, z: 1 }, Math.PI / 2, yaw(-Math.PI / 2), 4, 3, 2);
  near(v.x, 2, 1e-6, 'backward along +X');
  near(v.z, 0, 1e-6, 'z');
  const r = { x: 0, y: 0, z: 0, w: 1 };
  assert.equal(sp.desiredRotationUpdate(r, { x: 1, y: 0, z: 1 }, 0.1), r);
  near(angleBetween(r, yaw(Math.PI / 4)), 0, 1e-3, 'faces (1, 1)');
});

test('trajectory prediction equals stepping; rotations unit length; three.js-like objects update in place', () => {
  const dt = 1 / 60,
    n = 30,
    h = 0.3;
  const x0 = { x: 1, y: 0, z: 3 },
    v0 = { x: 2, y: 0, z: -1 },
    a0 = { x: 0, y: 0, z: 4 },
    goal = { x: -1, y: 0, z: 3 };
  const p = new sp.TrajectoryPredictor(n);
  p.predictPositions(x0, v0, a0, goal, h, dt);
  const q0 = { x: 0.1, y: 0.7, z: -0.1, w: 0.7 },
    ql = Math.hypot(q0.x, q0.y, q0.z, q0.w);
  for (const k of ['x', 'y', 'z', 'w']) q0[k] /= ql;
  const w0 = { x: 1, y: -2, z: 0.5 },
    g = yaw(2);
  p.predictRotations(q0, w0, g, 0.2, dt);
  const x = { ...x0 },
    v = { ...v0 },
    a = { ...a0 },
    r = { ...q0 },
    w = { ...w0 };
  for (let i = 0; i < n; i++) {
    // float rounding over up to 30 compounded steps of a contraction
    near(p.positions[3 * i], x.x, 1e-4, `x[${i}]`);
    near(p.positions[3 * i + 2], x.z, 1e-4, `z[${i}]`);
    near(p.velocities[3 * i + 2], v.z, 1e-4, `vz[${i}]`);
    const pr = {
      x: p.rotations[4 * i],
      y: p.rotations[4 * i + 1],
      z: p.rotations[4 * i + 2],
      w: p.rotations[4 * i + 3],
    };
    near(angleBetween(pr, r), 0, 1e-3, `rotation[${i}]`);
    near(Math.hypot(pr.x, pr.y, pr.z, pr.w), 1, 1e-6, `|rotation[${i}]|`);
    sp.simulationPositionUpdate(x, v, a, goal, h, dt);
    sp.simulationRotationUpdate(r, w, g, 0.2, dt);
  }
  // chosen times: the velocity closed form of the critical spring, v(t) = g + e^(−yt)(j0 + j1 t)
  p.times.set(Array.from({ length: n }, (_, i) => 0.05 * i * i));
  p.predictPositions(x0, v0, a0, goal, h);
  const y = (2 * Math.LN2) / h,
    j0 = v0.z - goal.z,
    j1 = a0.z + j0 * y;
  for (let i = 0; i < n; i++) {
    const t = 0.05 * i * i;
    near(p.velocities[3 * i + 2], goal.z + Math.exp(-y * t) * (j0 + j1 * t), 1e-5, `v(${t})`);
  }
  p.dispose();
  assert.throws(() => p.positions, /after dispose/);
});

test('adjustment stays within the by-velocity bound; clamping within max distance and angle', () => {
  let seed = 3;
  const rnd = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  const rq = () => {
    const q = { x: rnd(), y: rnd(), z: rnd(), w: rnd() },
      l = Math.hypot(q.x, q.y, q.z, q.w);
    return { x: q.x / l, y: q.y / l, z: q.z / l, w: q.w / l };
  };
  const out = { x: 0, y: 0, z: 0 },
    oq = { x: 0, y: 0, z: 0, w: 1 };
  for (let i = 0; i < 200; i++) {
    const c = { x: 3 * rnd(), y: 3 * rnd(), z: 3 * rnd() },
      s = { x: 3 * rnd(), y: 3 * rnd(), z: 3 * rnd() };
    const vel = { x: 5 * rnd(), y: 0, z: 5 * rnd() },
      ratio = (rnd() + 1) / 2,
      dt = 1 / 60;
    assert.equal(sp.adjustCharacterPositionByVelocity(c, vel, s, ratio, 0.2, dt, out), out);
    // 1e-6: float rounding of positions of magnitude ≤ 5
    assert.ok(
      Math.hypot(out.x - c.x, out.y - c.y, out.z - c.z) <= ratio * Math.hypot(vel.x, vel.z) * dt + 1e-6,
    );
    const cr = rq(),
      sr = rq();
    sp.adjustCharacterRotationByVelocity(cr, vel, sr, ratio, 0.2, dt, oq);
    assert.ok(angleBetween(oq, cr) <= ratio * Math.hypot(vel.x, vel.z) * dt + 1e-5); // float angle-axis round trip
    const maxd = (rnd() + 1) / 2,
      maxa = (rnd() + 1) / 2;
    sp.clampCharacterPosition(c, s, maxd, out);
    assert.ok(Math.hypot(out.x - s.x, out.y - s.y, out.z - s.z) <= maxd + 1e-6);
    sp.clampCharacterRotation(cr, sr, maxa, oq);
    assert.ok(angleBetween(oq, sr) <= maxa + 1e-5);
    near(sp.quatAngleBetween(cr, sr), angleBetween(cr, sr), 1e-5, 'quatAngleBetween');
  }
  const d = sp.dampAdjustmentExactV3({ x: 2, y: -4, z: 1 }, 0.25, 0.1);
  near(d.y, -4 * (1 - 2 ** (-0.1 / 0.25)), 1e-6, 'damped adjustment');
});

test('foot locking: locked output at the point, continuous, unlock beyond the radius', () => {
  const run = (dt, halflife, radius) => {
    const c = sp.contactReset(
      new sp.ContactState(),
      { x: 0, y: 0.05, z: 0 },
      { x: 0.3, y: 0.12, z: 0.2 },
      false,
    );
    let maxDx = 0,
      locked = 0,
      early = false;
    const n = Math.round(2.5 / dt);
    for (let k = 1; k <= n; k++) {
      const t = k * dt,
        px = { ...c.position };
      const input = { x: 0.3 * t, y: 0.05 + 0.04 * Math.sin(3 * t), z: 0.1 * Math.sin(2 * t) };
      sp.contactUpdate(c, input, t >= 0.5 && t < 1.5, radius, 0.02, halflife, dt);
      if (k > 1)
        maxDx = Math.max(maxDx, Math.hypot(c.position.x - px.x, c.position.y - px.y, c.position.z - px.z));
      if (c.lock && t > 0.5 + 20 * halflife)
        locked = Math.max(
          locked,
          Math.hypot(c.position.x - c.point.x, c.position.y - c.point.y, c.position.z - c.point.z),
        );
      if (!c.lock && t >= 0.5 && t < 1.5) early = true;
    }
    return { c, maxDx, locked, early };
  };
  const coarse = run(1 / 60, 0.05, 10),
    fine = run(1 / 600, 0.05, 10);
  near(coarse.locked, 0, 1e-6, 'locked at the point after 20 halflives'); // offset (1 + 27.7)·2^−40
  assert.ok(!coarse.early);
  near(coarse.c.point.y, 0.02, 1e-7, 'point at foot height');
  assert.ok(fine.maxDx < 0.2 * coarse.maxDx, 'a jump would not shrink with dt'); // continuous: ∝ dt
  assert.ok(run(1 / 60, 0.05, 0.1).early, 'unlocks beyond the radius');
  assert.throws(
    () => sp.contactUpdate({}, { x: 0, y: 0, z: 0 }, true, 1, 0, 0.1, 0.1),
    /contactUpdate: contact\.position/,
  );
});

// ---- the caller's double state (issue 33, item 3) ----------------------------------------------

test('the exact trackers stepped for 10 s at 30 Hz, 1 kHz and 60 kHz on a goal near 1e4 follow their closed form', () => {
  // a goal at 3 m/s from x = 1e4, sampled at the end of each step: the error (x − goal, v − 3)
  // is the exact spring's from (3, −10), and x = goal + error (a float state ended 1.1 m off at
  // 60 kHz); the gain tracker as a spring toward a goal at rest, its stiffness and damping from
  // the gains (0.05 and 0.2 at 60 Hz: s = 180/s², d = 14.4/s)
  const f32 = Math.fround,
    G = 1e4,
    off = [];
  for (const [f, h] of [
    [0.5, 0.2],
    [2, 1],
    [0.05, 100],
  ])
    for (const rate of [30, 1000, 60000]) {
      const dt = 1 / rate,
        T = f32(dt),
        n = 10 * rate,
        t = n * T;
      const a = { x: G + 3, v: -7 },
        b = { x: G + 3, v: -7 },
        c = { x: G + 3, v: -7 };
      for (let i = 1; i <= n; i++) {
        sp.trackingSpringUpdateExact(a, G + 3 * i * T, 3, 0, f, h, dt);
        sp.trackingSpringUpdateExactNoAcceleration(b, G + 3 * i * T, 3, f, h, dt);
        sp.trackingSpringUpdateExactGains(c, G, 0, 0, 0.05, 0.2, 0, dt, 1 / 60);
      }
      const w = f32(f32(2 * f32(Math.PI)) * f32(f)),
        d = (4 * Math.LN2) / f32(h),
        path = (tt) => springAt(3, -10, 0, 0, w * w, d, tt),
        e = path(t),
        tol = springTolerance(path, w * w, d, 0, 0, t);
      for (const [name, s] of [
        ['trackingSpringUpdateExact', a],
        ['trackingSpringUpdateExactNoAcceleration', b],
      ]) {
        const err = Math.abs(s.x - (G + 3 * t + e.x)) + Math.abs(s.v - (3 + e.v)) / w;
        if (!(err <= tol)) off.push(`${name} ${f} Hz, h=${h} at ${rate} Hz: ${s.x} ${s.v} (${err} > ${tol})`);
      }
      const gs = f32(Math.sqrt(0.05 * 3600)) ** 2,
        gd = f32((1 - 0.8 * 0.95) * 60),
        gPath = (tt) => springAt(G + 3, -7, G, 0, gs, gd, tt),
        g = gPath(t),
        gErr = Math.abs(c.x - g.x) + Math.abs(c.v - g.v) / Math.sqrt(gs),
        gTol = springTolerance(gPath, gs, gd, G, 0, t);
      if (!(gErr <= gTol))
        off.push(
          `trackingSpringUpdateExactGains at ${rate} Hz: ${c.x} ${c.v} vs ${g.x} ${g.v} (${gErr} > ${gTol})`,
        );
    }
  assert.deepEqual(off, []);
});
