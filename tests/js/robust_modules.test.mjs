// robust_modules.test.mjs — property tests (fast-check) of the built package's newer modules
// (tracking, character, adjustment, contact, inertialization, transition costs):
// - before init() every function throws a TypeError naming itself;
// - random invalid arguments (wrong types, wrong object shapes, missing or non-finite fields,
//   negative or non-finite times, non-object `out`) throw a TypeError/RangeError whose
//   message starts with `sprung.<function>: <argument>`, and leave every object passed unchanged;
// - extreme but valid parameters (halflife and blendtime 1e-6..1e6, dt 0..1e4, values up to
//   1e30 where the true result is bounded by them) give finite outputs, dt = 0 changes
//   nothing, halflife/blendtime 0 snaps.
// Oracles: the properties themselves and bounds worked out in each test's comment. The
// number of property cases is printed at the end.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import './property-seed.mjs';
import * as sp from '../../dist/index.js';

let cases = 0;
function check(prop, runs) {
  fc.assert(prop, { numRuns: runs });
  cases += runs;
}
after(() => console.log(`# robust_modules.test.mjs: ${cases} property cases`));

const V = () => ({ x: 0.5, y: -0.25, z: 2 });
const Q = () => ({ x: 0, y: Math.SQRT1_2, z: 0, w: Math.SQRT1_2 });
const contact = () => new sp.ContactState();

