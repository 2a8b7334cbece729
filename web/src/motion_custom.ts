/**
 * Custom feature groups of a {@link MotionDatabase} ({@link MotionCustomFeature}): their
 * declarations and per-frame values checked, and their query values written (for
 * {@link MotionDatabase.setFeatures} and `MotionInput.features`), with the errors the other
 * features get.
 * @internal
 * @packageDocumentation
 */
import type { MotionClip } from './motion_types.js';
import { integer, show } from './check.js';
import { MOTION } from './gen/constants.js';

/** A checked custom group: where its floats lie in a frame's features, and how clips give them. */
export interface CustomGroup {
  name: string;
  /** The index of the group in `options.features`, and its first float in a frame's features. */
  group: number;
  offset: number;
  floats: number;
  /** Each float's factor in a mirrored copy of a clip's array. */
  mirror: Float32Array;
  value?: (pose: Float32Array, frame: number, clip: MotionClip) => number | ArrayLike<number>;
}

/** What `v` is, for an error: an array's count of numbers, or `v` shown. */
function counted(v: unknown): string {
  const n = typeof v === 'object' && v !== null ? (v as { length?: unknown }).length : undefined;
  return typeof n === 'number' ? `${n} number${n === 1 ? '' : 's'}` : show(v);
}

/** `v` as a float, or it throws naming `name`: a finite number within float range. */
function finiteFloat(fn: string, name: string, v: unknown): number {
  const f = typeof v === 'number' ? Math.fround(v) : NaN;
  if (!Number.isFinite(f))
    throw new RangeError(`sprung.${fn}: ${name} must be a finite number within float range, got ${show(v)}`);
  return f;
}

/** The custom declaration `o` (at `at`: `options.features[g]`) checked; `taken` holds the names before it. */
export function checkCustom(
  fn: string,
  at: string,
  o: Record<string, unknown>,
  group: number,
  offset: number,
  taken: readonly CustomGroup[],
): CustomGroup {
  const name = o.name;
  if (typeof name !== 'string' || name === '')
    throw new TypeError(`sprung.${fn}: ${at}.name must be a non-empty string, got ${show(name)}`);
  if (taken.some((c) => c.name === name))
    throw new RangeError(`sprung.${fn}: ${at}.name must name one custom feature, got ${show(name)} twice`);
  const floats = o.floats ?? 1;
  integer(fn, `${at}.floats`, floats, 1, MOTION.maxDims);
  const n = floats as number;
  const value = o.value;
  if (value !== undefined && typeof value !== 'function')
    throw new TypeError(
      `sprung.${fn}: ${at}.value must be a function (pose, frame, clip), got ${show(value)}`,
    );
  const mirror = new Float32Array(n).fill(1);
  if (o.mirror !== undefined) {
    const m = o.mirror as ArrayLike<unknown>;
    if (m === null || typeof m !== 'object' || m.length !== n)
      throw new TypeError(`sprung.${fn}: ${at}.mirror must hold a factor per float (${n}), got ${show(m)}`);
    for (let k = 0; k < n; k++) mirror[k] = finiteFloat(fn, `${at}.mirror[${k}]`, m[k]);
  }
  return { name, group, offset, floats: n, mirror, value: value as CustomGroup['value'] };
}

/** The arrays of a clip's `features` (`at`: `data.clips[i]`), checked against the custom groups:
 *  by name, `floats` per frame of `frames`, each finite in float range. Copies. */
export function clipCustom(
  fn: string,
  at: string,
  given: unknown,
  frames: number,
  customs: readonly CustomGroup[],
): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (given === undefined) return out;
  if (given === null || typeof given !== 'object')
    throw new TypeError(
      `sprung.${fn}: ${at}.features must be an object of custom feature values by name, got ${show(given)}`,
    );
  for (const name of Object.keys(given)) {
    const c = customs.find((x) => x.name === name);
    if (!c)
      throw new RangeError(
        `sprung.${fn}: ${at}.features.${name} names no custom feature of options.features (${customs.map((x) => x.name).join(', ') || 'none'})`,
      );
    const a = (given as Record<string, unknown>)[name] as ArrayLike<unknown>;
    const n = frames * c.floats;
    if (a === null || typeof a !== 'object' || a.length !== n)
      throw new TypeError(
        `sprung.${fn}: ${at}.features.${name} must hold ${c.floats} per frame, ${n} in all, got ${show(a)}`,
      );
    const v = new Float32Array(n);
    for (let k = 0; k < n; k++) v[k] = finiteFloat(fn, `${at}.features.${name}[${k}]`, a[k]);
    out.set(name, v);
  }
  return out;
}

