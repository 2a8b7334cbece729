/**
 * The bytes of a {@link MotionDatabase} ({@link MotionDatabase.toBytes},
 * {@link MotionDatabase.fromBytes}): what a game loads instead of building the database at run
 * time. They hold the database's data and options and every frame's features as
 * `sp_motion_features` computed them; loading checks the data as the constructor does and
 * normalises and bounds the features again (`sp_motion_database_build`, a few passes over them),
 * which gives the same database bit for bit, without the forward kinematics of every frame.
 *
 * Format version 2, little-endian (as WebAssembly's memory), every section at a multiple of
 * 4 bytes from the start:
 *
 * | byte | what |
 * |---|---|
 * | 0 | magic: the 8 ASCII bytes `sprungMD` |
 * | 8 | u32: the format version, 2 (1 is read too: no rules, no custom features) |
 * | 12 | u32: the length of the whole, in bytes |
 * | 16 | u32: H, the length of the head (a multiple of 4) |
 * | 20 | u32: frames F, every clip's then their mirrored copies' |
 * | 24 | u32: D, floats of features per frame |
 * | 28 | u32: C, the clips' frames (without the mirrored copies) |
 * | 32 | u32: P, floats per pose (13·bones) |
 * | 36 | u32: K, contacts per frame (`contactBones`) |
 * | 40 | the head: UTF-8 JSON padded with spaces to H bytes, `{ frameRate, skeleton: { parents, names? }, mirror, features, contactBones, clips: [{ name, frames, loop }], rules }` (bones by index; `mirror` the bone map or null; a custom feature as `{ type: 'custom', name, floats, weight, mirror }`, its values in the features below; `rules` as `MotionDatabase.rules` gives them, `{ clip, start, stop, multiplier, additive, block, when }` with the clip by index and a per-frame multiplier or additive cost as an array of numbers) |
 * | 40 + H | f32 × C·P: the clips' poses, in order (pose layout) |
 * | then | f32 × F·D: the features, row-major, not normalised |
 * | then | i32 × C: the clips' tags, per frame |
 * | then | u8 × C·K: the clips' contacts, per frame and contact bone |
 *
 * @internal
 * @packageDocumentation
 */
import type { MotionData, MotionDatabaseOptions, MotionFeature } from './motion_types.js';
import { wasm } from './wasm.js';
import { show } from './check.js';

/** A database's data and options (bones by index): what every format of its bytes holds. */
export interface Described {
  data: MotionData;
  options: MotionDatabaseOptions & { features: readonly MotionFeature[] };
}

/** What the bytes hold: the database's data and options, and its features. */
export interface Stored extends Described {
  /** Frames (mirrored copies included) and floats per frame. */
  frames: number;
  dims: number;
  /** F·D floats, row-major, as sp_motion_features made them. */
  features: Float32Array;
}

/** Whether `s` holds every frame's features (bytes of `toBytes()`, not compact bytes). */
export const hasFeatures = (s: Described): s is Stored => 'features' in s;

const MAGIC = 'sprungMD';
/** The version written; version 1 (before cost rules and custom features) is read too. */
const VERSION = 2;
const HEADER = 40;

const TypedArray = Object.getPrototypeOf(Uint8Array.prototype) as object;
const intrinsic = (key: string | symbol) => Object.getOwnPropertyDescriptor(TypedArray, key)!.get!;
const tagOf = intrinsic(Symbol.toStringTag),
  bufferOf = intrinsic('buffer'),
  offsetOf = intrinsic('byteOffset'),
  lengthOf = intrinsic('byteLength');
const isArrayBuffer = (v: unknown) => Object.prototype.toString.call(v) === '[object ArrayBuffer]';

/** The whole's length in bytes for the counts of the header (a number: no overflow below 2^53). */
const lengthFor = (head: number, f: number, d: number, c: number, p: number, k: number) =>
  HEADER + head + 4 * (c * p + f * d + c) + c * k;

/** The head of the bytes of `s`, UTF-8 JSON: everything but the arrays (clips by name, frames
 *  and loop). */
