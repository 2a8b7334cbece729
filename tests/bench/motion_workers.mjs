// motion_workers.mjs — issue 32's crowd over Web Workers, in headless Chromium: 1,000 characters
// on the playground's dance card (mirrored, 77,494 frames), run by the worker of the reference's
// example (docs/API.md, "A crowd over Web Workers", as written) in one worker holding all of
// them against two workers holding 500 each, the same scripted stick input (that of
// motion_crowd.mjs). A frame is timed on the page from posting the inputs to the last worker's
// transforms back (transferred). Both set-ups live side by side, timed in interleaved rounds;
// the ratio one/two is what to quote: at most 2 with two cores free, less as other work takes
// them (the load average is written with the result).
// `node tests/bench/motion_workers.mjs [--count N] [--rounds R]`
// Writes tests/bench/results/motion_workers.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { runPage } from './page.mjs';
import { bundleExample, workersExample } from '../e2e/workers_example.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
};
const count = Number(arg('--count', 1000)),
  rounds = Number(arg('--rounds', 7));
const dir = join(root, 'build/bench');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'workers_worker.mjs'), workersExample().worker);
await bundleExample(join(dir, 'workers_worker.mjs'), join(dir, 'crowd_worker.js'));
writeFileSync(
  join(dir, 'workers_entry.mjs'),
  `import { init, wasmModule, MotionDatabase } from 'sprung';
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { DANCE_FEATURES } from '../../tests/bench/motion_suite.mjs';
import { script } from '../../tests/bench/motion_crowd_suite.mjs';

const count = ${count}, rounds = ${rounds};
/** Frames a round times (1 s at 60 Hz), after a second of warm-up. */
const ROUND = 60;
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];
const ask = (worker, message, transfer = []) =>
  new Promise((reply) => {
    worker.onmessage = (e) => reply(e.data);
    worker.postMessage(message, transfer);
  });
(async () => {
  try {
    await init();
    const db = new MotionDatabase(danceCard(), { features: DANCE_FEATURES, contactBones: ['LeftToe', 'RightToe'], mirror: true });
    const bytes = db.toBytes();
    console.log(\`  \${count} characters on the dance card (\${db.frames} frames × \${db.dims}), 10 Hz searches; \${(bytes.length / 1e6).toFixed(1)} MB of database posted to each worker\`);
    db.dispose();
    const side = Math.ceil(Math.sqrt(count));
    const homes = Array.from({ length: count }, (_, i) => ({ x: (i % side) * 2, y: 0, z: Math.floor(i / side) * 2 }));
    const setups = [];
    for (const slices of [1, 2]) {
      const size = Math.ceil(count / slices);
      const workers = Array.from({ length: slices }, () => new Worker(new URL('./crowd_worker.js', import.meta.url), { type: 'module' }));
      await Promise.all(workers.map((w, k) => ask(w, { module: wasmModule(), bytes, positions: homes.slice(k * size, (k + 1) * size) })));
      setups.push({ name: slices === 1 ? 'one' : 'two', slices, size, workers, input: script(count, 22), frame: 0, ms: [] });
    }
    const step = async (s) => {
      const inputs = s.input(s.frame++);
      const t0 = performance.now();
      await Promise.all(s.workers.map((w, k) => ask(w, { dt: 1 / 60, inputs: inputs.slice(k * s.size, (k + 1) * s.size) })));
      return performance.now() - t0;
    };
    for (const s of setups) for (let f = 0; f < ROUND; f++) await step(s);
    for (let r = 0; r < rounds; r++)
      for (const s of r % 2 ? [...setups].reverse() : setups) {
        let total = 0;
        for (let f = 0; f < ROUND; f++) total += await step(s);
        s.ms.push(total / ROUND);
      }
    const out = { count, round: ROUND, rounds, cores: navigator.hardwareConcurrency, setups: {} };
    for (const s of setups) {
      out.setups[s.name] = { workers: s.slices, msPerFrame: median(s.ms), rounds: s.ms };
      console.log(\`  \${s.slices} worker(s): \${median(s.ms).toFixed(2)} ms a frame (median of \${rounds} rounds of \${ROUND} frames: \${s.ms.map((m) => m.toFixed(2)).join(', ')})\`);
      s.workers.forEach((w) => w.terminate());
    }
    out.ratio = out.setups.one.msPerFrame / out.setups.two.msPerFrame;
    console.log(\`  one / two: \${out.ratio.toFixed(2)}× (\${navigator.hardwareConcurrency} cores)\`);
    window.__bench = { ok: true, result: out, userAgent: navigator.userAgent };
  } catch (e) {
    window.__bench = { ok: false, error: String((e && e.stack) || e) };
  }
})();
`,
);
await bundleExample(join(dir, 'workers_entry.mjs'), join(dir, 'workers.js'));
const result = { date: new Date().toISOString(), loadavg: { before: os.loadavg() } };
Object.assign(
  result,
  await runPage(join(dir, 'workers.js'), 'sprung workers bench', {
    '/crowd_worker.js': join(dir, 'crowd_worker.js'),
  }),
);
result.loadavg.after = os.loadavg();
mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
writeFileSync(join(root, 'tests/bench/results/motion_workers.json'), JSON.stringify(result, null, 2) + '\n');
console.log(
  `load average ${result.loadavg.before.map((l) => l.toFixed(1))} → ${result.loadavg.after.map((l) => l.toFixed(1))}; written tests/bench/results/motion_workers.json`,
);
