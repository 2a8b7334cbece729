// The dance card: a procedural locomotion database for motion matching, made in code from
// the 3D panel's clip generator (pose3d/clips.js) driven along scripted paths. Each take of
// the script (script.js) is a list of moves: walking, running and strafing in straight lines
// and circles, 90° and 180° turns, starts, stops and turns on the spot. The root follows the
// take's path exactly (path.js); the feet are planted where the path puts them and the legs'
// IK keeps them there (footsteps.js); the body is the panel's locomotion cycle with its
// parameters blended between gaits, leaning with the root's acceleration.
//
// The result is what a motion database takes: the skeleton, the frame rate, one clip per take
// (poses in the library's layout, with a tag bitmask and the feet's contacts per frame), the
// mirror map and the list of the script's segments with their frames.
import { poseVelocities } from 'sprung';
import { BONES, BONE_COUNT, OFFSETS, PARENTS, SHIN, THIGH, bone } from '../pose3d/skeleton.js';
import { CLIPS, euler, evaluate, locomotion, spline } from '../pose3d/clips.js';
import { qaxis, qrot } from '../pose3d/math.js';
import { GAIT_NAMES, at, controls, integrate, moveAt, newControls, timeOfPhase } from './path.js';
import { clearSwings, foot, planSteps } from './footsteps.js';
import { TAKES } from './script.js';

const B = BONE_COUNT;
const LEGS = [bone('LeftUpLeg'), bone('RightUpLeg')];
const GRAVITY = 9.81;
/** How much the body leans into the root's acceleration: this fraction of the angle of a pendulum hanging in it. */
const LEAN = 0.5;

/** Tag bits per frame: the gait of the move that holds the frame. */
export const TAGS = { stand: 1, walk: 2, run: 4, strafe: 8 };
const GAIT_TAGS = {
  stand: TAGS.stand,
  turn: TAGS.stand,
  walk: TAGS.walk,
  run: TAGS.run,
  strafe: TAGS.walk | TAGS.strafe,
};

/**
 * The gaits' parameters (the panel's locomotion parameters, see clips.js), plus `legTurn`
 * (rad, how far the legs' frame turns toward the direction of travel per unit of its sine).
 */
export const GAITS = {
  // standing steps (of no length) at a walk's rhythm, so that a start can step at once; the
  // breath at the rhythm of the steps like every gait's (a rate blended between gaits would
  // multiply the whole phase run so far)
  stand: {
    ...CLIPS.idle.params,
    stance: 0.6,
    sway: 0.012,
    bob: 0.003,
    breathe: 0.012,
    breatheRate: 1,
    nod: 0.015,
    legTurn: 0,
  },
  walk: { ...CLIPS.walk.params, legTurn: 0.35 },
  run: { ...CLIPS.run.params, legTurn: 0.2 },
  // side steps: wider, quicker, the hips turned toward the travel and the chest kept forward
  strafe: {
    ...CLIPS.walk.params,
    stance: 0.55,
    width: 0.18,
    toeOut: 0.04,
    lift: 0.08,
    twist: 0.03,
    roll: 0.03,
    sway: 0.015,
    armSwing: 0.1,
    armOut: 0.14,
    lean: 0.02,
    footPitch: [
      [0, -0.12],
      [0.12, 0],
      [0.42, 0.1],
      [0.58, 0.4],
      [0.75, 0.1],
      [0.9, -0.1],
    ],
    legTurn: 0.35,
  },
  turn: { ...CLIPS.turn.params, legTurn: 0 },
};

/** The gait cycle (s) of a move of `gait` at `speed` (m/s): quicker steps when faster, as people take them. */
export function gaitPeriod(gait, speed) {
  if (gait === 'walk') return 1.05 * Math.sqrt(1.25 / speed);
  if (gait === 'run') return 0.68 * (3.3 / speed) ** 0.3;
  if (gait === 'strafe') return 0.6;
  if (gait === 'turn') return 0.85;
  return 1.05;
}

