// spec_checks.test.mjs — every wrapper against its argument spec (made from the header's doc
// tags: build/manifest.json holds it as data, dist/gen/specs.js as the compact string the
// wrappers' slow path reads). The wrappers test their arguments with a fast check and fall back
// to the spec's check; this drives both from the spec alone: values the spec
// admits (the domain's inclusive edges, Infinity or NaN where admitted) must pass, and every
// value it refuses — wrong types (strings that coerce, BigInt, objects with valueOf, null),
// values out of the domain, frozen or getter-only objects the call writes, Proxies and lying
// Float32Array subclasses, views of sprung's own memory it never handed out — must throw a
// TypeError or RangeError whose message names the function and the argument, with every
// object passed left unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { caller, deref, holds, limit, setWhen, validArgs } from '../spec-args.mjs';

/** The package under test (the built dist/, or another build of it: see spec_domains.test.mjs). */
const dist = process.env.SPRUNG_SPEC_DIST ?? '../../../dist/';
const sp = await import(new URL(`${dist}index.js`, import.meta.url));
const specs = await import(new URL(`${dist}gen/specs.js`, import.meta.url));
const core = await import(new URL(`${dist}wasm.js`, import.meta.url));

await sp.init();
const manifest = JSON.parse(
  readFileSync(
    new URL(process.env.SPRUNG_SPEC_MANIFEST ?? '../../../build/manifest.json', import.meta.url),
    'utf8',
  ),
);

const show = (v) =>
  typeof v === 'bigint' ? `${v}n` : typeof v === 'object' && v !== null ? 'an object' : String(v);
const WRONG_TYPES = ['0.5', null, 5n, { valueOf: () => 0.5 }, Symbol('s')];

/** [value, error class, name suffix, description] refused by number spec `s`, and the
 *  [value] it admits at its edges. */
function numberCases(s, args) {
  const bad = [],
    good = [];
  if (s.k === 'b')
    return {
      bad: [
        ['yes', TypeError, ''],
        [2, TypeError, ''],
      ],
      good: [false, 0, 1],
    };
  if (s.k === 'e')
    return {
      bad: [
        ['nonsense', TypeError, ''],
        [0, TypeError, ''],
      ],
      good: s.e,
    };
  for (const w of WRONG_TYPES) bad.push([w, TypeError, '']);
  const x = s.x ?? 0;
  // a double beyond float range is ±Infinity to the C core
  if (s.k === 'f' && x < 2) bad.push([-1e39, RangeError, '']);
  if (s.k === 'f' && x === 0) bad.push([1e39, RangeError, '']);
  const edge = (admitted, v) => (admitted ? good.push(v) : bad.push([v, RangeError, '']));
  edge(x === 3, NaN);
  edge(x >= 1, Infinity);
  if (!(s.b ?? []).some((b) => b.when === undefined && b.o < 2)) edge(x >= 2, -Infinity);
  if (s.k === 'i') bad.push([2.5, RangeError, '']);
  for (const b of s.b ?? []) {
    if (b.when !== undefined) continue;
    const lim = limit(b, args);
    if (b.o === 0) (bad.push([lim - (lim === 0 ? 1e-30 : 1), RangeError, '']), good.push(lim));
    if (b.o === 1) bad.push([lim, RangeError, '']);
    if (b.o === 2) (bad.push([lim + 1, RangeError, '']), good.push(lim));
    if (b.o === 3) bad.push([lim, RangeError, '']);
  }
  return { bad, good: good.map((v) => (s.k === 'i' ? Math.round(v) : v)).filter((v) => Object.is(v, v)) };
}

/** [value, error class] refused for Float32Array argument (or field) `a` of `n` valid floats. */
function arrayCases(a, n, nonObjects) {
  class Liar extends Float32Array {
    get length() {
      return 1e6;
    }
  }
  const candidates = [
    [new Float64Array(n), TypeError],
    [new Proxy(new Float32Array(n), {}), TypeError],
    [new Float32Array(core.wasm.memory.buffer, 0, n), RangeError], // sprung's heap, not a view it handed out
    ...nonObjects.map((v) => [v, TypeError]),
  ];
  if (a.arr === 2) candidates.push([[0.5, '1'], TypeError], [[0.5, NaN], RangeError]);
  else candidates.push([[0.5], TypeError]);
  if (a.len && n > 1) candidates.push([new Float32Array(n - 1), RangeError], [new Liar(1), RangeError]);
  return candidates;
}

/** Each case: a function of fresh valid args that changes one argument (or a field of one),
 *  the error expected (null: must pass) and the name the message must start with. */
