// motion_quality.test.mjs — how well a MotionController moves a character through the
// playground's dance card (web/playground/motion/) under a scripted minute of input: walking,
// 90° and 180° turns, running, strafing and stops. Everything is measured here from the pose
// the controller draws, with forward kinematics and distances written in this file (no
// sprung function measures sprung): a locked foot stays where it locked (≤ 1 cm); the
// character never ends a frame farther from the simulation object than the clamp radius; a
// switch moves no bone with a jump in position or velocity when inertialized, and visibly
// jumps some without (the control); steady input switches at most twice a second; a turn is
// followed within the trajectory's horizon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as sp from '../../dist/index.js';
import { cachedDanceCard } from './dance_card_cache.mjs';

await sp.init();
const data = cachedDanceCard();
// Holden's 27 features on the dance card's skeleton; the toes are the contacts, the heels end the legs' IK
const FEATURES = [
  { type: 'position', bone: 'LeftFoot', weight: 0.75 },
  { type: 'position', bone: 'RightFoot', weight: 0.75 },
  { type: 'velocity', bone: 'LeftFoot' },
  { type: 'velocity', bone: 'RightFoot' },
  { type: 'velocity', bone: 'Hips' },
  { type: 'trajectoryPosition', frames: [20, 40, 60] },
  { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
];
const db = new sp.MotionDatabase(data, { features: FEATURES, contactBones: ['LeftToe', 'RightToe'] });
const IK = ['LeftFoot', 'RightFoot'];
const parents = data.skeleton.parents,
  B = parents.length;
const TOES = ['LeftToe', 'RightToe'].map((n) => data.skeleton.names.indexOf(n));
const RATE = 60,
  DT = 1 / RATE;
const HORIZON = 60 / RATE; // the farthest trajectory feature looks 60 frames ahead
const DEG = Math.PI / 180;

// ---- the script: [seconds, speed (m/s), direction of travel (°), facing (°)], 0° = +Z, 90° = +X
const WALK = 1.3,
  RUN = 3.2,
  STRAFE = 0.9;
const SCRIPT = [
  [3, 0, 0, 0], // stand
  [7, WALK, 0, 0], // walk ahead
  [6, WALK, 90, 90], // a 90° turn
  [6, WALK, -90, -90], // a 180° turn
  [3, 0, 0, -90], // stop
  [8, RUN, 0, 0], // run (a 90° turn from standing)
  [6, RUN, -90, -90], // a 90° turn running
  [3, 0, 0, -90], // stop
  [6, STRAFE, 90, 0], // strafe, facing ahead
  [6, STRAFE, -90, 0], // strafe back
  [3, WALK, 180, 180], // a 180° turn into a walk
  [3, 0, 0, 180], // stop
];
const SEGMENTS = [];
for (let t = 0, i = 0; i < SCRIPT.length; t += SCRIPT[i++][0])
  SEGMENTS.push({
    start: t,
    end: t + SCRIPT[i][0],
    speed: SCRIPT[i][1],
    dir: SCRIPT[i][2],
    facing: SCRIPT[i][3],
  });
const SECONDS = SEGMENTS.at(-1).end;
const FRAMES = Math.round(SECONDS * RATE);
const segmentAt = (t) => SEGMENTS.find((s) => t < s.end) ?? SEGMENTS.at(-1);
function input(frame) {
  const s = segmentAt(frame / RATE);
  const d = s.dir * DEG,
    f = s.facing * DEG;
  return {
    velocity: { x: s.speed * Math.sin(d), y: 0, z: s.speed * Math.cos(d) },
    rotation: { x: 0, y: Math.sin(f / 2), z: 0, w: Math.cos(f / 2) },
  };
}

// ---- measuring: forward kinematics of the drawn pose, written here ---------------------------
const qmul = (a, b) => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const qrot = (q, v) => qmul(qmul(q, [...v, 0]), [-q[0], -q[1], -q[2], q[3]]).slice(0, 3);
/** World positions and rotations of every bone of a pose (13·bones floats: local positions at 0,
 *  rotations at 6·bones) of the skeleton of `parents`. */
function worldOf(pose, parents) {
  const n = parents.length,
    pos = [],
    rot = [];
  for (let b = 0; b < n; b++) {
    const p = [pose[3 * b], pose[3 * b + 1], pose[3 * b + 2]];
    const q = [
      pose[6 * n + 4 * b],
      pose[6 * n + 4 * b + 1],
      pose[6 * n + 4 * b + 2],
      pose[6 * n + 4 * b + 3],
    ];
    if (parents[b] < 0) {
      pos.push(p);
      rot.push(q);
    } else {
      const d = qrot(rot[parents[b]], p);
      pos.push(pos[parents[b]].map((x, k) => x + d[k]));
      rot.push(qmul(rot[parents[b]], q));
    }
  }
  return { pos, rot };
}
const worldPositions = (pose) => worldOf(pose, parents);
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** Heading (rad, 0 toward +Z, + toward +X) of a rotation's forward axis. */
const heading = (q) => {
  const f = qrot(q, [0, 0, 1]);
  return Math.atan2(f[0], f[2]);
};
const angleBetween = (a, b) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));

