/**
 * Inertializers: switch from a source animation to a destination by recording their offset
 * at the transition and adding it back, decayed toward zero, every frame. The spring one of
 * Spring-It-On (numbers, vectors, quaternions), the cubic one of "Inertialization Transition
 * Cost", a quintic one after Bollo (GDC 2018) that never overshoots, and dead blending.
 * Position and velocity of the output are continuous across every transition.
 * @packageDocumentation
 */
import {
  getQuat,
  getVec3,
  getXV,
  heapF32,
  put2,
  putQuat,
  putVec3,
  scratch,
  scratchF32,
  wasm,
} from './wasm.js';
import type { Quat, Vec3 } from './wasm.js';
import { criticalStep, tryInertializeUpdate } from './steps.js';
import {
  finite,
  initialized,
  isFinite4,
  isQuat,
  isSpringStep,
  isState,
  isTime,
  isVec3,
  nonNegative,
  ready,
  shape,
} from './check.js';
import { quat, vec3 } from './vec.js';

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

const XV = ['x', 'v'] as const;
const XVT = ['x', 'v', 't'] as const;
const XYZ = ['x', 'y', 'z'] as const;
const XYZW = ['x', 'y', 'z', 'w'] as const;

function timed(fn: string, name: string, s: unknown): void {
  shape(fn, name, s, XVT);
  const o = s as TimedOffset;
  finite(fn, `${name}.x`, o.x);
  finite(fn, `${name}.v`, o.v);
  nonNegative(fn, `${name}.t`, o.t);
}

function streams(fn: string, a: number, b: number, c: number, d: number, names: readonly string[]): void {
  finite(fn, names[0], a);
  finite(fn, names[1], b);
  finite(fn, names[2], c);
  finite(fn, names[3], d);
}
const SRC_DST = ['srcX', 'srcV', 'dstX', 'dstV'] as const;
const IN = ['inX', 'inV', 'inX', 'inV'] as const;

// ---- spring -------------------------------------------------------------------------------

/**
 * Records a transition from `src` to `dst` in the spring inertializer's `offset`
 * (`offset ← (src + offset) − dst`), in place. Start with `{x: 0, v: 0}`.
 */
export function inertializeTransition(
  offset: PosVel,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
): PosVel {
  const fn = 'inertializeTransition';
  ready(fn);
  shape(fn, 'offset', offset, XV);
  finite(fn, 'offset.x', offset.x);
  finite(fn, 'offset.v', offset.v);
  streams(fn, srcX, srcV, dstX, dstV, SRC_DST);
  const p = put2(0, offset.x, offset.v);
  wasm.sp_inertialize_transition(p, p + 4, srcX, srcV, dstX, dstV);
  return getXV(0, offset);
}

/**
 * Decays `offset` with the exact critical spring of `halflife` over `dt` and writes the
 * output `in + offset` into `out` (returned).
 */
export function inertializeUpdate(
  out: PosVel,
  offset: PosVel,
  inX: number,
  inV: number,
  halflife: number,
  dt: number,
): PosVel {
  if (!tryInertializeUpdate(out, offset, inX, inV, halflife, dt)) {
    const fn = 'inertializeUpdate';
    ready(fn);
    shape(fn, 'out', out, XV);
    shape(fn, 'offset', offset, XV);
    finite(fn, 'offset.x', offset.x);
    finite(fn, 'offset.v', offset.v);
    finite(fn, 'inX', inX);
    finite(fn, 'inV', inV);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
    criticalStep(offset, 0, 0, halflife, dt); // sp_inertialize_update: the decay spring, then in + offset
    out.x = Math.fround(Math.fround(inX) + offset.x);
    out.v = Math.fround(Math.fround(inV) + offset.v);
  }
  return out;
}

/** An output vector or quaternion: only written, so any object with the numeric fields. */
function outVec(fn: string, name: string, v: unknown): void {
  shape(fn, name, v, XYZ);
}
function outQuat(fn: string, name: string, q: unknown): void {
  shape(fn, name, q, XYZW);
}

/**
 * Vector transition: `offX ← (srcX + offX) − dstX`, `offV ← (srcV + offV) − dstV`, in place
 * (three.js `Vector3` objects can be passed).
 */
