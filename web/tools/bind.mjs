// bind.mjs — binds each wrapper's parameters to the C parameters of the manifest, so that
// every fact about an argument (unit, domain, role, description) comes from the header. A
// generated wrapper is bound by its line of table.mjs (defaults, and the tokens written
// there); a hand-written class member or function by its `@c` tag:
//
//   @c sp_spring_damper_exact state={x,v} goal=g goalVelocity=q
//
// After the C function's name, each token maps wrapper parameters to C parameters:
//   name          (nothing written) a wrapper parameter named as the C one, camelCased;
//   ts=c          wrapper parameter `ts` is C parameter `c`;
//   ts=pre_{a,b}  wrapper object `ts` with fields a, b is C parameters pre_a, pre_b
//                 (pre_ may be empty; `f:c` inside the braces maps field f to pre_c, and
//                 `f:@return` to the C function's return value); `…}:Type` names its type;
//   ts=?{a,b}     as above, for an optional options object whose fields are optional;
//   ts:Type       wrapper parameter `ts` has TypeScript type Type;
//   -c            C parameter c is supplied by the wrapper itself (a count, a buffer);
//   *             (methods) the C parameters not mapped come from the object itself.
// Every wrapper parameter must map to a C parameter and, without `*`, every C parameter
// must be mapped or named with `-`: so a renamed C function or parameter fails the build
// here until its wrapper follows.
import ts from 'typescript';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** The C vector types and the fields the TypeScript objects have. */
export const VECTORS = { sp_vec2: ['x', 'y'], sp_vec3: ['x', 'y', 'z'], sp_quat: ['x', 'y', 'z', 'w'] };

/** Exported functions, constructors and methods of web/src/*.ts that carry an `@c` tag,
 *  and (for the docs and completeness checks) every exported function and class member. */
export function readWrappers(root) {
  const dir = join(root, 'web/src');
  const found = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.startsWith('wasm-binary'))
    .sort()) {
    const path = join(dir, f);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const exported = (n) => ts.getCombinedModifierFlags(n) & ts.ModifierFlags.Export;
    const add = (node, name, kind, tagged = node) => {
      const tag = ts.getJSDocTags(tagged).find((t) => t.tagName.text === 'c');
      found.push({
        name,
        kind,
        file: relative(root, path),
        line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
        tag: tag ? (ts.getTextOfJSDocComment(tag.comment)?.trim() ?? '') : null,
        params: node.parameters.map((p) => ({
          name: p.name.getText(sf),
          optional: !!(p.questionToken || p.initializer),
          type: p.type ? p.type.getText(sf) : '',
        })),
      });
    };
    for (const st of sf.statements) {
      // an overloaded function: its tag is the first signature's, its parameters the last's (the
      // implementation's names may be short: callers never see them)
      if (ts.isFunctionDeclaration(st) && st.name && st.body && exported(st)) {
        const all = sf.statements.filter((d) => ts.isFunctionDeclaration(d) && d.name?.text === st.name.text);
        add(all.length > 1 ? all.at(-2) : st, st.name.text, 'function', all[0]);
      }
      if (ts.isClassDeclaration(st) && st.name && exported(st))
        for (const m of st.members) {
          const priv =
            ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
          if (priv) continue;
          if (ts.isConstructorDeclaration(m)) add(m, st.name.text, 'constructor');
          else if (ts.isMethodDeclaration(m) && m.name && m.body) {
            const name = m.name.getText(sf);
            const all = st.members.filter((d) => ts.isMethodDeclaration(d) && d.name.getText(sf) === name);
            add(all.length > 1 ? all.at(-2) : m, `${st.name.text}.${name}`, 'method', all[0]);
          }
        }
    }
  }
  return found;
}

/** Parses a mapping token's right side: `c`, `pre_{a,b:c2}`, `?{…}`, each with an optional `:Type`. */
export function parseTarget(text) {
  const m = text.match(/^(\?)?([a-z0-9_]*)\{([^}]*)\}(?::(.+))?$/);
  if (!m) return { param: text };
  return {
    optional: !!m[1],
    type: m[4] ?? null,
    fields: m[3]
      .split(',')
      .filter(Boolean)
      .map((item) => {
        const [field, c] = item.split(':');
        return { field, param: c === '@return' ? '@return' : m[2] + (c ?? field) };
      }),
  };
}

