// motion_bytes.test.mjs — MotionDatabase.toBytes and MotionDatabase.fromBytes, with the
// database built from the same data as the oracle: a database loaded from bytes answers every
// accessor, every search (each mode, searchBest, MotionSearchBatch) and drives a
// MotionController exactly as the built one does, bit for bit, on the motion tests' biped
// (mirrored, tagged, with contacts), on a looping clip without names or contacts, on the
// playground's dance card, and from bytes made in another thread (a worker) and transferred.
// Cost rules and custom features load with it; bytes of format version 1 still load. Bad bytes
// — every truncation, another magic or version, corrupted counts, lengths, head or values,
// random corruptions — are refused naming the function and `bytes`, and leave no WASM memory
// behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
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
  walk,
} from './motion_fixtures.mjs';
import { cachedDanceCard } from './dance_card_cache.mjs';
import { features as playgroundFeatures } from '../../web/playground/motion/rigs.js';

await sp.init();
const dt = 1 / 60;

const same = (a, b, what) => {
  assert.equal(a.length, b.length, `${what}: length`);
  for (let i = 0; i < a.length; i++)
    if (!Object.is(a[i], b[i])) assert.fail(`${what}[${i}]: ${a[i]} loaded, ${b[i]} built`);
};

/** Every accessor of `loaded` against `built`, at every `step`-th frame (and each range's ends). */
function sameDatabase(loaded, built, step = 1) {
  for (const k of ['frames', 'dims', 'bones', 'frameRate']) assert.equal(loaded[k], built[k], k);
  for (const k of ['parents', 'contactBones', 'featureOffsets', 'featureScales'])
    same(loaded[k], built[k], k);
  assert.deepEqual(loaded.ranges, built.ranges);
  assert.deepEqual(loaded.groups, built.groups);
  assert.deepEqual(loaded.trajectory, built.trajectory);
  const frames = new Set(built.ranges.flatMap((r) => [r.start, r.stop - 1]));
  for (let f = 0; f < built.frames; f += step) frames.add(f);
  const contacts = built.contactBones.length;
  for (const f of frames) {
    same(loaded.features(f), built.features(f), `features(${f})`);
    same(loaded.normalizedFeatures(f), built.normalizedFeatures(f), `normalizedFeatures(${f})`);
    same(loaded.pose(f), built.pose(f), `pose(${f})`);
    assert.equal(loaded.tags(f), built.tags(f), `tags(${f})`);
    for (let k = 0; k < contacts; k++)
      assert.equal(loaded.contact(f, k), built.contact(f, k), `contact(${f}, ${k})`);
    assert.deepEqual(loaded.rangeOf(f), built.rangeOf(f), `rangeOf(${f})`);
  }
}

/** Queries near frames of `db` (its features, moved by noise), searched with every mode and
 *  option both ways; a MotionSearchBatch of them too. */
function sameSearches(loaded, built, n, seed) {
  const rnd = random(seed);
  const queries = [];
  for (let i = 0; i < n; i++) {
    const f = Math.floor(rnd() * built.frames);
    const q = built.features(f);
    for (let j = 0; j < q.length; j++) q[j] += (rnd() - 0.5) * 0.4 * (Math.abs(q[j]) + 0.1);
    queries.push({ q, current: rnd() < 0.3 ? -1 : f });
  }
  for (const [i, { q, current }] of queries.entries()) {
    const options = {
      current,
      requireTags: i % 5 === 1 ? 1 : 0,
      excludeTags: i % 5 === 2 ? 2 : 0,
      bias: i % 3 === 0 ? 0.1 : 0,
      mode: ['auto', 'boxes', 'scan'][i % 3],
    };
    const a = loaded.search(q, options),
      b = built.search(q, options);
    assert.deepEqual({ ...a }, { ...b }, `search ${i}`);
    const ka = loaded.searchBest(q, 5, options),
      kb = built.searchBest(q, 5, options);
    same(ka.frames, kb.frames, `searchBest ${i} frames`);
    same(ka.costs, kb.costs, `searchBest ${i} costs`);
    same(
      loaded.groupCosts(q, Math.max(current, 0)),
      built.groupCosts(q, Math.max(current, 0)),
      `groupCosts ${i}`,
    );
  }
  const batches = [loaded, built].map((db) => {
    const batch = new sp.MotionSearchBatch(db, n, 3);
    queries.forEach(({ q, current }, i) => {
      batch.queries.set(q, i * db.dims);
      batch.currents[i] = current;
    });
    batch.search({ bias: 0.05 });
    const r = { frames: batch.frames.slice(), costs: batch.costs.slice() };
    batch.dispose();
    return r;
  });
  same(batches[0].frames, batches[1].frames, 'MotionSearchBatch frames');
  same(batches[0].costs, batches[1].costs, 'MotionSearchBatch costs');
}

