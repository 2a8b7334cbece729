// The animation clips of the 3D pose panel, made in code: idle, walk, run, jump and turn.
// Each clip is a smooth periodic function of its phase giving the hips' position and the
// joint angles, with the legs solved by two-bone IK toward feet that stay planted while in
// stance (so the root motion matches the feet). Clips are baked at 120 Hz into poses in
// the library's layout (velocities by central differences of the functions) and sampled
// by linear interpolation, as a game samples its animation data.
import { ANKLE_HEIGHT, BONE_COUNT, OFFSETS, SHIN, THIGH, bone } from './skeleton.js';
import { qaxis, qlog, qmul, qnormalize, qrot } from './math.js';

const B = BONE_COUNT;
const TAU = 2 * Math.PI;
const GRAVITY = 9.81;
export const BAKE_RATE = 120;

const HIPS = bone('Hips');
const LEGS = [
  [bone('LeftUpLeg'), bone('LeftLeg'), bone('LeftFoot'), bone('LeftToe')],
  [bone('RightUpLeg'), bone('RightLeg'), bone('RightFoot'), bone('RightToe')],
];

/** out = rotation qx(ax)·qz(az)·qy(ay): twist about the bone, then sideways, then forward/back. */
export function euler(out, o, ax, az, ay) {
  const t = [0, 0, 0, 1];
  qaxis(out, o, 1, 0, 0, ax);
  qaxis(t, 0, 0, 0, 1, az);
  qmul(out, o, out, o, t, 0);
  qaxis(t, 0, 0, 1, 0, ay);
  qmul(out, o, out, o, t, 0);
}

/** Hermite cubic on [0, 1] from (p0, slope m0) to (p1, m1), slopes per unit of s. */
export function hermite(p0, m0, p1, m1, s) {
  const s2 = s * s;
  const s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1;
}

/**
 * A smooth periodic curve through keys [t, value, slope?] (t ascending in [0, period)):
 * cubic Hermite segments, with Catmull-Rom slopes where none is given.
 */
export function spline(period, keys) {
  const n = keys.length;
  const at = (i) => {
    const k = keys[((i % n) + n) % n];
    return [k[0] + Math.floor(i / n) * period, k[1], k[2]];
  };
  const slopes = keys.map((k, i) => {
    if (k[2] !== undefined) return k[2];
    const [t0, v0] = at(i - 1);
    const [t1, v1] = at(i + 1);
    return (v1 - v0) / (t1 - t0);
  });
  return (t) => {
    t = ((t % period) + period) % period;
    let i = n - 1;
    while (i > 0 && keys[i][0] > t) i--;
    if (keys[0][0] > t) i = -1;
    const [t0, v0] = at(i);
    const [t1, v1] = at(i + 1);
    const h = t1 - t0;
    const m0 = slopes[((i % n) + n) % n];
    const m1 = slopes[(i + 1) % n];
    return hermite(v0, m0 * h, v1, m1 * h, (t - t0) / h);
  };
}

/** max(x, 0) and min(x, 0) with rounded corners (C¹ through 0). */
const softPlus = (x) => 0.5 * (x + Math.sqrt(x * x + 0.0025));
const softMinus = (x) => 0.5 * (x - Math.sqrt(x * x + 0.0025));

/**
 * Where the ankle sits when the foot (flat ankle position `flat`) pitches by F about the
 * toes (F > 0, heel raised) or about the heel (F < 0, toes raised), on the ground.
 */
export function rolled(flat, F) {
  const up = softPlus(F);
  const down = softMinus(F);
  // toe joint at (0, −0.04, 0.13) and heel at (0, −0.07, −0.05) from the ankle; the pivot stays put
  const dy =
    0.04 * Math.cos(up) + 0.13 * Math.sin(up) - 0.04 + (0.07 * Math.cos(down) - 0.05 * Math.sin(down) - 0.07);
  const dz =
    0.04 * Math.sin(up) - 0.13 * Math.cos(up) + 0.13 + (0.07 * Math.sin(down) + 0.05 * Math.cos(down) - 0.05);
  return [flat[0], flat[1] + dy, flat[2] + dz];
}

/**
 * A locomotion cycle (walk, run, turn, idle): feet planted for the `stance` fraction of the
 * period while the root moves at `speed` (m/s, forward) turning at `turn` (rad/s), swung
 * forward in between with a lift; hips bob and sway; spine, arms and head counter-move.
 */