/** The scripted minute through a controller with `options`: per frame the world positions of
 *  every bone, bone 0's heading, the simulation's position, the contacts' locks, whether it switched. */
function play(options) {
  const c = new sp.MotionController(db, { ikBones: IK, ...options });
  const frames = [];
  for (let i = 0; i < FRAMES; i++) {
    c.update(DT, input(i));
    const { pos, rot } = worldPositions(c.pose);
    const s = c.simulation.position;
    frames.push({
      pos,
      heading: heading(rot[0]),
      simulationHeading: heading([
        c.simulation.rotation.x,
        c.simulation.rotation.y,
        c.simulation.rotation.z,
        c.simulation.rotation.w,
      ]),
      simulation: [s.x, s.y, s.z],
      locks: c.contacts.map((k) => k.lock),
      switched: c.switched,
    });
  }
  const settings = { ...c.settings };
  c.dispose();
  return { frames, settings };
}

const on = play({});

/** Largest horizontal distance a toe moves from where it was when its lock began, over every lock. */
function slides(frames) {
  let worst = 0,
    locked = 0,
    locks = 0;
  TOES.forEach((toe, k) => {
    let start = null;
    for (const f of frames) {
      if (!f.locks[k]) {
        start = null;
        continue;
      }
      const p = f.pos[toe];
      if (start === null) {
        start = p;
        locks++;
      }
      worst = Math.max(worst, Math.hypot(p[0] - start[0], p[2] - start[2]));
      locked++;
    }
  });
  return { worst, locked, locks };
}

test('a locked foot stays where it locked (≤ 1 cm); drawn without locking it slides', (t) => {
  const s = slides(on.frames);
  const off = slides(play({ footLocking: false }).frames);
  t.diagnostic(
    `locked: worst slide ${(100 * s.worst).toFixed(2)} cm over ${s.locks} locks, ${s.locked} foot-frames; ` +
      `the same contacts unlocked: ${(100 * off.worst).toFixed(1)} cm`,
  );
  assert.ok(s.locks >= 60 && s.locked >= 2000, `${s.locks} locks, ${s.locked} locked foot-frames`);
  assert.ok(s.worst <= 0.01, `a locked toe slid ${s.worst} m`);
  assert.ok(off.worst > 0.01, `the control: unlocked toes slide ${off.worst} m`);
});

test('the character never ends a frame farther from the simulation object than the clamp radius', (t) => {
  const radius = on.settings.clampDistance;
  let worst = 0,
    over = 0;
  for (const f of on.frames) {
    const d = dist(f.pos[0], f.simulation);
    worst = Math.max(worst, d);
    // the pose holds bone 0 in float32: each coordinate within 2⁻²⁴ of its size (twice: rounded
    // in the clamp's arithmetic and again when stored)
    const rounding = 2 ** -23 * (Math.abs(f.pos[0][0]) + Math.abs(f.pos[0][1]) + Math.abs(f.pos[0][2]));
    over = Math.max(over, d - radius - rounding);
  }
  t.diagnostic(`largest distance ${(100 * worst).toFixed(5)} cm, clamp radius ${100 * radius} cm`);
  assert.ok(over <= 0, `${worst} m from the simulation, radius ${radius}`);
  assert.ok(worst > 0.5 * radius, `the clamp is reached (${worst} m): the script pulls the character away`);
});

/** Per switch, the largest change of any bone's velocity over the switch frame (the second
 *  difference of its position, where a jump in position or in velocity shows), as a multiple
 *  of that bone's largest at frames away from switches (neither a switch nor the frame after
 *  one). An inertialized switch is continuous but not free: its offset decays with an
 *  acceleration of its own (2y·Δv + y²·Δx at first, y = 2 ln 2 / halflife), which may exceed
 *  the motion's own a little. A jump is a change half again the largest the motion makes (the
 *  bound motion_controller.test.mjs uses for the same comparison); raw switches make up to
 *  tens of times that. */
