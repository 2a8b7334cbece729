// motion_suite.mjs — the motion-matching benchmark, shared by Node and Chromium (motion.mjs):
// searches over the playground's dance card (mirrored, 77,494 frames) and databases of 50,000
// and 200,000 frames (tests/js/motion_fixtures.mjs's synthetic locomotion), × 27 features
// (Holden's), timed on the queries a MotionController really
// makes under a scripted input (steady searches on its timer; searches forced by a sharp
// change of the input), against a plain JS brute-force search of the same normalised data in
// the same run; a crowd of 100 characters; bytes per frame. Medians of interleaved samples.
import { locomotion, FEATURES_27, random } from '../js/motion_fixtures.mjs';

const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];

/**
 * The plain JS search a user would write: the query normalised, then every candidate frame's
 * squared distance summed over the features, each frame given up once it exceeds the best
 * (the same candidates and costs as sprung's, in a Float32Array of rows).
 */
export function plainSearch(rows, dims, offsets, scales, ranges, query, current, excludeEnd, excludeNear) {
  const q = new Float32Array(dims);
  for (let j = 0; j < dims; j++) q[j] = scales[j] === 0 ? 0 : (query[j] - offsets[j]) / scales[j];
  let best = -1,
    bestCost = Infinity;
  if (current >= 0) {
    let c = 0;
    for (let j = 0; j < dims; j++) c += (q[j] - rows[current * dims + j]) ** 2;
    ((best = current), (bestCost = c));
  }
  for (const r of ranges) {
    const end = r.loop ? r.stop : r.stop - excludeEnd;
    for (let i = r.start; i < end; i++) {
      if (current >= 0 && Math.abs(i - current) < excludeNear && current >= r.start && current < r.stop)
        continue;
      let c = 0;
      for (let j = 0; j < dims && c < bestCost; j++) {
        const e = q[j] - rows[i * dims + j];
        c += e * e;
      }
      if (c < bestCost) ((bestCost = c), (best = i));
    }
  }
  return best;
}

/** The queries a controller makes over `seconds` of a scripted input that changes every 2 s. */
function recordQueries(sp, db, seconds, seed) {
  const rnd = random(seed);
  const character = new sp.MotionController(db);
  const steady = [],
    changed = [];
  let velocity = { x: 0, y: 0, z: 1.5 };
  for (let i = 0; i < seconds * 60; i++) {
    if (i % 120 === 0) {
      const speed = 0.5 + 3.5 * rnd(),
        angle = rnd() * 2 * Math.PI;
      velocity = { x: speed * Math.sin(angle), y: 0, z: speed * Math.cos(angle) };
    }
    character.update(1 / 60, { velocity });
    if (character.searched && i > 60) {
      const s = character.lastSearch;
      (s.forced ? changed : steady).push({ query: character.query.slice(), current: s.from });
    }
  }
  character.dispose();
  return { steady, changed };
}

/** Times the searches of `db` on recorded queries: sprung (auto, boxes, scan) and plain JS. */
function searches(sp, db, name, now, log, seed) {
  const third = Math.round(db.frameRate / 3);
  const { steady, changed } = recordQueries(sp, db, 60, seed);
  const dims = db.dims,
    rows = new Float32Array(db.frames * dims);
  for (let i = 0; i < db.frames; i++) rows.set(db.normalizedFeatures(i), i * dims);
  const offsets = db.featureOffsets.slice(),
    scales = db.featureScales.slice(),
    ranges = db.ranges;
  const result = { frames: db.frames, dims, steadyQueries: steady.length, changedQueries: changed.length };
  for (const [kind, queries] of [
    ['steady', steady],
    ['changed', changed],
  ]) {
    // the same answer first (the plain search has no tags or bias: none are used here), to
    // rounding: the plain search sums in double
    for (const { query, current } of queries.slice(0, 20)) {
      const a = db.search(query, { current }).frame,
        b = plainSearch(rows, dims, offsets, scales, ranges, query, current, third, third);
      const cost = (i) => {
        let c = 0;
        for (let j = 0; j < dims; j++)
          c += ((scales[j] === 0 ? 0 : (query[j] - offsets[j]) / scales[j]) - rows[i * dims + j]) ** 2;
        return c;
      };
      if (Math.abs(cost(a) - cost(b)) > 1e-5 * Math.max(1, cost(b)))
        throw new Error(
          `${name}: sprung found frame ${a} (cost ${cost(a)}), the plain search ${b} (${cost(b)})`,
        );
    }
    const samples = { auto: [], boxes: [], scan: [], plain: [] };
    for (let s = 0; s < 5; s++)
      for (const mode of Object.keys(samples)) {
        const t0 = now();
        for (const { query, current } of queries)
          if (mode === 'plain')
            plainSearch(rows, dims, offsets, scales, ranges, query, current, third, third);
          else db.search(query, { current, mode });
        samples[mode].push(((now() - t0) * 1000) / queries.length);
      }
    const us = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
    result[kind] = { ...us, plainOverSprung: us.plain / us.auto };
    log(
      `  ${name}, ${kind} (${queries.length} searches): µs per search auto ${us.auto.toFixed(1)}, boxes ${us.boxes.toFixed(1)}, scan ${us.scan.toFixed(1)}, plain JS ${us.plain.toFixed(0)} (${(us.plain / us.auto).toFixed(0)}×)`,
    );
  }
  return result;
}

