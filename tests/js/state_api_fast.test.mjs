// state_api_fast.test.mjs — the state-object API's critical springs, exact springs (every
// regime, three settings), exact damper, spring inertializer and quaternion springs and damper
// step in JS, in double on the caller's numbers, with coefficients from the C core
// (web/src/steps.ts). From float state, one step equals the C function called directly through
// the raw WASM exports within float rounding: four float ulps of the largest term of the step
// (the C core rounds a handful of products and sums), for ordinary and edge inputs (halflife 0
// and huge, dt 0, dt below the smallest float, huge dt, large and subnormal states, negative
// zeros), with halflife and dt changing between calls so that the coefficient cache is refreshed
// and reused. dt 0 leaves the caller's numbers as they are, a snap lands on the goal itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';
import { wasm } from '../../dist/wasm.js';
import { cCoefs, cCritical, cDamperQuat, cInertialize, cQuatSpring, cState } from './c_calls.mjs';

await sprung.init();
const f32 = Math.fround;

const halflives = [0.2, 0, 1e-30, 3e-8, 0.05, 1e30, 7.5, 0.2];
const dts = [1 / 60, 0, 1e-50, 1e-40, 0.2, 1e6, 1 / 60, 3.3e-3];
const values = [0, -0, 1, -2.5, 1e-40, -3e-39, 1e20, -7e30, 0.1, 123.456, 1e-7];

/** `got` (double) is C's `want` (float) within 4 float ulps of `scale` (or of `want`), or C
 *  overflowed float (or formed Inf − Inf) where the double is beyond float range. */
function closeTo(got, want, scale, what) {
  const tol = 2 ** -22 * Math.max(scale, Math.abs(want)) + 2 ** -125;
  if (Number.isFinite(want) ? Math.abs(got - want) <= tol : !(Math.abs(got) <= 3.4028234663852886e38)) return;
  assert.fail(`${what}: got ${got}, C ${want} (scale ${scale})`);
}

/** |a| + |b| + … of the terms that are numbers (a coefficient of dt 0 may be NaN: C returns
 *  before it uses them). */
const terms = (...t) => t.reduce((sum, a) => (Number.isNaN(a) ? sum : sum + Math.abs(a)), 0);

/** The terms of a critical step of (x, v) toward (g, q): the scales of x' and v'. */
function criticalScale(x, v, g, q, h, dt) {
  const k = cCoefs('critical_spring_damper_coefs', 7, h, dt),
    u = f32(x) - f32(g);
  return [terms(x, g, k[0] * u, k[1] * v, k[2] * q), terms(v, k[3] * u, k[4] * v, k[5] * q)];
}

test('critical, simple and decay springs equal the C function within float rounding', () => {
  let n = 0;
  for (const h of halflives)
    for (const dt of dts)
      for (let k = 0; k < values.length; k++) {
        const x = values[k],
          v = values[(k + 3) % values.length],
          g = values[(k + 5) % values.length],
          q = values[(k + 7) % values.length];
        const cases = [
          [
            sprung.criticalSpringDamperExact({ x, v }, g, q, h, dt),
            'critical_spring_damper_exact',
            g,
            q,
            [g, q],
          ],
          [sprung.simpleSpringDamperExact({ x, v }, g, h, dt), 'simple_spring_damper_exact', g, 0, [g]],
          [sprung.decaySpringDamperExact({ x, v }, h, dt), 'decay_spring_damper_exact', 0, 0, []],
        ];
        for (const [s, name, cg, cq, args] of cases) {
          const [cx, cv] = cState(name, x, v, ...args, h, dt),
            [sx, sv] = criticalScale(x, v, cg, cq, h, dt),
            what = `${name} x=${x} v=${v} g=${cg} q=${cq} h=${h} dt=${dt}`;
          closeTo(s.x, cx, sx, `${what}: x`);
          closeTo(s.v, cv, sv, `${what}: v`);
          n++;
        }
      }
  assert.ok(n > 1000);
});

