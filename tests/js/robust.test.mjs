// robust.test.mjs — property tests (fast-check) of the built package: random valid inputs
// give finite outputs, exact functions are dt-invariant and converge to their goal; random
// invalid inputs throw a TypeError/RangeError naming the function and the argument.
// Oracles: the closed form of the critical spring in double, worked out here, and the
// properties themselves (two half steps against one step). The total number of property
// cases is printed at the end.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import './property-seed.mjs';
import * as sprung from '../../dist/index.js';

let cases = 0;
const RUNS = 300;
function check(prop, runs = RUNS) {
  fc.assert(prop, { numRuns: runs });
  cases += runs;
}
after(() => console.log(`# robust.test.mjs: ${cases} property cases`));

// The valid domain of the conventions, with the edges (0, subnormal-free floats) included.
const value = fc.double({ min: -1e30, max: 1e30, noNaN: true });
const small = fc.double({ min: -1e3, max: 1e3, noNaN: true });
const halflife = fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 1e6, noNaN: true }));
const dt = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e4, noNaN: true }));
const f32 = Math.fround;

// Before init(): a clear error. (This file's init happens after this check.)
test('calls before init() throw naming the function', () => {
  assert.throws(() => sprung.damperExact(0, 1, 0.1, 0.1), /sprung\.damperExact: call and await init\(\)/);
  assert.throws(
    () => sprung.simpleSpringDamperExact({ x: 0, v: 0 }, 1, 0.1, 0.1),
    /sprung\.simpleSpringDamperExact/,
  );
});

test('init', async () => {
  await sprung.init();
});

test('valid inputs give finite outputs (values up to 1e30, halflife 0..1e6, dt 0..1e4)', () => {
  check(
    fc.property(value, value, value, halflife, dt, (x, v, g, h, t) => {
      const s = sprung.simpleSpringDamperExact({ x, v }, g, h, t);
      assert.ok(Number.isFinite(s.x) && Number.isFinite(s.v), JSON.stringify({ x, v, g, h, t, s }));
      const d = sprung.decaySpringDamperExact({ x, v }, h, t);
      assert.ok(Number.isFinite(d.x) && Number.isFinite(d.v));
      assert.ok(Number.isFinite(sprung.damperExact(x, g, h, t)));
    }),
  );
  // stiffness up to 1e8 (frequency ≤ 1591 Hz), any damping ratio from a halflife
  check(
    fc.property(
      value,
      value,
      value,
      fc.double({ min: 0, max: 1591, noNaN: true }),
      halflife,
      dt,
      (x, v, g, f, h, t) => {
        const s = sprung.springDamperExact({ x, v }, g, 0, f, h, t);
        assert.ok(Number.isFinite(s.x) && Number.isFinite(s.v), JSON.stringify({ x, v, g, f, h, t, s }));
      },
    ),
  );
  check(
    fc.property(value, value, value, value, halflife, dt, (x, v, g, q, h, t) => {
      const s = sprung.criticalSpringDamperExact({ x, v }, g, q, h, t);
      assert.ok(Number.isFinite(s.x) && Number.isFinite(s.v), JSON.stringify({ x, v, g, q, h, t, s }));
    }),
  );
});

test('halflife 0 snaps, dt 0 changes nothing, −0 is 0', () => {
  check(
    // (stepped in double on the caller's numbers: dt 0 keeps them, a snap lands on the goal itself)
    fc.property(small, small, small, halflife, (x, v, g, h) => {
      const a = sprung.simpleSpringDamperExact({ x, v }, g, h, 0);
      assert.ok(a.x === x && a.v === v);
      const b = sprung.simpleSpringDamperExact({ x, v }, g, 0, 0.01);
      assert.ok(b.x === g && b.v === 0);
      const c = sprung.simpleSpringDamperExact({ x, v }, g, -0, 0.01);
      assert.ok(c.x === g && c.v === 0, 'halflife −0 snaps like 0');
    }),
  );
});

