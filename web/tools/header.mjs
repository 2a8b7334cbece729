// header.mjs — reads c/sprung.h, the one declaration of the sprung API, into the API
// manifest (build/manifest.json): every sp_* function with its return type, parameters
// (C type, role, unit, element count, domain, description), description, section and the
// source file that defines it. The doc-tag grammar is written in the header's conventions
// block. A declaration this cannot read, or one without tags, is an error at file:line.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Errors collected while reading; `fail()` prints them all with file:line and exits 1. */
export class Problems {
  list = [];
  add(file, line, message) {
    this.list.push(`${file}:${line}: ${message}`);
  }
  fail(what) {
    if (this.list.length === 0) return;
    console.error(`${what}: ${this.list.length} problem(s)\n${this.list.join('\n')}`);
    process.exit(1);
  }
}

const NUM = String.raw`[−-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[−-]?\d+)?|[−-]?Inf`;
const num = (s) => Number(s.replace(/−/g, '-').replace(/Inf$/, 'Infinity'));

/**
 * A domain `(…)` as data: `clauses`, each a bound ({op, value} or {op, num, over: param})
 * with optional `inf` (+Inf admitted) and `when` (applies only when that parameter ≠ 0),
 * plus the flags `any`, `notNaN`, `nullable` and `constants` (a `SP_PREFIX_` of #defines).
 * Returns a string (the error) when the text is not in the grammar.
 */
export function parseDomain(text) {
  const d = { text, clauses: [], any: false, notNaN: false, nullable: false, constants: null };
  for (const raw of text.split(';')) {
    let c = raw.trim();
    if (c === 'any') d.any = true;
    else if (c === 'not NaN') d.notNaN = true;
    else if (c === 'nullable') d.nullable = true;
    else if (/^SP_[A-Z_]+_\*$/.test(c)) d.constants = c.slice(0, -1);
    else {
      let when = null,
        inf = false,
        m;
      if ((m = c.match(/^(.*?)\s+when\s+(\w+)\s*≠\s*0$/))) [, c, when] = m;
      if ((m = c.match(/^(.*?)\s+or \+Inf$/))) (([, c] = m), (inf = true));
      if ((m = c.match(new RegExp(String.raw`^([\[(])\s*(${NUM})\s*,\s*(${NUM})\s*([\])])$`)))) {
        d.clauses.push({ op: m[1] === '[' ? '≥' : '>', value: num(m[2]), inf, when });
        d.clauses.push({ op: m[4] === ']' ? '≤' : '<', value: num(m[3]), inf, when });
      } else if ((m = c.match(new RegExp(String.raw`^(≥|>|≤|<)\s*(${NUM})$`)))) {
        d.clauses.push({ op: m[1], value: num(m[2]), inf, when });
      } else if ((m = c.match(new RegExp(String.raw`^(≥|>|≤|<)\s*(${NUM})\s*/\s*([a-z_]\w*)$`)))) {
        d.clauses.push({ op: m[1], num: num(m[2]), over: m[3], inf, when });
      } else return `domain clause "${raw.trim()}" is not in the grammar (see the header's doc tags)`;
    }
  }
  return d;
}

/** The text inside a balanced (…) at the start of `s`, and what follows it. */
function balanced(s) {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return [s.slice(1, i), s.slice(i + 1)];
  }
  return null;
}

/** `[unit] {count} (domain) = default description`, each part optional, in that order. */
function parseTail(rest) {
  const out = { unit: null, count: null, domain: null, default: null, doc: '' };
  let s = rest.trim(),
    m;
  if ((m = s.match(/^\[([^\]]+)\]\s*/))) ((out.unit = m[1]), (s = s.slice(m[0].length)));
  if ((m = s.match(/^\{([^}]+)\}\s*/))) ((out.count = m[1]), (s = s.slice(m[0].length)));
  if (s.startsWith('(')) {
    const b = balanced(s);
    if (!b) return 'unbalanced ( in the domain';
    out.domain = b[0];
    s = b[1].trim();
  }
  if ((m = s.match(/^=\s*([−-]?[0-9.]+(?:e[−-]?\d+)?(?:\/[0-9.]+)?)\s+/)))
    ((out.default = m[1].replace(/−/g, '-')), (s = s.slice(m[0].length)));
  out.doc = s;
  return out;
}

/** The section headers: `/* ---- … * Title (file.c) …` blocks (or `(a.c, b.c)`), by line. */
function sections(lines) {
  const found = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!/^\/\* -{20,}/.test(lines[i])) continue;
    const m = lines[i + 1].match(/^ \* (.+?)\s*\((\w+\.c)[,)]/); // (file.c) or (a.c, b.c, …)
    if (m) found.push({ line: i + 1, title: m[1].trim() });
  }
  return found;
}

