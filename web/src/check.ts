/**
 * Argument checks. Every wrapper first tests its arguments with one cheap expression (the
 * generated ones derive it from the header's domains); only when that is false does it call
 * {@link check} with its spec (`gen/specs.ts`, one compact string per wrapper, in the grammar
 * of web/tools/specs.mjs), which throws a TypeError (wrong type or shape) or a RangeError
 * (outside the domain) naming the function and the argument —
 * `sprung.damperExact: halflife must be a finite number ≥ 0, got -1` — or returns when the
 * arguments are valid after all. A fast check may be stricter than the spec (valid but unusual
 * input then takes the slow path), never looser: a test checks every wrapper against its spec.
 * @internal
 * @packageDocumentation
 */
import { initialized, requireInit } from './wasm.js';
import { back, deeper } from './scratch.js';

/** The largest float: a number beyond it is not a finite float, whatever double it is. */
export const MAX_F = 3.4028234663852886e38;

/** Fast path: a number that is a finite float (typeof first: a string never passes by coercion). */
export function isF(v: unknown): v is number {
  // the literal, not MAX_F: a module binding is loaded and checked at every use; one compare of
  // |v| (NaN fails it), measured 2 ns of 20 faster per call than the two of −MAX ≤ v ≤ MAX
  return typeof v === 'number' && Math.abs(v) <= 3.4028234663852886e38;
}

/** Fast path: a boolean flag, or 0 or 1. */
export function isFlag(v: unknown): boolean {
  return v === true || v === false || v === 0 || v === 1;
}

/** Fast path: whether every component of vector `o` is 0 (a `when` clause's goal velocity). A
 *  getter that calls sprung here is noticed by the wrapper, as in its readers (scratch.ts). */
export function isZero2(o: { x: unknown; y: unknown; z?: unknown }): boolean {
  return o.x === 0 && o.y === 0 && (o.z === undefined || o.z === 0);
}

/** Fast path: a finite float ≥ 0 (a halflife, a dt, a damping: the commonest domain). */
export function isFiniteNonNegative(v: unknown): boolean {
  return typeof v === 'number' && v >= 0 && v <= 3.4028234663852886e38;
}

// ---- specs ---------------------------------------------------------------------------------

/** Where a domain refers to another argument: its index, or [index, field]. */
export type Ref = number | readonly [number, string];

/** A bound `value op v` (ops 0 ≥, 1 >, 2 ≤, 3 <), against `v / ref` when `over` is given;
 *  with `when`, it applies only while that argument is not 0. */
interface Bound {
  o: number;
  v: number;
  over?: Ref;
  when?: Ref;
}

/** A number's spec: `k` float, integer, boolean flag or one of the names `e`; `x` admits
 *  +Infinity (1), ±Infinity (2) or anything (3) beyond finite floats. */
export interface Num {
  k: string;
  x: number;
  b: Bound[];
  e?: string[];
}

/** An argument (or an object's field): a number, an object of fields, or a Float32Array of at
 *  least the product of `len` floats (numbers, or arguments) (`arr` 2: or an array of numbers, each checked against
 *  `num`). `r`: read (1), written (2) or both (3); `fo`: the fields are optional. */
export interface Arg {
  n: string;
  r: number;
  opt?: boolean;
  fo?: boolean;
  num?: Num;
  f?: Arg[];
  arr?: number;
  len?: (Ref | string)[];
}

/** A wrapper's spec: a string of the grammar of web/tools/specs.mjs (gen/specs.ts has them). */
export type Spec = string;

/** The name of the wrapper whose spec is `spec`, as messages show it. */
export const nameOf = (spec: Spec): string => spec.slice(0, spec.indexOf(' ') >>> 0);

/** The specs read so far (a hand-written member checks on every call). */
const parsed = new Map<Spec, { fn: string; a: Arg[] }>();

/** Reads the compact spec `text` (the grammar of web/tools/specs.mjs), each argument's type
 *  by `type`: {@link typed}, or {@link numeric} for a spec of numbers alone (which then leaves
 *  the readers of objects and arrays out of a bundle that has only such specs). */
function parse(text: string, type: (a: Arg, t: string) => Arg): { fn: string; a: Arg[] } {
  const known = parsed.get(text);
  if (known) return known;
  const [fn, ...args] = text.split(' ');
  const spec = {
    fn,
    a: args.map((t) => {
      const name = t.slice(0, t.indexOf('='));
      return type({ n: name.replace('?', ''), r: 1, opt: name.endsWith('?') }, t.slice(name.length + 1));
    }),
  };
  parsed.set(text, spec);
  return spec;
}

