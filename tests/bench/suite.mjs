// suite.mjs — the benchmark itself, shared by Node (run.mjs) and Chromium (browser.mjs).
// Every case of one group is timed round-robin, sample after sample, so that the ratios
// compare runs made side by side on this noisy shared machine; each figure is the median.
import * as plain from './plain.mjs';

const LN2 = Math.LN2;
export const SAMPLES = 7; // medians of 7 interleaved samples
const SAMPLE_MS = 15; // each sample repeats its case for about this long

/** Median of an array of numbers. */
function median(a) {
  const s = [...a].sort((p, q) => p - q);
  return s[s.length >> 1];
}

/** Times `cases` ({name: () => void}, each doing `work` updates per call) side by side; ns per update. */
export function timeSideBySide(now, cases, work) {
  const names = Object.keys(cases);
  const reps = {};
  for (const n of names) {
    // warm up first (lazy WASM compilation and JIT tiers make the first calls slow), so
    // that a slow first call cannot shrink the repetitions below the clock's resolution;
    // then calibrate: repetitions for about SAMPLE_MS per sample
    const w0 = now();
    while (now() - w0 < SAMPLE_MS) cases[n]();
    let r = 1,
      t;
    for (;;) {
      const t0 = now();
      for (let i = 0; i < r; i++) cases[n]();
      t = now() - t0;
      if (t > SAMPLE_MS / 4 || r > 1 << 24) break;
      r *= 4;
    }
    reps[n] = Math.max(1, Math.round((r * SAMPLE_MS) / Math.max(t, 1e-3)));
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let s = 0; s < SAMPLES; s++)
    for (const n of names) {
      const f = cases[n],
        r = reps[n],
        t0 = now();
      for (let i = 0; i < r; i++) f();
      samples[n].push(((now() - t0) * 1e6) / (r * work));
    }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

/** A raw instance of one build, for timing the kernels of both builds in one run. */
export async function instantiate(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {
    env: { emscripten_notify_memory_growth() {} },
    wasi_snapshot_preview1: {},
  });
  const w = { ...instance.exports };
  if (w._initialize) w._initialize();
  // the module has no malloc (the package's loader owns the heap): a bump allocator above
  // __heap_base, growing the memory as needed, is enough for the benchmark's arrays
  let top = Math.ceil(w.__heap_base.value / 16) * 16;
  w.malloc = (bytes) => {
    const p = top;
    top += Math.ceil(bytes / 16) * 16;
    const pages = Math.ceil(top / 65536) - w.memory.buffer.byteLength / 65536;
    if (pages > 0) w.memory.grow(pages);
    return p;
  };
  w.free = () => {};
  return w;
}

const show = (r) =>
  Object.entries(r)
    .map(([n, v]) => `${n} ${v.toFixed(2)}`)
    .join(', ');

// The state objects are class instances, as in an engine (three.js's Vector3, Quaternion):
// V8 shares the hidden classes of object literals of the same fields across the whole
// program, so one literal elsewhere that stores a non-number in `x` (motion's module does,
// on import) makes every `{x, v}` literal box its numbers, and every call on it 3–8× slower
// (sprung and plain JS alike). Instances of a class have hidden classes of their own.
class State {
  constructor(x = 0, v = 0) {
    this.x = x;
    this.v = v;
  }
}
class Scalar {
  constructor() {
    this.x = 0;
  }
}
class Character {
  constructor() {
    this.x = 0;
    this.v = 0;
    this.a = 0;
  }
}
class Vec3 {
  constructor() {
    this.x = 0;
    this.y = 0;
    this.z = 0;
  }
}
class Quat {
  constructor(x, y, z, w) {
    this.x = x;
    this.y = y;
    this.z = z;
    this.w = w;
  }
}

// ---- batches --------------------------------------------------------------------------------

/** The critical spring batch at each size: both builds, shared and per-element halflife, the
 *  package class, the streaming limit of the same bytes, plain JS, maath's damp, motion's spring. */
