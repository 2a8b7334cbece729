// The motion-matching panel (panel 10) in headless Chromium, WebGL through SwiftShader, beyond
// the generic checks every panel gets (panels.test.mjs: console, summaries, URL, embed, phone,
// dark; copy_code.mjs: copy as code runs): the dance card is made (in a worker) and searched,
// the keyboard and a drag move the character the way the screen shows, the skinned character's
// every bone is where the controller has it (three.js's matrices against the controller's
// positions), the locked feet and the simulation bone are drawn where the library puts them, the
// switches reach the controller's settings, the overlay's candidates are the search's (their
// costs by feature group add up to the cost the WebAssembly search found), the feature sets (the
// cubic one too) and CMU's motion capture load with CMU's preset, the crowd of 1,000 searches in
// one call and is drawn instanced from its views (every instance matrix checked), the reader's own files (a GLB made in code, CMU's BVH files) go through the file
// input to a database whose export loads in Node and whose game code runs as copied, and the
// view and its overlay fit a 600×400 embed and a phone, with a slider in view.
// Screenshots (desktop, embed, phone, CMU, crowd, the reader's character) go to tests/e2e/screenshots/.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, nextFrames, openPage, screenshot, usePlayground } from './harness.mjs';
import { browser as staticBrowser, bundle } from '../package/consumer.mjs';
import { init, MotionDatabase, transitionCost } from '../../dist/index.js';
import { sampleGlb } from '../../web/playground/motion/sample.js';
import { PRESETS } from '../../web/playground/motion/autopilot.js';

const env = usePlayground();
const inspect = (page) => page.evaluate(() => window.playground.inspect());
/** The camera's azimuth in the panel (motion/view.js): the screen's "up" is (sin a, cos a) on the ground. */
const AZIMUTH = 0.45;
/** The dance card's frames, mirrored (README: 38,747 frames in four takes). */
const DANCE_FRAMES = 2 * 38747;

/** Opens the panel and waits until its database is built and the 3D view has drawn a few frames. */
async function open(query = '', viewport) {
  // the first database is made in a worker before the page reports ready: a minute on a loaded machine
  const page = await openPage(env.browser.context, `${env.site.base}?panel=motion${query}`, viewport, {
    ready: 240000,
  });
  await page.waitForFunction(
    () => {
      const s = window.playground.inspect();
      return s.failed || (s.database && s.webgl && s.frames > 5 && s.lastSearch);
    },
    null,
    { timeout: 240000, polling: 250 },
  );
  const s = await inspect(page);
  assert.equal(s.failed, null, 'the 3D view loaded');
  assert.equal(s.note, null, 'no message over the view');
  return page;
}

