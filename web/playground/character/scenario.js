// The character panel's scenario: the constants and the small helpers that its figure modules
// (foot locking, the distributions, the animation data's figures) and its "Copy as code" programs
// share with the panel (panels/character.js). The panel imports its figures' modules, and they
// import this file, never the panel: no import runs in a circle.

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
