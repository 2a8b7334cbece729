// modules.mjs — two builds of the full module, their raw kernels timed side by side:
//   node tests/bench/modules.mjs BEFORE.wasm AFTER.wasm [rounds] [groups matching]
// prints, per kernel, ns per element of each and AFTER/BEFORE (the median over `rounds` of
// suite.mjs's medians of interleaved samples). For a change of build flags or kernel code,
// e.g. the module before the size work: `git worktree add /tmp/before c33d6d0`, `./build.sh
// build` there, and compare its build/sprung-simd.wasm with this one's. Only functions whose
// C signatures both builds share are called.
import { readFileSync } from 'node:fs';
import { instantiate, timeSideBySide } from './suite.mjs';

const [fileA, fileB] = process.argv.slice(2, 4);
const ROUNDS = +(process.argv[4] ?? 5);
const MATCHING = process.argv[5] ?? '';
if (!fileA || !fileB) throw new Error('usage: node tests/bench/modules.mjs BEFORE.wasm AFTER.wasm [rounds]');
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];
const dt = 1 / 60,
  h = 0.2,
  BONES = 64;

/** The arrays every kernel below works on, in `w`'s memory. */
function arrays(w) {
  const f32 = () => new Float32Array(w.memory.buffer);
  const s = {};
  for (const n of [1024, 65536]) {
    // x, v, g, q and per-element halflives, n floats each
    const p = w.malloc(20 * n),
      f = f32(),
      at = p >> 2;
    for (let i = 0; i < n; i++) {
      f[at + 2 * n + i] = Math.sin(i);
      f[at + 3 * n + i] = (i % 7) * 0.1;
      f[at + 4 * n + i] = h * (1 + 0.5 * Math.sin(3 * i));
    }
    const hp = w.malloc(4);
    f32()[hp >> 2] = h;
    s[n] = { p, hp };
  }
  const rotations = (p, n, seed) => {
    const f = f32();
    for (let i = 0; i < n; i++) {
      const a = Math.sin(seed + i) * 2,
        x = Math.sin(i * 1.3),
        y = Math.cos(i * 0.7),
        z = Math.sin(i * 0.3 + 1),
        k = Math.sin(a / 2) / Math.hypot(x, y, z);
      f.set([x * k, y * k, z * k, Math.cos(a / 2)], (p >> 2) + 4 * i);
    }
  };
  for (const n of [13, 64, 1024]) {
    const x = w.malloc(16 * n),
      v = w.malloc(12 * n),
      g = w.malloc(16 * n),
      hp = w.malloc(4 * n);
    rotations(x, n, 0);
    rotations(g, n, 5);
    f32().fill(0.1, v >> 2, (v >> 2) + 3 * n);
    f32().fill(1e6, hp >> 2, (hp >> 2) + n); // nothing settles during the run: every sample times the same work
    s['q' + n] = { x, v, g, hp };
  }
  // two poses of 64 bones (13 floats a bone: position, velocity, rotation, angular velocity)
  const L = 13 * BONES;
  const pose = (seed) => {
    const p = w.malloc(4 * L),
      f = f32();
    for (let j = 0; j < L; j++) f[(p >> 2) + j] = Math.sin(seed + j);
    for (let r = 6 * BONES; r < 10 * BONES; r += 4) {
      const b = (p >> 2) + r,
        n = Math.hypot(f[b], f[b + 1], f[b + 2], f[b + 3]);
      for (let c = 0; c < 4; c++) f[b + c] /= n;
    }
    return p;
  };
  const src = pose(1),
    dst = pose(2),
    off = w.malloc(4 * L),
    out = w.malloc(4 * L),
    offT = w.malloc(4),
    cubic = w.malloc(4 * L);
  w.sp_inertialize_pose_transition(off, src, dst, BONES);
  f32()[offT >> 2] = 0;
  w.sp_inertialize_pose_cubic_transition(cubic, offT, src, dst, 1e6, BONES);
  s.pose = { dst, off, out, offT, cubic };
  const sc = w.malloc(64);
  f32().set([0.1, 0.2, 0.3, 0.9, 0.5, 0.1, 0.2, 0, 0.3, 0.1, 0.1, 0.9], sc >> 2);
  s.sc = sc;
  // a feature database of 20000 rows × 24 (sp_inertialization_search), a query, and room for
  // a 512² landscape
  const rows = 20000,
    dims = 24,
    fp = w.malloc(4 * rows * dims),
    qp = w.malloc(4 * dims);
  for (let i = 0; i < rows * dims; i++) f32()[(fp >> 2) + i] = Math.sin(i * 0.37) * 2;
  for (let j = 0; j < dims; j++) f32()[(qp >> 2) + j] = Math.cos(j);
  s.search = { fp, qp, rows, dims, cost: w.malloc(4), land: w.malloc(4 * 512 * 512) };
  return s;
}

