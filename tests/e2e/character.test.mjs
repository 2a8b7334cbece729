// The character panel's top-down view in headless Chromium: the autopilot drives it
// when left alone, the keyboard takes over (the view is focusable), and mouse dragging
// steers toward the pointer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, launch, openPage, screenshot, serveSite } from './harness.mjs';

let site;
let browser;
before(async () => {
  site = await serveSite();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const inspect = (page) => page.evaluate(() => window.playground.inspect());
/** Waits for `n` more simulated frames of the view (frames, not wall time: the machine may be slow). */
async function frames(page, n) {
  const { frames: f } = await inspect(page);
  await page.waitForFunction(([f0, k]) => window.playground.inspect().frames >= f0 + k, [f, n], {
    timeout: 20000,
  });
}

test('the keyboard drives the simulation object forward (+z), the mouse toward the pointer', async () => {
  const page = await openPage(browser.context, `${site.base}?panel=character`);
  const canvas = page.locator('#panel-character canvas').first();
  await canvas.focus();
  const start = await inspect(page);
  await page.keyboard.down('ArrowUp');
  await frames(page, 40);
  const held = await inspect(page);
  await page.keyboard.up('ArrowUp');
  assert.equal(held.stick.z, 1, 'ArrowUp is a full forward stick');
  assert.ok(held.sim.z - start.sim.z > 0.3, `moved forward: z ${start.sim.z} → ${held.sim.z}`);
  assert.ok(Math.abs(held.sim.x - start.sim.x) < 0.05, 'and not sideways');
  assert.ok(held.frames > start.frames, 'the view keeps animating');

  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 4 });
  await frames(page, 30);
  const dragged = await inspect(page);
  await page.mouse.up();
  assert.ok(
    dragged.stick.x > 0.9 && Math.abs(dragged.stick.z) < 0.1,
    `the drag to the right is a right stick: ${JSON.stringify(dragged.stick)}`,
  );
  assert.ok(dragged.sim.x > held.sim.x, 'moved right');
  await screenshot(page, 'character-driven');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('left alone, the autopilot drives', async () => {
  const page = await openPage(browser.context, `${site.base}?panel=character`);
  // The autopilot starts after two seconds of simulated time without input (frames, not wall time).
  await page.waitForFunction(() => window.playground.inspect().autopilot, null, { timeout: 20000 });
  const a = await inspect(page);
  await frames(page, 30);
  const b = await inspect(page);
  assert.ok(Math.hypot(b.sim.x - a.sim.x, b.sim.z - a.sim.z) > 0.1, 'the simulation object moves on its own');
  await frames(page, 150);
  await page.locator('#panel-character figure.live').screenshot({ path: `${SHOTS}/character-view.png` });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a finger dragged in the top-down view steers like the mouse', async () => {
  const page = await openPage(browser.context, `${site.base}?panel=character`);
  const canvas = page.locator('#panel-character canvas').first();
  const box = await canvas.boundingBox();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const at = (dx) => [{ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (const dx of [60, 120, 200])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dx) });
  await frames(page, 20);
  const held = await inspect(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  assert.ok(
    held.stick.x > 0.9 && Math.abs(held.stick.z) < 0.1,
    `a right stick: ${JSON.stringify(held.stick)}`,
  );
  assert.match(await page.locator('#panel-character .hint').textContent(), /finger/);
  assert.deepEqual(page.problems, []);
  await page.close();
});
