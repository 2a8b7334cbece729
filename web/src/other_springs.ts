/**
 * Other springs of Spring-It-On, solved in closed form so that they are dt-invariant: the
 * double spring (S-shaped), the timed spring (reaches its goal at about a given time)
 * and the velocity spring (its goal moves at a limited speed). As dt → 0 they agree
 * with the article's stepped versions.
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { slot } from './scratch.js';
import { check, isField, isNum, isSpringStep, isTime } from './check.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

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

/** Scratch slots of the state's fields. */
const X = 0,
  V = 1,
  XI = 2,
  VI = 3;

/** Copies the state's `keys` (x, v, xi[, vi]) to their slots. */
function put(state: DoubleSpringState | TimedSpringState, n: 3 | 4): void {
  const h = heapF32,
    i = scratchF32;
  h[i + X] = state.x;
  h[i + V] = state.v;
  h[i + XI] = state.xi;
  if (n === 4) h[i + VI] = (state as DoubleSpringState).vi;
}

/** Copies the slots back into the state. */
function get<T extends DoubleSpringState | TimedSpringState>(state: T, n: 3 | 4): T {
  const h = heapF32,
    i = scratchF32;
  state.x = h[i + X];
  state.v = h[i + V];
  state.xi = h[i + XI];
  if (n === 4) (state as DoubleSpringState).vi = h[i + VI];
  return state;
}

/**
 * Double spring: a critical spring (halflife / 2) following an intermediate critical
 * spring (halflife / 2) toward `goal`, for a smoother, S-shaped start and end.
 * Returns `state`.
 * @c sp_double_spring_damper_exact state={x,v,xi,vi} goal=g
 */
export function doubleSpringDamperExact<T extends DoubleSpringState>(
  state: T,
  goal: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && isField(state, 'xi') && isField(state, 'vi') && isNum(goal)))
    check(S.doubleSpringDamperExact, state, goal, halflife, dt);
  put(state, 4);
  full.sp_double_spring_damper_exact(slot(X), slot(V), slot(XI), slot(VI), goal, halflife, dt);
  return get(state, 4);
}

/**
 * Timed spring: reaches `goal` at about `tGoal` seconds from now (pass the remaining time
 * each frame, i.e. decrease it by `dt`; ≤ 0 means "now"). The spring tracks the linear
 * interpolation `xi` toward the goal, `apprehension · halflife` seconds ahead
 * (default 2: the blend-out is about 75 % done at `tGoal`). Returns `state`.
 * @c sp_timed_spring_damper_exact state={x,v,xi} goal=g
 */
export function timedSpringDamperExact<T extends TimedSpringState>(
  state: T,
  goal: number,
  tGoal: number,
  halflife: number,
  dt: number,
  apprehension = 2,
): T {
  if (!(
    isSpringStep(state, halflife, dt) &&
    isField(state, 'xi') &&
    isNum(goal) &&
    typeof tGoal === 'number' &&
    tGoal === tGoal &&
    isTime(apprehension)
  ))
    check(S.timedSpringDamperExact, state, goal, tGoal, halflife, dt, apprehension);
  put(state, 3);
  full.sp_timed_spring_damper_exact(slot(X), slot(V), slot(XI), goal, tGoal, halflife, dt, apprehension);
  return get(state, 3);
}

/**
 * Velocity spring: the intermediate goal `xi` moves toward `goal` at `maxSpeed` (units
 * per second; Infinity jumps), and the spring tracks it `apprehension · halflife`
 * seconds ahead (default 2). Returns `state`.
 * @c sp_velocity_spring_damper_exact state={x,v,xi} goal=g
 */
export function velocitySpringDamperExact<T extends TimedSpringState>(
  state: T,
  goal: number,
  maxSpeed: number,
  halflife: number,
  dt: number,
  apprehension = 2,
): T {
  if (!(
    isSpringStep(state, halflife, dt) &&
    isField(state, 'xi') &&
    isNum(goal) &&
    typeof maxSpeed === 'number' &&
    maxSpeed >= 0 &&
    isTime(apprehension)
  ))
    check(S.velocitySpringDamperExact, state, goal, maxSpeed, halflife, dt, apprehension);
  put(state, 3);
  full.sp_velocity_spring_damper_exact(
    slot(X),
    slot(V),
    slot(XI),
    goal,
    maxSpeed,
    halflife,
    dt,
    apprehension,
  );
  return get(state, 3);
}

/**
 * The article's `double_spring_damper_implicit` (two fast-exp springs of `halflife / 2`, the
 * inner goal held during each step, so it depends on the frame rate), kept to compare with
 * {@link doubleSpringDamperExact}. Returns `state`.
 * @c sp_double_spring_damper_implicit state={x,v,xi,vi} goal=g
 */
export function doubleSpringDamperImplicit<T extends DoubleSpringState>(
  state: T,
  goal: number,
  halflife: number,
  dt: number,
): T {
  if (!(
    isSpringStep(state, halflife, dt) &&
    halflife > 0 &&
    isField(state, 'xi') &&
    isField(state, 'vi') &&
    isNum(goal)
  ))
    check(S.doubleSpringDamperImplicit, state, goal, halflife, dt);
  put(state, 4);
  full.sp_double_spring_damper_implicit(slot(X), slot(V), slot(XI), slot(VI), goal, halflife, dt);
  return get(state, 4);
}

/**
 * The article's `timed_spring_damper_implicit` (a fast-exp spring tracking the linear
 * interpolation `xi` toward `goal`, `apprehension · halflife` ahead, stepped with the goal
 * held, so it depends on the frame rate), kept to compare with {@link timedSpringDamperExact}.
 * Returns `state`.
 * @c sp_timed_spring_damper_implicit state={x,v,xi} goal=g
 */
export function timedSpringDamperImplicit<T extends TimedSpringState>(
  state: T,
  goal: number,
  tGoal: number,
  halflife: number,
  dt: number,
  apprehension = 2,
): T {
  if (!(
    isSpringStep(state, halflife, dt) &&
    halflife > 0 &&
    isField(state, 'xi') &&
    isNum(goal) &&
    typeof tGoal === 'number' &&
    tGoal === tGoal &&
    isTime(apprehension)
  ))
    check(S.timedSpringDamperImplicit, state, goal, tGoal, halflife, dt, apprehension);
  put(state, 3);
  full.sp_timed_spring_damper_implicit(slot(X), slot(V), slot(XI), goal, tGoal, halflife, dt, apprehension);
  return get(state, 3);
}
