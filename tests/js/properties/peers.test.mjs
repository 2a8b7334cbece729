// peers.test.mjs — cross-checks of the built package against the springs a user would
// otherwise pick: motion's `spring` (the same ODE with mass 1) and maath's `damp` (Unity's
// SmoothDamp: a critically damped spring with ω = 2/smoothTime).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spring } from 'motion';
import { easing } from 'maath';
import * as sp from '../../../dist/index.js';
import { near } from '../oracle.mjs';

await sp.init();

// motion's generator: keyframes [x0, g], ODE a = stiffness·(g − x) − damping·v with mass 1,
// initial `velocity` in units per second (it negates and converts it to units per ms
// internally), and `.next(ms).value`, `.velocity(ms)` in units per second. It snaps the
// value to the target once |v| ≤ restSpeed and |g − x| ≤ restDelta (defaults 0.01 and
// 0.005 at this scale): set both to 1e-12 here so that the comparison is of the two
// closed forms, not of the snap. Its over damped branch also cuts off non-physically once
// the damped angular frequency exceeds 1000 rad/s (a drag-spring trick): the grid stays
// below that. Both are double analytic solutions except that sprung computes in float,
// so they agree to float precision: 2e-6 relative to max(1, |x|), ×(1 + √s) for v.
test('springDamperExactStiffness agrees with motion’s spring on a grid of all regimes', () => {
  let compared = 0;
  for (const s of [25, 100, 900]) {
    const w = Math.sqrt(s);
    for (const ratio of [0, 0.1, 0.5, 0.999, 1, 1.001, 2, 6]) {
      const d = 2 * ratio * w;
      for (const [x0, g, v0] of [
        [0, 1, 0],
        [2, -1, 5],
        [-0.5, 0.5, -3],
      ]) {
        const gen = spring({
          keyframes: [x0, g],
          stiffness: s,
          damping: d,
          mass: 1,
          velocity: v0,
          restDelta: 1e-12,
          restSpeed: 1e-12,
        });
        for (const t of [0.01, 0.1, 0.35, 1, 2.5]) {
          const mine = sp.springDamperExactStiffness({ x: x0, v: v0 }, g, 0, s, d, t);
          const theirs = gen.next(t * 1000).value,
            theirV = gen.velocity(t * 1000);
          assert.ok(
            near(mine.x, theirs, 2e-6),
            `x s=${s} ζ=${ratio} x0=${x0} v0=${v0} t=${t}: ${mine.x} vs ${theirs}`,
          );
          assert.ok(
            near(mine.v, theirV, 2e-6 * (1 + w)),
            `v s=${s} ζ=${ratio} t=${t}: ${mine.v} vs ${theirV}`,
          );
          compared++;
        }
      }
    }
  }
  assert.equal(compared, 3 * 8 * 3 * 5);
});

// maath's damp(obj, key, target, smoothTime, delta, maxSpeed, easing, eps) is Unity's
// SmoothDamp: with y = ω = 2/smoothTime, j0 = x − g, j1 = v + ω·j0 it steps
// x ← g + e·(j0 + j1·dt), v ← e·(v − ω·j1·dt) with e = easing(ω·dt) — the critical spring
// with halflife = smoothTime·ln2 when easing is the real e^(−x). Its default easing is
// exactly the article's fast_negexp polynomial. The models agree wherever damp's extra
// rules stay out of the way: it snaps once |x − g| ≤ eps (eps = 0 here), clamps
// |x − g| ≤ maxSpeed·smoothTime (Infinity here), and stops dead if a step would overshoot
// the goal — so the starts below are ones from which a critical spring never overshoots.
// The remaining difference is float (sprung) vs double (maath) over 120 frames: 1e-5.
const realExp = (x) => Math.exp(-x);

function maathRun(x0, v0, g, smoothTime, dt, frames, ease) {
  const obj = { x: x0, __damp: { velocity_x: v0 } };
  const xs = [];
  for (let i = 0; i < frames; i++) {
    easing.damp(obj, 'x', g, smoothTime, dt, Infinity, ease, 0);
    xs.push([obj.x, obj.__damp.velocity_x]);
  }
  return xs;
}

test('simpleSpringDamperExact agrees with maath damp (real exponential), smoothTime = halflife / ln 2', () => {
  for (const smoothTime of [0.1, 0.5]) {
    for (const [x0, v0] of [
      [0, 0],
      [5, 0],
      [0, -4],
    ]) {
      const h = smoothTime * Math.LN2,
        theirs = maathRun(x0, v0, 2, smoothTime, 1 / 60, 120, realExp);
      const mine = { x: x0, v: v0 };
      theirs.forEach(([x, v], i) => {
        sp.simpleSpringDamperExact(mine, 2, h, 1 / 60);
        assert.ok(
          near(mine.x, x, 1e-5) && near(mine.v, v, 1e-5 * (1 + 2 / smoothTime)),
          `frame ${i} smoothTime=${smoothTime}: ${mine.x} vs ${x}`,
        );
      });
    }
  }
});

test('simpleSpringDamperImplicit (the article’s fast_negexp) agrees with maath damp’s default easing', () => {
  const theirs = maathRun(0, 0, 2, 0.3, 1 / 30, 60, undefined);
  const mine = { x: 0, v: 0 };
  theirs.forEach(([x, v], i) => {
    sp.simpleSpringDamperImplicit(mine, 2, 0.3 * Math.LN2, 1 / 30);
    assert.ok(near(mine.x, x, 1e-5) && near(mine.v, v, 1e-4), `frame ${i}: ${mine.x} vs ${x}`);
  });
});

// damperExact is first order, damp second order; they coincide on one family: seeded with
// the velocity −ω·(x0 − g), damp's j1 is 0 and it decays as the pure exponential e^(−ωt),
// which is damperExact with halflife ln2/ω = smoothTime·ln2/2.
test('damperExact agrees with maath damp seeded with velocity −ω(x0 − g)', () => {
  for (const smoothTime of [0.1, 0.4]) {
    const w = 2 / smoothTime,
      theirs = maathRun(3, -w * (3 - 1), 1, smoothTime, 1 / 60, 120, realExp);
    let x = 3;
    theirs.forEach(([tx], i) => {
      x = sp.damperExact(x, 1, (smoothTime * Math.LN2) / 2, 1 / 60);
      assert.ok(near(x, tx, 1e-5), `frame ${i}: ${x} vs ${tx}`);
    });
  }
});
