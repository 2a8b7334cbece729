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

/**
 * Compact bytes decoded by this file alone, from the format as web/src/motion_compact.ts
 * documents it (no code of sprung's): the head, and per clip its tags, contacts and poses —
 * positions and rotations, and velocities where the bytes store them (NaN where they do not:
 * sprung computes those), and the values of the custom feature groups by name. Returns
 * `{ head, clips: [{ name, frames, tags, contacts, poses, custom }] }`.
 */
export function decodeCompact(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder().decode(bytes.subarray(0, 8));
  if (magic !== 'sprungMC' || dv.getUint32(8, true) !== 1) throw new Error('not compact bytes, version 1');
  const [H, S, M] = [20, 24, 28].map((at) => dv.getUint32(at, true));
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(36, 36 + H)));
  /** A cursor over one stream: bytes from `start` on. */
  const stream = (start) => {
    let at = start;
    const s = {
      byte: () => bytes[at++],
      varint() {
        let v = 0;
        for (let scale = 1; ; scale *= 128) {
          const b = bytes[at++];
          v += (b & 127) * scale;
          if (b < 128) return v;
        }
      },
      signed() {
        const z = s.varint();
        return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      },
      f32() {
        at += 4;
        return dv.getFloat32(at - 4, true);
      },
    };
    return s;
  };
  const frameStream = stream(36 + H),
    meta = stream(36 + H + S),
    values = stream(36 + H + S + M);
  const bones = head.skeleton.parents.length,
    K = (head.contactBones ?? []).length;
  // the prediction of order n: the polynomial through the n values before, extrapolated
  const binomial = (n, k) => (k === 0 ? 1 : (binomial(n, k - 1) * (n - k + 1)) / k);
  const series = (frames) => {
    const order = meta.varint();
    const x = [];
    for (let f = 0; f < frames; f++) {
      if (order === 0) {
        x.push(f === 0 ? values.signed() : x[0]);
        continue;
      }
      const n = Math.min(f, order);
      let p = 0;
      for (let k = 1; k <= n; k++) p += (k % 2 ? 1 : -1) * binomial(n, k) * x[f - k];
      x.push(p + values.signed());
    }
    return x;
  };
  const floatOfKey = (k) => {
    const u = new Uint32Array(1);
    u[0] = k >= 0 ? k : (-1 - k) | 0x80000000;
    return new Float32Array(u.buffer)[0];
  };
  // a scalar channel's values over the clip's frames
  const scalar = (frames) => {
    const kind = meta.varint();
    if (kind === 0) return new Array(frames).fill(meta.f32());
    const step = kind === 1 ? meta.f32() : 0;
    return series(frames).map((v) => (kind === 1 ? v * step : floatOfKey(v)));
  };
  // a rotation channel's quaternions [x, y, z, w] over the clip's frames
  const rotation = (frames) => {
    const kind = meta.varint();
    if (kind === 0) {
      const q = [meta.f32(), meta.f32(), meta.f32(), meta.f32()];
      return new Array(frames).fill(q);
    }
    const step = meta.f32();
    const flips = new Set();
    for (let i = meta.varint(), f = 0, first = true; i > 0; i--, first = false)
      flips.add((f = first ? meta.varint() : f + meta.varint()));
    const out = kind === 5 ? -1 : kind - 1;
    const stored = [0, 1, 2, 3].filter((k) => k !== out).map(() => series(frames));
    let sign = 1;
    return Array.from({ length: frames }, (_, f) => {
      if (flips.has(f)) sign = -sign;
      const q = [0, 0, 0, 0];
      [0, 1, 2, 3].filter((k) => k !== out).forEach((k, i) => (q[k] = stored[i][f] * step));
      if (out >= 0) q[out] = Math.sqrt(Math.max(0, 1 - q.reduce((n, v) => n + v * v, 0)));
      const len = Math.hypot(...q);
      return q.map((v) => (sign * v) / len);
    });
  };
  const clips = head.clips.map(({ name, frames }) => {
    const tags = [],
      contacts = [];
    for (let f = 0; f < frames; f++) {
      tags.push((f > 0 ? tags[f - 1] : 0) + frameStream.signed());
      for (let k = 0; k < K; k++) contacts.push(frameStream.byte());
    }
    const L = 13 * bones,
      poses = new Float64Array(frames * L).fill(NaN);
    const velocities = meta.varint() === 1;
    const put = (at, v) => v.forEach((x, f) => (poses[f * L + at] = x));
    for (let i = 0; i < 3 * bones; i++) put(i, scalar(frames));
    for (let b = 0; b < bones; b++)
      rotation(frames).forEach((q, f) => poses.set(q, f * L + 6 * bones + 4 * b));
    if (velocities) {
      for (let i = 0; i < 3 * bones; i++) put(3 * bones + i, scalar(frames));
      for (let i = 0; i < 3 * bones; i++) put(10 * bones + i, scalar(frames));
    }
    // then each custom feature group's floats, frame after frame
    const custom = {};
    for (const g of head.features.filter((f) => f.type === 'custom')) {
      const v = (custom[g.name] = new Float64Array(frames * g.floats));
      for (let j = 0; j < g.floats; j++) scalar(frames).forEach((x, f) => (v[f * g.floats + j] = x));
    }
    return { name, frames, tags, contacts, poses, custom };
  });
  return { head, clips };
}

/**
 * What {@link largestErrors} compares of `db`'s frames that are not mirrored copies and of the
 * clips {@link decodeCompact} gives, clip after clip: `[ofDatabase, ofBytes]`.
 */
export function unmirrored(db, decoded) {
  const frames = db.ranges.filter((r) => !r.mirrored).flatMap((r) => range(r.start, r.stop));
  const L = 13 * db.bones;
  const poses = decoded.clips.flatMap((c) =>
    range(0, c.frames).map((f) => c.poses.subarray(f * L, (f + 1) * L)),
  );
  return [
    { frames: frames.length, parents: db.parents, pose: (f) => db.pose(frames[f]) },
    { frames: poses.length, parents: db.parents, pose: (f) => poses[f] },
  ];
}
const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
