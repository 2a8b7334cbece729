// bvh.test.mjs — parseBvh of the built package: a BVH written here from known channel
// functions against forward kinematics done independently in this file (rotation matrices
// composed from the Euler channels; the package works with quaternions), the simulation bone
// against its definition, velocities against numerical derivatives of the channel functions
// (central differences with a step of 1e-4 s in double), resampling, a Z-up file, frame
// ranges, the CMU files fetched by build.sh (frame and bone counts, plausible body, speeds,
// the root on the ground) and three.js's BVHLoader on them (a peer reading the same file),
// and malformed files, whose errors name the line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as THREE from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { parseBvh, poseVelocities } from '../../dist/index.js';

// ---- the oracle: 3×3 matrices (row-major arrays of 9) --------------------------------------
const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const mul = (a, b) =>
  Array.from({ length: 9 }, (_, k) => {
    const r = Math.floor(k / 3),
      c = k % 3;
    return a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c];
  });
const apply = (m, v) => [0, 1, 2].map((r) => m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2]);
const transpose = (m) => [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]];
/** Rotation by `deg` degrees about axis 0 (X), 1 (Y) or 2 (Z). */
function axisMatrix(axis, deg) {
  const a = (deg * Math.PI) / 180,
    c = Math.cos(a),
    s = Math.sin(a);
  if (axis === 0) return [1, 0, 0, 0, c, -s, 0, s, c];
  if (axis === 1) return [c, 0, s, 0, 1, 0, -s, 0, c];
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}
/** The matrix of a unit quaternion x, y, z, w. */
function quatMatrix(x, y, z, w) {
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
}
/** The rotation vector (axis·angle) of a rotation matrix near the identity or not. */
function logMatrix(m) {
  const angle = Math.acos(Math.max(-1, Math.min(1, (m[0] + m[4] + m[8] - 1) / 2)));
  const v = [m[7] - m[5], m[2] - m[6], m[3] - m[1]];
  const k = angle < 1e-8 ? 0.5 : angle / (2 * Math.sin(angle));
  return v.map((x) => x * k);
}

// ---- a skeleton and its channels as functions of time --------------------------------------
const AX = { X: 0, Y: 1, Z: 2 };
/** name, parent, offset (cm), channels, and the channel values (cm, degrees) at time t. */
const JOINTS = [
  {
    name: 'Pelvis',
    parent: -1,
    offset: [0, 0, 0],
    channels: ['Xposition', 'Yposition', 'Zposition', 'Zrotation', 'Xrotation', 'Yrotation'],
    at: (t) => [
      30 * Math.sin(0.7 * t),
      90 + 3 * Math.sin(4 * t),
      80 * t,
      10 * Math.sin(2 * t),
      5 * Math.cos(3 * t),
      40 * Math.sin(0.8 * t),
    ],
  },
  {
    name: 'Thigh',
    parent: 0,
    offset: [10, -5, 2],
    channels: ['Yrotation', 'Xrotation', 'Zrotation'],
    at: (t) => [20 * Math.sin(3 * t), -30 * Math.sin(5 * t), 8 * Math.cos(2 * t)],
  },
  {
    name: 'Shin',
    parent: 1,
    offset: [0, -40, 0],
    channels: ['Xposition', 'Yposition', 'Zposition', 'Xrotation', 'Zrotation', 'Yrotation'],
    at: (t) => [
      1 + Math.sin(t),
      -40 + 2 * Math.cos(2 * t),
      0.5 * Math.sin(3 * t),
      45 * (1 - Math.cos(5 * t)),
      3 * Math.sin(t),
      4 * Math.cos(t),
    ],
  },
  {
    name: 'Upper Back', // a name with a space
    parent: 0,
    offset: [0, 12, -1],
    channels: ['Zrotation', 'Yrotation', 'Xrotation'],
    at: (t) => [5 * Math.sin(2 * t), 15 * Math.sin(t), 10 * Math.cos(1.5 * t)],
  },
];

