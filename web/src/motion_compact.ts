/**
 * The compact bytes of a {@link MotionDatabase}, for the wire: `db.toBytes({ compact: true })`,
 * loaded by the same {@link MotionDatabase.fromBytes}. They hold what the database cannot
 * compute: its skeleton, options and clips, with each clip's poses quantised within the
 * tolerances of {@link MotionCompactOptions} and predicted along the clip, so that what is left
 * is small integers that a server's gzip packs well. Loading rebuilds the poses, their
 * velocities ({@link poseVelocities}, when the clip's were) and every frame's features, as the
 * constructor does.
 *
 * How a clip is stored, channel by channel (a channel: one component of one bone's position,
 * velocity or angular velocity, or one bone's rotation, over the clip's frames):
 * - a channel equal at every frame is stored once, exactly (a bone's offset, a rotation that
 *   never moves);
 * - a position is quantised to a step of the encoder's choice (metres), or stored exactly where
 *   that step is no coarser than the floats;
 * - a rotation keeps its quaternion's sign per frame (as a list of the frames where it flips)
 *   and stores its three components other than one that stays away from 0 over the whole clip
 *   (its sign made positive; rebuilt as √(1 − the others' squares)), or all four, quantised;
 * - the integers of each quantised component are predicted from the frames before (the
 *   polynomial through the last 1 to 5, extrapolated: whichever order the encoder finds
 *   tightest for that component of that clip); the residuals are stored as zigzag LEB128
 *   varints;
 * - velocities and angular velocities are not stored when they are what {@link poseVelocities}
 *   makes of the poses (as {@link parseBvh}, `clipFromThree` and the dance card make them);
 *   others are quantised as positions are.
 * The encoder picks its steps from each bone's reach (how far its descendants are) and scales
 * them until the world transforms after forward kinematics of every bone at every frame are
 * within the tolerances, measured, not estimated.
 *
 * Format version 1, little-endian:
 *
 * | byte | what |
 * |---|---|
 * | 0 | magic: the 8 ASCII bytes `sprungMC` |
 * | 8 | u32: the format version, 1 |
 * | 12 | u32: the length of the whole, in bytes |
 * | 16 | u32: the CRC-32 (ISO-HDLC, as zlib's) of every byte from 20 on |
 * | 20 | u32: H, the length of the head; S, of the frame stream; M, of the channel stream; R, of the residual stream |
 * | 36 | the head: UTF-8 JSON, as in `toBytes()`'s format (skeleton, frame rate, mirror map, features, contact bones, each clip's name, frames and loop, cost rules) |
 * | 36 + H | the frame stream: per clip, per frame, the change of its tag bits (a zigzag varint of the int32 difference), then its contacts (a byte 0 or 1 each) |
 * | then | the channel stream: per clip, a varint of flags (1: velocities stored), then each bone's 3 position channels, each bone's rotation channel, when stored each bone's 3 velocity and 3 angular velocity channels, then one scalar channel per float of each custom feature group (the head's `{ type: 'custom', name, floats }`, in order; the values the clip gives, exactly) |
 * | then | the residual stream: the channels' values, in the same order |
 *
 * A scalar channel in the channel stream is a varint kind: 0, then its value (f32); 1, then its
 * step (f32) and an integer series; 2, an integer series of its floats' keys (exact: the f32
 * bits as an integer of the floats' order, −0 as −1, negative x as −1 − the bits of −x). A
 * rotation channel: a varint kind: 0, then its quaternion (4 f32); 1–4 (the component left out
 * is kind − 1) or 5 (all four), then the step (f32), a varint count of sign flips and the
 * frame of each (varints: the first frame, then the gaps), then its 3 or 4 integer series. An
 * integer series is a varint order: 0 for one value at every frame (one varint in the residual
 * stream), else its prediction order 1–5 (one varint a frame: frame f predicted with order
 * min(f, order)).
 * @packageDocumentation
 */
import type { Described } from './motion_bytes.js';
import type { MotionFeature } from './motion_types.js';
import { describedBy, headOf, readHead } from './motion_bytes.js';
import { poseVelocities, qmul, qrot } from './motion_clip.js';
import { options as optionsOf, show } from './check.js';

/** Options of {@link MotionDatabase.toBytes}. */
export interface MotionBytesOptions {
  /**
   * Writes the compact format, for the wire (see {@link MotionCompactOptions}): `true` for the
   * default tolerances (1 mm, 0.1°), or the tolerances. Default `false`: the exact format.
   */
  compact?: boolean | MotionCompactOptions;
}

/**
 * How far the poses of compact bytes may be from the database's: every bone's world transform
 * after forward kinematics, at every frame of every clip (the mirrored copies are their mirror
 * images, exactly as far). The features are computed again from these poses when the bytes
 * are loaded, so searches find the frames the database finds, or frames of about the same
 * cost where two were about as good.
 */
export interface MotionCompactOptions {
  /** The largest distance between a bone's world position and the database's, in metres (≥ 1e-6). Default 0.001. */
  maxPositionError?: number;
  /** The largest angle between a bone's world rotation and the database's, in radians (in [1e-6, π]). Default 0.1° (π / 1800). */
  maxRotationError?: number;
}

