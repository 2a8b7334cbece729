// steps.test.mjs — the state-object API's critical springs, exact springs (every
// regime, three settings), exact damper and spring inertializer update step in JS with
// coefficients from the C core (web/src/steps.ts); the quaternion springs copy their fields
// through the scratch area (each read once). Each
// must equal the C function called directly through the raw WASM exports, bit for bit, for
// ordinary and edge inputs (halflife 0 and huge, dt 0, dt below the smallest float, huge
// dt, large and subnormal states, negative zeros), with halflife and dt changing between
// calls so that the coefficient cache is refreshed and reused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';
import { wasm, heapF32, scratch } from '../../dist/wasm.js';

await sprung.init();
const f32 = Math.fround;

/** The C function through the raw exports (a block of its own, not the library's scratch). */
const p = wasm.malloc(64),
  i = p >> 2;
function cCritical(x, v, g, q, h, dt) {
  heapF32[i] = x;
  heapF32[i + 1] = v;
  wasm.sp_critical_spring_damper_exact(p, p + 4, g, q, h, dt);
  return [heapF32[i], heapF32[i + 1]];
}
function cInertialize(ox, ov, inX, inV, h, dt) {
  heapF32[i] = ox;
  heapF32[i + 1] = ov;
  wasm.sp_inertialize_update(p + 8, p + 12, p, p + 4, inX, inV, h, dt);
  return [heapF32[i], heapF32[i + 1], heapF32[i + 2], heapF32[i + 3]];
}

const halflives = [0.2, 0, 1e-30, 3e-8, 0.05, 1e30, 7.5, 0.2];
const dts = [1 / 60, 0, 1e-50, 1e-40, 0.2, 1e6, 1 / 60, 3.3e-3];
const values = [0, -0, 1, -2.5, 1e-40, -3e-39, 1e20, -7e30, 0.1, 123.456, 1e-7];

function same(a, b) {
  return Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b);
}

test('critical, simple and decay springs equal the C function', () => {
  let n = 0;
  for (const h of halflives)
    for (const dt of dts)
      for (let k = 0; k < values.length; k++) {
        const x = values[k],
          v = values[(k + 3) % values.length],
          g = values[(k + 5) % values.length],
          q = values[(k + 7) % values.length];
        const cases = [
          [sprung.criticalSpringDamperExact({ x, v }, g, q, h, dt), cCritical(x, v, g, q, h, dt), 'critical'],
          [sprung.simpleSpringDamperExact({ x, v }, g, h, dt), cCritical(x, v, g, 0, h, dt), 'simple'],
          [sprung.decaySpringDamperExact({ x, v }, h, dt), cCritical(x, v, 0, 0, h, dt), 'decay'],
        ];
        for (const [s, [cx, cv], what] of cases) {
          if (!same(s.x, cx) || !same(s.v, cv))
            assert.fail(
              `${what} x=${x} v=${v} g=${g} q=${q} h=${h} dt=${dt}: got ${s.x}, ${s.v}, C ${cx}, ${cv}`,
            );
          n++;
        }
      }
  assert.ok(n > 1000);
});

test('damperExact and inertializeUpdate equal the C functions', () => {
  for (const h of halflives)
    for (const dt of dts)
      for (let k = 0; k < values.length; k++) {
        const x = values[k],
          g = values[(k + 4) % values.length],
          v = values[(k + 2) % values.length];
        const got = sprung.damperExact(x, g, h, dt),
          want = wasm.sp_damper_exact(x, g, h, dt);
        if (!same(got, want)) assert.fail(`damperExact(${x}, ${g}, ${h}, ${dt}): got ${got}, C ${want}`);
        const off = { x, v },
          out = { x: 0, v: 0 };
        sprung.inertializeUpdate(out, off, g, v, h, dt);
        const [ox, ov, cx, cv] = cInertialize(x, v, g, v, h, dt);
        if (![off.x, off.v, out.x, out.v].every((a, j) => same(a, [ox, ov, cx, cv][j])))
          assert.fail(
            `inertializeUpdate(${x}, ${v}, ${g}, ${h}, ${dt}): got ${[off.x, off.v, out.x, out.v]}, C ${[ox, ov, cx, cv]}`,
          );
      }
});

test('the coefficient cache follows changes of dt and halflife', () => {
  // alternating dt, 2·dt and two halflives must track the C core step for step
  const a = { x: 3, v: -1 };
  let cx = f32(3),
    cv = f32(-1);
  for (let k = 0; k < 50; k++) {
    const dt = k % 2 ? 1 / 60 : 1 / 30;
    const h = k % 3 ? 0.3 : 0.31;
    sprung.criticalSpringDamperExact(a, 1, 0.5, h, dt);
    [cx, cv] = cCritical(cx, cv, 1, 0.5, h, dt);
    assert.ok(same(a.x, cx) && same(a.v, cv), `step ${k}: ${a.x} ${a.v} vs ${cx} ${cv}`);
  }
});