async function batches(env, raw) {
  const { sprung, damp, spring, now, log } = env;
  const h = 0.2,
    dt = 1 / 60,
    smoothTime = h / LN2; // SmoothDamp's smoothTime ≈ halflife / ln 2
  const stiffness = ((4 * LN2) / h) ** 2 / 4; // critical: damping² = 4·stiffness, damping = 4 ln2 / h
  const out = [];
  for (const N of env.sizes) {
    // raw arrays in each instance: x, v, g, q, h (per element); a shared halflife
    const arrays = {};
    for (const [name, w] of Object.entries(raw)) {
      const floats = 5;
      const p = w.malloc(N * 4 * floats + 16);
      const f = new Float32Array(w.memory.buffer, p, N * floats);
      for (let i = 0; i < N; i++) {
        f[2 * N + i] = Math.sin(i);
        f[3 * N + i] = (i % 7) * 0.1;
        if (floats === 5) f[4 * N + i] = h * (1 + 0.5 * Math.sin(3 * i)); // per element: 0.1 … 0.3 s
      }
      const hp = w.malloc(4);
      new Float32Array(w.memory.buffer, hp, 1)[0] = h;
      arrays[name] = { p, hp };
    }
    const kernel = (name, per) => {
      const w = raw[name],
        { p, hp } = arrays[name];
      return () =>
        w.sp_critical_spring_damper_exact_batch(
          p,
          p + 4 * N,
          p + 8 * N,
          p + 12 * N,
          per ? p + 16 * N : hp,
          per,
          dt,
          N,
          1,
        );
    };
    const sp = arrays.stream.p;
    const jx = new Float32Array(N),
      jv = new Float32Array(N),
      jg = new Float32Array(N),
      jq = new Float32Array(N),
      jh = new Float32Array(N);
    for (let i = 0; i < N; i++) {
      jg[i] = Math.sin(i);
      jq[i] = (i % 7) * 0.1;
      jh[i] = h * (1 + 0.5 * Math.sin(3 * i));
    }
    const pkg = new sprung.CriticalSpringDamperExactBatch(N, { halflife: h });
    pkg.goal.set(jg);
    pkg.goalVelocity.set(jq);

    const cases = {
      simd: kernel('simd', 0),
      simdPerElement: kernel('simd', 1),
      scalar: kernel('scalar', 0),
      scalarPerElement: kernel('scalar', 1),
      stream: () => raw.stream.stream(sp, sp + 4 * N, sp + 8 * N, sp + 12 * N, N),
      expFloor: () => raw.stream.exp_floor(sp, sp + 16 * N, dt, N),
      package: () => pkg.update(dt),
      jsLoop: () => plain.criticalLoop(jx, jv, jg, jq, h, dt, N),
      jsLoopPerElement: () => plain.criticalLoopPerElement(jx, jv, jg, jq, jh, dt, N),
    };
    // per-object JS allocates an object (and a generator) per spring: capped to keep memory sane
    if (N <= 1 << 20) {
      const objs = Array.from({ length: N }, () => new Scalar());
      cases.maathDamp = () => {
        for (let i = 0; i < N; i++) damp(objs[i], 'x', jg[i], smoothTime, dt);
      };
    }
    if (N <= 1 << 16) {
      const gens = Array.from({ length: N }, (_, i) =>
        spring({ keyframes: [0, jg[i]], stiffness, damping: 2 * Math.sqrt(stiffness), mass: 1 }),
      );
      let t = 0;
      cases.motionSpring = () => {
        t += 1000 * dt;
        for (let i = 0; i < N; i++) gens[i].next(t);
      };
    }
    const r = timeSideBySide(now, cases, N);
    pkg.dispose();
    for (const [name, w] of Object.entries(raw)) {
      w.free(arrays[name].p);
      w.free(arrays[name].hp);
    }
    out.push({ N, ns: r });
    log(`  N=${N}: ${show(r)}`);
  }
  return out;
}

// ---- the state-object API, one call per update --------------------------------------------

