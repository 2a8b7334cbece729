// smooth_time.test.mjs — SmoothDamp's smoothTime against sprung's halflife (web/src/smooth_time.ts):
// the conversions refuse what the rest of the API refuses, numbers beyond float range, and a
// halflife whose smoothTime would be beyond it (issue 33, item 16: halflifeToSmoothTime(3.5e38)
// returned 5.05e38, which every function then refused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';

await sp.init();
const MAX_F = 3.4028234663852886e38;

test('smoothTimeToHalflife and halflifeToSmoothTime take and give floats', () => {
  assert.equal(sp.smoothTimeToHalflife(MAX_F), MAX_F * Math.LN2);
  assert.equal(sp.halflifeToSmoothTime(MAX_F * Math.LN2), MAX_F);
  for (const [f, name, max] of [
    [sp.smoothTimeToHalflife, 'smoothTime', MAX_F],
    [sp.halflifeToSmoothTime, 'halflife', MAX_F * Math.LN2],
  ]) {
    for (const v of [3.5e38, 1e39, max * (1 + 2 ** -52)])
      assert.throws(() => f(v), {
        name: 'RangeError',
        message: `sprung.${f.name}: ${name} must be a finite number ≥ 0, at most ${max} (its result is a float too), got ${v}`,
      });
    assert.throws(() => f(Infinity), {
      name: 'RangeError',
      message: `sprung.${f.name}: ${name} must be a finite number ≥ 0, got Infinity`,
    });
    assert.ok(
      sp.simpleSpringDamperExact({ x: 1, v: 0 }, 0, f === sp.halflifeToSmoothTime ? f(1) : f(max), 1),
    );
  }
});