/** `a` with the number type `t` of the grammar. */
const numeric = (a: Arg, t: string): Arg => ((a.num = num(t)), a);

/** `a` with the type `t` of the grammar (an object's fields contain neither ',' nor '{'). */
function typed(a: Arg, t: string): Arg {
  const m = /^([aA])\[(.*)\](.*)$/.exec(t);
  if (m) {
    a.arr = m[1] === 'a' ? 1 : 2;
    if (m[2]) a.len = m[2].split('*').map((f) => (f[0] === '$' ? ref(f.slice(1)) : f));
    if (m[3]) a.num = num(m[3]);
  } else if (/[{]/.test(t)) {
    a.fo = t[0] === '?';
    a.f = t
      .slice(a.fo ? 2 : 1, -1)
      .split(',')
      .map((f) => {
        const [head, type = 'f'] = f.split(':'); // a field's type has no ':'
        return typed({ r: ' rwu'.indexOf(head[0]), n: head.slice(1) }, type);
      });
    a.r = a.f.reduce((r, f) => r | f.r, 0);
  } else if (/^[rwu]\d$/.test(t)) {
    a.r = ' rwu'.indexOf(t[0]);
    a.f = [...'xyzw'.slice(0, +t[1])].map((n) => ({ n, r: a.r, num: num('f') }));
  } else a.num = num(t);
  return a;
}

/** A number's spec from its text: `f>=0`, `i>=1`, `f+>=0`, `b`, `espring|cubic`, … */
function num(t: string): Num {
  if (t[0] === 'e') return { k: 'e', x: 0, b: [], e: t.slice(1).split('|') };
  const b = [...t.matchAll(/([<>]=?)([^<>/@]+)(?:\/([^<>@]+))?(?:@([^<>]+))?/g)].map(
    ([, o, v, over, when]) => ({
      o: ['>=', '>', '<=', '<'].indexOf(o),
      v: +v,
      over: over === undefined ? over : ref(over),
      when: when === undefined ? when : ref(when),
    }),
  );
  return { k: t[0], x: '+~*'.indexOf(t[1]) + 1, b };
}

/** An argument (index) or a field of one (`index.field`). */
function ref(t: string): Ref {
  const [n, f] = t.split('.');
  return f === undefined ? +n : [+n, f];
}

/** A value as a message shows it. */
export function show(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    default:
      return String(value);
  }
}

export const deref = (args: readonly unknown[], r: Ref): unknown =>
  typeof r === 'number' ? args[r] : (args[r[0]] as Record<string, unknown> | undefined)?.[r[1]];

/** Whether the argument a `when` clause names is 0: the number, or a vector of zeros (a
 *  vector goal velocity is "not 0" when any component is not). */
function isZero(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return v === 0;
  const o = v as Record<string, unknown>;
  return o.x === 0 && o.y === 0 && (o.z === undefined || o.z === 0);
}

const OP = ['≥', '>', '≤', '<'];
const fmt = (v: number): string => (v === Infinity ? 'Infinity' : String(v));

/** What a number of spec `s` must be, in words: `a finite number ≥ 0`, `an integer in [1, 4]`. */
function must(s: Num, names: readonly string[]): string {
  if (s.k === 'b') return 'a boolean (or 0, 1)';
  if (s.k === 'e') return `one of ${s.e!.map((n) => `'${n}'`).join(', ')}`;
  const name = (r: Ref) => (typeof r === 'number' ? names[r] : `${names[r[0]]}.${r[1]}`);
  const plain = s.b.filter((b) => b.when === undefined);
  const text = (b: Bound) => `${OP[b.o]} ${fmt(b.v)}${b.over === undefined ? '' : `/${name(b.over)}`}`;
  let range = plain.map(text).join(' and ');
  const lo = plain.find((b) => b.o < 2),
    hi = plain.find((b) => b.o >= 2);
  if (plain.length === 2 && lo && hi && lo.over === undefined && hi.over === undefined)
    range = `in ${lo.o === 0 ? '[' : '('}${fmt(lo.v)}, ${fmt(hi.v)}${hi.o === 2 ? ']' : ')'}`;
  const base = s.k === 'i' ? 'an integer' : s.x === 0 ? 'a finite number' : 'a number';
  return [base, range, s.x === 1 ? 'or Infinity' : s.x === 2 ? '(not NaN)' : ''].filter(Boolean).join(' ');
}

