/**
 * SmoothDamp made exact: one value's step of sprung/three (three.ts), the motion that Unity's
 * `Mathf.SmoothDamp` and maath's `easing.damp` approximate frame by frame.
 *
 * The value x follows its target g as a critical spring of ω = 2 / smoothTime (sprung's
 * halflife smoothTime·ln2), with two rules of SmoothDamp's:
 *
 * - **maxSpeed**: the spring's pull is that of a target at most M = maxSpeed·smoothTime away,
 *   u'' = −ω²·clamp(u, −M, M) − 2ω·u' (u = x − g), so that far from the target the value
 *   moves at maxSpeed. SmoothDamp clamps u once per frame; here the motion is solved exactly:
 *   inside the band |u| ≤ M it is the critical spring, outside it the velocity relaxes to
 *   ∓maxSpeed at the rate 2ω, each a closed form, switched where the value crosses the band's
 *   edge (a root found by bisection).
 * - **it never passes its target**: where the spring would carry it past g (a target that
 *   moved toward it), it stops there, u = u' = 0, as SmoothDamp does.
 *
 * Both rules are frame-rate independent: the critical spring's offset changes sign at most
 * once per step, so the end of a step shows whether it passed the target, and the band's
 * edges are crossed at roots solved to double precision.
 *
 * The spring's coefficients come from the C core (`sp_critical_spring_damper_coefs` for the
 * halflife smoothTime·ln2, read once per setting and dt) and are applied in double, as three.js
 * keeps its numbers: a position far from the origin is not rounded to float, and a value
 * settles exactly on its target.
 * @internal
 */
import { heapF32, scratchF32 } from './wasm.js';
import { wasmCritical } from './pieces/critical.js';
import { slot } from './scratch.js';

/** The result of the last {@link smoothStep}, a value and its velocity (no allocation per call). */
export const stepped = { x: 0, v: 0 };

/** The C core's critical step for the last smoothTime and dt (sp_critical_spring_damper_coefs):
 *  x' = b + (kxx·u + kxv·v), v' = c + (kvx·u + kvv·v), u = x − g, where b = x, c = v in the
 *  incremental form (`inc`: slow springs at small steps, whose change is far below the state)
 *  and b = g, c = 0 in the direct one. */
let cTime = NaN,
  cDt = NaN,
  inc = false,
  kxx = 0,
  kxv = 0,
  kvx = 0,
  kvv = 0;

/** Loads the coefficients of (smoothTime, dt) from the C core. */
function coefficients(smoothTime: number, dt: number): void {
  wasmCritical.sp_critical_spring_damper_coefs(slot(8), smoothTime * Math.LN2, dt);
  const h = heapF32,
    i = scratchF32 + 8;
  kxx = h[i];
  kxv = h[i + 1];
  kvx = h[i + 3];
  kvv = h[i + 4];
  inc = h[i + 6] !== 0;
  cTime = smoothTime;
  cDt = dt;
}

/**
 * One exact step of `dt` seconds of the value `x` (velocity `v`) toward `g`; the result in
 * {@link stepped}. With `stop`, it stops where it reaches g (SmoothDamp's rule); without, it
 * keeps its momentum past it (dampQ's axes). Arguments already checked: finite x, v, g;
 * smoothTime and dt finite ≥ 0; maxSpeed ≥ 0 or +Infinity.
 */
export function smoothStep(
  x: number,
  v: number,
  g: number,
  smoothTime: number,
  dt: number,
  maxSpeed: number,
  stop: boolean,
): void {
  const u = x - g;
  if (
    maxSpeed < Infinity &&
    (smoothTime ? limited(u, v, 2 / smoothTime, maxSpeed, dt, stop) : atMaxSpeed(u, maxSpeed, dt))
  )
    stepped.x += g;
  else {
    // the critical spring alone, maxSpeed never binding: the C core's step
    if (smoothTime !== cTime || dt !== cDt) coefficients(smoothTime, dt);
    stepped.x = (inc ? x : g) + (kxx * u + kxv * v);
    stepped.v = (inc ? v : 0) + (kvx * u + kvv * v);
  }
  // passed or reached the target: it stops there. So it does within 1e-12·|g| of it (or a
  // subnormal offset from 0), where the decayed offset, added to g, can round back to the same
  // few ulps at every step forever.
  const x1 = stepped.x;
  const there = Math.abs(x1 - g) <= Math.max(1e-12 * Math.abs(g), 2.2250738585072014e-308);
  if (stop && (there || !((x > g && x1 > g) || (x < g && x1 < g)))) {
    stepped.x = g;
    stepped.v = 0;
  }
}