const NUMERIC = Object.keys(GAITS.walk).filter((k) => typeof GAITS.walk[k] === 'number');
const ROWS = GAIT_NAMES.map((g) => Float64Array.from(NUMERIC, (k) => GAITS[g][k]));
const PITCH = GAIT_NAMES.map((g) => spline(1, GAITS[g].footPitch));
const mixed = new Float64Array(NUMERIC.length);

/** The gaits' parameters blended by `weights` (over GAIT_NAMES) into `out`. */
function blend(weights, out) {
  mixed.fill(0);
  for (let g = 0; g < GAIT_NAMES.length; g++) {
    const w = weights[g];
    if (w) for (let k = 0; k < mixed.length; k++) mixed[k] += w * ROWS[g][k];
  }
  for (let k = 0; k < mixed.length; k++) out[NUMERIC[k]] = mixed[k];
  return out;
}

/**
 * The foot's pitch at fraction s of its cycle whose stance lasts `beta`, blended over the
 * gaits by `weights`: each gait's curve read where its own stance maps s to.
 */
function pitch(weights, s, beta) {
  let F = 0;
  for (let g = 0; g < GAIT_NAMES.length; g++) {
    if (!weights[g]) continue;
    const b = GAITS[GAIT_NAMES[g]].stance;
    const u = s < beta ? (s * b) / beta : b + ((s - beta) * (1 - b)) / (1 - beta);
    F += weights[g] * PITCH[g](u);
  }
  return F;
}

/** The velocity on the ground (x, z; m/s) of `path` at time t under controls `c`. */
function velocity(path, t, c, p, out) {
  controls(path.moves, path.starts, t, c);
  at(path, t, p);
  out[0] = c.speed * Math.sin(p[2] + c.dir);
  out[1] = c.speed * Math.cos(p[2] + c.dir);
  return out;
}

/** How far (m) an ankle is kept from its hip joint at most: 98.5 % of the leg, so the knee is never straight. */
const REACH = 0.985 * (THIGH + SHIN);
/** Seconds either side of a frame over which the hips' drop takes the largest need and blends it in. */
const DROP_WINDOW = 0.2;

/**
 * How far (m) the hips must come down for the ankle at `ankle` (root frame) to be within
 * REACH of the hip joint at `hip`: 0 when it already is.
 */
function drop(hip, ankle) {
  const across = Math.hypot(ankle[0] - hip[0], ankle[2] - hip[2]);
  return Math.max(0, hip[1] - ankle[1] - Math.sqrt(Math.max(0, REACH * REACH - across * across)));
}

/**
 * `need` (one value per frame) raised to its largest within `window` frames either side,
 * then averaged by a kernel (1 − (u/window)²)³ of the same width: smooth, and never below
 * `need` (every value averaged is at least the need at the centre).
 */
function cover(need, window) {
  const n = need.length;
  const top = new Float64Array(n);
  for (let i = 0; i < n; i++)
    for (let j = Math.max(0, i - window); j <= Math.min(n - 1, i + window); j++)
      top[i] = Math.max(top[i], need[j]);
  const kernel = Array.from(
    { length: 2 * window + 1 },
    (_, j) => (1 - ((j - window) / (window + 1)) ** 2) ** 3,
  );
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let weight = 0;
    for (let j = -window; j <= window; j++) {
      const k = i + j;
      if (k < 0 || k >= n) continue;
      sum += kernel[j + window] * top[k];
      weight += kernel[j + window];
    }
    out[i] = sum / weight;
  }
  return out;
}

/**
 * One take: its moves (see path.js) at `rate` Hz into poses of the panel's skeleton (frames ×
 * 13·BONE_COUNT, velocities by differences), tags and contacts (2 per frame: left, right).
 * Two passes: the first finds how far the hips must come down for every planted foot to stay
 * within reach (the locomotion cycle's hips height is for its own stride), the second poses
 * the body with that drop, smoothed.
 */
