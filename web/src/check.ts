/**
 * Argument checks. Every wrapper first tests its arguments with one cheap expression built
 * from the fast predicates below; only when that is false does it call {@link check} with
 * its spec (generated from the header's doc tags into `gen/specs.ts`), which throws a
 * TypeError (wrong type or shape) or a RangeError (outside the domain) naming the function
 * and the argument — `sprung.damperExact: halflife must be a finite number ≥ 0, got -1` —
 * or returns when the arguments are valid after all. A predicate may be stricter than the
 * spec (valid but unusual input then takes the slow path), never looser: a test checks
 * every wrapper against its spec.
 * @internal
 */
import { inHandedOutBlock, initialized, isRetired, requireInit, wasm } from './wasm.js';

/** Where a domain refers to another argument: its index, or [index, field]. */
export type Ref = number | readonly [number, string];

/** A bound `value op v` (ops 0 ≥, 1 >, 2 ≤, 3 <), against `v / ref` when `over` is given;
 *  with `when`, it applies only while that argument is not 0 (and has its own message). */
export interface Bound {
  readonly o: 0 | 1 | 2 | 3;
  readonly v: number;
  readonly over?: Ref;
  readonly when?: Ref;
  readonly must?: string;
}

/** A number's spec: `k` float, integer, boolean flag or one of the names `e`; `x` admits
 *  +Infinity (1), ±Infinity (2) or anything (3) beyond finite numbers. */
export interface Num {
  readonly k: 'f' | 'i' | 'b' | 'e';
  readonly must: string;
  readonly x?: 1 | 2 | 3;
  readonly b?: readonly Bound[];
  readonly e?: readonly string[];
}

/** An argument (or an object's field): a number, an object of fields, or a Float32Array
 *  of at least the product of `len` floats (arguments, or number literals as strings);
 *  `arr: 2` also takes an array of numbers, and checks every element against `num`.
 *  `r`: read (1), written (2) or both (3). */
export interface Arg {
  readonly n: string;
  readonly r: number;
  readonly opt?: 1;
  readonly num?: Num;
  readonly f?: readonly Arg[];
  readonly arr?: 1 | 2;
  readonly len?: readonly (Ref | string)[];
}