/** Two controllers, one on each database, under the same scripted input: the same frames and
 *  poses at every update. */
function sameController(loaded, built, updates, options = {}) {
  const [a, b] = [loaded, built].map((db) => new sp.MotionController(db, options));
  const rnd = random(5);
  let velocity = { x: 0, y: 0, z: 1.2 };
  for (let i = 0; i < updates; i++) {
    if (i % 90 === 0) {
      const speed = 0.5 + 3 * rnd(),
        angle = rnd() * 2 * Math.PI;
      velocity = { x: speed * Math.sin(angle), y: 0, z: speed * Math.cos(angle) };
    }
    a.update(dt, { velocity });
    b.update(dt, { velocity });
    assert.equal(a.frame, b.frame, `update ${i}: frame`);
    assert.equal(a.switches, b.switches, `update ${i}: switches`);
    same(a.positions, b.positions, `update ${i}: positions`);
    same(a.rotations, b.rotations, `update ${i}: rotations`);
    same(a.pose, b.pose, `update ${i}: pose`);
  }
  assert.ok(b.switches > 3, `the run switched (${b.switches} times)`);
  a.dispose();
  b.dispose();
}

const biped = locomotion({ seconds: 40, seed: 21 });
const bipedOptions = { features: FEATURES_27, contactBones: ['leftFoot', 'rightFoot'], mirror: true };

test('the biped (mirrored, tagged, with contacts): the loaded database is the built one', () => {
  const built = new sp.MotionDatabase(biped, bipedOptions);
  const bytes = built.toBytes();
  assert.ok(
    bytes instanceof Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength,
  );
  assert.equal(String.fromCharCode(...bytes.subarray(0, 8)), 'sprungMD');
  // what the format says it holds: the poses, every frame's features, tags and contacts, a head
  const clipFrames = built.frames / 2;
  const head = new DataView(bytes.buffer).getUint32(16, true);
  assert.equal(
    bytes.length,
    40 +
      head +
      4 * (clipFrames * 13 * BIPED.parents.length + built.frames * built.dims + clipFrames) +
      2 * clipFrames,
  );
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameDatabase(loaded, built);
  sameSearches(loaded, built, 400, 3);
  sameController(loaded, built, 1500, { candidates: 3 });
  // the bytes of the loaded database are the same bytes
  same(loaded.toBytes(), bytes, 'toBytes of the loaded database');
  // from an ArrayBuffer, and from a view at an offset that is no multiple of 4
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  for (const b of [bytes.buffer, shifted.subarray(3)]) {
    const again = sp.MotionDatabase.fromBytes(b);
    sameDatabase(again, built, 37);
    again.dispose();
  }
  loaded.dispose();
  built.dispose();
});

test('a looping clip without names or contacts, not mirrored, an inertialization feature: loaded as built', () => {
  const [data, options] = loopingCircle();
  const built = new sp.MotionDatabase(data, options);
  const loaded = sp.MotionDatabase.fromBytes(built.toBytes());
  sameDatabase(loaded, built);
  sameSearches(loaded, built, 200, 7);
  sameController(loaded, built, 600, { footLocking: false });
  loaded.dispose();
  built.dispose();
});

test('the dance card (mirrored, 77,494 frames): loaded as built', () => {
  const data = cachedDanceCard();
  const options = {
    features: playgroundFeatures('plain', 'dance'),
    contactBones: ['LeftToe', 'RightToe'],
    mirror: true,
  };
  const built = new sp.MotionDatabase(data, options);
  const bytes = built.toBytes();
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  assert.equal(loaded.frames, 77494);
  sameDatabase(loaded, built, 97);
  sameSearches(loaded, built, 300, 11);
  sameController(loaded, built, 1200);
  loaded.dispose();
  built.dispose();
});