/** The BVH text of JOINTS at `rate` Hz over `frames` frames, `map` rewriting each joint's channels and values. */
function bvh(rate, frames, map = (j, names, values) => [names, values], offset = (v) => v) {
  const lines = ['HIERARCHY'];
  const write = (j, depth) => {
    const pad = '  '.repeat(depth);
    const J = JOINTS[j];
    // the root's brace on a line of its own, the others' on the JOINT line
    lines.push(`${pad}${j ? 'JOINT' : 'ROOT'} ${J.name}${j ? ' {' : ''}`);
    if (!j) lines.push('{');
    lines.push(`${pad}  OFFSET ${offset(J.offset).join(' ')}`);
    lines.push(`${pad}  CHANNELS ${J.channels.length} ${map(j, J.channels, J.channels)[0].join(' ')}`);
    const children = JOINTS.map((c, i) => [c, i]).filter(([c]) => c.parent === j);
    for (const [, i] of children) write(i, depth + 1);
    if (!children.length)
      lines.push(
        `${pad}  End Site`,
        `${pad}  {`,
        `${pad}    OFFSET ${offset([0, -40, 0]).join(' ')}`,
        `${pad}  }`,
      );
    lines.push(`${pad}}`);
  };
  write(0, 0);
  lines.push('MOTION', `Frames: ${frames}`, `Frame Time: ${1 / rate}`);
  for (let f = 0; f < frames; f++)
    lines.push(JOINTS.flatMap((J, j) => map(j, J.channels, J.at(f / rate))[1]).join(' '));
  return lines.join('\n') + '\n';
}

/** World rotation matrices and positions (m) of JOINTS at time t, from the channel functions. */
function oracle(t) {
  const rot = [],
    pos = [];
  JOINTS.forEach((J, j) => {
    const values = J.at(t);
    let R = I;
    const p = J.offset.slice();
    J.channels.forEach((ch, k) => {
      if (ch.endsWith('rotation')) R = mul(R, axisMatrix(AX[ch[0]], values[k]));
      else p[AX[ch[0]]] = values[k];
    });
    const local = p.map((x) => x * 0.01);
    if (J.parent < 0) {
      rot.push(R);
      pos.push(local);
    } else {
      rot.push(mul(rot[J.parent], R));
      const d = apply(rot[J.parent], local);
      pos.push(pos[J.parent].map((x, k) => x + d[k]));
    }
  });
  return { rot, pos };
}

/** World rotation matrices and positions of every bone of frame f of an imported clip. */
function worldOf(m, f) {
  const { parents } = m.skeleton;
  const B = parents.length,
    p = m.clip.poses,
    o = f * 13 * B;
  const rot = [],
    pos = [];
  for (let b = 0; b < B; b++) {
    const r = o + 6 * B + 4 * b;
    const R = quatMatrix(p[r], p[r + 1], p[r + 2], p[r + 3]);
    const local = [p[o + 3 * b], p[o + 3 * b + 1], p[o + 3 * b + 2]];
    if (parents[b] < 0) {
      rot.push(R);
      pos.push(local);
    } else {
      rot.push(mul(rot[parents[b]], R));
      const d = apply(rot[parents[b]], local);
      pos.push(pos[parents[b]].map((x, k) => x + d[k]));
    }
  }
  return { rot, pos };
}

const near = (a, b, tol, what) => {
  for (let k = 0; k < a.length; k++)
    assert.ok(Math.abs(a[k] - b[k]) <= tol, `${what}[${k}]: ${a[k]} vs ${b[k]} (tolerance ${tol})`);
};
const NO_SMOOTHING = { simulation: { positionWindow: 0, directionWindow: 0 } };

test('a hand-written BVH: every joint where forward kinematics of its Euler channels puts it, the root on the ground under the pelvis', () => {
  const m = parseBvh(bvh(60, 121), NO_SMOOTHING);
  assert.deepEqual(Array.from(m.skeleton.parents), [-1, 0, 1, 2, 1]);
  assert.deepEqual(m.skeleton.names, ['Simulation', 'Pelvis', 'Thigh', 'Shin', 'Upper Back']);
  assert.equal(m.frameRate, 60);
  assert.equal(m.clip.poses.length, 121 * 13 * 5);
  assert.equal(m.clip.loop, false);
  for (let f = 0; f < 121; f++) {
    const want = oracle(f / 60);
    const got = worldOf(m, f);
    for (let j = 0; j < JOINTS.length; j++) {
      near(got.pos[j + 1], want.pos[j], 2e-6, `frame ${f} ${JOINTS[j].name} position`);
      near(got.rot[j + 1], want.rot[j], 2e-6, `frame ${f} ${JOINTS[j].name} rotation`);
    }
    // the simulation bone: the pelvis projected on the ground, heading its +Z projected
    const fwd = apply(want.rot[0], [0, 0, 1]);
    const yaw = Math.atan2(fwd[0], fwd[2]);
    near(got.pos[0], [want.pos[0][0], 0, want.pos[0][2]], 2e-6, `frame ${f} simulation position`);
    near(got.rot[0], axisMatrix(1, (yaw * 180) / Math.PI), 2e-6, `frame ${f} simulation rotation`);
  }
});

