// motion_matching.test.mjs — MotionDatabase against oracles that share no code with it:
// - search exactness: every mode (scan, boxes, auto, searchBest, MotionSearchBatch) finds the
//   frames and costs of a brute-force scan written here in float arithmetic (Math.fround after
//   every operation, the header's order), on unstructured random features and on structured
//   clips, with tag masks, bias and exclusions, over thousands of random queries;
// - features: bone positions and velocities in character space, trajectories (clamped, and
//   through loops) from forward kinematics written here in double; the inertialization feature
//   from the article's formula; the distance between two frames' features against the
//   library's approximate transition cost of that switch; the normalisation from its
//   definition;
// - bad input: a clip shorter than the trajectory's horizon, bone counts that do not fit, NaN,
//   no clips, a mask that excludes everything — errors naming the argument, or −1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { wasm } from '../../dist/wasm.js';
import { BIPED, FEATURES_27, locomotion, random, runReadmeExample, walk } from './motion_fixtures.mjs';

await sp.init();
const f32 = Math.fround;
const BONES = BIPED.parents.length;

// ---- oracles ---------------------------------------------------------------------------------

/** q·v for q = [x, y, z, w], in double. */
function rotate(q, v) {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]),
    ty = 2 * (z * v[0] - x * v[2]),
    tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + y * tz - z * ty, v[1] + w * ty + z * tx - x * tz, v[2] + w * tz + x * ty - y * tx];
}
const mul = (a, b) => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const conj = (q) => [-q[0], -q[1], -q[2], q[3]];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const add = (a, b) => a.map((x, i) => x + b[i]);
const sub = (a, b) => a.map((x, i) => x - b[i]);
const scale = (a, s) => a.map((x) => x * s);

/** World transforms of every bone of one pose, top-down in double: [position, velocity, rotation, angular velocity]. */
function forward(poses, f, parents) {
  const n = parents.length,
    o = 13 * n * f;
  const get = (k, b, m) => Array.from(poses.subarray(o + k * n + m * b, o + k * n + m * b + m));
  const out = [];
  for (let b = 0; b < n; b++) {
    const p = get(0, b, 3),
      v = get(3, b, 3),
      q = get(6, b, 4),
      w = get(10, b, 3);
    if (parents[b] < 0) {
      out.push({ p, v, q, w });
      continue;
    }
    const P = out[parents[b]];
    const rp = rotate(P.q, p);
    out.push({
      p: add(P.p, rp),
      v: add(add(P.v, rotate(P.q, v)), cross(P.w, rp)),
      q: mul(P.q, q),
      w: add(P.w, rotate(P.q, w)),
    });
  }
  return out;
}

/** The root of frame f of a clip of `frames` frames `ahead` frames on: clamped, or through the
 *  loop (the first frame moved to where the last one's root is one frame later). */
function rootAhead(poses, frames, f, ahead, loop, dt) {
  const n = BONES;
  const root = (g) => ({
    p: Array.from(poses.subarray(13 * n * g, 13 * n * g + 3)),
    q: Array.from(poses.subarray(13 * n * g + 6 * n, 13 * n * g + 6 * n + 4)),
  });
  if (!loop) return root(Math.min(f + ahead, frames - 1));
  const t = f + ahead,
    laps = Math.floor(t / frames);
  let r = root(t % frames);
  if (laps === 0) return r;
  const first = root(0),
    last = root(frames - 1);
  const o = 13 * n * (frames - 1);
  const v = Array.from(poses.subarray(o + 3 * n, o + 3 * n + 3)),
    w = Array.from(poses.subarray(o + 10 * n, o + 10 * n + 3));
  const angle = Math.hypot(...w) * dt,
    axis = angle > 0 ? scale(w, dt / angle) : [0, 0, 0];
  const step = [...scale(axis, Math.sin(angle / 2)), Math.cos(angle / 2)];
  const endQ = mul(step, last.q),
    endP = add(last.p, scale(v, dt));
  const R = mul(endQ, conj(first.q));
  for (let k = 0; k < laps; k++) r = { p: add(rotate(R, sub(r.p, first.p)), endP), q: mul(R, r.q) };
  return r;
}

/** The article's feature coefficients: spring 2/y and 1/y² (y = 2 ln2 / halflife); cubic z/2
 *  and z²/12; quintic z/2 and z²/10 (z the blend time). */
function coefficients(inertializer, halflife, blendtime) {
  if (inertializer === 'spring') {
    const y = (2 * Math.LN2) / halflife;
    return [2 / y, 1 / (y * y)];
  }
  return [blendtime / 2, (blendtime * blendtime) / (inertializer === 'cubic' ? 12 : 10)];
}

