#!/usr/bin/env node
// dist.mjs — after tsc (build.sh runs it): the three builds in dist/ share what they can.
//
// - Declarations: one copy, in dist/cjs/ (CommonJS format, which an ES module may import but
//   not the reverse). The ES module entries' declarations (dist/index.d.ts and the others) are
//   a line each that re-exports dist/cjs/'s, and a declaration no entry's types reach (an
//   internal module's) is not shipped.
// - The CommonJS build (what `require` gets) is one bundle, dist/cjs/sprung.js, of the ES
//   modules of dist/ (esbuild, minified as a whole: tsc's CommonJS output kept every top-level
//   name and `exports.` prefix, and cost twice the ES modules' bytes), without the embedded
//   modules: its first module, node_files.ts, reads the package's .wasm files instead. Its
//   entries (dist/cjs/index.js and the others) each export their part of it, so that
//   `require('sprung')` and `require('sprung/three')` share one loader, as the ES modules do.
// - The JS minified: its comments are in the declarations, which editors show, and a bundler
//   minifies it again anyway; the tarball is a fifth smaller for it.
// - sprung/no-embed: dist/no-embed/ holds only the modules that reach the embedded full module
//   (full.js and the modules that import it, directly or not), with that module's bytes left
//   out; every other import points back to dist/, so the two entries share their modules.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../dist');
const ENTRIES = ['index', 'springs_entry', 'no-embed', 'three'];
const IMPORT = /((?:from|import)\s*['"])(\.{1,2}\/[^'"]+)(['"])/g;
/** IMPORT, and the `import('./x.js')` of a type. */
const IMPORT_TYPES = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)(['"])/g;

const files = (dir, ext) =>
  readdirSync(join(dist, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));

// ---- the JS, minified (esbuild prints the same module again, its exports' names kept) ---------
for (const f of files('.', '.js')) {
  if (f.startsWith('cjs/')) continue;
  const text = readFileSync(join(dist, f), 'utf8');
  writeFileSync(
    join(dist, f),
    esbuild.transformSync(text, { loader: 'js', target: 'es2020', minify: true }).code,
  );
}

// ---- declarations --------------------------------------------------------------------------
for (const f of files('.', '.d.ts')) if (!f.startsWith('cjs/')) rmSync(join(dist, f));
for (const f of ENTRIES) {
  if (!existsSync(join(dist, 'cjs', `${f}.d.ts`))) throw new Error(`dist/cjs/${f}.d.ts is missing`);
  writeFileSync(join(dist, `${f}.d.ts`), `export * from './cjs/${f}.js';\n`);
}
// the declarations the entries' types reach, by their imports; the others are internal modules'
const reachedTypes = new Set();
const reach = (f) => {
  if (reachedTypes.has(f)) return;
  reachedTypes.add(f);
  for (const m of readFileSync(join(dist, f), 'utf8').matchAll(IMPORT_TYPES))
    reach(join(dirname(f), m[2].replace(/\.js$/, '.d.ts')));
};
for (const f of ENTRIES) reach(join('cjs', `${f}.d.ts`));
for (const f of files('cjs', '.d.ts')) if (!reachedTypes.has(f)) rmSync(join(dist, f));

// ---- the CommonJS build ----------------------------------------------------------------------
const CJS = { index: 'index', springs_entry: 'springs', three: 'three', 'no-embed': 'noEmbed' };
/** The plugin that reads node_files.ts (compiled for CommonJS only, not in dist/) against
 *  dist/'s modules, and leaves out the embedded modules' bytes. */
const commonjs = {
  name: 'sprung-commonjs',
  setup(b) {
    b.onResolve({ filter: /^\.\/node_files\.js$/ }, () => ({
      path: join(dist, '../web/src/node_files.ts'),
      sideEffects: true,
    }));
    b.onLoad({ filter: /node_files\.ts$/ }, (a) => ({
      contents: readFileSync(a.path, 'utf8'),
      loader: 'ts',
      resolveDir: dist,
    }));
    b.onLoad({ filter: /[\\/](wasm-binary|pieces[\\/]\w+)\.js$/ }, (a) => ({
      contents: readFileSync(a.path, 'utf8').replace(/"[A-Za-z0-9+/=]{64,}"/g, '""'),
      loader: 'js',
    }));
  },
};
await esbuild.build({
  stdin: {
    contents: [
      "import './node_files.js';",
      ...Object.entries(CJS).map(([f, name]) => `export * as ${name} from './${f}.js';`),
    ].join('\n'),
    resolveDir: dist,
    loader: 'js',
  },
  bundle: true,
  minify: true,
  format: 'cjs',
  platform: 'node',
  target: 'es2020',
  outfile: join(dist, 'cjs', 'sprung.js'),
  plugins: [commonjs],
  logLevel: 'warning',
});
for (const [f, name] of Object.entries(CJS))
  writeFileSync(
    join(dist, 'cjs', `${f}.js`),
    `"use strict";module.exports=require("./sprung.js").${name};\n`,
  );

// ---- sprung/no-embed -----------------------------------------------------------------------
const modules = files('.', '.js').filter((f) => !f.startsWith('cjs/') && !f.startsWith('no-embed/'));
const importsOf = new Map(
  modules.map((f) => [
    f,
    [...readFileSync(join(dist, f), 'utf8').matchAll(IMPORT)].map((m) => join(dirname(f), m[2])),
  ]),
);
// the modules that reach the embedded full module, found by walking the imports backwards
const embedding = new Set(['wasm-binary.js', 'no-embed.js']);
for (let grew = true; grew;) {
  grew = false;
  for (const [f, deps] of importsOf)
    if (!embedding.has(f) && deps.some((d) => embedding.has(d))) (embedding.add(f), (grew = true));
}
// of those, the ones no-embed.js reaches
const reached = new Set();
const visit = (f) => {
  if (reached.has(f)) return;
  reached.add(f);
  for (const d of importsOf.get(f) ?? []) if (embedding.has(d)) visit(d);
};
visit('no-embed.js');
rmSync(join(dist, 'no-embed'), { recursive: true, force: true });
for (const f of reached) {
  const to = join(dist, 'no-embed', f);
  mkdirSync(dirname(to), { recursive: true });
  const text = readFileSync(join(dist, f), 'utf8').replace(IMPORT, (all, a, spec, z) => {
    const target = join(dirname(f), spec);
    if (embedding.has(target)) return all;
    return `${a}${relative(dirname(to), join(dist, target)).replace(/^(?!\.)/, './')}${z}`;
  });
  writeFileSync(to, f === 'wasm-binary.js' ? text.replace(/"[A-Za-z0-9+/=]{64,}"/g, '""') : text);
}
rmSync(join(dist, 'no-embed.js'));
console.log(
  `dist: declarations once (dist/cjs/), ${ENTRIES.length} entries re-export them; no-embed/ holds ${reached.size} modules`,
);