/** Unit quaternions about varied axes. */
function rotations(M, seed) {
  return Array.from({ length: M }, (_, i) => {
    const a = Math.sin(seed + i) * 2,
      x = Math.sin(i * 1.3),
      y = Math.cos(i * 0.7),
      z = Math.sin(i * 0.3 + 1);
    const l = Math.hypot(x, y, z),
      s = Math.sin(a / 2) / l;
    return new Quat(x * s, y * s, z * s, Math.cos(a / 2));
  });
}

/** Each function on M = 1024 state objects; the goals move (element i takes goal i + pass)
 *  so that the springs stay in motion instead of settling during the timing. */
function perCall(env) {
  const { sprung, steps, core, damp, now, log } = env;
  const M = 1024,
    mask = M - 1,
    h = 0.2,
    dt = 1 / 60,
    smoothTime = h / LN2;
  const goals = Float64Array.from({ length: M }, (_, i) => Math.sin(i));
  const st = () => Array.from({ length: M }, () => new State());
  const [sA, sB, sC, sD, sE, sF] = [st(), st(), st(), st(), st(), st()];
  const offs = Array.from({ length: M }, (_, i) => new State(goals[i])),
    offsJs = Array.from({ length: M }, (_, i) => new State(goals[i])),
    outs = st();
  const chars = Array.from({ length: M }, () => new Character()),
    objs = Array.from({ length: M }, () => new Scalar());
  const xs = Float64Array.from(goals),
    xsJs = Float64Array.from(goals);
  const rotsA = rotations(M, 0),
    rotsB = rotations(M, 0),
    rotsC = rotations(M, 0),
    qgoals = rotations(M, 5);
  const avA = Array.from({ length: M }, () => new Vec3()),
    avB = Array.from({ length: M }, () => new Vec3()),
    avC = Array.from({ length: M }, () => new Vec3());
  let k = 0;
  const next = () => (k = (k + 7) & mask);
  const cases = {
    criticalSpringDamperExact: () => {
      const o = next();
      for (let i = 0; i < M; i++) sprung.criticalSpringDamperExact(sA[i], goals[(i + o) & mask], 0.5, h, dt);
    },
    criticalStepNoChecks: () => {
      const o = next();
      for (let i = 0; i < M; i++) steps.criticalStep(sB[i], goals[(i + o) & mask], 0.5, h, dt);
    },
    criticalJs: () => {
      const o = next();
      for (let i = 0; i < M; i++) plain.critical(sC[i], goals[(i + o) & mask], 0.5, h, dt);
    },
    springDamperExactUnder: () => {
      const o = next();
      for (let i = 0; i < M; i++) sprung.springDamperExact(sD[i], goals[(i + o) & mask], 0.5, 2, h, dt);
    },
    springDamperExactOver: () => {
      const o = next();
      for (let i = 0; i < M; i++) sprung.springDamperExact(sE[i], goals[(i + o) & mask], 0.5, 0.5, h, dt);
    },
    springDamperExactJs: () => {
      const o = next();
      for (let i = 0; i < M; i++) plain.springDamperExact(sF[i], goals[(i + o) & mask], 0.5, 2, h, dt);
    },
    simpleSpringDamperExactQuat: () => {
      const o = next();
      for (let i = 0; i < M; i++)
        sprung.simpleSpringDamperExactQuat(rotsA[i], avA[i], qgoals[(i + o) & mask], h, dt);
    },
    // the same C call with its inputs copied through the scratch area, without the checks
    quatRawCall: () => {
      const o = next(),
        { wasm, heapF32, scratch } = core,
        b = scratch >> 2;
      for (let i = 0; i < M; i++) {
        const r = rotsC[i],
          a = avC[i],
          g = qgoals[(i + o) & mask];
        heapF32[b] = r.x;
        heapF32[b + 1] = r.y;
        heapF32[b + 2] = r.z;
        heapF32[b + 3] = r.w;
        heapF32[b + 4] = a.x;
        heapF32[b + 5] = a.y;
        heapF32[b + 6] = a.z;
        heapF32[b + 8] = g.x;
        heapF32[b + 9] = g.y;
        heapF32[b + 10] = g.z;
        heapF32[b + 11] = g.w;
        wasm.sp_simple_spring_damper_exact_quat(scratch, scratch + 16, scratch + 32, h, dt);
        r.x = heapF32[b];
        r.y = heapF32[b + 1];
        r.z = heapF32[b + 2];
        r.w = heapF32[b + 3];
        a.x = heapF32[b + 4];
        a.y = heapF32[b + 5];
        a.z = heapF32[b + 6];
      }
    },
    quatSpringJs: () => {
      const o = next();
      for (let i = 0; i < M; i++) plain.quatSpring(rotsB[i], avB[i], qgoals[(i + o) & mask], h, dt);
    },
    inertializeUpdate: () => {
      const o = next();
      for (let i = 0; i < M; i++) sprung.inertializeUpdate(outs[i], offs[i], goals[(i + o) & mask], 0, h, dt);
    },
    inertializeUpdateJs: () => {
      const o = next();
      for (let i = 0; i < M; i++)
        plain.inertializeUpdate(outs[i], offsJs[i], goals[(i + o) & mask], 0, h, dt);
    },
    damperExact: () => {
      const o = next();
      for (let i = 0; i < M; i++) xs[i] = sprung.damperExact(xs[i], goals[(i + o) & mask], h, dt);
    },
    damperExactJs: () => {
      const o = next();
      for (let i = 0; i < M; i++) {
        const keep = Math.exp((-LN2 * dt) / h);
        xsJs[i] = keep * xsJs[i] + (1 - keep) * goals[(i + o) & mask];
      }
    },
    springCharacterUpdate: () => {
      const o = next();
      for (let i = 0; i < M; i++) sprung.springCharacterUpdate(chars[i], goals[(i + o) & mask], h, dt);
    },
    maathDamp: () => {
      const o = next();
      for (let i = 0; i < M; i++) damp(objs[i], 'x', goals[(i + o) & mask], smoothTime, dt);
    },
  };
  // the offsets of inertializeUpdate decay for good: give them a new offset every pass
  const inert = cases.inertializeUpdate,
    inertJs = cases.inertializeUpdateJs;
  cases.inertializeUpdate = () => {
    if ((k & 63) === 0) for (let i = 0; i < M; i++) offs[i].x = goals[i];
    inert();
  };
  cases.inertializeUpdateJs = () => {
    if ((k & 63) === 0) for (let i = 0; i < M; i++) offsJs[i].x = goals[i];
    inertJs();
  };
  const r = timeSideBySide(now, cases, M);
  log(`  per call: ${show(r)}`);
  return r;
}

