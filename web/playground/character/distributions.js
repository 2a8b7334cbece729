// The character panel's distributions figures ("Code vs Data Driven Displacement"): how far the
// simulation object's one-second trajectories and its speeds spread, against the animation
// data's (the 3D panel's clips). A module of its own, which the panel imports when the figures
// come near the view: with the clips' code it is a tenth of the panel's bytes, and an embed that
// shows only the first figures never needs it.
import {
  desiredRotationUpdate,
  desiredVelocityUpdate,
  simulationPositionUpdate,
  simulationRotationUpdate,
} from 'sprung';
import { seeded } from '../lib/random.js';
import {
  BIN,
  BINS,
  DEADZONE,
  RATE,
  RECORD_SECONDS,
  STICK_SEED,
  STRAND_EVERY,
  toLocal,
} from '../panels/character.js';
import { CLIP_NAMES, CLIPS, evaluate } from '../pose3d/clips.js';
import { BONE_COUNT } from '../pose3d/skeleton.js';

const v3 = () => ({ x: 0, y: 0, z: 0 });
const q4 = () => ({ x: 0, y: 0, z: 0, w: 1 });

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
 * The clips' root motion, sampled at `rate` (Hz) over each clip's cycle: per clip, rows of
 * [sideways, forward (m/s), yaw rate (rad/s)], rounded to 6 significant digits (the very numbers
 * the programs of "Copy as code" hold).
 * @param {number} rate
 * @returns {{ name: string, roots: number[][] }[]}
 */
export function clipRoots(rate) {
  const rot = new Float64Array(4 * BONE_COUNT);
  const pos = new Float64Array(3 * BONE_COUNT);
  const root = new Float64Array(3);
  const round = (v) => Number(v.toPrecision(6)) + 0; // + 0: no −0
  return CLIP_NAMES.map((name) => {
    const clip = CLIPS[name];
    const n = Math.round(clip.period * rate);
    const roots = [];
    for (let i = 0; i < n; i++) {
      evaluate(clip, i / n, rot, pos, root);
      roots.push([round(root[0]), round(root[1]), round(root[2])]);
    }
    return { name, roots };
  });
}

/**
 * Draws the distributions into the panel's two plots, `strands` (series 0 the animation data,
 * 1 the simulation object) and `speeds` (the same as histograms): the animation data's at once
 * (it has no parameter); the simulation object's by `draw(p)`, for the panel's parameters `p`.
 * @param {any} strands
 * @param {any} speeds
 */
export function distributions(strands, speeds) {
  const script = stickScript();
  /** Bins of a histogram of `values` (m/s) as a stepped series `i` of the speed plot, as shares. */
  function histogram(i, values) {
    const counts = new Array(BINS).fill(0);
    for (const v of values) counts[Math.min(BINS - 1, Math.floor(v / BIN))]++;
    speeds.reset(i);
    counts.forEach((c, k) => speeds.add(i, k * BIN, c / values.length));
    speeds.add(i, BINS * BIN, counts[BINS - 1] / values.length);
  }
  /** The animation data's strands and speeds, from the clips' root motion `roots` (once: it has no parameter). */
  function drawData(roots) {
    strands.reset(0);
    const speedsOf = [];
    for (const { roots: rows } of roots) {
      for (const [side, forward] of rows) speedsOf.push(Math.hypot(side, forward));
      for (let s = 0; s < rows.length; s += STRAND_EVERY) {
        let x = 0;
        let z = 0;
        let yaw = 0;
        strands.add(0, 0, 0);
        for (let j = 0; j < RATE; j++) {
          const [side, forward, turn] = rows[(s + j) % rows.length];
          x += (Math.cos(yaw) * side + Math.sin(yaw) * forward) / RATE;
          z += (-Math.sin(yaw) * side + Math.cos(yaw) * forward) / RATE;
          yaw += turn / RATE;
          strands.add(0, x, z);
        }
        strands.add(0, NaN, NaN);
      }
    }
    histogram(0, speedsOf);
    strands.commit();
    speeds.commit();
  }
  drawData(clipRoots(RATE));
  /** The simulation object driven by the recording's stick: its strands and speeds. */
  function draw(p) {
    const stick = v3();
    const desiredVelocity = v3();
    const desiredRotation = q4();
    const position = v3();
    const velocity = v3();
    const acceleration = v3();
    const rotation = q4();
    const angularVelocity = v3();
    const frames = RECORD_SECONDS * RATE;
    const xs = new Float64Array(frames + 1);
    const zs = new Float64Array(frames + 1);
    const rotations = [];
    const speedsOf = [];
    let segment = 0;
    let until = script[0][0];
    for (let k = 0; k <= frames; k++) {
      xs[k] = position.x;
      zs[k] = position.z;
      rotations.push({ ...rotation });
      speedsOf.push(Math.hypot(velocity.x, velocity.z));
      if (k === frames) break;
      while (k / RATE >= until - 1e-9) until += script[++segment][0];
      stick.x = script[segment][1];
      stick.z = script[segment][2];
      desiredVelocityUpdate(stick, 0, rotation, p.forwardSpeed, p.sideSpeed, p.backSpeed, desiredVelocity);
      if (Math.hypot(stick.x, stick.z) > DEADZONE) desiredRotationUpdate(desiredRotation, desiredVelocity, 0);
      simulationPositionUpdate(position, velocity, acceleration, desiredVelocity, p.simHalflife, 1 / RATE);
      simulationRotationUpdate(rotation, angularVelocity, desiredRotation, p.simHalflife, 1 / RATE);
    }
    strands.reset(1);
    let reach = 0;
    for (let s = 0; s + RATE <= frames; s += STRAND_EVERY) {
      for (let j = 0; j <= RATE; j++) {
        const [x, z] = toLocal(rotations[s], xs[s + j] - xs[s], zs[s + j] - zs[s]);
        strands.add(1, x, z);
        reach = Math.max(reach, Math.hypot(x, z));
      }
      strands.add(1, NaN, NaN);
    }
    histogram(1, speedsOf);
    strands.commit();
    speeds.commit();
    const top = Math.max(...speedsOf);
    strands.summary(
      `Over ${RECORD_SECONDS} s of the stick pushed every way, the simulation object covers up to ${reach.toFixed(2)} m in a second ` +
        `(red: the clips, which walk at 1.25 m/s, run at 3.3 m/s and turn on the spot). Where the two overlap, the ` +
        `character can follow the simulation without adjusting much.`,
    );
    speeds.summary(
      `The simulation object’s speed reaches ${top.toFixed(2)} m/s (forward speed ${p.forwardSpeed.toFixed(1)} m/s); the clips’ ` +
        `speeds are the few of the data, 0 to 3.3 m/s.`,
    );
  }
  return { draw };
}