function jumps(frames) {
  const own = new Float64Array(B);
  const second = (i, b) => {
    const [p, q, r] = [frames[i].pos[b], frames[i - 1].pos[b], frames[i - 2].pos[b]];
    return Math.hypot(p[0] - 2 * q[0] + r[0], p[1] - 2 * q[1] + r[1], p[2] - 2 * q[2] + r[2]);
  };
  for (let i = 2; i < frames.length; i++)
    if (!frames[i].switched && !frames[i - 1].switched)
      for (let b = 0; b < B; b++) own[b] = Math.max(own[b], second(i, b));
  const ratios = [];
  for (let i = 2; i < frames.length; i++)
    if (frames[i].switched) {
      let r = 0;
      for (let b = 0; b < B; b++) r = Math.max(r, second(i, b) / own[b]);
      ratios.push(r);
    }
  return ratios;
}

test('a switch jumps no bone in position or velocity when inertialized; without, switches jump', (t) => {
  // the switches alone: adjustment and clamping move bone 0 by their own rules (clamping is a
  // hard limit, with kinks of its own whenever the character reaches it), the IK the legs
  const alone = { adjustment: false, clamping: false, footLocking: false };
  const spring = jumps(play(alone).frames);
  const cubic = jumps(play({ ...alone, inertialization: 'cubic' }).frames);
  const none = jumps(play({ ...alone, inertialization: 'none' }).frames);
  const big = (r) => r.filter((x) => x > 1.5).length;
  const worst = (r) => Math.max(...r);
  t.diagnostic(
    `the bones' largest change of velocity at a switch, as a multiple of their own elsewhere: ` +
      `spring inertializer ${worst(spring).toFixed(2)}× worst over ${spring.length} switches, ` +
      `cubic ${worst(cubic).toFixed(2)}× over ${cubic.length}; ` +
      `not inertialized ${big(none)} of ${none.length} beyond 1.5×, worst ${worst(none).toFixed(1)}×`,
  );
  for (const r of [spring, cubic]) {
    assert.ok(r.length >= 30, `${r.length} switches`);
    assert.ok(worst(r) <= 1.5, `inertialized switches: ${r.map((x) => x.toFixed(2))}`);
  }
  assert.ok(
    big(none) >= none.length / 4 && Math.max(...none) > 3,
    `raw switches: ${none.map((r) => r.toFixed(2))}`,
  );
});

test('steady input switches at most twice a second', (t) => {
  // steady: from one second into a segment (the simulation has settled) to its end
  const rates = SEGMENTS.map((s) => {
    let n = 0;
    for (let i = Math.round((s.start + 1) * RATE); i < Math.round(s.end * RATE); i++)
      n += on.frames[i].switched;
    return n / (s.end - s.start - 1);
  });
  const total = on.frames.filter((f) => f.switched).length;
  t.diagnostic(
    `switches per second under steady input, by segment: ${rates.map((r) => r.toFixed(2)).join(', ')}; ${(total / SECONDS).toFixed(2)} overall`,
  );
  for (const [i, r] of rates.entries()) assert.ok(r <= 2, `segment ${i}: ${r} switches a second`);
});

test("a turn is followed within the trajectory's horizon", (t) => {
  // every change of facing of 90° or more: the character is as far through the turn as the
  // simulation object was one horizon (the farthest trajectory sample, 1 s) earlier, to 5°
  const report = [];
  let worst = -Infinity;
  for (let i = 1; i < SEGMENTS.length; i++) {
    const [a, b] = [SEGMENTS[i - 1], SEGMENTS[i]];
    if (angleBetween(a.facing * DEG, b.facing * DEG) < 89 * DEG) continue;
    const want = b.facing * DEG;
    let behind = -Infinity;
    for (let f = Math.round(b.start * RATE); f + HORIZON * RATE < Math.round(b.end * RATE); f++) {
      const sim = angleBetween(on.frames[f].simulationHeading, want),
        character = angleBetween(on.frames[f + HORIZON * RATE].heading, want);
      behind = Math.max(behind, character - sim);
    }
    const done = angleBetween(on.frames[Math.round((b.start + HORIZON) * RATE)].heading, want);
    report.push(
      `${a.facing}°→${b.facing}°: ${(behind / DEG).toFixed(1)}° behind, ${(done / DEG).toFixed(0)}° to go after ${HORIZON} s`,
    );
    worst = Math.max(worst, behind);
  }
  t.diagnostic(`the character against the simulation one horizon earlier: ${report.join('; ')}`);
  assert.equal(report.length, 6);
  assert.ok(worst <= 5 * DEG, report.join('; '));
});