test('velocities and angular velocities are the derivatives of the motion, within the truncation error of central differences', () => {
  const rate = 60;
  const m = parseBvh(bvh(rate, 121), NO_SMOOTHING);
  const B = 5,
    L = 13 * B,
    p = m.clip.poses;
  /** Local positions (parent frame) and rotation matrices of the imported bones at time t, by the oracle. */
  const local = (t) => {
    const { rot, pos } = oracle(t);
    const fwd = apply(rot[0], [0, 0, 1]);
    const S = axisMatrix(1, (Math.atan2(fwd[0], fwd[2]) * 180) / Math.PI);
    const wrot = [S, ...rot];
    const wpos = [[pos[0][0], 0, pos[0][2]], ...pos];
    const parents = [-1, 0, 1, 2, 1];
    return wrot.map((R, b) => {
      if (parents[b] < 0) return { p: wpos[b], R };
      const P = transpose(wrot[parents[b]]);
      return {
        p: apply(
          P,
          wpos[b].map((x, k) => x - wpos[parents[b]][k]),
        ),
        R: mul(P, R),
      };
    });
  };
  const h = 1e-4;
  let worstV = 0,
    worstW = 0;
  for (let f = 0; f < 121; f++) {
    const a = local(f / rate - h),
      b = local(f / rate + h);
    for (let k = 0; k < B; k++) {
      const v = [0, 1, 2].map((c) => (b[k].p[c] - a[k].p[c]) / (2 * h));
      // ω in the parent's frame: log(R(t+h)·R(t−h)ᵀ) / 2h
      const w = logMatrix(mul(b[k].R, transpose(a[k].R))).map((x) => x / (2 * h));
      for (let c = 0; c < 3; c++) {
        worstV = Math.max(worstV, Math.abs(p[f * L + 3 * B + 3 * k + c] - v[c]));
        worstW = Math.max(worstW, Math.abs(p[f * L + 10 * B + 3 * k + c] - w[c]));
      }
    }
  }
  // Central differences at h = 1/60 s err by h²/6·|x‴| inside the clip and by h²/3·|x‴| at its
  // ends. The channels are sines of up to 5 rad/s: |x‴| ≤ 0.78 rad·5³ ≈ 100 rad/s³ for the
  // shin's 45° swing (an angular error ≤ 0.005 rad/s inside, 0.01 at the ends) and ≤ 0.03 m·4³
  // ≈ 2 m/s³ for the pelvis's bob (≤ 0.0002 m/s inside, 0.0004 at the ends). A wrong frame, sign
  // or axis convention errs by the velocity itself, up to 4 rad/s.
  assert.ok(worstV < 0.0005, `linear velocities within ${worstV} m/s`);
  assert.ok(worstW < 0.012, `angular velocities within ${worstW} rad/s`);
  assert.ok(worstW > 0, 'the comparison ran');
});

