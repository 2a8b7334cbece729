// dampers.test.mjs — the article's frame-rate dependent dampers against their formulas worked
// out here in double: damperBad is lerp(x, g, damping·dt), damperExponential matches the bad
// damper at its fixed timestep ft and follows 1 − (1/(1 − ft·damping))^(−dt/ft) at any dt; the
// lerp damper, the article's damper_implicit, and the exact damper's lag behind a moving goal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

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

test("damper is lerp(x, g, factor); damperImplicit is the article's listing (fast_negexp, halflife + eps)", () => {
  for (const [x, g, f] of [
    [0, 1, 0.1],
    [3, -2, 0.5],
    [1e4, 1e4 + 3, 1],
  ])
    near(sp.damper(x, g, f), x + (g - x) * f, 1e-6, `damper(${x}, ${g}, ${f})`);
  // lerp(x, g, 1 − fast_negexp(ln2·dt/(halflife + eps))), fast_negexp(y) = 1/(1 + y + 0.48y² + 0.235y³)
  const negexp = (y) => 1 / (1 + y + 0.48 * y * y + 0.235 * y * y * y);
  for (const [h, dt] of [
    [0.2, 1 / 60],
    [0.05, 0.1],
    [1, 1 / 144],
  ]) {
    const a = 1 - negexp((Math.LN2 * dt) / (h + 1e-5));
    near(sp.damperImplicit(2, 5, h, dt), 2 + 3 * a, 2e-6, `damperImplicit h ${h} dt ${dt}`);
  }
});

test('halflifeToLag: the exact damper trails a goal moving at constant speed by speed·halflife/ln2', () => {
  // x' = (ln2/h)·(g − x) with g = s·t: g − x → s·h/ln2 once the start has decayed; stepped here
  for (const h of [0.05, 0.3, 2]) {
    const s = 3,
      dt = 1 / 60;
    let x = 0,
      g = 0;
    for (let t = 0; t < 40 * h; t += dt) {
      g += s * dt;
      x = sp.damperExact(x, g, h, dt);
    }
    // each step moves the goal first: the sampled lag is s·(h/ln2) up to the half step s·dt/2
    const lag = sp.halflifeToLag(h);
    near(lag, h / Math.LN2, 2e-7, `lag of halflife ${h}`);
    assert.ok(Math.abs((g - x) / s - lag) <= dt, `stepped lag ${(g - x) / s} vs ${lag}`);
    near(sp.lagToHalflife(lag), h, 2e-7, `lagToHalflife inverts it (${h})`);
    // the decay damper is the exact damper toward 0: x·2^(−dt/h)
    near(sp.damperDecayExact(4, h, dt), 4 * 2 ** (-dt / Math.fround(h)), 1e-6, `damperDecayExact h ${h}`);
  }
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
