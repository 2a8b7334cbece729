/**
 * The exact trackers of "Perfect Tracking with Springs" (c/tracking.c) stepped in JS, in double
 * on the caller's state: the error to the goal takes one step of the exact spring of steps.ts
 * (its coefficients from the core), and is added back to the goal in double. A float state lost
 * the error's change against the goal's position (1.1 m behind a goal near 1e4 at 60 kHz).
 * @internal
 * @packageDocumentation
 */
import { FREQUENCY_HALFLIFE, STIFFNESS_DAMPING, held, holdXV, springOn, stepped } from './steps.js';
import type { SpringState } from './types.js';

const f32 = Math.fround;
/** x within [0, 1] (NaN stays NaN), as sp__clamp. */
const unit = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/** sp_tracking_spring_update_exact on the numbers, written to `state`: the error
 *  (x − (x_goal − v_goal·dt), v − (v_goal − a_goal·dt)) takes a step of the exact spring. */
function exact(
  state: SpringState,
  x: number,
  v: number,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): void {
  const t = f32(dt);
  if (t === 0) return;
  springOn(
    x - (xGoal - vGoal * t),
    v - (vGoal - aGoal * t),
    0,
    0,
    FREQUENCY_HALFLIFE,
    frequency,
    halflife,
    dt,
  );
  const e = stepped.x,
    w = stepped.v;
  state.x = xGoal + e;
  state.v = vGoal + w;
}

/** The exact tracker on `state`, in place (`vGoal` null: the state's own velocity, a_goal 0:
 *  sp_tracking_spring_update_exact_no_velocity_acceleration); arguments already checked. */
export function trackingStep(
  state: SpringState,
  xGoal: number,
  vGoal: number | null,
  aGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): void {
  const x = state.x,
    v = state.v;
  exact(state, x, v, xGoal, vGoal ?? v, aGoal, frequency, halflife, dt);
}

/** trackingStep after the fast check of the state (the numbers are checked): a finite `{x, v}`.
 *  False, with nothing changed, when it fails. */
export function tryTrackingStep(
  state: SpringState,
  xGoal: number,
  vGoal: number | null,
  aGoal: number,
  frequency: number,
  halflife: number,
  dt: number,
): boolean {
  if (!holdXV(state)) return false;
  const v = held.v;
  exact(state, held.x, v, xGoal, vGoal ?? v, aGoal, frequency, halflife, dt);
  return true;
}

/** sp_tracking_spring_update_exact_gains on the numbers, written to `state`: the exact spring of
 *  stiffness x_gain/gain_dt², damping (1 − t0)/gain_dt and the goal velocity the gains imply. */
function gains(
  state: SpringState,
  x: number,
  v: number,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xGain: number,
  vGain: number,
  aGain: number,
  dt: number,
  gainDt: number,
): void {
  const t = f32(dt);
  if (t === 0) return;
  const kx = unit(xGain),
    kv = unit(vGain),
    t0 = (1 - kv) * (1 - kx),
    damping = (1 - t0) / gainDt,
    push = ((kv * (1 - kx)) / gainDt) * vGoal + unit(aGain) * t0 * aGoal; // d·q
  let nx: number, nv: number;
  if (!(damping > 0)) {
    // no gain at all: free motion under the followed acceleration
    nx = x + t * (v + 0.5 * push * t);
    nv = v + push * t;
  } else {
    springOn(x, v, xGoal, push / damping, STIFFNESS_DAMPING, kx / gainDt / gainDt, damping, dt);
    nx = stepped.x;
    nv = stepped.v;
  }
  state.x = nx;
  state.v = nv;
}

/** The gain tracker read as an exact spring on `state`, in place; arguments already checked. */
export function gainsStep(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xGain: number,
  vGain: number,
  aGain: number,
  dt: number,
  gainDt: number,
): void {
  gains(state, state.x, state.v, xGoal, vGoal, aGoal, xGain, vGain, aGain, dt, gainDt);
}

/** gainsStep after the fast check of the state (the numbers are checked): a finite `{x, v}`.
 *  False, with nothing changed, when it fails. */
export function tryGainsStep(
  state: SpringState,
  xGoal: number,
  vGoal: number,
  aGoal: number,
  xGain: number,
  vGain: number,
  aGain: number,
  dt: number,
  gainDt: number,
): boolean {
  if (!holdXV(state)) return false;
  gains(state, held.x, held.v, xGoal, vGoal, aGoal, xGain, vGain, aGain, dt, gainDt);
  return true;
}
