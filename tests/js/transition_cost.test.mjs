// transition_cost.test.mjs — displacements against Simpson quadrature in double written here,
// features against the approximate cost, landscapes against single calls, the search.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sprung from '../../dist/index.js';

await sprung.init();
const f32 = Math.fround;

/** Composite Simpson of |f| on [a, b] with n panels, refined around sign changes by bisection. */
function absIntegral(f, a, b, n = 4000) {
  // locate sign changes first, then integrate each same-sign piece (smooth there)
  const cuts = [a];
  let prev = f(a);
  for (let i = 1; i <= n; i++) {
    const t = a + ((b - a) * i) / n,
      ft = f(t);
    if (prev * ft < 0) {
      let lo = t - (b - a) / n,
        hi = t;
      for (let k = 0; k < 80; k++) {
        const m = (lo + hi) / 2;
        if (f(m) * f(lo) <= 0) hi = m;
        else lo = m;
      }
      cuts.push((lo + hi) / 2);
    }
    prev = ft;
  }
  cuts.push(b);
  let sum = 0;
  for (let c = 0; c + 1 < cuts.length; c++) {
    const l = cuts[c],
      r = cuts[c + 1],
      m = 2000,
      h = (r - l) / m;
    let s = f(l) + f(r);
    for (let i = 1; i < m; i++) s += (i % 2 ? 4 : 2) * f(l + i * h);
    sum += Math.abs((s * h) / 3);
  }
  return sum;
}

const offsets = {
  spring: (x, v, h) => {
    const y = (2 * Math.LN2) / h;
    return [(t) => Math.exp(-y * t) * (x + (v + x * y) * t), 60 / y];
  },
  cubic: (x, v, _h, z) => [
    (t) => {
      const u = t / z,
        d = x,
        c = v * z;
      return (2 * d + c) * u * u * u + (-3 * d - 2 * c) * u * u + c * u + d;
    },
    z,
  ],
  dead: (x, v, h, z) => {
    const l = Math.LN2 / h;
    return [
      (t) => {
        const u = t / z;
        return (1 - u * u * (3 - 2 * u)) * (x + (v * (1 - Math.exp(-l * t))) / l);
      },
      z,
    ];
  },
};
const exact = {
  spring: (x, v, h) => sprung.decaySpringDamperDisplacement(x, v, h),
  cubic: (x, v, _h, z) => sprung.decayCubicDisplacement(x, v, z),
  dead: (x, v, h, z) => sprung.deadBlendingDisplacement(x, v, h, z),
};

for (const kind of Object.keys(offsets)) {
  test(`${kind} displacement = quadrature of |offset| (random, crossing and not)`, () => {
    for (let i = 0; i < 150; i++) {
      const x = f32((Math.random() - 0.5) * 4),
        h = f32(0.02 + Math.random()),
        z = f32(0.05 + Math.random());
      const rate = kind === 'spring' ? (2 * Math.LN2) / h : 1 / z;
      const v = f32(i % 2 ? (Math.random() - 0.5) * 40 : -x * rate * (1 + 20 * Math.random()));
      const [f, end] = offsets[kind](x, v, h, z);
      const want = absIntegral(f, 0, end);
      // float closed forms: ~1e-6 relative; Simpson with 2000 panels per smooth piece: ~1e-10
      assert.ok(
        Math.abs(exact[kind](x, v, h, z) - want) <= 2e-5 * want + 1e-12,
        `x=${x} v=${v} h=${h} z=${z}: ${exact[kind](x, v, h, z)} vs ${want}`,
      );
    }
  });
}

test('quintic displacement = quadrature of |decayQuintic|', () => {
  for (let i = 0; i < 50; i++) {
    const x = f32((Math.random() - 0.5) * 4),
      v = f32((Math.random() - 0.5) * 100),
      z = f32(0.05 + Math.random());
    const t1 = sprung.quinticBlendtime(x, v, z);
    // the library's own offset is float: quadrature of it is accurate to its ~1e-7 rounding
    const want = absIntegral((t) => sprung.decayQuintic(x, v, z, t), 0, t1, 400);
    assert.ok(
      Math.abs(sprung.decayQuinticDisplacement(x, v, z) - want) <= 1e-5 * (Math.abs(x) + Math.abs(v) * z) * z,
    );
  }
});

