/**
 * The springs Spring-It-On compares the exact ones with: the explicit Euler spring, which
 * shows why the exact spring exists, and the article's implicit springs (fast exp and atan).
 * Each updates a `{x, v}` state in place and returns it.
 * @packageDocumentation
 */
import { getXV, put2, slot } from './scratch.js';
import { check, isFinite4, isNum, isSpringStep, isTime } from './check.js';
import * as S from './gen/specs.js';
import { full } from './full.js';
import type { SpringState } from './springs.js';

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
  full.sp_spring_damper_bad(put2(0, state.x, state.v), slot(1), goal, goalVelocity, stiffness, damping, dt);
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
  full.sp_spring_damper_implicit(p, slot(1), goal, goalVelocity, stiffness, damping, dt, eps);
  return getXV(0, state);
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
  full.sp_simple_spring_damper_implicit(put2(0, state.x, state.v), slot(1), goal, halflife, dt);
  return getXV(0, state);
}

/**
 * The article's `critical_spring_damper_implicit` (fast exp), kept to compare with
 * {@link criticalSpringDamperExact}. Returns `state`.
 * @c sp_critical_spring_damper_implicit state={x,v} goal=g goalVelocity=q
 */
export function criticalSpringDamperImplicit<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(state, halflife, dt) && isFinite4(goal, goalVelocity, 0, 0)))
    check(S.criticalSpringDamperImplicit, state, goal, goalVelocity, halflife, dt);
  full.sp_critical_spring_damper_implicit(
    put2(0, state.x, state.v),
    slot(1),
    goal,
    goalVelocity,
    halflife,
    dt,
  );
  return getXV(0, state);
}

/**
 * The article's `decay_spring_damper_implicit` (fast exp), kept to compare with
 * {@link decaySpringDamperExact}. Returns `state`.
 * @c sp_decay_spring_damper_implicit state={x,v}
 */
export function decaySpringDamperImplicit<T extends SpringState>(state: T, halflife: number, dt: number): T {
  if (!isSpringStep(state, halflife, dt)) check(S.decaySpringDamperImplicit, state, halflife, dt);
  full.sp_decay_spring_damper_implicit(put2(0, state.x, state.v), slot(1), halflife, dt);
  return getXV(0, state);
}