// ---- lock releases on motion capture ----------------------------------------------------------
// The README's motion-capture recipe (CMU's 01_01 and 01_03, Holden's 27 features) with foot
// contacts made from the toes' speed (the playground's rule, and Holden's: near the floor and
// nearly still) and the heel-for-toe IK, under a scripted minute of stick input turned into a
// desired velocity and facing as Holden's controller does (desiredVelocityUpdate: walking
// 1.75 / 1.5 / 1.25 m/s forward / sideways / back, running 4 / 3 / 2.5; facing the travel, or
// ahead while strafing). The takes hold a walk and jumps, no run: the character is dragged
// faster than its clips, and its feet lock and release some 180 times a minute. A release must
// not pop: no bone's velocity changes by more than half again the largest change the clips
// themselves make (a landing jump's 9.8 m/s; Holden's loop: 3.9 m/s at its releases).
const CMU = new URL('../../build/data/cmu/', import.meta.url);
const cmu = (name) => {
  const file = new URL(name, CMU);
  assert.ok(existsSync(file), `${file.pathname} is missing: ./build.sh build fetches it`);
  return readFileSync(file, 'utf8');
};
const takes = ['01_01.bvh', '01_03.bvh'].map((f) =>
  sp.parseBvh(cmu(f), { scale: 0.056444, start: 1, frameRate: 60 }),
);
const cmuSkeleton = takes[0].skeleton;
const CMU_TOES = ['LeftToeBase', 'RightToeBase'];
const cmuB = cmuSkeleton.parents.length;
/** World positions of every bone of pose f of `poses` (13·B floats a pose), by the FK above. */
const cmuWorld = (poses, f) =>
  worldOf(poses.subarray(13 * cmuB * f, 13 * cmuB * (f + 1)), cmuSkeleton.parents);
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
/** World velocity of bone `bone` of a pose: each bone's local velocity turned into the world,
 *  plus its parent's velocity and angular velocity (ω × r) carried down the chain. */
function worldVelocity(pose, bone) {
  const parents = cmuSkeleton.parents,
    n = cmuB,
    { pos, rot } = worldOf(pose, parents);
  const chain = [];
  for (let b = bone; b >= 0; b = parents[b]) chain.unshift(b);
  let v = [0, 0, 0],
    w = [0, 0, 0];
  for (const b of chain) {
    const lv = [pose[3 * n + 3 * b], pose[3 * n + 3 * b + 1], pose[3 * n + 3 * b + 2]];
    const lw = [pose[10 * n + 3 * b], pose[10 * n + 3 * b + 1], pose[10 * n + 3 * b + 2]];
    const p = parents[b];
    if (p < 0) {
      v = lv;
      w = lw;
      continue;
    }
    const r = pos[b].map((x, k) => x - pos[p][k]);
    v = v.map((x, k) => x + qrot(rot[p], lv)[k] + cross(w, r)[k]);
    w = w.map((x, k) => x + qrot(rot[p], lw)[k]);
  }
  return v;
}
/** A take's contacts: a toe is in contact while within 5 cm of its lowest and slower than
 *  0.5 m/s (the poses' velocities carried down to it). */
function toeContacts(poses) {
  const frames = poses.length / (13 * cmuB),
    toes = CMU_TOES.map((n) => cmuSkeleton.names.indexOf(n));
  const pose = (f) => poses.subarray(13 * cmuB * f, 13 * cmuB * (f + 1));
  const heights = Array.from({ length: frames }, (_, f) => toes.map((t) => cmuWorld(poses, f).pos[t][1]));
  const floor = toes.map((_, k) => Math.min(...heights.map((h) => h[k])));
  const contacts = new Uint8Array(2 * frames);
  for (let f = 0; f < frames; f++)
    toes.forEach((t, k) => {
      const speed = Math.hypot(...worldVelocity(pose(f), t));
      contacts[2 * f + k] = heights[f][k] < floor[k] + 0.05 && speed < 0.5 ? 1 : 0;
    });
  return contacts;
}
const cmuDb = new sp.MotionDatabase(
  {
    skeleton: cmuSkeleton,
    frameRate: 60,
    clips: takes.map((t) => ({ ...t.clip, contacts: toeContacts(t.clip.poses) })),
  },
  { features: FEATURES, contactBones: CMU_TOES },
);