/** The features of one clip from the definitions, in double. */
function oracleFeatures(poses, frames, features, { loop = false, rate = 60 } = {}) {
  const names = BIPED.names,
    out = [];
  for (let f = 0; f < frames; f++) {
    const world = forward(poses, f, BIPED.parents);
    const root = world[0],
      inv = conj(root.q);
    const row = [];
    for (const d of features) {
      if (d.type === 'trajectoryPosition' || d.type === 'trajectoryDirection')
        for (const ahead of d.frames) {
          const r = rootAhead(poses, frames, f, ahead, loop, 1 / rate);
          const x =
            d.type === 'trajectoryPosition'
              ? rotate(inv, sub(r.p, root.p))
              : rotate(inv, rotate(r.q, [0, 0, 1]));
          row.push(x[0], x[2]);
        }
      else {
        const b = typeof d.bone === 'string' ? names.indexOf(d.bone) : d.bone;
        const p = rotate(inv, sub(world[b].p, root.p)),
          v = rotate(inv, world[b].v);
        if (d.type === 'position') row.push(...p);
        else if (d.type === 'velocity') row.push(...v);
        else {
          const [cp, cv] = coefficients(d.inertializer ?? 'spring', d.halflife ?? 0.1, d.blendtime ?? 0.2);
          row.push(...p.map((x, i) => cp * x + cv * v[i]));
        }
      }
    }
    out.push(row);
  }
  return out;
}

/** A cost beyond float range counts as the largest float (the search's rule: frames still rank). */
const saturate = (c) => Math.min(c, 3.4028234663852886e38);

/** The brute-force search: every candidate's cost in float (normalised query, then the
 *  squared differences summed in dimension order, then the bias), sorted; the first k. */
function brute(db, query, k, o = {}) {
  const dims = db.dims,
    off = db.featureOffsets.slice(),
    sc = db.featureScales.slice();
  const q = Array.from({ length: dims }, (_, j) => (sc[j] === 0 ? 0 : f32(f32(query[j] - off[j]) / sc[j])));
  const third = Math.round(db.frameRate / 3);
  const excludeEnd = o.excludeEnd ?? third,
    excludeNear = o.excludeNear ?? third,
    req = o.requireTags ?? 0,
    exc = o.excludeTags ?? 0,
    bias = f32(o.bias ?? 0); // the C function takes a float
  const ranges = db.ranges;
  const cur = o.current ?? -1;
  const cr = ranges.findIndex((r) => cur >= r.start && cur < r.stop);
  const found = [];
  const cost = (i) => {
    const f = db.normalizedFeatures(i);
    let c = 0;
    for (let j = 0; j < dims; j++) {
      const e = f32(q[j] - f[j]);
      c = f32(c + f32(e * e));
    }
    return saturate(c);
  };
  const passes = (i) => (db.tags(i) & req) === req && (db.tags(i) & exc) === 0;
  ranges.forEach((r, ri) => {
    for (let i = r.start; i < r.stop; i++) {
      if (!passes(i)) continue;
      if (i === cur) {
        found.push({ i, c: cost(i), current: true });
        continue;
      }
      if (!r.loop && i >= r.stop - excludeEnd) continue;
      if (ri === cr) {
        let d = Math.abs(i - cur);
        if (r.loop) d = Math.min(d, r.stop - r.start - d);
        if (d < excludeNear) continue;
      }
      const c = cost(i);
      found.push({ i, c: cr >= 0 && ri !== cr ? saturate(f32(c + bias)) : c, current: false });
    }
  });
  found.sort((a, b) => a.c - b.c || (b.current ? 1 : 0) - (a.current ? 1 : 0) || a.i - b.i);
  return found.filter((x) => x.c < Infinity).slice(0, k);
}

// ---- databases --------------------------------------------------------------------------------

/** Clips whose bones move at random every frame (unstructured features), one of them looping. */
function noise({ clips = 6, frames = 400, seed = 9 } = {}) {
  const rnd = random(seed);
  const out = [];
  for (let c = 0; c < clips; c++) {
    const poses = new Float32Array(frames * 13 * BONES);
    for (let f = 0; f < frames; f++) {
      const p = poses.subarray(f * 13 * BONES, (f + 1) * 13 * BONES);
      for (let k = 0; k < 6 * BONES; k++) p[k] = rnd() * 2 - 1;
      for (let b = 0; b < BONES; b++) {
        const q = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5],
          l = Math.hypot(...q);
        p.set(
          q.map((x) => x / l),
          6 * BONES + 4 * b,
        );
        for (let k = 0; k < 3; k++) p[10 * BONES + 3 * b + k] = rnd() * 4 - 2;
      }
    }
    const tags = Uint32Array.from({ length: frames }, () => Math.floor(rnd() * 8));
    out.push({ name: `noise ${c}`, poses, loop: c === 2, tags });
  }
  return { skeleton: { parents: BIPED.parents, names: BIPED.names }, frameRate: 60, clips: out };
}

const structured = locomotion({ seconds: 100, seed: 5 });
structured.clips[1].loop = true; // a looping clip among them
for (const c of structured.clips) c.tags = Uint32Array.from(c.tags, (t, i) => t | ((i >> 5) & 1 ? 4 : 0));

// ---- exactness -----------------------------------------------------------------------------

/** Random search options, a quarter of them with a mask that excludes most frames. */
function randomOptions(db, rnd) {
  const o = {};
  if (rnd() < 0.7) o.current = Math.floor(rnd() * db.frames);
  if (rnd() < 0.3) o.requireTags = 1 + Math.floor(rnd() * 4);
  if (rnd() < 0.3) o.excludeTags = 1 + Math.floor(rnd() * 4);
  if (rnd() < 0.5) o.bias = rnd() * 2;
  if (rnd() < 0.5) o.excludeEnd = Math.floor(rnd() * 40);
  if (rnd() < 0.5) o.excludeNear = Math.floor(rnd() * 40);
  return o;
}

