/**
 * The double, timed and velocity springs of Spring-It-On (c/other_springs.c) stepped in JS, in
 * double on the caller's state, as the critical springs of steps.ts are: a float state lost a
 * step whose change was below half its ulp (3 m off after 10 s at 60 kHz near x = 1e4).
 *
 * The double spring is its closed form (both springs of halflife/2, the same rate k: with
 * u = x − g, ui = xi − g, ui(t) = e^(−kt)·(p0 + p1·t), u(t) = e^(−kt)·(A + B·t + C·t² + D·t³),
 * A = u0, B = v0 + k·A, C = k²·p0/2, D = k²·p1/6), each step written as a change of the state
 * whose terms are free of cancellation: the factors e^(−s)·Σ_{n<N} s^n/n! near 1 enter as
 * 1 − {@link tail}(N, s), summed where the difference cancels. The timed spring follows the
 * target xi + vg·lead while it moves (the critical spring from steps.ts, plus the lag of a
 * spring on a target setting off at vg, {@link lag}), then the goal itself.
 * @internal
 * @packageDocumentation
 */
import { criticalOn, fin, stepped } from './steps.js';
import type { DoubleSpringState, TimedSpringState } from './types.js';

const f32 = Math.fround,
  LN2 = Math.LN2,
  FLT_MAX = 3.4028234663852886e38;

/** e^(−s)·Σ_{k≥n} s^k/k! = 1 − e^(−s)·Σ_{k<n} s^k/k!, by the series where that cancels. */
export function tail(n: number, s: number): number {
  const e = Math.exp(-s);
  let term = 1,
    sum = 0;
  if (!(s < 2 * n + 8)) {
    for (let k = 0; k < n; k++, term *= s / k) sum += term;
    return 1 - e * sum;
  }
  for (let k = 1; k <= n; k++) term *= s / k;
  for (let k = n; term > 1e-17 * sum; term *= s / ++k) sum += term;
  return e * sum;
}

/** M(s) = 1 − 2·(1 − e^(−s))/s + e^(−s): a critical spring at rest on a target setting off at
 *  speed V covers V·t·M(y·t) in t; by its series s²·Σ (−1)^k (k + 1) s^k/(k + 3)! below s = 2. */
export function lag(s: number): number {
  if (!(s < 2)) {
    const e = Math.exp(-s);
    return 1 + e - (2 * (1 - e)) / s;
  }
  let f = 1 / 6,
    sum = 0;
  for (let k = 0; Math.abs(f) > 1e-18; k++, f *= -s / (k + 3)) sum += (k + 1) * f;
  return s * s * sum;
}

// ---- the double spring ------------------------------------------------------------------------

/** sp_double_spring_damper_exact on the numbers, in double, written to `state`. */
function double(
  state: DoubleSpringState,
  x: number,
  v: number,
  xi: number,
  vi: number,
  g: number,
  halflife: number,
  dt: number,
): void {
  const t = f32(dt);
  if (t === 0) return;
  const k = (4 * LN2) / (f32(halflife) + 0),
    s = k * t,
    e = Math.exp(-s);
  if (e === 0) {
    state.x = state.xi = g;
    state.v = state.vi = 0;
    return;
  }
  const a = x - g,
    p0 = xi - g,
    w = xi - x,
    ss = s * s,
    es = e * s;
  const restX = v * t + w * ss * (0.5 + s / 6) + (vi * t * ss) / 6,
    restV = vi * ss * (0.5 - s / 6),
    push = es * (w - (ss * p0) / 6) * k,
    m = tail(2, s),
    mv = m + 2 * es;
  const nx = x + (e * restX - a * tail(4, s)),
    nv = v + (e * restV + push - mv * v),
    nxi = xi + (e * vi * t - m * p0),
    nvi = vi - (mv * vi + es * p0 * k);
  state.x = nx;
  state.v = nv;
  state.xi = nxi;
  state.vi = nvi;
}

/** The double spring on `state`, in place; arguments already checked. */
export function doubleStep(state: DoubleSpringState, goal: number, halflife: number, dt: number): void {
  double(state, state.x, state.v, state.xi, state.vi, goal, halflife, dt);
}

/** doubleStep after the fast check of the state (the numbers are checked). False, with nothing
 *  changed, when it fails. */
