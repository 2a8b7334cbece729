// Every panel of the playground, in headless Chromium against the static build: it loads
// without console errors and plots data with a text summary per figure; its plots are Chart.js
// charts with titled axes; a slider changes the plot and the URL round-trips the parameters;
// embedded in a 600×400 iframe on a plain host page a whole plot is inside the frame and only that
// panel's code is fetched, and the README's host snippet resizes the frame; embedded with
// `&controls=` (light and dark) the first figure and the named sliders are whole in the frame, with
// no sideways scroll; on a 390×844 phone, as loaded, a plot stays at least half in view while the
// first slider is dragged; the dark theme darkens page and canvases. Screenshots of each panel
// (desktop, embed, embed with controls, phone, dark) go to tests/e2e/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HOST_SNIPPET,
  SHOTS,
  differs,
  firstVisit,
  launch,
  nextFrames,
  openPage,
  quiet,
  screenshot,
  serveSite,
  PANELS,
} from './harness.mjs';

/** A plain host page: an article's paragraph and the panel in a 600×400 iframe, with or without the snippet. */
const hostPage = (name, snippet) => `<!doctype html>
<html><head><meta charset="utf-8"><title>host</title>
<style>body { font: 16px Georgia, serif; margin: 24px; } iframe { border: 0; }</style></head>
<body><p>An article about springs, with the ${name} panel embedded below.</p>
<iframe id="frame" src="/some/sub/folder/?panel=${name}&embed=1" style="width: 600px; height: 400px"
  title="sprung: ${name}"></iframe>
<p>The article goes on.</p>
${snippet ? `<script>${HOST_SNIPPET}</script>` : ''}
</body></html>`;

/**
 * The most an embed may fetch, KB gzip-compressed: a 2D panel's budget (issue 24), and the 3D
 * panels', which load three.js (pose3d) or three.js and the motion-matching module (motion).
 * These are the live panels: a reader first gets a still of a 3D view (20 KB, embeds.test.mjs).
 * Measured once nothing more comes (a 3D view loads three.js after the panel is ready), on a first
 * visit (the site's Cache Storage empty: the motion panel makes its database): pose3d 307.3 KB,
 * motion 388.0 KB (three.js's core 142.3, the full module 61, Chart.js 49, the panel and its
 * database worker 39); since the draggable handles left the Chart.js chunk, 306.2 and 387.0 KB.
 * Each budget is the first figures plus 2 %; before three.js's glTF loader and
 * exporter became chunks of their own (fetched when the reader brings or makes a character)
 * the three.js chunk held them too: 22.5 KB more for each.
 */
const EMBED_BUDGET_2D = 150;
const EMBED_BUDGET = { pose3d: 314, motion: 396 };

