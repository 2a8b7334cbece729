// run.mjs — `./build.sh bench` (npm run bench): the benchmarks in Node and in headless
// Chromium, side by side in one run, printed as tables and written to
// tests/bench/results/latest.json (with the machine and its load average); `node
// tests/bench/readme.mjs` then writes the Performance section of the API reference from that file.
// Options: --sizes 1,64,... (springs per batch), --only batch,perCall,pose,landscape,
// --no-browser, --cpu-time (Node's CPU time instead of the wall clock, while iterating). Needs a built dist/ and build/*.wasm; compiles tests/bench/stream.c.
import { CHROMIUM_FLAGS } from '../e2e/harness.mjs';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { dirname, join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import * as sprung from '../../dist/index.js';
import * as steps from '../../dist/steps.js';
import * as core from '../../dist/wasm.js';
import { build as loadedBuild } from '../../dist/wasm.js';
import { damp } from 'maath/easing/dist/maath-easing.esm.js';
import { spring } from 'motion';
import { runSuite, SAMPLES } from './suite.mjs';
import { report } from './report.mjs';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (opt('--sizes') ?? '1,64,1024,65536,1048576,8388608').split(',').map(Number);
const only = opt('--only')?.split(',');
const wasmFile = (b) =>
  join(
    root,
    'build',
    {
      simd: 'sprung-simd.wasm',
      scalar: 'sprung-scalar.wasm',
      springs: 'sprung-springs.wasm',
      stream: 'bench/stream.wasm',
    }[b],
  );

/** The streaming-limit kernel (tests/bench/stream.c), built like the library's SIMD build. */
function buildStream() {
  mkdirSync(join(root, 'build/bench'), { recursive: true });
  execFileSync(
    'emcc',
    [
      '-O3',
      '--no-entry',
      '-sSTANDALONE_WASM',
      '-sALLOW_MEMORY_GROWTH=1',
      '-sMAXIMUM_MEMORY=2GB',
      '-sMALLOC=none',
      '-sEXPORTED_FUNCTIONS=_stream,_exp_floor',
      '-Wl,--export=__heap_base',
      '-fno-math-errno',
      '-msimd128',
      join(root, 'tests/bench/stream.c'),
      '-o',
      wasmFile('stream'),
    ],
    { stdio: 'inherit', env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } },
  );
}

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
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    cpu: model,
    node: process.version,
    chromium: sh('/usr/bin/chromium', ['--version']).split('\n').pop(),
  };
}

function bundleSize() {
  const gz = (b) => gzipSync(b, { level: 9 }).length;
  const out = {};
  for (const b of ['scalar', 'simd', 'springs']) {
    const w = readFileSync(wasmFile(b));
    out[`wasm_${b}`] = { bytes: w.length, gzip: gz(w) };
  }
  // The JS entry as a bundler ships it (the embedded modules included), minified and bundled
  // by esbuild: everything, and one everyday function (the packaging test holds both to their
  // budgets).
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
  const bytes = Object.fromEntries(['scalar', 'simd', 'stream'].map((b) => [b, readFileSync(wasmFile(b))]));
  // --cpu-time: the process's CPU time instead of the wall clock (Node only), less disturbed
  // by other jobs on a shared machine while iterating; published figures use the wall clock
  const now = args.includes('--cpu-time')
    ? () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1e3;
      }
    : () => Number(process.hrtime.bigint()) / 1e6;
  return runSuite({ sprung, steps, core, bytes, damp, spring, sizes, only, now, log: console.log });
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
    '<!doctype html><meta charset=utf-8><title>sprung bench</title><link rel=icon href="data:,"><pre></pre><script type=module src=bundle.js></script>\n',
  );
  const files = {
    '/': join(dir, 'index.html'),
    '/bundle.js': join(dir, 'bundle.js'),
    '/sprung.wasm': wasmFile('scalar'),
    '/sprung-simd.wasm': wasmFile('simd'),
    '/stream.wasm': wasmFile('stream'),
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
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('console', (m) => console.log(m.text()));
    const query = `sizes=${sizes.join(',')}` + (only ? `&only=${only.join(',')}` : '');
    await page.goto(`http://127.0.0.1:${server.address().port}/?${query}`);
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

const result = {
  date: new Date().toISOString(),
  machine: machine(),
  sizes,
  loadavg: { before: os.loadavg() },
  clock: args.includes('--cpu-time') ? 'cpu' : 'wall',
  samples: SAMPLES,
  bundle: bundleSize(),
};
console.log(
  'machine:',
  JSON.stringify(result.machine),
  'load average',
  os.loadavg().map((l) => l.toFixed(2)),
);
buildStream();
result.node = await inNode();
if (!args.includes('--no-browser')) {
  console.log('\nheadless Chromium');
  result.chromium = await inChromium();
}
result.loadavg.after = os.loadavg();
console.log('\n' + report(result));
mkdirSync(join(root, 'tests/bench/results'), { recursive: true });
writeFileSync(join(root, 'tests/bench/results/latest.json'), JSON.stringify(result, null, 2) + '\n');
console.log('written tests/bench/results/latest.json (docs/API.md: node tests/bench/readme.mjs)');
