// Measurements of the playground — not a test (no timing assertions in tests). Run after
// building the playground (./build.sh build, then vite build, as ./build.sh test does):
//   node tests/e2e/measure.mjs [--baseline DIR] [--bytes] [panel ...]
// (`--bytes`: the bytes of the embeds alone, 2 and 2b.)
// 1. Smoothness while a slider is dragged: in headless Chromium (software rendering), every
//    slider of the panel is moved one step per animation frame for a short while; the one whose
//    redraw costs most (the busiest) is then moved one step per frame for 240 frames, sweeping
//    back and forth, with an `input` event each frame as a drag gives. Reported: the redraw time
//    (the library recomputing the curves and the charts drawing them, timed by lib/frame.js) and
//    the interval between animation frames (which includes the stage's animation, style, layout
//    and paint): median, 95th percentile, maximum.
//    With `--baseline DIR` (another build of the playground, e.g. one from before a change to the
//    plotting), both builds are driven the same way, alternately, three rounds each, in one run
//    (these machines are noisy): each line then gives the median over the rounds of each figure,
//    for this build and the baseline, and the ratio of their 95th percentiles of frame interval.
//    A baseline build of an earlier commit, against this checkout's dist/:
//      git worktree add /tmp/base COMMIT && ln -s $PWD/node_modules $PWD/dist /tmp/base/
//      (cd /tmp/base && node_modules/.bin/vite build --config web/playground/vite.config.js --outDir /tmp/pg-base)
// 2. Bytes of an embedded panel: `?panel=NAME&embed=1` loaded with the caches empty; the sum of
//    the files fetched, gzip-compressed as a static host sends them, the library's share (its
//    loader with the embedded WASM) and Chart.js's (the chart chunk); a 3D panel's once its view
//    has loaded three.js (nothing more fetched for 1.5 s).
// 3. Heights of the embeds, for an article's iframe (600 px wide): with `&controls=` naming the
//    panel's first two sliders, the height that shows the first figure and those sliders whole,
//    and the whole embed's; and the whole embed's with every control.
//    With `--reading`, each drag runs with a chart's reading shown (its first chart focused, the
//    arrow key pressed: lib/readout.js follows every redraw), to see what reading by pointing costs.
// 2b. A 3D panel's embed below the fold of an article (its still, before the reader asks for it):
//    the bytes fetched, gzip-compressed.
// 4. The 3D pose panel's crowd (when pose3d is measured): the time per frame of the library's
//    two calls (TrajectoryBatch.predict and the PoseInertializer's update, plus its transition
//    on frames where characters switch clips), as the panel shows it live; 20 read-outs 0.3 s
//    apart after 2 s of warming up, median and range, for 200, 500 and 1000 characters.
import { REGISTRY, firstVisit, launch, openPage, quiet, serveSite } from './harness.mjs';

const PROBE_FRAMES = 40;
const FRAMES = 240;
const ROUNDS = 3;
const args = process.argv.slice(2);
const at = args.indexOf('--baseline');
const baselineDir = at >= 0 ? args.splice(at, 2)[1] : null;
const reading = args.includes('--reading');
if (reading) args.splice(args.indexOf('--reading'), 1);
const bytesOnly = args.includes('--bytes');
if (bytesOnly) args.splice(args.indexOf('--bytes'), 1);
const site = await serveSite();
const baseline = baselineDir ? await serveSite({}, baselineDir) : null;
const browser = await launch();
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const median = (xs) => pct(xs, 0.5);
const ms = (x) => x.toFixed(1).padStart(5);

/** Drives slider `key` of panel `name` one step per frame for `frames` frames; returns redraw times and frame intervals. */
function drive(page, name, key, frames) {
  return page.evaluate(
    async ([panel, k, count]) => {
      const slider = document.getElementById(`${panel}-${k}`);
      const min = Number(slider.min);
      const max = Number(slider.max);
      const step = Number(slider.step);
      const stride = step * Math.max(1, Math.round((max - min) / step / 120));
      window.playground.drawTimes.length = 0;
      const intervals = [];
      let value = Number(slider.value);
      let dir = value < max ? 1 : -1;
      let last = 0;
      await new Promise((done) => {
        let n = 0;
        function frame(now) {
          if (last) intervals.push(now - last);
          last = now;
          value += dir * stride;
          if (value >= max || value <= min) {
            dir = -dir;
            value = Math.min(max, Math.max(min, value));
          }
          slider.value = String(value);
          slider.dispatchEvent(new Event('input', { bubbles: true }));
          if (++n < count) requestAnimationFrame(frame);
          else requestAnimationFrame(() => done());
        }
        requestAnimationFrame(frame);
      });
      return { draws: window.playground.drawTimes.slice(), intervals };
    },
    [name, key, frames],
  );
}

