/**
 * A BVH importer: the hierarchy and motion of a Biovision file as a clip in the pose layout,
 * with the simulation bone of Holden's Motion-Matching as its root (see {@link parseBvh}).
 * Pure TypeScript; needs no {@link init}.
 * @packageDocumentation
 */
import { integer, options as optionsOf, positiveOption, show } from './check.js';
import {
  beyondFloatRange,
  buildClip,
  qmul,
  qrot,
  resample,
  resampledCount,
  simulationOptions,
  type Frames,
  type ImportedMotion,
  type SimulationBoneOptions,
} from './motion_clip.js';

/** Options of {@link parseBvh}. */
export interface BvhOptions {
  /** The clip's name; default `'bvh'`. */
  name?: string;
  /** Metres per unit of the file; default 0.01 (centimetres). CMU's BVH conversion: 0.056444 (1/0.45 inch). */
  scale?: number;
  /** The file's up axis; default `'y'`. A Z-up file is turned so that its +Z is up and its −Y faces +Z. */
  up?: 'y' | 'z';
  /** Resample to this many frames per second (positions linearly, rotations by slerp); default the file's rate. */
  frameRate?: number;
  /** The first frame of the file to import (a reference T-pose at frame 0 can be skipped); default 0. */
  start?: number;
  /** One past the last frame of the file to import; default the file's frame count. */
  end?: number;
  /** Where the root comes from (in the file's axes); by default the first bone's ground projection and +Z axis. */
  simulation?: SimulationBoneOptions;
  /** The most frames the clip may have, after resampling: a file (a user's mod, say) that would
   *  make more is refused before anything is allocated. Default 100,000 (28 minutes at 60 Hz). */
  maxFrames?: number;
}

/** The largest float: lengths beyond it are no position sprung can hold. */
const FLOAT_MAX = 3.4028234663852886e38;

/** {@link BvhOptions.maxFrames}'s default. */
const MAX_FRAMES = 100_000;

/** A token of the hierarchy and the line it is on. */
interface Token {
  text: string;
  line: number;
}

const AXES: Record<string, number> = { X: 0, Y: 1, Z: 2 };

/**
 * Reads a BVH file (text) into a clip in the pose layout: the file's joints (End Sites left
 * out) after a simulation bone, each frame's rotations from its Euler channels (composed in
 * the order the channels are listed, as BVH defines them), positions in metres (a joint's
 * position channels replace its offset, the offset stays where it has none), Y up,
 * optionally resampled. The simulation bone is made as in Holden's Motion-Matching: the
 * ground projection of one bone, smoothed over 0.5 s, and the heading of another bone's
 * forward axis, smoothed over 1 s; the file's root is then placed relative to it, and the
 * velocities come from {@link poseVelocities}.
 *
 * Motion capture from the CMU Graphics Lab Motion Capture Database (mocap.cs.cmu.edu) in its
 * BVH conversion reads with `{ scale: 0.056444, start: 1 }` (its frame 0 is a T-pose).
 * @param text - the file's contents
 * @param options - name, units, up axis, frame rate, frame range and simulation bone (see {@link BvhOptions})
 * @returns the skeleton, the frame rate and the clip
 * @throws a `SyntaxError` naming the line where the file is malformed or ends too soon
 * @example
 * const { skeleton, frameRate, clip } = parseBvh(await (await fetch('01_01.bvh')).text(),
 *   { scale: 0.056444, start: 1, frameRate: 60 });
 */
