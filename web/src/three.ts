/**
 * `sprung/three`: the shapes of maath's `easing` (`damp`, `dampAngle`, `damp2`, `damp3`,
 * `damp4`, `dampE`, `dampC`, `dampS`, `dampQ`) on three.js objects, exact at any frame rate.
 *
 * maath's `damp` is Unity's SmoothDamp: a critical spring of smoothTime (sprung's halflife
 * smoothTime·ln2), stepped with an approximation of the exponential, its speed limit clamped
 * once per frame. Here the same motion is solved exactly (three_smooth.ts): a step of 2·dt
 * equals two of dt and a frame hitch changes nothing. The spring is the C core's
 * (`simpleSpringDamperExact`'s coefficients), applied in double as three.js keeps its numbers;
 * `dampQ`'s is sprung's rotation spring.
 *
 * Duck-typed: any object with the fields (three.js `Vector3`, `Euler`, `Color`, `Quaternion`,
 * `Spherical`, or plain objects) is updated in place, so three.js is never a dependency. The
 * velocities are held here, per object (see {@link velocityOf}), not written onto the object.
 * A negative `dt` counts as 0 (see {@link damp3}). Every function returns whether the value
 * is still moving, as maath's do, for render-on-demand loops.
 * @packageDocumentation
 */
import { quatStep } from './steps.js';
import { show } from './check.js';
import { requireInit } from './wasm.js';
import { smoothStep, stepped } from './three_smooth.js';
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
/** Euler angles in radians: three.js `Euler` (its order is kept), or any object with x, y, z. */
export type EulerLike = Vector3Like;
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

const TAU = 2 * Math.PI;
const EPS = 0.001; // maath's

// ---- the velocities ------------------------------------------------------------------------

const velocities = new WeakMap<object, Record<string | number, number>>();

/**
 * The velocities this layer holds for `current`, by field (`x`, `y`, `z` for a `Vector3`,
 * `r`, `g`, `b` for a `Color`, the property's name for {@link damp}), in units per second;
 * for a rotation damped by {@link dampQ}, its angular velocity: `x`, `y`, `z`, a scaled axis
 * in radians per second (the world frame). A field not stepped yet reads `undefined` (0). The
 * object is live: set a field to 0, or every field, to stop the motion (after teleporting a
 * camera, say). Nothing is written onto `current` itself, and the record goes when `current`
 * is garbage collected.
 * @param current - an object damped by this layer's functions.
 * @returns the record of its velocities.
 * @example
 * camera.position.set(0, 10, 0); // teleport:
 * Object.assign(velocityOf(camera.position), { x: 0, y: 0, z: 0 }); // and no momentum
 */
export function velocityOf(current: object): Record<string | number, number> {
  if (typeof current !== 'object' || current === null)
    throw new TypeError(`sprung.velocityOf: current must be an object, got ${show(current)}`);
  let v = velocities.get(current);
  if (!v) velocities.set(current, (v = Object.create(null) as Record<string, number>));
  return v;
}

// ---- the arguments -----------------------------------------------------------------------------

/** `value` must be a number (TypeError) for which `ok` holds (RangeError, saying `must`). */
function number(fn: string, name: string, value: unknown, ok: boolean, must: string): void {
  if (typeof value !== 'number')
    throw new TypeError(`sprung.${fn}: ${name} must be a number, got ${show(value)}`);
  if (!ok) throw new RangeError(`sprung.${fn}: ${name} must be ${must}, got ${show(value)}`);
}
const finite = (fn: string, name: string, value: unknown) =>
  number(fn, name, value, Number.isFinite(value), 'a finite number');
/** `object.key` (or `object[key]`) must be a finite number; the message is made only on failure. */
function finiteField(fn: string, object: string, key: string | number, value: unknown): void {
  if (!Number.isFinite(value)) finite(fn, field(object, key), value);
}

/**
 * Checks the step's settings; returns the dt to step (a negative dt, the first frame of a loop
 * that mixes `performance.now()` with requestAnimationFrame's timestamp, is 0).
 */