let site;
let browser;
before(async () => {
  const pages = {};
  for (const name of PANELS) {
    pages[`/host/${name}.html`] = hostPage(name, false);
    pages[`/host/${name}-resized.html`] = hostPage(name, true);
  }
  site = await serveSite(pages);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** The number of finite plotted values over all series of all figures of the page. */
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

/** Relative luminance (0 black, 1 white) of a CSS rgb() colour. */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

test('the navigation lists every registered panel, trajectory prediction by name', async () => {
  const page = await openPage(browser.context, site.base);
  const listed = await page.evaluate(() =>
    [...document.querySelectorAll('nav a[data-panel]')].map(
      (a) => /** @type {HTMLElement} */ (a).dataset.panel,
    ),
  );
  assert.deepEqual(listed, PANELS);
  assert.ok(PANELS.length >= 9, `${PANELS.length} panels registered`);
  assert.match(await page.locator('nav').textContent(), /Trajectory prediction/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('navigating between panels loads each panel once, on demand', async () => {
  const page = await openPage(browser.context, `${site.base}?panel=dampers`);
  await page.locator('nav a[data-panel=spring]').click();
  await page.waitForFunction(
    () => window.playground.current() === 'spring' && document.body.dataset.ready === '1',
  );
  assert.match(page.url(), /panel=spring/);
  assert.ok((await plotted(page)) > 20);
  await page.goBack();
  await page.waitForFunction(() => window.playground.current() === 'dampers');
  assert.deepEqual(page.problems, []);
  await page.close();
});

for (const name of PANELS) {
  describe(`panel ${name}`, () => {
    test('loads with no console error, plots data, and says in words what each figure shows', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      assert.equal(await page.evaluate(() => window.playground.current()), name);
      assert.ok((await plotted(page)) > 20, 'the panel plots data');
      const figures = await page.evaluate(
        (n) =>
          [...document.querySelectorAll(`#panel-${n} figure.plot:not(.stage)`)].map((f) => ({
            id: f.id,
            summary: f.querySelector('.summary').textContent,
            described: f.querySelector('canvas').getAttribute('aria-describedby'),
          })),
        name,
      );
      for (const f of figures) {
        assert.ok(
          f.summary.length > 30 && /\d/.test(f.summary),
          `${f.id} has a summary with numbers: "${f.summary}"`,
        );
        assert.equal(f.described, `${f.id}-summary`);
      }
      // Sliders speak their value with its unit.
      const texts = await page.evaluate(
        (n) =>
          [...document.querySelectorAll(`#panel-${n} input[type=range]`)].map((s) =>
            s.getAttribute('aria-valuetext'),
          ),
        name,
      );
      assert.ok(texts.length > 0 && texts.every((t) => t && /\d/.test(t)), `aria-valuetext: ${texts}`);
      await screenshot(page, `${name}-desktop`, { fullPage: true });
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    test('its plots are Chart.js charts with both axes titled', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      const { figures, charts } = await page.evaluate(
        (n) => ({
          // every figure but the stage and the live views (the top-down and 3D views)
          figures: [...document.querySelectorAll(`#panel-${n} figure.plot:not(.stage):not(.canvas)`)].map(
            (f) => f.id,
          ),
          charts: window.playground.charts(),
        }),
        name,
      );
      assert.ok(figures.length > 0, 'the panel has plots');
      assert.deepEqual(
        charts.map((c) => c.figure).sort(),
        figures.sort(),
        'each plot holds one chart, and each chart is in a plot',
      );
      for (const c of charts) {
        assert.ok(c.chartjs, `${c.figure}: Chart.js's registry has the chart of its canvas`);
        for (const id of ['x', 'y']) {
          const axis = c.axes.find((a) => a.id === id);
          assert.ok(
            axis && axis.type === 'linear' && axis.title.length > 0,
            `${c.figure}: axis ${id} titled ("${axis?.title}")`,
          );
        }
      }
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    test('a slider changes the plotted data, and the URL round-trips the parameters', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      const before = await page.evaluate(() => window.playground.data());
      const paramsBefore = await page.evaluate(() => window.playground.params());
      const slider = await nudgeSlider(page, name);
      const key = await slider.getAttribute('name');
      const after = await page.evaluate(() => window.playground.data());
      const params = await page.evaluate(() => window.playground.params());
      assert.notEqual(params[key], paramsBefore[key], `slider ${key} moved`);
      assert.ok(differs(before, after), `moving ${key} changes the plot`);
      await page.waitForFunction(
        ([k, v]) => Number(new URLSearchParams(location.search).get(k)) === v,
        [key, params[key]],
      );
      const again = await openPage(browser.context, page.url());
      assert.deepEqual(
        await again.evaluate(() => window.playground.params()),
        params,
        'same parameters from the URL',
      );
      assert.deepEqual(await again.evaluate(() => window.playground.data()), after, 'same plot from the URL');
      assert.deepEqual([...page.problems, ...again.problems], []);
      await again.close();
      await page.close();
    });

    test('embedded in a 600×400 iframe: a whole plot inside the frame, only this panel fetched', async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 700, height: 520 });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const fetched = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await firstVisit(browser.context, site); // the motion panel's database is made, not kept
      site.requests.length = 0;
      await page.goto(`${site.origin}/host/${name}.html`);
      const frame = page.frameLocator('#frame');
      // (the motion panel is ready once its worker has made the database: seconds, more under load)
      await frame.locator('body[data-ready="1"]').waitFor({ timeout: name === 'motion' ? 240000 : 20000 });
      const inner = page.frames().find((f) => f.url().includes('embed=1'));
      await nextFrames(inner, 3);
      const view = await inner.evaluate(() => {
        const fig = document.querySelector('section.panel figure.plot:not([hidden])');
        const box = fig.querySelector('.plot-box').getBoundingClientRect();
        const cap = fig.querySelector('figcaption').getBoundingClientRect();
        return {
          top: cap.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
          width: innerWidth,
          height: innerHeight,
          link: document.querySelector('.embed-foot a').href,
          nav: !!document.querySelector('nav a'),
        };
      });
      assert.equal(view.width, 600);
      assert.equal(view.height, 400);
      assert.ok(
        view.top >= 0 && view.bottom <= 400,
        `the first figure spans ${view.top}–${view.bottom} px of 400`,
      );
      assert.ok(view.left >= 0 && view.right <= 600, `and ${view.left}–${view.right} px of 600`);
      assert.ok(!view.nav, 'no navigation in an embed');
      assert.match(view.link, new RegExp(`panel=${name}`));
      assert.doesNotMatch(view.link, /embed=1/, 'the link opens the full playground');
      // Only this panel's chunk among the panels' chunks.
      const panels = fetched
        .map((p) => p.match(/assets\/panel-([a-z0-9]+)-[\w-]+\.js$/))
        .filter(Boolean)
        .map((m) => m[1]);
      assert.deepEqual(panels, [name], `panel chunks fetched: ${panels}`);
      // A worker's chunk only with the panel that starts it (the motion panel's dance card).
      const workers = fetched.filter((p) => /assets\/[\w-]+_worker-[\w-]+\.js$/.test(p));
      if (name !== 'motion') assert.deepEqual(workers, [], 'no worker fetched');
      else assert.equal(workers.length, 1, `the databases' worker, on a first visit: ${workers}`);
      // What the embed costs a reader, gzip-compressed as a static host sends it (the host page is
      // no file of the site), once all of it has come.
      await quiet(site.requests);
      const bytes = site.requests.reduce((s, r) => s + r.gzip, 0);
      const budget = EMBED_BUDGET[name] ?? EMBED_BUDGET_2D;
      assert.ok(
        bytes <= budget * 1024,
        `the embed fetched ${(bytes / 1024).toFixed(1)} KB, over its ${budget} KB`,
      );
      await page.screenshot({ path: `${SHOTS}/${name}-embed.png` });
      await page.close();
    });

    test('the host page snippet resizes the iframe to the embed’s height', async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 700, height: 520 });
      await page.goto(`${site.origin}/host/${name}-resized.html`);
      await page.frameLocator('#frame').locator('body[data-ready="1"]').waitFor({ timeout: 20000 });
      const inner = page.frames().find((f) => f.url().includes('embed=1'));
      await page.waitForFunction(() => document.getElementById('frame').style.height !== '400px', null, {
        timeout: 10000,
      });
      await nextFrames(inner, 3);
      const content = await inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
      const frameHeight = await page.evaluate(
        () => document.getElementById('frame').getBoundingClientRect().height,
      );
      assert.ok(content > 400, `the embed is ${content} px tall`);
      assert.ok(
        Math.abs(frameHeight - content) <= 1,
        `the iframe is ${frameHeight} px for ${content} px of content`,
      );
      const scrolls = await inner.evaluate(() => document.documentElement.scrollHeight - innerHeight);
      assert.ok(scrolls <= 1, `nothing left to scroll inside the frame (${scrolls} px)`);
      await page.close();
    });

    test('on a 390×844 phone, as loaded, a plot is at least half in view while the first slider is dragged', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`, { width: 390, height: 844 });
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: innerWidth,
      }));
      assert.ok(scroll <= width, `page is ${scroll}px wide in a ${width}px window`);
      /** How much of the first figure's plot is in view above the controls sheet, and the page's scroll. */
      const inView = () =>
        page.evaluate((n) => {
          const box = document.querySelector(`#panel-${n} figure.plot:not([hidden]) .plot-box`);
          const r = /** @type {HTMLElement} */ (box).getBoundingClientRect();
          const sheet = /** @type {HTMLElement} */ (
            document.getElementById(`${n}-controls`)
          ).getBoundingClientRect().top;
          return {
            part: (Math.min(r.bottom, sheet) - Math.max(r.top, 0)) / r.height,
            top: r.top,
            sheet,
            scrollY,
          };
        }, name);
      const loaded = await inView();
      assert.ok(loaded.sheet > 844 * 0.5, `the controls sheet starts at ${loaded.sheet}px`);
      const slider = page.locator(`#panel-${name} .control:not([hidden]) input[type=range]`).first();
      const before = await page.evaluate(() => window.playground.data());
      const box = await slider.boundingBox();
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 8, y);
      await page.mouse.down();
      for (let k = 0; k <= 6; k++) {
        if (k > 0) await page.mouse.move(box.x + 8 + (k * (box.width - 16)) / 6, y);
        await nextFrames(page, 1);
        const now = await inView();
        assert.equal(now.scrollY, 0, 'nothing scrolled');
        assert.ok(
          now.part >= 0.5,
          `${(now.part * 100).toFixed(0)} % of the plot (top at ${now.top}px) is in view above the sheet (${now.sheet}px)`,
        );
      }
      await page.mouse.up();
      await nextFrames(page, 2);
      assert.ok(
        differs(before, await page.evaluate(() => window.playground.data())),
        'the drag changed the plot',
      );
      await screenshot(page, `${name}-phone`);
      assert.deepEqual(page.problems, []);
      await page.close();
    });

    for (const theme of ['light', 'dark'])
      test(`embedded at 600×400 with &controls= (${theme}): the figure and the named sliders whole and in view`, async (t) => {
        // The first two sliders the panel shows by default.
        const probe = await openPage(browser.context, `${site.base}?panel=${name}`);
        const keys = await probe.evaluate(() =>
          window.playground
            .schema()
            .filter((c) => c.kind === 'range' && c.requires && !Object.keys(c.requires).length)
            .slice(0, 2)
            .map((c) => c.key),
        );
        await probe.close();
        const page = await browser.context.newPage();
        await page.setViewportSize({ width: 700, height: 520 });
        const src = `/some/sub/folder/?panel=${name}&embed=1&controls=${keys.join(',')}&theme=${theme}`;
        await page.setContent(
          `<!doctype html><body style="margin: 24px"><iframe id="frame" src="${site.origin}${src}" ` +
            `style="width: 600px; height: 400px; border: 0"></iframe></body>`,
        );
        await page.frameLocator('#frame').locator('body[data-ready="1"]').waitFor({ timeout: 20000 });
        const inner = /** @type {import('playwright-core').Frame} */ (
          page.frames().find((f) => f.url().includes('embed=1'))
        );
        await nextFrames(inner, 3);
        const view = await inner.evaluate((n) => {
          const rect = (el) => {
            const r = el.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          };
          const fig = /** @type {HTMLElement} */ (
            document.querySelector(`#panel-${n} figure.plot:not([hidden])`)
          );
          const shown = [...document.querySelectorAll(`#panel-${n} .control`)].filter(
            (c) => /** @type {HTMLElement} */ (c).offsetParent !== null,
          );
          return {
            figure: {
              ...rect(fig.querySelector('figcaption')),
              bottom: rect(fig.querySelector('.plot-box')).bottom,
            },
            controls: shown.map((c) => ({
              key: c.querySelector('[data-key]')?.getAttribute('data-key'),
              ...rect(c),
            })),
            scrollWidth: document.documentElement.scrollWidth,
            height: Math.ceil(document.body.getBoundingClientRect().height),
            background: getComputedStyle(document.body).backgroundColor,
          };
        }, name);
        const whole = (r) => r.top >= 0 && r.bottom <= 400 && r.left >= 0 && r.right <= 600;
        assert.ok(
          whole(view.figure),
          `the first figure spans ${view.figure.top}–${view.figure.bottom} px of 400`,
        );
        assert.deepEqual(
          view.controls.map((c) => c.key),
          keys,
          'only the named controls',
        );
        for (const c of view.controls)
          assert.ok(whole(c), `slider ${c.key} spans ${c.top}–${c.bottom} px of 400`);
        assert.ok(view.scrollWidth <= 600, `no sideways scroll (${view.scrollWidth} px wide)`);
        const dark = luminance(view.background) < 0.2;
        assert.equal(dark, theme === 'dark', `background ${view.background}`);
        t.diagnostic(`height with the sliders ${keys.join(', ')}: ${view.height} px`);
        await page.screenshot({ path: `${SHOTS}/${name}-embed-controls-${theme}.png` });
        await page.close();
      });

    test('the dark theme darkens the page and the canvases', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}&theme=dark`);
      const look = await page.evaluate((n) => {
        const panel = document.getElementById(`panel-${n}`);
        // The background under the first canvas, and a pixel of the stage or the top-down view (opaque canvases).
        const opaque = panel.querySelector('figure.stage canvas, figure.live canvas');
        let pixel = null;
        if (opaque) {
          const d = opaque.getContext('2d').getImageData(2, 2, 1, 1).data;
          pixel = `rgb(${d[0]}, ${d[1]}, ${d[2]})`;
        }
        return {
          theme: document.documentElement.dataset.theme,
          page: getComputedStyle(panel).backgroundColor,
          ink: getComputedStyle(panel).color,
          pixel,
        };
      }, name);
      assert.equal(look.theme, 'dark');
      assert.ok(luminance(look.page) < 0.2, `panel background ${look.page}`);
      assert.ok(luminance(look.ink) > 0.7, `text ${look.ink}`);
      if (look.pixel) assert.ok(luminance(look.pixel) < 0.2, `canvas background ${look.pixel}`);
      // A plot's tick labels are drawn in the light ink: some bright pixels on the first plot.
      const bright = await page.evaluate((n) => {
        const canvas = document.querySelector(`#panel-${n} figure.plot:not(.stage):not(.canvas) canvas`);
        if (!canvas) return null;
        const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let count = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 200 && d[i] + d[i + 1] + d[i + 2] > 450) count++;
        return count;
      }, name);
      if (bright !== null) assert.ok(bright > 50, `${bright} light pixels (labels, curves) on a plot`);
      const embed = await openPage(browser.context, `${site.base}?panel=${name}&embed=1&theme=dark`, {
        width: 600,
        height: 400,
      });
      assert.ok(luminance(await embed.evaluate(() => getComputedStyle(document.body).backgroundColor)) < 0.2);
      await screenshot(page, `${name}-dark`, { fullPage: true });
      assert.deepEqual([...page.problems, ...embed.problems], []);
      await embed.close();
      await page.close();
    });

    test('copy as code offers JavaScript, TypeScript, C and the parameters as JSON', async () => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}`);
      await nudgeSlider(page, name);
      const params = await page.evaluate(() => window.playground.params());
      const code = page.locator(`#${name}-code`);
      const section = page.locator(`#panel-${name}`);
      await section.locator('button[data-lang=js]').click();
      assert.match(await code.textContent(), /await init\(\)/);
      await section.locator('button[data-lang=ts]').click();
      assert.match(await code.textContent(), /from 'sprung'/);
      await section.locator('button[data-lang=c]').click();
      assert.match(await code.textContent(), /int main\(void\)/);
      await section.locator('button[data-lang=json]').click();
      assert.deepEqual(JSON.parse(await code.textContent()), params);
      assert.deepEqual(page.problems, []);
      await page.close();
    });
  });
}