export function locomotion(o) {
  const T = o.period;
  const beta = o.stance;
  const pitch = spline(1, o.footPitch);
  /** Ankle in root space at τ seconds from mid-stance, the foot planted in the world. */
  function stance(side, tau) {
    const x0 = side * o.width;
    const a = -o.turn * tau;
    const c = Math.cos(a);
    const s = Math.sin(a);
    return [x0 * c + o.footZ * s, ANKLE_HEIGHT, -x0 * s + o.footZ * c - o.speed * tau];
  }
  function foot(side, u) {
    const s = (((u - (side > 0 ? 0 : 0.5)) % 1) + 1) % 1; // 0 at this foot's heel strike
    const F = pitch(s);
    if (s < beta || beta >= 1) {
      const tau = (s - beta / 2) * T;
      return { ankle: rolled(stance(side, tau), F), pitch: F, yaw: -o.turn * tau + side * o.toeOut };
    }
    // swing: Hermite from lift-off to the next heel strike, tangents from the stance curve
    const Tsw = (1 - beta) * T;
    const sigma = (s - beta) / (1 - beta);
    const t0 = (beta / 2) * T;
    const t1 = (-beta / 2) * T;
    const h = 1e-4;
    const p0 = rolled(stance(side, t0), pitch(beta));
    const p1 = rolled(stance(side, t1), pitch(0));
    const q0 = rolled(stance(side, t0 - h), pitch(beta - h / T));
    const q1 = rolled(stance(side, t1 + h), pitch(h / T));
    const ankle = [0, 1, 2].map((k) =>
      hermite(p0[k], ((p0[k] - q0[k]) / h) * Tsw, p1[k], ((q1[k] - p1[k]) / h) * Tsw, sigma),
    );
    ankle[1] += o.lift * Math.sin(Math.PI * sigma) ** 2 * (1 + o.liftLate * (sigma - 0.5));
    const yaw = hermite(-o.turn * t0, -o.turn * Tsw, -o.turn * t1, -o.turn * Tsw, sigma) + side * o.toeOut;
    return { ankle, pitch: F, yaw };
  }
  return {
    period: T,
    sync: true,
    params: o,
    frame(u, f) {
      const c = TAU * u;
      f.root = [0, o.speed, o.turn];
      f.hips = [o.sway * Math.sin(c - o.swayLag), o.height + o.bob * Math.cos(2 * c - TAU * o.bobPhase), 0];
      const twist = o.twist * Math.sin(c);
      f.angles.Hips = [o.lean, o.roll * Math.sin(c), twist + o.yawLead];
      const breathe = o.breathe * Math.sin(c * o.breatheRate);
      f.angles.Spine = [o.spineLean + breathe, -0.4 * o.roll * Math.sin(c), -0.45 * twist];
      f.angles.Spine1 = [o.spineLean * 0.5 + breathe, 0, -0.35 * twist + o.chestLead * 0.5];
      f.angles.Chest = [breathe * 0.5, 0, -0.35 * twist + o.chestLead * 0.5];
      const leanSum = o.lean + 1.5 * o.spineLean;
      f.angles.Neck = [-0.4 * leanSum, 0, 0.1 * twist + o.look * 0.4];
      f.angles.Head = [-0.5 * leanSum + o.nod * Math.cos(2 * c), 0, 0.1 * twist + o.look * 0.6];
      for (const side of [1, -1]) {
        const name = side > 0 ? 'Left' : 'Right';
        const swing = side * o.armSwing * Math.cos(c - 0.3);
        f.angles[`${name}Shoulder`] = [0, side * o.shrug * (1 + Math.cos(2 * c)), 0];
        f.angles[`${name}Arm`] = [swing + o.armBack, side * o.armOut, side * 0.1];
        f.angles[`${name}ForeArm`] = [
          -o.elbow - o.elbowSwing * (1 - Math.cos(c - 0.3 + (side > 0 ? Math.PI : 0))),
          0,
          0,
        ];
        f.angles[`${name}Hand`] = [-0.15, side * 0.05, 0];
        // (a caller that places the feet itself passes no f.feet)
        if (f.feet) f.feet[side > 0 ? 0 : 1] = foot(side, u);
      }
    },
  };
}

const LOCOMOTION = {
  footZ: 0.0,
  width: 0.11,
  toeOut: 0.08,
  lift: 0.1,
  liftLate: 0,
  sway: 0.025,
  swayLag: 0.5,
  bob: 0.02,
  bobPhase: 0,
  twist: 0.1,
  roll: 0.04,
  yawLead: 0,
  chestLead: 0,
  look: 0,
  nod: 0,
  lean: 0.04,
  spineLean: 0.02,
  breathe: 0,
  breatheRate: 1,
  shrug: 0,
  armSwing: 0.3,
  armBack: 0.05,
  armOut: 0.1,
  elbow: 0.2,
  elbowSwing: 0.1,
};

