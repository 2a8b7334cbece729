// specs.mjs — the argument spec of each wrapper, from the domains of the header: as data
// (build/manifest.json keeps it, for the tests) and as the compact string the wrapper's
// slow path hands to web/src/check.ts, which parses it only when an argument fails the fast
// check. The string's grammar (check.ts reads it):
//
//   spec  = fn (' ' arg)*
//   arg   = name ['?'] '=' type                       ? : the argument may be undefined
//   type  = num | obj | arr
//   num   = ('f' | 'i' | 'b' | 'e' name ('|' name)*) [ext] bound*
//           f a float (a finite number within float range), i an integer, b a boolean flag
//           (or 0, 1), e one of the names; ext: '+' admits +Infinity, '~' ±Infinity (not
//           NaN), '*' anything
//   bound = ('>=' | '>' | '<=' | '<') value ['/' ref] ['@' ref]
//           against value / ref when '/ref' is given; '@ref': only while ref is not 0
//   ref   = index ['.' field]                         an argument, or a field of one
//   obj   = ['?'] '{' field (',' field)* '}' | ('r' | 'u' | 'w') ('2' | '3' | '4')
//           ? : an options object whose fields may be undefined; r2…w4: a vector {x, y[, z[, w]]}
//           whose fields are all read (r), read and written (u) or written only (w)
//   field = ('r' | 'u' | 'w') name [':' type]          a float by default
//   arr   = 'a[' [len] ']' | 'A[' [len] ']' num        a Float32Array of at least len floats
//           (A: or an array of numbers, each checked against num); len = factor ('*' factor)*,
//           each a number or '$' ref; an empty len is checked by the wrapper
import { camel, VECTORS } from './bind.mjs';

const OPS = { '≥': 0, '>': 1, '≤': 2, '<': 3 };
const OP_TEXT = ['>=', '>', '<=', '<'];
export const enumName = (constant, prefix) => camel(constant.slice(prefix.length).toLowerCase());
const fmt = (v) => (v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : String(v));
const roleBits = (role) => (role === 'in' ? 1 : role === 'out' ? 2 : 3);

/** How a C parameter or field is named to the wrapper's user, and where its value is. */
export function refsOf(b) {
  const refs = new Map();
  b.args.forEach((a, i) => {
    if (a.c) refs.set(a.c.name, { ref: i, shown: a.name });
    for (const f of a.fields ?? [])
      if (f.c) refs.set(f.c.name, { ref: [i, f.field], shown: `${a.name}.${f.field}` });
  });
  return refs;
}

/** The check of one number (a C value, or one float a pointer points to), as data. */
export function numSpec(c, refs, tsType, problems, where) {
  const d = c.domain;
  const flag =
    c.type === 'int' && d?.clauses.length === 2 && d.clauses.every((b, i) => b.value === i && !b.when);
  if (tsType === 'boolean' || flag) return { k: 'b' };
  if (d?.constants) {
    const names = Object.keys(refs.manifest.constants[d.constants]).map((k) => enumName(k, d.constants));
    return { k: 'e', e: names };
  }
  const x = d?.any ? 3 : d?.notNaN ? 2 : d?.clauses.some((b) => b.inf) ? 1 : 0;
  // a `when` clause on a parameter the wrapper does not take is checked where that value is
  // set (a batch's goal velocities, at update)
  const bounds = (d?.clauses ?? [])
    .filter((b) => !b.when || refs.has(b.when))
    .map((b) => {
      const out = { o: OPS[b.op], v: b.over ? b.num : b.value };
      if (b.over) {
        if (!refs.has(b.over))
          problems.add(
            where.file,
            where.line,
            `the domain of ${c.name} names ${b.over}, which the wrapper does not take`,
          );
        out.over = refs.get(b.over)?.ref;
      }
      if (b.when) out.when = refs.get(b.when)?.ref;
      return out;
    });
  const spec = { k: c.type === 'int' ? 'i' : 'f' };
  if (x) spec.x = x;
  if (bounds.length) spec.b = bounds;
  return spec;
}

