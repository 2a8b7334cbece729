// readme.test.mjs — the README's first example, run against the built package: the
// JavaScript must run verbatim as an .mjs file, its comments must state what it prints, and
// the TypeScript beside it must type-check.
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

test('every function and class the README API tour names is exported by the package', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const tour = readme.slice(readme.indexOf('## API tour'), readme.indexOf('## Playground'));
  const named = new Set();
  // `name(` calls and `name` in backticks, in code and prose alike
  for (const m of tour.matchAll(/\b([a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*)\s*\(/g)) named.add(m[1]);
  for (const m of tour.matchAll(/`([a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*)`/g)) named.add(m[1]);
  for (const m of tour.matchAll(/\b(new\s+)?([A-Z][a-z]+(?:[A-Z][a-z0-9]+)+)\b/g))
    if (/Batch|State|Predictor|Database|Inertializer/.test(m[2])) named.add(m[2]);
  // names of the user's own code in the examples, not the library's
  const users = new Set([
    'desiredVelocity',
    'applyPose',
    'animationPose',
    'previousPose',
    'nextPose',
    'angularVelocity',
    'goalQuaternion',
    'angVel',
    'simRotation',
    'cameraAzimuth',
    'desiredRotation',
    'charPos',
    'charVel',
    'charRot',
    'simPos',
    'simRot',
    'toePos',
    'toeVel',
    'inContact',
    'srcX',
    'srcV',
    'dstX',
    'dstV',
    'inX',
    'inV',
    'qPos',
    'qVel',
    'halflife',
    'frequency',
    'dampingRatio',
    'goalVelocity',
    'perElementHalflife',
    'Vector3',
    'Quaternion',
    'BufferAttribute',
    'rightStick',
    'pointerX',
    'flatMap',
    'smoothTime',
    'maxSpeed',
    // three.js's, React Three Fiber's and maath's, which the sprung/three section names
    'useFrame',
    'requestAnimationFrame',
    'setFromRotationMatrix',
    'needsUpdate',
    'dampM',
    'dampLookAt',
    // motion matching's feature types, settings and options
    'trajectoryPosition',
    'trajectoryDirection',
    'footLocking',
    'ikBones',
    'switchCost',
    // three.js's in the skinned-character example, a Mixamo bone, an importer's option
    'loadAsync',
    'parseAsync',
    'setSize',
    'setAnimationLoop',
    'getDelta',
    'lookAt',
    'getObjectByProperty',
    'mixamorigHips',
    'maxFrames',
    // Node's, in the motion-capture examples, and the browser's
    'readFileSync',
    'writeFileSync',
    'arrayBuffer',
    'postMessage',
  ]);
  // methods and getters named in the tour, checked on their class
  for (const m of ['predictPositions', 'predictDesired', 'predictPositionsDesired']) {
    assert.equal(typeof sprung.TrajectoryPredictor.prototype[m], 'function');
    named.delete(m);
  }
  const classes = Object.values(sprung).filter((v) => typeof v === 'function' && v.prototype);
  for (const m of [
    'searchBest',
    'groupCosts',
    'normalizedFeatures',
    'rangeOf',
    'contactBones',
    'forwardKinematics',
    'ikTwoBone',
    'angularVelocities',
    'lastSearch',
    'toBytes',
    'costBreakdown',
    'setFeatures',
  ]) {
    assert.ok(
      classes.some((c) => m in c.prototype),
      `${m} is a member of an exported class`,
    );
    named.delete(m);
  }
  assert.equal(typeof sprung.MotionDatabase.fromBytes, 'function');
  named.delete('fromBytes');
  // the main entry's, or sprung/three's
  const missing = [...named].filter((n) => !users.has(n) && !(n in sprung) && !(n in three));
  assert.deepEqual(missing, []);
  assert.ok(named.size > 80, `the tour names ${named.size} exports`);
});
