// api_manifest.test.mjs — the API manifest (build/manifest.json, read by web/tools/api.mjs
// from c/sprung.h, the one declaration of the API) against what must follow it: every C
// function is wrapped in TypeScript (or internal on purpose, for the reason given here),
// named in a test, called by a fuzz harness and named in the README's API tour; the
// README's counts are the manifest's; every exported function, constructor and method of
// the built declarations documents every parameter, the wrappers' with the unit, domain and
// description of the header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import ts from 'typescript';
import * as sprung from '../../dist/index.js';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const manifest = JSON.parse(read('build/manifest.json'));
const readAll = (dir, re) =>
  readdirSync(new URL(dir, root))
    .filter((f) => re.test(f))
    .map((f) => read(`${dir}/${f}`))
    .join('\n');

/** C functions with no TypeScript wrapper of their own, on purpose. */
const INTERNAL = {
  sp_critical_spring_damper_coefs:
    'the state-object API reads its coefficients to step critical springs in JS (steps.ts); its result is criticalSpringDamperExact',
  sp_spring_damper_exact_coefs:
    'the state-object API reads its coefficients to step the exact spring in JS (steps.ts); its result is springDamperExact and its stiffness and ratio forms',
  sp_motion_features:
    "MotionDatabase's constructor calls it on every clip (its features are then features(frame)): its arguments are the constructor's clips and options, which no C parameter describes",
  sp_motion_database_build:
    "MotionDatabase's constructor calls it on the features of every clip: its arguments are the constructor's clips and options, which no C parameter describes",
  sp_motion_controller_place:
    "MotionController and MotionCrowd call it where a character starts and at every switch, on their own arrays: a character's state is theirs, not the caller's",
  sp_motion_controller_update:
    "MotionController.update and MotionCrowd.update call it on their own arrays, after their searches: its arguments are the characters' state, which the classes own",
};

const wrappersOf = new Map();
for (const [name, w] of Object.entries(manifest.wrappers))
  wrappersOf.set(w.c, [...(wrappersOf.get(w.c) ?? []), name]);
const word = (name) => new RegExp(`\\b${name}\\b`);

test('the manifest holds every function of the header, each with its tags', () => {
  const declared = [...read('c/sprung.h').matchAll(/^(?:float|void|int) (sp_\w+)\(/gm)].map((m) => m[1]);
  assert.deepEqual(
    manifest.functions.map((f) => f.name),
    declared,
  );
  for (const f of manifest.functions) {
    assert.ok(f.doc && f.section && f.source, `${f.name}: description, section and source file`);
    for (const p of f.params) assert.ok(p.role && p.doc, `${f.name}(${p.name}): role and description`);
  }
});

test('every C function is wrapped in TypeScript, or internal on purpose', () => {
  for (const f of manifest.functions)
    assert.ok(wrappersOf.has(f.name) !== f.name in INTERNAL, `${f.name}: wrapped xor listed as internal`);
});

test('every C function is named in a test', () => {
  const c = readAll('tests/c', /\.c$/),
    js = readAll('tests/js', /\.test\.mjs$/);
  for (const f of manifest.functions) {
    const ts = (wrappersOf.get(f.name) ?? []).map((w) => w.split('.').pop());
    assert.ok(
      word(f.name).test(c) || ts.some((w) => word(w).test(js)),
      `${f.name} (${ts}) is named in no test`,
    );
  }
});

test('every C function is called by a fuzz harness', () => {
  const fuzz = readAll('tests/fuzz', /^fuzz_.*\.c$/);
  for (const f of manifest.functions)
    assert.ok(word(f.name).test(fuzz), `${f.name} is in no tests/fuzz/fuzz_*.c`);
});

test("every wrapper is in the README's API tour, and the README's counts are the manifest's", () => {
  const readme = read('README.md');
  const tour = readme.slice(readme.indexOf('## API tour'), readme.indexOf('## Playground'));
  for (const name of Object.keys(manifest.wrappers)) {
    const shown = name.split('.')[0]; // a method: its class
    assert.ok(word(shown).test(tour), `${shown} is not in the API tour`);
  }
  const counts = [...readme.matchAll(/all (\d+) public C functions/g)].map((m) => Number(m[1]));
  assert.ok(counts.length > 0);
  for (const n of counts)
    assert.equal(n, manifest.functions.length, 'the README counts the public C functions');
});

/** Every function, constructor and method of dist/*.d.ts that the package exports, with its JSDoc. */
function declarations() {
  const found = [];
  const dist = new URL('dist/', root);
  const files = readdirSync(dist, { recursive: true }).filter((f) => f.endsWith('.d.ts'));
  for (const file of files) {
    const text = readFileSync(new URL(file, dist), 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const add = (node, name) => {
      const doc = node.jsDoc?.at(-1);
      found.push({
        file,
        name,
        params: node.parameters.map((p) => p.name.getText(sf)),
        // one line per tag: a long @param wraps onto lines starting ` *   `
        doc: doc ? doc.getText(sf).replace(/\n\s*\* {3}/g, ' ') : '',
      });
    };
    for (const st of sf.statements) {
      const exported = ts.getCombinedModifierFlags(st) & ts.ModifierFlags.Export;
      if (!exported || !(st.name?.text in sprung)) continue;
      if (ts.isFunctionDeclaration(st) && st.name) add(st, st.name.text);
      if (ts.isClassDeclaration(st) && st.name)
        for (const m of st.members) {
          const hidden =
            ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
          if (hidden) continue;
          if (ts.isConstructorDeclaration(m)) add(m, st.name.text);
          if (ts.isMethodDeclaration(m)) add(m, `${st.name.text}.${m.name.getText(sf)}`);
        }
    }
  }
  return found;
}

test('every exported function, constructor and method documents every parameter; the wrappers with the header’s units, domains and descriptions', () => {
  const decls = declarations();
  assert.ok(decls.length > 130, `${decls.length} declarations`);
  for (const d of decls) {
    for (const p of d.params)
      assert.match(d.doc, new RegExp(`@param ${p} - \\S`), `${d.file}: ${d.name}(${p}) has no @param`);
    const w = manifest.wrappers[d.name];
    if (!w) continue;
    for (const p of w.params)
      assert.ok(d.doc.includes(`@param ${p.name} - ${p.text}`), `${d.name}: @param ${p.name}`);
  }
  // units where the header gives them: a halflife is in seconds wherever it is documented
  for (const d of decls) {
    const line = d.doc.match(/@param halflife - ([^\n]*)/);
    if (line) assert.match(line[1], /\[s\]/, `${d.name}: halflife without its unit`);
  }
});

test('the everyday functions have an @example', () => {
  const decls = declarations();
  for (const name of [
    'damperExact',
    'simpleSpringDamperExact',
    'criticalSpringDamperExact',
    'springDamperExact',
    'springCharacterUpdate',
    'simpleSpringDamperExactQuat',
    'quatMul',
    'inertializeUpdate',
    'adjustCharacterPosition',
    'durationBounceToSpring',
  ]) {
    const d = decls.find((x) => x.name === name);
    assert.ok(d && d.doc.includes('@example'), `${name} has an @example`);
  }
});