// Every checked function of the newer modules: [name, call(args), valid args, argument kinds].
// Kinds: n finite number, t finite ≥ 0, v finite {x,y,z}, q finite {x,y,z,w}, s finite {x,v},
// o {x,v} output, ov/oq output vector/quaternion, out optional output object, T {x,v,t}
// (t ≥ 0), D dead-blending state {x,v,t}, C contact state, I inertializer name, f:N
// Float32Array of ≥ N floats, b boolean (any value; not checked), - not checked.
const specs = [
  [
    'trackingSpringUpdate',
    (a) => sp.trackingSpringUpdate(...a),
    () => [{ x: 0, v: 0 }, 1, 0, 0, 0.1, 0.2, 1, 1 / 60],
    's n n n n n n t',
  ],
  [
    'trackingSpringUpdateNoAcceleration',
    (a) => sp.trackingSpringUpdateNoAcceleration(...a),
    () => [{ x: 0, v: 0 }, 1, 0, 0.1, 0.2, 1 / 60],
    's n n n n t',
  ],
  [
    'trackingSpringUpdateNoVelocityAcceleration',
    (a) => sp.trackingSpringUpdateNoVelocityAcceleration(...a),
    () => [{ x: 0, v: 0 }, 1, 0.1, 1 / 60],
    's n n t',
  ],
  [
    'trackingSpringUpdateImproved',
    (a) => sp.trackingSpringUpdateImproved(...a),
    () => [{ x: 0, v: 0 }, 1, 0, 0, 0.1, 0.2, 0, 1 / 60],
    's n n n t t t t',
  ],
  [
    'trackingSpringUpdateExact',
    (a) => sp.trackingSpringUpdateExact(...a),
    () => [{ x: 0, v: 0 }, 1, 0, 0, 2, 0.1, 1 / 60],
    's n n n t t t',
  ],
  [
    'trackingSpringUpdateExactNoVelocityAcceleration',
    (a) => sp.trackingSpringUpdateExactNoVelocityAcceleration(...a),
    () => [{ x: 0, v: 0 }, 1, 2, 0.1, 1 / 60],
    's n t t t',
  ],
  [
    'trackingGainsToSpring',
    (a) => sp.trackingGainsToSpring(...a),
    () => [0.1, 0.2, 1 / 60, { frequency: 0, halflife: 0 }],
    'n n t out',
  ],
  ['trackingTargetVelocity', (a) => sp.trackingTargetVelocity(...a), () => [1, 0, 1 / 60], 'n n t'],
  [
    'trackingTargetAccelerationVarying',
    (a) => sp.trackingTargetAccelerationVarying(...a),
    () => [1, 0, -1, 1 / 60, 1 / 30],
    'n n n t t',
  ],
  ['trackingClip', (a) => sp.trackingClip(...a), () => [3, 1], 'n t'],
  [
    'desiredVelocityUpdate',
    (a) => sp.desiredVelocityUpdate(...a),
    () => [V(), 0.3, Q(), 2, 1.5, 1, V()],
    'v n q n n n out',
  ],
  ['desiredRotationUpdate', (a) => sp.desiredRotationUpdate(...a), () => [Q(), V(), 0.1], 'q v t'],
  [
    'simulationPositionUpdate',
    (a) => sp.simulationPositionUpdate(...a),
    () => [V(), V(), V(), V(), 0.2, 1 / 60],
    'v v v v t t',
  ],
  [
    'simulationRotationUpdate',
    (a) => sp.simulationRotationUpdate(...a),
    () => [Q(), V(), Q(), 0.2, 1 / 60],
    'q v q t t',
  ],
  [
    'quatSlerpShortestApprox',
    (a) => sp.quatSlerpShortestApprox(...a),
    () => [Q(), { x: 0, y: 0, z: 0, w: 1 }, 0.3, Q()],
    'q q n out',
  ],
  ['quatAngleBetween', (a) => sp.quatAngleBetween(...a), () => [Q(), Q()], 'q q'],
  [
    'dampAdjustmentExactV3',
    (a) => sp.dampAdjustmentExactV3(...a),
    () => [V(), 0.2, 1 / 60, V()],
    'v t t out',
  ],
  [
    'dampAdjustmentExactQuat',
    (a) => sp.dampAdjustmentExactQuat(...a),
    () => [Q(), 0.2, 1 / 60, Q()],
    'q t t out',
  ],
  [
    'adjustCharacterPosition',
    (a) => sp.adjustCharacterPosition(...a),
    () => [V(), V(), 0.2, 1 / 60, V()],
    'v v t t out',
  ],
  [
    'adjustCharacterRotation',
    (a) => sp.adjustCharacterRotation(...a),
    () => [Q(), Q(), 0.2, 1 / 60, Q()],
    'q q t t out',
  ],
  [
    'adjustCharacterPositionByVelocity',
    (a) => sp.adjustCharacterPositionByVelocity(...a),
    () => [V(), V(), V(), 0.5, 0.2, 1 / 60, V()],
    'v v v t t t out',
  ],
  [
    'adjustCharacterRotationByVelocity',
    (a) => sp.adjustCharacterRotationByVelocity(...a),
    () => [Q(), V(), Q(), 0.5, 0.2, 1 / 60, Q()],
    'q v q t t t out',
  ],
  ['clampCharacterPosition', (a) => sp.clampCharacterPosition(...a), () => [V(), V(), 0.5, V()], 'v v t out'],
  ['clampCharacterRotation', (a) => sp.clampCharacterRotation(...a), () => [Q(), Q(), 0.5, Q()], 'q q t out'],
  ['contactReset', (a) => sp.contactReset(...a), () => [contact(), V(), V(), true], 'out v v b'],
  [
    'contactUpdate',
    (a) => sp.contactUpdate(...a),
    () => [contact(), V(), true, 0.2, 0, 0.05, 1 / 60],
    'C v b t n t t',
  ],
  [
    'inertializeTransition',
    (a) => sp.inertializeTransition(...a),
    () => [{ x: 0, v: 0 }, 1, 2, 3, 4],
    's n n n n',
  ],
  [
    'inertializeUpdate',
    (a) => sp.inertializeUpdate(...a),
    () => [{ x: 0, v: 0 }, { x: 1, v: 0 }, 1, 2, 0.1, 1 / 60],
    'o s n n t t',
  ],
  [
    'inertializeTransitionV3',
    (a) => sp.inertializeTransitionV3(...a),
    () => [V(), V(), V(), V(), V(), V()],
    'v v v v v v',
  ],
  [
    'inertializeUpdateV3',
    (a) => sp.inertializeUpdateV3(...a),
    () => [V(), V(), V(), V(), V(), V(), 0.1, 1 / 60],
    'ov ov v v v v t t',
  ],
  [
    'inertializeTransitionQuat',
    (a) => sp.inertializeTransitionQuat(...a),
    () => [Q(), V(), Q(), V(), Q(), V()],
    'q v q v q v',
  ],
  [
    'inertializeUpdateQuat',
    (a) => sp.inertializeUpdateQuat(...a),
    () => [Q(), V(), Q(), V(), Q(), V(), 0.1, 1 / 60],
    'oq ov q v q v t t',
  ],
  ['decayCubic', (a) => sp.decayCubic(...a), () => [1, 2, 0.3, 0.1], 'n n t t'],
  [
    'decayedOffsetCubic',
    (a) => sp.decayedOffsetCubic(...a),
    () => [{ x: 0, v: 0 }, 1, 2, 0.3, 0.1],
    'o n n t t',
  ],
  [
    'inertializeCubicTransition',
    (a) => sp.inertializeCubicTransition(...a),
    () => [{ x: 0, v: 0, t: 0 }, 1, 2, 3, 4, 0.3],
    'T n n n n t',
  ],
  [
    'inertializeCubicUpdate',
    (a) => sp.inertializeCubicUpdate(...a),
    () => [{ x: 0, v: 0 }, { x: 1, v: 0, t: 0 }, 1, 2, 0.3, 0.1],
    'o T n n t t',
  ],
  ['quinticBlendtime', (a) => sp.quinticBlendtime(...a), () => [1, -2, 0.3], 'n n t'],
  [
    'decayedOffsetQuintic',
    (a) => sp.decayedOffsetQuintic(...a),
    () => [{ x: 0, v: 0, a: 0 }, 1, 2, 0.3, 0.1],
    'oa n n t t',
  ],
  [
    'inertializeQuinticTransition',
    (a) => sp.inertializeQuinticTransition(...a),
    () => [{ x: 0, v: 0, t: 0 }, 1, 2, 3, 4, 0.3],
    'T n n n n t',
  ],
  [
    'deadBlendingEvaluate',
    (a) => sp.deadBlendingEvaluate(...a),
    () => [{ x: 0, v: 0 }, { x: 1, v: 2, t: 0.1 }, 0, 0, 0.1, 0.3],
    'o D n n h t',
  ],
  [
    'deadBlendingTransition',
    (a) => sp.deadBlendingTransition(...a),
    () => [{ x: 1, v: 2, t: 0.1 }, 0, 0, 0.1, 0.3],
    'D n n h t',
  ],
  [
    'deadBlendingUpdate',
    (a) => sp.deadBlendingUpdate(...a),
    () => [{ x: 0, v: 0 }, { x: 1, v: 2, t: 0.1 }, 0, 0, 0.1, 0.3, 1 / 60],
    'o D n n h t t',
  ],
  [
    'decaySpringDamperDisplacement',
    (a) => sp.decaySpringDamperDisplacement(...a),
    () => [1, -2, 0.2],
    'n n t',
  ],
  ['decayCubicDisplacementApprox', (a) => sp.decayCubicDisplacementApprox(...a), () => [1, -2, 0.3], 'n n t'],
  ['decayQuinticFeature', (a) => sp.decayQuinticFeature(...a), () => [1, -2, 0.3], 'n n t'],
  ['deadBlendingDisplacement', (a) => sp.deadBlendingDisplacement(...a), () => [1, -2, 0.2, 0.3], 'n n h t'],
  ['deadBlendingIntersection', (a) => sp.deadBlendingIntersection(...a), () => [1, -20, 0.2, 0.3], 'n n h t'],
  ['transitionCostBasic', (a) => sp.transitionCostBasic(...a), () => [1, -2, 0.5], 'n n n'],
  [
    'inertializationFeatureCoefficients',
    (a) => sp.inertializationFeatureCoefficients(...a),
    () => ['cubic', 0.2, 0.3, [0, 0]],
    'I t t out',
  ],
  [
    'inertializationFeatures',
    (a) => sp.inertializationFeatures(...a),
    () => ['spring', new Float32Array(6), new Float32Array(6), 2, 3, 0.2, 0.3],
    'I f:6 f:6 - - t t',
  ],
];

