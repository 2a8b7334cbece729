#!/usr/bin/env node
// api.mjs — the API generator: c/sprung.h is the one declaration of the API, table.mjs says
// how each of its functions reaches TypeScript, and this derives the rest (build.sh runs it;
// ARCHITECTURE.md draws the pipeline).
//
//   node web/tools/api.mjs gen      build/manifest.json; web/src/gen/: raw.ts (the typed WASM
//                                   binding), constants.ts, specs.ts (every wrapper's argument
//                                   spec), marshal.ts (the readers and writers of objects),
//                                   everyday.ts and full.ts (the generated wrappers of each
//                                   tier), api.ts (the package's named exports), springs.ts and
//                                   build/everyday.txt (the everyday module's C functions);
//                                   fails with file:line on anything it cannot read
//   node web/tools/api.mjs exports  the WASM export list (emcc -sEXPORTED_FUNCTIONS)
//   node web/tools/api.mjs index    rewrites the function index of c/sprung.h (after its
//                                   conventions block) from its sections and declarations
//   node web/tools/api.mjs docs     rewrites the @param lines of the hand-written members
//                                   (those with an `@c` tag) from the header
//
// `--root DIR` runs it on another copy of the repository (a test changes a domain there).
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as esbuild from 'esbuild';
import * as prettier from 'prettier';
import { Problems, indexLines, indexRange, readHeader } from './header.mjs';
import { bind, camel, readWrappers } from './bind.mjs';
import { compact, enumName, refsOf, specOf } from './specs.mjs';
import { ENUM_TYPE, GENERATED, Helpers, parseLine, wrap, wrapperOf, wrapperSource } from './emit.mjs';
import { TABLE } from './table.mjs';
import { EXAMPLES } from './examples.mjs';
import { FAST_NAMES, inertializersTs, vectorsTs } from './vectors.mjs';

const at = process.argv.indexOf('--root');
const root = at > 0 ? process.argv[at + 1] : join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The tiers, the generated file of each, and what its wrappers call the C functions through. */
const TIERS = {
  everyday: { file: 'web/src/gen/everyday.ts', module: 'wasm' },
  full: { file: 'web/src/gen/full.ts', module: 'full' },
};
const TIER_DOC = {
  everyday:
    'Tier: everyday (also in `sprung/springs`; a bundle of everyday functions embeds only the small module).',
  full: 'Tier: full module (a bundle that holds it embeds the full WebAssembly module; see the README’s Bundle section).',
};

function readManifest() {
  const problems = new Problems();
  const manifest = readHeader(join(root, 'c/sprung.h'), root, problems);
  problems.fail('c/sprung.h');
  manifest.structs = structs();
  return manifest;
}

/** The table's lines, checked against the header: one per function, no other. */
function readTable(manifest, problems) {
  const names = new Set(manifest.functions.map((f) => f.name));
  for (const name of Object.keys(TABLE))
    if (!names.has(name)) problems.add('web/tools/table.mjs', 0, `${name} is not a function of c/sprung.h`);
  const entries = new Map();
  for (const f of manifest.functions) {
    if (!(f.name in TABLE)) {
      problems.add(
        f.header,
        f.line,
        `${f.name} has no line in web/tools/table.mjs (add one: its tier, e.g. 'full')`,
      );
      continue;
    }
    const e = parseLine(TABLE[f.name]);
    if (!(e.tier in TIERS))
      problems.add('web/tools/table.mjs', 0, `${f.name}: tier ${e.tier} is neither everyday nor full`);
    if (e.internal && !e.why)
      problems.add('web/tools/table.mjs', 0, `${f.name}: internal says why (\`internal: why\`)`);
    entries.set(f.name, e);
  }
  return entries;
}