function settings(fn: string, smoothTime: unknown, dt: unknown, maxSpeed: unknown, eps: unknown): number {
  requireInit(fn);
  const time = smoothTime as number,
    step = dt as number,
    speed = maxSpeed as number,
    e = eps as number;
  if (!(typeof time === 'number' && time >= 0 && time < Infinity))
    number(fn, 'smoothTime', time, false, 'a finite number ≥ 0');
  if (!Number.isFinite(step)) finite(fn, 'dt', step);
  if (!(typeof speed === 'number' && speed >= 0))
    number(fn, 'maxSpeed', speed, false, 'a number ≥ 0 or Infinity');
  if (!(typeof e === 'number' && e >= 0 && e < Infinity)) number(fn, 'eps', e, false, 'a finite number ≥ 0');
  return step > 0 ? step : 0;
}

/**
 * A call's numbers: the fields' values, targets and velocities, then their new values and
 * velocities. The caller's getters and setters may call this layer again (a setter that damps
 * another object, say): each call in progress has its own frame, so none is overwritten.
 */
class Frame {
  x = new Float64Array(4);
  g = new Float64Array(4);
  v = new Float64Array(4);
  nx = new Float64Array(4);
  nv = new Float64Array(4);
  /** {@link damp}'s one key. */
  prop: (string | number)[] = [''];
}
const frames: Frame[] = [];
let depth = 0;

const XY = ['x', 'y'] as const,
  XYZ = ['x', 'y', 'z'] as const,
  XYZW = ['x', 'y', 'z', 'w'] as const,
  RGB = ['r', 'g', 'b'] as const,
  SPHERICAL = ['radius', 'phi', 'theta'] as const;

/** The name a message gives an object's field. */
const field = (name: string, key: string | number) =>
  typeof key === 'number' ? `${name}[${key}]` : `${name}.${key}`;

/** Reads `current`'s fields `keys` into f.x, finite. */
function readCurrent(f: Frame, fn: string, current: unknown, keys: readonly (string | number)[]): void {
  if (typeof current !== 'object' || current === null)
    throw new TypeError(
      `sprung.${fn}: current must be an object with ${keys.join(', ')}, got ${show(current)}`,
    );
  for (let i = 0; i < keys.length; i++) {
    const x = (current as Record<string | number, unknown>)[keys[i]];
    finiteField(fn, 'current', keys[i], x);
    f.x[i] = x as number;
  }
}

/** Reads the target into f.g: a number for every field (where `scalar`), an array by index, or
 *  an object by field; all finite. */
function readTarget(
  f: Frame,
  fn: string,
  target: unknown,
  keys: readonly (string | number)[],
  scalar: boolean,
): void {
  const n = keys.length;
  if (typeof target === 'number' && scalar) {
    finite(fn, 'target', target);
    f.g.fill(target);
    return;
  }
  const indexed = Array.isArray(target) || ArrayBuffer.isView(target);
  if (typeof target !== 'object' || target === null) {
    const what = `${scalar ? 'a number, ' : ''}an object with ${keys.join(', ')} or an array of ${n} numbers`;
    throw new TypeError(`sprung.${fn}: target must be ${what}, got ${show(target)}`);
  }
  for (let i = 0; i < n; i++) {
    const g = (target as Record<string | number, unknown>)[indexed ? i : keys[i]];
    finiteField(fn, 'target', indexed ? i : keys[i], g);
    f.g[i] = g as number;
  }
}

/** Writes f.nx to `current`'s fields, all or none: on a field that refuses (frozen, a getter
 *  without a setter), the fields written are restored and a TypeError names it. */
function write(f: Frame, fn: string, current: object, keys: readonly (string | number)[]): void {
  const o = current as Record<string | number, number>;
  let i = 0;
  try {
    for (; i < keys.length; i++) o[keys[i]] = f.nx[i];
  } catch {
    for (let k = 0; k < i; k++) o[keys[k]] = f.x[k];
    throw new TypeError(
      `sprung.${fn}: ${field('current', keys[i])} must be writable (the object is frozen, or ${keys[i]} has a getter and no setter)`,
    );
  }
}

/** The frame of a call starting (see {@link Frame}); the call ends with `depth--`. */
function enter(): Frame {
  const f = frames[depth] ?? (frames[depth] = new Frame());
  depth++;
  return f;
}

/**
 * The step of every function but dampQ: each field of `current` (of `keys`, or the one `prop`)
 * toward the target's, as angles where `angles` (bit i for keys[i]: the target taken within
 * half a turn), with the velocities held for `current`. Returns whether it is still moving.
 */
function dampFields(
  fn: string,
  current: object,
  keys: readonly (string | number)[] | null,
  prop: unknown,
  target: unknown,
  scalar: boolean,
  angles: number,
  smoothTime: number,
  dt: number,
  maxSpeed: number,
  eps: number,
): boolean {
  const f = enter();
  try {
    return fields(f, fn, current, keys, prop, target, scalar, angles, smoothTime, dt, maxSpeed, eps);
  } finally {
    depth--;
  }
}