test('bytes made in a worker and transferred load as the database built here', async () => {
  const worker = new Worker(
    `import { parentPort } from 'node:worker_threads';
     import * as sp from ${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)};
     import { FEATURES_27, locomotion } from ${JSON.stringify(new URL('./motion_fixtures.mjs', import.meta.url).href)};
     await sp.init();
     const db = new sp.MotionDatabase(locomotion({ seconds: 40, seed: 21 }), { features: FEATURES_27, contactBones: ['leftFoot', 'rightFoot'], mirror: true });
     const bytes = db.toBytes();
     parentPort.postMessage(bytes, [bytes.buffer]);`,
    { eval: true, type: 'module' },
  );
  const bytes = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const built = new sp.MotionDatabase(biped, bipedOptions);
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameDatabase(loaded, built, 3);
  sameSearches(loaded, built, 100, 5);
  loaded.dispose();
  built.dispose();
});

// ---- bad bytes -------------------------------------------------------------------------------

/** A small database's bytes: one clip of 14 frames, features 4 frames ahead. */
function smallBytes() {
  const { poses, contacts } = walk({ frames: 14 });
  const db = new sp.MotionDatabase(
    {
      skeleton: { parents: BIPED.parents, names: BIPED.names },
      frameRate: 60,
      clips: [{ name: 'step', poses, contacts, tags: new Int32Array(14).fill(3) }],
      mirror: BIPED.mirror,
    },
    {
      features: [
        { type: 'position', bone: 'leftFoot' },
        { type: 'trajectoryDirection', frames: [4] },
      ],
      contactBones: ['leftFoot', 'rightFoot'],
      mirror: true,
    },
  );
  const bytes = db.toBytes();
  db.dispose();
  return bytes;
}
const small = smallBytes();
const u32 = (bytes, at, v) => new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, v, true);
const headOf = (bytes) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(16, true);

/** `bytes` refused by fromBytes with an error of `type` whose message matches `re` (after the
 *  function's and the argument's names), leaving the allocator as it was. */
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

/** A copy of `bytes` with its head replaced by `edit(head)` (the counts kept consistent). */
function withHead(bytes, edit) {
  const h = headOf(bytes);
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(40, 40 + h)));
  const json = new TextEncoder().encode(JSON.stringify(edit(head)));
  const h2 = Math.ceil(json.length / 4) * 4;
  const out = new Uint8Array(bytes.length - h + h2).fill(0x20, 40, 40 + h2);
  out.set(bytes.subarray(0, 40));
  out.set(json, 40);
  out.set(bytes.subarray(40 + h), 40 + h2);
  u32(out, 12, out.length);
  u32(out, 16, h2);
  return out;
}

test('the small database loads, and every truncation of its bytes is refused', () => {
  const db = sp.MotionDatabase.fromBytes(small);
  assert.equal(db.frames, 28);
  db.dispose();
  const before = allocatedBytes();
  for (let n = 0; n < small.length; n++)
    assert.throws(
      () => sp.MotionDatabase.fromBytes(small.subarray(0, n)),
      n < 40
        ? /^RangeError: sprung\.MotionDatabase\.fromBytes: bytes must hold at least the 40 bytes of the header, got \d+ bytes \(truncated\)$/
        : new RegExp(
            `^RangeError: sprung\\.MotionDatabase\\.fromBytes: bytes must hold the ${small.length} bytes their header gives, got ${n} bytes \\(truncated\\)$`,
          ),
      `${n} bytes`,
    );
  assert.equal(allocatedBytes(), before);
  const longer = new Uint8Array(small.length + 4);
  longer.set(small);
  refused(
    longer,
    new RegExp(`must hold the ${small.length} bytes their header gives, got ${small.length + 4} bytes$`),
  );
});

