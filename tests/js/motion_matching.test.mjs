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
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/**
 * `make()`, worked out once per database and `key` (values compared by identity): a database
 * never changes once built, and the brute forces below read its every frame for every query.
 * Only what the brute forces read is kept (the same reads, once): their arithmetic is done
 * afresh for each query.
 */
const made = new WeakMap();
function once(db, key, make) {
  if (!made.has(db)) made.set(db, []);
  const list = made.get(db);
  const hit = list.find((e) => e.key.length === key.length && e.key.every((k, i) => k === key[i]));
  if (hit) return hit.value;
  const value = make();
  list.push({ key, value });
  return value;
}

/** The database's normalised features (frames·dims floats) and tags of every frame, read once. */
function frameTable(db) {
  return once(db, ['frames'], () => {
    const dims = db.dims,
      features = new Float32Array(db.frames * dims),
      tags = new Uint32Array(db.frames);
    for (let i = 0; i < db.frames; i++) {
      features.set(db.normalizedFeatures(i), i * dims);
      tags[i] = db.tags(i);
    }
    return { features, tags };
  });
}

/**
 * Every frame's rule factors for one kind of search, from the rules as declared (written here
 * from MotionRule's words): a rule covers frames [start, stop) of its clip (by name or index)
 * and of the clip's mirrored copy; multipliers multiply and additive costs add, in float (or
 * with `round` = the identity, in double), in the order of the rules; `when` picks the
 * searches. `clips` are the data's clips.
 */
function factors(db, rules, clips, forced, round = f32) {
  return once(db, [rules, clips, forced, round], () => factorsOf(db, rules, clips, forced, round));
}
function factorsOf(db, rules, clips, forced, round) {
  const n = db.frames,
    m = new Array(n).fill(1),
    a = new Array(n).fill(0),
    blocked = new Array(n).fill(false);
  db.ranges.forEach((range, r) => {
    const ci = r % clips.length;
    for (const rule of rules) {
      if ((rule.when ?? 'all') === (forced ? 'unforced' : 'forced')) continue;
      if (rule.clip !== ci && rule.clip !== clips[ci].name) continue;
      const start = rule.start ?? 0,
        stop = rule.stop ?? range.stop - range.start;
      for (let f = start; f < stop; f++) {
        const i = range.start + f,
          at = (v) => round(typeof v === 'object' ? v[f - start] : v);
        if (rule.multiplier !== undefined) m[i] = round(m[i] * at(rule.multiplier));
        if (rule.additive !== undefined) a[i] = round(a[i] + at(rule.additive));
        if (rule.block) blocked[i] = true;
      }
    }
  });
  return { m, a, blocked };
}