test('poseVelocities: exact on a quadratic path and a steady rotation, at every frame including the ends', () => {
  const B = 2,
    L = 13 * B,
    rate = 30,
    F = 9;
  const poses = new Float32Array(F * L);
  const omega = [0.3, -1.2, 0.5]; // rad/s, about a fixed axis
  const speed = Math.hypot(...omega);
  for (let f = 0; f < F; f++) {
    const t = f / rate;
    for (let c = 0; c < 6; c++) poses[f * L + c] = 0.5 + c - 0.7 * t + (c - 2) * t * t;
    for (let b = 0; b < B; b++) {
      const half = (speed * t) / 2;
      const s = Math.sin(half) / speed;
      poses.set([omega[0] * s, omega[1] * s, omega[2] * s, Math.cos(half)], f * L + 6 * B + 4 * b);
    }
  }
  assert.equal(poseVelocities(poses, B, rate), poses);
  for (let f = 0; f < F; f++) {
    const t = f / rate;
    for (let c = 0; c < 6; c++)
      assert.ok(Math.abs(poses[f * L + 3 * B + c] - (-0.7 + 2 * (c - 2) * t)) < 2e-4, `v frame ${f}`);
    for (let b = 0; b < B; b++)
      near(poses.subarray(f * L + 10 * B + 3 * b, f * L + 10 * B + 3 * b + 3), omega, 1e-4, `ω frame ${f}`);
  }
  // two frames: a plain difference; one frame: zeros
  const two = poses.slice(0, 2 * L);
  poseVelocities(two, B, rate);
  assert.ok(Math.abs(two[3 * B] - (two[L] - two[0]) * rate) < 1e-4);
  const one = poses.slice(0, L);
  poseVelocities(one, B, rate);
  assert.ok(one.subarray(3 * B, 6 * B).every((x) => x === 0) && one.subarray(10 * B).every((x) => x === 0));
  assert.throws(
    () => poseVelocities(new Float32Array(L + 1), B, rate),
    /sprung\.poseVelocities: poses must hold whole frames of 13·bones = 26 floats, got 27/,
  );
  assert.throws(
    () => poseVelocities(poses, 0, rate),
    /sprung\.poseVelocities: bones must be an integer ≥ 1, got 0/,
  );
  assert.throws(
    () => poseVelocities(poses, B, NaN),
    /sprung\.poseVelocities: frameRate must be a finite number > 0, got NaN/,
  );
  assert.throws(
    () => poseVelocities([0], B, rate),
    /sprung\.poseVelocities: poses must be a Float32Array, got an array/,
  );
});

test('the simulation bone is smoothed by a local cubic: a cubic path comes through unchanged, and the heading stays level', () => {
  // the pelvis on a cubic path with a constant heading: Savitzky–Golay keeps cubics exactly
  const saved = JOINTS[0].at;
  JOINTS[0].at = (t) => [20 * t * t * t - 30 * t * t + 5 * t, 90, 60 * t - 10 * t * t * t, 0, 0, 25];
  try {
    // at 60 Hz the windows are fitted row by row; at 10 kHz (a window of 5,001 and 10,001 rows)
    // on rows made sparser and interpolated back, which keeps the cost linear in the frames
    for (const [rate, frames, every] of [
      [60, 100, 1],
      [10000, 16000, 97],
    ]) {
      const m = parseBvh(bvh(rate, frames));
      const yaw = (25 * Math.PI) / 180;
      for (let f = 0; f < frames; f += every) {
        const { pos } = oracle(f / rate);
        const got = worldOf(m, f);
        near(got.pos[0], [pos[0][0], 0, pos[0][2]], 1e-5, `${rate} Hz: frame ${f} simulation position`);
        near(
          got.rot[0],
          axisMatrix(1, (yaw * 180) / Math.PI),
          1e-5,
          `${rate} Hz: frame ${f} simulation rotation`,
        );
        // and the pelvis stays where it was in the world
        near(got.pos[1], pos[0], 1e-5, `${rate} Hz: frame ${f} pelvis`);
      }
    }
  } finally {
    JOINTS[0].at = saved;
  }
  // with a turning pelvis the heading is a pure yaw and the root stays on the ground
  const m = parseBvh(bvh(60, 121));
  const B = 5,
    p = m.clip.poses;
  for (let f = 0; f < 121; f++) {
    const o = f * 13 * B;
    assert.equal(p[o + 1], 0);
    assert.equal(p[o + 6 * B], 0);
    assert.equal(p[o + 6 * B + 2], 0);
  }
});

