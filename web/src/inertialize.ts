/**
 * The inertializers' updates (c/inertialize.c) stepped in JS on the caller's double state: the
 * quaternion spring inertializer's offset decays in double as the decay spring of steps.ts does;
 * the cubic, quintic and dead-blending clocks advance in double, and the decayed offset the core
 * evaluates at that time (a float of the offset's own size) is added to the input in double.
 * A float clock gained a rounding per step (7e-5 s after 0.3 s at 60 kHz), and a float output
 * lost the offset against an input near 1e4. (The vector inertializers are in gen/vectors.ts,
 * written out per dimension.)
 * @internal
 * @packageDocumentation
 */
import { full } from './full.js';
import { heapF32, scratchF32 } from './wasm.js';
import { slot } from './scratch.js';
import { fin, quatSpringOn, rotated, spun, writable2 } from './steps.js';
import type { DeadBlendState, PosVel, Quat, TimedOffset, Vec3 } from './types.js';

const MAX = 3.4028234663852886e38;
/** A clock: a number ≥ 0, finite (or +Inf where `inf`). */
const time = (t: unknown, inf: boolean): t is number =>
  typeof t === 'number' && t >= 0 && (t <= MAX || (inf && t === Infinity));

// ---- the quaternion spring inertializer --------------------------------------------------------

/** sp_inertialize_update_quat on the numbers of the offset (o…, its angular velocity w…) and the
 *  input (i…, its angular velocity v…): the offset decays as the decay spring, then
 *  out = offset·in, out_v = offset_v + offset·in_v (rotated). */
function inertializeQuat(
  outX: Quat,
  outV: Vec3,
  offX: Quat,
  offV: Vec3,
  o0: number,
  o1: number,
  o2: number,
  o3: number,
  w0: number,
  w1: number,
  w2: number,
  ix: number,
  iy: number,
  iz: number,
  iw: number,
  vx: number,
  vy: number,
  vz: number,
  halflife: number,
  dt: number,
): void {
  quatSpringOn(o0, o1, o2, o3, w0, w1, w2, 0, 0, 0, 1, halflife, dt);
  const ox = rotated.x,
    oy = rotated.y,
    oz = rotated.z,
    ow = rotated.w,
    wx = spun.x,
    wy = spun.y,
    wz = spun.z;
  // in_v rotated by the offset: v + 2·ow·(u × v) + 2·u × (u × v), u the offset's vector part
  const cx = oy * vz - oz * vy,
    cy = oz * vx - ox * vz,
    cz = ox * vy - oy * vx;
  const rx = vx + 2 * (ow * cx + oy * cz - oz * cy),
    ry = vy + 2 * (ow * cy + oz * cx - ox * cz),
    rz = vz + 2 * (ow * cz + ox * cy - oy * cx);
  offX.x = ox;
  offX.y = oy;
  offX.z = oz;
  offX.w = ow;
  offV.x = wx;
  offV.y = wy;
  offV.z = wz;
  outX.x = ow * ix + ox * iw + oy * iz - oz * iy;
  outX.y = ow * iy - ox * iz + oy * iw + oz * ix;
  outX.z = ow * iz + ox * iy - oy * ix + oz * iw;
  outX.w = ow * iw - ox * ix - oy * iy - oz * iz;
  outV.x = wx + rx;
  outV.y = wy + ry;
  outV.z = wz + rz;
}

/** The quaternion inertializer on the objects, in place; arguments already checked. */
export function inertializeQuatStep(
  outX: Quat,
  outV: Vec3,
  offX: Quat,
  offV: Vec3,
  inX: Quat,
  inV: Vec3,
  halflife: number,
  dt: number,
): void {
  const o = offX,
    w = offV,
    i = inX,
    v = inV;
  inertializeQuat(
    outX,
    outV,
    o,
    w,
    o.x,
    o.y,
    o.z,
    o.w,
    w.x,
    w.y,
    w.z,
    i.x,
    i.y,
    i.z,
    i.w,
    v.x,
    v.y,
    v.z,
    halflife,
    dt,
  );
}

/** inertializeQuatStep after the fast check of the objects (the numbers are checked): finite
 *  offset and input, outputs that can be written. False, with nothing changed, when it fails. */
export function tryInertializeQuatStep(
  outX: Quat,
  outV: Vec3,
  offX: Quat,
  offV: Vec3,
  inX: Quat,
  inV: Vec3,
  halflife: number,
  dt: number,
): boolean {
  if (!(
    typeof outX === 'object' &&
    outX !== null &&
    typeof outV === 'object' &&
    outV !== null &&
    typeof offX === 'object' &&
    offX !== null &&
    typeof offV === 'object' &&
    offV !== null &&
    typeof inX === 'object' &&
    inX !== null &&
    typeof inV === 'object' &&
    inV !== null
  ))
    return false;
  const o0 = offX.x,
    o1 = offX.y,
    o2 = offX.z,
    o3 = offX.w,
    w0 = offV.x,
    w1 = offV.y,
    w2 = offV.z,
    ix = inX.x,
    iy = inX.y,
    iz = inX.z,
    iw = inX.w,
    vx = inV.x,
    vy = inV.y,
    vz = inV.z;
  if (!(
    fin(o0) &&
    fin(o1) &&
    fin(o2) &&
    fin(o3) &&
    fin(w0) &&
    fin(w1) &&
    fin(w2) &&
    fin(ix) &&
    fin(iy) &&
    fin(iz) &&
    fin(iw) &&
    fin(vx) &&
    fin(vy) &&
    fin(vz)
  ))
    return false;
  try {
    offX.x = o0;
    offX.y = o1;
    offX.z = o2;
    offX.w = o3;
    offV.x = w0;
    offV.y = w1;
    offV.z = w2;
    outX.x = outX.x;
    outX.y = outX.y;
    outX.z = outX.z;
    outX.w = outX.w;
    outV.x = outV.x;
    outV.y = outV.y;
    outV.z = outV.z;
  } catch {
    return false; // frozen or getter-only: the detailed check says which
  }
  inertializeQuat(
    outX,
    outV,
    offX,
    offV,
    o0,
    o1,
    o2,
    o3,
    w0,
    w1,
    w2,
    ix,
    iy,
    iz,
    iw,
    vx,
    vy,
    vz,
    halflife,
    dt,
  );
  return true;
}