function number(
  fn: string,
  name: string,
  v: unknown,
  s: Num,
  args: readonly unknown[],
  names: string[],
): void {
  const fail = (E: typeof TypeError, what = must(s, names)) => {
    throw new E(`sprung.${fn}: ${name} must be ${what}, got ${show(v)}`);
  };
  if (s.k === 'b') return void (isFlag(v) || fail(TypeError));
  if (s.k === 'e') return void ((typeof v === 'string' && s.e!.includes(v)) || fail(TypeError));
  if (typeof v !== 'number') return fail(TypeError, 'a number');
  // beyond float range a finite double is ±Infinity to the C core
  const f = Math.fround(v);
  let ok = v === v ? (f < Infinity || s.x >= 1) && (f > -Infinity || s.x >= 2) : s.x === 3;
  if (!ok && v === v && Math.abs(v) < Infinity)
    fail(RangeError, `${must(s, names)}, within float range (±${MAX_F})`);
  if (ok && s.k === 'i') ok = Number.isInteger(v);
  for (const b of s.b) {
    if (!ok) break;
    if (b.when !== undefined && isZero(deref(args, b.when))) continue;
    const lim = b.over === undefined ? b.v : b.v / (deref(args, b.over) as number);
    ok = b.o === 0 ? v >= lim : b.o === 1 ? v > lim : b.o === 2 ? v <= lim : v < lim;
    if (!ok && b.when !== undefined) {
      const w = b.when;
      fail(
        RangeError,
        `${OP[b.o]} ${fmt(b.v)} when ${typeof w === 'number' ? names[w] : `${names[w[0]]}.${w[1]}`} ≠ 0`,
      );
    }
  }
  if (!ok) fail(RangeError);
}

function arg(
  fn: string,
  name: string,
  v: unknown,
  s: Arg,
  args: readonly unknown[],
  names: string[],
  fieldsOptional: boolean,
): void {
  if (v === undefined && (s.opt || fieldsOptional)) return;
  if (s.arr) return arrays(fn, name, v, s, args, names, number);
  if (s.num) return number(fn, name, v, s.num, args, names);
  if (typeof v !== 'object' || v === null) {
    const keys = s.f!.map((f) => f.n).join(', ');
    throw new TypeError(
      `sprung.${fn}: ${name} must be an object${keys ? ` with ${keys}` : ''}, got ${show(v)}`,
    );
  }
  const o = v as Record<string, unknown>;
  for (const f of s.f!) if (f.r & 1 || f.f) arg(fn, `${name}.${f.n}`, o[f.n], f, args, names, !!s.fo);
}

export const refName = (r: Ref, names: string[]): string =>
  typeof r === 'number' ? names[r] : `${names[r[0]]}.${r[1]}`;

/**
 * Checks `args` against `spec` (the wrapper's compact spec, its parameters in order): returns
 * when they are valid, else throws the TypeError or RangeError naming the function and the
 * argument.
 */
export function check(spec: Spec, ...args: unknown[]): void {
  const { fn, a } = parse(spec, typed);
  requireInit(fn);
  const was = deeper(); // the arguments' getters may call sprung: in the next frame
  try {
    checkArguments(fn, a, args);
  } finally {
    back(was);
  }
}

/** {@link check} for a spec of numbers alone (web/tools/emit.mjs chooses it): no caller's code
 *  can run while numbers are checked, so it needs no frame, and it reads no objects. */
export function checkNumbers(spec: Spec, ...args: unknown[]): void {
  const { fn, a } = parse(spec, numeric);
  requireInit(fn);
  inOrder(fn, a, args, (fn, name, v, s, args, names) =>
    v === undefined && s.opt ? undefined : number(fn, name, v, s.num!, args, names),
  );
}

/** Checks each argument with `each`: numbers first, which other arguments' lengths and limits
 *  may depend on. */
function inOrder(fn: string, a: Arg[], args: unknown[], each: typeof arg): void {
  const names = a.map((s) => s.n);
  const first = (s: Arg) => s.num !== undefined && !s.arr && !s.num.b.some((b) => b.over !== undefined);
  for (let i = 0; i < a.length; i++) if (first(a[i])) each(fn, a[i].n, args[i], a[i], args, names, false);
  for (let i = 0; i < a.length; i++) if (!first(a[i])) each(fn, a[i].n, args[i], a[i], args, names, false);
}

