// dance_card.mjs — how long the playground's procedural locomotion database
// (web/playground/motion/) takes to generate: in Node, and in headless Chromium on the page's
// thread and in a worker (where the panel makes it). Median of `--runs` (default 3) runs of
// the whole card, printed; not a test. Needs a built dist/ (`sprung` resolves to it).
//   node tests/bench/dance_card.mjs [--runs 3] [--no-browser]
import { CHROMIUM_FLAGS } from '../e2e/harness.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { danceCard } from '../../web/playground/motion/dance_card.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 3);
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];

const times = [];
let frames = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const db = danceCard();
  times.push(performance.now() - t0);
  frames = db.clips.reduce((n, c) => n + c.tags.length, 0);
}
console.log(
  `machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(`dance card: ${frames} frames (${(frames / 60).toFixed(0)} s at 60 Hz)`);
console.log(
  `Node ${process.version}: ${median(times).toFixed(0)} ms (median of ${runs}: ${times.map((t) => t.toFixed(0)).join(', ')})`,
);

if (!args.includes('--no-browser')) {
  // one bundle that times the card where it runs and reports with postMessage or a global
  const { outputFiles } = await esbuild.build({
    stdin: {
      contents: `import { danceCard } from './web/playground/motion/dance_card.js';
        const runs = ${runs}, times = [];
        for (let i = 0; i < runs; i++) { const t0 = performance.now(); danceCard(); times.push(performance.now() - t0); }
        if (typeof window === 'undefined') postMessage(times); else window.__times = times;`,
      resolveDir: root,
    },
    bundle: true,
    format: 'iife',
    write: false,
    alias: { sprung: join(root, 'dist/index.js') },
  });
  const code = outputFiles[0].text;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>dance card</title>');
    await page.addScriptTag({ content: code });
    const main = await page.evaluate(() => window.__times);
    const worker = await page.evaluate(
      (source) =>
        new Promise((resolve, reject) => {
          const w = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
          w.onmessage = (e) => resolve(e.data);
          w.onerror = (e) => reject(new Error(e.message));
        }),
      code,
    );
    const version = browser.version();
    console.log(
      `Chromium ${version}, the page's thread: ${median(main).toFixed(0)} ms (${main.map((t) => t.toFixed(0)).join(', ')})`,
    );
    console.log(
      `Chromium ${version}, a worker: ${median(worker).toFixed(0)} ms (${worker.map((t) => t.toFixed(0)).join(', ')})`,
    );
  } finally {
    await browser.close();
  }
}
