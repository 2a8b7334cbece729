// memory.test.mjs — the memory the package owns, as an adversary uses it: objects disposed
// and then collected (the finaliser must not free them again), objects forgotten without
// dispose (the finaliser frees them), writes through views kept after dispose() (they must not
// break the allocator nor reach a live object), init({ reserve }) and onMemoryGrowth (a view
// held in a variable stays attached until the documented event, and the event says when), and
// the check of a view against thousands of blocks handed out (against a scan of them).
// Needs `node --expose-gc` for the collection tests (./build.sh test runs it so; without the
// flag they are skipped).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sp from '../../dist/index.js';
import { wasm } from '../../dist/wasm.js';
import { allocOwned, freeOwned, inHandedOutBlock } from '../../dist/memory.js';

const RESERVE = 32 << 20;
await sp.init({ reserve: RESERVE });
const gc = globalThis.gc;
const collect = async () => {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 0)); // finalisers run in a later task
  }
};

/** Every class that owns WASM memory, with one of its views (a getter) to fill. */
const classes = {
  DamperExactBatch: [() => new sp.DamperExactBatch(50, { dim: 3 }), 'x'],
  CriticalSpringDamperExactBatch: [() => new sp.CriticalSpringDamperExactBatch(50), 'goalVelocity'],
  SimpleSpringDamperExactBatch: [() => new sp.SimpleSpringDamperExactBatch(50, { dim: 2 }), 'v'],
  DecaySpringDamperExactBatch: [() => new sp.DecaySpringDamperExactBatch(50), 'x'],
  SpringDamperExactBatch: [() => new sp.SpringDamperExactBatch(50), 'goal'],
  SimpleSpringDamperExactQuatBatch: [() => new sp.SimpleSpringDamperExactQuatBatch(50), 'v'],
  DecaySpringDamperExactQuatBatch: [() => new sp.DecaySpringDamperExactQuatBatch(50), 'v'],
  PoseInertializer: [() => new sp.PoseInertializer(20), 'input'],
  CubicPoseInertializer: [() => new sp.CubicPoseInertializer(20), 'input'],
  TrajectoryBatch: [() => new sp.TrajectoryBatch(10, 4), 'goal'],
  TrajectoryPredictor: [() => new sp.TrajectoryPredictor(40), 'times'],
  FeatureDatabase: [() => new sp.FeatureDatabase(30, 4), 'features'],
};

test('with init({ reserve }), views held in variables stay attached; onMemoryGrowth reports the event that detaches them', () => {
  let events = 0;
  const stop = sp.onMemoryGrowth(() => events++);
  const buffer = wasm.memory.buffer;
  // well within the reserve (this test runs first)
  const batches = [];
  for (let i = 0; i < 8; i++) batches.push(new sp.SimpleSpringDamperExactBatch(1 << 16, { dim: 3 }));
  const held = batches.map((b) => b.x);
  for (const b of batches) {
    b.goal.fill(3);
    b.update(0.05);
  }
  assert.equal(events, 0);
  assert.equal(wasm.memory.buffer, buffer, 'memory did not grow');
  assert.ok(held.every((x, i) => x === batches[i].x && x.length === 3 << 16));
  // more than the reserve: memory grows, the listener runs, held views detach, getters renew
  const huge = new sp.DamperExactBatch(RESERVE / 4, { dim: 1 });
  assert.ok(events >= 1);
  assert.equal(held[0].length, 0, 'a held view detaches when memory grows');
  assert.notEqual(batches[0].x, held[0]);
  assert.ok(
    batches[0].x.every((x) => x > 0 && x < 3),
    'the getter returns a live view of the same values',
  );
  stop();
  const after = events;
  new sp.DamperExactBatch(RESERVE / 2).dispose();
  assert.equal(events, after, 'a removed listener is not called');
  huge.dispose();
  for (const b of batches) b.dispose();
  assert.throws(() => sp.onMemoryGrowth(42), /sprung\.onMemoryGrowth: listener must be a function/);
});

test(
  'disposed, then collected: no class frees its memory twice (live objects never share memory)',
  { skip: !gc && 'needs node --expose-gc' },
  async () => {
    for (const [name, [make, field]] of Object.entries(classes)) {
      // each disposed object's memory goes to a live one, then the collector finalises the
      // disposed objects: a finaliser that was not cancelled frees the live one's memory
      const live = [];
      (() => {
        for (let i = 0; i < 40; i++) {
          make().dispose();
          live.push(make());
        }
      })();
      await collect();
      for (let i = 0; i < 40; i++) live.push(make()); // these would get the doubly freed memory
      live.forEach((o, i) => o[field].fill(i + 1));
      await collect();
      for (let i = 0; i < live.length; i++)
        assert.ok(
          live[i][field].every((v) => v === i + 1),
          `${name} #${i}: another object wrote into its memory`,
        );
      for (const o of live) o.dispose();
    }
  },
);

