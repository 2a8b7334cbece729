// dance_card.test.mjs — the procedural locomotion database of the playground
// (web/playground/motion/), measured from its poses with forward kinematics and yaw written
// here: its size and shape, every scripted segment there and doing what the script says
// (speed, turn rate, direction of travel, radius, angle turned, measured on the root), planted
// feet that stay planted, every channel continuous from frame to frame, tags that match the
// segments, contacts on the ground, and the mirror map.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serialize } from 'node:v8';
import { danceCard } from '../../web/playground/motion/dance_card.js';
import { danceCardFile, keepDanceCard, readDanceCard } from './dance_card_cache.mjs';

const db = danceCard();
const { parents, names } = db.skeleton;
const B = parents.length;
const L = 13 * B;
const RATE = db.frameRate;
const bone = (n) => names.indexOf(n);

// ---- measuring the poses -------------------------------------------------------------------
const qmul = ([ax, ay, az, aw], [bx, by, bz, bw]) => [
  aw * bx + ax * bw + ay * bz - az * by,
  aw * by - ax * bz + ay * bw + az * bx,
  aw * bz + ax * by - ay * bx + az * bw,
  aw * bw - ax * bx - ay * by - az * bz,
];
const qrot = (q, [x, y, z]) => qmul(qmul(q, [x, y, z, 0]), [-q[0], -q[1], -q[2], q[3]]).slice(0, 3);
/** World positions and rotations of frame f of `poses`. */
function fk(poses, f) {
  const pos = [],
    rot = [];
  for (let b = 0; b < B; b++) {
    const p = Array.from(poses.subarray(f * L + 3 * b, f * L + 3 * b + 3));
    const q = Array.from(poses.subarray(f * L + 6 * B + 4 * b, f * L + 6 * B + 4 * b + 4));
    if (parents[b] < 0) {
      pos.push(p);
      rot.push(q);
      continue;
    }
    rot.push(qmul(rot[parents[b]], q));
    const d = qrot(rot[parents[b]], p);
    pos.push(pos[parents[b]].map((x, k) => x + d[k]));
  }
  return { pos, rot };
}
/** The root's heading (rad, +Z is 0, turning toward +X positive) at frame f, unwrapped along the clip. */
function headings(poses, frames) {
  const yaw = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    const q = poses.subarray(f * L + 6 * B, f * L + 6 * B + 4);
    assert.ok(Math.abs(q[0]) < 1e-6 && Math.abs(q[2]) < 1e-6, 'the root turns about +Y only');
    const a = 2 * Math.atan2(q[1], q[3]);
    yaw[f] = f ? yaw[f - 1] + Math.atan2(Math.sin(a - yaw[f - 1]), Math.cos(a - yaw[f - 1])) : a;
  }
  return yaw;
}
const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));

test('the dance card the other tests read from build/test-cache/ is the one made here', () => {
  // (compared as v8 serializes them, to the bit: assert.deepEqual would spend minutes on the
  // message of 46 MB that differ)
  const made = serialize(db);
  const same = (card) => serialize(card).equals(made);
  const cached = readDanceCard();
  if (cached) assert.ok(same(cached), `${danceCardFile().pathname} is not the dance card made here`);
  else keepDanceCard(db);
  assert.ok(same(readDanceCard()), 'the dance card reads back from build/test-cache/ as it was kept');
});

test('more than ten minutes at 60 Hz, in the shape a motion database takes', () => {
  assert.equal(RATE, 60);
  assert.equal(B, 23);
  assert.equal(parents[0], -1);
  for (let b = 1; b < B; b++) assert.ok(parents[b] >= 0 && parents[b] < b, `parent of ${names[b]}`);
  let frames = 0;
  for (const clip of db.clips) {
    const F = clip.tags.length;
    assert.equal(clip.poses.length, F * L, clip.name);
    assert.equal(clip.contacts.length, 2 * F);
    assert.equal(clip.loop, false);
    assert.ok(clip.poses.every(Number.isFinite), `${clip.name}: every number finite`);
    frames += F;
  }
  assert.deepEqual(
    db.clips.map((c) => c.name),
    ['walk', 'run', 'strafe', 'mixed'],
  );
  assert.ok(frames >= 36000 && frames / RATE >= 600, `${frames} frames, ${frames / RATE} s`);
});