// ---- before init ------------------------------------------------------------------------

test('before init(): every function and class throws a TypeError naming itself and init()', () => {
  for (const [name, call, args] of specs) {
    let err;
    try {
      call(args());
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof TypeError, `${name}: ${err}`);
    assert.match(err.message, new RegExp(`^sprung\\.${name}: call and await init\\(\\)`));
  }
  for (const [name, make] of [
    ['DamperExactBatch', () => new sp.DamperExactBatch(2)],
    ['PoseInertializer', () => new sp.PoseInertializer(2)],
    ['TrajectoryPredictor', () => new sp.TrajectoryPredictor(2)],
    ['FeatureDatabase', () => new sp.FeatureDatabase(2, 2)],
  ])
    assert.throws(
      make,
      (e) => e instanceof TypeError && e.message.startsWith(`sprung.${name}: call and await init()`),
      name,
    );
});

test('init', async () => {
  await sp.init();
});

// ---- invalid arguments ------------------------------------------------------------------

const wrongType = fc.oneof(
  fc.string(),
  fc.constant(undefined),
  fc.boolean(),
  fc.bigInt(),
  fc.constant(null),
  fc.constant([1, 2]),
);
const badNumber = fc.constantFrom(NaN, Infinity, -Infinity);
const negative = fc.double({ min: -1e30, max: -1e-30, noNaN: true });
const KEYS = { v: 'xyz', q: 'xyzw', s: 'xv', o: 'xv', oa: 'xva', ov: 'xyz', oq: 'xyzw', T: 'xvt', D: 'xvt' };
const FINITE = new Set(['v', 'q', 's', 'T', 'D']);