test('resampling, frame ranges and a Z-up file', () => {
  const full = parseBvh(bvh(60, 121), NO_SMOOTHING);
  // every other frame at 30 Hz
  const half = parseBvh(bvh(60, 121), { ...NO_SMOOTHING, frameRate: 30 });
  assert.equal(half.frameRate, 30);
  assert.equal(half.clip.poses.length, 61 * 13 * 5);
  for (let f = 0; f < 61; f++)
    near(worldOf(half, f).pos.flat(), worldOf(full, 2 * f).pos.flat(), 1e-6, `30 Hz frame ${f}`);
  // 45 Hz: between frames, within linear interpolation's error (h²/8·|x''| at 1/60 s, about 1 mm here)
  const odd = parseBvh(bvh(60, 121), { ...NO_SMOOTHING, frameRate: 45 });
  assert.equal(odd.clip.poses.length, 91 * 13 * 5);
  for (let f = 0; f < 91; f++)
    near(worldOf(odd, f).pos.slice(1).flat(), oracle(f / 45).pos.flat(), 2e-3, `45 Hz frame ${f}`);
  // a frame range: the frames of the file from `start`
  const part = parseBvh(bvh(60, 121), { ...NO_SMOOTHING, start: 20, end: 50 });
  assert.equal(part.clip.poses.length, 30 * 13 * 5);
  for (let f = 0; f < 30; f++)
    near(worldOf(part, f).pos.flat(), worldOf(full, f + 20).pos.flat(), 1e-6, `range frame ${f}`);

  // The same motion in Z-up axes: (x, y, z) → (x, −z, y); about Y becomes about Z, about Z
  // becomes about −Y; the character faces −Y.
  const swap = { X: ['X', 1], Y: ['Z', 1], Z: ['Y', -1] };
  const zUp = bvh(
    60,
    121,
    (j, names, values) => [
      names.map((n) => swap[n[0]][0] + n.slice(1)),
      values.map((v, k) => v * swap[names[k][0]][1]),
    ],
    ([x, y, z]) => [x, -z, y],
  );
  const z = parseBvh(zUp, { ...NO_SMOOTHING, up: 'z' });
  for (let f = 0; f < 121; f++) {
    near(worldOf(z, f).pos.flat(), worldOf(full, f).pos.flat(), 1e-5, `Z-up frame ${f}`);
    near(worldOf(z, f).rot.flat(), worldOf(full, f).rot.flat(), 1e-5, `Z-up frame ${f}`);
  }
});

