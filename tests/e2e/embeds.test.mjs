// Embeds of the heavy (3D) panels in an article, in headless Chromium: a panel whose registry
// entry has a `still` shows, embedded below the fold, a still of its first figure — a real
// picture (each lane's character in its colour; the motion panel's character on the dance card's
// first frame, the frame its controller starts on), for at most 150 KB gzip-compressed on an empty
// cache, with neither the library, Chart.js nor three.js fetched — and loads the live panel when
// the article is scrolled to it, or when the reader clicks it (the motion panel's controller then runs). Several embeds on one page fetch
// three.js, Chart.js and the library once (one chunk each, kept by the HTTP cache that a page's
// frames share); an embed of a 3D panel's plot alone (`&figure=1`) fetches no three.js.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { REGISTRY, SHOTS, launch, nextFrames, serveSite } from './harness.mjs';
import { firstFrame } from '../../web/tools/motion_still.mjs';
import { FIRST } from '../../web/playground/motion/still_pose.js';

/** What an embed may fetch before the reader asks for the live panel, KB gzip-compressed. */
const STILL_BUDGET = 150;
const STILLS = REGISTRY.filter((entry) => entry.still).map((entry) => entry.name);
/** The chunks a still must not fetch: the library, Chart.js, three.js. */
const HEAVY = /assets\/(sprung-wasm|sprung-full|chart|three)-[\w-]+\.js$/;

/** A host page: a paragraph taller than the window, then the embeds `srcs` (600×400 each), another paragraph. */
const article = (srcs, above = 1600) => `<!doctype html>
<html><head><meta charset="utf-8"><title>an article</title>
<style>body { font: 16px Georgia, serif; margin: 16px; } iframe { border: 0; width: 600px; height: 400px; display: block; }</style></head>
<body><p style="height: ${above}px">An article about springs; the embeds follow below.</p>
${srcs.map((src, k) => `<iframe id="f${k}" src="/some/sub/folder/?${src}" title="embed ${k}"></iframe>`).join('\n')}
<p style="height: 1200px">The article goes on.</p></body></html>`;