test('every scripted segment is there, doing what the script says, measured on the root', () => {
  let checked = 0;
  for (const clip of db.clips) {
    const F = clip.tags.length;
    const p = clip.poses;
    const yaw = headings(p, F);
    const segments = db.segments.filter((s) => s.clip === clip.name);
    assert.equal(segments[0].start, 0);
    assert.equal(segments.at(-1).end, F);
    segments.forEach((s, i) => {
      if (i) assert.equal(s.start, segments[i - 1].end, 'segments tile the clip');
      // the steady part: clear of the blends into and out of the segment
      const from = s.start + Math.ceil((s.blend * RATE) / 2) + 1;
      const to = s.end - Math.ceil(((segments[i + 1]?.blend ?? 0) * RATE) / 2) - 1;
      assert.ok(to - from > 10, `${s.label}: a steady part`);
      for (let f = Math.max(1, from); f < Math.min(F - 1, to); f++) {
        const dx = ((p[(f + 1) * L] - p[(f - 1) * L]) * RATE) / 2;
        const dz = ((p[(f + 1) * L + 2] - p[(f - 1) * L + 2]) * RATE) / 2;
        const speed = Math.hypot(dx, dz);
        const turn = ((yaw[f + 1] - yaw[f - 1]) * RATE) / 2;
        // a chord for an arc: speed·(1 − (ω/60)²/6), within 1e-4 of it here
        assert.ok(Math.abs(speed - s.speed) < 2e-3, `${clip.name} ${s.label} frame ${f}: speed ${speed}`);
        assert.ok(
          Math.abs(turn - s.turn) < 2e-3,
          `${clip.name} ${s.label} frame ${f}: turning at ${turn} rad/s`,
        );
        if (s.speed > 0) {
          const travel = Math.atan2(dx, dz) - yaw[f];
          assert.ok(
            Math.abs(wrap(travel - s.dir)) < 2e-3,
            `${clip.name} ${s.label} frame ${f}: travels at ${travel} rad`,
          );
        }
        if (s.radius)
          assert.ok(Math.abs(speed / Math.abs(turn) - s.radius) < 2e-3 * s.radius, `${s.label}: radius`);
        checked++;
      }
      // a turn turns the heading by its angle, from the steady part before it to the one after
      const prev = segments[i - 1];
      const next = segments[i + 1];
      if (s.angle !== undefined && prev?.turn === 0 && next?.turn === 0) {
        const before = yaw[(prev.start + prev.end) >> 1];
        const after = yaw[(next.start + next.end) >> 1];
        assert.ok(
          Math.abs(after - before - s.angle) < 1e-3,
          `${clip.name} ${s.label}: turned ${after - before} rad`,
        );
      }
    });
  }
  assert.ok(checked > 20000, `${checked} frames checked`);

  // what the script must hold
  const has = (pred, what) => assert.ok(db.segments.some(pred), what);
  const deg = (s) => Math.round((s.angle * 180) / Math.PI);
  for (const gait of ['walk', 'run']) {
    has((s) => s.gait === gait && s.kind === 'line', `${gait}: a straight line`);
    const radii = new Set(
      db.segments.filter((s) => s.gait === gait && s.kind === 'circle').map((s) => s.radius),
    );
    assert.ok(radii.size >= 3, `${gait}: circles of ${[...radii]} m`);
    for (const angle of [90, -90, 180, -180])
      has((s) => s.gait === gait && s.kind === 'turn' && deg(s) === angle, `${gait}: a ${angle}° turn`);
  }
  for (const dir of [90, -90, 45, -45, 135, -135, 180])
    has(
      (s) => s.gait === 'strafe' && s.kind === 'line' && Math.round((s.dir * 180) / Math.PI) === dir,
      `a strafe at ${dir}°`,
    );
  has((s) => s.gait === 'strafe' && s.kind === 'circle', 'a strafe around a circle');
  for (const angle of [90, -90, 180, -180])
    has((s) => s.kind === 'pivot' && deg(s) === angle, `a ${angle}° turn on the spot`);
  // starts and stops: each gait out of standing and into it
  for (const gait of ['walk', 'run', 'strafe']) {
    const after = (a, b) =>
      db.segments.some(
        (s, i) => i && s.clip === db.segments[i - 1].clip && db.segments[i - 1].gait === a && s.gait === b,
      );
    assert.ok(after('stand', gait), `a ${gait} starts from standing`);
    assert.ok(after(gait, 'stand'), `a ${gait} stops`);
  }
});

