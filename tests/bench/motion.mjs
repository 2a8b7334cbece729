// motion.mjs — the motion-matching benchmark (motion_suite.mjs) in Node and in headless
// Chromium, one after the other: `node tests/bench/motion.mjs [--no-browser]`. Prints the
// figures of issue 21 (µs per search over 50,000 and 200,000 frames × 27 features, steady and
// just after an input change, against a plain JS search of the same data in the same run; a
// crowd of 100 characters; bytes per frame) and writes tests/bench/results/motion.json.
// --cpu-time: Node times by its CPU time (less disturbed by other jobs while iterating; the
// published figures use the wall clock).
import { CHROMIUM_FLAGS } from '../e2e/harness.mjs';
import { mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import * as esbuild from 'esbuild';
import * as sp from '../../dist/index.js';
import { runMotion } from './motion_suite.mjs';
import { danceCard } from '../../web/playground/motion/dance_card.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const result = { date: new Date().toISOString(), loadavg: { before: os.loadavg() } };

console.log(`Node ${process.version}`);
await sp.init();
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
const now = process.argv.includes('--cpu-time') ? cpu : () => performance.now();
result.node = await runMotion({ sp, now, log: console.log, danceCard });

if (!process.argv.includes('--no-browser')) {
  console.log('\nheadless Chromium');
  const dir = join(root, 'build/bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'motion_entry.mjs'),
    `import * as sp from '../../dist/index.js';
import { runMotion } from '../../tests/bench/motion_suite.mjs';
import { danceCard } from '../../web/playground/motion/dance_card.js';
(async () => {
  try {
    await sp.init();
    const log = (line) => console.log(line);
    window.__bench = { ok: true, result: await runMotion({ sp, now: () => performance.now(), log, danceCard }), userAgent: navigator.userAgent };
  } catch (e) {
    window.__bench = { ok: false, error: String((e && e.stack) || e) };
  }
})();
`,
  );
  esbuild.buildSync({
    entryPoints: [join(dir, 'motion_entry.mjs')],
    bundle: true,
    format: 'esm',
    outfile: join(dir, 'motion.js'),
  });
  const html =
    '<!doctype html><meta charset=utf-8><title>sprung motion bench</title><link rel=icon href="data:,"><script type=module src=motion.js></script>\n';
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    else if (path === '/motion.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(dir, 'motion.js')));
    else res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { chromium } = await import('playwright-core');
  const userDataDir = join(os.tmpdir(), `sprung-motion-bench-${process.pid}`);
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('console', (m) => console.log(m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.__bench, null, { timeout: 30 * 60e3, polling: 500 });
    const r = await page.evaluate(() => window.__bench);
    if (!r.ok) throw new Error(r.error);
    result.chromium = { ...r.result, userAgent: r.userAgent };
  } finally {
    await browser.close();
    server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
result.loadavg.after = os.loadavg();
mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
writeFileSync(join(root, 'tests/bench/results/motion.json'), JSON.stringify(result, null, 2) + '\n');
console.log(
  `\nload average ${result.loadavg.before.map((l) => l.toFixed(1))} → ${result.loadavg.after.map((l) => l.toFixed(1))}; written tests/bench/results/motion.json`,
);
