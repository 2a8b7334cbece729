// motion_compact.test.mjs — MotionDatabase.toBytes({ compact: true }) and fromBytes of compact
// bytes. The aims of issue 31 item 3 against oracles of their own: every bone's world position
// and rotation after forward kinematics (written here, in doubles) within 1 mm and 0.1° of the
// database's, on the playground's dance card and CMU's takes; 1,000 searches finding the same
// frame at least 99 % of the time, the rest a frame whose cost (a brute force over the
// original's normalised features) is within 1e-3 of the best; the dance card's bytes after gzip
// -9 at most 1/15 of toBytes()'s. Then what compact bytes carry exactly (frames, ranges, tags,
// contacts, skeleton, features), velocities that are not poseVelocities', the tolerances option,
// bytes made and loaded in a worker, and bad bytes — every truncation, another version, a
// checksum that does not match, hostile counts, and thousands of mutations of bytes cut from the
// dance card and the CMU takes — refused naming the function and `bytes` with no memory left
// behind, or loaded as a database that searches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import * as sp from '../../dist/index.js';
import { allocatedBytes } from '../../dist/memory.js';
import {
  BIPED,
  FEATURES_27,
  locomotion,
  loopingCircle,
  random,
  runReadmeExample,
} from './motion_fixtures.mjs';
import { cachedDanceCard } from './dance_card_cache.mjs';
import { CMU_FILES, CMU_SCALE, features as playgroundFeatures } from '../../web/playground/motion/rigs.js';
import { DEGREE, decodeCompact, largestErrors, searches, unmirrored } from './motion_compact_oracle.mjs';

await sp.init();

/** What the compact bytes carry exactly: sizes, ranges, skeleton, features' layout, tags, contacts. */
function sameShape(loaded, built) {
  for (const k of ['frames', 'dims', 'bones', 'frameRate']) assert.equal(loaded[k], built[k], k);
  assert.deepEqual(loaded.ranges, built.ranges);
  assert.deepEqual(loaded.groups, built.groups);
  assert.deepEqual(loaded.trajectory, built.trajectory);
  assert.deepEqual(Array.from(loaded.parents), Array.from(built.parents));
  assert.deepEqual(Array.from(loaded.contactBones), Array.from(built.contactBones));
  const contacts = built.contactBones.length;
  for (let f = 0; f < built.frames; f++) {
    if (loaded.tags(f) !== built.tags(f))
      assert.fail(`tags(${f}): ${loaded.tags(f)} loaded, ${built.tags(f)} built`);
    for (let k = 0; k < contacts; k++)
      if (loaded.contact(f, k) !== built.contact(f, k)) assert.fail(`contact(${f}, ${k})`);
  }
}

/**
 * The bytes decoded by the oracle's own reader of the documented format (no code of sprung's):
 * every bone within 1 mm and 0.1° of the database's clips by forward kinematics in doubles, and
 * the tags and contacts the database's.
 */
function readByOracle(bytes, built) {
  const decoded = decodeCompact(bytes);
  const e = largestErrors(...unmirrored(built, decoded));
  assert.ok(
    e.position <= 1e-3 && e.rotation <= 0.1 * DEGREE,
    `oracle: ${e.position} m, ${e.rotation / DEGREE}°`,
  );
  const K = built.contactBones.length;
  const starts = built.ranges.filter((r) => !r.mirrored).map((r) => r.start);
  decoded.clips.forEach((clip, c) => {
    for (let f = 0; f < clip.frames; f++) {
      assert.equal(clip.tags[f], built.tags(starts[c] + f), `clip ${c} frame ${f}: tags`);
      for (let k = 0; k < K; k++)
        assert.equal(clip.contacts[f * K + k], built.contact(starts[c] + f, k) ? 1 : 0);
    }
  });
  return e;
}

/** gzip -9, as a server serves the bytes. */
const served = (bytes) => gzipSync(bytes, { level: 9 }).length;

// ---- the aims ----------------------------------------------------------------------------------

const card = cachedDanceCard();
const cardOptions = {
  features: playgroundFeatures('plain', 'dance'),
  contactBones: ['LeftToe', 'RightToe'],
  mirror: true,
};