// [seconds, stick direction (°, 0 = +Z, 90 = +X), stick pushed, running, strafing]
const STICK = [
  [2, -90, 1, 1, 0],
  [3, -45, 1, 1, 1],
  [2, -135, 1, 1, 0],
  [5, 180, 1, 1, 0],
  [4, -45, 1, 1, 0],
  [5, -135, 0, 0, 0],
  [2, 135, 1, 0, 1],
  [4, -90, 1, 0, 1],
  [4, 135, 1, 1, 1],
  [5, 45, 1, 0, 0],
  [3, 0, 1, 1, 0],
  [5, 90, 1, 1, 0],
  [5, 45, 1, 0, 0],
  [3, 135, 1, 1, 0],
  [4, 180, 1, 1, 0],
  [2, 0, 1, 1, 0],
];
const STICK_FRAMES = RATE * STICK.reduce((t, s) => t + s[0], 0);
/** The scripted minute through a controller on the CMU database: per frame the world positions
 *  of every bone (from the drawn pose) and the contacts' locks. */
function playSticks(options) {
  const c = new sp.MotionController(cmuDb, { ikBones: ['LeftFoot', 'RightFoot'], ...options });
  const frames = [];
  let facing = { x: 0, y: 0, z: 0, w: 1 };
  for (let i = 0, s = 0, end = STICK[0][0] * RATE; i < STICK_FRAMES; i++) {
    if (i >= end) end += STICK[++s][0] * RATE;
    const [, angle, pushed, running, strafing] = STICK[s];
    const stick = { x: pushed * Math.sin(angle * DEG), y: 0, z: pushed * Math.cos(angle * DEG) };
    const [fwrd, side, back] = running ? [4, 3, 2.5] : [1.75, 1.5, 1.25];
    const velocity = sp.desiredVelocityUpdate(stick, 0, c.simulation.rotation, fwrd, side, back);
    if (strafing) facing = { x: 0, y: 0, z: 0, w: 1 };
    else if (pushed) {
      const yaw = Math.atan2(velocity.x, velocity.z);
      facing = { x: 0, y: Math.sin(yaw / 2), z: 0, w: Math.cos(yaw / 2) };
    }
    c.update(DT, { velocity, rotation: facing });
    frames.push({ pos: worldOf(c.pose, cmuSkeleton.parents).pos, locks: c.contacts.map((k) => k.lock) });
  }
  c.dispose();
  return frames;
}
/** The change of bone b's velocity over frame i (m/s): the second difference of its position. */
const velocityChange = (pos, i, b) => {
  const [p, q, r] = [pos[i][b], pos[i - 1][b], pos[i - 2][b]];
  return Math.hypot(p[0] - 2 * q[0] + r[0], p[1] - 2 * q[1] + r[1], p[2] - 2 * q[2] + r[2]) * RATE;
};

test('a foot lock releases without a pop: no bone changes velocity by more than 1.5× the clips do', (t) => {
  // the largest change of any bone's velocity in one frame anywhere in the clips
  let clips = 0;
  for (const take of takes) {
    const frames = take.clip.poses.length / (13 * cmuB);
    const pos = Array.from({ length: frames }, (_, f) => cmuWorld(take.clip.poses, f).pos);
    for (let f = 2; f < frames; f++)
      for (let b = 0; b < cmuB; b++) clips = Math.max(clips, velocityChange(pos, f, b));
  }
  /** At each release (a lock ending) the largest change of any bone's velocity over the frame
   *  it ends and the next. */
  const releases = (frames) => {
    const pos = frames.map((f) => f.pos),
      out = [];
    for (let i = 2; i + 1 < frames.length; i++)
      for (let k = 0; k < 2; k++)
        if (frames[i - 1].locks[k] && !frames[i].locks[k]) {
          let m = 0;
          for (const j of [i, i + 1])
            for (let b = 0; b < cmuB; b++) m = Math.max(m, velocityChange(pos, j, b));
          out.push(m);
        }
    return out;
  };
  const locked = releases(playSticks({}));
  const worst = Math.max(...locked),
    over5 = locked.filter((m) => m > 5).length;
  // the control: the same contacts, nothing locked (their releases still counted)
  const free = releases(playSticks({ footLocking: false }));
  t.diagnostic(
    `${locked.length} releases: the largest change of a bone's velocity at one ${worst.toFixed(2)} m/s, ` +
      `${over5} beyond 5 m/s; the clips' largest ${clips.toFixed(2)} m/s; ` +
      `without locking, ${free.length} releases, at most ${Math.max(...free).toFixed(2)} m/s`,
  );
  assert.ok(clips > 5 && clips < 20, `the clips' largest change: ${clips} m/s`);
  assert.ok(locked.length >= 100, `${locked.length} releases`);
  assert.ok(worst <= 1.5 * clips, `a release changed a bone's velocity by ${worst} m/s (clips: ${clips})`);
  assert.ok(over5 <= 0.05 * locked.length, `${over5} of ${locked.length} releases beyond 5 m/s`);
});
