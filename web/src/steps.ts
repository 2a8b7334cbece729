/**
 * The state-object API's hottest steps, each with the fast check of its arguments.
 *
 * One step of the exact critical spring is linear in (x − g, v, q) with six coefficients and a
 * flag that depend on (halflife, dt) only (sp_critical_spring_damper_coefs); the exact spring in
 * every regime likewise on (ω, damping, dt) (sp_spring_damper_exact_coefs);
 * the exact damper is `x + α·(g − x)` or `keep·x + α·g` with `keep` and `α = 1 − keep` depending
 * on (halflife, dt) only.
 * The C core computes them, cached here for the last setting — a game steps most springs
 * with one setting and one dt per frame — and the few products and sums of the step run here
 * in float arithmetic: Math.fround after every operation rounds exactly as float does (double
 * has more than twice float's precision, so rounding twice never differs from rounding
 * once), so every result equals the C function bit for bit (tests/js/state_api_fast.test.mjs).
 * The quaternion springs call C, with the rotation, angular velocity and goal copied through
 * the scratch area by the same function that checks them.
 *
 * The `try…` functions check the state objects, reading each field once and writing it
 * back (a frozen or getter-only state fails here, before anything changes), and return false
 * without touching anything when the check fails; the wrapper (generated from the header, which
 * has already checked the numbers against their domains) then runs the full check, which throws
 * the message (or, where the fast check is stricter, passes, and the wrapper steps anyway with
 * the unchecked step). The checks are written out here rather than composed from shared
 * predicates: in Node a predicate shared by every function sees every object shape in the
 * program, and its property loads go megamorphic (half the cost of a call in the benchmark).
 * @internal
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { wasmCritical } from './pieces/critical.js';
import { wasmDamper } from './pieces/damper.js';
import { wasmHelpers } from './pieces/helpers.js';
import { wasmQuat } from './pieces/quat.js';
import { wasmSpring } from './pieces/spring.js';
import { slot } from './scratch.js';
import type { PosVel, Quat, SpringState, Vec3 } from './types.js';

const f32 = Math.fround;
/** 2^−126, the smallest normal float. */
const TINY = 1.1754943508222875e-38;
/** sp__flush: the decaying part of a step becomes +0 below the smallest normal float, as in C. */
const flush = (r: number): number => (Math.abs(r) < TINY ? 0 : r);
/** A finite float: a number within float range (no coercion; a double beyond it is ±Inf in C). */
const fin = (x: unknown): x is number => typeof x === 'number' && Math.abs(x) <= 3.4028234663852886e38; // as check.ts's isF
/** Writes x and v back to `o`: false where `o` is frozen or its fields have no setter. */
function writable2(o: SpringState, x: number, v: number): boolean {
  try {
    o.x = x;
    o.v = v;
  } catch {
    return false;
  }
  return true;
}

// ---- the critical spring ---------------------------------------------------------------------

let cHalflife = NaN,
  cDt = NaN,
  cSkip = true,
  cInc = false;
let kxx = 0,
  kxv = 0,
  kxq = 0,
  kvx = 0,
  kvv = 0,
  kvq = 0;

/** Loads the critical coefficients of (halflife, dt) from C (the cache missed). */
function loadCritical(halflife: number, dt: number): void {
  wasmCritical.sp_critical_spring_damper_coefs(slot(8), halflife, dt);
  const h = heapF32,
    i = scratchF32 + 8;
  kxx = h[i];
  kxv = h[i + 1];
  kxq = h[i + 2];
  kvx = h[i + 3];
  kvv = h[i + 4];
  kvq = h[i + 5];
  cInc = h[i + 6] !== 0;
  cHalflife = halflife;
  cDt = dt;
  cSkip = f32(dt) === 0; // the C functions return at once when dt, as a float, is 0
}

