// fuzz_files.mjs — the untrusted-file entry points of the package (parseBvh, and
// MotionDatabase.fromBytes, of toBytes()'s bytes and of compact bytes) fed mutations of real
// inputs: CMU's 01_01.bvh and 01_03.bvh (cut to their first frames, whole and with their
// hierarchy), and the bytes of databases built from them and from a looping procedural clip
// (with a custom feature and cost rules), in either format (compact bytes with their CRC-32
// made to match nine times in ten, as a hostile file would, so that the mutations reach the
// decoder's streams). Coverage-guided fuzzing of JavaScript needs a native
// addon that cannot be fetched here, so this is a deterministic mutational fuzzer: a seeded
// generator picks a seed input and stacks 1–4 mutations (byte flips, splices and truncations,
// hostile numbers put in place of numbers, lines dropped, doubled or swapped). Every input must
// either be refused with sprung's own error (SyntaxError, RangeError or TypeError naming the
// function), within a time bound, or give a result that holds:
//   parseBvh: a clip of finite floats, whole frames, at most maxFrames of them, unit rotations;
//   fromBytes: a database whose search finds one of its frames at a finite cost;
// and the WebAssembly memory the loads took is all given back.
//
//   node tests/fuzz/fuzz_files.mjs --runs N     deterministic (seed 1), N inputs per target
//   node tests/fuzz/fuzz_files.mjs SECONDS      random seeds, SECONDS shared by the targets
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import * as sp from '../../dist/index.js';
import { allocatedBytes } from '../../dist/memory.js';

const root = new URL('../../', import.meta.url);
await sp.init();

// ---- a seeded generator ------------------------------------------------------------------------
let state = 1;
const rnd = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (a) => a[Math.floor(rnd() * a.length)];

// ---- seeds ---------------------------------------------------------------------------------------
/** A BVH file cut to its first `frames` frames (its Frames line rewritten). */
function cut(text, frames) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Frames:'));
  lines[at] = `Frames: ${frames}`;
  return lines.slice(0, at + 2 + frames).join('\n') + '\n';
}
const takes = ['01_01.bvh', '01_03.bvh'].map((f) =>
  readFileSync(new URL(`build/data/cmu/${f}`, root), 'utf8'),
);
const bvhSeeds = [cut(takes[0], 40), cut(takes[1], 12), cut(takes[0], 2)];

const opts = { scale: 0.056444, start: 1, frameRate: 60 };
const cmu = sp.parseBvh(bvhSeeds[0], opts);
const features = [
  { type: 'position', bone: 'LeftFoot' },
  { type: 'velocity', bone: 'Hips' },
  { type: 'trajectoryPosition', frames: [5, 10] },
];
/** Database bytes: the cut CMU take (contacts, tags, mirrored) and a looping two-bone clip. */
function databaseSeeds() {
  const bones = cmu.skeleton.parents.length,
    frames = cmu.clip.poses.length / (13 * bones);
  const left = cmu.skeleton.names.indexOf('LeftFoot'),
    right = cmu.skeleton.names.indexOf('RightFoot');
  const mirror = cmu.skeleton.names.map((n, i) =>
    n.startsWith('Left')
      ? cmu.skeleton.names.indexOf(n.replace('Left', 'Right'))
      : n.startsWith('Right')
        ? cmu.skeleton.names.indexOf(n.replace('Right', 'Left'))
        : i,
  );
  const a = new sp.MotionDatabase(
    {
      skeleton: cmu.skeleton,
      frameRate: 60,
      mirror,
      clips: [
        {
          ...cmu.clip,
          tags: Uint32Array.from({ length: frames }, (_, i) => i % 3),
          contacts: Uint8Array.from({ length: 2 * frames }, (_, i) => (i >> 3) & 1),
        },
      ],
    },
    { features, contactBones: [left, right], mirror: true },
  );
  const poses = new Float32Array(30 * 26);
  for (let f = 0; f < 30; f++) {
    const p = poses.subarray(f * 26);
    p.set([0.1 * f, 0, 0, 0, 1, 0], 0);
    p.set([6, 0, 0, 0, 0, 0], 6);
    p.set([0, 0, 0, 1, 0, 0, 0, 1], 12);
  }
  const b = new sp.MotionDatabase(
    {
      skeleton: { parents: [-1, 0] },
      frameRate: 60,
      clips: [
        {
          name: 'loop',
          poses,
          loop: true,
          features: { phase: Float32Array.from({ length: 60 }, (_, i) => Math.sin(i / 3)) },
        },
      ],
    },
    {
      // version 2's parts: a custom feature, and cost rules (per-frame values, a block)
      features: [
        { type: 'inertialization', bone: 1 },
        { type: 'trajectoryDirection', frames: [3] },
        { type: 'custom', name: 'phase', floats: 2 },
      ],
      rules: [
        { clip: 'loop', start: 2, stop: 6, multiplier: [0.5, 1, 2, 0.25] },
        { clip: 0, start: 10, stop: 20, block: true, when: 'unforced', additive: 0.5 },
      ],
    },
  );
  const seeds = [a.toBytes(), b.toBytes()];
  const compact = [a.toBytes({ compact: true }), b.toBytes({ compact: true })];
  a.dispose();
  b.dispose();
  return { seeds, compact };
}
const { seeds: dbSeeds, compact: compactSeeds } = databaseSeeds();

