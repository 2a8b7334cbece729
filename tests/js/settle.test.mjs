// settle.test.mjs — settling time against bisection on the critical closed form, its
// inverse, duration/bounce against the period and damping ratio measured on an RK4
// trajectory, and the rest test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { rk4, near, bisect } from './oracle.mjs';

await sp.init();

// |x(t)|/|x0| of a critical spring released at rest, worked out here: e^(−yt)(1 + yt).
const remaining = (h, t) => {
  const y = (2 * Math.LN2) / h;
  return Math.exp(-y * t) * (1 + y * t);
};

test('criticalSettleTime matches bisection on e^(−yt)(1 + yt) = ratio; criticalSettleHalflife inverts it', () => {
  for (const h of [0.05, 0.3, 2]) {
    for (const ratio of [0.5, 0.1, 0.01, 1e-4]) {
      const want = bisect((t) => remaining(h, t) - ratio, 0, 1000);
      assert.ok(near(sp.criticalSettleTime(h, ratio), want, 1e-6), `h=${h} ratio=${ratio}`);
      const h2 = sp.criticalSettleHalflife(want, ratio);
      // relative: the float halflife (6e-8) scales y·t ≤ 12, so ~1e-6 of the ratio
      assert.ok(Math.abs(remaining(h2, want) / ratio - 1) < 1e-5, `inverse h=${h} ratio=${ratio}`);
    }
  }
  assert.equal(sp.criticalSettleTime(0, 0.01), 0);
});

// Period and damping ratio measured on the trajectory x'' = −s·x − d·x' from x = 1, v = 0.
function measure(s, d, maxT) {
  const step = 1e-5,
    cross = [],
    peaks = [];
  let y = [1, 0],
    t = 0;
  const f = (_t, q) => [q[1], -s * q[0] - d * q[1]];
  while ((cross.length < 2 || peaks.length < 2) && t < maxT) {
    const prev = y.slice();
    y = rk4(f, y, t, step, 1);
    if (prev[0] > 0 && y[0] <= 0) cross.push(t + (step * prev[0]) / (prev[0] - y[0])); // linear: ~1e-7 s
    if (prev[1] > 0 && y[1] <= 0) peaks.push(Math.max(prev[0], y[0])); // x is flat at a peak
    t += step;
  }
  const Td = cross[1] - cross[0],
    delta = Math.log(peaks[0] / peaks[1]);
  const zeta = delta / Math.sqrt(4 * Math.PI * Math.PI + delta * delta);
  return { zeta, period: Td * Math.sqrt(1 - zeta * zeta) };
}

test('durationBounceToSpring: the simulated spring has undamped period = duration and ζ = 1 − bounce', () => {
  for (const duration of [0.4, 1]) {
    for (const bounce of [0.2, 0.6]) {
      const p = sp.durationBounceToSpring(duration, bounce);
      const s = (2 * Math.PI * p.frequency) ** 2,
        d = (4 * Math.LN2) / p.halflife;
      const m = measure(s, d, 20 * duration);
      assert.ok(near(m.zeta, 1 - bounce, 1e-4), `ζ ${m.zeta} for bounce ${bounce}`);
      assert.ok(near(m.period, duration, 1e-4), `period ${m.period} for duration ${duration}`);
    }
  }
  // bounce 0 is critical at ω = 2π/duration: x(t) = e^(−ωt)(1 + ωt)
  const out = { frequency: 0, halflife: 0 };
  assert.equal(sp.durationBounceToSpring(0.8, 0, out), out);
  const s = (2 * Math.PI * out.frequency) ** 2,
    d = (4 * Math.LN2) / out.halflife,
    w = (2 * Math.PI) / 0.8;
  const [x] = rk4((_t, q) => [q[1], -s * q[0] - d * q[1]], [1, 0], 0, 0.5, 50000);
  assert.ok(near(x, Math.exp(-w * 0.5) * (1 + w * 0.5), 1e-6));
});

test('springIsAtRest', () => {
  assert.equal(sp.springIsAtRest({ x: 1.0005, v: 0 }, 1, 0, 1e-3, 1e-3), true);
  assert.equal(sp.springIsAtRest({ x: 1.01, v: 0 }, 1, 0, 1e-3, 1e-3), false);
  assert.equal(sp.springIsAtRest({ x: 1, v: 0.1 }, 1, 0, 1e-3, 1e-3), false);
  assert.equal(sp.springIsAtRest({ x: 1, v: 2 }, 1, 2, 1e-3, 1e-3), true);
  // a simple spring comes to rest within its settle time (for the position) and stays there
  const state = { x: 0, v: 0 },
    T = sp.criticalSettleTime(0.2, 1e-3);
  sp.simpleSpringDamperExact(state, 1, 0.2, T * 1.01);
  assert.equal(sp.springIsAtRest(state, 1, 0, 1e-3, 1e-2), true);
  sp.simpleSpringDamperExact(state, 1, 0.2, T * 0.5);
  assert.equal(sp.springIsAtRest(state, 1, 0, 1e-3, 1e-2), true);
});

test('springIsAtRest names its goal as its signature does (issue 33, item 19)', () => {
  assert.throws(() => sp.springIsAtRest({ x: 0, v: 0 }, NaN, 0, 1e-3, 1e-3), {
    name: 'RangeError',
    message: 'sprung.springIsAtRest: goal must be a finite number, got NaN',
  });
  assert.match(
    sp.springIsAtRest.toString(),
    /^function springIsAtRest\(state, goal, goalVelocity, epsX, epsV\)/,
  );
});