test('the critical spring matches its closed form in double', () => {
  check(
    fc.property(
      small,
      small,
      small,
      fc.double({ min: 0.01, max: 10, noNaN: true }),
      fc.double({ min: 0, max: 5, noNaN: true }),
      (x, v, g, h, t) => {
        const s = sprung.simpleSpringDamperExact({ x, v }, g, h, t);
        const y = (2 * Math.LN2) / f32(h),
          T = f32(t),
          e = Math.exp(-y * T),
          u = f32(x) - f32(g),
          j1 = f32(v) + y * u;
        const rx = f32(g) + e * (u + j1 * T),
          rv = e * (f32(v) - j1 * y * T);
        // float state and parameters: errors of a few ulps of the largest term (|u|, |v|, y·|u|)
        const scale = 1 + Math.abs(u) + Math.abs(v) + y * Math.abs(u) * T;
        assert.ok(Math.abs(s.x - rx) <= 1e-5 * scale, JSON.stringify({ x, v, g, h, t, s, rx }));
        assert.ok(Math.abs(s.v - rv) <= 1e-5 * scale * (1 + y));
      },
    ),
  );
});

test('exact springs are dt-invariant: one step of 2·dt equals two of dt', () => {
  check(
    fc.property(
      small,
      small,
      small,
      fc.double({ min: 0, max: 30, noNaN: true }),
      fc.double({ min: 0.01, max: 10, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (x, v, g, f, h, t) => {
        const dtf = f32(t),
          two = f32(2 * dtf);
        if (two !== 2 * dtf) return; // the property needs 2·dt exact in float
        const a = sprung.springDamperExact({ x, v }, g, 0, f, h, two);
        const b = sprung.springDamperExact(
          sprung.springDamperExact({ x, v }, g, 0, f, h, dtf),
          g,
          0,
          f,
          h,
          dtf,
        );
        // each step rounds the state to float: a few ulps of the state's scale, times √s for v
        const scale = 1 + Math.abs(x - g) + Math.abs(v);
        assert.ok(Math.abs(a.x - b.x) <= 1e-5 * scale, JSON.stringify({ x, v, g, f, h, t, a, b }));
        assert.ok(Math.abs(a.v - b.v) <= 1e-5 * scale * (1 + 2 * Math.PI * f + (4 * Math.LN2) / h));
      },
    ),
  );
});

test('springs converge to their goal: after 40 halflives the offset is below 1e-9 of the start', () => {
  check(
    fc.property(small, small, small, fc.double({ min: 1e-3, max: 100, noNaN: true }), (x, v, g, h) => {
      const s = sprung.simpleSpringDamperExact({ x, v }, g, h, 40 * h);
      // e^(−y·40h)·(1 + y·40h) with y·h = 2 ln2: about 4e-23, far below float resolution of g
      const start = Math.abs(x - g) + Math.abs(v) * h;
      assert.ok(
        Math.abs(s.x - f32(g)) <= 1e-6 * (1 + Math.abs(g)) + 1e-9 * start,
        JSON.stringify({ x, v, g, h, s }),
      );
    }),
  );
});

// ---- invalid inputs -------------------------------------------------------------------

const badNumber = fc.oneof(fc.constant(NaN), fc.constant(Infinity), fc.constant(-Infinity));
const negative = fc.double({ min: -1e30, max: -1e-30, noNaN: true });
const wrongType = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.object(),
  fc.bigInt(),
);

function throwsNaming(f, fn, arg, type) {
  let err;
  try {
    f();
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof type, `${fn}(${arg}): expected ${type.name}, got ${err}`);
  assert.match(err.message, new RegExp(`^sprung\\.${fn}: ${arg.replace('.', '\\.')}`));
}

test('negative or non-finite halflife/dt throw a RangeError naming them', () => {
  check(
    fc.property(fc.oneof(badNumber, negative), (bad) => {
      throwsNaming(() => sprung.damperExact(0, 1, bad, 0.1), 'damperExact', 'halflife', RangeError);
      throwsNaming(() => sprung.damperExact(0, 1, 0.1, bad), 'damperExact', 'dt', RangeError);
      throwsNaming(
        () => sprung.simpleSpringDamperExact({ x: 0, v: 0 }, 1, bad, 0.1),
        'simpleSpringDamperExact',
        'halflife',
        RangeError,
      );
      throwsNaming(
        () => sprung.criticalSpringDamperExact({ x: 0, v: 0 }, 1, 0, 0.1, bad),
        'criticalSpringDamperExact',
        'dt',
        RangeError,
      );
      throwsNaming(
        () => sprung.springDamperExact({ x: 0, v: 0 }, 1, 0, 2, bad, 0.1),
        'springDamperExact',
        'halflife',
        RangeError,
      );
      throwsNaming(
        () => sprung.decaySpringDamperExact({ x: 0, v: 0 }, 0.1, bad),
        'decaySpringDamperExact',
        'dt',
        RangeError,
      );
    }),
  );
});

test('non-finite state and goals throw a RangeError naming them', () => {
  check(
    fc.property(badNumber, (bad) => {
      throwsNaming(
        () => sprung.simpleSpringDamperExact({ x: bad, v: 0 }, 1, 0.1, 0.1),
        'simpleSpringDamperExact',
        'state.x',
        RangeError,
      );
      throwsNaming(
        () => sprung.simpleSpringDamperExact({ x: 0, v: bad }, 1, 0.1, 0.1),
        'simpleSpringDamperExact',
        'state.v',
        RangeError,
      );
      throwsNaming(
        () => sprung.simpleSpringDamperExact({ x: 0, v: 0 }, bad, 0.1, 0.1),
        'simpleSpringDamperExact',
        'goal',
        RangeError,
      );
      throwsNaming(
        () => sprung.springDamperBad({ x: bad, v: 0 }, 1, 0, 1, 1, 0.1),
        'springDamperBad',
        'state.x',
        RangeError,
      );
      throwsNaming(() => sprung.damperExact(bad, 1, 0.1, 0.1), 'damperExact', 'x', RangeError);
    }),
    100,
  );
});

test('wrong types and missing fields throw a TypeError naming the argument', () => {
  check(
    fc.property(wrongType, (bad) => {
      throwsNaming(() => sprung.damperExact(bad, 1, 0.1, 0.1), 'damperExact', 'x', TypeError);
      throwsNaming(() => sprung.damperExact(0, 1, bad, 0.1), 'damperExact', 'halflife', TypeError);
      throwsNaming(
        () => sprung.simpleSpringDamperExact({ x: bad, v: 0 }, 1, 0.1, 0.1),
        'simpleSpringDamperExact',
        'state',
        TypeError,
      );
      throwsNaming(
        () => sprung.simpleSpringDamperExact({ x: 0 }, 1, 0.1, 0.1),
        'simpleSpringDamperExact',
        'state',
        TypeError,
      );
      if (typeof bad !== 'object' || bad === null)
        // an object of numbers is not wrong here
        throwsNaming(
          () => sprung.simpleSpringDamperExact(bad, 1, 0.1, 0.1),
          'simpleSpringDamperExact',
          'state',
          TypeError,
        );
    }),
    200,
  );
});

test('a throwing call leaves the state object unchanged', () => {
  check(
    fc.property(small, small, fc.oneof(badNumber, negative), (x, v, bad) => {
      const s = { x, v };
      assert.throws(() => sprung.simpleSpringDamperExact(s, 1, 0.1, bad));
      assert.ok(s.x === x && s.v === v);
    }),
    100,
  );
});

test('edge cases of the fast approximations and conversions are rejected, not NaN', () => {
  assert.throws(() => sprung.damperImplicit(0, 1, 0, 0, 0), /sprung\.damperImplicit: eps/);
  assert.throws(
    () => sprung.simpleSpringDamperImplicit({ x: 0, v: 0 }, 1, 0, 0.1),
    /sprung\.simpleSpringDamperImplicit: halflife/,
  );
  cases += 2;
});