test(
  'forgotten without dispose(): the finaliser frees the memory, so it is reused',
  { skip: !gc && 'needs node --expose-gc' },
  async () => {
    await collect();
    const before = wasm.memory.buffer.byteLength;
    // 200 batches of 1 MB each, never disposed: without the finaliser they would need 200 MB
    for (let round = 0; round < 20; round++) {
      (() => {
        for (let i = 0; i < 10; i++) new sp.SimpleSpringDamperExactBatch(1 << 16, { dim: 1 }).x.fill(1);
      })();
      await collect();
    }
    const grown = wasm.memory.buffer.byteLength - before;
    assert.ok(grown <= 48 << 20, `memory grew by ${grown} bytes`);
  },
);

test('a write through a view kept after dispose() never breaks the allocator nor reaches a live object', () => {
  const stale = new sp.CriticalSpringDamperExactBatch(1000);
  const kept = [stale.x, stale.v, stale.goal, stale.halflife];
  stale.dispose();
  const live = new sp.CriticalSpringDamperExactBatch(1000);
  live.goal.fill(1);
  // element writes (silently dropped once a view is detached, where fill() would throw):
  // huge floats and all-ones words over whatever a malloc keeps in or beside a freed block
  const write = () => {
    for (const view of kept)
      for (let i = 0; i < view.length; i++)
        view[i] = i % 2 ? -1e30 : new Float32Array(new Int32Array([-1]).buffer)[0];
  };
  write();
  // every later call works, and the live batch kept its values
  for (let i = 0; i < 200; i++) {
    const b = new sp.SimpleSpringDamperExactBatch(997, { dim: 3 });
    b.goal.fill(2);
    b.update(1 / 60);
    assert.ok(b.x.every((x) => x > 0 && x < 2));
    if (i % 3) b.dispose();
    write();
  }
  // fresh memory runs out: sprung reuses the disposed blocks, after detaching every view
  let detached = false;
  const stop = sp.onMemoryGrowth(() => (detached = true));
  const filler = [];
  while (!detached) filler.push(new sp.DamperExactBatch(1 << 18));
  stop();
  write();
  for (const b of filler) b.dispose();
  assert.ok(live.goal.every((g) => g === 1));
  live.update(0.1);
  const yt = ((2 * Math.LN2) / 0.1) * 0.1; // critical spring from rest toward 1
  assert.ok(live.x.every((x) => Math.abs(x - (1 - Math.exp(-yt) * (1 + yt))) < 1e-6));
  // the memory was reused only after the stale views were detached (writes to them are dropped)
  assert.equal(kept[0].length, 0, 'the stale view is detached once its memory is reused');
  live.dispose();
});

test('a listener that throws does not fail the allocation that grew memory; its error is reported', async () => {
  // the runner's own handler would count the reported error as this test's failure
  const runners = process.listeners('uncaughtException');
  process.removeAllListeners('uncaughtException');
  const reported = new Promise((resolve) => process.once('uncaughtException', resolve));
  const stop = sp.onMemoryGrowth(() => {
    throw new Error('listener failed');
  });
  const size = wasm.memory.buffer.byteLength;
  const big = new sp.DamperExactBatch(size / 4); // more than the memory has: it grows
  stop();
  assert.ok(wasm.memory.buffer.byteLength > size);
  big.x.fill(1);
  assert.equal(big.x[big.x.length - 1], 1);
  const error = await reported;
  for (const r of runners) process.on('uncaughtException', r);
  assert.equal(error.message, 'listener failed');
  big.dispose();
});

test('with thousands of blocks handed out, a view is taken as inside one exactly when a scan of the blocks says so', () => {
  // The oracle: the blocks this test holds, scanned one by one.
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const held = []; // { owner, ptr, bytes }
  const inside = (offset, bytes) => held.some((b) => offset >= b.ptr && offset + bytes <= b.ptr + b.bytes);
  let checked = 0,
    accepted = 0;
  for (let round = 0; round < 3000; round++) {
    if (held.length > 0 && random() < 0.3) {
      // free one at random: its place may be handed out again later
      const [b] = held.splice(Math.floor(random() * held.length), 1);
      freeOwned(b.owner, b.ptr);
    } else {
      const owner = {},
        n = 1 + Math.floor(random() * 64);
      held.push({ owner, ptr: allocOwned(owner, 'memory.test', 'block', n), bytes: 4 * n });
    }
    // views at each block's edges and one float beyond them, and at random places between
    const b = held[Math.floor(random() * held.length)];
    const probes = [
      [b.ptr, b.bytes],
      [b.ptr + b.bytes - 4, 4],
      [b.ptr, b.bytes + 4],
      [b.ptr - 4, 8],
      [b.ptr + b.bytes, 4],
      [b.ptr + 4 * Math.floor((random() * b.bytes) / 4), 4 * Math.floor(random() * 8)],
    ];
    for (const [offset, bytes] of probes) {
      const want = inside(offset, bytes);
      assert.equal(inHandedOutBlock(offset, bytes), want, `${bytes} bytes at ${offset}`);
      checked++;
      if (want) accepted++;
    }
  }
  assert.ok(held.length > 1000 && accepted > 5000 && checked - accepted > 5000, `${held.length} ${accepted}`);
  for (const b of held) freeOwned(b.owner, b.ptr);
  for (const b of held) assert.equal(inHandedOutBlock(b.ptr, 4), false, 'freed: no longer handed out');
});