export function inertializeTransitionV3(
  offX: Vec3,
  offV: Vec3,
  srcX: Vec3,
  srcV: Vec3,
  dstX: Vec3,
  dstV: Vec3,
): void {
  const fn = 'inertializeTransitionV3';
  ready(fn);
  vec3(fn, 'offX', offX);
  vec3(fn, 'offV', offV);
  vec3(fn, 'srcX', srcX);
  vec3(fn, 'srcV', srcV);
  vec3(fn, 'dstX', dstX);
  vec3(fn, 'dstV', dstV);
  wasm.sp_inertialize_transition_v3(
    putVec3(0, offX),
    putVec3(3, offV),
    putVec3(6, srcX),
    putVec3(9, srcV),
    putVec3(12, dstX),
    putVec3(15, dstV),
  );
  getVec3(0, offX);
  getVec3(3, offV);
}

/** Vector update: decays `offX`, `offV` in place and writes `inX + offX`, `inV + offV` to `outX`, `outV`. */
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
    isVec3(outX) &&
    isVec3(outV) &&
    isVec3(offX) &&
    isVec3(offV) &&
    isVec3(inX) &&
    isVec3(inV) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    const fn = 'inertializeUpdateV3';
    ready(fn);
    outVec(fn, 'outX', outX);
    outVec(fn, 'outV', outV);
    vec3(fn, 'offX', offX);
    vec3(fn, 'offV', offV);
    vec3(fn, 'inX', inX);
    vec3(fn, 'inV', inV);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  wasm.sp_inertialize_update_v3(
    scratch + 72,
    scratch + 84,
    putVec3(0, offX),
    putVec3(3, offV),
    putVec3(6, inX),
    putVec3(9, inV),
    halflife,
    dt,
  );
  getVec3(0, offX);
  getVec3(3, offV);
  getVec3(18, outX);
  getVec3(21, outV);
}

/**
 * Rotation transition: the offset rotation `offX` becomes `offX·srcX·dstX⁻¹` (shortest arc)
 * and its angular velocity `offV` becomes `offV + offX·srcV − offX'·dstV` (world frame,
 * rad/s), so that the output `offX·in` keeps its rotation and angular velocity. Start with
 * the identity and zero. Quaternions are `{x, y, z, w}` (three.js `Quaternion` qualifies).
 */
export function inertializeTransitionQuat(
  offX: Quat,
  offV: Vec3,
  srcX: Quat,
  srcV: Vec3,
  dstX: Quat,
  dstV: Vec3,
): void {
  const fn = 'inertializeTransitionQuat';
  ready(fn);
  quat(fn, 'offX', offX);
  vec3(fn, 'offV', offV);
  quat(fn, 'srcX', srcX);
  vec3(fn, 'srcV', srcV);
  quat(fn, 'dstX', dstX);
  vec3(fn, 'dstV', dstV);
  wasm.sp_inertialize_transition_quat(
    putQuat(0, offX),
    putVec3(4, offV),
    putQuat(8, srcX),
    putVec3(12, srcV),
    putQuat(16, dstX),
    putVec3(20, dstV),
  );
  getQuat(0, offX);
  getVec3(4, offV);
}

/**
 * Rotation update: decays the offset rotation and angular velocity with the exact critical
 * spring and writes `outX = offX·inX`, `outV = offV + offX·inV`.
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
    isQuat(outX) &&
    isVec3(outV) &&
    isQuat(offX) &&
    isVec3(offV) &&
    isQuat(inX) &&
    isVec3(inV) &&
    isTime(halflife) &&
    isTime(dt)
  )) {
    const fn = 'inertializeUpdateQuat';
    ready(fn);
    outQuat(fn, 'outX', outX);
    outVec(fn, 'outV', outV);
    quat(fn, 'offX', offX);
    vec3(fn, 'offV', offV);
    quat(fn, 'inX', inX);
    vec3(fn, 'inV', inV);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'dt', dt);
  }
  wasm.sp_inertialize_update_quat(
    scratch + 64,
    scratch + 80,
    putQuat(0, offX),
    putVec3(4, offV),
    putQuat(8, inX),
    putVec3(12, inV),
    halflife,
    dt,
  );
  getQuat(0, offX);
  getVec3(4, offV);
  getQuat(16, outX);
  getVec3(20, outV);
}

// ---- cubic and quintic --------------------------------------------------------------------

/**
 * The article's `decay_cubic`: the cubic offset `dt` seconds after a transition with offset
 * `(x, v)`; it reaches 0 with zero velocity at `blendtime` and stays there. `blendtime = 0`
 * removes the offset at once (instead of the article's `blendtime + eps`).
 */
