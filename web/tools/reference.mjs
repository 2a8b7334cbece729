#!/usr/bin/env node
// reference.mjs — docs/API.md, the API reference, generated from what the build already knows:
// the manifest (build/manifest.json: each C function's section, source file, tier, parameters
// with units and domains, description) and the package's declarations (dist/*.d.ts: each
// export's signature and TSDoc), with the hand-written prose and examples of the template
// docs/api/reference.md between its tables. It needs a build (./build.sh build) first.
//
//   node web/tools/reference.mjs           writes docs/API.md
//   node web/tools/reference.mjs --check   exits 1 when docs/API.md is not what it would write
//                                          (tests/js/api_reference.test.mjs checks the same)
//
// The template is Markdown; a directive is an HTML comment on a line of its own:
//   <!-- api contents -->                 the list of the reference's ## headings, linked
//   <!-- api section TITLE -->            the header's section TITLE (c/sprung.h): a table of its
//                                         C functions, then each one's entry: its wrappers, the
//                                         classes whose members call it, or the C function alone
//   <!-- api ENTRY: NAME NAME … -->       the entries of the exports NAME of ENTRY (sprung,
//                                         sprung/springs, sprung/three, sprung/no-embed) that call
//                                         no C function of their own: the loader, the types, …
// Every section of the header and every export of every entry (by declaration: a name two
// entries export is one export) appears exactly once; anything else fails, naming it.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE = 'docs/api/reference.md';
const OUTPUT = 'docs/API.md';

/** The package's entries and their declarations. */
const ENTRIES = {
  sprung: 'dist/index.d.ts',
  'sprung/springs': 'dist/springs_entry.d.ts',
  'sprung/three': 'dist/three.d.ts',
  'sprung/no-embed': 'dist/no-embed.d.ts',
};

const TIER = {
  everyday: 'everyday (also in `sprung/springs`)',
  full: 'full module',
};

// ---- the declarations ------------------------------------------------------------------------

/**
 * Every export of every entry: Map(symbol → { name, entries, symbol }), and by entry and name:
 * Map(entry → Map(name → export)). A name re-exported by several entries is one export.
 */
function readExports(root) {
  const files = Object.values(ENTRIES).map((f) => join(root, f));
  for (const f of files) if (!existsSync(f)) throw new Error(`${f} is missing: run ./build.sh build first`);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const bySymbol = new Map();
  const byEntry = new Map();
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const names = new Map();
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(root, file)));
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!bySymbol.has(symbol)) bySymbol.set(symbol, { name: exported.name, entries: [], symbol });
      const e = bySymbol.get(symbol);
      e.entries.push(entry);
      names.set(exported.name, e);
    }
    byEntry.set(entry, names);
  }
  return { checker, bySymbol, byEntry };
}

/** A JSDoc comment read into { text, params: [{ name, text }], returns, examples, see }. */
function parseDoc(node) {
  const doc = node?.jsDoc?.at(-1);
  const out = { text: '', params: [], returns: '', examples: [] };
  if (!doc) return out;
  const lines = doc
    .getText()
    .replace(/^\/\*\*\s?/, '')
    .replace(/\s*\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''));
  let tag = { kind: 'text', lines: [] };
  const tags = [tag];
  for (const line of lines) {
    const m = line.match(/^@(\w+)\s?(.*)$/);
    if (m) tags.push((tag = { kind: m[1], lines: [m[2]] }));
    else tag.lines.push(line);
  }
  const joined = (t) =>
    t.lines
      .map((l) => l.trim())
      .join(' ')
      .trim();
  for (const t of tags) {
    if (t.kind === 'text') out.text = t.lines.join('\n').trim();
    else if (t.kind === 'param') {
      const m = joined(t).match(/^([\w.]+)\s+-?\s*(.*)$/);
      if (m && !m[1].includes('.')) out.params.push({ name: m[1], text: m[2] });
    } else if (t.kind === 'returns') out.returns = joined(t);
    else if (t.kind === 'example') out.examples.push(t.lines.join('\n').trim());
  }
  return out;
}

/** The declaration text of `node` as a reader wants it: no JSDoc, no `export declare`. */
function signature(node) {
  const sf = node.getSourceFile();
  const text = sf.text.slice(node.getStart(sf, false), node.getEnd());
  return text
    .replace(/^export\s+/, '')
    .replace(/^declare\s+/, '')
    .replace(/^(?: {4})+/gm, (indent) => ' '.repeat(indent.length / 2));
}

