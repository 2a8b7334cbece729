// motion.mjs — the motion-matching benchmark (motion_suite.mjs) in Node and in headless
// Chromium, one after the other: `node tests/bench/motion.mjs [--no-browser]`. Prints the
// figures of issue 21 (µs per search over 50,000 and 200,000 frames × 27 features, steady and
// just after an input change, against a plain JS search of the same data in the same run; a
// crowd of 100 characters; bytes per frame) and writes tests/bench/results/motion.json.
// --cpu-time: Node times by its CPU time (less disturbed by other jobs while iterating; the
// published figures use the wall clock).
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundle, runPage } from './page.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
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
  await bundle(join(dir, 'motion_entry.mjs'), join(dir, 'motion.js'));
  result.chromium = await runPage(join(dir, 'motion.js'), 'sprung motion bench');
}
result.loadavg.after = os.loadavg();
mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
writeFileSync(join(root, 'tests/bench/results/motion.json'), JSON.stringify(result, null, 2) + '\n');
console.log(
  `\nload average ${result.loadavg.before.map((l) => l.toFixed(1))} → ${result.loadavg.after.map((l) => l.toFixed(1))}; written tests/bench/results/motion.json`,
);
