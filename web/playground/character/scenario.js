// The character panel's scenario: the world, the scripted run and the recordings, and the small
// helpers that its figure modules (the replay, foot locking, the distributions, the animation
// data's figures) and its "Copy as code" programs share with the panel (panels/character.js). The
// panel imports its figures' modules, and they import this file, never the panel: no import runs
// in a circle.

/** Frames per second of every recording, replay and figure of the panel. */
export const RATE = 60;
/** Stick length below which a stick counts as released (the article's 0.01). */
export const DEADZONE = 0.01;

/**
 * The distributions of "Code vs Data Driven Displacement": the simulation object driven for
 * RECORD_SECONDS by a stick that changes every 0.5–2 s (direction, and push: none, half, full;
 * from a seeded generator), cut into one-second trajectories every STRAND_EVERY frames, each seen
 * from where it starts (facing forward, at the origin); and the animation data's simulation bone
 * (the dance card's root, CMU's takes as parseBvh makes it) cut the same way, about as many
 * trajectories from each source. Histograms of the speed, acceleration and angular speed of each,
 * all by central differences of the 60 Hz positions and headings.
 */
export const RECORD_SECONDS = 40;
export const STICK_SEED = 5;
export const STRAND_EVERY = 15;
/** Every this many frames a point of a one-second trajectory (30 per second). */
export const STRAND_STEP = 2;
/** Trajectories drawn for each source of the animation data: about as many as the simulation object's. */
export const STRANDS = Math.floor((RECORD_SECONDS * RATE - RATE) / STRAND_EVERY) + 1;
/**
 * The histograms: the quantity, its unit, a bin's width and the number of bins (the last takes
 * everything beyond).
 */
export const HISTOGRAMS = [
  { key: 'speed', title: 'speed (m/s)', bin: 0.25, bins: 32 },
  { key: 'acceleration', title: 'acceleration (m/s²)', bin: 0.5, bins: 40 },
  { key: 'angular', title: 'angular speed (°/s)', bin: 15, bins: 48 },
];

/** The side view draws the foot every this many frames (0.1 s) while it is planted. */
export const FOOTPRINT_EVERY = 6;
/** A foot's outline from its toe (m, x forward and height): toe, heel, ankle, back to the toe. */
export const FOOT_SHAPE = [
  [0, 0],
  [-0.2, 0],
  [-0.15, 0.09],
  [0, 0],
];
export const FOOT_SECONDS = 3;

/**
 * The horizontal vector (dx, 0, dz) rotated by the inverse of q: into the frame of a body of
 * rotation q (x to its side, z ahead), as quat_inv_mul_vec3: v + w·t + u×t with u = −q.xyz,
 * t = 2·u×v. Returns [x, z].
 * @param {{ x: number, y: number, z: number, w: number }} q
 * @param {number} dx
 * @param {number} dz
 */
export function toLocal(q, dx, dz) {
  const [ux, uy, uz] = [-q.x, -q.y, -q.z];
  const tx = 2 * (uy * dz);
  const ty = 2 * (uz * dx - ux * dz);
  const tz = 2 * (-uy * dx);
  return [dx + q.w * tx + (uy * tz - uz * ty), dz + q.w * tz + (ux * ty - uy * tx)];
}

// ---- The world and the scripted run (the panel's live view, its replay figures, its programs) ----

const DEG = Math.PI / 180;
/** Points of the predicted trajectory. */
export const PREDICT = 20;
/** The autopilot's stick script, used when nobody touches the controls: [seconds, stick x, stick z]. */
export const SCRIPT = [
  [1.3, 0, 1],
  [1.1, 0.9, 0.4],
  [0.7, 0, 0],
  [1.1, -0.7, -0.7],
  [1.2, -1, 0.3],
  [0.6, 0, 0],
  [1.1, 0.2, -1],
];
/** The script's length (s). */
const SCRIPT_SECONDS = SCRIPT.reduce((s, [d]) => s + d, 0);
export const REPLAY_SECONDS = 8;
export const MODES = [
  ['none', 'nothing (drifts)'],
  ['sync', 'synchronisation: character to simulation'],
  ['simsync', 'synchronisation: simulation to character'],
  ['adjust', 'adjustment'],
  ['velocity', 'adjustment by velocity'],
];
/** Radius of the simulation object and of the character entity where they meet obstacles (m). */
export const RADIUS = 0.3;
/**
 * The little world of the article's walls figure: a room 12 m × 9.9 m with pillars and blocks.
 * Circles: x, z, radius; boxes: x, z, width, depth, yaw in degrees (+Z turning toward +X).
 */
export const CIRCLES = [
  [-1.5, 4.4, 0.6],
  [3.4, 1.6, 0.9],
];
export const BOXES = [
  [0, 7.3, 13.6, 0.8, 0],
  [0, -3.4, 13.6, 0.8, 0],
  [6.4, 1.95, 0.8, 11.5, 0],
  [-6.4, 1.95, 0.8, 11.5, 0],
  [-3.6, 2.4, 1.8, 0.7, 30],
  [2.2, -1.4, 1.2, 1.2, 45],
];

/**
 * The corners (x, z) of box [x, z, width, depth, yaw°]: its width runs along (cos, −sin) of the yaw.
 * @param {number[]} box
 */
export function boxCorners(box) {
  const [x, z, w, d, yaw] = box;
  const c = Math.cos(yaw * DEG);
  const sn = Math.sin(yaw * DEG);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([a, b]) => [x + (a * w * c) / 2 + (b * d * sn) / 2, z - (a * w * sn) / 2 + (b * d * c) / 2]);
}

/** Clamping applies when the two may differ (not when one is synchronised to the other). */
export const clamps = (p) => p.clamp && p.mode !== 'sync' && p.mode !== 'simsync';

/** Stick of the autopilot at time t (looping), written into `stick`. */
export function scripted(t, stick) {
  let u = t % SCRIPT_SECONDS;
  for (const [d, x, z] of SCRIPT) {
    if (u < d) {
      stick.x = x;
      stick.z = z;
      return stick;
    }
    u -= d;
  }
  return stick;
}

/** Facing direction (x, z) of a yaw quaternion: +Z rotated by q. */
export function facing(q) {
  return [2 * (q.x * q.z + q.w * q.y), 1 - 2 * (q.x * q.x + q.y * q.y)];
}

/**
 * The angle (degrees) between the facing directions of two yaw rotations: what clamping keeps
 * within max angle. atan2 of the cross and dot products: accurate at every angle (acos of the dot
 * product is not, near 0).
 */
export function angleBetween(a, b) {
  const [ax, az] = facing(a);
  const [bx, bz] = facing(b);
  return Math.abs(Math.atan2(ax * bz - az * bx, ax * bx + az * bz)) * (180 / Math.PI);
}