test('malformed and truncated files: a SyntaxError naming the line; bad options: an error naming the option', () => {
  const good = bvh(60, 10);
  const lines = good.split('\n');
  const at = (word) => lines.findIndex((l) => l.includes(word)) + 1;
  const bad = (text, re) =>
    assert.throws(
      () => parseBvh(text),
      (e) => e instanceof SyntaxError && re.test(e.message),
      re.source,
    );
  const edit = (line, text) => lines.map((l, i) => (i === line - 1 ? text : l)).join('\n');
  // truncated: in the hierarchy, before the frames, in the frames
  bad(
    lines.slice(0, at('Shin') + 1).join('\n'),
    /^sprung\.parseBvh: line \d+: expected [^,]+, but the hierarchy ends here \(truncated\?\)$/,
  );
  bad(
    lines.slice(0, at('Frames:')).join('\n'),
    /^sprung\.parseBvh: line \d+: expected "Frame Time: <seconds>", but the file ends here \(truncated\?\)$/,
  );
  bad(
    lines.slice(0, at('Frame Time') + 6).join('\n'),
    new RegExp(
      `^sprung\\.parseBvh: line ${at('Frame Time') + 6}: the file ends after 6 of its 10 frames \\(truncated\\?\\)$`,
    ),
  );
  bad(
    lines.slice(0, at('MOTION') - 1).join('\n'),
    new RegExp(
      `^sprung\\.parseBvh: line ${at('MOTION') - 1}: the file ends before MOTION \\(truncated\\?\\)$`,
    ),
  );
  // a frame cut short, a word that is no number, a frame too many
  const frame = at('Frame Time') + 3;
  bad(
    edit(frame, lines[frame - 1].split(' ').slice(0, 10).join(' ')),
    new RegExp(`^sprung\\.parseBvh: line ${frame}: frame 2 has 10 numbers, expected 18$`),
  );
  bad(
    edit(frame, lines[frame - 1].replace(/^\S+/, '1.2.3')),
    new RegExp(`^sprung\\.parseBvh: line ${frame}: expected a number, got "1\\.2\\.3"$`),
  );
  bad(
    good + lines[frame - 1] + '\n',
    new RegExp(`^sprung\\.parseBvh: line ${lines.length}: more frames than the 10 of the Frames line$`),
  );
  // the hierarchy: a missing OFFSET, a bad channel, a stray word, no HIERARCHY
  bad(
    edit(at('OFFSET 10'), ''),
    new RegExp(`^sprung\\.parseBvh: line ${at('OFFSET 10') + 1}: expected OFFSET, got "CHANNELS"$`),
  );
  bad(
    good.replace('Yrotation Xrotation Zrotation', 'Yrotation Wrotation Zrotation'),
    new RegExp(
      `^sprung\\.parseBvh: line ${at('Yrotation Xrotation Zrotation')}: expected a channel \\(Xposition … Zrotation\\), got "Wrotation"$`,
    ),
  );
  bad(
    good.replace('JOINT Thigh', 'BONE Thigh'),
    new RegExp(`^sprung\\.parseBvh: line ${at('JOINT Thigh')}: expected JOINT, End Site or }, got "BONE"$`),
  );
  bad(
    good.replace('HIERARCHY', 'HIERARCH'),
    /^sprung\.parseBvh: line 1: expected HIERARCHY, got "HIERARCH"$/,
  );
  bad(
    good.replace('Frames: 10', 'Frames: ten'),
    new RegExp(`^sprung\\.parseBvh: line ${at('Frames:')}: expected "Frames: <count>", got "Frames: ten"$`),
  );
  bad(
    good.replace('CHANNELS 3 Yrotation', 'CHANNELS 7 Yrotation'),
    new RegExp(`^sprung\\.parseBvh: line ${at('CHANNELS 3 Yrotation')}: a joint has 0 to 6 channels, got 7$`),
  );
  bad('', /^sprung\.parseBvh: line 1: expected HIERARCHY, but the hierarchy ends here \(truncated\?\)$/);
  bad(
    good.replace('Frames: 10', 'Frames: 0'),
    new RegExp(`^sprung\\.parseBvh: line ${at('Frame Time')}: the file has no frames$`),
  );
  for (const word of ['NaN', 'Infinity', '1e999'])
    bad(
      edit(frame, lines[frame - 1].replace(/^\S+/, word)),
      new RegExp(`^sprung\\.parseBvh: line ${frame}: expected a number, got "${word}"$`),
    );
  // Windows line ends and tabs read the same; a single frame has zero velocities
  const same = parseBvh(good.replace(/\n/g, '\r\n').replace(/ /g, '\t'));
  assert.deepEqual(same.clip.poses, parseBvh(good).clip.poses);
  const one = parseBvh(
    good
      .replace('Frames: 10', 'Frames: 1')
      .split('\n')
      .slice(0, at('Frame Time') + 1)
      .join('\n'),
  );
  assert.equal(one.clip.poses.length, 13 * 5);
  assert.ok(
    one.clip.poses.subarray(15, 30).every((x) => x === 0) &&
      one.clip.poses.subarray(50).every((x) => x === 0),
  );
  // options
  assert.throws(
    () => parseBvh(good, { scale: 0 }),
    /^RangeError: sprung\.parseBvh: options\.scale must be a finite number > 0, got 0$/,
  );
  assert.throws(
    () => parseBvh(good, { frameRate: -1 }),
    /^RangeError: sprung\.parseBvh: options\.frameRate must be a finite number > 0, got -1$/,
  );
  assert.throws(
    () => parseBvh(good, { up: 'x' }),
    /^TypeError: sprung\.parseBvh: options\.up must be 'y' or 'z', got "x"$/,
  );
  assert.throws(
    () => parseBvh(good, { start: 10 }),
    /^RangeError: sprung\.parseBvh: options\.start must be an integer in \[0, 9\] \(the file has 10 frames\), got 10$/,
  );
  assert.throws(
    () => parseBvh(good, { start: 4, end: 4 }),
    /^RangeError: sprung\.parseBvh: options\.end must be an integer in \[5, 10\], got 4$/,
  );
  assert.throws(
    () => parseBvh(good, { simulation: { position: 'Chest' } }),
    /^RangeError: sprung\.parseBvh: options\.simulation\.position must name a bone \(Pelvis, Thigh, Shin, Upper Back\), got "Chest"$/,
  );
  assert.throws(
    () => parseBvh(good, { simulation: { forward: [0, 0, 0] } }),
    /options\.simulation\.forward must be 3 finite numbers, not all 0, got an array/,
  );
  assert.throws(
    () => parseBvh(good, { simulation: { directionWindow: -1 } }),
    /options\.simulation\.directionWindow must be a finite number ≥ 0 \(seconds\), got -1/,
  );
  assert.throws(() => parseBvh(42), /^TypeError: sprung\.parseBvh: text must be a string, got 42$/);
});

// ---- the CMU files (build.sh fetches them into build/data/cmu/) ------------------------------
const CMU = new URL('../../build/data/cmu/', import.meta.url);
const SCALE = 0.056444; // CMU's BVH conversion: 1/0.45 inch
const cmu = (name) => {
  const file = new URL(name, CMU);
  assert.ok(
    existsSync(file),
    `${file.pathname} is missing: ./build.sh build fetches it (apt-get download assimp-testmodels)`,
  );
  return readFileSync(file, 'utf8');
};