/** A bad value for an argument of kind `kind` built from `valid`: [value, error class, name suffix]. */
function badFor(kind, valid) {
  if (kind === 'n')
    return fc.oneof(
      wrongType.map((b) => [b, TypeError, '']),
      badNumber.map((b) => [b, RangeError, '']),
    );
  if (kind === 't')
    return fc.oneof(
      wrongType.map((b) => [b, TypeError, '']),
      fc.oneof(badNumber, negative).map((b) => [b, RangeError, '']),
    );
  if (kind === 'h')
    // a halflife that admits +Infinity (no decay: dead blending's extrapolation)
    return fc.oneof(
      wrongType.map((b) => [b, TypeError, '']),
      fc.oneof(fc.constantFrom(NaN, -Infinity), negative).map((b) => [b, RangeError, '']),
    );
  if (kind === 'out')
    return fc.oneof(fc.string(), fc.boolean(), fc.double({ noNaN: true })).map((b) => [b, TypeError, '']);
  if (kind === 'I')
    return fc
      .oneof(
        fc
          .string()
          .filter(
            (s) =>
              !['spring', 'cubic', 'quintic', 'deadBlending', 'dead-blending', 'dead_blending'].includes(s),
          ),
        fc.integer(),
      )
      .map((b) => [b, null, '']);
  if (kind.startsWith('f:')) {
    const n = Number(kind.slice(2));
    return fc.oneof(
      fc.constant([new Float32Array(n - 1), RangeError, '']),
      fc.constant([new Float64Array(n), TypeError, '']),
      fc.constant([Array(n).fill(0), TypeError, '']),
      wrongType.map((b) => [b, TypeError, '']),
    );
  }
  if (kind === 'C') {
    const fields = ['position', 'velocity', 'point', 'target', 'offsetPosition', 'offsetVelocity'];
    return fc.oneof(
      fc.oneof(fc.string(), fc.constant(null), fc.double()).map((b) => [b, TypeError, '']),
      fc.constantFrom(...fields).map((f) => {
        const c = valid();
        c[f] = { x: 0, y: 0 };
        return [c, TypeError, `.${f}`];
      }),
      fc.tuple(fc.constantFrom(...fields), badNumber).map(([f, b]) => {
        const c = valid();
        c[f].y = b;
        return [c, RangeError, `.${f}`];
      }),
    );
  }
  const keys = KEYS[kind];
  // an output is only written: what it holds does not matter, but it must be a writable object
  if (kind.startsWith('o'))
    return fc.oneof(
      fc
        .oneof(fc.string(), fc.constant(null), fc.double(), fc.constant(undefined))
        .map((b) => [b, TypeError, '']),
      fc.constant(0).map(() => [Object.freeze(valid()), TypeError, `.${keys[0]}`]),
    );
  const variants = [
    fc
      .oneof(fc.string(), fc.constant(null), fc.double(), fc.constant(undefined))
      .map((b) => [b, TypeError, '']),
    fc.constantFrom(...keys).map((k) => {
      const o = valid();
      delete o[k];
      return [o, TypeError, `.${k}`];
    }),
    fc
      .tuple(
        fc.constantFrom(...keys),
        wrongType.filter((w) => w !== undefined),
      )
      .map(([k, w]) => {
        const o = valid();
        o[k] = w;
        return [o, TypeError, `.${k}`];
      }),
  ];
  // dead blending's t may be Infinity (no blend in progress), not NaN
  const finiteKeys = kind === 'D' ? 'xv' : keys;
  if (FINITE.has(kind))
    variants.push(
      fc.tuple(fc.constantFrom(...finiteKeys), badNumber).map(([k, b]) => {
        const o = valid();
        o[k] = b;
        return [o, RangeError, `.${k}`];
      }),
    );
  if (kind === 'T' || kind === 'D')
    variants.push(
      fc.oneof(negative, fc.constant(NaN)).map((b) => {
        const o = valid();
        o.t = b;
        return [o, RangeError, '.t'];
      }),
    );
  return fc.oneof(...variants);
}

const NAMES = {}; // argument names, read from the functions' messages: filled by the first test below

/** The error a call throws (or fails the test when it does not). */
function thrown(f, what) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail(`${what}: did not throw`);
}