/** Polls `inspect()` until `done(state)` holds (or fails after `timeout` ms); returns that state. */
async function until(page, done, what, timeout = 30000) {
  const t0 = Date.now();
  for (;;) {
    const s = await inspect(page);
    if (done(s)) return s;
    if (Date.now() - t0 > timeout) assert.fail(`${what}: ${JSON.stringify(s).slice(0, 600)}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** Whether a state's simulation velocity is within 5 % of `speed` along the direction (x, z). */
function near(s, speed, [x, z]) {
  return Math.hypot(s.velocity.x - speed * x, s.velocity.z - speed * z) < 0.05 * speed;
}

/** The angle (rad) between the ground velocity of a state and the direction (x, z). */
function angleTo(v, x, z) {
  // (clamped: aligned vectors can round to a cosine above 1)
  return Math.acos(Math.min(1, (v.x * x + v.z * z) / Math.hypot(v.x, v.z) / Math.hypot(x, z)));
}

describe('panel motion, in the browser', () => {
  /** A gamepad for the tests: `window.__gamepad`, when set, is the one pad navigator.getGamepads() lists. */
  before(() =>
    env.browser.context.addInitScript(() => {
      navigator.getGamepads = () => (window.__gamepad ? [window.__gamepad] : []);
    }),
  );

  test('the dance card is searched, the keyboard drives, Shift runs, and the character keeps to the simulation', async () => {
    const page = await open();
    const s0 = await inspect(page);
    assert.equal(s0.database.key, 'dance:transition:1,1,1,1');
    assert.equal(s0.database.frames, DANCE_FRAMES);
    // the transition-cost feature of two ankles and the hips (9), the trajectory (6 + 6)
    assert.equal(s0.database.dims, 21);
    assert.equal(s0.database.bones, 23);
    assert.equal(s0.input, 'autopilot');
    // the skinned humanoid, posed by bindSkeleton: every bone where the controller has it
    assert.deepEqual(
      { bound: s0.skinned.bound, bones: s0.skinned.bones, meshes: s0.skinned.meshes },
      { bound: 23, bones: 23, meshes: 1 },
    );
    assert.ok(s0.skinned.worst < 1e-4, `bones within ${s0.skinned.worst} m of the controller's positions`);

    const canvas = page.locator('#panel-motion figure.view3d canvas[role=img]');
    await canvas.focus();
    const forward = [Math.sin(AZIMUTH), Math.cos(AZIMUTH)];
    const right = [-Math.cos(AZIMUTH), Math.sin(AZIMUTH)];
    const params = await page.evaluate(() => window.playground.params());

    // W: the simulation walks up the screen at the walk speed (its spring settles within 1.5 s)
    await page.keyboard.down('w');
    const walking = await until(
      page,
      (s) => s.input === 'keyboard' && near(s, params.walkSpeed, forward),
      'W walks',
    );
    assert.ok(
      angleTo(walking.velocity, ...forward) < 0.1,
      `W: toward the screen's up, ${JSON.stringify(walking.velocity)}`,
    );
    // Shift: it runs
    await page.keyboard.down('Shift');
    const running = await until(page, (s) => near(s, params.runSpeed, forward), 'Shift+W runs');
    assert.ok(angleTo(running.velocity, ...forward) < 0.1);
    await page.keyboard.up('Shift');
    await page.keyboard.up('w');
    // D: to the screen's right
    await page.keyboard.down('d');
    const strafed = await until(page, (s) => near(s, params.walkSpeed, right), 'D goes right');
    assert.equal(strafed.input, 'keyboard');
    await page.keyboard.up('d');
    // released: the simulation stops; the character stays within the clamp radius of it
    const stopped = await until(
      page,
      (s) => Math.hypot(s.velocity.x, s.velocity.z) < 0.05,
      'released: it stops',
    );
    assert.equal(stopped.input, 'none');
    const gap = Math.hypot(stopped.root[0] - stopped.simulation.x, stopped.root[2] - stopped.simulation.z);
    assert.ok(gap <= 0.15 + 1e-3, `the character ${gap} m from the simulation (clamped at 0.15 m)`);
    assert.ok(stopped.switches > 0, 'the controller switched frames');
    assert.ok(
      stopped.searchMicroseconds > 0 && stopped.searchMicroseconds < 5000,
      `${stopped.searchMicroseconds} µs a search`,
    );
    assert.deepEqual(page.problems, []);
    await screenshot(page, 'motion-desktop');
    await page.close();
  });

  test('the overlay’s candidates are the search’s: best first, their group costs adding up to the cost', async () => {
    const page = await open();
    const s = await until(page, (x) => x.candidates && x.candidates.length === 4, 'four candidates');
    const { candidates } = s;
    for (let i = 1; i < 4; i++) assert.ok(candidates[i].cost >= candidates[i - 1].cost, 'best first');
    // the search's cost (in WebAssembly, SIMD, float) is the sum of the groups' parts (groupCosts, in JS)
    for (const c of candidates) {
      assert.equal(c.groups.length, 5, 'left foot, right foot, hips, path, facing');
      const sum = c.groups.reduce((a, b) => a + b, 0);
      assert.ok(
        Math.abs(sum - c.cost) <= 1e-4 * Math.max(1, c.cost),
        `frame ${c.frame}: groups ${sum}, search ${c.cost}`,
      );
    }
    assert.ok(new Set(candidates.map((c) => c.frame)).size === 4, 'four distinct frames');
    await page.close();
  });

  test('a drag in the view is a stick: up the screen walks up, far up runs', async () => {
    const page = await open();
    const box = await page.locator('#panel-motion figure.view3d canvas[role=img]').boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.7];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 40, { steps: 4 });
    const params = await page.evaluate(() => window.playground.params());
    // 40 px of the stick's 60: two thirds of the walk speed, up the screen
    const forward = [Math.sin(AZIMUTH), Math.cos(AZIMUTH)];
    const s = await until(
      page,
      (q) => q.input === 'mouse' && near(q, (2 / 3) * params.walkSpeed, forward),
      'a drag walks',
    );
    assert.ok(angleTo(s.velocity, ...forward) < 0.1);
    assert.ok(
      await page.locator('#panel-motion .motion-stick').isVisible(),
      'the stick is drawn under the pointer',
    );
    await page.mouse.move(x, y - 120, { steps: 4 });
    await until(
      page,
      (q) => Math.hypot(q.velocity.x, q.velocity.z) > 0.95 * params.runSpeed,
      'pushed far, it runs',
    );
    await page.mouse.up();
    assert.ok(await page.locator('#panel-motion .motion-stick').isHidden(), 'released: the stick goes');
    await page.close();
  });

  test('a finger drags the stick, and a gamepad’s left stick walks (A runs)', async () => {
    const page = await open();
    const params = await page.evaluate(() => window.playground.params());
    const forward = [Math.sin(AZIMUTH), Math.cos(AZIMUTH)];
    // a real touch (Chromium's input pipeline, as a phone sends it): 40 px up the screen
    const box = await page.locator('#panel-motion figure.view3d canvas[role=img]').boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.7];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let k = 1; k <= 4; k++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - 10 * k }] });
    await until(
      page,
      (q) => q.input === 'touch' && near(q, (2 / 3) * params.walkSpeed, forward),
      'a finger walks',
    );
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await until(page, (q) => q.input !== 'touch', 'the finger lifted');
    // a gamepad (navigator.getGamepads, stubbed by the context's init script): the left stick pushed
    // to the upper right, then A held
    await page.evaluate(() => {
      const pad = {
        axes: [Math.SQRT1_2, -Math.SQRT1_2, 0, 0],
        buttons: Array.from({ length: 16 }, () => ({ pressed: false })),
      };
      window.__gamepad = pad;
    });
    const upRight = [
      forward[0] * Math.SQRT1_2 + Math.SQRT1_2 * -Math.cos(AZIMUTH),
      forward[1] * Math.SQRT1_2 + Math.SQRT1_2 * Math.sin(AZIMUTH),
    ];
    await until(
      page,
      (q) => q.input === 'gamepad' && near(q, params.walkSpeed, upRight),
      'the gamepad walks',
    );
    await page.evaluate(() => (window.__gamepad.buttons[0].pressed = true));
    await until(page, (q) => near(q, params.runSpeed, upRight), 'A runs');
    await page.evaluate(() => (window.__gamepad = null));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('each switch reaches the controller’s settings, live and from the URL', async () => {
    const page = await open(
      '&inertialization=0&adjustment=0&clamping=0&footLocking=0&halflife=0.2&searchInterval=0.3',
    );
    let s = await inspect(page);
    assert.equal(s.settings.inertialization, 'none');
    assert.equal(s.settings.adjustment, false);
    assert.equal(s.settings.clamping, false);
    assert.equal(s.settings.footLocking, false);
    assert.equal(s.settings.halflife, 0.2);
    assert.equal(s.settings.searchInterval, 0.3);
    for (const key of ['inertialization', 'adjustment', 'clamping', 'footLocking'])
      await page.locator(`#motion-${key}`).check();
    await nextFrames(page, 3);
    s = await inspect(page);
    assert.equal(s.settings.inertialization, 'spring');
    assert.ok(s.settings.adjustment && s.settings.clamping && s.settings.footLocking);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('plain features: positions and velocities of the feet and the hips’ velocity (27 floats)', async () => {
    const page = await open('&features=plain');
    const s = await until(page, (x) => x.candidates && x.candidates.length === 4, 'candidates');
    assert.equal(s.database.key, 'dance:plain:1,1,1,1');
    assert.equal(s.database.dims, 27);
    assert.equal(s.candidates[0].groups.length, 7);
    await page.close();
  });

  test('CMU’s motion capture: two takes of subject 1, mirrored, skinned, credited, at its preset', async () => {
    const page = await open('&database=cmu');
    const s = await inspect(page);
    assert.equal(s.database.key, 'cmu:transition:1,1,1,1');
    // its preset (motion/autopilot.js): the speeds its takes have, the switch cost of its costs
    const params = await page.evaluate(() => window.playground.params());
    for (const [k, v] of Object.entries(PRESETS.cmu)) assert.equal(params[k], v, k);
    assert.equal(s.settings.switchCost, PRESETS.cmu.switchCost);
    assert.equal(s.skinned.bound, 32);
    assert.ok(s.skinned.worst < 1e-4, `${s.skinned.worst} m`);
    // 01_01 (2,752 frames) and 01_03 (4,511) at 120 Hz, the T-pose left out, at 60 Hz: 1,376 + 2,255, mirrored
    assert.equal(s.database.frames, 2 * (1376 + 2255));
    assert.equal(s.database.bones, 32);
    const summary = await page.locator('#panel-motion figure.view3d').textContent();
    assert.match(summary, /obtained from mocap\.cs\.cmu\.edu/, 'CMU’s acknowledgement');
    await page.keyboard.down('w');
    await until(page, (x) => x.input === 'keyboard' && x.switches > 0, 'it moves on CMU too');
    await new Promise((ok) => setTimeout(ok, 1500));
    await screenshot(page, 'motion-cmu');
    await page.keyboard.up('w');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('a crowd of 1,000, their searches in one call, drawn instanced from the crowd’s views, its time shown', async () => {
    const page = await open('&crowd=1');
    const s = await until(
      page,
      (x) => x.crowd && x.crowd.instanced && x.crowd.frame && x.crowd.frame.frames > 5,
      'the crowd runs and is drawn',
      120000,
    );
    assert.equal(s.crowd.count, 1000);
    await until(page, (x) => x.crowd.searches > 0, 'the crowd searches');
    // one instanced mesh per link of the skeleton (a bone to a child, bone 0 left out), 1,000 instances each
    const { meshes, instances, parents } = s.crowd.drawn;
    assert.ok(
      meshes >= 15 && meshes < s.database.bones,
      `${meshes} instanced meshes for ${s.database.bones} bones`,
    );
    assert.deepEqual(instances, Array(meshes).fill(1000));
    assert.ok(parents.every((b) => b >= 1));
    // every instance matrix is the crowd's world transform of its link's parent bone, as three.js
    // composes it from crowd.positions and crowd.rotations (float32 rounding apart), and the
    // frame drew every instance's box (12 triangles) besides the character
    const { worst, checked, triangles } = s.crowd.instanced;
    assert.equal(checked, meshes * 1000);
    assert.ok(worst < 1e-5, `an instance matrix is ${worst} off the crowd's views`);
    assert.ok(triangles >= meshes * 1000 * 12, `${triangles} triangles drawn`);
    // the crowd's time a frame, live in the readout
    assert.ok(s.crowd.frame.ms > 0 && s.crowd.frame.ms >= s.crowd.frame.searchMs);
    const text = await page.locator('#panel-motion').innerText();
    assert.match(text, /1,000 characters: \d+\.\d ms a frame \(\d+\.\d ms searching\), median of \d+/);
    await screenshot(page, 'motion-crowd');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('embedded in 600×400, on a 390×844 phone and dark: the view in view, its overlay within a third of it, a slider in view', async () => {
    for (const [query, viewport, name] of [
      ['&embed=1', { width: 600, height: 400 }, 'motion-view-embed'],
      ['', { width: 390, height: 844 }, 'motion-view-phone'],
      ['&embed=1&theme=dark', { width: 600, height: 400 }, 'motion-view-embed-dark'],
      ['&theme=dark', { width: 390, height: 844 }, 'motion-view-phone-dark'],
    ]) {
      const page = await open(query, viewport);
      const view = await page.locator('#panel-motion figure.view3d .plot-box').boundingBox();
      const overlay = await page.locator('#panel-motion .motion-overlay').boundingBox();
      assert.ok(view.width > 0.9 * viewport.width - 40, `${name}: the view ${view.width} px wide`);
      assert.ok(
        view.y >= 0 && view.y + view.height <= viewport.height,
        `${name}: the whole view in the window`,
      );
      // inside the view, on its top, leaving two thirds of its height and most of its area to the character
      assert.ok(
        overlay.x >= view.x &&
          overlay.x + overlay.width <= view.x + view.width &&
          overlay.y >= view.y &&
          overlay.height <= view.height / 3 &&
          overlay.width * overlay.height <= 0.3 * view.width * view.height,
        `${name}: the overlay ${JSON.stringify(overlay)} in the view ${JSON.stringify(view)}`,
      );
      // a slider of the panel in view as loaded, and on top there (not under the phone's sheet edge)
      const slider = await page.evaluate(() => {
        for (const input of document.querySelectorAll('#panel-motion input[type=range]')) {
          const r = input.getBoundingClientRect();
          const x = r.left + r.width / 2,
            y = r.top + r.height / 2;
          if (r.width > 0 && y > 0 && y < innerHeight && document.elementFromPoint(x, y) === input)
            return input.id;
        }
        return null;
      });
      assert.ok(slider, `${name}: a slider in view as loaded`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= viewport.width, `${name}: no sideways scroll (${wide} px)`);
      if (name.includes('dark'))
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      await screenshot(page, name);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });

  test('the locked feet are discs where the contacts are; the simulation bone is bone 0, the raw one the hips’ projection', async () => {
    const page = await open();
    let seen = { locked: 0, free: 0, apart: 0 };
    const t0 = Date.now();
    while (Date.now() - t0 < 8000 && !(seen.locked > 3 && seen.apart > 3)) {
      const s = await inspect(page);
      const d = s.drawn;
      // every locked contact has its disc where the controller keeps it, and only those
      const locked = s.contacts.filter((k) => k.lock).map((k) => [k.position.x, k.position.z]);
      assert.equal(d.locks.length, locked.length, JSON.stringify({ d: d.locks, locked }));
      locked.forEach(([x, z], k) => assert.ok(Math.hypot(d.locks[k][0] - x, d.locks[k][1] - z) < 1e-5));
      seen.locked += locked.length;
      seen.free += s.contacts.length - locked.length;
      // bone 0 (the smoothed root) and the hips' raw projection as the controller has them
      const [rx, , rz] = s.simulationBone.root;
      assert.ok(Math.hypot(d.bone0[0] - rx, d.bone0[1] - rz) < 1e-5, 'bone 0 drawn where it is');
      assert.ok(Math.hypot(d.raw[0] - s.simulationBone.raw[0], d.raw[2] - s.simulationBone.raw[1]) < 1e-5);
      // the heading drawn is bone 0's yaw
      const yaw = 2 * Math.atan2(s.rotations[1], s.rotations[3]);
      const h = [d.heading0[3] - d.heading0[0], d.heading0[5] - d.heading0[2]];
      assert.ok(
        Math.abs(Math.atan2(h[0], h[1]) - Math.atan2(Math.sin(yaw), Math.cos(yaw))) < 1e-3,
        'bone 0 heading',
      );
      // the projection is smoothed: near the raw one, not on it
      const gap = Math.hypot(d.bone0[0] - d.raw[0], d.bone0[1] - d.raw[2]);
      assert.ok(gap < 0.3, `bone 0 ${gap} m from the hips' projection`);
      if (gap > 0.005) seen.apart++;
      await new Promise((ok) => setTimeout(ok, 150));
    }
    assert.ok(seen.locked > 3 && seen.free > 0 && seen.apart > 3, JSON.stringify(seen));
    // the read-out of the locked feet (refreshed four times a second)
    const feet = await page.evaluate(
      () =>
        [...document.querySelectorAll('#panel-motion .readouts > div')].find(
          (d) => d.firstChild.textContent === 'locked feet',
        ).lastChild.textContent,
    );
    assert.match(feet, /^(LeftToe|RightToe|LeftToe, RightToe) \([12] of 2\)$|^none of 2$/);
    await page.close();
  });

  test('the cubic mode: the cubic transition-cost feature, the cubic inertializer, its costs plotted', async () => {
    await init();
    const page = await open('&features=cubic&blendtime=0.3');
    const s = await until(page, (x) => x.candidates && x.candidates.length === 4, 'candidates');
    assert.equal(s.database.key, 'dance:cubic:1,1,1,1');
    assert.equal(s.database.dims, 21);
    assert.equal(s.settings.inertialization, 'cubic');
    assert.equal(s.settings.blendtime, 0.3);
    for (const c of s.candidates) {
      const sum = c.groups.reduce((a, b) => a + b, 0);
      assert.ok(
        Math.abs(sum - c.cost) <= 1e-4 * Math.max(1, c.cost),
        `frame ${c.frame}: ${sum} vs ${c.cost}`,
      );
    }
    // the plot of a switch's cost: the cubic inertializer's, for the blend time asked
    const [, cost] = await page.evaluate(() => window.playground.data());
    const points = cost[0]; // x, y, x, y…
    assert.ok(points.length > 20);
    for (let k = 0; k < points.length; k += 2) {
      const [x, y] = [points[k], points[k + 1]];
      const want = transitionCost(0.05, x, { inertializer: 'cubic', blendtime: 0.3, measure: 'exact' });
      assert.ok(Math.abs(y - want) < 1e-6, `cost at ${x}: ${y} vs ${want}`);
    }
    assert.ok(await page.locator('#motion-blendtime').isVisible());
    assert.ok(await page.locator('#motion-halflife').isHidden());
    await page.locator('#motion-inertialization').uncheck();
    await nextFrames(page, 3);
    assert.equal((await inspect(page)).settings.inertialization, 'none');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('a database made once is kept by the browser: the next page loads the same one, another build’s go, a damaged one is made again', async () => {
    // Another build's database, kept before (its module's name differs from this build's).
    const stale = `${env.site.base}assets/panel-motion-0123abcd.js?rig=dance`;
    const blank = await env.browser.context.newPage();
    await blank.goto(`${env.site.origin}/blank`); // (a page of the origin: its 404)
    await blank.evaluate(
      (url) => caches.open('sprung-motion-databases').then((c) => c.put(url, new Response('old'))),
      stale,
    );
    await blank.close();
    // weights no other test asks for: the first page makes its database in the worker
    const query = '&wFeet=1.35&wHips=0.65';
    const first = await open(query);
    const made = (await inspect(first)).database;
    assert.equal(made.kept, false, 'made in the worker');
    const keys = await first.evaluate(() =>
      caches.open('sprung-motion-databases').then(async (c) => (await c.keys()).map((r) => r.url)),
    );
    assert.ok(!keys.includes(stale), 'the other build’s database is dropped');
    assert.ok(
      keys.some((k) => /\/assets\/[\w-]+-[\w-]{8}\.js\?rig=dance&/.test(k) && k.includes('1.35')),
      `kept under this build's module and the request: ${keys.join(', ')}`,
    );
    await first.close();
    const again = await open(query);
    const loaded = (await inspect(again)).database;
    assert.equal(loaded.kept, true, 'the next page loads the kept database');
    // the same database: frames, feature dimensions, bones, and the features and pose of its
    // first, middle and last frames
    assert.deepEqual({ ...loaded, kept: false }, made);
    assert.deepEqual(again.problems, []);
    // bytes the store damaged (cut short): the next page makes the database again, quietly
    const key = keys.find((k) => k.includes('1.35'));
    await again.evaluate(async (url) => {
      const c = await caches.open('sprung-motion-databases');
      const kept = await c.match(url);
      const bytes = new Uint8Array(await kept.arrayBuffer());
      await c.put(url, new Response(bytes.slice(0, bytes.length >> 1), { headers: kept.headers }));
    }, key);
    await again.close();
    const damaged = await open(query);
    const remade = (await inspect(damaged)).database;
    assert.equal(remade.kept, false, 'a damaged kept database is made again');
    assert.deepEqual(remade, made);
    assert.deepEqual(damaged.problems, []);
    await damaged.close();
  });

  test('&overlay=0 hides the overlay, its checkbox shows it again', async () => {
    const page = await open('&overlay=0');
    assert.equal((await inspect(page)).overlay, false);
    assert.ok(await page.locator('#panel-motion .motion-overlay').isHidden());
    await page.locator('#motion-overlay').check();
    await nextFrames(page, 3);
    assert.equal((await inspect(page)).overlay, true);
    assert.ok(await page.locator('#panel-motion .motion-overlay').isVisible());
    await new Promise((ok) => setTimeout(ok, 400));
    assert.doesNotMatch(page.url(), /overlay=0/);
    await page.close();
  });

  test('your character: a GLB made in code through the file input, driven, tuned, exported; the game code runs as copied', async () => {
    const glb = Buffer.from(await sampleGlb());
    const page = await open();
    await page.setInputFiles('#motion-files', {
      name: 'character.glb',
      mimeType: 'model/gltf-binary',
      buffer: glb,
    });
    const s = await until(
      page,
      (x) => x.database && x.database.key.startsWith('reader') && x.skinned,
      'the GLB’s database',
      240000,
    );
    assert.deepEqual(s.reader, { name: 'character.glb', gltf: true });
    // its four clips at 60 Hz, mirrored (idle 4 s, walk, run, strafe), 23 bones: its own skin
    assert.equal(s.database.bones, 23);
    assert.equal(s.skinned.bound, 23);
    assert.equal(s.skinned.meshes, 1);
    assert.ok(s.skinned.worst < 1e-4, `${s.skinned.worst} m`);
    // driven by the keyboard
    await page.locator('#panel-motion figure.view3d canvas[role=img]').focus();
    const x0 = (await inspect(page)).root;
    await page.keyboard.down('w');
    const moved = await until(
      page,
      (x) => x.input === 'keyboard' && Math.hypot(x.root[0] - x0[0], x.root[2] - x0[2]) > 1,
      'W walks your character',
      120000,
    );
    await page.keyboard.up('w');
    assert.ok(moved.skinned.worst < 1e-4);
    // tuned: the switch cost and a feature weight (the database is made again)
    await page.locator('#motion-switchCost').fill('1.5');
    await page.locator('#motion-wPath').fill('2');
    const tuned = await until(
      page,
      (x) => x.settings.switchCost === 1.5 && x.database.key.endsWith(':1,1,2,1'),
      'the weights and the switch cost reach the database and the controller',
      240000,
    );
    assert.ok(tuned.exported, 'the export is offered');
    await screenshot(page, 'motion-reader');
    // exported: the bytes load in Node into the same database; the code names the settings
    await page.locator('#panel-motion .motion-export summary').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download database.bin' }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    assert.equal(download.suggestedFilename(), 'database.bin');
    assert.equal(bytes.length, tuned.exported.bytes);
    assert.equal(bytes.subarray(0, 8).toString('latin1'), 'sprungMC', 'the download is the compact format');
    await init();
    const db = MotionDatabase.fromBytes(bytes);
    assert.deepEqual([db.frames, db.dims, db.bones], [tuned.database.frames, 21, 23]);
    const code = tuned.exported.code;
    assert.match(code, /loadAsync\('character\.glb'\)/);
    assert.match(code, /"switchCost": 1\.5/);
    db.dispose();
    // the code as copied, bundled and run beside the GLB and the database: the character walks,
    // every bone on the controller's positions
    const work = mkdtempSync(join(tmpdir(), 'sprung-game-'));
    try {
      mkdirSync(join(work, 'node_modules'));
      symlinkSync(ROOT, join(work, 'node_modules', 'sprung'), 'dir');
      symlinkSync(join(ROOT, 'node_modules', 'three'), join(work, 'node_modules', 'three'), 'dir');
      writeFileSync(join(work, 'character.glb'), glb);
      writeFileSync(join(work, 'database.bin'), bytes);
      const probe = `
dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyW' }));
setTimeout(() => {
  const at = new THREE.Vector3();
  let worst = 0, bound = 0;
  skin.bones.forEach((bone, b) => {
    if (!bone) return;
    bone.getWorldPosition(at);
    const p = controller.positions;
    worst = Math.max(worst, Math.hypot(at.x - p[3 * b], at.y - p[3 * b + 1], at.z - p[3 * b + 2]));
    bound++;
  });
  window.__result = { worst, bound, z: controller.positions[2], switchCost: controller.settings.switchCost };
}, 2500);`;
      writeFileSync(join(work, 'game.js'), bundle(work, code + probe));
      const chromium = await staticBrowser(work);
      try {
        const r = await chromium.page('game.js');
        assert.equal(r.bound, 23);
        assert.ok(r.worst < 1e-4, `${r.worst} m`);
        assert.ok(r.z > 1, `walked to z = ${r.z}`);
        assert.equal(r.switchCost, 1.5);
      } finally {
        await chromium.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('your BVH takes through the file input: CMU’s two files, their units and T-poses found', async () => {
    const page = await open();
    await page.setInputFiles(
      '#motion-files',
      ['01_01.bvh', '01_03.bvh'].map((name) => ({
        name,
        mimeType: 'text/plain',
        buffer: readFileSync(join(ROOT, 'build/data/cmu', name)),
      })),
    );
    const s = await until(
      page,
      (x) => x.database && x.database.key.startsWith('reader') && x.skinned,
      'the BVH takes’ database',
      240000,
    );
    // as the CMU database: the T-pose frames left out, in CMU's units, mirrored
    assert.equal(s.database.frames, 2 * (1376 + 2255));
    assert.equal(s.database.bones, 32);
    assert.equal(s.skinned.bound, 32);
    const yours = await page.locator('#panel-motion .readouts').textContent();
    assert.match(
      yours,
      /read in CMU’s units \(1\/0\.45 inch\), the first frame of 2 left out \(a reference pose\)/,
    );
    assert.deepEqual(page.problems, []);
    await page.close();
  });
});
