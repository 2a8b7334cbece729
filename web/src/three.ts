/**
 * `sprung/three`: a drop-in for maath's `easing` — `damp`, `dampAngle`, `damp2`, `damp3`,
 * `damp4`, `dampE`, `dampC`, `dampQ`, `dampS`, `dampLookAt` and `dampM`, with maath's
 * positional parameters and defaults (`smoothTime` 0.25 s, `delta` 0.01 s, `maxSpeed`
 * Infinity, `easing`, `eps` 0.001) — on three.js objects, exact at any frame rate.
 *
 * maath's `damp` is Unity's SmoothDamp: a critical spring of smoothTime (sprung's halflife
 * smoothTime·ln2), stepped with an approximation of the exponential (maath's `easing`
 * argument), its speed limit clamped once per frame. Here the same motion is solved exactly
 * (three_smooth.ts): a step of 2·dt equals two of dt and a frame hitch changes nothing. The
 * spring's coefficients are the C core's (`sp_critical_spring_damper_coefs`), applied in double
 * as three.js keeps its numbers; a rotation's offset from its goal (a scaled axis) takes the
 * same step, as sprung's rotation spring does (`simpleSpringDamperExactQuat`).
 *
 * Duck-typed: any object with the fields (three.js `Vector3`, `Euler`, `Color`, `Quaternion`,
 * `Spherical`, `Matrix4`, `Object3D`, or plain objects) is updated in place, so three.js is
 * never imported. The velocities are held here, per object (see {@link velocityOf}), not written
 * onto the object. A `dt` of 0 or less changes nothing. Every function returns whether the
 * value is still moving, as maath's do, for render-on-demand loops.
 * @packageDocumentation
 */
import { show } from './check.js';
import { requireInit } from './wasm.js';
import { smoothStep, stepped } from './three_smooth.js';
import {
  basisToQuat,
  compose,
  decompose,
  fromOffset,
  lookRotation,
  mul,
  offsetOf,
} from './three_rotation.js';
export { init, initSync, isReady } from './springs_entry.js';
export { smoothTimeToHalflife, halflifeToSmoothTime } from './springs_entry.js';
export { bindAttribute } from './three_attribute.js';
export type { BufferAttributeLike } from './three_attribute.js';
export { bindSkeleton, type SkeletonBinding, type SkeletonBindingOptions } from './three_skin.js';

/** A 2D vector: three.js `Vector2`, or any object with numeric x, y. */
export interface Vector2Like {
  x: number;
  y: number;
}
/** A 3D vector: three.js `Vector3`, or any object with numeric x, y, z. */
export interface Vector3Like extends Vector2Like {
  z: number;
}
/** A 4D vector: three.js `Vector4`, or any object with numeric x, y, z, w. */
export interface Vector4Like extends Vector3Like {
  w: number;
}
/** A rotation: three.js `Quaternion` (unit length), or any object with numeric x, y, z, w. */
export type QuaternionLike = Vector4Like;
/** Euler angles in radians: three.js `Euler`, or any object with x, y, z (and an `order`, as
 *  three.js's `'XYZ'`, which {@link dampE} compares with the target's). */
export interface EulerLike extends Vector3Like {
  order?: string;
}
/** A colour: three.js `Color` (in its working colour space), or any object with numeric r, g, b. */
export interface ColorLike {
  r: number;
  g: number;
  b: number;
}
/** Spherical coordinates: three.js `Spherical` (radius, polar angle phi, azimuth theta, in radians). */
export interface SphericalLike {
  radius: number;
  phi: number;
  theta: number;
}
/** A 4×4 matrix: three.js `Matrix4`, or any object whose `elements` are 16 numbers in column-major order. */
export interface Matrix4Like {
  elements: { [index: number]: number; readonly length: number };
}
/**
 * What {@link dampLookAt} turns: three.js `Object3D` (a camera, a light, a mesh), or any object
 * with its `quaternion`, `up`, `matrixWorld`, `parent` and `updateWorldMatrix`.
 */
