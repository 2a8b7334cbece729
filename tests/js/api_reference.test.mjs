// api_reference.test.mjs — docs/API.md, the API reference that web/tools/reference.mjs generates
// from the manifest, the package's declarations and the template docs/api/reference.md: it is
// what the generator writes today (a stale reference fails here), it documents every C function
// and every export of every entry, the generator refuses a template that leaves one out, every
// function and class its hand-written prose names is exported, every link into it (from itself
// and from the README) lands on a heading, and every example in it runs against the built
// package in the scene of docs/api/scene.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate } from '../../web/tools/reference.mjs';
import * as sprung from '../../dist/index.js';
import * as three from '../../dist/three.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const reference = read('docs/API.md');

test('docs/API.md is what web/tools/reference.mjs writes from the sources as they are', () => {
  assert.ok(
    generate() === reference,
    'docs/API.md is stale: run `node web/tools/reference.mjs` (after ./build.sh build) and commit it',
  );
});

test('the reference documents every C function and every export of the package', () => {
  const manifest = JSON.parse(read('build/manifest.json'));
  const headings = new Set([...reference.matchAll(/^#{3,4} (\S+)/gm)].map((m) => m[1]));
  for (const f of manifest.functions)
    assert.match(reference, new RegExp(`^\\| \`${f.name}\` \\|`, 'm'), `${f.name} has a row in its section`);
  for (const name of [...Object.keys(sprung), ...Object.keys(three)])
    assert.ok(headings.has(name), `${name} has no entry`);
  for (const name of Object.keys(manifest.wrappers)) {
    const [cls, member] = name.split('.');
    assert.ok(headings.has(member ? name : cls), `the wrapper ${name} has no entry`);
  }
});

test('the generator names what a template leaves out, on a copy', () => {
  const copy = mkdtempSync(join(tmpdir(), 'sprung-reference-'));
  try {
    for (const dir of ['build', 'dist', 'node_modules']) symlinkSync(join(ROOT, dir), join(copy, dir));
    mkdirSync(join(copy, 'docs/api'), { recursive: true });
    const template = read('docs/api/reference.md');
    const dropped = template
      .replace('<!-- api section Dampers -->\n', '')
      .replace(/^(<!-- api sprung: parseBvh) BvhOptions /m, '$1 ');
    assert.notEqual(dropped, template);
    writeFileSync(join(copy, 'docs/api/reference.md'), dropped);
    assert.throws(
      () => generate(copy),
      (e) =>
        /no <!-- api section Dampers -->/.test(e.message) &&
        /BvhOptions \(sprung, sprung\/no-embed\) is documented nowhere/.test(e.message),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

/**
 * The examples of the reference: [{ heading, code, runsIn }], every ```js block. `runsIn` is the
 * test file named by a `<!-- example runs in FILE -->` line right above the block: an example that
 * needs what the scene has not (a browser, an asset), which that test runs as copied.
 */
function examples() {
  const out = [];
  let heading = '';
  for (const m of reference.matchAll(
    /^(#{2,4} .+)$|^(?:<!-- example runs in (\S+) -->\n\n?)?```js\n([\s\S]*?)^```$/gm,
  ))
    if (m[1]) heading = m[1];
    else out.push({ heading, runsIn: m[2], code: m[3] });
  return out;
}

test('every example of the reference runs against the package, in the scene of docs/api/scene.mjs', async () => {
  const list = examples();
  assert.ok(list.length >= 50, `${list.length} examples`);
  const dir = join(ROOT, 'build/api-examples');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // the motion-capture examples read CMU's takes beside them, as the README says
  for (const f of ['01_01.bvh', '01_03.bvh']) symlinkSync(join(ROOT, 'build/data/cmu', f), join(dir, f));
  // a fragment sees sprung's names, sprung/three's, three.js as THREE and the scene's; a whole
  // program (one that imports sprung itself) runs as it is
  const scene = await import('../../docs/api/scene.mjs');
  const threeOnly = Object.keys(three).filter((n) => !(n in sprung));
  const prelude = [
    "import * as THREE from 'three';",
    `import { ${Object.keys(sprung).join(', ')} } from 'sprung';`,
    `import { ${threeOnly.join(', ')} } from 'sprung/three';`,
    `import { ${Object.keys(scene).join(', ')} } from '../../docs/api/scene.mjs';`,
  ].join('\n');
  let programs = 0;
  const failed = [];
  for (const [k, { heading, code, runsIn }] of list.entries()) {
    if (runsIn) {
      // run elsewhere: that test must exist and read its examples from the reference
      const text = existsSync(join(ROOT, runsIn)) ? read(runsIn) : '';
      if (!text.includes('docs/API.md'))
        failed.push(`the example under "${heading}": ${runsIn} does not run it`);
      continue;
    }
    const whole = /^import .* from 'sprung[/']/m.test(code);
    programs += whole;
    const file = join(dir, `${String(k).padStart(2, '0')}.mjs`);
    writeFileSync(file, whole ? code : `${prelude}\n{\n${code}}\n`);
    try {
      await import(pathToFileURL(file).href);
    } catch (e) {
      failed.push(`the example under "${heading}" (${file}) throws ${e}\n${code}`);
    }
  }
  assert.deepEqual(failed, []);
  assert.ok(programs >= 2, `${programs} whole programs`);
});

test('every function and class the hand-written prose of the reference names is exported by the package', () => {
  // the template without its directives: the prose and examples between the generated tables
  const prose = read('docs/api/reference.md').replace(/^<!-- api .* -->$/gm, '');
  const named = new Set();
  // `name(` calls and `name` in backticks, in code and prose alike
  for (const m of prose.matchAll(/\b([a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*)\s*\(/g)) named.add(m[1]);
  for (const m of prose.matchAll(/`([a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*)`/g)) named.add(m[1]);
  for (const m of prose.matchAll(/\b(new\s+)?([A-Z][a-z]+(?:[A-Z][a-z0-9]+)+)\b/g))
    if (/Batch|State|Predictor|Database|Inertializer/.test(m[2])) named.add(m[2]);
  // names of the user's own code in the examples, not the library's
  const users = new Set([
    ...['desiredVelocity', 'applyPose', 'animationPose', 'previousPose', 'nextPose', 'angularVelocity'],
    ...['goalQuaternion', 'angVel', 'simRotation', 'cameraAzimuth', 'desiredRotation', 'charPos'],
    ...['charVel', 'charRot', 'simPos', 'simRot', 'toePos', 'toeVel', 'inContact', 'srcX', 'srcV'],
    ...['dstX', 'dstV', 'inX', 'inV', 'qPos', 'qVel', 'halflife', 'frequency', 'dampingRatio'],
    ...['goalVelocity', 'perElementHalflife', 'Vector3', 'Quaternion', 'BufferAttribute', 'rightStick'],
    ...['pointerX', 'flatMap', 'smoothTime', 'maxSpeed'],
    // three.js's, React Three Fiber's and maath's, which the sprung/three section names
    ...['useFrame', 'requestAnimationFrame', 'setFromRotationMatrix', 'needsUpdate', 'dampM', 'dampLookAt'],
    // three.js's in the skinned-character example, a Mixamo bone, an importer's option
    ...['loadAsync', 'parseAsync', 'setSize', 'setAnimationLoop', 'getDelta', 'lookAt'],
    ...['getObjectByProperty', 'mixamorigHips'],
    // motion matching's feature types, settings and options
    ...['trajectoryPosition', 'trajectoryDirection', 'footLocking', 'ikBones', 'switchCost', 'maxFrames'],
    // Node's, in the motion-capture examples, and the browser's
    ...['readFileSync', 'writeFileSync', 'arrayBuffer', 'postMessage'],
  ]);
  // methods and getters named in the prose, checked on their class
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
    'circleCount',
    'boxCount',
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
  assert.ok(named.size > 80, `the prose names ${named.size} exports`);
});

/** GitHub's anchors of the headings of a Markdown text (repeated ones numbered, as GitHub does). */
function anchors(text) {
  const out = new Set(),
    seen = new Map();
  for (const m of text.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const s = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n ? `${s}-${n}` : s);
  }
  return out;
}

test('every link into the reference, from itself and from the README, lands on one of its headings', () => {
  const readme = read('README.md');
  const own = anchors(reference),
    readmeOwn = anchors(readme);
  const broken = [];
  for (const m of reference.matchAll(/\]\(#([^)]+)\)/g))
    if (!own.has(m[1])) broken.push(`docs/API.md: #${m[1]}`);
  for (const m of readme.matchAll(/\]\(docs\/API\.md#([^)]+)\)/g))
    if (!own.has(m[1])) broken.push(`README.md: docs/API.md#${m[1]}`);
  for (const m of readme.matchAll(/\]\(#([^)]+)\)/g))
    if (!readmeOwn.has(m[1])) broken.push(`README.md: #${m[1]}`);
  for (const m of reference.matchAll(/\]\(\.\.\/README\.md#([^)]+)\)/g))
    if (!readmeOwn.has(m[1])) broken.push(`docs/API.md: ../README.md#${m[1]}`);
  assert.deepEqual(broken, []);
  assert.ok(readme.match(/\]\(docs\/API\.md#/g).length >= 10, 'the README leads into the reference');
});
