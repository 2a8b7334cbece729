// motion_crowd_suite.mjs — the page side of motion_crowd.mjs: a MotionCrowd per build of the
// package, the same scripted input for each, timed in interleaved rounds.
import { DANCE_FEATURES } from './motion_suite.mjs';
import { random } from '../js/motion_fixtures.mjs';

const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];
/** Frames a round times (1 s at 60 Hz: six searches a character). */
const ROUND = 60;

/** Stick input of character i at frame f: a new speed (0.5–3.5 m/s) and direction every 3 s,
 *  staggered over the crowd (the same for every build: a function of the seed, i and f). */
export function script(count, seed) {
  const inputs = Array.from({ length: count }, () => ({ velocity: { x: 0, y: 0, z: 1 } }));
  const rnd = random(seed);
  return (f) => {
    for (let i = 0; i < count; i++)
      if ((f + 7 * i) % 180 === 0) {
        const speed = 0.5 + 3 * rnd(),
          angle = rnd() * 2 * Math.PI;
        inputs[i] = { velocity: { x: speed * Math.sin(angle), y: 0, z: speed * Math.cos(angle) } };
      }
    return inputs;
  };
}

/** Each build's crowd of `count` on the dance card: `rounds` interleaved rounds of ROUND frames
 *  after a second of warm-up; per build the median over rounds of the mean ms per frame, the
 *  searches per frame and the ms per frame of the batched searches alone. */
export async function crowdBench({ libs, danceCard, count, rounds, log }) {
  const card = danceCard();
  const runs = Object.entries(libs).map(([name, sp]) => {
    const db = new sp.MotionDatabase(card, {
      features: DANCE_FEATURES,
      contactBones: ['LeftToe', 'RightToe'],
      mirror: true,
    });
    const side = Math.ceil(Math.sqrt(count));
    const positions = Array.from({ length: count }, (_, i) => ({
      x: (i % side) * 2,
      y: 0,
      z: Math.floor(i / side) * 2,
    }));
    const crowd = new sp.MotionCrowd(db, count, { positions });
    return {
      name,
      db,
      crowd,
      input: script(count, 22),
      frame: 0,
      ms: [],
      searches: 0,
      searchMs: 0,
      frames: 0,
    };
  });
  log(
    `  ${count} characters on the dance card (${runs[0].db.frames} frames × ${runs[0].db.dims}), 10 Hz searches`,
  );
  const step = (r, timed) => {
    const inputs = r.input(r.frame++);
    const t0 = performance.now();
    r.crowd.update(1 / 60, inputs);
    const ms = performance.now() - t0;
    if (timed) {
      r.searches += r.crowd.searches;
      r.searchMs += r.crowd.microseconds / 1000;
      r.frames++;
    }
    return ms;
  };
  for (const r of runs) for (let f = 0; f < ROUND; f++) step(r, false);
  for (let k = 0; k < rounds; k++) {
    const order = k % 2 ? [...runs].reverse() : runs;
    for (const r of order) {
      let total = 0;
      for (let f = 0; f < ROUND; f++) total += step(r, true);
      r.ms.push(total / ROUND);
    }
  }
  const out = { count, frames: runs[0].db.frames, round: ROUND, rounds, builds: {} };
  for (const r of runs) {
    const b = {
      msPerFrame: median(r.ms),
      rounds: r.ms,
      searchesPerFrame: r.searches / r.frames,
      searchMsPerFrame: r.searchMs / r.frames,
    };
    out.builds[r.name] = b;
    log(
      `  ${r.name}: ${b.msPerFrame.toFixed(2)} ms a frame (median of ${rounds} rounds of ${ROUND} frames: ${r.ms.map((m) => m.toFixed(2)).join(', ')}); ${b.searchesPerFrame.toFixed(1)} searches a frame, ${b.searchMsPerFrame.toFixed(2)} ms of it searching`,
    );
    r.crowd.dispose();
    r.db.dispose();
  }
  if (out.builds.vs)
    log(`  vs / this: ${(out.builds.vs.msPerFrame / out.builds.this.msPerFrame).toFixed(2)}×`);
  return out;
}
