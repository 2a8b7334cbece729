// Measurements of the playground — not a test (no timing assertions in tests). Run after
// building the playground (./build.sh build, then vite build, as ./build.sh test does):
//   node tests/e2e/measure.mjs [panel ...]
// 1. Smoothness while a slider is dragged: in headless Chromium (software rendering), every
//    slider of the panel is moved one step per animation frame for a short while; the one whose
//    redraw costs most (the busiest) is then moved one step per frame for 240 frames, sweeping
//    back and forth, with an `input` event each frame as a drag gives. Reported: the redraw time
//    (the library recomputing the curves and the plots drawing them, timed by lib/frame.js) and
//    the interval between animation frames (which includes the stage's animation, style, layout
//    and paint): median, 95th percentile, maximum.
// 2. Bytes of an embedded panel: `?panel=NAME&embed=1` loaded with the cache disabled; the sum of
//    the files fetched, gzip-compressed as a static host sends them, and the library's share
//    (its loader with the embedded WASM).
// 3. The 3D pose panel's crowd (when pose3d is measured): the time per frame of the library's
//    two calls (TrajectoryBatch.predict and the PoseInertializer's update, plus its transition
//    on frames where characters switch clips), as the panel shows it live; 20 read-outs 0.3 s
//    apart after 2 s of warming up, median and range, for 200, 500 and 1000 characters.
import { launch, openPage, serveSite } from './harness.mjs';

const PROBE_FRAMES = 40;
const FRAMES = 240;
const site = await serveSite();
const browser = await launch();
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
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

try {
  const first = await openPage(browser.context, site.base);
  const names = process.argv.slice(2).length
    ? process.argv.slice(2)
    : await first.evaluate(() => window.playground.panels);
  await first.close();

  console.log(`Dragging each panel's busiest slider one step per frame, ${FRAMES} frames; times in ms.`);
  console.log(
    'panel            busiest slider       redraw median   p95   max | frame interval median   p95   max',
  );
  for (const name of names) {
    const page = await openPage(browser.context, `${site.base}?panel=${name}`);
    const keys = await page.evaluate(
      (n) =>
        [...document.querySelectorAll(`#panel-${n} .control:not([hidden]) input[type=range]`)].map(
          (s) => s.name,
        ),
      name,
    );
    let busiest = keys[0];
    let worst = -1;
    for (const key of keys) {
      const { draws } = await drive(page, name, key, PROBE_FRAMES);
      const median = pct(draws, 0.5);
      if (median > worst) {
        worst = median;
        busiest = key;
      }
    }
    const { draws, intervals } = await drive(page, name, busiest, FRAMES);
    console.log(
      `${name.padEnd(16)} ${busiest.padEnd(20)} ${ms(pct(draws, 0.5))}        ${ms(pct(draws, 0.95))} ${ms(Math.max(...draws))} |` +
        `           ${ms(pct(intervals, 0.5))}        ${ms(pct(intervals, 0.95))} ${ms(Math.max(...intervals))}`,
    );
    if (page.problems.length) console.log('  problems:', page.problems);
    await page.close();
  }

  console.log('\nBytes of an embedded panel (?panel=NAME&embed=1, cache disabled), gzip-compressed:');
  console.log('panel            files   total KB   library (loader + WASM) KB   the rest KB');
  for (const name of names) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 600, height: 400 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    site.requests.length = 0;
    await page.goto(`${site.base}?panel=${name}&embed=1`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
    const files = site.requests.slice();
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const library = files.filter((f) => /sprung-(wasm|full)/.test(f.path)).reduce((s, f) => s + f.gzip, 0);
    console.log(
      `${name.padEnd(16)} ${String(files.length).padStart(5)}   ${(total / 1024).toFixed(1).padStart(8)}   ` +
        `${(library / 1024).toFixed(1).padStart(26)}   ${((total - library) / 1024).toFixed(1).padStart(11)}`,
    );
    await page.close();
  }

  if (names.includes('pose3d')) {
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
} finally {
  await browser.close();
  await site.close();
}
