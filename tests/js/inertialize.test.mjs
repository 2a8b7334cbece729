// inertialize.test.mjs — the built inertializers (dist/) against closed forms written here and
// continuity of the output across transitions (finite differences); their offsets and clocks on
// the caller's double state at any frame rate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';
import { criticalAt, springTolerance } from './oracle.mjs';

await sprung.init();

const near = (got, want, tol, what) =>
  assert.ok(Math.abs(got - want) <= tol, `${what}: got ${got}, want ${want} (tol ${tol})`);

test('spring inertializer: the offset is the critical spring e^(−yt)·(x + (v + x·y)·t)', () => {
  const off = { x: 0, v: 0 },
    out = { x: 0, v: 0 };
  sprung.inertializeTransition(off, 1, 2, 0.25, -1); // offset (0.75, 3)
  const h = 0.2,
    dt = 0.13,
    y = (2 * Math.LN2) / h,
    e = Math.exp(-y * dt);
  sprung.inertializeUpdate(out, off, 0.5, 0.1, h, dt);
  const j = 3 + 0.75 * y;
  // float: ~1e-7 relative to terms of size ≤ 3·(1 + y·dt)
  near(off.x, e * (0.75 + j * dt), 1e-6, 'offset x');
  near(off.v, e * (3 - j * y * dt), 1e-5, 'offset v');
  near(out.x, 0.5 + off.x, 1e-7, 'out x');
  near(out.v, 0.1 + off.v, 1e-6, 'out v');
});

/** Runs an inertializer over two sine streams, switching at frame K; returns positions. */
function run(kind, dt, K, frames) {
  const src = (t) => [1.3 * Math.sin(2 * t), 2.6 * Math.cos(2 * t)];
  const dst = (t) => [Math.cos(3 * t) + 0.5, -3 * Math.sin(3 * t)];
  const xs = [],
    vs = [],
    out = { x: 0, v: 0 };
  const off = kind === 'dead' ? { x: 0, v: 0, t: Infinity } : { x: 0, v: 0, t: 0 };
  for (let k = 0; k < frames; k++) {
    const t = k * dt,
      step = k === 0 ? 0 : dt;
    const [sx, sv] = src(t),
      [dx, dv] = dst(t);
    const [ix, iv] = k >= K ? [dx, dv] : [sx, sv];
    if (k === K) {
      // advance to this frame on the source, then switch and output the destination with dt = 0
      if (kind === 'spring') {
        sprung.inertializeUpdate(out, off, sx, sv, 0.1, step);
        sprung.inertializeTransition(off, sx, sv, dx, dv);
        sprung.inertializeUpdate(out, off, dx, dv, 0.1, 0);
      }
      if (kind === 'cubic') {
        sprung.inertializeCubicUpdate(out, off, sx, sv, 0.3, step);
        sprung.inertializeCubicTransition(off, sx, sv, dx, dv, 0.3);
        sprung.inertializeCubicUpdate(out, off, dx, dv, 0.3, 0);
      }
      if (kind === 'quintic') {
        sprung.inertializeQuinticUpdate(out, off, sx, sv, 0.3, step);
        sprung.inertializeQuinticTransition(off, sx, sv, dx, dv, 0.3);
        sprung.inertializeQuinticUpdate(out, off, dx, dv, 0.3, 0);
      }
      if (kind === 'dead') {
        sprung.deadBlendingUpdate(out, off, sx, sv, 0.1, 0.3, step);
        sprung.deadBlendingTransition(off, sx, sv, 0.1, 0.3);
        sprung.deadBlendingUpdate(out, off, dx, dv, 0.1, 0.3, 0);
      }
    } else {
      if (kind === 'spring') sprung.inertializeUpdate(out, off, ix, iv, 0.1, step);
      if (kind === 'cubic') sprung.inertializeCubicUpdate(out, off, ix, iv, 0.3, step);
      if (kind === 'quintic') sprung.inertializeQuinticUpdate(out, off, ix, iv, 0.3, step);
      if (kind === 'dead') sprung.deadBlendingUpdate(out, off, ix, iv, 0.1, 0.3, step);
    }
    xs.push(out.x);
    vs.push(out.v);
  }
  return { xs, vs, last: dst((frames - 1) * dt)[0] };
}