/** A query: a frame's features moved a little, or anywhere. */
function randomQuery(db, rnd) {
  const q = db.features(Math.floor(rnd() * db.frames));
  const spread = rnd() < 0.2 ? 3 : rnd() < 0.5 ? 0 : 0.05;
  const sc = db.featureScales;
  for (let j = 0; j < q.length; j++) q[j] += (rnd() * 2 - 1) * spread * (sc[j] || 1);
  return q;
}

for (const [name, data, features] of [
  ['unstructured random features', noise(), FEATURES_27],
  ['structured clips', structured, FEATURES_27],
]) {
  test(`every search mode finds the brute-force frames and costs: ${name}`, () => {
    const db = new sp.MotionDatabase(data, { features });
    const rnd = random(77);
    const N = 1000;
    let compared = 0,
      none = 0;
    for (let t = 0; t < N; t++) {
      const q = randomQuery(db, rnd),
        o = randomOptions(db, rnd);
      const want = brute(db, q, 5, o);
      if (want.length === 0) none++;
      for (const mode of ['scan', 'boxes', 'auto']) {
        const r = db.search(q, { ...o, mode });
        assert.equal(r.frame, want[0]?.i ?? -1, `query ${t}, ${mode}: frame`);
        assert.equal(r.cost, want[0]?.c ?? Infinity, `query ${t}, ${mode}: cost`);
        compared++;
      }
      const k = 1 + (t % 5),
        best = db.searchBest(q, k, { ...o, mode: ['scan', 'boxes', 'auto'][t % 3] });
      for (let s = 0; s < k; s++) {
        assert.equal(best.frames[s], want[s]?.i ?? -1, `query ${t}, searchBest k = ${k}: frame ${s}`);
        assert.equal(best.costs[s], want[s]?.c ?? Infinity, `query ${t}, searchBest: cost ${s}`);
      }
    }
    assert.ok(compared === 3 * N && none < N / 4, `${none} queries had no candidate`);
    db.dispose();
  });

  test(`the batch search finds what each query's single search finds: ${name}`, () => {
    const db = new sp.MotionDatabase(data, { features });
    const rnd = random(78);
    const N = 1000,
      batch = new sp.MotionSearchBatch(db, N, 2);
    const singles = [];
    for (let i = 0; i < N; i++) {
      const q = randomQuery(db, rnd),
        o = randomOptions(db, rnd);
      batch.queries.set(q, i * db.dims);
      batch.currents[i] = o.current ?? -1;
      batch.tags[2 * i] = o.requireTags ?? 0;
      batch.tags[2 * i + 1] = o.excludeTags ?? 0;
      singles.push({ q, o });
    }
    const shared = { bias: 0.3, excludeEnd: 15, excludeNear: 25 };
    batch.search({ ...shared, mode: 'auto' });
    singles.forEach(({ q, o }, i) => {
      const want = brute(db, q, 2, { ...o, ...shared });
      for (let s = 0; s < 2; s++) {
        assert.equal(batch.frames[2 * i + s], want[s]?.i ?? -1, `query ${i}: frame ${s}`);
        assert.equal(batch.costs[2 * i + s], want[s]?.c ?? Infinity, `query ${i}: cost ${s}`);
      }
    });
    // only the first `count` queries are searched
    batch.frames.fill(-7);
    batch.search(shared, 3);
    assert.ok(
      batch.frames.slice(0, 6).every((f) => f !== -7) && batch.frames.slice(6).every((f) => f === -7),
    );
    batch.dispose();
    db.dispose();
  });
}

test('ties: duplicated frames are found in frame order, the current frame first', () => {
  const one = walk({ frames: 200, speed: 1.2 });
  const data = {
    skeleton: { parents: BIPED.parents, names: BIPED.names },
    frameRate: 60,
    clips: [
      { name: 'a', poses: one.poses },
      { name: 'b', poses: one.poses.slice() },
    ],
  };
  const db = new sp.MotionDatabase(data, { features: FEATURES_27 });
  for (const f of [10, 55, 120]) {
    const q = db.normalizedFeatures(f).map((x, j) => x * db.featureScales[j] + db.featureOffsets[j]);
    const best = db.searchBest(q, 2, { excludeNear: 0 });
    assert.deepEqual(Array.from(best.frames), [f, f + 200], `frame ${f} and its copy, in frame order`);
    assert.equal(best.costs[0], best.costs[1]);
    assert.equal(
      db.search(q, { current: f + 200, excludeNear: 0 }).frame,
      f + 200,
      'the current frame wins its tie',
    );
  }
  db.dispose();
});

