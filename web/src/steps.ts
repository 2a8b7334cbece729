/**
 * The state-object API's hot steps, each with the fast check of its arguments.
 *
 * One step of the exact critical spring is linear in (x − g, v, q) with six coefficients and a
 * flag that depend on (halflife, dt) only (sp_critical_spring_damper_coefs); the exact spring in
 * every regime likewise on (ω, damping, dt) (sp_spring_damper_exact_coefs);
 * the exact damper is `x + α·(g − x)` or `keep·x + α·g` with `keep` and `α = 1 − keep` depending
 * on (halflife, dt) only.
 * The C core computes them in float, cached here for the last setting — a game steps most
 * springs with one setting and one dt per frame — and the step runs here in double on the
 * caller's numbers: the change is formed from the float coefficients and added to the caller's
 * double state, so that no digit of it is lost against the state (a float state loses a step
 * whose change is below half its ulp: a spring near x = 1e4, or a slow one at 60 kHz, stalled).
 * The result is C's within float rounding for one step (tests/js/state_api_fast.test.mjs), and
 * after many steps the closed form's within the coefficients' float precision
 * (tests/js/springs.test.mjs). The rotations (quaternion springs and damper, the quaternion
 * inertializer) take the offset to the goal as a scaled angle-axis here too, in double.
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
import { heapF32, scratchF32, wasm } from './wasm.js';
import { slot } from './scratch.js';
import type { PosVel, Quat, SpringState, Vec3 } from './types.js';

const f32 = Math.fround;
/** 2^−126, the smallest normal float. */
const TINY = 1.1754943508222875e-38;
/** sp__flush: the decaying part of a step becomes +0 below the smallest normal float, as in C. */
const flush = (r: number): number => (Math.abs(r) < TINY ? 0 : r);
/** A finite float: a number within float range (no coercion; a double beyond it is ±Inf in C). */
export const fin = (x: unknown): x is number => typeof x === 'number' && Math.abs(x) <= 3.4028234663852886e38; // as check.ts's isF
/** Writes x and v back to `o`: false where `o` is frozen or its fields have no setter. */
export function writable2(o: SpringState, x: unknown, v: unknown): boolean {
  try {
    o.x = x as number;
    o.v = v as number;
  } catch {
    return false;
  }
  return true;
}

/** The x and v of the state {@link holdXV} read last. */
export const held: SpringState = { x: 0, v: 0 };

/** Reads a state's x and v once into {@link held} and writes them back: false where it is not an
 *  object, they are not finite floats, or they cannot be written (for the less hot steps; the
 *  critical and exact springs below check inline, see above). */
export function holdXV(state: SpringState): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const x = state.x,
    v = state.v;
  if (!(fin(x) && fin(v) && writable2(state, x, v))) return false;
  held.x = x;
  held.v = v;
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

/** Loads the critical coefficients of (halflife, dt) from C where the cache missed. */
function criticalCoefs(halflife: number, dt: number): void {
  if (halflife === cHalflife && dt === cDt) return;
  wasm.sp_critical_spring_damper_coefs(slot(8), halflife, dt);
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

/** sp_critical_spring_damper_exact on (x, v) with the loaded coefficients, in double, written
 *  to `state` (left alone where dt is 0). */
function critical(state: SpringState, x: number, v: number, goal: number, goalVelocity: number): void {
  if (cSkip) return;
  const u = x - goal,
    dx = kxx * u + kxv * v + kxq * goalVelocity,
    dv = kvx * u + kvv * v + kvq * goalVelocity;
  // slow springs (cInc) add the step's change to the state, fast ones form it from the goal;
  // both formed before the first is written (a setter may call sprung)
  const nx = cInc ? x + dx : goal + dx,
    nv = flush(cInc ? v + dv : dv);
  state.x = Math.abs(nx - goal) < TINY ? goal : nx;
  state.v = nv;
}

/** sp_critical_spring_damper_exact on `state`, in place; arguments already checked. */
export function criticalStep<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): T {
  criticalCoefs(halflife, dt);
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
  criticalCoefs(halflife, dt);
  critical(state, x, v, goal, goalVelocity);
  return true;
}

/** The result of the last {@link criticalOn} or {@link springOn}: (x, v). */
export const stepped: SpringState = { x: 0, v: 0 };

/** sp_critical_spring_damper_exact on the numbers (x, v), in double, into {@link stepped}: for
 *  the steps made of critical springs (other_springs.ts, inertialize.ts). */
export function criticalOn(
  x: number,
  v: number,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): void {
  stepped.x = x;
  stepped.v = v;
  criticalCoefs(halflife, dt);
  critical(stepped, x, v, goal, goalVelocity);
}