/** gzip -9 of the dance card's toBytes() (format version 1, 54,944,266 bytes), measured once: 21,415,066 bytes. */
const CARD_SERVED = 21415066;

test('the dance card: 15× smaller served, within 1 mm and 0.1°, 99 % of 1,000 searches find the same frame', () => {
  const built = new sp.MotionDatabase(card, cardOptions);
  const bytes = built.toBytes({ compact: true });
  assert.equal(String.fromCharCode(...bytes.subarray(0, 8)), 'sprungMC');
  assert.ok(bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength);
  const size = served(bytes);
  assert.ok(15 * size <= CARD_SERVED, `served: ${size} bytes, ${(CARD_SERVED / size).toFixed(1)}× smaller`);
  readByOracle(bytes, built);
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameShape(loaded, built);
  const e = largestErrors(loaded, built);
  assert.ok(e.position <= 1e-3, `position error ${e.position} m`);
  assert.ok(e.rotation <= 0.1 * DEGREE, `rotation error ${e.rotation / DEGREE}°`);
  const s = searches(built, loaded, 1);
  assert.ok(s.same >= 990, `${s.same} of 1,000 searches found the same frame`);
  assert.ok(s.reported <= 1e-3 && s.regret <= 1e-3, `the others: costs ${s.reported}, ${s.regret} apart`);
  // the loaded database's own bytes: the same database again
  const again = sp.MotionDatabase.fromBytes(loaded.toBytes({ compact: true }));
  assert.equal(again.frames, built.frames);
  again.dispose();
  loaded.dispose();
  built.dispose();
});

test("CMU's takes (motion capture, 32 bones, mirrored): within 1 mm and 0.1°, 99 % of searches find the same frame", () => {
  const takes = CMU_FILES.map((file) =>
    sp.parseBvh(readFileSync(new URL(`../../build/data/cmu/${file}`, import.meta.url), 'utf8'), {
      scale: CMU_SCALE,
      start: 1,
      frameRate: 60,
      name: file,
    }),
  );
  const names = takes[0].skeleton.names;
  const mirror = names.map((n) => {
    const i = names.indexOf(n.replace(/^(Left|Right)/, (x) => (x === 'Left' ? 'Right' : 'Left')));
    return i < 0 ? names.indexOf(n) : i;
  });
  const built = new sp.MotionDatabase(
    { skeleton: takes[0].skeleton, frameRate: 60, clips: takes.map((t) => t.clip), mirror },
    { features: playgroundFeatures('plain', 'cmu'), mirror: true },
  );
  const bytes = built.toBytes({ compact: true });
  assert.ok(served(bytes) * 5 < served(built.toBytes()), 'more than 5× smaller served');
  readByOracle(bytes, built);
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameShape(loaded, built);
  const e = largestErrors(loaded, built);
  assert.ok(
    e.position <= 1e-3 && e.rotation <= 0.1 * DEGREE,
    `errors ${e.position} m, ${e.rotation / DEGREE}°`,
  );
  const s = searches(built, loaded, 2);
  assert.ok(s.same >= 990, `${s.same} of 1,000 searches found the same frame`);
  assert.ok(s.reported <= 1e-3 && s.regret <= 1e-3, `the others: costs ${s.reported}, ${s.regret} apart`);
  loaded.dispose();
  built.dispose();
});

// ---- what the bytes carry ----------------------------------------------------------------------

const biped = locomotion({ seconds: 30, seed: 21 });
const bipedOptions = { features: FEATURES_27, contactBones: ['leftFoot', 'rightFoot'], mirror: true };

