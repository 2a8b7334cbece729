// import_cycles.test.mjs — no file depends on itself through others. Two graphs, read from the
// sources as they are in the repository:
//   - JavaScript and TypeScript (web/src, web/playground, web/tools, tests): an arrow for every
//     relative import, export-from, dynamic import() and `new URL('./file', import.meta.url)`
//     (a worker), type-only imports included (they tie the two files' declarations just as
//     much);
//   - C (c/, tests/c, tests/fuzz): an arrow from a file to every header it #includes, and from
//     a header to the .c file that defines a function one of its inline functions or macros
//     calls (internal.h's sp__sincosf calls sincos.c's sp__sincosf_large: were sincos.c to
//     include internal.h, the two would be one knot).
// A cycle is a strongly connected set of two or more files; each is reported with the arrows
// that tie it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Cycles allowed while their owners break them (issue 36 broke the last four): a listed cycle
 * that no longer exists fails the test, so the list only shrinks.
 */
const KNOWN = [];

/**
 * The files under `dir` of `root` whose names match `re`, as paths relative to `root`, skipping
 * installed and built folders (but web/src/gen/, the generated wrappers, which run).
 */
function files(root, dir, re) {
  const skip = new Set(['node_modules', 'dist', 'screenshots', 'results', 'corpus']);
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(join(root, d), { withFileTypes: true })) {
      const path = d === '.' ? e.name : `${d}/${e.name}`;
      if (e.isDirectory()) {
        if (!skip.has(e.name)) walk(path);
      } else if (re.test(e.name)) out.push(path);
    }
  };
  if (existsSync(join(root, dir))) walk(dir);
  return out;
}

// ---- JavaScript and TypeScript -------------------------------------------------------------

/** The graph of the scripts under `dirs` of `root`: Map(file → Set of files it imports). */
function scriptGraph(root = ROOT, dirs = ['web/src', 'web/playground', 'web/tools', 'tests']) {
  const list = dirs.flatMap((d) =>
    files(root, d, /\.(ts|js|mjs|cjs)$/).filter((f) => !/^web\/src\/wasm-binary/.test(f)),
  );
  const known = new Set(list);
  // a TypeScript source is imported by its output's name (./check.js for check.ts)
  const resolve = (from, spec) => {
    if (!spec.startsWith('.')) return null; // a package
    const path = normalize(join(dirname(from), spec));
    for (const p of [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, `${path}/index.ts`])
      if (known.has(p)) return p;
    return null;
  };
  const graph = new Map();
  for (const file of list) {
    const text = readFileSync(join(root, file), 'utf8');
    const specs = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
    for (const m of text.matchAll(/new URL\(\s*['"](\.[^'"]+)['"],\s*import\.meta\.url\s*\)/g))
      specs.push(m[1]);
    graph.set(file, new Set(specs.map((s) => resolve(file, s)).filter((p) => p && p !== file)));
  }
  return graph;
}

// ---- C -------------------------------------------------------------------------------------

/** `text` with its comments, string and character literals blanked (newlines kept), but the
 *  file names of its #include lines. */
const code = (text) =>
  text.replace(
    /(^[ \t]*#\s*include\s*"[^"\n]*")|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/gm,
    (m, include) => (include ? m : m.replace(/[^\n]/g, ' ')),
  );

/**
 * The top-level functions of C source `text`: [{ name, isStatic, body }], a body being the text
 * between the braces of a definition (prototypes have none).
 */
function definitions(text) {
  const src = code(text).replace(/^[ \t]*#[^\n]*(?:\\\n[^\n]*)*/gm, (m) => m.replace(/[^\n]/g, ' '));
  const out = [];
  let depth = 0,
    head = 0,
    open = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '{') {
      if (depth === 0) open = i;
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0) {
        const before = src.slice(head, open);
        const m = before.match(/(\w+)\s*\((?:[^()]|\([^()]*\))*\)\s*$/);
        if (m) out.push({ name: m[1], isStatic: /\bstatic\b/.test(before), body: src.slice(open + 1, i) });
        head = i + 1;
      }
    } else if (ch === ';' && depth === 0) head = i + 1;
  }
  return out;
}