/** A wrapper's arguments, in its parameter order. */
export interface Spec {
  readonly fn: string;
  readonly a: readonly Arg[];
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

function number(fn: string, name: string, v: unknown, s: Num, args: readonly unknown[]): void {
  if (s.k === 'b') {
    if (typeof v !== 'boolean' && v !== 0 && v !== 1)
      throw new TypeError(`sprung.${fn}: ${name} must be ${s.must}, got ${show(v)}`);
    return;
  }
  if (s.k === 'e') {
    if (typeof v !== 'string' || !s.e!.includes(v))
      throw new TypeError(`sprung.${fn}: ${name} must be ${s.must}, got ${show(v)}`);
    return;
  }
  if (typeof v !== 'number') throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(v)}`);
  const x = s.x ?? 0;
  let ok = v === v ? v < Infinity || x >= 1 : x === 3;
  if (v === -Infinity) ok = x >= 2;
  if (ok && s.k === 'i') ok = Number.isInteger(v);
  for (const b of s.b ?? []) {
    if (!ok) break;
    if (b.when !== undefined && isZero(deref(args, b.when))) continue;
    const lim = b.over === undefined ? b.v : b.v / (deref(args, b.over) as number);
    const pass = b.o === 0 ? v >= lim : b.o === 1 ? v > lim : b.o === 2 ? v <= lim : v < lim;
    if (!pass && b.must) throw new RangeError(`sprung.${fn}: ${name} must be ${b.must}, got ${show(v)}`);
    ok = pass;
  }
  if (!ok) throw new RangeError(`sprung.${fn}: ${name} must be ${s.must}, got ${show(v)}`);
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
  fieldsOptional: boolean,
): void {
  if (v === undefined && (s.opt || fieldsOptional)) return;
  if (s.arr === 2 && Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) number(fn, `${name}[${k}]`, v[k], s.num!, args);
    return;
  }
  if (s.arr) {
    const len = (s.len ?? []).reduce<number>(
      (n, r) => n * Number(typeof r === 'string' ? r : deref(args, r)),
      1,
    );
    floats(fn, name, v, s.len ? len : 0);
    if (s.arr === 2)
      for (let k = 0; k < (v as Float32Array).length; k++)
        number(fn, `${name}[${k}]`, (v as Float32Array)[k], s.num!, args);
    return;
  }
  if (s.num) return number(fn, name, v, s.num, args);
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
    if (f.r & 1 || f.f) arg(fn, path, o[f.n], f, args, s.opt === 1 && s.f!.every((g) => g.r === 1));
  }
}

/**
 * Checks `args` against `spec` (the wrapper's parameters in order): returns when they are
 * valid, else throws the TypeError or RangeError naming the function and the argument.
 */
export function check(spec: Spec, ...args: unknown[]): void {
  requireInit(spec.fn);
  // numbers first, which other arguments' lengths and limits may depend on
  const a = spec.a;
  const first = (s: Arg) => s.num !== undefined && !s.arr && !s.num.b?.some((b) => b.over !== undefined);
  for (let i = 0; i < a.length; i++) if (first(a[i])) arg(spec.fn, a[i].n, args[i], a[i], args, false);
  for (let i = 0; i < a.length; i++) if (!first(a[i])) arg(spec.fn, a[i].n, args[i], a[i], args, false);
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
  if (!(value >= 0 && value < Infinity))
    throw new RangeError(`sprung.${fn}: ${name} must be a finite number ≥ 0, got ${show(value)}`);
}

/** `value` must be undefined or an object (an options argument); returns it as a record. */
export function options(fn: string, name: string, value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null)
    throw new TypeError(`sprung.${fn}: ${name} must be an object, got ${show(value)}`);
  return value as Record<string, unknown>;
}

export { requireInit as ready, initialized };

// ---- fast paths -------------------------------------------------------------------------
// A written object's fields are written back with their own values, so that a frozen or
// getter-only object fails here — before anything is written — and takes the slow path,
// whose check names it. (Writing a number back to a plain field costs nothing measurable;
// in strict code a write that cannot happen throws, hence the try.)

type Fields = Record<string, number>;

/** Fast path: a `{x, v}` of finite numbers that can be written back. */
export function isState(s: unknown): boolean {
  if (typeof s !== 'object' || s === null) return false;
  const o = s as Fields,
    x = o.x,
    v = o.v;
  if (!(Number.isFinite(x) && Number.isFinite(v))) return false;
  try {
    o.x = x;
    o.v = v;
  } catch {
    return false;
  }
  return true;
}

/** Fast path: an object (not null). */
export function isObject(o: unknown): o is object {
  return typeof o === 'object' && o !== null;
}

/** Fast path: `o[key]` is a finite number that can be written back. */
export function isField(o: unknown, key: string): boolean {
  if (typeof o !== 'object' || o === null) return false;
  const v = (o as Fields)[key];
  if (!Number.isFinite(v)) return false;
  try {
    (o as Fields)[key] = v;
  } catch {
    return false;
  }
  return true;
}

/** Fast path: `o.t` is a number ≥ 0 (Infinity included) that can be written back. */
export function isClock(o: unknown): boolean {
  if (typeof o !== 'object' || o === null) return false;
  const t = (o as Fields).t;
  if (!(typeof t === 'number' && t >= 0)) return false;
  try {
    (o as Fields).t = t;
  } catch {
    return false;
  }
  return true;
}

/** Fast path: a `{x, y}` of finite numbers (read only). */
export function isVec2(v: unknown): boolean {
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isFinite((v as Fields).x) &&
    Number.isFinite((v as Fields).y)
  );
}

/** Fast path: a `{x, y}` of finite numbers that can be written back. */
export function isVec2W(v: unknown): boolean {
  if (!isVec2(v)) return false;
  const o = v as Fields;
  try {
    o.x = o.x;
    o.y = o.y;
  } catch {
    return false;
  }
  return true;
}

/** Fast path: a `{x, y, z}` of finite numbers (read only). */
export function isVec3(v: unknown): boolean {
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isFinite((v as Fields).x) &&
    Number.isFinite((v as Fields).y) &&
    Number.isFinite((v as Fields).z)
  );
}

/** Fast path: a `{x, y, z, w}` of finite numbers (read only). */
export function isQuat(q: unknown): boolean {
  return isVec3(q) && Number.isFinite((q as Fields).w);
}

/** Fast path: a `{x, y, z}` of finite numbers that can be written back. */
export function isVec3W(v: unknown): boolean {
  if (!isVec3(v)) return false;
  const o = v as Fields;
  try {
    o.x = o.x;
    o.y = o.y;
    o.z = o.z;
  } catch {
    return false;
  }
  return true;
}

/** Fast path: a `{x, y, z, w}` of finite numbers that can be written back. */
export function isQuatW(q: unknown): boolean {
  if (!isVec3W(q) || !Number.isFinite((q as Fields).w)) return false;
  try {
    (q as Fields).w = (q as Fields).w;
  } catch {
    return false;
  }
  return true;
}

/** Fast path: an optional `out` (absent, or an object that has the numeric fields `keys`
 *  and can be written: other `out`s take the slow path). */
export function isOut3(out: unknown): boolean {
  return out === undefined || isVec3W(out);
}
/** As {@link isOut3}, for a 2D vector. */
export function isOut2(out: unknown): boolean {
  return out === undefined || isVec2W(out);
}
/** As {@link isOut3}, for a quaternion. */
export function isOut4(out: unknown): boolean {
  return out === undefined || isQuatW(out);
}

/** Fast path: a boolean flag, or 0 or 1. */
export function isFlag(v: unknown): boolean {
  return v === true || v === false || v === 0 || v === 1;
}

/** Fast path: a finite number ≥ 0 (halflife, dt). */
export function isTime(t: unknown): boolean {
  return typeof t === 'number' && t >= 0 && t < Infinity;
}

/** Fast path: a finite number (typeof first: a string never passes by coercion). */
export function isNum(t: unknown): boolean {
  return typeof t === 'number' && t - t === 0;
}

/** Fast path: the library is initialised, `state` is a writable finite `{x, v}`, `halflife`
 *  and `dt` are times. */
export function isSpringStep(state: unknown, halflife: unknown, dt: unknown): boolean {
  return initialized && isState(state) && isTime(halflife) && isTime(dt);
}

/** Fast path: four finite numbers (pass 0 for unused ones). */
export function isFinite4(a: unknown, b: unknown, c: unknown, d: unknown): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c) && Number.isFinite(d);
}