test('dt 0 keeps the caller’s numbers, a snap lands on the goal itself, a settled spring stays put', () => {
  for (const dt of [0, 1e-50]) {
    // below the smallest float dt is 0 to the core: nothing moves, nothing is rounded
    const s = sprung.criticalSpringDamperExact({ x: 0.1, v: 1 / 3 }, 2, 0.5, 0.2, dt);
    assert.deepEqual({ ...s }, { x: 0.1, v: 1 / 3 });
    assert.equal(sprung.damperExact(0.1, 2, 0.2, dt), 0.1);
    const p = { x: 0.1, y: 0.2, z: 1 / 3 };
    sprung.springDamperExactV3(
      p,
      { x: 1, y: 1, z: 1 },
      { x: 0, y: 0, z: 0 },
      { x: 0, y: 0, z: 0 },
      2,
      0.2,
      dt,
    );
    assert.deepEqual(p, { x: 0.1, y: 0.2, z: 1 / 3 });
  }
  // halflife 0: the goal itself, 0.1 (not the float nearest it)
  assert.deepEqual({ ...sprung.simpleSpringDamperExact({ x: 3, v: 1 }, 0.1, 0, 1 / 60) }, { x: 0.1, v: 0 });
  assert.deepEqual({ ...sprung.springDamperExact({ x: 3, v: 1 }, 0.1, 0, 2, 0, 1 / 60) }, { x: 0.1, v: 0 });
  assert.equal(sprung.damperExact(3, 0.1, 0, 1 / 60), 0.1);
  // at the goal and at rest: exactly there, step after step, however far from the origin
  const r = { x: 1e4 + 0.1, v: 0 };
  for (let i = 0; i < 100; i++) sprung.criticalSpringDamperExact(r, 1e4 + 0.1, 0, 0.2, 1 / 60);
  assert.deepEqual({ ...r }, { x: 1e4 + 0.1, v: 0 });
});

test('damperExact and inertializeUpdate equal the C functions within float rounding', () => {
  for (const h of halflives)
    for (const dt of dts)
      for (let k = 0; k < values.length; k++) {
        const x = values[k],
          g = values[(k + 4) % values.length],
          v = values[(k + 2) % values.length];
        const what = `(${x}, ${g}, ${h}, ${dt})`;
        // the damper's terms: x, g and α·(g − x)
        closeTo(
          sprung.damperExact(x, g, h, dt),
          wasm.sp_damper_exact(x, g, h, dt),
          2 * (Math.abs(x) + Math.abs(g)),
          `damperExact${what}`,
        );
        const off = { x, v },
          out = { x: 0, v: 0 };
        sprung.inertializeUpdate(out, off, g, v, h, dt);
        const [ox, ov, cx, cv] = cInertialize(x, v, g, v, h, dt),
          [sx, sv] = criticalScale(x, v, 0, 0, h, dt);
        closeTo(off.x, ox, sx, `inertializeUpdate${what}: offset x`);
        closeTo(off.v, ov, sv, `inertializeUpdate${what}: offset v`);
        closeTo(out.x, cx, sx + Math.abs(g), `inertializeUpdate${what}: out x`);
        closeTo(out.v, cv, sv + Math.abs(v), `inertializeUpdate${what}: out v`);
      }
});

test('the coefficient cache follows changes of dt and halflife', () => {
  // alternating dt, 2·dt and two halflives must track the C core step for step
  const a = { x: 3, v: -1 };
  let cx = 3,
    cv = -1;
  for (let k = 0; k < 50; k++) {
    const dt = k % 2 ? 1 / 60 : 1 / 30;
    const h = k % 3 ? 0.3 : 0.31;
    sprung.criticalSpringDamperExact(a, 1, 0.5, h, dt);
    [cx, cv] = cCritical(cx, cv, 1, 0.5, h, dt);
    // (the float state of C rounds every step: a few ulps of 3 after 50 steps)
    assert.ok(
      Math.abs(a.x - cx) < 2e-6 && Math.abs(a.v - cv) < 2e-6,
      `step ${k}: ${a.x} ${a.v} vs ${cx} ${cv}`,
    );
  }
});

