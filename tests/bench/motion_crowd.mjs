// motion_crowd.mjs — issue 32's crowd of a thousand, in headless Chromium: 1,000 characters on
// the playground's dance card (mirrored, 77,494 frames, Holden's 27 features), each searching
// at 10 Hz under stick input that changes every 3 s (staggered), their whole MotionCrowd.update
// timed per 60 Hz frame. `--vs DIR` runs another build's dist/ (e.g. main's, the JS path) in the
// same page, interleaved round by round: the ratio is what to quote, the milliseconds depend on
// the machine. `node tests/bench/motion_crowd.mjs [--vs /path/to/dist] [--count N] [--rounds R]`
// Writes tests/bench/results/motion_crowd.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { bundle, runPage } from './page.mjs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
};
const vs = arg('--vs', null);
const count = Number(arg('--count', 1000)),
  rounds = Number(arg('--rounds', 7));
const dir = join(root, 'build/bench');
mkdirSync(dir, { recursive: true });
const libs = [['this', join(root, 'dist/index.js')], ...(vs ? [['vs', join(resolve(vs), 'index.js')]] : [])];
writeFileSync(
  join(dir, 'crowd_entry.mjs'),
  `${libs.map(([name, path], i) => `import * as lib${i} from ${JSON.stringify(path)};`).join('\n')}
import { crowdBench } from '../../tests/bench/motion_crowd_suite.mjs';
import { danceCard } from '../../web/playground/motion/dance_card.js';
(async () => {
  try {
    const libs = { ${libs.map(([name], i) => `${JSON.stringify(name)}: lib${i}`).join(', ')} };
    for (const sp of Object.values(libs)) await sp.init();
    const result = await crowdBench({ libs, danceCard, count: ${count}, rounds: ${rounds}, log: (l) => console.log(l) });
    window.__bench = { ok: true, result, userAgent: navigator.userAgent };
  } catch (e) {
    window.__bench = { ok: false, error: String((e && e.stack) || e) };
  }
})();
`,
);
await bundle(join(dir, 'crowd_entry.mjs'), join(dir, 'crowd.js'));
const result = { date: new Date().toISOString(), vs, loadavg: { before: os.loadavg() } };
Object.assign(result, await runPage(join(dir, 'crowd.js'), 'sprung crowd bench'));
result.loadavg.after = os.loadavg();
mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
writeFileSync(join(root, 'tests/bench/results/motion_crowd.json'), JSON.stringify(result, null, 2) + '\n');
console.log(
  `load average ${result.loadavg.before.map((l) => l.toFixed(1))} → ${result.loadavg.after.map((l) => l.toFixed(1))}; written tests/bench/results/motion_crowd.json`,
);