/** The decay step (the critical spring toward 0 with goal velocity 0, sp__critical_decay) of
 *  the loaded coefficients on (x, v), in double: the new offset in {@link dx}, {@link dv}, the
 *  offset flushed below `tiny`. */
let dx = 0,
  dv = 0;
function decay(x: number, v: number, tiny: number): void {
  if (cSkip) {
    dx = x;
    dv = v;
    return;
  }
  const nx = kxx * x + kxv * v,
    nv = kvx * x + kvv * v;
  dx = cInc ? x + nx : nx;
  dv = flush(cInc ? v + nv : nv);
  if (Math.abs(dx) < tiny) dx = 0;
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
  inertialize(out, offset, x, v, inX, inV, halflife, dt);
  return true;
}

/** The offset (x, v) decayed, written to `offset`, and `in` plus it to `out`. */
function inertialize(
  out: PosVel,
  offset: PosVel,
  x: number,
  v: number,
  inX: number,
  inV: number,
  halflife: number,
  dt: number,
): void {
  criticalCoefs(halflife, dt);
  decay(x, v, TINY);
  const nx = dx,
    nv = dv; // in locals: a setter below may call sprung
  offset.x = nx;
  offset.v = nv;
  out.x = inX + nx;
  out.v = inV + nv;
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
    alpha = wasm.sp_damper_exact(0, 1, halflife, dt);
    // 2^64·keep (used where α ≥ 1/2), exact (a power of two), and never below the flush threshold
    keep = wasm.sp_damper_decay_exact(2 ** 64, halflife, dt) * 2 ** -64;
    dHalflife = halflife;
    dDt = dt;
  }
}

/** sp_damper_exact with the loaded coefficients, in double: `x + α·(g − x)` while α < 1/2,
 *  else `keep·x + α·g`, with `keep` = e^(−ln2·dt/halflife) and α = 1 − keep as the C core rounds
 *  them (sp__damper_coefs). */
export function damperApply(x: number, g: number): number {
  if (alpha < 0.5) {
    const r = x + alpha * (g - x);
    return g === 0 && alpha > 0 ? flush(r) : r;
  }
  // its decaying part, flushed where it decays toward 0
  const kx = keep * x;
  return (g === 0 ? flush(kx) : kx) + alpha * g;
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
    damping = wasm.sp_halflife_to_damping(b);
    // |2π·f| or |d/(2ζ)| in float, FLT_MAX where a finite setting overflows
    omega = Math.abs(setting === FREQUENCY_HALFLIFE ? f32(TWO_PI * f32(a)) : f32(damping / f32(2 * f32(a))));
    if (omega === Infinity && Number.isFinite(setting === FREQUENCY_HALFLIFE ? f32(a) : damping))
      omega = FLT_MAX;
  }
  wasm.sp_spring_damper_exact_coefs(slot(16), omega, damping, dt);
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

/** One step of the exact spring (sp__spring_apply) of the loaded coefficients on (x, v), in
 *  double, written to `state` (left alone where dt is 0). */