export interface Object3DLike {
  quaternion: QuaternionLike;
  up: Vector3Like;
  matrixWorld: Matrix4Like;
  parent?: { matrixWorld: Matrix4Like } | null;
  updateWorldMatrix?(updateParents: boolean, updateChildren: boolean): void;
  isCamera?: boolean;
  isLight?: boolean;
}
/**
 * maath's `easing` argument, accepted in its place and not called: maath steps the spring with
 * an approximation of e^(−ω·dt) that this function gives; here the step is the exact solution.
 */
export type Easing = (t: number) => number;

// ---- the velocities ------------------------------------------------------------------------

const velocities = new WeakMap<object, Record<string, number>>();

/** The record of the velocities held for the object `o`, made where there is none. */
function record(o: object): Record<string, number> {
  let v = velocities.get(o);
  if (!v) velocities.set(o, (v = Object.create(null) as Record<string, number>));
  return v;
}

/**
 * The velocities this layer holds for `current`, by field (`x`, `y`, `z` for a `Vector3`,
 * `r`, `g`, `b` for a `Color`, the property's name for {@link damp}), in units per second;
 * for a rotation damped by {@link dampQ} or {@link dampLookAt} (held for its `quaternion`), its
 * angular velocity: `x`, `y`, `z`, a scaled axis in radians per second (the world frame); for a
 * matrix damped by {@link dampM}, `px`, `py`, `pz` (position), `rx`, `ry`, `rz` (angular) and
 * `sx`, `sy`, `sz` (scale). A field not stepped yet reads `undefined` (0). The object is live:
 * set a field to 0, or every field, to stop the motion (after teleporting a camera, say).
 * Nothing is written onto `current` itself, and the record goes when `current` is garbage
 * collected.
 * @param current - an object damped by this layer's functions.
 * @returns the record of its velocities.
 * @example
 * camera.position.set(0, 10, 0); // teleport:
 * Object.assign(velocityOf(camera.position), { x: 0, y: 0, z: 0 }); // and no momentum
 */
export function velocityOf(current: object): Record<string, number> {
  if (typeof current !== 'object' || current === null)
    throw new TypeError(`sprung.velocityOf: current must be an object, got ${show(current)}`);
  return record(current);
}

// ---- the arguments -----------------------------------------------------------------------------

/** Throws the error of argument `name`: a TypeError where it is not a number, else a RangeError
 *  saying what it `must` be. */
function bad(fn: string, name: string, value: unknown, must = 'a finite number'): never {
  const m = `sprung.${fn}: ${name} must be `;
  throw typeof value !== 'number'
    ? new TypeError(`${m}a number, got ${show(value)}`)
    : new RangeError(`${m}${must}, got ${show(value)}`);
}
const isNumber = (x: unknown): x is number => typeof x === 'number';

/** Throws unless `x` is a number ≥ 0, `finite` or up to Infinity. */
function nonNegative(fn: string, name: string, x: unknown, finite: boolean): void {
  if (!(isNumber(x) && x >= 0 && (x < Infinity || !finite)))
    bad(fn, name, x, finite ? 'a finite number ≥ 0' : 'a number ≥ 0 or Infinity');
}

/** Checks the step's settings; returns the dt to step, 0 for a dt of 0 or less (a negative dt,
 *  the first frame of a loop that mixes `performance.now()` with requestAnimationFrame's
 *  timestamp, changes nothing). */
function settings(
  fn: string,
  time: unknown,
  dt: unknown,
  speed: unknown,
  easing: unknown,
  eps: unknown,
): number {
  requireInit(fn);
  nonNegative(fn, 'smoothTime', time, true);
  if (!Number.isFinite(dt)) bad(fn, 'dt', dt);
  nonNegative(fn, 'maxSpeed', speed, false);
  if (easing !== undefined && typeof easing !== 'function')
    throw new TypeError(`sprung.${fn}: easing must be a function or undefined, got ${show(easing)}`);
  nonNegative(fn, 'eps', eps, true);
  return (dt as number) > 0 ? (dt as number) : 0;
}

/**
 * A call's numbers: the values x, targets g and velocities v, then the new values and
 * velocities, the matrices m (the caller's) and e (the new one), and a rotation's offset o.
 * The caller's getters and setters may call this layer again (a setter that damps another
 * object, say): each call in progress has its own frame, so none is overwritten.
 */
