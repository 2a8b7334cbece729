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
import { inHandedOutBlock, initialized, isRetired, requireInit, wasm, MAX_FLOATS } from './wasm.js';
import { back, deeper } from './scratch.js';

/** The largest float: a number beyond it is not a finite float, whatever double it is. */
export const MAX_F = 3.4028234663852886e38;

/** Fast path: a number that is a finite float (typeof first: a string never passes by coercion). */
export function isF(v: unknown): v is number {
  return typeof v === 'number' && v <= MAX_F && v >= -MAX_F;
}

/** Fast path: a boolean flag, or 0 or 1. */
export function isFlag(v: unknown): boolean {
  return v === true || v === false || v === 0 || v === 1;
}

/** Fast path: whether every component of vector `o` is 0 (a `when` clause's goal velocity), its
 *  getters run one frame deeper (they may call sprung). */
export function isZero2(o: { x: unknown; y: unknown; z?: unknown }): boolean {
  const was = deeper();
  try {
    return o.x === 0 && o.y === 0 && (o.z === undefined || o.z === 0);
  } finally {
    back(was);
  }
}

/** Fast path: a time, a finite float ≥ 0. */
export function isTime(t: unknown): boolean {
  return typeof t === 'number' && t >= 0 && t <= MAX_F;
}

// ---- specs ---------------------------------------------------------------------------------

/** Where a domain refers to another argument: its index, or [index, field]. */
type Ref = number | readonly [number, string];

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
interface Num {
  k: string;
  x: number;
  b: Bound[];
  e?: string[];
}

/** An argument (or an object's field): a number, an object of fields, or a Float32Array of at
 *  least the product of `len` floats (numbers, or arguments) (`arr` 2: or an array of numbers, each checked against
 *  `num`). `r`: read (1), written (2) or both (3); `fo`: the fields are optional. */