function load() {
  const manifest = readManifest();
  const problems = new Problems();
  const entries = readTable(manifest, problems);
  const generated = manifest.functions
    .filter((f) => entries.has(f.name) && !entries.get(f.name).hand && !entries.get(f.name).internal)
    .map((f) => wrapperOf(f, entries.get(f.name), TIERS[entries.get(f.name).tier].file, problems));
  const wrappers = readWrappers(root);
  const hand = wrappers
    .filter((w) => w.tag !== null)
    .map((w) => bind(w, manifest, problems))
    .filter(Boolean);
  for (const b of hand)
    if (!entries.get(b.fn.name)?.hand)
      problems.add(
        b.wrapper.file,
        b.wrapper.line,
        `${b.wrapper.name}: @c ${b.fn.name}, whose line in web/tools/table.mjs is not 'hand'`,
      );
  for (const [name, e] of entries)
    if (e.hand && !hand.some((b) => b.fn.name === name))
      problems.add('web/tools/table.mjs', 0, `${name} is 'hand', but no @c tag in web/src names it`);
  problems.fail('c/sprung.h, web/tools/table.mjs and the @c tags');
  return { manifest, entries, generated, hand, wrappers };
}

// ---- docs ----------------------------------------------------------------------------------

/** Replaces `c_name` mentions in a header description by the wrapper's names. */
const rename = (text, refs) =>
  text
    .replace(/`(\w+)` is NULL/g, (all, n) => (refs.has(n) ? all : `\`${n}\` is not read`))
    .replace(/`(\w+)`/g, (all, n) => (refs.has(n) ? `\`${refs.get(n).shown}\`` : all));

/** A C description for TypeScript: parameters in the wrapper's names, other sp_* functions as links. */
const tsDoc = (text, refs, tsNames) =>
  rename(text, refs).replace(/\bsp_(\w+)/g, (all) =>
    tsNames.has(all) ? `{@link ${tsNames.get(all)}}` : all,
  );

/** The `@param` text of each wrapper argument: unit, domain and description from the header. */
function paramDocs(b, manifest) {
  const refs = refsOf(b);
  const domain = (d) =>
    d.text.replace(/(when |\/)\s*(\w+)/g, (all, w, n) => `${w}${refs.get(n)?.shown ?? n}`);
  const names = (c) =>
    Object.keys(manifest.constants[c.domain.constants])
      .map((k) => `'${enumName(k, c.domain.constants)}'`)
      .join(', ');
  const one = (c) =>
    [
      c.unit && `[${c.unit}]`,
      c.domain && !c.domain.constants && `(${domain(c.domain)})`,
      c.default && `(default ${c.default})`,
      rename(c.doc, refs),
      c.domain?.constants && `(${names(c)})`,
    ]
      .filter(Boolean)
      .join(' ');
  return b.args.map((a) => {
    let text;
    if (a.c?.domain?.constants) text = `${rename(a.c.doc, refs)}: ${names(a.c)}`;
    else if (a.c) {
      text = one(a.c);
      if (a.c.pointer && a.c.count !== '1' && a.c.type === 'float')
        text = `Float32Array of ${a.c.count.replace(/\w+/g, (n) => refs.get(n)?.shown ?? n)} floats: ${text}`;
      if (a.c.role !== 'in') text += a.c.role === 'out' ? ' (written)' : ' (updated in place)';
    } else {
      const fields = a.fields.map((f) =>
        f.ret ? `\`${f.field}\` ${rename(f.ret.doc, refs)}` : `\`${f.field}\` ${one(f.c)}`,
      );
      const written = a.fields.some((f) => f.ret || f.c.role !== 'in');
      const read = a.fields.some((f) => f.c && f.c.role !== 'out');
      text = `${written ? (read ? 'updated in place' : 'written') : a.fieldsOptional ? 'each optional' : 'read'}: ${fields.join('; ')}`;
    }
    // an optional dt instead of a `times` the object holds: when given, `times` is not read
    text = text.replace(/ when `(\w+)` is not read/, '; when given, `$1` is not read');
    return { name: a.name, text: a.optional && !a.c?.default ? `(optional) ${text}` : text };
  });
}

/** What a generated wrapper does with its objects, in a sentence. */
function effect(b) {
  const objects = b.args.filter((a) => a.fields || a.c.pointer);
  const updated = objects
    .filter((a) => (a.fields ?? [a]).some((f) => f.c?.role === 'in,out'))
    .map((a) => `\`${a.name}\``);
  const last = b.args[b.args.length - 1];
  const parts = [];
  if (updated.length) parts.push(`Updates ${updated.join(' and ')} in place`);
  if (last?.optional && last.name === 'out')
    parts.push(
      'writes the result into `out` if given (it may be an input), else into a new object, and returns it',
    );
  const s = parts.join('; ');
  return s ? `${s[0].toUpperCase()}${s.slice(1)}.` : '';
}

