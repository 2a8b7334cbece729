// api_manifest.test.mjs — the API manifest (build/manifest.json, read by web/tools/api.mjs
// from c/sprung.h, the one declaration of the API) against what must follow it: every C
// function is wrapped in TypeScript (or internal on purpose, for the reason given here),
// called in a test (a call in code: its name in a comment or a string is not enough, which a
// copy of the tests shows), called by a fuzz harness and named in the README's API tour; the
// README's counts are the manifest's; every exported function, constructor and method of
// the built declarations documents every parameter, the wrappers' with the unit, domain and
// description of the header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import * as sprung from '../../dist/index.js';
import { TABLE } from '../../web/tools/table.mjs';
import { parseLine } from '../../web/tools/emit.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const manifest = JSON.parse(read('build/manifest.json'));
const readAll = (dir, re) =>
  readdirSync(new URL(dir, root))
    .filter((f) => re.test(f))
    .map((f) => read(`${dir}/${f}`))
    .join('\n');

/** C functions with no TypeScript wrapper of their own, on purpose: web/tools/table.mjs says
 *  why (`internal: why`). */
const INTERNAL = Object.fromEntries(
  Object.entries(TABLE)
    .map(([name, line]) => [name, parseLine(line)])
    .filter(([, e]) => e.internal)
    .map(([name, e]) => [name, e.why]),
);

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

// ---- every function called in a test ----------------------------------------------------------

/** `text` with its comments, string and character literals blanked (C). */
const cCode = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );

/** The sp_* functions a C test calls: `sp_name(` in its code, not in a comment or a string. */
const cCalls = (text) => new Set([...cCode(text).matchAll(/\b(sp_\w+)\s*\(/g)].map((m) => m[1]));

/**
 * What a JavaScript test's code calls, read from its syntax tree (comments and strings are no
 * code): `calls`, the names called as f(…), obj.f(…) or obj['f'](…); `built`, the classes
 * constructed as new C(…) or new obj.C(…); `names`, every identifier and property name it uses.
 */
function jsCalls(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const calls = new Set(),
    built = new Set(),
    names = new Set();
  const nameOf = (e) =>
    ts.isIdentifier(e)
      ? e.text
      : ts.isPropertyAccessExpression(e)
        ? e.name.text
        : ts.isElementAccessExpression(e) && ts.isStringLiteral(e.argumentExpression)
          ? e.argumentExpression.text
          : null;
  const visit = (node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    if (ts.isCallExpression(node) && nameOf(node.expression)) calls.add(nameOf(node.expression));
    if (ts.isNewExpression(node) && nameOf(node.expression)) built.add(nameOf(node.expression));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { calls, built, names };
}

/**
 * The tests that may call C function `fn` (a manifest entry): every C test and every node test.
 * (Once the tests mirror c/, its topic's: tests/c/test_<topic>.c and tests/js/<topic>.test.mjs
 * for fn.source = c/<topic>.c.)
 */
const testsOf = (fn, tests) => tests;

/**
 * The C functions of the manifest that no test calls, with the tests of `tree` (a URL; default
 * the repository): a function is called when a C test calls it, or a node test calls one of its
 * wrappers — a function f(…), a constructor new C(…), a method C.m by .m(…) in a file that
 * names C. A name in a comment or a string is no call.
 */
function uncalled(tree = root) {
  const dir = (d, re) =>
    readdirSync(new URL(d, tree))
      .filter((f) => re.test(f))
      .map((f) => ({ file: `${d}/${f}`, text: readFileSync(new URL(`${d}/${f}`, tree), 'utf8') }));
  const tests = {
    c: dir('tests/c/', /\.c$/).map((t) => ({ ...t, calls: cCalls(t.text) })),
    js: dir('tests/js/', /\.test\.mjs$/).map((t) => ({ ...t, ...jsCalls(t.file, t.text) })),
  };
  const calledIn = (w, t) => {
    const [cls, method] = w.split('.');
    if (method) return t.calls.has(method) && t.names.has(cls);
    return /^[A-Z]/.test(w) ? t.built.has(w) : t.calls.has(w);
  };
  return manifest.functions
    .filter((f) => {
      const { c, js } = testsOf(f, tests);
      const wrappers = wrappersOf.get(f.name) ?? [];
      return !c.some((t) => t.calls.has(f.name)) && !js.some((t) => wrappers.some((w) => calledIn(w, t)));
    })
    .map((f) => f.name);
}

test('every C function is called in a test: the C function, or one of its wrappers', () => {
  assert.deepEqual(uncalled(), [], 'called in no test (a name in a comment or a string is no call)');
});

test('the call check, on a copy of the tests where one function is only named in a comment, names it', () => {
  // dampingRatioToDamping's calls renamed away in a copy of the tests, and its names left in a
  // comment, a string and a C comment: the function is named, never called
  const copy = mkdtempSync(join(tmpdir(), 'sprung-calls-'));
  try {
    const [c, js] = ['sp_damping_ratio_to_damping', 'dampingRatioToDamping'];
    assert.deepEqual(wrappersOf.get(c), [js]);
    for (const d of ['tests/c', 'tests/js']) {
      mkdirSync(join(copy, d), { recursive: true });
      for (const f of readdirSync(new URL(d, root))) {
        if (!/\.(c|mjs)$/.test(f)) continue;
        const text = read(`${d}/${f}`);
        writeFileSync(join(copy, d, f), text.replace(new RegExp(`\\b(${c}|${js})\\b`, 'g'), '$1_renamed'));
      }
    }
    appendFileSync(join(copy, 'tests/js/helpers.test.mjs'), `// ${js}\nconst named = '${js}(0.5, 4)';\n`);
    appendFileSync(join(copy, 'tests/c/test_helpers.c'), `/* ${c}(0.5f, 4.0f) */\n`);
    assert.deepEqual(uncalled(pathToFileURL(`${copy}/`)), [c]);
    // the name alone was enough before
    assert.match(readFileSync(join(copy, 'tests/js/helpers.test.mjs'), 'utf8'), word(js));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('every C function is called by a fuzz harness', () => {
  const fuzz = cCalls(readAll('tests/fuzz', /^fuzz_.*\.c$/));
  for (const f of manifest.functions)
    assert.ok(fuzz.has(f.name), `${f.name} is called in no tests/fuzz/fuzz_*.c`);
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
