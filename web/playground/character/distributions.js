// The character panel's distributions ("Code vs Data Driven Displacement"): how far the one-second
// trajectories of the simulation object spread, and its speeds, accelerations and angular speeds,
// overlaid on the same of the animation data's simulation bone (the dance card's root, CMU's takes
// as parseBvh makes it), as the article overlays its recording on its data. A module of its own,
// which the panel imports when the figures come near the view.
import {
  desiredRotationUpdate,
  desiredVelocityUpdate,
  simulationPositionUpdate,
  simulationRotationUpdate,
} from 'sprung';
import { seeded } from '../lib/random.js';
import {
  DEADZONE,
  HISTOGRAMS,
  RATE,
  RECORD_SECONDS,
  STICK_SEED,
  STRAND_EVERY,
  STRAND_STEP,
  STRANDS,
} from './scenario.js';

/** The plots' series: the dance card, CMU's takes, the simulation object. */
export const DANCE = 0;
export const CMU = 1;
export const SIMULATION = 2;

/**
 * The stick of the recording over RECORD_SECONDS: [duration, x, z] segments from the seeded generator.
 * @returns {[number, number, number][]}
 */
export function stickScript() {
  const random = seeded(STICK_SEED);
  /** @type {[number, number, number][]} */
  const script = [];
  for (let t = 0; t < RECORD_SECONDS;) {
    const duration = 0.5 + 1.5 * random();
    const angle = 2 * Math.PI * random();
    const u = random();
    const push = u < 0.15 ? 0 : u < 0.4 ? 0.5 : 1;
    script.push([duration, push * Math.sin(angle), push * Math.cos(angle)]);
    t += duration;
  }
  return script;
}

/**
 * The simulation object driven by the recording's stick for RECORD_SECONDS at RATE with the
 * panel's parameters `p`: its path as x, z and heading (rad) interleaved, one row per frame, and
 * at every frame its speed (m/s), acceleration (m/s²) and angular speed (°/s), read from its
 * springs' state (exact: no differences).
 * @param {any} p
 * @param {[number, number, number][]} script
 */
export function recordSimulation(p, script) {
  const v3 = () => ({ x: 0, y: 0, z: 0 });
  const [stick, desiredVelocity, position, velocity, acceleration, angularVelocity] = [
    v3(),
    v3(),
    v3(),
    v3(),
    v3(),
    v3(),
  ];
  const desiredRotation = { x: 0, y: 0, z: 0, w: 1 };
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  const frames = RECORD_SECONDS * RATE;
  const path = new Float64Array(3 * (frames + 1));
  const values = /** @type {number[][]} */ ([[], [], []]);
  let segment = 0;
  let until = script[0][0];
  for (let k = 0; k <= frames; k++) {
    path[3 * k] = position.x;
    path[3 * k + 1] = position.z;
    path[3 * k + 2] = 2 * Math.atan2(rotation.y, rotation.w);
    values[0].push(Math.hypot(velocity.x, velocity.z));
    values[1].push(Math.hypot(acceleration.x, acceleration.z));
    values[2].push((Math.abs(angularVelocity.y) * 180) / Math.PI);
    if (k === frames) break;
    while (k / RATE >= until - 1e-9) until += script[++segment][0];
    stick.x = script[segment][1];
    stick.z = script[segment][2];
    desiredVelocityUpdate(stick, 0, rotation, p.forwardSpeed, p.sideSpeed, p.backSpeed, desiredVelocity);
    if (Math.hypot(stick.x, stick.z) > DEADZONE) desiredRotationUpdate(desiredRotation, desiredVelocity, 0);
    simulationPositionUpdate(position, velocity, acceleration, desiredVelocity, p.simHalflife, 1 / RATE);
    simulationRotationUpdate(rotation, angularVelocity, desiredRotation, p.simHalflife, 1 / RATE);
  }
  return { path, values };
}

/** `angle` wrapped into (−π, π]. */
const wrap = (angle) => angle - 2 * Math.PI * Math.round(angle / (2 * Math.PI));

/**
 * The one-second trajectories of a path (x, z, heading per frame), from frames 0, every, 2·every…
 * each seen from where it starts, facing forward (x sideways, z forward): a point every
 * STRAND_STEP frames into series `i` of `plot`, a gap after each. Returns the farthest reach (m).
 */
function strandsOf(plot, i, path, every) {
  const n = path.length / 3;
  let reach = 0;
  for (let s = 0; s + RATE < n; s += every) {
    const [x0, z0, yaw] = [path[3 * s], path[3 * s + 1], path[3 * s + 2]];
    const [c, sn] = [Math.cos(yaw), Math.sin(yaw)];
    for (let j = 0; j <= RATE; j += STRAND_STEP) {
      const dx = path[3 * (s + j)] - x0;
      const dz = path[3 * (s + j) + 1] - z0;
      const x = c * dx - sn * dz;
      const z = sn * dx + c * dz;
      plot.add(i, x, z);
      reach = Math.max(reach, Math.hypot(x, z));
    }
    plot.add(i, NaN, NaN);
  }
  return reach;
}