/** A standing jump: crouch, push off, a ballistic flight of the hips (exact parabola), land, recover. */
function jump() {
  const T = 1.5;
  const takeoff = 0.45;
  const landing = 0.9;
  const v0 = (GRAVITY * (landing - takeoff)) / 2; // leaves and lands at the same height
  const top = 0.975;
  const hipsY = spline(T, [
    [0, 1.0, 0],
    [0.3, 0.74, 0],
    [takeoff, top, v0],
    [landing, top, -v0],
    [1.06, 0.76, 0],
    [1.32, 1.0, 0],
  ]);
  const flight = (t) => t > takeoff && t < landing;
  const key = (...k) => spline(T, k);
  const hipsZ = key([0, 0], [0.3, -0.08], [takeoff, 0.03], [landing, 0.03], [1.06, -0.08], [1.32, 0]);
  const lean = key(
    [0, 0.03],
    [0.3, 0.5],
    [takeoff, 0.1],
    [0.7, 0.05],
    [landing, 0.15],
    [1.06, 0.45],
    [1.32, 0.03],
  );
  const spine = key([0, 0.02], [0.3, 0.2], [takeoff, -0.08], [0.7, 0], [1.06, 0.15], [1.32, 0.02]);
  const arm = key(
    [0, 0.05],
    [0.3, 0.75],
    [takeoff, -2.2],
    [0.68, -2.0],
    [landing, -0.8],
    [1.06, -0.3],
    [1.32, 0.05],
  );
  const elbow = key([0, -0.2], [0.3, -0.25], [takeoff, -0.5], [landing, -0.8], [1.06, -0.5], [1.32, -0.2]);
  const pitch = key([0, 0], [0.3, 0], [takeoff, 0.7], [0.6, 0.4], [0.82, 0.05], [landing, -0.02], [1.0, 0]);
  return {
    period: T,
    sync: false,
    frame(u, f) {
      const t = u * T;
      const inAir = flight(t);
      const sigma = (t - takeoff) / (landing - takeoff);
      // the hop forward happens in the air only, so that the planted feet never slide
      f.root = [0, inAir ? 1.8 * Math.sin(Math.PI * sigma) ** 2 : 0, 0];
      const y = hipsY(t);
      f.hips = [0, y, hipsZ(t)];
      f.angles.Hips = [lean(t), 0, 0];
      f.angles.Spine = [spine(t), 0, 0];
      f.angles.Spine1 = [spine(t) * 0.5, 0, 0];
      f.angles.Chest = [0, 0, 0];
      f.angles.Neck = [-0.4 * (lean(t) + spine(t)), 0, 0];
      f.angles.Head = [-0.4 * (lean(t) + spine(t)), 0, 0];
      for (const side of [1, -1]) {
        const name = side > 0 ? 'Left' : 'Right';
        f.angles[`${name}Shoulder`] = [0, side * 0.04 * Math.max(0, -arm(t)), 0];
        f.angles[`${name}Arm`] = [arm(t), side * 0.15, side * 0.1];
        f.angles[`${name}ForeArm`] = [elbow(t), 0, 0];
        f.angles[`${name}Hand`] = [-0.15, 0, 0];
        const flat = [side * 0.12, ANKLE_HEIGHT, 0];
        let ankle = rolled(flat, pitch(t));
        if (inAir) {
          // the feet leave the ground with the body and tuck up under it
          const lift = y - top + 0.22 * Math.sin(Math.PI * sigma) ** 2;
          ankle = [ankle[0], ankle[1] + lift, ankle[2]];
        }
        f.feet[side > 0 ? 0 : 1] = { ankle, pitch: pitch(t), yaw: side * 0.1 };
      }
    },
  };
}