interface Arg {
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

/** Reads the compact spec `text` (the grammar of web/tools/specs.mjs). */
function parse(text: string): { fn: string; a: Arg[] } {
  const known = parsed.get(text);
  if (known) return known;
  const spec = read(text);
  parsed.set(text, spec);
  return spec;
}

function read(text: string): { fn: string; a: Arg[] } {
  let i = 0;
  const peek = () => text[i];
  const take = (re: RegExp): string => {
    const m = re.exec(text.slice(i));
    if (!m || m.index !== 0) throw new Error(`sprung: bad spec at ${i}: ${text}`);
    i += m[0].length;
    return m[0];
  };
  const ref = (): Ref => {
    const n = Number(take(/\d+/));
    return peek() === '.' ? (i++, [n, take(/\w+/)] as const) : n;
  };
  const num = (): Num => {
    if (peek() === 'e') {
      take(/e\(/);
      const e = take(/[^)]*/).split(',');
      i++;
      return { k: 'e', x: 0, b: [], e };
    }
    const k = take(/[fib]/);
    const x = '+~*'.indexOf(peek()) + 1;
    if (x) i++;
    const b: Bound[] = [];
    while (i < text.length && '<>'.includes(peek())) {
      const bound: Bound = { o: ['>=', '>', '<=', '<'].indexOf(take(/[<>]=?/)), v: Number(take(/[-\w.]+/)) };
      if (peek() === '/') (i++, (bound.over = ref()));
      if (peek() === '@') (i++, (bound.when = ref()));
      b.push(bound);
    }
    return { k, x, b };
  };
  const vector = (r: number, n: number): Arg[] =>
    [...'xyzw'.slice(0, n)].map((c) => ({ n: c, r, num: num0() }));
  const num0 = (): Num => ({ k: 'f', x: 0, b: [] });
  const type = (a: Arg): Arg => {
    const c = peek();
    if (c === 'a' || c === 'A') {
      take(/[aA]\[/);
      a.arr = c === 'a' ? 1 : 2;
      const len = take(/[^\]]*/);
      i++;
      if (len) a.len = len.split('*').map((t) => (t[0] === '$' ? refOf(t.slice(1)) : t));
      if (a.arr === 2) a.num = num();
    } else if (c === '{' || c === '?') {
      if (c === '?') (i++, (a.fo = true));
      i++;
      a.f = [];
      for (;;) {
        const f: Arg = { r: ' rwu'.indexOf(take(/[rwu]/)), n: take(/\w+/) };
        if (peek() === ':') (i++, type(f));
        else f.num = num0();
        a.f.push(f);
        if (take(/[,}]/) === '}') break;
      }
      a.r = a.f.reduce((r, f) => r | f.r, 0);
    } else if (/[rwu]\d/.test(text.slice(i, i + 2))) {
      a.r = ' rwu'.indexOf(take(/[rwu]/));
      a.f = vector(a.r, Number(take(/\d/)));
    } else a.num = num();
    return a;
  };
  const refOf = (t: string): Ref => {
    const [n, f] = t.split('.');
    return f === undefined ? Number(n) : [Number(n), f];
  };
  const fn = take(/\S+/);
  const a: Arg[] = [];
  while (i < text.length) {
    i++; // the space
    const arg: Arg = { n: take(/\w+/), r: 1 };
    if (peek() === '?') (i++, (arg.opt = true));
    i++; // '='
    a.push(type(arg));
  }
  return { fn, a };
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

const deref = (args: readonly unknown[], r: Ref): unknown =>
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

/** Whether `o.key = …` can succeed: a writable data property, an accessor with a setter,
 *  or a new property on an extensible object. */
function writable(o: object, key: string): boolean {
  for (let p: object | null = o; p !== null; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d) return d.set !== undefined || d.writable === true;
  }
  return Object.isExtensible(o);
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
  if (s.arr === 2 && Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) number(fn, `${name}[${k}]`, v[k], s.num!, args, names);
    return;
  }
  if (s.arr) {
    let len = 1;
    for (const r of s.len ?? []) len *= Number(typeof r === 'string' ? r : deref(args, r));
    // an absurd size names the arguments that make it, not the array
    if (len > MAX_FLOATS) {
      const what = (s.len ?? []).map((r) => (typeof r === 'string' ? r : refName(r, names)));
      throw new RangeError(
        `sprung.${fn}: ${what.join('·')} must be at most ${MAX_FLOATS} (what one WASM allocation holds), got ${len}`,
      );
    }
    floats(fn, name, v, s.len ? len : 0);
    if (s.arr === 2)
      for (let k = 0; k < (v as Float32Array).length; k++)
        number(fn, `${name}[${k}]`, (v as Float32Array)[k], s.num!, args, names);
    return;
  }
  if (s.num) return number(fn, name, v, s.num, args, names);
  if (typeof v !== 'object' || v === null) {
    const keys = s.f!.map((f) => f.n).join(', ');
    throw new TypeError(
      `sprung.${fn}: ${name} must be an object${keys ? ` with ${keys}` : ''}, got ${show(v)}`,
    );
  }
  const o = v as Record<string, unknown>;
  for (const f of s.f!) {
    const path = `${name}.${f.n}`;
    if (f.r & 2 && !f.f && !writable(o, f.n))
      throw new TypeError(
        `sprung.${fn}: ${path} must be writable (the object is frozen, or ${f.n} has a getter and no setter)`,
      );
    if (f.r & 1 || f.f) arg(fn, path, o[f.n], f, args, names, !!s.fo);
  }
}

const refName = (r: Ref, names: string[]): string =>
  typeof r === 'number' ? names[r] : `${names[r[0]]}.${r[1]}`;

/**
 * Checks `args` against `spec` (the wrapper's compact spec, its parameters in order): returns
 * when they are valid, else throws the TypeError or RangeError naming the function and the
 * argument.
 */
export function check(spec: Spec, ...args: unknown[]): void {
  const { fn, a } = parse(spec);
  requireInit(fn);
  const was = deeper(); // the arguments' getters may call sprung: in the next frame
  try {
    checkArguments(fn, a, args);
  } finally {
    back(was);
  }
}

