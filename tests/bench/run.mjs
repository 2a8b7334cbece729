// run.mjs — `./build.sh bench` (npm run bench): the batch benchmarks in Node and in headless
// Chromium, side by side in one run, printed as a table and written to
// tests/bench/results/latest.json. Options: --sizes 1,64,... (springs per batch),
// --no-browser. Needs a built dist/ and build/*.wasm.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { dirname, join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import * as sprung from '../../dist/index.js';
import { build as loadedBuild } from '../../dist/wasm.js';
import { damp } from 'maath/easing/dist/maath-easing.esm.js';
import { spring } from 'motion';
import { runSuite } from './suite.mjs';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (opt('--sizes') ?? '1,64,1024,65536,1048576,8388608').split(',').map(Number);
const wasmFile = (b) => join(root, 'build', b === 'simd' ? 'sprung-simd.wasm' : 'sprung-scalar.wasm');

function machine() {
  const sh = (cmd, a) => {
    try {
      return execFileSync(cmd, a, { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  const model = (
    sh('lscpu', [])
      .split('\n')
      .find((l) => l.startsWith('Model name')) ?? ''
  ).replace(/^Model name:\s*/, '');
  return {
    nproc: os.availableParallelism?.() ?? os.cpus().length,
    cpu: model,
    node: process.version,
    chromium: sh('/usr/bin/chromium', ['--version']).split('\n').pop(),
  };
}

function bundleSize() {
  const gz = (b) => gzipSync(b, { level: 9 }).length;
  const out = {};
  for (const b of ['scalar', 'simd']) {
    const w = readFileSync(wasmFile(b));
    out[`wasm_${b}`] = { bytes: w.length, gzip: gz(w) };
  }
  // The JS entry as a bundler ships it (the embedded SIMD module included), minified and
  // bundled by esbuild: everything, and one everyday function (the packaging test holds both
  // to their budgets).
  const bundle = (contents) =>
    esbuild.buildSync({
      stdin: { contents, resolveDir: root },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
    }).outputFiles[0].contents;
  for (const [k, code] of [
    ['js_entry_bundled_min', "import * as s from './dist/index.js'; globalThis.s = s;"],
    [
      'one_function_bundled_min',
      "import { init, damperExact } from './dist/index.js'; globalThis.f = [init, damperExact];",
    ],
  ]) {
    const js = bundle(code);
    out[k] = { bytes: js.length, gzip: gz(js) };
  }
  return out;
}

async function inNode() {
  await sprung.init();
  console.log(`Node ${process.version} (package loaded the ${loadedBuild} build)`);
  const bytes = { scalar: readFileSync(wasmFile('scalar')), simd: readFileSync(wasmFile('simd')) };
  const now = () => Number(process.hrtime.bigint()) / 1e6;
  return runSuite({ sprung, bytes, damp, spring, sizes, now, log: console.log });
}

/** Bundles browser.mjs, serves it on 127.0.0.1 and runs it in headless Chromium. */
async function inChromium() {
  const dir = join(root, 'build/bench');
  mkdirSync(dir, { recursive: true });
  esbuild.buildSync({
    entryPoints: [join(root, 'tests/bench/browser.mjs')],
    bundle: true,
    format: 'esm',
    outfile: join(dir, 'bundle.js'),
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta charset=utf-8><title>sprung bench</title><pre></pre><script type=module src=bundle.js></script>\n',
  );
  const files = {
    '/': join(dir, 'index.html'),
    '/bundle.js': join(dir, 'bundle.js'),
    '/sprung.wasm': wasmFile('scalar'),
    '/sprung-simd.wasm': wasmFile('simd'),
  };
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    const f = files[new URL(req.url, 'http://x').pathname];
    if (!f) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': types[extname(f)] ?? 'application/octet-stream' })
      .end(readFileSync(f));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { chromium } = await import('playwright-core');
  const userDataDir = join(os.tmpdir(), `sprung-bench-${process.pid}`);
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('console', (m) => console.log(m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/?sizes=${sizes.join(',')}`);
    await page.waitForFunction(() => window.__bench, null, { timeout: 30 * 60e3, polling: 500 });
    const r = await page.evaluate(() => window.__bench);
    if (!r.ok) throw new Error(r.error);
    return { ...r.result, userAgent: r.userAgent };
  } finally {
    await browser.close();
    server.close();
    execFileSync('rm', ['-rf', userDataDir]);
  }
}

const f2 = (v) => (v === undefined ? '—' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(1)}×`);

function table(name, r) {
  console.log(
    `\n${name}: ns per spring update (critical spring with goal velocity, shared halflife unless noted), median of 5`,
  );
  const cols = [
    'N',
    'SIMD',
    'scalar',
    'package',
    'per-elem SIMD',
    'simple SIMD',
    'JS loop',
    'maath',
    'motion',
    'JS/SIMD',
    'maath/SIMD',
    'motion/SIMD',
    'scalar/SIMD',
  ];
  console.log('| ' + cols.join(' | ') + ' |\n|' + cols.map(() => '---').join('|') + '|');
  for (const { N, ns } of r.springs)
    console.log(
      '| ' +
        [
          N,
          f2(ns.simd),
          f2(ns.scalar),
          f2(ns.package),
          f2(ns.simdPerElement),
          f2(ns.simdSimple),
          f2(ns.jsLoop),
          f2(ns.maathDamp),
          f2(ns.motionSpring),
          ratio(ns.jsLoop, ns.simd),
          ratio(ns.maathDamp, ns.simd),
          ratio(ns.motionSpring, ns.simd),
          ratio(ns.scalar, ns.simd),
        ].join(' | ') +
        ' |',
    );
  const c = r.perCall,
    p = r.pose64;
  console.log(`state-object API, ns per call (maath damp ${f2(c.maathDamp)} ns; ratio = maath / sprung):`);
  for (const [k, name] of [
    ['sprungCritical', 'criticalSpringDamperExact'],
    ['sprungSimple', 'simpleSpringDamperExact'],
    ['sprungDamperExact', 'damperExact'],
    ['sprungSpringDamperExact', 'springDamperExact'],
    ['sprungQuatSpring', 'simpleSpringDamperExactQuat'],
    ['sprungCharacter', 'springCharacterUpdate'],
    ['sprungInertialize', 'inertializeUpdate'],
  ])
    console.log(`  ${name}: ${f2(c[k])} ns (${ratio(c.maathDamp, c[k])})`);
  console.log(
    `pose inertializer update, 64 bones: ${f2(p.sprung)} ns/bone (${f2(p.sprungCopyingInput)} copying the input), plain JS ${f2(p.plainJs)} ns/bone (${ratio(p.plainJs, p.sprung)}); cubic pose inertializer ${f2(p.sprungCubic)} ns/bone`,
  );
}

const result = { date: new Date().toISOString(), machine: machine(), sizes, bundle: bundleSize() };
console.log('machine:', JSON.stringify(result.machine));
result.node = await inNode();
if (!args.includes('--no-browser')) {
  console.log('\nheadless Chromium');
  result.chromium = await inChromium();
}
table('Node', result.node);
if (result.chromium) table('Chromium', result.chromium);
const b = result.bundle;
console.log(
  `\nbundle: sprung-scalar.wasm ${b.wasm_scalar.bytes} B (${b.wasm_scalar.gzip} gzipped), sprung-simd.wasm ${b.wasm_simd.bytes} B (${b.wasm_simd.gzip} gzipped); bundled+minified with the SIMD module embedded: everything ${b.js_entry_bundled_min.bytes} B (${b.js_entry_bundled_min.gzip} gzipped), damperExact alone ${b.one_function_bundled_min.bytes} B (${b.one_function_bundled_min.gzip} gzipped)`,
);
mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
writeFileSync(join(root, 'tests/bench/results/latest.json'), JSON.stringify(result, null, 2) + '\n');
console.log('written tests/bench/results/latest.json');