test('planted feet stay planted: the contact point moves less than a millimetre a frame, 4 mm a step', () => {
  const feet = [
    [bone('LeftFoot'), bone('LeftToe')],
    [bone('RightFoot'), bone('RightToe')],
  ];
  let worstFrame = 0,
    worstStance = 0,
    worstGround = 0,
    stances = 0;
  for (const clip of db.clips) {
    const F = clip.tags.length;
    const slid = [0, 0];
    let last = null;
    for (let f = 0; f < F; f++) {
      const { pos, rot } = fk(clip.poses, f);
      // the foot touches the ground at its heel (7 cm below and 5 cm behind the ankle) or at
      // its toe joint (3 cm above the ground when the toes are flat)
      const points = feet.map(([foot, toe]) => {
        const h = qrot(rot[foot], [0, -0.07, -0.05]);
        return [pos[foot].map((x, k) => x + h[k]), pos[toe].map((x, k) => x - (k === 1 ? 0.03 : 0))];
      });
      for (let i = 0; i < 2; i++) {
        const down = clip.contacts[2 * f + i];
        const [heel, toe] = points[i];
        const at = heel[1] < toe[1] ? 0 : 1;
        if (down) worstGround = Math.max(worstGround, points[i][at][1]);
        if (down && last && clip.contacts[2 * (f - 1) + i]) {
          const d = Math.hypot(points[i][at][0] - last[i][at][0], points[i][at][2] - last[i][at][2]);
          worstFrame = Math.max(worstFrame, d);
          slid[i] += d;
        } else if (!down && slid[i] > 0) {
          worstStance = Math.max(worstStance, slid[i]);
          slid[i] = 0;
          stances++;
        }
      }
      last = points;
    }
  }
  // Measured: 0.61 mm in a frame, 2.4 mm over a stance, the contact point within 4.5 mm of the
  // ground. The foot rolls over its heel and toes through rounded corners (clips.js's softPlus,
  // 0.05 rad wide), so its contact point shifts a little as the roll passes through flat, and a
  // step of less than a millimetre (the last of a stop) is taken as none: the foot stays down and
  // slides by it. A foot left behind by the body would slide by its whole step, tens of cm.
  assert.ok(stances > 1000, `${stances} stances`);
  assert.ok(worstFrame < 0.001, `a contact point moved ${worstFrame} m in a frame`);
  assert.ok(worstStance < 0.004, `a contact point moved ${worstStance} m over a stance`);
  assert.ok(worstGround < 0.006, `a foot in contact ${worstGround} m above the ground`);
});

