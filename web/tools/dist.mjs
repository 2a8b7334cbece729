#!/usr/bin/env node
// dist.mjs — after tsc (build.sh runs it): the three builds in dist/ share what they can.
//
// - Declarations: one copy, in dist/cjs/ (CommonJS format, which an ES module may import but
//   not the reverse). The ES module entries' declarations (dist/index.d.ts and the others)
//   keep their own `init` and re-export the rest from dist/cjs/.
// - The JS without comments: they are in the declarations, which editors show.
// - sprung/no-embed: dist/no-embed/ holds only the modules that reach the embedded full module
//   (full.js and the modules that import it, directly or not), with that module's bytes left
//   out; every other import points back to dist/, so the two entries share their modules.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../dist');
const ENTRIES = ['index', 'springs_entry', 'no-embed'];
// sprung/three has no CommonJS build: its declarations stay as tsc wrote them (they import only
// each other and the entries)
const ESM_ONLY = ['three', 'three_attribute', 'three_skin'];
const IMPORT = /((?:from|import)\s*['"])(\.{1,2}\/[^'"]+)(['"])/g;

const files = (dir, ext) =>
  readdirSync(join(dist, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));

// ---- the JS, without comments (esbuild prints the same module again) -------------------------
for (const f of files('.', '.js')) {
  const text = readFileSync(join(dist, f), 'utf8');
  writeFileSync(join(dist, f), esbuild.transformSync(text, { loader: 'js', target: 'es2020' }).code);
}

// ---- declarations --------------------------------------------------------------------------
for (const f of files('.', '.d.ts')) {
  if (f.startsWith('cjs/')) continue;
  const name = f.replace(/\.d\.ts$/, '');
  if (ESM_ONLY.includes(name)) continue;
  if (!ENTRIES.includes(name)) {
    rmSync(join(dist, f));
    continue;
  }
  const text = readFileSync(join(dist, f), 'utf8');
  writeFileSync(
    join(dist, f),
    text.replace(IMPORT, (all, a, spec, z) => `${a}./cjs/${spec.slice(2)}${z}`),
  );
}
for (const f of [...ENTRIES, ...ESM_ONLY]) {
  const text = readFileSync(join(dist, `${f}.d.ts`), 'utf8');
  for (const m of text.matchAll(IMPORT))
    if (!existsSync(join(dist, m[2].replace(/\.js$/, '.d.ts'))))
      throw new Error(`dist/${f}.d.ts: ${m[2]} has no declaration`);
}

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
