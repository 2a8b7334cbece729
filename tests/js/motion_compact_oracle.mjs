// motion_compact_oracle.mjs — the oracles of the compact database's aims, shared by
// tests/js/motion_compact.test.mjs and tests/bench/motion_compact.mjs, sharing no code with
// sprung: forward kinematics in doubles (world positions and rotations of every bone), the angle
// between two rotations, a search's cost by brute force over a database's normalised features,
// and the comparison of 1,000 searches of two databases. They read the databases through their
// public accessors only.
import { random } from './motion_fixtures.mjs';

/** a·b of quaternions [x, y, z, w]. */
const qmul = (a, b) => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const conj = (q) => [-q[0], -q[1], -q[2], q[3]];
/** v rotated by q (q·v·q⁻¹, q of any length: divided by its squared length). */
function rotate(q, v) {
  const r = qmul(qmul(q, [v[0], v[1], v[2], 0]), conj(q));
  const n = q[0] ** 2 + q[1] ** 2 + q[2] ** 2 + q[3] ** 2;
  return [r[0] / n, r[1] / n, r[2] / n];
}
/** The angle between the rotations of a and b (either sign, any length), radians. */
function angle(a, b) {
  const d = qmul(conj(a), b);
  return 2 * Math.atan2(Math.hypot(d[0], d[1], d[2]), Math.abs(d[3]));
}
/** Every bone's world position and rotation in pose `pose` (pose layout: position at 3b, rotation at 6·bones + 4b). */
function world(pose, parents) {
  const n = parents.length,
    P = [],
    R = [];
  for (let b = 0; b < n; b++) {
    const p = [pose[3 * b], pose[3 * b + 1], pose[3 * b + 2]],
      q = Array.from(pose.subarray(6 * n + 4 * b, 6 * n + 4 * b + 4));
    if (parents[b] < 0) {
      P.push(p);
      R.push(q);
    } else {
      const o = rotate(R[parents[b]], p);
      P.push([P[parents[b]][0] + o[0], P[parents[b]][1] + o[1], P[parents[b]][2] + o[2]]);
      R.push(qmul(R[parents[b]], q));
    }
  }
  return { P, R };
}
/** The largest distance (m) and angle (rad) between the bones of `a` and `b` over every frame. */
export function largestErrors(a, b) {
  if (a.frames !== b.frames) throw new Error(`${a.frames} frames against ${b.frames}`);
  const parents = a.parents;
  let position = 0,
    rotation = 0;
  for (let f = 0; f < a.frames; f++) {
    const x = world(a.pose(f), parents),
      y = world(b.pose(f), parents);
    for (let k = 0; k < parents.length; k++) {
      position = Math.max(position, Math.hypot(...x.P[k].map((v, i) => v - y.P[k][i])));
      rotation = Math.max(rotation, angle(x.R[k], y.R[k]));
    }
  }
  return { position, rotation };
}
export const DEGREE = Math.PI / 180;

/** The cost of `frame` for `query` in `db` by brute force over its normalised features. */
export function cost(db, query, frame) {
  const nf = db.normalizedFeatures(frame),
    off = db.featureOffsets,
    scale = db.featureScales;
  let c = 0;
  for (let j = 0; j < db.dims; j++) if (scale[j] > 0) c += ((query[j] - off[j]) / scale[j] - nf[j]) ** 2;
  return c;
}

/**
 * 1,000 searches of `built` and `loaded`: the features of a frame moved by noise (each by up to
 * ±`noise`/2 of its magnitude + 0.1; 0: the frame's own features), the frame playing now 70 %
 * of the time. Returns how many found the same frame, and for the rest the largest difference
 * of the costs the two report and of the original's cost of the loaded's frame over its best
 * (relative, or absolute where the best cost is 0).
 */
export function searches(built, loaded, seed, noise = 0.4) {
  const rnd = random(seed);
  const apart = (x, best) => (best > 0 ? (x - best) / best : x - best);
  let same = 0,
    reported = 0,
    regret = 0;
  for (let i = 0; i < 1000; i++) {
    const f = Math.floor(rnd() * built.frames);
    const q = built.features(f);
    for (let j = 0; j < q.length; j++) q[j] += (rnd() - 0.5) * noise * (Math.abs(q[j]) + 0.1);
    const options = { current: rnd() < 0.3 ? -1 : f };
    const a = { ...built.search(q, options) },
      b = { ...loaded.search(q, options) };
    if (a.frame === b.frame) {
      same++;
      continue;
    }
    reported = Math.max(reported, Math.abs(apart(b.cost, a.cost)));
    regret = Math.max(regret, apart(cost(built, q, b.frame), cost(built, q, a.frame)));
  }
  return { same, reported, regret };
}