export function decayCubic(x: number, v: number, blendtime: number, dt: number): number {
  const fn = 'decayCubic';
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'v', v);
  nonNegative(fn, 'blendtime', blendtime);
  nonNegative(fn, 'dt', dt);
  return wasm.sp_decay_cubic(x, v, blendtime, dt);
}

/** Offset position and velocity of the cubic inertializer `dt` seconds after the transition, into `out`. */
export function decayedOffsetCubic(
  out: PosVel,
  initX: number,
  initV: number,
  blendtime: number,
  dt: number,
): PosVel {
  const fn = 'decayedOffsetCubic';
  ready(fn);
  shape(fn, 'out', out, XV);
  finite(fn, 'initX', initX);
  finite(fn, 'initV', initV);
  nonNegative(fn, 'blendtime', blendtime);
  nonNegative(fn, 'dt', dt);
  wasm.sp_decayed_offset_cubic(scratch, scratch + 4, initX, initV, blendtime, dt);
  return getXV(0, out);
}

function timedTransition(
  fn: string,
  cfn: string,
  offset: TimedOffset,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
  blendtime: number,
): TimedOffset {
  ready(fn);
  timed(fn, 'offset', offset);
  streams(fn, srcX, srcV, dstX, dstV, SRC_DST);
  nonNegative(fn, 'blendtime', blendtime);
  const p = put2(0, offset.x, offset.v);
  heapF32[scratchF32 + 2] = offset.t;
  wasm[cfn](p, p + 4, p + 8, srcX, srcV, dstX, dstV, blendtime);
  getXV(0, offset);
  offset.t = heapF32[scratchF32 + 2];
  return offset;
}

function timedUpdate(
  fn: string,
  cfn: string,
  out: PosVel,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): PosVel {
  if (!(
    isSpringStep(offset, blendtime, dt) &&
    isTime(offset.t) &&
    isState(out) &&
    isFinite4(inX, inV, 0, 0)
  )) {
    ready(fn);
    shape(fn, 'out', out, XV);
    timed(fn, 'offset', offset);
    streams(fn, inX, inV, inX, inV, IN);
    nonNegative(fn, 'blendtime', blendtime);
    nonNegative(fn, 'dt', dt);
  }
  heapF32[scratchF32 + 2] = offset.t;
  wasm[cfn](scratch, scratch + 4, scratch + 8, offset.x, offset.v, inX, inV, blendtime, dt);
  offset.t = heapF32[scratchF32 + 2];
  return getXV(0, out);
}

/** Cubic transition: `offset ← decayed(offset) + src − dst`, `offset.t ← 0`, in place. */
export function inertializeCubicTransition(
  offset: TimedOffset,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
  blendtime: number,
): TimedOffset {
  return timedTransition(
    'inertializeCubicTransition',
    'sp_inertialize_cubic_transition',
    offset,
    srcX,
    srcV,
    dstX,
    dstV,
    blendtime,
  );
}

/** Cubic update: `offset.t += dt`, writes `in + decayed offset` into `out` (returned). */
export function inertializeCubicUpdate(
  out: PosVel,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): PosVel {
  return timedUpdate(
    'inertializeCubicUpdate',
    'sp_inertialize_cubic_update',
    out,
    offset,
    inX,
    inV,
    blendtime,
    dt,
  );
}

/** The clock of a vector cubic inertializer: seconds since its last transition. */
export interface BlendClock {
  t: number;
}

