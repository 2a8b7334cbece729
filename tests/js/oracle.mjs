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