/** The brute-force search: every candidate's cost in float (normalised query, then the
 *  squared differences summed in dimension order, then the rules' multiplier and additive cost,
 *  then the bias), sorted; the first k. `o.rules` (with `o.clips`, the data's clips) are the
 *  database's rules as declared; a blocked frame is no candidate unless every frame from the
 *  current one to it is blocked, in the current frame's clip. */
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
  const { features, tags } = frameTable(db);
  const cost = (i) => {
    let c = 0;
    for (let j = 0; j < dims; j++) {
      const e = f32(q[j] - features[i * dims + j]);
      c = f32(c + f32(e * e));
    }
    return saturate(c);
  };
  const passes = (i) => (tags[i] & req) === req && (tags[i] & exc) === 0;
  const rules = o.rules ? factors(db, o.rules, o.clips, !!o.forced) : null;
  const ruled = (i) => {
    const c = cost(i);
    return rules ? saturate(f32(saturate(f32(rules.m[i] * c)) + rules.a[i])) : c;
  };
  const blocked = (i, r) => {
    if (!rules?.blocked[i]) return false;
    if (cur < r.start || cur >= r.stop) return true;
    for (let j = Math.min(i, cur); j <= Math.max(i, cur); j++) if (!rules.blocked[j]) return true;
    return false;
  };
  ranges.forEach((r, ri) => {
    for (let i = r.start; i < r.stop; i++) {
      if (!passes(i)) continue;
      if (i === cur) {
        found.push({ i, c: ruled(i), current: true });
        continue;
      }
      if (!r.loop && i >= r.stop - excludeEnd) continue;
      if (ri === cr) {
        let d = Math.abs(i - cur);
        if (r.loop) d = Math.min(d, r.stop - r.start - d);
        if (d < excludeNear) continue;
      }
      if (blocked(i, r)) continue;
      const c = ruled(i);
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

// ---- cost rules ---------------------------------------------------------------------------------

/** Random rules over `data`'s clips: multipliers, additive costs (some negative), per-frame
 *  arrays, blocked runs, over whole clips or ranges of them, each for all searches or for the
 *  forced or unforced ones, the clip by name or by index. */
function randomRules(data, rnd) {
  const rules = [];
  data.clips.forEach((c, ci) => {
    const frames = c.poses.length / (13 * BONES);
    for (let t = 1 + Math.floor(rnd() * 3); t > 0; t--) {
      const rule = { clip: rnd() < 0.5 ? c.name : ci };
      const when = ['all', 'unforced', 'forced', undefined][Math.floor(rnd() * 4)];
      if (when) rule.when = when;
      if (rnd() < 0.7) {
        rule.start = Math.floor(rnd() * frames * 0.8);
        rule.stop = rule.start + 1 + Math.floor(rnd() * (frames - rule.start - 1));
      }
      const len = (rule.stop ?? frames) - (rule.start ?? 0),
        kind = rnd();
      if (kind < 0.35)
        rule.multiplier = rnd() < 0.3 ? Float32Array.from({ length: len }, () => rnd() * 2) : 0.5 + rnd();
      else if (kind < 0.7)
        rule.additive = rnd() < 0.3 ? Array.from({ length: len }, () => rnd() * 2 - 1) : 4 * rnd() - 2;
      else rule.block = true;
      if (rnd() < 0.2) rule.additive ??= rnd() - 0.5;
      rules.push(rule);
    }
  });
  return rules;
}

/** A frame in a run of blocked frames, or −1: where a search may start inside a blocked clip. */
function blockedFrame(db, rules, clips, forced, rnd) {
  const { blocked } = factors(db, rules, clips, forced);
  const all = blocked.flatMap((b, i) => (b ? [i] : []));
  return all.length ? all[Math.floor(rnd() * all.length)] : -1;
}

for (const [name, data, mirror] of [
  ['unstructured random features', noise(), false],
  ['structured clips, mirrored', structured, true],
]) {
  test(`cost rules: every search mode, the batch and costBreakdown give the brute force's frames and costs, forced or not: ${name}`, () => {
    const rnd = random(91);
    const rules = randomRules(data, rnd);
    const db = new sp.MotionDatabase(data, { features: FEATURES_27, rules, mirror });
    const N = 600;
    let changed = 0,
      inside = 0;
    const batch = new sp.MotionSearchBatch(db, N, 3),
      asked = [];
    for (let t = 0; t < N; t++) {
      const o = { ...randomOptions(db, rnd), forced: rnd() < 0.5 };
      let q = randomQuery(db, rnd);
      // a third from inside a blocked run, the query near another frame of its clip
      const from = t % 3 === 1 ? blockedFrame(db, rules, data.clips, o.forced, rnd) : -1;
      if (from >= 0) {
        const r = db.rangeOf(from);
        o.current = from;
        q = db.features(Math.min(r.stop - 1, Math.max(r.start, from + Math.floor(rnd() * 120 - 60))));
        inside++;
      }
      const all = brute(db, q, Infinity, { ...o, rules, clips: data.clips }),
        want = all.slice(0, 5);
      changed += (brute(db, q, 1, o)[0]?.i ?? -1) !== (want[0]?.i ?? -1);
      for (const mode of ['scan', 'boxes', 'auto']) {
        const r = db.search(q, { ...o, mode });
        assert.equal(r.frame, want[0]?.i ?? -1, `query ${t}, ${mode}: frame`);
        assert.equal(r.cost, want[0]?.c ?? Infinity, `query ${t}, ${mode}: cost`);
      }
      const k = 1 + (t % 5),
        best = db.searchBest(q, k, { ...o, mode: ['scan', 'boxes', 'auto'][t % 3] });
      for (let s = 0; s < k; s++) {
        assert.equal(best.frames[s], want[s]?.i ?? -1, `query ${t}, searchBest k = ${k}: frame ${s}`);
        assert.equal(best.costs[s], want[s]?.c ?? Infinity, `query ${t}, searchBest: cost ${s}`);
      }
      // the breakdown's cost is the search's, and says which frames are candidates
      const costs = new Map(all.map((x) => [x.i, x.c]));
      for (const f of [best.frames[0], Math.floor(rnd() * db.frames), Math.floor(rnd() * db.frames)]) {
        if (f < 0) continue;
        const b = db.costBreakdown(q, f, o);
        assert.equal(b.candidate, costs.has(f), `query ${t}, frame ${f}: candidate`);
        if (costs.has(f)) assert.equal(b.cost, costs.get(f), `query ${t}, frame ${f}: costBreakdown`);
      }
      batch.queries.set(q, t * db.dims);
      batch.currents[t] = o.current ?? -1;
      batch.tags.set([o.requireTags ?? 0, o.excludeTags ?? 0], 2 * t);
      batch.forced[t] = o.forced ? 1 : 0;
      asked.push({ q, o });
    }
    const shared = { bias: 0.3, excludeEnd: 15, excludeNear: 25 };
    batch.search(shared);
    asked.forEach(({ q, o }, i) => {
      const want = brute(db, q, 3, { ...o, ...shared, rules, clips: data.clips });
      for (let s = 0; s < 3; s++) {
        assert.equal(batch.frames[3 * i + s], want[s]?.i ?? -1, `batch query ${i}: frame ${s}`);
        assert.equal(batch.costs[3 * i + s], want[s]?.c ?? Infinity, `batch query ${i}: cost ${s}`);
      }
    });
    console.log(
      `# ${name}: the rules changed the frame found in ${changed} of ${N} searches (${inside} from inside a blocked run)`,
    );
    assert.ok(changed > N / 5 && inside > N / 4, `${changed} changed, ${inside} inside`);
    batch.dispose();
    db.dispose();
  });
}

/**
 * The brute force in double, rounding nothing: each frame's cost m·d + a (+ bias) with d the
 * squared distance of the query, normalised in double, to the frame's normalised features, and
 * m, a the products and sums of the rules' values as declared, in double. With each cost, a
 * bound of what float arithmetic may move it by: 2⁻¹⁸ of the magnitudes it sums (the search
 * rounds the query's normalisation, 27 squares summed one by one, m·d, + a and + bias). The
 * candidates are brute's (tags, exclusions, blocked frames).
 */
const exact = (x) => x;
function bruteDouble(db, query, o, rules, clips) {
  const dims = db.dims,
    off = db.featureOffsets,
    sc = db.featureScales;
  const q = Array.from({ length: dims }, (_, j) => (sc[j] === 0 ? 0 : (query[j] - off[j]) / sc[j]));
  const { m, a } = factors(db, rules, clips, !!o.forced, exact);
  const cur = o.current ?? -1,
    mine = cur >= 0 ? db.rangeOf(cur).start : null;
  // the candidates: those of the float brute force (which frames, not their costs)
  const { features } = frameTable(db);
  return brute(db, query, Infinity, { ...o, rules, clips }).map(({ i }) => {
    const f = features.subarray(i * dims, (i + 1) * dims);
    let d = 0,
      size = 0;
    for (let j = 0; j < dims; j++) {
      const e = q[j] - f[j];
      d += e * e;
      size += e * e + 2 * Math.abs(e) * (Math.abs(q[j]) + Math.abs(f[j]));
    }
    const bias = mine !== null && i !== cur && db.rangeOf(i).start !== mine ? (o.bias ?? 0) : 0;
    return { i, c: m[i] * d + a[i] + bias, err: 2 ** -18 * (m[i] * size + Math.abs(a[i]) + bias) };
  });
}

for (const [name, data, mirror] of [
  ['unstructured random features', noise({ seed: 17 }), false],
  ['structured clips, mirrored', structured, true],
]) {
  test(`cost rules against a brute force in double: the frame found is the least cost to rounding, its cost within rounding of the double one: ${name}`, () => {
    const rnd = random(44);
    const rules = randomRules(data, rnd);
    const db = new sp.MotionDatabase(data, { features: FEATURES_27, rules, mirror });
    const N = 300;
    let clear = 0;
    for (let t = 0; t < N; t++) {
      const o = { ...randomOptions(db, rnd), forced: t % 2 === 0 };
      const from = t % 3 === 1 ? blockedFrame(db, rules, data.clips, o.forced, rnd) : -1;
      if (from >= 0) o.current = from;
      const q = randomQuery(db, rnd);
      const all = bruteDouble(db, q, o, rules, data.clips).sort((x, y) => x.c - y.c);
      const [best, second] = all;
      // a clear winner: no other frame within rounding of it (structured clips and their
      // mirrored copies hold many frames that tie to rounding)
      const winner = !!best && (!second || second.c - best.c > best.err + second.err);
      clear += winner;
      for (const mode of ['scan', 'boxes']) {
        const r = db.search(q, { ...o, mode });
        if (!best) {
          assert.equal(r.frame, -1, `query ${t}, ${mode}: none is a candidate`);
          continue;
        }
        const got = all.find((x) => x.i === r.frame);
        assert.ok(got, `query ${t}, ${mode}: frame ${r.frame} is no candidate of the double brute force`);
        assert.ok(
          Math.abs(r.cost - got.c) <= got.err,
          `query ${t}, ${mode}: frame ${r.frame} costs ${r.cost}, in double ${got.c} ± ${got.err}`,
        );
        assert.ok(
          got.c <= best.c + got.err + best.err,
          `query ${t}, ${mode}: frame ${r.frame} costs ${got.c} in double, frame ${best.i} ${best.c}`,
        );
        if (winner) assert.equal(r.frame, best.i, `query ${t}, ${mode}: the clear winner`);
      }
    }
    console.log(`# ${name}: ${clear} of ${N} searches had a clear winner in double, and found it`);
    assert.ok(clear >= N / 2, `${clear} of ${N}`);
    db.dispose();
  });
}

test('each rule as a designer says it: prefer a clip by 20 %, add to a range, never enter a clip unless forced (and play on once inside)', () => {
  const clips = structured.clips;
  const q = (db, f) => db.features(f);
  const plain = new sp.MotionDatabase(structured, { features: FEATURES_27 });
  const start = (i) => plain.ranges[i].start;
  // the query of a frame of take 3, searched from take 0: found there at cost 0 (to rounding)
  const f3 = start(3) + 100,
    from = start(0) + 50;
  const finds = (r, frame) =>
    assert.ok(r.frame === frame && r.cost < 1e-9, `found ${r.frame} at ${r.cost}, want ${frame}`);
  finds(plain.search(q(plain, f3), { current: from }), f3);
  // "prefer take 1 by 20 %": take 1's costs are 0.8 of the feature distance, exactly
  const prefer = new sp.MotionDatabase(structured, {
    features: FEATURES_27,
    rules: [{ clip: clips[1].name, multiplier: 0.8 }],
  });
  const query = q(plain, start(1) + 77).map((x, j) => x + 0.3 * (plain.featureScales[j] || 0));
  for (const f of [start(1) + 10, start(1) + 77, start(2) + 5]) {
    const b = prefer.costBreakdown(query, f),
      d = plain.costBreakdown(query, f).cost;
    assert.equal(b.cost, f < start(2) ? Math.fround(0.8 * d) : d, `frame ${f}`);
    assert.equal(b.multiplier, f < start(2) ? Math.fround(0.8) : 1);
  }
  // "add 5 to frames 100–199 of take 3": its frame 100 is no longer found for its own features
  const scuff = new sp.MotionDatabase(structured, {
    features: FEATURES_27,
    rules: [{ clip: clips[3].name, start: 100, stop: 200, additive: 5 }],
  });
  const found = scuff.search(q(plain, f3), { current: from });
  assert.ok(found.frame !== f3 && found.cost < 5, `found ${found.frame} at ${found.cost}`);
  assert.equal(scuff.costBreakdown(q(plain, f3), f3, { current: from }).cost, 5);
  // "never enter take 3 unless forced"
  const stumble = new sp.MotionDatabase(structured, {
    features: FEATURES_27,
    rules: [{ clip: 3, block: true, when: 'unforced' }],
  });
  const unforced = stumble.search(q(plain, f3), { current: from });
  assert.ok(stumble.rangeOf(unforced.frame).start !== start(3), 'an unforced search does not enter it');
  assert.equal(stumble.costBreakdown(q(plain, f3), f3, { current: from }).blocked, true);
  finds(stumble.search(q(plain, f3), { current: from, forced: true }), f3);
  // once inside (the current frame in take 3), it plays on and may jump within it
  finds(stumble.search(q(plain, f3), { current: f3 - 60 }), f3);
  const inside = stumble.costBreakdown(q(plain, f3), f3, { current: f3 - 60 });
  assert.equal(inside.blocked, false);
  assert.equal(inside.candidate, true);
  for (const db of [plain, prefer, scuff, stumble]) db.dispose();
});

test('rules that change nothing search as none, bit for bit; rules are checked, naming the argument', () => {
  const plain = new sp.MotionDatabase(structured, { features: FEATURES_27 });
  const none = new sp.MotionDatabase(structured, {
    features: FEATURES_27,
    rules: [
      { clip: 0, multiplier: 1 },
      { clip: 2, additive: [0, -0, 0], start: 5, stop: 8 },
    ],
  });
  const rnd = random(12);
  for (let t = 0; t < 200; t++) {
    const q = randomQuery(plain, rnd),
      o = { ...randomOptions(plain, rnd), forced: t % 2 === 0 };
    const a = plain.searchBest(q, 3, o),
      b = none.searchBest(q, 3, o);
    assert.deepEqual([...a.frames, ...a.costs], [...b.frames, ...b.costs], `query ${t}`);
  }
  none.dispose();
  plain.dispose();
  const make = (rules) => new sp.MotionDatabase(structured, { features: FEATURES_27, rules });
  const err = (rules, re) => assert.throws(() => make(rules), re);
  err({}, /^TypeError: sprung\.MotionDatabase: options\.rules must be an array of rules, got/);
  err(
    [{ clip: 'nope', multiplier: 2 }],
    /options\.rules\[0\]\.clip names no clip of data\.clips, got "nope"/,
  );
  err([{ clip: 99, block: true }], /options\.rules\[0\]\.clip must be an integer in \[0, \d+\], got 99/);
  err(
    [{ clip: 0, start: 5, stop: 5, block: true }],
    /options\.rules\[0\]\.stop must be an integer in \[6, \d+\], got 5/,
  );
  err(
    [{ clip: 0, multiplier: -1 }],
    /options\.rules\[0\]\.multiplier must be a finite number ≥ 0 within float range, got -1/,
  );
  err(
    [{ clip: 0, multiplier: 1e39 }],
    /options\.rules\[0\]\.multiplier must be a finite number ≥ 0 within float range, got 1e\+39/,
  );
  err(
    [{ clip: 0, additive: NaN }],
    /options\.rules\[0\]\.additive must be a finite number within float range, got NaN/,
  );
  err(
    [{ clip: 0, start: 0, stop: 3, additive: [1, 2] }],
    /options\.rules\[0\]\.additive must be a number or hold one per frame of the rule \(3\), got/,
  );
  err(
    [{ clip: 0, start: 0, stop: 2, multiplier: [1, Infinity] }],
    /options\.rules\[0\]\.multiplier\[1\] must be a finite number ≥ 0 within float range, got Infinity/,
  );
  err([{ clip: 0, block: 'yes' }], /options\.rules\[0\]\.block must be a boolean, got "yes"/);
  err(
    [{ clip: 0, block: true, when: 'sometimes' }],
    /options\.rules\[0\]\.when must be one of 'all', 'unforced', 'forced', got "sometimes"/,
  );
  err(
    [{ clip: 0, multipler: 0.8 }],
    /options\.rules\[0\] must set a multiplier, an additive cost or block \(a rule that changes nothing\)/,
  );
  // the search's option, and the breakdown's arguments
  const db = make([{ clip: 0, block: true }]);
  const q = db.features(300);
  assert.throws(
    () => db.search(q, { forced: 'yes' }),
    /sprung\.MotionDatabase\.search: options\.forced must be a boolean/,
  );
  assert.throws(
    () => db.costBreakdown(q, db.frames),
    /sprung\.MotionDatabase\.costBreakdown: frame must be an integer in \[0, \d+\]/,
  );
  assert.throws(
    () => db.costBreakdown(q, 3, { bias: -1 }),
    /costBreakdown: options\.bias must be a finite number ≥ 0, got -1/,
  );
  assert.throws(
    () => db.costBreakdown(q, 3, { forced: 2 }),
    /costBreakdown: options\.forced must be a boolean \(or 0, 1\), got 2/,
  );
  assert.throws(
    () => db.costBreakdown(q.subarray(0, 3), 3),
    /costBreakdown: query must have at least 27 elements, got 3/,
  );
  // rules are a copy, in the form the bytes hold
  const r = db.rules;
  assert.deepEqual(r, [
    {
      clip: 0,
      start: 0,
      stop: structured.clips[0].poses.length / (13 * BONES),
      multiplier: 1,
      additive: 0,
      block: true,
      when: 'all',
    },
  ]);
  r[0].block = false;
  assert.equal(db.rules[0].block, true);
  db.dispose();
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

/** The left leg's swing of a pose (13·bones floats): its angle about X and its angular
 *  velocity about X over 10 — a gait phase, worked out here from the pose layout. */
function swing(pose) {
  const q = 6 * BONES + 4 * 2,
    w = 10 * BONES + 3 * 2;
  return [2 * Math.atan2(pose[q], pose[q + 3]), pose[w] / 10];
}
const SWING = { type: 'custom', name: 'swing', floats: 2, weight: 2 };

test('custom features: from arrays or a function of the pose, normalised and weighted like the others; a query value changes what is picked, as the brute force says', () => {
  const data = locomotion({ seconds: 40, seed: 21 });
  const arrays = {
    ...data,
    clips: data.clips.map((c) => {
      const frames = c.poses.length / (13 * BONES),
        v = new Float64Array(2 * frames);
      for (let f = 0; f < frames; f++) v.set(swing(c.poses.subarray(13 * BONES * f)), 2 * f);
      return { ...c, features: { swing: v } };
    }),
  };
  const byValue = new sp.MotionDatabase(data, {
    features: [...FEATURES_27, { ...SWING, value: (pose) => swing(pose) }],
  });
  const byArray = new sp.MotionDatabase(arrays, { features: [...FEATURES_27, SWING] });
  assert.equal(byArray.dims, 29);
  assert.deepEqual(byArray.customFeatures, [{ name: 'swing', offset: 27, floats: 2 }]);
  // the same features either way, the values the ones worked out here
  const rows = arrays.clips.flatMap((c) =>
    Array.from({ length: c.features.swing.length / 2 }, (_, f) => [
      c.features.swing[2 * f],
      c.features.swing[2 * f + 1],
    ]),
  );
  for (let f = 0; f < byArray.frames; f++) {
    assert.deepEqual(byValue.normalizedFeatures(f), byArray.normalizedFeatures(f), `frame ${f}`);
    const x = byArray.features(f);
    for (let k = 0; k < 2; k++)
      assert.ok(
        Math.abs(x[27 + k] - rows[f][k]) <= 1e-5 * Math.max(1, Math.abs(rows[f][k])),
        `frame ${f}: ${x[27 + k]}, want ${rows[f][k]}`,
      );
  }
  // normalised as a group: its mean, and the mean of its floats' deviations over its weight
  const mean = (k) => rows.reduce((a, r) => a + r[k], 0) / rows.length;
  const sd = (k) => Math.sqrt(rows.reduce((a, r) => a + (r[k] - mean(k)) ** 2, 0) / rows.length);
  for (let k = 0; k < 2; k++) {
    assert.ok(Math.abs(byArray.featureOffsets[27 + k] - mean(k)) <= 1e-5 * Math.max(1, Math.abs(mean(k))));
    const want = (sd(0) + sd(1)) / 2 / 2;
    assert.ok(Math.abs(byArray.featureScales[27 + k] - want) <= 2e-5 * want, `scale ${k}`);
  }
  // the query's swing changed to the opposite phase: another frame is picked, the brute force's
  const rnd = random(5);
  let changed = 0;
  for (let t = 0; t < 100; t++) {
    const f = Math.floor(rnd() * byArray.frames),
      q = byArray.features(f),
      o = { excludeNear: 0 };
    const own = byArray.search(q, o).frame;
    assert.equal(byArray.setFeatures(q, { swing: [-rows[f][0], -rows[f][1]] }), q);
    assert.deepEqual([q[27], q[28]], [Math.fround(-rows[f][0]), Math.fround(-rows[f][1])]);
    const want = brute(byArray, q, 2, o);
    const found = byArray.searchBest(q, 2, o);
    assert.deepEqual(
      [...found.frames],
      want.map((x) => x.i),
      `query ${t}`,
    );
    assert.deepEqual(
      [...found.costs],
      want.map((x) => x.c),
      `query ${t}`,
    );
    changed += found.frames[0] !== own;
  }
  console.log(`# the swing changed the frame picked in ${changed} of 100 queries`);
  assert.ok(changed >= 70, `the swing changed the frame picked in ${changed} of 100 queries`);
  byValue.dispose();
  byArray.dispose();
});

test('custom features of mirrored copies: arrays times their mirror factors, functions of the mirrored pose', () => {
  const data = locomotion({ seconds: 10, seed: 4 });
  const clips = data.clips.map((c) => {
    const frames = c.poses.length / (13 * BONES);
    return { ...c, features: { lean: Float32Array.from({ length: 2 * frames }, (_, i) => Math.sin(i) + 2) } };
  });
  const db = new sp.MotionDatabase(
    { ...data, clips },
    {
      features: [
        ...FEATURES_27,
        { type: 'custom', name: 'lean', floats: 2, mirror: [-1, 0.5] },
        { ...SWING, value: (pose) => swing(pose) },
      ],
      mirror: true,
    },
  );
  const half = db.frames / 2;
  for (const f of [0, 33, half - 1]) {
    const a = db.features(f),
      b = db.features(half + f);
    assert.ok(Math.abs(b[27] + a[27]) < 1e-5 && Math.abs(b[28] - 0.5 * a[28]) < 1e-5, `lean, frame ${f}`);
    const want = swing(db.pose(half + f));
    assert.ok(Math.abs(b[29] - want[0]) < 1e-5 && Math.abs(b[30] - want[1]) < 1e-5, `swing, frame ${f}`);
  }
  db.dispose();
});

test('custom features: bad declarations, values and query values get errors naming them', () => {
  const data = locomotion({ seconds: 10, seed: 4 });
  const frames = data.clips[0].poses.length / (13 * BONES);
  const make = (features, clips = data.clips) =>
    new sp.MotionDatabase({ ...data, clips }, { features: [...FEATURES_27, ...features] });
  const withFeatures = (features) => data.clips.map((c, i) => (i === 0 ? { ...c, features } : c));
  const err = (f, re) => assert.throws(f, re);
  err(
    () => make([{ type: 'custom' }]),
    /options\.features\[7\]\.name must be a non-empty string, got undefined/,
  );
  err(
    () =>
      make([
        { ...SWING, value: swing },
        { ...SWING, value: swing },
      ]),
    /options\.features\[8\]\.name must name one custom feature, got "swing" twice/,
  );
  err(
    () => make([{ ...SWING, floats: 0 }]),
    /options\.features\[7\]\.floats must be an integer in \[1, 256\], got 0/,
  );
  err(
    () => make([{ ...SWING, value: 3 }]),
    /options\.features\[7\]\.value must be a function \(pose, frame, clip\), got 3/,
  );
  err(
    () => make([{ ...SWING, value: swing, mirror: [1] }]),
    /options\.features\[7\]\.mirror must hold a factor per float \(2\)/,
  );
  err(
    () => make([SWING]),
    /data\.clips\[0\]\.features\.swing must give the values of custom feature 'swing' \(it has no value function\)/,
  );
  err(
    () => make([{ ...SWING, value: () => [1, NaN] }]),
    /the value of custom feature 'swing' at frame 0 of data\.clips\[0\]\[1\] must be a finite number within float range, got NaN/,
  );
  err(
    () => make([{ ...SWING, value: () => 1 }]),
    /the value of custom feature 'swing' at frame 0 of data\.clips\[0\] must be 2 numbers, got 1/,
  );
  err(
    () => make([{ ...SWING, value: swing }], withFeatures({ swng: [] })),
    /data\.clips\[0\]\.features\.swng names no custom feature of options\.features \(swing\)/,
  );
  err(
    () => make([{ ...SWING, value: swing }], withFeatures({ swing: new Float32Array(frames) })),
    new RegExp(`data\\.clips\\[0\\]\\.features\\.swing must hold 2 per frame, ${2 * frames} in all`),
  );
  const bad = new Float64Array(2 * frames);
  bad[7] = 1e39;
  err(
    () => make([{ ...SWING, value: swing }], withFeatures({ swing: bad })),
    /data\.clips\[0\]\.features\.swing\[7\] must be a finite number within float range, got 1e\+39/,
  );
  // a function's value of 1e39 is beyond float range too
  err(
    () => make([{ type: 'custom', name: 'x', value: () => -1e39 }]),
    /custom feature 'x' at frame 0 of data\.clips\[0\] must be a finite number within float range, got -1e\+39/,
  );
  // the query's values: nothing written unless every one is good
  const db = make([
    { ...SWING, value: swing },
    { type: 'custom', name: 'speed', value: () => 1 },
  ]);
  const q = db.features(10),
    before = q.slice();
  for (const [features, re] of [
    [
      { swing: [1, 2], speed: NaN },
      /^RangeError: sprung\.MotionDatabase\.setFeatures: features\.speed must be a finite number within float range, got NaN$/,
    ],
    [
      { swing: [1] },
      /^TypeError: sprung\.MotionDatabase\.setFeatures: features\.swing must be 2 numbers, got 1 number$/,
    ],
    [
      { swing: 3 },
      /^TypeError: sprung\.MotionDatabase\.setFeatures: features\.swing must be 2 numbers, got 3$/,
    ],
    [
      { gait: 1 },
      /^RangeError: sprung\.MotionDatabase\.setFeatures: features\.gait names no custom feature of the database \(swing, speed\)$/,
    ],
    [
      null,
      /^TypeError: sprung\.MotionDatabase\.setFeatures: features must be an object of custom feature values by name, got null$/,
    ],
  ]) {
    assert.throws(() => db.setFeatures(q, features), re);
    assert.deepEqual(q, before, 'nothing written');
  }
  assert.throws(
    () => db.setFeatures(new Float32Array(3), { speed: 1 }),
    /setFeatures: query must have at least 30 elements, got 3/,
  );
  db.setFeatures(q, { speed: 2.5, swing: { length: 2, 0: 0.25, 1: -1 } });
  assert.deepEqual([q[27], q[28], q[29]], [0.25, -1, 2.5]);
  db.dispose();
});

test("the controller's searches (search's part): MotionInput.features set the query's custom values, and each search passes whether it was forced", () => {
  const data = locomotion({ seconds: 30, seed: 7 });
  const rules = [
    { clip: 2, block: true, when: 'unforced' },
    { clip: 1, multiplier: 0.7, when: 'forced' },
  ];
  const db = new sp.MotionDatabase(data, { features: [...FEATURES_27, { ...SWING, value: swing }], rules });
  const c = new sp.MotionController(db, { candidates: 2 });
  const crowd = new sp.MotionCrowd(db, 3);
  const rnd = random(8);
  let forced = 0,
    searches = 0,
    phase = 0;
  let velocity = { x: 0, y: 0, z: 1.5 };
  for (let i = 0; i < 900; i++) {
    if (i % 90 === 0) velocity = { x: 3 * rnd() - 1.5, y: 0, z: 3 * rnd() - 1.5 };
    phase += 0.2;
    const input = {
      velocity,
      features: i % 3 ? { swing: [0.4 * Math.sin(phase), Math.cos(phase)] } : undefined,
    };
    c.update(1 / 60, input);
    crowd.update(1 / 60, [input, input, input]);
    for (const ch of [c, ...crowd.characters]) {
      if (!ch.searched) continue;
      const s = ch.lastSearch;
      searches++;
      forced += s.forced;
      if (input.features)
        assert.deepEqual([ch.query[27], ch.query[28]], input.features.swing.map(Math.fround));
      const want = db.searchBest(ch.query, 1, { current: s.from, forced: s.forced });
      assert.equal(
        s.frame,
        want.frames[0],
        `update ${i}: the search of a ${s.forced ? 'forced' : 'timed'} search`,
      );
      assert.equal(s.cost, want.costs[0]);
    }
  }
  assert.ok(forced > 10 && searches - forced > 100, `${forced} forced of ${searches}`);
  // bad custom values name the controller's input
  assert.throws(
    () => c.update(1 / 60, { velocity, features: { swing: [1, Infinity] } }),
    /^RangeError: sprung\.MotionController\.update: input\.features\.swing\[1\] must be a finite number within float range, got Infinity$/,
  );
  assert.throws(
    () => crowd.update(1 / 60, [{ velocity }, { velocity, features: { phase: 1 } }, { velocity }]),
    /^RangeError: sprung\.MotionCrowd\.update: inputs\[1\]\.features\.phase names no custom feature of the database \(swing\)$/,
  );
  c.dispose();
  crowd.dispose();
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
  // sizes beyond one block: 0, not a size that wrapped round in WebAssembly's 32-bit size_t
  // (2^29 frames of 256 floats gave a block of 620,757,508 floats)
  for (const [frames, dims] of [
    [2 ** 29, 256],
    [2 ** 24, 256],
    [2 ** 30, 100],
  ])
    assert.equal(sp.motionDatabaseFloats(frames, dims, 1), 0, `${frames} frames of ${dims}`);
  // the header's layout: offsets and scales, the features in 252 blocks of 4 (63 runs of 16),
  // boxes of 16 and 64 frames (low and high), tags, box tags, 3 ranges and the flag
  assert.equal(
    sp.motionDatabaseFloats(1000, 27, 3),
    2 * 28 + 4 * 252 * 27 + 2 * 28 * 63 + 2 * 28 * 16 + 4 * 252 + 2 * 63 + 2 * 16 + 9 + 1,
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

test("the reference's motion-matching example runs as copied and prints what its comment says", () => {
  const { printed, claim } = runReadmeExample('\n## Motion matching\n', 'motion.mjs', 'docs/API.md');
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

/** Runs `file` (an example runReadmeExample wrote in `dir`) with `edit` applied to its code. */
function runEdited(dir, file, edit) {
  const code = edit(readFileSync(new URL(file, dir), 'utf8'));
  writeFileSync(new URL(`edited-${file}`, dir), code);
  return execFileSync(process.execPath, [fileURLToPath(new URL(`edited-${file}`, dir))], {
    encoding: 'utf8',
  }).trim();
}

test("the reference's cost-rules example runs as copied; each rule decides what it says, as worked out here", () => {
  const { printed, claim, dir } = runReadmeExample('\\*\\*Cost rules\\.\\*\\*', 'rules.mjs', 'docs/API.md');
  assert.equal(printed, claim);
  // the picks worked out here: four clips of 60 frames at speeds 0, 0.2, 0.5, 1, normalised by
  // their deviation; idle's costs × 0.8, the stumble out of unforced searches, the walk's first
  // 30 frames + 0.1; ties to the first frame
  const speeds = [0, 0.2, 0.5, 1],
    mean = speeds.reduce((a, b) => a + b) / 4,
    sd = Math.sqrt(speeds.reduce((a, v) => a + (v - mean) ** 2, 0) / 4);
  const pick = (speed, forced, rules = true) => {
    let best = null;
    speeds.forEach((v, c) => {
      for (let f = 0; f < 60; f++) {
        let cost = ((speed - v) / sd) ** 2;
        if (rules && c === 0) cost *= 0.8;
        if (rules && c === 2 && !forced) continue;
        if (rules && c === 3 && f < 30) cost += 0.1;
        if (!best || cost < best.cost) best = { clip: ['idle', 'shuffle', 'stumble', 'walk'][c], f, cost };
      }
    });
    return best;
  };
  const want = (rules) =>
    [
      pick(0.105, false, rules).clip,
      pick(0.45, false, rules).clip,
      pick(0.45, true, rules).clip,
      pick(0.9, false, rules).f,
    ].join(' ');
  assert.equal(printed, want(true));
  // without its rules, each pick is another
  const without = runEdited(dir, 'rules.mjs', (code) => code.replace(/rules: \[[\s\S]*?\],\n/, ''));
  assert.equal(without, want(false));
  assert.equal(without, 'shuffle stumble stumble 0');
});

test("the reference's custom-feature example runs as copied: the steps follow the game's phase, and without it they do not", () => {
  const { printed, claim, dir } = runReadmeExample(
    '\\*\\*Custom features\\.\\*\\*',
    'custom.mjs',
    'docs/API.md',
  );
  assert.equal(printed, claim);
  assert.equal(printed, 'true');
  // the update without the phase: the character keeps the clip's own, half a step off the beat
  const without = runEdited(dir, 'custom.mjs', (code) => code.replace(', features });', ' });'));
  assert.equal(without, 'false');
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