function spring(state: SpringState, x: number, v: number, goal: number, goalVelocity: number): void {
  if (sSkip) return;
  const g = goal,
    q = goalVelocity;
  if (sSnap) {
    state.x = g;
    state.v = 0;
    return;
  }
  if (sRest) {
    state.x = q === 0 ? g : g + (sd * q) / (som * Math.abs(som));
    state.v = 0;
    return;
  }
  const z = x - g;
  let dx = sxz * z + sxv * v,
    dv = svz * z + svv * v;
  if (q !== 0) {
    dx += sxq * q;
    dv += svq * q;
  }
  // both formed before the first is written: a setter may call sprung, which reloads the coefficients
  const nx = (sXinc ? x : g) + dx,
    nv = flush(sVinc ? v + dv : dv);
  state.x = Math.abs(nx - g) < TINY ? g : nx;
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

/** The exact spring of a setting on the numbers (x, v), in double, into {@link stepped}
 *  (tracking.ts). */
export function springOn(
  x: number,
  v: number,
  goal: number,
  goalVelocity: number,
  setting: SpringSetting,
  a: number,
  b: number,
  dt: number,
): void {
  stepped.x = x;
  stepped.v = v;
  if (setting !== sSetting || a !== sA || b !== sB || dt !== sDt) loadSpring(setting, a, b, dt);
  spring(stepped, x, v, goal, goalVelocity);
}

// ---- rotations ------------------------------------------------------------------------------

/** Offset angles below 2^−120 rad are flushed to 0 after each step, as in C (SP__TINY_ANGLE). */
const TINY_ANGLE = 7.52316384526264e-37;
/** The offset j = 2·log(r·g⁻¹) of the last {@link logOffset}, a scaled angle-axis. */
let jx = 0,
  jy = 0,
  jz = 0;
/** The rotation of the last {@link expOffset}. */
let qx = 0,
  qy = 0,
  qz = 0,
  qw = 1;

/** j = 2·log(r·g⁻¹) on the shortest arc, in double (into {@link jx}, {@link jy}, {@link jz}):
 *  any length of r and g gives the angle of their directions (none of a finite float's products
 *  overflows or underflows in double). */
function logOffset(
  rx: number,
  ry: number,
  rz: number,
  rw: number,
  gx: number,
  gy: number,
  gz: number,
  gw: number,
): void {
  let x = rx * gw - rw * gx - ry * gz + rz * gy,
    y = ry * gw - rw * gy + rx * gz - rz * gx,
    z = rz * gw - rw * gz - rx * gy + ry * gx,
    w = rw * gw + rx * gx + ry * gy + rz * gz;
  if (w < 0) {
    x = -x;
    y = -y;
    z = -z;
    w = -w;
  }
  const l = Math.sqrt(x * x + y * y + z * z),
    f = l > 0 ? (2 * Math.atan2(l, w)) / l : 0;
  jx = x * f;
  jy = y * f;
  jz = z * f;
}

/** normalise(exp(j/2)·g), in double (into {@link qx} … {@link qw}; the identity where g is 0). */
function expOffset(x: number, y: number, z: number, gx: number, gy: number, gz: number, gw: number): void {
  const a = Math.sqrt(x * x + y * y + z * z),
    k = a > 0 ? Math.sin(0.5 * a) / a : 0.5,
    ex = k * x,
    ey = k * y,
    ez = k * z,
    ew = Math.cos(0.5 * a);
  const px = ew * gx + ex * gw + ey * gz - ez * gy,
    py = ew * gy - ex * gz + ey * gw + ez * gx,
    pz = ew * gz + ex * gy - ey * gx + ez * gw,
    pw = ew * gw - ex * gx - ey * gy - ez * gz,
    n = Math.sqrt(px * px + py * py + pz * pz + pw * pw);
  if (n > 0) {
    qx = px / n;
    qy = py / n;
    qz = pz / n;
    qw = pw / n;
  } else {
    qx = qy = qz = 0;
    qw = 1;
  }
}

/** The rotation and angular velocity of the last {@link quatSpringOn}. */
export const rotated: Quat = { x: 0, y: 0, z: 0, w: 1 },
  spun: Vec3 = { x: 0, y: 0, z: 0 };

/** The quaternion spring (sp_simple_spring_damper_exact_quat toward g…, the identity for the
 *  decay spring) on the numbers of a rotation r… and angular velocity a…, in double, into
 *  {@link rotated} and {@link spun}: the offset to the goal takes one decay step of the critical
 *  spring and is mapped back. False where dt is 0 (they hold the input: nothing changes). */
export function quatSpringOn(
  rx: number,
  ry: number,
  rz: number,
  rw: number,
  ax: number,
  ay: number,
  az: number,
  gx: number,
  gy: number,
  gz: number,
  gw: number,
  halflife: number,
  dt: number,
): boolean {
  criticalCoefs(halflife, dt);
  if (cSkip) {
    rotated.x = rx;
    rotated.y = ry;
    rotated.z = rz;
    rotated.w = rw;
    spun.x = ax;
    spun.y = ay;
    spun.z = az;
    return false;
  }
  logOffset(rx, ry, rz, rw, gx, gy, gz, gw);
  const x = jx,
    y = jy,
    z = jz;
  decay(x, ax, TINY_ANGLE);
  spun.x = dv;
  const nx = dx;
  decay(y, ay, TINY_ANGLE);
  spun.y = dv;
  const ny = dx;
  decay(z, az, TINY_ANGLE);
  spun.z = dv;
  expOffset(nx, ny, dx, gx, gy, gz, gw);
  rotated.x = qx;
  rotated.y = qy;
  rotated.z = qz;
  rotated.w = qw;
  return true;
}

/** Writes {@link rotated} and {@link spun} to the caller's objects, every number in locals
 *  before the first setter runs (a setter may call sprung). */
function spin(rotation: Quat, angularVelocity: Vec3): void {
  const x = rotated.x,
    y = rotated.y,
    z = rotated.z,
    w = rotated.w,
    wx = spun.x,
    wy = spun.y,
    wz = spun.z;
  rotation.x = x;
  rotation.y = y;
  rotation.z = z;
  rotation.w = w;
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
    a = angularVelocity;
  const moved =
    goal === null
      ? quatSpringOn(r.x, r.y, r.z, r.w, a.x, a.y, a.z, 0, 0, 0, 1, halflife, dt)
      : quatSpringOn(r.x, r.y, r.z, r.w, a.x, a.y, a.z, goal.x, goal.y, goal.z, goal.w, halflife, dt);
  if (moved) spin(r, a);
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
  if (angularVelocity === null || !holdRotation(rotation, angularVelocity, goal)) return false;
  if (quatSpringOn(hrx, hry, hrz, hrw, hax, hay, haz, hgx, hgy, hgz, hgw, halflife, dt))
    spin(rotation, angularVelocity);
  return true;
}

/** The rotation, angular velocity and goal {@link holdRotation} read last. */
let hrx = 0,
  hry = 0,
  hrz = 0,
  hrw = 1,
  hax = 0,
  hay = 0,
  haz = 0,
  hgx = 0,
  hgy = 0,
  hgz = 0,
  hgw = 1;

/** The fast check of a rotation step: reads the rotation `{x, y, z, w}`, the angular velocity
 *  `{x, y, z}` (none where null) and the goal (null: the identity) once, each a finite float,
 *  and writes the rotation and angular velocity back; then (the caller's getters and setters
 *  done) holds them in hr…, ha…, hg…. False where any of it fails. */
function holdRotation(rotation: Quat, angularVelocity: Vec3 | null, goal: Quat | null): boolean {
  if (!(
    typeof rotation === 'object' &&
    rotation !== null &&
    (angularVelocity === null || typeof angularVelocity === 'object') &&
    (goal === null || typeof goal === 'object')
  ))
    return false;
  const rx = rotation.x,
    ry = rotation.y,
    rz = rotation.z,
    rw = rotation.w;
  let ax = 0,
    ay = 0,
    az = 0,
    gx = 0,
    gy = 0,
    gz = 0,
    gw = 1;
  if (angularVelocity !== null) {
    ax = angularVelocity.x;
    ay = angularVelocity.y;
    az = angularVelocity.z;
  }
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
    if (angularVelocity !== null) {
      angularVelocity.x = ax;
      angularVelocity.y = ay;
      angularVelocity.z = az;
    }
  } catch {
    return false; // frozen or getter-only: the detailed check says which
  }
  hrx = rx;
  hry = ry;
  hrz = rz;
  hrw = rw;
  hax = ax;
  hay = ay;
  haz = az;
  hgx = gx;
  hgy = gy;
  hgz = gz;
  hgw = gw;
  return true;
}

