/**
 * The state-object API's hottest steps without a call into WASM per step.
 *
 * One step of the exact critical spring is linear in (x − g, v, q) with six coefficients
 * that depend on (halflife, dt) only (sp_critical_spring_damper_coefs), and the exact damper
 * is `keep·x + (1 − keep)·g` with `keep` depending on (halflife, dt) only. The C core
 * computes them, cached here for the last (halflife, dt) — a game steps most springs with
 * one halflife and one dt per frame — and the few products and sums of the step run here in
 * float arithmetic: Math.fround after every operation rounds exactly as float does (double
 * has more than twice float's precision, so rounding twice never differs from rounding
 * once), so every result equals the C function bit for bit
 * (tests/js/state_api_fast.test.mjs). Arguments are checked by the callers.
 * @internal
 */
import { heapF32, scratchF32, wasm } from './wasm.js';
import { slot } from './scratch.js';
import type { SpringState } from './springs.js';

const f32 = Math.fround;
let cHalflife = NaN,
  cDt = NaN,
  cSkip = true;
let kxx = 0,
  kxv = 0,
  kxq = 0,
  kvx = 0,
  kvv = 0,
  kvq = 0;

/** Loads the critical coefficients of (halflife, dt) unless they are the cached ones. */
function criticalCoefs(halflife: number, dt: number): void {
  if (halflife === cHalflife && dt === cDt) return;
  wasm.sp_critical_spring_damper_coefs(slot(8), halflife, dt);
  const h = heapF32,
    i = scratchF32 + 8;
  kxx = h[i];
  kxv = h[i + 1];
  kxq = h[i + 2];
  kvx = h[i + 3];
  kvv = h[i + 4];
  kvq = h[i + 5];
  cHalflife = halflife;
  cDt = dt;
  cSkip = f32(dt) === 0; // the C functions return at once when dt, as a float, is 0
}

/** sp_critical_spring_damper_exact on `state`, in place. */
export function criticalStep<T extends SpringState>(
  state: T,
  goal: number,
  goalVelocity: number,
  halflife: number,
  dt: number,
): T {
  criticalCoefs(halflife, dt);
  if (cSkip) {
    // no change, but the state reads back as floats like the C function's
    state.x = f32(state.x);
    state.v = f32(state.v);
    return state;
  }
  const g = f32(goal),
    q = f32(goalVelocity),
    v = f32(state.v),
    u = f32(f32(state.x) - g);
  state.x = f32(f32(g + f32(f32(kxx * u) + f32(kxv * v))) + f32(kxq * q));
  state.v = f32(f32(f32(kvx * u) + f32(kvv * v)) + f32(kvq * q));
  return state;
}

let dHalflife = NaN,
  dDt = NaN,
  keep = 1,
  move = 0;

/** sp_damper_exact: `keep·x + (1 − keep)·g`, `keep` = sp_damper_decay_exact(1, halflife, dt) (1·keep is exact). */
export function damperStep(x: number, g: number, halflife: number, dt: number): number {
  if (halflife !== dHalflife || dt !== dDt) {
    keep = wasm.sp_damper_decay_exact(1, halflife, dt);
    move = f32(1 - keep);
    dHalflife = halflife;
    dDt = dt;
  }
  return f32(f32(keep * f32(x)) + f32(move * f32(g)));
}