test('decaying states reach exactly 0 (no subnormals), as the C functions do', () => {
  const tiny = 2 ** -126;
  const sub = (x) => x !== 0 && Math.abs(x) < tiny;
  const s = { x: 1, v: -2 },
    off = { x: 3, v: 1 },
    out = { x: 0, v: 0 };
  let cx = 1,
    cv = -2,
    d = 1,
    cd = 1,
    ox = 3,
    ov = 1;
  let stuck = false;
  for (let n = 0; n < 800; n++) {
    sprung.decaySpringDamperExact(s, 0.1, 1 / 60);
    [cx, cv] = cCritical(cx, cv, 0, 0, 0.1, 1 / 60);
    d = sprung.damperExact(d, 0, 0.1, 1 / 60);
    cd = wasm.sp_damper_exact(cd, 0, 0.1, 1 / 60);
    sprung.inertializeUpdate(out, off, 0.5, 0.25, 0.1, 1 / 60);
    [ox, ov] = cInertialize(ox, ov, 0.5, 0.25, 0.1, 1 / 60);
    // the float state of C rounds every step (an ulp each at most) where the double one does not:
    // within n + 1 ulps of the state's size (x and v·halflife, the spring's time scale)
    const ulps = (n + 1) * 2 ** -23;
    for (const [got, want, size] of [
      [s.x, cx, Math.abs(cx) + 0.1 * Math.abs(cv)],
      [s.v, cv, Math.abs(cv) + 10 * Math.abs(cx)],
      [d, cd, Math.abs(cd)],
      [off.x, ox, Math.abs(ox) + 0.1 * Math.abs(ov)],
      [off.v, ov, Math.abs(ov) + 10 * Math.abs(ox)],
    ])
      assert.ok(Math.abs(got - want) <= ulps * size + 1e-37, `step ${n}: ${got} vs C ${want}`);
    stuck ||= sub(s.x) || sub(s.v) || sub(d) || sub(off.x) || sub(off.v);
  }
  // halflife 0.1 s at 60 Hz: below 2^−126 after about 7 s (420 steps); the damper after 126·6 = 756
  assert.deepEqual([s.x, s.v, d, off.x, off.v, out.x, out.v], [0, 0, 0, 0, 0, 0.5, 0.25]);
  assert.deepEqual([cx, cv, cd, ox, ov], [0, 0, 0, 0, 0]);
  assert.ok(!stuck, 'a subnormal state on the way');
});

const TAU = 2 * Math.PI,
  LN2 = Math.LN2;
/** ω and the damping of a setting (as the wrappers form them, up to rounding): for the scales. */
const springOmega = {
  sp_spring_damper_exact: (f, h) => [TAU * f, (4 * LN2) / h],
  sp_spring_damper_exact_stiffness: (s, d) => [Math.sqrt(s), d],
  sp_spring_damper_exact_ratio: (z, h) => [(4 * LN2) / h / (2 * z), (4 * LN2) / h],
};

test('springDamperExact, …Stiffness and …Ratio equal the C functions within float rounding, in every regime and at the edges', () => {
  // frequencies from over damped to strongly under damped at halflife 0.2 (critical 1.1 Hz);
  // stiffness 0 (q = 0 only) and huge; ratios below, at and above 1; snap (halflife 0 /
  // damping Inf is not finite: halflife 0 only), rest (huge dt), tiny dt, dt 0
  const settings = [
    ['springDamperExact', 'sp_spring_damper_exact', [0, 0.05, 0.3, 1.1032, 2, 40, 1e4]],
    ['springDamperExactStiffness', 'sp_spring_damper_exact_stiffness', [0, 1e-6, 3.5, 48.05, 150, 1e8]],
    ['springDamperExactRatio', 'sp_spring_damper_exact_ratio', [1e-3, 0.3, 1, 1.0001, 4, 1e3]],
  ];
  const seconds = [0.2, 0, 1e-30, 0.05, 7.5, 1e6];
  const steps = [1 / 60, 0, 1e-40, 0.2, 1e6, 3.3e-3];
  let n = 0;
  for (const [name, cName, rates] of settings)
    for (const a of rates)
      for (const b of seconds)
        for (const dt of steps)
          for (let k = 0; k < values.length; k += 2) {
            const x = values[k],
              v = values[(k + 3) % values.length],
              g = values[(k + 5) % values.length];
            // a goal velocity needs a positive rate (frequency or stiffness); the ratio's damping
            // is 4·ln2/halflife: the stiffness variant takes b as the damping itself
            const q = a === 0 ? 0 : values[(k + 7) % values.length];
            const s = sprung[name]({ x, v }, g, q, a, b, dt);
            const [cx, cv] = cState(cName.slice(3), x, v, g, q, a, b, dt);
            const k12 = cCoefs('spring_damper_exact_coefs', 12, ...springOmega[cName](a, b), dt),
              z = f32(x) - f32(g);
            const sx = terms(x, g, k12[0] * z, k12[1] * v, k12[2] * q),
              sv = terms(v, k12[3] * z, k12[4] * v, k12[5] * q);
            const what = `${name}(x=${x}, v=${v}, g=${g}, q=${q}, ${a}, ${b}, dt=${dt})`;
            closeTo(s.x, cx, sx, `${what}: x`);
            closeTo(s.v, cv, sv, `${what}: v`);
            n++;
          }
  assert.ok(n > 1000);
});