/** sp_damper_exact_quat on a rotation r… toward g…, in double, written to `rotation`: the angle
 *  of the offset to the goal is damped as a number toward 0 (snapping to the goal where nothing
 *  of the offset is kept). */
function damperQuat(
  rotation: Quat,
  rx: number,
  ry: number,
  rz: number,
  rw: number,
  gx: number,
  gy: number,
  gz: number,
  gw: number,
  halflife: number,
  dt: number,
): void {
  if (f32(dt) === 0) return; // no change, as in C
  damperCoefs(halflife, dt);
  if (keep === 0) {
    rotation.x = gx;
    rotation.y = gy;
    rotation.z = gz;
    rotation.w = gw;
    return;
  }
  logOffset(rx, ry, rz, rw, gx, gy, gz, gw);
  expOffset(damperApply(jx, 0), damperApply(jy, 0), damperApply(jz, 0), gx, gy, gz, gw);
  const x1 = qx,
    y1 = qy,
    z1 = qz,
    w1 = qw;
  rotation.x = x1;
  rotation.y = y1;
  rotation.z = z1;
  rotation.w = w1;
}

/** sp_damper_exact_quat on the objects, in place; arguments already checked. */
export function damperQuatStep(rotation: Quat, goal: Quat, halflife: number, dt: number): void {
  const r = rotation,
    g = goal;
  damperQuat(r, r.x, r.y, r.z, r.w, g.x, g.y, g.z, g.w, halflife, dt);
}

/** damperQuatStep after the fast check of the objects (the numbers are checked): finite
 *  `{x, y, z, w}` rotation and goal. False, with nothing changed, when the check fails. */
export function tryDamperQuatStep(rotation: Quat, goal: Quat, halflife: number, dt: number): boolean {
  if (goal === null || !holdRotation(rotation, null, goal)) return false;
  damperQuat(rotation, hrx, hry, hrz, hrw, hgx, hgy, hgz, hgw, halflife, dt);
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
  inertialize(out, offset, offset.x, offset.v, inX, inV, halflife, dt);
}