test('argument names: every argument of every spec is named in its error message', () => {
  // Discover each argument's name from the message for a wrong type (a string), so that the
  // property below can check every message names the argument it is about.
  for (const [name, call, args, kinds] of specs) {
    NAMES[name] = kinds.split(' ').map((kind, i) => {
      if (kind === 'b' || kind === '-') return null;
      const a = args();
      a[i] = kind === 'I' ? 'nonsense' : 'a string';
      const e = thrown(() => call(a), `${name} argument ${i}`);
      const m = e.message.match(new RegExp(`^sprung\\.${name}: ([A-Za-z.]+)`));
      assert.ok(m && (e instanceof TypeError || e instanceof RangeError), `${name} argument ${i}: ${e}`);
      return m[1].replace(/\.[a-z]$/, '');
    });
  }
  // spot checks of the discovered names against the source's parameter names
  assert.deepEqual(NAMES.trackingSpringUpdateImproved, [
    'state',
    'xGoal',
    'vGoal',
    'aGoal',
    'xHalflife',
    'vHalflife',
    'aHalflife',
    'dt',
  ]);
  assert.deepEqual(NAMES.inertializeUpdateQuat, [
    'outX',
    'outV',
    'offX',
    'offV',
    'inX',
    'inV',
    'halflife',
    'dt',
  ]);
  assert.deepEqual(NAMES.contactUpdate, [
    'contact',
    'inputContactPosition',
    null,
    'unlockRadius',
    'footHeight',
    'halflife',
    'dt',
  ]);
});

test('random invalid arguments throw a TypeError/RangeError naming the function and argument; the objects passed stay unchanged', () => {
  for (const [name, call, args, kindList] of specs) {
    const kinds = kindList.split(' ');
    const checked = kinds.map((k, i) => [k, i]).filter(([k]) => k !== 'b' && k !== '-');
    const arb = fc
      .constantFrom(...checked)
      .chain(([kind, i]) => badFor(kind, () => args()[i]).map((bad) => [i, bad]));
    check(
      fc.property(arb, ([i, [value, type, suffix]]) => {
        const a = args();
        a[i] = value;
        const before = JSON.stringify(a, (k, v) =>
          typeof v === 'bigint' ? `${v}n` : Number.isNaN(v) ? 'NaN' : v,
        );
        const e = thrown(() => call(a), `${name}(${i} = ${String(value)})`);
        if (type) assert.ok(e instanceof type, `${name} argument ${i}: expected ${type.name}, got ${e}`);
        else assert.ok(e instanceof TypeError || e instanceof RangeError, `${name} argument ${i}: ${e}`);
        const prefix = `sprung.${name}: ${NAMES[name][i]}${suffix}`;
        assert.ok(e.message.startsWith(prefix), `${name}: "${e.message}" should start with "${prefix}"`);
        const afterwards = JSON.stringify(a, (k, v) =>
          typeof v === 'bigint' ? `${v}n` : Number.isNaN(v) ? 'NaN' : v,
        );
        assert.equal(afterwards, before, `${name}: a throwing call changed its arguments`);
      }),
      60,
    );
  }
});

test('the classes: invalid sizes, arguments and use after dispose() throw naming the method', () => {
  check(
    fc.property(
      fc.oneof(
        fc.double({ noNaN: false }).filter((d) => !Number.isInteger(d) || d < 1),
        fc.integer({ min: (1 << 20) + 1 }),
      ),
      (bad) => {
        assert.throws(
          () => new sp.TrajectoryPredictor(bad),
          (e) => e instanceof RangeError && e.message.startsWith('sprung.TrajectoryPredictor: count'),
        );
      },
    ),
    50,
  );
  check(
    fc.property(
      fc.integer({ min: 1 << 15, max: 1 << 28 }),
      fc.integer({ min: 1 << 15, max: 1 << 28 }),
      (rows, dims) => {
        // rows·dims floats beyond what one allocation can address: refused before any allocation
        assert.throws(
          () => new sp.FeatureDatabase(rows, dims),
          (e) => e instanceof RangeError && e.message.startsWith('sprung.FeatureDatabase: rows'),
        );
      },
    ),
    50,
  );
  const p = new sp.TrajectoryPredictor(4),
    db = new sp.FeatureDatabase(3, 2);
  assert.throws(
    () => p.predictPositions(V(), V(), { x: 1 }, V(), 0.2),
    /^TypeError: sprung\.TrajectoryPredictor\.predictPositions: acceleration\.y/,
  );
  assert.throws(
    () => p.predictRotations(Q(), V(), Q(), -1),
    /^RangeError: sprung\.TrajectoryPredictor\.predictRotations: halflife/,
  );
  assert.throws(() => db.search(new Float32Array(1)), /^RangeError: sprung\.FeatureDatabase\.search: query/);
  p.dispose();
  db.dispose();
  p.dispose();
  db.dispose(); // twice is allowed
  assert.throws(
    () => p.predictPositions(V(), V(), V(), V(), 0.2),
    /^TypeError: sprung\.TrajectoryPredictor\.predictPositions: used after dispose/,
  );
  assert.throws(() => p.positions, /^TypeError: sprung\.TrajectoryPredictor\.positions: used after dispose/);
  assert.throws(
    () => db.search(new Float32Array(2)),
    /^TypeError: sprung\.FeatureDatabase\.search: used after dispose/,
  );
  assert.throws(() => db.features, /^TypeError: sprung\.FeatureDatabase\.features: used after dispose/);
});

