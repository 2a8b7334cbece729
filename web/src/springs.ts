/**
 * Spring dampers of Spring-It-On: the explicit Euler spring, the exact spring in every
 * regime (by stiffness/damping, frequency/halflife or damping ratio/halflife), and the
 * critical, simple and decay springs. Each updates a `{x, v}` state in place.
 * @packageDocumentation
 */
import { getXV, put2, wasm } from './wasm.js';
import {
  FREQUENCY_HALFLIFE,
  RATIO_HALFLIFE,
  STIFFNESS_DAMPING,
  criticalStep,
  springStep,
  tryCriticalStep,
  trySpringStep,
} from './steps.js';
import { finite, isFinite4, isSpringStep, isTime, nonNegative, positive, ready, shape } from './check.js';

/** A spring's state, updated in place: position `x` and velocity `v` (per second). */
export interface SpringState {
  x: number;
  v: number;
}

const XV = ['x', 'v'] as const;

function checkCommon(fn: string, state: unknown, halflife: number, dt: number): void {
  ready(fn);
  shape(fn, 'state', state, XV);
  const s = state as SpringState;
  finite(fn, 'state.x', s.x);
  finite(fn, 'state.v', s.v);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'dt', dt);
}

/**
 * One explicit Euler step of `a = stiffness·(goal − x) + damping·(goalVelocity − v)`:
 * unstable for large `dt` or stiffness. Kept to show why the exact spring exists.
 */
export function springDamperBad(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  stiffness: number,
  damping: number,
  dt: number,
): SpringState {
  if (!(isSpringStep(state, 0, dt) && isFinite4(goal, goalVelocity, stiffness, damping))) {
    const fn = 'springDamperBad';
    ready(fn);
    shape(fn, 'state', state, XV);
    finite(fn, 'state.x', state.x);
    finite(fn, 'state.v', state.v);
    finite(fn, 'goal', goal);
    finite(fn, 'goalVelocity', goalVelocity);
    finite(fn, 'stiffness', stiffness);
    finite(fn, 'damping', damping);
    nonNegative(fn, 'dt', dt);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_spring_damper_bad(p, p + 4, goal, goalVelocity, stiffness, damping, dt);
  return getXV(0, state);
}

/**
 * Exact spring by `stiffness` and `damping` in every regime (under, critical, over
 * damped), continuous across the critical boundary `damping² = 4·stiffness`.
 * `stiffness` must be > 0 when `goalVelocity` is not 0.
 */
export function springDamperExactStiffness(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  stiffness: number,
  damping: number,
  dt: number,
): SpringState {
  if (!trySpringStep(state, goal, goalVelocity, STIFFNESS_DAMPING, stiffness, damping, dt)) {
    const fn = 'springDamperExactStiffness';
    ready(fn);
    shape(fn, 'state', state, XV);
    finite(fn, 'state.x', state.x);
    finite(fn, 'state.v', state.v);
    finite(fn, 'goal', goal);
    finite(fn, 'goalVelocity', goalVelocity);
    if (goalVelocity !== 0) positive(fn, 'stiffness', stiffness);
    else nonNegative(fn, 'stiffness', stiffness);
    nonNegative(fn, 'damping', damping);
    nonNegative(fn, 'dt', dt);
    springStep(state, goal, goalVelocity, STIFFNESS_DAMPING, stiffness, damping, dt);
  }
  return state;
}

/**
 * Exact spring by `frequency` (Hz) and `halflife` (s) — the article's final interface —
 * in every regime. It is critically damped when `frequency = criticalFrequency(halflife)`.
 */
export function springDamperExact(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  frequency: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!trySpringStep(state, goal, goalVelocity, FREQUENCY_HALFLIFE, frequency, halflife, dt)) {
    const fn = 'springDamperExact';
    checkCommon(fn, state, halflife, dt);
    finite(fn, 'goal', goal);
    finite(fn, 'goalVelocity', goalVelocity);
    if (goalVelocity !== 0) positive(fn, 'frequency', frequency);
    else nonNegative(fn, 'frequency', frequency);
    springStep(state, goal, goalVelocity, FREQUENCY_HALFLIFE, frequency, halflife, dt);
  }
  return state;
}