// ---- pose inertializers ---------------------------------------------------------------------

function mkPose(L, seed) {
  const p = new Float32Array(L.length);
  for (let j = 0; j < L.length; j++) p[j] = Math.sin(seed + j);
  for (let r = L.rotations; r < L.angularVelocities; r += 4) {
    const n = Math.hypot(p[r], p[r + 1], p[r + 2], p[r + 3]);
    for (let c = 0; c < 4; c++) p[r + c] /= n;
  }
  return p;
}

/** 64 bones: the spring pose inertializer mid-blend and settled (its offsets decayed), the
 *  cubic one mid-blend, each against plain JS; the quaternion batch far from and at its goal. */
function poses(env) {
  const { sprung, now, log } = env;
  const B = 64,
    L = sprung.poseLayout(B),
    dt = 1 / 60;
  const src = mkPose(L, 1),
    dst = mkPose(L, 2);
  // a huge halflife keeps the offsets alive (not decayed) through the timing
  const slow = 1e6;
  const fresh = new sprung.PoseInertializer(B, { halflife: slow });
  fresh.transition(src, dst);
  fresh.input.set(dst);
  const jsOff = new Float32Array(fresh.offset),
    jsOut = new Float32Array(L.length);
  // settled: an ordinary halflife, stepped for 100 s after the transition
  const settled = new sprung.PoseInertializer(B, { halflife: 0.1 });
  settled.transition(src, dst);
  settled.input.set(dst);
  for (let i = 0; i < 6000; i++) settled.update(settled.input, dt);
  // the cubic one, with a blend time long enough to stay mid-blend
  const cubic = new sprung.CubicPoseInertializer(B, { blendtime: 1e6 });
  cubic.transition(src, dst);
  cubic.input.set(dst);
  const jsCubicOff = new Float32Array(cubic.offset),
    jsCubicOut = new Float32Array(L.length);
  // quaternion batch of 64 rotations: far from the goal (huge halflife) and settled at it
  const qFresh = new sprung.SimpleSpringDamperExactQuatBatch(B, { halflife: slow });
  const qSettled = new sprung.SimpleSpringDamperExactQuatBatch(B, { halflife: 0.1 });
  for (const q of [qFresh, qSettled]) {
    q.x.set(src.subarray(L.rotations, L.angularVelocities));
    q.goal.set(dst.subarray(L.rotations, L.angularVelocities));
    q.v.set(src.subarray(L.angularVelocities));
  }
  for (let i = 0; i < 6000; i++) qSettled.update(dt);
  const r = timeSideBySide(
    now,
    {
      spring: () => fresh.update(fresh.input, dt),
      springCopyingInput: () => fresh.update(dst, dt),
      springSettled: () => settled.update(settled.input, dt),
      springJs: () => plain.poseUpdate(jsOut, jsOff, dst, slow, dt, B),
      cubic: () => cubic.update(cubic.input, dt),
      cubicJs: () => plain.cubicPoseUpdate(jsCubicOut, jsCubicOff, dst, 1e6, 1, B),
      quatBatch: () => qFresh.update(dt),
      quatBatchSettled: () => qSettled.update(dt),
    },
    B,
  );
  for (const o of [fresh, settled, cubic, qFresh, qSettled]) o.dispose();
  log(`  pose (ns per bone): ${show(r)}`);
  return r;
}

