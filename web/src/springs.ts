/**
 * Spring dampers of Spring-It-On: the explicit Euler spring, the exact spring in every
 * regime (by stiffness/damping, frequency/halflife or damping ratio/halflife), and the
 * critical, simple and decay springs. Each updates a `{x, v}` state in place and returns it
 * (three.js-style objects keep their type).
 * @packageDocumentation
 */
import { wasm } from './wasm.js';
import { getXV, put2, slot } from './scratch.js';
import { criticalStep } from './steps.js';
import { check, isFinite4, isGoal, isNum, isSpringStep, isTime } from './check.js';
import * as S from './gen/specs.js';

/** A spring's state, updated in place: position `x` and velocity `v` (per second). */
export interface SpringState {
  x: number;
  v: number;
}

/**
 * One explicit Euler step of `a = stiffness·(goal − x) + damping·(goalVelocity − v)`:
 * unstable for large `dt` or stiffness. Kept to show why the exact spring exists.
 * @c sp_spring_damper_bad state={x,v} goal=g goalVelocity=q
 */
export function springDamperBad<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  stiffness: number,
  damping: number,
  dt: number,
): T {
  if (!(isSpringStep(state, 0, dt) && isFinite4(goal, goalVelocity, stiffness, damping)))
    check(S.springDamperBad, state, goal, goalVelocity, stiffness, damping, dt);
  wasm.sp_spring_damper_bad(put2(0, state.x, state.v), slot(1), goal, goalVelocity, stiffness, damping, dt);
  return getXV(0, state);
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
  if (!(isSpringStep(state, damping, dt) && isGoal(goal, goalVelocity, stiffness)))
    check(S.springDamperExactStiffness, state, goal, goalVelocity, stiffness, damping, dt);
  const p = put2(0, state.x, state.v);
  wasm.sp_spring_damper_exact_stiffness(p, slot(1), goal, goalVelocity, stiffness, damping, dt);
  return getXV(0, state);
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
  if (!(isSpringStep(state, halflife, dt) && isGoal(goal, goalVelocity, frequency)))
    check(S.springDamperExact, state, goal, goalVelocity, frequency, halflife, dt);
  const p = put2(0, state.x, state.v);
  wasm.sp_spring_damper_exact(p, slot(1), goal, goalVelocity, frequency, halflife, dt);
  return getXV(0, state);
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
  if (!(
    isSpringStep(state, halflife, dt) &&
    isFinite4(goal, goalVelocity, 0, 0) &&
    isNum(dampingRatio) &&
    dampingRatio > 0
  ))
    check(S.springDamperExactRatio, state, goal, goalVelocity, dampingRatio, halflife, dt);
  const p = put2(0, state.x, state.v);
  wasm.sp_spring_damper_exact_ratio(p, slot(1), goal, goalVelocity, dampingRatio, halflife, dt);
  return getXV(0, state);
}

/**
 * The article's `spring_damper_implicit` (fast exp and atan, regimes split at `eps`),
 * kept for comparison with {@link springDamperExactStiffness}.
 * @c sp_spring_damper_implicit state={x,v} goal=g goalVelocity=q
 */
export function springDamperImplicit<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  stiffness: number,
  damping: number,
  dt: number,
  eps = 1e-5,
): T {
  if (!(
    isSpringStep(state, stiffness, dt) &&
    isTime(damping) &&
    isFinite4(goal, goalVelocity, 0, 0) &&
    isNum(eps) &&
    eps > 0
  ))
    check(S.springDamperImplicit, state, goal, goalVelocity, stiffness, damping, dt, eps);
  const p = put2(0, state.x, state.v);
  wasm.sp_spring_damper_implicit(p, slot(1), goal, goalVelocity, stiffness, damping, dt, eps);
  return getXV(0, state);
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
  if (!(isSpringStep(state, halflife, dt) && isFinite4(goal, goalVelocity, 0, 0)))
    check(S.criticalSpringDamperExact, state, goal, goalVelocity, halflife, dt);
  return criticalStep(state, goal, goalVelocity, halflife, dt);
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
  if (!(isSpringStep(state, halflife, dt) && Number.isFinite(goal)))
    check(S.simpleSpringDamperExact, state, goal, halflife, dt);
  return criticalStep(state, goal, 0, halflife, dt);
}

/**
 * Exact critically damped spring decaying `state` toward 0 (the inertializer's offset).
 * @c sp_decay_spring_damper_exact state={x,v}
 */
export function decaySpringDamperExact<T extends SpringState>(state: T, halflife: number, dt: number): T {
  if (!isSpringStep(state, halflife, dt)) check(S.decaySpringDamperExact, state, halflife, dt);
  return criticalStep(state, 0, 0, halflife, dt);
}

/**
 * The article's `simple_spring_damper_implicit` (fast exp), kept for comparison.
 * @c sp_simple_spring_damper_implicit state={x,v} goal=g
 */
export function simpleSpringDamperImplicit<T extends SpringState>(
  state: T,
  goal: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && Number.isFinite(goal) && halflife > 0))
    check(S.simpleSpringDamperImplicit, state, goal, halflife, dt);
  wasm.sp_simple_spring_damper_implicit(put2(0, state.x, state.v), slot(1), goal, halflife, dt);
  return getXV(0, state);
}