function fields(
  f: Frame,
  fn: string,
  current: object,
  keys: readonly (string | number)[] | null,
  prop: unknown,
  target: unknown,
  scalar: boolean,
  angles: number,
  smoothTime: number,
  dt: number,
  maxSpeed: number,
  eps: number,
): boolean {
  const step = settings(fn, smoothTime, dt, maxSpeed, eps);
  if (!keys) {
    if (typeof prop !== 'string' && !Number.isInteger(prop))
      throw new TypeError(`sprung.${fn}: prop must be a property name or index, got ${show(prop)}`);
    f.prop[0] = prop as string | number;
    keys = f.prop;
  }
  readCurrent(f, fn, current, keys);
  readTarget(f, fn, target, keys, scalar);
  const vel = velocities.get(current);
  const n = keys.length;
  for (let i = 0; i < n; i++) {
    const v = vel?.[keys[i]] ?? 0;
    finiteField(fn, 'velocityOf(current)', keys[i], v);
    f.v[i] = v;
    if (angles & (1 << i)) {
      const d = f.g[i] - f.x[i];
      f.g[i] = f.x[i] + (d - TAU * Math.round(d / TAU)); // the target's turn nearest the angle
    }
  }
  let moving = false;
  for (let i = 0; i < n; i++) {
    smoothStep(f.x[i], f.v[i], f.g[i], smoothTime, step, maxSpeed, true);
    f.nx[i] = stepped.x;
    f.nv[i] = stepped.v;
    moving ||= Math.abs(stepped.x - f.g[i]) > eps || Math.abs(stepped.v) > eps;
  }
  write(f, fn, current, keys);
  const record = vel ?? velocityOf(current);
  for (let i = 0; i < n; i++) record[keys[i]] = f.nv[i];
  return moving;
}

// ---- the functions -------------------------------------------------------------------------------

/**
 * Moves the number `current[prop]` toward `target`: SmoothDamp (a critical spring of
 * `smoothTime`, never passing the target, at most `maxSpeed`), solved exactly, so that the
 * motion is the same at any frame rate. The velocity is held for `current` ({@link velocityOf}).
 * @param current - the object whose property moves, updated in place.
 * @param prop - the property's name (or index), a finite number.
 * @param target - where it goes.
 * @param smoothTime - [s] (≥ 0) maath's and Unity's smoothTime: about the time to get there, and
 *   the lag behind a target moving at constant speed; 0 snaps. The spring's halflife is
 *   smoothTime·ln2 ({@link smoothTimeToHalflife}).
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [units/s] (≥ 0) the largest speed, Infinity (the default) for none.
 * @param eps - how close to the target, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving: farther than `eps` from the target, or faster than `eps` per second.
 * @example
 * damp(material, 'opacity', hovered ? 1 : 0, 0.2, dt);
 */
export function damp(
  current: object,
  prop: string | number,
  target: number,
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('damp', current, null, prop, target, true, 0, smoothTime, dt, maxSpeed, eps);
}

/**
 * {@link damp} for an angle in radians: it turns toward `target` the short way round (from 3.1
 * to −3.1 through π, not through 0), and ends on the target's turn nearest its start, so the
 * value never jumps by 2π.
 * @param current - the object whose angle moves, updated in place.
 * @param prop - the property's name (or index).
 * @param target - [rad] the angle it goes to.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed, Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 * @example
 * dampAngle(player.rotation, 'y', Math.atan2(dx, dz), 0.15, dt); // turns to face (dx, dz)
 */
export function dampAngle(
  current: object,
  prop: string | number,
  target: number,
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('dampAngle', current, null, prop, target, true, 1, smoothTime, dt, maxSpeed, eps);
}

