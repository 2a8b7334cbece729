// motion_load.mjs — how long the page's main thread is blocked while the playground's motion
// panel loads its database: the longest task (PerformanceObserver 'longtask', from the page's
// start until the first search) and the time until the first search, in headless Chromium,
// for the dance card with each feature set and for CMU's takes. Median of `--runs` (default 3)
// loads each, printed; not a test. Needs the built playground (`./build.sh build`, then
// `npx vite build --config web/playground/vite.config.js`).
//   node tests/bench/motion_load.mjs [--runs 3]
import os from 'node:os';
import { launch, serveSite } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 3);
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];

const site = await serveSite();
const browser = await launch();
console.log(
  `machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; median of ${runs} loads each`,
);
try {
  for (const query of ['', '&features=plain', '&database=cmu']) {
    const longest = [],
      ready = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.context.newPage();
      await page.addInitScript(() => {
        window.__longtasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longtasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${site.base}?panel=motion${query}`);
      await page.waitForFunction(
        () => {
          const s = window.playground?.inspect();
          return s && (s.failed || (s.database && s.lastSearch));
        },
        null,
        { timeout: 240000, polling: 100 },
      );
      const r = await page.evaluate(() => ({ tasks: window.__longtasks, now: performance.now() }));
      longest.push(Math.max(0, ...r.tasks));
      ready.push(r.now);
      await page.close();
    }
    console.log(
      `motion${query || ' (dance card, transition features)'}: longest main-thread task ${median(longest).toFixed(0)} ms ` +
        `(runs: ${longest.map((x) => x.toFixed(0)).join(', ')}), first search after ${median(ready).toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