// ---- extreme but valid parameters -------------------------------------------------------

const f32 = Math.fround;
const time = (max) => fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max, noNaN: true }));
const halflife = time(1e6);
const dt = time(1e4);
const big = fc.double({ min: -1e30, max: 1e30, noNaN: true });
const mid = fc.double({ min: -1e15, max: 1e15, noNaN: true });
const vec = (a) => fc.record({ x: a, y: a, z: a });
const unitQuat = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: 0.1, max: 1, noNaN: true }),
  )
  .map(([x, y, z, w]) => {
    const l = Math.hypot(x, y, z, w);
    return { x: x / l, y: y / l, z: z / l, w: w / l };
  });
const finite = (...xs) => xs.every(Number.isFinite);
const fin3 = (v) => finite(v.x, v.y, v.z);
const unit = (q) => Math.abs(Math.hypot(q.x, q.y, q.z, q.w) - 1) < 1e-5;

test('inertializers: values up to 1e30, halflife/blendtime 0 or 1e-6..1e6, dt 0..1e4 give finite outputs; dt 0 keeps, 0 snaps', () => {
  // the spring offset decays: |x(t)| ≤ |x| + |v|/(e·y)·…, |v(t)| ≤ |v| + y·|x|/e, both ≤ 1e37 here
  check(
    fc.property(big, big, big, big, halflife, dt, (ox, ov, ix, iv, h, t) => {
      const off = { x: ox, v: ov },
        out = { x: 0, v: 0 };
      sp.inertializeUpdate(out, off, ix, iv, h, t);
      assert.ok(finite(off.x, off.v, out.x, out.v), JSON.stringify({ ox, ov, ix, iv, h, t, off, out }));
      // (stepped in double on the caller's numbers: dt 0 keeps them as they were)
      if (t === 0) assert.ok(off.x === ox && off.v === ov);
      if (h === 0 && t > 0) assert.ok(off.x === 0 && off.v === 0 && out.x === ix);
    }),
    300,
  );
  // cubic and quintic: |x(τ)| ≤ |x| + |2x + v·T|, |v(τ)| ≤ |v| + 6(|x| + |2x + v·T|)/T, T ≥ 1e-6: ≤ 1e37
  check(
    fc.property(
      big,
      big,
      time(1e6).filter((b) => b === 0 || b >= 1e-6),
      dt,
      (x, v, bt, t) => {
        const c = sp.decayedOffsetCubic({ x: 0, v: 0 }, x, v, bt, t),
          q = sp.decayedOffsetQuintic({ x: 0, v: 0, a: 0 }, x, v, bt, t);
        assert.ok(finite(c.x, c.v, q.x, q.v), JSON.stringify({ x, v, bt, t, c, q }));
        if (t >= bt)
          assert.ok(c.x === 0 && c.v === 0 && q.x === 0 && q.v === 0, 'blend over (blendtime 0: at once)');
        if (t === 0 && bt > 0) assert.ok(c.x === f32(x), 'dt 0 keeps the offset');
        // (the quintic's blend time may be shortened to 0 by Bollo's rule: then it is over at once)
        if (t === 0 && sp.quinticBlendtime(x, v, bt) > 0) assert.ok(q.x === f32(x), 'dt 0 keeps the offset');
        assert.ok(Math.sign(q.x) * Math.sign(f32(x)) >= 0, 'the quintic never crosses zero');
      },
    ),
    300,
  );
  // dead blending: the extrapolated source moves ≤ |v|·t; the blend's velocity ≤ 1.5·|Δx|/blendtime
  check(
    fc.property(
      big,
      big,
      big,
      big,
      halflife,
      fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
      dt,
      (ex, ev, ix, iv, h, bt, t) => {
        const st = { x: ex, v: ev, t: 0 },
          out = { x: 0, v: 0 };
        sp.deadBlendingUpdate(out, st, ix, iv, h, bt, t);
        assert.ok(finite(out.x, out.v), JSON.stringify({ ex, ev, ix, iv, h, bt, t, out }));
        // (the position in double, on the caller's input; the velocity the core's, a float)
        if (st.t >= f32(bt)) assert.ok(out.x === ix && out.v === f32(iv));
      },
    ),
    300,
  );
  // rotations: unit whatever the halflife and dt
  check(
    fc.property(unitQuat, unitQuat, vec(mid), halflife, dt, (off, inq, w, h, t) => {
      const ox = { ...off },
        ov = { ...w },
        outX = { x: 0, y: 0, z: 0, w: 1 },
        outV = { x: 0, y: 0, z: 0 };
      sp.inertializeUpdateQuat(outX, outV, ox, ov, inq, { x: 0, y: 0, z: 0 }, h, t);
      assert.ok(
        unit(ox) && unit(outX) && fin3(ov) && fin3(outV),
        JSON.stringify({ off, inq, w, h, t, ox, outX, ov }),
      );
    }),
    200,
  );
});

