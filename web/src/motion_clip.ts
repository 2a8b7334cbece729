/**
 * Animation clips in the pose layout, made from the local transforms of a skeleton's bones
 * (what {@link parseBvh} reads from a BVH file and {@link clipFromThree} samples from a
 * three.js clip): resampling, the root "simulation bone" that Holden's Motion-Matching
 * puts on the ground under the character, and velocities by differences.
 *
 * A clip's poses are frames × 13·bones floats, each frame a pose as {@link poseLayout}
 * lays it out: positions and rotations local to the parent; bone 0 the simulation bone,
 * whose position is on the ground (y = 0) and whose rotation is the character's heading
 * about +Y, both in the world; Y up, metres, the character facing +Z.
 * @packageDocumentation
 */
import { show } from './check.js';

/** A clip made by an importer, in the shape a motion database takes. */
export interface ImportedMotion {
  /** The bones: `parents[i]` < i (−1 for bone 0, the simulation bone), and their names. */
  skeleton: { parents: Int32Array; names: string[] };
  /** Frames per second of `clip.poses`. */
  frameRate: number;
  /** The frames: `poses` holds frames × 13·bones floats in the pose layout. */
  clip: { name: string; poses: Float32Array; loop: boolean };
}

/** Where the simulation bone (bone 0 of an imported clip) comes from, as Holden's Motion-Matching makes it. */
export interface SimulationBoneOptions {
  /** Bone whose position, projected on the ground and smoothed, is the root's; default the file's first bone. */
  position?: string;
  /** Bone whose forward axis, projected on the ground and smoothed, is the root's heading; default the first bone. */
  direction?: string;
  /** That bone's forward axis in its own frame, in the file's axes; default [0, 0, 1] (+Z). */
  forward?: readonly number[];
  /** Width in seconds of the smoothing of the position (a local cubic fit, Savitzky–Golay); default 0.5. */
  positionWindow?: number;
  /** Width in seconds of the smoothing of the heading; default 1. */
  directionWindow?: number;
}

/**
 * A skeleton's local transforms over frames, in metres, Y up: bone b of frame f has its
 * position at 3·(f·bones + b) and its rotation (x,y,z,w) at 4·(f·bones + b); the first
 * bone's are in the world.
 * @internal
 */
export interface Frames {
  count: number;
  rate: number;
  positions: Float64Array;
  rotations: Float64Array;
}

// ---- quaternions on flat arrays (double precision; x,y,z,w) --------------------------------

