/**
 * The cost rules of a {@link MotionDatabase} ({@link MotionRule}): checked, kept in the form its
 * bytes hold, and turned into the factors of every frame that `sp_motion_rules_build` bounds and
 * the search applies.
 * @internal
 * @packageDocumentation
 */
import type { AppliedMotionRule, MotionRule } from './motion_types.js';
import { integer, options as optionsOf, show } from './check.js';

const WHEN = ['all', 'unforced', 'forced'] as const;

/** `v` as a float: a finite number within float range (≥ 0 for a multiplier), else it throws. */
function floatValue(fn: string, name: string, v: unknown, multiplier: boolean): number {
  const f = typeof v === 'number' ? Math.fround(v) : NaN;
  if (!(Number.isFinite(f) && (!multiplier || f >= 0)))
    throw new RangeError(
      `sprung.${fn}: ${name} must be a finite number${multiplier ? ' ≥ 0' : ''} within float range, got ${show(v)}`,
    );
  return f + 0; // −0 as +0
}

/** A rule's multiplier or additive cost: a number, or one per frame of its `frames`. */
function factor(
  fn: string,
  name: string,
  v: unknown,
  frames: number,
  fallback: number,
  multiplier: boolean,
): number | Float32Array {
  if (v === undefined) return fallback;
  if (typeof v === 'number') return floatValue(fn, name, v, multiplier);
  const a = v as ArrayLike<unknown>;
  if (a === null || typeof a !== 'object' || a.length !== frames)
    throw new TypeError(
      `sprung.${fn}: ${name} must be a number or hold one per frame of the rule (${frames}), got ${show(v)}`,
    );
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = floatValue(fn, `${name}[${i}]`, a[i], multiplier);
  return out;
}

/**
 * `rules` (`options.rules`) checked against the clips (`clips[i]` its name and frames): the
 * clip found by name or index, its frames within it, a multiplier, additive cost or block set.
 */
export function checkRules(
  fn: string,
  rules: unknown,
  clips: readonly { name: string; frames: number }[],
): AppliedMotionRule[] {
  if (rules === undefined) return [];
  if (!Array.isArray(rules))
    throw new TypeError(`sprung.${fn}: options.rules must be an array of rules, got ${show(rules)}`);
  return rules.map((r: unknown, i): AppliedMotionRule => {
    const at = `options.rules[${i}]`;
    const o = optionsOf(fn, at, r) as Partial<Record<keyof MotionRule, unknown>>;
    let clip: number;
    if (typeof o.clip === 'string') {
      clip = clips.findIndex((c) => c.name === o.clip);
      if (clip < 0)
        throw new RangeError(`sprung.${fn}: ${at}.clip names no clip of data.clips, got ${show(o.clip)}`);
    } else {
      integer(fn, `${at}.clip`, o.clip, 0, clips.length - 1);
      clip = o.clip as number;
    }
    const frames = clips[clip].frames;
    const start = o.start ?? 0;
    integer(fn, `${at}.start`, start, 0, frames - 1);
    const stop = o.stop ?? frames;
    integer(fn, `${at}.stop`, stop, (start as number) + 1, frames);
    const n = (stop as number) - (start as number);
    const block = o.block ?? false;
    if (typeof block !== 'boolean')
      throw new TypeError(`sprung.${fn}: ${at}.block must be a boolean, got ${show(block)}`);
    const when = o.when ?? 'all';
    if (!WHEN.includes(when as (typeof WHEN)[number]))
      throw new TypeError(
        `sprung.${fn}: ${at}.when must be one of ${WHEN.map((w) => `'${w}'`).join(', ')}, got ${show(when)}`,
      );
    if (o.multiplier === undefined && o.additive === undefined && !block)
      throw new TypeError(
        `sprung.${fn}: ${at} must set a multiplier, an additive cost or block (a rule that changes nothing), got ${show(r)}`,
      );
    return {
      clip,
      start: start as number,
      stop: stop as number,
      multiplier: factor(fn, `${at}.multiplier`, o.multiplier, n, 1, true),
      additive: factor(fn, `${at}.additive`, o.additive, n, 0, false),
      block,
      when: when as AppliedMotionRule['when'],
    };
  });
}

/**
 * Every frame's factors under `rules`, for unforced searches (at i) and forced ones (at
 * frames + i): multipliers multiplied and additive costs added in float, in the order of the
 * rules; blocked frames 1. `ranges` are the database's clips and their mirrored copies, each
 * with the index of the clip it copies.
 */
export function ruleFactors(
  rules: readonly AppliedMotionRule[],
  ranges: readonly { clip: number; start: number }[],
  frames: number,
): { multipliers: Float32Array; additives: Float32Array; blocked: Int32Array } {
  const multipliers = new Float32Array(2 * frames).fill(1),
    additives = new Float32Array(2 * frames),
    blocked = new Int32Array(2 * frames);
  for (const r of rules)
    for (const range of ranges) {
      if (range.clip !== r.clip) continue;
      for (const set of r.when === 'all' ? [0, 1] : r.when === 'unforced' ? [0] : [1])
        for (let f = r.start; f < r.stop; f++) {
          const i = set * frames + range.start + f,
            k = f - r.start;
          multipliers[i] *= typeof r.multiplier === 'number' ? r.multiplier : r.multiplier[k];
          additives[i] += typeof r.additive === 'number' ? r.additive : r.additive[k];
          if (r.block) blocked[i] = 1;
        }
    }
  return { multipliers, additives, blocked };
}

/** `rules` as JSON-ready values (per-frame values as arrays of numbers), for the bytes. */
export const plainRules = (rules: readonly AppliedMotionRule[]) =>
  rules.map((r) => ({
    ...r,
    multiplier: typeof r.multiplier === 'number' ? r.multiplier : Array.from(r.multiplier),
    additive: typeof r.additive === 'number' ? r.additive : Array.from(r.additive),
  }));
