// api_reference.test.mjs — docs/API.md, the API reference that web/tools/reference.mjs generates
// from the manifest, the package's declarations and the template docs/api/reference.md: it is
// what the generator writes today (a stale reference fails here), it documents every C function
// and every export of every entry, the generator refuses a template that leaves one out, and
// every example in it runs against the built package in the scene of docs/api/scene.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** The examples of the reference: [{ heading, code }], every ```js block. */
function examples() {
  const out = [];
  let heading = '';
  for (const m of reference.matchAll(/^(#{2,4} .+)$|^```js\n([\s\S]*?)^```$/gm))
    if (m[1]) heading = m[1];
    else out.push({ heading, code: m[2] });
  return out;
}

test('every example of the reference runs against the package, in the scene of docs/api/scene.mjs', async () => {
  const list = examples();
  assert.ok(list.length >= 50, `${list.length} examples`);
  const dir = join(ROOT, 'build/api-examples');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
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
  for (const [k, { heading, code }] of list.entries()) {
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
