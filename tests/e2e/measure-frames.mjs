// Smoothness of the playground while a slider is dragged — a measurement, not a test
// (no timing assertions in tests). Run after building the playground:
//   node tests/e2e/measure-frames.mjs [panel ...]
// For each panel, in headless Chromium (software rendering, --disable-gpu), a slider is
// driven programmatically: every animation frame its value moves one step (sweeping
// back and forth) and an `input` event is dispatched, as a drag does. Reported: the
// panel's redraw time per frame (recomputing the curves with the library and Chart.js
// drawing them, measured around the redraw callback by lib/frame.js) and the interval
// between animation frames (which also includes style, layout and paint).
import { launch, openPage, serveSite } from './harness.mjs';

const FRAMES = 240;
const site = await serveSite();
const browser = await launch();
const pct = (xs, p) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const f = (x) => x.toFixed(2).padStart(6);
try {
  const first = await openPage(browser.context, site.base);
  const names = process.argv.slice(2).length
    ? process.argv.slice(2)
    : await first.evaluate(() => window.playground.panels);
  await first.close();
  console.log(`${FRAMES} frames per panel, slider moved every frame; times in ms`);
  console.log(
    'panel            slider        redraw median   p95    max | frame interval median   p95    max',
  );
  for (const name of names) {
    const page = await openPage(browser.context, `${site.base}?panel=${name}`);
    const result = await page.evaluate(
      async ([panel, frames]) => {
        const slider = document.querySelector(`#panel-${panel} .control:not([hidden]) input[type=range]`);
        if (!slider) return null;
        const min = Number(slider.min);
        const max = Number(slider.max);
        const step = Number(slider.step);
        window.playground.drawTimes.length = 0;
        const intervals = [];
        let value = min;
        let dir = 1;
        let last = performance.now();
        await new Promise((done) => {
          let k = 0;
          function frame(now) {
            intervals.push(now - last);
            last = now;
            value += dir * step * Math.max(1, Math.round((max - min) / step / 120));
            if (value >= max || value <= min) {
              dir = -dir;
              value = Math.min(max, Math.max(min, value));
            }
            slider.value = String(value);
            slider.dispatchEvent(new Event('input', { bubbles: true }));
            if (++k < frames) requestAnimationFrame(frame);
            else requestAnimationFrame(() => done());
          }
          requestAnimationFrame((now) => {
            last = now;
            requestAnimationFrame(frame);
          });
        });
        return {
          key: slider.name,
          draws: window.playground.drawTimes.slice(),
          intervals: intervals.slice(1),
        };
      },
      [name, FRAMES],
    );
    if (!result) {
      console.log(`${name.padEnd(16)} (no slider)`);
      await page.close();
      continue;
    }
    const { key, draws, intervals } = result;
    console.log(
      `${name.padEnd(16)} ${key.padEnd(13)} ${f(pct(draws, 0.5))}        ${f(pct(draws, 0.95))} ${f(Math.max(...draws))} |` +
        `        ${f(pct(intervals, 0.5))}        ${f(pct(intervals, 0.95))} ${f(Math.max(...intervals))}   (${draws.length} redraws)`,
    );
    if (page.problems.length) console.log('  problems:', page.problems);
    await page.close();
  }
} finally {
  await browser.close();
  await site.close();
}