test('every channel is continuous from frame to frame, within what the body does', () => {
  // the largest change per frame (× 60: per second) measured over the card, with about 25 %
  // to spare: local speed (m/s), the rotation's angular speed and the change of the velocity
  // (m/s²) and angular velocity (rad/s²). A running knee turns at up to 23 rad/s (people reach
  // about 20), the root runs at 3.8 m/s and accelerates at 7 m/s² at most.
  const LIMITS = {
    Root: [4.8, 1.7, 9, 9],
    Hips: [0.9, 2.5, 18, 28],
    arms: [0, 8, 0, 80],
    legs: [0, 29, 0, 1200],
    body: [0, 1, 0, 10],
  };
  const group = (n) =>
    n === 'Root' || n === 'Hips'
      ? n
      : /Arm|Hand|Shoulder/.test(n)
        ? 'arms'
        : /Leg|Foot|Toe/.test(n)
          ? 'legs'
          : 'body';
  for (const clip of db.clips) {
    const F = clip.tags.length;
    const p = clip.poses;
    for (let f = 1; f < F; f++)
      for (let b = 0; b < B; b++) {
        const [speed, spin, acceleration, angular] = LIMITS[group(names[b])];
        const change = (o, n) => {
          let s = 0;
          for (let k = 0; k < n; k++) s += (p[f * L + o + k] - p[(f - 1) * L + o + k]) ** 2;
          return Math.sqrt(s) * RATE;
        };
        const where = `${clip.name} frame ${f} ${names[b]}`;
        const dp = change(3 * b, 3);
        if (speed === 0) assert.equal(dp, 0, `${where}: a bone's offset never changes`);
        else assert.ok(dp <= speed, `${where}: moves at ${dp} m/s`);
        let dot = 0;
        for (let k = 0; k < 4; k++) dot += p[f * L + 6 * B + 4 * b + k] * p[(f - 1) * L + 6 * B + 4 * b + k];
        // on the same side as the last frame's (no sign flip), and turning no faster than the limit
        assert.ok(dot > 0, `${where}: the rotation flips sign`);
        assert.ok(
          2 * Math.acos(Math.min(1, dot)) * RATE <= spin + 0.05,
          `${where}: turns at ${2 * Math.acos(Math.min(1, dot)) * RATE} rad/s`,
        );
        assert.ok(
          change(3 * B + 3 * b, 3) <= acceleration,
          `${where}: velocity changes at ${change(3 * B + 3 * b, 3)} m/s²`,
        );
        assert.ok(
          change(10 * B + 3 * b, 3) <= angular,
          `${where}: angular velocity changes at ${change(10 * B + 3 * b, 3)} rad/s²`,
        );
      }
  }
});

test('tags follow the segments; standing feet are down; the mirror map pairs left and right', () => {
  const { stand, walk, run, strafe } = db.tags;
  const want = { stand, turn: stand, walk, run, strafe: walk | strafe };
  for (const s of db.segments) {
    const clip = db.clips.find((c) => c.name === s.clip);
    for (let f = s.start; f < s.end; f++)
      assert.equal(clip.tags[f], want[s.gait], `${s.clip} ${s.label} frame ${f}`);
    // standing still, clear of the blends by a step (1.1 s: a foot leaves the ground ahead of
    // the start that it steps into), both feet on the ground
    if (s.gait === 'stand') {
      const next = db.segments.find((n) => n.clip === s.clip && n.start === s.end);
      const from = s.start + Math.ceil((s.blend / 2 + 1.1) * RATE);
      const to = s.end - Math.ceil(((next?.blend ?? 0) / 2 + 1.1) * RATE);
      for (let f = from; f < to; f++)
        assert.ok(
          clip.contacts[2 * f] && clip.contacts[2 * f + 1],
          `${s.clip} frame ${f}: standing on both feet`,
        );
    }
  }
  for (const clip of db.clips)
    for (const t of clip.tags)
      assert.equal([stand, walk, run].filter((g) => t & g).length, 1, 'one gait a frame');

  const { mirror } = db;
  assert.equal(mirror.length, B);
  const first = db.clips[0].poses;
  for (let b = 0; b < B; b++) {
    const m = mirror[b];
    assert.equal(mirror[m], b, 'an involution');
    const side = names[b].match(/^(Left|Right)(.*)$/);
    assert.equal(
      names[m],
      side ? (side[1] === 'Left' ? 'Right' : 'Left') + side[2] : names[b],
      `${names[b]} ↔ ${names[m]}`,
    );
    assert.equal(
      parents[m],
      parents[b] < 0 ? -1 : mirror[parents[b]],
      `${names[b]}: the parent of its mirror`,
    );
    // the rest skeleton is symmetric: a bone's offset is its mirror's, across x = 0
    if (b > 1) {
      const [x, y, z] = first.subarray(3 * b, 3 * b + 3);
      assert.ok(
        first[3 * m] === -x && first[3 * m + 1] === y && first[3 * m + 2] === z,
        `${names[b]}: offset mirrored`,
      );
    }
  }
});