interface Frame {
  x: Float64Array;
  g: Float64Array;
  v: Float64Array;
  nx: Float64Array;
  nv: Float64Array;
  m: Float64Array;
  e: Float64Array;
  o: Float64Array;
}
const frames: Frame[] = [];
let depth = 0;

/** The frame of a call starting (made the first time a call reaches this depth); the call ends
 *  with `depth--`. */
function enter(): Frame {
  const f = (frames[depth] ??= {
    x: new Float64Array(16),
    g: new Float64Array(16),
    v: new Float64Array(16),
    nx: new Float64Array(16),
    nv: new Float64Array(16),
    m: new Float64Array(16),
    e: new Float64Array(16),
    o: new Float64Array(4),
  });
  depth++;
  return f;
}

type Keys = readonly (string | number)[];
const XY = ['x', 'y'],
  XYZ = ['x', 'y', 'z'],
  XYZW = ['x', 'y', 'z', 'w'],
  RGB = ['r', 'g', 'b'],
  SPHERICAL = ['radius', 'phi', 'theta'],
  MATRIX = ['px', 'py', 'pz', 'rx', 'ry', 'rz', 'sx', 'sy', 'sz'],
  ELEMENTS = [...Array(16).keys()];

/** The name a message gives an object's field. */
const field = (name: string, key: string | number) =>
  typeof key === 'number' ? `${name}[${key}]` : `${name}.${key}`;

/** Reads the first n fields `keys` of `o` (an object: TypeError) into out[at…], each a finite number. */
function read(
  out: Float64Array,
  at: number,
  fn: string,
  name: string,
  o: unknown,
  keys: Keys,
  n = keys.length,
): void {
  if (typeof o !== 'object' || o === null)
    throw new TypeError(
      `sprung.${fn}: ${name} must be an object with ${keys.slice(0, n).join(', ')}, got ${show(o)}`,
    );
  for (let i = 0; i < n; i++) {
    const x = (o as Record<string | number, unknown>)[keys[i]];
    if (!Number.isFinite(x)) bad(fn, field(name, keys[i]), x);
    out[at + i] = x as number;
  }
}

/** Reads the target into out[at…]: a number for each of `keys` (where `scalar`), an array by
 *  index, or an object by field; all finite. */
function readTarget(
  out: Float64Array,
  at: number,
  fn: string,
  target: unknown,
  keys: Keys,
  scalar: boolean,
): void {
  if (scalar && isNumber(target)) {
    if (!Number.isFinite(target)) bad(fn, 'target', target);
    out.fill(target, at, at + keys.length);
  } else if (typeof target !== 'object' || target === null)
    throw new TypeError(
      `sprung.${fn}: target must be ${scalar ? 'a number, ' : ''}an object with ${keys.join(', ')} or an array of ${keys.length} numbers, got ${show(target)}`,
    );
  else
    read(
      out,
      at,
      fn,
      'target',
      target,
      Array.isArray(target) || ArrayBuffer.isView(target) ? ELEMENTS : keys,
      keys.length,
    );
}

/** Reads the velocities held for `current` (0 where none) into f.v[at…]. */
function readVelocity(f: Frame, at: number, fn: string, current: object, keys: Keys): void {
  const held = velocities.get(current);
  for (let i = 0; i < keys.length; i++) {
    const v = held?.[keys[i]] ?? 0;
    if (!Number.isFinite(v)) bad(fn, field('velocityOf(current)', keys[i]), v);
    f.v[at + i] = v;
  }
}

/** Writes f.nv[at…] as the velocities held for `current`. */
function keep(f: Frame, at: number, current: object, keys: Keys): void {
  const held = record(current);
  for (let i = 0; i < keys.length; i++) held[keys[i]] = f.nv[at + i];
}

/** Writes `values` to `o`'s fields, all or none: on a field that refuses (frozen, a getter
 *  without a setter), the fields written are restored from `old` and a TypeError names it. */
function write(
  fn: string,
  name: string,
  o: object,
  keys: Keys,
  values: Float64Array,
  old: Float64Array,
): void {
  const t = o as Record<string | number, number>;
  let i = 0;
  try {
    for (; i < keys.length; i++) t[keys[i]] = values[i];
  } catch {
    for (let k = 0; k < i; k++) t[keys[k]] = old[k];
    throw new TypeError(
      `sprung.${fn}: ${field(name, keys[i])} must be writable (the object is frozen, or ${keys[i]} has a getter and no setter)`,
    );
  }
}