/** sp_critical_spring_damper_exact on (x, v) with the loaded coefficients, written to `state`. */
function critical(state: SpringState, x: number, v: number, goal: number, goalVelocity: number): void {
  if (cSkip) {
    // no change, but the state reads back as floats like the C function's
    state.x = f32(x);
    state.v = f32(v);
    return;
  }
  const g = f32(goal),
    q = f32(goalVelocity),
    x0 = f32(x),
    v0 = f32(v),
    u = f32(x0 - g);
  const dx = f32(f32(f32(kxx * u) + f32(kxv * v0)) + f32(kxq * q)),
    dv = f32(f32(f32(kvx * u) + f32(kvv * v0)) + f32(kvq * q));
  // slow springs (cInc) add the step's change to the state, fast ones form it from the goal (and
  // the velocity then is dv itself: 0 + dv is dv, or +0 for −0, which the flush gives anyway)
  const nx = cInc ? f32(x0 + dx) : f32(g + dx),
    nv = cInc ? f32(v0 + dv) : dv;
  // |x' − g| < 2^−126 in double: the difference of two floats that close is exact, and beyond
  // the rounding cannot cross the threshold (two floats differ by 0 or by at least an ulp)
  state.x = Math.abs(nx - g) < TINY ? g : nx;
  state.v = flush(nv);
}

/** sp_critical_spring_damper_exact on `state`, in place; arguments already checked. */
export function criticalStep<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): T {
  if (halflife !== cHalflife || dt !== cDt) loadCritical(halflife, dt);
  critical(state, state.x, state.v, goal, goalVelocity);
  return state;
}

/** criticalStep after the fast check of the state (the numbers are checked): a finite `{x, v}`.
 *  False, with nothing changed, when the check fails. */
export function tryCriticalStep(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const x = state.x,
    v = state.v;
  if (!(fin(x) && fin(v) && writable2(state, x, v))) return false;
  if (halflife !== cHalflife || dt !== cDt) loadCritical(halflife, dt);
  critical(state, x, v, goal, goalVelocity);
  return true;
}

/** sp_inertialize_update after the fast check of the objects (the numbers are checked): a finite
 *  `{x, v}` offset, an `out` with numeric x and v. The offset decays as the decay spring, then
 *  out = in + offset. False, with nothing changed, when the check fails. */
export function tryInertializeStep(
  out: PosVel,
  offset: PosVel,
  inX: number,
  inV: number,
  halflife: number,
  dt: number,
): boolean {
  if (typeof offset !== 'object' || offset === null || typeof out !== 'object' || out === null) return false;
  const x = offset.x,
    v = offset.v;
  if (!(
    fin(x) &&
    fin(v) &&
    typeof out.x === 'number' &&
    typeof out.v === 'number' &&
    writable2(offset, x, v) &&
    writable2(out, out.x, out.v)
  ))
    return false;
  if (halflife !== cHalflife || dt !== cDt) loadCritical(halflife, dt);
  // critical() with goal and goal velocity 0 (sp__critical_decay), in locals (a setter below may
  // call sprung): a sum plus k·0 is that sum (flushed: +0 for ±0)
  let nx = f32(x),
    nv = f32(v);
  if (!cSkip) {
    const u = nx,
      v0 = nv;
    nx = f32(f32(kxx * u) + f32(kxv * v0));
    nv = f32(f32(kvx * u) + f32(kvv * v0));
    if (cInc) {
      nx = f32(u + nx);
      nv = f32(v0 + nv);
    }
    nx = flush(nx);
    nv = flush(nv);
  }
  offset.x = nx;
  offset.v = nv;
  out.x = f32(f32(inX) + nx);
  out.v = f32(f32(inV) + nv);
  return true;
}

// ---- the exact damper --------------------------------------------------------------------------

let dHalflife = NaN,
  dDt = NaN,
  keep = 1,
  alpha = 0;

/** Loads `keep` and α of (halflife, dt) from C where the cache missed: a vector's components
 *  load once and then take {@link damperApply} each (three loads measured 1.2× the whole call). */