for (const kind of ['spring', 'cubic', 'quintic', 'dead']) {
  test(`${kind}: output continuous in position and velocity across a transition, converging to the input`, () => {
    // finite-difference slopes left and right of the switch: for a C¹ output their jump is
    // O(dt), so it shrinks tenfold with dt; a velocity discontinuity would stay O(1).
    const jump = (dt) => {
      const K = Math.round(0.3 / dt),
        { xs } = run(kind, dt, K, K + 3);
      return Math.abs((xs[K + 1] - xs[K]) / dt - (xs[K] - xs[K - 1]) / dt);
    };
    const j1 = jump(1e-2),
      j2 = jump(1e-3);
    // float noise in the slopes is ≤ 4·6e-8·3/dt ≈ 7e-4 at dt = 1e-3
    assert.ok(j2 <= 0.2 * j1 + 1e-3, `slope jump ${j1} at dt=1e-2, ${j2} at dt=1e-3`);
    const { xs, last } = run(kind, 1e-3, 300, 2300);
    // 2 s after the switch: spring offset ≤ 2^−20·(1 + y·t)·|offset|, the others exactly the input
    near(xs[xs.length - 1], last, kind === 'spring' ? 1e-4 : 1e-6, 'converged');
  });
}

test('quintic: zero at the blend time, never overshooting, shortened when moving toward zero', () => {
  const o = { x: 0, v: 0, a: 0 };
  let overshoot = 0;
  for (let i = 0; i < 2000; i++) {
    const x = (Math.random() - 0.5) * 10,
      v = (Math.random() - 0.5) * 400,
      z = 0.05 + Math.random();
    const t1 = sprung.quinticBlendtime(x, v, z);
    for (let s = 0; s <= 200; s++)
      if (sprung.decayQuintic(x, v, z, (t1 * s) / 200) * Math.sign(x) < 0) overshoot++;
    sprung.decayedOffsetQuintic(o, x, v, z, t1);
    assert.deepEqual([o.x, o.v, o.a], [0, 0, 0]);
  }
  assert.equal(overshoot, 0);
  near(sprung.quinticBlendtime(1, -50, 0.5), 0.1, 1e-7, '−5x/v');
});

test("cubic: the article's polynomial a τ³ + b τ² + c τ + d", () => {
  const x = 0.7,
    v = -4,
    z = 0.4,
    t = 0.1,
    tau = t / z;
  const d = x,
    c = v * z,
    b = -3 * d - 2 * c,
    a = 2 * d + c;
  near(sprung.decayCubic(x, v, z, t), ((a * tau + b) * tau + c) * tau + d, 1e-6, 'decay_cubic');
  const o = sprung.decayedOffsetCubic({ x: 0, v: 0 }, x, v, z, t);
  near(o.v, (3 * a * tau * tau + 2 * b * tau + c) / z, 1e-5, 'velocity');
  assert.equal(sprung.decayCubic(x, v, 0, 0), 0); // blendtime 0: gone
});

