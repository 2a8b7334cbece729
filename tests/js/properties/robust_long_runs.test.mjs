// robust_long_runs.test.mjs — the 2D, 3D, rotation, easing, extrapolation, obstacle and response
// functions (issue 14) as an adversary would use them: an hour of
// simulated time at 60 Hz with goals that keep changing, then settling and stepping on (the
// states pass through subnormals); random valid input stays finite (fast-check); forgotten
// Obstacles and predictors are freed by garbage collection (a child process with --expose-gc);
// option names that are Object.prototype's own properties are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import '../property-seed.mjs';
import * as sp from '../../../dist/index.js';
import { wasm } from '../../../dist/wasm.js';

await sp.init();

const finite = (...objs) =>
  objs.every((o) => Object.values(o).every((v) => typeof v !== 'number' || Number.isFinite(v)));

test('an hour at 60 Hz with the goal moving every 2 s, then at rest: finite throughout, settled exactly where defined', () => {
  const dt = 1 / 60,
    steps = 3600 * 60;
  const ease = { x: 0, v: 0, t: 0 },
    inert = { x: 0, v: 0 },
    coast = { x: 0, v: 0 },
    p2 = { x: 0, y: 0 },
    v2 = { x: 0, y: 0 },
    d3 = { x: 0, y: 0, z: 0 },
    rot = { x: 0, y: 0, z: 0, w: 1 },
    w = { x: 0, y: 0, z: 0 };
  let goal = 0;
  const qgoal = { x: 0, y: 0, z: 0, w: 1 };
  for (let i = 0; i < steps; i++) {
    if (i % 120 === 0 && i < steps - 600) {
      goal = Math.sin(i * 0.37) * 1e3;
      ease.t = 0;
      coast.v = goal;
      const a = Math.cos(i * 0.11) * 3;
      Object.assign(qgoal, { x: 0, y: Math.sin(a / 2), z: 0, w: Math.cos(a / 2) });
    }
    sp.cubicEasingUpdate(ease, goal, 0.5, dt);
    sp.inertialEasingUpdate(inert, goal, 5e3, dt);
    sp.extrapolate(coast, 0.2, dt);
    sp.simpleSpringDamperExactV2(p2, v2, { x: goal, y: -goal }, 0.1, dt);
    sp.damperExactV3(d3, { x: goal, y: 1, z: -1e-30 }, 0.05, dt);
    sp.damperExactQuat(rot, qgoal, 0.1, dt);
    sp.extrapolateQuat(rot, w, 0.3, dt);
    if (i % 9973 === 0) assert.ok(finite(ease, inert, coast, p2, v2, d3, rot, w), `step ${i}`);
  }
  assert.ok(finite(ease, inert, coast, p2, v2, d3, rot, w));
  // 10 s after the last change every motion is at rest on its goal
  assert.equal(ease.x, Math.fround(goal));
  assert.equal(ease.v, 0);
  assert.equal(inert.x, Math.fround(goal));
  assert.equal(inert.v, 0);
  assert.ok(Math.abs(coast.v) < 1e-9);
  assert.ok(Math.abs(p2.x - goal) < 1e-3 && Math.abs(v2.x) < 1e-3);
  assert.ok(Math.abs(Math.hypot(rot.x, rot.y, rot.z, rot.w) - 1) < 1e-6);
});

test('random valid input gives finite results (fast-check)', () => {
  const num = fc.double({ min: -1e6, max: 1e6, noNaN: true });
  const pos = fc.double({ min: 0, max: 1e3, noNaN: true });
  fc.assert(
    fc.property(num, num, num, pos, pos, (x, v, g, a, dt) => {
      const e = sp.inertialEasingUpdate({ x, v }, g, a + 1e-3, dt);
      const c = sp.cubicEasingUpdate({ x, v, t: 0 }, g, a, dt);
      const p = sp.springDamperExactV2(
        { x, y: v },
        { x: v, y: x },
        { x: g, y: 0 },
        { x: 0, y: 0 },
        a,
        dt,
        dt,
      );
      return finite(e, c, p);
    }),
    { numRuns: 300 },
  );
  fc.assert(
    fc.property(
      fc.double({ min: 1e-3, max: 10, noNaN: true }),
      fc.double({ min: 0, max: 0.99, noNaN: true }),
      (t, os) => {
        const r = sp.settlingTimeOvershootToSpring(t, os, 0.02);
        return r.frequency > 0 && r.halflife > 0 && finite(r);
      },
    ),
    { numRuns: 200 },
  );
});

test('option names of Object.prototype are refused (own-property lookups only)', () => {
  const names = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
  fc.assert(
    fc.property(fc.oneof(fc.constantFrom(...names), fc.string()), (name) => {
      if (['spring', 'cubic', 'quintic', 'deadBlending', 'exact', 'approx', 'error', 'basic'].includes(name))
        return true;
      const refused = (f) => {
        try {
          f();
          return false;
        } catch (e) {
          return e instanceof TypeError && /^sprung\.\w+: (options\.)?(inertializer|measure)/.test(e.message);
        }
      };
      return (
        refused(() => sp.transitionCost(1, 1, { inertializer: name })) &&
        refused(() => sp.transitionCost(1, 1, { measure: name })) &&
        refused(() => sp.inertializationFeatureCoefficients(name, 0.1, 0.2))
      );
    }),
    { numRuns: 300 },
  );
});

test('forgotten Obstacles, predictors and quaternion batches are freed by garbage collection', () => {
  const script = `
    import * as sp from ${JSON.stringify(new URL('../../../dist/index.js', import.meta.url).href)};
    import { wasm } from ${JSON.stringify(new URL('../../../dist/wasm.js', import.meta.url).href)};
    await sp.init();
    const round = () => {
      for (let i = 0; i < 200; i++) {
        new sp.Obstacles(1000, 1000);
        new sp.TrajectoryPredictorV2(2000);
        new sp.DamperExactQuatBatch(2000);
      }
    };
    round();
    for (let k = 0; k < 5; k++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
    const after1 = wasm.memory.buffer.byteLength;
    for (let j = 0; j < 5; j++) {
      round();
      for (let k = 0; k < 5; k++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
    }
    console.log(JSON.stringify({ after1, after6: wasm.memory.buffer.byteLength }));
  `;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  const { after1, after6 } = JSON.parse(out.trim().split('\n').pop());
  // one round allocates about 200·(8000 + 16000 + 16000)·4 bytes ≈ 32 MB; six rounds unfreed would be 190 MB
  assert.ok(after6 <= after1 + 8 * 2 ** 20, `memory ${after1} → ${after6} bytes`);
  assert.ok(wasm.memory.buffer.byteLength > 0);
});