// ---- cost landscapes ------------------------------------------------------------------------

/** 512² exact cost landscapes over the playground's default ranges (x ±1 m, v ±8 m/s), spring
 *  (halflife 0.15 s) and dead blending (halflife 0.15 s, blend time 0.5 s), against plain JS; ms. */
function landscapes(env) {
  const { sprung, now, log } = env;
  const N = 512,
    out = new Float32Array(N * N),
    jsOut = new Float32Array(N * N);
  const spring = { inertializer: 'spring', measure: 'exact', halflife: 0.15 };
  const dead = { inertializer: 'deadBlending', measure: 'exact', halflife: 0.15, blendtime: 0.5 };
  const ns = timeSideBySide(
    now,
    {
      spring: () => sprung.transitionCostLandscape(N, N, -1, 1, -8, 8, spring, out),
      springJs: () => plain.springLandscape(jsOut, N, N, -1, 1, -8, 8, 0.15),
      deadBlending: () => sprung.transitionCostLandscape(N, N, -1, 1, -8, 8, dead, out),
      deadBlendingJs: () => plain.deadLandscape(jsOut, N, N, -1, 1, -8, 8, 0.15, 0.5),
    },
    1,
  );
  const ms = Object.fromEntries(Object.entries(ns).map(([n, v]) => [n, v / 1e6]));
  log(`  landscapes 512² (ms): ${show(ms)}`);
  return ms;
}

/**
 * Runs every benchmark. `env`: { sprung (the package, initialised), steps and core (its
 * internal JS steps and WASM instance, for the cost of the checks and of the call alone),
 * bytes: {scalar, simd, stream} (the two .wasm builds and the reference kernels of stream.c), damp (maath/easing damp), spring (motion's spring),
 * now (ms clock), log, sizes, only (names of the groups to run, or all) }.
 */
export async function runSuite(env) {
  const raw = {
    scalar: await instantiate(env.bytes.scalar),
    simd: await instantiate(env.bytes.simd),
    stream: await instantiate(env.bytes.stream),
  };
  const want = (g) => !env.only || env.only.includes(g);
  const result = {};
  if (want('batch')) result.batch = await batches(env, raw);
  if (want('perCall')) result.perCall = perCall(env);
  if (want('pose')) result.pose = poses(env);
  if (want('landscape')) result.landscape = landscapes(env);
  return result;
}