function cases(spec) {
  const out = [];
  spec.a.forEach((a, i) => {
    const set = (f) => (args) => (args[i] = f(args[i], args));
    if (a.num && !a.arr) {
      const { bad, good } = numberCases(a.num, validArgs(spec));
      for (const [v, type] of bad) out.push([set(() => v), type, a.n, `${a.n} = ${show(v)}`]);
      for (const v of good) out.push([set(() => v), null, a.n, `${a.n} = ${show(v)}`]);
      for (const b of a.num.b ?? [])
        if (b.when !== undefined) {
          // the conditional clause: its argument non-zero, this value on the excluded edge
          const edge = (args) => {
            setWhen(args, b.when, 1);
            args[i] = limit(b, args);
          };
          out.push([edge, RangeError, a.n, `${a.n} on its edge while ${JSON.stringify(b.when)} ≠ 0`]);
        }
      return;
    }
    const nonObjects = [null, 5, 'str', ...(a.opt ? [] : [undefined])];
    if (a.arr) {
      for (const [v, type] of arrayCases(a, validArgs(spec)[i].length, nonObjects))
        out.push([set(() => v), type, a.n, `${a.n} = ${v?.constructor?.name ?? v}`]);
      return;
    }
    for (const v of nonObjects) out.push([set(() => v), TypeError, a.n, `${a.n} = ${show(v)}`]);
    // the fields, one level of nesting (a contact's vectors) included
    const fields = (f, path, get) => {
      if (f.some((g) => g.r & 2 && !g.f))
        out.push([(args) => Object.freeze(get(args)), TypeError, `${path}.`, `${path} frozen`]);
      for (const g of f) {
        const here = `${path}.${g.n}`;
        const at = (args) => get(args);
        if (g.f) {
          fields(g.f, here, (args) => at(args)[g.n]);
          continue;
        }
        if (g.r & 2) {
          out.push([
            (args) => Object.defineProperty(at(args), g.n, { get: () => 0.5, enumerable: true }),
            TypeError,
            here,
            `${here} getter-only`,
          ]);
        }
        if (g.arr) {
          const n = at(validArgs(spec))[g.n].length;
          for (const [v, type] of arrayCases(g, n, [null, 5, 'str', undefined]))
            out.push([(args) => (at(args)[g.n] = v), type, here, `${here} = ${v?.constructor?.name ?? v}`]);
          continue;
        }
        if (g.r & 1 && g.num) {
          const { bad } = numberCases(g.num, validArgs(spec));
          for (const [v, type] of bad)
            out.push([
              (args) => (at(args)[g.n] = v),
              a.opt && v === undefined ? null : type,
              here,
              `${here} = ${show(v)}`,
            ]);
        }
      }
    };
    fields(a.f, a.n, (args) => args[i]);
  });
  return out;
}

const snapshot = (args) =>
  JSON.stringify(args, (k, v) =>
    typeof v === 'bigint' || typeof v === 'symbol'
      ? String(v)
      : Number.isNaN(v)
        ? 'NaN'
        : v === Infinity
          ? 'Inf'
          : v,
  );

const all = Object.values(manifest.wrappers).map((w) => [w.spec.fn, w.spec]);

test('every wrapper of the manifest has a spec, and every spec a wrapper', () => {
  const names = Object.keys(specs)
    .map((k) => k.replace('_', '.'))
    .sort();
  assert.deepEqual(names, Object.keys(manifest.wrappers).sort());
  assert.ok(names.length > 130, `${names.length} wrappers`);
});

test('the fast paths agree with the specs: admitted values pass, refused ones throw naming the function and argument, changing nothing', () => {
  let checked = 0;
  const failures = [];
  const expect = (ok, message) => ok || (failures.push(message), false);
  for (const [, spec] of all) {
    const call = caller(sp, spec.fn);
    try {
      call(validArgs(spec));
    } catch (e) {
      failures.push(`${spec.fn}: valid arguments threw ${e}`);
    }
    for (const [change, type, name, what] of cases(spec)) {
      const args = validArgs(spec);
      change(args);
      const before = snapshot(args);
      let error = null;
      try {
        call(args);
      } catch (e) {
        error = e;
      }
      checked++;
      if (type === null) {
        expect(error === null, `${spec.fn} (${what}) must pass, threw ${error}`);
        continue;
      }
      if (
        !expect(
          error instanceof type,
          `${spec.fn} (${what}): expected a ${type.name}, got ${error ?? 'no error'}`,
        )
      )
        continue;
      const prefix = `sprung.${spec.fn}: ${name}`;
      expect(
        error.message.startsWith(prefix),
        `${spec.fn} (${what}): "${error.message}" should start with "${prefix}"`,
      );
      expect(snapshot(args) === before, `${spec.fn} (${what}): a throwing call changed its arguments`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 3000, `${checked} cases`);
});