/**
 * Steps the n values f.x[xi…] toward f.g[xi…] with the velocities f.v[vi…] into f.nx[xi…] and
 * f.nv[vi…] (unchanged where `dt` is 0): SmoothDamp solved exactly, stopping at the target
 * where `stop`. Returns whether any is still moving (farther than eps, or faster).
 */
function linear(
  f: Frame,
  xi: number,
  vi: number,
  n: number,
  time: number,
  dt: number,
  speed: number,
  eps: number,
  stop = true,
): boolean {
  let moving = false;
  for (let k = 0; k < n; k++) {
    let x = f.x[xi + k],
      v = f.v[vi + k];
    const g = f.g[xi + k];
    if (dt) {
      smoothStep(x, v, g, time, dt, speed, stop);
      ((x = stepped.x), (v = stepped.v));
    }
    f.nx[xi + k] = x;
    f.nv[vi + k] = v;
    moving ||= Math.abs(x - g) > eps || Math.abs(v) > eps;
  }
  return moving;
}

/**
 * Turns the rotation f.x[i..i+4) toward f.g[i..i+4) with the angular velocity f.v[j..j+3) into
 * f.nx (where `dt` > 0) and f.nv: its offset from the goal (a scaled axis, in f.o) takes the
 * spring's step on each axis, keeping its momentum past the goal. Returns whether it is still
 * turning.
 */
function turn(f: Frame, i: number, j: number, time: number, dt: number, speed: number, eps: number): boolean {
  const o = f.o;
  offsetOf(f.x, f.g, i, o);
  for (let k = 0; k < 3; k++) {
    let v = f.v[j + k];
    if (dt) {
      smoothStep(o[k], v, 0, time, dt, speed, false);
      ((o[k] = stepped.x), (v = stepped.v));
    }
    f.nv[j + k] = v;
  }
  if (dt) fromOffset(o, f.g, i, f.nx);
  return Math.hypot(o[0], o[1], o[2]) > eps || Math.hypot(f.nv[j], f.nv[j + 1], f.nv[j + 2]) > eps;
}

/** damp's and dampAngle's keys: per frame, the one property of the call about to enter it. */
const props: (string | number)[][] = [];

/** The keys of `prop`, checked (after init(), as every check), for a call of damp or dampAngle. */
function key(fn: string, prop: unknown): Keys {
  requireInit(fn);
  if (typeof prop !== 'string' && !Number.isInteger(prop))
    throw new TypeError(`sprung.${fn}: prop must be a property name or index, got ${show(prop)}`);
  const k = (props[depth] ??= ['']);
  k[0] = prop as string | number;
  return k;
}

/**
 * The functions of fields: each field `keys` of `current` toward the target's, as angles where
 * `angles` (bit i for keys[i]: the target taken within half a turn).
 */
function fields(
  fn: string,
  current: object,
  keys: Keys,
  target: unknown,
  scalar: boolean,
  angles: number,
  time: number,
  dt: number,
  speed: number,
  easing: unknown,
  eps: number,
): boolean {
  const f = enter();
  try {
    const step = settings(fn, time, dt, speed, easing, eps);
    read(f.x, 0, fn, 'current', current, keys);
    readTarget(f.g, 0, fn, target, keys, scalar);
    readVelocity(f, 0, fn, current, keys);
    for (let i = 0; i < keys.length; i++)
      if (angles & (1 << i)) {
        const d = f.g[i] - f.x[i];
        f.g[i] = f.x[i] + (d - 2 * Math.PI * Math.round(d / (2 * Math.PI))); // the target's turn nearest the angle
      }
    const moving = linear(f, 0, 0, keys.length, time, step, speed, eps);
    if (step) {
      write(fn, 'current', current, keys, f.nx, f.x);
      keep(f, 0, current, keys);
    }
    return moving;
  } finally {
    depth--;
  }
}

// ---- the functions (maath's parameters and defaults) ---------------------------------------------

