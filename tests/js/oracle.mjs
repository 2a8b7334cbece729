// oracle.mjs — independent references for the node tests, sharing no code with the
// library: classical RK4 in double on any small ODE system, Simpson's rule, bisection.

/** Integrates y' = f(t, y) (y an array) from t0 over T seconds in `steps` RK4 steps, in place. */
export function rk4(f, y, t0, T, steps) {
  const n = y.length,
    h = T / steps;
  const tmp = new Array(n);
  for (let i = 0; i < steps; i++) {
    const t = t0 + i * h;
    const k1 = f(t, y);
    for (let j = 0; j < n; j++) tmp[j] = y[j] + 0.5 * h * k1[j];
    const k2 = f(t + 0.5 * h, tmp);
    for (let j = 0; j < n; j++) tmp[j] = y[j] + 0.5 * h * k2[j];
    const k3 = f(t + 0.5 * h, tmp);
    for (let j = 0; j < n; j++) tmp[j] = y[j] + h * k3[j];
    const k4 = f(t + h, tmp);
    for (let j = 0; j < n; j++) y[j] += (h / 6) * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
  }
  return y;
}

/** The spring ODE a = s·(g − x) + d·(q − v) integrated from (x, v) over T seconds. */
export function springOde(s, d, g, q, x, v, T, steps = 20000) {
  const [ox, ov] = rk4((_t, y) => [y[1], s * (g - y[0]) + d * (q - y[1])], [x, v], 0, T, steps);
  return { x: ox, v: ov };
}

/** |got − want| ≤ tol·max(1, |want|). */
export function near(got, want, tol) {
  return Math.abs(got - want) <= tol * Math.max(1, Math.abs(want));
}

/** Bisection for the root of a monotone f on [lo, hi]. */
export function bisect(f, lo, hi, iterations = 200) {
  const flo = f(lo);
  for (let i = 0; i < iterations; i++) {
    const mid = 0.5 * (lo + hi);
    if (Math.sign(f(mid)) === Math.sign(flo)) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

export const LN2 = Math.LN2;

/** The critical spring of halflife h from (x, v) toward g with goal velocity q, after t seconds:
 *  its closed form in double (y = 2·ln2/h, at rest at c = g + 2q/y). */
export function criticalAt(x, v, g, q, h, t) {
  const y = (2 * LN2) / h,
    c = g + (2 * q) / y,
    u = x - c,
    j1 = v + y * u,
    e = Math.exp(-y * t);
  return { x: c + e * (u + j1 * t), v: e * (v - j1 * y * t) };
}

/** The spring a = s·(g − x) + d·(q − v) (s > 0) from (x, v) after t seconds: its closed form in
 *  double, with u = x − c around the rest point c = g + d·q/s, y = d/2 and w² = s − y²:
 *  x = c + u·C + (v + y·u)·S, v' = v·C − (s·u + y·v)·S, C = e^(−yt)·cos(wt), S = e^(−yt)·sin(wt)/w
 *  (cosh and sinh of |w|·t when over damped, C = e^(−yt), S = t·e^(−yt) when critical). */
export function springAt(x, v, g, q, s, d, t) {
  const y = d / 2,
    c = g + (d * q) / s,
    u = x - c,
    w2 = s - y * y,
    e = Math.exp(-y * t);
  let C = e,
    S = e * t;
  if (w2 > 0) {
    const w = Math.sqrt(w2);
    C = e * Math.cos(w * t);
    S = (e * Math.sin(w * t)) / w;
  } else if (w2 < 0) {
    const w = Math.sqrt(-w2);
    C = e * Math.cosh(w * t);
    S = (e * Math.sinh(w * t)) / w;
  }
  return { x: c + u * C + (v + y * u) * S, v: v * C - (s * u + y * v) * S };
}

/** ∫0^T f(t) dt by the trapezoid rule on n intervals. */
export function integrate(f, T, n = 2000) {
  let sum = (f(0) + f(T)) / 2;
  for (let i = 1; i < n; i++) sum += f((T * i) / n);
  return (sum * T) / n;
}

/** 8 float epsilons: what a handful of float roundings of a step's coefficients amount to. */
export const FLOAT_STEPS = 2 ** -21;

/**
 * How far a spring stepped with float coefficients may be from its closed form after T seconds,
 * as |Δx| + |Δv|/ω (ω = √s, its natural frequency), for the state in double: FLOAT_STEPS of the
 * terms of every step's change summed along the path, ∫ (|v| + (s·|x − g| + d·|v| + d·|q|)/ω) dt
 * (each coefficient is a float, within a few roundings of its value), and of the phase an
 * oscillation gains from ω's own rounding, ω·T times its amplitude at T. `path(t)` is the closed
 * form from the start.
 */
export function springTolerance(path, s, d, g, q, T) {
  const w = Math.sqrt(s),
    c = g + (d * q) / s,
    end = path(T);
  const terms = integrate((t) => {
    const p = path(t);
    return Math.abs(p.v) + (s * Math.abs(p.x - g) + d * Math.abs(p.v) + d * Math.abs(q)) / w;
  }, T);
  return FLOAT_STEPS * (terms + w * T * (Math.abs(end.x - c) + Math.abs(end.v) / w));
}
