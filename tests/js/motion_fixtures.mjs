// motion_fixtures.mjs — synthetic clips for the motion-matching tests and benches: a small
// biped whose every transform follows a closed form in time (so velocities are exact
// derivatives, not differences), walking straight, round circles and through speed changes,
// with foot contacts where each foot's swing is at its lowest; seeded random numbers; and
// the runner of the README's motion-capture examples. Nothing here calls sprung itself.
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A seeded generator of uniform numbers in [0, 1) (a 32-bit LCG). */
export function random(seed = 1) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** The biped: bone 0 the simulation bone, hips above it, two legs of three bones, a spine. */
export const BIPED = {
  names: ['root', 'hips', 'leftUpLeg', 'leftLeg', 'leftFoot', 'rightUpLeg', 'rightLeg', 'rightFoot', 'spine'],
  parents: [-1, 0, 1, 2, 3, 1, 5, 6, 1],
  // local offsets from the parent
  offsets: [
    [0, 0, 0],
    [0, 0.9, 0],
    [0.1, 0, 0],
    [0, -0.45, 0.02],
    [0, -0.43, -0.02],
    [-0.1, 0, 0],
    [0, -0.45, 0.02],
    [0, -0.43, -0.02],
    [0, 0.3, 0],
  ],
  mirror: [0, 1, 5, 6, 7, 2, 3, 4, 8],
};
const BONES = BIPED.parents.length;

/** Rotation by angle a about a unit axis, [x, y, z, w]. */
const axisAngle = (axis, a) => [
  axis[0] * Math.sin(a / 2),
  axis[1] * Math.sin(a / 2),
  axis[2] * Math.sin(a / 2),
  Math.cos(a / 2),
];

/**
 * A walk of `frames` frames at `rate` Hz: bone 0 heads ψ(t) = psi0 + turn·t + wobble·sin(t)
 * at speed(t) = speed + accel·t (x = ∫ speed·sin ψ, z = ∫ speed·cos ψ, integrated in closed
 * form where it has one and by a fine midpoint rule otherwise); the legs swing about X at the
 * step frequency, the knees bend, the hips sway. Returns { poses, contacts } (contacts: left,
 * right per frame: a foot whose swing is behind centre and moving back is planted).
 */
export function walk({
  frames,
  rate = 60,
  speed = 1.4,
  accel = 0,
  turn = 0,
  wobble = 0,
  psi0 = 0,
  step = 1.8,
  start = [0, 0],
}) {
  const stride = 13 * BONES;
  const poses = new Float32Array(frames * stride);
  const contacts = new Uint8Array(2 * frames);
  let x = start[0],
    z = start[1];
  const heading = (t) => psi0 + turn * t + wobble * Math.sin(t);
  const dheading = (t) => turn + wobble * Math.cos(t);
  const speedAt = (t) => Math.max(0, speed + accel * t);
  for (let f = 0; f < frames; f++) {
    const t = f / rate;
    if (f > 0) {
      // midpoint rule over 16 substeps of the frame
      for (let k = 0; k < 16; k++) {
        const tm = (f - 1 + (k + 0.5) / 16) / rate,
          h = 1 / rate / 16;
        x += speedAt(tm) * Math.sin(heading(tm)) * h;
        z += speedAt(tm) * Math.cos(heading(tm)) * h;
      }
    }
    const p = poses.subarray(f * stride, (f + 1) * stride);
    const psi = heading(t),
      v = speedAt(t),
      phase = 2 * Math.PI * step * t,
      w = 2 * Math.PI * step;
    // bone 0
    p.set([x, 0, z], 0);
    p.set([v * Math.sin(psi), 0, v * Math.cos(psi)], 3 * BONES);
    p.set(axisAngle([0, 1, 0], psi), 6 * BONES);
    p.set([0, dheading(t), 0], 10 * BONES);
    // the others: offsets, with swings of known angular velocity
    const swing = 0.4 * Math.min(1, v / 1.4);
    const angles = [
      [1, [0, 0, 1], 0.05 * Math.sin(phase), 0.05 * w * Math.cos(phase)], // hips sway
      [2, [1, 0, 0], swing * Math.sin(phase), swing * w * Math.cos(phase)],
      [3, [1, 0, 0], 0.3 + 0.3 * Math.sin(phase + 1), 0.3 * w * Math.cos(phase + 1)],
      [5, [1, 0, 0], -swing * Math.sin(phase), -swing * w * Math.cos(phase)],
      [6, [1, 0, 0], 0.3 - 0.3 * Math.sin(phase + 1), -0.3 * w * Math.cos(phase + 1)],
    ];
    for (let b = 1; b < BONES; b++) {
      p.set(BIPED.offsets[b], 3 * b);
      p.set([0, 0, 0, 1], 6 * BONES + 4 * b);
    }
    for (const [b, axis, a, da] of angles) {
      p.set(axisAngle(axis, a), 6 * BONES + 4 * b);
      p.set([axis[0] * da, axis[1] * da, axis[2] * da], 10 * BONES + 3 * b);
    }
    contacts[2 * f] = Math.cos(phase) < 0 ? 1 : 0;
    contacts[2 * f + 1] = Math.cos(phase) > 0 ? 1 : 0;
  }
  return { poses, contacts };
}