/**
 * Moves the number `current[prop]` toward `target`: SmoothDamp (a critical spring of
 * `smoothTime`, never passing the target, at most `maxSpeed`), solved exactly, so that the
 * motion is the same at any frame rate. The velocity is held for `current` ({@link velocityOf}).
 * @param current - the object whose property moves, updated in place.
 * @param prop - the property's name (or index), a finite number.
 * @param target - where it goes.
 * @param smoothTime - [s] (≥ 0) maath's and Unity's smoothTime: about the time to get there, and
 *   the lag behind a target moving at constant speed; 0 snaps (default 0.25). The spring's
 *   halflife is smoothTime·ln2 ({@link smoothTimeToHalflife}).
 * @param dt - [s] the frame's time step (maath's `delta`, default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [units/s] (≥ 0) the largest speed, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted in its place and not used: the step is the
 *   exact solution, which maath's easing approximates.
 * @param eps - how close to the target, and how slow, counts as arrived for the result (0.001).
 *   The value is never snapped to the target (maath's is, within eps).
 * @returns whether it is still moving: farther than `eps` from the target, or faster than `eps` per second.
 * @example
 * damp(material, 'opacity', hovered ? 1 : 0, 0.2, dt);
 */
export function damp(
  current: object,
  prop: string | number,
  target: number,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return fields('damp', current, key('damp', prop), target, true, 0, smoothTime, dt, maxSpeed, easing, eps);
}

/**
 * {@link damp} for an angle in radians: it turns toward `target` the short way round (from 3.1
 * to −3.1 through π, not through 0), and ends on the target's turn nearest its start, so the
 * value never jumps by 2π.
 * @param current - the object whose angle moves, updated in place.
 * @param prop - the property's name (or index).
 * @param target - [rad] the angle it goes to.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 * @example
 * dampAngle(player.rotation, 'y', Math.atan2(dx, dz), 0.15, dt); // turns to face (dx, dz)
 */
export function dampAngle(
  current: object,
  prop: string | number,
  target: number,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return fields(
    'dampAngle',
    current,
    key('dampAngle', prop),
    target,
    true,
    1,
    smoothTime,
    dt,
    maxSpeed,
    easing,
    eps,
  );
}

/**
 * {@link damp} on a 2D vector's `x` and `y`, each on its own (maxSpeed applies to each).
 * @param current - the vector, updated in place (three.js `Vector2`, a PixiJS `Point`…).
 * @param target - a vector, `[x, y]`, or one number for both.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [units/s] (≥ 0) the largest speed of each component, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function damp2(
  current: Vector2Like,
  target: Vector2Like | readonly number[] | number,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return fields('damp2', current, XY, target, true, 0, smoothTime, dt, maxSpeed, easing, eps);
}

/**
 * {@link damp} on a 3D vector's `x`, `y` and `z`, each on its own, as maath's `easing.damp3`:
 * a camera, an object's position or scale follows its target, exactly at any frame rate.
 * @param current - the vector, updated in place (three.js `Vector3`).
 * @param target - a vector, `[x, y, z]`, or one number for all three.
 * @param smoothTime - [s] (≥ 0) about the time to get there, and the lag behind a target moving at
 *   constant speed (default 0.25); 0 snaps.
 * @param dt - [s] the frame's time step (default 0.01). 0 or less changes nothing: the loop
 *   `dt = (now − last) / 1000` with `last = performance.now()` and `now` from
 *   requestAnimationFrame gives a small negative dt on its first frame (the frame's timestamp
 *   precedes the script).
 * @param maxSpeed - [units/s] (≥ 0) the largest speed of each component, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving (for render-on-demand: keep rendering while true).
 * @example
 * damp3(camera.position, rig.position, 0.25, dt);
 */
export function damp3(
  current: Vector3Like,
  target: Vector3Like | readonly number[] | number,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return fields('damp3', current, XYZ, target, true, 0, smoothTime, dt, maxSpeed, easing, eps);
}

