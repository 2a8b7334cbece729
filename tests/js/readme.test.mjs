// readme.test.mjs — the README's first example, run against the built package: the
// JavaScript must run verbatim as an .mjs file, its comments must state what it prints, and
// the TypeScript beside it must type-check. (The README's motion-capture example runs in
// motion_matching.test.mjs; the reference's names and examples in api_reference.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as sprung from '../../dist/index.js';
import * as three from '../../dist/three.js';

test('the README example runs verbatim as an .mjs file and prints what its comment says', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const code = readme.match(/## Example[\s\S]*?```js\n([\s\S]*?)```/)[1];
  // a file inside the package imports 'sprung' by its own name (package self-reference)
  const dir = new URL('../../build/readme/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('example.mjs', dir), code);
  const printed = execFileSync(process.execPath, [fileURLToPath(new URL('example.mjs', dir))], {
    encoding: 'utf8',
  })
    .trim()
    .split(' ')
    .map(Number);
  // The comment claims x ≈ 0.107 after one 1/60 s frame toward 10 (halflife 0.15) and 0.72 s to
  // settle within 1 %. Independent closed forms: x = g·(1 − e^(−yt)(1 + yt)), y = 2 ln2 / h; the
  // settle time solves e^(−s)(1 + s) = 0.01 for s = y·t (bisection here).
  const y = (2 * Math.LN2) / 0.15,
    t = 1 / 60;
  assert.ok(Math.abs(printed[0] - 10 * (1 - Math.exp(-y * t) * (1 + y * t))) < 1e-5);
  let lo = 0,
    hi = 50;
  for (let i = 0; i < 100; i++) {
    const m = (lo + hi) / 2;
    if (Math.exp(-m) * (1 + m) > 0.01) lo = m;
    else hi = m;
  }
  assert.ok(Math.abs(printed[1] - lo / y) < 1e-5);
  assert.match(code, /0\.107…, settles within 1 % in 0\.72 s/);
  // the TypeScript version type-checks (strict) against the package's declarations
  const ts = readme.match(/## Example[\s\S]*?```ts\n([\s\S]*?)```/)[1];
  writeFileSync(new URL('example.mts', dir), ts);
  execFileSync(
    process.execPath,
    [
      fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)),
      '--noEmit',
      '--strict',
      '--target',
      'ES2022',
      '--module',
      'NodeNext',
      '--types',
      'node',
      fileURLToPath(new URL('example.mts', dir)),
    ],
    { encoding: 'utf8' },
  );
});