/** The mapping tokens of a function's C parameters when its table line names none: see table.mjs. */
export function defaultTokens(fn) {
  const tokens = [];
  const params = fn.params;
  const groups = new Map();
  const isQuatX = params.some((p) => p.name === 'x' && p.type === 'sp_quat');
  const hasVecX = params.some((p) => p.name === 'x' && p.type in VECTORS);
  for (const p of params) {
    const vec = p.type in VECTORS;
    const floatPtr = p.type === 'float' && p.pointer && p.count === '1';
    const m = p.name.match(/^(off|out|ext)_(\w+)$/);
    if (m && !vec && (floatPtr || (p.type === 'float' && !p.pointer && m[1] !== 'out'))) {
      const ts = { off: 'offset', out: 'out', ext: 'state' }[m[1]];
      if (!groups.has(ts)) groups.set(ts, { prefix: `${m[1]}_`, fields: [] });
      groups.get(ts).fields.push(m[2]);
    } else if (floatPtr && ['x', 'v', 'xi', 'vi', 'a', 't'].includes(p.name)) {
      if (!groups.has('state')) groups.set('state', { prefix: '', fields: [] });
      groups.get('state').fields.push(p.name);
      // g and q are a spring's goal and goal velocity beside its state x (a q alone is a quaternion)
    } else if (p.name === 'g' && params.some((o) => o.name === 'x' && o.pointer)) tokens.push('goal=g');
    else if (p.name === 'q' && params.some((o) => o.name === 'g')) tokens.push('goalVelocity=q');
    else if (vec && p.name === 'x') tokens.push(`${p.type === 'sp_quat' ? 'rotation' : 'position'}=x`);
    else if (vec && p.name === 'v' && hasVecX) tokens.push(`${isQuatX ? 'angularVelocity' : 'velocity'}=v`);
  }
  // a group is only made of pointers (or of value fields beside them), never of values alone
  for (const [ts, g] of groups) {
    const members = g.fields.map((f) => params.find((p) => p.name === g.prefix + f));
    if (members.some((p) => p.pointer)) tokens.push(`${ts}=${g.prefix}{${g.fields.join(',')}}`);
  }
  return tokens;
}

/**
 * Binds wrapper `w` ({name, kind, file, line, params: [{name, optional, type}]} and the
 * mapping `tokens`) to its C function `fn`: for each wrapper parameter, the C parameter(s) it
 * stands for. Problems (unknown names, unmapped parameters) go to `problems` at file:line.
 */
export function bindTokens(w, fn, tokens, problems) {
  const here = (msg) => problems.add(w.file, w.line, `${w.name}: ${msg}`);
  const cParam = (name) => fn.params.find((p) => p.name === name);
  const explicit = new Map();
  const supplied = new Set();
  let rest = false;
  for (const t of tokens) {
    if (t === '*') rest = true;
    else if (t.startsWith('-')) {
      if (!cParam(t.slice(1))) here(`-${t.slice(1)}: ${fn.name} has no parameter ${t.slice(1)}`);
      supplied.add(t.slice(1));
    } else if (t.includes('=')) {
      const [name, target] = t.split('=');
      if (!w.params.some((p) => p.name === name)) here(`${t}: the wrapper has no parameter ${name}`);
      explicit.set(name, parseTarget(target));
    } else here(`cannot read the mapping token "${t}"`);
  }
  const used = new Set(supplied);
  const args = w.params.map((p) => {
    const target = explicit.get(p.name) ?? { param: fn.params.find((c) => camel(c.name) === p.name)?.name };
    const arg = { name: p.name, optional: p.optional, type: p.type };
    if (target.fields) {
      arg.optional ||= target.optional;
      arg.fieldsOptional = target.optional;
      arg.fields = target.fields.map(({ field, param }) => {
        if (param === '@return') return { field, ret: fn.returns };
        const c = cParam(param);
        if (!c) here(`${p.name}.${field}: ${fn.name} has no parameter ${param}`);
        else used.add(param);
        return { field, c };
      });
    } else {
      const c = target.param && cParam(target.param);
      if (!c)
        here(
          target.param
            ? `${p.name}=${target.param}: ${fn.name} has no parameter ${target.param}`
            : `parameter ${p.name} maps to no parameter of ${fn.name} (name it after one, or map it: ${p.name}=…)`,
        );
      else used.add(c.name);
      arg.c = c;
    }
    return arg;
  });
  if (!rest)
    for (const c of fn.params)
      if (!used.has(c.name))
        here(
          `${fn.name}'s parameter ${c.name} is not mapped (map it, or write -${c.name} if the wrapper supplies it)`,
        );
  return { wrapper: w, fn, args, rest };
}

/** Binds a hand-written wrapper through its `@c` tag. */
export function bind(w, manifest, problems) {
  const [cname, ...tokens] = w.tag.split(/\s+/).filter(Boolean);
  const fn = manifest.functions.find((f) => f.name === cname);
  if (!fn) {
    problems.add(
      w.file,
      w.line,
      `${w.name}: @c names ${cname ?? 'nothing'}, not a function of ${manifest.header}`,
    );
    return null;
  }
  return bindTokens(w, fn, tokens, problems);
}