/**
 * Vector cubic transition (the article's `inertialize_cubic_transition` on vec3): `offX`,
 * `offV` become the offset still showing (the old one decayed to `clock.t`) plus
 * `src − dst`, and `clock.t` restarts at 0. Vectors are updated in place (three.js
 * `Vector3` objects can be passed).
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
  const fn = 'inertializeCubicTransitionV3';
  ready(fn);
  vec3(fn, 'offX', offX);
  vec3(fn, 'offV', offV);
  shape(fn, 'clock', clock, ['t']);
  nonNegative(fn, 'clock.t', clock.t);
  vec3(fn, 'srcX', srcX);
  vec3(fn, 'srcV', srcV);
  vec3(fn, 'dstX', dstX);
  vec3(fn, 'dstV', dstV);
  nonNegative(fn, 'blendtime', blendtime);
  heapF32[scratchF32 + 6] = clock.t;
  wasm.sp_inertialize_cubic_transition_v3(
    putVec3(0, offX),
    putVec3(3, offV),
    scratch + 24,
    putVec3(7, srcX),
    putVec3(10, srcV),
    putVec3(13, dstX),
    putVec3(16, dstV),
    blendtime,
  );
  getVec3(0, offX);
  getVec3(3, offV);
  clock.t = heapF32[scratchF32 + 6];
}

/**
 * Vector cubic update: `clock.t += dt`, and `outX`, `outV` become `inX`, `inV` plus the
 * offset `(offX, offV)` decayed by the cubic over `blendtime` (exactly the input once
 * `clock.t ≥ blendtime`).
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
  const fn = 'inertializeCubicUpdateV3';
  ready(fn);
  outVec(fn, 'outX', outX);
  outVec(fn, 'outV', outV);
  shape(fn, 'clock', clock, ['t']);
  nonNegative(fn, 'clock.t', clock.t);
  vec3(fn, 'offX', offX);
  vec3(fn, 'offV', offV);
  vec3(fn, 'inX', inX);
  vec3(fn, 'inV', inV);
  nonNegative(fn, 'blendtime', blendtime);
  nonNegative(fn, 'dt', dt);
  heapF32[scratchF32 + 6] = clock.t;
  wasm.sp_inertialize_cubic_update_v3(
    scratch,
    scratch + 12,
    scratch + 24,
    putVec3(7, offX),
    putVec3(10, offV),
    putVec3(13, inX),
    putVec3(16, inV),
    blendtime,
    dt,
  );
  getVec3(0, outX);
  getVec3(3, outV);
  clock.t = heapF32[scratchF32 + 6];
}

/**
 * Blend time the quintic inertializer uses for offset `(x, v)`: `min(blendtime, −5x/v)` when
 * the offset already moves toward zero, else `blendtime`.
 */
export function quinticBlendtime(x: number, v: number, blendtime: number): number {
  const fn = 'quinticBlendtime';
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'v', v);
  nonNegative(fn, 'blendtime', blendtime);
  return wasm.sp_quintic_blendtime(x, v, blendtime);
}

/**
 * Quintic offset (Bollo, GDC 2018) `dt` seconds after a transition with offset `(x, v)`:
 * initial acceleration `−(8·v·t1 + 20·x)/t1²` clamped to not point toward zero; offset,
 * velocity and acceleration reach 0 at {@link quinticBlendtime}; it never crosses zero.
 */
export function decayQuintic(x: number, v: number, blendtime: number, dt: number): number {
  const fn = 'decayQuintic';
  ready(fn);
  finite(fn, 'x', x);
  finite(fn, 'v', v);
  nonNegative(fn, 'blendtime', blendtime);
  nonNegative(fn, 'dt', dt);
  return wasm.sp_decay_quintic(x, v, blendtime, dt);
}

/** Offset position, velocity and acceleration of the quintic inertializer `dt` seconds after the transition, into `out`. */
export function decayedOffsetQuintic(
  out: PosVelAcc,
  initX: number,
  initV: number,
  blendtime: number,
  dt: number,
): PosVelAcc {
  const fn = 'decayedOffsetQuintic';
  ready(fn);
  shape(fn, 'out', out, ['x', 'v', 'a']);
  finite(fn, 'initX', initX);
  finite(fn, 'initV', initV);
  nonNegative(fn, 'blendtime', blendtime);
  nonNegative(fn, 'dt', dt);
  wasm.sp_decayed_offset_quintic(scratch, scratch + 4, scratch + 8, initX, initV, blendtime, dt);
  out.x = heapF32[scratchF32];
  out.v = heapF32[scratchF32 + 1];
  out.a = heapF32[scratchF32 + 2];
  return out;
}

