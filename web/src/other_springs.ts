/**
 * Other springs of Spring-It-On, solved in closed form so that they are dt-invariant: the
 * double spring (S-shaped), the timed spring (reaches its goal at about a given time)
 * and the velocity spring (its goal moves at a limited speed). As dt → 0 they agree
 * with the article's stepped versions.
 * @packageDocumentation
 */
import { heapF32, scratch, scratchF32, wasm } from './wasm.js';
import { finite, finiteShape, isFinite4, isSpringStep, isTime, nonNegative, num, ready } from './check.js';

/** State of the double spring, updated in place: the spring (`x`, `v`) and the
 *  intermediate spring it follows (`xi`, `vi`). Start with `xi = x`, `vi = v`. */
export interface DoubleSpringState {
  x: number;
  v: number;
  xi: number;
  vi: number;
}

/** State of the timed and velocity springs, updated in place: the spring (`x`, `v`) and
 *  the linearly moving intermediate goal `xi`. Start with `xi = x`. */
export interface TimedSpringState {
  x: number;
  v: number;
  xi: number;
}

const XVXV = ['x', 'v', 'xi', 'vi'] as const;
const XVX = ['x', 'v', 'xi'] as const;

/**
 * Double spring: a critical spring (halflife / 2) following an intermediate critical
 * spring (halflife / 2) toward `goal`, for a smoother, S-shaped start and end.
 * Returns `state`.
 */
export function doubleSpringDamperExact(
  state: DoubleSpringState,
  goal: number,
  halflife: number,
  dt: number,
): DoubleSpringState {
  if (!(isSpringStep(state, halflife, dt) && isFinite4(state.xi, state.vi, goal, 0))) {
    const fn = 'doubleSpringDamperExact';
    ready(fn);
    finiteShape(fn, 'state', state, XVXV);
    finite(fn, 'goal', goal);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  const i = scratchF32;
  heapF32[i] = state.x;
  heapF32[i + 1] = state.v;
  heapF32[i + 2] = state.xi;
  heapF32[i + 3] = state.vi;
  wasm.sp_double_spring_damper_exact(scratch, scratch + 4, scratch + 8, scratch + 12, goal, halflife, dt);
  state.x = heapF32[i];
  state.v = heapF32[i + 1];
  state.xi = heapF32[i + 2];
  state.vi = heapF32[i + 3];
  return state;
}

function timedLike(
  fn: string,
  state: TimedSpringState,
  goal: number,
  halflife: number,
  dt: number,
  apprehension: number,
): number {
  if (!(isSpringStep(state, halflife, dt) && isFinite4(state.xi, goal, 0, 0) && isTime(apprehension))) {
    ready(fn);
    finiteShape(fn, 'state', state, XVX);
    finite(fn, 'goal', goal);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
    nonNegative(fn, 'apprehension', apprehension);
  }
  const i = scratchF32;
  heapF32[i] = state.x;
  heapF32[i + 1] = state.v;
  heapF32[i + 2] = state.xi;
  return i;
}

function timedStore(state: TimedSpringState, i: number): TimedSpringState {
  state.x = heapF32[i];
  state.v = heapF32[i + 1];
  state.xi = heapF32[i + 2];
  return state;
}

/**
 * Timed spring: reaches `goal` at about `tGoal` seconds from now (pass the remaining time
 * each frame, i.e. decrease it by `dt`; ≤ 0 means "now"). The spring tracks the linear
 * interpolation `xi` toward the goal, `apprehension · halflife` seconds ahead
 * (default 2: the blend-out is about 75 % done at `tGoal`). Returns `state`.
 */
export function timedSpringDamperExact(
  state: TimedSpringState,
  goal: number,
  tGoal: number,
  halflife: number,
  dt: number,
  apprehension = 2,
): TimedSpringState {
  const fn = 'timedSpringDamperExact';
  const i = timedLike(fn, state, goal, halflife, dt, apprehension);
  num(fn, 'tGoal', tGoal);
  if (Number.isNaN(tGoal)) throw new RangeError(`sprung.${fn}: tGoal must not be NaN`);
  wasm.sp_timed_spring_damper_exact(
    scratch,
    scratch + 4,
    scratch + 8,
    goal,
    tGoal,
    halflife,
    dt,
    apprehension,
  );
  return timedStore(state, i);
}

/**
 * Velocity spring: the intermediate goal `xi` moves toward `goal` at `maxSpeed` (units
 * per second; Infinity jumps), and the spring tracks it `apprehension · halflife`
 * seconds ahead (default 2). Returns `state`.
 */
export function velocitySpringDamperExact(
  state: TimedSpringState,
  goal: number,
  maxSpeed: number,
  halflife: number,
  dt: number,
  apprehension = 2,
): TimedSpringState {
  const fn = 'velocitySpringDamperExact';
  const i = timedLike(fn, state, goal, halflife, dt, apprehension);
  num(fn, 'maxSpeed', maxSpeed);
  if (!(maxSpeed >= 0)) throw new RangeError(`sprung.${fn}: maxSpeed must be a number ≥ 0, got ${maxSpeed}`);
  wasm.sp_velocity_spring_damper_exact(
    scratch,
    scratch + 4,
    scratch + 8,
    goal,
    maxSpeed,
    halflife,
    dt,
    apprehension,
  );
  return timedStore(state, i);
}