/**
 * {@link damp} on a 4D vector's `x`, `y`, `z` and `w`, each on its own (for a rotation, use {@link dampQ}).
 * @param current - the vector, updated in place (three.js `Vector4`).
 * @param target - a vector, `[x, y, z, w]`, or one number for all four.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [units/s] (≥ 0) the largest speed of each component, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function damp4(
  current: Vector4Like,
  target: Vector4Like | readonly number[] | number,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return fields('damp4', current, XYZW, target, true, 0, smoothTime, dt, maxSpeed, easing, eps);
}

/**
 * {@link dampAngle} on each of Euler angles' `x`, `y` and `z` (radians; a three.js `Euler` keeps
 * its order, and its object's quaternion follows). Each angle turns the short way. Angles of
 * different orders are different rotations: a target whose order (`target.order`, or an array's
 * fourth element) differs from `current.order` is refused (convert it first, e.g. with three.js's
 * `euler.reorder(current.order)`), where maath's `dampE` would settle on another rotation.
 * @param current - the angles, updated in place (`object.rotation`).
 * @param target - angles `{x, y, z, order?}` or `[x, y, z, order?]`.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed of each angle, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 * @throws a RangeError where the orders differ.
 */
export function dampE(
  current: EulerLike,
  target: EulerLike | readonly [number, number, number, string?] | readonly number[],
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  const a = (current as Partial<EulerLike> | null)?.order,
    b = Array.isArray(target) ? target[3] : (target as Partial<EulerLike> | null)?.order;
  if (typeof a === 'string' && typeof b === 'string' && a !== b)
    throw new RangeError(`sprung.dampE: target's order ${b} must be current's, ${a}: convert it first`);
  return fields('dampE', current, XYZ, target, false, 7, smoothTime, dt, maxSpeed, easing, eps);
}

/** Where {@link dampC} has three.js read a number or CSS string: a Color of the caller's class. */
let parsed: (ColorLike & { set(value: unknown): unknown }) | undefined;

/**
 * {@link damp} on a colour's `r`, `g` and `b`, each on its own, in the colour's own space. The
 * target is what maath takes: a colour `{r, g, b}` (three.js `Color`, read as it is), an array
 * `[r, g, b]` (taken as it is, as three.js's `setRGB` does), or a hex number or CSS string
 * (`0xff0000`, `'#f00'`, `'rgb(255 0 0)'`, `'hotpink'`) that three.js's own `Color` reads, with
 * its colour management, into its working colour space: current's class does that (a Color
 * made once from it), so sprung never imports three.js. A number or string target thus needs
 * current to be a three.js `Color`.
 * @param current - the colour, updated in place (`material.color`).
 * @param target - a colour `{r, g, b}`, `[r, g, b]`, a hex number or a CSS string.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [1/s] (≥ 0) the largest rate of each channel, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 * @example
 * dampC(material.color, hovered ? 'hotpink' : 0x808080, 0.2, dt);
 */
export function dampC(
  current: ColorLike,
  target: ColorLike | readonly number[] | number | string,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  if (isNumber(target) || typeof target === 'string') {
    const c = current as Partial<{ isColor: boolean; clone(): typeof parsed }> | null;
    if (!(c?.isColor && typeof c.clone === 'function'))
      throw new TypeError(
        `sprung.dampC: a ${typeof target} target needs current to be a three.js Color, got ${show(current)}`,
      );
    if (parsed?.constructor !== current.constructor) parsed = c.clone();
    parsed!.r = NaN;
    parsed!.set(target);
    if (!Number.isFinite(parsed!.r))
      throw new TypeError(`sprung.dampC: target ${show(target)} is not a colour three.js reads`);
    target = parsed!;
  }
  return fields('dampC', current, RGB, target, false, 0, smoothTime, dt, maxSpeed, easing, eps);
}

