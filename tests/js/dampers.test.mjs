// dampers.test.mjs — the article's frame-rate dependent dampers against their formulas worked
// out here in double: damperBad is lerp(x, g, damping·dt), damperExponential matches the bad
// damper at its fixed timestep ft and follows 1 − (1/(1 − ft·damping))^(−dt/ft) at any dt; the
// exact dampers on the caller's double state against their closed form at any frame rate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { FLOAT_STEPS } from './oracle.mjs';

await sp.init();
const near = (got, want, tol, what) =>
  assert.ok(Math.abs(got - want) <= tol * Math.max(1, Math.abs(want)), `${what}: ${got} vs ${want}`);

test('damperBad is lerp(x, g, damping·dt), and overshoots once damping·dt > 1', () => {
  for (const [x, g, d, dt] of [
    [0, 10, 5, 1 / 60],
    [3, -2, 0.5, 0.1],
    [1, 2, 30, 0.05],
  ])
    near(sp.damperBad(x, g, d, dt), x + (g - x) * d * dt, 1e-6, `damperBad(${x}, ${g}, ${d}, ${dt})`);
  assert.ok(sp.damperBad(0, 1, 30, 0.05) > 1, 'damping·dt = 1.5 overshoots the goal');
});

test('damperExponential equals the bad damper at its fixed timestep and composes exactly over dt', () => {
  const ft = 1 / 60,
    d = 6;
  near(sp.damperExponential(0, 1, d, ft, ft), sp.damperBad(0, 1, d, ft), 1e-6, 'one step of ft');
  for (const dt of [1 / 30, 1 / 144, 0.3]) {
    const alpha = 1 - (1 / (1 - ft * d)) ** (-dt / ft);
    near(sp.damperExponential(2, -1, d, dt), 2 + (-1 - 2) * alpha, 1e-6, `dt ${dt} (ft defaults to 1/60)`);
  }
  // two steps of dt = one of 2·dt: the exponential form is frame-rate independent
  const twice = sp.damperExponential(sp.damperExponential(0, 1, d, 0.02, ft), 1, d, 0.02, ft);
  near(twice, sp.damperExponential(0, 1, d, 0.04, ft), 1e-6, 'dt-invariant');
});

// ---- the caller's double state (issue 33, item 3) ----------------------------------------------

test('the exact dampers stepped for 10 s at 30 Hz, 1 kHz and 60 kHz near x = 1e4 are one step of x + (g − x)(1 − 2^(−t/h))', () => {
  // the fraction α of each step is a float, within a few roundings: FLOAT_STEPS of the distance
  // travelled (and the double state's own rounding near 1e4); a float state stalled where a
  // step's change was below half its ulp (0.2 of 0.2 m off at halflife 100 s)
  const f32 = Math.fround,
    G = 1e4,
    off = [];
  for (const h of [0.05, 1, 100])
    for (const rate of [30, 1000, 60000]) {
      const dt = 1 / rate,
        n = 10 * rate;
      let x = G + 3,
        d = 3;
      const p3 = { x: G + 3, y: -G - 3, z: 0.5 },
        p2 = { x: G + 3, y: 3 },
        g3 = { x: G, y: -G, z: 0 },
        g2 = { x: G, y: 0 };
      for (let i = 0; i < n; i++) {
        x = sp.damperExact(x, G, h, dt);
        d = sp.damperDecayExact(d, h, dt);
        sp.damperExactV3(p3, g3, h, dt);
        sp.damperExactV2(p2, g2, h, dt);
      }
      const keep = 2 ** (-(n * f32(dt)) / f32(h));
      const cases = [
        ['damperExact', x, G + 3, G],
        ['damperDecayExact', d, 3, 0],
        ['damperExactV3.x', p3.x, G + 3, G],
        ['damperExactV3.y', p3.y, -G - 3, -G],
        ['damperExactV3.z', p3.z, 0.5, 0],
        ['damperExactV2.x', p2.x, G + 3, G],
        ['damperExactV2.y', p2.y, 3, 0],
      ];
      for (const [name, got, x0, g] of cases) {
        const want = g + (x0 - g) * keep,
          tol = FLOAT_STEPS * Math.abs(want - x0) + 1e-15 * Math.abs(g);
        if (!(Math.abs(got - want) <= tol))
          off.push(
            `${name} h=${h} at ${rate} Hz: ${got}, closed form ${want} (${Math.abs(got - want)} > ${tol})`,
          );
      }
    }
  assert.deepEqual(off, []);
});

test('the exact damper where g − x overflows float (issue 33, item 18): its closed form', () => {
  // x and g finite, of opposite signs beyond FLT_MAX/2: damperExact(3e38, −1e38, 0.1, 1/60) gave −Infinity
  for (const [x, g] of [
    [3e38, -1e38],
    [-3.4e38, 3.4e38],
    [2e38, -3e38],
  ]) {
    const keep = 2 ** (-Math.fround(1 / 60) / Math.fround(0.1)),
      want = g + (x - g) * keep;
    const got = sp.damperExact(x, g, 0.1, 1 / 60),
      p = sp.damperExactV3({ x, y: g, z: 0 }, { x: g, y: x, z: 0 }, 0.1, 1 / 60);
    for (const [what, v, w] of [
      ['damperExact', got, want],
      ['damperExactV3.x', p.x, want],
      ['damperExactV3.y', p.y, x + (g - x) * keep],
    ])
      assert.ok(Math.abs(v - w) <= 1e-6 * Math.abs(w), `${what}(${x}, ${g}): ${v}, want ${w}`);
  }
});