/** A small locomotion database: straight walks and runs, circles both ways, speed changes; about `seconds` s at `rate` Hz. */
export function locomotion({ rate = 60, seconds = 60, seed = 3 } = {}) {
  const rnd = random(seed);
  const clips = [];
  let total = 0,
    i = 0;
  while (total < seconds * rate) {
    const frames = Math.round((4 + 4 * rnd()) * rate);
    const kind = i % 4;
    const speed = kind === 3 ? 0.5 : 1 + 3 * rnd();
    const { poses, contacts } = walk({
      frames,
      rate,
      speed,
      accel: kind === 3 ? 0.6 : 0,
      turn: kind === 1 ? (rnd() < 0.5 ? -1 : 1) * (0.3 + rnd()) : 0,
      wobble: kind === 2 ? 0.4 : 0,
      psi0: rnd() * 2 * Math.PI,
      step: 1.5 + speed * 0.3,
      start: [rnd() * 20 - 10, rnd() * 20 - 10],
    });
    const tags = new Uint32Array(frames).fill(speed > 2.5 ? 2 : 1);
    clips.push({ name: `take ${i}`, poses, loop: false, tags, contacts });
    total += frames;
    i++;
  }
  return {
    skeleton: { parents: BIPED.parents, names: BIPED.names },
    frameRate: rate,
    clips,
    mirror: BIPED.mirror,
  };
}

/** Holden's 27 features for the biped: feet positions and velocities, hip velocity, trajectory positions and directions. */
export const FEATURES_27 = [
  { type: 'position', bone: 'leftFoot', weight: 0.75 },
  { type: 'position', bone: 'rightFoot', weight: 0.75 },
  { type: 'velocity', bone: 'leftFoot' },
  { type: 'velocity', bone: 'rightFoot' },
  { type: 'velocity', bone: 'hips' },
  { type: 'trajectoryPosition', frames: [20, 40, 60] },
  { type: 'trajectoryDirection', frames: [20, 40, 60], weight: 1.5 },
];

/**
 * Runs the first ```js block after `heading` (a RegExp source) of `doc` (the README, or the
 * reference docs/API.md) as `file` in
 * build/readme/, beside the CMU files it reads (a file inside the package imports 'sprung' by
 * its own name: package self-reference). Returns what it printed, the claim of its
 * `console.log(…); // claim` comment and the folder it ran in.
 */
export function runReadmeExample(heading, file, doc = 'README.md') {
  const readme = readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8');
  const code = readme.match(new RegExp(`${heading}[\\s\\S]*?\`\`\`js\\n([\\s\\S]*?)\`\`\``))[1];
  const dir = new URL('../../build/readme/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  for (const f of ['01_01.bvh', '01_03.bvh'])
    copyFileSync(new URL(`../../build/data/cmu/${f}`, import.meta.url), new URL(f, dir));
  writeFileSync(new URL(file, dir), code);
  const printed = execFileSync(process.execPath, [fileURLToPath(new URL(file, dir))], {
    encoding: 'utf8',
  }).trim();
  const claim = code.match(/console\.log\([^;]*\); \/\/ (.*)/)[1];
  return { printed, claim, dir };
}

/**
 * A looping circle walk of the biped without names, tags or contacts, and features of every
 * kind of edge: a cubic inertialization feature, a weight of 0 (scales of 0), trajectory
 * samples beyond the clip's end (through the loop). Returns `[data, options]`.
 */
export function loopingCircle() {
  const { poses } = walk({ frames: 150, turn: 0.7, speed: 2 });
  return [
    { skeleton: { parents: BIPED.parents }, frameRate: 60, clips: [{ name: 'circle', poses, loop: true }] },
    {
      features: [
        {
          type: 'inertialization',
          bone: 4,
          inertializer: 'cubic',
          halflife: 0.13,
          blendtime: 0.3,
          weight: 0.3,
        },
        { type: 'velocity', bone: 1, weight: 0 },
        { type: 'trajectoryPosition', frames: [10, 200] },
      ],
    },
  ];
}