test('hostile files: every count bounded before anything is allocated, every error naming the line or option', () => {
  const rateOf = (text, rate) => text.replace(/Frame Time: .*/, `Frame Time: ${rate}`);
  const quick = (f) => {
    const t0 = performance.now();
    f();
    return performance.now() - t0;
  };
  // an 11-frame file one frame every 50 s, resampled to 60 Hz: 30,001 frames, allowed by default;
  // a game parsing a mod lowers the bound, and the file is refused before resampling
  const slow = rateOf(bvh(60, 11), 50);
  assert.equal(parseBvh(slow, { frameRate: 60 }).clip.poses.length / (13 * 5), 30001);
  assert.throws(
    () => parseBvh(slow, { frameRate: 60, maxFrames: 1000 }),
    (e) =>
      e instanceof RangeError &&
      /^sprung\.parseBvh: 11 frames at 0\.02 Hz \(line \d+: Frame Time 50\) resampled to 60 Hz \(options\.frameRate\) make 30001 frames, more than options\.maxFrames \(1000\)$/.test(
        e.message,
      ),
  );
  // a 2-frame file at 1 MHz or 1 GHz: refused at once (it took 122 s, and 7 GB before it was stopped)
  for (const frameRate of [1e6, 1e9])
    assert.ok(
      quick(() =>
        assert.throws(
          () => parseBvh(rateOf(bvh(60, 2), 50), { frameRate }),
          /more than options\.maxFrames \(100000\)$/,
        ),
      ) < 1000,
    );
  // a Frame Time of 100 s or more is a rate below 1 Hz, not 0 Hz, and no option is blamed
  assert.equal(parseBvh(rateOf(bvh(60, 11), 200)).frameRate, 0.005); // it was rounded to 0 Hz
  assert.throws(
    () => parseBvh(rateOf(bvh(60, 11), 1000), { frameRate: 60 }),
    /^RangeError: sprung\.parseBvh: 11 frames at 0\.001 Hz .* make 600001 frames, more than options\.maxFrames/,
  );
  // a 300-byte file claiming 2e7 frames: a SyntaxError, not the engine's allocation failure
  const claims = bvh(60, 1).replace(/Frames: 1/, 'Frames: 20000000');
  assert.throws(
    () => parseBvh(claims),
    (e) =>
      e instanceof SyntaxError &&
      /the file ends after 1 of its 20000000 frames \(truncated\?\)$/.test(e.message),
  );
  assert.throws(
    () => parseBvh(bvh(60, 3), { maxFrames: 0 }),
    /options\.maxFrames must be an integer in \[1, /,
  );
  // values beyond float range name the file's line (and the scale, the rate), not data.clips[i].poses[k]
  const good = bvh(60, 10),
    lines = good.split('\n'),
    frame3 = lines.findIndex((l) => l.startsWith('Frame Time')) + 4;
  const huge = lines.map((l, i) => (i === frame3 - 1 ? l.replace(/^\S+/, '1e300') : l)).join('\n');
  assert.throws(
    () => parseBvh(huge),
    (e) =>
      e instanceof RangeError &&
      new RegExp(
        `^sprung\\.parseBvh: line ${frame3} \\(frame 2: "Pelvis"'s position\\): 1e\\+300 is beyond float range at options\\.scale 0\\.01$`,
      ).test(e.message),
  );
  assert.throws(
    () => parseBvh(good, { scale: 1e300 }),
    /^RangeError: sprung\.parseBvh: line \d+ \(OFFSET\): \S+ is beyond float range at options\.scale 1e\+300$/,
  );
  assert.throws(
    () => parseBvh(rateOf(good, 1e-300)),
    /^RangeError: sprung\.parseBvh: line \d+ \(frame \d\): the (angular )?velocity of .*Frame Time 1e-300 s/,
  );
  // 10,000 joints nested one in another (a 10,000-bone chain): read without recursion
  const depth = 10000,
    deep = ['HIERARCHY'];
  for (let j = 0; j < depth; j++)
    deep.push(
      `${j ? 'JOINT' : 'ROOT'} j${j}`,
      '{',
      `OFFSET 0 ${j ? 1 : 0} 0`,
      j ? 'CHANNELS 1 Zrotation' : 'CHANNELS 4 Xposition Yposition Zposition Zrotation',
    );
  deep.push(...Array(depth).fill('}'), 'MOTION', 'Frames: 1', 'Frame Time: 0.0333333');
  deep.push(['0 90 0', ...Array(depth).fill('1')].join(' '));
  const chain = parseBvh(deep.join('\n'));
  assert.equal(chain.skeleton.parents.length, depth + 1);
  assert.ok(chain.skeleton.parents.every((p, i) => p === i - 1));
  assert.ok(chain.clip.poses.every(Number.isFinite));
});

test('CMU 01_01 and 01_03: frame and bone counts, a body of human size on the ground, human speeds, no NaN', () => {
  for (const [name, frames] of [
    ['01_01.bvh', 2752],
    ['01_03.bvh', 4511],
  ]) {
    const text = cmu(name);
    // frame 0 is a reference T-pose; 120 Hz, resampled to 60 Hz: every other frame
    const m = parseBvh(text, { scale: SCALE, start: 1, frameRate: 60, name });
    const B = m.skeleton.parents.length;
    assert.equal(B, 32, `${name}: 31 joints and the simulation bone`);
    const F = m.clip.poses.length / (13 * B);
    assert.equal(F, Math.floor((frames - 2) / 2) + 1, `${name}: frames at 60 Hz`);
    assert.ok(m.clip.poses.every(Number.isFinite), `${name}: every number finite`);
    const names = m.skeleton.names;
    const bone = (n) => names.indexOf(n);
    let lowest = Infinity,
      fastest = 0;
    for (let f = 0; f < F; f++) {
      const o = f * 13 * B;
      assert.equal(m.clip.poses[o + 1], 0, 'the root on the ground');
      fastest = Math.max(fastest, Math.hypot(m.clip.poses[o + 3 * B], m.clip.poses[o + 3 * B + 2]));
      const { pos } = worldOf(m, f);
      lowest = Math.min(lowest, pos[bone('LeftToeBase')][1], pos[bone('RightToeBase')][1]);
      if (f === 0) {
        // standing: the head joint (at the top of the neck) 1.3–1.6 m up, the hips 0.85–1.1 m
        assert.ok(
          pos[bone('Head')][1] > 1.3 && pos[bone('Head')][1] < 1.6,
          `${name}: head at ${pos[bone('Head')][1]} m`,
        );
        assert.ok(
          pos[bone('Hips')][1] > 0.85 && pos[bone('Hips')][1] < 1.1,
          `${name}: hips at ${pos[bone('Hips')][1]} m`,
        );
        // the hips above the root, within a step of it
        assert.ok(Math.hypot(pos[bone('Hips')][0] - pos[0][0], pos[bone('Hips')][2] - pos[0][2]) < 0.3);
      }
    }
    // the toe joints come down to 2–6 cm above the floor; the root moves at walking speeds
    assert.ok(lowest > 0.02 && lowest < 0.06, `${name}: lowest toe at ${lowest} m`);
    assert.ok(fastest > 0.5 && fastest < 3, `${name}: root speed up to ${fastest} m/s`);
  }
});

test('CMU 01_01 read by parseBvh and by three.js BVHLoader: the same joints in the world, frame by frame', () => {
  const text = cmu('01_01.bvh');
  const m = parseBvh(text, { scale: SCALE });
  const { skeleton, clip } = new BVHLoader().parse(text);
  const root = skeleton.bones[0];
  const scene = new THREE.Object3D();
  scene.add(root);
  const mixer = new THREE.AnimationMixer(scene);
  const action = mixer.clipAction(clip).setLoop(THREE.LoopOnce, 1).play();
  action.clampWhenFinished = true; // the last frame, not the first again
  const joints = skeleton.bones.filter((b) => b.name !== 'ENDSITE');
  assert.deepEqual(
    joints.map((b) => b.name),
    m.skeleton.names.slice(1),
  );
  const world = new THREE.Vector3();
  let worst = 0;
  const times = clip.tracks[0].times; // the file's frame times (0.0083333 s apart)
  for (let f = 0; f < 2752; f += 7) {
    mixer.setTime(times[f]);
    scene.updateMatrixWorld(true);
    const { pos } = worldOf(m, f);
    joints.forEach((b, j) => {
      b.getWorldPosition(world);
      for (const [k, v] of [world.x, world.y, world.z].entries())
        worst = Math.max(worst, Math.abs(pos[j + 1][k] - v * SCALE));
    });
  }
  // float32 poses of a body about 1 m from its root: within a few float32 ulps of 1 m
  assert.ok(worst < 1e-6, `within ${worst} m`);
});