export function headOf(s: Described): Uint8Array {
  const p = 13 * s.data.skeleton.parents.length;
  const head = {
    frameRate: s.data.frameRate,
    skeleton: s.data.skeleton,
    mirror: s.options.mirror ?? null,
    features: s.options.features,
    contactBones: s.options.contactBones,
    clips: s.data.clips.map((clip) => ({ name: clip.name, frames: clip.poses.length / p, loop: clip.loop })),
    rules: s.options.rules ?? [],
  };
  return new TextEncoder().encode(JSON.stringify(head));
}

/** A head's clip: its name, frames (an integer > 0) and loop flag as the bytes give them. */
export interface HeadClip {
  name: unknown;
  frames: number;
  loop: unknown;
}

/** The head in `json` parsed: an object whose clips each give their frames. */
export function readHead(fn: string, json: Uint8Array): { head: Record<string, unknown>; clips: HeadClip[] } {
  let head: Record<string, unknown>;
  try {
    head = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json)) as Record<string, unknown>;
  } catch (e) {
    throw new RangeError(`sprung.${fn}: bytes must hold a head in JSON, got ${(e as Error).message}`);
  }
  const clips = head?.clips as HeadClip[] | undefined;
  if (!Array.isArray(clips) || clips.some((x) => !(Number.isInteger(x?.frames) && x.frames > 0)))
    throw new RangeError(
      `sprung.${fn}: bytes must hold a head whose clips each give their frames, got ${show(clips)}`,
    );
  return { head, clips };
}

/** The data and options of a head, each clip's arrays cut from `poses` (`p` floats a frame),
 *  `tags` and `contacts` (`k` a frame), clip after clip. */
export function describedBy(
  head: Record<string, unknown>,
  clips: readonly HeadClip[],
  p: number,
  k: number,
  poses: Float32Array,
  tags: Int32Array,
  contacts: Uint8Array,
  custom?: readonly Record<string, Float32Array>[],
): Described {
  let first = 0;
  return {
    data: {
      skeleton: head.skeleton as MotionData['skeleton'],
      frameRate: head.frameRate as number,
      clips: clips.map((x, i) => {
        const a = first,
          b = (first += x.frames);
        return {
          name: x.name as string,
          loop: x.loop as boolean,
          poses: poses.subarray(a * p, b * p),
          tags: tags.subarray(a, b),
          contacts: contacts.subarray(a * k, b * k),
          ...(custom ? { features: custom[i] } : {}),
        };
      }),
    },
    options: {
      features: head.features as MotionFeature[],
      contactBones: head.contactBones as number[],
      mirror: (head.mirror ?? false) as ArrayLike<number> | false,
      rules: head.rules as MotionDatabaseOptions['rules'],
    },
  };
}

/** `bytes` as a Uint8Array (a view, not a copy): a Uint8Array (a Node Buffer) or an
 *  ArrayBuffer, readable (not detached). */
export function bytesOf(fn: string, bytes: unknown): Uint8Array {
  let buffer: ArrayBufferLike, offset: number, length: number;
  if (isArrayBuffer(bytes)) {
    buffer = bytes as ArrayBuffer;
    offset = 0;
    length = buffer.byteLength;
  } else if (tagOf.call(bytes) === 'Uint8Array') {
    buffer = bufferOf.call(bytes) as ArrayBufferLike;
    offset = offsetOf.call(bytes) as number;
    length = lengthOf.call(bytes) as number;
  } else
    throw new TypeError(
      `sprung.${fn}: bytes must be a Uint8Array or an ArrayBuffer (what toBytes gives), got ${show(bytes)}`,
    );
  try {
    return new Uint8Array(buffer, offset, length);
  } catch (e) {
    // a buffer transferred away (postMessage) or detached: its bytes are gone
    throw new TypeError(
      `sprung.${fn}: bytes must be readable, got a detached buffer (${(e as Error).message})`,
    );
  }
}