test('costs beyond float range still rank: the largest weights and far queries find the brute-force frames', () => {
  // Every weight at the largest allowed: the costs between the database's own frames stay
  // finite, so a frame's own features find it; a query a million deviations out saturates
  // every cost at the largest float, and the first candidate in frame order is found (the
  // current frame first), not −1.
  const features = FEATURES_27.map((f) => ({ ...f, weight: 1e9 }));
  const db = new sp.MotionDatabase(structured, { features });
  const rnd = random(31);
  for (let t = 0; t < 200; t++) {
    const q = randomQuery(db, rnd),
      o = randomOptions(db, rnd);
    if (t % 4 === 0) for (let j = 0; j < q.length; j++) q[j] = 1e30 * (j % 2 ? 1 : -1);
    const want = brute(db, q, 3, o);
    for (const mode of ['scan', 'boxes', 'auto']) {
      const r = db.searchBest(q, 3, { ...o, mode });
      for (let s = 0; s < 3; s++) {
        assert.equal(r.frames[s], want[s]?.i ?? -1, `query ${t}, ${mode}: frame ${s}`);
        assert.equal(r.costs[s], want[s]?.c ?? Infinity, `query ${t}, ${mode}: cost ${s}`);
      }
    }
    if (t % 4 === 0 && !o.requireTags && !o.excludeTags)
      assert.equal(want[0].c, 3.4028234663852886e38, `query ${t}: every cost saturates`);
  }
  const own = db.features(500);
  assert.equal(db.search(own, { excludeNear: 0 }).frame, 500, "a frame's own features find it at weight 1e9");
  db.dispose();
  // beyond 1e9 a weight is refused, naming it (1e38 made every cost +Inf and the search find nothing)
  assert.throws(
    () =>
      new sp.MotionDatabase(structured, {
        features: features.map((f, i) => (i === 3 ? { ...f, weight: 1e38 } : f)),
      }),
    (e) =>
      e instanceof RangeError && /options\.features\[3\]\.weight must be at most 1000000000/.test(e.message),
  );
});

test('groupCosts checks out; a frame rate of 6.5e9 searches with its default exclusions; inherited options are not read', () => {
  const db = new sp.MotionDatabase(structured, { features: FEATURES_27 });
  const q = db.features(300);
  const want = db.groupCosts(q, 310),
    groups = want.length;
  assert.equal(groups, FEATURES_27.length, 'one cost a declared feature group');
  const into = new Array(groups).fill(0);
  assert.equal(db.groupCosts(q, 310, into), into);
  assert.deepEqual(into, Array.from(want));
  for (const [out, re] of [
    [
      new Float64Array(1),
      /^RangeError: sprung\.MotionDatabase\.groupCosts: out must hold the 7 feature groups' costs, got 1 elements$/,
    ],
    [5, /^TypeError: sprung\.MotionDatabase\.groupCosts: out must be an array of numbers, got 5$/],
    [
      Object.freeze(new Array(groups).fill(0)),
      /^TypeError: sprung\.MotionDatabase\.groupCosts: out must be writable, got a frozen array$/,
    ],
  ])
    assert.throws(() => db.groupCosts(q, 310, out), re);
  // inherited search options (Object.prototype polluted) are not read: the same frames and costs
  const options = [{}, { current: 310 }, { current: 100, excludeNear: 5 }];
  const clean = options.map((o) => db.search(q, o));
  const polluted = {
    bias: 1e6,
    excludeTags: -1,
    requireTags: 1 << 29,
    excludeNear: 1e6,
    current: 5,
    mode: 'scan',
  };
  Object.assign(Object.prototype, polluted);
  try {
    assert.deepEqual(
      options.map((o) => db.search(q, o)),
      clean,
    );
  } finally {
    for (const k of Object.keys(polluted)) delete Object.prototype[k];
  }
  db.dispose();
  // nor the database's own options: mirror and contactBones from the prototype add nothing
  Object.assign(Object.prototype, { mirror: true, contactBones: ['leftFoot'] });
  let plain;
  try {
    plain = new sp.MotionDatabase(structured, { features: FEATURES_27 });
  } finally {
    delete Object.prototype.mirror;
    delete Object.prototype.contactBones;
  }
  assert.equal(
    plain.frames,
    structured.clips.reduce((n, c) => n + c.poses.length / (13 * BONES), 0),
  );
  assert.equal(plain.contactBones.length, 0);
  plain.dispose();
  // a frame rate of 6.5e9 Hz: the default exclusions (a third of a second) are capped to what
  // C's int holds, not an error naming options.excludeEnd, which the caller never passed
  const fast = new sp.MotionDatabase(
    { ...structured, frameRate: 6.5e9 },
    { features: FEATURES_27.slice(0, 4) },
  );
  const r = fast.search(fast.features(50));
  assert.ok(r.frame >= 0 && Number.isFinite(r.cost));
  fast.dispose();
});

// ---- features ---------------------------------------------------------------------------------