/**
 * Spherical coordinates: {@link damp} on `radius`, {@link dampAngle} on `phi` and `theta` (an
 * orbit camera's distance, polar angle and azimuth; the azimuth turns the short way).
 * @param current - the coordinates, updated in place (three.js `Spherical`).
 * @param target - `{radius, phi, theta}` or `[radius, phi, theta]`.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - (≥ 0) the largest speed of each coordinate (units/s and rad/s), Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function dampS(
  current: SphericalLike,
  target: SphericalLike | readonly number[],
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return fields('dampS', current, SPHERICAL, target, false, 6, smoothTime, dt, maxSpeed, easing, eps);
}

// ---- rotations ----------------------------------------------------------------------------------

/**
 * Turns the rotation `current` toward `target` along the shortest arc: sprung's exact rotation
 * spring (`simpleSpringDamperExactQuat`, halflife smoothTime·ln2), so its angle follows the
 * scalar critical spring however long the frame, where maath's `dampQ` springs the
 * quaternion's four numbers and renormalises. It keeps its momentum: a target that swings
 * back past it is overshot a little and returned to, smoothly (a spring from rest never
 * overshoots). The angular velocity is held for `current` ({@link velocityOf}: `x`, `y`, `z`).
 *
 * With `maxSpeed`, the rotation's offset from its target (a scaled axis, radians) moves as
 * {@link damp3} moves a vector, at most maxSpeed about each axis, solved exactly in double.
 * @param current - the unit quaternion, updated in place (three.js `Quaternion`: its object's
 *   `rotation` follows).
 * @param target - a unit quaternion `{x, y, z, w}` or `[x, y, z, w]`.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed about each of the world's axes,
 *   Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - [rad] how close (an angle), and how slow (rad/s), counts as arrived for the result (0.001).
 * @returns whether it is still turning.
 * @example
 * dampQ(camera.quaternion, rig.quaternion, 0.25, dt);
 */
export function dampQ(
  current: QuaternionLike,
  target: QuaternionLike | readonly number[],
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  return rotation('dampQ', current, target, null, quaternionGoal, smoothTime, dt, maxSpeed, easing, eps);
}

/** The goal of a rotation function, into f.g[0..4): dampQ's a quaternion, dampLookAt's {@link lookAt}. */
type Goal = (f: Frame, fn: string, look: Object3DLike, target: unknown) => void;
const quaternionGoal: Goal = (f, fn, _, target) => readTarget(f.g, 0, fn, target, XYZW, false);

/**
 * The rotation functions: `current` (a quaternion) toward the rotation `goal` reads from
 * `target` (and for dampLookAt, the object `look`).
 */
function rotation(
  fn: string,
  current: QuaternionLike,
  target: unknown,
  look: Object3DLike | null,
  goal: Goal,
  time: number,
  dt: number,
  speed: number,
  easing: unknown,
  eps: number,
): boolean {
  const f = enter();
  try {
    const step = settings(fn, time, dt, speed, easing, eps);
    read(f.x, 0, fn, look ? 'current.quaternion' : 'current', current, XYZW);
    goal(f, fn, look!, target);
    readVelocity(f, 0, fn, current, XYZ);
    const moving = turn(f, 0, 0, time, step, speed, eps);
    if (step) {
      write(fn, 'current', current, XYZW, f.nx, f.x);
      keep(f, 0, current, XYZ);
    }
    return moving;
  } finally {
    depth--;
  }
}

/** f.g[0..4) = the local rotation with which `object` looks at the point `target` (a number for
 *  x, y and z, an array or an object with x, y, z), as three.js's `lookAt` turns it: its +z
 *  toward the point, a camera's or light's −z, its +y as near its `up` as that allows. */
function lookAt(f: Frame, fn: string, object: Object3DLike, target: unknown): void {
  const a = f.m;
  readTarget(a, 6, fn, target, XYZ, true);
  if (typeof object.updateWorldMatrix === 'function') object.updateWorldMatrix(true, false);
  read(a, 9, fn, 'current.matrixWorld.elements', object.matrixWorld?.elements, [12, 13, 14]);
  read(a, 3, fn, 'current.up', object.up, XYZ);
  const away = object.isCamera || object.isLight ? 1 : -1; // looks along −z: +z away from the point
  for (let k = 0; k < 3; k++) a[k] = away * (a[9 + k] - a[6 + k]);
  if (!(Math.hypot(a[0], a[1], a[2]) > 0)) a[2] = 1; // at the point: three.js's +z
  lookRotation(a, f.g, 0);
  const parent = object.parent;
  if (parent) {
    // local = parent's world rotation⁻¹ · world
    read(a, 0, fn, 'current.parent.matrixWorld.elements', parent.matrixWorld?.elements, ELEMENTS);
    for (let c = 0; c < 3; c++) {
      const s = Math.hypot(a[4 * c], a[4 * c + 1], a[4 * c + 2]);
      for (let r = 0; r < 3; r++) a[4 * c + r] /= s;
    }
    basisToQuat(a, 0, 4, a, 0);
    mul(-a[0], -a[1], -a[2], a[3], f.g[0], f.g[1], f.g[2], f.g[3], f.g, 0);
  }
}