function checkArguments(fn: string, a: Arg[], args: unknown[]): void {
  inOrder(fn, a, args, arg);
  // the objects a call writes must be distinct: one written twice would hold either result
  const written = a.map((s, i) => (s.f && s.r & 2 && args[i] !== undefined ? i : -1)).filter((i) => i >= 0);
  for (const i of written)
    for (const j of written)
      if (i < j && args[i] === args[j])
        throw new TypeError(
          `sprung.${fn}: ${a[i].n} and ${a[j].n} must be different objects (both are written)`,
        );
  // last, once everything else is valid: every field the call writes is written back with its
  // own value, so that an object that refuses writes (frozen, a getter without a setter, a
  // setter or Proxy trap that throws) is named before anything changes; the library's modules
  // are strict, where a refused assignment throws
  for (let i = 0; i < a.length; i++) probe(fn, a[i].n, args[i], a[i]);
}

/** Writes each field of `v` that spec `s` says the call writes back with its value (one `v` lacks: `v` must take new fields). */
function probe(fn: string, name: string, v: unknown, s: Arg): void {
  if (!s.f || typeof v !== 'object' || v === null) return;
  const o = v as Record<string, unknown>;
  for (const f of s.f) {
    const has = f.n in o; // a field the object lacks is added by the call, if the object allows
    if (f.f) has && probe(fn, `${name}.${f.n}`, o[f.n], f);
    else if (f.r & 2)
      try {
        if (has) o[f.n] = o[f.n];
        else if (!Object.isExtensible(o)) throw new TypeError('the object is not extensible');
      } catch (e) {
        throw new TypeError(
          `sprung.${fn}: ${name}.${f.n} must be writable (writing it back threw: ${e instanceof Error ? e.message : show(e)})`,
        );
      }
  }
}

// ---- Float32Array arguments -------------------------------------------------------------

/** The check of an array argument against its spec (arrays.ts: only the members that take
 *  arrays hold it); its last argument checks each element of an array of numbers. */
let arrays: (...a: [...Parameters<Check<Arg>>, Check<Num>]) => void;

/** A check of argument (or field) `name` of `fn`, whose value is `v` and spec `s`, among `args` named `names`. */
type Check<S> = (
  fn: string,
  name: string,
  v: unknown,
  s: S,
  args: readonly unknown[],
  names: string[],
) => void;

/** Registers the check of array arguments (called once, by arrays.ts). @internal */
export function registerArrays(check: typeof arrays): void {
  arrays = check;
}

// ---- hand-written checks of what no C parameter describes ----------------------------------

/** `value` must be an integer in [min, max] (counts, sizes the TypeScript side chooses). */
export function integer(
  fn: string,
  name: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`sprung.${fn}: ${name} must be an integer in [${min}, ${max}], got ${show(value)}`);
}

/** `value` must be a finite number ≥ 0. */
export function nonNegative(fn: string, name: string, value: unknown): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!isFiniteNonNegative(value))
    throw new RangeError(`sprung.${fn}: ${name} must be a finite number ≥ 0, got ${show(value)}`);
}

/** An options object's own properties, copied (one inherited from `Object.prototype` is never
 *  read: `Object.prototype.bias = 1e9` changes nothing): `{}` for undefined, else it must be
 *  an object. */
export function options(fn: string, name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' && value !== undefined)
    throw new TypeError(`sprung.${fn}: ${name} must be an object, got ${show(value)}`);
  if (value === null) throw new TypeError(`sprung.${fn}: ${name} must be an object, got null`);
  return Object.assign(Object.create(null) as Record<string, unknown>, value);
}

/** Option `key` of options object `o` (checked by {@link options}): a finite number > 0, `dflt` when absent. */
export function positiveOption<K extends string>(
  fn: string,
  o: { [k in K]?: unknown },
  key: K,
  dflt: number,
): number {
  const v = o[key] ?? dflt;
  if (typeof v !== 'number' || !(v > 0 && v < Infinity))
    throw new RangeError(`sprung.${fn}: options.${key} must be a finite number > 0, got ${show(v)}`);
  return v;
}

export { requireInit as ready, initialized };