/**
 * Exact spring by damping ratio (1 critical, < 1 under damped and bouncy, > 1 over
 * damped) and `halflife` (s).
 */
export function springDamperExactRatio(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  dampingRatio: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!trySpringStep(state, goal, goalVelocity, RATIO_HALFLIFE, dampingRatio, halflife, dt)) {
    const fn = 'springDamperExactRatio';
    checkCommon(fn, state, halflife, dt);
    finite(fn, 'goal', goal);
    finite(fn, 'goalVelocity', goalVelocity);
    positive(fn, 'dampingRatio', dampingRatio);
    springStep(state, goal, goalVelocity, RATIO_HALFLIFE, dampingRatio, halflife, dt);
  }
  return state;
}

/**
 * The article's `spring_damper_implicit` (fast exp and atan, regimes split at `eps`),
 * kept for comparison with {@link springDamperExactStiffness}.
 */
export function springDamperImplicit(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  stiffness: number,
  damping: number,
  dt: number,
  eps = 1e-5,
): SpringState {
  if (!(
    isSpringStep(state, stiffness, dt) &&
    isTime(damping) &&
    isFinite4(goal, goalVelocity, 0, 0) &&
    eps > 0 &&
    eps < Infinity
  )) {
    const fn = 'springDamperImplicit';
    ready(fn);
    shape(fn, 'state', state, XV);
    finite(fn, 'goal', goal);
    finite(fn, 'goalVelocity', goalVelocity);
    finite(fn, 'state.x', state.x);
    finite(fn, 'state.v', state.v);
    nonNegative(fn, 'stiffness', stiffness);
    nonNegative(fn, 'damping', damping);
    nonNegative(fn, 'dt', dt);
    positive(fn, 'eps', eps);
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_spring_damper_implicit(p, p + 4, goal, goalVelocity, stiffness, damping, dt, eps);
  return getXV(0, state);
}

/** Exact critically damped spring toward `goal` with goal velocity `goalVelocity`. */
export function criticalSpringDamperExact(
  state: SpringState,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!tryCriticalStep(state, goal, goalVelocity, halflife, dt)) {
    const fn = 'criticalSpringDamperExact';
    checkCommon(fn, state, halflife, dt);
    finite(fn, 'goal', goal);
    finite(fn, 'goalVelocity', goalVelocity);
    criticalStep(state, goal, goalVelocity, halflife, dt);
  }
  return state;
}

/** Exact critically damped spring toward `goal` (goal velocity 0): the everyday spring. */
export function simpleSpringDamperExact(
  state: SpringState,
  goal: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!tryCriticalStep(state, goal, 0, halflife, dt)) {
    const fn = 'simpleSpringDamperExact';
    checkCommon(fn, state, halflife, dt);
    finite(fn, 'goal', goal);
    criticalStep(state, goal, 0, halflife, dt);
  }
  return state;
}

/** Exact critically damped spring decaying `state` toward 0 (the inertializer's offset). */
export function decaySpringDamperExact(state: SpringState, halflife: number, dt: number): SpringState {
  if (!tryCriticalStep(state, 0, 0, halflife, dt)) {
    checkCommon('decaySpringDamperExact', state, halflife, dt);
    criticalStep(state, 0, 0, halflife, dt);
  }
  return state;
}

/** The article's `simple_spring_damper_implicit` (fast exp), kept for comparison. */
export function simpleSpringDamperImplicit(
  state: SpringState,
  goal: number,
  halflife: number,
  dt: number,
): SpringState {
  if (!(isSpringStep(state, halflife, dt) && Number.isFinite(goal) && halflife > 0)) {
    const fn = 'simpleSpringDamperImplicit';
    checkCommon(fn, state, halflife, dt);
    finite(fn, 'goal', goal);
    positive(fn, 'halflife', halflife); // the article's form has no eps: halflife 0 gives 0·Inf
  }
  const p = put2(0, state.x, state.v);
  wasm.sp_simple_spring_damper_implicit(p, p + 4, goal, halflife, dt);
  return getXV(0, state);
}