/** The clips, in the order of their keys 1–5. */
export const CLIPS = {
  idle: locomotion({
    ...LOCOMOTION,
    period: 3.2,
    stance: 1,
    speed: 0,
    turn: 0,
    width: 0.12,
    toeOut: 0.15,
    footPitch: [[0, 0]],
    height: 0.985,
    bob: 0.004,
    sway: 0.02,
    swayLag: 0,
    twist: 0.03,
    roll: 0.02,
    lean: 0.01,
    spineLean: 0.01,
    breathe: 0.025,
    breatheRate: 2,
    look: 0,
    nod: 0.03,
    armSwing: 0.03,
    armOut: 0.09,
    elbow: 0.15,
    elbowSwing: 0.02,
  }),
  walk: locomotion({
    ...LOCOMOTION,
    period: 1.05,
    stance: 0.6,
    speed: 1.25,
    turn: 0,
    height: 0.975,
    bob: 0.022,
    bobPhase: 0.6,
    footPitch: [
      [0, -0.25],
      [0.1, -0.02],
      [0.35, 0],
      [0.5, 0.25],
      [0.6, 0.6],
      [0.75, 0.2],
      [0.9, -0.2],
    ],
    lift: 0.07,
  }),
  run: locomotion({
    ...LOCOMOTION,
    period: 0.68,
    stance: 0.3,
    speed: 3.3,
    turn: 0,
    width: 0.08,
    toeOut: 0.04,
    height: 0.925,
    bob: 0.02,
    bobPhase: 0.8,
    sway: 0.01,
    footPitch: [
      [0, -0.05],
      [0.12, 0],
      [0.28, 0.35],
      [0.36, 0.7],
      [0.5, 0.6],
      [0.75, 0.1],
      [0.92, -0.1],
    ],
    lift: 0.34,
    liftLate: -1.2,
    twist: 0.16,
    roll: 0.05,
    lean: 0.14,
    spineLean: 0.06,
    shrug: 0.02,
    armSwing: 0.65,
    armBack: -0.1,
    armOut: 0.14,
    elbow: 1.35,
    elbowSwing: 0.15,
  }),
  jump: jump(),
  turn: locomotion({
    ...LOCOMOTION,
    period: 0.9,
    stance: 0.68,
    speed: 0.12,
    turn: 1.6,
    width: 0.12,
    toeOut: 0.1,
    height: 0.965,
    bob: 0.012,
    footPitch: [
      [0, 0],
      [0.5, 0.1],
      [0.68, 0.35],
      [0.85, 0.1],
    ],
    lift: 0.07,
    sway: 0.02,
    twist: 0.04,
    yawLead: 0.12,
    chestLead: 0.12,
    look: 0.35,
    lean: 0.03,
    armSwing: 0.12,
    armOut: 0.14,
    elbow: 0.3,
  }),
};
export const CLIP_NAMES = Object.keys(CLIPS);

/**
 * Two-bone IK of a leg in the hips' frame: the thigh as qz(φ)·qx(θ), the knee as qx(k),
 * reaching the ankle at v (m, from the hip joint). Writes the two local rotations.
 */
function solveLeg(out, thigh, knee, v) {
  const reach = THIGH + SHIN;
  let d = Math.hypot(v[0], v[1], v[2]);
  const scale = d > 0.999 * reach ? (0.999 * reach) / d : 1;
  d *= scale;
  const cosK = (THIGH * THIGH + SHIN * SHIN - d * d) / (2 * THIGH * SHIN);
  const k = Math.PI - Math.acos(Math.max(-1, Math.min(1, cosK)));
  // the chain bent by k in the leg's own plane, then turned onto the target
  const y0 = -THIGH - SHIN * Math.cos(k);
  const z0 = -SHIN * Math.sin(k);
  const vx = v[0] * scale;
  const vy = v[1] * scale;
  const vz = v[2] * scale;
  const y1 = -Math.hypot(vx, vy);
  const theta = Math.atan2(vz, y1) - Math.atan2(z0, y0);
  const phi = Math.atan2(vx, -vy);
  const t = [0, 0, 0, 1];
  qaxis(out, 4 * thigh, 0, 0, 1, phi);
  qaxis(t, 0, 1, 0, 0, theta);
  qmul(out, 4 * thigh, out, 4 * thigh, t, 0);
  qaxis(out, 4 * knee, 1, 0, 0, k);
}

/**
 * Evaluates clip `clip` at phase u ∈ [0, 1): local rotations (4 per bone) into `rot`, local
 * positions (3 per bone) into `pos`, root velocity [forward-frame x, z (m/s), yaw rate (rad/s)]
 * into `root`.
 */
