// motion_crowd_profile.mjs — where the crowd's frame goes: runs the page of motion_crowd.mjs
// (build/bench/crowd.js: run that first) under Chromium's sampling profiler (CDP, 200 µs) and
// prints the inclusive time of each step of Crowd.update (motion_crowd.ts) two levels down,
// WebAssembly functions by their export names (others as wasm-function[i]), as a share of the
// whole update. Shares, not milliseconds, are what to read: the profiler slows the page.
// `node tests/bench/motion_crowd.mjs --rounds 3 && node tests/bench/motion_crowd_profile.mjs`
// Writes build/bench/crowd.cpuprofile (open it in Chromium's DevTools for the whole tree).
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const script = join(root, 'build/bench/crowd.js');
const html =
  '<!doctype html><meta charset=utf-8><link rel=icon href="data:,"><script type=module src=bench.js></script>';
const server = createServer((req, res) => {
  if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  else if (req.url === '/bench.js')
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(script));
  else res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_FLAGS,
});
let profile;
try {
  const page = await browser.newPage();
  page.on('console', (m) => console.log(m.text()));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // (started before the page: a synchronous bench leaves the inspector no moment to start later)
  await cdp.send('Profiler.start');
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.__bench, null, { timeout: 30 * 60e3, polling: 500 });
  ({ profile } = await cdp.send('Profiler.stop'));
} finally {
  await browser.close();
  server.close();
}
writeFileSync(join(root, 'build/bench/crowd.cpuprofile'), JSON.stringify(profile));

// the module's exports by function index (wasm-dis of the module the page embeds)
const exports = new Map();
const dis = execFileSync('wasm-dis', [join(root, 'dist/sprung-simd.wasm')], {
  encoding: 'utf8',
  maxBuffer: 1e9,
});
for (const m of dis.matchAll(/\(export "(\w+)" \(func \$(\d+)\)\)/g)) exports.set(Number(m[2]), m[1]);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const name = (n) => {
  const f = n.callFrame.functionName,
    m = f.match(/wasm-function\[(\d+)\]/);
  return m ? (exports.get(Number(m[1])) ?? f) : f || '(anonymous)';
};
const inclusive = (n) =>
  (self.get(n.id) ?? 0) + (n.children ?? []).reduce((s, c) => s + inclusive(byId.get(c)), 0);
// Crowd.update: an `update` called by MotionCrowd.update
const updates = profile.nodes.filter(
  (n) =>
    n.callFrame.functionName === 'update' && byId.get(parent.get(n.id))?.callFrame.functionName === 'update',
);
const total = updates.reduce((s, n) => s + inclusive(n), 0);
const steps = new Map();
const walk = (n, path, depth) => {
  const key = `${path} > ${name(n)}`;
  steps.set(key, (steps.get(key) ?? 0) + inclusive(n));
  if (depth < 2) for (const c of n.children ?? []) walk(byId.get(c), key, depth + 1);
};
for (const u of updates) for (const c of u.children ?? []) walk(byId.get(c), 'update', 0);
console.log(`Crowd.update: ${total.toFixed(0)} ms sampled; each step's share (inclusive), ≥ 0.5 %:`);
for (const [k, v] of [...steps].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
  if (v >= 0.005 * total) console.log(`${((100 * v) / total).toFixed(1).padStart(6)} %  ${k}`);