test('vec3 and quaternion inertializers keep the output across the switch', () => {
  const offX = { x: 0, y: 0, z: 0 },
    offV = { x: 0, y: 0, z: 0 };
  const outX = { x: 0, y: 0, z: 0 },
    outV = { x: 0, y: 0, z: 0 };
  sprung.inertializeTransitionV3(
    offX,
    offV,
    { x: 1, y: 2, z: 3 },
    { x: -1, y: 0, z: 1 },
    { x: 0, y: 0, z: 1 },
    { x: 2, y: 2, z: 2 },
  );
  sprung.inertializeUpdateV3(outX, outV, offX, offV, { x: 0, y: 0, z: 1 }, { x: 2, y: 2, z: 2 }, 0.1, 0);
  assert.deepEqual([outX.x, outX.y, outX.z, outV.x, outV.y, outV.z], [1, 2, 3, -1, 0, 1]);
  const s = Math.SQRT1_2;
  const q = { x: 0, y: 0, z: 0, w: 1 },
    qv = { x: 0, y: 0, z: 0 };
  const src = { x: 0, y: 0, z: s, w: s },
    dst = { x: s, y: 0, z: 0, w: s };
  const oq = { x: 0, y: 0, z: 0, w: 1 },
    ov = { x: 0, y: 0, z: 0 };
  sprung.inertializeTransitionQuat(q, qv, src, { x: 0, y: 0, z: 1 }, dst, { x: 1, y: 0, z: 0 });
  sprung.inertializeUpdateQuat(oq, ov, q, qv, dst, { x: 1, y: 0, z: 0 }, 0.1, 0);
  const dot = Math.abs(oq.x * src.x + oq.y * src.y + oq.z * src.z + oq.w * src.w);
  near(dot, 1, 1e-6, 'rotation kept');
  near(ov.x, 0, 1e-6, 'ωx');
  near(ov.y, 0, 1e-6, 'ωy');
  near(ov.z, 1, 1e-6, 'ωz');
});

test('bad input throws naming the function and argument', () => {
  assert.throws(
    () => sprung.inertializeUpdate({ x: 0, v: 0 }, { x: 0, v: 0 }, 0, 0, -1, 0.1),
    /sprung\.inertializeUpdate: halflife/,
  );
  assert.throws(
    () => sprung.inertializeCubicUpdate({ x: 0, v: 0 }, { x: 0, v: 0 }, 0, 0, 0.3, 0.1),
    /offset\.t/,
  );
  assert.throws(
    () => sprung.deadBlendingUpdate({ x: 0, v: 0 }, { x: 0, v: 0, t: -1 }, 0, 0, 0.1, 0.3, 0.1),
    /state\.t/,
  );
});

// ---- the caller's double state (issue 33, item 3) ----------------------------------------------