/**
 * Writes custom group `c`'s values of `frames` frames into `out` (rows of `stride` floats, the
 * group at `offset`): `given` (a clip's array, times `c.mirror` for a mirrored copy), or
 * `c.value` of each frame's pose (`poseOf(f)`, mirrored for a mirrored copy); `at` names the clip.
 */
export function customColumn(
  fn: string,
  at: string,
  c: CustomGroup,
  given: Float32Array | undefined,
  mirrored: boolean,
  frames: number,
  clip: MotionClip,
  poseOf: (f: number) => Float32Array,
  out: Float32Array,
  stride: number,
  offset: number,
): void {
  for (let f = 0; f < frames; f++) {
    const row = f * stride + offset;
    if (given) {
      for (let k = 0; k < c.floats; k++)
        out[row + k] = mirrored
          ? finiteFloat(
              fn,
              `${at}.features.${c.name}[${f * c.floats + k}] × mirror[${k}]`,
              given[f * c.floats + k] * c.mirror[k],
            )
          : given[f * c.floats + k];
      continue;
    }
    if (!c.value)
      throw new TypeError(
        `sprung.${fn}: ${at}.features.${c.name} must give the values of custom feature '${c.name}' (it has no value function)`,
      );
    const name = `the value of custom feature '${c.name}' at frame ${f} of ${at}${mirrored ? ' (mirrored)' : ''}`;
    const v = c.value(poseOf(f), f, clip);
    if (typeof v === 'number' && c.floats === 1) out[row] = finiteFloat(fn, name, v);
    else {
      const a = v as ArrayLike<unknown>;
      if (a === null || typeof a !== 'object' || a.length !== c.floats)
        throw new TypeError(`sprung.${fn}: ${name} must be ${c.floats} numbers, got ${counted(v)}`);
      for (let k = 0; k < c.floats; k++) out[row + k] = finiteFloat(fn, `${name}[${k}]`, a[k]);
    }
  }
}

/**
 * Writes the query values `features` (`{ name: number | numbers }`, named `arg` in errors) of
 * custom groups into `out` at their floats, each checked (a known name, `floats` numbers,
 * each finite within float range) and read once; nothing is written unless all are good.
 */
export function writeCustom(
  fn: string,
  arg: string,
  customs: readonly CustomGroup[],
  features: unknown,
  out: Float32Array,
): void {
  if (features === null || typeof features !== 'object')
    throw new TypeError(
      `sprung.${fn}: ${arg} must be an object of custom feature values by name, got ${show(features)}`,
    );
  const values: [number, number][] = [];
  for (const name of Object.keys(features)) {
    const c = customs.find((x) => x.name === name);
    if (!c)
      throw new RangeError(
        `sprung.${fn}: ${arg}.${name} names no custom feature of the database (${customs.map((x) => x.name).join(', ') || 'none'})`,
      );
    const v = (features as Record<string, unknown>)[name];
    if (typeof v === 'number' && c.floats === 1) {
      values.push([c.offset, finiteFloat(fn, `${arg}.${name}`, v)]);
      continue;
    }
    const a = v as ArrayLike<unknown>;
    if (a === null || typeof a !== 'object' || a.length !== c.floats)
      throw new TypeError(
        `sprung.${fn}: ${arg}.${name} must be ${c.floats === 1 ? 'a number or ' : ''}${c.floats} numbers, got ${counted(v)}`,
      );
    for (let k = 0; k < c.floats; k++)
      values.push([c.offset + k, finiteFloat(fn, `${arg}.${name}[${k}]`, a[k])]);
  }
  for (const [j, x] of values) out[j] = x;
}