test('features against forward kinematics written here: positions, velocities, trajectories, the inertialization feature', () => {
  const features = [
    { type: 'position', bone: 'leftFoot' },
    { type: 'velocity', bone: 'rightFoot' },
    { type: 'position', bone: 'spine' },
    { type: 'trajectoryPosition', frames: [0, 20, 40, 60, 250] },
    { type: 'trajectoryDirection', frames: [20, 60, 250] },
    { type: 'inertialization', bone: 'leftFoot', halflife: 0.15 },
    { type: 'inertialization', bone: 'rightLeg', inertializer: 'cubic', blendtime: 0.3 },
    { type: 'inertialization', bone: 'hips', inertializer: 'quintic', blendtime: 0.25 },
  ];
  const clips = [
    walk({ frames: 300, speed: 1.6, turn: 0.7, wobble: 0.3 }),
    walk({ frames: 200, speed: 3, accel: -0.4, turn: -0.2, psi0: 2 }),
  ];
  const data = {
    skeleton: { parents: BIPED.parents, names: BIPED.names },
    frameRate: 60,
    clips: clips.map((c, i) => ({ name: `c${i}`, poses: c.poses, loop: i === 1 })),
  };
  const db = new sp.MotionDatabase(data, { features });
  let worst = 0,
    checked = 0;
  data.clips.forEach((clip, ci) => {
    const frames = clip.poses.length / (13 * BONES);
    const want = oracleFeatures(clip.poses, frames, features, { loop: clip.loop });
    const start = db.ranges[ci].start;
    for (let f = 0; f < frames; f++) {
      const stored = db.features(start + f);
      for (let j = 0; j < db.dims; j++) {
        const w = want[f][j],
          e = Math.abs(stored[j] - w);
        assert.ok(
          e <= 2e-5 * Math.max(1, Math.abs(w)),
          `clip ${ci} frame ${f} float ${j}: ${stored[j]}, want ${w}`,
        );
        worst = Math.max(worst, e / Math.max(1, Math.abs(w)));
        checked++;
      }
    }
  });
  assert.ok(checked > 10000);
  console.log(`# features: ${checked} floats, worst relative error ${worst.toExponential(2)}`);
  db.dispose();
});

test("the distance between two frames' inertialization features is the library's approximate transition cost of that switch", () => {
  const halflife = 0.12;
  const data = locomotion({ seconds: 30, seed: 8 });
  const features = [{ type: 'inertialization', bone: 'leftFoot', halflife }];
  const db = new sp.MotionDatabase(data, { features });
  const rnd = random(4);
  const clipOf = (i) => {
    const r = db.rangeOf(i);
    return { poses: data.clips[db.ranges.findIndex((x) => x.start === r.start)].poses, f: i - r.start };
  };
  for (let t = 0; t < 300; t++) {
    const [i, j] = [Math.floor(rnd() * db.frames), Math.floor(rnd() * db.frames)];
    const fi = db.features(i),
      fj = db.features(j);
    const distance = Math.hypot(...fi.map((x, k) => x - fj[k]));
    // the offsets of the switch from i to j: foot position and velocity in character space
    const state = (k) => {
      const { poses, f } = clipOf(k);
      const w = forward(poses, f, BIPED.parents),
        inv = conj(w[0].q);
      return { p: rotate(inv, sub(w[4].p, w[0].p)), v: rotate(inv, w[4].v) };
    };
    const a = state(i),
      b = state(j);
    const costs = [0, 1, 2].map((k) =>
      sp.transitionCost(a.p[k] - b.p[k], a.v[k] - b.v[k], {
        inertializer: 'spring',
        measure: 'approx',
        halflife,
      }),
    );
    const want = Math.hypot(...costs);
    assert.ok(
      Math.abs(distance - want) <= 1e-5 * Math.max(1, want),
      `frames ${i} → ${j}: ${distance}, want ${want}`,
    );
  }
  db.dispose();
});

test('normalisation: offsets are the means, scales each group’s deviation (the mean of its floats’) over the weight', () => {
  const data = locomotion({ seconds: 20, seed: 2 });
  const features = [
    { type: 'position', bone: 'leftFoot', weight: 0.5 },
    { type: 'trajectoryPosition', frames: [20, 40], weight: 2 },
    { type: 'velocity', bone: 'hips', weight: 0 },
  ];
  const db = new sp.MotionDatabase(data, { features });
  const rows = data.clips.flatMap((c) => oracleFeatures(c.poses, c.poses.length / (13 * BONES), features));
  const mean = (j) => rows.reduce((s, r) => s + r[j], 0) / rows.length;
  const sd = (j) => Math.sqrt(rows.reduce((s, r) => s + (r[j] - mean(j)) ** 2, 0) / rows.length);
  const groups = [
    [0, 3, 0.5],
    [3, 7, 2],
  ];
  for (const [a, b, w] of groups) {
    let s = 0;
    for (let j = a; j < b; j++) s += sd(j) / (b - a);
    for (let j = a; j < b; j++) {
      assert.ok(
        Math.abs(db.featureOffsets[j] - mean(j)) <= 2e-5 * Math.max(1, Math.abs(mean(j))),
        `offset ${j}`,
      );
      assert.ok(
        Math.abs(db.featureScales[j] - s / w) <= 2e-5 * (s / w),
        `scale ${j}: ${db.featureScales[j]}, want ${s / w}`,
      );
    }
  }
  for (let j = 7; j < 10; j++) {
    assert.equal(db.featureScales[j], 0, 'weight 0: the float counts for nothing');
    assert.equal(db.normalizedFeatures(5)[j], 0);
  }
  db.dispose();
});

