// bind.mjs — reads the TypeScript wrappers' `@c` tags and binds each wrapper parameter to
// the C parameters of the manifest, so that every fact about an argument (unit, domain,
// role, description) comes from the header.
//
//   @c sp_spring_damper_exact state={x,v} goal=g goalVelocity=q
//
// After the C function's name, each token maps wrapper parameters to C parameters:
//   name          (nothing written) a wrapper parameter named as the C one, camelCased;
//   ts=c          wrapper parameter `ts` is C parameter `c`;
//   ts=pre_{a,b}  wrapper object `ts` with fields a, b is C parameters pre_a, pre_b
//                 (pre_ may be empty; `f:c` inside the braces maps field f to pre_c, and
//                 `f:@return` to the C function's return value);
//   ts=?{a,b}     as above, for an optional options object whose fields are optional;
//   -c            C parameter c is supplied by the wrapper itself (a count, a buffer);
//   *             (methods) the C parameters not mapped come from the object itself.
// Every wrapper parameter must map to a C parameter and, without `*`, every C parameter
// must be mapped or named with `-`: so a renamed C function or parameter fails the build
// here until its wrapper follows.
import ts from 'typescript';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/** Exported functions, constructors and methods of web/src/*.ts that carry an `@c` tag,
 *  and (for the docs and completeness checks) every exported function and class member. */
export function readWrappers(root) {
  const dir = join(root, 'web/src');
  const found = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'wasm-binary.ts')
    .sort()) {
    const path = join(dir, f);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const exported = (n) => ts.getCombinedModifierFlags(n) & ts.ModifierFlags.Export;
    const add = (node, name, kind) => {
      const tag = ts.getJSDocTags(node).find((t) => t.tagName.text === 'c');
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
      if (ts.isFunctionDeclaration(st) && st.name && exported(st)) add(st, st.name.text, 'function');
      if (ts.isClassDeclaration(st) && st.name && exported(st))
        for (const m of st.members) {
          const priv =
            ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
          if (priv) continue;
          if (ts.isConstructorDeclaration(m)) add(m, st.name.text, 'constructor');
          else if (ts.isMethodDeclaration(m) && m.name)
            add(m, `${st.name.text}.${m.name.getText(sf)}`, 'method');
        }
    }
  }
  return found;
}

/** Parses a mapping token's right side: `c`, `pre_{a,b:c2}`, `?{…}`. */
function parseTarget(text) {
  const m = text.match(/^(\?)?([a-z0-9_]*)\{([^}]*)\}$/);
  if (!m) return { param: text };
  return {
    optional: !!m[1],
    fields: m[3]
      .split(',')
      .filter(Boolean)
      .map((item) => {
        const [field, c] = item.split(':');
        return { field, param: c === '@return' ? '@return' : m[2] + (c ?? field) };
      }),
  };
}

/**
 * Binds wrapper `w` to its C function: for each wrapper parameter, the C parameter(s) it
 * stands for. Problems (unknown names, unmapped parameters) go to `problems` at the
 * wrapper's file:line.
 */
export function bind(w, manifest, problems) {
  const here = (msg) => problems.add(w.file, w.line, `${w.name}: ${msg}`);
  const [cname, ...tokens] = w.tag.split(/\s+/).filter(Boolean);
  const fn = manifest.functions.find((f) => f.name === cname);
  if (!fn) return (here(`@c names ${cname ?? 'nothing'}, not a function of ${manifest.header}`), null);
  const cParam = (name) => fn.params.find((p) => p.name === name);
  const explicit = new Map();
  const supplied = new Set();
  let rest = false;
  for (const t of tokens) {
    if (t === '*') rest = true;
    else if (t.startsWith('-')) {
      if (!cParam(t.slice(1))) here(`-${t.slice(1)}: ${cname} has no parameter ${t.slice(1)}`);
      supplied.add(t.slice(1));
    } else if (t.includes('=')) {
      const [ts, target] = t.split('=');
      if (!w.params.some((p) => p.name === ts)) here(`${t}: the wrapper has no parameter ${ts}`);
      explicit.set(ts, parseTarget(target));
    } else here(`cannot read the @c token "${t}"`);
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
        if (!c) here(`${p.name}.${field}: ${cname} has no parameter ${param}`);
        else used.add(param);
        return { field, c };
      });
    } else {
      const c = target.param && cParam(target.param);
      if (!c)
        here(
          target.param
            ? `${p.name}=${target.param}: ${cname} has no parameter ${target.param}`
            : `parameter ${p.name} maps to no parameter of ${cname} (name it after one, or map it: ${p.name}=…)`,
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
          `${cname}'s parameter ${c.name} is not mapped (map it, or write -${c.name} if the wrapper supplies it)`,
        );
  return { wrapper: w, fn, args, rest };
}