/** The bodies of the macros `text` defines. */
const macroBodies = (text) =>
  [...code(text).matchAll(/^[ \t]*#\s*define[ \t]+\w+(?:\([^)]*\))?((?:[^\n\\]|\\\n|\\)*)/gm)].map(
    (m) => m[1],
  );

/** The graph of c/, tests/c and tests/fuzz: Map(file → Set of files it depends on). */
function cGraph(root = ROOT, dirs = ['c', 'tests/c', 'tests/fuzz']) {
  const list = dirs.flatMap((d) => files(root, d, /\.[ch]$/));
  const known = new Set(list);
  const texts = new Map(list.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  // where each external function is defined
  const definedIn = new Map();
  for (const [file, text] of texts)
    if (file.endsWith('.c')) for (const d of definitions(text)) if (!d.isStatic) definedIn.set(d.name, file);
  const graph = new Map();
  for (const [file, text] of texts) {
    const to = new Set();
    for (const m of code(text).matchAll(/^[ \t]*#\s*include\s*"([^"]+)"/gm))
      for (const dir of [dirname(file), ...dirs]) {
        const p = normalize(join(dir, m[1]));
        if (known.has(p)) {
          to.add(p);
          break;
        }
      }
    if (file.endsWith('.h')) {
      const used = [...definitions(text).map((d) => d.body), ...macroBodies(text)].join('\n');
      for (const m of used.matchAll(/\b(\w+)\s*\(/g)) {
        const at = definedIn.get(m[1]);
        if (at) to.add(at);
      }
    }
    to.delete(file);
    graph.set(file, to);
  }
  return graph;
}

// ---- cycles --------------------------------------------------------------------------------

/** The strongly connected sets of two or more files (Tarjan), each as its sorted file names. */
function cycles(graph) {
  let index = 0;
  const stack = [],
    on = new Set(),
    idx = new Map(),
    low = new Map(),
    found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const set = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) found.push(set.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A cycle with the arrows inside it, for a failure message. */
const describe = (graph, set) =>
  set.map((f) => `  ${f} → ${[...graph.get(f)].filter((g) => set.includes(g)).join(', ')}`).join('\n');

test('no import cycle in web/src, web/playground, web/tools and tests, but the known ones being broken', () => {
  const graph = scriptGraph();
  assert.ok(graph.size > 150, `${graph.size} files read`);
  const found = cycles(graph);
  const names = found.map((set) => set.join(' '));
  for (const [k, set] of found.entries())
    assert.ok(KNOWN.includes(names[k]), `an import cycle:\n${describe(graph, set)}`);
  for (const known of KNOWN)
    assert.ok(names.includes(known), `the known cycle ${known} is broken: remove it from KNOWN`);
});

test('no cycle in the C sources: #include, and a header calling a function of a .c file', () => {
  const graph = cGraph();
  const found = cycles(graph);
  assert.deepEqual(found, [], found.map((set) => `a cycle:\n${describe(graph, set)}`).join('\n'));
  assert.ok(graph.get('c/helpers.c').has('c/internal.h'), 'helpers.c includes internal.h');
  assert.ok(graph.get('c/internal.h').has('c/sincos.c'), "internal.h's sp__sincosf calls sincos.c");
});

test('the C graph finds a cycle through a header’s inline function, on a copy', () => {
  // the knot that helpers.c and internal.h made: the header inlines a call of a function that a
  // .c file defines, and that file includes the header
  const dir = mkdtempSync(join(tmpdir(), 'sprung-cycles-'));
  try {
    const write = (name, text) => writeFileSync(join(dir, name), text);
    write(
      'inner.h',
      '/* "quoted" */\nfloat big(float x);\nstatic inline float f(float x) { return x < 1 ? x : big(x); }\n',
    );
    write('big.c', '#include "inner.h"\nfloat big(float x) { return f(x / 2) * 2; }\n');
    write('user.c', '#include "inner.h"\nstatic float g(float x) { return f(x); }\n');
    write('macro.h', '#define TWICE(x) twice(x)\n');
    write('twice.c', '#include "macro.h"\nfloat twice(float x) { return x + x; }\n');
    const graph = cGraph(dir, ['.']);
    assert.deepEqual(cycles(graph), [
      ['big.c', 'inner.h'],
      ['macro.h', 'twice.c'],
    ]);
    // a prototype alone is no call, and a static function is nobody's to call
    write('inner.h', 'float big(float x);\nstatic inline float f(float x) { return x; }\n');
    write('macro.h', '/* twice(x) */\n#define TWICE(x) ((x) + (x))\n');
    assert.deepEqual(cycles(cGraph(dir, ['.'])), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the script graph follows type-only imports, re-exports, dynamic imports and workers, on a copy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprung-cycles-'));
  try {
    const write = (name, text) => writeFileSync(join(dir, name), text);
    write('a.ts', "import type { B } from './b.js';\nexport const a: B = 1;\n");
    write('b.ts', "export { a } from './a.js';\nexport type B = number;\n");
    write('page.js', "new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });\n");
    write('worker.js', "const { page } = await import('./page.js');\n");
    write('alone.mjs', "import { a } from './a.ts';\n// import { x } from './alone.mjs';\n");
    assert.deepEqual(cycles(scriptGraph(dir, ['.'])), [
      ['a.ts', 'b.ts'],
      ['page.js', 'worker.js'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