test('the spring coefficient cache follows changes of setting, regime and dt', () => {
  const a = { x: 3, v: -1 };
  let cx = 3,
    cv = -1;
  for (let k = 0; k < 60; k++) {
    const dt = k % 2 ? 1 / 60 : 1 / 30,
      f = k % 3 ? 2 : 0.3;
    if (k % 5 === 4) {
      sprung.springDamperExactRatio(a, 1, 0.5, 0.7, 0.2, dt);
      [cx, cv] = cState('spring_damper_exact_ratio', cx, cv, 1, 0.5, 0.7, 0.2, dt);
    } else {
      sprung.springDamperExact(a, 1, 0.5, f, 0.2, dt);
      [cx, cv] = cState('spring_damper_exact', cx, cv, 1, 0.5, f, 0.2, dt);
    }
    assert.ok(
      Math.abs(a.x - cx) < 2e-6 && Math.abs(a.v - cv) < 2e-6,
      `step ${k}: ${a.x} ${a.v} vs ${cx} ${cv}`,
    );
  }
});

/** The angle between two rotations, sign-insensitive, accurate when small. */
function angleBetween(a, b) {
  const w = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z,
    x = a.w * b.x - a.x * b.w - a.y * b.z + a.z * b.y,
    y = a.w * b.y + a.x * b.z - a.y * b.w - a.z * b.x,
    z = a.w * b.z - a.x * b.y + a.y * b.x - a.z * b.w;
  return 2 * Math.atan2(Math.hypot(x, y, z), Math.abs(w));
}
const unit = (q) => {
  const n = Math.hypot(q.x, q.y, q.z, q.w);
  return { x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n };
};

test('the quaternion springs and damper equal the C functions within float rounding, and read each field once', () => {
  const rots = [
    [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)],
    [0, 0, 0, 1],
    [0, 0, 0, -1],
    [1e-30, -2e-38, 0, 1],
    [0.6, -0.8, 0, 0],
  ].map(([x, y, z, w]) => ({ x, y, z, w }));
  for (const r of rots)
    for (const gq of rots)
      for (const w of [
        { x: 0, y: 0, z: 0 },
        { x: 3, y: -1, z: 0.5 },
        { x: 1e6, y: 0, z: 0 },
      ])
        for (const [h, dt] of [
          [0.2, 1 / 60],
          [0, 0.1],
          [0.1, 0],
          [1e6, 1e-3],
        ]) {
          let reads = 0;
          // the fields through counting getters and setters
          const counted = (o) =>
            Object.defineProperties(
              {},
              Object.fromEntries(
                Object.keys(o).map((key) => [
                  key,
                  { get: () => (reads++, o[key]), set: (val) => (o[key] = val), enumerable: true },
                ]),
              ),
            );
          const what = `r=${JSON.stringify(r)} g=${JSON.stringify(gq)} w=${JSON.stringify(w)} h=${h} dt=${dt}`;
          // the rotation to float precision: the angle of the step's offset, |w|·dt at most
          // beyond a turn, in float ulps; the angular velocity to 4 ulps of its terms
          const check = ([want, wantV], rot, av) => {
            assert.ok(
              angleBetween(rot, dt === 0 ? want : unit(want)) <= 1e-6 * (1 + Math.hypot(w.x, w.y, w.z) * dt),
              `${what}: rotation ${JSON.stringify(rot)} vs C ${JSON.stringify(want)}`,
            );
            for (const k of ['x', 'y', 'z'])
              closeTo(av[k], wantV[k], 8 * (1 + Math.abs(w[k])), `${what}: velocity.${k}`);
          };
          const rot = { ...r },
            av = { ...w };
          sprung.simpleSpringDamperExactQuat(counted(rot), counted(av), counted({ ...gq }), h, dt);
          assert.equal(reads, 11, 'each of the 11 fields read once');
          check(cQuatSpring(r, w, gq, h, dt), rot, av);
          const rot2 = { ...r },
            av2 = { ...w };
          sprung.decaySpringDamperExactQuat(rot2, av2, h, dt);
          check(cQuatSpring(r, w, null, h, dt), rot2, av2);
          reads = 0;
          const rot3 = { ...r };
          sprung.damperExactQuat(counted(rot3), counted({ ...gq }), h, dt);
          assert.equal(reads, 8, 'each of the 8 fields read once');
          const want = cDamperQuat(r, gq, h, dt);
          assert.ok(
            angleBetween(rot3, dt === 0 ? want : unit(want)) <= 1e-6,
            `${what}: damper ${JSON.stringify(rot3)} vs C ${JSON.stringify(want)}`,
          );
        }
});