/** A class's public members, inherited ones included: [{ name, kind, nodes, doc }]. */
function membersOf(checker, symbol) {
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const members = [];
  const hidden = (nodes) =>
    nodes.some(
      (n) =>
        ts.getCombinedModifierFlags(n) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) ||
        (n.name && ts.isPrivateIdentifier(n.name)),
    );
  const ctor = symbol.members?.get('__constructor');
  if (ctor && !hidden(ctor.declarations))
    members.push({ name: 'constructor', kind: 'constructor', nodes: ctor.declarations });
  for (const p of checker.getPropertiesOfType(type)) {
    const nodes = p.declarations ?? [];
    if (hidden(nodes) || !nodes.length || p.name.startsWith('__')) continue;
    const kind = ts.isMethodDeclaration(nodes[0]) ? 'method' : 'property';
    members.push({ name: p.name, kind, nodes });
  }
  return members;
}

// ---- Markdown ----------------------------------------------------------------------------------

/** A table cell: one line, pipes escaped. */
const cell = (s) => (s ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** Description text as Markdown paragraphs: wrapped lines joined, the tier note left to the entry's footer. */
function prose(text, link) {
  return text
    .split(/\n\s*\n/)
    .filter((p) => !/^Tier: /.test(p.trim()))
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .join(' ')
        .replace(/\{@link\s+([\w.]+)\s*\}/g, (all, name) => link(name)),
    )
    .join('\n\n');
}

/**
 * An @param text split into { unit, domain, text }: `[unit]` and `(domain)` where it starts with
 * them (after `(optional)`), as the generator and `api.mjs docs` write them.
 */
function splitParam(text) {
  let rest = text,
    optional = false,
    unit = '',
    domain = '';
  const take = (re) => {
    const m = rest.match(re);
    if (m) rest = rest.slice(m[0].length);
    return m;
  };
  if (take(/^\(optional\)\s*/)) optional = true;
  const u = take(/^\[([^\]]+)\]\s*/);
  if (u) unit = u[1];
  const d = take(/^\(((?:[^()]|\([^()]*\))*)\)\s*/);
  if (d && !/^default /.test(d[1])) domain = d[1];
  else if (d) rest = `${d[0]}${rest}`;
  return { optional, unit, domain, text: rest };
}

/** A parameter table (rows of { name, optional, unit, domain, text }). */
function paramTable(rows) {
  if (!rows.length) return [];
  return [
    '| Parameter | Unit | Domain | Description |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| \`${r.name}\`${r.optional ? ' (optional)' : ''} | ${cell(r.unit)} | ${cell(r.domain)} | ${cell(r.text)} |`,
    ),
    '',
  ];
}

/** The C declaration of manifest function `f`. */
function cSignature(f) {
  const params = f.params.map((p) => `${p.const ? 'const ' : ''}${p.type}${p.pointer ? ' *' : ' '}${p.name}`);
  return `${f.returns.type} ${f.name}(${params.join(', ')});`;
}

/** GitHub's anchor of a heading. */
const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

// ---- the reference -------------------------------------------------------------------------

