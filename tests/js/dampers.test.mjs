// dampers.test.mjs — the article's frame-rate dependent dampers against their formulas worked
// out here in double: damperBad is lerp(x, g, damping·dt), damperExponential matches the bad
// damper at its fixed timestep ft and follows 1 − (1/(1 − ft·damping))^(−dt/ft) at any dt.
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