/**
 * The speed (m/s), acceleration (m/s²) and angular speed (°/s) of every inner frame of a path of
 * the animation data, by central differences at RATE, appended to `out`'s three lists.
 * @param {ArrayLike<number>} path
 * @param {number[][]} out
 */
export function motionOf(path, out) {
  const n = path.length / 3;
  for (let k = 1; k + 1 < n; k++) {
    const [a, b, c] = [3 * (k - 1), 3 * k, 3 * (k + 1)];
    out[0].push((Math.hypot(path[c] - path[a], path[c + 1] - path[a + 1]) * RATE) / 2);
    out[1].push(
      Math.hypot(path[c] - 2 * path[b] + path[a], path[c + 1] - 2 * path[b + 1] + path[a + 1]) * RATE * RATE,
    );
    out[2].push((Math.abs(wrap(path[c + 2] - path[a + 2])) * RATE * 90) / Math.PI);
  }
  return out;
}

/**
 * The share of `values` in each bin of histogram `spec` (the last bin takes all beyond), as a
 * stepped series `i` of `plot` (the last bin drawn again at its end). Returns the 99th percentile.
 */
function histogram(plot, i, values, spec) {
  const counts = new Array(spec.bins).fill(0);
  for (const v of values) counts[Math.min(spec.bins - 1, Math.floor(v / spec.bin))]++;
  plot.reset(i);
  counts.forEach((c, k) => plot.add(i, k * spec.bin, c / values.length));
  plot.add(i, spec.bins * spec.bin, counts[spec.bins - 1] / values.length);
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))];
}

/** Frames between the starts of the trajectories of the animation data's `paths`: about STRANDS of them in all. */
function spacing(paths) {
  const usable = paths.reduce((s, p) => s + Math.max(0, p.length / 3 - RATE), 0);
  return Math.max(1, Math.round(usable / STRANDS));
}

const number = (v, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '–');

/**
 * Draws the distributions into the panel's plots: `strands` and the histograms `hists` (in the
 * order of HISTOGRAMS), each with series DANCE, CMU and SIMULATION. `data(motion)` draws the
 * animation data's (when the worker has made it); `draw(p)` the simulation object's for the
 * panel's parameters `p`.
 * @param {any} strands
 * @param {any[]} hists
 */
export function distributions(strands, hists) {
  const script = stickScript();
  /** The 99th percentiles per source and histogram, and the farthest reach per source. */
  const tops = [
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
    [NaN, NaN, NaN],
  ];
  const reach = [NaN, NaN, NaN];
  let cmuNote = '';

  /**
   * Series `i` of every plot from the paths of one source (a trajectory from every `every`
   * frames) and the values of its histograms (speed, acceleration, angular speed).
   */
  function drawSource(i, paths, values, every) {
    strands.reset(i);
    reach[i] = 0;
    for (const path of paths) reach[i] = Math.max(reach[i], strandsOf(strands, i, path, every));
    HISTOGRAMS.forEach(
      (spec, h) => (tops[i][h] = paths.length ? histogram(hists[h], i, values[h], spec) : NaN),
    );
    if (!paths.length) for (const plot of hists) plot.reset(i);
  }

  function describe() {
    const [d, c, s] = tops;
    const src = (k) =>
      `${number(d[k])} for the dance card${cmuNote ? '' : `, ${number(c[k])} for CMU’s takes`}, ${number(s[k])} for the simulation object`;
    strands.summary(
      `One-second trajectories, each from where it starts: the simulation object covers up to ${number(reach[SIMULATION], 2)} m in a ` +
        `second, the dance card ${number(reach[DANCE], 2)} m${cmuNote ? '' : `, CMU’s takes ${number(reach[CMU], 2)} m`}. Where the ` +
        `fans overlap, the character can follow the simulation without adjusting much.${cmuNote}`,
    );
    hists[0].summary(`Speeds (99th percentile, m/s): ${src(0)}.`);
    hists[1].summary(`Accelerations (99th percentile, m/s²): ${src(1)}: how quickly each starts and stops.`);
    hists[2].summary(`Angular speeds (99th percentile, °/s): ${src(2)}: how quickly each turns.`);
  }

  function commit() {
    strands.commit();
    for (const plot of hists) plot.commit();
    describe();
  }

  return {
    /**
     * The animation data's series, from the worker's data.
     * @param {import('./data.js').MotionData} motion
     */
    data(motion) {
      for (const [i, paths] of /** @type {[number, Float32Array[]][]} */ ([
        [DANCE, motion.dance.map((c) => c.root)],
        [CMU, motion.cmu.map((t) => t.root)],
      ])) {
        const values = /** @type {number[][]} */ ([[], [], []]);
        for (const path of paths) motionOf(path, values);
        drawSource(i, paths, values, spacing(paths));
      }
      cmuNote = motion.cmuError ? ` (${motion.cmuError})` : '';
      commit();
    },
    /** The simulation object's series for the panel's parameters `p`. */
    draw(p) {
      const { path, values } = recordSimulation(p, script);
      drawSource(SIMULATION, [path], values, STRAND_EVERY);
      commit();
    },
  };
}