/** The bytes of `s`, a new Uint8Array (its own ArrayBuffer, transferable). */
export function encode(fn: string, s: Stored): Uint8Array {
  const clips = s.data.clips;
  const c = clips.reduce((n, clip) => n + clip.poses.length, 0);
  const p = 13 * s.data.skeleton.parents.length,
    k = s.options.contactBones?.length ?? 0;
  const json = headOf(s);
  const h = Math.ceil(json.length / 4) * 4;
  const total = lengthFor(h, s.frames, s.dims, c / p, p, k);
  if (total > 2 ** 32 - 1)
    throw new RangeError(`sprung.${fn}: the database takes ${total} bytes, more than the format's 4 GiB`);
  const out = new Uint8Array(total);
  out.fill(0x20, HEADER, HEADER + h); // the head's padding: spaces, which JSON ignores
  out.set(json, HEADER);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  [VERSION, total, h, s.frames, s.dims, c / p, p, k].forEach((v, i) => view.setUint32(8 + 4 * i, v, true));
  let at = HEADER + h;
  const put = (
    a: ArrayLike<number>,
    type: Float32ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor,
  ) => {
    new type(out.buffer, at, a.length).set(a);
    at += a.length * type.BYTES_PER_ELEMENT;
  };
  for (const clip of clips) put(clip.poses, Float32Array);
  put(s.features, Float32Array);
  for (const clip of clips) put(clip.tags as ArrayLike<number>, Int32Array);
  for (const clip of clips) put((clip.contacts ?? []) as ArrayLike<number>, Uint8Array);
  return out;
}

/**
 * What `u8` (the bytes, from {@link bytesOf}) hold, checked as far as their layout goes (the
 * magic, version, lengths, the head a JSON object whose clips' frames add up); the constructor
 * checks the rest. The arrays are views of the bytes where they are aligned (and not in
 * sprung's memory), copies otherwise.
 */
export function decode(fn: string, u8: Uint8Array): Stored {
  const buffer = u8.buffer,
    offset = u8.byteOffset,
    length = u8.byteLength;
  const start = String.fromCharCode(...u8.subarray(0, MAGIC.length));
  if (start !== MAGIC.slice(0, start.length))
    throw new RangeError(
      `sprung.${fn}: bytes must start with ${JSON.stringify(MAGIC)} (a MotionDatabase's bytes, from toBytes), got ${JSON.stringify(start)}`,
    );
  if (length < HEADER)
    throw new RangeError(
      `sprung.${fn}: bytes must hold at least the ${HEADER} bytes of the header, got ${length} bytes (truncated)`,
    );
  const view = new DataView(buffer, offset, length);
  const [version, total, h, f, d, c, p, k] = Array.from({ length: 8 }, (_, i) =>
    view.getUint32(8 + 4 * i, true),
  );
  if (version !== VERSION && version !== 1)
    throw new RangeError(
      `sprung.${fn}: bytes must be of format version ${VERSION} or 1 (this sprung's), got version ${version}; make them again with this version's toBytes`,
    );
  if (total !== length)
    throw new RangeError(
      `sprung.${fn}: bytes must hold the ${total} bytes their header gives, got ${length} bytes${length < total ? ' (truncated)' : ''}`,
    );
  const counts = `head ${h} bytes, ${f} frames of ${d} features, ${c} clip frames of ${p} floats and ${k} contacts`;
  if (h % 4 !== 0 || p % 13 !== 0 || lengthFor(h, f, d, c, p, k) !== total)
    throw new RangeError(
      `sprung.${fn}: bytes must hold what their header's counts make (${counts}), got ${total} bytes`,
    );
  const { head, clips } = readHead(fn, u8.subarray(HEADER, HEADER + h));
  if (clips.reduce((n, x) => n + x.frames, 0) !== c)
    throw new RangeError(
      `sprung.${fn}: bytes must hold clips of ${c} frames in all, as their header says, got ${clips.map((x) => x.frames).join(' + ')}`,
    );
  // views of the arrays where they are aligned (not of sprung's memory, which may grow while the
  // database is made), copies otherwise
  let at = offset + HEADER + h;
  const take = <T>(
    type: { new (b: ArrayBufferLike, o?: number, n?: number): T; BYTES_PER_ELEMENT: number },
    n: number,
  ): T => {
    const size = n * type.BYTES_PER_ELEMENT;
    const own = at % type.BYTES_PER_ELEMENT === 0 && buffer !== wasm.memory.buffer;
    const r = own ? new type(buffer, at, n) : new type(buffer.slice(at, at + size));
    at += size;
    return r;
  };
  const poses = take(Float32Array, c * p),
    features = take(Float32Array, f * d),
    tags = take(Int32Array, c),
    contacts = take(Uint8Array, c * k);
  // version 1 has no rules; in version 2 the constructor checks them as any others
  if (version === 1) delete head.rules;
  return { ...describedBy(head, clips, p, k, poses, tags, contacts), frames: f, dims: d, features };
}