/**
 * {@link damp} on a 2D vector's `x` and `y`, each on its own (maxSpeed applies to each).
 * @param current - the vector, updated in place (three.js `Vector2`, a PixiJS `Point`…).
 * @param target - a vector, `[x, y]`, or one number for both.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [units/s] (≥ 0) the largest speed of each component, Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function damp2(
  current: Vector2Like,
  target: Vector2Like | readonly number[] | number,
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('damp2', current, XY, null, target, true, 0, smoothTime, dt, maxSpeed, eps);
}

/**
 * {@link damp} on a 3D vector's `x`, `y` and `z`, each on its own, as maath's `easing.damp3`:
 * a camera, an object's position or scale follows its target, exactly at any frame rate.
 * @param current - the vector, updated in place (three.js `Vector3`).
 * @param target - a vector, `[x, y, z]`, or one number for all three.
 * @param smoothTime - [s] (≥ 0) about the time to get there, and the lag behind a target moving at
 *   constant speed (maath's default is 0.25); 0 snaps.
 * @param dt - [s] the frame's time step. A negative one counts as 0: the loop
 *   `dt = (now − last) / 1000` with `last = performance.now()` and `now` from
 *   requestAnimationFrame gives a small negative dt on its first frame (the frame's timestamp
 *   precedes the script).
 * @param maxSpeed - [units/s] (≥ 0) the largest speed of each component, Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving (for render-on-demand: keep rendering while true).
 * @example
 * damp3(camera.position, rig.position, 0.25, dt);
 */
export function damp3(
  current: Vector3Like,
  target: Vector3Like | readonly number[] | number,
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('damp3', current, XYZ, null, target, true, 0, smoothTime, dt, maxSpeed, eps);
}

/**
 * {@link damp} on a 4D vector's `x`, `y`, `z` and `w`, each on its own (for a rotation, use {@link dampQ}).
 * @param current - the vector, updated in place (three.js `Vector4`).
 * @param target - a vector, `[x, y, z, w]`, or one number for all four.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [units/s] (≥ 0) the largest speed of each component, Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function damp4(
  current: Vector4Like,
  target: Vector4Like | readonly number[] | number,
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('damp4', current, XYZW, null, target, true, 0, smoothTime, dt, maxSpeed, eps);
}

/**
 * {@link dampAngle} on each of Euler angles' `x`, `y` and `z` (radians; a three.js `Euler`
 * keeps its order, and its object's quaternion follows). Each angle turns the short way.
 * @param current - the angles, updated in place (`object.rotation`).
 * @param target - angles `{x, y, z}` or `[x, y, z]` (an order after them is ignored).
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed of each angle, Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function dampE(
  current: EulerLike,
  target: EulerLike | readonly (number | string)[],
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('dampE', current, XYZ, null, target, false, 7, smoothTime, dt, maxSpeed, eps);
}

/**
 * {@link damp} on a colour's `r`, `g` and `b`, each on its own, in the colour's own space (a
 * three.js `Color` is in linear sRGB: give the target as a `Color` too, made once, e.g. `new
 * THREE.Color('hotpink')`, since a hex number or CSS string needs three.js to convert).
 * @param current - the colour, updated in place (`material.color`).
 * @param target - a colour `{r, g, b}` or `[r, g, b]`.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [1/s] (≥ 0) the largest rate of each channel, Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function dampC(
  current: ColorLike,
  target: ColorLike | readonly number[],
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('dampC', current, RGB, null, target, false, 0, smoothTime, dt, maxSpeed, eps);
}

/**
 * Spherical coordinates: {@link damp} on `radius`, {@link dampAngle} on `phi` and `theta` (an
 * orbit camera's distance, polar angle and azimuth; the azimuth turns the short way).
 * @param current - the coordinates, updated in place (three.js `Spherical`).
 * @param target - `{radius, phi, theta}` or `[radius, phi, theta]`.
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - (≥ 0) the largest speed of each coordinate (units/s and rad/s), Infinity (the default) for none.
 * @param eps - how close, and how slow, counts as arrived for the result (0.001).
 * @returns whether it is still moving.
 */
export function dampS(
  current: SphericalLike,
  target: SphericalLike | readonly number[],
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  return dampFields('dampS', current, SPHERICAL, null, target, false, 6, smoothTime, dt, maxSpeed, eps);
}

// ---- rotations ----------------------------------------------------------------------------------

/** Scratch rotations and vectors of dampQ (filled from its frame after the caller's code ran). */
const goalQ = { x: 0, y: 0, z: 0, w: 1 },
  rotQ = { x: 0, y: 0, z: 0, w: 1 },
  omega = { x: 0, y: 0, z: 0 },
  offset = { x: 0, y: 0, z: 0 };