/** The tolerances of compact bytes, checked. @internal */
export interface Tolerances {
  position: number;
  rotation: number;
}

const MAGIC = 'sprungMC';
const VERSION = 1;
const HEADER = 36;
/** The most floats of poses compact bytes may give (1 GiB): counts are bounded before anything is allocated. */
const MAX_POSE_FLOATS = 2 ** 28;
/** Channel values are integers of magnitude below this. */
const MAX_INT = 2 ** 31;
/** The encoder's quantised integers stay below this (half of {@link MAX_INT}): a finer step stores the floats exactly. */
const FINE_INT = 2 ** 30;
/** A component whose magnitude stays at least this over a clip may be left out of its rotation. */
const LEFT_OUT_MIN = 0.3;
/**
 * How much finer than the tolerances a bone that one feature group reads is stored (see
 * {@link shares}): the features are computed again from the rebuilt poses, and a procedural
 * database with many frames nearly alike has near ties. The playground's dance card: in 1,000
 * searches of its frames' features moved by noise, 2 % of the best frames beat the second best
 * by less than 7e-8 of their cost. With this share (and {@link MAX_SCALE}) the loaded dance
 * card returns the same frame for 99.5–99.8 % of them (three sets of 1,000), 19.0× smaller
 * than `toBytes()` after gzip -9; with the bones the features read stored as the others, 81 %
 * (45×). Real motion capture has no such ties: CMU's takes return the same frame for 99.8 %
 * with no share at all.
 */
const FEATURE_SHARE = 8192;
/**
 * The largest common scale of the steps: a database whose features read every bone that moves
 * (the steps of every bone then finer by {@link FEATURE_SHARE}) keeps them fine instead of
 * scaling them all back up to the tolerances. The test's biped (all 9 bones read): 99.7–100 %
 * of searches find the same frame at 16, 96 % unbounded.
 */
const MAX_SCALE = 16;
/** The scale of the steps the encoder tries, at most this many times. */
const TRIES = 40;

/**
 * The tolerances `options.compact` asks for, or null for the exact format.
 * @internal
 */
export function compactTolerances(fn: string, options: unknown): Tolerances | null {
  const o = optionsOf(fn, 'options', options);
  const c = o.compact === undefined ? false : o.compact;
  if (c === false) return null;
  if (c !== true && (typeof c !== 'object' || c === null))
    throw new TypeError(
      `sprung.${fn}: options.compact must be a boolean or an object of tolerances, got ${show(c)}`,
    );
  const t = c === true ? {} : optionsOf(fn, 'options.compact', c);
  const tolerance = (key: string, dflt: number, max: number) => {
    const v = t[key] ?? dflt;
    if (typeof v !== 'number')
      throw new TypeError(`sprung.${fn}: options.compact.${key} must be a number, got ${show(v)}`);
    if (!(v >= 1e-6 && v <= max))
      throw new RangeError(`sprung.${fn}: options.compact.${key} must be in [1e-6, ${max}], got ${show(v)}`);
    return v;
  };
  return {
    position: tolerance('maxPositionError', 0.001, Number.MAX_VALUE),
    rotation: tolerance('maxRotationError', Math.PI / 1800, Math.PI),
  };
}