export function damperCoefs(halflife: number, dt: number): void {
  if (halflife !== dHalflife || dt !== dDt) {
    // α itself: the damper from 0 toward 1 is 0 + α·1 in either form
    alpha = wasmDamper.sp_damper_exact(0, 1, halflife, dt);
    // 2^64·keep (used where α ≥ 1/2), exact (a power of two), and never below the flush threshold
    keep = wasmDamper.sp_damper_decay_exact(2 ** 64, halflife, dt) * 2 ** -64;
    dHalflife = halflife;
    dDt = dt;
  }
}

/** sp_damper_exact with the loaded coefficients: `x + α·(g − x)` while α < 1/2, else
 *  `keep·x + α·g`, with `keep` = e^(−ln2·dt/halflife) and α = 1 − keep as the C core rounds
 *  them (sp__damper_coefs). */
export function damperApply(x: number, g: number): number {
  const x32 = f32(x),
    g32 = f32(g);
  if (alpha < 0.5) {
    const r = f32(x32 + f32(alpha * f32(g32 - x32)));
    return g32 === 0 && alpha > 0 ? flush(r) : r;
  }
  // its decaying part, flushed where it decays toward 0
  const kx = f32(keep * x32);
  return f32((g32 === 0 ? flush(kx) : kx) + f32(alpha * g32));
}

/** sp_damper_exact on one number. */
export function damperStep(x: number, g: number, halflife: number, dt: number): number {
  damperCoefs(halflife, dt);
  return damperApply(x, g);
}

// ---- the exact spring, every regime ----------------------------------------------------------

/** How the caller sets the spring (part of the coefficient cache's key, with its two numbers). */
export type SpringSetting = 0 | 1 | 2;
/** Frequency and halflife (sp_spring_damper_exact). */
export const FREQUENCY_HALFLIFE = 0;
/** Stiffness and damping (sp_spring_damper_exact_stiffness). */
export const STIFFNESS_DAMPING = 1;
/** Damping ratio and halflife (sp_spring_damper_exact_ratio). */
export const RATIO_HALFLIFE = 2;

let sSetting = -1,
  sA = NaN,
  sB = NaN,
  sDt = NaN,
  sSkip = true,
  sSnap = false,
  sRest = false,
  sXinc = false,
  sVinc = false;
let sxz = 0,
  sxv = 0,
  sxq = 0,
  svz = 0,
  svv = 0,
  svq = 0,
  sd = 0,
  som = 0;

/** 2π as C's float 2·(float)π: f32(2 · f32(π)), written as its value so that a bundle without
 *  the spring leaves it out (a call of Math.fround at the top level is kept). */
const TWO_PI = 6.2831854820251465,
  FLT_MAX = 3.4028234663852886e38;

/** Loads the coefficients of sp_spring_damper_exact_coefs for the setting (a, b) and dt,
 *  with ω and the damping formed as the C function of that setting forms them (the cache
 *  missed). */
function loadSpring(setting: SpringSetting, a: number, b: number, dt: number): void {
  let omega: number,
    damping = b;
  if (setting === STIFFNESS_DAMPING) omega = f32(Math.sqrt(f32(a)));
  else {
    damping = wasmHelpers.sp_halflife_to_damping(b);
    // |2π·f| or |d/(2ζ)| in float, FLT_MAX where a finite setting overflows
    omega = Math.abs(setting === FREQUENCY_HALFLIFE ? f32(TWO_PI * f32(a)) : f32(damping / f32(2 * f32(a))));
    if (omega === Infinity && Number.isFinite(setting === FREQUENCY_HALFLIFE ? f32(a) : damping))
      omega = FLT_MAX;
  }
  wasmSpring.sp_spring_damper_exact_coefs(slot(16), omega, damping, dt);
  const h = heapF32,
    i = scratchF32 + 16;
  sxz = h[i];
  sxv = h[i + 1];
  sxq = h[i + 2];
  svz = h[i + 3];
  svv = h[i + 4];
  svq = h[i + 5];
  sd = h[i + 6];
  som = h[i + 7];
  sSnap = h[i + 8] !== 0;
  sRest = h[i + 9] !== 0;
  sXinc = h[i + 10] !== 0;
  sVinc = h[i + 11] !== 0;
  sSetting = setting;
  sA = a;
  sB = b;
  sDt = dt;
  sSkip = f32(dt) === 0;
}