export function take(moves, rate) {
  const path = integrate(
    moves.map((m) => ({ ...m, period: gaitPeriod(m.gait, m.speed) })),
    rate,
  );
  const c = newControls();
  /** The gaits blended as the path has them at time t, the legs turned toward the travel, into out. */
  const gait = (t, out = {}) => {
    controls(path.moves, path.starts, t, c);
    blend(c.weights, out);
    out.legTurn *= Math.sin(c.dir);
    return out;
  };
  const pitchAt = (s, beta, phase) => {
    controls(path.moves, path.starts, timeOfPhase(path, phase), c);
    return pitch(c.weights, s, beta);
  };
  const feet = [planSteps(path, 1, gait), planSteps(path, -1, gait)];
  clearSwings(path, feet[0], feet[1]);
  clearSwings(path, feet[1], feet[0]);

  // one locomotion cycle whose parameters are set for every frame (it reads them as it runs)
  const params = { ...GAITS.walk, footPitch: [[0, 0]], speed: 0, turn: 0 };
  const cycle = locomotion(params);
  const hips = { angles: null, feet: null, hips: null, root: null };
  const root = new Float64Array(4);
  const p = new Float64Array(4);
  const va = new Float64Array(2);
  const vb = new Float64Array(2);
  const ankle = new Float64Array(3);
  const out = { pitch: 0, yaw: 0, contact: false };
  const cursor = [0, 0];
  const contact = [false, false];
  const eps = 1 / (4 * rate);
  /** The body at time t into f (as a clip's frame gives it to evaluate), the root into `root`. */
  const pose = (t, f) => {
    at(path, t, root);
    const yaw = root[2];
    // the locomotion cycle at this phase with the gaits' parameters blended
    const legTurn = gait(t, params).legTurn;
    hips.angles = f.angles;
    cycle.frame(root[3], hips);
    f.hips = hips.hips;
    f.root = hips.root;
    // lean into the acceleration (root frame: forward +Z, left +X)
    velocity(path, t + eps, c, p, vb);
    velocity(path, t - eps, c, p, va);
    const ax = (vb[0] - va[0]) / (2 * eps);
    const az = (vb[1] - va[1]) / (2 * eps);
    const forward = Math.sin(yaw) * ax + Math.cos(yaw) * az;
    const left = Math.cos(yaw) * ax - Math.sin(yaw) * az;
    f.angles.Hips[0] += LEAN * Math.atan(forward / GRAVITY);
    f.angles.Hips[1] -= LEAN * Math.atan(left / GRAVITY);
    // the hips turn with the legs, the chest stays with the heading
    f.angles.Hips[2] += 0.7 * legTurn;
    f.angles.Spine[2] -= 0.3 * legTurn;
    f.angles.Spine1[2] -= 0.2 * legTurn;
    f.angles.Chest[2] -= 0.2 * legTurn;
    // the feet, from the world into the root's frame
    for (let i = 0; i < 2; i++) {
      cursor[i] = foot(feet[i], root[3], pitchAt, cursor[i], ankle, out);
      const dx = ankle[0] - root[0];
      const dz = ankle[2] - root[1];
      f.feet[i] = {
        ankle: [Math.cos(yaw) * dx - Math.sin(yaw) * dz, ankle[1], Math.sin(yaw) * dx + Math.cos(yaw) * dz],
        pitch: out.pitch,
        yaw: out.yaw - yaw,
      };
      contact[i] = out.contact;
    }
  };

  const frames = Math.floor(path.end * rate + 1e-9) + 1;
  // pass 1: how far down the hips must be, frame by frame
  const need = new Float64Array(frames);
  const q = new Float64Array(4);
  const hip = new Float64Array(3);
  for (let frame = 0; frame < frames; frame++) {
    /** @type {any} */
    const f = { angles: {}, feet: [], hips: null, root: null };
    pose(frame / rate, f);
    euler(q, 0, ...f.angles.Hips);
    for (let i = 0; i < 2; i++) {
      qrot(hip, 0, q, 0, OFFSETS, 3 * LEGS[i]);
      for (let k = 0; k < 3; k++) hip[k] += f.hips[k];
      need[frame] = Math.max(need[frame], drop(hip, f.feet[i].ankle));
    }
  }
  const lower = cover(need, Math.round(DROP_WINDOW * rate));

  // pass 2: the poses
  cursor.fill(0);
  const L = 13 * B;
  const poses = new Float32Array(frames * L);
  const tags = new Uint8Array(frames);
  const contacts = new Uint8Array(2 * frames);
  const rot = new Float64Array(4 * B);
  const pos = new Float64Array(3 * B);
  const scratch = new Float64Array(3);
  let frame = 0;
  const body = {
    frame(_, f) {
      pose(frame / rate, f);
      f.hips[1] -= lower[frame];
    },
  };
  for (; frame < frames; frame++) {
    evaluate(body, 0, rot, pos, scratch);
    contacts[2 * frame] = contact[0] ? 1 : 0;
    contacts[2 * frame + 1] = contact[1] ? 1 : 0;
    pos[0] = root[0];
    pos[1] = 0;
    pos[2] = root[1];
    qaxis(rot, 0, 0, 1, 0, root[2]);
    const base = frame * L;
    for (let b = 0; b < B; b++) {
      for (let k = 0; k < 3; k++) poses[base + 3 * b + k] = pos[3 * b + k];
      // rotations on the side of the last frame's, so that every channel is continuous
      const r = base + 6 * B + 4 * b;
      let dot = 0;
      for (let k = 0; k < 4; k++) dot += frame > 0 ? rot[4 * b + k] * poses[r - L + k] : 0;
      const s = dot < 0 ? -1 : 1;
      for (let k = 0; k < 4; k++) poses[r + k] = s * rot[4 * b + k];
    }
    tags[frame] = GAIT_TAGS[path.moves[moveAt(path.starts, frame / rate)].gait];
  }
  poseVelocities(poses, B, rate);
  return { poses, tags, contacts, path };
}