let site;
let browser;
before(async () => {
  site = await serveSite({
    ...Object.fromEntries(STILLS.map((name) => [`/still/${name}.html`, article([`panel=${name}&embed=1`])])),
    '/three.html': article(
      ['panel=pose3d&embed=1', 'panel=pose3d&embed=1&theme=dark', 'panel=motion&embed=1'],
      0,
    ),
    '/plot.html': article(['panel=pose3d&embed=1&figure=1'], 0),
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** The frame of iframe `#id` of `page`, once its document has loaded. */
async function frameOf(page, id) {
  const handle = await page.waitForSelector(`#${id}`);
  const frame = await handle.contentFrame();
  await frame.waitForLoadState();
  return frame;
}

const assetsOf = (requests) => requests.map((r) => r.path);

test('the 3D panels have a still', () => {
  assert.deepEqual(STILLS.toSorted(), ['motion', 'pose3d'], `panels with a still: ${STILLS}`);
});

test('motion: the still draws the dance card’s first frame, as the dance card makes it now', () => {
  // (After a change to the dance card: node web/tools/motion_still.mjs writes the file again.)
  const made = firstFrame();
  assert.equal(FIRST.take, made.take);
  for (const key of /** @type {const} */ (['positions', 'rotations'])) {
    assert.equal(FIRST[key].length, made[key].length, key);
    const worst = Math.max(...FIRST[key].map((x, i) => Math.abs(x - made[key][i])));
    assert.ok(worst <= 1e-5, `${key}: the still's first frame is off by ${worst}`);
  }
  // a standing character: the hips about a metre up, the feet on the ground (bone 1 is the hips)
  assert.ok(FIRST.positions[4] > 0.8 && FIRST.positions[4] < 1.1, `hips at ${FIRST.positions[4]} m`);
});

for (const name of STILLS) {
  test(`${name}: below the fold a still for ≤ ${STILL_BUDGET} KB, a real picture; live once scrolled to`, async (t) => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 700, height: 600 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    site.requests.length = 0;
    await page.goto(`${site.origin}/still/${name}.html`);
    const frame = await frameOf(page, 'f0');
    await frame.waitForSelector('body[data-still="1"] .still canvas', { timeout: 15000 });
    await nextFrames(frame, 3);
    // (Nothing more comes while the reader reads above the embed.)
    await page.waitForTimeout(800);
    const before = site.requests.slice();
    const bytes = before.reduce((s, r) => s + r.gzip, 0);
    assert.ok(
      bytes <= STILL_BUDGET * 1024,
      `the still embed fetched ${(bytes / 1024).toFixed(1)} KB: ${assetsOf(before).join(', ')}`,
    );
    assert.deepEqual(
      assetsOf(before).filter((p) => HEAVY.test(p)),
      [],
      'no library, Chart.js or three.js before the reader asks',
    );
    assert.equal(await frame.evaluate(() => document.body.dataset.ready), undefined, 'not live yet');
    // A real picture: the still's canvas, read back, holds each lane's character in its colour,
    // in its own quarter (the lanes side by side), on a ground of other colours.
    const lanes = await frame.evaluate(() => {
      const canvas = /** @type {HTMLCanvasElement} */ (document.querySelector('.still canvas'));
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      const { width, height } = canvas;
      return { width, height, data: Array.from(ctx.getImageData(0, 0, width, height).data) };
    });
    // the light theme's colours of the spring, cubic and dead-blending lanes (lib/theme.js): COLORS
    // exact, implicit and good, the motion panel's character and simulation object too
    const colors = { spring: [0x1a, 0x73, 0xe8], cubic: [0xe3, 0x74, 0x00], dead: [0x18, 0x80, 0x38] };
    const { width, height, data } = lanes;
    /** Pixels in columns [x0, x1) within `tol` of rgb `c` (or a shade of it: the body's parts are shaded). */
    const near = (c, x0, x1) => {
      let n = 0;
      for (let y = 0; y < height; y++)
        for (let x = x0; x < x1; x++) {
          const o = 4 * (y * width + x);
          const [r, g, b] = [data[o], data[o + 1], data[o + 2]];
          // the same hue: proportional to the colour within 12 %
          const k = (r + g + b) / (c[0] + c[1] + c[2]);
          if (
            k > 0.3 &&
            Math.abs(r - k * c[0]) + Math.abs(g - k * c[1]) + Math.abs(b - k * c[2]) < 0.12 * 255
          )
            n++;
        }
      return n;
    };
    if (name === 'motion') {
      // the character (drawn right of the overlay's corner) in its colour, the simulation
      // object's ring under it in the orange of the simulation
      const body = near(colors.spring, Math.round(width / 3), width);
      const left = near(colors.spring, 0, Math.round(width / 4));
      const ring = near(colors.cubic, 0, width);
      assert.ok(body > 800, `${body} pixels of the character's colour`);
      assert.ok(body > 10 * left, `the character stands right of the overlay's corner (${left} left)`);
      assert.ok(ring > 30, `${ring} pixels of the simulation object's ring`);
    }
    if (name === 'pose3d') {
      const quarter = width / 4;
      Object.values(colors).forEach((c, k) => {
        const lane = k + 1;
        const inside = near(c, Math.round(lane * quarter), Math.round((lane + 1) * quarter));
        const elsewhere = near(c, 0, Math.round(quarter));
        assert.ok(inside > 400, `lane ${lane}: ${inside} pixels of its character's colour`);
        assert.ok(
          inside > 10 * elsewhere,
          `lane ${lane}'s colour stays in its lane (${elsewhere} in lane 0)`,
        );
      });
    }
    // the embed as a reader scrolling to it first sees it (taken beyond the window: not scrolled to)
    const box = await page.locator('#f0').evaluate((f) => {
      const r = f.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({ path: `${SHOTS}/${name}-still.png`, fullPage: true, clip: box });
    assert.equal(await frame.evaluate(() => document.body.dataset.ready), undefined, 'still not live');
    // Scrolled to: the live panel replaces the still, three.js loaded.
    await page.locator('#f0').scrollIntoViewIfNeeded();
    await frame.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
    assert.equal(await frame.locator('.still').count(), 0, 'the still is gone');
    // (the panel is ready before its 3D view: three.js comes once the view loads, in view)
    const three = () => site.requests.some((r) => /assets\/three-[\w-]+\.js$/.test(r.path));
    for (const until = Date.now() + 30000; !three() && Date.now() < until;) await page.waitForTimeout(100);
    assert.ok(three(), 'three.js came with the live panel');
    const live = site.requests.reduce((s, r) => s + r.gzip, 0);
    t.diagnostic(
      `${name}: ${(bytes / 1024).toFixed(1)} KB before the reader asks, ${(live / 1024).toFixed(1)} KB live`,
    );
    await page.close();
  });
}

for (const name of STILLS)
  test(`${name}: clicking the still starts the live panel without scrolling to it`, async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 700, height: 600 });
    await page.goto(`${site.origin}/still/${name}.html`);
    const frame = await frameOf(page, 'f0');
    await frame.waitForSelector('body[data-still="1"]', { timeout: 15000 });
    const start = frame.locator('.still-start');
    assert.match(await start.textContent(), /Start the live view/);
    // the button is a button: the keyboard reaches it
    await start.evaluate((b) => /** @type {HTMLButtonElement} */ (b).focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await frame.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
    assert.equal(await page.evaluate(() => scrollY), 0, 'the article was not scrolled');
    if (name === 'motion') {
      // live: the dance card made, its controller on it, stepping once the embed is in view (the
      // autopilot drives it off the start); the screenshot beside the still's
      await frame.waitForFunction(() => window.playground.inspect().database !== null, null, {
        timeout: 60000,
      });
      await page.locator('#f0').scrollIntoViewIfNeeded();
      await frame.waitForFunction(
        () => {
          const s = window.playground.inspect();
          return s.frames > 30 && s.webgl !== null;
        },
        null,
        { timeout: 30000 },
      );
      const live = await frame.evaluate(() => window.playground.inspect());
      assert.equal(live.failed, null);
      assert.ok(
        live.frame >= 0 && live.database.frames > 1000,
        `frame ${live.frame} of ${live.database.frames}`,
      );
      await nextFrames(frame, 3);
      await page.locator('#f0').screenshot({ path: `${SHOTS}/${name}-still-clicked.png` });
    }
    await page.close();
  });

test('three embeds on one page fetch three.js, Chart.js and the library once', async () => {
  // A browser of its own: an empty HTTP cache, and on (no request routing).
  const fresh = await launch({ httpCache: true });
  try {
    const page = await fresh.context.newPage();
    await page.setViewportSize({ width: 700, height: 900 });
    site.requests.length = 0;
    await page.goto(`${site.origin}/three.html`);
    for (const id of ['f0', 'f1', 'f2']) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      const frame = await frameOf(page, id);
      await frame.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    }
    const count = (pattern) => site.requests.filter((r) => pattern.test(r.path)).length;
    assert.equal(count(/assets\/three-[\w-]+\.js$/), 1, 'three.js fetched once');
    assert.equal(count(/assets\/chart-[\w-]+\.js$/), 1, 'Chart.js fetched once');
    assert.equal(count(/assets\/sprung-full-[\w-]+\.js$/), 1, 'the library’s full module fetched once');
    assert.equal(count(/assets\/sprung-wasm-[\w-]+\.js$/), 1, 'the library’s loader fetched once');
    await page.close();
  } finally {
    await fresh.close();
  }
});

test('pose3d: an embed of its plot alone (&figure=1) fetches no three.js and shows no still', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 700, height: 600 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  site.requests.length = 0;
  await page.goto(`${site.origin}/plot.html`);
  const frame = await frameOf(page, 'f0');
  await frame.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
  await page.waitForTimeout(500);
  assert.deepEqual(
    site.requests.filter((r) => /assets\/three-/.test(r.path)).map((r) => r.path),
    [],
    'no three.js',
  );
  const shown = await frame.evaluate(() =>
    [...document.querySelectorAll('figure.plot')]
      .filter((f) => !(/** @type {HTMLElement} */ (f).hidden))
      .map((f) => f.id),
  );
  assert.deepEqual(shown, ['pose3d-fig-1']);
  await page.close();
});