/** Whether `u8` starts with the magic of compact bytes. @internal */
export function isCompact(u8: Uint8Array): boolean {
  if (u8.length < MAGIC.length) return false;
  for (let i = 0; i < MAGIC.length; i++) if (u8[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

// ---- bytes ---------------------------------------------------------------------------------

let crcTable: Int32Array | undefined;

/** The CRC-32 of `u8` (the polynomial of zlib and PNG). */
function crc32(u8: Uint8Array): number {
  if (crcTable === undefined) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  const t = crcTable;
  let c = -1;
  for (let i = 0; i < u8.length; i++) c = t[(c ^ u8[i]) & 255] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** A growing byte buffer. */
class Writer {
  bytes = new Uint8Array(1 << 12);
  length = 0;
  #room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  byte(v: number): void {
    this.#room(1);
    this.bytes[this.length++] = v;
  }
  /** A LEB128 varint of `v`, an integer in [0, 2^42). */
  varint(v: number): void {
    this.#room(6);
    while (v >= 128) {
      this.bytes[this.length++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.bytes[this.length++] = v;
  }
  /** `v`, an integer of magnitude below 2^41, zigzag-coded (0, −1, 1, −2, … as 0, 1, 2, 3, …). */
  signed(v: number): void {
    this.varint(v >= 0 ? 2 * v : -2 * v - 1);
  }
  f32(v: number): void {
    this.#room(4);
    new DataView(this.bytes.buffer).setFloat32(this.length, v, true);
    this.length += 4;
  }
  get done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Reads one stream of the bytes; reading past its end refuses the bytes, naming the stream. */
class Reader {
  at = 0;
  readonly #view: DataView;
  constructor(
    readonly fn: string,
    readonly what: string,
    readonly u8: Uint8Array,
  ) {
    this.#view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  }
  fail(why: string): never {
    throw new RangeError(`sprung.${this.fn}: bytes must hold a valid ${this.what}: ${why} (corrupted)`);
  }
  byte(): number {
    if (this.at >= this.u8.length) this.fail(`it ends at byte ${this.u8.length}`);
    return this.u8[this.at++];
  }
  varint(): number {
    let v = 0;
    for (let k = 0, scale = 1; k < 6; k++, scale *= 128) {
      const b = this.byte();
      v += (b & 127) * scale;
      if (b < 128) return v;
    }
    return this.fail(`a varint at byte ${this.at - 6} runs over 6 bytes`);
  }
  signed(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
  f32(): number {
    if (this.at + 4 > this.u8.length) this.fail(`it ends at byte ${this.u8.length}`);
    const v = this.#view.getFloat32(this.at, true);
    this.at += 4;
    return v;
  }
  /** A varint that must be at most `max`, naming what it counts. */
  count(what: string, max: number): number {
    const v = this.varint();
    if (v > max) this.fail(`${what} must be at most ${max}, got ${v}`);
    return v;
  }
  /** An f32 that must be finite and > 0: a step. */
  step(what: string): number {
    const v = this.f32();
    if (!(v > 0 && v < Infinity)) this.fail(`${what} must be a finite number > 0, got ${v}`);
    return v;
  }
  end(): void {
    if (this.at !== this.u8.length)
      this.fail(`it holds ${this.u8.length} bytes, of which its channels take ${this.at}`);
  }
}

// ---- channels ------------------------------------------------------------------------------

/**
 * One channel of a clip: a scalar (a component of a bone's position, velocity or angular
 * velocity) or a bone's rotation, over the clip's frames.
 */
interface Channel {
  rotation: boolean;
  /** Scalar: 0 constant, 1 quantised, 2 exact. Rotation: 0 constant, 1–4 three components
   *  (the one left out: kind − 1), 5 four. */
  kind: number;
  /** A constant channel's value (1 float, or a rotation's 4). */
  values: number[];
  /** A quantised channel's step. */
  step: number;
  /** The frames where a rotation's sign flips (from +1 before frame 0). */
  flips: number[];
  /** Each integer series' prediction order (0: one value at every frame). */
  orders: number[];
  /** Its integer series (frames each): of the quantised values, or of the floats' keys (kind 2 scalar). */
  series: Int32Array[];
}

/** Where channel `i` of a clip of `bones` bones sits in a pose, and whether it is a rotation:
 *  positions (3·bones), rotations (bones), then velocities and angular velocities (3·bones each). */
function slot(i: number, bones: number): { at: number; rotation: boolean } {
  if (i < 3 * bones) return { at: i, rotation: false };
  if (i < 4 * bones) return { at: 6 * bones + 4 * (i - 3 * bones), rotation: true };
  if (i < 7 * bones) return { at: 3 * bones + (i - 4 * bones), rotation: false };
  return { at: 10 * bones + (i - 7 * bones), rotation: false };
}

/** The length of (a, b, c, d), a quaternion of about unit length (Math.hypot is several
 *  times slower). */
const length4 = (a: number, b: number, c: number, d: number) => Math.sqrt(a * a + b * b + c * c + d * d);

/** The highest order of prediction. */
const MAX_ORDER = 5;
/** The weights of the frames before in the prediction of each order: the polynomial through
 *  them, extrapolated (binomial coefficients of alternating sign). */
const WEIGHTS = [[], [1], [2, -1], [3, -3, 1], [4, -6, 4, -1], [5, -10, 10, -5, 1]];

/** The prediction of x[f] from the frames before, of order `order` (at most f). Exact: the
 *  integers are below 2^31, the weights' sum of magnitudes at most 31. */
function predict(x: Int32Array, f: number, order: number): number {
  const w = WEIGHTS[Math.min(f, order)];
  let p = 0;
  for (let k = 0; k < w.length; k++) p += w[k] * x[f - 1 - k];
  return p;
}

/** The order that predicts `x` best (fewest bits, about), 0 for a constant series. */
function bestOrder(x: Int32Array): number {
  if (x.every((v) => v === x[0])) return 0;
  const bits = new Float64Array(MAX_ORDER);
  for (let f = 0; f < x.length; f++)
    for (let o = 1; o <= MAX_ORDER; o++) bits[o - 1] += Math.log2(1 + 2 * Math.abs(x[f] - predict(x, f, o)));
  return 1 + bits.indexOf(Math.min(...bits));
}

/** Half the spacing of floats (f32) at magnitude `x`: a finer step holds nothing more of the
 *  values up to `x` (each rebuilt value rounds back to its float). */
const halfSpacing = (x: number) => 2 ** (Math.floor(Math.log2(Math.max(x, 2 ** -126))) - 24);

const bits = new Int32Array(1),
  bitsAsFloat = new Float32Array(bits.buffer);

/** The key of float (f32) `v`: an integer in the floats' order, consecutive floats consecutive
 *  integers (−0 is −1), so that a smooth series of floats is a smooth series of keys. */
function keyOf(v: number): number {
  bitsAsFloat[0] = v;
  return bits[0] >= 0 ? bits[0] : -1 - (bits[0] & 0x7fffffff);
}

/** The float of key `k` (see {@link keyOf}). */
function floatOf(k: number): number {
  bits[0] = k >= 0 ? k : (-1 - k) | 0x80000000;
  return bitsAsFloat[0];
}

/** Channel of the `count` floats of `poses` at `at`, `stride` apart: constant, quantised to
 *  `step` (as an f32), or exact (the floats' keys) where the step is no coarser than the floats. */
function scalarChannel(
  poses: Float32Array,
  at: number,
  stride: number,
  count: number,
  step: number,
): Channel {
  const c: Channel = {
    rotation: false,
    kind: 0,
    values: [poses[at]],
    step: 0,
    flips: [],
    orders: [],
    series: [],
  };
  let constant = true;
  for (let f = 1; f < count && constant; f++) constant = Object.is(poses[at + f * stride], poses[at]);
  if (constant) return c;
  let largest = 0;
  for (let f = 0; f < count; f++) largest = Math.max(largest, Math.abs(poses[at + f * stride]));
  const s = Math.fround(step);
  const x = new Int32Array(count);
  let exact = s <= halfSpacing(largest);
  for (let f = 0; f < count && !exact; f++) {
    x[f] = Math.round(poses[at + f * stride] / s);
    exact = !(Math.abs(poses[at + f * stride] / s) < FINE_INT);
  }
  if (exact) for (let f = 0; f < count; f++) x[f] = keyOf(poses[at + f * stride]);
  return { ...c, kind: exact ? 2 : 1, step: exact ? 0 : s, orders: [bestOrder(x)], series: [x] };
}

/** Channel of the rotations of `poses` at `at` (`stride` apart), each within about `theta`
 *  radians once rebuilt. */
function rotationChannel(
  poses: Float32Array,
  at: number,
  stride: number,
  count: number,
  theta: number,
): Channel {
  const c: Channel = { rotation: true, kind: 0, values: [], step: 0, flips: [], orders: [], series: [] };
  let constant = true;
  for (let f = 1; f < count && constant; f++)
    for (let k = 0; k < 4; k++) constant &&= Object.is(poses[at + f * stride + k], poses[at + k]);
  if (constant) return { ...c, values: Array.from(poses.subarray(at, at + 4)) };
  const n = new Float64Array(4 * count);
  const least = [Infinity, Infinity, Infinity, Infinity];
  for (let f = 0; f < count; f++) {
    const q = at + f * stride;
    const len = length4(poses[q], poses[q + 1], poses[q + 2], poses[q + 3]);
    for (let k = 0; k < 4; k++) {
      n[4 * f + k] = poses[q + k] / len;
      least[k] = Math.min(least[k], Math.abs(n[4 * f + k]));
    }
  }
  const far = Math.max(...least);
  const out = far >= LEFT_OUT_MIN ? least.indexOf(far) : -1;
  // the step: a component's error e moves the rotation by about 2·e (4 components), or by about
  // √3·e / |q_out| with one left out and rebuilt; never so fine that the integers overflow
  const step = Math.fround(Math.max(out < 0 ? theta / 2 : (theta * far) / Math.sqrt(3), 4 / FINE_INT));
  // the sign of each frame: the left-out component made positive, or each frame on the side of
  // the frame before
  const signs = new Int8Array(count);
  for (let f = 0; f < count; f++) {
    let s = 1;
    if (out >= 0) s = n[4 * f + out] < 0 ? -1 : 1;
    else if (f > 0) {
      let dot = 0;
      for (let j = 0; j < 4; j++) dot += n[4 * f + j] * n[4 * f - 4 + j];
      s = dot < 0 ? -signs[f - 1] : signs[f - 1];
    }
    if (s !== (f > 0 ? signs[f - 1] : 1)) c.flips.push(f);
    signs[f] = s;
  }
  for (let k = 0; k < 4; k++) {
    if (k === out) continue;
    const x = new Int32Array(count);
    for (let f = 0; f < count; f++) x[f] = Math.round((signs[f] * n[4 * f + k]) / step);
    c.series.push(x);
    c.orders.push(bestOrder(x));
  }
  return { ...c, kind: out >= 0 ? 1 + out : 5, step };
}

/**
 * Writes channel `ch`'s frames into `poses` at `at` (`stride` apart). Returns false for a
 * rotation that rebuilds to zero length (no encoder makes one).
 */
function rebuild(ch: Channel, poses: Float32Array, at: number, stride: number, count: number): boolean {
  if (!ch.rotation) {
    for (let f = 0; f < count; f++)
      poses[at + f * stride] =
        ch.kind === 0 ? ch.values[0] : ch.kind === 2 ? floatOf(ch.series[0][f]) : ch.series[0][f] * ch.step;
    return true;
  }
  if (ch.kind === 0) {
    for (let f = 0; f < count; f++) for (let k = 0; k < 4; k++) poses[at + f * stride + k] = ch.values[k];
    return true;
  }
  const out = ch.kind - 1,
    q = [0, 0, 0, 0];
  let sign = 1,
    flip = 0;
  for (let f = 0; f < count; f++) {
    if (flip < ch.flips.length && ch.flips[flip] === f) {
      sign = -sign;
      flip++;
    }
    let sum = 0;
    for (let k = 0, i = 0; k < 4; k++) {
      if (k === out) continue;
      q[k] = ch.series[i++][f] * ch.step;
      sum += q[k] * q[k];
    }
    if (out < 4) q[out] = Math.sqrt(Math.max(0, 1 - sum));
    const len = length4(q[0], q[1], q[2], q[3]);
    if (!(len > 0)) return false;
    for (let k = 0; k < 4; k++) poses[at + f * stride + k] = (sign * q[k]) / len;
  }
  return true;
}

/** Writes channel `ch` (of a clip of `count` frames): its description to `meta`, its values to `values`. */
function writeChannel(ch: Channel, count: number, meta: Writer, values: Writer): void {
  meta.varint(ch.kind);
  if (ch.kind === 0) return ch.values.forEach((v) => meta.f32(v));
  if (ch.rotation || ch.kind === 1) meta.f32(ch.step);
  if (ch.rotation) {
    meta.varint(ch.flips.length);
    ch.flips.forEach((f, i) => meta.varint(i === 0 ? f : f - ch.flips[i - 1]));
  }
  ch.series.forEach((x, i) => {
    meta.varint(ch.orders[i]);
    if (ch.orders[i] === 0) values.signed(x[0]);
    else for (let f = 0; f < count; f++) values.signed(x[f] - predict(x, f, ch.orders[i]));
  });
}

/** Reads the description of a channel (its values stay in the residual stream); returns it and
 *  the bytes of values it needs at least. */
function readChannel(meta: Reader, rotation: boolean, count: number): { ch: Channel; needs: number } {
  const kind = meta.count(rotation ? 'a rotation kind' : 'a channel kind', rotation ? 5 : 2);
  const ch: Channel = { rotation, kind, values: [], step: 0, flips: [], orders: [], series: [] };
  if (kind === 0) {
    for (let k = 0; k < (rotation ? 4 : 1); k++) ch.values.push(meta.f32());
    return { ch, needs: 0 };
  }
  if (rotation || kind === 1) ch.step = meta.step('a step');
  if (rotation) {
    const flips = meta.count('sign flips', count);
    for (let i = 0, f = -1; i < flips; i++) {
      f = i === 0 ? meta.varint() : f + meta.varint();
      if (f >= count || (i > 0 && f === ch.flips[i - 1]))
        meta.fail(`the sign flips must be at distinct frames of the clip's ${count}, got frame ${f}`);
      ch.flips.push(f);
    }
  }
  let needs = 0;
  for (let i = 0; i < (!rotation ? 1 : kind === 5 ? 4 : 3); i++) {
    const order = meta.count('a prediction order', MAX_ORDER);
    ch.orders.push(order);
    needs += order === 0 ? 1 : count;
  }
  return { ch, needs };
}

/** Reads the values of channel `ch` from the residual stream into its series. */
function readValues(ch: Channel, values: Reader, count: number): void {
  ch.series = ch.orders.map((order) => {
    const x = new Int32Array(count);
    for (let f = 0; f < count; f++) {
      const v = order === 0 ? (f === 0 ? values.signed() : x[0]) : predict(x, f, order) + values.signed();
      if (!(Math.abs(v) < MAX_INT)) values.fail(`a channel's value ${v} must be of magnitude below 2^31`);
      x[f] = v;
    }
    return x;
  });
}

// ---- custom feature groups ---------------------------------------------------------------

/** A custom feature group of the head: its name and floats per frame. */
interface Custom {
  name: string;
  floats: number;
}

/** The custom feature groups (`{ type: 'custom' }`) among `features`, in order. */
const customsOf = (features: readonly unknown[]): Custom[] =>
  features.filter((f) => (f as { type?: unknown } | null)?.type === 'custom') as Custom[];

/** The values of custom group `name` a clip gives (`clip.features`), if any. */
const valuesOf = (clip: unknown, name: string) =>
  (clip as { features?: Record<string, ArrayLike<number>> }).features?.[name];

// ---- encoding ------------------------------------------------------------------------------

/** Whether the velocities and angular velocities of `poses` are what {@link poseVelocities}
 *  makes of its positions and rotations (to float rounding). */
function derivedVelocities(poses: Float32Array, bones: number, rate: number): boolean {
  const made = poseVelocities(poses.slice(), bones, rate);
  const L = 13 * bones;
  for (let i = 0; i < poses.length; i++) {
    const j = i % L;
    if ((j >= 3 * bones && j < 6 * bones) || j >= 10 * bones)
      if (!(Math.abs(made[i] - poses[i]) <= 1e-5 * (1 + Math.abs(poses[i])))) return false;
  }
  return true;
}

/** Each bone's reach: the longest chain of local offsets (over every frame) to one of its descendants, in metres. */
function reaches(clips: readonly Float32Array[], parents: Int32Array): Float64Array {
  const bones = parents.length,
    L = 13 * bones;
  const offset = new Float64Array(bones);
  for (const poses of clips)
    for (let at = 0; at < poses.length; at += L)
      for (let b = 1; b < bones; b++)
        offset[b] = Math.max(
          offset[b],
          Math.hypot(poses[at + 3 * b], poses[at + 3 * b + 1], poses[at + 3 * b + 2]),
        );
  const reach = new Float64Array(bones);
  for (let b = bones - 1; b > 0; b--) reach[parents[b]] = Math.max(reach[parents[b]], offset[b] + reach[b]);
  return reach;
}

/** Each bone's share of the tolerances of its rotation and of its position, before their common scale. */
interface Shares {
  rotation: Float64Array;
  position: Float64Array;
}

/**
 * Each bone's share of the tolerances: a bone whose descendants are far away takes less of the
 * rotation error (it moves them by its error times their distance); a bone whose rotation or
 * position n of the feature groups read takes 1 / ({@link FEATURE_SHARE}·n) of it, so that the
 * features computed again from the rebuilt poses stay close to the database's. A bone's group
 * reads the positions of its bone and of the bone's ancestors and the rotations of the
 * ancestors; a trajectory group, bone 0's position and rotation.
 */
function shares(
  clips: readonly Float32Array[],
  parents: Int32Array,
  tol: Tolerances,
  features: readonly MotionFeature[],
): Shares {
  const reach = reaches(clips, parents);
  const bones = parents.length;
  const rotations = new Float64Array(bones),
    positions = new Float64Array(bones);
  for (const f of features) {
    if ((f as { type: string }).type === 'custom') continue; // values of the game's: no bone
    // a trajectory reads bone 0's position and rotation
    const bone = 'bone' in f ? (f.bone as number) : 0;
    positions[bone]++;
    if (bone === 0) rotations[0]++;
    for (let b = parents[bone]; b >= 0; b = parents[b]) {
      positions[b]++;
      rotations[b]++;
    }
  }
  const share = (reads: Float64Array) =>
    Float64Array.from(
      reach,
      (r, b) => tol.position / (tol.position + r * tol.rotation) / Math.max(1, FEATURE_SHARE * reads[b]),
    );
  return { rotation: share(rotations), position: share(positions) };
}

/** The channels of one clip for steps of scale `kappa` (see {@link encodeCompact}). */
function clipChannels(
  poses: Float32Array,
  bones: number,
  derived: boolean,
  rate: number,
  share: Shares,
  tol: Tolerances,
  kappa: number,
): Channel[] {
  const L = 13 * bones,
    count = poses.length / L;
  const theta = Array.from(share.rotation, (x) => kappa * x * tol.rotation);
  const positions = Array.from(share.position, (x) => kappa * x * tol.position);
  const channels: Channel[] = [];
  const scalar = (i: number, step: number) =>
    channels.push(scalarChannel(poses, slot(i, bones).at, L, count, step));
  for (let i = 0; i < 3 * bones; i++) scalar(i, positions[Math.floor(i / 3)]);
  for (let b = 0; b < bones; b++)
    channels.push(rotationChannel(poses, slot(3 * bones + b, bones).at, L, count, theta[b]));
  // stored velocities: steps of the noise that derived ones have
  if (!derived)
    for (let i = 0; i < 6 * bones; i++)
      scalar(
        4 * bones + i,
        ((i < 3 * bones ? positions[Math.floor(i / 3)] : theta[Math.floor(i / 3) - bones]) * rate) / 2,
      );
  return channels;
}

/** The poses `channels` rebuild (positions and rotations; velocities where stored). */
function rebuilt(channels: readonly Channel[], bones: number, count: number): Float32Array {
  const L = 13 * bones,
    poses = new Float32Array(count * L);
  channels.forEach((ch, i) => rebuild(ch, poses, slot(i, bones).at, L, count));
  return poses;
}

/** The largest distance between the world positions (metres) and angle between the world
 *  rotations (radians) of any bone at any frame of `a` and `b`, by forward kinematics. */
function largestErrors(a: Float32Array, b: Float32Array, parents: Int32Array): Tolerances {
  const bones = parents.length,
    L = 13 * bones,
    R = 6 * bones;
  const pa = new Float64Array(3 * bones),
    ra = new Float64Array(4 * bones),
    pb = new Float64Array(3 * bones),
    rb = new Float64Array(4 * bones),
    d = new Float64Array(4);
  const world = (poses: Float32Array, at: number, pos: Float64Array, rot: Float64Array) => {
    for (let k = 0; k < bones; k++) {
      const p = parents[k];
      if (p < 0) {
        for (let c = 0; c < 3; c++) pos[3 * k + c] = poses[at + 3 * k + c];
        for (let c = 0; c < 4; c++) rot[4 * k + c] = poses[at + R + 4 * k + c];
        continue;
      }
      qmul(rot, 4 * k, rot, 4 * p, poses, at + R + 4 * k);
      qrot(pos, 3 * k, rot, 4 * p, poses, at + 3 * k);
      for (let c = 0; c < 3; c++) pos[3 * k + c] += pos[3 * p + c];
    }
  };
  let position = 0,
    rotation = 0;
  for (let at = 0; at < a.length; at += L) {
    world(a, at, pa, ra);
    world(b, at, pb, rb);
    for (let k = 0; k < bones; k++) {
      position = Math.max(
        position,
        Math.hypot(pa[3 * k] - pb[3 * k], pa[3 * k + 1] - pb[3 * k + 1], pa[3 * k + 2] - pb[3 * k + 2]),
      );
      qmul(d, 0, ra, 4 * k, rb, 4 * k, true);
      rotation = Math.max(rotation, 2 * Math.atan2(Math.hypot(d[0], d[1], d[2]), Math.abs(d[3])));
    }
  }
  return { position, rotation };
}

/**
 * The compact bytes of the database `s` describes, its poses within `tol`: the largest scale of
 * the steps (of {@link clipChannels}), at most {@link MAX_SCALE}, whose rebuilt poses are within
 * both tolerances, found by measuring them. Returns a new Uint8Array (its own ArrayBuffer).
 * @internal
 */
export function encodeCompact(fn: string, s: Described, tol: Tolerances): Uint8Array {
  const parents = Int32Array.from(s.data.skeleton.parents);
  const bones = parents.length,
    L = 13 * bones,
    rate = s.data.frameRate,
    k = s.options.contactBones?.length ?? 0;
  const clips = s.data.clips.map((clip) => clip.poses);
  const derived = clips.map((poses) => derivedVelocities(poses, bones, rate));
  const customs = customsOf(s.options.features);
  const share = shares(clips, parents, tol, s.options.features);
  /** The largest error over the tolerance, of steps of scale `kappa` (only positions and
   *  rotations count: forward kinematics reads nothing else). */
  const worstFor = (kappa: number) =>
    Math.max(
      ...clips.map((poses) => {
        const back = rebuilt(
          clipChannels(poses, bones, true, rate, share, tol, kappa),
          bones,
          poses.length / L,
        );
        const e = largestErrors(poses, back, parents);
        return Math.max(e.position / tol.position, e.rotation / tol.rotation);
      }),
    );
  // the errors are about proportional to the scale: aim just inside both tolerances; after a
  // few tries, halve the scale until they are (the finest steps hold every pose to float rounding)
  let best = 0,
    kappa = 0.5;
  for (let i = 0; i < TRIES; i++) {
    const worst = worstFor(kappa);
    if (worst <= 1) best = Math.max(best, kappa);
    if (best > 0 && ((worst > 0.9 && worst <= 1) || i >= 6 || best === MAX_SCALE)) break;
    kappa = Math.min(
      MAX_SCALE,
      worst > 1 && i >= 6 ? kappa / 2 : kappa * Math.min(4, 0.95 / Math.max(worst, 1e-9)),
    );
  }
  if (best === 0)
    throw new RangeError(
      `sprung.${fn}: options.compact: the poses cannot be held within ${tol.position} m and ${tol.rotation} rad`,
    );
  const frames = new Writer(),
    meta = new Writer(),
    values = new Writer();
  s.data.clips.forEach((clip, c) => {
    const poses = clips[c],
      count = poses.length / L;
    const tags = clip.tags ?? [],
      contacts = clip.contacts ?? [];
    for (let f = 0; f < count; f++) {
      frames.signed((tags[f] ?? 0) - (f > 0 ? (tags[f - 1] ?? 0) : 0));
      for (let j = 0; j < k; j++) frames.byte(contacts[f * k + j] ? 1 : 0);
    }
    meta.varint(derived[c] ? 0 : 1);
    for (const ch of clipChannels(poses, bones, derived[c], rate, share, tol, best))
      writeChannel(ch, count, meta, values);
    // the custom groups' values, exactly (the game's values: nothing to measure them against)
    for (const g of customs) {
      const v = Float32Array.from(valuesOf(clip, g.name) ?? []);
      if (v.length !== count * g.floats)
        throw new RangeError(
          `sprung.${fn}: data.clips[${c}].features.${g.name} must hold ${count * g.floats} values, got ${v.length}`,
        );
      for (let j = 0; j < g.floats; j++)
        writeChannel(scalarChannel(v, j, g.floats, count, 0), count, meta, values);
    }
  });
  const head = headOf(s);
  const parts = [head, frames.done, meta.done, values.done];
  const total = HEADER + parts.reduce((n, p) => n + p.length, 0);
  if (total > 2 ** 32 - 1)
    throw new RangeError(`sprung.${fn}: the database takes ${total} bytes, more than the format's 4 GiB`);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, VERSION, true);
  view.setUint32(12, total, true);
  parts.forEach((p, i) => view.setUint32(20 + 4 * i, p.length, true));
  let at = HEADER;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  view.setUint32(16, crc32(out.subarray(20)), true);
  return out;
}

// ---- decoding ------------------------------------------------------------------------------

/**
 * What compact bytes (`u8`, starting with their magic) describe: every field checked as it is
 * read, every count bounded before anything is allocated (frames by the frame stream's bytes,
 * the values by the residual stream's, the poses at {@link MAX_POSE_FLOATS}). The constructor
 * checks the rest and computes the features.
 * @internal
 */
export function decodeCompact(fn: string, u8: Uint8Array): Described {
  const refuse = (why: string): never => {
    throw new RangeError(`sprung.${fn}: bytes ${why}`);
  };
  const length = u8.length;
  if (length < HEADER)
    refuse(`must hold at least the ${HEADER} bytes of the compact header, got ${length} bytes (truncated)`);
  const view = new DataView(u8.buffer, u8.byteOffset, length);
  const [version, total, crc, h, s, m, r] = Array.from({ length: 7 }, (_, i) =>
    view.getUint32(8 + 4 * i, true),
  );
  if (version !== VERSION)
    refuse(
      `must be of compact format version ${VERSION} (this sprung's), got version ${version}; make them again with this version's toBytes({ compact: true })`,
    );
  if (total !== length)
    refuse(
      `must hold the ${total} bytes their header gives, got ${length} bytes${length < total ? ' (truncated)' : ''}`,
    );
  const sum = crc32(u8.subarray(20));
  if (sum !== crc)
    refuse(
      `must match their checksum: CRC-32 ${sum.toString(16)}, their header gives ${crc.toString(16)} (corrupted)`,
    );
  if (HEADER + h + s + m + r !== total)
    refuse(
      `must hold what their header's lengths make (head ${h}, frames ${s}, channels ${m}, values ${r} bytes), got ${total} bytes`,
    );
  let at = u8.byteOffset + HEADER;
  const part = (n: number) => new Uint8Array(u8.buffer, (at += n) - n, n);
  const { head, clips } = readHead(fn, part(h));
  const parents = (head.skeleton as { parents?: unknown } | null)?.parents;
  if (!Array.isArray(parents) || parents.length < 1 || parents.length > 1 << 16)
    refuse(`must hold a head whose skeleton gives 1 to 65536 parents, got ${show(parents)}`);
  const cb = head.contactBones ?? [];
  if (!Array.isArray(cb) || cb.length > 1 << 16)
    refuse(`must hold a head whose contact bones are an array, got ${show(cb)}`);
  const rate = head.frameRate as number;
  if (!(typeof rate === 'number' && rate > 0 && rate < Infinity))
    refuse(`must describe a valid database: data.frameRate must be a finite number > 0, got ${show(rate)}`);
  const bones = (parents as unknown[]).length,
    k = (cb as unknown[]).length,
    L = 13 * bones;
  const frames = clips.reduce((n, x) => n + x.frames, 0);
  // a frame takes at least 1 + k bytes of the frame stream
  if (frames * (1 + k) > s)
    refuse(
      `must hold ${1 + k} byte${k > 0 ? 's' : ''} a frame in their frame stream (${frames} frames), got ${s} bytes`,
    );
  if (frames * L > MAX_POSE_FLOATS)
    refuse(`must hold at most ${MAX_POSE_FLOATS} floats of poses, got ${frames} frames of ${L}`);
  const features = Array.isArray(head.features) ? (head.features as unknown[]) : [];
  const customs = customsOf(features);
  customs.forEach((g, i) => {
    if (typeof g.name !== 'string' || !(Number.isInteger(g.floats) && g.floats >= 1 && g.floats <= 256))
      refuse(
        `must hold a head whose custom features each give a name and 1 to 256 floats, got ${show(g)} (custom feature ${i})`,
      );
  });
  const width = customs.reduce((n, g) => n + g.floats, 0);
  if (frames * width > MAX_POSE_FLOATS)
    refuse(`must hold at most ${MAX_POSE_FLOATS} custom feature values, got ${frames} frames of ${width}`);
  const frameStream = new Reader(fn, 'frame stream', part(s)),
    meta = new Reader(fn, 'channel stream', part(m)),
    values = new Reader(fn, 'residual stream', part(r));
  // the channels first: they say how many values follow, which the residual stream must hold
  let needs = 0;
  const described = clips.map((x) => {
    const stored = meta.count("a clip's flags", 1) === 1;
    const posed = (stored ? 10 : 4) * bones;
    return Array.from({ length: posed + width }, (_, i) => {
      const c = readChannel(meta, i < posed && slot(i, bones).rotation, x.frames);
      needs += c.needs;
      return c.ch;
    });
  });
  meta.end();
  if (needs > r)
    refuse(`must hold at least ${needs} bytes of values for their channels, got ${r} (truncated)`);
  const poses = new Float32Array(frames * L),
    tags = new Int32Array(frames),
    contacts = new Uint8Array(frames * k);
  const custom = clips.map(() => ({}) as Record<string, Float32Array>);
  let first = 0;
  clips.forEach((x, c) => {
    for (let f = first; f < first + x.frames; f++) {
      tags[f] = (f > first ? tags[f - 1] : 0) + frameStream.signed();
      for (let j = 0; j < k; j++) {
        const v = frameStream.byte();
        if (v > 1) frameStream.fail(`the contacts of frame ${f} must be 0 or 1, got ${v}`);
        contacts[f * k + j] = v;
      }
    }
    const clip = poses.subarray(first * L, (first + x.frames) * L);
    const posed = described[c].length - width;
    described[c].slice(0, posed).forEach((ch, i) => {
      readValues(ch, values, x.frames);
      if (!rebuild(ch, clip, slot(i, bones).at, L, x.frames))
        values.fail(`the rotations of bone ${i - 3 * bones} of clip ${c} must not be of length 0`);
    });
    if (posed === 4 * bones) poseVelocities(clip, bones, rate);
    let i = posed;
    for (const g of customs) {
      const v = (custom[c][g.name] = new Float32Array(x.frames * g.floats));
      for (let j = 0; j < g.floats; j++) {
        readValues(described[c][i], values, x.frames);
        rebuild(described[c][i++], v, j, g.floats, x.frames);
      }
    }
    first += x.frames;
  });
  frameStream.end();
  values.end();
  return describedBy(head, clips, L, k, poses, tags, contacts, custom);
}