// ---- mutations -----------------------------------------------------------------------------------
const HOSTILE = [
  '1e6',
  '360',
  '-720',
  '0.001',
  '12345',
  '1e30',
  '1e300',
  '-1e300',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1e9',
  '2147483648',
  '4294967297',
  '1e-300',
  '.',
  '',
  '99999999999999999999',
];

function mutateText(text) {
  const lines = text.split('\n');
  switch (Math.floor(rnd() * 6)) {
    case 0: {
      // a number replaced by a hostile one
      const i = Math.floor(rnd() * lines.length);
      const words = lines[i].split(/(\s+)/);
      const nums = words.map((w, k) => (/^[-+.\d]/.test(w) ? k : -1)).filter((k) => k >= 0);
      if (nums.length) words[pick(nums)] = pick(HOSTILE);
      lines[i] = words.join('');
      break;
    }
    case 1:
      lines.splice(Math.floor(rnd() * lines.length), 1 + Math.floor(rnd() * 3));
      break;
    case 2: {
      const i = Math.floor(rnd() * lines.length);
      lines.splice(i, 0, ...Array(1 + Math.floor(rnd() * 3)).fill(lines[i]));
      break;
    }
    case 3: {
      const i = Math.floor(rnd() * lines.length),
        j = Math.floor(rnd() * lines.length);
      [lines[i], lines[j]] = [lines[j], lines[i]];
      break;
    }
    case 4:
      return text.slice(0, Math.floor(rnd() * text.length));
    default: {
      // a word of the grammar put somewhere else
      const i = Math.floor(rnd() * lines.length);
      lines[i] =
        `${lines[i]} ${pick(['{', '}', 'JOINT x', 'End Site', 'MOTION', 'Frames: 3', 'CHANNELS 7', 'ROOT r', 'OFFSET'])}`;
    }
  }
  return lines.join('\n');
}

/** The end of the header and JSON head of `b`: toBytes()'s (40 bytes, H at byte 16) or compact
 *  bytes' (36 bytes, H at byte 20). */
function headEnd(b, compact) {
  const at = compact ? 20 : 16;
  return b.length >= at + 4 ? (compact ? 36 : 40) + new DataView(b.buffer).getUint32(at, true) : b.length;
}

function mutateBytes(bytes, compact) {
  let b = bytes.slice();
  const head = headEnd(b, compact);
  switch (Math.floor(rnd() * 5)) {
    case 0:
    case 1: {
      // a byte, most often in the header and head, where one changes the most
      const at = rnd() < 0.6 ? Math.floor(rnd() * Math.min(head, b.length)) : Math.floor(rnd() * b.length);
      b[at] = rnd() < 0.5 ? b[at] ^ (1 << Math.floor(rnd() * 8)) : Math.floor(rnd() * 256);
      break;
    }
    case 2: {
      // a u32 of the header set to an edge value
      const at = 8 + 4 * Math.floor(rnd() * 8);
      if (at + 4 <= b.length)
        new DataView(b.buffer).setUint32(
          at,
          pick([0, 1, 0x7fffffff, 0xffffffff, 0x80000000, b.length, b.length * 2]),
          true,
        );
      break;
    }
    case 3:
      return b.subarray(0, Math.floor(rnd() * b.length));
    default: {
      // a run of bytes copied from elsewhere
      const n = 1 + Math.floor(rnd() * 64),
        from = Math.floor(rnd() * b.length),
        to = Math.floor(rnd() * b.length);
      b.copyWithin(to, from, from + n);
    }
  }
  return b;
}

// ---- the properties ------------------------------------------------------------------------------
const SLOW_MS = 5000;
let refusals = 0;
class Finding extends Error {}

/** `run()` refused with sprung's own error, or returned; anything else is a finding. */
function refusedOrDone(fn, input, run) {
  const t0 = performance.now();
  let result;
  try {
    result = run();
  } catch (e) {
    if (e instanceof Finding) throw e;
    const own =
      (e instanceof SyntaxError || e instanceof RangeError || e instanceof TypeError) &&
      e.message.startsWith(`sprung.${fn}: `);
    if (!own)
      throw new Finding(
        `${fn}: not sprung's error: ${e.stack}\ninput: ${JSON.stringify(String(input).slice(0, 300))}`,
      );
    result = null;
    refusals++;
  }
  const ms = performance.now() - t0;
  if (ms > SLOW_MS)
    throw new Finding(
      `${fn}: ${ms.toFixed(0)} ms for one input: ${JSON.stringify(String(input).slice(0, 300))}`,
    );
  return result;
}

