// Panel interactions beyond one slider: a choice that swaps the sliders shown (spring
// parameterisations), and hovering a cost landscape to pick the transition drawn.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { differs, launch, nextFrames, openPage, screenshot, serveSite } from './harness.mjs';

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

test('spring: choosing "duration & bounce" swaps the sliders and goes into the URL', async () => {
  const page = await openPage(browser.context, `${site.base}?panel=spring`);
  const before = await page.evaluate(() => window.playground.data());
  await page.selectOption('#spring-mode', 'bounce');
  await nextFrames(page, 2);
  assert.equal(await page.locator('#spring-duration').isVisible(), true);
  assert.equal(await page.locator('#spring-bounce').isVisible(), true);
  assert.equal(await page.locator('#spring-frequency').isVisible(), false);
  assert.ok(differs(before, await page.evaluate(() => window.playground.data())));
  await page.waitForFunction(() => new URLSearchParams(location.search).get('mode') === 'bounce');
  assert.match(await page.locator('#spring-code').textContent(), /springDamperExact/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('landscapes: hovering a heatmap picks the transition whose offset curve is drawn', async (t) => {
  const page = await openPage(browser.context, `${site.base}?panel=landscapes`);
  const missing = await page.evaluate(() => window.playground.missing('landscapes'));
  if (missing.length) {
    t.skip(`needs ${missing.join(', ')}`);
    await page.close();
    return;
  }
  const map = page.locator('#panel-landscapes figure.map canvas').first();
  const box = await map.boundingBox();
  const before = await page.evaluate(() => window.playground.data());
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.25);
  await nextFrames(page, 2);
  const params = await page.evaluate(() => window.playground.params());
  // 3/4 across and 1/4 down a map spanning ±xRange, ±vRange.
  assert.ok(Math.abs(params.x - params.xRange / 2) < params.xRange / 20, `x = ${params.x}`);
  assert.ok(Math.abs(params.v - params.vRange / 2) < params.vRange / 20, `v = ${params.v}`);
  assert.ok(
    differs(before, await page.evaluate(() => window.playground.data())),
    'the offset curve follows the pointer',
  );
  await screenshot(page, 'landscapes-hover');
  assert.deepEqual(page.problems, []);
  await page.close();
});