/** The busiest slider of panel `name` on `page`: the one whose redraw costs most (median over PROBE_FRAMES). */
async function busiestSlider(page, name) {
  const keys = await page.evaluate(
    (n) =>
      [...document.querySelectorAll(`#panel-${n} .control:not([hidden]) input[type=range]`)].map(
        (s) => /** @type {HTMLInputElement} */ (s).name,
      ),
    name,
  );
  let busiest = keys[0];
  let worst = -1;
  for (const key of keys) {
    const { draws } = await drive(page, name, key, PROBE_FRAMES);
    if (median(draws) > worst) {
      worst = median(draws);
      busiest = key;
    }
  }
  return busiest;
}

/** Drags slider `key` of panel `name` on `where` for FRAMES frames: { draw: [median, p95, max], frame: [...] }. */
async function dragOnce(where, name, key) {
  const page = await openPage(browser.context, `${where.base}?panel=${name}`);
  if (reading) {
    // a chart's reading shown, which follows every redraw (a build without it ignores this)
    await page.locator(`#panel-${name} figure.plot:not(.stage):not(.canvas) canvas`).first().focus();
    await page.keyboard.press('ArrowRight');
  }
  await drive(page, name, key, PROBE_FRAMES); // warm up
  const { draws, intervals } = await drive(page, name, key, FRAMES);
  if (page.problems.length) console.log('  problems:', page.problems);
  await page.close();
  return {
    draw: [median(draws), pct(draws, 0.95), Math.max(...draws)],
    frame: [median(intervals), pct(intervals, 0.95), Math.max(...intervals)],
  };
}

/** The median over rounds of each figure of `runs` (lists of [median, p95, max]). */
const overRounds = (runs, key) => [0, 1, 2].map((k) => median(runs.map((r) => r[key][k])));

try {
  const first = await openPage(browser.context, site.base);
  const names = args.length ? args : await first.evaluate(() => window.playground.panels);
  await first.close();
  // a panel newer than the baseline build is measured alone
  let basePanels = [];
  if (baseline) {
    const page = await openPage(browser.context, baseline.base);
    basePanels = await page.evaluate(() => window.playground.panels);
    await page.close();
  }

  if (!bytesOnly) await smoothness(names, basePanels);
  await bytes(names);
  if (!bytesOnly) await heights(names);
  if (names.includes('pose3d') && !bytesOnly) await poseCrowd();
} finally {
  await browser.close();
  await site.close();
  await baseline?.close();
}

/** 1. Smoothness while the busiest slider of each panel is dragged (and the baseline's). */
async function smoothness(names, basePanels) {
  console.log(`Dragging each panel's busiest slider one step per frame, ${FRAMES} frames; times in ms.`);
  if (baseline)
    console.log(
      `This build against ${baselineDir}, alternately, ${ROUNDS} rounds each (medians over the rounds).`,
    );
  console.log(
    'panel            busiest slider       redraw median   p95   max | frame interval median   p95   max' +
      (baseline ? ' | baseline: redraw p95, frame median, p95 | frame p95 ratio' : ''),
  );
  for (const name of names) {
    const page = await openPage(browser.context, `${site.base}?panel=${name}`);
    const busiest = await busiestSlider(page, name);
    await page.close();
    const runs = [];
    const baseRuns = [];
    const compare = baseline && basePanels.includes(name);
    for (let round = 0; round < (baseline ? ROUNDS : 1); round++) {
      runs.push(await dragOnce(site, name, busiest));
      if (compare) baseRuns.push(await dragOnce(baseline, name, busiest));
    }
    const [d, f] = [overRounds(runs, 'draw'), overRounds(runs, 'frame')];
    let line =
      `${name.padEnd(16)} ${busiest.padEnd(20)} ${ms(d[0])}        ${ms(d[1])} ${ms(d[2])} |` +
      `           ${ms(f[0])}        ${ms(f[1])} ${ms(f[2])}`;
    if (baseline && !compare) line += ' | (not in the baseline)';
    if (compare) {
      const [bd, bf] = [overRounds(baseRuns, 'draw'), overRounds(baseRuns, 'frame')];
      line += ` |          ${ms(bd[1])}  ${ms(bf[0])} ${ms(bf[1])} | ${(f[1] / bf[1]).toFixed(2).padStart(6)}`;
    }
    console.log(line);
  }
}