/** One step of the exact spring (sp__spring_apply) of the loaded coefficients on (x, v). */
function spring(state: SpringState, x: number, v: number, goal: number, goalVelocity: number): void {
  if (sSkip) {
    state.x = f32(x);
    state.v = f32(v);
    return;
  }
  const g = f32(goal),
    q = f32(goalVelocity);
  if (sSnap) {
    state.x = g;
    state.v = 0;
    return;
  }
  if (sRest) {
    state.x = q === 0 ? g : f32(g + (sd * q) / (som * Math.abs(som))); // in double, rounded once, as C does
    state.v = 0;
    return;
  }
  const x0 = f32(x),
    v0 = f32(v),
    z = f32(x0 - g);
  let dx = f32(f32(sxz * z) + f32(sxv * v0)),
    dv = f32(f32(svz * z) + f32(svv * v0));
  if (q !== 0) {
    dx = f32(dx + f32(sxq * q));
    dv = f32(dv + f32(svq * q));
  }
  // both formed before the first is written: a setter may call sprung, which reloads the coefficients
  const nx = f32((sXinc ? x0 : g) + dx),
    nv = flush(sVinc ? f32(v0 + dv) : dv);
  state.x = Math.abs(f32(nx - g)) < 1.1754943508222875e-38 ? g : nx;
  state.v = nv;
}

/** The exact spring set by (a, b) — frequency and halflife, stiffness and damping, or damping
 *  ratio and halflife — on `state`, in place; arguments already checked. */
export function springStep<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  setting: SpringSetting,
  a: number,
  b: number,
  dt: number,
): T {
  if (setting !== sSetting || a !== sA || b !== sB || dt !== sDt) loadSpring(setting, a, b, dt);
  spring(state, state.x, state.v, goal, goalVelocity);
  return state;
}

/** springStep after the fast check of the state (the numbers, in the domain of the setting, are
 *  checked): a finite `{x, v}`. False, with nothing changed, when the check fails. */
export function trySpringStep(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  setting: SpringSetting,
  a: number,
  b: number,
  dt: number,
): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const x = state.x,
    v = state.v;
  if (!(fin(x) && fin(v) && writable2(state, x, v))) return false;
  if (setting !== sSetting || a !== sA || b !== sB || dt !== sDt) loadSpring(setting, a, b, dt);
  spring(state, x, v, goal, goalVelocity);
  return true;
}

// ---- the quaternion springs ----------------------------------------------------------------

/** sp_simple_spring_damper_exact_quat (toward the goal g…) or sp_decay_spring_damper_exact_quat
 *  (hasGoal false) on the floats of a rotation r… and angular velocity a…, copied through
 *  the scratch area and written back to the objects. */