/** The TSDoc of generated wrapper `b`, as comment lines. */
function docOf(b, entry, manifest, tsNames) {
  const refs = refsOf(b);
  const f = b.fn;
  const body = [tsDoc(f.doc, refs, tsNames), effect(b)].filter(Boolean).join(' ');
  const lines = ['/**', ...wrap(body, ' * '), ' *', ...wrap(TIER_DOC[entry.tier], ' * ')];
  for (const p of paramDocs(b, manifest)) lines.push(...wrap(`@param ${p.name} - ${p.text}`, ' * ', ' *   '));
  if (f.returns.type !== 'void') {
    const r = f.returns;
    const text = [
      r.unit && `[${r.unit}]`,
      r.domain && f.returns.type !== 'int' && `(${r.domain.text})`,
      rename(r.doc, refs),
    ];
    lines.push(...wrap(`@returns ${text.filter(Boolean).join(' ')}`, ' * ', ' *   '));
  }
  const example = EXAMPLES[b.wrapper.name];
  if (example) lines.push(' * @example', ...example.split('\n').map((l) => ` * ${l}`));
  lines.push(` * @see the C function \`${f.name}\` in c/sprung.h`);
  return [...lines.map((l) => l.replace(/\*\//g, '*∕')), ' */'];
}

// ---- outputs -------------------------------------------------------------------------------

function rawTs(manifest) {
  const tsType = (p) => (p.pointer ? 'Ptr' : 'number');
  const lines = manifest.functions.map((f) => {
    const params = f.params.map((p) => `${p.name === 'in' ? 'input' : p.name}: ${tsType(p)}`).join(', ');
    const first = f.doc.split(/(?<=\.)\s/)[0];
    const doc = wrap(`${first.replace(/\*\//g, '*∕')} (${f.source}) */`, '  /**', '   *  ');
    return `${doc.join('\n')}\n  ${f.name}(${params}): ${f.returns.type === 'void' ? 'void' : 'number'};`;
  });
  return `${GENERATED}/** A byte address in WebAssembly memory, what a C pointer is: a number of its own type, so
 *  that a float where a pointer belongs (or the reverse) does not compile. */
export type Ptr = number & { readonly __ptr: unique symbol };

/** The C functions of c/sprung.h as the WebAssembly module exports them. */
export interface Raw {
${lines.join('\n')}
  /** Allocates \`bytes\` bytes; 0 when memory is exhausted. */
  malloc(bytes: number): Ptr;
  /** Frees what malloc returned. */
  free(ptr: Ptr): void;
}
`;
}

function constantsTs(manifest) {
  const out = [GENERATED];
  for (const [prefix, values] of Object.entries(manifest.constants)) {
    const name = prefix.slice(3, -1);
    const entries = Object.entries(values).map(([k, v]) => `${enumName(k, prefix)}: ${v}`);
    out.push(
      `/** ${prefix}* of c/sprung.h, by name. @internal */\nexport const ${name} = { ${entries.join(', ')} } as const;\n`,
    );
    if (ENUM_TYPE[prefix])
      out.push(
        `/** The names of ${prefix}* of c/sprung.h. */\nexport type ${ENUM_TYPE[prefix]} = keyof typeof ${name};\n`,
      );
  }
  for (const [name, fields] of Object.entries(manifest.structs)) {
    let n = 0;
    const offsets = fields.map((f) => {
      const entry = `${camel(f.name)}: ${n}`;
      n += { sp_vec2: 2, sp_vec3: 3, sp_quat: 4 }[f.type] ?? 1;
      return entry;
    });
    out.push(
      `/** Float offsets of the fields of ${name} (c/sprung.h), ${n} floats in all. @internal */\n` +
        `export const ${name.slice(3).toUpperCase()} = { ${offsets.join(', ')} } as const;\n`,
    );
  }
  return out.join('\n');
}

/** The hand-written modules of web/src whose steps the table's `js=` tokens call. */
const STEP_MODULES = ['steps', 'other_springs', 'tracking', 'inertialize'];

/** Each module of JS steps (hand-written or generated), with the names of its exports that the
 *  wrappers call: the `js=` functions of the table and their `try…` forms, the constants their
 *  tokens pass, and what the vectors' fast paths call (FAST_NAMES). */
function stepModules() {
  const wanted = new Set(FAST_NAMES);
  for (const line of Object.values(TABLE)) {
    const js = parseLine(line).js?.match(/^(\w+)\((.*)\)$/);
    if (!js) continue;
    wanted.add(js[1]).add(`try${js[1][0].toUpperCase()}${js[1].slice(1)}`);
    for (const a of js[2].split(',')) if (/^[A-Z_]+$/.test(a)) wanted.add(a);
  }
  const exportsOf = (text) =>
    [...text.matchAll(/^export (?:function|const|let) (\w+)/gm)]
      .map((m) => m[1])
      .filter((n) => wanted.has(n));
  return [
    ...STEP_MODULES.map((m) => [
      `../${m}.js`,
      exportsOf(readFileSync(join(root, `web/src/${m}.ts`), 'utf8')),
    ]),
    ['./vectors.js', exportsOf(vectorsTs(''))],
    ['./inertializers.js', exportsOf(inertializersTs(''))],
  ];
}

/** The generated wrappers of one tier. */
function tierTs(tier, list, helpers) {
  const { module } = TIERS[tier];
  const src = list.map((x) => x.source.join('\n')).join('\n\n');
  const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, ''); // the names the code uses
  const used = (name) => new RegExp(`\\b${name}\\b`).test(code);
  const imports = [
    GENERATED,
    `/**\n * The wrappers generated from the header whose tier is ${tier} (web/tools/table.mjs).\n * @packageDocumentation\n */`,
    module === 'full' ? "import { full } from '../full.js';" : "import { wasm } from '../wasm.js';",
  ];
  const from = (names, file) => {
    const list = names.filter(used);
    if (list.length) imports.push(`import { ${list.join(', ')} } from '${file}';`);
  };
  from(['heapF32'], '../wasm.js');
  from(
    ['check', 'checkNumbers', 'initialized', 'isF', 'isFlag', 'isFiniteNonNegative', 'isZero2', 'MAX_F'],
    '../check.js',
  );
  from(['frame', 'enter', 'alone', 'deeper', 'back'], '../scratch.js');
  if (used('Ptr')) imports.push("import type { Ptr } from './raw.js';");
  for (const [file, names] of stepModules()) from(names, file);
  from(
    [...helpers.readers.values(), ...helpers.writers.values()].map((h) => h.name),
    './marshal.js',
  );
  from(['INERTIALIZER', 'COST'], './constants.js');
  const types = ['Vec2', 'Vec3', 'Quat', 'ContactState', 'Inertializer', 'CostMeasure'];
  const typeFile = {
    ContactState: '../contact.js',
    Inertializer: './constants.js',
    CostMeasure: './constants.js',
  };
  const objectTypes = [...publicExports().find((m) => m.file === '../types.js').types].filter(
    (t) => !types.includes(t) && used(t),
  );
  for (const t of types.filter(used))
    imports.push(`import type { ${t} } from '${typeFile[t] ?? '../types.js'}';`);
  if (objectTypes.length) imports.push(`import type { ${objectTypes.join(', ')} } from '../types.js';`);
  if (used('S')) imports.push("import * as S from './specs.js';");
  return `${imports.join('\n')}\n\n${src}\n`;
}

function structs() {
  const text = readFileSync(join(root, 'c/sprung.h'), 'utf8');
  const found = {};
  for (const m of text.matchAll(/typedef struct (sp_\w+) \{([^}]*)\}/g)) {
    const fields = [];
    for (const decl of m[2].split(';')) {
      const dm = decl.trim().match(/^(float|int|sp_vec2|sp_vec3|sp_quat) (.+)$/);
      if (dm)
        for (const n of dm[2].split(','))
          fields.push({ name: n.trim(), type: dm[1], pointer: false, count: '1' });
    }
    found[m[1]] = fields;
  }
  return found;
}

/** The public names of web/src's modules (all but the entries, the internal modules and the
 *  exports tagged @internal), for the entries' named re-exports. */
function publicExports() {
  const dirs = ['web/src', 'web/src/gen'];
  const entries = ['index.ts', 'springs_entry.ts', 'no-embed.ts', 'node-cjs.ts', 'api.ts', 'springs_api.ts'];
  // sprung/three's entry and the modules only it exports
  entries.push('three.ts', 'three_attribute.ts', 'three_smooth.ts', 'three_skin.ts');
  const out = [];
  for (const dir of dirs)
    for (const f of readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.ts') && !entries.includes(f) && !f.startsWith('wasm-binary'))
      .sort()) {
      const path = join(root, dir, f);
      const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const internal = (node) => ts.getJSDocTags(node).some((t) => t.tagName.text === 'internal');
      // a file doc comment (@packageDocumentation) with @internal makes the whole module internal
      const fileDoc = sf.text.match(/\/\*\*[\s\S]*?\*\//)?.[0] ?? '';
      if (fileDoc.includes('@packageDocumentation') && fileDoc.includes('@internal')) continue;
      const values = new Set(),
        types = new Set();
      for (const st of sf.statements) {
        if (!(ts.getCombinedModifierFlags(st) & ts.ModifierFlags.Export) || internal(st)) continue;
        if (ts.isVariableStatement(st))
          st.declarationList.declarations.forEach((d) => values.add(d.name.getText(sf)));
        else if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) types.add(st.name.text);
        else if (st.name) values.add(st.name.text);
      }
      if (values.size || types.size)
        out.push({ file: `${dir === 'web/src' ? '../' : './'}${f.replace(/\.ts$/, '.js')}`, values, types });
    }
  return out;
}

function apiTs() {
  const lines = [
    GENERATED,
    '/**',
    ' * Everything the package exports but `init` and `initSync`, which each entry defines with its own',
    ' * default module: the public exports of every module, by name (no `export *`, which',
    ' * webpack’s development mode mishandles).',
    ' * @packageDocumentation',
    ' */',
  ];
  for (const { file, values, types } of publicExports()) {
    if (values.size) lines.push(`export { ${[...values].join(', ')} } from '${file}';`);
    if (types.size) lines.push(`export type { ${[...types].join(', ')} } from '${file}';`);
  }
  return `${lines.join('\n')}\n`;
}

/** sprung/springs' names: the everyday wrappers and the object types, by name. */
function springsApiTs(everyday) {
  const types = publicExports().find((m) => m.file === '../types.js').types;
  return (
    `${GENERATED}/** The exports of sprung/springs but its loader: every wrapper of the everyday tier, and the object types. */\n` +
    `export { ${everyday.map((x) => x.b.wrapper.name).join(', ')} } from './everyday.js';\n` +
    `export type { ${[...types].join(', ')} } from '../types.js';\n`
  );
}

async function gen() {
  const { manifest, entries, generated, hand, wrappers } = load();
  const problems = new Problems();
  const tsNames = new Map();
  for (const b of [...generated, ...hand])
    if (!tsNames.has(b.fn.name) && b.wrapper.kind === 'function') tsNames.set(b.fn.name, b.wrapper.name);
  const helpers = new Helpers();
  const byTier = { everyday: [], full: [] };
  for (const b of generated) {
    const entry = entries.get(b.fn.name);
    const doc = docOf(b, entry, manifest, tsNames);
    const source = wrapperSource(b, entry, manifest, helpers, doc, TIERS[entry.tier].module, problems);
    byTier[entry.tier].push({ b, source });
  }
  const all = [...generated, ...hand];
  const specs = all.map((b) => ({ b, spec: specOf(b, manifest, problems) }));
  problems.fail('the generated wrappers');
  manifest.wrappers = Object.fromEntries(
    specs.map(({ b, spec }) => [
      b.wrapper.name,
      {
        c: b.fn.name,
        tier: entries.get(b.fn.name).tier,
        file: b.wrapper.file,
        line: b.wrapper.line,
        params: paramDocs(b, manifest),
        spec,
      },
    ]),
  );
  manifest.tiers = Object.fromEntries([...entries].map(([name, e]) => [name, e.tier]));
  manifest.exported = wrappers.map((w) => ({
    name: w.name,
    kind: w.kind,
    file: w.file,
    params: w.params.map((p) => p.name),
  }));
  mkdirSync(join(root, 'build'), { recursive: true });
  writeFileSync(join(root, 'build/manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  const dir = join(root, 'web/src/gen');
  rmSync(dir, { recursive: true, force: true }); // nothing left over from an earlier layout
  mkdirSync(dir, { recursive: true });
  // every file formatted as the repository's sources are (Prettier, its .prettierrc)
  const files = [
    [join(dir, 'raw.ts'), rawTs(manifest)],
    [join(dir, 'constants.ts'), constantsTs(manifest)],
  ];
  files.push([
    join(dir, 'specs.ts'),
    `${GENERATED}/**\n * The argument spec of every wrapper, in check.ts's compact grammar (web/tools/specs.mjs).\n` +
      ` * @internal\n * @packageDocumentation\n */\nimport type { Spec } from '../check.js';\n\n` +
      specs
        .map(
          ({ b, spec }) =>
            `export const ${b.wrapper.name.replace('.', '_')}: Spec = ${JSON.stringify(compact(spec))};`,
        )
        .join('\n') +
      '\n',
  ]);
  for (const tier of Object.keys(TIERS))
    files.push([join(root, TIERS[tier].file), tierTs(tier, byTier[tier], helpers)]);
  files.push(
    [join(dir, 'marshal.ts'), helpers.source()],
    [join(dir, 'vectors.ts'), vectorsTs(GENERATED)],
    [join(dir, 'inertializers.ts'), inertializersTs(GENERATED)],
  );
  await writeFormatted(files);
  // the entries' named exports, from the modules just written
  await writeFormatted([
    [join(dir, 'api.ts'), apiTs()],
    [join(dir, 'springs_api.ts'), springsApiTs(byTier.everyday)],
  ]);
  // The everyday module holds the C functions that sprung/springs calls: esbuild bundles that
  // entry from the sources and lists them.
  const everyday = everydayFunctions();
  await writeFormatted([
    [
      join(dir, 'springs.ts'),
      GENERATED +
        '\n/** The C functions of the everyday module (sprung-springs.wasm): those sprung/springs calls.\n' +
        " *  Every other one is called through full.ts's `full`. */\n" +
        `export type SpringsFn =\n${everyday.map((f) => `  | '${f}'`).join('\n')};\n`,
    ],
  ]);
  writeFileSync(join(root, 'build/everyday.txt'), everyday.map((f) => `_${f}`).join(',') + '\n');
  console.log(
    `api: ${manifest.functions.length} C functions; ${generated.length} wrappers generated (${byTier.everyday.length} everyday), ` +
      `${hand.length} hand-written members bound; ${everyday.length} C functions in the everyday module`,
  );
}

/** Writes each [path, TypeScript] of `files`, formatted by Prettier with the repository's
 *  options, as `./build.sh format` formats the sources written by hand. */
async function writeFormatted(files) {
  const options = await prettier.resolveConfig(join(root, 'web/src/index.ts'));
  await Promise.all(
    files.map(async ([path, text]) =>
      writeFileSync(path, await prettier.format(text, { ...options, filepath: path })),
    ),
  );
}

/** The C functions sprung/springs (web/src/springs_entry.ts) calls. */
function everydayFunctions() {
  const out = esbuild.buildSync({
    entryPoints: [join(root, 'web/src/springs_entry.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'error',
    external: ['./wasm-binary*'],
  });
  return [...new Set(out.outputFiles[0].text.match(/\bsp_[a-z0-9_]+/g))].sort();
}

function exportsList() {
  console.log(
    readManifest()
      .functions.map((f) => `_${f.name}`)
      .join(','),
  );
}

/** Rewrites the @param lines of every hand-written member with an `@c` tag from the header (on
 *  each signature of an overloaded one). */
function docs() {
  const { manifest, hand } = load();
  const byFile = new Map();
  for (const b of hand) byFile.set(b.wrapper.file, [...(byFile.get(b.wrapper.file) ?? []), b]);
  let count = 0;
  for (const [file, list] of byFile) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const edits = [];
    for (const b of list) {
      const decls = declarationsOf(sf, b.wrapper);
      const signatures = decls.filter((d) => !d.body);
      const targets = signatures.length ? signatures : decls;
      const master = targets[0].jsDoc?.at(-1)?.getText(sf) ?? '/**\n */';
      // the description, examples and other tags, without the lines written here
      const kept = [];
      let skipping = false;
      for (const line of master.split('\n').slice(1, -1)) {
        if (/^\s*\* @(param|see|c) /.test(line)) skipping = true;
        else if (!/^\s*\* {3}/.test(line)) skipping = false;
        if (!skipping) kept.push(line.replace(/^\s*\*/, '*'));
      }
      const tag = master
        .split('\n')
        .find((l) => /^\s*\* @c /.test(l))
        ?.replace(/^\s*\*/, '*');
      targets.forEach((d, k) => {
        const start = d.getStart(sf);
        const indent = text.slice(text.lastIndexOf('\n', start) + 1, start).match(/^\s*/)[0];
        const params = paramDocs(b, manifest).flatMap((p) =>
          wrap(`@param ${p.name} - ${p.text}`, '* ', '*   '),
        );
        const body = [
          ...kept,
          ...params,
          `* @see the C function \`${b.fn.name}\` in c/sprung.h`,
          ...(k === 0 && tag ? [tag] : []),
        ];
        const block = ['/**', ...body.map((l) => ` ${l}`), ' */'].join(`\n${indent}`);
        const doc = d.jsDoc?.at(-1);
        if (doc) edits.push([doc.getStart(sf), doc.getEnd(), block]);
        else edits.push([start, start, `${block}\n${indent}`]);
      });
      count++;
    }
    let out = text;
    for (const [a, z, t] of edits.sort((x, y) => y[0] - x[0])) out = out.slice(0, a) + t + out.slice(z);
    writeFileSync(path, out);
  }
  console.log(`api: @param lines of ${count} hand-written members written from the header`);
}

/** The declarations of wrapper `w` in `sf`: a function's signatures and implementation, a
 *  constructor, or a method of its class. */
function declarationsOf(sf, w) {
  if (w.kind === 'function')
    return sf.statements.filter((st) => ts.isFunctionDeclaration(st) && st.name?.text === w.name);
  const [cls, method] = w.name.split('.');
  const c = sf.statements.find((st) => ts.isClassDeclaration(st) && st.name?.text === cls);
  return c.members.filter((m) =>
    method ? ts.isMethodDeclaration(m) && m.name.getText(sf) === method : ts.isConstructorDeclaration(m),
  );
}

/** Writes the function index of c/sprung.h (the parser checks it on every build). */
function writeIndex() {
  const path = join(root, 'c/sprung.h');
  const problems = new Problems();
  const manifest = readHeader(path, root, problems);
  const lines = readFileSync(path, 'utf8').split('\n');
  const secs = manifest.sections.map((title) => ({ title }));
  const index = indexLines(secs, manifest.functions);
  const range = indexRange(lines);
  if (range) lines.splice(range.start, range.end - range.start, ...index);
  else
    lines.splice(
      lines.indexOf('#ifndef SPRUNG_H'),
      0,
      '/*',
      ' * Index: the sections below and their functions.',
      ' * -----',
      ...index,
      ' */',
      '',
    );
  writeFileSync(path, lines.join('\n'));
  console.log(
    `api: the index of c/sprung.h lists ${manifest.functions.length} functions in ${secs.length} sections`,
  );
}

const cmd = process.argv[2];
if (cmd === 'gen') await gen();
else if (cmd === 'exports') exportsList();
else if (cmd === 'docs') docs();
else if (cmd === 'index') writeIndex();
else {
  console.error('usage: node web/tools/api.mjs gen|exports|docs|index [--root DIR]');
  process.exit(2);
}