/** `offset` = the rotation from `b` to `a`, a·b⁻¹ on the shortest arc, as a scaled axis (radians), in double. */
function offsetOf(a: Vector4Like, b: Vector4Like): void {
  let w = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z,
    x = -a.w * b.x + a.x * b.w - a.y * b.z + a.z * b.y,
    y = -a.w * b.y + a.x * b.z + a.y * b.w - a.z * b.x,
    z = -a.w * b.z - a.x * b.y + a.y * b.x + a.z * b.w;
  if (w < 0) ((x = -x), (y = -y), (z = -z), (w = -w));
  const l = Math.hypot(x, y, z),
    f = l > 0 ? (2 * Math.atan2(l, w)) / l : 2 / w;
  offset.x = x * f;
  offset.y = y * f;
  offset.z = z * f;
}

/** rotQ = exp(offset)·goalQ, normalised, in double. */
function fromOffset(): void {
  const { x, y, z } = offset,
    angle = Math.hypot(x, y, z),
    s = angle > 0 ? Math.sin(angle / 2) / angle : 0.5,
    ex = x * s,
    ey = y * s,
    ez = z * s,
    ew = Math.cos(angle / 2),
    g = goalQ;
  const rx = ew * g.x + ex * g.w + ey * g.z - ez * g.y,
    ry = ew * g.y - ex * g.z + ey * g.w + ez * g.x,
    rz = ew * g.z + ex * g.y - ey * g.x + ez * g.w,
    rw = ew * g.w - ex * g.x - ey * g.y - ez * g.z,
    n = Math.hypot(rx, ry, rz, rw);
  rotQ.x = rx / n;
  rotQ.y = ry / n;
  rotQ.z = rz / n;
  rotQ.w = rw / n;
}

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
 * @param smoothTime - [s] (≥ 0) about the time to get there; 0 snaps.
 * @param dt - [s] the frame's time step; a negative one counts as 0.
 * @param maxSpeed - [rad/s] (≥ 0) the largest angular speed about each of the world's axes,
 *   Infinity (the default) for none.
 * @param eps - [rad] how close (an angle), and how slow (rad/s), counts as arrived for the result (0.001).
 * @returns whether it is still turning.
 * @example
 * dampQ(camera.quaternion, rig.quaternion, 0.25, dt);
 */
export function dampQ(
  current: QuaternionLike,
  target: QuaternionLike | readonly number[],
  smoothTime: number,
  dt: number,
  maxSpeed = Infinity,
  eps = EPS,
): boolean {
  const f = enter();
  try {
    return rotation(f, current, target, smoothTime, dt, maxSpeed, eps);
  } finally {
    depth--;
  }
}

function rotation(
  f: Frame,
  current: QuaternionLike,
  target: unknown,
  smoothTime: number,
  dt: number,
  maxSpeed: number,
  eps: number,
): boolean {
  const fn = 'dampQ';
  const step = settings(fn, smoothTime, dt, maxSpeed, eps);
  readCurrent(f, fn, current, XYZW);
  readTarget(f, fn, target, XYZW, false);
  const w = velocities.get(current);
  for (let i = 0; i < 3; i++) {
    const v = w?.[XYZ[i]] ?? 0;
    finiteField(fn, 'velocityOf(current)', XYZ[i], v);
    f.v[i] = v;
  }
  // the caller's code has run: from here to write(), only this layer's
  for (let i = 0; i < 4; i++) {
    goalQ[XYZW[i]] = f.g[i];
    rotQ[XYZW[i]] = f.x[i];
    if (i < 3) omega[XYZ[i]] = f.v[i];
  }
  if (maxSpeed === Infinity) quatStep(rotQ, omega, goalQ, smoothTime * Math.LN2, step);
  else {
    offsetOf(rotQ, goalQ);
    for (let i = 0; i < 3; i++) {
      smoothStep(offset[XYZ[i]], omega[XYZ[i]], 0, smoothTime, step, maxSpeed, false);
      offset[XYZ[i]] = stepped.x;
      omega[XYZ[i]] = stepped.v;
    }
    fromOffset();
  }
  for (let i = 0; i < 4; i++) {
    f.nx[i] = rotQ[XYZW[i]];
    if (i < 3) f.nv[i] = omega[XYZ[i]];
  }
  offsetOf(rotQ, goalQ);
  const moving =
    Math.hypot(offset.x, offset.y, offset.z) > eps || Math.hypot(omega.x, omega.y, omega.z) > eps;
  write(f, fn, current, XYZW);
  const record = w ?? velocityOf(current);
  for (let i = 0; i < 3; i++) record[XYZ[i]] = f.nv[i];
  return moving;
}
