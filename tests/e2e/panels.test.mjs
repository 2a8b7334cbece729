// Every panel of the playground, in headless Chromium against the static build:
// loads without console errors, plots data, reacts to a slider driven from the keyboard,
// keeps its parameters in the URL (a fresh page at that URL shows the same data),
// shows alone in embed mode, fits a phone's width, and gives copy-as-code.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { differs, launch, nextFrames, openPage, screenshot, serveSite } from './harness.mjs';

const PANELS = [
  'dampers',
  'spring',
  'applications',
  'others',
  'inertialization',
  'landscapes',
  'tracking',
  'character',
  'pose3d',
];

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

/** The number of finite plotted values over all series of all plots of the page. */
async function plotted(page) {
  return page.evaluate(() => window.playground.data().flat(2).filter(Number.isFinite).length);
}

/** Presses an arrow key on the first visible slider of the panel until the plotted data changes. */
async function nudgeSlider(page, name) {
  const slider = page.locator(`#panel-${name} .control:not([hidden]) input[type=range]`).first();
  await slider.focus();
  const { value, max } = await slider.evaluate((el) => ({ value: Number(el.value), max: Number(el.max) }));
  const key = value < max ? 'ArrowRight' : 'ArrowLeft';
  for (let i = 0; i < 3; i++) await slider.press(key);
  await nextFrames(page, 2);
  return slider;
}

test('the playground lists its nine panels', async () => {
  const page = await openPage(browser.context, site.base);
  assert.deepEqual(await page.evaluate(() => window.playground.panels), PANELS);
  assert.deepEqual(page.problems, []);
  await page.close();
});

for (const name of PANELS) {
  describe(`panel ${name}`, () => {
    let pending = [];
    before(async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      pending = await page.evaluate(
        (n) => (window.playground.panels.includes(n) ? window.playground.missing(n) : ['(panel)']),
        name,
      );
      await page.close();
    });
    const it = (title, fn) =>
      test(title, (t) => (pending.length ? t.skip(`needs ${pending.join(', ')}`) : fn(t)));

    it('loads with no console error and plots data', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      assert.equal(await page.evaluate(() => window.playground.current()), name);
      assert.ok((await plotted(page)) > 20, 'the panel plots data');
      await screenshot(page, name, { fullPage: true });
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    it('a slider changes the plotted data, and the URL round-trips the parameters', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      const before = await page.evaluate(() => window.playground.data());
      const paramsBefore = await page.evaluate(() => window.playground.params());
      const slider = await nudgeSlider(page, name);
      const key = await slider.getAttribute('name');
      const after = await page.evaluate(() => window.playground.data());
      const params = await page.evaluate(() => window.playground.params());
      assert.notEqual(params[key], paramsBefore[key], `slider ${key} moved`);
      assert.ok(differs(before, after), `moving ${key} changes the plot`);
      // The URL is written shortly after the last input; wait for it to hold the new value.
      await page.waitForFunction(
        ([k, v]) =>
          new URLSearchParams(location.search).get(k) !== null &&
          Number(new URLSearchParams(location.search).get(k)) === v,
        [key, params[key]],
      );
      const url = page.url();
      const again = await openPage(browser.context, url);
      assert.deepEqual(
        await again.evaluate(() => window.playground.params()),
        params,
        'same parameters from the URL',
      );
      assert.deepEqual(await again.evaluate(() => window.playground.data()), after, 'same plot from the URL');
      assert.equal(await again.locator(`#${name}-${key}`).inputValue(), String(params[key]));
      assert.deepEqual([...page.problems, ...again.problems], []);
      await again.close();
      await page.close();
    });

    it('embed mode shows the one panel alone', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}&embed=1`, {
        width: 900,
        height: 700,
      });
      const visible = await page.evaluate(() =>
        [...document.querySelectorAll('section.panel')]
          .filter((s) => s.offsetParent !== null)
          .map((s) => s.dataset.panel),
      );
      assert.deepEqual(visible, [name]);
      assert.equal(await page.locator('nav').isVisible(), false, 'no navigation in embed mode');
      assert.ok((await plotted(page)) > 20);
      await screenshot(page, `${name}-embed`);
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    it('fits a phone screen without sideways scrolling', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`, { width: 390, height: 844 });
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: innerWidth,
      }));
      assert.ok(scroll <= width, `page is ${scroll}px wide in a ${width}px window`);
      await screenshot(page, `${name}-phone`, { fullPage: true });
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    it('copy as code gives TypeScript, C and JSON of the current parameters', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      await nudgeSlider(page, name);
      const params = await page.evaluate(() => window.playground.params());
      const code = page.locator(`#${name}-code`);
      const section = page.locator(`#panel-${name}`);
      await section.locator('button[data-lang=ts]').click();
      assert.match(await code.textContent(), /from 'sprung'/);
      await section.locator('button[data-lang=c]').click();
      assert.match(await code.textContent(), /sp_[a-z_]+\(/);
      await section.locator('button[data-lang=json]').click();
      const json = JSON.parse(await code.textContent());
      for (const [key, value] of Object.entries(params)) {
        if (key in json) assert.deepEqual(json[key], value, `JSON ${key}`);
      }
      assert.ok(Object.keys(json).length > 0);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  });
}