/** The spec of one wrapper argument (or field) standing for C parameter `c`. */
function argSpec(name, c, tsType, optional, refs, problems, where) {
  const spec = { n: name, r: roleBits(c.role) };
  if (optional) spec.opt = 1;
  if (c.type in VECTORS) {
    const num = { k: 'f' };
    spec.f = VECTORS[c.type].map((k) => ({ n: k, r: spec.r, num }));
  } else if (c.type === 'sp_contact') {
    spec.f = refs.manifest.structs.sp_contact.map((fld) =>
      fld.type === 'int'
        ? { n: camel(fld.name), r: spec.r, num: { k: 'b' } }
        : argSpec(camel(fld.name), { ...fld, role: c.role, domain: null }, '', false, refs, problems, where),
    );
  } else if (c.pointer && c.count !== '1') {
    spec.len = c.count.split('·').map((t) => (/^\d+$/.test(t) ? t : (refs.get(t)?.ref ?? -1)));
    if (spec.len.includes(-1)) delete spec.len; // sized by something the wrapper supplies
    spec.arr = 1;
    if (/number\[\]/.test(tsType))
      ((spec.arr = 2), (spec.num = numSpec({ ...c, pointer: false }, refs, '', problems, where)));
  } else spec.num = numSpec(c, refs, tsType, problems, where);
  return spec;
}

/** The spec of binding `b` as data: `{fn, a: [arg, …]}` in the wrapper's parameter order. */
export function specOf(b, manifest, problems) {
  const refs = refsOf(b);
  refs.manifest = manifest;
  const where = b.wrapper;
  const a = b.args.map((arg) => {
    if (arg.c) return argSpec(arg.name, arg.c, arg.type, arg.optional, refs, problems, where);
    const fields = arg.fields.map((f) =>
      f.ret
        ? { n: f.field, r: 2, num: { k: 'f' } }
        : argSpec(
            f.field,
            arg.fieldsOptional ? { ...f.c, pointer: false, count: null } : f.c,
            '',
            arg.fieldsOptional,
            refs,
            problems,
            where,
          ),
    );
    const spec = { n: arg.name, r: fields.reduce((r, f) => r | f.r, 0), f: fields };
    if (arg.optional) spec.opt = 1;
    if (arg.fieldsOptional) spec.fo = 1;
    return spec;
  });
  return { fn: b.wrapper.name, a };
}

// ---- the compact string --------------------------------------------------------------------

const refText = (r) => (typeof r === 'number' ? String(r) : `${r[0]}.${r[1]}`);
const ROLE = ['', 'r', 'w', 'u'];

function numText(s) {
  if (s.k === 'e') return `e${s.e.join('|')}`;
  let t = s.k + (['', '+', '~', '*'][s.x ?? 0] ?? '');
  for (const b of s.b ?? [])
    t +=
      OP_TEXT[b.o] +
      fmt(b.v) +
      (b.over !== undefined ? `/${refText(b.over)}` : '') +
      (b.when !== undefined ? `@${refText(b.when)}` : '');
  return t;
}

/** A vector of plain floats whose fields all have one role: `r3`, `u4`, … */
function vectorText(fields) {
  const names = fields.map((f) => f.n).join('');
  const n = { xy: 2, xyz: 3, xyzw: 4 }[names];
  if (!n || !fields.every((f) => f.r === fields[0].r && f.num && !f.num.b && !f.num.x && f.num.k === 'f'))
    return null;
  return ROLE[fields[0].r] + n;
}

function typeText(s) {
  if (s.arr) {
    const len = (s.len ?? []).map((r) => (typeof r === 'string' ? r : `$${refText(r)}`)).join('*');
    return s.arr === 2 ? `A[${len}]${numText(s.num)}` : `a[${len}]`;
  }
  if (s.num) return numText(s.num);
  if (!s.fo) {
    const v = vectorText(s.f);
    if (v) return v;
  }
  const fields = s.f.map((f) => {
    const type = f.num && f.num.k === 'f' && !f.num.x && !f.num.b ? '' : `:${typeText(f)}`;
    return `${ROLE[f.r] || 'w'}${f.n}${type}`;
  });
  return `${s.fo ? '?' : ''}{${fields.join(',')}}`;
}

/** The spec as the compact string of check.ts's grammar (above). */
export function compact(spec) {
  return [spec.fn, ...spec.a.map((a) => `${a.n}${a.opt ? '?' : ''}=${typeText(a)}`)].join(' ');
}
