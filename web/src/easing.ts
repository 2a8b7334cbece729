/**
 * The two easings of the Spring-It-On demos, stepped exactly (dt-invariant): the cubic that
 * reaches its goal at rest a fixed `blendtime` after the goal was set, and the inertial easing
 * that moves to its goal and stops there within a largest acceleration, taking longer for a
 * longer move. (Its duration, `inertialEasingDuration`, takes and returns numbers: it is
 * generated from the header.)
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import { getXV, put1, put2, slot } from './scratch.js';
import { check, isClock, isNum, isSpringStep, isTime } from './check.js';
import type { SpringState } from './springs.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

/** The cubic easing's state: position `x`, velocity `v`, and the seconds `t` since the goal
 *  was set (set it to 0 when the goal changes). */
export interface EasingState {
  x: number;
  v: number;
  t: number;
}

/** Scratch slots of position, velocity and time. */
const X = 0,
  V = 1,
  T = 2;

/**
 * Cubic easing: the cubic from the current position and velocity that reaches `goal` at rest
 * `blendtime` seconds after the goal was set (`state.t` counts them: set it to 0 when the goal
 * changes; position and velocity stay continuous). Updates `state` in place and returns it.
 * @example
 * const panel = { x: 0, v: 0, t: 0 };
 * // on click: panel.t = 0; target = 300;   every frame:
 * cubicEasingUpdate(panel, target, 0.4, dt); // there in 0.4 s, at rest
 * @c sp_cubic_easing_update state={x,v,t} goal=g
 */
export function cubicEasingUpdate<T extends EasingState>(
  state: T,
  goal: number,
  blendtime: number,
  dt: number,
): T {
  if (!(isSpringStep(state, blendtime, dt) && isClock(state) && isTime(state.t) && isNum(goal)))
    check(S.cubicEasingUpdate, state, goal, blendtime, dt);
  put2(X, state.x, state.v);
  full.sp_cubic_easing_update(slot(X), slot(V), put1(T, state.t), goal, blendtime, dt);
  state.t = heapF32[scratchF32 + T];
  return getXV(X, state);
}

/**
 * Inertial easing: moves `state` to `goal` and stops there, accelerating and braking at most
 * at `acceleration` (so a longer move takes longer: √(6·distance/acceleration) from rest).
 * It depends on the state only, so the goal may change every frame. Updates `state` in place
 * and returns it.
 * @example
 * const knob = { x: 0, v: 0 };
 * inertialEasingUpdate(knob, pointerX, 4000, dt); // follows, never faster than 4000 px/s²
 * @c sp_inertial_easing_update state={x,v} goal=g
 */
export function inertialEasingUpdate<T extends SpringState>(
  state: T,
  goal: number,
  acceleration: number,
  dt: number,
): T {
  if (!(isSpringStep(state, 0, dt) && isNum(goal) && typeof acceleration === 'number' && acceleration >= 0))
    check(S.inertialEasingUpdate, state, goal, acceleration, dt);
  full.sp_inertial_easing_update(put2(X, state.x, state.v), slot(V), goal, acceleration, dt);
  return getXV(X, state);
}