export function evaluate(clip, u, rot, pos, root) {
  const f = { angles: {}, feet: [], hips: null, root: null };
  clip.frame(u, f);
  pos.set(OFFSETS);
  for (let b = 0; b < B; b++) qaxis(rot, 4 * b, 0, 1, 0, 0);
  for (const [name, [ax, az, ay]] of Object.entries(f.angles)) euler(rot, 4 * bone(name), ax, az, ay);
  pos.set(f.hips, 3 * HIPS);
  root[0] = f.root[0];
  root[1] = f.root[1];
  root[2] = f.root[2];
  const hip = [0, 0, 0];
  const v = [0, 0, 0];
  const chain = [0, 0, 0, 1];
  const want = [0, 0, 0, 1];
  const t = [0, 0, 0, 1];
  LEGS.forEach(([upLeg, leg, foot, toe], i) => {
    const { ankle, pitch, yaw } = f.feet[i];
    // the target in the hips' frame, from the hip joint
    qrot(hip, 0, rot, 4 * HIPS, OFFSETS, 3 * upLeg);
    for (let k = 0; k < 3; k++) v[k] = ankle[k] - f.hips[k] - hip[k];
    const inv = [-rot[4 * HIPS], -rot[4 * HIPS + 1], -rot[4 * HIPS + 2], rot[4 * HIPS + 3]];
    qrot(v, 0, inv, 0, v, 0);
    solveLeg(rot, upLeg, leg, v);
    // the foot's rotation in root space is yaw then pitch; local = (hips·thigh·knee)⁻¹·wanted
    qmul(chain, 0, rot, 4 * HIPS, rot, 4 * upLeg);
    qmul(chain, 0, chain, 0, rot, 4 * leg);
    qaxis(want, 0, 0, 1, 0, yaw);
    qaxis(t, 0, 1, 0, 0, pitch);
    qmul(want, 0, want, 0, t, 0);
    qmul(rot, 4 * foot, chain, 0, want, 0, -1, 1);
    // toes stay flat on the ground while the heel is raised
    qaxis(rot, 4 * toe, 1, 0, 0, -softPlus(pitch));
  });
  for (let b = 0; b < B; b++) qnormalize(rot, 4 * b);
}

/**
 * A clip baked at BAKE_RATE: `frames` poses of BONE_COUNT bones (13·B floats each, pose
 * layout, root bone left at rest) and the root velocity (3 floats per frame).
 */
export function bake(clip) {
  const frames = Math.round(clip.period * BAKE_RATE);
  const n = 13 * B;
  const poses = new Float32Array(frames * n);
  const roots = new Float32Array(frames * 3);
  const rot = new Float64Array(4 * B);
  const pos = new Float64Array(3 * B);
  const rotA = new Float64Array(4 * B);
  const posA = new Float64Array(3 * B);
  const rotB = new Float64Array(4 * B);
  const posB = new Float64Array(3 * B);
  const root = new Float64Array(3);
  const scratch = new Float64Array(3);
  const dq = new Float64Array(4);
  const w = new Float64Array(3);
  const h = 1e-4; // in phase units; velocities per second divide by h·period
  for (let k = 0; k < frames; k++) {
    const u = k / frames;
    evaluate(clip, (u + 1 - h) % 1, rotA, posA, scratch);
    evaluate(clip, (u + h) % 1, rotB, posB, scratch);
    evaluate(clip, u, rot, pos, root);
    const base = k * n;
    const dt = 2 * h * clip.period;
    for (let b = 0; b < B; b++) {
      for (let c = 0; c < 3; c++) {
        poses[base + 3 * b + c] = pos[3 * b + c];
        poses[base + 3 * B + 3 * b + c] = (posB[3 * b + c] - posA[3 * b + c]) / dt;
      }
      for (let c = 0; c < 4; c++) poses[base + 6 * B + 4 * b + c] = rot[4 * b + c];
      // ω = log(q(t+h)·q(t−h)⁻¹) / 2h, in the parent's frame
      qmul(dq, 0, rotB, 4 * b, rotA, 4 * b, 1, -1);
      qlog(w, 0, dq, 0);
      for (let c = 0; c < 3; c++) poses[base + 10 * B + 3 * b + c] = w[c] / dt;
    }
    roots.set(root, 3 * k);
  }
  return { clip, frames, poses, roots, period: frames / BAKE_RATE };
}

/**
 * Writes baked clip `baked` at `time` (s, wrapping) into bones first… of `out`, a pose of
 * `count` bones, with the root at (x, z) turned by `yaw` (rad). Frames are interpolated
 * linearly (rotations by normalised lerp on the shorter arc). Returns the root velocity
 * [x, z, yaw rate] of the clip (forward frame) in `root`.
 */
