// Footsteps of the dance card: where each foot is planted, and the ankle between plants.
//
// The left foot strikes the ground at phases 0, 1, 2… of the path's gait phase, the right at
// ½, 1½…; each stays down for the stance fraction of the gait at its strike. A foot is
// planted where the path puts it: beside the root (half the gait's width to its side, turned
// out by the gait's toe-out) as the root is at mid-stance. Planted, the ankle moves only as
// the foot rolls over its heel or toes (the contact point stays put); in the air it follows a
// Hermite curve from lift-off to the next strike, with the stance's velocities at both ends,
// lifted by the gait's lift and carried around the other foot where the path would cross
// them. A step that moves the foot by less than a few centimetres is damped to no step at
// all (no lift, no roll), so a standing character keeps its feet still.
import { ANKLE_HEIGHT } from '../pose3d/skeleton.js';
import { hermite, rolled } from '../pose3d/clips.js';
import { at, timeOfPhase } from './path.js';

/** How far apart (m) two ankles pass at least when one swings past the planted other. */
const CLEARANCE = 0.15;
/** A step this long (m), or turning the foot this much (rad), is a full step… */
const FULL_STEP = 0.06;
const FULL_TURN = 0.5;
/** …and one within these (rounding, or the last millimetre of a stop) is none: the foot stays down. */
const NO_STEP = 0.001;
const NO_TURN = 0.01;

const smoothstep = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

/**
 * The steps of one foot (side +1 left, −1 right) along `path`. `gait(t)` gives the blended
 * gait at time t: { stance, width, footZ, toeOut, legTurn, lift, liftLate }.
 * Each step: strike and lift-off phases, the planted (flat) ankle x, y, z, the foot's yaw,
 * and for the swing that leaves it: its activity (0 no step … 1 a full one), lift and bump.
 */
export function planSteps(path, side, gait) {
  const s = path.state;
  const offset = side > 0 ? 0 : 0.5;
  const first = Math.floor(s[3]) - 1;
  const last = Math.ceil(s[4 * (path.n - 1) + 3]) + 1;
  const p = new Float64Array(4);
  const steps = [];
  for (let k = first; k <= last; k++) {
    const strike = k + offset;
    const g = gait(timeOfPhase(path, strike));
    // planted where the root is at mid-stance, clamped to the take (the feet stay put beyond it)
    const mid = Math.max(0, Math.min(path.end, timeOfPhase(path, strike + g.stance / 2)));
    const m = gait(mid);
    at(path, mid, p);
    const yaw = p[2] + m.legTurn;
    const c = Math.cos(yaw);
    const sn = Math.sin(yaw);
    const x = side * m.width;
    steps.push({
      strike,
      lift: strike + g.stance,
      ankle: [p[0] + c * x + sn * m.footZ, ANKLE_HEIGHT, p[1] - sn * x + c * m.footZ],
      yaw: yaw + side * m.toeOut,
      activity: 0,
      height: 0,
      late: 0,
      bump: [0, 0],
      swing: null,
    });
  }
  for (let k = 0; k + 1 < steps.length; k++) {
    const a = steps[k];
    const b = steps[k + 1];
    // unwrap, so a swing turns the short way
    b.yaw = a.yaw + Math.atan2(Math.sin(b.yaw - a.yaw), Math.cos(b.yaw - a.yaw));
    const d = Math.hypot(b.ankle[0] - a.ankle[0], b.ankle[2] - a.ankle[2]);
    a.activity = smoothstep(
      Math.max(0, d - NO_STEP) / FULL_STEP + Math.max(0, Math.abs(b.yaw - a.yaw) - NO_TURN) / FULL_TURN,
    );
    const g = gait(timeOfPhase(path, a.lift));
    a.height = g.lift * a.activity;
    a.late = g.liftLate;
  }
  return steps;
}

/**
 * Carries each swing of `steps` around the foot planted by `other` (the other foot's
 * steps) at mid-swing: the swing's straight line from plant to plant, where it passes
 * closer than CLEARANCE to that foot, is pushed forward (along the root's heading) until it
 * does not.
 */