/** Quintic transition: `offset ← decayed(offset) + src − dst`, `offset.t ← 0`, in place. */
export function inertializeQuinticTransition(
  offset: TimedOffset,
  srcX: number,
  srcV: number,
  dstX: number,
  dstV: number,
  blendtime: number,
): TimedOffset {
  return timedTransition(
    'inertializeQuinticTransition',
    'sp_inertialize_quintic_transition',
    offset,
    srcX,
    srcV,
    dstX,
    dstV,
    blendtime,
  );
}

/** Quintic update: `offset.t += dt`, writes `in + decayed offset` into `out` (returned). */
export function inertializeQuinticUpdate(
  out: PosVel,
  offset: TimedOffset,
  inX: number,
  inV: number,
  blendtime: number,
  dt: number,
): PosVel {
  return timedUpdate(
    'inertializeQuinticUpdate',
    'sp_inertialize_quintic_update',
    out,
    offset,
    inX,
    inV,
    blendtime,
    dt,
  );
}

// ---- dead blending ------------------------------------------------------------------------

function deadState(fn: string, s: unknown): void {
  shape(fn, 'state', s, XVT);
  const o = s as DeadBlendState;
  finite(fn, 'state.x', o.x);
  finite(fn, 'state.v', o.v);
  if (!(o.t >= 0)) throw new RangeError(`sprung.${fn}: state.t must be ≥ 0 (Infinity allowed), got ${o.t}`);
}

/**
 * Dead-blending output `state.t` seconds after the transition: the source extrapolated from
 * `(state.x, state.v)` with its velocity halving every `halflife`, cross-faded to the input
 * by `smoothstep(state.t / blendtime)`. Written into `out` (returned).
 */
export function deadBlendingEvaluate(
  out: PosVel,
  state: DeadBlendState,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
): PosVel {
  const fn = 'deadBlendingEvaluate';
  ready(fn);
  shape(fn, 'out', out, XV);
  deadState(fn, state);
  finite(fn, 'inX', inX);
  finite(fn, 'inV', inV);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  wasm.sp_dead_blending_evaluate(
    scratch,
    scratch + 4,
    state.x,
    state.v,
    state.t,
    inX,
    inV,
    halflife,
    blendtime,
  );
  return getXV(0, out);
}

/**
 * Dead-blending transition: `state` becomes the current output (from `state` and the
 * playing source `src`), `state.t ← 0`, in place.
 */
export function deadBlendingTransition(
  state: DeadBlendState,
  srcX: number,
  srcV: number,
  halflife: number,
  blendtime: number,
): DeadBlendState {
  const fn = 'deadBlendingTransition';
  ready(fn);
  deadState(fn, state);
  finite(fn, 'srcX', srcX);
  finite(fn, 'srcV', srcV);
  nonNegative(fn, 'halflife', halflife);
  nonNegative(fn, 'blendtime', blendtime);
  const p = put2(0, state.x, state.v);
  heapF32[scratchF32 + 2] = state.t;
  wasm.sp_dead_blending_transition(p, p + 4, p + 8, srcX, srcV, halflife, blendtime);
  getXV(0, state);
  state.t = heapF32[scratchF32 + 2];
  return state;
}

/** Dead-blending update: `state.t += dt`, writes the blended output into `out` (returned). */
export function deadBlendingUpdate(
  out: PosVel,
  state: DeadBlendState,
  inX: number,
  inV: number,
  halflife: number,
  blendtime: number,
  dt: number,
): PosVel {
  if (!(
    isSpringStep(state, halflife, dt) &&
    typeof state.t === 'number' &&
    state.t >= 0 &&
    isState(out) &&
    isFinite4(inX, inV, 0, 0) &&
    isTime(blendtime)
  )) {
    const fn = 'deadBlendingUpdate';
    ready(fn);
    shape(fn, 'out', out, XV);
    deadState(fn, state);
    finite(fn, 'inX', inX);
    finite(fn, 'inV', inV);
    nonNegative(fn, 'halflife', halflife);
    nonNegative(fn, 'blendtime', blendtime);
    nonNegative(fn, 'dt', dt);
  }
  heapF32[scratchF32 + 2] = state.t;
  wasm.sp_dead_blending_update(
    scratch,
    scratch + 4,
    scratch + 8,
    state.x,
    state.v,
    inX,
    inV,
    halflife,
    blendtime,
    dt,
  );
  state.t = heapF32[scratchF32 + 2];
  return getXV(0, out);
}
