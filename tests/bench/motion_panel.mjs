// motion_panel.mjs — the motion panel's databases under its autopilot (motion/autopilot.js), as
// the panel runs them: switches per second and the cost of the frame played, for the dance card
// and CMU's takes, at the dance card's stick speeds and switch cost and at each database's preset.
// The cost of the frame played is its cost for the query at every search (MotionDatabase
// groupCosts, summed), whatever the switch cost made the search do. 180 s at 60 Hz.
//   node tests/bench/motion_panel.mjs [seconds]
import { readFileSync } from 'node:fs';
import { init, MotionController, MotionDatabase, Skeleton, parseBvh } from 'sprung';
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { CMU_FILES, CMU_SCALE, RIGS, features } from '../../web/playground/motion/rigs.js';
import { bvhData, withContacts } from '../../web/playground/motion/takes.js';
import { PRESETS, autopilot, stickVelocity } from '../../web/playground/motion/autopilot.js';

await init();
const SECONDS = Number(process.argv[2] ?? 180);
const sprung = { parseBvh, Skeleton };
const DATA = {
  dance: danceCard(),
  cmu: (() => {
    const texts = CMU_FILES.map((name) => ({
      name,
      text: readFileSync(new URL(`../../build/data/cmu/${name}`, import.meta.url), 'utf8'),
    }));
    const read = bvhData(sprung, texts, { scale: CMU_SCALE, start: 1 });
    return withContacts(sprung, read.data, RIGS.cmu.feet);
  })(),
};

/** The panel's database `rig` driven by the autopilot with `settings` of the stick and the controller. */
function run(rig, { walkSpeed, runSpeed, switchCost }, set = 'transition') {
  const db = new MotionDatabase(DATA[rig], {
    features: features(set, rig),
    contactBones: RIGS[rig].feet,
    mirror: true,
  });
  const c = new MotionController(db, {
    ikBones: RIGS[rig].ik,
    switchCost,
    inertialization: set === 'cubic' ? 'cubic' : 'spring',
  });
  const stick = { x: 0, z: 0, run: false };
  const velocity = { x: 0, y: 0, z: 0 };
  const costs = [];
  for (let i = 0; i < SECONDS * 60; i++) {
    autopilot(i / 60, stick);
    c.update(1 / 60, { velocity: stickVelocity(stick, stick.run ? runSpeed : walkSpeed, velocity) });
    if (c.searched) costs.push(db.groupCosts(c.query, c.frame).reduce((a, b) => a + b, 0));
  }
  costs.sort((a, b) => a - b);
  const at = (q) => costs[Math.floor(q * (costs.length - 1))];
  const r = {
    switches: c.switches / SECONDS,
    median: at(0.5),
    p90: at(0.9),
    mean: costs.reduce((a, b) => a + b, 0) / costs.length,
  };
  c.dispose();
  db.dispose();
  return r;
}

console.log(
  `${SECONDS} s of the autopilot at 60 Hz: switches per second; the cost of the frame played at each search (median, 90th percentile, mean)`,
);
for (const set of ['transition', 'cubic'])
  for (const [rig, settings, label] of [
    ['dance', PRESETS.dance, 'dance card, its preset'],
    ['cmu', PRESETS.dance, "CMU at the dance card's settings"],
    ['cmu', PRESETS.cmu, 'CMU, its preset'],
  ]) {
    const r = run(rig, settings, set);
    console.log(
      `${set.padEnd(10)} ${label.padEnd(34)} ${r.switches.toFixed(2)} switches/s, cost ${r.median.toFixed(2)} ` +
        `(p90 ${r.p90.toFixed(2)}, mean ${r.mean.toFixed(2)})`,
    );
  }