export function clearSwings(path, steps, other) {
  const p = new Float64Array(4);
  let j = 0;
  for (let k = 0; k + 1 < steps.length; k++) {
    const a = steps[k];
    const b = steps[k + 1];
    const mid = (a.lift + b.strike) / 2;
    while (j + 1 < other.length && other[j + 1].strike <= mid) j++;
    const c = other[j].ankle;
    // the point of the line a → b closest to c, and where it is from c
    const ux = b.ankle[0] - a.ankle[0];
    const uz = b.ankle[2] - a.ankle[2];
    const len2 = ux * ux + uz * uz;
    const u = len2 > 0 ? ((c[0] - a.ankle[0]) * ux + (c[2] - a.ankle[2]) * uz) / len2 : 0;
    // only a swing that passes the other foot (not one that ends beside it) goes around it
    if (!(u > 0 && u < 1)) continue;
    const dx = a.ankle[0] + u * ux - c[0];
    const dz = a.ankle[2] + u * uz - c[2];
    at(path, Math.max(0, Math.min(path.end, timeOfPhase(path, mid))), p);
    const fx = Math.sin(p[2]);
    const fz = Math.cos(p[2]);
    const ahead = dx * fx + dz * fz;
    const aside = Math.abs(dx * fz - dz * fx);
    const push =
      aside < CLEARANCE ? Math.max(0, Math.sqrt(CLEARANCE * CLEARANCE - aside * aside) - ahead) : 0;
    a.bump = [push * fx * a.activity, push * fz * a.activity];
  }
}

/** The flat-foot ankle of step `st` rolled by pitch F about its heel or toes (world, into out). */
function planted(st, F, out) {
  const [, dy, dz] = rolled([0, 0, 0], F);
  out[0] = st.ankle[0] + Math.sin(st.yaw) * dz;
  out[1] = st.ankle[1] + dy;
  out[2] = st.ankle[2] + Math.cos(st.yaw) * dz;
  return out;
}

/**
 * Foot `steps` at phase `phase`: its ankle (world, into `ankle`), pitch (rad, + heel up)
 * and yaw (world), and whether it is on the ground. `pitch(s, stance, phase)` is the gait's
 * pitch at fraction s of the foot's cycle (0 strike, `stance` lift-off). `cursor` is the
 * step index to start from (phases come in order); returns the step the phase is in.
 */
export function foot(steps, phase, pitch, cursor, ankle, out) {
  let k = Math.max(0, Math.min(cursor, steps.length - 2));
  while (k > 0 && steps[k].strike > phase) k--;
  while (k + 2 < steps.length && steps[k + 1].strike <= phase) k++;
  const a = steps[k];
  const b = steps[k + 1];
  const prev = steps[Math.max(0, k - 1)];
  // phases are in gait cycles: a foot strikes once per unit of phase
  /** The pitch of step `st` at phase ph of its stance, scaled by how much of a step arrives
   *  (the swing from `before`, toward its strike) or leaves (toward its lift-off). */
  const stancePitch = (st, before, ph) => {
    const beta = st.lift - st.strike;
    const w = smoothstep((ph - st.strike - 0.2 * beta) / (0.6 * beta));
    return pitch(ph - st.strike, beta, ph) * (before.activity + w * (st.activity - before.activity));
  };
  if (phase < a.lift) {
    const F = stancePitch(a, prev, phase);
    planted(a, F, ankle);
    out.pitch = F;
    out.yaw = a.yaw;
    out.contact = true;
    return k;
  }
  // the swing, σ from 0 at lift-off to 1 at the next strike, between the stances' ankles
  // and with their velocities (per unit of σ), found once per swing
  const span = b.strike - a.lift;
  const sigma = (phase - a.lift) / span;
  if (!a.swing) {
    const h = 1e-4;
    const p0 = planted(a, stancePitch(a, prev, a.lift), [0, 0, 0]);
    const q0 = planted(a, stancePitch(a, prev, a.lift - h), [0, 0, 0]);
    const p1 = planted(b, stancePitch(b, a, b.strike), [0, 0, 0]);
    const q1 = planted(b, stancePitch(b, a, b.strike + h), [0, 0, 0]);
    a.swing = [0, 1, 2].map((c) => [
      p0[c],
      ((p0[c] - q0[c]) / h) * span,
      p1[c],
      ((q1[c] - p1[c]) / h) * span,
    ]);
  }
  const bump = Math.sin(Math.PI * sigma) ** 2;
  for (let c = 0; c < 3; c++) ankle[c] = hermite(...a.swing[c], sigma);
  ankle[0] += a.bump[0] * bump;
  ankle[1] += a.height * bump * (1 + a.late * (sigma - 0.5));
  ankle[2] += a.bump[1] * bump;
  out.pitch = pitch(phase - a.strike, a.lift - a.strike, phase) * a.activity;
  out.yaw = hermite(a.yaw, 0, b.yaw, 0, sigma);
  // a step damped to nothing leaves the foot on the ground
  out.contact = a.activity === 0;
  return k;
}