test('mirroring: a mirrored frame is its clip’s frame reflected left ↔ right, with its contacts swapped', () => {
  const data = locomotion({ seconds: 12, seed: 6 });
  const db = new sp.MotionDatabase(data, {
    features: FEATURES_27,
    contactBones: ['leftFoot', 'rightFoot'],
    mirror: true,
  });
  const half = db.frames / 2;
  assert.equal(db.ranges.length, 2 * data.clips.length);
  assert.ok(db.ranges[data.clips.length].mirrored && db.ranges[data.clips.length].start === half);
  for (const f of [0, 77, half - 1]) {
    const a = forward(db.pose(f), 0, BIPED.parents),
      b = forward(db.pose(half + f), 0, BIPED.parents);
    for (let bone = 0; bone < BONES; bone++) {
      const m = BIPED.mirror[bone];
      const [x, y, z] = b[bone].p,
        want = a[m].p;
      assert.ok(
        Math.abs(x + want[0]) < 1e-5 && Math.abs(y - want[1]) < 1e-5 && Math.abs(z - want[2]) < 1e-5,
        `bone ${bone}`,
      );
    }
    assert.equal(db.contact(half + f, 0), db.contact(f, 1));
    assert.equal(db.contact(half + f, 1), db.contact(f, 0));
    assert.equal(db.tags(half + f), db.tags(f));
  }
  db.dispose();
});

test('Skeleton: forward kinematics against the double one written here; the two-bone IK reaches its target', () => {
  const { poses } = walk({ frames: 30, speed: 2, turn: 0.5 });
  const sk = new sp.Skeleton(BIPED.parents);
  for (const f of [0, 13, 29]) {
    const pose = poses.subarray(13 * BONES * f, 13 * BONES * (f + 1));
    sk.forwardKinematics(pose);
    const want = forward(poses, f, BIPED.parents);
    for (let b = 0; b < BONES; b++)
      for (let k = 0; k < 3; k++) {
        assert.ok(Math.abs(sk.positions[3 * b + k] - want[b].p[k]) < 1e-5, `position ${b}`);
        assert.ok(Math.abs(sk.velocities[3 * b + k] - want[b].v[k]) < 1e-4, `velocity ${b}`);
        assert.ok(Math.abs(sk.angularVelocities[3 * b + k] - want[b].w[k]) < 1e-4, `angular velocity ${b}`);
      }
    const foot = forward(poses, f, BIPED.parents)[4].p;
    const target = { x: foot[0] + 0.05, y: foot[1] + 0.12, z: foot[2] - 0.04 };
    const moved = sk.ikTwoBone(pose.slice(), 4, target, { x: 0, y: 0, z: 1 }, 0);
    const after = forward(moved, 0, BIPED.parents);
    assert.ok(
      Math.hypot(...sub(after[4].p, [target.x, target.y, target.z])) < 1e-5,
      'the foot reaches the target',
    );
    assert.ok(Math.hypot(...sub(after[2].p, forward(poses, f, BIPED.parents)[2].p)) < 1e-6, 'the hip stays');
  }
  assert.throws(
    () => sk.ikTwoBone(new Float32Array(13 * BONES), BONES, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 1 }, 0),
    /sprung\.Skeleton\.ikTwoBone: bone must be an integer in \[0, 8\]/,
  );
  sk.dispose();
});

test("Skeleton.hingeAxis: a knee's own axis, and the pole it gives points where the knee bends", () => {
  const { poses } = walk({ frames: 30, speed: 2, turn: 0.5 });
  const sk = new sp.Skeleton(BIPED.parents);
  for (const ankle of [4, 7]) {
    const knee = BIPED.parents[ankle],
      hip = BIPED.parents[knee];
    const axis = sk.hingeAxis(poses, ankle);
    let bent = 0;
    for (let f = 0; f < 30; f++) {
      // the knee's local rotation turns about its hinge: the axis is that rotation's, up to its sign
      const o = 13 * BONES * f + 6 * BONES + 4 * knee,
        q = poses.subarray(o, o + 4),
        s = Math.hypot(q[0], q[1], q[2]);
      if (s < 0.02) continue; // within about 2° of straight: no axis to read
      bent++;
      assert.ok(
        Math.abs(Math.abs(axis.x * q[0] + axis.y * q[1] + axis.z * q[2]) / s - 1) < 1e-6,
        `frame ${f}`,
      );
      // the pole, (knee's world rotation · axis) × (ankle − hip), points from the hip–ankle line to the knee
      const w = forward(poses, f, BIPED.parents);
      const [a, b, c] = [w[hip].p, w[knee].p, w[ankle].p];
      const pole = cross(rotate(w[knee].q, [axis.x, axis.y, axis.z]), sub(c, a));
      const toward = sub(b, a).reduce((sum, x, k) => sum + x * pole[k], 0);
      assert.ok(toward > 0, `frame ${f}: the pole points at the knee`);
    }
    assert.ok(bent >= 20, `${bent} bent frames`);
  }
  assert.equal(sk.hingeAxis(new Float32Array(13 * BONES), 4), null, 'a pose of zeros bends nothing');
  assert.throws(
    () => sk.hingeAxis(new Float32Array(13 * BONES + 1), 4),
    /sprung\.Skeleton\.hingeAxis: poses must hold whole poses of 13·bones = 117 floats, got 118 floats/,
  );
  sk.dispose();
});

// ---- bad input ---------------------------------------------------------------------------------