test('the spring inertializers stepped for 10 s at 30 Hz, 1 kHz and 60 kHz: the offset is its closed form, out = in + offset near 1e4', () => {
  // the offset decays as the decay spring (critical toward 0) from (3, −7); the rotation offset's
  // scaled angle-axis likewise per component (within half a turn); the input stays near 1e4
  const f32 = Math.fround,
    G = 1e4,
    off = [];
  const mul = (a, b) => ({
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
  });
  const exp2 = (j) => {
    const a = Math.hypot(j.x, j.y, j.z),
      s = a > 0 ? Math.sin(a / 2) / a : 0.5;
    return { x: j.x * s, y: j.y * s, z: j.z * s, w: Math.cos(a / 2) };
  };
  const angle = (a, b) => {
    const r = mul({ x: -a.x, y: -a.y, z: -a.z, w: a.w }, b);
    return 2 * Math.atan2(Math.hypot(r.x, r.y, r.z), Math.abs(r.w));
  };
  const J = { x: 1.2, y: -0.8, z: 0.5 },
    W = { x: -0.02, y: 0.01, z: 0.003 },
    input = exp2({ x: 0.3, y: 0.2, z: -0.4 });
  for (const h of [0.05, 1, 100])
    for (const rate of [30, 1000, 60000]) {
      const dt = 1 / rate,
        n = 10 * rate,
        t = n * f32(dt),
        y = (2 * Math.LN2) / f32(h);
      const s1 = { x: 3, v: -7 },
        o1 = { x: 0, v: 0 },
        x3 = { x: 3, y: -3, z: 1 },
        v3 = { x: -7, y: 7, z: 0 },
        ox3 = { x: 0, y: 0, z: 0 },
        ov3 = { x: 0, y: 0, z: 0 },
        x2 = { x: 3, y: 1 },
        v2 = { x: -7, y: 0 },
        ox2 = { x: 0, y: 0 },
        ov2 = { x: 0, y: 0 };
      const q = exp2(J),
        qv = { ...W },
        oq = { x: 0, y: 0, z: 0, w: 1 },
        oqv = { x: 0, y: 0, z: 0 };
      for (let i = 0; i < n; i++) {
        sprung.inertializeUpdate(o1, s1, G, 1, h, dt);
        sprung.inertializeUpdateV3(ox3, ov3, x3, v3, { x: G, y: -G, z: 0 }, { x: 1, y: 1, z: 1 }, h, dt);
        sprung.inertializeUpdateV2(ox2, ov2, x2, v2, { x: G, y: 0 }, { x: 1, y: 1 }, h, dt);
        sprung.inertializeUpdateQuat(oq, oqv, q, qv, input, { x: 0, y: 0, z: 0 }, h, dt);
      }
      const at = `h=${h} at ${rate} Hz`;
      const check = (name, got, out, x0, v0, inX, inV) => {
        const path = (tt) => criticalAt(x0, v0, 0, 0, f32(h), tt),
          want = path(t),
          tol = springTolerance(path, y * y, 2 * y, 0, 0, t);
        const err = Math.abs(got.x - want.x) + Math.abs(got.v - want.v) / y;
        if (!(err <= tol))
          off.push(`${name} ${at}: offset ${got.x} ${got.v} vs ${want.x} ${want.v} (${err} > ${tol})`);
        if (out.x !== inX + got.x || out.v !== inV + got.v) off.push(`${name} ${at}: out ${out.x} ${out.v}`);
      };
      check('inertializeUpdate', s1, o1, 3, -7, G, 1);
      for (const [c, g] of [
        ['x', G],
        ['y', -G],
        ['z', 0],
      ])
        check(
          `inertializeUpdateV3.${c}`,
          { x: x3[c], v: v3[c] },
          { x: ox3[c], v: ov3[c] },
          { x: 3, y: -3, z: 1 }[c],
          { x: -7, y: 7, z: 0 }[c],
          g,
          1,
        );
      for (const [c, g] of [
        ['x', G],
        ['y', 0],
      ])
        check(
          `inertializeUpdateV2.${c}`,
          { x: x2[c], v: v2[c] },
          { x: ox2[c], v: ov2[c] },
          { x: 3, y: 1 }[c],
          { x: -7, y: 0 }[c],
          g,
          1,
        );
      // the rotation offset and the output off·in
      let tol = 0;
      const j = {};
      for (const c of ['x', 'y', 'z']) {
        const path = (tt) => criticalAt(J[c], W[c], 0, 0, f32(h), tt);
        j[c] = path(t).x;
        tol += springTolerance(path, y * y, 2 * y, 0, 0, t);
      }
      const wantQ = exp2(j);
      if (!(angle(q, wantQ) <= tol))
        off.push(`inertializeUpdateQuat ${at}: offset ${JSON.stringify(q)} vs ${JSON.stringify(wantQ)}`);
      if (!(angle(oq, mul(wantQ, input)) <= tol + 1e-15))
        off.push(`inertializeUpdateQuat ${at}: out ${JSON.stringify(oq)}`);
    }
  assert.deepEqual(off, []);
});