function checkClip(m, text) {
  const bones = m.skeleton.parents.length,
    p = m.clip.poses;
  const fail = (what) => {
    throw new Finding(`parseBvh: ${what}\ninput: ${JSON.stringify(text.slice(0, 300))}`);
  };
  if (p.length === 0 || p.length % (13 * bones) !== 0) fail(`poses of ${p.length} floats for ${bones} bones`);
  if (p.length / (13 * bones) > 100_000) fail('more frames than maxFrames');
  for (let i = 0; i < p.length; i++) if (!Number.isFinite(p[i])) fail(`poses[${i}] = ${p[i]}`);
  for (let f = 0; f < p.length / (13 * bones); f++)
    for (let b = 0; b < bones; b++) {
      const o = f * 13 * bones + 6 * bones + 4 * b;
      const l = Math.hypot(p[o], p[o + 1], p[o + 2], p[o + 3]);
      if (Math.abs(l - 1) > 1e-3) fail(`frame ${f} bone ${b}: rotation of length ${l}`);
    }
}

function checkDatabase(db) {
  try {
    const r = db.search(db.features(0), { excludeEnd: 0 });
    if (!(r.frame >= 0 && r.frame < db.frames && Number.isFinite(r.cost)))
      throw new Finding(`fromBytes: a loaded database searched to ${JSON.stringify(r)}`);
  } finally {
    db.dispose();
  }
}

const targets = {
  parseBvh(input) {
    const text = input.text,
      options = input.options;
    const m = refusedOrDone('parseBvh', text, () => sp.parseBvh(text, options));
    if (m) checkClip(m, text);
  },
  fromBytes(input) {
    const db = refusedOrDone('MotionDatabase.fromBytes', input, () => sp.MotionDatabase.fromBytes(input));
    if (db) checkDatabase(db);
  },
  fromCompactBytes(input) {
    targets.fromBytes(input);
  },
};

function generate(target) {
  if (target === 'parseBvh') {
    let text = pick(bvhSeeds);
    for (let k = rnd() < 0.7 ? 1 : 2 + Math.floor(rnd() * 3); k > 0; k--) text = mutateText(text);
    const options = pick([undefined, opts, { frameRate: pick([1, 30, 240, 1e4]) }, { start: 1, end: 2 }]);
    return { text, options };
  }
  const compact = target === 'fromCompactBytes';
  let bytes = pick(compact ? compactSeeds : dbSeeds);
  for (let k = 1 + Math.floor(rnd() * 3); k > 0; k--) bytes = mutateBytes(bytes, compact);
  // compact bytes carry a CRC-32 of every byte from 20 on: made to match, most inputs reach the streams
  if (compact && bytes.length >= 36 && rnd() < 0.9) {
    const u8 = bytes.slice();
    new DataView(u8.buffer).setUint32(16, crc32(u8.subarray(20)), true);
    return u8;
  }
  return bytes;
}

// ---- the run -------------------------------------------------------------------------------------
const args = process.argv.slice(2);
const deterministic = args[0] === '--runs';
const runs = deterministic ? Number(args[1]) : Infinity;
const seconds = deterministic ? Infinity : Number(args[0] ?? 20);
state = deterministic ? 1 : (Date.now() | 0) ^ (process.pid << 8);
const before = allocatedBytes();
let status = 0;
for (const [name, check] of Object.entries(targets)) {
  const end = performance.now() + (seconds * 1000) / Object.keys(targets).length;
  let n = 0,
    last;
  refusals = 0;
  try {
    for (; n < runs && performance.now() < end; n++) {
      last = generate(name);
      check(last);
    }
    console.log(
      `fuzz ${name}: ${n} inputs (${refusals} refused, ${n - refusals} accepted and checked), no finding`,
    );
  } catch (e) {
    status = 1;
    // the input, kept where libFuzzer keeps its findings (git-ignored): once fixed, a regression test
    const dir = new URL('build/fuzz/files/', root);
    mkdirSync(dir, { recursive: true });
    const file = new URL(`crash-${name}-${n}`, dir);
    writeFileSync(file, name === 'parseBvh' ? `${JSON.stringify(last.options)}\n${last.text}` : last);
    console.log(`fuzz ${name}: FINDING after ${n} inputs (input: ${file.pathname})\n${e.stack}`);
  }
}
if (allocatedBytes() !== before) {
  status = 1;
  console.log(`fuzz: ${allocatedBytes() - before} bytes of WebAssembly memory not given back`);
}
process.exit(status);
