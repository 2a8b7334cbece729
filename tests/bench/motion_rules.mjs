// motion_rules.mjs — the search's speed with and without cost rules, side by side in one run
// (Node): `node tests/bench/motion_rules.mjs [--vs DIR]`. Over the playground's dance card
// (mirrored, 77,494 frames) and 50,237 frames of synthetic locomotion × 27 features, the
// queries a MotionController makes under a scripted input (steady and forced searches, as
// recorded) are searched by the same database without rules and with a designer's rules
// (multipliers on clips, a per-frame multiplier, additive costs on ranges, clips blocked to
// unforced searches), each search with its recorded `forced`; one by one and in batches of 15 (a
// crowd's 60 Hz frame). With `--vs DIR`, the package built in DIR (another commit's `dist/`)
// searches the same queries without rules too: a database without rules must search as fast
// as before. The least of 15 interleaved samples; ratios are what to compare (the machine is shared).
// --cpu-time times by the process's CPU time.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import * as sp from '../../dist/index.js';
import { locomotion, FEATURES_27, random } from '../js/motion_fixtures.mjs';
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { features } from '../../web/playground/motion/rigs.js';

const vs = process.argv.indexOf('--vs');
const other = vs > 0 ? await import(pathToFileURL(resolve(process.argv[vs + 1], 'index.js')).href) : null;
await sp.init();
await other?.init();
// --cpu-time: time by the process's CPU time (less disturbed by other jobs on a shared machine)
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
const now = process.argv.includes('--cpu-time') ? cpu : () => performance.now();

/** A designer's rules over `clips`: prefer every 4th clip by 20 %, block every 5th to unforced
 *  searches, add 0.3 to the middle third of every 3rd, scale one clip frame by frame. */
function designerRules(clips, frames) {
  const rules = [];
  clips.forEach((c, i) => {
    const n = frames(c);
    if (i % 4 === 0) rules.push({ clip: i, multiplier: 0.8 });
    if (i % 5 === 1) rules.push({ clip: i, block: true, when: 'unforced' });
    if (i % 3 === 2)
      rules.push({ clip: i, start: Math.floor(n / 3), stop: Math.floor((2 * n) / 3), additive: 0.3 });
  });
  const n = frames(clips[1]);
  rules.push({ clip: 1, multiplier: Float32Array.from({ length: n }, (_, f) => 1 + 0.5 * Math.sin(f / 30)) });
  return rules;
}

/** The queries a controller makes over 60 s of an input that changes every 2 s. */
function recordQueries(db, seed) {
  const rnd = random(seed);
  const c = new sp.MotionController(db);
  const out = [];
  let velocity = { x: 0, y: 0, z: 1.5 };
  for (let i = 0; i < 3600; i++) {
    if (i % 120 === 0) {
      const speed = 0.5 + 3.5 * rnd(),
        angle = rnd() * 2 * Math.PI;
      velocity = { x: speed * Math.sin(angle), y: 0, z: speed * Math.cos(angle) };
    }
    c.update(1 / 60, { velocity });
    if (c.searched && i > 60)
      out.push({ query: c.query.slice(), current: c.lastSearch.from, forced: c.lastSearch.forced });
  }
  c.dispose();
  return out;
}

function compare(name, make, data, features, rules, seed) {
  const plain = make(sp, data, { features }),
    ruled = make(sp, data, { features, rules }),
    before = other ? make(other, data, { features }) : null;
  const queries = recordQueries(plain, seed);
  const forced = queries.filter((q) => q.forced).length;
  const runs = { plain: plain, rules: ruled, ...(before ? { before } : {}) };
  // searches one by one
  const one = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  const batched = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  const batches = Object.fromEntries(
    Object.entries(runs).map(([k, db]) => [k, new (k === 'before' ? other : sp).MotionSearchBatch(db, 15)]),
  );
  let changed = 0;
  for (const { query, current, forced: f } of queries)
    changed += plain.search(query, { current }).frame !== ruled.search(query, { current, forced: f }).frame;
  for (let s = 0; s < 15; s++)
    for (const [k, db] of Object.entries(runs)) {
      let t0 = now();
      for (const { query, current, forced: f } of queries)
        db.search(query, k === 'rules' ? { current, forced: f } : { current });
      one[k].push(((now() - t0) * 1000) / queries.length);
      const b = batches[k];
      t0 = now();
      for (let i = 0; i < queries.length; i += 15) {
        const n = Math.min(15, queries.length - i);
        for (let j = 0; j < n; j++) {
          const q = queries[i + j];
          b.queries.set(q.query, j * db.dims);
          b.currents[j] = q.current;
          if (k === 'rules') b.forced[j] = q.forced ? 1 : 0;
        }
        b.search({}, n);
      }
      batched[k].push(((now() - t0) * 1000) / queries.length);
    }
  // the least of the samples: the search's own cost, the least disturbed by other jobs
  const m = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.min(...v)]));
  const a = m(one),
    b = m(batched);
  const line = (what, r) =>
    `  ${what}: µs per search without rules ${r.plain.toFixed(2)}, with rules ${r.rules.toFixed(2)} (${(r.rules / r.plain).toFixed(3)}×)` +
    (r.before
      ? `; the other build without rules ${r.before.toFixed(2)} (this one ${(r.plain / r.before).toFixed(3)}× it)`
      : '');
  console.log(
    `${name}: ${queries.length} searches (${forced} forced); the rules changed the frame found in ${changed}`,
  );
  console.log(line('one by one', a));
  console.log(line('in batches of 15', b));
  for (const x of [...Object.values(runs), ...Object.values(batches)]) x.dispose();
}

const make = (lib, data, options) => new lib.MotionDatabase(data, options);
console.log(`Node ${process.version}${other ? `, against ${process.argv[vs + 1]}` : ''}`);
const dance = danceCard();
const danceFrames = (c) => c.poses.length / (13 * dance.skeleton.parents.length);
compare(
  'the dance card, mirrored',
  (lib, data, o) => make(lib, data, { ...o, mirror: true }),
  dance,
  features('plain', 'dance'),
  designerRules(dance.clips, danceFrames),
  20,
);
const synthetic = locomotion({ seconds: 834, seed: 11 });
compare(
  'synthetic locomotion',
  make,
  synthetic,
  FEATURES_27,
  designerRules(synthetic.clips, (c) => c.poses.length / 117),
  21,
);