/** bone i ↔ the bone of the other side (itself on the middle line). */
export const MIRROR = Int32Array.from(BONES, ([name]) => {
  const other = name.startsWith('Left')
    ? `Right${name.slice(4)}`
    : name.startsWith('Right')
      ? `Left${name.slice(5)}`
      : name;
  return BONES.findIndex((b) => b[0] === other);
});

/**
 * The dance card at `rate` Hz (default 60): every take of `takes` (default the script's) as a
 * clip. Returns { skeleton, frameRate, clips: [{ name, poses, loop, tags, contacts }], mirror,
 * tags (the tag bits), segments: [{ clip, label, kind, gait, speed, dir, turn, radius, angle,
 * start, end (frames, end exclusive) }] }.
 * @param {{ rate?: number, takes?: Record<string, any[]> }} [options]
 */
export function danceCard({ rate = 60, takes = TAKES } = {}) {
  const clips = [];
  const segments = [];
  for (const [name, moves] of Object.entries(takes)) {
    const { poses, tags, contacts, path } = take(moves, rate);
    clips.push({ name, poses, loop: false, tags, contacts });
    const frames = tags.length;
    path.moves.forEach((m, i) => {
      const start = Math.max(0, Math.ceil(path.starts[i] * rate - 1e-9));
      const end = i + 1 < path.moves.length ? Math.ceil(path.starts[i + 1] * rate - 1e-9) : frames;
      segments.push({ clip: name, ...m, start, end });
    });
  }
  return {
    skeleton: { parents: Int32Array.from(PARENTS), names: BONES.map((b) => b[0]) },
    frameRate: rate,
    clips,
    mirror: MIRROR,
    tags: TAGS,
    segments,
  };
}