export function parseBvh(text: string, options?: BvhOptions): ImportedMotion {
  const fn = 'parseBvh';
  if (typeof text !== 'string') throw new TypeError(`sprung.${fn}: text must be a string, got ${show(text)}`);
  const o = optionsOf(fn, 'options', options) as BvhOptions;
  const scale = positiveOption(fn, o, 'scale', 0.01);
  const up = o.up ?? 'y';
  if (up !== 'y' && up !== 'z')
    throw new TypeError(`sprung.${fn}: options.up must be 'y' or 'z', got ${show(up)}`);
  const name = o.name ?? 'bvh';
  if (typeof name !== 'string')
    throw new TypeError(`sprung.${fn}: options.name must be a string, got ${show(name)}`);
  const maxFrames = o.maxFrames ?? MAX_FRAMES;
  integer(fn, 'options.maxFrames', maxFrames, 1);

  const lines = text.split(/\r\n|\r|\n/);
  const fail = (line: number, what: string): never => {
    throw new SyntaxError(`sprung.${fn}: line ${line}: ${what}`);
  };

  // ---- the hierarchy, as tokens (braces need not be on lines of their own) ----
  const tokens: Token[] = [];
  let motionLine = -1;
  for (let i = 0; i < lines.length && motionLine < 0; i++) {
    for (const t of lines[i].trim().split(/\s+/)) {
      if (t === '') continue;
      if (t === 'MOTION') {
        motionLine = i;
        break;
      }
      tokens.push({ text: t, line: i + 1 });
    }
  }
  let at = 0;
  const lastLine = tokens.length ? tokens[tokens.length - 1].line : 1;
  const next = (what: string): Token =>
    at < tokens.length
      ? tokens[at++]
      : fail(
          motionLine >= 0 ? motionLine + 1 : lastLine,
          `expected ${what}, but the hierarchy ends here (truncated?)`,
        );
  const expect = (word: string): Token => {
    const t = next(word);
    if (t.text !== word) fail(t.line, `expected ${word}, got ${JSON.stringify(t.text)}`);
    return t;
  };
  const number = (t: Token): number => {
    const v = Number(t.text);
    if (t.text === '' || !Number.isFinite(v))
      fail(t.line, `expected a number, got ${JSON.stringify(t.text)}`);
    return v;
  };

  const names: string[] = [];
  const parents: number[] = [];
  const offsets: number[] = [];
  /** Per joint, its channels: position (0–2) or rotation (3–5) about X, Y, Z. */
  const channels: number[][] = [];
  /** A length of the file, checked to stay within float range once scaled. */
  const inFloat = (value: number, line: number, what: string): number => {
    if (!(Math.abs(value * scale) <= FLOAT_MAX))
      throw new RangeError(
        `sprung.${fn}: line ${line} (${what}): ${value} is beyond float range at options.scale ${scale}`,
      );
    return value;
  };
  const offset = (): number[] => {
    const t = expect('OFFSET');
    return [0, 1, 2].map(() => inFloat(number(next('a number')), t.line, 'OFFSET'));
  };
  /** A ROOT or JOINT's head: its name, offset and channels; returns its index. */
  const head = (parent: number): number => {
    const h = next('ROOT or JOINT');
    const words: string[] = [];
    while (at < tokens.length && tokens[at].line === h.line && tokens[at].text !== '{')
      words.push(tokens[at++].text);
    if (words.length === 0) fail(h.line, `${h.text} has no name`);
    names.push(words.join(' '));
    parents.push(parent);
    expect('{');
    offsets.push(...offset());
    const list: number[] = [];
    const ch = next('CHANNELS');
    if (ch.text !== 'CHANNELS') fail(ch.line, `expected CHANNELS, got ${JSON.stringify(ch.text)}`);
    const count = number(next('the number of channels'));
    if (!Number.isInteger(count) || count < 0 || count > 6)
      fail(ch.line, `a joint has 0 to 6 channels, got ${count}`);
    for (let k = 0; k < count; k++) {
      const t = next('a channel');
      const m = /^([XYZ])(position|rotation)$/.exec(t.text);
      if (!m) fail(t.line, `expected a channel (Xposition … Zrotation), got ${JSON.stringify(t.text)}`);
      list.push(AXES[m![1]] + (m![2] === 'rotation' ? 3 : 0));
    }
    channels.push(list);
    return names.length - 1;
  };
  /** The hierarchy below the ROOT, joint by joint with a stack of the open ones (not by
   *  recursion: a file nested 10,000 deep is read like any other). */
  const hierarchy = (): void => {
    const open = [head(-1)];
    while (open.length > 0) {
      const t = next('JOINT, End Site or }');
      if (t.text === '}') open.pop();
      else if (t.text === 'JOINT') {
        at--;
        open.push(head(open[open.length - 1]));
      } else if (t.text === 'End') {
        const site = next('Site');
        if (site.text.toLowerCase() !== 'site')
          fail(site.line, `expected End Site, got End ${JSON.stringify(site.text)}`);
        expect('{');
        offset();
        expect('}');
      } else fail(t.line, `expected JOINT, End Site or }, got ${JSON.stringify(t.text)}`);
    }
  };
  expect('HIERARCHY');
  const root = next('ROOT');
  if (root.text !== 'ROOT') fail(root.line, `expected ROOT, got ${JSON.stringify(root.text)}`);
  at--;
  hierarchy();
  if (at < tokens.length)
    fail(tokens[at].line, `expected MOTION after the root joint, got ${JSON.stringify(tokens[at].text)}`);
  if (motionLine < 0) fail(lines.length, 'the file ends before MOTION (truncated?)');

  // ---- the motion: a header, then one line of numbers per frame ----
  let line = motionLine + 1;
  const header = (pattern: RegExp, what: string): number => {
    while (line < lines.length && lines[line].trim() === '') line++;
    if (line >= lines.length) fail(lines.length, `expected "${what}", but the file ends here (truncated?)`);
    const m = pattern.exec(lines[line].trim());
    if (!m) fail(line + 1, `expected "${what}", got ${JSON.stringify(lines[line].trim())}`);
    line++;
    return Number(m![1]);
  };
  const total = header(/^Frames:\s*(\d+)$/, 'Frames: <count>');
  const frameTime = header(/^Frame\s+Time:\s*([0-9.eE+-]+)$/, 'Frame Time: <seconds>');
  if (!(frameTime > 0 && frameTime < Infinity))
    fail(line, `the frame time must be a number > 0, got ${frameTime}`);
  if (total === 0) fail(line, 'the file has no frames');
  // each frame is a line: a file claiming more frames than it has lines left is truncated, and
  // is refused before anything is allocated for its count
  let left = 0;
  for (let i = line; i < lines.length && left < total; i++) if (lines[i].trim() !== '') left++;
  if (left < total) fail(lines.length, `the file ends after ${left} of its ${total} frames (truncated?)`);
  const start = o.start ?? 0;
  const end = o.end ?? total;
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 0 || start >= total)
    throw new RangeError(
      `sprung.${fn}: options.start must be an integer in [0, ${total - 1}] (the file has ${total} frames), got ${show(start)}`,
    );
  if (typeof end !== 'number' || !Number.isInteger(end) || end <= start || end > total)
    throw new RangeError(
      `sprung.${fn}: options.end must be an integer in [${start + 1}, ${total}], got ${show(end)}`,
    );
  // a rate printed with a few digits (0.0083333 s) is the whole number it rounds (120 Hz); a
  // rate below 1 Hz (a Frame Time of 100 s, say) is kept as it is
  const exact = 1 / frameTime;
  const rate = exact >= 1 && Math.abs(exact - Math.round(exact)) < 0.01 ? Math.round(exact) : exact;
  const frameRate = positiveOption(fn, o, 'frameRate', rate);
  const count = end - start;
  const made = resampledCount(count, rate, frameRate);
  if (!(made <= maxFrames))
    throw new RangeError(
      `sprung.${fn}: ${count} frames at ${rate} Hz (line ${line}: Frame Time ${frameTime}) ` +
        (frameRate === rate ? '' : `resampled to ${frameRate} Hz (options.frameRate) `) +
        `make ${made} frames, more than options.maxFrames (${maxFrames})`,
    );

  const n = names.length;
  const width = channels.reduce((s, c) => s + c.length, 0);
  /** The file's line of each imported frame, for errors found after reading. */
  const frameLines = new Int32Array(count);
  const frames: Frames = {
    count,
    rate,
    positions: new Float64Array(count * n * 3),
    rotations: new Float64Array(count * n * 4),
  };
  const q = new Float64Array(4);
  const axis = new Float64Array(4);
  // a Z-up file's axes turned by −90° about X: (x, y, z) → (x, z, −y)
  const turn = up === 'z' ? [-Math.SQRT1_2, 0, 0, Math.SQRT1_2] : [0, 0, 0, 1];
  const v = new Float64Array(3);
  for (let f = 0; f < total; f++) {
    while (line < lines.length && lines[line].trim() === '') line++;
    if (line >= lines.length)
      fail(lines.length, `the file ends after ${f} of its ${total} frames (truncated?)`);
    if (f < start || f >= end) {
      line++;
      continue;
    }
    frameLines[f - start] = line + 1;
    const values = lines[line].trim().split(/\s+/);
    if (values.length !== width) fail(line + 1, `frame ${f} has ${values.length} numbers, expected ${width}`);
    let c = 0;
    for (let b = 0; b < n; b++) {
      const k = (f - start) * n + b;
      for (let d = 0; d < 3; d++) v[d] = offsets[3 * b + d];
      q.set([0, 0, 0, 1]);
      for (const ch of channels[b]) {
        const value = number({ text: values[c++], line: line + 1 });
        if (ch < 3) v[ch] = inFloat(value, line + 1, `frame ${f}: ${JSON.stringify(names[b])}'s position`);
        else {
          // rotations compose in the listed order: R = R₁·R₂·R₃
          const half = (value * Math.PI) / 360;
          axis.fill(0);
          axis[ch - 3] = Math.sin(half);
          axis[3] = Math.cos(half);
          qmul(q, 0, q, 0, axis, 0);
        }
      }
      for (let d = 0; d < 3; d++) v[d] *= scale;
      qrot(frames.positions, 3 * k, turn, 0, v, 0);
      // the rotation in the turned axes: turn·q·turn⁻¹
      qmul(q, 0, turn, 0, q, 0);
      qmul(frames.rotations, 4 * k, q, 0, turn, 0, false, true);
    }
    line++;
  }
  while (line < lines.length && lines[line].trim() === '') line++;
  if (line < lines.length) fail(line + 1, `more frames than the ${total} of the Frames line`);

  const sim = simulationOptions(fn, o.simulation, names);
  const forward = new Float64Array(3);
  // the default forward axis is the one that faces +Z once turned: +Z, or −Y in a Z-up file
  if (o.simulation?.forward === undefined && up === 'z') sim.forward = [0, -1, 0];
  qrot(forward, 0, turn, 0, sim.forward, 0);
  sim.forward = Array.from(forward);
  const motion = buildClip(name, Int32Array.from(parents), names, resample(frames, n, frameRate), sim);
  const bad = beyondFloatRange(motion);
  if (bad) {
    // named by the line of the frame it comes from (positions of 1e300, a scale of 1e300, a Frame
    // Time of 1e-300 that makes velocities infinite)
    const source = Math.min(count - 1, Math.round((bad.frame * rate) / frameRate));
    throw new RangeError(
      `sprung.${fn}: line ${frameLines[source]} (frame ${start + source}): ${bad.what} is beyond float range ` +
        `(options.scale ${scale}, Frame Time ${frameTime} s, ${frameRate} frames a second)`,
    );
  }
  return motion;
}
