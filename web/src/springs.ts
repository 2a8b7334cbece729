/**
 * Spring dampers of Spring-It-On: the exact spring in every regime (by stiffness/damping,
 * frequency/halflife or damping ratio/halflife), and the critical, simple and decay springs
 * (springs_compared.ts has the explicit and implicit ones the article compares them with). Each updates a `{x, v}` state in place and returns it
 * (three.js-style objects keep their type).
 * @packageDocumentation
 */
import {
  FREQUENCY_HALFLIFE,
  RATIO_HALFLIFE,
  STIFFNESS_DAMPING,
  criticalStep,
  springStep,
  tryCriticalStep,
  trySpringStep,
} from './steps.js';
import { check } from './check.js';
import * as S from './gen/specs.js';

/** A spring's state, updated in place: position `x` and velocity `v` (per second). */
export interface SpringState {
  x: number;
  v: number;
}

/**
 * Exact spring by `stiffness` and `damping` in every regime (under, critical, over
 * damped), continuous across the critical boundary `damping² = 4·stiffness`.
 * @c sp_spring_damper_exact_stiffness state={x,v} goal=g goalVelocity=q
 */
export function springDamperExactStiffness<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  stiffness: number,
  damping: number,
  dt: number,
): T {
  if (!trySpringStep(state, goal, goalVelocity, STIFFNESS_DAMPING, stiffness, damping, dt)) {
    check(S.springDamperExactStiffness, state, goal, goalVelocity, stiffness, damping, dt);
    springStep(state, goal, goalVelocity, STIFFNESS_DAMPING, stiffness, damping, dt);
  }
  return state;
}

/**
 * Exact spring by `frequency` and `halflife` — the article's final interface — in every
 * regime. It is critically damped when `frequency = criticalFrequency(halflife)`.
 * @example
 * const s = { x: 0, v: 0 };
 * springDamperExact(s, 1, 0, 2, 0.3, dt); // bouncy: 2 Hz, damping halflife 0.3 s
 * @c sp_spring_damper_exact state={x,v} goal=g goalVelocity=q
 */
export function springDamperExact<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  frequency: number,
  halflife: number,
  dt: number,
): T {
  if (!trySpringStep(state, goal, goalVelocity, FREQUENCY_HALFLIFE, frequency, halflife, dt)) {
    check(S.springDamperExact, state, goal, goalVelocity, frequency, halflife, dt);
    springStep(state, goal, goalVelocity, FREQUENCY_HALFLIFE, frequency, halflife, dt);
  }
  return state;
}

/**
 * Exact spring by damping ratio (1 critical, < 1 under damped and bouncy, > 1 over
 * damped) and `halflife`.
 * @c sp_spring_damper_exact_ratio state={x,v} goal=g goalVelocity=q
 */
export function springDamperExactRatio<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  dampingRatio: number,
  halflife: number,
  dt: number,
): T {
  if (!trySpringStep(state, goal, goalVelocity, RATIO_HALFLIFE, dampingRatio, halflife, dt)) {
    check(S.springDamperExactRatio, state, goal, goalVelocity, dampingRatio, halflife, dt);
    springStep(state, goal, goalVelocity, RATIO_HALFLIFE, dampingRatio, halflife, dt);
  }
  return state;
}

/**
 * Exact critically damped spring toward `goal` with goal velocity `goalVelocity`.
 * @example
 * const s = { x: 0, v: 0 };
 * criticalSpringDamperExact(s, target, targetVelocity, 0.2, dt); // follows a moving target
 * @c sp_critical_spring_damper_exact state={x,v} goal=g goalVelocity=q
 */
export function criticalSpringDamperExact<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): T {
  if (!tryCriticalStep(state, goal, goalVelocity, halflife, dt)) {
    check(S.criticalSpringDamperExact, state, goal, goalVelocity, halflife, dt);
    criticalStep(state, goal, goalVelocity, halflife, dt);
  }
  return state;
}

/**
 * Exact critically damped spring toward `goal` (goal velocity 0): the everyday spring.
 * @example
 * const camera = { x: 0, v: 0 };
 * simpleSpringDamperExact(camera, targetX, 0.15, dt); // halflife 0.15 s, any frame rate
 * @c sp_simple_spring_damper_exact state={x,v} goal=g
 */
export function simpleSpringDamperExact<T extends SpringState>(
  state: T,
  goal: number,
  halflife: number,
  dt: number,
): T {
  if (!tryCriticalStep(state, goal, 0, halflife, dt)) {
    check(S.simpleSpringDamperExact, state, goal, halflife, dt);
    criticalStep(state, goal, 0, halflife, dt);
  }
  return state;
}

/**
 * Exact critically damped spring decaying `state` toward 0 (the inertializer's offset).
 * @c sp_decay_spring_damper_exact state={x,v}
 */
export function decaySpringDamperExact<T extends SpringState>(state: T, halflife: number, dt: number): T {
  if (!tryCriticalStep(state, 0, 0, halflife, dt)) {
    check(S.decaySpringDamperExact, state, halflife, dt);
    criticalStep(state, 0, 0, halflife, dt);
  }
  return state;
}