test('the cubic, quintic and dead-blending clocks count in double; out = in + the decayed offset near 1e4', () => {
  // 0.3 s of steps at 30 Hz, 1 kHz and 60 kHz into a blend of 0.5 s: the clock is the sum of the
  // steps (a float clock ended 7e-5 s short at 60 kHz), the cubic's offset its polynomial
  // (1 − τ)²·(x + (2x + v·T)·τ) within float rounding, the output exactly in + offset (a float
  // output rounded it to the input's ulp, 1e-3 near 1e4); dead blending's output its closed form
  const G = 1e4,
    off = [];
  for (const rate of [30, 1000, 60000]) {
    const dt = 1 / rate,
      n = Math.round(0.3 * rate);
    let sum = 0;
    const cubic = { x: 3, v: -7, t: 0 },
      quintic = { x: 3, v: -7, t: 0 },
      dead = { x: G + 3, v: -7, t: 0 },
      clock3 = { t: 0 },
      clock2 = { t: 0 };
    const out = { x: 0, v: 0 },
      outQ = { x: 0, v: 0 },
      outD = { x: 0, v: 0 },
      ox3 = { x: 0, y: 0, z: 0 },
      ov3 = { x: 0, y: 0, z: 0 },
      ox2 = { x: 0, y: 0 },
      ov2 = { x: 0, y: 0 };
    const off3 = { x: 3, y: -3, z: 1 },
      vel3 = { x: -7, y: 7, z: 0 };
    for (let i = 0; i < n; i++) {
      sum += dt;
      sprung.inertializeCubicUpdate(out, cubic, G, 0, 0.5, dt);
      sprung.inertializeQuinticUpdate(outQ, quintic, G, 0, 0.5, dt);
      sprung.deadBlendingUpdate(outD, dead, G, 0, 0.2, 0.5, dt);
      sprung.inertializeCubicUpdateV3(
        ox3,
        ov3,
        clock3,
        off3,
        vel3,
        { x: G, y: -G, z: 0 },
        { x: 0, y: 0, z: 0 },
        0.5,
        dt,
      );
      sprung.inertializeCubicUpdateV2(
        ox2,
        ov2,
        clock2,
        { x: 3, y: -3 },
        { x: -7, y: 7 },
        { x: G, y: 0 },
        { x: 0, y: 0 },
        0.5,
        dt,
      );
    }
    for (const [name, t] of [
      ['cubic', cubic.t],
      ['quintic', quintic.t],
      ['dead blending', dead.t],
      ['cubic v3', clock3.t],
      ['cubic v2', clock2.t],
    ])
      if (t !== sum) off.push(`${name} at ${rate} Hz: clock ${t}, steps ${sum}`);
    const tau = sum / 0.5,
      poly = (x, v) => (1 - tau) ** 2 * (x + (2 * x + v * 0.5) * tau);
    const cubicAt = poly(3, -7),
      tol = 1e-6 * (3 + 7 * 0.5);
    if (!(Math.abs(out.x - G - cubicAt) <= tol))
      off.push(`cubic at ${rate} Hz: out ${out.x}, want ${G + cubicAt}`);
    for (const [c, g, x, v] of [
      ['x', G, 3, -7],
      ['y', -G, -3, 7],
      ['z', 0, 1, 0],
    ])
      if (!(Math.abs(ox3[c] - g - poly(x, v)) <= tol)) off.push(`cubic v3.${c} at ${rate} Hz: out ${ox3[c]}`);
    if (!(Math.abs(ox2.x - G - cubicAt) <= tol)) off.push(`cubic v2 at ${rate} Hz: out ${ox2.x}`);
    const q = sprung.decayedOffsetQuintic({ x: 0, v: 0, a: 0 }, 3, -7, 0.5, sum);
    if (outQ.x !== G + q.x) off.push(`quintic at ${rate} Hz: out ${outQ.x}, in + offset ${G + q.x}`);
    // dead blending: the source extrapolated with its velocity halving every 0.2 s, cross-faded
    // to the input by smoothstep(t/0.5)
    const lambda = Math.LN2 / 0.2,
      sx = G + 3 + (-7 * (1 - Math.exp(-lambda * sum))) / lambda,
      a = tau * tau * (3 - 2 * tau),
      want = (1 - a) * sx + a * G;
    if (!(Math.abs(outD.x - want) <= 1e-6 * 7))
      off.push(`dead blending at ${rate} Hz: out ${outD.x}, want ${want}`);
  }
  assert.deepEqual(off, []);
});