/** docs/API.md as a string, from the repository at `root` (built). */
export function generate(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, 'build/manifest.json'), 'utf8'));
  const template = readFileSync(join(root, TEMPLATE), 'utf8');
  const { checker, bySymbol, byEntry } = readExports(root);
  const problems = [];
  const main = byEntry.get('sprung');

  // the wrappers of each C function, and each C function's wrappers
  const fnByName = new Map(manifest.functions.map((f) => [f.name, f]));
  const wrappersOf = new Map();
  for (const [name, w] of Object.entries(manifest.wrappers))
    wrappersOf.set(w.c, [...(wrappersOf.get(w.c) ?? []), name]);
  const bound = new Map(Object.entries(manifest.wrappers).map(([name, w]) => [name, fnByName.get(w.c)]));

  // each export's section: where its function (or its class's first bound member) is declared
  const sectionOf = new Map();
  for (const f of manifest.functions)
    for (const w of wrappersOf.get(f.name) ?? []) {
      const e = main.get(w.split('.')[0]);
      if (!e) problems.push(`${w} (the wrapper of ${f.name}) is not exported by sprung`);
      else if (!sectionOf.has(e)) sectionOf.set(e, f.section);
    }

  const placed = new Map(); // export → where
  const headings = []; // every entry's key, for links
  const keyOf = (e) =>
    e.name === 'init' || e.name === 'initSync' ? `${e.name} (${e.entries.join(', ')})` : e.name;
  const link = (name) => {
    const e = main.get(name) ?? [...bySymbol.values()].find((x) => x.name === name);
    return e ? `[\`${name}\`](#@@${keyOf(e)}@@)` : `\`${name}\``;
  };

  /** The entry of one export, at heading level `h`. */
  function entry(e, h) {
    const decls = e.symbol.declarations ?? [];
    const first = decls[0];
    const key = keyOf(e);
    headings.push(key);
    const out = [`${'#'.repeat(h)} ${key}`, ''];
    // sprung/no-embed exports what sprung does, and sprung/springs the everyday tier: said once
    const quote = (list) => list.map((x) => `\`${x}\``).join(', ');
    if (!e.entries.includes('sprung')) out.push(`From ${quote(e.entries)}.`, '');
    else if (e.entries.includes('sprung/three')) out.push('Also from `sprung/three`.', '');
    if (ts.isClassDeclaration(first)) return out.concat(classEntry(e, first, h));
    const doc = parseDoc(decls.find((d) => d.jsDoc) ?? first);
    // the interface of the C functions (Raw) shows their signatures alone: each one's
    // documentation is its wrapper's entry, or its own where no wrapper calls it, linked from its
    // section's table (the comments of its other members stay)
    const cDoc = /^ *\/\*\*(?:(?!\*\/)[\s\S])*\*\/\n(?= *sp_)/gm;
    const sigs = decls
      .filter((d) => !ts.isFunctionDeclaration(d) || !d.body)
      .map((d) => (ts.isInterfaceDeclaration(d) ? signature(d).replace(cDoc, '') : signature(d)));
    out.push('```ts', ...sigs, '```', '');
    if (doc.text) out.push(prose(doc.text, link), '');
    out.push(...params(doc));
    if (doc.returns) out.push(`**Returns** ${prose(doc.returns, link)}`, '');
    const f = bound.get(e.name);
    if (f) out.push(...cFooter(f, manifest.wrappers[e.name].tier));
    for (const x of doc.examples) out.push('```js', x, '```', '');
    return out;
  }

  /** The parameter table of a JSDoc comment. */
  const params = (doc) =>
    paramTable(doc.params.map((p) => ({ name: p.name, ...splitParam(prose(p.text, link)) })));

  /** The C function a wrapper calls, its source file and tier. */
  function cFooter(f, tier) {
    return [`C: \`${cSignature(f)}\` (${f.source}) · tier: ${TIER[tier]}`, ''];
  }

  /**
   * A class: its head, description and examples, a table of its public members, then an entry
   * for its constructor and each method. A member an exported base class declares is that
   * class's, linked to.
   */
  function classEntry(e, node, h) {
    const doc = parseDoc(node);
    const out = ['```ts', signature(node).replace(/\s*\{[\s\S]*$/, ''), '```', ''];
    if (doc.text) out.push(prose(doc.text, link), '');
    for (const x of doc.examples) out.push('```js', x, '```', '');
    const members = membersOf(checker, e.symbol).map((m) => {
      const owner = m.nodes[0].parent?.name?.text;
      const base = owner !== e.name && [...bySymbol.values()].find((x) => x.name === owner && x !== e);
      const heading = m.kind === 'constructor' ? `new ${e.name}` : `${base ? base.name : e.name}.${m.name}`;
      return { ...m, base, heading, doc: parseDoc(m.nodes.find((n) => n.jsDoc) ?? m.nodes[0]) };
    });
    const rows = members.map((m) => {
      const first = prose(m.doc.text, link).split(/(?<=\.)\s/)[0];
      const name =
        m.kind === 'property'
          ? `\`${cell(signature(m.nodes[0]).replace(/;$/, ''))}\``
          : `[\`${m.kind === 'constructor' ? m.heading : m.name}\`](#@@${m.heading}@@)`;
      return `| ${name} | ${cell(first)}${m.base ? ` (${link(m.base.name)})` : ''} |`;
    });
    out.push('| Member | Description |', '| --- | --- |', ...rows, '');
    for (const m of members) {
      if (m.kind === 'property' || m.base) continue;
      headings.push(m.heading);
      out.push(`${'#'.repeat(h + 1)} ${m.heading}`, '');
      const sigs = m.nodes.filter((n) => !n.body).map(signature);
      out.push('```ts', ...sigs, '```', '');
      if (m.doc.text) out.push(prose(m.doc.text, link), '');
      out.push(...params(m.doc));
      if (m.doc.returns) out.push(`**Returns** ${prose(m.doc.returns, link)}`, '');
      const wrapper = m.kind === 'constructor' ? e.name : `${e.name}.${m.name}`;
      if (bound.has(wrapper)) out.push(...cFooter(bound.get(wrapper), manifest.wrappers[wrapper].tier));
      for (const x of m.doc.examples) out.push('```js', x, '```', '');
    }
    return out;
  }

  /** The entry of a C function no wrapper calls. */
  function cEntry(f) {
    headings.push(f.name);
    const out = [`### ${f.name}`, '', '```c', cSignature(f), '```', '', prose(f.doc, link), ''];
    out.push(
      ...paramTable(
        f.params.map((p) => ({
          name: p.name,
          unit: p.unit ?? '',
          domain: p.domain?.text ?? '',
          text: `${p.doc}${p.role === 'in' ? '' : p.role === 'out' ? ' (written)' : ' (updated)'}`,
        })),
      ),
    );
    if (f.returns.type !== 'void') out.push(`**Returns** ${f.returns.doc}`, '');
    out.push(`C only (${f.source}): the package calls it for you.`, '');
    return out;
  }

  function section(title) {
    const fns = manifest.functions.filter((f) => f.section === title);
    if (!fns.length) {
      problems.push(`${TEMPLATE}: no section "${title}" in c/sprung.h`);
      return [];
    }
    const out = ['| C function | TypeScript | Tier | Source |', '| --- | --- | --- | --- |'];
    for (const f of fns) {
      const ws = wrappersOf.get(f.name) ?? [];
      const ts_ = ws.map((w) => `[\`${w}\`](#@@${w}@@)`).join(', ') || `[C only](#@@${f.name}@@)`;
      out.push(`| \`${f.name}\` | ${ts_} | ${manifest.tiers[f.name]} | ${f.source} |`);
    }
    out.push('');
    for (const f of fns) {
      const ws = wrappersOf.get(f.name) ?? [];
      if (!ws.length) out.push(...cEntry(f));
      for (const w of ws) {
        const e = main.get(w.split('.')[0]);
        if (!e || placed.has(e)) continue;
        placed.set(e, `section ${title}`);
        out.push(...entry(e, 3));
      }
    }
    return out;
  }

  const sections = new Set();
  const body = [];
  for (const line of template.split('\n')) {
    const d = line.match(/^<!-- api (.*) -->$/);
    if (!d) {
      body.push(line);
      continue;
    }
    const [, what] = d;
    if (what === 'contents') body.push('@@contents@@');
    else if (what.startsWith('section ')) {
      const title = what.slice(8);
      if (sections.has(title)) problems.push(`${TEMPLATE}: section "${title}" twice`);
      sections.add(title);
      body.push(...section(title));
    } else {
      const m = what.match(/^([\w/-]+):\s+(.*)$/);
      if (!m || !byEntry.has(m[1])) {
        problems.push(`${TEMPLATE}: "${line}" is no directive (see web/tools/reference.mjs)`);
        continue;
      }
      for (const name of m[2].split(/\s+/)) {
        const e = byEntry.get(m[1]).get(name);
        if (!e) problems.push(`${TEMPLATE}: ${m[1]} exports no ${name}`);
        else if (sectionOf.has(e))
          problems.push(`${TEMPLATE}: ${name} is in section ${sectionOf.get(e)}, listed again`);
        else if (placed.has(e)) problems.push(`${TEMPLATE}: ${name} listed twice`);
        else {
          placed.set(e, line);
          body.push(...entry(e, 3));
        }
      }
    }
  }
  for (const title of manifest.sections)
    if (!sections.has(title))
      problems.push(`${TEMPLATE}: no <!-- api section ${title} --> for c/sprung.h's section`);
  for (const e of bySymbol.values())
    if (!placed.has(e))
      problems.push(
        `${e.name} (${e.entries.join(', ')}) is documented nowhere: list it in ${TEMPLATE} (<!-- api ${e.entries[0]}: ${e.name} -->)`,
      );
  if (problems.length) throw new Error(`reference.mjs:\n  ${problems.join('\n  ')}`);

  // links: every heading's GitHub anchor (repeated ones numbered, as GitHub does)
  let text = body.join('\n');
  const anchors = new Map(),
    seen = new Map();
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const s = slug(m[1]);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    if (!anchors.has(m[1])) anchors.set(m[1], n ? `${s}-${n}` : s);
  }
  const contents = [...text.matchAll(/^## (.+)$/gm)].map((m) => `- [${m[1]}](#${anchors.get(m[1])})`);
  text = text.replace('@@contents@@', contents.join('\n'));
  text = text.replace(/#@@(.+?)@@/g, (all, key) => {
    if (!anchors.has(key)) throw new Error(`reference.mjs: a link to ${key}, which has no entry`);
    return `#${anchors.get(key)}`;
  });
  return text.replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = generate();
  const path = join(ROOT, OUTPUT);
  if (process.argv.includes('--check')) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      console.error(`${OUTPUT} is stale: run node web/tools/reference.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(path, text);
    console.log(`reference: ${OUTPUT}, ${text.split('\n').length} lines`);
  }
}