/**
 * Turns `current` (an `Object3D`: a camera, a light, a mesh) to look at the point `target`, as
 * three.js's `lookAt` would turn it at once, with {@link dampQ}'s rotation spring on its
 * `quaternion`: a camera's (or light's) −z, any other object's +z, toward the point, its +y as
 * near its `up` as that allows, in its parent's frame. Where maath's `dampLookAt` damps twice
 * under a parent, this damps once toward the rotation three.js's `lookAt` gives. The angular
 * velocity is held for `current.quaternion`.
 * @param current - the object, whose `quaternion` is updated in place (`updateWorldMatrix`, when
 *   it has one, is called first, as three.js's `lookAt` does).
 * @param target - the point it looks at: a vector, `[x, y, z]`, or one number for all three.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed about each axis, Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - [rad] how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still turning.
 * @example
 * dampLookAt(camera, player.position, 0.3, dt);
 */
export function dampLookAt(
  current: Object3DLike,
  target: Vector3Like | readonly number[] | number,
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  if (typeof current !== 'object' || current === null)
    throw new TypeError(`sprung.dampLookAt: current must be an Object3D, got ${show(current)}`);
  return rotation(
    'dampLookAt',
    current.quaternion,
    target,
    current,
    lookAt,
    smoothTime,
    dt,
    maxSpeed,
    easing,
    eps,
  );
}

/**
 * Moves the matrix `current` toward `target` as a position, a rotation and a scale: it takes
 * both apart (three.js's `decompose`), moves the position and the scale as {@link damp3} does
 * and turns the rotation as {@link dampQ} does, and puts `current` together again. The
 * velocities are held for `current` ({@link velocityOf}: `px`…, `rx`…, `sx`…). A matrix that
 * shears is not a position, rotation and scale: its shear is lost, as in three.js.
 * @param current - the matrix, whose `elements` (column-major) are updated in place (three.js `Matrix4`).
 * @param target - a matrix, or its 16 numbers in row-major order (as three.js's `Matrix4.set` takes them).
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps (default 0.25).
 * @param dt - [s] the frame's time step (default 0.01); 0 or less changes nothing.
 * @param maxSpeed - (≥ 0) the largest speed of each coordinate (units/s, rad/s), Infinity (the default) for none.
 * @param easing - maath's easing function, accepted and not used (the step is exact).
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function dampM(
  current: Matrix4Like,
  target: Matrix4Like | readonly number[],
  smoothTime = 0.25,
  dt = 0.01,
  maxSpeed = Infinity,
  easing?: Easing,
  eps = 0.001,
): boolean {
  const fn = 'dampM',
    f = enter();
  try {
    const step = settings(fn, smoothTime, dt, maxSpeed, easing, eps);
    const elements = (current as Partial<Matrix4Like> | null)?.elements;
    read(f.m, 0, fn, 'current.elements', elements, ELEMENTS);
    decompose(f.m, f.x, 0);
    const rows = Array.isArray(target);
    read(
      f.nx,
      0,
      fn,
      rows ? 'target' : 'target.elements',
      rows ? target : (target as Partial<Matrix4Like> | null)?.elements,
      ELEMENTS,
    );
    if (rows) for (let k = 0; k < 16; k++) f.nv[4 * (k & 3) + (k >> 2)] = f.nx[k]; // row-major to column-major
    decompose(rows ? f.nv : f.nx, f.g, 0);
    readVelocity(f, 0, fn, current, MATRIX);
    // position x[0..3), rotation x[3..7), scale x[7..10); their velocities v[0..3), v[3..6), v[6..9)
    const turning = turn(f, 3, 3, smoothTime, step, maxSpeed, eps),
      moving = linear(f, 0, 0, 3, smoothTime, step, maxSpeed, eps),
      scaling = linear(f, 7, 6, 3, smoothTime, step, maxSpeed, eps);
    if (step) {
      compose(f.nx, 0, f.e);
      write(fn, 'current.elements', elements!, ELEMENTS, f.e, f.m);
      keep(f, 0, current, MATRIX);
    }
    return turning || moving || scaling;
  } finally {
    depth--;
  }
}
