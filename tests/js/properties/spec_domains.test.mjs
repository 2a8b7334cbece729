// spec_domains.test.mjs — the header is the one statement of every domain (issue 25): on a copy
// of the repository, tighten domains in c/sprung.h (a generated wrapper's, a JS-stepped
// spring's, a hand-written method's), regenerate with web/tools/api.mjs and compile the copy,
// with no other edit; every check follows — the spec checks pass on the copy, and the values
// the new domains refuse are refused there while the package as built still takes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import * as built from '../../../dist/index.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'sprung-domains-'));

/** The domains to tighten: [function, parameter, from, to]. */
const TIGHTER = [
  ['sp_extrapolate_v3', 'halflife', '(≥ 0 or +Inf)', '(> 0 or +Inf)'],
  ['sp_critical_spring_damper_exact', 'halflife', '(≥ 0)', '(> 0)'],
  ['sp_trajectory_predict_positions', 'halflife', '(≥ 0)', '(≥ 0.5)'],
];

test.after(() => rmSync(copy, { recursive: true, force: true }));

test('a domain changed in c/sprung.h, and nothing else, changes every check that depends on it', async () => {
  for (const dir of ['c', 'web/src', 'web/tools'])
    cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
  rmSync(join(copy, 'web/src/gen'), { recursive: true, force: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  // the domains, in the header's doc tags of these functions only
  let header = readFileSync(join(copy, 'c/sprung.h'), 'utf8');
  for (const [fn, param, from, to] of TIGHTER) {
    const end = header.search(new RegExp(`^\\w+ ${fn}\\(`, 'm'));
    const start = header.lastIndexOf('/**', end);
    const doc = header.slice(start, end);
    const tag = `@param[in] ${param} [s] ${from}`;
    assert.ok(doc.includes(tag), `${fn}: "${tag}" in its doc comment`);
    header = header.slice(0, start) + doc.replace(tag, `@param[in] ${param} [s] ${to}`) + header.slice(end);
  }
  writeFileSync(join(copy, 'c/sprung.h'), header);
  // regenerate, and compile the copy module by module (its WebAssembly is the built one)
  execFileSync(process.execPath, [join(copy, 'web/tools/api.mjs'), 'gen', '--root', copy], { stdio: 'pipe' });
  const sources = readdirSync(join(copy, 'web/src'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'));
  await esbuild.build({
    entryPoints: sources.map((f) => join(copy, 'web/src', f)),
    outdir: join(copy, 'dist'),
    format: 'esm',
    logLevel: 'error',
  });
  const changed = await import(pathToFileURL(join(copy, 'dist/index.js')).href);
  await Promise.all([built.init(), changed.init()]);

  // the values the tighter domains refuse: the copy refuses them, the package as built takes them
  const v = () => ({ x: 0, y: 0, z: 0 });
  const cases = [
    ['extrapolateV3', 'halflife', (S) => S.extrapolateV3(v(), { x: 1, y: 0, z: 0 }, 0, 0.1)],
    [
      'criticalSpringDamperExact',
      'halflife',
      (S) => S.criticalSpringDamperExact({ x: 0, v: 0 }, 1, 0, 0, 0.1),
    ],
    [
      'TrajectoryPredictor.predictPositions',
      'halflife',
      (S) => new S.TrajectoryPredictor(2).predictPositions(v(), v(), v(), v(), 0.25, 0.1),
    ],
  ];
  for (const [name, param, call] of cases) {
    call(built);
    assert.throws(
      () => call(changed),
      (e) => e instanceof RangeError && e.message.startsWith(`sprung.${name}: ${param} must be`),
      `${name}: the copy refuses ${param}`,
    );
  }

  // and every wrapper of the copy agrees with the copy's specs
  execFileSync(process.execPath, ['--test', join(ROOT, 'tests/js/properties/spec_checks.test.mjs')], {
    stdio: 'pipe',
    env: {
      ...process.env,
      SPRUNG_SPEC_DIST: pathToFileURL(join(copy, 'dist/')).href,
      SPRUNG_SPEC_MANIFEST: pathToFileURL(join(copy, 'build/manifest.json')).href,
    },
  });
});
