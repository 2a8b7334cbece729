// The root's path of a take of the dance card: a list of moves (a gait, a speed, a direction
// of travel relative to the heading, a turn rate, a duration), blended into each other and
// integrated into the root's position on the ground, its heading and the gait's phase.
//
// Each control (speed, direction, turn rate, gait weights, cadence) goes from one move's
// value to the next's along a smootherstep centred on the moves' boundary, so the root's
// velocity and turn rate have continuous derivatives (the body's lean, made from the
// acceleration, is then smooth too), and since the smootherstep is antisymmetric about its
// middle, the heading turned over a take is exactly Σ turn rate · duration.

/** The gaits, in the order of a move's weight vector. */
export const GAIT_NAMES = ['stand', 'walk', 'run', 'strafe', 'turn'];

/** Integration steps per output frame (RK4 at 120 Hz for a 60 Hz take). */
const SUBSTEPS = 2;
/** Seconds of standing integrated before and after a take, for the footsteps planned there. */
export const MARGIN = 2;

/** 6x⁵ − 15x⁴ + 10x³ on [0, 1], clamped: C² from 0 to 1. */
const smootherstep = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * x * (x * (6 * x - 15) + 10));

/**
 * A move: `gait` (a GAIT_NAMES entry), `speed` (m/s), `dir` (direction of travel from the
 * heading, rad, + to the left), `turn` (rad/s, + to the left), `duration` (s), `blend` (s,
 * the blend from the previous move, centred on the boundary), `period` (s, the gait cycle).
 * @typedef {{ gait: string, speed: number, dir: number, turn: number, duration: number, blend: number, period: number, label: string, kind: string }} Move
 */

/**
 * The controls of `moves` at time t (s from the take's start; before it the first move,
 * after it the last, hold): writes speed, dir, turn, 1/period and the gait weights into `c`
 * and returns the index of the move that holds t.
 */
export function controls(moves, starts, t, c) {
  const i = moveAt(starts, t);
  // the blend into move i (at its start) or out of it into i + 1 (at its end)
  let a = moves[i];
  let b = moves[i];
  let x = 0;
  const next = moves[i + 1];
  if (i > 0 && t < starts[i] + a.blend / 2) {
    a = moves[i - 1];
    x = smootherstep((t - starts[i] + b.blend / 2) / b.blend);
  } else if (next && t > starts[i + 1] - next.blend / 2) {
    b = next;
    x = smootherstep((t - starts[i + 1] + next.blend / 2) / next.blend);
  }
  c.speed = a.speed + x * (b.speed - a.speed);
  // standing has no direction of travel: a start or a stop keeps the moving side's
  const da = a.speed ? a.dir : b.dir;
  const db = b.speed ? b.dir : a.dir;
  c.dir = da + x * (db - da);
  c.turn = a.turn + x * (b.turn - a.turn);
  c.rate = 1 / a.period + x * (1 / b.period - 1 / a.period);
  for (let g = 0; g < GAIT_NAMES.length; g++)
    c.weights[g] = (a.gait === GAIT_NAMES[g] ? 1 - x : 0) + (b.gait === GAIT_NAMES[g] ? x : 0);
  return i;
}

/** The index of the move that holds time t: the last whose start is ≤ t (the first before them all). */
export function moveAt(starts, t) {
  let lo = 0;
  let hi = starts.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Fresh storage for {@link controls}. */
export const newControls = () => ({
  speed: 0,
  dir: 0,
  turn: 0,
  rate: 1,
  weights: new Float64Array(GAIT_NAMES.length),
});

/**
 * The path of a take: its moves integrated (RK4) from the origin, heading +Z, phase 0, at
 * `rate`·SUBSTEPS Hz from −MARGIN to the end + MARGIN. Returns samples x, z, yaw, phase
 * (and the start time of each move); {@link at} reads them at any time.
 */
export function integrate(moves, rate) {
  const starts = [];
  let end = 0;
  for (const m of moves) {
    starts.push(end);
    end += m.duration;
  }
  const h = 1 / (rate * SUBSTEPS);
  const n = Math.round((end + 2 * MARGIN) / h) + 1;
  const state = new Float64Array(4 * n); // x, z, yaw, phase
  const c = newControls();
  const deriv = (t, s, out) => {
    controls(moves, starts, t, c);
    const heading = s[2] + c.dir;
    out[0] = c.speed * Math.sin(heading);
    out[1] = c.speed * Math.cos(heading);
    out[2] = c.turn;
    out[3] = c.rate;
  };
  const s = new Float64Array(4);
  const k = [new Float64Array(4), new Float64Array(4), new Float64Array(4), new Float64Array(4)];
  const tmp = new Float64Array(4);
  for (let i = 1; i < n; i++) {
    const t = -MARGIN + (i - 1) * h;
    s.set(state.subarray(4 * (i - 1), 4 * i));
    deriv(t, s, k[0]);
    for (let j = 0; j < 4; j++) tmp[j] = s[j] + (h / 2) * k[0][j];
    deriv(t + h / 2, tmp, k[1]);
    for (let j = 0; j < 4; j++) tmp[j] = s[j] + (h / 2) * k[1][j];
    deriv(t + h / 2, tmp, k[2]);
    for (let j = 0; j < 4; j++) tmp[j] = s[j] + h * k[2][j];
    deriv(t + h, tmp, k[3]);
    for (let j = 0; j < 4; j++)
      state[4 * i + j] = s[j] + (h / 6) * (k[0][j] + 2 * k[1][j] + 2 * k[2][j] + k[3][j]);
  }
  // the origin and phase 0 at the take's start, not at −MARGIN
  const zero = Math.round(MARGIN / h);
  const [x0, z0, y0, p0] = state.subarray(4 * zero, 4 * zero + 4);
  for (let i = 0; i < n; i++) {
    const x = state[4 * i] - x0;
    const z = state[4 * i + 1] - z0;
    // rotate so that the heading at the start is 0 (+Z)
    const cs = Math.cos(-y0);
    const sn = Math.sin(-y0);
    state[4 * i] = cs * x + sn * z;
    state[4 * i + 1] = -sn * x + cs * z;
    state[4 * i + 2] -= y0;
    state[4 * i + 3] -= p0;
  }
  return { moves, starts, end, h, n, state };
}

/** The path's x, z, yaw and phase at time t (s, within the margins), by linear interpolation between RK4 samples. */
export function at(path, t, out) {
  const f = (t + MARGIN) / path.h;
  const i = Math.max(0, Math.min(path.n - 2, Math.floor(f)));
  const a = f - i;
  for (let j = 0; j < 4; j++)
    out[j] = path.state[4 * i + j] + a * (path.state[4 * i + 4 + j] - path.state[4 * i + j]);
  return out;
}

/** The time (s) at which the path's phase reaches `phase` (the phase only grows). */
export function timeOfPhase(path, phase) {
  let lo = 0;
  let hi = path.n - 1;
  const s = path.state;
  if (phase <= s[3]) return -MARGIN;
  if (phase >= s[4 * hi + 3]) return -MARGIN + hi * path.h;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (s[4 * mid + 3] <= phase) lo = mid;
    else hi = mid;
  }
  const a = (phase - s[4 * lo + 3]) / (s[4 * hi + 3] - s[4 * lo + 3]);
  return -MARGIN + (lo + a) * path.h;
}