/** 2. Bytes of each panel embedded, and 2b. of a 3D panel's still. */
async function bytes(names) {
  console.log('\nBytes of an embedded panel (?panel=NAME&embed=1, caches empty), gzip-compressed:');
  console.log(
    'panel            files   total KB   library (loader + WASM) KB   Chart.js and its adapter KB   the rest KB',
  );
  for (const name of names) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 600, height: 400 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await firstVisit(browser.context, site); // (the motion panel's database made, not kept)
    site.requests.length = 0;
    await page.goto(`${site.base}?panel=${name}&embed=1`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
    await quiet(site.requests);
    const files = site.requests.slice();
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const library = files.filter((f) => /sprung-(wasm|full)/.test(f.path)).reduce((s, f) => s + f.gzip, 0);
    const charts = files.filter((f) => /assets\/chart-/.test(f.path)).reduce((s, f) => s + f.gzip, 0);
    const kb = (bytes, width) => (bytes / 1024).toFixed(1).padStart(width);
    console.log(
      `${name.padEnd(16)} ${String(files.length).padStart(5)}   ${kb(total, 8)}   ${kb(library, 26)}   ` +
        `${kb(charts, 27)}   ${kb(total - library - charts, 11)}`,
    );
    await page.close();
  }

  const stills = REGISTRY.filter((e) => e.still && names.includes(e.name)).map((e) => e.name);
  if (stills.length) {
    console.log('\nBytes of a 3D embed below the fold, before the reader asks (its still), gzip-compressed:');
    console.log('panel            files   total KB');
    for (const name of stills) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 700, height: 600 });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      site.requests.length = 0;
      await page.setContent(
        `<p style="height: 1600px">An article.</p><iframe src="${site.base}?panel=${name}&embed=1" ` +
          'style="width: 600px; height: 400px; border: 0"></iframe>',
      );
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForSelector('body[data-still="1"]', { timeout: 20000 });
      await new Promise((done) => setTimeout(done, 800));
      const total = site.requests.reduce((s, f) => s + f.gzip, 0);
      console.log(
        `${name.padEnd(16)} ${String(site.requests.length).padStart(5)}   ${(total / 1024).toFixed(1).padStart(8)}`,
      );
      await page.close();
    }
  }
}

/** 3. Heights of each panel's embed. */
async function heights(names) {
  console.log('\nHeights of an embed 600 px wide (px): the first figure and the sliders named by &controls=');
  console.log(
    'panel            &controls=                     figure and sliders   whole embed   whole embed, every control',
  );
  for (const name of names) {
    const probe = await openPage(browser.context, `${site.base}?panel=${name}`);
    const keys = await probe.evaluate(() =>
      window.playground
        .schema()
        .filter((c) => c.kind === 'range' && c.requires && !Object.keys(c.requires).length)
        .slice(0, 2)
        .map((c) => c.key),
    );
    await probe.close();
    const height = async (query) => {
      const page = await openPage(browser.context, `${site.base}?panel=${name}&embed=1${query}`, {
        width: 600,
        height: 400,
      });
      const h = await page.evaluate(() => {
        const bottom = (el) => (el ? Math.ceil(el.getBoundingClientRect().bottom) : 0);
        const controls = [...document.querySelectorAll('section.panel .control')].filter(
          (c) => /** @type {HTMLElement} */ (c).offsetParent !== null,
        );
        const figure = document.querySelector('section.panel figure.plot:not([hidden]) .plot-box');
        return {
          shown: Math.max(bottom(figure), ...controls.map(bottom)) + 8,
          whole: Math.ceil(document.body.getBoundingClientRect().height),
        };
      });
      await page.close();
      return h;
    };
    const named = await height(`&controls=${keys.join(',')}`);
    const every = await height('');
    console.log(
      `${name.padEnd(16)} ${keys.join(',').padEnd(30)} ${String(named.shown).padStart(18)}   ` +
        `${String(named.whole).padStart(11)}   ${String(every.whole).padStart(26)}`,
    );
  }
}

/** 4. The 3D pose panel's crowd: the library's time per frame. */
async function poseCrowd() {
  console.log("\nThe 3D pose panel's crowd: the library's calls per frame, ms (20 read-outs):");
  console.log('characters   bones   median    min    max | frame interval median (ms)');
  for (const count of [200, 500, 1000]) {
    const page = await openPage(browser.context, `${site.base}?panel=pose3d&view=crowd&crowd=${count}`);
    await page.waitForFunction(() => Number.isFinite(window.playground.inspect().crowd?.library), null, {
      timeout: 60000,
    });
    await new Promise((done) => setTimeout(done, 2000));
    const library = [];
    const fps = [];
    for (let k = 0; k < 20; k++) {
      await new Promise((done) => setTimeout(done, 300));
      const s = await page.evaluate(() => window.playground.inspect());
      library.push(s.crowd.library);
      fps.push(s.fps);
    }
    console.log(
      `${String(count).padStart(10)} ${String(count * 23).padStart(7)}   ${pct(library, 0.5).toFixed(2).padStart(6)} ` +
        `${Math.min(...library)
          .toFixed(2)
          .padStart(6)} ${Math.max(...library)
          .toFixed(2)
          .padStart(6)} |` +
        `${(1000 / pct(fps, 0.5)).toFixed(1).padStart(8)}`,
    );
    if (page.problems.length) console.log('  problems:', page.problems);
    await page.close();
  }
}
