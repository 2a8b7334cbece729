// workers.test.mjs — the reference's crowd over Web Workers (docs/API.md, "A crowd over Web
// Workers"), run as written in headless Chromium: its worker and its page bundled with the built
// package, a database's bytes (CMU's 01_01 and 01_03) at database.bin. After the example's
// first frame the test drives its workers for two seconds more and checks (1) every slice's
// transforms, as they come back from its worker, are bit for bit those of the same slice run
// as a MotionCrowd on the page (the split changes nothing), and (2) every character's bone 0
// ends where a critical spring on its input velocity puts the simulation object (a closed form
// worked out here), within the clamp distance the controller holds it to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch } from './harness.mjs';
import { bundleExample, serveExample, workersExample } from './workers_example.mjs';
import { init, parseBvh, MotionDatabase } from '../../dist/index.js';

/** Frames the test runs after the example's first (2 s at 60 Hz). */
const MORE = 120;

/** What the test adds after the example's page code (its names: bytes, count, slices, size, homes, ask, workers, inputs, frame). */
const CHECK = `
import { MotionDatabase as TestDatabase, MotionCrowd as TestCrowd } from 'sprung';
const testDb = TestDatabase.fromBytes(bytes);
const testCrowds = Array.from({ length: slices }, (_, k) =>
  new TestCrowd(testDb, size, { positions: homes.slice(k * size, (k + 1) * size) }));
let worst = 0;
const compare = (out) =>
  testCrowds.forEach((c, k) => {
    for (const [mine, theirs] of [[c.positions, out[k].positions], [c.rotations, out[k].rotations]]) {
      if (!(theirs instanceof Float32Array) || theirs.length !== mine.length) worst = Infinity;
      else for (let j = 0; j < mine.length; j++) worst = Math.max(worst, Math.abs(mine[j] - theirs[j]));
    }
  });
const step = (out) => {
  testCrowds.forEach((c, k) => c.update(1 / 60, inputs.slice(k * size, (k + 1) * size)));
  compare(out);
};
step(frame);
let last = frame;
for (let f = 0; f < ${MORE}; f++) {
  last = await Promise.all(workers.map((w, k) => ask(w, { dt: 1 / 60, inputs: inputs.slice(k * size, (k + 1) * size) })));
  step(last);
}
const bones = testDb.bones;
window.__result = {
  worst,
  count,
  slices,
  lengths: last.map((o) => [o.positions.length, o.rotations.length]),
  bones,
  bone0: last.flatMap((o) => Array.from({ length: size }, (_, j) => [o.positions[3 * bones * j], o.positions[3 * bones * j + 2]])),
  settings: { ...testCrowds[0].characters[0].settings },
};
`;

/**
 * Where a critical spring on velocity puts the simulation object after t s from rest at the
 * origin, chasing a constant velocity v (Spring-It-On's critical spring on velocity: the
 * velocity v·(1 − e^(−yt)(1 + yt)), y = 2 ln2 / halflife: half the damping of the halflife).
 */
function simulated(v, halflife, t) {
  const y = (2 * Math.LN2) / halflife;
  // ∫0^t v(1 − e^(−ys)(1 + ys)) ds = v(t − (2 − e^(−yt)(2 + yt)) / y)
  return v * (t - (2 - Math.exp(-y * t) * (2 + y * t)) / y);
}

test('the reference’s crowd over two Web Workers runs as copied and moves every character as one crowd on the page would', async () => {
  await init();
  const dir = mkdtempSync(join(tmpdir(), 'sprung-workers-'));
  const browser = await launch();
  let site;
  try {
    // the database's bytes, as a game would ship them
    const takes = ['01_01.bvh', '01_03.bvh'].map((file) =>
      parseBvh(readFileSync(join(ROOT, 'build/data/cmu', file), 'utf8'), {
        scale: 0.056444,
        start: 1,
        frameRate: 60,
      }),
    );
    const db = new MotionDatabase(
      { skeleton: takes[0].skeleton, frameRate: 60, clips: takes.map((take) => take.clip) },
      {
        features: [
          { type: 'position', bone: 'LeftFoot' },
          { type: 'position', bone: 'RightFoot' },
          { type: 'velocity', bone: 'Hips' },
          { type: 'trajectoryPosition', frames: [20, 40, 60] },
          { type: 'trajectoryDirection', frames: [20, 40, 60] },
        ],
      },
    );
    writeFileSync(join(dir, 'database.bin'), db.toBytes());
    db.dispose();
    const { worker, page } = workersExample();
    writeFileSync(join(dir, 'worker_src.mjs'), worker);
    writeFileSync(join(dir, 'page_src.mjs'), page + CHECK);
    await bundleExample(join(dir, 'worker_src.mjs'), join(dir, 'crowd_worker.js'));
    await bundleExample(join(dir, 'page_src.mjs'), join(dir, 'page.js'));
    site = await serveExample({
      '/page.js': join(dir, 'page.js'),
      '/crowd_worker.js': join(dir, 'crowd_worker.js'),
      '/database.bin': join(dir, 'database.bin'),
    });
    const tab = await browser.context.newPage();
    const problems = [];
    tab.on('pageerror', (e) => problems.push(String(e)));
    tab.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await tab.goto(site.url);
    await tab.waitForFunction(() => window.__result || null, null, { timeout: 300000, polling: 500 });
    const r = await tab.evaluate(() => window.__result);
    assert.deepEqual(problems, []);
    assert.equal(r.count, 1000);
    assert.equal(r.slices, 2);
    assert.deepEqual(r.lengths, [
      [3 * r.bones * 500, 4 * r.bones * 500],
      [3 * r.bones * 500, 4 * r.bones * 500],
    ]);
    assert.equal(r.worst, 0, 'the workers’ transforms are the page’s crowds’, bit for bit');
    // every character's bone 0 near where the simulation object is after the 121 frames
    const t = (MORE + 1) / 60,
      s = r.settings;
    assert.ok(s.clamping);
    let far = 0;
    for (let i = 0; i < r.count; i++) {
      const d = simulated(1, s.simulationVelocityHalflife, t);
      const x = 2 * (i % 40) + d * Math.sin(i),
        z = 2 * Math.floor(i / 40) + d * Math.cos(i);
      far = Math.max(far, Math.hypot(r.bone0[i][0] - x, r.bone0[i][1] - z));
    }
    assert.ok(far <= s.clampDistance + 1e-3, `a character's bone 0 is ${far} m from its simulation object`);
    await tab.close();
  } finally {
    site?.close();
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