export function tryDoubleStep(state: DoubleSpringState, goal: number, halflife: number, dt: number): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const x = state.x,
    v = state.v,
    xi = state.xi,
    vi = state.vi;
  if (!(fin(x) && fin(v) && fin(xi) && fin(vi))) return false;
  try {
    state.x = x;
    state.v = v;
    state.xi = xi;
    state.vi = vi;
  } catch {
    return false; // frozen or getter-only: the detailed check says which
  }
  double(state, x, v, xi, vi, goal, halflife, dt);
  return true;
}

// ---- the timed and velocity springs -----------------------------------------------------------

/** The fields of the state {@link timedState} read last. */
let tx = 0,
  tv = 0,
  txi = 0;

/** Reads the state's x, v and xi into {@link tx}, {@link tv}, {@link txi} and writes them back:
 *  false when they are not finite floats, or cannot be written. */
function timedState(state: TimedSpringState): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const x = state.x,
    v = state.v,
    xi = state.xi;
  if (!(fin(x) && fin(v) && fin(xi))) return false;
  try {
    state.x = x;
    state.v = v;
    state.xi = xi;
  } catch {
    return false; // frozen or getter-only: the detailed check says which
  }
  tx = x;
  tv = v;
  txi = xi;
  return true;
}

/** sp_timed_spring_damper_exact on the numbers, in double, written to `state`: the spring follows
 *  xi + vg·lead (lead = apprehension·halflife ahead) for t_goal − lead seconds, then g. */
function timed(
  state: TimedSpringState,
  x: number,
  v: number,
  xi: number,
  g: number,
  tGoal: number,
  halflife: number,
  dt: number,
  apprehension: number,
): void {
  const t = f32(dt);
  if (t === 0) return;
  const lead = apprehension * halflife;
  let vg = tGoal > 0 ? (g - xi) / tGoal : 0;
  // a ramp too fast for float is a jump, as for t_goal = 0 (as in C)
  if (!(Math.abs(vg) <= FLT_MAX)) ((tGoal = 0), (vg = 0));
  if (!(tGoal > 0)) xi = g;
  // while the target moves: the critical spring toward where it starts, plus what a spring at
  // rest on it covers (vg·t1·M) and the speed it gains (vg·(1 − e·(1 + s)))
  const moving = tGoal - lead,
    t1 = moving < t ? (moving > 0 ? moving : 0) : t;
  if (t1 > 0) {
    criticalOn(x, v, xi + vg * lead, 0, halflife, t1);
    const s = ((2 * LN2) / (f32(halflife) + 0)) * t1;
    x = stepped.x + vg * t1 * lag(s);
    v = stepped.v + vg * tail(2, s);
  }
  criticalOn(x, v, g, 0, halflife, t - t1);
  const nx = stepped.x,
    nv = stepped.v;
  state.x = nx;
  state.v = nv;
  state.xi = tGoal > t ? xi + vg * t : g;
}

/** The timed spring on `state`, in place; arguments already checked. */
export function timedStep(
  state: TimedSpringState,
  goal: number,
  tGoal: number,
  halflife: number,
  dt: number,
  apprehension: number,
): void {
  timed(state, state.x, state.v, state.xi, goal, tGoal, halflife, dt, apprehension);
}

/** timedStep after the fast check of the state (the numbers are checked). False, with nothing
 *  changed, when it fails. */
export function tryTimedStep(
  state: TimedSpringState,
  goal: number,
  tGoal: number,
  halflife: number,
  dt: number,
  apprehension: number,
): boolean {
  if (!timedState(state)) return false;
  timed(state, tx, tv, txi, goal, tGoal, halflife, dt, apprehension);
  return true;
}

/** The time the velocity spring's target takes to reach g at maxSpeed (0 for NaN: 0/0). */
const toGoal = (xi: number, g: number, maxSpeed: number): number => Math.abs(g - xi) / maxSpeed || 0;

/** sp_velocity_spring_damper_exact on `state`, in place; arguments already checked. */
export function velocityStep(
  state: TimedSpringState,
  goal: number,
  maxSpeed: number,
  halflife: number,
  dt: number,
  apprehension: number,
): void {
  const xi = state.xi;
  timed(state, state.x, state.v, xi, goal, toGoal(xi, goal, maxSpeed), halflife, dt, apprehension);
}

/** velocityStep after the fast check of the state (the numbers are checked). False, with
 *  nothing changed, when it fails. */
export function tryVelocityStep(
  state: TimedSpringState,
  goal: number,
  maxSpeed: number,
  halflife: number,
  dt: number,
  apprehension: number,
): boolean {
  if (!timedState(state)) return false;
  timed(state, tx, tv, txi, goal, toGoal(txi, goal, maxSpeed), halflife, dt, apprehension);
  return true;
}