test('transition costs: offsets up to 1e15, timescales 1e-6..1e6 give finite costs ≥ 0, exact ≥ approximate', () => {
  // the cost is at most (|x| + |v|·T)·T ≤ 2e15·1e6·1e6 = 2e27
  check(
    fc.property(mid, mid, halflife, time(1e6), (x, v, h, bt) => {
      const costs = [
        [sp.decaySpringDamperDisplacement(x, v, h), sp.decaySpringDamperDisplacementApprox(x, v, h)],
        [sp.decayCubicDisplacement(x, v, bt), sp.decayCubicDisplacementApprox(x, v, bt)],
        [sp.deadBlendingDisplacement(x, v, h, bt), sp.deadBlendingDisplacementApprox(x, v, h, bt)],
      ];
      const quintic = sp.decayQuinticDisplacement(x, v, bt);
      assert.ok(Number.isFinite(quintic) && quintic >= 0);
      for (const [exact, approx] of costs) {
        assert.ok(
          Number.isFinite(exact) && exact >= 0 && Number.isFinite(approx),
          JSON.stringify({ x, v, h, bt, costs }),
        );
        // |∫offset| ≤ ∫|offset|: up to the float rounding of both sides (1e-4 covers the
        // cancellation of the split integrals) and the approximation's coefficients, which
        // are subnormal for halflives below ~1e-19 (not reached here)
        assert.ok(exact >= approx * (1 - 1e-4), JSON.stringify({ x, v, h, bt, exact, approx }));
      }
    }),
    300,
  );
});