/** The function index after the conventions block: one line (wrapped) per section, its title
 *  and the names of its functions without the `sp_` prefix, in the header's order. */
export function indexLines(secs, functions) {
  const out = [];
  for (const s of secs) {
    const names = functions.filter((f) => f.section === s.title).map((f) => f.name.slice(3));
    let line = ` * ${s.title}:`;
    for (const n of names) {
      if (line.length + n.length + 1 > 100) (out.push(line), (line = ' *  '));
      line += ` ${n}`;
    }
    out.push(line);
  }
  return out;
}

const INDEX_START = ' * Index:';

/** Where the index lines are (from below the ` * Index` title and its underline to the line
 *  closing the comment), or null. */
export function indexRange(lines) {
  const start = lines.findIndex((l) => l.startsWith(INDEX_START));
  if (start < 0) return null;
  let first = start; // past the title paragraph and its underline
  while (first < lines.length && !/^ \* -+$/.test(lines[first])) first++;
  let end = first + 1;
  while (end < lines.length && lines[end] !== ' */') end++;
  return { start: first + 1, end };
}

/** Where each sp_* function is defined: `{ name: { file, line } }` over c/*.c. */
function definitions(cdir, root) {
  const defs = {};
  for (const f of readdirSync(cdir)
    .filter((f) => f.endsWith('.c'))
    .sort()) {
    const lines = readFileSync(join(cdir, f), 'utf8').split('\n');
    lines.forEach((l, i) => {
      const m = l.match(/^(?:float|void|int)\s+(sp_\w+)\(/);
      if (m && !l.trimEnd().endsWith(';')) defs[m[1]] = { file: relative(root, join(cdir, f)), line: i + 1 };
    });
  }
  return defs;
}

/** Reads the header at `path` into the manifest; problems go to `problems`. */
export function readHeader(path, root, problems) {
  const file = relative(root, path);
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const secs = sections(lines);
  const defs = definitions(join(root, 'c'), root);
  const constants = {};
  for (const m of text.matchAll(/^#define (SP_([A-Z]+)_[A-Z_]+) (\d+)/gm))
    (constants[`SP_${m[2]}_`] ??= {})[m[1]] = Number(m[3]);

  // the header's own types: the vectors and the structs it declares (typedef struct sp_x {…} sp_x;)
  const types = new Set([...text.matchAll(/^typedef struct (sp_\w+) \{/gm)].map((m) => m[1]));
  const functions = [];
  const declRe = /^(float|void|int)\s+(sp_\w+)\(([^;]*)\);/gm;
  for (const m of text.matchAll(declRe)) {
    const line = text.slice(0, m.index).split('\n').length;
    const [, returns, name, paramText] = m;
    const here = (msg) => problems.add(file, line, `${name}: ${msg}`);
    // the doc comment must end on the line just above the declaration
    const before = text.slice(0, m.index);
    const docEnd = before.lastIndexOf('*/');
    if (docEnd < 0 || before.slice(docEnd + 2).trim() !== '') {
      here('no doc comment with tags above the declaration');
      continue;
    }
    const docStart = before.lastIndexOf('/**', docEnd);
    const docLine = before.slice(0, docStart).split('\n').length;
    const body = before
      .slice(docStart + 3, docEnd)
      .split('\n')
      .map((l) => l.replace(/^\s*\*\s?/, ''))
      .join('\n');
    const parts = body.split(/\n?\s*(?=@param\[|@return\b)/);
    const doc = parts[0].replace(/\s+/g, ' ').trim();
    if (!doc) here('the doc comment has no description');
    const params = paramText
      .split(',')
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter((p) => p && p !== 'void')
      .map((p) => {
        const pm = p.match(/^(const )?(float|int|sp_\w+) (\*)?(\w+)$/);
        if (pm && pm[2].startsWith('sp_') && !types.has(pm[2])) {
          here(`parameter "${p}": ${pm[2]} is no type of the header`);
          return null;
        }
        if (!pm) {
          here(`cannot read the parameter "${p}"`);
          return null;
        }
        return { name: pm[4], type: pm[2], pointer: !!pm[3], const: !!pm[1] };
      });
    if (params.includes(null)) continue;
    const tags = parts.slice(1).map((t) => t.replace(/\s+/g, ' ').trim());
    const paramTags = tags.filter((t) => t.startsWith('@param'));
    const returnTags = tags.filter((t) => t.startsWith('@return'));
    if (paramTags.length !== params.length)
      here(`${params.length} parameter(s) but ${paramTags.length} @param tag(s)`);
    const ret = { type: returns, unit: null, domain: null, doc: '' };
    if (returns === 'void' && returnTags.length) here('@return on a void function');
    if (returns !== 'void') {
      if (returnTags.length !== 1) here('a function that returns a value needs one @return tag');
      else {
        const t = parseTail(returnTags[0].slice('@return'.length));
        if (typeof t === 'string') here(`@return: ${t}`);
        else Object.assign(ret, t, { domain: t.domain && domainOf(t.domain, '@return') });
      }
    }
    function domainOf(txt, where) {
      const d = parseDomain(txt);
      if (typeof d === 'string') here(`${where}: ${d}`);
      return typeof d === 'string' ? null : d;
    }
    params.forEach((p, i) => {
      const t = paramTags[i];
      if (!t) return;
      const tm = t.match(/^@param\[(in|out|in,out)\]\s+(\w+)\s*(.*)$/);
      if (!tm) return here(`cannot read "${t}" (expected @param[in|out|in,out] name …)`);
      const [, role, pname, rest] = tm;
      if (pname !== p.name) return here(`@param ${i + 1} is named ${pname}, the parameter ${p.name}`);
      const tail = parseTail(rest);
      if (typeof tail === 'string') return here(`@param ${pname}: ${tail}`);
      if (!tail.doc) here(`@param ${pname} has no description`);
      // roles follow from the C type: values and const pointers are inputs, other pointers
      // are written; written-only ones are named out or out_*
      const expected = !p.pointer || p.const ? ['in'] : ['out', 'in,out'];
      if (!expected.includes(role))
        here(`@param ${pname}: role ${role}, but its type makes it ${expected.join(' or ')}`);
      const outName = pname === 'out' || pname.startsWith('out_');
      if ((role === 'out') !== outName)
        here(`@param ${pname}: written-only pointers, and only they, are named out or out_* (role ${role})`);
      if (tail.count && !p.pointer) here(`@param ${pname}: an element count {…} on a value`);
      if (tail.default && p.pointer) here(`@param ${pname}: a default value on a pointer`);
      const domain = tail.domain === null ? null : domainOf(tail.domain, `@param ${pname}`);
      if (domain?.nullable && !p.pointer) here(`@param ${pname}: nullable on a value`);
      for (const c of domain?.clauses ?? [])
        for (const ref of [c.when, c.over])
          if (ref && !params.some((q) => q.name === ref))
            here(`@param ${pname}: the domain names ${ref}, not a parameter of ${name}`);
      if (domain?.constants && !constants[domain.constants])
        here(`@param ${pname}: no #define ${domain.constants}*`);
      Object.assign(p, {
        role,
        unit: tail.unit,
        count: tail.count ?? (p.pointer ? '1' : null),
        domain,
        default: tail.default,
        doc: tail.doc,
      });
    });
    const section = secs.filter((s) => s.line < line).pop();
    const def = defs[name];
    if (!def) here('defined in no c/*.c file');
    functions.push({
      name,
      returns: ret,
      params,
      doc,
      section: section?.title ?? null,
      source: def ? def.file : null,
      sourceLine: def ? def.line : null,
      header: file,
      line: docLine,
    });
  }
  // the index must list every section and function, in order (`node web/tools/api.mjs index`
  // writes it)
  const range = indexRange(lines);
  const expected = indexLines(secs, functions);
  if (!range)
    problems.add(
      file,
      1,
      'no function index (a comment block starting " * Index"); run `node web/tools/api.mjs index`',
    );
  else {
    const have = lines.slice(range.start, range.end);
    const at = have.findIndex((l, i) => l !== expected[i]);
    if (at >= 0 || have.length !== expected.length)
      problems.add(
        file,
        range.start + 1 + (at >= 0 ? at : Math.min(have.length, expected.length)),
        `the function index does not list the sections and functions as declared ` +
          `(expected "${expected[at >= 0 ? at : Math.min(have.length, expected.length)] ?? '(end)'}"); ` +
          'run `node web/tools/api.mjs index`',
      );
  }
  // every sp_ name followed by ( at the start of a line must have been read above
  lines.forEach((l, i) => {
    const m = l.match(/^\S.*\b(sp_\w+)\(/);
    if (m && !functions.some((f) => f.name === m[1]))
      problems.add(file, i + 1, `cannot read the declaration of ${m[1]}`);
  });
  return { header: file, functions, constants, sections: secs.map((s) => s.title) };
}