test('bad input: clear errors naming the argument, or −1 for a mask that excludes every frame', () => {
  const { poses } = walk({ frames: 120 });
  const skeleton = { parents: BIPED.parents, names: BIPED.names };
  const make = (clips, options = { features: FEATURES_27 }, more = {}) =>
    new sp.MotionDatabase({ skeleton, frameRate: 60, clips, ...more }, options);
  const err = (f, re) => assert.throws(f, re);
  // a clip shorter than the trajectory's horizon (60 frames ahead), unless it loops
  err(
    () => make([{ name: 'short', poses: poses.subarray(0, 13 * BONES * 60) }]),
    /sprung\.MotionDatabase: data\.clips\[0\]\.poses has 60 frames, no more than the trajectory's horizon of 60 frames ahead/,
  );
  make([{ name: 'short loop', poses: poses.subarray(0, 13 * BONES * 30), loop: true }]).dispose();
  // bone counts that do not fit
  err(
    () => make([{ name: 'a', poses: poses.subarray(0, 13 * BONES * 100 + 5) }]),
    /data\.clips\[0\]\.poses must hold whole frames of 13·bones = 117 floats \(the skeleton's 9 bones\), got 11705 floats/,
  );
  err(
    () => make([{ name: 'a', poses }], { features: [{ type: 'position', bone: 12 }] }),
    /options\.features\[0\]\.bone must be an integer in \[0, 8\], got 12/,
  );
  err(
    () => make([{ name: 'a', poses }], { features: [{ type: 'position', bone: 'tail' }] }),
    /options\.features\[0\]\.bone names no bone/,
  );
  err(
    () =>
      new sp.MotionDatabase(
        { skeleton: { parents: [-1, 0, 3] }, frameRate: 60, clips: [] },
        { features: FEATURES_27 },
      ),
    /data\.skeleton\.parents\[2\] must be an integer in \[0, 1\], got 3/,
  );
  err(
    () =>
      new sp.MotionDatabase(
        {
          skeleton: { parents: BIPED.parents, names: BIPED.names.slice(0, 8) },
          frameRate: 60,
          clips: [{ name: 'a', poses }],
        },
        { features: FEATURES_27 },
      ),
    /sprung\.MotionDatabase: data\.skeleton\.names must name each of the 9 bones of data\.skeleton\.parents, got 8 names/,
  );
  // NaN in the data
  const bad = poses.slice();
  bad[13 * BONES * 7 + 4] = NaN;
  err(
    () =>
      make([
        { name: 'a', poses },
        { name: 'b', poses: bad },
      ]),
    /data\.clips\[1\]\.poses\[823\] \(frame 7\) must be finite, got NaN/,
  );
  const skew = poses.slice();
  skew[6 * BONES] = 2;
  err(
    () => make([{ name: 'a', poses: skew }]),
    /data\.clips\[0\]\.poses: the rotation of bone 0 at frame 0 must be a unit quaternion/,
  );
  // no clips at all
  err(() => make([]), /data\.clips must be a non-empty array of clips/);
  err(() => make([{ name: 'a', poses }], { features: [] }), /options\.features must be a non-empty array/);
  err(
    () => make([{ name: 'a', poses }], { features: [{ type: 'speed' }] }),
    /options\.features\[0\]\.type must be one of/,
  );
  err(
    () => make([{ name: 'a', poses }], { features: [{ type: 'position', bone: 1, weight: -1 }] }),
    /options\.features\[0\]\.weight must be a finite number ≥ 0, got -1/,
  );
  err(
    () => make([{ name: 'a', poses, tags: [1, 2] }]),
    /data\.clips\[0\]\.tags must hold one bit mask per frame \(120\)/,
  );
  err(
    () => make([{ name: 'a', poses }], { features: FEATURES_27, contactBones: ['leftFoot'] }),
    /data\.clips\[0\]\.contacts must hold 1 per frame/,
  );
  err(
    () => make([{ name: 'a', poses }], { features: FEATURES_27, mirror: true }),
    /data\.mirror must map each of the 9 bones/,
  );
  err(
    () =>
      new sp.MotionDatabase(
        { skeleton, frameRate: 0, clips: [{ name: 'a', poses }] },
        { features: FEATURES_27 },
      ),
    /data\.frameRate must be a finite number > 0, got 0/,
  );
  const many = Array.from({ length: 30 }, () => ({ type: 'trajectoryPosition', frames: [1, 2, 3, 4, 5] }));
  err(
    () => make([{ name: 'a', poses }], { features: many }),
    /options\.features make 300 floats a frame, more than 256/,
  );
  // the searches
  const db = make([{ name: 'a', poses, tags: new Uint32Array(120).fill(1) }]);
  const q = db.features(10);
  assert.deepEqual(
    { ...db.search(q, { requireTags: 2 }) },
    { frame: -1, cost: Infinity },
    'a mask that excludes every frame: −1',
  );
  const best = db.searchBest(q, 3, { excludeTags: 1 });
  assert.deepEqual([...best.frames], [-1, -1, -1]);
  err(
    () => db.search(q.subarray(0, 5)),
    /sprung\.MotionDatabase\.search: query must have at least 27 elements, got 5/,
  );
  err(() => db.search(q, { current: 120 }), /options\.current must be an integer in \[-1, 119\], got 120/);
  err(() => db.search(q, { current: 2.5 }), /options\.current must be an integer/);
  err(() => db.search(q, { bias: -1 }), /options\.bias must be a finite number ≥ 0, got -1/);
  err(() => db.search(q, { mode: 'fast' }), /options\.mode must be one of 'scan', 'boxes', 'auto'/);
  err(() => db.searchBest(q, 0), /searchBest: k must be an integer ≥ 1, got 0/);
  err(() => db.searchBest(q, 65), /searchBest: k must be an integer in \[1, 64\], got 65/);
  const nan = q.slice();
  nan[3] = NaN;
  err(() => db.search(nan), /sprung\.MotionDatabase\.search: query\[3\] must be finite, got NaN/);
  err(() => db.groupCosts(nan, 5), /sprung\.MotionDatabase\.groupCosts: query\[3\] must be finite, got NaN/);
  // the batch does not check its queries (written every frame): a non-finite one finds −1, a
  // current outside the frames counts as none
  const batch = new sp.MotionSearchBatch(db, 4);
  for (let i = 0; i < 4; i++) batch.queries.set(q, i * db.dims);
  batch.queries[db.dims + 3] = NaN;
  batch.queries[2 * db.dims] = -Infinity;
  batch.currents.set([-1, -1, -1, 5000]);
  batch.search();
  const alone = db.search(q).frame;
  assert.deepEqual([...batch.frames], [alone, -1, -1, alone]);
  batch.currents[3] = -7;
  assert.equal(batch.search().frames[3], alone);
  batch.dispose();
  err(() => db.pose(120), /sprung\.MotionDatabase\.pose: frame must be an integer in \[0, 119\], got 120/);
  db.dispose();
  err(() => db.search(q), /sprung\.MotionDatabase\.search: used after dispose\(\)/);
  err(
    () => new sp.MotionSearchBatch(db, 3),
    /sprung\.MotionSearchBatch: database must be a MotionDatabase \(not disposed\)/,
  );
});

test("the README's motion-matching example runs as copied and prints what its comment says", async () => {
  const { readFileSync, writeFileSync, mkdirSync } = await import('node:fs');
  const { execFileSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const code = readme.match(/### Motion matching[\s\S]*?```js\n([\s\S]*?)```/)[1];
  // a file inside the package imports 'sprung' by its own name (package self-reference)
  const dir = new URL('../../build/readme/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('motion.mjs', dir), code);
  const printed = execFileSync(process.execPath, [fileURLToPath(new URL('motion.mjs', dir))], {
    encoding: 'utf8',
  }).trim();
  const claim = code.match(/console\.log\([^;]*\); \/\/ (.*)/)[1];
  assert.equal(printed, claim);
});

test("the README's motion-capture example runs as copied beside the CMU files and prints what its comment says", async () => {
  const { readFileSync } = await import('node:fs');
  const { printed, claim, dir } = runReadmeExample('From your own motion capture', 'mocap.mjs');
  assert.equal(printed, claim);
  // the claim against the files' headers
  const frames = ['01_01.bvh', '01_03.bvh'].map((f) => {
    const text = readFileSync(new URL(f, dir), 'utf8');
    return { n: +text.match(/Frames:\s*(\d+)/)[1], joints: text.match(/\b(ROOT|JOINT)\b/g).length };
  });
  const [count, bones, z] = claim.split(' ').map(Number);
  assert.equal(bones, frames[0].joints + 1, 'the joints and the simulation bone');
  // from the second frame at 120 Hz, every other one: 1 + ⌊(n − 2)/2⌋ frames at 60 Hz per take
  assert.equal(
    count,
    frames.reduce((a, { n }) => a + 1 + Math.floor((n - 2) / 2), 0),
  );
  // the character within the clamp radius (0.15 m) of the simulation object, which started at
  // rest toward 1.2 m/s with a critical velocity spring (halflife 0.27 s): after t = 5 s it is at
  // g·t − g·(2/y·(1 − e^(−yt)) − t·e^(−yt)), y = 2 ln 2 / halflife (5.533 m); printed to 0.05
  const g = 1.2,
    t = 5,
    y = (2 * Math.LN2) / 0.27;
  const simulation = g * t - g * ((2 / y) * (1 - Math.exp(-y * t)) - t * Math.exp(-y * t));
  assert.ok(Math.abs(z - simulation) <= 0.15 + 0.05, `${z} m, the simulation ${simulation} m`);
});

test("MotionSearchBatch's views: a view kept across a memory growth detaches, the getter's is live", () => {
  const db = new sp.MotionDatabase(structured, { features: FEATURES_27 });
  const batch = new sp.MotionSearchBatch(db, 4);
  const currents = batch.currents,
    frames = batch.frames;
  batch.currents.set([10, -1, 20, -1]);
  const grow = new sp.DamperExactBatch(wasm.memory.buffer.byteLength / 4); // more than is free: memory grows
  assert.equal(currents.length, 0, 'the view kept in a variable detached');
  assert.equal(frames.length, 0);
  assert.deepEqual([...batch.currents], [10, -1, 20, -1], 'the getter views the same memory again');
  for (let i = 0; i < 4; i++) batch.queries.set(db.features(100 + 50 * i), i * db.dims);
  batch.search({ excludeNear: 0 });
  assert.deepEqual([...batch.frames], [100, 150, 200, 250]);
  grow.dispose();
  batch.dispose();
  db.dispose();
});
