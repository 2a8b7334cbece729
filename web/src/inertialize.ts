/**
 * Inertializers: switch from a source animation to a destination by recording their offset
 * at the transition and adding it back, decayed toward zero, every frame. The spring one of
 * Spring-It-On (numbers, 2D and 3D vectors, quaternions), the cubic one of "Inertialization
 * Transition Cost", a quintic one after Bollo (GDC 2018) that never overshoots, and dead
 * blending.
 * Position and velocity of the output are continuous across every transition. (The decay
 * curves that take and return numbers — `decayCubic`, `decayQuintic`, `quinticBlendtime` —
 * are generated from the header.)
 * @packageDocumentation
 */
import { heapF32, scratchF32 } from './wasm.js';
import type { Quat, Vec2, Vec3 } from './wasm.js';
import {
  D2,
  D3,
  getQuat,
  getVec2,
  getVec3,
  getXV,
  put1,
  put2,
  putQuat,
  putVec2,
  putVec3,
  slot,
  type Dim,
} from './scratch.js';
import { criticalStep, tryInertializeUpdate } from './steps.js';
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
  isVec2,
  isVec2W,
  isVec3,
  isVec3W,
  type Spec,
} from './check.js';
import * as S from './gen/specs.js';
import { full } from './full.js';

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
  full.sp_inertialize_transition(put2(X, offset.x, offset.v), slot(V), srcX, srcV, dstX, dstV);
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
  if (!tryInertializeUpdate(out, offset, inX, inV, halflife, dt)) {
    check(S.inertializeUpdate, out, offset, inX, inV, halflife, dt);
    criticalStep(offset, 0, 0, halflife, dt); // sp_inertialize_update: the decay spring, then in + offset
    out.x = Math.fround(Math.fround(inX) + offset.x);
    out.v = Math.fround(Math.fround(inV) + offset.v);
  }
  return out;
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
  full.sp_inertialize_transition_quat(
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
  full.sp_inertialize_update_quat(
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
  full.sp_decayed_offset_cubic(slot(X), slot(V), initX, initV, blendtime, dt);
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
  full.sp_decayed_offset_quintic(slot(X), slot(V), slot(T), initX, initV, blendtime, dt);
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
  full[f](put2(X, offset.x, offset.v), slot(V), slot(T), srcX, srcV, dstX, dstV, blendtime);
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
  full[f](slot(X), slot(V), put1(T, offset.t), offset.x, offset.v, inX, inV, blendtime, dt);
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

// ---- vectors: 2D and 3D --------------------------------------------------------------------

// The per-frame updates are written out per dimension: one helper shared by 2D and 3D sees
// both kinds of object and both C functions, and whichever dimension a program uses second
// then runs ~40 % slower (measured); the transitions, called once per switch, share one.

/** The vector spring transitions, `f` the C function of dimension `d`. */
function vectorTransition<V extends Vec2>(
  d: Dim<V>,
  spec: Spec,
  f: 'sp_inertialize_transition_v2' | 'sp_inertialize_transition_v3',
  offX: V,
  offV: V,
  srcX: V,
  srcV: V,
  dstX: V,
  dstV: V,
): void {
  check(spec, offX, offV, srcX, srcV, dstX, dstV);
  const p = d.put(P0, offX);
  full[f](p, d.put(P1, offV), d.put(P2, srcX), d.put(P3, srcV), d.put(P4, dstX), d.put(P5, dstV));
  d.get(P0, offX);
  d.get(P1, offV);
}

/** The vector cubic transitions, `f` the C function of dimension `d`. */
function vectorCubicTransition<V extends Vec2>(
  d: Dim<V>,
  spec: Spec,
  f: 'sp_inertialize_cubic_transition_v2' | 'sp_inertialize_cubic_transition_v3',
  offX: V,
  offV: V,
  clock: BlendClock,
  srcX: V,
  srcV: V,
  dstX: V,
  dstV: V,
  blendtime: number,
): void {
  check(spec, offX, offV, clock, srcX, srcV, dstX, dstV, blendtime);
  const p = d.put(P0, offX);
  full[f](
    p,
    d.put(P1, offV),
    put1(CLOCK, clock.t),
    d.put(P2, srcX),
    d.put(P3, srcV),
    d.put(P4, dstX),
    d.put(P5, dstV),
    blendtime,
  );
  d.get(P0, offX);
  d.get(P1, offV);
  clock.t = heapF32[scratchF32 + CLOCK];
}

/**
 * Vector transition: `offX ← (srcX + offX) − dstX`, `offV ← (srcV + offV) − dstV`, in place
 * (three.js `Vector3` objects can be passed). Start with zero offsets.
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
  vectorTransition(
    D3,
    S.inertializeTransitionV3,
    'sp_inertialize_transition_v3',
    offX,
    offV,
    srcX,
    srcV,
    dstX,
    dstV,
  );
}

/**
 * Vector update: decays `offX`, `offV` in place with the exact critical spring and writes
 * `inX + offX`, `inV + offV` to `outX`, `outV`; returns `outX`.
 * @example
 * inertializeTransitionV3(offX, offV, oldPos, oldVel, newPos, newVel); // when the animation switches
 * inertializeUpdateV3(bone.position, boneVelocity, offX, offV, newPos, newVel, 0.1, dt); // every frame
 * @c sp_inertialize_update_v3
 */
export function inertializeUpdateV3<T extends Vec3>(
  outX: T,
  outV: Vec3,
  offX: Vec3,
  offV: Vec3,
  inX: Vec3,
  inV: Vec3,
  halflife: number,
  dt: number,
): T {
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
  full.sp_inertialize_update_v3(
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
  getVec3(P1, outV);
  return getVec3(P0, outX);
}

/**
 * 2D transition: `offX ← (srcX + offX) − dstX`, `offV ← (srcV + offV) − dstV`, in place
 * (PixiJS `Point` objects can be passed). Start with zero offsets.
 * @c sp_inertialize_transition_v2
 */
export function inertializeTransitionV2(
  offX: Vec2,
  offV: Vec2,
  srcX: Vec2,
  srcV: Vec2,
  dstX: Vec2,
  dstV: Vec2,
): void {
  vectorTransition(
    D2,
    S.inertializeTransitionV2,
    'sp_inertialize_transition_v2',
    offX,
    offV,
    srcX,
    srcV,
    dstX,
    dstV,
  );
}

/**
 * 2D update: decays `offX`, `offV` in place with the exact critical spring and writes
 * `inX + offX`, `inV + offV` to `outX`, `outV`; returns `outX`.
 * @example
 * inertializeTransitionV2(offX, offV, oldPos, oldVel, newPos, newVel); // when the path switches
 * inertializeUpdateV2(sprite.position, spriteVelocity, offX, offV, newPos, newVel, 0.1, dt); // every frame
 * @c sp_inertialize_update_v2
 */
export function inertializeUpdateV2<T extends Vec2>(
  outX: T,
  outV: Vec2,
  offX: Vec2,
  offV: Vec2,
  inX: Vec2,
  inV: Vec2,
  halflife: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isVec2W(outX) &&
    isVec2W(outV) &&
    isVec2W(offX) &&
    isVec2W(offV) &&
    isVec2(inX) &&
    isVec2(inV) &&
    isTime(halflife) &&
    isTime(dt)
  ))
    check(S.inertializeUpdateV2, outX, outV, offX, offV, inX, inV, halflife, dt);
  const p = putVec2(P2, offX);
  full.sp_inertialize_update_v2(
    slot(P0),
    slot(P1),
    p,
    putVec2(P3, offV),
    putVec2(P4, inX),
    putVec2(P5, inV),
    halflife,
    dt,
  );
  getVec2(P2, offX);
  getVec2(P3, offV);
  getVec2(P1, outV);
  return getVec2(P0, outX);
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
  const f = 'sp_inertialize_cubic_transition_v3';
  vectorCubicTransition(
    D3,
    S.inertializeCubicTransitionV3,
    f,
    offX,
    offV,
    clock,
    srcX,
    srcV,
    dstX,
    dstV,
    blendtime,
  );
}

/**
 * Vector cubic update: `clock.t += dt`, and `outX`, `outV` become `inX`, `inV` plus the
 * offset `(offX, offV)` decayed by the cubic over `blendtime` (exactly the input once
 * `clock.t ≥ blendtime`). Returns `outX`.
 * @c sp_inertialize_cubic_update_v3 clock=off_{t}
 */
export function inertializeCubicUpdateV3<T extends Vec3>(
  outX: T,
  outV: Vec3,
  clock: BlendClock,
  offX: Vec3,
  offV: Vec3,
  inX: Vec3,
  inV: Vec3,
  blendtime: number,
  dt: number,
): T {
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
  full.sp_inertialize_cubic_update_v3(
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
  clock.t = heapF32[scratchF32 + CLOCK];
  getVec3(P1, outV);
  return getVec3(P0, outX);
}

/**
 * 2D cubic transition: `offX`, `offV` become the offset still showing (the old one decayed
 * to `clock.t`) plus `src − dst`, and `clock.t` restarts at 0, in place.
 * @c sp_inertialize_cubic_transition_v2 clock=off_{t}
 */
export function inertializeCubicTransitionV2(
  offX: Vec2,
  offV: Vec2,
  clock: BlendClock,
  srcX: Vec2,
  srcV: Vec2,
  dstX: Vec2,
  dstV: Vec2,
  blendtime: number,
): void {
  const f = 'sp_inertialize_cubic_transition_v2';
  vectorCubicTransition(
    D2,
    S.inertializeCubicTransitionV2,
    f,
    offX,
    offV,
    clock,
    srcX,
    srcV,
    dstX,
    dstV,
    blendtime,
  );
}

/**
 * 2D cubic update: `clock.t += dt`, and `outX`, `outV` become `inX`, `inV` plus the offset
 * `(offX, offV)` decayed by the cubic over `blendtime` (exactly the input once
 * `clock.t ≥ blendtime`). Returns `outX`.
 * @c sp_inertialize_cubic_update_v2 clock=off_{t}
 */
export function inertializeCubicUpdateV2<T extends Vec2>(
  outX: T,
  outV: Vec2,
  clock: BlendClock,
  offX: Vec2,
  offV: Vec2,
  inX: Vec2,
  inV: Vec2,
  blendtime: number,
  dt: number,
): T {
  if (!(
    initialized &&
    isVec2W(outX) &&
    isVec2W(outV) &&
    isClock(clock) &&
    clock.t < Infinity &&
    isVec2(offX) &&
    isVec2(offV) &&
    isVec2(inX) &&
    isVec2(inV) &&
    isTime(blendtime) &&
    isTime(dt)
  ))
    check(S.inertializeCubicUpdateV2, outX, outV, clock, offX, offV, inX, inV, blendtime, dt);
  const p = putVec2(P2, offX);
  full.sp_inertialize_cubic_update_v2(
    slot(P0),
    slot(P1),
    put1(CLOCK, clock.t),
    p,
    putVec2(P3, offV),
    putVec2(P4, inX),
    putVec2(P5, inV),
    blendtime,
    dt,
  );
  clock.t = heapF32[scratchF32 + CLOCK];
  getVec2(P1, outV);
  return getVec2(P0, outX);
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
  full.sp_dead_blending_evaluate(slot(X), slot(V), state.x, state.v, state.t, inX, inV, halflife, blendtime);
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
  full.sp_dead_blending_transition(
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
  full.sp_dead_blending_update(
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