/** out[o..) = a[i..)·b[j..), with a's (`ia`) or b's (`ib`) conjugate, their inverse. @internal */
export function qmul(
  out: Float64Array,
  o: number,
  a: ArrayLike<number>,
  i: number,
  b: ArrayLike<number>,
  j: number,
  ia = false,
  ib = false,
): void {
  const sa = ia ? -1 : 1,
    sb = ib ? -1 : 1;
  const ax = sa * a[i],
    ay = sa * a[i + 1],
    az = sa * a[i + 2],
    aw = a[i + 3];
  const bx = sb * b[j],
    by = sb * b[j + 1],
    bz = sb * b[j + 2],
    bw = b[j + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** out[o..o+3) = q[i..) rotating v[j..) (q's inverse when `inv`). @internal */
export function qrot(
  out: Float64Array,
  o: number,
  q: ArrayLike<number>,
  i: number,
  v: ArrayLike<number>,
  j: number,
  inv = false,
): void {
  const s = inv ? -1 : 1;
  const qx = s * q[i],
    qy = s * q[i + 1],
    qz = s * q[i + 2],
    qw = q[i + 3];
  const vx = v[j],
    vy = v[j + 1],
    vz = v[j + 2];
  const tx = 2 * (qy * vz - qz * vy),
    ty = 2 * (qz * vx - qx * vz),
    tz = 2 * (qx * vy - qy * vx);
  out[o] = vx + qw * tx + (qy * tz - qz * ty);
  out[o + 1] = vy + qw * ty + (qz * tx - qx * tz);
  out[o + 2] = vz + qw * tz + (qx * ty - qy * tx);
}

/** out[o..o+3) = the scaled angle-axis of q[i..) on the shorter arc. */
function qlog(out: Float64Array, o: number, q: ArrayLike<number>, i: number): void {
  const sign = q[i + 3] < 0 ? -1 : 1;
  const len = Math.hypot(q[i], q[i + 1], q[i + 2]);
  // angle = 2·atan2(len, |w|); angle / len → 2/|w| as len → 0
  const k = len < 1e-12 ? 2 / (sign * q[i + 3]) : (2 * Math.atan2(len, sign * q[i + 3])) / len;
  out[o] = sign * k * q[i];
  out[o + 1] = sign * k * q[i + 1];
  out[o + 2] = sign * k * q[i + 2];
}

/** q[i..) scaled to unit length. */
function qnormalize(q: Float64Array, i: number): void {
  const n = 1 / Math.hypot(q[i], q[i + 1], q[i + 2], q[i + 3]);
  for (let k = 0; k < 4; k++) q[i + k] *= n;
}

/** out[o..) = slerp from q[i..) to q[j..) (two rotations of one array) on the shorter arc by t. @internal */
export function qslerp(
  out: Float64Array,
  o: number,
  q: ArrayLike<number>,
  i: number,
  j: number,
  t: number,
): void {
  let dot = q[i] * q[j] + q[i + 1] * q[j + 1] + q[i + 2] * q[j + 2] + q[i + 3] * q[j + 3];
  const sign = dot < 0 ? -1 : 1;
  dot = Math.min(1, sign * dot);
  const theta = Math.acos(dot);
  const s = Math.sin(theta);
  // nlerp where the arc is too short for sin(θ) to divide by
  const wa = s < 1e-6 ? 1 - t : Math.sin((1 - t) * theta) / s;
  const wb = sign * (s < 1e-6 ? t : Math.sin(t * theta) / s);
  for (let k = 0; k < 4; k++) out[o + k] = wa * q[i + k] + wb * q[j + k];
  qnormalize(out, o);
}

// ---- frames -------------------------------------------------------------------------------

/**
 * World positions (3 per bone) and rotations (4 per bone) of frame `f` into `pos`, `rot`.
 * @internal
 */
export function worldTransforms(
  parents: Int32Array,
  frames: Frames,
  f: number,
  pos: Float64Array,
  rot: Float64Array,
): void {
  const n = parents.length;
  const P = frames.positions,
    R = frames.rotations;
  for (let b = 0; b < n; b++) {
    const p = parents[b];
    const src = f * n + b;
    if (p < 0) {
      for (let k = 0; k < 3; k++) pos[3 * b + k] = P[3 * src + k];
      for (let k = 0; k < 4; k++) rot[4 * b + k] = R[4 * src + k];
      continue;
    }
    qmul(rot, 4 * b, rot, 4 * p, R, 4 * src);
    qrot(pos, 3 * b, rot, 4 * p, P, 3 * src);
    for (let k = 0; k < 3; k++) pos[3 * b + k] += pos[3 * p + k];
  }
}

/** Frames of a clip of `count` frames at `from` Hz resampled to `to` Hz (its first frame to its
 *  last, at most): what {@link resample} allocates, known before it does. @internal */
export function resampledCount(count: number, from: number, to: number): number {
  return from === to ? count : Math.floor((count - 1) / (from / to) + 1e-9) + 1;
}

/** `frames` (of `bones` bones) resampled at `rate` Hz: positions linearly, rotations by slerp. @internal */
export function resample(frames: Frames, bones: number, rate: number): Frames {
  if (rate === frames.rate) return frames;
  const step = frames.rate / rate; // source frames per output frame
  const count = resampledCount(frames.count, frames.rate, rate);
  const positions = new Float64Array(count * bones * 3);
  const rotations = new Float64Array(count * bones * 4);
  for (let k = 0; k < count; k++) {
    const t = k * step;
    const i = Math.min(Math.floor(t), frames.count - 1);
    const j = Math.min(i + 1, frames.count - 1);
    const a = t - i;
    for (let b = 0; b < bones; b++) {
      const o = k * bones + b;
      for (let c = 0; c < 3; c++) {
        const p0 = frames.positions[3 * (i * bones + b) + c];
        positions[3 * o + c] = p0 + a * (frames.positions[3 * (j * bones + b) + c] - p0);
      }
      qslerp(rotations, 4 * o, frames.rotations, 4 * (i * bones + b), 4 * (j * bones + b), a);
    }
  }
  return { count, rate, positions, rotations };
}

/**
 * The weights of a least-squares cubic (or lower, for fewer than 4 points) through `w`
 * equally spaced samples, evaluated at sample `at`: value = Σ weights[j]·sample[j].
 */
function fitWeights(w: number, at: number): Float64Array {
  const d = Math.min(3, w - 1) + 1; // coefficients
  const c = (w - 1) / 2;
  const s = Math.max(1, c);
  const x = (j: number): number => (j - c) / s; // centred and scaled, for a well-conditioned fit
  // normal equations M·y = e(x_at), then weight_j = Σ_k y_k·x_j^k
  const m = new Float64Array(d * (d + 1));
  for (let j = 0; j < w; j++)
    for (let r = 0; r < d; r++) for (let k = 0; k < d; k++) m[r * (d + 1) + k] += x(j) ** (r + k);
  for (let r = 0; r < d; r++) m[r * (d + 1) + d] = x(at) ** r;
  for (let r = 0; r < d; r++) {
    // Gauss–Jordan: M is symmetric positive definite, no pivoting needed
    const p = m[r * (d + 1) + r];
    for (let k = 0; k <= d; k++) m[r * (d + 1) + k] /= p;
    for (let q = 0; q < d; q++) {
      if (q === r) continue;
      const f = m[q * (d + 1) + r];
      for (let k = 0; k <= d; k++) m[q * (d + 1) + k] -= f * m[r * (d + 1) + k];
    }
  }
  const weights = new Float64Array(w);
  for (let j = 0; j < w; j++) for (let k = 0; k < d; k++) weights[j] += m[k * (d + 1) + d] * x(j) ** k;
  return weights;
}

/** The most rows a smoothing window fits one by one: 0.5 s at 480 Hz, 1 s at 240 Hz. */
const MAX_WINDOW = 241;

/** Row `t` (a fraction between rows) of `src` (`n` rows of `stride`), linearly, into row `i` of `dst`. */
function lerpRow(
  dst: Float64Array,
  i: number,
  src: Float64Array,
  t: number,
  stride: number,
  n: number,
): void {
  const j = Math.min(Math.floor(t), n - 1),
    a = j < n - 1 ? t - j : 0;
  for (let c = 0; c < stride; c++) {
    const v = src[j * stride + c];
    dst[i * stride + c] = a === 0 ? v : v + a * (src[(j + 1) * stride + c] - v);
  }
}

/**
 * `values` (count rows of `stride` numbers) smoothed by a local cubic fit over `window`
 * rows (Savitzky–Golay); rows within half a window of an end take the fit of the window at
 * that end (SciPy's mode 'interp', as Holden's code uses). A window of more than
 * {@link MAX_WINDOW} rows is fitted on sparser rows and interpolated back.
 */
function smooth(values: Float64Array, stride: number, count: number, window: number): Float64Array {
  const w = Math.max(1, Math.min(window, count));
  if (w > MAX_WINDOW) {
    // a window of more rows than that (a clip above 240 Hz, or a long window): the fit runs on
    // rows k times sparser, interpolated, and is interpolated back, so that its cost stays
    // linear in `count` (a file of 1e5 frames at 100 kHz would take minutes otherwise)
    const k = Math.ceil(w / MAX_WINDOW);
    const m = Math.ceil((count - 1) / k) + 1; // the first and last rows among them
    const step = (count - 1) / (m - 1);
    const sparse = new Float64Array(m * stride);
    for (let i = 0; i < m; i++) lerpRow(sparse, i, values, i * step, stride, count);
    const fitted = smooth(sparse, stride, m, 2 * Math.round(window / step / 2) + 1);
    const out = new Float64Array(values.length);
    for (let i = 0; i < count; i++) lerpRow(out, i, fitted, i / step, stride, m);
    return out;
  }
  const half = Math.floor(w / 2);
  const out = new Float64Array(values.length);
  const cache = new Map<number, Float64Array>();
  for (let i = 0; i < count; i++) {
    const a = Math.max(0, Math.min(i - half, count - w));
    let weights = cache.get(i - a);
    if (!weights) cache.set(i - a, (weights = fitWeights(w, i - a)));
    for (let j = 0; j < w; j++)
      for (let c = 0; c < stride; c++) out[i * stride + c] += weights[j] * values[(a + j) * stride + c];
  }
  return out;
}

// ---- the clip -----------------------------------------------------------------------------

/** An odd number of frames spanning about `seconds` at `rate` Hz. */
const oddFrames = (seconds: number, rate: number): number => 2 * Math.round((seconds * rate) / 2) + 1;

/** The checked simulation-bone options of importer `fn`, with bone names resolved to indices. @internal */
export function simulationOptions(
  fn: string,
  value: unknown,
  names: readonly string[],
): {
  position: number;
  direction: number;
  forward: number[];
  positionWindow: number;
  directionWindow: number;
} {
  if (value === undefined) value = {};
  if (typeof value !== 'object' || value === null)
    throw new TypeError(`sprung.${fn}: options.simulation must be an object, got ${show(value)}`);
  const o = value as Record<string, unknown>;
  const bone = (key: string): number => {
    const name = o[key];
    if (name === undefined) return 0;
    const i = names.indexOf(name as string);
    if (typeof name !== 'string' || i < 0)
      throw new RangeError(
        `sprung.${fn}: options.simulation.${key} must name a bone (${names.join(', ')}), got ${show(name)}`,
      );
    return i;
  };
  const window = (key: string, dflt: number): number => {
    const v = o[key] ?? dflt;
    if (typeof v !== 'number' || !(v >= 0 && v < Infinity))
      throw new RangeError(
        `sprung.${fn}: options.simulation.${key} must be a finite number ≥ 0 (seconds), got ${show(v)}`,
      );
    return v;
  };
  const forward = o.forward ?? [0, 0, 1];
  const f = Array.isArray(forward) ? forward.map(Number) : [];
  if (f.length !== 3 || !f.every(Number.isFinite) || Math.hypot(f[0], f[1], f[2]) === 0)
    throw new TypeError(
      `sprung.${fn}: options.simulation.forward must be 3 finite numbers, not all 0, got ${show(forward)}`,
    );
  return {
    position: bone('position'),
    direction: bone('direction'),
    forward: f,
    positionWindow: window('positionWindow', 0.5),
    directionWindow: window('directionWindow', 1),
  };
}

/**
 * The clip of `frames` (a skeleton of parents `parents`, names `names`, bone 0 its root)
 * with the simulation bone added in front as bone 0 (`sim` from {@link simulationOptions},
 * `forward` already in the output's axes): its position the ground projection of bone
 * `sim.position`, its heading that of bone `sim.direction`'s forward axis, each smoothed;
 * the old root re-expressed relative to it; rotations unrolled (each frame's on the same
 * side as the last's); velocities by {@link poseVelocities}.
 * @internal
 */
export function buildClip(
  name: string,
  parents: Int32Array,
  names: readonly string[],
  frames: Frames,
  sim: ReturnType<typeof simulationOptions>,
): ImportedMotion {
  const n = parents.length;
  const bones = n + 1;
  const F = frames.count;
  const pos = new Float64Array(3 * n);
  const rot = new Float64Array(4 * n);
  const ground = new Float64Array(2 * F);
  const heading = new Float64Array(2 * F);
  const dir = new Float64Array(3);
  for (let f = 0; f < F; f++) {
    worldTransforms(parents, frames, f, pos, rot);
    ground[2 * f] = pos[3 * sim.position];
    ground[2 * f + 1] = pos[3 * sim.position + 2];
    qrot(dir, 0, rot, 4 * sim.direction, sim.forward, 0);
    const len = Math.hypot(dir[0], dir[2]);
    // facing straight up or down has no heading: keep the last frame's
    heading[2 * f] = len > 1e-9 ? dir[0] / len : f > 0 ? heading[2 * f - 2] : 0;
    heading[2 * f + 1] = len > 1e-9 ? dir[2] / len : f > 0 ? heading[2 * f - 1] : 1;
  }
  const g = smooth(ground, 2, F, oddFrames(sim.positionWindow, frames.rate));
  const h = smooth(heading, 2, F, oddFrames(sim.directionWindow, frames.rate));
  const L = 13 * bones;
  const poses = new Float32Array(F * L);
  const root = new Float64Array(4);
  const local = new Float64Array(4);
  const last = new Float64Array(4 * bones);
  for (let f = 0; f < F; f++) {
    const yaw = Math.atan2(h[2 * f], h[2 * f + 1]);
    root[0] = 0;
    root[1] = Math.sin(yaw / 2);
    root[2] = 0;
    root[3] = Math.cos(yaw / 2);
    const base = f * L;
    poses[base] = g[2 * f];
    poses[base + 2] = g[2 * f + 1];
    for (let b = 0; b < bones; b++) {
      const src = f * n + b - 1;
      if (b === 0) local.set(root);
      else if (b === 1) qmul(local, 0, root, 0, frames.rotations, 4 * src, true);
      else local.set(frames.rotations.subarray(4 * src, 4 * src + 4));
      if (b === 1) {
        // the old root relative to the simulation bone: R(yaw)⁻¹·(p − ground)
        dir[0] = frames.positions[3 * src] - g[2 * f];
        dir[1] = frames.positions[3 * src + 1];
        dir[2] = frames.positions[3 * src + 2] - g[2 * f + 1];
        qrot(dir, 0, root, 0, dir, 0, true);
        for (let c = 0; c < 3; c++) poses[base + 3 + c] = dir[c];
      } else if (b > 1) for (let c = 0; c < 3; c++) poses[base + 3 * b + c] = frames.positions[3 * src + c];
      const dot =
        f === 0
          ? 1
          : local[0] * last[4 * b] +
            local[1] * last[4 * b + 1] +
            local[2] * last[4 * b + 2] +
            local[3] * last[4 * b + 3];
      const s = dot < 0 ? -1 : 1;
      for (let c = 0; c < 4; c++) last[4 * b + c] = poses[base + 6 * bones + 4 * b + c] = s * local[c];
    }
  }
  poseVelocities(poses, bones, frames.rate);
  return {
    skeleton: {
      parents: Int32Array.from([-1, ...Array.from(parents, (p) => p + 1)]),
      names: ['Simulation', ...names],
    },
    frameRate: frames.rate,
    clip: { name, poses, loop: false },
  };
}

/**
 * The first value of an imported clip's poses beyond float range (an infinite or NaN float: a
 * position of 1e300, a velocity made infinite by a tiny frame time): its frame, and what it is
 * of which bone as an error names it (`the rotation of "Hips"`, `the velocity of the simulation
 * bone`); null where every value is finite. @internal
 */
export function beyondFloatRange(motion: ImportedMotion): { frame: number; what: string } | null {
  const poses = motion.clip.poses,
    bad = poses.findIndex((x) => !Number.isFinite(x));
  if (bad < 0) return null;
  const B = motion.skeleton.parents.length,
    r = bad % (13 * B);
  // the pose layout: positions, velocities, rotations, angular velocities, each bone by bone
  const [field, bone] =
    r < 3 * B
      ? ['position', r / 3]
      : r < 6 * B
        ? ['velocity', (r - 3 * B) / 3]
        : r < 10 * B
          ? ['rotation', (r - 6 * B) / 4]
          : ['angular velocity', (r - 10 * B) / 3];
  const b = Math.floor(bone);
  return {
    frame: Math.floor(bad / (13 * B)),
    what: `the ${field} of ${b === 0 ? 'the simulation bone' : JSON.stringify(motion.skeleton.names[b])}`,
  };
}

/**
 * Fills the velocities and angular velocities of every frame of `poses` from its positions
 * and rotations, by central differences: v = (p[f+1] − p[f−1])·rate/2 and
 * ω = log(q[f+1]·q[f−1]⁻¹)·rate/2 (the scaled angle-axis, in the parent's frame, as
 * PoseInertializer takes it); at the first and last frames by one-sided differences of the
 * same order (of first order for a clip of 2 frames; a single frame has zero velocities).
 * Needs no {@link init}.
 * @param poses - frames × 13·bones floats in the pose layout; velocities written in place
 * @param bones - (integer ≥ 1) bones per frame
 * @param frameRate - [Hz] (> 0) frames per second
 * @returns poses
 */
export function poseVelocities(poses: Float32Array, bones: number, frameRate: number): Float32Array {
  if (!(poses instanceof Float32Array))
    throw new TypeError(`sprung.poseVelocities: poses must be a Float32Array, got ${show(poses)}`);
  if (typeof bones !== 'number' || !Number.isInteger(bones) || bones < 1)
    throw new RangeError(`sprung.poseVelocities: bones must be an integer ≥ 1, got ${show(bones)}`);
  if (typeof frameRate !== 'number' || !(frameRate > 0 && frameRate < Infinity))
    throw new RangeError(
      `sprung.poseVelocities: frameRate must be a finite number > 0, got ${show(frameRate)}`,
    );
  const L = 13 * bones;
  if (poses.length % L !== 0)
    throw new RangeError(
      `sprung.poseVelocities: poses must hold whole frames of 13·bones = ${L} floats, got ${poses.length}`,
    );
  const F = poses.length / L;
  const V = 3 * bones,
    R = 6 * bones,
    W = 10 * bones;
  const dq = new Float64Array(4);
  const w1 = new Float64Array(3);
  const w2 = new Float64Array(3);
  /** log(q_b · q_a⁻¹) of bone k into w. */
  const turn = (w: Float64Array, b: number, a: number, k: number): void => {
    qmul(dq, 0, poses, b * L + R + 4 * k, poses, a * L + R + 4 * k, false, true);
    qlog(w, 0, dq, 0);
  };
  const p = (f: number, k: number, d: number): number => poses[f * L + 3 * k + d];
  for (let f = 0; f < F; f++) {
    const out = f * L;
    for (let k = 0; k < bones; k++) {
      if (F === 1) {
        w1.fill(0);
        for (let d = 0; d < 3; d++) poses[out + V + 3 * k + d] = 0;
      } else if (f > 0 && f < F - 1) {
        turn(w1, f + 1, f - 1, k);
        for (let d = 0; d < 3; d++) {
          poses[out + V + 3 * k + d] = ((p(f + 1, k, d) - p(f - 1, k, d)) * frameRate) / 2;
          w1[d] *= frameRate / 2;
        }
      } else {
        // from the end e = f inward (step s): first order s·(x_b − x_e), or second order
        // s·(−3·x_e + 4·x_b − x_c)/2 with b = e + s, c = e + 2s
        const s = f === 0 ? 1 : -1;
        const b = f + s,
          c = f + 2 * s;
        turn(w1, b, f, k);
        if (F > 2) turn(w2, c, f, k);
        for (let d = 0; d < 3; d++) {
          const v = F > 2 ? (-3 * p(f, k, d) + 4 * p(b, k, d) - p(c, k, d)) / 2 : p(b, k, d) - p(f, k, d);
          poses[out + V + 3 * k + d] = s * v * frameRate;
          w1[d] = s * (F > 2 ? (4 * w1[d] - w2[d]) / 2 : w1[d]) * frameRate;
        }
      }
      for (let d = 0; d < 3; d++) poses[out + W + 3 * k + d] = w1[d];
    }
  }
  return poses;
}