test('tracking, character, adjustment: extreme valid inputs give finite outputs; dt 0 changes nothing', () => {
  // exact tracker: its error (≤ 2e15·(1 + dt)) is a damped spring (energy never grows)
  check(
    fc.property(
      mid,
      mid,
      mid,
      mid,
      mid,
      fc.double({ min: 0, max: 1591, noNaN: true }),
      halflife,
      dt,
      (x, v, xg, vg, ag, f, h, t) => {
        const s = sp.trackingSpringUpdateExact({ x, v }, xg, vg, ag, f, h, t);
        assert.ok(finite(s.x, s.v), JSON.stringify({ x, v, xg, vg, ag, f, h, t, s }));
        // (stepped in double on the caller's numbers: dt 0 keeps them, halflife 0 is the goal itself)
        if (t === 0) assert.ok(s.x === x && s.v === v);
        if (h === 0 && t > 0) assert.ok(s.x === xg && s.v === vg, 'halflife 0: on the goal');
      },
    ),
    300,
  );
  // the character's velocity spring: |v| ≤ |v0| + |vg| + |a0|/y…; position moves ≤ dt·max|v| ≤ 1e4·1e18
  const mid12 = fc.double({ min: -1e12, max: 1e12, noNaN: true });
  check(
    fc.property(vec(mid12), vec(mid12), vec(mid12), vec(mid12), halflife, dt, (p, v, a, dv, h, t) => {
      const P = { ...p },
        Vv = { ...v },
        A = { ...a };
      sp.simulationPositionUpdate(P, Vv, A, dv, h, t);
      assert.ok(fin3(P) && fin3(Vv) && fin3(A), JSON.stringify({ p, v, a, dv, h, t, P, Vv, A }));
    }),
    200,
  );
  // adjustment and clamping move between the character and the simulation: bounded by both
  check(
    fc.property(
      vec(big),
      vec(big),
      halflife,
      dt,
      fc.double({ min: 0, max: 1e30, noNaN: true }),
      (c, s, h, t, md) => {
        const a = sp.adjustCharacterPosition(c, s, h, t),
          k = sp.clampCharacterPosition(c, s, md);
        assert.ok(fin3(a) && fin3(k), JSON.stringify({ c, s, h, t, a, k }));
        if (t === 0)
          assert.ok(a.x === f32(c.x) && a.y === f32(c.y) && a.z === f32(c.z), 'dt 0: the character stays');
        const d = Math.hypot(k.x - f32(s.x), k.y - f32(s.y), k.z - f32(s.z));
        // within max distance, up to float rounding of the result (an ulp of the coordinates, and
        // at least the smallest subnormal, 1.4e-45: an input below it rounds to it or to 0)
        assert.ok(
          d <=
            md * (1 + 1e-6) +
              1.5e-45 +
              2e-7 *
                (Math.abs(s.x) +
                  Math.abs(s.y) +
                  Math.abs(s.z) +
                  Math.abs(c.x) +
                  Math.abs(c.y) +
                  Math.abs(c.z)),
          JSON.stringify({ c, s, md, k, d }),
        );
      },
    ),
    300,
  );
  check(
    fc.property(
      unitQuat,
      unitQuat,
      halflife,
      dt,
      fc.double({ min: 0, max: 4, noNaN: true }),
      (c, s, h, t, ma) => {
        const a = sp.adjustCharacterRotation(c, s, h, t),
          k = sp.clampCharacterRotation(c, s, ma);
        assert.ok(unit(a) && unit(k));
        // the clamped rotation is within max angle of the simulation (angle error of float quaternions ~1e-3)
        assert.ok(sp.quatAngleBetween(k, s) <= ma + 3e-3, JSON.stringify({ c, s, ma, k }));
      },
    ),
    300,
  );
  // gains to spring: any gains, any positive reference dt down to 1e-30: frequency finite ≥ 0, halflife ≥ 0
  check(
    fc.property(
      fc.double({ min: -1, max: 2, noNaN: true }),
      fc.double({ min: -1, max: 2, noNaN: true }),
      fc.double({ min: 1e-30, max: 1e4, noNaN: true }),
      (kx, kv, rdt) => {
        const g = sp.trackingGainsToSpring(kx, kv, rdt);
        assert.ok(
          Number.isFinite(g.frequency) && g.frequency >= 0 && g.halflife >= 0,
          JSON.stringify({ kx, kv, rdt, g }),
        );
      },
    ),
    300,
  );
});

test('damping ratio around 1 and stiffness up to 1e8: continuous across the critical boundary, finite', () => {
  // ζ = 1 ± δ against ζ = 1: the state moves by O(δ·y·t) (∂/∂ζ of the closed form is bounded
  // near ζ = 1), so δ = 1e-5 moves it by less than 1e-3 of the state's scale
  const small = fc.double({ min: -100, max: 100, noNaN: true });
  check(
    fc.property(
      small,
      small,
      small,
      fc.double({ min: 0.01, max: 10, noNaN: true }),
      fc.double({ min: 0, max: 5, noNaN: true }),
      fc.constantFrom(-1e-5, 1e-5),
      (x, v, g, h, t, d) => {
        const c = sp.springDamperExactRatio({ x, v }, g, 0, 1, h, t),
          n = sp.springDamperExactRatio({ x, v }, g, 0, 1 + d, h, t);
        const scale = 1 + Math.abs(x - g) + Math.abs(v) * h;
        assert.ok(Math.abs(c.x - n.x) <= 1e-3 * scale, JSON.stringify({ x, v, g, h, t, d, c, n }));
        assert.ok(
          Math.abs(c.v - n.v) <= 1e-3 * scale * (1 + (4 * Math.LN2) / h),
          JSON.stringify({ x, v, g, h, t, d, c, n }),
        );
      },
    ),
    300,
  );
  check(
    fc.property(
      big,
      big,
      big,
      fc.double({ min: 0, max: 1e8, noNaN: true }),
      fc.double({ min: 0, max: 1e8, noNaN: true }),
      dt,
      (x, v, g, s, d, t) => {
        // energy v² + s·u² never grows: |v| ≤ √(v0² + s·u0²) ≤ 1e34 and |u| ≤ |u0| + ... bounded the same way
        const r = sp.springDamperExactStiffness({ x, v }, g, 0, s, d, t);
        // and |u| ≤ min(√(v0²/s + u0²), |u0| + t·max|v|) ≤ 2e30 + 1e4·2e34
        assert.ok(finite(r.x, r.v), JSON.stringify({ x, v, g, s, d, t, r }));
      },
    ),
    300,
  );
});