function quatCall(
  rotation: Quat,
  angularVelocity: Vec3,
  rx: number,
  ry: number,
  rz: number,
  rw: number,
  ax: number,
  ay: number,
  az: number,
  hasGoal: boolean,
  gx: number,
  gy: number,
  gz: number,
  gw: number,
  halflife: number,
  dt: number,
): void {
  const h = heapF32,
    i = scratchF32;
  h[i] = rx;
  h[i + 1] = ry;
  h[i + 2] = rz;
  h[i + 3] = rw;
  h[i + 4] = ax;
  h[i + 5] = ay;
  h[i + 6] = az;
  if (hasGoal) {
    h[i + 8] = gx;
    h[i + 9] = gy;
    h[i + 10] = gz;
    h[i + 11] = gw;
    wasmQuat.sp_simple_spring_damper_exact_quat(slot(0), slot(4), slot(8), halflife, dt);
  } else wasmQuat.sp_decay_spring_damper_exact_quat(slot(0), slot(4), halflife, dt);
  // every result read before the first setter runs (a setter may call sprung)
  const nx = h[i],
    ny = h[i + 1],
    nz = h[i + 2],
    nw = h[i + 3],
    wx = h[i + 4],
    wy = h[i + 5],
    wz = h[i + 6];
  rotation.x = nx;
  rotation.y = ny;
  rotation.z = nz;
  rotation.w = nw;
  angularVelocity.x = wx;
  angularVelocity.y = wy;
  angularVelocity.z = wz;
}

/** The quaternion spring toward `goal` (null: the identity) on the objects, in place;
 *  arguments already checked. */
export function quatStep(
  rotation: Quat,
  angularVelocity: Vec3,
  goal: Quat | null,
  halflife: number,
  dt: number,
): void {
  const r = rotation,
    a = angularVelocity,
    g = goal ?? r;
  quatCall(r, a, r.x, r.y, r.z, r.w, a.x, a.y, a.z, goal !== null, g.x, g.y, g.z, g.w, halflife, dt);
}

/** quatStep after the fast check of the objects (the numbers are checked): finite `{x, y, z, w}`
 *  rotation and goal (null: the identity), a finite `{x, y, z}` angular velocity. False, with
 *  nothing changed, when the check fails. */
export function tryQuatStep(
  rotation: Quat,
  angularVelocity: Vec3,
  goal: Quat | null,
  halflife: number,
  dt: number,
): boolean {
  if (!(
    typeof rotation === 'object' &&
    rotation !== null &&
    typeof angularVelocity === 'object' &&
    angularVelocity !== null &&
    (goal === null || typeof goal === 'object')
  ))
    return false;
  const rx = rotation.x,
    ry = rotation.y,
    rz = rotation.z,
    rw = rotation.w,
    ax = angularVelocity.x,
    ay = angularVelocity.y,
    az = angularVelocity.z;
  let gx = 0,
    gy = 0,
    gz = 0,
    gw = 1;
  if (goal !== null) {
    gx = goal.x;
    gy = goal.y;
    gz = goal.z;
    gw = goal.w;
  }
  if (!(
    fin(rx) &&
    fin(ry) &&
    fin(rz) &&
    fin(rw) &&
    fin(ax) &&
    fin(ay) &&
    fin(az) &&
    fin(gx) &&
    fin(gy) &&
    fin(gz) &&
    fin(gw)
  ))
    return false;
  try {
    rotation.x = rx;
    rotation.y = ry;
    rotation.z = rz;
    rotation.w = rw;
    angularVelocity.x = ax;
    angularVelocity.y = ay;
    angularVelocity.z = az;
  } catch {
    return false; // frozen or getter-only: the detailed check says which
  }
  quatCall(
    rotation,
    angularVelocity,
    rx,
    ry,
    rz,
    rw,
    ax,
    ay,
    az,
    goal !== null,
    gx,
    gy,
    gz,
    gw,
    halflife,
    dt,
  );
  return true;
}

// ---- the inertializer's slow path ------------------------------------------------------------

/** sp_inertialize_update on the objects, in place; arguments already checked. */
export function inertializeStep(
  out: PosVel,
  offset: PosVel,
  inX: number,
  inV: number,
  halflife: number,
  dt: number,
): void {
  criticalStep(offset, 0, 0, halflife, dt); // the decay spring, then in + offset
  const x = f32(f32(inX) + offset.x),
    v = f32(f32(inV) + offset.v);
  out.x = x;
  out.v = v;
}