test('|feature(src) − feature(dst)| = approximate cost; spring feature = 2·pos/y + vel/y²', () => {
  const h = 0.15,
    z = 0.3,
    y = (2 * Math.LN2) / h;
  assert.ok(Math.abs(sprung.decaySpringDamperFeature(0.3, -1.2, h) - (0.6 / y - 1.2 / (y * y))) < 1e-7);
  for (let i = 0; i < 200; i++) {
    const sp = f32(Math.random() * 2 - 1),
      sv = f32(Math.random() * 10 - 5),
      dp = f32(Math.random() * 2 - 1),
      dv = f32(Math.random() * 10 - 5);
    const pairs = [
      [
        sprung.decaySpringDamperFeature(sp, sv, h) - sprung.decaySpringDamperFeature(dp, dv, h),
        sprung.decaySpringDamperDisplacementApprox(f32(sp - dp), f32(sv - dv), h),
        2 / y + 10 / (y * y),
      ],
      [
        sprung.decayCubicFeature(sp, sv, z) - sprung.decayCubicFeature(dp, dv, z),
        sprung.decayCubicDisplacementApprox(f32(sp - dp), f32(sv - dv), z),
        z + (10 * z * z) / 12,
      ],
      [
        sprung.deadBlendingFeature(sp, sv, h, z) - sprung.deadBlendingFeature(dp, dv, h, z),
        sprung.deadBlendingDisplacementApprox(f32(sp - dp), f32(sv - dv), h, z),
        z + z * z,
      ],
    ];
    // float precision relative to the feature terms' size
    for (const [d, c, scale] of pairs) assert.ok(Math.abs(Math.abs(d) - c) <= 1e-6 * scale);
  }
});

test('landscape equals single calls, into a caller array', () => {
  const nx = 16,
    ny = 9,
    out = new Float32Array(nx * ny);
  for (const [inertializer, measure, one] of [
    ['spring', 'exact', (x, v) => sprung.decaySpringDamperDisplacement(x, v, 0.15)],
    ['spring', 'approx', (x, v) => sprung.decaySpringDamperDisplacementApprox(x, v, 0.15)],
    [
      'cubic',
      'error',
      (x, v) => sprung.decayCubicDisplacement(x, v, 0.3) - sprung.decayCubicDisplacementApprox(x, v, 0.3),
    ],
    ['quintic', 'exact', (x, v) => sprung.decayQuinticDisplacement(x, v, 0.3)],
    ['deadBlending', 'exact', (x, v) => sprung.deadBlendingDisplacement(x, v, 0.15, 0.3)],
    ['spring', 'basic', (x, v) => sprung.transitionCostBasic(x, v, 0.5)],
  ]) {
    const r = sprung.transitionCostLandscape(
      nx,
      ny,
      -1,
      1,
      -10,
      10,
      { inertializer, measure, halflife: 0.15, blendtime: 0.3 },
      out,
    );
    assert.equal(r, out);
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const x = i === nx - 1 ? 1 : f32(-1 + f32(2 / (nx - 1)) * i),
          v = j === ny - 1 ? 10 : f32(-10 + f32(20 / (ny - 1)) * j);
        // hoisted 1/y and skipped power-of-two scaling: a few float roundings of ~1-size terms
        assert.ok(
          Math.abs(out[j * nx + i] - one(x, v)) <= 1e-5 * (1 + Math.abs(one(x, v))),
          `${inertializer}/${measure} at ${i},${j}`,
        );
      }
  }
  assert.throws(() => sprung.transitionCostLandscape(4, 4, 0, 1, 0, 1, { measure: 'nope' }), /measure/);
  assert.throws(() => sprung.transitionCostLandscape(4, 4, 0, 1, 0, 1, {}, new Float32Array(3)), /out/);
});

test('feature database: Euclidean search ranks by the approximate cost', () => {
  const rows = 300,
    dims = 6,
    pos = new Float32Array(rows * dims),
    vel = new Float32Array(rows * dims);
  for (let i = 0; i < pos.length; i++) {
    pos[i] = Math.random() * 2 - 1;
    vel[i] = Math.random() * 10 - 5;
  }
  for (const inertializer of ['spring', 'cubic', 'quintic', 'deadBlending']) {
    const db = new sprung.FeatureDatabase(rows, dims).build(inertializer, pos, vel, 0.15, 0.3);
    const qp = new Float32Array(dims).map(() => Math.random() * 2 - 1),
      qv = new Float32Array(dims).map(() => Math.random() * 10 - 5);
    const q = sprung.inertializationFeatures(inertializer, qp, qv, 1, dims, 0.15, 0.3);
    const approx = {
      spring: (x, v) => sprung.decaySpringDamperDisplacementApprox(x, v, 0.15),
      cubic: (x, v) => sprung.decayCubicDisplacementApprox(x, v, 0.3),
      quintic: (x, v) => sprung.decayQuinticDisplacementApprox(x, v, 0.3),
      deadBlending: (x, v) => sprung.deadBlendingDisplacementApprox(x, v, 0.15, 0.3),
    }[inertializer];
    let best = -1,
      bestC = Infinity;
    for (let r = 0; r < rows; r++) {
      let c = 0;
      for (let d = 0; d < dims; d++)
        c += approx(f32(qp[d] - pos[r * dims + d]), f32(qv[d] - vel[r * dims + d])) ** 2;
      if (c < bestC) {
        bestC = c;
        best = r;
      }
    }
    const res = db.search(q);
    assert.equal(res.index, best, inertializer);
    assert.ok(Math.abs(res.cost - Math.sqrt(bestC)) <= 1e-5 * (1 + Math.sqrt(bestC)));
    db.dispose();
    assert.throws(() => db.search(q), /after dispose/);
  }
});