test("a detached buffer (transferred away) is refused naming bytes, not with the engine's TypeError", () => {
  const whole = small.slice().buffer;
  const view = new Uint8Array(whole);
  structuredClone(whole, { transfer: [whole] }); // detaches `whole` and `view` with it
  for (const bytes of [whole, view])
    assert.throws(
      () => sp.MotionDatabase.fromBytes(bytes),
      (e) =>
        e instanceof TypeError &&
        /^sprung\.MotionDatabase\.fromBytes: bytes must be readable, got a detached buffer \(/.test(
          e.message,
        ),
    );
});

test('another magic, version, counts or lengths are refused', () => {
  const edit = (f) => {
    const b = small.slice();
    f(b);
    return b;
  };
  refused(
    edit((b) => (b[0] = 0x50)),
    /must start with "sprungMD" \(a MotionDatabase's bytes, from toBytes\), got "PprungMD"$/,
  );
  refused(new TextEncoder().encode('{"frames": 3}'), /must start with "sprungMD".*got "\{/);
  refused(
    edit((b) => u32(b, 8, 3)),
    /must be of format version 2 or 1 \(this sprung's\), got version 3/,
  );
  refused(
    edit((b) => u32(b, 8, 0)),
    /got version 0/,
  );
  refused(
    edit((b) => u32(b, 12, 2 ** 32 - 1)),
    /must hold the 4294967295 bytes their header gives, got \d+ bytes \(truncated\)/,
  );
  // a count changed: the counts no longer make the length
  // at 16 the head's length, then frames, dims, the clips' frames, floats per pose, contacts
  for (let at = 16; at < 40; at += 4) {
    refused(
      edit((b) => u32(b, at, new DataView(b.buffer).getUint32(at, true) + 1)),
      /must hold what their header's counts make/,
    );
    refused(
      edit((b) => u32(b, at, 2 ** 32 - 1)),
      /must hold what their header's counts make/,
    );
  }
  const head = headOf(small);
  // frames and dims swapped (the same product): the database they describe has other counts
  refused(
    edit((b) => (u32(b, 20, 5), u32(b, 24, 28))),
    /must hold the features of the database they describe \(28 frames of 5 floats\), got 5 frames of 28/,
  );
  // the head's JSON broken, or not the head of a database
  refused(
    edit((b) => (b[40] = 0x7b + 1)),
    /must hold a head in JSON, got/,
  );
  refused(
    edit((b) => (b[40 + head - 1] = 0xff)),
    /must hold a head in JSON, got/,
  ); // not UTF-8
  refused(
    withHead(small, (h) => ({ ...h, clips: 'many' })),
    /must hold a head whose clips each give their frames/,
  );
  refused(
    withHead(small, (h) => ({
      ...h,
      clips: [
        { ...h.clips[0], frames: 13 },
        { name: 'x', frames: 1 },
      ],
    })),
    /frames/,
  );
  refused(
    withHead(small, (h) => ({ ...h, clips: [{ ...h.clips[0], frames: 15 }] })),
    /must hold clips of 14 frames in all, as their header says, got 15/,
  );
  refused(
    withHead(small, () => null),
    /must hold a head whose clips each give their frames, got undefined/,
  );
});

test('values that no database holds are refused, naming what the head or arrays hold', () => {
  const h = headOf(small);
  const arrays = 40 + h; // poses, then features, tags, contacts
  const poseFloats = 14 * 13 * BIPED.parents.length;
  const poke = (at, value, type = Float32Array) => {
    const b = small.slice();
    new type(b.buffer, at, 1)[0] = value;
    return b;
  };
  refused(
    poke(arrays + 4 * 5, NaN),
    /must describe a valid database: data\.clips\[0\]\.poses\[5\] \(frame 0\) must be finite, got NaN/,
  );
  refused(
    poke(arrays + 4 * (6 * 9), 2),
    /must describe a valid database: .*rotation of bone 0 at frame 0 must be a unit quaternion/,
  );
  refused(
    poke(arrays + 4 * (poseFloats + 7), Infinity),
    /must hold finite features, got Infinity at frame 1, float 2/,
  );
  refused(
    poke(arrays + 4 * (poseFloats + 28 * 5 + 14) + 3, 2, Uint8Array),
    /contacts\[3\] must be 0 or 1, got 2/,
    TypeError,
  );
  const bad = [
    [(x) => ({ ...x, frameRate: null }), /data\.frameRate must be a finite number > 0, got null/],
    [(x) => ({ ...x, frameRate: -60 }), /data\.frameRate must be a finite number > 0, got -60/],
    [
      (x) => ({ ...x, features: [{ ...x.features[0], weight: -1 }, x.features[1]] }),
      /options\.features\[0\]\.weight must be a finite number ≥ 0, got -1/,
    ],
    [
      (x) => ({ ...x, features: [{ ...x.features[0], weight: 'NaN' }, x.features[1]] }),
      /options\.features\[0\]\.weight must be a number, got "NaN"/,
    ],
    [
      (x) => ({ ...x, features: [{ ...x.features[0], type: 'toString' }, x.features[1]] }),
      /options\.features\[0\]\.type must be one of/,
    ],
    [
      (x) => ({ ...x, features: [{ ...x.features[0], bone: 9 }, x.features[1]] }),
      /options\.features\[0\]\.bone must be an integer in \[0, 8\], got 9/,
    ],
    [
      (x) => ({ ...x, skeleton: { parents: [...x.skeleton.parents.slice(0, 8), 9] } }),
      /data\.skeleton\.parents\[8\]/,
    ],
    [(x) => ({ ...x, mirror: [0, 1, 2] }), /options\.mirror must map each of the 9 bones/],
    [(x) => ({ ...x, contactBones: ['nose', 'leftFoot'] }), /options\.contactBones\[0\] names no bone/],
    [
      (x) => ({ ...x, clips: [{ ...x.clips[0], name: 3 }] }),
      /data\.clips\[0\]\.name must be a string, got 3/,
    ],
    [
      (x) => ({ ...x, features: [{ ...x.features[0] }, { ...x.features[1], frames: [14] }] }),
      /has 14 frames, no more than the trajectory's horizon of 14 frames ahead/,
    ],
  ];
  for (const [edit, re] of bad)
    refused(withHead(small, edit), new RegExp(`must describe a valid database: (.* )?${re.source}`), Error);
  // and no argument that is not bytes
  for (const v of [
    undefined,
    null,
    3,
    'sprungMD',
    [115, 112],
    new Float32Array(16),
    new DataView(small.buffer),
    { length: 40 },
  ])
    refused(v, /must be a Uint8Array or an ArrayBuffer \(what toBytes gives\), got/, TypeError);
});

test('random corruptions of the bytes are refused naming bytes, or load a database that checks', () => {
  const rnd = random(99);
  const before = allocatedBytes();
  let refusedCount = 0,
    loadedCount = 0;
  for (let i = 0; i < 3000; i++) {
    const b = small.slice();
    // most in the header and head, where a byte changes the most
    const at = rnd() < 0.6 ? Math.floor(rnd() * (40 + headOf(small))) : Math.floor(rnd() * b.length);
    b[at] = Math.floor(rnd() * 256);
    let db;
    try {
      db = sp.MotionDatabase.fromBytes(b);
    } catch (e) {
      assert.match(e.message, /^sprung\.MotionDatabase\.fromBytes: bytes /, `byte ${at}: ${e.stack}`);
      refusedCount++;
      continue;
    }
    // a database that loads is a database: its search runs and finds a frame of it
    const r = db.search(db.features(3), { excludeEnd: 0 }); // (the clip is shorter than the default's 20 frames)
    assert.ok(r.frame >= 0 && r.frame < db.frames && Number.isFinite(r.cost));
    for (let j = 0; j < db.dims; j++)
      assert.ok(Number.isFinite(db.featureOffsets[j]) && db.featureScales[j] >= 0);
    db.dispose();
    loadedCount++;
  }
  assert.equal(allocatedBytes(), before, 'no WASM memory left behind');
  assert.ok(refusedCount > 500 && loadedCount > 100, `${refusedCount} refused, ${loadedCount} loaded`);
});

test('cost rules and custom features: the loaded database is the built one, its rules and every search forced or not', () => {
  const clips = biped.clips.map((c, i) => {
    const frames = c.poses.length / (13 * BIPED.parents.length);
    return i % 2
      ? c
      : { ...c, features: { lean: Float32Array.from({ length: frames }, (_, f) => Math.sin(f / 9)) } };
  });
  const options = {
    ...bipedOptions,
    features: [
      ...FEATURES_27.slice(0, 3),
      { type: 'custom', name: 'lean', mirror: [-1], weight: 1.5, value: (pose) => pose[1] },
      ...FEATURES_27.slice(3),
      { type: 'custom', name: 'hipsY', value: (pose) => pose[4] },
    ],
    rules: [
      { clip: 0, multiplier: 0.8 },
      { clip: biped.clips[2].name, start: 10, stop: 14, additive: [0.5, -0.25, 1e-7, 2] },
      { clip: 3, block: true, when: 'unforced' },
      {
        clip: 1,
        start: 40,
        block: true,
        multiplier: Float32Array.from({ length: clips[1].poses.length / 117 - 40 }, (_, k) => 1 + k / 100),
      },
    ],
  };
  const built = new sp.MotionDatabase({ ...biped, clips }, options);
  const bytes = built.toBytes();
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(40, 40 + headOf(bytes))));
  assert.equal(new DataView(bytes.buffer).getUint32(8, true), 2, 'format version 2');
  assert.deepEqual(head.features[3], { type: 'custom', name: 'lean', floats: 1, weight: 1.5, mirror: [-1] });
  assert.deepEqual(head.rules[1], {
    clip: 2,
    start: 10,
    stop: 14,
    multiplier: 1,
    additive: [0.5, -0.25, Math.fround(1e-7), 2],
    block: false,
    when: 'all',
  });
  const loaded = sp.MotionDatabase.fromBytes(bytes);
  sameDatabase(loaded, built, 7);
  assert.deepEqual(loaded.rules, built.rules);
  assert.deepEqual(loaded.customFeatures, built.customFeatures);
  for (const forced of [false, true]) {
    const rnd = random(forced ? 3 : 4);
    for (let i = 0; i < 200; i++) {
      const f = Math.floor(rnd() * built.frames),
        q = built.features(f);
      for (let j = 0; j < q.length; j++) q[j] += (rnd() - 0.5) * 0.3 * (Math.abs(q[j]) + 0.1);
      const o = { current: Math.floor(rnd() * built.frames), forced, bias: 0.1 };
      const a = loaded.searchBest(q, 4, o),
        b = built.searchBest(q, 4, o);
      same(a.frames, b.frames, `search ${i} frames`);
      same(a.costs, b.costs, `search ${i} costs`);
      assert.deepEqual(loaded.costBreakdown(q, f, o), built.costBreakdown(q, f, o));
    }
  }
  // and again: the loaded database's bytes are the built one's
  assert.deepEqual(loaded.toBytes(), bytes);
  loaded.dispose();
  built.dispose();
  // rules the constructor refuses are refused naming bytes
  refused(
    withHead(bytes, (h) => ({ ...h, rules: [{ ...h.rules[0], multiplier: -2 }] })),
    /must describe a valid database: options\.rules\[0\]\.multiplier must be a finite number ≥ 0 within float range, got -2/,
  );
  refused(
    withHead(bytes, (h) => ({ ...h, rules: 'none' })),
    /must describe a valid database: options\.rules must be an array of rules, got "none"/,
    TypeError,
  );
});

test('bytes of format version 1 (before rules and custom features) still load, as the database they were made from', () => {
  // version 1 is version 2 without the head's rules: its bytes, as version 1's toBytes wrote them
  const built = new sp.MotionDatabase(biped, bipedOptions);
  const v1 = withHead(built.toBytes(), (h) => {
    const { rules, ...rest } = h;
    assert.deepEqual(rules, []);
    return rest;
  });
  u32(v1, 8, 1);
  const loaded = sp.MotionDatabase.fromBytes(v1);
  sameDatabase(loaded, built, 11);
  sameSearches(loaded, built, 100, 17);
  assert.deepEqual(loaded.rules, []);
  loaded.dispose();
  built.dispose();
});

test('toBytes on what is not a live database', () => {
  const db = sp.MotionDatabase.fromBytes(small);
  db.dispose();
  assert.throws(() => db.toBytes(), /^TypeError: sprung\.MotionDatabase\.toBytes: used after dispose\(\)$/);
  const batch = new sp.DamperExactBatch(4);
  assert.throws(
    () => sp.MotionDatabase.prototype.toBytes.call(batch),
    /sprung\.MotionDatabase\.toBytes: called on a DamperExactBatch/,
  );
  batch.dispose();
});

test("the reference's build-once example runs as copied beside the CMU files and prints what its comment says", async () => {
  const { readFileSync } = await import('node:fs');
  const { printed, claim, dir } = runReadmeExample('### Build once, load fast', 'bytes.mjs', 'docs/API.md');
  assert.equal(printed, claim);
  // the file it wrote is what toBytes gives: the magic and its own length in its header
  const file = readFileSync(new URL('database.bin', dir));
  assert.equal(String.fromCharCode(...file.subarray(0, 8)), 'sprungMD');
  assert.equal(file.readUInt32LE(12), file.length);
});