test('velocities that are not poseVelocities of the poses (the biped: exact derivatives) are stored', () => {
  const built = new sp.MotionDatabase(biped, bipedOptions);
  const bytes = built.toBytes({ compact: true });
  readByOracle(bytes, built);
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameShape(loaded, built);
  const e = largestErrors(loaded, built);
  assert.ok(
    e.position <= 1e-3 && e.rotation <= 0.1 * DEGREE,
    `errors ${e.position} m, ${e.rotation / DEGREE}°`,
  );
  // the velocities are the clips' (not their central differences, 1e-2 apart here), to the
  // steps of the positions and rotations times the frame rate
  const B = built.bones;
  let v = 0,
    w = 0,
    differences = 0;
  for (let f = 0; f < built.frames; f++) {
    const a = built.pose(f),
      b = loaded.pose(f);
    for (let i = 0; i < 3 * B; i++) {
      v = Math.max(v, Math.abs(a[3 * B + i] - b[3 * B + i]));
      w = Math.max(w, Math.abs(a[10 * B + i] - b[10 * B + i]));
    }
  }
  for (const clip of biped.clips) {
    const derived = sp.poseVelocities(clip.poses.slice(), B, 60);
    for (let i = 0; i < derived.length; i++)
      differences = Math.max(differences, Math.abs(derived[i] - clip.poses[i]));
  }
  assert.ok(differences > 1e-2, `central differences ${differences} from the exact velocities`);
  assert.ok(v <= 0.03 && w <= 0.06, `velocities ${v} m/s, angular velocities ${w} rad/s from the clips'`);
  const s = searches(built, loaded, 3);
  assert.ok(s.same >= 990, `${s.same} of 1,000 searches found the same frame`);
  loaded.dispose();
  built.dispose();
});

test('a looping clip without names or contacts, not mirrored, an inertialization feature: loaded', () => {
  const [data, options] = loopingCircle();
  const built = new sp.MotionDatabase(data, options);
  const loaded = sp.MotionDatabase.fromBytes(built.toBytes({ compact: true }));
  sameShape(loaded, built);
  assert.deepEqual(loaded.ranges, [{ name: 'circle', start: 0, stop: 150, loop: true, mirrored: false }]);
  const e = largestErrors(loaded, built);
  assert.ok(e.position <= 1e-3 && e.rotation <= 0.1 * DEGREE);
  const r = loaded.search(built.features(40));
  assert.ok(Math.abs(r.frame - 40) <= 1, `found ${r.frame}`);
  loaded.dispose();
  built.dispose();
});

test('cost rules and custom features go through compact bytes: the same rules, values, and forced and unforced searches', () => {
  const data = locomotion({ seconds: 20, seed: 8 });
  const frames = (c) => c.poses.length / (13 * BIPED.parents.length);
  // 'lean' given by every clip (mirror −1: the mirrored copy's are the clip's × −1); 'hips' of
  // two floats, by a value function of the pose that a mirror leaves as it is (the hips' height
  // and forward position) for the odd clips, given by the even ones
  const clips = data.clips.map((c, i) => {
    const n = frames(c);
    const lean = Float32Array.from({ length: n }, (_, f) => Math.sin(f / 9 + i));
    return {
      ...c,
      features:
        i % 2 ? { lean } : { lean, hips: Float32Array.from({ length: 2 * n }, (_, k) => (k % 7) / 3) },
    };
  });
  const options = {
    features: [
      ...FEATURES_27,
      { type: 'custom', name: 'lean', mirror: [-1], weight: 1.5 },
      { type: 'custom', name: 'hips', floats: 2, weight: 0.5, value: (pose) => [pose[4], pose[5]] },
    ],
    contactBones: ['leftFoot', 'rightFoot'],
    mirror: true,
    rules: [
      { clip: 0, multiplier: 0.8 },
      { clip: data.clips[1].name, start: 10, stop: 14, additive: [0.5, -0.25, 1e-7, 2] },
      { clip: 2, block: true, when: 'unforced' },
      {
        clip: 3,
        start: 40,
        multiplier: Float32Array.from({ length: frames(clips[3]) - 40 }, (_, k) => 1 + k / 100),
      },
      { clip: 0, start: 100, stop: 160, block: true, when: 'forced', additive: 0.25 },
    ],
  };
  const built = new sp.MotionDatabase({ ...data, clips }, options);
  const bytes = built.toBytes({ compact: true });
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameShape(loaded, built);
  assert.deepEqual(loaded.rules, built.rules);
  assert.deepEqual(loaded.customFeatures, built.customFeatures);
  // every frame's custom values, the mirrored copies' too, exactly the built database's
  const customs = built.customFeatures;
  for (let f = 0; f < built.frames; f++) {
    const a = loaded.features(f),
      b = built.features(f);
    for (const c of customs)
      for (let k = c.offset; k < c.offset + c.floats; k++)
        if (a[k] !== b[k])
          assert.fail(`frame ${f}: ${c.name}[${k - c.offset}] ${a[k]} loaded, ${b[k]} built`);
  }
  // the oracle's reader finds the clips' values as the clips gave them
  const decoded = decodeCompact(bytes);
  assert.deepEqual(Array.from(decoded.clips[0].custom.lean), Array.from(clips[0].features.lean, Math.fround));
  assert.deepEqual(Array.from(decoded.clips[2].custom.hips), Array.from(clips[2].features.hips, Math.fround));
  // searches forced and not, from a frame playing now (the rules' block lets it play on)
  for (const forced of [false, true]) {
    const rnd = random(forced ? 5 : 6);
    let same = 0,
      regret = 0;
    for (let i = 0; i < 1000; i++) {
      const f = Math.floor(rnd() * built.frames),
        q = built.features(f);
      for (let j = 0; j < q.length; j++) q[j] += (rnd() - 0.5) * 0.4 * (Math.abs(q[j]) + 0.1);
      const o = { current: rnd() < 0.3 ? -1 : Math.floor(rnd() * built.frames), forced };
      const a = { ...built.search(q, o) },
        b = { ...loaded.search(q, o) };
      const rule = built.costBreakdown(q, b.frame, o);
      // never a frame the rules keep the original from finding
      assert.equal(rule.blocked, false, `search ${i}: frame ${b.frame} is blocked (forced: ${forced})`);
      if (a.frame === b.frame) same++;
      else regret = Math.max(regret, (rule.cost - a.cost) / Math.max(a.cost, 1e-6));
    }
    assert.ok(same >= 990, `forced: ${forced}: ${same} of 1,000 searches found the same frame`);
    assert.ok(regret <= 1e-3, `forced: ${forced}: the others cost ${regret} more in the original`);
  }
  loaded.dispose();
  built.dispose();
});

