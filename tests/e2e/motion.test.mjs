// The motion-matching panel (panel 10) in headless Chromium, WebGL through SwiftShader, beyond
// the generic checks every panel gets (panels.test.mjs: console, summaries, URL, embed, phone,
// dark; snippets.test.mjs: copy as code runs): the dance card is made (in a worker) and searched,
// the keyboard and a drag move the character the way the screen shows, the switches reach the
// controller's settings, the overlay's candidates are the search's (their costs by feature group
// add up to the cost the WebAssembly search found), the feature sets and CMU's motion capture
// load, the crowd of 100 searches in one call, and the view fits a 600×400 embed and a phone.
// Screenshots (desktop, embed, phone, CMU, crowd) go to tests/e2e/screenshots/.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nextFrames, openPage, screenshot, usePlayground } from './harness.mjs';

const env = usePlayground();
const inspect = (page) => page.evaluate(() => window.playground.inspect());
/** The camera's azimuth in the panel (motion/view.js): the screen's "up" is (sin a, cos a) on the ground. */
const AZIMUTH = 0.45;
/** The dance card's frames, mirrored (README: 38,747 frames in four takes). */
const DANCE_FRAMES = 2 * 38747;

/** Opens the panel and waits until its database is built and the 3D view has drawn a few frames. */
async function open(query = '', viewport) {
  const page = await openPage(env.browser.context, `${env.site.base}?panel=motion${query}`, viewport);
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
    assert.equal(s0.database.key, 'dance:transition');
    assert.equal(s0.database.frames, DANCE_FRAMES);
    // the transition-cost feature of two ankles and the hips (9), the trajectory (6 + 6)
    assert.equal(s0.database.dims, 21);
    assert.equal(s0.database.bones, 23);
    assert.equal(s0.input, 'autopilot');

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
    assert.equal(s.database.key, 'dance:plain');
    assert.equal(s.database.dims, 27);
    assert.equal(s.candidates[0].groups.length, 7);
    await page.close();
  });

  test('CMU’s motion capture: two takes of subject 1, mirrored, drawn as a stick figure, credited', async () => {
    const page = await open('&database=cmu');
    const s = await inspect(page);
    assert.equal(s.database.key, 'cmu:transition');
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

  test('a crowd of 100, their searches in one call', async () => {
    const page = await open('&crowd=1');
    const s = await until(page, (x) => x.crowd && x.frames > 20, 'the crowd runs');
    assert.equal(s.crowd.count, 100);
    await until(page, (x) => x.crowd.searches > 0, 'the crowd searches');
    await screenshot(page, 'motion-crowd');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('embedded in 600×400 and on a 390×844 phone, the 3D view is in view with its overlay', async () => {
    for (const [query, viewport, name] of [
      ['&embed=1', { width: 600, height: 400 }, 'motion-view-embed'],
      ['', { width: 390, height: 844 }, 'motion-view-phone'],
      ['&embed=1&theme=dark', { width: 600, height: 400 }, 'motion-view-embed-dark'],
    ]) {
      const page = await open(query, viewport);
      const view = await page.locator('#panel-motion figure.view3d .plot-box').boundingBox();
      const overlay = await page.locator('#panel-motion .motion-overlay').boundingBox();
      assert.ok(view.width > 0.9 * viewport.width - 40, `${name}: the view ${view.width} px wide`);
      if (query.includes('embed'))
        assert.ok(view.y + view.height <= viewport.height, `${name}: the whole view in the frame`);
      assert.ok(
        overlay.x >= view.x &&
          overlay.x + overlay.width <= view.x + view.width &&
          overlay.height < view.height,
        `${name}: the overlay inside the view`,
      );
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= viewport.width, `${name}: no sideways scroll (${wide} px)`);
      await screenshot(page, name);
      assert.deepEqual(page.problems, []);
      await page.close();
    }
  });
});