/** Groups of kernels timed together: [elements per call, (w, arrays) => {case: () => void}]. */
const GROUPS = {
  'critical batch, 1024': [
    1024,
    (w, { 1024: { p, hp } }) => ({
      shared: () =>
        w.sp_critical_spring_damper_exact_batch(p, p + 4096, p + 8192, p + 12288, hp, 0, dt, 1024, 1),
      'per element': () =>
        w.sp_critical_spring_damper_exact_batch(p, p + 4096, p + 8192, p + 12288, p + 16384, 1, dt, 1024, 1),
    }),
  ],
  'critical batch, 65536': [
    65536,
    (w, { 65536: { p, hp } }) => {
      const N = 65536;
      return {
        shared: () =>
          w.sp_critical_spring_damper_exact_batch(p, p + 4 * N, p + 8 * N, p + 12 * N, hp, 0, dt, N, 1),
        'per element': () =>
          w.sp_critical_spring_damper_exact_batch(
            p,
            p + 4 * N,
            p + 8 * N,
            p + 12 * N,
            p + 16 * N,
            1,
            dt,
            N,
            1,
          ),
      };
    },
  ],
  'quaternion batch, 64': [
    64,
    (w, { q64: q }) => ({
      goal: () => w.sp_simple_spring_damper_exact_quat_batch(q.x, q.v, q.g, q.hp, 0, dt, 64),
      'goal, per element': () => w.sp_simple_spring_damper_exact_quat_batch(q.x, q.v, q.g, q.hp, 1, dt, 64),
      decay: () => w.sp_decay_spring_damper_exact_quat_batch(q.x, q.v, q.hp, 0, dt, 64),
    }),
  ],
  'quaternion batch, 1024': [
    1024,
    (w, { q1024: q }) => ({
      goal: () => w.sp_simple_spring_damper_exact_quat_batch(q.x, q.v, q.g, q.hp, 0, dt, 1024),
    }),
  ],
  'quaternion batch, 13': [
    13,
    (w, { q13: q }) => ({
      goal: () => w.sp_simple_spring_damper_exact_quat_batch(q.x, q.v, q.g, q.hp, 0, dt, 13),
    }),
  ],
  'pose, 64 bones': [
    BONES,
    (w, { pose: P }) => ({
      spring: () => w.sp_inertialize_pose_update(P.out, P.off, P.dst, 1e6, dt, BONES),
      cubic: () => w.sp_inertialize_pose_cubic_update(P.out, P.offT, P.cubic, P.dst, 1e6, dt, BONES),
    }),
  ],
  'inertialization search, 20000 × 24': [
    20000,
    (w, { search: S }) => ({ search: () => w.sp_inertialization_search(S.cost, S.fp, S.rows, S.dims, S.qp) }),
  ],
  'landscape 512²': [
    512 * 512,
    (w, { search: S }) => ({
      spring: () => w.sp_transition_cost_landscape(S.land, 512, 512, -1, 1, -8, 8, 0, 0, 0.15, 0.3, 0.5),
      cubic: () => w.sp_transition_cost_landscape(S.land, 512, 512, -1, 1, -8, 8, 1, 0, 0.15, 0.3, 0.5),
      'dead blending': () =>
        w.sp_transition_cost_landscape(S.land, 512, 512, -1, 1, -8, 8, 3, 0, 0.15, 0.3, 0.5),
      'spring, approx': () =>
        w.sp_transition_cost_landscape(S.land, 512, 512, -1, 1, -8, 8, 0, 1, 0.15, 0.3, 0.5),
    }),
  ],
  'per call': [
    1,
    (w, { sc }) => ({
      quaternion: () => w.sp_simple_spring_damper_exact_quat(sc, sc + 16, sc + 32, h, dt),
      critical: () => w.sp_critical_spring_damper_exact(sc + 48, sc + 52, 0.5, 0.1, h, dt),
      'spring (under damped)': () => w.sp_spring_damper_exact(sc + 48, sc + 52, 0.5, 0.1, 2, h, dt),
      inertialize: () => w.sp_inertialize_update(sc + 48, sc + 52, sc + 56, sc + 60, 0.3, 0.1, h, dt),
    }),
  ],
};

const builds = await Promise.all([fileA, fileB].map((f) => instantiate(readFileSync(f))));
const data = builds.map(arrays);
const times = {};
for (let r = 0; r < ROUNDS; r++)
  for (const [group, [work, make]] of Object.entries(GROUPS)) {
    if (!group.includes(MATCHING)) continue;
    const [a, b] = builds.map((w, i) => make(w, data[i]));
    const cases = {};
    for (const name of Object.keys(a)) {
      cases[`A ${name}`] = a[name];
      cases[`B ${name}`] = b[name];
    }
    for (const [k, t] of Object.entries(timeSideBySide(performance.now.bind(performance), cases, work)))
      (times[`${group}: ${k}`] ??= []).push(t);
  }
console.log(`A ${fileA}\nB ${fileB}\n(ns per element, median of ${ROUNDS} rounds)`);
for (const [group, [, make]] of Object.entries(GROUPS))
  if (group.includes(MATCHING))
    for (const name of Object.keys(make(builds[0], data[0]))) {
      const a = median(times[`${group}: A ${name}`]),
        b = median(times[`${group}: B ${name}`]);
      console.log(
        `${`${group}: ${name}`.padEnd(44)} A ${a.toFixed(3).padStart(8)}  B ${b.toFixed(3).padStart(8)}  B/A ${(b / a).toFixed(3)}`,
      );
    }