// ---- the cubic and quintic inertializers, dead blending: clocks --------------------------------

/** The x, v and clock of the state {@link holdClock} read last. */
let cx = 0,
  cv = 0,
  ct = 0;

/** The fast check of a clocked state and its output: reads the state's x, v and t once into
 *  {@link cx}, {@link cv}, {@link ct} and writes t back, and probes out's x and v: false where
 *  either is not an object, x and v are not finite floats, t is not a clock (+Inf where `inf`), or
 *  a field cannot be written. */
function holdClock(out: PosVel, state: TimedOffset, inf: boolean): boolean {
  if (typeof state !== 'object' || state === null || typeof out !== 'object' || out === null) return false;
  const x = state.x,
    v = state.v,
    t = state.t;
  if (!(fin(x) && fin(v) && time(t, inf) && writable2(out, out.x, out.v))) return false;
  try {
    state.t = t;
  } catch {
    return false;
  }
  cx = x;
  cv = v;
  ct = t;
  return true;
}

/** The offset of the last {@link decayed}. */
export const offsetAt: PosVel = { x: 0, v: 0 };

/** The offset (x, v) decayed for t seconds by the core's cubic (quintic), into {@link offsetAt}. */
export function decayed(quintic: boolean, x: number, v: number, blendtime: number, t: number): void {
  if (quintic) full.sp_decayed_offset_quintic(slot(0), slot(1), slot(2), x, v, blendtime, t);
  else full.sp_decayed_offset_cubic(slot(0), slot(1), x, v, blendtime, t);
  const i = scratchF32;
  offsetAt.x = heapF32[i];
  offsetAt.v = heapF32[i + 1];
}

/** in + offset, where an offset of 0 leaves `in` itself (sp__plus_offset: −0 stays −0). */
export const plus = (input: number, offset: number): number => (offset === 0 ? input : input + offset);

/** The cubic (quintic) inertializer on the numbers: the clock advanced, the offset's decay added
 *  to the input. */
function polynomial(
  quintic: boolean,
  out: PosVel,
  offset: TimedOffset,
  x: number,
  v: number,
  t: number,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): void {
  const now = t + dt;
  decayed(quintic, x, v, blendtime, now);
  const dx = offsetAt.x,
    dv = offsetAt.v;
  offset.t = now;
  out.x = plus(inX, dx);
  out.v = plus(inV, dv);
}

/** The cubic inertializer (`quintic` false) or the quintic one on the objects, in place;
 *  arguments already checked. */
export function polynomialStep(
  quintic: boolean,
  out: PosVel,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): void {
  polynomial(quintic, out, offset, offset.x, offset.v, offset.t, inX, inV, blendtime, dt);
}

/** polynomialStep after the fast check of the objects (the numbers are checked). False, with
 *  nothing changed, when it fails. */
export function tryPolynomialStep(
  quintic: boolean,
  out: PosVel,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): boolean {
  if (!holdClock(out, offset, false)) return false;
  polynomial(quintic, out, offset, cx, cv, ct, inX, inV, blendtime, dt);
  return true;
}

/** Dead blending on the numbers: the clock advanced, the output the core's blend evaluated on the
 *  source relative to the input (the blend is affine in both), added back in double. */
function dead(
  out: PosVel,
  state: DeadBlendState,
  x: number,
  v: number,
  t: number,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
  dt: number,
): void {
  const now = t + dt;
  full.sp_dead_blending_evaluate(slot(0), slot(1), x - inX, v, now, 0, inV, halflife, blendtime);
  const i = scratchF32,
    ox = heapF32[i],
    ov = heapF32[i + 1];
  state.t = now;
  out.x = inX + ox;
  out.v = ov;
}

/** Dead blending's update on the objects, in place; arguments already checked. */
export function deadStep(
  out: PosVel,
  state: DeadBlendState,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
  dt: number,
): void {
  dead(out, state, state.x, state.v, state.t, inX, inV, halflife, blendtime, dt);
}

/** deadStep after the fast check of the objects (the numbers are checked). False, with nothing
 *  changed, when it fails. */
export function tryDeadStep(
  out: PosVel,
  state: DeadBlendState,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
  dt: number,
): boolean {
  if (!holdClock(out, state, true)) return false;
  dead(out, state, cx, cv, ct, inX, inV, halflife, blendtime, dt);
  return true;
}