/** 100 characters, each searching at 10 Hz (its timer, and sharp input changes): each 60 Hz
 *  frame's due searches are recorded from a MotionCrowd, then timed as the crowd makes them,
 *  in one MotionSearchBatch call per frame; and the crowd's whole update per frame. */
function crowd(sp, db, now, log, seed) {
  const rnd = random(seed);
  const n = 100;
  const c = new sp.MotionCrowd(db, n, {
    positions: Array.from({ length: n }, (_, i) => ({ x: (i % 10) * 3, y: 0, z: Math.floor(i / 10) * 3 })),
  });
  const inputs = Array.from({ length: n }, () => ({ velocity: { x: 0, y: 0, z: 1 } }));
  const frames = [],
    update = [];
  for (let f = 0; f < 600; f++) {
    for (let i = 0; i < n; i++)
      if ((f + 7 * i) % 180 === 0) {
        const speed = 0.5 + 3 * rnd(),
          angle = rnd() * 2 * Math.PI;
        inputs[i] = { velocity: { x: speed * Math.sin(angle), y: 0, z: speed * Math.cos(angle) } };
      }
    const t0 = now();
    c.update(1 / 60, inputs);
    if (f < 60) continue;
    update.push((now() - t0) * 1000);
    frames.push(
      c.characters
        .filter((ch) => ch.searched)
        .map((ch) => ({ query: ch.query.slice(), current: ch.lastSearch.from })),
    );
  }
  c.dispose();
  const batch = new sp.MotionSearchBatch(db, n);
  const totals = [];
  for (let s = 0; s < 5; s++) {
    const t0 = now();
    for (const due of frames) {
      due.forEach(({ query, current }, j) => {
        batch.queries.set(query, j * db.dims);
        batch.currents[j] = current;
      });
      batch.search({}, due.length);
    }
    totals.push(((now() - t0) * 1000) / frames.length);
  }
  batch.dispose();
  const r = {
    searchesPerFrame: frames.reduce((s, d) => s + d.length, 0) / frames.length,
    searchMicrosecondsPerFrame: median(totals),
    updateMicrosecondsPerFrame: median(update),
  };
  log(
    `  crowd of 100 at 10 Hz over ${db.frames} frames: ${r.searchesPerFrame.toFixed(1)} searches a frame in one batched call, ${r.searchMicrosecondsPerFrame.toFixed(0)} µs a frame (mean over 540 frames, median of 5 runs); the crowd's whole update ${(r.updateMicrosecondsPerFrame / 1000).toFixed(2)} ms a frame (median)`,
  );
  return r;
}

/** Holden's 27 features on the dance card's skeleton. */
export const DANCE_FEATURES = [
  { type: 'position', bone: 'LeftFoot', weight: 0.75 },
  { type: 'position', bone: 'RightFoot', weight: 0.75 },
  { type: 'velocity', bone: 'LeftFoot' },
  { type: 'velocity', bone: 'RightFoot' },
  { type: 'velocity', bone: 'Hips' },
  { type: 'trajectoryPosition', frames: [20, 40, 60] },
  { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
];

/** The whole benchmark; `sp` is the package, `danceCard` the playground's procedural database. */
export async function runMotion({ sp, now, log, danceCard }) {
  const out = {};
  // the dance card, mirrored: the procedural locomotion database of the playground
  let t = now();
  const dc = new sp.MotionDatabase(danceCard(), {
    features: DANCE_FEATURES,
    contactBones: ['LeftToe', 'RightToe'],
    mirror: true,
  });
  log(
    `  the dance card, mirrored: ${dc.frames} frames × ${dc.dims}, made and built in ${((now() - t) / 1000).toFixed(1)} s`,
  );
  out.danceCard = searches(sp, dc, `the dance card (${dc.frames} frames)`, now, log, 20);
  dc.dispose();
  // 50,000 frames: 834 s of locomotion at 60 Hz
  let t0 = now();
  const data = locomotion({ seconds: 834, seed: 11 });
  const db = new sp.MotionDatabase(data, { features: FEATURES_27, contactBones: ['leftFoot', 'rightFoot'] });
  out.build50k = { ms: now() - t0 };
  const bytes = (4 * sp.motionDatabaseFloats(db.frames, db.dims, db.ranges.length)) / db.frames;
  out.bytesPerFrame = { features: 4 * db.dims, block: bytes };
  log(
    `  ${db.frames} frames × ${db.dims}: built in ${(out.build50k.ms / 1000).toFixed(1)} s; features ${4 * db.dims} bytes a frame, the whole block (boxes, tags) ${bytes.toFixed(1)}`,
  );
  out.search50k = searches(sp, db, `${db.frames} frames`, now, log, 21);
  out.crowd = crowd(sp, db, now, log, 22);
  db.dispose();
  // 200,000 frames: 1667 s, mirrored
  t0 = now();
  const big = locomotion({ seconds: 1667, seed: 12 });
  const db2 = new sp.MotionDatabase(big, { features: FEATURES_27, mirror: true });
  out.build200k = { ms: now() - t0 };
  log(`  ${db2.frames} frames (mirrored): built in ${(out.build200k.ms / 1000).toFixed(1)} s`);
  out.search200k = searches(sp, db2, `${db2.frames} frames`, now, log, 23);
  db2.dispose();
  return out;
}
