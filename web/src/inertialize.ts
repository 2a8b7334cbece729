/**
 * Inertializers: switch from a source animation to a destination by recording their offset
 * at the transition and adding it back, decayed toward zero, every frame. The spring one of
 * Spring-It-On (numbers, vectors, quaternions), the cubic one of "Inertialization Transition
 * Cost", a quintic one after Bollo (GDC 2018) that never overshoots, and dead blending.
 * Position and velocity of the output are continuous across every transition. (The decay
 * curves that take and return numbers — `decayCubic`, `decayQuintic`, `quinticBlendtime` —
 * are generated from the header.)
 * @packageDocumentation
 */
import { heapF32, scratchF32, wasm } from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import { getQuat, getVec3, getXV, put1, put2, putQuat, putVec3, slot } from './scratch.js';
import { criticalStep } from './steps.js';
import {
  check,
  initialized,
  isClock,
  isFinite4,
  isQuat,
  isQuatW,
  isSpringStep,
  isState,
  isTime,
  isVec3,
  isVec3W,
  type Spec,
} from './check.js';
import * as S from './gen/specs.js';

/** Position and velocity, written in place: an output, or a spring inertializer's offset. */
export interface PosVel {
  x: number;
  v: number;
}

/** Offset at the last transition (`x`, `v`) and seconds since it (`t`): the state of the
 *  cubic and quintic inertializers. Start with `{x: 0, v: 0, t: 0}`. */
export interface TimedOffset {
  x: number;
  v: number;
  t: number;
}

/** Dead blending's state: the output at the last transition (`x`, `v`), extrapolated from
 *  there, and seconds since it (`t`). Start with `{x: 0, v: 0, t: Infinity}` (no blend). */
export interface DeadBlendState {
  x: number;
  v: number;
  t: number;
}

/** Position, velocity and acceleration, written in place. */
export interface PosVelAcc {
  x: number;
  v: number;
  a: number;
}

/** The clock of a vector cubic inertializer: seconds since its last transition. */
export interface BlendClock {
  t: number;
}

/** Scratch slots of a scalar inertializer: position, velocity, time (and acceleration). */
const X = 0,
  V = 1,
  T = 2;
/** Scratch slots of the vector and quaternion arguments, in the C order (4 floats apart). */
const P0 = 0,
  P1 = 4,
  P2 = 8,
  P3 = 12,
  P4 = 16,
  P5 = 20,
  CLOCK = 24;

// ---- spring -------------------------------------------------------------------------------

/**
 * Records a transition from `src` to `dst` in the spring inertializer's `offset`
 * (`offset ← (src + offset) − dst`), in place. Start with `{x: 0, v: 0}`.
 * @c sp_inertialize_transition offset=off_{x,v}
 */
export function inertializeTransition<T extends PosVel>(
  offset: T,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
): T {
  check(S.inertializeTransition, offset, srcX, srcV, dstX, dstV);
  wasm.sp_inertialize_transition(put2(X, offset.x, offset.v), slot(V), srcX, srcV, dstX, dstV);
  return getXV(X, offset);
}

/**
 * Decays `offset` with the exact critical spring of `halflife` over `dt` and writes the
 * output `in + offset` into `out` (returned).
 * @example
 * const offset = { x: 0, v: 0 }, out = { x: 0, v: 0 };
 * inertializeTransition(offset, oldX, oldV, newX, newV); // when the animation switches
 * inertializeUpdate(out, offset, newX, newV, 0.1, dt); // every frame: out is continuous
 * @c sp_inertialize_update out=out_{x,v} offset=off_{x,v}
 */
export function inertializeUpdate<T extends PosVel>(
  out: T,
  offset: PosVel,
  inX: number,
  inV: number,
  halflife: number,
  dt: number,
): T {
  if (!(isSpringStep(offset, halflife, dt) && isState(out) && isFinite4(inX, inV, 0, 0)))
    check(S.inertializeUpdate, out, offset, inX, inV, halflife, dt);
  criticalStep(offset, 0, 0, halflife, dt); // sp_inertialize_update: the decay spring, then in + offset
  out.x = Math.fround(Math.fround(inX) + offset.x);
  out.v = Math.fround(Math.fround(inV) + offset.v);
  return out;
}

/**
 * Vector transition: `offX ← (srcX + offX) − dstX`, `offV ← (srcV + offV) − dstV`, in place
 * (three.js `Vector3` objects can be passed).
 * @c sp_inertialize_transition_v3
 */