const near = (got, want, what) =>
  assert.ok(Math.abs(got - want) <= 2e-6 * Math.max(1, Math.abs(want)), `${what}: ${got} vs ${want}`);

/** ∫0^∞ |e^(−yt)·(x + (v + x·y)·t)| dt by the midpoint rule over 40 time constants. */
function springDisplacement(x, v, halflife) {
  const y = (2 * Math.LN2) / halflife,
    T = 40 / y,
    n = 400000,
    h = T / n;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) * h;
    s += Math.abs(Math.exp(-y * t) * (x + (v + x * y) * t));
  }
  return s * h;
}

test('transitionCost: exact = quadrature of |offset|, approx = |2xy + v|/y², error = their difference, basic = |x| + w|v|', () => {
  const h = 0.15,
    y = (2 * Math.LN2) / h;
  for (const [x, v] of [
    [0.6, -6],
    [0.6, 2],
    [-0.3, 4],
    [1, 0],
    [0, 1],
  ]) {
    const exact = sprung.transitionCost(x, v, { halflife: h });
    // the midpoint rule on 400k steps is accurate to ~1e-9 here; float results to ~1e-6 relative
    near(exact, springDisplacement(x, v, h), `exact (${x}, ${v})`);
    const approx = sprung.transitionCost(x, v, { halflife: h, measure: 'approx' });
    near(approx, Math.abs(2 * x * y + v) / (y * y), `approx (${x}, ${v})`);
    near(
      sprung.transitionCost(x, v, { halflife: h, measure: 'error' }),
      exact - approx,
      `error (${x}, ${v})`,
    );
    near(
      sprung.transitionCost(x, v, { measure: 'basic', weight: 0.5 }),
      Math.abs(x) + 0.5 * Math.abs(v),
      `basic (${x}, ${v})`,
    );
  }
  assert.throws(
    () => sprung.transitionCost(1, 0, { measure: 'nope' }),
    /sprung\.transitionCost: options\.measure/,
  );
  assert.throws(() => sprung.transitionCost(NaN, 0), /sprung\.transitionCost: x/);
});

test('inertializationFeatureCoefficients: cp·x + cv·v is the signed area under the offset (Simpson here)', () => {
  // the offset of each inertializer is linear in (x, v): its signed area is cp·x + cv·v, with cp
  // the area from (1, 0) and cv from (0, 1)
  const area = (f, T, n = 20000) => {
    const h = T / n;
    let s = f(0) + f(T);
    for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * f(i * h);
    return (s * h) / 3;
  };
  for (const [kind, name] of [
    ['spring', 'spring'],
    ['cubic', 'cubic'],
    ['dead', 'deadBlending'],
  ])
    for (const [h, z] of [
      [0.15, 0.3],
      [0.05, 1.2],
      [2, 0.1],
    ]) {
      const [cp, cv] = sprung.inertializationFeatureCoefficients(name, h, z);
      const [fx, T] = offsets[kind](1, 0, f32(h), f32(z)),
        [fv] = offsets[kind](0, 1, f32(h), f32(z));
      const wantP = area(fx, T),
        wantV = area(fv, T);
      assert.ok(
        Math.abs(cp - wantP) <= 1e-6 * Math.max(1, Math.abs(wantP)),
        `${name} ${h} ${z}: cp ${cp} vs ${wantP}`,
      );
      assert.ok(
        Math.abs(cv - wantV) <= 1e-6 * Math.max(1, Math.abs(wantV)),
        `${name} ${h} ${z}: cv ${cv} vs ${wantV}`,
      );
    }
});
