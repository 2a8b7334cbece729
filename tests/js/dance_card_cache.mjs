// dance_card_cache.mjs — the playground's dance card (web/playground/motion/dance_card.js) for
// the tests that take it as their input data: made once and kept in build/test-cache/ (v8
// serialized), then read by every other test file, instead of made again in each (about 5 s of
// CPU a time, in three runs). The file is named after everything the card depends on: the bytes
// of dist/ (the card's velocities come from sprung's poseVelocities), of the playground's motion
// and pose3d code, the WebAssembly build the run loads (SIMD, or scalar under load-scalar.mjs)
// and the options; a change to any of them makes a new card. dance_card.test.mjs makes the card
// afresh and checks that the cached one is equal to it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { danceCard } from '../../web/playground/motion/dance_card.js';

const ROOT = new URL('../../', import.meta.url);
const DIR = new URL('build/test-cache/', ROOT);
/** The folders whose files the dance card's bytes depend on. */
const SOURCES = ['dist/', 'web/playground/motion/', 'web/playground/pose3d/'];

let sources = null;
/** The cache file of the dance card made with `options` by this run's build. */
export function danceCardFile(options = {}) {
  if (!sources) {
    const hash = createHash('sha256');
    for (const dir of SOURCES)
      for (const name of readdirSync(new URL(dir, ROOT)).sort())
        if (/\.(js|wasm)$/.test(name))
          hash.update(`${dir}${name}\0`).update(readFileSync(new URL(dir + name, ROOT)));
    sources = hash.digest('hex');
  }
  const key = createHash('sha256')
    .update(`${sources}\0${process.env.SPRUNG_TEST_BUILD ?? 'simd'}\0${JSON.stringify(options)}`)
    .digest('hex')
    .slice(0, 24);
  return new URL(`dance-card-${key}.bin`, DIR);
}

/** Every typed array of a deserialized value copied into a buffer of its own (v8 hands out views of one buffer). */
function own(value) {
  if (ArrayBuffer.isView(value)) return value.slice();
  if (Array.isArray(value)) return value.map(own);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, own(v)]));
  return value;
}

/** The cached dance card of `options`, or null when this build has none yet. */
export function readDanceCard(options = {}) {
  const file = danceCardFile(options);
  return existsSync(file) ? own(deserialize(readFileSync(file))) : null;
}

/** Keeps `card` (made by danceCard(options)) as the cached one, in one rename (test files run side by side). */
export function keepDanceCard(card, options = {}) {
  const file = danceCardFile(options);
  mkdirSync(DIR, { recursive: true });
  const temporary = new URL(`${file.pathname.split('/').pop()}.${process.pid}.tmp`, DIR);
  writeFileSync(temporary, serialize(card));
  renameSync(temporary, file);
}

/** danceCard(options), read from the cache if this build made it before (call after init()). */
export function cachedDanceCard(options = {}) {
  const cached = readDanceCard(options);
  if (cached) return cached;
  const card = danceCard(options);
  keepDanceCard(card, options);
  return card;
}