test('a mirrored copy whose custom values compact bytes cannot give back is refused, naming the feature', () => {
  const data = locomotion({ seconds: 10, seed: 9 });
  // the hips' height by a value function, mirror −1: the mirrored copy's are not the clip's × −1
  const built = new sp.MotionDatabase(data, {
    features: [...FEATURES_27, { type: 'custom', name: 'height', mirror: [-1], value: (pose) => pose[4] }],
    mirror: true,
  });
  assert.throws(
    () => built.toBytes({ compact: true }),
    /^RangeError: sprung\.MotionDatabase\.toBytes: options\.compact: custom feature 'height' of 'take 0 \(mirrored\)' must be its clip's values × mirror \(compact bytes carry the clips' values only\), got [-\d.e]+ for [-\d.e]+ × -1 at frame 0; use toBytes\(\) without compact$/,
  );
  // toBytes() carries every frame's features: it loads as built
  const loaded = sp.MotionDatabase.fromBytes(built.toBytes());
  assert.deepEqual(loaded.features(built.frames - 1), built.features(built.frames - 1));
  loaded.dispose();
  built.dispose();
});

test('the tolerances: looser bytes are smaller and within them, tighter within theirs; bad ones are refused', () => {
  const small = locomotion({ seconds: 10, seed: 4 });
  // features that read bone 0 only: the other bones take the whole tolerance (those the
  // features read are held finer, see the first tests)
  const built = new sp.MotionDatabase(small, {
    features: [
      { type: 'trajectoryPosition', frames: [20, 40, 60] },
      { type: 'trajectoryDirection', frames: [20, 40, 60] },
    ],
  });
  const sizes = [];
  for (const [position, rotation] of [
    [0.01, 1 * DEGREE],
    [1e-3, 0.1 * DEGREE],
    [1e-4, 0.01 * DEGREE],
  ]) {
    const bytes = built.toBytes({ compact: { maxPositionError: position, maxRotationError: rotation } });
    const loaded = sp.MotionDatabase.fromBytes(bytes);
    const e = largestErrors(loaded, built);
    assert.ok(
      e.position <= position && e.rotation <= rotation,
      `${position} m, ${rotation} rad: ${JSON.stringify(e)}`,
    );
    // not needlessly tight: the encoder scales its steps until the larger error is near its tolerance
    assert.ok(Math.max(e.position / position, e.rotation / rotation) > 0.25, JSON.stringify(e));
    sizes.push(bytes.length);
    loaded.dispose();
  }
  assert.ok(sizes[0] < sizes[1] && sizes[1] < sizes[2], `sizes ${sizes}`);
  // `compact: true` is the defaults; false is the exact format
  assert.deepEqual(built.toBytes({ compact: true }), built.toBytes({ compact: {} }));
  assert.equal(String.fromCharCode(...built.toBytes({ compact: false }).subarray(0, 8)), 'sprungMD');
  const bad = [
    [{ compact: 1 }, TypeError, /options\.compact must be a boolean or an object of tolerances, got 1/],
    [{ compact: null }, TypeError, /options\.compact must be a boolean or an object of tolerances, got null/],
    [
      { compact: { maxPositionError: '1' } },
      TypeError,
      /options\.compact\.maxPositionError must be a number/,
    ],
    [
      { compact: { maxPositionError: 0 } },
      RangeError,
      /options\.compact\.maxPositionError must be in \[1e-6, /,
    ],
    [
      { compact: { maxRotationError: 4 } },
      RangeError,
      /options\.compact\.maxRotationError must be in \[1e-6, 3\.14/,
    ],
    [{ compact: { maxRotationError: NaN } }, RangeError, /maxRotationError must be in/],
    [3, TypeError, /options must be an object, got 3/],
  ];
  for (const [options, type, re] of bad)
    assert.throws(
      () => built.toBytes(options),
      (e) => e instanceof type && /^sprung\.MotionDatabase\.toBytes: /.test(e.message) && re.test(e.message),
      JSON.stringify(options),
    );
  // an option inherited from Object.prototype is not read
  Object.prototype.compact = true;
  try {
    assert.equal(String.fromCharCode(...built.toBytes({}).subarray(0, 8)), 'sprungMD');
  } finally {
    delete Object.prototype.compact;
  }
  built.dispose();
});

test('compact bytes made in a worker and transferred load here; loaded in a worker, it searches as here', async () => {
  const dist = JSON.stringify(new URL('../../dist/index.js', import.meta.url).href);
  const fixtures = JSON.stringify(new URL('./motion_fixtures.mjs', import.meta.url).href);
  const run = async (source, message, transfer) => {
    const worker = new Worker(source, { eval: true, type: 'module' });
    const reply = new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (message) worker.postMessage(message, transfer);
    const r = await reply;
    await worker.terminate();
    return r;
  };
  const bytes = await run(
    `import { parentPort } from 'node:worker_threads';
     import * as sp from ${dist};
     import { FEATURES_27, locomotion } from ${fixtures};
     await sp.init();
     const db = new sp.MotionDatabase(locomotion({ seconds: 30, seed: 21 }), { features: FEATURES_27, contactBones: ['leftFoot', 'rightFoot'], mirror: true });
     const bytes = db.toBytes({ compact: true });
     parentPort.postMessage(bytes, [bytes.buffer]);`,
  );
  const built = new sp.MotionDatabase(biped, bipedOptions);
  const here = built.toBytes({ compact: true });
  assert.deepEqual(bytes, here, 'the same bytes from either thread');
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  const query = built.features(500);
  const found = await run(
    `import { parentPort } from 'node:worker_threads';
     import * as sp from ${dist};
     await sp.init();
     parentPort.once('message', ({ bytes, query }) => {
       const db = sp.MotionDatabase.fromBytes(bytes);
       parentPort.postMessage({ frames: db.frames, ...db.search(query) });
     });`,
    { bytes: here, query },
    [here.buffer],
  );
  assert.deepEqual(found, { frames: loaded.frames, ...loaded.search(query) });
  loaded.dispose();
  built.dispose();
});

// ---- bad bytes ---------------------------------------------------------------------------------

/** A small database's compact bytes: `frames` frames cut from the start of each of `data`'s clips. */
function cutBytes(data, frames, options) {
  const stride = 13 * data.skeleton.parents.length;
  const cut = {
    ...data,
    clips: data.clips.map((c) => ({
      ...c,
      poses: c.poses.slice(0, frames * stride),
      tags: c.tags && Array.from(c.tags).slice(0, frames),
      contacts: c.contacts && Array.from(c.contacts).slice(0, 2 * frames),
    })),
  };
  const db = new sp.MotionDatabase(cut, options);
  const bytes = db.toBytes({ compact: true });
  db.dispose();
  return bytes;
}
const cardCut = cutBytes({ ...card, clips: card.clips.slice(0, 2) }, 90, cardOptions);
const cmuCut = (() => {
  const take = sp.parseBvh(
    readFileSync(new URL(`../../build/data/cmu/${CMU_FILES[0]}`, import.meta.url), 'utf8'),
    {
      scale: CMU_SCALE,
      start: 1,
      frameRate: 60,
    },
  );
  return cutBytes({ skeleton: take.skeleton, frameRate: 60, clips: [take.clip] }, 80, {
    features: playgroundFeatures('transition', 'cmu'),
  });
})();

const view = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);
/** `bytes` with their checksum made to match (as a hostile file would). */
function signed(bytes) {
  view(bytes).setUint32(16, crc32(bytes.subarray(20)), true);
  return bytes;
}
/** The head's length, and the four streams' offsets: head, frames, channels, values. */
function sections(b) {
  const [h, s, m] = [20, 24, 28].map((at) => view(b).getUint32(at, true));
  return { h, head: 36, frames: 36 + h, channels: 36 + h + s, values: 36 + h + s + m };
}

/** `bytes` refused by fromBytes with an error of `type` matching `re` after the function's and
 *  the argument's names, leaving the allocator as it was. */
function refused(bytes, re, type = RangeError) {
  const before = allocatedBytes();
  assert.throws(
    () => sp.MotionDatabase.fromBytes(bytes),
    (e) => {
      assert.ok(e instanceof type, `${e.constructor.name}: ${e.message}`);
      assert.match(e.message, /^sprung\.MotionDatabase\.fromBytes: bytes /);
      assert.match(e.message, re);
      return true;
    },
  );
  assert.equal(allocatedBytes(), before, 'no WASM memory left behind');
}

test('the header: its checksum is the CRC-32 of what follows it, and its lengths add up', () => {
  for (const b of [cardCut, cmuCut]) {
    assert.equal(view(b).getUint32(8, true), 1, 'format version 1');
    assert.equal(view(b).getUint32(12, true), b.length);
    assert.equal(view(b).getUint32(16, true), crc32(b.subarray(20)));
    const { values } = sections(b);
    assert.equal(values + view(b).getUint32(32, true), b.length);
    const head = JSON.parse(new TextDecoder().decode(b.subarray(36, 36 + sections(b).h)));
    assert.ok(Array.isArray(head.clips) && head.clips.every((c) => c.frames === (b === cardCut ? 90 : 80)));
  }
});

test('every truncation, another version, a wrong checksum or length is refused', () => {
  const db = sp.MotionDatabase.fromBytes(cmuCut);
  assert.equal(db.frames, 80);
  db.dispose();
  const before = allocatedBytes();
  for (let n = 8; n < cmuCut.length; n++)
    assert.throws(
      () => sp.MotionDatabase.fromBytes(cmuCut.subarray(0, n)),
      n < 36
        ? /^RangeError: sprung\.MotionDatabase\.fromBytes: bytes must hold at least the 36 bytes of the compact header, got \d+ bytes \(truncated\)$/
        : new RegExp(
            `^RangeError: sprung\\.MotionDatabase\\.fromBytes: bytes must hold the ${cmuCut.length} bytes their header gives, got ${n} bytes \\(truncated\\)$`,
          ),
      `${n} bytes`,
    );
  assert.equal(allocatedBytes(), before);
  const edit = (f) => {
    const b = cmuCut.slice();
    f(b);
    return b;
  };
  refused(
    edit((b) => view(b).setUint32(8, 2, true)),
    /must be of compact format version 1 \(this sprung's\), got version 2; make them again with this version's toBytes\(\{ compact: true \}\)$/,
  );
  refused(
    edit((b) => view(b).setUint32(12, b.length + 1, true)),
    /must hold the \d+ bytes their header gives, got \d+ bytes \(truncated\)$/,
  );
  const longer = new Uint8Array(cmuCut.length + 4);
  longer.set(cmuCut);
  refused(longer, /must hold the \d+ bytes their header gives, got \d+ bytes$/);
  // one bit anywhere after the checksum: corrupted
  for (const at of [20, 40, sections(cmuCut).channels + 1, cmuCut.length - 1])
    refused(
      edit((b) => (b[at] ^= 4)),
      /must match their checksum: CRC-32 [0-9a-f]+, their header gives [0-9a-f]+ \(corrupted\)$/,
    );
  refused(
    edit((b) => view(b).setUint32(16, 0, true)),
    /\(corrupted\)$/,
  );
  // the streams' lengths not adding up (the checksum made to match)
  refused(
    signed(edit((b) => view(b).setUint32(24, view(b).getUint32(24, true) + 1, true))),
    /must hold what their header's lengths make \(head \d+, frames \d+, channels \d+, values \d+ bytes\), got \d+ bytes$/,
  );
});

test('hostile counts (the checksum made to match) are refused before anything is allocated', () => {
  /** cmuCut with its head replaced by `edit(head)`, the lengths and checksum kept consistent. */
  const withHead = (edit, frameBytes) => {
    const { h, frames, channels } = sections(cmuCut);
    const head = JSON.parse(new TextDecoder().decode(cmuCut.subarray(36, 36 + h)));
    const json = new TextEncoder().encode(JSON.stringify(edit(head)));
    // the frame stream, or `frameBytes` zeros in its place (frames whose tags do not change)
    const stream = frameBytes === undefined ? cmuCut.subarray(frames, channels) : new Uint8Array(frameBytes);
    const rest = cmuCut.subarray(channels);
    const out = new Uint8Array(36 + json.length + stream.length + rest.length);
    out.set(cmuCut.subarray(0, 36));
    out.set(json, 36);
    out.set(stream, 36 + json.length);
    out.set(rest, 36 + json.length + stream.length);
    view(out).setUint32(12, out.length, true);
    view(out).setUint32(20, json.length, true);
    view(out).setUint32(24, stream.length, true);
    return signed(out);
  };
  const clip = (h) => h.clips[0];
  refused(
    withHead((h) => ({ ...h, clips: [{ ...clip(h), frames: 2 ** 40 }] })),
    /must hold 1 byte a frame in their frame stream \(1099511627776 frames\), got \d+ bytes$/,
  );
  refused(
    withHead((h) => ({ ...h, clips: [{ ...clip(h), frames: 1e6 }] })),
    /must hold 1 byte a frame in their frame stream/,
  );
  refused(
    withHead((h) => ({ ...h, clips: [{ ...clip(h), frames: 81 }] })),
    /must hold 1 byte a frame in their frame stream \(81 frames\), got 80 bytes$/,
  );
  refused(
    withHead((h) => ({
      ...h,
      clips: [
        { ...clip(h), frames: 40 },
        { ...clip(h), frames: 40 },
      ],
    })),
    /must hold a valid channel stream: /,
  );
  refused(
    withHead((h) => ({ ...h, skeleton: { parents: new Array(70000).fill(0) } })),
    /must hold a head whose skeleton gives 1 to 65536 parents, got/,
  );
  refused(
    withHead(
      (h) => ({
        ...h,
        skeleton: { parents: new Array(60000).fill(0) },
        clips: [{ ...clip(h), frames: 400 }],
      }),
      400,
    ),
    /must hold at most 268435456 floats of poses, got 400 frames of 780000$/,
  );
  refused(
    withHead((h) => ({ ...h, contactBones: new Array(1000).fill(0) })),
    /must hold 1001 bytes a frame in their frame stream \(80 frames\)/,
  );
  refused(
    withHead((h) => ({ ...h, contactBones: 'feet' })),
    /must hold a head whose contact bones are an array, got "feet"$/,
  );
  refused(
    withHead((h) => ({ ...h, frameRate: -60 })),
    /must describe a valid database: data\.frameRate must be a finite number > 0, got -60$/,
  );
  refused(
    withHead((h) => ({ ...h, clips: [{ ...clip(h), frames: 0 }] })),
    /must hold a head whose clips each give their frames/,
  );
  refused(
    withHead((h) => ({ ...h, features: [{ type: 'position', bone: 99 }] })),
    /must describe a valid database: options\.features\[0\]\.bone must be an integer in \[0, 31\], got 99$/,
  );
  refused(
    withHead(() => []),
    /must hold a head whose clips each give their frames, got undefined$/,
  );
  // the channel stream: a kind beyond the format's, a step that is no number
  const { channels } = sections(cmuCut);
  const edit = (f) => {
    const b = cmuCut.slice();
    f(b);
    return signed(b);
  };
  refused(
    edit((b) => (b[channels] = 2)),
    /must hold a valid channel stream: a clip's flags must be at most 1, got 2 \(corrupted\)$/,
  );
  refused(
    edit((b) => (b[channels + 1] = 7)),
    /must hold a valid channel stream: a channel kind must be at most 2, got 7 \(corrupted\)$/,
  );
});

/**
 * `count` mutations of `bytes`, each of 1–4 bytes (a random value, a bit flipped, a byte
 * dropped or doubled); with their checksum made to match but for `unsigned` of them: every one
 * is refused naming bytes, or loads a database that searches. Returns [refused, loaded].
 */
function mutations(bytes, count, seed) {
  const rnd = random(seed);
  let refusedCount = 0,
    loadedCount = 0;
  const before = allocatedBytes();
  for (let i = 0; i < count; i++) {
    let b = bytes.slice();
    const edits = 1 + Math.floor(rnd() * 4);
    for (let k = 0; k < edits; k++) {
      const at = Math.floor(rnd() * b.length),
        kind = rnd();
      if (kind < 0.5) b[at] = Math.floor(rnd() * 256);
      else if (kind < 0.8) b[at] ^= 1 << Math.floor(rnd() * 8);
      else {
        const out = new Uint8Array(b.length + (kind < 0.9 ? -1 : 1));
        out.set(b.subarray(0, at));
        out.set(b.subarray(kind < 0.9 ? at + 1 : at), at);
        view(out).setUint32(12, out.length, true);
        b = out;
      }
    }
    if (i % 10 !== 0) signed(b);
    let db;
    try {
      db = sp.MotionDatabase.fromBytes(b);
    } catch (e) {
      assert.match(e.message, /^sprung\.MotionDatabase\.fromBytes: bytes /, `mutation ${i}: ${e.stack}`);
      refusedCount++;
      continue;
    }
    const r = db.search(db.features(db.frames >> 1), { excludeEnd: 0 });
    assert.ok(r.frame >= 0 && r.frame < db.frames && Number.isFinite(r.cost), `mutation ${i}`);
    for (let j = 0; j < db.dims; j++)
      assert.ok(Number.isFinite(db.featureOffsets[j]) && db.featureScales[j] >= 0);
    db.dispose();
    loadedCount++;
  }
  assert.equal(allocatedBytes(), before, 'no WASM memory left behind');
  return [refusedCount, loadedCount];
}

test('thousands of mutations of bytes cut from the dance card and the CMU takes: refused naming bytes, or loaded', () => {
  for (const [bytes, seed] of [
    [cardCut, 7],
    [cmuCut, 8],
  ]) {
    const [r, l] = mutations(bytes, 2500, seed);
    // most break the format; a changed value of a pose (a residual) rebuilds another database
    assert.ok(r > 1000 && l > 100, `${r} refused, ${l} loaded`);
  }
});

test('what is not a database, or not live, is refused', () => {
  refused(new TextEncoder().encode('sprungMC'), /at least the 36 bytes of the compact header, got 8 bytes/);
  const whole = cmuCut.slice().buffer;
  structuredClone(whole, { transfer: [whole] });
  assert.throws(
    () => sp.MotionDatabase.fromBytes(whole),
    /^TypeError: sprung\.MotionDatabase\.fromBytes: bytes must be readable, got a detached buffer/,
  );
  const db = sp.MotionDatabase.fromBytes(cmuCut);
  db.dispose();
  assert.throws(
    () => db.toBytes({ compact: true }),
    /^TypeError: sprung\.MotionDatabase\.toBytes: used after dispose\(\)$/,
  );
});

test("the reference's compact example runs as copied beside the CMU files and prints what its comment says", () => {
  const { printed, claim } = runReadmeExample('### A database for the wire', 'compact.mjs', 'docs/API.md');
  assert.equal(printed, claim);
});