function checkArguments(fn: string, a: Arg[], args: unknown[]): void {
  const names = a.map((s) => s.n);
  // numbers first, which other arguments' lengths and limits may depend on
  const first = (s: Arg) => s.num !== undefined && !s.arr && !s.num.b.some((b) => b.over !== undefined);
  for (let i = 0; i < a.length; i++) if (first(a[i])) arg(fn, a[i].n, args[i], a[i], args, names, false);
  for (let i = 0; i < a.length; i++) if (!first(a[i])) arg(fn, a[i].n, args[i], a[i], args, names, false);
  // the objects a call writes must be distinct: one written twice would hold either result
  const written = a.map((s, i) => (s.f && s.r & 2 && args[i] !== undefined ? i : -1)).filter((i) => i >= 0);
  for (const i of written)
    for (const j of written)
      if (i < j && args[i] === args[j])
        throw new TypeError(
          `sprung.${fn}: ${a[i].n} and ${a[j].n} must be different objects (both are written)`,
        );
  // last, once everything else is valid: every field the call writes is written back with its
  // own value, so that a setter or Proxy trap that refuses writes is named before anything changes
  for (let i = 0; i < a.length; i++) probe(fn, a[i].n, args[i], a[i]);
}

/** Writes each field of `v` that spec `s` says the call writes (and `v` has) back with its value. */
function probe(fn: string, name: string, v: unknown, s: Arg): void {
  if (!s.f || typeof v !== 'object' || v === null) return;
  const o = v as Record<string, unknown>;
  for (const f of s.f) {
    if (!(f.n in o)) continue;
    if (f.f) probe(fn, `${name}.${f.n}`, o[f.n], f);
    else if (f.r & 2)
      try {
        o[f.n] = o[f.n];
      } catch (e) {
        throw new TypeError(
          `sprung.${fn}: ${name}.${f.n} cannot be written (writing it back threw: ${e instanceof Error ? e.message : show(e)})`,
        );
      }
  }
}

// ---- Float32Array arguments -------------------------------------------------------------

const TypedArray = Object.getPrototypeOf(Float32Array.prototype) as object;
const intrinsic = (key: string) => Object.getOwnPropertyDescriptor(TypedArray, key)!.get!;
const lengthOf = intrinsic('length'),
  bufferOf = intrinsic('buffer'),
  offsetOf = intrinsic('byteOffset');

/**
 * `value` must be a real Float32Array (not a Proxy, with its own length: a subclass cannot
 * lie about it) of at least `length` elements. A view of sprung's own memory must lie in a
 * block the library handed out (a batch's view), never elsewhere in its heap. Returns the
 * byte offset of a view of WASM memory (so that a caller whose work may grow memory can
 * view it again), or −1.
 */
export function floats(fn: string, name: string, value: unknown, length: number): number {
  let n: number, buffer: ArrayBufferLike, offset: number;
  try {
    if (!(value instanceof Float32Array)) throw 0;
    n = lengthOf.call(value) as number;
    buffer = bufferOf.call(value) as ArrayBufferLike;
    offset = offsetOf.call(value) as number;
  } catch {
    throw new TypeError(`sprung.${fn}: ${name} must be a Float32Array, got ${show(value)}`);
  }
  if (isRetired(buffer))
    throw new TypeError(
      `sprung.${fn}: ${name} is a view from before sprung's memory grew (detached): read the getter again`,
    );
  if (n < length)
    throw new RangeError(`sprung.${fn}: ${name} must have at least ${length} elements, got ${n}`);
  if (buffer !== wasm.memory.buffer) return -1;
  if (inHandedOutBlock(offset, 4 * n)) return offset;
  throw new RangeError(
    `sprung.${fn}: ${name} is a view of sprung's memory that sprung did not hand out; pass a batch's view or an array of your own`,
  );
}

/** The length of a Float32Array that {@link floats} accepted, by the intrinsic getter (a
 *  subclass cannot lie about it). */
export function floatCount(value: Float32Array): number {
  return lengthOf.call(value) as number;
}

/**
 * The first `length` floats of a Float32Array that {@link floats} accepted (and for which it
 * returned `offset`) as a plain view of the current memory: a view of sprung's memory is
 * made again (memory may have grown since), and a subclass's own `buffer`, `byteOffset` or
 * `subarray` are not consulted.
 */
export function fresh(value: Float32Array, offset: number, length: number): Float32Array {
  return offset >= 0
    ? new Float32Array(wasm.memory.buffer, offset, length)
    : new Float32Array(bufferOf.call(value) as ArrayBuffer, offsetOf.call(value) as number, length);
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
  if (!isTime(value))
    throw new RangeError(`sprung.${fn}: ${name} must be a finite number ≥ 0, got ${show(value)}`);
}

export { requireInit as ready, initialized };