export function sample(baked, time, x, z, yaw, out, count, first, root) {
  const f = (((time * BAKE_RATE) % baked.frames) + baked.frames) % baked.frames;
  const k0 = Math.floor(f);
  const k1 = (k0 + 1) % baked.frames;
  const a = f - k0;
  const n = 13 * B;
  const p0 = k0 * n;
  const p1 = k1 * n;
  const src = baked.poses;
  for (let b = 1; b < B; b++) {
    const o = first + b;
    for (let c = 0; c < 3; c++) {
      out[3 * o + c] = src[p0 + 3 * b + c] + a * (src[p1 + 3 * b + c] - src[p0 + 3 * b + c]);
      const v = 3 * B + 3 * b + c;
      out[3 * count + 3 * o + c] = src[p0 + v] + a * (src[p1 + v] - src[p0 + v]);
      const w = 10 * B + 3 * b + c;
      out[10 * count + 3 * o + c] = src[p0 + w] + a * (src[p1 + w] - src[p0 + w]);
    }
    const r = 6 * B + 4 * b;
    const sign =
      src[p0 + r] * src[p1 + r] +
        src[p0 + r + 1] * src[p1 + r + 1] +
        src[p0 + r + 2] * src[p1 + r + 2] +
        src[p0 + r + 3] * src[p1 + r + 3] <
      0
        ? -1
        : 1;
    let len = 0;
    for (let c = 0; c < 4; c++) {
      const q = src[p0 + r + c] + a * (sign * src[p1 + r + c] - src[p0 + r + c]);
      out[6 * count + 4 * o + c] = q;
      len += q * q;
    }
    len = 1 / Math.sqrt(len);
    for (let c = 0; c < 4; c++) out[6 * count + 4 * o + c] *= len;
  }
  rootVelocity(baked, time, root);
  writeRoot(out, count, first, x, z, yaw, root[0], root[1], root[2]);
  return root;
}

/** The root velocity of baked clip `baked` at `time` (s): [x, z (m/s, its own frame), yaw rate (rad/s)] into `root`. */
export function rootVelocity(baked, time, root) {
  const f = (((time * BAKE_RATE) % baked.frames) + baked.frames) % baked.frames;
  const k0 = Math.floor(f);
  const k1 = (k0 + 1) % baked.frames;
  const a = f - k0;
  const r = baked.roots;
  for (let c = 0; c < 3; c++) root[c] = r[3 * k0 + c] + a * (r[3 * k1 + c] - r[3 * k0 + c]);
  return root;
}

/** Sets the root bone of the character at bone `first`: on the ground at (x, z), heading yaw, moving at (vx, vz) in its own frame, turning at w. */
export function writeRoot(out, count, first, x, z, yaw, vx, vz, w) {
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  out[3 * first] = x;
  out[3 * first + 1] = 0;
  out[3 * first + 2] = z;
  out[3 * count + 3 * first] = c * vx + s * vz;
  out[3 * count + 3 * first + 1] = 0;
  out[3 * count + 3 * first + 2] = -s * vx + c * vz;
  qaxis(out, 6 * count + 4 * first, 0, 1, 0, yaw);
  out[10 * count + 3 * first] = 0;
  out[10 * count + 3 * first + 1] = w;
  out[10 * count + 3 * first + 2] = 0;
}

/**
 * Plays baked clips on one character: the clip's time and the root's place on the ground,
 * moved by the clip's root velocity (midpoint rule).
 */
export class Player {
  constructor(baked, time = 0) {
    this.baked = baked;
    this.time = time;
    this.x = 0;
    this.z = 0;
    this.yaw = 0;
    this.root = new Float64Array(3);
  }
  /** Switches to `baked` at its time `time`, where the character stands. */
  play(baked, time) {
    this.baked = baked;
    this.time = time;
  }
  /** Advances time and root by dt seconds. */
  step(dt) {
    rootVelocity(this.baked, this.time + dt / 2, this.root);
    const yaw = this.yaw + (this.root[2] * dt) / 2;
    this.x += (Math.cos(yaw) * this.root[0] + Math.sin(yaw) * this.root[1]) * dt;
    this.z += (-Math.sin(yaw) * this.root[0] + Math.cos(yaw) * this.root[1]) * dt;
    this.yaw += this.root[2] * dt;
    this.time += dt;
  }
  /** The current pose into bones first… of `out` (a pose of `count` bones). */
  pose(out, count = BONE_COUNT, first = 0) {
    sample(this.baked, this.time, this.x, this.z, this.yaw, out, count, first, this.root);
    return out;
  }
}
