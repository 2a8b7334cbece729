/**
 * "Why this frame?": a motion-matched character's last search laid out as plain data for an
 * overlay — the query and the frames it was measured against, feature group by feature group;
 * the best candidates with their costs split by group; what the frame playing cost, which a
 * switch had to beat by the switch cost; and the searches of the last seconds. Read through
 * {@link MotionCharacter.explain}.
 * @packageDocumentation
 */
import { integer, isFiniteNonNegative, nonNegative, options as optionsOf } from './check.js';
import type { MotionDatabase, MotionSearchOptions } from './motion_database.js';
import { HISTORY, type Character } from './motion_character.js';

/** One feature group of the query and of the frames it was measured against. */
export interface MotionGroupValues {
  /** The group's index, in the order of the database's `options.features`. */
  group: number;
  /** Its first float in a frame's features, and its floats. */
  offset: number;
  floats: number;
  /** The query's values (not normalised: metres, metres a second, unit directions). */
  query: number[];
  /** The values of the frame found, and of the frame that was playing (null: none, at the end of a clip). */
  found: number[] | null;
  playing: number[] | null;
}

/** A candidate of the search: a frame, its clip, its cost, each feature group's part of it and
 *  the cost rules' factors ({@link MotionDatabase.costBreakdown}). */
export interface MotionCandidate {
  frame: number;
  /** The name of its clip (a mirrored copy's is the clip's). */
  clip: string;
  /** Its cost, as the search compares them: multiplier·features + additive, plus the bias. */
  cost: number;
  /** The feature distance before the rules: the squared normalised differences summed. */
  features: number;
  /** Each feature group's part of `features` (the groups add up to it). */
  groups: number[];
  /** The cost rules' multiplier and additive cost of the frame (1 and 0 without rules). */
  multiplier: number;
  additive: number;
  /** The search's bias added (for a frame outside the playing frame's clip), else 0. */
  bias: number;
  /** Whether a rule keeps the frame from being found (it may still be the frame playing). */
  blocked: boolean;
}

/** One search of the last seconds, as the history keeps it. */
export interface MotionSearchRecord {
  /** Seconds of the character's clock when it ran. */
  time: number;
  /** The frame playing (−1 at the end of a clip), the frame found (−1: none) and its cost. */
  from: number;
  frame: number;
  cost: number;
  /** Whether the input's change or the end of a clip forced it, and whether it switched. */
  forced: boolean;
  switched: boolean;
}

/** The last search of a character, explained (see {@link MotionCharacter.explain}). */
export interface MotionSearchExplanation {
  /** Seconds of the character's clock when it ran, and whether it was forced. */
  time: number;
  forced: boolean;
  /** The frame playing when it ran (−1 at the end of a clip) and the frame found (−1: none). */
  from: number;
  frame: number;
  /** Whether it switched to the frame found (it stays when the switch saves no more than
   *  `switchCost`, or found the frame playing). */
  switched: boolean;
  /** The switch cost then in the settings. */
  switchCost: number;
  /** The query against the frame found and the frame playing, group by group. */
  groups: MotionGroupValues[];
  /** The best candidates, best first (the first is the frame found). */
  candidates: MotionCandidate[];
  /** The frame that was playing, measured against the same query: a switch needs the frame
   *  found's cost plus `switchCost` below this cost. Null at the end of a clip. */
  playing: MotionCandidate | null;
  /** The searches of the last `seconds`, oldest first (the last is this one). */
  history: MotionSearchRecord[];
}

/** Options of {@link MotionCharacter.explain}. */
export interface MotionExplainOptions {
  /** Candidates listed (1–64). Default 4. */
  candidates?: number;
  /** Seconds of history (≥ 0); the character keeps its last 64 searches. Default 5. */
  seconds?: number;
}

/** The name of the clip that holds `frame`. */
const clipOf = (db: MotionDatabase, frame: number): string => db.rangeOf(frame).name;

/** Frame f measured against the query under the search's options: its cost, each group's part
 *  and the rules' factors. */
function measure(
  db: MotionDatabase,
  query: Float32Array,
  frame: number,
  options: MotionSearchOptions,
): MotionCandidate {
  const b = db.costBreakdown(query, frame, options);
  return {
    frame,
    clip: clipOf(db, frame),
    cost: b.cost,
    features: b.features,
    groups: Array.from(b.groups),
    multiplier: b.multiplier,
    additive: b.additive,
    bias: b.bias,
    blocked: b.blocked,
  };
}

/** Character c's last search explained, or null before its first. @internal */
export function explain(
  fn: string,
  c: Character,
  options?: MotionExplainOptions,
): MotionSearchExplanation | null {
  const o = optionsOf(fn, 'options', options) as MotionExplainOptions;
  const k = o.candidates ?? 4;
  integer(fn, 'options.candidates', k, 1, 64);
  const seconds = o.seconds ?? 5;
  if (!isFiniteNonNegative(seconds)) nonNegative(fn, 'options.seconds', seconds);
  const last = c.lastSearch;
  if (last === null) return null;
  const db = c.crowd.db,
    query = c.query;
  const values = (frame: number) => (frame < 0 ? null : Array.from(db.features(frame)));
  const found = values(last.frame),
    playing = values(last.from);
  const groups = db.groups.map((g, group) => ({
    group,
    offset: g.offset,
    floats: g.floats,
    query: Array.from(query.subarray(g.offset, g.offset + g.floats)),
    found: found && found.slice(g.offset, g.offset + g.floats),
    playing: playing && playing.slice(g.offset, g.offset + g.floats),
  }));
  const search = { ...c.settings.search, current: last.from, forced: last.forced };
  const best = db.searchBest(query, k, search);
  const candidates: MotionCandidate[] = [];
  for (let i = 0; i < k && best.frames[i] >= 0; i++)
    candidates.push(measure(db, query, best.frames[i], search));
  // the searches of the last `seconds`, from the ring of the character's last HISTORY
  const history: MotionSearchRecord[] = [],
    h = c.history;
  for (let n = Math.max(0, c.recorded - HISTORY); n < c.recorded; n++) {
    const i = 6 * (n % HISTORY);
    if (h[i] < last.time - seconds) continue;
    history.push({
      time: h[i],
      from: h[i + 1],
      frame: h[i + 2],
      cost: h[i + 3],
      forced: h[i + 4] !== 0,
      switched: h[i + 5] !== 0,
    });
  }
  return {
    time: last.time,
    forced: last.forced,
    from: last.from,
    frame: last.frame,
    switched: history.length > 0 && history[history.length - 1].switched,
    switchCost: c.settings.switchCost,
    groups,
    candidates,
    playing: last.from < 0 ? null : measure(db, query, last.from, search),
    history,
  };
}