/** smoothTime 0 with a speed limit: the value moves toward 0 at maxSpeed (u in, u out). */
function atMaxSpeed(u: number, maxSpeed: number, dt: number): true {
  const s = u > 0 ? 1 : -1;
  const left = Math.abs(u) - maxSpeed * dt;
  stepped.x = left > 0 ? s * left : 0;
  stepped.v = left > 0 ? -s * maxSpeed : 0;
  return true;
}

/**
 * The exact motion of u'' = −ω²·clamp(u, −M, M) − 2ω·u' over `t` seconds, M = 2·S/ω (with
 * `stop`, ending at u = 0 if it gets there): phases inside and outside the band, switched at
 * the roots where |u| = M. A phase outside ends with the speed below S, which cannot carry
 * the spring out again, so there are four phases at most (in, out on the far side of the
 * target, in from far away). Returns false, having computed nothing, where the critical spring
 * stays inside the band for the whole step (maxSpeed never binds: the C core's step is exact).
 */
function limited(u: number, v: number, w: number, S: number, t: number, stop: boolean): boolean {
  const M = (2 * S) / w,
    k = 2 * w;
  for (let phase = 0; phase < 8 && t > 0; phase++) {
    if (stop && u === 0) break;
    const s = u > 0 || (u === 0 && v > 0) ? 1 : -1,
      a = s * u;
    if (a > M || (a === M && s * v > 0)) {
      // outside: in the frame of s, p = |u| and p' = s·v relax toward −S at the rate 2ω
      const c = s * v + S;
      const p = (tau: number) => a - S * tau - (c * Math.expm1(-k * tau)) / k,
        // it stays outside, or else p rises while c·e^(−2ωτ) > S, then falls through M once
        tau = p(t) > M ? t : root(p, M, c > S ? Math.min(Math.log(c / S) / k, t) : 0, t);
      u = s * Math.max(p(tau), M);
      v = s * (c * Math.exp(-k * tau) - S);
      t -= tau;
      continue;
    }
    // inside: the critical spring, u(τ) = e^(−ωτ)(u + jτ), u'(τ) = e^(−ωτ)(v − ωjτ); |u| rises to
    // the one extremum ahead (after the crossing of the target, if any): out of the band there?
    const j = v + w * u,
      cross = -u / j, // where u = 0, when positive
      peak = v / (w * j),
      u0 = u,
      q = (tau: number) => Math.abs(Math.exp(-w * tau) * (u0 + j * tau)),
      out = peak > 0 && q(Math.min(peak, t)) > M;
    if (!(phase || out)) return false;
    if (stop && cross > 0 && cross <= t) {
      u = v = 0; // passes the target within the step: stops there
      break;
    }
    const tau = out ? root(q, M, Math.min(peak, t), cross > 0 && cross < peak ? cross : 0) : t,
      e = Math.exp(-w * tau);
    v = e * (v - w * j * tau);
    u = e * (u0 + j * tau);
    if (out) u = u > 0 ? M : -M;
    t -= tau;
  }
  stepped.x = u;
  stepped.v = stop && u === 0 ? 0 : v;
  return true;
}

/** The τ between `above` (f > m there) and `below` (f ≤ m) where the monotone f crosses m,
 *  by bisection to double precision. */
function root(f: (tau: number) => number, m: number, above: number, below: number): number {
  for (let i = 0; i < 200; i++) {
    const mid = (above + below) / 2;
    if (mid === above || mid === below) break;
    if (f(mid) > m) above = mid;
    else below = mid;
  }
  return below;
}