test('decaying states reach exactly 0 (no subnormals), equal to the C functions all the way', () => {
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
    assert.ok(same(s.x, cx) && same(s.v, cv), `decay spring step ${n}: ${s.x} ${s.v} vs C ${cx} ${cv}`);
    d = sprung.damperExact(d, 0, 0.1, 1 / 60);
    cd = wasm.sp_damper_exact(cd, 0, 0.1, 1 / 60);
    assert.ok(same(d, cd), `damper step ${n}: ${d} vs C ${cd}`);
    sprung.inertializeUpdate(out, off, 0.5, 0.25, 0.1, 1 / 60);
    const c = cInertialize(ox, ov, 0.5, 0.25, 0.1, 1 / 60);
    [ox, ov] = c;
    assert.ok(same(off.x, ox) && same(off.v, ov) && same(out.x, c[2]), `inertializer step ${n}`);
    stuck ||= sub(s.x) || sub(s.v) || sub(d) || sub(off.x) || sub(off.v);
  }
  // halflife 0.1 s at 60 Hz: below 2^−126 after about 7 s (420 steps); the damper after 126·6 = 756
  assert.deepEqual([s.x, s.v, d, off.x, off.v, out.x, out.v], [0, 0, 0, 0, 0, 0.5, 0.25]);
  assert.ok(!stuck, 'a subnormal state on the way');
});

function cSpring(fnName, x, v, g, q, a, b, dt) {
  heapF32[i] = x;
  heapF32[i + 1] = v;
  wasm[fnName](p, p + 4, g, q, a, b, dt);
  return [heapF32[i], heapF32[i + 1]];
}

test('springDamperExact, …Stiffness and …Ratio equal the C functions in every regime and at the edges', () => {
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
            const [cx, cv] = cSpring(cName, x, v, g, q, a, b, dt);
            if (!same(s.x, cx) || !same(s.v, cv))
              assert.fail(
                `${name}(x=${x}, v=${v}, g=${g}, q=${q}, ${a}, ${b}, dt=${dt}): got ${s.x}, ${s.v}, C ${cx}, ${cv}`,
              );
            n++;
          }
  assert.ok(n > 1000);
});

test('the spring coefficient cache follows changes of setting, regime and dt', () => {
  const a = { x: 3, v: -1 };
  let cx = f32(3),
    cv = f32(-1);
  for (let k = 0; k < 60; k++) {
    const dt = k % 2 ? 1 / 60 : 1 / 30,
      f = k % 3 ? 2 : 0.3;
    if (k % 5 === 4) {
      sprung.springDamperExactRatio(a, 1, 0.5, 0.7, 0.2, dt);
      [cx, cv] = cSpring('sp_spring_damper_exact_ratio', cx, cv, 1, 0.5, 0.7, 0.2, dt);
    } else {
      sprung.springDamperExact(a, 1, 0.5, f, 0.2, dt);
      [cx, cv] = cSpring('sp_spring_damper_exact', cx, cv, 1, 0.5, f, 0.2, dt);
    }
    assert.ok(same(a.x, cx) && same(a.v, cv), `step ${k}: ${a.x} ${a.v} vs ${cx} ${cv}`);
  }
});

test('the quaternion springs equal the C functions, and read each field once', () => {
  const pq = wasm.malloc(64),
    j = pq >> 2;
  const rots = [
    [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)],
    [0, 0, 0, 1],
    [0, 0, 0, -1],
    [1e-30, -2e-38, 0, 1],
    [0.6, -0.8, 0, 0],
  ];
  for (const r of rots)
    for (const gq of rots)
      for (const w of [
        [0, 0, 0],
        [3, -1, 0.5],
        [1e6, 0, 0],
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
          const rot = { x: r[0], y: r[1], z: r[2], w: r[3] },
            av = { x: w[0], y: w[1], z: w[2] },
            goal = { x: gq[0], y: gq[1], z: gq[2], w: gq[3] };
          sprung.simpleSpringDamperExactQuat(counted(rot), counted(av), counted(goal), h, dt);
          assert.equal(reads, 11, 'each of the 11 fields read once');
          heapF32.set([...r, ...w, 0, ...gq], j);
          wasm.sp_simple_spring_damper_exact_quat(pq, pq + 16, pq + 32, h, dt);
          const want = Array.from(heapF32.subarray(j, j + 7));
          assert.deepEqual([rot.x, rot.y, rot.z, rot.w, av.x, av.y, av.z], want);
          const rot2 = { x: r[0], y: r[1], z: r[2], w: r[3] },
            av2 = { x: w[0], y: w[1], z: w[2] };
          sprung.decaySpringDamperExactQuat(rot2, av2, h, dt);
          heapF32.set([...r, ...w], j);
          wasm.sp_decay_spring_damper_exact_quat(pq, pq + 16, h, dt);
          assert.deepEqual(
            [rot2.x, rot2.y, rot2.z, rot2.w, av2.x, av2.y, av2.z],
            Array.from(heapF32.subarray(j, j + 7)),
          );
        }
  wasm.free(pq);
});