export function inertializeTransitionV3(
  offX: Vec3,
  offV: Vec3,
  srcX: Vec3,
  srcV: Vec3,
  dstX: Vec3,
  dstV: Vec3,
): void {
  check(S.inertializeTransitionV3, offX, offV, srcX, srcV, dstX, dstV);
  const p = putVec3(P0, offX);
  wasm.sp_inertialize_transition_v3(
    p,
    putVec3(P1, offV),
    putVec3(P2, srcX),
    putVec3(P3, srcV),
    putVec3(P4, dstX),
    putVec3(P5, dstV),
  );
  getVec3(P0, offX);
  getVec3(P1, offV);
}

/**
 * Vector update: decays `offX`, `offV` in place and writes `inX + offX`, `inV + offV` to `outX`, `outV`.
 * @c sp_inertialize_update_v3
 */
export function inertializeUpdateV3(
  outX: Vec3,
  outV: Vec3,
  offX: Vec3,
  offV: Vec3,
  inX: Vec3,
  inV: Vec3,
  halflife: number,
  dt: number,
): void {
  if (!(
    initialized &&
    isVec3W(outX) &&
    isVec3W(outV) &&
    isVec3W(offX) &&
    isVec3W(offV) &&
    isVec3(inX) &&
    isVec3(inV) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.inertializeUpdateV3, outX, outV, offX, offV, inX, inV, halflife, dt);
  const p = putVec3(P2, offX);
  wasm.sp_inertialize_update_v3(
    slot(P0),
    slot(P1),
    p,
    putVec3(P3, offV),
    putVec3(P4, inX),
    putVec3(P5, inV),
    halflife,
    dt,
  );
  getVec3(P2, offX);
  getVec3(P3, offV);
  getVec3(P0, outX);
  getVec3(P1, outV);
}

/**
 * Rotation transition: the offset rotation `offX` becomes `offX·srcX·dstX⁻¹` (shortest arc)
 * and its angular velocity `offV` becomes `offV + offX·srcV − offX'·dstV` (world frame,
 * rad/s), so that the output `offX·in` keeps its rotation and angular velocity. Start with
 * the identity and zero. Quaternions are `{x, y, z, w}` (three.js `Quaternion` qualifies).
 * @c sp_inertialize_transition_quat
 */
export function inertializeTransitionQuat(
  offX: Quat,
  offV: Vec3,
  srcX: Quat,
  srcV: Vec3,
  dstX: Quat,
  dstV: Vec3,
): void {
  check(S.inertializeTransitionQuat, offX, offV, srcX, srcV, dstX, dstV);
  const p = putQuat(P0, offX);
  wasm.sp_inertialize_transition_quat(
    p,
    putVec3(P1, offV),
    putQuat(P2, srcX),
    putVec3(P3, srcV),
    putQuat(P4, dstX),
    putVec3(P5, dstV),
  );
  getQuat(P0, offX);
  getVec3(P1, offV);
}

/**
 * Rotation update: decays the offset rotation and angular velocity with the exact critical
 * spring and writes `outX = offX·inX`, `outV = offV + offX·inV`.
 * @c sp_inertialize_update_quat
 */
export function inertializeUpdateQuat(
  outX: Quat,
  outV: Vec3,
  offX: Quat,
  offV: Vec3,
  inX: Quat,
  inV: Vec3,
  halflife: number,
  dt: number,
): void {
  if (!(
    initialized &&
    isQuatW(outX) &&
    isVec3W(outV) &&
    isQuatW(offX) &&
    isVec3W(offV) &&
    isQuat(inX) &&
    isVec3(inV) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.inertializeUpdateQuat, outX, outV, offX, offV, inX, inV, halflife, dt);
  const p = putQuat(P2, offX);
  wasm.sp_inertialize_update_quat(
    slot(P0),
    slot(P1),
    p,
    putVec3(P3, offV),
    putQuat(P4, inX),
    putVec3(P5, inV),
    halflife,
    dt,
  );
  getQuat(P2, offX);
  getVec3(P3, offV);
  getQuat(P0, outX);
  getVec3(P1, outV);
}

// ---- cubic and quintic --------------------------------------------------------------------

/**
 * Offset position and velocity of the cubic inertializer `dt` seconds after the transition, into `out`.
 * @c sp_decayed_offset_cubic out=out_{x,v}
 */
export function decayedOffsetCubic<T extends PosVel>(
  out: T,
  initX: number,
  initV: number,
  blendtime: number,
  dt: number,
): T {
  check(S.decayedOffsetCubic, out, initX, initV, blendtime, dt);
  wasm.sp_decayed_offset_cubic(slot(X), slot(V), initX, initV, blendtime, dt);
  return getXV(X, out);
}

/**
 * Offset position, velocity and acceleration of the quintic inertializer `dt` seconds after the transition, into `out`.
 * @c sp_decayed_offset_quintic out=out_{x,v,a}
 */
export function decayedOffsetQuintic<T extends PosVelAcc>(
  out: T,
  initX: number,
  initV: number,
  blendtime: number,
  dt: number,
): T {
  check(S.decayedOffsetQuintic, out, initX, initV, blendtime, dt);
  wasm.sp_decayed_offset_quintic(slot(X), slot(V), slot(T), initX, initV, blendtime, dt);
  out.a = heapF32[scratchF32 + T];
  return getXV(X, out);
}

/** The C functions of the cubic and quintic inertializers, by name. */
type TimedTransition = 'sp_inertialize_cubic_transition' | 'sp_inertialize_quintic_transition';
type TimedUpdate = 'sp_inertialize_cubic_update' | 'sp_inertialize_quintic_update';

/** The cubic and quintic transitions, `f` the name of the C function. */
function timedTransition<T extends TimedOffset>(
  spec: Spec,
  f: TimedTransition,
  offset: T,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
  blendtime: number,
): T {
  check(spec, offset, srcX, srcV, dstX, dstV, blendtime);
  put1(T, offset.t);
  wasm[f](put2(X, offset.x, offset.v), slot(V), slot(T), srcX, srcV, dstX, dstV, blendtime);
  offset.t = heapF32[scratchF32 + T];
  return getXV(X, offset);
}

/** The cubic and quintic updates, `f` the name of the C function. */
function timedUpdate<T extends PosVel>(
  spec: Spec,
  f: TimedUpdate,
  out: T,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): T {
  if (!(
    isSpringStep(offset, blendtime, dt) &&
    isTime(offset.t) &&
    isClock(offset) &&
    isState(out) &&
    isFinite4(inX, inV, 0, 0)
  ))
    check(spec, out, offset, inX, inV, blendtime, dt);
  wasm[f](slot(X), slot(V), put1(T, offset.t), offset.x, offset.v, inX, inV, blendtime, dt);
  offset.t = heapF32[scratchF32 + T];
  return getXV(X, out);
}

/**
 * Cubic transition: `offset ← decayed(offset) + src − dst`, `offset.t ← 0`, in place.
 * @c sp_inertialize_cubic_transition offset=off_{x,v,t}
 */
export function inertializeCubicTransition<T extends TimedOffset>(
  offset: T,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
  blendtime: number,
): T {
  return timedTransition(
    S.inertializeCubicTransition,
    'sp_inertialize_cubic_transition',
    offset,
    srcX,
    srcV,
    dstX,
    dstV,
    blendtime,
  );
}

/**
 * Cubic update: `offset.t += dt`, writes `in + decayed offset` into `out` (returned).
 * @c sp_inertialize_cubic_update out=out_{x,v} offset=off_{x,v,t}
 */
export function inertializeCubicUpdate<T extends PosVel>(
  out: T,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): T {
  return timedUpdate(
    S.inertializeCubicUpdate,
    'sp_inertialize_cubic_update',
    out,
    offset,
    inX,
    inV,
    blendtime,
    dt,
  );
}

/**
 * Quintic transition: `offset ← decayed(offset) + src − dst`, `offset.t ← 0`, in place.
 * @c sp_inertialize_quintic_transition offset=off_{x,v,t}
 */
export function inertializeQuinticTransition<T extends TimedOffset>(
  offset: T,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
  blendtime: number,
): T {
  return timedTransition(
    S.inertializeQuinticTransition,
    'sp_inertialize_quintic_transition',
    offset,
    srcX,
    srcV,
    dstX,
    dstV,
    blendtime,
  );
}

/**
 * Quintic update: `offset.t += dt`, writes `in + decayed offset` into `out` (returned).
 * @c sp_inertialize_quintic_update out=out_{x,v} offset=off_{x,v,t}
 */
export function inertializeQuinticUpdate<T extends PosVel>(
  out: T,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): T {
  return timedUpdate(
    S.inertializeQuinticUpdate,
    'sp_inertialize_quintic_update',
    out,
    offset,
    inX,
    inV,
    blendtime,
    dt,
  );
}

/**
 * Vector cubic transition (the article's `inertialize_cubic_transition` on vec3): `offX`,
 * `offV` become the offset still showing (the old one decayed to `clock.t`) plus
 * `src − dst`, and `clock.t` restarts at 0. Vectors are updated in place (three.js
 * `Vector3` objects can be passed).
 * @c sp_inertialize_cubic_transition_v3 clock=off_{t}
 */
export function inertializeCubicTransitionV3(
  offX: Vec3,
  offV: Vec3,
  clock: BlendClock,
  srcX: Vec3,
  srcV: Vec3,
  dstX: Vec3,
  dstV: Vec3,
  blendtime: number,
): void {
  check(S.inertializeCubicTransitionV3, offX, offV, clock, srcX, srcV, dstX, dstV, blendtime);
  const p = putVec3(P0, offX);
  wasm.sp_inertialize_cubic_transition_v3(
    p,
    putVec3(P1, offV),
    put1(CLOCK, clock.t),
    putVec3(P2, srcX),
    putVec3(P3, srcV),
    putVec3(P4, dstX),
    putVec3(P5, dstV),
    blendtime,
  );
  getVec3(P0, offX);
  getVec3(P1, offV);
  clock.t = heapF32[scratchF32 + CLOCK];
}

/**
 * Vector cubic update: `clock.t += dt`, and `outX`, `outV` become `inX`, `inV` plus the
 * offset `(offX, offV)` decayed by the cubic over `blendtime` (exactly the input once
 * `clock.t ≥ blendtime`).
 * @c sp_inertialize_cubic_update_v3 clock=off_{t}
 */
export function inertializeCubicUpdateV3(
  outX: Vec3,
  outV: Vec3,
  clock: BlendClock,
  offX: Vec3,
  offV: Vec3,
  inX: Vec3,
  inV: Vec3,
  blendtime: number,
  dt: number,
): void {
  if (!(
    initialized &&
    isVec3W(outX) &&
    isVec3W(outV) &&
    isClock(clock) &&
    clock.t < Infinity &&
    isVec3(offX) &&
    isVec3(offV) &&
    isVec3(inX) &&
    isVec3(inV) &&
    isTime(blendtime) &&
    isTime(dt)
  ))
    check(S.inertializeCubicUpdateV3, outX, outV, clock, offX, offV, inX, inV, blendtime, dt);
  const p = putVec3(P2, offX);
  wasm.sp_inertialize_cubic_update_v3(
    slot(P0),
    slot(P1),
    put1(CLOCK, clock.t),
    p,
    putVec3(P3, offV),
    putVec3(P4, inX),
    putVec3(P5, inV),
    blendtime,
    dt,
  );
  getVec3(P0, outX);
  getVec3(P1, outV);
  clock.t = heapF32[scratchF32 + CLOCK];
}

// ---- dead blending ------------------------------------------------------------------------

/**
 * Dead-blending output `state.t` seconds after the transition: the source extrapolated from
 * `(state.x, state.v)` with its velocity halving every `halflife`, cross-faded to the input
 * by `smoothstep(state.t / blendtime)`. Written into `out` (returned).
 * @c sp_dead_blending_evaluate out=out_{x,v} state=ext_{x,v,t}
 */
export function deadBlendingEvaluate<T extends PosVel>(
  out: T,
  state: DeadBlendState,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
): T {
  check(S.deadBlendingEvaluate, out, state, inX, inV, halflife, blendtime);
  wasm.sp_dead_blending_evaluate(slot(X), slot(V), state.x, state.v, state.t, inX, inV, halflife, blendtime);
  return getXV(X, out);
}

/**
 * Dead-blending transition: `state` becomes the current output (from `state` and the
 * playing source `src`), `state.t ← 0`, in place.
 * @c sp_dead_blending_transition state=ext_{x,v,t}
 */
export function deadBlendingTransition<T extends DeadBlendState>(
  state: T,
  srcX: number,
  srcV: number,
  halflife: number,
  blendtime: number,
): T {
  check(S.deadBlendingTransition, state, srcX, srcV, halflife, blendtime);
  put1(T, state.t);
  wasm.sp_dead_blending_transition(
    put2(X, state.x, state.v),
    slot(V),
    slot(T),
    srcX,
    srcV,
    halflife,
    blendtime,
  );
  state.t = heapF32[scratchF32 + T];
  return getXV(X, state);
}

/**
 * Dead-blending update: `state.t += dt`, writes the blended output into `out` (returned).
 * @c sp_dead_blending_update out=out_{x,v} state=ext_{x,v,t}
 */
export function deadBlendingUpdate<T extends PosVel>(
  out: T,
  state: DeadBlendState,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
  dt: number,
): T {
  if (!(
    isSpringStep(state, halflife, dt) &&
    isClock(state) &&
    isState(out) &&
    isFinite4(inX, inV, 0, 0) &&
    isTime(blendtime)
  ))
    check(S.deadBlendingUpdate, out, state, inX, inV, halflife, blendtime, dt);
  wasm.sp_dead_blending_update(
    slot(X),
    slot(V),
    put1(T, state.t),
    state.x,
    state.v,
    inX,
    inV,
    halflife,
    blendtime,
    dt,
  );
  state.t = heapF32[scratchF32 + T];
  return getXV(X, out);
}
