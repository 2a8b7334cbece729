// implicit.test.mjs — the article's fast approximations of the critical family (Spring-It-On's
// critical/decay/double/timed_spring_damper_implicit) against the article's listings evaluated
// here in double (without the eps in halflife_to_damping), and against the exact springs they
// approximate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { near, LN2 } from './oracle.mjs';

await sp.init();

const fastNegexp = (x) => 1 / (1 + x + 0.48 * x * x + 0.235 * x * x * x);

/** The listing's critical_spring_damper_implicit, in double. */
function critical(s, g, q, h, dt) {
  const d = (4 * LN2) / h,
    c = g + (d * q) / ((d * d) / 4),
    y = d / 2,
    j0 = s.x - c,
    j1 = s.v + j0 * y,
    e = fastNegexp(y * dt);
  s.x = e * (j0 + j1 * dt) + c;
  s.v = e * (s.v - j1 * y * dt);
}

test('criticalSpringDamperImplicit and decaySpringDamperImplicit are the article’s listings', () => {
  for (const [h, dt] of [
    [0.2, 1 / 60],
    [0.05, 0.1],
    [1, 0.5],
  ]) {
    const a = { x: 1, v: -2, id: 3 },
      o = { x: 1, v: -2 };
    for (let i = 0; i < 10; i++) {
      assert.equal(sp.criticalSpringDamperImplicit(a, 3, 0.5, h, dt), a);
      critical(o, 3, 0.5, h, dt);
      assert.ok(near(a.x, o.x, 5e-6) && near(a.v, o.v, 5e-5), `h=${h} dt=${dt} step ${i}: ${a.x} vs ${o.x}`);
    }
    assert.equal(a.id, 3);
    const b = { x: 2, v: 1 },
      ob = { x: 2, v: 1 };
    sp.decaySpringDamperImplicit(b, h, dt);
    critical(ob, 0, 0, h, dt);
    assert.ok(near(b.x, ob.x, 5e-6) && near(b.v, ob.v, 5e-5));
  }
  // within the approximation's error of the exact spring (fast_negexp is off by < 0.019)
  const a = sp.criticalSpringDamperImplicit({ x: 1, v: 0 }, 0, 0, 0.2, 0.1),
    e = sp.criticalSpringDamperExact({ x: 1, v: 0 }, 0, 0, 0.2, 0.1);
  assert.ok(Math.abs(a.x - e.x) < 0.02 && a.x !== e.x);
  // halflife 0 snaps to the rest point (the listing divides by 0 there); dt 0 changes nothing
  assert.deepEqual({ ...sp.criticalSpringDamperImplicit({ x: 1, v: 5 }, 2, 0, 0, 0.1) }, { x: 2, v: 0 });
  assert.deepEqual({ ...sp.decaySpringDamperImplicit({ x: 1, v: 5 }, 0.2, 0) }, { x: 1, v: 5 });
});

/** The listing's simple_spring_damper_implicit, in double. */
const simple = (s, g, h, dt) => critical(s, g, 0, h, dt);

test('doubleSpringDamperImplicit: two simple implicit springs of halflife/2, the inner goal held', () => {
  const a = { x: 0, v: 0, xi: 0, vi: 0 },
    inner = { x: 0, v: 0 },
    outer = { x: 0, v: 0 };
  for (let i = 0; i < 30; i++) {
    sp.doubleSpringDamperImplicit(a, 1, 0.3, 1 / 30);
    simple(inner, 1, 0.15, 1 / 30);
    simple(outer, inner.x, 0.15, 1 / 30);
    assert.ok(near(a.xi, inner.x, 1e-5) && near(a.vi, inner.v, 1e-4), `inner ${i}`);
    assert.ok(near(a.x, outer.x, 1e-5) && near(a.v, outer.v, 1e-4), `outer ${i}`);
  }
  // it depends on the frame rate, unlike doubleSpringDamperExact
  const fine = { x: 0, v: 0, xi: 0, vi: 0 };
  for (let i = 0; i < 10; i++) sp.doubleSpringDamperImplicit(fine, 1, 0.3, 0.01);
  const coarse = sp.doubleSpringDamperImplicit({ x: 0, v: 0, xi: 0, vi: 0 }, 1, 0.3, 0.1);
  assert.ok(Math.abs(fine.x - coarse.x) > 1e-3);
  assert.throws(
    () => sp.doubleSpringDamperImplicit({ x: 0, v: 0, xi: 0, vi: 0 }, 1, 0, 0.1),
    /halflife must be a finite number > 0/,
  );
});

test('timedSpringDamperImplicit: the listing, tracking the linear interpolation ahead', () => {
  const a = { x: 0, v: 0, xi: 0 },
    o = { x: 0, v: 0 };
  let xi = 0,
    tGoal = 1;
  const h = 0.1,
    dt = 1 / 60,
    appr = 2;
  for (let i = 0; i < 90; i++) {
    sp.timedSpringDamperImplicit(a, 5, tGoal, h, dt);
    const minTime = tGoal > dt ? tGoal : dt,
      vGoal = (5 - xi) / minTime,
      tf = dt + appr * h;
    simple(o, tf < tGoal ? xi + vGoal * tf : 5, h, dt);
    xi += vGoal * dt;
    tGoal -= dt;
    assert.ok(
      near(a.x, o.x, 2e-5) && near(a.xi, xi, 2e-5),
      `step ${i}: ${a.x} vs ${o.x}, xi ${a.xi} vs ${xi}`,
    );
  }
  assert.ok(Math.abs(a.x - 5) < 0.05, 'reaches the goal about on time');
  assert.throws(() => sp.timedSpringDamperImplicit(a, 5, NaN, h, dt), /tGoal must be a number/);
});

test('simpleSpringDamperImplicit at halflives that decay beyond float in a step: at the goal (issue 33, item 19)', () => {
  // the listing's v = e·(v − j1·y·dt) took 0·Infinity at halflife ≤ 1e-20 (NaN)
  for (const h of [1e-19, 1e-20, 1e-30, 1e-38])
    assert.deepEqual(
      { ...sp.simpleSpringDamperImplicit({ x: 3, v: -7 }, 1.5, h, 1 / 60) },
      { x: 1.5, v: 0 },
      `halflife ${h}`,
    );
});
